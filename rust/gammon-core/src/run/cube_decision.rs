//! Rolled-out cube decisions: the player on roll's no double, double/take and double/pass (and
//! double/beaver where beavers are on) compared on common dice, as GNU Backgammon rolls out a
//! cube decision.
//!
//! Part of layer 8, **run**. May use every layer below, `run::batch`, `run::rollout` (its
//! configuration), `run::cubeful` (its statistics) and `run::compare` (the paired standard
//! error).
//!
//! Game `i` is played once per line by one worker, every line with the dice and random choices
//! of `(seed, i)` (the streams of a cubeful rollout's game `i`):
//! - **no double**: the cube as it is; the player on roll rolls at once;
//! - **double/take**: the cube doubled and owned by the taker (CUBE-5); the doubler rolls;
//! - **double/beaver** (money play with beavers on, CUBE-12): the cube at four times its value,
//!   owned by the doubler; the doubler rolls.
//!
//! After that first roll both sides play on with their checker and cube policies (doubles,
//! takes, drops and beavers as the cube rules say, Jacoby included, MONEY-2). Double/pass is
//! exact: the cube's value won (+1 a cube in money play, CUBE-6), or in a match the match
//! winning chance of winning it, from the match equity table at the score.
//!
//! A game's value is the player on roll's net points (money play, or a match beyond the
//! table) or their match winning chance after the game (a match within the table), in fixed
//! point ([`MWC_SCALE`]) so that every sum is an integer: besides each line's
//! [`CubefulTally`], [`CubeRolloutTally`] keeps the sums of the values and of their pairwise
//! products, from which the standard error of the difference between two lines follows exactly
//! (the paired error, smaller than the unpaired one when the dice are shared). The result is
//! the same for any thread count and chunk size, and ranges of games run anywhere merge into
//! the whole.

use std::ops::{ControlFlow, Range};

use crate::base::color::Color;
use crate::base::rng::{game_stream, FirstRoll, GameDice, QuasiRolls, Stream};
use crate::eval::Probabilities;
use crate::play::cube_game::CubefulRules;
use crate::play::event::NoObserver;
use crate::play::game::GameRunner;
use crate::play::record::{CubefulRecord, WIN_KINDS};
use crate::policy::cube::CubePolicy;
use crate::policy::janowski::{CubeDecision, CubeInfo};
use crate::policy::Policy;
use crate::rules::position::Position;
use crate::run::batch::{run_batch, BatchConfig, BatchProgress, StopReason, Totals};
use crate::run::compare::mean_std_error;
use crate::run::cubeful::{CubefulTally, TallyProgress, TallyRun};
use crate::run::rollout::{RolloutConfig, MIN_GAMES_FOR_TARGET};
use crate::run::simulate::SimulationError;
use crate::scoring::cube::CubeState;
use crate::scoring::met::{match_winning_chance, mwc_after};
use crate::scoring::referee::Referee;
use crate::scoring::scoreboard::Scoreboard;

/// The lines rolled out: no double, double/take, double/beaver.
pub const LINES: usize = 3;

/// Index of the no-double line.
pub const NO_DOUBLE: usize = 0;
/// Index of the double/take line.
pub const DOUBLE_TAKE: usize = 1;
/// Index of the double/beaver line (rolled out in money play with beavers on only).
pub const DOUBLE_BEAVER: usize = 2;

/// The fixed-point unit of a match winning chance in [`CubeRolloutTally`]'s sums: a game's
/// value is `round(mwc * MWC_SCALE)` (2^32; the rounding is far below any standard error).
pub const MWC_SCALE: f64 = 4_294_967_296.0;

/// Why the player on roll cannot double here, so that there is no cube decision to roll out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubeRolloutError {
    /// The player on roll may not double: the message names the rule.
    #[error("no cube decision to roll out: {0}")]
    Unavailable(String),
    /// The run cannot start (cube rules out of range, a chunk size of 0, threads).
    #[error(transparent)]
    Run(#[from] SimulationError),
}

/// The statistics of a cube-decision rollout: each line's cubeful statistics and the exact sums
/// of the games' values and their products. Integer sums only, so merging is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CubeRolloutTally {
    /// Each line's statistics, from the side of the player on roll (the beaver line's are
    /// empty when it is not rolled out).
    pub lines: [CubefulTally; LINES],
    /// The sum of each line's game values (points, or match winning chances times
    /// [`MWC_SCALE`], rounded).
    pub sum: [i128; LINES],
    /// `cross[a][b]`: the sum over the games of the product of line `a`'s and line `b`'s
    /// values.
    pub cross: [[i128; LINES]; LINES],
}

impl CubeRolloutTally {
    /// Games counted (of every line rolled out).
    #[must_use]
    pub fn games(&self) -> u64 {
        self.lines[NO_DOUBLE].games
    }

    /// Adds the games of `other` (of the same decision).
    pub fn merge(&mut self, other: &CubeRolloutTally) {
        for l in 0..LINES {
            self.lines[l].merge(&other.lines[l]);
            self.sum[l] += other.sum[l];
            for m in 0..LINES {
                self.cross[l][m] += other.cross[l][m];
            }
        }
    }

    /// Adds one game: the record and the value of each line rolled out.
    fn add(&mut self, games: &[(CubefulRecord, i128)], root: Color) {
        for (l, (rec, v)) in games.iter().enumerate() {
            self.lines[l].add(rec, root);
            self.sum[l] += v;
            for (m, (_, w)) in games.iter().enumerate() {
                self.cross[l][m] += v * w;
            }
        }
    }

    /// The sums hold together: the lines rolled out count the same games, the others none,
    /// a line's squares bound its sum, and in money play (`money`) the values are the points.
    ///
    /// # Errors
    /// A sentence naming what does not hold.
    pub fn validate(&self, beaver_line: bool, money: bool) -> Result<(), String> {
        let n = self.games();
        for l in 0..LINES {
            let rolled = l != DOUBLE_BEAVER || beaver_line;
            let want = if rolled { n } else { 0 };
            if self.lines[l].games != want {
                return Err(format!(
                    "line {l} counts {} games, not {want}",
                    self.lines[l].games
                ));
            }
            if !rolled && (self.sum[l] != 0 || self.cross[l].iter().any(|&c| c != 0)) {
                return Err(format!("line {l} is not rolled out but has values"));
            }
            if money && (self.sum[l] != self.lines[l].points) {
                return Err(format!("line {l}'s values are not its points"));
            }
            let (s, q) = (self.sum[l] as f64, self.cross[l][l] as f64);
            if q < 0.0 || s * s > n as f64 * q * (1.0 + 1e-9) {
                return Err(format!("line {l}'s values do not follow from its games"));
            }
            for m in 0..LINES {
                if self.cross[l][m] != self.cross[m][l] {
                    return Err("the sums of products are not symmetric".to_string());
                }
            }
        }
        Ok(())
    }

    /// The statistics of the decision `info` (the cube and score the games started from, the
    /// player on roll): the values, normalised equities, standard errors and the proper action.
    /// `cube_life` is the position's cube life, for the take point only.
    #[must_use]
    pub fn summary(&self, info: &CubeInfo, cube_life: f64) -> CubeRolloutSummary {
        let n = self.games();
        let money = info.table_match().is_none();
        let beaver_line = beaver_line(info);
        // One game value in the unit of `cubeful_equity`: money points per current cube, MWC.
        let unit = if money {
            f64::from(info.cube.value.max(1))
        } else {
            MWC_SCALE
        };
        let slope = info.normalised(1.0) - info.normalised(0.0);
        let value = |l: usize| self.sum[l] as f64 / n as f64 / unit;
        let error = |l: usize| mean_std_error(n, self.sum[l], self.cross[l][l]) / unit;
        let dp = info.pass_value();
        let mut values = [value(NO_DOUBLE), value(DOUBLE_TAKE), dp, f64::NAN];
        let mut errors = [error(NO_DOUBLE), error(DOUBLE_TAKE), 0.0, f64::NAN];
        if beaver_line {
            values[3] = value(DOUBLE_BEAVER);
            errors[3] = error(DOUBLE_BEAVER);
        }
        let probabilities = self.probabilities();
        let decision = CubeDecision::from_values(
            info,
            [values[0], values[1], values[2]],
            probabilities,
            0,
            cube_life,
        );
        let equities = [
            decision.no_double,
            decision.double_take,
            decision.double_pass,
            info.normalised(values[3]),
        ];
        let diff = |a: usize, b: usize| {
            let d = self.sum[a] - self.sum[b];
            let d2 = self.cross[a][a] + self.cross[b][b] - 2 * self.cross[a][b];
            mean_std_error(n, d, d2) / unit * slope.abs()
        };
        let unpaired = (errors[0].powi(2) + errors[1].powi(2)).sqrt() * slope.abs();
        CubeRolloutSummary {
            games: n,
            values,
            equities,
            std_errors: errors.map(|e| e * slope.abs()),
            mwc: (!money).then_some(values),
            difference: (equities[0] - equities[1], diff(NO_DOUBLE, DOUBLE_TAKE)),
            unpaired_std_error: unpaired,
            decision,
            beaver_line,
        }
    }

    /// The shares of the no-double line's endings, for the player on roll: a game won by a
    /// dropped double counts as a single win.
    #[must_use]
    pub fn probabilities(&self) -> Probabilities {
        let t = &self.lines[NO_DOUBLE];
        let n = t.games.max(1) as f64;
        let share = |x: u64| (x as f64 / n) as f32;
        let sum = |side: usize, from: usize| t.wins[side][from..].iter().sum::<u64>();
        let draws = share(t.draws);
        Probabilities {
            win: share(sum(0, 0) + t.drops[0]),
            win_gammon: share(sum(0, 1)),
            win_backgammon: share(t.wins[0][2..WIN_KINDS].iter().sum()),
            lose_gammon: share(sum(1, 1)),
            lose_backgammon: share(t.wins[1][2..WIN_KINDS].iter().sum()),
            draw: draws,
        }
    }
}

/// A cube-decision rollout's statistics as they are printed (see
/// [`CubeRolloutTally::summary`]). Equities are normalised as GNU Backgammon prints them:
/// money play in points per unit of the current cube (double/pass +1), match play in EMG.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeRolloutSummary {
    /// Games rolled out (of every line).
    pub games: u64,
    /// No double, double/take, double/pass, double/beaver (NaN when not rolled out) in the
    /// unit of `cubeful_equity`: money points per current cube, or match winning chances.
    pub values: [f64; 4],
    /// The same, normalised.
    pub equities: [f64; 4],
    /// The standard errors of the normalised equities (double/pass is exact: 0).
    pub std_errors: [f64; 4],
    /// Match play: the match winning chances of the four lines.
    pub mwc: Option<[f64; 4]>,
    /// No double minus double/take (normalised) and its standard error from the paired games.
    pub difference: (f64, f64),
    /// The standard error the difference would have on independent dice.
    pub unpaired_std_error: f64,
    /// The proper action, decided from the rolled-out equities as GNU Backgammon decides.
    pub decision: CubeDecision,
    /// The double/beaver line was rolled out (money play with beavers on).
    pub beaver_line: bool,
}

impl CubeRolloutSummary {
    /// How sure the doubler's action is: the margin of doubling (the lesser of double/take and
    /// double/pass) over no double, in standard errors of the difference (positive: doubling
    /// is better).
    #[must_use]
    pub fn double_confidence(&self) -> f64 {
        let [nd, dt, dp, _] = self.equities;
        if dp < dt {
            // The double is passed: double/pass is exact, the error is no double's.
            (dp - nd) / self.std_errors[NO_DOUBLE]
        } else {
            (dt - nd) / self.difference.1
        }
    }

    /// How sure the taker's action is: the margin of double/pass over double/take in standard
    /// errors of double/take (positive: the take is right).
    #[must_use]
    pub fn take_confidence(&self) -> f64 {
        let [_, dt, dp, _] = self.equities;
        (dp - dt) / self.std_errors[DOUBLE_TAKE]
    }
}

/// Whether the double/beaver line is rolled out: money play with beavers on (CUBE-12).
#[must_use]
pub fn beaver_line(info: &CubeInfo) -> bool {
    info.table_match().is_none() && info.board.is_money() && info.rules.beavers
}

/// Checks that the player on roll may double: else says which rule forbids it.
///
/// # Errors
/// [`CubeRolloutError::Unavailable`] naming the rule.
pub fn check_decision(info: &CubeInfo) -> Result<(), CubeRolloutError> {
    if info.may_double() {
        return Ok(());
    }
    let no = |m: &str| Err(CubeRolloutError::Unavailable(m.to_string()));
    let m = info.board.as_match();
    if m.is_some_and(|m| m.is_over()) {
        return no("the match is over (MATCH-1)");
    }
    if !info.rules.enabled {
        return no("cube use is off, so nobody may double (CUBE-2)");
    }
    if info.cube.owner == Some(!info.player) {
        return no("the opponent owns the cube, so the player on roll may not double (CUBE-3)");
    }
    if info.cube.value.saturating_mul(2) > info.rules.max_cube() {
        return no("the cube is at its cap (CUBE-10)");
    }
    if info.board.is_crawford_game() {
        return no("nobody may double in the Crawford game (MATCH-3)");
    }
    no("a double is dead at this score: the cube's value already wins the match (MATCH-7)")
}

/// What the progress callback of [`cube_decision_rollout`] sees.
pub type CubeRolloutProgress<'a> = TallyProgress<'a, CubeRolloutTally>;

/// The result of [`cube_decision_rollout`].
pub type CubeRolloutRun = TallyRun<CubeRolloutTally>;

#[derive(Default)]
struct Chunk(CubeRolloutTally);

impl Totals for Chunk {
    fn merge(&mut self, other: Chunk) {
        self.0.merge(&other.0);
    }
}

/// A game's value for `root` (see the module documentation).
fn game_value(rec: &CubefulRecord, root: Color, info: &CubeInfo) -> i128 {
    match info.table_match() {
        None => match rec.winner {
            Some(w) if w == root => i128::from(rec.points),
            Some(_) => -i128::from(rec.points),
            None => 0,
        },
        Some(m) => {
            let mwc = match rec.winner {
                Some(w) => mwc_after(m, root, w, rec.points),
                None => match_winning_chance(m, root),
            };
            (mwc.unwrap_or(0.5) * MWC_SCALE).round() as i128
        }
    }
}

/// Rolls out the cube decision of the player on roll in `start` with the cube at `cube` in a
/// game of `board` (see the module documentation): games `games`, each line of game `i` with
/// the dice of `(config.seed, i)`.
///
/// `rules` holds the checker and cube policies by color and the session's cube rules (a match
/// drops the money-only options, CUBE-11). `config` is a rollout's: the seed, quasi-random
/// dice, threads, chunks and the stop rules; [`RolloutConfig::target_std_error`] applies to
/// the standard error of no double minus double/take (normalised);
/// [`RolloutConfig::record_games`] is not used. The first roll must not be an opening roll:
/// nobody may double before it (BG-12).
///
/// ```
/// use std::ops::ControlFlow;
/// use gammon_core::{cube_decision_rollout, CubeRules, CubeState, CubefulRules, RolloutConfig};
/// use gammon_core::{Backgammon, ByColor, Color, KeithRace, Pubeval, Scoreboard};
/// use gammon_core::{StandardReferee, Variant};
///
/// let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
/// let pubeval = Pubeval::new();
/// let rules = CubefulRules {
///     referee: &StandardReferee,
///     policies: ByColor { white: &pubeval, black: &pubeval },
///     cube_policies: ByColor { white: &KeithRace, black: &KeithRace },
///     cube_rules: CubeRules::default(),
/// };
/// let config = RolloutConfig::new(1);
/// let run = cube_decision_rollout(&start, &rules, CubeState::default(), &Scoreboard::Money,
///     0..144, &config, &mut |_| ControlFlow::Continue(())).unwrap();
/// assert_eq!(run.tally.games(), 144);
/// ```
///
/// # Errors
/// [`CubeRolloutError::Unavailable`] when the player on roll may not double (the opponent owns
/// the cube, the Crawford game, ...) or the first roll is an opening roll;
/// [`CubeRolloutError::Run`] for cube rules out of range, a cube that is not a power of two
/// within the cap, a chunk size of 0 or threads that cannot start. A game that cannot be
/// finished stops the rollout with [`StopReason::Failed`].
#[allow(clippy::too_many_lines)]
pub fn cube_decision_rollout<P, R, Pol, C>(
    start: &P,
    rules: &CubefulRules<'_, R, Pol, C>,
    cube: CubeState,
    board: &Scoreboard,
    games: Range<u64>,
    config: &RolloutConfig,
    progress: &mut dyn FnMut(&CubeRolloutProgress<'_>) -> ControlFlow<()>,
) -> Result<CubeRolloutRun, CubeRolloutError>
where
    P: Position,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
{
    let cube_rules = rules.cube_rules.validate().map_err(SimulationError::from)?;
    if !cube.value.is_power_of_two() || cube.value > cube_rules.max_cube() {
        return Err(SimulationError::InitialCube {
            value: cube.value,
            max: cube_rules.max_cube(),
        }
        .into());
    }
    let root = start.turn();
    let info = CubeInfo::new(cube, root, *board, cube_rules);
    if start.is_game_over() {
        return Err(CubeRolloutError::Unavailable(
            "the game is over (BG-14)".to_string(),
        ));
    }
    if config.first_roll == FirstRoll::Opening {
        return Err(CubeRolloutError::Unavailable(
            "the first roll is an opening roll, and nobody may double before it (BG-12)"
                .to_string(),
        ));
    }
    check_decision(&info)?;
    let mut lines = vec![cube, info.doubled().cube];
    if beaver_line(&info) {
        lines.push(CubeState {
            value: cube.value.saturating_mul(4),
            owner: Some(root),
        });
    }
    let quasi = config
        .quasi_random
        .then(|| QuasiRolls::new(config.seed, false));
    let work = |runner: &mut GameRunner<P>, i: u64, chunk: &mut Chunk| {
        let mut played: [Option<(CubefulRecord, i128)>; LINES] = [None; LINES];
        for (l, &at) in lines.iter().enumerate() {
            let mut dice = GameDice::new(config.seed, i, config.first_roll, quasi.as_ref());
            let mut rng = game_stream(config.seed, i, Stream::Choices);
            let rec = runner.play_position_with_cube(
                start,
                at,
                true,
                rules,
                board,
                &mut dice,
                &mut rng,
                &mut NoObserver,
            )?;
            played[l] = Some((rec, game_value(&rec, root, &info)));
        }
        let played: Vec<(CubefulRecord, i128)> = played.iter().flatten().copied().collect();
        chunk.0.add(&played, root);
        Ok(())
    };
    let target = |chunk: &Chunk| {
        config
            .target_std_error
            .filter(|&se| {
                chunk.0.games() >= MIN_GAMES_FOR_TARGET
                    && chunk.0.summary(&info, 0.0).difference.1 <= se
            })
            .map(|_| StopReason::TargetStdError)
    };
    let mut report = |p: &BatchProgress<'_, Chunk>| {
        progress(&CubeRolloutProgress {
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
    let run = run_batch(games, &batch, GameRunner::new, work, &target, &mut report)
        .map_err(SimulationError::from)?;
    Ok(CubeRolloutRun {
        games: run.items,
        tally: run.totals.0,
        stop: run.stop,
        elapsed: run.elapsed,
        threads: run.threads,
    })
}

pub(crate) mod record;

#[cfg(test)]
mod tests;
