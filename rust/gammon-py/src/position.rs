//! `gammon.Position`: an immutable, hashable, picklable position of any variant.

use gammon_core::{
    snake_case, Color, Dice, NardyOptions, PlayTextError, Setup, Variant, VariantPlay,
    VariantPosition,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyMapping, PyString, PyTuple};

use crate::classes::{PyPlay, PyPlayList, PyPosition};
use crate::convert::variant_arg;
use crate::errors::{
    bounded, dice_error, guard, play_text_error, read_id_error, setup_error, IllegalPlayError,
    InvalidInputError,
};
use crate::types::{color_arg, dice_arg, text_arg, PyColor, PyOutcome, PyVariant};
use numpy::PyArray1;

fn default_variant(variant: Option<&Bound<'_, PyAny>>) -> PyResult<Variant> {
    variant.map_or(Ok(Variant::Backgammon), variant_arg)
}

fn default_turn(turn: Option<&Bound<'_, PyAny>>) -> PyResult<Color> {
    turn.map_or(Ok(Color::White), color_arg)
}

/// Reads the Long Nardy compatibility options of §9 (`first_turn_exception`, `block_check`).
/// `None` when neither is given.
fn nardy_options_arg(
    variant: Variant,
    first_turn_exception: Option<&Bound<'_, PyAny>>,
    block_check: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<NardyOptions>> {
    if first_turn_exception.is_none() && block_check.is_none() {
        return Ok(None);
    }
    if variant != Variant::LongNardy {
        return Err(InvalidInputError::new_err(format!(
            "first_turn_exception and block_check are Long Nardy settings (§9); {variant} has no such setting"
        )));
    }
    let mut options = NardyOptions::empty();
    // Read as text, with a `gammon` error for a non-string.
    let bad = |name: &str, v: &Bound<'_, PyAny>, e: gammon_core::ParseSettingError| {
        InvalidInputError::new_err(bounded(format!(
            "{name}={} is not valid; expected one of {} ({})",
            crate::convert::repr(v),
            e.expected_snake('\''),
            e.rule
        )))
    };
    if let Some(v) = first_turn_exception {
        let text = text_arg(v, "first_turn_exception")?;
        options |= NardyOptions::first_turn_exception_from_name(&text)
            .map_err(|e| bad("first_turn_exception", v, e))?;
    }
    if let Some(v) = block_check {
        let text = text_arg(v, "block_check")?;
        options |=
            NardyOptions::block_check_from_name(&text).map_err(|e| bad("block_check", v, e))?;
    }
    Ok(Some(options))
}

/// Applies Long Nardy options read by [`nardy_options_arg`].
fn with_options(pos: VariantPosition, options: Option<NardyOptions>) -> VariantPosition {
    match options {
        Some(o) => pos.with_nardy_options(o).unwrap_or(pos),
        None => pos,
    }
}

/// The Python spelling of the first-turn option (§9).
fn first_turn_name(o: NardyOptions) -> String {
    snake_case(o.first_turn_exception_name())
}

/// The Python spelling of the block-check option (§9).
fn block_check_name(o: NardyOptions) -> String {
    snake_case(o.block_check_name())
}

/// Rebuilds a pickled position: its ID, variant, turn and Long Nardy options (§9).
#[pyfunction]
#[pyo3(signature = (id, variant, turn, first_turn_exception=None, block_check=None))]
pub fn _position_from_state(
    id: &Bound<'_, PyAny>,
    variant: &Bound<'_, PyAny>,
    turn: &Bound<'_, PyAny>,
    first_turn_exception: Option<&Bound<'_, PyAny>>,
    block_check: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyPosition> {
    PyPosition::py_new(
        Some(id),
        Some(variant),
        Some(turn),
        first_turn_exception,
        block_check,
    )
}

/// Reads one side of `Position.from_checkers`: a mapping {point: count} or a sequence of
/// points (one entry per checker). Points are 1..24 in the player's own numbering, 25 or
/// Rebuilds a pickled play (a position, its roll and the play's text).
#[pyfunction]
pub fn _play_from_text(position: PyPosition, dice: &str, text: &str) -> PyResult<PyPlay> {
    let dice: Dice = dice.parse().map_err(|e| dice_error(&e))?;
    position.resolve(text, Some(dice))
}

/// "bar" for the bar, 0 or "off" for borne-off checkers.
fn side_arg(obj: &Bound<'_, PyAny>, who: &str, variant: Variant) -> PyResult<[u8; 26]> {
    // Counted wide, so that a count past 255 is reported as it is.
    let mut side = [0u64; 26];
    let mut off_given = false;
    let point_of = |key: &Bound<'_, PyAny>| -> PyResult<usize> {
        if let Ok(s) = key.cast::<PyString>() {
            return match text_arg(s.as_any(), who)?
                .trim()
                .to_ascii_lowercase()
                .as_str()
            {
                "bar" => Ok(25),
                "off" => Ok(0),
                other => other
                    .parse::<usize>()
                    .ok()
                    .filter(|p| *p <= 25)
                    .ok_or_else(|| {
                        InvalidInputError::new_err(bounded(format!(
                            "{who}: {other:?} is not a point (1-24, \"bar\" or \"off\")"
                        )))
                    }),
            };
        }
        // A bool is an int to Python, but `True` as a point is a mistake.
        let p: i64 = (!key.is_instance_of::<PyBool>())
            .then(|| key.extract().ok())
            .flatten()
            .ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "{who}: point keys must be ints or \"bar\"/\"off\", not {}",
                    type_name(key)
                ))
            })?;
        if !(0..=25).contains(&p) {
            return Err(InvalidInputError::new_err(format!(
                "{who}: point {p} is out of range (1-24, 25 = bar, 0 = off)"
            )));
        }
        Ok(p as usize)
    };
    let mut add = |p: usize, n: i64| -> PyResult<()> {
        if !(0..=255).contains(&n) {
            return Err(InvalidInputError::new_err(format!(
                "{who}: count {n} on point {p} is out of range"
            )));
        }
        if p == 0 {
            off_given = true;
        }
        side[p] += n as u64;
        Ok(())
    };
    if obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyByteArray>()
    {
        return Err(InvalidInputError::new_err(format!(
            "{who}: expected a mapping or a sequence of points, got {}",
            type_name(obj)
        )));
    }
    // Any mapping (a dict, a MappingProxyType, a custom collections.abc.Mapping) is read as
    // {point: count}, as the stub promises.
    if let Ok(d) = obj.cast::<PyMapping>() {
        let items = d.items().map_err(|_| {
            InvalidInputError::new_err(format!("{who}: the mapping's items cannot be read"))
        })?;
        for item in items.iter() {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract().map_err(|_| {
                InvalidInputError::new_err(format!("{who}: the mapping's items must be pairs"))
            })?;
            let n: i64 = (!v.is_instance_of::<PyBool>())
                .then(|| v.extract().ok())
                .flatten()
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "{who}: counts must be ints, not {}",
                        type_name(&v)
                    ))
                })?;
            add(point_of(&k)?, n)?;
        }
    } else {
        let iter = obj.try_iter().map_err(|_| {
            InvalidInputError::new_err(format!(
                "{who}: expected a mapping {{point: count}} or a sequence of points"
            ))
        })?;
        for item in iter {
            add(point_of(&item?)?, 1)?;
        }
    }
    let limit = u64::from(variant.checkers_per_side());
    if let Some(p) = (0..26).find(|&p| side[p] > limit) {
        return Err(crate::errors::InvalidPositionError::new_err(format!(
            "{who}: {} checkers on point {p}, but a side has only {limit}",
            side[p]
        )));
    }
    if !off_given {
        let on: u64 = side[1..].iter().sum();
        side[0] = limit.saturating_sub(on);
    }
    let mut out = [0u8; 26];
    for (o, n) in out.iter_mut().zip(side) {
        *o = n as u8;
    }
    Ok(out)
}

/// The type name of `obj`, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

impl PyPosition {
    /// Resolves a play text without dice (NOT-2 for each of the 21 rolls).
    ///
    /// Only complete texts count: a partial text leaves the roll open. A complete text fixes
    /// the resulting position (the written points and hits decide it), so every roll it fits
    /// gives the same play; the play is given the roll with the fewest pips among them, a
    /// non-double before a double (`"8/5 6/5"` is 3-1, not 1-1). The empty text names the
    /// pass only when no roll can be played (then the play's roll is 1-1).
    fn resolve_without_dice(&self, text: &str) -> PyResult<PyPlay> {
        let mut found: Option<(Dice, VariantPlay)> = None;
        let mut fitting_rolls = 0;
        for dice in Dice::ALL_21 {
            match self.inner.resolve_play(dice, text, false) {
                Ok(play) => {
                    fitting_rolls += 1;
                    // Every roll gives the same play (NOT-2 rule 6a); keep the cheapest roll.
                    let fewer = found.map_or(true, |(best, _)| {
                        (dice.pips(), dice.is_double()) < (best.pips(), best.is_double())
                    });
                    if fewer {
                        found = Some((dice, play));
                    }
                }
                Err(e @ PlayTextError::Syntax { .. }) => return Err(play_text_error(&e)),
                Err(_) => {}
            }
        }
        if text.trim().is_empty() {
            // The empty text fits exactly the rolls without a legal play.
            return match found {
                Some((_, play)) if fitting_rolls == Dice::ALL_21.len() => Ok(PyPlay {
                    before: self.inner,
                    dice: Dice::ALL_21[0],
                    play,
                }),
                _ => Err(IllegalPlayError::new_err(
                    "the empty play is legal only for a roll that cannot be played (MOVE-8), and \
                     this position can move with some rolls: pass dice= (NOT-2)",
                )),
            };
        }
        if let Some((dice, play)) = found {
            return Ok(PyPlay {
                before: self.inner,
                dice,
                play,
            });
        }
        // Say whether the text is part of a play for some roll (then dice decide it).
        let partial: Vec<String> = Dice::ALL_21
            .iter()
            .filter(|&&d| {
                matches!(
                    self.inner.resolve_play(d, text, true),
                    Ok(_) | Err(PlayTextError::Ambiguous { .. })
                )
            })
            .map(Dice::to_string)
            .collect();
        Err(IllegalPlayError::new_err(if partial.is_empty() {
            format!("{text:?} is not a legal play for any roll in this position (NOT-2)")
        } else {
            format!(
                "{text:?} is not a whole play for any roll; it is part of plays with {}: pass \
                 dice= to resolve a partial text (NOT-2)",
                partial.join(", ")
            )
        }))
    }

    pub fn resolve(&self, text: &str, dice: Option<Dice>) -> PyResult<PyPlay> {
        match dice {
            Some(dice) => self
                .inner
                .parse_play(dice, text)
                .map(|play| PyPlay {
                    before: self.inner,
                    dice,
                    play,
                })
                .map_err(|e| play_text_error(&e)),
            None => self.resolve_without_dice(text),
        }
    }
}

#[pymethods]
impl PyPosition {
    /// ``Position(id=None, variant="backgammon", turn=Color.WHITE, *, first_turn_exception=None,
    /// block_check=None)``: the position an ID names (see ``from_id``: a Position ID, a gnubg
    /// ID or an XGID), or the starting position when no ID is given. The keywords set Long
    /// Nardy's compatibility options (§9): ``first_turn_exception`` ``"head_blocked"``
    /// (default) or ``"unconditional"``; ``block_check`` ``"every_step"`` (default) or
    /// ``"end_of_turn"``.
    ///
    /// Raises ``ParseError`` for a malformed ID, ``InvalidPositionError`` for an ID that
    /// decodes to an impossible board, ``InvalidInputError`` for an unknown variant, color or
    /// option (or an option given for a backgammon variant).
    #[new]
    #[pyo3(signature = (id=None, variant=None, turn=None, *, first_turn_exception=None, block_check=None))]
    pub fn py_new(
        id: Option<&Bound<'_, PyAny>>,
        variant: Option<&Bound<'_, PyAny>>,
        turn: Option<&Bound<'_, PyAny>>,
        first_turn_exception: Option<&Bound<'_, PyAny>>,
        block_check: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let id = id.map(|id| text_arg(id, "a position ID")).transpose()?;
        let variant = variant.map(variant_arg).transpose()?;
        let turn = turn.map(color_arg).transpose()?;
        let Some(id) = id else {
            let variant = variant.unwrap_or(Variant::Backgammon);
            let options = nardy_options_arg(variant, first_turn_exception, block_check)?;
            return guard(|| {
                Ok(PyPosition {
                    inner: with_options(
                        VariantPosition::start(variant, turn.unwrap_or(Color::White)),
                        options,
                    ),
                })
            });
        };
        let inner = guard(|| {
            VariantPosition::read_id(&id, variant, turn)
                .map(|(p, _)| p)
                .map_err(|e| read_id_error(&e))
        })?;
        let options = nardy_options_arg(inner.variant(), first_turn_exception, block_check)?;
        Ok(PyPosition {
            inner: with_options(inner, options),
        })
    }

    /// The starting position of ``variant`` (a name or ``Variant``) with ``turn`` on roll.
    /// For Long Nardy the keywords set the compatibility options of §9 (see ``Position``).
    ///
    /// Raises ``InvalidInputError`` for an unknown variant, color or option.
    #[staticmethod]
    #[pyo3(signature = (variant=None, turn=None, *, first_turn_exception=None, block_check=None))]
    fn start(
        variant: Option<&Bound<'_, PyAny>>,
        turn: Option<&Bound<'_, PyAny>>,
        first_turn_exception: Option<&Bound<'_, PyAny>>,
        block_check: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let variant = default_variant(variant)?;
        let turn = default_turn(turn)?;
        let options = nardy_options_arg(variant, first_turn_exception, block_check)?;
        guard(|| {
            Ok(PyPosition {
                inner: with_options(VariantPosition::start(variant, turn), options),
            })
        })
    }

    /// The position a text names, in any of the three forms other programs write (one reader
    /// for all): gnubg's Position ID (ID-1..ID-3; for Long Nardy, gammon's ID of the same
    /// layout, marked as Long Nardy in its last character) with ``turn`` on roll (default
    /// White); a gnubg ID ``PositionID:MatchID`` (ID-6) or an XGID (XGID-1..XGID-4), which say
    /// who is on roll themselves (a ``turn`` that contradicts them is refused; the rest of
    /// what they hold, the cube, dice and score, is ``gammon.Game.from_id``'s). ``variant``
    /// defaults to ``"long-nardy"`` for a Long Nardy ID and ``"backgammon"`` otherwise; a
    /// backgammon ID is refused as Long Nardy and a Long Nardy ID as backgammon, and gnubg
    /// IDs and XGIDs describe backgammon positions only.
    ///
    /// Raises ``ParseError`` for a malformed ID (naming the forms accepted when the text is
    /// none of them), ``InvalidPositionError`` for an ID that decodes to an impossible board
    /// and ``InvalidInputError`` for a bad option, a contradicting ``turn`` or a gnubg ID or
    /// XGID read as Long Nardy.
    #[staticmethod]
    #[pyo3(signature = (id, variant=None, turn=None, *, first_turn_exception=None, block_check=None))]
    fn from_id(
        id: &Bound<'_, PyAny>,
        variant: Option<&Bound<'_, PyAny>>,
        turn: Option<&Bound<'_, PyAny>>,
        first_turn_exception: Option<&Bound<'_, PyAny>>,
        block_check: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        PyPosition::py_new(Some(id), variant, turn, first_turn_exception, block_check)
    }

    /// Builds a position from each player's checkers **in that player's own numbering**.
    ///
    /// ``white`` and ``black`` are mappings ``{point: count}`` or sequences of points (one
    /// entry per checker); points are 1..24, ``25``/``"bar"`` or ``0``/``"off"``. Checkers not
    /// listed are borne off. Raises ``InvalidPositionError`` naming every problem (checker
    /// counts, a point held by both players, for Long Nardy checkers on the bar and an illegal
    /// block, LN-14, LN-25, ...), and ``InvalidInputError`` for bad arguments. For Long Nardy
    /// the keywords ``first_turn_exception`` and ``block_check`` set the options of §9.
    #[staticmethod]
    #[pyo3(signature = (white, black, *, turn=None, variant=None, first_turn_exception=None, block_check=None))]
    fn from_checkers(
        white: &Bound<'_, PyAny>,
        black: &Bound<'_, PyAny>,
        turn: Option<&Bound<'_, PyAny>>,
        variant: Option<&Bound<'_, PyAny>>,
        first_turn_exception: Option<&Bound<'_, PyAny>>,
        block_check: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let variant = default_variant(variant)?;
        let turn = default_turn(turn)?;
        let options = nardy_options_arg(variant, first_turn_exception, block_check)?;
        let mut setup = Setup::empty(variant, turn);
        setup.board.white = side_arg(white, "white", variant)?;
        setup.board.black = side_arg(black, "black", variant)?;
        guard(|| {
            VariantPosition::from_setup(&setup)
                .map(|inner| PyPosition {
                    inner: with_options(inner, options),
                })
                .map_err(|e| setup_error(&e))
        })
    }

    /// The position ID: gnubg's Position ID for backgammon (player on roll second, as gnubg
    /// writes it).
    #[getter]
    fn id(&self) -> String {
        self.inner.id()
    }

    /// The player on roll.
    #[getter]
    fn turn(&self) -> PyColor {
        self.inner.turn().into()
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        self.inner.variant().into()
    }

    /// Long Nardy's first-turn option (§9): ``"head_blocked"`` (LN-18/19) or
    /// ``"unconditional"``; ``None`` for backgammon variants.
    #[getter]
    fn first_turn_exception(&self) -> Option<String> {
        self.inner.nardy_options().map(first_turn_name)
    }

    /// Long Nardy's block-check option (§9): ``"every_step"`` (LN-26) or ``"end_of_turn"``;
    /// ``None`` for backgammon variants.
    #[getter]
    fn block_check(&self) -> Option<String> {
        self.inner.nardy_options().map(block_check_name)
    }

    /// The legal plays for ``dice`` (a pair such as ``(3, 1)`` or a text such as ``"31"``):
    /// one per distinct resulting position. Empty when the player cannot move.
    ///
    /// Raises ``InvalidDiceError`` for bad dice.
    fn legal_plays(&self, dice: &Bound<'_, PyAny>) -> PyResult<PyPlayList> {
        let dice = dice_arg(dice)?;
        guard(|| {
            Ok(PyPlayList {
                before: self.inner,
                dice,
                plays: self.inner.legal_plays(dice),
            })
        })
    }

    /// Reads a play text (``"24/18 13/11"``, ``"bar/22*"``, ``"8/5(2)"``) and returns the one
    /// legal ``Play`` it names (NOT-2): points in the mover's numbering, ``bar``/``25`` and
    /// ``off``/``0``, any case, ``*`` optional, moves in any order, ``(n)`` or repeated moves.
    ///
    /// With ``dice`` a text that accounts for a whole play names it; otherwise a partial text
    /// is accepted when exactly one legal play contains it, and ``""`` names the pass (no
    /// legal play) or a forced play (one legal play). Without ``dice`` every roll is tried and
    /// only whole plays count; the play gets the roll with the fewest pips that fits it.
    ///
    /// Raises ``ParseError`` (bad syntax), ``IllegalPlayError`` (fits no legal play; the
    /// message says why and names the rule), ``AmbiguousPlayError`` (fits several; the
    /// message lists them), ``InvalidDiceError``.
    #[pyo3(signature = (text, dice=None))]
    fn parse_play(
        &self,
        text: &Bound<'_, PyAny>,
        dice: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPlay> {
        let text = text_arg(text, "a play text")?;
        let dice = dice.map(dice_arg).transpose()?;
        guard(|| self.resolve(&text, dice))
    }

    /// The position after ``play`` (a ``Play`` of this position, or a text read as by
    /// ``parse_play``), with the turn passed to the opponent. The empty text ``""`` passes
    /// when the roll (every roll, without ``dice``) has no legal play.
    ///
    /// Raises ``IllegalPlayError`` for a play of another position or an illegal text, and the
    /// errors of ``parse_play``.
    #[pyo3(signature = (play, dice=None))]
    fn play(
        &self,
        play: &Bound<'_, PyAny>,
        dice: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let dice = dice.map(dice_arg).transpose()?;
        if let Ok(p) = play.extract::<PyPlay>() {
            if p.before != self.inner {
                return Err(IllegalPlayError::new_err(format!(
                    "the play {} belongs to position {}, not to this one ({})",
                    p.text(),
                    p.before.id(),
                    self.inner.id()
                )));
            }
            if let Some(d) = dice {
                if d != p.dice {
                    return Err(IllegalPlayError::new_err(format!(
                        "the play {} was made for {}, not {d}",
                        p.text(),
                        p.dice
                    )));
                }
            }
            return Ok(PyPosition {
                inner: p.after_position(),
            });
        }
        if !play.is_instance_of::<PyString>() {
            return Err(InvalidInputError::new_err(
                "play must be a gammon.Play or a play text",
            ));
        }
        let text = text_arg(play, "a play text")?;
        guard(|| {
            self.resolve(&text, dice).map(|p| PyPosition {
                inner: p.after_position(),
            })
        })
    }

    /// The result if the game is over (someone has borne off every checker), else ``None``.
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.outcome().map(|inner| PyOutcome { inner })
    }

    /// True once a player has borne off every checker.
    fn is_game_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// Pip counts as ``(white, black)``, the order of every pair in gammon.
    fn pip_count(&self) -> (u32, u32) {
        let p = self.inner.pip_count();
        (p[Color::White], p[Color::Black])
    }

    /// Borne-off checkers as ``(white, black)``, the order of every pair in gammon.
    fn checkers_off(&self) -> (u8, u8) {
        let p = self.inner.checkers_off();
        (p[Color::White], p[Color::Black])
    }

    /// The checkers of ``color`` in that player's own numbering: a list of 26 counts, index 0
    /// borne off, 1..24 the points, 25 the bar.
    fn checkers(&self, color: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let c = color_arg(color)?;
        // u32, not u8: PyO3 turns a Vec<u8> into `bytes`, and the contract is a list of ints.
        Ok(self.inner.to_setup().board[c]
            .iter()
            .map(|&n| u32::from(n))
            .collect())
    }

    /// The board from the player on roll's side as a numpy ``int8`` array of 26 counts:
    /// index 1..24 the mover's points in the mover's numbering (positive = the mover's
    /// checkers, negative = the opponent's), 25 the mover's bar, 0 the opponent's bar as a
    /// negative count (Long Nardy: 0 and 25 are always 0). The layout of
    /// ``PlayList.boards()``.
    fn board<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_vec(py, self.inner.board26().to_vec())
    }

    /// The same board with the other player on roll (used when a player cannot move).
    fn pass_turn(&self) -> PyPosition {
        PyPosition {
            inner: self.inner.pass_turn(),
        }
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        // IDs use only Base64 characters and names only letters and hyphens, so single
        // quotes need no escaping.
        let mut s = format!("Position('{}'", self.inner.id());
        if self.inner.variant() != Variant::Backgammon {
            s.push_str(&format!(", variant='{}'", self.inner.variant().name()));
        }
        if self.inner.turn() != Color::White {
            s.push_str(&format!(", turn='{}'", self.inner.turn().name()));
        }
        if let Some(o) = self.inner.nardy_options() {
            if o.contains(NardyOptions::UNCONDITIONAL_FIRST_TURN) {
                s.push_str(&format!(", first_turn_exception={:?}", first_turn_name(o)));
            }
            if o.contains(NardyOptions::END_OF_TURN_BLOCK_CHECK) {
                s.push_str(&format!(", block_check={:?}", block_check_name(o)));
            }
        }
        s.push(')');
        s
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let ctor = py.import("gammon._core")?.getattr("_position_from_state")?;
        let options = self.inner.nardy_options();
        let args = (
            self.inner.id(),
            self.inner.variant().name(),
            self.inner.turn().name(),
            options.map(first_turn_name),
            options.map(block_check_name),
        )
            .into_pyobject(py)?;
        Ok((ctor, args))
    }
}
