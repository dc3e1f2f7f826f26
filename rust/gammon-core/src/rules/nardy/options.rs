//! The names of the §9 settings as text: the error for a spelling that is not one of the
//! spec's, the folding that lets `toLoser`, `to_loser` and `to-loser` agree, and the
//! snake_case spelling the Python API shows (`to_loser`). Shared by the rules' own options
//! ([`super::NardyOptions`]) and the scoring settings (`EndVariant`, `Koks`, the last roll and
//! the series' first move).

use std::fmt::Write as _;

/// A setting value that is not one of the spec's spellings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{value:?} is not a value of {setting}; expected one of {} ({rule})",
    quoted(expected, '"')
)]
pub struct ParseSettingError {
    /// The setting's name as §9 writes it.
    pub setting: &'static str,
    /// The text given.
    pub value: String,
    /// The accepted spellings, as §9 writes them.
    pub expected: &'static [&'static str],
    /// The rule that defines the setting.
    pub rule: &'static str,
}

impl ParseSettingError {
    /// The accepted spellings in snake_case, each in `quote`s, comma-separated (for messages
    /// in the Python API's spelling).
    #[must_use]
    pub fn expected_snake(&self, quote: char) -> String {
        let snake: Vec<String> = self.expected.iter().map(|n| snake_case(n)).collect();
        let names: Vec<&str> = snake.iter().map(String::as_str).collect();
        quoted(&names, quote)
    }
}

/// `names`, each in `quote`s, comma-separated.
fn quoted(names: &[&str], quote: char) -> String {
    let mut out = String::new();
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{quote}{n}{quote}");
    }
    out
}

/// Lower-cases and drops `_`, `-` and spaces, so `toLoser`, `to_loser` and `to-loser` agree.
pub(crate) fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A §9 spelling (camelCase, as the spec writes it) in snake_case: `noCheckerHome` ->
/// `no_checker_home`.
#[must_use]
pub fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The index in `names` of the spelling `value` folds to ([`squash`]), or the error naming
/// `setting`, the accepted `names` and `rule`.
///
/// # Errors
/// [`ParseSettingError`] when `value` is none of `names`.
pub(crate) fn choose(
    setting: &'static str,
    value: &str,
    names: &'static [&'static str],
    rule: &'static str,
) -> Result<usize, ParseSettingError> {
    let key = squash(value);
    names
        .iter()
        .position(|n| squash(n) == key)
        .ok_or_else(|| ParseSettingError {
            setting,
            value: value.to_string(),
            expected: names,
            rule,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_fold_and_convert() {
        assert_eq!(
            snake_case("checkerInStartQuarter"),
            "checker_in_start_quarter"
        );
        assert_eq!(snake_case("oin"), "oin");
        const NAMES: &[&str] = &["toLoser", "alternate"];
        for v in ["toLoser", "to_loser", "TO-LOSER", "to loser"] {
            assert_eq!(choose("firstMoveInSeries", v, NAMES, "LN-11"), Ok(0));
        }
        let e = choose("firstMoveInSeries", "winner", NAMES, "LN-11").unwrap_err();
        assert_eq!(
            e.to_string(),
            "\"winner\" is not a value of firstMoveInSeries; expected one of \"toLoser\", \
             \"alternate\" (LN-11)"
        );
        assert_eq!(e.expected_snake('\''), "'to_loser', 'alternate'");
    }
}
