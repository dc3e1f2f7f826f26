//! The equities of the analysis, and its one seam with the cube model: what an outcome or a
//! set of outcome probabilities is worth to a player at the current cube and score.
//!
//! Cubeless probabilities become cubeful equities by Janowski's model with gnubg's cube
//! efficiencies ([`crate::policy::janowski`]): in money play with the cube's ownership and
//! the Jacoby rule (MONEY-2: with the cube centred, gammons count single, as gnubg's `Utility`
//! counts them); in match play on the match winning chances of the Kazaross-XG2 table
//! (MATCH-1, MATCH-3, MATCH-4), with no cube life where the cube is dead (MATCH-7) or cannot
//! be turned (the Crawford game, MATCH-3). gnubg values a play by the same model at its 0-ply
//! leaves (its `Cl2CfMoney`/`Cl2CfMatch`); at 1 and 2 ply it also searches the cube actions
//! of the rolls in between, where this analysis searches cubeless probabilities and applies
//! the model once, at the root.
//!
//! Every equity is normalised as gnubg's (its `mwc2eq`): in money play per unit of the
//! current cube; in match play the match winning chance `m` as `(m - c) / h`, where `c ± h`
//! are the chances after winning or losing a single game at the current cube. A match longer
//! than the table's 25 points is valued as money play.

use crate::base::color::Color;
use crate::eval::Probabilities;
use crate::policy::janowski::{
    cubeful_equity, match_decision, money_decision, GameValue, Ownership,
};
use crate::scoring::cube::CubeState;
use crate::scoring::met::{mwc_after, MET_LENGTH};
use crate::scoring::scoreboard::{MatchScore, Scoreboard};

/// What the game is worth at one moment: the session or match, the cube, and how the cube
/// is played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stake {
    /// The match, if the game is valued as one (within the equity table).
    pub score: Option<MatchScore>,
    /// The cube's value and owner.
    pub cube: CubeState,
    /// The Jacoby rule (money play, MONEY-2).
    pub jacoby: bool,
    /// The cube is in play (backgammon with the cube enabled).
    pub cubeful: bool,
    /// The Crawford game: nobody may double (MATCH-3).
    pub crawford: bool,
}

impl Stake {
    /// The stake of a game on `board` with the cube `cube`.
    pub(crate) fn new(board: &Scoreboard, cube: CubeState, jacoby: bool, cubeful: bool) -> Stake {
        let score = board
            .as_match()
            .filter(|m| m.length as usize <= MET_LENGTH)
            .copied();
        Stake {
            score,
            cube,
            jacoby: jacoby && score.is_none(),
            cubeful,
            crawford: board.is_crawford_game(),
        }
    }

    /// The match winning chances of `me` after winning and after losing a single game at the
    /// current cube (`c + h`, `c - h`), or `None` in money play.
    fn single(&self, me: Color) -> Option<(f64, f64)> {
        let m = self.score?;
        let v = self.cube.value;
        Some((mwc_after(&m, me, me, v)?, mwc_after(&m, me, !me, v)?))
    }

    /// The centre and half-width of the normalisation for `me` (money: 0 and the cube).
    fn scale(&self, me: Color) -> (f64, f64) {
        match self.single(me) {
            Some((w, l)) if w > l => (0.5 * (w + l), 0.5 * (w - l)),
            Some(_) => (0.5, 0.5),
            None => (0.0, f64::from(self.cube.value)),
        }
    }

    /// A normalised equity of `me` in the game's unit: points (money) or the change of match
    /// winning chance (match, gnubg's `eq2mwc(e) - eq2mwc(0)`).
    pub(crate) fn cost(&self, me: Color, equity: f64) -> f64 {
        equity * self.scale(me).1
    }

    /// `me`'s standing for a normalised equity: expected points (money) or match winning
    /// chance (match).
    pub(crate) fn standing(&self, me: Color, equity: f64) -> f64 {
        let (c, h) = self.scale(me);
        c + h * equity
    }

    /// The normalised equity of a match winning chance `mwc` of `me`.
    fn normalise(&self, me: Color, mwc: f64) -> f64 {
        let (c, h) = self.scale(me);
        (mwc - c) / h
    }

    /// Who holds the cube, from `me`'s side.
    fn ownership(&self, me: Color) -> Ownership {
        match self.cube.owner {
            None => Ownership::Centred,
            Some(o) if o == me => Ownership::Mine,
            Some(_) => Ownership::Theirs,
        }
    }

    /// Who holds the cube, from `me`'s side, for the cube model: a centred cube that only one
    /// player can ever turn usefully is that player's (the other is 1 away post-Crawford, or
    /// already wins the match with the cube as it is, MATCH-7).
    fn effective(&self, me: Color) -> Ownership {
        match (self.ownership(me), self.alive(me), self.alive(!me)) {
            (Ownership::Centred, true, false) => Ownership::Mine,
            (Ownership::Centred, false, true) => Ownership::Theirs,
            (own, ..) => own,
        }
    }

    /// Whether `player` could ever turn the cube usefully at this score: not in the Crawford
    /// game, and not when the cube's value already wins them the match (MATCH-7).
    fn alive(&self, player: Color) -> bool {
        !self.crawford
            && self
                .score
                .map_or(true, |m| !m.is_dead_double(player, self.cube.value))
    }

    /// The normalised equity for `me` of a finished game that `winner` wins at `level`
    /// (1 single, 2 gammon, 3 backgammon) times the cube (Jacoby applied, MONEY-2).
    pub(crate) fn finished(&self, me: Color, winner: Color, level: u32) -> f64 {
        let sign = if winner == me { 1.0 } else { -1.0 };
        match self.score {
            Some(m) => {
                let points = level * self.cube.value;
                match mwc_after(&m, me, winner, points) {
                    Some(mwc) => self.normalise(me, mwc),
                    None => sign * f64::from(level),
                }
            }
            None => {
                let level = if self.jacoby && self.cube.owner.is_none() && self.cubeful {
                    1
                } else {
                    level
                };
                sign * f64::from(level)
            }
        }
    }

    /// The cubeful normalised equity of `me`, whose cubeless probabilities are `probs`, the
    /// cube's life being `x` (the position's cube efficiency; `None` where the cube is not
    /// played). The opponent or `me` may be on roll: Janowski's model does not tell them
    /// apart.
    pub(crate) fn cubeful(&self, me: Color, probs: &Probabilities, x: Option<f64>) -> f64 {
        let Some(x) = x.filter(|_| self.cubeful) else {
            return match self.score {
                Some(m) => match match_game(probs, &m, me, self.cube.value) {
                    Some((g, _, _)) => g.dead(),
                    None => f64::from(probs.equity()),
                },
                None => f64::from(probs.equity()),
            };
        };
        let own = self.effective(me);
        let live = match own {
            Ownership::Mine => self.alive(me),
            Ownership::Theirs => self.alive(!me),
            Ownership::Centred => self.alive(me) || self.alive(!me),
        };
        let x = if live { x } else { 0.0 };
        match self.score {
            Some(m) => match match_game(probs, &m, me, self.cube.value) {
                Some((g, _, _)) => cubeful_equity(&g, own, x),
                None => f64::from(probs.equity()),
            },
            None => {
                let g = GameValue::money(probs);
                let g = if self.jacoby && own == Ownership::Centred {
                    GameValue {
                        w: 1.0,
                        l: 1.0,
                        ..g
                    }
                } else {
                    g
                };
                cubeful_equity(&g, own, x)
            }
        }
    }

    /// The no-double, double/take and double/pass equities of `me`, on roll with cubeless
    /// probabilities `probs` and cube life `x`, normalised to the current cube. The cube
    /// decision of the core's cube model (`money_decision`, `match_decision`).
    pub(crate) fn cube_equities(
        &self,
        me: Color,
        probs: &Probabilities,
        x: f64,
    ) -> (f64, f64, f64) {
        let own = self.effective(me);
        let v = self.cube.value;
        if let Some(m) = self.score {
            if let Some(d) = match_decision(probs, &m, me, v, own, x) {
                return (
                    self.normalise(me, d.no_double),
                    self.normalise(me, d.double_take),
                    self.normalise(me, d.double_pass),
                );
            }
        }
        let d = money_decision(probs, v, own, x, self.jacoby);
        let v = f64::from(v);
        (d.no_double / v, d.double_take / v, d.double_pass / v)
    }
}

/// The game value of `probs` at stake `value` in match `m` for `me`, normalised so that a
/// single win is +1 and a single loss -1 at that stake; with the centre and half-width of
/// that scale in match winning chance. `None` beyond the equity table.
fn match_game(
    probs: &Probabilities,
    m: &MatchScore,
    me: Color,
    value: u32,
) -> Option<(GameValue, f64, f64)> {
    let won = |k: u32| mwc_after(m, me, me, k * value);
    let lost = |k: u32| mwc_after(m, me, !me, k * value);
    let (w1, l1) = (won(1)?, lost(1)?);
    let centre = 0.5 * (w1 + l1);
    let half = 0.5 * (w1 - l1);
    if half <= 1e-12 {
        return None;
    }
    let norm_w = |v: f64| (v - centre) / half;
    let norm_l = |v: f64| (centre - v) / half;
    let win = [norm_w(w1), norm_w(won(2)?), norm_w(won(3)?)];
    let lose = [norm_l(l1), norm_l(lost(2)?), norm_l(lost(3)?)];
    Some((GameValue::with_values(probs, win, lose), centre, half))
}
