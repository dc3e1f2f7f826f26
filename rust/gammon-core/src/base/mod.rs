//! The **base** layer, the lowest: the vocabulary of the crate, plain `Copy` values with no rules —
//! colors, dice, variants, outcomes, unvalidated setups (and the per-side checker counts
//! [`setup::Side`]), moves and plays, and the dice streams.
//!
//! May use: nothing else in the crate (only the standard library and small dependencies).

pub(crate) mod color;
pub(crate) mod dice;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod rng;
pub(crate) mod setup;
pub(crate) mod variant;
