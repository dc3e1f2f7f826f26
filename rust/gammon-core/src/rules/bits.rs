//! Bit helpers shared by the backgammon and Long Nardy move generators: bear-off sources,
//! occupancy after a step, and a walk over set bits from the highest down.

use crate::base::moves::OFF;

/// The sources (bits 1..=6) from which a checker may be borne off with die `d`, given the
/// mover's occupancy `occ` (bit p set when the mover has a checker on point p) and the mask
/// `outside` of every place outside the home board (points 7..=24, and the bar where there is
/// one). Both rules types bear off the same way: only with every checker home (OFF-1, LN-28),
/// exactly from point `d` (OFF-2, LN-29), or with a larger die from the highest occupied point
/// (OFF-3, LN-30).
#[inline(always)]
#[must_use]
pub(crate) fn bear_off_sources(occ: u32, outside: u32, d: u8) -> u32 {
    if occ & outside != 0 || occ == 0 {
        return 0;
    }
    if occ & (1 << d) != 0 {
        return 1 << d;
    }
    let highest = 31 - occ.leading_zeros();
    if highest < u32::from(d) {
        1 << highest
    } else {
        0
    }
}

/// The mover's occupancy mask after one checker moved from `s` to `t` (`t` = 0: borne off),
/// given the occupancy `occ` before the move and the board `after` it. Shared by the move
/// generators of both rules types.
#[inline(always)]
#[must_use]
pub(crate) fn occupancy_after<const N: usize>(occ: u32, after: &[i8; N], s: u8, t: u8) -> u32 {
    let mut o = occ;
    if after[s as usize] == 0 {
        o &= !(1 << s);
    }
    if t != OFF {
        o |= 1 << t;
    }
    o
}

/// Calls `f` for every set bit of `mask`, highest first (the move generators' source order).
#[inline(always)]
pub(crate) fn iter_desc(mut mask: u32, mut f: impl FnMut(u8)) {
    while mask != 0 {
        let s = 31 - mask.leading_zeros();
        mask &= !(1 << s);
        f(s as u8);
    }
}
