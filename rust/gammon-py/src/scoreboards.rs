//! `gammon.Match` and `gammon.MoneySession`: the scoreboards a game is played under, each the
//! core's score (`MatchScore`, or a money session's totals) with the results recorded so far.

use gammon_core::{money_record, ByColor, Color, GameOver};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::repr;
use crate::errors::InvalidInputError;
use crate::match_score::{score_arg, PyMatchScore};
use crate::result::PyGameResult;
use crate::types::{color_arg, PyColor};

/// What ``__reduce__`` returns: the callable that rebuilds a value and its arguments.
type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

fn invalid(message: String) -> PyErr {
    InvalidInputError::new_err(message)
}

/// A tuple of ``GameResult``.
fn games_arg(who: &str, games: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<GameOver>> {
    let Some(games) = games else {
        return Ok(Vec::new());
    };
    let bad = || invalid(format!("{who}: games must be a tuple of GameResult"));
    let tuple = games.cast::<PyTuple>().map_err(|_| bad())?;
    tuple
        .iter()
        .map(|g| {
            g.extract::<PyGameResult>()
                .map(|r| r.inner)
                .map_err(|_| bad())
        })
        .collect()
}

fn result_arg(result: &Bound<'_, PyAny>) -> PyResult<GameOver> {
    result
        .extract::<PyGameResult>()
        .map(|r| r.inner)
        .map_err(|_| invalid(format!("record() needs a GameResult, not {}", repr(result))))
}

fn games_tuple<'py>(py: Python<'py>, games: &[GameOver]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, games.iter().map(|&inner| PyGameResult { inner }))
}

/// A match to ``length`` points (MATCH-1): its ``MatchScore`` and the games played.
///
/// ``score`` is ``(white, black)``. ``crawford`` turns the Crawford rule on (the default,
/// MATCH-3). The state of the Crawford rule is normally derived by ``record``; for a match
/// set up at some score, ``crawford_game=True`` marks the next game as the Crawford game
/// (MATCH-4: the flag comes from the state, never from the score alone), and
/// ``post_crawford`` says whether the Crawford game lies behind. By default a match set up
/// with a player at ``length - 1`` and no Crawford flag is post-Crawford. The score and the
/// Crawford state are the core's ``MatchScore``; this class adds the games.
///
/// Immutable, hashable and picklable.
///
/// Raises ``InvalidInputError`` naming the rule for a length outside 1..32767 (MATCH-1,
/// ID-7), a bad score, a Crawford flag without exactly one player at ``length - 1`` or with
/// the rule off (MATCH-3), or a post-Crawford flag the score cannot have reached (MATCH-4).
#[pyclass(name = "Match", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyMatch {
    state: PyMatchScore,
    games: Vec<GameOver>,
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(
        signature = (length, score=None, *, crawford=None, crawford_game=None, post_crawford=None, games=None),
        text_signature = "(length, score=(0, 0), *, crawford=True, crawford_game=False, post_crawford=None, games=())"
    )]
    fn new(
        py: Python<'_>,
        length: &Bound<'_, PyAny>,
        score: Option<&Bound<'_, PyAny>>,
        crawford: Option<&Bound<'_, PyAny>>,
        crawford_game: Option<&Bound<'_, PyAny>>,
        post_crawford: Option<&Bound<'_, PyAny>>,
        games: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let kwargs = PyDict::new(py);
        for (name, value) in [
            ("crawford", crawford),
            ("crawford_game", crawford_game),
            ("post_crawford", post_crawford),
        ] {
            if let Some(v) = value {
                kwargs.set_item(name, v)?;
            }
        }
        let args = match score {
            Some(s) => PyTuple::new(py, [length, s])?,
            None => PyTuple::new(py, [length])?,
        };
        let state = py
            .get_type::<PyMatchScore>()
            .call(args, Some(&kwargs))?
            .extract::<PyMatchScore>()?;
        Ok(PyMatch {
            state,
            games: games_arg("Match", games)?,
        })
    }

    /// A match at ``state`` with ``games`` recorded (private: the games are not checked
    /// against the score).
    #[staticmethod]
    #[pyo3(signature = (state, games=None))]
    fn _wrap(state: PyMatchScore, games: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(PyMatch {
            state,
            games: games_arg("Match", games)?,
        })
    }

    /// The score and Crawford state, without the games.
    #[getter]
    fn match_score(&self) -> PyMatchScore {
        self.state
    }

    /// The points needed to win (MATCH-1).
    #[getter]
    fn length(&self) -> u32 {
        self.state.inner.length
    }

    /// The score as ``(white, black)``; after the last game it may pass the length.
    #[getter]
    fn score(&self) -> (u32, u32) {
        let s = self.state.inner.score;
        (s.white, s.black)
    }

    /// True when the Crawford rule is in force (MATCH-3).
    #[getter]
    fn crawford(&self) -> bool {
        self.state.inner.crawford_rule
    }

    /// True when the next game is the Crawford game: no doubling in it (MATCH-3).
    #[getter]
    fn is_crawford_game(&self) -> bool {
        self.state.inner.crawford_game
    }

    /// True once the Crawford game is behind, or set up as such (MATCH-4).
    #[getter]
    fn is_post_crawford(&self) -> bool {
        self.state.inner.post_crawford
    }

    /// The results recorded so far, in order.
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        games_tuple(py, &self.games)
    }

    /// True once a player has reached the length (MATCH-1).
    #[getter]
    fn is_over(&self) -> bool {
        self.state.inner.is_over()
    }

    /// The player who won the match, or ``None`` while it goes on (MATCH-1).
    #[getter]
    fn winner(&self) -> Option<PyColor> {
        self.state.inner.winner().map(Into::into)
    }

    /// Return ``player``'s score.
    fn score_of(&self, player: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.state.inner.score[color_arg(player)?])
    }

    /// Return the points ``player`` still needs (0 once they have won).
    fn away(&self, player: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.state.inner.away(color_arg(player)?))
    }

    /// Return the match after a game ended with ``result``; see ``MatchScore.record``.
    ///
    /// Raises ``InvalidInputError`` when the match is already over (MATCH-1) or ``result``
    /// is not a ``GameResult``.
    fn record(&self, result: &Bound<'_, PyAny>) -> PyResult<PyMatch> {
        let game = result_arg(result)?;
        let Some(winner) = game.winner else {
            return Err(invalid(
                "Match.record: a match game has a winner; only Long Nardy draws".to_owned(),
            ));
        };
        let inner = self
            .state
            .inner
            .try_record(winner, game.points)
            .map_err(|e| invalid(format!("Match: {e}")))?;
        let mut games = self.games.clone();
        games.push(game);
        Ok(PyMatch {
            state: PyMatchScore { inner },
            games,
        })
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let state = Bound::new(slf.py(), slf.get().state)?.repr()?.to_string();
        Ok(format!(
            "Match({}",
            state.strip_prefix("MatchScore(").unwrap_or(&state)
        ))
    }

    fn __str__(&self) -> String {
        self.state.inner.to_string()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> Reduced<'py, (PyMatchScore, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let m = slf.get();
        Ok((
            slf.get_type().getattr("_wrap")?,
            (m.state, games_tuple(py, &m.games)?),
        ))
    }
}

/// A money session: independent games, each result added to the winner's total.
///
/// The rule is MONEY-1. ``score`` is ``(white, black)``, the points each has won (as in the
/// Match ID, match length 0). There is no Crawford rule and the session never ends.
///
/// Immutable, hashable and picklable.
///
/// Raises ``InvalidInputError`` for a bad score.
#[pyclass(
    name = "MoneySession",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyMoneySession {
    score: ByColor<u32>,
    games: Vec<GameOver>,
}

#[pymethods]
impl PyMoneySession {
    #[new]
    #[pyo3(
        signature = (score=None, *, games=None),
        text_signature = "(score=(0, 0), *, games=())"
    )]
    fn new(score: Option<&Bound<'_, PyAny>>, games: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(PyMoneySession {
            score: match score {
                None => ByColor::default(),
                Some(s) => score_arg("MoneySession", s)?,
            },
            games: games_arg("MoneySession", games)?,
        })
    }

    /// Money play has no length (the Match ID writes 0, MONEY-1).
    #[classattr]
    fn length() -> u32 {
        0
    }

    /// Money play has no Crawford rule (MONEY-1).
    #[classattr]
    fn is_crawford_game() -> bool {
        false
    }

    /// A money session never ends by itself.
    #[classattr]
    fn is_over() -> bool {
        false
    }

    /// Money play has no match score (as a ``TurnState`` of a money game).
    #[classattr]
    fn match_score() -> Option<PyMatchScore> {
        None
    }

    /// The points won so far as ``(white, black)``.
    #[getter]
    fn score(&self) -> (u32, u32) {
        (self.score.white, self.score.black)
    }

    /// The results recorded so far, in order.
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        games_tuple(py, &self.games)
    }

    /// Return the points ``player`` has won.
    fn score_of(&self, player: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.score[color_arg(player)?])
    }

    /// Return ``player``'s balance: points won minus points lost.
    fn net(&self, player: &Bound<'_, PyAny>) -> PyResult<i64> {
        let c: Color = color_arg(player)?;
        Ok(i64::from(self.score[c]) - i64::from(self.score[c.other()]))
    }

    /// Return ``player``'s average balance per game recorded.
    ///
    /// Raises ``InvalidInputError`` before any game is recorded.
    fn points_per_game(&self, player: &Bound<'_, PyAny>) -> PyResult<f64> {
        if self.games.is_empty() {
            return Err(invalid("MoneySession: no game recorded yet".to_owned()));
        }
        Ok(self.net(player)? as f64 / self.games.len() as f64)
    }

    /// Return the session after a game ended with ``result`` (MONEY-1).
    ///
    /// Totals saturate at the Match ID's 15-bit limit.
    ///
    /// Raises ``InvalidInputError`` when ``result`` is not a ``GameResult``.
    fn record(&self, result: &Bound<'_, PyAny>) -> PyResult<PyMoneySession> {
        let game = result_arg(result)?;
        let mut games = self.games.clone();
        games.push(game);
        Ok(PyMoneySession {
            score: money_record(self.score, game.winner, game.points),
            games,
        })
    }

    fn __repr__(&self) -> String {
        if self.score == ByColor::default() {
            "MoneySession()".to_owned()
        } else {
            format!("MoneySession(({}, {}))", self.score.white, self.score.black)
        }
    }

    fn __str__(&self) -> String {
        format!(
            "money session, {}-{} after {} games",
            self.score.white,
            self.score.black,
            self.games.len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, ((u32, u32), Bound<'py, PyTuple>)> {
        let py = slf.py();
        let m = slf.get();
        Ok((
            py.import("gammon._core")?.getattr("_money_session")?,
            ((m.score.white, m.score.black), games_tuple(py, &m.games)?),
        ))
    }
}

/// Rebuilds a pickled ``MoneySession`` (private: its games are keyword-only).
#[pyfunction]
pub fn _money_session(
    score: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
) -> PyResult<PyMoneySession> {
    PyMoneySession::new(Some(score), Some(games))
}
