//! Checker play searched 1 or 2 plies deep with move filters: the searched `"net"` policy
//! ([`crate::NetPolicy::with_plies`]) that rollouts and simulations play.
//!
//! A roll's plays are first valued at 0 ply (one net evaluation each, together by a
//! [`Ranker`]); the [`MoveFilter`] keeps the best and those close behind it; each survivor is
//! valued again `plies` deep ([`NetEvaluator::after_value_plies`]: the opponent's 21 rolls,
//! each answered by their best play at 0 ply, averaged; at 2 plies one roll further) and the
//! best of them is played, the first of equals in the order of the plays. The search asks no
//! random numbers: the same position and roll always give the same play, on any thread.
//!
//! **The filter** is GNU Backgammon's "normal" move filter, the one of its "world class"
//! setting and of its default rollouts: after 0 ply, at most 8 plays within 0.16 (cubeless
//! equity) of the best go on; at 2 plies gnubg values nothing at 1 ply in between, and
//! neither does this search. Chosen because it is the setting gnubg's own rollouts are
//! compared at, and because it costs little: the survivors are few when one play stands out.

use crate::base::moves::Play;
use crate::eval::net::{AfterState, NetEvaluator, NetPosition, Ranker, SearchBuffers};

/// The deepest checker-play search of a policy (gnubg's "world class" plays at 2 plies).
pub const MAX_POLICY_PLIES: u32 = 2;

/// Which plays of a roll stay in a search at one depth (gnubg's `movefilter`): the best and
/// up to `keep - 1` more whose value is within `within` of the best's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFilter {
    /// The most plays kept (at least 1).
    pub keep: usize,
    /// How far below the best a play may be and stay (normalised equity; cubeless equity in
    /// the checker-play search of a policy).
    pub within: f64,
}

impl MoveFilter {
    /// GNU Backgammon's "normal" move filter: at most 8 plays within 0.16 of the best (its
    /// default for 1- and 2-ply checker play, in evaluations and rollouts alike).
    pub const NORMAL: MoveFilter = MoveFilter {
        keep: 8,
        within: 0.16,
    };

    /// The indices of the values in `values` (one per play, higher is better) that stay: the
    /// best first, then the others in order of value (the earlier of equals first), at most
    /// `keep` of them (at least 1) and each within `within` of the best. Empty for no values.
    #[must_use]
    pub fn survivors(&self, values: &[f32]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        let Some(&top) = order.first() else {
            return order;
        };
        let floor = f64::from(values[top]) - self.within;
        let keep = order
            .iter()
            .take(self.keep.max(1))
            .take_while(|&&i| f64::from(values[i]) >= floor)
            .count()
            .max(1);
        order.truncate(keep);
        order
    }
}

/// The index in `plays` (the plays of `pos`, at least one) of the play searched `plies` deep
/// through `filter` (see the module's documentation).
pub(super) fn searched_best<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &[Play<P>],
    plies: u32,
    filter: MoveFilter,
) -> usize
where
    NetEvaluator: AfterState<P>,
{
    let mut equities = Vec::with_capacity(plays.len());
    Ranker::fused(nets, pos).equities(plays, &mut equities);
    let mut keep = filter.survivors(&equities);
    if keep.len() <= 1 || plies == 0 {
        return keep.first().copied().unwrap_or(0);
    }
    keep.sort_unstable();
    let mut bufs = SearchBuffers::default();
    let mut best = keep[0];
    let mut best_equity = f32::NEG_INFINITY;
    for i in keep {
        let e = nets
            .after_value_plies(plays[i].after(), plies, &mut bufs)
            .equity();
        if e > best_equity {
            best = i;
            best_equity = e;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::dice::Dice;
    use crate::base::moves::PlayList;
    use crate::base::rng::{game_stream, Stream};
    use crate::base::variant::{RulesFamily, Variant};
    use crate::policy::{NetPolicy, Policy};
    use crate::rules::backgammon::Backgammon;
    use crate::rules::position::Position;
    use rand_core::Rng;

    /// Positions of games the 0-ply net plays against itself from the start, with the rolls
    /// that offer a choice there.
    fn decisions(count: usize) -> Vec<(Backgammon, Dice)> {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let mut rng = game_stream(11, 0, Stream::Choices);
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut pos = start;
        let mut out = Vec::new();
        while out.len() < count {
            let mut die = || (rng.next_u32() % 6 + 1) as u8;
            let dice = Dice::new(die(), die()).unwrap();
            let plays = pos.legal_plays(dice);
            if plays.len() >= 2 {
                out.push((pos, dice));
            }
            pos = match plays.len() {
                0 => pos.pass_turn(),
                _ => {
                    let i = net.choose(&pos, dice, &plays, &mut rng).unwrap();
                    *plays[i].after()
                }
            };
            if pos.is_game_over() {
                pos = start;
            }
        }
        out
    }

    #[test]
    fn a_search_without_a_filter_plays_the_best_play_searched_to_its_depth() {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let all = MoveFilter {
            keep: usize::MAX,
            within: f64::INFINITY,
        };
        let one_ply = net.clone().with_plies(1).with_filter(all);
        let mut rng = game_stream(1, 0, Stream::Choices);
        let mut bufs = SearchBuffers::default();
        let mut differ = 0;
        for (pos, dice) in decisions(60) {
            let plays: PlayList<Backgammon> = pos.legal_plays(dice);
            let got = one_ply.choose(&pos, dice, &plays, &mut rng).unwrap();
            let values: Vec<f32> = plays
                .iter()
                .map(|p| {
                    net.nets()
                        .after_value_plies(p.after(), 1, &mut bufs)
                        .equity()
                })
                .collect();
            let mut want = 0;
            for (i, v) in values.iter().enumerate() {
                if *v > values[want] {
                    want = i;
                }
            }
            assert_eq!(got, want, "{pos:?} {dice:?}");
            // The search asks no random numbers: the same choice again.
            assert_eq!(one_ply.choose(&pos, dice, &plays, &mut rng).unwrap(), got);
            differ += usize::from(net.choose(&pos, dice, &plays, &mut rng).unwrap() != got);
        }
        assert!(differ > 0, "1 ply chose as 0 ply everywhere");
    }

    #[test]
    fn the_filtered_search_plays_a_survivor_and_zero_plies_is_the_plain_net() {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        assert_eq!(net.plies(), 0);
        assert_eq!(net.clone().with_plies(7).plies(), MAX_POLICY_PLIES);
        let two = net.clone().with_plies(2);
        let zero = net.clone().with_plies(0);
        let mut rng = game_stream(2, 0, Stream::Choices);
        for (pos, dice) in decisions(8) {
            let plays = pos.legal_plays(dice);
            let mut eq = Vec::new();
            Ranker::fused(net.nets(), &pos).equities(plays.as_slice(), &mut eq);
            let kept = MoveFilter::NORMAL.survivors(&eq);
            let got = two.choose(&pos, dice, &plays, &mut rng).unwrap();
            assert!(kept.contains(&got), "{pos:?} {dice:?}");
            assert_eq!(
                zero.choose(&pos, dice, &plays, &mut rng).unwrap(),
                net.choose(&pos, dice, &plays, &mut rng).unwrap()
            );
        }
    }

    #[test]
    fn the_filter_keeps_the_best_and_those_close_behind_it() {
        let f = MoveFilter {
            keep: 3,
            within: 0.1,
        };
        assert_eq!(f.survivors(&[0.0, 0.5, 0.45, 0.45, 0.3]), vec![1, 2, 3]);
        assert_eq!(f.survivors(&[0.0, 0.5, 0.35]), vec![1]);
        assert_eq!(f.survivors(&[]), Vec::<usize>::new());
        let one = MoveFilter {
            keep: 0,
            within: 1.0,
        };
        assert_eq!(one.survivors(&[0.2, 0.2]), vec![0]);
        assert_eq!(
            MoveFilter::NORMAL.survivors(&[0.1; 12]),
            (0..8).collect::<Vec<_>>()
        );
    }
}
