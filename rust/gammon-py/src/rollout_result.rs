//! `gammon.RolloutResult`, a cubeless rollout's result over the core's `RunRecord`: its
//! shares, equity and errors, merge, checkpoint record, pickling, equality and printing; and
//! `GameOutcomes`, its per-game arrays.

use gammon_core::{GameOutcomes, Ranges, RolloutRun, RunRecord, Tally, ONE, WIN_KINDS};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::InvalidInputError;
use crate::run_results::*;
use crate::run_setup::{nardy_object, ObjectsState, PySetup};
use crate::stats::PyTally;

/// The keys of ``RolloutResult.summary`` (``key:attribute`` where they differ), in order.
const CUBELESS_SUMMARY: &str = concat!(
    "position variant opening policies plies:setup.plies prune:setup.prune ",
    run_figures!(),
    " draws shares equity std_error ci95 mean_plies truncate truncate_after \
     variance_reduction evaluator settled"
);

// -- per-game outcomes ------------------------------------------------------------------------

/// Per-game results of a rollout as numpy arrays, one entry per game in game order:
/// ``winner`` (+1 when the player on roll at the start won, -1 when the opponent won, 0
/// otherwise), ``kind`` (an index into ``KIND_NAMES``), ``points`` (net points of the player
/// on roll at the start) and ``plies`` (turns played). A sequence of the four arrays.
#[pyclass(frozen, name = "GameOutcomes", module = "gammon._core")]
pub struct PyGameOutcomes {
    pub(crate) inner: GameOutcomes,
}

impl PyGameOutcomes {
    fn arrays<'py>(&self, py: Python<'py>) -> [Bound<'py, PyAny>; 4] {
        let o = &self.inner;
        [
            PyArray1::from_slice(py, &o.winner).into_any(),
            PyArray1::from_slice(py, &o.kind).into_any(),
            PyArray1::from_slice(py, &o.points).into_any(),
            PyArray1::from_slice(py, &o.plies).into_any(),
        ]
    }
}

#[pymethods]
impl PyGameOutcomes {
    /// +1 when the player on roll at the start won, -1 when the opponent won, 0 otherwise.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_slice(py, &self.inner.winner)
    }

    /// Result class: an index into ``KIND_NAMES``.
    #[getter]
    fn kind<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_slice(py, &self.inner.kind)
    }

    /// Net points of the player on roll at the start.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &self.inner.points)
    }

    /// Turns played.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, &self.inner.plies)
    }

    fn __len__(&self) -> usize {
        4
    }

    fn __getitem__<'py>(&self, py: Python<'py>, i: isize) -> PyResult<Bound<'py, PyAny>> {
        let j = if i < 0 { i + 4 } else { i };
        let [a, b, c, d] = self.arrays(py);
        match j {
            0 => Ok(a),
            1 => Ok(b),
            2 => Ok(c),
            3 => Ok(d),
            _ => Err(pyo3::exceptions::PyIndexError::new_err(
                "GameOutcomes index out of range",
            )),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyTuple::new(py, self.arrays(py))?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __repr__(&self) -> String {
        format!("GameOutcomes(games={})", self.inner.len())
    }
}

/// The outcomes of `a` and `b` (each in the order of its ranges) in game order.
fn merge_outcomes(a: (&Ranges, &GameOutcomes), b: (&Ranges, &GameOutcomes)) -> GameOutcomes {
    let mut pieces: Vec<(u64, &GameOutcomes, usize, usize)> = Vec::new();
    for (ranges, o) in [a, b] {
        let mut at = 0usize;
        for r in ranges.ranges() {
            let n = (r.end - r.start) as usize;
            pieces.push((r.start, o, at, n));
            at += n;
        }
    }
    pieces.sort_by_key(|p| p.0);
    let mut out = GameOutcomes::default();
    for (_, o, at, n) in pieces {
        out.winner.extend_from_slice(&o.winner[at..at + n]);
        out.kind.extend_from_slice(&o.kind[at..at + n]);
        out.points.extend_from_slice(&o.points[at..at + n]);
        out.plies.extend_from_slice(&o.plies[at..at + n]);
    }
    out
}

// -- RolloutResult ---------------------------------------------------------------------------------

/// The result of ``gammon.rollout``: outcome shares, cubeless equity and its error.
///
/// All shares and the equity are from the side of the player on roll in ``position`` ("on
/// roll"); the other player is the "opponent". ``win_gammon`` includes backgammons and ``win``
/// includes both, as in GNU Backgammon. The statistics are the core's ``tally``: exact integer
/// sums (fixed point), kept so that results can be merged and continued without rounding. With
/// no games counted every share and the equity are NaN (the mean of nothing is undefined) and
/// the standard error is infinite. Results are equal when their setup, game ranges and
/// statistics are (timing and threads excluded).
#[pyclass(frozen, name = "RolloutResult", module = "gammon._core")]
pub struct PyRolloutResult {
    pub(crate) setup: Py<PySetup>,
    pub(crate) record: RunRecord<Tally>,
    pub(crate) extra: Option<GameOutcomes>,
}

impl PyRolloutResult {
    pub(crate) fn make(_py: Python<'_>, setup: Py<PySetup>, record: RunRecord<Tally>) -> Self {
        PyRolloutResult {
            setup,
            record,
            extra: None,
        }
    }
}

impl PyRolloutResult {
    fn with_record(&self, py: Python<'_>, record: RunRecord<Tally>) -> Self {
        PyRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
            extra: self.extra.clone(),
        }
    }

    fn tally(&self) -> &Tally {
        &self.record.tally
    }

    fn wins(&self, side: usize, kinds: &[usize]) -> f64 {
        self.tally().share(side, kinds)
    }

    /// The result of a core run of `setup`'s games.
    pub(crate) fn of_run(
        py: Python<'_>,
        setup: Py<PySetup>,
        run: RolloutRun,
        interrupted: bool,
        requested: u64,
    ) -> PyRolloutResult {
        PyRolloutResult {
            record: run_record!(setup, run, interrupted, requested),
            setup,
            extra: run.outcomes,
        }
        .with_py(py)
    }

    fn with_py(self, _py: Python<'_>) -> Self {
        self
    }
}

rollout_result!(PyRolloutResult, "RolloutResult",
resume: {
    /// Plays ``games`` more games after the last one played and returns the merged result.
    /// ``options`` are the execution options of ``gammon.rollout`` (``threads``,
    /// ``progress``, ``callback``, ``max_seconds``, ``target_std_error``, ``chunk_size``,
    /// ``record_games``, ``executor``...); the setup stays this result's. Raises
    /// ``InvalidInputError`` for bad options, or when a policy is known by name only (pass it
    /// to ``from_dict``).
},
to_dict: {
    /// A JSON-ready record (integers stay exact) that ``from_dict`` reads. Per-game outcomes
    /// are not included. The ``check`` field is a SHA-256 over a canonical encoding of the
    /// other fields (``from_dict`` refuses a record that does not match it).
},
from_dict: {
    /// Read a record made by ``to_dict``, validated completely: every field's type and range,
    /// the sums (wins and draws add up to the games, the points and their squares follow from
    /// the wins, the game ranges hold exactly the games counted, without overlap), the setup
    /// (the policies can play the variant, the Long Nardy settings agree with the position)
    /// and the ``check`` field (a SHA-256 over a canonical encoding of the rest: a record
    /// edited by hand is refused; it guards against mistakes and corruption, not against a
    /// forger who recomputes it).
    ///
    /// A record of Python policies names their classes only, and of a ``gammon.Net`` its name
    /// (``"net:"`` and its checksum): pass the policy objects as ``policy`` (one, or a pair as
    /// for ``gammon.rollout``) to be able to ``resume`` it; their names must match. A net that
    /// was the evaluator is taken from ``policy`` when it played too, else pass it as
    /// ``evaluator``. The content of a checkpoint *file* is refused with a pointer to
    /// ``gammon.read_checkpoint``.
    ///
    /// Raises ``InvalidInputError`` naming what is wrong.
} (evaluator) => attach(evaluator, None),
{
    /// The variant played.
    #[getter]
    fn variant(&self) -> crate::types::PyVariant {
        self.record.setup.variant().into()
    }

    /// True for a Long Nardy rollout (results are Oin, Mars, Koks and draws).
    #[getter]
    fn is_long_nardy(&self) -> bool {
        self.record.setup.is_long_nardy()
    }

    /// Names of the policies of the player on roll and of the opponent.
    #[getter]
    fn policies(&self) -> (String, String) {
        self.setup.get().policies_names()
    }

    /// True when the first roll was an opening roll (never a double, BG-10).
    #[getter]
    fn opening(&self) -> bool {
        self.record.setup.opening
    }

    /// The Long Nardy settings the games were scored by (None for backgammon).
    #[getter]
    fn nardy<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.record
            .setup
            .nardy
            .as_ref()
            .map(|n| nardy_object(py, n))
            .transpose()
    }

    /// Where games were settled early: ``"none"``, ``"bearoff"`` or ``"bearoff-one-sided"``.
    #[getter]
    fn truncate(&self) -> &'static str {
        self.record.setup.truncate.name()
    }

    /// The turns after which games were settled at the evaluator's value (None: never).
    #[getter]
    fn truncate_after(&self) -> Option<u32> {
        self.record.setup.truncate_after
    }

    /// True when the luck of the dice was taken off each game's points.
    #[getter]
    fn variance_reduction(&self) -> bool {
        self.record.setup.variance_reduction
    }

    /// The name of the evaluator of ``truncate_after`` and ``variance_reduction``:
    /// ``"bearoff"``, ``"net"`` or a ``gammon.Net``'s name (None: not used).
    #[getter]
    fn evaluator(&self) -> Option<String> {
        self.record
            .setup
            .evaluator
            .as_ref()
            .map(|e| e.name().to_string())
    }

    /// The core's statistics of the games (exact sums, estimates, merge).
    #[getter(tally)]
    fn tally_py(&self) -> PyTally {
        PyTally {
            inner: self.record.tally,
        }
    }

    /// Per-game ``GameOutcomes`` when ``record_games=True`` was asked, else None.
    #[getter]
    fn outcomes(&self) -> Option<PyGameOutcomes> {
        self.extra
            .as_ref()
            .map(|o| PyGameOutcomes { inner: o.clone() })
    }

    /// Turns played in all games.
    #[getter]
    fn plies(&self) -> u64 {
        self.record.tally.plies
    }

    /// Games settled early by the truncation rule (``truncate``).
    #[getter]
    fn settled(&self) -> u64 {
        self.record.tally.settled
    }

    /// Games won by each side and class, and draws: ``{"on roll": {"single": n, ...},
    /// "opponent": {...}, "draw": {"draw": n}}``; whole numbers unless games were settled
    /// early.
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.count_table(py, 1.0)
    }

    /// ``counts`` divided by the games played (exclusive classes).
    #[getter]
    fn shares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let n = self.record.tally.games;
        self.count_table(py, if n == 0 { f64::NAN } else { n as f64 })
    }

    /// Share of games won by the player on roll (all classes).
    #[getter]
    fn win(&self) -> f64 {
        self.wins(0, &[0, 1, 2, 3, 4, 5])
    }

    /// Share won by a gammon or more (backgammons included; Long Nardy: Mars or Koks).
    #[getter]
    fn win_gammon(&self) -> f64 {
        self.wins(0, &[1, 2, 4, 5])
    }

    /// Share won by a backgammon (Long Nardy: Koks).
    #[getter]
    fn win_backgammon(&self) -> f64 {
        self.wins(0, &[2, 5])
    }

    /// Share of games won by the opponent.
    #[getter]
    fn lose(&self) -> f64 {
        self.wins(1, &[0, 1, 2, 3, 4, 5])
    }

    /// Share lost by a gammon or more (backgammons included; Long Nardy: Mars or Koks).
    #[getter]
    fn lose_gammon(&self) -> f64 {
        self.wins(1, &[1, 2, 4, 5])
    }

    /// Share lost by a backgammon (Long Nardy: Koks).
    #[getter]
    fn lose_backgammon(&self) -> f64 {
        self.wins(1, &[2, 5])
    }

    /// Share of drawn games (Long Nardy's last roll only).
    #[getter]
    fn draws(&self) -> f64 {
        self.record.tally.draw_share()
    }

    /// Cubeless equity: the player on roll's mean net points per game.
    #[getter]
    fn equity(&self) -> f64 {
        self.record.tally.equity()
    }

    /// Standard error of ``equity`` (sample standard deviation over sqrt(games)). With
    /// quasi-random dice the true error is smaller: this is a conservative figure.
    #[getter]
    fn std_error(&self) -> f64 {
        self.record.tally.std_error()
    }

    /// Average turns per game.
    #[getter]
    fn mean_plies(&self) -> f64 {
        let t = &self.record.tally;
        if t.games == 0 {
            f64::NAN
        } else {
            t.plies as f64 / t.games as f64
        }
    }

    /// Combine both rollouts' games (for example ranges of games run on other machines).
    /// Exact: merging in any order gives the same totals. Raises ``InvalidInputError`` when
    /// the rollouts differ in what decides their games (naming the difference), or when their
    /// games overlap.
    fn merge(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyRolloutResult> {
        let other = other.cast::<PyRolloutResult>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "a rollout merges with another rollout, not {}",
                crate::convert::repr(other)
            ))
        })?;
        let other = other.get();
        let record = merged(&self.record, &other.record)?;
        let extra = match (&self.extra, &other.extra) {
            (Some(a), Some(b)) => Some(merge_outcomes(
                (&self.record.ranges, a),
                (&other.record.ranges, b),
            )),
            _ => None,
        };
        Ok(PyRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
            extra,
        })
    }

    /// The figures as plain JSON-ready values, as ``gammon rollout --json`` prints them: the
    /// setup (``position`` by its ID, ``variant``, ``opening``, ``policies``, ``plies``,
    /// ``prune``), how the run went (``seed``, ``games`` completed, ``games_requested``,
    /// ``interrupted``, ``stop_reason``, ``threads``, ``seconds``, ``games_per_second``), the
    /// shares, ``draws``,
    /// ``shares``, ``equity``, ``std_error``, ``ci95``, ``mean_plies``, the settings that
    /// settle games (``truncate``, ``truncate_after``, ``variance_reduction``, ``evaluator``),
    /// ``settled``, and ``checkpoint``: the record of ``to_dict``.
    fn summary<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let d = summary_of(slf.as_any(), CUBELESS_SUMMARY)?;
        d.set_item("checkpoint", slf.get().to_dict(slf.py())?)?;
        Ok(d)
    }

    /// One line naming what was rolled out.
    fn describe(&self) -> String {
        let s = &self.record.setup;
        let (a, b) = self.policies();
        let mut rules = String::new();
        if let Some(n) = &s.nardy {
            rules = format!(
                ", {}, koks {}, last roll {}",
                n.scoring.end_variant.name(),
                gammon_core::snake_case_setting(n.scoring.koks.name()),
                if n.scoring.last_roll { "on" } else { "off" }
            );
        }
        let mut cut = if s.truncate == gammon_core::BearoffTruncation::Off {
            String::new()
        } else {
            format!(", truncated at {}", s.truncate.name())
        };
        let evaluator = self.evaluator().unwrap_or_default();
        if let Some(n) = s.truncate_after {
            cut += &format!(", cut after {n} turns by {evaluator}");
        }
        if s.variance_reduction {
            cut += &format!(", variance reduction by {evaluator}");
        }
        format!(
            "rollout of {} ({}{rules}, {}, {}{cut}, seed {})",
            s.position.id(),
            s.variant().name(),
            first_roll_text(s.opening),
            pair_text(&a, &b),
            s.seed
        )
    }

    fn __str__(&self) -> String {
        let r = &self.record;
        let mut lines = vec![
            self.describe(),
            stop_line(
                r.tally.games,
                r.games_requested,
                r.stop,
                r.elapsed,
                r.threads,
            ),
        ];
        let head = if self.is_long_nardy() {
            ("win", "mars", "koks")
        } else {
            ("win", "gammon", "backgammon")
        };
        lines.push(format!("{:10}{:>8}{:>8}{:>12}", "", head.0, head.1, head.2));
        for (name, w, g, b) in [
            (
                "on roll",
                self.win(),
                self.win_gammon(),
                self.win_backgammon(),
            ),
            (
                "opponent",
                self.lose(),
                self.lose_gammon(),
                self.lose_backgammon(),
            ),
        ] {
            lines.push(format!(
                "  {name:<8}{}{}{}",
                pad(fixed(w, 4, false), 8),
                pad(fixed(g, 4, false), 8),
                pad(fixed(b, 4, false), 12)
            ));
        }
        if r.tally.draw > 0 {
            lines.push(format!(
                "  {:<8}{}",
                "draws",
                pad(fixed(self.draws(), 4, false), 8)
            ));
        }
        let (lo, hi) = self.ci95();
        lines.push(format!(
            "  cubeless equity {}, CI {} .. {}, standard error {}",
            plus_minus(self.equity(), self.std_error()),
            fixed(lo, 4, true),
            fixed(hi, 4, true),
            fixed(self.std_error(), 4, false)
        ));
        lines.join("\n")
    }

    /// Pickling: the record's text, the objects that play it and the per-game outcomes.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let outcomes = me.extra.as_ref().map(|o| {
            (
                o.winner.clone(),
                o.kind.clone(),
                o.points.clone(),
                o.plies.clone(),
            )
        });
        let state = (
            me.record.to_json().canonical(),
            me.setup.get().objects(py)?,
            outcomes,
        );
        Ok((
            slf.getattr("_restore")?,
            PyTuple::new(py, [state.into_pyobject(py)?.into_any()])?,
        ))
    }

    /// Rebuilds a pickled result (unpickling only).
    #[staticmethod]
    #[allow(clippy::type_complexity)]
    fn _restore(
        py: Python<'_>,
        state: (
            String,
            ObjectsState,
            Option<(Vec<i8>, Vec<u8>, Vec<f64>, Vec<u32>)>,
        ),
    ) -> PyResult<PyRolloutResult> {
        let (text, objects, outcomes) = state;
        let record = record_from_text::<Tally>(&text)?;
        let setup = PySetup::with_objects(py, record.setup.clone(), objects);
        Ok(PyRolloutResult {
            setup: Py::new(py, setup)?,
            record,
            extra: outcomes.map(|(winner, kind, points, plies)| GameOutcomes {
                winner,
                kind,
                points,
                plies,
            }),
        })
    }
});

impl PyRolloutResult {
    fn count_table<'py>(&self, py: Python<'py>, divisor: f64) -> PyResult<Bound<'py, PyDict>> {
        let t = &self.record.tally;
        let one = ONE as f64;
        let out = PyDict::new(py);
        for (side, name) in [(0, "on roll"), (1, "opponent")] {
            let d = PyDict::new(py);
            for (k, kind) in crate::run_setup::KIND_NAMES
                .iter()
                .take(WIN_KINDS)
                .enumerate()
            {
                d.set_item(*kind, t.win[side][k] as f64 / one / divisor)?;
            }
            out.set_item(name, d)?;
        }
        let d = PyDict::new(py);
        d.set_item("draw", t.draw as f64 / one / divisor)?;
        out.set_item("draw", d)?;
        Ok(out)
    }
}
