//! Perfect bear-off play from the bear-off databases ([`crate::bearoff`]): among the legal
//! plays, the one whose resulting position has the best cubeless value for the mover (exact
//! from the two-sided table where both sides fit it, else from the one-sided distributions).

use rand_xoshiro::Xoshiro256PlusPlus;

use super::heuristic::Heuristic;
use super::{Policy, PolicyStop};
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::bearoff::best_bearoff_play;
use crate::rules::backgammon::Backgammon;

/// The `"bearoff"` policy: perfect play once both sides have every checker home
/// ([`best_bearoff_play`]), the [`Heuristic`] before that (which plays bear-offs the same
/// way).
#[derive(Clone, Debug, Default)]
pub struct PerfectBearoff {
    heuristic: Heuristic,
}

impl Policy<Backgammon> for PerfectBearoff {
    fn choose(
        &self,
        pos: &Backgammon,
        dice: Dice,
        plays: &PlayList<Backgammon>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        match best_bearoff_play(pos, plays) {
            Some(i) => Ok(i),
            None => self.heuristic.choose(pos, dice, plays, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::variant::Variant;
    use crate::bearoff::{evaluate, value_after_play};
    use crate::rules::backgammon::bg;
    use crate::rules::position::Position;

    #[test]
    fn every_choice_is_as_good_as_the_best_exact_value() {
        // OFF-1..OFF-3 with both sides in the two-sided table: the chosen play's exact value
        // is the best of all plays', for every roll.
        let pos = bg(&[(6, 2), (5, 1), (3, 2), (1, 1)], &[(4, 2), (2, 3)]);
        let policy = PerfectBearoff::default();
        let mut rng = crate::base::rng::game_stream(1, 0, crate::base::rng::Stream::Choices);
        for dice in Dice::ALL_21 {
            let plays = pos.legal_plays(dice);
            if plays.len() < 2 {
                continue;
            }
            let i = policy.choose(&pos, dice, &plays, &mut rng).unwrap();
            let value = |k: usize| value_after_play(plays[k].after()).unwrap();
            for k in 0..plays.len() {
                assert!(
                    value(i) >= value(k),
                    "{dice}: play {k} beats the choice {i}"
                );
            }
            // The value of the chosen play is what the table says of the position reached.
            let next = pos.play_unchecked(&plays[i]);
            if !next.is_game_over() {
                assert!((value(i) + evaluate(&next).unwrap().equity()).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn a_position_with_contact_is_left_to_the_heuristic() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let plays = start.legal_plays(Dice::new(3, 1).unwrap());
        assert_eq!(best_bearoff_play(&start, &plays), None);
    }

    #[test]
    fn the_policy_plays_a_known_bear_off_problem() {
        // White, on roll with 6-5, against one Black checker on Black's 1 point (Black wins
        // at its next roll): White must bear off both checkers now, and only 6/off 5/off
        // does it from the 6 and 5 points.
        let pos = bg(&[(6, 1), (5, 1)], &[(1, 1)]);
        let plays = pos.legal_plays(Dice::new(6, 5).unwrap());
        let i = best_bearoff_play(&pos, &plays).unwrap();
        assert!(pos.play_unchecked(&plays[i]).is_game_over());
    }
}
