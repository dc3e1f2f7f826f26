//! Golden text for Long Nardy's ASCII board and play notation, in
//! `tests/data/golden/long-nardy.txt`. Rewrite the file only on purpose, with
//! `GAMMON_UPDATE_GOLDEN=1 cargo test -p gammon-core --test nardy_golden`.

use gammon_core::PlayText;
use std::path::PathBuf;

use gammon_core::{Color, Dice, Nardy, NardyOptions, Position, Setup, Variant};

fn render() -> String {
    let mut out = String::new();
    let start = Nardy::start(Color::White);
    out.push_str(&format!("{start}\n\n"));
    // S14's position, Black's checker on b20 = w8, White to play 5-3 (LN-3, LN-14, LN-17).
    let s14 = Setup::from_points(
        Variant::LongNardy,
        Color::White,
        &[(24, 14), (13, 1)],
        &[(24, 14), (20, 1)],
    );
    let s14 = Nardy::from_setup(&s14).unwrap();
    out.push_str(&format!("{s14}\n"));
    let dice = Dice::new(5, 3).unwrap();
    for play in s14.legal_plays(dice).iter() {
        out.push_str(&format!("{dice}: {}\n", s14.format_play(play)));
    }
    // The same position from Black's seat, with a §9 option: the drawing stays in White's
    // numbering.
    let black = s14
        .pass_turn()
        .with_options(NardyOptions::UNCONDITIONAL_FIRST_TURN);
    out.push_str(&format!("\n{black}\n"));
    out
}

#[test]
fn long_nardy_board_and_plays_match_the_golden_file() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/golden/long-nardy.txt");
    let text = render();
    if std::env::var_os("GAMMON_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert_eq!(
        text, golden,
        "rerun with GAMMON_UPDATE_GOLDEN=1 if the change is intended"
    );
}
