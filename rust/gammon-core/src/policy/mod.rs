//! Checker-play policies for the game loop: the [`Policy`] trait and the built-in policies
//! [`Random`], [`Pubeval`] and [`Heuristic`], with [`PolicyKind`] naming them.
//!
//! The **policy** layer, directly above `eval` and `scoring`: checker-play policies (this module,
//! `heuristic`, `race`) and cube policies (`cube`; `janowski`: the cube model, cube decisions
//! from an evaluator's probabilities; `cube_search`: cube decisions and cubeful values searched
//! 1 to 3 plies deep; `cube_searched`: the net's cube policy searched; `cube_kind`: the built-in cube policies by name), and the Long Nardy heuristic
//! (`nardy`). May use: `base`, `rules`, `bearoff`, `encode` (the shot counter), `eval`, `scoring`.
//!
//! - [`Random`]: uniform over the distinct plays (every rules type).
//! - [`Pubeval`]: Tesauro's public linear evaluator with his published race and contact
//!   weights, the common yardstick of backgammon programs.
//! - [`Heuristic`]: the strongest built-in, pubeval's score with hand-written corrections for
//!   what it cannot see (exact shot counts, the bar against the home board, primes), an
//!   exact one-sided bear-off table in races, and perfect play from the bear-off databases
//!   once both sides are home; about +0.22 points a game against pubeval at more than half its
//!   speed.
//! - [`PerfectBearoff`]: perfect bear-off play ([`crate::bearoff`]), the heuristic elsewhere.
//! - [`NetPolicy`]: the shipped neural net at 0 ply ([`crate::eval::net`]), with exact
//!   bear-off values; backgammon and Long Nardy (each its own net); searched 1 or 2 plies
//!   deep through a [`MoveFilter`] with [`NetPolicy::with_plies`] (`search`).
//!
//! A policy picks one of the legal plays of a roll. It is called only when there is a choice
//! (two plays or more): a forced play or a pass is made by the game loop itself.

use std::fmt;
use std::str::FromStr;

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::base::rng::below;
use crate::base::variant::{RulesFamily, Variant};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;

mod bearoff;
pub(crate) mod cube;
pub(crate) mod cube_kind;
pub(crate) mod cube_search;
pub(crate) mod cube_searched;
mod heuristic;
pub(crate) mod janowski;
pub(crate) mod nardy;
mod net;
#[cfg(test)]
mod net_games;
mod race;
mod search;

pub use bearoff::PerfectBearoff;
pub use heuristic::{Heuristic, HeuristicWeights};
pub use net::{pruning_net_fits, NetPolicy};
pub(crate) use search::{forget_roll_values, pick_screened, roll_values, PickBuffers};
pub use search::{MoveFilter, DEFAULT_PRUNE_KEEP, DEFAULT_PRUNE_SCREEN, MAX_POLICY_PLIES};

pub use crate::eval::pubeval::{Pubeval, PUBEVAL_WIN};

/// A policy asked the game loop to abandon the game (for example a Python policy raised an
/// exception). The game is not counted; the policy keeps the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the policy stopped the game")]
pub struct PolicyStop;

/// Chooses the play to make, given the position, the roll and its legal plays.
///
/// Implement it to plug an engine of your own into the game loop ([`crate::GameRunner`]),
/// rollouts ([`crate::rollout`]) and simulations. This one hits whenever it can: it takes the
/// play that leaves the opponent the most pips to go.
///
/// ```
/// use gammon_core::{
///     Backgammon, Color, Dice, GameRng, PlayList, Policy, PolicyStop, Position, Variant,
/// };
///
/// struct Hitter;
///
/// impl Policy<Backgammon> for Hitter {
///     fn choose(
///         &self,
///         pos: &Backgammon,
///         _dice: Dice,
///         plays: &PlayList<Backgammon>,
///         _rng: &mut GameRng,
///     ) -> Result<usize, PolicyStop> {
///         let opponent = !pos.turn();
///         let pips = |i: &usize| plays[*i].after().pip_count()[opponent];
///         Ok((0..plays.len()).max_by_key(pips).unwrap_or(0))
///     }
/// }
///
/// let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
/// let plays = pos.legal_plays(Dice::new(3, 1).unwrap());
/// let mut rng = gammon_core::game_stream(1, 0, gammon_core::Stream::Choices);
/// let i = Hitter.choose(&pos, Dice::new(3, 1).unwrap(), &plays, &mut rng).unwrap();
/// assert!(i < plays.len());
/// ```
pub trait Policy<P: Position>: Send + Sync {
    /// The index in `plays` of the play to make. `plays` holds at least two plays (one per
    /// distinct resulting position, MOVE-9). `rng` is the game's own stream of random choices
    /// (`Stream::Choices`), for policies that randomise.
    ///
    /// # Errors
    /// [`PolicyStop`] to abandon the game.
    fn choose(
        &self,
        pos: &P,
        dice: Dice,
        plays: &PlayList<P>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop>;
}

impl<P: Position, T: Policy<P> + ?Sized> Policy<P> for &T {
    #[inline]
    fn choose(
        &self,
        pos: &P,
        dice: Dice,
        plays: &PlayList<P>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        (**self).choose(pos, dice, plays, rng)
    }
}

/// Uniform over the distinct legal plays (each resulting position equally likely). Works for
/// every rules type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Random;

impl<P: Position> Policy<P> for Random {
    #[inline]
    fn choose(
        &self,
        _pos: &P,
        _dice: Dice,
        plays: &PlayList<P>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        Ok(below(rng, plays.len() as u32) as usize)
    }
}

/// Picks the play whose resulting position scores highest under `score` (the first on ties).
#[inline]
fn argmax<P>(plays: &PlayList<P>, mut score: impl FnMut(&Play<P>) -> f32) -> usize {
    let mut best = 0;
    let mut best_score = f32::NEG_INFINITY;
    for (i, play) in plays.iter().enumerate() {
        let s = score(play);
        if s > best_score {
            best = i;
            best_score = s;
        }
    }
    best
}

/// True when the players' checkers have passed each other: no checker of the mover (bar
/// included) stands behind an opposing checker (bar included), so no hit is possible again.
#[must_use]
#[inline]
pub fn is_race(pos: &Backgammon) -> bool {
    pos.no_contact()
}

impl Policy<Backgammon> for Pubeval {
    fn choose(
        &self,
        pos: &Backgammon,
        _dice: Dice,
        plays: &PlayList<Backgammon>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        Ok(self.best_from(pos, plays, is_race(pos)))
    }
}

// ---------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------

/// The built-in policies by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PolicyKind {
    /// [`Random`]: `"random"`.
    Random,
    /// [`Pubeval`]: `"pubeval"`.
    Pubeval,
    /// [`Heuristic`]: `"heuristic"`.
    Heuristic,
    /// [`PerfectBearoff`]: `"bearoff"`.
    Bearoff,
    /// [`NetPolicy`] with the shipped nets: `"net"` (backgammon and Long Nardy).
    Net,
}

/// The text names no built-in policy, or the policy does not play that variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolicyError {
    /// No built-in policy has this name.
    #[error("unknown policy {0:?}; built-in policies: random, pubeval, heuristic, bearoff, net")]
    Unknown(String),
    /// The policy knows backgammon rules only.
    #[error("the {policy} policy plays backgammon variants only, not {variant} (use \"random\", \"heuristic\" or a Python policy)")]
    Unsupported {
        /// The policy asked for.
        policy: PolicyKind,
        /// The variant it cannot play.
        variant: Variant,
    },
}

impl PolicyKind {
    /// Every built-in policy.
    pub const ALL: [PolicyKind; 5] = [
        PolicyKind::Random,
        PolicyKind::Pubeval,
        PolicyKind::Heuristic,
        PolicyKind::Bearoff,
        PolicyKind::Net,
    ];

    /// The name: `"random"`, `"pubeval"`, `"heuristic"`, `"bearoff"` or `"net"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PolicyKind::Random => "random",
            PolicyKind::Pubeval => "pubeval",
            PolicyKind::Heuristic => "heuristic",
            PolicyKind::Bearoff => "bearoff",
            PolicyKind::Net => "net",
        }
    }

    /// Whether the policy plays `variant`.
    #[must_use]
    pub const fn supports(self, variant: Variant) -> bool {
        matches!(
            self,
            PolicyKind::Random | PolicyKind::Heuristic | PolicyKind::Net
        ) || matches!(variant.family(), RulesFamily::Backgammon)
    }

    /// Checks that the policy plays `variant`.
    ///
    /// # Errors
    /// [`PolicyError::Unsupported`].
    pub fn check(self, variant: Variant) -> Result<(), PolicyError> {
        if self.supports(variant) {
            Ok(())
        } else {
            Err(PolicyError::Unsupported {
                policy: self,
                variant,
            })
        }
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PolicyKind {
    type Err = PolicyError;

    /// Reads a policy name (any case).
    ///
    /// # Errors
    /// [`PolicyError::Unknown`].
    fn from_str(s: &str) -> Result<PolicyKind, PolicyError> {
        let key = s.trim().to_ascii_lowercase();
        PolicyKind::ALL
            .into_iter()
            .find(|k| k.name() == key)
            .ok_or_else(|| PolicyError::Unknown(s.to_string()))
    }
}

/// A built-in backgammon policy chosen at run time (one match per decision, negligible next to
/// move generation).
#[derive(Clone, Debug)]
pub enum BackgammonPolicy {
    /// [`Random`].
    Random(Random),
    /// [`Pubeval`].
    Pubeval(Box<Pubeval>),
    /// [`Heuristic`].
    Heuristic(Box<Heuristic>),
    /// [`PerfectBearoff`].
    Bearoff(Box<PerfectBearoff>),
    /// [`NetPolicy`].
    Net(NetPolicy),
}

impl From<PolicyKind> for BackgammonPolicy {
    fn from(kind: PolicyKind) -> BackgammonPolicy {
        match kind {
            PolicyKind::Random => BackgammonPolicy::Random(Random),
            PolicyKind::Pubeval => BackgammonPolicy::Pubeval(Box::default()),
            PolicyKind::Heuristic => BackgammonPolicy::Heuristic(Box::default()),
            PolicyKind::Bearoff => BackgammonPolicy::Bearoff(Box::default()),
            // The shipped weights are checked by the tests; should they ever fail to read,
            // the heuristic plays rather than a panic.
            PolicyKind::Net => match NetPolicy::shipped(RulesFamily::Backgammon) {
                Ok(p) => BackgammonPolicy::Net(p),
                Err(_) => BackgammonPolicy::Heuristic(Box::default()),
            },
        }
    }
}

impl From<NetPolicy> for BackgammonPolicy {
    /// The policy of a [`NetPolicy`] (backgammon nets: a caller checks the family).
    fn from(net: NetPolicy) -> BackgammonPolicy {
        BackgammonPolicy::Net(net)
    }
}

/// A built-in policy that may search deeper: the net's ([`NetPolicy::with_plies`]); the others
/// play as they are.
pub trait WithPlies: Sized {
    /// The policy searching `plies` deep where it is the net's ([`NetPolicy::with_plies`]),
    /// else itself (a caller checks that only the net is asked to search).
    #[must_use]
    fn with_plies(self, plies: u32) -> Self;

    /// The policy keeping `keep` replies of each roll for the nets inside its search where it
    /// is the shipped backgammon nets' ([`NetPolicy::with_prune`]; 0: no pruning), else
    /// itself: nets of one's own and Long Nardy's are never pruned.
    #[must_use]
    fn with_prune(self, _keep: usize) -> Self {
        self
    }
}

impl WithPlies for BackgammonPolicy {
    fn with_plies(self, plies: u32) -> BackgammonPolicy {
        match self {
            BackgammonPolicy::Net(p) => BackgammonPolicy::Net(p.with_plies(plies)),
            other => other,
        }
    }

    fn with_prune(self, keep: usize) -> BackgammonPolicy {
        match self {
            // The shipped pruner was read with the shipped nets: it cannot fail here.
            BackgammonPolicy::Net(p) if pruning_net_fits(p.nets()) => {
                BackgammonPolicy::Net(p.clone().with_prune(keep).unwrap_or(p))
            }
            other => other,
        }
    }
}

impl Policy<Backgammon> for BackgammonPolicy {
    #[inline]
    fn choose(
        &self,
        pos: &Backgammon,
        dice: Dice,
        plays: &PlayList<Backgammon>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        match self {
            BackgammonPolicy::Random(p) => p.choose(pos, dice, plays, rng),
            BackgammonPolicy::Pubeval(p) => p.choose(pos, dice, plays, rng),
            BackgammonPolicy::Heuristic(p) => p.choose(pos, dice, plays, rng),
            BackgammonPolicy::Bearoff(p) => p.choose(pos, dice, plays, rng),
            BackgammonPolicy::Net(p) => p.choose(pos, dice, plays, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::rules::backgammon::bg;

    #[test]
    fn race_means_no_checker_behind_an_opposing_one() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert!(!is_race(&start));
        assert!(is_race(&bg(&[(6, 15)], &[(6, 15)])));
        // A mover's checker on the bar is behind every opposing checker.
        assert!(!is_race(&bg(&[(25, 1), (6, 14)], &[(6, 15)])));
    }

    #[test]
    fn policy_names_parse_and_check_variants() {
        for k in PolicyKind::ALL {
            assert_eq!(k.name().parse::<PolicyKind>(), Ok(k));
        }
        assert!(matches!(
            "gnubg".parse::<PolicyKind>(),
            Err(PolicyError::Unknown(_))
        ));
        assert!(PolicyKind::Random.check(Variant::LongNardy).is_ok());
        assert!(PolicyKind::Pubeval.check(Variant::LongNardy).is_err());
        assert!(PolicyKind::Heuristic.check(Variant::LongNardy).is_ok());
        assert!(PolicyKind::Bearoff.check(Variant::LongNardy).is_err());
        assert!(PolicyKind::Pubeval.check(Variant::Nackgammon).is_ok());
    }
}
