//! Numbering of one side's race boards: every way of placing at most `checkers` checkers on
//! the points `1..=points`, ranked combinatorially (no gaps), and the moves of one die on such
//! a board with no opposing checker in the way.

/// The most points a board may have.
pub const MAX_POINTS: usize = 24;

/// The number of ways to place at most `r` checkers on `k` points: C(r + k, k).
fn ways(k: usize, r: usize) -> u64 {
    let mut c = 1u64;
    for i in 1..=k as u64 {
        c = c * (r as u64 + i) / i;
    }
    c
}

/// Ranks the boards of at most `checkers` checkers on `points` points. Boards are slices of
/// `points` counts, `board[i]` on point `i + 1`; index 0 is the empty board.
#[derive(Clone, Debug)]
pub struct Indexer {
    points: usize,
    checkers: usize,
    /// `rank[(i * (checkers + 1) + left) * (checkers + 1) + c]`: what `c` checkers on point
    /// `i + 1` add to the index when at most `left` checkers remain for points `1..=i + 1`.
    rank: Vec<u32>,
    len: usize,
}

impl Indexer {
    /// The numbering of at most `checkers` checkers on `points` points (both at least 1, and
    /// at most `u32::MAX` boards).
    ///
    /// # Panics
    /// When there are more boards than fit a `u32` or more than [`MAX_POINTS`] points (a
    /// programming error: sizes are checked by the callers).
    #[must_use]
    pub fn new(points: usize, checkers: usize) -> Indexer {
        assert!(
            (1..=MAX_POINTS).contains(&points),
            "1 to {MAX_POINTS} points"
        );
        let len = ways(points, checkers);
        assert!(len <= u64::from(u32::MAX), "too many boards");
        let c1 = checkers + 1;
        let mut rank = vec![0u32; points * c1 * c1];
        for i in 0..points {
            for left in 0..=checkers {
                for c in 1..=left {
                    rank[(i * c1 + left) * c1 + c] =
                        rank[(i * c1 + left) * c1 + c - 1] + ways(i, left - (c - 1)) as u32;
                }
            }
        }
        Indexer {
            points,
            checkers,
            rank,
            len: len as usize,
        }
    }

    /// The number of boards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: the empty board is one.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Points per board.
    #[must_use]
    pub fn points(&self) -> usize {
        self.points
    }

    /// The most checkers on a board.
    #[must_use]
    pub fn checkers(&self) -> usize {
        self.checkers
    }

    /// The index of `board` (`points` counts, at most `checkers` in all), or `None` when it
    /// has the wrong length or too many checkers.
    #[inline]
    #[must_use]
    pub fn index(&self, board: &[u8]) -> Option<usize> {
        if board.len() != self.points {
            return None;
        }
        let c1 = self.checkers + 1;
        let mut left = self.checkers;
        let mut idx = 0u32;
        for i in (0..self.points).rev() {
            let c = board[i] as usize;
            if c > left {
                return None;
            }
            idx += self.rank[(i * c1 + left) * c1 + c];
            left -= c;
        }
        Some(idx as usize)
    }

    /// Every board, in index order.
    #[must_use]
    pub fn boards(&self) -> Vec<Vec<u8>> {
        let mut out = vec![Vec::new(); self.len];
        let mut b = vec![0u8; self.points];
        let mut total = 0usize;
        'all: loop {
            if let Some(i) = self.index(&b) {
                out[i] = b.clone();
            }
            // The next board with at most `checkers` checkers (an odometer).
            let mut i = 0;
            loop {
                if i == self.points {
                    break 'all;
                }
                if total < self.checkers {
                    b[i] += 1;
                    total += 1;
                    break;
                }
                total -= b[i] as usize;
                b[i] = 0;
                i += 1;
            }
        }
        out
    }
}

/// The pip count of a board.
#[must_use]
pub fn pips(board: &[u8]) -> u32 {
    board
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
        .sum()
}

/// Every play of one die `d` on `board` (a race: no opposing checker in the way) by the
/// rules of movement and bearing off: a checker moves `d` points down; once every checker is
/// on points 1..=6 one may instead be borne off from point `d`, or from the highest occupied
/// point when `d` is larger (OFF-1..OFF-3, LN-28..LN-30). Calls `f` with each result (not
/// deduplicated). In a race some play of every die exists while checkers remain.
#[inline]
pub fn each_move(board: &[u8], d: usize, mut f: impl FnMut(&[u8])) {
    let Some(highest) = board.iter().rposition(|&c| c > 0) else {
        return;
    };
    let home = highest < 6;
    let mut next = [0u8; MAX_POINTS];
    let n = board.len();
    for src in 0..=highest {
        if board[src] == 0 {
            continue;
        }
        let p = src + 1; // the point number
        let moves_down = p > d;
        let bears_off = home && (p == d || (p < d && src == highest));
        if !moves_down && !bears_off {
            continue;
        }
        next[..n].copy_from_slice(board);
        next[src] -= 1;
        if moves_down {
            next[src - d] += 1;
        }
        f(&next[..n]);
    }
}

/// The indices of the boards reachable by playing the whole roll `(a, b)` (four moves of `a`
/// for a double) from `board`, in either order of the dice (MOVE-2), deduplicated and sorted.
/// A board emptied before the dice are used up ends the play. Every result must fit `ix`
/// (moves never add checkers, so any board of `ix` does).
pub fn roll_results(ix: &Indexer, board: &[u8], a: usize, b: usize, out: &mut Vec<usize>) {
    fn walk(ix: &Indexer, board: &[u8], dice: &[usize], out: &mut Vec<usize>) {
        let n = board.len();
        let mut first = [0u8; MAX_POINTS];
        first[..n].copy_from_slice(board);
        let mut cur: Vec<(usize, [u8; MAX_POINTS])> = vec![(0, first)];
        let mut next: Vec<(usize, [u8; MAX_POINTS])> = Vec::new();
        for &d in dice {
            next.clear();
            for (_, c) in &cur {
                let c = &c[..n];
                if c.iter().all(|&x| x == 0) {
                    next.push((0, [0; MAX_POINTS]));
                } else {
                    each_move(c, d, |m| {
                        let mut b = [0u8; MAX_POINTS];
                        b[..n].copy_from_slice(m);
                        next.push((ix.index(m).unwrap_or(usize::MAX), b));
                    });
                }
            }
            next.sort_unstable_by_key(|x| x.0);
            next.dedup_by_key(|x| x.0);
            std::mem::swap(&mut cur, &mut next);
        }
        out.extend(cur.iter().map(|c| c.0));
    }
    out.clear();
    if a == b {
        walk(ix, board, &[a; 4], out);
    } else {
        walk(ix, board, &[a, b], out);
        walk(ix, board, &[b, a], out);
    }
    out.sort_unstable();
    out.dedup();
}

/// The 21 distinct rolls `(a, b)` with `a <= b` and their weight out of 36.
pub const ROLLS: [(usize, usize, u32); 21] = {
    let mut out = [(0, 0, 0); 21];
    let mut k = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            out[k] = (a, b, if a == b { 1 } else { 2 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_has_its_own_index() {
        for (points, checkers, count) in
            [(6, 15, 54_264), (6, 8, 3_003), (6, 6, 924), (8, 5, 1_287)]
        {
            let ix = Indexer::new(points, checkers);
            assert_eq!(ix.len(), count);
            let boards = ix.boards();
            let mut seen = vec![false; count];
            for (i, b) in boards.iter().enumerate() {
                assert_eq!(b.len(), points);
                assert_eq!(ix.index(b), Some(i));
                assert!(!seen[i]);
                seen[i] = true;
            }
            assert_eq!(ix.index(&vec![0; points]), Some(0));
        }
        let ix = Indexer::new(6, 4);
        assert_eq!(ix.index(&[5, 0, 0, 0, 0, 0]), None);
        assert_eq!(ix.index(&[1, 0, 0]), None);
    }

    #[test]
    fn moves_follow_the_bear_off_rules() {
        // OFF-2: exactly from the die's point; OFF-3: a larger die from the highest point.
        let mut got = Vec::new();
        each_move(&[1, 0, 1, 0, 0, 0], 6, |b| got.push(b.to_vec()));
        assert_eq!(got, vec![vec![1, 0, 0, 0, 0, 0]]);
        got.clear();
        // OFF-1: a checker outside (point 7) must come in first.
        each_move(&[1, 0, 0, 0, 0, 0, 1], 6, |b| got.push(b.to_vec()));
        assert_eq!(got, vec![vec![2, 0, 0, 0, 0, 0, 0]]);
        got.clear();
        each_move(&[0, 0, 0, 1, 0, 1], 4, |b| got.push(b.to_vec()));
        assert_eq!(got, vec![vec![0, 0, 0, 0, 0, 1], vec![0, 1, 0, 1, 0, 0]]);
        assert_eq!(ROLLS.iter().map(|r| r.2).sum::<u32>(), 36);
    }
}
