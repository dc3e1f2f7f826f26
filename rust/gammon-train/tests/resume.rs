//! Checkpoint and resume: an interrupted run continues to the same weights.

mod common;

use common::tiny;
use gammon_train::{Config, Trainer};

#[test]
fn interrupted_and_resumed_run_gives_the_same_weights_as_an_uninterrupted_one() {
    let config = tiny();
    let mut straight = Trainer::new(config.clone());
    straight.train_until(config.games);

    let dir = std::env::temp_dir().join(format!("gammon-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("checkpoint.bin");
    let _ = std::fs::remove_file(&ckpt);
    let mut first = Trainer::resume(config.clone(), &ckpt).unwrap();
    assert_eq!(first.games_done, 0);
    first.train_until(17);
    first.save(&ckpt).unwrap();
    drop(first);
    let mut second = Trainer::resume(config.clone(), &ckpt).unwrap();
    assert_eq!(second.games_done, 17);
    second.train_until(config.games);
    assert_eq!(second.nets, straight.nets);
    assert_eq!(second.checkpoint_bytes(), straight.checkpoint_bytes());

    // Training changed the weights at all (the comparison above is not of two fresh nets).
    assert_ne!(Trainer::new(config.clone()).nets, straight.nets);

    // A checkpoint of another config is refused.
    let mut other = config.clone();
    other.seed += 1;
    let err = Trainer::resume(other, &ckpt).err().unwrap();
    assert!(err.to_string().contains("another config"), "{err}");

    // A damaged checkpoint is refused.
    let mut bytes = std::fs::read(&ckpt).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&ckpt, &bytes).unwrap();
    let err = Trainer::resume(config, &ckpt).err().unwrap();
    assert!(err.to_string().contains("checksum"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn config_errors_name_the_line_and_key() {
    let err = Config::parse("variant = backgammon\nhidden 3\n").unwrap_err();
    assert_eq!(err.line, 2);
    let err = Config::parse("variant = backgammon\nencoding = contact\n").unwrap_err();
    assert!(err.message.contains("hidden is missing"), "{err}");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../train/tiny.conf"
    ))
    .unwrap();
    let err = Config::parse(&format!("{text}\nbogus = 1\n")).unwrap_err();
    assert!(err.message.contains("unknown key bogus"), "{err}");
}
