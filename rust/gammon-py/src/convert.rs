//! Converters shared by the pyclasses' methods.

use gammon_core::Variant;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use crate::errors::{variant_error, InvalidInputError};
use crate::types::{text_arg, PyVariant};

/// A variant argument: a ``gammon.Variant`` or a name or alias (case, spaces and underscores
/// ignored), the one converter every binding that takes a variant uses. The error for anything
/// else lists the valid names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantArg(pub Variant);

impl<'a, 'py> FromPyObject<'a, 'py> for VariantArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<VariantArg> {
        if let Ok(v) = obj.extract::<PyVariant>() {
            return Ok(VariantArg(v.into()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Variant::find(&text_arg(s.as_any(), "a variant name")?)
                .map(VariantArg)
                .map_err(|e| variant_error(&e));
        }
        Err(InvalidInputError::new_err(format!(
            "expected a gammon.Variant or a variant name ({}), got {}",
            Variant::ALL.map(Variant::name).join(", "),
            repr(&obj.to_owned())
        )))
    }
}

/// Looks a variant up by canonical name or alias (case, spaces and underscores ignored); a
/// ``Variant`` is returned as it is.
///
/// Raises `InvalidInputError` (a `ValueError`) for an unknown name, listing the valid ones.
#[pyfunction]
pub fn find_variant(name: VariantArg) -> PyVariant {
    name.0.into()
}

/// Reads a variant argument given as any Python object (see [`VariantArg`]).
pub fn variant_arg(obj: &Bound<'_, PyAny>) -> PyResult<Variant> {
    obj.extract::<VariantArg>().map(|v| v.0)
}

/// A simulation's variant: a `gammon.Variant`, a name or alias, or None for backgammon.
pub(crate) fn variant_or_default(obj: &Bound<'_, PyAny>) -> PyResult<Variant> {
    if obj.is_none() {
        Ok(Variant::Backgammon)
    } else {
        variant_arg(obj)
    }
}

impl From<VariantArg> for Variant {
    fn from(v: VariantArg) -> Variant {
        v.0
    }
}

/// A numpy ``int8`` array of shape ``(rows, 26)`` over `boards` (one board per row), built
/// by the `numpy` crate (no numpy import at run time).
pub fn board_array<'py>(
    py: Python<'py>,
    boards: Vec<i8>,
    rows: usize,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    PyArray1::from_vec(py, boards).reshape([rows, 26])
}

/// A `bool` argument, `default` when absent; anything else is `InvalidInputError`.
pub fn bool_arg(
    who: &str,
    name: &str,
    obj: Option<&Bound<'_, PyAny>>,
    default: bool,
) -> PyResult<bool> {
    match obj {
        None => Ok(default),
        Some(o) => match o.cast::<PyBool>() {
            Ok(b) => Ok(b.is_true()),
            Err(_) => Err(InvalidInputError::new_err(format!(
                "{who}: {name} must be True or False, not {}",
                repr(o)
            ))),
        },
    }
}

/// A short ``repr`` of `o` for messages (at most 80 characters).
pub fn repr(o: &Bound<'_, PyAny>) -> String {
    let text = o.repr().map(|r| r.to_string()).unwrap_or_default();
    // Keep messages short whatever came in.
    if text.chars().count() > 80 {
        let cut: String = text.chars().take(77).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// An `int` (not a `bool`) within `lo..=hi`, else `None`.
pub fn int_in(o: &Bound<'_, PyAny>, lo: u64, hi: u64) -> Option<u64> {
    if o.is_instance_of::<PyBool>() {
        return None;
    }
    let v = o.extract::<u64>().ok()?;
    (lo..=hi).contains(&v).then_some(v)
}

/// The `prune` argument of the searches (rollouts, the analysis, the cube decision): how many
/// plays of each roll the pruning net keeps for the full net inside a search, an int from 0
/// (no pruning) up; `None` when not given (each caller has its default).
pub fn prune_arg(prune: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    match prune.filter(|p| !p.is_none()) {
        None => Ok(None),
        Some(p) => int_in(p, 0, u32::MAX.into())
            .map(|k| Some(k as u32))
            .ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "prune must be an int from 0 (no pruning) to {}, not {}",
                    u32::MAX,
                    repr(p)
                ))
            }),
    }
}

/// `prune` checked as the searches check it ([`prune_arg`]): the int, or `None` when not
/// given (for the Python side's arguments that travel before a search is made).
#[pyfunction]
#[pyo3(signature = (prune=None))]
pub fn _prune_keep(prune: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    prune_arg(prune)
}

/// Collects `args` and `kwargs` by field name (positional in `fields` order), refusing
/// unknown, repeated or surplus arguments. Unlike Rust's `Option`, an explicit `None` stays
/// an argument, to be checked like any other value.
pub fn collect<'py>(
    who: &str,
    fields: &[&str],
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
    if args.len() > fields.len() {
        return Err(InvalidInputError::new_err(format!(
            "{who}: takes at most {} arguments, got {}",
            fields.len(),
            args.len()
        )));
    }
    let mut out: Vec<Option<Bound<'py, PyAny>>> = vec![None; fields.len()];
    for (i, a) in args.iter().enumerate() {
        out[i] = Some(a);
    }
    if let Some(d) = kwargs {
        for (key, value) in d.iter() {
            let k: String = key.extract().unwrap_or_default();
            let Some(i) = fields.iter().position(|f| *f == k) else {
                return Err(InvalidInputError::new_err(format!(
                    "{who}: no field named {}",
                    repr(&key)
                )));
            };
            if out[i].is_some() {
                return Err(InvalidInputError::new_err(format!(
                    "{who}: {k} given twice"
                )));
            }
            out[i] = Some(value);
        }
    }
    Ok(out)
}
