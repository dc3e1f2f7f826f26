//! `gammon.bearoff`: the bear-off databases of the core, their values and figures, and the
//! tables' files.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use gammon_core::bearoff::nardy::{evaluate_nardy, NardyScoring};
use gammon_core::bearoff::{self, store, NotBearoff};
use gammon_core::{Color, EndVariant, Variant, VariantPosition};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFloat, PySequence, PyString, PyTuple};

use crate::classes::PyPosition;
use crate::convert::{int_in, repr};
use crate::errors::{guard, InvalidInputError, NotBearoffError};
use crate::nardy::PyNardySettings;
use crate::types::color_arg;

fn not_bearoff(e: &NotBearoff) -> PyErr {
    NotBearoffError::new_err(e.to_string())
}

/// The cubeless value of a bear-off position for the player on roll.
///
/// ``exact`` is True when it comes from the two-sided table (both sides fit it and each has a
/// checker off, so no gammon is possible); otherwise the two sides' one-sided distributions
/// are combined as if independent, as GNU Backgammon does. No backgammon is possible once
/// every checker is home. In Long Nardy the gammons are Mars (LN-33) and ``draw`` is the
/// chance of the draw of LN-37. Immutable, comparable, hashable and picklable.
#[pyclass(
    name = "BearoffEvaluation",
    module = "gammon.bearoff",
    frozen,
    eq,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PyBearoffEvaluation {
    /// The probability that the player on roll wins.
    #[pyo3(get)]
    win: f64,
    /// The probability that the opponent wins.
    #[pyo3(get)]
    lose: f64,
    /// The probability of a win by a gammon (a Mars in Long Nardy), included in ``win``.
    #[pyo3(get)]
    win_gammon: f64,
    /// The probability of a loss by a gammon (a Mars in Long Nardy), included in ``lose``.
    #[pyo3(get)]
    lose_gammon: f64,
    /// The chance of Long Nardy's draw of the last roll (LN-37); otherwise 0.
    #[pyo3(get)]
    draw: f64,
    /// The expected points of the player on roll; a gammon or Mars counts 2 except under Long
    /// Nardy's ``oin`` scoring.
    #[pyo3(get)]
    equity: f64,
    /// True when the value comes from the two-sided table.
    #[pyo3(get)]
    exact: bool,
}

#[pymethods]
impl PyBearoffEvaluation {
    #[new]
    fn new(
        win: f64,
        lose: f64,
        win_gammon: f64,
        lose_gammon: f64,
        draw: f64,
        equity: f64,
        exact: bool,
    ) -> PyBearoffEvaluation {
        PyBearoffEvaluation {
            win,
            lose,
            win_gammon,
            lose_gammon,
            draw,
            equity,
            exact,
        }
    }

    fn __hash__(&self) -> u64 {
        let fields = [
            self.win,
            self.lose,
            self.win_gammon,
            self.lose_gammon,
            self.draw,
            self.equity,
        ];
        float_hash(&fields, self.exact)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let f = |x: f64| float_repr(py, x);
        format!(
            "BearoffEvaluation(win={}, lose={}, win_gammon={}, lose_gammon={}, draw={}, \
             equity={}, exact={})",
            f(self.win),
            f(self.lose),
            f(self.win_gammon),
            f(self.lose_gammon),
            f(self.draw),
            f(self.equity),
            if self.exact { "True" } else { "False" }
        )
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyAny>, (f64, f64, f64, f64, f64, f64, bool)) {
        let e = slf.get();
        (
            slf.get_type().into_any(),
            (
                e.win,
                e.lose,
                e.win_gammon,
                e.lose_gammon,
                e.draw,
                e.equity,
                e.exact,
            ),
        )
    }
}

/// A hash of floats and more, equal floats (``0.0 == -0.0``) hashing alike.
fn float_hash(floats: &[f64], more: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    for x in floats {
        (if *x == 0.0 { 0 } else { x.to_bits() }).hash(&mut h);
    }
    more.hash(&mut h);
    h.finish()
}

/// ``repr()`` of a float as Python writes it.
fn float_repr(py: Python<'_>, x: f64) -> String {
    PyFloat::new(py, x)
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_default()
}

/// The cubeless value of ``position`` for the player on roll.
///
/// Backgammon variants: every checker of both players home. Long Nardy: a race ending, both
/// players with every checker in their home (own points 1 to 6; then no checker can meet an
/// opposing one again), scored under ``nardy`` (default ``NardySettings()``: Mars counts 2, no
/// last roll; Koks cannot happen in a race ending). White is the player who started (LN-8).
///
/// Raises ``NotBearoffError`` when a checker of either player is outside its home board or
/// on the bar (OFF-1, LN-28), or when the game is over; ``InvalidInputError`` for an argument
/// of the wrong type, or ``nardy`` settings with a backgammon position.
#[pyfunction]
#[pyo3(name = "evaluate", signature = (position, nardy=None))]
pub fn bearoff_evaluate(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    nardy: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyBearoffEvaluation> {
    let position = position.extract::<PyPosition>().map_err(|_| {
        InvalidInputError::new_err(format!(
            "position must be a gammon.Position, not {}",
            repr(position)
        ))
    })?;
    let nardy = match nardy.filter(|n| !n.is_none()) {
        None => None,
        Some(n) => {
            let settings = n.extract::<PyNardySettings>().map_err(|_| {
                InvalidInputError::new_err(format!(
                    "nardy must be a gammon.nardy.NardySettings, not {}",
                    repr(n)
                ))
            })?;
            if position.inner.variant() != Variant::LongNardy {
                return Err(InvalidInputError::new_err(
                    "nardy= settings apply to Long Nardy positions only",
                ));
            }
            Some(settings)
        }
    };
    let referee = nardy.map(|s| s.inner.referee).unwrap_or_default();
    let scoring = NardyScoring {
        oin: referee.end_variant == EndVariant::Oin,
        last_roll: referee.last_roll,
    };
    let work = || {
        guard(|| match position.inner {
            VariantPosition::Backgammon(pos) => {
                let e = bearoff::evaluate(&pos).map_err(|e| not_bearoff(&e))?;
                Ok(PyBearoffEvaluation {
                    win: e.win,
                    lose: 1.0 - e.win,
                    win_gammon: e.win_gammon,
                    lose_gammon: e.lose_gammon,
                    draw: 0.0,
                    equity: e.equity(),
                    exact: e.exact,
                })
            }
            VariantPosition::Nardy(pos) => {
                let e = evaluate_nardy(&pos, scoring).map_err(|e| not_bearoff(&e))?;
                Ok(PyBearoffEvaluation {
                    win: e.win,
                    lose: e.lose,
                    win_gammon: e.win_mars,
                    lose_gammon: e.lose_mars,
                    draw: e.draw,
                    equity: e.equity(),
                    exact: e.exact,
                })
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

/// One side's one-sided figures: how many rolls it needs to bear off. Immutable, comparable,
/// hashable and picklable.
#[pyclass(name = "OneSided", module = "gammon.bearoff", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct PyOneSided {
    /// Checkers on points 1..6.
    board: [u32; 6],
    /// Expected rolls to bear every checker off.
    #[pyo3(get)]
    mean_rolls: f64,
    /// ``all_off[n]``: probability of needing exactly ``n`` rolls to bear every checker off.
    all_off: Vec<f64>,
    /// ``first_off[n]``: probability of needing exactly ``n`` rolls to bear off the first one.
    first_off: Vec<f64>,
}

#[pymethods]
impl PyOneSided {
    #[new]
    fn new(board: [u32; 6], mean_rolls: f64, all_off: Vec<f64>, first_off: Vec<f64>) -> PyOneSided {
        PyOneSided {
            board,
            mean_rolls,
            all_off,
            first_off,
        }
    }

    /// Checkers on points 1..6.
    #[getter]
    fn board(&self) -> (u32, u32, u32, u32, u32, u32) {
        let [a, b, c, d, e, f] = self.board;
        (a, b, c, d, e, f)
    }

    /// ``all_off[n]``: probability of needing exactly ``n`` rolls to bear every checker off.
    #[getter]
    fn all_off<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.all_off)
    }

    /// ``first_off[n]``: probability of needing exactly ``n`` rolls to bear off the first one.
    #[getter]
    fn first_off<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.first_off)
    }

    fn __hash__(&self) -> u64 {
        let floats: Vec<f64> = std::iter::once(self.mean_rolls)
            .chain(self.all_off.iter().copied())
            .chain(self.first_off.iter().copied())
            .collect();
        float_hash(&floats, self.board)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let field = |name: &str| -> PyResult<String> { Ok(slf.getattr(name)?.repr()?.to_string()) };
        Ok(format!(
            "OneSided(board={}, mean_rolls={}, all_off={}, first_off={})",
            field("board")?,
            field("mean_rolls")?,
            field("all_off")?,
            field("first_off")?
        ))
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyAny>, ([u32; 6], f64, Vec<f64>, Vec<f64>)) {
        let o = slf.get();
        (
            slf.get_type().into_any(),
            (
                o.board,
                o.mean_rolls,
                o.all_off.clone(),
                o.first_off.clone(),
            ),
        )
    }
}

/// Six checker counts for points 1 to 6, ints from 0 to 15.
fn home_board(board: &Bound<'_, PyAny>) -> PyResult<[u8; 6]> {
    let bad = || {
        InvalidInputError::new_err(format!(
            "a home board is six checker counts (points 1 to 6), not {}",
            repr(board)
        ))
    };
    if board.is_instance_of::<PyString>() || board.is_instance_of::<PyBytes>() {
        return Err(bad());
    }
    let seq = board.cast::<PySequence>().map_err(|_| bad())?;
    if seq.len()? != 6 {
        return Err(bad());
    }
    let mut home = [0u8; 6];
    for (i, slot) in home.iter_mut().enumerate() {
        let c = seq.get_item(i)?;
        *slot = int_in(&c, 0, 15).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "checker counts are ints from 0 to 15, not {}",
                repr(&c)
            ))
        })? as u8;
    }
    Ok(home)
}

/// The home board of `player` (default the player on roll) of a backgammon position, every
/// checker home (OFF-1).
fn home_of(position: &PyPosition, player: Option<&Bound<'_, PyAny>>) -> PyResult<[u8; 6]> {
    if position.inner.variant() == Variant::LongNardy {
        return Err(NotBearoffError::new_err(
            "the one-sided figures are given for backgammon boards; a Long Nardy home board is \
             the same board: pass its six counts",
        ));
    }
    let color = match player.filter(|p| !p.is_none()) {
        None => position.inner.turn(),
        Some(p) => color_arg(p).map_err(|_| {
            InvalidInputError::new_err(format!(
                "player must be a gammon.Color or a color name, not {}",
                repr(p)
            ))
        })?,
    };
    let counts = position.inner.to_setup().board[color];
    let outside: Vec<usize> = (7..counts.len()).filter(|&p| counts[p] > 0).collect();
    if !outside.is_empty() {
        let name = if color == Color::White {
            "white"
        } else {
            "black"
        };
        return Err(NotBearoffError::new_err(format!(
            "{name} has checkers outside the home board (OFF-1): on {outside:?}"
        )));
    }
    let mut home = [0u8; 6];
    home.copy_from_slice(&counts[1..7]);
    Ok(home)
}

/// The one-sided figures of one side's home board.
///
/// ``board``: six checker counts for points 1 to 6 (at most 15 in all); or a ``Position`` and
/// ``player`` (a ``Color`` or ``"white"`` / ``"black"``; default the player on roll), whose
/// checkers must all be home.
///
/// Raises ``NotBearoffError`` for a position with a checker outside the home board (OFF-1)
/// and ``InvalidInputError`` for a bad board or one with no checker left.
#[pyfunction]
#[pyo3(signature = (board, player=None))]
pub fn one_sided(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    player: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyOneSided> {
    let home = if let Ok(position) = board.extract::<PyPosition>() {
        home_of(&position, player)?
    } else {
        if player.is_some_and(|p| !p.is_none()) {
            return Err(InvalidInputError::new_err(
                "player= goes with a Position, not with a board",
            ));
        }
        home_board(board)?
    };
    if home.iter().all(|&c| c == 0) {
        return Err(InvalidInputError::new_err(
            "the board has no checker left to bear off",
        ));
    }
    let (mean, all_off, first_off) = one_sided_figures(py, home)?;
    Ok(PyOneSided {
        board: home.map(u32::from),
        mean_rolls: mean,
        all_off,
        first_off,
    })
}

/// One side's one-sided figures for ``board`` (checkers on points 1..6, at most 15):
/// ``(mean, all_off, first_off)``, each distribution a list indexed by the number of rolls.
fn one_sided_figures(py: Python<'_>, board: [u8; 6]) -> PyResult<(f64, Vec<f64>, Vec<f64>)> {
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

/// The directory the tables are cached in, or None when none can be found.
#[pyfunction]
pub fn cache_dir() -> Option<String> {
    store::cache_dir().map(|d| d.display().to_string())
}

/// Where a table lives and how it was obtained.
#[pyclass(name = "TableInfo", module = "gammon.bearoff", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct PyTableInfo {
    /// ``"one-sided"`` or ``"two-sided"``.
    #[pyo3(get)]
    kind: String,
    /// Its size in words (for example ``"8 checkers a side"``).
    #[pyo3(get)]
    size: String,
    /// Its file, or None when no cache directory could be found (kept in memory only).
    #[pyo3(get)]
    path: Option<String>,
    /// The file's size.
    #[pyo3(get)]
    bytes: u64,
    /// ``"loaded"``, ``"built"``, or ``"rebuilt (reason)"`` when the file failed a check.
    #[pyo3(get)]
    origin: String,
    /// Seconds spent building it (0 when loaded).
    #[pyo3(get)]
    build_seconds: f64,
    /// Why the file could not be written, if it could not.
    #[pyo3(get)]
    write_error: Option<String>,
}

#[pymethods]
impl PyTableInfo {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let names = [
            "kind",
            "size",
            "path",
            "bytes",
            "origin",
            "build_seconds",
            "write_error",
        ];
        let mut fields = Vec::new();
        for name in names {
            fields.push(format!("{name}={}", slf.getattr(name)?.repr()?));
        }
        Ok(format!("TableInfo({})", fields.join(", ")))
    }
}

fn info<T>(kind: &str, size: String, s: &store::Stored<T>) -> PyTableInfo {
    PyTableInfo {
        kind: kind.to_owned(),
        size,
        path: s.path.as_ref().map(|p| p.display().to_string()),
        bytes: s.bytes,
        origin: match &s.origin {
            store::Origin::Loaded => "loaded".to_string(),
            store::Origin::Built(store::FileProblem::Missing) => "built".to_string(),
            store::Origin::Built(p) => format!("rebuilt ({p})"),
        },
        build_seconds: s.build_seconds,
        write_error: s.write_error.clone(),
    }
}

/// Loads the shared tables, building and caching any that is missing or fails a check.
///
/// With ``two_sided_checkers``, also builds (or checks) the two-sided table of that size (1 to
/// 10 checkers a side) into the cache directory, without making it the shared one;
/// ``evaluate`` uses the size ``$GAMMON_BEAROFF_CHECKERS`` names (default 8). Returns a
/// ``TableInfo`` per table.
#[pyfunction]
#[pyo3(signature = (two_sided_checkers=None))]
pub fn build(
    py: Python<'_>,
    two_sided_checkers: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyTableInfo>> {
    let checkers = match two_sided_checkers.filter(|n| !n.is_none()) {
        None => None,
        Some(n) => Some(int_in(n, 0, u64::MAX).map(|n| n as usize).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "two_sided_checkers must be an int, not {}",
                repr(n)
            ))
        })?),
    };
    if let Some(n) = checkers {
        if !(1..=bearoff::MAX_TWO_SIDED_CHECKERS).contains(&n) {
            return Err(InvalidInputError::new_err(format!(
                "a two-sided table holds 1 to {} checkers a side, not {n}",
                bearoff::MAX_TWO_SIDED_CHECKERS
            )));
        }
    }
    let (one, two) =
        py.detach(|| guard(|| Ok((bearoff::one_sided_stored(), bearoff::two_sided_stored()))))?;
    let mut out = vec![
        info(
            "one-sided",
            format!(
                "{} checkers on {} points",
                one.table.checkers(),
                one.table.points()
            ),
            one,
        ),
        info(
            "two-sided",
            format!("{} checkers a side", two.table.checkers()),
            two,
        ),
    ];
    if let Some(n) = checkers {
        let size = format!("{n} checkers a side");
        if !out.iter().any(|t| t.kind == "two-sided" && t.size == size) {
            let s =
                py.detach(|| guard(|| Ok(store::two_sided(store::cache_dir().as_deref(), n))))?;
            out.push(info("two-sided", size, &s));
        }
    }
    Ok(out)
}
