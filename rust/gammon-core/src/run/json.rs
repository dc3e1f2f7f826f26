//! The JSON of checkpoint files: a value tree that keeps integers of any size exactly, a reader
//! with a nesting limit, the writers, and the SHA-256 integrity check over a canonical text.
//!
//! The canonical text is the one Python's `json.dumps(value, sort_keys=True,
//! separators=(",", ":"), allow_nan=False)` writes (keys sorted, no spaces, non-ASCII
//! characters as `\uXXXX` escapes, floats as Python's `repr`), so that checkpoint files
//! written by earlier versions of the package (whose check Python computed) still verify.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sha2::{Digest, Sha256};

/// A JSON value. Integers keep their decimal text (any size); other numbers are floats, as
/// Python's `json` module reads them.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer, as canonical decimal text (`-0` is written `0`).
    Int(String),
    /// A number with a fraction or an exponent (finite).
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object (keys in sorted order).
    Object(BTreeMap<String, Json>),
}

/// The deepest nesting a checkpoint may have (arrays and objects inside each other).
pub const MAX_DEPTH: usize = 64;

/// Text that is not the JSON of a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    /// Not UTF-8 text.
    #[error("is not UTF-8 text")]
    NotText,
    /// Not JSON (the reader's message).
    #[error("is not JSON (corrupt?): {0}")]
    Syntax(String),
    /// Nested deeper than [`MAX_DEPTH`].
    #[error("is nested more than {MAX_DEPTH} levels deep (corrupt?)")]
    TooDeep,
    /// A number that is not finite (a float past the largest, NaN or infinity).
    #[error("holds a number that is not finite: {0}")]
    NotFinite(String),
}

impl Json {
    /// An integer value.
    #[must_use]
    pub fn int(v: impl Into<i128>) -> Json {
        Json::Int(v.into().to_string())
    }

    /// An unsigned integer value (up to `u128::MAX`).
    #[must_use]
    pub fn uint(v: u128) -> Json {
        Json::Int(v.to_string())
    }

    /// A string value.
    #[must_use]
    pub fn str(v: impl Into<String>) -> Json {
        Json::Str(v.into())
    }

    /// An object of `fields`.
    #[must_use]
    pub fn object<'a>(fields: impl IntoIterator<Item = (&'a str, Json)>) -> Json {
        Json::Object(
            fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// Reads JSON text (UTF-8 bytes).
    ///
    /// # Errors
    /// [`JsonError`] for bytes that are not UTF-8, text that is not JSON, nesting past
    /// [`MAX_DEPTH`] or a number that is not finite.
    pub fn parse(bytes: &[u8]) -> Result<Json, JsonError> {
        let text = std::str::from_utf8(bytes).map_err(|_| JsonError::NotText)?;
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))?;
        Json::from_serde(value, 0)
    }

    fn from_serde(v: serde_json::Value, depth: usize) -> Result<Json, JsonError> {
        use serde_json::Value as V;
        if depth > MAX_DEPTH {
            return Err(JsonError::TooDeep);
        }
        Ok(match v {
            V::Null => Json::Null,
            V::Bool(b) => Json::Bool(b),
            V::Number(n) => Json::number(n.as_str())?,
            V::String(s) => Json::Str(s),
            V::Array(items) => Json::Array(
                items
                    .into_iter()
                    .map(|x| Json::from_serde(x, depth + 1))
                    .collect::<Result<_, _>>()?,
            ),
            V::Object(map) => Json::Object(
                map.into_iter()
                    .map(|(k, x)| Ok((k, Json::from_serde(x, depth + 1)?)))
                    .collect::<Result<_, JsonError>>()?,
            ),
        })
    }

    /// The value of a JSON number's text: an integer unless it has a fraction or exponent.
    fn number(text: &str) -> Result<Json, JsonError> {
        if text.contains(['.', 'e', 'E']) {
            let x: f64 = text
                .parse()
                .map_err(|_| JsonError::Syntax(format!("bad number {text}")))?;
            if !x.is_finite() {
                return Err(JsonError::NotFinite(text.to_string()));
            }
            Ok(Json::Float(x))
        } else if text.trim_start_matches('-').bytes().all(|b| b == b'0') {
            Ok(Json::Int("0".to_string()))
        } else {
            Ok(Json::Int(text.to_string()))
        }
    }

    /// Writes the canonical text (see the module's documentation).
    #[must_use]
    pub fn canonical(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// Writes the text of a file: as [`Json::canonical`], but indented by one space a level
    /// and with `first` keys (when present) before the others, then a newline.
    #[must_use]
    pub fn pretty(&self, first: &[&str]) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(first), 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, pretty: Option<&[&str]>, level: usize) {
        let newline = |out: &mut String, level: usize| {
            if pretty.is_some() {
                out.push('\n');
                out.push_str(&" ".repeat(level));
            }
        };
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(t) => out.push_str(t),
            Json::Float(x) => out.push_str(&python_float_repr(*x)),
            Json::Str(s) => write_string(out, s),
            Json::Array(items) => {
                out.push('[');
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, level + 1);
                    x.write(out, pretty, level + 1);
                }
                if !items.is_empty() {
                    newline(out, level);
                }
                out.push(']');
            }
            Json::Object(map) => {
                out.push('{');
                let firsts = pretty.unwrap_or(&[]);
                let keys = firsts
                    .iter()
                    .filter(|k| map.contains_key(**k))
                    .copied()
                    .chain(
                        map.keys()
                            .map(String::as_str)
                            .filter(|k| !firsts.contains(k)),
                    );
                for (i, k) in keys.enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, level + 1);
                    write_string(out, k);
                    out.push(':');
                    if pretty.is_some() {
                        out.push(' ');
                    }
                    if let Some(v) = map.get(k) {
                        v.write(out, pretty, level + 1);
                    }
                }
                if !map.is_empty() {
                    newline(out, level);
                }
                out.push('}');
            }
        }
    }
}

/// The integrity check of a checkpoint object: `"sha256:"` and the hexadecimal SHA-256 of the
/// canonical text of `fields` without its `"check"` field.
#[must_use]
pub fn integrity_check(fields: &BTreeMap<String, Json>) -> String {
    let mut body = fields.clone();
    body.remove("check");
    sha256_text(&Json::Object(body).canonical())
}

/// The integrity check as the simulation checkpoints of earlier versions computed it: as
/// [`integrity_check`], but over serde_json's compact text (keys sorted, characters past ASCII
/// as they are, floats as serde_json writes them: `0.000015` where Python writes `1.5e-05`),
/// so that those files still verify.
#[must_use]
pub fn serde_integrity_check(fields: &BTreeMap<String, Json>) -> String {
    fn serde(v: &Json) -> serde_json::Value {
        use serde_json::Value as V;
        match v {
            Json::Null => V::Null,
            Json::Bool(b) => V::Bool(*b),
            // Integers keep their digits (the feature `arbitrary_precision`).
            Json::Int(t) => serde_json::from_str(t).unwrap_or(V::Null),
            Json::Float(x) => serde_json::Number::from_f64(*x).map_or(V::Null, V::Number),
            Json::Str(s) => V::String(s.clone()),
            Json::Array(items) => V::Array(items.iter().map(serde).collect()),
            Json::Object(map) => {
                V::Object(map.iter().map(|(k, x)| (k.clone(), serde(x))).collect())
            }
        }
    }
    let body: serde_json::Map<String, serde_json::Value> = fields
        .iter()
        .filter(|(k, _)| *k != "check")
        .map(|(k, x)| (k.clone(), serde(x)))
        .collect();
    sha256_text(&serde_json::Value::Object(body).to_string())
}

/// `"sha256:"` and the hexadecimal SHA-256 of `text`.
fn sha256_text(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for b in digest {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// `s` as a JSON string with Python's `ensure_ascii` escapes.
fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{u:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// `x` as Python's `repr(float)` writes it: the shortest digits that read back as `x`, in
/// positional notation for exponents from -4 to 15 (with at least one digit after the point)
/// and in scientific notation otherwise (`1e+16`, `1.5e-05`).
#[must_use]
pub fn python_float_repr(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if x < 0.0 { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let n = digits.len() as i32;
        let point = exp + 1;
        let body = if point <= 0 {
            format!("0.{}{digits}", "0".repeat((-point) as usize))
        } else if point < n {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        } else {
            format!("{digits}{}.0", "0".repeat((point - n) as usize))
        };
        format!("{sign}{body}")
    } else {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}{frac}e{esign}{:02}", exp.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_are_written_as_python_writes_them() {
        for (x, want) in [
            (0.05736410999998043, "0.05736410999998043"),
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (123456789.5, "123456789.5"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (-2.5, "-2.5"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (0.0, "0.0"),
        ] {
            assert_eq!(python_float_repr(x), want, "{x}");
        }
    }

    #[test]
    fn the_canonical_text_sorts_keys_and_escapes_as_python_does() {
        let v = Json::parse(
            "{\"b\": [1, 2.50, -0, 1E2], \"a\": \"\u{e9}\\u00e9\\ud83d\\ude00\\n\\u007f\", \"c\": {}}"
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(
            v.canonical(),
            r#"{"a":"\u00e9\u00e9\ud83d\ude00\n\u007f","b":[1,2.5,0,100.0],"c":{}}"#
        );
        let big = Json::parse(b"[340282366920938463463374607431768211455]").unwrap();
        assert_eq!(big.canonical(), "[340282366920938463463374607431768211455]");
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        assert_eq!(Json::parse(b"\xff\xfe"), Err(JsonError::NotText));
        assert!(matches!(Json::parse(b"{\"a\":"), Err(JsonError::Syntax(_))));
        assert!(matches!(
            Json::parse(b"[1e999]"),
            Err(JsonError::NotFinite(_))
        ));
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(Json::parse(deep.as_bytes()).is_err());
        let deep = format!("{}{}", "[".repeat(70), "]".repeat(70));
        assert_eq!(Json::parse(deep.as_bytes()), Err(JsonError::TooDeep));
    }
}
