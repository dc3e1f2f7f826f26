//! Rollouts of several positions compared on common dice: one worker plays game *i* of every
//! position, so luck the positions' games share cancels in their differences.
//!
//! Game *i* of position *k* is exactly game *i* of a rollout of that position with its seed
//! and first roll ([`crate::run::rollout`]): the same dice, the same random choices, the same
//! points. Besides each position's [`Tally`], the totals keep the exact sums of the products
//! of the games' points, `cross[a][b] = Σ_i p_a(i) · p_b(i)` (units of 1/[`ONE`]², the
//! diagonal being each tally's `points_sq`), from which the standard error of any difference
//! between two positions follows exactly. All sums are integers, so the result is the same for
//! any thread count and chunk size, and ranges of games run anywhere merge into the whole.

use std::ops::{ControlFlow, Range};
use std::time::Duration;

use crate::base::rng::{FirstRoll, QuasiRolls};
use crate::play::game::{GameRules, GameRunner, Luck, Truncation};
use crate::policy::Policy;
use crate::rules::position::Position;
use crate::run::batch::{run_batch, BatchConfig, BatchError, BatchProgress, StopReason, Totals};
use crate::run::rollout::{game_points, play_game, GameSeed, Tally, MIN_GAMES_FOR_TARGET};
use crate::scoring::referee::Referee;

#[cfg(doc)]
use crate::play::record::ONE;

/// One position of a comparison and its dice.
#[derive(Clone, Copy, Debug)]
pub struct Contender<'a, P> {
    /// The position.
    pub start: &'a P,
    /// Its master seed (the same for every position on common dice).
    pub seed: u64,
    /// Its first roll ([`FirstRoll::Opening`] from the start of a backgammon variant).
    pub first_roll: FirstRoll,
}

/// The seed of position `index` of a comparison with master seed `master`: the master seed
/// itself on common dice, else one derived from it (independent dice, to measure what the
/// common dice gain).
#[must_use]
pub const fn position_seed(master: u64, index: u64, common_dice: bool) -> u64 {
    if common_dice {
        master
    } else {
        master.wrapping_add(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(index + 1))
    }
}

/// How a comparison is run. The results depend on the contenders and `quasi_random` (and the
/// game range), never on `threads` or `chunk_size`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompareConfig {
    /// Stratified first and second rolls.
    pub quasi_random: bool,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Games (of every position) per chunk.
    pub chunk_size: u64,
    /// Stop after this many seconds (keeping the chunks finished in order).
    pub max_seconds: Option<f64>,
    /// Stop at the first chunk where every position's standard error is at most this (after
    /// at least `MIN_GAMES_FOR_TARGET` games).
    pub target_std_error: Option<f64>,
}

/// The statistics of the games of every position and the sums of products of their points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompareTotals {
    /// Each position's tally.
    pub tallies: Vec<Tally>,
    /// `cross[a][b]`, row by row (`positions × positions`).
    pub cross: Vec<i128>,
}

impl CompareTotals {
    /// The totals of no games of `positions` positions.
    #[must_use]
    pub fn empty(positions: usize) -> CompareTotals {
        CompareTotals {
            tallies: vec![Tally::default(); positions],
            cross: vec![0; positions * positions],
        }
    }

    /// The number of positions.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.tallies.len()
    }

    /// Games played (of every position).
    #[must_use]
    pub fn games(&self) -> u64 {
        self.tallies.first().map_or(0, |t| t.games)
    }

    /// `cross[a][b]`.
    #[must_use]
    pub fn cross(&self, a: usize, b: usize) -> i128 {
        self.cross[a * self.positions() + b]
    }

    /// Adds the games of `other` (of the same positions).
    pub fn add(&mut self, other: &CompareTotals) {
        if self.tallies.is_empty() {
            *self = other.clone();
            return;
        }
        for (t, o) in self.tallies.iter_mut().zip(&other.tallies) {
            t.merge(o);
        }
        for (c, o) in self.cross.iter_mut().zip(&other.cross) {
            *c += o;
        }
    }

    /// The difference between the equities of positions `a` and `b` and its standard error,
    /// from the per-game paired differences: `(n Σd² - (Σd)²) / (n (n - 1) n)`, exact in
    /// integers up to the last division. The error is 0 for `a == b`, infinite below two games.
    #[must_use]
    pub fn difference(&self, a: usize, b: usize) -> (f64, f64) {
        let (x, y) = (&self.tallies[a], &self.tallies[b]);
        let d = x.equity() - y.equity();
        let n = self.games();
        if a == b {
            return (d, 0.0);
        }
        if n < 2 {
            return (d, f64::INFINITY);
        }
        let sum_d = x.points - y.points;
        let sum_d2 = self.cross(a, a) + self.cross(b, b) - 2 * self.cross(a, b);
        let one = crate::play::record::ONE as f64;
        (d, mean_std_error(n, sum_d, sum_d2) / one)
    }
}

/// The standard error of the mean of `n` integers whose sum is `sum` and sum of squares
/// `sum_sq`: `sqrt((n sum_sq - sum²) / (n (n - 1) n))`, exact in integers up to the last
/// division (as Python's integers would give it; in floating point past `i128`). Infinite
/// below two values.
#[must_use]
pub(crate) fn mean_std_error(n: u64, sum: i128, sum_sq: i128) -> f64 {
    if n < 2 {
        return f64::INFINITY;
    }
    let nn = u128::from(n);
    let exact = nn.checked_mul(nn - 1).and_then(|x| x.checked_mul(nn)).zip(
        i128::from(n)
            .checked_mul(sum_sq)
            .zip(sum.checked_mul(sum))
            .and_then(|(p, q)| p.checked_sub(q)),
    );
    let variance = match exact {
        Some((den, spread)) => ratio(spread.max(0).unsigned_abs(), den),
        None => {
            let n = n as f64;
            ((n * sum_sq as f64 - (sum as f64).powi(2)).max(0.0)) / (n * (n - 1.0) * n)
        }
    };
    variance.sqrt()
}

/// `a / b` correctly rounded to the nearest `f64` (as Python divides two integers).
fn ratio(a: u128, b: u128) -> f64 {
    if a == 0 || b == 0 {
        return if b == 0 { f64::INFINITY } else { 0.0 };
    }
    let mut q = a / b;
    let mut r = a % b;
    let mut scale = 0i32;
    // Enough quotient bits (55: the 53 of the result, a guard bit and a sticky bit) so that
    // rounding the quotient with its remainder folded into the last bit is exact.
    while q < 1 << 55 {
        if r > u128::MAX >> 1 {
            return a as f64 / b as f64;
        }
        r <<= 1;
        q <<= 1;
        if r >= b {
            r -= b;
            q |= 1;
        }
        scale += 1;
    }
    let q = q | u128::from(r != 0);
    (q as f64) * 2f64.powi(-scale)
}

impl Totals for CompareTotals {
    fn merge(&mut self, other: CompareTotals) {
        self.add(&other);
    }
}

/// What the progress callback of [`rollout_many`] sees.
#[derive(Clone, Copy, Debug)]
pub struct CompareProgress<'a> {
    /// Games (of every position) finished so far: a prefix of the range.
    pub done: u64,
    /// Games in the range.
    pub total: u64,
    /// The totals of the finished games.
    pub totals: &'a CompareTotals,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The result of [`rollout_many`].
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRun {
    /// The games played: `range.start .. range.start + games`.
    pub games: Range<u64>,
    /// Their totals.
    pub totals: CompareTotals,
    /// Why the run stopped.
    pub stop: StopReason,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
}

/// Plays games `games` of every contender on one worker per game and returns the totals.
///
/// `luck` is the variance reduction (`NoLuck` for none); each position's points count less
/// its games' luck. `progress` is called on the calling thread after chunks are merged and at
/// least every 100 ms; [`ControlFlow::Break`] stops the run, keeping the games finished so far
/// (a prefix of the range, the same for every position).
///
/// # Errors
/// [`BatchError`] when the configuration cannot be run.
pub fn rollout_many<P, R, Pol, T, L>(
    contenders: &[Contender<'_, P>],
    rules: &GameRules<'_, R, Pol, T>,
    luck: &L,
    games: Range<u64>,
    config: &CompareConfig,
    progress: &mut dyn FnMut(&CompareProgress<'_>) -> ControlFlow<()>,
) -> Result<CompareRun, BatchError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    T: Truncation<P>,
    L: Luck<P>,
{
    let k = contenders.len();
    let quasi: Vec<Option<QuasiRolls>> = contenders
        .iter()
        .map(|c| {
            config
                .quasi_random
                .then(|| QuasiRolls::new(c.seed, c.first_roll == FirstRoll::Opening))
        })
        .collect();
    let work = |runner: &mut GameRunner<P>, i: u64, totals: &mut CompareTotals| {
        if totals.tallies.is_empty() {
            *totals = CompareTotals::empty(k);
        }
        let mut points = [0i64; 64];
        let mut many = Vec::new();
        let p: &mut [i64] = if k <= points.len() {
            &mut points[..k]
        } else {
            many.resize(k, 0);
            &mut many
        };
        for (j, c) in contenders.iter().enumerate() {
            let game = GameSeed {
                seed: c.seed,
                first_roll: c.first_roll,
                quasi: quasi[j].as_ref(),
            };
            let (rec, luck) = play_game(runner, c.start, rules, luck, &game, i)?;
            let root = c.start.turn();
            totals.tallies[j].add_with_luck(&rec, root, luck);
            p[j] = game_points(&rec, root, luck);
        }
        for a in 0..k {
            for b in 0..k {
                totals.cross[a * k + b] += i128::from(p[a]) * i128::from(p[b]);
            }
        }
        Ok(())
    };
    let target = |t: &CompareTotals| {
        config
            .target_std_error
            .filter(|&se| {
                t.games() >= MIN_GAMES_FOR_TARGET && t.tallies.iter().all(|x| x.std_error() <= se)
            })
            .map(|_| StopReason::TargetStdError)
    };
    let mut report = |p: &BatchProgress<'_, CompareTotals>| {
        progress(&CompareProgress {
            done: p.done,
            total: p.total,
            totals: p.totals,
            elapsed: p.elapsed,
        })
    };
    let batch = BatchConfig {
        threads: config.threads,
        chunk_size: config.chunk_size,
        max_seconds: config.max_seconds,
    };
    let run = run_batch(games, &batch, GameRunner::new, work, &target, &mut report)?;
    let mut totals = run.totals;
    if totals.tallies.is_empty() {
        totals = CompareTotals::empty(k);
    }
    Ok(CompareRun {
        games: run.items,
        totals,
        stop: run.stop,
        elapsed: run.elapsed,
        threads: run.threads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::variant::Variant;
    use crate::play::game::{NoLuck, NoTruncation};
    use crate::policy::Pubeval;
    use crate::rules::backgammon::Backgammon;
    use crate::run::rollout::{rollout, GameOutcomes, RolloutConfig};
    use crate::scoring::referee::StandardReferee;

    fn config(threads: usize, chunk_size: u64) -> CompareConfig {
        CompareConfig {
            quasi_random: true,
            threads,
            chunk_size,
            max_seconds: None,
            target_std_error: None,
        }
    }

    #[test]
    fn each_position_plays_the_games_of_its_own_rollout_and_the_cross_sums_are_exact() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let plays = start.legal_plays(crate::base::dice::Dice::new(3, 1).unwrap());
        let after: Vec<Backgammon> = plays.iter().take(3).map(|p| *p.after()).collect();
        let pubeval = Pubeval::new();
        let rules = GameRules::new(&StandardReferee, &pubeval, &NoTruncation);
        let seeds = [5, 5, 9];
        let contenders: Vec<Contender<'_, Backgammon>> = after
            .iter()
            .zip(seeds)
            .map(|(start, seed)| Contender {
                start,
                seed,
                first_roll: FirstRoll::Any,
            })
            .collect();
        let go = |threads, chunk| {
            rollout_many(
                &contenders,
                &rules,
                &NoLuck,
                0..300,
                &config(threads, chunk),
                &mut |_| ControlFlow::Continue(()),
            )
            .unwrap()
        };
        let whole = go(1, 1296);
        assert_eq!(go(2, 7).totals, whole.totals);
        let mut outcomes: Vec<GameOutcomes> = Vec::new();
        for c in &contenders {
            let mut rc = RolloutConfig::new(c.seed);
            rc.record_games = true;
            let r = rollout(c.start, &rules, 0..300, &rc, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(whole.totals.tallies[outcomes.len()], r.tally);
            outcomes.push(r.outcomes.unwrap());
        }
        let one = crate::play::record::ONE as f64;
        for a in 0..3 {
            for b in 0..3 {
                let want: i128 = (0..300)
                    .map(|i| {
                        let x = (outcomes[a].points[i] * one).round() as i128;
                        let y = (outcomes[b].points[i] * one).round() as i128;
                        x * y
                    })
                    .sum();
                assert_eq!(whole.totals.cross(a, b), want);
            }
        }
        assert_eq!(
            whole.totals.cross(1, 1),
            whole.totals.tallies[1].points_sq as i128
        );
        // Ranges merge into the whole.
        let mut parts = CompareTotals::default();
        for r in [0..120, 120..300] {
            let part = rollout_many(&contenders, &rules, &NoLuck, r, &config(2, 50), &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            parts.add(&part.totals);
        }
        assert_eq!(parts, whole.totals);
        let (d, se) = whole.totals.difference(0, 1);
        assert!(se.is_finite() && se > 0.0 && d.is_finite());
        assert_eq!(whole.totals.difference(2, 2).1, 0.0);
    }

    #[test]
    fn ratios_are_rounded_as_python_divides_integers() {
        assert_eq!(ratio(1, 3), 1.0 / 3.0);
        assert_eq!(ratio(10, 4), 2.5);
        // Python: (2**100 + 12345) / 7.
        let a = (1u128 << 100) + 12345;
        assert_eq!(ratio(a, 7), 1.810_929_428_897_470_5e29);
        assert_eq!(ratio(u128::MAX, 1), u128::MAX as f64);
    }
}
