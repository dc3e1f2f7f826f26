//! A rolled-out cube decision as a rollout record ([`RunRecord`]): the record kind
//! `gammon.cube-rollout/1`, read and written by the rollouts' checkpoint codec
//! ([`crate::run::checkpoint`]) with the cube setup of a cubeful rollout, and these fields:
//! `lines` (each line's cubeful statistics, an object of a cubeful record's tally fields),
//! `sums` and `cross` (the exact sums of the values and their products) and `score` (`null`
//! in money play, else the match and its Crawford state).

use std::collections::BTreeMap;

use crate::base::color::{ByColor, Color};
use crate::policy::janowski::CubeInfo;
use crate::run::checkpoint::{exact_fields, py_repr, CheckpointError, Fields, RunTally};
use crate::run::cube_decision::{CubeRolloutTally, LINES};
use crate::run::cubeful::CubefulTally;
use crate::run::json::Json;
use crate::scoring::cube::{CubeRules, CubeState};
use crate::scoring::scoreboard::{MatchScore, Scoreboard};

#[cfg(doc)]
use crate::run::checkpoint::RunRecord;

/// The record format of a rolled-out cube decision.
pub const CUBE_ROLLOUT_FORMAT: &str = "gammon.cube-rollout/1";

/// What a cube-decision rollout's record holds besides its setup: the score the games were
/// played at and their statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeRolloutStats {
    /// A money session or the match at its score.
    pub board: Scoreboard,
    /// The lines' statistics.
    pub tally: CubeRolloutTally,
}

impl Default for CubeRolloutStats {
    fn default() -> CubeRolloutStats {
        CubeRolloutStats {
            board: Scoreboard::Money,
            tally: CubeRolloutTally::default(),
        }
    }
}

fn score_json(board: &Scoreboard) -> Json {
    match board {
        Scoreboard::Money => Json::Null,
        Scoreboard::Match(m) => Json::object([
            ("length", Json::uint(m.length.into())),
            (
                "score",
                Json::Array(vec![
                    Json::uint(m.score.white.into()),
                    Json::uint(m.score.black.into()),
                ]),
            ),
            ("crawford_rule", Json::Bool(m.crawford_rule)),
            ("crawford_game", Json::Bool(m.crawford_game)),
            ("post_crawford", Json::Bool(m.post_crawford)),
        ]),
    }
}

fn read_score(v: &Json) -> Result<Scoreboard, CheckpointError> {
    let map = match v {
        Json::Null => return Ok(Scoreboard::Money),
        Json::Object(map) => map,
        other => {
            return Err(CheckpointError(format!(
                "checkpoint field score must be None or a match, not {}",
                py_repr(other)
            )))
        }
    };
    let f = Fields::new(map);
    let length = f.uint("length", 1, u32::MAX.into())? as u32;
    let score = match f.get("score")? {
        Json::Array(v) if v.len() == 2 => {
            let one = |x: &Json| match x {
                Json::Int(t) => t.parse::<u32>().ok(),
                _ => None,
            };
            match (one(&v[0]), one(&v[1])) {
                (Some(white), Some(black)) => ByColor { white, black },
                _ => return Err(score_error("the match score must be two counts")),
            }
        }
        _ => return Err(score_error("the match score must be two counts")),
    };
    let m = MatchScore::from_parts(
        length,
        score,
        f.bool("crawford_rule")?,
        f.bool("crawford_game")?,
        Some(f.bool("post_crawford")?),
    )
    .map_err(|e| CheckpointError(format!("checkpoint field score: {e}")))?;
    Ok(Scoreboard::Match(m))
}

fn read_ints(v: &Json, name: &str, count: usize) -> Result<Vec<i128>, CheckpointError> {
    let bad = || CheckpointError(format!("checkpoint field {name} must be {count} integers"));
    let Json::Array(items) = v else {
        return Err(bad());
    };
    if items.len() != count {
        return Err(bad());
    }
    items
        .iter()
        .map(|x| match x {
            Json::Int(t) => t.parse::<i128>().map_err(|_| bad()),
            _ => Err(bad()),
        })
        .collect()
}

fn score_error(message: &str) -> CheckpointError {
    CheckpointError(format!("checkpoint field score: {message}"))
}

fn cross_error() -> CheckpointError {
    CheckpointError(format!(
        "checkpoint field cross must be {LINES} rows of {LINES} integers"
    ))
}

impl RunTally for CubeRolloutStats {
    const FORMAT: &'static str = CUBE_ROLLOUT_FORMAT;
    const CUBEFUL: bool = true;

    fn games(&self) -> u64 {
        self.tally.games()
    }

    fn add(&mut self, other: &Self) {
        self.tally.merge(&other.tally);
    }

    fn write(&self, f: &mut BTreeMap<String, Json>) {
        let t = &self.tally;
        let lines = t
            .lines
            .iter()
            .map(|line| {
                let mut m = BTreeMap::new();
                line.write(&mut m);
                Json::Object(m)
            })
            .collect();
        let ints = |v: &[i128]| Json::Array(v.iter().map(|&x| Json::int(x)).collect());
        f.insert("lines".to_string(), Json::Array(lines));
        f.insert("sums".to_string(), ints(&t.sum));
        f.insert(
            "cross".to_string(),
            Json::Array(t.cross.iter().map(|row| ints(row)).collect()),
        );
        f.insert("score".to_string(), score_json(&self.board));
    }

    fn read(fields: &Fields<'_>) -> Result<CubeRolloutStats, CheckpointError> {
        let board = read_score(fields.get("score")?)?;
        let Json::Array(items) = fields.get("lines")? else {
            return Err(CheckpointError(format!(
                "checkpoint field lines must be {LINES} objects"
            )));
        };
        if items.len() != LINES {
            return Err(CheckpointError(format!(
                "checkpoint field lines must be {LINES} objects"
            )));
        }
        let mut tally = CubeRolloutTally::default();
        for (l, item) in items.iter().enumerate() {
            let Json::Object(map) = item else {
                return Err(CheckpointError(format!(
                    "checkpoint field lines must be {LINES} objects"
                )));
            };
            let want = CubefulTally::field_names(false);
            exact_fields(
                map,
                &want,
                &format!("line {l} of the checkpoint is not a cubeful tally"),
            )?;
            tally.lines[l] = CubefulTally::read(&Fields::new(map))
                .map_err(|e| CheckpointError(format!("line {l} of the checkpoint: {e}")))?;
        }
        let sums = read_ints(fields.get("sums")?, "sums", LINES)?;
        let Json::Array(rows) = fields.get("cross")? else {
            return Err(cross_error());
        };
        if rows.len() != LINES {
            return Err(cross_error());
        }
        for l in 0..LINES {
            tally.sum[l] = sums[l];
            let row = read_ints(&rows[l], "cross", LINES)?;
            tally.cross[l].copy_from_slice(&row);
        }
        let money = CubeInfo::new(
            CubeState::default(),
            Color::White,
            board,
            CubeRules::default(),
        )
        .table_match()
        .is_none();
        let beaver_line = tally.lines[LINES - 1].games > 0;
        tally
            .validate(beaver_line, money)
            .map_err(|e| CheckpointError(format!("the checkpoint's statistics: {e}")))?;
        Ok(CubeRolloutStats { board, tally })
    }

    fn field_names(_: bool) -> Vec<&'static str> {
        vec!["lines", "sums", "cross", "score"]
    }
}
