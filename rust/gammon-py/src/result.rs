//! `gammon.GameResult` and `gammon.Ending`: the one game-result record, the core's
//! (`gammon_core::GameOver`), as a frozen value. The turn state machine (`turn.rs`) and
//! `Cube.drop` (`cube.rs`) make them; money sessions add them up with the core's
//! `money_record`.

use gammon_core::{money_record, ByColor, Ending, GameOver, OutcomeKind};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::convert::{int_in, repr};
use crate::errors::InvalidInputError;
use crate::types::{color_arg, PyColor};

/// How a finished game ended; the values are gnubg's Match ID game states (ID-4).
#[pyclass(
    name = "Ending",
    module = "gammon",
    frozen,
    eq,
    eq_int,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyEnding {
    /// A player bore off the last checker (SCORE-1), or Long Nardy's draw. Game state 2.
    #[pyo3(name = "BORNE_OFF")]
    BorneOff = 2,
    /// A resignation was accepted (RESIGN-2), or a Long Nardy surrender (LN-36). Game state 3.
    #[pyo3(name = "RESIGNED")]
    Resigned = 3,
    /// A double was dropped (CUBE-6). Game state 4.
    #[pyo3(name = "DROPPED")]
    Dropped = 4,
}

impl From<Ending> for PyEnding {
    fn from(e: Ending) -> PyEnding {
        match e {
            Ending::BorneOff => PyEnding::BorneOff,
            Ending::Resigned => PyEnding::Resigned,
            Ending::Dropped => PyEnding::Dropped,
        }
    }
}

impl From<PyEnding> for Ending {
    fn from(e: PyEnding) -> Ending {
        match e {
            PyEnding::BorneOff => Ending::BorneOff,
            PyEnding::Resigned => Ending::Resigned,
            PyEnding::Dropped => Ending::Dropped,
        }
    }
}

#[pymethods]
impl PyEnding {
    /// The Match ID game state (ID-4): 2, 3 or 4.
    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let getattr = py.import("builtins")?.getattr("getattr")?;
        let args = (py.get_type::<PyEnding>(), slf.get().name()).into_pyobject(py)?;
        Ok((getattr, args))
    }

    /// The name: ``"BORNE_OFF"``, ``"RESIGNED"`` or ``"DROPPED"``.
    #[getter]
    fn name(&self) -> &'static str {
        match self {
            PyEnding::BorneOff => "BORNE_OFF",
            PyEnding::Resigned => "RESIGNED",
            PyEnding::Dropped => "DROPPED",
        }
    }
}

const KINDS: [OutcomeKind; 7] = [
    OutcomeKind::Single,
    OutcomeKind::Gammon,
    OutcomeKind::Backgammon,
    OutcomeKind::Oin,
    OutcomeKind::Mars,
    OutcomeKind::Koks,
    OutcomeKind::Draw,
];

/// The scored result of a finished game: the one game-result record, the core's.
///
/// ``points`` is what the winner adds to their score: the level times the cube value, the
/// level forced to 1 by the Jacoby rule where it applies (SCORE-2, MONEY-2, RESIGN-2), or the
/// pre-double value for a dropped double (CUBE-6). ``kind`` names the level: ``"single"``,
/// ``"gammon"`` or ``"backgammon"`` (SCORE-1; for a resignation the level resigned; for a
/// drop ``"single"``), or Long Nardy's ``"oin"``, ``"mars"``, ``"koks"``, ``"draw"``.
/// ``cube`` is the cube value the points were counted at. ``winner`` is ``None`` only for
/// Long Nardy's draw (LN-37). Frozen, hashable and picklable.
///
/// Raises ``InvalidInputError`` for a winner that is not a ``Color`` (or a ``None`` winner
/// that is no draw), a negative ``points``, an unknown ``kind``, an ``ending`` that is not an
/// ``Ending`` or a ``cube`` below 1.
#[pyclass(
    name = "GameResult",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyGameResult {
    pub inner: GameOver,
}

#[pymethods]
impl PyGameResult {
    #[new]
    #[pyo3(signature = (winner, points, kind=None, ending=None, cube=None))]
    fn new(
        winner: &Bound<'_, PyAny>,
        points: &Bound<'_, PyAny>,
        kind: Option<&Bound<'_, PyAny>>,
        ending: Option<&Bound<'_, PyAny>>,
        cube: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        const W: &str = "GameResult";
        let points = int_in(points, 0, u64::from(u32::MAX))
            .map(|v| v as u32)
            .ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "{W}: points must be an int >= 0, not {} (SCORE-2)",
                    repr(points)
                ))
            })?;
        let cube = match cube {
            None => 1,
            Some(c) => int_in(c, 1, u64::from(u32::MAX))
                .map(|v| v as u32)
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "{W}: cube must be an int >= 1, not {}",
                        repr(c)
                    ))
                })?,
        };
        let kind = match kind {
            None => OutcomeKind::Single,
            Some(k) => k
                .extract::<String>()
                .ok()
                .and_then(|name| KINDS.into_iter().find(|x| x.name() == name))
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "{W}: kind must be single, gammon, backgammon, oin, mars, koks or draw, \
                         not {}",
                        repr(k)
                    ))
                })?,
        };
        let ending = match ending {
            None => Ending::BorneOff,
            Some(e) => e
                .extract::<PyEnding>()
                .map_err(|_| {
                    InvalidInputError::new_err(format!(
                        "{W}: ending must be an Ending, not {}",
                        repr(e)
                    ))
                })?
                .into(),
        };
        let winner = if winner.is_none() {
            if points != 0 || kind != OutcomeKind::Draw {
                return Err(InvalidInputError::new_err(format!(
                    "{W}: only a draw (kind 'draw', 0 points) has no winner (LN-37)"
                )));
            }
            None
        } else {
            Some(color_arg(winner).map_err(|_| {
                InvalidInputError::new_err(format!(
                    "{W}: winner must be a gammon.Color, not {}",
                    repr(winner)
                ))
            })?)
        };
        Ok(PyGameResult {
            inner: GameOver {
                winner,
                points,
                kind,
                ending,
                cube,
            },
        })
    }

    /// The winner, or ``None`` for Long Nardy's draw (LN-37).
    #[getter]
    fn winner(&self) -> Option<PyColor> {
        self.inner.winner.map(PyColor::from)
    }

    /// The player who lost, or ``None`` for a draw.
    #[getter]
    fn loser(&self) -> Option<PyColor> {
        self.inner.winner.map(|w| PyColor::from(w.other()))
    }

    /// The points the winner scores (after the cube and the Jacoby rule).
    #[getter]
    fn points(&self) -> u32 {
        self.inner.points
    }

    /// The class of the result: ``"single"``, ``"gammon"``, ``"backgammon"``...
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.name()
    }

    /// How the game ended.
    #[getter]
    fn ending(&self) -> PyEnding {
        self.inner.ending.into()
    }

    /// The cube value the points were counted at.
    #[getter]
    fn cube(&self) -> u32 {
        self.inner.cube
    }

    /// The money-session score ``(white, black)`` after this result is added to ``score``
    /// (MONEY-1); totals saturate at the Match ID's limit.
    fn added_to(&self, score: (u32, u32)) -> (u32, u32) {
        let s = money_record(
            ByColor {
                white: score.0,
                black: score.1,
            },
            self.inner.winner,
            self.inner.points,
        );
        (s.white, s.black)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let g = slf.get();
        let args =
            (g.winner(), g.points(), g.kind(), g.ending(), g.cube()).into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }

    fn __repr__(&self) -> String {
        let winner = match self.inner.winner {
            Some(w) => format!("Color.{}", w.name().to_uppercase()),
            None => "None".to_owned(),
        };
        let ending = match self.inner.ending {
            Ending::BorneOff => "BORNE_OFF",
            Ending::Resigned => "RESIGNED",
            Ending::Dropped => "DROPPED",
        };
        format!(
            "GameResult(winner={winner}, points={}, kind='{}', ending=Ending.{ending}, cube={})",
            self.inner.points,
            self.inner.kind.name(),
            self.inner.cube
        )
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }
}
