//! gammon's Long Nardy encoding ([`nardy`], 202 units) and its per-board units.

use super::NARDY_UNITS;
use crate::rules::nardy::other_point;

/// gammon's Long Nardy inputs: 202 units.
///
/// Units, with `s = 0` for the board's owner and `s = 1` for the opponent, each side in its
/// own numbering (LN-3; the owner's point `p` is the opponent's point `other(p)`):
/// - `101·s + 4·(p−1) .. +4` for point `p` in 1..=24 with `n` checkers: `n ≥ 1` (the point
///   is held: one checker blocks it, LN-7), `n ≥ 2`, `n ≥ 3`, `(n − 3)/12` (a head holds up
///   to 15);
/// - `101·s + 96`: borne-off checkers / 15 (LN-29);
/// - `101·s + 97`: pip count / 360 (360 is the starting count);
/// - `101·s + 98`: 1 while all 15 checkers are on the head (the first turn, LN-18);
/// - `101·s + 99`: the side's longest run of held points / 6 (a block, LN-24);
/// - `101·s + 100`: 1 when the side is on roll, else 0.
pub fn nardy(board: &[i8; 26], on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..NARDY_UNITS];
    let both = nardy_sides(board);
    for (s, side) in both.iter().enumerate() {
        let base = 101 * s;
        for p in 1..=24usize {
            out[base + 4 * (p - 1)..base + 4 * p].copy_from_slice(&nardy4(side[p]));
        }
    }
    let mut units = [0f32; 10];
    nardy_board_units(&both, on_roll, &mut units);
    out[96..101].copy_from_slice(&units[..5]);
    out[197..202].copy_from_slice(&units[5..]);
}

/// Each side's checkers on the points of a Long Nardy board, in its own numbering (LN-3).
#[inline(always)]
pub(super) fn nardy_sides(board: &[i8; 26]) -> [[u8; 25]; 2] {
    let mut both = [[0u8; 25]; 2];
    for p in 1..=24u8 {
        let c = board[p as usize];
        if c > 0 {
            both[0][p as usize] = c as u8;
        } else if c < 0 {
            both[1][other_point(p) as usize] = c.unsigned_abs();
        }
    }
    both
}

/// Long Nardy's four units for `n` checkers on a point: n ≥ 1, n ≥ 2, n ≥ 3, (n − 3)/12.
#[inline(always)]
pub(super) fn nardy4(n: u8) -> [f32; 4] {
    [
        f32::from(u8::from(n >= 1)),
        f32::from(u8::from(n >= 2)),
        f32::from(u8::from(n >= 3)),
        if n > 3 { f32::from(n - 3) / 12.0 } else { 0.0 },
    ]
}

/// The per-board units of [`nardy`] (units 96..101 and 197..202, in that order).
#[inline(always)]
pub(super) fn nardy_board_units(both: &[[u8; 25]; 2], on_roll: bool, out: &mut [f32]) {
    for (s, side) in both.iter().enumerate() {
        let mut on = 0u32;
        let mut pip = 0u32;
        let mut best = 0u32;
        let mut run = 0u32;
        for (p, &n) in side.iter().enumerate().skip(1) {
            on += u32::from(n);
            pip += p as u32 * u32::from(n);
            run = if n > 0 { run + 1 } else { 0 };
            best = best.max(run);
        }
        let u = &mut out[5 * s..5 * s + 5];
        u[0] = 15u32.saturating_sub(on) as f32 / 15.0;
        u[1] = pip as f32 / 360.0;
        u[2] = f32::from(u8::from(side[24] == 15));
        u[3] = best.min(6) as f32 / 6.0;
        u[4] = f32::from(u8::from(on_roll == (s == 0)));
    }
}
