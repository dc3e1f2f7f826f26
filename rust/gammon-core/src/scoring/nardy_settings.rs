//! The settings of a Long Nardy game or series (spec §9) as one value, [`NardySettings`]: the
//! scoring settings of the referee (LN-34, LN-35, LN-37), who starts the next game of a series
//! (LN-11) and the two compatibility options of the rules (LN-18/19, LN-26). Each setting is
//! read from its §9 spelling here and nowhere else.

use std::fmt;
use std::str::FromStr;

use super::nardy_referee::{EndVariant, Koks, NardyReferee};
use crate::base::color::Color;
use crate::rules::nardy::options::{choose, ParseSettingError};
use crate::rules::nardy::NardyOptions;

/// §9 `firstMoveInSeries`: who starts (is White in) the next game of a series (LN-11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstMove {
    /// `toLoser` (default): the loser of the previous game.
    #[default]
    ToLoser,
    /// `alternate`: the player who did not start the previous game.
    Alternate,
}

impl FirstMove {
    /// Every value, in the order of [`FirstMove::NAMES`].
    pub const ALL: [FirstMove; 2] = [FirstMove::ToLoser, FirstMove::Alternate];

    /// The spec's spellings.
    pub const NAMES: &'static [&'static str] = &["toLoser", "alternate"];

    /// The spec's spelling.
    #[must_use]
    pub const fn name(self) -> &'static str {
        FirstMove::NAMES[self as usize]
    }

    /// The side of the previous game whose player starts (is White in) the next game of a
    /// series (LN-11): the loser under `toLoser`, the player who did not start (the previous
    /// Black) under `alternate`, and the previous Black after a draw (`winner` `None`,
    /// LN-37) under both (spec §13, A11).
    #[must_use]
    pub fn next_starter(self, winner: Option<Color>) -> Color {
        match (self, winner) {
            (FirstMove::ToLoser, Some(w)) => w.other(),
            _ => Color::Black,
        }
    }
}

impl fmt::Display for FirstMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for FirstMove {
    type Err = ParseSettingError;

    /// Reads `toLoser` or `alternate` (any case; `_`/`-` ignored).
    ///
    /// # Errors
    /// [`ParseSettingError`] for any other text.
    fn from_str(s: &str) -> Result<FirstMove, ParseSettingError> {
        choose("firstMoveInSeries", s, FirstMove::NAMES, "LN-11").map(|i| FirstMove::ALL[i])
    }
}

/// The §9 spellings of `lastRoll`: `off` (the default) and `on` (LN-37).
pub const LAST_ROLL_NAMES: &[&str] = &["off", "on"];

/// Reads the §9 setting `lastRoll`: `off` or `on` (any case).
///
/// # Errors
/// [`ParseSettingError`] for any other text.
pub fn parse_last_roll(s: &str) -> Result<bool, ParseSettingError> {
    choose("lastRoll", s.trim(), LAST_ROLL_NAMES, "LN-37").map(|i| i == 1)
}

/// Settings of §9 that cannot go together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NardySettingsError {
    /// A value that is not one of §9's.
    #[error(transparent)]
    Value(#[from] ParseSettingError),
    /// Koks under `endVariant = oin`, where every win is worth 1 (LN-34, LN-35).
    #[error("koks = {0} needs endVariant = mars: under oin every win is worth 1 (LN-34, LN-35)")]
    KoksWithoutMars(Koks),
}

/// The settings of a Long Nardy game or series (§9). The default is the spec's: `mars`, no
/// Koks, no last roll, `toLoser`, `headBlocked`, `everyStep`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NardySettings {
    /// How games are scored (LN-33 to LN-37).
    pub referee: NardyReferee,
    /// Who starts the next game of a series (LN-11).
    pub first_move: FirstMove,
    /// The compatibility options of the rules (LN-18/19, LN-26), which positions carry.
    pub options: NardyOptions,
}

impl NardySettings {
    /// Checks that the settings go together: Koks only under `endVariant = mars` (LN-35 calls
    /// it meaningful only there).
    ///
    /// # Errors
    /// [`NardySettingsError::KoksWithoutMars`].
    pub fn validate(self) -> Result<NardySettings, NardySettingsError> {
        let r = self.referee;
        if r.koks != Koks::Off && r.end_variant != EndVariant::Mars {
            return Err(NardySettingsError::KoksWithoutMars(r.koks));
        }
        Ok(self)
    }

    /// The settings from the §9 spellings of each (any case; `_`, `-` and spaces ignored),
    /// checked with [`NardySettings::validate`].
    ///
    /// # Errors
    /// [`NardySettingsError`] naming the first value that is not one of §9's, or Koks without
    /// Mars.
    pub fn from_names(
        end_variant: &str,
        koks: &str,
        last_roll: &str,
        first_move_in_series: &str,
        first_turn_exception: &str,
        block_check: &str,
    ) -> Result<NardySettings, NardySettingsError> {
        NardySettings {
            referee: NardyReferee {
                end_variant: end_variant.parse()?,
                koks: koks.parse()?,
                last_roll: parse_last_roll(last_roll)?,
            },
            first_move: first_move_in_series.parse()?,
            options: NardyOptions::first_turn_exception_from_name(first_turn_exception)?
                | NardyOptions::block_check_from_name(block_check)?,
        }
        .validate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln11_the_loser_starts_or_the_players_alternate_and_a_draw_alternates() {
        use Color::{Black, White};
        assert_eq!(FirstMove::ToLoser.next_starter(Some(White)), Black);
        assert_eq!(FirstMove::ToLoser.next_starter(Some(Black)), White);
        assert_eq!(FirstMove::ToLoser.next_starter(None), Black);
        for winner in [Some(White), Some(Black), None] {
            assert_eq!(FirstMove::Alternate.next_starter(winner), Black);
        }
    }

    #[test]
    fn section9_defaults_spellings_and_koks_under_mars_only() {
        let d =
            NardySettings::from_names("mars", "off", "off", "toLoser", "headBlocked", "everyStep")
                .unwrap();
        assert_eq!(d, NardySettings::default());
        let s = NardySettings::from_names(
            "MARS",
            "no_checker_home",
            "on",
            "alternate",
            "unconditional",
            "end-of-turn",
        )
        .unwrap();
        assert_eq!(s.referee.koks, Koks::NoCheckerHome);
        assert!(s.referee.last_roll);
        assert_eq!(s.first_move, FirstMove::Alternate);
        assert_eq!(
            s.options,
            NardyOptions::UNCONDITIONAL_FIRST_TURN | NardyOptions::END_OF_TURN_BLOCK_CHECK
        );
        assert_eq!(
            NardySettings::from_names(
                "oin",
                "noCheckerHome",
                "off",
                "toLoser",
                "headBlocked",
                "everyStep"
            ),
            Err(NardySettingsError::KoksWithoutMars(Koks::NoCheckerHome))
        );
        for (bad, rule) in [
            (
                [
                    "gammon",
                    "off",
                    "off",
                    "toLoser",
                    "headBlocked",
                    "everyStep",
                ],
                "LN-34",
            ),
            (
                [
                    "mars",
                    "sometimes",
                    "off",
                    "toLoser",
                    "headBlocked",
                    "everyStep",
                ],
                "LN-35",
            ),
            (
                [
                    "mars",
                    "off",
                    "maybe",
                    "toLoser",
                    "headBlocked",
                    "everyStep",
                ],
                "LN-37",
            ),
            (
                ["mars", "off", "off", "toWinner", "headBlocked", "everyStep"],
                "LN-11",
            ),
            (
                ["mars", "off", "off", "toLoser", "never", "everyStep"],
                "LN-18",
            ),
            (
                ["mars", "off", "off", "toLoser", "headBlocked", "weekly"],
                "LN-26",
            ),
        ] {
            let e = NardySettings::from_names(bad[0], bad[1], bad[2], bad[3], bad[4], bad[5])
                .unwrap_err();
            assert!(e.to_string().contains(rule), "{e}");
        }
    }
}
