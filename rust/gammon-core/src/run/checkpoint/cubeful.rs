//! The cubeful parts of a record: a cubeful rollout's statistics ([`CubefulTally`] as a
//! `gammon.cubeful-rollout/1` record writes them) and the cube of its setup (the policies, the
//! starting cube and the money rules).

use super::*;
use crate::scoring::cube::MAX_CUBE_LOG2_LIMIT;

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

pub(super) fn cube_json(c: &CubeSetup) -> Json {
    Json::object([
        (
            "policies",
            Json::Array(c.policies.iter().map(|p| Json::str(p.name())).collect()),
        ),
        ("value", Json::uint(c.value.into())),
        ("owner", c.owner.map_or(Json::Null, |o| Json::str(o.name()))),
        ("rules", rules_json(&c.rules)),
    ])
}

/// The cube rules as a record's JSON object, under the names of [`CubeRules::FIELDS`].
pub(crate) fn rules_json(r: &CubeRules) -> Json {
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
    ])
}

/// Reads the cube rules from the fields `r` ([`CubeRules::FIELDS`]), checked as
/// [`CubeRules::validate`] checks them.
///
/// # Errors
/// [`CheckpointError`] naming the field.
pub(crate) fn read_rules(r: &Fields<'_>) -> Result<CubeRules, CheckpointError> {
    let max_cube = r.uint("max_cube", 1, 1 << MAX_CUBE_LOG2_LIMIT)? as u32;
    if !max_cube.is_power_of_two() {
        return Err(CheckpointError(format!(
            "checkpoint field {}max_cube must be a power of two, not {max_cube}",
            r.prefix
        )));
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
    rules.validate().map_err(|e| {
        CheckpointError(format!(
            "checkpoint field {}: {e}",
            r.prefix.trim_end_matches('.')
        ))
    })
}

pub(super) fn read_cube(v: &Json) -> Result<CubeSetup, CheckpointError> {
    let Json::Object(map) = v else {
        return Err(CheckpointError(format!(
            "checkpoint field cube must be a dict, not {}",
            py_repr(v)
        )));
    };
    let f = Fields::new(map);
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
    let rules = read_rules(&Fields::nested(rules, "cube.rules."))?;
    Ok(CubeSetup {
        policies,
        value: f.uint("value", 1, u32::MAX.into())? as u32,
        owner,
        rules,
        plies: [0, 0],
    })
}
