//! Simulation records as JSON, and their checkpoint files, in the rollout records' JSON
//! ([`crate::run::json`]) and read by their field reader ([`Fields`]).
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
//! the integrity check; each error names the field. The files of earlier versions, whose
//! checks were computed over serde_json's text, still verify.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::base::color::ByColor;
use crate::base::variant::Variant;
use crate::play::record::WIN_KINDS;
use crate::run::batch::StopReason;
use crate::run::checkpoint::{
    exact_fields, join_ranges, object, prune_screen_field, py_repr, read_prune_screen,
    read_range_pairs, read_rules, read_win_table, rules_json, unwritten_prune, CheckpointError,
    Fields,
};
use crate::run::json::{integrity_check, serde_integrity_check, Json, JsonError};
use crate::run::simulate::record::{SimFormat, SimRecord, SimSetup};
use crate::run::simulate::{MatchTally, MoneyTally, SimRecords, SimTally};
use crate::scoring::cube::CubeRules;

/// The format of a match simulation's record.
pub const MATCH_FORMAT: &str = "gammon.match-simulation/1";
/// The format of a money simulation's record.
pub const MONEY_FORMAT: &str = "gammon.money-simulation/1";
/// The format of a simulation's checkpoint file.
pub const FILE_FORMAT: &str = "gammon.simulation-checkpoint/1";

/// A record or checkpoint that cannot be read, or cannot continue a run: the rollout records'
/// error (the message names the field and the problem).
pub type SimCheckpointError = CheckpointError;

fn err<T>(message: impl Into<String>) -> Result<T, CheckpointError> {
    Err(CheckpointError(message.into()))
}

/// The statistics of a record: to and from its JSON object.
pub trait TallyJson: SimTally {
    /// The record format of simulations with this tally.
    const FORMAT: &'static str;
    /// The tally as a JSON object.
    fn to_json(&self) -> Json;
    /// Reads and checks a tally object (`"tally"` of a record).
    ///
    /// # Errors
    /// [`CheckpointError`] naming the field.
    fn from_json(v: &Json) -> Result<Self, CheckpointError>;
}

fn uint(x: impl Into<u128>) -> Json {
    Json::uint(x.into())
}

fn pair(a: impl Into<u128>, b: impl Into<u128>) -> Json {
    Json::Array(vec![uint(a), uint(b)])
}

/// Adds the integrity check to the fields `m` of a record or file.
fn sealed(mut m: BTreeMap<String, Json>) -> Json {
    let check = integrity_check(&m);
    m.insert("check".into(), Json::Str(check));
    Json::Object(m)
}

/// Whether the `check` of `f` matches its content: as the rollout records compute it, or as
/// the simulation files of earlier versions did.
fn verified(f: &Fields<'_>) -> Result<bool, CheckpointError> {
    let check = f.str("check")?;
    Ok(check == integrity_check(f.map) || check == serde_integrity_check(f.map))
}

/// The object `v` with exactly the fields `names`, read with messages naming them after
/// `prefix` (`"tally."`).
fn nested<'a>(
    v: &'a Json,
    prefix: &'static str,
    names: &[&str],
) -> Result<Fields<'a>, CheckpointError> {
    let what = format!("checkpoint field {}", prefix.trim_end_matches('.'));
    let map = object(v, &what)?;
    exact_fields(map, names, &what)?;
    Ok(Fields::nested(map, prefix))
}

impl TallyJson for MatchTally {
    const FORMAT: &'static str = MATCH_FORMAT;

    fn to_json(&self) -> Json {
        Json::object([
            ("matches", uint(self.matches)),
            ("wins", pair(self.wins.white, self.wins.black)),
            ("games", uint(self.games)),
            ("games_sq", uint(self.games_sq)),
            ("crawford_games", uint(self.crawford_games)),
            ("drops", uint(self.drops)),
            ("doubles", uint(self.doubles)),
            ("points", pair(self.points.white, self.points.black)),
            ("plies", uint(self.plies)),
        ])
    }

    fn from_json(v: &Json) -> Result<MatchTally, CheckpointError> {
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
        let f = nested(v, "tally.", &names)?;
        let all = u128::from(u64::MAX);
        let matches = f.uint("matches", 0, all)?;
        let wins = f.uint_pair("wins", 0, matches)?;
        if wins[0] + wins[1] != matches {
            return err(format!(
                "checkpoint field tally.wins {wins:?} must add up to the {matches} matches"
            ));
        }
        // Every match takes at least one game, each game at least one turn.
        let games = f.uint("games", matches, all)?;
        let points = f.uint_pair("points", 0, all)?;
        let tally = MatchTally {
            matches: matches as u64,
            wins: ByColor {
                white: wins[0] as u64,
                black: wins[1] as u64,
            },
            games: games as u64,
            games_sq: f.uint("games_sq", games, games * games)?,
            crawford_games: f.uint("crawford_games", 0, matches)? as u64,
            drops: f.uint("drops", 0, games)? as u64,
            doubles: f.uint("doubles", 0, all)? as u64,
            points: ByColor {
                white: points[0] as u64,
                black: points[1] as u64,
            },
            plies: f.uint("plies", games, all)? as u64,
        };
        if matches == 0 && tally != MatchTally::default() {
            return err("checkpoint field tally: no matches, but other sums are not 0");
        }
        Ok(tally)
    }
}

impl TallyJson for MoneyTally {
    const FORMAT: &'static str = MONEY_FORMAT;

    fn to_json(&self) -> Json {
        let kinds = |w: &[u64; WIN_KINDS]| Json::Array(w.iter().map(|&x| uint(x)).collect());
        Json::object([
            ("games", uint(self.games)),
            ("points", Json::int(self.points)),
            ("points_sq", uint(self.points_sq)),
            (
                "wins",
                Json::Array(vec![kinds(&self.wins.white), kinds(&self.wins.black)]),
            ),
            ("drops", pair(self.drops.white, self.drops.black)),
            ("draws", uint(self.draws)),
            ("cube", uint(self.cube)),
            ("doubles", uint(self.doubles)),
            ("plies", uint(self.plies)),
        ])
    }

    fn from_json(v: &Json) -> Result<MoneyTally, CheckpointError> {
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
        let f = nested(v, "tally.", &names)?;
        let all = u128::from(u64::MAX);
        let games = f.uint("games", 0, all)?;
        let wins = read_win_table(f.get("wins")?, "tally.wins", games)?;
        let drops = f.uint_pair("drops", 0, games)?;
        let draws = f.uint("draws", 0, games)?;
        let counted: u128 = wins.iter().flatten().sum::<u128>() + drops[0] + drops[1] + draws;
        if counted != games {
            return err(format!(
                "checkpoint field tally: the wins, drops and draws ({counted}) must add up to \
                 the {games} games"
            ));
        }
        let points_sq = f.uint("points_sq", 0, u128::MAX)?;
        let limit = i128::try_from(points_sq).unwrap_or(i128::MAX);
        let side = |w: &[u128; WIN_KINDS]| w.map(|x| x as u64);
        Ok(MoneyTally {
            games: games as u64,
            points: f.int("points", -limit, limit)?,
            points_sq,
            wins: ByColor {
                white: side(&wins[0]),
                black: side(&wins[1]),
            },
            drops: ByColor {
                white: drops[0] as u64,
                black: drops[1] as u64,
            },
            draws: draws as u64,
            cube: f.uint("cube", games, all)? as u64,
            doubles: f.uint("doubles", 0, all)? as u64,
            // Every game takes at least one turn (a double comes after the opening roll).
            plies: f.uint("plies", games, all)? as u64,
        })
    }
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
    pub fn to_json(&self) -> Json {
        let s = &self.setup;
        let mut m = BTreeMap::new();
        let mut put = |k: &str, v: Json| {
            m.insert(k.to_owned(), v);
        };
        put("format", Json::str(T::FORMAT));
        put("variant", Json::str(s.variant.name()));
        if let SimFormat::Match { length, crawford } = s.format {
            put("length", uint(length));
            put("crawford", Json::Bool(crawford));
        }
        put(
            "players",
            Json::Array(s.players.iter().map(|p| Json::str(p.as_str())).collect()),
        );
        put("seed", uint(s.seed));
        put("cube_rules", rules_json(&s.cube_rules));
        // The search depths, written only for searched players: the records of 0-ply
        // simulations stay as they were (and read with depths 0).
        for (name, depths) in [("plies", s.plies), ("cube_plies", s.cube_plies)] {
            if depths != [0, 0] {
                put(name, pair(depths[0], depths[1]));
            }
        }
        // The pruning, written only when it is not what a file without the field means (as
        // the files of earlier versions, which pruned by their default, read).
        if s.prune != unwritten_prunes(s.plies, s.cube_plies) {
            put("prune", pair(s.prune[0], s.prune[1]));
        }
        // The screen before the pruning net, written when a side's search is pruned: a file
        // of a pruned search written before the screen is not continued.
        if let Some(screen) = prune_screen_field(s.prunes_a_search()) {
            put("prune_screen", screen);
        }
        let ranges = self.ranges.iter().map(|r| pair(r.start, r.end)).collect();
        put("ranges", Json::Array(ranges));
        put("requested", uint(self.requested));
        put("stop", Json::str(self.stop.name()));
        put("elapsed", Json::Float(self.elapsed));
        put("threads", uint(self.threads));
        put("tally", self.tally.to_json());
        sealed(m)
    }

    /// Reads and validates a record object (no per-item records).
    ///
    /// # Errors
    /// [`CheckpointError`] naming the field and the problem.
    pub fn from_json(v: &Json) -> Result<SimRecord<T, R>, CheckpointError> {
        let map = object(v, "a simulation record")?;
        let found = map.get("format").unwrap_or(&Json::Null);
        if *found != Json::str(T::FORMAT) {
            let what = |f: &Json| match f {
                Json::Str(s) if s == MATCH_FORMAT => "a match simulation".to_owned(),
                Json::Str(s) if s == MONEY_FORMAT => "a money simulation".to_owned(),
                other => format!("format {}", py_repr(other)),
            };
            return err(format!(
                "it was written by another simulation: {}, not {}",
                what(found),
                what(&Json::str(T::FORMAT))
            ));
        }
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
        let searched = ["plies", "cube_plies", "prune", "prune_screen"];
        names.extend(searched.into_iter().filter(|k| map.contains_key(*k)));
        exact_fields(map, &names, "not a simulation record")?;
        let f = Fields::new(map);
        if !verified(&f)? {
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
                CheckpointError(format!(
                    "checkpoint field variant must name a variant, not {variant_name:?}"
                ))
            })?;
        let format = if is_match {
            SimFormat::Match {
                length: f.uint("length", 1, u32::MAX.into())? as u32,
                crawford: f.bool("crawford")?,
            }
        } else {
            SimFormat::Money
        };
        let players = match f.get("players")? {
            Json::Array(p) => match p.as_slice() {
                [Json::Str(a), Json::Str(b)] => [a.clone(), b.clone()],
                _ => {
                    return err(format!(
                        "checkpoint field players must be two names, not {}",
                        py_repr(&Json::Array(p.clone()))
                    ))
                }
            },
            other => {
                return err(format!(
                    "checkpoint field players must be two names, not {}",
                    py_repr(other)
                ))
            }
        };
        let depths = |name: &str, absent: [u32; 2]| -> Result<[u32; 2], CheckpointError> {
            if !map.contains_key(name) {
                return Ok(absent);
            }
            let d = f.uint_pair(name, 0, u32::MAX.into())?;
            Ok([d[0] as u32, d[1] as u32])
        };
        let plies = depths("plies", [0, 0])?;
        let cube_plies = depths("cube_plies", [0, 0])?;
        let setup = SimSetup {
            variant,
            format,
            players,
            seed: f.uint("seed", 0, u64::MAX.into())? as u64,
            cube_rules: read_rules(&nested(
                f.get("cube_rules")?,
                "cube_rules.",
                &CubeRules::FIELDS,
            )?)?,
            plies,
            cube_plies,
            prune: depths("prune", unwritten_prunes(plies, cube_plies))?,
        };
        setup
            .validate()
            .map_err(|e| CheckpointError(format!("the record's setup cannot be played: {e}")))?;
        read_prune_screen(&f, setup.prunes_a_search(), "simulation")?;
        let tally = T::from_json(f.get("tally")?)?;
        let count = tally.count();
        let unit = setup.format.unit();
        let ranges = read_ranges(f.get("ranges")?, count, unit)?;
        let stop_name = f.str("stop")?;
        let stop = STOPS
            .into_iter()
            .find(|s| s.name() == stop_name)
            .ok_or_else(|| {
                CheckpointError(format!(
                    "checkpoint field stop must be completed, interrupted, max_seconds or \
                     target_std_error, not {stop_name:?}"
                ))
            })?;
        Ok(SimRecord {
            setup,
            tally,
            records: None,
            ranges,
            requested: f.uint("requested", 0, u64::MAX.into())? as u64,
            stop,
            elapsed: f.seconds("elapsed")?,
            threads: f.uint("threads", 0, 1 << 16)? as u64,
        })
    }

    /// The text of the record's JSON object.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.to_json().canonical()
    }

    /// Reads a record from its text.
    ///
    /// # Errors
    /// [`CheckpointError`] for text that is not a record.
    pub fn from_text(bytes: &[u8]) -> Result<SimRecord<T, R>, CheckpointError> {
        SimRecord::from_json(&parse(bytes)?)
    }

    /// The text of the checkpoint file of this record, part of a simulation of items
    /// `first .. first + items`.
    #[must_use]
    pub fn checkpoint_text(&self, first: u64, items: u64) -> String {
        sealed(BTreeMap::from([
            ("format".to_owned(), Json::str(FILE_FORMAT)),
            ("first".to_owned(), uint(first)),
            ("items".to_owned(), uint(items)),
            ("simulation".to_owned(), self.to_json()),
        ]))
        .pretty(&[])
    }
    /// Reads a checkpoint file's bytes and checks that it continues a simulation of `setup`
    /// over items `first .. first + items`: the same setup (or, when `seed` is `None` in
    /// `setup`, any seed: the file's is kept), the same first item, nothing past the end.
    ///
    /// # Errors
    /// [`CheckpointError`] naming what is wrong with the file, or what differs.
    pub fn read_checkpoint(
        bytes: &[u8],
        setup: &SimSetup,
        any_seed: bool,
        first: u64,
        items: u64,
    ) -> Result<SimRecord<T, R>, CheckpointError> {
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
    /// [`CheckpointError`] naming what is wrong with the file: not JSON, another format,
    /// other fields, a failed integrity check, items outside the simulation's range.
    pub fn read_file(bytes: &[u8]) -> Result<(SimRecord<T, R>, u64, u64), CheckpointError> {
        let v = parse(bytes)?;
        let map = object(&v, "a simulation checkpoint")?;
        match map.get("format") {
            Some(Json::Str(f)) if f == FILE_FORMAT => {}
            found => {
                return err(format!(
                    "it is not a simulation checkpoint: its format is {}, not {FILE_FORMAT:?}",
                    found.map_or_else(|| "missing".to_owned(), py_repr)
                ))
            }
        }
        exact_fields(
            map,
            &["format", "first", "items", "simulation", "check"],
            "not a simulation checkpoint",
        )?;
        let f = Fields::new(map);
        if !verified(&f)? {
            return err(
                "its integrity check does not match its content: it was edited or corrupted",
            );
        }
        let file_first = f.uint("first", 0, u64::MAX.into())? as u64;
        let file_items = f.uint("items", 0, (u64::MAX - file_first).into())? as u64;
        let rec = SimRecord::from_json(f.get("simulation")?)?;
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

/// JSON text (UTF-8) read as the rollout records are, with their nesting limit.
fn parse(bytes: &[u8]) -> Result<Json, CheckpointError> {
    Json::parse(bytes).map_err(|e: JsonError| CheckpointError(format!("it {e}")))
}

/// The `ranges` field: sorted, disjoint, joined ranges holding exactly `count` items.
fn read_ranges(v: &Json, count: u64, unit: &str) -> Result<Vec<Range<u64>>, CheckpointError> {
    let ranges = read_range_pairs(v)?;
    let joined = join_ranges(ranges.clone()).map_err(|(a, b)| {
        CheckpointError(format!(
            "checkpoint field ranges: {unit} {}..{} overlap {unit} {}..{}",
            a.start, a.end, b.start, b.end
        ))
    })?;
    if joined != ranges {
        return err(format!(
            "checkpoint field ranges must be sorted, disjoint and joined, not {}",
            py_repr(v)
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

/// The pruning of each player of a simulation file that does not write the setting, by the
/// players' search depths ([`unwritten_prune`]: 3 for a player that searches, as the
/// versions that wrote such files pruned; the default otherwise).
fn unwritten_prunes(plies: [u32; 2], cube_plies: [u32; 2]) -> [u32; 2] {
    [0, 1].map(|i| unwritten_prune(plies[i] > 0 || cube_plies[i] > 0))
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // item ranges, not their items
mod tests {
    use super::*;
    use crate::run::simulate::record::{MatchSimRecord, MoneySimRecord};
    use crate::scoring::cube::CubeRules;

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
                prune: SimSetup::DEFAULT_PRUNE,
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
                prune: SimSetup::DEFAULT_PRUNE,
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
        // The pruning is written only when it is not the default, and read back.
        let mut pruned = match_record();
        pruned.setup.prune = [0, 5];
        let text = pruned.to_text();
        assert!(text.contains("\"prune\":[0,5]"), "{text}");
        assert!(!plain.contains("\"prune\""), "{plain}");
        assert_eq!(MatchSimRecord::from_text(text.as_bytes()), Ok(pruned));
        // A searching player's pruning is written unless 3, which a file without the field
        // means for it (the default when such files were written); a player that searches
        // nothing reads the default.
        let mut searching = match_record();
        searching.setup.plies = [1, 0];
        searching.setup.prune = [3, SimSetup::DEFAULT_PRUNE[1]];
        let text = searching.to_text();
        assert!(!text.contains("\"prune\""), "{text}");
        assert_eq!(
            MatchSimRecord::from_text(text.as_bytes()),
            Ok(searching.clone())
        );
        searching.setup.prune = SimSetup::DEFAULT_PRUNE;
        let text = searching.to_text();
        assert!(text.contains("\"prune\":[2,2]"), "{text}");
        assert_eq!(MatchSimRecord::from_text(text.as_bytes()), Ok(searching));
    }

    /// A simulation whose search is pruned records the screen before the pruning net, and
    /// reads back; its record without the field (written before the screen) is refused with
    /// the reason; a simulation of unpruned or 0-ply players writes none.
    #[test]
    fn a_pruned_search_records_its_screen_and_a_record_from_before_it_is_refused() {
        use crate::policy::DEFAULT_PRUNE_SCREEN;
        let mut m = match_record();
        m.setup.cube_plies = [0, 1];
        m.setup.prune = [0, 3];
        let text = m.to_text();
        let field = format!("\"prune_screen\":{DEFAULT_PRUNE_SCREEN}");
        assert!(text.contains(&field), "{text}");
        assert_eq!(MatchSimRecord::from_text(text.as_bytes()), Ok(m.clone()));
        let Json::Object(mut map) = m.to_json() else {
            unreachable!()
        };
        map.remove("prune_screen");
        let check = integrity_check(&map);
        map.insert("check".into(), Json::Str(check));
        let e = MatchSimRecord::from_json(&Json::Object(map)).unwrap_err();
        assert!(e.0.contains("before pubeval's screen"), "{e}");
        assert!(e.0.contains("start the simulation again"), "{e}");
        // The searching side does not prune, or nobody searches: no field.
        m.setup.prune = [3, 0];
        assert!(!m.to_text().contains("prune_screen"));
        assert!(!match_record().to_text().contains("prune_screen"));
    }

    /// Edits the record's JSON and reads it back, the check made again so that the content
    /// is what is checked.
    fn edited(f: impl FnOnce(&mut BTreeMap<String, Json>)) -> String {
        let Json::Object(mut m) = match_record().to_json() else {
            unreachable!()
        };
        f(&mut m);
        let check = integrity_check(&m);
        m.insert("check".into(), Json::Str(check));
        MatchSimRecord::from_json(&Json::Object(m))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn every_field_is_checked_and_the_error_names_it() {
        let tally = |k: &str, v: Json| {
            let k = k.to_owned();
            edited(move |m| {
                if let Some(Json::Object(t)) = m.get_mut("tally") {
                    t.insert(k, v);
                }
            })
        };
        for (e, field) in [
            (tally("wins", pair(1u64, 1u64)), "tally.wins"),
            (tally("games", Json::int(2)), "tally.games"),
            (tally("games_sq", Json::int(9)), "tally.games_sq"),
            (
                tally("crawford_games", Json::int(4)),
                "tally.crawford_games",
            ),
            (tally("plies", Json::int(5)), "tally.plies"),
            (
                edited(|m| {
                    m.remove("seed");
                }),
                "missing fields ['seed']",
            ),
            (
                edited(|m| {
                    m.insert("extra".into(), Json::Null);
                }),
                "unknown fields ['extra']",
            ),
            (
                edited(|m| {
                    m.insert("seed".into(), Json::int(-1));
                }),
                "seed",
            ),
            (
                edited(|m| {
                    m.insert("variant".into(), Json::str("chess"));
                }),
                "variant",
            ),
            (
                edited(|m| {
                    m.insert("variant".into(), Json::str("long-nardy"));
                }),
                "without a doubling cube",
            ),
            (
                edited(|m| {
                    m.insert("length".into(), Json::int(0));
                }),
                "length",
            ),
            (
                edited(|m| {
                    m.insert("stop".into(), Json::str("failed"));
                }),
                "stop",
            ),
            (
                edited(|m| {
                    m.insert("elapsed".into(), Json::Float(-1.0));
                }),
                "elapsed",
            ),
            (
                edited(|m| {
                    m.insert("players".into(), Json::Array(vec![Json::str("x")]));
                }),
                "players",
            ),
            (
                edited(|m| {
                    m.insert("ranges".into(), Json::Array(vec![pair(10u64, 14u64)]));
                }),
                "holds 4 matches",
            ),
            (
                edited(|m| {
                    m.insert(
                        "ranges".into(),
                        Json::Array(vec![pair(20u64, 21u64), pair(10u64, 12u64)]),
                    );
                }),
                "sorted",
            ),
            (
                edited(|m| {
                    m.insert(
                        "ranges".into(),
                        Json::Array(vec![pair(10u64, 12u64), pair(11u64, 12u64)]),
                    );
                }),
                "overlap",
            ),
            (
                edited(|m| {
                    if let Some(Json::Object(r)) = m.get_mut("cube_rules") {
                        r.insert("max_cube".into(), Json::int(48));
                    }
                }),
                "cube_rules.max_cube",
            ),
        ] {
            assert!(e.contains(field), "{field}: {e}");
        }
        // The money tally: wins, drops and draws add up; the points fit their squares.
        let Json::Object(mut g) = money_record().to_json() else {
            unreachable!()
        };
        if let Some(Json::Object(t)) = g.get_mut("tally") {
            t.insert("draws".into(), Json::int(1));
        }
        let check = integrity_check(&g);
        g.insert("check".into(), Json::Str(check));
        let e = MoneySimRecord::from_json(&Json::Object(g)).unwrap_err();
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

    /// A file written before the records moved to the rollouts' JSON (its checks computed over
    /// serde_json's text: characters past ASCII as they are, `0.000015` for 1.5e-05) reads,
    /// and writes back the same record under the check of today's text.
    #[test]
    fn a_checkpoint_written_by_the_earlier_writer_reads() {
        let bytes =
            include_bytes!("../../../../../tests/data/checkpoints/simulation_legacy_text.json");
        let (r, first, items) = MoneySimRecord::read_file(bytes).unwrap();
        assert_eq!((first, items, r.elapsed), (0, 10, 1.5e-05));
        assert_eq!(r.setup.players[0], "M\u{fc}ller \u{7f}+never");
        assert_eq!(r.setup.players[1], "b\u{1F600}+never");
        let again = r.checkpoint_text(first, items);
        assert!(
            again.contains("1.5e-05") && again.contains("M\\u00fcller"),
            "{again}"
        );
        assert_eq!(MoneySimRecord::read_file(again.as_bytes()), Ok((r, 0, 10)));
        // Edited, it is refused by either check.
        let text = std::str::from_utf8(bytes)
            .unwrap()
            .replace("\"seed\": 3", "\"seed\": 4");
        let e = MoneySimRecord::read_file(text.as_bytes()).unwrap_err();
        assert!(e.0.contains("integrity check"), "{e}");
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
