//! Long Nardy move generation and random games, with the standard-backgammon corpus measured
//! in the same run for the ratio (`docs/lab/2026-11-29-move-generation.md`, "Long Nardy").
//!
//! Units: `movegen/*` count resulting positions (one per distinct legal play, a forced pass
//! counting as one) over every position and all 21 rolls; `games/*` count whole games.
//! Every count is asserted before timing.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gammon_benches::data_path;
use gammon_core::{Backgammon, Color, Dice, Nardy, PlayList, Position, Variant};

/// Resulting positions of the wildbg corpus over all 21 rolls (tests/data/conformance/README.md).
const CORPUS_RESULTS: u64 = 218_356 + 185_957 + 140_720 + 122_570;
/// Long Nardy positions sampled from seeded random games.
const NARDY_SAMPLE_SIZE: usize = 2_000;
/// Their resulting positions over all 21 rolls (a regression figure of this generator).
const NARDY_SAMPLE_RESULTS: u64 = 447_427;
/// Resulting positions of the prime-building sample (see [`priming_sample`]).
const PRIMING_SAMPLE_RESULTS: u64 = 981_276;

/// SplitMix64: a small deterministic generator for the random games.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn dice(&mut self) -> Dice {
        Dice::new_unchecked(1 + self.below(6) as u8, 1 + self.below(6) as u8)
    }
}

/// Plays one game with uniformly random legal plays; calls `seen` on every position on roll.
fn random_game<P: Position>(
    start: P,
    rng: &mut SplitMix,
    list: &mut PlayList<P>,
    mut seen: impl FnMut(&P),
) -> P {
    let mut pos = start;
    while !pos.is_game_over() {
        seen(&pos);
        pos.legal_plays_into(rng.dice(), list);
        pos = if list.is_empty() {
            pos.pass_turn()
        } else {
            pos.play_unchecked(&list[rng.below(list.len())])
        };
    }
    pos
}

fn backgammon_corpus() -> Vec<Backgammon> {
    ["conformance/contact-1000.txt", "conformance/race-1000.txt"]
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(data_path(f)).expect("corpus file");
            text.lines()
                .map(|l| {
                    Backgammon::from_id(l.trim(), Variant::Backgammon, Color::White)
                        .expect("corpus ID")
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every 8th position on roll of seeded random games, until `n` are collected.
fn nardy_sample(n: usize) -> Vec<Nardy> {
    let mut rng = SplitMix(1);
    let mut list = PlayList::new();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut keep = SplitMix(rng.next());
        random_game(Nardy::start(Color::White), &mut rng, &mut list, |p| {
            if keep.below(8) == 0 && out.len() < n {
                out.push(*p);
            }
        });
    }
    out
}

/// Every 8th position of seeded games in which each side prefers the play that occupies the
/// most points: long primes, so the block rule (LN-24..LN-27) decides many plays. Not part of
/// the ratio; it shows the cost of the block rule.
fn priming_sample(n: usize) -> Vec<Nardy> {
    let mut rng = SplitMix(2);
    let mut list = PlayList::new();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Nardy::start(Color::White);
        while !pos.is_game_over() && out.len() < n {
            if rng.below(8) == 0 {
                out.push(pos);
            }
            pos.legal_plays_into(rng.dice(), &mut list);
            pos = if list.is_empty() {
                pos.pass_turn()
            } else {
                let spread = |p: &Nardy| p.raw().iter().filter(|&&c| c > 0).count();
                let best = list.iter().map(|p| spread(p.after())).max().unwrap_or(0);
                let top: Vec<_> = list.iter().filter(|p| spread(p.after()) == best).collect();
                pos.play_unchecked(top[rng.below(top.len())])
            };
        }
    }
    out
}

fn count_results<P: Position>(positions: &[P], list: &mut PlayList<P>) -> u64 {
    let mut total = 0;
    for p in positions {
        for dice in Dice::ALL_21 {
            p.legal_plays_into(dice, list);
            total += list.len().max(1) as u64;
        }
    }
    total
}

fn movegen(c: &mut Criterion) {
    let corpus = backgammon_corpus();
    let mut bg_list = Box::new(PlayList::new());
    assert_eq!(count_results(&corpus, &mut bg_list), CORPUS_RESULTS);
    let sample = nardy_sample(NARDY_SAMPLE_SIZE);
    let mut nardy_list = Box::new(PlayList::new());
    assert_eq!(
        count_results(&sample, &mut nardy_list),
        NARDY_SAMPLE_RESULTS
    );

    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(CORPUS_RESULTS));
    group.bench_function("backgammon-corpus", |b| {
        b.iter(|| count_results(black_box(&corpus), &mut bg_list));
    });
    group.throughput(Throughput::Elements(NARDY_SAMPLE_RESULTS));
    group.bench_function("long-nardy-sampled", |b| {
        b.iter(|| count_results(black_box(&sample), &mut nardy_list));
    });
    let priming = priming_sample(NARDY_SAMPLE_SIZE);
    assert_eq!(
        count_results(&priming, &mut nardy_list),
        PRIMING_SAMPLE_RESULTS
    );
    group.throughput(Throughput::Elements(PRIMING_SAMPLE_RESULTS));
    group.bench_function("long-nardy-priming", |b| {
        b.iter(|| count_results(black_box(&priming), &mut nardy_list));
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut list = Box::new(PlayList::new());
    // Every game of the seeded sequence ends with a winner.
    let mut rng = SplitMix(7);
    for _ in 0..20 {
        let end = random_game(Nardy::start(Color::White), &mut rng, &mut list, |_| {});
        assert!(end.outcome().is_some());
    }
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(1));
    group.bench_function("long-nardy-random", |b| {
        b.iter(|| random_game(Nardy::start(Color::White), &mut rng, &mut list, |_| {}));
    });
    let mut bg_list = Box::new(PlayList::new());
    let start = Backgammon::start(Variant::Backgammon, Color::White).expect("start");
    group.bench_function("backgammon-random", |b| {
        b.iter(|| random_game(start, &mut rng, &mut bg_list, |_| {}));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = movegen, games
}
criterion_main!(benches);
