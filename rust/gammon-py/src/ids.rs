//! `gammon.MatchId`, `gammon.Xgid` and `gammon.matchid.GameState`: the core's codecs of gnubg's
//! Match ID (ID-4 to ID-7) and eXtreme Gammon's XGID (XGID-1 to XGID-4) as frozen, hashable,
//! picklable values, and the one reader of the texts that name a position or a game
//! (`_game_from_id`). Only argument conversion and presentation live here.

use gammon_core::text::match_id::{
    color_of_gnubg_player, gnubg_player, split_gnubg_id, LAYOUT, MAX_FIELD_VALUE,
};
use gammon_core::{
    game_from_id, match_id_of, xgid_of, ByColor, Color, CubeRules, GameState, IdForm, MatchId,
    VariantPosition, Xgid,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::classes::PyPosition;
use crate::convert::{bool_arg, collect, int_in, repr, VariantArg};
use crate::cube::PyCubeRules;
use crate::errors::{
    game_id_error, guard, match_id_error, xgid_error, xgid_of_error, InvalidDiceError,
    InvalidInputError, ParseError,
};
use crate::match_score::score_arg;
use crate::turn::PyTurnState;
use crate::types::{color_arg, text_arg, PyColor, Reduced};

/// The Match ID's game state field (ID-4): ``NONE`` (before the opening roll), ``PLAYING``,
/// ``OVER`` (borne off), ``RESIGNED`` (an accepted resignation), ``DROPPED`` (a dropped
/// double). Compares equal to its code 0-4.
#[pyclass(
    name = "GameState",
    module = "gammon.matchid",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyGameState {
    /// No game started: before the opening roll.
    #[pyo3(name = "NONE")]
    NoGame = 0,
    /// A game is in progress.
    #[pyo3(name = "PLAYING")]
    Playing = 1,
    /// The game ended by bearing off.
    #[pyo3(name = "OVER")]
    Over = 2,
    /// The game ended by an accepted resignation.
    #[pyo3(name = "RESIGNED")]
    Resigned = 3,
    /// The game ended by a dropped double.
    #[pyo3(name = "DROPPED")]
    Dropped = 4,
}

impl From<GameState> for PyGameState {
    fn from(s: GameState) -> PyGameState {
        match s {
            GameState::NoGame => PyGameState::NoGame,
            GameState::Playing => PyGameState::Playing,
            GameState::Over => PyGameState::Over,
            GameState::Resigned => PyGameState::Resigned,
            GameState::Dropped => PyGameState::Dropped,
        }
    }
}

impl From<PyGameState> for GameState {
    fn from(s: PyGameState) -> GameState {
        GameState::ALL[s as usize]
    }
}

#[pymethods]
impl PyGameState {
    /// Every state, in the order of their codes.
    #[staticmethod]
    fn all() -> Vec<PyGameState> {
        GameState::ALL.into_iter().map(Into::into).collect()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let getattr = py.import("builtins")?.getattr("getattr")?;
        let cls = py.import("gammon.matchid")?.getattr("GameState")?;
        Ok((getattr, (cls, GameState::from(*self).name())))
    }
}

/// Returns gnubg's player number of ``color``: White (bottom) is 1, Black (top) is 0 (ID-4,
/// XGID-4).
#[pyfunction(name = "gnubg_player")]
pub fn gnubg_player_of(color: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(gnubg_player(color_arg(color)?))
}

/// Returns the color of gnubg's player ``player`` (0 or 1): 1 is White, 0 is Black.
///
/// Raises ``InvalidInputError`` for any other number.
#[pyfunction(name = "color_of_gnubg_player")]
pub fn color_of_gnubg(player: &Bound<'_, PyAny>) -> PyResult<PyColor> {
    int_in(player, 0, 1)
        .and_then(color_of_gnubg_player)
        .map(Into::into)
        .ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "gnubg numbers its players 0 and 1, not {}",
                repr(player)
            ))
        })
}

/// Splits a GNUbgID ``PositionID:MatchID`` into its two parts (ID-6); an optional
/// ``GNUbgID`` / ``GNUID`` prefix is ignored.
///
/// Raises ``ParseError`` when the text has no single ``:`` separator.
#[pyfunction(name = "split_gnubg_id")]
pub fn split_gnubg(text: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    let t = id_text(text, "a GNUbgID")?;
    split_gnubg_id(&t)
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .map_err(|e| ParseError::new_err(crate::errors::bounded(e.to_string())))
}

/// An ID argument: a `str`, else `ParseError` naming what was expected.
fn id_text(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if !obj.is_instance_of::<PyString>() {
        return Err(ParseError::new_err(format!(
            "{what} is a string, not {}",
            repr(obj)
        )));
    }
    Ok(text_arg(obj, what)?.into_owned())
}

/// A pair of dice as given (each 1-6, order kept), or `None`.
fn dice_pair(who: &str, o: &Bound<'_, PyAny>) -> PyResult<Option<(u8, u8)>> {
    if o.is_none() {
        return Ok(None);
    }
    let bad = || {
        InvalidDiceError::new_err(format!(
            "{who}: dice must be a pair such as (3, 1) of dice 1 to 6, not {}",
            repr(o)
        ))
    };
    let is_pair = o.is_instance_of::<PyTuple>() || o.is_instance_of::<PyList>();
    if !is_pair || o.len().ok() != Some(2) {
        return Err(bad());
    }
    let a = int_in(&o.get_item(0)?, 1, 6).ok_or_else(bad)?;
    let b = int_in(&o.get_item(1)?, 1, 6).ok_or_else(bad)?;
    // Both are 1..=6.
    Ok(Some((a as u8, b as u8)))
}

/// A cube value: a power of two from 1 to 2^15.
fn cube_value(who: &str, name: &str, o: &Bound<'_, PyAny>, rule: &str) -> PyResult<u32> {
    crate::cube::cube_value_arg(o, 1 << 15).ok_or_else(|| {
        InvalidInputError::new_err(format!(
            "{who}: {name} must be a power of two from 1 to 32768, not {} ({rule})",
            repr(o)
        ))
    })
}

/// A `Color` or `None` (a color name too).
fn owner_arg(who: &str, o: &Bound<'_, PyAny>) -> PyResult<Option<Color>> {
    if o.is_none() {
        return Ok(None);
    }
    color_arg(o).map(Some).map_err(|_| {
        InvalidInputError::new_err(format!(
            "{who}: cube_owner must be a Color or None, not {}",
            repr(o)
        ))
    })
}

/// A match length: 0 (money) to 32767.
fn length_arg(who: &str, o: &Bound<'_, PyAny>) -> PyResult<u32> {
    int_in(o, 0, u64::from(MAX_FIELD_VALUE))
        .map(|n| n as u32)
        .ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "{who}: match_length must be 0 (money) to {MAX_FIELD_VALUE}, not {} (ID-7)",
                repr(o)
            ))
        })
}

/// The optional money score of `MatchId.of` / `Xgid.of`: `(white, black)`, default 0-0.
fn money_score(o: Option<&Bound<'_, PyAny>>) -> PyResult<ByColor<u32>> {
    match o {
        None => Ok(ByColor::default()),
        Some(o) if o.is_none() => Ok(ByColor::default()),
        Some(o) => score_arg("score", o),
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

fn color_repr(c: Color) -> &'static str {
    match c {
        Color::White => "Color.WHITE",
        Color::Black => "Color.BLACK",
    }
}

fn owner_repr(c: Option<Color>) -> &'static str {
    c.map_or("None", color_repr)
}

fn dice_repr(d: Option<(u8, u8)>) -> String {
    d.map_or("None".to_string(), |(a, b)| format!("({a}, {b})"))
}

// ------------------------------------------------------------------------------------------
// MatchId
// ------------------------------------------------------------------------------------------

const MATCH_ID_FIELDS: [&str; 12] = [
    "cube_value",
    "cube_owner",
    "turn",
    "to_act",
    "crawford",
    "game_state",
    "double_offered",
    "resignation",
    "dice",
    "match_length",
    "score",
    "jacoby",
];

/// The fields of a gnubg Match ID (ID-4), in gammon's terms; ``MatchId.parse`` reads and
/// ``str()`` writes the 12 characters (bit 66 written as gnubg >= 1.0 does, ID-5).
///
/// Fields (all keywords, in this order also positional): ``cube_value`` (a power of two from
/// 1 to 2**15, default 1), ``cube_owner`` (``None`` when centred), ``turn`` (the player on
/// roll, who owns the dice: gnubg's ``fMove``), ``to_act`` (the player who must act now:
/// ``fTurn``; the other player while a double or resignation awaits an answer), ``crawford``
/// (this game is the Crawford game; never in money play; in the ID of a finished game gnubg
/// writes the flag of the next game), ``game_state`` (a ``GameState``, default ``PLAYING``),
/// ``double_offered`` (a double awaits ``to_act``'s answer), ``resignation`` (the level 1-3
/// ``to_act``'s opponent offers to resign at, 0 for none), ``dice`` (the roll as given, or
/// ``None`` before rolling), ``match_length`` (0 for a money session), ``score``
/// (``(white, black)``: match scores or money totals) and ``jacoby`` (the Jacoby rule, money
/// play; written as bit 66, "not Jacoby", ID-5). White is gnubg's player 1, Black player 0.
/// Frozen, hashable and picklable; ``replace(**changes)`` returns a copy with fields changed.
///
/// Raises ``InvalidInputError`` for a field outside its bit width or a state the rules make
/// impossible (ID-7): a Crawford flag in money play or with a turned cube, a double offered
/// with the dice rolled or together with a resignation; ``InvalidDiceError`` for bad dice.
#[pyclass(name = "MatchId", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyMatchId {
    pub inner: MatchId,
}

fn build_match_id(
    who: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
    base: MatchId,
) -> PyResult<MatchId> {
    let a = collect(who, &MATCH_ID_FIELDS, args, kwargs)?;
    let mut m = base;
    let color = |name: &str, o: &Bound<'_, PyAny>| {
        o.extract::<PyColor>().map(Color::from).map_err(|_| {
            InvalidInputError::new_err(format!("{who}: {name} must be a Color, not {}", repr(o)))
        })
    };
    if let Some(o) = &a[0] {
        m.cube_value = cube_value(who, "cube_value", o, "ID-4")?;
    }
    if let Some(o) = &a[1] {
        m.cube_owner = owner_arg(who, o)?;
    }
    if let Some(o) = &a[2] {
        m.turn = color("turn", o)?;
    }
    if let Some(o) = &a[3] {
        m.to_act = color("to_act", o)?;
    }
    m.crawford = bool_arg(who, "crawford", a[4].as_ref(), m.crawford)?;
    if let Some(o) = &a[5] {
        m.game_state = match o.extract::<PyGameState>() {
            Ok(s) => s.into(),
            Err(_) => int_in(o, 0, 4)
                .and_then(GameState::from_code)
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "{who}: game_state must be 0-4, not {} (ID-4)",
                        repr(o)
                    ))
                })?,
        };
    }
    m.double_offered = bool_arg(who, "double_offered", a[6].as_ref(), m.double_offered)?;
    if let Some(o) = &a[7] {
        m.resignation = int_in(o, 0, 3).map(|r| r as u8).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "{who}: resignation must be 0 (none) or a level 1-3, not {}",
                repr(o)
            ))
        })?;
    }
    if let Some(o) = &a[8] {
        m.dice = dice_pair(who, o)?;
    }
    if let Some(o) = &a[9] {
        m.match_length = length_arg(who, o)?;
    }
    if let Some(o) = &a[10] {
        m.score = score_arg(who, o)?;
    }
    m.jacoby = bool_arg(who, "jacoby", a[11].as_ref(), m.jacoby)?;
    m.validate()
        .map_err(|e| InvalidInputError::new_err(format!("MatchId: {e}")))
}

#[pymethods]
impl PyMatchId {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let inner = build_match_id("MatchId", args, kwargs, MatchId::default())?;
        Ok(PyMatchId { inner })
    }

    /// Reads a Match ID, with or without the "not Jacoby" bit 66 (ID-5): in match play the bit
    /// is ignored; in money play 1 means Jacoby off and 0 Jacoby on (older gnubg always wrote
    /// 0). Owner code 2 reads as centred, as gnubg does, and the dice come back larger first
    /// (ID-7).
    ///
    /// Raises ``ParseError`` for a text that is not 12 Base64 characters or holds a field no
    /// state can have (game state 5-7, a die 7 or a single zero die), and
    /// ``InvalidInputError`` for a state the rules make impossible (ID-7).
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<PyMatchId> {
        let t = id_text(text, "a Match ID")?;
        MatchId::parse(&t)
            .map(|inner| PyMatchId { inner })
            .map_err(|e| match_id_error(&e))
    }

    /// The state of a game (a ``TurnState``) as the fields of a Match ID. ``score`` is the
    /// money session's score ``(white, black)`` before the game (default 0-0); a match's score
    /// is the state's. Before the opening roll the game state is ``NONE``; after the end the
    /// score and the Crawford flag are those after the game, as gnubg writes them; a pending
    /// beaver shows as gnubg shows it (the cube at the beavered value, owned by the
    /// beaverer, the doubler to answer).
    #[staticmethod]
    #[pyo3(signature = (state, score=None))]
    fn of(state: PyTurnState, score: Option<&Bound<'_, PyAny>>) -> PyResult<PyMatchId> {
        Ok(PyMatchId {
            inner: match_id_of(&state.inner, money_score(score)?),
        })
    }

    /// The cube value, a power of two from 1 to 2**15.
    #[getter]
    fn cube_value(&self) -> u32 {
        self.inner.cube_value
    }

    /// The owner, ``None`` when centred.
    #[getter]
    fn cube_owner(&self) -> Option<PyColor> {
        self.inner.cube_owner.map(Into::into)
    }

    /// The player on roll, who owns the dice (gnubg's ``fMove``).
    #[getter]
    fn turn(&self) -> PyColor {
        self.inner.turn.into()
    }

    /// The player who must act now (gnubg's ``fTurn``).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn to_act(&self) -> PyColor {
        self.inner.to_act.into()
    }

    /// This game is the Crawford game.
    #[getter]
    fn crawford(&self) -> bool {
        self.inner.crawford
    }

    /// The game state.
    #[getter]
    fn game_state(&self) -> PyGameState {
        self.inner.game_state.into()
    }

    /// A double awaits ``to_act``'s answer.
    #[getter]
    fn double_offered(&self) -> bool {
        self.inner.double_offered
    }

    /// The level (1-3) ``to_act``'s opponent offers to resign at, 0 for none.
    #[getter]
    fn resignation(&self) -> u8 {
        self.inner.resignation
    }

    /// The roll, or ``None`` before rolling.
    #[getter]
    fn dice(&self) -> Option<(u8, u8)> {
        self.inner.dice
    }

    /// The match length, 0 for a money session.
    #[getter]
    fn match_length(&self) -> u32 {
        self.inner.match_length
    }

    /// ``(white, black)``: match scores, or money totals.
    #[getter]
    fn score(&self) -> (u32, u32) {
        (self.inner.score.white, self.inner.score.black)
    }

    /// The Jacoby rule is in effect (money play).
    #[getter]
    fn jacoby(&self) -> bool {
        self.inner.jacoby
    }

    /// True for a money session (match length 0).
    #[getter]
    fn is_money(&self) -> bool {
        self.inner.is_money()
    }

    /// Returns ``player``'s score.
    fn score_of(&self, player: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.inner.score[color_arg(player)?])
    }

    /// Returns the raw fields in gnubg's numbering, keyed by name in bit order (ID-4): players
    /// 0/1, the cube as its log2, owner code 3 for centred, the larger die first.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for ((name, _), v) in LAYOUT.iter().zip(self.inner.fields()) {
            d.set_item(name, v)?;
        }
        Ok(d)
    }

    /// Returns the 9-byte key: the fields packed least significant bit first, little-endian
    /// (ID-4).
    fn key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.key())
    }

    /// A copy with the given fields changed, checked as the constructor checks them.
    #[pyo3(signature = (**changes))]
    fn replace(&self, py: Python<'_>, changes: Option<&Bound<'_, PyDict>>) -> PyResult<PyMatchId> {
        let inner = build_match_id("MatchId.replace", &PyTuple::empty(py), changes, self.inner)?;
        Ok(PyMatchId { inner })
    }

    /// ``copy.replace`` support (Python 3.13).
    #[pyo3(signature = (**changes))]
    fn __replace__(
        &self,
        py: Python<'_>,
        changes: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyMatchId> {
        self.replace(py, changes)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let m = &self.inner;
        format!(
            "MatchId(cube_value={}, cube_owner={}, turn={}, to_act={}, crawford={}, \
             game_state=GameState.{}, double_offered={}, resignation={}, dice={}, \
             match_length={}, score=({}, {}), jacoby={})",
            m.cube_value,
            owner_repr(m.cube_owner),
            color_repr(m.turn),
            color_repr(m.to_act),
            py_bool(m.crawford),
            m.game_state.name(),
            py_bool(m.double_offered),
            m.resignation,
            dice_repr(m.dice),
            m.match_length,
            m.score.white,
            m.score.black,
            py_bool(m.jacoby)
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let m = slf.get().inner;
        let args = (
            m.cube_value,
            m.cube_owner.map(PyColor::from),
            PyColor::from(m.turn),
            PyColor::from(m.to_act),
            m.crawford,
            m.game_state as u8,
            m.double_offered,
            m.resignation,
            m.dice,
            m.match_length,
            (m.score.white, m.score.black),
            m.jacoby,
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }
}

// ------------------------------------------------------------------------------------------
// Xgid
// ------------------------------------------------------------------------------------------

const XGID_FIELDS: [&str; 11] = [
    "position",
    "cube_value",
    "cube_owner",
    "dice",
    "double_offered",
    "score",
    "match_length",
    "crawford",
    "jacoby",
    "beavers",
    "max_cube",
];

/// The fields of an XGID (XGID-1 to XGID-3), in gammon's terms; ``Xgid.parse`` reads and
/// ``str()`` writes ``XGID=POS:CUBE:CUBEPOS:TURN:DICE:SCORE_BOTTOM:SCORE_TOP:RULES:MATCHLEN:MAXCUBE``.
///
/// Fields: ``position`` (a backgammon ``Position``; its ``turn`` is the player on roll, the
/// doubler while a double is pending), ``cube_value`` (``CUBE`` holds its log2),
/// ``cube_owner`` (``None`` when centred), ``dice`` (the roll, or ``None``),
/// ``double_offered`` (the player on roll has doubled, ``D``), ``score`` (``(white, black)`` =
/// ``(SCORE_BOTTOM, SCORE_TOP)``), ``match_length`` (0 for money play), ``crawford`` (the
/// Crawford game, match play), ``jacoby`` and ``beavers`` (money play rules) and ``max_cube``
/// (the money cube limit, ``MAXCUBE`` as its log2; gnubg ignores it; default 1024). The
/// bottom player is White (gnubg's player 1, XGID-4). Frozen, hashable and picklable;
/// ``replace(**changes)`` returns a copy with fields changed.
///
/// Raises ``InvalidInputError`` for a field out of range or an impossible state: dice
/// together with a pending double, a double by a player without access to the cube, a
/// Crawford flag in money play or with a turned cube, money rules in match play, a Long Nardy
/// position (XGID-2).
#[pyclass(name = "Xgid", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyXgid {
    pub inner: Xgid,
}

fn build_xgid(
    who: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
    base: Option<Xgid>,
) -> PyResult<Xgid> {
    let a = collect(who, &XGID_FIELDS, args, kwargs)?;
    let position = match (&a[0], base) {
        (Some(o), _) => {
            let p = o.extract::<PyPosition>().map_err(|_| {
                InvalidInputError::new_err(format!(
                    "{who}: position must be a gammon.Position, not {}",
                    repr(o)
                ))
            })?;
            match p.inner {
                VariantPosition::Backgammon(b) => b,
                VariantPosition::Nardy(_) => {
                    return Err(InvalidInputError::new_err(format!(
                        "{who}: the XGID describes backgammon positions only (XGID-2)"
                    )))
                }
            }
        }
        (None, Some(b)) => b.position,
        (None, None) => {
            return Err(InvalidInputError::new_err(format!(
                "{who}: position is required"
            )))
        }
    };
    let mut x = base.unwrap_or_else(|| Xgid::new(position));
    x.position = position;
    if let Some(o) = &a[1] {
        x.cube_value = cube_value(who, "cube_value", o, "XGID-3")?;
    }
    if let Some(o) = &a[2] {
        x.cube_owner = owner_arg(who, o)?;
    }
    if let Some(o) = &a[3] {
        x.dice = dice_pair(who, o)?;
    }
    x.double_offered = bool_arg(who, "double_offered", a[4].as_ref(), x.double_offered)?;
    if let Some(o) = &a[5] {
        x.score = score_arg(who, o)?;
    }
    if let Some(o) = &a[6] {
        x.match_length = length_arg(who, o)?;
    }
    x.crawford = bool_arg(who, "crawford", a[7].as_ref(), x.crawford)?;
    x.jacoby = bool_arg(who, "jacoby", a[8].as_ref(), x.jacoby)?;
    x.beavers = bool_arg(who, "beavers", a[9].as_ref(), x.beavers)?;
    if let Some(o) = &a[10] {
        x.max_cube = cube_value(who, "max_cube", o, "XGID-3")?;
    }
    x.validate()
        .map_err(|e| InvalidInputError::new_err(format!("Xgid: {e}")))
}

#[pymethods]
impl PyXgid {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let inner = build_xgid("Xgid", args, kwargs, None)?;
        Ok(PyXgid { inner })
    }

    /// Reads an XGID, with or without the ``XGID=`` prefix (XGID-1). ``variant`` names the
    /// backgammon variant for the checker count (the XGID does not say; default standard
    /// backgammon). A missing ``MAXCUBE`` field reads as 1024, XG's usual value.
    ///
    /// Raises ``ParseError`` for a malformed text (the wrong number of fields, a bad board
    /// character, a field that is not a number or is out of range, a beaver or raccoon in the
    /// dice field, ``B``/``R``, which gnubg does not read either), ``InvalidPositionError``
    /// for an impossible board and ``InvalidInputError`` for an impossible state.
    #[staticmethod]
    #[pyo3(signature = (text, variant=None))]
    fn parse(text: &Bound<'_, PyAny>, variant: Option<VariantArg>) -> PyResult<PyXgid> {
        let t = id_text(text, "an XGID")?;
        let variant = variant.map_or(gammon_core::Variant::Backgammon, |v| v.0);
        guard(|| {
            Xgid::parse(&t, variant)
                .map(|inner| PyXgid { inner })
                .map_err(|e| xgid_error(&e))
        })
    }

    /// The state of a game (a ``TurnState``) as the fields of an XGID. ``score`` is the money
    /// session's score ``(white, black)`` (default 0-0); a match's score is the state's. The
    /// XGID has no room for a pending resignation, the opening roll or the end of the game:
    /// they are left out.
    ///
    /// Raises ``InvalidInputError`` while a beaver or raccoon awaits an answer (XG's ``B``/
    /// ``R`` have no agreed reading, XGID-3) and for a Long Nardy game (XGID-2).
    #[staticmethod]
    #[pyo3(signature = (state, score=None))]
    fn of(state: PyTurnState, score: Option<&Bound<'_, PyAny>>) -> PyResult<PyXgid> {
        xgid_of(&state.inner, money_score(score)?)
            .map(|inner| PyXgid { inner })
            .map_err(|e| xgid_of_error(&e))
    }

    /// The board, with the player on roll.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: VariantPosition::Backgammon(self.inner.position),
        }
    }

    /// The cube value.
    #[getter]
    fn cube_value(&self) -> u32 {
        self.inner.cube_value
    }

    /// The owner, ``None`` when centred.
    #[getter]
    fn cube_owner(&self) -> Option<PyColor> {
        self.inner.cube_owner.map(Into::into)
    }

    /// The roll, or ``None`` before rolling.
    #[getter]
    fn dice(&self) -> Option<(u8, u8)> {
        self.inner.dice
    }

    /// The player on roll has doubled and the other must answer.
    #[getter]
    fn double_offered(&self) -> bool {
        self.inner.double_offered
    }

    /// ``(white, black)`` = ``(SCORE_BOTTOM, SCORE_TOP)``.
    #[getter]
    fn score(&self) -> (u32, u32) {
        (self.inner.score.white, self.inner.score.black)
    }

    /// 0 for money play.
    #[getter]
    fn match_length(&self) -> u32 {
        self.inner.match_length
    }

    /// This is the Crawford game (match play).
    #[getter]
    fn crawford(&self) -> bool {
        self.inner.crawford
    }

    /// The Jacoby rule (money play).
    #[getter]
    fn jacoby(&self) -> bool {
        self.inner.jacoby
    }

    /// Beavers allowed (money play).
    #[getter]
    fn beavers(&self) -> bool {
        self.inner.beavers
    }

    /// The money cube limit.
    #[getter]
    fn max_cube(&self) -> u32 {
        self.inner.max_cube
    }

    /// The player on roll (``TURN``).
    #[getter]
    fn turn(&self) -> PyColor {
        self.inner.turn().into()
    }

    /// The ``RULES`` field: the Crawford flag in match play, Jacoby + 2 x beavers in money.
    #[getter]
    fn rules(&self) -> u8 {
        self.inner.rules()
    }

    /// A copy with the given fields changed, checked as the constructor checks them.
    #[pyo3(signature = (**changes))]
    fn replace(&self, py: Python<'_>, changes: Option<&Bound<'_, PyDict>>) -> PyResult<PyXgid> {
        let inner = build_xgid(
            "Xgid.replace",
            &PyTuple::empty(py),
            changes,
            Some(self.inner),
        )?;
        Ok(PyXgid { inner })
    }

    /// ``copy.replace`` support (Python 3.13).
    #[pyo3(signature = (**changes))]
    fn __replace__(&self, py: Python<'_>, changes: Option<&Bound<'_, PyDict>>) -> PyResult<PyXgid> {
        self.replace(py, changes)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let x = &self.inner;
        format!(
            "Xgid.parse('{}', variant='{}')",
            x,
            gammon_core::Position::variant(&x.position).name()
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let x = slf.get().inner;
        let args = (
            slf.get().position(),
            x.cube_value,
            x.cube_owner.map(PyColor::from),
            x.dice,
            x.double_offered,
            (x.score.white, x.score.black),
            x.match_length,
            x.crawford,
            x.jacoby,
            x.beavers,
            x.max_cube,
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }
}

// ------------------------------------------------------------------------------------------
// The one reader
// ------------------------------------------------------------------------------------------

/// What `_game_from_id` returns: the position, the game (for a gnubg ID or an XGID) and the
/// score the ID gives.
type GameFromId = (PyPosition, Option<PyTurnState>, (u32, u32));

/// Reads a Position ID, a gnubg ID (``PositionID:MatchID``) or an XGID (``form`` ``"gnubg"``
/// or ``"xgid"`` insists on one): the position, and for the last two the game the ID
/// describes (``None`` for a Position ID) and its score ``(white, black)``. ``cube`` gives
/// the rules the ID does not hold; ``crawford`` whether the match uses the Crawford rule;
/// ``turn`` the player on roll of a Position ID (the other forms refuse a contradicting one).
#[pyfunction]
#[pyo3(signature = (text, cube=None, *, crawford=true, variant=None, turn=None, form=None))]
pub fn _game_from_id(
    text: &Bound<'_, PyAny>,
    cube: Option<PyCubeRules>,
    crawford: bool,
    variant: Option<VariantArg>,
    turn: Option<&Bound<'_, PyAny>>,
    form: Option<&str>,
) -> PyResult<GameFromId> {
    let what = match form {
        Some("gnubg") => "a GNUbgID",
        Some("xgid") => "an XGID",
        _ => "a position ID",
    };
    let t = id_text(text, what)?;
    let form = match form {
        None => None,
        Some("gnubg") => Some(IdForm::GnubgId),
        Some("xgid") => Some(IdForm::Xgid),
        Some(other) => {
            return Err(InvalidInputError::new_err(format!(
                "form must be \"gnubg\", \"xgid\" or None, not {other:?}"
            )))
        }
    };
    let turn = match turn {
        Some(o) if !o.is_none() => Some(color_arg(o)?),
        _ => None,
    };
    let rules = cube.map_or(CubeRules::default(), |c| c.inner);
    let (position, game) = guard(|| {
        game_from_id(&t, form, variant.map(|v| v.0), turn, rules, crawford)
            .map_err(|e| game_id_error(&e))
    })?;
    let score = game.map_or((0, 0), |g| (g.score.white, g.score.black));
    Ok((
        PyPosition { inner: position },
        game.map(|g| PyTurnState { inner: g.state }),
        score,
    ))
}
