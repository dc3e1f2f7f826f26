//! Many matches analysed on many threads: each game is a unit of work (a game's analysis
//! needs only its own record, whose score says where the match stands), taken by the next
//! free thread; the calling thread reports progress and may stop the run.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::analysis::game::analyze_game;
use crate::analysis::record::{AnalysisError, GameLog};
use crate::analysis::stats::MatchAnalysis;
use crate::analysis::{AnalysisConfig, GameAnalysis};
use crate::eval::net::NetEvaluator;

/// What the progress callback of [`analyze_matches`] sees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisProgress {
    /// Games analysed so far.
    pub games_done: usize,
    /// Games in all the matches.
    pub games: usize,
    /// Time since the run started.
    pub elapsed: Duration,
}

/// How often the calling thread reports progress while it waits.
const TICK: Duration = Duration::from_millis(100);

/// Analyses every game of every match of `matches` with the nets of its rules family among
/// `nets` as `config` says, on
/// `threads` threads (0: one per core), and returns the matches in order. `progress` is
/// called on the calling thread after games finish and at least every 0.1 s;
/// [`ControlFlow::Break`] stops the run, which then returns `Ok(None)`. The results do not
/// depend on the number of threads.
///
/// # Errors
/// The first [`AnalysisError`] in match and game order, placed in its match and game (a game
/// of a rules family none of `nets` plays is one).
pub fn analyze_matches(
    matches: &[Vec<GameLog>],
    nets: &[&NetEvaluator],
    config: &AnalysisConfig,
    threads: usize,
    progress: &mut dyn FnMut(&AnalysisProgress) -> ControlFlow<()>,
) -> Result<Option<Vec<MatchAnalysis>>, AnalysisError> {
    let items: Vec<(usize, usize)> = matches
        .iter()
        .enumerate()
        .flat_map(|(m, games)| (0..games.len()).map(move |g| (m, g)))
        .collect();
    let total = items.len();
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, total.max(1));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut results: Vec<Option<Result<GameAnalysis, AnalysisError>>> =
        (0..total).map(|_| None).collect();
    let mut stopped = false;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Result<GameAnalysis, AnalysisError>)>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (items, next, stop) = (&items, &next, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(m, g)) = items.get(k) else {
                    break;
                };
                let log = &matches[m][g];
                let family = log.start.position.variant().family();
                let r = match nets.iter().find(|n| n.family == family).or(nets.first()) {
                    Some(n) => analyze_game(log, n, config),
                    None => Err(AnalysisError::wrong_net("no nets to analyse with")),
                };
                if r.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                if tx.send((k, r)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut done = 0;
        let mut last = Instant::now();
        loop {
            match rx.recv_timeout(TICK) {
                Ok((k, r)) => {
                    results[k] = Some(r);
                    done += 1;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if done == total || last.elapsed() >= TICK {
                last = Instant::now();
                let p = AnalysisProgress {
                    games_done: done,
                    games: total,
                    elapsed: start.elapsed(),
                };
                if progress(&p).is_break() {
                    stopped = true;
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    let mut games = results.into_iter();
    let mut out = Vec::with_capacity(matches.len());
    let mut complete = true;
    for (m, logs) in matches.iter().enumerate() {
        let mut analysed = Vec::with_capacity(logs.len());
        for g in 0..logs.len() {
            match games.next().flatten() {
                Some(Ok(a)) => analysed.push(a),
                Some(Err(e)) => return Err(e.in_game(g).in_match(m)),
                None => complete = false,
            }
        }
        out.push(MatchAnalysis::from_games(analysed, config.plies));
    }
    if stopped || !complete {
        return Ok(None);
    }
    Ok(Some(out))
}
