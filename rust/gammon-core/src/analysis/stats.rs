//! The statistics of one player over a game or a match, as gnubg keeps them (its
//! `statcontext`, `analysis.c` and `formatgs.c`): moves and unforced moves, the loss of checker
//! play and cube actions with their marks, the cube errors by kind, the luck, the result and
//! the luck-adjusted result; and the error rates and the rating derived from them.

use crate::analysis::{GameAnalysis, LuckMark, Skill};
use crate::base::color::ByColor;

/// How many decisions of one kind of error and what they lost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ErrorTally {
    /// The decisions.
    pub count: u32,
    /// Their loss in normalised equity.
    pub loss: f64,
    /// Their loss in the game's unit (points or match winning chance).
    pub cost: f64,
}

impl ErrorTally {
    /// Counts one decision that lost `loss` (`cost` in the game's unit).
    pub fn add(&mut self, loss: f64, cost: f64) {
        self.count += 1;
        self.loss += loss;
        self.cost += cost;
    }

    fn merge(&mut self, other: &ErrorTally) {
        self.count += other.count;
        self.loss += other.loss;
        self.cost += other.cost;
    }
}

/// One player's statistics over a game or a match. Losses are in normalised equity (gnubg's
/// "EMG"), costs in the game's unit: points in money play, match winning chance in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerStats {
    /// Checker moves, forced ones and passes included (gnubg's "total moves").
    pub moves: u32,
    /// Moves with a choice of two plays or more (gnubg's "unforced moves").
    pub unforced: u32,
    /// The loss of the checker plays.
    pub checker_loss: f64,
    /// The cost of the checker plays.
    pub checker_cost: f64,
    /// The moves by mark: none, doubtful, bad, very bad ([`Skill::ALL`]).
    pub checker_marks: [u32; 4],
    /// Cube decisions: the turns the player could double, and each double, take and drop.
    pub cube_decisions: u32,
    /// Close cube decisions (gnubg's "close or actual"): the turns the right action was
    /// within 0.16 of doubling, and every double, take and drop.
    pub close_cube: u32,
    /// Doubles made.
    pub doubles: u32,
    /// Doubles taken (beavers included).
    pub takes: u32,
    /// Doubles dropped.
    pub drops: u32,
    /// Missed doubles where the opponent would take (below the cash point).
    pub missed_double_below_cash: ErrorTally,
    /// Missed doubles where the opponent should pass (above the cash point).
    pub missed_double_above_cash: ErrorTally,
    /// Wrong doubles below the double point.
    pub wrong_double_below_double_point: ErrorTally,
    /// Wrong doubles above the too-good point (playing on was better).
    pub wrong_double_above_too_good: ErrorTally,
    /// Takes that should have been drops.
    pub wrong_take: ErrorTally,
    /// Drops that should have been takes.
    pub wrong_drop: ErrorTally,
    /// The loss of the cube actions.
    pub cube_loss: f64,
    /// The cost of the cube actions.
    pub cube_cost: f64,
    /// The cube actions by mark ([`Skill::ALL`]).
    pub cube_marks: [u32; 4],
    /// Rolls.
    pub rolls: u32,
    /// The sum of the rolls' luck (normalised).
    pub luck: f64,
    /// The luck in the game's unit.
    pub luck_cost: f64,
    /// The rolls by mark, very unlucky first ([`LuckMark::ALL`]).
    pub luck_marks: [u32; 5],
    /// The result: points won (money) or match winning chance gained (match), negative for
    /// a loss.
    pub result: f64,
    /// The result less the player's luck and plus the opponent's (gnubg's luck-adjusted
    /// result).
    pub luck_adjusted: f64,
}

impl PlayerStats {
    /// Adds the statistics of `other` (another game).
    pub fn merge(&mut self, other: &PlayerStats) {
        self.moves += other.moves;
        self.unforced += other.unforced;
        self.checker_loss += other.checker_loss;
        self.checker_cost += other.checker_cost;
        for (a, b) in self.checker_marks.iter_mut().zip(other.checker_marks) {
            *a += b;
        }
        self.cube_decisions += other.cube_decisions;
        self.close_cube += other.close_cube;
        self.doubles += other.doubles;
        self.takes += other.takes;
        self.drops += other.drops;
        self.missed_double_below_cash
            .merge(&other.missed_double_below_cash);
        self.missed_double_above_cash
            .merge(&other.missed_double_above_cash);
        self.wrong_double_below_double_point
            .merge(&other.wrong_double_below_double_point);
        self.wrong_double_above_too_good
            .merge(&other.wrong_double_above_too_good);
        self.wrong_take.merge(&other.wrong_take);
        self.wrong_drop.merge(&other.wrong_drop);
        self.cube_loss += other.cube_loss;
        self.cube_cost += other.cube_cost;
        for (a, b) in self.cube_marks.iter_mut().zip(other.cube_marks) {
            *a += b;
        }
        self.rolls += other.rolls;
        self.luck += other.luck;
        self.luck_cost += other.luck_cost;
        for (a, b) in self.luck_marks.iter_mut().zip(other.luck_marks) {
            *a += b;
        }
        self.result += other.result;
        self.luck_adjusted += other.luck_adjusted;
    }

    /// The checker-play error rate: loss per unforced move (0 without any), normalised
    /// (gnubg prints it times 1000 as "mEMG").
    #[must_use]
    pub fn checker_error_rate(&self) -> f64 {
        per(self.checker_loss, self.unforced)
    }

    /// The checker-play error rate in the game's unit (points or match winning chance per
    /// unforced move).
    #[must_use]
    pub fn checker_cost_rate(&self) -> f64 {
        per(self.checker_cost, self.unforced)
    }

    /// The cube error rate: loss per close cube decision (0 without any), normalised.
    #[must_use]
    pub fn cube_error_rate(&self) -> f64 {
        per(self.cube_loss, self.close_cube)
    }

    /// The cube error rate in the game's unit.
    #[must_use]
    pub fn cube_cost_rate(&self) -> f64 {
        per(self.cube_cost, self.close_cube)
    }

    /// The overall error rate: checker and cube loss per unforced move and close cube
    /// decision, normalised.
    #[must_use]
    pub fn overall_error_rate(&self) -> f64 {
        per(
            self.checker_loss + self.cube_loss,
            self.unforced + self.close_cube,
        )
    }

    /// The overall error rate in the game's unit.
    #[must_use]
    pub fn overall_cost_rate(&self) -> f64 {
        per(
            self.checker_cost + self.cube_cost,
            self.unforced + self.close_cube,
        )
    }

    /// The moves marked `skill`.
    #[must_use]
    pub fn checker_marked(&self, skill: Skill) -> u32 {
        self.checker_marks[skill as usize]
    }

    /// The rolls marked `mark`.
    #[must_use]
    pub fn luck_marked(&self, mark: LuckMark) -> u32 {
        self.luck_marks[mark as usize]
    }

    /// gnubg's rating of the overall error rate, or `None` without a decision.
    #[must_use]
    pub fn rating(&self) -> Option<Rating> {
        (self.unforced + self.close_cube > 0).then(|| Rating::of(self.overall_error_rate()))
    }
}

fn per(total: f64, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        total / f64::from(n)
    }
}

/// gnubg 1.07's rating of an error rate (its `GetRating`, `analysis.c`): the first level whose
/// bound the rate is below (normalised equity per decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rating {
    /// At least 0.035.
    Awful,
    /// Below 0.035.
    Beginner,
    /// Below 0.026.
    CasualPlayer,
    /// Below 0.018.
    Intermediate,
    /// Below 0.012.
    Advanced,
    /// Below 0.008.
    Expert,
    /// Below 0.005.
    WorldClass,
    /// Below 0.002.
    Supernatural,
}

impl Rating {
    /// The ratings from the worst, with the bound a rate must be below to reach each.
    const BOUNDS: [(Rating, f64); 8] = [
        (Rating::Awful, f64::INFINITY),
        (Rating::Beginner, 0.035),
        (Rating::CasualPlayer, 0.026),
        (Rating::Intermediate, 0.018),
        (Rating::Advanced, 0.012),
        (Rating::Expert, 0.008),
        (Rating::WorldClass, 0.005),
        (Rating::Supernatural, 0.002),
    ];

    /// The rating of an error rate `rate` (normalised equity per decision).
    #[must_use]
    pub fn of(rate: f64) -> Rating {
        Rating::BOUNDS
            .iter()
            .rev()
            .find(|(_, bound)| rate < *bound)
            .map_or(Rating::Awful, |(r, _)| *r)
    }

    /// gnubg's name: "Awful!", "Beginner", "Casual player", "Intermediate", "Advanced",
    /// "Expert", "World class", "Supernatural".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rating::Awful => "Awful!",
            Rating::Beginner => "Beginner",
            Rating::CasualPlayer => "Casual player",
            Rating::Intermediate => "Intermediate",
            Rating::Advanced => "Advanced",
            Rating::Expert => "Expert",
            Rating::WorldClass => "World class",
            Rating::Supernatural => "Supernatural",
        }
    }
}

/// A whole match (or money session) analysed: its games and each player's totals.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchAnalysis {
    /// The games, in order.
    pub games: Vec<GameAnalysis>,
    /// Each player's statistics over all games.
    pub stats: ByColor<PlayerStats>,
    /// The depth of the analysis.
    pub plies: u32,
}

impl MatchAnalysis {
    /// The match of `games`, totals summed.
    #[must_use]
    pub fn from_games(games: Vec<GameAnalysis>, plies: u32) -> MatchAnalysis {
        let mut stats: ByColor<PlayerStats> = ByColor::default();
        for g in &games {
            stats.white.merge(&g.stats.white);
            stats.black.merge(&g.stats.black);
        }
        MatchAnalysis {
            games,
            stats,
            plies,
        }
    }
}
