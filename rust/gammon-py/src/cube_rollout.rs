//! `gammon.CubeRolloutResult` and `gammon._core._play_cube_rollout`: a cube decision rolled out
//! on common dice (the core's `cube_decision_rollout`) with the GIL released, its record (the
//! core's `gammon.cube-rollout/1`, read and written by the rollouts' checkpoint codec) and the
//! table it prints, as GNU Backgammon prints a cube rollout.

use std::ops::ControlFlow;

use gammon_core::TakerAction;
use gammon_core::{
    cube_decision_rollout, cube_life, Backgammon, Color, CubeInfo, CubeRolloutError,
    CubeRolloutProgress, CubeRolloutRun, CubeRolloutStats, CubeRolloutSummary, CubeRolloutTally,
    CubeState, Ranges, RolloutFile, RunRecord, Scoreboard, VariantPosition, DOUBLE_BEAVER,
    DOUBLE_TAKE, NO_DOUBLE,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::cube_eval::PyCubeDecision;
use crate::cubeful::CubefulPlayers;
use crate::errors::{checkpoint_error, game_error, simulation_error, InvalidInputError};
use crate::match_score::PyMatchScore;
use crate::rollout::{run_detached, setup_config};
use crate::run_results::{record_result, stop_of};
use crate::run_setup::PySetup;

/// A cube decision rolled out on common dice, made by ``gammon.rollout_cube``: the player on
/// roll's no double, double/take and double/pass (and double/beaver where beavers are on),
/// their standard errors, the paired standard error of no double minus double/take, and the
/// proper action. ``str()`` prints the table. Equities are normalised as GNU Backgammon prints
/// them: money play in points per unit of the current cube (double/pass +1), match play in
/// EMG, with the match winning chances in ``mwc``. Immutable; ``merge`` adds the games of
/// another range of the same rollout.
#[pyclass(frozen, name = "CubeRolloutResult", module = "gammon")]
pub struct PyCubeRolloutResult {
    setup: Py<PySetup>,
    record: RunRecord<CubeRolloutStats>,
}

/// The position of a cube rollout (backgammon: checked when it was set up).
fn position_of(setup: &gammon_core::RolloutSetup) -> PyResult<Backgammon> {
    match setup.position {
        VariantPosition::Backgammon(p) => Ok(p),
        VariantPosition::Nardy(_) => Err(InvalidInputError::new_err(
            "cube decisions are backgammon's: Long Nardy has no cube (LN-38)",
        )),
    }
}

/// The cube decision `setup` rolls out at `board`.
fn info_of(setup: &gammon_core::RolloutSetup, board: Scoreboard) -> PyResult<CubeInfo> {
    let pos = position_of(setup)?;
    let cube = setup
        .cube
        .as_ref()
        .ok_or_else(|| InvalidInputError::new_err("a cube rollout needs a cube"))?;
    let state = CubeState {
        value: cube.value,
        owner: cube.owner,
    };
    Ok(CubeInfo::new(
        state,
        gammon_core::Position::turn(&pos),
        board,
        cube.rules,
    ))
}

impl PyCubeRolloutResult {
    fn info(&self) -> CubeInfo {
        // Checked when the rollout was made or read.
        info_of(&self.record.setup, self.record.tally.board)
            .unwrap_or_else(|_| CubeInfo::money(Color::White))
    }

    fn figures(&self) -> CubeRolloutSummary {
        let x = position_of(&self.record.setup).map_or(0.68, |p| cube_life(&p));
        self.record.tally.tally.summary(&self.info(), x)
    }

    fn with_record(&self, py: Python<'_>, record: RunRecord<CubeRolloutStats>) -> Self {
        PyCubeRolloutResult {
            setup: self.setup.clone_ref(py),
            record,
        }
    }
}

/// A signed number with `prec` decimals.
fn signed(x: f64, prec: usize) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else {
        format!("{x:+.prec$}")
    }
}

record_result!(PyCubeRolloutResult, {
    /// The match at its score, or ``None`` in money play.
    #[getter]
    fn score(&self) -> Option<PyMatchScore> {
        self.record
            .tally
            .board
            .as_match()
            .map(|m| PyMatchScore { inner: *m })
    }

    /// True when the equities are money equities (money play, or a match longer than the match
    /// equity table's 25 points).
    #[getter]
    fn is_money(&self) -> bool {
        self.info().is_money()
    }

    /// The normalised equity of no double.
    #[getter]
    fn no_double(&self) -> f64 {
        self.figures().equities[NO_DOUBLE]
    }

    /// The normalised equity of double/take (at the current cube's scale).
    #[getter]
    fn double_take(&self) -> f64 {
        self.figures().equities[DOUBLE_TAKE]
    }

    /// The normalised equity of double/pass: +1, exact.
    #[getter]
    fn double_pass(&self) -> f64 {
        self.figures().equities[2]
    }

    /// The normalised equity of double/beaver (money play with beavers on), else ``None``.
    #[getter]
    fn double_beaver(&self) -> Option<f64> {
        let s = self.figures();
        s.beaver_line.then_some(s.equities[3])
    }

    /// The standard errors of no double, double/take, double/pass (0) and double/beaver
    /// (``None`` when not rolled out).
    #[getter]
    fn std_errors(&self) -> (f64, f64, f64, Option<f64>) {
        let s = self.figures();
        let e = s.std_errors;
        (
            e[0],
            e[1],
            e[2],
            s.beaver_line.then_some(e[DOUBLE_BEAVER + 1]),
        )
    }

    /// Match play: the match winning chances of no double, double/take and double/pass;
    /// ``None`` in money play.
    #[getter]
    fn mwc(&self) -> Option<(f64, f64, f64)> {
        self.figures().mwc.map(|m| (m[0], m[1], m[2]))
    }

    /// No double minus double/take and its standard error, from the games paired on common
    /// dice.
    #[getter]
    fn difference(&self) -> (f64, f64) {
        self.figures().difference
    }

    /// The standard error no double minus double/take would have on independent dice.
    #[getter]
    fn unpaired_std_error(&self) -> f64 {
        self.figures().unpaired_std_error
    }

    /// The proper action in GNU Backgammon's words: ``"No double, take"``, ``"Double, pass"``,
    /// ``"Too good to double, pass"``, ...
    #[getter]
    fn action(&self) -> String {
        self.figures().decision.action()
    }

    /// What the player on roll should do: ``"double"``, ``"no double"`` or ``"too good"``.
    #[getter]
    fn doubler_action(&self) -> &'static str {
        self.figures().decision.doubler.name()
    }

    /// What the opponent should answer to a double: ``"take"``, ``"pass"`` or ``"beaver"``.
    #[getter]
    fn taker_action(&self) -> &'static str {
        self.figures().decision.taker.name()
    }

    /// True when doubling is right.
    #[getter]
    fn should_double(&self) -> bool {
        self.figures().decision.should_double()
    }

    /// True when the opponent should take a double (or beaver it).
    #[getter]
    fn should_take(&self) -> bool {
        self.figures().decision.should_take()
    }

    /// How sure the doubler's action is: the margin of doubling (the lesser of double/take and
    /// double/pass) over no double in standard errors (positive: doubling is better).
    #[getter]
    fn double_confidence(&self) -> f64 {
        self.figures().double_confidence()
    }

    /// How sure the taker's action is: double/pass minus double/take in standard errors of
    /// double/take (positive: the take is right).
    #[getter]
    fn take_confidence(&self) -> f64 {
        self.figures().take_confidence()
    }

    /// The shares of the no-double line's endings for the player on roll: ``(win,
    /// win_gammon, win_backgammon, lose_gammon, lose_backgammon)`` (a dropped double counts as
    /// a single game).
    #[getter]
    fn probabilities(&self) -> (f32, f32, f32, f32, f32) {
        let p = self.record.tally.tally.probabilities();
        (
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
        )
    }

    /// The rolled-out equities as a ``gammon.CubeDecision`` (its ``plies`` is 0).
    #[getter]
    fn decision(&self) -> PyCubeDecision {
        PyCubeDecision {
            inner: self.figures().decision,
        }
    }

    /// Both rollouts' games (ranges of one rollout run apart). Exact. Raises
    /// ``InvalidInputError`` when they differ in anything that decides their games, or
    /// overlap.
    fn merge(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyCubeRolloutResult> {
        let other = other.cast::<PyCubeRolloutResult>().map_err(|_| {
            InvalidInputError::new_err(format!(
                "a cube rollout merges with another cube rollout, not {}",
                crate::convert::repr(other)
            ))
        })?;
        let o = &other.get().record;
        if o.tally.board != self.record.tally.board {
            return Err(InvalidInputError::new_err(
                "only cube rollouts at the same score merge",
            ));
        }
        let record = self
            .record
            .merge(o)
            .map_err(|e| InvalidInputError::new_err(e.0))?;
        Ok(self.with_record(py, record))
    }

    /// The figures as plain JSON-ready values, as ``gammon rollout --cube-decision --json``
    /// prints them: ``position`` (its ID), ``seed``, ``games`` (completed), ``money``
    /// (``is_money``), each line (``no_double``, ``double_take``, ``double_pass``,
    /// ``double_beaver``) as ``(equity, standard error)`` or ``None``, then ``mwc``,
    /// ``difference``, ``action``, ``double_confidence`` and ``take_confidence``.
    fn summary<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let r = slf.get();
        let d = PyDict::new(slf.py());
        d.set_item("position", slf.getattr("position")?.getattr("id")?)?;
        for (key, attr) in [
            ("seed", "seed"),
            ("games", "games_completed"),
            ("money", "is_money"),
        ] {
            d.set_item(key, slf.getattr(attr)?)?;
        }
        let (nd, dt, dp, db) = r.std_errors();
        let lines = [
            ("no_double", Some(r.no_double()), Some(nd)),
            ("double_take", Some(r.double_take()), Some(dt)),
            ("double_pass", Some(r.double_pass()), Some(dp)),
            ("double_beaver", r.double_beaver(), db),
        ];
        for (key, value, se) in lines {
            d.set_item(key, value.map(|v| (v, se)))?;
        }
        let rest = [
            "mwc",
            "difference",
            "action",
            "double_confidence",
            "take_confidence",
        ];
        for attr in rest {
            d.set_item(attr, slf.getattr(attr)?)?;
        }
        Ok(d)
    }

    /// The table: what was rolled out, the no-double line's endings, the equities (the proper
    /// action's first, then the others by equity) with their standard errors and their
    /// distance from the proper action's, the paired difference, the proper action and how
    /// sure it is, and the run.
    fn __str__(&self) -> String {
        let s = self.figures();
        let info = self.info();
        let d = &s.decision;
        let r = &self.record;
        let names = |p: &[gammon_core::PolicyName; 2]| format!("{} / {}", p[0].name(), p[1].name());
        let cube_names = r.setup.cube.as_ref().map_or(String::new(), |c| {
            format!("{} / {}", c.policies[0].name(), c.policies[1].name())
        });
        let board = match info.board {
            Scoreboard::Money => "money".to_string(),
            Scoreboard::Match(m) => m.to_string(),
        };
        let mut out = vec![format!(
            "Cube decision rolled out: {} games, {}, {}, checkers {}, cube {}, seed {}",
            s.games,
            board,
            info.cube,
            names(&r.setup.policies),
            cube_names,
            r.setup.seed
        )];
        let p = self.record.tally.tally.probabilities();
        out.push(format!(
            "  no double: win {:.3} (gammon {:.3}, backgammon {:.3})  lose {:.3} (gammon {:.3}, \
             backgammon {:.3})",
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose(),
            p.lose_gammon,
            p.lose_backgammon
        ));
        out.push(format!(
            "  {}:",
            if s.mwc.is_some() {
                "normalised equity (EMG)"
            } else {
                "cubeful equity"
            }
        ));
        let re = if info.cube.owner.is_some() {
            "redouble"
        } else {
            "double"
        };
        let cap = |t: String| {
            let mut t = t;
            t[..1].make_ascii_uppercase();
            t
        };
        let mut rows = vec![
            (cap(format!("no {re}")), 0usize),
            (cap(format!("{re}, take")), 1),
            (cap(format!("{re}, pass")), 2),
        ];
        if s.beaver_line {
            rows.push((cap(format!("{re}, beaver")), 3));
        }
        let proper = match (d.should_double(), d.taker) {
            (true, TakerAction::Pass) => 2,
            (true, _) => 1,
            (false, _) => 0,
        };
        let best = s.equities[proper];
        let mut order: Vec<usize> = (0..rows.len()).filter(|&i| i != proper).collect();
        order.sort_by(|&a, &b| s.equities[rows[b].1].total_cmp(&s.equities[rows[a].1]));
        order.insert(0, proper);
        for (rank, &i) in order.iter().enumerate() {
            let (name, k) = &rows[i];
            let eq = s.equities[*k];
            let se = s.std_errors[*k];
            let error = if se > 0.0 {
                format!("± {se:.3}")
            } else {
                "exact".to_string()
            };
            let diff = if rank == 0 {
                String::new()
            } else {
                format!(" ({})", signed(eq - best, 3))
            };
            let mwc = s
                .mwc
                .map_or(String::new(), |m| format!("  ({:.1}% MWC)", 100.0 * m[*k]));
            out.push(format!(
                "  {}. {name:<18} {} {error:<7}{diff}{mwc}",
                rank + 1,
                signed(eq, 3)
            ));
        }
        out.push(format!(
            "  No {re} - {re}/take: {} ± {:.3} (paired on common dice; {:.3} on independent \
             dice)",
            signed(s.difference.0, 3),
            s.difference.1,
            s.unpaired_std_error
        ));
        out.push(format!(
            "  Proper cube action: {}  (in standard errors: doubling {}, taking {})",
            d.action(),
            signed(s.double_confidence(), 1),
            signed(s.take_confidence(), 1)
        ));
        let rate = if r.elapsed > 0.0 {
            s.games as f64 / r.elapsed
        } else {
            f64::NAN
        };
        out.push(format!(
            "  {} games in {:.1} s: {:.0} games/s (each line) on {} thread{} ({})",
            s.games,
            r.elapsed,
            rate,
            r.threads,
            if r.threads == 1 { "" } else { "s" },
            r.stop.name()
        ));
        out.iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn __repr__(&self) -> String {
        let s = self.figures();
        format!(
            "CubeRolloutResult(action={:?}, no_double={:+.4}, double_take={:+.4}, \
             double_pass={:+.4}, games={})",
            s.decision.action(),
            s.equities[0],
            s.equities[1],
            s.equities[2],
            s.games
        )
    }

    /// The games played, no double minus double/take and its standard error (what the run
    /// driver reports).
    #[getter]
    fn _done(&self) -> (u64, f64, f64) {
        let (d, se) = self.figures().difference;
        (self.games_completed(), d, se)
    }
});

/// Plays games `first .. end` of the cube rollout of `setup` (a cubeful rollout's setup whose
/// first roll is not an opening roll) at `score` (``None``: money play).
#[pyfunction]
#[pyo3(signature = (setup, score, first, end, *, threads=None, chunk_size=gammon_core::DEFAULT_CHUNK_SIZE, max_seconds=None, target_std_error=None, callback=None, base=None))]
#[allow(clippy::too_many_arguments)]
pub fn _play_cube_rollout<'py>(
    py: Python<'py>,
    setup: &Bound<'py, PySetup>,
    score: Option<PyMatchScore>,
    first: u64,
    end: u64,
    threads: Option<usize>,
    chunk_size: u64,
    max_seconds: Option<f64>,
    target_std_error: Option<f64>,
    callback: Option<Py<PyAny>>,
    base: Option<&Bound<'py, PyAny>>,
) -> PyResult<PyCubeRolloutResult> {
    let s = setup.get();
    s.check_threads(threads)?;
    s.check_playable()?;
    if end < first {
        return Err(InvalidInputError::new_err(format!(
            "the games {first}..{end} are not a range"
        )));
    }
    if chunk_size == 0 {
        return Err(InvalidInputError::new_err("chunk_size must be at least 1"));
    }
    let board = match score {
        None => Scoreboard::Money,
        Some(m) if m.inner.is_over() => {
            return Err(InvalidInputError::new_err(format!(
                "the match is over ({}): no game is left to decide (MATCH-1)",
                m.inner
            )))
        }
        Some(m) => Scoreboard::Match(m.inner),
    };
    let start = position_of(&s.inner)?;
    let players = CubefulPlayers::of(py, s, "a cube rollout")?;
    let cubeful = players.rules(gammon_core::Position::turn(&start));
    let mut config = setup_config(&s.inner);
    config.threads = threads.unwrap_or(0);
    config.chunk_size = chunk_size;
    config.max_seconds = max_seconds;
    config.target_std_error = target_std_error;
    if players.is_python() {
        config.threads = 1;
    }
    let state = players.state;
    let info = info_of(&s.inner, board)?;
    let x = cube_life(&start);
    let base_tally = match base.filter(|b| !b.is_none()) {
        Some(b) => {
            b.cast::<PyCubeRolloutResult>()
                .map_err(|_| InvalidInputError::new_err("base must be a CubeRolloutResult"))?
                .get()
                .record
                .tally
                .tally
        }
        None => CubeRolloutTally::default(),
    };
    let cb = callback.as_ref();
    let (run, interrupted): (CubeRolloutRun, bool) = run_detached(
        py,
        cb,
        |report| {
            let mut progress = |p: &CubeRolloutProgress<'_>| -> ControlFlow<()> {
                let mut t = base_tally;
                t.merge(p.tally);
                let (d, se) = t.summary(&info, x).difference;
                report((t.games(), p.total, d, se, p.elapsed.as_secs_f64()))
            };
            cube_decision_rollout(
                &start,
                &cubeful,
                state,
                &board,
                first..end,
                &config,
                &mut progress,
            )
            .map_err(|e| match e {
                CubeRolloutError::Unavailable(_) => InvalidInputError::new_err(e.to_string()),
                CubeRolloutError::Run(e) => simulation_error(&e),
            })
        },
        |r| r.stop,
        || players.take_errors(),
        game_error,
    )?;
    Ok(PyCubeRolloutResult {
        setup: setup.clone().unbind(),
        record: RunRecord {
            setup: s.inner.clone(),
            tally: CubeRolloutStats {
                board,
                tally: run.tally,
            },
            ranges: Ranges::of(run.games.clone()),
            games_requested: end - first,
            stop: stop_of(run.stop, interrupted),
            elapsed: run.elapsed.as_secs_f64(),
            threads: run.threads as u64,
        },
    })
}

/// The cube rollout in a checkpoint file's bytes: checked to continue the rollout of `setup`
/// at `score` over games ``first .. first + games`` (with ``seed_given`` false the file's seed
/// is taken); or, with `setup` None, read alone (its setup and score are the file's, with
/// ``policy`` and ``cube`` the objects of policies it records by name only). Returns the
/// result, the file's first game and its games. Raises ``CheckpointError`` naming what is
/// wrong or what differs.
#[pyfunction]
#[pyo3(signature = (data, r#where, setup=None, score=None, first=0, games=0, seed_given=true, *, policy=None, cube=None))]
#[allow(clippy::too_many_arguments)]
pub fn _read_cube_rollout_checkpoint<'py>(
    py: Python<'py>,
    data: &[u8],
    r#where: &str,
    setup: Option<&Bound<'py, PySetup>>,
    score: Option<PyMatchScore>,
    first: u64,
    games: u64,
    seed_given: bool,
    policy: Option<&Bound<'py, PyAny>>,
    cube: Option<&Bound<'py, PyAny>>,
) -> PyResult<(PyCubeRolloutResult, u64, u64)> {
    let ck = |e: gammon_core::CheckpointError| checkpoint_error(&e.0);
    let file = RolloutFile::<CubeRolloutStats>::from_bytes(data, r#where).map_err(ck)?;
    let Some(given) = setup else {
        let s =
            crate::run_results::continue_setup(py, &file.record.setup, None, policy, cube, true)?;
        info_of(&s.inner, file.record.tally.board)?;
        let r = PyCubeRolloutResult {
            setup: Py::new(py, s)?,
            record: file.record,
        };
        return Ok((r, file.first_game, file.games));
    };
    let given = given.get();
    let s = if seed_given {
        given.copy(py)
    } else {
        given.with_seed(py, file.record.setup.seed)
    };
    file.check_continues(r#where, &s.inner, first, games)
        .map_err(ck)?;
    let board = score.map_or(Scoreboard::Money, |m| Scoreboard::Match(m.inner));
    if file.record.tally.board != board {
        let text = |b: &Scoreboard| match b {
            Scoreboard::Money => "money play".to_string(),
            Scoreboard::Match(m) => m.to_string(),
        };
        return Err(checkpoint_error(&format!(
            "the checkpoint {} was rolled out at {}, not at {}",
            r#where,
            text(&file.record.tally.board),
            text(&board)
        )));
    }
    // The decision must be one the player may make (checked again when games are played).
    info_of(&s.inner, board)?;
    let r = PyCubeRolloutResult {
        setup: Py::new(py, s)?,
        record: file.record,
    };
    Ok((r, file.first_game, file.games))
}
