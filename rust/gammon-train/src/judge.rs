//! Nets scored on judged checker-play decisions (`gammon-train judge DB NETS..`).
//!
//! A judged decision is a backgammon position, a roll, and a value for every distinct after-state
//! of the roll's legal plays, from a stronger judge (`experiments/judge_db.py` writes them with
//! gnubg at 1 and 2 ply). A net plays each decision at 0 ply, as its policy does in games; what its
//! play loses is the best judged value minus the value of its choice. The mean loss over the same
//! decisions compares nets with far less noise than games between them: games add the dice's luck
//! to every difference of play, the judged set only the judge's own errors, which are the same for
//! every net.

use std::collections::HashMap;

use gammon_core::eval::net::{NetEvaluator, Ranker, SearchBuffers};
use gammon_core::{position_id, Backgammon, Color, Dice, PlayList, Position, Variant};

use crate::supervised::search_choice;

/// One judged decision: a position, a roll and the judge's value of each after-state.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The judge's class of the position (`contact`, `crashed`, `race`, `bear-off`).
    pub class: String,
    /// The position, the player on roll to play `dice`.
    pub position: Backgammon,
    /// The roll.
    pub dice: Dice,
    /// The mover's value of each after-state, by its position ID (the opponent on roll).
    pub values: HashMap<String, f64>,
}

impl Decision {
    /// The best judged value.
    #[must_use]
    pub fn best(&self) -> f64 {
        self.values
            .values()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Parses a judged set: one decision a line, `CLASS POSITION_ID D1 D2` followed by pairs of
/// `AFTER_ID VALUE` (blank lines and lines starting with `#` are skipped).
///
/// # Errors
/// A message naming the line and what is wrong with it.
pub fn parse_db(text: &str) -> Result<Vec<Decision>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 6 || (f.len() - 4) % 2 != 0 {
            return Err(bad(
                "want CLASS POSITION_ID D1 D2 and pairs of AFTER_ID VALUE",
            ));
        }
        let position = Backgammon::from_id(f[1], Variant::Backgammon, Color::White)
            .map_err(|e| bad(&e.to_string()))?;
        let die = |s: &str| s.parse::<u8>().map_err(|_| bad(&format!("bad die {s:?}")));
        let dice = Dice::new(die(f[2])?, die(f[3])?).map_err(|e| bad(&e.to_string()))?;
        let mut values = HashMap::new();
        for pair in f[4..].chunks(2) {
            let v: f64 = pair[1]
                .parse()
                .map_err(|_| bad(&format!("bad value {:?}", pair[1])))?;
            values.insert(pair[0].to_string(), v);
        }
        out.push(Decision {
            class: f[0].to_string(),
            position,
            dice,
            values,
        });
    }
    Ok(out)
}

/// What `nets` loses on each decision: the best judged value minus the judged value of the
/// play the nets choose at 0 ply (the first of equal plays, as the `net` policy does), or with
/// `filter` above 0 at `plies` ply among the `filter` best at 0 ply
/// ([`crate::supervised::search_choice`]; at 1 ply the player of the rollout labels, with
/// `filter` 8 at 2 ply the teacher of the ranking fit).
///
/// # Errors
/// When a chosen play's after-state is not in the decision's values (a set judged with other
/// rules, or a truncated line).
pub fn losses(
    nets: &NetEvaluator,
    decisions: &[Decision],
    filter: usize,
    plies: u32,
) -> Result<Vec<f64>, String> {
    let mut plays: PlayList<Backgammon> = PlayList::new();
    let mut ranked = Vec::new();
    let mut bufs = SearchBuffers::default();
    let mut out = Vec::with_capacity(decisions.len());
    for d in decisions {
        d.position.legal_plays_into(d.dice, &mut plays);
        if plays.is_empty() {
            return Err(format!("{}: no legal play", position_id(&d.position)));
        }
        let best = if filter == 0 {
            Ranker::new(nets, &d.position).best(&plays)
        } else {
            search_choice(
                nets,
                &d.position,
                &plays,
                filter,
                plies,
                &mut ranked,
                &mut bufs,
            )
            .0
        };
        let id = position_id(&plays[best].after().pass_turn());
        let v = d.values.get(&id).ok_or_else(|| {
            format!(
                "{} {}{}: the play to {id} is not judged",
                position_id(&d.position),
                d.dice.high(),
                d.dice.low()
            )
        })?;
        out.push(d.best() - v);
    }
    Ok(out)
}

/// Mean and standard error of the mean.
#[must_use]
pub fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let m = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, (var / n).sqrt())
}

/// What the `"net"` policy `policy` loses on each decision (as [`losses`], the play
/// chosen by [`gammon_core::NetPolicy`]'s own search: its filter, depth and pruning).
///
/// # Errors
/// As [`losses`].
pub fn policy_losses(
    policy: &gammon_core::NetPolicy,
    decisions: &[Decision],
) -> Result<Vec<f64>, String> {
    use gammon_core::Policy;
    let mut plays: PlayList<Backgammon> = PlayList::new();
    let mut rng = gammon_core::game_stream(0, 0, gammon_core::Stream::Choices);
    let mut out = Vec::with_capacity(decisions.len());
    for d in decisions {
        d.position.legal_plays_into(d.dice, &mut plays);
        if plays.is_empty() {
            return Err(format!("{}: no legal play", position_id(&d.position)));
        }
        let best = policy
            .choose(&d.position, d.dice, &plays, &mut rng)
            .map_err(|e| format!("{}: {e:?}", position_id(&d.position)))?;
        let id = position_id(&plays[best].after().pass_turn());
        let v = d.values.get(&id).ok_or_else(|| {
            format!(
                "{}: the play to {id} is not judged",
                position_id(&d.position)
            )
        })?;
        out.push(d.best() - v);
    }
    Ok(out)
}
