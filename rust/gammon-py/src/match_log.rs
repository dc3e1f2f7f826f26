//! `gammon._core._simulated_games`: plays one match (or money game) of a simulation and returns
//! its games replayed through the core's turn state machine (`EventReplay`), which
//! `gammon.simulate.simulated_match_record` makes a match record of, to be written as
//! `.mat`/`.sgf`; or, with `events=True`, the game loop's events, game by game, which
//! `tests/test_simulate.py` replays through `gammon.Game` and `gammon.Match`.

use gammon_core::PlayText;
use gammon_core::{play_indexed_match, play_indexed_money_game, SimulationError};
use gammon_core::{Backgammon, Color, GameRunner};
use gammon_core::{CubeState, Ending, EventReplay, GameEvent, MatchScore, Observer, Scoreboard};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::cube::PyCubeRules;
use crate::errors::{guard, simulation_error, simulation_failed, InternalError};
use crate::match_score::PyMatchScore;
use crate::record_replay::replayed_games;
use crate::simulate::{py_board, py_owner, Contest, PlayersArg};
use crate::types::PyColor;

/// One event of a logged game, owned (see [`GameEvent`]).
enum LogEvent {
    Throw(u8, u8),
    MayDouble(Color, CubeState),
    Double(Color),
    Answer(Color, &'static str, bool),
    Roll(Color, u8, u8),
    Play(String),
    Pass,
    GameOver {
        winner: Option<Color>,
        kind: &'static str,
        dropped: bool,
        points: u32,
        cube: CubeState,
        board: Option<PyMatchScore>,
    },
}

/// Keeps every event, split into games.
#[derive(Default)]
struct Log {
    games: Vec<Vec<LogEvent>>,
    current: Vec<LogEvent>,
}

impl Observer<Backgammon> for Log {
    fn event(&mut self, e: &GameEvent<'_, Backgammon>) {
        let ev = match *e {
            GameEvent::OpeningThrow { white, black } => LogEvent::Throw(white, black),
            GameEvent::MayDouble { player, cube } => LogEvent::MayDouble(player, cube),
            GameEvent::Double { player } => LogEvent::Double(player),
            GameEvent::Answer {
                player,
                answer,
                may_redouble,
                ..
            } => LogEvent::Answer(player, answer.name(), may_redouble),
            GameEvent::Roll { player, dice } => LogEvent::Roll(player, dice.high(), dice.low()),
            GameEvent::Play { before, play } => LogEvent::Play(before.format_play(play)),
            GameEvent::Pass => LogEvent::Pass,
            GameEvent::GameOver { record, board } => LogEvent::GameOver {
                winner: record.winner,
                kind: record.kind.name(),
                dropped: record.ending == Ending::Dropped,
                points: record.points,
                cube: record.cube,
                board: py_board(board),
            },
        };
        let over = matches!(ev, LogEvent::GameOver { .. });
        self.current.push(ev);
        if over {
            self.games.push(std::mem::take(&mut self.current));
        }
    }
}

impl LogEvent {
    fn to_python<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let c = |c: Color| PyColor::from(c);
        Ok(match self {
            LogEvent::Throw(w, b) => ("throw", *w, *b).into_pyobject(py)?.into_any(),
            LogEvent::MayDouble(p, cube) => ("may_double", c(*p), cube.value, py_owner(cube))
                .into_pyobject(py)?
                .into_any(),
            LogEvent::Double(p) => ("double", c(*p)).into_pyobject(py)?.into_any(),
            LogEvent::Answer(p, word, may) => {
                ("answer", c(*p), *word, *may).into_pyobject(py)?.into_any()
            }
            LogEvent::Roll(p, hi, lo) => ("roll", c(*p), *hi, *lo).into_pyobject(py)?.into_any(),
            LogEvent::Play(text) => ("play", text.as_str()).into_pyobject(py)?.into_any(),
            LogEvent::Pass => ("pass",).into_pyobject(py)?.into_any(),
            LogEvent::GameOver {
                winner,
                kind,
                dropped,
                points,
                cube,
                board,
            } => (
                "game_over",
                winner.map(PyColor::from),
                *kind,
                if *dropped { "dropped" } else { "borne_off" },
                *points,
                cube.value,
                py_owner(cube),
                *board,
            )
                .into_pyobject(py)?
                .into_any(),
        })
    }
}

/// Plays match (or, with ``length=None``, money game) ``index`` of a simulation with ``seed``
/// (the same match or game ``_simulate_match`` / ``_simulate_money`` play with that index) and
/// returns each game replayed through the turn state machine, as ``(actions, states)`` (see
/// ``_replay_match_file``): the history of a ``gammon.Game``, tied opening throws included,
/// without a second replay in Python.
///
/// With ``events=True`` it returns instead every event of the game loop, one list per game,
/// for tests that replay simulated games through ``gammon.Game``: ``("throw", white_die,
/// black_die)``, ``("may_double", player, cube_value, owner)``, ``("double", player)``,
/// ``("answer", player, "take" | "drop" | "beaver" | "raccoon", may_redouble)``, ``("roll",
/// player, high, low)``, ``("play", text)``, ``("pass",)``, ``("game_over", winner, kind,
/// "borne_off" | "dropped", points, cube_value, owner, match)`` with ``match`` the
/// ``gammon.MatchScore`` after the game, or ``None`` in money play.
///
/// ``depths`` as for ``_simulate_match``.
///
/// Raises as ``_simulate_match``, and ``InternalError`` if the rules refuse an event of the
/// game loop.
#[pyfunction]
#[pyo3(signature = (variant, players, cube_rules, seed, index, length=None, crawford=true, depths=crate::simulation::NO_SEARCH, events=false))]
#[allow(clippy::too_many_arguments)]
pub fn _simulated_games<'py>(
    py: Python<'py>,
    variant: Bound<'py, PyAny>,
    players: PlayersArg<'py>,
    cube_rules: PyCubeRules,
    seed: u64,
    index: u64,
    length: Option<u32>,
    crawford: bool,
    depths: crate::simulation::Depths,
    events: bool,
) -> PyResult<Bound<'py, PyList>> {
    let contest = Contest::read(&variant, &players, cube_rules, depths)?;
    if events {
        let mut log = Log::default();
        play_logged(py, &contest, seed, index, length, crawford, &mut log)?;
        let out = PyList::empty(py);
        for game in &log.games {
            let events = PyList::empty(py);
            for e in game {
                events.append(e.to_python(py)?)?;
            }
            out.append(events)?;
        }
        return Ok(out);
    }
    let board = match new_match(length, crawford)? {
        Some(m) => Scoreboard::Match(m),
        None => Scoreboard::Money,
    };
    let mut replay = EventReplay::new(board, contest.cube_rules, contest.variant);
    play_logged(py, &contest, seed, index, length, crawford, &mut replay)?;
    if let Some(e) = replay.error {
        return Err(InternalError::new_err(format!(
            "the replay of a simulated game failed: {e}"
        )));
    }
    replayed_games(py, &replay.games)
}

/// The new match of a simulation to ``length`` points, or ``None`` for money play.
fn new_match(length: Option<u32>, crawford: bool) -> PyResult<Option<MatchScore>> {
    length
        .map(|n| {
            MatchScore::new(n, crawford)
                .map_err(|e| simulation_error(&SimulationError::MatchLength(e)))
        })
        .transpose()
}

/// Plays item ``index`` of a simulation of ``contest`` (a match to ``length`` points, or a
/// money game), showing ``obs`` every event.
fn play_logged<O: Observer<Backgammon> + Send>(
    py: Python<'_>,
    contest: &Contest,
    seed: u64,
    index: u64,
    length: Option<u32>,
    crawford: bool,
    obs: &mut O,
) -> PyResult<()> {
    let new_match = new_match(length, crawford)?;
    let (start, rules) = (&contest.start, contest.rules());
    let result = py.detach(|| {
        guard(|| {
            let mut runner = GameRunner::new();
            let r = match new_match {
                Some(m) => {
                    play_indexed_match(&mut runner, start, &rules, m, seed, index, obs).map(|_| ())
                }
                None => play_indexed_money_game(&mut runner, start, &rules, seed, index, obs)
                    .map(|_| ()),
            };
            Ok(r)
        })
    })?;
    if let Some(e) = contest.errors().into_iter().next() {
        return Err(e);
    }
    result
        .map_err(|e| simulation_failed(if length.is_some() { "match" } else { "game" }, index, &e))
}
