//! The built-in `heuristic` policy: pubeval's linear score with hand-written corrections for
//! what it cannot see, and an exact bear-off table for the race.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::race::expected_rolls;
use super::{argmax, is_race, Policy, PolicyStop, Pubeval, PUBEVAL_WIN};
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::encode::board_hits;
use crate::rules::backgammon::Backgammon;

/// The most plays [`Heuristic`] bounds on the stack in one decision; longer lists (rare)
/// have every play scored in full.
const LAZY_PLAYS: usize = 256;

/// The built-in hand-written evaluator (`"heuristic"`): Tesauro's pubeval with the
/// corrections it lacks. Backgammon rules only.
///
/// **Rationale.** pubeval ([`Pubeval`]) is a linear score of the mover's checker counts per
/// point, the opponent's blots and the opponent's bar. It never looks at the opponent's other
/// checkers, so it cannot tell a blot that 17 rolls hit from one that nothing can reach,
/// and it values a checker on the bar the same against a one-point board and a closed board.
/// It also bears off with fitted weights rather than by counting. The heuristic keeps its
/// score and corrects exactly those blind spots, each with one hand-set number
/// ([`HeuristicWeights`]):
///
/// - **shots**: the number of the 36 rolls with which the opponent hits a blot of the mover,
///   counted roll by roll on the position (direct and combination shots, landing points
///   blocked by the mover's points, checkers on the bar entering first), times the pips the hit
///   blot would lose, growing with the points the opponent has closed in their home board
///   (where the hit checker must re-enter). Subtracted.
/// - **the opponent on the bar** against the mover's home points: a value per checker that
///   grows faster than the number of points blocking its entry (pubeval counts the checkers
///   on the bar only, whatever the board they face).
/// - **primes**: the longest run of the mover's points in front of the opponent's rearmost
///   checker, by length.
/// - **breaking contact**: a play that leaves a pure race gets a value per pip of race lead
///   (pubeval scores it with its contact weights, blind to the opponent's pip count, so it
///   breaks contact as readily when behind as when ahead).
/// - **the race**: once contact is broken, pubeval's race weights play until the mover has
///   borne a checker off (they bring the last checkers home and get one off when a gammon
///   threatens, which a count of rolls does not see); after that the play that leaves the
///   fewest expected rolls to bear off wins, exact for a home board (a one-sided bear-off
///   table of all 54,264 home boards, computed on first use by dynamic programming from the
///   bear-off rules), estimated for checkers still outside (OFF-1..OFF-4).
///
/// Features tried and dropped because they won no points against pubeval (`experiments/heuristic.rs
/// duel --set`, 40,000 opening games and 80,000 corpus games each): a pip-count term in every
/// contact position, a fixed cost per hit, a cost for rolls that hit two blots, a hit cost lowered
/// by the mover's own board, an extra bonus for a closed board, the opponent's prime in front of
/// the mover's back checkers, the escape numbers of the mover's rearmost checker and of the
/// opponent's, primes weighted by the checkers trapped behind them, stragglers in the opponent's
/// home board late in the game, and the bear-off table before the first checker is off (it loses
/// gammons that pubeval's race weights save, even when used only with no gammon in sight).
///
/// **Strength** (`docs/lab/2026-11-29-heuristics.md`, measured with `experiments/heuristic.rs
/// duel`, seats swapped over the same dice): +0.22 points a game against pubeval from the opening
/// (200,000 games, standard error 0.003) and +0.17 from positions of the wildbg contact corpus,
/// including positions never used in tuning; +2.48 against `random`. It counts a play's shots only
/// when its cheaper terms leave it a chance to be chosen, which keeps about 55% of pubeval's
/// rollout speed (23,000 against 41,000 games a second on one core).
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    /// The weights.
    pub weights: HeuristicWeights,
    pubeval: Pubeval,
}

/// The hand-set weights of [`Heuristic`], in units of pubeval's score (where a point made is worth
/// about one). The defaults are the output of a reproducible coordinate search in games against
/// pubeval (`experiments/heuristic.rs`, `tune`; its log is `experiments/heuristic-tune.log`),
/// started from hand-set values: it kept three of them and raised the share of the hit cost per
/// opposing home point from 0.2 to 0.3 and the race lead from 0.2 to 0.3 a pip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeuristicWeights {
    /// Cost of a sure hit per pip the hit blot loses (its distance travelled); multiplied by
    /// the share of the 36 rolls that hit.
    pub hit_per_pip: f32,
    /// Extra share of the hit cost per point the opponent holds in their home board.
    pub hit_per_home_point: f32,
    /// Value per opposing checker on the bar, by the number of points the mover holds in
    /// their home board (0..=6): the more points block its entry, the longer it stays out
    /// and the likelier a closeout and a gammon, so the value grows faster than the count.
    pub their_bar: [f32; 7],
    /// Value of the longest run of the mover's points in front of the opponent's rearmost
    /// checker, by length 0..=6.
    pub prime: [f32; 7],
    /// Value per pip of race lead when the play breaks contact (pubeval scores such a play
    /// with its contact weights, which do not see the opponent's pip count).
    pub race_lead_per_pip: f32,
}

impl Default for HeuristicWeights {
    fn default() -> Self {
        HeuristicWeights {
            hit_per_pip: 0.2,
            hit_per_home_point: 0.3,
            their_bar: [0.0, 0.3, 0.8, 1.5, 2.4, 3.5, 4.8],
            prime: [0.0, 0.0, 0.0, 0.25, 0.5, 1.0, 1.5],
            race_lead_per_pip: 0.3,
        }
    }
}

/// The number of the 36 rolls with which the opponent can hit at least one of the mover's
/// blots in `pts` (mover's view), and the pips the mover would lose on average over the
/// rolls that hit (the farthest-travelled blot counted for each roll).
///
/// Counted by the encoders' shot counter ([`board_hits`]): every landing point of a
/// combination shot must be open (not held by the mover); with checkers on the bar the
/// opponent must enter them first: with two or more there, only a checker entering can hit
/// (and, with doubles, move on after entering); with one there, the entering checker or, after
/// it enters, any checker with the other die.
pub(crate) fn shots(pts: &[i8; 26]) -> (u32, f32) {
    let hits = board_hits(pts);
    if hits.shots == 0 {
        return (0, 0.0);
    }
    (hits.shots, hits.pip_loss as f32 / hits.shots as f32)
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

impl Heuristic {
    /// The heuristic with the given weights.
    #[must_use]
    pub fn with_weights(weights: HeuristicWeights) -> Heuristic {
        Heuristic {
            weights,
            pubeval: Pubeval::new(),
        }
    }

    /// The heuristic's contact score of `after` (the position after a play, its mover still
    /// on roll): pubeval's contact score, plus the opponent's checkers on the bar against the
    /// mover's home points, plus the prime value, minus the expected cost of being hit.
    /// Higher is better for the mover. Used whenever the position before the play has
    /// contact.
    #[must_use]
    pub fn contact_score(&self, after: &Backgammon) -> f32 {
        self.contact_bound(after) - self.hit_cost(after)
    }

    /// The heuristic's race score of `after` when the position before the play was a race:
    /// pubeval's race score while the mover has no checker off, then minus the expected
    /// number of rolls to bear off. Higher is better for the mover. Only plays of one
    /// position are compared, so the switch between the two happens between decisions,
    /// never inside one.
    #[must_use]
    pub fn race_score(&self, before: &Backgammon, after: &Backgammon) -> f32 {
        if none_off(before) {
            self.pubeval.score(after, true)
        } else {
            -expected_rolls(after.raw())
        }
    }

    /// The contact score without the hit cost: an upper bound of the contact score as long
    /// as the hit weights are not negative.
    fn contact_bound(&self, after: &Backgammon) -> f32 {
        let w = &self.weights;
        let pts = after.raw();
        let base = self.pubeval.score(after, false);
        if base == PUBEVAL_WIN {
            return base;
        }
        let mut s = base;
        if pts[0] < 0 {
            s += w.their_bar[home_points(pts)] * f32::from(-pts[0]);
        }
        s += w.prime[prime_in_front(pts).min(6) as usize];
        if is_race(after) {
            s += w.race_lead_per_pip * race_lead(pts) as f32;
        }
        s
    }

    /// The expected cost of being hit in `after`: the share of the 36 rolls that hit a blot
    /// times its pip loss ([`shots`]), raised per point of the opponent's home board.
    fn hit_cost(&self, after: &Backgammon) -> f32 {
        let w = &self.weights;
        let pts = after.raw();
        let (hits, avg_loss) = shots(pts);
        if hits == 0 {
            return 0.0;
        }
        let their_home = pts[19..25].iter().filter(|&&c| c <= -2).count() as f32;
        let p_hit = hits as f32 / 36.0;
        p_hit * w.hit_per_pip * avg_loss * (1.0 + w.hit_per_home_point * their_home)
    }

    /// The index of the play with the highest [`Heuristic::contact_score`] (the first on
    /// ties). A play's bound caps its score, so a play whose bound cannot beat the best score
    /// so far is passed over without counting its shots: the same choice as scoring every
    /// play, for less work (most plays of a roll never need their shots counted).
    fn best_contact(&self, plays: &PlayList<Backgammon>) -> usize {
        let w = &self.weights;
        if w.hit_per_pip < 0.0 || w.hit_per_home_point < 0.0 || plays.len() > LAZY_PLAYS {
            return argmax(plays, |play| self.contact_score(play.after()));
        }
        let n = plays.len();
        if n == 0 {
            return 0;
        }
        let mut bounds = [0.0f32; LAZY_PLAYS];
        for (slot, play) in bounds.iter_mut().zip(plays.iter()) {
            *slot = self.contact_bound(play.after());
        }
        // Score plays in decreasing order of bound (the first index among equal bounds) and
        // stop at the first bound that cannot beat the best score: a play with a lower bound
        // cannot, nor one with an equal bound and a later index (ties go to the first play,
        // as in a plain argmax). A scored play's bound is set to minus infinity.
        let mut best = usize::MAX;
        let mut best_score = f32::NEG_INFINITY;
        loop {
            let mut i = 0;
            for j in 1..n {
                if bounds[j] > bounds[i] {
                    i = j;
                }
            }
            let bound = bounds[i];
            if bound == f32::NEG_INFINITY || bound < best_score || (bound == best_score && i > best)
            {
                break;
            }
            bounds[i] = f32::NEG_INFINITY;
            let s = bound - self.hit_cost(plays[i].after());
            if s > best_score || (s == best_score && i < best) {
                best = i;
                best_score = s;
            }
        }
        best
    }
}

/// The mover's lead in the race: the opponent's pip count minus the mover's.
fn race_lead(pts: &[i8; 26]) -> i32 {
    let mut lead = 0i32;
    for (p, &c) in pts.iter().enumerate() {
        if c > 0 {
            lead -= p as i32 * i32::from(c);
        } else if c < 0 {
            lead += (25 - p as i32) * i32::from(-c);
        }
    }
    lead
}

/// The number of points (two checkers or more) the mover holds in their home board.
#[inline]
fn home_points(pts: &[i8; 26]) -> usize {
    pts[1..7].iter().filter(|&&c| c >= 2).count()
}

/// True when the mover has borne off no checker.
#[inline]
fn none_off(pos: &Backgammon) -> bool {
    let on: u32 = pos.raw()[1..26].iter().map(|&c| c.max(0) as u32).sum();
    on == u32::from(pos.checkers_per_side())
}

impl Policy<Backgammon> for Heuristic {
    fn choose(
        &self,
        pos: &Backgammon,
        _dice: Dice,
        plays: &PlayList<Backgammon>,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Result<usize, PolicyStop> {
        // Both sides home: perfect play from the bear-off databases.
        if let Some(i) = crate::bearoff::best_bearoff_play(pos, plays) {
            return Ok(i);
        }
        if is_race(pos) {
            Ok(argmax(plays, |play| self.race_score(pos, play.after())))
        } else {
            Ok(self.best_contact(plays))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::rng::{game_stream, Stream};
    use crate::base::variant::Variant;
    use crate::rules::backgammon::bg;
    use crate::rules::position::Position;

    #[test]
    fn the_default_weights_are_the_committed_tuning_runs_result() {
        // experiments/heuristic.rs `tune` prints its final weights; the defaults must be them.
        let log = include_str!("../../../../experiments/heuristic-tune.log");
        let last = log
            .lines()
            .find_map(|l| l.strip_prefix("final weights: "))
            .unwrap();
        assert_eq!(last, format!("{:?}", HeuristicWeights::default()));
    }

    #[test]
    fn shots_count_direct_and_combination_rolls() {
        // A blot on our 10 point, the opponent's checkers on our 4 point (their 21), six pips
        // away. Direct: every roll with a 6 (11). Combinations: 5-1 and 4-2 (2 each), 3-3 and
        // 2-2 (1 each); 1-1 moves four pips only. 11 + 6 = 17 of 36.
        let pos = bg(&[(10, 1), (1, 14)], &[(21, 15)]);
        let (hits, loss) = shots(pos.raw());
        assert_eq!(hits, 17);
        // The blot has travelled 15 pips from the bar (25 - 10).
        assert_eq!(loss, 15.0);
    }

    #[test]
    fn shots_respect_points_blocked_on_the_way() {
        // As above with our 8 and 9 points made: 2-2 must land on 8 (6, 8, 10) and is
        // stopped; 4-2 still hits through 6 (2 then 4) and 5-1 through 5.
        let pos = bg(&[(10, 1), (8, 2), (9, 2), (1, 10)], &[(21, 15)]);
        assert_eq!(shots(pos.raw()).0, 16);
        // With our 6 and 8 points made, 4-2 is stopped both ways (4 lands on 8, 2 on 6) and
        // so is 2-2: 17 - 2 - 1.
        let pos = bg(&[(10, 1), (8, 2), (6, 2), (1, 10)], &[(21, 15)]);
        assert_eq!(shots(pos.raw()).0, 14);
    }

    #[test]
    fn shots_from_the_bar_enter_first() {
        // BAR-1: a checker on the bar must enter before any other moves. Our blot on our 5
        // point; the opponent's other checkers stand past it (their 6 point = our 19).
        // One on the bar: every roll with a 5 enters hitting (11), and 4-1, 3-2 enter and
        // hit with the other die (4): 15.
        let one = bg(&[(5, 1), (13, 14)], &[(25, 1), (6, 14)]);
        assert_eq!(shots(one.raw()).0, 15);
        // Two on the bar: both dice enter, so only a 5 hits (11); 1-1 and 2-2 enter both
        // and move on two steps (to 3 and to 6), missing the 5 point.
        let two = bg(&[(5, 1), (13, 14)], &[(25, 2), (6, 13)]);
        assert_eq!(shots(two.raw()).0, 11);
        // Closed entry points stop a roll: with our 1 and 4 points made, 4-1 cannot enter
        // at all (3-2 still enters on 3 and hits with the 2): 15 - 2.
        let blocked = bg(&[(5, 1), (4, 2), (1, 2), (13, 10)], &[(25, 1), (6, 14)]);
        assert_eq!(shots(blocked.raw()).0, 13);
    }

    #[test]
    fn a_blot_behind_every_opposing_checker_is_safe() {
        // The opponent moves up our numbering: a blot on our 2 point with every opposing
        // checker on our 3 point or beyond cannot be hit.
        let pos = bg(&[(2, 1), (13, 14)], &[(22, 15)]);
        assert_eq!(shots(pos.raw()), (0, 0.0));
    }

    #[test]
    fn the_prime_counts_points_in_front_of_the_rearmost_opposing_checker() {
        // Our points 4..8 and 10, the opponent's rearmost checker on our 2 point: a 5-prime.
        let pos = bg(
            &[(4, 2), (5, 2), (6, 3), (7, 2), (8, 2), (10, 2), (13, 2)],
            &[(23, 2), (6, 13)],
        );
        assert_eq!(prime_in_front(pos.raw()), 5);
        // A checker of theirs escaped to our 9 point: only the 10 point is in front of it.
        let pos = bg(
            &[(4, 2), (5, 2), (6, 3), (7, 2), (8, 2), (10, 2), (13, 2)],
            &[(16, 2), (6, 13)],
        );
        assert_eq!(prime_in_front(pos.raw()), 1);
    }

    #[test]
    fn the_opponent_on_the_bar_is_worth_more_against_more_home_points() {
        // The same position with one opposing checker on the bar or on their 6 point (their
        // anchor on our 1 point keeps contact and the same prime in both): the difference is
        // pubeval's bar weight plus their_bar for the three home points we hold (4, 5, 6).
        let h = Heuristic::default();
        let w = h.weights;
        let mine = [(6, 3), (5, 2), (4, 2), (8, 2), (13, 6)];
        let on_bar = bg(&mine, &[(25, 1), (24, 2), (6, 12)]);
        let home = bg(&mine, &[(24, 2), (6, 13)]);
        let pubeval = Pubeval::new();
        let expected = pubeval.score(&on_bar, false) - pubeval.score(&home, false) + w.their_bar[3];
        let got = h.contact_bound(&on_bar) - h.contact_bound(&home);
        assert!((got - expected).abs() < 1e-4, "{got} vs {expected}");
    }

    #[test]
    fn a_play_that_breaks_contact_is_valued_by_the_race_lead() {
        // Our last back checker on our 20 point; theirs on our 19 point (their 6 point).
        // Running it to our 10 point leaves a race; the bound then adds race_lead_per_pip
        // times the lead (their pips minus ours) on top of pubeval's contact score.
        let h = Heuristic::default();
        let w = h.weights;
        let raced = bg(&[(10, 1), (6, 14)], &[(6, 15)]);
        assert!(is_race(&raced));
        let lead = 15 * 6 - (10 + 14 * 6);
        assert_eq!(race_lead(raced.raw()), lead);
        let expected = Pubeval::new().score(&raced, false) + w.race_lead_per_pip * lead as f32;
        assert!((h.contact_bound(&raced) - expected).abs() < 1e-4);
        // While contact remains, no race term: a checker of ours still behind theirs.
        let held = bg(&[(20, 1), (6, 14)], &[(6, 15)]);
        assert!(!is_race(&held));
        assert_eq!(h.contact_bound(&held), Pubeval::new().score(&held, false));
    }

    #[test]
    fn the_hit_cost_grows_with_the_shots_the_pips_and_the_opponents_board() {
        let h = Heuristic::default();
        let w = h.weights;
        // 17 shots at a blot that would lose 15 pips, no opposing home point.
        let pos = bg(&[(10, 1), (1, 14)], &[(21, 15)]);
        let expected = 17.0 / 36.0 * w.hit_per_pip * 15.0;
        assert!((h.hit_cost(&pos) - expected).abs() < 1e-5);
        // The same with two of their checkers made on their 1 point (our 24, behind the
        // blot): one home point raises the cost by the factor 1 + hit_per_home_point.
        let pos = bg(&[(10, 1), (1, 14)], &[(21, 13), (1, 2)]);
        let raised = expected * (1.0 + w.hit_per_home_point);
        assert!((h.hit_cost(&pos) - raised).abs() < 1e-5);
    }

    #[test]
    fn skipping_plays_by_their_bound_chooses_as_scoring_every_play() {
        // MOVE-9 lists: every roll of the first 60 corpus positions; the lazy choice must be
        // the plain argmax of the full contact score.
        let h = Heuristic::default();
        let corpus = include_str!("../../../../tests/data/conformance/contact-1000.txt");
        let mut plays = PlayList::default();
        let mut checked = 0;
        for id in corpus.lines().take(60) {
            let pos = Backgammon::from_id(id.trim(), Variant::Backgammon, Color::White).unwrap();
            for a in 1..=6 {
                for b in a..=6 {
                    pos.legal_plays_into(Dice::new(a, b).unwrap(), &mut plays);
                    if plays.len() < 2 {
                        continue;
                    }
                    let full = argmax(&plays, |p| h.contact_score(p.after()));
                    assert_eq!(h.best_contact(&plays), full, "{id} {a}-{b}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn the_race_switches_from_pubeval_to_the_bear_off_table_after_the_first_checker_off() {
        let h = Heuristic::default();
        // All fifteen home, none off: pubeval's race score.
        let before = bg(&[(6, 5), (5, 5), (4, 5)], &[(6, 15)]);
        let after = bg(&[(6, 4), (5, 5), (4, 5), (1, 1)], &[(6, 15)]);
        assert_eq!(
            h.race_score(&before, &after),
            Pubeval::new().score(&after, true)
        );
        // One off already: minus the table's expected rolls.
        let before = bg(&[(6, 4), (5, 5), (4, 5)], &[(6, 15)]);
        let after = bg(&[(6, 3), (5, 5), (4, 5), (1, 1)], &[(6, 15)]);
        assert_eq!(h.race_score(&before, &after), -expected_rolls(after.raw()));
    }

    #[test]
    fn in_a_bear_off_the_heuristic_takes_the_play_with_fewest_expected_rolls() {
        // OFF-1..OFF-4, eleven checkers off: two on the 6 point and two on the 2 point, roll
        // 6-1 (6/off 2/1 leaves 6, 2, 1; 6/off 6/5 leaves 5, 2, 2; and so on). The choice
        // is a play with the fewest expected rolls left.
        let pos = bg(&[(6, 2), (2, 2)], &[(6, 15)]);
        let mut plays = PlayList::default();
        pos.legal_plays_into(Dice::new(6, 1).unwrap(), &mut plays);
        let h = Heuristic::default();
        let mut rng = game_stream(0, 0, Stream::Choices);
        let i = h
            .choose(&pos, Dice::new(6, 1).unwrap(), &plays, &mut rng)
            .unwrap();
        let chosen = expected_rolls(plays[i].after().raw());
        for p in plays.iter() {
            assert!(chosen <= expected_rolls(p.after().raw()));
        }
        assert!(plays.len() >= 2);
    }
}
