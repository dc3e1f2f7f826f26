//! `gammon-train run` with `snapshot_every`: the snapshots are taken at fixed game counts, so
//! an interrupted run keeps the same ones as an uninterrupted run.

mod common;

use std::process::Command;

use gammon_train::Trainer;

/// Runs `gammon-train run CONFIG DIR` with `games` games in all and `snapshot_every = 10`.
fn run_to(dir: &std::path::Path, games: u64) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../train/tiny.conf"
    ))
    .unwrap()
    .replace("games = 40", &format!("games = {games}"))
        + "snapshot_every = 10\n";
    let conf = dir.join("tiny.conf");
    std::fs::write(&conf, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gammon-train"))
        .arg("run")
        .arg(&conf)
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn snapshots_at_fixed_game_counts_survive_an_interruption() {
    let dir = std::env::temp_dir().join(format!("gammon-train-snaps-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Stopped after 25 games (between two snapshots), then resumed to 40.
    run_to(&dir, 25);
    run_to(&dir, 40);
    let mut names: Vec<String> = std::fs::read_dir(dir.join("snapshots"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "games-10.bin",
            "games-20.bin",
            "games-30.bin",
            "games-40.bin"
        ]
    );
    // Each is the checkpoint of an uninterrupted run at that count.
    let mut straight = Trainer::new(common::tiny());
    for n in [10, 20, 30, 40] {
        straight.train_until(n);
        let snap = std::fs::read(dir.join(format!("snapshots/games-{n}.bin"))).unwrap();
        assert_eq!(snap, straight.checkpoint_bytes(), "snapshot at {n} games");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
