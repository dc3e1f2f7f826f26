//! The pruned pick of a position's 21 rolls, shared by the cube search (the plays it values
//! with the cube) and the cube model's look-ahead (the plays it values with the evaluator):
//! one pruning-net ranker of the position for all its rolls, one rule.

use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::eval::net::Ranker;
use crate::policy::search::{pick_screened, PickBuffers, Prune};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;

/// The buffers of [`PrunedRolls::kept`], reused from one position to the next.
#[derive(Default)]
pub(in crate::policy) struct PrunedRolls {
    list: Box<PlayList<Backgammon>>,
    /// The plays of a roll that stay, and the pick's buffers.
    kept: Vec<u32>,
    pick: PickBuffers,
}

impl PrunedRolls {
    /// Appends to `out` the plays of each of the 21 rolls of `pos` (in [`Dice::ALL_21`]
    /// order) that stay for the evaluator, roll `r`'s from `starts[r]` to `starts[r + 1]`
    /// (none: the roll cannot be played). A roll whose `n` plays `prune` prunes
    /// ([`Prune::prunes`]) keeps the pruning net's `keep(n)` best (at least 1) by the one pick
    /// of the screen and the pruning net ([`pick_screened`]: pubeval's [`Prune::screen`] best
    /// of a roll with more plays, ranked by the pruning net's raw scores,
    /// [`Ranker::pruning_scores`] of one fused ranker of `pos` for all the rolls, as the
    /// searched policy ranks its replies), in the order of the roll's plays; another roll
    /// keeps all its plays.
    pub(in crate::policy) fn kept(
        &mut self,
        prune: Prune<'_>,
        pos: &Backgammon,
        keep: impl Fn(usize) -> usize,
        out: &mut Vec<Play<Backgammon>>,
        starts: &mut [usize; 22],
    ) {
        let mut ranker = None;
        for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
            starts[r] = out.len();
            pos.legal_plays_into(dice, &mut self.list);
            let plays = self.list.as_slice();
            if !prune.prunes(pos, plays.len()) {
                out.extend_from_slice(plays);
                continue;
            }
            let rank = |ranked: &[Play<Backgammon>], scores: &mut Vec<f32>| {
                ranker
                    .get_or_insert_with(|| Ranker::fused(prune.nets, pos))
                    .pruning_scores(ranked, scores);
            };
            let (screen, keep) = (prune.screen, Some(keep(plays.len())));
            pick_screened(
                pos,
                plays,
                false,
                screen,
                keep,
                rank,
                &mut self.pick,
                &mut self.kept,
            );
            self.kept.sort_unstable();
            out.extend(self.kept.iter().map(|&i| plays[i as usize]));
        }
        starts[21] = out.len();
    }
}
