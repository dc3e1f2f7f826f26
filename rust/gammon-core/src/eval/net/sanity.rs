//! The sanity rules: results the rules exclude in a position are set to 0 in a net's
//! probabilities, as gnubg's `SanityCheck` does.

use super::is_race;
use crate::base::variant::RulesFamily;
use crate::eval::Probabilities;

/// Sets to 0 the results the rules exclude in a board (owner's view), as gnubg's
/// `SanityCheck` does: no gammon (nor Mars) can be won against a player who has borne off a
/// checker (SCORE-1, LN-33), and in a backgammon race no backgammon against a player with no
/// checker left in the winner's home board or on the bar (SCORE-1: the loser's checkers only
/// move away from it).
#[inline]
#[must_use]
pub fn sanity(
    family: RulesFamily,
    board: &[i8; 26],
    checkers: u8,
    p: Probabilities,
) -> Probabilities {
    let race = family == RulesFamily::Backgammon && is_race(board);
    sanity_in(board, checkers, race, p)
}

/// The checkers each side has on `board` (owner's view): the owner's, the opponent's.
#[inline]
pub(super) fn checkers_on(board: &[i8; 26]) -> (i32, i32) {
    let mut mine = 0i32;
    let mut theirs = 0i32;
    for &c in board {
        if c > 0 {
            mine += i32::from(c);
        } else {
            theirs -= i32::from(c);
        }
    }
    (mine, theirs)
}

/// [`sanity`] with `race` (a backgammon race: [`is_race`]) already known.
#[inline]
fn sanity_in(board: &[i8; 26], checkers: u8, race: bool, p: Probabilities) -> Probabilities {
    let (mine, theirs) = checkers_on(board);
    let all = i32::from(checkers);
    sanity_known(board, mine < all, theirs < all, race, p)
}

/// [`sanity_in`] with whether each side has borne off a checker already known.
#[inline(always)]
pub(super) fn sanity_known(
    board: &[i8; 26],
    mine_off: bool,
    theirs_off: bool,
    race: bool,
    mut p: Probabilities,
) -> Probabilities {
    if theirs_off {
        p.win_gammon = 0.0;
        p.win_backgammon = 0.0;
    }
    if mine_off {
        p.lose_gammon = 0.0;
        p.lose_backgammon = 0.0;
    }
    if race {
        // Their checkers in my home board (my points 1..=6) or on their bar (index 0).
        if board[0..=6].iter().all(|&c| c >= 0) {
            p.win_backgammon = 0.0;
        }
        // Mine in their home board (my points 19..=24) or on my bar (index 25).
        if board[19..=25].iter().all(|&c| c <= 0) {
            p.lose_backgammon = 0.0;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::rules::backgammon::Backgammon;

    #[test]
    fn score1_no_gammon_against_a_player_with_a_checker_off_nor_a_race_backgammon() {
        let p = Probabilities {
            win: 0.9,
            win_gammon: 0.8,
            win_backgammon: 0.7,
            lose_gammon: 0.05,
            lose_backgammon: 0.01,
            draw: 0.0,
        };
        // A race: the opponent has one checker off and none in my home: no gammon for me;
        // I have none off, but none in their home: no backgammon against me.
        let pos = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[(8, 15)],
            &[(10, 14)],
        ))
        .unwrap();
        let s = sanity(RulesFamily::Backgammon, pos.raw(), 15, p);
        assert_eq!((s.win_gammon, s.win_backgammon), (0.0, 0.0));
        assert_eq!((s.lose_gammon, s.lose_backgammon), (0.05, 0.0));
        // With contact nothing but the checkers off counts.
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(sanity(RulesFamily::Backgammon, start.raw(), 15, p), p);
    }
}
