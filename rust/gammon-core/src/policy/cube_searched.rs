//! The cube policy `"net"` searched 1 or 2 plies deep: [`SearchedCube`], the cube decision of
//! [`CubefulSearch::cube_decision`] (the one of `gammon.cube_decision(plies=...)`) acted on as
//! the 0-ply [`JanowskiCube`] acts on its own.
//!
//! Its own module because the search ([`crate::policy::cube_search`]) is written over the cube
//! model of `janowski`: a policy that asks the search sits above both.

use crate::policy::cube::{CubeContext, CubePolicy, Response};
use crate::policy::cube_search::{CubefulSearch, MAX_CUBE_PLIES};
use crate::policy::janowski::{offer_by, respond_by, CubeDecision, CubeInfo, JanowskiCube};
use crate::policy::PolicyStop;
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use crate::scoring::cube::CubeOffer;

/// The deepest cube search of a cube policy inside rollouts and simulations.
pub const MAX_CUBE_POLICY_PLIES: u32 = 2;

/// A [`JanowskiCube`] whose decisions are searched `plies` deep (1 or 2; 0 decides as the
/// plain policy) by [`CubefulSearch`] over the same evaluator, with the cube life of
/// [`crate::policy::janowski::cube_life`] (a fixed life of the inner policy is not used by the
/// search). The search asks no random numbers: the same position and cube always give the
/// same decision, on any thread.
#[derive(Clone, Debug)]
pub struct SearchedCube {
    cube: JanowskiCube,
    plies: u32,
}

impl SearchedCube {
    /// `cube` searching `plies` deep (deeper asks are cut to [`MAX_CUBE_POLICY_PLIES`]).
    #[must_use]
    pub fn new(cube: JanowskiCube, plies: u32) -> SearchedCube {
        SearchedCube {
            cube,
            plies: plies.min(MAX_CUBE_POLICY_PLIES).min(MAX_CUBE_PLIES),
        }
    }

    /// The depth of the search.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The 0-ply policy it searches with.
    #[must_use]
    pub fn inner(&self) -> &JanowskiCube {
        &self.cube
    }

    /// The decision the player on roll in `ctx.position` faces, the cube as in `ctx`,
    /// searched [`SearchedCube::plies`] deep.
    #[must_use]
    pub fn decision(&self, ctx: &CubeContext<'_, Backgammon>) -> CubeDecision {
        if self.plies == 0 {
            return self.cube.decision(ctx);
        }
        let pos = ctx.position;
        let info = CubeInfo::new(ctx.cube, pos.turn(), *ctx.board, *ctx.rules);
        CubefulSearch::new(self.cube.evaluator()).cube_decision(pos, &info, self.plies)
    }
}

impl CubePolicy<Backgammon> for SearchedCube {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        Ok(offer_by(ctx, |c| self.decision(c)))
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        Ok(respond_by(ctx, offer, may_redouble, |c| self.decision(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::policy::cube_search::cube_decision;
    use crate::policy::janowski::TakerAction;
    use crate::rules::backgammon::bg;
    use crate::scoring::cube::{CubeRules, CubeState};
    use crate::scoring::scoreboard::Scoreboard;

    #[test]
    fn the_searched_cube_doubles_and_answers_as_the_search_decides() {
        let net = JanowskiCube::shipped_net().unwrap();
        let positions = [
            bg(&[(6, 4), (5, 4), (4, 2)], &[(6, 8), (5, 6), (4, 1)]),
            bg(&[(6, 5), (5, 5), (4, 5)], &[(6, 5), (5, 5), (4, 5)]),
            bg(
                &[(6, 4), (5, 4), (4, 3), (3, 2)],
                &[(6, 5), (5, 4), (4, 4), (3, 2)],
            ),
        ];
        let rules = CubeRules::default();
        let board = Scoreboard::Money;
        for plies in [0, 1] {
            let searched = SearchedCube::new(net.clone(), plies);
            assert_eq!(searched.plies(), plies);
            for pos in &positions {
                let ctx = CubeContext {
                    position: pos,
                    player: Color::White,
                    cube: CubeState::default(),
                    rules: &rules,
                    board: &board,
                };
                let info = CubeInfo::new(ctx.cube, Color::White, board, rules);
                let want = cube_decision(pos, &info, plies, net.evaluator());
                assert_eq!(searched.offer_double(&ctx), Ok(want.should_double()));
                let offer = CubeOffer {
                    doubler: Color::White,
                    proposer: Color::White,
                    value: 2,
                    redoubles: 0,
                };
                let answer = CubeContext {
                    player: Color::Black,
                    cube: CubeState::default(),
                    ..ctx
                };
                let got = searched.respond(&answer, &offer, false).unwrap();
                let drop = want.taker == TakerAction::Pass;
                assert_eq!(got == Response::Drop, drop, "{pos:?} at {plies}");
            }
        }
        assert_eq!(SearchedCube::new(net, 9).plies(), MAX_CUBE_POLICY_PLIES);
    }
}
