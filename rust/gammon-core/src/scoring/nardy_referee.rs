//! Scoring Long Nardy games under the settings of §9: [`NardyReferee`] with [`EndVariant`]
//! (LN-34), [`Koks`] (LN-35) and the last-roll right (LN-37); surrender is classified the same
//! way (LN-36).

use std::fmt;
use std::str::FromStr;

use super::referee::{GameResult, Referee};
use crate::base::color::Color;
use crate::base::outcome::OutcomeKind;
use crate::rules::nardy::options::{choose, ParseSettingError};
use crate::rules::nardy::{Nardy, CHECKERS_PER_SIDE};
use crate::rules::position::Position;

/// §9 `endVariant`: how much a win is worth (LN-34).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EndVariant {
    /// `oin`: every win is worth 1; Mars is not counted.
    Oin,
    /// `mars` (default): Oin 1, Mars 2.
    #[default]
    Mars,
}

impl EndVariant {
    /// Every value, in the order of [`EndVariant::NAMES`].
    pub const ALL: [EndVariant; 2] = [EndVariant::Oin, EndVariant::Mars];

    /// The spec's spellings.
    pub const NAMES: &'static [&'static str] = &["oin", "mars"];

    /// The spec's spelling.
    #[must_use]
    pub const fn name(self) -> &'static str {
        EndVariant::NAMES[self as usize]
    }
}

impl fmt::Display for EndVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EndVariant {
    type Err = ParseSettingError;

    /// Reads `oin` or `mars` (any case).
    ///
    /// # Errors
    /// [`ParseSettingError`] for any other text.
    fn from_str(s: &str) -> Result<EndVariant, ParseSettingError> {
        choose("endVariant", s, EndVariant::NAMES, "LN-34").map(|i| EndVariant::ALL[i])
    }
}

/// §9 `koks`: the optional triple result (LN-35).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Koks {
    /// `off` (default): no Koks.
    #[default]
    Off,
    /// `noCheckerHome`: a Mars where the loser also has no checker in their home (own points
    /// 1..=6) scores 3.
    NoCheckerHome,
    /// `checkerInStartQuarter`: a Mars where the loser still has a checker on their own points
    /// 19..=24 scores 3.
    CheckerInStartQuarter,
}

impl Koks {
    /// Every value, in the order of [`Koks::NAMES`].
    pub const ALL: [Koks; 3] = [Koks::Off, Koks::NoCheckerHome, Koks::CheckerInStartQuarter];

    /// The spec's spellings.
    pub const NAMES: &'static [&'static str] = &["off", "noCheckerHome", "checkerInStartQuarter"];

    /// The spec's spelling.
    #[must_use]
    pub const fn name(self) -> &'static str {
        Koks::NAMES[self as usize]
    }
}

impl fmt::Display for Koks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Koks {
    type Err = ParseSettingError;

    /// Reads `off`, `noCheckerHome` or `checkerInStartQuarter` (any case; `_`/`-` ignored).
    ///
    /// # Errors
    /// [`ParseSettingError`] for any other text.
    fn from_str(s: &str) -> Result<Koks, ParseSettingError> {
        choose("koks", s, Koks::NAMES, "LN-35").map(|i| Koks::ALL[i])
    }
}

/// The referee of Long Nardy under the scoring settings of §9. The default is the spec's
/// default: `mars`, no Koks, no last roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NardyReferee {
    /// LN-34.
    pub end_variant: EndVariant,
    /// LN-35 (only counted with [`EndVariant::Mars`]).
    pub koks: Koks,
    /// LN-37: when White (the game's starter) finishes, Black gets one more turn.
    pub last_roll: bool,
}

impl NardyReferee {
    /// The result when `loser` loses in `pos`, whether by the opponent bearing off (LN-33,
    /// LN-34, LN-35) or by surrendering at that moment (LN-36): Mars (2 under `mars`) when
    /// the loser has borne off nothing, upgraded to Koks (3) when the koks setting's condition
    /// holds; otherwise Oin (1). Under `oin` every result is an Oin worth 1.
    #[must_use]
    pub fn result_for_loser(&self, pos: &Nardy, loser: Color) -> GameResult {
        let winner = Some(!loser);
        let oin = GameResult {
            winner,
            kind: OutcomeKind::Oin,
            points: 1,
        };
        if pos.checkers_off()[loser] > 0 || self.end_variant == EndVariant::Oin {
            return oin;
        }
        let side = pos.to_setup().board[loser];
        let koks = match self.koks {
            Koks::Off => false,
            Koks::NoCheckerHome => side[1..=6].iter().all(|&c| c == 0),
            Koks::CheckerInStartQuarter => side[19..=24].iter().any(|&c| c > 0),
        };
        if koks {
            GameResult {
                winner,
                kind: OutcomeKind::Koks,
                points: 3,
            }
        } else {
            GameResult {
                winner,
                kind: OutcomeKind::Mars,
                points: 2,
            }
        }
    }
}

impl Referee<Nardy> for NardyReferee {
    /// LN-37: with the last-roll right, Black (not the starter) gets one more turn when White
    /// has just borne off its 15th checker and Black has not finished.
    fn extra_turn(&self, pos: &Nardy, starter: Color) -> bool {
        let off = pos.checkers_off();
        self.last_roll
            && pos.turn() != starter
            && off[starter] == CHECKERS_PER_SIDE
            && off[pos.turn()] < CHECKERS_PER_SIDE
    }

    /// Scores the final position (after any extra turn): a draw worth 0 when both have borne
    /// everything off (LN-37), otherwise [`NardyReferee::result_for_loser`]. An unfinished
    /// position scores as a draw worth 0.
    fn score(&self, pos: &Nardy, _starter: Color) -> GameResult {
        let draw = GameResult {
            winner: None,
            kind: OutcomeKind::Draw,
            points: 0,
        };
        match pos.outcome() {
            Some(o) if o.kind != OutcomeKind::Draw => self.result_for_loser(pos, !o.winner),
            _ => draw,
        }
    }
}
