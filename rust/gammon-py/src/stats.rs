//! The run statistics as Python sees them: `gammon._core.Tally` (a rollout's),
//! `MatchTally` and `MoneyTally` (a simulation's). Thin wrappers over the core's tallies,
//! which own the sums, the estimates, their errors and the merge; the result classes of
//! `gammon.rollout` and `gammon.simulate` present them.

use gammon_core::{std_error_of_mean, ByColor, Color, MatchTally, MoneyTally, Tally, WIN_KINDS};
use pyo3::prelude::*;

use crate::errors::InvalidInputError;

/// Reads a side: 0 the first side (on roll at the start, or the first player), 1 the other.
fn side_arg(side: usize) -> PyResult<usize> {
    if side > 1 {
        return Err(InvalidInputError::new_err(format!(
            "side must be 0 or 1, not {side}"
        )));
    }
    Ok(side)
}

fn color_of(side: usize) -> Color {
    if side == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The sums of a [`Tally`] as pickled: games, wins, draws, points, points², plies, settled
/// games, luck.
type TallySums = (
    u64,
    [[u128; WIN_KINDS]; 2],
    u128,
    i128,
    u128,
    u64,
    u64,
    i128,
);

/// The sums of a [`MatchTally`] as pickled: matches, wins, games, games², Crawford games,
/// drops, doubles, points, plies.
type MatchSums = (u64, (u64, u64), u64, u128, u64, u64, u64, (u64, u64), u64);

/// The sums of a [`MoneyTally`] as pickled: games, points, points², wins, drops, draws,
/// cube, doubles, plies.
type MoneySums = (
    u64,
    i128,
    u128,
    ([u64; WIN_KINDS], [u64; WIN_KINDS]),
    (u64, u64),
    u64,
    u64,
    u64,
    u64,
);

/// Streaming statistics of a rollout, from the side of the player on roll at the start
/// (side 0; the opponent is side 1), as exact integer sums in fixed point (``ONE`` = one
/// game). Immutable; ``merge`` adds two tallies.
#[pyclass(frozen, eq, hash, name = "Tally", module = "gammon._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyTally {
    pub(crate) inner: Tally,
}

#[pymethods]
impl PyTally {
    /// Builds a tally from its sums and checks that they can come from ``games`` games
    /// (raises ``InvalidInputError`` naming the sum that does not add up).
    #[new]
    #[pyo3(signature = (*, games, win, draw, points, points_sq, plies, settled, luck=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        games: u64,
        win: [[u128; WIN_KINDS]; 2],
        draw: u128,
        points: i128,
        points_sq: u128,
        plies: u64,
        settled: u64,
        luck: i128,
    ) -> PyResult<Self> {
        let inner = Tally {
            games,
            win,
            draw,
            points,
            points_sq,
            plies,
            settled,
            luck,
        };
        inner
            .validate()
            .map_err(|e| InvalidInputError::new_err(format!("Tally: {e}")))?;
        Ok(PyTally { inner })
    }

    /// Games counted.
    #[getter]
    fn games(&self) -> u64 {
        self.inner.games
    }

    /// Wins of each side by class (single, gammon, backgammon, Oin, Mars, Koks), in units of
    /// 1/``ONE`` of a game.
    #[getter]
    fn win(&self) -> [[u128; WIN_KINDS]; 2] {
        self.inner.win
    }

    /// Draws, in units of 1/``ONE``.
    #[getter]
    fn draw(&self) -> u128 {
        self.inner.draw
    }

    /// Side 0's net points, in units of 1/``ONE`` (less the luck of the dice with variance
    /// reduction).
    #[getter]
    fn points(&self) -> i128 {
        self.inner.points
    }

    /// With variance reduction, side 0's luck summed over the games (already taken off
    /// ``points``), in units of 1/``ONE``; 0 without.
    #[getter]
    fn luck(&self) -> i128 {
        self.inner.luck
    }

    /// The sum of the squares of side 0's per-game points, in units of 1/``ONE``².
    #[getter]
    fn points_sq(&self) -> u128 {
        self.inner.points_sq
    }

    /// Turns played in all games.
    #[getter]
    fn plies(&self) -> u64 {
        self.inner.plies
    }

    /// Games settled early rather than played out.
    #[getter]
    fn settled(&self) -> u64 {
        self.inner.settled
    }

    /// Side 0's mean net points per game (NaN for no games).
    #[getter]
    fn equity(&self) -> f64 {
        self.inner.equity()
    }

    /// The standard error of ``equity`` (infinite below two games).
    #[getter]
    fn std_error(&self) -> f64 {
        self.inner.std_error()
    }

    /// The share of games ``side`` won in one of the classes ``kinds`` (NaN for no games).
    fn share(&self, side: usize, kinds: Vec<usize>) -> PyResult<f64> {
        if let Some(k) = kinds.iter().find(|&&k| k >= WIN_KINDS) {
            return Err(InvalidInputError::new_err(format!(
                "a class index is 0 to {}, not {k}",
                WIN_KINDS - 1
            )));
        }
        Ok(self.inner.share(side_arg(side)?, &kinds))
    }

    /// The share of drawn games (NaN for no games).
    #[getter]
    fn draw_share(&self) -> f64 {
        self.inner.draw_share()
    }

    /// Both tallies' games together (exact: in any order the same sums).
    fn merge(&self, other: &PyTally) -> PyTally {
        let mut inner = self.inner;
        inner.merge(&other.inner);
        PyTally { inner }
    }

    /// Pickling: ``Tally._restore`` and the sums (checked again when read back).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (TallySums,))> {
        let t = slf.get().inner;
        let sums = (
            t.games,
            t.win,
            t.draw,
            t.points,
            t.points_sq,
            t.plies,
            t.settled,
            t.luck,
        );
        Ok((slf.getattr("_restore")?, (sums,)))
    }

    /// Rebuilds a pickled tally (unpickling only); its sums are checked.
    #[staticmethod]
    fn _restore(sums: TallySums) -> PyResult<PyTally> {
        let (games, win, draw, points, points_sq, plies, settled, luck) = sums;
        PyTally::new(games, win, draw, points, points_sq, plies, settled, luck)
    }

    fn __repr__(&self) -> String {
        format!(
            "Tally(games={}, equity={}, std_error={})",
            self.inner.games,
            self.inner.equity(),
            self.inner.std_error()
        )
    }
}

/// Streaming statistics of simulated matches (the first player is side 0, White): exact
/// integer sums. Immutable; ``merge`` adds two tallies.
#[pyclass(frozen, eq, hash, name = "MatchTally", module = "gammon._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMatchTally {
    pub(crate) inner: MatchTally,
}

#[pymethods]
impl PyMatchTally {
    /// Matches counted.
    #[getter]
    fn matches(&self) -> u64 {
        self.inner.matches
    }

    /// Matches won by the first and the second player.
    #[getter]
    fn wins(&self) -> (u64, u64) {
        (self.inner.wins.white, self.inner.wins.black)
    }

    /// Games played in all matches.
    #[getter]
    fn games(&self) -> u64 {
        self.inner.games
    }

    /// The sum of the squares of the games per match.
    #[getter]
    fn games_sq(&self) -> u128 {
        self.inner.games_sq
    }

    /// Crawford games played (at most one a match).
    #[getter]
    fn crawford_games(&self) -> u64 {
        self.inner.crawford_games
    }

    /// Games ended by a dropped double.
    #[getter]
    fn drops(&self) -> u64 {
        self.inner.drops
    }

    /// Cube offers made.
    #[getter]
    fn doubles(&self) -> u64 {
        self.inner.doubles
    }

    /// Points scored by each player over all matches.
    #[getter]
    fn points(&self) -> (u64, u64) {
        (self.inner.points.white, self.inner.points.black)
    }

    /// Turns played in all games.
    #[getter]
    fn plies(&self) -> u64 {
        self.inner.plies
    }

    /// The share of matches ``side`` won (NaN for no matches).
    fn win_share(&self, side: usize) -> PyResult<f64> {
        Ok(self.inner.win_share(color_of(side_arg(side)?)))
    }

    /// The standard error of ``win_share`` (the same for both sides).
    #[getter]
    fn std_error(&self) -> f64 {
        self.inner.std_error()
    }

    /// The average number of games a match took (NaN for no matches).
    #[getter]
    fn games_per_match(&self) -> f64 {
        self.inner.games_per_match()
    }

    /// The standard error of ``games_per_match``.
    #[getter]
    fn games_per_match_std_error(&self) -> f64 {
        let t = &self.inner;
        std_error_of_mean(t.matches, t.games as f64, t.games_sq as f64)
    }

    /// Both tallies' matches together.
    fn merge(&self, other: &PyMatchTally) -> PyMatchTally {
        let mut inner = self.inner;
        gammon_core::SimTally::merge(&mut inner, &other.inner);
        PyMatchTally { inner }
    }

    /// Pickling: ``MatchTally._restore`` and the sums (a tally travels to and from the
    /// workers of a distributed simulation).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (MatchSums,))> {
        let t = slf.get().inner;
        let sums = (
            t.matches,
            (t.wins.white, t.wins.black),
            t.games,
            t.games_sq,
            t.crawford_games,
            t.drops,
            t.doubles,
            (t.points.white, t.points.black),
            t.plies,
        );
        Ok((slf.getattr("_restore")?, (sums,)))
    }

    /// Rebuilds a tally from the sums of ``__reduce__`` (unpickling only).
    #[staticmethod]
    fn _restore(sums: MatchSums) -> PyMatchTally {
        let (matches, wins, games, games_sq, crawford_games, drops, doubles, points, plies) = sums;
        PyMatchTally {
            inner: MatchTally {
                matches,
                wins: ByColor {
                    white: wins.0,
                    black: wins.1,
                },
                games,
                games_sq,
                crawford_games,
                drops,
                doubles,
                points: ByColor {
                    white: points.0,
                    black: points.1,
                },
                plies,
            },
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "MatchTally(matches={}, wins={:?})",
            self.inner.matches,
            (self.inner.wins.white, self.inner.wins.black)
        )
    }
}

/// Streaming statistics of simulated money games, from the first player's (White's) side:
/// exact integer sums. Immutable; ``merge`` adds two tallies.
#[pyclass(frozen, eq, hash, name = "MoneyTally", module = "gammon._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMoneyTally {
    pub(crate) inner: MoneyTally,
}

#[pymethods]
impl PyMoneyTally {
    /// Games counted.
    #[getter]
    fn games(&self) -> u64 {
        self.inner.games
    }

    /// The first player's net points (cube included).
    #[getter]
    fn points(&self) -> i128 {
        self.inner.points
    }

    /// The sum of the squares of the first player's per-game points.
    #[getter]
    fn points_sq(&self) -> u128 {
        self.inner.points_sq
    }

    /// Games borne off by each player, by class (single, gammon, backgammon, Oin, Mars,
    /// Koks).
    #[getter]
    fn wins(&self) -> ([u64; WIN_KINDS], [u64; WIN_KINDS]) {
        (self.inner.wins.white, self.inner.wins.black)
    }

    /// Games each player won by a dropped double.
    #[getter]
    fn drops(&self) -> (u64, u64) {
        (self.inner.drops.white, self.inner.drops.black)
    }

    /// Drawn games.
    #[getter]
    fn draws(&self) -> u64 {
        self.inner.draws
    }

    /// The sum of the cube values the games were scored at.
    #[getter]
    fn cube(&self) -> u64 {
        self.inner.cube
    }

    /// Cube offers made.
    #[getter]
    fn doubles(&self) -> u64 {
        self.inner.doubles
    }

    /// Turns played.
    #[getter]
    fn plies(&self) -> u64 {
        self.inner.plies
    }

    /// The first player's average net points per game (NaN for no games).
    #[getter]
    fn points_per_game(&self) -> f64 {
        self.inner.points_per_game()
    }

    /// The standard error of ``points_per_game``.
    #[getter]
    fn std_error(&self) -> f64 {
        self.inner.std_error()
    }

    /// Both tallies' games together.
    fn merge(&self, other: &PyMoneyTally) -> PyMoneyTally {
        let mut inner = self.inner;
        gammon_core::SimTally::merge(&mut inner, &other.inner);
        PyMoneyTally { inner }
    }

    /// Pickling: ``MoneyTally._restore`` and the sums (a tally travels to and from the
    /// workers of a distributed simulation).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (MoneySums,))> {
        let t = slf.get().inner;
        let sums = (
            t.games,
            t.points,
            t.points_sq,
            (t.wins.white, t.wins.black),
            (t.drops.white, t.drops.black),
            t.draws,
            t.cube,
            t.doubles,
            t.plies,
        );
        Ok((slf.getattr("_restore")?, (sums,)))
    }

    /// Rebuilds a tally from the sums of ``__reduce__`` (unpickling only).
    #[staticmethod]
    fn _restore(sums: MoneySums) -> PyMoneyTally {
        let (games, points, points_sq, wins, drops, draws, cube, doubles, plies) = sums;
        PyMoneyTally {
            inner: MoneyTally {
                games,
                points,
                points_sq,
                wins: ByColor {
                    white: wins.0,
                    black: wins.1,
                },
                drops: ByColor {
                    white: drops.0,
                    black: drops.1,
                },
                draws,
                cube,
                doubles,
                plies,
            },
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "MoneyTally(games={}, points={})",
            self.inner.games, self.inner.points
        )
    }
}
