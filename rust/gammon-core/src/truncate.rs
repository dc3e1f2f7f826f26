//! Truncation steps for the game loop ([`crate::game::Truncation`]) from the bear-off
//! databases: a game that reaches a bear-off is settled at its value instead of being played
//! out.

use crate::backgammon::Backgammon;
use crate::bearoff::{self, Evaluation};
use crate::color::Color;
use crate::game::{Settlement, Truncation, ONE};
use crate::position::Position;

/// Where a backgammon game is settled from the bear-off databases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BearoffTruncation {
    /// Never: every game is played out.
    #[default]
    Off,
    /// At the first position whose value is exact: both sides in the two-sided table and
    /// each with a checker off. The expected result is exactly that of playing on perfectly,
    /// so a rollout whose policies play bear-offs perfectly stays unbiased.
    Exact,
    /// At the first bear-off of any size, valued from the one-sided distributions where the
    /// two-sided table does not reach (as gnubg truncates): earlier, but the combination of
    /// the two sides as independent is an approximation (within about 0.01 of the win
    /// probability).
    OneSided,
}

impl BearoffTruncation {
    /// The names `"none"`, `"bearoff"` and `"bearoff-one-sided"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BearoffTruncation::Off => "none",
            BearoffTruncation::Exact => "bearoff",
            BearoffTruncation::OneSided => "bearoff-one-sided",
        }
    }

    /// Reads a name of [`BearoffTruncation::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<BearoffTruncation> {
        [
            BearoffTruncation::Off,
            BearoffTruncation::Exact,
            BearoffTruncation::OneSided,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }
}

/// The settlement of a game from `mover`'s evaluation, in fixed point: the classes' shares
/// rounded to units of 1/[`ONE`], the opponent's single wins taking the rest so that the
/// shares sum to one game exactly, and the points made of those shares.
#[must_use]
pub fn settlement(mover: Color, e: &Evaluation) -> Settlement {
    let unit = |p: f64| (p.clamp(0.0, 1.0) * ONE as f64).round() as u64;
    let win_gammon = unit(e.win_gammon);
    let win_single = unit(e.win).saturating_sub(win_gammon);
    let lose_gammon = unit(e.lose_gammon).min(ONE - win_single - win_gammon);
    let lose_single = ONE - win_single - win_gammon - lose_gammon;
    let mut s = Settlement::default();
    s.win[mover][0] = win_single;
    s.win[mover][1] = win_gammon;
    s.win[!mover][0] = lose_single;
    s.win[!mover][1] = lose_gammon;
    let mover_points =
        win_single as i64 + 2 * win_gammon as i64 - lose_single as i64 - 2 * lose_gammon as i64;
    s.white_points = if mover == Color::White {
        mover_points
    } else {
        -mover_points
    };
    s
}

impl Truncation<Backgammon> for BearoffTruncation {
    #[inline]
    fn settle(&self, pos: &Backgammon, _plies: u32) -> Option<Settlement> {
        if *self == BearoffTruncation::Off || !bearoff::is_bearoff(pos) {
            return None;
        }
        let e = bearoff::evaluate(pos).ok()?;
        if *self == BearoffTruncation::Exact && !e.exact {
            return None;
        }
        Some(settlement(pos.turn(), &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Setup;
    use crate::variant::Variant;

    fn bg(white: &[(u8, u8)], black: &[(u8, u8)], turn: Color) -> Backgammon {
        Backgammon::from_setup(&Setup::from_points(Variant::Backgammon, turn, white, black))
            .unwrap()
    }

    #[test]
    fn settlements_sum_to_one_game_and_carry_the_equity() {
        for turn in [Color::White, Color::Black] {
            let pos = bg(&[(6, 1)], &[(1, 1)], turn);
            let s = BearoffTruncation::Exact.settle(&pos, 3).unwrap();
            let total: u64 = s.win.white.iter().chain(&s.win.black).sum();
            assert_eq!(total, ONE);
            let e = bearoff::evaluate(&pos).unwrap().equity();
            let white = if turn == Color::White { e } else { -e };
            assert!((s.white_points as f64 / ONE as f64 - white).abs() < 1e-9);
        }
        // Gammons: fifteen checkers against two on the 1 point.
        let pos = bg(&[(6, 15)], &[(1, 2)], Color::White);
        assert_eq!(BearoffTruncation::Exact.settle(&pos, 0), None);
        let s = BearoffTruncation::OneSided.settle(&pos, 0).unwrap();
        assert!(s.win.black[1] > ONE / 2);
        assert_eq!(s.win.white.iter().chain(&s.win.black).sum::<u64>(), ONE);
        assert_eq!(BearoffTruncation::Off.settle(&pos, 0), None);
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(BearoffTruncation::OneSided.settle(&start, 0), None);
        assert_eq!(
            BearoffTruncation::from_name("bearoff"),
            Some(BearoffTruncation::Exact)
        );
        assert_eq!(BearoffTruncation::from_name("x"), None);
    }
}
