//! The evaluations the analysis asks for, over the net's public interface: the values of a
//! roll's plays at 0 ply (valued together by a [`Ranker`]) and of single positions searched
//! deeper ([`NetEvaluator::after_value_plies`]), the latter cached for the game.
//!
//! The cache is what makes a cube decision cheap: the position a player doubles from is the
//! one their opponent's play led to, which the analysis of that play has already searched at
//! the same depth (gnubg keeps an evaluation cache for the same reason).

use std::collections::HashMap;
use std::hash::Hash;

use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::eval::net::{AfterState, NetEvaluator, NetPosition, Ranker, SearchBuffers};
use crate::eval::Probabilities;
use crate::policy::janowski::cube_life;
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::variant_position::{VariantPlay, VariantPosition};

/// A rules type the analysis walks: the nets value it, and it converts to and from the
/// run-time dispatch of the records.
pub(crate) trait Analysable: NetPosition + Hash + Eq {
    /// The position of this rules type in `v`, if it is one.
    fn of(v: &VariantPosition) -> Option<Self>;
    /// The position as the run-time dispatch.
    fn wrap(self) -> VariantPosition;
    /// A play as the run-time dispatch.
    fn wrap_play(play: Play<Self>) -> VariantPlay;
    /// The cube's life for the player on roll (Janowski's `x`, gnubg's cube efficiency);
    /// `None` where the game has no cube (Long Nardy).
    fn cube_life(&self) -> Option<f64>;
    /// The nets' value of `after` for the player who just played, exact where known.
    fn after_state(nets: &NetEvaluator, after: &Self) -> Probabilities;
    /// The same searched `plies` deep.
    fn after_plies(
        nets: &NetEvaluator,
        after: &Self,
        plies: u32,
        bufs: &mut SearchBuffers<Self>,
    ) -> Probabilities;
    /// The 0-ply values of the plays of `pos` (made by its player on roll), valued together.
    fn values(nets: &NetEvaluator, pos: &Self, plays: &[Play<Self>], out: &mut Vec<Probabilities>);
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
    fn cube_life(&self) -> Option<f64> {
        Some(cube_life(self))
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
}

impl Analysable for Nardy {
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
    fn cube_life(&self) -> Option<f64> {
        None
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
}

/// The evaluations of one game's analysis, with the searches cached.
pub(crate) struct Engine<'a, P> {
    nets: &'a NetEvaluator,
    bufs: SearchBuffers<P>,
    cache: HashMap<(P, u32), Probabilities>,
    plays: Box<PlayList<P>>,
}

impl<'a, P: Analysable> Engine<'a, P> {
    /// An engine over `nets`.
    pub(crate) fn new(nets: &'a NetEvaluator) -> Engine<'a, P> {
        Engine {
            nets,
            bufs: SearchBuffers::default(),
            cache: HashMap::new(),
            plays: Box::default(),
        }
    }

    /// The value of `after` (a position after a play, the mover still on roll in it) for the
    /// mover, searched `plies` deep (cached above 0 ply).
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

    /// The value of `pos` for its player on roll, before the roll, searched `plies` deep:
    /// the opponent's value after the play that led to it, turned round (shares the cache
    /// with the analysis of that play).
    pub(crate) fn on_roll(&mut self, pos: &P, plies: u32) -> Probabilities {
        self.after(&pos.pass_turn(), plies).flip()
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
