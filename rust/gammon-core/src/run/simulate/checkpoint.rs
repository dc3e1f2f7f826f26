//! Simulation records as JSON, and their checkpoint files.
//!
//! - A record ([`SimRecord`], without its per-item records) is a `gammon.match-simulation/1`
//!   or `gammon.money-simulation/1` object: the setup, the item ranges, the items asked for,
//!   the stop reason, time and threads, the exact statistics, and a `check` field, the SHA-256
//!   of the object's canonical text (keys sorted, no spaces) without it.
//! - A checkpoint file is a `gammon.simulation-checkpoint/1` object holding the record, the
//!   simulation's first item and its items asked for, with its own `check`.
//!
//! Reading validates completely: the text (UTF-8, JSON, nesting), every field's type and
//! range, the statistics (the wins add up to the items, the sums can come from that many
//! items, the ranges hold exactly the items counted), the setup ([`SimSetup::validate`]) and
//! the integrity check; each error names the field.

use std::fmt::Write as _;
use std::ops::Range;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::base::color::ByColor;
use crate::base::variant::Variant;
use crate::play::record::WIN_KINDS;
use crate::run::batch::StopReason;
use crate::run::simulate::record::{join_ranges, SimFormat, SimRecord, SimSetup};
use crate::run::simulate::{MatchTally, MoneyTally, SimRecords, SimTally};
use crate::scoring::cube::CubeRules;

/// The format of a match simulation's record.
pub const MATCH_FORMAT: &str = "gammon.match-simulation/1";
/// The format of a money simulation's record.
pub const MONEY_FORMAT: &str = "gammon.money-simulation/1";
/// The format of a simulation's checkpoint file.
pub const FILE_FORMAT: &str = "gammon.simulation-checkpoint/1";

/// A record or checkpoint that cannot be read, or cannot continue a run: the message names
/// the field and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SimCheckpointError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, SimCheckpointError> {
    Err(SimCheckpointError(message.into()))
}

/// The statistics of a record: to and from its JSON object.
pub trait TallyJson: SimTally {
    /// The record format of simulations with this tally.
    const FORMAT: &'static str;
    /// The tally as a JSON object.
    fn to_json(&self) -> Value;
    /// Reads and checks a tally object (`"tally"` of a record).
    ///
    /// # Errors
    /// [`SimCheckpointError`] naming the field.
    fn from_json(v: &Value) -> Result<Self, SimCheckpointError>;
}

/// A JSON integer of any size (the feature `arbitrary_precision` keeps its digits).
fn big(v: impl ToString) -> Value {
    serde_json::from_str(&v.to_string()).unwrap_or(Value::Null)
}

fn pair(a: impl ToString, b: impl ToString) -> Value {
    Value::Array(vec![big(a), big(b)])
}

/// The canonical text of `v` (keys sorted, no spaces) and its SHA-256, as `"sha256:..."`.
fn check_of(v: &Map<String, Value>) -> String {
    let mut body = v.clone();
    body.remove("check");
    let text = Value::Object(body).to_string();
    let mut out = String::from("sha256:");
    for b in Sha256::digest(text.as_bytes()) {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The fields of a JSON object, read with messages that name them.
struct Fields<'a> {
    map: &'a Map<String, Value>,
    /// What the object is, for messages: `"checkpoint field "`, `"tally field "`.
    what: &'static str,
}

impl<'a> Fields<'a> {
    /// The object `v`, with exactly the fields `names`.
    fn of(
        v: &'a Value,
        what: &'static str,
        names: &[&str],
    ) -> Result<Fields<'a>, SimCheckpointError> {
        let Value::Object(map) = v else {
            return err(format!("{what}must be an object, not {}", kind(v)));
        };
        let missing: Vec<&str> = names
            .iter()
            .copied()
            .filter(|k| !map.contains_key(*k))
            .collect();
        let unknown: Vec<&str> = map
            .keys()
            .map(String::as_str)
            .filter(|k| !names.contains(k))
            .collect();
        if !missing.is_empty() || !unknown.is_empty() {
            return err(format!(
                "{what}: missing fields [{}], unknown fields [{}]",
                missing.join(", "),
                unknown.join(", ")
            ));
        }
        Ok(Fields { map, what })
    }

    fn get(&self, name: &str) -> &'a Value {
        self.map.get(name).unwrap_or(&Value::Null)
    }

    fn int<T: std::str::FromStr + PartialOrd + ToString + Copy>(
        &self,
        name: &str,
        lo: T,
        hi: T,
    ) -> Result<T, SimCheckpointError> {
        int_in(self.get(name), lo, hi).ok_or_else(|| {
            SimCheckpointError(format!(
                "{}{name} must be an integer from {} to {}, not {}",
                self.what,
                lo.to_string(),
                hi.to_string(),
                self.get(name)
            ))
        })
    }

    fn pair<T: std::str::FromStr + PartialOrd + ToString + Copy>(
        &self,
        name: &str,
        lo: T,
        hi: T,
    ) -> Result<[T; 2], SimCheckpointError> {
        match self.get(name) {
            Value::Array(v) if v.len() == 2 => match (int_in(&v[0], lo, hi), int_in(&v[1], lo, hi))
            {
                (Some(a), Some(b)) => Ok([a, b]),
                _ => err(format!(
                    "{}{name} must be two integers from {} to {}, not {}",
                    self.what,
                    lo.to_string(),
                    hi.to_string(),
                    self.get(name)
                )),
            },
            other => err(format!(
                "{}{name} must be a pair of integers, not {other}",
                self.what
            )),
        }
    }

    fn bool(&self, name: &str) -> Result<bool, SimCheckpointError> {
        self.get(name).as_bool().ok_or_else(|| {
            SimCheckpointError(format!(
                "{}{name} must be true or false, not {}",
                self.what,
                self.get(name)
            ))
        })
    }

    fn str(&self, name: &str) -> Result<&'a str, SimCheckpointError> {
        self.get(name).as_str().ok_or_else(|| {
            SimCheckpointError(format!(
                "{}{name} must be a string, not {}",
                self.what,
                self.get(name)
            ))
        })
    }
}

/// An integer within `lo ..= hi` (of any size), else `None`.
fn int_in<T: std::str::FromStr + PartialOrd>(v: &Value, lo: T, hi: T) -> Option<T> {
    let Value::Number(n) = v else { return None };
    let x: T = n.to_string().parse().ok()?;
    (lo <= x && x <= hi).then_some(x)
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl TallyJson for MatchTally {
    const FORMAT: &'static str = MATCH_FORMAT;

    fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("matches".into(), big(self.matches));
        m.insert("wins".into(), pair(self.wins.white, self.wins.black));
        m.insert("games".into(), big(self.games));
        m.insert("games_sq".into(), big(self.games_sq));
        m.insert("crawford_games".into(), big(self.crawford_games));
        m.insert("drops".into(), big(self.drops));
        m.insert("doubles".into(), big(self.doubles));
        m.insert("points".into(), pair(self.points.white, self.points.black));
        m.insert("plies".into(), big(self.plies));
        Value::Object(m)
    }

    fn from_json(v: &Value) -> Result<MatchTally, SimCheckpointError> {
        let names = [
            "matches",
            "wins",
            "games",
            "games_sq",
            "crawford_games",
            "drops",
            "doubles",
            "points",
            "plies",
        ];
        let f = Fields::of(v, "checkpoint field tally.", &names)?;
        let matches = f.int("matches", 0, u64::MAX)?;
        let wins = f.pair("wins", 0, matches)?;
        if wins[0] + wins[1] != matches {
            return err(format!(
                "checkpoint field tally.wins {wins:?} must add up to the {matches} matches"
            ));
        }
        // Every match takes at least one game, each game at least one turn.
        let games = f.int("games", matches, u64::MAX)?;
        let games_sq = f.int("games_sq", u128::from(games), u128::from(games).pow(2))?;
        let tally = MatchTally {
            matches,
            wins: ByColor {
                white: wins[0],
                black: wins[1],
            },
            games,
            games_sq,
            crawford_games: f.int("crawford_games", 0, matches)?,
            drops: f.int("drops", 0, games)?,
            doubles: f.int("doubles", 0, u64::MAX)?,
            points: {
                let p = f.pair("points", 0, u64::MAX)?;
                ByColor {
                    white: p[0],
                    black: p[1],
                }
            },
            plies: f.int("plies", games, u64::MAX)?,
        };
        if matches == 0 && tally != MatchTally::default() {
            return err("checkpoint field tally: no matches, but other sums are not 0");
        }
        Ok(tally)
    }
}

impl TallyJson for MoneyTally {
    const FORMAT: &'static str = MONEY_FORMAT;

    fn to_json(&self) -> Value {
        let kinds = |w: &[u64; WIN_KINDS]| Value::Array(w.iter().map(|&x| big(x)).collect());
        let mut m = Map::new();
        m.insert("games".into(), big(self.games));
        m.insert("points".into(), big(self.points));
        m.insert("points_sq".into(), big(self.points_sq));
        m.insert(
            "wins".into(),
            Value::Array(vec![kinds(&self.wins.white), kinds(&self.wins.black)]),
        );
        m.insert("drops".into(), pair(self.drops.white, self.drops.black));
        m.insert("draws".into(), big(self.draws));
        m.insert("cube".into(), big(self.cube));
        m.insert("doubles".into(), big(self.doubles));
        m.insert("plies".into(), big(self.plies));
        Value::Object(m)
    }

    fn from_json(v: &Value) -> Result<MoneyTally, SimCheckpointError> {
        let names = [
            "games",
            "points",
            "points_sq",
            "wins",
            "drops",
            "draws",
            "cube",
            "doubles",
            "plies",
        ];
        let f = Fields::of(v, "checkpoint field tally.", &names)?;
        let games = f.int("games", 0, u64::MAX)?;
        let mut wins = [[0u64; WIN_KINDS]; 2];
        let bad_wins = || {
            SimCheckpointError(format!(
                "checkpoint field tally.wins must be two lists of {WIN_KINDS} integers from 0 to \
                 {games}, not {}",
                f.get("wins")
            ))
        };
        let Value::Array(sides) = f.get("wins") else {
            return Err(bad_wins());
        };
        if sides.len() != 2 {
            return Err(bad_wins());
        }
        for (side, v) in wins.iter_mut().zip(sides) {
            let Value::Array(counts) = v else {
                return Err(bad_wins());
            };
            if counts.len() != WIN_KINDS {
                return Err(bad_wins());
            }
            for (slot, c) in side.iter_mut().zip(counts) {
                *slot = int_in(c, 0, games).ok_or_else(bad_wins)?;
            }
        }
        let drops = f.pair("drops", 0, games)?;
        let draws = f.int("draws", 0, games)?;
        let counted: u128 = wins.iter().flatten().map(|&x| u128::from(x)).sum::<u128>()
            + u128::from(drops[0])
            + u128::from(drops[1])
            + u128::from(draws);
        if counted != u128::from(games) {
            return err(format!(
                "checkpoint field tally: the wins, drops and draws ({counted}) must add up to \
                 the {games} games"
            ));
        }
        let points_sq: u128 = f.int("points_sq", 0, u128::MAX)?;
        let limit = i128::try_from(points_sq).unwrap_or(i128::MAX);
        let points: i128 = f.int("points", -limit, limit)?;
        Ok(MoneyTally {
            games,
            points,
            points_sq,
            wins: ByColor {
                white: wins[0],
                black: wins[1],
            },
            drops: ByColor {
                white: drops[0],
                black: drops[1],
            },
            draws,
            cube: f.int("cube", games, u64::MAX)?,
            doubles: f.int("doubles", 0, u64::MAX)?,
            // Every game takes at least one turn (a double comes after the opening roll).
            plies: f.int("plies", games, u64::MAX)?,
        })
    }
}

/// The cube rules as a JSON object, under their Python names.
fn rules_json(r: &CubeRules) -> Value {
    let mut m = Map::new();
    m.insert("max_cube".into(), big(r.max_cube()));
    m.insert("jacoby".into(), Value::Bool(r.jacoby));
    m.insert("beavers".into(), Value::Bool(r.beavers));
    m.insert("raccoons".into(), Value::Bool(r.raccoons));
    m.insert("max_beavers".into(), big(r.max_beavers));
    m.insert("auto_doubles".into(), big(r.auto_doubles));
    m.insert("enabled".into(), Value::Bool(r.enabled));
    m.insert("refuse_dead_cube".into(), Value::Bool(r.refuse_dead_cube));
    m.insert(
        "gnubg_raccoon_owner".into(),
        Value::Bool(r.gnubg_raccoon_owner),
    );
    Value::Object(m)
}

fn rules_from(v: &Value) -> Result<CubeRules, SimCheckpointError> {
    let names = [
        "max_cube",
        "jacoby",
        "beavers",
        "raccoons",
        "max_beavers",
        "auto_doubles",
        "enabled",
        "refuse_dead_cube",
        "gnubg_raccoon_owner",
    ];
    let f = Fields::of(v, "checkpoint field cube_rules.", &names)?;
    let max_cube: u32 = f.int("max_cube", 1, u32::MAX)?;
    if !max_cube.is_power_of_two() {
        return err(format!(
            "checkpoint field cube_rules.max_cube must be a power of two, not {max_cube}"
        ));
    }
    let rules = CubeRules {
        max_cube_log2: max_cube.trailing_zeros() as u8,
        jacoby: f.bool("jacoby")?,
        beavers: f.bool("beavers")?,
        raccoons: f.bool("raccoons")?,
        max_beavers: f.int("max_beavers", 0, u32::MAX)?,
        auto_doubles: f.int("auto_doubles", 0, u8::MAX)?,
        enabled: f.bool("enabled")?,
        refuse_dead_cube: f.bool("refuse_dead_cube")?,
        gnubg_raccoon_owner: f.bool("gnubg_raccoon_owner")?,
    };
    rules
        .validate()
        .map_err(|e| SimCheckpointError(format!("checkpoint field cube_rules: {e}")))
}

/// The stop reasons a record may hold.
const STOPS: [StopReason; 4] = [
    StopReason::Completed,
    StopReason::Interrupted,
    StopReason::MaxSeconds,
    StopReason::TargetStdError,
];

impl<T: TallyJson, R: SimRecords<Item = T::Item>> SimRecord<T, R> {
    /// The record as a JSON object (its per-item records left out), with its integrity check.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let s = &self.setup;
        let mut m = Map::new();
        m.insert("format".into(), Value::from(T::FORMAT));
        m.insert("variant".into(), Value::from(s.variant.name()));
        if let SimFormat::Match { length, crawford } = s.format {
            m.insert("length".into(), big(length));
            m.insert("crawford".into(), Value::Bool(crawford));
        }
        m.insert(
            "players".into(),
            Value::Array(s.players.iter().map(|p| Value::from(p.as_str())).collect()),
        );
        m.insert("seed".into(), big(s.seed));
        m.insert("cube_rules".into(), rules_json(&s.cube_rules));
        // The search depths, written only for searched players: the records of 0-ply
        // simulations stay as they were (and read with depths 0).
        for (name, depths) in [("plies", s.plies), ("cube_plies", s.cube_plies)] {
            if depths != [0, 0] {
                m.insert(name.into(), pair(depths[0], depths[1]));
            }
        }
        let ranges = self.ranges.iter().map(|r| pair(r.start, r.end)).collect();
        m.insert("ranges".into(), Value::Array(ranges));
        m.insert("requested".into(), big(self.requested));
        m.insert("stop".into(), Value::from(self.stop.name()));
        m.insert(
            "elapsed".into(),
            serde_json::Number::from_f64(self.elapsed).map_or(Value::Null, Value::Number),
        );
        m.insert("threads".into(), big(self.threads));
        m.insert("tally".into(), self.tally.to_json());
        let check = check_of(&m);
        m.insert("check".into(), Value::from(check));
        Value::Object(m)
    }

    /// Reads and validates a record object (no per-item records).
    ///
    /// # Errors
    /// [`SimCheckpointError`] naming the field and the problem.
    pub fn from_json(v: &Value) -> Result<SimRecord<T, R>, SimCheckpointError> {
        let is_match = T::FORMAT == MATCH_FORMAT;
        let mut names = vec![
            "format",
            "check",
            "variant",
            "players",
            "seed",
            "cube_rules",
            "ranges",
            "requested",
            "stop",
            "elapsed",
            "threads",
            "tally",
        ];
        if is_match {
            names.extend(["length", "crawford"]);
        }
        let searched = ["plies", "cube_plies"];
        if let Value::Object(map) = v {
            names.extend(searched.into_iter().filter(|k| map.contains_key(*k)));
            let found = map.get("format").unwrap_or(&Value::Null);
            if found.as_str() != Some(T::FORMAT) {
                let what = |f: Option<&str>| match f {
                    Some(MATCH_FORMAT) => "a match simulation".to_owned(),
                    Some(MONEY_FORMAT) => "a money simulation".to_owned(),
                    Some(other) => format!("format {other:?}"),
                    None => format!("format {found}"),
                };
                return err(format!(
                    "it was written by another simulation: {}, not {}",
                    what(found.as_str()),
                    what(Some(T::FORMAT))
                ));
            }
        }
        let f = Fields::of(v, "checkpoint field ", &names)?;
        if f.str("check")? != check_of(f.map) {
            return err(
                "the record's integrity check does not match its content: it was edited or \
                 corrupted",
            );
        }
        let variant_name = f.str("variant")?;
        let variant = Variant::find(variant_name)
            .ok()
            .filter(|v| v.name() == variant_name)
            .ok_or_else(|| {
                SimCheckpointError(format!(
                    "checkpoint field variant must name a variant, not {variant_name:?}"
                ))
            })?;
        let format = if is_match {
            SimFormat::Match {
                length: f.int("length", 1, u32::MAX)?,
                crawford: f.bool("crawford")?,
            }
        } else {
            SimFormat::Money
        };
        let players = match f.get("players") {
            Value::Array(p) if p.len() == 2 && p.iter().all(Value::is_string) => [
                p[0].as_str().unwrap_or_default().to_owned(),
                p[1].as_str().unwrap_or_default().to_owned(),
            ],
            other => {
                return err(format!(
                    "checkpoint field players must be two names, not {other}"
                ))
            }
        };
        let depths = |name: &str| match f.get(name) {
            Value::Null => Ok([0, 0]),
            _ => f.pair(name, 0, u32::MAX),
        };
        let setup = SimSetup {
            variant,
            format,
            players,
            seed: f.int("seed", 0, u64::MAX)?,
            cube_rules: rules_from(f.get("cube_rules"))?,
            plies: depths("plies")?,
            cube_plies: depths("cube_plies")?,
        };
        setup
            .validate()
            .map_err(|e| SimCheckpointError(format!("the record's setup cannot be played: {e}")))?;
        let tally = T::from_json(f.get("tally"))?;
        let count = tally.count();
        let unit = setup.format.unit();
        let ranges = read_ranges(f.get("ranges"), count, unit)?;
        let stop_name = f.str("stop")?;
        let stop = STOPS
            .into_iter()
            .find(|s| s.name() == stop_name)
            .ok_or_else(|| {
                SimCheckpointError(format!(
                    "checkpoint field stop must be completed, interrupted, max_seconds or \
                     target_std_error, not {stop_name:?}"
                ))
            })?;
        let elapsed = f
            .get("elapsed")
            .as_f64()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| {
                SimCheckpointError(format!(
                    "checkpoint field elapsed must be a number of seconds, not {}",
                    f.get("elapsed")
                ))
            })?;
        Ok(SimRecord {
            setup,
            tally,
            records: None,
            ranges,
            requested: f.int("requested", 0, u64::MAX)?,
            stop,
            elapsed,
            threads: f.int("threads", 0, 1 << 16)?,
        })
    }

    /// The text of the record's JSON object.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.to_json().to_string()
    }

    /// Reads a record from its text.
    ///
    /// # Errors
    /// [`SimCheckpointError`] for text that is not a record.
    pub fn from_text(bytes: &[u8]) -> Result<SimRecord<T, R>, SimCheckpointError> {
        SimRecord::from_json(&parse(bytes)?)
    }

    /// The text of the checkpoint file of this record, part of a simulation of items
    /// `first .. first + items`.
    #[must_use]
    pub fn checkpoint_text(&self, first: u64, items: u64) -> String {
        let mut m = Map::new();
        m.insert("format".into(), Value::from(FILE_FORMAT));
        m.insert("first".into(), big(first));
        m.insert("items".into(), big(items));
        m.insert("simulation".into(), self.to_json());
        let check = check_of(&m);
        m.insert("check".into(), Value::from(check));
        let mut text = serde_json::to_string_pretty(&Value::Object(m)).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a checkpoint file's bytes and checks that it continues a simulation of `setup`
    /// over items `first .. first + items`: the same setup (or, when `seed` is `None` in
    /// `setup`, any seed: the file's is kept), the same first item, nothing past the end.
    ///
    /// # Errors
    /// [`SimCheckpointError`] naming what is wrong with the file, or what differs.
    pub fn read_checkpoint(
        bytes: &[u8],
        setup: &SimSetup,
        any_seed: bool,
        first: u64,
        items: u64,
    ) -> Result<SimRecord<T, R>, SimCheckpointError> {
        let (rec, file_first, _) = Self::read_file(bytes)?;
        let (hi, unit) = (rec.next(), rec.setup.format.unit());
        let mut wanted = setup.clone();
        if any_seed {
            wanted.seed = rec.setup.seed;
        }
        let m = wanted.mismatches(&rec.setup);
        if !m.is_empty() {
            let said: Vec<String> = m
                .iter()
                .map(|x| format!("{0}={1} there, {0}={2} here", x.field, x.there, x.here))
                .collect();
            return err(format!(
                "it was written by another simulation ({}): delete it or run the simulation \
                 it was written by",
                said.join("; ")
            ));
        }
        if file_first != first {
            return err(format!(
                "it starts at {} {file_first}, this simulation at {first}",
                setup.format.item()
            ));
        }
        if rec.count() > 0 && hi > first + items {
            return err(format!(
                "it already holds {unit} up to {hi}, past the {items} {unit} asked for from {first}: \
                 ask for at least {} {unit}",
                hi - first
            ));
        }
        Ok(rec)
    }

    /// Reads a checkpoint file's bytes alone: the record, the simulation's first item and
    /// the items it asks for.
    ///
    /// # Errors
    /// [`SimCheckpointError`] naming what is wrong with the file: not JSON, another format,
    /// other fields, a failed integrity check, items outside the simulation's range.
    pub fn read_file(bytes: &[u8]) -> Result<(SimRecord<T, R>, u64, u64), SimCheckpointError> {
        let v = parse(bytes)?;
        if let Value::Object(map) = &v {
            match map.get("format").and_then(Value::as_str) {
                Some(FILE_FORMAT) => {}
                found => {
                    return err(format!(
                        "it is not a simulation checkpoint: its format is {}, not {FILE_FORMAT:?}",
                        found.map_or_else(|| "missing".to_owned(), |f| format!("{f:?}"))
                    ))
                }
            }
        }
        let f = Fields::of(
            &v,
            "checkpoint field ",
            &["format", "first", "items", "simulation", "check"],
        )?;
        if f.str("check")? != check_of(f.map) {
            return err(
                "its integrity check does not match its content: it was edited or corrupted",
            );
        }
        let file_first: u64 = f.int("first", 0, u64::MAX)?;
        let file_items: u64 = f.int("items", 0, u64::MAX - file_first)?;
        let rec = SimRecord::from_json(f.get("simulation"))?;
        let unit = rec.setup.format.unit();
        let (lo, hi) = (rec.first(), rec.next());
        if rec.count() > 0 && !(file_first <= lo && hi <= file_first + file_items) {
            return err(format!(
                "it holds {unit} {lo}..{hi}, outside its simulation's {unit} {file_first}..{}",
                file_first + file_items
            ));
        }
        Ok((rec, file_first, file_items))
    }
}

/// JSON text (UTF-8) read with serde_json's nesting limit.
fn parse(bytes: &[u8]) -> Result<Value, SimCheckpointError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| SimCheckpointError("it is not UTF-8 text (corrupt?)".to_owned()))?;
    serde_json::from_str(text)
        .map_err(|e| SimCheckpointError(format!("it is not JSON (corrupt?): {e}")))
}

/// The `ranges` field: sorted, disjoint, joined ranges holding exactly `count` items.
fn read_ranges(v: &Value, count: u64, unit: &str) -> Result<Vec<Range<u64>>, SimCheckpointError> {
    let bad = || {
        SimCheckpointError(format!(
            "checkpoint field ranges must be a list of [first, end] pairs of item indices, not {v}"
        ))
    };
    let Value::Array(items) = v else {
        return Err(bad());
    };
    let mut ranges = Vec::with_capacity(items.len());
    for r in items {
        let Value::Array(p) = r else {
            return Err(bad());
        };
        if p.len() != 2 {
            return Err(bad());
        }
        let a: u64 = int_in(&p[0], 0, u64::MAX).ok_or_else(bad)?;
        let b: u64 = int_in(&p[1], a, u64::MAX).ok_or_else(bad)?;
        ranges.push(a..b);
    }
    if ranges.is_empty() {
        return Err(bad());
    }
    let joined = join_ranges(ranges.clone()).map_err(|(a, b)| {
        SimCheckpointError(format!(
            "checkpoint field ranges: {unit} {}..{} overlap {unit} {}..{}",
            a.start, a.end, b.start, b.end
        ))
    })?;
    if joined != ranges {
        return err(format!(
            "checkpoint field ranges must be sorted, disjoint and joined, not {v}"
        ));
    }
    let held: u64 = ranges.iter().map(|r| r.end - r.start).sum();
    if held != count {
        return err(format!(
            "checkpoint field ranges holds {held} {unit}, but the tally counts {count}"
        ));
    }
    Ok(ranges)
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // item ranges, not their items
mod tests {
    use super::*;
    use crate::run::simulate::record::{MatchSimRecord, MoneySimRecord};

    fn match_record() -> MatchSimRecord {
        SimRecord {
            setup: SimSetup {
                variant: Variant::Nackgammon,
                format: SimFormat::Match {
                    length: 7,
                    crawford: false,
                },
                players: ["pubeval+race".to_owned(), "Mine+net:0a1b2c3d".to_owned()],
                seed: u64::MAX,
                cube_rules: CubeRules {
                    max_cube_log2: 4,
                    refuse_dead_cube: true,
                    ..CubeRules::default()
                },
                plies: [0, 0],
                cube_plies: [0, 0],
            },
            tally: MatchTally {
                matches: 3,
                wins: ByColor { white: 2, black: 1 },
                games: 10,
                games_sq: 36,
                crawford_games: 0,
                drops: 2,
                doubles: 4,
                points: ByColor {
                    white: 17,
                    black: 12,
                },
                plies: 400,
            },
            records: None,
            ranges: vec![10..12, 20..21],
            requested: 30,
            stop: StopReason::Interrupted,
            elapsed: 1.25,
            threads: 2,
        }
    }

    fn money_record() -> MoneySimRecord {
        let mut wins = ByColor {
            white: [0; WIN_KINDS],
            black: [0; WIN_KINDS],
        };
        wins.white[0] = 2;
        wins.black[1] = 1;
        SimRecord {
            setup: SimSetup {
                variant: Variant::Backgammon,
                format: SimFormat::Money,
                players: ["a+never".to_owned(), "b+never".to_owned()],
                seed: 3,
                cube_rules: CubeRules {
                    jacoby: true,
                    beavers: true,
                    ..CubeRules::default()
                },
                plies: [0, 0],
                cube_plies: [0, 0],
            },
            tally: MoneyTally {
                games: 4,
                points: i128::MIN / 4,
                points_sq: u128::MAX,
                wins,
                drops: ByColor { white: 1, black: 0 },
                draws: 0,
                cube: 7,
                doubles: 3,
                plies: 100,
            },
            records: None,
            ranges: vec![0..4],
            requested: 4,
            stop: StopReason::Completed,
            elapsed: 0.0,
            threads: 1,
        }
    }

    #[test]
    fn records_go_to_json_and_back_exactly_even_with_128_bit_sums() {
        let m = match_record();
        assert_eq!(MatchSimRecord::from_text(m.to_text().as_bytes()), Ok(m));
        let g = money_record();
        let text = g.to_text();
        assert!(text.contains(&u128::MAX.to_string()), "{text}");
        assert_eq!(MoneySimRecord::from_text(text.as_bytes()), Ok(g));
        // A record is read by its own kind only.
        let e = MoneySimRecord::from_text(match_record().to_text().as_bytes()).unwrap_err();
        assert!(
            e.0.contains("a match simulation, not a money simulation"),
            "{e}"
        );
    }

    #[test]
    fn search_depths_are_written_only_when_searched_and_read_back() {
        // A 0-ply record has no depth fields (the files of earlier versions read as 0 ply).
        let plain = match_record().to_text();
        assert!(!plain.contains("plies\":["), "{plain}");
        let mut m = match_record();
        m.setup.plies = [2, 0];
        m.setup.cube_plies = [0, 1];
        let text = m.to_text();
        assert!(text.contains("\"plies\":[2,0]"), "{text}");
        assert!(text.contains("\"cube_plies\":[0,1]"), "{text}");
        assert_eq!(MatchSimRecord::from_text(text.as_bytes()), Ok(m.clone()));
        // A depth beyond the deepest search is refused by name.
        m.setup.plies = [3, 0];
        let e = MatchSimRecord::from_text(m.to_text().as_bytes()).unwrap_err();
        assert!(e.0.contains("plies=3 is too deep"), "{e}");
        // A file of 0-ply players does not continue a searched simulation, nor the reverse.
        let mut searched = match_record().setup;
        searched.plies = [1, 1];
        let file = match_record().checkpoint_text(10, 20);
        let e =
            MatchSimRecord::read_checkpoint(file.as_bytes(), &searched, false, 10, 20).unwrap_err();
        assert!(e.0.contains("plies=(0, 0) there, plies=(1, 1) here"), "{e}");
    }

    /// Edits the record's JSON and reads it back, the check made again so that the content
    /// is what is checked.
    fn edited(f: impl FnOnce(&mut Map<String, Value>)) -> String {
        let Value::Object(mut m) = match_record().to_json() else {
            unreachable!()
        };
        f(&mut m);
        let check = check_of(&m);
        m.insert("check".into(), Value::from(check));
        MatchSimRecord::from_json(&Value::Object(m))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn every_field_is_checked_and_the_error_names_it() {
        let tally = |k: &str, v: Value| {
            let k = k.to_owned();
            edited(move |m| {
                if let Some(Value::Object(t)) = m.get_mut("tally") {
                    t.insert(k, v);
                }
            })
        };
        for (e, field) in [
            (tally("wins", pair(1, 1)), "tally.wins"),
            (tally("games", big(2)), "tally.games"),
            (tally("games_sq", big(9)), "tally.games_sq"),
            (tally("crawford_games", big(4)), "tally.crawford_games"),
            (tally("plies", big(5)), "tally.plies"),
            (
                edited(|m| {
                    m.remove("seed");
                }),
                "missing fields [seed]",
            ),
            (
                edited(|m| {
                    m.insert("extra".into(), Value::Null);
                }),
                "unknown fields [extra]",
            ),
            (
                edited(|m| {
                    m.insert("seed".into(), big(-1));
                }),
                "seed",
            ),
            (
                edited(|m| {
                    m.insert("variant".into(), Value::from("chess"));
                }),
                "variant",
            ),
            (
                edited(|m| {
                    m.insert("variant".into(), Value::from("long-nardy"));
                }),
                "without a doubling cube",
            ),
            (
                edited(|m| {
                    m.insert("length".into(), big(0));
                }),
                "length",
            ),
            (
                edited(|m| {
                    m.insert("stop".into(), Value::from("failed"));
                }),
                "stop",
            ),
            (
                edited(|m| {
                    m.insert("elapsed".into(), Value::from(-1.0));
                }),
                "elapsed",
            ),
            (
                edited(|m| {
                    m.insert("players".into(), Value::from(vec!["x"]));
                }),
                "players",
            ),
            (
                edited(|m| {
                    m.insert("ranges".into(), Value::Array(vec![pair(10, 14)]));
                }),
                "holds 4 matches",
            ),
            (
                edited(|m| {
                    m.insert(
                        "ranges".into(),
                        Value::Array(vec![pair(20, 21), pair(10, 12)]),
                    );
                }),
                "sorted",
            ),
            (
                edited(|m| {
                    m.insert(
                        "ranges".into(),
                        Value::Array(vec![pair(10, 12), pair(11, 12)]),
                    );
                }),
                "overlap",
            ),
            (
                edited(|m| {
                    if let Some(Value::Object(r)) = m.get_mut("cube_rules") {
                        r.insert("max_cube".into(), big(48));
                    }
                }),
                "cube_rules.max_cube",
            ),
        ] {
            assert!(e.contains(field), "{field}: {e}");
        }
        // The money tally: wins, drops and draws add up; the points fit their squares.
        let Value::Object(mut g) = money_record().to_json() else {
            unreachable!()
        };
        if let Some(Value::Object(t)) = g.get_mut("tally") {
            t.insert("draws".into(), big(1));
        }
        let check = check_of(&g);
        g.insert("check".into(), Value::from(check));
        let e = MoneySimRecord::from_json(&Value::Object(g)).unwrap_err();
        assert!(e.0.contains("add up to the 4 games"), "{e}");
    }

    #[test]
    fn an_edited_or_damaged_record_is_refused() {
        let text = match_record()
            .to_text()
            .replace("\"seed\":18446744073709551615", "\"seed\":1");
        let e = MatchSimRecord::from_text(text.as_bytes()).unwrap_err();
        assert!(e.0.contains("integrity check"), "{e}");
        for bad in [&b"\xff\xfe"[..], b"{\"a\":", b"[1e999]"] {
            assert!(MatchSimRecord::from_text(bad).is_err());
        }
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let e = MatchSimRecord::from_text(deep.as_bytes()).unwrap_err();
        assert!(e.0.contains("not JSON"), "{e}");
    }

    #[test]
    fn a_checkpoint_continues_only_the_simulation_it_was_written_by() {
        let r = match_record();
        let text = r.checkpoint_text(10, 20);
        let read = |setup: &SimSetup, any_seed: bool, first: u64, items: u64| {
            MatchSimRecord::read_checkpoint(text.as_bytes(), setup, any_seed, first, items)
        };
        assert_eq!(read(&r.setup, false, 10, 20), Ok(r.clone()));
        let mut other = r.setup.clone();
        other.seed = 5;
        let e = read(&other, false, 10, 20).unwrap_err();
        assert!(
            e.0.contains("seed=18446744073709551615 there, seed=5 here"),
            "{e}"
        );
        // Without a seed of its own the run takes the file's.
        assert_eq!(
            read(&other, true, 10, 20).map(|x| x.setup.seed),
            Ok(u64::MAX)
        );
        let e = read(&r.setup, false, 0, 30).unwrap_err();
        assert!(e.0.contains("starts at match 10"), "{e}");
        let e = read(&r.setup, false, 10, 5).unwrap_err();
        assert!(e.0.contains("ask for at least 11 matches"), "{e}");
        // A record alone, or another file, is not a checkpoint.
        let e = MatchSimRecord::read_checkpoint(r.to_text().as_bytes(), &r.setup, false, 10, 20)
            .unwrap_err();
        assert!(e.0.contains("not a simulation checkpoint"), "{e}");
        let edited = text.replacen("\"items\": 20", "\"items\": 25", 1);
        assert_ne!(edited, text);
        let e = MatchSimRecord::read_checkpoint(edited.as_bytes(), &r.setup, false, 10, 25)
            .unwrap_err();
        assert!(e.0.contains("integrity check"), "{e}");
    }
}
