//! Training data out of the game loop: every ply of self-played games as flat records
//! ([`Trajectories`]), for TD and supervised learning.
//!
//! Game `i` of seed `s` depends only on `(s, i)` and the policy (its dice come from
//! [`GameDice`], its random choices from the game's `Choices` stream), so a range of games can
//! be recorded in chunks and the chunks concatenated.

use std::ops::Range;

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::rng::{game_stream, FirstRoll, GameDice, Stream};
use crate::play::game::{GameError, MAX_PLIES};
use crate::policy::Policy;
use crate::rules::position::Position;

/// Per-ply records of a range of games, one entry per ply in each vector (flat, ready to be
/// handed to numpy), plus one entry per game in [`Trajectories::game_points`].
///
/// Boards are in the owner's view of [`crate::encode`], owned by the player on roll at that
/// ply (the mover): `before` is the position to be played, `after` the position the chosen
/// play leads to (still owned by the mover; equal to `before` for a pass).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trajectories {
    /// The game index of each ply.
    pub game: Vec<u64>,
    /// The ply number within its game (0 = the first play).
    pub ply: Vec<u16>,
    /// The mover of each ply.
    pub turn: Vec<Color>,
    /// The board before each ply, 26 values a ply.
    pub before: Vec<i8>,
    /// The roll of each ply, larger die first, 2 values a ply.
    pub dice: Vec<u8>,
    /// The board after the chosen play, 26 values a ply.
    pub after: Vec<i8>,
    /// How many legal plays the roll had (0 for a pass).
    pub choices: Vec<u16>,
    /// The index of the chosen play among them (0 for a pass or a forced play).
    pub chosen: Vec<u16>,
    /// The final result from the mover's side: + points when the mover went on to win, −
    /// points when the mover lost (SCORE-1, LN-33; cube 1).
    pub result: Vec<i8>,
    /// Each game's result from White's side, in the order of the games.
    pub game_points: Vec<i8>,
}

impl Trajectories {
    /// Number of plies recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// True when nothing was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }
}

/// Plays games `games` of `seed` from `start` with `policy` on both sides and records every
/// ply. `board` gives a position's board in the owner's view. The first roll is made as
/// `first` says (BG-10: [`FirstRoll::Opening`] for backgammon).
///
/// # Errors
/// [`GameError`] when the policy stops a game or a game runs past the ply limit.
pub fn record_games<P: Position, Pol: Policy<P> + ?Sized>(
    start: &P,
    policy: &Pol,
    board: impl Fn(&P) -> [i8; 26],
    seed: u64,
    first: FirstRoll,
    games: Range<u64>,
) -> Result<Trajectories, GameError> {
    let mut out = Trajectories::default();
    let mut plays: Box<PlayList<P>> = Box::default();
    for g in games {
        let mut dice = GameDice::new(seed, g, first, None);
        let mut rng = game_stream(seed, g, Stream::Choices);
        let mut pos = *start;
        let first_ply = out.len();
        let mut ply = 0u32;
        while !pos.is_game_over() {
            if ply >= MAX_PLIES {
                return Err(GameError::TooLong(ply));
            }
            let roll: Dice = dice.next_roll();
            pos.legal_plays_into(roll, &mut plays);
            let before = board(&pos);
            let (i, after) = match plays.len() {
                0 => (0, before),
                1 => (0, board(plays[0].after())),
                n => {
                    let i = policy
                        .choose(&pos, roll, &plays, &mut rng)
                        .map_err(|_| GameError::PolicyStopped)?;
                    if i >= n {
                        return Err(GameError::PolicyStopped);
                    }
                    (i, board(plays[i].after()))
                }
            };
            out.game.push(g);
            out.ply.push(ply.min(u32::from(u16::MAX)) as u16);
            out.turn.push(pos.turn());
            out.before.extend_from_slice(&before);
            out.dice.extend([roll.high(), roll.low()]);
            out.after.extend_from_slice(&after);
            out.choices.push(plays.len() as u16);
            out.chosen.push(i as u16);
            pos = if plays.is_empty() {
                pos.pass_turn()
            } else {
                pos.play_unchecked(&plays[i])
            };
            ply += 1;
        }
        let (winner, points) = pos
            .outcome()
            .map_or((Color::White, 0), |o| (o.winner, o.points() as i8));
        for k in first_ply..out.len() {
            out.result.push(if out.turn[k] == winner {
                points
            } else {
                -points
            });
        }
        out.game_points.push(if winner == Color::White {
            points
        } else {
            -points
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::variant::Variant;
    use crate::policy::Random;
    use crate::rules::backgammon::Backgammon;

    #[test]
    fn chunks_concatenate_and_results_are_signed_score1() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let raw = |p: &Backgammon| *p.raw();
        let all = record_games(&start, &Random, raw, 7, FirstRoll::Opening, 0..6).unwrap();
        let a = record_games(&start, &Random, raw, 7, FirstRoll::Opening, 0..2).unwrap();
        let b = record_games(&start, &Random, raw, 7, FirstRoll::Opening, 2..6).unwrap();
        assert_eq!(all.before, [a.before, b.before].concat());
        assert_eq!(all.game_points.len(), 6);
        // SCORE-1: every game ends with 1, 2 or 3 points; the last mover won it.
        for k in 0..all.len() {
            assert!((1..=3).contains(&all.result[k].abs()));
            let last = k + 1 == all.len() || all.game[k + 1] != all.game[k];
            if last {
                assert!(all.result[k] > 0, "the last mover bears off and wins");
            }
        }
        // BG-10: the first roll of each game is not a double.
        for k in (0..all.len()).filter(|&k| all.ply[k] == 0) {
            assert_ne!(all.dice[2 * k], all.dice[2 * k + 1]);
        }
    }
}
