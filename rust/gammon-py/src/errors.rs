//! The one place that turns core errors into Python exceptions (the hierarchy lives in
//! `gammon/errors.py`), and the guard that keeps panics from reaching Python.

use std::panic::{catch_unwind, AssertUnwindSafe};

use gammon_core::BatchError;
use gammon_core::CubePolicyError;
use gammon_core::CubeRulesError;
use gammon_core::GameError;
use gammon_core::ParseFibsError;
use gammon_core::ParseIdError;
use gammon_core::ParseSettingError;
use gammon_core::PlayTextError;
use gammon_core::PolicyError;
use gammon_core::RecordError;
use gammon_core::SimulationError;
use gammon_core::{CubeActionError, CubeError, ParseCubeAnswerError};
use gammon_core::{DiceError, SetupError, UnknownVariantError};
use gammon_core::{GameIdError, ParseMatchIdError, ParseXgidError, ReadIdError, XgidOfError};
use gammon_core::{GameMwcError, MetTableError};
use gammon_core::{SimCheckpointError, SimMergeError};
use pyo3::prelude::*;

pyo3::import_exception!(gammon.errors, GammonError);
pyo3::import_exception!(gammon.errors, InvalidInputError);
pyo3::import_exception!(gammon.errors, ParseError);
pyo3::import_exception!(gammon.errors, InvalidPositionError);
pyo3::import_exception!(gammon.errors, InvalidDiceError);
pyo3::import_exception!(gammon.errors, IllegalPlayError);
pyo3::import_exception!(gammon.errors, AmbiguousPlayError);
pyo3::import_exception!(gammon.errors, InternalError);
pyo3::import_exception!(gammon.errors, NotBearoffError);
pyo3::import_exception!(gammon.errors, IllegalCubeActionError);
pyo3::import_exception!(gammon.errors, IllegalActionError);
pyo3::import_exception!(gammon.errors, NetFileError);
pyo3::import_exception!(gammon.errors, CheckpointError);

/// Runs `f`, turning a Rust panic into `gammon.InternalError` so that no panic reaches Python
/// (PyO3's own `PanicException` derives from `BaseException` and would escape
/// `except Exception`).
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(InternalError::new_err(format!(
                "internal error in gammon (please report it): {msg}"
            )))
        }
    }
}

/// A pickled ``Move`` whose points are out of range (from 1..=25, to 0..=24).
pub fn move_error(from: u8, to: u8) -> PyErr {
    InvalidInputError::new_err(format!(
        "not a move: from {from} to {to} (from is 1..24 or 25 for the bar, to 1..24 or 0 for off)"
    ))
}

/// A pickled ``Outcome`` whose kind is not one of the names of ``Outcome.kind``.
pub fn outcome_kind_error(kind: &str) -> PyErr {
    InvalidInputError::new_err(format!(
        "not an outcome kind: {kind:?} (single, gammon, backgammon, oin, mars, koks or draw)"
    ))
}

/// `gammon.MatchRecordError` for a match file the rules refuse, with the game, the move and
/// the line it names.
pub fn record_error(py: Python<'_>, e: &RecordError) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("game", e.game)?;
        kwargs.set_item("move", e.move_number)?;
        kwargs.set_item("line", e.line)?;
        let class = py.import("gammon.errors")?.getattr("MatchRecordError")?;
        let err = class.call((bounded(e.reason.clone()),), Some(&kwargs))?;
        Ok(PyErr::from_value(err))
    };
    build().unwrap_or_else(|failed| failed)
}

/// Bounds a message that quotes the input: past 240 characters it keeps the start and the end
/// and says how long it was, so that a megabyte of input does not come back as a megabyte of
/// message.
pub fn bounded(message: String) -> String {
    cut(message, 160, 60)
}

/// `message` with its middle cut out when it has more than `head + tail + 20` characters.
fn cut(message: String, head: usize, tail: usize) -> String {
    let n = message.chars().count();
    if n <= head + tail + 20 {
        return message;
    }
    let first: String = message.chars().take(head).collect();
    let last: String = message.chars().skip(n - tail).collect();
    format!("{first} … [{} characters cut] … {last}", n - head - tail)
}

/// `gammon.NetFileError` for weights that do not read, naming the file when there is one.
pub fn net_file_error(
    e: &gammon_core::eval::net::NetFileError,
    path: Option<&std::path::Path>,
) -> PyErr {
    match path {
        Some(p) => NetFileError::new_err(bounded(format!("{}: {e}", p.display()))),
        None => NetFileError::new_err(e.to_string()),
    }
}

/// `gammon.InternalError` for the pruning net built into the crate when it does not read (a
/// damaged build, as for the other shipped weights): the one error of every call that prunes a
/// search or screens the luck with it.
pub fn shipped_pruner_error(e: &gammon_core::eval::net::NetFileError) -> PyErr {
    InternalError::new_err(format!(
        "the shipped pruning weights (nets/backgammon-prune.gnet): {e}"
    ))
}

/// `gammon.ParseError` for an unreadable position ID.
pub fn id_error(e: &ParseIdError) -> PyErr {
    match e {
        ParseIdError::Invalid(..) => InvalidPositionError::new_err(bounded(e.to_string())),
        _ => ParseError::new_err(bounded(e.to_string())),
    }
}

/// `gammon.ParseError` for a text that is not a Match ID, `gammon.InvalidInputError` for a
/// Match ID of a state the rules make impossible (ID-7).
pub fn match_id_error(e: &ParseMatchIdError) -> PyErr {
    match e {
        ParseMatchIdError::Invalid(..) => InvalidInputError::new_err(bounded(e.to_string())),
        _ => ParseError::new_err(bounded(e.to_string())),
    }
}

/// `gammon.ParseError` for a text that is not an XGID, `gammon.InvalidPositionError` for an
/// impossible board, `gammon.InvalidInputError` for an impossible state.
pub fn xgid_error(e: &ParseXgidError) -> PyErr {
    match e {
        ParseXgidError::Position(..) => InvalidPositionError::new_err(bounded(e.to_string())),
        ParseXgidError::Invalid(..) => InvalidInputError::new_err(bounded(e.to_string())),
        _ => ParseError::new_err(bounded(e.to_string())),
    }
}

/// `gammon.ParseError` for a FIBS board string that cannot be read or describes no game,
/// `gammon.InvalidInputError` for a game a FIBS board cannot describe (Long Nardy).
pub fn fibs_error(e: &ParseFibsError) -> PyErr {
    match e {
        ParseFibsError::NotBackgammon => InvalidInputError::new_err(e.to_string()),
        _ => ParseError::new_err(bounded(e.to_string())),
    }
}

/// `gammon.InvalidInputError` for a game state that has no XGID.
pub fn xgid_of_error(e: &XgidOfError) -> PyErr {
    InvalidInputError::new_err(e.to_string())
}

/// The error for a text that names no position: as its form's reader raises it, and
/// `gammon.InvalidInputError` for a form the variant cannot have or a contradicting turn.
pub fn read_id_error(e: &ReadIdError) -> PyErr {
    match e {
        ReadIdError::Unreadable(p) => match p {
            ParseIdError::Invalid(..) => InvalidPositionError::new_err(bounded(e.to_string())),
            _ => ParseError::new_err(bounded(e.to_string())),
        },
        ReadIdError::PositionId(p) => id_error(p),
        ReadIdError::Split(_) => ParseError::new_err(bounded(e.to_string())),
        ReadIdError::MatchId(m) => match_id_error(m),
        ReadIdError::Xgid(x) => xgid_error(x),
        ReadIdError::NotBackgammon { .. } | ReadIdError::Turn { .. } => {
            InvalidInputError::new_err(bounded(e.to_string()))
        }
    }
}

/// The error for an ID that names no game that can be played on: `read_id_error` for an
/// unreadable text, `gammon.InvalidInputError` for a state the rules forbid.
pub fn game_id_error(e: &GameIdError) -> PyErr {
    match e {
        GameIdError::Read(r) => read_id_error(r),
        _ => InvalidInputError::new_err(bounded(e.to_string())),
    }
}

/// `gammon.InvalidInputError` for an argument that should be a `str` and is not.
pub fn not_text_error(what: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    let type_name = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    InvalidInputError::new_err(format!("{what} must be a str, got {type_name}"))
}

/// `gammon.ParseError` for a `str` that is not valid Unicode (a lone surrogate), which Rust
/// cannot read as text.
pub fn unreadable_text_error(what: &str, e: &PyErr) -> PyErr {
    ParseError::new_err(format!("{what} is not valid Unicode text: {e}"))
}

/// `gammon.InvalidPositionError` for a failed validation.
pub fn setup_error(e: &SetupError) -> PyErr {
    InvalidPositionError::new_err(bounded(e.to_string()))
}

/// `gammon.InvalidInputError` for a match equity table refused by the core; `name` is the
/// `repr` of the table's name.
pub fn met_table_error(name: &str, e: &MetTableError) -> PyErr {
    InvalidInputError::new_err(bounded(format!("MET {name}: {e}")))
}

/// `gammon.InvalidInputError` for a points-away count that is not an int.
pub fn met_away_error(value: &str) -> PyErr {
    InvalidInputError::new_err(format!("MET: points away must be ints, not {value}"))
}

/// `gammon.InvalidInputError` for a score beyond a match equity table.
pub fn met_range_error(name: &str, length: usize, (away, opponent_away): (i64, i64)) -> PyErr {
    InvalidInputError::new_err(bounded(format!(
        "MET {name} covers scores up to {length} away, not {away}-{opponent_away}"
    )))
}

/// `gammon.InvalidInputError` for the points away of a game that is not a pair.
pub fn met_away_pair_error(away: &str) -> PyErr {
    InvalidInputError::new_err(bounded(format!(
        "away must be a pair (on roll, opponent), not {away}"
    )))
}

/// `gammon.InvalidInputError` for a game a match equity table cannot value (`away` as
/// given); `met_range_error` for a score beyond the table.
pub fn met_game_error(e: &GameMwcError, away: &str) -> PyErr {
    InvalidInputError::new_err(bounded(match *e {
        GameMwcError::Over => format!("away counts are ints >= 1 (the match goes on), not {away}"),
        GameMwcError::CrawfordCube => {
            "MATCH-3: the Crawford game is played with the cube at 1".into()
        }
        GameMwcError::CrawfordScore => format!(
            "MATCH-3: the Crawford game is played with exactly one player 1 away, not {away}"
        ),
        GameMwcError::Beyond(a, b) => format!("MET: the score {a}-{b} is beyond the table"),
    }))
}

/// `gammon.InvalidDiceError`.
pub fn dice_error(e: &DiceError) -> PyErr {
    InvalidDiceError::new_err(bounded(e.to_string()))
}

/// `gammon.InvalidInputError` for an unknown variant name.
pub fn variant_error(e: &UnknownVariantError) -> PyErr {
    InvalidInputError::new_err(bounded(e.to_string()))
}

/// `ParseError`, `IllegalPlayError` or `AmbiguousPlayError` for a play text.
pub fn play_text_error(e: &PlayTextError) -> PyErr {
    match e {
        PlayTextError::Syntax { .. } => ParseError::new_err(bounded(e.to_string())),
        PlayTextError::Illegal { .. } => IllegalPlayError::new_err(bounded(e.to_string())),
        PlayTextError::Ambiguous { .. } => AmbiguousPlayError::new_err(bounded(e.to_string())),
    }
}

/// `gammon.InvalidInputError` for a Long Nardy setting value that is not one of §9's.
pub fn setting_error(e: &ParseSettingError) -> PyErr {
    InvalidInputError::new_err(bounded(e.to_string()))
}
/// `gammon.InvalidInputError` for an unknown policy name or one that cannot play the variant.
pub fn policy_error(e: &PolicyError) -> PyErr {
    InvalidInputError::new_err(bounded(e.to_string()))
}

/// `gammon.IllegalPlayError` for a Python policy whose `choose` answered something that is
/// not one of the plays it was offered.
pub fn policy_choice_error(detail: &str) -> PyErr {
    IllegalPlayError::new_err(format!("the policy's choice is not a legal play: {detail}"))
}

/// `gammon.InvalidInputError` for a rollout that cannot start.
pub fn rollout_error(e: &BatchError) -> PyErr {
    match e {
        BatchError::ZeroChunk => InvalidInputError::new_err(e.to_string()),
        BatchError::ThreadPool { .. } => InternalError::new_err(e.to_string()),
    }
}

/// `gammon.InternalError` for a game of a rollout that could not be finished.
pub fn game_error(game: u64, e: &GameError) -> PyErr {
    InternalError::new_err(format!("game {game} of the rollout failed: {e}"))
}

/// `gammon.InvalidInputError` for an unknown cube policy name or one that cannot play the
/// variant.
pub fn cube_policy_error(e: &CubePolicyError) -> PyErr {
    InvalidInputError::new_err(bounded(e.to_string()))
}

/// `gammon.InvalidInputError` for cube rules out of range.
pub fn cube_rules_error(e: &CubeRulesError) -> PyErr {
    InvalidInputError::new_err(bounded(e.to_string()))
}

/// `gammon.InvalidInputError` for a simulation that cannot start with these settings, and
/// `gammon.InternalError` when its threads cannot start.
pub fn simulation_error(e: &SimulationError) -> PyErr {
    match e {
        SimulationError::Batch(r) => rollout_error(r),
        _ => InvalidInputError::new_err(e.to_string()),
    }
}

/// `gammon.InternalError` for a match or game of a simulation that could not be finished.
pub fn simulation_failed(what: &str, index: u64, e: &GameError) -> PyErr {
    InternalError::new_err(format!("{what} {index} of the simulation failed: {e}"))
}

/// `gammon.InternalError` when the Python side of a cube policy answers outside its contract
/// (the wrapper in `gammon/policies.py` checks the type of the user's answers first).
pub fn cube_answer_error(detail: &str) -> PyErr {
    InternalError::new_err(format!("a cube policy wrapper answered {detail}"))
}

/// `gammon.IllegalCubeActionError` for a cube action the cube's rules forbid.
pub fn cube_action_error(e: &CubeActionError) -> PyErr {
    IllegalCubeActionError::new_err(e.to_string())
}

/// `gammon.InvalidInputError` for a cube policy's `take()` that answered a word that is no
/// answer.
pub fn cube_word_error(who: &str, e: &ParseCubeAnswerError) -> PyErr {
    InvalidInputError::new_err(bounded(format!(
        "{who}.take() must return True or False or a word: {e}"
    )))
}

/// `gammon.IllegalCubeActionError` for a cube policy's answer the rules forbid: the rule
/// first (the core's message), then who answered what.
pub fn cube_answer_refused(e: &CubeActionError, who: &str, word: &str) -> PyErr {
    IllegalCubeActionError::new_err(bounded(format!("{e} ({who}.take() answered {word:?})")))
}

/// `gammon.InvalidInputError` for a cube built from fields that cannot go together.
pub fn cube_error(e: &CubeError) -> PyErr {
    InvalidInputError::new_err(e.to_string())
}

/// `gammon.CheckpointError` for a checkpoint that cannot be read, is not valid or belongs to
/// another run (the message names the file and the problem).
pub fn checkpoint_error(message: &str) -> PyErr {
    // Longer than other messages: it names the file and every setting that differs.
    CheckpointError::new_err(cut(message.to_string(), 1000, 200))
}

/// `gammon.CheckpointError` for a simulation checkpoint (or pickled result) at `path` that
/// cannot be read or cannot continue the run.
pub fn sim_checkpoint_error(e: &SimCheckpointError, path: &str) -> PyErr {
    CheckpointError::new_err(format!("the checkpoint {path} cannot be used: {e}"))
}

/// `gammon.InvalidInputError` for simulation results that cannot merge.
pub fn sim_merge_error(e: &SimMergeError) -> PyErr {
    InvalidInputError::new_err(bounded(e.to_string()))
}
