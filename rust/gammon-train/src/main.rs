//! `gammon-train`: runs, resumes and exports TD(λ) self-play training runs.
//!
//! ```text
//! gammon-train run CONFIG RUN_DIR        train (resuming RUN_DIR/checkpoint.bin if present)
//! gammon-train export CHECKPOINT OUT     write the checkpoint's nets as a weights file
//! gammon-train strength CONFIG FILE N    measure a checkpoint or weights file over N games
//! gammon-train average OUT IN IN..        average the weights of checkpoints or weights files
//! gammon-train label NETS OUT GAMES [plies=1 seed=1 alt=500 top=4 threads=1 chunk=200 filter=0
//!                  rollout=0 depth=10 siblings=0 walker=NETS]
//!                                         label the positions of GAMES games (resumes OUT)
//! gammon-train fit INIT DIR LABELS[,LABELS..] [epochs=8 alpha=0.003 alpha_final=0.0005
//!                  seed=1 holdout=20 eval_games=20000 loss=mse temp=0.05 beta=0.2 regret=0 sane=0
//!                  labeller=INIT[,NETS..] opt=sgd batch=64]
//!                                         train INIT's nets on labelled positions (resumes)
//! gammon-train judge DB [filter=0 plies=1 prune=K pruner=FILE screen=S zero=K] NETS..
//!                                         score nets' plays on judged decisions
//! gammon-train prune TEACHER OUT [games=3000 holdout=200 encoding=tdgammon hidden=16 epochs=8
//!                  alpha=0.003 alpha_final=0.0003 temp=0.05 beta=1 batch=64 seed=1]
//!                                         a pruning net for TEACHER's contact positions
//! gammon-train grow IN OUT [hidden=N encoding=NAME seed=1 init_scale=0.5]
//!                                         the contact net of IN grown to N hidden units
//!                                         and a later encoding, computing the same values
//! ```
//!
//! `label` and `fit` are the supervised stage ([`gammon_train::supervised`]): `label` plays
//! GAMES games with NETS at 0 ply and writes their after-states with the values NETS gives them
//! searched `plies` deeper, in chunks of `chunk` games, appending to OUT (an interrupted run
//! resumes after its last complete chunk); `alt` per mille of turns also label one of the `top`
//! next best candidates; `filter=K` (with `plies=2`) chooses the opponent's replies at 1 ply
//! among its K best at 0 ply ([`gammon_train::supervised::filtered_two_ply`]); `rollout=T`
//! labels each position instead with the mean of T rollouts by a 1-ply player (its move
//! filter `filter`, 3 when 0) cut off after `depth` plies
//! ([`gammon_train::supervised::rollout_value`]); `siblings=K` labels each turn's K best plays
//! at 0 ply (distinct boards) instead of the chosen one and `alt`'s; `walker=W` has other
//! nets, W, play the games and choose the siblings at 0 ply, NETS still labelling them (a
//! teacher's labels on its student's games). `fit` takes
//! `epochs` passes over the samples (the last `holdout` per mille, the latest games, held
//! out), the learning rate falling geometrically from `alpha` to `alpha_final`, and writes `DIR/epoch-K.gnet` after each pass with a line in `DIR/log.txt`
//! (held-out errors; with `loss=rank` also the agreement of as many training decisions, to
//! tell overfitting from what the nets cannot fit; strength over `eval_games` games against
//! pubeval or `random`); it resumes
//! after the last epoch written. `loss=rank` fits `siblings` labels decision by decision
//! ([`gammon_train::supervised::rank_epoch`]: a listwise ranking loss at temperature `temp`
//! plus `beta` times the squared error, plus `regret` times the expected loss of the nets'
//! softmax choice by the labels; `sane=1` ranks the equity the policy ranks by, after
//! `sanity`), the decisions found by replaying the labelled games
//! with `labeller`, the nets that played them: those that labelled them, or their `walker`
//! (by default INIT; a comma-separated list when the files' games were played by different
//! nets, each file matched to its nets by the CRC it keeps). `opt=adam` steps by Adam over batches of `batch` samples
//! ([`gammon_train::optim::Optimizer`]; `alpha` is then Adam's step size; its state is written
//! beside each epoch as `DIR/epoch-K.adam`, from which a resumed fit continues exactly)
//! instead of one plain gradient step a sample.
//!
//! `judge` ([`gammon_train::judge`]) plays every decision of DB (`experiments/judge_db.py` writes
//! them) with each of NETS (at 0 ply; with `filter=K` at 1 ply, or `plies=P` ply, among its K best
//! at 0 ply: `filter=8 plies=2` is the ranking fit's teacher) and prints the mean equity its plays
//! lose against the judge's best, by position class, and each net's difference from the first one
//! on the same decisions. `prune=K` plays them as the searched `"net"` policy does instead
//! (gnubg's normal filter, `plies` 1 or 2), its replies pruned to K a roll by the shipped
//! pruning net or `pruner=FILE` (`prune=0`: not pruned). `zero=K` plays them at 0 ply as the
//! `"net"` policy does, choosing among the shipped pruning net's K best plays in contact
//! (`NetPolicy::with_zero_ply_prune`; `zero=0`: every play valued by the nets). With `prune`,
//! `screen=S` has pubeval keep its best S replies of a roll for the pruning net
//! (`NetPolicy::with_prune_screen`; `screen=0`: no screen). `prune`, `screen` and `zero` take
//! comma-separated lists, each setting (each pruning with each screen) judged against the first.
//!
//! `prune` ([`gammon_train::prune`]) trains a small net on the decisions of TEACHER's own 0-ply
//! games (every distinct play of each contact turn, labelled by TEACHER at 0 ply) to rank a
//! roll's plays as TEACHER does, and writes it to OUT (a weights file with one net), printing
//! after each epoch how often TEACHER's best play is among the pruning net's k best on the
//! held-out games' decisions.
//!
//! `run` appends to `RUN_DIR/log.txt` (and prints) the games done, games a second and, every
//! `eval_every` games, the strength against pubeval (backgammon) or `random` (Long Nardy). It
//! writes `RUN_DIR/checkpoint.bin` atomically every `checkpoint_seconds` and at the end, and
//! refuses a checkpoint made under another config. With `snapshot_every = N` it also keeps a
//! copy of the checkpoint every N games as `RUN_DIR/snapshots/games-G.bin` (G a multiple of N),
//! the inputs of a reproducible `average`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gammon_core::encode::Encoding;
use gammon_core::eval::net::NetEvaluator;
use gammon_core::{Backgammon, Nardy, Pubeval, Random, RulesFamily};
use gammon_train::optim::Optimizer;
use gammon_train::supervised::{
    chunk_bytes, errors, fit_epoch, label_walked_range, nets_crc, open_labels, rank_epoch,
    ranking_errors, read_labels, shuffled, sibling_groups, LabelsHeader, RankLoss, Sample,
};
use gammon_train::{strength_vs, Config, Strength, Trainer};

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
        if config.snapshot_every > 0 && t.games_done % config.snapshot_every == 0 {
            let snaps = dir.join("snapshots");
            let path = snaps.join(format!("games-{}.bin", t.games_done));
            fs::create_dir_all(&snaps)
                .map_err(|e| format!("{}: {e}", snaps.display()))
                .and_then(|()| t.save(&path).map_err(|e| e.to_string()))?;
            log(
                &dir,
                &format!(
                    "{} games {} snapshot {}",
                    now(),
                    t.games_done,
                    path.display()
                ),
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
    nets_of(path, &bytes)
}

/// The nets of a checkpoint's or weights file's bytes (read from `path`), with the games of
/// training a checkpoint records.
fn nets_of(path: &str, bytes: &[u8]) -> Result<(NetEvaluator, Option<u64>), String> {
    if bytes.starts_with(b"GAMMONCK") {
        let (_, games, nets) = Trainer::parse_checkpoint(bytes).map_err(|e| e.to_string())?;
        Ok((nets, Some(games)))
    } else {
        let nets = NetEvaluator::from_bytes(bytes).map_err(|e| format!("{path}: {e}"))?;
        Ok((nets, None))
    }
}

/// The nets of the weights file or checkpoint at `path` and the CRC-32 that labels files keep
/// of them ([`nets_crc`]).
fn nets_and_crc(path: &str) -> Result<(NetEvaluator, u32), String> {
    let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Ok((nets_of(path, &bytes)?.0, nets_crc(&bytes)))
}

/// Writes `bytes` to `out` through `out.tmp` and a rename, so that `out` is never half written.
fn write_replacing(out: &str, bytes: &[u8]) -> Result<(), String> {
    let tmp = format!("{out}.tmp");
    fs::write(&tmp, bytes).map_err(|e| format!("{tmp}: {e}"))?;
    fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))
}

fn export(ckpt: &str, out: &str) -> Result<(), String> {
    let (nets, games) = load_nets(ckpt)?;
    let bytes = nets.to_bytes();
    write_replacing(out, &bytes)?;
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

/// `key=value` options after the positional arguments, each with its default.
struct Options(Vec<(&'static str, String)>);

impl Options {
    /// Reads `args` against `defaults` (every key a command knows, with its default).
    fn parse(args: &[String], defaults: &[(&'static str, &str)]) -> Result<Options, String> {
        let mut vals: Vec<(&'static str, String)> =
            defaults.iter().map(|&(k, v)| (k, v.to_string())).collect();
        for a in args {
            let (k, v) = a
                .split_once('=')
                .ok_or(format!("expected key=value, got {a:?}"))?;
            let slot = vals
                .iter_mut()
                .find(|(key, _)| *key == k)
                .ok_or(format!("unknown option {k}"))?;
            slot.1 = v.to_string();
        }
        Ok(Options(vals))
    }

    /// The value of `key`, read as a `T`.
    fn get<T: std::str::FromStr>(&self, key: &str) -> Result<T, String> {
        let v = self
            .0
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, v)| v.as_str());
        v.parse()
            .map_err(|_| format!("{key}={v}: not a valid {}", std::any::type_name::<T>()))
    }
}

fn label(nets_path: &str, out: &str, games: &str, opts: &[String]) -> Result<(), String> {
    let games: u64 = games
        .parse()
        .map_err(|_| format!("bad game count {games}"))?;
    let o = Options::parse(
        opts,
        &[
            ("plies", "1"),
            ("seed", "1"),
            ("alt", "500"),
            ("top", "4"),
            ("threads", "1"),
            ("chunk", "200"),
            ("filter", "0"),
            ("rollout", "0"),
            ("depth", "10"),
            ("siblings", "0"),
            ("walker", ""),
        ],
    )?;
    let (nets, crc) = nets_and_crc(nets_path)?;
    let walker_path: String = o.get("walker")?;
    let walker = if walker_path.is_empty() {
        None
    } else {
        let walker = nets_and_crc(&walker_path)?;
        if walker.0.family != nets.family {
            return Err(format!(
                "{walker_path}: the walker plays another game than {nets_path}"
            ));
        }
        Some(walker)
    };
    let header = LabelsHeader {
        family: nets.family,
        checkers: 15,
        plies: o.get("plies")?,
        seed: o.get("seed")?,
        alt_per_mille: o.get("alt")?,
        top: o.get("top")?,
        nets_crc: crc,
        reply_filter: o.get("filter")?,
        rollout_trials: o.get("rollout")?,
        rollout_depth: o.get("depth")?,
        siblings: o.get("siblings")?,
        walker_crc: walker.as_ref().map_or(0, |w| w.1),
    };
    if header.plies == 0 || header.plies > 3 {
        return Err("plies must be 1, 2 or 3".into());
    }
    if header.reply_filter > 0 && header.plies != 2 && header.rollout_trials == 0 {
        return Err("filter=K (replies chosen at 1 ply among the K best) needs plies=2".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.get::<usize>("threads")?.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let chunk = o.get::<u64>("chunk")?.max(1);
    let path = PathBuf::from(out);
    let (mut file, mut next) = open_labels(&path, header)?;
    let walks = walker.as_ref().map_or(&nets, |w| &w.0);
    let started = Instant::now();
    let first = next;
    let mut samples_done = 0usize;
    println!("{} label {out}: games {next}..{games}, {header:?}", now());
    while next < games {
        let end = (next + chunk).min(games);
        let samples: Vec<Sample> =
            pool.install(|| label_walked_range(&nets, walks, &header, next..end));
        let n = u32::try_from(end - next).map_err(|e| e.to_string())?;
        file.write_all(&chunk_bytes(next, n, &samples))
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("{out}: {e}"))?;
        samples_done += samples.len();
        next = end;
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{} games {next} samples +{samples_done} ({:.0} samples/s, {:.1} games/s)",
            now(),
            samples_done as f64 / secs,
            (next - first) as f64 / secs
        );
    }
    Ok(())
}

fn strength_of(nets: &NetEvaluator, games: u64) -> Strength {
    match nets.family {
        RulesFamily::Backgammon => {
            strength_vs::<Backgammon, _>(nets, &Pubeval::new(), games, EVAL_SEED ^ 0x77)
        }
        RulesFamily::LongNardy => strength_vs::<Nardy, _>(nets, &Random, games, EVAL_SEED ^ 0x77),
    }
}

fn fit(init: &str, dir: &str, labels: &str, opts: &[String]) -> Result<(), String> {
    let o = Options::parse(
        opts,
        &[
            ("epochs", "8"),
            ("alpha", "0.003"),
            ("alpha_final", "0.0005"),
            ("seed", "1"),
            ("holdout", "20"),
            ("eval_games", "20000"),
            ("loss", "mse"),
            ("temp", "0.05"),
            ("beta", "0.2"),
            ("regret", "0"),
            ("sane", "0"),
            ("labeller", init),
            ("opt", "sgd"),
            ("batch", "64"),
        ],
    )?;
    let batch: usize = o.get("batch")?;
    let adam = match o.get::<String>("opt")?.as_str() {
        "sgd" => false,
        "adam" if batch > 0 => true,
        "adam" => return Err("batch must be 1 or more".into()),
        other => return Err(format!("opt={other}: sgd or adam")),
    };
    let rank = match o.get::<String>("loss")?.as_str() {
        "mse" => false,
        "rank" => true,
        other => return Err(format!("loss={other}: mse or rank")),
    };
    let (temp, beta, regret): (f32, f32, f32) = (o.get("temp")?, o.get("beta")?, o.get("regret")?);
    if rank && !(temp > 0.0 && beta >= 0.0 && regret >= 0.0) {
        return Err("temp must be above 0, beta and regret 0 or more".into());
    }
    let sane = match o.get::<String>("sane")?.as_str() {
        "0" => false,
        "1" => true,
        other => return Err(format!("sane={other}: 0 or 1")),
    };
    let rank_loss = RankLoss {
        temp,
        beta,
        regret,
        sane,
    };
    let (epochs, alpha, alpha_final): (u32, f32, f32) =
        (o.get("epochs")?, o.get("alpha")?, o.get("alpha_final")?);
    let (seed, holdout, eval_games): (u64, f64, u64) =
        (o.get("seed")?, o.get("holdout")?, o.get("eval_games")?);
    if !((0.0..1000.0).contains(&holdout) && alpha > 0.0 && alpha_final > 0.0) {
        return Err("holdout must be 0..1000 per mille, alpha and alpha_final above 0".into());
    }
    let dir = PathBuf::from(dir);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut samples = Vec::new();
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    // The nets that played the files' games (labelled them, or walked them), each known by
    // the CRC its labels files keep.
    let mut labellers = Vec::new();
    let labeller_paths: String = o.get("labeller")?;
    if rank {
        for path in labeller_paths.split(',') {
            labellers.push(nets_and_crc(path)?);
        }
    }
    let mut checkers = None;
    for file in labels.split(',') {
        let l = read_labels(Path::new(file))?;
        if rank {
            let played_by = l.header.played_by();
            let Some((nets, _)) = labellers.iter().find(|(_, crc)| *crc == played_by) else {
                return Err(format!(
                    "{file}'s games were played by other nets than {labeller_paths}: name them with labeller=PATH[,PATH..] (the labelling nets, or the walker= of the labelling)"
                ));
            };
            let at = samples.len();
            let g = sibling_groups(nets, &l).map_err(|e| format!("{file}: {e}"))?;
            groups.extend(g.into_iter().map(|r| r.start + at..r.end + at));
        }
        if *checkers.get_or_insert(l.header.checkers) != l.header.checkers {
            return Err(format!("{file}: another number of checkers"));
        }
        log(
            &dir,
            &format!(
                "{} labels {file}: {} samples of {} games, {:?}",
                now(),
                l.samples.len(),
                l.next_game,
                l.header
            ),
        );
        samples.extend(l.samples);
    }
    let checkers = checkers.unwrap_or(15);
    // Held out: the latest games' samples (with loss=rank, whole decisions).
    let held_groups = ((groups.len() as f64) * holdout / 1000.0) as usize;
    let (train_groups, test_groups) = groups.split_at(groups.len() - held_groups);
    let held = if rank {
        samples.len() - test_groups.first().map_or(samples.len(), |r| r.start)
    } else {
        ((samples.len() as f64) * holdout / 1000.0) as usize
    };
    let (train, test) = samples.split_at(samples.len() - held);
    // Resume after the last epoch written.
    let mut start = 0;
    let mut nets = load_nets(init)?.0;
    for e in (1..=epochs).rev() {
        let p = dir.join(format!("epoch-{e}.gnet"));
        if p.exists() {
            nets = load_nets(&p.to_string_lossy())?.0;
            start = e;
            break;
        }
    }
    let report = |nets: &NetEvaluator, e: u32, secs: f64| {
        let (mse, mae) = errors(nets, checkers, test);
        let ranking = if rank {
            let r = ranking_errors(nets, checkers, &samples, test_groups);
            // As many of the latest training decisions: a gap between the two is
            // overfitting; none, with the held-out figures stuck, is what the nets cannot hold.
            let seen = &train_groups[train_groups.len().saturating_sub(test_groups.len())..];
            let t = ranking_errors(nets, checkers, &samples, seen);
            format!(
                "; {} held-out decisions: best sibling agreed {:.1}%, loss by the labels {:.5}, chosen sibling overrated by {:+.4}; as many training decisions: agreed {:.1}%, loss {:.5}",
                test_groups.len(),
                100.0 * r.agree,
                r.loss,
                r.chosen_bias,
                100.0 * t.agree,
                t.loss
            )
        } else {
            String::new()
        };
        let s = strength_of(nets, eval_games);
        log(
            &dir,
            &format!(
                "{} epoch {e} ({secs:.0} s): held-out {} samples mse {mse:.5} equity mae {mae:.4}{ranking}; strength {s}",
                now(),
                test.len()
            ),
        );
    };
    if start == 0 {
        log(
            &dir,
            &format!(
                "{} fit {init}: {} training samples, {} held out, {epochs} epochs, alpha {alpha} -> {alpha_final}, seed {seed}",
                now(),
                train.len(),
                test.len()
            ),
        );
        report(&nets, 0, 0.0);
    }
    // Adam's state is kept beside each epoch's weights: a resumed fit continues it.
    let mut opt = if adam {
        Optimizer::adam(&nets, batch)
    } else {
        Optimizer::sgd()
    };
    if adam && start > 0 {
        let p = dir.join(format!("epoch-{start}.adam"));
        let bytes = fs::read(&p).map_err(|e| {
            format!(
                "{}: {e} (an opt=adam fit resumes from the optimizer state it wrote)",
                p.display()
            )
        })?;
        opt.restore(&bytes)
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    for e in start + 1..=epochs {
        let t = Instant::now();
        let frac = if epochs > 1 {
            (e - 1) as f32 / (epochs - 1) as f32
        } else {
            0.0
        };
        let a = alpha * (alpha_final / alpha).powf(frac);
        if rank {
            let order = shuffled(
                train_groups.len(),
                seed ^ u64::from(e).wrapping_mul(0x9e37_79b9),
            );
            rank_epoch(
                &mut nets,
                checkers,
                &samples,
                train_groups,
                &order,
                a,
                rank_loss,
                &mut opt,
            );
        } else {
            let order = shuffled(train.len(), seed ^ u64::from(e).wrapping_mul(0x9e37_79b9));
            fit_epoch(&mut nets, checkers, train, &order, a, &mut opt);
        }
        // The state first: an epoch's weights on disk mean its state is there too.
        if let Some(state) = opt.state_bytes() {
            write_replacing(
                &dir.join(format!("epoch-{e}.adam")).to_string_lossy(),
                &state,
            )?;
        }
        write_replacing(
            &dir.join(format!("epoch-{e}.gnet")).to_string_lossy(),
            &nets.to_bytes(),
        )?;
        report(&nets, e, t.elapsed().as_secs_f64());
    }
    Ok(())
}

fn judge(db: &str, args: &[String]) -> Result<(), String> {
    // Leading `filter=K` and `plies=P`: the nets play at P ply (1 by default) among their K
    // best at 0 ply.
    // With `prune=K` (0: off) the nets play as the searched `"net"` policy does (gnubg's
    // normal filter, `plies` deep), its replies pruned by the shipped pruning net or by
    // `pruner=FILE`, keeping K a roll.
    let (mut filter, mut plies, mut nets) = (0usize, 1u32, args);
    let (mut prune, mut pruner): (Option<Vec<usize>>, Option<String>) = (None, None);
    // With `zero=K` the nets play at 0 ply as the `"net"` policy does, among the shipped
    // pruning net's K best plays (0: all).
    let mut zero: Option<Vec<usize>> = None;
    // With `screen=S` (a list, like `prune=K`) pubeval keeps its best S replies of a roll for
    // the pruning net (0: no screen); each screen is tried with each pruning.
    let mut screen: Vec<usize> = vec![gammon_core::DEFAULT_PRUNE_SCREEN];
    while let Some((key, value)) = nets.first().and_then(|a| a.split_once('=')) {
        let bad = || format!("{key}={value}: not a number");
        match key {
            "filter" => filter = value.parse().map_err(|_| bad())?,
            "plies" => plies = value.parse().map_err(|_| bad())?,
            "prune" => {
                prune = Some(
                    value
                        .split(',')
                        .map(|k| k.parse().map_err(|_| bad()))
                        .collect::<Result<_, _>>()?,
                )
            }
            "pruner" => pruner = Some(value.to_string()),
            "screen" => {
                screen = value
                    .split(',')
                    .map(|k| k.parse().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?
            }
            "zero" => {
                zero = Some(
                    value
                        .split(',')
                        .map(|k| k.parse().map_err(|_| bad()))
                        .collect::<Result<_, _>>()?,
                )
            }
            _ => {
                return Err(format!(
                    "{key}={value}: judge takes filter=K, plies=P, prune=K, pruner=FILE, screen=S and zero=K"
                ))
            }
        }
        nets = &nets[1..];
    }
    let searched = prune.is_some();
    if searched && zero.is_some() {
        return Err("prune=K and zero=K do not go together".into());
    }
    if searched && !(1..=2).contains(&plies) {
        return Err("with prune=K plies must be 1 or 2".into());
    }
    if !searched && zero.is_none() && (!(1..=3).contains(&plies) || (plies != 1 && filter == 0)) {
        return Err("plies must be 1, 2 or 3, and deeper than 1 only with filter=K".into());
    }
    let pruner: Option<&'static NetEvaluator> = match &pruner {
        Some(path) => Some(Box::leak(Box::new(load_nets(path)?.0))),
        None => None,
    };
    use gammon_train::judge::{losses, mean_se, parse_db, policy_losses};
    let text = fs::read_to_string(db).map_err(|e| format!("{db}: {e}"))?;
    let decisions = parse_db(&text).map_err(|e| format!("{db}: {e}"))?;
    let mut classes: Vec<&str> = decisions.iter().map(|d| d.class.as_str()).collect();
    classes.sort_unstable();
    classes.dedup();
    println!("{db}: {} decisions", decisions.len());
    let mut first: Option<Vec<f64>> = None;
    // Each net, at each pruning asked (a comma-separated list: every one against the first).
    let keeps: Vec<(Option<usize>, usize)> = match (prune.as_ref(), zero.as_ref()) {
        (Some(k), _) => k
            .iter()
            .flat_map(|&k| screen.iter().map(move |&s| (Some(k), s)))
            .collect(),
        (None, Some(k)) => k.iter().map(|&k| (Some(k), 0)).collect(),
        (None, None) => vec![(None, 0)],
    };
    let setting = if zero.is_some() { "zero" } else { "prune" };
    for path in nets {
        let (n, _) = load_nets(path)?;
        let n = std::sync::Arc::new(n);
        for &(keep, screen) in &keeps {
            let started = cpu_seconds();
            let l = if let (Some(keep), true) = (keep, zero.is_some()) {
                let policy = gammon_core::NetPolicy::new(n.clone())
                    .with_zero_ply_prune(keep)
                    .map_err(|e| e.to_string())?;
                policy_losses(&policy, &decisions)
            } else if let Some(keep) = keep {
                let mut policy = gammon_core::NetPolicy::new(n.clone())
                    .with_plies(plies)
                    .with_prune(keep)
                    .map_err(|e| e.to_string())?
                    .with_prune_screen(screen);
                if let (Some(p), true) = (pruner, keep > 0) {
                    policy = policy.with_pruner(p, keep);
                }
                policy_losses(&policy, &decisions)
            } else {
                losses(&n, &decisions, filter, plies)
            }
            .map_err(|e| format!("{path}: {e}"))?;
            let (m, se) = mean_se(&l);
            let mut line = match keep {
                Some(k) if searched => format!(
                    "{path} {setting}={k} screen={screen}: mean loss {m:.5} ± {se:.5} ({:.2} CPU s)",
                    cpu_seconds() - started
                ),
                Some(k) => format!(
                    "{path} {setting}={k}: mean loss {m:.5} ± {se:.5} ({:.2} CPU s)",
                    cpu_seconds() - started
                ),
                None => format!("{path}: mean loss {m:.5} ± {se:.5}"),
            };
            for c in &classes {
                let lc: Vec<f64> = decisions
                    .iter()
                    .zip(&l)
                    .filter(|(d, _)| d.class == *c)
                    .map(|(_, x)| *x)
                    .collect();
                line += &format!("  {c} {:.5} ({})", mean_se(&lc).0, lc.len());
            }
            if let Some(f) = &first {
                let diff: Vec<f64> = l.iter().zip(f).map(|(a, b)| a - b).collect();
                let (dm, dse) = mean_se(&diff);
                line += &format!("  minus the first: {dm:+.5} ± {dse:.5}");
            } else {
                first = Some(l);
            }
            println!("{line}");
        }
    }
    Ok(())
}

/// CPU seconds this process has used (user and system), for the cost of a judged search.
fn cpu_seconds() -> f64 {
    fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1.split_whitespace().collect::<Vec<_>>();
            let ticks: f64 =
                rest.get(11)?.parse::<f64>().ok()? + rest.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(0.0)
}

fn prune(teacher: &str, out: &str, opts: &[String]) -> Result<(), String> {
    let o = Options::parse(
        opts,
        &[
            ("games", "3000"),
            ("holdout", "200"),
            ("encoding", "tdgammon"),
            ("hidden", "16"),
            ("epochs", "8"),
            ("alpha", "0.003"),
            ("alpha_final", "0.0003"),
            ("temp", "0.05"),
            ("beta", "1"),
            ("batch", "64"),
            ("seed", "1"),
        ],
    )?;
    let name: String = o.get("encoding")?;
    let encoding =
        Encoding::from_name(&name).ok_or(format!("encoding={name}: no such encoding"))?;
    let options = gammon_train::prune::PruneOptions {
        games: o.get("games")?,
        holdout: o.get("holdout")?,
        encoding,
        hidden: o.get("hidden")?,
        epochs: o.get("epochs")?,
        alpha: o.get("alpha")?,
        alpha_final: o.get("alpha_final")?,
        loss: RankLoss::new(o.get("temp")?, o.get("beta")?),
        batch: o.get("batch")?,
        seed: o.get("seed")?,
    };
    if options.hidden == 0 || options.hidden > gammon_core::eval::net::MAX_HIDDEN {
        return Err("hidden must be between 1 and 256".into());
    }
    let (nets, _) = load_nets(teacher)?;
    if nets.family != RulesFamily::Backgammon {
        return Err(format!("{teacher}: pruning nets are for backgammon nets"));
    }
    let t = Instant::now();
    let pruner = gammon_train::prune::train_pruning_net(&nets, &options, |e, _, shares| {
        let s: Vec<String> = shares
            .iter()
            .enumerate()
            .map(|(k, x)| format!("k={} {:.4}", k + 1, x))
            .collect();
        println!(
            "epoch {e}: teacher's best among the k best (held out): {} ({:.0} s)",
            s.join(", "),
            t.elapsed().as_secs_f64()
        );
    });
    write_replacing(out, &pruner.to_bytes())?;
    println!("wrote {out}");
    Ok(())
}

fn average(out: &str, inputs: &[String]) -> Result<(), String> {
    let nets = inputs
        .iter()
        .map(|p| load_nets(p).map(|n| n.0))
        .collect::<Result<Vec<_>, _>>()?;
    let avg = gammon_train::average_nets(&nets)?;
    write_replacing(out, &avg.to_bytes())?;
    println!("wrote {out}: the mean of {} nets", nets.len());
    Ok(())
}

fn grow(input: &str, out: &str, opts: &[String]) -> Result<(), String> {
    let o = Options::parse(
        opts,
        &[
            ("hidden", "0"),
            ("encoding", ""),
            ("seed", "1"),
            ("init_scale", "0.5"),
        ],
    )?;
    let (hidden, seed, init_scale): (usize, u64, f32) =
        (o.get("hidden")?, o.get("seed")?, o.get("init_scale")?);
    let nets = load_nets(input)?.0;
    let hidden = if hidden == 0 {
        nets.contact.hidden
    } else {
        hidden
    };
    let name: String = o.get("encoding")?;
    let encoding = if name.is_empty() {
        nets.contact.encoding
    } else {
        Encoding::from_name(&name).ok_or(format!("encoding={name}: no such encoding"))?
    };
    let grown = gammon_train::grow_contact(&nets, hidden, encoding, init_scale, seed)?;
    write_replacing(out, &grown.to_bytes())?;
    println!(
        "wrote {out}: contact net grown from {} to {hidden} hidden units, {} to {} inputs ({})",
        nets.contact.hidden,
        nets.contact.inputs(),
        grown.contact.inputs(),
        encoding.name()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1).map(String::as_str) {
        Some("run") if args.len() == 4 => run(&args[2], &args[3]),
        Some("export") if args.len() == 4 => export(&args[2], &args[3]),
        Some("strength") if args.len() == 5 => strength(&args[2], &args[3], &args[4]),
        Some("average") if args.len() >= 4 => average(&args[2], &args[3..]),
        Some("label") if args.len() >= 5 => label(&args[2], &args[3], &args[4], &args[5..]),
        Some("judge") if args.len() >= 4 => judge(&args[2], &args[3..]),
        Some("fit") if args.len() >= 5 => fit(&args[2], &args[3], &args[4], &args[5..]),
        Some("grow") if args.len() >= 4 => grow(&args[2], &args[3], &args[4..]),
        Some("prune") if args.len() >= 4 => prune(&args[2], &args[3], &args[4..]),
        _ => Err("usage: gammon-train run CONFIG RUN_DIR | export CHECKPOINT OUT | strength CONFIG FILE GAMES | average OUT IN.. | label NETS OUT GAMES [key=value..] | fit INIT DIR LABELS [key=value..] | judge DB NETS.. | grow IN OUT [key=value..] | prune TEACHER OUT [key=value..]".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gammon-train: {e}");
            ExitCode::FAILURE
        }
    }
}
