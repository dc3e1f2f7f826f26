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
    if away == 0 {
        return Some(1.0);
    }
    if opponent_away == 0 {
        return Some(0.0);
    }
    let (a, b) = (away as usize, opponent_away as usize);
    if a > MET_LENGTH || b > MET_LENGTH {
        return None;
    }
    if post_crawford && (a == 1 || b == 1) {
        return Some(if b == 1 {
            POST_CRAWFORD[a - 1]
        } else {
            1.0 - POST_CRAWFORD[b - 1]
        });
    }
    Some(PRE_CRAWFORD[a - 1][b - 1])
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
}
