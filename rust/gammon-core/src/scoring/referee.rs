//! [`Referee`]: how a finished game is scored, and whether the loser gets one more turn
//! first. The game loop and rollouts are generic over it, so that variant settings (Long
//! Nardy's Mars, Koks and last-roll right, LN-33 to LN-37) stay out of move generation.

use crate::base::color::Color;
use crate::base::outcome::OutcomeKind;
use crate::rules::position::Position;

/// The scored result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner, or `None` for a draw (Long Nardy with the last-roll right, LN-37).
    pub winner: Option<Color>,
    /// The class of the result.
    pub kind: OutcomeKind,
    /// Points won at stake (cube) 1.
    pub points: u8,
}

/// Scores finished games of one rules type under one set of settings.
pub trait Referee<P: Position>: Send + Sync {
    /// Called once when `pos` (turn already passed) first shows a finished game: whether the
    /// player now on roll gets one more turn before the game is scored (LN-37). `starter` is
    /// the player who moved first in this game. Backgammon: never.
    fn extra_turn(&self, pos: &P, starter: Color) -> bool {
        let _ = (pos, starter);
        false
    }

    /// Scores the finished game from its final position (after any extra turn).
    fn score(&self, pos: &P, starter: Color) -> GameResult;
}

/// The referee of backgammon and of Long Nardy under default settings: the result is
/// [`Position::outcome`] with its default points (SCORE-1; LN-34 `mars`, no Koks, no last
/// roll).
#[derive(Clone, Copy, Debug, Default)]
pub struct StandardReferee;

impl<P: Position> Referee<P> for StandardReferee {
    fn score(&self, pos: &P, _starter: Color) -> GameResult {
        match pos.outcome() {
            Some(o) if o.kind == OutcomeKind::Draw => GameResult {
                winner: None,
                kind: o.kind,
                points: 0,
            },
            Some(o) => GameResult {
                winner: Some(o.winner),
                kind: o.kind,
                points: o.points(),
            },
            None => GameResult {
                winner: None,
                kind: OutcomeKind::Draw,
                points: 0,
            },
        }
    }
}
