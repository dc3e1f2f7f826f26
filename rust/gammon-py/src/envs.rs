//! The array steps of `gammon.envs` (its engine, `gammon/envs/_engine.py`): observations,
//! legal-action masks, applying the chosen actions, and the choice of a batched evaluator
//! among the candidates of many games, over whole numpy arrays in the owner's view of
//! `gammon.batch`. The environments keep their random generator, opponents and bookkeeping in
//! Python.

use gammon_core::MAX_PLAYS;
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::batch::{encode_rows, encoding_arg, validate_rows, BoardRows};
use crate::errors::{guard, InvalidDiceError, InvalidInputError};

/// The offsets of a `Plays` as a slice, checked: starting at 0, never decreasing.
fn offsets_of<'a>(offsets: &'a PyReadonlyArray1<'_, i64>) -> PyResult<&'a [i64]> {
    let o = offsets
        .as_slice()
        .map_err(|_| InvalidInputError::new_err("offsets must be a C-contiguous int64 array"))?;
    if o.first() != Some(&0) || o.windows(2).any(|w| w[1] < w[0]) {
        return Err(InvalidInputError::new_err(
            "offsets must start at 0 and never decrease",
        ));
    }
    Ok(o)
}

/// The plays of each pair, `offsets[i + 1] - offsets[i]`.
fn counts(offsets: &[i64]) -> impl Iterator<Item = usize> + '_ {
    offsets.windows(2).map(|w| (w[1] - w[0]) as usize)
}

/// Observations `(N, K + 12)` float32: the encoding of each board (owner on roll), then the
/// two dice one-hot (unit `K + d - 1` for the first die `d`, `K + 6 + d - 1` for the second).
#[pyfunction]
pub fn _env_observe<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    dice: PyReadonlyArray2<'py, i8>,
    variant: &Bound<'py, PyAny>,
    encoding: &str,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let rows = BoardRows::read(boards, Some(variant), gammon_core::Variant::Backgammon)?;
    let variant = rows.variant;
    let enc = encoding_arg(encoding, variant)?;
    let board = rows.slice()?;
    let n = rows.len();
    let dice = dice
        .as_slice()
        .ok()
        .filter(|d| d.len() == 2 * n && d.iter().all(|x| (1..=6).contains(x)))
        .ok_or_else(|| InvalidDiceError::new_err(format!("dice must be ({n}, 2) ints 1-6")))?;
    let k = enc.units();
    let out = py.detach(|| {
        guard(|| {
            validate_rows(board, variant)?;
            let encoded = encode_rows(board, variant, enc, true);
            let mut out = vec![0f32; n * (k + 12)];
            for (i, (o, e)) in out
                .chunks_exact_mut(k + 12)
                .zip(encoded.chunks_exact(k))
                .enumerate()
            {
                o[..k].copy_from_slice(e);
                o[k + dice[2 * i] as usize - 1] = 1.0;
                o[k + 6 + dice[2 * i + 1] as usize - 1] = 1.0;
            }
            Ok(out)
        })
    })?;
    Array2::from_shape_vec((n, k + 12), out)
        .map(|a| a.into_pyarray(py))
        .map_err(|e| InvalidInputError::new_err(e.to_string()))
}

/// Legal-action masks `(N, MAX_PLAYS)` int8: action `i` is legal when `i < count`; with no
/// legal play (MOVE-8) only action 0, the pass, is legal.
#[pyfunction]
pub fn _env_masks<'py>(
    py: Python<'py>,
    offsets: PyReadonlyArray1<'py, i64>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let o = offsets_of(&offsets)?;
    let n = o.len() - 1;
    let mut m = Array2::<i8>::zeros((n, MAX_PLAYS));
    for (mut row, c) in m.rows_mut().into_iter().zip(counts(o)) {
        row.slice_mut(numpy::ndarray::s![..c.clamp(1, MAX_PLAYS)])
            .fill(1);
    }
    Ok(m.into_pyarray(py))
}

/// The boards after the chosen plays and which actions were legal.
type Applied<'py> = (Bound<'py, PyArray2<i8>>, Bound<'py, PyArray1<bool>>);

/// The boards after each row's chosen play (owned by the mover), and which actions were
/// legal: a pass (no legal play, action 0) keeps the board, and so does an illegal action.
#[pyfunction]
pub fn _env_apply<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray2<'py, i8>,
    plays: PyReadonlyArray2<'py, i8>,
    offsets: PyReadonlyArray1<'py, i64>,
    actions: PyReadonlyArray1<'py, i64>,
) -> PyResult<Applied<'py>> {
    let o = offsets_of(&offsets)?;
    let n = o.len() - 1;
    let (b, p) = (boards.as_array(), plays.as_array());
    let a = actions.as_array();
    if b.shape() != [n, 26] || a.len() != n || p.shape()[1] != 26 {
        return Err(InvalidInputError::new_err(format!(
            "boards, plays and actions must be ({n}, 26), (M, 26) and ({n},)"
        )));
    }
    let mut after = b.to_owned();
    let mut legal = Array1::from_elem(n, false);
    for (i, c) in counts(o).enumerate() {
        let x = a[i];
        legal[i] = if c == 0 {
            x == 0
        } else {
            (0..c as i64).contains(&x)
        };
        if legal[i] && c > 0 {
            let r = (o[i] + x) as usize;
            if r >= p.shape()[0] {
                return Err(InvalidInputError::new_err("offsets past the plays' rows"));
            }
            after.row_mut(i).assign(&p.row(r));
        }
    }
    Ok((after.into_pyarray(py), legal.into_pyarray(py)))
}

/// Each row's best-scored candidate (0 for a pass or a forced play, which are not scored):
/// the candidates of every row with a choice are encoded (`encoding`, `on_roll=False`) and
/// scored by ONE call of `evaluator`; each row takes the first of its highest scores, or its
/// first play when a score is NaN (as numpy's `maximum` reads them).
#[pyfunction]
pub fn _env_best<'py>(
    py: Python<'py>,
    plays: PyReadonlyArray2<'py, i8>,
    offsets: PyReadonlyArray1<'py, i64>,
    variant: &Bound<'py, PyAny>,
    encoding: &str,
    evaluator: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let variant = crate::convert::variant_arg(variant)?;
    let enc = encoding_arg(encoding, variant)?;
    let o = offsets_of(&offsets)?;
    let p = plays
        .as_slice()
        .map_err(|_| InvalidInputError::new_err("plays must be a C-contiguous int8 array"))?;
    let asked: Vec<(usize, usize, usize)> = counts(o)
        .enumerate()
        .filter(|&(_, c)| c > 1)
        .map(|(i, c)| (i, o[i] as usize, c))
        .collect();
    let mut chosen = vec![0i64; o.len() - 1];
    if asked.is_empty() {
        return Ok(chosen.into_pyarray(py));
    }
    let mut rows = Vec::new();
    for &(_, start, c) in &asked {
        let cells = p
            .get(26 * start..26 * (start + c))
            .ok_or_else(|| InvalidInputError::new_err("offsets past the plays' rows"))?;
        rows.extend_from_slice(cells);
    }
    let m = rows.len() / 26;
    let encoded = py.detach(|| {
        guard(|| {
            validate_rows(&rows, variant)?;
            Ok(encode_rows(&rows, variant, enc, false))
        })
    })?;
    let input = Array2::from_shape_vec((m, enc.units()), encoded)
        .map_err(|e| InvalidInputError::new_err(e.to_string()))?
        .into_pyarray(py);
    let np = py.import("numpy")?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("dtype", np.getattr("float64")?)?;
    let scores = np
        .call_method("asarray", (evaluator.call1((input,))?,), Some(&kwargs))?
        .call_method1("reshape", (-1,))?
        .call_method0("copy")?
        .cast_into::<PyArray1<f64>>()?;
    let scores = scores.readonly();
    let s = scores.as_slice()?;
    if s.len() != m {
        return Err(InvalidInputError::new_err(format!(
            "the evaluator returned {} values for {m} rows",
            s.len()
        )));
    }
    let mut at = 0;
    for &(i, _, c) in &asked {
        let group = &s[at..at + c];
        at += c;
        if group.iter().any(|x| x.is_nan()) {
            continue;
        }
        let mut best = 0;
        for (k, &x) in group.iter().enumerate() {
            if x > group[best] {
                best = k;
            }
        }
        chosen[i] = best as i64;
    }
    Ok(chosen.into_pyarray(py))
}
