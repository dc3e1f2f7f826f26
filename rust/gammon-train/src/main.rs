//! `gammon-train`: runs, resumes and exports TD(λ) self-play training runs.
//!
//! ```text
//! gammon-train run CONFIG RUN_DIR        train (resuming RUN_DIR/checkpoint.bin if present)
//! gammon-train export CHECKPOINT OUT     write the checkpoint's nets as a weights file
//! gammon-train strength CONFIG FILE N    measure a checkpoint or weights file over N games
//! ```
//!
//! `run` appends to `RUN_DIR/log.txt` (and prints) the games done, games a second and, every
//! `eval_every` games, the strength against pubeval (backgammon) or `random` (Long Nardy). It
//! writes `RUN_DIR/checkpoint.bin` atomically every `checkpoint_seconds` and at the end, and
//! refuses a checkpoint made under another config.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gammon_core::eval::net::NetEvaluator;
use gammon_train::{Config, Trainer};

/// Seed of the strength measurements (never a training seed).
const EVAL_SEED: u64 = 0xe5a1_0000;

fn log(dir: &Path, line: &str) {
    println!("{line}");
    if let Ok(mut f) = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("log.txt"))
    {
        let _ = writeln!(f, "{line}");
    }
}

fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (h, m, s) = ((secs / 3600) % 24, (secs / 60) % 60, secs % 60);
    format!("{h:02}:{m:02}:{s:02}Z")
}

fn read_config(path: &str) -> Result<Config, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    Config::parse(&text).map_err(|e| format!("{path}: {e}"))
}

fn run(config_path: &str, dir: &str) -> Result<(), String> {
    let config = read_config(config_path)?;
    let dir = PathBuf::from(dir);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let ckpt = dir.join("checkpoint.bin");
    let mut t = Trainer::resume(config.clone(), &ckpt).map_err(|e| e.to_string())?;
    if let (Some(from), false) = (&config.init_from, ckpt.exists()) {
        let (nets, _) = load_nets(from)?;
        t.warm_start(&nets)?;
        log(&dir, &format!("{} start: nets from {from}", now()));
    }
    log(
        &dir,
        &format!(
            "{} start: config {config_path} (fingerprint {:#018x}), {} games done, target {}",
            now(),
            config.fingerprint(),
            t.games_done,
            if config.games == 0 {
                "none".to_string()
            } else {
                config.games.to_string()
            }
        ),
    );
    let started = Instant::now();
    let mut last_ckpt = Instant::now();
    let mut last_log = Instant::now();
    let mut games_at_log = t.games_done;
    loop {
        if config.games > 0 && t.games_done >= config.games {
            break;
        }
        t.train_game();
        if config.eval_every > 0 && t.games_done % config.eval_every == 0 {
            let s = t.strength(config.eval_games, EVAL_SEED);
            log(
                &dir,
                &format!("{} games {} strength {s}", now(), t.games_done),
            );
        }
        if last_log.elapsed().as_secs() >= 60 {
            let rate = (t.games_done - games_at_log) as f64 / last_log.elapsed().as_secs_f64();
            log(
                &dir,
                &format!(
                    "{} games {} rate {rate:.0} games/s alpha {:.4} elapsed {:.0} s",
                    now(),
                    t.games_done,
                    config.alpha_at(t.games_done),
                    started.elapsed().as_secs_f64()
                ),
            );
            last_log = Instant::now();
            games_at_log = t.games_done;
        }
        if last_ckpt.elapsed().as_secs() >= config.checkpoint_seconds {
            t.save(&ckpt).map_err(|e| e.to_string())?;
            last_ckpt = Instant::now();
        }
    }
    t.save(&ckpt).map_err(|e| e.to_string())?;
    log(&dir, &format!("{} done: {} games", now(), t.games_done));
    Ok(())
}

fn load_nets(path: &str) -> Result<(NetEvaluator, Option<u64>), String> {
    let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if bytes.starts_with(b"GAMMONCK") {
        let (_, games, nets) = Trainer::parse_checkpoint(&bytes).map_err(|e| e.to_string())?;
        Ok((nets, Some(games)))
    } else {
        let nets = NetEvaluator::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
        Ok((nets, None))
    }
}

fn export(ckpt: &str, out: &str) -> Result<(), String> {
    let (nets, games) = load_nets(ckpt)?;
    let bytes = nets.to_bytes();
    let tmp = format!("{out}.tmp");
    fs::write(&tmp, &bytes).map_err(|e| format!("{tmp}: {e}"))?;
    fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "wrote {out}: {} bytes, {} games of training",
        bytes.len(),
        games.map_or("?".to_string(), |g| g.to_string())
    );
    Ok(())
}

fn strength(config_path: &str, file: &str, games: &str) -> Result<(), String> {
    let config = read_config(config_path)?;
    let games: u64 = games
        .parse()
        .map_err(|_| format!("bad game count {games}"))?;
    let (nets, done) = load_nets(file)?;
    let mut t = Trainer::new(config);
    t.nets = nets;
    let started = Instant::now();
    let s = t.strength(games, EVAL_SEED ^ 0x77);
    println!(
        "{file} ({} games trained): {s} in {:.1} s",
        done.map_or("?".to_string(), |g| g.to_string()),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1).map(String::as_str) {
        Some("run") if args.len() == 4 => run(&args[2], &args[3]),
        Some("export") if args.len() == 4 => export(&args[2], &args[3]),
        Some("strength") if args.len() == 5 => strength(&args[2], &args[3], &args[4]),
        _ => Err("usage: gammon-train run CONFIG RUN_DIR | export CHECKPOINT OUT | strength CONFIG FILE GAMES".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gammon-train: {e}");
            ExitCode::FAILURE
        }
    }
}
