//! Perfect bear-off play from the bear-off databases ([`crate::bearoff`]): among the legal
//! plays, the one whose resulting position has the best cubeless value for the mover (exact
//! from the two-sided table where both sides fit it, else from the one-sided distributions).

use rand_xoshiro::Xoshiro256PlusPlus;

use super::heuristic::Heuristic;
use super::{Policy, PolicyStop};
use crate::backgammon::Backgammon;
use crate::bearoff::{is_bearoff, value_after_play};
use crate::dice::Dice;
use crate::moves::PlayList;

/// The index of the play with the best bear-off value (the first of equals), or `None` when
/// `pos` is not a bear-off (a checker of either side outside its home board).
#[must_use]
pub fn best_bearoff_play(pos: &Backgammon, plays: &PlayList<Backgammon>) -> Option<usize> {
    if !is_bearoff(pos) {
        return None;
    }
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (i, play) in plays.iter().enumerate() {
        let v = value_after_play(play.after())?;
        if v > best_value {
            best = i;
            best_value = v;
        }
    }
    Some(best)
}

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
    use crate::bearoff::evaluate;
    use crate::color::Color;
    use crate::position::Position;
    use crate::setup::Setup;
    use crate::variant::Variant;

    fn bg(white: &[(u8, u8)], black: &[(u8, u8)]) -> Backgammon {
        Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            white,
            black,
        ))
        .unwrap()
    }

    #[test]
    fn every_choice_is_as_good_as_the_best_exact_value() {
        // OFF-1..OFF-3 with both sides in the two-sided table: the chosen play's exact value
        // is the best of all plays', for every roll.
        let pos = bg(&[(6, 2), (5, 1), (3, 2), (1, 1)], &[(4, 2), (2, 3)]);
        let policy = PerfectBearoff::default();
        let mut rng = crate::rng::game_stream(1, 0, crate::rng::Stream::Choices);
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
