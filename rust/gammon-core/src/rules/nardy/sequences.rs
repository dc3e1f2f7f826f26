//! Every legal step sequence of a Long Nardy turn, enumerated directly from §10.
//!
//! This is the exact generator: a depth-first walk over every order of the dice and every
//! checker, with each step checked on the position produced so far (LN-22). It is slower than
//! the fast generator (`movegen`) and serves what needs every sequence or every order: play parsing
//! (NOT-2 matches a text against the step sequences of a play), the `endOfTurn` option of §9
//! (legality depends on the final position only, LN-26's alternative), the last checker
//! (LN-16) and the rare doubles whose legality depends on the order of their steps (LN-26).

use super::steps::{apply_step, occupied, TurnRules};
use super::{Nardy, HEAD_POINT};
use crate::base::dice::Dice;
use crate::base::moves::{Move, Play, PlayList};
use crate::rules::bits::occupancy_after;

/// One node of the walk: the steps so far and the board they lead to.
struct Node<'a> {
    moves: &'a [Move],
    dice_used: &'a [u8],
    pts: &'a [i8; 25],
    occ: u32,
}

/// Walks every legal step sequence of a turn; see [`for_each_sequence`].
struct Walker<'a> {
    rules: &'a TurnRules,
    dice: Dice,
    dice_count: u8,
}

impl Walker<'_> {
    /// The rank of a node under LN-20/LN-21: dice used (bearing off the last checker counts
    /// as all of them), doubled, plus one for a lone larger die of a non-double. `None` when
    /// the node is not a possible end of the turn (its board has an illegal block under the
    /// `endOfTurn` option).
    fn rank(&self, node: &Node<'_>) -> Option<u8> {
        if !self.rules.per_step_blocks && self.rules.has_illegal_block(node.occ) {
            return None;
        }
        let n = node.moves.len() as u8;
        let used = if node.occ == 0 && n > 0 {
            self.dice_count
        } else {
            n
        };
        let larger = !self.dice.is_double()
            && used == 1
            && node.dice_used.first() == Some(&self.dice.high());
        Some(used * 2 + u8::from(larger))
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        pts: &[i8; 25],
        occ: u32,
        head_used: u8,
        remaining: &[u8],
        moves: &mut [Move; 4],
        dice_used: &mut [u8; 4],
        n: usize,
        visit: &mut dyn FnMut(&Node<'_>),
    ) {
        visit(&Node {
            moves: &moves[..n],
            dice_used: &dice_used[..n],
            pts,
            occ,
        });
        if occ == 0 {
            return; // LN-16: the last checker is off, the turn is over.
        }
        for (i, &d) in remaining.iter().enumerate() {
            if remaining[..i].contains(&d) {
                continue; // each distinct die value once
            }
            let (srcs, _) = self.rules.steps(pts, occ, d, head_used);
            let mut rest = [0u8; 4];
            let k = remaining.len() - 1;
            rest[..i].copy_from_slice(&remaining[..i]);
            rest[i..k].copy_from_slice(&remaining[i + 1..]);
            let mut m = srcs;
            while m != 0 {
                let s = 31 - m.leading_zeros();
                m &= !(1 << s);
                let s = s as u8;
                let mut b = *pts;
                let mv = apply_step(&mut b, s, d);
                let o = occupancy_after(occ, &b, s, mv.to);
                moves[n] = mv;
                dice_used[n] = d;
                let h = head_used + u8::from(s == HEAD_POINT);
                self.walk(&b, o, h, &rest[..k], moves, dice_used, n + 1, visit);
            }
        }
    }

    fn run(&self, pos: &Nardy, visit: &mut dyn FnMut(&Node<'_>)) {
        let dice: [u8; 4] = [
            self.dice.high(),
            self.dice.low(),
            self.dice.high(),
            self.dice.low(),
        ];
        let mut moves = [Move::new(0, 0, false); 4];
        let mut used = [0u8; 4];
        let pts = pos.raw();
        self.walk(
            pts,
            occupied(pts),
            0,
            &dice[..self.dice_count as usize],
            &mut moves,
            &mut used,
            0,
            visit,
        );
    }
}

/// Calls `visit(moves, board_after)` for every legal step sequence of the turn of `pos` with
/// `dice` that the rules keep (§10 steps 1-4: maximal usage, then the larger die), in the
/// order the steps are played. Several sequences can reach the same position (§10 step 5).
/// Nothing is visited when the player cannot move (LN-23).
pub fn for_each_sequence(pos: &Nardy, dice: Dice, visit: &mut dyn FnMut(&[Move], &[i8; 25])) {
    let rules = TurnRules::new(pos, dice);
    for_each_sequence_with(pos, &rules, dice, visit);
}

fn for_each_sequence_with(
    pos: &Nardy,
    rules: &TurnRules,
    dice: Dice,
    visit: &mut dyn FnMut(&[Move], &[i8; 25]),
) {
    let walker = Walker {
        rules,
        dice,
        dice_count: if dice.is_double() { 4 } else { 2 },
    };
    let mut best = 0u8;
    walker.run(pos, &mut |node| {
        if let Some(r) = walker.rank(node) {
            best = best.max(r);
        }
    });
    if best == 0 {
        return;
    }
    walker.run(pos, &mut |node| {
        if walker.rank(node) == Some(best) {
            visit(node.moves, node.pts);
        }
    });
}

/// The legal plays of `pos` with `dice`, one per distinct resulting position, from every
/// sequence of [`for_each_sequence`].
pub(crate) fn legal_plays_exact(
    pos: &Nardy,
    rules: &TurnRules,
    dice: Dice,
    out: &mut PlayList<Nardy>,
) {
    out.clear();
    for_each_sequence_with(pos, rules, dice, &mut |moves, after| {
        if !out.iter().any(|p| p.after().raw() == after) {
            out.push(Play::from_parts(moves, pos.with_pts(*after)));
        }
    });
}
