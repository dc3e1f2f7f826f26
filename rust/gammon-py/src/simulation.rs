//! The results of simulations as Python sees them: `gammon.MatchResult`, `gammon.MoneyResult`
//! and their per-item `MatchRecords` / `MoneyRecords`, over the core's records
//! ([`SimRecord`]: setup, item ranges, exact tallies) and their JSON (pickling, checkpoints).
//! `gammon.simulate` runs the simulations and hands these back unchanged.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use gammon_core::{
    MatchRecords, MatchSimRecord, MatchTally, MoneyRecords, MoneySimRecord, SimCheckpointError,
    SimFormat, SimRecord, SimSetup, StopReason, MONEY_KIND_NAMES, Z95,
};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple, PyType};

use crate::cube::PyCubeRules;
use crate::errors::{sim_checkpoint_error, sim_merge_error, simulation_error, InvalidInputError};
use crate::stats::{PyMatchTally, PyMoneyTally};
use crate::types::PyVariant;

/// `1,234,567`.
pub(crate) fn commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `value ± half-width (95%)` with `value` written by `fmt` (the package's one way to show an
/// estimate: `0.5120 ± 0.0196 (95%)`).
fn plus_minus(value: String, std_error: f64) -> String {
    format!("{value} ± {:.4} (95%)", Z95 * std_error)
}

/// Items a second, or infinity for no time.
fn rate(n: u64, elapsed: f64) -> f64 {
    if elapsed > 0.0 {
        n as f64 / elapsed
    } else {
        f64::INFINITY
    }
}

/// `12,345` for a finite rate, `inf` otherwise.
fn rate_text(r: f64) -> String {
    if r.is_finite() {
        commas(r.round() as u64)
    } else {
        "inf".to_owned()
    }
}

fn stop_of(name: &str) -> PyResult<StopReason> {
    [
        StopReason::Completed,
        StopReason::Interrupted,
        StopReason::MaxSeconds,
        StopReason::TargetStdError,
    ]
    .into_iter()
    .find(|s| s.name() == name)
    .ok_or_else(|| {
        InvalidInputError::new_err(format!(
            "stop must be completed, interrupted, max_seconds or target_std_error, not {name:?}"
        ))
    })
}

/// The players that never double: those whose cube policy is `"never"` (their names end in
/// `+never`), when the cube is in use; for the printout's note.
fn never_doublers(setup: &SimSetup) -> Vec<&str> {
    if !setup.cube_rules.enabled {
        return Vec::new();
    }
    setup
        .players
        .iter()
        .map(String::as_str)
        .filter(|n| n.ends_with("+never"))
        .collect()
}

/// The line of a printout that says which players never double.
fn never_note(setup: &SimSetup) -> Option<String> {
    let never = never_doublers(setup);
    if never.is_empty() {
        return None;
    }
    let (who, verbs) = if never.len() == 1 {
        (never[0].to_owned(), "never doubles and always takes")
    } else if never[0] != never[1] {
        (
            format!("{} and {}", never[0], never[1]),
            "never double and always take",
        )
    } else {
        (
            format!("both players ({})", never[0]),
            "never double and always take",
        )
    };
    Some(format!(
        "  note: {who} {verbs} (cube policy \"never\"; name one with \
         gammon.Player(checker, cube=...))"
    ))
}

fn status<T: gammon_core::SimTally, R>(r: &SimRecord<T, R>) -> String {
    if r.stop == StopReason::Interrupted {
        format!(
            "interrupted after {} of {} {}",
            commas(r.tally.count()),
            commas(r.requested),
            r.setup.format.unit()
        )
    } else {
        r.stop.name().to_owned()
    }
}

fn threads_text(threads: u64) -> String {
    format!("{threads} thread{}", if threads == 1 { "" } else { "s" })
}

// -- per-item records --------------------------------------------------------------------

/// Per-match results as numpy arrays, one entry per match in match order (kept with
/// ``record_matches=True``). Iterates over its arrays in field order, as the named tuple it
/// replaces did.
#[pyclass(frozen, name = "MatchRecords", module = "gammon._core")]
pub struct PyMatchRecords {
    /// 0 when the first player won the match, 1 when the second did (``int8``).
    #[pyo3(get)]
    winner: Py<PyArray1<i8>>,
    /// Games played (``uint32``).
    #[pyo3(get)]
    games: Py<PyArray1<u32>>,
    /// Final scores, shape ``(matches, 2)``: first player, second player (``uint32``).
    #[pyo3(get)]
    score: Py<PyArray2<u32>>,
    /// The index (from 0) of the Crawford game, -1 for none (MATCH-3; ``int32``).
    #[pyo3(get)]
    crawford_game: Py<PyArray1<i32>>,
    /// Games ended by a dropped double (``uint32``).
    #[pyo3(get)]
    drops: Py<PyArray1<u32>>,
    /// Cube offers made (doubles, beavers, raccoons; ``uint32``).
    #[pyo3(get)]
    doubles: Py<PyArray1<u32>>,
    /// The highest cube value a game ended with (``uint32``).
    #[pyo3(get)]
    max_cube: Py<PyArray1<u32>>,
    /// Turns played (``uint64``).
    #[pyo3(get)]
    plies: Py<PyArray1<u64>>,
}

/// A 1-d array's values (any array numpy can read as `T`).
fn values<T: numpy::Element + Copy>(a: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<T>> {
    let arr = a.cast::<PyArray1<T>>().map_err(|_| {
        InvalidInputError::new_err(format!(
            "{name} must be a 1-d numpy array of {}",
            std::any::type_name::<T>()
        ))
    })?;
    Ok(arr.readonly().as_array().to_vec())
}

impl PyMatchRecords {
    pub(crate) fn from_core(py: Python<'_>, r: MatchRecords) -> PyResult<PyMatchRecords> {
        let n = r.len();
        let winner: Vec<i8> = r.winner.iter().map(|&w| w as i8).collect();
        let mut score = Vec::with_capacity(2 * n);
        for (w, b) in r.score_white.iter().zip(&r.score_black) {
            score.push(*w);
            score.push(*b);
        }
        Ok(PyMatchRecords {
            winner: PyArray1::from_vec(py, winner).unbind(),
            games: PyArray1::from_vec(py, r.games).unbind(),
            score: PyArray1::from_vec(py, score).reshape([n, 2])?.unbind(),
            crawford_game: PyArray1::from_vec(py, r.crawford_game).unbind(),
            drops: PyArray1::from_vec(py, r.drops).unbind(),
            doubles: PyArray1::from_vec(py, r.doubles).unbind(),
            max_cube: PyArray1::from_vec(py, r.max_cube).unbind(),
            plies: PyArray1::from_vec(py, r.plies).unbind(),
        })
    }

    pub(crate) fn to_core(&self, py: Python<'_>) -> PyResult<MatchRecords> {
        let score = self.score.bind(py).readonly();
        let score = score.as_array();
        Ok(MatchRecords {
            winner: values::<i8>(self.winner.bind(py).as_any(), "winner")?
                .into_iter()
                .map(|w| u8::from(w != 0))
                .collect(),
            games: values(self.games.bind(py).as_any(), "games")?,
            score_white: score.column(0).to_vec(),
            score_black: score.column(1).to_vec(),
            crawford_game: values(self.crawford_game.bind(py).as_any(), "crawford_game")?,
            drops: values(self.drops.bind(py).as_any(), "drops")?,
            doubles: values(self.doubles.bind(py).as_any(), "doubles")?,
            max_cube: values(self.max_cube.bind(py).as_any(), "max_cube")?,
            plies: values(self.plies.bind(py).as_any(), "plies")?,
        })
    }

    fn arrays<'py>(&self, py: Python<'py>) -> [Bound<'py, PyAny>; 8] {
        [
            self.winner.bind(py).clone().into_any(),
            self.games.bind(py).clone().into_any(),
            self.score.bind(py).clone().into_any(),
            self.crawford_game.bind(py).clone().into_any(),
            self.drops.bind(py).clone().into_any(),
            self.doubles.bind(py).clone().into_any(),
            self.max_cube.bind(py).clone().into_any(),
            self.plies.bind(py).clone().into_any(),
        ]
    }
}

#[pymethods]
impl PyMatchRecords {
    /// Builds the records from their arrays (as pickling does); each is converted to its
    /// type and all must have one entry per match. Raises ``InvalidInputError`` otherwise.
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        winner: &Bound<'_, PyAny>,
        games: &Bound<'_, PyAny>,
        score: &Bound<'_, PyAny>,
        crawford_game: &Bound<'_, PyAny>,
        drops: &Bound<'_, PyAny>,
        doubles: &Bound<'_, PyAny>,
        max_cube: &Bound<'_, PyAny>,
        plies: &Bound<'_, PyAny>,
    ) -> PyResult<PyMatchRecords> {
        let score = score.cast::<PyArray2<u32>>().map_err(|_| {
            InvalidInputError::new_err("score must be a numpy array of uint32 of shape (n, 2)")
        })?;
        let s = score.readonly();
        let s = s.as_array();
        if s.ncols() != 2 {
            return Err(InvalidInputError::new_err(
                "score must be a numpy array of uint32 of shape (n, 2)",
            ));
        }
        let r = MatchRecords {
            winner: values::<i8>(winner, "winner")?
                .into_iter()
                .map(|w| u8::from(w != 0))
                .collect(),
            games: values(games, "games")?,
            score_white: s.column(0).to_vec(),
            score_black: s.column(1).to_vec(),
            crawford_game: values(crawford_game, "crawford_game")?,
            drops: values(drops, "drops")?,
            doubles: values(doubles, "doubles")?,
            max_cube: values(max_cube, "max_cube")?,
            plies: values(plies, "plies")?,
        };
        let n = r.len();
        let lens = [
            r.games.len(),
            r.score_white.len(),
            r.crawford_game.len(),
            r.drops.len(),
            r.doubles.len(),
            r.max_cube.len(),
            r.plies.len(),
        ];
        if lens.iter().any(|&l| l != n) {
            return Err(InvalidInputError::new_err(
                "MatchRecords: every array must have one entry per match",
            ));
        }
        PyMatchRecords::from_core(py, r)
    }

    /// The names of the arrays, in order.
    #[classattr]
    fn _fields() -> (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ) {
        (
            "winner",
            "games",
            "score",
            "crawford_game",
            "drops",
            "doubles",
            "max_cube",
            "plies",
        )
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyTuple::new(py, self.arrays(py))?
            .as_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __len__(&self) -> usize {
        8
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        Ok((slf.get_type(), PyTuple::new(py, slf.get().arrays(py))?))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "MatchRecords(matches={})",
            self.games.bind(py).len().unwrap_or(0)
        )
    }
}

/// Per-game results of money play as numpy arrays, one entry per game in game order (kept
/// with ``record_games=True``). Iterates over its arrays in field order, as the named tuple
/// it replaces did.
#[pyclass(frozen, name = "MoneyRecords", module = "gammon._core")]
pub struct PyMoneyRecords {
    /// +1 when the first player won, -1 when the second did (``int8``).
    #[pyo3(get)]
    winner: Py<PyArray1<i8>>,
    /// The result class: an index into ``MONEY_KIND_NAMES`` (``uint8``).
    #[pyo3(get)]
    kind: Py<PyArray1<u8>>,
    /// The first player's net points, cube included (``int32``).
    #[pyo3(get)]
    points: Py<PyArray1<i32>>,
    /// The cube value the game was scored at (``uint32``).
    #[pyo3(get)]
    cube: Py<PyArray1<u32>>,
    /// Cube offers made (``uint32``).
    #[pyo3(get)]
    doubles: Py<PyArray1<u32>>,
    /// Turns played (``uint32``).
    #[pyo3(get)]
    plies: Py<PyArray1<u32>>,
}

impl PyMoneyRecords {
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn from_core(py: Python<'_>, r: MoneyRecords) -> PyResult<PyMoneyRecords> {
        Ok(PyMoneyRecords {
            winner: PyArray1::from_vec(py, r.winner).unbind(),
            kind: PyArray1::from_vec(py, r.kind).unbind(),
            points: PyArray1::from_vec(py, r.points).unbind(),
            cube: PyArray1::from_vec(py, r.cube).unbind(),
            doubles: PyArray1::from_vec(py, r.doubles).unbind(),
            plies: PyArray1::from_vec(py, r.plies).unbind(),
        })
    }

    pub(crate) fn to_core(&self, py: Python<'_>) -> PyResult<MoneyRecords> {
        Ok(MoneyRecords {
            winner: values(self.winner.bind(py).as_any(), "winner")?,
            kind: values(self.kind.bind(py).as_any(), "kind")?,
            points: values(self.points.bind(py).as_any(), "points")?,
            cube: values(self.cube.bind(py).as_any(), "cube")?,
            doubles: values(self.doubles.bind(py).as_any(), "doubles")?,
            plies: values(self.plies.bind(py).as_any(), "plies")?,
        })
    }

    fn arrays<'py>(&self, py: Python<'py>) -> [Bound<'py, PyAny>; 6] {
        [
            self.winner.bind(py).clone().into_any(),
            self.kind.bind(py).clone().into_any(),
            self.points.bind(py).clone().into_any(),
            self.cube.bind(py).clone().into_any(),
            self.doubles.bind(py).clone().into_any(),
            self.plies.bind(py).clone().into_any(),
        ]
    }
}

#[pymethods]
impl PyMoneyRecords {
    /// Builds the records from their arrays (as pickling does); all must have one entry per
    /// game. Raises ``InvalidInputError`` otherwise.
    #[new]
    fn new(
        py: Python<'_>,
        winner: &Bound<'_, PyAny>,
        kind: &Bound<'_, PyAny>,
        points: &Bound<'_, PyAny>,
        cube: &Bound<'_, PyAny>,
        doubles: &Bound<'_, PyAny>,
        plies: &Bound<'_, PyAny>,
    ) -> PyResult<PyMoneyRecords> {
        let r = MoneyRecords {
            winner: values(winner, "winner")?,
            kind: values(kind, "kind")?,
            points: values(points, "points")?,
            cube: values(cube, "cube")?,
            doubles: values(doubles, "doubles")?,
            plies: values(plies, "plies")?,
        };
        let n = r.len();
        let lens = [
            r.kind.len(),
            r.points.len(),
            r.cube.len(),
            r.doubles.len(),
            r.plies.len(),
        ];
        if lens.iter().any(|&l| l != n) {
            return Err(InvalidInputError::new_err(
                "MoneyRecords: every array must have one entry per game",
            ));
        }
        PyMoneyRecords::from_core(py, r)
    }

    /// The names of the arrays, in order.
    #[classattr]
    fn _fields() -> (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ) {
        ("winner", "kind", "points", "cube", "doubles", "plies")
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyTuple::new(py, self.arrays(py))?
            .as_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __len__(&self) -> usize {
        6
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        Ok((slf.get_type(), PyTuple::new(py, slf.get().arrays(py))?))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "MoneyRecords(games={})",
            self.kind.bind(py).len().unwrap_or(0)
        )
    }
}

// -- results ------------------------------------------------------------------------------

/// The setup of a simulation from the Python arguments: `length` None for money play.
pub(crate) fn setup_of(
    variant: gammon_core::Variant,
    length: Option<u32>,
    crawford: bool,
    names: (String, String),
    seed: u64,
    cube_rules: gammon_core::CubeRules,
    depths: Depths,
) -> SimSetup {
    SimSetup {
        variant,
        format: match length {
            Some(length) => SimFormat::Match { length, crawford },
            None => SimFormat::Money,
        },
        players: [names.0, names.1],
        seed,
        cube_rules,
        plies: [depths.0 .0, depths.0 .1],
        cube_plies: [depths.1 .0, depths.1 .1],
        prune: prune_of(&depths),
    }
}

/// The players' searches as the Python arguments give them: ``(plies, cube_plies, prune)``,
/// each a pair (first player, second player); a ``prune`` of None is the default.
pub(crate) type Depths = ((u32, u32), (u32, u32), (Option<u32>, Option<u32>));

/// Players who do not search (the arguments' default).
pub(crate) const NO_SEARCH: Depths = ((0, 0), (0, 0), (None, None));

/// The replies each player's search keeps a roll, the default where none was asked.
pub(crate) fn prune_of(depths: &Depths) -> [u32; 2] {
    let (a, b) = depths.2;
    let [da, db] = SimSetup::DEFAULT_PRUNE;
    [a.unwrap_or(da), b.unwrap_or(db)]
}

/// The players' names for a printout, each with the depth of its search when it searches:
/// ``net+net (2-ply, cube 1-ply)``, and the pruning of a search where it is not the default:
/// ``net+net (1-ply, prune 0)``.
fn labels(setup: &SimSetup) -> [String; 2] {
    [0, 1].map(|i| {
        let (p, c, k) = (setup.plies[i], setup.cube_plies[i], setup.prune[i]);
        let mut how = Vec::new();
        if p > 0 {
            how.push(format!("{p}-ply"));
            if k != SimSetup::DEFAULT_PRUNE[i] {
                how.push(format!("prune {k}"));
            }
        }
        if c > 0 {
            how.push(format!("cube {c}-ply"));
        }
        let name = &setup.players[i];
        if how.is_empty() {
            name.clone()
        } else {
            format!("{name} ({})", how.join(", "))
        }
    })
}

/// What decides a simulation's matches or games.
///
/// The variant, matches to a length (with or without the Crawford rule) or money games, the
/// players by name, the seed and the cube rules. Two results merge, and a checkpoint
/// continues a simulation, only when their setups are equal; ``mismatches`` names what
/// differs.
#[pyclass(frozen, name = "SimulationSetup", module = "gammon._core")]
pub struct PySimulationSetup {
    pub(crate) inner: SimSetup,
}

#[pymethods]
impl PySimulationSetup {
    /// The variant played (a backgammon variant).
    #[getter]
    fn variant(&self) -> PyVariant {
        self.inner.variant.into()
    }

    /// The match length, or None for money games.
    #[getter]
    fn length(&self) -> Option<u32> {
        match self.inner.format {
            SimFormat::Match { length, .. } => Some(length),
            SimFormat::Money => None,
        }
    }

    /// True when the Crawford rule is in force (MATCH-3); False for money games.
    #[getter]
    fn crawford(&self) -> bool {
        matches!(self.inner.format, SimFormat::Match { crawford: true, .. })
    }

    /// The players' names, the first (White) then the second: ``"pubeval+race"``.
    #[getter]
    fn names(&self) -> (String, String) {
        let [a, b] = &self.inner.players;
        (a.clone(), b.clone())
    }

    /// The master seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed
    }

    /// The cube rules asked for (a match plays without the money options, CUBE-11).
    #[getter]
    fn cube_rules(&self) -> PyCubeRules {
        PyCubeRules {
            inner: self.inner.cube_rules,
        }
    }

    /// How deep the first and the second player's checker play searches (0 to 2 plies;
    /// above 0 the net's policy).
    #[getter]
    fn plies(&self) -> (u32, u32) {
        (self.inner.plies[0], self.inner.plies[1])
    }

    /// How deep the first and the second player's cube decisions are searched (0 to 2
    /// plies; above 0 the net's cube policy).
    #[getter]
    fn cube_plies(&self) -> (u32, u32) {
        (self.inner.cube_plies[0], self.inner.cube_plies[1])
    }

    /// How many replies of each roll the pruning net keeps inside the first and the second
    /// player's checker-play search (0: none; the shipped backgammon nets only).
    #[getter]
    fn prune(&self) -> (u32, u32) {
        (self.inner.prune[0], self.inner.prune[1])
    }

    /// The fields in which this setup differs from ``other``.
    ///
    /// ``(field, here, there)`` triples, values written as Python writes them (empty when
    /// the setups are equal).
    fn mismatches(&self, other: &PySimulationSetup) -> Vec<(String, String, String)> {
        self.inner
            .mismatches(&other.inner)
            .into_iter()
            .map(|m| (m.field.to_owned(), m.here, m.there))
            .collect()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PySimulationSetup>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let what = match self.inner.format {
            SimFormat::Match { length, crawford } => {
                format!(
                    "{length}-point matches, crawford={}",
                    if crawford { "True" } else { "False" }
                )
            }
            SimFormat::Money => "money games".to_owned(),
        };
        let [a, b] = &labels(&self.inner);
        format!(
            "<SimulationSetup {what}, {a} vs {b}, {}, seed={}>",
            self.inner.variant.name(),
            self.inner.seed
        )
    }
}

/// What both result classes share: the core's record (its per-item records kept apart, as
/// numpy arrays), the records and the players.
macro_rules! sim_result {
    (
        $cls:ident,
        $tally:ty,
        $py_tally:ident,
        $records:ty,
        $py_records:ident,
        getters { $($rows:tt)* },
        { $($extra:tt)* }
    ) => {
        impl $cls {
            pub(crate) fn new(
                py: Python<'_>,
                mut inner: SimRecord<$tally, $records>,
                players: Py<PyAny>,
            ) -> PyResult<$cls> {
                let records = match inner.records.take() {
                    Some(r) => Some(Py::new(py, $py_records::from_core(py, r)?)?),
                    None => None,
                };
                Ok($cls { inner, records, players })
            }

            fn key(&self) -> (&SimSetup, &Vec<std::ops::Range<u64>>, &$tally) {
                (&self.inner.setup, &self.inner.ranges, &self.inner.tally)
            }

            /// The core record with its per-item records.
            fn full(&self, py: Python<'_>) -> PyResult<SimRecord<$tally, $records>> {
                let mut r = self.inner.clone();
                r.records = match &self.records {
                    Some(p) => Some(p.get().to_core(py)?),
                    None => None,
                };
                Ok(r)
            }

            fn std_error_value(&self) -> f64 {
                gammon_core::SimTally::estimate(&self.inner.tally).1
            }

            /// ``summary``: the ``kind``, the class's own figures (``key:attribute`` as for
            /// the rollouts' ``summary``), then the players, the variant (by name) and how the
            /// run went.
            fn summary_of<'py>(
                slf: &Bound<'py, Self>,
                kind: &str,
                figures: &str,
            ) -> PyResult<Bound<'py, PyDict>> {
                let d = PyDict::new(slf.py());
                d.set_item("kind", kind)?;
                let run = "players:names plies:setup.plies cube_plies:setup.cube_plies \
                           prune:setup.prune variant seed threads seconds:elapsed interrupted \
                           stop_reason";
                let all = format!("{figures} {run}");
                d.update(crate::run_results::summary_of(slf.as_any(), &all)?.as_mapping())?;
                Ok(d)
            }
        }

        crate::getters::py_methods!($cls, getters(|slf| slf.get()) {
            /// The master seed: with it the simulation can be replayed exactly.
            seed -> u64: |me| me.inner.setup.seed;

            /// The cube rules asked for (a match plays without the money options, CUBE-11).
            cube_rules -> PyCubeRules: |me| PyCubeRules { inner: me.inner.setup.cube_rules };

            /// The variant played.
            variant -> PyVariant: |me| me.inner.setup.variant.into();

            /// True when Ctrl-C (or the callback) stopped the simulation early.
            interrupted -> bool: |me| me.inner.stop == StopReason::Interrupted;

            /// ``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``.
            stop_reason -> &'static str: |me| me.inner.stop.name();

            /// Wall-clock seconds (summed over the runs merged or resumed).
            elapsed -> f64: |me| me.inner.elapsed;

            /// Worker threads used.
            threads -> u64: |me| me.inner.threads;

            /// The index of the first item (match or game) held.
            first -> u64: |me| me.inner.first();

            /// The items held, as sorted half-open ranges ``(first, end)``.
            ranges -> Vec<(u64, u64)>: |me| {
                me.inner.ranges.iter().map(|r| (r.start, r.end)).collect()
            };

            /// The core's statistics of the items (exact sums, estimates).
            tally -> $py_tally: |me| $py_tally { inner: me.inner.tally };

            /// The standard error of the estimate (infinite below two items).
            std_error -> f64: |me| me.std_error_value();

            $($rows)*
        }, {
            /// The two players (``gammon.Player``); the first played White.
            #[getter]
            fn players(&self, py: Python<'_>) -> Py<PyAny> {
                self.players.clone_ref(py)
            }

            /// What decides the simulation's items (results merge only when equal).
            #[getter]
            fn setup(&self) -> PySimulationSetup {
                PySimulationSetup {
                    inner: self.inner.setup.clone(),
                }
            }

            /// The players' short names (``"pubeval+race"``): checker play, then cube.
            #[getter]
            fn names(&self) -> (String, String) {
                let [a, b] = &self.inner.setup.players;
                (a.clone(), b.clone())
            }

            /// Both results' items together: exact, in any order the same statistics; the
            /// per-item records are kept when both have them. Raises ``InvalidInputError``
            /// naming the settings in which the simulations differ, or the items they both
            /// hold.
            fn merge(&self, py: Python<'_>, other: &$cls) -> PyResult<$cls> {
                let merged = self
                    .full(py)?
                    .merge(&other.full(py)?)
                    .map_err(|e| sim_merge_error(&e))?;
                $cls::new(py, merged, self.players.clone_ref(py))
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let py = other.py();
                match other.cast::<$cls>() {
                    Ok(o) => Ok(pyo3::types::PyBool::new(py, self.key() == o.get().key())
                        .to_owned()
                        .into_any()
                        .unbind()),
                    Err(_) => Ok(py.NotImplemented()),
                }
            }

            fn __hash__(&self) -> u64 {
                let mut h = DefaultHasher::new();
                self.key().hash(&mut h);
                h.finish()
            }

            /// Pickling: the record's JSON text, the players and the per-item records.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (String, Py<PyAny>, Option<Py<$py_records>>))> {
                let me = slf.get();
                let py = slf.py();
                Ok((
                    slf.getattr("_restore")?,
                    (
                        me.inner.to_text(),
                        me.players.clone_ref(py),
                        me.records.as_ref().map(|r| r.clone_ref(py)),
                    ),
                ))
            }

            /// Rebuilds a result from ``__reduce__``'s parts (unpickling only).
            #[staticmethod]
            fn _restore(
                text: &str,
                players: Py<PyAny>,
                records: Option<Py<$py_records>>,
            ) -> PyResult<$cls> {
                let inner = SimRecord::<$tally, $records>::from_text(text.as_bytes())
                    .map_err(|e| sim_checkpoint_error(&e, "a pickled result"))?;
                Ok($cls { inner, records, players })
            }

            /// Returns this result with the run's stop reason, time, threads and items asked for (the
            /// run driver's last step).
            fn _finished(&self, py: Python<'_>, end: $crate::run_results::RunEnd) -> PyResult<$cls> {
                let mut inner = self.inner.clone();
                inner.stop = stop_of(&end.0)?;
                inner.elapsed = end.1;
                inner.threads = end.2;
                inner.requested = end.3;
                Ok($cls {
                    inner,
                    records: self.records.as_ref().map(|r| r.clone_ref(py)),
                    players: self.players.clone_ref(py),
                })
            }

            /// The text of the checkpoint file of this result, part of a simulation of items
            /// ``first .. first + items``.
            fn _checkpoint(&self, first: u64, items: u64) -> String {
                self.inner.checkpoint_text(first, items)
            }

            /// The items held, the estimate and its standard error (the run driver's
            /// progress).
            #[getter]
            fn _done(&self) -> (u64, f64, f64) {
                let t = &self.inner.tally;
                let (estimate, std_error) = gammon_core::SimTally::estimate(t);
                (gammon_core::SimTally::count(t), estimate, std_error)
            }

            /// The result in a checkpoint file's bytes, checked to continue the simulation of
            /// these settings over items ``first .. first + items`` (``seed`` None: the file's
            /// seed is taken). Raises ``CheckpointError`` naming what is wrong or differs.
            #[staticmethod]
            #[pyo3(signature = (data, path, variant, length, crawford, names, seed, cube_rules, players, first, items, depths=crate::simulation::NO_SEARCH))]
            #[allow(clippy::too_many_arguments)]
            fn _read_checkpoint(
                py: Python<'_>,
                data: &Bound<'_, PyBytes>,
                path: &str,
                variant: &Bound<'_, PyAny>,
                length: Option<u32>,
                crawford: bool,
                names: (String, String),
                seed: Option<u64>,
                cube_rules: PyCubeRules,
                players: Py<PyAny>,
                first: u64,
                items: u64,
                depths: Depths,
            ) -> PyResult<$cls> {
                let setup = setup_of(
                    crate::convert::variant_or_default(variant)?,
                    length,
                    crawford,
                    names,
                    seed.unwrap_or(0),
                    cube_rules.inner,
                    depths,
                );
                setup.validate().map_err(|e| simulation_error(&e))?;
                let inner = SimRecord::<$tally, $records>::read_checkpoint(
                    data.as_bytes(),
                    &setup,
                    seed.is_none(),
                    first,
                    items,
                )
                .map_err(|e: SimCheckpointError| sim_checkpoint_error(&e, path))?;
                $cls::new(py, inner, players)
            }

            $($extra)*
        });
    };
}

/// The result of ``gammon.simulate_match``: the share of matches each player won, with its
/// standard error and 95% interval, the matches' statistics and how the run went.
///
/// Shares and their errors are exact functions of integer counts (``tally``): equal seeds
/// give equal results on any number of threads, in chunks or tasks of any size, and results
/// of ranges of one simulation ``merge`` exactly. Results are equal when they hold the same
/// matches of the same simulation (timing and threads aside); they pickle.
#[pyclass(frozen, name = "MatchResult", module = "gammon._core")]
pub struct PyMatchResult {
    pub(crate) inner: MatchSimRecord,
    records: Option<Py<PyMatchRecords>>,
    players: Py<PyAny>,
}

sim_result!(
    PyMatchResult,
    MatchTally,
    PyMatchTally,
    MatchRecords,
    PyMatchRecords,
    getters {
        /// Matches asked for.
        matches_requested -> u64: |me| me.inner.requested;

        /// Matches played to the end and counted.
        matches_completed -> u64: |me| me.inner.tally.matches;

        /// The index of the first match after the ones held (where a resume starts).
        next_match -> u64: |me| me.inner.next();

        /// Matches won by the first and the second player.
        wins -> (u64, u64): |me| (me.inner.tally.wins.white, me.inner.tally.wins.black);

        /// Games played in all matches.
        games -> u64: |me| me.inner.tally.games;

        /// Crawford games played (at most one a match).
        crawford_games -> u64: |me| me.inner.tally.crawford_games;

        /// Games ended by a dropped double.
        drops -> u64: |me| me.inner.tally.drops;

        /// Cube offers made (in a match: doubles; the money options are off, CUBE-11).
        doubles -> u64: |me| me.inner.tally.doubles;

        /// Points scored by each player over all matches.
        points -> (u64, u64): |me| (me.inner.tally.points.white, me.inner.tally.points.black);

        /// Turns played in all games.
        plies -> u64: |me| me.inner.tally.plies;

        /// The share of matches the first player won (NaN for none).
        win -> f64: |me| me.inner.tally.win_share(gammon_core::Color::White);

        /// The share of matches the second player won.
        lose -> f64: |me| me.inner.tally.win_share(gammon_core::Color::Black);

        /// The 95% confidence interval of ``win``: ±1.96 standard errors; when one
        /// player won every match (the standard error is then 0), the exact one-sided 95% bound
        /// ``1 - 0.05 ** (1 / n)`` (about ``3 / n``, the rule of three) on the other's share.
        ci95 -> (f64, f64): |me| me.inner.tally.win_interval();

        /// The average number of games a match took.
        games_per_match -> f64: |me| me.inner.tally.games_per_match();

        /// The standard error of ``games_per_match``.
        games_per_match_std_error -> f64: |me| me.inner.tally.games_per_match_std_error();

        /// Matches played per wall-clock second.
        matches_per_second -> f64: |me| rate(me.inner.tally.matches, me.inner.elapsed);

        /// Games played per wall-clock second.
        games_per_second -> f64: |me| rate(me.inner.tally.games, me.inner.elapsed);
    },
    {
        /// The match length (MATCH-1).
        #[getter]
        fn length(&self) -> u32 {
            match self.inner.setup.format {
                SimFormat::Match { length, .. } => length,
                SimFormat::Money => 0,
            }
        }

        /// True when the Crawford rule was in force (MATCH-3).
        #[getter]
        fn crawford(&self) -> bool {
            matches!(
                self.inner.setup.format,
                SimFormat::Match { crawford: true, .. }
            )
        }

        /// Per-match ``MatchRecords`` when ``record_matches=True``, else None.
        #[getter]
        fn records(&self, py: Python<'_>) -> Option<Py<PyMatchRecords>> {
            self.records.as_ref().map(|r| r.clone_ref(py))
        }

        /// The figures as plain JSON-ready values, as ``gammon simulate match --json`` prints
        /// them: ``kind`` (``"match"``), ``length``, ``crawford``, ``matches`` (completed),
        /// ``matches_requested``, ``wins``, ``win``, ``std_error``, ``ci95``, ``games``, then
        /// ``players`` (their names), ``plies`` and ``cube_plies`` (their depths), ``prune``
        /// (their searches' pruning), ``variant`` (its name), ``seed``, ``threads``,
        /// ``seconds`` (elapsed), ``interrupted`` and ``stop_reason``.
        fn summary<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
            let figures = "length crawford matches:matches_completed matches_requested wins win \
                           std_error ci95 games";
            Self::summary_of(slf, "match", figures)
        }

        fn __str__(&self) -> String {
            let r = &self.inner;
            let t = &r.tally;
            let [a, b] = &labels(&r.setup);
            let rule = if self.crawford() {
                ""
            } else {
                ", no Crawford rule"
            };
            let mut lines = vec![
                format!(
                    "{}-point matches{rule}: {a} vs {b} ({}, seed {})",
                    self.length(),
                    r.setup.variant.name(),
                    r.setup.seed
                ),
                format!(
                    "{} matches ({} games) in {:.1} s: {} matches/s on {} ({})",
                    commas(t.matches),
                    commas(t.games),
                    r.elapsed,
                    rate_text(rate(self.inner.tally.matches, self.inner.elapsed)),
                    threads_text(r.threads),
                    status(r)
                ),
            ];
            let (lo, hi) = t.win_interval();
            let se = t.std_error();
            lines.push(match t.sweep() {
                Some(gammon_core::Color::White) => format!(
                "  {a} wins every match: 1.0000, at least {lo:.4} with 95% confidence (one-sided \
                 bound 1 - 0.05^(1/n), the rule of three)"
            ),
                Some(gammon_core::Color::Black) => format!(
                    "  {a} wins no match: 0.0000, at most {hi:.4} with 95% confidence (one-sided \
                 bound 1 - 0.05^(1/n), the rule of three)"
                ),
                None => format!(
                    "  {a} wins {}, CI {lo:.4} .. {hi:.4}, standard error {se:.4}",
                    plus_minus(format!("{:.4}", self.inner.tally.win_share(gammon_core::Color::White)), se)
                ),
            });
            lines.push(format!(
                "  {:.2} games a match, {} Crawford games, {} doubles, {} dropped",
                t.games_per_match(),
                commas(t.crawford_games),
                commas(t.doubles),
                commas(t.drops)
            ));
            lines.extend(never_note(&r.setup));
            lines.join("\n")
        }

        fn __repr__(&self) -> String {
            let r = &self.inner;
            let [a, b] = &labels(&r.setup);
            let (lo, hi) = r.tally.win_interval();
            let win = match r.tally.sweep() {
                Some(gammon_core::Color::White) => format!("1.0000 (>= {lo:.4}, 95%)"),
                Some(gammon_core::Color::Black) => format!("0.0000 (<= {hi:.4}, 95%)"),
                None => plus_minus(format!("{:.4}", self.inner.tally.win_share(gammon_core::Color::White)), r.tally.std_error()),
            };
            format!(
                "<MatchResult {}-point {a} vs {b} matches={} win={win} seed={}{}>",
                self.length(),
                r.tally.matches,
                r.setup.seed,
                if self.inner.stop == StopReason::Interrupted {
                    " interrupted"
                } else {
                    ""
                }
            )
        }
    }
);

/// The result of ``gammon.simulate_money``: the first player's average points per game, with
/// its standard error and 95% interval, the games' statistics and how the run went.
///
/// Exact integer sums (``tally``): equal seeds give equal results on any number of threads,
/// in chunks or tasks of any size, and results of ranges of one simulation ``merge``
/// exactly. Results are equal when they hold the same games of the same simulation (timing
/// and threads aside); they pickle.
#[pyclass(frozen, name = "MoneyResult", module = "gammon._core")]
pub struct PyMoneyResult {
    pub(crate) inner: MoneySimRecord,
    records: Option<Py<PyMoneyRecords>>,
    players: Py<PyAny>,
}

sim_result!(
    PyMoneyResult,
    gammon_core::MoneyTally,
    PyMoneyTally,
    MoneyRecords,
    PyMoneyRecords,
    getters {
        /// Games asked for.
        games_requested -> u64: |me| me.inner.requested;

        /// Games played and counted.
        games_completed -> u64: |me| me.inner.tally.games;

        /// The index of the first game after the ones held (where a resume starts).
        next_game -> u64: |me| me.inner.next();

        /// Games each player won by a dropped double (CUBE-6).
        dropped -> (u64, u64): |me| (me.inner.tally.drops.white, me.inner.tally.drops.black);

        /// Cube offers made: doubles, beavers and raccoons.
        doubles -> u64: |me| me.inner.tally.doubles;

        /// The sum of the cube values the games were scored at.
        cube_total -> u64: |me| me.inner.tally.cube;

        /// Turns played.
        plies -> u64: |me| me.inner.tally.plies;

        /// The first player's average net points per game (NaN for none).
        points_per_game -> f64: |me| me.inner.tally.points_per_game();

        /// The first player's net points over all games.
        net_points -> i128: |me| me.inner.tally.points;

        /// The 95% confidence interval of ``points_per_game`` (±1.96 standard errors).
        ci95 -> (f64, f64): |me| me.inner.tally.points_interval();

        /// Games played per wall-clock second.
        games_per_second -> f64: |me| rate(me.inner.tally.games, me.inner.elapsed);
    },
    {
        /// Per-game ``MoneyRecords`` when ``record_games=True``, else None.
        #[getter]
        fn records(&self, py: Python<'_>) -> Option<Py<PyMoneyRecords>> {
            self.records.as_ref().map(|r| r.clone_ref(py))
        }

        /// Games won by each player and how: ``{"first": {"single": n, "gammon": n,
        /// "backgammon": n, "dropped": n}, "second": {...}}``.
        #[getter]
        fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let t = &self.inner.tally;
            let out = PyDict::new(py);
            for (side, wins, dropped) in [
                ("first", &t.wins.white, t.drops.white),
                ("second", &t.wins.black, t.drops.black),
            ] {
                let d = PyDict::new(py);
                for (name, n) in MONEY_KIND_NAMES.iter().zip(wins.iter()).take(3) {
                    d.set_item(*name, *n)?;
                }
                d.set_item("dropped", dropped)?;
                out.set_item(side, d)?;
            }
            Ok(out)
        }

        /// The average cube value the games were scored at (NaN for none).
        #[getter]
        fn mean_cube(&self) -> f64 {
            let t = &self.inner.tally;
            if t.games == 0 {
                f64::NAN
            } else {
                t.cube as f64 / t.games as f64
            }
        }

        /// The figures as plain JSON-ready values, as ``gammon simulate money --json`` prints
        /// them: ``kind`` (``"money"``), ``games`` (completed), ``games_requested``,
        /// ``points_per_game``, ``std_error``, ``ci95``, ``net_points``, ``mean_cube``,
        /// ``counts``, then ``players`` (their names), ``plies`` and ``cube_plies`` (their
        /// depths), ``prune`` (their searches' pruning), ``variant`` (its name), ``seed``,
        /// ``threads``, ``seconds`` (elapsed), ``interrupted`` and ``stop_reason``.
        fn summary<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
            let figures = "games:games_completed games_requested points_per_game std_error ci95 \
                           net_points mean_cube counts";
            Self::summary_of(slf, "money", figures)
        }

        fn __str__(&self) -> String {
            let r = &self.inner;
            let t = &r.tally;
            let [a, b] = &labels(&r.setup);
            let (lo, hi) = t.points_interval();
            let se = t.std_error();
            let mut lines = vec![
                format!(
                    "money games: {a} vs {b} ({}, seed {})",
                    r.setup.variant.name(),
                    r.setup.seed
                ),
                format!(
                    "{} games in {:.1} s: {} games/s on {} ({})",
                    commas(t.games),
                    r.elapsed,
                    rate_text(rate(self.inner.tally.games, self.inner.elapsed)),
                    threads_text(r.threads),
                    status(r)
                ),
                format!(
                    "  {a}: {} points a game, CI {lo:+.4} .. {hi:+.4}, standard error {se:.4}",
                    plus_minus(format!("{:+.4}", t.points_per_game()), se)
                ),
                format!(
                    "  mean cube {:.3}, {} cube offers, dropped {} / {}",
                    self.mean_cube(),
                    commas(t.doubles),
                    commas(t.drops.white),
                    commas(t.drops.black)
                ),
            ];
            lines.extend(never_note(&r.setup));
            lines.join("\n")
        }

        fn __repr__(&self) -> String {
            let r = &self.inner;
            let [a, b] = &labels(&r.setup);
            format!(
                "<MoneyResult {a} vs {b} games={} points={} seed={}{}>",
                r.tally.games,
                plus_minus(
                    format!("{:+.4}", r.tally.points_per_game()),
                    r.tally.std_error()
                ),
                r.setup.seed,
                if self.inner.stop == StopReason::Interrupted {
                    " interrupted"
                } else {
                    ""
                }
            )
        }
    }
);
