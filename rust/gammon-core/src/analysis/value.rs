//! The units of the analysis, and its one seam with the cube model: the cube as each player
//! sees it ([`CubeInfo`]), and what an equity is worth in points or match winning chances.
//!
//! Every cubeful value comes from the core's cube model ([`crate::policy::janowski`],
//! searched by [`crate::policy::cube_search`]): GNU Backgammon's, so that a play or a cube
//! action is valued as `gammon.cube_decision` and the hint at the score value it. A game
//! without a cube (Long Nardy, LN-38, or backgammon with cube use off, CUBE-2) is valued
//! cubeless: money play by the cubeless equity, match play by the match winning chances of
//! its outcomes (the model's dead cube).
//!
//! Every equity is normalised as gnubg's (its `mwc2eq`, [`CubeInfo::normalised`]): in money
//! play per unit of the current cube; in match play the match winning chance `m` as
//! `(m - c) / h`, where `c ± h` are the chances after winning or losing a single game at the
//! current cube. A match beyond the equity table's 25 points is valued as money play.

use crate::base::color::Color;
use crate::eval::Probabilities;
use crate::policy::janowski::{cubeful_equity, CubeInfo};
use crate::scoring::cube::{CubeRules, CubeState};
use crate::scoring::scoreboard::Scoreboard;

/// What the game is worth at one moment: the session or match, the cube and its rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stake {
    /// The match or session.
    pub board: Scoreboard,
    /// The cube's value and owner.
    pub cube: CubeState,
    /// The cube rules of the game.
    pub rules: CubeRules,
    /// The cube is in play (backgammon with cube use on).
    pub cubeful: bool,
}

impl Stake {
    /// The stake of a game on `board` with the cube `cube` under `rules`; `cubeful` when the
    /// game has a cube in play.
    pub(crate) fn new(
        board: &Scoreboard,
        cube: CubeState,
        rules: CubeRules,
        cubeful: bool,
    ) -> Stake {
        Stake {
            board: *board,
            cube,
            rules,
            cubeful: cubeful && rules.enabled,
        }
    }

    /// The cube as `me` sees it, on roll.
    pub(crate) fn info(&self, me: Color) -> CubeInfo {
        CubeInfo::new(self.cube, me, self.board, self.rules)
    }

    /// A normalised equity of `me` in the game's unit: points (money: the equity times the
    /// cube) or the change of match winning chance (match, gnubg's `eq2mwc(e) - eq2mwc(0)`).
    pub(crate) fn cost(&self, me: Color, equity: f64) -> f64 {
        let info = self.info(me);
        if info.is_money() {
            equity * f64::from(self.cube.value)
        } else {
            info.denormalised(equity) - info.denormalised(0.0)
        }
    }

    /// `me`'s standing for a normalised equity: expected points (money) or match winning
    /// chance (match).
    pub(crate) fn standing(&self, me: Color, equity: f64) -> f64 {
        let info = self.info(me);
        if info.is_money() {
            equity * f64::from(self.cube.value)
        } else {
            info.denormalised(equity)
        }
    }

    /// The cubeless normalised value for `me` of their probabilities `probs` (a game without
    /// a cube): the cubeless equity in money play, the match winning chances of the outcomes
    /// in a match.
    pub(crate) fn cubeless(&self, me: Color, probs: &Probabilities) -> f64 {
        let info = self.info(me);
        if info.is_money() {
            f64::from(probs.equity())
        } else {
            info.normalised(cubeful_equity(probs, &info, 0.0))
        }
    }
}
