//! Layer 7, **play**: one game or one match played out — the events observers see, the
//! records a game or match leaves, the cubeless game loop and the cube game and match loops,
//! truncation and the luck of the dice (variance reduction).
//!
//! May use: `base`, `rules`, `bearoff`, `eval`, `variant_position`, `scoring`, `policy`.

pub(crate) mod cube_game;
pub(crate) mod event;
pub(crate) mod game;
pub(crate) mod luck;
pub(crate) mod record;
pub(crate) mod truncate;
