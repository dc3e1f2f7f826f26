//! Move generation over the wildbg corpus (tests/data/conformance/{contact,race}-1000.txt),
//! every position with each of the 21 distinct rolls: resulting positions per second, one
//! core. The peer crate bkgm is measured in the same run over the same positions.
//!
//! Run with `cargo bench -p gammon-benches --bench movegen`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gammon_benches::data_path;
use gammon_core::{Backgammon, Color, Dice, PlayList, Position, Variant};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One corpus file with its oracle totals (conformance README: doubles, non-doubles) and the
/// totals bkgm 0.6 reports for it (it counts a few positions differently, see
/// `docs/lab/2026-11-29-move-generation.md`).
struct Corpus {
    name: &'static str,
    file: &'static str,
    oracle: (u64, u64),
    bkgm: u64,
}

const CORPORA: [Corpus; 2] = [
    Corpus {
        name: "contact",
        file: "conformance/contact-1000.txt",
        oracle: (218_356, 185_957),
        bkgm: 404_320,
    },
    Corpus {
        name: "race",
        file: "conformance/race-1000.txt",
        oracle: (140_720, 122_570),
        bkgm: 264_023,
    },
];

fn ids(file: &str) -> Vec<String> {
    std::fs::read_to_string(data_path(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Distinct resulting positions over every position and roll (a forced pass counts as one),
/// split into doubles and non-doubles. The list is reused, as rollouts and perft do.
fn gammon_totals(positions: &[Backgammon], out: &mut PlayList<Backgammon>) -> (u64, u64) {
    let (mut doubles, mut others) = (0u64, 0u64);
    for pos in positions {
        for dice in Dice::ALL_21 {
            pos.legal_plays_into(dice, out);
            let n = out.len().max(1) as u64;
            if dice.is_double() {
                doubles += n;
            } else {
                others += n;
            }
        }
    }
    (doubles, others)
}

fn bkgm_total(positions: &[bkgm::Position<15>]) -> u64 {
    let mut total = 0u64;
    for pos in positions {
        for (dice, _) in bkgm::dice::ALL_21 {
            total += bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*pos, &dice).len() as u64;
        }
    }
    total
}

fn movegen(c: &mut Criterion) {
    for corpus in &CORPORA {
        let ids = ids(corpus.file);
        assert_eq!(ids.len(), 1000, "{}", corpus.file);
        let ours: Vec<Backgammon> = ids
            .iter()
            .map(|id| Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap())
            .collect();
        let theirs: Vec<bkgm::Position<15>> = ids
            .iter()
            .map(|id| bkgm::codecs::gnuid::decode_position::<15>(id).unwrap())
            .collect();

        // Check the work before timing it.
        let mut list = PlayList::new();
        assert_eq!(
            gammon_totals(&ours, &mut list),
            corpus.oracle,
            "{}",
            corpus.name
        );
        assert_eq!(bkgm_total(&theirs), corpus.bkgm, "{} (bkgm)", corpus.name);

        let mut group = c.benchmark_group(format!("movegen/{}", corpus.name));
        // Throughput in resulting positions (the oracle total), the same unit for both crates.
        group.throughput(Throughput::Elements(corpus.oracle.0 + corpus.oracle.1));
        group.sample_size(20);
        group.warm_up_time(Duration::from_secs(2));
        group.measurement_time(Duration::from_secs(5));
        group.bench_function("gammon", |b| {
            b.iter(|| gammon_totals(black_box(&ours), &mut list))
        });
        group.bench_function("bkgm", |b| b.iter(|| bkgm_total(black_box(&theirs))));
        group.finish();
    }
}

criterion_group!(benches, movegen);
criterion_main!(benches);
