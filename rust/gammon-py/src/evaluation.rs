//! `gammon.evaluate`, `gammon.hint` and `gammon.cube_decision`, with their result classes
//! `gammon.Evaluation` and `gammon.Hint`: the arguments are read here (a position, a turn
//! state or a game, the cube and the score) and the values come from `net.rs` (cubeless) and
//! `cube_eval.rs` (cubeful).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use gammon_core::{Cube, CubeRules, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyTuple};

use crate::classes::{PyPlay, PyPlayList, PyPosition};
use crate::convert::{prune_arg, repr};
use crate::cube::{PyCube, PyCubeRules};
use crate::cube_eval::{cube_decision_of, cubeful_evaluate, cubeful_rank, PyCubeDecision};
use crate::errors::{guard, InvalidDiceError, InvalidInputError};
use crate::match_score::PyMatchScore;
use crate::net::{net_evaluate, net_rank, Probs, PyNet, MAX_PLIES};
use crate::turn::PyTurnState;
use crate::types::{dice_arg, PyVariant};

/// Outcome probabilities of a position for one player, cubeless.
///
/// For ``gammon.evaluate`` the player is the one on roll, before the roll; for a ``Hint`` it
/// is the player who made the play, with the opponent to roll next. Wins include gammons and
/// gammons include backgammons, as in GNU Backgammon's output: ``win >= win_gammon >=
/// win_backgammon`` and ``lose >= lose_gammon >= lose_backgammon``. In Long Nardy a gammon is
/// a Mars (LN-33) and a backgammon a Koks (LN-35; the nets are trained without Koks, so it
/// stays near 0). ``str()`` gives the probabilities under their heads, then the equities, as
/// ``gammon evaluate`` prints them. Immutable, comparable, hashable and picklable.
#[pyclass(name = "Evaluation", module = "gammon", frozen, eq, from_py_object)]
#[derive(Clone, Debug, PartialEq)]
pub struct PyEvaluation {
    /// The probability that the player wins (gammons included).
    #[pyo3(get)]
    win: f64,
    /// The probability of a win by a gammon or more.
    #[pyo3(get)]
    win_gammon: f64,
    /// The probability of a win by a backgammon.
    #[pyo3(get)]
    win_backgammon: f64,
    /// The probability that the player loses (gammons included).
    #[pyo3(get)]
    lose: f64,
    /// The probability of a loss by a gammon or more.
    #[pyo3(get)]
    lose_gammon: f64,
    /// The probability of a loss by a backgammon.
    #[pyo3(get)]
    lose_backgammon: f64,
    /// The cubeless equity in points a game: a single game counts 1, a gammon 2, a
    /// backgammon 3.
    #[pyo3(get)]
    equity: f64,
    /// ``"net"``, ``"bearoff"`` (exact, from the bear-off databases) or ``"final"`` (game
    /// over).
    #[pyo3(get)]
    source: String,
    /// How many plies deep the value was searched (0: the net alone; exact values: 0).
    #[pyo3(get)]
    plies: u32,
    /// With a cube or a score: the value with the cube, the player's own cube decision
    /// included (for a ``Hint``, the opponent's after the play). Money play: points per unit
    /// of the cube; match play: normalised equity (EMG: -1 a single game lost at the cube's
    /// value, +1 one won). ``None`` when evaluated cubeless.
    #[pyo3(get)]
    cubeful_equity: Option<f64>,
    /// Match play: the player's chance to win the match, through the match equity table
    /// (Kazaross-XG2) at the score. ``None`` in money play or when evaluated cubeless.
    #[pyo3(get)]
    match_winning_chance: Option<f64>,
    /// The game of the position: a Long Nardy evaluation is shown in its own terms.
    #[pyo3(get)]
    variant: PyVariant,
}

/// A float for hashing: equal floats (``0.0 == -0.0``) hash alike.
fn float_key(x: f64) -> u64 {
    if x == 0.0 {
        0
    } else {
        x.to_bits()
    }
}

/// ``repr()`` of a float as Python writes it (``1.0``, ``1e-05``).
fn float_repr(py: Python<'_>, x: f64) -> String {
    PyFloat::new(py, x)
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_default()
}

impl PyEvaluation {
    /// The evaluation of the probabilities `(win, win_gammon, win_backgammon, lose_gammon,
    /// lose_backgammon, draw)`; a search depth counts only for the net's values.
    fn of(
        probs: Probs,
        source: &str,
        plies: u32,
        cubeful: Option<(f64, f64)>,
        match_play: bool,
        variant: Variant,
    ) -> PyEvaluation {
        let (win, wg, wbg, lg, lbg, draw) = probs;
        let (win, wg, wbg, lg, lbg) = (
            f64::from(win),
            f64::from(wg),
            f64::from(wbg),
            f64::from(lg),
            f64::from(lbg),
        );
        let lose = 1.0 - win - f64::from(draw);
        PyEvaluation {
            win,
            win_gammon: wg,
            win_backgammon: wbg,
            lose,
            lose_gammon: lg,
            lose_backgammon: lbg,
            equity: win - lose + wg - lg + wbg - lbg,
            source: source.to_owned(),
            plies: if source == "net" { plies } else { 0 },
            cubeful_equity: cubeful.map(|(_, normalised)| normalised),
            match_winning_chance: cubeful.filter(|_| match_play).map(|(value, _)| value),
            variant: variant.into(),
        }
    }

    fn floats(&self) -> [f64; 7] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose,
            self.lose_gammon,
            self.lose_backgammon,
            self.equity,
        ]
    }

    fn hash_into(&self, h: &mut DefaultHasher) {
        for x in self.floats() {
            float_key(x).hash(h);
        }
        self.source.hash(h);
        self.plies.hash(h);
        self.cubeful_equity.map(float_key).hash(h);
        self.match_winning_chance.map(float_key).hash(h);
        (self.variant as u8).hash(h);
    }

    /// The five outcome probabilities, each under its head of [`heads`].
    fn probs(&self) -> String {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
        .map(|v| format!("{v:5.3}"))
        .join(" ")
    }

    fn text(&self, py: Python<'_>) -> String {
        let nardy = self.variant == PyVariant::LongNardy;
        let (gammon, backgammon) = if nardy {
            ("mars", "koks")
        } else {
            ("gammon", "backgammon")
        };
        let f = |x: f64| float_repr(py, x);
        let mut fields = vec![
            format!("win={}", f(self.win)),
            format!("win_{gammon}={}", f(self.win_gammon)),
            format!("win_{backgammon}={}", f(self.win_backgammon)),
            format!("lose={}", f(self.lose)),
            format!("lose_{gammon}={}", f(self.lose_gammon)),
            format!("lose_{backgammon}={}", f(self.lose_backgammon)),
            format!("equity={}", f(self.equity)),
            format!("source='{}'", self.source),
            format!("plies={}", self.plies),
        ];
        if let Some(c) = self.cubeful_equity {
            fields.push(format!("cubeful_equity={}", f(c)));
        }
        if let Some(m) = self.match_winning_chance {
            fields.push(format!("match_winning_chance={}", f(m)));
        }
        if nardy {
            fields.push("variant=Variant.LONG_NARDY".to_owned());
        }
        format!("Evaluation({})", fields.join(", "))
    }
}

/// The heads of the probability columns: Mars and Koks in Long Nardy (LN-33, LN-35).
fn heads(variant: PyVariant) -> String {
    let (g, bg) = if variant == PyVariant::LongNardy {
        ("m", "k")
    } else {
        ("g", "bg")
    };
    let heads = [
        "win".to_owned(),
        format!("w {g}"),
        format!("w {bg}"),
        format!("l {g}"),
        format!("l {bg}"),
    ];
    heads.map(|h| format!("{h:>5}")).join(" ")
}

#[pymethods]
impl PyEvaluation {
    #[new]
    #[pyo3(signature = (win, win_gammon, win_backgammon, lose, lose_gammon, lose_backgammon, equity, source, plies, cubeful_equity=None, match_winning_chance=None, variant=PyVariant::Backgammon))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        win: f64,
        win_gammon: f64,
        win_backgammon: f64,
        lose: f64,
        lose_gammon: f64,
        lose_backgammon: f64,
        equity: f64,
        source: String,
        plies: u32,
        cubeful_equity: Option<f64>,
        match_winning_chance: Option<f64>,
        variant: PyVariant,
    ) -> PyEvaluation {
        PyEvaluation {
            win,
            win_gammon,
            win_backgammon,
            lose,
            lose_gammon,
            lose_backgammon,
            equity,
            source,
            plies,
            cubeful_equity,
            match_winning_chance,
            variant,
        }
    }

    /// Long Nardy: the probability of a win by a Mars or more (LN-33); ``win_gammon``.
    #[getter]
    fn win_mars(&self) -> f64 {
        self.win_gammon
    }

    /// Long Nardy: the probability of a win by a Koks (LN-35); ``win_backgammon``.
    #[getter]
    fn win_koks(&self) -> f64 {
        self.win_backgammon
    }

    /// Long Nardy: the probability of a loss by a Mars or more (LN-33); ``lose_gammon``.
    #[getter]
    fn lose_mars(&self) -> f64 {
        self.lose_gammon
    }

    /// Long Nardy: the probability of a loss by a Koks (LN-35); ``lose_backgammon``.
    #[getter]
    fn lose_koks(&self) -> f64 {
        self.lose_backgammon
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.hash_into(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        self.text(py)
    }

    /// The fields as plain JSON-ready values (the variant by its name), in the order of the
    /// constructor's arguments, as ``gammon evaluate --json`` prints them.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let names = [
            "win",
            "win_gammon",
            "win_backgammon",
            "lose",
            "lose_gammon",
            "lose_backgammon",
            "equity",
        ];
        for (name, value) in names.into_iter().zip(self.floats()) {
            d.set_item(name, value)?;
        }
        d.set_item("source", &self.source)?;
        d.set_item("plies", self.plies)?;
        d.set_item("cubeful_equity", self.cubeful_equity)?;
        d.set_item("match_winning_chance", self.match_winning_chance)?;
        d.set_item("variant", Variant::from(self.variant).name())?;
        Ok(d)
    }

    /// The probabilities under their heads, then the equities, as ``gammon evaluate`` prints
    /// them.
    fn __str__(&self) -> String {
        let mut lines = vec![
            heads(self.variant),
            self.probs(),
            format!("cubeless equity {:+.3}", self.equity),
        ];
        match (self.cubeful_equity, self.match_winning_chance) {
            (Some(c), Some(m)) => lines.push(format!(
                "cubeful equity {c:+.3} (EMG), match winning chance {:.1}%",
                100.0 * m
            )),
            (Some(c), None) => lines.push(format!(
                "cubeful equity {c:+.3} (money, per unit of the cube)"
            )),
            _ => {}
        }
        lines.join("\n")
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let e = slf.get();
        let py = slf.py();
        let args = (
            e.win,
            e.win_gammon,
            e.win_backgammon,
            e.lose,
            e.lose_gammon,
            e.lose_backgammon,
            e.equity,
            e.source.clone(),
            e.plies,
            e.cubeful_equity,
            e.match_winning_chance,
            e.variant,
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().into_any(), args))
    }
}

/// One legal play and its value for the player who makes it. Immutable, comparable,
/// hashable and picklable.
#[pyclass(name = "Hint", module = "gammon", frozen)]
#[derive(Clone, Debug)]
pub struct PyHint {
    /// The play.
    #[pyo3(get)]
    play: PyPlay,
    /// The value of the position after the play, for its maker, the opponent to roll next.
    #[pyo3(get)]
    evaluation: PyEvaluation,
}

#[pymethods]
impl PyHint {
    #[new]
    fn new(play: PyPlay, evaluation: PyEvaluation) -> PyHint {
        PyHint { play, evaluation }
    }

    /// The cubeless equity of the play (``evaluation.equity``).
    #[getter]
    fn equity(&self) -> f64 {
        self.evaluation.equity
    }

    /// The cubeful equity of the play at the score (``evaluation.cubeful_equity``).
    ///
    /// ``None`` for a cubeless hint.
    #[getter]
    fn cubeful_equity(&self) -> Option<f64> {
        self.evaluation.cubeful_equity
    }

    /// ``hints`` (``gammon.hint``'s, best first) as the table ``gammon hint`` prints: each
    /// play with its equity, its loss to the first, and its outcome probabilities; at the
    /// score, the cubeful equity (match play: EMG and the match winning chance) with the
    /// cubeless one beside it. Empty for no hints.
    #[staticmethod]
    fn table(hints: Vec<Bound<'_, PyHint>>) -> String {
        let hints: Vec<&PyHint> = hints.iter().map(Bound::get).collect();
        let Some(&first) = hints.first() else {
            return String::new();
        };
        let at_score = first.evaluation.cubeful_equity.is_some();
        let match_play = at_score && first.evaluation.match_winning_chance.is_some();
        let key = |h: &PyHint| match h.evaluation.cubeful_equity {
            Some(c) if at_score => c,
            _ => h.evaluation.equity,
        };
        let best = key(first);
        let value = if match_play { "EMG" } else { "equity" };
        let mut head = format!("{:5}  {:<28} {value:>7} {:>7}", "", "play", "diff");
        if match_play {
            head += &format!(" {:>6}", "MWC");
        }
        if at_score {
            head += &format!(" {:>8}", "cubeless");
        }
        let mut lines = vec![format!("{head}   {}", heads(first.evaluation.variant))];
        for (i, &h) in hints.iter().enumerate() {
            let e = &h.evaluation;
            let diff = if i == 0 {
                String::new()
            } else {
                format!("{:+.3}", key(h) - best)
            };
            let mut cols = if at_score {
                format!(" {:+8.3}", e.equity)
            } else {
                String::new()
            };
            if let Some(m) = e.match_winning_chance.filter(|_| match_play) {
                cols = format!(" {:5.1}%{cols}", 100.0 * m);
            }
            let mark = if e.source == "net" {
                ""
            } else {
                " (bear-off, exact)"
            };
            lines.push(format!(
                "{:5}  {:<28} {:+.3} {diff:>7}{cols}   {}{mark}",
                i + 1,
                h.play.text(),
                key(h),
                e.probs()
            ));
        }
        lines.join("\n")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyHint>().is_ok_and(|o| {
            let o = o.get();
            self.play.key() == o.play.key() && self.evaluation == o.evaluation
        })
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.play.key().hash(&mut h);
        self.evaluation.hash_into(&mut h);
        h.finish()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let play = slf.getattr("play")?.repr()?.to_string();
        Ok(format!(
            "Hint(play={play}, evaluation={})",
            slf.get().evaluation.text(py)
        ))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (PyPlay, PyEvaluation))> {
        let h = slf.get();
        Ok((slf.get_type().into_any(), (h.play, h.evaluation.clone())))
    }
}

/// What a position is valued at: the position, the cube (``None``: cubeless), the match
/// (``None``: money play) and the dice of a game.
struct Stakes {
    position: PyPosition,
    cube: Option<PyCube>,
    board: Option<PyMatchScore>,
    dice: Option<(u8, u8)>,
}

/// A turn state: given as such, or a game's (``gammon.Game.state``).
fn turn_state(o: &Bound<'_, PyAny>) -> Option<PyTurnState> {
    if let Ok(s) = o.extract::<PyTurnState>() {
        return Some(s);
    }
    o.getattr("state").ok().and_then(|s| s.extract().ok())
}

/// The stakes of the arguments. A backgammon game (or turn state) gives its own cube and
/// match unless `cube`/`score` say otherwise (a Long Nardy game has no cube, LN-38: it is
/// valued cubeless). The cube is ``None`` when nothing asks for cubeful values (`cubeful`
/// false and no cube, score or backgammon game).
fn stakes<'py>(
    position: &Bound<'py, PyAny>,
    cube: Option<&Bound<'py, PyAny>>,
    score: Option<&Bound<'py, PyAny>>,
    cubeful: bool,
) -> PyResult<Stakes> {
    let mut cube = cube.filter(|o| !o.is_none()).cloned();
    let mut score = score.filter(|o| !o.is_none()).cloned();
    let mut game_cube = None;
    let mut game_board = None;
    let mut dice = None;
    let pos = if let Ok(p) = position.extract::<PyPosition>() {
        p
    } else if let Some(state) = turn_state(position) {
        let s = state.inner;
        dice = s.dice.map(|d| (d.high(), d.low()));
        if s.position.variant() != Variant::LongNardy {
            game_cube = Some(PyCube { inner: s.cube });
            game_board = Some(s.board.as_match().map(|m| PyMatchScore { inner: *m }));
        }
        PyPosition { inner: s.position }
    } else {
        return Err(InvalidInputError::new_err(format!(
            "position must be a gammon.Position, not {}",
            repr(position)
        )));
    };
    if game_cube.is_some() && cube.is_some() {
        game_cube = None;
    }
    if score.is_some() {
        game_board = None;
    }
    let wants = cube.is_some() || score.is_some() || game_cube.is_some() || game_board.is_some();
    if !wants && !cubeful {
        return Ok(Stakes {
            position: pos,
            cube: None,
            board: None,
            dice,
        });
    }
    let the_cube = match (cube.take(), game_cube) {
        (None, Some(c)) => c,
        (None, None) => PyCube {
            inner: Cube::new(CubeRules::default()),
        },
        (Some(c), _) => {
            if let Ok(c) = c.extract::<PyCube>() {
                c
            } else if let Ok(r) = c.extract::<PyCubeRules>() {
                PyCube {
                    inner: Cube::new(r.inner),
                }
            } else {
                return Err(InvalidInputError::new_err(format!(
                    "cube must be a gammon.Cube, gammon.CubeRules or None, not {}",
                    repr(&c)
                )));
            }
        }
    };
    let board = match (score.take(), game_board) {
        (None, b) => b.flatten(),
        (Some(s), _) => score_arg(&s)?,
    };
    Ok(Stakes {
        position: pos,
        cube: Some(the_cube),
        board,
        dice,
    })
}

/// The match of a ``score`` argument: a ``MatchScore``, or what a ``Match`` or a
/// ``MoneySession`` says (their ``match_score``: ``None`` in money play).
fn score_arg(score: &Bound<'_, PyAny>) -> PyResult<Option<PyMatchScore>> {
    if let Ok(m) = score.extract::<PyMatchScore>() {
        return Ok(Some(m));
    }
    if let Ok(m) = score.getattr("match_score") {
        if m.is_none() {
            return Ok(None);
        }
        if let Ok(m) = m.extract::<PyMatchScore>() {
            return Ok(Some(m));
        }
    }
    Err(InvalidInputError::new_err(format!(
        "score must be a gammon.Match, gammon.MatchScore, gammon.MoneySession or None \
         (money play), not {}",
        repr(score)
    )))
}

/// A search depth: an ``int`` from 0 to ``MAX_PLIES``.
fn plies_arg(plies: &Bound<'_, PyAny>) -> PyResult<u32> {
    if plies.is_instance_of::<PyBool>() || !plies.is_instance_of::<PyInt>() {
        return Err(InvalidInputError::new_err(format!(
            "plies must be an int from 0 to {MAX_PLIES}, not {}",
            repr(plies)
        )));
    }
    match plies.extract::<i64>() {
        Ok(n) if (0..=i64::from(MAX_PLIES)).contains(&n) => Ok(n as u32),
        _ => Err(InvalidInputError::new_err(format!(
            "plies must be 0 to {MAX_PLIES}, not {}",
            repr(plies)
        ))),
    }
}

/// The nets of a ``net`` argument: a ``Net`` or ``None`` (the shipped nets).
fn net_arg<'py>(net: Option<&Bound<'py, PyAny>>) -> PyResult<Option<PyRef<'py, PyNet>>> {
    match net {
        None => Ok(None),
        Some(n) if n.is_none() => Ok(None),
        Some(n) => n.extract::<PyRef<'py, PyNet>>().map(Some).map_err(|_| {
            InvalidInputError::new_err(format!("net must be a gammon.Net or None, not {}", repr(n)))
        }),
    }
}

/// The cube decision of the player on roll in ``position``, as GNU Backgammon's cube hint.
///
/// The cubeful equities of no double, double/take and double/pass, and the proper action.
///
/// ``position`` is a ``Position`` (the player on roll about to roll) or a ``gammon.Game``
/// (or its ``TurnState``), which brings its cube and score (a game awaiting the answer to a
/// double gives the doubler's decision, whose ``taker_action`` is the answer). ``cube`` is a
/// ``Cube`` (its value, owner and rules: Jacoby, beavers) or ``CubeRules`` (a centred cube
/// at 1); default a centred cube under the default rules. ``score`` is a ``Match`` or
/// ``MatchScore`` (match play: match winning chances through the Kazaross-XG2 table, the
/// Crawford game and dead cubes as MATCH-3 and MATCH-7 say) or ``None``/``MoneySession``
/// (money play). ``plies`` (0 to ``MAX_PLIES``) searches the rolls: 0 is the cube model on the
/// net's probabilities, 1 and 2 average over the rolls, the opponent's cube decisions
/// included. ``net`` is a backgammon ``Net`` (default the shipped one). ``prune``: how many
/// plays of each roll a small pruning net keeps inside a search of 1 ply or more, in contact,
/// for the net to value (default 2; 0 values every play with the net, slower), as in
/// ``rollout``; the shipped net only (a ``Net`` of your own is never pruned).
///
/// Money equities are in points per unit of the cube (double/pass is +1); match equities are
/// normalised (EMG), with the match winning chances in ``CubeDecision.mwc``.
///
/// Raises ``InvalidInputError`` for a bad argument: a Long Nardy position (no cube, LN-38), a
/// match that is over, a ``net`` of another game, a ``prune`` that is not an int from 0.
#[pyfunction]
#[pyo3(
    signature = (position, cube=None, score=None, plies=None, net=None, *, prune=None),
    text_signature = "(position, cube=None, score=None, plies=0, net=None, *, prune=None)"
)]
pub fn cube_decision(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    cube: Option<&Bound<'_, PyAny>>,
    score: Option<&Bound<'_, PyAny>>,
    plies: Option<&Bound<'_, PyAny>>,
    net: Option<&Bound<'_, PyAny>>,
    prune: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyCubeDecision> {
    let s = stakes(position, cube, score, true)?;
    let n = plies.map_or(Ok(0), plies_arg)?;
    let nets = net_arg(net)?;
    let prune = prune_arg(prune)?;
    let the_cube = s.cube.unwrap_or(PyCube {
        inner: Cube::new(CubeRules::default()),
    });
    cube_decision_of(py, s.position, the_cube, s.board, n, nets.as_deref(), prune)
}

/// The outcome probabilities of ``position`` for its player on roll, by ``net``.
///
/// ``net`` is a ``Net`` of the position's game; ``None`` (the default) is the shipped nets.
///
/// Before the roll, searched ``plies`` plies deep (0 to ``MAX_PLIES``; 1 averages the net's
/// values over the 21 rolls, each answered by its best play). Exact where that is known: a
/// finished game (``source == "final"``) and, in backgammon, a bear-off the databases cover
/// (``"bearoff"``). Backgammon (standard rules, 15 checkers) and Long Nardy under the default
/// scoring (Mars 2, no Koks, no last roll).
///
/// With the cube and the score (``cube=``, ``score=`` as for ``cube_decision``, or a
/// ``gammon.Game`` as ``position``), the evaluation also gives the value with the cube
/// (``Evaluation.cubeful_equity``, the player's own cube decision included) and in match play
/// the match winning chance; searched deeper than 0 ply, the probabilities are those of the
/// same search, whose plays are chosen with the cube at the score.
///
/// ``prune``: how many plays of each roll a small pruning net keeps inside a search of 1 ply
/// or more, in contact, for the net to value (default 2; 0 values every play with the net,
/// slower), as in ``rollout`` and ``cube_decision``; the shipped backgammon net only (a ``Net``
/// of your own and Long Nardy's are never pruned).
///
/// Raises ``InvalidInputError`` for a bad argument (a ``net`` of another game, a bad
/// ``prune`` among them).
#[pyfunction]
#[pyo3(
    signature = (position, plies=None, net=None, *, cube=None, score=None, prune=None),
    text_signature = "(position, plies=0, net=None, *, cube=None, score=None, prune=None)"
)]
pub fn evaluate(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    plies: Option<&Bound<'_, PyAny>>,
    net: Option<&Bound<'_, PyAny>>,
    cube: Option<&Bound<'_, PyAny>>,
    score: Option<&Bound<'_, PyAny>>,
    prune: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyEvaluation> {
    let s = stakes(position, cube, score, false)?;
    let n = plies.map_or(Ok(0), plies_arg)?;
    let nets = net_arg(net)?;
    let prune = prune_arg(prune)?;
    let variant = s.position.inner.variant();
    let Some(the_cube) = s.cube else {
        let (probs, source) = net_evaluate(py, s.position, n, nets.as_deref(), prune)?;
        return Ok(PyEvaluation::of(probs, source, n, None, false, variant));
    };
    let (_, source) = net_evaluate(py, s.position, 0, nets.as_deref(), None)?;
    let match_play = s.board.is_some();
    let (probs, value, normalised) =
        cubeful_evaluate(py, s.position, the_cube, s.board, n, nets.as_deref(), prune)?;
    Ok(PyEvaluation::of(
        probs,
        source,
        n,
        Some((value, normalised)),
        match_play,
        variant,
    ))
}

/// The legal plays of ``dice`` in ``position``, valued for the player on roll, best first.
///
/// ``net`` values them: a ``Net`` of the position's game, or ``None`` (the default) for the
/// shipped nets.
///
/// Ties keep the order of ``Position.legal_plays``. ``plies`` (0 to ``MAX_PLIES``) is the depth
/// of the search behind each play: 0 is the net's value of the resulting position; 1
/// averages, over the opponent's 21 rolls, the value after the opponent's best reply (chosen
/// by the net); 2 looks one roll further (a roll the opponent cannot play at the last ply is
/// read one roll further). An empty list when the player cannot move. With the shipped
/// backgammon net, 2 plies choose best; judged by gnubg, 1 ply chooses about as well as 0 ply,
/// not better (docs/lab/2026-12-06-one-ply.md).
///
/// At the score (``cube=``, ``score=`` as for ``cube_decision``, or a ``gammon.Game`` as
/// ``position``, whose dice are the default), the plays are valued with the cube as GNU
/// Backgammon's hint values them: money equity with the cube's ownership, match winning
/// chances at the score, the opponent's cube decision after the play included; they are
/// ranked by ``Hint.cubeful_equity``, and the cubeless figures stay in each evaluation.
///
/// ``prune``: how many plays of each roll a small pruning net keeps inside a search of 1 ply
/// or more, in contact, for the net to value (default 2; 0 values every play with the net,
/// slower), as in ``rollout`` and ``cube_decision``; the shipped backgammon net only (a ``Net``
/// of your own and Long Nardy's are never pruned).
///
/// Raises ``InvalidDiceError`` for bad dice and ``InvalidInputError`` for another bad argument
/// (a ``net`` of another game among them).
#[pyfunction]
#[pyo3(
    signature = (position, dice=None, plies=None, net=None, *, cube=None, score=None, prune=None),
    text_signature = "(position, dice=None, plies=0, net=None, *, cube=None, score=None, prune=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn hint(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    dice: Option<&Bound<'_, PyAny>>,
    plies: Option<&Bound<'_, PyAny>>,
    net: Option<&Bound<'_, PyAny>>,
    cube: Option<&Bound<'_, PyAny>>,
    score: Option<&Bound<'_, PyAny>>,
    prune: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyHint>> {
    let prune = prune_arg(prune)?;
    let s = stakes(position, cube, score, false)?;
    let dice = match (dice.filter(|d| !d.is_none()), s.dice) {
        (Some(d), _) => dice_arg(d)?,
        (None, Some(d)) => dice_arg(&d.into_pyobject(py)?.into_any())?,
        (None, None) => {
            return Err(InvalidDiceError::new_err(
                "hint needs the dice: pass a roll such as (3, 1)",
            ))
        }
    };
    let n = plies.map_or(Ok(0), plies_arg)?;
    let nets = net_arg(net)?;
    let before = s.position.inner;
    let variant = before.variant();
    let plays = guard(|| {
        Ok(PyPlayList {
            before,
            dice,
            plays: before.legal_plays(dice),
        })
    })?;
    let mut hints: Vec<PyHint> = match s.cube {
        None => net_rank(py, &plays, n, nets.as_deref(), prune)?
            .into_iter()
            .enumerate()
            .map(|(i, (probs, exact))| PyHint {
                play: plays.item(i),
                evaluation: PyEvaluation::of(
                    probs,
                    if exact { "bearoff" } else { "net" },
                    n,
                    None,
                    false,
                    variant,
                ),
            })
            .collect(),
        Some(the_cube) => {
            let exact = net_rank(py, &plays, 0, nets.as_deref(), None)?;
            let match_play = s.board.is_some();
            cubeful_rank(py, &plays, the_cube, s.board, n, nets.as_deref(), prune)?
                .into_iter()
                .enumerate()
                .map(|(i, (probs, value, normalised))| PyHint {
                    play: plays.item(i),
                    evaluation: PyEvaluation::of(
                        probs,
                        if exact[i].1 { "bearoff" } else { "net" },
                        n,
                        Some((value, normalised)),
                        match_play,
                        variant,
                    ),
                })
                .collect()
        }
    };
    // Best first; a stable sort keeps ties in the order of the legal plays.
    let key = |h: &PyHint| match s.cube {
        None => h.evaluation.equity,
        Some(_) => h.evaluation.cubeful_equity.unwrap_or(0.0),
    };
    hints.sort_by(|a, b| {
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(hints)
}

/// The stakes as Python receives them: position, cube, match score, dice.
type StakesTuple = (
    PyPosition,
    Option<PyCube>,
    Option<PyMatchScore>,
    Option<(u8, u8)>,
);

/// The stakes of a position, game or turn state with `cube` and `score` arguments, as
/// `evaluate` reads them: ``(position, cube, match score or None, dice or None)``; for the
/// run functions that value a position at the stakes (``rollout_cube``).
#[pyfunction]
#[pyo3(signature = (position, cube=None, score=None, cubeful=true))]
pub fn _stakes<'py>(
    position: &Bound<'py, PyAny>,
    cube: Option<&Bound<'py, PyAny>>,
    score: Option<&Bound<'py, PyAny>>,
    cubeful: bool,
) -> PyResult<StakesTuple> {
    let s = stakes(position, cube, score, cubeful)?;
    Ok((s.position, s.cube, s.board, s.dice))
}
