//! Variance reduction by the luck of the dice, as GNU Backgammon does it in rollouts (the GNU
//! Backgammon manual, "Rollouts": variance reduction "uses the evaluator to estimate the luck
//! of each roll and subtracts it from the result").
//!
//! Before each turn, [`EvalLuck`] values every roll the player on roll could have thrown: a
//! roll is worth the best position it allows (the greatest of the evaluator's cubeless
//! equities after its legal plays, or the points of a game it ends), and its luck is its worth
//! minus the average worth of all 21 rolls (of the 15 non-doubles for an opening roll, BG-10).
//! The game's result minus the luck summed over its turns has the same expectation as the
//! result, whatever the evaluator (the luck of each roll averages to zero over the dice), and
//! a much smaller variance when the evaluator is good: the rollout needs fewer games for the
//! same standard error. The policies' own plays are untouched; the evaluator only measures.

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::eval::Evaluator;
use crate::play::game::Luck;
use crate::rules::position::Position;
use crate::scoring::referee::Referee;

thread_local! {
    /// The equities of one roll's plays (reused: no allocation per roll).
    static EQUITIES: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The luck of each roll measured by an evaluator (see the module documentation).
pub struct EvalLuck<'a, P, R> {
    /// The evaluator that values positions.
    pub evaluator: &'a dyn Evaluator<P>,
    /// Scores the games a roll ends.
    pub referee: &'a R,
    /// The player who started the game (Long Nardy's roles, LN-8; White by default).
    pub starter: Color,
}

impl<P: Position, R: Referee<P>> EvalLuck<'_, P, R> {
    /// What `roll` is worth to the player on roll in `pos`, in points at stake 1.
    pub fn roll_value(&self, pos: &P, roll: Dice, buf: &mut PlayList<P>) -> f64 {
        let mover = pos.turn();
        pos.legal_plays_into(roll, buf);
        if buf.is_empty() {
            return self.value_after(mover, &pos.pass_turn());
        }
        EQUITIES.with_borrow_mut(|equities| {
            self.evaluator.play_equities(pos, buf.as_slice(), equities);
            let mut best = f64::NEG_INFINITY;
            for (play, &e) in buf.iter().zip(equities.iter()) {
                let next = pos.play_unchecked(play);
                let v = if next.is_game_over() {
                    self.value_after(mover, &next)
                } else {
                    f64::from(e)
                };
                if v > best {
                    best = v;
                }
            }
            best
        })
    }

    /// The value for `mover` of `next` (the position after its play, the opponent on roll).
    fn value_after(&self, mover: Color, next: &P) -> f64 {
        if next.is_game_over() {
            let r = self.referee.score(next, self.starter);
            return match r.winner {
                Some(w) if w == mover => f64::from(r.points),
                Some(_) => -f64::from(r.points),
                None => 0.0,
            };
        }
        -f64::from(self.evaluator.evaluate(next).equity())
    }
}

impl<P: Position, R: Referee<P>> Luck<P> for EvalLuck<'_, P, R> {
    fn luck(&self, pos: &P, roll: Dice, opening: bool, buf: &mut PlayList<P>) -> f64 {
        let rolls: &[Dice] = if opening {
            &Dice::OPENING_15
        } else {
            &Dice::ALL_21
        };
        let mut mean = 0.0;
        let mut actual = None;
        for &r in rolls {
            let v = self.roll_value(pos, r, buf);
            let w = if opening {
                1.0 / 15.0
            } else {
                f64::from(r.weight()) / 36.0
            };
            mean += w * v;
            if r == roll {
                actual = Some(v);
            }
        }
        let actual = actual.unwrap_or_else(|| self.roll_value(pos, roll, buf));
        actual - mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::eval::bearoff::BearoffEvaluator;
    use crate::rules::backgammon::Backgammon;
    use crate::scoring::referee::StandardReferee;

    /// The shipped net through [`Evaluator::evaluate`] only (the default `play_equities`).
    struct OnePositionAtATime(&'static crate::eval::net::NetEvaluator);

    impl Evaluator<Backgammon> for OnePositionAtATime {
        fn evaluate(&self, pos: &Backgammon) -> crate::eval::Probabilities {
            self.0.evaluate(pos)
        }
    }

    #[test]
    fn the_nets_valuing_a_rolls_plays_together_measure_the_same_luck() {
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let slow = OnePositionAtATime(nets);
        let together = EvalLuck {
            evaluator: nets,
            referee: &StandardReferee,
            starter: Color::White,
        };
        let apart = EvalLuck {
            evaluator: &slow,
            referee: &StandardReferee,
            starter: Color::White,
        };
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        while !pos.is_game_over() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let roll = Dice::ALL_21[(state % 21) as usize];
            let (a, b) = (
                together.luck(&pos, roll, false, &mut buf),
                apart.luck(&pos, roll, false, &mut buf),
            );
            assert!((a - b).abs() < 1e-4, "{a} vs {b} at {pos:?}");
            checked += 1;
            let plays = pos.legal_plays(roll);
            pos = if plays.is_empty() {
                pos.pass_turn()
            } else {
                pos.play_unchecked(&plays[nets.best_play_from(&pos, plays.as_slice())])
            };
        }
        assert!(checked > 20);
    }

    #[test]
    fn luck_averages_to_zero_over_the_rolls_and_rewards_doubles_in_a_race() {
        let pos = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[(6, 2), (5, 2), (4, 2)],
            &[(6, 2), (5, 2), (3, 2)],
        ))
        .unwrap();
        let luck = EvalLuck {
            evaluator: &BearoffEvaluator,
            referee: &StandardReferee,
            starter: Color::White,
        };
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut mean = 0.0;
        for r in Dice::ALL_21 {
            mean += f64::from(r.weight()) / 36.0 * luck.luck(&pos, r, false, &mut buf);
        }
        assert!(mean.abs() < 1e-9, "{mean}");
        let six_six = luck.luck(&pos, Dice::new(6, 6).unwrap(), false, &mut buf);
        let two_one = luck.luck(&pos, Dice::new(2, 1).unwrap(), false, &mut buf);
        assert!(six_six > 0.3 && two_one < 0.0, "{six_six} {two_one}");
        // BG-10: the opening average is over the 15 non-doubles.
        let mut mean = 0.0;
        for r in Dice::OPENING_15 {
            mean += luck.luck(&pos, r, true, &mut buf) / 15.0;
        }
        assert!(mean.abs() < 1e-9, "{mean}");
    }
}
