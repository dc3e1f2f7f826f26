//! The **scoring** layer, directly above `rules`: what a finished game is worth and who may double
//! — the referees (backgammon and Long Nardy) and the Long Nardy settings of §9, the cube, the
//! match scoreboard, the match equity table (`met`) and the value of a distribution of
//! outcomes (`outcomes`).
//!
//! May use: `base`, `rules`.

pub(crate) mod cube;
pub mod met;
pub(crate) mod met_table;
pub(crate) mod nardy_referee;
pub(crate) mod nardy_settings;
pub(crate) mod outcomes;
pub(crate) mod referee;
pub(crate) mod scoreboard;
