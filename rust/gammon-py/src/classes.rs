//! The pyclass structs that refer to one another: `gammon.Position`, `gammon.Play` and
//! `gammon.PlayList`. Their Python methods live in `position.rs` and `plays.rs`, which both
//! use these structs and not each other.

use gammon_core::{Dice, VariantPlay, VariantPosition};
use pyo3::prelude::*;

/// A position of backgammon (standard, nackgammon, hypergammon) or Long Nardy, with the
/// player on roll. Immutable, hashable and picklable.
#[pyclass(name = "Position", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub inner: VariantPosition,
}

/// A legal play: the moves made for one roll in one position.
///
/// ``str(play)`` is the standard notation, exactly as gnubg prints it. Two plays of one
/// position are equal when they lead to the same position (MOVE-9).
#[pyclass(name = "Play", module = "gammon", frozen, from_py_object)]
#[derive(Clone, Copy, Debug)]
pub struct PyPlay {
    pub before: VariantPosition,
    pub dice: Dice,
    pub play: VariantPlay,
}

impl PyPlay {
    /// The canonical text.
    pub fn text(&self) -> String {
        self.before.format_play(&self.play)
    }

    /// The position after the play with the turn passed.
    pub fn after_position(&self) -> VariantPosition {
        self.before.play_unchecked(&self.play)
    }

    pub(crate) fn key(&self) -> (VariantPosition, VariantPosition) {
        (self.before, self.play.after())
    }
}

/// The legal plays of one position and roll: a read-only sequence of ``Play``.
///
/// ``len``, iteration, indexing and ``in`` work as for a tuple; ``in`` also accepts a play
/// text (``"8/5 6/5" in plays``). Empty when the player cannot move.
#[pyclass(name = "PlayList", module = "gammon", frozen, sequence)]
#[derive(Clone, Debug)]
pub struct PyPlayList {
    pub before: VariantPosition,
    pub dice: Dice,
    pub plays: Vec<VariantPlay>,
}

impl PyPlayList {
    pub(crate) fn item(&self, i: usize) -> PyPlay {
        PyPlay {
            before: self.before,
            dice: self.dice,
            play: self.plays[i],
        }
    }
}
