//! The **play** layer, directly above `policy` and `variant_position`: one game or one match played
//! out — the events observers see, the records a game or match leaves, the turn state machine
//! (`turn.rs`: the one owner of the sequence of a game, which `gammon.Game` drives and whose
//! may-double and opening rules the loops share), the cubeless game loop and the cube game and
//! match loops, truncation, the luck of the dice (variance reduction) and the replay of a
//! match file's record (`replay.rs`).
//!
//! May use: `base`, `rules`, `bearoff`, `eval`, `text`, `variant_position`, `scoring`, `policy`.

pub(crate) mod cube_game;
pub(crate) mod event;
pub(crate) mod game;
pub(crate) mod ids;
pub(crate) mod luck;
pub(crate) mod record;
pub(crate) mod replay;
pub(crate) mod truncate;
pub(crate) mod turn;
