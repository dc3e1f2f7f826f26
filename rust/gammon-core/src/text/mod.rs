//! The **text** layer, directly above `rules` (a branch of its own, below `variant_position`
//! only): the formats of positions and plays — gnubg Position IDs ([`id`]), gnubg Match IDs
//! ([`match_id`]), XGIDs ([`xgid`]), FIBS board strings ([`fibs`]), play notation for backgammon (NOT-1 to NOT-7) and Long
//! Nardy, and the ASCII boards (the `Display` impls of the rules types). The rules types know
//! nothing of text: these formats
//! reach them through the traits [`PositionId`] and [`PlayText`], implemented here.
//!
//! May use: `base`, `rules`.

use std::fmt::Write as _;

use crate::base::dice::Dice;
use crate::base::moves::Play;
use crate::rules::position::Position;

mod backgammon;
mod board;
pub mod fibs;
pub mod id;
pub mod match_id;
mod nardy;
mod notation;
pub mod xgid;

pub use backgammon::{format_backgammon, parse_backgammon};

/// The three texts that name a position: gnubg's Position ID (ID-1 to ID-3), gnubg's
/// combined `PositionID:MatchID` (ID-6) and eXtreme Gammon's XGID (XGID-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdForm {
    /// A Position ID, e.g. `4HPwATDgc/ABMA`.
    PositionId,
    /// A gnubg ID `PositionID:MatchID`, e.g. `4HPwATDgc/ABMA:cIkFAAAAAAAA`.
    GnubgId,
    /// An XGID, e.g. `XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10`.
    Xgid,
}

impl IdForm {
    /// The form a text is written in: an XGID when it starts with `XGID=` (any case) or has
    /// the eight or nine `:` of one; a gnubg ID when it has another `:` or starts with
    /// `GNUbgID`/`GNUID`; otherwise a Position ID.
    #[must_use]
    pub fn of(text: &str) -> IdForm {
        let t = text.trim();
        let starts = |prefix: &str| {
            t.len() >= prefix.len()
                && t.is_char_boundary(prefix.len())
                && t[..prefix.len()].eq_ignore_ascii_case(prefix)
        };
        if starts("XGID=") || t.matches(':').count() >= 8 {
            IdForm::Xgid
        } else if t.contains(':') || starts("GNUbgID") || starts("GNUID") {
            IdForm::GnubgId
        } else {
            IdForm::PositionId
        }
    }

    /// The form in words: `"a Position ID"`, `"a gnubg ID (PositionID:MatchID)"`, `"an XGID"`.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            IdForm::PositionId => "a Position ID",
            IdForm::GnubgId => "a gnubg ID (PositionID:MatchID)",
            IdForm::Xgid => "an XGID",
        }
    }
}

/// The sentence an error adds when a text is none of the forms of [`IdForm`].
pub const ID_FORMS: &str = "a position is read from a Position ID (14 characters such as \
     4HPwATDgc/ABMA), a gnubg ID (PositionID:MatchID) or an XGID (XGID=...)";

/// A position's gnubg Position ID (spec ID-1 to ID-3 for backgammon; LN-2 numbering for Long
/// Nardy).
pub trait PositionId {
    /// The position's ID: gnubg's Position ID for backgammon (ID-2); the same 80-bit layout in
    /// each side's own numbering for Long Nardy.
    fn id(&self) -> String;
}

/// Play notation for a rules type: printing a play (NOT-3) and reading a text back to the
/// one legal play it names (NOT-1, NOT-2).
pub trait PlayText: Position {
    /// The canonical text of a legal play of this position (NOT-3; gnubg's print).
    fn format_play(&self, play: &Play<Self>) -> String;

    /// Resolves a play text to the one legal play it names for `dice` (NOT-2). With
    /// `allow_partial` false only a complete match (a text that accounts for every move of the
    /// play, NOT-2 rule 6a) is accepted.
    ///
    /// # Errors
    /// [`PlayTextError`] when the text is malformed, fits no legal play, or fits several.
    fn resolve_play(
        &self,
        dice: Dice,
        text: &str,
        allow_partial: bool,
    ) -> Result<Play<Self>, PlayTextError>;

    /// Resolves a play text to the one legal play it names for `dice` (NOT-2), partial texts
    /// included.
    ///
    /// # Errors
    /// [`PlayTextError`] when the text is malformed, fits no legal play, or fits several.
    fn parse_play(&self, dice: Dice, text: &str) -> Result<Play<Self>, PlayTextError> {
        self.resolve_play(dice, text, true)
    }
}

/// How many candidate plays an ambiguity message names before it says how many more there are.
const CANDIDATES_SHOWN: usize = 12;

/// A play text that cannot be resolved to exactly one legal play (NOT-2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayTextError {
    /// The text does not follow the grammar of NOT-1.
    #[error("cannot read play {text:?}: {detail} (NOT-1)")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong with it.
        detail: String,
    },
    /// The text matches no legal play.
    #[error("{text:?} is not a legal play with the roll {dice}: {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// The roll.
        dice: Dice,
        /// Why, naming the rule where one applies.
        reason: String,
    },
    /// The text matches several legal plays.
    #[error(
        "{text:?} is ambiguous with the roll {dice}: it fits {} legal plays ({}); write the whole play (NOT-2)",
        candidates.len(),
        list_candidates(candidates)
    )]
    Ambiguous {
        /// The text.
        text: String,
        /// The roll.
        dice: Dice,
        /// The canonical texts of the plays it fits (NOT-3).
        candidates: Vec<String>,
    },
}

/// The candidates of an ambiguity message, the long lists cut short.
fn list_candidates(candidates: &[String]) -> String {
    let quoted: Vec<String> = candidates
        .iter()
        .take(CANDIDATES_SHOWN)
        .map(|c| format!("{c:?}"))
        .collect();
    let mut out = quoted.join(", ");
    if candidates.len() > CANDIDATES_SHOWN {
        let _ = write!(out, " and {} more", candidates.len() - CANDIDATES_SHOWN);
    }
    out
}
