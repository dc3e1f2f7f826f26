//! `gammon._core._bearoff_*`: the bear-off databases of the core for `gammon.bearoff`
//! (which validates arguments and builds the result objects).

use gammon_core::bearoff::nardy::{evaluate_nardy, NardyScoring};
use gammon_core::bearoff::{self, store, NotBearoff};
use gammon_core::{EndVariant, VariantPosition};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::classes::PyPosition;
use crate::errors::{guard, InvalidInputError, NotBearoffError};
use crate::nardy::PyNardySettings;

fn not_bearoff(e: &NotBearoff) -> PyErr {
    NotBearoffError::new_err(e.to_string())
}

/// The value of a bear-off position (backgammon) or race ending (Long Nardy, scored under
/// the ``gammon.nardy.NardySettings`` ``nardy``, default the spec's: Mars counts, no last
/// roll) for the player on roll: ``(win, lose, win_gammon, lose_gammon, draw, equity,
/// exact)``, gammons being Mars in Long Nardy. Raises ``NotBearoffError`` for any other
/// position.
#[pyfunction]
#[pyo3(signature = (position, nardy=None))]
#[allow(clippy::type_complexity)]
pub fn _bearoff_evaluate(
    py: Python<'_>,
    position: PyPosition,
    nardy: Option<PyNardySettings>,
) -> PyResult<(f64, f64, f64, f64, f64, f64, bool)> {
    let referee = nardy.map(|s| s.inner.referee).unwrap_or_default();
    let scoring = NardyScoring {
        oin: referee.end_variant == EndVariant::Oin,
        last_roll: referee.last_roll,
    };
    let work = || {
        guard(|| match position.inner {
            VariantPosition::Backgammon(pos) => {
                let e = bearoff::evaluate(&pos).map_err(|e| not_bearoff(&e))?;
                Ok((
                    e.win,
                    1.0 - e.win,
                    e.win_gammon,
                    e.lose_gammon,
                    0.0,
                    e.equity(),
                    e.exact,
                ))
            }
            VariantPosition::Nardy(pos) => {
                let e = evaluate_nardy(&pos, scoring).map_err(|e| not_bearoff(&e))?;
                Ok((
                    e.win,
                    e.lose,
                    e.win_mars,
                    e.lose_mars,
                    e.draw,
                    e.equity(),
                    e.exact,
                ))
            }
        })
    };
    // A lookup takes well under a microsecond: release the GIL only when the first call may
    // load or build the tables.
    if bearoff::is_loaded() {
        work()
    } else {
        py.detach(work)
    }
}

/// One side's one-sided figures for ``board`` (checkers on points 1..6, at most 15):
/// ``(mean, all_off, first_off)``, each distribution a list indexed by the number of rolls.
#[pyfunction]
pub fn _bearoff_one_sided(py: Python<'_>, board: [u8; 6]) -> PyResult<(f64, Vec<f64>, Vec<f64>)> {
    py.detach(|| {
        guard(|| {
            let t = bearoff::one_sided();
            let i = t.index(&board).ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "a home board holds at most {} checkers, not {}",
                    t.checkers(),
                    board.iter().map(|&c| u32::from(c)).sum::<u32>()
                ))
            })?;
            let dense = |(s, p): (usize, &[f32])| {
                let mut v = vec![0.0; s];
                v.extend(p.iter().map(|&q| f64::from(q)));
                v
            };
            Ok((
                f64::from(t.mean(i)),
                dense(t.off().get(i)),
                dense(t.first().get(i)),
            ))
        })
    })
}

/// The exact cubeless win probability of the two-sided table for the mover's board ``me``
/// against ``opponent`` (each at most the table's checkers), or None when a board does not
/// fit. Independent of gammons (the table assumes both sides have a checker off).
#[pyfunction]
pub fn _bearoff_two_sided(py: Python<'_>, me: [u8; 6], opponent: [u8; 6]) -> PyResult<Option<f64>> {
    py.detach(|| {
        guard(|| {
            let t = bearoff::two_sided();
            Ok(
                match (t.indexer().index(&me), t.indexer().index(&opponent)) {
                    (Some(a), Some(b)) => Some(f64::from(t.win(a, b))),
                    _ => None,
                },
            )
        })
    })
}

/// The directory the tables are cached in, or None.
#[pyfunction]
pub fn _bearoff_cache_dir() -> Option<String> {
    store::cache_dir().map(|d| d.display().to_string())
}

fn info<'py, T>(
    py: Python<'py>,
    kind: &str,
    size: String,
    s: &store::Stored<T>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("kind", kind)?;
    d.set_item("size", size)?;
    d.set_item("path", s.path.as_ref().map(|p| p.display().to_string()))?;
    d.set_item("bytes", s.bytes)?;
    d.set_item(
        "origin",
        match &s.origin {
            store::Origin::Loaded => "loaded".to_string(),
            store::Origin::Built(store::FileProblem::Missing) => "built".to_string(),
            store::Origin::Built(p) => format!("rebuilt ({p})"),
        },
    )?;
    d.set_item("build_seconds", s.build_seconds)?;
    d.set_item("write_error", s.write_error.clone())?;
    Ok(d)
}

/// Loads the shared tables (building and caching any that is missing or fails a check) and
/// describes each: kind, size, path, bytes, origin, build seconds, write error.
#[pyfunction]
pub fn _bearoff_tables(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let (one, two) =
        py.detach(|| guard(|| Ok((bearoff::one_sided_stored(), bearoff::two_sided_stored()))))?;
    Ok(vec![
        info(
            py,
            "one-sided",
            format!(
                "{} checkers on {} points",
                one.table.checkers(),
                one.table.points()
            ),
            one,
        )?,
        info(
            py,
            "two-sided",
            format!("{} checkers a side", two.table.checkers()),
            two,
        )?,
    ])
}

/// Builds a two-sided table of ``checkers`` a side into the cache directory (or loads it
/// when its file is already whole) without making it the shared one; describes it.
#[pyfunction]
pub fn _bearoff_build_two_sided(py: Python<'_>, checkers: usize) -> PyResult<Bound<'_, PyDict>> {
    if !(1..=bearoff::MAX_TWO_SIDED_CHECKERS).contains(&checkers) {
        return Err(InvalidInputError::new_err(format!(
            "a two-sided table holds 1 to {} checkers a side, not {checkers}",
            bearoff::MAX_TWO_SIDED_CHECKERS
        )));
    }
    let s =
        py.detach(|| guard(|| Ok(store::two_sided(store::cache_dir().as_deref(), checkers))))?;
    info(py, "two-sided", format!("{checkers} checkers a side"), &s)
}
