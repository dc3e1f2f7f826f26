//! The checkpoint files of every run kind on disk (the core's `run::file`): the path checked
//! before a run starts, the bytes read and the text written atomically. The run driver
//! (`gammon/_run.py`) calls them.

use std::path::PathBuf;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::checkpoint_error;

/// Raises ``CheckpointError`` naming ``path`` unless a checkpoint can be written there: its
/// directory exists and takes a new file, and an existing ``path`` is a file.
#[pyfunction]
pub fn _check_checkpoint_path(py: Python<'_>, path: PathBuf) -> PyResult<()> {
    py.detach(|| gammon_core::check_writable(&path))
        .map_err(|e| checkpoint_error(&e.0))
}

/// The bytes of the checkpoint file at ``path``; ``CheckpointError`` naming it when it
/// cannot be read.
#[pyfunction]
pub fn _read_checkpoint_file(py: Python<'_>, path: PathBuf) -> PyResult<Bound<'_, PyBytes>> {
    let data = py
        .detach(|| gammon_core::read_checkpoint_file(&path))
        .map_err(|e| checkpoint_error(&e.0))?;
    Ok(PyBytes::new(py, &data))
}

/// Writes ``text`` to the checkpoint file at ``path`` atomically (a crash leaves the old file
/// or the new one), removing temporary files that killed writers left. Raises ``OSError``
/// (with ``errno`` and ``strerror``) when the write fails; the old file is then intact.
#[pyfunction]
pub fn _write_checkpoint_file(py: Python<'_>, path: PathBuf, text: &str) -> PyResult<()> {
    py.detach(|| gammon_core::write_atomically(&path, text))
        .map_err(|e| {
            let text = e.to_string();
            let reason = text
                .split(" (os error")
                .next()
                .unwrap_or_default()
                .to_string();
            match e.raw_os_error() {
                Some(code) => PyOSError::new_err((code, reason)),
                None => PyOSError::new_err(reason),
            }
        })
}

/// The run a checkpoint file's bytes hold: ``"match"`` or ``"money"`` (a simulation),
/// ``"many"`` (a comparison on common dice), ``"cube"`` (a cube decision rolled out) or
/// ``"rollout"`` (one rollout, and whatever else:
/// the rollout reader names what is wrong).
#[pyfunction]
pub fn _checkpoint_kind(data: &[u8]) -> &'static str {
    let Ok(gammon_core::Json::Object(map)) = gammon_core::Json::parse(data) else {
        return "rollout";
    };
    let is =
        |v: Option<&gammon_core::Json>, format: &str| v == Some(&gammon_core::Json::str(format));
    if is(map.get("format"), gammon_core::SIMULATION_FILE_FORMAT) {
        let inner = match map.get("simulation") {
            Some(gammon_core::Json::Object(s)) => s.get("format"),
            _ => None,
        };
        return if is(inner, gammon_core::MATCH_FORMAT) {
            "match"
        } else {
            "money"
        };
    }
    if is(map.get("format"), gammon_core::MANY_FILE_FORMAT) {
        return "many";
    }
    match map.get("rollout") {
        Some(gammon_core::Json::Object(r))
            if is(r.get("format"), gammon_core::CUBE_ROLLOUT_FORMAT) =>
        {
            "cube"
        }
        _ => "rollout",
    }
}

/// Reads the checkpoint file bytes ``data`` of a comparison (``where`` names the file) alone,
/// validated completely: the ``ManyRolloutResult`` it holds, played by ``policy`` and
/// ``cube`` where the file names Python policies. Raises ``CheckpointError``.
#[pyfunction]
#[pyo3(signature = (data, r#where, *, policy=None, cube=None))]
pub fn _read_many_file<'py>(
    py: Python<'py>,
    data: &[u8],
    r#where: &str,
    policy: Option<&Bound<'py, PyAny>>,
    cube: Option<&Bound<'py, PyAny>>,
) -> PyResult<crate::many::PyManyRolloutResult> {
    let file =
        gammon_core::ManyFile::from_bytes(data, r#where).map_err(|e| checkpoint_error(&e.0))?;
    let setups = file
        .records
        .iter()
        .map(|r| {
            let s = crate::run_results::attach(py, &r.setup, policy, None, cube).map_err(|e| {
                checkpoint_error(&format!("the checkpoint is not valid: {}", e.value(py)))
            })?;
            Py::new(py, s)
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(crate::many::PyManyRolloutResult::of_file(setups, file))
}

/// Reads the checkpoint file bytes ``data`` of a simulation (``where`` names the file) alone,
/// validated completely: ``(result, first, items)``, the ``MatchResult`` or ``MoneyResult``
/// it holds (its ``players`` are ``players``), its first item and the items asked for.
/// Raises ``CheckpointError`` naming what is wrong.
#[pyfunction]
#[pyo3(signature = (data, r#where, players=None))]
pub fn _read_simulation_file<'py>(
    py: Python<'py>,
    data: &[u8],
    r#where: &str,
    players: Option<Py<PyAny>>,
) -> PyResult<(Bound<'py, PyAny>, u64, u64)> {
    let players = players.unwrap_or_else(|| py.None());
    let bad = |e: gammon_core::SimCheckpointError| crate::errors::sim_checkpoint_error(&e, r#where);
    if _checkpoint_kind(data) == "match" {
        let (rec, first, items) = gammon_core::MatchSimRecord::read_file(data).map_err(bad)?;
        let r = crate::simulation::PyMatchResult::new(py, rec, players)?;
        return Ok((Bound::new(py, r)?.into_any(), first, items));
    }
    let (rec, first, items) = gammon_core::MoneySimRecord::read_file(data).map_err(bad)?;
    let r = crate::simulation::PyMoneyResult::new(py, rec, players)?;
    Ok((Bound::new(py, r)?.into_any(), first, items))
}

/// The parts of ``whole`` (first, end) that no range of ``done`` (sorted, disjoint) covers,
/// in order: the items a run still has to play after a checkpoint.
#[pyfunction]
pub fn _missing_ranges(whole: (u64, u64), done: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    let done: Vec<_> = done.into_iter().map(|(a, b)| a..b).collect();
    gammon_core::missing_ranges(whole.0..whole.1, &done)
        .into_iter()
        .map(|r| (r.start, r.end))
        .collect()
}

/// ``ranges`` cut into pieces of at most ``per_task`` items, in order: the tasks of a run on
/// an executor.
#[pyfunction]
pub fn _split_ranges(ranges: Vec<(u64, u64)>, per_task: u64) -> Vec<(u64, u64)> {
    let ranges: Vec<_> = ranges.into_iter().map(|(a, b)| a..b).collect();
    gammon_core::split_ranges(&ranges, per_task)
        .into_iter()
        .map(|r| (r.start, r.end))
        .collect()
}
