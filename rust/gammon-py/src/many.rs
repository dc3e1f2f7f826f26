//! Rollouts of several positions on common dice (the core's `rollout_many`) as Python sees
//! them: `_play_many` runs them with the GIL released and returns a `ManyRolloutResult`, whose
//! rollouts, exact sums of products and paired differences live here; its checkpoint file is
//! the core's `ManyFile`.

use gammon_core::eval::bearoff::{BearoffEvaluator, NardyBearoffEvaluator};
use gammon_core::eval::Evaluator;
use gammon_core::{
    position_seed, rollout_many, Backgammon, BackgammonPolicy, ByColor, Color, CompareConfig,
    CompareProgress, CompareRun, CompareTotals, Contender, EvalLuck, FirstRoll, GameRules, Luck,
    ManyFile, Nardy, NardyTruncation, PlyTruncation, Policy, Ranges, Referee, RunRecord,
    StandardReferee, Stop, Tally, Truncation, VariantPosition,
};
use numpy::PyArray2;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::{checkpoint_error, game_error, rollout_error, InvalidInputError};
use crate::rollout::{nardy_policy, run_detached, side_policy, SidePolicy, ToPython};
use crate::rollout_result::PyRolloutResult;
use crate::run_results::{plus_minus, stop_of, RunEnd};
use crate::run_setup::PySetup;

/// The result of ``gammon.rollout_many``: a rollout per position and their differences.
///
/// ``results`` holds one ``RolloutResult`` per position; ``difference(i, j)`` gives the
/// difference between the equities of the players on roll in positions ``i`` and ``j`` with
/// its standard error. That error comes from the per-game differences (the exact sums of the
/// products of the games' points are kept, not the games), so on common dice it reflects the
/// luck the positions share cancelling out.
#[pyclass(frozen, name = "ManyRolloutResult", module = "gammon._core")]
pub struct PyManyRolloutResult {
    setups: Vec<Py<PySetup>>,
    records: Vec<RunRecord<Tally>>,
    totals: CompareTotals,
    seed: u64,
    common_dice: bool,
}

impl PyManyRolloutResult {
    fn games_done(&self) -> u64 {
        self.totals.games()
    }

    fn index(&self, name: &str, v: &Bound<'_, PyAny>) -> PyResult<usize> {
        let k = self.records.len() as i64;
        let i = crate::convert::int_in(v, 0, u64::MAX)
            .map(|x| x as i64)
            .or_else(|| {
                (!v.is_instance_of::<pyo3::types::PyBool>())
                    .then(|| v.extract::<i64>().ok())
                    .flatten()
            })
            .filter(|&i| (-k..k).contains(&i));
        i.map(|i| i.rem_euclid(k) as usize).ok_or_else(|| {
            InvalidInputError::new_err(format!(
                "{name} must be a position index in 0..{}, not {}",
                k - 1,
                crate::convert::repr(v)
            ))
        })
    }

    fn copy(&self, py: Python<'_>) -> PyManyRolloutResult {
        PyManyRolloutResult {
            setups: self.setups.iter().map(|s| s.clone_ref(py)).collect(),
            records: self.records.clone(),
            totals: self.totals.clone(),
            seed: self.seed,
            common_dice: self.common_dice,
        }
    }
}

#[pymethods]
impl PyManyRolloutResult {
    /// The rollout of each position, in the order given.
    #[getter]
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let items = self
            .setups
            .iter()
            .zip(&self.records)
            .map(|(s, r)| {
                Bound::new(
                    py,
                    PyRolloutResult {
                        setup: s.clone_ref(py),
                        record: r.clone(),
                        extra: None,
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, items)
    }

    /// Games played from each position (game *i* of each with the same dice when
    /// ``common_dice``).
    #[getter]
    fn games(&self) -> u64 {
        self.games_done()
    }

    /// The master seed (each position's own with independent dice derives from it).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// True when every position was played on the same dice (one seed).
    #[getter]
    fn common_dice(&self) -> bool {
        self.common_dice
    }

    /// True when Ctrl-C stopped the rollouts.
    #[getter]
    fn interrupted(&self) -> bool {
        self.records
            .first()
            .is_some_and(|r| r.stop == Stop::Interrupted)
    }

    /// ``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``.
    #[getter]
    fn stop_reason(&self) -> &'static str {
        self.records.first().map_or("completed", |r| r.stop.name())
    }

    /// Worker threads used.
    #[getter]
    fn threads(&self) -> u64 {
        self.records.first().map_or(1, |r| r.threads)
    }

    /// Wall-clock seconds.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.records.first().map_or(0.0, |r| r.elapsed)
    }

    /// The game indices covered (the same for every position), as half-open intervals.
    #[getter]
    fn ranges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let r = self.records.first().map(|r| r.ranges.clone());
        let r = r.unwrap_or_else(|| Ranges::of(0..0));
        PyTuple::new(
            py,
            r.ranges()
                .iter()
                .map(|x| (x.start, x.end))
                .collect::<Vec<_>>(),
        )
    }

    /// ``cross[i][j]``: the sum over the games of the points of position ``i`` times those of
    /// ``j``, exactly, in units of ``1/ONE**2`` (the diagonal is each rollout's
    /// ``tally.points_sq``).
    #[getter]
    fn cross<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let k = self.totals.positions();
        let rows = (0..k)
            .map(|a| PyTuple::new(py, (0..k).map(|b| self.totals.cross(a, b))))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, rows)
    }

    /// The equity of position ``i`` minus that of ``j``, and its standard error. Raises
    /// ``InvalidInputError`` for an index out of range.
    fn difference(&self, i: &Bound<'_, PyAny>, j: &Bound<'_, PyAny>) -> PyResult<(f64, f64)> {
        let (a, b) = (self.index("i", i)?, self.index("j", j)?);
        Ok(self.totals.difference(a, b))
    }

    /// ``(K, K)`` array: entry ``[i, j]`` is ``difference(i, j)``'s value.
    #[getter]
    fn differences<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let k = self.totals.positions();
        let rows: Vec<Vec<f64>> = (0..k)
            .map(|a| (0..k).map(|b| self.totals.difference(a, b).0).collect())
            .collect();
        PyArray2::from_vec2(py, &rows).map_err(|e| InvalidInputError::new_err(e.to_string()))
    }

    /// ``(K, K)`` array: entry ``[i, j]`` is the standard error of the difference ``i - j``.
    #[getter]
    fn difference_std_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let k = self.totals.positions();
        let rows: Vec<Vec<f64>> = (0..k)
            .map(|a| (0..k).map(|b| self.totals.difference(a, b).1).collect())
            .collect();
        PyArray2::from_vec2(py, &rows).map_err(|e| InvalidInputError::new_err(e.to_string()))
    }

    /// Both comparisons' games (ranges of one comparison, played apart): exact.
    fn merge(&self, py: Python<'_>, other: &Bound<'_, PyManyRolloutResult>) -> PyResult<Self> {
        let o = other.get();
        if o.records.len() != self.records.len() || o.seed != self.seed {
            return Err(InvalidInputError::new_err(
                "only comparisons of the same positions and seed merge",
            ));
        }
        let records = self
            .records
            .iter()
            .zip(&o.records)
            .map(|(a, b)| a.merge(b).map_err(|e| InvalidInputError::new_err(e.0)))
            .collect::<PyResult<Vec<_>>>()?;
        let mut totals = self.totals.clone();
        totals.add(&o.totals);
        Ok(PyManyRolloutResult {
            records,
            totals,
            ..self.copy(py)
        })
    }

    /// ``self`` with the stop reason, time, threads and games asked for of the run.
    fn _finished(&self, py: Python<'_>, end: RunEnd) -> PyResult<Self> {
        let mut out = self.copy(py);
        for r in &mut out.records {
            end.finish(r)?;
        }
        Ok(out)
    }

    /// The text of the checkpoint file of this comparison (games ``first .. first + games``;
    /// a comparison starts at game 0).
    fn _checkpoint(&self, first: u64, games: u64) -> PyResult<String> {
        if first != 0 {
            return Err(InvalidInputError::new_err("a comparison starts at game 0"));
        }
        Ok(self.file(games).to_text())
    }

    /// The games of every position held (the run driver's progress; no estimate).
    #[getter]
    fn _done(&self) -> (u64, f64, f64) {
        (self.games_done(), f64::NAN, 0.0)
    }

    /// Pickling: the checkpoint text and the objects of each position's setup.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let objects = me
            .setups
            .iter()
            .map(|s| s.get().objects(py))
            .collect::<PyResult<Vec<_>>>()?;
        // The file wants at least one game asked for; each record keeps its own.
        let games = me.records.first().map_or(1, |r| r.games_requested.max(1));
        let state = (me.file(games).to_text(), objects);
        Ok((
            slf.getattr("_restore")?,
            PyTuple::new(py, [state.into_pyobject(py)?.into_any()])?,
        ))
    }

    /// Rebuilds a pickled result (unpickling only).
    #[staticmethod]
    fn _restore(
        py: Python<'_>,
        state: (String, Vec<crate::run_setup::ObjectsState>),
    ) -> PyResult<Self> {
        let (text, objects) = state;
        let file = ManyFile::from_bytes(text.as_bytes(), "pickle")
            .map_err(|e| InvalidInputError::new_err(e.0))?;
        let setups = file
            .records
            .iter()
            .zip(objects)
            .map(|(r, o)| Py::new(py, PySetup::with_objects(py, r.setup.clone(), o)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Self::of_file(setups, file))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyManyRolloutResult>().is_ok_and(|o| {
            let o = o.get();
            o.seed == self.seed
                && o.common_dice == self.common_dice
                && o.totals == self.totals
                && o.records.len() == self.records.len()
                && o.records
                    .iter()
                    .zip(&self.records)
                    .all(|(a, b)| a.setup == b.setup && a.ranges == b.ranges && a.tally == b.tally)
        })
    }

    fn __str__(&self) -> String {
        let dice = if self.common_dice {
            "common dice"
        } else {
            "independent dice"
        };
        let mut lines = vec![format!(
            "{} positions, {} games each on {dice}",
            self.records.len(),
            crate::run_results::commas(self.games_done())
        )];
        for (i, r) in self.records.iter().enumerate() {
            let (d, se) = self.totals.difference(i, 0);
            lines.push(format!(
                "  {i:>2} {}  equity {}  vs 0: {} (standard error {})",
                r.setup.position.id(),
                plus_minus(r.tally.equity(), r.tally.std_error()),
                crate::run_results::fixed(d, 4, true),
                crate::run_results::fixed(se, 4, false)
            ));
        }
        lines.join("\n")
    }

    fn __repr__(&self) -> String {
        format!(
            "<ManyRolloutResult positions={} games={}>",
            self.records.len(),
            self.games_done()
        )
    }
}

impl PyManyRolloutResult {
    fn file(&self, games: u64) -> ManyFile {
        let k = self.totals.positions();
        ManyFile {
            records: self.records.clone(),
            cross: (0..k)
                .map(|a| (0..k).map(|b| self.totals.cross(a, b)).collect())
                .collect(),
            seed: self.seed,
            common_dice: self.common_dice,
            games,
        }
    }

    pub(crate) fn of_file(setups: Vec<Py<PySetup>>, file: ManyFile) -> Self {
        let k = file.records.len();
        let totals = CompareTotals {
            tallies: file.records.iter().map(|r| r.tally).collect(),
            cross: file.cross.iter().flatten().copied().collect(),
        };
        debug_assert_eq!(totals.cross.len(), k * k);
        PyManyRolloutResult {
            setups,
            records: file.records,
            totals,
            seed: file.seed,
            common_dice: file.common_dice,
        }
    }
}

/// The seeds of the positions of a comparison with master seed ``seed``: all ``seed`` on
/// common dice, else one derived from it for each (independent dice).
#[pyfunction]
pub fn _position_seeds(seed: u64, positions: u64, common_dice: bool) -> Vec<u64> {
    (0..positions)
        .map(|i| position_seed(seed, i, common_dice))
        .collect()
}

/// Plays games `range` of every start of `starts` (position, seed, opening) on common dice for
/// one rules type; `base` games were merged before (progress counts them).
#[allow(clippy::too_many_arguments)]
fn run_one<P: ToPython, B: Policy<P>, R: Referee<P>, T: Truncation<P>, L: Luck<P>>(
    py: Python<'_>,
    starts: &[(P, u64, bool)],
    pols: [SidePolicy<B>; 2],
    referee: &R,
    truncation: &T,
    luck: &L,
    range: std::ops::Range<u64>,
    config: &CompareConfig,
    base: u64,
    callback: Option<&Py<PyAny>>,
) -> PyResult<(CompareRun, bool)> {
    let root = starts[0].0.turn();
    let [mine, theirs] = &pols;
    let by_color: ByColor<&SidePolicy<B>> = if root == Color::White {
        ByColor {
            white: mine,
            black: theirs,
        }
    } else {
        ByColor {
            white: theirs,
            black: mine,
        }
    };
    let mut config = *config;
    if pols.iter().any(SidePolicy::is_python) {
        config.threads = 1;
    }
    let rules = GameRules {
        referee,
        policies: by_color,
        truncation,
        starter: Color::White,
        cube: gammon_core::CubeState::default(),
    };
    let contenders: Vec<Contender<'_, P>> = starts
        .iter()
        .map(|(start, seed, opening)| Contender {
            start,
            seed: *seed,
            first_roll: if *opening {
                FirstRoll::Opening
            } else {
                FirstRoll::Any
            },
        })
        .collect();
    run_detached(
        py,
        callback,
        |report| {
            let mut progress = |p: &CompareProgress<'_>| {
                report((
                    base + p.done,
                    p.total,
                    f64::NAN,
                    0.0,
                    p.elapsed.as_secs_f64(),
                ))
            };
            rollout_many(&contenders, &rules, luck, range, &config, &mut progress)
                .map_err(|e| rollout_error(&e))
        },
        |run| run.stop,
        || pols.iter().filter_map(SidePolicy::take_error).collect(),
        game_error,
    )
}

/// Plays games ``first`` .. ``end`` of every position of ``setups`` (one ``RolloutSetup``
/// per position, all with the same policies and settings; seeds and openings their own) with
/// one worker per game, the GIL released, and returns a ``ManyRolloutResult`` (``seed``: the
/// master seed; ``common_dice``: whether the seeds are one). ``callback(done, total, nan, 0,
/// elapsed)`` counts games of every position, ``base`` (a result of the same comparison)
/// included. Raises ``InvalidInputError`` for setups that cannot be played together.
#[pyfunction]
#[pyo3(signature = (setups, first, end, *, seed, common_dice, threads=None, chunk_size=gammon_core::DEFAULT_CHUNK_SIZE, max_seconds=None, target_std_error=None, callback=None, base=None))]
#[allow(clippy::too_many_arguments)]
pub fn _play_many<'py>(
    py: Python<'py>,
    setups: Vec<Bound<'py, PySetup>>,
    first: u64,
    end: u64,
    seed: u64,
    common_dice: bool,
    threads: Option<usize>,
    chunk_size: u64,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    base: Option<&Bound<'py, PyManyRolloutResult>>,
) -> PyResult<PyManyRolloutResult> {
    let Some(head) = setups.first() else {
        return Err(InvalidInputError::new_err(
            "positions must name at least one position",
        ));
    };
    let lead = head.get();
    lead.check_threads(threads)?;
    lead.check_playable()?;
    let s0 = &lead.inner;
    for s in &setups {
        let t = &s.get().inner;
        let same = t.policies == s0.policies
            && t.quasi_random == s0.quasi_random
            && t.nardy.map(|n| n.scoring) == s0.nardy.map(|n| n.scoring)
            && t.truncate == s0.truncate
            && t.truncate_after == s0.truncate_after
            && t.variance_reduction == s0.variance_reduction
            && t.evaluator == s0.evaluator
            && t.cube.is_none()
            && t.variant() == s0.variant();
        if !same {
            return Err(InvalidInputError::new_err(
                "the positions of rollout_many must be of one variant and rolled out with the \
                 same settings",
            ));
        }
        if t.position.turn() != s0.position.turn() && s0.policies[0] != s0.policies[1] {
            return Err(InvalidInputError::new_err(
                "positions with different players on roll are rolled out with one policy for \
                 both sides: give one policy, not a pair",
            ));
        }
    }
    if chunk_size == 0 {
        return Err(InvalidInputError::new_err("chunk_size must be at least 1"));
    }
    let config = CompareConfig {
        quasi_random: s0.quasi_random,
        threads: threads.unwrap_or(0),
        chunk_size,
        max_seconds,
        target_std_error,
    };
    let base_games = base.map_or(0, |b| b.get().games_done());
    let cb = callback.as_ref();
    let variant = s0.variant();
    let policies = [lead.policy_object(py, 0), lead.policy_object(py, 1)];
    let net = match &s0.evaluator {
        Some(gammon_core::EvaluatorName::Net) => Some(crate::net::nets_for(None, variant)?),
        Some(gammon_core::EvaluatorName::NetFile(_)) => {
            let obj = lead.evaluator.as_ref().map(|o| o.bind(py).clone());
            let n = obj
                .as_ref()
                .and_then(|o| o.cast::<crate::net::PyNet>().ok())
                .ok_or_else(|| InvalidInputError::new_err("the evaluator's net is missing"))?;
            Some(crate::net::nets_for(Some(n.get()), variant)?)
        }
        _ => None,
    };
    let net = net.as_ref().map(gammon_core::NetPolicy::nets);
    let range = first..end;
    let (run, interrupted) = match s0.position {
        VariantPosition::Backgammon(_) => {
            let starts: Vec<(Backgammon, u64, bool)> = setups
                .iter()
                .filter_map(|s| match s.get().inner.position {
                    VariantPosition::Backgammon(p) => {
                        Some((p, s.get().inner.seed, s.get().inner.opening))
                    }
                    VariantPosition::Nardy(_) => None,
                })
                .collect();
            let pols = [
                side_policy(&policies[0], variant, BackgammonPolicy::from)?.searched(s0, 0),
                side_policy(&policies[1], variant, BackgammonPolicy::from)?.searched(s0, 1),
            ];
            let eval: &dyn Evaluator<Backgammon> = match net {
                Some(n) => n,
                None => &BearoffEvaluator,
            };
            let cut = PlyTruncation {
                inner: s0.truncate,
                after: s0.truncate_after,
                evaluator: eval,
                nardy: false,
                oin: false,
            };
            let prune = crate::rollout::luck_prune(s0)?;
            let rolls = net.map(|n| {
                move |pos: &Backgammon, out: &mut [f32; 21]| {
                    gammon_core::searched_roll_values(n, prune, pos, out)
                }
            });
            let luck = s0.variance_reduction.then_some(EvalLuck {
                evaluator: eval,
                referee: &StandardReferee,
                starter: Color::White,
                // With the net, pubeval and the pruning net screen each roll's plays: the net
                // values the best few only (the luck stays unbiased, at a fraction of the cost).
                screen: crate::rollout::luck_screen(net.is_some())?,
                rolls: rolls
                    .as_ref()
                    .map(|f| f as gammon_core::RollValues<'_, Backgammon>),
            });
            run_one(
                py,
                &starts,
                pols,
                &StandardReferee,
                &cut,
                &luck,
                range,
                &config,
                base_games,
                cb,
            )?
        }
        VariantPosition::Nardy(_) => {
            let starts: Vec<(Nardy, u64, bool)> = setups
                .iter()
                .filter_map(|s| match s.get().inner.position {
                    VariantPosition::Nardy(p) => {
                        Some((p, s.get().inner.seed, s.get().inner.opening))
                    }
                    VariantPosition::Backgammon(_) => None,
                })
                .collect();
            let pols = [
                side_policy(&policies[0], variant, nardy_policy)?.searched(s0, 0),
                side_policy(&policies[1], variant, nardy_policy)?.searched(s0, 1),
            ];
            let referee = s0.nardy.map(|n| n.scoring).unwrap_or_default();
            let bearoff = NardyTruncation::new(s0.truncate, &referee);
            let bearoff_eval = NardyBearoffEvaluator {
                scoring: bearoff.scoring,
            };
            let eval: &dyn Evaluator<Nardy> = match net {
                Some(n) => n,
                None => &bearoff_eval,
            };
            let cut = PlyTruncation {
                inner: bearoff,
                after: s0.truncate_after,
                evaluator: eval,
                nardy: true,
                oin: bearoff.scoring.oin,
            };
            let luck = s0.variance_reduction.then_some(EvalLuck {
                evaluator: eval,
                referee: &referee,
                starter: Color::White,
                screen: None,
                rolls: None,
            });
            run_one(
                py, &starts, pols, &referee, &cut, &luck, range, &config, base_games, cb,
            )?
        }
    };
    let stop = stop_of(run.stop, interrupted);
    let records = setups
        .iter()
        .zip(&run.totals.tallies)
        .map(|(s, t)| RunRecord {
            setup: s.get().inner.clone(),
            tally: *t,
            ranges: Ranges::of(run.games.clone()),
            games_requested: end - first,
            stop,
            elapsed: run.elapsed.as_secs_f64(),
            threads: run.threads as u64,
        })
        .collect();
    Ok(PyManyRolloutResult {
        setups: setups.iter().map(|s| s.clone().unbind()).collect(),
        records,
        totals: run.totals,
        seed,
        common_dice,
    })
}

/// Reads the checkpoint file bytes ``data`` of a comparison (``where`` names the file),
/// validated completely, and checks that it continues the comparison of ``setups`` over
/// games ``0 .. games`` (with ``seed_given`` false, the file's master seed is taken: the
/// setups are given its seeds). Returns the ``ManyRolloutResult`` played by the setups'
/// objects. Raises ``CheckpointError`` naming what is wrong or what differs.
#[pyfunction]
#[pyo3(signature = (data, r#where, setups, *, seed, common_dice, games, seed_given))]
#[allow(clippy::too_many_arguments)]
pub fn _read_many_checkpoint<'py>(
    py: Python<'py>,
    data: &[u8],
    r#where: &str,
    setups: Vec<Bound<'py, PySetup>>,
    seed: u64,
    common_dice: bool,
    games: u64,
    seed_given: bool,
) -> PyResult<PyManyRolloutResult> {
    let file = ManyFile::from_bytes(data, r#where).map_err(|e| checkpoint_error(&e.0))?;
    let master = if seed_given { seed } else { file.seed };
    let mine = setups
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.get()
                .with_seed(py, position_seed(master, i as u64, common_dice))
        })
        .collect::<Vec<_>>();
    let inner: Vec<_> = mine.iter().map(|s| s.inner.clone()).collect();
    file.check_continues(r#where, &inner, master, common_dice, games)
        .map_err(|e| checkpoint_error(&e.0))?;
    let setups = mine
        .into_iter()
        .map(|s| Py::new(py, s))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyManyRolloutResult::of_file(setups, file))
}
