//! A rollout with the doubling cube in play (the core's `cubeful_rollout`), run with the GIL
//! released, and its statistics as Python sees them (`gammon._core.CubefulTally`).

use std::ops::ControlFlow;

use gammon_core::{cubeful_rollout, CubefulProgress, CubefulRun, CubefulTally};
use gammon_core::{BackgammonPolicy, ByColor, Color, CubeState, StandardReferee};
use gammon_core::{CubefulRules, Position, VariantPosition, WIN_KINDS};
use pyo3::prelude::*;

use crate::errors::{game_error, simulation_error, InvalidInputError};
use crate::rollout::{run_detached, side_policy, Settings, SidePolicy};
use crate::run_setup::PySetup;
use crate::simulate::{side_cube, SideCube};

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

/// Plays games ``settings.first .. settings.end`` of the cubeful money rollout `setup`;
/// returns the core's run and whether it was interrupted. Progress reports the equity per
/// initial cube of the games merged with ``settings.base``.
pub(crate) fn run_cubeful(
    py: Python<'_>,
    setup: &PySetup,
    settings: &Settings<CubefulTally>,
    callback: Option<&Py<PyAny>>,
) -> PyResult<(CubefulRun, bool)> {
    let s = &setup.inner;
    let (VariantPosition::Backgammon(start), Some(cube)) = (s.position, &s.cube) else {
        return Err(InvalidInputError::new_err(
            "a cubeful rollout needs a backgammon variant and a cube",
        ));
    };
    let variant = s.variant();
    let checkers: [SidePolicy<BackgammonPolicy>; 2] = [
        side_policy(&setup.policy_object(py, 0), variant, BackgammonPolicy::from)?
            .with_plies(s.plies[0]),
        side_policy(&setup.policy_object(py, 1), variant, BackgammonPolicy::from)?
            .with_plies(s.plies[1]),
    ];
    let cube_object = |side| {
        setup
            .cube_object(py, side)
            .ok_or_else(|| InvalidInputError::new_err("a cubeful rollout needs cube policies"))
    };
    let cubes: [SideCube; 2] = [
        side_cube(&cube_object(0)?, variant)?.with_plies(cube.plies[0]),
        side_cube(&cube_object(1)?, variant)?.with_plies(cube.plies[1]),
    ];
    let rules = cube
        .rules
        .validate()
        .map_err(|e| crate::errors::cube_rules_error(&e))?;
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
    let mut config = settings.config;
    let python =
        checkers.iter().any(SidePolicy::is_python) || cubes.iter().any(SideCube::is_python);
    if python {
        config.threads = 1;
    }
    let state = CubeState {
        value: cube.value,
        owner: cube.owner,
    };
    let unit = f64::from(cube.value.max(1));
    let base = settings.base;
    let range = settings.first..settings.end;
    run_detached(
        py,
        callback,
        |report| {
            let mut progress = |p: &CubefulProgress<'_>| -> ControlFlow<()> {
                let mut t = base;
                t.merge(p.tally);
                report((
                    t.games,
                    p.total,
                    t.points_per_game() / unit,
                    t.std_error() / unit,
                    p.elapsed.as_secs_f64(),
                ))
            };
            cubeful_rollout(&start, &cubeful, state, range, &config, &mut progress)
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
    )
}
