//! Cubeful evaluation searched 0 to 3 plies deep: [`cube_decision`] (no double, double/take,
//! double/pass and the proper action), [`cubeful_value`] (a position's value with the cube)
//! and [`play_values`] (the plays of a roll valued with the cube at the score). The one cube
//! decision of gammon: the hint, the analysis and the cube policy `"net"` (at 0 ply, through
//! [`crate::JanowskiCube`]) all ask it.
//!
//! The search is GNU Backgammon's cubeful n-ply evaluation (its `eval.c`,
//! `EvaluatePositionCubeful4`): a position is valued for several cube states at once. At 0 ply
//! its cubeless probabilities go through the cube model ([`crate::policy::janowski`]); deeper,
//! each of the 21 rolls is played by the player on roll (the play chosen at 0 ply, see
//! below), the position after it valued one ply less deep for the opponent, and the values
//! averaged and turned back to the player's side. At every position but the root the player
//! on roll also considers doubling: the cube state is valued both as it is and doubled and
//! taken, and the better of no double and the lesser of double/take and double/pass is kept
//! (gnubg's `GetECF3`). At the root the caller's cube states are valued as given: the cube
//! decision asks for "no double" and "double, take" and compares them with "double, pass".
//!
//! **The plays inside the search** are chosen as gnubg's pruning search chooses them
//! (`FindBestMoveInEval`): the `5 + log2(n)` best of the `n` plays by the evaluator's cubeless
//! equity ([`Evaluator::play_equities`]) are valued at 0 ply with the cube (the opponent's
//! cube decision after the play included), and the best of those is played.
//!
//! **Pruning** ([`CubefulSearch::with_prune`]; gammon's analysis and `gammon.cube_decision`
//! prune with the shipped nets, keeping [`super::DEFAULT_PRUNE_KEEP`] plays a roll): in
//! contact the shipped pruning net ranks each roll's plays inside the search instead of the
//! evaluator (gnubg's search ranks them with its pruning nets), by its raw scores as the
//! searched policy ranks its replies (`super::search`: no exact values, no sanity checks; a
//! play that ends the game kept, the same rule), and only its `keep` best (at most the
//! `5 + log2(n)` above) are valued with the cube; the one-roll look-ahead of the cube model
//! (`janowski::on_roll_probabilities`) picks each roll's play among the pruning net's `keep`
//! best the same way. In a pruned search the plays kept for the 21 rolls of a position are
//! valued by the evaluator together ([`Evaluator::play_probabilities`]: the nets' one ranker),
//! and the position after each keeps that value where the cube model reads it as it is (the
//! same, up to float rounding, as a whole evaluation of it). A search 0 plies deep ranks
//! nothing and is never pruned: its values are the evaluator's, as without. (gnubg's
//! search reads its leaves statically, whoever is on the bar; reading them so here made the
//! 2-ply analysis 1.5x faster but the 2-ply cube decisions agree with gnubg's less often: the
//! net's bias where a player is on the bar, which gnubg's net does not have.)
//!
//! **Positions searched again** (1 ply or more) are valued once for each search object: the
//! value is remembered by position, depth and cube states. The searches of an analysis reach
//! the same positions again (a third of the positions searched in the 2-ply analysis of a
//! match).

use std::collections::HashMap;

use arrayvec::ArrayVec;

use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::base::variant::RulesFamily;
use crate::eval::net::{bears_off, is_race, shipped_pruner, NetFileError, NetPosition};
use crate::eval::{Evaluator, Probabilities};
use crate::policy::janowski::rolls::PrunedRolls;
use crate::policy::janowski::{
    cube_life, cubeful_equity, decision_from_probabilities, on_roll_probabilities_pruned,
    opponent_on_bar, CubeDecision, CubeInfo,
};
use crate::policy::search::Prune;
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;

/// The deepest search of [`cube_decision`], [`cubeful_value`] and [`play_values`].
pub const MAX_CUBE_PLIES: u32 = 3;

/// The fewest plays the search values with the cube at each roll (gnubg's
/// `MIN_PRUNE_MOVES`); `log2` of the number of plays is added.
const MIN_CANDIDATES: usize = 5;

/// A play valued with the cube, for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayValue {
    /// The cubeless probabilities after the play, for its maker, searched as deep as the
    /// equity.
    pub probabilities: Probabilities,
    /// The cubeful value: money play in points per unit of the cube, match play the match
    /// winning chance (the unit of [`cubeful_equity`]).
    pub equity: f64,
    /// The same in normalised equity: money play the equity itself, match play EMG at the
    /// cube's value ([`CubeInfo::normalised`]).
    pub normalised: f64,
}

/// The state of one search: the evaluator and the buffers it reuses.
pub struct CubefulSearch<'a> {
    evaluator: &'a dyn Evaluator<Backgammon>,
    lists: Vec<Box<PlayList<Backgammon>>>,
    /// The candidates of each roll of a node, one buffer a depth (see `node`).
    candidates: Vec<Vec<Play<Backgammon>>>,
    /// The pruned pick's buffers.
    rolls: PrunedRolls,
    equities: Vec<f32>,
    /// Scratch space of the cube model's look-ahead.
    scratch: Box<PlayList<Backgammon>>,
    scratch_equities: Vec<f32>,
    /// The pruning asked for ([`CubefulSearch::with_prune`]).
    prune: Option<Prune<'static>>,
    /// The pruning of the search under way: `prune`, or none 0 plies deep.
    active: Option<Prune<'static>>,
    /// The plays the pruning net keeps (a buffer).
    order: Vec<u32>,
    /// The values of the positions searched 1 ply or more, by position, depth, whether at the
    /// root and cube states: the searches of an analysis reach the same positions again (a
    /// third of them in a 2-ply analysis of a match), and a position's value is a function of
    /// those and of the search's evaluator and pruning, which do not change.
    searched: HashMap<NodeKey, (Probabilities, Vec<f64>)>,
}

/// What a searched position's value depends on (see [`CubefulSearch::node`]).
type NodeKey = (
    Backgammon,
    u32,
    bool,
    ArrayVec<Option<CubeInfo>, MAX_STATES>,
);

/// The most cube states of a search: 2 at the root, twice as many a ply deeper.
const MAX_STATES: usize = 2 << MAX_CUBE_PLIES;

/// The most positions [`CubefulSearch`] remembers, then it starts again (under a kilobyte each;
/// a game of a 2-ply analysis searches about 10,000).
const MAX_SEARCHED: usize = 1 << 15;

impl<'a> CubefulSearch<'a> {
    /// A search asking `evaluator`.
    #[must_use]
    pub fn new(evaluator: &'a dyn Evaluator<Backgammon>) -> CubefulSearch<'a> {
        CubefulSearch {
            evaluator,
            lists: Vec::new(),
            candidates: Vec::new(),
            rolls: PrunedRolls::default(),
            equities: Vec::new(),
            scratch: Box::default(),
            scratch_equities: Vec::new(),
            prune: None,
            active: None,
            order: Vec::new(),
            searched: HashMap::new(),
        }
    }

    /// The same search pruning the plays of each roll with the shipped backgammon pruning net
    /// in searches of 1 ply or more, keeping its `keep` best of a roll (see the module
    /// documentation; 0: no pruning, every play ranked by the evaluator).
    ///
    /// # Errors
    /// [`NetFileError`] when the embedded pruning weights are damaged.
    pub fn with_prune(mut self, keep: usize) -> Result<CubefulSearch<'a>, NetFileError> {
        self.prune = match keep {
            0 => None,
            k => shipped_pruner(RulesFamily::Backgammon)?.map(|nets| Prune::new(nets, k)),
        };
        Ok(self)
    }

    /// The plays of a roll the pruning keeps (0: no pruning).
    #[must_use]
    pub fn prune_keep(&self) -> usize {
        self.prune.map_or(0, |p| p.keep)
    }

    /// The cubeless probabilities of `pos` for its player on roll as the cube model reads them
    /// (`janowski::on_roll_probabilities`) in a search `plies` deep: the look-ahead of a
    /// position whose opponent is on the bar pruned as the search prunes.
    pub fn model_probabilities(&mut self, pos: &Backgammon, plies: u32) -> Probabilities {
        self.start(plies);
        self.probabilities(pos)
    }

    /// Sets the pruning of a search `plies` deep.
    fn start(&mut self, plies: u32) {
        self.active = self.prune.filter(|_| plies > 0);
    }

    /// The cube decision of the player on roll in `pos` with the cube as in `info`, searched
    /// `plies` deep (at most [`MAX_CUBE_PLIES`]; deeper asks are cut to it).
    pub fn cube_decision(&mut self, pos: &Backgammon, info: &CubeInfo, plies: u32) -> CubeDecision {
        let plies = plies.min(MAX_CUBE_PLIES);
        self.start(plies);
        let x = cube_life(pos);
        if plies == 0 || pos.is_game_over() {
            let probs = self.probabilities(pos);
            return decision_from_probabilities(&probs, info, x);
        }
        let infos = [Some(*info), Some(info.doubled())];
        let mut out = [0.0; 2];
        let probs = self.node(pos, None, &infos, plies, true, 0, &mut out);
        let dt = if info.is_money() {
            2.0 * out[1]
        } else {
            out[1]
        };
        CubeDecision::from_values(info, [out[0], dt, info.pass_value()], probs, plies, x)
    }

    /// The value of `pos` for its player on roll with the cube as in `info`, their own cube
    /// decision included, searched `plies` deep: the cubeless probabilities and the cubeful
    /// value (money: points per unit of the cube; match: MWC).
    pub fn value(&mut self, pos: &Backgammon, info: &CubeInfo, plies: u32) -> (Probabilities, f64) {
        self.start(plies);
        let mut out = [0.0];
        let probs = self.node(
            pos,
            None,
            &[Some(*info)],
            plies.min(MAX_CUBE_PLIES),
            false,
            0,
            &mut out,
        );
        (probs, out[0])
    }

    /// Each of `plays` (plays of `pos`) valued for its maker with the cube as in `info` (the
    /// maker's view: `info.player` is on roll in `pos`), the position after it searched
    /// `plies` deep with the opponent's cube decision in it.
    pub fn play_values(
        &mut self,
        pos: &Backgammon,
        plays: &[Play<Backgammon>],
        info: &CubeInfo,
        plies: u32,
    ) -> Vec<PlayValue> {
        let opp = info.opponent();
        let plies = plies.min(MAX_CUBE_PLIES);
        self.start(plies);
        plays
            .iter()
            .map(|p| {
                let child = pos.play_unchecked(p);
                let mut out = [0.0];
                let probs = self.node(&child, None, &[Some(opp)], plies, false, 0, &mut out);
                let equity = opp.for_opponent(out[0]);
                PlayValue {
                    probabilities: probs.flip(),
                    equity,
                    normalised: info.normalised(equity),
                }
            })
            .collect()
    }

    /// The probabilities of `pos` for its player on roll, as the cube model reads them
    /// (`janowski::on_roll_probabilities`), pruned as the search under way.
    fn probabilities(&mut self, pos: &Backgammon) -> Probabilities {
        on_roll_probabilities_pruned(
            self.evaluator,
            self.active,
            pos,
            &mut self.scratch,
            &mut self.scratch_equities,
        )
    }

    /// Values `pos` for its player on roll under each cube state of `infos` (`None`: no such
    /// state), searched `plies` deep, into `out` (one value a state); returns the cubeless
    /// probabilities. The player's own double is considered unless `top`. `known`: the
    /// probabilities of `pos` when the caller has them (a 0-ply leaf then asks nothing).
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Backgammon,
        known: Option<Probabilities>,
        infos: &[Option<CubeInfo>],
        plies: u32,
        top: bool,
        depth: usize,
        out: &mut [f64],
    ) -> Probabilities {
        // Each state as it is, and doubled and taken where the player may double here.
        let mut expanded: Vec<Option<CubeInfo>> = Vec::with_capacity(2 * infos.len());
        for info in infos {
            expanded.push(*info);
            expanded.push(match info {
                Some(i) if !top && i.may_double() => Some(i.doubled()),
                _ => None,
            });
        }
        let key = (plies > 0 && !pos.is_game_over()).then(|| {
            let states: ArrayVec<Option<CubeInfo>, MAX_STATES> = infos.iter().copied().collect();
            (*pos, plies, top, states)
        });
        if let Some((probs, values)) = key.as_ref().and_then(|k| self.searched.get(k)) {
            out[..values.len()].copy_from_slice(values);
            return *probs;
        }
        let mut values = vec![0.0; expanded.len()];
        let probs = if plies == 0 || pos.is_game_over() {
            let probs = known.unwrap_or_else(|| self.probabilities(pos));
            let x = cube_life(pos);
            for (v, e) in values.iter_mut().zip(&expanded) {
                if let Some(e) = e {
                    *v = cubeful_equity(&probs, e, x);
                }
            }
            probs
        } else {
            let children: Vec<Option<CubeInfo>> =
                expanded.iter().map(|e| e.map(|i| i.opponent())).collect();
            let mover = infos.iter().flatten().next().copied();
            let mut child_values = vec![0.0; expanded.len()];
            let mut acc = [0.0f64; 5];
            // Each roll's candidates first, roll `r`'s from `starts[r]` to `starts[r + 1]`; in
            // a pruned search the nets value those of all 21 rolls together (one ranker).
            let (mut list, mut candidates) = self.take_buffers(depth);
            let mut starts = [0usize; 22];
            match self.active.filter(|_| !is_race(&pos.owner_board())) {
                // The pruning net's best (see the module documentation).
                Some(prune) => self.rolls.kept(
                    prune,
                    pos,
                    |n| prune.keep.min(MIN_CANDIDATES + n.ilog2() as usize),
                    &mut candidates,
                    &mut starts,
                ),
                None => {
                    for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
                        starts[r] = candidates.len();
                        pos.legal_plays_into(dice, &mut list);
                        self.candidates(pos, &list, &mut candidates);
                    }
                    starts[21] = candidates.len();
                }
            }
            let mut nets_values = Vec::new();
            if self.active.is_some() {
                self.evaluator
                    .play_probabilities(pos, &candidates, &mut nets_values);
            }
            for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
                let roll = &candidates[starts[r]..starts[r + 1]];
                let (child, child_known) = if roll.is_empty() {
                    (pos.pass_turn(), None)
                } else {
                    let known =
                        (!nets_values.is_empty()).then(|| &nets_values[starts[r]..starts[r + 1]]);
                    let (i, p) = self.choose(pos, roll, known, mover.as_ref());
                    (pos.play_unchecked(&roll[i]), Some(p))
                };
                let p = self.node(
                    &child,
                    child_known,
                    &children,
                    plies - 1,
                    false,
                    depth + 1,
                    &mut child_values,
                );
                let w = f64::from(dice.weight()) / 36.0;
                for (a, x) in acc.iter_mut().zip(outputs(&p)) {
                    *a += w * x;
                }
                for (v, c) in values.iter_mut().zip(&child_values) {
                    *v += w * c;
                }
            }
            self.give_buffers(depth, list, candidates);
            for (v, e) in values.iter_mut().zip(&expanded) {
                if let Some(e) = e {
                    *v = e.for_opponent(*v);
                }
            }
            from_outputs(&acc).flip()
        };
        for (i, slot) in out.iter_mut().enumerate().take(infos.len()) {
            *slot = match (expanded[2 * i], expanded[2 * i + 1]) {
                (Some(nd), Some(_)) => decided(&nd, values[2 * i], values[2 * i + 1]),
                (Some(_), None) => values[2 * i],
                _ => 0.0,
            };
        }
        if let Some(k) = key {
            if self.searched.len() >= MAX_SEARCHED {
                self.searched.clear();
            }
            self.searched
                .insert(k, (probs, out[..infos.len()].to_vec()));
        }
        probs
    }

    /// Appends to `out` the plays of one roll (`plays`, of `pos`) among which the player on
    /// roll chooses inside an unpruned search (see the module documentation), in the order of
    /// the plays: the evaluator's `5 + log2(n)` best.
    fn candidates(
        &mut self,
        pos: &Backgammon,
        plays: &PlayList<Backgammon>,
        out: &mut Vec<Play<Backgammon>>,
    ) {
        let n = plays.len();
        let keep = MIN_CANDIDATES + n.max(1).ilog2() as usize;
        if n <= keep {
            out.extend_from_slice(plays.as_slice());
            return;
        }
        let mut candidates = std::mem::take(&mut self.order);
        candidates.clear();
        candidates.extend(0..n as u32);
        let mut eq = std::mem::take(&mut self.equities);
        self.evaluator.play_equities(pos, plays.as_slice(), &mut eq);
        for (e, p) in eq.iter_mut().zip(plays.iter()) {
            // The value of a play that ends the game is the result's (the evaluator's may be
            // anything).
            if bears_off(p) {
                let child = pos.play_unchecked(p);
                if child.is_game_over() {
                    *e = -self.probabilities(&child).equity() + 10.0;
                }
            }
        }
        let v = |i: u32| eq[i as usize];
        candidates.sort_by(|&a, &b| v(b).total_cmp(&v(a)).then(a.cmp(&b)));
        candidates.truncate(keep);
        candidates.sort_unstable();
        self.equities = eq;
        out.extend(candidates.iter().map(|&i| plays[i as usize]));
        self.order = candidates;
    }

    /// The play the player on roll makes among `candidates` (plays of `pos`, at least one) and
    /// the probabilities of the position after it for the opponent, on roll there. `known`:
    /// the nets' probabilities of each candidate for its maker (a pruned search), used where
    /// the cube model reads the position as it is (not one roll ahead, not a finished game).
    fn choose(
        &mut self,
        pos: &Backgammon,
        candidates: &[Play<Backgammon>],
        known: Option<&[Probabilities]>,
        info: Option<&CubeInfo>,
    ) -> (usize, Probabilities) {
        let value = |this: &mut Self, k: usize, child: &Backgammon| match known {
            Some(v) if !child.is_game_over() && !opponent_on_bar(child) => v[k].flip(),
            _ => this.probabilities(child),
        };
        if candidates.len() == 1 {
            let child = pos.play_unchecked(&candidates[0]);
            return (0, value(self, 0, &child));
        }
        let opp = info.map(CubeInfo::opponent);
        let mut best: Option<(usize, Probabilities, f64, f64)> = None;
        for (i, play) in candidates.iter().enumerate() {
            let child = pos.play_unchecked(play);
            let probs = value(self, i, &child);
            let cubeless = -f64::from(probs.equity());
            let score = match &opp {
                Some(o) => o.for_opponent(leaf_value(&probs, o, cube_life(&child))),
                None => cubeless,
            };
            let better = match &best {
                None => true,
                Some((_, _, s, c)) => score > *s || (score == *s && cubeless > *c),
            };
            if better {
                best = Some((i, probs, score, cubeless));
            }
        }
        match best {
            Some((i, p, _, _)) => (i, p),
            None => (0, value(self, 0, &pos.play_unchecked(&candidates[0]))),
        }
    }

    /// The buffers of a node `depth` deep: its play list and its rolls' candidates.
    fn take_buffers(&mut self, depth: usize) -> (Box<PlayList<Backgammon>>, Vec<Play<Backgammon>>) {
        while self.lists.len() <= depth {
            self.lists.push(Box::default());
            self.candidates.push(Vec::new());
        }
        let mut candidates = std::mem::take(&mut self.candidates[depth]);
        candidates.clear();
        (std::mem::take(&mut self.lists[depth]), candidates)
    }

    fn give_buffers(
        &mut self,
        depth: usize,
        list: Box<PlayList<Backgammon>>,
        candidates: Vec<Play<Backgammon>>,
    ) {
        self.lists[depth] = list;
        self.candidates[depth] = candidates;
    }
}

/// The value of a cube state where its player may double: no double `nd` against doubling,
/// double/take being `dt` (the doubled state's value; twice it in money play, whose values
/// are per unit of their own cube) and double/pass the state's pass value (gnubg's `GetECF3`).
fn decided(info: &CubeInfo, nd: f64, dt: f64) -> f64 {
    let dt = if info.is_money() { 2.0 * dt } else { dt };
    let dp = info.pass_value();
    if dt >= nd && dp >= nd {
        dt.min(dp)
    } else {
        nd
    }
}

/// The value at 0 ply of a position for its player on roll, whose cubeless probabilities are
/// `probs`, with the cube as in `info` and cube life `x`, their own cube decision included:
/// the value a search gives each position at its leaves (money: points per unit of the cube;
/// match: MWC). [`play_values`] at 0 ply is this for the opponent after each play.
#[must_use]
pub fn leaf_value(probs: &Probabilities, info: &CubeInfo, x: f64) -> f64 {
    let nd = cubeful_equity(probs, info, x);
    if info.may_double() {
        decided(info, nd, cubeful_equity(probs, &info.doubled(), x))
    } else {
        nd
    }
}

fn outputs(p: &Probabilities) -> [f64; 5] {
    [
        f64::from(p.win),
        f64::from(p.win_gammon),
        f64::from(p.win_backgammon),
        f64::from(p.lose_gammon),
        f64::from(p.lose_backgammon),
    ]
}

fn from_outputs(a: &[f64; 5]) -> Probabilities {
    let win = a[0].clamp(0.0, 1.0);
    let wg = a[1].clamp(0.0, win);
    let lose = 1.0 - win;
    let lg = a[3].clamp(0.0, lose);
    Probabilities {
        win: win as f32,
        win_gammon: wg as f32,
        win_backgammon: a[2].clamp(0.0, wg) as f32,
        lose_gammon: lg as f32,
        lose_backgammon: a[4].clamp(0.0, lg) as f32,
        draw: 0.0,
    }
}

/// The cube decision of the player on roll in `pos` with the cube as in `info`, searched
/// `plies` deep (0 to [`MAX_CUBE_PLIES`]) with `evaluator`'s probabilities: the no double,
/// double/take and double/pass equities and the proper action, as gnubg's cube hint.
///
/// ```
/// use gammon_core::eval::bearoff::BearoffEvaluator;
/// use gammon_core::{cube_decision, Backgammon, Color, CubeInfo, Setup, Variant};
///
/// // One checker on the mover's 5 point against one on the opponent's 1 point: 31 rolls of
/// // 36 bear it off at once; otherwise the opponent wins. Double, and a pass.
/// let setup = Setup::from_points(Variant::Backgammon, Color::White, &[(5, 1)], &[(1, 1)]);
/// let pos = Backgammon::from_setup(&setup).unwrap();
/// let d = cube_decision(&pos, &CubeInfo::money(Color::White), 1, &BearoffEvaluator);
/// assert_eq!(d.action(), "Double, pass");
/// assert!((d.no_double - 26.0 / 36.0).abs() < 1e-6);
/// assert!((d.double_take - 2.0 * 26.0 / 36.0).abs() < 1e-6);
/// ```
pub fn cube_decision(
    pos: &Backgammon,
    info: &CubeInfo,
    plies: u32,
    evaluator: &dyn Evaluator<Backgammon>,
) -> CubeDecision {
    CubefulSearch::new(evaluator).cube_decision(pos, info, plies)
}

/// The value of `pos` for its player on roll with the cube as in `info` (their own cube
/// decision included), searched `plies` deep: the cubeless probabilities and the cubeful
/// value (money: points per unit of the cube; match: MWC).
pub fn cubeful_value(
    pos: &Backgammon,
    info: &CubeInfo,
    plies: u32,
    evaluator: &dyn Evaluator<Backgammon>,
) -> (Probabilities, f64) {
    CubefulSearch::new(evaluator).value(pos, info, plies)
}

/// Each of `plays` (plays of `pos`, whose player on roll is `info.player`) valued for its
/// maker with the cube at the score, searched `plies` deep.
pub fn play_values(
    pos: &Backgammon,
    plays: &[Play<Backgammon>],
    info: &CubeInfo,
    plies: u32,
    evaluator: &dyn Evaluator<Backgammon>,
) -> Vec<PlayValue> {
    CubefulSearch::new(evaluator).play_values(pos, plays, info, plies)
}

#[cfg(test)]
mod tests;
