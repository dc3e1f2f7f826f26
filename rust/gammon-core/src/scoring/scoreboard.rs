//! Scoring across games: a match to N points with its Crawford state ([`MatchScore`],
//! MATCH-*), or a money session ([`Scoreboard::Money`], MONEY-*).
//!
//! [`MatchScore`] is the one match score of gammon: the Python class `gammon.MatchScore` is
//! this value and `gammon.Match` wraps it, so simulated matches and matches played through
//! `gammon.Game` keep the same books.
//!
//! ```
//! use gammon_core::MatchScore;
//! use gammon_core::Color::{Black, White};
//!
//! let m = MatchScore::new(5, true).unwrap();
//! let m = m.record(Some(White), 2).record(Some(Black), 1).record(Some(White), 2);
//! assert_eq!((m.score.white, m.score.black, m.crawford_game), (4, 1, true));
//! let m = m.record(Some(Black), 1);
//! assert_eq!((m.crawford_game, m.post_crawford), (false, true));
//! ```

use std::fmt;

use crate::base::color::{ByColor, Color};
use crate::scoring::cube::CubeRules;

/// The longest match: the Match ID's 15-bit length field (MATCH-1, ID-7).
pub const MAX_MATCH_LENGTH: u32 = (1 << 15) - 1;

/// The largest score: the Match ID's 15-bit score field (ID-7). Scores saturate there, as
/// they do in the Python classes.
pub const MAX_SCORE: u32 = (1 << 15) - 1;

/// A match to `length` points with its score and Crawford state (MATCH-1, MATCH-3, MATCH-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchScore {
    /// The points needed to win, 1 to `MAX_MATCH_LENGTH`.
    pub length: u32,
    /// Each player's score (it may pass `length` after the last game, MATCH-1).
    pub score: ByColor<u32>,
    /// The Crawford rule is in force (MATCH-3).
    pub crawford_rule: bool,
    /// The next game is the Crawford game: no doubling in it (MATCH-3).
    pub crawford_game: bool,
    /// The Crawford game lies behind, or the match started with a player at `length - 1`
    /// (MATCH-4).
    pub post_crawford: bool,
}

/// A match length outside 1 to [`MAX_MATCH_LENGTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a match is played to 1 to 32767 points, not {0} (MATCH-1, ID-7)")]
pub struct MatchLengthError(pub u64);

/// A match set up from parts that cannot go together (MATCH-1, MATCH-3, MATCH-4, ID-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchSetupError {
    /// The length is out of range.
    #[error(transparent)]
    Length(#[from] MatchLengthError),
    /// A score past the Match ID's 15-bit field.
    #[error("scores must be from 0 to 32767, not {0} (ID-7)")]
    Score(u32),
    /// A Crawford game with the rule off.
    #[error("a Crawford game needs the Crawford rule (MATCH-3)")]
    CrawfordWithoutRule,
    /// A Crawford game at a score that cannot have one.
    #[error(
        "the Crawford game is played with exactly one player at {} and the other below, \
         not at {white}-{black} (MATCH-3)",
        length - 1
    )]
    CrawfordScore {
        /// The match length.
        length: u32,
        /// White's score.
        white: u32,
        /// Black's score.
        black: u32,
    },
    /// A post-Crawford flag the score cannot have reached.
    #[error(
        "post-Crawford needs the Crawford rule, a player at {} or more, and is not the \
         Crawford game itself (MATCH-4)",
        length - 1
    )]
    PostCrawford {
        /// The match length.
        length: u32,
    },
}

/// A game recorded after the match ended (MATCH-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the match is over at {white}-{black}; no further game can be recorded (MATCH-1)")]
pub struct MatchOverError {
    /// White's final score.
    pub white: u32,
    /// Black's final score.
    pub black: u32,
}

impl MatchScore {
    /// A match set up at some score (MATCH-4: the Crawford flag comes from the state, never
    /// from the score alone). `crawford_game` marks the next game as the Crawford game;
    /// `post_crawford` says whether it lies behind, `None` deriving it: a match set up with a
    /// player at `length - 1` or more and no Crawford flag is post-Crawford.
    ///
    /// # Errors
    /// [`MatchSetupError`] for a length or score out of range, a Crawford flag without the
    /// rule or without exactly one player at `length - 1` (MATCH-3), or a post-Crawford flag
    /// the score cannot have reached (MATCH-4).
    pub fn from_parts(
        length: u32,
        score: ByColor<u32>,
        crawford_rule: bool,
        crawford_game: bool,
        post_crawford: Option<bool>,
    ) -> Result<MatchScore, MatchSetupError> {
        let mut m = MatchScore::new(length, crawford_rule)?;
        for s in [score.white, score.black] {
            if s > MAX_SCORE {
                return Err(MatchSetupError::Score(s));
            }
        }
        let (lo, hi) = (score.white.min(score.black), score.white.max(score.black));
        if crawford_game {
            if !crawford_rule {
                return Err(MatchSetupError::CrawfordWithoutRule);
            }
            if hi != length - 1 || lo >= length - 1 {
                return Err(MatchSetupError::CrawfordScore {
                    length,
                    white: score.white,
                    black: score.black,
                });
            }
        }
        let post = match post_crawford {
            None => crawford_rule && !crawford_game && hi + 1 >= length,
            Some(p) => {
                if p && (!crawford_rule || crawford_game || hi + 1 < length) {
                    return Err(MatchSetupError::PostCrawford { length });
                }
                p
            }
        };
        m.score = score;
        m.crawford_game = crawford_game;
        m.post_crawford = post;
        Ok(m)
    }

    /// [`MatchScore::record`] for a match still in play.
    ///
    /// # Errors
    /// [`MatchOverError`] once the match is over (MATCH-1).
    pub fn try_record(&self, winner: Color, points: u32) -> Result<MatchScore, MatchOverError> {
        if self.is_over() {
            return Err(MatchOverError {
                white: self.score.white,
                black: self.score.black,
            });
        }
        Ok(self.record(Some(winner), points))
    }

    /// A new match to `length` points at 0-0, with or without the Crawford rule.
    ///
    /// As in Python's `gammon.Match`, a match whose players start at `length - 1` (a
    /// 1-point match) starts post-Crawford: it never has a Crawford game (MATCH-5).
    ///
    /// # Errors
    /// `MatchLengthError` for a length outside 1 to `MAX_MATCH_LENGTH`.
    pub fn new(length: u32, crawford_rule: bool) -> Result<MatchScore, MatchLengthError> {
        if !(1..=MAX_MATCH_LENGTH).contains(&length) {
            return Err(MatchLengthError(u64::from(length)));
        }
        Ok(MatchScore {
            length,
            score: ByColor::default(),
            crawford_rule,
            crawford_game: false,
            post_crawford: crawford_rule && length == 1,
        })
    }

    /// True once a player has reached the length (MATCH-1).
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.score.white.max(self.score.black) >= self.length
    }

    /// The player who won the match, or `None` while it goes on.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        if self.score.white >= self.length {
            Some(Color::White)
        } else if self.score.black >= self.length {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The points `player` still needs (0 once they have won).
    #[inline]
    #[must_use]
    pub fn away(&self, player: Color) -> u32 {
        self.length.saturating_sub(self.score[player])
    }

    /// True when a double by `player` is dead: the cube's current value already wins the
    /// match for them, so doubling cannot gain anything (MATCH-7).
    #[inline]
    #[must_use]
    pub fn is_dead_double(&self, player: Color, cube_value: u32) -> bool {
        cube_value >= self.away(player)
    }

    /// The match after a game won by `winner` for `points` (`None`: a draw, which changes
    /// nothing). The score grows by the points (MATCH-1, the actual total, saturating at
    /// `MAX_SCORE`) and the Crawford state moves on: the game after the first one that leaves
    /// a player at `length - 1` (the other below) is the Crawford game; every game after it
    /// is post-Crawford (MATCH-3, MATCH-4).
    #[must_use]
    pub fn record(&self, winner: Option<Color>, points: u32) -> MatchScore {
        let Some(w) = winner else {
            return *self;
        };
        let mut score = self.score;
        score[w] = score[w].saturating_add(points).min(MAX_SCORE);
        let n = self.length;
        let top = score.white.max(score.black);
        let post = self.post_crawford || self.crawford_game;
        let crawford_game =
            top < n && self.crawford_rule && !post && score[w] == n - 1 && score[!w] < n - 1;
        MatchScore {
            length: n,
            score,
            crawford_rule: self.crawford_rule,
            crawford_game,
            post_crawford: post && top + 1 >= n,
        }
    }
}

impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-point match, {}-{}",
            self.length, self.score.white, self.score.black
        )?;
        if let Some(w) = self.winner() {
            write!(f, ", {w} wins")
        } else if self.crawford_game {
            f.write_str(", Crawford game")
        } else if self.post_crawford {
            f.write_str(", post-Crawford")
        } else {
            Ok(())
        }
    }
}

/// The points won in a money session, `(white, black)`, after a game that `winner` won for
/// `points` (MONEY-1); a draw adds nothing. Totals saturate at [`MAX_SCORE`], the Match ID's
/// limit.
#[must_use]
pub fn money_record(score: ByColor<u32>, winner: Option<Color>, points: u32) -> ByColor<u32> {
    let mut score = score;
    if let Some(w) = winner {
        score[w] = score[w].saturating_add(points).min(MAX_SCORE);
    }
    score
}

/// What a game is played under: a money session or a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoreboard {
    /// Money play: independent games (MONEY-1).
    Money,
    /// A game of this match.
    Match(MatchScore),
}

impl Scoreboard {
    /// True in money play.
    #[inline]
    #[must_use]
    pub const fn is_money(&self) -> bool {
        matches!(self, Scoreboard::Money)
    }

    /// True when the game is the Crawford game of its match: no doubling (MATCH-3).
    #[inline]
    #[must_use]
    pub const fn is_crawford_game(&self) -> bool {
        matches!(self, Scoreboard::Match(m) if m.crawford_game)
    }

    /// The cube rules that apply: the money-only options dropped in a match (CUBE-11,
    /// MATCH-2).
    #[inline]
    #[must_use]
    pub const fn cube_rules(&self, rules: CubeRules) -> CubeRules {
        match self {
            Scoreboard::Money => rules,
            Scoreboard::Match(_) => rules.for_match(),
        }
    }

    /// The match, if this is one.
    #[inline]
    #[must_use]
    pub const fn as_match(&self) -> Option<&MatchScore> {
        match self {
            Scoreboard::Money => None,
            Scoreboard::Match(m) => Some(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn play(m: MatchScore, games: &[(Color, u32)]) -> MatchScore {
        games.iter().fold(m, |m, &(w, p)| m.record(Some(w), p))
    }

    #[test]
    fn match3_the_game_after_the_first_to_reach_n_minus_1_is_crawford_and_only_that_one() {
        // The spec's worked example: 5-point match, 2-0, 2-1, 4-1 -> Crawford; O wins it 4-2;
        // later 4-4 is no second Crawford game.
        let m = MatchScore::new(5, true).unwrap();
        let m = play(m, &[(White, 2), (Black, 1), (White, 2)]);
        assert!(m.crawford_game && !m.post_crawford);
        let m = m.record(Some(Black), 1);
        assert!(!m.crawford_game && m.post_crawford);
        let m = play(m, &[(Black, 2)]);
        assert_eq!((m.score.white, m.score.black), (4, 4));
        assert!(!m.crawford_game && m.post_crawford);
        let m = m.record(Some(Black), 1);
        assert_eq!(m.winner(), Some(Black));
    }

    #[test]
    fn c30_match3_a_gammon_to_n_minus_1_makes_the_next_game_crawford() {
        let m = MatchScore::new(3, true).unwrap().record(Some(White), 2);
        assert!(m.crawford_game);
    }

    #[test]
    fn match3_only_a_game_that_leaves_a_player_at_n_minus_1_makes_the_next_crawford() {
        // 5-point match: 0-3, then 3-3: nobody at 4, no Crawford game.
        let m = play(MatchScore::new(5, true).unwrap(), &[(Black, 3), (White, 3)]);
        assert!(!m.crawford_game && !m.post_crawford);
        // White reaches 4 with Black below: the next game is the Crawford game.
        let m = m.record(Some(White), 1);
        assert_eq!((m.score.white, m.score.black), (4, 3));
        assert!(m.crawford_game);
        // A jump from below 4 to the end is simply the end of the match (MATCH-4).
        let m = play(MatchScore::new(5, true).unwrap(), &[(Black, 3), (White, 6)]);
        assert!(m.is_over() && !m.crawford_game);
    }

    #[test]
    fn match3_without_the_crawford_rule_no_game_is_crawford() {
        let m = play(MatchScore::new(5, false).unwrap(), &[(White, 4)]);
        assert!(!m.crawford_game && !m.post_crawford);
    }

    #[test]
    fn match5_a_one_point_match_starts_post_crawford_and_has_no_crawford_game() {
        let m = MatchScore::new(1, true).unwrap();
        assert!(m.post_crawford && !m.crawford_game);
        assert_eq!(m.record(Some(Black), 1).winner(), Some(Black));
    }

    #[test]
    fn c28_match1_the_actual_total_is_recorded_past_the_length() {
        let m = play(MatchScore::new(7, true).unwrap(), &[(White, 5), (Black, 3)]);
        let m = m.record(Some(White), 4);
        assert_eq!(
            (m.score.white, m.score.black, m.winner()),
            (9, 3, Some(White))
        );
        assert!(m.is_over());
    }

    #[test]
    fn match7_a_double_is_dead_when_the_cube_already_wins_the_match() {
        let m = play(MatchScore::new(7, true).unwrap(), &[(White, 3), (Black, 4)]);
        assert!(m.is_dead_double(White, 4));
        assert!(!m.is_dead_double(White, 2));
        assert!(MatchScore::new(1, true).unwrap().is_dead_double(Black, 1));
    }

    #[test]
    fn match1_lengths_outside_the_match_id_range_are_refused() {
        assert_eq!(MatchScore::new(0, true), Err(MatchLengthError(0)));
        assert!(MatchScore::new(MAX_MATCH_LENGTH + 1, true).is_err());
        assert!(MatchScore::new(MAX_MATCH_LENGTH, true).is_ok());
    }

    #[test]
    fn id7_scores_saturate_at_the_match_id_limit() {
        let m = MatchScore::new(MAX_MATCH_LENGTH, true).unwrap();
        let m = m.record(Some(White), 40_000);
        assert_eq!(m.score.white, MAX_SCORE);
    }
}
