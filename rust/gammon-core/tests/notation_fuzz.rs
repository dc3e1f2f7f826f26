//! Fuzzing the play-text reader (NOT-1, NOT-2): any text gives a legal play or a
//! `PlayTextError`, never a panic.

use gammon_core::{Backgammon, Color, Dice, Position, Variant};
use gammon_core::{PlayText, PositionId};
use proptest::prelude::*;

fn positions() -> Vec<Backgammon> {
    [
        "4HPwATDgc/ABMA", // start
        "EAAMAP5/AAACAA", // T06: a blot and a block
        "cHPwATDgc/ABUA", // T11: on the bar
        "SO/gAyDgc/ABUA", // T26: two blots to hit on entry
        "4HPwAUAQAAAAAA", // T21: bear-off
        "2+4OAADgc/ADQA", // closed board, on the bar
    ]
    .iter()
    .map(|id| Backgammon::from_id(id, Variant::Backgammon, Color::White).expect("valid ID"))
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// NOT-1/NOT-2: texts in the notation's alphabet resolve to a legal play or fail cleanly.
    #[test]
    fn notation_like_texts_resolve_or_fail_cleanly(
        text in "[0-9boffarBO/*() \\-]{0,30}",
        die1 in 1u8..=6,
        die2 in 1u8..=6,
        partial in any::<bool>(),
    ) {
        let dice = Dice::new(die1, die2).expect("dice in range");
        for pos in positions() {
            if let Ok(play) = pos.resolve_play(dice, &text, partial) {
                prop_assert!(pos.is_legal(dice, &play), "{} {dice} {text:?}", pos.id());
                // A resolved text prints as a text that names the same play.
                let printed = pos.format_play(&play);
                prop_assert_eq!(pos.parse_play(dice, &printed), Ok(play));
            }
        }
    }

    /// Arbitrary Unicode never panics either.
    #[test]
    fn arbitrary_texts_never_panic(text in any::<String>(), die1 in 1u8..=6, die2 in 1u8..=6) {
        let dice = Dice::new(die1, die2).expect("dice in range");
        for pos in positions() {
            let _ = pos.parse_play(dice, &text);
        }
    }
}

/// Texts built from real moves: sampled legal-looking paths around the start position.
#[test]
fn every_short_path_text_from_the_start_resolves_or_fails_cleanly() {
    let pos = Backgammon::start(Variant::Backgammon, Color::White).expect("start");
    let mut texts = Vec::new();
    for a in [25u8, 24, 13, 8, 6] {
        for b in 0..a {
            texts.push(format!("{a}/{b}"));
            texts.push(format!("{a}/{b}*"));
            texts.push(format!("{a}/{b}(2)"));
            texts.push(format!("{a}/{b} {a}/{b}"));
        }
    }
    let mut resolved = 0;
    for dice in Dice::ALL_21 {
        for t in &texts {
            if let Ok(p) = pos.parse_play(dice, t) {
                assert!(pos.is_legal(dice, &p), "{dice} {t:?}");
                resolved += 1;
            }
        }
    }
    assert!(resolved > 0);
}
