//! Play notation: printing (NOT-3) and reading back (NOT-2) every legal play of positions
//! from a deterministic random walk. Unit: plays per second (criterion's throughput).

use gammon_core::PlayText;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gammon_core::{Backgammon, Color, Dice, Position, Variant};

/// (position, roll, canonical text) for every legal play met on a seeded random walk.
fn cases() -> Vec<(Backgammon, Dice, String)> {
    let start = Backgammon::start(Variant::Backgammon, Color::White).expect("standard start");
    let mut pos = start;
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut out = Vec::new();
    for _ in 0..1000 {
        if pos.is_game_over() {
            pos = start;
        }
        let dice = Dice::ALL_21[below(21)];
        let plays = pos.legal_plays(dice);
        for p in plays.iter() {
            out.push((pos, dice, pos.format_play(p)));
        }
        pos = if plays.is_empty() {
            pos.pass_turn()
        } else {
            pos.play_unchecked(&plays[below(plays.len())])
        };
    }
    out
}

fn notation(c: &mut Criterion) {
    let cases = cases();
    // Every text reads back as a legal play before anything is timed.
    let resolved = cases
        .iter()
        .filter(|(p, d, t)| p.resolve_play(*d, t, false).is_ok())
        .count();
    assert_eq!(resolved, cases.len(), "every printed play reads back");
    let plays: Vec<_> = cases
        .iter()
        .map(|(p, d, t)| (*p, p.resolve_play(*d, t, false).expect("checked above")))
        .collect();

    let mut group = c.benchmark_group("notation");
    group.sample_size(10);
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("format every play (plays/s)", |b| {
        b.iter(|| {
            plays
                .iter()
                .map(|(pos, play)| pos.format_play(black_box(play)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("parse every printed play (plays/s)", |b| {
        b.iter(|| {
            cases
                .iter()
                .filter(|(pos, dice, text)| pos.parse_play(*dice, black_box(text)).is_ok())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, notation);
criterion_main!(benches);
