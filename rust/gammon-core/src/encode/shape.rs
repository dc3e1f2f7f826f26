//! The shape units of [`super::contact_shape`]: seven hand-made features per side that
//! describe how a side's checkers are spread (timing, spread, connection, back game,
//! mobility), after the inputs of the same names in gnubg's `eval.c` (`I_FREEPIP`,
//! `I_TIMING`, `I_MOMENT2`, `I_BACKBONE`, `I_BACKG`, `I_BACKG1`, `I_MOBILITY`). gammon
//! computes each from its own definition below; the values are not gnubg's bit for bit.

use super::shots::escape_rolls;
use super::{bytes_at_least, ratio, POINT_BITS};

/// Shape units per side.
pub(super) const SHAPE_FEATURES: usize = 7;

/// One side's checkers in its own numbering (index 1..=24 its points, 25 its bar, the rest
/// 0) and what the features need of the other side: `front`, the point (in this side's
/// numbering) of the other side's rearmost checker (0 when it is on the bar or has none), and
/// `blocked`, the other side's made points as bits in this side's numbering.
pub(super) struct ShapeSide<'a> {
    /// Checkers per point (index 0 and 26.. are 0).
    pub counts: &'a [u8; 32],
    /// The other side's rearmost checker, in this side's numbering.
    pub front: u32,
    /// The other side's points of two or more checkers, bit `p` = this side's point `p`.
    pub blocked: u32,
}

/// A table of 32 `u32`s, entry `p` the expression `$f` of `p` (a `u32`).
macro_rules! table {
    (|$p:ident| $f:expr) => {{
        let mut t = [0u32; 32];
        let mut i = 0;
        while i < 32 {
            let $p = i as u32;
            t[i] = $f;
            i += 1;
        }
        t
    }};
}

/// `p`, the pips of a checker on point `p`.
const PIPS: [u32; 32] = table!(|p| p);
/// `p − 1` on the points 7..=25, the pips timing counts for a checker there; 0 elsewhere.
const TIMING_PIPS: [u32; 32] = table!(|p| if p >= 7 && p <= 25 { p - 1 } else { 0 });
/// 1 on the points 7..=25, whose checkers timing counts before the home points.
const OUTFIELD: [u32; 32] = table!(|p| (p >= 7 && p <= 25) as u32);
/// 1 on the points 13..=24, where only the spares count while in contact.
const SPARES_ONLY: [u32; 32] = table!(|p| (p >= 13 && p <= 24) as u32);
/// 1 on the points 19..=25: the other side's home and the bar.
const BACK: [u32; 32] = table!(|p| (p >= 19) as u32);

/// The seven shape units of one side, in order:
/// - 0, **free pips** / 100: the pips of the side's checkers that have passed every
///   checker of the other side (points below `front`; gnubg `I_FREEPIP`);
/// - 1, **timing** / 100: the pips the side can play before it must break its home board or
///   its anchors in contact (gnubg `I_TIMING`): every checker on the bar, the spares of the
///   points 13..=24 still in contact (all but two on a point of two or more, the one of a
///   blot; a point of exactly two is an anchor and gives none), and every checker on the
///   points 7..=12 and on the points 13..=24 out of contact count `p − 1` pips each; then
///   the home points 6 down to 1: each checker above two adds `p − 1`, and each checker a
///   home point lacks to hold two takes `p − 1` away if enough checkers were counted
///   before to fill it; never below 0;
/// - 2, **one-sided spread** / 400 (gnubg `I_MOMENT2`): with each checker at `p − 1` (the
///   bar at 24) and `a` their mean rounded up, the mean of `(x − a)²` over the checkers
///   beyond `a`, rounded up;
/// - 3, **gaps between made points** (gnubg `I_BACKBONE`): from point 24 down to point 2,
///   each made point `q` (two or more checkers) that has a made point below it at `d` pips
///   counts its checkers `n`, connected with weight 11 when `d ≤ 6`, `13 − d` when `d` is
///   7..=11, else 0; the unit is 1 − Σ weight·n / (11 · Σ n), 0 when no point counts;
/// - 4, **back game** (gnubg `I_BACKG`): with two or more anchors in the other side's home
///   (points 19..=24), (checkers on points 19..=25 − 3) / 4, else 0;
/// - 5, **one back anchor** (gnubg `I_BACKG1`): with exactly one such anchor, those checkers
///   / 8, else 0;
/// - 6, **mobility** / 3600 (gnubg `I_MOBILITY`): over the side's checkers on points
///   7..=25, `(p − 6)` times the rolls with which a checker on `p` escapes the other side's
///   points (`super::escapes`' rules), summed.
///
/// Every value is a count divided by a constant, except unit 3 (a fraction of two counts),
/// so it does not depend on how it was computed. Branch-free passes over the 32 counts with
/// constant weight tables (which the compiler turns into SIMD), then loops over the set bits
/// of the side's masks (the tests check it against `shape_units_plain`, the definitions
/// above one by one).
#[inline(always)]
pub(super) fn shape_units(side: &ShapeSide<'_>, out: &mut [f32]) {
    let out = &mut out[..SHAPE_FEATURES];
    let c = side.counts;
    let front = side.front;

    // The checkers, their pips, the free pips and the checkers on 19..=25.
    let (mut total, mut pips, mut free, mut back) = (0u32, 0u32, 0u32, 0u32);
    for p in 0..32 {
        let k = u32::from(c[p]);
        total += k;
        pips += PIPS[p] * k;
        free += PIPS[p] * k * u32::from((p as u32) < front);
        back += BACK[p] * k;
    }
    // Timing of the points 7..=25: all the checkers, or only the spares on 13..=24 in
    // contact (all but two, or the one of a blot).
    let (mut t_out, mut spare_out) = (0u32, 0u32);
    for p in 0..32 {
        let k = u32::from(c[p]);
        let spares_only = SPARES_ONLY[p] & u32::from(p as u32 > front);
        let spares = k.saturating_sub(2) + u32::from(k == 1);
        let counted = OUTFIELD[p] * (spares_only * spares + (1 - spares_only) * k);
        t_out += TIMING_PIPS[p] * counted;
        spare_out += counted;
    }
    let timing = home_timing(c, i64::from(t_out), i64::from(spare_out));

    // The one-sided spread: each checker's distance beyond the mean, squared (positions
    // counted from point 1: their sum is the pips less one a checker).
    let mut moment = 0u32;
    if total > 0 {
        let a = (pips - total).div_ceil(total) + 1;
        let (mut m, mut beyond) = (0u32, 0u32);
        for p in 0..32 {
            let k = u32::from(c[p]);
            let d = PIPS[p].saturating_sub(a);
            m += k * d * d;
            beyond += k * u32::from(d > 0);
        }
        if beyond > 0 {
            moment = m.div_ceil(beyond);
        }
    }

    // Gaps between made points, from the highest down.
    let made = bytes_at_least(c, 2) & POINT_BITS;
    let (mut w, mut counted) = (0u32, 0u32);
    let mut rest = made & !0b11;
    if rest != 0 {
        let mut above = 31 - rest.leading_zeros();
        rest &= !(1 << above);
        while rest != 0 {
            let q = 31 - rest.leading_zeros();
            rest &= !(1 << q);
            let n = u32::from(c[above as usize]);
            w += gap_weight(above - q) * n;
            counted += n;
            above = q;
        }
    }

    // Mobility: each occupied point from 7 up.
    let mut mobility = 0u32;
    let mut outside = bytes_at_least(c, 1) & !0x7f & ((1 << 26) - 1);
    while outside != 0 {
        let p = outside.trailing_zeros();
        outside &= outside - 1;
        mobility += (p - 6) * u32::from(c[p as usize]) * escape_rolls(p, side.blocked);
    }

    let anchors = (made & (0x3f << 19)).count_ones();
    write_units(
        [free, timing, moment, w, counted, anchors, back, mobility],
        out,
    );
}

/// [`shape_units`] the plain way, each unit by its definition: the tests' reference.
#[cfg(test)]
pub(super) fn shape_units_plain(side: &ShapeSide<'_>, out: &mut [f32]) {
    let out = &mut out[..SHAPE_FEATURES];
    let c = side.counts;
    let n = |p: usize| u32::from(c[p]);

    // Free pips, the spread's mean, and the total.
    let (mut free, mut total, mut sum) = (0u32, 0u32, 0u32);
    for p in 1..=25usize {
        let k = n(p);
        if (p as u32) < side.front {
            free += p as u32 * k;
        }
        total += k;
        sum += (p as u32 - 1) * k;
    }

    // Timing: in contact, the points 13..=24 behind the other side's rearmost checker.
    let mut t = 24 * i64::from(n(25));
    let mut spare = i64::from(n(25));
    for p in 7..=24usize {
        let k = n(p);
        let w = p as i64 - 1;
        let counted = if p >= 13 && p as u32 > side.front {
            match k {
                0 | 2 => 0,
                1 => 1,
                _ => k - 2,
            }
        } else {
            k
        };
        t += w * i64::from(counted);
        spare += i64::from(counted);
    }
    let timing = home_timing(c, t, spare);

    // The one-sided spread.
    let mut moment = 0u32;
    if total > 0 {
        let a = sum.div_ceil(total);
        let (mut m, mut beyond) = (0u32, 0u32);
        for p in 1..=25usize {
            let x = p as u32 - 1;
            if x > a {
                m += n(p) * (x - a) * (x - a);
                beyond += n(p);
            }
        }
        if beyond > 0 {
            moment = m.div_ceil(beyond);
        }
    }

    // Gaps between made points.
    let (mut w, mut counted) = (0u32, 0u32);
    let mut above: Option<usize> = None;
    for q in (2..=24usize).rev() {
        if c[q] >= 2 {
            if let Some(pa) = above {
                w += gap_weight((pa - q) as u32) * n(pa);
                counted += n(pa);
            }
            above = Some(q);
        }
    }

    // Back game.
    let anchors = (19..=24usize).filter(|&p| c[p] >= 2).count() as u32;
    let back: u32 = (19..=25usize).map(n).sum();

    // Mobility.
    let mut mobility = 0u32;
    for p in 7..=25usize {
        let k = n(p);
        if k > 0 {
            mobility += (p as u32 - 6) * k * escape_rolls(p as u32, side.blocked);
        }
    }

    write_units(
        [free, timing, moment, w, counted, anchors, back, mobility],
        out,
    );
}

/// The home points' share of the timing unit, 6 down to 1 in order, from `t` pips and `spare`
/// checkers counted on the points above them: each checker above two adds `p − 1`, each
/// checker a home point lacks to hold two takes `p − 1` away while enough spares are left to
/// fill it. Never below 0.
#[inline(always)]
fn home_timing(c: &[u8; 32], mut t: i64, mut spare: i64) -> u32 {
    for p in (1..=6usize).rev() {
        let k = i64::from(c[p]);
        let w = p as i64 - 1;
        if k > 2 {
            t += w * (k - 2);
            spare += k - 2;
        } else if spare >= 2 - k {
            t -= w * (2 - k);
            spare -= 2 - k;
        }
    }
    t.max(0) as u32
}

/// How well a made point `d` pips above the next made point below it connects to it: 11
/// within 6 pips, `13 − d` at 7..=11, else 0 (the gaps unit).
#[inline(always)]
fn gap_weight(d: u32) -> u32 {
    match d {
        0..=6 => 11,
        7..=11 => 13 - d,
        _ => 0,
    }
}

/// Writes the seven units from their counts: free pips, timing, spread, the gaps' weighted
/// sum `w` over the `counted` checkers, the anchors and checkers on 19..=25 (the back game
/// units), mobility.
#[inline(always)]
fn write_units(
    [free, timing, moment, w, counted, anchors, back, mobility]: [u32; 8],
    out: &mut [f32],
) {
    let backbone = if counted == 0 {
        0.0
    } else {
        let all = 11 * counted;
        (f64::from(all - w) / f64::from(all)) as f32
    };
    let (backg, backg1) = match anchors {
        0 => (0, 0),
        1 => (0, back),
        _ => (back.saturating_sub(3), 0),
    };
    out[0] = ratio(free, 1.0 / 100.0);
    out[1] = ratio(timing, 1.0 / 100.0);
    out[2] = ratio(moment, 1.0 / 400.0);
    out[3] = backbone;
    out[4] = ratio(backg, 1.0 / 4.0);
    out[5] = ratio(backg1, 1.0 / 8.0);
    out[6] = ratio(mobility, 1.0 / 3600.0);
}

#[cfg(test)]
mod tests {
    use super::super::{contact_shape, escapes, CONTACT_EXT_UNITS, CONTACT_SHAPE_UNITS};
    use super::SHAPE_FEATURES;

    /// The starting position (BG-2) in the owner's view: 2 on 24, 5 on 13, 3 on 8, 5 on 6
    /// for each side.
    fn start() -> [i8; 26] {
        let mut b = [0i8; 26];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            b[p] = n;
            b[25 - p] = -n;
        }
        b
    }

    fn shape_of(board: &[i8; 26]) -> [[f32; SHAPE_FEATURES]; 2] {
        let mut out = [0f32; CONTACT_SHAPE_UNITS];
        contact_shape(board, 15, true, &mut out);
        let mut sides = [[0f32; SHAPE_FEATURES]; 2];
        for (s, side) in sides.iter_mut().enumerate() {
            let at = CONTACT_EXT_UNITS + SHAPE_FEATURES * s;
            side.copy_from_slice(&out[at..at + SHAPE_FEATURES]);
        }
        sides
    }

    /// The board seen by the other player.
    fn flipped(board: &[i8; 26]) -> [i8; 26] {
        std::array::from_fn(|i| -board[25 - i])
    }

    #[test]
    fn the_starting_position_has_the_values_worked_out_by_hand() {
        let [mine, theirs] = shape_of(&start());
        // No free pips: their rearmost checker is on my point 1.
        assert_eq!(mine[0], 0.0);
        // Timing: the 24 point is an anchor (0); 13 has 3 spares (3 x 12), 8 has 3 (3 x 7),
        // 6 has 3 spares (3 x 5): 72 pips and 9 checkers; points 5, 4, 3 and 2 take two
        // each (8 + 6 + 4 + 2), leaving one checker, too few for point 1: 52.
        assert_eq!(mine[1], 52.0 / 100.0);
        // Spread: (23x2 + 12x5 + 7x3 + 5x5) / 15 = 152 / 15, up to 11; beyond it 2 on 23
        // (144 each) and 5 on 12 (1 each): 293 / 7, up to 42.
        assert_eq!(mine[2], 42.0 / 400.0);
        // Gaps: 24 over 13 (d 11: weight 2) x 2, 13 over 8 (11) x 5, 8 over 6 (11) x 3.
        assert_eq!(mine[3], (1.0 - 92.0 / 110.0) as f32);
        // One anchor in their home (24) with 2 checkers there: 2 / 8.
        assert_eq!(mine[4], 0.0);
        assert_eq!(mine[5], 2.0 / 8.0);
        // Mobility: each point from 7 up, weighed by its distance past 6 and its escapes.
        let me_at = |p: usize| {
            let mut me = [0u8; 26];
            me[p] = 1;
            me
        };
        let mut them = [0u8; 26];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            them[p] = n;
        }
        let mobility: u32 = [(24usize, 2u32), (13, 5), (8, 3)]
            .iter()
            .map(|&(p, n)| (p as u32 - 6) * n * escapes(&me_at(p), &them))
            .sum();
        assert_eq!(mine[6], (f64::from(mobility) / 3600.0) as f32);
        assert!(mobility > 0);
        // The position is symmetric.
        assert_eq!(mine, theirs);
    }

    #[test]
    fn contact_shape_is_contact_ext_then_the_fourteen_units() {
        let mut b = start();
        b[24] = 1;
        b[22] = 1;
        b[0] = -1;
        b[1] = -1;
        for on_roll in [true, false] {
            let mut ext = [0f32; CONTACT_EXT_UNITS];
            let mut shape = [0f32; CONTACT_SHAPE_UNITS];
            super::super::contact_ext(&b, 15, on_roll, &mut ext);
            contact_shape(&b, 15, on_roll, &mut shape);
            assert_eq!(&shape[..CONTACT_EXT_UNITS], &ext[..]);
        }
    }

    #[test]
    fn back_games_free_pips_and_the_bar_count_as_defined() {
        let mut b = [0i8; 26];
        // Mine: anchors on 24 and 20, one on the bar, two on 3 and six on 6 (15 in all).
        for (p, n) in [(24, 2), (20, 2), (25, 1), (3, 2), (6, 6), (9, 2)] {
            b[p] = n;
        }
        // Theirs: rearmost on my point 5, the rest far ahead (their home = my 19..24 is
        // where my anchors are, so their checkers sit on my 5, 10 and 11).
        b[5] = -3;
        b[10] = -6;
        b[11] = -6;
        let [mine, _] = shape_of(&b);
        // Free pips: my checkers below their rearmost (5): 2 on 3.
        assert_eq!(mine[0], 6.0 / 100.0);
        // Two anchors in their home, 5 checkers on 19..=25: (5 - 3) / 4.
        assert_eq!(mine[4], 0.5);
        assert_eq!(mine[5], 0.0);
        // Timing: the bar 24; 24 and 20 are anchors (0); 9: 2 x 8; 6: 4 spares x 5 = 20;
        // 5 and 4 take 2 x 4 and 2 x 3 (8 spares before: 24 + 16 + 20 - 8 - 6 = 46); 3 has
        // two; 2 takes 2 x 1 (2 spares left), 1 has none left to take: 44.
        assert_eq!(mine[1], 44.0 / 100.0);
    }

    #[test]
    fn each_side_sees_its_own_units_on_the_flipped_board() {
        let mut b = start();
        // Make it lopsided: a hit checker of theirs, a blot of mine.
        b[24] = 1;
        b[18] = 1;
        b[19] = -4;
        b[0] = -1;
        let [mine, theirs] = shape_of(&b);
        let [their_view_mine, their_view_theirs] = shape_of(&flipped(&b));
        assert_eq!(mine, their_view_theirs);
        assert_eq!(theirs, their_view_mine);
        assert_ne!(mine, theirs);
    }
}
