//! Small value classes (`Color`, `Variant`, `Outcome`, `Move`) and the conversion of loose
//! Python arguments (names, tuples) into core values.

use std::borrow::Cow;

use gammon_core::{Color, Dice, Move, Outcome, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::errors::{
    dice_error, move_error, not_text_error, outcome_kind_error, unreadable_text_error,
    InvalidDiceError, InvalidInputError,
};

/// Reads a text argument. Raises `InvalidInputError` for a non-`str` and `ParseError` for a
/// `str` holding a lone surrogate (which is no Unicode text), so that no other exception type
/// comes out of a parser.
pub fn text_arg<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    let s = obj
        .cast::<PyString>()
        .map_err(|_| not_text_error(what, obj))?;
    s.to_cow().map_err(|e| unreadable_text_error(what, &e))
}

/// One of the two players.
#[pyclass(
    name = "Color",
    module = "gammon",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyColor {
    /// White (in Long Nardy: the player who moves first in the game).
    #[pyo3(name = "WHITE")]
    White = 0,
    /// Black.
    #[pyo3(name = "BLACK")]
    Black = 1,
}

impl From<Color> for PyColor {
    fn from(c: Color) -> PyColor {
        match c {
            Color::White => PyColor::White,
            Color::Black => PyColor::Black,
        }
    }
}

impl From<PyColor> for Color {
    fn from(c: PyColor) -> Color {
        match c {
            PyColor::White => Color::White,
            PyColor::Black => Color::Black,
        }
    }
}

#[pymethods]
impl PyColor {
    /// The other player.
    fn other(&self) -> PyColor {
        Color::from(*self).other().into()
    }

    fn __invert__(&self) -> PyColor {
        self.other()
    }

    fn __str__(&self) -> &'static str {
        Color::from(*self).name()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let name = match self {
            PyColor::White => "WHITE",
            PyColor::Black => "BLACK",
        };
        reduce_to_attribute(py, "Color", name)
    }
}

/// What `__reduce__` returns for an enum member: `(getattr, (class, member name))`.
pub(crate) type Reduced<'py> = (Bound<'py, PyAny>, (Bound<'py, PyAny>, &'static str));

/// Pickles an enum member as `getattr(gammon.<class>, <member>)`.
fn reduce_to_attribute<'py>(
    py: Python<'py>,
    class: &str,
    member: &'static str,
) -> PyResult<Reduced<'py>> {
    let getattr = py.import("builtins")?.getattr("getattr")?;
    let cls = py.import("gammon")?.getattr(class)?;
    Ok((getattr, (cls, member)))
}

/// A game: standard backgammon, nackgammon, hypergammon or Long Nardy.
#[pyclass(
    name = "Variant",
    module = "gammon",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyVariant {
    /// Standard backgammon.
    #[pyo3(name = "BACKGAMMON")]
    Backgammon = 0,
    /// Nackgammon.
    #[pyo3(name = "NACKGAMMON")]
    Nackgammon = 1,
    /// Hypergammon with one checker a side.
    #[pyo3(name = "HYPERGAMMON_1")]
    Hypergammon1 = 2,
    /// Hypergammon with two checkers a side.
    #[pyo3(name = "HYPERGAMMON_2")]
    Hypergammon2 = 3,
    /// Hypergammon with three checkers a side.
    #[pyo3(name = "HYPERGAMMON_3")]
    Hypergammon3 = 4,
    /// Long Nardy.
    #[pyo3(name = "LONG_NARDY")]
    LongNardy = 5,
}

impl From<Variant> for PyVariant {
    fn from(v: Variant) -> PyVariant {
        match v {
            Variant::Backgammon => PyVariant::Backgammon,
            Variant::Nackgammon => PyVariant::Nackgammon,
            Variant::Hypergammon1 => PyVariant::Hypergammon1,
            Variant::Hypergammon2 => PyVariant::Hypergammon2,
            Variant::Hypergammon3 => PyVariant::Hypergammon3,
            Variant::LongNardy => PyVariant::LongNardy,
        }
    }
}

impl From<PyVariant> for Variant {
    fn from(v: PyVariant) -> Variant {
        match v {
            PyVariant::Backgammon => Variant::Backgammon,
            PyVariant::Nackgammon => Variant::Nackgammon,
            PyVariant::Hypergammon1 => Variant::Hypergammon1,
            PyVariant::Hypergammon2 => Variant::Hypergammon2,
            PyVariant::Hypergammon3 => Variant::Hypergammon3,
            PyVariant::LongNardy => Variant::LongNardy,
        }
    }
}

#[pymethods]
impl PyVariant {
    /// The canonical name, e.g. ``"long-nardy"``.
    #[getter]
    fn canonical_name(&self) -> &'static str {
        Variant::from(*self).name()
    }

    /// Other accepted names.
    #[getter]
    fn aliases(&self) -> Vec<&'static str> {
        Variant::from(*self).aliases().to_vec()
    }

    /// Checkers each player owns.
    #[getter]
    fn checkers_per_side(&self) -> u8 {
        Variant::from(*self).checkers_per_side()
    }

    /// Every variant.
    #[staticmethod]
    fn all() -> Vec<PyVariant> {
        Variant::ALL.iter().map(|&v| v.into()).collect()
    }

    fn __str__(&self) -> &'static str {
        self.canonical_name()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let name = match self {
            PyVariant::Backgammon => "BACKGAMMON",
            PyVariant::Nackgammon => "NACKGAMMON",
            PyVariant::Hypergammon1 => "HYPERGAMMON_1",
            PyVariant::Hypergammon2 => "HYPERGAMMON_2",
            PyVariant::Hypergammon3 => "HYPERGAMMON_3",
            PyVariant::LongNardy => "LONG_NARDY",
        };
        reduce_to_attribute(py, "Variant", name)
    }
}

/// Reads a `Color` or a color name.
pub fn color_arg(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    if let Ok(c) = obj.extract::<PyColor>() {
        return Ok(c.into());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = text_arg(s.as_any(), "a color name")?;
        return text
            .parse::<Color>()
            .map_err(|e| InvalidInputError::new_err(crate::errors::bounded(e.to_string())));
    }
    Err(InvalidInputError::new_err(format!(
        "expected a gammon.Color or \"white\"/\"black\", got {}",
        obj.repr().map(|r| r.to_string()).unwrap_or_default()
    )))
}

/// Reads dice from a pair of ints (tuple or list) or a text such as ``"31"`` or ``"3-1"``.
pub fn dice_arg(obj: &Bound<'_, PyAny>) -> PyResult<Dice> {
    if let Ok(s) = obj.cast::<PyString>() {
        // A str that is no Unicode text is bad dice too (InvalidDiceError, not ParseError).
        let text = text_arg(s.as_any(), "dice")
            .map_err(|e| InvalidDiceError::new_err(e.value(obj.py()).to_string()))?;
        return text.parse::<Dice>().map_err(|e| dice_error(&e));
    }
    let bad = || {
        InvalidDiceError::new_err(format!(
            "dice must be a pair of ints 1-6 such as (3, 1), or a text such as \"31\"; got {}",
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    };
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(bad());
    }
    // The two items, read in place (no vector: this runs on every `legal_plays` call).
    let items: [Bound<'_, PyAny>; 2] = if let Ok(t) = obj.cast::<PyTuple>() {
        if t.len() != 2 {
            return Err(bad());
        }
        [t.get_item(0)?, t.get_item(1)?]
    } else if let Ok(l) = obj.cast::<pyo3::types::PyList>() {
        if l.len() != 2 {
            return Err(bad());
        }
        [l.get_item(0)?, l.get_item(1)?]
    } else {
        return Err(bad());
    };
    let mut vals = [0i64; 2];
    for (slot, item) in vals.iter_mut().zip(&items) {
        if item.is_instance_of::<pyo3::types::PyBool>() {
            return Err(bad());
        }
        *slot = item.extract::<i64>().map_err(|_| bad())?;
    }
    for v in vals {
        if !(1..=6).contains(&v) {
            return Err(dice_error(&gammon_core::DiceError::OutOfRange(v)));
        }
    }
    Dice::new(vals[0] as u8, vals[1] as u8).map_err(|e| dice_error(&e))
}

/// How a finished game ended.
#[pyclass(name = "Outcome", module = "gammon", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    pub inner: Outcome,
}

#[pymethods]
impl PyOutcome {
    /// The player who won (for a Long Nardy draw: the game's White).
    #[getter]
    fn winner(&self) -> PyColor {
        self.inner.winner.into()
    }

    /// ``"single"``, ``"gammon"`` or ``"backgammon"`` (Long Nardy: ``"oin"``, ``"mars"``,
    /// ``"koks"``, ``"draw"``).
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.name()
    }

    /// Points won at cube value 1: 1, 2 or 3 (Long Nardy default settings: Oin 1, Mars 2).
    #[getter]
    fn points(&self) -> u8 {
        self.inner.points()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner=Color.{}, kind={:?}, points={})",
            self.inner.winner.name().to_uppercase(),
            self.inner.kind.name(),
            self.inner.points()
        )
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// Pickles as ``_outcome_from_parts(winner, kind)``.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (PyColor, &'static str))> {
        let ctor = py.import("gammon._core")?.getattr("_outcome_from_parts")?;
        Ok((ctor, (self.inner.winner.into(), self.inner.kind.name())))
    }
}

/// Rebuilds a pickled outcome from its winner and the name of its kind.
#[pyfunction]
pub fn _outcome_from_parts(winner: PyColor, kind: &str) -> PyResult<PyOutcome> {
    use gammon_core::OutcomeKind as K;
    let kinds = [
        K::Single,
        K::Gammon,
        K::Backgammon,
        K::Oin,
        K::Mars,
        K::Koks,
        K::Draw,
    ];
    let kind = kinds
        .into_iter()
        .find(|k| k.name() == kind)
        .ok_or_else(|| outcome_kind_error(kind))?;
    Ok(PyOutcome {
        inner: Outcome {
            winner: winner.into(),
            kind,
        },
    })
}

/// One checker moved by one die: from a point to a point, in the mover's numbering
/// (25 = bar, 0 = off).
#[pyclass(name = "Move", module = "gammon", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyMove {
    pub inner: Move,
}

// `from_point` / `to_point` are the Python property names, not conversions.
#[allow(clippy::wrong_self_convention)]
#[pymethods]
impl PyMove {
    /// The point left (1..24, or 25 for the bar).
    #[getter]
    fn from_point(&self) -> u8 {
        self.inner.from
    }

    /// The point reached (1..24, or 0 for off).
    #[getter]
    fn to_point(&self) -> u8 {
        self.inner.to
    }

    /// True when the move hit a blot.
    #[getter]
    fn hit(&self) -> bool {
        self.inner.hit
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.inner.to_string())
    }

    /// Pickles as ``_move_from_parts(from_point, to_point, hit)``.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u8, u8, bool))> {
        let ctor = py.import("gammon._core")?.getattr("_move_from_parts")?;
        Ok((ctor, (self.inner.from, self.inner.to, self.inner.hit)))
    }
}

/// Rebuilds a pickled move from its points and hit flag.
#[pyfunction]
pub fn _move_from_parts(from_point: u8, to_point: u8, hit: bool) -> PyResult<PyMove> {
    if !(1..=25).contains(&from_point) || to_point > 24 || to_point >= from_point {
        return Err(move_error(from_point, to_point));
    }
    Ok(PyMove {
        inner: Move {
            from: from_point,
            to: to_point,
            hit,
        },
    })
}
