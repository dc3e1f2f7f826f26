#![doc = include_str!("../README.md")]
//!
//! ## Glossary
//! - A **Move** is one checker moved by one die (the spec's *step*).
//! - A **Play** is a whole turn: the moves made for one roll. Two plays are the same play when
//!   they lead to the same position (MOVE-9).
//! - A **Position** is a validated board with the player on roll, seen from that player.
//! - **Dice** are a roll of two dice; a **Variant** names a game.
//!
//! ## Layers
//! The source is grouped in folders whose imports run one way, each folder's `mod.rs` saying
//! what it owns and what it may use (checked by `tools/check_layers.py`):
//! `base` (vocabulary values) -> `rules` (the [`Position`] trait, [`Backgammon`], [`Nardy`])
//! -> `bearoff` (the bear-off databases, a public module) -> `encode` (network input
//! encodings) -> `eval` (position evaluators) -> `text` (Position IDs, play notation, ASCII
//! boards) -> `variant_position`
//! (the one run-time dispatch) -> `scoring` (referees, cube, scoreboard) -> `policy`
//! (checker and cube policies) -> `play` (one game or match) -> `run` (batches, rollouts,
//! simulations, training-data trajectories).
//! Inside the crate a name is imported from the module that owns it; users see the flat
//! re-exports below (and the public text formats in [`text`]).

mod base;
pub mod bearoff;
pub mod encode;
pub mod eval;
mod play;
mod policy;
mod rules;
mod run;
mod scoring;
pub mod text;
mod variant_position;

pub use base::color::{ByColor, Color};
pub use base::dice::{Dice, DiceError};
pub use base::moves::{Move, Play, PlayList, BAR, MAX_PLAYS, OFF};
pub use base::outcome::{Outcome, OutcomeKind};
// `GameRunner::play` takes a game's dice and random stream: both are public so that other
// engines can play single games (game `i` of seed `s`, as rollouts do).
pub use base::rng::{game_stream, FirstRoll, GameDice, GameRng, QuasiRolls, Stream};
pub use base::setup::{Setup, SetupError, SetupProblems, Side, SETUP_BAR, SETUP_OFF};
pub use base::variant::{RulesFamily, UnknownVariantError, Variant};
pub use play::cube_game::CubefulRules;
pub use play::event::{GameEvent, NoObserver, Observer};
pub use play::game::{GameError, GameRules, GameRunner, Luck, NoLuck, NoTruncation, Truncation};
pub use play::luck::EvalLuck;
pub use play::record::{
    CubefulRecord, Ending, GameEnd, GameRecord, MatchRecord, Settlement, ONE, WIN_KINDS,
    WIN_KIND_ORDER,
};
pub use play::truncate::{
    nardy_settlement, probabilities_settlement, settlement, BearoffTruncation, NardyTruncation,
    PlyTruncation,
};
pub use play::turn::{
    level_name, may_double, opening_throw, GameOver, OpeningThrow, Resignation, TurnError,
    TurnErrorKind, TurnPosition, TurnSetupError, TurnState,
};
pub use policy::cube::{CubeContext, CubePolicy, KeithRace, NeverDouble, Response};
pub use policy::cube_kind::{BackgammonCubePolicy, CubePolicyError, CubePolicyKind};
pub use policy::janowski::{
    cash_point, cube_life, cubeful_equity, match_decision, money_decision, take_point,
    CubeDecision, GameValue, JanowskiCube, Ownership,
};
pub use policy::nardy::{NardyHeuristic, NardyPolicy};
pub use policy::{
    BackgammonPolicy, Heuristic, HeuristicWeights, NetPolicy, PerfectBearoff, Policy, PolicyError,
    PolicyKind, PolicyStop, Pubeval, Random,
};
pub use rules::backgammon::Backgammon;
pub use rules::nardy::options::ParseSettingError;
pub use rules::nardy::sequences::for_each_sequence;
pub use rules::nardy::{Nardy, NardyOptions};
pub use rules::position::{perft, IllegalPlayError, Position};
pub use run::batch::{std_error_of_mean, BatchError, BatchProgress, StopReason, MAX_THREADS};
pub use run::cubeful::{cubeful_rollout, CubefulProgress, CubefulRun, CubefulTally};
pub use run::rollout::{
    rollout, rollout_with_luck, GameOutcomes, Progress, RolloutConfig, RolloutRun, Tally,
    TallyError, DEFAULT_CHUNK_SIZE, MIN_GAMES_FOR_TARGET,
};
pub use run::simulate::checkpoint::{SimCheckpointError, TallyJson};
pub use run::simulate::record::{
    describe_mismatches, join_ranges, one_sided_bound, MatchSimRecord, MoneySimRecord,
    SetupMismatch, SimFormat, SimMergeError, SimRecord, SimSetup, Z95,
};
pub use run::simulate::{
    play_indexed_match, play_indexed_money_game, simulate_matches, simulate_money, MatchRecords,
    MatchRun, MatchTally, MatchTotals, MoneyRecords, MoneyRun, MoneyTally, MoneyTotals, SimConfig,
    SimRecords, SimRun, SimTally, SimTotals, SimulationError, DEFAULT_GAME_CHUNK,
    DEFAULT_MATCH_CHUNK, MONEY_KIND_NAMES,
};
pub use run::trajectory::{record_games, Trajectories};
pub use scoring::cube::{
    Cube, CubeActionError, CubeAnswer, CubeError, CubeOffer, CubeRules, CubeRulesError, CubeState,
    ParseCubeAnswerError, DEFAULT_MAX_CUBE_LOG2, MAX_AUTO_DOUBLES, MAX_CUBE_LOG2_LIMIT,
};
pub use scoring::met::{match_winning_chance, mwc, mwc_after};
pub use scoring::nardy_referee::{EndVariant, Koks, NardyReferee};
pub use scoring::referee::{GameResult, Referee, StandardReferee};
pub use scoring::scoreboard::{
    money_record, MatchLengthError, MatchOverError, MatchScore, MatchSetupError, Scoreboard,
    MAX_MATCH_LENGTH, MAX_SCORE,
};
pub use text::id::{position_id, position_key, ParseIdError};
pub use text::{PlayText, PlayTextError, PositionId};
pub use variant_position::{VariantPlay, VariantPosition};
