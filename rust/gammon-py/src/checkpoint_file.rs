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
