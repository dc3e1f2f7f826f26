//! Play notation (spec NOT-1 to NOT-7): printing a play exactly as gnubg prints it, and
//! reading a text back to the one legal play it names.
//!
//! SCAFFOLD: the printing and parsing below are placeholders to be replaced by the full
//! NOT-2/NOT-3 algorithms.

use crate::moves::Play;
use crate::{Backgammon, Dice, Position};

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
    #[error("{text:?} is not a legal play for {dice}: {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// The roll.
        dice: Dice,
        /// Why, naming the rule where one applies.
        reason: String,
    },
    /// The text matches several legal plays.
    #[error("{text:?} is ambiguous for {dice}: it fits {} plays ({}) (NOT-2)", candidates.len(), candidates.join(", "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The roll.
        dice: Dice,
        /// The canonical texts of the plays it fits.
        candidates: Vec<String>,
    },
}

/// Prints `play` of `before` as gnubg does (NOT-3). The empty play prints as `""` (NOT-5).
#[must_use]
pub fn format_backgammon(before: &Backgammon, play: &Play<Backgammon>) -> String {
    let _ = before;
    play.moves()
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Resolves `text` to one legal play of `before` for `dice` (NOT-2); partial texts only when
/// `allow_partial`.
///
/// # Errors
/// [`PlayTextError`]: syntax, no match (illegal) or several matches (ambiguous).
pub fn parse_backgammon(
    before: &Backgammon,
    dice: Dice,
    text: &str,
    allow_partial: bool,
) -> Result<Play<Backgammon>, PlayTextError> {
    let _ = allow_partial;
    let plays = before.legal_plays(dice);
    plays
        .iter()
        .find(|p| format_backgammon(before, p) == text.trim())
        .copied()
        .ok_or_else(|| PlayTextError::Illegal {
            text: text.to_string(),
            dice,
            reason: "no legal play prints like that".to_string(),
        })
}
