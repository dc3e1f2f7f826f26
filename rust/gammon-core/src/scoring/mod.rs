//! Layer 5, **scoring**: what a finished game is worth and who may double — the referees
//! (backgammon and Long Nardy), the cube and the match scoreboard.
//!
//! May use: `base`, `rules`.

pub(crate) mod cube;
pub(crate) mod nardy_referee;
pub(crate) mod referee;
pub(crate) mod scoreboard;
