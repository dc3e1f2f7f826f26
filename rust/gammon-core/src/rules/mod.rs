//! The **rules** layer, directly above `base`: legality and geometry — the [`position::Position`]
//! trait, the bit helpers both move generators share, and the rules types
//! [`backgammon::Backgammon`] and [`nardy::Nardy`]. No text formats, no scoring, no randomness.
//!
//! May use: `base`.

pub(crate) mod backgammon;
pub(crate) mod bits;
pub(crate) mod nardy;
pub(crate) mod position;
