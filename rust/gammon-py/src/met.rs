//! `gammon.MatchEquityTable`: a match equity table (the shipped one or one's own, read by
//! `gammon.met`), checked and looked up by the core's rule (`gammon_core::MetTable`).

use gammon_core::{GameMwcError, MetTable};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

use crate::convert::repr;
use crate::errors::{
    met_away_error, met_away_pair_error, met_game_error, met_range_error, met_table_error,
};

/// A match equity table: the chance of winning a match from a score.
///
/// ``pre_crawford[a - 1][b - 1]`` is the chance that a player ``a`` away beats an opponent
/// ``b`` away, before the Crawford game or in it (a player 1 away before a game of the
/// pre-Crawford table is playing the Crawford game); ``post_crawford[a - 1]`` the chance that
/// a trailer ``a`` away beats a leader 1 away after the Crawford game. ``name`` is the
/// table's name, ``description`` where its numbers come from, ``source`` the file it was read
/// from or another note on its origin. Frozen; equal when every field is.
///
/// Raises ``InvalidInputError`` for an empty or non-square pre-Crawford table, a
/// post-Crawford row of another length, or a value outside 0..1, naming the table.
#[pyclass(name = "MatchEquityTable", module = "gammon", frozen)]
pub struct PyMetTable {
    name: String,
    description: String,
    source: String,
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

impl PyMetTable {
    /// The fields as Python values, in the order of the constructor's arguments.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (pre, post) = self.inner.tables();
        let pre = PyTuple::new(
            py,
            pre.iter()
                .map(|row| PyTuple::new(py, row))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        (
            &self.name,
            &self.description,
            pre,
            PyTuple::new(py, post)?,
            &self.source,
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl PyMetTable {
    #[new]
    #[pyo3(
        signature = (name, description, pre_crawford, post_crawford, source=String::new()),
        text_signature = "(name, description, pre_crawford, post_crawford, source='')"
    )]
    fn new(
        py: Python<'_>,
        name: String,
        description: String,
        pre_crawford: Vec<Vec<f64>>,
        post_crawford: Vec<f64>,
        source: String,
    ) -> PyResult<Self> {
        let shown = PyString::new(py, &name).repr()?.to_string();
        let inner =
            MetTable::new(pre_crawford, post_crawford).map_err(|e| met_table_error(&shown, &e))?;
        Ok(Self {
            name,
            description,
            source,
            shown,
            inner,
        })
    }

    /// The table's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Where its numbers come from.
    #[getter]
    fn description(&self) -> &str {
        &self.description
    }

    /// ``pre_crawford[a - 1][b - 1]``: the chance that a player ``a`` away beats an opponent
    /// ``b`` away, before the Crawford game or in it.
    #[getter]
    fn pre_crawford<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fields(py)?.get_item(2)
    }

    /// ``post_crawford[a - 1]``: the chance that a trailer ``a`` away beats a leader 1 away
    /// after the Crawford game.
    #[getter]
    fn post_crawford<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fields(py)?.get_item(3)
    }

    /// The file the table was read from, or another note on its origin.
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }

    /// The largest number of points away the table covers.
    #[getter]
    fn length(&self) -> usize {
        self.inner.length()
    }

    /// Pickles as the arguments it was made from.
    fn __getnewargs__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.fields(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Self>().is_ok_and(|o| {
            let o = o.get();
            (&self.name, &self.description, &self.source, &self.inner)
                == (&o.name, &o.description, &o.source, &o.inner)
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.fields(py)?.hash()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let f = self.fields(py)?;
        Ok(format!(
            "MatchEquityTable(name={}, description={}, pre_crawford={}, post_crawford={}, \
             source={})",
            f.get_item(0)?.repr()?,
            f.get_item(1)?.repr()?,
            f.get_item(2)?.repr()?,
            f.get_item(3)?.repr()?,
            f.get_item(4)?.repr()?
        ))
    }

    /// Return the chance that a player ``away`` points away wins the match.
    ///
    /// The opponent is ``opponent_away`` points away; the game is about to start.
    /// ``post_crawford`` says the Crawford game is behind; a player 1 away in a game that is
    /// not post-Crawford is playing the Crawford game. A player 0 (or fewer) away has won:
    /// 1.0; an opponent 0 away has: 0.0.
    ///
    /// Raises ``InvalidInputError`` for an away count beyond the table or not an int.
    #[pyo3(signature = (away, opponent_away, *, post_crawford=false))]
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

    /// The chance that the player on roll wins the match when the coming game, at cube value
    /// ``cube``, ends with the shares ``wins`` and ``losses`` (single, gammon, backgammon);
    /// ``away`` is the pair (on roll, opponent). See ``gammon.match_winning_chance``.
    ///
    /// Raises ``InvalidInputError`` for ``away`` that is not a pair of ints >= 1, a Crawford
    /// game with the cube turned or without exactly one player 1 away (MATCH-3), or a score
    /// beyond the table.
    fn game_mwc(
        &self,
        wins: [f64; 3],
        losses: [f64; 3],
        away: &Bound<'_, PyAny>,
        cube: u32,
        crawford: bool,
    ) -> PyResult<f64> {
        let pair: Vec<Bound<'_, PyAny>> = match away.try_iter() {
            Ok(items) => items.collect::<PyResult<_>>()?,
            Err(_) => Vec::new(),
        };
        let (a, b) = match pair.as_slice() {
            [a, b] => match (away_arg(a), away_arg(b)) {
                (Ok(a), Ok(b)) => (a, b),
                _ => return Err(met_game_error(&GameMwcError::Over, &repr(away))),
            },
            _ => return Err(met_away_pair_error(&repr(away))),
        };
        self.inner
            .game_mwc(wins, losses, (a, b), cube, crawford)
            .map_err(|e| match e {
                GameMwcError::Beyond(a, b) => {
                    met_range_error(&self.shown, self.inner.length(), (a, b))
                }
                e => met_game_error(&e, &repr(away)),
            })
    }
}
