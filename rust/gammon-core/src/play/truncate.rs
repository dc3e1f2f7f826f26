//! Truncation steps for the game loop ([`crate::play::game::Truncation`]) from the bear-off
//! databases: a game that reaches a bear-off is settled at its value instead of being played
//! out; and from an evaluator ([`PlyTruncation`]): a game still going after a given number of
//! turns is settled at the evaluator's probabilities (a truncated rollout).

use crate::base::color::Color;
use crate::bearoff::nardy::{evaluate_nardy, is_nardy_race_ending, NardyEvaluation, NardyScoring};
use crate::bearoff::{self, Evaluation};
use crate::eval::{Evaluator, Probabilities};
use crate::play::game::Truncation;
use crate::play::record::{Settlement, ONE};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;
use crate::scoring::nardy_referee::{EndVariant, NardyReferee};

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

/// Where a Long Nardy game is settled from the bear-off databases: at the first race ending
/// (both players with every checker home, [`crate::bearoff::nardy`]), valued under the
/// referee's scoring. [`BearoffTruncation::Exact`] settles only where the value is exact (no
/// last roll, both sides in the two-sided table with a checker off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NardyTruncation {
    /// Where to settle.
    pub mode: BearoffTruncation,
    /// The scoring of the games (LN-34, LN-37; Koks cannot happen in a race ending).
    pub scoring: NardyScoring,
}

impl NardyTruncation {
    /// Settles games scored by `referee` according to `mode`.
    #[must_use]
    pub fn new(mode: BearoffTruncation, referee: &NardyReferee) -> NardyTruncation {
        NardyTruncation {
            mode,
            scoring: NardyScoring {
                oin: referee.end_variant == EndVariant::Oin,
                last_roll: referee.last_roll,
            },
        }
    }
}

/// The settlement of a Long Nardy game from `mover`'s evaluation (Oin and Mars classes, and
/// draws), in fixed point summing to one game exactly.
#[must_use]
pub fn nardy_settlement(mover: Color, e: &NardyEvaluation) -> Settlement {
    let unit = |p: f64| (p.clamp(0.0, 1.0) * ONE as f64).round() as u64;
    let (win_mars, lose_mars) = if e.mars_counts {
        (unit(e.win_mars), unit(e.lose_mars))
    } else {
        (0, 0)
    };
    let win_oin = unit(e.win).saturating_sub(win_mars);
    let draw = unit(e.draw).min(ONE - win_oin - win_mars);
    let lose_mars = lose_mars.min(ONE - win_oin - win_mars - draw);
    let lose_oin = ONE - win_oin - win_mars - draw - lose_mars;
    // win_kind_index: Oin = 3, Mars = 4.
    let mut s = Settlement::default();
    s.win[mover][3] = win_oin;
    s.win[mover][4] = win_mars;
    s.win[!mover][3] = lose_oin;
    s.win[!mover][4] = lose_mars;
    s.draw = draw;
    let mover_points =
        win_oin as i64 + 2 * win_mars as i64 - lose_oin as i64 - 2 * lose_mars as i64;
    s.white_points = if mover == Color::White {
        mover_points
    } else {
        -mover_points
    };
    s
}

impl Truncation<Nardy> for NardyTruncation {
    #[inline]
    fn settle(&self, pos: &Nardy, _plies: u32) -> Option<Settlement> {
        if self.mode == BearoffTruncation::Off || !is_nardy_race_ending(pos) {
            return None;
        }
        let e = evaluate_nardy(pos, self.scoring).ok()?;
        if self.mode == BearoffTruncation::Exact && !e.exact {
            return None;
        }
        Some(nardy_settlement(pos.turn(), &e))
    }
}

/// The settlement of a game from `mover`'s probabilities, in fixed point summing to one game
/// exactly: wins and losses by class (backgammon's single, gammon and backgammon; with
/// `nardy`, Long Nardy's Oin, Mars and Koks, all counted as Oin when `oin`), and draws.
#[must_use]
pub fn probabilities_settlement(
    mover: Color,
    p: &Probabilities,
    nardy: bool,
    oin: bool,
) -> Settlement {
    let unit = |x: f32| (f64::from(x).clamp(0.0, 1.0) * ONE as f64).round() as u64;
    let win = unit(p.win);
    let draw = unit(p.draw).min(ONE - win);
    let lose = ONE - win - draw;
    let split = |total: u64, gammon: f32, backgammon: f32| -> [u64; 3] {
        let g = unit(gammon).min(total);
        let b = unit(backgammon).min(g);
        if nardy && oin {
            [total, 0, 0]
        } else {
            [total - g, g - b, b]
        }
    };
    let won = split(win, p.win_gammon, p.win_backgammon);
    let lost = split(lose, p.lose_gammon, p.lose_backgammon);
    let first = if nardy { 3 } else { 0 };
    let mut s = Settlement::default();
    let mut mover_points = 0i64;
    for k in 0..3 {
        s.win[mover][first + k] = won[k];
        s.win[!mover][first + k] = lost[k];
        mover_points += (k as i64 + 1) * (won[k] as i64 - lost[k] as i64);
    }
    s.draw = draw;
    s.white_points = if mover == Color::White {
        mover_points
    } else {
        -mover_points
    };
    s
}

/// A truncated rollout's step: `inner` (the bear-off truncation, or none) first, then, once
/// `after` turns have been played, the evaluator's probabilities for the player on roll
/// ([`probabilities_settlement`]). The result is then as good as the evaluator: unbiased only
/// where its values are exact.
pub struct PlyTruncation<'a, P, T> {
    /// The step tried first at every turn.
    pub inner: T,
    /// The turns after which a game still going is settled (`None`: never).
    pub after: Option<u32>,
    /// The evaluator that values the position where the game is cut.
    pub evaluator: &'a dyn Evaluator<P>,
    /// Long Nardy classes (Oin, Mars, Koks) rather than backgammon's.
    pub nardy: bool,
    /// Long Nardy's `oin` scoring: every win counts 1 (LN-34).
    pub oin: bool,
}

impl<P: Position, T: Truncation<P>> Truncation<P> for PlyTruncation<'_, P, T> {
    #[inline]
    fn settle(&self, pos: &P, plies: u32) -> Option<Settlement> {
        if let Some(s) = self.inner.settle(pos, plies) {
            return Some(s);
        }
        match self.after {
            Some(n) if plies >= n => Some(probabilities_settlement(
                pos.turn(),
                &self.evaluator.evaluate(pos),
                self.nardy,
                self.oin,
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;

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

    #[test]
    fn ply_truncation_settles_at_the_evaluators_equity_after_n_turns() {
        use crate::eval::bearoff::BearoffEvaluator;
        use crate::play::game::NoTruncation;
        let cut = PlyTruncation {
            inner: NoTruncation,
            after: Some(4),
            evaluator: &BearoffEvaluator,
            nardy: false,
            oin: false,
        };
        let pos = bg(&[(6, 15)], &[(1, 2)], Color::Black);
        assert_eq!(cut.settle(&pos, 3), None);
        let s = cut.settle(&pos, 4).unwrap();
        let p = BearoffEvaluator.evaluate(&pos);
        assert_eq!(
            s.win.white.iter().chain(&s.win.black).sum::<u64>() + s.draw,
            ONE
        );
        // Black on roll: White's points are minus Black's equity.
        let white = s.white_points as f64 / ONE as f64;
        assert!(
            (white + f64::from(p.equity())).abs() < 1e-6,
            "{white} {p:?}"
        );
        // Long Nardy classes, and Oin scoring counting a Mars single (LN-34).
        let q = Probabilities {
            win: 0.6,
            win_gammon: 0.2,
            lose_gammon: 0.1,
            ..Probabilities::default()
        };
        let s = probabilities_settlement(Color::White, &q, true, false);
        assert_eq!(
            s.win.white[4],
            (f64::from(0.2f32) * ONE as f64).round() as u64
        );
        let s = probabilities_settlement(Color::White, &q, true, true);
        assert_eq!(s.win.white[4], 0);
        assert!((s.white_points as f64 / ONE as f64 - 0.2).abs() < 1e-6);
    }

    #[test]
    fn nardy_settlements_follow_the_scoring() {
        let ln = |white: &[(u8, u8)], black: &[(u8, u8)]| {
            Nardy::from_setup(&Setup::from_points(
                Variant::LongNardy,
                Color::White,
                white,
                black,
            ))
            .unwrap()
        };
        let mars = NardyTruncation::new(BearoffTruncation::OneSided, &NardyReferee::default());
        // LN-33: two checkers on w1 against fifteen: a certain Mars, 2 points to White.
        let s = mars.settle(&ln(&[(1, 2)], &[(6, 15)]), 0).unwrap();
        assert_eq!(s.win.white[4], ONE);
        assert_eq!(s.white_points, 2 * ONE as i64);
        // Exact only where the table is exact.
        let exact = NardyTruncation::new(BearoffTruncation::Exact, &NardyReferee::default());
        assert_eq!(exact.settle(&ln(&[(1, 2)], &[(6, 15)]), 0), None);
        let s = exact.settle(&ln(&[(6, 1)], &[(1, 1)]), 0).unwrap();
        assert!((s.white_points as f64 / ONE as f64 - 0.5).abs() < 2e-4);
        // LN-37: White's finish gives Black a last roll that draws.
        let last = NardyReferee {
            last_roll: true,
            ..NardyReferee::default()
        };
        let t = NardyTruncation::new(BearoffTruncation::OneSided, &last);
        let s = t.settle(&ln(&[(6, 1)], &[(1, 1)]), 0).unwrap();
        assert_eq!(s.win.white.iter().sum::<u64>(), 0);
        assert!((s.draw as f64 / ONE as f64 - 0.75).abs() < 1e-6);
        assert_eq!(
            s.win.white.iter().chain(&s.win.black).sum::<u64>() + s.draw,
            ONE
        );
        assert_eq!(
            NardyTruncation::default().settle(&ln(&[(6, 1)], &[(1, 1)]), 0),
            None
        );
    }
}
