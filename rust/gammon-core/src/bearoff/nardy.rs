//! Exact race endings of Long Nardy from the same databases.
//!
//! Once both players have every checker in their home (own points 1..=6) no checker can meet
//! an opposing one again: the homes are 12 points apart (LN-3), so each side's bear-off is
//! the backgammon one (LN-28..LN-30 are OFF-1..OFF-3) and the databases apply unchanged. The
//! scoring differs (LN-33..LN-37): a loser with nothing off loses a Mars (2 points under
//! `mars`, 1 under `oin`); Koks (LN-35) cannot happen once the loser's checkers are all home;
//! with the last-roll right (LN-37) Black (the player who did not start) gets one more turn
//! when White finishes, and a draw when it finishes then.
//!
//! The value is exact from the two-sided table when both sides fit it, each has a checker off
//! and there is no last roll (then the game is a plain race to finish first); otherwise the
//! two sides' one-sided distributions are combined as if independent, with the turn order of
//! LN-37 where it applies.

use super::one_sided::OneSided;
use super::{one_sided, two_sided, HomeBoard, NotBearoff};
use crate::base::color::Color;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

/// The scoring settings that matter in a race ending (§9, LN-34 and LN-37).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NardyScoring {
    /// `oin`: every win counts 1 (no Mars).
    pub oin: bool,
    /// LN-37's last-roll right.
    pub last_roll: bool,
}

/// The value of a Long Nardy race ending for the player on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NardyEvaluation {
    /// The probability that the player on roll wins (Mars included).
    pub win: f64,
    /// The probability that the player on roll wins a Mars (the opponent has nothing off).
    pub win_mars: f64,
    /// The probability that the opponent wins (Mars included).
    pub lose: f64,
    /// The probability that the opponent wins a Mars.
    pub lose_mars: f64,
    /// The probability of a draw (only with the last-roll right).
    pub draw: f64,
    /// True when exact (the two-sided table).
    pub exact: bool,
    /// Whether a Mars counts 2 (`mars`) or 1 (`oin`).
    pub mars_counts: bool,
}

impl NardyEvaluation {
    /// The expected points of the player on roll: wins minus losses, a Mars counting 2 under
    /// `mars`.
    #[must_use]
    pub fn equity(&self) -> f64 {
        let m = if self.mars_counts { 1.0 } else { 0.0 };
        self.win + m * self.win_mars - self.lose - m * self.lose_mars
    }
}

/// The home boards (own points 1..=6) of the mover and the opponent and their checkers on the
/// board, when every checker of both players is home.
///
/// # Errors
/// [`NotBearoff`] when a checker is outside its owner's home or the game is over.
pub fn nardy_boards(pos: &Nardy) -> Result<(HomeBoard, HomeBoard), NotBearoff> {
    let side = |mover: bool| -> Result<HomeBoard, NotBearoff> {
        let player = if mover { pos.turn() } else { !pos.turn() };
        let mut home = [0u8; 6];
        let mut on = 0u8;
        for p in (1..=24u8).rev() {
            let c = if mover {
                pos.mover_at(p)
            } else {
                pos.opponent_at(p)
            };
            if c == 0 {
                continue;
            }
            if p > 6 {
                return Err(NotBearoff::Outside {
                    player,
                    place: format!("point {p}"),
                });
            }
            home[p as usize - 1] = c;
            on += c;
        }
        if on == 0 {
            return Err(NotBearoff::GameOver(player));
        }
        Ok((home, on))
    };
    let me = side(true)?;
    let opp = side(false)?;
    Ok((me, opp))
}

/// True when both players have every checker home and the game is not over.
#[must_use]
pub fn is_nardy_race_ending(pos: &Nardy) -> bool {
    let pts = pos.raw();
    // The mover's home is its points 1..=6; the opponent's is the mover's 13..=18.
    pts[7..=24].iter().all(|&c| c <= 0)
        && pts[1..=12].iter().all(|&c| c >= 0)
        && pts[19..=24].iter().all(|&c| c >= 0)
        && pts[1..=6].iter().any(|&c| c > 0)
        && pts[13..=18].iter().any(|&c| c < 0)
}

/// Evaluates a Long Nardy race ending for the player on roll under `scoring`. White is the
/// player who started the game (LN-8).
///
/// # Errors
/// [`NotBearoff`] when a checker of either player is outside its home, or the game is over.
pub fn evaluate_nardy(pos: &Nardy, scoring: NardyScoring) -> Result<NardyEvaluation, NotBearoff> {
    let ((me, my_on), (opp, opp_on)) = nardy_boards(pos)?;
    let total = crate::rules::nardy::CHECKERS_PER_SIDE;
    Ok(evaluate_nardy_boards(
        &me,
        &opp,
        my_on == total,
        opp_on == total,
        pos.turn() == Color::White,
        scoring,
    ))
}

/// [`evaluate_nardy`] from the two home boards: `*_none_off` says whether that side has
/// borne off nothing yet; `mover_started` whether the player on roll is White (LN-8).
#[must_use]
pub fn evaluate_nardy_boards(
    me: &[u8; 6],
    opp: &[u8; 6],
    me_none_off: bool,
    opp_none_off: bool,
    mover_started: bool,
    scoring: NardyScoring,
) -> NardyEvaluation {
    let mars_counts = !scoring.oin;
    if !scoring.last_roll && !me_none_off && !opp_none_off {
        let two = two_sided();
        if let (Some(a), Some(b)) = (two.indexer().index(me), two.indexer().index(opp)) {
            let win = f64::from(two.win(a, b));
            return NardyEvaluation {
                win,
                win_mars: 0.0,
                lose: 1.0 - win,
                lose_mars: 0.0,
                draw: 0.0,
                exact: true,
                mars_counts,
            };
        }
    }
    one_sided_nardy(
        one_sided(),
        me,
        opp,
        me_none_off,
        opp_none_off,
        mover_started,
        scoring,
    )
}

/// The one-sided combination for Long Nardy (see the module documentation). With `n_a`,
/// `n_b` the rolls the mover and the opponent need and `f_a`, `f_b` the rolls to their first
/// checker off, the mover rolling first:
/// - no last roll, or the mover is Black: the mover wins when `n_a <= n_b`;
/// - last roll and the mover is White: the mover wins when `n_a < n_b`, a draw when equal;
/// - last roll and the mover is Black: the opponent (White) wins when `n_b + 1 < n_a`, a
///   draw when `n_a = n_b + 1` (the extra turn).
///
/// A Mars needs the loser's first checker still on the board after all its turns, the extra
/// turn included.
fn one_sided_nardy(
    t: &OneSided,
    me: &[u8; 6],
    opp: &[u8; 6],
    me_none_off: bool,
    opp_none_off: bool,
    mover_started: bool,
    scoring: NardyScoring,
) -> NardyEvaluation {
    let last_roll = scoring.last_roll;
    let mars_counts = !scoring.oin;
    let a = t.index(me).unwrap_or(0);
    let b = t.index(opp).unwrap_or(0);
    let (sa, pa) = t.off().get(a);
    let (sb, pb) = t.off().get(b);
    // The opponent's extra turn when the mover (White) finishes; the mover's when the
    // opponent (White) finishes.
    let opp_extra = usize::from(last_roll && mover_started);
    let my_extra = usize::from(last_roll && !mover_started);
    let (mut win, mut win_mars, mut lose, mut lose_mars, mut draw) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (k, &p) in pa.iter().enumerate() {
        let n = sa + k;
        let p = f64::from(p);
        // The mover finishes at its roll n: the opponent has had n - 1 turns, plus the extra.
        win += p * t.off().at_least(b, n + opp_extra);
        if opp_none_off {
            win_mars += p * t.first().at_least(b, n + opp_extra);
        }
        if opp_extra == 1 {
            draw += p * (t.off().at_least(b, n) - t.off().at_least(b, n + 1));
        }
    }
    for (k, &p) in pb.iter().enumerate() {
        let n = sb + k;
        let p = f64::from(p);
        // The opponent finishes at its roll n, after the mover's n rolls failed: the mover
        // has had n turns, plus the extra.
        lose += p * t.off().at_least(a, n + 1 + my_extra);
        if me_none_off {
            lose_mars += p * t.first().at_least(a, n + 1 + my_extra);
        }
        if my_extra == 1 {
            draw += p * (t.off().at_least(a, n + 1) - t.off().at_least(a, n + 2));
        }
    }
    // The three shares sum to one up to the f32 rounding of the stored terms.
    let win = win.clamp(0.0, 1.0);
    let draw = draw.clamp(0.0, 1.0 - win);
    debug_assert!(
        (lose - (1.0 - win - draw)).abs() < 1e-5,
        "{win} {lose} {draw}"
    );
    let lose = (1.0 - win - draw).max(0.0);
    NardyEvaluation {
        win,
        win_mars: win_mars.clamp(0.0, win),
        lose,
        lose_mars: lose_mars.clamp(0.0, lose),
        draw,
        exact: false,
        mars_counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;

    /// A Long Nardy position: each side's `(own point, checkers)`.
    fn ln(white: &[(u8, u8)], black: &[(u8, u8)], turn: Color) -> Nardy {
        Nardy::from_setup(&Setup::from_points(Variant::LongNardy, turn, white, black)).unwrap()
    }

    #[test]
    fn ln37_one_checker_each_with_and_without_the_last_roll() {
        // White on roll: one checker on w6 (off with 27 rolls of 36), Black one on b1.
        let pos = ln(&[(6, 1)], &[(1, 1)], Color::White);
        assert!(is_nardy_race_ending(&pos));
        let plain = evaluate_nardy(&pos, NardyScoring::default()).unwrap();
        assert!(plain.exact);
        assert!((plain.win - 0.75).abs() < 1e-4);
        // LN-37: when White finishes, Black's one checker on b1 always comes off: a draw.
        let last = evaluate_nardy(
            &pos,
            NardyScoring {
                oin: false,
                last_roll: true,
            },
        )
        .unwrap();
        assert!(!last.exact);
        assert!(last.win.abs() < 1e-9, "{last:?}");
        assert!((last.draw - 0.75).abs() < 1e-6, "{last:?}");
        assert!((last.lose - 0.25).abs() < 1e-6);
        // Black on roll with the same boards: Black finishing first wins at once.
        let pos = ln(&[(6, 1)], &[(1, 1)], Color::Black);
        let e = evaluate_nardy(
            &pos,
            NardyScoring {
                oin: false,
                last_roll: true,
            },
        )
        .unwrap();
        assert!((e.win - 1.0).abs() < 1e-9);
    }

    #[test]
    fn ln33_mars_when_the_loser_has_nothing_off() {
        // White with two checkers left on w1 against Black's fifteen: a certain Mars.
        let pos = ln(&[(1, 2)], &[(6, 15)], Color::White);
        let e = evaluate_nardy(&pos, NardyScoring::default()).unwrap();
        assert!((e.win - 1.0).abs() < 1e-9 && (e.win_mars - 1.0).abs() < 1e-9);
        assert!((e.equity() - 2.0).abs() < 1e-9);
        let oin = evaluate_nardy(
            &pos,
            NardyScoring {
                oin: true,
                last_roll: false,
            },
        )
        .unwrap();
        assert!((oin.equity() - 1.0).abs() < 1e-9);
        // LN-37: Black's extra turn cannot finish 15 checkers but saves the Mars when it bears
        // one off: with a 6 (11 rolls), 5-1 and 4-2 (4), 2-2 and 3-3 (2): 17 of 36.
        let last = evaluate_nardy(
            &pos,
            NardyScoring {
                oin: false,
                last_roll: true,
            },
        )
        .unwrap();
        assert!((last.win - 1.0).abs() < 1e-9);
        assert!((last.win_mars - 19.0 / 36.0).abs() < 1e-6, "{last:?}");
        // Not a race ending: the start.
        let start = Nardy::start(Color::White);
        assert!(!is_nardy_race_ending(&start));
        assert!(matches!(
            evaluate_nardy(&start, NardyScoring::default()),
            Err(NotBearoff::Outside { .. })
        ));
    }
}
