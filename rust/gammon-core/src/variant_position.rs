//! [`VariantPosition`] and [`VariantPlay`]: the one place that dispatches between rules types
//! at run time (for the Python layer and other dynamic callers). Hot code stays generic over
//! [`Position`].
//!
//! The **variant_position** layer, directly above `text` (below `play`). May use: `base`,
//! `rules`, `text`.

use std::fmt;

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::{Move, Play, PlayList};
use crate::base::outcome::Outcome;
use crate::base::setup::{Setup, SetupError};
use crate::base::variant::{RulesFamily, Variant};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::{Nardy, NardyOptions};
use crate::rules::position::Position;
use crate::text::id::{is_long_nardy_id, ParseIdError};
use crate::text::match_id::{split_gnubg_id, MatchId, ParseMatchIdError, SplitGnubgIdError};
use crate::text::xgid::{ParseXgidError, Xgid};
use crate::text::{IdForm, PlayText, PlayTextError, PositionId, ID_FORMS};

/// A position of any variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantPosition {
    /// Standard backgammon, nackgammon or hypergammon.
    Backgammon(Backgammon),
    /// Long Nardy.
    Nardy(Nardy),
}

/// A play of a [`VariantPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantPlay {
    /// A backgammon-family play.
    Backgammon(Play<Backgammon>),
    /// A Long Nardy play.
    Nardy(Play<Nardy>),
}

macro_rules! dispatch {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            VariantPosition::Backgammon($p) => $e,
            VariantPosition::Nardy($p) => $e,
        }
    };
}

impl VariantPosition {
    /// The starting position of `variant` with `turn` on roll.
    #[must_use]
    pub fn start(variant: Variant, turn: Color) -> VariantPosition {
        match variant.family() {
            RulesFamily::LongNardy => VariantPosition::Nardy(Nardy::start(turn)),
            RulesFamily::Backgammon => VariantPosition::Backgammon(
                Backgammon::start(variant, turn).expect("backgammon-family variant has a start"),
            ),
        }
    }

    /// Validates plain data for its variant.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem.
    pub fn from_setup(setup: &Setup) -> Result<VariantPosition, SetupError> {
        match setup.variant.family() {
            RulesFamily::LongNardy => Nardy::from_setup(setup).map(VariantPosition::Nardy),
            RulesFamily::Backgammon => {
                Backgammon::from_setup(setup).map(VariantPosition::Backgammon)
            }
        }
    }

    /// Decodes a position ID for `variant` with `turn` on roll.
    ///
    /// # Errors
    /// [`ParseIdError`].
    pub fn from_id(
        id: &str,
        variant: Variant,
        turn: Color,
    ) -> Result<VariantPosition, ParseIdError> {
        match variant.family() {
            RulesFamily::LongNardy => Nardy::from_id(id, turn).map(VariantPosition::Nardy),
            RulesFamily::Backgammon => {
                Backgammon::from_id(id, variant, turn).map(VariantPosition::Backgammon)
            }
        }
    }

    /// The same position with the Long Nardy compatibility options `options` (§9), or `None`
    /// for a backgammon-family position.
    #[must_use]
    pub fn with_nardy_options(&self, options: NardyOptions) -> Option<VariantPosition> {
        match self {
            VariantPosition::Nardy(p) => Some(VariantPosition::Nardy(p.with_options(options))),
            VariantPosition::Backgammon(_) => None,
        }
    }

    /// The Long Nardy compatibility options (§9), or `None` for a backgammon-family position.
    #[must_use]
    pub fn nardy_options(&self) -> Option<NardyOptions> {
        match self {
            VariantPosition::Nardy(p) => Some(p.options()),
            VariantPosition::Backgammon(_) => None,
        }
    }

    /// The board from the player on roll's side as 26 signed counts, the layout engines and
    /// neural-net encoders read: index 1..=24 are the mover's points in the mover's numbering
    /// (positive = the mover's checkers, negative = the opponent's), index 25 the mover's bar
    /// and index 0 the opponent's bar as a negative count (both 0 in Long Nardy).
    #[must_use]
    pub fn board26(&self) -> [i8; 26] {
        match self {
            VariantPosition::Backgammon(p) => *p.raw(),
            VariantPosition::Nardy(p) => {
                let mut out = [0i8; 26];
                out[..25].copy_from_slice(p.raw());
                out[0] = 0;
                out
            }
        }
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        dispatch!(self, p => p.variant())
    }

    /// The player on roll.
    #[must_use]
    pub fn turn(&self) -> Color {
        dispatch!(self, p => p.turn())
    }

    /// The position ID (`Position::id`).
    #[must_use]
    pub fn id(&self) -> String {
        dispatch!(self, p => p.id())
    }

    /// The legal plays for `dice`, collected into a vector.
    #[must_use]
    pub fn legal_plays(&self, dice: Dice) -> Vec<VariantPlay> {
        match self {
            VariantPosition::Backgammon(p) => collect(p, dice, VariantPlay::Backgammon),
            VariantPosition::Nardy(p) => collect(p, dice, VariantPlay::Nardy),
        }
    }

    /// True when `play` is legal for `dice` ([`Position::is_legal`]); a play of another rules
    /// type is not.
    #[must_use]
    pub fn is_legal(&self, dice: Dice, play: &VariantPlay) -> bool {
        match (self, play) {
            (VariantPosition::Backgammon(p), VariantPlay::Backgammon(x)) => p.is_legal(dice, x),
            (VariantPosition::Nardy(p), VariantPlay::Nardy(x)) => p.is_legal(dice, x),
            _ => false,
        }
    }

    /// Applies a play of this position without checking it, and passes the turn.
    /// A play of another rules type leaves the position as it is, with the turn passed.
    #[must_use]
    pub fn play_unchecked(&self, play: &VariantPlay) -> VariantPosition {
        match (self, play) {
            (VariantPosition::Backgammon(p), VariantPlay::Backgammon(x)) => {
                VariantPosition::Backgammon(p.play_unchecked(x))
            }
            (VariantPosition::Nardy(p), VariantPlay::Nardy(x)) => {
                VariantPosition::Nardy(p.play_unchecked(x))
            }
            _ => self.pass_turn(),
        }
    }

    /// The same board with the other player on roll.
    #[must_use]
    pub fn pass_turn(&self) -> VariantPosition {
        match self {
            VariantPosition::Backgammon(p) => VariantPosition::Backgammon(p.pass_turn()),
            VariantPosition::Nardy(p) => VariantPosition::Nardy(p.pass_turn()),
        }
    }

    /// The canonical text of a play of this position (NOT-3).
    #[must_use]
    pub fn format_play(&self, play: &VariantPlay) -> String {
        match (self, play) {
            (VariantPosition::Backgammon(p), VariantPlay::Backgammon(x)) => p.format_play(x),
            (VariantPosition::Nardy(p), VariantPlay::Nardy(x)) => p.format_play(x),
            _ => String::new(),
        }
    }

    /// Resolves a play text for `dice` (NOT-2).
    ///
    /// # Errors
    /// [`PlayTextError`].
    pub fn parse_play(&self, dice: Dice, text: &str) -> Result<VariantPlay, PlayTextError> {
        self.resolve_play(dice, text, true)
    }

    /// Resolves a play text for `dice`, accepting partial texts only when `allow_partial`
    /// (`Position::resolve_play`).
    ///
    /// # Errors
    /// [`PlayTextError`].
    pub fn resolve_play(
        &self,
        dice: Dice,
        text: &str,
        allow_partial: bool,
    ) -> Result<VariantPlay, PlayTextError> {
        match self {
            VariantPosition::Backgammon(p) => p
                .resolve_play(dice, text, allow_partial)
                .map(VariantPlay::Backgammon),
            VariantPosition::Nardy(p) => p
                .resolve_play(dice, text, allow_partial)
                .map(VariantPlay::Nardy),
        }
    }

    /// The result once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }

    /// Pip counts.
    #[must_use]
    pub fn pip_count(&self) -> ByColor<u32> {
        dispatch!(self, p => p.pip_count())
    }

    /// Borne-off counts.
    #[must_use]
    pub fn checkers_off(&self) -> ByColor<u8> {
        dispatch!(self, p => p.checkers_off())
    }

    /// Plain data.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        dispatch!(self, p => p.to_setup())
    }
}

/// What an ID says besides the position: nothing for a Position ID, the Match ID's fields for
/// a gnubg ID, the XGID's fields for an XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdFields {
    /// A Position ID: the position only.
    PositionId,
    /// A gnubg ID `PositionID:MatchID` (ID-6).
    GnubgId(MatchId),
    /// An XGID (XGID-1).
    Xgid(Xgid),
}

/// A text that names no position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadIdError {
    /// Not a Position ID (and not written as another form either): the message adds the forms
    /// a position is read from.
    #[error("{0}; {ID_FORMS}")]
    Unreadable(ParseIdError),
    /// A Position ID (alone or in a gnubg ID) that does not decode to a position.
    #[error(transparent)]
    PositionId(ParseIdError),
    /// A gnubg ID without its single `:`.
    #[error(transparent)]
    Split(SplitGnubgIdError),
    /// The Match ID of a gnubg ID.
    #[error(transparent)]
    MatchId(ParseMatchIdError),
    /// An XGID.
    #[error(transparent)]
    Xgid(ParseXgidError),
    /// A gnubg ID or XGID read as Long Nardy.
    #[error(
        "{text:?} is {}, which describes backgammon positions only; it cannot be read as a \
         {variant} position (use a Position ID of a {variant} position)",
        form.describe()
    )]
    NotBackgammon {
        /// The text.
        text: String,
        /// Its form.
        form: IdForm,
        /// The variant asked for.
        variant: Variant,
    },
    /// A player on roll given that contradicts the ID's.
    #[error(
        "the ID says who is on roll: {} puts {said} on roll, not {asked}",
        form.describe()
    )]
    Turn {
        /// The form of the ID.
        form: IdForm,
        /// The player on roll the ID gives.
        said: Color,
        /// The player asked for.
        asked: Color,
    },
}

impl VariantPosition {
    /// Reads the position a text names, in whichever form it is written ([`IdForm::of`]): a
    /// Position ID (ID-1 to ID-3; for Long Nardy, gammon's marked ID), a gnubg ID
    /// `PositionID:MatchID` (ID-6) or an XGID (XGID-1 to XGID-4). `variant` defaults to Long
    /// Nardy for a Long Nardy ID and to standard backgammon otherwise; `turn` is the player on
    /// roll of a Position ID (default White), while the other two forms say who is on roll and
    /// refuse a `turn` that contradicts them. See [`VariantPosition::read_id_as`].
    ///
    /// # Errors
    /// [`ReadIdError`] naming the problem; for a text that is none of the forms, the message
    /// lists them.
    pub fn read_id(
        text: &str,
        variant: Option<Variant>,
        turn: Option<Color>,
    ) -> Result<(VariantPosition, IdFields), ReadIdError> {
        VariantPosition::read_id_as(text, IdForm::of(text), variant, turn)
    }

    /// Reads `text` as an ID of the form `form` (see [`VariantPosition::read_id`]).
    ///
    /// # Errors
    /// [`ReadIdError`] naming the problem.
    pub fn read_id_as(
        text: &str,
        form: IdForm,
        variant: Option<Variant>,
        turn: Option<Color>,
    ) -> Result<(VariantPosition, IdFields), ReadIdError> {
        if form == IdForm::PositionId {
            let variant = variant.unwrap_or(if is_long_nardy_id(text) {
                Variant::LongNardy
            } else {
                Variant::Backgammon
            });
            return VariantPosition::from_id(text.trim(), variant, turn.unwrap_or(Color::White))
                .map(|p| (p, IdFields::PositionId))
                .map_err(|e| match e {
                    ParseIdError::Length(..) | ParseIdError::Character(..) => {
                        ReadIdError::Unreadable(e)
                    }
                    _ => ReadIdError::PositionId(e),
                });
        }
        let variant = variant.unwrap_or(Variant::Backgammon);
        if variant.family() != RulesFamily::Backgammon {
            return Err(ReadIdError::NotBackgammon {
                text: text.trim().to_string(),
                form,
                variant,
            });
        }
        let (position, fields) = if form == IdForm::Xgid {
            let x = Xgid::parse(text, variant).map_err(ReadIdError::Xgid)?;
            (VariantPosition::Backgammon(x.position), IdFields::Xgid(x))
        } else {
            let (pos_text, mid_text) = split_gnubg_id(text).map_err(ReadIdError::Split)?;
            let mid = MatchId::parse(mid_text).map_err(ReadIdError::MatchId)?;
            let pos = Backgammon::from_id(pos_text, variant, mid.turn)
                .map_err(ReadIdError::PositionId)?;
            (VariantPosition::Backgammon(pos), IdFields::GnubgId(mid))
        };
        match turn {
            Some(asked) if asked != position.turn() => Err(ReadIdError::Turn {
                form,
                said: position.turn(),
                asked,
            }),
            _ => Ok((position, fields)),
        }
    }
}

thread_local! {
    // One scratch list per thread and rules type: a `PlayList` is large, so it lives neither on
    // the caller's stack nor in a fresh allocation per call.
    static BACKGAMMON_SCRATCH: std::cell::RefCell<Box<PlayList<Backgammon>>> = std::cell::RefCell::new(Box::default());
    static NARDY_SCRATCH: std::cell::RefCell<Box<PlayList<Nardy>>> = std::cell::RefCell::new(Box::default());
}

/// Rules types that have a per-thread scratch [`PlayList`].
trait Scratch: Position {
    fn with_scratch<R>(f: impl FnOnce(&mut PlayList<Self>) -> R) -> R;
}

impl Scratch for Backgammon {
    fn with_scratch<R>(f: impl FnOnce(&mut PlayList<Self>) -> R) -> R {
        BACKGAMMON_SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut list) => f(&mut list),
            Err(_) => f(&mut Box::default()),
        })
    }
}

impl Scratch for Nardy {
    fn with_scratch<R>(f: impl FnOnce(&mut PlayList<Self>) -> R) -> R {
        NARDY_SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut list) => f(&mut list),
            Err(_) => f(&mut Box::default()),
        })
    }
}

/// The legal plays of `pos` for `dice`, each wrapped by `wrap`: generated into the thread's
/// scratch list and copied once, into a vector of exactly their number.
fn collect<P: Scratch>(
    pos: &P,
    dice: Dice,
    wrap: impl Fn(Play<P>) -> VariantPlay,
) -> Vec<VariantPlay> {
    P::with_scratch(|list| {
        pos.legal_plays_into(dice, list);
        let mut out = Vec::with_capacity(list.len());
        out.extend(list.iter().map(|p| wrap(*p)));
        out
    })
}

impl VariantPlay {
    /// The moves of the play.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        match self {
            VariantPlay::Backgammon(p) => p.moves(),
            VariantPlay::Nardy(p) => p.moves(),
        }
    }

    /// The position after the play, the mover still on roll.
    #[must_use]
    pub fn after(&self) -> VariantPosition {
        match self {
            VariantPlay::Backgammon(p) => VariantPosition::Backgammon(*p.after()),
            VariantPlay::Nardy(p) => VariantPosition::Nardy(*p.after()),
        }
    }

    /// True for the empty play.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves().is_empty()
    }
}

impl fmt::Display for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(self, p => fmt::Display::fmt(p, f))
    }
}
