//! Perft against the golden file `tests/data/perft/backgammon.perft`, whose numbers come from
//! an independent oracle (gnubg_nn.moves, see the file's comments).

use std::path::PathBuf;

use gammon_core::{perft, Backgammon, Color, Position, Variant};

struct Fact {
    id: String,
    depth: u32,
    paths: u64,
}

/// The facts of the golden file and the node limit for the Rust runner.
fn golden() -> (Vec<Fact>, u64) {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/perft/backgammon.perft");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut facts = Vec::new();
    let mut limit = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["node-limit", "rust", n] => limit = Some(n.parse().unwrap()),
            ["node-limit", _, _] => {}
            ["perft", id, depth, n] => facts.push(Fact {
                id: id.to_string(),
                depth: depth.parse().unwrap(),
                paths: n.parse().unwrap(),
            }),
            _ => panic!("unreadable line in {}: {line:?}", path.display()),
        }
    }
    let limit = match std::env::var("GAMMON_PERFT_NODE_LIMIT") {
        Ok(v) => v.parse().expect("GAMMON_PERFT_NODE_LIMIT is a number"),
        Err(_) => limit.expect("a node-limit rust line"),
    };
    (facts, limit)
}

/// MOVE-*, BAR-*, OFF-*, BG-14: perft from the golden positions equals the oracle's counts.
#[test]
fn perft_matches_the_gnubg_nn_golden_numbers() {
    let (facts, limit) = golden();
    let run: Vec<&Fact> = facts.iter().filter(|f| f.paths <= limit).collect();
    assert!(
        run.iter().any(|f| f.id == "4HPwATDgc/ABMA" && f.depth >= 2),
        "the start position to depth 2 at least is within the node limit"
    );
    let mut wrong = Vec::new();
    for fact in run {
        let pos = Backgammon::from_id(&fact.id, Variant::Backgammon, Color::White).unwrap();
        let got = perft(&pos, fact.depth);
        if got != fact.paths {
            wrong.push(format!(
                "perft {} {} = {got}, oracle {}",
                fact.id, fact.depth, fact.paths
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Perft does not depend on which color is on roll, only on the board.
#[test]
fn perft_is_the_same_for_either_color_on_roll() {
    let white = Backgammon::from_id("CwAAkAgAAAAAAA", Variant::Backgammon, Color::White).unwrap();
    let black = white.with_turn(Color::Black);
    assert_eq!(black.turn(), Color::Black);
    assert_eq!(perft(&white, 2), perft(&black, 2));
}
