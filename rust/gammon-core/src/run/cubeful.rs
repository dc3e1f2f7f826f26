//! Cubeful rollouts: many money games from one position with the doubling cube in play for
//! both sides, in parallel, with streaming statistics.
//!
//! Part of layer 8, **run**. May use every layer below and `run::batch`, `run::rollout` (its
//! configuration) and `run::simulate` (its errors).
//!
//! Game `i` is played by [`GameRunner::play_position_with_cube`] from the position as it
//! stands, with the dice and random choices of a cubeless rollout's game `i` (`(seed, i)`
//! only, [`RolloutConfig`]'s first roll and quasi-random dice): before each roll the player on
//! roll may double when the cube allows it (CUBE-2, CUBE-3, CUBE-10), except before an opening
//! roll (BG-12), and the answer may be a take, a drop or (with beavers) a beaver (CUBE-4 to
//! CUBE-13). A game's result is its net points for the player on roll at the start ("side
//! 0"), cube included: a dropped double scores the value before it (CUBE-6), a game borne off
//! its level times the final cube (the Jacoby rule applied, MONEY-2).
//!
//! [`CubefulTally`] sums integers, so the result is the same for any thread count and chunk
//! size. With cube policies that never double, every game is the cubeless rollout's game and
//! the points are the same.

use std::ops::{ControlFlow, Range};
use std::time::Duration;

use crate::base::color::Color;
use crate::base::rng::FirstRoll;
use crate::base::rng::{game_stream, GameDice, QuasiRolls, Stream};
use crate::play::cube_game::CubefulRules;
use crate::play::event::NoObserver;
use crate::play::game::GameRunner;
use crate::play::record::{win_kind_index, CubefulRecord, Ending, WIN_KINDS};
use crate::policy::cube::CubePolicy;
use crate::policy::Policy;
use crate::rules::position::Position;
use crate::run::batch::StopReason;
use crate::run::batch::{run_batch, std_error_of_mean, BatchConfig, BatchProgress, Totals};
use crate::run::rollout::{RolloutConfig, MIN_GAMES_FOR_TARGET};
use crate::run::simulate::SimulationError;
use crate::scoring::cube::CubeState;
use crate::scoring::referee::Referee;
use crate::scoring::scoreboard::Scoreboard;

/// Streaming statistics of a cubeful rollout, from the side of the player on roll at the
/// start (side 0; the opponent is side 1). Integer sums only, so merging is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CubefulTally {
    /// Games counted.
    pub games: u64,
    /// Side 0's net points, cube included.
    pub points: i128,
    /// The sum of the squares of side 0's per-game net points.
    pub points_sq: u128,
    /// Games borne off, by winning side and class (`win_kind_index`).
    pub wins: [[u64; WIN_KINDS]; 2],
    /// Games won by a dropped double, by the side that won them.
    pub drops: [u64; 2],
    /// Drawn games (none in backgammon).
    pub draws: u64,
    /// The sum of the cube values the games were scored at.
    pub cube: u64,
    /// Cube offers made: doubles, beavers and raccoons.
    pub doubles: u64,
    /// Games with at least one double.
    pub doubled_games: u64,
    /// Turns played.
    pub plies: u64,
}

impl CubefulTally {
    /// Adds one game, `root` being the color of side 0.
    pub fn add(&mut self, r: &CubefulRecord, root: Color) {
        let side = |c: Color| usize::from(c != root);
        self.games += 1;
        let p = match r.winner {
            Some(w) if w == root => i128::from(r.points),
            Some(_) => -i128::from(r.points),
            None => 0,
        };
        self.points += p;
        self.points_sq += p.unsigned_abs().pow(2);
        match (r.winner, r.ending, win_kind_index(r.kind)) {
            (Some(w), Ending::Dropped, _) => self.drops[side(w)] += 1,
            (Some(w), _, Some(k)) => self.wins[side(w)][k] += 1,
            _ => self.draws += 1,
        }
        self.cube += u64::from(r.cube.value);
        self.doubles += u64::from(r.doubles);
        self.doubled_games += u64::from(r.doubles > 0);
        self.plies += u64::from(r.plies);
    }

    /// Adds the games of `other`.
    pub fn merge(&mut self, other: &CubefulTally) {
        self.games += other.games;
        self.points += other.points;
        self.points_sq += other.points_sq;
        for side in 0..2 {
            for k in 0..WIN_KINDS {
                self.wins[side][k] += other.wins[side][k];
            }
            self.drops[side] += other.drops[side];
        }
        self.draws += other.draws;
        self.cube += other.cube;
        self.doubles += other.doubles;
        self.doubled_games += other.doubled_games;
        self.plies += other.plies;
    }

    /// Side 0's mean net points per game, cube included (NaN for no games).
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        self.points as f64 / self.games as f64
    }

    /// The standard error of [`CubefulTally::points_per_game`]; infinite below two games.
    #[must_use]
    pub fn std_error(&self) -> f64 {
        std_error_of_mean(self.games, self.points as f64, self.points_sq as f64)
    }
}

/// What the progress callback of a cubeful run sees ([`cubeful_rollout`], with a
/// [`CubefulTally`]; [`crate::cube_decision_rollout`], with a
/// [`crate::CubeRolloutTally`]).
#[derive(Clone, Copy, Debug)]
pub struct TallyProgress<'a, T> {
    /// Games finished so far (a prefix of the range).
    pub done: u64,
    /// Games in the range.
    pub total: u64,
    /// The statistics of the finished games.
    pub tally: &'a T,
    /// Time since the rollout started.
    pub elapsed: Duration,
}

/// The result of a cubeful run ([`cubeful_rollout`], [`crate::cube_decision_rollout`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TallyRun<T> {
    /// The games played: `range.start .. range.start + ` the tally's games.
    pub games: Range<u64>,
    /// Their statistics.
    pub tally: T,
    /// Why the rollout stopped.
    pub stop: StopReason,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
}

/// What the progress callback of [`cubeful_rollout`] sees.
pub type CubefulProgress<'a> = TallyProgress<'a, CubefulTally>;

/// The result of [`cubeful_rollout`].
pub type CubefulRun = TallyRun<CubefulTally>;

#[derive(Default)]
struct Chunk(CubefulTally);

impl Totals for Chunk {
    fn merge(&mut self, other: Chunk) {
        self.0.merge(&other.0);
    }
}

/// Plays the money games `games` of a cubeful rollout of `start` with the cube at `cube`
/// (value and owner) and returns their statistics from the side of the player on roll.
///
/// `rules` holds the checker and cube policy of each color and the session's cube rules
/// (Jacoby, beavers, raccoons, the cap; automatic doubles have no opening throw to act on).
/// `config` is a rollout's: the seed, the first roll, quasi-random dice, threads, chunks and
/// the stop rules; [`RolloutConfig::target_std_error`] applies to the points per game divided
/// by the initial cube value (the equity per initial cube). [`RolloutConfig::record_games`] is
/// not used (no per-game records).
///
/// ```
/// use std::ops::ControlFlow;
/// use gammon_core::{cubeful_rollout, CubeRules, CubeState, CubefulRules, RolloutConfig};
/// use gammon_core::{Backgammon, ByColor, Color, KeithRace, Pubeval, StandardReferee, Variant};
/// use gammon_core::FirstRoll;
///
/// let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
/// let pubeval = Pubeval::new();
/// let rules = CubefulRules {
///     referee: &StandardReferee,
///     policies: ByColor { white: &pubeval, black: &pubeval },
///     cube_policies: ByColor { white: &KeithRace, black: &KeithRace },
///     cube_rules: CubeRules::default(),
/// };
/// let mut config = RolloutConfig::new(1);
/// config.first_roll = FirstRoll::Opening; // BG-12: no double before the opening roll
/// let run = cubeful_rollout(&start, &rules, CubeState::default(), 0..500, &config,
///     &mut |_| ControlFlow::Continue(())).unwrap();
/// assert_eq!(run.tally.games, 500);
/// config.threads = 1;
/// config.chunk_size = 17;
/// let again = cubeful_rollout(&start, &rules, CubeState::default(), 0..500, &config,
///     &mut |_| ControlFlow::Continue(())).unwrap();
/// assert_eq!(again.tally, run.tally);
/// ```
///
/// # Errors
/// [`SimulationError`] for cube rules out of range, an initial cube that is not a power of
/// two within the cap, a chunk size of 0 or threads that cannot start. A game that cannot be
/// finished stops the rollout with [`StopReason::Failed`].
pub fn cubeful_rollout<P, R, Pol, C>(
    start: &P,
    rules: &CubefulRules<'_, R, Pol, C>,
    cube: CubeState,
    games: Range<u64>,
    config: &RolloutConfig,
    progress: &mut dyn FnMut(&CubefulProgress<'_>) -> ControlFlow<()>,
) -> Result<CubefulRun, SimulationError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
{
    let cube_rules = rules.cube_rules.validate()?;
    if !cube.value.is_power_of_two() || cube.value > cube_rules.max_cube() {
        return Err(SimulationError::InitialCube {
            value: cube.value,
            max: cube_rules.max_cube(),
        });
    }
    let quasi = config
        .quasi_random
        .then(|| QuasiRolls::new(config.seed, config.first_roll == FirstRoll::Opening));
    let root = start.turn();
    let board = Scoreboard::Money;
    let work = |runner: &mut GameRunner<P>, i: u64, chunk: &mut Chunk| {
        let mut dice = GameDice::new(config.seed, i, config.first_roll, quasi.as_ref());
        let mut rng = game_stream(config.seed, i, Stream::Choices);
        let rec = runner.play_position_with_cube(
            start,
            cube,
            false,
            rules,
            &board,
            &mut dice,
            &mut rng,
            &mut NoObserver,
        )?;
        chunk.0.add(&rec, root);
        Ok(())
    };
    let unit = f64::from(cube.value);
    let target = |chunk: &Chunk| {
        let t = &chunk.0;
        config
            .target_std_error
            .filter(|&se| t.games >= MIN_GAMES_FOR_TARGET && t.std_error() / unit <= se)
            .map(|_| StopReason::TargetStdError)
    };
    let mut report = |p: &BatchProgress<'_, Chunk>| {
        progress(&CubefulProgress {
            done: p.done,
            total: p.total,
            tally: &p.totals.0,
            elapsed: p.elapsed,
        })
    };
    let batch = BatchConfig {
        threads: config.threads,
        chunk_size: config.chunk_size,
        max_seconds: config.max_seconds,
    };
    let run = run_batch(games, &batch, GameRunner::new, work, &target, &mut report)?;
    Ok(CubefulRun {
        games: run.items,
        tally: run.totals.0,
        stop: run.stop,
        elapsed: run.elapsed,
        threads: run.threads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::ByColor;
    use crate::base::setup::Setup;
    use crate::base::variant::RulesFamily;
    use crate::base::variant::Variant;
    use crate::play::game::{GameRules, NoTruncation};
    use crate::play::record::ONE;
    use crate::policy::cube::NeverDouble;
    use crate::policy::cube_kind::{BackgammonCubePolicy, CubePolicyKind};
    use crate::policy::janowski::JanowskiCube;
    use crate::policy::{NetPolicy, Pubeval};
    use crate::rules::backgammon::Backgammon;
    use crate::run::rollout::rollout;
    use crate::scoring::cube::CubeRules;
    use crate::scoring::referee::StandardReferee;

    fn go() -> impl FnMut(&CubefulProgress<'_>) -> ControlFlow<()> {
        |_| ControlFlow::Continue(())
    }

    fn bg(turn: Color, mover: &[(u8, u8)], opp: &[(u8, u8)]) -> Backgammon {
        Backgammon::from_setup(&Setup::from_points(Variant::Backgammon, turn, mover, opp)).unwrap()
    }

    #[test]
    fn cube2_with_cube_policies_that_never_double_the_points_are_the_cubeless_rollouts() {
        // Black on roll, so that side 0 is not White.
        let start = Backgammon::start(Variant::Backgammon, Color::Black).unwrap();
        let pubeval = Pubeval::new();
        let mut config = RolloutConfig::new(5);
        config.first_roll = FirstRoll::Opening;
        let cubeless = rollout(
            &start,
            &GameRules::new(&StandardReferee, &pubeval, &NoTruncation),
            0..700,
            &config,
            &mut |_| ControlFlow::Continue(()),
        )
        .unwrap()
        .tally;
        let rules = CubefulRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: &pubeval,
                black: &pubeval,
            },
            cube_policies: ByColor {
                white: &NeverDouble,
                black: &NeverDouble,
            },
            cube_rules: CubeRules::default(),
        };
        let cubeful = cubeful_rollout(
            &start,
            &rules,
            CubeState::default(),
            0..700,
            &config,
            &mut go(),
        )
        .unwrap()
        .tally;
        assert_eq!(cubeful.games, 700);
        assert_eq!(cubeful.points * i128::from(ONE), cubeless.points);
        assert_eq!(cubeful.plies, cubeless.plies);
        assert_eq!(cubeful.doubles, 0);
        for side in 0..2 {
            for k in 0..WIN_KINDS {
                assert_eq!(
                    u128::from(cubeful.wins[side][k]) * u128::from(ONE),
                    cubeless.win[side][k]
                );
            }
        }
        // At a 4-cube owned by the opponent: four times the points.
        let owned = CubeState {
            value: 4,
            owner: Some(Color::White),
        };
        let four = cubeful_rollout(&start, &rules, owned, 0..700, &config, &mut go())
            .unwrap()
            .tally;
        assert_eq!(four.points, 4 * cubeful.points);
        assert_eq!(four.cube, 4 * 700);
    }

    #[test]
    fn cube3_cube7_a_player_without_access_to_the_cube_cannot_double_and_the_result_is_exact() {
        // The player on roll has four checkers on the 2 point: only 2-2 to 6-6 bear them all
        // off (5 of 36); otherwise the opponent, one checker on the 1 point with 14 off, wins
        // next turn. The opponent owns the cube at 2, so the player on roll cannot double
        // (CUBE-3); with stratified first rolls every 36 games cover each roll once, so the
        // points are exactly 2 x (5 - 31) / 36 a game.
        let pos = bg(Color::White, &[(2, 4)], &[(1, 1)]);
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let cube = JanowskiCube::shipped_net().unwrap();
        let rules = CubefulRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: &net,
                black: &net,
            },
            cube_policies: ByColor {
                white: &cube,
                black: &cube,
            },
            cube_rules: CubeRules::default(),
        };
        let owned = CubeState {
            value: 2,
            owner: Some(Color::Black),
        };
        let mut config = RolloutConfig::new(3);
        config.threads = 2;
        let t = cubeful_rollout(&pos, &rules, owned, 0..36 * 20, &config, &mut go())
            .unwrap()
            .tally;
        assert_eq!(t.points * 36, -2 * 26 * i128::from(t.games), "{t:?}");
        assert_eq!(t.wins[0][0] * 36, 5 * t.games);
        // The player on roll cannot double a cube the opponent owns (CUBE-3). The opponent, who
        // cannot lose, redoubles in each game the player misses (31 rolls in 36) and the
        // player drops: a tie with playing on in points, which the cube model settles for the
        // double, so the points above are the same either way.
        assert_eq!(t.doubles * 36, 31 * t.games, "{t:?}");
        assert_eq!(t.doubled_games, t.doubles, "{t:?}");
    }

    fn net_rules<'a>(
        net: &'a NetPolicy,
        cube: &'a BackgammonCubePolicy,
    ) -> CubefulRules<'a, StandardReferee, NetPolicy, BackgammonCubePolicy> {
        CubefulRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: net,
                black: net,
            },
            cube_policies: ByColor {
                white: cube,
                black: cube,
            },
            cube_rules: CubeRules::default(),
        }
    }

    #[test]
    fn cube5_cube6_the_net_cube_doubles_out_a_won_race_and_plays_on_when_too_good() {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let cube = BackgammonCubePolicy::from(CubePolicyKind::Net);
        let rules = net_rules(&net, &cube);
        let config = RolloutConfig::new(8);
        // One checker on the 3 point and one on the 1 point: every roll but 2-1 bears both
        // off (34 of 36); the opponent (one checker on the 1 point, 14 off) wins on their
        // turn. Past the cash point: double, and the opponent drops, in every game (CUBE-6).
        let pos = bg(Color::White, &[(3, 1), (1, 1)], &[(1, 1)]);
        let t = cubeful_rollout(
            &pos,
            &rules,
            CubeState::default(),
            0..360,
            &config,
            &mut go(),
        )
        .unwrap()
        .tally;
        assert_eq!((t.doubles, t.drops[0], t.points), (360, 360, 360), "{t:?}");
        // Two checkers on the 1 point against 15 checkers on the opponent's 6 point: a
        // certain gammon. Too good to double: the player plays on and wins 2 points a game
        // (doubling would cash only 1).
        let pos = bg(Color::White, &[(1, 2)], &[(6, 15)]);
        let t = cubeful_rollout(
            &pos,
            &rules,
            CubeState::default(),
            0..360,
            &config,
            &mut go(),
        )
        .unwrap()
        .tally;
        assert_eq!((t.doubles, t.points, t.wins[0][1]), (0, 720, 360), "{t:?}");
    }
}
