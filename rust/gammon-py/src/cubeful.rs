//! A rollout with the doubling cube in play (the core's `cubeful_rollout`), run with the GIL
//! released, and its statistics as Python sees them (`gammon._core.CubefulTally`).

use std::ops::ControlFlow;

use gammon_core::{cubeful_rollout, CubefulProgress, CubefulRun, CubefulTally};
use gammon_core::{BackgammonPolicy, ByColor, Color, CubeRules, CubeState, StandardReferee};
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
    let players = CubefulPlayers::of(py, setup, "a cubeful rollout")?;
    let cubeful = players.rules(start.turn());
    let mut config = settings.config;
    if players.is_python() {
        config.threads = 1;
    }
    let state = players.state;
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
        || players.take_errors(),
        game_error,
    )
}

/// The players of a cubeful rollout's setup as the core plays them: each side's checker
/// policy and cube policy (with their search depths), the checked cube rules and the cube
/// every game starts with. The cubeful rollout and the cube-decision rollout both play them.
pub(crate) struct CubefulPlayers {
    /// Checker policies: player on roll at the start, opponent.
    checkers: [SidePolicy<BackgammonPolicy>; 2],
    /// Cube policies, in the same order.
    cubes: [SideCube; 2],
    /// The money rules of the cube, checked.
    rules: CubeRules,
    /// The cube every game starts with.
    pub(crate) state: CubeState,
}

impl CubefulPlayers {
    /// The players of `setup`; `what` names the run in the errors (``"a cube rollout"``).
    pub(crate) fn of(py: Python<'_>, setup: &PySetup, what: &str) -> PyResult<CubefulPlayers> {
        let s = &setup.inner;
        let cube = s
            .cube
            .as_ref()
            .ok_or_else(|| InvalidInputError::new_err(format!("{what} needs a cube")))?;
        let variant = s.variant();
        let checker = |side: usize| -> PyResult<SidePolicy<BackgammonPolicy>> {
            Ok(side_policy(
                &setup.policy_object(py, side),
                variant,
                BackgammonPolicy::from,
            )?
            .searched(s, side))
        };
        let cube_side = |side: usize| -> PyResult<SideCube> {
            let object = setup
                .cube_object(py, side)
                .ok_or_else(|| InvalidInputError::new_err(format!("{what} needs cube policies")))?;
            Ok(side_cube(&object, variant)?.with_plies(cube.plies[side]))
        };
        let rules = cube
            .rules
            .validate()
            .map_err(|e| crate::errors::cube_rules_error(&e))?;
        Ok(CubefulPlayers {
            checkers: [checker(0)?, checker(1)?],
            cubes: [cube_side(0)?, cube_side(1)?],
            rules,
            state: CubeState {
                value: cube.value,
                owner: cube.owner,
            },
        })
    }

    /// The core's rules of the games whose player on roll at the start is `on_roll` (the
    /// players are paired as player on roll and opponent; the rules want them by color).
    pub(crate) fn rules(
        &self,
        on_roll: Color,
    ) -> CubefulRules<'_, StandardReferee, SidePolicy<BackgammonPolicy>, SideCube> {
        let (w, b) = if on_roll == Color::White {
            (0, 1)
        } else {
            (1, 0)
        };
        CubefulRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: &self.checkers[w],
                black: &self.checkers[b],
            },
            cube_policies: ByColor {
                white: &self.cubes[w],
                black: &self.cubes[b],
            },
            cube_rules: self.rules,
        }
    }

    /// True when a policy (checker or cube) is written in Python: the games run on one
    /// thread.
    pub(crate) fn is_python(&self) -> bool {
        self.checkers.iter().any(SidePolicy::is_python)
            || self.cubes.iter().any(SideCube::is_python)
    }

    /// The errors the Python policies raised (taken: a second call gives none).
    pub(crate) fn take_errors(&self) -> Vec<PyErr> {
        self.checkers
            .iter()
            .filter_map(SidePolicy::take_error)
            .chain(self.cubes.iter().filter_map(SideCube::take_error))
            .collect()
    }
}
