//! Cube policies for the game loop with the cube: the [`CubePolicy`] trait and the built-in
//! policies [`NeverDouble`] (`"never"`) and [`KeithRace`] (`"race"`). The names of the built-in
//! policies (with the net's, `"net"`) are in `cube_kind`.
//!
//! The game loop asks a cube policy only when the action is legal: [`CubePolicy::offer_double`]
//! before a roll when the player may double (CUBE-2, CUBE-3, CUBE-10, BG-12, MATCH-3,
//! MATCH-7), and [`CubePolicy::respond`] when the player must answer a double, a beaver or a
//! raccoon (CUBE-4, CUBE-12, CUBE-13).

use crate::base::color::Color;
use crate::policy::{is_race, PolicyStop};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use crate::scoring::cube::{Cube, CubeActionError, CubeAnswer, CubeOffer, CubeRules, CubeState};
use crate::scoring::scoreboard::Scoreboard;

/// What a cube decision sees.
#[derive(Clone, Copy, Debug)]
pub struct CubeContext<'a, P> {
    /// The position, with the doubler on roll and not yet rolled.
    pub position: &'a P,
    /// The player who decides: the doubler for [`CubePolicy::offer_double`], the player
    /// who must answer for [`CubePolicy::respond`].
    pub player: Color,
    /// The cube as it stands (during a beaver chain: after the last redouble).
    pub cube: CubeState,
    /// The cube rules that apply (in a match without the money-only options).
    pub rules: &'a CubeRules,
    /// The match (score, Crawford state) or money session the game belongs to.
    pub board: &'a Scoreboard,
}

/// An answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// Take: the cube goes to the offered value (CUBE-5).
    Take,
    /// Drop: the game ends and the proposer wins the value before the offer (CUBE-6).
    Drop,
    /// Take and redouble at once, keeping the cube: a beaver (CUBE-12) or a raccoon
    /// (CUBE-13). Only when the game loop says it is allowed.
    Redouble,
}

impl Response {
    /// The answer this response makes to `offer`, in words: a redouble of a plain double is
    /// a beaver (CUBE-12), of a beaver or raccoon a raccoon (CUBE-13).
    #[must_use]
    pub const fn answer(self, offer: &CubeOffer) -> CubeAnswer {
        match self {
            Response::Take => CubeAnswer::Take,
            Response::Drop => CubeAnswer::Drop,
            Response::Redouble if offer.redoubles == 0 => CubeAnswer::Beaver,
            Response::Redouble => CubeAnswer::Raccoon,
        }
    }

    /// The response that the word `answer` makes to `offer` in `ctx`, checked by the cube's
    /// rules: take (CUBE-5) and drop (CUBE-6) always; a beaver only to a plain double
    /// (CUBE-12) and a raccoon only to a beaver or raccoon (CUBE-13), each where the rules of
    /// `ctx` allow it (money play with the option on, within `max_beavers` and the cap,
    /// CUBE-10, CUBE-11): exactly when [`CubeOffer::may_redouble`] says a redouble may answer.
    /// A policy that speaks in words (a cube policy written in Python) is read through this.
    ///
    /// # Errors
    /// [`CubeActionError`] naming the rule a beaver or raccoon breaks here.
    pub fn from_answer<P>(
        answer: CubeAnswer,
        ctx: &CubeContext<'_, P>,
        offer: &CubeOffer,
    ) -> Result<Response, CubeActionError> {
        match answer {
            CubeAnswer::Take => Ok(Response::Take),
            CubeAnswer::Drop => Ok(Response::Drop),
            CubeAnswer::Beaver | CubeAnswer::Raccoon => {
                let cube = Cube {
                    value: ctx.cube.value,
                    owner: ctx.cube.owner,
                    offer: Some(*offer),
                    rules: *ctx.rules,
                };
                cube.check_redouble(ctx.player, answer == CubeAnswer::Beaver)?;
                Ok(Response::Redouble)
            }
        }
    }
}

/// Makes the cube decisions of one player.
pub trait CubePolicy<P: Position>: Send + Sync {
    /// Whether the player on roll doubles now. Called only when a double is legal.
    ///
    /// # Errors
    /// [`PolicyStop`] to abandon the game.
    fn offer_double(&self, ctx: &CubeContext<'_, P>) -> Result<bool, PolicyStop>;

    /// The answer of `ctx.player` to `offer`. `may_redouble` says whether
    /// [`Response::Redouble`] is allowed (a beaver or raccoon, money play only); answering it
    /// when it is not stops the game as a policy error.
    ///
    /// # Errors
    /// [`PolicyStop`] to abandon the game.
    fn respond(
        &self,
        ctx: &CubeContext<'_, P>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop>;
}

impl<P: Position, T: CubePolicy<P> + ?Sized> CubePolicy<P> for &T {
    #[inline]
    fn offer_double(&self, ctx: &CubeContext<'_, P>) -> Result<bool, PolicyStop> {
        (**self).offer_double(ctx)
    }

    #[inline]
    fn respond(
        &self,
        ctx: &CubeContext<'_, P>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        (**self).respond(ctx, offer, may_redouble)
    }
}

/// Never doubles and always takes: every game is played for the cube it starts with (which
/// is 1 unless automatic doubles raised it). Works for every rules type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NeverDouble;

impl<P: Position> CubePolicy<P> for NeverDouble {
    #[inline]
    fn offer_double(&self, _ctx: &CubeContext<'_, P>) -> Result<bool, PolicyStop> {
        Ok(false)
    }

    #[inline]
    fn respond(
        &self,
        _ctx: &CubeContext<'_, P>,
        _offer: &CubeOffer,
        _may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        Ok(Response::Take)
    }
}

/// The Keith count of one side: the pip count plus 2 for each checker beyond one on the 1
/// point, 1 for each beyond one on the 2 point, 1 for each beyond three on the 3 point and 1
/// for each empty 4, 5 or 6 point (Tom Keith, "The Keith count"; see [`KeithRace`]). It does
/// not include the one-seventh added for the player on roll. `at(p)` is the side's checker
/// count on its own point `p` (25 = bar).
#[must_use]
pub fn keith_count(at: impl Fn(u8) -> u8) -> u32 {
    let n = |p: u8| u32::from(at(p));
    let pips: u32 = (1..=25u8).map(|p| u32::from(p) * n(p)).sum();
    let empty_high = (4..=6u8).filter(|&p| n(p) == 0).count() as u32;
    pips + 2 * n(1).saturating_sub(1) + n(2).saturating_sub(1) + n(3).saturating_sub(3) + empty_high
}

/// Cube decisions in races by the **Keith count** (Tom Keith, 2004: "The Keith Count", as
/// summarised at bgonline.org/keith.html and in Backgammon Galore's glossary), and no cube
/// action outside races. Backgammon rules only.
///
/// In a race (no contact left, `is_race`) each side's `keith_count` is taken, and the
/// count of the player on roll is increased by one seventh, rounded down. Then, with
/// `excess` = the roller's count minus the opponent's:
/// - the roller doubles when `excess <= 4` with the cube centred, redoubles when
///   `excess <= 3` with the cube theirs;
/// - the opponent takes when `excess >= 2` and drops otherwise.
///
/// Outside races it neither doubles nor drops. It never beavers or raccoons, and a doubler
/// facing a beaver or raccoon takes it. Like the formula it ignores gammons (in a race they
/// are rare), so it also doubles positions that are "too good".
///
/// In match play it applies the same formula with two exceptions that follow from the rules
/// alone: it does not double when the cube is dead for it (the current value already wins
/// the match, MATCH-7: doubling could only hand the cube over), and it takes whenever
/// dropping would lose the match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeithRace;

/// [`KeithRace`]: the greatest excess of the roller's count at which to double a centred cube.
pub const KEITH_DOUBLE_EXCESS: i64 = 4;
/// [`KeithRace`]: the greatest excess at which the cube's owner redoubles.
pub const KEITH_REDOUBLE_EXCESS: i64 = 3;
/// [`KeithRace`]: the least excess at which the opponent takes.
pub const KEITH_TAKE_EXCESS: i64 = 2;

impl KeithRace {
    /// The roller's Keith count (one seventh added, rounded down) minus the opponent's, in
    /// `pos` with the roller on roll.
    #[must_use]
    pub fn excess(pos: &Backgammon) -> i64 {
        let roller = i64::from(keith_count(|p| pos.mover_at(p)));
        let other = i64::from(keith_count(|p| pos.opponent_at(p)));
        roller + roller / 7 - other
    }
}

impl CubePolicy<Backgammon> for KeithRace {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        if !is_race(ctx.position) {
            return Ok(false);
        }
        if let Some(m) = ctx.board.as_match() {
            if m.is_dead_double(ctx.player, ctx.cube.value) {
                return Ok(false);
            }
        }
        let limit = if ctx.cube.is_centred() {
            KEITH_DOUBLE_EXCESS
        } else {
            KEITH_REDOUBLE_EXCESS
        };
        Ok(KeithRace::excess(ctx.position) <= limit)
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        _may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        // The doubler answering a beaver or raccoon, or no race: take.
        if ctx.player == ctx.position.turn() || !is_race(ctx.position) {
            return Ok(Response::Take);
        }
        if let Some(m) = ctx.board.as_match() {
            if m.score[offer.proposer] + offer.stake() >= m.length {
                return Ok(Response::Take);
            }
        }
        Ok(if KeithRace::excess(ctx.position) >= KEITH_TAKE_EXCESS {
            Response::Take
        } else {
            Response::Drop
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::scoring::scoreboard::MatchScore;

    fn bg(turn: Color, mover: &[(u8, u8)], opponent: &[(u8, u8)]) -> Backgammon {
        Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            turn,
            mover,
            opponent,
        ))
        .unwrap()
    }

    fn ctx<'a>(
        pos: &'a Backgammon,
        player: Color,
        cube: CubeState,
        rules: &'a CubeRules,
        board: &'a Scoreboard,
    ) -> CubeContext<'a, Backgammon> {
        CubeContext {
            position: pos,
            player,
            cube,
            rules,
            board,
        }
    }

    #[test]
    fn the_keith_count_adds_the_published_wastage_penalties() {
        // 3 on the 1 point (+4), 2 on the 2 point (+1), 5 on the 3 point (+2), 4 and 5 points
        // empty (+2), 5 on the 6 point: pips 3 + 4 + 15 + 30 = 52, count 61.
        let pos = bg(Color::White, &[(1, 3), (2, 2), (3, 5), (6, 5)], &[(6, 15)]);
        assert_eq!(keith_count(|p| pos.mover_at(p)), 52 + 4 + 1 + 2 + 2);
        // The opponent: 15 on the 6 point, 4 and 5 empty: 90 + 2.
        assert_eq!(keith_count(|p| pos.opponent_at(p)), 92);
    }

    #[test]
    fn the_roller_gets_one_seventh_added_rounded_down() {
        // Both sides 8 checkers on the 6 point and 7 on the 5 point (pips 83, the 4 point
        // empty: count 84). Roller 84 + 12 = 96 against 84: excess 12.
        let side = [(6, 8), (5, 7)];
        let pos = bg(Color::White, &side, &side);
        assert_eq!(KeithRace::excess(&pos), 12);
    }

    #[test]
    fn race_policy_doubles_redoubles_and_takes_at_the_published_thresholds() {
        let rules = CubeRules::default();
        let money = Scoreboard::Money;
        let centred = CubeState::default();
        let owned = CubeState {
            value: 2,
            owner: Some(Color::White),
        };
        // The opponent: 14 on the 5 point (70 pips), the 4 and 6 points empty: count 72.
        let opponent = [(5, 14)];
        let opp_count = 72;
        // The roller: 59 pips on the 6, 5 and 4 points, plus k on the 3 point and maybe one
        // on the 2 point (no wastage): counts 62 to 70.
        let mut seen = Vec::new();
        for k in 1..=3u8 {
            for two in [0u8, 1] {
                let mut mover = vec![(6, 5), (5, 5), (4, 1), (3, k)];
                if two == 1 {
                    mover.push((2, 1));
                }
                let pos = bg(Color::White, &mover, &opponent);
                let me = keith_count(|p| pos.mover_at(p)) as i64;
                assert_eq!(me, 59 + 3 * i64::from(k) + 2 * i64::from(two));
                let excess = me + me / 7 - opp_count;
                assert_eq!(KeithRace::excess(&pos), excess);
                let c = ctx(&pos, Color::White, centred, &rules, &money);
                assert_eq!(KeithRace.offer_double(&c), Ok(excess <= 4), "{excess}");
                let c = ctx(&pos, Color::White, owned, &rules, &money);
                assert_eq!(KeithRace.offer_double(&c), Ok(excess <= 3), "{excess}");
                let c = ctx(&pos, Color::Black, centred, &rules, &money);
                let answer = KeithRace.respond(&c, &centred.offer(Color::White), false);
                let expected = if excess >= 2 {
                    Response::Take
                } else {
                    Response::Drop
                };
                assert_eq!(answer, Ok(expected), "{excess}");
                seen.push(excess);
            }
        }
        // The positions straddle the thresholds.
        for e in [1, 2, 4, 5] {
            assert!(seen.contains(&e), "{seen:?}");
        }
    }

    #[test]
    fn race_policy_takes_no_cube_action_outside_races() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let rules = CubeRules::default();
        let money = Scoreboard::Money;
        let c = ctx(&start, Color::White, CubeState::default(), &rules, &money);
        assert_eq!(KeithRace.offer_double(&c), Ok(false));
        let c = ctx(&start, Color::Black, CubeState::default(), &rules, &money);
        let offer = CubeState::default().offer(Color::White);
        assert_eq!(KeithRace.respond(&c, &offer, true), Ok(Response::Take));
    }

    #[test]
    fn match7_race_policy_neither_doubles_a_dead_cube_nor_drops_the_match() {
        // A race the roller leads by far: a money double, and a money drop.
        let pos = bg(Color::White, &[(1, 15)], &[(6, 15)]);
        assert!(KeithRace::excess(&pos) < 2);
        let rules = CubeRules::default().for_match();
        let mut m = MatchScore::new(5, true).unwrap();
        m.post_crawford = true;
        m.score.white = 4;
        m.score.black = 3;
        let board = Scoreboard::Match(m);
        // White needs 1: the cube at 1 already wins the match.
        let c = ctx(&pos, Color::White, CubeState::default(), &rules, &board);
        assert_eq!(KeithRace.offer_double(&c), Ok(false));
        // Black doubled by White at 4-3: dropping gives White the match, so Black takes.
        let c = ctx(&pos, Color::Black, CubeState::default(), &rules, &board);
        let offer = CubeState::default().offer(Color::White);
        assert_eq!(KeithRace.respond(&c, &offer, false), Ok(Response::Take));
        // At 2-3 the same double is alive, and the take is a money drop.
        m.score.white = 2;
        let board = Scoreboard::Match(m);
        let c = ctx(&pos, Color::White, CubeState::default(), &rules, &board);
        assert_eq!(KeithRace.offer_double(&c), Ok(true));
        let c = ctx(&pos, Color::Black, CubeState::default(), &rules, &board);
        assert_eq!(KeithRace.respond(&c, &offer, false), Ok(Response::Drop));
    }

    #[test]
    fn never_policy_never_doubles_and_always_takes() {
        let pos = bg(Color::White, &[(1, 15)], &[(6, 15)]);
        let rules = CubeRules::default();
        let c = ctx(
            &pos,
            Color::White,
            CubeState::default(),
            &rules,
            &Scoreboard::Money,
        );
        assert_eq!(NeverDouble.offer_double(&c), Ok(false));
        let offer = CubeState::default().offer(Color::Black);
        assert_eq!(NeverDouble.respond(&c, &offer, true), Ok(Response::Take));
    }
    /// The rule that refuses a redouble word: the option is off (beavers CUBE-12, raccoons
    /// CUBE-13), the word does not fit the chain (a raccoon to a double CUBE-12, a beaver to
    /// a beaver CUBE-13), the chain is full (CUBE-13) or the cap is reached (CUBE-10).
    fn refused_by(answer: CubeAnswer, offer: &CubeOffer, rules: &CubeRules) -> &'static str {
        let beaver = answer == CubeAnswer::Beaver;
        if beaver && !rules.beavers {
            "CUBE-12"
        } else if !beaver && !rules.raccoons {
            "CUBE-13"
        } else if !beaver && offer.redoubles == 0 {
            "CUBE-12"
        } else if beaver && offer.redoubles > 0 || offer.redoubles >= rules.max_beavers {
            "CUBE-13"
        } else {
            "CUBE-10"
        }
    }

    /// Every answer in every state of a chain, money and match rules: a redouble word is read
    /// exactly when the game loop's `may_redouble` allows a redouble, and then only the word
    /// that fits the chain (beaver to a double, CUBE-12; raccoon to a beaver, CUBE-13), and
    /// [`Response::answer`] names it back.
    #[test]
    fn cube12_cube13_a_word_is_a_redouble_exactly_when_the_rules_allow_it() {
        let pos = bg(Color::White, &[(6, 15)], &[(6, 15)]);
        let money = Scoreboard::Money;
        let mut checked = 0;
        for (beavers, raccoons) in [(false, false), (true, false), (true, true)] {
            for max_beavers in [1, 2, 3] {
                for max_cube_log2 in [1, 2, 6] {
                    let rules = CubeRules {
                        beavers,
                        raccoons,
                        max_beavers,
                        max_cube_log2,
                        ..CubeRules::default()
                    };
                    for board_rules in [rules, rules.for_match()] {
                        let mut cube = CubeState::default();
                        let mut offer = cube.offer(Color::White);
                        for _ in 0..4 {
                            let may = offer.may_redouble(&board_rules);
                            let c = ctx(&pos, offer.responder(), cube, &board_rules, &money);
                            for answer in CubeAnswer::ALL {
                                let got = Response::from_answer(answer, &c, &offer);
                                // The word read is the word the response names again.
                                if let Ok(r) = &got {
                                    assert_eq!(r.answer(&offer), answer);
                                }
                                let fits = (answer == CubeAnswer::Beaver) == (offer.redoubles == 0);
                                match answer {
                                    CubeAnswer::Take => assert_eq!(got, Ok(Response::Take)),
                                    CubeAnswer::Drop => assert_eq!(got, Ok(Response::Drop)),
                                    _ if may && fits => assert_eq!(got, Ok(Response::Redouble)),
                                    _ => {
                                        let e = got.unwrap_err().to_string();
                                        let rule = refused_by(answer, &offer, &board_rules);
                                        assert!(e.starts_with(rule), "{answer} {offer:?}: {e}");
                                    }
                                }
                                checked += 1;
                            }
                            if !may {
                                break;
                            }
                            (cube, offer) = offer.redouble(&board_rules);
                        }
                    }
                }
            }
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn cube12_the_words_read_and_name_the_answers() {
        for a in CubeAnswer::ALL {
            assert_eq!(a.name().parse::<CubeAnswer>(), Ok(a));
        }
        let e = "Beaver".parse::<CubeAnswer>().unwrap_err();
        assert!(
            e.to_string().contains("take, drop, beaver or raccoon"),
            "{e}"
        );
    }
}
