//! Bear-off databases: how long each table takes to build, and lookups per second from Rust.
//!
//! - `build/one-sided 6x15`: the one-sided database (54,264 boards, both distributions);
//! - `build/two-sided 6`, `build/two-sided 8`: the two-sided database of 6 checkers a side
//!   (gnubg's default, 924 x 924) and of 8 (3,003 x 3,003), one thread;
//! - `lookup/two-sided`: `bearoff::evaluate` of positions both of whose sides fit the
//!   two-sided table (one table read);
//! - `lookup/one-sided`: `bearoff::evaluate` of 15-checker positions (two distributions
//!   combined, gammons included);
//! - `lookup/is_bearoff`: the truncation test of a rollout.
//!
//! Run: `cargo bench -p gammon-benches --bench bearoff`. The tables used by the lookups come
//! from the cache directory (`GAMMON_CACHE_DIR`, else the user's cache) and are built first
//! when missing. The file sizes are printed before timing.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gammon_core::bearoff::{self, store, OneSided, TwoSided};
use gammon_core::{Backgammon, Color, Setup, Variant};

/// A small deterministic generator (splitmix64) for the bench's positions.
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % u64::from(n)) as u32
    }
}

/// `n` random bear-off positions with `lo..=hi` checkers a side on the home points.
fn positions(n: usize, lo: u8, hi: u8, seed: u64) -> Vec<Backgammon> {
    let mut rng = Mix(seed);
    let side = |rng: &mut Mix| {
        let k = lo + rng.below(u32::from(hi - lo + 1)) as u8;
        let mut pts = [0u8; 6];
        for _ in 0..k {
            pts[rng.below(6) as usize] += 1;
        }
        (1..=6u8)
            .filter(|&p| pts[p as usize - 1] > 0)
            .map(|p| (p, pts[p as usize - 1]))
            .collect::<Vec<_>>()
    };
    (0..n)
        .map(|_| {
            let w = side(&mut rng);
            let b = side(&mut rng);
            Backgammon::from_setup(&Setup::from_points(
                Variant::Backgammon,
                Color::White,
                &w,
                &b,
            ))
            .expect("a valid bear-off")
        })
        .collect()
}

fn build(c: &mut Criterion) {
    let one = store::encode_one_sided(&OneSided::build(6, 15)).len();
    let two6 = store::encode_two_sided(&TwoSided::build(6)).len();
    let two8 = store::encode_two_sided(&TwoSided::build(8)).len();
    println!("file sizes: one-sided 6x15 {one} bytes, two-sided 6 {two6} bytes, two-sided 8 {two8} bytes");
    let mut g = c.benchmark_group("build");
    g.sample_size(10);
    g.bench_function("one-sided 6x15", |b| b.iter(|| OneSided::build(6, 15)));
    for n in [6usize, 8] {
        g.bench_with_input(BenchmarkId::new("two-sided", n), &n, |b, &n| {
            b.iter(|| TwoSided::build(n));
        });
    }
    g.finish();
}

fn lookup(c: &mut Criterion) {
    // Load (or build) the shared tables before timing.
    let _ = bearoff::one_sided();
    let _ = bearoff::two_sided();
    let exact = positions(1000, 1, 8, 1);
    let exact: Vec<_> = exact
        .into_iter()
        .filter(|p| bearoff::evaluate(p).is_ok_and(|e| e.exact))
        .collect();
    let full = positions(1000, 15, 15, 2);
    let mut g = c.benchmark_group("lookup");
    g.throughput(Throughput::Elements(exact.len() as u64));
    g.bench_function("two-sided", |b| {
        b.iter(|| {
            let mut s = 0.0;
            for p in &exact {
                s += bearoff::evaluate(p).map_or(0.0, |e| e.win);
            }
            s
        });
    });
    g.throughput(Throughput::Elements(full.len() as u64));
    g.bench_function("one-sided", |b| {
        b.iter(|| {
            let mut s = 0.0;
            for p in &full {
                s += bearoff::evaluate(p).map_or(0.0, |e| e.equity());
            }
            s
        });
    });
    g.bench_function("is_bearoff", |b| {
        b.iter(|| full.iter().filter(|p| bearoff::is_bearoff(p)).count());
    });
    g.finish();
}

criterion_group!(benches, build, lookup);
criterion_main!(benches);
