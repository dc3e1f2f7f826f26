//! `gammon.RankedPlay` and `_ranked_plays`: the plays of a roll ranked from their values, as
//! `gammon.rank_plays` returns them (the rollouts on common dice are `many.rs`'s).

use gammon_core::Color;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::InvalidInputError;
use crate::result::PyGameResult;
use crate::run_results::commas;
use crate::types::PyColor;

/// One play of ``gammon.rank_plays``, from the side of the player who makes it.
///
/// A play that ends the game is valued exactly: ``ending`` holds the game's result,
/// ``equity`` its points for the mover, ``std_error`` is 0 and ``result`` is None (nothing was
/// rolled out).
#[pyclass(frozen, name = "RankedPlay", module = "gammon")]
pub struct PyRankedPlay {
    play: Py<PyAny>,
    equity: f64,
    std_error: f64,
    loss: f64,
    loss_std_error: f64,
    result: Option<Py<PyAny>>,
    ending: Option<Py<PyAny>>,
}

#[pymethods]
impl PyRankedPlay {
    #[new]
    #[pyo3(signature = (play, equity, std_error, loss, loss_std_error, result, ending=None))]
    fn new(
        play: Py<PyAny>,
        equity: f64,
        std_error: f64,
        loss: f64,
        loss_std_error: f64,
        result: Option<Py<PyAny>>,
        ending: Option<Py<PyAny>>,
    ) -> Self {
        Self {
            play,
            equity,
            std_error,
            loss,
            loss_std_error,
            result,
            ending,
        }
    }

    /// The play.
    #[getter]
    fn play(&self, py: Python<'_>) -> Py<PyAny> {
        self.play.clone_ref(py)
    }

    /// Cubeless equity after the play, for the player who made it.
    #[getter]
    fn equity(&self) -> f64 {
        self.equity
    }

    /// The standard error of ``equity`` (0 for a play that ends the game).
    #[getter]
    fn std_error(&self) -> f64 {
        self.std_error
    }

    /// How much worse than the best play (0 for the best).
    #[getter]
    fn loss(&self) -> f64 {
        self.loss
    }

    /// The standard error of ``loss``: from the games paired on common dice when both plays
    /// were rolled out, the rolled-out one's standard error when the other is exact, 0 when
    /// both are exact.
    #[getter]
    fn loss_std_error(&self) -> f64 {
        self.loss_std_error
    }

    /// The rollout of the position after the play (the opponent on roll); None for a play
    /// that ends the game.
    #[getter]
    fn result(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.result.as_ref().map(|r| r.clone_ref(py))
    }

    /// For a play that ends the game, its scored result (BG-14, SCORE-1; LN-32 to LN-35);
    /// None for a play that was rolled out.
    #[getter]
    fn ending(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.ending.as_ref().map(|r| r.clone_ref(py))
    }

    /// The figures as plain JSON-ready values, as ``gammon rollout --plays --json`` prints
    /// them: ``play`` (its text), ``equity``, ``std_error``, ``loss``, ``loss_std_error``,
    /// ``games`` (rolled out; 0 for a play that ends the game), ``seed`` (None then) and
    /// ``ends_game`` (the result's text, or None).
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("play", self.play.bind(py).str()?)?;
        d.set_item("equity", self.equity)?;
        d.set_item("std_error", self.std_error)?;
        d.set_item("loss", self.loss)?;
        d.set_item("loss_std_error", self.loss_std_error)?;
        match &self.result {
            Some(r) => {
                d.set_item("games", r.bind(py).getattr("games_completed")?)?;
                d.set_item("seed", r.bind(py).getattr("seed")?)?;
            }
            None => {
                d.set_item("games", 0)?;
                d.set_item("seed", py.None())?;
            }
        }
        let ends = match &self.ending {
            Some(e) => Some(e.bind(py).str()?),
            None => None,
        };
        d.set_item("ends_game", ends)?;
        Ok(d)
    }

    /// ``ranked`` (``gammon.rank_plays``'s, best first) as ``gammon rollout --plays`` prints
    /// them: a line saying how the plays were rolled out (the games on common dice, the seed,
    /// the luck taken off, the cut), a header, then each play with its equity, its loss and
    /// their standard errors, and the result of a play that ends the game.
    #[staticmethod]
    fn table(py: Python<'_>, ranked: Vec<Bound<'_, PyRankedPlay>>) -> PyResult<String> {
        let rolled = ranked.iter().find_map(|r| r.get().result.as_ref());
        let how = match rolled.map(|r| r.bind(py)) {
            None => "every play ends the game: nothing rolled out".to_owned(),
            Some(r) => {
                let games: u64 = r.getattr("games_completed")?.extract()?;
                let seed = r.getattr("seed")?;
                let mut how = format!("{} games each on common dice, seed {seed}", commas(games));
                let evaluator = r.getattr("evaluator")?;
                if r.getattr("variance_reduction")?.is_truthy()? {
                    how +=
                        &format!(", the luck of the dice taken off by the {evaluator} evaluator");
                }
                let cut = r.getattr("truncate_after")?;
                if !cut.is_none() {
                    how += &format!(", cut after {cut} turns at the {evaluator} evaluator");
                }
                how
            }
        };
        let (play, equity, error, loss) = ("play", "equity", "error", "loss");
        let mut lines = vec![
            how,
            format!("{:4}{play:<24}{equity:>9}{error:>8}{loss:>9}{error:>8}", ""),
        ];
        for (i, r) in ranked.iter().enumerate() {
            let r = r.get();
            let note = match &r.ending {
                Some(e) => format!("  ends the game: {}", e.bind(py).str()?),
                None => String::new(),
            };
            lines.push(format!(
                "{:>3} {:<24}{:>+9.4}{:>8.4}{:>+9.4}{:>8.4}{note}",
                i + 1,
                r.play.bind(py).str()?.to_string(),
                r.equity,
                r.std_error,
                -r.loss,
                r.loss_std_error
            ));
        }
        Ok(lines.join("\n"))
    }

    fn __getnewargs__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.play.clone_ref(py),
            self.equity,
            self.std_error,
            self.loss,
            self.loss_std_error,
            self.result.as_ref().map(|r| r.clone_ref(py)),
            self.ending.as_ref().map(|r| r.clone_ref(py)),
        )
            .into_pyobject(py)
    }

    /// Equal when every field is (as a tuple of the fields would be).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Self>() {
            Ok(o) => self.__getnewargs__(py)?.eq(o.get().__getnewargs__(py)?),
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.__getnewargs__(py)?.hash()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let shown = |o: &Option<Py<PyAny>>| -> PyResult<String> {
            Ok(match o {
                Some(o) => o.bind(py).repr()?.to_string(),
                None => "None".to_owned(),
            })
        };
        Ok(format!(
            "RankedPlay(play={}, equity={}, std_error={}, loss={}, loss_std_error={}, \
             result={}, ending={})",
            self.play.bind(py).repr()?,
            self.equity.into_pyobject(py)?.repr()?,
            self.std_error.into_pyobject(py)?.repr()?,
            self.loss.into_pyobject(py)?.repr()?,
            self.loss_std_error.into_pyobject(py)?.repr()?,
            shown(&self.result)?,
            shown(&self.ending)?,
        ))
    }
}

/// A play's value for the mover: its equity, standard error and rollout (None when exact).
type Value<'py> = (f64, f64, Option<Bound<'py, PyAny>>);

/// Ranks ``plays`` (of the player ``turn``), best first: a play with an ``endings`` entry
/// (its ``GameResult``) is worth its points exactly; the others, in order, are the positions
/// of ``many`` (a ``ManyRolloutResult``, the opponent on roll), worth minus their equity.
/// Each loss against the best comes with the standard error of the paired difference when
/// both were rolled out, else the larger of the two errors.
///
/// Raises ``InvalidInputError`` when the lists do not fit one another.
#[pyfunction]
pub fn _ranked_plays<'py>(
    turn: PyColor,
    plays: Vec<Bound<'py, PyAny>>,
    endings: Vec<Option<Bound<'py, PyGameResult>>>,
    many: Option<Bound<'py, PyAny>>,
) -> PyResult<Vec<PyRankedPlay>> {
    let turn: Color = turn.into();
    if plays.len() != endings.len() || plays.is_empty() {
        return Err(InvalidInputError::new_err(
            "_ranked_plays: one ending (or None) per play, and at least one play",
        ));
    }
    let results: Vec<Bound<'py, PyAny>> = match &many {
        Some(m) => m.getattr("results")?.try_iter()?.collect::<PyResult<_>>()?,
        None => Vec::new(),
    };
    // The index in `many` of each rolled-out play.
    let mut rolled: Vec<Option<usize>> = Vec::with_capacity(plays.len());
    let mut values: Vec<Value<'py>> = Vec::with_capacity(plays.len());
    for ending in &endings {
        match ending {
            Some(e) => {
                let e = &e.get().inner;
                let sign = match e.winner {
                    None => 0.0,
                    Some(w) if w == turn => 1.0,
                    Some(_) => -1.0,
                };
                rolled.push(None);
                values.push((sign * f64::from(e.points), 0.0, None));
            }
            None => {
                let m = rolled.iter().flatten().count();
                let Some(r) = results.get(m) else {
                    return Err(InvalidInputError::new_err(
                        "_ranked_plays: fewer rollouts than plays without an ending",
                    ));
                };
                let equity: f64 = r.getattr("equity")?.extract()?;
                let se: f64 = r.getattr("std_error")?.extract()?;
                rolled.push(Some(m));
                values.push((-equity, se, Some(r.clone())));
            }
        }
    }
    // The first best value (a NaN counts as the best, as numpy's argmax has it).
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        let b = values[best].0;
        if !b.is_nan() && (v.0.is_nan() || v.0 > b) {
            best = i;
        }
    }
    let (best_value, best_se) = (values[best].0, values[best].1);
    let mut ranked = Vec::with_capacity(plays.len());
    for (i, ((play, (equity, se, result)), ending)) in
        plays.into_iter().zip(values).zip(endings).enumerate()
    {
        let (loss, loss_se) = match (many.as_ref(), rolled[i], rolled[best]) {
            _ if i == best => (0.0, 0.0),
            // (-eq_best) - (-eq_i) = eq_i - eq_best, from the opponent's side: the loss.
            (Some(m), Some(a), Some(b)) => m.call_method1("difference", (a, b))?.extract()?,
            _ => (best_value - equity, se.max(best_se)),
        };
        ranked.push(PyRankedPlay {
            play: play.unbind(),
            equity,
            std_error: se,
            loss,
            loss_std_error: loss_se,
            result: result.map(Bound::unbind),
            ending: ending.map(|e| e.into_any().unbind()),
        });
    }
    ranked.sort_by(|a, b| {
        a.loss
            .partial_cmp(&b.loss)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(ranked)
}
