//! Race evaluation for the heuristic: the exact expected number of rolls to bear off a home
//! board (a one-sided bear-off table computed at first use), and an estimate for checkers
//! still outside it.
//!
//! The table holds, for every way of placing up to 15 checkers on the six home points (54,264
//! of them), the expected number of rolls needed to bear them all off when every roll is
//! played to minimise that number. It is computed by dynamic programming in order of pip
//! count, from the rules of bearing off (OFF-1..OFF-4) alone: no weights, nothing learned.

use std::sync::OnceLock;

/// Home points.
const POINTS: usize = 6;
/// The most checkers the table covers.
const MAX_CHECKERS: usize = 15;

/// `WAYS[k][r]`: the number of ways to put at most `r` checkers on `k` points, C(r + k, k).
const WAYS: [[u32; MAX_CHECKERS + 1]; POINTS + 1] = {
    let mut t = [[0u32; MAX_CHECKERS + 1]; POINTS + 1];
    let mut k = 0;
    while k <= POINTS {
        let mut r = 0;
        while r <= MAX_CHECKERS {
            t[k][r] = if k == 0 || r == 0 {
                1
            } else {
                // C(r + k, k) = C(r + k - 1, k - 1) + C(r - 1 + k, k)
                t[k - 1][r] + t[k][r - 1]
            };
            r += 1;
        }
        k += 1;
    }
    t
};

/// The number of home-board positions: C(21, 6).
pub(crate) const POSITIONS: usize = WAYS[POINTS][MAX_CHECKERS] as usize;

/// `RANK[i][left][c]`: how much `c` checkers on point `i + 1` add to the index when `left`
/// checkers at most remain for points `1..=i + 1`: the boards with fewer checkers there,
/// `WAYS[i][left] + WAYS[i][left - 1] + ... ` (`c` terms).
const RANK: [[[u32; MAX_CHECKERS + 1]; MAX_CHECKERS + 1]; POINTS] = {
    let mut t = [[[0u32; MAX_CHECKERS + 1]; MAX_CHECKERS + 1]; POINTS];
    let mut i = 0;
    while i < POINTS {
        let mut left = 0;
        while left <= MAX_CHECKERS {
            let mut c = 1;
            while c <= left {
                t[i][left][c] = t[i][left][c - 1] + WAYS[i][left - (c - 1)];
                c += 1;
            }
            left += 1;
        }
        i += 1;
    }
    t
};

/// The index of a home board (`home[i]` checkers on point `i + 1`, at most 15 in all): its
/// rank among all such boards, from the 6-point down (boards with fewer checkers on a point
/// come first); 0 for the empty board.
#[inline]
pub(crate) fn index(home: &[u8; POINTS]) -> usize {
    let mut left = MAX_CHECKERS;
    let mut idx = 0u32;
    for i in (0..POINTS).rev() {
        let c = home[i] as usize;
        idx += RANK[i][left][c];
        left -= c;
    }
    idx as usize
}

/// Every play of one die `d` on `home` by the bear-off rules with no opposing checker in the
/// way: a checker moves `d` points down, or is borne off from the point numbered `d`, or from
/// the highest occupied point when `d` is larger (OFF-3). Calls `f` with each result.
#[inline]
fn each_move(home: &[u8; POINTS], d: usize, mut f: impl FnMut(&[u8; POINTS])) {
    let Some(highest) = (0..POINTS).rev().find(|&i| home[i] > 0) else {
        return;
    };
    for src in 0..=highest {
        if home[src] == 0 {
            continue;
        }
        let p = src + 1; // the point number
        if p < d && src != highest {
            continue;
        }
        let mut next = *home;
        next[src] -= 1;
        if p > d {
            next[src - d] += 1;
        }
        f(&next);
    }
}

/// The table: expected rolls to bear off each home board, by [`index`].
pub(crate) fn table() -> &'static [f32] {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Fills the table in order of pip count (every play lowers it, so a board's successors are
/// done before it). Besides `E(b)`, each board keeps `after[d][k](b)`: the lowest `E` reachable
/// by playing `k` moves of the die `d` (1..=3), so that a roll's best play is a minimum over
/// one move followed by a stored value:
///
/// - a roll `a-b`: the better of `min over moves m of a: after[b][1](b + m)` and the same with
///   the dice swapped (either die may go first, MOVE-2);
/// - a double `d-d`: `min over moves m of d: after[d][3](b + m)` (four moves).
///
/// A board with checkers left can always play any die in a bear-off, and a board emptied
/// before its dice are used up is finished (`E = 0`).
fn build() -> Vec<f32> {
    let mut boards: Vec<[u8; POINTS]> = Vec::with_capacity(POSITIONS);
    let mut b = [0u8; POINTS];
    'all: loop {
        boards.push(b);
        // The next board with at most 15 checkers (an odometer).
        let mut i = 0;
        loop {
            if i == POINTS {
                break 'all;
            }
            let total: u32 = b.iter().map(|&c| u32::from(c)).sum();
            if total < MAX_CHECKERS as u32 {
                b[i] += 1;
                break;
            }
            b[i] = 0;
            i += 1;
        }
    }
    boards.sort_by_key(pips);
    let mut e = vec![0.0f32; POSITIONS];
    // after[idx][d - 1][k - 1]; zero for the empty board (index 0).
    let mut after = vec![[[0.0f32; 3]; 6]; POSITIONS];
    let mut succ: [Vec<usize>; 6] = Default::default();
    for b in boards.iter().skip(1) {
        for (d, list) in succ.iter_mut().enumerate() {
            list.clear();
            each_move(b, d + 1, |n| list.push(index(n)));
        }
        // The lowest E after one move of `first` and then `k` moves of `then` (k = 0: none).
        let via = |first: usize, then: usize, k: usize| -> f32 {
            succ[first - 1]
                .iter()
                .map(|&n| {
                    if k == 0 {
                        e[n]
                    } else {
                        after[n][then - 1][k - 1]
                    }
                })
                .fold(f32::INFINITY, f32::min)
        };
        let mut sum = 0.0f32;
        for a in 1..=6 {
            sum += via(a, a, 3);
            for b in a + 1..=6 {
                sum += 2.0 * via(a, b, 1).min(via(b, a, 1));
            }
        }
        let mut mine = [[0.0f32; 3]; 6];
        for (d, row) in mine.iter_mut().enumerate() {
            for (k, slot) in row.iter_mut().enumerate() {
                *slot = via(d + 1, d + 1, k);
            }
        }
        let i = index(b);
        e[i] = 1.0 + sum / 36.0;
        after[i] = mine;
    }
    e
}

fn pips(b: &[u8; POINTS]) -> u32 {
    b.iter()
        .enumerate()
        .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
        .sum()
}

/// The expected number of rolls the mover needs to bear off, from the raw board `pts`
/// (mover's view, no contact): exact from [`table`] when every checker is home; otherwise
/// each checker outside is counted on the 6-point plus its pips beyond it at 8.17 pips a roll
/// (the average roll), which agrees with the table once the last checker comes in.
pub(crate) fn expected_rolls(pts: &[i8; 26]) -> f32 {
    let mut home = [0u8; POINTS];
    let mut outside = 0u32;
    for (i, slot) in home.iter_mut().enumerate() {
        *slot = pts[i + 1].max(0) as u8;
    }
    for (p, &c) in pts.iter().enumerate().skip(POINTS + 1) {
        if c > 0 {
            let c = c as u32;
            home[POINTS - 1] += c as u8;
            outside += c * (p as u32 - POINTS as u32);
        }
    }
    table()[index(&home)] + outside as f32 * (36.0 / 294.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_ranks_every_home_board_once() {
        let mut seen = vec![false; POSITIONS];
        let mut count = 0;
        for a in 0..=15u8 {
            for b in 0..=15 - a {
                for c in 0..=15 - a - b {
                    for d in 0..=15 - a - b - c {
                        for e in 0..=15 - a - b - c - d {
                            for f in 0..=15 - a - b - c - d - e {
                                let i = index(&[a, b, c, d, e, f]);
                                assert!(!seen[i]);
                                seen[i] = true;
                                count += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(count, POSITIONS);
        assert_eq!(POSITIONS, 54_264);
        assert_eq!(index(&[0; 6]), 0);
    }

    /// The expected rolls of `b` by brute force: every roll, every order of its dice, every
    /// sequence of single moves (memoised by board).
    fn brute(b: [u8; 6], memo: &mut std::collections::HashMap<[u8; 6], f32>) -> f32 {
        if b.iter().all(|&c| c == 0) {
            return 0.0;
        }
        if let Some(&v) = memo.get(&b) {
            return v;
        }
        fn ends(b: [u8; 6], dice: &[usize], out: &mut Vec<[u8; 6]>) {
            if dice.is_empty() || b.iter().all(|&c| c == 0) {
                out.push(b);
                return;
            }
            each_move(&b, dice[0], |n| ends(*n, &dice[1..], out));
        }
        let mut sum = 0.0;
        for a in 1..=6 {
            for c in a..=6 {
                let mut out = Vec::new();
                if a == c {
                    ends(b, &[a; 4], &mut out);
                } else {
                    ends(b, &[a, c], &mut out);
                    ends(b, &[c, a], &mut out);
                }
                let best = out
                    .into_iter()
                    .map(|n| brute(n, memo))
                    .fold(f32::INFINITY, f32::min);
                sum += if a == c { best } else { 2.0 * best };
            }
        }
        let v = 1.0 + sum / 36.0;
        memo.insert(b, v);
        v
    }

    #[test]
    fn the_table_agrees_with_trying_every_play_of_every_roll() {
        // OFF-1..OFF-4: every board of up to five checkers, solved by enumerating the plays.
        let mut memo = std::collections::HashMap::new();
        let mut checked = 0;
        for a in 0..=5u8 {
            for b in 0..=5 - a {
                for c in 0..=5 - a - b {
                    for d in 0..=5 - a - b - c {
                        for e in 0..=5 - a - b - c - d {
                            for f in 0..=5 - a - b - c - d - e {
                                let board = [a, b, c, d, e, f];
                                let want = brute(board, &mut memo);
                                let got = table()[index(&board)];
                                assert!((got - want).abs() < 1e-5, "{board:?}: {got} vs {want}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 462);
    }

    #[test]
    fn known_bear_off_expectations() {
        let e = |home: [u8; 6]| table()[index(&home)];
        // One checker on the 1 or 2 point: off in one roll.
        assert_eq!(e([1, 0, 0, 0, 0, 0]), 1.0);
        assert_eq!(e([0, 1, 0, 0, 0, 0]), 1.0);
        // Two on the 1 point: one roll. Three on the 1 point: one roll unless no double, so
        // 1 + 30/36.
        assert_eq!(e([2, 0, 0, 0, 0, 0]), 1.0);
        assert!((e([3, 0, 0, 0, 0, 0]) - (1.0 + 30.0 / 36.0)).abs() < 1e-6);
        // One checker on the 6 point misses only with 2-1, 1-1... : it needs two rolls
        // exactly when the roll totals less than 6 and is not a double that reaches it:
        // 2-1, 3-1, 4-1, 3-2 (8 rolls) and 1-1 (4 pips: 1 roll short) -> 9 of 36.
        assert!((e([0, 0, 0, 0, 0, 1]) - (1.0 + 9.0 / 36.0)).abs() < 1e-6);
        // Fifteen checkers need at least 4 rolls (four doubles of four checkers, minus one).
        assert!(e([3, 3, 3, 2, 2, 2]) > 4.0);
    }
}
