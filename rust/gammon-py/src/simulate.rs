//! `gammon._core._simulate_match`, `_simulate_money` and `_simulate_log`: whole matches and
//! money games with the cube, run by the core with the GIL released. The Python layer
//! (`gammon/simulate.py`) validates the arguments, wraps Python cube policies and builds the
//! result objects.
//!
//! Built-in checker and cube policies run in Rust on every core. A Python policy is the slow
//! path: each of its decisions attaches to the interpreter, and such simulations run on one
//! thread. A Python cube policy reaches this module wrapped (`gammon.simulate._CubeAdapter`),
//! which turns the user's answers into the plain values read here.

use gammon_core::PlayText;
use std::sync::Mutex;

use gammon_core::BatchProgress;
use gammon_core::{
    play_indexed_match, play_indexed_money_game, simulate_matches, simulate_money, MatchTotals,
    MoneyTotals, SimConfig, SimRun, SimulationError,
};
use gammon_core::{
    Backgammon, ByColor, Color, GameRunner, RulesFamily, StandardReferee, VariantPosition,
};
use gammon_core::{BackgammonCubePolicy, CubeContext, CubePolicy, CubePolicyKind, Response};
use gammon_core::{BackgammonPolicy, PolicyStop};
use gammon_core::{CubeOffer, CubeRules, CubeState};
use gammon_core::{CubefulRules, Ending, GameEvent, Observer};
use gammon_core::{MatchScore, Scoreboard};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use crate::classes::PyPosition;
use crate::errors::{
    cube_answer_error, cube_policy_error, cube_rules_error, guard, simulation_error,
    simulation_failed, InvalidInputError,
};
use crate::rollout::{run_detached, side_policy, SidePolicy};
use crate::types::{variant_arg, PyColor};

/// A match as Python's `gammon.Match` is built from it: `(length, white, black,
/// crawford_rule, crawford_game, post_crawford)`; `None` in money play.
type BoardTuple = Option<(u32, u32, u32, bool, bool, bool)>;

fn board_tuple(board: &Scoreboard) -> BoardTuple {
    board.as_match().map(|m| {
        (
            m.length,
            m.score.white,
            m.score.black,
            m.crawford_rule,
            m.crawford_game,
            m.post_crawford,
        )
    })
}

fn py_position(pos: &Backgammon) -> PyPosition {
    PyPosition {
        inner: VariantPosition::Backgammon(*pos),
    }
}

fn py_owner(cube: &CubeState) -> Option<PyColor> {
    cube.owner.map(PyColor::from)
}

/// A Python cube policy behind its wrapper: `double(position, player, value, owner, board)`
/// answers a bool, `take(position, player, value, owner, offer, may_redouble, board)` 0 (take),
/// 1 (drop) or 2 (redouble). An exception stops the game and is kept to be raised again.
struct PyCubePolicy {
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
                    ctx.cube.value,
                    py_owner(&ctx.cube),
                    board_tuple(ctx.board),
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
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        self.call(|py| {
            py.check_signals()?;
            let answer = self.obj.bind(py).call_method1(
                "take",
                (
                    py_position(ctx.position),
                    PyColor::from(ctx.player),
                    ctx.cube.value,
                    py_owner(&ctx.cube),
                    (
                        PyColor::from(offer.doubler),
                        PyColor::from(offer.proposer),
                        offer.value,
                        offer.redoubles,
                    ),
                    may_redouble,
                    board_tuple(ctx.board),
                ),
            )?;
            match answer.extract::<u8>() {
                Ok(0) => Ok(Response::Take),
                Ok(1) => Ok(Response::Drop),
                Ok(2) if may_redouble => Ok(Response::Redouble),
                _ => Err(cube_answer_error("a take() outside 0, 1, 2")),
            }
        })
    }
}

/// A side's cube policy: built into the core, or a Python object.
enum SideCube {
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
    fn take_error(&self) -> Option<PyErr> {
        match self {
            SideCube::Python(p) => p.take_error(),
            SideCube::Builtin(_) => None,
        }
    }
}

/// Reads one side's cube policy: a built-in name or a wrapped Python policy.
fn side_cube(obj: &Bound<'_, PyAny>, variant: gammon_core::Variant) -> PyResult<SideCube> {
    if let Ok(name) = obj.cast::<PyString>() {
        let kind: CubePolicyKind = name.to_cow()?.parse().map_err(|e| cube_policy_error(&e))?;
        kind.check(variant).map_err(|e| cube_policy_error(&e))?;
        return Ok(SideCube::Builtin(kind.into()));
    }
    if obj.hasattr("double")? && obj.hasattr("take")? {
        return Ok(SideCube::Python(PyCubePolicy {
            obj: obj.clone().unbind(),
            error: Mutex::new(None),
        }));
    }
    Err(InvalidInputError::new_err(format!(
        "a cube policy is a name (never, race) or an object with double(view) and take(view) methods, not {}",
        obj.repr().map(|r| r.to_string()).unwrap_or_default()
    )))
}

/// The cube rules as the Python layer passes them: `(max_cube_log2, jacoby, beavers,
/// raccoons, max_beavers, auto_doubles, enabled, refuse_dead_cube, gnubg_raccoon_owner)`.
type RulesTuple = (u8, bool, bool, bool, u32, u8, bool, bool, bool);

fn cube_rules_arg(t: RulesTuple) -> PyResult<CubeRules> {
    let (max_cube_log2, jacoby, beavers, raccoons, max_beavers, auto_doubles, enabled, dead, gnubg) =
        t;
    CubeRules {
        max_cube_log2,
        jacoby,
        beavers,
        raccoons,
        max_beavers,
        auto_doubles,
        enabled,
        refuse_dead_cube: dead,
        gnubg_raccoon_owner: gnubg,
    }
    .validate()
    .map_err(|e| cube_rules_error(&e))
}

/// Both players: `((checker, cube), (checker, cube))`, the first plays White.
type PlayersArg<'py> = (
    (Bound<'py, PyAny>, Bound<'py, PyAny>),
    (Bound<'py, PyAny>, Bound<'py, PyAny>),
);

/// Everything a simulation needs, read from the Python arguments.
struct Contest {
    start: Backgammon,
    checkers: [SidePolicy<BackgammonPolicy>; 2],
    cubes: [SideCube; 2],
    cube_rules: CubeRules,
}

impl Contest {
    fn read(
        variant: &Bound<'_, PyAny>,
        players: &PlayersArg<'_>,
        rules: RulesTuple,
    ) -> PyResult<Self> {
        let variant = variant_arg(variant)?;
        if variant.family() != RulesFamily::Backgammon {
            return Err(InvalidInputError::new_err(format!(
                "{variant} is played without a doubling cube; simulate a backgammon variant (Long Nardy games: gammon.rollout)"
            )));
        }
        let Some(start) = Backgammon::start(variant, Color::White) else {
            return Err(InvalidInputError::new_err(format!(
                "no start position for {variant}"
            )));
        };
        let ((c0, k0), (c1, k1)) = players;
        Ok(Contest {
            start,
            checkers: [
                side_policy(c0, variant, BackgammonPolicy::from)?,
                side_policy(c1, variant, BackgammonPolicy::from)?,
            ],
            cubes: [side_cube(k0, variant)?, side_cube(k1, variant)?],
            cube_rules: cube_rules_arg(rules)?,
        })
    }

    fn rules(&self) -> CubefulRules<'_, StandardReferee, SidePolicy<BackgammonPolicy>, SideCube> {
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
    ) -> SimConfig {
        SimConfig {
            seed,
            threads: if self.any_python() { 1 } else { threads },
            chunk_size,
            record,
            max_seconds,
        }
    }

    /// The exceptions the Python policies raised, in order.
    fn errors(&self) -> Vec<PyErr> {
        self.checkers
            .iter()
            .filter_map(SidePolicy::take_error)
            .chain(self.cubes.iter().filter_map(SideCube::take_error))
            .collect()
    }
}

fn le_bytes<'py, const N: usize, T: Copy>(
    py: Python<'py>,
    values: &[T],
    to: impl Fn(T) -> [u8; N],
) -> Bound<'py, PyBytes> {
    let bytes: Vec<u8> = values.iter().flat_map(|&v| to(v)).collect();
    PyBytes::new(py, &bytes)
}

/// The entries every simulation result has: the range played, why it stopped, the time
/// and the threads.
fn run_dict<'py, T, R>(
    py: Python<'py>,
    run: &SimRun<T, R>,
    interrupted: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("first", run.items.start)?;
    d.set_item("end", run.items.end)?;
    let stop = if interrupted {
        "interrupted"
    } else {
        run.stop.name()
    };
    d.set_item("stop", stop)?;
    d.set_item("elapsed", run.elapsed.as_secs_f64())?;
    d.set_item("threads", run.threads)?;
    Ok(d)
}

/// Plays matches ``first`` .. ``end`` of a simulation to ``length`` points and returns the raw
/// totals as a dict (``gammon.simulate_match`` wraps it). ``players`` is a pair of (checker
/// policy, cube policy); the first plays White.
///
/// Raises ``InvalidInputError`` for bad settings or policies, ``InternalError`` when a match
/// cannot be finished, and whatever a Python policy or the callback raises (except
/// ``KeyboardInterrupt``, which ends the simulation as interrupted).
#[pyfunction]
#[pyo3(signature = (variant, length, crawford, players, cube_rules, *, seed, first, end, threads, chunk_size, record, max_seconds=None, callback=None))]
#[allow(clippy::too_many_arguments)]
pub fn _simulate_match<'py>(
    py: Python<'py>,
    variant: Bound<'py, PyAny>,
    length: u32,
    crawford: bool,
    players: PlayersArg<'py>,
    cube_rules: RulesTuple,
    seed: u64,
    first: u64,
    end: u64,
    threads: usize,
    chunk_size: u64,
    record: bool,
    max_seconds: Option<f64>,
    callback: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let contest = Contest::read(&variant, &players, cube_rules)?;
    let config = contest.config(seed, threads, chunk_size, record, max_seconds);
    let rules = contest.rules();
    let (out, interrupted) = run_detached(
        py,
        callback.as_ref(),
        |report| {
            let mut progress = |p: &BatchProgress<'_, MatchTotals>| {
                let t = &p.totals.tally;
                let (est, se) = (t.win_share(Color::White), t.std_error());
                report((p.done, p.total, est, se, p.elapsed.as_secs_f64()))
            };
            simulate_matches(
                &contest.start,
                &rules,
                length,
                crawford,
                first..end,
                &config,
                &mut progress,
            )
            .map_err(|e| simulation_error(&e))
        },
        |r| r.stop,
        || contest.errors(),
        |i, e| simulation_failed("match", i, e),
    )?;
    let d = run_dict(py, &out, interrupted)?;
    let t = &out.tally;
    d.set_item("matches", t.matches)?;
    d.set_item("wins", (t.wins.white, t.wins.black))?;
    d.set_item("games", t.games)?;
    d.set_item("games_sq", t.games_sq)?;
    d.set_item("crawford_games", t.crawford_games)?;
    d.set_item("drops", t.drops)?;
    d.set_item("doubles", t.doubles)?;
    d.set_item("points", (t.points.white, t.points.black))?;
    d.set_item("plies", t.plies)?;
    if let Some(r) = &out.records {
        let rec = PyDict::new(py);
        rec.set_item("winner", PyBytes::new(py, &r.winner))?;
        rec.set_item("games", le_bytes(py, &r.games, u32::to_le_bytes))?;
        rec.set_item(
            "score_white",
            le_bytes(py, &r.score_white, u32::to_le_bytes),
        )?;
        rec.set_item(
            "score_black",
            le_bytes(py, &r.score_black, u32::to_le_bytes),
        )?;
        rec.set_item(
            "crawford_game",
            le_bytes(py, &r.crawford_game, i32::to_le_bytes),
        )?;
        rec.set_item("drops", le_bytes(py, &r.drops, u32::to_le_bytes))?;
        rec.set_item("doubles", le_bytes(py, &r.doubles, u32::to_le_bytes))?;
        rec.set_item("max_cube", le_bytes(py, &r.max_cube, u32::to_le_bytes))?;
        rec.set_item("plies", le_bytes(py, &r.plies, u64::to_le_bytes))?;
        d.set_item("records", rec)?;
    }
    Ok(d)
}

/// Plays money games ``first`` .. ``end`` of a simulation and returns the raw totals as a
/// dict (``gammon.simulate_money`` wraps it), from the first player's side.
///
/// Raises as ``_simulate_match``.
#[pyfunction]
#[pyo3(signature = (variant, players, cube_rules, *, seed, first, end, threads, chunk_size, record, max_seconds=None, callback=None))]
#[allow(clippy::too_many_arguments)]
pub fn _simulate_money<'py>(
    py: Python<'py>,
    variant: Bound<'py, PyAny>,
    players: PlayersArg<'py>,
    cube_rules: RulesTuple,
    seed: u64,
    first: u64,
    end: u64,
    threads: usize,
    chunk_size: u64,
    record: bool,
    max_seconds: Option<f64>,
    callback: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let contest = Contest::read(&variant, &players, cube_rules)?;
    let config = contest.config(seed, threads, chunk_size, record, max_seconds);
    let rules = contest.rules();
    let (out, interrupted) = run_detached(
        py,
        callback.as_ref(),
        |report| {
            let mut progress = |p: &BatchProgress<'_, MoneyTotals>| {
                let t = &p.totals.tally;
                let (est, se) = (t.points_per_game(), t.std_error());
                report((p.done, p.total, est, se, p.elapsed.as_secs_f64()))
            };
            simulate_money(&contest.start, &rules, first..end, &config, &mut progress)
                .map_err(|e| simulation_error(&e))
        },
        |r| r.stop,
        || contest.errors(),
        |i, e| simulation_failed("game", i, e),
    )?;
    let d = run_dict(py, &out, interrupted)?;
    let t = &out.tally;
    d.set_item("games", t.games)?;
    d.set_item("points", t.points)?;
    d.set_item("points_sq", t.points_sq)?;
    d.set_item("wins", (t.wins.white.to_vec(), t.wins.black.to_vec()))?;
    d.set_item("drops", (t.drops.white, t.drops.black))?;
    d.set_item("draws", t.draws)?;
    d.set_item("cube", t.cube)?;
    d.set_item("doubles", t.doubles)?;
    d.set_item("plies", t.plies)?;
    if let Some(r) = &out.records {
        let rec = PyDict::new(py);
        let winner: Vec<u8> = r.winner.iter().map(|&w| w as u8).collect();
        rec.set_item("winner", PyBytes::new(py, &winner))?;
        rec.set_item("kind", PyBytes::new(py, &r.kind))?;
        rec.set_item("points", le_bytes(py, &r.points, i32::to_le_bytes))?;
        rec.set_item("cube", le_bytes(py, &r.cube, u32::to_le_bytes))?;
        rec.set_item("doubles", le_bytes(py, &r.doubles, u32::to_le_bytes))?;
        rec.set_item("plies", le_bytes(py, &r.plies, u32::to_le_bytes))?;
        d.set_item("records", rec)?;
    }
    Ok(d)
}

/// One event of a logged game, owned (see [`GameEvent`]).
enum LogEvent {
    Throw(u8, u8),
    MayDouble(Color, CubeState),
    Double(Color),
    Answer(Color, Response, bool),
    Roll(Color, u8, u8),
    Play(String),
    Pass,
    GameOver {
        winner: Option<Color>,
        kind: &'static str,
        dropped: bool,
        points: u32,
        cube: CubeState,
        board: BoardTuple,
    },
}

/// Keeps every event, split into games.
#[derive(Default)]
struct Log {
    games: Vec<Vec<LogEvent>>,
    current: Vec<LogEvent>,
}

impl Observer<Backgammon> for Log {
    fn event(&mut self, e: &GameEvent<'_, Backgammon>) {
        let ev = match *e {
            GameEvent::OpeningThrow { white, black } => LogEvent::Throw(white, black),
            GameEvent::MayDouble { player, cube } => LogEvent::MayDouble(player, cube),
            GameEvent::Double { player } => LogEvent::Double(player),
            GameEvent::Answer {
                player,
                response,
                may_redouble,
            } => LogEvent::Answer(player, response, may_redouble),
            GameEvent::Roll { player, dice } => LogEvent::Roll(player, dice.high(), dice.low()),
            GameEvent::Play { before, play } => LogEvent::Play(before.format_play(play)),
            GameEvent::Pass => LogEvent::Pass,
            GameEvent::GameOver { record, board } => LogEvent::GameOver {
                winner: record.winner,
                kind: record.kind.name(),
                dropped: record.ending == Ending::Dropped,
                points: record.points,
                cube: record.cube,
                board: board_tuple(board),
            },
        };
        let over = matches!(ev, LogEvent::GameOver { .. });
        self.current.push(ev);
        if over {
            self.games.push(std::mem::take(&mut self.current));
        }
    }
}

impl LogEvent {
    fn to_python<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let c = |c: Color| PyColor::from(c);
        Ok(match self {
            LogEvent::Throw(w, b) => ("throw", *w, *b).into_pyobject(py)?.into_any(),
            LogEvent::MayDouble(p, cube) => ("may_double", c(*p), cube.value, py_owner(cube))
                .into_pyobject(py)?
                .into_any(),
            LogEvent::Double(p) => ("double", c(*p)).into_pyobject(py)?.into_any(),
            LogEvent::Answer(p, r, may) => {
                let word = match r {
                    Response::Take => "take",
                    Response::Drop => "drop",
                    Response::Redouble => "redouble",
                };
                ("answer", c(*p), word, *may).into_pyobject(py)?.into_any()
            }
            LogEvent::Roll(p, hi, lo) => ("roll", c(*p), *hi, *lo).into_pyobject(py)?.into_any(),
            LogEvent::Play(text) => ("play", text.as_str()).into_pyobject(py)?.into_any(),
            LogEvent::Pass => ("pass",).into_pyobject(py)?.into_any(),
            LogEvent::GameOver {
                winner,
                kind,
                dropped,
                points,
                cube,
                board,
            } => (
                "game_over",
                winner.map(PyColor::from),
                *kind,
                if *dropped { "dropped" } else { "borne_off" },
                *points,
                cube.value,
                py_owner(cube),
                *board,
            )
                .into_pyobject(py)?
                .into_any(),
        })
    }
}

/// Replays match (or, with ``length=None``, money game) ``index`` of a simulation with
/// ``seed`` and returns every event, one list per game: the same match or game
/// ``_simulate_match`` / ``_simulate_money`` play with that index. For tests that replay
/// simulated games through ``gammon.Game``.
///
/// Events: ``("throw", white_die, black_die)``, ``("may_double", player, cube_value,
/// owner)``, ``("double", player)``, ``("answer", player, "take" | "drop" | "redouble",
/// may_redouble)``, ``("roll", player, high, low)``, ``("play", text)``, ``("pass",)``,
/// ``("game_over", winner, kind, "borne_off" | "dropped", points, cube_value, owner, match)``
/// with ``match`` as ``(length, white, black, crawford_rule, crawford_game, post_crawford)``
/// after the game, or ``None`` in money play.
///
/// Raises as ``_simulate_match``.
#[pyfunction]
#[pyo3(signature = (variant, players, cube_rules, seed, index, length=None, crawford=true))]
#[allow(clippy::too_many_arguments)]
pub fn _simulate_log<'py>(
    py: Python<'py>,
    variant: Bound<'py, PyAny>,
    players: PlayersArg<'py>,
    cube_rules: RulesTuple,
    seed: u64,
    index: u64,
    length: Option<u32>,
    crawford: bool,
) -> PyResult<Bound<'py, PyList>> {
    let contest = Contest::read(&variant, &players, cube_rules)?;
    let new_match = match length {
        Some(n) => Some(
            MatchScore::new(n, crawford)
                .map_err(|e| simulation_error(&SimulationError::MatchLength(e)))?,
        ),
        None => None,
    };
    let rules = contest.rules();
    let mut log = Log::default();
    let result = py.detach(|| {
        guard(|| {
            let mut runner = GameRunner::new();
            let r = match new_match {
                Some(m) => play_indexed_match(
                    &mut runner,
                    &contest.start,
                    &rules,
                    m,
                    seed,
                    index,
                    &mut log,
                )
                .map(|_| ()),
                None => play_indexed_money_game(
                    &mut runner,
                    &contest.start,
                    &rules,
                    seed,
                    index,
                    &mut log,
                )
                .map(|_| ()),
            };
            Ok(r)
        })
    })?;
    if let Some(e) = contest.errors().into_iter().next() {
        return Err(e);
    }
    if let Err(e) = result {
        return Err(simulation_failed(
            if length.is_some() { "match" } else { "game" },
            index,
            &e,
        ));
    }
    let out = PyList::empty(py);
    for game in &log.games {
        let events = PyList::empty(py);
        for e in game {
            events.append(e.to_python(py)?)?;
        }
        out.append(events)?;
    }
    Ok(out)
}
