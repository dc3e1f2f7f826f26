//! `gammon._core.RolloutSetup`: what decides a rollout's games (the core's `RolloutSetup`)
//! with the objects that play them (Python policies, nets, Python cube policies).
//!
//! The settings' names are read here, once: policy, truncation, evaluator and cube policy
//! names, the cube owner, Long Nardy settings (from a `NardySettings`' attributes); the
//! errors list the valid values. The combinations are checked by the core
//! (`RolloutSetup::validate`).

use gammon_core::{
    BearoffTruncation, Color, CubePolicyKind, CubePolicyName, CubeSetup, EvaluatorName,
    NardyOptions, NardySetup, PolicyKind, PolicyName, RolloutSetup, RulesFamily, SeriesStart,
    Variant, VariantPosition,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

use crate::classes::PyPosition;
use crate::convert::{int_in, prune_arg, repr};
use crate::cube::cube_rules_arg;
use crate::errors::{bounded, cube_policy_error, policy_error, setting_error, InvalidInputError};
use crate::net::PyNet;
use crate::types::PyColor;

/// Checks that the shipped weights of the `net` policy read (they are tested; this turns a
/// damaged build into an `InternalError` rather than another policy).
pub(crate) fn check_weights(
    kind: gammon_core::PolicyKind,
    variant: gammon_core::Variant,
) -> PyResult<()> {
    if kind == PolicyKind::Net {
        crate::net::shipped_policy(variant.family())?;
    }
    Ok(())
}

/// The names of the built-in checker policies, in the order the docs give them.
pub(crate) const BUILTIN_POLICIES: [&str; 5] = ["random", "pubeval", "heuristic", "bearoff", "net"];

/// The truncation rules of a rollout.
pub(crate) const TRUNCATIONS: [&str; 3] = ["none", "bearoff", "bearoff-one-sided"];

/// The result classes of a rollout's per-game outcomes (`GameOutcomes.kind`).
pub(crate) const KIND_NAMES: [&str; 8] = [
    "single",
    "gammon",
    "backgammon",
    "oin",
    "mars",
    "koks",
    "draw",
    "settled",
];

/// The checker play of a rollout that names none, the one place this default lives: the
/// shipped net of the variant's rules at 0 ply (backgammon's for the backgammon variants,
/// gammon's own for Long Nardy), the strongest player there is. `"pubeval"` and the others
/// are one option away.
pub(crate) fn default_policy(_variant: Variant) -> PolicyKind {
    PolicyKind::Net
}

/// The checker play of a rollout of ``variant`` that names none: ``"net"``, the shipped net
/// of the variant's rules.
#[pyfunction]
pub fn _default_policy(variant: crate::types::PyVariant) -> &'static str {
    default_policy(variant.into()).name()
}

/// The cube play of a cube-decision rollout that names none: the net's (Janowski's cube
/// model over the shipped net, the cube of `cube_decision`).
pub(crate) fn default_cube_policy(_variant: Variant) -> CubePolicyKind {
    CubePolicyKind::Net
}

/// The cube play of a cube-decision rollout of ``variant`` that names none: ``"net"``.
#[pyfunction]
pub fn _default_cube_policy(variant: crate::types::PyVariant) -> &'static str {
    default_cube_policy(variant.into()).name()
}

/// The name of a Python policy object: a `FunctionPolicy`'s function name, else the class name.
pub(crate) fn object_name(obj: &Bound<'_, PyAny>) -> String {
    let inner = obj.getattr("_policy").unwrap_or_else(|_| obj.clone());
    if let Ok(n) = inner.getattr("__name__") {
        if !inner.is_instance_of::<pyo3::types::PyType>() {
            if let Ok(s) = n.extract::<String>() {
                return s;
            }
        }
    }
    inner
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// The name of a `gammon.Net`: ``"net"`` for the shipped nets, ``"net:"`` and the checksum
/// for others.
pub(crate) fn net_name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    obj.getattr("name")?.extract()
}

fn dup(py: Python<'_>, o: &Option<Py<PyAny>>) -> Option<Py<PyAny>> {
    o.as_ref().map(|x| x.clone_ref(py))
}

/// One side's checker policy read: its name and the object that plays it (None for a
/// built-in name).
fn policy_side(
    obj: &Bound<'_, PyAny>,
    variant: Variant,
) -> PyResult<(PolicyName, Option<Py<PyAny>>)> {
    if let Ok(net) = obj.cast::<PyNet>() {
        crate::net::nets_for(Some(net.get()), variant)?;
        let name = net_name(obj)?;
        let pname = if name == "net" {
            PolicyName::Builtin(PolicyKind::Net)
        } else {
            PolicyName::Net(name)
        };
        return Ok((pname, Some(obj.clone().unbind())));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        let kind: PolicyKind = text.parse().map_err(|_| {
            InvalidInputError::new_err(bounded(format!(
                "unknown policy {}; built-in policies: {}",
                repr(obj),
                BUILTIN_POLICIES.join(", ")
            )))
        })?;
        kind.check(variant).map_err(|e| policy_error(&e))?;
        check_weights(kind, variant)?;
        return Ok((PolicyName::Builtin(kind), None));
    }
    // A number or an array has a `choose` method too (numpy's): not a policy.
    let py = obj.py();
    let numbers = py.import("numbers")?.getattr("Number")?;
    let numeric = obj.is_instance(&numbers)? || obj.hasattr("__array_interface__")?;
    if !numeric {
        if let Ok(choose) = obj.getattr("choose") {
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
            return Ok((
                PolicyName::Foreign(object_name(obj)),
                Some(obj.clone().unbind()),
            ));
        }
    }
    Err(InvalidInputError::new_err(format!(
        "{} has no choose(position, plays) method: a policy is a name ({}), a gammon.Net, an \
         object with a choose(position, plays) method or a function f(position, plays)",
        repr(obj),
        BUILTIN_POLICIES.join(", ")
    )))
}

/// The names of a pair of policies and the Python objects behind them (None for a built-in).
pub(crate) type Pair<N> = ([N; 2], [Option<Py<PyAny>>; 2]);

/// The pair of policies of `spec` (one for both sides, or a pair).
pub(crate) fn policy_pair(
    spec: Option<&Bound<'_, PyAny>>,
    variant: Variant,
) -> PyResult<Pair<PolicyName>> {
    let Some(spec) = spec.filter(|s| !s.is_none()) else {
        let p = PolicyName::Builtin(default_policy(variant));
        if let PolicyName::Builtin(k) = p {
            check_weights(k, variant)?;
        }
        return Ok(([p.clone(), p], [None, None]));
    };
    if let Ok(t) = spec.cast::<PyTuple>() {
        if t.len() == 2 {
            let (a, ao) = policy_side(&t.get_item(0)?, variant)?;
            let (b, bo) = policy_side(&t.get_item(1)?, variant)?;
            return Ok(([a, b], [ao, bo]));
        }
        return Err(InvalidInputError::new_err(format!(
            "policy must be a name ({}), an object with a choose(position, plays) method, a \
             function f(position, plays), or a pair of them; got {}",
            BUILTIN_POLICIES.join(", "),
            repr(spec)
        )));
    }
    let (a, ao) = policy_side(spec, variant)?;
    Ok(([a.clone(), a], [dup(spec.py(), &ao), ao]))
}

/// One side's cube policy: its name and the object that plays it.
fn cube_side(
    obj: &Bound<'_, PyAny>,
    variant: Variant,
) -> PyResult<(CubePolicyName, Option<Py<PyAny>>)> {
    if let Ok(net) = obj.cast::<PyNet>() {
        net.get().cube_policy(variant)?;
        let name = net_name(obj)?;
        let cname = if name == "net" {
            CubePolicyName::Builtin(CubePolicyKind::Net)
        } else {
            CubePolicyName::Net(name)
        };
        return Ok((cname, Some(obj.clone().unbind())));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let kind: CubePolicyKind = s.to_cow()?.parse().map_err(|_| {
            InvalidInputError::new_err(bounded(format!(
                "unknown cube policy {}; built-in cube policies: never, race, net",
                repr(obj)
            )))
        })?;
        kind.check(variant).map_err(|e| cube_policy_error(&e))?;
        return Ok((CubePolicyName::Builtin(kind), None));
    }
    if obj.hasattr("double")? && obj.hasattr("take")? {
        return Ok((
            CubePolicyName::Foreign(object_name(obj)),
            Some(obj.clone().unbind()),
        ));
    }
    Err(InvalidInputError::new_err(format!(
        "cube must be a cube policy name (never, race, net), a gammon.Net, an object with \
         double(view) and take(view) methods, or a pair of them; got {}",
        repr(obj)
    )))
}

/// The pair of cube policies of `spec` (one for both sides, or a pair).
pub(crate) fn cube_pair(c: &Bound<'_, PyAny>, variant: Variant) -> PyResult<Pair<CubePolicyName>> {
    Ok(match c.cast::<PyTuple>() {
        Ok(t) if t.len() == 2 => {
            let (a, ao) = cube_side(&t.get_item(0)?, variant)?;
            let (b, bo) = cube_side(&t.get_item(1)?, variant)?;
            ([a, b], [ao, bo])
        }
        _ => {
            let (a, ao) = cube_side(c, variant)?;
            ([a.clone(), a], [dup(c.py(), &ao), ao])
        }
    })
}

fn text_attr(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    obj.getattr(name)?.extract::<String>()
}

/// The Long Nardy settings of a `NardySettings` (already validated by its class).
pub(crate) fn nardy_setup(obj: &Bound<'_, PyAny>) -> PyResult<NardySetup> {
    let read = || -> PyResult<NardySetup> {
        let end_variant = text_attr(obj, "end_variant")?
            .parse()
            .map_err(|e| setting_error(&e))?;
        let koks = text_attr(obj, "koks")?
            .parse()
            .map_err(|e| setting_error(&e))?;
        let last_roll = obj.getattr("last_roll")?.extract::<bool>()?;
        let series = text_attr(obj, "first_move_in_series")?;
        let first_move_in_series = SeriesStart::from_name(&series).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "first_move_in_series={series:?} is not valid; expected one of 'to_loser', \
                 'alternate' (LN-11)"
            ))
        })?;
        let options =
            NardyOptions::first_turn_exception_from_name(&text_attr(obj, "first_turn_exception")?)
                .map_err(|e| setting_error(&e))?
                | NardyOptions::block_check_from_name(&text_attr(obj, "block_check")?)
                    .map_err(|e| setting_error(&e))?;
        Ok(NardySetup {
            scoring: gammon_core::NardyReferee {
                end_variant,
                koks,
                last_roll,
            },
            first_move_in_series,
            options,
        })
    };
    read().map_err(|e| {
        if e.is_instance_of::<InvalidInputError>(obj.py()) {
            e
        } else {
            InvalidInputError::new_err(format!(
                "nardy must be a gammon.nardy.NardySettings, not {}",
                repr(obj)
            ))
        }
    })
}

/// A `gammon.nardy.NardySettings` of `n`.
pub(crate) fn nardy_object<'py>(py: Python<'py>, n: &NardySetup) -> PyResult<Bound<'py, PyAny>> {
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("end_variant", n.scoring.end_variant.name())?;
    kwargs.set_item(
        "koks",
        gammon_core::snake_case_setting(n.scoring.koks.name()),
    )?;
    kwargs.set_item("last_roll", n.scoring.last_roll)?;
    kwargs.set_item("first_move_in_series", n.first_move_in_series.name())?;
    kwargs.set_item(
        "first_turn_exception",
        gammon_core::first_turn_setting_name(n.options),
    )?;
    kwargs.set_item(
        "block_check",
        gammon_core::block_check_setting_name(n.options),
    )?;
    py.import("gammon.nardy")?
        .getattr("NardySettings")?
        .call((), Some(&kwargs))
}

/// What decides a rollout's games, with the objects that play them. Built by the run
/// functions from their settings (``gammon.RolloutSettings``) and held by every result:
/// ``RolloutSetup(position, seed, *, policy, opening, quasi_random, nardy, truncate,
/// truncate_after, variance_reduction, evaluator, cube, cube_value, cube_owner,
/// cube_rules)``. Every name and combination is checked here (raises ``InvalidInputError``
/// naming the problem and the valid values). Immutable; equal when the games are the same.
#[pyclass(frozen, name = "RolloutSetup", module = "gammon._core")]
pub struct PySetup {
    pub(crate) inner: RolloutSetup,
    /// The objects of the checker policies (None for a built-in name, or when only the name
    /// is known, read from a checkpoint).
    pub(crate) policies: [Option<Py<PyAny>>; 2],
    /// The net of the evaluator when it is a net of one's own.
    pub(crate) evaluator: Option<Py<PyAny>>,
    /// The objects of the cube policies.
    pub(crate) cube_policies: [Option<Py<PyAny>>; 2],
}

impl PySetup {
    /// A setup with the same objects and another seed.
    pub(crate) fn with_seed(&self, py: Python<'_>, seed: u64) -> PySetup {
        let mut inner = self.inner.clone();
        inner.seed = seed;
        PySetup {
            inner,
            policies: self
                .policies
                .each_ref()
                .map(|p| p.as_ref().map(|o| o.clone_ref(py))),
            evaluator: self.evaluator.as_ref().map(|o| o.clone_ref(py)),
            cube_policies: self
                .cube_policies
                .each_ref()
                .map(|p| p.as_ref().map(|o| o.clone_ref(py))),
        }
    }

    /// A copy.
    pub(crate) fn copy(&self, py: Python<'_>) -> PySetup {
        self.with_seed(py, self.inner.seed)
    }

    /// The names of the policies of the player on roll and of the opponent.
    pub(crate) fn policies_names(&self) -> (String, String) {
        let p = &self.inner.policies;
        (p[0].name().to_string(), p[1].name().to_string())
    }

    /// The objects, for pickling.
    pub(crate) fn objects(&self, py: Python<'_>) -> PyResult<ObjectsState> {
        let c = |o: &Option<Py<PyAny>>| o.as_ref().map(|x| x.clone_ref(py));
        Ok((
            (c(&self.policies[0]), c(&self.policies[1])),
            c(&self.evaluator),
            (c(&self.cube_policies[0]), c(&self.cube_policies[1])),
        ))
    }

    /// A setup of `inner` played by the pickled `objects`.
    pub(crate) fn with_objects(
        _py: Python<'_>,
        inner: RolloutSetup,
        objects: ObjectsState,
    ) -> PySetup {
        let ((a, b), evaluator, (ca, cb)) = objects;
        PySetup {
            inner,
            policies: [a, b],
            evaluator,
            cube_policies: [ca, cb],
        }
    }

    /// The names that only a checkpoint gave, without the object that plays them: the error
    /// that says how to resume, or Ok when every policy can play.
    pub(crate) fn check_playable(&self) -> PyResult<()> {
        let s = &self.inner;
        for (name, obj) in s.policies.iter().zip(&self.policies) {
            match name {
                PolicyName::Net(n) if obj.is_none() => return Err(unplayable_net(n)),
                PolicyName::Foreign(n) if obj.is_none() => {
                    return Err(InvalidInputError::new_err(format!(
                        "this rollout was played by the Python policy {}, which a checkpoint \
                         records by name only: pass the policy objects to \
                         RolloutResult.from_dict(..., policy=...) to resume it",
                        gammon_core::py_quoted(n)
                    )))
                }
                _ => {}
            }
        }
        if let Some(EvaluatorName::NetFile(n)) = &s.evaluator {
            if self.evaluator.is_none() {
                return Err(unplayable_net(n));
            }
        }
        if let Some(cube) = &s.cube {
            for (name, obj) in cube.policies.iter().zip(&self.cube_policies) {
                if matches!(name, CubePolicyName::Net(_) | CubePolicyName::Foreign(_))
                    && obj.is_none()
                {
                    return Err(InvalidInputError::new_err(format!(
                        "this rollout's cube policy {} is recorded by name only: pass the cube \
                         policy objects to from_dict(..., cube=...) to resume it",
                        gammon_core::py_quoted(name.name())
                    )));
                }
            }
        }
        Ok(())
    }

    /// True when a policy (checker or cube) is written in Python (it runs on one thread).
    pub(crate) fn has_python(&self) -> bool {
        let s = &self.inner;
        s.policies
            .iter()
            .any(|p| matches!(p, PolicyName::Foreign(_)))
            || s.cube.as_ref().is_some_and(|c| {
                c.policies
                    .iter()
                    .any(|p| matches!(p, CubePolicyName::Foreign(_)))
            })
    }

    /// Refuses `threads` above 1 with a Python policy.
    pub(crate) fn check_threads(&self, threads: Option<usize>) -> PyResult<()> {
        refuse_python_threads(threads, self.has_python())
    }

    /// The objects of a side's policy as the binding plays it: the object, or the name.
    pub(crate) fn policy_object<'py>(&self, py: Python<'py>, side: usize) -> Bound<'py, PyAny> {
        match &self.policies[side] {
            Some(o) => o.bind(py).clone(),
            None => PyString::new(py, self.inner.policies[side].name()).into_any(),
        }
    }

    /// The object of a side's cube policy as the binding plays it.
    pub(crate) fn cube_object<'py>(
        &self,
        py: Python<'py>,
        side: usize,
    ) -> Option<Bound<'py, PyAny>> {
        let cube = self.inner.cube.as_ref()?;
        Some(match &self.cube_policies[side] {
            Some(o) => o.bind(py).clone(),
            None => PyString::new(py, cube.policies[side].name()).into_any(),
        })
    }
}

/// Refuses `threads` above 1 when a run has a policy written in Python (`python`): each of
/// its calls needs the interpreter, so the games would not run in parallel.
pub(crate) fn refuse_python_threads(threads: Option<usize>, python: bool) -> PyResult<()> {
    match threads {
        Some(t) if t > 1 && python => Err(InvalidInputError::new_err(format!(
            "threads={t}: a policy written in Python runs on one thread (each call needs the \
             GIL), so the games would not run in parallel; pass threads=1 or leave threads \
             out"
        ))),
        _ => Ok(()),
    }
}

fn unplayable_net(name: &str) -> PyErr {
    InvalidInputError::new_err(format!(
        "this rollout was played or evaluated by the net {}, which a checkpoint records by name \
         only: pass it to RolloutResult.from_dict(..., policy=...) (or evaluator=..., for a net \
         that only evaluated) to resume it",
        gammon_core::py_quoted(name)
    ))
}

fn bool_arg(name: &str, v: Option<&Bound<'_, PyAny>>, default: bool) -> PyResult<bool> {
    match v {
        None => Ok(default),
        Some(o) if o.is_none() => Ok(default),
        Some(o) => match o.cast::<PyBool>() {
            Ok(b) => Ok(b.is_true()),
            Err(_) => Err(InvalidInputError::new_err(format!(
                "{name} must be True or False, not {}",
                repr(o)
            ))),
        },
    }
}

/// The search depths of `plies=` (`name` "plies", the net's checker play) or `cube_plies=`
/// (the net's cube decisions): None (0 for both sides), a depth for both sides, or a pair
/// (player on roll, opponent). A depth beyond 2 is refused by the core's check, by name.
fn plies_arg(name: &str, what: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<[u32; 2]> {
    let bad = |o: &Bound<'_, PyAny>| {
        InvalidInputError::new_err(format!(
            "{name} must be 0, 1 or 2 (the depth of {what}) or a pair of them (player on roll, \
             opponent), not {}",
            repr(o)
        ))
    };
    let depth = |o: &Bound<'_, PyAny>| -> PyResult<u32> {
        int_in(o, 0, u32::MAX.into())
            .map(|n| n as u32)
            .ok_or_else(|| bad(o))
    };
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok([0, 0]);
    };
    if let Ok(t) = v.cast::<PyTuple>() {
        if t.len() != 2 {
            return Err(bad(v));
        }
        return Ok([depth(&t.get_item(0)?)?, depth(&t.get_item(1)?)?]);
    }
    let n = depth(v)?;
    Ok([n, n])
}

#[pymethods]
impl PySetup {
    #[new]
    #[pyo3(signature = (position, seed, *, policy=None, opening=None, quasi_random=None, nardy=None, truncate=None, truncate_after=None, variance_reduction=None, evaluator=None, cube=None, cube_value=None, cube_owner=None, cube_rules=None, plies=None, cube_plies=None, prune=None))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        position: PyPosition,
        seed: &Bound<'_, PyAny>,
        policy: Option<&Bound<'_, PyAny>>,
        opening: Option<&Bound<'_, PyAny>>,
        quasi_random: Option<&Bound<'_, PyAny>>,
        nardy: Option<&Bound<'_, PyAny>>,
        truncate: Option<&Bound<'_, PyAny>>,
        truncate_after: Option<&Bound<'_, PyAny>>,
        variance_reduction: Option<&Bound<'_, PyAny>>,
        evaluator: Option<&Bound<'_, PyAny>>,
        cube: Option<&Bound<'_, PyAny>>,
        cube_value: Option<&Bound<'_, PyAny>>,
        cube_owner: Option<&Bound<'_, PyAny>>,
        cube_rules: Option<&Bound<'_, PyAny>>,
        plies: Option<&Bound<'_, PyAny>>,
        cube_plies: Option<&Bound<'_, PyAny>>,
        prune: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySetup> {
        let pos = position.inner;
        let variant = pos.variant();
        let nardy_game = variant.family() == RulesFamily::LongNardy;
        let seed = int_in(seed, 0, u64::MAX).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "seed must be an int from 0 to {}, not {}",
                u64::MAX,
                repr(seed)
            ))
        })?;
        let plies = plies_arg("plies", "the net's checker play", plies)?;
        let cube_plies = plies_arg("cube_plies", "the net's cube decisions", cube_plies)?;
        let prune = prune_arg(prune)?.unwrap_or(gammon_core::DEFAULT_PRUNE_KEEP as u32);
        // A search asked without a policy is the net's: the one policy that searches.
        let (policies, policy_objects) = match policy.filter(|p| !p.is_none()) {
            None if plies != [0, 0] => {
                check_weights(PolicyKind::Net, variant)?;
                let net = PolicyName::Builtin(PolicyKind::Net);
                ([net.clone(), net], [None, None])
            }
            _ => policy_pair(policy, variant)?,
        };
        let quasi_random = bool_arg("quasi_random", quasi_random, true)?;
        let variance_reduction = bool_arg("variance_reduction", variance_reduction, false)?;
        let opening = match opening.filter(|o| !o.is_none()) {
            None => !nardy_game && pos == VariantPosition::start(variant, pos.turn()),
            Some(o) => o.is_truthy()? && !nardy_game,
        };
        let nardy = match nardy.filter(|n| !n.is_none()) {
            None if nardy_game => Some(NardySetup {
                options: pos.nardy_options().unwrap_or_default(),
                ..NardySetup::default()
            }),
            None => None,
            Some(n) => Some(nardy_setup(n)?),
        };
        let truncate = match truncate.filter(|t| !t.is_none()) {
            None => BearoffTruncation::Off,
            Some(t) => t
                .extract::<String>()
                .ok()
                .and_then(|s| BearoffTruncation::from_name(&s))
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "truncate must be one of 'none', 'bearoff', 'bearoff-one-sided' or None, \
                         not {}",
                        repr(t)
                    ))
                })?,
        };
        let truncate_after = match truncate_after.filter(|t| !t.is_none()) {
            None => None,
            Some(t) => Some(int_in(t, 0, u32::MAX.into()).ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "truncate_after must be an int from 0 to {}, not {}",
                    u32::MAX,
                    repr(t)
                ))
            })? as u32),
        };
        let (evaluator_name, evaluator_object) = match evaluator.filter(|e| !e.is_none()) {
            None => (None, None),
            Some(e) => {
                if let Ok(net) = e.cast::<PyNet>() {
                    crate::net::nets_for(Some(net.get()), variant)?;
                    let name = net_name(e)?;
                    let en = if name == "net" {
                        EvaluatorName::Net
                    } else {
                        EvaluatorName::NetFile(name)
                    };
                    (Some(en), Some(e.clone().unbind()))
                } else {
                    let en = e
                        .extract::<String>()
                        .ok()
                        .and_then(|s| match s.as_str() {
                            "bearoff" => Some(EvaluatorName::Bearoff),
                            "net" => Some(EvaluatorName::Net),
                            _ => None,
                        })
                        .ok_or_else(|| {
                            InvalidInputError::new_err(format!(
                                "evaluator must be one of 'bearoff', 'net' or a gammon.Net, not \
                                 {}",
                                repr(e)
                            ))
                        })?;
                    if en == EvaluatorName::Net {
                        crate::net::nets_for(None, variant)?;
                    }
                    (Some(en), None)
                }
            }
        };
        let uses_evaluator = truncate_after.is_some() || variance_reduction;
        let cube_given = cube.filter(|c| !c.is_none());
        let (evaluator_name, evaluator_object) = if uses_evaluator {
            (
                Some(evaluator_name.unwrap_or(EvaluatorName::Bearoff)),
                evaluator_object,
            )
        } else if cube_given.is_some() {
            (evaluator_name, evaluator_object) // refused below, by name
        } else {
            (None, None)
        };
        let (cube, cube_objects) = match cube_given {
            None => {
                for (name, v) in [
                    ("cube_value", cube_value),
                    ("cube_owner", cube_owner),
                    ("cube_rules", cube_rules),
                ] {
                    if v.is_some_and(|v| !v.is_none()) {
                        return Err(InvalidInputError::new_err(format!(
                            "{name} applies to cubeful rollouts only: pass cube= (a cube policy: \
                             never, race, net or a CubePolicy object) with it"
                        )));
                    }
                }
                if cube_plies != [0, 0] {
                    return Err(InvalidInputError::new_err(
                        "cube_plies applies to cubeful rollouts only: pass cube='net' (or a \
                         gammon.Net) with it",
                    ));
                }
                (None, [None, None])
            }
            Some(c) => {
                if nardy_game {
                    return Err(InvalidInputError::new_err(
                        gammon_core::RolloutSetupError::NardyCube.to_string(),
                    ));
                }
                let rules = cube_rules_arg(cube_rules)?;
                let value = match cube_value.filter(|v| !v.is_none()) {
                    None => 1,
                    Some(v) => int_in(v, 1, rules.max_cube().into()).ok_or_else(|| {
                        InvalidInputError::new_err(format!(
                            "cube_value must be an int between 1 and {}, not {}",
                            rules.max_cube(),
                            repr(v)
                        ))
                    })? as u32,
                };
                let owner = match cube_owner.filter(|o| !o.is_none()) {
                    None => None,
                    Some(o) => {
                        if let Ok(c) = o.extract::<PyColor>() {
                            Some(Color::from(c))
                        } else {
                            match o.extract::<String>().ok().map(|s| s.trim().to_lowercase()) {
                                Some(s) if s == "centre" || s == "center" => None,
                                Some(s) if s == "white" => Some(Color::White),
                                Some(s) if s == "black" => Some(Color::Black),
                                _ => {
                                    return Err(InvalidInputError::new_err(format!(
                                        "cube_owner must be None (centred), 'white', 'black' or \
                                         a gammon.Color, not {}",
                                        repr(o)
                                    )))
                                }
                            }
                        }
                    }
                };
                let (names, objects) = cube_pair(c, variant)?;
                (
                    Some(CubeSetup {
                        policies: names,
                        value,
                        owner,
                        rules,
                        plies: cube_plies,
                    }),
                    objects,
                )
            }
        };
        let inner = RolloutSetup {
            position: pos,
            policies,
            seed,
            opening,
            quasi_random,
            nardy,
            truncate,
            truncate_after,
            variance_reduction,
            evaluator: evaluator_name,
            cube,
            plies,
            prune,
        };
        inner
            .validate()
            .map_err(|e| InvalidInputError::new_err(bounded(e.to_string())))?;
        Ok(PySetup {
            inner,
            policies: policy_objects,
            evaluator: evaluator_object,
            cube_policies: cube_objects,
        })
    }

    /// The position rolled out.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.inner.position,
        }
    }

    /// The master seed: with it the games can be replayed exactly.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed
    }

    /// Names of the policies of the player on roll and of the opponent.
    #[getter]
    fn policies(&self) -> (String, String) {
        self.policies_names()
    }

    /// How deep the checker play of the player on roll and of the opponent searches (0 to
    /// 2 plies; above 0 the net's policy through its move filter).
    #[getter]
    fn plies(&self) -> (u32, u32) {
        (self.inner.plies[0], self.inner.plies[1])
    }

    /// How many replies of each roll the pruning net keeps for the full nets inside the
    /// search of the shipped backgammon nets (0: no pruning).
    #[getter]
    fn prune(&self) -> u32 {
        self.inner.prune
    }

    /// How deep the cube decisions of the player on roll and of the opponent are searched (0
    /// to 2 plies; above 0 the net's cube policy; ``(0, 0)`` for a cubeless rollout).
    #[getter]
    fn cube_plies(&self) -> (u32, u32) {
        let p = self.inner.cube.as_ref().map_or([0, 0], |c| c.plies);
        (p[0], p[1])
    }

    /// The Long Nardy settings (a ``gammon.nardy.NardySettings``; None for backgammon).
    #[getter]
    fn nardy<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner
            .nardy
            .as_ref()
            .map(|n| nardy_object(py, n))
            .transpose()
    }

    /// True when a cube is in play (a cubeful rollout).
    #[getter]
    fn cubeful(&self) -> bool {
        self.inner.cube.is_some()
    }

    /// The fields in which this setup differs from ``other``: ``(field, here, there)``
    /// triples, values written as Python writes them (empty when the games are the same).
    fn mismatches(&self, other: &PySetup) -> Vec<(String, String, String)> {
        self.inner
            .mismatches(&other.inner)
            .into_iter()
            .map(|m| (m.field.to_string(), m.here, m.there))
            .collect()
    }

    /// Refuses ``threads`` above 1 when a policy is written in Python (``InvalidInputError``).
    #[pyo3(name = "check_threads", signature = (threads))]
    fn check_threads_py(&self, threads: Option<usize>) -> PyResult<()> {
        self.check_threads(threads)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PySetup>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// Pickling (a run's tasks carry their setup to an executor's workers): the canonical
    /// text of an empty record of the setup, and the objects that play it.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let text = if me.inner.cube.is_some() {
            empty_record::<gammon_core::CubefulTally>(&me.inner)
        } else {
            empty_record::<gammon_core::Tally>(&me.inner)
        };
        let state = (text, me.objects(py)?);
        Ok((
            slf.getattr("_restore")?,
            PyTuple::new(py, [state.into_pyobject(py)?.into_any()])?,
        ))
    }

    /// Rebuilds a pickled setup (unpickling only).
    #[staticmethod]
    fn _restore(py: Python<'_>, state: (String, ObjectsState)) -> PyResult<PySetup> {
        let (text, objects) = state;
        let json = gammon_core::Json::parse(text.as_bytes())
            .map_err(|e| InvalidInputError::new_err(e.to_string()))?;
        let invalid = |e: gammon_core::CheckpointError| InvalidInputError::new_err(e.0);
        let inner = if text.contains(gammon_core::CUBEFUL_FORMAT) {
            gammon_core::RunRecord::<gammon_core::CubefulTally>::from_json(&json)
                .map_err(invalid)?
                .setup
        } else {
            gammon_core::RunRecord::<gammon_core::Tally>::from_json(&json)
                .map_err(invalid)?
                .setup
        };
        Ok(PySetup::with_objects(py, inner, objects))
    }

    fn __repr__(&self) -> String {
        format!(
            "<RolloutSetup {} policies={:?} seed={}>",
            self.inner.position.id(),
            self.policies_names(),
            self.inner.seed
        )
    }
}

/// The canonical text of a record of `setup` that holds no game (a setup's pickled form).
fn empty_record<T: gammon_core::RunTally>(setup: &RolloutSetup) -> String {
    gammon_core::RunRecord::<T> {
        setup: setup.clone(),
        tally: T::default(),
        ranges: gammon_core::Ranges::of(0..0),
        games_requested: 0,
        stop: gammon_core::Stop::Completed,
        elapsed: 0.0,
        threads: 1,
    }
    .to_json()
    .canonical()
}

/// The objects of a pickled setup: checker policies, the evaluator, cube policies.
pub(crate) type ObjectsState = (
    (Option<Py<PyAny>>, Option<Py<PyAny>>),
    Option<Py<PyAny>>,
    (Option<Py<PyAny>>, Option<Py<PyAny>>),
);
