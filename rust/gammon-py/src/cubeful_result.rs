//! `gammon.CubefulRolloutResult`, the result of a rollout with the cube in play, over the
//! core's `RunRecord`: its shares, cubeful equity and errors, the cube's figures, merge,
//! checkpoint record, pickling, equality and printing.

use gammon_core::{CubefulTally, RunRecord};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::cubeful::PyCubefulTally;
use crate::errors::InvalidInputError;
use crate::run_results::*;
use crate::run_setup::{ObjectsState, PySetup};

/// The keys of ``CubefulRolloutResult.summary``, in order.
const CUBEFUL_SUMMARY: &str = concat!(
    "position variant:position.variant opening policies cube_policies \
     cube_plies:setup.cube_plies cube_value cube_owner jacoby:cube_rules.jacoby \
     beavers:cube_rules.beavers ",
    run_figures!(),
    " won_by_drop lost_by_drop doubled doubles_per_game mean_cube points_per_game equity \
     std_error ci95 mean_plies"
);

// -- CubefulRolloutResult -----------------------------------------------------------------------------

/// The result of a cubeful ``gammon.rollout`` (``cube=`` given): money games with the cube in
/// play for both sides.
///
/// All figures are from the side of the player on roll in ``position`` ("on roll").
/// ``equity`` is the cubeful equity **per initial cube unit**: the mean net points a game,
/// cube included, divided by ``cube_value`` (gnubg's convention: equities per cube);
/// ``points_per_game`` is the same mean in points. The statistics are the core's ``tally``
/// (exact integer sums). Results are equal when their setup, game ranges and statistics are.
#[pyclass(frozen, name = "CubefulRolloutResult", module = "gammon._core")]
pub struct PyCubefulRolloutResult {
    pub(crate) setup: Py<PySetup>,
    pub(crate) record: RunRecord<CubefulTally>,
}

impl PyCubefulRolloutResult {
    pub(crate) fn make(
        _py: Python<'_>,
        setup: Py<PySetup>,
        record: RunRecord<CubefulTally>,
    ) -> Self {
        PyCubefulRolloutResult { setup, record }
    }
}

impl PyCubefulRolloutResult {
    fn with_record(&self, py: Python<'_>, record: RunRecord<CubefulTally>) -> Self {
        PyCubefulRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
        }
    }

    fn cube(&self) -> &gammon_core::CubeSetup {
        // A cubeful record always holds its cube (checked when it was read or made).
        self.record
            .setup
            .cube
            .as_ref()
            .unwrap_or_else(|| unreachable_cube())
    }

    fn share(&self, count: u64) -> f64 {
        let n = self.record.tally.games;
        if n == 0 {
            f64::NAN
        } else {
            count as f64 / n as f64
        }
    }

    fn unit(&self) -> f64 {
        f64::from(self.cube().value.max(1))
    }

    pub(crate) fn of_run(
        setup: Py<PySetup>,
        run: gammon_core::CubefulRun,
        interrupted: bool,
        requested: u64,
    ) -> PyCubefulRolloutResult {
        PyCubefulRolloutResult {
            record: run_record!(setup, run, interrupted, requested),
            setup,
        }
    }
}

fn unreachable_cube() -> &'static gammon_core::CubeSetup {
    static DEFAULT: std::sync::OnceLock<gammon_core::CubeSetup> = std::sync::OnceLock::new();
    DEFAULT.get_or_init(|| gammon_core::CubeSetup {
        policies: [
            gammon_core::CubePolicyName::Builtin(gammon_core::CubePolicyKind::Never),
            gammon_core::CubePolicyName::Builtin(gammon_core::CubePolicyKind::Never),
        ],
        value: 1,
        owner: None,
        rules: gammon_core::CubeRules::default(),
        plies: [0, 0],
    })
}

rollout_result!(PyCubefulRolloutResult, "CubefulRolloutResult",
resume: {
    /// Plays ``games`` more games after the last one played and returns the merged result
    /// (``options`` as for ``RolloutResult.resume``).
},
to_dict: {
    /// A JSON-ready record (``gammon.cubeful-rollout/1``, integers exact, with its SHA-256
    /// check) that ``from_dict`` reads.
},
from_dict: {
    /// Read a record made by ``to_dict``, validated completely (as
    /// ``RolloutResult.from_dict`` does); ``policy`` and ``cube``: the objects of policies
    /// recorded by name only.
} (cube) => attach(None, cube),
{
    /// Names of the checker policies of the player on roll and of the opponent.
    #[getter]
    fn policies(&self) -> (String, String) {
        self.setup.get().policies_names()
    }

    /// Names of the cube policies of the player on roll and of the opponent.
    #[getter]
    fn cube_policies(&self) -> (String, String) {
        let p = &self.cube().policies;
        (p[0].name().to_string(), p[1].name().to_string())
    }

    /// The cube value every game started with.
    #[getter]
    fn cube_value(&self) -> u32 {
        self.cube().value
    }

    /// The player who owned the cube at the start (None: centred).
    #[getter]
    fn cube_owner(&self) -> Option<crate::types::PyColor> {
        self.cube().owner.map(Into::into)
    }

    /// The money session's cube rules (Jacoby, beavers, raccoons, the cap).
    #[getter]
    fn cube_rules(&self) -> crate::cube::PyCubeRules {
        crate::cube::PyCubeRules {
            inner: self.cube().rules,
        }
    }

    /// True when the first roll was an opening roll (never a double, BG-10; no cube action
    /// before it, BG-12).
    #[getter]
    fn opening(&self) -> bool {
        self.record.setup.opening
    }

    /// The core's statistics of the games (exact sums).
    #[getter]
    fn tally(&self) -> PyCubefulTally {
        PyCubefulTally {
            inner: self.record.tally,
        }
    }

    /// The mean net points a game of the player on roll, cube included.
    #[getter]
    fn points_per_game(&self) -> f64 {
        self.record.tally.points_per_game()
    }

    /// The cubeful equity per initial cube unit: points a game over the initial cube.
    #[getter]
    fn equity(&self) -> f64 {
        self.points_per_game() / self.unit()
    }

    /// The standard error of ``equity`` (infinite below two games).
    #[getter]
    fn std_error(&self) -> f64 {
        self.record.tally.std_error() / self.unit()
    }

    /// Share of games the player on roll won, by bearing off or by a dropped double.
    #[getter]
    fn win(&self) -> f64 {
        let t = &self.record.tally;
        self.share(t.wins[0].iter().sum::<u64>() + t.drops[0])
    }

    /// Share of games the opponent won, by bearing off or by a dropped double.
    #[getter]
    fn lose(&self) -> f64 {
        let t = &self.record.tally;
        self.share(t.wins[1].iter().sum::<u64>() + t.drops[1])
    }

    /// Share won by the player on roll with a gammon or a backgammon.
    #[getter]
    fn win_gammon(&self) -> f64 {
        let w = &self.record.tally.wins[0];
        self.share(w[1] + w[2])
    }

    /// Share lost with a gammon or a backgammon.
    #[getter]
    fn lose_gammon(&self) -> f64 {
        let w = &self.record.tally.wins[1];
        self.share(w[1] + w[2])
    }

    /// Share won by the player on roll with a backgammon.
    #[getter]
    fn win_backgammon(&self) -> f64 {
        self.share(self.record.tally.wins[0][2])
    }

    /// Share lost with a backgammon.
    #[getter]
    fn lose_backgammon(&self) -> f64 {
        self.share(self.record.tally.wins[1][2])
    }

    /// Share of games the player on roll won because the opponent dropped a double.
    #[getter]
    fn won_by_drop(&self) -> f64 {
        self.share(self.record.tally.drops[0])
    }

    /// Share of games the player on roll lost by dropping the opponent's double.
    #[getter]
    fn lost_by_drop(&self) -> f64 {
        self.share(self.record.tally.drops[1])
    }

    /// Share of games with at least one double.
    #[getter]
    fn doubled(&self) -> f64 {
        self.share(self.record.tally.doubled_games)
    }

    /// Cube offers (doubles, beavers, raccoons) per game.
    #[getter]
    fn doubles_per_game(&self) -> f64 {
        self.share(self.record.tally.doubles)
    }

    /// The mean cube value the games were scored at.
    #[getter]
    fn mean_cube(&self) -> f64 {
        self.share(self.record.tally.cube)
    }

    /// Average turns per game.
    #[getter]
    fn mean_plies(&self) -> f64 {
        self.share(self.record.tally.plies)
    }

    /// Combine both rollouts' games (ranges of one rollout run apart, ``first_game=``).
    /// Exact: merging in any order gives the same totals. Raises ``InvalidInputError`` when
    /// the rollouts differ in anything that decides their games (naming it) or when their
    /// games overlap.
    fn merge(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyCubefulRolloutResult> {
        let other = other.cast::<PyCubefulRolloutResult>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "a cubeful rollout merges with another cubeful rollout, not {}",
                crate::convert::repr(other)
            ))
        })?;
        Ok(PyCubefulRolloutResult {
            setup: self.setup.clone_ref(py),
            record: merged(&self.record, &other.get().record)?,
        })
    }

    /// The figures as plain JSON-ready values, as ``gammon rollout --cube NAME --json``
    /// prints them: the setup (``position`` by its ID, ``variant``, ``opening``,
    /// ``policies``, ``cube_policies``, ``cube_plies``, ``cube_value``, ``cube_owner``,
    /// ``jacoby``, ``beavers``), how the run went (as ``RolloutResult.summary``), the shares,
    /// ``won_by_drop``, ``lost_by_drop``, ``doubled``, ``doubles_per_game``, ``mean_cube``,
    /// ``points_per_game``, ``equity``, ``std_error``, ``ci95`` and ``mean_plies``.
    fn summary<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        summary_of(slf.as_any(), CUBEFUL_SUMMARY)
    }

    /// One line naming what was rolled out.
    fn describe(&self) -> String {
        let s = &self.record.setup;
        let cube = self.cube();
        let (a, b) = self.policies();
        let (ca, cb) = self.cube_policies();
        let owner = match cube.owner {
            None => "centred".to_string(),
            Some(c) => format!("owned by {}", c.name()),
        };
        let r = &cube.rules;
        let rules: Vec<&str> = [
            ("Jacoby", r.jacoby),
            ("beavers", r.beavers),
            ("raccoons", r.raccoons),
        ]
        .into_iter()
        .filter(|x| x.1)
        .map(|x| x.0)
        .collect();
        let extra = if rules.is_empty() {
            String::new()
        } else {
            format!(", {}", rules.join(", "))
        };
        format!(
            "cubeful rollout of {} ({}, {}, {}, cube policy {}, cube {} {owner}{extra}, seed {})",
            s.position.id(),
            s.variant().name(),
            first_roll_text(s.opening),
            pair_text(&a, &b),
            pair_text(&ca, &cb),
            cube.value,
            s.seed
        )
    }

    fn __str__(&self) -> String {
        let r = &self.record;
        let f4 = |x: f64, w: usize| pad(fixed(x, 4, false), w);
        let (lo, hi) = self.ci95();
        [
            self.describe(),
            stop_line(
                r.tally.games,
                r.games_requested,
                r.stop,
                r.elapsed,
                r.threads,
            ),
            format!(
                "{:10}{:>8}{:>8}{:>12}{:>9}",
                "", "win", "gammon", "backgammon", "by drop"
            ),
            format!(
                "  {:<8}{}{}{}{}",
                "on roll",
                f4(self.win(), 8),
                f4(self.win_gammon(), 8),
                f4(self.win_backgammon(), 12),
                f4(self.won_by_drop(), 9)
            ),
            format!(
                "  {:<8}{}{}{}{}",
                "opponent",
                f4(self.lose(), 8),
                f4(self.lose_gammon(), 8),
                f4(self.lose_backgammon(), 12),
                f4(self.lost_by_drop(), 9)
            ),
            format!(
                "  doubled in {}% of the games, {} cube offers a game, mean final cube {}",
                fixed(100.0 * self.doubled(), 2, false),
                fixed(self.doubles_per_game(), 3, false),
                fixed(self.mean_cube(), 3, false)
            ),
            format!(
                "  cubeful equity {} per initial cube, CI {} .. {}, standard error {}",
                plus_minus(self.equity(), self.std_error()),
                fixed(lo, 4, true),
                fixed(hi, 4, true),
                fixed(self.std_error(), 4, false)
            ),
        ]
        .join("\n")
    }

    /// Pickling: the record's text and the objects that play it.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let state = (me.record.to_json().canonical(), me.setup.get().objects(py)?);
        Ok((
            slf.getattr("_restore")?,
            PyTuple::new(py, [state.into_pyobject(py)?.into_any()])?,
        ))
    }

    /// Rebuilds a pickled result (unpickling only).
    #[staticmethod]
    fn _restore(py: Python<'_>, state: (String, ObjectsState)) -> PyResult<PyCubefulRolloutResult> {
        let (text, objects) = state;
        let record = record_from_text::<CubefulTally>(&text)?;
        let setup = PySetup::with_objects(py, record.setup.clone(), objects);
        Ok(PyCubefulRolloutResult {
            setup: Py::new(py, setup)?,
            record,
        })
    }
});
