//! What the results of rollouts share as Python sees them: numbers written as Python writes
//! them, JSON values, the ``summary`` of a result, the bookkeeping of a `RunRecord` (setup,
//! exact tally, game ranges: merging, stop reasons, records read back with their policies)
//! and the two macros that give each result class its common methods. The classes are
//! `rollout_result.rs` (`RolloutResult`, `GameOutcomes`) and `cubeful_result.rs`
//! (`CubefulRolloutResult`); `rollout_run.rs` plays and reads them.

use std::collections::BTreeMap;

use gammon_core::{Json, Ranges, RunRecord, RunTally, Stop, StopReason};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::classes::PyPosition;
use crate::errors::{checkpoint_error, InvalidInputError};
use crate::run_setup::PySetup;
use crate::types::PyVariant;

/// The two-sided 95% quantile of the normal distribution.
pub(crate) const Z95: f64 = 1.959963984540054;

// -- text as Python formats it --------------------------------------------------------------------

/// `x` with `prec` decimals as Python's `format(x, "+.{prec}f")` (or without the sign).
pub(crate) fn fixed(x: f64, prec: usize, sign: bool) -> String {
    let plus = if sign && !x.is_sign_negative() {
        "+"
    } else {
        ""
    };
    if x.is_nan() {
        return format!("{plus}nan");
    }
    if x.is_infinite() {
        return format!("{}inf", if x < 0.0 { "-" } else { plus });
    }
    format!("{plus}{x:.prec$}")
}

/// An integer with thousands separators, as Python's `format(n, ",")`.
pub(crate) fn commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `value ± half-width (95%)`: the one meaning of ± of every printed estimate.
pub(crate) fn plus_minus(value: f64, std_error: f64) -> String {
    format!(
        "{} ± {} (95%)",
        fixed(value, 4, true),
        fixed(Z95 * std_error, 4, false)
    )
}

pub(crate) fn per_second(games: u64, elapsed: f64) -> f64 {
    if elapsed > 0.0 {
        games as f64 / elapsed
    } else {
        f64::INFINITY
    }
}

pub(crate) fn rate_text(x: f64) -> String {
    if x.is_finite() {
        commas(x.round() as u64)
    } else {
        "inf".to_string()
    }
}

pub(crate) fn pad(s: String, width: usize) -> String {
    format!("{s:>width$}")
}

pub(crate) fn pair_text(a: &str, b: &str) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a} vs {b}")
    }
}

// -- JSON and Python values -----------------------------------------------------------------------

/// A Python value of a JSON value.
pub(crate) fn json_to_py<'py>(py: Python<'py>, v: &Json) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Json::Null => py.None().into_bound(py),
        Json::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Json::Int(t) => match t.parse::<i128>() {
            Ok(x) => x.into_pyobject(py)?.into_any(),
            Err(_) => match t.parse::<u128>() {
                Ok(x) => x.into_pyobject(py)?.into_any(),
                Err(_) => py.import("builtins")?.getattr("int")?.call1((t,))?,
            },
        },
        Json::Float(x) => PyFloat::new(py, *x).into_any(),
        Json::Str(s) => PyString::new(py, s).into_any(),
        Json::Array(items) => {
            let list = PyList::empty(py);
            for x in items {
                list.append(json_to_py(py, x)?)?;
            }
            list.into_any()
        }
        Json::Object(map) => {
            let d = PyDict::new(py);
            for (k, x) in map {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// The JSON value of a Python value made of dicts (with string keys), lists, tuples, strings,
/// ints, finite floats, bools and None.
pub(crate) fn py_to_json(v: &Bound<'_, PyAny>, depth: usize) -> Result<Json, String> {
    if depth > gammon_core::MAX_CHECKPOINT_DEPTH {
        return Err("it is nested too deeply".to_string());
    }
    if v.is_none() {
        return Ok(Json::Null);
    }
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Json::Bool(b.is_true()));
    }
    if v.is_instance_of::<PyInt>() {
        return Ok(Json::Int(v.str().map_err(|e| e.to_string())?.to_string()));
    }
    if let Ok(f) = v.cast::<PyFloat>() {
        let x = f.value();
        if !x.is_finite() {
            return Err(format!("it holds a number that is not finite: {x}"));
        }
        return Ok(Json::Float(x));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Json::Str(
            s.to_cow().map_err(|e| e.to_string())?.to_string(),
        ));
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut map = BTreeMap::new();
        for (k, x) in d.iter() {
            let key: String = k.extract().map_err(|_| {
                format!("its keys must be strings, not {}", crate::convert::repr(&k))
            })?;
            map.insert(key, py_to_json(&x, depth + 1)?);
        }
        return Ok(Json::Object(map));
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let mut items = Vec::new();
        for x in v.try_iter().map_err(|e| e.to_string())? {
            items.push(py_to_json(&x.map_err(|e| e.to_string())?, depth + 1)?);
        }
        return Ok(Json::Array(items));
    }
    Err(format!(
        "it holds a {}, which JSON cannot",
        v.get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default()
    ))
}

// -- summaries ------------------------------------------------------------------------------------

/// The figures of both rollouts' ``summary`` that say how the run went and its shares.
macro_rules! run_figures {
    () => {
        "seed games:games_completed games_requested interrupted stop_reason threads \
         seconds:elapsed games_per_second win win_gammon win_backgammon lose lose_gammon \
         lose_backgammon"
    };
}

pub(crate) use run_figures;

/// A ``summary``: ``{key: value}`` for each ``key:attribute.path`` (or ``attribute``) of
/// `figures`, read from `obj`, as plain JSON-ready values: a position by its ID, a variant by
/// its name, another object that JSON has no form for by its text.
pub(crate) fn summary_of<'py>(
    obj: &Bound<'py, PyAny>,
    figures: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(obj.py());
    for figure in figures.split_whitespace() {
        let (key, path) = figure.split_once(':').unwrap_or((figure, figure));
        let mut value = obj.clone();
        for attr in path.split('.') {
            value = value.getattr(attr)?;
        }
        d.set_item(key, plain(value)?)?;
    }
    Ok(d)
}

/// A value as JSON holds it (see [`summary_of`]).
pub(crate) fn plain(v: Bound<'_, PyAny>) -> PyResult<Bound<'_, PyAny>> {
    if v.is_none()
        || v.is_instance_of::<PyBool>()
        || v.is_instance_of::<PyInt>()
        || v.is_instance_of::<PyFloat>()
        || v.is_instance_of::<PyString>()
        || v.is_instance_of::<PyTuple>()
        || v.is_instance_of::<PyList>()
        || v.is_instance_of::<PyDict>()
    {
        Ok(v)
    } else if v.is_instance_of::<PyPosition>() {
        v.getattr("id")
    } else if v.is_instance_of::<PyVariant>() {
        v.getattr("canonical_name")
    } else {
        Ok(v.str()?.into_any())
    }
}

// -- what both result classes share -----------------------------------------------------------------

pub(crate) fn merged<T: RunTally>(a: &RunRecord<T>, b: &RunRecord<T>) -> PyResult<RunRecord<T>> {
    a.merge(b).map_err(|e| InvalidInputError::new_err(e.0))
}

/// How a record writes why a run stopped (an interrupt the caller saw counts as one).
pub(crate) fn stop_of(run_stop: StopReason, interrupted: bool) -> Stop {
    if interrupted {
        return Stop::Interrupted;
    }
    match run_stop {
        StopReason::Interrupted => Stop::Interrupted,
        StopReason::MaxSeconds => Stop::MaxSeconds,
        StopReason::TargetStdError => Stop::TargetStdError,
        StopReason::Completed | StopReason::Failed(..) => Stop::Completed,
    }
}

pub(crate) fn ranges_tuple<'py>(py: Python<'py>, r: &Ranges) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(
        py,
        r.ranges()
            .iter()
            .map(|x| (x.start, x.end))
            .collect::<Vec<_>>(),
    )
}

pub(crate) fn fixed_keywords(options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let Some(options) = options else {
        return Ok(());
    };
    for fixed in [
        "position",
        "seed",
        "opening",
        "quasi_random",
        "policy",
        "first_game",
        "nardy",
        "truncate",
        "truncate_after",
        "variance_reduction",
        "evaluator",
        "cube",
        "cube_value",
        "cube_owner",
        "cube_rules",
        "settings",
    ] {
        if options.contains(fixed)? {
            return Err(InvalidInputError::new_err(format!(
                "resume() keeps the rollout's {fixed}; do not pass it"
            )));
        }
    }
    Ok(())
}

pub(crate) fn stop_line(
    games: u64,
    requested: u64,
    stop: Stop,
    elapsed: f64,
    threads: u64,
) -> String {
    let status = if stop == Stop::Interrupted {
        format!(
            "interrupted after {} of {} games",
            commas(games),
            commas(requested)
        )
    } else {
        stop.name().to_string()
    };
    format!(
        "{} games in {} s: {} games/s on {} thread{} ({status})",
        commas(games),
        fixed(elapsed, 1, false),
        rate_text(per_second(games, elapsed)),
        threads,
        if threads == 1 { "" } else { "s" },
    )
}

pub(crate) fn first_roll_text(opening: bool) -> &'static str {
    if opening {
        "opening (no doubles first, BG-10)"
    } else {
        "player on roll"
    }
}

/// Reads a record object (a dict) as `T`'s record, with a clear message for a checkpoint
/// file's content.
pub(crate) fn record_of<T: RunTally>(data: &Bound<'_, PyAny>) -> PyResult<RunRecord<T>> {
    if !data.is_instance_of::<PyDict>() {
        return Err(InvalidInputError::new_err(format!(
            "a rollout checkpoint is a dict, not {}",
            data.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )));
    }
    let json = py_to_json(data, 0)
        .map_err(|e| InvalidInputError::new_err(format!("not a rollout checkpoint: {e}")))?;
    if let Json::Object(map) = &json {
        if map.get("format") == Some(&Json::str(gammon_core::FILE_FORMAT)) {
            return Err(InvalidInputError::new_err(format!(
                "this is the content of a checkpoint file ({}), not of a rollout: read the file \
                 with gammon.read_checkpoint(path), whose result is the rollout",
                gammon_core::FILE_FORMAT
            )));
        }
    }
    RunRecord::<T>::from_json(&json).map_err(|e| InvalidInputError::new_err(e.0))
}

pub(crate) fn given<'py>(spec: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
    spec.filter(|s| !s.is_none()).cloned()
}

/// The objects that play a record read back: those given (whose names must be the record's),
/// else the names alone.
pub(crate) fn attach(
    py: Python<'_>,
    record: &gammon_core::RolloutSetup,
    policy: Option<&Bound<'_, PyAny>>,
    evaluator: Option<&Bound<'_, PyAny>>,
    cube: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySetup> {
    let variant = record.variant();
    let mut setup = PySetup {
        inner: record.clone(),
        policies: [None, None],
        evaluator: None,
        cube_policies: [None, None],
    };
    if let Some(p) = given(policy) {
        let (made, objects) = crate::run_setup::policy_pair(Some(&p), variant)?;
        let names: Vec<&str> = made.iter().map(|n| n.name()).collect();
        let theirs: Vec<&str> = record.policies.iter().map(|n| n.name()).collect();
        if names != theirs {
            return Err(InvalidInputError::new_err(format!(
                "policy= names [{}] but the checkpoint was made by [{}]",
                names
                    .iter()
                    .map(|n| gammon_core::py_quoted(n))
                    .collect::<Vec<_>>()
                    .join(", "),
                theirs
                    .iter()
                    .map(|n| gammon_core::py_quoted(n))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        setup.policies = objects;
    }
    let want = record.evaluator.as_ref().map(|e| e.name().to_string());
    if let Some(e) = given(evaluator) {
        e.cast::<crate::net::PyNet>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "evaluator must be a gammon.Net or None, not {}",
                crate::convert::repr(&e)
            ))
        })?;
        let name = crate::run_setup::net_name(&e)?;
        if Some(&name) != want.as_ref() {
            return Err(InvalidInputError::new_err(format!(
                "evaluator= is {} but the checkpoint's evaluator is {}",
                gammon_core::py_quoted(&name),
                want.as_deref()
                    .map_or("None".to_string(), gammon_core::py_quoted)
            )));
        }
        setup.evaluator = Some(e.unbind());
    } else if let Some(gammon_core::EvaluatorName::NetFile(n)) = &record.evaluator {
        // A net that played is the evaluator too when the names agree.
        setup.evaluator = setup.policies.iter().flatten().find_map(|o| {
            let b = o.bind(py);
            b.cast::<crate::net::PyNet>()
                .ok()
                .filter(|net| crate::run_setup::net_name(net.as_any()).ok().as_ref() == Some(n))
                .map(|_| o.clone_ref(py))
        });
    }
    if let (Some(c), Some(cube)) = (given(cube), &record.cube) {
        let (made, objects) = crate::run_setup::cube_pair(&c, variant)?;
        let names: Vec<&str> = made.iter().map(|n| n.name()).collect();
        let theirs: Vec<&str> = cube.policies.iter().map(|n| n.name()).collect();
        if names != theirs {
            return Err(InvalidInputError::new_err(format!(
                "cube= names {names:?} but the checkpoint was made by {theirs:?}"
            )));
        }
        setup.cube_policies = objects;
    }
    Ok(setup)
}

/// The setup that plays a record read back: the continuing run's (with the file's seed when
/// the run named none), or the record's with the objects given.
pub(crate) fn continue_setup(
    py: Python<'_>,
    record: &gammon_core::RolloutSetup,
    setup: Option<&Bound<'_, PySetup>>,
    policy: Option<&Bound<'_, PyAny>>,
    cube: Option<&Bound<'_, PyAny>>,
    seed_given: bool,
) -> PyResult<PySetup> {
    match setup {
        Some(s) => {
            let s = s.get();
            Ok(if seed_given {
                s.copy(py)
            } else {
                s.with_seed(py, record.seed)
            })
        }
        None => attach(py, record, policy, None, cube).map_err(|e| {
            checkpoint_error(&format!("the checkpoint is not valid: {}", e.value(py)))
        }),
    }
}

/// What every result class of a rollout record shares (the rollouts' and the cube-decision
/// rollout's): the run's bookkeeping over `self.record` (a core `RunRecord`) and
/// `self.setup`, in the one `#[pymethods]` block of the class, followed by the class's own
/// methods.
macro_rules! record_result {
    ($cls:ident, { $($own:tt)* }) => {
        #[pymethods]
        impl $cls {
            /// What decided the games (a ``RolloutSetup``).
            #[getter]
            fn setup(&self, py: Python<'_>) -> Py<$crate::run_setup::PySetup> {
                self.setup.clone_ref(py)
            }

            /// The position rolled out.
            #[getter]
            fn position(&self) -> $crate::classes::PyPosition {
                $crate::classes::PyPosition {
                    inner: self.record.setup.position,
                }
            }

            /// The master seed: with it the games can be replayed exactly.
            #[getter]
            fn seed(&self) -> u64 {
                self.record.setup.seed
            }

            /// Games played and counted.
            #[getter]
            fn games_completed(&self) -> u64 {
                gammon_core::RunTally::games(&self.record.tally)
            }

            /// Games asked for.
            #[getter]
            fn games_requested(&self) -> u64 {
                self.record.games_requested
            }

            /// True when the rollout was interrupted (Ctrl-C or the callback) before the end.
            #[getter]
            fn interrupted(&self) -> bool {
                self.record.stop == gammon_core::Stop::Interrupted
            }

            /// ``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``.
            #[getter]
            fn stop_reason(&self) -> &'static str {
                self.record.stop.name()
            }

            /// Wall-clock seconds.
            #[getter]
            fn elapsed(&self) -> f64 {
                self.record.elapsed
            }

            /// Worker threads used.
            #[getter]
            fn threads(&self) -> u64 {
                self.record.threads
            }

            /// The game indices covered, as half-open intervals.
            #[getter]
            fn ranges<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                $crate::run_results::ranges_tuple(py, &self.record.ranges)
            }

            /// The index of the first game after the ones played (where a resume starts).
            #[getter]
            fn next_game(&self) -> u64 {
                self.record.ranges.next()
            }

            /// ``self`` with the stop reason, time, threads and games asked for of the run that
            /// made it (the run driver's).
            fn _finished(&self, py: Python<'_>, end: $crate::run_results::RunEnd) -> PyResult<$cls> {
                let mut record = self.record.clone();
                end.finish(&mut record)?;
                Ok(self.with_record(py, record))
            }

            /// The text of the checkpoint file of this rollout (games ``first .. first + games``).
            fn _checkpoint(&self, first: u64, games: u64) -> String {
                gammon_core::RolloutFile {
                    record: self.record.clone(),
                    first_game: first,
                    games,
                }
                .to_text()
            }

            $($own)*
        }
    };
}
pub(crate) use record_result;

/// The record of a core run (its `tally`, `games`, `stop`, `elapsed` and `threads`) of the
/// games of `setup` (a `Py<PySetup>`), `requested` games asked for (an expression macro: the
/// cubeless and cubeful runs are different types with these fields).
macro_rules! run_record {
    ($setup:expr, $run:expr, $interrupted:expr, $requested:expr) => {
        gammon_core::RunRecord {
            setup: $setup.get().inner.clone(),
            tally: $run.tally,
            ranges: gammon_core::Ranges::of($run.games.clone()),
            games_requested: $requested,
            stop: $crate::run_results::stop_of($run.stop, $interrupted),
            elapsed: $run.elapsed.as_secs_f64(),
            threads: $run.threads as u64,
        }
    };
}
pub(crate) use run_record;

/// How a run ended, as the run driver hands it to a result's `_finished`: ``(stop, elapsed,
/// threads, requested)``, the stop reason's name, the seconds, the threads and the items
/// asked for.
#[derive(FromPyObject)]
pub(crate) struct RunEnd(pub String, pub f64, pub u64, pub u64);

impl RunEnd {
    /// The stop reason of a rollout, or `InvalidInputError` naming an unknown one.
    pub(crate) fn stop(&self) -> PyResult<Stop> {
        Stop::from_name(&self.0)
            .ok_or_else(|| InvalidInputError::new_err(format!("not a stop reason: {:?}", self.0)))
    }

    /// Writes this end into a rollout's `record`.
    pub(crate) fn finish<T>(&self, record: &mut RunRecord<T>) -> PyResult<()> {
        record.stop = self.stop()?;
        record.elapsed = self.1;
        record.threads = self.2;
        record.games_requested = self.3;
        Ok(())
    }
}

/// A result's record from its pickled text.
pub(crate) fn record_from_text<T: RunTally>(text: &str) -> PyResult<RunRecord<T>> {
    let json =
        Json::parse(text.as_bytes()).map_err(|e| InvalidInputError::new_err(e.to_string()))?;
    RunRecord::<T>::from_json(&json).map_err(|e| InvalidInputError::new_err(e.0))
}

/// What both rollout result classes share besides the record's bookkeeping
/// ([`record_result`]): the equity's interval, the speed, equality and hashing. Each class
/// states only its own methods (its statistics, its records).
///
/// `$name` is the Python class name (for `__repr__`); `resume`, `to_dict` and `from_dict` take
/// their doc comments from the call (the classes word them differently), and `from_dict` the
/// name of its keyword besides `policy` and where `attach` takes it (evaluator, cube).
macro_rules! rollout_result {
    (
        $cls:ident,
        $name:literal,
        resume: { $($resume_doc:tt)* },
        to_dict: { $($to_dict_doc:tt)* },
        from_dict: { $($from_dict_doc:tt)* } ($other:ident) => attach($ev:tt, $cube:tt),
        { $($own:tt)* }
    ) => {
        record_result!($cls, {
            $($resume_doc)*
            #[pyo3(signature = (games, **options))]
            fn resume<'py>(
                slf: &Bound<'py, Self>,
                games: &Bound<'py, PyAny>,
                options: Option<&Bound<'py, PyDict>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                $crate::run_results::fixed_keywords(options)?;
                slf.get().setup.get().check_playable()?;
                $crate::run_results::resume_with(slf.as_any(), games, options)
            }

            $($to_dict_doc)*
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::run_results::json_to_py(py, &self.record.to_json())
            }

            $($from_dict_doc)*
            #[classmethod]
            #[pyo3(signature = (data, *, policy=None, $other=None))]
            fn from_dict(
                _cls: &Bound<'_, pyo3::types::PyType>,
                py: Python<'_>,
                data: &Bound<'_, PyAny>,
                policy: Option<&Bound<'_, PyAny>>,
                $other: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<$cls> {
                let record = $crate::run_results::record_of(data)?;
                let setup = $crate::run_results::attach(py, &record.setup, policy, $ev, $cube)?;
                Ok($cls::make(py, Py::new(py, setup)?, record))
            }

            fn __repr__(&self) -> String {
                format!(
                    concat!("<", $name, " {} games={} equity={} seed={}{}>"),
                    self.record.setup.position.id(),
                    gammon_core::RunTally::games(&self.record.tally),
                    $crate::run_results::plus_minus(self.equity(), self.std_error()),
                    self.record.setup.seed,
                    if self.interrupted() {
                        " interrupted"
                    } else {
                        ""
                    }
                )
            }

            /// True when the first two rolls were stratified (quasi-random dice).
            #[getter]
            fn quasi_random(&self) -> bool {
                self.record.setup.quasi_random
            }

            /// The 95% confidence interval of the equity (plus or minus 1.96 standard errors).
            #[getter]
            fn ci95(&self) -> (f64, f64) {
                let (e, h) = (self.equity(), Z95 * self.std_error());
                (e - h, e + h)
            }

            /// Games played per wall-clock second.
            #[getter]
            fn games_per_second(&self) -> f64 {
                per_second(self.record.tally.games, self.record.elapsed)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<$cls>().is_ok_and(|o| {
                    let o = o.get();
                    o.record.setup == self.record.setup
                        && o.record.ranges == self.record.ranges
                        && o.record.tally == self.record.tally
                })
            }

            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                self.record.setup.hash(&mut h);
                self.record.ranges.hash(&mut h);
                self.record.tally.hash(&mut h);
                h.finish()
            }

            /// The games held, the equity and its standard error (the run driver's progress).
            #[getter]
            fn _done(&self) -> (u64, f64, f64) {
                (self.games_completed(), self.equity(), self.std_error())
            }

            $($own)*
        });
    };
}

pub(crate) use rollout_result;

/// Calls the Python driver to play `games` more games of `result` and merge them.
pub(crate) fn resume_with<'py>(
    result: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = result.py();
    py.import("gammon.rollout")?
        .getattr("_resume")?
        .call((result, games), options)
}
