//! `gammon._core._cubeful_rollout`: a rollout with the doubling cube in play (the core's
//! `cubeful_rollout`), run with the GIL released. The Python layer (`gammon/rollout.py`,
//! `rollout(..., cube=...)`) validates the arguments, wraps Python cube policies and builds
//! the `gammon.CubefulRolloutResult`.

use std::ops::ControlFlow;

use gammon_core::{cubeful_rollout, CubefulProgress, CubefulTally, RolloutConfig};
use gammon_core::{BackgammonPolicy, ByColor, Color, CubeState, FirstRoll, StandardReferee};
use gammon_core::{CubefulRules, Position, VariantPosition, WIN_KINDS};
use pyo3::prelude::*;

use crate::classes::PyPosition;
use crate::cube::PyCubeRules;
use crate::errors::{game_error, simulation_error, InvalidInputError};
use crate::rollout::{run_detached, side_policy, SidePolicy};
use crate::simulate::{cube_rules_arg, side_cube, sim_run, SideCube};
use crate::stats::PySimulationRun;
use crate::types::PyColor;

/// Streaming statistics of a cubeful rollout, from the side of the player on roll at the
/// start (``on roll``) against the ``opponent``: exact integer sums. Immutable; ``merge`` adds
/// two tallies.
#[pyclass(frozen, eq, hash, name = "CubefulTally", module = "gammon._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCubefulTally {
    pub(crate) inner: CubefulTally,
}

#[pymethods]
impl PyCubefulTally {
    /// Games counted.
    #[getter]
    fn games(&self) -> u64 {
        self.inner.games
    }

    /// The net points of the player on roll, cube included.
    #[getter]
    fn points(&self) -> i128 {
        self.inner.points
    }

    /// The sum of the squares of the per-game points.
    #[getter]
    fn points_sq(&self) -> u128 {
        self.inner.points_sq
    }

    /// Games borne off, won by the player on roll and by the opponent, by class (single,
    /// gammon, backgammon, Oin, Mars, Koks).
    #[getter]
    fn wins(&self) -> ([u64; WIN_KINDS], [u64; WIN_KINDS]) {
        (self.inner.wins[0], self.inner.wins[1])
    }

    /// Games won by a dropped double: by the player on roll, by the opponent.
    #[getter]
    fn drops(&self) -> (u64, u64) {
        (self.inner.drops[0], self.inner.drops[1])
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

    /// Cube offers made (doubles, beavers, raccoons).
    #[getter]
    fn doubles(&self) -> u64 {
        self.inner.doubles
    }

    /// Games with at least one double.
    #[getter]
    fn doubled_games(&self) -> u64 {
        self.inner.doubled_games
    }

    /// Turns played.
    #[getter]
    fn plies(&self) -> u64 {
        self.inner.plies
    }

    /// The mean net points per game of the player on roll (NaN for no games).
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
    fn merge(&self, other: &PyCubefulTally) -> PyCubefulTally {
        let mut inner = self.inner;
        inner.merge(&other.inner);
        PyCubefulTally { inner }
    }

    fn __repr__(&self) -> String {
        format!(
            "CubefulTally(games={}, points={}, doubles={})",
            self.inner.games, self.inner.points, self.inner.doubles
        )
    }
}

/// Plays games ``first`` .. ``end`` of a cubeful money rollout of ``position`` and returns a
/// ``SimulationRun`` whose tally is a ``CubefulTally`` (``gammon.rollout(..., cube=...)``
/// wraps it). ``policies`` and ``cube_policies`` are pairs: the player on roll's, then the
/// opponent's. The cube starts at ``cube_value``, owned by ``cube_owner`` (None: centred),
/// under ``cube_rules`` (money play). Backgammon variants only.
///
/// Raises ``InvalidInputError`` for bad settings or policies, ``InternalError`` when a game
/// cannot be finished, and whatever a Python policy or the callback raises (except
/// ``KeyboardInterrupt``, which ends the rollout as interrupted).
#[pyfunction]
#[pyo3(signature = (position, first, end, policies, cube_policies, cube_rules, cube_value, cube_owner, *, seed, opening, quasi_random, threads, chunk_size, max_seconds=None, target_std_error=None, callback=None))]
#[allow(clippy::too_many_arguments)]
pub fn _cubeful_rollout<'py>(
    py: Python<'py>,
    position: PyPosition,
    first: u64,
    end: u64,
    policies: (Bound<'py, PyAny>, Bound<'py, PyAny>),
    cube_policies: (Bound<'py, PyAny>, Bound<'py, PyAny>),
    cube_rules: PyCubeRules,
    cube_value: u32,
    cube_owner: Option<PyColor>,
    seed: u64,
    opening: bool,
    quasi_random: bool,
    threads: usize,
    chunk_size: u64,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
) -> PyResult<PySimulationRun> {
    let VariantPosition::Backgammon(start) = position.inner else {
        return Err(InvalidInputError::new_err(
            "Long Nardy is played without a doubling cube: a cubeful rollout needs a backgammon variant (leave cube= out)",
        ));
    };
    if chunk_size == 0 {
        return Err(InvalidInputError::new_err("chunk_size must be at least 1"));
    }
    let variant = position.inner.variant();
    let checkers: [SidePolicy<BackgammonPolicy>; 2] = [
        side_policy(&policies.0, variant, BackgammonPolicy::from)?,
        side_policy(&policies.1, variant, BackgammonPolicy::from)?,
    ];
    let cubes: [SideCube; 2] = [
        side_cube(&cube_policies.0, variant)?,
        side_cube(&cube_policies.1, variant)?,
    ];
    let rules = cube_rules_arg(cube_rules)?;
    // The pairs are (player on roll, opponent); the rules want them by color.
    let (w, b) = if start.turn() == Color::White {
        (0, 1)
    } else {
        (1, 0)
    };
    let cubeful = CubefulRules {
        referee: &StandardReferee,
        policies: ByColor {
            white: &checkers[w],
            black: &checkers[b],
        },
        cube_policies: ByColor {
            white: &cubes[w],
            black: &cubes[b],
        },
        cube_rules: rules,
    };
    let mut config = RolloutConfig::new(seed);
    config.first_roll = if opening {
        FirstRoll::Opening
    } else {
        FirstRoll::Any
    };
    config.quasi_random = quasi_random;
    let python =
        checkers.iter().any(SidePolicy::is_python) || cubes.iter().any(SideCube::is_python);
    config.threads = if python { 1 } else { threads };
    config.chunk_size = chunk_size;
    config.max_seconds = max_seconds;
    config.target_std_error = target_std_error;
    let cube = CubeState {
        value: cube_value,
        owner: cube_owner.map(Color::from),
    };
    let unit = f64::from(cube_value.max(1));
    let (run, interrupted) = run_detached(
        py,
        callback.as_ref(),
        |report| {
            let mut progress = |p: &CubefulProgress<'_>| -> ControlFlow<()> {
                let t = p.tally;
                report((
                    p.done,
                    p.total,
                    t.points_per_game() / unit,
                    t.std_error() / unit,
                    p.elapsed.as_secs_f64(),
                ))
            };
            cubeful_rollout(&start, &cubeful, cube, first..end, &config, &mut progress)
                .map_err(|e| simulation_error(&e))
        },
        |r| r.stop,
        || {
            checkers
                .iter()
                .filter_map(SidePolicy::take_error)
                .chain(cubes.iter().filter_map(SideCube::take_error))
                .collect()
        },
        game_error,
    )?;
    let tally = Py::new(py, PyCubefulTally { inner: run.tally })?.into_any();
    Ok(sim_run(
        &run.games,
        run.stop,
        run.elapsed,
        run.threads,
        interrupted,
        tally,
        None,
    ))
}
