//! `gammon.batch` in Rust: whole numpy arrays of boards in, whole arrays out, the GIL released
//! while the core works. The Python layer (`gammon/batch.py`) shapes and documents the
//! arguments; every board here is in the owner's view of `gammon_core::encode` (the layout of
//! `Position.board()`).

use gammon_core::encode::Encoding;
use gammon_core::{
    Backgammon, Color, Dice, Nardy, PlayList, Position, RulesFamily, Setup, Variant,
    VariantPosition,
};
use std::sync::Mutex;

use numpy::ndarray::Array2;
use numpy::{
    BorrowError, Element, IntoPyArray, PyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods,
    PyReadonlyArray2, PyReadwriteArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyTuple};

use crate::classes::PyPosition;
use crate::convert::variant_arg;
use crate::errors::{
    game_error, guard, id_error, InvalidDiceError, InvalidInputError, InvalidPositionError,
};
use crate::types::color_arg;

/// The rows of an `(N, 26)` int8 array as one slice, or an error naming the shape.
fn rows<'a>(boards: &'a PyReadonlyArray2<'_, i8>) -> PyResult<&'a [i8]> {
    let shape = boards.shape();
    if shape[1] != 26 {
        return Err(InvalidInputError::new_err(format!(
            "boards must have shape (N, 26), got ({}, {})",
            shape[0], shape[1]
        )));
    }
    boards
        .as_slice()
        .map_err(|_| InvalidInputError::new_err("boards must be a C-contiguous int8 array"))
}

/// A caller's output array borrowed for writing, or a gammon error naming why it cannot be:
/// a read-only array, or one that another call is writing (another thread's, with the GIL
/// released: output arrays and `LegalPlaysBuffer`s are one per thread).
fn writable<'py, T: Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'py, PyArray<T, D>>,
    what: &str,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    array.try_readwrite().map_err(|e| {
        InvalidInputError::new_err(match e {
            BorrowError::NotWriteable => format!("{what} must be a writeable array"),
            _ => format!(
                "{what} is being written by another call (another thread's?): use one output \
                 array, or one LegalPlaysBuffer, per thread"
            ),
        })
    })
}

/// The policy of a batch call, played in Rust on every row: a built-in name or a
/// `gammon.Net`, for the game of the variant.
enum BatchPolicy {
    Backgammon(gammon_core::BackgammonPolicy),
    Nardy(gammon_core::NardyPolicy),
}

/// Reads a batch call's `policy`: a built-in name (checked to play `variant`) or a
/// `gammon.Net` (checked to play its game). A Python policy object is refused: batch calls
/// play without the interpreter.
fn batch_policy(obj: &Bound<'_, PyAny>, variant: Variant) -> PyResult<BatchPolicy> {
    use crate::rollout::{side_policy, SidePolicy};
    let is_name = obj.is_instance_of::<pyo3::types::PyString>();
    if is_name || obj.cast::<crate::net::PyNet>().is_ok() {
        match variant.family() {
            RulesFamily::Backgammon => {
                let b = gammon_core::BackgammonPolicy::from;
                if let SidePolicy::Builtin(p) = side_policy(obj, variant, b)? {
                    return Ok(BatchPolicy::Backgammon(p));
                }
            }
            RulesFamily::LongNardy => {
                let n = crate::rollout::nardy_policy;
                if let SidePolicy::Builtin(p) = side_policy(obj, variant, n)? {
                    return Ok(BatchPolicy::Nardy(p));
                }
            }
        }
    }
    Err(InvalidInputError::new_err(crate::errors::bounded(format!(
        "the policy must be a built-in policy's name or a gammon.Net (played in Rust), not {}",
        obj.repr().map(|r| r.to_string()).unwrap_or_default()
    ))))
}

/// Reads one board row (owner's view) into plain data with the owner as `turn`.
fn setup_of(row: &[i8], variant: Variant, turn: Color) -> Result<Setup, String> {
    let nardy = variant.family() == RulesFamily::LongNardy;
    if row[25] < 0 || row[0] > 0 {
        return Err(
            "index 25 (the owner's bar) must be >= 0 and index 0 (the opponent's bar) <= 0".into(),
        );
    }
    let mut s = Setup::empty(variant, turn);
    let mut me = [0u8; 26];
    let mut opp = [0u8; 26];
    for p in 1..=24usize {
        let c = row[p];
        let q = if nardy {
            // LN-3: the heads are 12 points apart.
            if p <= 12 {
                p + 12
            } else {
                p - 12
            }
        } else {
            25 - p
        };
        if c > 0 {
            me[p] = c as u8;
        } else {
            opp[q] = c.unsigned_abs();
        }
    }
    me[25] = row[25] as u8;
    opp[25] = row[0].unsigned_abs();
    let n = u32::from(variant.checkers_per_side());
    for side in [&mut me, &mut opp] {
        let on: u32 = side[1..].iter().map(|&c| u32::from(c)).sum();
        if on > n {
            return Err(format!(
                "a side has {on} checkers on the board; {variant} has {n} a side (BG-6, LN-1)"
            ));
        }
        side[0] = (n - on) as u8;
    }
    s.board[turn] = me;
    s.board[!turn] = opp;
    Ok(s)
}

/// Validates row `i` into a position of `variant` with `turn` on roll.
fn position_of(
    row: &[i8],
    i: usize,
    variant: Variant,
    turn: Color,
) -> Result<VariantPosition, String> {
    let s = setup_of(row, variant, turn).map_err(|e| format!("row {i}: {e}"))?;
    VariantPosition::from_setup(&s).map_err(|e| format!("row {i}: {e}"))
}

/// A backgammon-family row checked directly in the owner's view (the raw layout of
/// `Backgammon`): the bars' signs, at most the variant's checkers a side (BG-6), not both
/// sides borne off. `None` when a check fails: then [`position_of`] names the problem. The
/// same checks as `Backgammon::from_setup` on the row's `Setup` (a signed count per point
/// cannot put both players on one point), without building the `Setup`.
fn fast_backgammon(row: &[i8], variant: Variant) -> Option<Backgammon> {
    let b: [i8; 26] = row.try_into().ok()?;
    if b[25] < 0 || b[0] > 0 || variant.family() != RulesFamily::Backgammon {
        return None;
    }
    let (mut own, mut opp) = (i32::from(b[25]), -i32::from(b[0]));
    for &c in &b[1..25] {
        own += i32::from(c.max(0));
        opp -= i32::from(c.min(0));
    }
    let n = i32::from(variant.checkers_per_side());
    if own > n || opp > n || (own == 0 && opp == 0) {
        return None;
    }
    Some(Backgammon::from_raw_unchecked(b, variant, Color::White))
}

/// Validates every row without keeping the positions: the direct check for the backgammon
/// family, the full one (naming the first bad row) where it fails and for Long Nardy.
pub(crate) fn validate_rows(board: &[i8], variant: Variant) -> PyResult<()> {
    for (i, row) in board.chunks_exact(26).enumerate() {
        if fast_backgammon(row, variant).is_none() {
            position_of(row, i, variant, Color::White).map_err(InvalidPositionError::new_err)?;
        }
    }
    Ok(())
}

/// Validates every row.
fn positions_of(
    board: &[i8],
    variant: Variant,
    turn: Color,
) -> Result<Vec<VariantPosition>, String> {
    board
        .chunks_exact(26)
        .enumerate()
        .map(|(i, row)| position_of(row, i, variant, turn))
        .collect()
}

/// `numpy.asarray(data)`, or the error of a value numpy cannot read (a `ValueError` or
/// `TypeError`) as `err(its message)`.
fn asarray<'py>(
    np: &Bound<'py, PyModule>,
    data: &Bound<'py, PyAny>,
    err: impl Fn(String) -> PyErr,
) -> PyResult<Bound<'py, PyAny>> {
    let py = data.py();
    np.call_method1("asarray", (data,)).map_err(|e| {
        if e.is_instance_of::<PyValueError>(py) || e.is_instance_of::<PyTypeError>(py) {
            err(e.value(py).to_string())
        } else {
            e
        }
    })
}

/// Whether an array's values leave `lo..=hi` (an empty array's never do).
fn outside(array: &Bound<'_, PyAny>, lo: i64, hi: i64) -> PyResult<bool> {
    if array.getattr("size")?.extract::<usize>()? == 0 {
        return Ok(false);
    }
    let min: i128 = array.call_method0("min")?.extract()?;
    let max: i128 = array.call_method0("max")?.extract()?;
    Ok(min < i128::from(lo) || max > i128::from(hi))
}

/// The array as a C-contiguous int8 array (a copy unless it is one already).
fn int8<'py>(
    np: &Bound<'py, PyModule>,
    array: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let kwargs = PyDict::new(np.py());
    kwargs.set_item("dtype", np.getattr("int8")?)?;
    let a = np.call_method("ascontiguousarray", (array,), Some(&kwargs))?;
    Ok(a.cast_into::<PyArray2<i8>>()?)
}

/// A batch call's boards and their variant, read from `gammon.batch`'s `boards` argument: an
/// `(N, 26)` array-like of ints (counts in -15..15; the variant is `variant`, else
/// `default`), or a list of `Position`s of one variant (`variant`, if given, must be theirs).
pub(crate) struct BoardRows<'py> {
    array: PyReadonlyArray2<'py, i8>,
    /// The variant of the rows.
    pub(crate) variant: Variant,
}

impl<'py> BoardRows<'py> {
    /// Reads the boards, raising `InvalidInputError` naming what is wrong.
    pub(crate) fn read(
        data: &Bound<'py, PyAny>,
        variant: Option<&Bound<'py, PyAny>>,
        default: Variant,
    ) -> PyResult<BoardRows<'py>> {
        let py = data.py();
        let given = match variant {
            Some(v) if !v.is_none() => Some(v),
            _ => None,
        };
        if let Some(positions) = position_list(data)? {
            let found = positions[0].inner.variant();
            if let Some(v) = given {
                if variant_arg(v)? != found {
                    return Err(InvalidInputError::new_err(format!(
                        "the positions are {found}, not {}",
                        v.str()?
                    )));
                }
            }
            let array = boards_of(py, &positions)?;
            return Ok(BoardRows {
                array: array.readonly(),
                variant: found,
            });
        }
        let variant = given.map(variant_arg).transpose()?.unwrap_or(default);
        if let Ok(a) = data.cast::<PyArray2<i8>>() {
            if a.is_c_contiguous() {
                let array = a.readonly();
                rows(&array)?;
                return Ok(BoardRows { array, variant });
            }
        }
        let np = py.import("numpy")?;
        let array = asarray(&np, data, |e| {
            InvalidInputError::new_err(format!("boards must be an (N, 26) array of ints: {e}"))
        })?;
        let shape = array.getattr("shape")?;
        if array.getattr("ndim")?.extract::<usize>()? != 2
            || shape.get_item(1)?.extract::<usize>()? != 26
        {
            return Err(InvalidInputError::new_err(format!(
                "boards must have shape (N, 26), got {}",
                shape.repr()?
            )));
        }
        let dtype = array.getattr("dtype")?;
        if dtype.ne(np.getattr("int8")?)? {
            if !is_integer(&np, &dtype)? {
                return Err(InvalidInputError::new_err(format!(
                    "boards must hold integers, got dtype {}",
                    dtype.str()?
                )));
            }
            if outside(&array, -15, 15)? {
                return Err(InvalidInputError::new_err(
                    "board counts must lie in -15..15",
                ));
            }
        }
        Ok(BoardRows {
            array: int8(&np, &array)?.readonly(),
            variant,
        })
    }

    /// The rows as one slice of `26 N` counts.
    pub(crate) fn slice(&self) -> PyResult<&[i8]> {
        rows(&self.array)
    }

    /// N, the number of rows.
    pub(crate) fn len(&self) -> usize {
        self.array.shape()[0]
    }
}

/// Whether a numpy dtype is an integer type.
fn is_integer(np: &Bound<'_, PyModule>, dtype: &Bound<'_, PyAny>) -> PyResult<bool> {
    np.call_method1("issubdtype", (dtype, np.getattr("integer")?))?
        .extract()
}

/// The positions of a list or tuple whose first item is a `Position` (all must be), else
/// `None`.
fn position_list(data: &Bound<'_, PyAny>) -> PyResult<Option<Vec<PyPosition>>> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = data.cast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = data.cast::<PyTuple>() {
        t.iter().collect()
    } else {
        return Ok(None);
    };
    if !items
        .first()
        .is_some_and(|f| f.cast::<PyPosition>().is_ok())
    {
        return Ok(None);
    }
    items
        .iter()
        .map(|o| {
            o.extract::<PyPosition>().map_err(|_| {
                InvalidInputError::new_err(
                    "boards must be an (N, 26) array or a list of Positions only",
                )
            })
        })
        .collect::<PyResult<Vec<_>>>()
        .map(Some)
}

/// A batch call's dice, `(N, 2)` ints 1-6 for N boards, as a C-contiguous int8 array; raises
/// `InvalidDiceError` naming what is wrong.
fn dice_rows<'py>(data: &Bound<'py, PyAny>, n: usize) -> PyResult<PyReadonlyArray2<'py, i8>> {
    let np = data.py().import("numpy")?;
    let d = asarray(&np, data, |e| {
        InvalidDiceError::new_err(format!("dice must be an (N, 2) array of ints 1-6: {e}"))
    })?;
    let shape = d.getattr("shape")?;
    let ok = d.getattr("ndim")?.extract::<usize>()? == 2
        && shape.extract::<(usize, usize)>().is_ok_and(|s| s == (n, 2));
    if !ok {
        return Err(InvalidDiceError::new_err(format!(
            "dice must have shape ({n}, 2), got {}",
            shape.repr()?
        )));
    }
    let dtype = d.getattr("dtype")?;
    if !is_integer(&np, &dtype)? {
        return Err(InvalidDiceError::new_err(format!(
            "dice must be integers, got dtype {}",
            dtype.str()?
        )));
    }
    if outside(&d, 1, 6)? {
        return Err(InvalidDiceError::new_err("dice must be 1-6"));
    }
    Ok(int8(&np, &d)?.readonly())
}

/// A position's board in the owner's view (the player on roll owns it).
pub(crate) trait Board26 {
    /// The board in the owner's view.
    fn board26(&self) -> [i8; 26];
}

impl Board26 for Backgammon {
    #[inline]
    fn board26(&self) -> [i8; 26] {
        *self.raw()
    }
}

impl Board26 for Nardy {
    #[inline]
    fn board26(&self) -> [i8; 26] {
        let mut out = [0i8; 26];
        out[1..25].copy_from_slice(&self.raw()[1..]);
        out
    }
}

/// A rules type taken out of a [`VariantPosition`] of its family.
trait OfFamily: Sized {
    /// The position if it is of this rules type.
    fn of(position: &VariantPosition) -> Option<Self>;
}

impl OfFamily for Backgammon {
    fn of(position: &VariantPosition) -> Option<Backgammon> {
        match position {
            VariantPosition::Backgammon(p) => Some(*p),
            VariantPosition::Nardy(_) => None,
        }
    }
}

impl OfFamily for Nardy {
    fn of(position: &VariantPosition) -> Option<Nardy> {
        match position {
            VariantPosition::Nardy(p) => Some(*p),
            VariantPosition::Backgammon(_) => None,
        }
    }
}

/// The positions of rules type `P` (all of them, for rows read as one variant).
fn family<P: OfFamily>(positions: &[VariantPosition]) -> Vec<P> {
    positions.iter().filter_map(P::of).collect()
}

/// The output of [`legal_plays_of`]: resulting boards, offsets, and the moves if asked.
struct Plays {
    boards: Vec<i8>,
    offsets: Vec<i64>,
    moves: Option<Vec<i8>>,
}

fn legal_plays_of<P: Position + Board26>(
    positions: &[P],
    dice: &[Dice],
    with_moves: bool,
) -> Plays {
    let mut out = Plays {
        boards: Vec::with_capacity(positions.len() * 26 * 16),
        offsets: Vec::with_capacity(positions.len() + 1),
        moves: with_moves.then(Vec::new),
    };
    out.offsets.push(0);
    let mut list: Box<PlayList<P>> = Box::default();
    let mut m = 0i64;
    for (pos, &d) in positions.iter().zip(dice) {
        pos.legal_plays_into(d, &mut list);
        for play in list.iter() {
            out.boards.extend_from_slice(&play.after().board26());
            if let Some(mv) = out.moves.as_mut() {
                let mut cell = [-1i8; 8];
                for (k, x) in play.moves().iter().enumerate().take(4) {
                    cell[2 * k] = x.from as i8;
                    cell[2 * k + 1] = x.to as i8;
                }
                mv.extend_from_slice(&cell);
            }
        }
        m += list.len() as i64;
        out.offsets.push(m);
    }
    out
}

fn board_array(py: Python<'_>, bytes: Vec<i8>) -> PyResult<Bound<'_, PyArray2<i8>>> {
    let n = bytes.len() / 26;
    Array2::from_shape_vec((n, 26), bytes)
        .map(|a| a.into_pyarray(py))
        .map_err(|e| InvalidInputError::new_err(e.to_string()))
}

type PlaysResult<'py> = (
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
    Option<Bound<'py, PyAny>>,
);

/// Legal plays of N (board, dice) pairs: `(boards (M, 26) int8, offsets (N+1,) int64,
/// moves (M, 4, 2) int8 or None)`, written into `out` (a `LegalPlaysBuffer`, the result then
/// views it) when given.
#[pyfunction]
#[pyo3(signature = (boards, dice, variant=None, moves=false, out=None))]
pub fn _batch_legal_plays<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    dice: &Bound<'py, PyAny>,
    variant: Option<&Bound<'py, PyAny>>,
    moves: bool,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<PlaysResult<'py>> {
    let rows = BoardRows::read(boards, variant, Variant::Backgammon)?;
    let dice = dice_rows(dice, rows.len())?;
    let dice = dice
        .as_slice()
        .map_err(|_| InvalidDiceError::new_err("dice must be a C-contiguous array"))?;
    if let Some(out) = out.filter(|o| !o.is_none()) {
        let buffer = out.cast::<PyLegalPlaysBuffer>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "out must be a LegalPlaysBuffer, got {}",
                out.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        return buffer.get().fill(py, &rows, dice, moves);
    }
    let variant = rows.variant;
    let board = rows.slice()?;
    let plays = py.detach(|| {
        guard(|| {
            let ds = dice_of(dice)?;
            let positions = positions_of(board, variant, Color::White)
                .map_err(InvalidPositionError::new_err)?;
            Ok(match variant.family() {
                RulesFamily::Backgammon => {
                    legal_plays_of(&family::<Backgammon>(&positions), &ds, moves)
                }
                RulesFamily::LongNardy => legal_plays_of(&family::<Nardy>(&positions), &ds, moves),
            })
        })
    })?;
    let m = plays.offsets.last().copied().unwrap_or(0) as usize;
    let mv = match plays.moves {
        Some(v) => Some(
            numpy::ndarray::Array3::from_shape_vec((m, 4, 2), v)
                .map_err(|e| InvalidInputError::new_err(e.to_string()))?
                .into_pyarray(py)
                .into_any(),
        ),
        None => None,
    };
    Ok((
        board_array(py, plays.boards)?,
        plays.offsets.into_pyarray(py),
        mv,
    ))
}

/// Caller-owned output memory of [`legal_plays_write`]: boards `(capacity, 26)`,
/// offsets `(N + 1,)` and, if asked, moves `(capacity, 8)`.
struct PlaysOut<'a> {
    boards: &'a mut [i8],
    offsets: &'a mut [i64],
    moves: Option<&'a mut [i8]>,
}

/// Validates and plays row after row, writing into `out` while it has room; returns the
/// number of resulting positions (more than the room when `out` is too small: then the rows
/// past the room are not written). No memory is allocated per call.
fn legal_plays_write<P: Position + Board26>(
    board: &[i8],
    dice: &[i8],
    variant: Variant,
    fast: impl Fn(&[i8]) -> Option<P>,
    pick: impl Fn(VariantPosition) -> Option<P>,
    out: &mut PlaysOut<'_>,
) -> PyResult<usize> {
    let room = out.boards.len() / 26;
    let mut list: Box<PlayList<P>> = Box::default();
    let mut m = 0usize;
    out.offsets[0] = 0;
    for (i, (row, d)) in board.chunks_exact(26).zip(dice.chunks_exact(2)).enumerate() {
        let d = dice_row(d, i)?;
        let pos = match fast(row) {
            Some(p) => p,
            None => {
                let v = position_of(row, i, variant, Color::White)
                    .map_err(InvalidPositionError::new_err)?;
                pick(v).ok_or_else(|| {
                    InvalidPositionError::new_err(format!("row {i}: not a {variant} position"))
                })?
            }
        };
        pos.legal_plays_into(d, &mut list);
        for play in list.iter() {
            if m < room {
                out.boards[26 * m..26 * m + 26].copy_from_slice(&play.after().board26());
                if let Some(mv) = out.moves.as_deref_mut() {
                    let cell = &mut mv[8 * m..8 * m + 8];
                    cell.fill(-1);
                    for (k, x) in play.moves().iter().enumerate().take(4) {
                        cell[2 * k] = x.from as i8;
                        cell[2 * k + 1] = x.to as i8;
                    }
                }
            }
            m += 1;
        }
        out.offsets[i + 1] = m as i64;
    }
    Ok(m)
}

/// Reusable output memory for `gammon.batch.legal_plays` (``out=``).
///
/// Each call with a fresh result allocates a few MB, and touching fresh memory for the first
/// time (page faults) can cost more than generating the plays. A buffer keeps its arrays from
/// call to call and grows them (by doubling) only when a call needs more rows, so repeated
/// calls write into memory already touched. The ``Plays`` returned with ``out=buffer`` are
/// views of the buffer: the next call with the same buffer overwrites them (copy what you
/// keep). A buffer serves one thread at a time: a call while another thread's call is filling
/// it raises ``InvalidInputError`` (use one buffer per thread). ``rows`` and ``pairs`` size it
/// up front.
#[pyclass(name = "LegalPlaysBuffer", module = "gammon.batch", frozen)]
pub struct PyLegalPlaysBuffer {
    arrays: Mutex<BufferArrays>,
}

/// The arrays of a [`PyLegalPlaysBuffer`]: boards `(R, 26)`, offsets `(P + 1,)`, moves
/// `(R, 4, 2)` once asked for (`(0, 4, 2)` before).
struct BufferArrays {
    boards: Py<PyArray2<i8>>,
    offsets: Py<PyArray1<i64>>,
    moves: Py<PyArray3<i8>>,
}

#[pymethods]
impl PyLegalPlaysBuffer {
    #[new]
    #[pyo3(signature = (rows=0, pairs=0))]
    fn new(py: Python<'_>, rows: i64, pairs: i64) -> PyResult<PyLegalPlaysBuffer> {
        let (Ok(rows), Ok(pairs)) = (usize::try_from(rows), usize::try_from(pairs)) else {
            return Err(InvalidInputError::new_err(
                "rows and pairs must be non-negative",
            ));
        };
        Ok(PyLegalPlaysBuffer {
            arrays: Mutex::new(BufferArrays {
                boards: PyArray2::zeros(py, [rows, 26], false).unbind(),
                offsets: PyArray1::zeros(py, pairs + 1, false).unbind(),
                moves: PyArray3::zeros(py, [0, 4, 2], false).unbind(),
            }),
        })
    }

    /// How many resulting positions the buffer holds without growing.
    #[getter]
    fn capacity(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.lock()?.boards.bind(py).shape()[0])
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (usize, usize))> {
        let py = slf.py();
        let a = slf.get().lock()?;
        let sizes = (a.boards.bind(py).shape()[0], a.offsets.bind(py).len() - 1);
        Ok((slf.get_type().into_any(), sizes))
    }
}

impl PyLegalPlaysBuffer {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, BufferArrays>> {
        self.arrays.try_lock().map_err(|_| {
            InvalidInputError::new_err(
                "this LegalPlaysBuffer is being filled by another thread: use one buffer per \
                 thread",
            )
        })
    }

    /// Writes the legal plays into the buffer, growing it (by doubling) when they do not fit,
    /// and returns views of its arrays: boards `(M, 26)`, offsets `(N + 1,)`, moves or None.
    fn fill<'py>(
        &self,
        py: Python<'py>,
        rows: &BoardRows<'py>,
        dice: &[i8],
        moves: bool,
    ) -> PyResult<PlaysResult<'py>> {
        let mut a = self.lock()?;
        let n = rows.len();
        let have = a.offsets.bind(py).len();
        if have < n + 1 {
            a.offsets = PyArray1::zeros(py, (n + 1).max(2 * have), false).unbind();
        }
        let mut room = a.boards.bind(py).shape()[0];
        if moves && a.moves.bind(py).shape()[0] < room {
            a.moves = PyArray3::zeros(py, [room, 4, 2], false).unbind();
        }
        let mut m = self.write(py, &a, rows, dice, moves)?;
        if m > room {
            room = m.max(2 * room);
            a.boards = PyArray2::zeros(py, [room, 26], false).unbind();
            if moves {
                a.moves = PyArray3::zeros(py, [room, 4, 2], false).unbind();
            }
            m = self.write(py, &a, rows, dice, moves)?;
        }
        let head = |array: &Bound<'py, PyAny>, k: usize| {
            array.get_item(PySlice::new(py, 0, k as isize, 1))
        };
        Ok((
            head(a.boards.bind(py).as_any(), m)?.cast_into()?,
            head(a.offsets.bind(py).as_any(), n + 1)?.cast_into()?,
            if moves {
                Some(head(a.moves.bind(py).as_any(), m)?)
            } else {
                None
            },
        ))
    }

    /// One pass of [`legal_plays_write`] into the buffer's arrays; returns M.
    fn write(
        &self,
        py: Python<'_>,
        a: &BufferArrays,
        rows: &BoardRows<'_>,
        dice: &[i8],
        moves: bool,
    ) -> PyResult<usize> {
        let n = rows.len();
        let variant = rows.variant;
        let board = rows.slice()?;
        let mut out_boards = writable(a.boards.bind(py), "the buffer's boards")?;
        let mut out_offsets = writable(a.offsets.bind(py), "the buffer's offsets")?;
        let mut out_moves = match moves {
            true => Some(writable(a.moves.bind(py), "the buffer's moves")?),
            false => None,
        };
        let room = out_boards.shape()[0];
        let contiguous = |_| InvalidInputError::new_err("the buffer's arrays must be C-contiguous");
        let mut out = PlaysOut {
            boards: out_boards.as_slice_mut().map_err(contiguous)?,
            offsets: &mut out_offsets.as_slice_mut().map_err(contiguous)?[..n + 1],
            moves: match out_moves.as_mut() {
                Some(mv) => Some(&mut mv.as_slice_mut().map_err(contiguous)?[..8 * room]),
                None => None,
            },
        };
        py.detach(|| {
            guard(|| match variant.family() {
                RulesFamily::Backgammon => legal_plays_write(
                    board,
                    dice,
                    variant,
                    |row| fast_backgammon(row, variant),
                    |p| match p {
                        VariantPosition::Backgammon(b) => Some(b),
                        VariantPosition::Nardy(_) => None,
                    },
                    &mut out,
                ),
                RulesFamily::LongNardy => legal_plays_write(
                    board,
                    dice,
                    variant,
                    |_| None,
                    |p| match p {
                        VariantPosition::Nardy(b) => Some(b),
                        VariantPosition::Backgammon(_) => None,
                    },
                    &mut out,
                ),
            })
        })
    }
}

/// Raises `InvalidPositionError` naming the first bad row; returns N.
#[pyfunction]
#[pyo3(signature = (boards, variant=None))]
pub fn _batch_validate(
    py: Python<'_>,
    boards: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let rows = BoardRows::read(boards, variant, Variant::Backgammon)?;
    let (variant, board) = (rows.variant, rows.slice()?);
    py.detach(|| {
        guard(|| {
            positions_of(board, variant, Color::White)
                .map(|v| v.len())
                .map_err(InvalidPositionError::new_err)
        })
    })
}

/// The rows owned by the other player (each board turned over), every row validated first
/// (a count such as -128, which has no int8 negative, is refused naming its row). The flip is
/// the core's: the board of the position with the turn passed.
#[pyfunction]
#[pyo3(signature = (boards, variant=None))]
pub fn _batch_flip<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    variant: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let rows = BoardRows::read(boards, variant, Variant::Backgammon)?;
    let (variant, board) = (rows.variant, rows.slice()?);
    let out = py.detach(|| {
        guard(|| {
            let mut out = Vec::with_capacity(board.len());
            for (i, row) in board.chunks_exact(26).enumerate() {
                let turned = match fast_backgammon(row, variant) {
                    Some(p) => p.pass_turn().board26(),
                    None => position_of(row, i, variant, Color::White)
                        .map_err(InvalidPositionError::new_err)?
                        .pass_turn()
                        .board26(),
                };
                out.extend_from_slice(&turned);
            }
            Ok(out)
        })
    })?;
    board_array(py, out)
}

/// The boards of positions (each from its player on roll's side) and their common variant.
#[pyfunction]
pub fn _batch_boards<'py>(
    py: Python<'py>,
    positions: Vec<PyPosition>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    boards_of(py, &positions)
}

/// The boards of positions of one variant (an error names the first of another).
fn boards_of<'py>(py: Python<'py>, positions: &[PyPosition]) -> PyResult<Bound<'py, PyArray2<i8>>> {
    if let Some(first) = positions.first() {
        let v = first.inner.variant();
        if let Some((i, p)) = positions
            .iter()
            .enumerate()
            .find(|(_, p)| p.inner.variant() != v)
        {
            return Err(InvalidInputError::new_err(format!(
                "positions must share one variant: position 0 is {v}, position {i} is {}",
                p.inner.variant()
            )));
        }
    }
    let mut bytes = Vec::with_capacity(positions.len() * 26);
    for p in positions {
        bytes.extend_from_slice(&p.inner.board26());
    }
    board_array(py, bytes)
}

/// `Position` objects of the rows, `turn` on roll in each (the owner is the player on roll).
#[pyfunction]
pub fn _batch_positions(
    py: Python<'_>,
    boards: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyAny>>,
    turn: &Bound<'_, PyAny>,
) -> PyResult<Vec<PyPosition>> {
    let rows = BoardRows::read(boards, variant, Variant::Backgammon)?;
    let turn = color_arg(turn)?;
    let (variant, board) = (rows.variant, rows.slice()?);
    let ps = py.detach(|| {
        guard(|| positions_of(board, variant, turn).map_err(InvalidPositionError::new_err))
    })?;
    Ok(ps.into_iter().map(|inner| PyPosition { inner }).collect())
}

/// Position IDs of the rows.
#[pyfunction]
#[pyo3(signature = (boards, variant=None))]
pub fn _batch_to_ids(
    py: Python<'_>,
    boards: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let rows = BoardRows::read(boards, variant, Variant::Backgammon)?;
    let (variant, board) = (rows.variant, rows.slice()?);
    py.detach(|| {
        guard(|| {
            positions_of(board, variant, Color::White)
                .map(|ps| ps.iter().map(VariantPosition::id).collect())
                .map_err(InvalidPositionError::new_err)
        })
    })
}

/// Boards of Position IDs (each from the side of the player on roll).
#[pyfunction]
pub fn _batch_from_ids<'py>(
    py: Python<'py>,
    ids: Vec<String>,
    variant: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let variant = variant_arg(variant)?;
    let decoded = py.detach(|| {
        guard(|| {
            let mut bytes = Vec::with_capacity(ids.len() * 26);
            for (i, id) in ids.iter().enumerate() {
                match VariantPosition::from_id(id, variant, Color::White) {
                    Ok(p) => bytes.extend_from_slice(&p.board26()),
                    Err(e) => return Ok(Err((i, e))),
                }
            }
            Ok(Ok(bytes))
        })
    })?;
    let bytes = decoded.map_err(|(i, e)| {
        let err = id_error(&e);
        let msg = format!("ids[{i}] = {:?}: {}", ids[i], err.value(py));
        PyErr::from_type(err.get_type(py), msg)
    })?;
    board_array(py, bytes)
}

type Stats<'py> = (
    Bound<'py, PyArray2<i32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i8>>,
);

/// Pip counts `(N, 2)` int32 and borne-off counts `(N, 2)` int8, `[owner, opponent]`, and
/// outcomes `(N,)` int8: 0 while the game goes on, +points when the owner has won, -points
/// when the opponent has.
#[pyfunction]
#[pyo3(signature = (boards, variant=None))]
pub fn _batch_stats<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    variant: Option<&Bound<'py, PyAny>>,
) -> PyResult<Stats<'py>> {
    let rows = BoardRows::read(boards, variant, Variant::Backgammon)?;
    let (variant, board) = (rows.variant, rows.slice()?);
    let (pips, off, outcome) = py.detach(|| {
        guard(|| {
            let ps = positions_of(board, variant, Color::White)
                .map_err(InvalidPositionError::new_err)?;
            let mut pips = Vec::with_capacity(ps.len() * 2);
            let mut off = Vec::with_capacity(ps.len() * 2);
            let mut outcome = Vec::with_capacity(ps.len());
            for p in &ps {
                let pc = p.pip_count();
                pips.extend([pc.white as i32, pc.black as i32]);
                let co = p.checkers_off();
                off.extend([co.white as i8, co.black as i8]);
                outcome.push(match p.outcome() {
                    None => 0,
                    Some(o) if o.winner == Color::White => o.points() as i8,
                    Some(o) => -(o.points() as i8),
                });
            }
            Ok((pips, off, outcome))
        })
    })?;
    let n = outcome.len();
    let shape_err = |e: numpy::ndarray::ShapeError| InvalidInputError::new_err(e.to_string());
    Ok((
        Array2::from_shape_vec((n, 2), pips)
            .map_err(shape_err)?
            .into_pyarray(py),
        Array2::from_shape_vec((n, 2), off)
            .map_err(shape_err)?
            .into_pyarray(py),
        outcome.into_pyarray(py),
    ))
}

/// Units per board of each encoding, by name (`gammon.batch.ENCODING_UNITS`).
pub(crate) fn encoding_units(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let units = PyDict::new(py);
    for e in Encoding::ALL {
        units.set_item(e.name(), e.units())?;
    }
    Ok(units)
}

/// The encoding named `name`, checked to be defined for `variant`.
pub(crate) fn encoding_arg(name: &str, variant: Variant) -> PyResult<Encoding> {
    let enc = Encoding::from_name(name).ok_or_else(|| {
        InvalidInputError::new_err(format!(
            "unknown encoding {name:?}; expected one of {:?}",
            Encoding::ALL.map(Encoding::name)
        ))
    })?;
    if !enc.supports(variant) {
        return Err(InvalidInputError::new_err(format!(
            "the {name:?} encoding is not defined for {variant}"
        )));
    }
    Ok(enc)
}

/// Encodes the rows as `(N, units)` float32 with `encoding` (validating them first), into
/// the caller's C-contiguous float32 array `out` when given (and returned), so that repeated
/// calls write into memory already touched. The variant defaults to Long Nardy for `"nardy"`
/// and to backgammon otherwise.
#[pyfunction]
#[pyo3(signature = (boards, encoding, variant=None, on_roll=true, out=None))]
pub fn _batch_encode<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    encoding: &str,
    variant: Option<&Bound<'py, PyAny>>,
    on_roll: bool,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let default = if encoding == "nardy" {
        Variant::LongNardy
    } else {
        Variant::Backgammon
    };
    let rows = BoardRows::read(boards, variant, default)?;
    let (variant, board) = (rows.variant, rows.slice()?);
    let enc = encoding_arg(encoding, variant)?;
    let (n, k) = (rows.len(), enc.units());
    let Some(out) = out.filter(|o| !o.is_none()) else {
        let out = py.detach(|| {
            guard(|| {
                validate_rows(board, variant)?;
                Ok(encode_rows(board, variant, enc, on_roll))
            })
        })?;
        return Array2::from_shape_vec((n, k), out)
            .map(|a| a.into_pyarray(py))
            .map_err(|e| InvalidInputError::new_err(e.to_string()));
    };
    let array = out
        .cast::<PyArray2<f32>>()
        .map_err(|_| InvalidInputError::new_err("out must be a float32 numpy array"))?;
    let mut w = writable(array, "out")?;
    if w.shape() != [n, k] {
        return Err(InvalidInputError::new_err(format!(
            "out must have shape ({n}, {k}), got {:?}",
            w.shape()
        )));
    }
    let o = w
        .as_slice_mut()
        .map_err(|_| InvalidInputError::new_err("out must be a C-contiguous float32 array"))?;
    let checkers = variant.checkers_per_side();
    py.detach(|| {
        guard(|| {
            validate_rows(board, variant)?;
            for (row, o) in board.chunks_exact(26).zip(o.chunks_exact_mut(k)) {
                let mut b = [0i8; 26];
                b.copy_from_slice(row);
                enc.encode_into(&b, checkers, on_roll, o);
            }
            Ok(())
        })
    })?;
    drop(w);
    Ok(array.clone())
}

/// Encodes already validated rows.
pub(crate) fn encode_rows(
    board: &[i8],
    variant: Variant,
    enc: Encoding,
    on_roll: bool,
) -> Vec<f32> {
    let k = enc.units();
    let n = board.len() / 26;
    let mut out = vec![0f32; n * k];
    let checkers = variant.checkers_per_side();
    for (row, o) in board.chunks_exact(26).zip(out.chunks_exact_mut(k)) {
        let mut b = [0i8; 26];
        b.copy_from_slice(row);
        enc.encode_into(&b, checkers, on_roll, o);
    }
    out
}

/// Per-ply records of self-played games `first..end` of `seed` with the built-in policy
/// `policy` on both sides, from `variant`'s starting position: a dict of numpy arrays (see
/// `gammon.batch.trajectories`).
#[pyfunction]
pub fn _batch_trajectories<'py>(
    py: Python<'py>,
    variant: &Bound<'py, PyAny>,
    policy: &Bound<'py, PyAny>,
    seed: u64,
    first: u64,
    end: u64,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    use gammon_core::{record_games, FirstRoll};
    let variant = variant_arg(variant)?;
    let policy = batch_policy(policy, variant)?;
    if end < first {
        return Err(InvalidInputError::new_err(format!(
            "games {first}..{end}: the end must not come before the first"
        )));
    }
    let t = py.detach(|| {
        guard(|| {
            let result = match (VariantPosition::start(variant, Color::White), &policy) {
                (VariantPosition::Backgammon(start), BatchPolicy::Backgammon(pol)) => record_games(
                    &start,
                    pol,
                    |p: &Backgammon| p.board26(),
                    seed,
                    FirstRoll::Opening,
                    first..end,
                ),
                (VariantPosition::Nardy(start), BatchPolicy::Nardy(pol)) => record_games(
                    &start,
                    pol,
                    |p: &Nardy| p.board26(),
                    seed,
                    FirstRoll::Any,
                    first..end,
                ),
                _ => unreachable!("batch_policy reads the policy for the variant's game"),
            };
            result.map_err(|e| game_error(first, &e))
        })
    })?;
    trajectories_dict(py, t)
}

/// The trajectories as a dict of numpy arrays, the fields of `gammon.batch.Trajectories`.
pub(crate) fn trajectories_dict(
    py: Python<'_>,
    t: gammon_core::Trajectories,
) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    let n = t.len();
    let shape_err = |e: numpy::ndarray::ShapeError| InvalidInputError::new_err(e.to_string());
    let d = pyo3::types::PyDict::new(py);
    d.set_item("game", t.game.into_pyarray(py))?;
    d.set_item("ply", t.ply.into_pyarray(py))?;
    let turn: Vec<i8> = t
        .turn
        .iter()
        .map(|&c| i8::from(c == Color::Black))
        .collect();
    d.set_item("turn", turn.into_pyarray(py))?;
    d.set_item(
        "board",
        Array2::from_shape_vec((n, 26), t.before)
            .map_err(shape_err)?
            .into_pyarray(py),
    )?;
    let dice: Vec<i8> = t.dice.iter().map(|&x| x as i8).collect();
    d.set_item(
        "dice",
        Array2::from_shape_vec((n, 2), dice)
            .map_err(shape_err)?
            .into_pyarray(py),
    )?;
    d.set_item(
        "after",
        Array2::from_shape_vec((n, 26), t.after)
            .map_err(shape_err)?
            .into_pyarray(py),
    )?;
    d.set_item("choices", t.choices.into_pyarray(py))?;
    d.set_item("chosen", t.chosen.into_pyarray(py))?;
    d.set_item("result", t.result.into_pyarray(py))?;
    d.set_item("game_points", t.game_points.into_pyarray(py))?;
    Ok(d)
}

/// Plays one turn for each row with the built-in policy `policy`: the board after the chosen
/// play, owned by the mover (the board itself for a pass, MOVE-8). Row `i`'s random choices
/// come from a generator seeded by `(seed, i)`.
#[pyfunction]
pub fn _batch_policy_play<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray2<'py, i8>,
    dice: PyReadonlyArray2<'py, i8>,
    variant: &Bound<'py, PyAny>,
    policy: &Bound<'py, PyAny>,
    seed: u64,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let variant = variant_arg(variant)?;
    let policy = batch_policy(policy, variant)?;
    let board = rows(&boards)?;
    let n = board.len() / 26;
    let dshape = dice.shape();
    if dshape[0] != n || dshape[1] != 2 {
        return Err(InvalidDiceError::new_err(format!(
            "dice must have shape ({n}, 2) for {n} boards"
        )));
    }
    let dice = dice
        .as_slice()
        .map_err(|_| InvalidDiceError::new_err("dice must be a C-contiguous array"))?;
    let out = py.detach(|| {
        guard(|| {
            let ds = dice_of(dice)?;
            let positions = positions_of(board, variant, Color::White)
                .map_err(InvalidPositionError::new_err)?;
            Ok(match &policy {
                BatchPolicy::Backgammon(pol) => {
                    policy_plays_of(&family::<Backgammon>(&positions), &ds, pol, seed)
                }
                BatchPolicy::Nardy(pol) => {
                    policy_plays_of(&family::<Nardy>(&positions), &ds, pol, seed)
                }
            })
        })
    })?;
    board_array(py, out)
}

/// The board after the play `policy` chooses for each position and roll, owned by the mover
/// (the board itself for a pass, MOVE-8). Row `i` draws its random choices from a generator
/// seeded by `(seed, i)`.
fn policy_plays_of<P: Position + Board26>(
    positions: &[P],
    dice: &[Dice],
    policy: &impl gammon_core::Policy<P>,
    seed: u64,
) -> Vec<i8> {
    use gammon_core::GameRng;
    use rand_core::SeedableRng;
    let mut out = Vec::with_capacity(positions.len() * 26);
    let mut list: Box<PlayList<P>> = Box::default();
    for (i, (p, &d)) in positions.iter().zip(dice).enumerate() {
        p.legal_plays_into(d, &mut list);
        let k = match list.len() {
            0 => None,
            1 => Some(0),
            _ => {
                let mix = seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let mut rng = GameRng::seed_from_u64(mix);
                Some(policy.choose(p, d, &list, &mut rng).unwrap_or(0))
            }
        };
        out.extend_from_slice(&match k {
            Some(k) if k < list.len() => list[k].after().board26(),
            _ => p.board26(),
        });
    }
    out
}

/// Reads validated dice from `(N, 2)` int8 values.
fn dice_of(dice: &[i8]) -> PyResult<Vec<Dice>> {
    dice.chunks_exact(2)
        .enumerate()
        .map(|(i, d)| dice_row(d, i))
        .collect()
}

/// Reads row `i` of the dice, `[d1, d2]` with values 1-6.
fn dice_row(d: &[i8], i: usize) -> PyResult<Dice> {
    let ok = |x: i8| (1..=6).contains(&x);
    if !ok(d[0]) || !ok(d[1]) {
        return Err(InvalidDiceError::new_err(format!(
            "row {i}: dice must be 1-6, got ({}, {})",
            d[0], d[1]
        )));
    }
    Dice::new(d[0] as u8, d[1] as u8)
        .map_err(|e| InvalidDiceError::new_err(format!("row {i}: {e}")))
}
