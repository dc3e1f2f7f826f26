//! `gammon.nardy.NardySettings`: the core's Long Nardy settings of §9
//! (`gammon_core::NardySettings`) as a frozen, hashable, picklable value, read in one place
//! for `gammon.Game`, the turn state machine, the rollouts and the bear-off evaluations.

use gammon_core::{
    parse_last_roll, snake_case, EndVariant, FirstMove, Koks, NardyOptions, NardyReferee,
    NardySettings, NardySettingsError, ParseSettingError, Variant, VariantPosition,
    LAST_ROLL_NAMES,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use crate::classes::PyPosition;
use crate::convert::{collect, repr};
use crate::errors::{setting_error, InvalidInputError};
use crate::types::{color_arg, text_arg, PyColor};

/// The constructor's keywords, in their positional order.
const FIELDS: [&str; 6] = [
    "end_variant",
    "koks",
    "last_roll",
    "first_move_in_series",
    "first_turn_exception",
    "block_check",
];

/// The settings of a Long Nardy game or series (spec §9), validated and immutable.
///
/// Values are written in snake_case; the spec's camelCase spellings (``toLoser``,
/// ``noCheckerHome``, ``endOfTurn``...) are accepted and stored in snake_case.
///
/// - ``end_variant``: ``"mars"`` (default; Oin 1, Mars 2) or ``"oin"`` (every win 1), LN-34.
/// - ``koks``: ``"off"`` (default), ``"no_checker_home"`` or ``"checker_in_start_quarter"``:
///   a Mars upgraded to 3 points, LN-35. Only with ``end_variant="mars"``.
/// - ``last_roll``: ``False`` (default) or ``True`` (also ``"off"``/``"on"``): when White
///   finishes, Black gets one more turn and may draw, LN-37.
/// - ``first_move_in_series``: ``"to_loser"`` (default) or ``"alternate"``, LN-11.
/// - ``first_turn_exception``: ``"head_blocked"`` (default, LN-18/19) or the compatibility
///   option ``"unconditional"``.
/// - ``block_check``: ``"every_step"`` (default, LN-26) or the compatibility option
///   ``"end_of_turn"``.
///
/// Frozen, hashable and picklable; ``repr()`` reads back. Raises ``InvalidInputError`` for a
/// value outside these, listing the valid ones and naming the rule.
///
/// >>> NardySettings(first_move_in_series="alternate", koks="noCheckerHome").koks
/// 'no_checker_home'
#[pyclass(
    name = "NardySettings",
    module = "gammon.nardy",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyNardySettings {
    pub inner: NardySettings,
}

/// `InvalidInputError` for a value of setting `keyword` that is not one of §9's, in the
/// Python spelling: `koks='x' is not valid; expected one of 'off', ... (LN-35)`.
fn value_error(keyword: &str, given: &str, e: &ParseSettingError) -> PyErr {
    InvalidInputError::new_err(crate::errors::bounded(format!(
        "{keyword}={given} is not valid; expected one of {} ({})",
        e.expected_snake('\''),
        e.rule
    )))
}

/// Reads one §9 setting given as text with `parse`. Anything but a `str` is refused with the
/// list of valid values (no §9 value has an empty spelling, so parsing `""` gives that list).
fn setting<T>(
    keyword: &str,
    obj: &Bound<'_, PyAny>,
    parse: impl Fn(&str) -> Result<T, ParseSettingError>,
) -> PyResult<T> {
    let is_text = obj.is_instance_of::<PyString>();
    let text = if is_text {
        text_arg(obj, keyword)?.into_owned()
    } else {
        String::new()
    };
    match parse(&text) {
        Ok(v) if is_text => Ok(v),
        Ok(_) => Err(InvalidInputError::new_err(format!(
            "{keyword}={} is not valid; expected a str",
            repr(obj)
        ))),
        Err(e) => Err(value_error(keyword, &repr(obj), &e)),
    }
}

/// `last_roll`: a bool, or `"off"`/`"on"` (LN-37).
fn last_roll_arg(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    let bad = || {
        InvalidInputError::new_err(format!(
            "last_roll={} is not valid; expected True/False or {} (LN-37)",
            repr(obj),
            LAST_ROLL_NAMES
                .iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join("/")
        ))
    };
    if obj.is_instance_of::<PyString>() {
        return parse_last_roll(&text_arg(obj, "last_roll")?).map_err(|_| bad());
    }
    Err(bad())
}

/// The settings from the constructor's arguments, each defaulting to `base`'s.
fn build(
    who: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
    base: NardySettings,
) -> PyResult<NardySettings> {
    let a = collect(who, &FIELDS, args, kwargs)?;
    let mut s = base;
    if let Some(o) = &a[0] {
        s.referee.end_variant = setting(FIELDS[0], o, str::parse::<EndVariant>)?;
    }
    if let Some(o) = &a[1] {
        s.referee.koks = setting(FIELDS[1], o, str::parse::<Koks>)?;
    }
    if let Some(o) = &a[2] {
        s.referee.last_roll = last_roll_arg(o)?;
    }
    if let Some(o) = &a[3] {
        s.first_move = setting(FIELDS[3], o, str::parse::<FirstMove>)?;
    }
    if let Some(o) = &a[4] {
        let first = setting(FIELDS[4], o, NardyOptions::first_turn_exception_from_name)?;
        s.options = (s.options - NardyOptions::UNCONDITIONAL_FIRST_TURN) | first;
    }
    if let Some(o) = &a[5] {
        let block = setting(FIELDS[5], o, NardyOptions::block_check_from_name)?;
        s.options = (s.options - NardyOptions::END_OF_TURN_BLOCK_CHECK) | block;
    }
    s.validate().map_err(|e| match e {
        NardySettingsError::KoksWithoutMars(k) => InvalidInputError::new_err(format!(
            "koks='{}' needs end_variant='mars': under 'oin' every win is worth 1 (LN-34, LN-35)",
            snake_case(k.name())
        )),
        NardySettingsError::Value(v) => setting_error(&v),
    })
}

impl PyNardySettings {
    /// The values in the constructor's order, snake_case.
    fn values(&self) -> (String, String, bool, String, String, String) {
        let s = &self.inner;
        (
            snake_case(s.referee.end_variant.name()),
            snake_case(s.referee.koks.name()),
            s.referee.last_roll,
            snake_case(s.first_move.name()),
            snake_case(s.options.first_turn_exception_name()),
            snake_case(s.options.block_check_name()),
        )
    }
}

#[pymethods]
impl PyNardySettings {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let inner = build("NardySettings", args, kwargs, NardySettings::default())?;
        Ok(PyNardySettings { inner })
    }

    /// ``"mars"`` (Oin 1, Mars 2) or ``"oin"`` (every win 1), LN-34.
    #[getter]
    fn end_variant(&self) -> String {
        snake_case(self.inner.referee.end_variant.name())
    }

    /// ``"off"``, ``"no_checker_home"`` or ``"checker_in_start_quarter"`` (LN-35).
    #[getter]
    fn koks(&self) -> String {
        snake_case(self.inner.referee.koks.name())
    }

    /// Black's extra last roll when White finishes first (LN-37).
    #[getter]
    fn last_roll(&self) -> bool {
        self.inner.referee.last_roll
    }

    /// ``"to_loser"`` or ``"alternate"`` (LN-11).
    #[getter]
    fn first_move_in_series(&self) -> String {
        snake_case(self.inner.first_move.name())
    }

    /// ``"head_blocked"`` (LN-18/19) or ``"unconditional"`` (§9).
    #[getter]
    fn first_turn_exception(&self) -> String {
        snake_case(self.inner.options.first_turn_exception_name())
    }

    /// ``"every_step"`` (LN-26) or ``"end_of_turn"`` (§9).
    #[getter]
    fn block_check(&self) -> String {
        snake_case(self.inner.options.block_check_name())
    }

    /// A copy with the given settings changed, checked as the constructor checks them.
    #[pyo3(signature = (**changes))]
    fn replace(
        &self,
        py: Python<'_>,
        changes: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyNardySettings> {
        let inner = build(
            "NardySettings.replace",
            &PyTuple::empty(py),
            changes,
            self.inner,
        )?;
        Ok(PyNardySettings { inner })
    }

    /// The side of the previous game of a series whose player starts (is White in) the next
    /// game (LN-11), ``winner`` being the previous game's winner (``None`` for a draw, after
    /// which the players alternate).
    ///
    /// Raises ``InvalidInputError`` for a ``winner`` that is no colour.
    #[pyo3(signature = (winner))]
    fn next_starter(&self, winner: Option<&Bound<'_, PyAny>>) -> PyResult<PyColor> {
        let winner = winner.map(color_arg).transpose()?;
        Ok(self.inner.first_move.next_starter(winner).into())
    }

    /// The starting position (LN-6), White on roll, with these options of §9.
    fn start_position(&self) -> PyPosition {
        let start = VariantPosition::start(Variant::LongNardy, gammon_core::Color::White);
        PyPosition {
            inner: start
                .with_nardy_options(self.inner.options)
                .unwrap_or(start),
        }
    }

    /// ``position`` (Long Nardy) with these options of §9 (LN-18, LN-26).
    ///
    /// Raises ``InvalidInputError`` for a position of another variant.
    fn position(&self, position: PyPosition) -> PyResult<PyPosition> {
        position
            .inner
            .with_nardy_options(self.inner.options)
            .map(|inner| PyPosition { inner })
            .ok_or_else(|| {
                InvalidInputError::new_err(format!(
                    "a Long Nardy game needs a long-nardy position, not {}",
                    position.inner.variant()
                ))
            })
    }

    fn __repr__(&self) -> String {
        let (e, k, l, f, t, b) = self.values();
        format!(
            "NardySettings(end_variant={e:?}, koks={k:?}, last_roll={}, \
             first_move_in_series={f:?}, first_turn_exception={t:?}, block_check={b:?})",
            if l { "True" } else { "False" }
        )
        .replace('"', "'")
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let args = slf.get().values().into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }
}

/// The scoring settings a binding reads from a ``gammon.nardy.NardySettings`` argument (the
/// turn state machine, the rollouts).
pub(crate) struct NardyScoring(NardyReferee);

impl<'a, 'py> FromPyObject<'a, 'py> for NardyScoring {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<NardyScoring> {
        match obj.extract::<PyNardySettings>() {
            Ok(s) => Ok(NardyScoring(s.inner.referee)),
            Err(_) => Err(InvalidInputError::new_err(format!(
                "nardy must be a gammon.nardy.NardySettings, not {}",
                repr(&obj.to_owned())
            ))),
        }
    }
}

impl NardyScoring {
    /// The referee these settings make.
    pub(crate) fn referee(&self) -> PyResult<NardyReferee> {
        Ok(self.0)
    }
}

/// The referee of the scoring settings' §9 names (as `TurnState` pickles them).
pub fn referee(end_variant: &str, koks: &str, last_roll: bool) -> PyResult<NardyReferee> {
    Ok(NardyReferee {
        end_variant: end_variant
            .parse::<EndVariant>()
            .map_err(|e| setting_error(&e))?,
        koks: koks.parse::<Koks>().map_err(|e| setting_error(&e))?,
        last_roll,
    })
}
