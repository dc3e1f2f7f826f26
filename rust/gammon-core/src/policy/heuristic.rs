//! The hand-written heuristic: pubeval's linear score plus corrections it lacks.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::{argmax, is_race, Policy, PolicyStop, Pubeval};
use crate::{Backgammon, Dice, PlayList};

/// The most plays [`Heuristic::best_contact`] bounds on the stack; longer lists (rare) score
/// every play.
const LAZY_PLAYS: usize = 256;

/// A hand-written evaluator: pubeval's contact score plus features it lacks.
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    /// The weights.
    pub weights: HeuristicWeights,
    pubeval: Pubeval,
}

/// The weights of [`Heuristic`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeuristicWeights {
    /// Per pip of race lead.
    pub pip: f32,
    /// Cost of being hit for sure, before the pip loss.
    pub hit: f32,
    /// Cost of being hit per pip lost.
    pub hit_per_pip: f32,
    /// Extra share of the hit cost per closed point of the opponent's home board.
    pub hit_per_home_point: f32,
    /// Per opposing checker on the bar and closed point of the mover's home board.
    pub their_bar_per_point: f32,
    /// Bonus for the longest run of made points in front of the opponent's last checker.
    pub prime: [f32; 7],
    /// Race mode: 0 = pubeval's race weights, 1 = most off then lowest Keith count.
    pub race_mode: f32,
}

impl Default for HeuristicWeights {
    fn default() -> Self {
        HeuristicWeights {
            pip: 0.0,
            hit: 0.0,
            hit_per_pip: 0.0,
            hit_per_home_point: 0.0,
            their_bar_per_point: 0.0,
            prime: [0.0; 7],
            race_mode: 0.0,
        }
    }
}

/// Whether the opponent's checkers can land on each of the mover's points: not held by two
/// or more of the mover's checkers (bit p for point p in the mover's numbering).
#[inline]
fn open_for_opponent(pts: &[i8; 26]) -> u32 {
    let mut m = 0;
    for (p, &c) in pts.iter().enumerate().take(25).skip(1) {
        m |= u32::from(c < 2) << p;
    }
    m
}

/// Points 1..=24 in bits 1..=24.
const BOARD: u32 = ((1 << 25) - 1) & !1;

/// The number of the 36 rolls with which the opponent can hit at least one of the mover's
/// blots in `pts` (mover's view), and the pips the mover would lose on average over the
/// rolls that hit (the farthest-travelled blot counted for each roll).
///
/// Every landing point of a combination shot must be open (not held by the mover). With
/// checkers on the bar the opponent must enter them first: with two or more there, only a
/// checker entering can hit (and, with doubles, move on after entering); with one there, the
/// entering checker or, after it enters, any checker with the other die.
pub(crate) fn shots(pts: &[i8; 26]) -> (u32, f32) {
    let mut blots = 0u32;
    for (p, &c) in pts.iter().enumerate().take(25).skip(1) {
        if c == 1 {
            blots |= 1 << p;
        }
    }
    if blots == 0 {
        return (0, 0.0);
    }
    let mut sources = 0u32; // where opponent checkers stand (bit 0 = their bar)
    for (p, &c) in pts.iter().enumerate().take(25).skip(1) {
        if c < 0 {
            sources |= 1 << p;
        }
    }
    let on_bar = -pts[0];
    let open = open_for_opponent(pts) & BOARD;
    let mut hits = 0u32;
    let mut loss = 0u32;
    for a in 1..=6u32 {
        for b in a..=6u32 {
            let reach = if a == b {
                // Four steps of `a`; checkers on the bar enter first, one step each.
                let entry = (1u32 << a) & open;
                if on_bar > 0 && entry == 0 {
                    0
                } else {
                    let entering = (on_bar.max(0) as u32).min(4);
                    let mut reach = if entering > 0 { entry } else { 0 };
                    let mut frontier = if entering > 0 { sources | entry } else { sources };
                    for _ in entering..4 {
                        frontier = (frontier << a) & open;
                        reach |= frontier;
                    }
                    reach
                }
            } else if on_bar >= 2 {
                // Both dice enter.
                ((1 << a) | (1 << b)) & open
            } else if on_bar == 1 {
                // One die enters, then any checker moves the other.
                let in_a = (1u32 << a) & open;
                let in_b = (1u32 << b) & open;
                let mut reach = 0;
                if in_a != 0 {
                    reach |= in_a | (((sources | in_a) << b) & open);
                }
                if in_b != 0 {
                    reach |= in_b | (((sources | in_b) << a) & open);
                }
                reach
            } else {
                let via_a = (sources << a) & open;
                let via_b = (sources << b) & open;
                via_a | via_b | ((via_a << b) & open) | ((via_b << a) & open)
            };
            let hit = reach & blots & BOARD;
            if hit != 0 {
                let weight = if a == b { 1 } else { 2 };
                hits += weight;
                loss += weight * (25 - hit.trailing_zeros());
            }
        }
    }
    let avg = if hits > 0 {
        loss as f32 / hits as f32
    } else {
        0.0
    };
    (hits, avg)
}

/// The longest run of consecutive points held by the mover (two checkers or more) in front
/// of the opponent's rearmost checker, i.e. on points above it in the mover's numbering
/// (0 when the opponent has no checker behind the mover's points).
pub(crate) fn prime_in_front(pts: &[i8; 26]) -> u32 {
    let Some(back) = (0..=24).find(|&p| pts[p] < 0) else {
        return 0;
    };
    let mut run = 0;
    let mut best = 0;
    for &c in &pts[back + 1..25] {
        if c >= 2 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// Tom Keith's adjusted pip count of the mover's race ("The Keith count", 2004): the pip count
/// plus 2 for each checker beyond one on the 1 point, 1 for each beyond one on the 2 point, 1
/// for each beyond three on the 3 point and 1 for each empty 4, 5 or 6 point, increased by
/// one seventh. Lower is better; it prices the wastage that a bare pip count misses.
#[must_use]
pub fn keith_count(pts: &[i8; 26], pips: i32) -> f32 {
    let n = |p: usize| i32::from(pts[p].max(0));
    let mut k = pips;
    k += 2 * (n(1) - 1).max(0);
    k += (n(2) - 1).max(0);
    k += (n(3) - 3).max(0);
    k += (4..=6).filter(|&p| n(p) == 0).count() as i32;
    k as f32 * 8.0 / 7.0
}

impl Heuristic {
    /// The heuristic with the given weights.
    #[must_use]
    pub fn with_weights(weights: HeuristicWeights) -> Heuristic {
        Heuristic {
            weights,
            pubeval: Pubeval::new(),
        }
    }

    /// The race score of `after` (higher is better for the mover).
    fn race_score(&self, after: &Backgammon) -> f32 {
        let pts = after.raw();
        if self.weights.race_mode < 0.5 {
            return self.pubeval.score(after, true);
        }
        let mut my_pips = 0i32;
        let mut my_on = 0i32;
        for (p, &c) in pts.iter().enumerate() {
            if c > 0 {
                my_pips += p as i32 * i32::from(c);
                my_on += i32::from(c);
            }
        }
        if my_on == 0 {
            return f32::MAX;
        }
        let off = i32::from(after.checkers_per_side()) - my_on;
        100.0 * off as f32 - keith_count(pts, my_pips)
    }

    /// The contact score of `after`: [`Heuristic::contact_bound`] minus
    /// [`Heuristic::contact_penalty`].
    #[must_use]
    pub fn contact_score(&self, after: &Backgammon) -> f32 {
        self.contact_bound(after) - self.contact_penalty(after)
    }

    /// The cheap part of the contact score of `after`.
    fn contact_bound(&self, after: &Backgammon) -> f32 {
        let w = &self.weights;
        let pts = after.raw();
        let base = self.pubeval.score(after, false);
        if base == super::PUBEVAL_WIN {
            return base;
        }
        let mut s = base;
        if w.pip != 0.0 {
            let mut my_pips = 0i32;
            let mut their_pips = 0i32;
            for (p, &c) in pts.iter().enumerate() {
                if c > 0 {
                    my_pips += p as i32 * i32::from(c);
                } else if c < 0 {
                    their_pips += (25 - p as i32) * i32::from(-c);
                }
            }
            s += w.pip * (their_pips - my_pips) as f32;
        }
        if pts[0] < 0 {
            let my_home = pts[1..7].iter().filter(|&&c| c >= 2).count() as f32;
            s += w.their_bar_per_point * f32::from(-pts[0]) * my_home;
        }
        s += w.prime[prime_in_front(pts).min(6) as usize];
        s
    }

    /// The expensive part of the contact score of `after`: the expected cost of being hit
    /// (not negative when the hit weights are not).
    fn contact_penalty(&self, after: &Backgammon) -> f32 {
        let w = &self.weights;
        let pts = after.raw();
        let (hits, avg_loss) = shots(pts);
        if hits == 0 {
            return 0.0;
        }
        let their_home = pts[19..25].iter().filter(|&&c| c <= -2).count() as f32;
        let p_hit = hits as f32 / 36.0;
        p_hit * (w.hit + w.hit_per_pip * avg_loss) * (1.0 + w.hit_per_home_point * their_home)
    }

    /// The index of the play with the highest contact score (the first on ties). When the
    /// penalty cannot be negative, a play's bound caps its score, so a play whose bound is no
    /// better than the best score so far is skipped without computing its penalty: the same
    /// choice as scoring every play, for less work.
    fn best_contact(&self, plays: &PlayList<Backgammon>) -> usize {
        let w = &self.weights;
        if w.hit < 0.0 || w.hit_per_pip < 0.0 || w.hit_per_home_point < 0.0 || plays.len() > LAZY_PLAYS
        {
            return argmax(plays, |play| self.contact_score(play.after()));
        }
        let mut bounds = [0.0f32; LAZY_PLAYS];
        let mut top = 0;
        for (i, play) in plays.iter().enumerate() {
            bounds[i] = self.contact_bound(play.after());
            if bounds[i] > bounds[top] {
                top = i;
            }
        }
        let n = plays.len();
        let mut best = top;
        let mut best_score = bounds[top] - self.contact_penalty(plays[top].after());
        for i in 0..n {
            // `>=` keeps the first index among equal scores, as a plain argmax would.
            if i == top || bounds[i] < best_score || (bounds[i] == best_score && i > best) {
                continue;
            }
            let s = bounds[i] - self.contact_penalty(plays[i].after());
            if s > best_score || (s == best_score && i < best) {
                best = i;
                best_score = s;
            }
        }
        best
    }
}

impl Policy<Backgammon> for Heuristic {
    fn choose(
        &self,
        pos: &Backgammon,
        _dice: Dice,
        plays: &PlayList<Backgammon>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        if is_race(pos) {
            Ok(argmax(plays, |play| self.race_score(play.after())))
        } else {
            Ok(self.best_contact(plays))
        }
    }
}
