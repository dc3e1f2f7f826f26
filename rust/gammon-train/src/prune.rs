//! Pruning nets: a small net on cheap inputs trained to reproduce a full net's 0-ply ranking of
//! a roll's plays, so that a search can rank the opponent's replies cheaply and value only the
//! few best with the full net (GNU Backgammon's "pruning nets" do this job inside its search).
//!
//! The data: games the teacher (the full nets) plays against itself at 0 ply, game `g` on the
//! dice of `GameDice::new(seed, g, ..)`; for every turn in contact with at least two distinct
//! after-states whose value is not exact, every distinct after-state of the roll labelled with
//! the teacher's own 0-ply outputs (one decision). Nothing but the teacher labels them. The fit
//! is the ranking fit's ([`crate::supervised::rank_epoch`]: listwise cross-entropy of the two
//! softmaxes plus `beta` times the squared error), on a random net of the chosen encoding and
//! size, by Adam; everything depends on the options only.

use std::ops::Range;

use gammon_core::encode::Encoding;
use gammon_core::eval::net::{is_race, outputs_of, AfterState, NetEvaluator, NetPosition, Ranker};
use gammon_core::{Backgammon, FirstRoll, GameDice, PlayList, Position, RulesFamily};

use crate::optim::Optimizer;
use crate::supervised::{equity_of, rank_epoch, shuffled, RankLoss, Sample};
use crate::{random_net, SplitMix, Trainable};

/// The decisions of the games `games`: every distinct non-exact after-state of each contact
/// turn with at least two, labelled by `teacher` at 0 ply, appended to `samples`, one range of
/// `samples` a decision appended to `groups`.
pub fn prune_decisions(
    teacher: &NetEvaluator,
    seed: u64,
    games: Range<u64>,
    samples: &mut Vec<Sample>,
    groups: &mut Vec<Range<usize>>,
) {
    let mut plays: PlayList<Backgammon> = PlayList::new();
    let mut boards: Vec<[i8; 26]> = Vec::new();
    for g in games {
        let mut dice = GameDice::new(seed, g, FirstRoll::Opening, None);
        let mut pos = <Backgammon as Trainable>::start();
        for _turn in 0..10_000 {
            let roll = dice.next_roll();
            pos.legal_plays_into(roll, &mut plays);
            if plays.is_empty() {
                pos = pos.pass_turn();
                continue;
            }
            let best = Ranker::new(teacher, &pos).best(&plays);
            if !is_race(&pos.owner_board()) {
                boards.clear();
                let start = samples.len();
                for p in plays.iter() {
                    let b = p.after().owner_board();
                    if boards.contains(&b) || teacher.exact_after(p.after()).is_some() {
                        continue;
                    }
                    boards.push(b);
                    samples.push(Sample {
                        board: b,
                        target: outputs_of(&teacher.after_state(p.after())),
                    });
                }
                if samples.len() - start >= 2 {
                    groups.push(start..samples.len());
                } else {
                    samples.truncate(start);
                }
            }
            if teacher.exact_after(plays[best].after()).is_some() {
                break;
            }
            pos = pos.play_unchecked(&plays[best]);
        }
    }
}

/// How a pruning net keeps the teacher's best: for each `k` in 1..=`shares.len()`, the share of
/// the decisions whose teacher's best after-state is among the net's `k` best.
#[must_use]
pub fn survival(
    nets: &NetEvaluator,
    samples: &[Sample],
    groups: &[Range<usize>],
    max_k: usize,
) -> Vec<f64> {
    let mut hits = vec![0usize; max_k];
    let checkers = 15;
    let mut e: Vec<(f32, usize)> = Vec::new();
    for g in groups {
        let group = &samples[g.clone()];
        let teacher_best = first_max(group.iter().map(|s| equity_of(&s.target)));
        e.clear();
        e.extend(group.iter().enumerate().map(|(i, s)| {
            (
                equity_of(&nets.net_for(&s.board).forward_board(&s.board, checkers)),
                i,
            )
        }));
        e.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        if let Some(rank) = e.iter().position(|&(_, i)| i == teacher_best) {
            for h in hits.iter_mut().skip(rank) {
                *h += 1;
            }
        }
    }
    let n = groups.len().max(1) as f64;
    hits.into_iter().map(|h| h as f64 / n).collect()
}

/// The index of the greatest value (the first of equals).
fn first_max(values: impl Iterator<Item = f32>) -> usize {
    let (mut best, mut best_v) = (0, f32::NEG_INFINITY);
    for (i, v) in values.enumerate() {
        if v > best_v {
            best = i;
            best_v = v;
        }
    }
    best
}

/// The options of [`train_pruning_net`].
#[derive(Clone, Debug)]
pub struct PruneOptions {
    /// Games of training decisions (game indices `0..games`).
    pub games: u64,
    /// Games of held-out decisions (indices `games..games + holdout`).
    pub holdout: u64,
    /// The pruning net's encoding.
    pub encoding: Encoding,
    /// Its hidden units.
    pub hidden: usize,
    /// Passes over the training decisions.
    pub epochs: u32,
    /// Adam's step size, falling geometrically to `alpha_final` over the epochs.
    pub alpha: f32,
    /// The last epoch's step size.
    pub alpha_final: f32,
    /// The ranking loss.
    pub loss: RankLoss,
    /// Adam's batch.
    pub batch: usize,
    /// The seed of the games, the initial weights and the order of the decisions.
    pub seed: u64,
}

/// Trains a pruning net for `teacher` (see the module documentation), calling `report` after
/// each epoch with the epoch, the net and the survival shares on the held-out decisions for
/// k = 1..=8.
pub fn train_pruning_net(
    teacher: &NetEvaluator,
    o: &PruneOptions,
    mut report: impl FnMut(u32, &NetEvaluator, &[f64]),
) -> NetEvaluator {
    let (mut samples, mut groups) = (Vec::new(), Vec::new());
    prune_decisions(teacher, o.seed, 0..o.games, &mut samples, &mut groups);
    let (mut hs, mut hg) = (Vec::new(), Vec::new());
    prune_decisions(
        teacher,
        o.seed,
        o.games..o.games + o.holdout,
        &mut hs,
        &mut hg,
    );
    let mut rng = SplitMix(o.seed ^ 0x9a0e);
    let mut nets = NetEvaluator {
        family: RulesFamily::Backgammon,
        contact: random_net(o.encoding, o.hidden, 0.5, &mut rng),
        race: None,
    };
    let mut opt = Optimizer::adam(&nets, o.batch);
    report(0, &nets, &survival(&nets, &hs, &hg, 8));
    for e in 1..=o.epochs {
        let t = if o.epochs > 1 {
            f64::from(e - 1) / f64::from(o.epochs - 1)
        } else {
            0.0
        };
        let alpha =
            (f64::from(o.alpha) * (f64::from(o.alpha_final) / f64::from(o.alpha)).powf(t)) as f32;
        let order = shuffled(groups.len(), o.seed.wrapping_add(u64::from(e)));
        rank_epoch(
            &mut nets,
            <Backgammon as Trainable>::start().checkers(),
            &samples,
            &groups,
            &order,
            alpha,
            o.loss,
            &mut opt,
        );
        report(e, &nets, &survival(&nets, &hs, &hg, 8));
    }
    nets
}
