//! The Long Nardy rules type, [`Nardy`] (spec long-nardy.md, LN-1 to LN-38).
//!
//! Part of the **rules** layer: the type, its options and its two move generators (`steps`,
//! `movegen`, `sequences`). May use: `base`, `rules::position`, `rules::bits`.
//!
//! The board is stored from the point of view of the player on roll, as [`crate::Backgammon`]
//! stores it: index 1..=24 are the mover's points **in the mover's own numbering** (LN-2),
//! positive counts for the mover's checkers, negative counts for the opponent's. There is no
//! bar (LN-14); borne-off checkers are whatever is missing from 15. Because both players
//! travel the same way round, the opponent's own point `q` is the mover's point
//! [`other_point`]`(q)` (LN-3); that one function is the whole board geometry.
//!
//! Move generation follows the normative algorithm of §10: the head rule (LN-17..19), closed
//! points (LN-14), the six-point block rule checked after every step (LN-24..27) and the
//! bear-off rules (LN-28..31) decide which single steps exist, and maximal usage (LN-20/21) is
//! applied over sequences of such steps only (LN-22). The private `movegen` module is the
//! fast generator behind [`Position::legal_plays_into`]; [`sequences`] enumerates every legal
//! step sequence directly from §10 and serves play parsing, the `endOfTurn` option and the
//! last checker (LN-16).
//!
//! The two compatibility options of §9 are carried in the position value as
//! [`NardyOptions`], so they survive every play.
//!
//! ## Decisions where the spec is silent
//! - **No opponent checker on the board** (LN-25): read literally, every block would then have
//!   "no checker in front". A block is treated as illegal only while the opponent has a checker
//!   on the board: with nobody left to block, nothing is refused. This matters in Black's extra
//!   turn of LN-37, after White has borne off everything.
//! - **`endOfTurn` and maximal usage** (§9 with LN-20): a turn is any sequence of steps legal
//!   under every other rule whose final position has no illegal block, and the dice are
//!   maximised over those, so a shorter sequence counts when all its extensions end in an
//!   illegal block. This gives S23's 37 plays.
//! - **Plays after the opponent has finished**: [`Position::legal_plays_into`] lists the
//!   mover's plays whenever the mover has checkers on the board (needed for LN-37), where
//!   backgammon lists none once the game is over.
//! - **First turn** (LN-18): taken from the board as §12 allows (all 15 on the head), so a
//!   position built from checkers with 15 on the head is a first turn.
//! - **Notation**: the spec has none for Long Nardy; backgammon's NOT-1 to NOT-3 apply without
//!   hits and bar (see the text layer, `text::nardy`).

mod movegen;
pub(crate) mod options;
pub(crate) mod sequences;
mod steps;

use bitflags::bitflags;

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::outcome::{Outcome, OutcomeKind};
use crate::base::setup::{Setup, SetupError, SetupProblems, Side, SETUP_BAR, SETUP_OFF};
use crate::base::variant::Variant;
use crate::rules::position::Position;
use options::{choose, ParseSettingError};

/// Checkers each player owns (LN-1).
pub const CHECKERS_PER_SIDE: u8 = 15;
/// The head: each player's own point 24, where all checkers start (LN-2, LN-6).
pub const HEAD_POINT: u8 = 24;
/// The opponent's head in the mover's numbering (LN-3: `other(24) = 12`).
pub const OPPONENT_HEAD_POINT: u8 = 12;
/// Number of consecutive points that form a block (LN-24).
pub const BLOCK_LENGTH: u8 = 6;

/// The point `n` of one player in the other player's numbering (LN-3): the heads are 12
/// points apart. The map is its own inverse. `n` must be in 1..=24.
#[inline]
#[must_use]
pub const fn other_point(n: u8) -> u8 {
    if n <= 12 {
        n + 12
    } else {
        n - 12
    }
}

bitflags! {
    /// The labelled compatibility options of §9. The empty set is the spec's default
    /// (`firstTurnDoubleException = headBlocked`, `blockCheck = everyStep`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct NardyOptions: u8 {
        /// §9 `firstTurnDoubleException = unconditional`: on each player's first turn, 3-3,
        /// 4-4 and 6-6 always allow two checkers off the head, even when a field checker
        /// rather than the opponent's head stops the double (replaces LN-18/LN-19's test).
        const UNCONDITIONAL_FIRST_TURN = 1;
        /// §9 `blockCheck = endOfTurn`: the six-point block rule is checked on the final
        /// position of a turn only (replaces LN-26's check after every step).
        const END_OF_TURN_BLOCK_CHECK = 1 << 1;
    }
}

impl NardyOptions {
    /// The §9 spellings of `firstTurnDoubleException`: the default first (LN-18/19).
    pub const FIRST_TURN_EXCEPTION_NAMES: &'static [&'static str] =
        &["headBlocked", "unconditional"];

    /// The §9 spellings of `blockCheck`: the default first (LN-26).
    pub const BLOCK_CHECK_NAMES: &'static [&'static str] = &["everyStep", "endOfTurn"];

    /// The §9 spelling of the first-turn option: `"headBlocked"` or `"unconditional"`.
    #[must_use]
    pub const fn first_turn_exception_name(self) -> &'static str {
        let i = self.contains(NardyOptions::UNCONDITIONAL_FIRST_TURN) as usize;
        NardyOptions::FIRST_TURN_EXCEPTION_NAMES[i]
    }

    /// Reads the §9 setting `firstTurnDoubleException`: `headBlocked` (the default, LN-18/19)
    /// gives no flag, `unconditional` gives [`NardyOptions::UNCONDITIONAL_FIRST_TURN`]. Case,
    /// `_`, `-` and spaces are ignored (`head_blocked` works too).
    ///
    /// # Errors
    /// [`ParseSettingError`] for any other text.
    pub fn first_turn_exception_from_name(value: &str) -> Result<NardyOptions, ParseSettingError> {
        let i = choose(
            "firstTurnDoubleException",
            value,
            NardyOptions::FIRST_TURN_EXCEPTION_NAMES,
            "LN-18, LN-19, §9",
        )?;
        Ok(if i == 1 {
            NardyOptions::UNCONDITIONAL_FIRST_TURN
        } else {
            NardyOptions::empty()
        })
    }

    /// Reads the §9 setting `blockCheck`: `everyStep` (the default, LN-26) gives no flag,
    /// `endOfTurn` gives [`NardyOptions::END_OF_TURN_BLOCK_CHECK`]. Case, `_`, `-` and spaces
    /// are ignored.
    ///
    /// # Errors
    /// [`ParseSettingError`] for any other text.
    pub fn block_check_from_name(value: &str) -> Result<NardyOptions, ParseSettingError> {
        let i = choose(
            "blockCheck",
            value,
            NardyOptions::BLOCK_CHECK_NAMES,
            "LN-26, §9",
        )?;
        Ok(if i == 1 {
            NardyOptions::END_OF_TURN_BLOCK_CHECK
        } else {
            NardyOptions::empty()
        })
    }

    /// The §9 spelling of the block-check option: `"everyStep"` or `"endOfTurn"`.
    #[must_use]
    pub const fn block_check_name(self) -> &'static str {
        let i = self.contains(NardyOptions::END_OF_TURN_BLOCK_CHECK) as usize;
        NardyOptions::BLOCK_CHECK_NAMES[i]
    }
}

/// A Long Nardy position, seen from the player on roll.
///
/// Made only by validation ([`Nardy::from_setup`], [`Nardy::from_id`]), as the start
/// ([`Nardy::start`]) or by applying legal plays, so it always satisfies LN-1, LN-7 and
/// LN-14, and neither side has an illegal block (LN-25).
///
/// "White" and "Black" are roles: White is the player who moves first in the game (LN-8).
/// The player's first turn (LN-18, §12) is recognised from the board: all 15 of the mover's
/// checkers are still on the head.
///
/// ```
/// use gammon_core::{Color, Dice, Nardy, NardyOptions, PlayText, Position};
///
/// let start = Nardy::start(Color::White);
/// // LN-18: the opening 6-6 moves two checkers off the head; the other two sixes are void.
/// let plays = start.legal_plays(Dice::new(6, 6).unwrap());
/// assert_eq!(plays.len(), 1);
/// assert_eq!(start.format_play(&plays[0]), "24/18(2)");
/// let next = start.play_unchecked(&plays[0]);
/// assert_eq!(next.turn(), Color::Black);
/// // Black's first turn: 5-5 gets no exception, one checker runs to its point 4.
/// let five = next.parse_play(Dice::new(5, 5).unwrap(), "24/4").unwrap();
/// assert_eq!(five.dice_used(), 4);
/// // §9 options travel with the position.
/// let variant = start.with_options(NardyOptions::END_OF_TURN_BLOCK_CHECK);
/// assert_eq!(variant.play_unchecked(&variant.legal_plays(Dice::new(2, 1).unwrap())[0]).options(),
///            NardyOptions::END_OF_TURN_BLOCK_CHECK);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nardy {
    /// Index 1..=24: the mover's points in the mover's numbering (> 0 mover, < 0 opponent).
    /// Index 0 is unused and always 0.
    pts: [i8; 25],
    turn: Color,
    options: NardyOptions,
}

impl Nardy {
    /// The starting position (LN-6) with `turn` on roll and the default options: 15 checkers
    /// on each head.
    #[must_use]
    pub fn start(turn: Color) -> Nardy {
        let mut pts = [0i8; 25];
        pts[HEAD_POINT as usize] = CHECKERS_PER_SIDE as i8;
        pts[OPPONENT_HEAD_POINT as usize] = -(CHECKERS_PER_SIDE as i8);
        Nardy {
            pts,
            turn,
            options: NardyOptions::empty(),
        }
    }

    /// Validates a [`Setup`] (each side in its own numbering) into a position with the
    /// default options.
    ///
    /// # Errors
    /// [`SetupError`] listing every failed check: a variant of another rules family, wrong
    /// checker counts (LN-1), checkers on the bar (LN-14), a point held by both players
    /// (LN-7), an illegal block of either side (LN-24, LN-25). Both players finished is a
    /// draw (LN-37) and accepted.
    pub fn from_setup(setup: &Setup) -> Result<Nardy, SetupError> {
        let mut details = Vec::new();
        let mut problems = SetupProblems::empty();
        if setup.variant != Variant::LongNardy {
            problems |= SetupProblems::WRONG_RULES_FAMILY;
            details.push(format!(
                "{} is not played with Long Nardy rules",
                setup.variant
            ));
        } else {
            // Both sides finished is Long Nardy's draw (LN-37), a real end position: it must
            // come back from its ID and from a pickle.
            let mut counts = Vec::new();
            let found = setup.count_problems(&mut counts);
            problems |= found - SetupProblems::BOTH_BORNE_OFF;
            if found.contains(SetupProblems::BOTH_BORNE_OFF) {
                counts.retain(|d| !d.starts_with("both players have borne off"));
            }
            details.extend(counts);
        }
        for color in Color::ALL {
            let bar = setup.board[color][SETUP_BAR];
            if bar > 0 {
                problems |= SetupProblems::BAR_NOT_ALLOWED;
                details.push(format!(
                    "{color} has {bar} checker{} on the bar, but Long Nardy has no bar (LN-14)",
                    if bar == 1 { "" } else { "s" }
                ));
            }
        }
        let white = &setup.board.white;
        let black = &setup.board.black;
        for p in 1..=24u8 {
            let q = other_point(p);
            if white[p as usize] > 0 && black[q as usize] > 0 {
                problems |= SetupProblems::SHARED_POINT;
                details.push(format!(
                    "white point {p} (= black point {q}) holds checkers of both players (LN-7)"
                ));
            }
        }
        for color in Color::ALL {
            let own = &setup.board[color];
            let opp = &setup.board[!color];
            if let Some(n) = illegal_block_in_sides(own, opp) {
                problems |= SetupProblems::ILLEGAL_BLOCK;
                details.push(format!(
                    "{color} holds {opponent} points {n}..{} (= {color} points {}..{}) with no \
                     {opponent} checker in front of them: an illegal block (LN-24, LN-25)",
                    n + BLOCK_LENGTH - 1,
                    other_point(n + BLOCK_LENGTH - 1),
                    other_point(n),
                    opponent = !color,
                ));
            }
        }
        if !problems.is_empty() {
            return Err(SetupError {
                problems,
                details,
                setup: Box::new(setup.clone()),
            });
        }
        let me = &setup.board[setup.turn];
        let opp = &setup.board[!setup.turn];
        let mut pts = [0i8; 25];
        for p in 1..=24u8 {
            pts[p as usize] = me[p as usize] as i8 - opp[other_point(p) as usize] as i8;
        }
        Ok(Nardy {
            pts,
            turn: setup.turn,
            options: NardyOptions::empty(),
        })
    }

    /// The same position with the compatibility options `options` (§9).
    #[must_use]
    pub fn with_options(&self, options: NardyOptions) -> Nardy {
        Nardy { options, ..*self }
    }

    /// The compatibility options in force (§9).
    #[inline]
    #[must_use]
    pub fn options(&self) -> NardyOptions {
        self.options
    }

    /// The raw board from the mover's side: index 1..=24 in the mover's numbering (positive =
    /// mover, negative = opponent); index 0 is unused.
    #[inline]
    #[must_use]
    pub fn raw(&self) -> &[i8; 25] {
        &self.pts
    }

    /// Checkers of the player on roll on their own point `p` (1..=24).
    #[inline]
    #[must_use]
    pub fn mover_at(&self, p: u8) -> u8 {
        self.pts[p as usize].max(0) as u8
    }

    /// Checkers of the opponent on *their own* point `q` (1..=24).
    #[inline]
    #[must_use]
    pub fn opponent_at(&self, q: u8) -> u8 {
        (-self.pts[other_point(q) as usize]).max(0) as u8
    }

    /// True on the mover's first turn of the game: all 15 checkers are still on the head
    /// (§12; LN-18).
    #[inline]
    #[must_use]
    pub fn is_first_turn(&self) -> bool {
        self.pts[HEAD_POINT as usize] == CHECKERS_PER_SIDE as i8
    }

    /// How many checkers may leave the head this turn with `dice` (LN-17, LN-18, LN-19, or
    /// the `unconditional` option of §9).
    #[must_use]
    pub fn head_allowance(&self, dice: Dice) -> u8 {
        let d = dice.high();
        if !dice.is_double() || !self.is_first_turn() || !matches!(d, 3 | 4 | 6) {
            return 1;
        }
        if self
            .options
            .contains(NardyOptions::UNCONDITIONAL_FIRST_TURN)
        {
            return 2;
        }
        // LN-18: the first closed point on the lone checker's path decides.
        let mut t = HEAD_POINT;
        while t > d {
            t -= d;
            if self.pts[t as usize] < 0 {
                return if t == OPPONENT_HEAD_POINT { 2 } else { 1 };
            }
        }
        1
    }

    /// The two sides as gnubg lays them out for a Position ID: `[opponent, player on roll]`,
    /// each 25 counts in its own numbering (index i = point i + 1; the bar slot is 0).
    #[must_use]
    pub fn sides(&self) -> [Side; 2] {
        let mut out = [[0u8; 25]; 2];
        for p in 1..=24u8 {
            out[0][p as usize - 1] = self.opponent_at(p);
            out[1][p as usize - 1] = self.mover_at(p);
        }
        out
    }

    fn mover_on_board(&self) -> u32 {
        self.pts[1..].iter().map(|&c| c.max(0) as u32).sum()
    }

    fn opponent_on_board(&self) -> u32 {
        self.pts[1..].iter().map(|&c| (-c).max(0) as u32).sum()
    }

    #[inline(always)]
    pub(crate) fn with_pts(&self, pts: [i8; 25]) -> Nardy {
        Nardy { pts, ..*self }
    }

    /// True when the mover holds an illegal block on this board (LN-24, LN-25). Used by tests
    /// and validation; move generation uses a bit version of the same test.
    #[must_use]
    pub fn mover_has_illegal_block(&self) -> bool {
        let opp = self
            .pts
            .iter()
            .enumerate()
            .map(|(p, &c)| u32::from(c < 0) << p);
        steps::illegal_block_starts(steps::occupied(&self.pts), opp.fold(0, |a, b| a | b)) != 0
    }
}

/// The lowest start `n` (in the opponent's numbering) of an illegal block of `own` against
/// `opp` (LN-24, LN-25), each side given in its own numbering as a [`Setup`] array.
fn illegal_block_in_sides(own: &[u8; 26], opp: &[u8; 26]) -> Option<u8> {
    let (mut own_mask, mut opp_mask) = (0u32, 0u32);
    for p in 1..=24u8 {
        // Both masks in `own`'s numbering: the opponent's point q is `own`'s other_point(q).
        own_mask |= u32::from(own[p as usize] > 0) << p;
        opp_mask |= u32::from(opp[other_point(p) as usize] > 0) << p;
    }
    let starts = steps::illegal_block_starts(own_mask, opp_mask);
    (starts != 0).then(|| starts.trailing_zeros() as u8 + 1)
}

impl Position for Nardy {
    #[inline]
    fn variant(&self) -> Variant {
        Variant::LongNardy
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    /// The legal plays for `dice` (§10). Unlike backgammon, plays are listed whenever the
    /// mover still has checkers on the board, even if the opponent has finished: that is the
    /// extra turn of the last-roll setting (LN-37).
    fn legal_plays_into(&self, dice: Dice, out: &mut PlayList<Nardy>) {
        movegen::legal_plays_into(self, dice, out);
    }

    #[inline]
    fn pass_turn(&self) -> Nardy {
        let mut pts = [0i8; 25];
        for (p, slot) in pts.iter_mut().enumerate().skip(1) {
            *slot = -self.pts[other_point(p as u8) as usize];
        }
        Nardy {
            pts,
            turn: !self.turn,
            options: self.options,
        }
    }

    /// The result once a player has borne off all 15 (LN-32, LN-33): Oin when the loser has
    /// borne off a checker, Mars otherwise; a draw when both have finished (only reachable
    /// with the last-roll setting, LN-37). Settings (Koks, `oin` scoring, the extra turn) are
    /// applied by `NardyReferee`.
    fn outcome(&self) -> Option<Outcome> {
        let mover_done = self.mover_on_board() == 0;
        let opp_done = self.opponent_on_board() == 0;
        let (winner, loser_off) = match (mover_done, opp_done) {
            (false, false) => return None,
            (true, true) => {
                return Some(Outcome {
                    winner: Color::White,
                    kind: OutcomeKind::Draw,
                })
            }
            (true, false) => (self.turn, self.checkers_off()[!self.turn]),
            (false, true) => (!self.turn, self.checkers_off()[self.turn]),
        };
        Some(Outcome {
            winner,
            kind: if loser_off == 0 {
                OutcomeKind::Mars
            } else {
                OutcomeKind::Oin
            },
        })
    }

    fn pip_count(&self) -> ByColor<u32> {
        let mut mover = 0u32;
        let mut opp = 0u32;
        for (p, &c) in self.pts.iter().enumerate().skip(1) {
            if c > 0 {
                mover += p as u32 * c as u32;
            } else if c < 0 {
                opp += u32::from(other_point(p as u8)) * (-c) as u32;
            }
        }
        let mut out = ByColor::default();
        out[self.turn] = mover;
        out[!self.turn] = opp;
        out
    }

    fn checkers_off(&self) -> ByColor<u8> {
        let mut out = ByColor::default();
        out[self.turn] = CHECKERS_PER_SIDE - self.mover_on_board() as u8;
        out[!self.turn] = CHECKERS_PER_SIDE - self.opponent_on_board() as u8;
        out
    }

    fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(Variant::LongNardy, self.turn);
        for p in 1..=24u8 {
            s.board[self.turn][p as usize] = self.mover_at(p);
            s.board[!self.turn][p as usize] = self.opponent_at(p);
        }
        let off = self.checkers_off();
        s.board.white[SETUP_OFF] = off.white;
        s.board.black[SETUP_OFF] = off.black;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::PositionId;

    /// The draw of LN-37 (both sides borne off) is a valid position that comes
    /// back from its ID.
    #[test]
    fn d8_ln37_the_draw_with_both_sides_off_is_valid_and_round_trips_its_id() {
        for turn in Color::ALL {
            let mut setup = Setup::empty(Variant::LongNardy, turn);
            setup.board.white[SETUP_OFF] = 15;
            setup.board.black[SETUP_OFF] = 15;
            let draw = Nardy::from_setup(&setup).unwrap();
            assert_eq!(draw.outcome().map(|o| o.kind), Some(OutcomeKind::Draw));
            assert_eq!(Nardy::from_id(&draw.id(), turn).unwrap(), draw);
        }
    }

    #[test]
    fn ln3_other_point_is_an_involution_and_matches_the_table() {
        for n in 1..=24 {
            assert_eq!(other_point(other_point(n)), n);
        }
        for (w, b) in [
            (24, 12),
            (19, 7),
            (18, 6),
            (13, 1),
            (12, 24),
            (7, 19),
            (6, 18),
            (1, 13),
        ] {
            assert_eq!(other_point(w), b);
        }
    }

    #[test]
    fn ln6_start_has_fifteen_on_each_head() {
        let pos = Nardy::start(Color::White);
        assert_eq!(pos.mover_at(24), 15);
        assert_eq!(pos.opponent_at(24), 15);
        assert_eq!(pos.pass_turn().mover_at(24), 15);
        assert_eq!(pos.pass_turn().pass_turn(), pos);
        assert_eq!(
            pos.pip_count(),
            ByColor {
                white: 360,
                black: 360
            }
        );
        assert!(pos.outcome().is_none());
        assert!(pos.is_first_turn());
    }

    #[test]
    fn ln6_start_round_trips_through_setup_and_id() {
        let pos = Nardy::start(Color::Black);
        assert_eq!(Nardy::from_setup(&pos.to_setup()), Ok(pos));
        assert_eq!(Nardy::from_id(&pos.id(), Color::Black), Ok(pos));
        assert_eq!(pos.id(), Nardy::start(Color::White).id());
    }

    #[test]
    fn ln14_setup_with_a_bar_checker_is_rejected() {
        let mut s = Nardy::start(Color::White).to_setup();
        s.board.white[24] = 14;
        s.board.white[SETUP_BAR] = 1;
        let err = Nardy::from_setup(&s).unwrap_err();
        assert!(err.problems.contains(SetupProblems::BAR_NOT_ALLOWED));
        assert!(err.to_string().contains("LN-14"), "{err}");
    }

    #[test]
    fn ln7_setup_with_a_shared_point_names_both_numberings() {
        let s = Setup::from_points(
            Variant::LongNardy,
            Color::White,
            &[(24, 14), (4, 1)],
            &[(24, 14), (16, 1)],
        );
        let err = Nardy::from_setup(&s).unwrap_err();
        assert_eq!(err.problems, SetupProblems::SHARED_POINT);
        assert!(
            err.details[0].contains("white point 4 (= black point 16)"),
            "{err}"
        );
    }

    #[test]
    fn ln25_setup_with_an_illegal_block_is_rejected() {
        // White on w11..w6 = b23..b18 with every black checker on b24: illegal.
        let white = [(24, 9), (11, 1), (10, 1), (9, 1), (8, 1), (7, 1), (6, 1)];
        let s = Setup::from_points(Variant::LongNardy, Color::Black, &white, &[(24, 15)]);
        let err = Nardy::from_setup(&s).unwrap_err();
        assert_eq!(err.problems, SetupProblems::ILLEGAL_BLOCK);
        assert!(err.details[0].contains("black points 18..23"), "{err}");
        // A black checker on b17 stands in front of the block: legal.
        let s = Setup::from_points(
            Variant::LongNardy,
            Color::Black,
            &white,
            &[(24, 14), (17, 1)],
        );
        assert!(Nardy::from_setup(&s).is_ok());
    }

    #[test]
    fn ln18_head_allowance_follows_the_first_closed_point() {
        let start = Nardy::start(Color::White);
        let d = |a, b| Dice::new(a, b).unwrap();
        for (roll, allowance) in [
            (d(6, 6), 2),
            (d(4, 4), 2),
            (d(3, 3), 2),
            (d(5, 5), 1),
            (d(2, 2), 1),
            (d(1, 1), 1),
            (d(6, 5), 1),
        ] {
            assert_eq!(start.head_allowance(roll), allowance, "{roll}");
        }
        // LN-19: Black's 4-4 after White's 5-5 is stopped by White's checker on b16.
        let s = Setup::from_points(
            Variant::LongNardy,
            Color::Black,
            &[(24, 14), (4, 1)],
            &[(24, 15)],
        );
        let pos = Nardy::from_setup(&s).unwrap();
        assert_eq!(pos.head_allowance(d(4, 4)), 1);
        assert_eq!(pos.head_allowance(d(6, 6)), 2);
        let unconditional = pos.with_options(NardyOptions::UNCONDITIONAL_FIRST_TURN);
        assert_eq!(unconditional.head_allowance(d(4, 4)), 2);
    }

    #[test]
    fn section9_option_names_read_in_either_spelling() {
        for name in ["unconditional", "Unconditional"] {
            assert_eq!(
                NardyOptions::first_turn_exception_from_name(name),
                Ok(NardyOptions::UNCONDITIONAL_FIRST_TURN)
            );
        }
        for name in ["headBlocked", "head_blocked", "head-blocked"] {
            assert_eq!(
                NardyOptions::first_turn_exception_from_name(name),
                Ok(NardyOptions::empty())
            );
        }
        for name in ["endOfTurn", "end_of_turn"] {
            assert_eq!(
                NardyOptions::block_check_from_name(name),
                Ok(NardyOptions::END_OF_TURN_BLOCK_CHECK)
            );
        }
        let err = NardyOptions::block_check_from_name("sometimes").unwrap_err();
        assert!(err.to_string().contains("everyStep"), "{err}");
    }

    #[test]
    fn display_draws_both_heads_in_whites_numbering() {
        let text = Nardy::start(Color::Black).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[1].contains("-13") && lines[1].contains("-24"),
            "{text}"
        );
        assert!(lines[2].trim_end().ends_with("W15 |"), "{text}");
        assert!(lines[4].starts_with(" | B15"), "{text}");
        assert!(lines[0].contains("black on roll"), "{text}");
    }
}
