//! [`Move`] (one checker moved by one die), [`Play`] (a whole turn) and [`PlayList`]
//! (the legal plays of a roll, stored on the stack).

use std::fmt;
use std::ops::Deref;

use arrayvec::ArrayVec;

/// The bar as a source point, in the mover's numbering (BG-4).
pub const BAR: u8 = 25;
/// "Off the board" as a destination point, in the mover's numbering (BG-4).
pub const OFF: u8 = 0;

/// The most distinct plays any roll can have: every play of a double is a choice of up to
/// four of the 15 checkers with repetition, C(18, 4) = 3060 (the bound gnubg uses as
/// `MAX_MOVES`). Non-doubles have far fewer.
pub const MAX_PLAYS: usize = 3060;

/// One checker moved by one die: a *step* in the spec's terms (§3).
///
/// Points are in the mover's own numbering: `from` is 1..=24 or [`BAR`] (25), `to` is 1..=24
/// or [`OFF`] (0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the checker leaves (25 = bar).
    pub from: u8,
    /// The point the checker reaches (0 = off).
    pub to: u8,
    /// True when the checker landed on an opposing blot and sent it to the bar (MOVE-2).
    pub hit: bool,
}

impl Move {
    /// A move from `from` to `to`, hitting if `hit`.
    #[inline]
    #[must_use]
    pub const fn new(from: u8, to: u8, hit: bool) -> Move {
        Move { from, to, hit }
    }

    /// The distance moved, in pips (for a bear-off, the distance to point 0).
    #[must_use]
    pub const fn distance(self) -> u8 {
        self.from - self.to
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from == BAR {
            f.write_str("bar")?;
        } else {
            write!(f, "{}", self.from)?;
        }
        if self.to == OFF {
            f.write_str("/off")?;
        } else {
            write!(f, "/{}", self.to)?;
        }
        if self.hit {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// A whole turn: the moves made for one roll and the position they lead to.
///
/// `after` is the position after the moves with the same player still on roll; the turn
/// passes when the play is applied with `Position::play`. Two plays of one position
/// are the same play exactly when they lead to the same position (MOVE-9), so equality and
/// hashing look at `after` only.
#[derive(Clone, Copy, Debug)]
pub struct Play<P> {
    moves: [Move; 4],
    len: u8,
    after: P,
}

impl<P> Play<P> {
    /// A play of the given moves (at most four) leading to `after`.
    ///
    /// This does not check the moves against any position; plays are made by move generation.
    #[inline]
    #[must_use]
    pub fn from_parts(moves: &[Move], after: P) -> Play<P> {
        let mut arr = [Move::new(0, 0, false); 4];
        let len = moves.len().min(4);
        arr[..len].copy_from_slice(&moves[..len]);
        Play {
            moves: arr,
            len: len as u8,
            after,
        }
    }

    #[inline]
    pub(crate) fn from_array(moves: [Move; 4], len: u8, after: P) -> Play<P> {
        Play { moves, len, after }
    }

    /// The resulting position, for finishing a play in place during move generation.
    #[inline]
    pub(crate) fn after_mut(&mut self) -> &mut P {
        &mut self.after
    }

    /// The moves of the play in a legal order (the canonical order of NOT-6 once
    /// `Position::legal_plays` made it).
    #[inline]
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// The position after the moves, the mover still on roll.
    #[inline]
    #[must_use]
    pub fn after(&self) -> &P {
        &self.after
    }

    /// The number of dice the play uses.
    #[inline]
    #[must_use]
    pub fn dice_used(&self) -> usize {
        self.len as usize
    }

    /// True for the empty play of a player who cannot move (MOVE-8).
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when one of the moves hits a blot.
    #[must_use]
    pub fn hits(&self) -> bool {
        self.moves().iter().any(|m| m.hit)
    }
}

impl<P: PartialEq> PartialEq for Play<P> {
    fn eq(&self, other: &Play<P>) -> bool {
        self.after == other.after
    }
}

impl<P: Eq> Eq for Play<P> {}

impl<P: std::hash::Hash> std::hash::Hash for Play<P> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.after.hash(state);
    }
}

/// The legal plays of one roll, one per distinct resulting position, kept on the stack.
///
/// Filling a `PlayList` never allocates on the heap. An empty list means the player cannot
/// move (MOVE-8).
#[derive(Clone)]
pub struct PlayList<P> {
    plays: ArrayVec<Play<P>, MAX_PLAYS>,
}

impl<P> Default for PlayList<P> {
    fn default() -> Self {
        PlayList::new()
    }
}

impl<P> PlayList<P> {
    /// An empty list.
    #[inline]
    #[must_use]
    pub fn new() -> PlayList<P> {
        PlayList {
            plays: ArrayVec::new(),
        }
    }

    /// Removes every play.
    #[inline]
    pub fn clear(&mut self) {
        self.plays.clear();
    }

    /// Adds a play. Move generation never exceeds [`MAX_PLAYS`].
    #[inline]
    pub(crate) fn push(&mut self, play: Play<P>) {
        self.plays.push(play);
    }

    /// The last play, for finishing it in place.
    #[inline]
    pub(crate) fn last_mut(&mut self) -> Option<&mut Play<P>> {
        self.plays.last_mut()
    }

    /// Shortens the list to `len` plays.
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.plays.truncate(len);
    }

    /// The plays as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Play<P>] {
        &self.plays
    }
}

impl<P> Deref for PlayList<P> {
    type Target = [Play<P>];
    fn deref(&self) -> &[Play<P>] {
        &self.plays
    }
}

impl<'a, P> IntoIterator for &'a PlayList<P> {
    type Item = &'a Play<P>;
    type IntoIter = std::slice::Iter<'a, Play<P>>;
    fn into_iter(self) -> Self::IntoIter {
        self.plays.iter()
    }
}

impl<P: fmt::Debug> fmt::Debug for PlayList<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.plays.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_prints_bar_off_and_hit() {
        assert_eq!(Move::new(25, 22, true).to_string(), "bar/22*");
        assert_eq!(Move::new(6, 0, false).to_string(), "6/off");
        assert_eq!(Move::new(6, 0, false).distance(), 6);
    }

    #[test]
    fn plays_compare_by_resulting_position() {
        let a = Play::from_parts(&[Move::new(8, 5, false), Move::new(6, 5, false)], 1u8);
        let b = Play::from_parts(&[Move::new(6, 5, false), Move::new(8, 5, false)], 1u8);
        let c = Play::from_parts(&[Move::new(8, 5, false)], 2u8);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.dice_used(), 2);
    }
}
