//! The **run** layer, the highest, directly above `play`: many games, reproducibly and in parallel
//! — the batch engine (with its stop reasons and errors), rollouts (cubeless, and cubeful in
//! `cubeful`; cube decisions rolled out in `cube_decision`) and match/money simulations.
//!
//! May use: `base`, `rules`, `variant_position`, `scoring`, `eval` (its probabilities), `policy`,
//! `play`.

pub(crate) mod batch;
pub(crate) mod checkpoint;
pub(crate) mod compare;
pub(crate) mod cube_decision;
pub(crate) mod cubeful;
pub(crate) mod file;
pub(crate) mod json;
pub(crate) mod rollout;
pub(crate) mod setup;
pub(crate) mod simulate;
pub(crate) mod trajectory;
