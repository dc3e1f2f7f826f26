//! Runs numbered items of work (games, matches) in chunks on a pool of threads and merges the
//! chunks' totals **in item order**: the engine of the simulations ([`crate::run::simulate`]).
//!
//! The design is the rollouts' ([`mod@crate::run::rollout`]): item `i` must depend on its index only
//! (its dice come from `(seed, i)`), and the totals merge associatively, so the result is the
//! same for any thread count and chunk size. The calling thread merges finished chunks in
//! order, reports progress at least every 100 ms and applies the stop rules (the progress
//! callback returning [`ControlFlow::Break`], a time limit, a failed item, and a rule on the
//! merged totals checked after each chunk in order, such as a rollout's target standard
//! error); a stopped batch keeps exactly the items of a prefix of its range.

use std::collections::BTreeMap;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::play::game::GameError;

/// Totals of a chunk of items that merge exactly: merging the chunks of a range in order
/// gives the totals of the whole range.
pub trait Totals: Default + Send {
    /// Adds the items of `other`, which come right after this chunk's.
    fn merge(&mut self, other: Self);
}

/// The most worker threads a run may ask for (the Python layer refuses more).
pub const MAX_THREADS: usize = 1024;

/// How a batch is run. Results never depend on `threads` or `chunk_size`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchConfig {
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Items per chunk (the unit of work, progress and stopping), at least 1.
    pub chunk_size: u64,
    /// Stop after this many seconds, keeping the chunks finished in order.
    pub max_seconds: Option<f64>,
}

/// What the progress callback sees.
#[derive(Clone, Copy, Debug)]
pub struct BatchProgress<'a, T> {
    /// Items finished so far (a prefix of the range).
    pub done: u64,
    /// Items in the range.
    pub total: u64,
    /// The totals of the finished items.
    pub totals: &'a T,
    /// Time since the batch started.
    pub elapsed: Duration,
}

/// The progress callback of [`run_batch`]: [`ControlFlow::Break`] stops the batch.
pub type BatchCallback<'a, T> = dyn FnMut(&BatchProgress<'_, T>) -> ControlFlow<()> + 'a;

/// The result of [`run_batch`].
#[derive(Clone, Debug, PartialEq)]
pub struct BatchRun<T> {
    /// The items done: a prefix of the range asked for.
    pub items: Range<u64>,
    /// Their totals.
    pub totals: T,
    /// Why the batch stopped.
    pub stop: StopReason,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
}

/// How often the calling thread reports progress and checks the clock while waiting.
const TICK: Duration = Duration::from_millis(100);

enum ChunkOutcome<T> {
    Done(T),
    Abandoned,
    Failed(u64, GameError),
}

/// Runs the items of one chunk; abandons it as soon as `should_stop` (asked before every
/// item) says so.
fn run_chunk<S, T, W, F>(
    worker: &mut S,
    items: Range<u64>,
    work: &W,
    mut should_stop: F,
) -> ChunkOutcome<T>
where
    T: Totals,
    W: Fn(&mut S, u64, &mut T) -> Result<(), GameError>,
    F: FnMut() -> bool,
{
    let mut totals = T::default();
    for i in items {
        if should_stop() {
            return ChunkOutcome::Abandoned;
        }
        if let Err(e) = work(worker, i, &mut totals) {
            return ChunkOutcome::Failed(i, e);
        }
    }
    ChunkOutcome::Done(totals)
}

/// The items of chunk `c` of `range` in chunks of `chunk_size`, for `c` below the chunk count.
///
/// Never wraps: a range that ends near `u64::MAX` or a chunk size near it keeps every item
/// (`start + chunk_size` must not wrap to a small number and drop the chunk).
fn chunk_items(range: &Range<u64>, chunk_size: u64, c: u64) -> Range<u64> {
    // c < ceil(len / chunk_size), so c * chunk_size < len and `a` stays inside the range.
    let a = range.start + c * chunk_size;
    a..a.saturating_add(chunk_size).min(range.end)
}

/// Merges finished chunks in order and decides when to stop.
struct Merger<'a, T> {
    rule: &'a dyn Fn(&T) -> Option<StopReason>,
    range: Range<u64>,
    chunk_size: u64,
    max_seconds: Option<f64>,
    started: Instant,
    totals: T,
    done: u64,
    merged: u64,
    stop: Option<StopReason>,
}

impl<T: Totals> Merger<'_, T> {
    fn chunk_range(&self, c: u64) -> Range<u64> {
        chunk_items(&self.range, self.chunk_size, c)
    }

    fn merge(&mut self, totals: T) {
        let r = self.chunk_range(self.merged);
        self.totals.merge(totals);
        self.done += r.end - r.start;
        self.merged += 1;
        if let Some(reason) = (self.rule)(&self.totals) {
            self.stop.get_or_insert(reason);
        }
    }

    fn absorb(&mut self, outcome: ChunkOutcome<T>) -> Option<T> {
        match outcome {
            ChunkOutcome::Done(t) => return Some(t),
            // Only the deadline abandons a chunk before `stop` is set.
            ChunkOutcome::Abandoned => {
                self.stop.get_or_insert(StopReason::MaxSeconds);
            }
            ChunkOutcome::Failed(i, e) => {
                self.stop.get_or_insert(StopReason::Failed(i, e));
            }
        }
        None
    }

    fn tick(&mut self, progress: &mut BatchCallback<'_, T>) {
        let elapsed = self.started.elapsed();
        let p = BatchProgress {
            done: self.done,
            total: self.range.end - self.range.start,
            totals: &self.totals,
            elapsed,
        };
        if progress(&p).is_break() {
            self.stop.get_or_insert(StopReason::Interrupted);
        }
        if let Some(limit) = self.max_seconds {
            if elapsed.as_secs_f64() >= limit {
                self.stop.get_or_insert(StopReason::MaxSeconds);
            }
        }
    }

    fn finish(self, threads: usize) -> BatchRun<T> {
        let start = self.range.start;
        let all_done = self.done == self.range.end - self.range.start;
        // An interrupt or the clock that comes after the last item does not make the batch
        // interrupted: every item was done. A failure, or the stop rule met on
        // the last chunk, is still reported.
        let stop = match self.stop {
            Some(StopReason::Interrupted | StopReason::MaxSeconds) | None if all_done => {
                StopReason::Completed
            }
            other => other.unwrap_or(StopReason::Completed),
        };
        BatchRun {
            items: start..start + self.done,
            totals: self.totals,
            stop,
            elapsed: self.started.elapsed(),
            threads,
        }
    }
}

/// Runs `work` for every item of `items` and returns the merged totals.
///
/// Each worker thread makes its own state with `new_worker` (for example a
/// [`crate::GameRunner`]) and calls `work(state, i, totals)` for the items of its chunks,
/// adding item `i`'s result to the chunk's totals. After each chunk is merged (in order),
/// `rule` may stop the batch with a reason, so that where it stops does not depend on the
/// thread count. `progress` is called on the calling thread after chunks are merged and at
/// least every 100 ms.
///
/// # Errors
/// [`BatchError::ZeroChunk`] for a chunk size of 0; [`BatchError::ThreadPool`] when the
/// worker threads cannot be started. A failing item is not an error: the batch stops with
/// [`StopReason::Failed`] and keeps the items before its chunk.
pub fn run_batch<S, T, N, W>(
    items: Range<u64>,
    config: &BatchConfig,
    new_worker: N,
    work: W,
    rule: &dyn Fn(&T) -> Option<StopReason>,
    progress: &mut BatchCallback<'_, T>,
) -> Result<BatchRun<T>, BatchError>
where
    T: Totals,
    N: Fn() -> S + Sync,
    W: Fn(&mut S, u64, &mut T) -> Result<(), GameError> + Sync,
{
    if config.chunk_size == 0 {
        return Err(BatchError::ZeroChunk);
    }
    let started = Instant::now();
    let deadline = config
        .max_seconds
        .map(|s| started + Duration::from_secs_f64(s.clamp(0.0, 1e9)));
    let len = items.end.saturating_sub(items.start);
    let n_chunks = len.div_ceil(config.chunk_size);
    let mut merger = Merger {
        rule,
        range: items.start..items.start + len,
        chunk_size: config.chunk_size,
        max_seconds: config.max_seconds,
        started,
        totals: T::default(),
        done: 0,
        merged: 0,
        stop: None,
    };
    let threads = if config.threads == 0 {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        config.threads
    };
    let threads = threads.min(n_chunks.max(1) as usize);

    if threads <= 1 {
        // One worker: the chunk runs on the calling thread, which still reports progress and
        // applies the stop rules every 100 ms *inside* the chunk, so that an interrupt or the
        // callback stops it at once however large the chunk.
        let mut worker = new_worker();
        merger.tick(progress);
        let mut next_tick = Instant::now() + TICK;
        while merger.merged < n_chunks && merger.stop.is_none() {
            let range = merger.chunk_range(merger.merged);
            let out = run_chunk(&mut worker, range, &work, || {
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) {
                    return true;
                }
                if now >= next_tick {
                    next_tick = now + TICK;
                    merger.tick(progress);
                }
                merger.stop.is_some()
            });
            if let Some(t) = merger.absorb(out) {
                merger.merge(t);
            }
            merger.tick(progress);
            next_tick = Instant::now() + TICK;
        }
        return Ok(merger.finish(1));
    }

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("gammon-batch-{i}"))
        .build()
        .map_err(|e| BatchError::ThreadPool {
            threads,
            reason: e.to_string(),
        })?;
    let next = AtomicU64::new(0);
    // Chunks from `cap` on are not started: set to a failed chunk, whose predecessors are
    // still finished and merged.
    let cap = AtomicU64::new(n_chunks);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, ChunkOutcome<T>)>();
    pool.in_place_scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, cap, stop, work, new_worker) = (&next, &cap, &stop, &work, &new_worker);
            let (range, chunk) = (merger.range.clone(), config.chunk_size);
            s.spawn(move |_| {
                let mut worker = new_worker();
                loop {
                    let c = next.fetch_add(1, Ordering::Relaxed);
                    if c >= cap.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let items = chunk_items(&range, chunk, c);
                    let out = run_chunk(&mut worker, items, work, || {
                        stop.load(Ordering::Relaxed)
                            || deadline.is_some_and(|d| Instant::now() >= d)
                    });
                    if tx.send((c, out)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending: BTreeMap<u64, T> = BTreeMap::new();
        let mut failed: Option<(u64, StopReason)> = None;
        merger.tick(progress);
        while merger.merged < n_chunks && merger.stop.is_none() {
            match rx.recv_timeout(TICK) {
                Ok((c, ChunkOutcome::Done(t))) => {
                    pending.insert(c, t);
                }
                Ok((_, ChunkOutcome::Abandoned)) => {
                    merger.stop.get_or_insert(StopReason::MaxSeconds);
                }
                Ok((c, ChunkOutcome::Failed(i, e))) => {
                    if failed.as_ref().map_or(true, |(first, _)| c < *first) {
                        failed = Some((c, StopReason::Failed(i, e)));
                        cap.fetch_min(c, Ordering::Relaxed);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            while merger.stop.is_none() {
                if let Some((c, reason)) = failed {
                    if merger.merged == c {
                        merger.stop = Some(reason);
                        break;
                    }
                }
                let Some(t) = pending.remove(&merger.merged) else {
                    break;
                };
                merger.merge(t);
            }
            merger.tick(progress);
        }
        stop.store(true, Ordering::Relaxed);
        drop(rx);
    });
    Ok(merger.finish(threads))
}

/// Why a batch (a rollout or a simulation) stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Every game of the range was played.
    Completed,
    /// The progress callback asked to stop (an interrupt).
    Interrupted,
    /// The time limit (`max_seconds`) ran out.
    MaxSeconds,
    /// The target standard error was reached.
    TargetStdError,
    /// A game could not be played (for example a policy stopped it): the game index and why.
    Failed(u64, GameError),
}

impl StopReason {
    /// A short name: `"completed"`, `"interrupted"`, `"max_seconds"`, `"target_std_error"`,
    /// `"failed"`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            StopReason::Completed => "completed",
            StopReason::Interrupted => "interrupted",
            StopReason::MaxSeconds => "max_seconds",
            StopReason::TargetStdError => "target_std_error",
            StopReason::Failed(..) => "failed",
        }
    }
}

/// A batch (a rollout or a simulation) could not be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The chunk size is zero.
    #[error("chunk_size must be at least 1")]
    ZeroChunk,
    /// The worker pool could not be built.
    #[error("cannot start {threads} worker threads: {reason}")]
    ThreadPool {
        /// Threads asked for.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
}

/// The standard error of the mean of `n` values with sum `sum` and sum of squares `sum_sq`
/// (the sample standard deviation over the square root of `n`); infinite below two values.
/// The one formula of every run statistic (rollouts, matches, money games).
#[must_use]
pub fn std_error_of_mean(n: u64, sum: f64, sum_sq: f64) -> f64 {
    if n < 2 {
        return f64::INFINITY;
    }
    let n = n as f64;
    let mean = sum / n;
    let var = (sum_sq / n - mean * mean).max(0.0) * n / (n - 1.0);
    (var / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The items seen, in order, and their sum.
    #[derive(Default, Debug, PartialEq)]
    struct Seen(Vec<u64>);

    impl Totals for Seen {
        fn merge(&mut self, mut other: Seen) {
            self.0.append(&mut other.0);
        }
    }

    fn run(items: Range<u64>, threads: usize, chunk_size: u64) -> BatchRun<Seen> {
        let config = BatchConfig {
            threads,
            chunk_size,
            max_seconds: None,
        };
        let work = |_: &mut (), i: u64, t: &mut Seen| {
            t.0.push(i * i);
            Ok(())
        };
        run_batch(items, &config, || (), work, &|_| None, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
    }

    #[test]
    fn chunks_merge_in_item_order_for_any_thread_count_and_chunk_size() {
        let base = run(5..300, 1, 1000);
        assert_eq!(base.totals.0, (5..300).map(|i| i * i).collect::<Vec<_>>());
        assert_eq!(base.items, 5..300);
        for (threads, chunk) in [(2, 1), (3, 7), (2, 64)] {
            let other = run(5..300, threads, chunk);
            assert_eq!(
                other.totals, base.totals,
                "{threads} threads, chunks of {chunk}"
            );
            assert_eq!(other.stop, StopReason::Completed);
        }
    }

    #[test]
    fn an_interrupt_or_a_failure_keeps_a_prefix_of_the_items() {
        let config = BatchConfig {
            threads: 2,
            chunk_size: 10,
            max_seconds: None,
        };
        let work = |_: &mut (), i: u64, t: &mut Seen| {
            if i == 95 {
                return Err(GameError::PolicyStopped);
            }
            t.0.push(i);
            Ok(())
        };
        let r = run_batch(0..1000, &config, || (), work, &|_| None, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(r.stop, StopReason::Failed(95, GameError::PolicyStopped));
        assert_eq!(r.items, 0..90);
        assert_eq!(r.totals.0, (0..90).collect::<Vec<_>>());
        let r = run_batch(0..100_000, &config, || (), work, &|_| None, &mut |p| {
            if p.done >= 30 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(r.stop, StopReason::Interrupted);
        assert_eq!(r.totals.0, (r.items.start..r.items.end).collect::<Vec<_>>());
        assert!(r.items.end >= 30 && r.items.end % 10 == 0);
    }

    #[test]
    fn the_stop_rule_stops_at_the_same_chunk_for_any_thread_count() {
        let work = |_: &mut (), i: u64, t: &mut Seen| {
            t.0.push(i);
            Ok(())
        };
        // Stop once the items seen sum past 1,000: after the chunk that ends at 50.
        let rule =
            |t: &Seen| (t.0.iter().sum::<u64>() > 1000).then_some(StopReason::TargetStdError);
        for threads in [1, 2, 3] {
            let config = BatchConfig {
                threads,
                chunk_size: 10,
                max_seconds: None,
            };
            let r = run_batch(0..10_000, &config, || (), work, &rule, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(r.stop, StopReason::TargetStdError);
            assert_eq!(r.items, 0..50, "{threads} threads");
        }
    }

    #[test]
    fn a_chunk_size_of_zero_is_refused_and_an_empty_range_completes() {
        let config = BatchConfig {
            threads: 1,
            chunk_size: 0,
            max_seconds: None,
        };
        let work = |_: &mut (), _: u64, _: &mut Seen| Ok(());
        let err = run_batch(0..1, &config, || (), work, &|_| None, &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(err.unwrap_err(), BatchError::ZeroChunk);
        let r = run(7..7, 2, 3);
        assert_eq!((r.items, r.stop), (7..7, StopReason::Completed));
    }

    /// Ranges that end near `u64::MAX`, and chunk sizes near it, keep every item.
    #[test]
    fn d1_ranges_near_u64_max_and_huge_chunks_keep_every_item() {
        let work = |_: &mut (), i: u64, t: &mut Seen| {
            t.0.push(i);
            Ok(())
        };
        let cases = [
            (u64::MAX - 51..u64::MAX - 1, 1, 1000),
            (u64::MAX - 51..u64::MAX - 1, 2, 1000),
            (u64::MAX - 50..u64::MAX, 2, 7),
            (1..51, 1, u64::MAX - 1),
            (1..51, 2, u64::MAX),
        ];
        for (items, threads, chunk_size) in cases {
            let config = BatchConfig {
                threads,
                chunk_size,
                max_seconds: None,
            };
            let r = run_batch(items.clone(), &config, || (), work, &|_| None, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(r.stop, StopReason::Completed);
            assert_eq!(r.items, items, "{threads} threads, chunks of {chunk_size}");
            assert_eq!(r.totals.0, items.collect::<Vec<_>>());
        }
    }

    /// With one worker (`threads = 1`, or a single chunk), the callback is still
    /// asked every 100 ms while a chunk runs, and its stop abandons the chunk.
    #[test]
    fn d6_the_callback_stops_a_single_huge_chunk_on_one_thread() {
        let work = |_: &mut (), i: u64, t: &mut Seen| {
            // A little work per item, so that the whole range would take many seconds.
            let mut x = i;
            for _ in 0..200 {
                x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
            }
            t.0.push(x & 1);
            Ok(())
        };
        for (threads, chunk_size) in [(1, 1_000_000_000), (2, u64::MAX), (1, 50_000_000)] {
            let config = BatchConfig {
                threads,
                chunk_size,
                max_seconds: None,
            };
            let mut calls = 0;
            let r = run_batch(
                0..1_000_000_000,
                &config,
                || (),
                work,
                &|_| None,
                &mut |_| {
                    calls += 1;
                    // The first call comes before any item; the second while the chunk runs.
                    if calls >= 2 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            )
            .unwrap();
            assert_eq!(r.stop, StopReason::Interrupted, "{threads} threads");
            assert_eq!(r.items, 0..0, "{threads} threads, chunks of {chunk_size}");
            assert!(r.totals.0.is_empty());
        }
    }

    /// The time limit also ends a single huge chunk on one thread.
    #[test]
    fn d6_the_time_limit_stops_a_single_huge_chunk_on_one_thread() {
        let config = BatchConfig {
            threads: 1,
            chunk_size: u64::MAX,
            max_seconds: Some(0.05),
        };
        let work = |_: &mut (), _: u64, _: &mut Seen| {
            std::thread::sleep(Duration::from_micros(50));
            Ok(())
        };
        let r = run_batch(0..u64::MAX, &config, || (), work, &|_| None, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!((r.stop, r.items), (StopReason::MaxSeconds, 0..0));
    }

    /// An interrupt that comes after the last item leaves the batch completed.
    #[test]
    fn d10_an_interrupt_after_the_last_item_reports_completed() {
        for threads in [1, 2] {
            let config = BatchConfig {
                threads,
                chunk_size: 10,
                max_seconds: None,
            };
            let work = |_: &mut (), i: u64, t: &mut Seen| {
                t.0.push(i);
                Ok(())
            };
            let r = run_batch(0..100, &config, || (), work, &|_| None, &mut |p| {
                if p.done == p.total {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
            assert_eq!((r.stop, r.items), (StopReason::Completed, 0..100));
        }
    }
}
