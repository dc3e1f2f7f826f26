//! A fixed amount of work for profilers (callgrind, perf): no timing loop, no warm-up, so
//! that instruction counts are repeatable whatever the load on the machine.
//!
//! ```console
//! $ cargo build -p gammon-benches --profile bench --example profile
//! $ valgrind --tool=callgrind target/release/examples/profile movegen gammon 3
//! $ valgrind --tool=callgrind target/release/examples/profile movegen bkgm 3
//! $ valgrind --tool=callgrind target/release/examples/profile games 20000
//! ```
//!
//! - `movegen gammon|bkgm PASSES [doubles|others|all] [contact|race]`: the move generation of
//!   the movegen bench (the wildbg contact and race corpora, or one of them, each position
//!   with each of the 21 rolls, or with the 6 doubles or the 15 other rolls only), `PASSES`
//!   times, for gammon or for bkgm. Prints the resulting positions counted, which the bench
//!   checks.
//! - `games N [THREADS]`: a pubeval rollout of the backgammon opening, N games, as
//!   `gammon rollout --policy pubeval --seed 1` runs it (the enum of built-in policies, the
//!   truncation step that never truncates, quasi-random first rolls). Prints the tally, which
//!   depends on the seed and the game indices only.
//! - `netgames N [THREADS] [KEEP]`: the same rollout with the `"net"` policy (the shipped backgammon
//!   nets at 0 ply), as `gammon rollout --policy net --seed 1` runs it. Prints the tally.
//!   `KEEP` > 0: the policy's 0-ply plays pruned to the pruning net's `KEEP` best
//!   (`NetPolicy::with_zero_ply_prune`).
//! - `searched N PLIES [THREADS]`: the same rollout with the `"net"` policy searched `PLIES`
//!   deep (1 or 2; the replies pruned as by default), as `gammon rollout --policy net --plies
//!   PLIES --seed 1` runs it. Prints the tally.
//! - `netduel N KEEP [THREADS] [FIRST]`: the net pruned to `KEEP` at 0 ply against the net
//!   unpruned, games `FIRST..FIRST+N` of the opening with the seats swapped on the same dice;
//!   prints the pruned player's points a game with its standard error (the pairs of games
//!   on the same dice differ only where a choice differs) and the share of games that differ.

use std::ops::ControlFlow;

use gammon_benches::data_path;
use gammon_core::eval::bearoff::BearoffEvaluator;
use gammon_core::{
    rollout_with_luck, Backgammon, BackgammonPolicy, BearoffTruncation, ByColor, Color, Dice,
    FirstRoll, GameDice, GameRules, NetPolicy, NoLuck, PlayList, PlyTruncation, PolicyKind,
    Position, RolloutConfig, RulesFamily, StandardReferee, Variant,
};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CORPORA: [&str; 2] = ["conformance/contact-1000.txt", "conformance/race-1000.txt"];

fn ids() -> Vec<String> {
    corpus_ids(None)
}

/// The positions of both corpora, or of the one named (`contact` or `race`) only.
fn corpus_ids(which: Option<&str>) -> Vec<String> {
    CORPORA
        .iter()
        .filter(|file| match which {
            Some(w) => file.contains(&format!("/{w}-")),
            None => true,
        })
        .flat_map(|file| {
            std::fs::read_to_string(data_path(file))
                .unwrap_or_else(|e| panic!("{file}: {e}"))
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The rolls of a `movegen` run: all 21, or the 6 doubles or the 15 others only.
fn rolls(which: Option<&str>) -> Vec<Dice> {
    Dice::ALL_21
        .into_iter()
        .filter(|d| match which {
            Some("doubles") => d.is_double(),
            Some("others") => !d.is_double(),
            Some("all") | None => true,
            Some(other) => panic!("rolls: doubles|others|all, not {other}"),
        })
        .collect()
}

fn movegen_gammon(passes: u32, rolls: &[Dice], corpus: Option<&str>) -> u64 {
    let positions: Vec<Backgammon> = corpus_ids(corpus)
        .iter()
        .map(|id| Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap())
        .collect();
    let mut out = PlayList::new();
    let mut total = 0u64;
    for _ in 0..passes {
        for pos in std::hint::black_box(&positions) {
            for &dice in rolls {
                pos.legal_plays_into(dice, &mut out);
                total += out.len().max(1) as u64;
            }
        }
    }
    total
}

fn movegen_bkgm(passes: u32, rolls: &[Dice], corpus: Option<&str>) -> u64 {
    let positions: Vec<bkgm::Position<15>> = corpus_ids(corpus)
        .iter()
        .map(|id| bkgm::codecs::gnuid::decode_position::<15>(id).unwrap())
        .collect();
    let mut total = 0u64;
    for _ in 0..passes {
        for pos in std::hint::black_box(&positions) {
            for &d in rolls {
                let dice = bkgm::dice::Dice::new(d.high() as usize, d.low() as usize);
                total +=
                    bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*pos, &dice).len() as u64;
            }
        }
    }
    total
}

/// A digest of every legal play, in order, with its moves and resulting position, over the
/// corpus positions from both sides and every position of `n` random games, for every roll:
/// two builds that print the same digest generate the same plays in the same order.
fn digest(n: u64) {
    use std::hash::{Hash, Hasher};
    let mut positions: Vec<Backgammon> = ids()
        .iter()
        .map(|id| Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap())
        .flat_map(|p| [p, p.pass_turn()])
        .collect();
    let mut out = PlayList::new();
    let mut choice = 0u64;
    for variant in [
        Variant::Backgammon,
        Variant::Nackgammon,
        Variant::Hypergammon3,
    ] {
        for g in 0..n {
            let mut dice = GameDice::new(7, g, FirstRoll::Any, None);
            let mut pos = Backgammon::start(variant, Color::White).unwrap();
            while !pos.is_game_over() {
                positions.push(pos);
                pos.legal_plays_into(dice.next_roll(), &mut out);
                pos = if out.is_empty() {
                    pos.pass_turn()
                } else {
                    // A 64-bit linear congruential step (Knuth's MMIX constants).
                    choice = choice
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    pos.play_unchecked(&out[((choice >> 33) % out.len() as u64) as usize])
                };
            }
        }
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut plays = 0u64;
    for pos in &positions {
        for dice in Dice::ALL_21 {
            pos.legal_plays_into(dice, &mut out);
            out.len().hash(&mut hasher);
            for play in &out {
                play.moves().hash(&mut hasher);
                play.after().hash(&mut hasher);
                plays += 1;
            }
        }
    }
    println!(
        "{} positions, {plays} plays, digest {:016x}",
        positions.len(),
        hasher.finish()
    );
}

fn games(n: u64, threads: usize, kind: PolicyKind, keep: usize) {
    let policy = match kind {
        PolicyKind::Net if keep > 0 => BackgammonPolicy::Net(
            NetPolicy::shipped(RulesFamily::Backgammon)
                .unwrap()
                .with_zero_ply_prune(keep)
                .unwrap(),
        ),
        _ => BackgammonPolicy::from(kind),
    };
    run_games(n, threads, &policy);
}

/// The `searched` mode (see the module documentation).
fn searched(n: u64, plies: u32, threads: usize) {
    let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
    run_games(n, threads, &BackgammonPolicy::Net(net.with_plies(plies)));
}

/// A rollout of the opening, `n` games on `threads` threads, with `policy` on both sides.
fn run_games(n: u64, threads: usize, policy: &BackgammonPolicy) {
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let cut = PlyTruncation {
        inner: BearoffTruncation::Off,
        after: None,
        evaluator: &BearoffEvaluator,
        nardy: false,
        oin: false,
    };
    let rules = GameRules::new(&StandardReferee, policy, &cut);
    let mut config = RolloutConfig::new(1);
    config.first_roll = FirstRoll::Opening;
    config.quasi_random = true;
    config.threads = threads;
    let run = rollout_with_luck(&start, &rules, &NoLuck, 0..n, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    println!("{:?}", run.tally);
}

/// The `netduel` mode (see the module documentation).
fn duel(n: u64, keep: usize, threads: usize, first: u64) {
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let full = BackgammonPolicy::Net(NetPolicy::shipped(RulesFamily::Backgammon).unwrap());
    let pruned = BackgammonPolicy::Net(
        NetPolicy::shipped(RulesFamily::Backgammon)
            .unwrap()
            .with_zero_ply_prune(keep)
            .unwrap(),
    );
    let cut = PlyTruncation {
        inner: BearoffTruncation::Off,
        after: None,
        evaluator: &BearoffEvaluator,
        nardy: false,
        oin: false,
    };
    let mut config = RolloutConfig::new(20_261_206);
    config.first_roll = FirstRoll::Opening;
    config.threads = threads;
    config.record_games = true;
    let run = |white: &BackgammonPolicy, black: &BackgammonPolicy| {
        let mut rules = GameRules::new(&StandardReferee, white, &cut);
        rules.policies = ByColor { white, black };
        rollout_with_luck(
            &start,
            &rules,
            &NoLuck,
            first..first + n,
            &config,
            &mut |_| ControlFlow::Continue(()),
        )
        .unwrap()
        .outcomes
        .unwrap()
        .points
    };
    // The pruned player's points: as White (on roll at the start) in the first run, as Black
    // in the second; a pair's mean is the game's figure.
    let (a, b) = (run(&pruned, &full), run(&full, &pruned));
    let d: Vec<f64> = a.iter().zip(&b).map(|(x, y)| (x - y) / 2.0).collect();
    let m = d.iter().sum::<f64>() / d.len() as f64;
    let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (d.len() as f64 - 1.0);
    let differ = d.iter().filter(|&&x| x != 0.0).count();
    println!(
        "keep {keep}: games {first}..{}: pruned minus full {m:+.5} ppg ± {:.5} (std error), pairs that differ {differ} of {}, sum {:+.1}",
        first + n,
        (var / d.len() as f64).sqrt(),
        d.len(),
        d.iter().sum::<f64>()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |s| s.parse().expect("a number"))
    };
    match args.first().map(String::as_str) {
        Some("movegen") => {
            let passes = num(2, 1) as u32;
            let rolls = rolls(args.get(3).map(String::as_str));
            let corpus = args.get(4).map(String::as_str);
            assert!(
                matches!(corpus, None | Some("contact" | "race")),
                "corpus: contact|race"
            );
            let total = match args.get(1).map(String::as_str) {
                Some("gammon") => movegen_gammon(passes, &rolls, corpus),
                Some("bkgm") => movegen_bkgm(passes, &rolls, corpus),
                _ => panic!("movegen gammon|bkgm PASSES [doubles|others|all] [contact|race]"),
            };
            println!("{total} resulting positions");
        }
        Some("games") => games(num(1, 20_000), num(2, 1) as usize, PolicyKind::Pubeval, 0),
        Some("netgames") => games(
            num(1, 2_000),
            num(2, 1) as usize,
            PolicyKind::Net,
            num(3, 0) as usize,
        ),
        Some("searched") => searched(num(1, 100), num(2, 1) as u32, num(3, 1) as usize),
        Some("netduel") => duel(
            num(1, 1_000),
            num(2, 3) as usize,
            num(3, 1) as usize,
            num(4, 0),
        ),
        Some("digest") => digest(num(1, 1000)),
        _ => panic!(
            "usage: profile movegen gammon|bkgm PASSES [doubles|others|all] [contact|race] | profile games|netgames N [THREADS] [KEEP] | profile searched N PLIES [THREADS] | profile netduel N KEEP [THREADS] [FIRST]"
        ),
    }
}
