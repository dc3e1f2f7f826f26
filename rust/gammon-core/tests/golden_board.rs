//! Golden text of the ASCII board (the `Display` of a position): the files in
//! `tests/data/golden/board/`, shared with pytest. Each file starts with `#` lines naming the
//! position (`variant`, `turn`, `id`); the rest is the expected drawing. Set
//! `GAMMON_UPDATE_GOLDEN=1` to rewrite the drawings after an intended change.

use std::path::PathBuf;

use gammon_core::{Color, Variant, VariantPosition};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/golden/board")
}

/// Splits a golden file into its header lines and the expected drawing.
fn split(text: &str) -> (Vec<&str>, String) {
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    let body: Vec<&str> = text.lines().skip(header.len()).collect();
    (header, body.join("\n"))
}

fn field<'a>(header: &[&'a str], key: &str) -> &'a str {
    header
        .iter()
        .find_map(|l| {
            l.strip_prefix('#')?
                .trim()
                .strip_prefix(key)?
                .strip_prefix(':')
        })
        .map(str::trim)
        .unwrap_or_else(|| panic!("golden file lacks '# {key}:'"))
}

#[test]
fn ascii_boards_match_the_golden_files() {
    let update = std::env::var("GAMMON_UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    let mut files: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/data/golden/board exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "golden board files missing: {files:?}");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable golden file");
        let (header, expected) = split(&text);
        let variant: Variant = field(&header, "variant").parse().expect("variant");
        let turn: Color = field(&header, "turn").parse().expect("color");
        let id = field(&header, "id");
        let pos = VariantPosition::from_id(id, variant, turn).expect("valid position ID");
        let drawn = pos.to_string();
        if update {
            std::fs::write(path, format!("{}\n{drawn}\n", header.join("\n")))
                .expect("writable golden file");
        } else if drawn != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}\n--- drawn\n{drawn}",
                path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "boards differ from the golden files (GAMMON_UPDATE_GOLDEN=1 rewrites them):\n{}",
        failures.join("\n")
    );
}
