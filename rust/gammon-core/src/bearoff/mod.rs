//! Bear-off databases: exact race endings for backgammon.
//!
//! The **bearoff** layer, directly above `rules` (beside `encode`; `eval` builds on both).
//! Owns the numbering of one side's race boards ([`index`]), the one-sided database (the
//! distribution of rolls needed to bear off, [`one_sided()`]), the two-sided database (exact
//! cubeless win probabilities with perfect play by both sides, [`two_sided()`]), their files in
//! the user's cache directory ([`store`]) and the evaluation of bear-off positions
//! ([`evaluate`]). The evaluators, the policies and the game loop use it, never the other way
//! round.
//!
//! The tables are made from the rules of bearing off alone (OFF-1..OFF-3) by dynamic
//! programming: nothing learned, nothing copied. They are built at first use and cached on
//! disk ([`store::cache_dir`]); a file that fails a check is rebuilt.
//!
//! May use: `base`, `rules`.

pub mod index;
pub mod nardy;
pub mod one_sided;
pub mod store;
pub mod two_sided;

use std::sync::OnceLock;

use crate::base::color::Color;
use crate::base::moves::PlayList;
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;

pub use one_sided::OneSided;
pub use two_sided::TwoSided;

/// Points of the one-sided database used by [`evaluate`].
pub const ONE_SIDED_POINTS: usize = 6;
/// Checkers of the one-sided database used by [`evaluate`] (every backgammon variant fits).
pub const ONE_SIDED_CHECKERS: usize = 15;
/// The default size of the two-sided database: checkers a side (3,003 boards a side).
pub const TWO_SIDED_CHECKERS: usize = 8;
/// The largest two-sided database that may be asked for (8,008 boards a side, 128 MB).
pub const MAX_TWO_SIDED_CHECKERS: usize = 10;

/// The size of the two-sided database [`evaluate`] uses: `$GAMMON_BEAROFF_CHECKERS` when it
/// holds a number from 1 to [`MAX_TWO_SIDED_CHECKERS`], else [`TWO_SIDED_CHECKERS`].
#[must_use]
pub fn two_sided_checkers() -> usize {
    std::env::var("GAMMON_BEAROFF_CHECKERS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| (1..=MAX_TWO_SIDED_CHECKERS).contains(n))
        .unwrap_or(TWO_SIDED_CHECKERS)
}

static ONE: OnceLock<store::Stored<OneSided>> = OnceLock::new();
static TWO: OnceLock<store::Stored<TwoSided>> = OnceLock::new();

/// The shared one-sided database (15 checkers on 6 points) with its file's details: loaded
/// from the cache directory, or built and written there at first use.
pub fn one_sided_stored() -> &'static store::Stored<OneSided> {
    ONE.get_or_init(|| {
        store::one_sided(
            store::cache_dir().as_deref(),
            ONE_SIDED_POINTS,
            ONE_SIDED_CHECKERS,
        )
    })
}

/// The shared two-sided database ([`two_sided_checkers`] a side) with its file's details.
pub fn two_sided_stored() -> &'static store::Stored<TwoSided> {
    TWO.get_or_init(|| store::two_sided(store::cache_dir().as_deref(), two_sided_checkers()))
}

/// True once both shared tables are in memory (so that a lookup is quick and cannot start a
/// build).
#[must_use]
pub fn is_loaded() -> bool {
    ONE.get().is_some() && TWO.get().is_some()
}

/// The shared one-sided database.
#[inline]
pub fn one_sided() -> &'static OneSided {
    &one_sided_stored().table
}

/// The shared two-sided database.
#[inline]
pub fn two_sided() -> &'static TwoSided {
    &two_sided_stored().table
}

/// The exact (or, beyond the two-sided table, the one-sided) value of a bear-off position for
/// the player on roll, cubeless. No backgammon is possible once every checker is home.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// The probability that the player on roll wins.
    pub win: f64,
    /// The probability that the player on roll wins a gammon (included in `win`).
    pub win_gammon: f64,
    /// The probability that the player on roll loses a gammon.
    pub lose_gammon: f64,
    /// True when the value is exact (the two-sided table); false when it combines the two
    /// sides' one-sided distributions as if they were independent, as gnubg does.
    pub exact: bool,
}

impl Evaluation {
    /// The cubeless equity for the player on roll: `2 win - 1 + win_gammon - lose_gammon`.
    #[must_use]
    pub fn equity(&self) -> f64 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon
    }
}

/// One side in a bear-off: its home board (checkers on points 1..=6) and its checkers on the
/// board.
pub type HomeBoard = ([u8; 6], u8);

/// Why a position is not a bear-off the databases cover.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotBearoff {
    /// A player has already borne off every checker.
    #[error("the game is over: {0} has borne off every checker")]
    GameOver(Color),
    /// A checker is not in its owner's home board yet (OFF-1).
    #[error("not a bear-off: {player} has a checker on {place}, outside the home board (the databases need every checker of both players on points 1-6, OFF-1)")]
    Outside {
        /// The owner of the checker.
        player: Color,
        /// Where it is: "the bar" or "point N" in its owner's numbering.
        place: String,
    },
}

/// One side's home board from the mover's raw board: `mover` picks the mover's checkers on
/// points 1..=6, otherwise the opponent's on their points 1..=6 (our 24..=19). `Err` names
/// the first checker outside.
fn home_board(pos: &Backgammon, mover: bool) -> Result<HomeBoard, NotBearoff> {
    let mut home = [0u8; 6];
    let mut on = 0u8;
    let player = if mover { pos.turn() } else { !pos.turn() };
    for p in (1..=25u8).rev() {
        let c = if mover {
            pos.mover_at(p)
        } else {
            pos.opponent_at(p)
        };
        if c == 0 {
            continue;
        }
        if p > 6 {
            let place = if p == 25 {
                "the bar".to_string()
            } else {
                format!("point {p}")
            };
            return Err(NotBearoff::Outside { player, place });
        }
        home[p as usize - 1] = c;
        on += c;
    }
    Ok((home, on))
}

/// Both home boards of a bear-off position and how many checkers each side has on the board:
/// `((mover, on), (opponent, on))`.
///
/// # Errors
/// [`NotBearoff`] when the game is over or a checker is outside its home board.
pub fn boards(pos: &Backgammon) -> Result<(HomeBoard, HomeBoard), NotBearoff> {
    let me = home_board(pos, true)?;
    let opp = home_board(pos, false)?;
    if me.1 == 0 {
        return Err(NotBearoff::GameOver(pos.turn()));
    }
    if opp.1 == 0 {
        return Err(NotBearoff::GameOver(!pos.turn()));
    }
    Ok((me, opp))
}

/// True when `pos` is a bear-off the databases cover (every checker of both players home,
/// the game not over). Cheap: a scan of the board.
#[inline]
#[must_use]
pub fn is_bearoff(pos: &Backgammon) -> bool {
    let pts = pos.raw();
    // The mover has nothing on 7..=25, the opponent nothing on 0..=18 (their bar and 7..=24).
    pts[7..26].iter().all(|&c| c <= 0)
        && pts[0..19].iter().all(|&c| c >= 0)
        && pts[1..7].iter().any(|&c| c > 0)
        && pts[19..25].iter().any(|&c| c < 0)
}

/// Evaluates a bear-off position for the player on roll: exactly from the two-sided table
/// when both sides fit it and neither can be gammoned (each has a checker off), otherwise
/// from the one-sided distributions.
///
/// # Errors
/// [`NotBearoff`] when a checker is outside its home board or the game is over.
pub fn evaluate(pos: &Backgammon) -> Result<Evaluation, NotBearoff> {
    let ((me, my_on), (opp, opp_on)) = boards(pos)?;
    let total = pos.checkers_per_side();
    Ok(evaluate_boards(&me, &opp, my_on == total, opp_on == total))
}

/// Evaluates the mover's home board `me` against the opponent's `opp` (both non-empty, at
/// most 15 checkers); `*_none_off` says whether that side has borne off nothing yet (and so
/// may lose a gammon).
#[must_use]
pub fn evaluate_boards(
    me: &[u8; 6],
    opp: &[u8; 6],
    me_none_off: bool,
    opp_none_off: bool,
) -> Evaluation {
    if !me_none_off && !opp_none_off {
        let two = two_sided();
        if let (Some(a), Some(b)) = (two.indexer().index(me), two.indexer().index(opp)) {
            return Evaluation {
                win: f64::from(two.win(a, b)),
                win_gammon: 0.0,
                lose_gammon: 0.0,
                exact: true,
            };
        }
    }
    one_sided_evaluation(one_sided(), me, opp, me_none_off, opp_none_off)
}

/// The cubeless equity, for the player who just moved, of `after`: the position after a
/// play in a bear-off, its mover still on roll (as [`crate::base::moves::Play::after`] gives it),
/// the opponent to roll next. A play that bears off the last checker is worth its points: 2
/// when the opponent has borne nothing off (a gammon; no backgammon is possible in a bear-off),
/// else 1. `None` when `after` is not a bear-off.
#[must_use]
pub fn value_after_play(after: &Backgammon) -> Option<f64> {
    let pts = after.raw();
    let total = after.checkers_per_side();
    let mut me = [0u8; 6];
    let mut opp = [0u8; 6];
    for i in 0..6 {
        me[i] = pts[i + 1].max(0) as u8;
        opp[i] = (-pts[24 - i]).max(0) as u8;
    }
    let me_on: u8 = me.iter().sum();
    let opp_on: u8 = opp.iter().sum();
    let rest_mine = pts[7..26].iter().any(|&c| c > 0);
    let rest_theirs = pts[0..19].iter().any(|&c| c < 0);
    if rest_mine || rest_theirs || opp_on == 0 {
        return None;
    }
    if me_on == 0 {
        return Some(if opp_on == total { 2.0 } else { 1.0 });
    }
    // The opponent is on roll: its value, negated.
    let e = evaluate_boards(&opp, &me, opp_on == total, me_on == total);
    Some(-e.equity())
}

/// The index of the play with the best bear-off value (the first of equals), or `None` when
/// `pos` is not a bear-off (a checker of either side outside its home board).
#[must_use]
pub fn best_bearoff_play(pos: &Backgammon, plays: &PlayList<Backgammon>) -> Option<usize> {
    if !is_bearoff(pos) {
        return None;
    }
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (i, play) in plays.iter().enumerate() {
        let v = value_after_play(play.after())?;
        if v > best_value {
            best = i;
            best_value = v;
        }
    }
    Some(best)
}

/// Combines two sides' one-sided distributions as if independent: the mover, on roll, wins
/// when it needs no more rolls than the opponent; wins a gammon when it finishes before the
/// opponent (with nothing off yet) bears off a checker; loses a gammon when the opponent
/// finishes before the mover (with nothing off yet) bears off a checker.
///
/// # Panics
/// When a board does not fit `t` (callers pass home boards of at most 15 checkers).
#[must_use]
pub fn one_sided_evaluation(
    t: &OneSided,
    me: &[u8; 6],
    opp: &[u8; 6],
    me_none_off: bool,
    opp_none_off: bool,
) -> Evaluation {
    let a = t.index(me).expect("a home board of at most 15 checkers");
    let b = t.index(opp).expect("a home board of at most 15 checkers");
    let (sa, pa) = t.off().get(a);
    let (sb, pb) = t.off().get(b);
    let mut win = 0.0;
    let mut win_gammon = 0.0;
    for (k, &p) in pa.iter().enumerate() {
        let n = sa + k;
        let p = f64::from(p);
        win += p * t.off().at_least(b, n);
        if opp_none_off {
            win_gammon += p * t.first().at_least(b, n);
        }
    }
    let mut lose_gammon = 0.0;
    if me_none_off {
        for (k, &p) in pb.iter().enumerate() {
            lose_gammon += f64::from(p) * t.first().at_least(a, sb + k + 1);
        }
    }
    // The stored terms are f32: keep the sums' rounding inside the probabilities' bounds.
    let win = win.clamp(0.0, 1.0);
    Evaluation {
        win,
        win_gammon: win_gammon.clamp(0.0, win),
        lose_gammon: lose_gammon.clamp(0.0, 1.0 - win),
        exact: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::base::variant::Variant;
    use crate::rules::backgammon::bg;

    #[test]
    fn positions_outside_the_bear_off_are_refused_with_the_reason() {
        // OFF-1: every checker must be home.
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let e = evaluate(&start).unwrap_err();
        assert!(
            matches!(e, NotBearoff::Outside { player: Color::White, ref place } if place == "point 24")
        );
        assert!(!is_bearoff(&start));
        let e = evaluate(&bg(&[(6, 15)], &[(25, 1), (6, 14)])).unwrap_err();
        assert!(
            e.to_string().contains("black has a checker on the bar"),
            "{e}"
        );
        let over = bg(&[(6, 15)], &[]);
        assert!(matches!(
            evaluate(&over),
            Err(NotBearoff::GameOver(Color::Black))
        ));
        assert!(!is_bearoff(&over));
        assert!(is_bearoff(&bg(&[(6, 15)], &[(1, 1)])));
    }

    #[test]
    fn the_independent_combination_of_one_checker_each() {
        // One checker on the 6 point against one on the 1 point: the mover wins with 27 of
        // 36 rolls, exactly as the two-sided table says.
        let t = OneSided::build(6, 2);
        let e = one_sided_evaluation(&t, &[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0], false, false);
        assert!((e.win - 0.75).abs() < 1e-7);
        assert_eq!((e.win_gammon, e.lose_gammon, e.exact), (0.0, 0.0, false));
        // With nothing off, gammons: two checkers on the 6 point, on roll, against two on
        // the 1 point (off at the next roll). The mover bears both off with 3-3 to 6-6 (4
        // rolls) and one of them with 19 rolls: a 6 (11), 5-1 and 4-2 (4), 2-2 to 5-5 (4).
        let e = one_sided_evaluation(&t, &[0, 0, 0, 0, 0, 2], &[2, 0, 0, 0, 0, 0], true, true);
        assert!((e.win - 4.0 / 36.0).abs() < 1e-6, "{e:?}");
        assert!((e.win_gammon - 4.0 / 36.0).abs() < 1e-6, "{e:?}");
        assert!((e.lose_gammon - 17.0 / 36.0).abs() < 1e-6, "{e:?}");
        let want = 2.0 * 4.0 / 36.0 - 1.0 + 4.0 / 36.0 - 17.0 / 36.0;
        assert!((e.equity() - want).abs() < 1e-6);
    }

    #[test]
    fn a_play_is_valued_from_the_opponents_roll() {
        // After the play the mover (White) has one checker on the 6 point and Black one on
        // their 1 point, Black to roll: Black wins at once.
        let after = bg(&[(6, 1)], &[(1, 1)]);
        assert!((value_after_play(&after).unwrap() - -1.0).abs() < 1e-4);
        // Everything off while Black has 15 on the board: a gammon.
        let after = bg(&[], &[(6, 15)]);
        assert_eq!(value_after_play(&after), Some(2.0));
        let after = bg(&[], &[(6, 14)]);
        assert_eq!(value_after_play(&after), Some(1.0));
        assert_eq!(
            value_after_play(&Backgammon::start(Variant::Backgammon, Color::White).unwrap()),
            None
        );
    }
}
