//! Converters shared by the pyclasses' methods.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

/// A numpy ``int8`` array of shape ``(rows, 26)`` over `boards` (one board per row), built
/// by the `numpy` crate (no numpy import at run time).
pub fn board_array<'py>(
    py: Python<'py>,
    boards: Vec<i8>,
    rows: usize,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    PyArray1::from_vec(py, boards).reshape([rows, 26])
}
