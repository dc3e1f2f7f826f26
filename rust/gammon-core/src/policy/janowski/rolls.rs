//! The pruned pick of a position's 21 rolls, shared by the cube search (the plays it values
//! with the cube) and the cube model's look-ahead (the plays it values with the evaluator):
//! one pruning-net ranker of the position for all its rolls, one rule.

use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::eval::net::{keep_best, Ranker};
use crate::policy::search::{keep_game_enders, Prune};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;

/// The buffers of [`PrunedRolls::kept`], reused from one position to the next.
#[derive(Default)]
pub(in crate::policy) struct PrunedRolls {
    list: Box<PlayList<Backgammon>>,
    /// The pruning net's score of each play of a roll, and the plays it keeps.
    scores: Vec<f32>,
    order: Vec<u32>,
    /// The plays the screen keeps of a roll ([`Prune::screen`]), and the pruning net's ranking
    /// of them (places in `screened`).
    screened: Vec<Play<Backgammon>>,
    ranks: Vec<u32>,
}

impl PrunedRolls {
    /// Appends to `out` the plays of each of the 21 rolls of `pos` (in [`Dice::ALL_21`]
    /// order) that stay for the evaluator, roll `r`'s from `starts[r]` to `starts[r + 1]`
    /// (none: the roll cannot be played). A roll whose `n` plays `prune` prunes
    /// ([`Prune::prunes`]) keeps the pruning net's `keep(n)` best (at least 1), ranked by its
    /// raw scores ([`Ranker::pruning_scores`] of one fused ranker of `pos` for all the rolls,
    /// as the searched policy ranks its replies) with the one rule of the plays that end the
    /// game ([`keep_game_enders`]), the earlier of equals first, in the order of the roll's
    /// plays; another roll keeps all its plays. With a screen ([`Prune::screen`]) the pruning
    /// net ranks only the screen's best of a roll with more plays.
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
            self.order.clear();
            self.order.extend(0..plays.len() as u32);
            let ranked = if prune.screen > 0 && plays.len() > prune.screen {
                // The screen's best for the pruning net, which ranks them by their place in
                // the screen's ranking.
                Prune::screen_scores(pos, plays, &mut self.scores);
                prune.screen_roll(&self.scores, &mut self.order);
                self.screened.clear();
                self.screened
                    .extend(self.order.iter().map(|&i| plays[i as usize]));
                self.screened.as_slice()
            } else {
                plays
            };
            ranker
                .get_or_insert_with(|| Ranker::fused(prune.nets, pos))
                .pruning_scores(ranked, &mut self.scores);
            keep_game_enders(ranked, &mut self.scores);
            if ranked.len() < plays.len() {
                self.ranks.clear();
                self.ranks.extend(0..ranked.len() as u32);
                keep_best(&self.scores, &mut self.ranks, keep(plays.len()));
                for j in &mut self.ranks {
                    *j = self.order[*j as usize];
                }
                std::mem::swap(&mut self.order, &mut self.ranks);
            } else {
                keep_best(&self.scores, &mut self.order, keep(plays.len()));
            }
            self.order.sort_unstable();
            out.extend(self.order.iter().map(|&i| plays[i as usize]));
        }
        starts[21] = out.len();
    }
}
