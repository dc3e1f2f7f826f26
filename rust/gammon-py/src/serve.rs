//! `gammon._core._cube_decision`: one decision of a built-in cube policy or a net's, asked by
//! `gammon serve` (`gammon/serve.py`) when gnubg wants a double or an answer from its external
//! player. The Python layer reads the FIBS board and checks that the decision is legal.

use gammon_core::{Color, CubeContext, CubePolicy, Response, Scoreboard, VariantPosition};
use pyo3::prelude::*;

use crate::classes::PyPosition;
use crate::cube::PyCube;
use crate::errors::{guard, InvalidInputError};
use crate::match_score::PyMatchScore;
use crate::simulate::{side_cube, SideCube};
use crate::types::PyColor;

/// The decision of the cube policy `policy` (a built-in name or a `gammon.Net`) for `player`
/// with `cube` (a `gammon.Cube` under the game's rules) and `board` (the `gammon.MatchScore`,
/// `None` in money play): without a pending offer, whether the player on roll doubles
/// (`"double"` or `"roll"`); with one, the answer (`"take"`, `"drop"` or `"redouble"`, the last
/// only when `may_redouble`). Backgammon variants only (`"net"`: backgammon and nackgammon).
/// `plies`: the depth of the net's cube search (0 to 2, as in `gammon.cube_decision`; the
/// other cube policies do not search).
#[pyfunction]
#[pyo3(signature = (position, policy, player, cube, board, may_redouble, plies=0))]
pub fn _cube_decision(
    position: &PyPosition,
    policy: &Bound<'_, PyAny>,
    player: PyColor,
    cube: PyCube,
    board: Option<PyMatchScore>,
    may_redouble: bool,
    plies: u32,
) -> PyResult<&'static str> {
    let VariantPosition::Backgammon(pos) = position.inner else {
        return Err(InvalidInputError::new_err(
            "the built-in cube policies play backgammon variants only",
        ));
    };
    let SideCube::Builtin(pol) = side_cube(policy, position.inner.variant())? else {
        return Err(InvalidInputError::new_err(
            "_cube_decision takes a built-in cube policy's name or a gammon.Net",
        ));
    };
    if plies > gammon_core::MAX_CUBE_POLICY_PLIES
        || (plies > 0 && !matches!(pol, gammon_core::BackgammonCubePolicy::Net(_)))
    {
        return Err(InvalidInputError::new_err(format!(
            "plies must be 0, 1 or 2, searched by the net's cube policy only; not {plies} for \
             {}",
            policy.repr().map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    let pol = pol.with_plies(plies);
    guard(|| {
        let cube = cube.inner;
        let rules = cube.rules;
        let scoreboard = match board {
            None => Scoreboard::Money,
            Some(m) => Scoreboard::Match(m.inner),
        };
        let ctx = CubeContext {
            position: &pos,
            player: Color::from(player),
            cube: cube.state(),
            rules: &rules,
            board: &scoreboard,
        };
        let stopped = |_| InvalidInputError::new_err("the cube policy stopped");
        match cube.offer {
            None => Ok(if pol.offer_double(&ctx).map_err(stopped)? {
                "double"
            } else {
                "roll"
            }),
            Some(offer) => Ok(
                match pol.respond(&ctx, &offer, may_redouble).map_err(stopped)? {
                    Response::Take => "take",
                    Response::Drop => "drop",
                    Response::Redouble if may_redouble => "redouble",
                    Response::Redouble => "take",
                },
            ),
        }
    })
}
