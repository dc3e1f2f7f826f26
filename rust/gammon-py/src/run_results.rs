//! The results of rollouts as Python sees them: `RolloutResult` (cubeless) and
//! `CubefulRolloutResult`, over the core's `RunRecord` (setup, exact tally, game ranges), with
//! their shares, errors, merge, checkpoint text, pickling, equality and printing; the run
//! function `_play_rollout` that makes them; `GameOutcomes` (per-game arrays).

use std::collections::BTreeMap;

use gammon_core::{
    CheckpointError as CoreCheckpointError, CubefulTally, GameOutcomes, Json, Ranges, RolloutFile,
    RolloutRun, RunRecord, RunTally, Stop, StopReason, Tally, ONE, WIN_KINDS,
};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};

use crate::cubeful::{run_cubeful, PyCubefulTally};
use crate::errors::{checkpoint_error, InvalidInputError};
use crate::rollout::{run_cubeless, setup_config, Settings};
use crate::run_setup::{nardy_object, ObjectsState, PySetup};
use crate::stats::PyTally;

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

fn per_second(games: u64, elapsed: f64) -> f64 {
    if elapsed > 0.0 {
        games as f64 / elapsed
    } else {
        f64::INFINITY
    }
}

fn rate_text(x: f64) -> String {
    if x.is_finite() {
        commas(x.round() as u64)
    } else {
        "inf".to_string()
    }
}

fn pad(s: String, width: usize) -> String {
    format!("{s:>width$}")
}

fn pair_text(a: &str, b: &str) -> String {
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

// -- per-game outcomes -----------------------------------------------------------------------------

/// Per-game results of a rollout as numpy arrays, one entry per game in game order:
/// ``winner`` (+1 when the player on roll at the start won, -1 when the opponent won, 0
/// otherwise), ``kind`` (an index into ``KIND_NAMES``), ``points`` (net points of the player
/// on roll at the start) and ``plies`` (turns played). A sequence of the four arrays.
#[pyclass(frozen, name = "GameOutcomes", module = "gammon._core")]
pub struct PyGameOutcomes {
    pub(crate) inner: GameOutcomes,
}

impl PyGameOutcomes {
    fn arrays<'py>(&self, py: Python<'py>) -> [Bound<'py, PyAny>; 4] {
        let o = &self.inner;
        [
            PyArray1::from_slice(py, &o.winner).into_any(),
            PyArray1::from_slice(py, &o.kind).into_any(),
            PyArray1::from_slice(py, &o.points).into_any(),
            PyArray1::from_slice(py, &o.plies).into_any(),
        ]
    }
}

#[pymethods]
impl PyGameOutcomes {
    /// +1 when the player on roll at the start won, -1 when the opponent won, 0 otherwise.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_slice(py, &self.inner.winner)
    }

    /// Result class: an index into ``KIND_NAMES``.
    #[getter]
    fn kind<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_slice(py, &self.inner.kind)
    }

    /// Net points of the player on roll at the start.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &self.inner.points)
    }

    /// Turns played.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, &self.inner.plies)
    }

    fn __len__(&self) -> usize {
        4
    }

    fn __getitem__<'py>(&self, py: Python<'py>, i: isize) -> PyResult<Bound<'py, PyAny>> {
        let j = if i < 0 { i + 4 } else { i };
        let [a, b, c, d] = self.arrays(py);
        match j {
            0 => Ok(a),
            1 => Ok(b),
            2 => Ok(c),
            3 => Ok(d),
            _ => Err(pyo3::exceptions::PyIndexError::new_err(
                "GameOutcomes index out of range",
            )),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyTuple::new(py, self.arrays(py))?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __repr__(&self) -> String {
        format!("GameOutcomes(games={})", self.inner.len())
    }
}

/// The outcomes of `a` and `b` (each in the order of its ranges) in game order.
fn merge_outcomes(a: (&Ranges, &GameOutcomes), b: (&Ranges, &GameOutcomes)) -> GameOutcomes {
    let mut pieces: Vec<(u64, &GameOutcomes, usize, usize)> = Vec::new();
    for (ranges, o) in [a, b] {
        let mut at = 0usize;
        for r in ranges.ranges() {
            let n = (r.end - r.start) as usize;
            pieces.push((r.start, o, at, n));
            at += n;
        }
    }
    pieces.sort_by_key(|p| p.0);
    let mut out = GameOutcomes::default();
    for (_, o, at, n) in pieces {
        out.winner.extend_from_slice(&o.winner[at..at + n]);
        out.kind.extend_from_slice(&o.kind[at..at + n]);
        out.points.extend_from_slice(&o.points[at..at + n]);
        out.plies.extend_from_slice(&o.plies[at..at + n]);
    }
    out
}

// -- what both result classes share -----------------------------------------------------------------

fn merged<T: RunTally>(a: &RunRecord<T>, b: &RunRecord<T>) -> PyResult<RunRecord<T>> {
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

fn fixed_keywords(options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
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

fn stop_line(games: u64, requested: u64, stop: Stop, elapsed: f64, threads: u64) -> String {
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

fn first_roll_text(opening: bool) -> &'static str {
    if opening {
        "opening (no doubles first, BG-10)"
    } else {
        "player on roll"
    }
}

/// Reads a record object (a dict) as `T`'s record, with a clear message for a checkpoint
/// file's content.
fn record_of<T: RunTally>(data: &Bound<'_, PyAny>) -> PyResult<RunRecord<T>> {
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

fn given<'py>(spec: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
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

// -- RolloutResult ---------------------------------------------------------------------------------

/// The result of ``gammon.rollout``: outcome shares, cubeless equity and its error.
///
/// All shares and the equity are from the side of the player on roll in ``position`` ("on
/// roll"); the other player is the "opponent". ``win_gammon`` includes backgammons and ``win``
/// includes both, as in GNU Backgammon. The statistics are the core's ``tally``: exact integer
/// sums (fixed point), kept so that results can be merged and continued without rounding. With
/// no games counted every share and the equity are NaN (the mean of nothing is undefined) and
/// the standard error is infinite. Results are equal when their setup, game ranges and
/// statistics are (timing and threads excluded).
#[pyclass(frozen, name = "RolloutResult", module = "gammon._core")]
pub struct PyRolloutResult {
    pub(crate) setup: Py<PySetup>,
    pub(crate) record: RunRecord<Tally>,
    pub(crate) extra: Option<GameOutcomes>,
}

impl PyRolloutResult {
    fn make(_py: Python<'_>, setup: Py<PySetup>, record: RunRecord<Tally>) -> Self {
        PyRolloutResult {
            setup,
            record,
            extra: None,
        }
    }
}

impl PyRolloutResult {
    fn tally(&self) -> &Tally {
        &self.record.tally
    }

    fn wins(&self, side: usize, kinds: &[usize]) -> f64 {
        self.tally().share(side, kinds)
    }

    /// The result of a core run of `setup`'s games.
    pub(crate) fn of_run(
        py: Python<'_>,
        setup: Py<PySetup>,
        run: RolloutRun,
        interrupted: bool,
        requested: u64,
    ) -> PyRolloutResult {
        let inner = setup.get().inner.clone();
        PyRolloutResult {
            setup,
            record: RunRecord {
                setup: inner,
                tally: run.tally,
                ranges: Ranges::of(run.games.clone()),
                games_requested: requested,
                stop: stop_of(run.stop, interrupted),
                elapsed: run.elapsed.as_secs_f64(),
                threads: run.threads as u64,
            },
            extra: run.outcomes,
        }
        .with_py(py)
    }

    fn with_py(self, _py: Python<'_>) -> Self {
        self
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

            $($own)*
        }
    };
}
pub(crate) use record_result;

/// What both rollout result classes share besides the record's bookkeeping
/// ([`record_result`]): the equity's interval, the speed, equality and hashing. Each class
/// states only its own methods (its statistics, its records).
macro_rules! rollout_result {
    ($cls:ident, { $($own:tt)* }) => {
        record_result!($cls, {
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

rollout_result!(PyRolloutResult, {
    /// The variant played.
    #[getter]
    fn variant(&self) -> crate::types::PyVariant {
        self.record.setup.variant().into()
    }

    /// True for a Long Nardy rollout (results are Oin, Mars, Koks and draws).
    #[getter]
    fn is_long_nardy(&self) -> bool {
        self.record.setup.is_long_nardy()
    }

    /// Names of the policies of the player on roll and of the opponent.
    #[getter]
    fn policies(&self) -> (String, String) {
        self.setup.get().policies_names()
    }

    /// True when the first roll was an opening roll (never a double, BG-10).
    #[getter]
    fn opening(&self) -> bool {
        self.record.setup.opening
    }

    /// The Long Nardy settings the games were scored by (None for backgammon).
    #[getter]
    fn nardy<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.record
            .setup
            .nardy
            .as_ref()
            .map(|n| nardy_object(py, n))
            .transpose()
    }

    /// Where games were settled early: ``"none"``, ``"bearoff"`` or ``"bearoff-one-sided"``.
    #[getter]
    fn truncate(&self) -> &'static str {
        self.record.setup.truncate.name()
    }

    /// The turns after which games were settled at the evaluator's value (None: never).
    #[getter]
    fn truncate_after(&self) -> Option<u32> {
        self.record.setup.truncate_after
    }

    /// True when the luck of the dice was taken off each game's points.
    #[getter]
    fn variance_reduction(&self) -> bool {
        self.record.setup.variance_reduction
    }

    /// The name of the evaluator of ``truncate_after`` and ``variance_reduction``:
    /// ``"bearoff"``, ``"net"`` or a ``gammon.Net``'s name (None: not used).
    #[getter]
    fn evaluator(&self) -> Option<String> {
        self.record
            .setup
            .evaluator
            .as_ref()
            .map(|e| e.name().to_string())
    }

    /// The core's statistics of the games (exact sums, estimates, merge).
    #[getter(tally)]
    fn tally_py(&self) -> PyTally {
        PyTally {
            inner: self.record.tally,
        }
    }

    /// Per-game ``GameOutcomes`` when ``record_games=True`` was asked, else None.
    #[getter]
    fn outcomes(&self) -> Option<PyGameOutcomes> {
        self.extra
            .as_ref()
            .map(|o| PyGameOutcomes { inner: o.clone() })
    }

    /// Turns played in all games.
    #[getter]
    fn plies(&self) -> u64 {
        self.record.tally.plies
    }

    /// Games settled early by the truncation rule (``truncate``).
    #[getter]
    fn settled(&self) -> u64 {
        self.record.tally.settled
    }

    /// Games won by each side and class, and draws: ``{"on roll": {"single": n, ...},
    /// "opponent": {...}, "draw": {"draw": n}}``; whole numbers unless games were settled
    /// early.
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.count_table(py, 1.0)
    }

    /// ``counts`` divided by the games played (exclusive classes).
    #[getter]
    fn shares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let n = self.record.tally.games;
        self.count_table(py, if n == 0 { f64::NAN } else { n as f64 })
    }

    /// Share of games won by the player on roll (all classes).
    #[getter]
    fn win(&self) -> f64 {
        self.wins(0, &[0, 1, 2, 3, 4, 5])
    }

    /// Share won by a gammon or more (backgammons included; Long Nardy: Mars or Koks).
    #[getter]
    fn win_gammon(&self) -> f64 {
        self.wins(0, &[1, 2, 4, 5])
    }

    /// Share won by a backgammon (Long Nardy: Koks).
    #[getter]
    fn win_backgammon(&self) -> f64 {
        self.wins(0, &[2, 5])
    }

    /// Share of games won by the opponent.
    #[getter]
    fn lose(&self) -> f64 {
        self.wins(1, &[0, 1, 2, 3, 4, 5])
    }

    /// Share lost by a gammon or more (backgammons included; Long Nardy: Mars or Koks).
    #[getter]
    fn lose_gammon(&self) -> f64 {
        self.wins(1, &[1, 2, 4, 5])
    }

    /// Share lost by a backgammon (Long Nardy: Koks).
    #[getter]
    fn lose_backgammon(&self) -> f64 {
        self.wins(1, &[2, 5])
    }

    /// Share of drawn games (Long Nardy's last roll only).
    #[getter]
    fn draws(&self) -> f64 {
        self.record.tally.draw_share()
    }

    /// Cubeless equity: the player on roll's mean net points per game.
    #[getter]
    fn equity(&self) -> f64 {
        self.record.tally.equity()
    }

    /// Standard error of ``equity`` (sample standard deviation over sqrt(games)). With
    /// quasi-random dice the true error is smaller: this is a conservative figure.
    #[getter]
    fn std_error(&self) -> f64 {
        self.record.tally.std_error()
    }

    /// Average turns per game.
    #[getter]
    fn mean_plies(&self) -> f64 {
        let t = &self.record.tally;
        if t.games == 0 {
            f64::NAN
        } else {
            t.plies as f64 / t.games as f64
        }
    }

    /// Combine both rollouts' games (for example ranges of games run on other machines).
    /// Exact: merging in any order gives the same totals. Raises ``InvalidInputError`` when
    /// the rollouts differ in what decides their games (naming the difference), or when their
    /// games overlap.
    fn merge(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyRolloutResult> {
        let other = other.cast::<PyRolloutResult>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "a rollout merges with another rollout, not {}",
                crate::convert::repr(other)
            ))
        })?;
        let other = other.get();
        let record = merged(&self.record, &other.record)?;
        let extra = match (&self.extra, &other.extra) {
            (Some(a), Some(b)) => Some(merge_outcomes(
                (&self.record.ranges, a),
                (&other.record.ranges, b),
            )),
            _ => None,
        };
        Ok(PyRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
            extra,
        })
    }

    /// Plays ``games`` more games after the last one played and returns the merged result.
    /// ``options`` are the execution options of ``gammon.rollout`` (``threads``,
    /// ``progress``, ``callback``, ``max_seconds``, ``target_std_error``, ``chunk_size``,
    /// ``record_games``, ``executor``...); the setup stays this result's. Raises
    /// ``InvalidInputError`` for bad options, or when a policy is known by name only (pass it
    /// to ``from_dict``).
    #[pyo3(signature = (games, **options))]
    fn resume<'py>(
        slf: &Bound<'py, Self>,
        games: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        fixed_keywords(options)?;
        slf.get().setup.get().check_playable()?;
        resume_with(slf.as_any(), games, options)
    }

    /// A JSON-ready record (integers stay exact) that ``from_dict`` reads. Per-game outcomes
    /// are not included. The ``check`` field is a SHA-256 over a canonical encoding of the
    /// other fields (``from_dict`` refuses a record that does not match it).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.record.to_json())
    }

    /// Read a record made by ``to_dict``, validated completely: every field's type and range,
    /// the sums (wins and draws add up to the games, the points and their squares follow from
    /// the wins, the game ranges hold exactly the games counted, without overlap), the setup
    /// (the policies can play the variant, the Long Nardy settings agree with the position)
    /// and the ``check`` field (a SHA-256 over a canonical encoding of the rest: a record
    /// edited by hand is refused; it guards against mistakes and corruption, not against a
    /// forger who recomputes it).
    ///
    /// A record of Python policies names their classes only, and of a ``gammon.Net`` its name
    /// (``"net:"`` and its checksum): pass the policy objects as ``policy`` (one, or a pair as
    /// for ``gammon.rollout``) to be able to ``resume`` it; their names must match. A net that
    /// was the evaluator is taken from ``policy`` when it played too, else pass it as
    /// ``evaluator``. The content of a checkpoint *file* is refused with a pointer to
    /// ``gammon.read_checkpoint``.
    ///
    /// Raises ``InvalidInputError`` naming what is wrong.
    #[classmethod]
    #[pyo3(signature = (data, *, policy=None, evaluator=None))]
    fn from_dict(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        policy: Option<&Bound<'_, PyAny>>,
        evaluator: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyRolloutResult> {
        let record = record_of::<Tally>(data)?;
        let setup = attach(py, &record.setup, policy, evaluator, None)?;
        Ok(PyRolloutResult {
            setup: Py::new(py, setup)?,
            record,
            extra: None,
        })
    }

    /// One line naming what was rolled out.
    fn describe(&self) -> String {
        let s = &self.record.setup;
        let (a, b) = self.policies();
        let mut rules = String::new();
        if let Some(n) = &s.nardy {
            rules = format!(
                ", {}, koks {}, last roll {}",
                n.scoring.end_variant.name(),
                gammon_core::snake_case_setting(n.scoring.koks.name()),
                if n.scoring.last_roll { "on" } else { "off" }
            );
        }
        let mut cut = if s.truncate == gammon_core::BearoffTruncation::Off {
            String::new()
        } else {
            format!(", truncated at {}", s.truncate.name())
        };
        let evaluator = self.evaluator().unwrap_or_default();
        if let Some(n) = s.truncate_after {
            cut += &format!(", cut after {n} turns by {evaluator}");
        }
        if s.variance_reduction {
            cut += &format!(", variance reduction by {evaluator}");
        }
        format!(
            "rollout of {} ({}{rules}, {}, {}{cut}, seed {})",
            s.position.id(),
            s.variant().name(),
            first_roll_text(s.opening),
            pair_text(&a, &b),
            s.seed
        )
    }

    fn __str__(&self) -> String {
        let r = &self.record;
        let mut lines = vec![
            self.describe(),
            stop_line(
                r.tally.games,
                r.games_requested,
                r.stop,
                r.elapsed,
                r.threads,
            ),
        ];
        let head = if self.is_long_nardy() {
            ("win", "mars", "koks")
        } else {
            ("win", "gammon", "backgammon")
        };
        lines.push(format!("{:10}{:>8}{:>8}{:>12}", "", head.0, head.1, head.2));
        for (name, w, g, b) in [
            (
                "on roll",
                self.win(),
                self.win_gammon(),
                self.win_backgammon(),
            ),
            (
                "opponent",
                self.lose(),
                self.lose_gammon(),
                self.lose_backgammon(),
            ),
        ] {
            lines.push(format!(
                "  {name:<8}{}{}{}",
                pad(fixed(w, 4, false), 8),
                pad(fixed(g, 4, false), 8),
                pad(fixed(b, 4, false), 12)
            ));
        }
        if r.tally.draw > 0 {
            lines.push(format!(
                "  {:<8}{}",
                "draws",
                pad(fixed(self.draws(), 4, false), 8)
            ));
        }
        let (lo, hi) = self.ci95();
        lines.push(format!(
            "  cubeless equity {}, CI {} .. {}, standard error {}",
            plus_minus(self.equity(), self.std_error()),
            fixed(lo, 4, true),
            fixed(hi, 4, true),
            fixed(self.std_error(), 4, false)
        ));
        lines.join("\n")
    }

    fn __repr__(&self) -> String {
        format!(
            "<RolloutResult {} games={} equity={} seed={}{}>",
            self.record.setup.position.id(),
            self.record.tally.games,
            plus_minus(self.equity(), self.std_error()),
            self.record.setup.seed,
            if self.interrupted() {
                " interrupted"
            } else {
                ""
            }
        )
    }

    /// Pickling: the record's text, the objects that play it and the per-game outcomes.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let outcomes = me.extra.as_ref().map(|o| {
            (
                o.winner.clone(),
                o.kind.clone(),
                o.points.clone(),
                o.plies.clone(),
            )
        });
        let state = (
            me.record.to_json().canonical(),
            me.setup.get().objects(py)?,
            outcomes,
        );
        Ok((
            slf.getattr("_restore")?,
            PyTuple::new(py, [state.into_pyobject(py)?.into_any()])?,
        ))
    }

    /// Rebuilds a pickled result (unpickling only).
    #[staticmethod]
    #[allow(clippy::type_complexity)]
    fn _restore(
        py: Python<'_>,
        state: (
            String,
            ObjectsState,
            Option<(Vec<i8>, Vec<u8>, Vec<f64>, Vec<u32>)>,
        ),
    ) -> PyResult<PyRolloutResult> {
        let (text, objects, outcomes) = state;
        let json =
            Json::parse(text.as_bytes()).map_err(|e| InvalidInputError::new_err(e.to_string()))?;
        let record =
            RunRecord::<Tally>::from_json(&json).map_err(|e| InvalidInputError::new_err(e.0))?;
        let setup = PySetup::with_objects(py, record.setup.clone(), objects);
        Ok(PyRolloutResult {
            setup: Py::new(py, setup)?,
            record,
            extra: outcomes.map(|(winner, kind, points, plies)| GameOutcomes {
                winner,
                kind,
                points,
                plies,
            }),
        })
    }

    /// ``self`` with the stop reason, time, threads and games asked for of the run that made
    /// it (the run driver's).
    fn _finished(
        &self,
        py: Python<'_>,
        stop: &str,
        elapsed: f64,
        threads: u64,
        requested: u64,
    ) -> PyResult<PyRolloutResult> {
        let mut record = self.record.clone();
        record.stop = Stop::from_name(stop)
            .ok_or_else(|| InvalidInputError::new_err(format!("not a stop reason: {stop:?}")))?;
        record.elapsed = elapsed;
        record.threads = threads;
        record.games_requested = requested;
        Ok(PyRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
            extra: self.extra.clone(),
        })
    }

    /// The text of the checkpoint file of this rollout, a run of games ``first .. first +
    /// games``.
    fn _checkpoint(&self, first: u64, games: u64) -> String {
        RolloutFile {
            record: self.record.clone(),
            first_game: first,
            games,
        }
        .to_text()
    }
});

impl PyRolloutResult {
    fn count_table<'py>(&self, py: Python<'py>, divisor: f64) -> PyResult<Bound<'py, PyDict>> {
        let t = &self.record.tally;
        let one = ONE as f64;
        let out = PyDict::new(py);
        for (side, name) in [(0, "on roll"), (1, "opponent")] {
            let d = PyDict::new(py);
            for (k, kind) in crate::run_setup::KIND_NAMES
                .iter()
                .take(WIN_KINDS)
                .enumerate()
            {
                d.set_item(*kind, t.win[side][k] as f64 / one / divisor)?;
            }
            out.set_item(name, d)?;
        }
        let d = PyDict::new(py);
        d.set_item("draw", t.draw as f64 / one / divisor)?;
        out.set_item("draw", d)?;
        Ok(out)
    }
}

/// Calls the Python driver to play `games` more games of `result` and merge them.
fn resume_with<'py>(
    result: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = result.py();
    py.import("gammon.rollout")?
        .getattr("_resume")?
        .call((result, games), options)
}

// -- CubefulRolloutResult -----------------------------------------------------------------------------

/// The result of a cubeful ``gammon.rollout`` (``cube=`` given): money games with the cube in
/// play for both sides.
///
/// All figures are from the side of the player on roll in ``position`` ("on roll").
/// ``equity`` is the cubeful equity **per initial cube unit**: the mean net points a game,
/// cube included, divided by ``cube_value`` (gnubg's convention: equities per cube);
/// ``points_per_game`` is the same mean in points. The statistics are the core's ``tally``
/// (exact integer sums). Results are equal when their setup, game ranges and statistics are.
#[pyclass(frozen, name = "CubefulRolloutResult", module = "gammon._core")]
pub struct PyCubefulRolloutResult {
    pub(crate) setup: Py<PySetup>,
    pub(crate) record: RunRecord<CubefulTally>,
}

impl PyCubefulRolloutResult {
    fn make(_py: Python<'_>, setup: Py<PySetup>, record: RunRecord<CubefulTally>) -> Self {
        PyCubefulRolloutResult { setup, record }
    }
}

impl PyCubefulRolloutResult {
    fn cube(&self) -> &gammon_core::CubeSetup {
        // A cubeful record always holds its cube (checked when it was read or made).
        self.record
            .setup
            .cube
            .as_ref()
            .unwrap_or_else(|| unreachable_cube())
    }

    fn share(&self, count: u64) -> f64 {
        let n = self.record.tally.games;
        if n == 0 {
            f64::NAN
        } else {
            count as f64 / n as f64
        }
    }

    fn unit(&self) -> f64 {
        f64::from(self.cube().value.max(1))
    }

    pub(crate) fn of_run(
        setup: Py<PySetup>,
        run: gammon_core::CubefulRun,
        interrupted: bool,
        requested: u64,
    ) -> PyCubefulRolloutResult {
        let inner = setup.get().inner.clone();
        PyCubefulRolloutResult {
            setup,
            record: RunRecord {
                setup: inner,
                tally: run.tally,
                ranges: Ranges::of(run.games.clone()),
                games_requested: requested,
                stop: stop_of(run.stop, interrupted),
                elapsed: run.elapsed.as_secs_f64(),
                threads: run.threads as u64,
            },
        }
    }
}

fn unreachable_cube() -> &'static gammon_core::CubeSetup {
    static DEFAULT: std::sync::OnceLock<gammon_core::CubeSetup> = std::sync::OnceLock::new();
    DEFAULT.get_or_init(|| gammon_core::CubeSetup {
        policies: [
            gammon_core::CubePolicyName::Builtin(gammon_core::CubePolicyKind::Never),
            gammon_core::CubePolicyName::Builtin(gammon_core::CubePolicyKind::Never),
        ],
        value: 1,
        owner: None,
        rules: gammon_core::CubeRules::default(),
        plies: [0, 0],
    })
}

rollout_result!(PyCubefulRolloutResult, {
    /// Names of the checker policies of the player on roll and of the opponent.
    #[getter]
    fn policies(&self) -> (String, String) {
        self.setup.get().policies_names()
    }

    /// Names of the cube policies of the player on roll and of the opponent.
    #[getter]
    fn cube_policies(&self) -> (String, String) {
        let p = &self.cube().policies;
        (p[0].name().to_string(), p[1].name().to_string())
    }

    /// The cube value every game started with.
    #[getter]
    fn cube_value(&self) -> u32 {
        self.cube().value
    }

    /// The player who owned the cube at the start (None: centred).
    #[getter]
    fn cube_owner(&self) -> Option<crate::types::PyColor> {
        self.cube().owner.map(Into::into)
    }

    /// The money session's cube rules (Jacoby, beavers, raccoons, the cap).
    #[getter]
    fn cube_rules(&self) -> crate::cube::PyCubeRules {
        crate::cube::PyCubeRules {
            inner: self.cube().rules,
        }
    }

    /// True when the first roll was an opening roll (never a double, BG-10; no cube action
    /// before it, BG-12).
    #[getter]
    fn opening(&self) -> bool {
        self.record.setup.opening
    }

    /// The core's statistics of the games (exact sums).
    #[getter]
    fn tally(&self) -> PyCubefulTally {
        PyCubefulTally {
            inner: self.record.tally,
        }
    }

    /// The mean net points a game of the player on roll, cube included.
    #[getter]
    fn points_per_game(&self) -> f64 {
        self.record.tally.points_per_game()
    }

    /// The cubeful equity per initial cube unit: points a game over the initial cube.
    #[getter]
    fn equity(&self) -> f64 {
        self.points_per_game() / self.unit()
    }

    /// The standard error of ``equity`` (infinite below two games).
    #[getter]
    fn std_error(&self) -> f64 {
        self.record.tally.std_error() / self.unit()
    }

    /// Share of games the player on roll won, by bearing off or by a dropped double.
    #[getter]
    fn win(&self) -> f64 {
        let t = &self.record.tally;
        self.share(t.wins[0].iter().sum::<u64>() + t.drops[0])
    }

    /// Share of games the opponent won, by bearing off or by a dropped double.
    #[getter]
    fn lose(&self) -> f64 {
        let t = &self.record.tally;
        self.share(t.wins[1].iter().sum::<u64>() + t.drops[1])
    }

    /// Share won by the player on roll with a gammon or a backgammon.
    #[getter]
    fn win_gammon(&self) -> f64 {
        let w = &self.record.tally.wins[0];
        self.share(w[1] + w[2])
    }

    /// Share lost with a gammon or a backgammon.
    #[getter]
    fn lose_gammon(&self) -> f64 {
        let w = &self.record.tally.wins[1];
        self.share(w[1] + w[2])
    }

    /// Share won by the player on roll with a backgammon.
    #[getter]
    fn win_backgammon(&self) -> f64 {
        self.share(self.record.tally.wins[0][2])
    }

    /// Share lost with a backgammon.
    #[getter]
    fn lose_backgammon(&self) -> f64 {
        self.share(self.record.tally.wins[1][2])
    }

    /// Share of games the player on roll won because the opponent dropped a double.
    #[getter]
    fn won_by_drop(&self) -> f64 {
        self.share(self.record.tally.drops[0])
    }

    /// Share of games the player on roll lost by dropping the opponent's double.
    #[getter]
    fn lost_by_drop(&self) -> f64 {
        self.share(self.record.tally.drops[1])
    }

    /// Share of games with at least one double.
    #[getter]
    fn doubled(&self) -> f64 {
        self.share(self.record.tally.doubled_games)
    }

    /// Cube offers (doubles, beavers, raccoons) per game.
    #[getter]
    fn doubles_per_game(&self) -> f64 {
        self.share(self.record.tally.doubles)
    }

    /// The mean cube value the games were scored at.
    #[getter]
    fn mean_cube(&self) -> f64 {
        self.share(self.record.tally.cube)
    }

    /// Average turns per game.
    #[getter]
    fn mean_plies(&self) -> f64 {
        self.share(self.record.tally.plies)
    }

    /// Combine both rollouts' games (ranges of one rollout run apart, ``first_game=``).
    /// Exact: merging in any order gives the same totals. Raises ``InvalidInputError`` when
    /// the rollouts differ in anything that decides their games (naming it) or when their
    /// games overlap.
    fn merge(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyCubefulRolloutResult> {
        let other = other.cast::<PyCubefulRolloutResult>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "a cubeful rollout merges with another cubeful rollout, not {}",
                crate::convert::repr(other)
            ))
        })?;
        Ok(PyCubefulRolloutResult {
            setup: self.setup.clone_ref(py),
            record: merged(&self.record, &other.get().record)?,
        })
    }

    /// Plays ``games`` more games after the last one played and returns the merged result
    /// (``options`` as for ``RolloutResult.resume``).
    #[pyo3(signature = (games, **options))]
    fn resume<'py>(
        slf: &Bound<'py, Self>,
        games: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        fixed_keywords(options)?;
        slf.get().setup.get().check_playable()?;
        resume_with(slf.as_any(), games, options)
    }

    /// A JSON-ready record (``gammon.cubeful-rollout/1``, integers exact, with its SHA-256
    /// check) that ``from_dict`` reads.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.record.to_json())
    }

    /// Read a record made by ``to_dict``, validated completely (as
    /// ``RolloutResult.from_dict`` does); ``policy`` and ``cube``: the objects of policies
    /// recorded by name only.
    #[classmethod]
    #[pyo3(signature = (data, *, policy=None, cube=None))]
    fn from_dict(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        policy: Option<&Bound<'_, PyAny>>,
        cube: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyCubefulRolloutResult> {
        let record = record_of::<CubefulTally>(data)?;
        let setup = attach(py, &record.setup, policy, None, cube)?;
        Ok(PyCubefulRolloutResult {
            setup: Py::new(py, setup)?,
            record,
        })
    }

    /// One line naming what was rolled out.
    fn describe(&self) -> String {
        let s = &self.record.setup;
        let cube = self.cube();
        let (a, b) = self.policies();
        let (ca, cb) = self.cube_policies();
        let owner = match cube.owner {
            None => "centred".to_string(),
            Some(c) => format!("owned by {}", c.name()),
        };
        let r = &cube.rules;
        let rules: Vec<&str> = [
            ("Jacoby", r.jacoby),
            ("beavers", r.beavers),
            ("raccoons", r.raccoons),
        ]
        .into_iter()
        .filter(|x| x.1)
        .map(|x| x.0)
        .collect();
        let extra = if rules.is_empty() {
            String::new()
        } else {
            format!(", {}", rules.join(", "))
        };
        format!(
            "cubeful rollout of {} ({}, {}, {}, cube policy {}, cube {} {owner}{extra}, seed {})",
            s.position.id(),
            s.variant().name(),
            first_roll_text(s.opening),
            pair_text(&a, &b),
            pair_text(&ca, &cb),
            cube.value,
            s.seed
        )
    }

    fn __str__(&self) -> String {
        let r = &self.record;
        let f4 = |x: f64, w: usize| pad(fixed(x, 4, false), w);
        let (lo, hi) = self.ci95();
        [
            self.describe(),
            stop_line(
                r.tally.games,
                r.games_requested,
                r.stop,
                r.elapsed,
                r.threads,
            ),
            format!(
                "{:10}{:>8}{:>8}{:>12}{:>9}",
                "", "win", "gammon", "backgammon", "by drop"
            ),
            format!(
                "  {:<8}{}{}{}{}",
                "on roll",
                f4(self.win(), 8),
                f4(self.win_gammon(), 8),
                f4(self.win_backgammon(), 12),
                f4(self.won_by_drop(), 9)
            ),
            format!(
                "  {:<8}{}{}{}{}",
                "opponent",
                f4(self.lose(), 8),
                f4(self.lose_gammon(), 8),
                f4(self.lose_backgammon(), 12),
                f4(self.lost_by_drop(), 9)
            ),
            format!(
                "  doubled in {}% of the games, {} cube offers a game, mean final cube {}",
                fixed(100.0 * self.doubled(), 2, false),
                fixed(self.doubles_per_game(), 3, false),
                fixed(self.mean_cube(), 3, false)
            ),
            format!(
                "  cubeful equity {} per initial cube, CI {} .. {}, standard error {}",
                plus_minus(self.equity(), self.std_error()),
                fixed(lo, 4, true),
                fixed(hi, 4, true),
                fixed(self.std_error(), 4, false)
            ),
        ]
        .join("\n")
    }

    fn __repr__(&self) -> String {
        format!(
            "<CubefulRolloutResult {} games={} equity={} seed={}{}>",
            self.record.setup.position.id(),
            self.record.tally.games,
            plus_minus(self.equity(), self.std_error()),
            self.record.setup.seed,
            if self.interrupted() {
                " interrupted"
            } else {
                ""
            }
        )
    }

    /// Pickling: the record's text and the objects that play it.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let state = (me.record.to_json().canonical(), me.setup.get().objects(py)?);
        Ok((
            slf.getattr("_restore")?,
            PyTuple::new(py, [state.into_pyobject(py)?.into_any()])?,
        ))
    }

    /// Rebuilds a pickled result (unpickling only).
    #[staticmethod]
    fn _restore(py: Python<'_>, state: (String, ObjectsState)) -> PyResult<PyCubefulRolloutResult> {
        let (text, objects) = state;
        let json =
            Json::parse(text.as_bytes()).map_err(|e| InvalidInputError::new_err(e.to_string()))?;
        let record = RunRecord::<CubefulTally>::from_json(&json)
            .map_err(|e| InvalidInputError::new_err(e.0))?;
        let setup = PySetup::with_objects(py, record.setup.clone(), objects);
        Ok(PyCubefulRolloutResult {
            setup: Py::new(py, setup)?,
            record,
        })
    }

    /// ``self`` with the stop reason, time, threads and games asked for of the run.
    fn _finished(
        &self,
        py: Python<'_>,
        stop: &str,
        elapsed: f64,
        threads: u64,
        requested: u64,
    ) -> PyResult<PyCubefulRolloutResult> {
        let mut record = self.record.clone();
        record.stop = Stop::from_name(stop)
            .ok_or_else(|| InvalidInputError::new_err(format!("not a stop reason: {stop:?}")))?;
        record.elapsed = elapsed;
        record.threads = threads;
        record.games_requested = requested;
        Ok(PyCubefulRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
        })
    }

    /// The text of the checkpoint file of this rollout (games ``first .. first + games``).
    fn _checkpoint(&self, first: u64, games: u64) -> String {
        RolloutFile {
            record: self.record.clone(),
            first_game: first,
            games,
        }
        .to_text()
    }
});

// -- running and reading ----------------------------------------------------------------------------

/// Plays games ``first`` .. ``end`` of the rollout ``setup`` with the GIL released and returns
/// a ``RolloutResult`` (a ``CubefulRolloutResult`` with a cube). ``threads`` None: one per
/// core. ``callback(done, total, equity, std_error, elapsed)`` is called after chunks and at
/// least every 0.1 s with the games done *including* those of ``base`` (a result of the same
/// setup, or None) and the estimate of them all merged (exact). Ctrl-C, or a
/// ``KeyboardInterrupt`` from the callback or a Python policy, ends the run as interrupted,
/// keeping the games finished.
///
/// Raises ``InvalidInputError`` for bad settings (``threads`` above 1 with a Python policy, a
/// policy known by name only), ``InternalError`` when a game cannot be finished, and whatever a
/// Python policy or the callback raises.
#[pyfunction]
#[pyo3(signature = (setup, first, end, *, threads=None, chunk_size=gammon_core::DEFAULT_CHUNK_SIZE, record_games=false, max_seconds=None, target_std_error=None, callback=None, base=None))]
#[allow(clippy::too_many_arguments)]
pub fn _play_rollout<'py>(
    py: Python<'py>,
    setup: &Bound<'py, PySetup>,
    first: u64,
    end: u64,
    threads: Option<usize>,
    chunk_size: u64,
    record_games: bool,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    base: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let s = setup.get();
    s.check_threads(threads)?;
    s.check_playable()?;
    if end < first {
        return Err(InvalidInputError::new_err(format!(
            "the games {first}..{end} are not a range"
        )));
    }
    if chunk_size == 0 {
        return Err(InvalidInputError::new_err("chunk_size must be at least 1"));
    }
    let mut config = setup_config(&s.inner);
    config.threads = threads.unwrap_or(0);
    config.chunk_size = chunk_size;
    config.record_games = record_games;
    config.max_seconds = max_seconds;
    config.target_std_error = target_std_error;
    let cb = callback.as_ref();
    let base = base.filter(|b| !b.is_none());
    if s.inner.cube.is_some() {
        if record_games {
            return Err(InvalidInputError::new_err(
                "record_games=True does not combine with cube= (per-game outcomes are not kept \
                 for cubeful rollouts): leave record_games out of a cubeful rollout",
            ));
        }
        let base_tally = match base {
            Some(b) => {
                b.cast::<PyCubefulRolloutResult>()
                    .map_err(|_| InvalidInputError::new_err("base must be a CubefulRolloutResult"))?
                    .get()
                    .record
                    .tally
            }
            None => CubefulTally::default(),
        };
        let settings = Settings {
            first,
            end,
            config,
            base: base_tally,
        };
        let (run, interrupted) = run_cubeful(py, s, &settings, cb)?;
        let r =
            PyCubefulRolloutResult::of_run(setup.clone().unbind(), run, interrupted, end - first);
        return Ok(Bound::new(py, r)?.into_any());
    }
    let base_tally = match base {
        Some(b) => {
            b.cast::<PyRolloutResult>()
                .map_err(|_| InvalidInputError::new_err("base must be a RolloutResult"))?
                .get()
                .record
                .tally
        }
        None => Tally::default(),
    };
    let settings = Settings {
        first,
        end,
        config,
        base: base_tally,
    };
    let (run, interrupted) = run_cubeless(py, s, &settings, cb)?;
    let r = PyRolloutResult::of_run(py, setup.clone().unbind(), run, interrupted, end - first);
    Ok(Bound::new(py, r)?.into_any())
}

/// Reads the checkpoint file bytes ``data`` of one rollout (``where`` names the file in
/// messages), validated completely, and returns ``(result, first_game, games)``; the result
/// is a ``RolloutResult`` or a ``CubefulRolloutResult``. ``setup``: the rollout that continues
/// it (its objects play the result; the file must have been made by the same setup, and with
/// ``seed_given`` false the file's seed is taken), with its ``first`` game and ``games``; or
/// None to read the file alone, with ``policy`` (and ``cube``) the objects of policies it
/// records by name only. Raises ``CheckpointError`` naming what is wrong or what differs.
#[pyfunction]
#[pyo3(signature = (data, r#where, *, setup=None, first=0, games=0, seed_given=true, policy=None, cube=None))]
#[allow(clippy::too_many_arguments)]
pub fn _read_rollout_checkpoint<'py>(
    py: Python<'py>,
    data: &[u8],
    r#where: &str,
    setup: Option<&Bound<'py, PySetup>>,
    first: u64,
    games: u64,
    seed_given: bool,
    policy: Option<&Bound<'py, PyAny>>,
    cube: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyAny>, u64, u64)> {
    let cubeful = match setup {
        Some(s) => s.get().inner.cube.is_some(),
        None => sniff_cubeful(data),
    };
    let ck = |e: CoreCheckpointError| checkpoint_error(&e.0);
    if cubeful {
        let file = RolloutFile::<CubefulTally>::from_bytes(data, r#where).map_err(ck)?;
        let s = continue_setup(py, &file.record.setup, setup, policy, cube, seed_given)?;
        if setup.is_some() {
            file.check_continues(r#where, &s.inner, first, games)
                .map_err(ck)?;
        }
        let r = PyCubefulRolloutResult::make(py, Py::new(py, s)?, file.record);
        return Ok((Bound::new(py, r)?.into_any(), file.first_game, file.games));
    }
    let file = RolloutFile::<Tally>::from_bytes(data, r#where).map_err(ck)?;
    let s = continue_setup(py, &file.record.setup, setup, policy, None, seed_given)?;
    if setup.is_some() {
        file.check_continues(r#where, &s.inner, first, games)
            .map_err(ck)?;
    }
    let r = PyRolloutResult::make(py, Py::new(py, s)?, file.record);
    Ok((Bound::new(py, r)?.into_any(), file.first_game, file.games))
}

/// True when a checkpoint file's bytes hold a cubeful record (read fully later).
fn sniff_cubeful(data: &[u8]) -> bool {
    match Json::parse(data) {
        Ok(Json::Object(map)) => matches!(
            map.get("rollout"),
            Some(Json::Object(r)) if r.get("format") == Some(&Json::str(gammon_core::CUBEFUL_FORMAT))
        ),
        _ => false,
    }
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
