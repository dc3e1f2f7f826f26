//! Tesauro's TD-Gammon encoding ([`tdgammon`], 198 units) and its per-board units.

use super::TDGAMMON_UNITS;

/// TD-Gammon's 198 inputs (Tesauro, "Practical Issues in Temporal Difference Learning",
/// Machine Learning 8, 1992; the unit layout as described in Sutton & Barto, *Reinforcement
/// Learning: An Introduction*, 2nd ed., §16.1).
///
/// Units, with `s = 0` for the board's owner and `s = 1` for the opponent, each side in its
/// own numbering:
/// - `99·s + 4·(p−1) .. +4` for point `p` in 1..=24 with `n` of the side's checkers:
///   `n ≥ 1`, `n ≥ 2`, `n ≥ 3`, `(n − 3)/2` (0 when `n ≤ 3`);
/// - `99·s + 96`: the side's checkers on the bar / 2;
/// - `99·s + 97`: the side's borne-off checkers / `checkers`;
/// - `99·s + 98`: 1 when the side is on roll, else 0 (Tesauro's two turn units).
pub fn tdgammon(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    // One pass over the board, each point's four units copied from a table: this encoder
    // runs once per candidate in the batched game loop, where it is most of gammon's cost.
    let out = &mut out[..TDGAMMON_UNITS];
    let (own, opp) = out.split_at_mut(99);
    let (mut own_on, mut opp_on) = (0u32, 0u32);
    for p in 1..=24usize {
        let c = board[p];
        let mine = c.max(0).unsigned_abs();
        let theirs = c.min(0).unsigned_abs();
        own_on += u32::from(mine);
        opp_on += u32::from(theirs);
        own[4 * (p - 1)..4 * p].copy_from_slice(&UNARY[usize::from(mine.min(15))]);
        // The opponent's point 25 - p in its own numbering.
        opp[4 * (24 - p)..4 * (25 - p)].copy_from_slice(&UNARY[usize::from(theirs.min(15))]);
    }
    let own_bar = board[25].max(0).unsigned_abs();
    let opp_bar = board[0].min(0).unsigned_abs();
    let per_side = u32::from(checkers);
    let div = f32::from(checkers.max(1));
    for (side, bar, on, rolls) in [
        (own, own_bar, own_on, on_roll),
        (opp, opp_bar, opp_on, !on_roll),
    ] {
        side[96] = f32::from(bar) / 2.0;
        side[97] = per_side.saturating_sub(on + u32::from(bar)) as f32 / div;
        side[98] = f32::from(u8::from(rolls));
    }
}

/// Tesauro's four units for 0..=15 checkers on a point (n ≥ 1, n ≥ 2, n ≥ 3, (n − 3) / 2),
/// precomputed.
pub(super) const UNARY: [[f32; 4]; 16] = {
    let mut t = [[0f32; 4]; 16];
    let mut n = 1;
    while n < 16 {
        t[n][0] = 1.0;
        if n >= 2 {
            t[n][1] = 1.0;
        }
        if n >= 3 {
            t[n][2] = 1.0;
        }
        if n > 3 {
            t[n][3] = (n - 3) as f32 / 2.0;
        }
        n += 1;
    }
    t
};

/// The per-board units of [`tdgammon`] (units 97, 98, 196, 197: each side's borne-off
/// checkers and turn unit).
#[inline(always)]
pub(super) fn tdgammon_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let (mut own_on, mut opp_on) = (0u32, 0u32);
    for &c in &board[1..=24] {
        own_on += u32::from(c.max(0).unsigned_abs());
        opp_on += u32::from(c.min(0).unsigned_abs());
    }
    let own_bar = u32::from(board[25].max(0).unsigned_abs());
    let opp_bar = u32::from(board[0].min(0).unsigned_abs());
    tdgammon_units_of_counts([own_on + own_bar, opp_on + opp_bar], checkers, on_roll, out);
}

/// Each side's checkers not borne off (on the points and the bar, as [`tdgammon_board_units`]
/// counts them: the owner's on entries 1..=25, the opponent's on 0..=24), owner first.
#[inline(always)]
pub(super) fn tdgammon_counts(board: &[i8; 26]) -> [u32; 2] {
    let (mut own, mut opp) = (0u32, 0u32);
    for (i, &c) in board.iter().enumerate() {
        if i >= 1 {
            own += u32::from(c.max(0).unsigned_abs());
        }
        if i <= 24 {
            opp += u32::from(c.min(0).unsigned_abs());
        }
    }
    [own, opp]
}

/// [`tdgammon_board_units`] from each side's checkers not borne off (`on`, owner first:
/// [`tdgammon_counts`]).
#[inline(always)]
pub(super) fn tdgammon_units_of_counts(on: [u32; 2], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let per_side = u32::from(checkers);
    let div = f32::from(checkers.max(1));
    out[0] = per_side.saturating_sub(on[0]) as f32 / div;
    out[1] = f32::from(u8::from(on_roll));
    out[2] = per_side.saturating_sub(on[1]) as f32 / div;
    out[3] = f32::from(u8::from(!on_roll));
}
