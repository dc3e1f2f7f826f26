//! `gammon._core._replay_match_file`: the replay of a match file's record, fed the actions
//! that `gammon.mat` or `gammon.sgf` parsed (the rules of reading are the core's
//! `FileRecord::replay`), and the cube settings such files state (`_file_settings`,
//! `_read_file_settings`, `MATCH_FILE_SETTINGS`).

use gammon_core::{file_settings, read_file_settings, RecordError};
use gammon_core::{CubeWord, FileAction, FileEntry, FileGame, FileRecord, TurnAction};
use gammon_core::{Replayed, ReplayedGame};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::classes::PyPlay;
use crate::convert::variant_arg;
use crate::cube::PyCubeRules;
use crate::errors::{guard, record_error, InvalidInputError};
use crate::game::{word_object, PyRoll};
use crate::turn::PyTurnState;
use crate::types::color_arg;

/// One parsed action: ``(kind, who, dice, text, points, move, line, prefix)``.
type EntryArg<'py> = (
    String,
    Bound<'py, PyAny>,
    Option<(u8, u8)>,
    Option<String>,
    u32,
    u32,
    Option<u32>,
    String,
);

/// One parsed game: ``(number, line, score, automatic_doubles, entries)``.
type GameArg<'py> = (
    u32,
    Option<u32>,
    Option<(u32, u32)>,
    Option<u32>,
    Vec<EntryArg<'py>>,
);

fn entry(arg: EntryArg<'_>) -> PyResult<FileEntry> {
    let (kind, who, dice, text, points, move_number, line, prefix) = arg;
    let who = color_arg(&who)?;
    let text = text.unwrap_or_default();
    let cube = |word| FileAction::Cube { who, word };
    let action = match (kind.as_str(), dice) {
        ("roll" | "unplayed" | "dice", Some(d))
            if (1..=6).contains(&d.0) && (1..=6).contains(&d.1) =>
        {
            FileAction::Roll {
                who,
                dice: d,
                play: (kind != "dice").then_some(text),
                unplayed: kind == "unplayed",
            }
        }
        ("double", _) => cube(CubeWord::Double),
        ("beaver", _) => cube(CubeWord::Beaver),
        ("raccoon", _) => cube(CubeWord::Raccoon),
        ("take", _) => cube(CubeWord::Take),
        ("drop", _) => cube(CubeWord::Drop),
        ("resigned" | "result", _) => FileAction::Result {
            who,
            points,
            resigned: kind == "resigned",
            said: text,
        },
        ("unreadable", _) => FileAction::Unreadable { message: text },
        _ => {
            return Err(InvalidInputError::new_err(format!(
                "not a match file action: {kind:?} with dice {dice:?}"
            )))
        }
    };
    Ok(FileEntry {
        action,
        move_number,
        line,
        prefix,
    })
}

/// Replays the games a match file reader parsed (see the core's ``FileRecord``) and returns
/// ``(crawford, cube_rules, games)``: the Crawford rule and the cube rules the file reads
/// with, and each game as ``(actions, states)``: its actions as ``gammon.Game`` records them
/// (a ``Roll`` with its dice, ``(white, black)`` at the opening; a ``Play``; ``Double()``...)
/// and the ``TurnState`` before each of them followed by the state after the last, the
/// history of a ``gammon.Game`` without a second replay.
///
/// Raises ``MatchRecordError`` with the game, the move and the line for what the rules refuse
/// or the file's scores and results contradict, and ``InvalidInputError`` for an entry that
/// is not an action.
#[pyfunction]
#[pyo3(signature = (length, variant, rules, crawford, jacoby, stated_by, unreduced, games))]
#[allow(clippy::too_many_arguments)]
pub fn _replay_match_file<'py>(
    py: Python<'py>,
    length: u32,
    variant: &Bound<'py, PyAny>,
    rules: PyCubeRules,
    crawford: Option<bool>,
    jacoby: Option<bool>,
    stated_by: String,
    unreduced: bool,
    games: Vec<GameArg<'py>>,
) -> PyResult<(bool, PyCubeRules, Bound<'py, PyList>)> {
    let variant = variant_arg(variant)?;
    let games = games
        .into_iter()
        .map(|(number, line, score, automatic_doubles, entries)| {
            Ok(FileGame {
                number,
                line,
                score,
                automatic_doubles,
                entries: entries.into_iter().map(entry).collect::<PyResult<_>>()?,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let record = FileRecord {
        length,
        variant,
        rules: rules.inner,
        crawford,
        jacoby,
        stated_by,
        unreduced,
        games,
    };
    let replayed = guard(|| record.replay().map_err(|e| record_error(py, &e)))?;
    let games = replayed_games(py, &replayed.games)?;
    Ok((
        replayed.crawford,
        PyCubeRules {
            inner: replayed.rules,
        },
        games,
    ))
}

/// Each game as ``(actions, states)``: its actions as ``gammon.Game`` records them and the
/// ``TurnState`` before each of them followed by the state after the last.
pub(crate) fn replayed_games<'py>(
    py: Python<'py>,
    games: &[ReplayedGame],
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for game in games {
        let (actions, states) = (PyList::empty(py), PyList::empty(py));
        for a in &game.actions {
            let (before, item) = match *a {
                Replayed::Roll { before, dice } => (
                    before,
                    PyRoll { dice: Some(dice) }.into_pyobject(py)?.into_any(),
                ),
                Replayed::Act {
                    before,
                    action: TurnAction::Play(play),
                } => match before.dice {
                    Some(dice) => (
                        before,
                        PyPlay {
                            before: before.position,
                            dice,
                            play,
                        }
                        .into_pyobject(py)?
                        .into_any(),
                    ),
                    None => return Err(InvalidInputError::new_err("a play without dice")),
                },
                Replayed::Act { before, action } => (before, word_object(py, &action)?),
            };
            actions.append(item)?;
            states.append(PyTurnState { inner: before })?;
        }
        states.append(PyTurnState { inner: game.end })?;
        out.append((actions, states))?;
    }
    Ok(out)
}

/// The settings a file of a record with ``rules`` states, ``[(name, value), ...]``:
/// ``Crawford`` for a match (``crawford`` given), then each cube setting of
/// ``MATCH_FILE_SETTINGS`` that applies and that ``_read_file_settings`` over ``base`` would
/// not read back from the ones before it.
#[pyfunction]
pub fn _file_settings(
    rules: PyCubeRules,
    crawford: Option<bool>,
    base: PyCubeRules,
) -> Vec<(&'static str, String)> {
    file_settings(&rules.inner, crawford, base.inner)
}

/// Reads the settings a file states (``[(name, value), ...]``, any case) over ``base``:
/// returns the cube rules and the Crawford rule (``None`` when the file does not say).
///
/// Raises ``MatchRecordError`` naming the setting for a value that is not ``On``/``Off`` or a
/// number in range, or rules the cube refuses (CUBE-10, CUBE-13, CUBE-20).
#[pyfunction]
pub fn _read_file_settings(
    py: Python<'_>,
    settings: Vec<(String, String)>,
    base: PyCubeRules,
) -> PyResult<(PyCubeRules, Option<bool>)> {
    match read_file_settings(&settings, base.inner) {
        Ok((inner, crawford)) => Ok((PyCubeRules { inner }, crawford)),
        Err(reason) => Err(record_error(
            py,
            &RecordError {
                reason,
                game: None,
                move_number: None,
                line: None,
            },
        )),
    }
}
