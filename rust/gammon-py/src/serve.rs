//! `gammon._core._cube_decision`: one decision of a built-in cube policy, asked by
//! `gammon serve` (`gammon/serve.py`) when gnubg wants a double or an answer from its external
//! player. The Python layer reads the FIBS board and checks that the decision is legal.

use gammon_core::{
    BackgammonCubePolicy, ByColor, Color, CubeContext, CubeOffer, CubePolicy, CubePolicyKind,
    CubeRules, CubeState, MatchScore, Response, Scoreboard, VariantPosition,
};
use pyo3::prelude::*;

use crate::classes::PyPosition;
use crate::errors::{cube_policy_error, guard, InvalidInputError};
use crate::types::PyColor;

/// A match as `(length, white, black, crawford_rule, crawford_game, post_crawford)`; `None`
/// in money play.
type BoardTuple = Option<(u32, u32, u32, bool, bool, bool)>;

/// A pending offer as `(doubler, proposer, value, redoubles)`.
type OfferTuple = Option<(PyColor, PyColor, u32, u32)>;

/// The decision of the built-in cube policy `policy` for `player`: without `offer`, whether
/// the player on roll doubles (`"double"` or `"roll"`); with one, the answer (`"take"`,
/// `"drop"` or `"redouble"`, the last only when `may_redouble`). Backgammon variants only.
#[pyfunction]
#[pyo3(signature = (position, policy, player, value, owner, offer, board, may_redouble))]
#[allow(clippy::too_many_arguments)]
pub fn _cube_decision(
    position: &PyPosition,
    policy: &str,
    player: PyColor,
    value: u32,
    owner: Option<PyColor>,
    offer: OfferTuple,
    board: BoardTuple,
    may_redouble: bool,
) -> PyResult<&'static str> {
    let kind: CubePolicyKind = policy.parse().map_err(|e| cube_policy_error(&e))?;
    let VariantPosition::Backgammon(pos) = position.inner else {
        return Err(InvalidInputError::new_err(
            "the built-in cube policies play backgammon variants only",
        ));
    };
    if value == 0 || !value.is_power_of_two() {
        return Err(InvalidInputError::new_err(format!(
            "the cube value must be a power of two, not {value}"
        )));
    }
    guard(|| {
        let rules = CubeRules::default();
        let scoreboard = match board {
            None => Scoreboard::Money,
            Some((length, white, black, crawford_rule, crawford_game, post_crawford)) => {
                Scoreboard::Match(MatchScore {
                    length,
                    score: ByColor { white, black },
                    crawford_rule,
                    crawford_game,
                    post_crawford,
                })
            }
        };
        let ctx = CubeContext {
            position: &pos,
            player: Color::from(player),
            cube: CubeState {
                value,
                owner: owner.map(Color::from),
            },
            rules: &rules,
            board: &scoreboard,
        };
        let pol = BackgammonCubePolicy::from(kind);
        let stopped = |_| InvalidInputError::new_err("the cube policy stopped");
        match offer {
            None => Ok(if pol.offer_double(&ctx).map_err(stopped)? {
                "double"
            } else {
                "roll"
            }),
            Some((doubler, proposer, offered, redoubles)) => {
                let offer = CubeOffer {
                    doubler: Color::from(doubler),
                    proposer: Color::from(proposer),
                    value: offered,
                    redoubles,
                };
                Ok(
                    match pol.respond(&ctx, &offer, may_redouble).map_err(stopped)? {
                        Response::Take => "take",
                        Response::Drop => "drop",
                        Response::Redouble if may_redouble => "redouble",
                        Response::Redouble => "take",
                    },
                )
            }
        }
    })
}
