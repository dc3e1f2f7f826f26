//! Rollout records and their checkpoint files: one format family, one reader.
//!
//! A [`RunRecord`] is a rollout's setup ([`RolloutSetup`]), its exact statistics (a
//! [`Tally`], or a [`CubefulTally`] for a cubeful rollout), the game ranges it holds, the games
//! asked for, why it stopped, its time and threads. Records of the same setup merge exactly
//! ([`RunRecord::merge`]) and go to and from JSON:
//!
//! - a record is a `gammon.rollout/1` object (a cubeful one `gammon.cubeful-rollout/1`), with
//!   a `check` field: the SHA-256 of its canonical text ([`crate::run::json`]);
//! - a checkpoint file of one rollout is a `gammon.rollout-checkpoint/1` object holding the
//!   record, the rollout's first game and its games;
//! - a checkpoint file of a comparison on common dice is a
//!   `gammon.rollout-many-checkpoint/1` object holding a record per position and the exact
//!   sums of products of their games' points.
//!
//! Reading validates completely: every field's type and range, the sums (the wins add up to
//! the games, the points follow from the wins, the game ranges hold exactly the games counted),
//! the setup ([`RolloutSetup::validate`]) and the integrity check; each error names the field.
//! These are the formats the package wrote before the records moved to the core, so that old
//! checkpoints still read and resume.

mod cubeful;
mod envelope;
mod fields;
mod setup_fields;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::ops::Range;

use crate::base::color::Color;
use crate::base::variant::Variant;
use crate::play::record::{ONE, WIN_KINDS};
use crate::play::truncate::BearoffTruncation;
use crate::policy::cube_searched::MAX_CUBE_POLICY_PLIES;
use crate::policy::{DEFAULT_PRUNE_KEEP, DEFAULT_PRUNE_SCREEN, MAX_POLICY_PLIES};
use crate::rules::nardy::NardyOptions;
use crate::run::cubeful::CubefulTally;
use crate::run::json::{integrity_check, Json, JsonError};
use crate::run::rollout::Tally;
use crate::run::setup::{
    block_check_name, first_turn_name, quoted, snake, CubePolicyName, CubeSetup, EvaluatorName,
    Mismatch, NardySetup, PolicyName, RolloutSetup, RolloutSetupError, SeriesStart,
};
use crate::scoring::cube::CubeRules;
use crate::scoring::nardy_referee::{EndVariant, Koks, NardyReferee};
use crate::variant_position::VariantPosition;

use cubeful::{cube_json, read_cube};
pub(crate) use cubeful::{read_rules, rules_json};
pub use envelope::{ManyFile, RolloutFile};
pub use fields::{exact_fields, object, py_repr, Fields};
pub(crate) use fields::{read_range_pairs, read_win_table};
use fields::{read_ranges, type_name, uint_value};
pub(crate) use setup_fields::{prune_screen_field, read_prune_screen, unwritten_prune};
use setup_fields::{read_setup, write_setup};

/// The format of a cubeless rollout record.
pub const ROLLOUT_FORMAT: &str = "gammon.rollout/1";
/// The format of a cubeful rollout record.
pub const CUBEFUL_FORMAT: &str = "gammon.cubeful-rollout/1";
/// The format of the checkpoint file of one rollout.
pub const FILE_FORMAT: &str = "gammon.rollout-checkpoint/1";
/// The format of the checkpoint file of a comparison on common dice.
pub const MANY_FILE_FORMAT: &str = "gammon.rollout-many-checkpoint/1";

/// A record or a checkpoint that cannot be read: the message names the field and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CheckpointError(pub String);

impl CheckpointError {
    fn new(message: impl Into<String>) -> CheckpointError {
        CheckpointError(message.into())
    }
}

impl From<RolloutSetupError> for CheckpointError {
    fn from(e: RolloutSetupError) -> CheckpointError {
        CheckpointError(e.to_string())
    }
}

/// Why a run stopped, as a record writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stop {
    /// Every game asked for was played.
    #[default]
    Completed,
    /// Ctrl-C or the callback.
    Interrupted,
    /// The time limit.
    MaxSeconds,
    /// The target standard error.
    TargetStdError,
}

impl Stop {
    /// Every stop reason.
    pub const ALL: [Stop; 4] = [
        Stop::Completed,
        Stop::Interrupted,
        Stop::MaxSeconds,
        Stop::TargetStdError,
    ];

    /// `"completed"`, `"interrupted"`, `"max_seconds"` or `"target_std_error"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Stop::Completed => "completed",
            Stop::Interrupted => "interrupted",
            Stop::MaxSeconds => "max_seconds",
            Stop::TargetStdError => "target_std_error",
        }
    }

    /// Reads a name of [`Stop::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<Stop> {
        Stop::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The parts of `whole` that no range of `done` (sorted, disjoint) covers, in order: the
/// games a run still has to play after a checkpoint.
#[must_use]
pub fn missing_ranges(whole: Range<u64>, done: &[Range<u64>]) -> Vec<Range<u64>> {
    let (mut a, b) = (whole.start, whole.end);
    let mut out = Vec::new();
    for r in done {
        if r.end <= a || r.start >= b {
            continue;
        }
        if r.start > a {
            out.push(a..r.start);
        }
        a = a.max(r.end);
    }
    if a < b {
        out.push(a..b);
    }
    out
}

/// `ranges` cut into pieces of at most `per_task` items (at least 1), in order: the tasks of a
/// run on an executor.
#[must_use]
pub fn split_ranges(ranges: &[Range<u64>], per_task: u64) -> Vec<Range<u64>> {
    let per = per_task.max(1);
    let mut out = Vec::new();
    for r in ranges {
        let mut start = r.start;
        while start < r.end {
            let end = start.saturating_add(per).min(r.end);
            out.push(start..end);
            start = end;
        }
    }
    out
}

/// Two item ranges that overlap: the one met second, then the one it overlaps.
pub type Overlap = (Range<u64>, Range<u64>);

/// `ranges` sorted and joined: disjoint, adjacent ranges merged, empty ones dropped, except
/// that ranges that are all empty keep the first empty one (a record of no items still knows
/// where it starts).
///
/// # Errors
/// The two ranges that overlap.
pub fn join_ranges(mut ranges: Vec<Range<u64>>) -> Result<Vec<Range<u64>>, Overlap> {
    if ranges.iter().all(|r| r.end <= r.start) {
        let start = ranges.iter().map(|r| r.start).min().unwrap_or(0);
        #[allow(clippy::single_range_in_vec_init)] // one empty range, not its items
        return Ok(vec![start..start]);
    }
    ranges.retain(|r| r.end > r.start);
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<u64>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start < last.end => return Err((r, last.clone())),
            Some(last) if r.start == last.end => last.end = r.end,
            _ => out.push(r),
        }
    }
    Ok(out)
}

/// The game indices a record holds: sorted, disjoint, adjacent ranges joined. A record of no
/// games keeps one empty range, so that it still knows where it starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ranges(Vec<Range<u64>>);

impl Ranges {
    /// The games `range`.
    #[must_use]
    pub fn of(range: Range<u64>) -> Ranges {
        Ranges(vec![range])
    }

    /// The ranges `ranges` sorted and joined ([`join_ranges`]).
    ///
    /// # Errors
    /// [`CheckpointError`] when two ranges overlap (a game would count twice).
    pub fn new(ranges: Vec<Range<u64>>) -> Result<Ranges, CheckpointError> {
        join_ranges(ranges).map(Ranges).map_err(|(r, last)| {
            CheckpointError(format!(
                "games {}..{} overlap games {}..{}: a game may be counted only once",
                r.start, r.end, last.start, last.end
            ))
        })
    }

    /// The ranges.
    #[must_use]
    pub fn ranges(&self) -> &[Range<u64>] {
        &self.0
    }

    /// The games held.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.0.iter().map(|r| r.end - r.start).sum()
    }

    /// The index after the last game held (where a resume starts).
    #[must_use]
    pub fn next(&self) -> u64 {
        self.0.last().map_or(0, |r| r.end)
    }

    /// Both records' games.
    ///
    /// # Errors
    /// [`CheckpointError`] when they overlap.
    pub fn merge(&self, other: &Ranges) -> Result<Ranges, CheckpointError> {
        Ranges::new(self.0.iter().chain(&other.0).cloned().collect())
    }
}

/// The statistics a record holds: merge exactly, go to and from a record's JSON fields.
pub trait RunTally: Clone + Default + PartialEq {
    /// The record format of rollouts with this tally.
    const FORMAT: &'static str;
    /// The record holds a cube setup (cubeful rollouts, rolled-out cube decisions).
    const CUBEFUL: bool = false;
    /// Games counted.
    fn games(&self) -> u64;
    /// Adds the games of `other`.
    fn add(&mut self, other: &Self);
    /// Writes the tally's fields into `out`.
    fn write(&self, out: &mut BTreeMap<String, Json>);
    /// Reads and checks the tally's fields.
    ///
    /// # Errors
    /// [`CheckpointError`] naming the field.
    fn read(fields: &Fields<'_>) -> Result<Self, CheckpointError>;
    /// The record's field names of the tally (besides those of every record).
    fn field_names(uses_luck: bool) -> Vec<&'static str>;
}

/// A rollout's record (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord<T> {
    /// What decides the games.
    pub setup: RolloutSetup,
    /// Their statistics.
    pub tally: T,
    /// The games held.
    pub ranges: Ranges,
    /// The games asked for.
    pub games_requested: u64,
    /// Why the rollout stopped.
    pub stop: Stop,
    /// Wall-clock seconds.
    pub elapsed: f64,
    /// Worker threads used.
    pub threads: u64,
}

/// Says why two records do not merge.
fn merge_error(m: &[Mismatch]) -> CheckpointError {
    let said: Vec<String> = m
        .iter()
        .map(|x| format!("{0}={1} and {0}={2}", x.field, x.here, x.there))
        .collect();
    CheckpointError(format!(
        "only rollouts of the same setup merge; they differ in {}",
        said.join(", ")
    ))
}

impl<T: RunTally> RunRecord<T> {
    /// Both records' games: exact, in any order the same totals.
    ///
    /// # Errors
    /// [`CheckpointError`] naming the setups' differences, or the games that overlap.
    pub fn merge(&self, other: &RunRecord<T>) -> Result<RunRecord<T>, CheckpointError> {
        let m = self.setup.mismatches(&other.setup);
        if !m.is_empty() {
            return Err(merge_error(&m));
        }
        let ranges = self.ranges.merge(&other.ranges)?;
        let mut tally = self.tally.clone();
        tally.add(&other.tally);
        Ok(RunRecord {
            setup: self.setup.clone(),
            tally,
            ranges,
            games_requested: self.games_requested + other.games_requested,
            stop: if self.stop == Stop::Interrupted || other.stop == Stop::Interrupted {
                Stop::Interrupted
            } else {
                Stop::Completed
            },
            elapsed: self.elapsed + other.elapsed,
            threads: self.threads.max(other.threads),
        })
    }

    /// The record as a JSON object, with its integrity check.
    #[must_use]
    pub fn to_json(&self) -> Json {
        let mut f = BTreeMap::new();
        let put = |f: &mut BTreeMap<String, Json>, k: &str, v: Json| {
            f.insert(k.to_string(), v);
        };
        put(&mut f, "format", Json::str(T::FORMAT));
        write_setup(&self.setup, &mut f);
        put(
            &mut f,
            "games_requested",
            Json::uint(self.games_requested.into()),
        );
        let ranges = self
            .ranges
            .ranges()
            .iter()
            .map(|r| Json::Array(vec![Json::uint(r.start.into()), Json::uint(r.end.into())]))
            .collect();
        put(&mut f, "ranges", Json::Array(ranges));
        put(&mut f, "stop", Json::str(self.stop.name()));
        put(&mut f, "elapsed", Json::Float(self.elapsed));
        put(&mut f, "threads", Json::uint(self.threads.into()));
        self.tally.write(&mut f);
        let check = integrity_check(&f);
        put(&mut f, "check", Json::Str(check));
        Json::Object(f)
    }

    /// Reads and validates a record object.
    ///
    /// # Errors
    /// [`CheckpointError`] naming the field and the problem.
    pub fn from_json(value: &Json) -> Result<RunRecord<T>, CheckpointError> {
        let map = object(value, "a rollout checkpoint")?;
        let fields = Fields::new(map);
        let uses_evaluator = map.contains_key("evaluator");
        let mut want: Vec<&str> = vec![
            "format",
            "check",
            "position",
            "variant",
            "turn",
            "first_turn_exception",
            "block_check",
            "policies",
            "seed",
            "opening",
            "quasi_random",
            "games_requested",
            "ranges",
            "stop",
            "elapsed",
            "threads",
            "nardy",
            "truncate",
        ];
        want.extend(T::field_names(uses_evaluator));
        if map.contains_key("search_plies") {
            want.push("search_plies");
        }
        if map.contains_key("cube_plies") {
            want.push("cube_plies");
        }
        if map.contains_key("prune") {
            want.push("prune");
        }
        if map.contains_key("luck_screen") {
            want.push("luck_screen");
        }
        if map.contains_key("prune_screen") {
            want.push("prune_screen");
        }
        if T::CUBEFUL {
            want.push("cube");
        } else if uses_evaluator {
            want.extend(["evaluator", "truncate_after", "variance_reduction"]);
        }
        exact_fields(map, &want, "not a rollout checkpoint")?;
        let format = fields.str("format")?;
        if format != T::FORMAT {
            return Err(CheckpointError(format!(
                "checkpoint format {} is not {}",
                quoted(format),
                quoted(T::FORMAT)
            )));
        }
        if fields.str("check")? != integrity_check(map) {
            return Err(CheckpointError::new(
                "the checkpoint's integrity check does not match its content: it was edited or \
                 corrupted",
            ));
        }
        let setup = read_setup(&fields, T::CUBEFUL)?;
        let tally = T::read(&fields)?;
        let games = tally.games();
        let requested = fields.uint("games_requested", games.into(), u64::MAX.into())? as u64;
        let stop_name = fields.str("stop")?;
        let stop = Stop::from_name(stop_name).ok_or_else(|| {
            CheckpointError(format!(
                "checkpoint field stop must be one of ('completed', 'interrupted', \
                 'max_seconds', 'target_std_error'), not {}",
                quoted(stop_name)
            ))
        })?;
        let elapsed = fields.seconds("elapsed")?;
        let threads = fields.uint("threads", 0, 1 << 16)? as u64;
        let ranges = read_ranges(fields.get("ranges")?, games)?;
        Ok(RunRecord {
            setup,
            tally,
            ranges,
            games_requested: requested,
            stop,
            elapsed,
            threads,
        })
    }
}

impl RunTally for Tally {
    const FORMAT: &'static str = ROLLOUT_FORMAT;

    fn games(&self) -> u64 {
        self.games
    }

    fn add(&mut self, other: &Self) {
        self.merge(other);
    }

    fn write(&self, f: &mut BTreeMap<String, Json>) {
        let mut put = |k: &str, v: Json| {
            f.insert(k.to_string(), v);
        };
        put("one", Json::uint(ONE.into()));
        put("games", Json::uint(self.games.into()));
        let side = |w: &[u128; WIN_KINDS]| Json::Array(w.iter().map(|&x| Json::uint(x)).collect());
        put(
            "win",
            Json::Array(vec![side(&self.win[0]), side(&self.win[1])]),
        );
        put("draw", Json::uint(self.draw));
        put("points", Json::int(self.points));
        put("points_sq", Json::uint(self.points_sq));
        put("plies", Json::uint(self.plies.into()));
        put("settled", Json::uint(self.settled.into()));
        // Written only with an evaluator, so that plain records keep their fields.
        if f.contains_key("evaluator") {
            f.insert("luck".to_string(), Json::int(self.luck));
        }
    }

    fn read(fields: &Fields<'_>) -> Result<Tally, CheckpointError> {
        fields.uint("one", ONE.into(), ONE.into())?;
        let games = fields.uint("games", 0, u64::MAX.into())? as u64;
        let win = read_win_table(fields.get("win")?, "win", u128::MAX)?;
        let tally = Tally {
            games,
            win,
            draw: fields.uint("draw", 0, u128::MAX)?,
            points: fields.int("points", i128::MIN, i128::MAX)?,
            points_sq: fields.uint("points_sq", 0, u128::MAX)?,
            plies: fields.uint("plies", 0, u64::MAX.into())? as u64,
            settled: fields.uint("settled", 0, u64::MAX.into())? as u64,
            luck: if fields.map.contains_key("luck") {
                fields.int("luck", i128::MIN, i128::MAX)?
            } else {
                0
            },
        };
        tally
            .validate()
            .map_err(|e| CheckpointError(format!("Tally: {e}")))?;
        if !fields.map.contains_key("evaluator") && tally.luck != 0 {
            return Err(CheckpointError::new(
                "checkpoint counts luck without variance reduction",
            ));
        }
        Ok(tally)
    }

    fn field_names(uses_luck: bool) -> Vec<&'static str> {
        let mut v = vec![
            "one",
            "games",
            "win",
            "draw",
            "points",
            "points_sq",
            "plies",
            "settled",
        ];
        if uses_luck {
            v.push("luck");
        }
        v
    }
}
