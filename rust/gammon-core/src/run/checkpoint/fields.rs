//! Reading a record's JSON fields with errors that name the field: [`Fields`], the types and
//! ranges of values, the win tables and the game ranges, and values written as Python's `repr`
//! writes them (the messages of the files the package wrote first).

use super::*;

/// The fields of a JSON object, read with errors that name the field.
pub struct Fields<'a> {
    /// The object's fields.
    pub map: &'a BTreeMap<String, Json>,
    /// What stands before a field's name in messages: empty for a record's own fields,
    /// `"tally."` for those of its object `tally`.
    pub prefix: &'static str,
}

/// `value` as a JSON object (`what` names it in the error: "a rollout checkpoint").
///
/// # Errors
/// [`CheckpointError`] when it is not an object.
pub fn object<'a>(
    value: &'a Json,
    what: &str,
) -> Result<&'a BTreeMap<String, Json>, CheckpointError> {
    match value {
        Json::Object(map) => Ok(map),
        other => Err(CheckpointError(format!(
            "{what} is a dict, not {}",
            type_name(other)
        ))),
    }
}

/// Checks that `map` has exactly the fields `names`; else the error says `what` ("not a
/// rollout checkpoint") and lists the fields missing and those unknown.
///
/// # Errors
/// [`CheckpointError`] naming the fields.
pub fn exact_fields(
    map: &BTreeMap<String, Json>,
    names: &[&str],
    what: &str,
) -> Result<(), CheckpointError> {
    let missing: Vec<&str> = names
        .iter()
        .copied()
        .filter(|k| !map.contains_key(*k))
        .collect();
    let unknown: Vec<&str> = map
        .keys()
        .map(String::as_str)
        .filter(|k| !names.contains(k))
        .collect();
    if missing.is_empty() && unknown.is_empty() {
        return Ok(());
    }
    Err(CheckpointError(format!(
        "{what}: missing fields {}, unknown fields {}",
        py_list(&missing),
        py_list(&unknown)
    )))
}

impl<'a> Fields<'a> {
    /// The fields of a record.
    #[must_use]
    pub fn new(map: &'a BTreeMap<String, Json>) -> Fields<'a> {
        Fields { map, prefix: "" }
    }

    /// The fields of a record's object, named in messages after `prefix` (`"tally."`).
    #[must_use]
    pub fn nested(map: &'a BTreeMap<String, Json>, prefix: &'static str) -> Fields<'a> {
        Fields { map, prefix }
    }

    /// The field `name` with the prefix, as messages name it.
    fn name(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// The field `name`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is missing.
    pub fn get(&self, name: &str) -> Result<&'a Json, CheckpointError> {
        self.map.get(name).ok_or_else(|| {
            CheckpointError(format!("checkpoint field {} is missing", self.name(name)))
        })
    }

    /// A string field.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not a string.
    pub fn str(&self, name: &str) -> Result<&'a str, CheckpointError> {
        match self.get(name)? {
            Json::Str(s) => Ok(s),
            other => Err(CheckpointError(format!(
                "checkpoint field {} must be a str, not {}",
                self.name(name),
                py_repr(other)
            ))),
        }
    }

    /// A boolean field.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not `true` or `false`.
    pub fn bool(&self, name: &str) -> Result<bool, CheckpointError> {
        match self.get(name)? {
            Json::Bool(b) => Ok(*b),
            other => Err(CheckpointError(format!(
                "checkpoint field {} must be a bool, not {}",
                self.name(name),
                py_repr(other)
            ))),
        }
    }

    /// A non-negative integer field within `low..=high`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not an integer in range.
    pub fn uint(&self, name: &str, low: u128, high: u128) -> Result<u128, CheckpointError> {
        uint_value(self.get(name)?, &self.name(name), low, high)
    }

    /// A field of two non-negative integers, each within `low..=high`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not a pair of integers in range.
    pub fn uint_pair(
        &self,
        name: &str,
        low: u128,
        high: u128,
    ) -> Result<[u128; 2], CheckpointError> {
        let full = self.name(name);
        match self.get(name)? {
            Json::Array(p) if p.len() == 2 => Ok([
                uint_value(&p[0], &full, low, high)?,
                uint_value(&p[1], &full, low, high)?,
            ]),
            other => Err(CheckpointError(format!(
                "checkpoint field {full} must be a pair of ints, not {}",
                py_repr(other)
            ))),
        }
    }

    /// An integer field within `low..=high`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not an integer in range.
    pub fn int(&self, name: &str, low: i128, high: i128) -> Result<i128, CheckpointError> {
        let v = self.get(name)?;
        let Json::Int(t) = v else {
            return Err(not_int(&self.name(name), v));
        };
        match t.parse::<i128>() {
            Ok(x) if (low..=high).contains(&x) => Ok(x),
            _ => Err(CheckpointError(format!(
                "checkpoint field {} must be in {low}..{high}, not {t}",
                self.name(name)
            ))),
        }
    }

    /// A field of seconds: a finite number `>= 0`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not a number, or is negative.
    pub fn seconds(&self, name: &str) -> Result<f64, CheckpointError> {
        let v = self.get(name)?;
        let x = match v {
            Json::Float(x) => *x,
            Json::Int(t) => t.parse::<f64>().unwrap_or(f64::INFINITY),
            other => {
                return Err(CheckpointError(format!(
                    "checkpoint field {} must be a number, not {}",
                    self.name(name),
                    py_repr(other)
                )))
            }
        };
        if !(x.is_finite() && x >= 0.0) {
            return Err(CheckpointError(format!(
                "checkpoint field {} must be >= 0, not {}",
                self.name(name),
                py_repr(v)
            )));
        }
        Ok(x)
    }
}

pub(super) fn not_int(name: &str, v: &Json) -> CheckpointError {
    CheckpointError(format!(
        "checkpoint field {name} must be an int, not {}",
        py_repr(v)
    ))
}

pub(super) fn uint_value(
    v: &Json,
    name: &str,
    low: u128,
    high: u128,
) -> Result<u128, CheckpointError> {
    let Json::Int(t) = v else {
        return Err(not_int(name, v));
    };
    match t.parse::<u128>() {
        Ok(x) if (low..=high).contains(&x) => Ok(x),
        _ => Err(CheckpointError(format!(
            "checkpoint field {name} must be in {low}..{high}, not {t}"
        ))),
    }
}

/// A value as Python's `repr` writes it (for messages).
#[must_use]
pub fn py_repr(v: &Json) -> String {
    let text = match v {
        Json::Null => "None".to_string(),
        Json::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        Json::Int(t) => t.clone(),
        Json::Float(x) => crate::run::json::python_float_repr(*x),
        Json::Str(s) => quoted(s),
        Json::Array(items) => format!(
            "[{}]",
            items.iter().map(py_repr).collect::<Vec<_>>().join(", ")
        ),
        Json::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, x)| format!("{}: {}", quoted(k), py_repr(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    if text.chars().count() > 120 {
        let head: String = text.chars().take(100).collect();
        format!("{head}…")
    } else {
        text
    }
}

pub(super) fn py_list(names: &[&str]) -> String {
    format!(
        "[{}]",
        names
            .iter()
            .map(|n| quoted(n))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

pub(super) fn type_name(v: &Json) -> &'static str {
    match v {
        Json::Null => "NoneType",
        Json::Bool(_) => "bool",
        Json::Int(_) => "int",
        Json::Float(_) => "float",
        Json::Str(_) => "str",
        Json::Array(_) => "list",
        Json::Object(_) => "dict",
    }
}

pub(crate) fn read_win_table(
    v: &Json,
    name: &str,
    max: u128,
) -> Result<[[u128; WIN_KINDS]; 2], CheckpointError> {
    let bad = || {
        CheckpointError(format!(
            "checkpoint field {name} must be two lists of {WIN_KINDS} counts, not {}",
            py_repr(v)
        ))
    };
    let Json::Array(sides) = v else {
        return Err(bad());
    };
    if sides.len() != 2 {
        return Err(bad());
    }
    let mut out = [[0u128; WIN_KINDS]; 2];
    for (side, row) in sides.iter().enumerate() {
        let Json::Array(row) = row else {
            return Err(bad());
        };
        if row.len() != WIN_KINDS {
            return Err(bad());
        }
        for (k, x) in row.iter().enumerate() {
            out[side][k] = uint_value(x, name, 0, max)?;
        }
    }
    Ok(out)
}

/// The field `ranges` of a record: a non-empty list of pairs `[first, end]` with
/// `0 <= first <= end < 2**64`, as written (not yet sorted or joined).
pub(crate) fn read_range_pairs(v: &Json) -> Result<Vec<Range<u64>>, CheckpointError> {
    let Json::Array(items) = v else {
        return Err(CheckpointError(format!(
            "checkpoint field ranges must be a non-empty list, not {}",
            py_repr(v)
        )));
    };
    if items.is_empty() {
        return Err(CheckpointError::new(
            "checkpoint field ranges must be a non-empty list, not []",
        ));
    }
    let mut pairs = Vec::with_capacity(items.len());
    for r in items {
        let p = match r {
            Json::Array(p) if p.len() == 2 => p,
            _ => {
                return Err(CheckpointError(format!(
                    "a checkpoint range is a pair [first, end], not {}",
                    py_repr(r)
                )))
            }
        };
        let a = uint_value(&p[0], "ranges", 0, u64::MAX.into())? as u64;
        let b = uint_value(&p[1], "ranges", a.into(), u64::MAX.into())? as u64;
        pairs.push(a..b);
    }
    Ok(pairs)
}

/// The game ranges of a record, checked: pairs `0 <= a <= b < 2**64`, without overlap,
/// holding exactly `games` games.
pub(super) fn read_ranges(v: &Json, games: u64) -> Result<Ranges, CheckpointError> {
    let ranges = Ranges::new(read_range_pairs(v)?)?;
    let covered = ranges.games();
    if covered != games {
        return Err(CheckpointError(format!(
            "the checkpoint's ranges hold {covered} games but it counts {games}: a resume would \
             count games twice or skip them"
        )));
    }
    Ok(ranges)
}
