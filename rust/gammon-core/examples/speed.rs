//! Times move generation over the wildbg corpus (a quick check; see benches/ for the benchmark).
use gammon_core::*;
use std::time::Instant;
fn main() {
    for f in ["contact-1000.txt", "race-1000.txt"] {
        let text = std::fs::read_to_string(format!("../../tests/data/conformance/{f}")).unwrap();
        let ps: Vec<Backgammon> = text
            .lines()
            .map(|l| Backgammon::from_id(l, Variant::Backgammon, Color::White).unwrap())
            .collect();
        let mut list = PlayList::new();
        let iters: u64 = std::env::var("ITERS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(20);
        let t = Instant::now();
        let mut total = 0u64;
        for _ in 0..iters {
            for p in &ps {
                for d in Dice::ALL_21 {
                    p.legal_plays_into(d, &mut list);
                    total += list.len().max(1) as u64;
                }
            }
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{f}: {} per run, {:.1} M positions/s",
            total / iters,
            total as f64 / s / 1e6
        );
    }
}
