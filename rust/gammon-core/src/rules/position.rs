//! The [`Position`] trait that every rules type implements, and the generic helpers built on
//! it.

use std::fmt;
use std::hash::Hash;

use crate::notation::PlayTextError;
use crate::{ByColor, Color, Dice, Outcome, Play, PlayList, Setup, Variant};

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

    /// The position's ID: gnubg's Position ID for backgammon (ID-2); the same 80-bit layout in
    /// each side's own numbering for Long Nardy.
    fn id(&self) -> String;

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

/// The sources (bits 1..=6) from which a checker may be borne off with die `d`, given the
/// mover's occupancy `occ` (bit p set when the mover has a checker on point p) and the mask
/// `outside` of every place outside the home board (points 7..=24, and the bar where there is
/// one). Both rules types bear off the same way: only with every checker home (OFF-1, LN-28),
/// exactly from point `d` (OFF-2, LN-29), or with a larger die from the highest occupied point
/// (OFF-3, LN-30).
#[inline(always)]
#[must_use]
pub(crate) fn bear_off_sources(occ: u32, outside: u32, d: u8) -> u32 {
    if occ & outside != 0 || occ == 0 {
        return 0;
    }
    if occ & (1 << d) != 0 {
        return 1 << d;
    }
    let highest = 31 - occ.leading_zeros();
    if highest < u32::from(d) {
        1 << highest
    } else {
        0
    }
}

/// The mover's occupancy mask after one checker moved from `s` to `t` (`t` = 0: borne off),
/// given the occupancy `occ` before the move and the board `after` it. Shared by the move
/// generators of both rules types.
#[inline(always)]
#[must_use]
pub(crate) fn occupancy_after<const N: usize>(occ: u32, after: &[i8; N], s: u8, t: u8) -> u32 {
    let mut o = occ;
    if after[s as usize] == 0 {
        o &= !(1 << s);
    }
    if t != crate::OFF {
        o |= 1 << t;
    }
    o
}

/// Calls `f` for every set bit of `mask`, highest first (the move generators' source order).
#[inline(always)]
pub(crate) fn iter_desc(mut mask: u32, mut f: impl FnMut(u8)) {
    while mask != 0 {
        let s = 31 - mask.leading_zeros();
        mask &= !(1 << s);
        f(s as u8);
    }
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
