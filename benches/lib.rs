//! Shared helpers for the benchmarks in `benches/benches/` (corpus loading).

use std::path::PathBuf;

/// Path of a file in `tests/data`.
#[must_use]
pub fn data_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(rel)
}
