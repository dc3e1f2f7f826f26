//! `gammon._core._rollout`: runs a rollout of the core with the GIL released, checking
//! signals and reporting progress between chunks. The Python layer (`gammon/rollout.py`)
//! validates the arguments and builds the result object.
//!
//! Built-in policies run in Rust on every core. A Python policy (any object with a
//! `choose(position, plays)` method) is the slow path: each decision attaches to the
//! interpreter, so such rollouts run on one thread.

use std::ops::ControlFlow;
use std::sync::Mutex;

use gammon_core::eval::bearoff::{BearoffEvaluator, NardyBearoffEvaluator};
use gammon_core::eval::Evaluator;
use gammon_core::GameError;
use gammon_core::GameRng as Xoshiro256PlusPlus;
use gammon_core::GameRules;
use gammon_core::{rollout_with_luck, Progress, RolloutConfig, RolloutRun, StopReason};
use gammon_core::{
    Backgammon, ByColor, Color, Dice, FirstRoll, Nardy, NardyPolicy, NardyReferee, Play, PlayList,
    Policy, PolicyKind, Position, Random, Referee, StandardReferee, VariantPlay, VariantPosition,
};
use gammon_core::{BackgammonPolicy, PolicyStop};
use gammon_core::{BearoffTruncation, NardyTruncation, Truncation};
use gammon_core::{EvalLuck, Luck, PlyTruncation};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::classes::{PyPlay, PyPlayList, PyPosition};
use crate::errors::{
    bounded, game_error, guard, policy_choice_error, policy_error, rollout_error, InvalidInputError,
};
use crate::nardy::NardyScoring;
use crate::stats::{PyRolloutRun, PyTally};

/// Rules types whose positions and plays can be handed to Python.
pub(crate) trait ToPython: Position {
    fn to_variant(&self) -> VariantPosition;
    fn play_to_variant(play: &Play<Self>) -> VariantPlay;
}

impl ToPython for Backgammon {
    fn to_variant(&self) -> VariantPosition {
        VariantPosition::Backgammon(*self)
    }
    fn play_to_variant(play: &Play<Self>) -> VariantPlay {
        VariantPlay::Backgammon(*play)
    }
}

impl ToPython for Nardy {
    fn to_variant(&self) -> VariantPosition {
        VariantPosition::Nardy(*self)
    }
    fn play_to_variant(play: &Play<Self>) -> VariantPlay {
        VariantPlay::Nardy(*play)
    }
}

/// A Python object with a `choose(position, plays)` method. An exception it raises stops the
/// game and is kept here to be raised again (or, for `KeyboardInterrupt`, to end the rollout
/// as interrupted).
pub(crate) struct PyPolicy {
    obj: Py<PyAny>,
    error: Mutex<Option<PyErr>>,
}

impl PyPolicy {
    fn decide<P: ToPython>(
        &self,
        py: Python<'_>,
        pos: &P,
        dice: Dice,
        plays: &PlayList<P>,
    ) -> PyResult<usize> {
        py.check_signals()?;
        let before = pos.to_variant();
        let list = PyPlayList {
            before,
            dice,
            plays: plays.iter().map(P::play_to_variant).collect(),
        };
        let answer = self
            .obj
            .bind(py)
            .call_method1("choose", (PyPosition { inner: before }, list))?;
        // `True` is an int to Python, but not an index (issue 15, D10).
        if answer.is_instance_of::<pyo3::types::PyBool>() {
            return Err(policy_choice_error(
                "choose() returned a bool; it must return a Play from the list or its index",
            ));
        }
        if let Ok(i) = answer.extract::<i64>() {
            let n = plays.len() as i64;
            let j = if i < 0 { i + n } else { i };
            if (0..n).contains(&j) {
                return Ok(j as usize);
            }
            return Err(policy_choice_error(&format!(
                "index {i} is out of range for {n} plays"
            )));
        }
        if let Ok(play) = answer.extract::<PyPlay>() {
            if play.before == before && play.dice == dice {
                if let Some(i) = plays
                    .iter()
                    .position(|p| P::play_to_variant(p) == play.play)
                {
                    return Ok(i);
                }
            }
            return Err(policy_choice_error(&format!(
                "the play {} is not one of the legal plays offered",
                play.text()
            )));
        }
        Err(policy_choice_error(&format!(
            "choose() must return a Play from the list or its index, not {}",
            answer
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )))
    }

    fn take_error(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut g| g.take())
    }
}

impl<P: ToPython> Policy<P> for PyPolicy {
    fn choose(
        &self,
        pos: &P,
        dice: Dice,
        plays: &PlayList<P>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        Python::attach(|py| {
            self.decide(py, pos, dice, plays).map_err(|e| {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(e);
                }
                PolicyStop
            })
        })
    }
}

/// A side's policy: built into the core, or a Python object.
pub(crate) enum SidePolicy<B> {
    Builtin(B),
    Python(PyPolicy),
}

impl<P: ToPython, B: Policy<P>> Policy<P> for SidePolicy<B> {
    #[inline]
    fn choose(
        &self,
        pos: &P,
        dice: Dice,
        plays: &PlayList<P>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        match self {
            SidePolicy::Builtin(b) => b.choose(pos, dice, plays, rng),
            SidePolicy::Python(p) => p.choose(pos, dice, plays, rng),
        }
    }
}

impl<B> SidePolicy<B> {
    pub(crate) fn is_python(&self) -> bool {
        matches!(self, SidePolicy::Python(_))
    }

    pub(crate) fn take_error(&self) -> Option<PyErr> {
        match self {
            SidePolicy::Python(p) => p.take_error(),
            SidePolicy::Builtin(_) => None,
        }
    }
}

/// Checks that the shipped weights of the `net` policy read (they are tested; this turns a
/// damaged build into an `InternalError` rather than another policy).
pub(crate) fn check_weights(kind: PolicyKind, variant: gammon_core::Variant) -> PyResult<()> {
    if kind == PolicyKind::Net {
        crate::net::shipped_policy(variant.family())?;
    }
    Ok(())
}

/// The Long Nardy policy of a built-in name already checked by [`PolicyKind::check`] and
/// [`check_weights`].
pub(crate) fn nardy_policy(kind: PolicyKind) -> NardyPolicy {
    NardyPolicy::of(kind).unwrap_or(NardyPolicy::Random(Random))
}

/// Reads one side's policy: a built-in name, a `gammon.Net` (played in Rust as `"net"` is)
/// or an object with a `choose` method.
pub(crate) fn side_policy<B: From<gammon_core::NetPolicy>>(
    obj: &Bound<'_, PyAny>,
    variant: gammon_core::Variant,
    builtin: impl Fn(PolicyKind) -> B,
) -> PyResult<SidePolicy<B>> {
    if let Ok(net) = obj.cast::<crate::net::PyNet>() {
        let net = crate::net::nets_for(Some(net.get()), variant)?;
        return Ok(SidePolicy::Builtin(B::from(net)));
    }
    if let Ok(name) = obj.cast::<PyString>() {
        let kind: PolicyKind = name.to_cow()?.parse().map_err(|e| policy_error(&e))?;
        kind.check(variant).map_err(|e| policy_error(&e))?;
        check_weights(kind, variant)?;
        return Ok(SidePolicy::Builtin(builtin(kind)));
    }
    // A number or an array has a `choose` method too (numpy's): not a policy (issue 15, D9).
    let py = obj.py();
    let numbers = py.import("numbers")?.getattr("Number")?;
    let looks_numeric = obj.is_instance(&numbers)? || obj.hasattr("__array_interface__")?;
    let choose = if looks_numeric {
        None
    } else {
        obj.getattr("choose").ok()
    };
    if let Some(choose) = choose {
        if !choose.is_callable() {
            return Err(InvalidInputError::new_err(format!(
                "a policy's choose must be a method choose(position, plays), not {}",
                bounded(
                    choose
                        .get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                )
            )));
        }
        return Ok(SidePolicy::Python(PyPolicy {
            obj: obj.clone().unbind(),
            error: Mutex::new(None),
        }));
    }
    Err(InvalidInputError::new_err(format!(
        "a policy is a name (random, pubeval, heuristic, bearoff, net), a gammon.Net or an object with a choose(position, plays) method, not {}",
        bounded(obj.repr().map(|r| r.to_string()).unwrap_or_default())
    )))
}

/// The rollout settings the Python layer passes down (already validated there).
struct Settings {
    first: u64,
    end: u64,
    config: RolloutConfig,
}

/// Runs the rollout for one rules type; `pols` are the policies of the player on roll and of
/// the opponent.
#[allow(clippy::too_many_arguments)]
fn run<P: ToPython, B: Policy<P>, R: Referee<P>, T: Truncation<P>, L: Luck<P>>(
    py: Python<'_>,
    start: &P,
    pols: [SidePolicy<B>; 2],
    referee: &R,
    truncation: &T,
    luck: &L,
    settings: &Settings,
    callback: Option<&Py<PyAny>>,
) -> PyResult<(RolloutRun, bool)> {
    let root = start.turn();
    let [mine, theirs] = &pols;
    let by_color: ByColor<&SidePolicy<B>> = if root == Color::White {
        ByColor {
            white: mine,
            black: theirs,
        }
    } else {
        ByColor {
            white: theirs,
            black: mine,
        }
    };
    let mut config = settings.config;
    if pols.iter().any(SidePolicy::is_python) {
        config.threads = 1;
    }
    let rules = GameRules {
        referee,
        policies: by_color,
        truncation,
        starter: Color::White,
        cube: gammon_core::CubeState::default(),
    };
    let range = settings.first..settings.end;
    run_detached(
        py,
        callback,
        |report| {
            let mut progress = |p: &Progress<'_>| {
                report((
                    p.done,
                    p.total,
                    p.tally.equity(),
                    p.tally.std_error(),
                    p.elapsed.as_secs_f64(),
                ))
            };
            rollout_with_luck(start, &rules, luck, range, &config, &mut progress)
                .map_err(|e| rollout_error(&e))
        },
        |run| run.stop,
        || pols.iter().filter_map(SidePolicy::take_error).collect(),
        game_error,
    )
}

/// What a progress callback receives: games (or matches) done, asked for, the estimate, its
/// standard error and the seconds elapsed.
pub(crate) type ProgressArgs = (u64, u64, f64, f64, f64);

/// Runs `work` with the GIL released, handing it a progress reporter that checks signals
/// (Ctrl-C) and calls `callback` with the [`ProgressArgs`]; `stop` reads how the work
/// stopped. Then sorts out the exceptions the Python policies (`errors`) and the callback
/// raised: `KeyboardInterrupt` means the work was interrupted and keeps what was finished,
/// anything else is raised. A work item that failed for another reason becomes `failed`'s
/// error. Returns the result and whether it was interrupted.
pub(crate) fn run_detached<R: Send>(
    py: Python<'_>,
    callback: Option<&Py<PyAny>>,
    work: impl FnOnce(&mut dyn FnMut(ProgressArgs) -> ControlFlow<()>) -> PyResult<R> + Send,
    stop: impl Fn(&R) -> StopReason,
    errors: impl FnOnce() -> Vec<PyErr>,
    failed: impl Fn(u64, &GameError) -> PyErr,
) -> PyResult<(R, bool)> {
    let mut callback_error: Option<PyErr> = None;
    let result = {
        let callback_error = &mut callback_error;
        let mut report = |args: ProgressArgs| -> ControlFlow<()> {
            Python::attach(|py| {
                let result = py.check_signals().and_then(|()| match callback {
                    Some(cb) => cb.call1(py, args).map(|_| ()),
                    None => Ok(()),
                });
                match result {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        callback_error.get_or_insert(e);
                        ControlFlow::Break(())
                    }
                }
            })
        };
        py.detach(|| guard(|| work(&mut report)))?
    };
    let reason = stop(&result);
    let mut interrupted = reason == StopReason::Interrupted;
    for e in errors().into_iter().chain(callback_error) {
        if e.is_instance_of::<PyKeyboardInterrupt>(py) {
            // A Ctrl-C that comes after the last item leaves the work complete (issue 15, D10).
            interrupted |= reason != StopReason::Completed;
        } else {
            return Err(e);
        }
    }
    if let StopReason::Failed(item, e) = reason {
        if !interrupted {
            return Err(failed(item, &e));
        }
    }
    Ok((result, interrupted))
}

/// Plays games ``first`` .. ``end`` of a rollout of ``position`` and returns a
/// ``RolloutRun`` (``gammon.rollout`` wraps it). ``policies`` is a pair: the policy of the player on
/// roll, then the opponent's.
///
/// ``truncate``: ``"none"``, ``"bearoff"`` (settle games at exact bear-off positions) or
/// ``"bearoff-one-sided"`` (at any bear-off); for Long Nardy at its race endings.
/// ``truncate_after``: settle a game still going after that many turns at ``evaluator``'s
/// value. ``variance_reduction``: take the luck of each roll, measured by ``evaluator``, off
/// the game's points (gnubg's method). ``evaluator``: ``"bearoff"`` (exact in bear-offs, a
/// pip-count estimate elsewhere), ``"net"`` (the shipped neural net of the variant) or a
/// ``gammon.Net`` of the variant's game.
///
/// Raises ``InvalidInputError`` for an unknown policy or one that cannot play the variant,
/// ``InternalError`` when a game cannot be finished, and whatever a Python policy or the
/// callback raises (except ``KeyboardInterrupt``, which ends the rollout as interrupted).
#[pyfunction]
#[pyo3(signature = (position, first, end, policies, *, seed, opening, quasi_random, threads, chunk_size, record_games, max_seconds=None, target_std_error=None, callback=None, nardy=None, truncate="none", truncate_after=None, variance_reduction=false, evaluator=None))]
#[allow(clippy::too_many_arguments)]
pub fn _rollout<'py>(
    py: Python<'py>,
    position: PyPosition,
    first: u64,
    end: u64,
    policies: (Bound<'py, PyAny>, Bound<'py, PyAny>),
    seed: u64,
    opening: bool,
    quasi_random: bool,
    threads: usize,
    chunk_size: u64,
    record_games: bool,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    nardy: Option<NardyScoring>,
    truncate: &str,
    truncate_after: Option<u32>,
    variance_reduction: bool,
    evaluator: Option<Bound<'py, PyAny>>,
) -> PyResult<PyRolloutRun> {
    let evaluator = match evaluator {
        Some(e) => e,
        None => PyString::new(py, "bearoff").into_any(),
    };
    // The evaluator: "bearoff", "net" (the shipped nets) or a gammon.Net of its game.
    let variant = position.inner.variant();
    let net: Option<gammon_core::NetPolicy> = if let Ok(n) = evaluator.cast::<crate::net::PyNet>() {
        Some(crate::net::nets_for(Some(n.get()), variant)?)
    } else {
        match evaluator.extract::<String>().ok().as_deref() {
            Some("bearoff") => None,
            Some("net") => Some(crate::net::nets_for(None, variant)?),
            _ => {
                return Err(InvalidInputError::new_err(format!(
                    "evaluator must be \"bearoff\", \"net\" or a gammon.Net, not {}",
                    bounded(evaluator.repr().map(|r| r.to_string()).unwrap_or_default())
                )))
            }
        }
    };
    let net = net.as_ref().map(gammon_core::NetPolicy::nets);
    let truncation = BearoffTruncation::from_name(truncate).ok_or_else(|| {
        InvalidInputError::new_err(format!(
            "truncate must be \"none\", \"bearoff\" or \"bearoff-one-sided\", not {truncate:?}"
        ))
    })?;
    if chunk_size == 0 {
        return Err(InvalidInputError::new_err("chunk_size must be at least 1"));
    }
    let variant = position.inner.variant();
    let mut config = RolloutConfig::new(seed);
    config.first_roll = if opening && variant.family() == gammon_core::RulesFamily::Backgammon {
        FirstRoll::Opening
    } else {
        FirstRoll::Any
    };
    config.quasi_random = quasi_random;
    config.threads = threads;
    config.chunk_size = chunk_size;
    config.record_games = record_games;
    config.max_seconds = max_seconds;
    config.target_std_error = target_std_error;
    let settings = Settings { first, end, config };
    let cb = callback.as_ref();
    let (run, interrupted) = match position.inner {
        VariantPosition::Backgammon(pos) => {
            let pols = [
                side_policy(&policies.0, variant, BackgammonPolicy::from)?,
                side_policy(&policies.1, variant, BackgammonPolicy::from)?,
            ];
            let eval: &dyn Evaluator<Backgammon> = match net {
                Some(n) => n,
                None => &BearoffEvaluator,
            };
            let cut = PlyTruncation {
                inner: truncation,
                after: truncate_after,
                evaluator: eval,
                nardy: false,
                oin: false,
            };
            let luck = variance_reduction.then_some(EvalLuck {
                evaluator: eval,
                referee: &StandardReferee,
                starter: Color::White,
            });
            run(py, &pos, pols, &StandardReferee, &cut, &luck, &settings, cb)?
        }
        VariantPosition::Nardy(pos) => {
            let pols = [
                side_policy(&policies.0, variant, nardy_policy)?,
                side_policy(&policies.1, variant, nardy_policy)?,
            ];
            // LN-33 to LN-37: the settings decide the scoring and the last roll.
            let referee = match &nardy {
                Some(settings) => settings.referee()?,
                None => NardyReferee::default(),
            };
            let bearoff = NardyTruncation::new(truncation, &referee);
            let bearoff_eval = NardyBearoffEvaluator {
                scoring: bearoff.scoring,
            };
            let eval: &dyn Evaluator<Nardy> = match net {
                Some(n) => n,
                None => &bearoff_eval,
            };
            let cut = PlyTruncation {
                inner: bearoff,
                after: truncate_after,
                evaluator: eval,
                nardy: true,
                oin: bearoff.scoring.oin,
            };
            let luck = variance_reduction.then_some(EvalLuck {
                evaluator: eval,
                referee: &referee,
                starter: Color::White,
            });
            run(py, &pos, pols, &referee, &cut, &luck, &settings, cb)?
        }
    };
    let outcomes = match &run.outcomes {
        Some(r) => {
            let items = [
                PyArray1::from_slice(py, &r.winner).into_any(),
                PyArray1::from_slice(py, &r.kind).into_any(),
                PyArray1::from_slice(py, &r.points).into_any(),
                PyArray1::from_slice(py, &r.plies).into_any(),
            ];
            Some(PyTuple::new(py, items)?.unbind())
        }
        None => None,
    };
    let stop = if interrupted {
        "interrupted"
    } else {
        run.stop.name()
    };
    Ok(PyRolloutRun {
        first: run.games.start,
        end: run.games.end,
        stop: stop.to_owned(),
        elapsed: run.elapsed.as_secs_f64(),
        threads: run.threads,
        tally: Py::new(py, PyTally { inner: run.tally })?,
        outcomes,
    })
}

/// `gammon._core._choose_play`: the index in `plays` of the play the built-in policy
/// `policy` chooses (`gammon serve` asks it once per decision). `seed` and `index` pick the
/// stream of random choices, for the `random` policy. Long Nardy plays `random`, `heuristic`
/// or `net`.
#[pyfunction]
pub fn _choose_play(plays: &PyPlayList, policy: &str, seed: u64, index: u64) -> PyResult<usize> {
    let kind: PolicyKind = policy.parse().map_err(|e| policy_error(&e))?;
    let variant = plays.before.variant();
    kind.check(variant).map_err(|e| policy_error(&e))?;
    check_weights(kind, variant)?;
    crate::plays::choose_in(
        plays,
        seed,
        index,
        || BackgammonPolicy::from(kind),
        || nardy_policy(kind),
    )
}
