//! Rollouts: many games from one position, in parallel, with streaming statistics.
//!
//! - Game `i` takes its dice and random choices from `(seed, i)` only (`base::rng`), and
//!   [`Tally`] sums integers, so a rollout gives identical results for any thread count and
//!   chunk size, and ranges of games run anywhere merge into the same totals.
//! - Memory does not grow with the number of games (unless per-game records are asked for).
//! - Games run in chunks on a rayon pool ([`crate::run::batch`]); the calling thread merges
//!   finished chunks **in game order**, reports progress and applies the stop rules. A
//!   stopped rollout keeps exactly the games of a prefix `[start, start + games)` of its
//!   range, so it can be continued.
//! - Stop rules: a wall-clock limit ([`RolloutConfig::max_seconds`]), a target standard error
//!   of the equity ([`RolloutConfig::target_std_error`], checked after each chunk in order, so
//!   the stopping point does not depend on the thread count), and the progress callback
//!   returning [`ControlFlow::Break`] (an interrupt).

use std::ops::{ControlFlow, Range};
use std::time::Duration;

use crate::base::color::Color;
use crate::base::rng::{game_stream, FirstRoll, GameDice, QuasiRolls, Stream};
use crate::play::game::{GameRules, GameRunner, Luck, NoLuck, Truncation};
use crate::play::record::GameEnd;
use crate::play::record::{win_kind_index, GameRecord, ONE, WIN_KINDS, WIN_KIND_ORDER};
use crate::policy::Policy;
use crate::rules::position::Position;
use crate::run::batch::{run_batch, std_error_of_mean, BatchConfig, BatchProgress, Totals};
use crate::run::batch::{BatchError, StopReason};
use crate::scoring::referee::Referee;

/// Streaming statistics of a set of games, from the side of the player on roll at the start
/// ("side 0"; the opponent is side 1). Every field is an integer sum, so merging is exact,
/// associative and commutative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// `win[side][kind]`: wins of each side by class (`win_kind_index`), in
    /// units of 1/[`ONE`] of a game (a settled game may add fractions).
    pub win: [[u128; WIN_KINDS]; 2],
    /// Draws, in units of 1/[`ONE`].
    pub draw: u128,
    /// Side 0's net points (cube included), in units of 1/[`ONE`].
    pub points: i128,
    /// The sum of the squares of side 0's per-game net points, in units of 1/[`ONE`]².
    pub points_sq: u128,
    /// Turns played in all games.
    pub plies: u64,
    /// Games settled by the truncation step rather than played out.
    pub settled: u64,
    /// With variance reduction: side 0's luck summed over the games, in units of 1/[`ONE`],
    /// already subtracted from `points` (and `points_sq` holds the squares of the reduced
    /// results). 0 without.
    pub luck: i128,
}

impl Tally {
    /// Adds one game, `root` being the color of side 0.
    #[inline]
    pub fn add(&mut self, record: &GameRecord, root: Color) {
        self.add_with_luck(record, root, 0);
    }

    /// Adds one game whose side 0 had `luck` (units of 1/[`ONE`]) by the dice: its points
    /// count less that luck (variance reduction).
    #[inline]
    pub fn add_with_luck(&mut self, record: &GameRecord, root: Color, luck: i64) {
        let s = record.settlement();
        for (side, color) in [(0, root), (1, !root)] {
            for (acc, &w) in self.win[side].iter_mut().zip(&s.win[color]) {
                *acc += u128::from(w);
            }
        }
        self.draw += u128::from(s.draw);
        let p = if root == Color::White {
            s.white_points
        } else {
            -s.white_points
        };
        let p = i128::from(p) - i128::from(luck);
        self.luck += i128::from(luck);
        self.points += p;
        self.points_sq += p.unsigned_abs().pow(2);
        self.plies += u64::from(record.plies);
        self.settled += u64::from(matches!(record.end, GameEnd::Settled(_)));
        self.games += 1;
    }

    /// Adds the games of `other`.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        for side in 0..2 {
            for k in 0..WIN_KINDS {
                self.win[side][k] += other.win[side][k];
            }
        }
        self.draw += other.draw;
        self.points += other.points;
        self.points_sq += other.points_sq;
        self.plies += other.plies;
        self.settled += other.settled;
        self.luck += other.luck;
    }

    /// Side 0's mean net points per game: the cubeless equity. NaN for no games: the mean of
    /// nothing is undefined, and 0 would read as an even game (the same answer as every
    /// other share of a run with nothing counted).
    #[must_use]
    pub fn equity(&self) -> f64 {
        self.points as f64 / ONE as f64 / self.games as f64
    }

    /// The standard error of [`Tally::equity`] (the sample standard deviation of the per-game
    /// points over the square root of the games); infinite below two games.
    #[must_use]
    pub fn std_error(&self) -> f64 {
        let one = ONE as f64;
        std_error_of_mean(
            self.games,
            self.points as f64 / one,
            self.points_sq as f64 / (one * one),
        )
    }

    /// The share of the games won by `side` (0 on roll at the start, 1 the opponent) in
    /// one of the classes `kinds` (`win_kind_index`); NaN for no games.
    #[must_use]
    pub fn share(&self, side: usize, kinds: &[usize]) -> f64 {
        let mass: u128 = kinds
            .iter()
            .filter_map(|&k| self.win.get(side).and_then(|w| w.get(k)))
            .sum();
        mass as f64 / ONE as f64 / self.games as f64
    }

    /// The share of drawn games; NaN for no games.
    #[must_use]
    pub fn draw_share(&self) -> f64 {
        self.draw as f64 / ONE as f64 / self.games as f64
    }

    /// Checks that the sums can come from `games` games (for a tally read back from a
    /// checkpoint): wins and draws add up to the games, a tally without settled games counts
    /// whole games only, and its points and their squares follow from its wins (a class is
    /// worth 1, 2 or 3 points,
    /// [`OutcomeKind::points`](crate::base::outcome::OutcomeKind::points)) once the luck is
    /// added back; with settled games or luck the points and squares agree (Cauchy-Schwarz).
    ///
    /// # Errors
    ///
    /// [`TallyError`] naming the first sum that does not add up.
    pub fn validate(&self) -> Result<(), TallyError> {
        let one = u128::from(ONE);
        let games = u128::from(self.games);
        // Bound every count first, so that the sums below cannot overflow.
        if self
            .win
            .iter()
            .flatten()
            .chain([&self.draw])
            .any(|&w| w > games * one)
        {
            return Err(TallyError::Games(self.games));
        }
        let total: u128 = self.win.iter().flatten().sum::<u128>() + self.draw;
        if total != games * one {
            return Err(TallyError::Games(self.games));
        }
        if self.settled > self.games {
            return Err(TallyError::Settled);
        }
        let (mut want, mut want_sq) = (0i128, 0u128);
        for (k, kind) in WIN_KIND_ORDER.iter().enumerate() {
            let v = u128::from(kind.points());
            let (a, b) = (self.win[0][k], self.win[1][k]);
            want += (v * a) as i128 - (v * b) as i128;
            want_sq += v * v * (a + b);
        }
        if self.settled == 0 && self.luck == 0 {
            let whole = self.win.iter().flatten().all(|w| w % one == 0) && self.draw % one == 0;
            if !whole {
                return Err(TallyError::Fractions);
            }
            if self.points != want || self.points_sq != want_sq * one {
                return Err(TallyError::Points);
            }
        } else {
            if self.settled == 0 && self.points + self.luck != want {
                return Err(TallyError::Points);
            }
            let n = self.games as f64;
            let (p, sq) = (self.points as f64, self.points_sq as f64);
            if p * p > n * sq * (1.0 + 1e-9) {
                return Err(TallyError::Points);
            }
        }
        Ok(())
    }
}

/// A [`Tally`] whose sums cannot come from its games ([`Tally::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TallyError {
    /// Wins and draws do not add up to the games.
    #[error("the wins and draws do not add up to the {0} games counted")]
    Games(u64),
    /// More games settled than counted.
    #[error("more games settled than counted")]
    Settled,
    /// A tally without settled games counts fractions of games.
    #[error("a tally without settled games counts fractions of games")]
    Fractions,
    /// The points (or their squares) do not follow from the wins.
    #[error("the points do not follow from the wins")]
    Points,
}

/// Per-game outcomes of a rollout, one entry per game in game order (structure of arrays):
/// the Python `gammon.GameOutcomes`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameOutcomes {
    /// +1 when side 0 (on roll at the start) won, -1 when the opponent won, 0 for a draw or a
    /// settled game.
    pub winner: Vec<i8>,
    /// The class of the result: `win_kind_index` (0..6), 6 for a draw, 7 for a
    /// settled game.
    pub kind: Vec<u8>,
    /// Side 0's net points (cube included; fractional for a settled game; less the luck of
    /// the dice with variance reduction).
    pub points: Vec<f64>,
    /// Turns played.
    pub plies: Vec<u32>,
}

/// [`GameOutcomes::kind`] of a draw.
pub const KIND_DRAW: u8 = WIN_KINDS as u8;
/// [`GameOutcomes::kind`] of a settled game.
pub const KIND_SETTLED: u8 = WIN_KINDS as u8 + 1;

impl GameOutcomes {
    fn push(&mut self, record: &GameRecord, root: Color, luck: i64) {
        let s = record.settlement();
        let p = if root == Color::White {
            s.white_points
        } else {
            -s.white_points
        } - luck;
        let (winner, kind) = match &record.end {
            GameEnd::Finished(r) => match (r.winner, win_kind_index(r.kind)) {
                (Some(w), Some(k)) => (if w == root { 1 } else { -1 }, k as u8),
                _ => (0, KIND_DRAW),
            },
            GameEnd::Settled(_) => (0, KIND_SETTLED),
        };
        self.winner.push(winner);
        self.kind.push(kind);
        self.points.push(p as f64 / ONE as f64);
        self.plies.push(record.plies);
    }

    fn append(&mut self, other: &mut GameOutcomes) {
        self.winner.append(&mut other.winner);
        self.kind.append(&mut other.kind);
        self.points.append(&mut other.points);
        self.plies.append(&mut other.plies);
    }

    /// The number of games recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.winner.len()
    }

    /// True when no game is recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.winner.is_empty()
    }
}

/// The default chunk size: 1296 games, one block of quasi-random first-and-second rolls.
pub const DEFAULT_CHUNK_SIZE: u64 = 1296;

/// The fewest games before [`RolloutConfig::target_std_error`] may stop a rollout (a standard
/// error from fewer games is too rough to trust).
pub const MIN_GAMES_FOR_TARGET: u64 = 1296;

/// How a rollout is run. The results depend on `seed`, `first_roll` and `quasi_random` (and
/// the game range), never on `threads` or `chunk_size`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutConfig {
    /// The master seed: game `i` depends on `(seed, i)` only.
    pub seed: u64,
    /// How the first roll of each game is made ([`FirstRoll::Opening`]: BG-10).
    pub first_roll: FirstRoll,
    /// Stratified first and second rolls ([`QuasiRolls`]).
    pub quasi_random: bool,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Games per chunk (the unit of work, progress and stopping).
    pub chunk_size: u64,
    /// Keep per-game [`GameOutcomes`].
    pub record_games: bool,
    /// Stop after this many seconds (keeping the chunks finished in order).
    pub max_seconds: Option<f64>,
    /// Stop at the first chunk boundary where the equity's standard error is at most this
    /// (after at least `MIN_GAMES_FOR_TARGET` games).
    pub target_std_error: Option<f64>,
}

impl RolloutConfig {
    /// The configuration with `seed` and the defaults: first roll like any other, quasi-random
    /// dice, one thread per core, chunks of `DEFAULT_CHUNK_SIZE`, no records, no stop rule.
    #[must_use]
    pub fn new(seed: u64) -> RolloutConfig {
        RolloutConfig {
            seed,
            first_roll: FirstRoll::Any,
            quasi_random: true,
            threads: 0,
            chunk_size: DEFAULT_CHUNK_SIZE,
            record_games: false,
            max_seconds: None,
            target_std_error: None,
        }
    }
}

/// What the progress callback sees.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// Games finished so far (a prefix of the range).
    pub done: u64,
    /// Games in the range.
    pub total: u64,
    /// The statistics of the finished games.
    pub tally: &'a Tally,
    /// Time since the rollout started.
    pub elapsed: Duration,
}

/// The result of [`rollout`].
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutRun {
    /// The games played: `range.start .. range.start + tally.games`.
    pub games: Range<u64>,
    /// Their statistics.
    pub tally: Tally,
    /// Per-game outcomes, when asked for.
    pub outcomes: Option<GameOutcomes>,
    /// Why the rollout stopped.
    pub stop: StopReason,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
}

/// Where a game's dice come from: the seed, the first roll and the quasi-random rolls.
pub(crate) struct GameSeed<'q> {
    pub(crate) seed: u64,
    pub(crate) first_roll: FirstRoll,
    pub(crate) quasi: Option<&'q QuasiRolls>,
}

/// Plays game `i` of `start` with the dice and random choices of `(seed, i)` and returns its
/// record and the luck of its dice for the player on roll at the start, in units of 1/[`ONE`]
/// (0 without variance reduction). The one definition of a rollout's game `i`.
pub(crate) fn play_game<P, R, Pol, T, L>(
    runner: &mut GameRunner<P>,
    start: &P,
    rules: &GameRules<'_, R, Pol, T>,
    luck: &L,
    game: &GameSeed<'_>,
    i: u64,
) -> Result<(GameRecord, i64), crate::play::game::GameError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    T: Truncation<P>,
    L: Luck<P>,
{
    let mut dice = GameDice::new(game.seed, i, game.first_roll, game.quasi);
    let mut rng = game_stream(game.seed, i, Stream::Choices);
    let (rec, white_luck) = runner.play_with_luck(start, rules, luck, &mut dice, &mut rng)?;
    let side0 = if start.turn() == Color::White {
        white_luck
    } else {
        -white_luck
    };
    Ok((rec, (side0 * ONE as f64).round() as i64))
}

/// Side 0's net points of a game less its luck, in units of 1/[`ONE`] (as [`Tally`] counts
/// them).
pub(crate) fn game_points(record: &GameRecord, root: Color, luck: i64) -> i64 {
    let s = record.settlement();
    let p = if root == Color::White {
        s.white_points
    } else {
        -s.white_points
    };
    p - luck
}

/// The totals of a chunk of games.
#[derive(Default)]
struct Chunk {
    tally: Tally,
    outcomes: Option<GameOutcomes>,
}

impl Totals for Chunk {
    fn merge(&mut self, mut other: Chunk) {
        self.tally.merge(&other.tally);
        match (&mut self.outcomes, &mut other.outcomes) {
            (Some(all), Some(more)) => all.append(more),
            (None, Some(_)) => self.outcomes = other.outcomes,
            _ => {}
        }
    }
}

/// Plays the games `games` (indices into the rollout's game sequence) from `start` and
/// returns their statistics.
///
/// `progress` is called on the calling thread after chunks are merged and at least every
/// 100 ms; returning [`ControlFlow::Break`] stops the rollout, keeping the games finished so
/// far. The statistics are from the side of the player on roll in `start`.
///
/// ```
/// use std::ops::ControlFlow;
/// use gammon_core::{GameRules, NoTruncation};
/// use gammon_core::{rollout, RolloutConfig};
/// use gammon_core::{Backgammon, Color, FirstRoll, Pubeval, StandardReferee, Variant};
///
/// let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
/// let pubeval = Pubeval::new();
/// let rules = GameRules::new(&StandardReferee, &pubeval, &NoTruncation);
/// let mut config = RolloutConfig::new(1);
/// config.first_roll = FirstRoll::Opening; // BG-10: no double on the first roll
/// let run = rollout(&start, &rules, 0..2000, &config, &mut |_| ControlFlow::Continue(()))
///     .unwrap();
/// assert_eq!(run.tally.games, 2000);
/// // The same games on one thread, in other chunks: the same totals.
/// config.threads = 1;
/// config.chunk_size = 7;
/// let again = rollout(&start, &rules, 0..2000, &config, &mut |_| ControlFlow::Continue(()))
///     .unwrap();
/// assert_eq!(again.tally, run.tally);
/// ```
///
/// # Errors
/// [`BatchError`] when the configuration cannot be run (zero chunk size, no threads).
pub fn rollout<P, R, Pol, T>(
    start: &P,
    rules: &GameRules<'_, R, Pol, T>,
    games: Range<u64>,
    config: &RolloutConfig,
    progress: &mut dyn FnMut(&Progress<'_>) -> ControlFlow<()>,
) -> Result<RolloutRun, BatchError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    T: Truncation<P>,
{
    rollout_with_luck(start, rules, &NoLuck, games, config, progress)
}

/// [`rollout`] with variance reduction: each game's points count less the luck of its dice
/// for side 0 as `luck` measures it ([`crate::EvalLuck`]), so that [`Tally::equity`] is the
/// reduced estimate and [`Tally::std_error`] its error (the win shares stay those of the games
/// as played). With [`NoLuck`] it is [`rollout`].
///
/// # Errors
/// As [`rollout`].
pub fn rollout_with_luck<P, R, Pol, T, L>(
    start: &P,
    rules: &GameRules<'_, R, Pol, T>,
    luck: &L,
    games: Range<u64>,
    config: &RolloutConfig,
    progress: &mut dyn FnMut(&Progress<'_>) -> ControlFlow<()>,
) -> Result<RolloutRun, BatchError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    T: Truncation<P>,
    L: Luck<P>,
{
    let quasi = config
        .quasi_random
        .then(|| QuasiRolls::new(config.seed, config.first_roll == FirstRoll::Opening));
    let root = start.turn();
    let record = config.record_games;
    let work = |runner: &mut GameRunner<P>, i: u64, chunk: &mut Chunk| {
        let game = GameSeed {
            seed: config.seed,
            first_roll: config.first_roll,
            quasi: quasi.as_ref(),
        };
        let (rec, luck) = play_game(runner, start, rules, luck, &game, i)?;
        chunk.tally.add_with_luck(&rec, root, luck);
        if record {
            chunk
                .outcomes
                .get_or_insert_with(GameOutcomes::default)
                .push(&rec, root, luck);
        }
        Ok(())
    };
    // The target standard error, checked after each chunk in order.
    let target = |chunk: &Chunk| {
        let t = &chunk.tally;
        config
            .target_std_error
            .filter(|&se| t.games >= MIN_GAMES_FOR_TARGET && t.std_error() <= se)
            .map(|_| StopReason::TargetStdError)
    };
    let mut report = |p: &BatchProgress<'_, Chunk>| {
        progress(&Progress {
            done: p.done,
            total: p.total,
            tally: &p.totals.tally,
            elapsed: p.elapsed,
        })
    };
    let batch = BatchConfig {
        threads: config.threads,
        chunk_size: config.chunk_size,
        max_seconds: config.max_seconds,
    };
    let run = run_batch(games, &batch, GameRunner::new, work, &target, &mut report)?;
    Ok(RolloutRun {
        games: run.items,
        tally: run.totals.tally,
        outcomes: record.then(|| run.totals.outcomes.unwrap_or_default()),
        stop: run.stop,
        elapsed: run.elapsed,
        threads: run.threads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::variant::Variant;
    use crate::play::game::NoTruncation;
    use crate::policy::{Pubeval, Random};
    use crate::rules::backgammon::Backgammon;
    use crate::scoring::referee::StandardReferee;

    #[test]
    fn an_empty_tally_has_no_equity_and_an_infinite_error() {
        let t = Tally::default();
        assert!(t.equity().is_nan() && t.share(0, &[0, 1, 2]).is_nan());
        assert!(t.std_error().is_infinite());
        assert_eq!(t.validate(), Ok(()));
    }

    #[test]
    fn validate_refuses_sums_that_cannot_come_from_the_games() {
        let one = u128::from(ONE);
        let mut t = Tally {
            games: 2,
            ..Tally::default()
        };
        t.win[0][1] = one; // a gammon won: +2
        t.win[1][0] = one; // a single lost: -1
        t.points = i128::from(ONE);
        t.points_sq = 5 * one * one;
        assert_eq!(t.validate(), Ok(()));
        assert_eq!(
            Tally { games: 3, ..t }.validate(),
            Err(TallyError::Games(3))
        );
        assert_eq!(Tally { points: 0, ..t }.validate(), Err(TallyError::Points));
        let mut huge = t;
        huge.win[0][0] = u128::MAX;
        assert_eq!(huge.validate(), Err(TallyError::Games(2)));
    }

    fn run(games: Range<u64>, threads: usize, chunk: u64, record: bool) -> RolloutRun {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let rules = GameRules::new(&StandardReferee, &Random, &NoTruncation);
        let mut config = RolloutConfig::new(42);
        config.threads = threads;
        config.chunk_size = chunk;
        config.record_games = record;
        rollout(&start, &rules, games, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
    }

    #[test]
    fn the_same_seed_gives_identical_results_for_any_thread_count_and_chunk_size() {
        let base = run(0..600, 1, 1296, true);
        assert_eq!(base.tally.games, 600);
        for (threads, chunk) in [(2, 7), (3, 64), (2, 1), (1, 100)] {
            let other = run(0..600, threads, chunk, true);
            assert_eq!(
                other.tally, base.tally,
                "{threads} threads, chunks of {chunk}"
            );
            assert_eq!(other.outcomes, base.outcomes);
        }
    }

    #[test]
    fn ranges_of_games_merge_into_the_whole() {
        let whole = run(0..500, 2, 50, true);
        let mut parts = run(300..500, 1, 33, false).tally;
        parts.merge(&run(0..300, 2, 17, false).tally);
        assert_eq!(parts, whole.tally);
    }

    #[test]
    fn outcome_counts_sum_to_the_games_played() {
        let r = run(0..400, 2, 64, true);
        let total: u128 = r.tally.win.iter().flatten().sum::<u128>() + r.tally.draw;
        assert_eq!(total, 400 * u128::from(ONE));
        let recs = r.outcomes.unwrap();
        assert_eq!(recs.len(), 400);
        let sum: f64 = recs.points.iter().sum();
        assert!((sum / 400.0 - r.tally.equity()).abs() < 1e-12);
    }

    #[test]
    fn an_interrupt_keeps_the_chunks_finished_in_order() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let rules = GameRules::new(&StandardReferee, &Random, &NoTruncation);
        let mut config = RolloutConfig::new(1);
        config.chunk_size = 10;
        config.threads = 2;
        let run = rollout(&start, &rules, 0..10_000, &config, &mut |p| {
            if p.done >= 30 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(run.stop, StopReason::Interrupted);
        assert!(run.tally.games >= 30 && run.tally.games % 10 == 0);
        assert_eq!(run.games, 0..run.tally.games);
        // The kept games are exactly the first ones of an uninterrupted rollout.
        config.threads = 1;
        let n = run.tally.games;
        let again = rollout(&start, &rules, 0..n, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(again.tally, run.tally);
    }

    #[test]
    fn the_target_standard_error_stops_at_the_same_game_for_any_thread_count() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let pubeval = Pubeval::new();
        let rules = GameRules::new(&StandardReferee, &pubeval, &NoTruncation);
        let mut config = RolloutConfig::new(9);
        config.chunk_size = 200;
        config.target_std_error = Some(0.03);
        let mut runs = Vec::new();
        for threads in [1, 2] {
            config.threads = threads;
            let r = rollout(&start, &rules, 0..1_000_000, &config, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(r.stop, StopReason::TargetStdError);
            assert!(r.tally.std_error() <= 0.03);
            runs.push(r.tally);
        }
        assert_eq!(runs[0], runs[1]);
        // It stopped at the first chunk boundary where the target was met.
        let before = runs[0].games - config.chunk_size;
        assert!(before >= MIN_GAMES_FOR_TARGET, "{before}");
        config.target_std_error = None;
        let shorter = rollout(&start, &rules, 0..before, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(shorter.tally.std_error() > 0.03);
    }

    /// A bear-off whose exact value the two-sided table gives (both sides have checkers off).
    fn exact_bearoff() -> (Backgammon, f64) {
        use crate::base::setup::Setup;
        let pos = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[(6, 2), (5, 2), (4, 2)],
            &[(6, 2), (5, 1), (3, 2)],
        ))
        .unwrap();
        let e = crate::bearoff::evaluate(&pos).unwrap();
        assert!(e.exact);
        (pos, e.equity())
    }

    #[test]
    fn off1_variance_reduction_is_unbiased_and_smaller_on_an_exact_bearoff() {
        use crate::eval::bearoff::BearoffEvaluator;
        use crate::play::luck::EvalLuck;
        use crate::policy::PerfectBearoff;
        let (pos, exact) = exact_bearoff();
        let policy = PerfectBearoff::default();
        let rules = GameRules::new(&StandardReferee, &policy, &NoTruncation);
        let config = RolloutConfig::new(3);
        let plain = rollout(&pos, &rules, 0..4000, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
        .tally;
        let luck = EvalLuck {
            evaluator: &BearoffEvaluator,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        let reduced = rollout_with_luck(&pos, &rules, &luck, 0..4000, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
        .tally;
        assert!((plain.equity() - exact).abs() < 4.0 * plain.std_error());
        // With an exact evaluator and perfect play every game's reduced result is the exact
        // value: the luck of the dice is all the variance there is.
        assert!(
            (reduced.equity() - exact).abs() < 1e-3,
            "{} {exact}",
            reduced.equity()
        );
        assert!(reduced.std_error() < plain.std_error() / 20.0);
        assert_eq!(reduced.validate(), Ok(()));
        assert_eq!(plain.win, reduced.win);
        // Reproducible: the same games on one thread in other chunks.
        let mut one = config;
        one.threads = 1;
        one.chunk_size = 77;
        let again = rollout_with_luck(&pos, &rules, &luck, 0..4000, &one, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
        .tally;
        assert_eq!(again, reduced);
    }

    #[test]
    fn off1_truncated_rollouts_with_an_exact_evaluator_are_unbiased() {
        use crate::eval::bearoff::BearoffEvaluator;
        use crate::play::truncate::PlyTruncation;
        use crate::policy::PerfectBearoff;
        let (pos, exact) = exact_bearoff();
        let policy = PerfectBearoff::default();
        let cut = PlyTruncation {
            inner: NoTruncation,
            after: Some(2),
            evaluator: &BearoffEvaluator,
            nardy: false,
            oin: false,
        };
        let rules = GameRules::new(&StandardReferee, &policy, &cut);
        let t = rollout(&pos, &rules, 0..3000, &RolloutConfig::new(9), &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
        .tally;
        assert!(t.settled > 0);
        assert!(t.plies <= 2 * t.games);
        assert!(
            (t.equity() - exact).abs() < 4.0 * t.std_error(),
            "{} {exact}",
            t.equity()
        );
    }

    #[test]
    fn a_time_limit_stops_the_rollout() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let rules = GameRules::new(&StandardReferee, &Random, &NoTruncation);
        let mut config = RolloutConfig::new(1);
        config.max_seconds = Some(0.0);
        for threads in [1, 2] {
            config.threads = threads;
            let r = rollout(&start, &rules, 0..u64::MAX / 2, &config, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(r.stop, StopReason::MaxSeconds);
            assert_eq!(r.games.start, 0);
        }
    }
}
