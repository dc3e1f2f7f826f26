//! The actions of a game (`gammon.Roll`, `gammon.Double`, ..., `gammon.Resign`,
//! `gammon.parse_action`) and `gammon.Game`'s base class: everything read from a game's
//! scoreboard, current `TurnState` and Long Nardy settings (the properties, the legal
//! actions, the IDs, the games an ID describes) and the reading of an action or its text.
//! `gammon.Game` (Python) holds those three and adds the history (`push`/`pop`) and the dice
//! source; every rule is the core's turn state machine (`turn.rs`).

use gammon_core::{level_name, Color, TurnAction, VariantPlay};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple, PyType};

use crate::classes::{PyPlay, PyPosition};
use crate::convert::{int_in, repr, VariantArg};
use crate::cube::{PyCube, PyCubeRules};
use crate::errors::{guard, IllegalActionError, InvalidDiceError, InvalidInputError, ParseError};
use crate::ids::{_game_from_id, PyMatchId, PyXgid};
use crate::match_score::PyMatchScore;
use crate::nardy::PyNardySettings;
use crate::result::PyGameResult;
use crate::scoreboards::{PyMatch, PyMoneySession};
use crate::turn::{next, PyResignation, PyTurnState};
use crate::types::{text_arg, PyColor};

// ------------------------------------------------------------------------------------------
// The actions
// ------------------------------------------------------------------------------------------

/// The pair of dice ``dice`` names: ints 1-6 in the order given; ``InvalidDiceError`` else.
fn dice_pair(dice: &Bound<'_, PyAny>) -> PyResult<(u8, u8)> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = dice.cast::<PyTuple>() {
        t.iter().collect()
    } else if let Ok(l) = dice.cast::<PyList>() {
        l.iter().collect()
    } else {
        Vec::new()
    };
    if items.len() != 2 {
        return Err(InvalidDiceError::new_err(format!(
            "dice: dice must be a pair such as (3, 1), not {}",
            repr(dice)
        )));
    }
    match (int_in(&items[0], 1, 6), int_in(&items[1], 1, 6)) {
        // 1..=6 fits a u8.
        (Some(a), Some(b)) => Ok((a as u8, b as u8)),
        _ => Err(InvalidDiceError::new_err(format!(
            "dice: each die shows 1 to 6, not {}",
            repr(dice)
        ))),
    }
}

/// The level 1-3 a resignation level names: an int 1-3 (a ``ResignLevel``) or a name
/// (``"single"``/``"normal"``/``"s"``/``"n"``, ``"gammon"``/``"g"``, ``"backgammon"``/``"b"``/
/// ``"bg"``); ``InvalidInputError`` naming RESIGN-1 else.
pub(crate) fn resign_level(value: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Some(v) = int_in(value, 1, 3) {
        // 1..=3 fits a u8.
        return Ok(v as u8);
    }
    if let Ok(s) = value.cast::<PyString>() {
        let key = s.to_cow()?.trim().to_lowercase();
        match key.as_str() {
            "single" | "normal" | "s" | "n" => return Ok(1),
            "gammon" | "g" => return Ok(2),
            "backgammon" | "b" | "bg" => return Ok(3),
            _ => {}
        }
    }
    Err(InvalidInputError::new_err(format!(
        "a resignation level is single, gammon or backgammon (1-3), not {} (RESIGN-1)",
        repr(value)
    )))
}

/// Reads a resignation level as ``gammon.ResignLevel.parse`` does: its value 1-3.
///
/// Raises ``InvalidInputError`` for anything but a level, 1-3 or a level's name (RESIGN-1).
#[pyfunction]
pub fn _resign_level(value: &Bound<'_, PyAny>) -> PyResult<u8> {
    resign_level(value)
}

/// The ``gammon.ResignLevel`` of `level` 1-3.
fn level_object(py: Python<'_>, level: u8) -> PyResult<Bound<'_, PyAny>> {
    py.import("gammon.cube")?
        .getattr("ResignLevel")?
        .call1((level,))
}

/// What an action's ``__reduce__`` returns: its class and the arguments that rebuild it.
type Reduction<'py> = (Bound<'py, PyType>, Bound<'py, PyTuple>);

/// Defines an action without arguments: a frozen class named by one word.
macro_rules! word_action {
    ($rust:ident, $name:literal, $word:literal, $action:expr, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(name = $name, module = "gammon", frozen, eq, hash, from_py_object)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $rust;

        impl $rust {
            /// The turn state machine's action.
            fn action() -> TurnAction<VariantPlay> {
                $action
            }
        }

        #[pymethods]
        impl $rust {
            #[new]
            fn new() -> Self {
                $rust
            }

            /// The word ``str()`` gives and ``parse_action`` reads.
            #[classattr]
            fn word() -> &'static str {
                $word
            }

            fn __str__(&self) -> &'static str {
                $word
            }

            fn __repr__(&self) -> String {
                format!("{}()", $name)
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduction<'py>> {
                Ok((slf.get_type(), PyTuple::empty(slf.py())))
            }
        }
    };
}

word_action!(
    PyDouble,
    "Double",
    "double",
    TurnAction::Double,
    "Offer a double before rolling (CUBE-3, CUBE-4)."
);
word_action!(
    PyTake,
    "Take",
    "take",
    TurnAction::Take,
    "Take the pending double (CUBE-5)."
);
word_action!(
    PyDrop,
    "Drop",
    "drop",
    TurnAction::Drop,
    "Drop (pass) the pending double: the game ends (CUBE-6)."
);
word_action!(
    PyBeaver,
    "Beaver",
    "beaver",
    TurnAction::Beaver,
    "Take the double and redouble at once, keeping the cube (CUBE-12; money play)."
);
word_action!(
    PyRaccoon,
    "Raccoon",
    "raccoon",
    TurnAction::Raccoon,
    "Answer a beaver by redoubling again, keeping the cube (CUBE-13; money play)."
);
word_action!(
    PyAccept,
    "Accept",
    "accept",
    TurnAction::Accept,
    "Accept the pending resignation: the game ends (RESIGN-2)."
);
word_action!(
    PyDecline,
    "Decline",
    "decline",
    TurnAction::Decline,
    "Decline the pending resignation: play goes on (RESIGN-3)."
);
word_action!(
    PyEmptyPlay,
    "EmptyPlay",
    "empty play",
    TurnAction::EmptyPlay,
    "The empty play, when the roll cannot be played at all (MOVE-8, BAR-4)."
);

/// Roll the dice (BG-12).
///
/// ``dice`` is the roll, or ``None`` for "roll at random" in ``Game.legal_actions`` and
/// ``Game.push``. At the opening roll the pair is ``(White's die, Black's die)`` (BG-10);
/// later it is the roller's two dice.
///
/// Raises ``InvalidDiceError`` for dice that are not a pair of 1-6.
#[pyclass(name = "Roll", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyRoll {
    pub(crate) dice: Option<(u8, u8)>,
}

#[pymethods]
impl PyRoll {
    #[new]
    #[pyo3(signature = (dice=None))]
    fn new(dice: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(PyRoll {
            dice: dice.map(dice_pair).transpose()?,
        })
    }

    /// The dice rolled, or ``None`` for a roll at random.
    #[getter]
    fn dice(&self) -> Option<(u8, u8)> {
        self.dice
    }

    fn __str__(&self) -> String {
        match self.dice {
            None => "roll".to_owned(),
            Some((a, b)) => format!("roll {a}{b}"),
        }
    }

    fn __repr__(&self) -> String {
        match self.dice {
            None => "Roll()".to_owned(),
            Some((a, b)) => format!("Roll(({a}, {b}))"),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduction<'py>> {
        let args = (slf.get().dice,).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// Offer to resign at ``level`` (RESIGN-1); in Long Nardy, surrender (LN-36).
///
/// ``level`` is a ``ResignLevel``, 1-3 or its name. ``player`` is who resigns: ``None`` for
/// the player to act. In backgammon only the player on roll offers; in Long Nardy either
/// player may surrender at any moment.
///
/// Raises ``InvalidInputError`` for a level other than 1-3 or its name, or a ``player`` that
/// is not a ``Color``.
#[pyclass(name = "Resign", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyResign {
    level: u8,
    player: Option<Color>,
}

#[pymethods]
impl PyResign {
    #[new]
    #[pyo3(signature = (level=None, player=None), text_signature = "(level=ResignLevel.SINGLE, player=None)")]
    fn new(level: Option<&Bound<'_, PyAny>>, player: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let level = level.map(resign_level).transpose()?.unwrap_or(1);
        let player = match player {
            None => None,
            Some(p) => Some(p.extract::<PyColor>().map_err(|_| {
                InvalidInputError::new_err(format!(
                    "Resign: player must be a Color, not {}",
                    repr(p)
                ))
            })?),
        };
        Ok(PyResign {
            level,
            player: player.map(Color::from),
        })
    }

    /// What the resignation gives up (a ``ResignLevel``).
    #[getter]
    fn level<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        level_object(py, self.level)
    }

    /// Who resigns, or ``None`` for the player to act.
    #[getter]
    fn player(&self) -> Option<PyColor> {
        self.player.map(PyColor::from)
    }

    fn __str__(&self) -> String {
        let level = level_name(self.level);
        match self.player {
            None => format!("resign {level}"),
            Some(p) => format!("resign {level} ({})", p.name()),
        }
    }

    fn __repr__(&self) -> String {
        let level = format!("ResignLevel.{}", level_name(self.level).to_uppercase());
        match self.player {
            None => format!("Resign({level})"),
            Some(p) => format!("Resign({level}, Color.{})", p.name().to_uppercase()),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduction<'py>> {
        let r = slf.get();
        let args = (r.level, r.player.map(PyColor::from)).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// The object of a word action (a resignation by the player to act).
pub(crate) fn word_object<'py>(
    py: Python<'py>,
    action: &TurnAction<VariantPlay>,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match *action {
        TurnAction::Roll => PyRoll { dice: None }.into_pyobject(py)?.into_any(),
        TurnAction::Double => PyDouble.into_pyobject(py)?.into_any(),
        TurnAction::Take => PyTake.into_pyobject(py)?.into_any(),
        TurnAction::Drop => PyDrop.into_pyobject(py)?.into_any(),
        TurnAction::Beaver => PyBeaver.into_pyobject(py)?.into_any(),
        TurnAction::Raccoon => PyRaccoon.into_pyobject(py)?.into_any(),
        TurnAction::Accept => PyAccept.into_pyobject(py)?.into_any(),
        TurnAction::Decline => PyDecline.into_pyobject(py)?.into_any(),
        TurnAction::EmptyPlay => PyEmptyPlay.into_pyobject(py)?.into_any(),
        // The words name no resigning player: the player to act resigns.
        TurnAction::Resign { level, .. } => PyResign {
            level,
            player: None,
        }
        .into_pyobject(py)?
        .into_any(),
        // The caller turns plays into `Play` objects.
        TurnAction::Play(_) => py.None().into_bound(py),
    })
}

/// The action an action object stands for (a roll with its dice, if any), or `None` when
/// `obj` is no action object.
pub(crate) enum Act {
    Roll(Option<(u8, u8)>),
    Play(PyPlay),
    Other(TurnAction<VariantPlay>),
}

pub(crate) fn act_of(obj: &Bound<'_, PyAny>) -> Option<Act> {
    if let Ok(p) = obj.extract::<PyPlay>() {
        return Some(Act::Play(p));
    }
    if let Ok(r) = obj.cast::<PyRoll>() {
        return Some(Act::Roll(r.get().dice));
    }
    if let Ok(r) = obj.cast::<PyResign>() {
        let r = r.get();
        return Some(Act::Other(TurnAction::Resign {
            level: r.level,
            player: r.player,
        }));
    }
    let word = if obj.is_instance_of::<PyDouble>() {
        PyDouble::action()
    } else if obj.is_instance_of::<PyTake>() {
        PyTake::action()
    } else if obj.is_instance_of::<PyDrop>() {
        PyDrop::action()
    } else if obj.is_instance_of::<PyBeaver>() {
        PyBeaver::action()
    } else if obj.is_instance_of::<PyRaccoon>() {
        PyRaccoon::action()
    } else if obj.is_instance_of::<PyAccept>() {
        PyAccept::action()
    } else if obj.is_instance_of::<PyDecline>() {
        PyDecline::action()
    } else if obj.is_instance_of::<PyEmptyPlay>() {
        PyEmptyPlay::action()
    } else {
        return None;
    };
    Some(Act::Other(word))
}

/// Read the action a word names, or return ``None``.
///
/// The words are ``"roll"``, ``"roll 31"``, ``"double"``/``"redouble"``, ``"take"``/``"accept
/// double"``, ``"drop"``/``"pass"``/``"refuse"``, ``"beaver"``, ``"raccoon"``, ``"resign"``
/// [``single``|``gammon``|``backgammon``], ``"accept"``, ``"decline"``/``"reject"`` and
/// ``"empty play"``, in any case. Any other text gives ``None`` (it may be a checker play).
///
/// Raises ``ParseError`` for ``roll`` or ``resign`` with a bad argument.
#[pyfunction]
pub fn parse_action<'py>(text: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = text.py();
    let raw = text_arg(text, "an action text")?;
    let key = raw
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let word = match key.as_str() {
        "double" | "redouble" => Some(TurnAction::Double),
        "take" | "accept double" => Some(TurnAction::Take),
        "drop" | "pass" | "refuse" => Some(TurnAction::Drop),
        "beaver" => Some(TurnAction::Beaver),
        "raccoon" => Some(TurnAction::Raccoon),
        "accept" => Some(TurnAction::Accept),
        "decline" | "reject" => Some(TurnAction::Decline),
        "roll" => Some(TurnAction::Roll),
        "empty play" => Some(TurnAction::EmptyPlay),
        _ => None,
    };
    if let Some(w) = word {
        return word_object(py, &w).map(Some);
    }
    let (head, rest) = key.split_once(' ').unwrap_or((key.as_str(), ""));
    match head {
        "roll" => {
            let digits: Vec<char> = rest.chars().filter(|c| *c != '-' && *c != ' ').collect();
            let dice = match digits.as_slice() {
                [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => {
                    // Two ASCII digits are 0..=9.
                    (
                        a.to_digit(10).unwrap_or(0) as u8,
                        b.to_digit(10).unwrap_or(0) as u8,
                    )
                }
                _ => {
                    return Err(ParseError::new_err(format!(
                        "'roll' takes two dice such as 'roll 31', not {}",
                        repr(text)
                    )))
                }
            };
            if !(1..=6).contains(&dice.0) || !(1..=6).contains(&dice.1) {
                return Err(ParseError::new_err(format!(
                    "dice: each die shows 1 to 6, not ({}, {})",
                    dice.0, dice.1
                )));
            }
            Ok(Some(
                PyRoll { dice: Some(dice) }.into_pyobject(py)?.into_any(),
            ))
        }
        "resign" => {
            let name = PyString::new(py, if rest.is_empty() { "single" } else { rest });
            let level = resign_level(name.as_any())
                .map_err(|e| ParseError::new_err(e.value(py).to_string()))?;
            Ok(Some(
                PyResign {
                    level,
                    player: None,
                }
                .into_pyobject(py)?
                .into_any(),
            ))
        }
        _ => Ok(None),
    }
}

// ------------------------------------------------------------------------------------------
// The game
// ------------------------------------------------------------------------------------------

/// ``gammon.Game``'s base: everything read from a game's scoreboard (``_board``), current
/// turn state (``_state``) and Long Nardy settings (``_settings``), which are attributes of
/// the instance (so that a copy of its ``__dict__`` is a copy of the game), and the reading
/// of actions. ``gammon.Game`` adds the history.
#[pyclass(name = "_GameBase", module = "gammon._core", subclass, dict)]
pub struct PyGameBase;

fn invalid(message: String) -> PyErr {
    InvalidInputError::new_err(message)
}

/// The current turn state of a game.
fn state_of(slf: &Bound<'_, PyAny>) -> PyResult<PyTurnState> {
    Ok(slf
        .getattr(intern!(slf.py(), "_state"))?
        .extract::<PyTurnState>()?)
}

/// The scoreboard of a game: a ``Match`` or a ``MoneySession``.
fn board_of<'py>(slf: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    slf.getattr(intern!(slf.py(), "_board"))
}

/// The Long Nardy settings of a game, if any.
fn settings_of(slf: &Bound<'_, PyAny>) -> PyResult<Option<PyNardySettings>> {
    Ok(slf
        .getattr(intern!(slf.py(), "_settings"))?
        .extract::<Option<PyNardySettings>>()?)
}

/// The scoreboard of ``match`` / ``session`` (a new money session when neither is given).
fn scoreboard_arg<'py>(
    py: Python<'py>,
    game_match: Option<&Bound<'py, PyAny>>,
    session: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    match (game_match, session) {
        (Some(_), Some(_)) => Err(invalid(
            "Game: give a match or a money session, not both".to_owned(),
        )),
        (Some(m), None) if m.is_instance_of::<PyMatch>() => Ok(m.clone()),
        (Some(m), None) => Err(invalid(format!(
            "Game: match must be a gammon.Match, not {}",
            repr(m)
        ))),
        (None, Some(s)) if s.is_instance_of::<PyMoneySession>() => Ok(s.clone()),
        (None, Some(s)) => Err(invalid(format!(
            "Game: session must be a gammon.MoneySession, not {}",
            repr(s)
        ))),
        (None, None) => Ok(py.get_type::<PyMoneySession>().call0()?),
    }
}

/// The action ``action`` (an action object, a ``Play`` or a text) stands for in ``state``.
fn act_arg(state: &PyTurnState, action: &Bound<'_, PyAny>) -> PyResult<Act> {
    let py = action.py();
    if let Ok(text) = action.cast::<PyString>() {
        if let Some(parsed) = parse_action(text.as_any())? {
            return act_of(&parsed).ok_or_else(|| invalid("not an action".to_owned()));
        }
        let raw = text_arg(text.as_any(), "an action text")?;
        if raw.trim().is_empty() {
            return Ok(Act::Other(TurnAction::EmptyPlay));
        }
        let quoted = PyString::new(py, &raw).repr()?.to_string();
        let dice = state
            .inner
            .check_play(&quoted)
            .map_err(crate::turn::turn_error)?;
        let position = PyPosition {
            inner: state.inner.position,
        };
        return Ok(Act::Play(guard(|| position.resolve(&raw, Some(dice)))?));
    }
    act_of(action).ok_or_else(|| invalid(format!("not an action: {}", repr(action))))
}

/// The state after ``act`` (a roll with its dice).
fn next_state(state: &PyTurnState, py: Python<'_>, act: Act) -> PyResult<PyTurnState> {
    let s = state.inner;
    match act {
        Act::Roll(Some(dice)) => state.roll(&dice.into_pyobject(py)?.into_any()),
        Act::Roll(None) => Err(invalid("push: a roll needs its dice".to_owned())),
        Act::Play(p) => state.play(p),
        Act::Other(word) => match s.act_word(&word) {
            Some(r) => next(r),
            None => Err(invalid("push: not an action".to_owned())),
        },
    }
}

/// What ``_GameBase._setup`` returns: the scoreboard, the first state, the settings.
type Setup<'py> = (Bound<'py, PyAny>, PyTurnState, Option<PyNardySettings>);

crate::getters::py_methods!(PyGameBase, getters(|slf| state_of(slf)?.inner) {
    /// The position; its ``turn`` is the player on roll.
    position -> PyPosition: |s| PyPosition { inner: s.position };

    /// The dice of the player on roll, larger first, or ``None`` before rolling.
    dice -> Option<(u8, u8)>: |s| s.dice.map(|d| (d.high(), d.low()));

    /// The cube: value, owner, any pending offer, and the rules that apply.
    cube -> PyCube: |s| PyCube { inner: s.cube };

    /// The cube rules that apply in this game (money-only options off in a match).
    cube_rules -> PyCubeRules: |s| PyCubeRules { inner: s.cube.rules };

    /// True while Black plays the extra last roll of Long Nardy (LN-37).
    in_extra_turn -> bool: |s| s.extra_turn;

    /// The player on roll (gnubg's ``fMove``), as ``Position.turn``.
    ///
    /// The player whose turn it is, also while the opponent answers their double or
    /// resignation; ``to_act`` names the player who must act.
    turn -> PyColor: |s| s.turn().into();

    /// The player who must act now (gnubg's ``fTurn``).
    ///
    /// The player on roll, or the opponent while a double or resignation awaits an answer.
    /// At the opening roll, White stands for both players. After the end it is the player
    /// gnubg leaves to act: the loser after a bear-off, the dropper, the accepter.
    to_act -> PyColor: |s| s.to_act().into();

    /// True until the opening roll has decided who moves first (BG-10).
    is_opening -> bool: |s| s.opening;

    /// The resignation awaiting an answer, if any (RESIGN-1).
    resignation -> Option<PyResignation>: |s| s.resign_offer.map(|inner| PyResignation { inner });

    /// The declined offer still remembered, if any (RESIGN-3).
    declined_resignation -> Option<PyResignation>: |s| {
        s.resign_declined.map(|inner| PyResignation { inner })
    };

    /// The result once the game is over, else ``None``.
    result -> Option<PyGameResult>: |s| s.result.map(|inner| PyGameResult { inner });

    /// True once the game has ended (BG-14).
    is_over -> bool: |s| s.result.is_some();
}, {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        PyGameBase
    }

    /// The scoreboard, the first turn state and the Long Nardy settings of a new game, from
    /// ``gammon.Game``'s arguments (see there), checked.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (r#match=None, cube=None, *, session=None, position=None, variant=None, dice=None, settings=None))]
    fn _setup<'py>(
        py: Python<'py>,
        r#match: Option<&Bound<'py, PyAny>>,
        cube: Option<&Bound<'py, PyAny>>,
        session: Option<&Bound<'py, PyAny>>,
        position: Option<&Bound<'py, PyAny>>,
        variant: Option<&Bound<'py, PyAny>>,
        dice: Option<&Bound<'py, PyAny>>,
        settings: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Setup<'py>> {
        let board = scoreboard_arg(py, r#match, session)?;
        let mut opening = position.is_none() && dice.is_none();
        let mut position = match position {
            None => py
                .get_type::<PyPosition>()
                .call_method1("start", (variant,))?
                .extract::<PyPosition>()?,
            Some(p) => {
                let p = p.extract::<PyPosition>().map_err(|_| {
                    invalid(format!(
                        "Game: position must be a gammon.Position, not {}",
                        repr(p)
                    ))
                })?;
                if let Some(v) = variant {
                    if v.extract::<VariantArg>()?.0 != p.inner.variant() {
                        return Err(invalid(format!(
                            "Game: variant {} contradicts the position's {}",
                            repr(v),
                            p.inner.variant()
                        )));
                    }
                }
                p
            }
        };
        let nardy = position.inner.variant() == gammon_core::Variant::LongNardy;
        let settings = match settings {
            _ if nardy && (r#match.is_some() || cube.is_some()) => {
                return Err(invalid(
                    "Game: Long Nardy has no cube and no match; its games make a \
                     gammon.nardy.Series (LN-38)"
                        .to_owned(),
                ))
            }
            None if nardy => Some(
                py.get_type::<PyNardySettings>()
                    .call0()?
                    .extract::<PyNardySettings>()?,
            ),
            Some(s) if nardy => Some(s.extract::<PyNardySettings>().map_err(|_| {
                invalid(format!(
                    "Game: settings must be a gammon.nardy.NardySettings, not {}",
                    repr(s)
                ))
            })?),
            Some(_) => {
                return Err(invalid(format!(
                    "Game: settings are Long Nardy's (§9); a {} game has none",
                    position.inner.variant()
                )))
            }
            None => None,
        };
        if let Some(s) = settings {
            position = s
                .into_pyobject(py)?
                .call_method1("position", (position,))?
                .extract()?;
            opening = false;
        }
        let dice = dice.map(dice_pair).transpose()?;
        let cube = match cube {
            None => py.get_type::<PyCube>().call0()?,
            Some(c) if c.is_instance_of::<PyCubeRules>() => {
                let kwargs = PyDict::new(py);
                kwargs.set_item("rules", c)?;
                py.get_type::<PyCube>().call((), Some(&kwargs))?
            }
            Some(c) if c.is_instance_of::<PyCube>() => c.clone(),
            Some(c) => {
                return Err(invalid(format!(
                    "Game: cube must be CubeRules or Cube, not {}",
                    repr(c)
                )))
            }
        };
        let match_score = if board.is_instance_of::<PyMatch>() {
            board.getattr("match_score")?
        } else {
            py.None().into_bound(py)
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("opening", opening)?;
        kwargs.set_item("dice", dice)?;
        kwargs.set_item("nardy", settings)?;
        let state = py
            .get_type::<PyTurnState>()
            .call((position, cube, match_score), Some(&kwargs))?
            .extract::<PyTurnState>()?;
        Ok((board, state, settings))
    }

    /// The core's turn state the game is in (the position, dice, cube, offers, result).
    #[getter]
    fn state(slf: &Bound<'_, Self>) -> PyResult<PyTurnState> {
        state_of(slf)
    }

    /// The match or money session as it stood when this game began.
    #[getter]
    fn r#match<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        board_of(slf)
    }

    /// The Long Nardy settings of §9, or ``None`` for backgammon.
    #[getter]
    fn settings(slf: &Bound<'_, Self>) -> PyResult<Option<PyNardySettings>> {
        settings_of(slf)
    }

    /// True in money play.
    #[getter]
    fn is_money(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(board_of(slf)?.is_instance_of::<PyMoneySession>())
    }

    /// True if this is the Crawford game of its match: no doubling (MATCH-3).
    #[getter]
    fn is_crawford_game(slf: &Bound<'_, Self>) -> PyResult<bool> {
        board_of(slf)?.getattr("is_crawford_game")?.extract()
    }

    /// List everything the player to act (``turn``) may do now.
    ///
    /// In a fixed order (the core's, ``TurnState.legal_actions``):
    ///
    /// - at the opening: ``[Roll()]`` (BG-10);
    /// - facing a double: ``Take()``, ``Drop()``, and ``Beaver()`` / ``Raccoon()`` where
    ///   allowed (CUBE-4, CUBE-12, CUBE-13);
    /// - facing a resignation: ``Accept()``, ``Decline()`` (RESIGN-2, RESIGN-3);
    /// - before rolling: ``Roll()``, ``Double()`` when allowed (CUBE-2, CUBE-3);
    /// - after rolling: the legal plays (or ``[EmptyPlay()]`` when the roll cannot be played,
    ///   MOVE-8);
    /// - after the end: nothing.
    ///
    /// ``Roll()`` stands for a random roll: pushing it rolls with the game's dice.
    /// ``resignations=True`` adds the offers to resign where allowed (RESIGN-1; Long Nardy's
    /// surrender, LN-36) before rolling and after rolling. They are left out by default, so
    /// that an agent choosing at random from this list plays the game instead of resigning.
    #[pyo3(signature = (*, resignations=false))]
    fn legal_actions<'py>(
        slf: &Bound<'py, Self>,
        resignations: bool,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let py = slf.py();
        let s = state_of(slf)?.inner;
        let actions = guard(|| Ok(s.legal_actions(resignations)))?;
        actions
            .iter()
            .map(|a| match (a, s.dice) {
                (TurnAction::Play(play), Some(dice)) => Ok(PyPlay {
                    before: s.position,
                    dice,
                    play: *play,
                }
                .into_pyobject(py)?
                .into_any()),
                (a, _) => word_object(py, a),
            })
            .collect()
    }

    /// Tell whether ``push`` would accept ``action`` now (the core checks it).
    fn is_legal(slf: &Bound<'_, Self>, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let state = state_of(slf)?;
        let act = match act_arg(&state, action) {
            Ok(a) => a,
            Err(e) if e.is_instance_of::<InvalidInputError>(slf.py()) => return Ok(false),
            Err(e) => return Err(e),
        };
        guard(|| {
            Ok(match act {
                Act::Play(p) => state.check_py_play(&p).is_ok(),
                Act::Roll(_) => state.inner.is_legal(&TurnAction::Roll),
                Act::Other(a) => state.inner.is_legal(&a),
            })
        })
    }

    /// Tell whether the player on roll may double now.
    ///
    /// The rules are CUBE-2, CUBE-3, CUBE-10, MATCH-3 and MATCH-7.
    fn can_double(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(state_of(slf)?.inner.may_double())
    }

    /// The action ``action`` (an action, a ``Play`` or a text) stands for now: a text is
    /// read as an action word (``parse_action``), ``""`` as the empty play, or else as a play
    /// of the position and dice (``Position.parse_play``).
    fn _action<'py>(
        slf: &Bound<'py, Self>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let act = act_arg(&state_of(slf)?, action)?;
        if !action.is_instance_of::<PyString>() {
            return Ok(action.clone());
        }
        match act {
            Act::Play(p) => Ok(p.into_pyobject(py)?.into_any()),
            Act::Roll(dice) => Ok(PyRoll { dice }.into_pyobject(py)?.into_any()),
            Act::Other(a) => word_object(py, &a),
        }
    }

    /// The state after ``action`` (an action object; a ``Roll`` with its dice).
    fn _next(slf: &Bound<'_, Self>, action: &Bound<'_, PyAny>) -> PyResult<PyTurnState> {
        let state = state_of(slf)?;
        let act = act_arg(&state, action)?;
        next_state(&state, slf.py(), act)
    }

    /// Return the match or session with this game's result recorded (MATCH-1, MONEY-1).
    ///
    /// Raises ``IllegalActionError`` while the game is in progress.
    fn next_match<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        match state_of(slf)?.inner.result {
            None => Err(IllegalActionError::new_err(
                "BG-14: the game is not over yet",
            )),
            Some(inner) => board_of(slf)?.call_method1("record", (PyGameResult { inner },)),
        }
    }

    /// The state as the fields of gnubg's Match ID (ID-4); see ``MatchId.of``.
    #[getter]
    fn match_id_fields<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let score = board_of(slf)?.getattr("score")?;
        slf.py()
            .get_type::<PyMatchId>()
            .call_method1("of", (state_of(slf)?, score))
    }

    /// The gnubg Match ID of the current state (ID-4, ID-5: bit 66 written).
    #[getter]
    fn match_id(slf: &Bound<'_, Self>) -> PyResult<String> {
        Ok(Self::match_id_fields(slf)?.str()?.to_string())
    }

    /// The gnubg combined ``PositionID:MatchID`` (ID-6).
    #[getter]
    fn gnubg_id(slf: &Bound<'_, Self>) -> PyResult<String> {
        let position = state_of(slf)?.inner.position;
        Ok(format!("{}:{}", position.id(), Self::match_id(slf)?))
    }

    /// The state as the fields of an XGID (XGID-1..XGID-3); see ``Xgid.of``.
    ///
    /// Raises ``InvalidInputError`` while a beaver or raccoon awaits an answer (XGID-3).
    #[getter]
    fn xgid_fields<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let score = board_of(slf)?.getattr("score")?;
        slf.py()
            .get_type::<PyXgid>()
            .call_method1("of", (state_of(slf)?, score))
    }

    /// The XGID of the current state (XGID-1); see ``xgid_fields``.
    #[getter]
    fn xgid(slf: &Bound<'_, Self>) -> PyResult<String> {
        Ok(Self::xgid_fields(slf)?.str()?.to_string())
    }

    /// Set up the game a GNUbgID ``PositionID:MatchID`` describes (ID-6).
    ///
    /// The ID gives the position, dice, cube and any pending double or resignation, the
    /// score and the Crawford flag. ``cube`` gives the rules the ID does not hold (cap,
    /// beavers...); in money play the ID's Jacoby bit wins (ID-5). ``crawford`` says
    /// whether the match uses the Crawford rule. A game-state-0 ID ("no game") gives a game
    /// before its opening roll.
    ///
    /// A pending double whose answerer is the player on roll is a beaver, as gnubg writes
    /// it, and one answered by the cube's owner a raccoon; longer chains read as these two.
    /// Without ``gnubg_raccoon_owner`` a pending raccoon looks like a redouble and reads as
    /// one.
    ///
    /// Raises ``ParseError`` for an unreadable ID, ``InvalidPositionError`` for an impossible
    /// board, and ``InvalidInputError`` for a finished game (only a game in play can be set
    /// up) or a state the rules forbid.
    #[classmethod]
    #[pyo3(
        signature = (gnubg_id, cube=None, *, crawford=None, variant=None, seed=None),
        text_signature = "(gnubg_id, cube=None, *, crawford=True, variant=None, seed=None)"
    )]
    fn from_gnubg_id<'py>(
        cls: &Bound<'py, PyType>,
        gnubg_id: &Bound<'py, PyAny>,
        cube: Option<&Bound<'py, PyAny>>,
        crawford: Option<&Bound<'py, PyAny>>,
        variant: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = IdOptions {
            cube,
            crawford,
            variant,
            turn: None,
            seed,
        };
        game_from_id(cls, gnubg_id, Some("gnubg"), &options)
    }

    /// Set up the game an XGID describes (XGID-1..XGID-4).
    ///
    /// The XGID's Jacoby, beaver and cube limit fields override ``cube``, which supplies
    /// the rest; ``crawford`` says whether the match uses the Crawford rule.
    ///
    /// Raises ``ParseError`` for an unreadable XGID, ``InvalidPositionError`` for an
    /// impossible board, and ``InvalidInputError`` for a state the rules forbid.
    #[classmethod]
    #[pyo3(
        signature = (xgid, cube=None, *, crawford=None, variant=None, seed=None),
        text_signature = "(xgid, cube=None, *, crawford=True, variant=None, seed=None)"
    )]
    fn from_xgid<'py>(
        cls: &Bound<'py, PyType>,
        xgid: &Bound<'py, PyAny>,
        cube: Option<&Bound<'py, PyAny>>,
        crawford: Option<&Bound<'py, PyAny>>,
        variant: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = IdOptions {
            cube,
            crawford,
            variant,
            turn: None,
            seed,
        };
        game_from_id(cls, xgid, Some("xgid"), &options)
    }

    /// Set up the game a text describes, in whichever form it is written.
    ///
    /// A gnubg ID ``PositionID:MatchID`` as ``from_gnubg_id`` reads it (ID-6), an XGID as
    /// ``from_xgid`` reads it (XGID-1), or a Position ID (ID-1..ID-3; a Long Nardy ID too):
    /// a money game from that position, ``turn`` on roll (default White) and about to roll.
    /// ``turn`` may not contradict a gnubg ID or an XGID, which say who is on roll.
    ///
    /// Raises ``ParseError`` for a text that is none of these forms (the message names
    /// them), and the errors of ``from_gnubg_id`` and ``from_xgid``.
    #[classmethod]
    #[pyo3(
        signature = (text, cube=None, *, crawford=None, variant=None, turn=None, seed=None),
        text_signature = "(text, cube=None, *, crawford=True, variant=None, turn=None, seed=None)"
    )]
    fn from_id<'py>(
        cls: &Bound<'py, PyType>,
        text: &Bound<'py, PyAny>,
        cube: Option<&Bound<'py, PyAny>>,
        crawford: Option<&Bound<'py, PyAny>>,
        variant: Option<&Bound<'py, PyAny>>,
        turn: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = IdOptions {
            cube,
            crawford,
            variant,
            turn,
            seed,
        };
        game_from_id(cls, text, None, &options)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?.to_string();
        let position = state_of(slf)?.inner.position;
        if settings_of(slf)?.is_some() {
            return Ok(format!("<{name} {} {}>", position.variant(), position.id()));
        }
        Ok(format!("<{name} {}>", Self::gnubg_id(slf)?))
    }

    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let s = state_of(slf)?.inner;
        let cube = match s.cube.owner {
            None => format!("cube {}", s.cube.value),
            Some(owner) => format!("cube {} owned by {}", s.cube.value, owner.name()),
        };
        let position = PyPosition { inner: s.position };
        Ok(format!(
            "{}\n{}\n{cube}; {}",
            board_of(slf)?.str()?,
            position.into_pyobject(py)?.str()?,
            s.phase_text()
        ))
    }
});

/// The options ``Game.from_gnubg_id``, ``Game.from_xgid`` and ``Game.from_id`` share.
struct IdOptions<'a, 'py> {
    cube: Option<&'a Bound<'py, PyAny>>,
    crawford: Option<&'a Bound<'py, PyAny>>,
    variant: Option<&'a Bound<'py, PyAny>>,
    turn: Option<&'a Bound<'py, PyAny>>,
    seed: Option<&'a Bound<'py, PyAny>>,
}

/// The game of class ``cls`` that ``text`` describes (``form`` ``"gnubg"`` or ``"xgid"``
/// insists on one form).
fn game_from_id<'py>(
    cls: &Bound<'py, PyType>,
    text: &Bound<'py, PyAny>,
    form: Option<&str>,
    options: &IdOptions<'_, 'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = cls.py();
    let rules = match options.cube {
        None => None,
        Some(c) => Some(c.extract::<PyCubeRules>().map_err(|_| {
            invalid(format!(
                "Game: cube must be a gammon.CubeRules, not {}",
                repr(c)
            ))
        })?),
    };
    let crawford = match options.crawford {
        None => true,
        Some(c) if c.is_instance_of::<PyBool>() => c.is_truthy()?,
        Some(c) => {
            return Err(invalid(format!(
                "Game: crawford must be True or False, not {}",
                repr(c)
            )))
        }
    };
    let variant = options
        .variant
        .map(|v| v.extract::<VariantArg>())
        .transpose()?;
    let (position, state, score) =
        _game_from_id(text, rules, crawford, variant, options.turn, form)?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("position", position)?;
    kwargs.set_item("seed", options.seed)?;
    let Some(state) = state else {
        kwargs.set_item("cube", options.cube)?;
        return cls.call((), Some(&kwargs));
    };
    let board = match state.inner.board.as_match() {
        None => py.get_type::<PyMoneySession>().call1((score,))?,
        Some(m) => py
            .get_type::<PyMatch>()
            .call_method1("_wrap", (PyMatchScore { inner: *m },))?,
    };
    let game = cls.call((), Some(&kwargs))?;
    game.setattr(intern!(py, "_board"), board)?;
    game.setattr(intern!(py, "_state"), state)?;
    Ok(game)
}
