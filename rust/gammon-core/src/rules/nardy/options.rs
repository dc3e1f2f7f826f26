//! The names of the §9 settings as text: the error for a spelling that is not one of the
//! spec's, and the folding that lets `toLoser`, `to_loser` and `to-loser` agree. Shared by the
//! rules' own options ([`super::NardyOptions`]) and the scoring settings (`EndVariant`, `Koks`).

/// A setting value that is not one of the spec's spellings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{value:?} is not a value of {setting}; expected one of {expected} ({rule})")]
pub struct ParseSettingError {
    /// The setting's name as §9 writes it.
    pub setting: &'static str,
    /// The text given.
    pub value: String,
    /// The accepted spellings.
    pub expected: &'static str,
    /// The rule that defines the setting.
    pub rule: &'static str,
}

/// Lower-cases and drops `_`, `-` and spaces, so `toLoser`, `to_loser` and `to-loser` agree.
pub(crate) fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}
