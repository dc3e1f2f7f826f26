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

use std::collections::BTreeMap;
use std::ops::Range;

use crate::base::color::Color;
use crate::base::variant::Variant;
use crate::play::record::{ONE, WIN_KINDS};
use crate::play::truncate::BearoffTruncation;
use crate::policy::cube_searched::MAX_CUBE_POLICY_PLIES;
use crate::policy::MAX_POLICY_PLIES;
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

    /// The ranges `ranges` sorted and joined.
    ///
    /// # Errors
    /// [`CheckpointError`] when two ranges overlap (a game would count twice).
    pub fn new(mut ranges: Vec<Range<u64>>) -> Result<Ranges, CheckpointError> {
        if ranges.iter().all(|r| r.end <= r.start) {
            let start = ranges.iter().map(|r| r.start).min().unwrap_or(0);
            return Ok(Ranges(std::iter::once(start..start).collect()));
        }
        ranges.retain(|r| r.end > r.start);
        ranges.sort_by_key(|r| (r.start, r.end));
        let mut out: Vec<Range<u64>> = Vec::with_capacity(ranges.len());
        for r in ranges {
            match out.last_mut() {
                Some(last) if r.start < last.end => {
                    return Err(CheckpointError(format!(
                        "games {}..{} overlap games {}..{}: a game may be counted only once",
                        r.start, r.end, last.start, last.end
                    )));
                }
                Some(last) if r.start == last.end => last.end = r.end,
                _ => out.push(r),
            }
        }
        Ok(Ranges(out))
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
        let Json::Object(map) = value else {
            return Err(CheckpointError::new(format!(
                "a rollout checkpoint is a dict, not {}",
                type_name(value)
            )));
        };
        let fields = Fields(map);
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
        if map.contains_key("luck_screen") {
            want.push("luck_screen");
        }
        if T::CUBEFUL {
            want.push("cube");
        } else if uses_evaluator {
            want.extend(["evaluator", "truncate_after", "variance_reduction"]);
        }
        let missing: Vec<&str> = want
            .iter()
            .copied()
            .filter(|k| !map.contains_key(*k))
            .collect();
        let unknown: Vec<&str> = map
            .keys()
            .map(String::as_str)
            .filter(|k| !want.contains(k))
            .collect();
        if !missing.is_empty() || !unknown.is_empty() {
            return Err(CheckpointError(format!(
                "not a rollout checkpoint: missing fields {}, unknown fields {}",
                py_list(&missing),
                py_list(&unknown)
            )));
        }
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
        let elapsed = match fields.get("elapsed")? {
            Json::Float(x) => *x,
            Json::Int(t) => t.parse::<f64>().unwrap_or(f64::INFINITY),
            other => {
                return Err(CheckpointError(format!(
                    "checkpoint field elapsed must be a number, not {}",
                    py_repr(other)
                )))
            }
        };
        if !(elapsed.is_finite() && elapsed >= 0.0) {
            return Err(CheckpointError(format!(
                "checkpoint field elapsed must be >= 0, not {}",
                py_repr(fields.get("elapsed")?)
            )));
        }
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
            luck: if fields.0.contains_key("luck") {
                fields.int("luck", i128::MIN, i128::MAX)?
            } else {
                0
            },
        };
        tally
            .validate()
            .map_err(|e| CheckpointError(format!("Tally: {e}")))?;
        if !fields.0.contains_key("evaluator") && tally.luck != 0 {
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

impl RunTally for CubefulTally {
    const FORMAT: &'static str = CUBEFUL_FORMAT;
    const CUBEFUL: bool = true;

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
        let row = |w: &[u64]| Json::Array(w.iter().map(|&x| Json::uint(x.into())).collect());
        put("games", Json::uint(self.games.into()));
        put("points", Json::int(self.points));
        put("points_sq", Json::uint(self.points_sq));
        put(
            "wins",
            Json::Array(vec![row(&self.wins[0]), row(&self.wins[1])]),
        );
        put("drops", row(&self.drops));
        put("draws", Json::uint(self.draws.into()));
        put("cube_sum", Json::uint(self.cube.into()));
        put("doubles", Json::uint(self.doubles.into()));
        put("doubled_games", Json::uint(self.doubled_games.into()));
        put("plies", Json::uint(self.plies.into()));
    }

    fn read(fields: &Fields<'_>) -> Result<CubefulTally, CheckpointError> {
        let max = u64::MAX.into();
        let games = fields.uint("games", 0, max)? as u64;
        let wins128 = read_win_table(fields.get("wins")?, "wins", max)?;
        let mut wins = [[0u64; WIN_KINDS]; 2];
        for (side, row) in wins128.iter().enumerate() {
            for (k, &w) in row.iter().enumerate() {
                wins[side][k] = w as u64;
            }
        }
        let drops = match fields.get("drops")? {
            Json::Array(v) if v.len() == 2 => [
                uint_value(&v[0], "drops", 0, max)? as u64,
                uint_value(&v[1], "drops", 0, max)? as u64,
            ],
            other => {
                return Err(CheckpointError(format!(
                    "checkpoint field drops must be two counts, not {}",
                    py_repr(other)
                )))
            }
        };
        let t = CubefulTally {
            games,
            points: fields.int("points", i128::MIN, i128::MAX)?,
            points_sq: fields.uint("points_sq", 0, u128::MAX)?,
            wins,
            drops,
            draws: fields.uint("draws", 0, max)? as u64,
            cube: fields.uint("cube_sum", 0, max)? as u64,
            doubles: fields.uint("doubles", 0, max)? as u64,
            doubled_games: fields.uint("doubled_games", 0, max)? as u64,
            plies: fields.uint("plies", 0, max)? as u64,
        };
        let ended: u128 = t
            .wins
            .iter()
            .flatten()
            .map(|&w| u128::from(w))
            .sum::<u128>()
            + u128::from(t.drops[0])
            + u128::from(t.drops[1])
            + u128::from(t.draws);
        if ended != u128::from(games) || t.doubled_games > games || t.doubled_games > t.doubles {
            return Err(CheckpointError(format!(
                "the games won, dropped and drawn do not add up to the {games} games counted"
            )));
        }
        let n = games as f64;
        if (t.points as f64).powi(2) > n * t.points_sq as f64 * (1.0 + 1e-9) {
            return Err(CheckpointError::new(
                "the points do not follow from the games",
            ));
        }
        Ok(t)
    }

    fn field_names(_: bool) -> Vec<&'static str> {
        vec![
            "games",
            "points",
            "points_sq",
            "wins",
            "drops",
            "draws",
            "cube_sum",
            "doubles",
            "doubled_games",
            "plies",
        ]
    }
}

// -- the fields of an object ---------------------------------------------------------------------

/// The fields of a JSON object, read with errors that name the field.
pub struct Fields<'a>(pub &'a BTreeMap<String, Json>);

impl Fields<'_> {
    /// The field `name`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is missing.
    pub fn get(&self, name: &str) -> Result<&Json, CheckpointError> {
        self.0
            .get(name)
            .ok_or_else(|| CheckpointError(format!("checkpoint field {name} is missing")))
    }

    /// A string field.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not a string.
    pub fn str(&self, name: &str) -> Result<&str, CheckpointError> {
        match self.get(name)? {
            Json::Str(s) => Ok(s),
            other => Err(CheckpointError(format!(
                "checkpoint field {name} must be a str, not {}",
                py_repr(other)
            ))),
        }
    }

    /// A boolean field.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not `true` or `false`.
    pub fn bool(&self, name: &str) -> Result<bool, CheckpointError> {
        match self.get(name)? {
            Json::Bool(b) => Ok(*b),
            other => Err(CheckpointError(format!(
                "checkpoint field {name} must be a bool, not {}",
                py_repr(other)
            ))),
        }
    }

    /// A non-negative integer field within `low..=high`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not an integer in range.
    pub fn uint(&self, name: &str, low: u128, high: u128) -> Result<u128, CheckpointError> {
        uint_value(self.get(name)?, name, low, high)
    }

    /// An integer field within `low..=high`.
    ///
    /// # Errors
    /// [`CheckpointError`] when it is not an integer in range.
    pub fn int(&self, name: &str, low: i128, high: i128) -> Result<i128, CheckpointError> {
        let v = self.get(name)?;
        let Json::Int(t) = v else {
            return Err(not_int(name, v));
        };
        match t.parse::<i128>() {
            Ok(x) if (low..=high).contains(&x) => Ok(x),
            _ => Err(CheckpointError(format!(
                "checkpoint field {name} must be in {low}..{high}, not {t}"
            ))),
        }
    }
}

fn not_int(name: &str, v: &Json) -> CheckpointError {
    CheckpointError(format!(
        "checkpoint field {name} must be an int, not {}",
        py_repr(v)
    ))
}

fn uint_value(v: &Json, name: &str, low: u128, high: u128) -> Result<u128, CheckpointError> {
    let Json::Int(t) = v else {
        return Err(not_int(name, v));
    };
    match t.parse::<u128>() {
        Ok(x) if (low..=high).contains(&x) => Ok(x),
        _ => Err(CheckpointError(format!(
            "checkpoint field {name} must be in {low}..{high}, not {t}"
        ))),
    }
}

/// A value as Python's `repr` writes it (for messages).
#[must_use]
pub fn py_repr(v: &Json) -> String {
    let text = match v {
        Json::Null => "None".to_string(),
        Json::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        Json::Int(t) => t.clone(),
        Json::Float(x) => crate::run::json::python_float_repr(*x),
        Json::Str(s) => quoted(s),
        Json::Array(items) => format!(
            "[{}]",
            items.iter().map(py_repr).collect::<Vec<_>>().join(", ")
        ),
        Json::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, x)| format!("{}: {}", quoted(k), py_repr(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    if text.chars().count() > 120 {
        let head: String = text.chars().take(100).collect();
        format!("{head}…")
    } else {
        text
    }
}

fn py_list(names: &[&str]) -> String {
    format!(
        "[{}]",
        names
            .iter()
            .map(|n| quoted(n))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn type_name(v: &Json) -> &'static str {
    match v {
        Json::Null => "NoneType",
        Json::Bool(_) => "bool",
        Json::Int(_) => "int",
        Json::Float(_) => "float",
        Json::Str(_) => "str",
        Json::Array(_) => "list",
        Json::Object(_) => "dict",
    }
}

fn read_win_table(
    v: &Json,
    name: &str,
    max: u128,
) -> Result<[[u128; WIN_KINDS]; 2], CheckpointError> {
    let bad = || {
        CheckpointError(format!(
            "checkpoint field {name} must be two lists of {WIN_KINDS} counts, not {}",
            py_repr(v)
        ))
    };
    let Json::Array(sides) = v else {
        return Err(bad());
    };
    if sides.len() != 2 {
        return Err(bad());
    }
    let mut out = [[0u128; WIN_KINDS]; 2];
    for (side, row) in sides.iter().enumerate() {
        let Json::Array(row) = row else {
            return Err(bad());
        };
        if row.len() != WIN_KINDS {
            return Err(bad());
        }
        for (k, x) in row.iter().enumerate() {
            out[side][k] = uint_value(x, name, 0, max)?;
        }
    }
    Ok(out)
}

/// The game ranges of a record, checked: pairs `0 <= a <= b < 2**64`, without overlap,
/// holding exactly `games` games.
fn read_ranges(v: &Json, games: u64) -> Result<Ranges, CheckpointError> {
    let Json::Array(items) = v else {
        return Err(CheckpointError(format!(
            "checkpoint field ranges must be a non-empty list, not {}",
            py_repr(v)
        )));
    };
    if items.is_empty() {
        return Err(CheckpointError::new(
            "checkpoint field ranges must be a non-empty list, not []",
        ));
    }
    let mut pairs = Vec::with_capacity(items.len());
    for r in items {
        let Json::Array(p) = r else {
            return Err(CheckpointError(format!(
                "a checkpoint range is a pair [first, end], not {}",
                py_repr(r)
            )));
        };
        if p.len() != 2 {
            return Err(CheckpointError(format!(
                "a checkpoint range is a pair [first, end], not {}",
                py_repr(r)
            )));
        }
        let a = uint_value(&p[0], "ranges", 0, u64::MAX.into())? as u64;
        let b = uint_value(&p[1], "ranges", a.into(), u64::MAX.into())? as u64;
        pairs.push(a..b);
    }
    let ranges = Ranges::new(pairs)?;
    let covered = ranges.games();
    if covered != games {
        return Err(CheckpointError(format!(
            "the checkpoint's ranges hold {covered} games but it counts {games}: a resume would \
             count games twice or skip them"
        )));
    }
    Ok(ranges)
}

// -- the setup's fields -------------------------------------------------------------------------

fn color_name(c: Color) -> &'static str {
    c.name()
}

fn write_setup(s: &RolloutSetup, f: &mut BTreeMap<String, Json>) {
    let mut put = |k: &str, v: Json| {
        f.insert(k.to_string(), v);
    };
    let pos = &s.position;
    put("position", Json::Str(pos.id()));
    put("variant", Json::str(pos.variant().name()));
    put("turn", Json::str(color_name(pos.turn())));
    let options = pos.nardy_options();
    put(
        "first_turn_exception",
        options.map_or(Json::Null, |o| Json::str(first_turn_name(o))),
    );
    put(
        "block_check",
        options.map_or(Json::Null, |o| Json::str(block_check_name(o))),
    );
    put(
        "policies",
        Json::Array(s.policies.iter().map(|p| Json::str(p.name())).collect()),
    );
    put("seed", Json::uint(s.seed.into()));
    put("opening", Json::Bool(s.opening));
    put("quasi_random", Json::Bool(s.quasi_random));
    put("nardy", s.nardy.as_ref().map_or(Json::Null, nardy_json));
    put("truncate", Json::str(s.truncate.name()));
    if let Some(e) = &s.evaluator {
        put("evaluator", Json::str(e.name()));
        put(
            "truncate_after",
            s.truncate_after
                .map_or(Json::Null, |n| Json::uint(n.into())),
        );
        put("variance_reduction", Json::Bool(s.variance_reduction));
    }
    if let Some(c) = &s.cube {
        put("cube", cube_json(c));
    }
    // The setting `plies` (the tallies' `plies` counts the turns played), written only for a
    // searched rollout: the checkpoints of 0-ply rollouts stay as they were.
    if s.plies != [0, 0] {
        put(
            "search_plies",
            Json::Array(s.plies.iter().map(|&n| Json::uint(n.into())).collect()),
        );
    }
    // How a variance reduction by the net measures luck: pubeval screens each roll's plays. Files of
    // the earlier estimator (every play valued by the net) lack it and are not continued.
    if s.screens_luck() {
        put("luck_screen", Json::str(SCREENED_LUCK));
    }
    // The cube search depths, written only for a searched cube: the checkpoints of cubeful
    // rollouts with the 0-ply cube stay as they were.
    if let Some(c) = s.cube.as_ref().filter(|c| c.plies != [0, 0]) {
        put(
            "cube_plies",
            Json::Array(c.plies.iter().map(|&n| Json::uint(n.into())).collect()),
        );
    }
}

fn nardy_json(n: &NardySetup) -> Json {
    Json::object([
        ("end_variant", Json::str(n.scoring.end_variant.name())),
        ("koks", Json::Str(snake(n.scoring.koks.name()))),
        ("last_roll", Json::Bool(n.scoring.last_roll)),
        (
            "first_move_in_series",
            Json::str(n.first_move_in_series.name()),
        ),
        (
            "first_turn_exception",
            Json::str(first_turn_name(n.options)),
        ),
        ("block_check", Json::str(block_check_name(n.options))),
    ])
}

fn cube_json(c: &CubeSetup) -> Json {
    let r = &c.rules;
    Json::object([
        (
            "policies",
            Json::Array(c.policies.iter().map(|p| Json::str(p.name())).collect()),
        ),
        ("value", Json::uint(c.value.into())),
        ("owner", c.owner.map_or(Json::Null, |o| Json::str(o.name()))),
        (
            "rules",
            Json::object([
                ("max_cube", Json::uint(r.max_cube().into())),
                ("jacoby", Json::Bool(r.jacoby)),
                ("beavers", Json::Bool(r.beavers)),
                ("raccoons", Json::Bool(r.raccoons)),
                ("max_beavers", Json::uint(r.max_beavers.into())),
                ("auto_doubles", Json::uint(r.auto_doubles.into())),
                ("enabled", Json::Bool(r.enabled)),
                ("refuse_dead_cube", Json::Bool(r.refuse_dead_cube)),
                ("gnubg_raccoon_owner", Json::Bool(r.gnubg_raccoon_owner)),
            ]),
        ),
    ])
}

/// The two search depths of `field` (player on roll, opponent), each at most `max`; `[0, 0]`
/// where the file has no such field.
fn depths(f: &Fields<'_>, field: &str, max: u32) -> Result<[u32; 2], CheckpointError> {
    match f.0.get(field) {
        None => Ok([0, 0]),
        Some(Json::Array(v)) if v.len() == 2 => {
            let mut out = [0u32; 2];
            for (o, n) in out.iter_mut().zip(v) {
                *o = uint_value(n, field, 0, max.into())? as u32;
            }
            Ok(out)
        }
        Some(other) => Err(CheckpointError(format!(
            "checkpoint field {field} must be two depths, not {}",
            py_repr(other)
        ))),
    }
}

fn read_setup(f: &Fields<'_>, cubeful: bool) -> Result<RolloutSetup, CheckpointError> {
    let variant = Variant::find(f.str("variant")?)
        .map_err(|e| CheckpointError(format!("checkpoint field variant: {e}")))?;
    let turn = match f.str("turn")? {
        "white" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(CheckpointError(format!(
                "checkpoint field turn must be 'white' or 'black', not {}",
                quoted(other)
            )))
        }
    };
    let mut position = VariantPosition::from_id(f.str("position")?, variant, turn)
        .map_err(|e| CheckpointError(format!("checkpoint field position: {e}")))?;
    let options = read_options(f, "first_turn_exception", "block_check", true)?;
    match (options, position.nardy_options()) {
        (Some(o), Some(_)) => position = position.with_nardy_options(o).unwrap_or(position),
        (None, None) => {}
        (Some(_), None) => {
            return Err(CheckpointError::new(
                "checkpoint fields first_turn_exception and block_check are Long Nardy options \
                 (§9): a backgammon checkpoint has None",
            ))
        }
        (None, Some(_)) => {
            return Err(CheckpointError::new(
                "a Long Nardy checkpoint names its first_turn_exception and block_check (§9)",
            ))
        }
    }
    let policies = match f.get("policies")? {
        Json::Array(v) if v.len() == 2 => {
            let mut names = Vec::with_capacity(2);
            for p in v {
                match p {
                    Json::Str(s) if !s.is_empty() => names.push(PolicyName::from_name(s)),
                    _ => names.push(PolicyName::Foreign(String::new())),
                }
            }
            if names.iter().any(|n| n.name().is_empty()) {
                return Err(CheckpointError(format!(
                    "checkpoint field policies must be two names, not {}",
                    py_repr(f.get("policies")?)
                )));
            }
            [names[0].clone(), names[1].clone()]
        }
        other => {
            return Err(CheckpointError(format!(
                "checkpoint field policies must be two names, not {}",
                py_repr(other)
            )))
        }
    };
    let seed = f.uint("seed", 0, u64::MAX.into())? as u64;
    let opening = f.bool("opening")?;
    let quasi_random = f.bool("quasi_random")?;
    let cut = f.str("truncate")?;
    let truncate = BearoffTruncation::from_name(cut).ok_or_else(|| {
        CheckpointError(format!(
            "checkpoint field truncate must be one of ('none', 'bearoff', \
             'bearoff-one-sided'), not {}",
            quoted(cut)
        ))
    })?;
    let (mut evaluator, mut truncate_after, mut variance_reduction) = (None, None, false);
    if f.0.contains_key("evaluator") {
        let name = f.str("evaluator")?;
        evaluator = Some(EvaluatorName::from_name(name).ok_or_else(|| {
            CheckpointError(format!(
                "checkpoint field evaluator must be one of ('bearoff', 'net') or a net's name \
                 (net: and eight hex digits), not {}",
                quoted(name)
            ))
        })?);
        variance_reduction = f.bool("variance_reduction")?;
        truncate_after = match f.get("truncate_after")? {
            Json::Null => None,
            _ => Some(f.uint("truncate_after", 0, u32::MAX.into())? as u32),
        };
        if truncate_after.is_none() && !variance_reduction {
            return Err(CheckpointError::new(
                "checkpoint names an evaluator that nothing used",
            ));
        }
    }
    let nardy_game = position.nardy_options().is_some();
    if opening && nardy_game {
        return Err(RolloutSetupError::NardyOpening.into());
    }
    let nardy = match (f.get("nardy")?, nardy_game) {
        (Json::Null, false) => None,
        (_, false) => {
            return Err(CheckpointError::new(
                "a backgammon checkpoint has no Long Nardy settings",
            ))
        }
        (Json::Object(map), true) => Some(read_nardy(map)?),
        (other, true) => {
            return Err(CheckpointError(format!(
                "a Long Nardy checkpoint needs its settings, not {}",
                py_repr(other)
            )))
        }
    };
    let cube = if cubeful {
        Some(read_cube(f.get("cube")?)?)
    } else {
        None
    };
    let plies = depths(f, "search_plies", MAX_POLICY_PLIES)?;
    let cube_plies = depths(f, "cube_plies", MAX_CUBE_POLICY_PLIES)?;
    let cube = match cube {
        Some(c) => Some(CubeSetup {
            plies: cube_plies,
            ..c
        }),
        None if cube_plies != [0, 0] => {
            return Err(CheckpointError::new(
                "checkpoint field cube_plies belongs to a cubeful rollout",
            ))
        }
        None => None,
    };
    let setup = RolloutSetup {
        position,
        policies,
        seed,
        opening,
        quasi_random,
        nardy,
        truncate,
        truncate_after,
        variance_reduction,
        evaluator,
        cube,
        plies,
    };
    setup.validate()?;
    match f.0.get("luck_screen") {
        None if setup.screens_luck() => Err(CheckpointError::new(
            "the checkpoint's variance reduction valued every play with the net, as versions \
             before the pubeval screen did; this version screens the plays (its luck differs \
             game by game), so it cannot continue the file: start the rollout again",
        )),
        Some(v) if !setup.screens_luck() || v != &Json::str(SCREENED_LUCK) => {
            Err(CheckpointError(format!(
                "checkpoint field luck_screen must be {} for a variance reduction by the net, and \
                 absent otherwise, not {}",
                quoted(SCREENED_LUCK),
                py_repr(v)
            )))
        }
        _ => Ok(setup),
    }
}

/// The checkpoint field `luck_screen` of a variance reduction by the net: each roll's plays screened
/// by pubeval before the net values the best few.
const SCREENED_LUCK: &str = "pubeval-screen";

/// The §9 options named by the fields `first` and `block` (`None` when both are null and
/// `nullable`).
fn read_options(
    f: &Fields<'_>,
    first: &str,
    block: &str,
    nullable: bool,
) -> Result<Option<NardyOptions>, CheckpointError> {
    let (a, b) = (f.get(first)?, f.get(block)?);
    if nullable && *a == Json::Null && *b == Json::Null {
        return Ok(None);
    }
    let parse = |name: &str, v: &Json, read: fn(&str) -> Result<NardyOptions, _>| match v {
        Json::Str(s) => read(s).map_err(|e: crate::rules::nardy::options::ParseSettingError| {
            CheckpointError(format!("checkpoint field {name}: {e}"))
        }),
        other => Err(CheckpointError(format!(
            "checkpoint field {name} must be a str, not {}",
            py_repr(other)
        ))),
    };
    Ok(Some(
        parse(first, a, NardyOptions::first_turn_exception_from_name)?
            | parse(block, b, NardyOptions::block_check_from_name)?,
    ))
}

fn read_nardy(map: &BTreeMap<String, Json>) -> Result<NardySetup, CheckpointError> {
    const NAMES: [&str; 6] = [
        "end_variant",
        "koks",
        "last_roll",
        "first_move_in_series",
        "first_turn_exception",
        "block_check",
    ];
    if let Some(k) = map.keys().find(|k| !NAMES.contains(&k.as_str())) {
        return Err(CheckpointError(format!(
            "checkpoint field nardy has no setting {}",
            quoted(k)
        )));
    }
    // Settings left out take their defaults, as NardySettings() does.
    let mut full = BTreeMap::new();
    for (k, default) in [
        ("end_variant", Json::str("mars")),
        ("koks", Json::str("off")),
        ("last_roll", Json::Bool(false)),
        ("first_move_in_series", Json::str("to_loser")),
        ("first_turn_exception", Json::str("head_blocked")),
        ("block_check", Json::str("every_step")),
    ] {
        full.insert(k.to_string(), map.get(k).cloned().unwrap_or(default));
    }
    let f = Fields(&full);
    let setting = |e: crate::rules::nardy::options::ParseSettingError| {
        CheckpointError(format!("checkpoint field nardy: {e}"))
    };
    let end_variant: EndVariant = f.str("end_variant")?.parse().map_err(setting)?;
    let koks: Koks = f.str("koks")?.parse().map_err(setting)?;
    let series = f.str("first_move_in_series")?;
    let first_move_in_series = SeriesStart::from_name(series).ok_or_else(|| {
        CheckpointError(format!(
            "checkpoint field nardy: first_move_in_series={} is not valid; expected one of \
             'to_loser', 'alternate' (LN-11)",
            quoted(series)
        ))
    })?;
    let options =
        read_options(&f, "first_turn_exception", "block_check", false)?.unwrap_or_default();
    Ok(NardySetup {
        scoring: NardyReferee {
            end_variant,
            koks,
            last_roll: f.bool("last_roll")?,
        },
        first_move_in_series,
        options,
    })
}

fn read_cube(v: &Json) -> Result<CubeSetup, CheckpointError> {
    let Json::Object(map) = v else {
        return Err(CheckpointError(format!(
            "checkpoint field cube must be a dict, not {}",
            py_repr(v)
        )));
    };
    let f = Fields(map);
    let policies = match f.get("policies")? {
        Json::Array(p) if p.len() == 2 => match (&p[0], &p[1]) {
            (Json::Str(a), Json::Str(b)) if !a.is_empty() && !b.is_empty() => {
                [CubePolicyName::from_name(a), CubePolicyName::from_name(b)]
            }
            _ => {
                return Err(CheckpointError::new(
                    "checkpoint field cube.policies must be two names",
                ))
            }
        },
        _ => {
            return Err(CheckpointError::new(
                "checkpoint field cube.policies must be two names",
            ))
        }
    };
    let owner = match f.get("owner")? {
        Json::Null => None,
        Json::Str(s) if s == "white" => Some(Color::White),
        Json::Str(s) if s == "black" => Some(Color::Black),
        other => {
            return Err(CheckpointError(format!(
                "checkpoint field cube.owner must be None, 'white' or 'black', not {}",
                py_repr(other)
            )))
        }
    };
    let Json::Object(rules) = f.get("rules")? else {
        return Err(CheckpointError::new(
            "checkpoint field cube.rules must be a dict",
        ));
    };
    let r = Fields(rules);
    let max_cube = r.uint("max_cube", 1, 1 << 15)? as u32;
    if !max_cube.is_power_of_two() {
        return Err(CheckpointError::new(
            "checkpoint field max_cube must be a power of two",
        ));
    }
    let rules = CubeRules {
        max_cube_log2: max_cube.trailing_zeros() as u8,
        jacoby: r.bool("jacoby")?,
        beavers: r.bool("beavers")?,
        raccoons: r.bool("raccoons")?,
        max_beavers: r.uint("max_beavers", 0, u32::MAX.into())? as u32,
        auto_doubles: r.uint("auto_doubles", 0, 255)? as u8,
        enabled: r.bool("enabled")?,
        refuse_dead_cube: r.bool("refuse_dead_cube")?,
        gnubg_raccoon_owner: r.bool("gnubg_raccoon_owner")?,
    };
    Ok(CubeSetup {
        policies,
        value: f.uint("value", 1, u32::MAX.into())? as u32,
        owner,
        rules,
        plies: [0, 0],
    })
}

// -- checkpoint files ---------------------------------------------------------------------------

fn file_fields(
    bytes: &[u8],
    where_: &str,
    format: &str,
    names: &[&str],
) -> Result<BTreeMap<String, Json>, CheckpointError> {
    let value = Json::parse(bytes)
        .map_err(|e: JsonError| CheckpointError(format!("the checkpoint {where_} {e}")))?;
    let found = match &value {
        Json::Object(map) => map.get("format").map_or("None".to_string(), py_repr),
        other => type_name(other).to_string(),
    };
    let Json::Object(map) = value else {
        return Err(CheckpointError(format!(
            "{where_} is not a rollout checkpoint file: its format is {found}, not {}",
            quoted(format)
        )));
    };
    if map.get("format") != Some(&Json::str(format)) {
        let hint = if map.get("format") == Some(&Json::str(FILE_FORMAT)) {
            " (it is the checkpoint of one rollout: continue it with rollout(..., checkpoint=) \
             or gammon rollout --resume)"
        } else if map.get("format") == Some(&Json::str(MANY_FILE_FORMAT)) {
            " (it is the checkpoint of rollout_many, rank_plays or gammon rollout --plays: \
             continue it with the same call or command)"
        } else {
            ""
        };
        return Err(CheckpointError(format!(
            "{where_} is not a rollout checkpoint file: its format is {found}, not {}{hint}",
            quoted(format)
        )));
    }
    let mut have: Vec<&str> = map.keys().map(String::as_str).collect();
    let mut want = names.to_vec();
    have.sort_unstable();
    want.sort_unstable();
    if have != want {
        return Err(CheckpointError(format!(
            "the checkpoint {where_} has fields {}, not {}",
            py_list(&have),
            py_list(&want)
        )));
    }
    if Fields(&map).str("check")? != integrity_check(&map) {
        return Err(CheckpointError(format!(
            "the checkpoint {where_} fails its integrity check: it was edited or corrupted"
        )));
    }
    Ok(map)
}

/// A checkpoint file of one rollout: the record, its first game and its games.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutFile<T> {
    /// The games done and the setup.
    pub record: RunRecord<T>,
    /// The rollout's first game.
    pub first_game: u64,
    /// The games the rollout asks for.
    pub games: u64,
}

impl<T: RunTally> RolloutFile<T> {
    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut f = BTreeMap::new();
        f.insert("format".to_string(), Json::str(FILE_FORMAT));
        f.insert("first_game".to_string(), Json::uint(self.first_game.into()));
        f.insert("games".to_string(), Json::uint(self.games.into()));
        f.insert("rollout".to_string(), self.record.to_json());
        let check = integrity_check(&f);
        f.insert("check".to_string(), Json::Str(check));
        Json::Object(f).pretty(&["format", "first_game", "games", "rollout"])
    }

    /// Reads a file's bytes (`where_` names the file in messages).
    ///
    /// # Errors
    /// [`CheckpointError`] naming the problem: not UTF-8 or not JSON, another format, other
    /// fields, a failed integrity check, a record that is not valid, games outside the
    /// rollout's range.
    pub fn from_bytes(bytes: &[u8], where_: &str) -> Result<RolloutFile<T>, CheckpointError> {
        let map = file_fields(
            bytes,
            where_,
            FILE_FORMAT,
            &["format", "first_game", "games", "rollout", "check"],
        )?;
        let invalid = |e: CheckpointError| {
            CheckpointError(format!("the checkpoint {where_} is not valid: {e}"))
        };
        let f = Fields(&map);
        let first = f.uint("first_game", 0, u64::MAX.into()).map_err(invalid)? as u64;
        let games = f
            .uint("games", 0, u128::from(u64::MAX - first))
            .map_err(invalid)? as u64;
        let record = RunRecord::<T>::from_json(f.get("rollout")?).map_err(invalid)?;
        let r = &record.ranges;
        if record.tally.games() > 0 && !(first <= r.ranges()[0].start && r.next() <= first + games)
        {
            return Err(CheckpointError(format!(
                "the checkpoint {where_} holds games {} outside its rollout's games {first}..{}",
                ranges_text(r),
                first + games
            )));
        }
        Ok(RolloutFile {
            record,
            first_game: first,
            games,
        })
    }

    /// Checks that the file continues a rollout of `setup` over games `first .. first +
    /// games`.
    ///
    /// # Errors
    /// [`CheckpointError`] naming every difference (`seed=1 there, seed=2 here`), or saying
    /// how many games to ask for when the file holds more.
    pub fn check_continues(
        &self,
        where_: &str,
        setup: &RolloutSetup,
        first: u64,
        games: u64,
    ) -> Result<(), CheckpointError> {
        check_continues(
            where_,
            "",
            &self.record,
            self.first_game,
            setup,
            first,
            games,
        )
    }
}

fn ranges_text(r: &Ranges) -> String {
    let parts: Vec<String> = r
        .ranges()
        .iter()
        .map(|x| format!("({}, {})", x.start, x.end))
        .collect();
    format!("({},)", parts.join(", "))
}

fn check_continues<T: RunTally>(
    where_: &str,
    which: &str,
    record: &RunRecord<T>,
    first_there: u64,
    setup: &RolloutSetup,
    first: u64,
    games: u64,
) -> Result<(), CheckpointError> {
    let mut said: Vec<String> = setup
        .mismatches(&record.setup)
        .iter()
        .map(|m| format!("{0}={1} there, {0}={2} here", m.field, m.there, m.here))
        .collect();
    if first_there != first {
        said.push(format!(
            "first_game={first_there} there, first_game={first} here"
        ));
    }
    if !said.is_empty() {
        return Err(CheckpointError(format!(
            "the checkpoint {where_} was made by another rollout ({which}{}): pass the same \
             arguments to continue it, or another checkpoint file to start afresh",
            said.join("; ")
        )));
    }
    let end = first + games;
    let next = record.ranges.next();
    if record.tally.games() > 0 && next > end {
        return Err(CheckpointError(format!(
            "the checkpoint {where_} already holds games up to {next}, beyond games={games} \
             from first_game={first}: ask for at least {} games",
            next - first
        )));
    }
    Ok(())
}

/// A checkpoint file of a comparison on common dice: a record per position (each holding the
/// same games) and the exact sums of products of their games' points.
#[derive(Clone, Debug, PartialEq)]
pub struct ManyFile {
    /// The record of each position.
    pub records: Vec<RunRecord<Tally>>,
    /// `cross[i][j]`: the sum over the games of the points of position `i` times those of `j`,
    /// in units of 1/[`ONE`]².
    pub cross: Vec<Vec<i128>>,
    /// The master seed.
    pub seed: u64,
    /// Every position played on the same dice.
    pub common_dice: bool,
    /// The games asked for.
    pub games: u64,
}

impl ManyFile {
    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut f = BTreeMap::new();
        f.insert("format".to_string(), Json::str(MANY_FILE_FORMAT));
        f.insert("games".to_string(), Json::uint(self.games.into()));
        f.insert("seed".to_string(), Json::uint(self.seed.into()));
        f.insert("common_dice".to_string(), Json::Bool(self.common_dice));
        f.insert(
            "rollouts".to_string(),
            Json::Array(self.records.iter().map(RunRecord::to_json).collect()),
        );
        let cross = self
            .cross
            .iter()
            .map(|row| Json::Array(row.iter().map(|&c| Json::int(c)).collect()))
            .collect();
        f.insert("cross".to_string(), Json::Array(cross));
        let check = integrity_check(&f);
        f.insert("check".to_string(), Json::Str(check));
        Json::Object(f).pretty(&[
            "format",
            "games",
            "seed",
            "common_dice",
            "rollouts",
            "cross",
        ])
    }

    /// Reads a file's bytes, validated completely: each record as [`RunRecord::from_json`]
    /// does, and the sums of products must fit them (a square symmetric table whose diagonal
    /// is each record's sum of squares, within the Cauchy-Schwarz bound, every record holding
    /// the same games).
    ///
    /// # Errors
    /// [`CheckpointError`] naming the problem.
    pub fn from_bytes(bytes: &[u8], where_: &str) -> Result<ManyFile, CheckpointError> {
        let map = file_fields(
            bytes,
            where_,
            MANY_FILE_FORMAT,
            &[
                "format",
                "games",
                "seed",
                "common_dice",
                "rollouts",
                "cross",
                "check",
            ],
        )?;
        let invalid = |e: CheckpointError| {
            CheckpointError(format!("the checkpoint {where_} is not valid: {e}"))
        };
        let f = Fields(&map);
        let seed = f.uint("seed", 0, u64::MAX.into()).map_err(invalid)? as u64;
        let games = f.uint("games", 1, u64::MAX.into()).map_err(invalid)? as u64;
        let common_dice = f.bool("common_dice").map_err(invalid)?;
        let records = match f.get("rollouts")? {
            Json::Array(items) if !items.is_empty() => items
                .iter()
                .map(RunRecord::<Tally>::from_json)
                .collect::<Result<Vec<_>, _>>()
                .map_err(invalid)?,
            _ => {
                return Err(invalid(CheckpointError::new(
                    "checkpoint field rollouts must be a non-empty list",
                )))
            }
        };
        let k = records.len();
        let bad_cross = || {
            invalid(CheckpointError(format!(
                "cross must be {k} lists of {k} integers"
            )))
        };
        let Json::Array(rows) = f.get("cross")? else {
            return Err(bad_cross());
        };
        if rows.len() != k {
            return Err(bad_cross());
        }
        let mut cross = Vec::with_capacity(k);
        for row in rows {
            let Json::Array(row) = row else {
                return Err(bad_cross());
            };
            if row.len() != k {
                return Err(bad_cross());
            }
            let mut out = Vec::with_capacity(k);
            for c in row {
                let Json::Int(t) = c else {
                    return Err(bad_cross());
                };
                out.push(t.parse::<i128>().map_err(|_| bad_cross())?);
            }
            cross.push(out);
        }
        let same_games = records.iter().all(|r| r.ranges == records[0].ranges);
        let fits = same_games
            && (0..k).all(|i| {
                (0..k).all(|j| {
                    let (c, ii, jj) = (cross[i][j], cross[i][i], cross[j][j]);
                    ii >= 0
                        && ii.unsigned_abs() == records[i].tally.points_sq
                        && c == cross[j][i]
                        && c.unsigned_abs()
                            .checked_mul(c.unsigned_abs())
                            .zip(ii.unsigned_abs().checked_mul(jj.unsigned_abs()))
                            .map_or(true, |(a, b)| a <= b)
                })
            });
        if !fits {
            return Err(invalid(CheckpointError::new(
                "its rollouts do not hold the same games or its sums of products do not fit \
                 their points",
            )));
        }
        Ok(ManyFile {
            records,
            cross,
            seed,
            common_dice,
            games,
        })
    }

    /// Checks that the file continues a comparison of `setups` (one per position) over games
    /// `0 .. games`.
    ///
    /// # Errors
    /// [`CheckpointError`] naming every difference.
    pub fn check_continues(
        &self,
        where_: &str,
        setups: &[RolloutSetup],
        seed: u64,
        common_dice: bool,
        games: u64,
    ) -> Result<(), CheckpointError> {
        let mut said = Vec::new();
        if self.records.len() != setups.len() {
            said.push(format!(
                "positions={} there, positions={} here",
                self.records.len(),
                setups.len()
            ));
        }
        if self.common_dice != common_dice {
            let b = |x: bool| if x { "True" } else { "False" };
            said.push(format!(
                "common_dice={} there, common_dice={} here",
                b(self.common_dice),
                b(common_dice)
            ));
        }
        if self.seed != seed {
            said.push(format!("seed={} there, seed={seed} here", self.seed));
        }
        if !said.is_empty() {
            return Err(CheckpointError(format!(
                "the checkpoint {where_} was made by another rollout ({}): pass the same \
                 arguments to continue it, or another checkpoint file to start afresh",
                said.join("; ")
            )));
        }
        for (i, (record, setup)) in self.records.iter().zip(setups).enumerate() {
            let which = format!("position {i}: ");
            check_continues(where_, &which, record, 0, setup, 0, games)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PolicyKind;

    fn setup() -> RolloutSetup {
        RolloutSetup {
            position: VariantPosition::start(Variant::Backgammon, Color::White),
            policies: [
                PolicyName::Builtin(PolicyKind::Pubeval),
                PolicyName::Foreign("Mine".into()),
            ],
            seed: 7,
            opening: true,
            quasi_random: true,
            nardy: None,
            truncate: BearoffTruncation::Off,
            truncate_after: None,
            variance_reduction: false,
            evaluator: None,
            cube: None,
            plies: [0, 0],
        }
    }

    fn record() -> RunRecord<Tally> {
        let mut tally = Tally {
            games: 2,
            ..Tally::default()
        };
        tally.win[0][1] = u128::from(ONE);
        tally.win[1][0] = u128::from(ONE);
        tally.points = i128::from(ONE);
        tally.points_sq = 5 * u128::from(ONE) * u128::from(ONE);
        tally.plies = 90;
        RunRecord {
            setup: setup(),
            tally,
            ranges: Ranges::of(10..12),
            games_requested: 2,
            stop: Stop::Completed,
            elapsed: 0.25,
            threads: 2,
        }
    }

    #[test]
    fn a_record_round_trips_through_its_text() {
        let r = record();
        let text = r.to_json().canonical();
        let back = RunRecord::<Tally>::from_json(&Json::parse(text.as_bytes()).unwrap()).unwrap();
        assert_eq!(back, r);
        let file = RolloutFile {
            record: r,
            first_game: 10,
            games: 5,
        };
        let again = RolloutFile::<Tally>::from_bytes(file.to_text().as_bytes(), "x").unwrap();
        assert_eq!(again, file);
    }

    #[test]
    fn an_edited_record_fails_its_integrity_check_and_bad_fields_are_named() {
        let Json::Object(mut map) = record().to_json() else {
            unreachable!()
        };
        map.insert("seed".into(), Json::int(8));
        let err = RunRecord::<Tally>::from_json(&Json::Object(map.clone())).unwrap_err();
        assert!(err.0.contains("integrity check"), "{err}");
        map.insert("seed".into(), Json::Float(1.5));
        let check = integrity_check(&map);
        map.insert("check".into(), Json::Str(check));
        let err = RunRecord::<Tally>::from_json(&Json::Object(map)).unwrap_err();
        assert_eq!(err.0, "checkpoint field seed must be an int, not 1.5");
    }

    #[test]
    fn records_of_other_setups_or_overlapping_games_do_not_merge() {
        let a = record();
        let mut b = record();
        b.ranges = Ranges::of(12..14);
        let both = a.merge(&b).unwrap();
        assert_eq!(both.ranges, Ranges::of(10..14));
        assert_eq!(both.tally.games, 4);
        assert!(a.merge(&a).unwrap_err().0.contains("overlap"));
        b.setup.seed = 8;
        assert!(a.merge(&b).unwrap_err().0.contains("seed=7 and seed=8"));
    }

    #[test]
    fn a_file_of_another_setup_says_what_differs() {
        let file = RolloutFile {
            record: record(),
            first_game: 10,
            games: 5,
        };
        let mut mine = setup();
        mine.seed = 9;
        let err = file.check_continues("ck.json", &mine, 10, 5).unwrap_err();
        assert!(err.0.contains("seed=7 there, seed=9 here"), "{err}");
        let err = file
            .check_continues("ck.json", &setup(), 10, 1)
            .unwrap_err();
        assert!(err.0.contains("ask for at least 2 games"), "{err}");
    }

    /// Checkpoint files written by the package before the records moved to the core (their
    /// checks computed by Python's json module) read, and write back the same record.
    #[test]
    fn checkpoints_written_before_read_and_write_back_the_same_records() {
        macro_rules! fixture {
            ($name:literal) => {
                include_bytes!(concat!(
                    "../../../../tests/data/checkpoints/",
                    $name,
                    ".json"
                ))
            };
        }
        for (name, bytes) in [
            ("plain", &fixture!("plain")[..]),
            ("truncate", &fixture!("truncate")[..]),
            ("nardy", &fixture!("nardy")[..]),
            ("python_policy", &fixture!("python_policy")[..]),
            ("interrupted", &fixture!("interrupted")[..]),
        ] {
            let file = RolloutFile::<Tally>::from_bytes(bytes, name).unwrap();
            let Json::Object(map) = Json::parse(bytes).unwrap() else {
                unreachable!()
            };
            assert_eq!(file.record.to_json(), map["rollout"], "{name}");
            let again = RolloutFile::<Tally>::from_bytes(file.to_text().as_bytes(), name).unwrap();
            assert_eq!(again, file, "{name}");
        }
        // The net's variance reduction of the earlier estimator is refused with the reason.
        let refused = RolloutFile::<Tally>::from_bytes(&fixture!("net_vr")[..], "net_vr");
        assert!(refused.is_err_and(|e| e.0.contains("valued every play with the net")));
        for bytes in [
            &fixture!("rank_plays")[..],
            &fixture!("many_independent_vr")[..],
        ] {
            let many = ManyFile::from_bytes(bytes, "many").unwrap();
            let again = ManyFile::from_bytes(many.to_text().as_bytes(), "many").unwrap();
            assert_eq!(again, many);
        }
    }
    #[test]
    fn the_games_left_and_the_tasks_of_a_run() {
        assert_eq!(
            missing_ranges(0..10, &[2..4, 6..7]),
            vec![0..2, 4..6, 7..10]
        );
        let all = [Range { start: 0, end: 10 }];
        assert_eq!(missing_ranges(3..5, &all), Vec::<Range<u64>>::new());
        assert_eq!(missing_ranges(0..4, &[0..0, 5..9]), vec![0..4]);
        assert_eq!(split_ranges(&[0..5, 7..9], 2), vec![0..2, 2..4, 4..5, 7..9]);
        let three = [Range { start: 0, end: 3 }];
        assert_eq!(split_ranges(&three, 0), vec![0..1, 1..2, 2..3]);
    }
}
