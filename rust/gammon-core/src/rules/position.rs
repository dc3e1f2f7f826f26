//! The [`Position`] trait that every rules type implements, and the generic helpers built on
//! it.

use std::fmt;
use std::hash::Hash;

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::base::outcome::Outcome;
use crate::base::setup::Setup;
use crate::base::variant::Variant;

/// A play was not among the legal plays of the position and roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPlayError<P> {
    /// The position the play was tried in.
    pub position: P,
    /// The roll.
    pub dice: Dice,
}

impl<P: Position> fmt::Display for IllegalPlayError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the play is not one of the {} legal plays for {} in this {} position (MOVE-9)",
            self.position.legal_plays(self.dice).len(),
            self.dice,
            self.position.variant()
        )
    }
}

impl<P: Position> std::error::Error for IllegalPlayError<P> {}

/// A validated position of one rules family, seen from the player on roll.
///
/// Implemented by [`crate::Backgammon`] (standard, nackgammon, hypergammon) and
/// [`crate::Nardy`] (Long Nardy). Hot code (perft, rollouts) is generic over this trait and
/// monomorphised; [`crate::VariantPosition`] is the one place that dispatches at run time.
pub trait Position: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// The variant this position belongs to.
    fn variant(&self) -> Variant;

    /// The player on roll.
    fn turn(&self) -> Color;

    /// Fills `out` with the legal plays for `dice`, one per distinct resulting position
    /// (MOVE-9). Leaves `out` empty when the player cannot move (MOVE-8). Never allocates.
    fn legal_plays_into(&self, dice: Dice, out: &mut PlayList<Self>);

    /// The legal plays for `dice` (see [`Position::legal_plays_into`]).
    ///
    /// ```
    /// use gammon_core::{Backgammon, Color, Dice, PlayText, Position, Variant};
    ///
    /// let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    /// let plays = pos.legal_plays(Dice::new(6, 6).unwrap());
    /// // One play per distinct resulting position (MOVE-9); each is a whole turn.
    /// assert!(plays.iter().all(|p| p.moves().len() == 4));
    /// assert!(plays.iter().any(|p| pos.format_play(p) == "24/18(2) 13/7(2)"));
    /// ```
    fn legal_plays(&self, dice: Dice) -> PlayList<Self> {
        let mut out = PlayList::new();
        self.legal_plays_into(dice, &mut out);
        out
    }

    /// The same board with the other player on roll.
    #[must_use]
    fn pass_turn(&self) -> Self;

    /// Applies a play made by [`Position::legal_plays`] without checking it and passes the
    /// turn. The fast path for rollouts and perft.
    #[inline]
    #[must_use]
    fn play_unchecked(&self, play: &Play<Self>) -> Self {
        play.after().pass_turn()
    }

    /// True when `play` is legal for `dice`: one of the legal plays, or the empty play when
    /// there is none.
    fn is_legal(&self, dice: Dice, play: &Play<Self>) -> bool {
        let plays = self.legal_plays(dice);
        if plays.is_empty() {
            play.is_empty()
        } else {
            !play.is_empty() && plays.iter().any(|p| p == play)
        }
    }

    /// Applies `play` after checking it and passes the turn.
    ///
    /// # Errors
    /// [`IllegalPlayError`] when `play` is not legal for `dice` (see [`Position::is_legal`]).
    fn play(&self, dice: Dice, play: &Play<Self>) -> Result<Self, IllegalPlayError<Self>> {
        if self.is_legal(dice, play) {
            Ok(if play.is_empty() {
                self.pass_turn()
            } else {
                self.play_unchecked(play)
            })
        } else {
            Err(IllegalPlayError {
                position: *self,
                dice,
            })
        }
    }

    /// The result when a player has borne off every checker, otherwise `None`.
    fn outcome(&self) -> Option<Outcome>;

    /// True once a player has borne off every checker.
    fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Each player's pip count: the pips still to travel to bear everything off (BG-8).
    fn pip_count(&self) -> ByColor<u32>;

    /// Each player's number of borne-off checkers.
    fn checkers_off(&self) -> ByColor<u8>;

    /// The position as plain data, each side in its own numbering.
    fn to_setup(&self) -> Setup;
}

/// Counts the (roll, play) paths of `depth` plies from `pos`, over the 21 distinct rolls
/// (each counted once, not weighted). A roll with no legal play counts as one path (the
/// pass); a finished game ends a path.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 || pos.is_game_over() {
        return 1;
    }
    let mut total = 0;
    let mut plays = PlayList::new();
    for dice in Dice::ALL_21 {
        pos.legal_plays_into(dice, &mut plays);
        if depth == 1 {
            total += plays.len().max(1) as u64;
        } else if plays.is_empty() {
            total += perft(&pos.pass_turn(), depth - 1);
        } else {
            for play in plays.iter() {
                total += perft(&pos.play_unchecked(play), depth - 1);
            }
        }
    }
    total
}
