//! What the trainer's integration tests share.

use gammon_train::Config;

/// The small config of `train/tiny.conf` (8 hidden units, 40 games): fast enough for tests.
pub fn tiny() -> Config {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../train/tiny.conf"
    ))
    .unwrap();
    Config::parse(&text).unwrap()
}
