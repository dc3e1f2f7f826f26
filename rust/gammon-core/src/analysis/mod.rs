//! Analysis of played games and matches, as GNU Backgammon analyses them: every checker play,
//! every cube action and the luck of every roll valued by a net searched 0, 1 or 2 plies
//! deep, with the errors marked and summed per player, per game and per match.
//!
//! The **analysis** layer, directly above `play` (the highest layer with `run`): it replays a
//! game record ([`GameLog`]: a game's starting [`TurnState`] and its actions, as
//! `gammon.Game` pushed them) through the turn state machine and values each decision:
//!
//! - **checker play** ([`DecisionKind::Play`]): the plays of the roll valued for the mover,
//!   the played play against the best; a forced play or a pass is a move but not a decision
//!   (gnubg's "unforced moves");
//! - **cube actions** ([`DecisionKind::NoDouble`], [`DecisionKind::Double`],
//!   [`DecisionKind::Take`], [`DecisionKind::Drop`], [`DecisionKind::Beaver`]): the
//!   no-double, double/take and double/pass equities of the player on roll and the proper
//!   action ([`CubeDecision`]), and what the action taken lost (backgammon only);
//! - **luck** ([`RollLuck`]): what the roll was worth (the value of its best play) against
//!   the average over the 21 rolls (over the 30 ways the opening roll can fall), as gnubg's
//!   `LuckAnalysis` (its `analysis.c`).
//!
//! **Units.** Every equity is gnubg's *normalised* equity ("EMG", equivalent to money game):
//! in money play the cubeful equity in units of the current cube; in match play the match
//! winning chance (MWC, through the Kazaross-XG2 table of [`crate::scoring::met`]) mapped
//! linearly so that winning a single game at the current cube is +1 and losing one -1
//! (gnubg's `mwc2eq`). Each loss also has its *cost* in the game's own unit: points in money
//! play (the loss times the cube), MWC in match play (gnubg's `eq2mwc(loss) - eq2mwc(0)`).
//!
//! **Marks and rates** follow GNU Backgammon 1.07 (its `analysis.c` and its defaults, as
//! `show analysis` prints them): a decision that loses more than 0.03 is *doubtful*, 0.06
//! *bad*, 0.12 *very bad* ([`Skill`]); a roll worth more than 0.3 above the average is
//! *lucky*, 0.6 *very lucky* ([`LuckMark`]). The checker-play error rate is the loss per
//! unforced move, the cube error rate the loss per *close* cube decision (one whose best
//! action is within 0.16 of doubling, and every double, take and drop), as gnubg's
//! statistics give them ([`PlayerStats`]).
//!
//! **Values.** Every cubeful value comes from the core's one cube model, GNU Backgammon's
//! ([`crate::policy::janowski`], searched by [`crate::policy::cube_search`]). A play is
//! valued by the mover's cubeful equity after it, the opponent's cube decision there
//! included: at 0 ply the net's outcome probabilities (exact for finished games and the
//! bear-off databases) through the cube model, as the cube search values its leaves; deeper,
//! the cube search's value of the play ([`crate::play_values`], the hint's at the score). The
//! plays of a roll are first valued at 0 ply; as gnubg's `FindnSaveBestMoves`, those that
//! stay in the [`MoveFilter`] (and always the played play) are valued again at the full
//! depth. A cube action is valued by the cube search's decision at the analysis's depth
//! ([`crate::cube_decision`], `gammon.cube_decision`'s). A game without a cube (Long Nardy,
//! or cube use off) is valued cubeless ([`NetEvaluator::after_value_plies`]).
//!
//! [`NetEvaluator::after_value_plies`]: crate::eval::net::NetEvaluator::after_value_plies
//!
//! The source: this module (the configuration and the public values), `record.rs` (the game
//! records and their replay), `value.rs` (the units, and the one seam between the analysis
//! and the cube model), `search.rs` (the evaluations, cached), `game.rs` (one game walked
//! decision by decision), `stats.rs` (the per-player statistics), `batch.rs` (many
//! matches on many threads) and `wire.rs` (an analysis as bytes, to travel between processes).
//!
//! May use: `base`, `rules`, `eval`, `variant_position`, `scoring`, `policy`, `play`.

mod batch;
mod game;
mod record;
mod search;
mod stats;
mod value;
mod wire;

#[cfg(test)]
mod tests;

pub use batch::{analyze_matches, AnalysisProgress};
pub use game::analyze_game;
pub use record::{AnalysisError, GameLog, Step};
pub use stats::{ErrorTally, MatchAnalysis, PlayerStats, Rating};
pub use wire::AnalysisWireError;

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::eval::net::NetEvaluator;
use crate::eval::Probabilities;
use crate::play::turn::GameOver;
use crate::policy::janowski::CubeDecision;
use crate::policy::{pruning_net_fits, DEFAULT_PRUNE_KEEP};
use crate::scoring::cube::CubeState;
use crate::scoring::scoreboard::Scoreboard;
use crate::variant_position::{VariantPlay, VariantPosition};

/// The deepest search the analysis offers (gnubg's analysis defaults to 2 ply).
pub const MAX_ANALYSIS_PLIES: u32 = 2;

/// gnubg 1.07's threshold of a *doubtful* decision: more than 0.03 lost (normalised equity).
pub const DOUBTFUL: f64 = 0.03;
/// gnubg 1.07's threshold of a *bad* decision: more than 0.06 lost.
pub const BAD: f64 = 0.06;
/// gnubg 1.07's threshold of a *very bad* decision: more than 0.12 lost.
pub const VERY_BAD: f64 = 0.12;
/// gnubg 1.07's threshold of a *lucky* roll: more than 0.3 above the average roll.
pub const LUCKY: f64 = 0.3;
/// gnubg 1.07's threshold of a *very lucky* roll: more than 0.6 above the average roll.
pub const VERY_LUCKY: f64 = 0.6;
/// gnubg's bound of a *close* cube decision (its `isCloseCubedecision`): the best action is
/// less than this better than doubling.
pub const CLOSE_CUBE: f64 = 0.16;

/// How a decision is marked by the equity it lost (gnubg's `Skill`: strictly more than the
/// threshold).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Skill {
    /// At most [`DOUBTFUL`] lost (gnubg leaves it unmarked).
    #[default]
    None,
    /// More than [`DOUBTFUL`].
    Doubtful,
    /// More than [`BAD`].
    Bad,
    /// More than [`VERY_BAD`].
    VeryBad,
}

impl Skill {
    /// The mark of a decision that lost `loss` (normalised equity, at least 0).
    #[must_use]
    pub fn of(loss: f64) -> Skill {
        if loss > VERY_BAD {
            Skill::VeryBad
        } else if loss > BAD {
            Skill::Bad
        } else if loss > DOUBTFUL {
            Skill::Doubtful
        } else {
            Skill::None
        }
    }

    /// The marks in order, unmarked first (the index of [`PlayerStats::checker_marks`]).
    pub const ALL: [Skill; 4] = [Skill::None, Skill::Doubtful, Skill::Bad, Skill::VeryBad];

    /// gnubg's word for the mark: `""`, `"doubtful"`, `"bad"`, `"very bad"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Skill::None => "",
            Skill::Doubtful => "doubtful",
            Skill::Bad => "bad",
            Skill::VeryBad => "very bad",
        }
    }

    /// True for a decision marked doubtful or worse: an error.
    #[must_use]
    pub const fn is_error(self) -> bool {
        !matches!(self, Skill::None)
    }
}

/// How a roll is marked by its luck (gnubg's `Luck`: strictly beyond the threshold).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LuckMark {
    /// More than [`VERY_LUCKY`] below the average roll.
    VeryUnlucky,
    /// More than [`LUCKY`] below the average.
    Unlucky,
    /// Within [`LUCKY`] of the average.
    #[default]
    None,
    /// More than [`LUCKY`] above the average.
    Lucky,
    /// More than [`VERY_LUCKY`] above the average.
    VeryLucky,
}

impl LuckMark {
    /// The mark of a roll whose luck is `luck` (normalised equity).
    #[must_use]
    pub fn of(luck: f64) -> LuckMark {
        if luck > VERY_LUCKY {
            LuckMark::VeryLucky
        } else if luck > LUCKY {
            LuckMark::Lucky
        } else if luck < -VERY_LUCKY {
            LuckMark::VeryUnlucky
        } else if luck < -LUCKY {
            LuckMark::Unlucky
        } else {
            LuckMark::None
        }
    }

    /// The marks in order, very unlucky first (the index of [`PlayerStats::luck_marks`]).
    pub const ALL: [LuckMark; 5] = [
        LuckMark::VeryUnlucky,
        LuckMark::Unlucky,
        LuckMark::None,
        LuckMark::Lucky,
        LuckMark::VeryLucky,
    ];

    /// gnubg's word for the mark: `"very unlucky"`, `"unlucky"`, `""`, `"lucky"`, `"very
    /// lucky"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LuckMark::VeryUnlucky => "very unlucky",
            LuckMark::Unlucky => "unlucky",
            LuckMark::None => "",
            LuckMark::Lucky => "lucky",
            LuckMark::VeryLucky => "very lucky",
        }
    }
}

pub use crate::policy::MoveFilter;

/// What an analysis searches: its depth and, per depth below it, the plays that go on.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisConfig {
    /// The depth of the values: 0 (the net alone), 1 or 2 plies (each ply the 21 rolls of
    /// the player to move, answered by their best play at 0 ply).
    pub plies: u32,
    /// `filters[k]`: the plays that go on after they are valued at `k` plies (`None`: no
    /// values at that depth), for `k` below `plies`. A filter missing from the end is `None`.
    pub filters: Vec<Option<MoveFilter>>,
    /// The plays of each roll the shipped pruning net keeps inside the searches of 1 ply or
    /// more (`crate::policy::cube_search`'s pruning; `Some(0)`: none, every play ranked by the
    /// nets; `None`: [`DEFAULT_PRUNE_KEEP`]), with the shipped backgammon nets only: nets of
    /// one's own are never pruned ([`crate::pruning_net_fits`], as the searched policy).
    pub prune: Option<usize>,
}

impl AnalysisConfig {
    /// gnubg's analysis filter at 0 ply (its default "large" move filter: 16 plays within
    /// 0.32).
    pub const WIDE: MoveFilter = MoveFilter {
        keep: 16,
        within: 0.32,
    };

    /// The analysis at `plies` with gnubg's default analysis filters: every play within 0.32
    /// of the best at 0 ply (16 at most) is valued at the full depth, with nothing in between.
    #[must_use]
    pub fn new(plies: u32) -> AnalysisConfig {
        AnalysisConfig {
            plies,
            filters: (0..plies)
                .map(|k| (k == 0).then_some(AnalysisConfig::WIDE))
                .collect(),
            prune: None,
        }
    }

    /// The plays of a roll the pruning keeps when `nets` analyse (0: no pruning; see
    /// [`AnalysisConfig::prune`]).
    #[must_use]
    pub fn prune_keep(&self, nets: &NetEvaluator) -> usize {
        if pruning_net_fits(nets) {
            self.prune.unwrap_or(DEFAULT_PRUNE_KEEP)
        } else {
            0
        }
    }

    /// The filter applied after valuing the plays at `ply` plies (`None` for no values there).
    #[must_use]
    pub fn filter(&self, ply: u32) -> Option<MoveFilter> {
        self.filters.get(ply as usize).copied().flatten()
    }
}

/// What a decision was: the action a player took at a point where the analysis values the
/// alternatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// A checker play with a choice (two distinct plays or more).
    Play,
    /// The player on roll could double and rolled instead.
    NoDouble,
    /// The player on roll doubled.
    Double,
    /// The doubled player took.
    Take,
    /// The doubled player dropped (passed).
    Drop,
    /// The doubled player beavered (a take that redoubles, CUBE-12); valued as a take.
    Beaver,
}

impl DecisionKind {
    /// The kinds in order, checker play first (the codes of the decision arrays).
    pub const ALL: [DecisionKind; 6] = [
        DecisionKind::Play,
        DecisionKind::NoDouble,
        DecisionKind::Double,
        DecisionKind::Take,
        DecisionKind::Drop,
        DecisionKind::Beaver,
    ];

    /// The kind's word: `"play"`, `"no double"`, `"double"`, `"take"`, `"drop"`, `"beaver"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DecisionKind::Play => "play",
            DecisionKind::NoDouble => "no double",
            DecisionKind::Double => "double",
            DecisionKind::Take => "take",
            DecisionKind::Drop => "drop",
            DecisionKind::Beaver => "beaver",
        }
    }

    /// True for the cube actions.
    #[must_use]
    pub const fn is_cube(self) -> bool {
        !matches!(self, DecisionKind::Play)
    }
}

/// A close cube decision (gnubg's `isCloseCubedecision`): the best action is less than
/// [`CLOSE_CUBE`] better than doubling (the opponent answering properly).
#[must_use]
pub fn is_close_cube(d: &CubeDecision) -> bool {
    d.best() - d.doubled() < CLOSE_CUBE
}

/// A play of a roll with its value for the mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The play.
    pub play: VariantPlay,
    /// The mover's cubeless probabilities after it (the opponent to roll).
    pub probabilities: Probabilities,
    /// The mover's cubeful normalised equity after it.
    pub equity: f64,
    /// The depth it was valued at.
    pub plies: u32,
}

/// One decision of a game and what the analysis made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// What the player did.
    pub kind: DecisionKind,
    /// The player who decided.
    pub player: Color,
    /// The index of the action in the game record ([`GameLog::steps`]).
    pub step: usize,
    /// The move number of the game (the turn of the player on roll, from 1), as a `.mat`
    /// file numbers its lines.
    pub move_number: u32,
    /// The position, its player on roll (for a take or drop: the doubler).
    pub position: VariantPosition,
    /// The roll of a checker play.
    pub dice: Option<Dice>,
    /// The cube before the decision (for a take or drop: before the double).
    pub cube: CubeState,
    /// The match or session, as it stood when the game began.
    pub board: Scoreboard,
    /// The plays valued, best first (checker plays).
    pub candidates: Vec<Candidate>,
    /// The index of the played play in `candidates` (checker plays).
    pub played: Option<usize>,
    /// The number of distinct legal plays (checker plays).
    pub legal_plays: usize,
    /// The cube decision (cube actions), from the doubler's side: the no double,
    /// double/take and double/pass equities and the proper actions, as
    /// [`crate::cube_decision`] makes it at the analysis's depth.
    pub cube_decision: Option<CubeDecision>,
    /// The normalised equity the decision lost (at least 0).
    pub loss: f64,
    /// The loss in the game's unit: points in money play, match winning chance in a match.
    pub cost: f64,
    /// The mark of the loss.
    pub skill: Skill,
}

impl Decision {
    /// The best candidate (checker plays).
    #[must_use]
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }

    /// The played candidate (checker plays).
    #[must_use]
    pub fn played_candidate(&self) -> Option<&Candidate> {
        self.played.and_then(|i| self.candidates.get(i))
    }
}

/// The luck of one roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RollLuck {
    /// The player who rolled (at the opening: the player who won it).
    pub player: Color,
    /// The index of the roll in the game record ([`GameLog::steps`]).
    pub step: usize,
    /// The move number of the game.
    pub move_number: u32,
    /// The roll.
    pub dice: Dice,
    /// True for the opening roll, whose average is over the 30 ways it can fall.
    pub opening: bool,
    /// The roller's normalised equity before the roll: the average over the rolls of the
    /// best play's value (at 0 ply, cubeful).
    pub before: f64,
    /// The roll's value (its best play's) minus `before`.
    pub luck: f64,
    /// The luck in the game's unit (points or match winning chance).
    pub cost: f64,
    /// The roller's standing before the roll in the game's unit: their expected points
    /// (money; the normalised equity times the cube) or match winning chance (match).
    pub standing: f64,
    /// The mark of the luck.
    pub mark: LuckMark,
}

/// One game analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The match or session, as it stood when the game began.
    pub board: Scoreboard,
    /// The decisions, in the order they were taken.
    pub decisions: Vec<Decision>,
    /// The rolls' luck, in order.
    pub rolls: Vec<RollLuck>,
    /// How the game ended, if it did.
    pub result: Option<GameOver>,
    /// Each player's statistics.
    pub stats: crate::base::color::ByColor<PlayerStats>,
    /// The depth of the analysis.
    pub plies: u32,
}
