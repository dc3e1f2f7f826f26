//! The file-format envelope: a checkpoint file of one rollout ([`RolloutFile`],
//! `gammon.rollout-checkpoint/1`) or of a comparison on common dice ([`ManyFile`],
//! `gammon.rollout-many-checkpoint/1`) around the records, and the check that a file continues
//! the run asked for.

use super::*;

pub(super) fn file_fields(
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
    exact_fields(
        &map,
        names,
        &format!("the checkpoint {where_} does not have the fields of its format"),
    )?;
    if Fields::new(&map).str("check")? != integrity_check(&map) {
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
        let f = Fields::new(&map);
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

pub(super) fn ranges_text(r: &Ranges) -> String {
    let parts: Vec<String> = r
        .ranges()
        .iter()
        .map(|x| format!("({}, {})", x.start, x.end))
        .collect();
    format!("({},)", parts.join(", "))
}

pub(super) fn check_continues<T: RunTally>(
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
        let f = Fields::new(&map);
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
