//! Converters shared by the pyclasses' methods.

use pyo3::prelude::*;

/// A numpy ``int8`` array of shape ``(rows, 26)`` over `bytes` (one board per row).
pub fn board_array<'py>(py: Python<'py>, bytes: &[u8], rows: usize) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy")?;
    let flat = np.call_method1(
        "frombuffer",
        (pyo3::types::PyBytes::new(py, bytes), np.getattr("int8")?),
    )?;
    flat.call_method1("reshape", ((rows, 26usize),))
}
