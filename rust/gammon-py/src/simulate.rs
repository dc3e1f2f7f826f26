//! `gammon._core._simulate_match` and `_simulate_money`: whole matches and money games with
//! the cube, run by the core with the GIL released, returning the result classes of
//! `simulation.rs`. The Python layer (`gammon/simulate.py`) shapes the arguments, wraps
//! Python cube policies and drives the runs (executors, checkpoints, the progress bar).
//!
//! Built-in checker and cube policies run in Rust on every core. A Python policy is the slow
//! path: each of its decisions attaches to the interpreter, and such simulations run on one
//! thread. A Python cube policy reaches this module wrapped (`gammon.policies._CubeAdapter`),
//! which turns the user's answers into the plain values and words read here.

use std::sync::Mutex;

use gammon_core::BatchProgress;
use gammon_core::StopReason;
use gammon_core::{simulate_matches, simulate_money, SimConfig, SimRecord, SimSetup, SimTally};
use gammon_core::{Backgammon, ByColor, Color, RulesFamily, StandardReferee, VariantPosition};
use gammon_core::{BackgammonCubePolicy, CubeContext, CubePolicy, CubePolicyKind, Response};
use gammon_core::{BackgammonPolicy, PolicyStop};
use gammon_core::{Cube, CubeAnswer, CubeOffer, CubeRules, CubeState};
use gammon_core::{CubefulRules, Scoreboard};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::classes::PyPosition;
use crate::cube::{PyCube, PyCubeRules};
use crate::errors::{
    cube_answer_error, cube_answer_refused, cube_policy_error, cube_rules_error, cube_word_error,
    simulation_error, simulation_failed, InvalidInputError,
};
use crate::match_score::PyMatchScore;
use crate::rollout::{run_detached, side_policy, SidePolicy};
use crate::run_setup::refuse_python_threads;
use crate::simulation::{setup_of, Depths, PyMatchResult, PyMoneyResult};
use crate::types::PyColor;
use gammon_core::{MAX_CUBE_POLICY_PLIES, MAX_POLICY_PLIES};

/// The match as a `gammon.MatchScore`; `None` in money play.
pub(crate) fn py_board(board: &Scoreboard) -> Option<PyMatchScore> {
    board.as_match().map(|m| PyMatchScore { inner: *m })
}

/// The cube a Python cube policy sees: value, owner, any pending offer and the game's rules.
fn py_cube(ctx: &CubeContext<'_, Backgammon>, offer: Option<CubeOffer>) -> PyCube {
    PyCube {
        inner: Cube {
            value: ctx.cube.value,
            owner: ctx.cube.owner,
            offer,
            rules: *ctx.rules,
        },
    }
}

fn py_position(pos: &Backgammon) -> PyPosition {
    PyPosition {
        inner: VariantPosition::Backgammon(*pos),
    }
}

pub(crate) fn py_owner(cube: &CubeState) -> Option<PyColor> {
    cube.owner.map(PyColor::from)
}

/// A Python cube policy behind its wrapper (`gammon.policies._CubeAdapter`):
/// `double(position, player, cube, board)` answers a bool, `take(position, player, cube,
/// board)` the policy's word (`"take"`, `"drop"`, `"beaver"` or `"raccoon"`), which the core
/// checks ([`Response::from_answer`]: a beaver or raccoon the rules forbid is an
/// `IllegalCubeActionError` naming the rule). `cube` is a `gammon.Cube` (with the pending
/// offer for `take`) and `board` a `gammon.MatchScore` or `None`. An exception stops the game
/// and is kept to be raised again.
pub(crate) struct PyCubePolicy {
    obj: Py<PyAny>,
    error: Mutex<Option<PyErr>>,
}

impl PyCubePolicy {
    fn call<T>(&self, f: impl FnOnce(Python<'_>) -> PyResult<T>) -> Result<T, PolicyStop> {
        Python::attach(|py| {
            f(py).map_err(|e| {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(e);
                }
                PolicyStop
            })
        })
    }

    fn take_error(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut g| g.take())
    }
}

impl CubePolicy<Backgammon> for PyCubePolicy {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        self.call(|py| {
            py.check_signals()?;
            let answer = self.obj.bind(py).call_method1(
                "double",
                (
                    py_position(ctx.position),
                    PyColor::from(ctx.player),
                    py_cube(ctx, None),
                    py_board(ctx.board),
                ),
            )?;
            answer
                .extract::<bool>()
                .map_err(|_| cube_answer_error("a double() that is not a bool"))
        })
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        _may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        self.call(|py| {
            py.check_signals()?;
            let adapter = self.obj.bind(py);
            let answer = adapter.call_method1(
                "take",
                (
                    py_position(ctx.position),
                    PyColor::from(ctx.player),
                    py_cube(ctx, Some(*offer)),
                    py_board(ctx.board),
                ),
            )?;
            let word: String = answer
                .extract()
                .map_err(|_| cube_answer_error("a take() that is not a word"))?;
            let who = || -> String {
                adapter
                    .getattr("name")
                    .and_then(|n| n.extract())
                    .unwrap_or_else(|_| "CubePolicy".to_owned())
            };
            let answer: CubeAnswer = word.parse().map_err(|e| cube_word_error(&who(), &e))?;
            Response::from_answer(answer, ctx, offer)
                .map_err(|e| cube_answer_refused(&e, &who(), &word))
        })
    }
}

/// A side's cube policy: built into the core, or a Python object.
pub(crate) enum SideCube {
    Builtin(BackgammonCubePolicy),
    Python(PyCubePolicy),
}

impl CubePolicy<Backgammon> for SideCube {
    #[inline]
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        match self {
            SideCube::Builtin(b) => b.offer_double(ctx),
            SideCube::Python(p) => p.offer_double(ctx),
        }
    }

    #[inline]
    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        match self {
            SideCube::Builtin(b) => b.respond(ctx, offer, may_redouble),
            SideCube::Python(p) => p.respond(ctx, offer, may_redouble),
        }
    }
}

impl SideCube {
    /// The policy deciding `plies` deep where it is the net's (the setup checked that only
    /// the net's cube policy is asked to search).
    pub(crate) fn with_plies(self, plies: u32) -> SideCube {
        match self {
            SideCube::Builtin(b) => SideCube::Builtin(b.with_plies(plies)),
            python => python,
        }
    }

    pub(crate) fn is_python(&self) -> bool {
        matches!(self, SideCube::Python(_))
    }

    pub(crate) fn take_error(&self) -> Option<PyErr> {
        match self {
            SideCube::Python(p) => p.take_error(),
            SideCube::Builtin(_) => None,
        }
    }
}

/// Checks that the shipped weights of the `net` cube policy read (they are tested; this turns
/// a damaged build into an `InternalError` rather than another policy).
pub(crate) fn check_cube_weights(kind: CubePolicyKind) -> PyResult<()> {
    if kind == CubePolicyKind::Net {
        crate::net::shipped_cube()?;
    }
    Ok(())
}

/// Reads one side's cube policy: a built-in name, a `gammon.Net` (Janowski's model over its
/// probabilities, as `"net"` is over the shipped nets') or a wrapped Python policy.
pub(crate) fn side_cube(
    obj: &Bound<'_, PyAny>,
    variant: gammon_core::Variant,
) -> PyResult<SideCube> {
    if let Ok(net) = obj.cast::<crate::net::PyNet>() {
        let cube = net.get().cube_policy(variant)?;
        return Ok(SideCube::Builtin(BackgammonCubePolicy::Net(cube)));
    }
    if let Ok(name) = obj.cast::<PyString>() {
        let kind: CubePolicyKind = name.to_cow()?.parse().map_err(|e| cube_policy_error(&e))?;
        kind.check(variant).map_err(|e| cube_policy_error(&e))?;
        check_cube_weights(kind)?;
        return Ok(SideCube::Builtin(kind.into()));
    }
    if obj.hasattr("double")? && obj.hasattr("take")? {
        return Ok(SideCube::Python(PyCubePolicy {
            obj: obj.clone().unbind(),
            error: Mutex::new(None),
        }));
    }
    Err(InvalidInputError::new_err(format!(
        "a cube policy is a name (never, race, net), a gammon.Net or an object with double(view) and take(view) methods, not {}",
        obj.repr().map(|r| r.to_string()).unwrap_or_default()
    )))
}

/// The session's cube rules, a `gammon.CubeRules` (validated when it was made).
pub(crate) fn cube_rules_arg(rules: PyCubeRules) -> PyResult<CubeRules> {
    rules.inner.validate().map_err(|e| cube_rules_error(&e))
}

/// Refuses a search depth beyond `max`, or above 0 for a policy that does not search
/// (`searches` false), naming the setting, the depth and the policy.
fn check_depth(
    setting: &'static str,
    plies: u32,
    max: u32,
    searches: bool,
    policy: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let why = if plies > max {
        "is too deep".to_owned()
    } else if plies > 0 && !searches {
        let name = match policy.cast::<PyString>() {
            Ok(s) => s.to_string(),
            Err(_) => crate::run_setup::object_name(policy),
        };
        format!("cannot be searched by the policy {}", repr_name(&name))
    } else {
        return Ok(());
    };
    Err(simulation_error(&gammon_core::SimulationError::Plies {
        setting,
        plies,
        why,
        max,
    }))
}

/// `'name'`, bounded, as the messages quote a policy.
fn repr_name(name: &str) -> String {
    crate::errors::bounded(gammon_core::py_quoted(name))
}

/// Both players: `((checker, cube), (checker, cube))`, the first plays White.
pub(crate) type PlayersArg<'py> = (
    (Bound<'py, PyAny>, Bound<'py, PyAny>),
    (Bound<'py, PyAny>, Bound<'py, PyAny>),
);

/// Everything a simulation needs, read from the Python arguments.
pub(crate) struct Contest {
    pub(crate) start: Backgammon,
    pub(crate) variant: gammon_core::Variant,
    checkers: [SidePolicy<BackgammonPolicy>; 2],
    cubes: [SideCube; 2],
    pub(crate) cube_rules: CubeRules,
}

impl Contest {
    /// The contest of `players` (each searching as `depths` say: `(plies, cube_plies)`, each a
    /// pair). A depth above 0 asked of a policy other than the net's is refused by name.
    pub(crate) fn read(
        variant: &Bound<'_, PyAny>,
        players: &PlayersArg<'_>,
        rules: PyCubeRules,
        depths: Depths,
    ) -> PyResult<Self> {
        let variant = crate::convert::variant_or_default(variant)?;
        if variant.family() != RulesFamily::Backgammon {
            return Err(simulation_error(&gammon_core::SimulationError::NoCube(
                variant,
            )));
        }
        let Some(start) = Backgammon::start(variant, Color::White) else {
            return Err(InvalidInputError::new_err(format!(
                "no start position for {variant}"
            )));
        };
        let ((c0, k0), (c1, k1)) = players;
        let [r0, r1] = crate::simulation::prune_of(&depths);
        let ((p0, p1), (q0, q1), _) = depths;
        let checker = |obj: &Bound<'_, PyAny>, plies: u32, prune: u32| {
            let side = side_policy(obj, variant, BackgammonPolicy::from)?;
            let searches = matches!(side, SidePolicy::Builtin(BackgammonPolicy::Net(_)));
            check_depth("plies", plies, MAX_POLICY_PLIES, searches, obj)?;
            Ok::<_, PyErr>(side.with_search(plies, prune))
        };
        let cube = |obj: &Bound<'_, PyAny>, plies: u32| {
            let side = side_cube(obj, variant)?;
            let searches = matches!(side, SideCube::Builtin(BackgammonCubePolicy::Net(_)));
            check_depth("cube_plies", plies, MAX_CUBE_POLICY_PLIES, searches, obj)?;
            Ok::<_, PyErr>(side.with_plies(plies))
        };
        Ok(Contest {
            start,
            variant,
            checkers: [checker(c0, p0, r0)?, checker(c1, p1, r1)?],
            cubes: [cube(k0, q0)?, cube(k1, q1)?],
            cube_rules: cube_rules_arg(rules)?,
        })
    }

    pub(crate) fn rules(
        &self,
    ) -> CubefulRules<'_, StandardReferee, SidePolicy<BackgammonPolicy>, SideCube> {
        CubefulRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: &self.checkers[0],
                black: &self.checkers[1],
            },
            cube_policies: ByColor {
                white: &self.cubes[0],
                black: &self.cubes[1],
            },
            cube_rules: self.cube_rules,
        }
    }

    fn any_python(&self) -> bool {
        self.checkers.iter().any(SidePolicy::is_python)
            || self.cubes.iter().any(|c| matches!(c, SideCube::Python(_)))
    }

    /// The simulation settings; a Python policy means one thread (each decision attaches
    /// to the interpreter).
    fn config(
        &self,
        seed: u64,
        threads: usize,
        chunk_size: u64,
        record: bool,
        max_seconds: Option<f64>,
        target_std_error: Option<f64>,
    ) -> SimConfig {
        SimConfig {
            seed,
            threads: if self.any_python() { 1 } else { threads },
            chunk_size,
            record,
            max_seconds,
            target_std_error,
        }
    }

    /// The exceptions the Python policies raised, in order.
    pub(crate) fn errors(&self) -> Vec<PyErr> {
        self.checkers
            .iter()
            .filter_map(SidePolicy::take_error)
            .chain(self.cubes.iter().filter_map(SideCube::take_error))
            .collect()
    }
}

/// Runs a simulation of `setup` (the core's `simulate_*` in `play`) with the GIL released and
/// returns its record: progress goes to `callback` as `(done, total, estimate, std_error,
/// elapsed)` with the items and the estimate of `base` (a result already held) included.
#[allow(clippy::too_many_arguments)]
fn run_simulation<T, R>(
    py: Python<'_>,
    contest: &Contest,
    setup: SimSetup,
    items: std::ops::Range<u64>,
    base: Option<T>,
    callback: Option<&Py<PyAny>>,
    play: impl FnOnce(
            &mut dyn FnMut(
                &BatchProgress<'_, gammon_core::SimTotals<T, R>>,
            ) -> std::ops::ControlFlow<()>,
        ) -> Result<gammon_core::SimRun<T, R>, gammon_core::SimulationError>
        + Send,
) -> PyResult<SimRecord<T, R>>
where
    T: SimTally + Sync,
    R: gammon_core::SimRecords<Item = T::Item> + Send,
{
    let item = setup.format.item();
    let (base_count, base_tally) = (base.map_or(0, |b| b.count()), base.unwrap_or_default());
    let (out, interrupted) = run_detached(
        py,
        callback,
        |report| {
            let mut progress = |p: &BatchProgress<'_, gammon_core::SimTotals<T, R>>| {
                let mut t = p.totals.tally;
                t.merge(&base_tally);
                let (est, se) = t.estimate();
                report((
                    p.done + base_count,
                    p.total,
                    est,
                    se,
                    p.elapsed.as_secs_f64(),
                ))
            };
            play(&mut progress).map_err(|e| simulation_error(&e))
        },
        |r| r.stop,
        || contest.errors(),
        |i, e| simulation_failed(item, i, e),
    )?;
    let requested = items.end - items.start;
    let mut record = SimRecord::from_run(setup, out, requested);
    if interrupted || matches!(record.stop, StopReason::Failed(..)) {
        record.stop = StopReason::Interrupted;
    }
    Ok(record)
}

/// Plays matches ``first`` .. ``end`` of a simulation to ``length`` points and returns a
/// ``MatchResult`` (``gammon.simulate_match`` drives it). ``players`` is a pair of (checker
/// policy, cube policy), the first plays White; ``names`` their short names and
/// ``player_objects`` the ``gammon.Player`` values the result shows. ``base``: a result
/// already held, whose matches the progress reports include. ``depths``: ``(plies,
/// cube_plies)``, each a pair (first player, second player): how deep the net's checker play
/// and cube decisions search.
///
/// Raises ``InvalidInputError`` for bad settings or policies, ``InternalError`` when a match
/// cannot be finished, and whatever a Python policy or the callback raises (except
/// ``KeyboardInterrupt``, which ends the simulation as interrupted).
#[pyfunction]
#[pyo3(signature = (variant, length, crawford, players, cube_rules, first, end, *, names, player_objects, seed, record, threads=None, chunk_size=gammon_core::DEFAULT_MATCH_CHUNK, max_seconds=None, target_std_error=None, callback=None, base=None, depths=crate::simulation::NO_SEARCH))]
#[allow(clippy::too_many_arguments)]
pub fn _simulate_match<'py>(
    py: Python<'py>,
    variant: Bound<'py, PyAny>,
    length: u32,
    crawford: bool,
    players: PlayersArg<'py>,
    cube_rules: PyCubeRules,
    first: u64,
    end: u64,
    names: (String, String),
    player_objects: Py<PyAny>,
    seed: u64,
    record: bool,
    threads: Option<usize>,
    chunk_size: u64,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    base: Option<PyRef<'py, PyMatchResult>>,
    depths: Depths,
) -> PyResult<PyMatchResult> {
    let contest = Contest::read(&variant, &players, cube_rules, depths)?;
    refuse_python_threads(threads, contest.any_python())?;
    let setup = setup_of(
        contest.variant,
        Some(length),
        crawford,
        names,
        seed,
        contest.cube_rules,
        depths,
    );
    setup.validate().map_err(|e| simulation_error(&e))?;
    let config = contest.config(
        seed,
        threads.unwrap_or(0),
        chunk_size,
        record,
        max_seconds,
        target_std_error,
    );
    let rules = contest.rules();
    let start = contest.start;
    let rec = run_simulation(
        py,
        &contest,
        setup,
        first..end,
        base.map(|b| b.inner.tally),
        callback.as_ref(),
        |progress| {
            simulate_matches(
                &start,
                &rules,
                length,
                crawford,
                first..end,
                &config,
                progress,
            )
        },
    )?;
    PyMatchResult::new(py, rec, player_objects)
}

/// Plays money games ``first`` .. ``end`` of a simulation and returns a ``MoneyResult``
/// (``gammon.simulate_money`` drives it), from the first player's side. The arguments are
/// those of ``_simulate_match``.
///
/// Raises as ``_simulate_match``.
#[pyfunction]
#[pyo3(signature = (variant, players, cube_rules, first, end, *, names, player_objects, seed, record, threads=None, chunk_size=gammon_core::DEFAULT_GAME_CHUNK, max_seconds=None, target_std_error=None, callback=None, base=None, depths=crate::simulation::NO_SEARCH))]
#[allow(clippy::too_many_arguments)]
pub fn _simulate_money<'py>(
    py: Python<'py>,
    variant: Bound<'py, PyAny>,
    players: PlayersArg<'py>,
    cube_rules: PyCubeRules,
    first: u64,
    end: u64,
    names: (String, String),
    player_objects: Py<PyAny>,
    seed: u64,
    record: bool,
    threads: Option<usize>,
    chunk_size: u64,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    base: Option<PyRef<'py, PyMoneyResult>>,
    depths: Depths,
) -> PyResult<PyMoneyResult> {
    let contest = Contest::read(&variant, &players, cube_rules, depths)?;
    refuse_python_threads(threads, contest.any_python())?;
    let setup = setup_of(
        contest.variant,
        None,
        false,
        names,
        seed,
        contest.cube_rules,
        depths,
    );
    setup.validate().map_err(|e| simulation_error(&e))?;
    let config = contest.config(
        seed,
        threads.unwrap_or(0),
        chunk_size,
        record,
        max_seconds,
        target_std_error,
    );
    let rules = contest.rules();
    let start = contest.start;
    let rec = run_simulation(
        py,
        &contest,
        setup,
        first..end,
        base.map(|b| b.inner.tally),
        callback.as_ref(),
        |progress| simulate_money(&start, &rules, first..end, &config, progress),
    )?;
    PyMoneyResult::new(py, rec, player_objects)
}
