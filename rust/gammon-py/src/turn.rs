//! `gammon.TurnState` and `gammon.Resignation`: the core's turn state machine
//! (`gammon_core::TurnState`) as frozen values; its results are `result.rs`'s. `gammon.Game`
//! keeps a history of `TurnState`s and presents them; every rule of the sequence of a game,
//! its legal actions included, is the core's. Only argument conversion and the checks that
//! tie a `Play` object to the state live here.

use gammon_core::{
    level_name, Color, CubeAnswer, Resignation, Scoreboard, TurnAction, TurnError, TurnErrorKind,
    TurnState, VariantPosition,
};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::classes::{PyPlay, PyPosition};
use crate::convert::{int_in, repr};
use crate::cube::PyCube;
use crate::errors::{
    guard, IllegalActionError, IllegalCubeActionError, IllegalPlayError, InvalidInputError,
};
use crate::match_score::PyMatchScore;
use crate::nardy::{referee, NardyScoring};
use crate::result::PyGameResult;
use crate::types::{color_arg, dice_arg, text_arg, PyColor};

pub(crate) fn turn_error(e: TurnError) -> PyErr {
    match e.kind {
        TurnErrorKind::Cube => IllegalCubeActionError::new_err(e.message),
        TurnErrorKind::Play => IllegalPlayError::new_err(e.message),
        TurnErrorKind::Action => IllegalActionError::new_err(e.message),
    }
}

fn level_arg(o: &Bound<'_, PyAny>) -> PyResult<u8> {
    match int_in(o, 1, 3) {
        // 1..=3 fits a u8.
        Some(v) => Ok(v as u8),
        None => Err(InvalidInputError::new_err(format!(
            "a resignation level is single, gammon or backgammon (1-3), not {} (RESIGN-1)",
            repr(o)
        ))),
    }
}

/// A resignation offer: ``player`` offers to lose at ``level`` (1 single, 2 gammon,
/// 3 backgammon) times the cube (RESIGN-1). Frozen and hashable.
///
/// Raises ``InvalidInputError`` for a player that is not a ``Color`` or a level outside 1-3.
#[pyclass(
    name = "Resignation",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyResignation {
    pub inner: Resignation,
}

#[pymethods]
impl PyResignation {
    #[new]
    fn new(player: &Bound<'_, PyAny>, level: &Bound<'_, PyAny>) -> PyResult<Self> {
        let player = color_arg(player)?;
        let level = level_arg(level)?;
        Ok(PyResignation {
            inner: Resignation { player, level },
        })
    }

    /// The player who offers to resign.
    #[getter]
    fn player(&self) -> PyColor {
        self.inner.player.into()
    }

    /// What they give up: 1 single, 2 gammon, 3 backgammon (``gammon.ResignLevel`` values).
    #[getter]
    fn level(&self) -> u8 {
        self.inner.level
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyColor, u8))> {
        let r = slf.get().inner;
        Ok((slf.get_type().into_any(), (r.player.into(), r.level)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Resignation(Color.{}, {})",
            self.inner.player.name().to_uppercase(),
            self.inner.level
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{} resigns a {}",
            self.inner.player,
            level_name(self.inner.level)
        )
    }
}

/// One game between two actions, owned by the core's turn state machine: the position, the
/// cube (with its rules and any pending offer), the dice, the resignation offers and the
/// result, under a match (``match_score``) or money play (``None``).
///
/// Every action returns the next state or raises the ``IllegalActionError`` subclass naming
/// the rule it breaks. ``gammon.Game`` keeps a history of these and presents them.
///
/// Raises ``InvalidInputError`` when the match is over (MATCH-1), the Crawford game has a
/// turned cube (MATCH-3), a double and a resignation are both pending (RESIGN-5), or the
/// opening state holds dice or offers (BG-10).
#[pyclass(
    name = "TurnState",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyTurnState {
    pub inner: TurnState<VariantPosition>,
}

fn opt_player(player: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Color>> {
    match player {
        Some(p) if !p.is_none() => Ok(Some(color_arg(p)?)),
        _ => Ok(None),
    }
}

impl PyTurnState {
    /// Checks that `play` may be played now: a checker play is due (BG-12, BG-14), and the
    /// play belongs to this position (MOVE-9) and these dice (MOVE-1). A `Play` is made only
    /// from the legal plays of its position and dice, so that is legality.
    pub(crate) fn check_py_play(&self, play: &PyPlay) -> PyResult<()> {
        let text = play.text();
        let dice = self.inner.check_play(&text).map_err(turn_error)?;
        if play.before != self.inner.position {
            return Err(IllegalPlayError::new_err(format!(
                "the play {text} belongs to position {}, not to this game's {} (MOVE-9)",
                play.before.id(),
                self.inner.position.id()
            )));
        }
        if play.dice != dice {
            return Err(IllegalPlayError::new_err(format!(
                "the play {text} was made for {}-{}, but {}-{} was rolled (MOVE-1)",
                play.dice.high(),
                play.dice.low(),
                dice.high(),
                dice.low()
            )));
        }
        Ok(())
    }
}

pub(crate) fn next(r: Result<TurnState<VariantPosition>, TurnError>) -> PyResult<PyTurnState> {
    r.map(|inner| PyTurnState { inner }).map_err(turn_error)
}

#[pymethods]
impl PyTurnState {
    #[new]
    #[pyo3(signature = (position, cube, match_score=None, *, opening=false, dice=None, resignation=None, nardy=None))]
    fn new(
        position: PyPosition,
        cube: PyCube,
        match_score: Option<PyMatchScore>,
        opening: bool,
        dice: Option<&Bound<'_, PyAny>>,
        resignation: Option<PyResignation>,
        nardy: Option<NardyScoring>,
    ) -> PyResult<Self> {
        let dice = match dice {
            Some(d) if !d.is_none() => Some(dice_arg(d)?),
            _ => None,
        };
        if let Some(settings) = nardy {
            let referee = settings.referee()?;
            let mut inner = TurnState::new_nardy(position.inner, referee)
                .map_err(|e| InvalidInputError::new_err(format!("Game: {e}")))?;
            if inner.result.is_none() {
                inner.dice = dice;
            }
            return Ok(PyTurnState { inner });
        }
        let board = match match_score {
            Some(m) => Scoreboard::Match(m.inner),
            None => Scoreboard::Money,
        };
        TurnState::new(
            position.inner,
            board,
            cube.inner,
            opening,
            dice,
            resignation.map(|r| r.inner),
        )
        .map(|inner| PyTurnState { inner })
        .map_err(|e| InvalidInputError::new_err(format!("Game: {e}")))
    }

    /// The position; its ``turn`` is the player on roll.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.inner.position,
        }
    }

    /// The cube under the rules that apply in this game (money-only options off in a match).
    #[getter]
    fn cube(&self) -> PyCube {
        PyCube {
            inner: self.inner.cube,
        }
    }

    /// The match the game belongs to (its score and Crawford state), or ``None`` in money
    /// play.
    #[getter]
    fn match_score(&self) -> Option<PyMatchScore> {
        self.inner
            .board
            .as_match()
            .map(|m| PyMatchScore { inner: *m })
    }

    /// True until the opening roll has decided who moves first (BG-10).
    #[getter]
    fn is_opening(&self) -> bool {
        self.inner.opening
    }

    /// The dice of the player on roll, larger first, or ``None`` before rolling.
    #[getter]
    fn dice(&self) -> Option<(u8, u8)> {
        self.inner.dice.map(|d| (d.high(), d.low()))
    }

    /// True while Black plays the extra last roll of Long Nardy (LN-37).
    #[getter]
    fn in_extra_turn(&self) -> bool {
        self.inner.extra_turn
    }

    /// True for a Long Nardy game (scored under the settings of §9).
    #[getter]
    fn is_nardy(&self) -> bool {
        self.inner.nardy.is_some()
    }

    /// The player on roll.
    #[getter]
    fn turn(&self) -> PyColor {
        self.inner.turn().into()
    }

    /// The player who must act now (see ``gammon.Game.to_act``).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn to_act(&self) -> PyColor {
        self.inner.to_act().into()
    }

    /// The resignation awaiting an answer (after an accepted one: that one), if any.
    #[getter]
    fn resignation(&self) -> Option<PyResignation> {
        self.inner.resign_offer.map(|inner| PyResignation { inner })
    }

    /// The declined offer still remembered until the next action, if any (RESIGN-3).
    #[getter]
    fn declined_resignation(&self) -> Option<PyResignation> {
        self.inner
            .resign_declined
            .map(|inner| PyResignation { inner })
    }

    /// The result once the game is over, else ``None``.
    #[getter]
    fn result(&self) -> Option<PyGameResult> {
        self.inner.result.map(|inner| PyGameResult { inner })
    }

    /// What the game waits for, in words ("white has not rolled", ...).
    #[getter]
    fn phase(&self) -> String {
        self.inner.phase_text()
    }

    /// True when the player on roll may double now (CUBE-2, CUBE-3, CUBE-10, MATCH-3,
    /// MATCH-7, BG-12).
    #[getter]
    fn may_double(&self) -> bool {
        self.inner.may_double()
    }

    /// Raise ``IllegalCubeActionError`` naming the rule when the player on roll may not
    /// double now; see ``may_double``.
    fn check_double(&self) -> PyResult<()> {
        self.inner.check_double().map_err(turn_error)
    }

    /// Return the dice the player on roll plays now; raise ``IllegalPlayError`` naming
    /// ``what`` and the phase when no checker play is due (BG-12, BG-14).
    fn check_play(&self, what: &str) -> PyResult<(u8, u8)> {
        let d = self.inner.check_play(what).map_err(turn_error)?;
        Ok((d.high(), d.low()))
    }

    /// The state after a roll: at the opening White's die and Black's die (BG-10, BG-11,
    /// CUBE-20), later the dice of the player on roll (BG-12).
    pub(crate) fn roll(&self, dice: &Bound<'_, PyAny>) -> PyResult<PyTurnState> {
        // The opening roll is one die each, so White's and Black's dice keep their order.
        let (first, second) = match dice.extract::<(i64, i64)>() {
            Ok((a, b)) if (1..=6).contains(&a) && (1..=6).contains(&b) => (a as u8, b as u8),
            _ => {
                let d = dice_arg(dice)?;
                (d.high(), d.low())
            }
        };
        next(self.inner.roll(first, second))
    }

    /// The state after the player on roll doubles (CUBE-4).
    fn double(&self) -> PyResult<PyTurnState> {
        next(self.inner.double())
    }

    /// The state after the doubled player takes (CUBE-5).
    fn take(&self) -> PyResult<PyTurnState> {
        next(self.inner.answer(CubeAnswer::Take))
    }

    /// The state after the doubled player drops: the game is over (CUBE-6).
    fn drop(&self) -> PyResult<PyTurnState> {
        next(self.inner.answer(CubeAnswer::Drop))
    }

    /// The state after the doubled player beavers (CUBE-12, money play).
    fn beaver(&self) -> PyResult<PyTurnState> {
        next(self.inner.answer(CubeAnswer::Beaver))
    }

    /// The state after a raccoon (CUBE-13, money play).
    fn raccoon(&self) -> PyResult<PyTurnState> {
        next(self.inner.answer(CubeAnswer::Raccoon))
    }

    /// The state after an offer to resign at ``level`` 1-3 by the player on roll
    /// (RESIGN-1); in Long Nardy, after ``player`` (default: the player to act) surrenders,
    /// which ends the game at the value of the position (LN-36; ``level`` must be 1).
    #[pyo3(signature = (level, player=None))]
    fn resign(
        &self,
        level: &Bound<'_, PyAny>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTurnState> {
        let level = level_arg(level)?;
        next(self.inner.resign_as(level, opt_player(player)?))
    }

    /// The state after the pending resignation is accepted: the game is over (RESIGN-2).
    fn accept(&self) -> PyResult<PyTurnState> {
        next(self.inner.answer_resignation(true))
    }

    /// The state after the pending resignation is declined (RESIGN-3).
    fn decline(&self) -> PyResult<PyTurnState> {
        next(self.inner.answer_resignation(false))
    }

    /// The state after ``play`` (a ``Play`` of this position and dice, MOVE-1, MOVE-9).
    pub(crate) fn play(&self, play: PyPlay) -> PyResult<PyTurnState> {
        guard(|| {
            self.check_py_play(&play)?;
            Ok(PyTurnState {
                inner: self.inner.played(play.after_position()),
            })
        })
    }

    /// The state after the empty play, legal only when the roll cannot be played (MOVE-8).
    pub(crate) fn empty_play(&self) -> PyResult<PyTurnState> {
        guard(|| {
            self.inner.check_empty_play().map_err(turn_error)?;
            Ok(PyTurnState {
                inner: self.inner.played(self.inner.position.pass_turn()),
            })
        })
    }

    /// The state after ``action``: a ``Play`` of this position and dice, or an action word
    /// of ``legal_actions`` other than ``"roll"`` (``"double"``, ``"take"``, ``"resign
    /// gammon"``...), with ``player`` resigning for a resignation (default: the player to
    /// act). The transition is the one of the method of that name; a roll needs its dice
    /// (:meth:`roll`).
    ///
    /// Raises ``InvalidInputError`` for a text that is no such word, and the errors of the
    /// transition.
    #[pyo3(signature = (action, player=None))]
    fn act(
        &self,
        action: &Bound<'_, PyAny>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTurnState> {
        if let Ok(play) = action.extract::<PyPlay>() {
            return self.play(play);
        }
        let word = text_arg(action, "an action")?;
        let player = opt_player(player)?;
        match TurnAction::<()>::from_word(word.trim(), player) {
            Some(TurnAction::Double) => self.double(),
            Some(TurnAction::Take) => self.take(),
            Some(TurnAction::Drop) => self.drop(),
            Some(TurnAction::Beaver) => self.beaver(),
            Some(TurnAction::Raccoon) => self.raccoon(),
            Some(TurnAction::Resign { level, player }) => next(self.inner.resign_as(level, player)),
            Some(TurnAction::Accept) => self.accept(),
            Some(TurnAction::Decline) => self.decline(),
            Some(TurnAction::EmptyPlay) => self.empty_play(),
            _ => Err(InvalidInputError::new_err(format!(
                "{} is not an action word: double, take, drop, beaver, raccoon, accept, \
                 decline, empty play, resign single|gammon|backgammon, or a Play",
                repr(action)
            ))),
        }
    }

    /// Everything the player to act may do now, in a fixed order (the core's): at the
    /// opening ``"roll"`` (BG-10); facing a double ``"take"``, ``"drop"`` and ``"beaver"`` /
    /// ``"raccoon"`` where allowed (CUBE-4, CUBE-12, CUBE-13); facing a resignation
    /// ``"accept"``, ``"decline"`` (RESIGN-2, RESIGN-3); before rolling ``"roll"`` and
    /// ``"double"`` when allowed (CUBE-2, CUBE-3); after rolling the legal ``Play`` objects,
    /// or ``"empty play"`` when the roll cannot be played (MOVE-8); then, with
    /// ``resignations=True`` (not by default), the offers to resign where allowed (``"resign single"``,
    /// ``"resign gammon"``, ``"resign backgammon"``; RESIGN-1; Long Nardy's surrender,
    /// LN-36); nothing after the end. The words are those ``gammon.Game.push`` reads.
    #[pyo3(signature = (resignations=false))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        resignations: bool,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let actions = guard(|| Ok(self.inner.legal_actions(resignations)))?;
        let dice = self.inner.dice;
        actions
            .into_iter()
            .map(|a| match (a, dice) {
                (TurnAction::Play(play), Some(dice)) => Ok(PyPlay {
                    before: self.inner.position,
                    dice,
                    play,
                }
                .into_pyobject(py)?
                .into_any()),
                (a, _) => Ok(PyString::new(py, &a.word().unwrap_or_default()).into_any()),
            })
            .collect()
    }

    /// Tell whether the player to act may take ``action`` now: a ``Play`` of this position
    /// and dice, or an action word of ``legal_actions`` (``"roll"``, ``"double"``,
    /// ``"resign gammon"``...), with ``player`` resigning for a resignation (default: the
    /// player to act). The checks are those of the transitions themselves.
    ///
    /// Raises ``InvalidInputError`` for a text that is no action word.
    #[pyo3(signature = (action, player=None))]
    fn is_legal(
        &self,
        action: &Bound<'_, PyAny>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        if let Ok(play) = action.extract::<PyPlay>() {
            return guard(|| Ok(self.check_py_play(&play).is_ok()));
        }
        let word = text_arg(action, "an action")?;
        let player = opt_player(player)?;
        let act = TurnAction::from_word(word.trim(), player).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "{} is not an action word: roll, double, take, drop, beaver, raccoon, accept, \
                 decline, empty play, resign single|gammon|backgammon, or a Play",
                repr(action)
            ))
        })?;
        guard(|| Ok(self.inner.is_legal(&act)))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let t = slf.get();
        let s = t.inner;
        let match_score = s.board.as_match().map(|m| PyMatchScore { inner: *m });
        let args = (
            t.position(),
            t.cube(),
            match_score,
            s.opening,
            t.dice(),
            t.resignation(),
            t.declined_resignation(),
            t.result(),
            s.nardy
                .map(|r| (r.end_variant.name(), r.koks.name(), r.last_roll)),
            s.extra_turn,
        )
            .into_pyobject(py)?;
        let ctor = py.import("gammon._core")?.getattr("_turn_state")?;
        Ok((ctor, args))
    }

    fn __repr__(&self) -> String {
        format!(
            "<TurnState {}: {}>",
            self.inner.position.id(),
            self.inner.phase_text()
        )
    }
}

/// Rebuilds a pickled `TurnState` from its parts.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (position, cube, match_score, opening, dice, resignation, declined, result, nardy=None, extra_turn=false))]
pub fn _turn_state(
    position: PyPosition,
    cube: PyCube,
    match_score: Option<PyMatchScore>,
    opening: bool,
    dice: Option<&Bound<'_, PyAny>>,
    resignation: Option<PyResignation>,
    declined: Option<PyResignation>,
    result: Option<PyGameResult>,
    nardy: Option<(String, String, bool)>,
    extra_turn: bool,
) -> PyResult<PyTurnState> {
    let mut t = match nardy {
        Some((end_variant, koks, last_roll)) => {
            let r = referee(&end_variant, &koks, last_roll)?;
            let inner = TurnState::new_nardy(position.inner, r)
                .map_err(|e| InvalidInputError::new_err(format!("Game: {e}")))?;
            PyTurnState { inner }
        }
        None => PyTurnState::new(
            position,
            cube,
            match_score,
            opening,
            dice,
            resignation,
            None,
        )?,
    };
    t.inner.dice = match dice {
        Some(d) if !d.is_none() => Some(dice_arg(d)?),
        _ => None,
    };
    t.inner.extra_turn = extra_turn;
    t.inner.resign_declined = declined.map(|r| r.inner);
    t.inner.result = result.map(|r| r.inner);
    Ok(t)
}
