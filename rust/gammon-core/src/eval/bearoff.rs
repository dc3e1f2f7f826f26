//! Evaluators whose values are known exactly: the bear-off databases ([`crate::bearoff`]) as
//! an [`Evaluator`], for backgammon ([`BearoffEvaluator`]) and for Long Nardy race endings
//! ([`NardyBearoffEvaluator`]). They are the test oracle of everything written against the
//! trait (cube decisions, variance reduction, truncated rollouts).

use crate::base::color::Color;
use crate::bearoff::nardy::{evaluate_nardy, NardyScoring};
use crate::bearoff::{self};
use crate::eval::{Evaluator, Probabilities};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

/// The mean pips of one roll: 49/6 (doubles count four times).
const PIPS_PER_ROLL: f64 = 49.0 / 6.0;
/// The variance of the pips of one roll: E[X^2] - E[X]^2 = 3047/36 - (49/6)^2.
const PIPS_VARIANCE: f64 = 3047.0 / 36.0 - PIPS_PER_ROLL * PIPS_PER_ROLL;

/// The standard normal distribution function, by Abramowitz and Stegun's formula 7.1.26
/// for `erf` (absolute error below 1.5e-7).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// A rough race estimate from pip counts alone (no gammons): by renewal theory the rolls a
/// side needs to bear off `pips` are about normal with mean `pips / m` and variance
/// `pips v / m^3` (`m`, `v` the mean and variance of one roll's pips); the player on roll wins
/// when it needs no more rolls than the opponent (hence the half-roll continuity correction).
/// Wastage is ignored, so it favours the side with the gappier board.
#[must_use]
pub fn race_estimate(my_pips: u32, their_pips: u32) -> f64 {
    let (a, b) = (f64::from(my_pips), f64::from(their_pips));
    let m3 = PIPS_PER_ROLL.powi(3);
    let sd = ((a + b) * PIPS_VARIANCE / m3).sqrt().max(1e-9);
    normal_cdf((b - a) / PIPS_PER_ROLL / sd + 0.5 / sd)
}

/// The probabilities of a bear-off evaluation of [`crate::bearoff`].
#[must_use]
pub fn from_bearoff(e: &bearoff::Evaluation) -> Probabilities {
    Probabilities {
        win: e.win as f32,
        win_gammon: e.win_gammon as f32,
        win_backgammon: 0.0,
        lose_gammon: e.lose_gammon as f32,
        lose_backgammon: 0.0,
        draw: 0.0,
    }
}

/// Backgammon's bear-off databases as an evaluator.
///
/// - Both sides home, each with a checker off and within the two-sided table: **exact**
///   (perfect cubeless play by both sides).
/// - Both sides home otherwise: the one-sided distributions combined as if independent, as
///   gnubg does (within about 0.01 of the win probability; gammons included): approximate.
/// - Anywhere else: [`race_estimate`] from the pip counts, without gammons: a rough stand-in
///   so that the evaluator answers for every position. Use it as an oracle in bear-offs only.
///
/// [`BearoffEvaluator::evaluate_with_kind`] says which of the three applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BearoffEvaluator;

/// How a [`BearoffEvaluator`] value was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BearoffKind {
    /// From the two-sided table: exact.
    Exact,
    /// From the one-sided tables: approximate.
    OneSided,
    /// Not a bear-off: the pip-count estimate.
    PipEstimate,
    /// The game is over: the result itself.
    Over,
}

impl BearoffEvaluator {
    /// The probabilities of `pos` for its player on roll and how they were found.
    #[must_use]
    pub fn evaluate_with_kind(pos: &Backgammon) -> (Probabilities, BearoffKind) {
        if pos.is_game_over() {
            return (over(pos), BearoffKind::Over);
        }
        if bearoff::is_bearoff(pos) {
            if let Ok(e) = bearoff::evaluate(pos) {
                let kind = if e.exact {
                    BearoffKind::Exact
                } else {
                    BearoffKind::OneSided
                };
                return (from_bearoff(&e), kind);
            }
        }
        let pips = pos.pip_count();
        let win = race_estimate(pips[pos.turn()], pips[!pos.turn()]) as f32;
        (
            Probabilities {
                win,
                ..Probabilities::default()
            },
            BearoffKind::PipEstimate,
        )
    }
}

/// The probabilities of a finished backgammon game for its player on roll: the winner has
/// borne everything off; a gammon when the loser has nothing off, a backgammon when the loser
/// also has a checker in the winner's home board or on the bar (SCORE-1).
fn over(pos: &Backgammon) -> Probabilities {
    let total = u32::from(pos.checkers_per_side());
    let mine: u32 = (1..=25u8).map(|p| u32::from(pos.mover_at(p))).sum();
    let (winner_is_mover, loser_at): (bool, &dyn Fn(u8) -> u8) = if mine == 0 {
        (true, &|p| pos.opponent_at(p))
    } else {
        (false, &|p| pos.mover_at(p))
    };
    let loser_on: u32 = (1..=25u8).map(|p| u32::from(loser_at(p))).sum();
    let gammon = loser_on == total;
    let backgammon = gammon && (19..=25u8).any(|p| loser_at(p) > 0);
    let p = Probabilities {
        win: 1.0,
        win_gammon: if gammon { 1.0 } else { 0.0 },
        win_backgammon: if backgammon { 1.0 } else { 0.0 },
        ..Probabilities::default()
    };
    if winner_is_mover {
        p
    } else {
        p.flip()
    }
}

impl Evaluator<Backgammon> for BearoffEvaluator {
    fn evaluate(&self, pos: &Backgammon) -> Probabilities {
        BearoffEvaluator::evaluate_with_kind(pos).0
    }
}

/// Long Nardy's race endings as an evaluator ([`crate::bearoff::nardy`]): exact where the
/// two-sided table applies (no last roll, both sides with a checker off), the one-sided
/// combination elsewhere in race endings (approximate), and [`race_estimate`] from the pip
/// counts in every other position (rough; no Mars). Mars is reported as a gammon-class win
/// (`win_gammon`), as [`Probabilities`] describes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NardyBearoffEvaluator {
    /// The scoring of the games (Oin or Mars; the last roll).
    pub scoring: NardyScoring,
}

impl Evaluator<Nardy> for NardyBearoffEvaluator {
    fn evaluate(&self, pos: &Nardy) -> Probabilities {
        if let Ok(e) = evaluate_nardy(pos, self.scoring) {
            let m = if e.mars_counts { 1.0 } else { 0.0 };
            return Probabilities {
                win: e.win as f32,
                win_gammon: (m * e.win_mars) as f32,
                win_backgammon: 0.0,
                lose_gammon: (m * e.lose_mars) as f32,
                lose_backgammon: 0.0,
                draw: e.draw as f32,
            };
        }
        let pips = pos.pip_count();
        let me: Color = pos.turn();
        Probabilities {
            win: race_estimate(pips[me], pips[!me]) as f32,
            ..Probabilities::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::rules::backgammon::bg;

    #[test]
    fn off1_exact_values_in_the_two_sided_table() {
        // One checker on the 6 point against one on the 1 point: 27 of 36 rolls (OFF-1..3).
        let (p, kind) = BearoffEvaluator::evaluate_with_kind(&bg(&[(6, 1)], &[(1, 1)]));
        assert_eq!(kind, BearoffKind::Exact);
        assert!((p.win - 0.75).abs() < 1e-4);
        assert_eq!(p.win_gammon + p.lose_gammon, 0.0);
    }

    #[test]
    fn gammons_come_from_the_one_sided_tables_when_nothing_is_off() {
        // Two checkers on the 1 point, on roll, against 15 at home with nothing off: every
        // roll bears both off before the opponent moves, a sure gammon.
        let (p, kind) = BearoffEvaluator::evaluate_with_kind(&bg(&[(1, 2)], &[(6, 15)]));
        assert_eq!(kind, BearoffKind::OneSided);
        assert!(
            (p.win - 1.0).abs() < 1e-6 && (p.win_gammon - 1.0).abs() < 1e-6,
            "{p:?}"
        );
        // Fifteen each, the mover on the 1 point: it needs 8 rolls at most and the opponent
        // cannot finish in fewer than 4, so it wins nearly always, gammons some of the time.
        let (p, _) = BearoffEvaluator::evaluate_with_kind(&bg(&[(1, 15)], &[(6, 15)]));
        assert!(p.win > 0.99, "{p:?}");
        assert!(p.win_gammon > 0.0 && p.win_gammon < 1.0, "{p:?}");
    }

    #[test]
    fn score1_finished_games_are_scored() {
        let p = BearoffEvaluator.evaluate(&bg(&[], &[(6, 15)]));
        assert_eq!((p.win, p.win_gammon, p.win_backgammon), (1.0, 1.0, 0.0));
        let p = BearoffEvaluator.evaluate(&bg(&[], &[(6, 14), (20, 1)]));
        assert_eq!((p.win, p.win_gammon, p.win_backgammon), (1.0, 1.0, 1.0));
        let p = BearoffEvaluator.evaluate(&bg(&[(6, 3)], &[]));
        assert_eq!((p.win, p.lose()), (0.0, 1.0));
        assert_eq!(p.lose_gammon, 0.0);
    }

    #[test]
    fn the_pip_estimate_is_even_for_equal_races_and_favours_the_leader() {
        // Equal pips: the player on roll is ahead by about half a roll.
        let even = race_estimate(100, 100);
        assert!(even > 0.55 && even < 0.65, "{even}");
        assert!(race_estimate(80, 100) > 0.85);
        assert!(race_estimate(100, 80) < 0.25);
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        let (_, kind) = BearoffEvaluator::evaluate_with_kind(
            &Backgammon::start(Variant::Backgammon, Color::White).unwrap(),
        );
        assert_eq!(kind, BearoffKind::PipEstimate);
    }

    #[test]
    fn ln33_nardy_race_endings_are_valued_from_the_tables() {
        // Both sides home (own points 1..=6): the mover, one checker on point 1, wins at once.
        let s = Setup::from_points(Variant::LongNardy, Color::White, &[(1, 1)], &[(6, 2)]);
        let pos = Nardy::from_setup(&s).unwrap();
        let p = NardyBearoffEvaluator::default().evaluate(&pos);
        assert!((p.win - 1.0).abs() < 1e-6, "{p:?}");
    }
}
