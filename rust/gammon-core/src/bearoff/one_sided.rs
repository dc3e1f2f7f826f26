//! The one-sided database: for every board of at most `checkers` checkers on `points`
//! points (a race: no opposing checker in the way), the exact distribution of the number of
//! rolls needed to bear every checker off, and of the number needed to bear off the first one
//! (for gammons), each when every roll is played to minimise the expected number of rolls.
//! Built by dynamic programming in order of pip count (every play lowers it).

use super::index::{pips, roll_results, Indexer, ROLLS};

/// The longest distribution kept while building (rolls 0..MAX_ROLLS); what lies beyond is
/// checked to be zero at build time.
const MAX_ROLLS: usize = 64;

/// Probability distributions over a number of rolls, one per board, each stored over the
/// range of its non-zero terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Dist {
    /// The first roll count with a non-zero probability, per board.
    pub(crate) start: Vec<u8>,
    /// Where each board's terms begin in `prob` (one more entry than boards).
    pub(crate) offset: Vec<u32>,
    /// The terms, board after board.
    pub(crate) prob: Vec<f32>,
    /// `tail[j]`: the sum of the board's terms from `prob[j]` on (P(count >= n)), kept so that
    /// [`Dist::at_least`] is one read. Derived from `prob`, not stored in files.
    pub(crate) tail: Vec<f32>,
}

impl Dist {
    /// The distribution of board `i`: the first roll count with a non-zero probability and
    /// the probabilities from there on.
    #[inline]
    #[must_use]
    pub fn get(&self, i: usize) -> (usize, &[f32]) {
        let a = self.offset[i] as usize;
        let b = self.offset[i + 1] as usize;
        (self.start[i] as usize, &self.prob[a..b])
    }

    fn from_dense(dense: &[[f64; MAX_ROLLS]]) -> Dist {
        let mut start = Vec::with_capacity(dense.len());
        let mut offset = Vec::with_capacity(dense.len() + 1);
        let mut prob = Vec::new();
        offset.push(0);
        for d in dense {
            let lo = d.iter().position(|&p| p > 0.0).unwrap_or(0);
            let hi = d.iter().rposition(|&p| p > 0.0).map_or(lo, |h| h + 1);
            start.push(lo as u8);
            prob.extend(d[lo..hi].iter().map(|&p| p as f32));
            offset.push(prob.len() as u32);
        }
        Dist::new(start, offset, prob)
    }

    /// A distribution from its parts, with its tails computed.
    pub(crate) fn new(start: Vec<u8>, offset: Vec<u32>, prob: Vec<f32>) -> Dist {
        let mut tail = vec![0.0f32; prob.len()];
        for w in offset.windows(2) {
            let (a, b) = (w[0] as usize, w[1] as usize);
            let mut acc = 0.0f64;
            for j in (a..b).rev() {
                acc += f64::from(prob[j]);
                tail[j] = acc as f32;
            }
        }
        Dist {
            start,
            offset,
            prob,
            tail,
        }
    }

    /// The mean of board `i`'s distribution.
    #[must_use]
    pub fn mean(&self, i: usize) -> f64 {
        let (s, p) = self.get(i);
        p.iter()
            .enumerate()
            .map(|(k, &q)| (s + k) as f64 * f64::from(q))
            .sum()
    }

    /// P(count >= n) for board `i`.
    #[inline]
    #[must_use]
    pub fn at_least(&self, i: usize, n: usize) -> f64 {
        let (s, p) = self.get(i);
        if n <= s {
            return 1.0;
        }
        let k = n - s;
        if k >= p.len() {
            return 0.0;
        }
        f64::from(self.tail[self.offset[i] as usize + k])
    }
}

/// The one-sided bear-off database of one size.
#[derive(Clone, Debug)]
pub struct OneSided {
    pub(crate) indexer: Indexer,
    /// Expected rolls to bear off every checker, per board.
    pub(crate) mean: Vec<f32>,
    /// Rolls to bear off every checker.
    pub(crate) off: Dist,
    /// Rolls to bear off the first checker.
    pub(crate) first: Dist,
}

impl OneSided {
    /// Builds the database for at most `checkers` checkers on `points` points.
    ///
    /// # Panics
    /// When a distribution does not fit `MAX_ROLLS` rolls (sizes are limited by the
    /// callers so that it cannot happen).
    #[must_use]
    pub fn build(points: usize, checkers: usize) -> OneSided {
        let ix = Indexer::new(points, checkers);
        let boards = ix.boards();
        let n = ix.len();
        let count: Vec<u32> = boards
            .iter()
            .map(|b| b.iter().map(|&c| u32::from(c)).sum())
            .collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| pips(&boards[i]));
        let mut mean = vec![0.0f64; n];
        let mut mean_first = vec![0.0f64; n];
        let mut off = vec![[0.0f64; MAX_ROLLS]; n];
        let mut first = vec![[0.0f64; MAX_ROLLS]; n];
        off[0][0] = 1.0;
        first[0][0] = 1.0;
        let mut succ = Vec::new();
        for &i in order.iter().skip(1) {
            let mut d_off = [0.0f64; MAX_ROLLS];
            let mut d_first = [0.0f64; MAX_ROLLS];
            let mut m_off = 1.0;
            let mut m_first = 1.0;
            for &(a, b, w) in &ROLLS {
                roll_results(&ix, &boards[i], a, b, &mut succ);
                let w = f64::from(w) / 36.0;
                // Bear everything off: the play with the fewest expected rolls (the first of
                // equals in index order).
                let best = *succ
                    .iter()
                    .min_by(|&&x, &&y| mean[x].total_cmp(&mean[y]))
                    .unwrap_or(&0);
                m_off += w * mean[best];
                for k in 1..MAX_ROLLS {
                    d_off[k] += w * off[best][k - 1];
                }
                // Bear off the first checker: done when a play bears one off, otherwise the
                // play with the fewest expected rolls to do so.
                if succ.iter().any(|&x| count[x] < count[i]) {
                    d_first[1] += w;
                } else {
                    let best = *succ
                        .iter()
                        .min_by(|&&x, &&y| mean_first[x].total_cmp(&mean_first[y]))
                        .unwrap_or(&0);
                    m_first += w * mean_first[best];
                    for k in 1..MAX_ROLLS {
                        d_first[k] += w * first[best][k - 1];
                    }
                }
            }
            assert!(
                d_off[MAX_ROLLS - 1] == 0.0,
                "a bear-off takes more than {MAX_ROLLS} rolls"
            );
            mean[i] = m_off;
            mean_first[i] = m_first;
            off[i] = d_off;
            first[i] = d_first;
        }
        OneSided {
            indexer: ix,
            mean: mean.iter().map(|&m| m as f32).collect(),
            off: Dist::from_dense(&off),
            first: Dist::from_dense(&first),
        }
    }

    /// The numbering of the boards.
    #[must_use]
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// Points per board.
    #[must_use]
    pub fn points(&self) -> usize {
        self.indexer.points()
    }

    /// The most checkers on a board.
    #[must_use]
    pub fn checkers(&self) -> usize {
        self.indexer.checkers()
    }

    /// The index of `board`, or `None` when it does not fit.
    #[inline]
    #[must_use]
    pub fn index(&self, board: &[u8]) -> Option<usize> {
        self.indexer.index(board)
    }

    /// Expected rolls to bear off every checker of board `i`.
    #[inline]
    #[must_use]
    pub fn mean(&self, i: usize) -> f32 {
        self.mean[i]
    }

    /// The distribution of rolls to bear off every checker of board `i`.
    #[must_use]
    pub fn off(&self) -> &Dist {
        &self.off
    }

    /// The distribution of rolls to bear off the first checker of board `i`.
    #[must_use]
    pub fn first(&self) -> &Dist {
        &self.first
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The expected rolls of `b` by brute force: every roll, every order of its dice, every
    /// sequence of single moves (memoised by board).
    fn brute(b: Vec<u8>, memo: &mut HashMap<Vec<u8>, f64>) -> f64 {
        if b.iter().all(|&c| c == 0) {
            return 0.0;
        }
        if let Some(&v) = memo.get(&b) {
            return v;
        }
        fn ends(b: Vec<u8>, dice: &[usize], out: &mut Vec<Vec<u8>>) {
            if dice.is_empty() || b.iter().all(|&c| c == 0) {
                out.push(b);
                return;
            }
            super::super::index::each_move(&b, dice[0], |n| ends(n.to_vec(), &dice[1..], out));
        }
        let mut sum = 0.0;
        for &(a, c, w) in &ROLLS {
            let mut out = Vec::new();
            if a == c {
                ends(b.clone(), &[a; 4], &mut out);
            } else {
                ends(b.clone(), &[a, c], &mut out);
                ends(b.clone(), &[c, a], &mut out);
            }
            let best = out
                .into_iter()
                .map(|n| brute(n, memo))
                .fold(f64::INFINITY, f64::min);
            sum += f64::from(w) * best;
        }
        let v = 1.0 + sum / 36.0;
        memo.insert(b, v);
        v
    }

    #[test]
    fn means_agree_with_trying_every_play_of_every_roll() {
        // OFF-1..OFF-3 on 6 points, and with checkers still to come home (7 points).
        for (points, checkers) in [(6, 5), (7, 4)] {
            let t = OneSided::build(points, checkers);
            let mut memo = HashMap::new();
            for (i, b) in t.indexer.boards().into_iter().enumerate() {
                let want = brute(b.clone(), &mut memo);
                assert!((f64::from(t.mean(i)) - want).abs() < 1e-5, "{b:?}");
                // The distribution sums to one and has the same mean.
                let (_, p) = t.off().get(i);
                let total: f64 = p.iter().map(|&q| f64::from(q)).sum();
                assert!((total - 1.0).abs() < 1e-6);
                assert!((t.off().mean(i) - want).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn known_distributions() {
        let t = OneSided::build(6, 3);
        let i = |b: [u8; 6]| t.index(&b).unwrap();
        // One checker on the 6 point: off in one roll unless the roll totals less than 6 and
        // is not a double reaching it (2-1, 3-1, 4-1, 3-2 and 1-1: 9 of 36).
        let (s, p) = t.off().get(i([0, 0, 0, 0, 0, 1]));
        assert_eq!(s, 1);
        assert!((f64::from(p[0]) - 27.0 / 36.0).abs() < 1e-7);
        assert!((f64::from(p[1]) - 9.0 / 36.0).abs() < 1e-7);
        // Three on the 1 point: one roll with a double, else two.
        let (s, p) = t.off().get(i([3, 0, 0, 0, 0, 0]));
        assert_eq!((s, p.len()), (1, 2));
        assert!((f64::from(p[0]) - 6.0 / 36.0).abs() < 1e-7);
        // First checker off from three on the 1 point: always the first roll.
        let (s, p) = t.first().get(i([3, 0, 0, 0, 0, 0]));
        assert_eq!((s, p), (1, &[1.0f32][..]));
        assert_eq!(t.first().at_least(i([3, 0, 0, 0, 0, 0]), 2), 0.0);
        assert_eq!(t.off().at_least(i([3, 0, 0, 0, 0, 0]), 1), 1.0);
    }

    #[test]
    fn the_full_table_has_54264_boards_and_known_means() {
        let t = OneSided::build(6, 15);
        assert_eq!(t.indexer.len(), 54_264);
        // 15 checkers on the 1 point: only doubles take four; 15 / 2 = 7.5 rolls otherwise.
        let i = t.index(&[3, 3, 3, 2, 2, 2]).unwrap();
        assert!(t.mean(i) > 4.0);
        // Every first-checker distribution sums to one.
        for i in 1..t.indexer.len() {
            let (_, p) = t.first().get(i);
            let s: f64 = p.iter().map(|&q| f64::from(q)).sum();
            assert!((s - 1.0).abs() < 1e-5);
        }
    }
}
