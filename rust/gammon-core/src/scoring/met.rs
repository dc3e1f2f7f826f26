//! The match equity table the cube decisions of match play use: Kazaross-XG2 (Neil Kazaross,
//! 2011), the table GNU Backgammon uses by default and the one the Python layer ships
//! (`gammon.kazaross_xg2`). The numbers are generated into `met_table.rs` from the shipped
//! XML file by `tools/gen_met_rs.py`, and a test checks that both agree.

use crate::base::color::Color;
use crate::scoring::scoreboard::MatchScore;

pub use crate::scoring::met_table::{MET_LENGTH, POST_CRAWFORD, PRE_CRAWFORD};

/// The chance that a player `away` points from winning beats an opponent `opponent_away`
/// away, from Kazaross-XG2: the post-Crawford table when `post_crawford` and one of them is
/// 1 away, else the pre-Crawford table (which holds the Crawford game). 1 when `away` is 0,
/// 0 when only `opponent_away` is. `None` beyond the table's 25 points.
#[must_use]
pub fn mwc(away: u32, opponent_away: u32, post_crawford: bool) -> Option<f64> {
    lookup(
        MET_LENGTH,
        |a, b| PRE_CRAWFORD[a][b],
        |a| POST_CRAWFORD[a],
        (i64::from(away), i64::from(opponent_away)),
        post_crawford,
    )
}

/// The rule of every table: a player 0 (or fewer) away has won (1), an opponent 0 away has
/// (0); after the Crawford game a score with a player 1 away is read from the post-Crawford
/// row (1-away against 1-away is even), any other from the pre-Crawford table; `None` for a
/// score beyond the table's `n` points.
fn lookup(
    n: usize,
    pre: impl Fn(usize, usize) -> f64,
    post: impl Fn(usize) -> f64,
    (away, opponent_away): (i64, i64),
    post_crawford: bool,
) -> Option<f64> {
    if away <= 0 {
        return Some(1.0);
    }
    if opponent_away <= 0 {
        return Some(0.0);
    }
    let (a, b) = (
        usize::try_from(away).ok()?,
        usize::try_from(opponent_away).ok()?,
    );
    if a > n || b > n {
        return None;
    }
    if post_crawford && (a == 1 || b == 1) {
        return Some(match (a, b) {
            (1, 1) => 0.5,
            (_, 1) => post(a - 1),
            _ => 1.0 - post(b - 1),
        });
    }
    Some(pre(a - 1, b - 1))
}

/// Why [`MetTable::new`] refuses a table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MetTableError {
    /// The pre-Crawford table is empty or not square.
    NotSquare,
    /// The post-Crawford row has fewer values than the table has rows.
    ShortPostCrawford {
        /// The values of the row.
        values: usize,
        /// The table's length.
        length: usize,
    },
    /// A value outside 0..=1 (or not a number).
    NotProbability(f64),
}

impl std::fmt::Display for MetTableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotSquare => write!(f, "the pre-Crawford table must be square and not empty"),
            Self::ShortPostCrawford { values, length } => write!(
                f,
                "the post-Crawford row has {values} values, fewer than the table's {length}"
            ),
            Self::NotProbability(v) => write!(f, "{v} is not a probability"),
        }
    }
}

impl std::error::Error for MetTableError {}

/// A match equity table of one's own (one read from a file, say), looked up by the rule of
/// [`mwc`]: `pre[a - 1][b - 1]` is the chance that a player `a` away beats one `b` away
/// before (or in) the Crawford game, `post[a - 1]` that a trailer `a` away beats a leader 1
/// away after it.
#[derive(Clone, Debug, PartialEq)]
pub struct MetTable {
    pre: Vec<Vec<f64>>,
    post: Vec<f64>,
}

impl MetTable {
    /// The table, checked: `pre` square and not empty, `post` at least as long, every value
    /// a probability.
    ///
    /// # Errors
    /// [`MetTableError`] naming the first thing wrong.
    pub fn new(pre: Vec<Vec<f64>>, post: Vec<f64>) -> Result<Self, MetTableError> {
        let n = pre.len();
        if n == 0 || pre.iter().any(|row| row.len() != n) {
            return Err(MetTableError::NotSquare);
        }
        if post.len() < n {
            return Err(MetTableError::ShortPostCrawford {
                values: post.len(),
                length: n,
            });
        }
        let values = post.iter().chain(pre.iter().flatten());
        if let Some(&v) = values.into_iter().find(|v| !(0.0..=1.0).contains(*v)) {
            return Err(MetTableError::NotProbability(v));
        }
        Ok(Self { pre, post })
    }

    /// The largest number of points away the table covers.
    #[must_use]
    pub fn length(&self) -> usize {
        self.pre.len()
    }

    /// The pre-Crawford table and the post-Crawford row, as given.
    #[must_use]
    pub fn tables(&self) -> (&[Vec<f64>], &[f64]) {
        (&self.pre, &self.post)
    }

    /// The chance that a player `away` points away beats one `opponent_away` away, as
    /// [`mwc`] reads Kazaross-XG2; `None` beyond the table.
    #[must_use]
    pub fn mwc(&self, away: i64, opponent_away: i64, post_crawford: bool) -> Option<f64> {
        lookup(
            self.length(),
            |a, b| self.pre[a][b],
            |a| self.post[a],
            (away, opponent_away),
            post_crawford,
        )
    }
}

/// Why [`MetTable::game_mwc`] cannot value a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameMwcError {
    /// A player 0 (or fewer) away: the match is over.
    Over,
    /// The Crawford game with the cube above 1 (MATCH-3).
    CrawfordCube,
    /// A Crawford game without exactly one player 1 away (MATCH-3).
    CrawfordScore,
    /// A score the game can reach lies beyond the table: `(away, opponent_away)`.
    Beyond(i64, i64),
}

impl MetTable {
    /// The chance that the player on roll wins the match when the coming game, played at
    /// cube value `cube`, ends as `wins` and `losses` say (the shares of the single, gammon
    /// and backgammon results of the player on roll). `away` is (on roll, opponent); each
    /// result adds `level × cube` points (SCORE-2; no Jacoby rule in matches, MATCH-2) and
    /// the new score is read from the table, the game after it being the Crawford game if a
    /// player lands at 1 away for the first time. A game with a player 1 away that is not
    /// `crawford` is post-Crawford (MATCH-3, MATCH-4). The sum is kept within 0..1 (six
    /// shares add up to 1 only within rounding).
    ///
    /// # Errors
    /// [`GameMwcError`] naming what is wrong.
    pub fn game_mwc(
        &self,
        wins: [f64; 3],
        losses: [f64; 3],
        (a, b): (i64, i64),
        cube: u32,
        crawford: bool,
    ) -> Result<f64, GameMwcError> {
        if a < 1 || b < 1 {
            return Err(GameMwcError::Over);
        }
        if crawford && cube != 1 {
            return Err(GameMwcError::CrawfordCube);
        }
        if crawford && !(a.min(b) == 1 && a.max(b) > 1) {
            return Err(GameMwcError::CrawfordScore);
        }
        let post = crawford || a == 1 || b == 1;
        let at = |x: i64, y: i64| self.mwc(x, y, post).ok_or(GameMwcError::Beyond(x, y));
        let mut total = 0.0;
        for (level, (win, loss)) in (1..=3).zip(wins.into_iter().zip(losses)) {
            let points = level * i64::from(cube);
            total += win * at(a - points, b)?;
            total += loss * at(a, b - points)?;
        }
        Ok(total.clamp(0.0, 1.0))
    }
}

/// `player`'s chance to win the match from `score` before the next game (MATCH-1, MATCH-3,
/// MATCH-4: the Crawford state decides the table). `None` beyond the table.
#[must_use]
pub fn match_winning_chance(score: &MatchScore, player: Color) -> Option<f64> {
    match score.winner() {
        Some(w) => Some(if w == player { 1.0 } else { 0.0 }),
        None => mwc(score.away(player), score.away(!player), score.post_crawford),
    }
}

/// `player`'s chance to win the match after `winner` wins the current game for `points`.
#[must_use]
pub fn mwc_after(score: &MatchScore, player: Color, winner: Color, points: u32) -> Option<f64> {
    match_winning_chance(&score.record(Some(winner), points), player)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match1_known_entries_and_symmetry() {
        assert_eq!(mwc(1, 2, false), Some(0.67736));
        assert_eq!(mwc(2, 1, true), Some(0.48803));
        assert_eq!(mwc(1, 2, true), Some(1.0 - 0.48803));
        assert_eq!(mwc(0, 3, false), Some(1.0));
        assert_eq!(mwc(3, 0, false), Some(0.0));
        assert_eq!(mwc(26, 3, false), None);
        for a in 1..=MET_LENGTH {
            for b in 1..=MET_LENGTH {
                let s = PRE_CRAWFORD[a - 1][b - 1] + PRE_CRAWFORD[b - 1][a - 1];
                assert!((s - 1.0).abs() < 2e-5, "{a} {b} {s}");
            }
        }
    }

    #[test]
    fn match1_a_table_of_ones_own_is_checked_and_read_by_the_same_rule() {
        let own = MetTable::new(vec![vec![0.5, 0.7], vec![0.3, 0.5]], vec![0.5, 0.45]).unwrap();
        assert_eq!(own.length(), 2);
        assert_eq!(own.mwc(1, 2, false), Some(0.7));
        assert_eq!(own.mwc(2, 1, true), Some(0.45));
        assert_eq!(own.mwc(1, 2, true), Some(1.0 - 0.45));
        assert_eq!(own.mwc(1, 1, true), Some(0.5));
        assert_eq!(own.mwc(-1, 9, false), Some(1.0));
        assert_eq!(own.mwc(3, 1, false), None);
        assert_eq!(
            MetTable::new(vec![vec![0.5, 0.7]], vec![0.5]),
            Err(MetTableError::NotSquare)
        );
        assert_eq!(
            MetTable::new(vec![vec![0.5]], vec![]),
            Err(MetTableError::ShortPostCrawford {
                values: 0,
                length: 1
            })
        );
        assert_eq!(
            MetTable::new(vec![vec![1.5]], vec![0.5]),
            Err(MetTableError::NotProbability(1.5))
        );
        assert!(MetTable::new(vec![vec![f64::NAN]], vec![0.5]).is_err());
    }

    #[test]
    fn the_table_equals_the_shipped_xml_file() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../python/gammon/data/met/Kazaross-XG2.xml"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            // Built outside the repository (a packaged crate): nothing to compare with.
            return;
        };
        let values: Vec<f64> = text
            .split("<me>")
            .skip(1)
            .map(|s| s.split("</me>").next().unwrap().trim().parse().unwrap())
            .collect();
        let n = MET_LENGTH;
        assert!(values.len() >= n * n + n, "{}", values.len());
        for a in 0..n {
            for b in 0..n {
                assert_eq!(PRE_CRAWFORD[a][b], values[a * n + b]);
            }
        }
        for (a, &v) in POST_CRAWFORD.iter().enumerate() {
            assert_eq!(v, values[n * n + a]);
        }
    }

    #[test]
    fn match3_the_crawford_state_picks_the_table() {
        let mut m = MatchScore::new(5, true).unwrap();
        m = m.record(Some(Color::White), 4); // 4-0: the next game is the Crawford game
        assert!(m.crawford_game);
        assert_eq!(match_winning_chance(&m, Color::White), mwc(1, 5, false));
        let post = m.record(Some(Color::Black), 1);
        assert!(post.post_crawford);
        assert_eq!(
            match_winning_chance(&post, Color::Black),
            Some(POST_CRAWFORD[3])
        );
        assert_eq!(mwc_after(&m, Color::White, Color::White, 1), Some(1.0));
    }

    #[test]
    fn match3_a_game_is_valued_from_the_score_each_result_reaches() {
        let t = MetTable::new(
            PRE_CRAWFORD.iter().map(|r| r.to_vec()).collect(),
            POST_CRAWFORD.to_vec(),
        )
        .unwrap();
        // 3-away against 2-away at cube 2: a single win reaches 1-away, a gammon wins the
        // match, a single loss loses it (SCORE-2).
        let wins = [0.5, 0.1, 0.0];
        let losses = [0.3, 0.1, 0.0];
        let want = 0.5 * mwc(1, 2, false).unwrap() + 0.1;
        let got = t.game_mwc(wins, losses, (3, 2), 2, false).unwrap();
        assert!((got - want).abs() < 1e-12, "{got} {want}");
        // Post-Crawford when a player is 1 away and this is not the Crawford game (MATCH-4).
        let post = t
            .game_mwc([1.0, 0.0, 0.0], [0.0; 3], (4, 1), 1, false)
            .unwrap();
        assert_eq!(post, mwc(3, 1, true).unwrap());
        assert_eq!(
            t.game_mwc(wins, losses, (0, 3), 1, false),
            Err(GameMwcError::Over)
        );
        assert_eq!(
            t.game_mwc(wins, losses, (1, 3), 2, true),
            Err(GameMwcError::CrawfordCube)
        );
        assert_eq!(
            t.game_mwc(wins, losses, (3, 3), 1, true),
            Err(GameMwcError::CrawfordScore)
        );
        assert_eq!(
            t.game_mwc(wins, losses, (30, 2), 1, false),
            Err(GameMwcError::Beyond(29, 2))
        );
    }
}
