//! Runs a rollout of the core with the GIL released, checking signals and reporting progress
//! between chunks: the policies of both sides (built-in, nets, Python objects), the
//! truncation, the evaluator and the variance reduction of a `RolloutSetup`. The results
//! (`run_results.rs`) call it.
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
    Backgammon, ByColor, Color, Dice, FirstRoll, Nardy, NardyPolicy, Play, PlayList, Policy,
    PolicyKind, Position, Random, Referee, StandardReferee, VariantPlay, VariantPosition,
};
use gammon_core::{BackgammonPolicy, PolicyStop};
use gammon_core::{EvalLuck, Luck, PlyTruncation};
use gammon_core::{EvaluatorName, RolloutSetup, Tally};
use gammon_core::{NardyTruncation, Truncation};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::classes::{PyPlay, PyPlayList, PyPosition};
use crate::errors::{
    bounded, game_error, guard, policy_choice_error, policy_error, rollout_error, InvalidInputError,
};
use crate::run_setup::{check_weights, PySetup};

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
        // `True` is an int to Python, but not an index.
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

impl<B: gammon_core::WithPlies> SidePolicy<B> {
    /// The policy searching `plies` deep where it is the net's (the setup checked that only
    /// the net is asked to search).
    pub(crate) fn with_plies(self, plies: u32) -> SidePolicy<B> {
        match self {
            SidePolicy::Builtin(b) => SidePolicy::Builtin(b.with_plies(plies)),
            python => python,
        }
    }

    /// The policy searching as `setup` says for `side` (0: the player on roll): its depth
    /// and the replies the pruning net keeps a roll.
    pub(crate) fn searched(self, setup: &gammon_core::RolloutSetup, side: usize) -> SidePolicy<B> {
        self.with_search(setup.plies[side], setup.prune)
    }

    /// The policy searching `plies` deep, the pruning net keeping `prune` replies a roll
    /// (where it is the shipped nets').
    pub(crate) fn with_search(self, plies: u32, prune: u32) -> SidePolicy<B> {
        match self.with_plies(plies) {
            SidePolicy::Builtin(b) => SidePolicy::Builtin(b.with_prune(prune as usize)),
            python => python,
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
    // A number or an array has a `choose` method too (numpy's): not a policy.
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

/// The range and configuration of a run, and the games already merged before it (whose
/// statistics progress reports include).
pub(crate) struct Settings<T> {
    pub(crate) first: u64,
    pub(crate) end: u64,
    pub(crate) config: RolloutConfig,
    pub(crate) base: T,
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
    settings: &Settings<Tally>,
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
    let base = settings.base;
    run_detached(
        py,
        callback,
        |report| {
            let mut progress = |p: &Progress<'_>| {
                let mut t = base;
                t.merge(p.tally);
                report((
                    t.games,
                    p.total,
                    t.equity(),
                    t.std_error(),
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
            // A Ctrl-C that comes after the last item leaves the work complete.
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

/// The evaluator of a setup for rules type `P`: its net (shipped or one's own), if any.
fn evaluator_net(py: Python<'_>, setup: &PySetup) -> PyResult<Option<gammon_core::NetPolicy>> {
    let variant = setup.inner.variant();
    Ok(match &setup.inner.evaluator {
        Some(EvaluatorName::Net) => Some(crate::net::nets_for(None, variant)?),
        Some(EvaluatorName::NetFile(_)) => {
            let obj = setup.evaluator.as_ref().map(|o| o.bind(py).clone());
            let net = obj
                .as_ref()
                .and_then(|o| o.cast::<crate::net::PyNet>().ok())
                .ok_or_else(|| InvalidInputError::new_err("the evaluator's net is missing"))?;
            Some(crate::net::nets_for(Some(net.get()), variant)?)
        }
        Some(EvaluatorName::Bearoff) | None => None,
    })
}

/// The pruning of the luck's roll values with the net ([`gammon_core::searched_roll_values`]):
/// the shipped pruning net keeping the replies a roll that the setup's searched policies keep.
/// Raises ``InternalError`` if the shipped pruning net does not read, rather than measure the
/// luck unpruned (other values than the setup says).
pub(crate) fn luck_prune(
    setup: &RolloutSetup,
) -> PyResult<Option<(&'static gammon_core::eval::net::NetEvaluator, usize)>> {
    let keep = setup.prune as usize;
    if keep == 0 {
        return Ok(None);
    }
    let pruner = gammon_core::eval::net::shipped_pruner(gammon_core::RulesFamily::Backgammon)
        .map_err(|e| crate::errors::shipped_pruner_error(&e))?;
    Ok(pruner.map(|p| (p, keep)))
}

/// The screen of the luck's plays with the net ([`gammon_core::pruning_screen`]) when `net`:
/// raises ``InternalError`` naming the shipped pruning net's file if it does not read, so that
/// the rollout does not start.
pub(crate) fn luck_screen(
    net: bool,
) -> PyResult<Option<gammon_core::Screen<'static, gammon_core::Backgammon>>> {
    if !net {
        return Ok(None);
    }
    gammon_core::pruning_screen()
        .map(Some)
        .map_err(|e| crate::errors::shipped_pruner_error(&e))
}

/// The rollout configuration of a setup: its seed, first roll and quasi-random dice.
pub(crate) fn setup_config(setup: &RolloutSetup) -> RolloutConfig {
    let mut config = RolloutConfig::new(setup.seed);
    config.first_roll = if setup.opening {
        FirstRoll::Opening
    } else {
        FirstRoll::Any
    };
    config.quasi_random = setup.quasi_random;
    config
}

/// Plays games ``settings.first .. settings.end`` of the cubeless rollout `setup`; returns the
/// core's run and whether it was interrupted.
pub(crate) fn run_cubeless(
    py: Python<'_>,
    setup: &PySetup,
    settings: &Settings<Tally>,
    callback: Option<&Py<PyAny>>,
) -> PyResult<(RolloutRun, bool)> {
    let s = &setup.inner;
    let variant = s.variant();
    let net = evaluator_net(py, setup)?;
    let net = net.as_ref().map(gammon_core::NetPolicy::nets);
    let truncation = s.truncate;
    let policies = [setup.policy_object(py, 0), setup.policy_object(py, 1)];
    let truncate_after = s.truncate_after;
    let variance_reduction = s.variance_reduction;
    match s.position {
        VariantPosition::Backgammon(pos) => {
            let pols = [
                side_policy(&policies[0], variant, BackgammonPolicy::from)?.searched(s, 0),
                side_policy(&policies[1], variant, BackgammonPolicy::from)?.searched(s, 1),
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
            let prune = crate::rollout::luck_prune(s)?;
            let rolls = net.map(|n| {
                move |pos: &Backgammon, out: &mut [f32; 21]| {
                    gammon_core::searched_roll_values(n, prune, pos, out)
                }
            });
            let luck = variance_reduction.then_some(EvalLuck {
                evaluator: eval,
                referee: &StandardReferee,
                starter: Color::White,
                // With the net, pubeval and the pruning net screen each roll's plays: the net
                // values the best few only (the luck stays unbiased, at a fraction of the cost).
                screen: crate::rollout::luck_screen(net.is_some())?,
                rolls: rolls
                    .as_ref()
                    .map(|f| f as gammon_core::RollValues<'_, Backgammon>),
            });
            run(
                py,
                &pos,
                pols,
                &StandardReferee,
                &cut,
                &luck,
                settings,
                callback,
            )
        }
        VariantPosition::Nardy(pos) => {
            let pols = [
                side_policy(&policies[0], variant, nardy_policy)?.searched(s, 0),
                side_policy(&policies[1], variant, nardy_policy)?.searched(s, 1),
            ];
            // LN-33 to LN-37: the settings decide the scoring and the last roll.
            let referee = s.nardy.map(|n| n.scoring).unwrap_or_default();
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
                screen: None,
                rolls: None,
            });
            run(py, &pos, pols, &referee, &cut, &luck, settings, callback)
        }
    }
}

/// `gammon._core._choose_play`: the index in `plays` of the play the built-in policy
/// `policy` chooses (`gammon serve` asks it once per decision). `seed` and `index` pick the
/// stream of random choices, for the `random` policy. Long Nardy plays `random`, `heuristic`
/// or `net`. ``plies``: the depth of the net's search (0 to 2, through gnubg's normal move
/// filter; the other policies do not search).
#[pyfunction]
#[pyo3(signature = (plays, policy, seed, index, plies=0))]
pub fn _choose_play(
    plays: &PyPlayList,
    policy: &str,
    seed: u64,
    index: u64,
    plies: u32,
) -> PyResult<usize> {
    use gammon_core::WithPlies;
    let kind: PolicyKind = policy.parse().map_err(|e| policy_error(&e))?;
    let variant = plays.before.variant();
    kind.check(variant).map_err(|e| policy_error(&e))?;
    check_weights(kind, variant)?;
    if plies > gammon_core::MAX_POLICY_PLIES || (plies > 0 && kind != PolicyKind::Net) {
        return Err(InvalidInputError::new_err(format!(
            "plies must be 0, 1 or 2, searched by the net's policy only; not {plies} for {policy:?}"
        )));
    }
    crate::plays::choose_in(
        plays,
        seed,
        index,
        || BackgammonPolicy::from(kind).with_plies(plies),
        || nardy_policy(kind).with_plies(plies),
    )
}
