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
//! - `movegen gammon|bkgm PASSES`: the move generation of the movegen bench (the wildbg
//!   contact and race corpora, each position with each of the 21 rolls), `PASSES` times, for
//!   gammon or for bkgm. Prints the resulting positions counted, which the bench checks.
//! - `games N [THREADS]`: a pubeval rollout of the backgammon opening, N games, as
//!   `gammon rollout --policy pubeval --seed 1` runs it (the enum of built-in policies, the
//!   truncation step that never truncates, quasi-random first rolls). Prints the tally, which
//!   depends on the seed and the game indices only.

use std::ops::ControlFlow;

use gammon_benches::data_path;
use gammon_core::eval::bearoff::BearoffEvaluator;
use gammon_core::{
    rollout_with_luck, Backgammon, BackgammonPolicy, BearoffTruncation, Color, Dice, FirstRoll,
    GameRules, NoLuck, PlayList, PlyTruncation, PolicyKind, Position, RolloutConfig,
    StandardReferee, Variant,
};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CORPORA: [&str; 2] = ["conformance/contact-1000.txt", "conformance/race-1000.txt"];

fn ids() -> Vec<String> {
    CORPORA
        .iter()
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

fn movegen_gammon(passes: u32) -> u64 {
    let positions: Vec<Backgammon> = ids()
        .iter()
        .map(|id| Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap())
        .collect();
    let mut out = PlayList::new();
    let mut total = 0u64;
    for _ in 0..passes {
        for pos in std::hint::black_box(&positions) {
            for dice in Dice::ALL_21 {
                pos.legal_plays_into(dice, &mut out);
                total += out.len().max(1) as u64;
            }
        }
    }
    total
}

fn movegen_bkgm(passes: u32) -> u64 {
    let positions: Vec<bkgm::Position<15>> = ids()
        .iter()
        .map(|id| bkgm::codecs::gnuid::decode_position::<15>(id).unwrap())
        .collect();
    let mut total = 0u64;
    for _ in 0..passes {
        for pos in std::hint::black_box(&positions) {
            for (dice, _) in bkgm::dice::ALL_21 {
                total +=
                    bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*pos, &dice).len() as u64;
            }
        }
    }
    total
}

fn games(n: u64, threads: usize) {
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let policy = BackgammonPolicy::from(PolicyKind::Pubeval);
    let cut = PlyTruncation {
        inner: BearoffTruncation::Off,
        after: None,
        evaluator: &BearoffEvaluator,
        nardy: false,
        oin: false,
    };
    let rules = GameRules::new(&StandardReferee, &policy, &cut);
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |s| s.parse().expect("a number"))
    };
    match args.first().map(String::as_str) {
        Some("movegen") => {
            let passes = num(2, 1) as u32;
            let total = match args.get(1).map(String::as_str) {
                Some("gammon") => movegen_gammon(passes),
                Some("bkgm") => movegen_bkgm(passes),
                _ => panic!("movegen gammon|bkgm PASSES"),
            };
            println!("{total} resulting positions");
        }
        Some("games") => games(num(1, 20_000), num(2, 1) as usize),
        _ => panic!("usage: profile movegen gammon|bkgm PASSES | profile games N [THREADS]"),
    }
}
