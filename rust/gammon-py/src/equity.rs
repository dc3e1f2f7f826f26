//! `gammon.OutcomeDistribution`, `gammon.cubeless_equity` and `gammon.money_equity`: the
//! core's outcome shares and their values, with the readers of whatever describes a
//! distribution (a rollout's result, six shares, gnubg's five figures).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use gammon_core::{OutcomeShares, SharesError, MAX_CUBE_LOG2_LIMIT, SHARES_TOLERANCE};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyFloat, PyInt, PyList, PySequence, PyString, PyTuple};

use crate::convert::{int_in, repr};
use crate::errors::InvalidInputError;

/// The cumulative figures gnubg prints, as attributes of a result.
const CUMULATIVE: [&str; 5] = [
    "win",
    "win_gammon",
    "win_backgammon",
    "lose_gammon",
    "lose_backgammon",
];

/// How games from a position end, from the point of view of the player on roll.
///
/// ``wins`` and ``losses`` are each three **exclusive** shares: (single, gammon, backgammon),
/// so a backgammon is not also counted as a gammon. All six sum to 1.
///
/// The cumulative figures gnubg prints are properties: ``win``, ``win_gammon`` (gammons and
/// backgammons), ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``. Immutable,
/// comparable, hashable and picklable.
///
/// Raises ``InvalidInputError`` when a share is negative or not a number, or the six do not
/// sum to 1 (within 1e-6).
#[pyclass(
    name = "OutcomeDistribution",
    module = "gammon",
    frozen,
    eq,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PyOutcomeDistribution {
    pub inner: OutcomeShares,
}

fn invalid(message: String) -> PyErr {
    InvalidInputError::new_err(message)
}

/// Shares as floats: real numbers only, not text.
fn floats(values: &[Bound<'_, PyAny>], all: &Bound<'_, PyAny>, who: &str) -> PyResult<Vec<f64>> {
    let bad = || invalid(format!("{who}: shares must be numbers, not {}", repr(all)));
    values
        .iter()
        .map(|x| {
            if x.is_instance_of::<PyString>()
                || x.is_instance_of::<PyBytes>()
                || x.is_instance_of::<PyByteArray>()
            {
                return Err(bad());
            }
            x.extract::<f64>().map_err(|_| bad())
        })
        .collect()
}

fn items<'py>(o: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    if let Ok(t) = o.cast::<PyTuple>() {
        Some(t.iter().collect())
    } else if let Ok(l) = o.cast::<PyList>() {
        Some(l.iter().collect())
    } else {
        None
    }
}

fn three(v: &[f64]) -> [f64; 3] {
    [v[0], v[1], v[2]]
}

fn shares_error(e: SharesError, wins: &Bound<'_, PyAny>, losses: &Bound<'_, PyAny>) -> PyErr {
    match e {
        SharesError::BadShare { losses: side } => {
            let (name, v) = if side {
                ("losses", losses)
            } else {
                ("wins", wins)
            };
            invalid(format!(
                "OutcomeDistribution: {name} {} has a bad share",
                repr(v)
            ))
        }
        SharesError::Sum(total) => invalid(format!(
            "OutcomeDistribution: the six shares sum to {}, not 1 (are they cumulative? use \
             from_gnubg)",
            float_repr(wins.py(), total)
        )),
        other => invalid(format!("OutcomeDistribution: {other}")),
    }
}

fn float_repr(py: Python<'_>, x: f64) -> String {
    PyFloat::new(py, x)
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_default()
}

impl PyOutcomeDistribution {
    fn build(wins: &Bound<'_, PyAny>, losses: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut sides = Vec::new();
        for (name, v) in [("wins", wins), ("losses", losses)] {
            let shares = items(v).filter(|s| s.len() == 3).ok_or_else(|| {
                invalid(format!(
                    "OutcomeDistribution: {name} must be three shares (single, gammon, \
                     backgammon), not {}",
                    repr(v)
                ))
            })?;
            sides.push(three(&floats(
                &shares,
                v,
                &format!("OutcomeDistribution: {name}"),
            )?));
        }
        OutcomeShares::new(sides[0], sides[1])
            .map(|inner| PyOutcomeDistribution { inner })
            .map_err(|e| shares_error(e, wins, losses))
    }

    fn of_figures(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = value.py();
        let not = || invalid(format!("not an outcome distribution: {}", repr(value)));
        if let Ok(draws) = value.getattr("draws") {
            if draws.is_instance_of::<PyInt>() || draws.is_instance_of::<PyFloat>() {
                let d: f64 = draws.extract().unwrap_or(0.0);
                if d > 0.0 {
                    let share = PyString::new(py, "{:.4g}")
                        .call_method1("format", (d,))
                        .map(|s| s.to_string())
                        .unwrap_or_default();
                    return Err(invalid(format!(
                        "not an outcome distribution: {} has drawn games (share {share}), \
                         which no win/loss distribution holds",
                        repr(value)
                    )));
                }
            }
        }
        let mut figures = [0.0; 5];
        for (slot, name) in figures.iter_mut().zip(CUMULATIVE) {
            *slot = value.getattr(name)?.extract::<f64>().map_err(|_| not())?;
        }
        let win = figures[0];
        let lose = match value.getattr("lose") {
            Ok(l) => l.extract::<f64>().map_err(|_| not())?,
            Err(_) => 1.0 - win,
        };
        if (win + lose - 1.0).abs() > SHARES_TOLERANCE {
            return Err(invalid(format!(
                "not an outcome distribution: {} (win {} and lose {} do not sum to 1)",
                repr(value),
                float_repr(py, win),
                float_repr(py, lose)
            )));
        }
        Self::cumulative(figures, value)
    }

    fn cumulative(figures: [f64; 5], given: &Bound<'_, PyAny>) -> PyResult<Self> {
        OutcomeShares::from_cumulative(figures)
            .map(|inner| PyOutcomeDistribution { inner })
            .map_err(|e| match e {
                SharesError::NotNested => invalid(format!(
                    "from_gnubg: {} are not nested probabilities",
                    repr(given)
                )),
                other => invalid(format!("from_gnubg: {other}")),
            })
    }
}

/// The items of an iterable of three, as a tuple.
fn three_items<'py>(o: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
    let items: Vec<Bound<'py, PyAny>> = o.try_iter().ok()?.collect::<PyResult<_>>().ok()?;
    if items.len() != 3 {
        return None;
    }
    PyTuple::new(o.py(), items).ok().map(Bound::into_any)
}

/// Reads an ``OutcomeDistribution`` from whatever describes one (``coerce``).
pub(crate) fn distribution_arg(value: &Bound<'_, PyAny>) -> PyResult<PyOutcomeDistribution> {
    if let Ok(d) = value.extract::<PyOutcomeDistribution>() {
        return Ok(d);
    }
    let has_figures = CUMULATIVE
        .iter()
        .all(|a| value.hasattr(*a).unwrap_or(false));
    if has_figures && value.cast::<PySequence>().is_err() {
        return PyOutcomeDistribution::of_figures(value);
    }
    let not = || invalid(format!("not an outcome distribution: {}", repr(value)));
    let wins = value.getattr("wins").ok().filter(|w| !w.is_none());
    let losses = value.getattr("losses").ok().filter(|l| !l.is_none());
    if let (Some(w), Some(l)) = (wins, losses) {
        let (w, l) = (
            three_items(&w).ok_or_else(not)?,
            three_items(&l).ok_or_else(not)?,
        );
        return PyOutcomeDistribution::build(&w, &l);
    }
    if !value.is_instance_of::<PyString>() {
        if let Ok(seq) = value.cast::<PySequence>() {
            if seq.len()? == 6 {
                let all: Vec<Bound<'_, PyAny>> =
                    (0..6).map(|i| seq.get_item(i)).collect::<PyResult<_>>()?;
                let v = floats(&all, value, "OutcomeDistribution")?;
                return OutcomeShares::new(three(&v[..3]), three(&v[3..]))
                    .map(|inner| PyOutcomeDistribution { inner })
                    .map_err(|e| shares_error(e, value, value));
            }
        }
    }
    Err(invalid(format!(
        "not an outcome distribution: {} (need wins/losses or six shares)",
        repr(value)
    )))
}

#[pymethods]
impl PyOutcomeDistribution {
    #[new]
    fn new(wins: &Bound<'_, PyAny>, losses: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::build(wins, losses)
    }

    /// The shares of single games, gammons and backgammons won.
    #[getter]
    fn wins(&self) -> (f64, f64, f64) {
        let [a, b, c] = self.inner.wins;
        (a, b, c)
    }

    /// The shares of single games, gammons and backgammons lost.
    #[getter]
    fn losses(&self) -> (f64, f64, f64) {
        let [a, b, c] = self.inner.losses;
        (a, b, c)
    }

    /// Build a distribution from gnubg's five cumulative probabilities.
    ///
    /// They are: win, win gammon (or backgammon), win backgammon, lose gammon (or
    /// backgammon), lose backgammon.
    ///
    /// Raises ``InvalidInputError`` when there are not five, or they are not consistent (a
    /// gammon share above the wins, ...).
    #[staticmethod]
    fn from_gnubg(probabilities: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bad = || {
            invalid(format!(
                "from_gnubg: five probabilities (win, win gammon, win backgammon, lose gammon, \
                 lose backgammon), not {}",
                repr(probabilities)
            ))
        };
        let values: Vec<f64> = probabilities
            .try_iter()
            .map_err(|_| bad())?
            .map(|x| x.and_then(|x| x.extract::<f64>()).map_err(|_| bad()))
            .collect::<PyResult<_>>()?;
        let figures: [f64; 5] = values.try_into().map_err(|_| bad())?;
        Self::cumulative(figures, probabilities)
    }

    /// Build a distribution from counts of (single, gammon, backgammon) wins and losses.
    ///
    /// Raises ``InvalidInputError`` for negative counts or no game at all.
    #[staticmethod]
    fn from_counts(wins: &Bound<'_, PyAny>, losses: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bad = || {
            invalid(format!(
                "from_counts: three counts each for wins and losses, not {}, {}",
                repr(wins),
                repr(losses)
            ))
        };
        let mut counts = Vec::new();
        for side in [wins, losses] {
            for c in side.try_iter().map_err(|_| bad())? {
                counts.push(int_in(&c?, 0, u64::MAX).ok_or_else(bad)?);
            }
        }
        if counts.len() != 6 {
            return Err(bad());
        }
        OutcomeShares::from_counts(
            [counts[0], counts[1], counts[2]],
            [counts[3], counts[4], counts[5]],
        )
        .map(|inner| PyOutcomeDistribution { inner })
        .map_err(|e| match e {
            SharesError::NoGame => invalid("from_counts: no game counted".to_owned()),
            other => invalid(format!("from_counts: {other}")),
        })
    }

    /// Read an ``OutcomeDistribution`` from whatever describes one.
    ///
    /// Accepted: a distribution; any object with ``wins`` and ``losses`` attributes; any
    /// object with gnubg's five cumulative figures as attributes (``win``, ``win_gammon``,
    /// ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``: a ``RolloutResult``); or six
    /// exclusive shares in the order win single, gammon, backgammon, lose single, gammon,
    /// backgammon.
    ///
    /// Raises ``InvalidInputError`` for anything else, and for a result with drawn games (Long
    /// Nardy's last-roll right), which no win/loss distribution holds.
    #[staticmethod]
    fn coerce(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        distribution_arg(value)
    }

    /// The chance to win.
    #[getter]
    fn win(&self) -> f64 {
        self.inner.win()
    }

    /// The chance to lose.
    #[getter]
    fn lose(&self) -> f64 {
        self.inner.lose()
    }

    /// The chance to win a gammon or a backgammon.
    #[getter]
    fn win_gammon(&self) -> f64 {
        self.inner.wins[1] + self.inner.wins[2]
    }

    /// The chance to win a backgammon.
    #[getter]
    fn win_backgammon(&self) -> f64 {
        self.inner.wins[2]
    }

    /// The chance to lose a gammon or a backgammon.
    #[getter]
    fn lose_gammon(&self) -> f64 {
        self.inner.losses[1] + self.inner.losses[2]
    }

    /// The chance to lose a backgammon.
    #[getter]
    fn lose_backgammon(&self) -> f64 {
        self.inner.losses[2]
    }

    /// Return the same distribution from the opponent's point of view.
    fn flipped(&self) -> Self {
        PyOutcomeDistribution {
            inner: self.inner.flipped(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        for x in self.inner.wins.iter().chain(&self.inner.losses) {
            // Equal floats hash alike (0.0 == -0.0).
            (if *x == 0.0 { 0 } else { x.to_bits() }).hash(&mut h);
        }
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let side = |s: &[f64; 3]| {
            let v: Vec<String> = s.iter().map(|x| float_repr(py, *x)).collect();
            format!("({})", v.join(", "))
        };
        format!(
            "OutcomeDistribution(wins={}, losses={})",
            side(&self.inner.wins),
            side(&self.inner.losses)
        )
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyAny>, ((f64, f64, f64), (f64, f64, f64))) {
        let d = slf.get();
        (slf.get_type().into_any(), (d.wins(), d.losses()))
    }
}

/// A cube value: a power of two from 1 to the cap (CUBE-10).
pub(crate) fn cube_value(cube: &Bound<'_, PyAny>) -> PyResult<u32> {
    int_in(cube, 1, 1u64 << MAX_CUBE_LOG2_LIMIT)
        .filter(|v| v.is_power_of_two())
        .map(|v| v as u32)
        .ok_or_else(|| {
            invalid(format!(
                "a cube value is a power of two >= 1, not {} (CUBE-10)",
                repr(cube)
            ))
        })
}

/// Return the points per game at cube 1 for the player on roll (SCORE-1).
///
/// Wins minus losses, gammons counting 2 and backgammons 3.
///
/// Raises ``InvalidInputError`` for a bad distribution.
#[pyfunction]
pub fn cubeless_equity(distribution: &Bound<'_, PyAny>) -> PyResult<f64> {
    Ok(distribution_arg(distribution)?.inner.cubeless_equity())
}

/// Return the money equity: points per game at cube value ``cube`` for the player on roll.
///
/// With ``jacoby`` and the cube ``centred`` the Jacoby rule applies and every win or loss
/// counts single (MONEY-2); otherwise gammons count 2 and backgammons 3 (SCORE-2).
///
/// Raises ``InvalidInputError`` for a bad distribution or a cube value that is not a power of
/// two >= 1 (CUBE-10).
#[pyfunction]
#[pyo3(
    signature = (distribution, *, cube=None, jacoby=false, centred=true),
    text_signature = "(distribution, *, cube=1, jacoby=False, centred=True)"
)]
pub fn money_equity(
    distribution: &Bound<'_, PyAny>,
    cube: Option<&Bound<'_, PyAny>>,
    jacoby: bool,
    centred: bool,
) -> PyResult<f64> {
    let d = distribution_arg(distribution)?;
    let cube = match cube {
        None => 1,
        Some(c) => cube_value(c)?,
    };
    Ok(d.inner.money_equity(cube, jacoby && centred))
}
