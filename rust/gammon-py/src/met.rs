//! `gammon._core._MetTable`: a match equity table of one's own (`gammon.MatchEquityTable`
//! keeps one), checked and looked up by the core's rule (`gammon_core::MetTable`).

use gammon_core::MetTable;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::convert::repr;
use crate::errors::{met_away_error, met_range_error, met_table_error};

/// The tables of a ``gammon.MatchEquityTable``, checked: the pre-Crawford table square and
/// not empty, the post-Crawford row at least as long, every value a probability.
///
/// Raises ``InvalidInputError`` naming the table ``name`` (the table's name, shown by its
/// ``repr``) and the first thing wrong.
#[pyclass(name = "_MetTable", module = "gammon._core", frozen)]
pub struct PyMetTable {
    name: Py<PyAny>,
    shown: String,
    inner: MetTable,
}

/// A points-away count: an ``int`` (not a ``bool``); counts beyond ``i64`` are kept beyond
/// every table.
fn away_arg(o: &Bound<'_, PyAny>) -> PyResult<i64> {
    if !o.is_instance_of::<PyInt>() || o.is_instance_of::<PyBool>() {
        return Err(met_away_error(&repr(o)));
    }
    match o.extract::<i64>() {
        Ok(v) => Ok(v),
        Err(_) => Ok(if o.lt(0)? { i64::MIN } else { i64::MAX }),
    }
}

#[pymethods]
impl PyMetTable {
    #[new]
    fn new(
        name: &Bound<'_, PyAny>,
        pre_crawford: Vec<Vec<f64>>,
        post_crawford: Vec<f64>,
    ) -> PyResult<Self> {
        let shown = name.repr()?.to_string();
        let inner =
            MetTable::new(pre_crawford, post_crawford).map_err(|e| met_table_error(&shown, &e))?;
        Ok(Self {
            name: name.clone().unbind(),
            shown,
            inner,
        })
    }

    /// Pickles as the arguments it was made from.
    #[allow(clippy::type_complexity)]
    fn __getnewargs__(&self, py: Python<'_>) -> (Py<PyAny>, Vec<Vec<f64>>, Vec<f64>) {
        let (pre, post) = self.inner.tables();
        (self.name.clone_ref(py), pre.to_vec(), post.to_vec())
    }

    /// The chance that a player ``away`` points away beats an opponent ``opponent_away``
    /// away (see ``gammon.MatchEquityTable.mwc``).
    ///
    /// Raises ``InvalidInputError`` for a count that is not an int or beyond the table.
    #[pyo3(signature = (away, opponent_away, post_crawford=false))]
    fn mwc(
        &self,
        away: &Bound<'_, PyAny>,
        opponent_away: &Bound<'_, PyAny>,
        post_crawford: bool,
    ) -> PyResult<f64> {
        let (a, b) = (away_arg(away)?, away_arg(opponent_away)?);
        self.inner
            .mwc(a, b, post_crawford)
            .ok_or_else(|| met_range_error(&self.shown, self.inner.length(), (a, b)))
    }
}
