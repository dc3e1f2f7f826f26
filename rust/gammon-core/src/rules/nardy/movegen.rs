//! The fast Long Nardy move generator (§10), on bit masks of the mover's points.
//!
//! Only the mover's checkers move and nothing is ever hit, so the set of closed points
//! (LN-14) and the opponent's checker furthest along its path (LN-25) are fixed for the whole
//! turn; [`TurnRules`] computes them once. A step is then a few mask operations, and the block
//! rule is tested only when a step lands on an empty point (only then can a new block appear).
//!
//! Non-doubles enumerate both orders of the dice and skip repeated positions exactly.
//! Doubles enumerate multisets of steps in non-increasing source order, as the backgammon
//! generator does; the block rule is the one Long Nardy rule under which the order of a
//! double's steps can matter (LN-26: a block may be illegal in one order and avoided in
//! another), so a multiset whose sorted order meets an illegal block is checked for another
//! legal order. The exact generator of [`super::sequences`] serves positions with a single
//! checker left (LN-16: bearing off the last checker ends the turn) and the `endOfTurn`
//! option.

use arrayvec::ArrayVec;

use super::steps::{apply_step, occupied, TurnRules, OUTSIDE_HOME};
use super::HEAD_POINT;
use super::{sequences, Nardy};
use crate::base::dice::Dice;
use crate::base::moves::{Move, Play, PlayList, OFF};
use crate::rules::bits::{iter_desc, occupancy_after};

/// Fills `out` with the legal plays of `pos` for `dice` (§10).
pub(crate) fn legal_plays_into(pos: &Nardy, dice: Dice, out: &mut PlayList<Nardy>) {
    out.clear();
    let occ = occupied(pos.raw());
    if occ == 0 {
        return;
    }
    let rules = TurnRules::new(pos, dice);
    let last_checker = occ.count_ones() == 1 && pos.raw()[occ.trailing_zeros() as usize] == 1;
    if !rules.per_step_blocks || last_checker {
        sequences::legal_plays_exact(pos, &rules, dice, out);
    } else if dice.is_double() {
        plays_double(pos, &rules, dice.high(), occ, out);
    } else {
        plays_non_double(pos, &rules, dice.high(), dice.low(), occ, out);
    }
}

/// A key of the change a two-step play makes to the mover's checkers: the points left and
/// the points reached (0 = off), after cancelling a point that is both. Two plays of one
/// position lead to the same position exactly when their keys are equal.
#[inline]
fn change_key(s1: u8, t1: u8, s2: u8, t2: u8) -> u32 {
    const NONE: u32 = 31;
    let (removed, added) = if t1 == s2 {
        ((u32::from(s1), NONE), (u32::from(t2), NONE))
    } else if t2 == s1 {
        ((u32::from(s2), NONE), (u32::from(t1), NONE))
    } else {
        (
            (u32::from(s1.max(s2)), u32::from(s1.min(s2))),
            (u32::from(t1.max(t2)), u32::from(t1.min(t2))),
        )
    };
    removed.0 | removed.1 << 5 | added.0 << 10 | added.1 << 15
}

/// Non-doubles: the larger die first, then the smaller die first. Two different sequences
/// reach the same position only when they move the same checkers by the same dice in the
/// other order, when one checker uses both dice (possibly with another checker's help:
/// "13/8 8/2" = "13/7 7/2"), or when checkers are borne off; the first case is skipped by a
/// legality test of the other order, the others by [`change_key`].
fn plays_non_double(
    pos: &Nardy,
    rules: &TurnRules,
    hi: u8,
    lo: u8,
    occ: u32,
    out: &mut PlayList<Nardy>,
) {
    let pts = pos.raw();
    let (first_hi, _) = rules.steps(pts, occ, hi, 0);
    let (first_lo, _) = rules.steps(pts, occ, lo, 0);
    let base = out.len();
    let none = Move::new(0, 0, false);
    // Plays of one die only (LN-21): kept apart until we know no play uses both dice.
    let mut single_hi: ArrayVec<Play<Nardy>, 15> = ArrayVec::new();
    let mut single_lo: ArrayVec<Play<Nardy>, 15> = ArrayVec::new();
    // Keys of the plays that may be reached by another sequence.
    let mut keys: ArrayVec<u32, 512> = ArrayVec::new();

    for (d1, d2, first, singles) in [
        (hi, lo, first_hi, &mut single_hi),
        (lo, hi, first_lo, &mut single_lo),
    ] {
        let second_pass = d1 == lo;
        iter_desc(first, |s1| {
            let mut b1 = *pts;
            let m1 = apply_step(&mut b1, s1, d1);
            let occ1 = occupancy_after(occ, &b1, s1, m1.to);
            let (srcs2, _) = rules.steps(&b1, occ1, d2, u8::from(s1 == HEAD_POINT));
            if srcs2 == 0 {
                singles.push(Play::from_array(
                    [m1, none, none, none],
                    1,
                    pos.with_pts(b1),
                ));
                return;
            }
            iter_desc(srcs2, |s2| {
                let t2 = s2.saturating_sub(d2);
                let shared = m1.to == s2 || t2 == s1 || m1.to == OFF || t2 == OFF;
                if shared {
                    let key = change_key(s1, m1.to, s2, t2);
                    if keys.contains(&key) {
                        return;
                    }
                    keys.push(key);
                } else if second_pass && first_hi & (1 << s2) != 0 {
                    // Two checkers that were both on the board: the other order (s2 with
                    // the larger die first) is legal too and the first pass listed it. The
                    // smaller step after it lands on an open point, keeps the head count and
                    // ends on this same, block-free position.
                    return;
                }
                let mut b2 = b1;
                let m2 = apply_step(&mut b2, s2, d2);
                out.push(Play::from_array([m1, m2, none, none], 2, pos.with_pts(b2)));
            });
        });
    }

    if out.len() == base {
        // LN-21: only one die can be played; the larger one if it can be.
        let singles = if single_hi.is_empty() {
            &single_lo
        } else {
            &single_hi
        };
        for p in singles {
            out.push(*p);
        }
    }
}

/// Doubles: multisets of steps in non-increasing source order, each reached once (distinct
/// multisets lead to distinct positions, since nothing is hit).
///
/// Every multiset that is legal in some order is valid in non-increasing source order as far
/// as every rule but the block rule goes (closed points are fixed, the head count does not
/// depend on the order, bear-offs work as in backgammon). The block rule can depend on the
/// order (LN-26; S23), so the walk does not prune a step that the block rule refuses: such a
/// node is marked unclean, and an unclean node is legal when some order of its steps passes
/// every check ([`legal_order`]), and its play lists the steps in that order.
fn plays_double(pos: &Nardy, rules: &TurnRules, d: u8, occ: u32, out: &mut PlayList<Nardy>) {
    let mut walk = DoubleWalk {
        pos,
        rules,
        d,
        base: out.len(),
        best: 0,
        out,
        moves: [Move::new(0, 0, false); 4],
    };
    walk.visit(pos.raw(), occ, 0, HEAD_POINT, 0, true);
}

/// The state of [`plays_double`]'s walk.
struct DoubleWalk<'a> {
    pos: &'a Nardy,
    rules: &'a TurnRules,
    d: u8,
    base: usize,
    /// Most dice used by a legal node so far (LN-20).
    best: u8,
    out: &'a mut PlayList<Nardy>,
    moves: [Move; 4],
}

impl DoubleWalk<'_> {
    /// Visits the node reached by `moves[..n]` (board `b`, occupancy `occ`), whose next step
    /// may start at `max_src` or below. `clean` says every prefix of the path passed the
    /// block rule. Returns whether this node or a node below it is legal.
    #[inline]
    fn visit(
        &mut self,
        b: &[i8; 25],
        occ: u32,
        n: usize,
        max_src: u8,
        head: u8,
        clean: bool,
    ) -> bool {
        // An unclean node's steps are stored in a legal order found by `legal_order`.
        let mut order = self.moves;
        let legal = clean
            || (!self.rules.has_illegal_block(occ)
                && legal_order(self.rules, self.d, b, &self.moves[..n], &mut order));
        let mut legal_below = false;
        if n < 4 && occ != 0 {
            let (ok, refused) = self.rules.steps(b, occ, self.d, head);
            let mut srcs = (ok | refused) & ((2u32 << max_src) - 1);
            while srcs != 0 {
                let s = (31 - srcs.leading_zeros()) as u8;
                srcs &= !(1 << s);
                let mut next = *b;
                let m = apply_step(&mut next, s, self.d);
                let next_occ = occupancy_after(occ, &next, s, m.to);
                self.moves[n] = m;
                let next_clean = clean && refused & (1 << s) == 0;
                legal_below |= self.visit(
                    &next,
                    next_occ,
                    n + 1,
                    s,
                    head + u8::from(s == HEAD_POINT),
                    next_clean,
                );
            }
        }
        if legal && !legal_below && n > 0 {
            // LN-16/LN-20: bearing off the last checker counts as using every die.
            let used = if occ == 0 { 4 } else { n as u8 };
            if used > self.best {
                self.out.truncate(self.base);
                self.best = used;
            }
            if used == self.best {
                self.out
                    .push(Play::from_array(order, n as u8, self.pos.with_pts(*b)));
            }
        }
        legal || legal_below
    }
}

/// Whether the steps `moves` (all of die `d`), which lead to board `b`, can be played in some
/// order in which every step is legal: its source holds a checker, a bear-off meets LN-28 and
/// LN-30 on the board before it, and no board along the way has an illegal block (LN-26).
/// Closed points and the head count do not depend on the order and were checked already.
/// Works backwards: some step must be last, and the board before it is `b` with that step
/// undone. On success `order[..moves.len()]` holds such an order.
fn legal_order(
    rules: &TurnRules,
    d: u8,
    b: &[i8; 25],
    moves: &[Move],
    order: &mut [Move; 4],
) -> bool {
    if moves.is_empty() {
        return true;
    }
    if rules.has_illegal_block(occupied(b)) {
        return false;
    }
    for (i, m) in moves.iter().enumerate() {
        if moves[..i].iter().any(|x| x.from == m.from && x.to == m.to) {
            continue; // the same step undone earlier in this loop
        }
        let mut before = *b;
        before[m.from as usize] += 1;
        if m.to != OFF {
            before[m.to as usize] -= 1;
            if before[m.to as usize] < 0 {
                continue; // the checker that made this step was not there yet
            }
        } else {
            let occ = occupied(&before);
            let above = occ & !((2u32 << m.from) - 1);
            if occ & OUTSIDE_HOME != 0 || (m.from != d && above != 0) {
                continue; // LN-28, LN-30
            }
        }
        let mut rest = [Move::new(0, 0, false); 4];
        let k = moves.len() - 1;
        rest[..i].copy_from_slice(&moves[..i]);
        rest[i..k].copy_from_slice(&moves[i + 1..]);
        if legal_order(rules, d, &before, &rest[..k], order) {
            order[k] = *m;
            return true;
        }
    }
    false
}
