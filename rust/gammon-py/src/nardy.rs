//! Long Nardy scoring for `gammon.nardy` (LN-33 to LN-37): thin wrappers over
//! `gammon_core::NardyReferee`, so that the Python game object and Rust rollouts score games
//! the same way.

use gammon_core::{Color, EndVariant, Koks, Nardy, NardyReferee, Referee, VariantPosition};
use pyo3::prelude::*;

use crate::classes::PyPosition;
use crate::errors::{guard, setting_error, InvalidInputError};
use crate::types::{color_arg, PyColor};

fn nardy_arg(position: &PyPosition) -> PyResult<Nardy> {
    match position.inner {
        VariantPosition::Nardy(p) => Ok(p),
        VariantPosition::Backgammon(p) => Err(InvalidInputError::new_err(format!(
            "expected a Long Nardy position, got a {} position",
            gammon_core::Position::variant(&p)
        ))),
    }
}

/// The Long Nardy referee for the settings of §9 (names as `NardySettings` spells them).
pub fn referee(end_variant: &str, koks: &str, last_roll: bool) -> PyResult<NardyReferee> {
    Ok(NardyReferee {
        end_variant: end_variant
            .parse::<EndVariant>()
            .map_err(|e| setting_error(&e))?,
        koks: koks.parse::<Koks>().map_err(|e| setting_error(&e))?,
        last_roll,
    })
}

/// A scored result as ``(winner or None, kind, points)``.
type ScoreTuple = (Option<PyColor>, &'static str, u8);

fn score_tuple(r: gammon_core::GameResult) -> ScoreTuple {
    (r.winner.map(PyColor::from), r.kind.name(), r.points)
}

/// Whether the player on roll in ``position`` gets the extra turn of LN-37 (``starter`` is
/// the game's White). Raises ``InvalidInputError`` for a position of another variant.
#[pyfunction]
pub fn _nardy_extra_turn(
    position: PyPosition,
    starter: &Bound<'_, PyAny>,
    last_roll: bool,
) -> PyResult<bool> {
    let pos = nardy_arg(&position)?;
    let starter: Color = color_arg(starter)?;
    let referee = NardyReferee {
        last_roll,
        ..NardyReferee::default()
    };
    guard(|| Ok(referee.extra_turn(&pos, starter)))
}

/// Scores a finished game (LN-33 to LN-35, LN-37): ``(winner or None, kind, points)``.
/// Raises ``InvalidInputError`` for a bad setting or a position of another variant.
#[pyfunction]
pub fn _nardy_score(
    position: PyPosition,
    starter: &Bound<'_, PyAny>,
    end_variant: &str,
    koks: &str,
) -> PyResult<ScoreTuple> {
    let pos = nardy_arg(&position)?;
    let starter: Color = color_arg(starter)?;
    let referee = referee(end_variant, koks, false)?;
    guard(|| Ok(score_tuple(referee.score(&pos, starter))))
}

/// The result when ``loser`` surrenders in ``position`` (LN-36): ``(winner, kind, points)``.
/// Raises ``InvalidInputError`` for a bad setting or a position of another variant.
#[pyfunction]
pub fn _nardy_surrender(
    position: PyPosition,
    loser: &Bound<'_, PyAny>,
    end_variant: &str,
    koks: &str,
) -> PyResult<ScoreTuple> {
    let pos = nardy_arg(&position)?;
    let loser: Color = color_arg(loser)?;
    let referee = referee(end_variant, koks, false)?;
    guard(|| Ok(score_tuple(referee.result_for_loser(&pos, loser))))
}
