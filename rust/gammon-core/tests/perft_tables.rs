//! Perft golden files in `tests/data/perft/`: every listed depth up to the file's node limit
//! is recomputed from the variant's start position.

mod nardy_support;

use std::path::PathBuf;

use gammon_core::{perft, Backgammon, Color, Nardy, Variant};
use nardy_support::{slow_perft, Board};

/// A perft file: the variant, the node limit and the `(depth, paths)` facts.
struct Table {
    variant: Variant,
    node_limit: u64,
    rows: Vec<(u32, u64)>,
}

fn read_table(name: &str) -> Table {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut variant = None;
    let mut node_limit = u64::MAX;
    let mut rows = Vec::new();
    for line in text.lines().map(str::trim) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [w, ..] if w.starts_with('#') => {}
            ["variant", v] => variant = Some(v.parse::<Variant>().unwrap()),
            ["node-limit", n] => node_limit = n.parse().unwrap(),
            ["depth", d, n] => rows.push((d.parse().unwrap(), n.parse().unwrap())),
            _ => panic!("{name}: cannot read line {line:?}"),
        }
    }
    Table {
        variant: variant.unwrap_or_else(|| panic!("{name}: no variant line")),
        node_limit,
        rows,
    }
}

fn check_backgammon_family(name: &str) {
    let table = read_table(name);
    let start = Backgammon::start(table.variant, Color::White).unwrap();
    let mut checked = 0;
    for &(depth, paths) in table.rows.iter().filter(|r| r.1 <= table.node_limit) {
        assert_eq!(perft(&start, depth), paths, "{name} depth {depth}");
        checked += 1;
    }
    assert!(
        checked >= 3,
        "{name}: only {checked} depths under the node limit"
    );
}

#[test]
fn hypergammon_1_perft_matches_gnubg() {
    check_backgammon_family("hypergammon-1.perft");
}

#[test]
fn hypergammon_2_perft_matches_gnubg() {
    check_backgammon_family("hypergammon-2.perft");
}

#[test]
fn hypergammon_3_perft_matches_gnubg() {
    check_backgammon_family("hypergammon-3.perft");
}

/// LN-6..LN-31 over the first plies: the crate's perft equals the golden file, and the
/// deliberately simple §10 generator gives the same counts for the first three plies.
#[test]
fn long_nardy_perft_matches_the_table_and_the_slow_generator() {
    let table = read_table("long-nardy.perft");
    assert_eq!(table.variant, Variant::LongNardy);
    let start = Nardy::start(Color::White);
    let mut checked = 0;
    for &(depth, paths) in table.rows.iter().filter(|r| r.1 <= table.node_limit) {
        assert_eq!(perft(&start, depth), paths, "long-nardy depth {depth}");
        if depth <= 3 {
            assert_eq!(
                slow_perft(&Board::of(&start), depth),
                paths,
                "slow, depth {depth}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} depths under the node limit");
}
