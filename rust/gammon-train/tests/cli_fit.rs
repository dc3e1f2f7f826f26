//! `gammon-train fit loss=rank` pools labels files of different labellers: each file is
//! matched to its labeller by the nets CRC it keeps, and a file whose labeller is not named is
//! refused with its name; `opt=adam` fits by Adam.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gammon_train(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gammon-train"))
        .args(args)
        .output()
        .expect("gammon-train runs")
}

fn repo_file(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel);
    assert!(p.exists(), "{} is in the repository", p.display());
    p.to_string_lossy().into_owned()
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gammon-cli-fit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_ranking_fit_pools_files_of_two_labellers_each_matched_by_its_crc() {
    let shipped = repo_file("rust/gammon-core/nets/backgammon.gnet");
    let older = repo_file("train/nets/bg-rank1-2120.gnet");
    let dir = scratch();
    let a = dir.join("a.lbl").to_string_lossy().into_owned();
    let b = dir.join("b.lbl").to_string_lossy().into_owned();
    for (nets, out, seed) in [(&shipped, &a, "seed=1"), (&older, &b, "seed=2")] {
        let o = gammon_train(&[
            "label",
            nets,
            out,
            "2",
            "plies=1",
            "siblings=3",
            "chunk=1",
            seed,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let files = format!("{a},{b}");
    let fit = |dir: &str, labeller: &str| {
        gammon_train(&[
            "fit",
            &shipped,
            dir,
            &files,
            "loss=rank",
            "epochs=1",
            "eval_games=10",
            "holdout=300",
            labeller,
        ])
    };

    // One labeller named: b.lbl's labeller is not among them.
    let one = dir.join("one").to_string_lossy().into_owned();
    let o = fit(&one, &format!("labeller={shipped}"));
    assert!(!o.status.success(), "b.lbl's labeller was not named");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("b.lbl") && err.contains("played by other nets"),
        "{err}"
    );

    // Both named, in either order: the fit reads both files and writes its epoch.
    let both = dir.join("both").to_string_lossy().into_owned();
    let o = fit(&both, &format!("labeller={older},{shipped}"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let log = std::fs::read_to_string(Path::new(&both).join("log.txt")).unwrap();
    assert!(log.contains("a.lbl") && log.contains("b.lbl"), "{log}");
    assert!(log.contains("epoch 1 "), "{log}");
    assert!(Path::new(&both).join("epoch-1.gnet").exists());
    // Each epoch's line sets the training decisions' agreement beside the held-out ones'.
    let line = log.lines().find(|l| l.contains("epoch 1 ")).unwrap();
    let agreed: f64 = line
        .split("as many training decisions: agreed ")
        .nth(1)
        .and_then(|r| r.split('%').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no training decisions' agreement: {line}"));
    assert!((0.0..=100.0).contains(&agreed), "{line}");

    // The same fit by Adam writes other weights; an unknown optimizer or an empty batch is
    // refused, naming the option.
    let labellers = format!("labeller={older},{shipped}");
    let adam_fit = |out: &str, opt: &str, batch: &str| {
        gammon_train(&[
            "fit",
            &shipped,
            out,
            &files,
            "loss=rank",
            "epochs=1",
            "eval_games=10",
            "holdout=300",
            &labellers,
            opt,
            batch,
        ])
    };
    let adam = dir.join("adam").to_string_lossy().into_owned();
    let o = adam_fit(&adam, "opt=adam", "batch=8");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let weights = |d: &str| std::fs::read(Path::new(d).join("epoch-1.gnet")).unwrap();
    assert_ne!(weights(&adam), weights(&both));
    // An interrupted Adam fit (its second epoch lost) resumes from the state it kept beside
    // the first epoch and writes the same second epoch; without that state it refuses.
    let two = dir.join("two").to_string_lossy().into_owned();
    let fit2 = || {
        gammon_train(&[
            "fit",
            &shipped,
            &two,
            &files,
            "loss=rank",
            "epochs=2",
            "eval_games=10",
            "holdout=300",
            &labellers,
            "opt=adam",
            "batch=8",
        ])
    };
    let o = fit2();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let epoch = |k: u32, ext: &str| Path::new(&two).join(format!("epoch-{k}.{ext}"));
    let second = std::fs::read(epoch(2, "gnet")).unwrap();
    assert!(epoch(1, "adam").exists());
    std::fs::remove_file(epoch(2, "gnet")).unwrap();
    std::fs::remove_file(epoch(2, "adam")).unwrap();
    let o = fit2();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::read(epoch(2, "gnet")).unwrap() == second,
        "the resumed epoch differs"
    );
    std::fs::remove_file(epoch(2, "gnet")).unwrap();
    std::fs::remove_file(epoch(1, "adam")).unwrap();
    let o = fit2();
    assert!(!o.status.success(), "resumed without the optimizer state");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("epoch-1.adam"), "{err}");

    for (opt, batch, named) in [
        ("opt=nadam", "batch=8", "opt=nadam"),
        ("opt=adam", "batch=0", "batch"),
    ] {
        let o = adam_fit(&dir.join("bad").to_string_lossy(), opt, batch);
        assert!(!o.status.success(), "{opt} {batch}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(named), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grow_writes_a_wider_net_and_refuses_to_shrink() {
    let shipped = repo_file("rust/gammon-core/nets/backgammon.gnet");
    // Not `scratch()`: it empties the directory the other test of this process works in.
    let dir = std::env::temp_dir().join(format!("gammon-cli-grow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("wide.gnet").to_string_lossy().into_owned();
    let o = gammon_train(&["grow", &shipped, &out, "hidden=112", "seed=5"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("to 112 hidden units"));
    let wide = gammon_core::eval::net::NetEvaluator::from_bytes(&std::fs::read(&out).unwrap())
        .expect("the grown file loads");
    assert_eq!(wide.contact.hidden, 112);

    // A later encoding: the added inputs start with zero weights.
    let o = gammon_train(&["grow", &shipped, &out, "encoding=contact-shape"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shaped = gammon_core::eval::net::NetEvaluator::from_bytes(&std::fs::read(&out).unwrap())
        .expect("the grown file loads");
    assert_eq!(shaped.contact.encoding.name(), "contact-shape");
    let (old_in, h) = (wide.contact.inputs(), shaped.contact.hidden);
    assert!(shaped.contact.inputs() > old_in);
    assert!(shaped.contact.w1[old_in * h..].iter().all(|&w| w == 0.0));
    let o = gammon_train(&["grow", &shipped, &out, "encoding=tdgammon"]);
    assert!(!o.status.success(), "an earlier encoding is refused");
    let o = gammon_train(&["grow", &shipped, &out, "encoding=bogus"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("encoding=bogus"));

    // Fewer units than the net has, or an unknown option, is an error naming it.
    let o = gammon_train(&["grow", &shipped, &out, "hidden=8"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("do not fit in 8"));
    let o = gammon_train(&["grow", &shipped, &out, "width=200"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown option width"));
    let _ = std::fs::remove_dir_all(&dir);
}
