//! `_play_rollout` (a range of a rollout's games played with the GIL released, as a
//! `RolloutResult` or a `CubefulRolloutResult`) and `_read_rollout_checkpoint` (a rollout's
//! checkpoint file read back, validated completely).

use gammon_core::{CheckpointError as CoreCheckpointError, CubefulTally, Json, RolloutFile, Tally};
use pyo3::prelude::*;

use crate::cubeful::run_cubeful;
use crate::cubeful_result::PyCubefulRolloutResult;
use crate::errors::{checkpoint_error, InvalidInputError};
use crate::rollout::{run_cubeless, setup_config, Settings};
use crate::rollout_result::PyRolloutResult;
use crate::run_results::*;
use crate::run_setup::PySetup;

// -- running and reading ----------------------------------------------------------------------------

/// Plays games ``first`` .. ``end`` of the rollout ``setup`` with the GIL released and returns
/// a ``RolloutResult`` (a ``CubefulRolloutResult`` with a cube). ``threads`` None: one per
/// core. ``callback(done, total, equity, std_error, elapsed)`` is called after chunks and at
/// least every 0.1 s with the games done *including* those of ``base`` (a result of the same
/// setup, or None) and the estimate of them all merged (exact). Ctrl-C, or a
/// ``KeyboardInterrupt`` from the callback or a Python policy, ends the run as interrupted,
/// keeping the games finished.
///
/// Raises ``InvalidInputError`` for bad settings (``threads`` above 1 with a Python policy, a
/// policy known by name only), ``InternalError`` when a game cannot be finished, and whatever a
/// Python policy or the callback raises.
#[pyfunction]
#[pyo3(signature = (setup, first, end, *, threads=None, chunk_size=gammon_core::DEFAULT_CHUNK_SIZE, record_games=false, max_seconds=None, target_std_error=None, callback=None, base=None))]
#[allow(clippy::too_many_arguments)]
pub fn _play_rollout<'py>(
    py: Python<'py>,
    setup: &Bound<'py, PySetup>,
    first: u64,
    end: u64,
    threads: Option<usize>,
    chunk_size: u64,
    record_games: bool,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    base: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let s = setup.get();
    s.check_threads(threads)?;
    s.check_playable()?;
    if end < first {
        return Err(InvalidInputError::new_err(format!(
            "the games {first}..{end} are not a range"
        )));
    }
    if chunk_size == 0 {
        return Err(InvalidInputError::new_err("chunk_size must be at least 1"));
    }
    let mut config = setup_config(&s.inner);
    config.threads = threads.unwrap_or(0);
    config.chunk_size = chunk_size;
    config.record_games = record_games;
    config.max_seconds = max_seconds;
    config.target_std_error = target_std_error;
    let cb = callback.as_ref();
    let base = base.filter(|b| !b.is_none());
    if s.inner.cube.is_some() {
        if record_games {
            return Err(InvalidInputError::new_err(
                "record_games=True does not combine with cube= (per-game outcomes are not kept \
                 for cubeful rollouts): leave record_games out of a cubeful rollout",
            ));
        }
        let base_tally = match base {
            Some(b) => {
                b.cast::<PyCubefulRolloutResult>()
                    .map_err(|_| InvalidInputError::new_err("base must be a CubefulRolloutResult"))?
                    .get()
                    .record
                    .tally
            }
            None => CubefulTally::default(),
        };
        let settings = Settings {
            first,
            end,
            config,
            base: base_tally,
        };
        let (run, interrupted) = run_cubeful(py, s, &settings, cb)?;
        let r =
            PyCubefulRolloutResult::of_run(setup.clone().unbind(), run, interrupted, end - first);
        return Ok(Bound::new(py, r)?.into_any());
    }
    let base_tally = match base {
        Some(b) => {
            b.cast::<PyRolloutResult>()
                .map_err(|_| InvalidInputError::new_err("base must be a RolloutResult"))?
                .get()
                .record
                .tally
        }
        None => Tally::default(),
    };
    let settings = Settings {
        first,
        end,
        config,
        base: base_tally,
    };
    let (run, interrupted) = run_cubeless(py, s, &settings, cb)?;
    let r = PyRolloutResult::of_run(py, setup.clone().unbind(), run, interrupted, end - first);
    Ok(Bound::new(py, r)?.into_any())
}

/// Reads the checkpoint file bytes ``data`` of one rollout (``where`` names the file in
/// messages), validated completely, and returns ``(result, first_game, games)``; the result
/// is a ``RolloutResult`` or a ``CubefulRolloutResult``. ``setup``: the rollout that continues
/// it (its objects play the result; the file must have been made by the same setup, and with
/// ``seed_given`` false the file's seed is taken), with its ``first`` game and ``games``; or
/// None to read the file alone, with ``policy`` (and ``cube``) the objects of policies it
/// records by name only. Raises ``CheckpointError`` naming what is wrong or what differs.
#[pyfunction]
#[pyo3(signature = (data, r#where, *, setup=None, first=0, games=0, seed_given=true, policy=None, cube=None))]
#[allow(clippy::too_many_arguments)]
pub fn _read_rollout_checkpoint<'py>(
    py: Python<'py>,
    data: &[u8],
    r#where: &str,
    setup: Option<&Bound<'py, PySetup>>,
    first: u64,
    games: u64,
    seed_given: bool,
    policy: Option<&Bound<'py, PyAny>>,
    cube: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyAny>, u64, u64)> {
    let cubeful = match setup {
        Some(s) => s.get().inner.cube.is_some(),
        None => sniff_cubeful(data),
    };
    let ck = |e: CoreCheckpointError| checkpoint_error(&e.0);
    if cubeful {
        let file = RolloutFile::<CubefulTally>::from_bytes(data, r#where).map_err(ck)?;
        let s = continue_setup(py, &file.record.setup, setup, policy, cube, seed_given)?;
        if setup.is_some() {
            file.check_continues(r#where, &s.inner, first, games)
                .map_err(ck)?;
        }
        let r = PyCubefulRolloutResult::make(py, Py::new(py, s)?, file.record);
        return Ok((Bound::new(py, r)?.into_any(), file.first_game, file.games));
    }
    let file = RolloutFile::<Tally>::from_bytes(data, r#where).map_err(ck)?;
    let s = continue_setup(py, &file.record.setup, setup, policy, None, seed_given)?;
    if setup.is_some() {
        file.check_continues(r#where, &s.inner, first, games)
            .map_err(ck)?;
    }
    let r = PyRolloutResult::make(py, Py::new(py, s)?, file.record);
    Ok((Bound::new(py, r)?.into_any(), file.first_game, file.games))
}

/// True when a checkpoint file's bytes hold a cubeful record (read fully later).
fn sniff_cubeful(data: &[u8]) -> bool {
    match Json::parse(data) {
        Ok(Json::Object(map)) => matches!(
            map.get("rollout"),
            Some(Json::Object(r)) if r.get("format") == Some(&Json::str(gammon_core::CUBEFUL_FORMAT))
        ),
        _ => false,
    }
}
