//! `gammon.MatchAnalysis` and the values inside it (`GameAnalysis`, `Decision`, `Candidate`,
//! `RollLuck`, `PlayerStats`): the core's analysis (`gammon_core::analyze_matches`) as frozen
//! values, and `_analyze_matches`, which converts game records and runs it with the GIL
//! released. The analysis itself is the core's; only conversion and presentation live here.

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::Arc;

use gammon_core::eval::net::NetEvaluator;
use gammon_core::{
    analyze_matches, is_close_cube, AnalysisConfig, AnalysisError, ByColor, Candidate, Color,
    Decision, DecisionKind, Dice, GameAnalysis, GameLog, MatchAnalysis, PlayerStats, RollLuck,
    RulesFamily, Step, TurnAction, VariantPosition, MAX_ANALYSIS_PLIES,
};
use numpy::ndarray::{Array1, Array2};
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::classes::{PyPlay, PyPosition};
use crate::convert::{prune_arg, repr};
use crate::errors::{guard, IllegalActionError, InvalidInputError};
use crate::game::{act_of, Act};
use crate::match_score::PyMatchScore;
use crate::net::{shipped_policy, PyNet};
use crate::result::PyGameResult;
use crate::turn::PyTurnState;
use crate::types::{color_arg, PyColor};

/// Five probabilities and the draw: `(win, win_gammon, win_backgammon, lose_gammon,
/// lose_backgammon, draw)`.
type Probs = (f32, f32, f32, f32, f32, f32);

fn probs(p: &gammon_core::eval::Probabilities) -> Probs {
    (
        p.win,
        p.win_gammon,
        p.win_backgammon,
        p.lose_gammon,
        p.lose_backgammon,
        p.draw,
    )
}

fn dice_pair(d: Dice) -> (u8, u8) {
    (d.high(), d.low())
}

/// What `__reduce__` returns: the function that rebuilds the value, and its arguments.
type Pickled<'py, T> = PyResult<(Bound<'py, PyAny>, T)>;
/// The bytes of a value's compact form.
type Bytes<'py> = Bound<'py, PyBytes>;
/// The players' names, White's then Black's.
type Names = (String, String);

/// `InvalidInputError` for a pickled analysis value that does not read.
fn wire_error(e: &gammon_core::AnalysisWireError) -> PyErr {
    InvalidInputError::new_err(e.to_string())
}

/// The `#[pymethods]` of a frozen value class over a core value `inner` with a compact form
/// (`to_bytes`, `from_bytes`) and the plain `fields` beside it (the index of its game):
/// equality, and pickling as the compact form and the fields. The doc comments of
/// `__reduce__` and `_restore` come from the call; the class's getters (a table, as for
/// [`crate::getters::py_methods`], read from the class) and its own methods follow.
macro_rules! wire_value {
    (
        $cls:ident,
        $core:ty,
        [$($field:ident: $fty:ty),*],
        reduce: { $($reduce_doc:tt)* },
        restore: { $($restore_doc:tt)* },
        getters { $($rows:tt)* },
        { $($own:tt)* }
    ) => {
        crate::getters::py_methods!($cls, getters(|slf| slf.get()) { $($rows)* }, {
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<$cls>().is_ok_and(|o| {
                    let o = o.get();
                    o.inner == self.inner $(&& o.$field == self.$field)*
                })
            }

            $($reduce_doc)*
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Pickled<'py, (Bytes<'py>, $($fty,)*)> {
                let me = slf.get();
                let bytes = PyBytes::new(slf.py(), &me.inner.to_bytes());
                Ok((slf.getattr("_restore")?, (bytes, $(me.$field,)*)))
            }

            $($restore_doc)*
            #[staticmethod]
            fn _restore(data: &[u8], $($field: $fty),*) -> PyResult<Self> {
                Ok($cls {
                    inner: <$core>::from_bytes(data).map_err(|e| wire_error(&e))?,
                    $($field,)*
                })
            }

            $($own)*
        });
    };
}

/// `gammon.IllegalActionError` (or `InvalidInputError` for a net of another game) for a record
/// the analysis cannot read, with its place.
fn analysis_error(e: &AnalysisError) -> PyErr {
    if e.wrong_net {
        InvalidInputError::new_err(e.to_string())
    } else {
        IllegalActionError::new_err(e.to_string())
    }
}

/// One step of a game's history: an action (a ``Play``, a ``Roll`` with its dice,
/// ``Double()``, ``Resign(level)``...) with the ``TurnState`` it was taken in, which tells a
/// Long Nardy surrender (LN-36) from a backgammon resignation.
fn step_arg(obj: &Bound<'_, PyAny>) -> PyResult<Step> {
    let bad = || {
        InvalidInputError::new_err(format!(
            "a step of a game's history is an (action, TurnState) pair, not {}",
            repr(obj)
        ))
    };
    let (action, before): (Bound<'_, PyAny>, PyTurnState) = obj.extract().map_err(|_| bad())?;
    let before = before.inner;
    Ok(match act_of(&action) {
        Some(Act::Play(p)) => Step::Play(p.play),
        Some(Act::Roll(Some((a, b)))) => Step::Roll(a, b),
        Some(Act::Roll(None)) => {
            return Err(InvalidInputError::new_err(
                "a game history holds a roll without dice",
            ))
        }
        Some(Act::Other(TurnAction::Resign { player, .. })) if before.nardy.is_some() => {
            Step::Surrender(player.unwrap_or_else(|| before.to_act()))
        }
        Some(Act::Other(word)) => match word {
            TurnAction::Double => Step::Double,
            TurnAction::Take => Step::Take,
            TurnAction::Drop => Step::Drop,
            TurnAction::Beaver => Step::Beaver,
            TurnAction::Raccoon => Step::Raccoon,
            TurnAction::Resign { level, .. } => Step::Resign(level),
            TurnAction::Accept => Step::Accept,
            TurnAction::Decline => Step::Decline,
            TurnAction::EmptyPlay => Step::EmptyPlay,
            TurnAction::Roll | TurnAction::Play(_) => return Err(bad()),
        },
        None => {
            return Err(InvalidInputError::new_err(format!(
                "not an action of a game: {}",
                repr(&action)
            )))
        }
    })
}

fn game_arg(obj: &Bound<'_, PyAny>) -> PyResult<GameLog> {
    let bad = || {
        InvalidInputError::new_err(format!(
            "a game record is a (TurnState, history) pair, not {}",
            repr(obj)
        ))
    };
    let (start, steps): (PyTurnState, Vec<Bound<'_, PyAny>>) = obj.extract().map_err(|_| bad())?;
    let steps = steps.iter().map(step_arg).collect::<PyResult<Vec<_>>>()?;
    Ok(GameLog {
        start: start.inner,
        steps,
    })
}

/// A checker play of a decision with its value for the mover: ``play``, ``equity`` (cubeful,
/// normalised: per unit of cube in money play, gnubg's EMG in a match), ``probabilities``
/// (the mover's cubeless ``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon,
/// draw)`` after it) and the ``plies`` it was valued at. Frozen.
#[pyclass(name = "Candidate", module = "gammon", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct PyCandidate {
    inner: Candidate,
    before: VariantPosition,
    dice: Dice,
}

#[pymethods]
impl PyCandidate {
    /// The play.
    #[getter]
    fn play(&self) -> PyPlay {
        PyPlay {
            before: self.before,
            dice: self.dice,
            play: self.inner.play,
        }
    }

    /// The mover's cubeful normalised equity after the play.
    #[getter]
    fn equity(&self) -> f64 {
        self.inner.equity
    }

    /// The mover's cubeless probabilities after the play.
    #[getter]
    fn probabilities(&self) -> Probs {
        probs(&self.inner.probabilities)
    }

    /// The depth the play was valued at.
    #[getter]
    fn plies(&self) -> u32 {
        self.inner.plies
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyCandidate>().is_ok_and(|o| {
            let o = o.get();
            (o.inner, o.before, o.dice) == (self.inner, self.before, self.dice)
        })
    }

    /// Pickling: the core's compact form of the candidate, the position before it and the
    /// roll.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Pickled<'py, (Bytes<'py>, PyPosition, (u8, u8))> {
        let me = slf.get();
        let before = PyPosition { inner: me.before };
        let bytes = PyBytes::new(slf.py(), &me.inner.to_bytes());
        Ok((
            slf.getattr("_restore")?,
            (bytes, before, dice_pair(me.dice)),
        ))
    }

    /// Rebuilds a pickled candidate (unpickling only).
    #[staticmethod]
    fn _restore(data: &[u8], before: PyRef<'_, PyPosition>, dice: (u8, u8)) -> PyResult<Self> {
        let dice =
            Dice::new(dice.0, dice.1).map_err(|e| InvalidInputError::new_err(e.to_string()))?;
        Ok(PyCandidate {
            inner: Candidate::from_bytes(data).map_err(|e| wire_error(&e))?,
            before: before.inner,
            dice,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Candidate {} {:+.3} ({}-ply)>",
            self.before.format_play(&self.inner.play),
            self.inner.equity,
            self.inner.plies
        )
    }
}

/// One decision of a game and what the analysis made of it (see ``gammon.analyze``).
///
/// ``kind`` is ``"play"`` (a checker play with a choice), ``"no double"`` (the player could
/// double and rolled), ``"double"``, ``"take"``, ``"drop"`` or ``"beaver"``. ``loss`` is the
/// normalised equity lost (at least 0), ``cost`` the same in the game's unit (points in
/// money play, match winning chance in a match), ``skill`` gnubg's mark: ``""``,
/// ``"doubtful"``, ``"bad"`` or ``"very bad"``. Checker plays have ``candidates`` (best
/// first), ``played`` and ``best``; cube actions the doubler's ``no_double``,
/// ``double_take`` and ``double_pass`` equities and the ``right_action``. Frozen.
#[pyclass(name = "Decision", module = "gammon", frozen)]
#[derive(Clone, Debug)]
pub struct PyDecision {
    inner: Decision,
    game: usize,
}

impl PyDecision {
    fn candidate(&self, c: &Candidate) -> PyCandidate {
        PyCandidate {
            inner: *c,
            before: self.inner.position,
            dice: self.inner.dice.unwrap_or(Dice::new_unchecked(1, 1)),
        }
    }

    fn text(&self) -> String {
        let d = &self.inner;
        let mut s = format!(
            "game {} move {} {} ",
            self.game + 1,
            d.move_number,
            d.player
        );
        if let (Some(dice), Some(played), Some(best)) = (d.dice, d.played_candidate(), d.best()) {
            let _ = write!(
                s,
                "{}{}: played {} ({:+.3}), best {} ({:+.3})",
                dice.high(),
                dice.low(),
                d.position.format_play(&played.play),
                played.equity,
                d.position.format_play(&best.play),
                best.equity
            );
        } else if let Some(eq) = d.cube_decision {
            let _ = write!(
                s,
                "{}: {}; no double {:+.3}, double/take {:+.3}, double/pass {:+.3}",
                d.kind.name(),
                eq.action(),
                eq.no_double,
                eq.double_take,
                eq.double_pass
            );
        }
        let _ = write!(s, "; loss {:.3}", d.loss);
        if d.skill.is_error() {
            let _ = write!(s, " ({})", d.skill.name());
        }
        s
    }
}

wire_value!(
    PyDecision,
    Decision,
    [game: usize],
    reduce: {
    /// Pickling: the core's compact form of the decision and the index of its game.
    },
    restore: {
    /// Rebuilds a pickled decision (unpickling only).
    },
    getters {
    /// What the player did: ``"play"``, ``"no double"``, ``"double"``, ``"take"``,
    /// ``"drop"`` or ``"beaver"``.
    kind -> &'static str: |me| me.inner.kind.name();

    /// The player who decided.
    player -> PyColor: |me| me.inner.player.into();

    /// The index of the game in its match (from 0).
    game -> usize: |me| me.game;

    /// The index of the action in the game's record (from 0).
    step -> usize: |me| me.inner.step;

    /// The move number, as a ``.mat`` file numbers its lines (from 1).
    move_number -> u32: |me| me.inner.move_number;

    /// The roll of a checker play, larger die first; ``None`` for a cube action.
    dice -> Option<(u8, u8)>: |me| me.inner.dice.map(dice_pair);

    /// The cube's value before the decision.
    cube_value -> u32: |me| me.inner.cube.value;

    /// The cube's owner before the decision (``None``: centred).
    cube_owner -> Option<PyColor>: |me| me.inner.cube.owner.map(Into::into);

    /// The played candidate (checker plays).
    played -> Option<PyCandidate>: |me| me.inner.played_candidate().map(|c| me.candidate(c));

    /// The best candidate (checker plays).
    best -> Option<PyCandidate>: |me| me.inner.best().map(|c| me.candidate(c));

    /// The number of distinct legal plays (checker plays; 0 for cube actions).
    legal_plays -> usize: |me| me.inner.legal_plays;

    /// The doubler's normalised equity playing on (cube actions).
    no_double -> Option<f64>: |me| me.inner.cube_decision.map(|e| e.no_double);

    /// The doubler's normalised equity after double, take (cube actions).
    double_take -> Option<f64>: |me| me.inner.cube_decision.map(|e| e.double_take);

    /// The doubler's normalised equity after double, pass: +1 (cube actions).
    double_pass -> Option<f64>: |me| me.inner.cube_decision.map(|e| e.double_pass);

    /// The proper action, in gnubg's words, as ``gammon.cube_decision`` gives it: ``"No
    /// double, take"``, ``"Double, take"``, ``"Double, pass"``, ``"Too good to redouble,
    /// pass"``, ``"No double, beaver"``, ``"Optional double, take"``, ... (cube actions).
    right_action -> Option<String>: |me| me.inner.cube_decision.map(|e| e.action());

    /// The doubler's cubeless probabilities before the roll (cube actions).
    probabilities -> Option<Probs>: |me| me.inner.cube_decision.map(|e| probs(&e.probabilities));

    /// The normalised equity lost (at least 0).
    loss -> f64: |me| me.inner.loss;

    /// The loss in the game's unit: points (money play) or match winning chance (a match).
    cost -> f64: |me| me.inner.cost;

    /// gnubg's mark: ``""``, ``"doubtful"``, ``"bad"`` or ``"very bad"``.
    skill -> &'static str: |me| me.inner.skill.name();

    /// True when the decision is marked doubtful or worse.
    is_error -> bool: |me| me.inner.skill.is_error();

    /// The position, its player on roll (for a take or drop: the doubler).
    position -> PyPosition: |me| PyPosition { inner: me.inner.position };

    /// The plays valued (checker plays), best first: at most 8, the played one among them.
    candidates -> Vec<PyCandidate>: |me| {
        me.inner.candidates.iter().map(|c| me.candidate(c)).collect()
    };

    /// The match score when the game began, or ``None`` in money play.
    match_score -> Option<PyMatchScore>: |me| {
        me.inner.board.as_match().map(|m| PyMatchScore { inner: *m })
    };
    },
    {
    /// True for a close cube decision (within 0.16 of doubling, or any double, take or
    /// drop); ``None`` for a checker play.
    #[getter]
    fn is_close(&self) -> Option<bool> {
        let d = &self.inner;
        d.cube_decision
            .map(|e| d.kind != DecisionKind::NoDouble || is_close_cube(&e))
    }

    fn __repr__(&self) -> String {
        format!("<Decision {}>", self.text())
    }

    fn __str__(&self) -> String {
        self.text()
    }
});

/// The luck of one roll: the roll's value (its best play's, at 0 ply) against the average
/// over the 21 rolls (over the 30 ways the opening roll falls), gnubg's luck. ``before`` is
/// that average (the roller's normalised equity before the roll), ``luck`` the difference,
/// ``cost`` the luck in the game's unit and ``standing`` the roller's expected points (money)
/// or match winning chance (a match) before the roll. ``mark`` is ``"very lucky"``,
/// ``"lucky"``, ``""``, ``"unlucky"`` or ``"very unlucky"``. Frozen.
#[pyclass(name = "RollLuck", module = "gammon", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct PyRollLuck {
    inner: RollLuck,
    game: usize,
}

wire_value!(
    PyRollLuck,
    RollLuck,
    [game: usize],
    reduce: {
    /// Pickling: the core's compact form of the roll's luck and the index of its game.
    },
    restore: {
    /// Rebuilds a pickled roll (unpickling only).
    },
    getters {
    /// The player who rolled.
    player -> PyColor: |me| me.inner.player.into();

    /// The index of the game in its match.
    game -> usize: |me| me.game;

    /// The index of the roll in the game's record.
    step -> usize: |me| me.inner.step;

    /// The move number.
    move_number -> u32: |me| me.inner.move_number;

    /// The roll, larger die first.
    dice -> (u8, u8): |me| dice_pair(me.inner.dice);

    /// True for the opening roll.
    opening -> bool: |me| me.inner.opening;

    /// The roller's normalised equity before the roll.
    before -> f64: |me| me.inner.before;

    /// The roll's value less the average roll's (normalised).
    luck -> f64: |me| me.inner.luck;

    /// The luck in the game's unit.
    cost -> f64: |me| me.inner.cost;

    /// The roller's expected points (money) or match winning chance (a match) before the
    /// roll.
    standing -> f64: |me| me.inner.standing;

    /// gnubg's mark of the roll.
    mark -> &'static str: |me| me.inner.mark.name();
    },
    {
    fn __repr__(&self) -> String {
        format!(
            "<RollLuck game {} move {} {} {}{}: {:+.3}>",
            self.game + 1,
            self.inner.move_number,
            self.inner.player,
            self.inner.dice.high(),
            self.inner.dice.low(),
            self.inner.luck
        )
    }
});

/// One player's statistics over a game or a match, as gnubg keeps them. Losses are
/// normalised equity (gnubg's EMG), costs the game's unit (points in money play, match
/// winning chance in a match). The error rates are per unforced move (checker play), per
/// close cube decision (cube) and per both (overall); gnubg prints them times 1000 as
/// "mEMG". Frozen.
#[pyclass(name = "PlayerStats", module = "gammon", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct PyPlayerStats {
    inner: PlayerStats,
}

/// The names of the statistics `PlayerStats.as_dict` and `analysis_arrays` give, with how
/// to read each from the core's value.
/// How one statistic is read from the core's value.
type Stat = (&'static str, fn(&PlayerStats) -> f64);

const STATS: [Stat; 30] = [
    ("moves", |s| f64::from(s.moves)),
    ("unforced", |s| f64::from(s.unforced)),
    ("checker_loss", |s| s.checker_loss),
    ("checker_cost", |s| s.checker_cost),
    ("checker_error_rate", PlayerStats::checker_error_rate),
    ("checker_cost_rate", PlayerStats::checker_cost_rate),
    ("doubtful", |s| f64::from(s.checker_marks[1])),
    ("bad", |s| f64::from(s.checker_marks[2])),
    ("very_bad", |s| f64::from(s.checker_marks[3])),
    ("cube_decisions", |s| f64::from(s.cube_decisions)),
    ("close_cube", |s| f64::from(s.close_cube)),
    ("doubles", |s| f64::from(s.doubles)),
    ("takes", |s| f64::from(s.takes)),
    ("drops", |s| f64::from(s.drops)),
    ("missed_doubles", |s| {
        f64::from(s.missed_double_below_cash.count + s.missed_double_above_cash.count)
    }),
    ("wrong_doubles", |s| {
        f64::from(s.wrong_double_below_double_point.count + s.wrong_double_above_too_good.count)
    }),
    ("wrong_takes", |s| f64::from(s.wrong_take.count)),
    ("wrong_drops", |s| f64::from(s.wrong_drop.count)),
    ("cube_loss", |s| s.cube_loss),
    ("cube_cost", |s| s.cube_cost),
    ("cube_error_rate", PlayerStats::cube_error_rate),
    ("cube_cost_rate", PlayerStats::cube_cost_rate),
    ("overall_error_rate", PlayerStats::overall_error_rate),
    ("overall_cost_rate", PlayerStats::overall_cost_rate),
    ("rolls", |s| f64::from(s.rolls)),
    ("luck", |s| s.luck),
    ("luck_cost", |s| s.luck_cost),
    ("very_lucky", |s| f64::from(s.luck_marks[4])),
    ("result", |s| s.result),
    ("luck_adjusted", |s| s.luck_adjusted),
];

wire_value!(
    PyPlayerStats,
    PlayerStats,
    [],
    reduce: {
    /// Pickling: the core's compact form of the statistics.
    },
    restore: {
    /// Rebuilds pickled statistics (unpickling only).
    },
    getters {
    /// Checker moves, forced ones and passes included (gnubg's "total moves").
    moves -> u32: |me| me.inner.moves;

    /// Moves with a choice of plays (gnubg's "unforced moves").
    unforced -> u32: |me| me.inner.unforced;

    /// The checker plays' total loss (normalised).
    checker_loss -> f64: |me| me.inner.checker_loss;

    /// The checker plays' total cost (points or match winning chance).
    checker_cost -> f64: |me| me.inner.checker_cost;

    /// Loss per unforced move (normalised).
    checker_error_rate -> f64: |me| me.inner.checker_error_rate();

    /// Cost per unforced move.
    checker_cost_rate -> f64: |me| me.inner.checker_cost_rate();

    /// Cube decisions: the turns the player could double, and each double, take and drop.
    cube_decisions -> u32: |me| me.inner.cube_decisions;

    /// Close cube decisions (gnubg's "close or actual").
    close_cube -> u32: |me| me.inner.close_cube;

    /// Doubles made.
    doubles -> u32: |me| me.inner.doubles;

    /// Doubles taken (beavers included).
    takes -> u32: |me| me.inner.takes;

    /// Doubles dropped.
    drops -> u32: |me| me.inner.drops;

    /// The cube actions' total loss (normalised).
    cube_loss -> f64: |me| me.inner.cube_loss;

    /// The cube actions' total cost.
    cube_cost -> f64: |me| me.inner.cube_cost;

    /// Loss per close cube decision (normalised).
    cube_error_rate -> f64: |me| me.inner.cube_error_rate();

    /// Cost per close cube decision.
    cube_cost_rate -> f64: |me| me.inner.cube_cost_rate();

    /// Loss per unforced move and close cube decision (normalised).
    overall_error_rate -> f64: |me| me.inner.overall_error_rate();

    /// Cost per unforced move and close cube decision.
    overall_cost_rate -> f64: |me| me.inner.overall_cost_rate();

    /// gnubg's rating of the overall error rate (``"Awful!"`` ... ``"Supernatural"``), or
    /// ``None`` without a decision.
    rating -> Option<&'static str>: |me| me.inner.rating().map(gammon_core::Rating::name);

    /// Rolls.
    rolls -> u32: |me| me.inner.rolls;

    /// The rolls' total luck (normalised).
    luck -> f64: |me| me.inner.luck;

    /// The luck in the game's unit.
    luck_cost -> f64: |me| me.inner.luck_cost;

    /// Points won (money) or match winning chance gained (a match); negative for a loss.
    result -> f64: |me| me.inner.result;

    /// The result less the player's luck and plus the opponent's.
    luck_adjusted -> f64: |me| me.inner.luck_adjusted;
    },
    {
    /// Moves by mark: ``{"": n, "doubtful": n, "bad": n, "very bad": n}``.
    #[getter]
    fn checker_marks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for s in gammon_core::Skill::ALL {
            d.set_item(s.name(), self.inner.checker_marks[s as usize])?;
        }
        Ok(d)
    }

    /// Cube errors by kind: ``{kind: (count, loss, cost)}`` for ``"missed double below
    /// cash point"``, ``"missed double above cash point"``, ``"wrong double below double
    /// point"``, ``"wrong double above too good point"``, ``"wrong take"``, ``"wrong drop"``.
    #[getter]
    fn cube_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = &self.inner;
        let d = PyDict::new(py);
        for (name, t) in [
            ("missed double below cash point", s.missed_double_below_cash),
            ("missed double above cash point", s.missed_double_above_cash),
            (
                "wrong double below double point",
                s.wrong_double_below_double_point,
            ),
            (
                "wrong double above too good point",
                s.wrong_double_above_too_good,
            ),
            ("wrong take", s.wrong_take),
            ("wrong drop", s.wrong_drop),
        ] {
            d.set_item(name, (t.count, t.loss, t.cost))?;
        }
        Ok(d)
    }

    /// Rolls by mark: ``{"very unlucky": n, "unlucky": n, "": n, "lucky": n, "very lucky":
    /// n}``.
    #[getter]
    fn luck_marks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for m in gammon_core::LuckMark::ALL {
            d.set_item(m.name(), self.inner.luck_marks[m as usize])?;
        }
        Ok(d)
    }

    /// The statistics as a ``dict`` of numbers (the keys of ``gammon.analysis_arrays``).
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, get) in STATS {
            d.set_item(name, get(&self.inner))?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let s = &self.inner;
        format!(
            "<PlayerStats {} unforced moves, checker error rate {:.4}, {} close cube \
             decisions, cube error rate {:.4}, luck {:+.3}>",
            s.unforced,
            s.checker_error_rate(),
            s.close_cube,
            s.cube_error_rate(),
            s.luck
        )
    }
});

/// How a money session or a match is presented: its length (0 for money) and names.
#[derive(Clone, Debug, PartialEq)]
struct Labels {
    length: u32,
    names: ByColor<String>,
    plies: u32,
    /// Long Nardy games (no cube, no match).
    nardy: bool,
}

impl Labels {
    fn unit(&self) -> &'static str {
        if self.length == 0 {
            "points"
        } else {
            "MWC"
        }
    }

    /// A cost in the unit: points with 3 decimals, or MWC in percent.
    fn cost(&self, v: f64) -> String {
        if self.length == 0 {
            format!("{v:+.3}")
        } else {
            format!("{:+.2}%", 100.0 * v)
        }
    }
}

/// The rows of the summary table of `stats`: a label and the value of each player (White,
/// Black), as printed. The text table (`summary`) and the HTML page show these.
fn summary_rows(labels: &Labels, stats: &ByColor<PlayerStats>) -> Vec<(String, [String; 2])> {
    let cols = [Color::White, Color::Black];
    let mut rows: Vec<(String, [String; 2])> = Vec::new();
    let mut row = |name: &str, f: &dyn Fn(&PlayerStats) -> String| {
        rows.push((name.to_owned(), cols.map(|c| f(&stats[c]))));
    };
    let unit = labels.unit();
    row("Checker play: moves (unforced)", &|s| {
        format!("{} ({})", s.moves, s.unforced)
    });
    row("  marked doubtful / bad / very bad", &|s| {
        format!(
            "{} / {} / {}",
            s.checker_marks[1], s.checker_marks[2], s.checker_marks[3]
        )
    });
    row(&format!("  error total EMG ({unit})"), &|s| {
        format!(
            "{:+.3} ({})",
            0.0 - s.checker_loss,
            labels.cost(0.0 - s.checker_cost)
        )
    });
    row(&format!("  error rate mEMG ({unit})"), &|s| {
        format!(
            "{:+.1} ({})",
            0.0 - 1000.0 * s.checker_error_rate(),
            labels.cost(0.0 - s.checker_cost_rate())
        )
    });
    row("Cube: decisions (close or actual)", &|s| {
        format!("{} ({})", s.cube_decisions, s.close_cube)
    });
    row("  doubles / takes / drops", &|s| {
        format!("{} / {} / {}", s.doubles, s.takes, s.drops)
    });
    row("  missed / wrong doubles", &|s| {
        format!(
            "{} / {}",
            s.missed_double_below_cash.count + s.missed_double_above_cash.count,
            s.wrong_double_below_double_point.count + s.wrong_double_above_too_good.count
        )
    });
    row("  wrong takes / wrong drops", &|s| {
        format!("{} / {}", s.wrong_take.count, s.wrong_drop.count)
    });
    row(&format!("  error rate mEMG ({unit})"), &|s| {
        format!(
            "{:+.1} ({})",
            0.0 - 1000.0 * s.cube_error_rate(),
            labels.cost(0.0 - s.cube_cost_rate())
        )
    });
    row("Luck: very lucky / lucky", &|s| {
        format!("{} / {}", s.luck_marks[4], s.luck_marks[3])
    });
    row("  unlucky / very unlucky", &|s| {
        format!("{} / {}", s.luck_marks[1], s.luck_marks[0])
    });
    row(&format!("  luck total EMG ({unit})"), &|s| {
        format!("{:+.3} ({})", s.luck, labels.cost(s.luck_cost))
    });
    row(&format!("Overall: error rate mEMG ({unit})"), &|s| {
        format!(
            "{:+.1} ({})",
            0.0 - 1000.0 * s.overall_error_rate(),
            labels.cost(0.0 - s.overall_cost_rate())
        )
    });
    row("  rating", &|s| {
        s.rating().map_or("n/a".to_owned(), |r| r.name().to_owned())
    });
    row(&format!("  result ({unit})"), &|s| labels.cost(s.result));
    row(&format!("  luck-adjusted result ({unit})"), &|s| {
        labels.cost(s.luck_adjusted)
    });
    rows
}

/// The summary table of `stats` (one column per player) under `title`.
fn summary(labels: &Labels, stats: &ByColor<PlayerStats>, title: &str) -> String {
    let cols = [Color::White, Color::Black];
    let rows = summary_rows(labels, stats);
    let w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let c = rows
        .iter()
        .flat_map(|r| r.1.iter().map(|x| x.chars().count()))
        .chain(cols.iter().map(|&c| labels.names[c].chars().count()))
        .max()
        .unwrap_or(0)
        .max(10);
    let mut out = format!("{title}\n");
    let _ = writeln!(
        out,
        "{:w$}  {:>c$}  {:>c$}",
        "", labels.names.white, labels.names.black
    );
    for (name, v) in rows {
        let _ = writeln!(out, "{name:w$}  {:>c$}  {:>c$}", v[0], v[1]);
    }
    out
}

fn what(labels: &Labels, games: usize) -> String {
    let play = if labels.nardy {
        "Long Nardy".to_owned()
    } else if labels.length == 0 {
        "money session".to_owned()
    } else {
        format!("{}-point match", labels.length)
    };
    let s = if games == 1 { "" } else { "s" };
    format!("{play}, {games} game{s}, analysed at {} ply", labels.plies)
}

fn stats_of(stats: &ByColor<PlayerStats>, player: &Bound<'_, PyAny>) -> PyResult<PyPlayerStats> {
    Ok(PyPlayerStats {
        inner: stats[color_arg(player)?],
    })
}

/// The decisions of `games`, the worst first, `n` at most, of `kind` when given.
fn worst(
    games: &[(usize, &GameAnalysis)],
    n: usize,
    kind: Option<&str>,
    errors_only: bool,
) -> Vec<PyDecision> {
    let mut all: Vec<PyDecision> = games
        .iter()
        .flat_map(|(g, a)| {
            a.decisions.iter().map(move |d| PyDecision {
                inner: d.clone(),
                game: *g,
            })
        })
        .filter(|d| {
            kind.map_or(true, |k| {
                k == d.inner.kind.name() || (k == "cube" && d.inner.kind.is_cube())
            })
        })
        .filter(|d| !errors_only || d.inner.skill.is_error())
        .collect();
    all.sort_by(|a, b| b.inner.loss.total_cmp(&a.inner.loss));
    all.truncate(n);
    all
}

/// One game analysed (part of a ``MatchAnalysis``): its ``decisions`` and ``rolls`` in order,
/// the ``result`` and each player's statistics (``stats(color)``, ``white``, ``black``).
/// Frozen.
#[pyclass(name = "GameAnalysis", module = "gammon", frozen)]
pub struct PyGameAnalysis {
    analysis: Arc<MatchAnalysis>,
    index: usize,
    labels: Arc<Labels>,
}

impl PyGameAnalysis {
    fn game(&self) -> &GameAnalysis {
        &self.analysis.games[self.index]
    }
}

#[pymethods]
impl PyGameAnalysis {
    /// The index of the game in its match (from 0).
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The decisions, in the order they were taken.
    #[getter]
    fn decisions(&self) -> Vec<PyDecision> {
        self.game()
            .decisions
            .iter()
            .map(|d| PyDecision {
                inner: d.clone(),
                game: self.index,
            })
            .collect()
    }

    /// The rolls' luck, in order.
    #[getter]
    fn rolls(&self) -> Vec<PyRollLuck> {
        self.game()
            .rolls
            .iter()
            .map(|r| PyRollLuck {
                inner: *r,
                game: self.index,
            })
            .collect()
    }

    /// How the game ended, or ``None`` when the record stops before the end.
    #[getter]
    fn result(&self) -> Option<PyGameResult> {
        self.game().result.map(|r| PyGameResult { inner: r })
    }

    /// The match score when the game began, or ``None`` in money play.
    #[getter]
    fn match_score(&self) -> Option<PyMatchScore> {
        self.game()
            .board
            .as_match()
            .map(|m| PyMatchScore { inner: *m })
    }

    /// The statistics of ``player`` (a ``Color``) in this game.
    fn stats(&self, player: &Bound<'_, PyAny>) -> PyResult<PyPlayerStats> {
        stats_of(&self.game().stats, player)
    }

    /// White's statistics in this game.
    #[getter]
    fn white(&self) -> PyPlayerStats {
        PyPlayerStats {
            inner: self.game().stats.white,
        }
    }

    /// Black's statistics in this game.
    #[getter]
    fn black(&self) -> PyPlayerStats {
        PyPlayerStats {
            inner: self.game().stats.black,
        }
    }

    /// The worst ``n`` decisions of the game, the greatest loss first (``kind``: one kind,
    /// or ``"cube"`` for the cube actions; ``errors``: only those marked doubtful or worse).
    #[pyo3(signature = (n=10, *, kind=None, errors=false))]
    fn worst(&self, n: usize, kind: Option<&str>, errors: bool) -> Vec<PyDecision> {
        worst(&[(self.index, self.game())], n, kind, errors)
    }

    /// Equal when both are the same game of equal analyses.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGameAnalysis>().is_ok_and(|o| {
            let o = o.get();
            o.index == self.index && o.analysis == self.analysis && o.labels == self.labels
        })
    }

    /// Pickling: the analysis of its match (as ``MatchAnalysis`` pickles) and its index.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Pickled<'py, (PyMatchAnalysis, usize)> {
        let me = slf.get();
        let whole = PyMatchAnalysis {
            analysis: me.analysis.clone(),
            labels: me.labels.clone(),
        };
        Ok((slf.getattr("_restore")?, (whole, me.index)))
    }

    /// Rebuilds a pickled game analysis (unpickling only).
    #[staticmethod]
    fn _restore(whole: PyRef<'_, PyMatchAnalysis>, index: usize) -> PyResult<PyGameAnalysis> {
        if index >= whole.analysis.games.len() {
            return Err(InvalidInputError::new_err(format!(
                "game {index} of an analysis of {} games",
                whole.analysis.games.len()
            )));
        }
        Ok(PyGameAnalysis {
            analysis: whole.analysis.clone(),
            index,
            labels: whole.labels.clone(),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<GameAnalysis game {}: {} decisions, {} rolls>",
            self.index + 1,
            self.game().decisions.len(),
            self.game().rolls.len()
        )
    }

    fn __str__(&self) -> String {
        let title = format!("Game {}: {}", self.index + 1, what(&self.labels, 1));
        summary(&self.labels, &self.game().stats, &title)
    }
}

/// A match or money session analysed (``gammon.analyze`` returns one): its ``games`` and each
/// player's totals (``stats(color)``, ``white``, ``black``). ``str()`` is a summary table as
/// gnubg's statistics; ``worst(n)`` lists the worst decisions. Frozen; ``len()`` is the
/// number of games.
#[pyclass(name = "MatchAnalysis", module = "gammon", frozen)]
pub struct PyMatchAnalysis {
    analysis: Arc<MatchAnalysis>,
    labels: Arc<Labels>,
}

#[pymethods]
impl PyMatchAnalysis {
    /// The games, in order.
    #[getter]
    fn games(&self) -> Vec<PyGameAnalysis> {
        (0..self.analysis.games.len())
            .map(|index| PyGameAnalysis {
                analysis: self.analysis.clone(),
                index,
                labels: self.labels.clone(),
            })
            .collect()
    }

    /// The match length (0 for money play).
    #[getter]
    fn length(&self) -> u32 {
        self.labels.length
    }

    /// The players' names, ``(white, black)``.
    #[getter]
    fn names(&self) -> (String, String) {
        (
            self.labels.names.white.clone(),
            self.labels.names.black.clone(),
        )
    }

    /// The depth of the analysis (0, 1 or 2 plies).
    #[getter]
    fn plies(&self) -> u32 {
        self.analysis.plies
    }

    /// Every decision of every game, in order.
    #[getter]
    fn decisions(&self) -> Vec<PyDecision> {
        self.analysis
            .games
            .iter()
            .enumerate()
            .flat_map(|(g, a)| {
                a.decisions.iter().map(move |d| PyDecision {
                    inner: d.clone(),
                    game: g,
                })
            })
            .collect()
    }

    /// The statistics of ``player`` (a ``Color``) over the match.
    fn stats(&self, player: &Bound<'_, PyAny>) -> PyResult<PyPlayerStats> {
        stats_of(&self.analysis.stats, player)
    }

    /// White's statistics over the match.
    #[getter]
    fn white(&self) -> PyPlayerStats {
        PyPlayerStats {
            inner: self.analysis.stats.white,
        }
    }

    /// Black's statistics over the match.
    #[getter]
    fn black(&self) -> PyPlayerStats {
        PyPlayerStats {
            inner: self.analysis.stats.black,
        }
    }

    /// The worst ``n`` decisions of the match, the greatest loss first (``kind``: one kind,
    /// or ``"cube"`` for the cube actions; ``errors``: only those marked doubtful or worse).
    #[pyo3(signature = (n=10, *, kind=None, errors=false))]
    fn worst(&self, n: usize, kind: Option<&str>, errors: bool) -> Vec<PyDecision> {
        let games: Vec<(usize, &GameAnalysis)> = self.analysis.games.iter().enumerate().collect();
        worst(&games, n, kind, errors)
    }

    /// The rows of the summary table ``str()`` prints, ``(label, white, black)``, the values
    /// as printed there (a row of a group starts with two spaces).
    fn summary_rows(&self) -> Vec<(String, String, String)> {
        summary_rows(&self.labels, &self.analysis.stats)
            .into_iter()
            .map(|(label, [white, black])| (label, white, black))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.analysis.games.len()
    }

    /// Equal when both hold the same games valued alike, float for float, with the same
    /// names and length (as an analysis and its pickled copy are).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMatchAnalysis>().is_ok_and(|o| {
            let o = o.get();
            o.analysis == self.analysis && o.labels == self.labels
        })
    }

    /// Pickling (an analysis comes back from a process pool or a Dask worker): the core's
    /// compact binary form of the analysis (``MatchAnalysis::to_bytes``), the length, the
    /// names and whether it is of Long Nardy games.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Pickled<'py, (Bytes<'py>, u32, Names, bool)> {
        let me = slf.get();
        let l = &me.labels;
        Ok((
            slf.getattr("_restore")?,
            (
                PyBytes::new(slf.py(), &me.analysis.to_bytes()),
                l.length,
                (l.names.white.clone(), l.names.black.clone()),
                l.nardy,
            ),
        ))
    }

    /// Rebuilds a pickled analysis (unpickling only). Raises ``InvalidInputError`` for bytes
    /// that are not an analysis of this version.
    #[staticmethod]
    fn _restore(
        data: &[u8],
        length: u32,
        names: (String, String),
        nardy: bool,
    ) -> PyResult<PyMatchAnalysis> {
        let analysis = MatchAnalysis::from_bytes(data).map_err(|e| wire_error(&e))?;
        Ok(PyMatchAnalysis {
            labels: Arc::new(Labels {
                length,
                names: ByColor {
                    white: names.0,
                    black: names.1,
                },
                plies: analysis.plies,
                nardy,
            }),
            analysis: Arc::new(analysis),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<MatchAnalysis {}: {} vs {}>",
            what(&self.labels, self.analysis.games.len()),
            self.labels.names.white,
            self.labels.names.black
        )
    }

    fn __str__(&self) -> String {
        let title = format!(
            "{} vs {}: {}",
            self.labels.names.white,
            self.labels.names.black,
            what(&self.labels, self.analysis.games.len())
        );
        summary(&self.labels, &self.analysis.stats, &title)
    }
}

/// Analyses ``matches`` (each a list of game records: ``(TurnState, history)``, the
/// history as `step_arg` reads it) at ``plies`` with ``net`` (the shipped nets of each
/// game's variant when ``None``) on ``threads`` threads (0: one per core), and returns one
/// ``MatchAnalysis`` per match with its ``names`` (``(white, black)``) and length.
/// ``prune`` (the shipped nets only) is the plays of each roll the pruning net keeps inside the
/// searches (``None``: 2; 0: no pruning). ``callback(games_done, games, seconds)`` is called
/// as games finish; an exception it raises
/// (``KeyboardInterrupt`` included) stops the analysis and is raised.
///
/// Raises ``IllegalActionError`` naming the match, game and action of an action the rules
/// refuse, ``InvalidInputError`` for a net of another game than a record's or bad arguments.
#[pyfunction]
#[pyo3(signature = (matches, names, lengths, plies, net=None, threads=0, callback=None, prune=None))]
#[allow(clippy::too_many_arguments)]
pub fn _analyze_matches(
    py: Python<'_>,
    matches: Vec<Vec<Bound<'_, PyAny>>>,
    names: Vec<(String, String)>,
    lengths: Vec<u32>,
    plies: u32,
    net: Option<PyRef<'_, PyNet>>,
    threads: usize,
    callback: Option<Py<PyAny>>,
    prune: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyMatchAnalysis>> {
    let prune = prune_arg(prune)?;
    if plies > MAX_ANALYSIS_PLIES {
        return Err(InvalidInputError::new_err(format!(
            "plies must be 0 to {MAX_ANALYSIS_PLIES}, not {plies}"
        )));
    }
    if names.len() != matches.len() || lengths.len() != matches.len() {
        return Err(InvalidInputError::new_err(
            "one pair of names and one length per match",
        ));
    }
    let logs = matches
        .iter()
        .map(|games| games.iter().map(game_arg).collect::<PyResult<Vec<_>>>())
        .collect::<PyResult<Vec<_>>>()?;
    // The nets: the user's (checked against every game's variant by the analysis), or the
    // shipped nets of each rules family the records hold.
    let mut policies = Vec::new();
    match &net {
        Some(n) => policies.push(n.policy.clone()),
        None => {
            for family in [RulesFamily::Backgammon, RulesFamily::LongNardy] {
                let used = logs
                    .iter()
                    .flatten()
                    .any(|g| g.start.position.variant().family() == family);
                if used {
                    policies.push(shipped_policy(family)?);
                }
            }
        }
    }
    let mut config = AnalysisConfig::new(plies);
    // Nets of one's own are never pruned, whatever `prune` says (`AnalysisConfig::prune_keep`).
    config.prune = prune.map(|k| k as usize);
    let mut callback_error: Option<PyErr> = None;
    let result = {
        let callback_error = &mut callback_error;
        let mut report = |p: &gammon_core::AnalysisProgress| -> ControlFlow<()> {
            Python::attach(|py| {
                let args = (p.games_done, p.games, p.elapsed.as_secs_f64());
                let r = py.check_signals().and_then(|()| match &callback {
                    Some(cb) => cb.call1(py, args).map(|_| ()),
                    None => Ok(()),
                });
                match r {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        callback_error.get_or_insert(e);
                        ControlFlow::Break(())
                    }
                }
            })
        };
        py.detach(|| {
            guard(|| {
                let nets: Vec<&NetEvaluator> = policies.iter().map(|p| p.nets()).collect();
                analyze_matches(&logs, &nets, &config, threads, &mut report)
                    .map_err(|e| analysis_error(&e))
            })
        })?
    };
    if let Some(e) = callback_error {
        return Err(e);
    }
    let Some(analyses) = result else {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "the analysis was interrupted",
        ));
    };
    Ok(analyses
        .into_iter()
        .zip(names.into_iter().zip(lengths))
        .zip(&logs)
        .map(|((a, ((white, black), length)), games)| PyMatchAnalysis {
            labels: Arc::new(Labels {
                length,
                names: ByColor { white, black },
                plies: a.plies,
                nardy: games
                    .first()
                    .is_some_and(|g| g.start.position.variant().family() == RulesFamily::LongNardy),
            }),
            analysis: Arc::new(a),
        })
        .collect())
}

/// The statistics of many analyses as NumPy arrays: ``{name: array of shape (len(analyses),
/// 2)}``, column 0 White and column 1 Black, for every name of ``PlayerStats.as_dict``.
#[pyfunction]
pub fn _analysis_arrays<'py>(
    py: Python<'py>,
    analyses: Vec<PyRef<'py, PyMatchAnalysis>>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let n = analyses.len();
    for (name, get) in STATS {
        let mut a = Array2::<f64>::zeros((n, 2));
        for (i, m) in analyses.iter().enumerate() {
            a[[i, 0]] = get(&m.analysis.stats.white);
            a[[i, 1]] = get(&m.analysis.stats.black);
        }
        d.set_item(name, a.into_pyarray(py))?;
    }
    Ok(d)
}

/// Every decision of many analyses as NumPy arrays of one row per decision, in order:
/// ``match`` (the index of its analysis), ``game`` (from 0), ``move`` (the move number),
/// ``player`` (0 White, 1 Black), ``kind`` (an index of ``DECISION_KINDS``), ``skill`` (an
/// index of ``SKILLS``), ``loss``, ``cost`` and ``legal_plays``.
#[pyfunction]
pub fn _decision_arrays<'py>(
    py: Python<'py>,
    analyses: Vec<PyRef<'py, PyMatchAnalysis>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rows: Vec<(usize, usize, &Decision)> = analyses
        .iter()
        .enumerate()
        .flat_map(|(m, a)| {
            a.analysis
                .games
                .iter()
                .enumerate()
                .flat_map(move |(g, game)| game.decisions.iter().map(move |d| (m, g, d)))
        })
        .collect();
    let ints = |f: &dyn Fn(&(usize, usize, &Decision)) -> i64| -> Array1<i64> {
        rows.iter().map(f).collect()
    };
    let floats =
        |f: &dyn Fn(&Decision) -> f64| -> Array1<f64> { rows.iter().map(|r| f(r.2)).collect() };
    let d = PyDict::new(py);
    let code = |i: usize| i64::try_from(i).unwrap_or(i64::MAX);
    d.set_item("match", ints(&|r| code(r.0)).into_pyarray(py))?;
    d.set_item("game", ints(&|r| code(r.1)).into_pyarray(py))?;
    d.set_item(
        "move",
        ints(&|r| i64::from(r.2.move_number)).into_pyarray(py),
    )?;
    d.set_item(
        "player",
        ints(&|r| i64::from(r.2.player == Color::Black)).into_pyarray(py),
    )?;
    d.set_item(
        "kind",
        ints(&|r| {
            code(
                DecisionKind::ALL
                    .iter()
                    .position(|k| *k == r.2.kind)
                    .unwrap_or(0),
            )
        })
        .into_pyarray(py),
    )?;
    d.set_item("skill", ints(&|r| r.2.skill as i64).into_pyarray(py))?;
    d.set_item("loss", floats(&|x| x.loss).into_pyarray(py))?;
    d.set_item("cost", floats(&|x| x.cost).into_pyarray(py))?;
    d.set_item(
        "legal_plays",
        ints(&|r| code(r.2.legal_plays)).into_pyarray(py),
    )?;
    Ok(d)
}

/// The names of the decision kinds, in the order of ``_decision_arrays``'s ``kind`` codes.
pub fn decision_kinds() -> Vec<&'static str> {
    DecisionKind::ALL.iter().map(|k| k.name()).collect()
}

/// gnubg's marks, in the order of ``_decision_arrays``'s ``skill`` codes.
pub fn skills() -> Vec<&'static str> {
    gammon_core::Skill::ALL.iter().map(|s| s.name()).collect()
}
