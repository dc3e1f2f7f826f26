//! `gammon.CubeRules`, `gammon.CubeOffer` and `gammon.Cube`: the core's cube state machine
//! (`gammon_core::Cube`) as frozen, hashable, picklable values. Only argument conversion and
//! presentation live here; every rule is the core's.

use gammon_core::{
    Color, Cube, CubeOffer, CubeRules, Ending, GameOver, OutcomeKind, DEFAULT_MAX_CUBE_LOG2,
    MAX_AUTO_DOUBLES, MAX_CUBE_LOG2_LIMIT,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::{bool_arg, collect, int_in, repr};
use crate::errors::{cube_action_error, cube_error, InvalidInputError};
use crate::result::PyGameResult;
use crate::types::{color_arg, PyColor};

/// The default cap on the cube value (CUBE-10).
pub const DEFAULT_MAX_CUBE: u32 = 1 << DEFAULT_MAX_CUBE_LOG2;

pub(crate) fn cube_value_arg(o: &Bound<'_, PyAny>, limit: u32) -> Option<u32> {
    let v = u32::try_from(int_in(o, 1, u64::from(limit))?).ok()?;
    v.is_power_of_two().then_some(v)
}

fn opt_color(o: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Color>> {
    match o {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => Ok(Some(color_arg(o)?)),
    }
}

/// The cube settings of a session (CUBE-10..CUBE-20, MONEY-2, MONEY-3, MATCH-7).
///
/// The defaults are the spec's (MONEY-3): cube on, cap 64, no Jacoby, no beavers, no
/// raccoons, three beavers/raccoons per chain when enabled, no automatic doubles, dead-cube
/// doubles allowed. Jacoby, beavers, raccoons and automatic doubles apply only in money play:
/// a ``gammon.Game`` of a match uses ``for_match()`` (CUBE-11, MATCH-2). Frozen, hashable and
/// picklable; ``replace(**changes)`` returns a copy with some settings changed.
///
/// Raises ``InvalidInputError`` naming the rule for a setting out of range: ``max_cube`` not a
/// power of two from 1 to 32768 (CUBE-10), ``raccoons`` without ``beavers`` (CUBE-13),
/// ``max_beavers`` below 1, ``auto_doubles`` outside 0..12 (CUBE-20), or a non-bool flag.
#[pyclass(
    name = "CubeRules",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyCubeRules {
    pub inner: CubeRules,
}

/// The cube rules of a run's `cube_rules` argument: the rules given, or the defaults for
/// `None`; anything else is refused by name.
pub(crate) fn cube_rules_arg(cube_rules: Option<&Bound<'_, PyAny>>) -> PyResult<CubeRules> {
    match cube_rules.filter(|r| !r.is_none()) {
        None => Ok(CubeRules::default()),
        Some(r) => r.extract::<PyCubeRules>().map(|r| r.inner).map_err(|_| {
            InvalidInputError::new_err(format!(
                "cube_rules must be a gammon.CubeRules, not {}",
                repr(r)
            ))
        }),
    }
}

/// ``cube_rules`` of a run as a ``CubeRules`` (the defaults for ``None``).
///
/// Raises ``InvalidInputError`` for anything else than a ``CubeRules`` or ``None``.
#[pyfunction]
#[pyo3(signature = (cube_rules=None))]
pub fn _cube_rules(cube_rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyCubeRules> {
    cube_rules_arg(cube_rules).map(|inner| PyCubeRules { inner })
}

const RULES_FIELDS: [&str; 9] = CubeRules::FIELDS;

#[allow(clippy::too_many_arguments)]
fn build_rules(
    max_cube: Option<&Bound<'_, PyAny>>,
    jacoby: Option<&Bound<'_, PyAny>>,
    beavers: Option<&Bound<'_, PyAny>>,
    raccoons: Option<&Bound<'_, PyAny>>,
    max_beavers: Option<&Bound<'_, PyAny>>,
    auto_doubles: Option<&Bound<'_, PyAny>>,
    enabled: Option<&Bound<'_, PyAny>>,
    refuse_dead_cube: Option<&Bound<'_, PyAny>>,
    gnubg_raccoon_owner: Option<&Bound<'_, PyAny>>,
    base: CubeRules,
) -> PyResult<CubeRules> {
    const W: &str = "CubeRules";
    let limit = 1u32 << MAX_CUBE_LOG2_LIMIT;
    let max_cube_log2 = match max_cube {
        None => base.max_cube_log2,
        Some(o) => match cube_value_arg(o, limit) {
            // A power of two up to 2^15: its log2 fits a u8.
            Some(v) => v.trailing_zeros() as u8,
            None => {
                return Err(InvalidInputError::new_err(format!(
                    "{W}: max_cube must be a power of two from 1 to {limit}, not {} (CUBE-10)",
                    repr(o)
                )))
            }
        },
    };
    let max_beavers = match max_beavers {
        None => base.max_beavers,
        Some(o) => match int_in(o, 1, u64::from(u32::MAX)) {
            Some(v) => u32::try_from(v).unwrap_or(u32::MAX),
            None => {
                return Err(InvalidInputError::new_err(format!(
                    "{W}: max_beavers must be an int from 1 to {}, not {} (CUBE-13)",
                    u32::MAX,
                    repr(o)
                )))
            }
        },
    };
    let auto_doubles = match auto_doubles {
        None => base.auto_doubles,
        Some(o) => match int_in(o, 0, u64::from(MAX_AUTO_DOUBLES)) {
            Some(v) => u8::try_from(v).unwrap_or(MAX_AUTO_DOUBLES),
            None => {
                return Err(InvalidInputError::new_err(format!(
                    "{W}: auto_doubles must be 0 to {MAX_AUTO_DOUBLES}, not {} (CUBE-20)",
                    repr(o)
                )))
            }
        },
    };
    let rules = CubeRules {
        max_cube_log2,
        jacoby: bool_arg(W, "jacoby", jacoby, base.jacoby)?,
        beavers: bool_arg(W, "beavers", beavers, base.beavers)?,
        raccoons: bool_arg(W, "raccoons", raccoons, base.raccoons)?,
        max_beavers,
        auto_doubles,
        enabled: bool_arg(W, "enabled", enabled, base.enabled)?,
        refuse_dead_cube: bool_arg(
            W,
            "refuse_dead_cube",
            refuse_dead_cube,
            base.refuse_dead_cube,
        )?,
        gnubg_raccoon_owner: bool_arg(
            W,
            "gnubg_raccoon_owner",
            gnubg_raccoon_owner,
            base.gnubg_raccoon_owner,
        )?,
    };
    rules
        .validate()
        .map_err(|e| InvalidInputError::new_err(format!("{W}: {e}")))
}
fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

#[pymethods]
impl PyCubeRules {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Self::build("CubeRules", args, kwargs, CubeRules::default())
    }

    /// The cap: nobody may double past it (CUBE-10); a power of two from 1 to 32768.
    #[getter]
    fn max_cube(&self) -> u32 {
        self.inner.max_cube()
    }

    /// The Jacoby rule (MONEY-2, RESIGN-2).
    #[getter]
    fn jacoby(&self) -> bool {
        self.inner.jacoby
    }

    /// Beavers allowed (CUBE-12).
    #[getter]
    fn beavers(&self) -> bool {
        self.inner.beavers
    }

    /// Raccoons allowed (CUBE-13); needs beavers.
    #[getter]
    fn raccoons(&self) -> bool {
        self.inner.raccoons
    }

    /// How many beavers and raccoons one chain may hold (CUBE-13).
    #[getter]
    fn max_beavers(&self) -> u32 {
        self.inner.max_beavers
    }

    /// Automatic doubles at opening ties while the cube is below ``2**auto_doubles`` (CUBE-20).
    #[getter]
    fn auto_doubles(&self) -> u8 {
        self.inner.auto_doubles
    }

    /// Cube use at all (CUBE-2).
    #[getter]
    fn enabled(&self) -> bool {
        self.inner.enabled
    }

    /// In match play, refuse doubles that cannot gain anything (MATCH-7).
    #[getter]
    fn refuse_dead_cube(&self) -> bool {
        self.inner.refuse_dead_cube
    }

    /// After a beaver chain, give the cube to the originally doubled player (CUBE-13).
    #[getter]
    fn gnubg_raccoon_owner(&self) -> bool {
        self.inner.gnubg_raccoon_owner
    }

    /// These rules as match play uses them: Jacoby, beavers, raccoons and automatic doubles
    /// off; the cap, ``enabled`` and ``refuse_dead_cube`` kept (CUBE-11, MATCH-2).
    fn for_match(&self) -> PyCubeRules {
        PyCubeRules {
            inner: self.inner.for_match(),
        }
    }

    /// A copy with the given settings changed, checked as the constructor checks them.
    #[pyo3(signature = (**changes))]
    fn replace(
        &self,
        py: Python<'_>,
        changes: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyCubeRules> {
        Self::build(
            "CubeRules.replace",
            &PyTuple::empty(py),
            changes,
            self.inner,
        )
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "CubeRules(max_cube={}, jacoby={}, beavers={}, raccoons={}, max_beavers={}, \
             auto_doubles={}, enabled={}, refuse_dead_cube={}, gnubg_raccoon_owner={})",
            r.max_cube(),
            py_bool(r.jacoby),
            py_bool(r.beavers),
            py_bool(r.raccoons),
            r.max_beavers,
            r.auto_doubles,
            py_bool(r.enabled),
            py_bool(r.refuse_dead_cube),
            py_bool(r.gnubg_raccoon_owner)
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let r = slf.get().inner;
        let args = (
            r.max_cube(),
            r.jacoby,
            r.beavers,
            r.raccoons,
            r.max_beavers,
            r.auto_doubles,
            r.enabled,
            r.refuse_dead_cube,
            r.gnubg_raccoon_owner,
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }
}

impl PyCubeRules {
    fn build(
        who: &str,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
        base: CubeRules,
    ) -> PyResult<Self> {
        let a = collect(who, &RULES_FIELDS, args, kwargs)?;
        let inner = build_rules(
            a[0].as_ref(),
            a[1].as_ref(),
            a[2].as_ref(),
            a[3].as_ref(),
            a[4].as_ref(),
            a[5].as_ref(),
            a[6].as_ref(),
            a[7].as_ref(),
            a[8].as_ref(),
            base,
        )?;
        Ok(PyCubeRules { inner })
    }
}

/// A double awaiting an answer, possibly grown by beavers and raccoons (CUBE-4, CUBE-12,
/// CUBE-13). Frozen, hashable and picklable.
///
/// ``doubler`` offered the double; ``proposer`` made the latest offer (the doubler, or whoever
/// made the last beaver or raccoon); ``value`` is the cube value if taken; ``redoubles``
/// counts the beavers and raccoons of the chain.
#[pyclass(
    name = "CubeOffer",
    module = "gammon",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyCubeOffer {
    pub inner: CubeOffer,
}

#[pymethods]
impl PyCubeOffer {
    #[new]
    #[pyo3(signature = (doubler, proposer, value, redoubles=None))]
    fn new(
        doubler: &Bound<'_, PyAny>,
        proposer: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        redoubles: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let limit = 1u32 << MAX_CUBE_LOG2_LIMIT;
        let v = cube_value_arg(value, limit)
            .filter(|v| *v >= 2)
            .ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "CubeOffer: value must be a power of two from 2 to {limit}, not {} (CUBE-4)",
                    repr(value)
                ))
            })?;
        let redoubles = match redoubles {
            None => 0,
            Some(o) => int_in(o, 0, u64::from(u32::MAX))
                .and_then(|r| u32::try_from(r).ok())
                .ok_or_else(|| {
                    InvalidInputError::new_err(format!(
                        "CubeOffer: redoubles must be an int >= 0, not {}",
                        repr(o)
                    ))
                })?,
        };
        Ok(PyCubeOffer {
            inner: CubeOffer {
                doubler: color_arg(doubler)?,
                proposer: color_arg(proposer)?,
                value: v,
                redoubles,
            },
        })
    }

    /// The player on roll who offered the double.
    #[getter]
    fn doubler(&self) -> PyColor {
        self.inner.doubler.into()
    }

    /// The player who made the latest offer; the other player answers.
    #[getter]
    fn proposer(&self) -> PyColor {
        self.inner.proposer.into()
    }

    /// The cube value if the offer is taken.
    #[getter]
    fn value(&self) -> u32 {
        self.inner.value
    }

    /// Beavers and raccoons made in this chain so far.
    #[getter]
    fn redoubles(&self) -> u32 {
        self.inner.redoubles
    }

    /// The player who must answer: take, drop, or beaver/raccoon where allowed.
    #[getter]
    fn responder(&self) -> PyColor {
        self.inner.responder().into()
    }

    /// What the proposer wins if the offer is dropped: the value before it (CUBE-6).
    #[getter]
    fn stake(&self) -> u32 {
        self.inner.stake()
    }

    fn __repr__(&self) -> String {
        let o = &self.inner;
        format!(
            "CubeOffer(doubler={}, proposer={}, value={}, redoubles={})",
            color_repr(o.doubler),
            color_repr(o.proposer),
            o.value,
            o.redoubles
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let o = slf.get().inner;
        let args = (
            PyColor::from(o.doubler),
            PyColor::from(o.proposer),
            o.value,
            o.redoubles,
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }
}

fn color_repr(c: Color) -> &'static str {
    match c {
        Color::White => "Color.WHITE",
        Color::Black => "Color.BLACK",
    }
}

/// The doubling cube: its value, owner, any pending offer, and the rules it follows.
///
/// Immutable: every action returns a new ``Cube``. ``owner`` is ``None`` while the cube is
/// centred (CUBE-1). An illegal action raises ``IllegalCubeActionError`` whose message names
/// the rule (CUBE-2, CUBE-3, CUBE-4, CUBE-10, CUBE-12, CUBE-13). The cube checks its own rules
/// only: ``gammon.Game`` adds the turn, the dice, the Crawford game and dead cubes.
///
/// Raises ``InvalidInputError`` when built with a value that is not a power of two within
/// ``rules.max_cube``, an owner that is not a ``Color`` or ``None``, or an offer whose value is
/// not twice the cube's.
#[pyclass(name = "Cube", module = "gammon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyCube {
    pub inner: Cube,
}

const CUBE_FIELDS: [&str; 4] = ["value", "owner", "offer", "rules"];

fn build_cube(
    value: Option<&Bound<'_, PyAny>>,
    owner: Option<&Bound<'_, PyAny>>,
    offer: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    base: Cube,
) -> PyResult<Cube> {
    let rules = match rules {
        None => base.rules,
        Some(r) if r.is_none() => CubeRules::default(),
        Some(r) => {
            r.extract::<PyCubeRules>()
                .map_err(|_| {
                    InvalidInputError::new_err(format!(
                        "Cube: rules must be a CubeRules, not {}",
                        repr(r)
                    ))
                })?
                .inner
        }
    };
    let value = match value {
        None => base.value,
        Some(o) => cube_value_arg(o, rules.max_cube()).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "Cube: value must be a power of two from 1 to max_cube {}, not {} (CUBE-10)",
                rules.max_cube(),
                repr(o)
            ))
        })?,
    };
    let owner = match owner {
        None => base.owner,
        Some(o) => opt_color(Some(o)).map_err(|_| {
            InvalidInputError::new_err(format!(
                "Cube: owner must be a Color or None, not {}",
                repr(o)
            ))
        })?,
    };
    let offer = match offer {
        None => base.offer,
        Some(o) if o.is_none() => None,
        Some(o) => Some(
            o.extract::<PyCubeOffer>()
                .map_err(|_| {
                    InvalidInputError::new_err(format!(
                        "Cube: offer must be a CubeOffer, not {}",
                        repr(o)
                    ))
                })?
                .inner,
        ),
    };
    Cube::from_parts(value, owner, offer, rules).map_err(|e| cube_error(&e))
}

#[pymethods]
impl PyCube {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let a = collect("Cube", &CUBE_FIELDS, args, kwargs)?;
        let inner = build_cube(
            a[0].as_ref(),
            a[1].as_ref(),
            a[2].as_ref(),
            a[3].as_ref(),
            Cube::new(CubeRules::default()),
        )?;
        Ok(PyCube { inner })
    }

    /// The cube value (1, 2, 4, ...).
    #[getter]
    fn value(&self) -> u32 {
        self.inner.value
    }

    /// The owner, ``None`` while centred (CUBE-1).
    #[getter]
    fn owner(&self) -> Option<PyColor> {
        self.inner.owner.map(Into::into)
    }

    /// The double awaiting an answer, if any.
    #[getter]
    fn offer(&self) -> Option<PyCubeOffer> {
        self.inner.offer.map(|inner| PyCubeOffer { inner })
    }

    /// The rules the cube follows.
    #[getter]
    fn rules(&self) -> PyCubeRules {
        PyCubeRules {
            inner: self.inner.rules,
        }
    }

    /// True while nobody owns the cube (CUBE-1); automatic doubles keep it centred.
    #[getter]
    fn centred(&self) -> bool {
        self.inner.owner.is_none()
    }

    /// True when the cube cannot be doubled any more: ``2 x value > max_cube`` (CUBE-10).
    #[getter]
    fn at_cap(&self) -> bool {
        self.inner.at_cap()
    }

    /// Tell whether ``player`` has access to the cube: centred or theirs (CUBE-3).
    fn may_turn(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.state().may_turn(color_arg(player)?))
    }

    /// Say why ``player`` may not double now, naming the rule, or return ``None``.
    ///
    /// Only the cube's own conditions: the caller checks the turn and the dice.
    fn double_error(&self, player: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self
            .inner
            .check_double(color_arg(player)?)
            .err()
            .map(|e| e.to_string()))
    }

    /// Raise ``IllegalCubeActionError`` naming the rule unless the cube lets ``player``
    /// double now (CUBE-2, CUBE-3, CUBE-4, CUBE-10).
    fn check_double(&self, player: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner
            .check_double(color_arg(player)?)
            .map_err(|e| cube_action_error(&e))
    }

    /// Tell whether the cube lets ``player`` double now (CUBE-2, CUBE-3, CUBE-10).
    fn can_double(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.check_double(color_arg(player)?).is_ok())
    }

    /// Tell whether ``player`` may beaver the pending double (CUBE-12).
    fn can_beaver(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.check_redouble(color_arg(player)?, true).is_ok())
    }

    /// Tell whether ``player`` may raccoon the pending beaver (CUBE-13).
    fn can_raccoon(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.check_redouble(color_arg(player)?, false).is_ok())
    }

    /// ``player`` offers to double: the opponent must now answer (CUBE-4).
    ///
    /// Raises ``IllegalCubeActionError`` when cube use is off (CUBE-2), a double is already
    /// pending (CUBE-4), the opponent owns the cube (CUBE-3) or the cube is at its cap
    /// (CUBE-10).
    fn double(&self, player: &Bound<'_, PyAny>) -> PyResult<PyCube> {
        self.step(self.inner.double(color_arg(player)?))
    }

    /// ``player`` takes the pending offer: the cube goes to the offered value (CUBE-5).
    ///
    /// The taker owns the cube after a plain double; after a beaver chain the player who made
    /// the last beaver or raccoon does (CUBE-12, CUBE-13), or with ``gnubg_raccoon_owner`` the
    /// originally doubled player. Raises ``IllegalCubeActionError`` when no double is pending
    /// or ``player`` is not the one who must answer (CUBE-4).
    fn take(&self, player: &Bound<'_, PyAny>) -> PyResult<PyCube> {
        self.step(self.inner.take(color_arg(player)?))
    }

    /// ``player`` drops the pending offer: the game ends (CUBE-6), the proposer winning the
    /// value before the offer, with no gammon; returns that ``GameResult``.
    ///
    /// Raises ``IllegalCubeActionError`` when no double is pending or ``player`` is not the
    /// one who must answer (CUBE-4).
    fn drop(&self, player: &Bound<'_, PyAny>) -> PyResult<PyGameResult> {
        let offer = self
            .inner
            .drop_offer(color_arg(player)?)
            .map_err(|e| cube_action_error(&e))?;
        Ok(PyGameResult {
            inner: GameOver {
                winner: Some(offer.proposer),
                points: offer.stake(),
                kind: OutcomeKind::Single,
                ending: Ending::Dropped,
                cube: offer.stake(),
            },
        })
    }

    /// ``player``, just doubled, takes and redoubles at once, keeping the cube (CUBE-12).
    ///
    /// Raises ``IllegalCubeActionError`` when beavers are off or in match play (CUBE-12,
    /// CUBE-11), no double is pending or ``player`` must not answer it (CUBE-4), the offer is
    /// already a beaver (CUBE-13), the chain is full (``max_beavers``) or the value would
    /// pass the cap (CUBE-10).
    fn beaver(&self, player: &Bound<'_, PyAny>) -> PyResult<PyCube> {
        self.step(self.inner.beaver(color_arg(player)?))
    }

    /// ``player``, facing a beaver, takes and redoubles again, keeping the cube (CUBE-13).
    ///
    /// Raises ``IllegalCubeActionError`` when raccoons are off (CUBE-13), no beaver is
    /// pending or ``player`` must not answer it (CUBE-4, CUBE-13), the chain is full
    /// (``max_beavers``) or the value would pass the cap (CUBE-10).
    fn raccoon(&self, player: &Bound<'_, PyAny>) -> PyResult<PyCube> {
        self.step(self.inner.raccoon(color_arg(player)?))
    }

    /// Return the cube after one tie of the opening roll (CUBE-20, BG-11).
    ///
    /// Doubled and still centred while cube use is on, the value is below
    /// ``2**auto_doubles`` and within the cap; otherwise unchanged. Raises
    /// ``IllegalCubeActionError`` if the cube is not centred and idle (CUBE-1).
    fn automatic_double(&self) -> PyResult<PyCube> {
        self.step(self.inner.automatic_double())
    }

    /// Return the points of a game won at ``level`` (1 single, 2 gammon, 3 backgammon) at
    /// this cube: ``level x value``, the level forced to 1 by the Jacoby rule when the rules
    /// have it and the cube is centred (SCORE-2, MONEY-2, RESIGN-2).
    ///
    /// Raises ``InvalidInputError`` for a level outside 1..3.
    fn points(&self, level: &Bound<'_, PyAny>) -> PyResult<u32> {
        let level = int_in(level, 1, 3).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "a result level is 1, 2 or 3 (SCORE-1), not {}",
                repr(level)
            ))
        })?;
        // 1..=3 fits a u32.
        Ok(self.inner.points(u32::try_from(level).unwrap_or(1)))
    }

    /// A copy with the given fields changed, checked as the constructor checks them.
    #[pyo3(signature = (**changes))]
    fn replace(&self, py: Python<'_>, changes: Option<&Bound<'_, PyDict>>) -> PyResult<PyCube> {
        let a = collect("Cube.replace", &CUBE_FIELDS, &PyTuple::empty(py), changes)?;
        let mut base = self.inner;
        // An explicit None clears the owner or the offer.
        if a[1].as_ref().is_some_and(|o| o.is_none()) {
            base.owner = None;
        }
        if a[2].as_ref().is_some_and(|o| o.is_none()) {
            base.offer = None;
        }
        let inner = build_cube(
            a[0].as_ref(),
            a[1].as_ref().filter(|o| !o.is_none()),
            a[2].as_ref().filter(|o| !o.is_none()),
            a[3].as_ref(),
            base,
        )?;
        Ok(PyCube { inner })
    }

    fn __repr__(&self) -> String {
        let c = &self.inner;
        let owner = c.owner.map_or("None", color_repr);
        let offer = match c.offer {
            None => "None".to_string(),
            Some(inner) => PyCubeOffer { inner }.__repr__(),
        };
        format!(
            "Cube(value={}, owner={owner}, offer={offer}, rules={})",
            c.value,
            PyCubeRules { inner: c.rules }.__repr__()
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let c = slf.get();
        let py = slf.py();
        let args = (c.value(), c.owner(), c.offer(), c.rules()).into_pyobject(py)?;
        Ok((slf.get_type().into_any(), args))
    }
}

impl PyCube {
    fn step(&self, next: Result<Cube, gammon_core::CubeActionError>) -> PyResult<PyCube> {
        next.map(|inner| PyCube { inner })
            .map_err(|e| cube_action_error(&e))
    }
}
