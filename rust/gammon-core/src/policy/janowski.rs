//! Cube decisions from an evaluator's probabilities: Rick Janowski's cube-life model ("Take-
//! Points in Money Games", 1993) for money play, and the same model on match equities from
//! the Kazaross-XG2 table ([`crate::scoring::met`]) for match play. [`JanowskiCube`] is a
//! [`CubePolicy`] over any [`Evaluator`].
//!
//! **The model.** With `p` the cubeless win probability of the player deciding, `W` the
//! average value of a win and `L` of a loss (in units of the cube; gammons and backgammons
//! make them exceed 1), the dead-cube equity is `p (W + L) - L`. Janowski interpolates
//! between that and the fully live cube (a player who holds the cube cashes exactly at the
//! opponent's take point) with the *cube life* `x`: cubeful equity = `(1 - x)` dead + `x`
//! live. This gives his take point `(L - 0.5) / (W + L + 0.5 x)` and cash point
//! `(L + 1) / (W + L + 0.5 x)` ([`take_point`], [`cash_point`]): 25% dead (`x = 0`) and 20%
//! fully live (`x = 1`) for `W = L = 1`.
//!
//! **Cube life.** GNU Backgammon's default cube efficiencies (its `eval.c`: `rContactX`,
//! `rRaceFactorX`, `rRaceCoefficientX`, `rRaceMin`/`rRaceMax`, `rOSCubeX`): 0.68 in contact
//! positions, `0.55 + 0.00125 x` (pips of the player deciding) clamped to 0.6..0.7 in races,
//! and 0.6 in bear-offs ([`cube_life`]). They are the values tuned against rollouts by the
//! program whose decisions we aim to match; Janowski's paper suggests 0.6 to 0.7 for typical
//! positions.
//!
//! **Decisions** (normalised to the current stake): no double = the cubeful equity with the
//! cube as it is; double/take = twice the equity with the opponent owning the cube;
//! double/pass = +1. Double when `min(take, pass) > no double` (so not when "too good" to
//! double: playing on beats cashing); take when the taker's equity after the take, `-take`, is
//! at least `-1`; beaver (where allowed) when it is above 0.
//!
//! **Match play.** Outcomes are worth match winning chances (MWC) rather than points: each
//! outcome at stake `v` (single, gammon, backgammon won or lost) is valued from the score it
//! leads to (MATCH-1, MATCH-3, MATCH-4), and the values are normalised so that a single win
//! is +1 and a single loss -1 at that stake. `W` and `L` then follow from the probabilities and
//! the decisions are made as above, in MWC. A cube that can never be turned usefully again
//! (MATCH-7, a dead cube) has no life: `x = 0` for it. In money play (MWC = points) the two
//! formulations coincide.

use std::sync::Arc;

use crate::base::color::Color;
use crate::base::variant::RulesFamily;
use crate::bearoff;
use crate::eval::net::NetFileError;
use crate::eval::{Evaluator, Probabilities};
use crate::policy::cube::{CubeContext, CubePolicy, Response};
use crate::policy::{is_race, PolicyStop};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use crate::scoring::cube::CubeOffer;
use crate::scoring::met::mwc_after;
use crate::scoring::scoreboard::{MatchScore, Scoreboard};

/// GNU Backgammon's default cube life in contact positions (`rContactX`).
pub const CONTACT_CUBE_LIFE: f64 = 0.68;
/// GNU Backgammon's default cube life in bear-off positions (`rOSCubeX`).
pub const BEAROFF_CUBE_LIFE: f64 = 0.6;

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
    if bearoff::is_bearoff(pos) {
        BEAROFF_CUBE_LIFE
    } else if is_race(pos) {
        let pips = f64::from(pos.pip_count()[pos.turn()]);
        (0.55 + 0.00125 * pips).clamp(0.6, 0.7)
    } else {
        CONTACT_CUBE_LIFE
    }
}

/// A game reduced to what the cube model needs: the win probability and the average values
/// of a win and a loss, in units of the stake.
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
        GameValue::with_values(probs, [1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    }

    /// The values of `probs` when a single, gammon and backgammon win are worth `win[0..3]`
    /// and the losses `lose[0..3]` (as positive numbers), before normalising.
    #[must_use]
    pub fn with_values(probs: &Probabilities, win: [f64; 3], lose: [f64; 3]) -> GameValue {
        let pw = f64::from(probs.win) + 0.5 * f64::from(probs.draw);
        let (wg, wb) = (f64::from(probs.win_gammon), f64::from(probs.win_backgammon));
        let (lg, lb) = (
            f64::from(probs.lose_gammon),
            f64::from(probs.lose_backgammon),
        );
        let pl = 1.0 - pw;
        let avg = |p: f64, g: f64, b: f64, v: [f64; 3]| {
            if p <= 1e-9 {
                v[0]
            } else {
                ((p - g) * v[0] + (g - b) * v[1] + b * v[2]) / p
            }
        };
        GameValue {
            p: pw.clamp(0.0, 1.0),
            w: avg(pw, wg.min(pw), wb.min(wg), win),
            l: avg(pl, lg.min(pl), lb.min(lg), lose),
        }
    }

    /// The cubeless (dead cube) equity `p W - (1 - p) L`.
    #[must_use]
    pub fn dead(&self) -> f64 {
        self.p * (self.w + self.l) - self.l
    }
}

/// Janowski's take point: the least win probability at which a double is taken, with cube
/// life `x`.
#[must_use]
pub fn take_point(w: f64, l: f64, x: f64) -> f64 {
    (l - 0.5) / (w + l + 0.5 * x)
}

/// Janowski's cash point: the win probability from which the cube holder cashes (the
/// opponent's take point from the other side), with cube life `x`.
#[must_use]
pub fn cash_point(w: f64, l: f64, x: f64) -> f64 {
    (l + 1.0) / (w + l + 0.5 * x)
}

/// Janowski's cubeful equity, in units of the stake, of the player whose game is `g`, with
/// the cube held as `own` and cube life `x`.
#[must_use]
pub fn cubeful_equity(g: &GameValue, own: Ownership, x: f64) -> f64 {
    let (p, w, l) = (g.p, g.w, g.l);
    // The fully live cube: the owner cashes at the live cash point, the opponent at the live
    // take point; linear in between.
    let tp = take_point(w, l, 1.0);
    let cp = cash_point(w, l, 1.0);
    let live = match own {
        Ownership::Mine => {
            if p >= cp {
                1.0
            } else {
                p * (w + l + 0.5) - l
            }
        }
        Ownership::Theirs => {
            if p <= tp {
                -1.0
            } else {
                p * (w + l + 0.5) - l - 0.5
            }
        }
        Ownership::Centred => {
            if p <= tp {
                -1.0
            } else if p >= cp {
                1.0
            } else {
                -1.0 + 2.0 * (p - tp) / (cp - tp)
            }
        }
    };
    (1.0 - x) * g.dead() + x * live
}

/// The three equities of a cube decision, for the player on roll, in one common unit (points
/// in money play, match winning chances in match play).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// Playing on without doubling.
    pub no_double: f64,
    /// Doubling, the opponent taking.
    pub double_take: f64,
    /// Doubling, the opponent passing.
    pub double_pass: f64,
    /// The opponent's best answer would be a beaver (money only, where allowed).
    pub beaver: bool,
}

impl CubeDecision {
    /// Doubling is right: it gains against playing on, whatever the opponent answers.
    #[must_use]
    pub fn should_double(&self) -> bool {
        self.double_take.min(self.double_pass) > self.no_double
    }

    /// The opponent should take (the doubler's equity after a take is at most that of a
    /// pass).
    #[must_use]
    pub fn should_take(&self) -> bool {
        self.double_take <= self.double_pass
    }

    /// Too good to double: a pass is what the opponent should answer, but playing on is
    /// worth more than cashing.
    #[must_use]
    pub fn too_good(&self) -> bool {
        !self.should_take() && self.no_double >= self.double_pass
    }
}

/// Money-play decision for the player on roll with probabilities `probs` (theirs), the cube
/// at `value` held as `own` (not [`Ownership::Theirs`]: they could not double), cube life `x`
/// and the Jacoby rule (MONEY-2: with the cube centred, gammons count single).
#[must_use]
pub fn money_decision(
    probs: &Probabilities,
    value: u32,
    own: Ownership,
    x: f64,
    jacoby: bool,
) -> CubeDecision {
    let g = GameValue::money(probs);
    let v = f64::from(value);
    let nd_game = if jacoby && own == Ownership::Centred {
        GameValue {
            w: 1.0,
            l: 1.0,
            ..g
        }
    } else {
        g
    };
    let theirs = cubeful_equity(&g, Ownership::Theirs, x);
    CubeDecision {
        no_double: v * cubeful_equity(&nd_game, own, x),
        double_take: 2.0 * v * theirs,
        double_pass: v,
        beaver: theirs < 0.0,
    }
}

/// The game value of `probs` at stake `value` in match `m`, for `me`, normalised so that a
/// single win is +1 and a single loss -1; with the centre and half-width of that scale in
/// MWC. `None` beyond the match equity table.
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
        // Nothing at stake in a single game (cannot happen before the match ends).
        return None;
    }
    let norm_w = |v: f64| (v - centre) / half;
    let norm_l = |v: f64| (centre - v) / half;
    let win = [norm_w(w1), norm_w(won(2)?), norm_w(won(3)?)];
    let lose = [norm_l(l1), norm_l(lost(2)?), norm_l(lost(3)?)];
    Some((GameValue::with_values(probs, win, lose), centre, half))
}

/// Match-play decision for `me`, on roll with probabilities `probs`, the cube at `value`
/// held as `own`, cube life `x`, in match `m` (see the module documentation). `None` beyond
/// the match equity table's 25 points.
#[must_use]
pub fn match_decision(
    probs: &Probabilities,
    m: &MatchScore,
    me: Color,
    value: u32,
    own: Ownership,
    x: f64,
) -> Option<CubeDecision> {
    let (g, centre, half) = match_game(probs, m, me, value)?;
    // MATCH-7: a cube that would win the match for its holder as it stands is dead.
    let alive = |player: Color, v: u32| !m.is_dead_double(player, v);
    let x_nd = match own {
        Ownership::Mine => {
            if alive(me, value) {
                x
            } else {
                0.0
            }
        }
        _ => {
            if alive(me, value) || alive(!me, value) {
                x
            } else {
                0.0
            }
        }
    };
    let no_double = centre + half * cubeful_equity(&g, own, x_nd);
    let (g2, centre2, half2) = match_game(probs, m, me, 2 * value)?;
    let x_dt = if alive(!me, 2 * value) { x } else { 0.0 };
    let double_take = centre2 + half2 * cubeful_equity(&g2, Ownership::Theirs, x_dt);
    let double_pass = mwc_after(m, me, me, value)?;
    Some(CubeDecision {
        no_double,
        double_take,
        double_pass,
        beaver: false,
    })
}

/// The evaluator a [`JanowskiCube`] asks: a `'static` one (the shipped net, read once) or one
/// shared behind an [`Arc`].
#[derive(Clone)]
enum Source {
    Static(&'static dyn Evaluator<Backgammon>),
    Shared(Arc<dyn Evaluator<Backgammon>>),
}

/// Cube decisions from an evaluator's probabilities by Janowski's model (see the module
/// documentation): money play by points, match play by the Kazaross-XG2 match equity table
/// (matches beyond its 25 points fall back to the money decision). Backgammon rules.
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

    fn evaluator(&self) -> &dyn Evaluator<Backgammon> {
        match &self.evaluator {
            Source::Static(e) => *e,
            Source::Shared(e) => e.as_ref(),
        }
    }

    /// The decision the player on roll in `ctx.position` faces, the cube as in `ctx`.
    #[must_use]
    pub fn decision(&self, ctx: &CubeContext<'_, Backgammon>) -> CubeDecision {
        let pos = ctx.position;
        let roller = pos.turn();
        let probs = self.evaluator().evaluate(pos);
        let x = self.fixed_life.unwrap_or_else(|| cube_life(pos));
        let own = match ctx.cube.owner {
            None => Ownership::Centred,
            Some(o) if o == roller => Ownership::Mine,
            Some(_) => Ownership::Theirs,
        };
        let value = ctx.cube.value;
        if let Scoreboard::Match(m) = ctx.board {
            if let Some(d) = match_decision(&probs, m, roller, value, own, x) {
                return d;
            }
        }
        money_decision(&probs, value, own, x, ctx.rules.jacoby)
    }
}

impl CubePolicy<Backgammon> for JanowskiCube {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        if let Some(m) = ctx.board.as_match() {
            if m.is_dead_double(ctx.player, ctx.cube.value) {
                return Ok(false);
            }
        }
        Ok(self.decision(ctx).should_double())
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        // The doubler answering a beaver or raccoon: take (no raccoons).
        if ctx.player == ctx.position.turn() {
            return Ok(Response::Take);
        }
        // The decision as the doubler saw it, before the offer.
        let before = CubeContext {
            cube: crate::scoring::cube::CubeState {
                value: offer.stake(),
                owner: ctx.cube.owner,
            },
            ..*ctx
        };
        let d = self.decision(&before);
        if !d.should_take() {
            return Ok(Response::Drop);
        }
        Ok(if may_redouble && d.beaver {
            Response::Redouble
        } else {
            Response::Take
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::eval::bearoff::BearoffEvaluator;
    use crate::scoring::cube::{CubeRules, CubeState};

    fn probs(win: f32, win_gammon: f32, lose_gammon: f32) -> Probabilities {
        Probabilities {
            win,
            win_gammon,
            lose_gammon,
            ..Probabilities::default()
        }
    }

    fn bg(mover: &[(u8, u8)], opp: &[(u8, u8)]) -> Backgammon {
        Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            mover,
            opp,
        ))
        .unwrap()
    }

    #[test]
    fn janowskis_take_and_cash_points() {
        // Without gammons: 25% with a dead cube, 20% with a fully live one (Janowski 1993).
        assert!((take_point(1.0, 1.0, 0.0) - 0.25).abs() < 1e-12);
        assert!((take_point(1.0, 1.0, 1.0) - 0.2).abs() < 1e-12);
        assert!((cash_point(1.0, 1.0, 1.0) - 0.8).abs() < 1e-12);
        assert!((take_point(1.0, 1.0, 0.68) - 0.5 / 2.34).abs() < 1e-12);
        // The formulas agree with the equities: at the take point the doubler's
        // double/take equity is exactly the pass (+1).
        for x in [0.0, 0.5, 0.68, 1.0] {
            let tp = take_point(1.0, 1.0, x);
            let g = GameValue {
                p: 1.0 - tp,
                w: 1.0,
                l: 1.0,
            };
            let dt = 2.0 * cubeful_equity(&g, Ownership::Theirs, x);
            assert!((dt - 1.0).abs() < 1e-9, "{x}: {dt}");
        }
    }

    #[test]
    fn cube5_cube6_money_take_and_drop_around_the_take_point() {
        let x = CONTACT_CUBE_LIFE;
        let tp = take_point(1.0, 1.0, x);
        let just_take = money_decision(
            &probs(1.0 - tp as f32 - 0.01, 0.0, 0.0),
            1,
            Ownership::Centred,
            x,
            false,
        );
        assert!(just_take.should_take() && just_take.should_double());
        let just_drop = money_decision(
            &probs(1.0 - tp as f32 + 0.01, 0.0, 0.0),
            1,
            Ownership::Centred,
            x,
            false,
        );
        assert!(!just_drop.should_take() && just_drop.should_double());
        // Far too early: no double.
        let early = money_decision(&probs(0.55, 0.0, 0.0), 1, Ownership::Centred, x, false);
        assert!(!early.should_double() && early.should_take());
        // Gammons for the taker's opponent raise the take point.
        let gammonish = money_decision(&probs(0.75, 0.25, 0.0), 1, Ownership::Centred, x, false);
        assert!(!gammonish.should_take());
        // The decision scales with the cube (CUBE-8).
        let four = money_decision(&probs(0.75, 0.0, 0.0), 4, Ownership::Mine, x, false);
        let one = money_decision(&probs(0.75, 0.0, 0.0), 1, Ownership::Mine, x, false);
        assert!((four.no_double - 4.0 * one.no_double).abs() < 1e-9);
        assert_eq!(four.should_double(), one.should_double());
    }

    #[test]
    fn too_good_positions_play_on_for_the_gammon() {
        let d = money_decision(&probs(0.9, 0.6, 0.0), 1, Ownership::Centred, 0.68, false);
        assert!(d.too_good() && !d.should_double(), "{d:?}");
        // MONEY-2 (Jacoby): with the cube centred the gammons count single, so the same
        // position is doubled out.
        let d = money_decision(&probs(0.9, 0.6, 0.0), 1, Ownership::Centred, 0.68, true);
        assert!(d.should_double() && !d.should_take(), "{d:?}");
    }

    #[test]
    fn cube5_exact_bearoff_double_take_and_double_pass() {
        let policy = JanowskiCube::new(Arc::new(BearoffEvaluator));
        let rules = CubeRules::default();
        let money = Scoreboard::Money;
        let ctx = |pos, player| CubeContext {
            position: pos,
            player,
            cube: CubeState::default(),
            rules: &rules,
            board: &money,
        };
        // One checker on the 6 point against one on the 1 point: 27 of 36 (exact), the
        // textbook double and (borderline) take: the taker's 25% is the take point of a cube
        // that is dead after this roll, and above Janowski's 21.7% with the bear-off life.
        let pos = bg(&[(6, 1)], &[(1, 1)]);
        assert_eq!(policy.offer_double(&ctx(&pos, Color::White)), Ok(true));
        let offer = CubeState::default().offer(Color::White);
        assert_eq!(
            policy.respond(&ctx(&pos, Color::Black), &offer, false),
            Ok(Response::Take)
        );
        // Two checkers on the 1 point: the mover bears both off at once, a sure win, a pass.
        let pos = bg(&[(1, 2)], &[(2, 2)]);
        let d = policy.decision(&ctx(&pos, Color::White));
        assert!(!d.should_take(), "{d:?}");
        assert_eq!(
            policy.respond(&ctx(&pos, Color::Black), &offer, false),
            Ok(Response::Drop)
        );
        // A long even bear-off, the mover a little behind: no double.
        let pos = bg(&[(6, 4), (5, 4)], &[(6, 3), (5, 3), (4, 1)]);
        assert_eq!(policy.offer_double(&ctx(&pos, Color::White)), Ok(false));
    }

    #[test]
    fn match7_dead_cube_and_match_winning_takes() {
        let rules = CubeRules::default().for_match();
        let policy = JanowskiCube::new(Arc::new(BearoffEvaluator));
        let pos = bg(&[(6, 1)], &[(1, 1)]);
        let mut m = MatchScore::new(5, true).unwrap();
        m.post_crawford = true;
        m.score.white = 4;
        m.score.black = 3;
        let board = Scoreboard::Match(m);
        let ctx = |player| CubeContext {
            position: &pos,
            player,
            cube: CubeState::default(),
            rules: &rules,
            board: &board,
        };
        // White needs 1: the cube at 1 already wins the match (MATCH-7).
        assert_eq!(policy.offer_double(&ctx(Color::White)), Ok(false));
        // Doubled at 4-3 post-Crawford, dropping hands White the match: Black takes.
        let offer = CubeState::default().offer(Color::White);
        assert_eq!(
            policy.respond(&ctx(Color::Black), &offer, false),
            Ok(Response::Take)
        );
    }

    #[test]
    fn match1_two_away_two_away_take_point_comes_from_the_table() {
        // At 2-away 2-away a double makes the game decide the match, so the cube is dead
        // after it and gammons do not matter: the taker needs the MWC of 2-away against the
        // Crawford 1-away, 1 - 0.67736 (Kazaross-XG2).
        let mut m = MatchScore::new(5, true).unwrap();
        m.score.white = 3;
        m.score.black = 3;
        for (win, take) in [(0.70f32, false), (0.65, true)] {
            let d = match_decision(
                &probs(win, 0.1, 0.05),
                &m,
                Color::White,
                1,
                Ownership::Centred,
                0.68,
            )
            .unwrap();
            assert!((d.double_pass - 0.67736).abs() < 1e-9, "{d:?}");
            assert!((d.double_take - f64::from(win)).abs() < 1e-6, "{d:?}");
            assert_eq!(d.should_take(), take, "{win}");
        }
        // Money decisions are the match formulas with points as equities.
        let p = probs(0.7, 0.2, 0.05);
        let d = money_decision(&p, 1, Ownership::Centred, 0.68, false);
        let g = GameValue::money(&p);
        assert!((g.w - (1.0 + 0.2 / 0.7)).abs() < 1e-6 && (g.l - (1.0 + 0.05 / 0.3)).abs() < 1e-6);
        assert!(d.double_pass == 1.0);
    }

    #[test]
    fn cube4_cube5_cube6_the_policy_plays_money_sessions_and_matches() {
        use crate::base::color::ByColor;
        use crate::play::cube_game::CubefulRules;
        use crate::policy::PerfectBearoff;
        use crate::run::simulate::{simulate_matches, simulate_money, SimConfig};
        use crate::scoring::referee::StandardReferee;
        use std::ops::ControlFlow;
        let start = bg(
            &[(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)],
            &[(6, 4), (5, 3), (4, 3), (3, 3), (2, 1), (1, 1)],
        );
        let checker = PerfectBearoff::default();
        let cube = JanowskiCube::new(Arc::new(BearoffEvaluator));
        let rules = CubefulRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: &checker,
                black: &checker,
            },
            cube_policies: ByColor {
                white: &cube,
                black: &cube,
            },
            cube_rules: CubeRules::default(),
        };
        let mut config = SimConfig::new(4);
        config.threads = 1;
        let money = simulate_money(&start, &rules, 0..400, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        let t = money.tally;
        assert_eq!(t.games, 400);
        assert!(t.doubles > 0, "{t:?}");
        assert!(t.drops.white + t.drops.black > 0, "{t:?}");
        assert!(t.cube > t.games, "some doubles were taken: {t:?}");
        let matches = simulate_matches(&start, &rules, 5, true, 0..40, &config, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(matches.tally.matches, 40);
        assert!(matches.tally.doubles > 0);
    }
}
