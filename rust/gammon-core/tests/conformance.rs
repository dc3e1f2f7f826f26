//! Legal-play generation against the oracle data of `tests/data/conformance` (made with
//! GNU Backgammon and OpenSpiel; see its README).

use std::collections::BTreeSet;
use std::path::PathBuf;

use gammon_core::position_id;
use gammon_core::{Backgammon, Color, Dice, Position, Variant};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/conformance")
        .join(name)
}

fn load(id: &str) -> Backgammon {
    Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap_or_else(|e| panic!("{e}"))
}

/// MOVE-*, BAR-*, OFF-*: every case gives exactly the oracle's set of resulting positions.
#[test]
fn every_oracle_case_gives_the_oracles_resulting_positions() {
    let text = std::fs::read_to_string(data("backgammon-plays.jsonl")).unwrap();
    let mut cases = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let pid = case["pos"].as_str().unwrap();
        let dice = case["dice"].as_array().unwrap();
        let dice = Dice::new(
            dice[0].as_u64().unwrap() as u8,
            dice[1].as_u64().unwrap() as u8,
        )
        .unwrap();
        let expected: BTreeSet<String> = case["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        let pos = load(pid);
        let plays = pos.legal_plays(dice);
        let mut got: BTreeSet<String> = plays.iter().map(|p| position_id(p.after())).collect();
        assert_eq!(
            got.len(),
            plays.len(),
            "{pid} {dice}: a resulting position is listed twice"
        );
        if plays.is_empty() {
            got.insert(pid.to_string());
        }
        if let Some(max) = case["max_dice_used"].as_u64() {
            if let Some(p) = plays.first() {
                assert_eq!(p.dice_used() as u64, max, "{pid} {dice}: dice used");
            }
        }
        if got != expected {
            failures.push(format!(
                "{pid} {dice} [{}]: expected {} got {}; missing {:?}; extra {:?}",
                case["tag"],
                expected.len(),
                got.len(),
                expected.difference(&got).collect::<Vec<_>>(),
                got.difference(&expected).collect::<Vec<_>>()
            ));
        }
        cases += 1;
    }
    assert_eq!(cases, 4918);
    assert!(
        failures.is_empty(),
        "{} of {cases} cases differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

fn corpus_totals(name: &str) -> (u64, u64) {
    let text = std::fs::read_to_string(data(name)).unwrap();
    let (mut doubles, mut others) = (0u64, 0u64);
    for id in text.lines().filter(|l| !l.trim().is_empty()) {
        let pos = load(id);
        for dice in Dice::ALL_21 {
            let n = pos.legal_plays(dice).len().max(1) as u64;
            if dice.is_double() {
                doubles += n;
            } else {
                others += n;
            }
        }
    }
    (doubles, others)
}

/// The wildbg corpus totals given in the conformance README (a forced pass counts as one).
#[test]
fn wildbg_contact_corpus_totals() {
    assert_eq!(corpus_totals("contact-1000.txt"), (218_356, 185_957));
}

/// The wildbg corpus totals given in the conformance README (a forced pass counts as one).
#[test]
fn wildbg_race_corpus_totals() {
    assert_eq!(corpus_totals("race-1000.txt"), (140_720, 122_570));
}
