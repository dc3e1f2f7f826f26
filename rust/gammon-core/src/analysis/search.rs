//! The evaluations the analysis asks for, over the net's public interface: the values of a
//! roll's plays at 0 ply (valued together by a [`Ranker`]), turned into cubeful values as the
//! cube search values its leaves ([`leaf_value`]); the plays searched deeper, valued by the
//! cube search ([`CubefulSearch::play_values`], the hint's values at the score); and the cube
//! decisions ([`CubefulSearch::cube_decision`], `gammon.cube_decision`'s). A game without a
//! cube (Long Nardy, or cube use off) is searched cubeless
//! ([`NetEvaluator::after_value_plies`]), the searches cached for the game.

use std::collections::HashMap;
use std::hash::Hash;

use crate::analysis::value::Stake;
use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::eval::net::{AfterState, NetEvaluator, NetPosition, Ranker, SearchBuffers};
use crate::eval::Probabilities;
use crate::policy::cube_search::{leaf_value, CubefulSearch};
use crate::policy::janowski::{cube_life, opponent_on_bar, CubeDecision, CubeInfo};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;
use crate::variant_position::{VariantPlay, VariantPosition};

/// A rules type the analysis walks: the nets value it, and it converts to and from the
/// run-time dispatch of the records.
pub(crate) trait Analysable: NetPosition + Hash + Eq {
    /// Whether the game has a cube (backgammon; not Long Nardy, LN-38).
    const HAS_CUBE: bool;
    /// The position of this rules type in `v`, if it is one.
    fn of(v: &VariantPosition) -> Option<Self>;
    /// The position as the run-time dispatch.
    fn wrap(self) -> VariantPosition;
    /// A play as the run-time dispatch.
    fn wrap_play(play: Play<Self>) -> VariantPlay;
    /// The nets' value of `after` for the player who just played, exact where known.
    fn after_state(nets: &NetEvaluator, after: &Self) -> Probabilities;
    /// The same searched `plies` deep, cubeless.
    fn after_plies(
        nets: &NetEvaluator,
        after: &Self,
        plies: u32,
        bufs: &mut SearchBuffers<Self>,
    ) -> Probabilities;
    /// The 0-ply values of the plays of `pos` (made by its player on roll), valued together.
    fn values(nets: &NetEvaluator, pos: &Self, plays: &[Play<Self>], out: &mut Vec<Probabilities>);
    /// The normalised value for `me` at 0 ply of `after` (a position after their play, they
    /// still on roll in it), whose probabilities for them are `probs`.
    fn leaf(
        engine: &mut Engine<'_, Self>,
        stake: &Stake,
        me: Color,
        after: &Self,
        probs: &Probabilities,
    ) -> f64;
    /// `play` of `pos` (made by `me`, on roll) searched `plies` deep (at least 1): the mover's
    /// probabilities after it and their normalised value.
    fn searched(
        engine: &mut Engine<'_, Self>,
        stake: &Stake,
        me: Color,
        pos: &Self,
        play: &Play<Self>,
        plies: u32,
    ) -> (Probabilities, f64);
    /// The cube decision of the player on roll in `pos`, the cube as `info` says, searched
    /// `plies` deep; `None` for a game without a cube.
    fn cube_decision(
        engine: &mut Engine<'_, Self>,
        pos: &Self,
        info: &CubeInfo,
        plies: u32,
    ) -> Option<CubeDecision>;
}

/// The values of plays by a [`Ranker`]: exact where known, else the net's, incrementally.
fn ranked<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &[Play<P>],
    out: &mut Vec<Probabilities>,
) where
    NetEvaluator: AfterState<P>,
{
    let mut r = Ranker::new(nets, pos);
    out.clear();
    out.extend(plays.iter().map(|p| r.value(p.after())));
}

impl Analysable for Backgammon {
    const HAS_CUBE: bool = true;
    fn of(v: &VariantPosition) -> Option<Self> {
        match v {
            VariantPosition::Backgammon(p) => Some(*p),
            VariantPosition::Nardy(_) => None,
        }
    }
    fn wrap(self) -> VariantPosition {
        VariantPosition::Backgammon(self)
    }
    fn wrap_play(play: Play<Self>) -> VariantPlay {
        VariantPlay::Backgammon(play)
    }
    fn after_state(nets: &NetEvaluator, after: &Self) -> Probabilities {
        nets.after_state(after)
    }
    fn after_plies(
        nets: &NetEvaluator,
        after: &Self,
        plies: u32,
        bufs: &mut SearchBuffers<Self>,
    ) -> Probabilities {
        nets.after_value_plies(after, plies, bufs)
    }
    fn values(nets: &NetEvaluator, pos: &Self, plays: &[Play<Self>], out: &mut Vec<Probabilities>) {
        ranked(nets, pos, plays, out);
    }
    /// As the cube search values a play at 0 ply ([`CubefulSearch::play_values`]): the
    /// opponent on roll after it, their cube decision included, by the cube model.
    fn leaf(
        engine: &mut Engine<'_, Self>,
        stake: &Stake,
        me: Color,
        after: &Self,
        probs: &Probabilities,
    ) -> f64 {
        if !stake.cubeful {
            return stake.cubeless(me, probs);
        }
        let child = after.pass_turn();
        let opp = stake.info(!me);
        // The cube model reads a position whose opponent (here the mover) is on the bar one
        // roll ahead (`on_roll_probabilities`).
        let theirs = if opponent_on_bar(&child) && !child.is_game_over() {
            engine.search.model_probabilities(&child, engine.plies)
        } else {
            probs.flip()
        };
        let v = opp.for_opponent(leaf_value(&theirs, &opp, cube_life(&child)));
        stake.info(me).normalised(v)
    }
    fn searched(
        engine: &mut Engine<'_, Self>,
        stake: &Stake,
        me: Color,
        pos: &Self,
        play: &Play<Self>,
        plies: u32,
    ) -> (Probabilities, f64) {
        if !stake.cubeful {
            let probs = engine.after(play.after(), plies);
            return (probs, stake.cubeless(me, &probs));
        }
        let info = stake.info(me);
        let key = (*play.after(), plies, info);
        if let Some(v) = engine.cubeful.get(&key) {
            return *v;
        }
        let v = shared_play_value(engine, &info, &pos.play_unchecked(play), plies)
            .or_else(|| {
                engine
                    .search
                    .play_values(pos, std::slice::from_ref(play), &info, plies)
                    .first()
                    .map(|v| (v.probabilities, v.normalised))
            })
            .unwrap_or_else(|| {
                let p = engine.after(play.after(), 0);
                (p, stake.cubeless(me, &p))
            });
        engine.cubeful.insert(key, v);
        v
    }
    fn cube_decision(
        engine: &mut Engine<'_, Self>,
        pos: &Self,
        info: &CubeInfo,
        plies: u32,
    ) -> Option<CubeDecision> {
        Some(engine.decision(pos, info, plies))
    }
}

/// The value of a play for its maker (their cube as `info`), `child` the position after it
/// (the opponent on roll), from the opponent's cube decision there searched `plies` deep
/// (at least 1), when that decision holds it: the same search values the opponent's cube as
/// it is and doubled, which is both what [`CubefulSearch::play_values`] values the play by
/// (the better of no double and the proper answer to a double, gnubg's `GetECF3`) and what
/// the opponent's cube decision at their turn is made of. Sharing it, the analysis of a play
/// and of the cube action that follows it search once.
///
/// `None` where the two differ (the opponent cannot double, the game is over) or the decision
/// no longer holds the searched values exactly (money equities within rounding of a cash,
/// which the decision snaps to it); the caller then searches the play.
fn shared_play_value(
    engine: &mut Engine<'_, Backgammon>,
    info: &CubeInfo,
    child: &Backgammon,
    plies: u32,
) -> Option<(Probabilities, f64)> {
    let opp = info.opponent();
    if plies == 0 || !opp.may_double() || child.is_game_over() {
        return None;
    }
    let d = engine.decision(child, &opp, plies);
    // The searched values in the unit of the cube model: the decision keeps them as they are
    // in a match, and normalises money equities only by snapping them to a cash.
    let [nd, dt, dp] = match d.mwc {
        Some(v) => v,
        None if d.no_double == d.double_pass || d.double_take == d.double_pass => return None,
        None => [d.no_double, d.double_take, d.double_pass],
    };
    let v = if dt >= nd && dp >= nd { dt.min(dp) } else { nd };
    Some((d.probabilities.flip(), info.normalised(opp.for_opponent(v))))
}

impl Analysable for Nardy {
    const HAS_CUBE: bool = false;
    fn of(v: &VariantPosition) -> Option<Self> {
        match v {
            VariantPosition::Nardy(p) => Some(*p),
            VariantPosition::Backgammon(_) => None,
        }
    }
    fn wrap(self) -> VariantPosition {
        VariantPosition::Nardy(self)
    }
    fn wrap_play(play: Play<Self>) -> VariantPlay {
        VariantPlay::Nardy(play)
    }
    fn after_state(nets: &NetEvaluator, after: &Self) -> Probabilities {
        nets.after_state(after)
    }
    fn after_plies(
        nets: &NetEvaluator,
        after: &Self,
        plies: u32,
        bufs: &mut SearchBuffers<Self>,
    ) -> Probabilities {
        nets.after_value_plies(after, plies, bufs)
    }
    fn values(nets: &NetEvaluator, pos: &Self, plays: &[Play<Self>], out: &mut Vec<Probabilities>) {
        ranked(nets, pos, plays, out);
    }
    fn leaf(
        _engine: &mut Engine<'_, Self>,
        stake: &Stake,
        me: Color,
        _after: &Self,
        probs: &Probabilities,
    ) -> f64 {
        stake.cubeless(me, probs)
    }
    fn searched(
        engine: &mut Engine<'_, Self>,
        stake: &Stake,
        me: Color,
        _pos: &Self,
        play: &Play<Self>,
        plies: u32,
    ) -> (Probabilities, f64) {
        let probs = engine.after(play.after(), plies);
        (probs, stake.cubeless(me, &probs))
    }
    fn cube_decision(
        _engine: &mut Engine<'_, Self>,
        _pos: &Self,
        _info: &CubeInfo,
        _plies: u32,
    ) -> Option<CubeDecision> {
        None
    }
}

/// The evaluations of one game's analysis, with the searches cached.
pub(crate) struct Engine<'a, P> {
    nets: &'a NetEvaluator,
    bufs: SearchBuffers<P>,
    cache: HashMap<(P, u32), Probabilities>,
    /// The cubeful searches of plays (backgammon): by the position after the play, the depth
    /// and the cube as the mover sees it.
    cubeful: HashMap<(P, u32, CubeInfo), (Probabilities, f64)>,
    /// The cube decisions searched (backgammon): by the position, the depth and the cube as
    /// the player on roll sees it.
    decisions: HashMap<(Backgammon, u32, CubeInfo), CubeDecision>,
    plays: Box<PlayList<P>>,
    /// The cube search, pruned as the analysis's configuration says.
    search: CubefulSearch<'a>,
    /// The depth of the analysis (the look-ahead of its 0-ply values is pruned as its
    /// searches are).
    plies: u32,
}

impl<'a, P: Analysable> Engine<'a, P> {
    /// An engine over `nets` for an analysis `plies` deep, its searches pruned to `prune`
    /// plays a roll (0: not pruned).
    pub(crate) fn new(nets: &'a NetEvaluator, plies: u32, prune: usize) -> Engine<'a, P> {
        // Without the embedded pruning net (a damaged build, which its own test catches) the
        // search is not pruned.
        let search = CubefulSearch::new(nets)
            .with_prune(prune)
            .unwrap_or_else(|_| CubefulSearch::new(nets));
        Engine {
            nets,
            bufs: SearchBuffers::default(),
            cache: HashMap::new(),
            cubeful: HashMap::new(),
            decisions: HashMap::new(),
            plays: Box::default(),
            search,
            plies,
        }
    }

    /// The cubeless value of `after` (a position after a play, the mover still on roll in
    /// it) for the mover, searched `plies` deep (cached above 0 ply).
    pub(crate) fn after(&mut self, after: &P, plies: u32) -> Probabilities {
        if plies == 0 {
            return P::after_state(self.nets, after);
        }
        if let Some(p) = self.cache.get(&(*after, plies)) {
            return *p;
        }
        let p = P::after_plies(self.nets, after, plies, &mut self.bufs);
        self.cache.insert((*after, plies), p);
        p
    }

    /// The cube decision of the player on roll in `pos` (a backgammon position) with the cube
    /// as `info` says, searched `plies` deep (cached).
    pub(crate) fn decision(
        &mut self,
        pos: &Backgammon,
        info: &CubeInfo,
        plies: u32,
    ) -> CubeDecision {
        let key = (*pos, plies, *info);
        if let Some(d) = self.decisions.get(&key) {
            return *d;
        }
        let d = self.search.cube_decision(pos, info, plies);
        self.decisions.insert(key, d);
        d
    }

    /// The legal plays of `pos` for `dice` with their 0-ply values for the mover.
    pub(crate) fn roll(&mut self, pos: &P, dice: Dice) -> (Vec<Play<P>>, Vec<Probabilities>) {
        pos.legal_plays_into(dice, &mut self.plays);
        let plays = self.plays.as_slice().to_vec();
        let mut values = Vec::with_capacity(plays.len());
        P::values(self.nets, pos, &plays, &mut values);
        (plays, values)
    }

    /// The 0-ply values of the legal plays of `pos` for `dice`, without keeping the plays.
    pub(crate) fn roll_values(&mut self, pos: &P, dice: Dice, out: &mut Vec<Probabilities>) {
        pos.legal_plays_into(dice, &mut self.plays);
        P::values(self.nets, pos, self.plays.as_slice(), out);
    }

    /// Whether `pos` has a legal play for `dice` after [`Engine::roll_values`]: the plays of
    /// the last call.
    pub(crate) fn last_plays(&self) -> &[Play<P>] {
        self.plays.as_slice()
    }
}
