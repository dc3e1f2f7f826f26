//! The events of a game with the cube as an [`Observer`] sees them (opening throws, cube
//! actions, rolls, plays, the end of a game), and [`NoObserver`], which compiles to nothing.

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::moves::Play;
use crate::play::record::CubefulRecord;
use crate::policy::cube::Response;
use crate::scoring::cube::{CubeAnswer, CubeState};
use crate::scoring::scoreboard::Scoreboard;

/// One event of a game with the cube, as an [`Observer`] sees it.
#[derive(Clone, Copy, Debug)]
pub enum GameEvent<'a, P> {
    /// One throw of the opening roll: White's die and Black's (BG-10).
    OpeningThrow {
        /// White's die.
        white: u8,
        /// Black's die.
        black: u8,
    },
    /// The player on roll may double now and their cube policy is asked.
    MayDouble {
        /// The player on roll.
        player: Color,
        /// The cube as it stands.
        cube: CubeState,
    },
    /// The player on roll doubles (CUBE-4).
    Double {
        /// The doubler.
        player: Color,
    },
    /// A player answers a double, beaver or raccoon.
    Answer {
        /// The player answering.
        player: Color,
        /// The answer.
        response: Response,
        /// The answer in words: a redouble is a beaver or a raccoon (CUBE-12, CUBE-13).
        answer: CubeAnswer,
        /// Whether a redouble (beaver or raccoon) was allowed.
        may_redouble: bool,
    },
    /// The player on roll rolls (or, for the opening play, has rolled) these dice.
    Roll {
        /// The player on roll.
        player: Color,
        /// The dice.
        dice: Dice,
    },
    /// The player on roll makes this play.
    Play {
        /// The position before the play.
        before: &'a P,
        /// The play.
        play: &'a Play<P>,
    },
    /// The roll cannot be played (MOVE-8).
    Pass,
    /// A game of a match or session ended; `board` is the scoreboard after it.
    GameOver {
        /// The game.
        record: &'a CubefulRecord,
        /// The match after recording the game (or [`Scoreboard::Money`]).
        board: &'a Scoreboard,
    },
}

/// Sees the events of games with the cube.
pub trait Observer<P> {
    /// Called for every event, in order.
    fn event(&mut self, event: &GameEvent<'_, P>);
}

/// Sees nothing; compiles to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<P> Observer<P> for NoObserver {
    #[inline(always)]
    fn event(&mut self, _event: &GameEvent<'_, P>) {}
}
