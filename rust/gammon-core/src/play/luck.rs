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
        let mut best = f64::NEG_INFINITY;
        for play in buf.iter() {
            let v = self.value_after(mover, &pos.play_unchecked(play));
            if v > best {
                best = v;
            }
        }
        best
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
