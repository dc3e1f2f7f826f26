//! The cube model: cubeful equities from an evaluator's cubeless probabilities, and the cube
//! decision they make. Rick Janowski's cube-life model ("Take-Points in Money Games", 1993)
//! for money play and Jørn Thyssen's generalisation of it to match play, as GNU Backgammon
//! applies them (its `eval.c`: `Cl2CfMoney`, `Cl2CfMatch`, `GetPoints`,
//! `FindBestCubeDecision`), so that gammon's cube decisions and gnubg's differ by the
//! probabilities only. [`JanowskiCube`] is the [`CubePolicy`] of the model over any
//! [`Evaluator`]; [`crate::policy::cube_search`] searches it 1 or 2 plies deep.
//!
//! **Money play.** With `p` the cubeless winning chance of the player on roll, `W` the average
//! value of a win and `L` of a loss (in units of the cube; gammons and backgammons make them
//! exceed 1), the *dead* cube's equity is the cubeless one, and the *live* cube's is linear in
//! `p` between the points where someone cashes: the take point `TP = (L - 1/2) / (W + L + 1/2)`
//! and the cash point `CP = (L + 1) / (W + L + 1/2)` of a fully live cube; below `TP` (the
//! opponent too good to double) it runs to `-L` at `p = 0`, above `CP` (too good) to `+W` at
//! `p = 1`; a player without access to the cube has no cash point, an owner no take point.
//! The cubeful equity is `(1 - x)` dead + `x` live with the *cube life* `x`. Under the Jacoby
//! rule (MONEY-2) a centred cube's gammons count single: the dead equity has none and the live
//! one stops at the cash points (nobody plays on for a gammon that does not count).
//!
//! **Match play.** The same interpolation in match winning chances (MWC, from the match
//! equity table, Kazaross-XG2: [`crate::scoring::met`]): the ends are the MWC of losing and
//! winning the game (with its gammon and backgammon rates), the cash points the MWC of a
//! single game won or lost at the cube's value, and the live cash points of both players come
//! from the table level by level: at the highest cube that can still be turned, a doubled cube
//! is dead (its cash point equates a take with the pass); below, a taker can redouble at the
//! opponent's live cash point one level up (`live_cash_points`). A cube that can never be
//! turned usefully (both players would win the match with it, both at 2-away, or the Crawford
//! game: MATCH-3, MATCH-7) is dead: the cubeless MWC.
//!
//! **Cube life** ([`cube_life`]): gnubg's default cube efficiencies, tuned against rollouts
//! by the program whose decisions we aim to match (its `rContactX`, `rCrashedX`,
//! `rRaceFactorX`, `rRaceCoefficientX`, `rRaceMin`, `rRaceMax`, `rOSCubeX`): 0.68 with contact,
//! `0.55 + 0.00125 x` (pips of the player on roll) clamped to 0.6..0.7 in races, 0.6 in
//! bear-offs; a finished game's cube is dead.
//!
//! **What the model reads** ([`on_roll_probabilities`]): the evaluator's probabilities of the
//! position for the player on roll, except where the opponent has checkers on the bar. There
//! the value of a position on roll is, for an evaluator of after-states such as gammon's nets,
//! its value of the opponent's position after a turn that left them on the bar, which their
//! training barely sees (a player who cannot enter passes without a position to learn from):
//! measured against gnubg 2-ply and against the net's own rollouts, the shipped net gives the
//! player on roll 3 to 4 points too little winning chance and 7 too few gammons there
//! (`docs/lab/2026-12-06-cube-decisions.md`). Such a position is read one roll ahead instead:
//! the average over the player's 21 rolls of the value after their best play.
//!
//! **Decisions** ([`CubeDecision`]), in one unit (money: points per unit of the current cube;
//! match play: normalised equity, EMG): no double (ND, the cube as it is); double, take (DT,
//! twice the equity with the opponent owning the doubled cube); double, pass (DP, +1). As
//! gnubg's `FindBestCubeDecision`: double when DT and DP both reach ND; a pass when DT reaches
//! DP; too good when ND beats DP; in money play with beavers on (CUBE-12) a take where DT is at
//! most 0 is a beaver.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::base::variant::RulesFamily;
use crate::bearoff;
use crate::eval::net::{bears_off, finished, NetFileError};
use crate::eval::{Evaluator, Probabilities};
use crate::policy::cube::{CubeContext, CubePolicy, Response};
use crate::policy::search::Prune;
use crate::policy::{is_race, PolicyStop};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use crate::scoring::cube::{CubeOffer, CubeRules, CubeState};
use crate::scoring::met::{mwc_after, MET_LENGTH};
use crate::scoring::scoreboard::{MatchScore, Scoreboard};

/// GNU Backgammon's default cube life in contact positions (`rContactX`; `rCrashedX` too).
pub const CONTACT_CUBE_LIFE: f64 = 0.68;
/// GNU Backgammon's default cube life in bear-off positions (`rOSCubeX`, `rTSCubeX`).
pub const BEAROFF_CUBE_LIFE: f64 = 0.6;
/// Races: the cube life is `RACE_CUBE_LIFE_BASE + RACE_CUBE_LIFE_PER_PIP x` pips of the player
/// on roll (`rRaceCoefficientX`, `rRaceFactorX`) ...
pub const RACE_CUBE_LIFE_BASE: f64 = 0.55;
/// ... per pip of the player on roll ...
pub const RACE_CUBE_LIFE_PER_PIP: f64 = 0.00125;
/// ... and at least this (`rRaceMin`) ...
pub const RACE_CUBE_LIFE_MIN: f64 = 0.6;
/// ... and at most this (`rRaceMax`).
pub const RACE_CUBE_LIFE_MAX: f64 = 0.7;

/// Two equities this close are equal for [`CubeDecision::optional`] (gnubg's `isOptional`).
const OPTIONAL_EPSILON: f64 = 1e-5;

/// Equities closer than this are equal when the proper action is chosen: the sums of a
/// search round a sure cash (+1) to a hair above or below it.
const ROUNDING: f64 = 1e-7;

/// Gammon chances below this do not make a position "too good" (a net's outputs are rarely
/// exactly 0 where no gammon can be won).
const NO_GAMMON: f32 = 1e-6;

/// Who holds the cube, from the side of the player whose equity is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ownership {
    /// Nobody: both may double (CUBE-1).
    Centred,
    /// The player: only they may double (CUBE-7).
    Mine,
    /// The opponent.
    Theirs,
}

/// The cube life of `pos` for its player on roll (see the module documentation).
#[must_use]
pub fn cube_life(pos: &Backgammon) -> f64 {
    if pos.is_game_over() {
        0.0
    } else if bearoff::is_bearoff(pos) {
        BEAROFF_CUBE_LIFE
    } else if is_race(pos) {
        let pips = f64::from(pos.pip_count()[pos.turn()]);
        (RACE_CUBE_LIFE_BASE + RACE_CUBE_LIFE_PER_PIP * pips)
            .clamp(RACE_CUBE_LIFE_MIN, RACE_CUBE_LIFE_MAX)
    } else {
        CONTACT_CUBE_LIFE
    }
}

/// A game reduced to what Janowski's money formulas need: the win probability and the average
/// values of a win and a loss, in units of the stake.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameValue {
    /// The cubeless probability of winning.
    pub p: f64,
    /// The average value of a win (at least 1 in money play).
    pub w: f64,
    /// The average value of a loss.
    pub l: f64,
}

impl GameValue {
    /// The money values of `probs`: a single game 1, a gammon 2, a backgammon 3. A draw
    /// (Long Nardy's last roll only) is counted as half a win.
    #[must_use]
    pub fn money(probs: &Probabilities) -> GameValue {
        let pw = (f64::from(probs.win) + 0.5 * f64::from(probs.draw)).clamp(0.0, 1.0);
        let (wg, wb) = (f64::from(probs.win_gammon), f64::from(probs.win_backgammon));
        let (lg, lb) = (
            f64::from(probs.lose_gammon),
            f64::from(probs.lose_backgammon),
        );
        let w = if pw > 1e-9 { 1.0 + (wg + wb) / pw } else { 1.0 };
        let l = if pw < 1.0 - 1e-9 {
            1.0 + (lg + lb) / (1.0 - pw)
        } else {
            1.0
        };
        GameValue { p: pw, w, l }
    }

    /// The cubeless (dead cube) equity `p W - (1 - p) L`.
    #[must_use]
    pub fn dead(&self) -> f64 {
        self.p * (self.w + self.l) - self.l
    }
}

/// Janowski's take point of a fully live cube in money play: the least winning chance at which
/// a double is taken, `(L - 1/2) / (W + L + x/2)` with cube life `x` (the taker's `W`, `L`).
#[must_use]
pub fn take_point(w: f64, l: f64, x: f64) -> f64 {
    (l - 0.5) / (w + l + 0.5 * x)
}

/// Janowski's cash point in money play: the winning chance from which the cube holder cashes
/// (the opponent's take point from the other side), `(L + 1) / (W + L + x/2)`.
#[must_use]
pub fn cash_point(w: f64, l: f64, x: f64) -> f64 {
    (l + 1.0) / (w + l + 0.5 * x)
}

/// The cube as the player on roll sees it, and what the game is played for: the input of
/// every cubeful evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeInfo {
    /// The cube's value and owner.
    pub cube: CubeState,
    /// The player whose equities are computed: the player on roll.
    pub player: Color,
    /// A money session or a match at its score (with its Crawford state).
    pub board: Scoreboard,
    /// The cube rules in force: Jacoby (MONEY-2) and beavers (CUBE-12) in money play, the cap
    /// (CUBE-10) and cube use (CUBE-2) always; in a match without the money-only options.
    pub rules: CubeRules,
}

impl CubeInfo {
    /// The cube `cube` seen by `player`, on roll, in a game of `board` under `rules` (a match
    /// drops the money-only options, CUBE-11).
    #[must_use]
    pub fn new(cube: CubeState, player: Color, board: Scoreboard, rules: CubeRules) -> CubeInfo {
        CubeInfo {
            cube,
            player,
            board,
            rules: board.cube_rules(rules),
        }
    }

    /// A money game with the cube centred at 1 under the default rules, `player` on roll.
    #[must_use]
    pub fn money(player: Color) -> CubeInfo {
        CubeInfo::new(
            CubeState::default(),
            player,
            Scoreboard::Money,
            CubeRules::default(),
        )
    }

    /// Who holds the cube, from the player's side.
    #[must_use]
    pub fn ownership(&self) -> Ownership {
        match self.cube.owner {
            None => Ownership::Centred,
            Some(o) if o == self.player => Ownership::Mine,
            Some(_) => Ownership::Theirs,
        }
    }

    /// The same cube seen by the opponent (on roll after the player's turn).
    #[must_use]
    pub fn opponent(&self) -> CubeInfo {
        CubeInfo {
            player: !self.player,
            ..*self
        }
    }

    /// The cube after the player doubles and the opponent takes: twice the value, the
    /// opponent's (CUBE-5); the player still on roll.
    #[must_use]
    pub fn doubled(&self) -> CubeInfo {
        CubeInfo {
            cube: CubeState {
                value: self.cube.value.saturating_mul(2),
                owner: Some(!self.player),
            },
            ..*self
        }
    }

    /// True in money play, and for a match the match equity table does not cover (longer
    /// than its 25 points to go for either player): then decided as money play, gammons at
    /// full value.
    #[must_use]
    pub fn is_money(&self) -> bool {
        self.table_match().is_none()
    }

    /// The match, when it is one the match equity table covers and it is not over.
    #[must_use]
    pub fn table_match(&self) -> Option<&MatchScore> {
        match &self.board {
            Scoreboard::Match(m)
                if !m.is_over()
                    && m.away(Color::White) as usize <= MET_LENGTH
                    && m.away(Color::Black) as usize <= MET_LENGTH =>
            {
                Some(m)
            }
            _ => None,
        }
    }

    /// Whether the player may double now as far as the cube and the score go: cube use on
    /// (CUBE-2), access (CUBE-3), room under the cap (CUBE-10); in a match not the Crawford
    /// game (MATCH-3) and not a dead cube, which would win the match for them as it stands
    /// (MATCH-7; the post-Crawford leader among them).
    #[must_use]
    pub fn may_double(&self) -> bool {
        if !self.cube.can_double(self.player, &self.rules) {
            return false;
        }
        match &self.board {
            Scoreboard::Money => true,
            Scoreboard::Match(m) => {
                !m.is_over() && !m.crawford_game && !m.is_dead_double(self.player, self.cube.value)
            }
        }
    }

    /// Whether the cube has any value to the game (gnubg's `fDoCubeful`): not when cube use is
    /// off (CUBE-2); in match play not when it is dead for both players (each would win the
    /// match with it), at 2-away 2-away (the first double decides the match), or in the
    /// Crawford game. Otherwise always in money play.
    #[must_use]
    pub fn is_live(&self) -> bool {
        if !self.rules.enabled {
            return false;
        }
        let Some(m) = self.table_match() else {
            return true;
        };
        let v = self.cube.value;
        let dead_both = m.is_dead_double(Color::White, v) && m.is_dead_double(Color::Black, v);
        let two_away = m.away(Color::White) == 2 && m.away(Color::Black) == 2;
        !(dead_both || two_away || m.crawford_game)
    }

    /// The player's match winning chance after the game is won (`win`) or lost for `points`.
    fn mwc(&self, m: &MatchScore, win: bool, points: u32) -> f64 {
        let winner = if win { self.player } else { !self.player };
        // Within the table: a result only brings the players nearer their goals.
        mwc_after(m, self.player, winner, points).unwrap_or(0.5)
    }

    /// The value of a double passed, in the unit of [`cubeful_equity`]: +1 cube in money play,
    /// the MWC of winning the cube's value in a match.
    #[must_use]
    pub fn pass_value(&self) -> f64 {
        match self.table_match() {
            None => 1.0,
            Some(m) => self.mwc(m, true, self.cube.value),
        }
    }

    /// A value of [`cubeful_equity`] seen by the opponent: `-v` in money play (points per
    /// cube), `1 - v` in a match (MWC).
    #[must_use]
    pub fn for_opponent(&self, v: f64) -> f64 {
        if self.is_money() {
            -v
        } else {
            1.0 - v
        }
    }

    /// A match winning chance as normalised equity (gnubg's `mwc2eq`, "EMG"): -1 for losing a
    /// single game at the cube's value, +1 for winning one, linear between. In money play the
    /// value itself.
    #[must_use]
    pub fn normalised(&self, v: f64) -> f64 {
        match self.table_match() {
            None => v,
            Some(m) => {
                let (win, lose) = (
                    self.mwc(m, true, self.cube.value),
                    self.mwc(m, false, self.cube.value),
                );
                if (win - lose).abs() < 1e-12 {
                    0.0
                } else {
                    (2.0 * v - (win + lose)) / (win - lose)
                }
            }
        }
    }

    /// The value of [`cubeful_equity`]'s unit for a normalised equity `e` (the inverse of
    /// [`CubeInfo::normalised`]): in money play `e` itself (points per cube), in a match the
    /// match winning chance (gnubg's `eq2mwc`).
    #[must_use]
    pub fn denormalised(&self, e: f64) -> f64 {
        match self.table_match() {
            None => e,
            Some(m) => {
                let (win, lose) = (
                    self.mwc(m, true, self.cube.value),
                    self.mwc(m, false, self.cube.value),
                );
                0.5 * (win + lose) + 0.5 * e * (win - lose)
            }
        }
    }

    /// The taker's take point: the least cubeless winning chance with which the opponent
    /// should take the player's double, by the cube model with cube life `x` and the gammon
    /// and backgammon rates of `probs` (the winning chance varied, the rates kept).
    #[must_use]
    pub fn take_point(&self, probs: &Probabilities, x: f64) -> f64 {
        let doubled = self.doubled();
        let dp = self.pass_value();
        let scale = if self.is_money() { 2.0 } else { 1.0 };
        let p = f64::from(probs.win).clamp(1e-6, 1.0 - 1e-6);
        let rates = |q: f64| {
            let (w, l) = (q / p, (1.0 - q) / (1.0 - p));
            Probabilities {
                win: q as f32,
                win_gammon: (f64::from(probs.win_gammon) * w) as f32,
                win_backgammon: (f64::from(probs.win_backgammon) * w) as f32,
                lose_gammon: (f64::from(probs.lose_gammon) * l) as f32,
                lose_backgammon: (f64::from(probs.lose_backgammon) * l) as f32,
                draw: 0.0,
            }
        };
        // The doubler's double/take value rises with the winning chance: bisect where it
        // meets the pass.
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..50 {
            let mid = 0.5 * (lo + hi);
            if scale * cubeful_equity(&rates(mid), &doubled, x) < dp {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        1.0 - 0.5 * (lo + hi)
    }
}

/// The cubeful value of `probs` (cubeless, for the player on roll) under `info` with cube life
/// `x`: in money play the equity in points per unit of the cube (Janowski), in match play the
/// match winning chance (Thyssen); see the module documentation. The player's own cube
/// decision in this position is not taken: this is the value of the cube as it is.
#[must_use]
pub fn cubeful_equity(probs: &Probabilities, info: &CubeInfo, x: f64) -> f64 {
    // With cube use off (CUBE-2) nobody can turn the cube: it is dead, worth nothing.
    let x = if info.rules.enabled { x } else { 0.0 };
    match info.table_match() {
        None => money_cubeful(probs, info, x),
        Some(m) => match_cubeful(probs, info, m, x),
    }
}

fn money_cubeful(probs: &Probabilities, info: &CubeInfo, x: f64) -> f64 {
    let jacoby = info.rules.jacoby && info.cube.owner.is_none();
    let price = if jacoby { 0.0 } else { 1.0 };
    let p = f64::from(probs.win);
    let (wg, wb) = (f64::from(probs.win_gammon), f64::from(probs.win_backgammon));
    let (lg, lb) = (
        f64::from(probs.lose_gammon),
        f64::from(probs.lose_backgammon),
    );
    let dead = 2.0 * p - 1.0 + price * (wg - lg + wb - lb);
    if p <= 1e-7 || p >= 1.0 - 1e-7 {
        return dead;
    }
    let w = 1.0 + (wg + wb) / p;
    let l = 1.0 + (lg + lb) / (1.0 - p);
    let tp = take_point(w, l, 1.0);
    let cp = cash_point(w, l, 1.0);
    // The live cube, linear between the points where someone cashes.
    let lose_side = |jac: bool| {
        if jac {
            -1.0
        } else {
            -l + (l - 1.0) * p / tp
        }
    };
    let win_side = |jac: bool| {
        if jac {
            1.0
        } else {
            1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
        }
    };
    let live = match info.ownership() {
        Ownership::Centred => {
            if p < tp {
                lose_side(jacoby)
            } else if p < cp {
                -1.0 + 2.0 * (p - tp) / (cp - tp)
            } else {
                win_side(jacoby)
            }
        }
        Ownership::Mine => {
            if p < cp {
                -l + (1.0 + l) * p / cp
            } else {
                win_side(false)
            }
        }
        Ownership::Theirs => {
            if p < tp {
                lose_side(false)
            } else {
                -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
            }
        }
    };
    (1.0 - x) * dead + x * live
}

/// The gammon and backgammon rates of a player's wins: `(gammons only, backgammons)` over
/// the wins.
#[derive(Clone, Copy, Debug, Default)]
struct Rates {
    gammon: f64,
    backgammon: f64,
}

impl Rates {
    fn of(win: f64, gammon: f64, backgammon: f64) -> Rates {
        if win <= 0.0 {
            return Rates::default();
        }
        Rates {
            gammon: (gammon - backgammon) / win,
            backgammon: backgammon / win,
        }
    }

    /// The mean of a game won (or lost) for 1, 2 or 3 times some stake at these rates.
    fn mean(&self, single: f64, gammon: f64, backgammon: f64) -> f64 {
        (1.0 - self.gammon - self.backgammon) * single
            + self.gammon * gammon
            + self.backgammon * backgammon
    }
}

fn match_cubeful(probs: &Probabilities, info: &CubeInfo, m: &MatchScore, x: f64) -> f64 {
    let p = f64::from(probs.win);
    let mine = Rates::of(
        p,
        f64::from(probs.win_gammon),
        f64::from(probs.win_backgammon),
    );
    let theirs = Rates::of(
        1.0 - p,
        f64::from(probs.lose_gammon),
        f64::from(probs.lose_backgammon),
    );
    let v = info.cube.value;
    let won = |k: u32| info.mwc(m, true, k * v);
    let lost = |k: u32| info.mwc(m, false, k * v);
    let (cash, opp_cash) = (won(1), lost(1));
    let win = mine.mean(cash, won(2), won(3));
    let lose = theirs.mean(opp_cash, lost(2), lost(3));
    let dead = p * win + (1.0 - p) * lose;
    if !info.is_live() {
        return dead;
    }
    let [my_cp, their_cp] = live_cash_points(m, info.player, v, [mine, theirs]);
    let opp_too_good = 1.0 - their_cp;
    let lerp = |a: f64, b: f64, t: f64| a + (b - a) * t;
    let below = || {
        if opp_too_good > 0.0 {
            lerp(lose, opp_cash, p / opp_too_good)
        } else {
            lose
        }
    };
    let above = |from: f64, at: f64| {
        if at < 1.0 {
            lerp(from, win, (p - at) / (1.0 - at))
        } else {
            win
        }
    };
    let live = match info.ownership() {
        Ownership::Centred => {
            if p <= opp_too_good {
                below()
            } else if p < my_cp {
                lerp(opp_cash, cash, (p - opp_too_good) / (my_cp - opp_too_good))
            } else {
                above(cash, my_cp)
            }
        }
        Ownership::Mine => {
            if p <= my_cp {
                if my_cp > 0.0 {
                    lerp(lose, cash, p / my_cp)
                } else {
                    lose
                }
            } else {
                above(cash, my_cp)
            }
        }
        Ownership::Theirs => {
            if p <= opp_too_good {
                below()
            } else {
                above(opp_cash, opp_too_good)
            }
        }
    };
    (1.0 - x) * dead + x * live
}

/// The live-cube cash points of the player (`rates[0]`, `me`) and the opponent (`rates[1]`)
/// with the cube at `value`, each as their own winning chance (gnubg's `GetPoints`). From the
/// highest cube that can still be turned down: there the doubled cube is dead, and the cash
/// point equates the double passed with the double taken and played to the end (with an
/// immediate redouble by the opponent when the doubled cube would win the match for the
/// doubler only); at each level below, the taker may redouble at their own cash point one
/// level up, and the cash point equates the pass with the take and that redouble.
fn live_cash_points(m: &MatchScore, me: Color, value: u32, rates: [Rates; 2]) -> [f64; 2] {
    const LEVELS: usize = 16;
    let players = [me, !me];
    // Points each still needs, minus one (gnubg's "normalised score").
    let need = [i64::from(m.away(me)) - 1, i64::from(m.away(!me)) - 1];
    let mwc = |k: usize, winner: usize, points: u64| -> f64 {
        let points = u32::try_from(points).unwrap_or(u32::MAX);
        mwc_after(m, players[k], players[winner], points).unwrap_or(0.5)
    };
    let mut top = 0usize;
    let mut dead_cube = u64::from(value);
    while need[0] >= 2 * dead_cube as i64 && need[1] >= 2 * dead_cube as i64 && top + 1 < LEVELS {
        top += 1;
        dead_cube *= 2;
    }
    let mut cp = [[0.0f64; LEVELS + 1]; 2];
    for n in (0..=top).rev() {
        let c = u64::from(value) << n;
        let doubled_dead = need[0] < 2 * c as i64 || need[1] < 2 * c as i64;
        for k in 0..2 {
            let o = 1 - k;
            let pass = mwc(k, k, c);
            if doubled_dead {
                // The doubler would win the match with the doubled cube and the taker not:
                // the taker redoubles at once, and the game is played for twice as much.
                let stake = if need[k] < 2 * c as i64 && need[o] >= 2 * c as i64 {
                    2 * c
                } else {
                    c
                };
                let take_win = rates[k].mean(
                    mwc(k, k, 2 * stake),
                    mwc(k, k, 4 * stake),
                    mwc(k, k, 6 * stake),
                );
                let take_lose = rates[o].mean(
                    mwc(k, o, 2 * stake),
                    mwc(k, o, 4 * stake),
                    mwc(k, o, 6 * stake),
                );
                let den = take_lose - take_win;
                cp[k][n] = if den.abs() < 1e-12 {
                    1.0
                } else {
                    (take_lose - pass) / den
                };
            } else {
                let redouble_pass = mwc(k, o, 2 * c);
                let take_win = rates[k].mean(mwc(k, k, 2 * c), mwc(k, k, 4 * c), mwc(k, k, 6 * c));
                let den = redouble_pass - take_win;
                cp[k][n] = if den.abs() < 1e-12 {
                    1.0
                } else {
                    1.0 - cp[o][n + 1] * (pass - take_win) / den
                };
            }
        }
    }
    [cp[0][0], cp[1][0]]
}

/// What the player on roll should do with the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoublerAction {
    /// Play on: doubling would cost (ND beats DT or DP).
    NoDouble,
    /// Double (DT and DP both reach ND).
    Double,
    /// Too good to double: a double would be passed, and playing on for the gammon is worth
    /// more than cashing (ND beats DP).
    TooGood,
    /// The cube is dead in this match (the Crawford game, or a double that cannot gain:
    /// MATCH-3, MATCH-7): never double.
    DeadCube,
    /// The player may not double: the opponent owns the cube (CUBE-3), cube use is off
    /// (CUBE-2), or it is at the cap (CUBE-10).
    Unavailable,
}

impl DoublerAction {
    /// The action in words: `"double"`, `"no double"`, `"too good"`, `"dead cube"`,
    /// `"unavailable"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DoublerAction::NoDouble => "no double",
            DoublerAction::Double => "double",
            DoublerAction::TooGood => "too good",
            DoublerAction::DeadCube => "dead cube",
            DoublerAction::Unavailable => "unavailable",
        }
    }
}

impl fmt::Display for DoublerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the opponent should answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TakerAction {
    /// Take (CUBE-5): DT is below DP.
    Take,
    /// Pass (CUBE-6).
    Pass,
    /// Beaver (CUBE-12): take and redouble at once; money play with beavers on, when the
    /// taker's side of the doubled game is worth something (DT at most 0).
    Beaver,
}

impl TakerAction {
    /// The answer in words: `"take"`, `"pass"` or `"beaver"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TakerAction::Take => "take",
            TakerAction::Pass => "pass",
            TakerAction::Beaver => "beaver",
        }
    }
}

impl fmt::Display for TakerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cube decision: the three cubeful equities of the player on roll and the proper actions,
/// as GNU Backgammon's cube hint gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// No double: the cube as it is. Money play: points per unit of the current cube; match
    /// play: normalised equity (EMG, -1 a single game lost at the cube's value, +1 one won).
    pub no_double: f64,
    /// Double, take: the doubled cube owned by the opponent, in the same unit.
    pub double_take: f64,
    /// Double, pass: the current cube's value won, +1 in the same unit.
    pub double_pass: f64,
    /// The opponent's best answer to a double is a beaver (money play, beavers on).
    pub beaver: bool,
    /// What the player on roll should do.
    pub doubler: DoublerAction,
    /// What the opponent should answer to a double.
    pub taker: TakerAction,
    /// Doubling and not doubling are worth the same (within 1e-5): an optional double.
    pub optional: bool,
    /// The cube, the player and the score of the decision.
    pub info: CubeInfo,
    /// The match winning chances of no double, double/take and double/pass (match play).
    pub mwc: Option<[f64; 3]>,
    /// The cubeless probabilities of the position for the player on roll, searched as deep as
    /// the equities.
    pub probabilities: Probabilities,
    /// How many plies deep the equities were searched.
    pub plies: u32,
    /// The cube life of the position (the model's at 0 ply; see [`cube_life`]).
    pub cube_life: f64,
    /// The taker's take point: the least cubeless winning chance with which a double is
    /// taken, by the cube model with this position's gammon rates and cube life
    /// ([`CubeInfo::take_point`]).
    pub take_point: f64,
}

impl CubeDecision {
    /// The decision from the three values of the player on roll in the unit of
    /// [`cubeful_equity`] (money: points per cube; match: MWC), double/take already at the
    /// current cube (twice the doubled cube's money equity), with what the result should
    /// carry.
    #[must_use]
    pub fn from_values(
        info: &CubeInfo,
        values: [f64; 3],
        probabilities: Probabilities,
        plies: u32,
        cube_life: f64,
    ) -> CubeDecision {
        let [nd, dt, dp] = values.map(|v| info.normalised(v));
        // Equal up to rounding: a sure cash searched is +1 within a few ulps.
        let snap = |v: f64| if (v - dp).abs() < ROUNDING { dp } else { v };
        let (nd, dt) = (snap(nd), snap(dt));
        let (doubler, taker, optional) = decide(info, nd, dt, dp, &probabilities);
        CubeDecision {
            no_double: nd,
            double_take: dt,
            double_pass: dp,
            beaver: taker == TakerAction::Beaver,
            doubler,
            taker,
            optional,
            info: *info,
            mwc: (!info.is_money()).then_some(values),
            probabilities,
            plies,
            cube_life,
            take_point: info.take_point(&probabilities, cube_life),
        }
    }

    /// Doubling is right (DT and DP both reach ND).
    #[must_use]
    pub fn should_double(&self) -> bool {
        self.doubler == DoublerAction::Double
    }

    /// The opponent should take (or beaver) a double.
    #[must_use]
    pub fn should_take(&self) -> bool {
        self.taker != TakerAction::Pass
    }

    /// Too good to double: a double would be passed, but playing on is worth more.
    #[must_use]
    pub fn too_good(&self) -> bool {
        self.doubler == DoublerAction::TooGood
    }

    /// The equity of doubling, the opponent answering properly: the lesser of DT and DP, or
    /// twice DT when the double would be beavered.
    #[must_use]
    pub fn doubled(&self) -> f64 {
        if self.taker == TakerAction::Beaver {
            2.0 * self.double_take
        } else {
            self.double_take.min(self.double_pass)
        }
    }

    /// The doubler's equity after the opponent answers a double with `answer` (a beaver:
    /// twice DT, the model's value of the redoubled cube).
    #[must_use]
    pub fn answered(&self, answer: TakerAction) -> f64 {
        match answer {
            TakerAction::Take => self.double_take,
            TakerAction::Pass => self.double_pass,
            TakerAction::Beaver => 2.0 * self.double_take,
        }
    }

    /// The equity of the proper action: ND unless doubling, then [`CubeDecision::doubled`].
    #[must_use]
    pub fn best(&self) -> f64 {
        if self.should_double() {
            self.doubled()
        } else {
            self.no_double
        }
    }

    /// The proper action in GNU Backgammon's words: "No double, take", "Double, pass",
    /// "Too good to redouble, pass", "No double, beaver", "Never double, take (dead cube)",
    /// ...
    #[must_use]
    pub fn action(&self) -> String {
        let re = if self.info.cube.owner.is_some() {
            "redouble"
        } else {
            "double"
        };
        let taker = self.taker.name();
        match self.doubler {
            DoublerAction::Unavailable => "No double (the cube is not available)".to_string(),
            DoublerAction::DeadCube => format!("Never {re}, take (dead cube)"),
            DoublerAction::NoDouble => format!("No {re}, {taker}"),
            DoublerAction::TooGood => format!("Too good to {re}, {taker}"),
            DoublerAction::Double if self.optional => format!("Optional {re}, {taker}"),
            DoublerAction::Double => {
                let mut s = format!("{re}, {taker}");
                s[..1].make_ascii_uppercase();
                s
            }
        }
    }
}

impl fmt::Display for CubeDecision {
    /// A cube hint as gnubg prints it: the probabilities, the three equities (the proper
    /// action's first, then the others by equity) with their distance from the proper
    /// action's, and the proper action.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.probabilities;
        let unit = if self.info.is_money() {
            "cubeful equity"
        } else {
            "normalised equity (EMG)"
        };
        writeln!(
            f,
            "Cube decision at {} ply, {}, {}:",
            self.plies,
            self.info.cube,
            match self.info.board {
                Scoreboard::Money => "money".to_string(),
                Scoreboard::Match(m) => m.to_string(),
            }
        )?;
        writeln!(
            f,
            "  win {:.3} (gammon {:.3}, backgammon {:.3})  lose {:.3} (gammon {:.3}, \
             backgammon {:.3})",
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose(),
            p.lose_gammon,
            p.lose_backgammon
        )?;
        writeln!(f, "  {unit}:")?;
        let re = if self.info.cube.owner.is_some() {
            "redouble"
        } else {
            "double"
        };
        let mut rows = [
            (format!("No {re}"), self.no_double, 0),
            (format!("{re}, pass"), self.double_pass, 2),
            (format!("{re}, take"), self.double_take, 1),
        ];
        for r in &mut rows {
            r.0[..1].make_ascii_uppercase();
        }
        let best = self.best();
        // The proper action first, as gnubg lists them, then the others by equity.
        let proper = match (self.should_double(), self.taker) {
            (true, TakerAction::Pass) => 1,
            (true, _) => 2,
            (false, _) => 0,
        };
        let mut order: Vec<usize> = (0..3).filter(|&i| i != proper).collect();
        order.sort_by(|&a, &b| rows[b].1.total_cmp(&rows[a].1));
        order.insert(0, proper);
        for (rank, &i) in order.iter().enumerate() {
            let (name, eq, slot) = &rows[i];
            let diff = eq - best;
            let mwc = match self.mwc {
                Some(m) => format!("  ({:.1}% MWC)", 100.0 * m[*slot]),
                None => String::new(),
            };
            if diff.abs() < 5e-7 {
                writeln!(f, "  {}. {name:<16} {eq:+.3}{mwc}", rank + 1)?;
            } else {
                writeln!(f, "  {}. {name:<16} {eq:+.3} ({diff:+.3}){mwc}", rank + 1)?;
            }
        }
        write!(
            f,
            "  Proper cube action: {}  (take point {:.1}%)",
            self.action(),
            100.0 * self.take_point
        )
    }
}

/// The proper actions for the values (normalised: money points per cube, match EMG), as
/// gnubg's `FindBestCubeDecision` makes them: `(doubler, taker, optional)`.
fn decide(
    info: &CubeInfo,
    nd: f64,
    dt: f64,
    dp: f64,
    probs: &Probabilities,
) -> (DoublerAction, TakerAction, bool) {
    let beavers = info.is_money() && info.rules.beavers;
    let taker = if dt >= dp {
        TakerAction::Pass
    } else if beavers && (-2.0..=0.0).contains(&dt) {
        TakerAction::Beaver
    } else {
        TakerAction::Take
    };
    if !info.may_double() {
        let access = info.cube.may_turn(info.player);
        let dead = !info.is_money() && access && info.rules.enabled;
        let doubler = if dead {
            DoublerAction::DeadCube
        } else {
            DoublerAction::Unavailable
        };
        return (doubler, taker, false);
    }
    let gammon_possible = probs.win_gammon > NO_GAMMON;
    let too_good = if gammon_possible {
        DoublerAction::TooGood
    } else {
        DoublerAction::Double
    };
    if dt >= nd && dp >= nd {
        if dp > dt {
            // Double, take; not when the beaver makes the double a loss.
            if taker == TakerAction::Beaver && 2.0 * dt < nd {
                return (DoublerAction::NoDouble, taker, false);
            }
            return (
                DoublerAction::Double,
                taker,
                (dt - nd).abs() <= OPTIONAL_EPSILON,
            );
        }
        // Double, pass: optional when playing on is worth the same and a gammon counts.
        let jacoby_centred = info.is_money() && info.rules.jacoby && info.cube.owner.is_none();
        let optional = (nd - dp).abs() <= OPTIONAL_EPSILON && gammon_possible && !jacoby_centred;
        return (DoublerAction::Double, TakerAction::Pass, optional);
    }
    if nd > dt {
        if dt > dp {
            // Playing on beats a double that would be passed.
            return (too_good, TakerAction::Pass, false);
        }
        if nd > dp {
            // Playing on beats even the cash (a double would be taken).
            let doubler = if gammon_possible {
                DoublerAction::TooGood
            } else {
                DoublerAction::NoDouble
            };
            return (doubler, TakerAction::Take, false);
        }
        return (DoublerAction::NoDouble, taker, false);
    }
    // DT reaches ND, which beats DP: the double would be passed, and playing on is better.
    (too_good, TakerAction::Pass, false)
}

/// True when the opponent of the player on roll has checkers on the bar.
#[must_use]
pub fn opponent_on_bar(pos: &Backgammon) -> bool {
    pos.raw()[0] < 0
}

/// The cubeless probabilities of `pos` for its player on roll as the cube model reads them
/// (see the module documentation): a finished game's result; where the opponent has checkers
/// on the bar, the average over the player's 21 rolls of the value after their best play
/// (chosen by `evaluator`'s cubeless equity; a roll without a play passes); else
/// `evaluator`'s. `plays` and `equities` are scratch space.
pub fn on_roll_probabilities(
    evaluator: &dyn Evaluator<Backgammon>,
    pos: &Backgammon,
    plays: &mut PlayList<Backgammon>,
    equities: &mut Vec<f32>,
) -> Probabilities {
    on_roll_probabilities_pruned(evaluator, None, pos, plays, equities)
}

/// [`on_roll_probabilities`], the best play of each roll of the look-ahead chosen among the
/// pruning net's `keep` best in contact (`prune`; ranked by its raw scores as the searched
/// policy ranks its replies, `super::search`): the full evaluator values those only.
pub(super) fn on_roll_probabilities_pruned(
    evaluator: &dyn Evaluator<Backgammon>,
    prune: Option<Prune<'_>>,
    pos: &Backgammon,
    plays: &mut PlayList<Backgammon>,
    equities: &mut Vec<f32>,
) -> Probabilities {
    if let Some(o) = pos.outcome() {
        return finished(o.winner, o.kind, pos.turn());
    }
    let who = evaluator_address(evaluator);
    // The memo tells values with and without pruning apart.
    let keep = prune.map_or(0, |p| p.keep.max(1));
    let known = ON_ROLL_MEMO.with(|m| {
        m.borrow()
            .as_ref()
            .filter(|m| Some(m.evaluator) == who)
            .and_then(|m| m.values.get(pos).copied())
            .and_then(|(p, k)| (k == keep).then_some(p))
    });
    if let Some(p) = known {
        return p;
    }
    let p = if opponent_on_bar(pos) {
        one_roll_ahead(evaluator, prune, pos, plays, equities)
    } else {
        evaluator.evaluate(pos)
    };
    ON_ROLL_MEMO.with(|m| {
        if let Some(m) = m.borrow_mut().as_mut().filter(|m| Some(m.evaluator) == who) {
            if m.values.len() >= m.capacity {
                m.values.clear();
            }
            m.values.insert(*pos, (p, keep));
        }
    });
    p
}

/// [`on_roll_probabilities`] of a position whose opponent is on the bar: the average over the
/// player's 21 rolls of the value after their best play (with `prune`, among the pruning net's
/// best by its raw scores, [`rolls::PrunedRolls::kept`]).
///
/// The candidates of all 21 rolls are valued by one call of the evaluator (the nets value them
/// with one ranker: the first layer's sums of `pos` made once, not once a roll), and the
/// pruning net ranks them with one ranker too; each play's value depends on `pos` and the
/// play only, so the values are those of a call a roll, to the bit. Pruned, the value after
/// the best play is the one its ranking found (up to float rounding that of a whole
/// evaluation, which unpruned, at 0 ply, values it).
fn one_roll_ahead(
    evaluator: &dyn Evaluator<Backgammon>,
    prune: Option<Prune<'_>>,
    pos: &Backgammon,
    plays: &mut PlayList<Backgammon>,
    equities: &mut Vec<f32>,
) -> Probabilities {
    // The thread's buffers (fresh ones should the evaluator look ahead itself).
    LOOK_AHEAD.with(|buffers| match buffers.try_borrow_mut() {
        Ok(mut b) => one_roll_ahead_into(evaluator, prune, pos, plays, equities, &mut b),
        Err(_) => one_roll_ahead_into(
            evaluator,
            prune,
            pos,
            plays,
            equities,
            &mut LookAhead::default(),
        ),
    })
}

/// The buffers of [`one_roll_ahead`], reused from one position to the next.
#[derive(Default)]
struct LookAhead {
    rolls: rolls::PrunedRolls,
    /// Each roll's candidates, one after the other.
    candidates: Vec<Play<Backgammon>>,
    /// Their probabilities, pruned.
    values: Vec<Probabilities>,
}

thread_local! {
    /// The buffers of [`one_roll_ahead`] on this thread.
    static LOOK_AHEAD: RefCell<LookAhead> = RefCell::new(LookAhead::default());
}

/// [`one_roll_ahead`] with the buffers `b`.
fn one_roll_ahead_into(
    evaluator: &dyn Evaluator<Backgammon>,
    prune: Option<Prune<'_>>,
    pos: &Backgammon,
    plays: &mut PlayList<Backgammon>,
    equities: &mut Vec<f32>,
    b: &mut LookAhead,
) -> Probabilities {
    let value = |child: &Backgammon| match child.outcome() {
        Some(o) => finished(o.winner, o.kind, child.turn()),
        None => evaluator.evaluate(child),
    };
    let LookAhead {
        rolls,
        candidates,
        values,
    } = b;
    candidates.clear();
    values.clear();
    // Each roll's candidates, one after the other: roll `r`'s from `starts[r]` to `starts[r + 1]`.
    let mut starts = [0usize; 22];
    if let Some(pr) = prune {
        rolls.kept(pr, pos, |_| pr.keep, candidates, &mut starts);
    } else {
        for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
            starts[r] = candidates.len();
            pos.legal_plays_into(dice, plays);
            candidates.extend_from_slice(plays.as_slice());
        }
        starts[21] = candidates.len();
    }
    // Pruned, the kept plays' probabilities come with their ranking (one ranker: the best's
    // value the same, up to float rounding, as a whole evaluation of the position after it);
    // unpruned (0 ply), the best is valued afresh.
    if prune.is_some() {
        evaluator.play_probabilities(pos, candidates, values);
        equities.clear();
        equities.extend(values.iter().map(Probabilities::equity));
    } else {
        evaluator.play_equities(pos, candidates, equities);
    }
    let mut acc = [0.0f64; 5];
    for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
        let (from, to) = (starts[r], starts[r + 1]);
        let p = if from == to {
            value(&pos.pass_turn()).flip()
        } else {
            let mut best = from;
            let mut best_eq = f32::NEG_INFINITY;
            for (i, (play, &e)) in candidates[from..to]
                .iter()
                .zip(&equities[from..to])
                .enumerate()
            {
                // A play that ends the game is worth its result.
                let e = if bears_off(play) && play.after().is_game_over() {
                    f32::INFINITY
                } else {
                    e
                };
                if e > best_eq {
                    best_eq = e;
                    best = from + i;
                }
            }
            let child = pos.play_unchecked(&candidates[best]);
            match values.get(best) {
                Some(v) if !child.is_game_over() => *v,
                _ => value(&child).flip(),
            }
        };
        let w = f64::from(dice.weight()) / 36.0;
        acc[0] += w * f64::from(p.win);
        acc[1] += w * f64::from(p.win_gammon);
        acc[2] += w * f64::from(p.win_backgammon);
        acc[3] += w * f64::from(p.lose_gammon);
        acc[4] += w * f64::from(p.lose_backgammon);
    }
    let win = acc[0].clamp(0.0, 1.0);
    let wg = acc[1].clamp(0.0, win);
    let lg = acc[3].clamp(0.0, 1.0 - win);
    Probabilities {
        win: win as f32,
        win_gammon: wg as f32,
        win_backgammon: acc[2].clamp(0.0, wg) as f32,
        lose_gammon: lg as f32,
        lose_backgammon: acc[4].clamp(0.0, lg) as f32,
        draw: 0.0,
    }
}

/// The address of an evaluator, which tells the memo of [`remembering_on_roll`] whose values
/// it holds; `None` for an evaluator without data, whose address others may share.
fn evaluator_address(evaluator: &dyn Evaluator<Backgammon>) -> Option<usize> {
    (std::mem::size_of_val(evaluator) > 0)
        .then(|| std::ptr::from_ref(evaluator).cast::<()>() as usize)
}

/// A hasher of positions for the memo: a multiply-rotate mix of the bytes written (a position
/// is a few dozen bytes; the memo needs speed, not resistance to chosen keys).
#[derive(Default)]
struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
    }
}

/// The values of [`on_roll_probabilities`] remembered on one thread.
struct OnRollMemo {
    /// The evaluator whose values they are ([`evaluator_address`]).
    evaluator: usize,
    /// The most positions kept: the memo is emptied when it is full.
    capacity: usize,
    /// Each position's values, with the replies the pruning kept a roll (0: no pruning).
    values: HashMap<Backgammon, (Probabilities, usize), BuildHasherDefault<PositionHasher>>,
}

thread_local! {
    /// The memo of [`remembering_on_roll`] on this thread, while one runs.
    static ON_ROLL_MEMO: RefCell<Option<OnRollMemo>> = const { RefCell::new(None) };
}

/// Runs `f` with the values of [`on_roll_probabilities`] by `evaluator` remembered by position
/// on this thread (at most `capacity` positions at a time), so that a search that reaches a
/// position again, or several searches of the same positions, ask the evaluator once. The
/// values are the same as without the memo (each is a function of the evaluator and the
/// position); other evaluators, and one without data (a unit struct), are not remembered.
/// The memo is dropped when `f` returns, and one running already is restored.
pub fn remembering_on_roll<R>(
    evaluator: &dyn Evaluator<Backgammon>,
    capacity: usize,
    f: impl FnOnce() -> R,
) -> R {
    /// Puts the memo that ran before back, also when `f` unwinds.
    struct Restore(Option<OnRollMemo>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            ON_ROLL_MEMO.with(|m| *m.borrow_mut() = before);
        }
    }
    let memo = evaluator_address(evaluator).map(|evaluator| OnRollMemo {
        evaluator,
        capacity: capacity.max(1),
        values: HashMap::default(),
    });
    let _restore = Restore(ON_ROLL_MEMO.with(|m| m.replace(memo)));
    f()
}

thread_local! {
    /// Scratch space of [`JanowskiCube`]'s decisions on this thread.
    static SCRATCH: RefCell<(Box<PlayList<Backgammon>>, Vec<f32>)> =
        RefCell::new((Box::default(), Vec::new()));
}

/// The decision at 0 ply from the probabilities of the player on roll, by the model with
/// cube life `x`.
#[must_use]
pub fn decision_from_probabilities(probs: &Probabilities, info: &CubeInfo, x: f64) -> CubeDecision {
    let scale = if info.is_money() { 2.0 } else { 1.0 };
    let nd = cubeful_equity(probs, info, x);
    let dt = scale * cubeful_equity(probs, &info.doubled(), x);
    CubeDecision::from_values(info, [nd, dt, info.pass_value()], *probs, 0, x)
}

/// Money-play decision for the player on roll with probabilities `probs` (theirs), the cube
/// at `value` held as `own`, cube life `x` and the Jacoby rule (MONEY-2); no beavers. The
/// equities are in points per unit of the cube.
#[must_use]
pub fn money_decision(
    probs: &Probabilities,
    value: u32,
    own: Ownership,
    x: f64,
    jacoby: bool,
) -> CubeDecision {
    let info = CubeInfo::new(
        CubeState {
            value,
            owner: owner_of(own, Color::White),
        },
        Color::White,
        Scoreboard::Money,
        CubeRules {
            jacoby,
            ..CubeRules::default()
        },
    );
    decision_from_probabilities(probs, &info, x)
}

/// Match-play decision for `me`, on roll with probabilities `probs`, the cube at `value` held
/// as `own`, cube life `x`, in match `m`. `None` beyond the match equity table's 25 points.
#[must_use]
pub fn match_decision(
    probs: &Probabilities,
    m: &MatchScore,
    me: Color,
    value: u32,
    own: Ownership,
    x: f64,
) -> Option<CubeDecision> {
    let info = CubeInfo::new(
        CubeState {
            value,
            owner: owner_of(own, me),
        },
        me,
        Scoreboard::Match(*m),
        CubeRules::default(),
    );
    info.table_match()?;
    Some(decision_from_probabilities(probs, &info, x))
}

fn owner_of(own: Ownership, me: Color) -> Option<Color> {
    match own {
        Ownership::Centred => None,
        Ownership::Mine => Some(me),
        Ownership::Theirs => Some(!me),
    }
}

/// The evaluator a [`JanowskiCube`] asks: a `'static` one (the shipped net, read once) or one
/// shared behind an [`Arc`].
#[derive(Clone)]
enum Source {
    Static(&'static dyn Evaluator<Backgammon>),
    Shared(Arc<dyn Evaluator<Backgammon>>),
}

/// Cube decisions at 0 ply by the cube model over an evaluator's probabilities (see the module
/// documentation): money play by points, match play by the Kazaross-XG2 match equity table
/// (matches beyond its 25 points decided as money play). Backgammon rules.
///
/// Generic over the evaluator: the shipped neural net ([`JanowskiCube::shipped_net`], the cube
/// policy `"net"`), the bear-off evaluator, or any other (`JanowskiCube::new(Arc::new(e))`).
/// Cloning it is cheap (a reference or an `Arc`).
#[derive(Clone)]
pub struct JanowskiCube {
    evaluator: Source,
    /// A fixed cube life instead of [`cube_life`] by position class, when set.
    pub fixed_life: Option<f64>,
}

impl std::fmt::Debug for JanowskiCube {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JanowskiCube")
            .field("fixed_life", &self.fixed_life)
            .finish_non_exhaustive()
    }
}

impl JanowskiCube {
    /// The policy over `evaluator`, with the cube life of [`cube_life`].
    #[must_use]
    pub fn new(evaluator: Arc<dyn Evaluator<Backgammon>>) -> JanowskiCube {
        JanowskiCube {
            evaluator: Source::Shared(evaluator),
            fixed_life: None,
        }
    }

    /// The policy over an evaluator that lives for the whole program (no reference count).
    #[must_use]
    pub fn with_static(evaluator: &'static dyn Evaluator<Backgammon>) -> JanowskiCube {
        JanowskiCube {
            evaluator: Source::Static(evaluator),
            fixed_life: None,
        }
    }

    /// The policy over the shipped backgammon net ([`crate::eval::net::shipped`]): the cube
    /// policy `"net"`.
    ///
    /// # Errors
    /// [`NetFileError`] if the embedded weights are damaged (a build error).
    pub fn shipped_net() -> Result<JanowskiCube, NetFileError> {
        let net = crate::eval::net::shipped(RulesFamily::Backgammon)?;
        Ok(JanowskiCube::with_static(net))
    }

    /// The evaluator the decisions ask.
    #[must_use]
    pub fn evaluator(&self) -> &dyn Evaluator<Backgammon> {
        match &self.evaluator {
            Source::Static(e) => *e,
            Source::Shared(e) => e.as_ref(),
        }
    }

    /// The decision the player on roll in `ctx.position` faces, the cube as in `ctx`, at 0
    /// ply.
    #[must_use]
    pub fn decision(&self, ctx: &CubeContext<'_, Backgammon>) -> CubeDecision {
        let pos = ctx.position;
        let info = CubeInfo::new(ctx.cube, pos.turn(), *ctx.board, *ctx.rules);
        let evaluator = self.evaluator();
        let probs = SCRATCH.with(|s| match s.try_borrow_mut() {
            Ok(mut s) => {
                let (plays, equities) = &mut *s;
                on_roll_probabilities(evaluator, pos, plays, equities)
            }
            Err(_) => on_roll_probabilities(evaluator, pos, &mut PlayList::new(), &mut Vec::new()),
        });
        let x = self.fixed_life.unwrap_or_else(|| cube_life(pos));
        decision_from_probabilities(&probs, &info, x)
    }
}

impl CubePolicy<Backgammon> for JanowskiCube {
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

/// Whether the doubler of `ctx` doubles when `decide` gives the decision they face: never a
/// dead cube in a match, else as the decision says. Shared by every cube policy built on
/// [`CubeDecision`] (this module's at 0 ply and the searched one).
pub(crate) fn offer_by(
    ctx: &CubeContext<'_, Backgammon>,
    decide: impl FnOnce(&CubeContext<'_, Backgammon>) -> CubeDecision,
) -> bool {
    if let Some(m) = ctx.board.as_match() {
        if m.is_dead_double(ctx.player, ctx.cube.value) {
            return false;
        }
    }
    decide(ctx).should_double()
}

/// The answer to `offer` when `decide` gives the decision the doubler faced before it: pass,
/// take, or a beaver where the game loop allows one (CUBE-12); the doubler answering a beaver
/// or raccoon takes (no raccoons).
pub(crate) fn respond_by(
    ctx: &CubeContext<'_, Backgammon>,
    offer: &CubeOffer,
    may_redouble: bool,
    decide: impl FnOnce(&CubeContext<'_, Backgammon>) -> CubeDecision,
) -> Response {
    if ctx.player == ctx.position.turn() {
        return Response::Take;
    }
    // The decision as the doubler saw it, before the offer.
    let before = CubeContext {
        cube: CubeState {
            value: offer.stake(),
            owner: ctx.cube.owner,
        },
        ..*ctx
    };
    let d = decide(&before);
    let beaver = d.info.is_money() && (-2.0..=0.0).contains(&d.double_take);
    match d.taker {
        TakerAction::Pass => Response::Drop,
        _ if may_redouble && beaver => Response::Redouble,
        _ => Response::Take,
    }
}

pub(in crate::policy) mod rolls;

#[cfg(test)]
mod tests;
