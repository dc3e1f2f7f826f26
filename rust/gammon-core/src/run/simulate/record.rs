//! What decides a simulation and what it found: [`SimSetup`] and [`SimRecord`].
//!
//! A simulation's matches (or money games) are decided by its variant, its format (matches to
//! a length, with or without the Crawford rule, or money games), its two players, its seed and
//! its cube rules: [`SimSetup`]. The players are named (`"pubeval+race"`: checker play, then
//! cube), so that a setup can be compared, written to a checkpoint and read back without the
//! policies themselves. Two simulations with equal setups play the same item *i* for every *i*:
//! their records merge exactly ([`SimRecord::merge`]) and a checkpoint of one continues as the
//! other. [`SimSetup::mismatches`] lists the fields in which two setups differ.

use std::fmt;
use std::ops::Range;

use crate::base::color::Color;
use crate::base::variant::{RulesFamily, Variant};
use crate::policy::cube_searched::MAX_CUBE_POLICY_PLIES;
use crate::policy::{DEFAULT_PRUNE_KEEP, MAX_POLICY_PLIES};
use crate::run::batch::StopReason;
use crate::run::checkpoint::join_ranges;
use crate::run::simulate::{
    MatchRecords, MatchTally, MoneyRecords, MoneyTally, SimRecords, SimRun, SimTally,
    SimulationError,
};
use crate::scoring::cube::CubeRules;
use crate::scoring::scoreboard::MatchScore;

/// The two-sided 95% normal quantile: an interval of ±`Z95` standard errors holds the mean
/// with 95% confidence.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Matches to a length, or independent money games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimFormat {
    /// Matches to `length` points, with the Crawford rule when `crawford` (MATCH-1, MATCH-3).
    Match {
        /// The points a player needs to win.
        length: u32,
        /// The Crawford rule is in force.
        crawford: bool,
    },
    /// Independent money games (MONEY-1).
    Money,
}

impl SimFormat {
    /// What the items of a simulation are: `"matches"` or `"games"`.
    #[must_use]
    pub const fn unit(self) -> &'static str {
        match self {
            SimFormat::Match { .. } => "matches",
            SimFormat::Money => "games",
        }
    }

    /// One item: `"match"` or `"game"`.
    #[must_use]
    pub const fn item(self) -> &'static str {
        match self {
            SimFormat::Match { .. } => "match",
            SimFormat::Money => "game",
        }
    }
}

/// What decides a simulation's matches or games (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SimSetup {
    /// The variant played (a backgammon variant: Long Nardy has no cube).
    pub variant: Variant,
    /// Matches to a length, or money games.
    pub format: SimFormat,
    /// The players by name, the first (White) then the second: `"pubeval+race"`.
    pub players: [String; 2],
    /// The master seed: item `i` depends on `(seed, i)` only.
    pub seed: u64,
    /// The cube rules asked for (a match plays without the money options, CUBE-11).
    pub cube_rules: CubeRules,
    /// How deep each player's checker play searches, the first player's then the second's
    /// (0 to [`MAX_POLICY_PLIES`]; above 0 the net's policy, [`crate::NetPolicy::with_plies`]).
    pub plies: [u32; 2],
    /// How deep each player's cube decisions are searched (0 to [`MAX_CUBE_POLICY_PLIES`];
    /// above 0 the net's cube policy, [`crate::SearchedCube`]).
    pub cube_plies: [u32; 2],
    /// How many replies of each roll the pruning net keeps for the full nets inside each
    /// player's checker-play search (0: none; [`crate::DEFAULT_PRUNE_KEEP`] unless asked
    /// otherwise, [`SimSetup::DEFAULT_PRUNE`]; the shipped backgammon nets only,
    /// [`crate::NetPolicy::with_prune`]).
    pub prune: [u32; 2],
}

/// A field in which two setups differ, with both values written as the Python API spells
/// them (`'pubeval+race'`, `True`, `64`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupMismatch {
    /// The field: `"seed"`, `"players"`, `"cube_rules.jacoby"`, ...
    pub field: &'static str,
    /// The value of the setup asked about.
    pub here: String,
    /// The value of the other setup.
    pub there: String,
}

impl fmt::Display for SetupMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}={1} and {0}={2}", self.field, self.here, self.there)
    }
}

/// The mismatches of a list, joined for a message: `seed=1 and seed=2, length=3 and length=5`.
#[must_use]
pub fn describe_mismatches(m: &[SetupMismatch]) -> String {
    m.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `'text'`, as Python's `repr` writes a plain string.
fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn py_bool(b: bool) -> String {
    if b { "True" } else { "False" }.to_owned()
}

impl SimSetup {
    /// The pruning of both players' searches unless asked otherwise:
    /// [`crate::DEFAULT_PRUNE_KEEP`] replies a roll.
    pub const DEFAULT_PRUNE: [u32; 2] = [DEFAULT_PRUNE_KEEP as u32; 2];

    /// Whether the pruning net prunes a player's search (its checker play or its cube
    /// decisions searched, its pruning not off): the simulations whose games the screen before
    /// the pruning net decides ([`crate::DEFAULT_PRUNE_SCREEN`]).
    #[must_use]
    pub fn prunes_a_search(&self) -> bool {
        (0..2).any(|i| self.prune[i] > 0 && (self.plies[i] > 0 || self.cube_plies[i] > 0))
    }

    /// Checks that the setup can be played: a backgammon variant, a match length from 1 to
    /// `MAX_MATCH_LENGTH` (MATCH-1), cube rules in range.
    ///
    /// # Errors
    /// [`SimulationError`] naming the problem.
    pub fn validate(&self) -> Result<(), SimulationError> {
        if self.variant.family() != RulesFamily::Backgammon {
            return Err(SimulationError::NoCube(self.variant));
        }
        if let SimFormat::Match { length, crawford } = self.format {
            MatchScore::new(length, crawford)?;
        }
        self.cube_rules.validate()?;
        let depths = [
            ("plies", self.plies, MAX_POLICY_PLIES),
            ("cube_plies", self.cube_plies, MAX_CUBE_POLICY_PLIES),
        ];
        for (setting, pair, max) in depths {
            if let Some(&plies) = pair.iter().find(|&&n| n > max) {
                return Err(SimulationError::Plies {
                    setting,
                    plies,
                    why: "is too deep".to_owned(),
                    max,
                });
            }
        }
        Ok(())
    }

    /// The fields in which `self` and `other` differ, each with both values (empty when the
    /// setups are equal).
    #[must_use]
    pub fn mismatches(&self, other: &SimSetup) -> Vec<SetupMismatch> {
        let mut out = Vec::new();
        let mut check = |field: &'static str, here: String, there: String| {
            if here != there {
                out.push(SetupMismatch { field, here, there });
            }
        };
        check(
            "variant",
            quoted(self.variant.name()),
            quoted(other.variant.name()),
        );
        let (a, b) = (self.format, other.format);
        check("simulation", quoted(a.unit()), quoted(b.unit()));
        if let (
            SimFormat::Match {
                length: la,
                crawford: ca,
            },
            SimFormat::Match {
                length: lb,
                crawford: cb,
            },
        ) = (a, b)
        {
            check("length", la.to_string(), lb.to_string());
            check("crawford", py_bool(ca), py_bool(cb));
        }
        let pair = |p: &[String; 2]| format!("({}, {})", quoted(&p[0]), quoted(&p[1]));
        check("players", pair(&self.players), pair(&other.players));
        check("seed", self.seed.to_string(), other.seed.to_string());
        let depths = |p: [u32; 2]| format!("({}, {})", p[0], p[1]);
        check("plies", depths(self.plies), depths(other.plies));
        check(
            "cube_plies",
            depths(self.cube_plies),
            depths(other.cube_plies),
        );
        check("prune", depths(self.prune), depths(other.prune));
        let (r, s) = (&self.cube_rules, &other.cube_rules);
        check(
            "cube_rules.max_cube",
            r.max_cube().to_string(),
            s.max_cube().to_string(),
        );
        check("cube_rules.jacoby", py_bool(r.jacoby), py_bool(s.jacoby));
        check("cube_rules.beavers", py_bool(r.beavers), py_bool(s.beavers));
        check(
            "cube_rules.raccoons",
            py_bool(r.raccoons),
            py_bool(s.raccoons),
        );
        check(
            "cube_rules.max_beavers",
            r.max_beavers.to_string(),
            s.max_beavers.to_string(),
        );
        check(
            "cube_rules.auto_doubles",
            r.auto_doubles.to_string(),
            s.auto_doubles.to_string(),
        );
        check("cube_rules.enabled", py_bool(r.enabled), py_bool(s.enabled));
        check(
            "cube_rules.refuse_dead_cube",
            py_bool(r.refuse_dead_cube),
            py_bool(s.refuse_dead_cube),
        );
        check(
            "cube_rules.gnubg_raccoon_owner",
            py_bool(r.gnubg_raccoon_owner),
            py_bool(s.gnubg_raccoon_owner),
        );
        out
    }
}

/// Two records that cannot merge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimMergeError {
    /// The setups differ.
    #[error("only simulations of the same setup merge; they differ in {}", describe_mismatches(.0))]
    Setup(Vec<SetupMismatch>),
    /// Items would count twice.
    #[error("{unit} {}..{} overlap {unit} {}..{}: each may be counted only once", .a.start, .a.end, .b.start, .b.end)]
    Overlap {
        /// `"matches"` or `"games"`.
        unit: &'static str,
        /// One range.
        a: Range<u64>,
        /// The range it overlaps.
        b: Range<u64>,
    },
}

/// A simulation's result: what decided it, the items it holds and their statistics, per-item
/// records when kept, and how the run went.
#[derive(Clone, Debug, PartialEq)]
pub struct SimRecord<T, R> {
    /// What decides the items.
    pub setup: SimSetup,
    /// Their statistics.
    pub tally: T,
    /// Per-item records in item order, when kept.
    pub records: Option<R>,
    /// The items held: sorted, disjoint, adjacent ranges joined (one empty range for none).
    pub ranges: Vec<Range<u64>>,
    /// The items asked for.
    pub requested: u64,
    /// Why the simulation stopped (never [`StopReason::Failed`]: a failure is an error).
    pub stop: StopReason,
    /// Wall-clock seconds.
    pub elapsed: f64,
    /// Worker threads used.
    pub threads: u64,
}

/// The record of a match simulation.
pub type MatchSimRecord = SimRecord<MatchTally, MatchRecords>;

/// The record of a money simulation.
pub type MoneySimRecord = SimRecord<MoneyTally, MoneyRecords>;

impl<T: SimTally, R: SimRecords<Item = T::Item>> SimRecord<T, R> {
    /// The record of a run of `setup` that asked for `requested` items.
    #[must_use]
    pub fn from_run(setup: SimSetup, run: SimRun<T, R>, requested: u64) -> SimRecord<T, R> {
        SimRecord {
            setup,
            tally: run.tally,
            records: run.records,
            ranges: vec![run.items],
            requested,
            stop: run.stop,
            elapsed: run.elapsed.as_secs_f64(),
            threads: run.threads as u64,
        }
    }

    /// The items counted.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.tally.count()
    }

    /// The first item held (where the record starts).
    #[must_use]
    pub fn first(&self) -> u64 {
        self.ranges.first().map_or(0, |r| r.start)
    }

    /// The index after the last item held (where a resume starts).
    #[must_use]
    pub fn next(&self) -> u64 {
        self.ranges.last().map_or(0, |r| r.end)
    }

    /// Both records' items: exact, in any order the same statistics. Per-item records are
    /// kept when both have them (in item order).
    ///
    /// # Errors
    /// [`SimMergeError`] naming the setups' differences, or the items that overlap.
    pub fn merge(&self, other: &SimRecord<T, R>) -> Result<SimRecord<T, R>, SimMergeError> {
        let m = self.setup.mismatches(&other.setup);
        if !m.is_empty() {
            return Err(SimMergeError::Setup(m));
        }
        let unit = self.setup.format.unit();
        let all = self.ranges.iter().chain(&other.ranges).cloned().collect();
        let ranges = join_ranges(all).map_err(|(a, b)| SimMergeError::Overlap { unit, a, b })?;
        let mut tally = self.tally;
        tally.merge(&other.tally);
        let records = match (&self.records, &other.records) {
            (Some(a), Some(b)) => Some(interleave(&self.ranges, a, &other.ranges, b)),
            _ => None,
        };
        let interrupted = |s: StopReason| s == StopReason::Interrupted;
        Ok(SimRecord {
            setup: self.setup.clone(),
            tally,
            records,
            ranges,
            requested: self.requested + other.requested,
            stop: if interrupted(self.stop) || interrupted(other.stop) {
                StopReason::Interrupted
            } else {
                StopReason::Completed
            },
            elapsed: self.elapsed + other.elapsed,
            threads: self.threads.max(other.threads),
        })
    }
}

/// The per-item records of two records that do not overlap, in item order.
fn interleave<R: SimRecords>(ra: &[Range<u64>], a: &R, rb: &[Range<u64>], b: &R) -> R {
    // Each side's records are its ranges' items in order: cut them into one piece a range.
    let mut pieces: Vec<(u64, bool, Range<usize>)> = Vec::new();
    for (side, ranges) in [(false, ra), (true, rb)] {
        let mut at = 0usize;
        for r in ranges {
            let n = usize::try_from(r.end - r.start).unwrap_or(usize::MAX);
            pieces.push((r.start, side, at..at + n));
            at += n;
        }
    }
    pieces.sort_by_key(|p| p.0);
    let mut out = R::default();
    for (_, side, range) in pieces {
        out.extend_from(if side { b } else { a }, range);
    }
    out
}

impl MatchTally {
    /// The 95% confidence interval of the first player's share of matches won
    /// ([`MatchTally::win_share`]): ±[`Z95`] standard errors. When one player
    /// won every match the standard error is 0 and says nothing; the interval is then the
    /// exact one-sided 95% bound of the other player's share, `1 - 0.05^(1/n)` (about `3/n`,
    /// the "rule of three"): `(1 - bound, 1)` or `(0, bound)`. NaN for no matches.
    #[must_use]
    pub fn win_interval(&self) -> (f64, f64) {
        let n = self.matches;
        if n == 0 {
            return (f64::NAN, f64::NAN);
        }
        if let Some(winner) = self.sweep() {
            let bound = one_sided_bound(n);
            return if winner == Color::White {
                (1.0 - bound, 1.0)
            } else {
                (0.0, bound)
            };
        }
        let (w, half) = (self.win_share(Color::White), Z95 * self.std_error());
        (w - half, w + half)
    }

    /// The player who won every match (of at least one), if one did.
    #[must_use]
    pub fn sweep(&self) -> Option<Color> {
        if self.matches == 0 {
            None
        } else if self.wins.white == self.matches {
            Some(Color::White)
        } else if self.wins.black == self.matches {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// The exact one-sided 95% upper bound of a probability never seen in `n` trials:
/// `1 - 0.05^(1/n)` (Clopper-Pearson; about `3/n`, the "rule of three").
#[must_use]
pub fn one_sided_bound(n: u64) -> f64 {
    1.0 - 0.05f64.powf(1.0 / n as f64)
}

impl MoneyTally {
    /// The 95% confidence interval of the first player's points per game: ±[`Z95`] standard
    /// errors (NaN for no games).
    #[must_use]
    pub fn points_interval(&self) -> (f64, f64) {
        let (p, half) = (self.points_per_game(), Z95 * self.std_error());
        (p - half, p + half)
    }
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // item ranges, not their items
mod tests {
    use super::*;
    use crate::base::color::ByColor;

    fn setup() -> SimSetup {
        SimSetup {
            variant: Variant::Backgammon,
            format: SimFormat::Match {
                length: 5,
                crawford: true,
            },
            players: ["pubeval+race".to_owned(), "random+never".to_owned()],
            seed: 7,
            cube_rules: CubeRules::default(),
            plies: [0, 0],
            cube_plies: [0, 0],
            prune: SimSetup::DEFAULT_PRUNE,
        }
    }

    #[test]
    fn equal_setups_have_no_mismatch_and_each_difference_is_named_with_both_values() {
        let a = setup();
        assert!(a.mismatches(&a.clone()).is_empty());
        let mut b = setup();
        b.seed = 8;
        b.format = SimFormat::Match {
            length: 7,
            crawford: false,
        };
        b.players[1] = "net+net".to_owned();
        b.cube_rules.jacoby = true;
        b.prune = [3, 0];
        let said = describe_mismatches(&a.mismatches(&b));
        assert_eq!(
            said,
            "length=5 and length=7, crawford=True and crawford=False, \
             players=('pubeval+race', 'random+never') and players=('pubeval+race', 'net+net'), \
             seed=7 and seed=8, prune=(2, 2) and prune=(3, 0), \
             cube_rules.jacoby=False and cube_rules.jacoby=True"
        );
        let mut money = setup();
        money.format = SimFormat::Money;
        let m = a.mismatches(&money);
        assert_eq!(m.len(), 1);
        assert_eq!(
            m[0].to_string(),
            "simulation='matches' and simulation='games'"
        );
    }

    #[test]
    fn match1_cube10_a_setup_that_cannot_be_played_is_refused() {
        let mut s = setup();
        assert_eq!(s.validate(), Ok(()));
        s.format = SimFormat::Match {
            length: 0,
            crawford: true,
        };
        assert!(matches!(s.validate(), Err(SimulationError::MatchLength(_))));
        s = setup();
        s.variant = Variant::LongNardy;
        let e = s.validate().unwrap_err().to_string();
        assert!(e.contains("without a doubling cube"), "{e}");
        s = setup();
        s.cube_rules.raccoons = true;
        assert!(matches!(s.validate(), Err(SimulationError::CubeRules(_))));
    }

    fn record(ranges: &[Range<u64>], winners: &[u8]) -> MatchSimRecord {
        let mut tally = MatchTally::default();
        let mut records = MatchRecords::default();
        for &w in winners {
            let item = crate::play::record::MatchRecord {
                winner: if w == 0 { Color::White } else { Color::Black },
                games: 1 + u32::from(w),
                score: ByColor { white: 5, black: 0 },
                crawford_games: 0,
                crawford_game: None,
                drops: 0,
                doubles: 0,
                max_cube: 1,
                plies: 10,
            };
            tally.add(&item);
            records.push(&item);
        }
        SimRecord {
            setup: setup(),
            tally,
            records: Some(records),
            ranges: ranges.to_vec(),
            requested: winners.len() as u64,
            stop: StopReason::Completed,
            elapsed: 1.0,
            threads: 1,
        }
    }

    #[test]
    fn records_merge_exactly_in_item_order_and_refuse_overlaps_and_other_setups() {
        // Items 0..2 and 4..5 on one side, 2..4 on the other.
        let a = record(&[0..2, 4..5], &[0, 0, 1]);
        let b = record(&[2..4], &[1, 0]);
        let ab = a.merge(&b).unwrap();
        let ba = b.merge(&a).unwrap();
        assert_eq!(ab.ranges, vec![0..5]);
        assert_eq!(ab.tally, ba.tally);
        assert_eq!(ab.records, ba.records);
        assert_eq!(ab.records.as_ref().unwrap().winner, vec![0, 0, 1, 0, 1]);
        assert_eq!(
            (ab.count(), ab.first(), ab.next(), ab.requested),
            (5, 0, 5, 5)
        );
        let e = a.merge(&record(&[1..3], &[0, 0])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "matches 1..3 overlap matches 0..2: each may be counted only once"
        );
        let mut other = record(&[9..10], &[0]);
        other.setup.seed = 1;
        let e = a.merge(&other).unwrap_err().to_string();
        assert!(e.contains("seed=7 and seed=1"), "{e}");
        // A record without per-item records merges into one without them.
        let mut bare = b.clone();
        bare.records = None;
        assert_eq!(a.merge(&bare).unwrap().records, None);
    }

    #[test]
    fn an_empty_record_keeps_where_it_starts() {
        assert_eq!(join_ranges(vec![5..5, 7..7]), Ok(vec![5..5]));
        assert_eq!(join_ranges(vec![5..5, 0..3, 3..4]), Ok(vec![0..4]));
    }

    #[test]
    fn a_sweep_gives_the_rule_of_three_bound_not_a_zero_width_interval() {
        let mut t = MatchTally {
            matches: 100,
            ..MatchTally::default()
        };
        t.wins.white = 100;
        assert_eq!(t.std_error(), 0.0);
        let (lo, hi) = t.win_interval();
        assert_eq!(hi, 1.0);
        // 1 - 0.05^(1/100) = 0.0295..., close to the rule of three's 3/100.
        assert!((1.0 - lo - 0.029_513).abs() < 1e-6, "{lo}");
        t.wins = ByColor {
            white: 0,
            black: 100,
        };
        assert_eq!(t.sweep(), Some(Color::Black));
        let (lo, hi) = t.win_interval();
        assert!(lo == 0.0 && (hi - 0.029_513).abs() < 1e-6);
        // Otherwise the normal interval.
        t.wins = ByColor {
            white: 99,
            black: 1,
        };
        let (lo, hi) = t.win_interval();
        let half = Z95 * t.std_error();
        assert!((lo - (0.99 - half)).abs() < 1e-12 && (hi - (0.99 + half)).abs() < 1e-12);
        assert!(MatchTally::default().win_interval().0.is_nan());
    }
}
