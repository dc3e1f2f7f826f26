//! The rollout setup's fields of a record: the position, the policies, the opening and dice,
//! Long Nardy's settings, truncation and variance reduction, the search depths, written and
//! read back with every value checked (the cube's fields are in `cubeful`).

use super::*;

pub(super) fn color_name(c: Color) -> &'static str {
    c.name()
}

pub(super) fn write_setup(s: &RolloutSetup, f: &mut BTreeMap<String, Json>) {
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
    // The replies the pruning net keeps a roll, written only when not what a file without the
    // field means ([`unwritten_prune`]): the checkpoints written before the setting existed, or
    // before its default changed, read back as they were played.
    if s.prune != unwritten_prune(searches(s)) {
        put("prune", Json::uint(s.prune.into()));
    }
    // The screen before the pruning net inside a pruned search (pubeval's best replies of a
    // roll go on to the pruning net), written for a pruned search while there is one: a file
    // of a searched rollout without it was played with every reply ranked by the pruning net,
    // and is not continued.
    if let Some(screen) = prune_screen_field(prunes_a_search(s)) {
        put("prune_screen", screen);
    }
    // How a variance reduction by the net measures luck: pubeval screens each roll's plays, and
    // a 1-ply search lends its roll values. Files of an earlier estimator (every play valued by
    // the net; the screen alone with a 1-ply search) are not continued.
    if let Some(marker) = luck_marker(s) {
        put("luck_screen", Json::str(marker));
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

pub(super) fn nardy_json(n: &NardySetup) -> Json {
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

/// The two search depths of `field` (player on roll, opponent), each at most `max`; `[0, 0]`
/// where the file has no such field.
pub(super) fn depths(f: &Fields<'_>, field: &str, max: u32) -> Result<[u32; 2], CheckpointError> {
    match f.map.get(field) {
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

pub(super) fn read_setup(f: &Fields<'_>, cubeful: bool) -> Result<RolloutSetup, CheckpointError> {
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
    if f.map.contains_key("evaluator") {
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
    let prune = match f.map.get("prune") {
        None => unwritten_prune(plies != [0, 0] || cube_plies != [0, 0]),
        Some(_) => f.uint("prune", 0, u32::MAX.into())? as u32,
    };
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
        prune,
    };
    setup.validate()?;
    read_prune_screen(f, prunes_a_search(&setup), "rollout")?;
    let want = luck_marker(&setup);
    match (f.map.get("luck_screen"), want) {
        (None, None) => Ok(setup),
        (None, Some(_)) => Err(CheckpointError::new(
            "the checkpoint's variance reduction valued every play with the net, as versions \
             before the pubeval screen did; this version screens the plays (its luck differs \
             game by game), so it cannot continue the file: start the rollout again",
        )),
        (Some(v), Some(w)) if v == &Json::str(w) => Ok(setup),
        (Some(v), Some(_))
            if v == &Json::str(PUBEVAL_LUCK) || v == &Json::str(PUBEVAL_SEARCHED_LUCK) =>
        {
            Err(CheckpointError::new(
                "the checkpoint's variance reduction screened every roll's plays with pubeval \
                 alone, as versions before the pruning net's screen did; this version ranks \
                 pubeval's best plays of a contact roll by the pruning net (its luck differs \
                 game by game), so it cannot continue the file: start the rollout again",
            ))
        }
        (Some(v), Some(_)) if PRUNING_LUCKS.iter().any(|&l| v == &Json::str(l)) => {
            Err(CheckpointError::new(
                "the checkpoint's variance reduction had the pruning net rank pubeval's best 6 \
                 plays of a contact roll and valued pubeval's best 2 of a race roll, as \
                 versions before this one did; this version ranks pubeval's best 4 and values \
                 pubeval's best play of a race roll (its luck differs game by game), so it \
                 cannot continue the file: start the rollout again",
            ))
        }
        (Some(v), Some(DEEP_SEARCHED_LUCK))
            if v == &Json::str(SCREENED_LUCK) || v == &Json::str(SEARCHED_LUCK) =>
        {
            Err(CheckpointError::new(
                "the checkpoint's variance reduction measured no luck on the turns after a \
                 2-ply search's play, as versions before this one did; this version measures \
                 it with the values the search gave the rolls (its luck differs game by game), \
                 so it cannot continue the file: start the rollout again",
            ))
        }
        (Some(v), _) => Err(CheckpointError(format!(
            "checkpoint field luck_screen must be {} for a variance reduction by the net ({} \
             when a side searches 1 ply, {} when a side searches 2), and absent otherwise, \
             not {}",
            quoted(SCREENED_LUCK),
            quoted(SEARCHED_LUCK),
            quoted(DEEP_SEARCHED_LUCK),
            py_repr(v)
        ))),
    }
}

/// The replies of a roll the pruning net keeps for a player of a checkpoint file that does not
/// write the setting: for a player that searches (`searches`: its checker play or its cube
/// decisions), 3, the default of every version that wrote files without the field when it
/// was 3 (the default became [`DEFAULT_PRUNE_KEEP`], 2, in December 2026: such a file was
/// played with 3 and is continued with 3, or refused by the setting's name); for one that
/// searches nothing, where the setting decides nothing, the default.
pub(crate) fn unwritten_prune(searches: bool) -> u32 {
    if searches {
        3
    } else {
        DEFAULT_PRUNE_KEEP as u32
    }
}

/// Whether a player of the rollout `s` searches: its checker play or its cube decisions.
fn searches(s: &RolloutSetup) -> bool {
    s.plies != [0, 0] || s.cube.as_ref().is_some_and(|c| c.plies != [0, 0])
}

/// Whether the pruning net prunes a search of the rollout `s` (its checker play or its cube
/// decisions searched, the pruning not off): the rollouts whose games the screen before the
/// pruning net decides.
fn prunes_a_search(s: &RolloutSetup) -> bool {
    s.prune > 0 && searches(s)
}

/// The field `prune_screen` of the file of a run that prunes a search (`pruned`): this
/// version's screen before the pruning net ([`DEFAULT_PRUNE_SCREEN`]); none for a run that
/// prunes no search, or while there is no screen.
pub(crate) fn prune_screen_field(pruned: bool) -> Option<Json> {
    (pruned && DEFAULT_PRUNE_SCREEN > 0).then(|| Json::uint(DEFAULT_PRUNE_SCREEN as u128))
}

/// Checks the field `prune_screen` of the file of a `run` ("rollout", "simulation") that
/// prunes a search (`pruned`) against this version's screen ([`DEFAULT_PRUNE_SCREEN`]): a file
/// of another screen (none: written before the screen) is refused with the reason, and the
/// field belongs to a pruned search only.
pub(crate) fn read_prune_screen(
    f: &Fields<'_>,
    pruned: bool,
    run: &str,
) -> Result<(), CheckpointError> {
    let screen = match f.map.get("prune_screen") {
        None => 0,
        Some(_) if !pruned => {
            return Err(CheckpointError(format!(
                "checkpoint field prune_screen belongs to a {run} whose search is pruned"
            )))
        }
        Some(_) => f.uint("prune_screen", 1, u32::MAX.into())?,
    };
    if !pruned || screen == DEFAULT_PRUNE_SCREEN as u128 {
        return Ok(());
    }
    Err(if screen == 0 {
        CheckpointError(format!(
            "the checkpoint's searches had the pruning net rank every reply, as versions before \
             pubeval's screen did; this version has pubeval keep its best {DEFAULT_PRUNE_SCREEN} \
             replies of a roll for the pruning net (its games differ), so it cannot continue \
             the file: start the {run} again"
        ))
    } else {
        CheckpointError(format!(
            "checkpoint field prune_screen must be {DEFAULT_PRUNE_SCREEN} (pubeval's best \
             replies of a roll the pruning net ranks in this version), not {screen}"
        ))
    })
}

/// The checkpoint field `luck_screen` of a variance reduction by the net: pubeval ranks each
/// roll's plays and the pruning net its best 4 of a contact roll before the net values the
/// pruning net's best (pubeval's best of a race roll: `crate::play::luck::SCREENING`).
pub(super) const SCREENED_LUCK: &str = "pubeval-4+pruning-net";

/// The checkpoint field `luck_screen` of a variance reduction by the net where a side's policy
/// searches 1 ply: the rolls after its chosen plays valued as its search valued them
/// (`searched_roll_values`), the other turns screened as [`SCREENED_LUCK`] says.
pub(super) const SEARCHED_LUCK: &str = "pubeval-4+pruning-net+1-ply-rolls";

/// The checkpoint field `luck_screen` of a variance reduction by the net where a side's policy
/// searches 2 plies: the rolls after its chosen plays valued as its 2-ply search valued them
/// (`searched_roll_values`), the other turns as [`SEARCHED_LUCK`] says.
pub(super) const DEEP_SEARCHED_LUCK: &str = "pubeval-4+pruning-net+searched-rolls";

/// The fields of the earlier screen, the pruning net ranking pubeval's best 6 of a contact
/// roll, pubeval's best 2 of a race roll valued: without a search's roll values, with a 1-ply
/// search's, with a 2-ply search's.
const PRUNING_LUCKS: [&str; 3] = [
    "pubeval+pruning-net-screen",
    "pubeval+pruning-net-screen+1-ply-rolls",
    "pubeval+pruning-net-screen+searched-rolls",
];

/// The field of the earlier screen, pubeval's alone, without a 1-ply search's roll values (and
/// before those were lent, with them).
const PUBEVAL_LUCK: &str = "pubeval-screen";

/// The field of the earlier screen, pubeval's alone, with a 1-ply search's roll values.
const PUBEVAL_SEARCHED_LUCK: &str = "pubeval-screen+1-ply-rolls";

/// The estimator a variance reduction measures luck with, as the field `luck_screen` names it
/// (`None`: no field).
fn luck_marker(s: &RolloutSetup) -> Option<&'static str> {
    s.screens_luck().then(|| {
        if s.plies.iter().any(|&p| p >= 2) {
            DEEP_SEARCHED_LUCK
        } else if s.plies.contains(&1) {
            SEARCHED_LUCK
        } else {
            SCREENED_LUCK
        }
    })
}

/// The §9 options named by the fields `first` and `block` (`None` when both are null and
/// `nullable`).
pub(super) fn read_options(
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

pub(super) fn read_nardy(map: &BTreeMap<String, Json>) -> Result<NardySetup, CheckpointError> {
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
    let f = Fields::new(&full);
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
