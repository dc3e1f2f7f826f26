//! The neural-net evaluator: evaluations per second and net-policy games per second on one thread,
//! with pubeval self-play measured in the same run for the ratio.
//!
//! Run: `cargo bench -p gammon-benches --bench net`. Each bench checks its work before timing
//! it; criterion reports the unit as elements (evaluations or games).

use std::ops::ControlFlow;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gammon_core::eval::net::{shipped, AfterState, Ranker};
use gammon_core::eval::Evaluator;
use gammon_core::{rollout, RolloutConfig};
use gammon_core::{Backgammon, Color, Dice, FirstRoll, Policy, Position, StandardReferee};
use gammon_core::{GameRules, NetPolicy, NoTruncation, Pubeval, RulesFamily, Variant};

const GAMES: u64 = 500;

fn run<Pol: Policy<Backgammon>>(policy: &Pol, games: u64, seed: u64) -> u64 {
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let rules = GameRules::new(&StandardReferee, policy, &NoTruncation);
    let mut config = RolloutConfig::new(seed);
    config.first_roll = FirstRoll::Opening;
    config.threads = 1;
    let run = rollout(&start, &rules, 0..games, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    run.tally.games
}

/// Positions from net self-play: the position before each roll, with the roll.
fn positions(n: usize) -> Vec<(Backgammon, Dice)> {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let mut out = Vec::new();
    let mut dice_stream = gammon_core::GameDice::new(11, 0, FirstRoll::Any, None);
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let mut pos = start;
    while out.len() < n {
        if pos.is_game_over() {
            pos = start;
        }
        let dice: Dice = dice_stream.next_roll();
        let plays = pos.legal_plays(dice);
        if plays.is_empty() {
            pos = pos.pass_turn();
            continue;
        }
        out.push((pos, dice));
        pos = pos.play_unchecked(&plays[nets.best_play_from(&pos, plays.as_slice())]);
    }
    out
}

fn evaluations(c: &mut Criterion) {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let sample = positions(1000);
    let lists: Vec<_> = sample
        .iter()
        .map(|(p, d)| (*p, p.legal_plays(*d)))
        .collect();
    let candidates: u64 = lists.iter().map(|(_, l)| l.len() as u64).sum();
    let mut group = c.benchmark_group("net");
    group.sample_size(10);
    group.throughput(Throughput::Elements(sample.len() as u64));
    group.bench_function("evaluate a position (positions/s)", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|(p, _)| nets.evaluate(p).win)
                .sum::<f32>()
        });
    });
    group.throughput(Throughput::Elements(candidates));
    group.bench_function("value the plays of a roll, direct (plays/s)", |b| {
        b.iter(|| {
            lists
                .iter()
                .map(|(_, l)| {
                    l.iter()
                        .map(|p| nets.after_state(p.after()).win)
                        .sum::<f32>()
                })
                .sum::<f32>()
        });
    });
    group.bench_function("value the plays of a roll, incremental (plays/s)", |b| {
        b.iter(|| {
            lists
                .iter()
                .map(|(pos, l)| {
                    let mut r = Ranker::new(nets, pos);
                    l.iter().map(|p| r.value(p.after()).win).sum::<f32>()
                })
                .sum::<f32>()
        });
    });
    // The net policy's ranking (fused multiply-adds where the CPU has them) picks the plain
    // evaluation's play but in near ties.
    let same = lists
        .iter()
        .filter(|(pos, l)| {
            Ranker::fused(nets, pos).best(l.as_slice()) == nets.best_play_from(pos, l.as_slice())
        })
        .count();
    assert!(same * 100 >= lists.len() * 99, "{same} of {}", lists.len());
    group.throughput(Throughput::Elements(lists.len() as u64));
    group.bench_function("rank the plays of a roll, net policy (rolls/s)", |b| {
        b.iter(|| {
            lists
                .iter()
                .map(|(pos, l)| Ranker::fused(nets, pos).best(l.as_slice()))
                .sum::<usize>()
        });
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
    let pubeval = Pubeval::new();
    assert_eq!(run(&net, 20, 0), 20);
    let mut group = c.benchmark_group("net games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    let mut seed = 0;
    group.bench_function("net games, 1 thread (games/s)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| run(&net, GAMES, s),
            BatchSize::SmallInput,
        );
    });
    group.bench_function("pubeval games, 1 thread (games/s)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| run(&pubeval, GAMES, s),
            BatchSize::SmallInput,
        );
    });
    group.finish();
}

criterion_group!(benches, evaluations, games);
criterion_main!(benches);
