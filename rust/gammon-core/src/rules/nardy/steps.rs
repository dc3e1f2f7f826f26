//! The Long Nardy step primitives both generators share (§10): the mover's occupancy, one
//! step applied to a board, the block test (LN-24..27) and [`TurnRules`], the per-turn masks
//! (closed points, head allowance, bear-off) computed once per roll. The fast generator
//! ([`super::movegen`]) and the exact one ([`super::sequences`]) both stand on these.

use super::{Nardy, NardyOptions, HEAD_POINT};
use crate::base::dice::Dice;
use crate::base::moves::{Move, OFF};
use crate::rules::bits::bear_off_sources;

/// Bits 1..=24: every point.
const POINTS: u32 = 0x1FF_FFFE;
/// Bits 7..=24: the points outside the mover's home (LN-28).
pub(super) const OUTSIDE_HOME: u32 = POINTS & !0b111_1110;
/// Bit of the mover's head (LN-17).
const HEAD_BIT: u32 = 1 << HEAD_POINT;
/// 24 bits: one per point in a 0-based numbering.
const LOW24: u32 = 0xFF_FFFF;

/// Bits 1..=24 set where the mover has checkers.
#[inline]
pub(crate) fn occupied(pts: &[i8; 25]) -> u32 {
    let mut m = 0;
    for (p, &c) in pts.iter().enumerate().skip(1) {
        m |= u32::from(c > 0) << p;
    }
    m
}

/// Turns a mask of the mover's points (bits 1..=24, mover's numbering) into the opponent's
/// numbering, 0-based (bit q - 1 for the opponent's point q): the bit form of LN-3's map.
#[inline(always)]
fn to_opponent_numbering(mask: u32) -> u32 {
    let m = mask >> 1;
    ((m << 12) | (m >> 12)) & LOW24
}

/// Bit `q - 1` of a 0-based opponent-numbering mask `r` for every opponent point `q` that
/// starts six points all set in `r` (LN-24).
#[inline(always)]
fn block_runs(r: u32) -> u32 {
    r & (r >> 1) & (r >> 2) & (r >> 3) & (r >> 4) & (r >> 5)
}

/// Bits `n - 1` (opponent's numbering) of every block start `n` that would be illegal because
/// the opponent has no checker on its points 1..n-1 (LN-25), given the opponent's checkers in
/// that 0-based numbering. Zero when the opponent has no checker on the board.
#[inline(always)]
fn block_front(opp: u32) -> u32 {
    if opp == 0 {
        0
    } else {
        (1u32 << opp.trailing_zeros()) - 1
    }
}

/// The starts (bit `n - 1`, opponent's numbering) of the illegal blocks (LN-24, LN-25) that
/// the checkers `own` make against the checkers `opp`, both masks of points 1..=24 in the
/// numbering of `own`'s owner.
pub(crate) fn illegal_block_starts(own: u32, opp: u32) -> u32 {
    block_runs(to_opponent_numbering(own)) & block_front(to_opponent_numbering(opp))
}

/// The points from which a checker can step `d` pips: the landing point is open (LN-14), or
/// the step bears off under LN-28..LN-30. The head rule and the block rule are applied by
/// [`TurnRules::steps`].
#[inline(always)]
fn sources(occ: u32, open: u32, d: u8) -> u32 {
    // LN-14 for ordinary steps; LN-28 to LN-30 for bearing off.
    occ & (open << d) | bear_off_sources(occ, OUTSIDE_HOME, d)
}

/// Moves one mover's checker from `s` by `d` pips (to `OFF` below point 1).
#[inline(always)]
pub(crate) fn apply_step(pts: &mut [i8; 25], s: u8, d: u8) -> Move {
    let t = s.saturating_sub(d);
    pts[s as usize] -= 1;
    if t != OFF {
        pts[t as usize] += 1;
    }
    Move::new(s, t, false)
}

/// The facts about a turn that do not change while the mover plays it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnRules {
    /// Bits 1..=24: points with no opposing checker, open to the mover (LN-14).
    pub open: u32,
    /// Bits `n - 1` (opponent's numbering) for every block start `n` that would be illegal:
    /// the opponent has no checker on its points 1..n-1 (LN-25). Zero when the opponent has
    /// no checker on the board.
    pub block_front: u32,
    /// How many checkers may leave the head this turn (LN-17..LN-19).
    pub head_allowance: u8,
    /// Check the block rule after every step (LN-26) rather than at the end of the turn.
    pub per_step_blocks: bool,
}

impl TurnRules {
    /// The rules of `pos`'s turn with `dice`.
    pub fn new(pos: &Nardy, dice: Dice) -> TurnRules {
        let pts = pos.raw();
        let mut open = 0;
        let mut opp = 0;
        for (p, &c) in pts.iter().enumerate().skip(1) {
            open |= u32::from(c >= 0) << p;
            opp |= u32::from(c < 0) << p;
        }
        TurnRules {
            open,
            block_front: block_front(to_opponent_numbering(opp)),
            head_allowance: pos.head_allowance(dice),
            per_step_blocks: !pos
                .options()
                .contains(NardyOptions::END_OF_TURN_BLOCK_CHECK),
        }
    }

    /// True when the mover's occupancy `occ` contains an illegal block (LN-24, LN-25): six
    /// points consecutive along the opponent's path with no opposing checker in front.
    #[inline(always)]
    pub fn has_illegal_block(&self, occ: u32) -> bool {
        block_runs(to_opponent_numbering(occ)) & self.block_front != 0
    }

    /// The legal single steps with die `d` on board `pts` (occupancy `occ`) when `head_used`
    /// checkers have already left the head: a mask of source points, and the mask of sources
    /// refused only by the block rule (LN-26).
    #[inline(always)]
    pub fn steps(&self, pts: &[i8; 25], occ: u32, d: u8, head_used: u8) -> (u32, u32) {
        let mut m = sources(occ, self.open, d);
        if head_used >= self.head_allowance {
            m &= !HEAD_BIT;
        }
        let mut refused = 0;
        if self.per_step_blocks && self.block_front != 0 {
            // Only a step onto an empty point can complete a block.
            let mut risky = m & ((!occ & POINTS) << d);
            while risky != 0 {
                let s = risky.trailing_zeros();
                risky &= risky - 1;
                let mut o = occ | (1 << (s - u32::from(d)));
                if pts[s as usize] == 1 {
                    o &= !(1 << s);
                }
                if self.has_illegal_block(o) {
                    refused |= 1 << s;
                }
            }
            m &= !refused;
        }
        (m, refused)
    }
}
