//! The games this crate plays: [`Variant`], with canonical names and aliases.

use std::fmt;
use std::str::FromStr;

/// Which set of rules governs a [`Variant`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesFamily {
    /// Western backgammon rules (hitting, bar, gammons): standard, nackgammon, hypergammon.
    Backgammon,
    /// Long Nardy rules (no hitting, head rule, block rule, Mars).
    LongNardy,
}

impl RulesFamily {
    /// The variant that stands for the family: standard backgammon or Long Nardy.
    #[must_use]
    pub const fn variant(self) -> Variant {
        match self {
            RulesFamily::Backgammon => Variant::Backgammon,
            RulesFamily::LongNardy => Variant::LongNardy,
        }
    }
}

/// A game: standard backgammon, one of its set-ups, or Long Nardy.
///
/// Standard, nackgammon and hypergammon share one rules type and differ only in their start
/// position and checker count. Long Nardy is a rules type of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Variant {
    /// Standard backgammon, 15 checkers a side (BG-7).
    Backgammon = 0,
    /// Nackgammon: backgammon rules, gnubg's start with four back checkers.
    Nackgammon = 1,
    /// Hypergammon with one checker a side.
    Hypergammon1 = 2,
    /// Hypergammon with two checkers a side.
    Hypergammon2 = 3,
    /// Hypergammon with three checkers a side.
    Hypergammon3 = 4,
    /// Long Nardy (LN-1 to LN-38).
    LongNardy = 5,
}

/// The text names no variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {name:?}; known variants: {known}")]
pub struct UnknownVariantError {
    /// The name that was asked for.
    pub name: String,
    /// The canonical names, comma-separated.
    pub known: String,
}

impl Variant {
    /// Every variant, in declaration order.
    pub const ALL: [Variant; 6] = [
        Variant::Backgammon,
        Variant::Nackgammon,
        Variant::Hypergammon1,
        Variant::Hypergammon2,
        Variant::Hypergammon3,
        Variant::LongNardy,
    ];

    /// The canonical name, as accepted by [`Variant::from_str`] and printed by `Display`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Backgammon => "backgammon",
            Variant::Nackgammon => "nackgammon",
            Variant::Hypergammon1 => "hypergammon-1",
            Variant::Hypergammon2 => "hypergammon-2",
            Variant::Hypergammon3 => "hypergammon-3",
            Variant::LongNardy => "long-nardy",
        }
    }

    /// Other names accepted for the variant (compared after lower-casing and turning spaces
    /// and underscores into hyphens).
    #[must_use]
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Backgammon => &["standard", "bg", "backgammon-standard"],
            Variant::Nackgammon => &["nack", "nack-gammon"],
            Variant::Hypergammon1 => &["hypergammon1", "hyper-1", "hyper1"],
            Variant::Hypergammon2 => &["hypergammon2", "hyper-2", "hyper2"],
            Variant::Hypergammon3 => &["hypergammon3", "hyper-3", "hyper3", "hypergammon", "hyper"],
            Variant::LongNardy => &[
                "nardy",
                "narde",
                "nardi",
                "long-narde",
                "long-nardi",
                "long-backgammon",
                "nardy-longo",
            ],
        }
    }

    /// The rules type that plays this variant.
    #[must_use]
    pub const fn family(self) -> RulesFamily {
        match self {
            Variant::LongNardy => RulesFamily::LongNardy,
            _ => RulesFamily::Backgammon,
        }
    }

    /// Checkers each player owns.
    #[must_use]
    pub const fn checkers_per_side(self) -> u8 {
        match self {
            Variant::Hypergammon1 => 1,
            Variant::Hypergammon2 => 2,
            Variant::Hypergammon3 => 3,
            _ => 15,
        }
    }

    /// Looks a variant up by canonical name or alias.
    ///
    /// # Errors
    /// [`UnknownVariantError`] listing the canonical names.
    pub fn find(name: &str) -> Result<Variant, UnknownVariantError> {
        let key: String = name
            .trim()
            .chars()
            .map(|c| {
                if c == ' ' || c == '_' {
                    '-'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == key || v.aliases().contains(&key.as_str()))
            .ok_or_else(|| UnknownVariantError {
                name: name.to_string(),
                known: Variant::ALL.map(Variant::name).join(", "),
            })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownVariantError;

    /// Same as [`Variant::find`].
    ///
    /// # Errors
    /// [`UnknownVariantError`].
    fn from_str(s: &str) -> Result<Variant, UnknownVariantError> {
        Variant::find(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_and_found() {
        let mut seen = std::collections::HashSet::new();
        for v in Variant::ALL {
            assert!(seen.insert(v.name()));
            assert_eq!(Variant::find(v.name()), Ok(v));
            for a in v.aliases() {
                assert!(seen.insert(a), "alias {a} repeated");
                assert_eq!(Variant::find(a), Ok(v));
            }
        }
    }

    #[test]
    fn lookup_ignores_case_spaces_and_underscores() {
        assert_eq!(Variant::find("Long Backgammon"), Ok(Variant::LongNardy));
        assert_eq!(Variant::find("LONG_NARDY"), Ok(Variant::LongNardy));
        assert_eq!(Variant::find("Narde"), Ok(Variant::LongNardy));
        let err = Variant::find("chess").unwrap_err();
        assert!(err.to_string().contains("long-nardy"));
    }
}
