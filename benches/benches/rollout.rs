//! Rollout throughput: whole games per second on one thread (random, pubeval and heuristic
//! self-play), and a pubeval rollout of the opening on every core.
//!
//! Run: `cargo bench -p gammon-benches --bench rollout`. Each bench checks the games it plays
//! before timing them; criterion reports the unit as elements = games.

use std::ops::ControlFlow;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gammon_core::{rollout, RolloutConfig};
use gammon_core::{Backgammon, Color, FirstRoll, Policy, StandardReferee, Variant};
use gammon_core::{GameRules, NoTruncation};
use gammon_core::{Heuristic, Pubeval, Random};

const GAMES: u64 = 2_000;

fn run<Pol: Policy<Backgammon>>(policy: &Pol, games: u64, threads: usize, seed: u64) -> u64 {
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let rules = GameRules::new(&StandardReferee, policy, &NoTruncation);
    let mut config = RolloutConfig::new(seed);
    config.first_roll = FirstRoll::Opening;
    config.threads = threads;
    let run = rollout(&start, &rules, 0..games, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    run.tally.games
}

fn games_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("rollout");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    let pubeval = Pubeval::new();
    let heuristic = Heuristic::default();
    assert_eq!(run(&Random, GAMES, 1, 0), GAMES);
    assert_eq!(run(&pubeval, GAMES, 1, 0), GAMES);
    assert_eq!(run(&heuristic, GAMES, 1, 0), GAMES);
    let mut seed = 0;
    group.bench_function("random games, 1 thread (games/s)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| run(&Random, GAMES, 1, s),
            BatchSize::SmallInput,
        );
    });
    group.bench_function("pubeval games, 1 thread (games/s)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| run(&pubeval, GAMES, 1, s),
            BatchSize::SmallInput,
        );
    });
    group.throughput(Throughput::Elements(GAMES * 4));
    group.bench_function("pubeval games, all cores (games/s)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| run(&pubeval, GAMES * 4, 0, s),
            BatchSize::SmallInput,
        );
    });
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("heuristic games, 1 thread (games/s)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| run(&heuristic, GAMES, 1, s),
            BatchSize::SmallInput,
        );
    });
    group.finish();
}

criterion_group!(benches, games_per_second);
criterion_main!(benches);
