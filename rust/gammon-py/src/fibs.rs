//! `gammon.fibs.FibsBoard` and `gammon.fibs.FibsState`: the core's codec of FIBS board strings
//! (`gammon_core::text::fibs`) as frozen values. `gammon/fibs.py` documents the format and
//! re-exports them.

use gammon_core::text::fibs::{FibsBoard, FibsState, FIBS_NUMBERS};
use gammon_core::{fibs_board_of, VariantPosition};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::classes::PyPosition;
use crate::errors::{fibs_error, InvalidInputError, ParseError};
use crate::match_score::score_arg;
use crate::turn::PyTurnState;
use crate::types::{text_arg, PyColor};

/// One board string, field by field (``ints`` are fields 3-52 as integers).
///
/// ``FibsBoard.parse(text)`` reads a string; ``str()`` writes it back exactly (spaces after
/// the colons, as some servers send them, are dropped). ``FibsBoard(you, opponent, ints)``
/// checks the fields as ``parse`` does. Frozen, hashable and picklable.
#[pyclass(name = "FibsBoard", module = "gammon.fibs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyFibsBoard {
    inner: FibsBoard,
}

fn board(inner: FibsBoard) -> PyFibsBoard {
    PyFibsBoard { inner }
}

#[pymethods]
impl PyFibsBoard {
    #[new]
    fn new(you: &str, opponent: &str, ints: Vec<i64>) -> PyResult<PyFibsBoard> {
        let numbers: [i64; FIBS_NUMBERS] = ints.try_into().map_err(|v: Vec<i64>| {
            InvalidInputError::new_err(format!(
                "a FIBS board has {FIBS_NUMBERS} integer fields (3-52), not {}",
                v.len()
            ))
        })?;
        FibsBoard::new(you, opponent, numbers)
            .map(board)
            .map_err(|e| fibs_error(&e))
    }

    /// Read a ``board:...`` string.
    ///
    /// The home and bar fields (43-48) must agree with the board: the home and bar where
    /// ``direction`` puts them, the checkers borne off completing each side to the same number
    /// (15, or 1-3 in hypergammon), the checkers on the bar as the board holds them (or 0, as
    /// gnubg writes them).
    ///
    /// Raises :class:`~gammon.ParseError` naming the field that is wrong.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<PyFibsBoard> {
        if !text.is_instance_of::<PyString>() {
            let kind = text.get_type().name().map(|n| n.to_string());
            return Err(ParseError::new_err(format!(
                "a FIBS board string is a str, not {}",
                kind.unwrap_or_default()
            )));
        }
        let t = text_arg(text, "a FIBS board string")?;
        FibsBoard::parse(&t).map(board).map_err(|e| fibs_error(&e))
    }

    /// Write a game's state as gnubg's external interface does (White is "you").
    ///
    /// ``names`` is ``(white, black)``, by default ``("White", "Black")``.
    #[classmethod]
    #[pyo3(signature = (game, *, names=None))]
    fn from_game(
        _cls: &Bound<'_, PyType>,
        game: &Bound<'_, PyAny>,
        names: Option<(String, String)>,
    ) -> PyResult<PyFibsBoard> {
        let names = names.unwrap_or_else(|| ("White".to_owned(), "Black".to_owned()));
        let state: PyTurnState = game.getattr("state")?.extract()?;
        let score = score_arg("score", &game.getattr("match")?.getattr("score")?)?;
        fibs_board_of(&state.inner, score, (&names.0, &names.1))
            .map(board)
            .map_err(|e| fibs_error(&e))
    }

    /// Field 1: your name.
    #[getter]
    fn you(&self) -> &str {
        self.inner.you()
    }

    /// Field 2: the opponent's name.
    #[getter]
    fn opponent(&self) -> &str {
        self.inner.opponent()
    }

    /// Fields 3-52 as integers.
    #[getter]
    fn ints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.numbers())
    }

    /// Field 3: the match length (9999 for an unlimited match).
    #[getter]
    fn match_length(&self) -> i64 {
        self.inner.field(3)
    }

    /// Fields 4-5: your score and the opponent's.
    #[getter]
    fn scores(&self) -> (i64, i64) {
        self.pair(4)
    }

    /// Fields 6-31: the 26 board fields (O positive, X negative).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.numbers()[3..29])
    }

    /// Field 32: the colour on roll, 0 when the game is over.
    #[getter]
    fn turn(&self) -> i64 {
        self.inner.field(32)
    }

    /// Fields 33-34: your dice (0 before rolling).
    #[getter]
    fn dice(&self) -> (i64, i64) {
        self.pair(33)
    }

    /// Fields 35-36: the opponent's dice.
    #[getter]
    fn opponent_dice(&self) -> (i64, i64) {
        self.pair(35)
    }

    /// Field 37: the cube value.
    #[getter]
    fn cube(&self) -> i64 {
        self.inner.field(37)
    }

    /// Fields 38-39: whether you and the opponent may double.
    #[getter]
    fn may_double(&self) -> (bool, bool) {
        let (a, b) = self.pair(38);
        (a != 0, b != 0)
    }

    /// Field 40: non-zero when a double awaits an answer (gnubg: the doubler's sign).
    #[getter]
    fn was_doubled(&self) -> i64 {
        self.inner.field(40)
    }

    /// Field 41: 1 if you play O (positive), -1 if X.
    #[getter]
    fn colour(&self) -> i64 {
        self.inner.field(41)
    }

    /// Field 42: -1 if you move from 24 to 1, 1 if from 1 to 24.
    #[getter]
    fn direction(&self) -> i64 {
        self.inner.field(42)
    }

    /// Field 43: the board field of your home (0 if you move down, 25 if up).
    #[getter]
    fn home(&self) -> i64 {
        self.inner.field(43)
    }

    /// Field 44: the board field of your bar (25 if you move down, 0 if up).
    #[getter]
    fn bar(&self) -> i64 {
        self.inner.field(44)
    }

    /// Fields 45-46: the checkers you and the opponent have borne off.
    #[getter]
    fn borne_off(&self) -> (i64, i64) {
        self.pair(45)
    }

    /// Fields 47-48: your checkers on the bar and the opponent's (gnubg writes 0, 0).
    #[getter]
    fn on_bar(&self) -> (i64, i64) {
        self.pair(47)
    }

    /// Field 51: the Crawford game lies behind (gnubg: its post-Crawford flag).
    #[getter]
    fn did_crawford(&self) -> i64 {
        self.inner.field(51)
    }

    /// Your checkers and the opponent's, each in its own numbering (25 = bar).
    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let (you, opp) = self.inner.checkers();
        let dict = |side: [i64; 26]| -> PyResult<Bound<'py, PyDict>> {
            let d = PyDict::new(py);
            for (p, &n) in side.iter().enumerate().filter(|(_, &n)| n != 0) {
                d.set_item(p, n)?;
            }
            Ok(d)
        };
        Ok((dict(you)?, dict(opp)?))
    }

    /// The position, dice, cube and score the board describes ("you" is White).
    ///
    /// ``gnubg=True`` reads names and scores as gnubg's external interface writes them (the
    /// player on roll first); ``gnubg=False`` as the FIBS document says ("you" first).
    ///
    /// Raises :class:`~gammon.ParseError` for a finished game (turn 0) or checkers no game can
    /// reach.
    #[pyo3(signature = (*, gnubg=true))]
    fn state(&self, gnubg: bool) -> PyResult<PyFibsState> {
        self.inner
            .state(gnubg)
            .map(|inner| PyFibsState { inner })
            .map_err(|e| fibs_error(&e))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let you = PyString::new(py, self.inner.you()).repr()?;
        let opponent = PyString::new(py, self.inner.opponent()).repr()?;
        Ok(format!("FibsBoard(you={you}, opponent={opponent})"))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, BoardArgs)> {
        let b = &slf.get().inner;
        let args = (
            b.you().to_owned(),
            b.opponent().to_owned(),
            b.numbers().to_vec(),
        );
        Ok((slf.get_type().into_any(), args))
    }
}

/// The arguments that rebuild a [`PyFibsBoard`]: the names and fields 3-52.
type BoardArgs = (String, String, Vec<i64>);

impl PyFibsBoard {
    fn pair(&self, first: usize) -> (i64, i64) {
        (self.inner.field(first), self.inner.field(first + 1))
    }
}

/// What a board string says, in gammon's terms.
///
/// ``position`` has the player on roll to move; the board's "you" is White. ``doubled``
/// means the player not on roll must answer a double; ``cube`` is the value before it, as
/// FIBS writes it. ``score`` and ``names`` are ``(white, black)``; ``match_length`` 0 means
/// money play; ``crawford`` marks the Crawford game (MATCH-3). Frozen and hashable.
#[pyclass(name = "FibsState", module = "gammon.fibs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyFibsState {
    inner: FibsState,
}

#[pymethods]
impl PyFibsState {
    /// The position, the player on roll to move.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: VariantPosition::Backgammon(self.inner.position),
        }
    }

    /// The dice of the player on roll, larger first, or ``None`` before rolling.
    #[getter]
    fn dice(&self) -> Option<(u8, u8)> {
        self.inner.dice
    }

    /// The cube value (before a pending double).
    #[getter]
    fn cube(&self) -> i64 {
        self.inner.cube
    }

    /// The cube's owner, ``None`` when centred.
    #[getter]
    fn cube_owner(&self) -> Option<PyColor> {
        self.inner.cube_owner.map(Into::into)
    }

    /// The player not on roll must answer a double.
    #[getter]
    fn doubled(&self) -> bool {
        self.inner.doubled
    }

    /// The match length, 0 for money play.
    #[getter]
    fn match_length(&self) -> i64 {
        self.inner.match_length
    }

    /// The score, ``(white, black)``.
    #[getter]
    fn score(&self) -> (i64, i64) {
        self.inner.score
    }

    /// The Crawford game (MATCH-3).
    #[getter]
    fn crawford(&self) -> bool {
        self.inner.crawford
    }

    /// The names, ``(white, black)``.
    #[getter]
    fn names(&self) -> (String, String) {
        self.inner.names.clone()
    }

    /// The player who must decide: the player on roll, or the doubled player.
    #[getter]
    fn to_act(&self) -> PyColor {
        let t = gammon_core::Position::turn(&self.inner.position);
        if self.inner.doubled { !t } else { t }.into()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let s = &self.inner;
        let position = self.position().into_pyobject(py)?.repr()?;
        let names = self.names().into_pyobject(py)?.repr()?;
        let opt = |o: Option<String>| o.unwrap_or_else(|| "None".to_owned());
        Ok(format!(
            "FibsState(position={position}, dice={}, cube={}, cube_owner={}, doubled={}, \
             match_length={}, score={:?}, crawford={}, names={names})",
            opt(s.dice.map(|d| format!("{d:?}"))),
            s.cube,
            opt(s
                .cube_owner
                .map(|c| format!("Color.{}", c.name().to_uppercase()))),
            if s.doubled { "True" } else { "False" },
            s.match_length,
            s.score,
            if s.crawford { "True" } else { "False" },
        ))
    }
}
