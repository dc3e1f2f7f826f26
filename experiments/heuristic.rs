//! Measures and tunes the built-in `heuristic` policy against pubeval.
//!
//! A cargo example of the gammon-benches package (release build):
//!
//! ```text
//! cargo run --release -p gammon-benches --example heuristic -- duel \
//!     [--games N] [--seed S] [--threads T] [--contact K] [--race K] [--corpus-games M]
//!     [--corpus-start F]
//!     [--speed G] [--outcomes] [--set name=v,...] [A] [B]
//! cargo run --release -p gammon-benches --example heuristic -- tune [--threads T]
//! ```
//!
//! **duel** plays `A` against `B` (policy names, default `heuristic` and `pubeval`). Every
//! game is played twice with the same dice (the same seed and game index): once with `A` on
//! roll at the start, once with `B`. The figure is `A`'s points per game over both seats with
//! the standard error of the mean of the per-pair averages (pairing removes much of the luck
//! of the dice). Start positions: the opening (`N` game pairs, default 20,000, seed `S`;
//! first roll never a double, BG-10) and, with `--contact K` / `--race K`, `K` positions of
//! the wildbg contact or race corpus from position `F` on (default 0;
//! `tests/data/conformance/contact-1000.txt`, `race-1000.txt`, player on roll's view), `M`
//! game pairs each (default `N`; each start its own seed, `S + 1 + index`). `--outcomes`
//! replays the games to print `A`'s share of wins, gammons and backgammons. `--speed G` then
//! times `G` self-play games of each policy from the opening on the same threads (three
//! alternating runs each, the best kept). `--set` changes a weight of `A` when it is the
//! heuristic (names as in `HeuristicWeights`; arrays take comma-separated values).
//!
//! **tune** is the reproducible coordinate search that set the default weights (see
//! [`tune`]): it prints every step and the final weights. Its games depend on its fixed seeds
//! only, so it prints the same log on any machine and thread count
//! (`experiments/heuristic-tune.log` is its output at the commit that set the defaults).

use std::ops::ControlFlow;
use std::time::Instant;

use gammon_core::{rollout, RolloutConfig};
use gammon_core::{
    Backgammon, ByColor, Color, FirstRoll, Policy, PolicyKind, Pubeval, StandardReferee, Variant,
};
use gammon_core::{BackgammonPolicy, Heuristic, HeuristicWeights};
use gammon_core::{GameRules, NoTruncation};

const CONTACT: &str = include_str!("../tests/data/conformance/contact-1000.txt");
const RACE: &str = include_str!("../tests/data/conformance/race-1000.txt");

/// A start position of a match.
struct Start {
    name: String,
    pos: Backgammon,
    first_roll: FirstRoll,
    games: u64,
    seed: u64,
}

fn opening(games: u64, seed: u64) -> Start {
    Start {
        name: "opening".to_string(),
        pos: Backgammon::start(Variant::Backgammon, Color::White).expect("standard start"),
        first_roll: FirstRoll::Opening,
        games,
        seed,
    }
}

/// Contact corpus positions `range`, `games` each, seeds `seed + 1 + index`.
fn contact(range: std::ops::Range<usize>, games: u64, seed: u64) -> Vec<Start> {
    corpus(CONTACT, range, games, seed)
}

/// Positions `range` of a corpus of position IDs, `games` each, seeds `seed + 1 + index`.
fn corpus(text: &str, range: std::ops::Range<usize>, games: u64, seed: u64) -> Vec<Start> {
    text.lines()
        .enumerate()
        .skip(range.start)
        .take(range.len())
        .map(|(i, id)| Start {
            name: id.trim().to_string(),
            pos: Backgammon::from_id(id.trim(), Variant::Backgammon, Color::White)
                .expect("corpus IDs are valid"),
            first_roll: FirstRoll::Any,
            games,
            seed: seed + 1 + i as u64,
        })
        .collect()
}

/// Side 0's points in each game from `start`, `first` on roll and `second` not.
fn points(
    start: &Start,
    first: &dyn Policy<Backgammon>,
    second: &dyn Policy<Backgammon>,
    threads: usize,
) -> Vec<f64> {
    let mut rules = GameRules::new(&StandardReferee, first, &NoTruncation);
    rules.policies = ByColor {
        white: first,
        black: second,
    };
    let mut config = RolloutConfig::new(start.seed);
    config.first_roll = start.first_roll;
    config.threads = threads;
    config.record_games = true;
    let run = rollout(&start.pos, &rules, 0..start.games, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .expect("the rollout runs");
    run.outcomes.expect("outcomes were asked for").points
}

/// Shares of `a`'s results over both seats: wins, gammons and backgammons won, and lost.
fn outcome_shares(
    starts: &[Start],
    a: &dyn Policy<Backgammon>,
    b: &dyn Policy<Backgammon>,
    threads: usize,
) -> [f64; 6] {
    let mut counts = [0u64; 6];
    let mut n = 0;
    for s in starts {
        let x = points(s, a, b, threads);
        let y: Vec<f64> = points(s, b, a, threads).iter().map(|p| -p).collect();
        for p in x.iter().chain(&y) {
            let (base, mag) = if *p > 0.0 { (0, *p) } else { (3, -*p) };
            for k in 0..(mag.round() as usize).min(3) {
                counts[base + k] += 1;
            }
            n += 1;
        }
    }
    counts.map(|c| c as f64 / n as f64)
}

/// `a`'s points per game against `b` in each pair of games (seats swapped, same dice), start
/// by start.
fn pairs(
    starts: &[Start],
    a: &dyn Policy<Backgammon>,
    b: &dyn Policy<Backgammon>,
    threads: usize,
) -> Vec<Vec<f64>> {
    starts
        .iter()
        .map(|s| {
            let x = points(s, a, b, threads);
            let y = points(s, b, a, threads);
            x.iter().zip(&y).map(|(x, y)| (x - y) / 2.0).collect()
        })
        .collect()
}

fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
    (m, (var / n).sqrt())
}

/// Self-play games per second of `policy` from the opening.
fn speed(policy: &dyn Policy<Backgammon>, games: u64, threads: usize) -> f64 {
    let start = opening(games, 99);
    let t = Instant::now();
    let n = points(&start, policy, policy, threads).len();
    n as f64 / t.elapsed().as_secs_f64()
}

/// Sets the weight `name` of `w` (arrays take seven values).
fn set_weight(w: &mut HeuristicWeights, name: &str, v: &[f32]) -> Result<(), String> {
    let one = || {
        v.first()
            .copied()
            .ok_or_else(|| format!("{name} needs a value"))
    };
    let seven = || -> Result<[f32; 7], String> {
        v.try_into()
            .map_err(|_| format!("{name} takes seven values"))
    };
    match name {
        "hit_per_pip" => w.hit_per_pip = one()?,
        "hit_per_home_point" => w.hit_per_home_point = one()?,
        "their_bar" => w.their_bar = seven()?,
        "prime" => w.prime = seven()?,
        "race_lead_per_pip" => w.race_lead_per_pip = one()?,
        _ => return Err(format!("unknown weight {name}")),
    }
    Ok(())
}

fn value<T: std::str::FromStr>(
    it: &mut impl Iterator<Item = String>,
    name: &str,
) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    it.next()
        .ok_or_else(|| format!("{name} needs a value"))?
        .parse::<T>()
        .map_err(|e| format!("{name}: {e}"))
}

fn duel(mut it: impl Iterator<Item = String>) -> Result<(), String> {
    let (mut games, mut seed, mut threads, mut n_contact, mut n_speed) = (20_000, 1, 0, 0, 0);
    let mut n_race = 0;
    let mut corpus_games = None;
    let mut first = 0;
    let mut outcomes = false;
    let mut weights = HeuristicWeights::default();
    let mut names = Vec::new();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => games = value(&mut it, "--games")?,
            "--seed" => seed = value(&mut it, "--seed")?,
            "--threads" => threads = value(&mut it, "--threads")?,
            "--contact" => n_contact = value(&mut it, "--contact")?,
            "--race" => n_race = value(&mut it, "--race")?,
            "--corpus-games" => corpus_games = Some(value(&mut it, "--corpus-games")?),
            "--corpus-start" => first = value(&mut it, "--corpus-start")?,
            "--outcomes" => outcomes = true,
            "--speed" => n_speed = value(&mut it, "--speed")?,
            "--set" => {
                let kv: String = value(&mut it, "--set")?;
                let (k, v) = kv.split_once('=').ok_or("--set needs name=value")?;
                let v = v
                    .split(',')
                    .map(|x| x.parse::<f32>().map_err(|e| format!("{k}: {e}")))
                    .collect::<Result<Vec<_>, _>>()?;
                set_weight(&mut weights, k, &v)?;
            }
            name => names.push(name.parse::<PolicyKind>().map_err(|e| e.to_string())?),
        }
    }
    let kind_a = names.first().copied().unwrap_or(PolicyKind::Heuristic);
    let kind_b = names.get(1).copied().unwrap_or(PolicyKind::Pubeval);
    let mut a = BackgammonPolicy::from(kind_a);
    if let BackgammonPolicy::Heuristic(h) = &mut a {
        h.weights = weights;
    }
    let b = BackgammonPolicy::from(kind_b);
    let mut starts = vec![opening(games, seed)];
    let per_position = corpus_games.unwrap_or(games);
    starts.extend(contact(first..first + n_contact, per_position, seed));
    starts.extend(corpus(RACE, first..first + n_race, per_position, seed));
    let t = Instant::now();
    let per_start = pairs(&starts, &a, &b, threads);
    let (m, se) = mean_se(&per_start[0]);
    println!(
        "opening, {} games: {kind_a} {m:+.4} ± {se:.4} ppg against {kind_b}",
        2 * games
    );
    for (label, n, block) in [
        ("contact", n_contact, &per_start[1..=n_contact]),
        ("race", n_race, &per_start[1 + n_contact..]),
    ] {
        if n == 0 {
            continue;
        }
        let rest: Vec<f64> = block.concat();
        let (m, se) = mean_se(&rest);
        println!(
            "{n} {label} positions, {} games: {kind_a} {m:+.4} ± {se:.4} ppg against {kind_b}",
            2 * rest.len()
        );
    }
    println!("({:.1} s)", t.elapsed().as_secs_f64());
    if outcomes {
        let o = outcome_shares(&starts, &a, &b, threads);
        println!(
            "{kind_a} wins {:.4} (gammons {:.4}, backgammons {:.4}), loses {:.4} ({:.4}, {:.4})",
            o[0], o[1], o[2], o[3], o[4], o[5]
        );
    }
    if n_speed > 0 {
        // Alternate the two policies three times and keep each one's best run, so that a
        // neighbour's load on a shared machine does not decide the ratio.
        let (mut best_a, mut best_b) = (0.0f64, 0.0f64);
        for _ in 0..3 {
            best_a = best_a.max(speed(&a, n_speed, threads));
            best_b = best_b.max(speed(&b, n_speed, threads));
        }
        println!(
            "{kind_a}: {best_a:.0} self-play games/s; {kind_b}: {best_b:.0} self-play games/s"
        );
    }
    if let Some(name) = starts.first().map(|s| &s.name) {
        debug_assert_eq!(name, "opening");
    }
    Ok(())
}

/// One tunable number: a name, how it sets the weights, and its first step.
struct Knob {
    name: &'static str,
    set: fn(&mut HeuristicWeights, f32),
    get: fn(&HeuristicWeights) -> f32,
    step: f32,
}

/// Prime values by length as `scale` times a fixed shape (nothing below three points).
const PRIME_SHAPE: [f32; 7] = [0.0, 0.0, 0.0, 0.5, 1.0, 2.0, 3.0];

/// Values of an opposing checker on the bar by the home points held, `h + h² / 2`, as
/// `scale` times this shape.
const BAR_SHAPE: [f32; 7] = [0.0, 1.5, 4.0, 7.5, 12.0, 17.5, 24.0];

fn knobs() -> Vec<Knob> {
    vec![
        Knob {
            name: "hit_per_pip",
            set: |w, x| w.hit_per_pip = x,
            get: |w| w.hit_per_pip,
            step: 0.05,
        },
        Knob {
            name: "hit_per_home_point",
            set: |w, x| w.hit_per_home_point = x,
            get: |w| w.hit_per_home_point,
            step: 0.1,
        },
        Knob {
            name: "their_bar (scale)",
            set: |w, x| w.their_bar = BAR_SHAPE.map(|s| s * x),
            get: |w| w.their_bar[2] / BAR_SHAPE[2],
            step: 0.1,
        },
        Knob {
            name: "race_lead_per_pip",
            set: |w, x| w.race_lead_per_pip = x,
            get: |w| w.race_lead_per_pip,
            step: 0.1,
        },
        Knob {
            name: "prime (scale)",
            set: |w, x| w.prime = PRIME_SHAPE.map(|s| s * x),
            get: |w| w.prime[4],
            step: 0.5,
        },
    ]
}

/// The tuning set: the opening (10,000 game pairs) and corpus positions 0..40 (1,000 pairs
/// each), seed 2024. The check set: the opening with seed 7 and positions 500..540 (other
/// positions, other dice).
fn tune_sets() -> (Vec<Start>, Vec<Start>) {
    let mut train = vec![opening(10_000, 2024)];
    train.extend(contact(0..40, 1_000, 2024));
    let mut check = vec![opening(10_000, 7)];
    check.extend(contact(500..540, 1_000, 7));
    (train, check)
}

/// The objective: the mean of the opening's points per game and the corpus positions' (each
/// half), per game pair, so that paired differences between two weight sets have a standard
/// error.
fn objective(per_start: &[Vec<f64>]) -> Vec<f64> {
    let open = &per_start[0];
    let rest: Vec<f64> = per_start[1..].concat();
    // Pair game i of the opening with games i of the corpus block: both halves have the same
    // count (10,000 and 40 × 1,000).
    open.iter().zip(&rest).map(|(o, r)| (o + r) / 2.0).collect()
}

/// The hand-set weights the search starts from (picked in short exploratory duels): a shot
/// penalty of 0.2 per pip the hit blot would lose, a fifth more per point of the opponent's
/// home board, an opposing checker on the bar at 0.2 times [`BAR_SHAPE`], primes at half of
/// [`PRIME_SHAPE`], 0.2 per pip of race lead when a play breaks contact.
fn hand_set() -> HeuristicWeights {
    HeuristicWeights {
        hit_per_pip: 0.2,
        hit_per_home_point: 0.2,
        their_bar: BAR_SHAPE.map(|s| s * 0.2),
        prime: PRIME_SHAPE.map(|s| s * 0.5),
        race_lead_per_pip: 0.2,
    }
}

/// Coordinate search from [`hand_set`]: each pass tries every knob one step up and one step
/// down (common dice for all candidates) and moves it when the paired gain over the current
/// weights exceeds two standard errors; steps halve after each pass. Three passes. The check
/// set, which the search never sees, then scores the start and the final weights.
fn tune(mut it: impl Iterator<Item = String>) -> Result<(), String> {
    let mut threads = 0;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--threads" => threads = value(&mut it, "--threads")?,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let pubeval = Pubeval::new();
    let (train, check) = tune_sets();
    let eval = |w: &HeuristicWeights, set: &[Start]| {
        objective(&pairs(set, &Heuristic::with_weights(*w), &pubeval, threads))
    };
    let mut w = hand_set();
    let knobs = knobs();
    let start = w;
    let mut current = eval(&w, &train);
    println!(
        "start: {:+.4} ± {:.4}",
        mean_se(&current).0,
        mean_se(&current).1
    );
    for pass in 0..3 {
        let scale = 0.5f32.powi(pass);
        for k in &knobs {
            let x = (k.get)(&w);
            let mut best: Option<(f32, Vec<f64>, f64)> = None;
            for dx in [k.step * scale, -k.step * scale] {
                let mut cand = w;
                (k.set)(&mut cand, x + dx);
                let got = eval(&cand, &train);
                let diff: Vec<f64> = got.iter().zip(&current).map(|(g, c)| g - c).collect();
                let (d, se) = mean_se(&diff);
                println!(
                    "pass {pass} {}: {x:.3} -> {:.3}: {d:+.4} ± {se:.4}",
                    k.name,
                    x + dx
                );
                if d > 2.0 * se && best.as_ref().map_or(true, |b| d > b.2) {
                    best = Some((x + dx, got, d));
                }
            }
            if let Some((x, got, _)) = best {
                (k.set)(&mut w, x);
                current = got;
                println!("  {} = {x:.3}: {:+.4}", k.name, mean_se(&current).0);
            }
        }
    }
    println!("final weights: {w:?}");
    let (m, se) = mean_se(&current);
    println!("tuning set: {m:+.4} ± {se:.4} ppg against pubeval");
    for (label, weights) in [("start", start), ("final", w)] {
        let (m, se) = mean_se(&eval(&weights, &check));
        println!("check set, {label} weights: {m:+.4} ± {se:.4} ppg against pubeval");
    }
    Ok(())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let result = match args.next().as_deref() {
        Some("duel") => duel(args),
        Some("tune") => tune(args),
        _ => Err("usage: heuristic duel [options] [A] [B] | heuristic tune [--threads T]".into()),
    };
    if let Err(e) = result {
        eprintln!("heuristic: {e}");
        std::process::exit(2);
    }
}
