//! Unvalidated position data, [`Setup`], and the error that lists what is wrong with it,
//! [`SetupError`].

use std::fmt;

use bitflags::bitflags;

use crate::base::color::{ByColor, Color};
use crate::base::variant::Variant;

/// One side of a position as gnubg lays it out: 25 counts in that side's own numbering
/// (index i = point i + 1, index 24 = the bar).
pub type Side = [u8; 25];

/// Index of the borne-off count in a side's array of a [`Setup`].
pub const SETUP_OFF: usize = 0;
/// Index of the bar in a side's array of a [`Setup`] (always 0 in Long Nardy).
pub const SETUP_BAR: usize = 25;

/// Plain position data before validation.
///
/// Each side is listed **in that player's own numbering**, as the spec's test tables write
/// positions: index 1..=24 are the player's points 1..=24, index 25 ([`SETUP_BAR`]) the bar and
/// index 0 ([`SETUP_OFF`]) the checkers borne off. A rules type turns a `Setup` into a
/// position or returns a [`SetupError`] that names every problem and hands the data back.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The game the position belongs to.
    pub variant: Variant,
    /// The player on roll.
    pub turn: Color,
    /// Each player's checkers in their own numbering (0 = off, 1..=24 points, 25 = bar).
    pub board: ByColor<[u8; 26]>,
}

impl Setup {
    /// An empty board (no checkers anywhere) for `variant` with `turn` on roll. Fill it in and
    /// validate it; as it stands it is invalid (no checkers).
    #[must_use]
    pub fn empty(variant: Variant, turn: Color) -> Setup {
        Setup {
            variant,
            turn,
            board: ByColor {
                white: [0; 26],
                black: [0; 26],
            },
        }
    }

    /// Builds a setup from lists of `(point, count)` pairs in each player's own numbering
    /// (25 = bar). The borne-off count is whatever is missing from the variant's checker
    /// count (zero if the lists hold too many; validation reports that).
    #[must_use]
    pub fn from_points(
        variant: Variant,
        turn: Color,
        white: &[(u8, u8)],
        black: &[(u8, u8)],
    ) -> Setup {
        let mut s = Setup::empty(variant, turn);
        for (color, list) in [(Color::White, white), (Color::Black, black)] {
            let side = &mut s.board[color];
            for &(p, n) in list {
                if (1..=25).contains(&p) {
                    side[p as usize] = side[p as usize].saturating_add(n);
                }
            }
            let on: u32 = side[1..].iter().map(|&n| u32::from(n)).sum();
            side[SETUP_OFF] = u32::from(variant.checkers_per_side()).saturating_sub(on) as u8;
        }
        s
    }

    /// Builds a setup from the two sides of a Position ID, `[player not on roll, player on
    /// roll]`, each 25 counts in its own numbering (index i = point i + 1, index 24 = the bar;
    /// the Position ID's layout). The borne-off counts are whatever is missing from the
    /// variant's checker count.
    #[must_use]
    pub fn from_sides(variant: Variant, turn: Color, sides: &[[u8; 25]; 2]) -> Setup {
        let mut setup = Setup::empty(variant, turn);
        for (side, color) in [(0, !turn), (1, turn)] {
            let arr = &mut setup.board[color];
            arr[1..].copy_from_slice(&sides[side]);
            let on: u32 = sides[side].iter().map(|&c| u32::from(c)).sum();
            arr[SETUP_OFF] = u32::from(variant.checkers_per_side()).saturating_sub(on) as u8;
        }
        setup
    }

    /// Checks shared by every rules type: each side holds exactly the variant's number of
    /// checkers, and not both sides have borne everything off.
    pub(crate) fn count_problems(&self, details: &mut Vec<String>) -> SetupProblems {
        let mut problems = SetupProblems::empty();
        let n = u32::from(self.variant.checkers_per_side());
        let mut finished = 0;
        for color in Color::ALL {
            let side = &self.board[color];
            let total: u32 = side.iter().map(|&c| u32::from(c)).sum();
            if total != n {
                problems |= SetupProblems::WRONG_CHECKER_COUNT;
                details.push(format!(
                    "{color} has {total} checkers counting the {} borne off (expected {n} for {})",
                    side[SETUP_OFF], self.variant
                ));
            }
            if u32::from(side[SETUP_OFF]) == n && total == n {
                finished += 1;
            }
        }
        if finished == 2 {
            problems |= SetupProblems::BOTH_BORNE_OFF;
            details.push("both players have borne off every checker".to_string());
        }
        problems
    }
}

bitflags! {
    /// The checks a [`Setup`] can fail, as bit flags (several can fail at once).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct SetupProblems: u16 {
        /// A side does not hold exactly the variant's number of checkers (BG-6, LN-1).
        const WRONG_CHECKER_COUNT = 1;
        /// A point holds checkers of both players (BG-6, LN-7).
        const SHARED_POINT = 1 << 1;
        /// Checkers on the bar in a game without a bar (LN-14).
        const BAR_NOT_ALLOWED = 1 << 2;
        /// Both players have borne off everything: no game reaches that.
        const BOTH_BORNE_OFF = 1 << 3;
        /// Long Nardy: a six-point block with no opposing checker in front of it (LN-24, LN-25).
        const ILLEGAL_BLOCK = 1 << 4;
        /// The variant is played by another rules type.
        const WRONG_RULES_FAMILY = 1 << 5;
    }
}

/// A [`Setup`] failed validation. Lists every problem and gives the data back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// Which checks failed.
    pub problems: SetupProblems,
    /// One sentence per problem, naming the player, point or count concerned.
    pub details: Vec<String>,
    /// The data that failed.
    pub setup: Box<Setup>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} position: {}",
            self.setup.variant,
            self.details.join("; ")
        )
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_points_fills_in_the_borne_off_count() {
        let s = Setup::from_points(Variant::Backgammon, Color::White, &[(6, 14)], &[(24, 15)]);
        assert_eq!(s.board.white[SETUP_OFF], 1);
        assert_eq!(s.board.black[SETUP_OFF], 0);
        assert!(s.count_problems(&mut Vec::new()).is_empty());
    }

    #[test]
    fn too_many_checkers_is_reported_with_the_count() {
        let s = Setup::from_points(Variant::Backgammon, Color::White, &[(6, 16)], &[(24, 15)]);
        let mut details = Vec::new();
        assert_eq!(
            s.count_problems(&mut details),
            SetupProblems::WRONG_CHECKER_COUNT
        );
        assert!(details[0].contains("16"), "{details:?}");
    }
}
