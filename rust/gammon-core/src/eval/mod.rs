//! The **eval** layer, directly above `bearoff` and `encode`: position evaluators, which map a
//! position to the probabilities of its outcomes for the player on roll, and pubeval's linear
//! score of a play (`pubeval`), which plays and screens plays for the nets.
//!
//! Owns the [`Probabilities`] value and the [`Evaluator`] trait that every evaluator implements
//! (the neural nets, the exact bear-off values, test evaluators). Checker policies, cube
//! decisions, variance reduction and truncated rollouts are written against the trait, so any
//! evaluator can drive them.
//!
//! May use: `base`, `rules`, `bearoff`, `encode`.

pub mod bearoff;

use crate::base::moves::Play;
use crate::rules::position::Position;

pub mod net;
pub(crate) mod pubeval;

/// The outcome probabilities of a position for the player on roll, before the roll.
///
/// Gammons include backgammons and wins include gammons, as in gnubg's output vector
/// (Berliner/gnubg's five outputs): `win >= win_gammon >= win_backgammon` and
/// `1 - win - draw >= lose_gammon >= lose_backgammon`. For Long Nardy the classes are its own
/// (LN-33..LN-37): `win_gammon` is a win by Mars or Koks, `win_backgammon` a win by Koks, and
/// `draw` is non-zero only under the last-roll right (LN-37). For backgammon `draw` is 0.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Probabilities {
    /// The probability that the player on roll wins (gammons included).
    pub win: f32,
    /// The probability of a win by a gammon or more (Long Nardy: Mars or Koks).
    pub win_gammon: f32,
    /// The probability of a win by a backgammon (Long Nardy: Koks).
    pub win_backgammon: f32,
    /// The probability of a loss by a gammon or more (Long Nardy: Mars or Koks).
    pub lose_gammon: f32,
    /// The probability of a loss by a backgammon (Long Nardy: Koks).
    pub lose_backgammon: f32,
    /// The probability of a draw (Long Nardy's last-roll right only; 0 in backgammon).
    pub draw: f32,
}

impl Probabilities {
    /// The probability that the player on roll loses (gammons included).
    #[must_use]
    pub fn lose(&self) -> f32 {
        1.0 - self.win - self.draw
    }

    /// The cubeless money equity for the player on roll, in points a game: a single game
    /// counts 1, a gammon 2 and a backgammon 3 (Long Nardy: Oin 1, Mars 2, Koks 3; a draw 0).
    #[must_use]
    pub fn equity(&self) -> f32 {
        self.win - self.lose() + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }

    /// The same probabilities seen from the other player.
    #[must_use]
    pub fn flip(&self) -> Probabilities {
        Probabilities {
            win: self.lose(),
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
            draw: self.draw,
        }
    }
}

/// Something that evaluates positions of one rules family.
pub trait Evaluator<P: Position>: Send + Sync {
    /// The outcome probabilities of `pos` for its player on roll, before the roll.
    fn evaluate(&self, pos: &P) -> Probabilities;

    /// The cubeless equity of each of `plays` (legal plays of `pos`) for the player who makes
    /// it: `out[i]` is the value, for the mover, of the position after `plays[i]` with the
    /// opponent on roll ([`Evaluator::evaluate`] of it, negated). The default evaluates each
    /// position after a play; an evaluator may value the plays of one position together,
    /// faster (the nets do, from the position's first-layer sums). The value of a play that
    /// ends the game is the evaluator's: callers that score finished games do it themselves.
    fn play_equities(&self, pos: &P, plays: &[Play<P>], out: &mut Vec<f32>) {
        out.clear();
        out.extend(
            plays
                .iter()
                .map(|p| -self.evaluate(&pos.play_unchecked(p)).equity()),
        );
    }

    /// The probabilities after each of `plays` (legal plays of `pos`) for the player who makes
    /// it: `out[i]` is [`Evaluator::evaluate`] of the position after `plays[i]`, flipped, and
    /// its equity [`Evaluator::play_equities`]'s `out[i]`. The default evaluates each position
    /// after a play; the nets value the plays of one position together (the same up to float
    /// rounding). The value of a play that ends the game is the evaluator's, as there.
    fn play_probabilities(&self, pos: &P, plays: &[Play<P>], out: &mut Vec<Probabilities>) {
        out.clear();
        out.extend(
            plays
                .iter()
                .map(|p| self.evaluate(&pos.play_unchecked(p)).flip()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::Probabilities;

    #[test]
    fn flip_twice_is_identity_and_negates_equity() {
        let p = Probabilities {
            win: 0.6,
            win_gammon: 0.2,
            win_backgammon: 0.01,
            lose_gammon: 0.1,
            lose_backgammon: 0.005,
            draw: 0.0,
        };
        assert_eq!(p.flip().flip(), p);
        assert!((p.flip().equity() + p.equity()).abs() < 1e-6);
        // 2 * 0.6 - 1 + 0.2 - 0.1 + 0.01 - 0.005
        assert!((p.equity() - 0.305).abs() < 1e-6);
    }
}
