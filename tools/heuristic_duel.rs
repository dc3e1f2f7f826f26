//! Head-to-head matches between built-in backgammon policies, seats swapped.
//!
//! Run (release build; a cargo example of gammon-core):
//!
//! ```text
//! cargo run --release -p gammon-core --example heuristic_duel -- \
//!     [--games N] [--seed S] [--threads T] [--contact K] [A] [B]
//! ```
//!
//! `A` and `B` are policy names (default `heuristic` and `pubeval`). Every game is played
//! twice with the same dice (the same seed and game index): once with `A` on roll at the
//! start, once with `B`. The reported figure is `A`'s points per game over both seats, with
//! the standard error of the mean of the per-pair averages (pairing removes most of the
//! luck of the dice from the difference).
//!
//! Start positions: the opening (first roll never a double, BG-10), then, with `--contact
//! K`, the first `K` positions of the wildbg contact corpus
//! (`tests/data/conformance/contact-1000.txt`, player on roll's view), `N` games each.
//! The output also gives each policy's self-play games per second, measured in the same run.

use std::ops::ControlFlow;
use std::time::Instant;

use gammon_core::game::{GameRules, NoTruncation};
use gammon_core::policy::{BackgammonPolicy, HeuristicWeights};
use gammon_core::rollout::{rollout, RolloutConfig};
use gammon_core::{
    Backgammon, ByColor, Color, FirstRoll, Policy, PolicyKind, StandardReferee, Variant,
};

const CONTACT: &str = include_str!("../tests/data/conformance/contact-1000.txt");

struct Args {
    games: u64,
    seed: u64,
    threads: usize,
    contact: usize,
    a: PolicyKind,
    b: PolicyKind,
    speed: u64,
    sets: Vec<(String, Vec<f32>)>,
}

/// Sets the weight `name` of `w` (`prime` takes seven comma-separated values).
fn set_weight(w: &mut HeuristicWeights, name: &str, v: &[f32]) -> Result<(), String> {
    let one = || v.first().copied().ok_or_else(|| format!("{name} needs a value"));
    match name {
        "pip" => w.pip = one()?,
        "hit" => w.hit = one()?,
        "hit_per_pip" => w.hit_per_pip = one()?,
        "hit_per_home_point" => w.hit_per_home_point = one()?,
        "their_bar_per_point" => w.their_bar_per_point = one()?,
        "race_mode" => w.race_mode = one()?,
        "prime" => {
            w.prime = v
                .try_into()
                .map_err(|_| "prime takes 7 values".to_string())?;
        }
        _ => return Err(format!("unknown weight {name}")),
    }
    Ok(())
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 20_000,
        seed: 1,
        threads: 0,
        contact: 0,
        a: PolicyKind::Heuristic,
        b: PolicyKind::Pubeval,
        speed: 20_000,
        sets: Vec::new(),
    };
    let mut names = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value"))?
                .parse::<u64>()
                .map_err(|e| format!("{name}: {e}"))
        };
        match arg.as_str() {
            "--games" => args.games = value("--games")?,
            "--seed" => args.seed = value("--seed")?,
            "--threads" => args.threads = value("--threads")? as usize,
            "--contact" => args.contact = value("--contact")? as usize,
            "--speed" => args.speed = value("--speed")?,
            "--set" => {
                let kv = it.next().ok_or("--set needs name=value")?;
                let (k, v) = kv.split_once('=').ok_or("--set needs name=value")?;
                let v = v
                    .split(',')
                    .map(|x| x.parse::<f32>().map_err(|e| format!("{k}: {e}")))
                    .collect::<Result<Vec<_>, _>>()?;
                args.sets.push((k.to_string(), v));
            }
            name => names.push(name.parse::<PolicyKind>().map_err(|e| e.to_string())?),
        }
    }
    if let Some(&a) = names.first() {
        args.a = a;
    }
    if let Some(&b) = names.get(1) {
        args.b = b;
    }
    Ok(args)
}

/// Side 0's points in each game of `games` from `start`, `first` on roll and `second` not.
fn points(
    start: &Backgammon,
    first_roll: FirstRoll,
    first: &dyn Policy<Backgammon>,
    second: &dyn Policy<Backgammon>,
    games: u64,
    seed: u64,
    threads: usize,
) -> Vec<f64> {
    let mut rules = GameRules::new(&StandardReferee, first, &NoTruncation);
    rules.policies = ByColor {
        white: first,
        black: second,
    };
    let mut config = RolloutConfig::new(seed);
    config.first_roll = first_roll;
    config.threads = threads;
    config.record_games = true;
    let run = rollout(start, &rules, 0..games, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .expect("the rollout runs");
    run.records.expect("records were asked for").points
}

/// Self-play games per second of `policy` from the opening.
fn speed(policy: &dyn Policy<Backgammon>, games: u64, threads: usize) -> f64 {
    let start = Backgammon::start(Variant::Backgammon, Color::White).expect("standard start");
    let t = Instant::now();
    let n = points(&start, FirstRoll::Opening, policy, policy, games, 99, threads).len();
    n as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("heuristic_duel: {e}");
            std::process::exit(2);
        }
    };
    let mut a = BackgammonPolicy::from(args.a);
    if let BackgammonPolicy::Heuristic(h) = &mut a {
        for (k, v) in &args.sets {
            if let Err(e) = set_weight(&mut h.weights, k, v) {
                eprintln!("heuristic_duel: {e}");
                std::process::exit(2);
            }
        }
    }
    let b = BackgammonPolicy::from(args.b);
    let mut starts = vec![(
        "opening".to_string(),
        Backgammon::start(Variant::Backgammon, Color::White).expect("standard start"),
        FirstRoll::Opening,
    )];
    for id in CONTACT.lines().take(args.contact) {
        let pos = Backgammon::from_id(id.trim(), Variant::Backgammon, Color::White)
            .expect("corpus IDs are valid");
        starts.push((id.trim().to_string(), pos, FirstRoll::Any));
    }
    let t = Instant::now();
    let mut all = Vec::new();
    for (i, (name, start, first_roll)) in starts.iter().enumerate() {
        let seed = args.seed.wrapping_add(i as u64);
        let x = points(start, *first_roll, &a, &b, args.games, seed, args.threads);
        let y = points(start, *first_roll, &b, &a, args.games, seed, args.threads);
        let pairs: Vec<f64> = x.iter().zip(&y).map(|(x, y)| (x - y) / 2.0).collect();
        if i == 0 && starts.len() > 1 {
            let (m, se) = mean_se(&pairs);
            println!("{name}: {} {m:+.4} ± {se:.4} ppg against {}", args.a, args.b);
        }
        all.extend(pairs);
    }
    let (m, se) = mean_se(&all);
    println!(
        "all {} starts, {} games: {} {m:+.4} ± {se:.4} ppg against {} ({:.1} s)",
        starts.len(),
        2 * all.len(),
        args.a,
        args.b,
        t.elapsed().as_secs_f64()
    );
    if args.speed > 0 {
        for (kind, policy) in [(args.a, &a), (args.b, &b)] {
            let gps = speed(policy, args.speed, args.threads);
            println!("{kind}: {gps:.0} self-play games/s");
        }
    }
}

fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
    (m, (var / n).sqrt())
}
