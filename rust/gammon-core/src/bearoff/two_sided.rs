//! The two-sided database: for every pair of boards of at most `checkers` checkers on the six
//! home points, the exact probability that the player on roll wins when both sides play every
//! roll to maximise their own chance of winning (cubeless; no gammon is possible once a
//! checker is off). Stored as 16-bit fractions of 65,535 as gnubg does.

use super::index::{pips, roll_results, Indexer, ROLLS};

/// The scale of the stored probabilities.
pub const SCALE: f32 = 65_535.0;

/// The two-sided bear-off database of one size.
#[derive(Clone, Debug)]
pub struct TwoSided {
    pub(crate) indexer: Indexer,
    /// `win[mover * n + opponent]` in units of 1/[`SCALE`].
    pub(crate) win: Vec<u16>,
}

impl TwoSided {
    /// Builds the database for at most `checkers` checkers a side on the six home points.
    ///
    /// Boards are renumbered in order of pip count (every play lowers it). With `W(a, b)` the
    /// chance that `a` on roll beats `b`, `W(a, b) = 1 - avg over rolls of min over plays a'
    /// of W(b, a')`. Pairs are filled in steps `k = 1, 2, ...`: first `W(k, j)` for every
    /// `j < k` (its terms `W(j, k')`, `k' < k`, are older), then `W(j, k)` for `j <= k` (its
    /// terms `W(k, j')`, `j' < j`, were just made). The table is kept as `x[b * n + a] =
    /// W(a, b)`, so the first half is an element-wise minimum over whole rows.
    #[must_use]
    pub fn build(checkers: usize) -> TwoSided {
        let ix = Indexer::new(6, checkers);
        let boards = ix.boards();
        let n = ix.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (pips(&boards[i]), i));
        let mut rank = vec![0usize; n];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r;
        }
        // succ[k][roll]: the plays of board k (pip order) for each roll, in pip order.
        let mut buf = Vec::new();
        let succ: Vec<[Vec<u32>; 21]> = order
            .iter()
            .map(|&i| {
                std::array::from_fn(|r| {
                    let (a, b, _) = ROLLS[r];
                    roll_results(&ix, &boards[i], a, b, &mut buf);
                    let mut v: Vec<u32> = buf.iter().map(|&s| rank[s] as u32).collect();
                    v.sort_unstable();
                    v
                })
            })
            .collect();
        let weight: [f32; 21] = std::array::from_fn(|r| ROLLS[r].2 as f32 / 36.0);
        let mut x = vec![0.0f32; n * n];
        // W(0, b) = 1: the mover has already borne everything off. W(a, 0) = 0.
        for b in 1..n {
            x[b * n] = 1.0;
        }
        let mut row = vec![0.0f32; n]; // row[j] = W(k, j)
        let mut acc = vec![0.0f32; n];
        let mut tmp = vec![0.0f32; n];
        for k in 1..n {
            // W(k, j) for 1 <= j < k.
            acc[..k].fill(0.0);
            for (r, plays) in succ[k].iter().enumerate() {
                let (head, rest) = plays.split_first().expect("a bear-off always has a play");
                let h = *head as usize;
                tmp[..k].copy_from_slice(&x[h * n..h * n + k]);
                for &s in rest {
                    let s = s as usize;
                    for (t, &v) in tmp[..k].iter_mut().zip(&x[s * n..s * n + k]) {
                        *t = t.min(v);
                    }
                }
                let w = weight[r];
                for (a, &t) in acc[..k].iter_mut().zip(&tmp[..k]) {
                    *a += w * t;
                }
            }
            row[0] = 0.0;
            for j in 1..k {
                row[j] = 1.0 - acc[j];
                x[j * n + k] = row[j];
            }
            // W(j, k) for 1 <= j <= k: its terms W(k, j') have j' < j.
            for j in 1..=k {
                let mut sum = 0.0f32;
                for (r, plays) in succ[j].iter().enumerate() {
                    let mut m = f32::INFINITY;
                    for &s in plays {
                        m = m.min(row[s as usize]);
                    }
                    sum += weight[r] * m;
                }
                let w = 1.0 - sum;
                x[k * n + j] = w;
                if j == k {
                    row[k] = w;
                }
            }
        }
        // Back to the index order, as 16-bit fractions: win[a * n + b] = W(a, b).
        let mut win = vec![0u16; n * n];
        for a in 0..n {
            let ra = rank[a];
            for b in 0..n {
                let v = x[rank[b] * n + ra].clamp(0.0, 1.0);
                win[a * n + b] = (v * SCALE).round() as u16;
            }
        }
        TwoSided { indexer: ix, win }
    }

    /// The numbering of one side's boards.
    #[must_use]
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// The most checkers a side.
    #[must_use]
    pub fn checkers(&self) -> usize {
        self.indexer.checkers()
    }

    /// The chance that board `mover` on roll beats board `opponent` (indices of
    /// [`TwoSided::indexer`]). 1 when the mover's board is empty, 0 when only the opponent's
    /// is.
    #[inline]
    #[must_use]
    pub fn win(&self, mover: usize, opponent: usize) -> f32 {
        f32::from(self.win[mover * self.indexer.len() + opponent]) / SCALE
    }
}

#[cfg(test)]
mod tests {
    use super::super::index::each_move;
    use super::*;
    use std::collections::HashMap;

    /// W(a, b) by brute force: every roll, every order of its dice, every sequence of moves.
    fn brute(a: Vec<u8>, b: Vec<u8>, memo: &mut HashMap<(Vec<u8>, Vec<u8>), f64>) -> f64 {
        if a.iter().all(|&c| c == 0) {
            return 1.0;
        }
        if b.iter().all(|&c| c == 0) {
            return 0.0;
        }
        if let Some(&v) = memo.get(&(a.clone(), b.clone())) {
            return v;
        }
        fn ends(x: Vec<u8>, dice: &[usize], out: &mut Vec<Vec<u8>>) {
            if dice.is_empty() || x.iter().all(|&c| c == 0) {
                out.push(x);
                return;
            }
            each_move(&x, dice[0], |n| ends(n.to_vec(), &dice[1..], out));
        }
        let mut sum = 0.0;
        for &(d1, d2, w) in &ROLLS {
            let mut out = Vec::new();
            if d1 == d2 {
                ends(a.clone(), &[d1; 4], &mut out);
            } else {
                ends(a.clone(), &[d1, d2], &mut out);
                ends(a.clone(), &[d2, d1], &mut out);
            }
            let best = out
                .into_iter()
                .map(|n| 1.0 - brute(b.clone(), n, memo))
                .fold(f64::NEG_INFINITY, f64::max);
            sum += f64::from(w) * best;
        }
        let v = sum / 36.0;
        memo.insert((a, b), v);
        v
    }

    #[test]
    fn agrees_with_a_brute_force_solver_up_to_three_checkers() {
        let t = TwoSided::build(3);
        let boards = t.indexer.boards();
        let mut memo = HashMap::new();
        for (i, a) in boards.iter().enumerate().skip(1) {
            for (j, b) in boards.iter().enumerate().skip(1) {
                let want = brute(a.clone(), b.clone(), &mut memo);
                let got = f64::from(t.win(i, j));
                assert!((got - want).abs() < 2e-5, "{a:?} vs {b:?}: {got} {want}");
            }
        }
    }

    #[test]
    fn known_values_and_properties() {
        let t = TwoSided::build(4);
        let i = |b: [u8; 6]| t.indexer.index(&b).unwrap();
        // One checker on the 6 point against one on the 1 point: 27 of 36 rolls.
        assert!((t.win(i([0, 0, 0, 0, 0, 1]), i([1, 0, 0, 0, 0, 0])) - 0.75).abs() < 1e-4);
        // One on the 1 point wins at once.
        assert_eq!(t.win(i([1, 0, 0, 0, 0, 0]), i([0, 0, 0, 0, 0, 4])), 1.0);
        // More checkers for the mover never help; more for the opponent never hurt.
        for (a, ba) in t.indexer.boards().iter().enumerate().skip(1) {
            for (b, bb) in t.indexer.boards().iter().enumerate().skip(1) {
                let w = t.win(a, b);
                assert!((0.0..=1.0).contains(&w));
                for p in 0..6 {
                    let mut more = ba.clone();
                    more[p] += 1;
                    if let Some(m) = t.indexer.index(&more) {
                        assert!(t.win(m, b) <= w + 1e-4, "{more:?} vs {bb:?}");
                    }
                    let mut more = bb.clone();
                    more[p] += 1;
                    if let Some(m) = t.indexer.index(&more) {
                        assert!(t.win(a, m) >= w - 1e-4, "{ba:?} vs {more:?}");
                    }
                }
            }
        }
    }
}
