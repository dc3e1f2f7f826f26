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
//! The source is grouped in layers, one folder (or file) each, whose imports run one way. The
//! layers form a partial order, not a line: a layer may use the layers below it (those it
//! sits directly above, and theirs) and no other, and two layers on different branches know
//! nothing of each other (`text` and `scoring`; `bearoff` and `encode`). Each layer's
//! `mod.rs` says what it owns and, in its "May use" line, exactly which layers it uses.
//! `tools/check_layers.py` reads the table below and checks both.
//!
//! | layer | owns | directly above |
//! |---|---|---|
//! | `base` | vocabulary values: colors, dice, variants, moves, setups, dice streams | |
//! | `rules` | the [`Position`] trait, [`Backgammon`], [`Nardy`] | `base` |
//! | `bearoff` | the bear-off databases (public: [`bearoff`]) | `rules` |
//! | `encode` | network input encodings (public: [`encode`]) | `rules` |
//! | `eval` | position evaluators and the nets (public: [`eval`]) | `bearoff`, `encode` |
//! | `text` | Position IDs, play notation, ASCII boards (public: [`text`]) | `rules` |
//! | `variant_position` | the one run-time dispatch between rules types | `text` |
//! | `scoring` | referees, the cube, the scoreboard, match equities | `rules` |
//! | `policy` | checker and cube policies | `eval`, `scoring` |
//! | `play` | one game or match: turns, game loops, records, luck | `policy`, `variant_position` |
//! | `run` | batches, rollouts, simulations, training-data trajectories | `play` |
//! | `analysis` | played games and matches analysed: decisions valued, errors, luck | `play` |
//!
//! The same order drawn, each layer to the left of those below it:
//!
//! ```text
//! run ──────┬─ play ─┬─ policy ─┬─ eval ─┬─ bearoff ─┐
//! analysis ─┘        │          │        └─ encode ──┤
//!                    │          └─ scoring ──────────┼─ rules ─ base
//!                    └─ variant_position ─ text ─────┘
//! ```
//!
//! Inside the crate a name is imported from the module that owns it; users see the flat
//! re-exports below (and the public modules [`bearoff`], [`encode`], [`eval`], [`text`]).

mod analysis;
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

pub use analysis::{
    analyze_game, analyze_matches, is_close_cube, AnalysisConfig, AnalysisError, AnalysisProgress,
    AnalysisWireError, Candidate, Decision, DecisionKind, ErrorTally, GameAnalysis, GameLog,
    LuckMark, MatchAnalysis, MoveFilter, PlayerStats, Rating, RollLuck, Skill, Step, BAD,
    CLOSE_CUBE, DOUBTFUL, LUCKY, MAX_ANALYSIS_PLIES, VERY_BAD, VERY_LUCKY,
};
pub use base::color::{ByColor, Color};
pub use base::dice::{Dice, DiceError};
pub use base::moves::{Move, Play, PlayList, BAR, MAX_PLAYS, OFF};
pub use base::outcome::{Outcome, OutcomeKind};
// `GameRunner::play` takes a game's dice and random stream: both are public so that other
// engines can play single games (game `i` of seed `s`, as rollouts do); `mix64` so that other
// crates derive their reproducible numbers as the core does (the trainer's initial weights).
pub use base::rng::{game_stream, mix64, FirstRoll, GameDice, GameRng, QuasiRolls, Stream};
pub use base::setup::{Setup, SetupError, SetupProblems, Side, SETUP_BAR, SETUP_OFF};
pub use base::variant::{RulesFamily, UnknownVariantError, Variant};
pub use play::cube_game::CubefulRules;
pub use play::event::{GameEvent, NoObserver, Observer};
pub use play::game::{GameError, GameRules, GameRunner, Luck, NoLuck, NoTruncation, Truncation};
pub use play::ids::{
    fibs_board_of, game_from_id, game_from_match_id, game_from_xgid, match_id_of, xgid_of,
    GameIdError, IdGame, XgidOfError,
};
pub use play::luck::{
    pruning_screen, searched_roll_values, EvalLuck, RollValues, Screen, ScreenSelect, Screening,
    SCREENING,
};
pub use play::record::{
    CubefulRecord, Ending, GameEnd, GameRecord, MatchRecord, Settlement, ONE, WIN_KINDS,
    WIN_KIND_ORDER,
};
pub use play::replay::{
    file_settings, read_file_settings, CubeWord, EventReplay, FileAction, FileEntry, FileGame,
    FileRecord, RecordError, Replayed, ReplayedGame, ReplayedRecord, FILE_SETTINGS, READ_RULES,
};
pub use play::truncate::{
    nardy_settlement, probabilities_settlement, settlement, BearoffTruncation, NardyTruncation,
    PlyTruncation,
};
pub use play::turn::{
    level_name, may_double, opening_throw, GameOver, OpeningThrow, Resignation, TurnAction,
    TurnError, TurnErrorKind, TurnPosition, TurnSetupError, TurnState,
};
pub use policy::cube::{CubeContext, CubePolicy, KeithRace, NeverDouble, Response};
pub use policy::cube_kind::{BackgammonCubePolicy, CubePolicyError, CubePolicyKind};
pub use policy::cube_search::{
    cube_decision, cubeful_value, play_values, CubefulSearch, PlayValue, MAX_CUBE_PLIES,
};
pub use policy::cube_searched::{SearchedCube, MAX_CUBE_POLICY_PLIES};
pub use policy::janowski::{
    cash_point, cube_life, cubeful_equity, decision_from_probabilities, match_decision,
    money_decision, take_point, CubeDecision, CubeInfo, DoublerAction, GameValue, JanowskiCube,
    Ownership, TakerAction,
};
pub use policy::nardy::{NardyHeuristic, NardyPolicy};
pub use policy::{
    pruning_net_fits, BackgammonPolicy, Heuristic, HeuristicWeights, NetPolicy, PerfectBearoff,
    Policy, PolicyError, PolicyKind, PolicyStop, Pubeval, Random, WithPlies, DEFAULT_PRUNE_KEEP,
    DEFAULT_PRUNE_SCREEN, MAX_POLICY_PLIES,
};
pub use rules::backgammon::Backgammon;
pub use rules::nardy::options::{snake_case, ParseSettingError};
pub use rules::nardy::sequences::for_each_sequence;
pub use rules::nardy::{Nardy, NardyOptions};
pub use rules::position::{perft, IllegalPlayError, Position};
pub use run::batch::{std_error_of_mean, BatchError, BatchProgress, StopReason, MAX_THREADS};
pub use run::checkpoint::{
    join_ranges, missing_ranges, split_ranges, CheckpointError, Fields, ManyFile, Ranges,
    RolloutFile, RunRecord, RunTally, Stop, CUBEFUL_FORMAT, FILE_FORMAT, MANY_FILE_FORMAT,
    ROLLOUT_FORMAT,
};
pub use run::compare::{
    position_seed, rollout_many, CompareConfig, CompareProgress, CompareRun, CompareTotals,
    Contender,
};
pub use run::cube_decision::record::{CubeRolloutStats, CUBE_ROLLOUT_FORMAT};
pub use run::cube_decision::{
    beaver_line, check_decision, cube_decision_rollout, CubeRolloutError, CubeRolloutProgress,
    CubeRolloutRun, CubeRolloutSummary, CubeRolloutTally, DOUBLE_BEAVER, DOUBLE_TAKE, MWC_SCALE,
    NO_DOUBLE,
};
pub use run::cubeful::{
    cubeful_rollout, CubefulProgress, CubefulRun, CubefulTally, TallyProgress, TallyRun,
};
pub use run::file::{check_writable, read_checkpoint_file, write_atomically};
pub use run::json::{
    integrity_check, python_float_repr, Json, JsonError, MAX_DEPTH as MAX_CHECKPOINT_DEPTH,
};
pub use run::rollout::{
    rollout, rollout_with_luck, GameOutcomes, Progress, RolloutConfig, RolloutRun, Tally,
    TallyError, DEFAULT_CHUNK_SIZE, MIN_GAMES_FOR_TARGET,
};
pub use run::setup::{
    block_check_name as block_check_setting_name, first_turn_name as first_turn_setting_name,
    is_net_name, quoted as py_quoted, snake as snake_case_setting, CubePolicyName, CubeSetup,
    EvaluatorName, Mismatch, NardySetup, PolicyName, RolloutSetup, RolloutSetupError, SeriesStart,
};
pub use run::simulate::checkpoint::{
    SimCheckpointError, TallyJson, FILE_FORMAT as SIMULATION_FILE_FORMAT, MATCH_FORMAT,
};
pub use run::simulate::record::{
    describe_mismatches, one_sided_bound, MatchSimRecord, MoneySimRecord, SetupMismatch, SimFormat,
    SimMergeError, SimRecord, SimSetup, Z95,
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
pub use scoring::met::{
    match_winning_chance, mwc, mwc_after, GameMwcError, MetTable, MetTableError,
};
pub use scoring::nardy_referee::{EndVariant, Koks, NardyReferee};
pub use scoring::nardy_settings::{
    parse_last_roll, FirstMove, NardySettings, NardySettingsError, LAST_ROLL_NAMES,
};
pub use scoring::outcomes::{OutcomeShares, SharesError, SHARES_TOLERANCE};
pub use scoring::referee::{GameResult, Referee, StandardReferee};
pub use scoring::scoreboard::{
    money_record, MatchLengthError, MatchOverError, MatchScore, MatchSetupError, Scoreboard,
    MAX_MATCH_LENGTH, MAX_SCORE,
};
pub use text::fibs::{FibsBoard, FibsState, ParseFibsError};
pub use text::id::{position_id, position_key, ParseIdError};
pub use text::match_id::{GameState, MatchId, MatchIdProblem, ParseMatchIdError};
pub use text::xgid::{ParseXgidError, Xgid, XgidProblem};
pub use text::{IdForm, PlayText, PlayTextError, PositionId};
pub use variant_position::{IdFields, ReadIdError, VariantPlay, VariantPosition};
