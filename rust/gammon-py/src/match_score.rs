//! `gammon.MatchScore`: the core's match score with its Crawford state
//! (`gammon_core::MatchScore`) as a frozen, hashable, picklable value. `gammon.Match` wraps it
//! and keeps only the list of games.

use gammon_core::{ByColor, Color, MatchScore, MAX_MATCH_LENGTH, MAX_SCORE};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::{bool_arg, collect, int_in, repr};
use crate::errors::InvalidInputError;
use crate::types::{color_arg, PyColor};

/// A match to ``length`` points (MATCH-1) with its score and Crawford state.
///
/// ``score`` is ``(white, black)``. ``crawford`` turns the Crawford rule on (the default,
/// MATCH-3). ``crawford_game=True`` marks the next game as the Crawford game (MATCH-4: the
/// flag comes from the state, never from the score alone) and ``post_crawford`` says whether
/// the Crawford game lies behind (``None``: derived; a match set up with a player at
/// ``length - 1`` and no Crawford flag is post-Crawford). ``record`` returns the next state.
/// Frozen, hashable and picklable.
///
/// Raises ``InvalidInputError`` naming the rule for a length outside 1..32767 (MATCH-1,
/// ID-7), a bad score, a Crawford flag without exactly one player at ``length - 1`` or with
/// the rule off (MATCH-3), or a post-Crawford flag the score cannot have reached (MATCH-4).
#[pyclass(
    name = "MatchScore",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyMatchScore {
    pub inner: MatchScore,
}

const FIELDS: [&str; 5] = [
    "length",
    "score",
    "crawford",
    "crawford_game",
    "post_crawford",
];

pub(crate) fn score_arg(who: &str, o: &Bound<'_, PyAny>) -> PyResult<ByColor<u32>> {
    let bad = || {
        InvalidInputError::new_err(format!(
            "{who}: score must be a pair (white, black) of ints from 0 to {MAX_SCORE}, not {} \
             (ID-7)",
            repr(o)
        ))
    };
    let is_pair = o.is_instance_of::<PyTuple>() || o.is_instance_of::<pyo3::types::PyList>();
    if !is_pair || o.len().ok() != Some(2) {
        return Err(bad());
    }
    let w = int_in(&o.get_item(0)?, 0, u64::from(MAX_SCORE)).ok_or_else(bad)?;
    let b = int_in(&o.get_item(1)?, 0, u64::from(MAX_SCORE)).ok_or_else(bad)?;
    // Both are at most MAX_SCORE, which fits a u32.
    Ok(ByColor {
        white: u32::try_from(w).map_err(|_| bad())?,
        black: u32::try_from(b).map_err(|_| bad())?,
    })
}

#[pymethods]
impl PyMatchScore {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        const W: &str = "MatchScore";
        if args.len() > 2 {
            return Err(InvalidInputError::new_err(format!(
                "{W}: takes length and score by position, the flags by keyword"
            )));
        }
        let a = collect(W, &FIELDS, args, kwargs)?;
        let length = match &a[0] {
            None => {
                return Err(InvalidInputError::new_err(format!(
                    "{W}: the match length is required (MATCH-1)"
                )))
            }
            Some(o) => int_in(o, 1, u64::from(MAX_MATCH_LENGTH))
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "{W}: length must be an int from 1 to {MAX_MATCH_LENGTH}, not {} \
                         (MATCH-1, ID-7)",
                        repr(o)
                    ))
                })?,
        };
        let score = match &a[1] {
            None => ByColor::default(),
            Some(o) => score_arg(W, o)?,
        };
        let crawford = bool_arg(W, "crawford", a[2].as_ref(), true)?;
        let crawford_game = bool_arg(W, "crawford_game", a[3].as_ref(), false)?;
        let post = match &a[4] {
            None => None,
            Some(o) if o.is_none() => None,
            Some(o) => Some(bool_arg(W, "post_crawford", Some(o), false).map_err(|_| {
                InvalidInputError::new_err(format!(
                    "{W}: post_crawford must be True, False or None, not {}",
                    repr(o)
                ))
            })?),
        };
        MatchScore::from_parts(length, score, crawford, crawford_game, post)
            .map(|inner| PyMatchScore { inner })
            .map_err(|e| InvalidInputError::new_err(format!("{W}: {e}")))
    }

    /// The points needed to win (MATCH-1).
    #[getter]
    fn length(&self) -> u32 {
        self.inner.length
    }

    /// The score as ``(white, black)``; after the last game it may pass the length.
    #[getter]
    fn score(&self) -> (u32, u32) {
        (self.inner.score.white, self.inner.score.black)
    }

    /// True when the Crawford rule is in force (MATCH-3).
    #[getter]
    fn crawford(&self) -> bool {
        self.inner.crawford_rule
    }

    /// True when the next game is the Crawford game: no doubling in it (MATCH-3).
    #[getter]
    fn is_crawford_game(&self) -> bool {
        self.inner.crawford_game
    }

    /// True once the Crawford game is behind, or set up as such (MATCH-4).
    #[getter]
    fn is_post_crawford(&self) -> bool {
        self.inner.post_crawford
    }

    /// True once a player has reached the length (MATCH-1).
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The player who won the match, or ``None`` while it goes on (MATCH-1).
    #[getter]
    fn winner(&self) -> Option<PyColor> {
        self.inner.winner().map(Into::into)
    }

    /// Return ``player``'s score.
    fn score_of(&self, player: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.inner.score[color_arg(player)?])
    }

    /// Return the points ``player`` still needs (0 once they have won).
    fn away(&self, player: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.inner.away(color_arg(player)?))
    }

    /// Return the match after a game won by ``winner`` for ``points``.
    ///
    /// The winner's score grows by the points (MATCH-1, the actual total even past the
    /// length, saturating at 32767) and the Crawford state moves on: the game after the first
    /// one that leaves a player at ``length - 1`` (the other below) is the Crawford game,
    /// every game after it is post-Crawford (MATCH-3, MATCH-4).
    ///
    /// Raises ``InvalidInputError`` when the match is already over (MATCH-1) or for points
    /// that are not an int >= 0.
    fn record(&self, winner: &Bound<'_, PyAny>, points: &Bound<'_, PyAny>) -> PyResult<Self> {
        let w: Color = color_arg(winner)?;
        let p = int_in(points, 0, u64::MAX).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "MatchScore.record: points must be an int >= 0, not {} (SCORE-2)",
                repr(points)
            ))
        })?;
        let p = u32::try_from(p).unwrap_or(u32::MAX);
        self.inner
            .try_record(w, p)
            .map(|inner| PyMatchScore { inner })
            .map_err(|e| InvalidInputError::new_err(format!("Match: {e}")))
    }

    fn __repr__(&self) -> String {
        let m = &self.inner;
        let mut parts = vec![m.length.to_string()];
        if m.score != ByColor::default() {
            parts.push(format!("score=({}, {})", m.score.white, m.score.black));
        }
        if !m.crawford_rule {
            parts.push("crawford=False".into());
        }
        if m.crawford_game {
            parts.push("crawford_game=True".into());
        }
        let top = m.score.white.max(m.score.black);
        let derived = m.crawford_rule && !m.crawford_game && top + 1 >= m.length;
        if m.post_crawford != derived {
            parts.push(format!(
                "post_crawford={}",
                if m.post_crawford { "True" } else { "False" }
            ));
        }
        format!("MatchScore({})", parts.join(", "))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        // The flags are keyword-only in the constructor, so a helper takes them by position.
        let py = slf.py();
        let m = slf.get().inner;
        let module = py.import("gammon._core")?;
        let rebuild = module.getattr("_match_score")?;
        let args = (
            m.length,
            (m.score.white, m.score.black),
            m.crawford_rule,
            m.crawford_game,
            m.post_crawford,
        )
            .into_pyobject(py)?;
        Ok((rebuild, args))
    }
}

/// Rebuilds a pickled ``MatchScore`` (private).
#[pyfunction]
pub fn _match_score(
    length: u32,
    score: (u32, u32),
    crawford: bool,
    crawford_game: bool,
    post_crawford: bool,
) -> PyResult<PyMatchScore> {
    MatchScore::from_parts(
        length,
        ByColor {
            white: score.0,
            black: score.1,
        },
        crawford,
        crawford_game,
        Some(post_crawford),
    )
    .map(|inner| PyMatchScore { inner })
    .map_err(|e| InvalidInputError::new_err(format!("MatchScore: {e}")))
}
