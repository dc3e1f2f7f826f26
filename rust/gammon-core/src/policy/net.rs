//! The `"net"` policy: the play whose resulting position the shipped net or a net of
//! your own (or the exact bear-off value) rates best for the mover, at 0 ply
//! ([`crate::eval::net`]) or searched 1 or 2 plies deep through a move filter
//! ([`super::search`]).

use std::sync::Arc;

use rand_xoshiro::Xoshiro256PlusPlus;

use super::search::{
    searched_after_values, searched_best, searched_on_roll, MoveFilter, Prune, DEFAULT_PRUNE_KEEP,
    DEFAULT_PRUNE_SCREEN, MAX_POLICY_PLIES,
};
use super::{Policy, PolicyStop};
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::variant::RulesFamily;
use crate::eval::net::{
    shipped, shipped_pruner, AfterState, NetEvaluator, NetFileError, NetPosition, Ranker,
    MAX_ZERO_PLY_KEEP,
};
use crate::eval::Probabilities;

/// Plays the best play of a [`NetEvaluator`] at 0 ply: one evaluation per legal play, ranked
/// by a [`Ranker::fused`] (the net's multiply-adds fused where the CPU has them).
///
/// The nets are the shipped ones ([`NetPolicy::shipped`]) or nets of your own
/// ([`NetPolicy::new`], shared with every thread of a run). Either plays the same way and as
/// fast: each turn's ranker takes the buffers the thread's last one left (see [`Ranker`]).
///
/// [`NetPolicy::with_plies`] makes it search: the plays that pass its [`MoveFilter`] at 0 ply
/// are valued again 1 or 2 plies deep and the best of them is played (the policy layer's
/// `search` module). Inside the search the replies are pruned by the shipped pruning net
/// ([`NetPolicy::with_prune`]): by default for the shipped backgammon nets, keeping
/// [`DEFAULT_PRUNE_KEEP`] replies a roll of the [`DEFAULT_PRUNE_SCREEN`] pubeval ranks best
/// ([`NetPolicy::with_prune_screen`]); never for Long Nardy or by default for nets of your
/// own.
#[derive(Clone, Debug)]
pub struct NetPolicy {
    nets: Nets,
    /// The depth of the search (0: the net's value of each play, no filter).
    plies: u32,
    /// The plays that go on from 0 ply to `plies`.
    filter: MoveFilter,
    /// The pruning net and the replies it keeps a roll inside the search (none: all valued by
    /// the nets).
    prune: Option<(&'static NetEvaluator, usize)>,
    /// The pruning net and the plays it keeps for the nets at 0 ply (none: all valued by the
    /// nets; [`NetPolicy::with_zero_ply_prune`]).
    zero_prune: Option<(&'static NetEvaluator, usize)>,
    /// The screen before the pruning net inside the search ([`NetPolicy::with_prune_screen`]).
    prune_screen: usize,
}

/// Whether the shipped pruning net may prune the searches of `nets`: only for the shipped
/// backgammon nets, the nets whose values it learnt to rank. Nets of one's own are never
/// pruned by it, whatever is asked, and Long Nardy has no pruning net. The one rule of the
/// searched policy ([`super::WithPlies::with_prune`]), the cube search and the analysis
/// ([`crate::AnalysisConfig::prune_keep`]).
#[must_use]
pub fn pruning_net_fits(nets: &NetEvaluator) -> bool {
    shipped(RulesFamily::Backgammon).is_ok_and(|s| std::ptr::eq(s, nets))
}

/// The nets of a [`NetPolicy`].
#[derive(Clone, Debug)]
enum Nets {
    /// The shipped nets, read once for the process.
    Shipped(&'static NetEvaluator),
    /// Nets of the caller's, shared.
    Own(Arc<NetEvaluator>),
}

impl NetPolicy {
    /// The policy of the shipped nets of `family`.
    ///
    /// # Errors
    /// [`NetFileError`] when the embedded weights are damaged.
    pub fn shipped(family: RulesFamily) -> Result<NetPolicy, NetFileError> {
        Ok(NetPolicy {
            nets: Nets::Shipped(shipped(family)?),
            plies: 0,
            filter: MoveFilter::NORMAL,
            prune: shipped_pruner(family)?.map(|p| (p, DEFAULT_PRUNE_KEEP)),
            zero_prune: None,
            prune_screen: DEFAULT_PRUNE_SCREEN,
        })
    }

    /// The policy of nets of your own (read with [`NetEvaluator::from_bytes`]; the policy
    /// and its clones share them, so a run's threads do not copy them).
    #[must_use]
    pub fn new(nets: Arc<NetEvaluator>) -> NetPolicy {
        NetPolicy {
            nets: Nets::Own(nets),
            plies: 0,
            filter: MoveFilter::NORMAL,
            prune: None,
            zero_prune: None,
            prune_screen: DEFAULT_PRUNE_SCREEN,
        }
    }

    /// The same nets playing each roll searched `plies` deep (0 to [`MAX_POLICY_PLIES`];
    /// deeper asks are cut to it): the plays that pass the filter ([`MoveFilter::NORMAL`]
    /// unless [`NetPolicy::with_filter`] says otherwise) at 0 ply are valued `plies` deep.
    #[must_use]
    pub fn with_plies(mut self, plies: u32) -> NetPolicy {
        self.plies = plies.min(MAX_POLICY_PLIES);
        self
    }

    /// The same policy with another move filter (used only when it searches).
    #[must_use]
    pub fn with_filter(mut self, filter: MoveFilter) -> NetPolicy {
        self.filter = filter;
        self
    }

    /// The same policy pruning the replies inside its search with the shipped pruning net of
    /// its nets' rules family, keeping the `keep` best of each roll for the nets (0: no
    /// pruning, every reply valued by the nets; Long Nardy has no pruning net and is never
    /// pruned).
    ///
    /// # Errors
    /// [`NetFileError`] when the embedded pruning weights are damaged.
    pub fn with_prune(mut self, keep: usize) -> Result<NetPolicy, NetFileError> {
        self.prune = match keep {
            0 => None,
            k => shipped_pruner(self.nets().family)?.map(|p| (p, k)),
        };
        Ok(self)
    }

    /// The same policy pruning with a pruning net of your own (`gammon-train prune` makes
    /// them), keeping the `keep` best replies of each roll (at least 1).
    #[must_use]
    pub fn with_pruner(mut self, pruner: &'static NetEvaluator, keep: usize) -> NetPolicy {
        self.prune = Some((pruner, keep.max(1)));
        self
    }

    /// The same policy screening the replies of a roll before the pruning net inside its
    /// search: in a backgammon position in contact, a roll with more than `screen` replies
    /// keeps pubeval's best `screen` (a reply that ends the game kept whatever it scores) and
    /// the pruning net ranks only those (0: no screen; [`DEFAULT_PRUNE_SCREEN`] by default).
    /// Used only when the policy prunes, and only by its choice of a play:
    /// [`NetPolicy::after_values`], [`NetPolicy::on_roll_value`] and the luck of a variance
    /// reduction search with the default screen (another screen's roll values are not taken
    /// from the search for the luck).
    #[must_use]
    pub fn with_prune_screen(mut self, screen: usize) -> NetPolicy {
        self.prune_screen = screen;
        self
    }

    /// The screen before the pruning net inside the search (0: none).
    #[must_use]
    pub fn prune_screen(&self) -> usize {
        self.prune_screen
    }

    /// The same policy choosing at 0 ply among the `keep` plays the shipped pruning net of its
    /// nets' rules family ranks best (at most [`MAX_ZERO_PLY_KEEP`]), valued by the nets
    /// ([`Ranker::best_pruned`]): backgammon positions in contact only (races, bear-offs and
    /// Long Nardy as without it); 0: off, every play valued by the nets. Not used when the
    /// policy searches (the search's own filter picks its candidates).
    ///
    /// # Errors
    /// [`NetFileError`] when the embedded pruning weights are damaged.
    pub fn with_zero_ply_prune(mut self, keep: usize) -> Result<NetPolicy, NetFileError> {
        self.zero_prune = match keep {
            0 => None,
            k => shipped_pruner(self.nets().family)?.map(|p| (p, k.min(MAX_ZERO_PLY_KEEP))),
        };
        Ok(self)
    }

    /// Plays the pruning net keeps for the nets at 0 ply (0: no pruning).
    #[must_use]
    pub fn zero_ply_prune_keep(&self) -> usize {
        self.zero_prune.map_or(0, |p| p.1)
    }

    /// Replies of each roll the pruning net keeps inside the search (0: no pruning).
    #[must_use]
    pub fn prune_keep(&self) -> usize {
        self.prune.map_or(0, |p| p.1)
    }

    /// The value of each of `afters` (positions just played) for the player who played it,
    /// searched `plies` deep (whatever the policy's own depth) as the policy's search values
    /// its candidates, its pruning of the replies included; unpruned, the values of
    /// [`NetEvaluator::after_value_plies`] to the bit.
    #[must_use]
    pub fn after_values<P: NetPosition>(&self, afters: &[P], plies: u32) -> Vec<Probabilities>
    where
        NetEvaluator: AfterState<P>,
    {
        searched_after_values(self.nets(), self.prune, afters, plies)
    }

    /// The value of `pos` for its player on roll searched `plies` deep (at least 1) as
    /// [`NetPolicy::after_values`] searches; unpruned, [`NetEvaluator::on_roll_plies`]'s.
    #[must_use]
    pub fn on_roll_value<P: NetPosition>(&self, pos: &P, plies: u32) -> Probabilities
    where
        NetEvaluator: AfterState<P>,
    {
        searched_on_roll(self.nets(), self.prune, pos, plies.max(1))
    }

    /// The depth of the search (0: the net's value of each play).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The move filter of the search.
    #[must_use]
    pub fn filter(&self) -> MoveFilter {
        self.filter
    }

    /// Nets of your own ([`NetPolicy::new`]), shared; `None` for the shipped nets.
    #[must_use]
    pub fn own_nets(&self) -> Option<&Arc<NetEvaluator>> {
        match &self.nets {
            Nets::Shipped(_) => None,
            Nets::Own(n) => Some(n),
        }
    }

    /// The nets.
    #[must_use]
    pub fn nets(&self) -> &NetEvaluator {
        match &self.nets {
            Nets::Shipped(n) => n,
            Nets::Own(n) => n,
        }
    }
}

impl<P: NetPosition> Policy<P> for NetPolicy
where
    NetEvaluator: AfterState<P>,
{
    #[inline]
    fn choose(
        &self,
        pos: &P,
        _dice: Dice,
        plays: &PlayList<P>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        if self.plies == 0 {
            let mut ranker = Ranker::fused(self.nets(), pos);
            return Ok(match self.zero_prune {
                Some((pruner, keep)) => ranker.best_pruned(pruner, keep, plays.as_slice()),
                None => ranker.best(plays.as_slice()),
            });
        }
        Ok(searched_best(
            self.nets(),
            pos,
            plays.as_slice(),
            self.plies,
            self.filter,
            self.prune.map(|(nets, keep)| Prune {
                nets,
                keep,
                screen: self.prune_screen,
            }),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::rng::{game_stream, Stream};
    use crate::base::variant::Variant;
    use crate::eval::net::SHIPPED_BACKGAMMON;
    use crate::rules::backgammon::Backgammon;
    use crate::rules::position::Position;
    use rand_core::Rng;

    /// The shipped pruning net prunes the searches of the shipped backgammon nets only: not a
    /// copy of them loaded as nets of one's own, not Long Nardy's, whatever is asked.
    #[test]
    fn only_the_shipped_backgammon_nets_are_pruned() {
        use crate::analysis::AnalysisConfig;
        use crate::policy::{BackgammonPolicy, WithPlies};
        let shipped_nets = shipped(RulesFamily::Backgammon).unwrap();
        let copy = Arc::new(NetEvaluator::from_bytes(SHIPPED_BACKGAMMON).unwrap());
        assert!(pruning_net_fits(shipped_nets));
        assert!(!pruning_net_fits(&copy));
        assert!(!pruning_net_fits(shipped(RulesFamily::LongNardy).unwrap()));
        let keep = |p: BackgammonPolicy| match p.with_prune(2) {
            BackgammonPolicy::Net(n) => n.prune_keep(),
            _ => unreachable!(),
        };
        let own = NetPolicy::new(copy.clone());
        assert_eq!(
            keep(NetPolicy::shipped(RulesFamily::Backgammon).unwrap().into()),
            2
        );
        assert_eq!(keep(own.into()), 0);
        let mut config = AnalysisConfig::new(2);
        assert_eq!(config.prune_keep(shipped_nets), DEFAULT_PRUNE_KEEP);
        assert_eq!(config.prune_keep(&copy), 0);
        config.prune = Some(2);
        assert_eq!(config.prune_keep(shipped_nets), 2);
        assert_eq!(config.prune_keep(&copy), 0);
    }

    /// A policy of nets of one's own chooses every play as the shipped policy does when the
    /// nets are the same (their rankers taking turns with the thread's spare buffers), and
    /// another net chooses otherwise somewhere.
    #[test]
    fn own_nets_play_as_the_shipped_ones_with_the_same_weights() {
        let shipped = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let copy = NetPolicy::new(Arc::new(
            NetEvaluator::from_bytes(SHIPPED_BACKGAMMON).unwrap(),
        ));
        let mut other_nets = NetEvaluator::from_bytes(SHIPPED_BACKGAMMON).unwrap();
        for w in &mut other_nets.contact.w1 {
            *w *= 0.5;
        }
        let other = NetPolicy::new(Arc::new(other_nets));
        assert_eq!(copy.nets(), shipped.nets());
        let mut rng = game_stream(7, 0, Stream::Choices);
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let (mut decisions, mut different) = (0, 0);
        while decisions < 2000 {
            let mut die = || (rng.next_u32() % 6 + 1) as u8;
            let dice = Dice::new(die(), die()).unwrap();
            let plays = pos.legal_plays(dice);
            if plays.len() >= 2 {
                let a = shipped.choose(&pos, dice, &plays, &mut rng).unwrap();
                let b = copy.choose(&pos, dice, &plays, &mut rng).unwrap();
                assert_eq!(a, b, "{pos:?} {dice:?}");
                different += usize::from(other.choose(&pos, dice, &plays, &mut rng).unwrap() != a);
                decisions += 1;
            }
            pos = match plays
                .as_slice()
                .get(rng.next_u32() as usize % plays.len().max(1))
            {
                Some(p) => *p.after(),
                None => pos.pass_turn(),
            };
            if pos.is_game_over() {
                pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
            }
        }
        assert!(different > 20, "{different}");
    }

    /// The searched values the Python `hint` and `evaluate` read: unpruned, those of
    /// `after_value_plies` and `on_roll_plies` to the bit, at 1 and 2 plies; pruned (the
    /// shipped policy's default), other floats somewhere but close.
    #[test]
    fn after_values_search_as_the_policy_prunes() {
        use crate::eval::net::SearchBuffers;
        let pruned = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let full = pruned.clone().with_prune(0).unwrap();
        let nets = full.nets();
        let mut bufs = SearchBuffers::default();
        let mid = Backgammon::from_id("l5mDAQMsz+ALAA", Variant::Backgammon, Color::White).unwrap();
        let plays = mid.legal_plays(Dice::new(4, 2).unwrap());
        let afters: Vec<Backgammon> = plays.iter().map(|p| *p.after()).collect();
        for plies in [1, 2] {
            let n = if plies == 1 { afters.len() } else { 2 };
            let got = full.after_values(&afters[..n], plies);
            for (a, v) in afters[..n].iter().zip(&got) {
                assert_eq!(*v, nets.after_value_plies(a, plies, &mut bufs), "{plies}");
            }
            assert_eq!(
                full.on_roll_value(&mid, plies),
                nets.on_roll_plies(&mid, plies, &mut bufs)
            );
        }
        let cut = pruned.after_values(&afters, 1);
        let every = full.after_values(&afters, 1);
        assert_ne!(cut, every);
        for (c, e) in cut.iter().zip(&every) {
            assert!((c.equity() - e.equity()).abs() < 0.05);
        }
    }

    /// The policy pruned at 0 ply keeps its setting, plays as the unpruned one on most
    /// decisions (and as [`Ranker::best_pruned`] on all), is off at 0, and Long Nardy, which
    /// has no pruning net, is never pruned.
    #[test]
    fn the_zero_ply_pruned_policy_plays_the_pruned_best() {
        let full = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        assert_eq!(full.zero_ply_prune_keep(), 0);
        let pruned = full.clone().with_zero_ply_prune(3).unwrap();
        assert_eq!(pruned.zero_ply_prune_keep(), 3);
        assert_eq!(
            pruned
                .clone()
                .with_zero_ply_prune(0)
                .unwrap()
                .zero_ply_prune_keep(),
            0
        );
        let most = full.clone().with_zero_ply_prune(1000).unwrap();
        assert_eq!(most.zero_ply_prune_keep(), MAX_ZERO_PLY_KEEP);
        let nardy = NetPolicy::shipped(RulesFamily::LongNardy)
            .unwrap()
            .with_zero_ply_prune(3)
            .unwrap();
        assert_eq!(nardy.zero_ply_prune_keep(), 0);
        let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
        let mut rng = game_stream(11, 0, Stream::Choices);
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let (mut decisions, mut same) = (0, 0);
        while decisions < 1000 {
            let mut die = || (rng.next_u32() % 6 + 1) as u8;
            let dice = Dice::new(die(), die()).unwrap();
            let plays = pos.legal_plays(dice);
            if plays.len() >= 2 {
                let a = full.choose(&pos, dice, &plays, &mut rng).unwrap();
                let b = pruned.choose(&pos, dice, &plays, &mut rng).unwrap();
                let want =
                    Ranker::fused(full.nets(), &pos).best_pruned(pruner, 3, plays.as_slice());
                assert_eq!(b, want, "{pos:?} {dice:?}");
                same += usize::from(a == b);
                decisions += 1;
            }
            pos = match plays.as_slice().get(a_play(&mut rng, plays.len())) {
                Some(p) => *p.after(),
                None => pos.pass_turn(),
            };
            if pos.is_game_over() {
                pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
            }
        }
        assert!(same > 850 && same < 1000, "{same}");
    }

    /// A random index below `n` (0 when `n` is 0).
    fn a_play(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
        rng.next_u32() as usize % n.max(1)
    }
}
