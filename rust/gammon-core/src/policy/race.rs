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

/// The index of a home board (`home[i]` checkers on point `i + 1`, at most 15 in all):
/// its rank among all such boards, 0 for the empty board.
#[inline]
pub(crate) fn index(home: &[u8; POINTS]) -> usize {
    // Rank from the 6-point down: positions with fewer checkers on the current point come
    // first, each block counting the ways to fill the lower points with what is left.
    let mut left = MAX_CHECKERS;
    let mut idx = 0u32;
    for i in (0..POINTS).rev() {
        let c = home[i] as usize;
        for v in 0..c {
            idx += WAYS[i][left - v];
        }
        left -= c;
    }
    idx as usize
}

/// Every play of one die `d` on `home` (bear-off rules, no opponent checker in the way):
/// calls `f` with each resulting board and the lowest source point allowed next (for
/// doubles, moves are generated with non-increasing sources, which reaches every result).
#[inline]
fn each_move(
    home: &[u8; POINTS],
    d: usize,
    max_src: usize,
    mut f: impl FnMut(&[u8; POINTS], usize),
) {
    let highest = (0..POINTS).rev().find(|&i| home[i] > 0);
    let Some(highest) = highest else {
        return;
    };
    for src in (0..=max_src.min(highest)).rev() {
        if home[src] == 0 {
            continue;
        }
        let p = src + 1; // point number
        let mut next = *home;
        next[src] -= 1;
        if p > d {
            next[src - d] += 1;
        } else if p < d && src != highest {
            // A higher die bears off only from the highest point (OFF-3).
            continue;
        }
        f(&next, src);
    }
}

/// The table: expected rolls to bear off each home board, by [`index`].
pub(crate) fn table() -> &'static [f32] {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    TABLE.get_or_init(build)
}

fn build() -> Vec<f32> {
    // Boards in order of pip count: every play lowers it, so successors come first.
    let mut boards: Vec<[u8; POINTS]> = Vec::with_capacity(POSITIONS);
    let mut b = [0u8; POINTS];
    loop {
        boards.push(b);
        // Next composition with total <= 15 (odometer).
        let mut i = 0;
        loop {
            if i == POINTS {
                boards.sort_by_key(pips);
                return solve(&boards);
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
}

fn pips(b: &[u8; POINTS]) -> u32 {
    b.iter()
        .enumerate()
        .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
        .sum()
}

fn solve(boards: &[[u8; POINTS]]) -> Vec<f32> {
    let mut e = vec![0.0f32; POSITIONS];
    for b in boards.iter().skip(1) {
        let mut sum = 0.0f32;
        for d1 in 1..=6 {
            for d2 in d1..=6 {
                let best = if d1 == d2 {
                    best_double(b, d1, 4, POINTS - 1, &e)
                } else {
                    let mut best = f32::INFINITY;
                    for (x, y) in [(d1, d2), (d2, d1)] {
                        each_move(b, x, POINTS - 1, |n, _| {
                            if n.iter().all(|&c| c == 0) {
                                best = 0.0;
                                return;
                            }
                            each_move(n, y, POINTS - 1, |m, _| {
                                best = best.min(e[index(m)]);
                            });
                        });
                    }
                    best
                };
                sum += if d1 == d2 { best } else { 2.0 * best };
            }
        }
        e[index(b)] = 1.0 + sum / 36.0;
    }
    e
}

fn best_double(b: &[u8; POINTS], d: usize, left: u32, max_src: usize, e: &[f32]) -> f32 {
    if left == 0 || b.iter().all(|&c| c == 0) {
        return e[index(b)];
    }
    let mut best = f32::INFINITY;
    each_move(b, d, max_src, |n, src| {
        best = best.min(best_double(n, d, left - 1, src, e));
    });
    best
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
