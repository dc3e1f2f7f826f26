#![doc = include_str!("../README.md")]
//!
//! ## Glossary
//! - A **Move** is one checker moved by one die (the spec's *step*).
//! - A **Play** is a whole turn: the moves made for one roll. Two plays are the same play when
//!   they lead to the same position (MOVE-9).
//! - A **Position** is a validated board with the player on roll, seen from that player.
//! - **Dice** are a roll of two dice; a **Variant** names a game.

pub mod backgammon;
pub mod batch;
pub mod color;
pub mod cube;
pub mod cube_policy;
pub mod cubeful;
pub mod dice;
pub mod game;
pub mod id;
pub mod moves;
pub mod nardy;
pub mod notation;
pub mod outcome;
pub mod policy;
pub mod position;
pub mod referee;
pub mod rng;
pub mod rollout;
pub mod scoreboard;
pub mod setup;
pub mod simulate;
pub mod variant;
pub mod variant_position;

pub use backgammon::Backgammon;
pub use color::{ByColor, Color};
pub use cube::{CubeOffer, CubeRules};
pub use cube_policy::{CubePolicy, CubePolicyKind, KeithRace, NeverDouble, Response};
pub use cubeful::{CubefulRecord, CubefulRules, MatchRecord};
pub use dice::{Dice, DiceError};
pub use game::{
    CubeState, GameEnd, GameError, GameRecord, GameRules, GameRunner, NoTruncation, Settlement,
    Truncation,
};
pub use moves::{Move, Play, PlayList, BAR, MAX_PLAYS, OFF};
pub use nardy::referee::{EndVariant, Koks, NardyReferee};
pub use nardy::{Nardy, NardyOptions};
pub use outcome::{Outcome, OutcomeKind};
pub use policy::{Heuristic, Policy, PolicyKind, Pubeval, Random};
pub use position::{perft, IllegalPlayError, Position};
pub use referee::{GameResult, Referee, StandardReferee};
pub use rng::FirstRoll;
pub use rollout::{rollout, RolloutConfig, RolloutRun, StopReason, Tally};
pub use scoreboard::{MatchScore, Scoreboard};
pub use setup::{Setup, SetupError, SetupProblems};
pub use simulate::{simulate_matches, simulate_money, SimConfig};
pub use variant::{RulesFamily, UnknownVariantError, Variant};
pub use variant_position::{VariantPlay, VariantPosition};
