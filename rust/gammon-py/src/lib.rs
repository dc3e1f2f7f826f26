//! The Python module `gammon._core`: argument conversion, error mapping and GIL handling over
//! `gammon-core`. No rules live here.

mod analysis;
mod batch;
mod bearoff;
mod checkpoint_file;
mod classes;
mod convert;
mod cube;
mod cube_eval;
mod cube_rollout;
mod cubeful;
mod cubeful_result;
mod envs;
mod equity;
mod errors;
mod evaluated;
mod evaluation;
mod fibs;
mod game;
mod getters;
mod ids;
mod many;
mod match_log;
mod match_score;
mod met;
mod nardy;
mod net;
mod plays;
mod position;
mod ranked;
mod record_replay;
mod result;
mod rollout;
mod rollout_result;
mod rollout_run;
mod run_results;
mod run_setup;
mod scoreboards;
mod serve;
mod simulate;
mod simulation;
mod stats;
mod turn;
mod types;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The compiled core of the `gammon` package. Import `gammon`, not this module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<types::PyColor>()?;
    m.add_class::<types::PyVariant>()?;
    m.add_class::<types::PyOutcome>()?;
    m.add_class::<types::PyMove>()?;
    m.add_class::<classes::PyPosition>()?;
    m.add_class::<classes::PyPlay>()?;
    m.add_class::<classes::PyPlayList>()?;
    m.add_class::<stats::PyTally>()?;
    m.add_class::<stats::PyMatchTally>()?;
    m.add_class::<stats::PyMoneyTally>()?;
    m.add_class::<cubeful::PyCubefulTally>()?;
    m.add_class::<run_setup::PySetup>()?;
    m.add_class::<rollout_result::PyRolloutResult>()?;
    m.add_class::<cubeful_result::PyCubefulRolloutResult>()?;
    m.add_class::<rollout_result::PyGameOutcomes>()?;
    m.add_class::<simulation::PyMatchResult>()?;
    m.add_class::<simulation::PyMoneyResult>()?;
    m.add_class::<simulation::PyMatchRecords>()?;
    m.add_class::<simulation::PyMoneyRecords>()?;
    m.add_class::<simulation::PySimulationSetup>()?;
    m.add_class::<cube::PyCubeRules>()?;
    m.add_class::<cube::PyCubeOffer>()?;
    m.add_class::<cube::PyCube>()?;
    m.add_class::<match_score::PyMatchScore>()?;
    m.add_class::<scoreboards::PyMatch>()?;
    m.add_class::<scoreboards::PyMoneySession>()?;
    m.add_function(wrap_pyfunction!(scoreboards::_money_session, m)?)?;
    m.add_function(wrap_pyfunction!(match_score::_match_score, m)?)?;
    m.add_class::<turn::PyTurnState>()?;
    m.add_class::<turn::PyResignation>()?;
    m.add_class::<result::PyGameResult>()?;
    m.add_class::<result::PyEnding>()?;
    m.add_function(wrap_pyfunction!(turn::_turn_state, m)?)?;
    m.add_class::<game::PyRoll>()?;
    m.add_class::<game::PyDouble>()?;
    m.add_class::<game::PyTake>()?;
    m.add_class::<game::PyDrop>()?;
    m.add_class::<game::PyBeaver>()?;
    m.add_class::<game::PyRaccoon>()?;
    m.add_class::<game::PyResign>()?;
    m.add_class::<game::PyAccept>()?;
    m.add_class::<game::PyDecline>()?;
    m.add_class::<game::PyEmptyPlay>()?;
    m.add_class::<game::PyGameBase>()?;
    m.add_function(wrap_pyfunction!(game::parse_action, m)?)?;
    m.add_function(wrap_pyfunction!(game::_resign_level, m)?)?;
    m.add_function(wrap_pyfunction!(convert::_prune_keep, m)?)?;
    m.add_class::<ids::PyGameState>()?;
    m.add_class::<ids::PyMatchId>()?;
    m.add_class::<ids::PyXgid>()?;
    m.add_class::<fibs::PyFibsBoard>()?;
    m.add_class::<fibs::PyFibsState>()?;
    m.add("FIBS_FIELDS", gammon_core::text::fibs::FIBS_FIELDS)?;
    m.add(
        "FIBS_UNLIMITED_MATCH",
        gammon_core::text::fibs::UNLIMITED_MATCH,
    )?;
    m.add_function(wrap_pyfunction!(ids::_game_from_id, m)?)?;
    m.add_function(wrap_pyfunction!(ids::gnubg_player_of, m)?)?;
    m.add_function(wrap_pyfunction!(ids::color_of_gnubg, m)?)?;
    m.add_function(wrap_pyfunction!(ids::split_gnubg, m)?)?;
    m.add("MATCH_ID_LEN", gammon_core::text::match_id::MATCH_ID_LEN)?;
    m.add(
        "XGID_POSITION_LEN",
        gammon_core::text::xgid::XGID_POSITION_LEN,
    )?;
    m.add_class::<nardy::PyNardySettings>()?;
    m.add("DEFAULT_MAX_CUBE", cube::DEFAULT_MAX_CUBE)?;
    m.add("MAX_AUTO_DOUBLES", gammon_core::MAX_AUTO_DOUBLES)?;
    m.add("MAX_CUBE_LIMIT", 1u32 << gammon_core::MAX_CUBE_LOG2_LIMIT)?;
    m.add_function(wrap_pyfunction!(convert::find_variant, m)?)?;
    m.add_function(wrap_pyfunction!(position::_play_from_text, m)?)?;
    m.add_function(wrap_pyfunction!(types::_move_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(types::_outcome_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(position::_position_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(rollout_run::_play_rollout, m)?)?;
    m.add_function(wrap_pyfunction!(rollout_run::_read_rollout_checkpoint, m)?)?;
    m.add_function(wrap_pyfunction!(
        checkpoint_file::_check_checkpoint_path,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(checkpoint_file::_read_checkpoint_file, m)?)?;
    m.add_function(wrap_pyfunction!(
        checkpoint_file::_write_checkpoint_file,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(checkpoint_file::_checkpoint_kind, m)?)?;
    m.add_function(wrap_pyfunction!(checkpoint_file::_missing_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(checkpoint_file::_split_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(checkpoint_file::_read_many_file, m)?)?;
    m.add_function(wrap_pyfunction!(checkpoint_file::_read_simulation_file, m)?)?;
    m.add_class::<many::PyManyRolloutResult>()?;
    m.add_function(wrap_pyfunction!(many::_play_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::_read_many_checkpoint, m)?)?;
    m.add_function(wrap_pyfunction!(many::_position_seeds, m)?)?;
    m.add_class::<ranked::PyRankedPlay>()?;
    m.add_function(wrap_pyfunction!(ranked::_ranked_plays, m)?)?;
    m.add_function(wrap_pyfunction!(rollout::_choose_play, m)?)?;
    m.add_function(wrap_pyfunction!(serve::_cube_decision, m)?)?;
    m.add_class::<cube_eval::PyCubeDecision>()?;
    m.add_class::<cube_rollout::PyCubeRolloutResult>()?;
    m.add_function(wrap_pyfunction!(cube_rollout::_play_cube_rollout, m)?)?;
    m.add_function(wrap_pyfunction!(
        cube_rollout::_read_cube_rollout_checkpoint,
        m
    )?)?;
    m.add_class::<equity::PyOutcomeDistribution>()?;
    m.add_class::<met::PyMetTable>()?;
    m.add_function(wrap_pyfunction!(equity::cubeless_equity, m)?)?;
    m.add_function(wrap_pyfunction!(equity::money_equity, m)?)?;
    m.add_class::<evaluation::PyEvaluation>()?;
    m.add_class::<evaluation::PyHint>()?;
    m.add_function(wrap_pyfunction!(evaluation::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluation::hint, m)?)?;
    m.add_function(wrap_pyfunction!(evaluation::cube_decision, m)?)?;
    m.add_function(wrap_pyfunction!(evaluation::_stakes, m)?)?;
    m.add_function(wrap_pyfunction!(cube::_cube_rules, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::_simulate_match, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::_simulate_money, m)?)?;
    // Named as in `gammon.bearoff`; prefixed here, where `evaluate` is the net's.
    m.add_class::<bearoff::PyBearoffEvaluation>()?;
    m.add_class::<bearoff::PyOneSided>()?;
    m.add_class::<bearoff::PyTableInfo>()?;
    m.add(
        "bearoff_evaluate",
        wrap_pyfunction!(bearoff::bearoff_evaluate, m)?,
    )?;
    m.add(
        "bearoff_one_sided",
        wrap_pyfunction!(bearoff::one_sided, m)?,
    )?;
    m.add("bearoff_build", wrap_pyfunction!(bearoff::build, m)?)?;
    m.add(
        "bearoff_cache_dir",
        wrap_pyfunction!(bearoff::cache_dir, m)?,
    )?;
    m.add_function(wrap_pyfunction!(bearoff::_bearoff_two_sided, m)?)?;
    m.add_function(wrap_pyfunction!(match_log::_simulated_games, m)?)?;
    m.add_function(wrap_pyfunction!(record_replay::_replay_match_file, m)?)?;
    m.add_function(wrap_pyfunction!(record_replay::_file_settings, m)?)?;
    m.add_function(wrap_pyfunction!(record_replay::_read_file_settings, m)?)?;
    m.add(
        "READ_CUBE_RULES",
        cube::PyCubeRules {
            inner: gammon_core::READ_RULES,
        },
    )?;
    m.add(
        "MATCH_FILE_SETTINGS",
        pyo3::types::PyTuple::new(m.py(), gammon_core::FILE_SETTINGS)?,
    )?;
    m.add_function(wrap_pyfunction!(batch::_batch_legal_plays, m)?)?;
    m.add_class::<batch::PyLegalPlaysBuffer>()?;
    m.add_function(wrap_pyfunction!(batch::_batch_validate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_flip, m)?)?;
    m.add_function(wrap_pyfunction!(envs::_env_observe, m)?)?;
    m.add_function(wrap_pyfunction!(envs::_env_masks, m)?)?;
    m.add_function(wrap_pyfunction!(envs::_env_apply, m)?)?;
    m.add_function(wrap_pyfunction!(envs::_env_best, m)?)?;
    m.add("MAX_PLAYS", gammon_core::MAX_PLAYS)?;
    m.add_function(wrap_pyfunction!(batch::_batch_boards, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_positions, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_to_ids, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_from_ids, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_stats, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_encode, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_trajectories, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_batch_policy_play, m)?)?;
    m.add_function(wrap_pyfunction!(evaluated::_batch_play_evaluated, m)?)?;
    m.add_class::<net::PyNet>()?;
    m.add("MAX_PLIES", net::MAX_PLIES)?;
    m.add("ENCODING_UNITS", batch::encoding_units(m.py())?)?;
    m.add_class::<analysis::PyMatchAnalysis>()?;
    m.add_class::<analysis::PyGameAnalysis>()?;
    m.add_class::<analysis::PyDecision>()?;
    m.add_class::<analysis::PyCandidate>()?;
    m.add_class::<analysis::PyRollLuck>()?;
    m.add_class::<analysis::PyPlayerStats>()?;
    m.add_function(wrap_pyfunction!(analysis::_analyze_matches, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::_analysis_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::_decision_arrays, m)?)?;
    m.add(
        "DECISION_KINDS",
        PyTuple::new(m.py(), analysis::decision_kinds())?,
    )?;
    m.add("SKILLS", PyTuple::new(m.py(), analysis::skills())?)?;
    m.add("MAX_ANALYSIS_PLIES", gammon_core::MAX_ANALYSIS_PLIES)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The run limits and units, defined once in the core.
    m.add("ONE", gammon_core::ONE)?;
    m.add("WIN_KINDS", gammon_core::WIN_KINDS)?;
    m.add("DEFAULT_CHUNK_SIZE", gammon_core::DEFAULT_CHUNK_SIZE)?;
    m.add("DEFAULT_MATCH_CHUNK", gammon_core::DEFAULT_MATCH_CHUNK)?;
    m.add("DEFAULT_GAME_CHUNK", gammon_core::DEFAULT_GAME_CHUNK)?;
    m.add("MIN_GAMES_FOR_TARGET", gammon_core::MIN_GAMES_FOR_TARGET)?;
    m.add("MAX_THREADS", gammon_core::MAX_THREADS)?;
    // The names of the run settings, defined once here.
    m.add("BUILTIN_POLICIES", run_setup::BUILTIN_POLICIES)?;
    m.add("TRUNCATIONS", run_setup::TRUNCATIONS)?;
    m.add("EVALUATORS", gammon_core::EvaluatorName::NAMES)?;
    m.add("KIND_NAMES", run_setup::KIND_NAMES)?;
    m.add("ROLLOUT_CHECKPOINT_FORMAT", gammon_core::FILE_FORMAT)?;
    m.add("MANY_CHECKPOINT_FORMAT", gammon_core::MANY_FILE_FORMAT)?;
    m.add_function(wrap_pyfunction!(run_setup::_default_policy, m)?)?;
    m.add_function(wrap_pyfunction!(run_setup::_default_cube_policy, m)?)?;
    // The names of the built-in cube policies and of the money result classes.
    let cube_policies: Vec<&str> = gammon_core::CubePolicyKind::ALL
        .iter()
        .map(|k| k.name())
        .collect();
    m.add(
        "BUILTIN_CUBE_POLICIES",
        pyo3::types::PyTuple::new(m.py(), cube_policies)?,
    )?;
    m.add(
        "MONEY_KIND_NAMES",
        pyo3::types::PyTuple::new(m.py(), gammon_core::MONEY_KIND_NAMES)?,
    )?;
    Ok(())
}
