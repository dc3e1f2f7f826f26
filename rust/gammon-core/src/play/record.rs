//! What a game or a match leaves behind: the fixed-point result shares ([`ONE`]), the
//! winning classes, [`Settlement`] and [`GameRecord`] for cubeless games, and [`CubefulRecord`]
//! and [`MatchRecord`] for games with the cube and whole matches.

use crate::base::color::{ByColor, Color};
use crate::base::outcome::OutcomeKind;
use crate::scoring::cube::CubeState;
use crate::scoring::referee::GameResult;

/// Fixed-point unit of result shares: a whole game is `ONE`. Shares are integers so that
/// statistics merge exactly (associatively) however games are split between threads.
pub const ONE: u64 = 1 << 32;

/// The number of winning result classes ([`OutcomeKind`] without `Draw`).
pub const WIN_KINDS: usize = 6;

/// The index of a winning result class in per-class arrays: single, gammon, backgammon,
/// Oin, Mars, Koks = 0..6. `None` for a draw.
#[must_use]
pub const fn win_kind_index(kind: OutcomeKind) -> Option<usize> {
    match kind {
        OutcomeKind::Single => Some(0),
        OutcomeKind::Gammon => Some(1),
        OutcomeKind::Backgammon => Some(2),
        OutcomeKind::Oin => Some(3),
        OutcomeKind::Mars => Some(4),
        OutcomeKind::Koks => Some(5),
        OutcomeKind::Draw => None,
    }
}

/// The winning result classes in index order (`win_kind_index`).
pub const WIN_KIND_ORDER: [OutcomeKind; WIN_KINDS] = [
    OutcomeKind::Single,
    OutcomeKind::Gammon,
    OutcomeKind::Backgammon,
    OutcomeKind::Oin,
    OutcomeKind::Mars,
    OutcomeKind::Koks,
];

/// The expected result of a game settled before its end, in fixed point ([`ONE`] = the whole
/// game). Made by a `Truncation` step, for example from an exact bear-off database.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settlement {
    /// For each winner, the probability of each winning class (`win_kind_index`), in units
    /// of 1/[`ONE`].
    pub win: ByColor<[u64; WIN_KINDS]>,
    /// The probability of a draw, in units of 1/[`ONE`].
    pub draw: u64,
    /// White's expected net points at stake 1, in units of 1/[`ONE`].
    pub white_points: i64,
}

impl Settlement {
    /// The settlement of a game whose result is known for certain.
    #[must_use]
    pub fn certain(result: &GameResult) -> Settlement {
        let mut s = Settlement::default();
        match (result.winner, win_kind_index(result.kind)) {
            (Some(w), Some(k)) => {
                s.win[w][k] = ONE;
                let pts = i64::from(result.points) * ONE as i64;
                s.white_points = if w == Color::White { pts } else { -pts };
            }
            _ => s.draw = ONE,
        }
        s
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// Played to the end and scored by the referee.
    Finished(GameResult),
    /// Settled early by the truncation step.
    Settled(Settlement),
}

/// One game's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRecord {
    /// How the game ended.
    pub end: GameEnd,
    /// The cube at the end (its value multiplies the points).
    pub cube: CubeState,
    /// Turns played (passes included).
    pub plies: u32,
}

impl GameRecord {
    /// The result as a settlement (a finished game is a certain one), with the points
    /// multiplied by the cube value.
    #[must_use]
    pub fn settlement(&self) -> Settlement {
        let mut s = match &self.end {
            GameEnd::Finished(r) => Settlement::certain(r),
            GameEnd::Settled(s) => *s,
        };
        s.white_points *= i64::from(self.cube.value);
        s
    }
}

/// How a game with the cube ended (the Python `gammon.Ending`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A player bore off the last checker (SCORE-1), or Long Nardy's draw.
    BorneOff,
    /// A double (or beaver, or raccoon) was dropped (CUBE-6).
    Dropped,
    /// A resignation was accepted (RESIGN-2); only `gammon.Game` has resignations.
    Resigned,
}

/// One game with the cube: how it ended and what it scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubefulRecord {
    /// The winner, or `None` for a draw (Long Nardy's last roll).
    pub winner: Option<Color>,
    /// The class of the result ([`OutcomeKind::Single`] for a drop).
    pub kind: OutcomeKind,
    /// How the game ended.
    pub ending: Ending,
    /// The points the winner scored: level times cube (Jacoby applied), or the value before
    /// the dropped double.
    pub points: u32,
    /// The cube at the end (for a drop: the cube the points were counted at).
    pub cube: CubeState,
    /// The player who won the opening roll and moved first.
    pub starter: Color,
    /// Ties thrown at the opening roll.
    pub ties: u32,
    /// Cube offers made: doubles, beavers and raccoons.
    pub doubles: u32,
    /// Turns played (passes included; the opening play is the first).
    pub plies: u32,
}

/// One whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchRecord {
    /// The player who won the match.
    pub winner: Color,
    /// The final score (the winner's may pass the length, MATCH-1).
    pub score: ByColor<u32>,
    /// Games played.
    pub games: u32,
    /// Crawford games played (0 or 1, MATCH-3).
    pub crawford_games: u32,
    /// The index (from 0) of the Crawford game, if there was one.
    pub crawford_game: Option<u32>,
    /// Games ended by a dropped double.
    pub drops: u32,
    /// Cube offers made in all games: doubles, beavers and raccoons.
    pub doubles: u32,
    /// The highest cube value any game ended with.
    pub max_cube: u32,
    /// Turns played in all games.
    pub plies: u64,
}
