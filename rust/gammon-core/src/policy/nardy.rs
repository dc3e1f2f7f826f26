//! A hand-made Long Nardy policy ([`NardyHeuristic`], the `"heuristic"` policy for Long
//! Nardy) and the run-time choice of a Long Nardy policy ([`NardyPolicy`]).
//!
//! Long Nardy has no hitting (LN-7, LN-14): a single checker holds a point, and what decides
//! games is the race, the points each side holds in the other's path (blocks, up to the
//! six-point limit of LN-24), getting checkers off the head in time (one a turn, LN-17) and a
//! clean bear-off (LN-28..31). The heuristic scores the position after each legal play as a
//! weighted sum of those terms (each described at its weight) and takes the best; in a race
//! ending (both sides home) it plays by pips and distribution only.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::variant::RulesFamily;
use crate::policy::net::NetPolicy;
use crate::policy::{argmax, Policy, PolicyKind, PolicyStop, Random};
use crate::rules::nardy::{other_point, Nardy, CHECKERS_PER_SIDE, HEAD_POINT};

/// Weight of the race: each pip the mover is ahead counts this much.
pub const NARDY_PIP: f32 = 1.0;
/// Weight of blocking: for each point the mover holds, the opponent checkers that still
/// have to pass it (they stand on the opponent's points above it in the opponent's own
/// numbering), summed over the mover's points. Points in the opponent's path are worth more
/// the more of its checkers are behind them.
pub const NARDY_BLOCKING: f32 = 0.25;
/// Weight of primes: the squares of the lengths of the runs of consecutive points the mover
/// holds in front of opposing checkers (a run of 6 is the longest the rules allow, LN-24).
pub const NARDY_PRIME: f32 = 0.8;
/// Penalty per checker still on the head beyond the first (only one may leave it a turn,
/// LN-17), so that the mover brings checkers into play steadily.
pub const NARDY_HEAD: f32 = 1.5;
/// Penalty for each checker beyond three on one point outside the head (wasted builders,
/// and a bear-off with gaps).
pub const NARDY_STACK: f32 = 0.6;
/// Bonus for each point of the mover's home (own 1..=6) that holds a checker while the mover
/// is not yet bearing off (a smooth distribution for the bear-off).
pub const NARDY_HOME_POINT: f32 = 0.5;
/// Bonus for each checker borne off (a play that bears off beats one that only moves down,
/// LN-28..31; the Mars of LN-35 needs the loser to have none off).
pub const NARDY_OFF: f32 = 4.0;
/// In a race ending, the penalty for each empty point among the mover's 4, 5 and 6 points
/// and each checker beyond two on the 1 and 2 points (the Keith count's wastage terms).
pub const NARDY_WASTAGE: f32 = 1.0;

/// The hand-made Long Nardy policy (see the module documentation and the weights above).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NardyHeuristic;

impl NardyHeuristic {
    /// The score of `after` (the position after a play, the mover still on roll) for the
    /// mover: higher is better.
    #[must_use]
    pub fn score(after: &Nardy) -> f32 {
        let pts = after.raw();
        let mut my_pips = 0i32;
        let mut their_pips = 0i32;
        let mut my_on = 0i32;
        let mut their_on = 0i32;
        for p in 1..=24u8 {
            let me = i32::from(after.mover_at(p));
            let them = i32::from(after.opponent_at(p));
            my_pips += me * i32::from(p);
            their_pips += them * i32::from(p);
            my_on += me;
            their_on += them;
        }
        let total = i32::from(CHECKERS_PER_SIDE);
        let mut s = NARDY_PIP * (their_pips - my_pips) as f32;
        s += NARDY_OFF * (total - my_on) as f32;
        // Both sides home: a race ending, pips and wastage only.
        let race = pts[7..=24].iter().all(|&c| c <= 0)
            && pts[1..=12].iter().all(|&c| c >= 0)
            && pts[19..=24].iter().all(|&c| c >= 0);
        if race {
            let empty_high = (4..=6u8).filter(|&p| after.mover_at(p) == 0).count() as f32;
            let low_waste = [1u8, 2]
                .iter()
                .map(|&p| f32::from(after.mover_at(p).saturating_sub(2)))
                .sum::<f32>();
            return s - NARDY_WASTAGE * (empty_high + low_waste);
        }
        // behind[q]: the opponent's checkers on its own points q + 1 ..= 24, which still have
        // to pass its own point q.
        let mut behind = [0i32; 26];
        for q in (1..24u8).rev() {
            behind[q as usize] = behind[q as usize + 1] + i32::from(after.opponent_at(q + 1));
        }
        let mut blocking = 0i32;
        let mut prime = 0i32;
        let mut run = 0i32;
        let mut stack = 0i32;
        for p in (1..=24u8).rev() {
            let n = after.mover_at(p);
            let q = other_point(p);
            let in_path = behind[q as usize] > 0;
            if n > 0 {
                blocking += behind[q as usize];
                if p != HEAD_POINT {
                    stack += i32::from(n.saturating_sub(3));
                }
            }
            if n > 0 && in_path {
                run += 1;
            } else {
                prime += run * run;
                run = 0;
            }
        }
        prime += run * run;
        s += NARDY_BLOCKING * blocking as f32 + NARDY_PRIME * prime as f32;
        s -= NARDY_STACK * stack as f32;
        let head = i32::from(after.mover_at(HEAD_POINT));
        s -= NARDY_HEAD * (head - 1).max(0) as f32;
        if their_on > 0 {
            let home_points = (1..=6u8).filter(|&p| after.mover_at(p) > 0).count() as f32;
            s += NARDY_HOME_POINT * home_points;
        }
        s
    }
}

impl Policy<Nardy> for NardyHeuristic {
    fn choose(
        &self,
        _pos: &Nardy,
        _dice: Dice,
        plays: &PlayList<Nardy>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        Ok(argmax(plays, |play| NardyHeuristic::score(play.after())))
    }
}

/// A built-in Long Nardy policy chosen at run time: `"random"`, `"heuristic"` or `"net"`.
#[derive(Clone, Debug)]
pub enum NardyPolicy {
    /// [`Random`].
    Random(Random),
    /// [`NardyHeuristic`].
    Heuristic(NardyHeuristic),
    /// [`NetPolicy`]: the shipped Long Nardy net or one of your own.
    Net(NetPolicy),
}

impl From<NetPolicy> for NardyPolicy {
    /// The policy of a [`NetPolicy`] (Long Nardy nets: a caller checks the family).
    fn from(net: NetPolicy) -> NardyPolicy {
        NardyPolicy::Net(net)
    }
}

impl NardyPolicy {
    /// The policy of `kind`, or `None` when it does not play Long Nardy
    /// ([`PolicyKind::supports`]) or its weights fail to read.
    #[must_use]
    pub fn of(kind: PolicyKind) -> Option<NardyPolicy> {
        match kind {
            PolicyKind::Random => Some(NardyPolicy::Random(Random)),
            PolicyKind::Heuristic => Some(NardyPolicy::Heuristic(NardyHeuristic)),
            PolicyKind::Net => NetPolicy::shipped(RulesFamily::LongNardy)
                .ok()
                .map(NardyPolicy::Net),
            _ => None,
        }
    }
}

impl super::WithPlies for NardyPolicy {
    fn with_plies(self, plies: u32) -> NardyPolicy {
        match self {
            NardyPolicy::Net(p) => NardyPolicy::Net(p.with_plies(plies)),
            other => other,
        }
    }
}

impl From<PolicyKind> for NardyPolicy {
    /// The Long Nardy policy of a name ([`NardyPolicy::of`]); names that do not play Long
    /// Nardy, and a net whose weights fail to read, give [`Random`].
    fn from(kind: PolicyKind) -> NardyPolicy {
        NardyPolicy::of(kind).unwrap_or(NardyPolicy::Random(Random))
    }
}

impl Policy<Nardy> for NardyPolicy {
    #[inline]
    fn choose(
        &self,
        pos: &Nardy,
        dice: Dice,
        plays: &PlayList<Nardy>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        match self {
            NardyPolicy::Random(p) => p.choose(pos, dice, plays, rng),
            NardyPolicy::Heuristic(p) => p.choose(pos, dice, plays, rng),
            NardyPolicy::Net(p) => p.choose(pos, dice, plays, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::rng::{game_stream, FirstRoll, GameDice, Stream};
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::play::game::{GameRules, GameRunner, NoTruncation};
    use crate::rules::position::Position;
    use crate::scoring::nardy_referee::NardyReferee;

    #[test]
    fn ln28_prefers_bearing_off_to_moving_down() {
        // Race ending, mover with checkers on 6 and 1: with 6-1 it bears off two.
        let s = Setup::from_points(
            Variant::LongNardy,
            Color::White,
            &[(6, 2), (1, 1)],
            &[(6, 3)],
        );
        let pos = Nardy::from_setup(&s).unwrap();
        let dice = Dice::new(6, 1).unwrap();
        let plays = pos.legal_plays(dice);
        let mut rng = game_stream(1, 0, Stream::Choices);
        let i = NardyHeuristic.choose(&pos, dice, &plays, &mut rng).unwrap();
        let on: u8 = (1..=24).map(|p| plays[i].after().mover_at(p)).sum();
        assert_eq!(on, 1, "{:?}", plays[i].moves());
    }

    #[test]
    fn ln17_heuristic_beats_random_as_either_player() {
        // A small head-to-head (the full measurement is in docs/lab/2026-11-29-heuristics.md): the heuristic as
        // White against random, then as Black.
        let start = Nardy::start(Color::White);
        let referee = NardyReferee::default();
        let mut runner = GameRunner::new();
        let h = NardyPolicy::from(PolicyKind::Heuristic);
        let r = NardyPolicy::from(PolicyKind::Random);
        let mut points = 0i64;
        let n = 200u64;
        for i in 0..n {
            let heuristic_white = i % 2 == 0;
            let (white, black) = if heuristic_white { (&h, &r) } else { (&r, &h) };
            let mut rules = GameRules::new(&referee, white, &NoTruncation);
            rules.policies.black = black;
            let mut dice = GameDice::new(5, i, FirstRoll::Any, None);
            let mut rng = game_stream(5, i, Stream::Choices);
            let rec = runner.play(&start, &rules, &mut dice, &mut rng).unwrap();
            let white_pts = rec.settlement().white_points / crate::play::record::ONE as i64;
            points += if heuristic_white {
                white_pts
            } else {
                -white_pts
            };
        }
        // Random play loses nearly every game (and many by Mars).
        assert!(points as f64 / n as f64 > 0.8, "{points}");
    }
}
