//! Bulk simulation with the cube: whole matches ([`simulate_matches`]) and money games
//! ([`simulate_money`]) between two players, each a checker [`Policy`] and a [`CubePolicy`],
//! in parallel on every core.
//!
//! Part of layer 8, **run**. May use every layer below, `run::batch`, and `run::checkpoint` with
//! `run::json` (the records' JSON and its field reader, shared with the rollout records).
//!
//! The first player plays White and the second Black; the opening roll of every game decides
//! who moves first (BG-10), so neither color has an edge. Match `m` (or money game `g`) draws
//! its dice and random choices from `(seed, m)` only, through the same streams as rollouts
//! (`base::rng`), and the statistics are integer sums merged in order ([`crate::run::batch`]):
//! the same seed gives identical results for any thread count and chunk size.
//!
//! ```
//! use std::ops::ControlFlow;
//! use gammon_core::CubeRules;
//! use gammon_core::{KeithRace, NeverDouble};
//! use gammon_core::CubefulRules;
//! use gammon_core::{simulate_matches, SimConfig};
//! use gammon_core::{Backgammon, ByColor, Color, Pubeval, StandardReferee, Variant};
//!
//! let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
//! let pubeval = Pubeval::new();
//! let rules = CubefulRules {
//!     referee: &StandardReferee,
//!     policies: ByColor { white: &pubeval, black: &pubeval },
//!     cube_policies: ByColor { white: &KeithRace, black: &KeithRace },
//!     cube_rules: CubeRules::default(),
//! };
//! let mut config = SimConfig::new(7);
//! config.threads = 1;
//! let run = simulate_matches(&start, &rules, 3, true, 0..20, &config, &mut |_| {
//!     ControlFlow::Continue(())
//! })
//! .unwrap();
//! assert_eq!(run.tally.matches, 20);
//! assert_eq!(run.tally.wins.white + run.tally.wins.black, 20);
//! ```

use std::ops::Range;
use std::time::Duration;

pub(crate) mod checkpoint;
pub(crate) mod record;

use crate::base::color::{ByColor, Color};
use crate::base::rng::GameRng;
use crate::base::rng::{game_stream, FirstRoll, GameDice, Stream};
use crate::play::cube_game::CubefulRules;
use crate::play::event::NoObserver;
use crate::play::event::{GameEvent, Observer};
use crate::play::game::GameError;
use crate::play::game::GameRunner;
use crate::play::record::{win_kind_index, WIN_KINDS, WIN_KIND_ORDER};
use crate::play::record::{CubefulRecord, Ending, MatchRecord};
use crate::policy::cube::CubePolicy;
use crate::policy::Policy;
use crate::rules::position::Position;
use crate::run::batch::{run_batch, std_error_of_mean, BatchCallback, BatchConfig, Totals};
use crate::run::batch::{BatchError, StopReason};
use crate::run::rollout::MIN_GAMES_FOR_TARGET;
use crate::scoring::cube::CubeRulesError;
use crate::scoring::referee::Referee;
use crate::scoring::scoreboard::{MatchLengthError, MatchScore, Scoreboard};

/// The default number of matches per chunk.
pub const DEFAULT_MATCH_CHUNK: u64 = 64;

/// The default number of money games per chunk.
pub const DEFAULT_GAME_CHUNK: u64 = 1296;

/// How a simulation is run. The results depend on `seed` (and the range of items), never on
/// `threads` or `chunk_size`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimConfig {
    /// The master seed: match (or game) `i` depends on `(seed, i)` only.
    pub seed: u64,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Matches (or games) per chunk.
    pub chunk_size: u64,
    /// Keep per-match (or per-game) records.
    pub record: bool,
    /// Stop after this many seconds, keeping the chunks finished in order.
    pub max_seconds: Option<f64>,
    /// Stop at the first chunk (in order, after at least `MIN_GAMES_FOR_TARGET` items) where
    /// the standard error of the estimate (the first player's match-win share, or points per
    /// game) is at most this.
    pub target_std_error: Option<f64>,
}

impl SimConfig {
    /// The configuration with `seed` and the defaults: one thread per core, chunks of
    /// `DEFAULT_MATCH_CHUNK`, no records, no time limit.
    #[must_use]
    pub fn new(seed: u64) -> SimConfig {
        SimConfig {
            seed,
            threads: 0,
            chunk_size: DEFAULT_MATCH_CHUNK,
            record: false,
            max_seconds: None,
            target_std_error: None,
        }
    }
}

/// A simulation could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulationError {
    /// A cube setting is out of range.
    #[error(transparent)]
    CubeRules(#[from] CubeRulesError),
    /// The match length is out of range.
    #[error(transparent)]
    MatchLength(#[from] MatchLengthError),
    /// The chunk size is zero, or the threads cannot start.
    #[error(transparent)]
    Batch(#[from] BatchError),
    /// The variant is played without a doubling cube (Long Nardy).
    #[error("Long Nardy is played without a doubling cube: simulations play the backgammon variants, not {0}")]
    NoCube(crate::base::variant::Variant),
    /// A search depth beyond the deepest, or asked of a player whose policy does not search.
    #[error(
        "{setting}={plies} {why}: a player's {setting} is 0, 1 or 2 (up to {max}), searched by \
         the net only (checker or cube policy 'net', or a gammon.Net)"
    )]
    Plies {
        /// The setting: `"plies"` (checker play) or `"cube_plies"` (cube decisions).
        setting: &'static str,
        /// The depth asked for.
        plies: u32,
        /// What is wrong with it.
        why: String,
        /// The deepest search.
        max: u32,
    },
    /// The initial cube of a cubeful rollout is not a power of two within the cap.
    #[error(
        "the cube value must be a power of two from 1 to the cap {max}, not {value} (CUBE-10)"
    )]
    InitialCube {
        /// The value asked for.
        value: u32,
        /// The cap of the cube rules.
        max: u32,
    },
}

// ---------------------------------------------------------------------------------------
// What both simulations share
// ---------------------------------------------------------------------------------------

/// Statistics of simulated items (matches or games) that add one item at a time and merge
/// exactly: [`MatchTally`], [`MoneyTally`].
pub trait SimTally: Copy + Default + Send {
    /// What one item produces.
    type Item;
    /// Adds one item.
    fn add(&mut self, item: &Self::Item);
    /// Adds the items of `other`.
    fn merge(&mut self, other: &Self);
    /// The items counted.
    fn count(&self) -> u64;
    /// The estimate (the first player's match-win share, or points per game) and its standard
    /// error.
    fn estimate(&self) -> (f64, f64);
}

/// Per-item records, one entry per item in item order: [`MatchRecords`], [`MoneyRecords`].
pub trait SimRecords: Default + Send {
    /// What one item produces.
    type Item;
    /// Adds one item at the end.
    fn push(&mut self, item: &Self::Item);
    /// Moves the items of `other` to the end.
    fn append(&mut self, other: &mut Self);
    /// Copies the items `range` (positions in `other`) to the end.
    fn extend_from(&mut self, other: &Self, range: Range<usize>);
}

/// The totals of a chunk of items (what the progress callback sees).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimTotals<T, R> {
    /// The statistics.
    pub tally: T,
    /// Per-item records, when asked for.
    pub records: Option<R>,
}

impl<T: SimTally, R: SimRecords<Item = T::Item>> Totals for SimTotals<T, R> {
    fn merge(&mut self, mut other: Self) {
        self.tally.merge(&other.tally);
        match (&mut self.records, &mut other.records) {
            (Some(all), Some(more)) => all.append(more),
            (None, Some(_)) => self.records = other.records,
            _ => {}
        }
    }
}

/// The result of a simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct SimRun<T, R> {
    /// The matches (or games) played: a prefix of the range asked for.
    pub items: Range<u64>,
    /// Their statistics.
    pub tally: T,
    /// Per-item records, when asked for.
    pub records: Option<R>,
    /// Why the simulation stopped.
    pub stop: StopReason,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
}

/// The dice and choice streams of item `i` of a simulation with `seed`.
fn streams(seed: u64, i: u64) -> (GameDice<'static>, GameRng) {
    (
        GameDice::new(seed, i, FirstRoll::Any, None),
        game_stream(seed, i, Stream::Choices),
    )
}

/// Plays the items `items` with `play` on the batch engine and gathers their statistics.
fn run_simulation<P, T, R, F>(
    items: Range<u64>,
    config: &SimConfig,
    play: F,
    progress: &mut BatchCallback<'_, SimTotals<T, R>>,
) -> Result<SimRun<T, R>, SimulationError>
where
    P: Position,
    T: SimTally,
    R: SimRecords<Item = T::Item>,
    F: Fn(&mut GameRunner<P>, u64) -> Result<T::Item, GameError> + Sync,
{
    let record = config.record;
    let work = |runner: &mut GameRunner<P>, i: u64, totals: &mut SimTotals<T, R>| {
        let item = play(runner, i)?;
        totals.tally.add(&item);
        if record {
            totals.records.get_or_insert_with(R::default).push(&item);
        }
        Ok(())
    };
    let batch = BatchConfig {
        threads: config.threads,
        chunk_size: config.chunk_size,
        max_seconds: config.max_seconds,
    };
    let target = |t: &SimTotals<T, R>| {
        config
            .target_std_error
            .filter(|&se| t.tally.count() >= MIN_GAMES_FOR_TARGET && t.tally.estimate().1 <= se)
            .map(|_| StopReason::TargetStdError)
    };
    let run = run_batch(items, &batch, GameRunner::new, work, &target, progress)?;
    Ok(SimRun {
        items: run.items,
        tally: run.totals.tally,
        records: record.then(|| run.totals.records.unwrap_or_default()),
        stop: run.stop,
        elapsed: run.elapsed,
        threads: run.threads,
    })
}

// ---------------------------------------------------------------------------------------
// Matches
// ---------------------------------------------------------------------------------------

/// Streaming statistics of simulated matches. The first player is White. Integer sums only,
/// so merging is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MatchTally {
    /// Matches counted.
    pub matches: u64,
    /// Matches won by each player.
    pub wins: ByColor<u64>,
    /// Games played in all matches.
    pub games: u64,
    /// The sum of the squares of the games per match.
    pub games_sq: u128,
    /// Crawford games played (at most one per match).
    pub crawford_games: u64,
    /// Games ended by a dropped double.
    pub drops: u64,
    /// Cube offers made: doubles, beavers and raccoons.
    pub doubles: u64,
    /// Points scored by each player, all matches together (final scores summed).
    pub points: ByColor<u64>,
    /// Turns played in all games.
    pub plies: u64,
}

impl SimTally for MatchTally {
    type Item = MatchRecord;

    fn add(&mut self, r: &MatchRecord) {
        self.matches += 1;
        self.wins[r.winner] += 1;
        self.games += u64::from(r.games);
        self.games_sq += u128::from(r.games) * u128::from(r.games);
        self.crawford_games += u64::from(r.crawford_games);
        self.drops += u64::from(r.drops);
        self.doubles += u64::from(r.doubles);
        self.points.white += u64::from(r.score.white);
        self.points.black += u64::from(r.score.black);
        self.plies += r.plies;
    }

    fn merge(&mut self, other: &MatchTally) {
        self.matches += other.matches;
        self.wins.white += other.wins.white;
        self.wins.black += other.wins.black;
        self.games += other.games;
        self.games_sq += other.games_sq;
        self.crawford_games += other.crawford_games;
        self.drops += other.drops;
        self.doubles += other.doubles;
        self.points.white += other.points.white;
        self.points.black += other.points.black;
        self.plies += other.plies;
    }

    fn count(&self) -> u64 {
        self.matches
    }

    fn estimate(&self) -> (f64, f64) {
        (self.win_share(Color::White), self.std_error())
    }
}

impl MatchTally {
    /// The share of matches won by `player` (NaN for no matches).
    #[must_use]
    pub fn win_share(&self, player: Color) -> f64 {
        self.wins[player] as f64 / self.matches as f64
    }

    /// The standard error of [`MatchTally::win_share`] (the same for both players).
    #[must_use]
    pub fn std_error(&self) -> f64 {
        let w = self.wins.white as f64;
        std_error_of_mean(self.matches, w, w)
    }

    /// The average number of games per match (NaN for no matches).
    #[must_use]
    pub fn games_per_match(&self) -> f64 {
        self.games as f64 / self.matches as f64
    }

    /// The standard error of [`MatchTally::games_per_match`].
    #[must_use]
    pub fn games_per_match_std_error(&self) -> f64 {
        std_error_of_mean(self.matches, self.games as f64, self.games_sq as f64)
    }
}

/// Per-match records, one entry per match in match order (structure of arrays).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchRecords {
    /// The winner: 0 the first player (White), 1 the second.
    pub winner: Vec<u8>,
    /// Games played.
    pub games: Vec<u32>,
    /// The first player's final score.
    pub score_white: Vec<u32>,
    /// The second player's final score.
    pub score_black: Vec<u32>,
    /// The index of the Crawford game, -1 for none.
    pub crawford_game: Vec<i32>,
    /// Games ended by a dropped double.
    pub drops: Vec<u32>,
    /// Cube offers made.
    pub doubles: Vec<u32>,
    /// The highest cube value a game ended with.
    pub max_cube: Vec<u32>,
    /// Turns played.
    pub plies: Vec<u64>,
}

impl SimRecords for MatchRecords {
    type Item = MatchRecord;

    fn push(&mut self, r: &MatchRecord) {
        self.winner.push(r.winner as u8);
        self.games.push(r.games);
        self.score_white.push(r.score.white);
        self.score_black.push(r.score.black);
        self.crawford_game.push(
            r.crawford_game
                .map_or(-1, |g| i32::try_from(g).unwrap_or(i32::MAX)),
        );
        self.drops.push(r.drops);
        self.doubles.push(r.doubles);
        self.max_cube.push(r.max_cube);
        self.plies.push(r.plies);
    }

    fn append(&mut self, other: &mut MatchRecords) {
        self.winner.append(&mut other.winner);
        self.games.append(&mut other.games);
        self.score_white.append(&mut other.score_white);
        self.score_black.append(&mut other.score_black);
        self.crawford_game.append(&mut other.crawford_game);
        self.drops.append(&mut other.drops);
        self.doubles.append(&mut other.doubles);
        self.max_cube.append(&mut other.max_cube);
        self.plies.append(&mut other.plies);
    }

    fn extend_from(&mut self, other: &MatchRecords, r: Range<usize>) {
        self.winner.extend_from_slice(&other.winner[r.clone()]);
        self.games.extend_from_slice(&other.games[r.clone()]);
        self.score_white
            .extend_from_slice(&other.score_white[r.clone()]);
        self.score_black
            .extend_from_slice(&other.score_black[r.clone()]);
        self.crawford_game
            .extend_from_slice(&other.crawford_game[r.clone()]);
        self.drops.extend_from_slice(&other.drops[r.clone()]);
        self.doubles.extend_from_slice(&other.doubles[r.clone()]);
        self.max_cube.extend_from_slice(&other.max_cube[r.clone()]);
        self.plies.extend_from_slice(&other.plies[r]);
    }
}

impl MatchRecords {
    /// The number of matches recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.winner.len()
    }

    /// True when no match is recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.winner.is_empty()
    }
}

/// The totals of a chunk of matches (what the progress callback sees).
pub type MatchTotals = SimTotals<MatchTally, MatchRecords>;

/// The result of [`simulate_matches`].
pub type MatchRun = SimRun<MatchTally, MatchRecords>;

/// Plays match `index` of a simulation with `seed` and reports its events to `obs`: the
/// match [`simulate_matches`] plays with that index, on its own.
///
/// # Errors
/// [`GameError`] as [`GameRunner::play_match`].
#[allow(clippy::too_many_arguments)]
pub fn play_indexed_match<P, R, Pol, C, O>(
    runner: &mut GameRunner<P>,
    start: &P,
    rules: &CubefulRules<'_, R, Pol, C>,
    new_match: MatchScore,
    seed: u64,
    index: u64,
    obs: &mut O,
) -> Result<MatchRecord, GameError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
    O: Observer<P>,
{
    let (mut dice, mut rng) = streams(seed, index);
    runner.play_match(start, rules, new_match, &mut dice, &mut rng, obs)
}

/// Plays the matches `matches` (indices into the simulation's sequence) to `length` points,
/// with or without the Crawford rule, every game from `start`, and returns their statistics.
///
/// `progress` is called on the calling thread after chunks are merged and at least every
/// 100 ms; returning [`std::ops::ControlFlow::Break`] stops the simulation, keeping the
/// matches finished so far (a prefix of the range).
///
/// # Errors
/// [`SimulationError`] for cube rules or a length out of range, a chunk size of 0 or threads
/// that cannot start. A match that cannot be finished stops the simulation with
/// [`StopReason::Failed`].
pub fn simulate_matches<P, R, Pol, C>(
    start: &P,
    rules: &CubefulRules<'_, R, Pol, C>,
    length: u32,
    crawford: bool,
    matches: Range<u64>,
    config: &SimConfig,
    progress: &mut BatchCallback<'_, MatchTotals>,
) -> Result<MatchRun, SimulationError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
{
    rules.cube_rules.validate()?;
    let new_match = MatchScore::new(length, crawford)?;
    let play = |runner: &mut GameRunner<P>, m: u64| {
        let mut obs = NoObserver;
        play_indexed_match(runner, start, rules, new_match, config.seed, m, &mut obs)
    };
    run_simulation(matches, config, play, progress)
}

// ---------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------

/// Streaming statistics of simulated money games, from the first player's (White's) side.
/// Integer sums only, so merging is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoneyTally {
    /// Games counted.
    pub games: u64,
    /// The first player's net points (cube included).
    pub points: i128,
    /// The sum of the squares of the first player's per-game net points.
    pub points_sq: u128,
    /// Games borne off, by winner and class (`win_kind_index`).
    pub wins: ByColor<[u64; WIN_KINDS]>,
    /// Games won by a dropped double, by winner.
    pub drops: ByColor<u64>,
    /// Drawn games (Long Nardy's last roll only).
    pub draws: u64,
    /// The sum of the cube values the games were scored at.
    pub cube: u64,
    /// Cube offers made: doubles, beavers and raccoons.
    pub doubles: u64,
    /// Turns played.
    pub plies: u64,
}

/// The first player's net points of a game.
fn white_points(r: &CubefulRecord) -> i64 {
    match r.winner {
        Some(Color::White) => i64::from(r.points),
        Some(Color::Black) => -i64::from(r.points),
        None => 0,
    }
}

impl SimTally for MoneyTally {
    type Item = CubefulRecord;

    fn add(&mut self, r: &CubefulRecord) {
        self.games += 1;
        let p = white_points(r);
        self.points += i128::from(p);
        self.points_sq += u128::from(p.unsigned_abs()).pow(2);
        match (r.winner, r.ending, win_kind_index(r.kind)) {
            (Some(w), Ending::Dropped, _) => self.drops[w] += 1,
            (Some(w), Ending::BorneOff, Some(k)) => self.wins[w][k] += 1,
            _ => self.draws += 1,
        }
        self.cube += u64::from(r.cube.value);
        self.doubles += u64::from(r.doubles);
        self.plies += u64::from(r.plies);
    }

    fn merge(&mut self, other: &MoneyTally) {
        self.games += other.games;
        self.points += other.points;
        self.points_sq += other.points_sq;
        for c in Color::ALL {
            for k in 0..WIN_KINDS {
                self.wins[c][k] += other.wins[c][k];
            }
            self.drops[c] += other.drops[c];
        }
        self.draws += other.draws;
        self.cube += other.cube;
        self.doubles += other.doubles;
        self.plies += other.plies;
    }

    fn count(&self) -> u64 {
        self.games
    }

    fn estimate(&self) -> (f64, f64) {
        (self.points_per_game(), self.std_error())
    }
}

impl MoneyTally {
    /// The first player's average net points per game (NaN for no games).
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        self.points as f64 / self.games as f64
    }

    /// The standard error of [`MoneyTally::points_per_game`].
    #[must_use]
    pub fn std_error(&self) -> f64 {
        std_error_of_mean(self.games, self.points as f64, self.points_sq as f64)
    }
}

/// The names of the classes of [`MoneyRecords::kind`], by index: the winning classes
/// (`win_kind_index`), then a draw and a dropped double.
pub const MONEY_KIND_NAMES: [&str; WIN_KINDS + 2] = [
    WIN_KIND_ORDER[0].name(),
    WIN_KIND_ORDER[1].name(),
    WIN_KIND_ORDER[2].name(),
    WIN_KIND_ORDER[3].name(),
    WIN_KIND_ORDER[4].name(),
    WIN_KIND_ORDER[5].name(),
    "draw",
    "dropped",
];

/// [`MoneyRecords::kind`] of a draw.
pub const MONEY_KIND_DRAW: u8 = WIN_KINDS as u8;
/// [`MoneyRecords::kind`] of a dropped double.
pub const MONEY_KIND_DROPPED: u8 = WIN_KINDS as u8 + 1;

/// Per-game records of a money simulation, one entry per game in game order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoneyRecords {
    /// +1 when the first player won, -1 when the second did, 0 for a draw.
    pub winner: Vec<i8>,
    /// The class, an index into [`MONEY_KIND_NAMES`]: the kind of win for a game borne off,
    /// then a draw, then a dropped double.
    pub kind: Vec<u8>,
    /// The first player's net points.
    pub points: Vec<i32>,
    /// The cube value the game was scored at.
    pub cube: Vec<u32>,
    /// Cube offers made.
    pub doubles: Vec<u32>,
    /// Turns played.
    pub plies: Vec<u32>,
}

impl SimRecords for MoneyRecords {
    type Item = CubefulRecord;

    fn push(&mut self, r: &CubefulRecord) {
        self.winner.push(match r.winner {
            Some(Color::White) => 1,
            Some(Color::Black) => -1,
            None => 0,
        });
        self.kind.push(match (r.winner, r.ending) {
            (Some(_), Ending::Dropped) => MONEY_KIND_DROPPED,
            _ => win_kind_index(r.kind).map_or(MONEY_KIND_DRAW, |k| k as u8),
        });
        self.points
            .push(i32::try_from(white_points(r)).unwrap_or(i32::MAX));
        self.cube.push(r.cube.value);
        self.doubles.push(r.doubles);
        self.plies.push(r.plies);
    }

    fn append(&mut self, other: &mut MoneyRecords) {
        self.winner.append(&mut other.winner);
        self.kind.append(&mut other.kind);
        self.points.append(&mut other.points);
        self.cube.append(&mut other.cube);
        self.doubles.append(&mut other.doubles);
        self.plies.append(&mut other.plies);
    }

    fn extend_from(&mut self, other: &MoneyRecords, r: Range<usize>) {
        self.winner.extend_from_slice(&other.winner[r.clone()]);
        self.kind.extend_from_slice(&other.kind[r.clone()]);
        self.points.extend_from_slice(&other.points[r.clone()]);
        self.cube.extend_from_slice(&other.cube[r.clone()]);
        self.doubles.extend_from_slice(&other.doubles[r.clone()]);
        self.plies.extend_from_slice(&other.plies[r]);
    }
}

impl MoneyRecords {
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

/// The totals of a chunk of money games (what the progress callback sees).
pub type MoneyTotals = SimTotals<MoneyTally, MoneyRecords>;

/// The result of [`simulate_money`].
pub type MoneyRun = SimRun<MoneyTally, MoneyRecords>;

/// Plays money game `index` of a simulation with `seed` and reports its events to `obs`
/// (ending with [`GameEvent::GameOver`]): the game [`simulate_money`] plays with that index.
///
/// # Errors
/// [`GameError`] as [`GameRunner::play_with_cube`].
pub fn play_indexed_money_game<P, R, Pol, C, O>(
    runner: &mut GameRunner<P>,
    start: &P,
    rules: &CubefulRules<'_, R, Pol, C>,
    seed: u64,
    index: u64,
    obs: &mut O,
) -> Result<CubefulRecord, GameError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
    O: Observer<P>,
{
    let (mut dice, mut rng) = streams(seed, index);
    let board = Scoreboard::Money;
    let r = runner.play_with_cube(start, rules, &board, &mut dice, &mut rng, obs)?;
    obs.event(&GameEvent::GameOver {
        record: &r,
        board: &board,
    });
    Ok(r)
}

/// Plays the money games `games` (independent games, MONEY-1) from `start` and returns
/// their statistics from the first player's side. See [`simulate_matches`] for `progress`.
///
/// # Errors
/// [`SimulationError`] for cube rules out of range, a chunk size of 0 or threads that
/// cannot start. A game that cannot be finished stops the simulation with
/// [`StopReason::Failed`].
pub fn simulate_money<P, R, Pol, C>(
    start: &P,
    rules: &CubefulRules<'_, R, Pol, C>,
    games: Range<u64>,
    config: &SimConfig,
    progress: &mut BatchCallback<'_, MoneyTotals>,
) -> Result<MoneyRun, SimulationError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
{
    rules.cube_rules.validate()?;
    let play = |runner: &mut GameRunner<P>, g: u64| {
        let (mut dice, mut rng) = streams(config.seed, g);
        let mut obs = NoObserver;
        runner.play_with_cube(
            start,
            rules,
            &Scoreboard::Money,
            &mut dice,
            &mut rng,
            &mut obs,
        )
    };
    run_simulation(games, config, play, progress)
}
