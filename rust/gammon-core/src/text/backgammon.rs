//! Play notation for backgammon (spec NOT-1 to NOT-7): printing a play exactly as gnubg prints
//! it, and reading a text back to the one legal play it names.
//!
//! # Printing (NOT-3)
//! [`format_backgammon`] follows gnubg's `FormatMove` as the spec states it (the shared printer
//! of [`super::notation`]): sort the steps by source (then destination) descending, chain each
//! step onto the earliest move ending where it starts, keep an intermediate point only when the
//! opponent had a checker there before the play, merge identical paths into `(n)`, and mark
//! with `*` the first arrival on each point the opponent held. The empty play prints as `""`
//! (NOT-5).
//!
//! # Reading (NOT-1, NOT-2)
//! [`parse_backgammon`] reads a text with the grammar every variant shares
//! ([`super::notation`]: `bar`/`25`, `off`/`0`, any case, optional `*`, `(n)`, moves in any
//! order; gnubg's `-` separator and `b`/`o` abbreviations too) and resolves it against the
//! legal plays of the roll. A written move `a/b/c` is one
//! checker that lands on every written point and hits nothing in between; each segment uses
//! one or more dice of that checker. The resolver walks the legal step sequences of the roll,
//! letting the written checkers advance along their paths and (for a partial text) other
//! checkers use the dice the text leaves free, and collects the plays reached: a complete
//! match wins, otherwise a single partial match, otherwise an error.
//!
//! ```
//! use gammon_core::{Backgammon, Color, Dice, PlayText, Position, Variant};
//!
//! let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
//! let dice = Dice::new(3, 1).unwrap();
//! let play = pos.parse_play(dice, "6/5 8/5").unwrap();
//! assert_eq!(pos.format_play(&play), "8/5 6/5");
//! ```

use super::notation::{format_steps, read_text};
use super::{PlayText, PlayTextError};
use crate::base::dice::Dice;
use crate::base::moves::Play;
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;

// ---------------------------------------------------------------------------------------
// Printing (NOT-3, NOT-5)
// ---------------------------------------------------------------------------------------

/// Prints `play` of `before` as gnubg does (NOT-3). The empty play prints as `""` (NOT-5).
///
/// The text depends only on the steps of the play, not on their order.
#[must_use]
pub fn format_backgammon(before: &Backgammon, play: &Play<Backgammon>) -> String {
    let pts = before.raw();
    // "Holds an opponent checker" before the play.
    format_steps(play.moves(), |p| pts[p as usize] < 0)
}

// ---------------------------------------------------------------------------------------
// Resolution (NOT-2): see `resolve.rs`
// ---------------------------------------------------------------------------------------

mod resolve;

/// Resolves `text` to one legal play of `before` for `dice` (NOT-2); partial texts only when
/// `allow_partial`.
///
/// A complete match (the text accounts for every step of the play) wins; with
/// `allow_partial`, a text that is part of exactly one legal play names that play. The empty
/// text names the empty play when the roll cannot be played (MOVE-8) and, with
/// `allow_partial`, the only legal play when there is just one.
///
/// # Errors
/// [`PlayTextError::Syntax`] when the text breaks the grammar of NOT-1,
/// [`PlayTextError::Illegal`] when it fits no legal play (the reason names the rule), and
/// [`PlayTextError::Ambiguous`] when it fits several (listing their canonical texts).
pub fn parse_backgammon(
    before: &Backgammon,
    dice: Dice,
    text: &str,
    allow_partial: bool,
) -> Result<Play<Backgammon>, PlayTextError> {
    let written = read_text(text).map_err(|detail| PlayTextError::Syntax {
        text: text.to_string(),
        detail,
    })?;
    let plays = before.legal_plays(dice);
    resolve::Resolver {
        before,
        dice,
        text,
        written: &written,
        plays: &plays,
    }
    .resolve(allow_partial)
}

impl PlayText for Backgammon {
    fn format_play(&self, play: &Play<Backgammon>) -> String {
        format_backgammon(self, play)
    }

    fn resolve_play(
        &self,
        dice: Dice,
        text: &str,
        allow_partial: bool,
    ) -> Result<Play<Backgammon>, PlayTextError> {
        parse_backgammon(self, dice, text, allow_partial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::moves::{Move, BAR};
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::text::PositionId;

    /// A position from the spec's tables: X (on roll) in X's numbering, O **also in X's
    /// numbering** (§13 conventions); 25 = bar.
    pub(super) fn table(x: &[(u8, u8)], o: &[(u8, u8)]) -> Backgammon {
        let o_own: Vec<(u8, u8)> = o
            .iter()
            .map(|&(p, n)| (if p == BAR { BAR } else { 25 - p }, n))
            .collect();
        let setup = Setup::from_points(Variant::Backgammon, Color::White, x, &o_own);
        Backgammon::from_setup(&setup).unwrap_or_else(|e| panic!("{e}"))
    }

    const START_X: &[(u8, u8)] = &[(24, 2), (13, 5), (8, 3), (6, 5)];
    const START_O: &[(u8, u8)] = &[(19, 5), (17, 3), (12, 5), (1, 2)];
    pub(super) const RACE_O: &[(u8, u8)] = &[(19, 5), (17, 3), (12, 5)];

    pub(super) fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    fn texts(pos: &Backgammon, d: Dice) -> Vec<String> {
        pos.legal_plays(d)
            .iter()
            .map(|p| pos.format_play(p))
            .collect()
    }

    /// Prints a step tuple `(s1, d1, s2, d2, ...)` as a play of `pos` (NOT-4 examples).
    fn print_tuple(pos: &Backgammon, tuple: &[u8]) -> String {
        let moves: Vec<Move> = tuple
            .chunks(2)
            .map(|c| Move::new(c[0], c[1], false))
            .collect();
        format_backgammon(pos, &Play::from_parts(&moves, *pos))
    }

    /// Checks one §13.1 row: Position ID, play count, and that every expected text is the
    /// canonical print of a legal play (all of them when `exact`); also that each printed
    /// text reads back as its own play (NOT-7).
    fn check_row(
        row: &str,
        pos: &Backgammon,
        id: &str,
        d: Dice,
        count: usize,
        expected: &[&str],
        exact: bool,
    ) {
        assert_eq!(pos.id(), id, "{row}: Position ID");
        let printed = texts(pos, d);
        assert_eq!(printed.len(), count, "{row}: number of plays {printed:?}");
        for e in expected {
            assert!(
                printed.iter().any(|t| t == e),
                "{row}: {e:?} not among {printed:?}"
            );
        }
        if exact {
            let mut a = printed.clone();
            let mut b: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{row}: the whole play set");
        }
        for (play, text) in pos.legal_plays(d).iter().zip(&printed) {
            assert_eq!(
                pos.parse_play(d, text).as_ref(),
                Ok(play),
                "{row}: {text:?} reads back"
            );
        }
    }

    pub(super) fn start() -> Backgammon {
        table(START_X, START_O)
    }

    #[test]
    fn t01_bg7_move9_start_31_prints_gnubgs_texts() {
        check_row(
            "T01",
            &start(),
            "4HPwATDgc/ABMA",
            dice(3, 1),
            16,
            &["8/5 6/5", "24/20", "13/9", "24/23 13/10"],
            false,
        );
    }

    #[test]
    fn t02_move3_start_65_prints_all_seven_plays() {
        check_row(
            "T02",
            &start(),
            "4HPwATDgc/ABMA",
            dice(6, 5),
            7,
            &[
                "13/2",
                "13/8 13/7",
                "13/7 8/3",
                "24/13",
                "24/18 13/8",
                "24/18 8/3",
                "8/3 8/2",
            ],
            true,
        );
    }

    #[test]
    fn t03_bg13_move4_start_66_merges_repeated_moves() {
        check_row(
            "T03",
            &start(),
            "4HPwATDgc/ABMA",
            dice(6, 6),
            11,
            &["24/18(2) 13/7(2)", "13/7(2) 8/2(2)", "13/7(4)"],
            false,
        );
    }

    #[test]
    fn t04_move4_move9_start_11() {
        check_row(
            "T04",
            &start(),
            "4HPwATDgc/ABMA",
            dice(1, 1),
            42,
            &["8/7(2) 6/5(2)", "24/22(2)", "24/20"],
            false,
        );
    }

    #[test]
    fn t05_move3_move7_blocked_six() {
        let pos = table(&[(24, 1), (6, 14)], &[(21, 2), (18, 2), (15, 2)]);
        check_row("T05", &pos, "GGMAAPD/AwAQAA", dice(6, 3), 1, &["6/3"], true);
    }

    pub(super) fn t06() -> Backgammon {
        table(&[(24, 1), (6, 14)], &[(20, 1), (7, 2)])
    }

    #[test]
    fn t06_move2_move5_intermediate_hit_is_a_different_play() {
        check_row(
            "T06",
            &t06(),
            "EAAMAP5/AAACAA",
            dice(4, 3),
            5,
            &["24/17", "24/20*/17", "24/20* 6/3", "24/21 6/2", "6/3 6/2"],
            true,
        );
    }

    #[test]
    fn t07_move6_only_one_order() {
        let pos = table(&[(13, 1), (1, 14)], &[(7, 2)]);
        check_row(
            "T07",
            &pos,
            "AAAG+P8BIAAAAA",
            dice(6, 5),
            1,
            &["13/2"],
            true,
        );
    }

    #[test]
    fn t08_move7_larger_die() {
        let pos = table(&[(13, 1), (1, 14)], &[(2, 2)]);
        check_row(
            "T08",
            &pos,
            "AADA+P8BIAAAAA",
            dice(6, 5),
            1,
            &["13/7"],
            true,
        );
    }

    #[test]
    fn t09_move7_smaller_die_when_the_larger_cannot_move() {
        let pos = table(&[(13, 1), (1, 14)], &[(2, 2), (7, 2)]);
        check_row(
            "T09",
            &pos,
            "AAAG4/8HgAAAAA",
            dice(6, 5),
            1,
            &["13/8"],
            true,
        );
    }

    #[test]
    fn t10_move6_doubles_partly_played() {
        let pos = table(&[(13, 1), (1, 14)], &[(5, 2)]);
        check_row(
            "T10",
            &pos,
            "AAAY+P8BIAAAAA",
            dice(4, 4),
            1,
            &["13/9"],
            true,
        );
    }

    pub(super) fn t11() -> Backgammon {
        table(
            &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
            &[(20, 3), (19, 2), (17, 3), (12, 5), (1, 2)],
        )
    }

    #[test]
    fn t11_bar2_bar5_enter_then_move_any_checker() {
        check_row(
            "T11",
            &t11(),
            "cHPwATDgc/ABUA",
            dice(6, 4),
            4,
            &["bar/15", "bar/21 24/18", "bar/21 13/7", "bar/21 8/2"],
            true,
        );
    }

    pub(super) fn t12() -> Backgammon {
        table(
            &[(BAR, 1), (13, 6), (8, 3), (6, 5)],
            &[(19, 3), (20, 3), (21, 3), (22, 2), (23, 2), (24, 2)],
        )
    }

    #[test]
    fn t12_bar4_closed_board_has_only_the_empty_play() {
        // The table's X also has a checker on 24, where O stands (its Position ID encodes
        // that invalid board, which gnubg does not check, BG-6); it is moved to 13 here, and the
        // Position ID is gnubg's (`gnubg.position_id`) for the corrected board.
        let pos = t12();
        check_row("T12", &pos, "2+4OAADgc/ADQA", dice(6, 4), 0, &[], true);
        // NOT-5: the empty play prints as "" and "" names it.
        let empty = pos.parse_play(dice(6, 4), "").unwrap();
        assert!(empty.is_empty());
        assert_eq!(pos.format_play(&empty), "");
        assert!(pos.is_legal(dice(6, 4), &empty));
    }

    #[test]
    fn t13_bar3_partial_entering() {
        let pos = table(
            &[(BAR, 2), (13, 5), (8, 3), (6, 5)],
            &[(19, 2), (20, 2), (22, 2), (23, 2), (24, 2), (12, 5)],
        );
        check_row(
            "T13",
            &pos,
            "22zABwDgc/ABYA",
            dice(6, 4),
            1,
            &["bar/21"],
            true,
        );
    }

    #[test]
    fn t14_bar5_doubles_enter_two_then_play_on() {
        let pos = table(
            &[(BAR, 2), (13, 5), (8, 3), (6, 5)],
            &[(19, 2), (20, 2), (21, 2), (23, 2), (24, 2), (12, 5)],
        );
        check_row(
            "T14",
            &pos,
            "m23ABwDgc/ABYA",
            dice(3, 3),
            8,
            &["bar/22(2) 13/7", "bar/22(2) 6/3(2)"],
            false,
        );
        assert!(texts(&pos, dice(3, 3))
            .iter()
            .all(|t| t.starts_with("bar/22(2)")));
    }

    #[test]
    fn t15_bar2_hit_on_entry() {
        let pos = table(
            &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
            &[(22, 1), (19, 4), (17, 3), (12, 5), (1, 2)],
        );
        check_row(
            "T15",
            &pos,
            "xHPwATDgc/ABUA",
            dice(3, 1),
            8,
            &[
                "bar/21",
                "bar/22* 24/23",
                "bar/22* 6/5",
                "bar/22* 8/7",
                "bar/22*/21",
                "bar/24 13/10",
                "bar/24 6/3",
                "bar/24 8/5",
            ],
            true,
        );
    }

    #[test]
    fn t16_off2_exact_numbers() {
        // The table's O also has two checkers on X's 1, where X stands (its Position ID
        // encodes that invalid board, BG-6); they are borne off here. With X's 1-point no
        // longer "blocked", 5/1 becomes a third play. Position ID and the three texts are
        // gnubg's (`position_id`, `gnubg_nn.moves` + `move_tuple_to_string`) for this board.
        let pos = table(&[(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)], RACE_O);
        check_row(
            "T16",
            &pos,
            "4HPwAcC2uwMAAA",
            dice(6, 4),
            3,
            &["6/off 4/off", "6/2 6/off", "6/off 5/1"],
            true,
        );
    }

    pub(super) fn t17() -> Backgammon {
        table(&[(3, 1), (2, 2), (1, 2)], RACE_O)
    }

    #[test]
    fn t17_off3_higher_numbers_from_the_highest_point() {
        check_row(
            "T17",
            &t17(),
            "4HPwAcAWAAAAAA",
            dice(6, 5),
            1,
            &["3/off 2/off"],
            true,
        );
    }

    #[test]
    fn t18_off4_smaller_numbers_move_inside() {
        let pos = table(&[(6, 2), (5, 2)], RACE_O);
        check_row(
            "T18",
            &pos,
            "4HPwAQBsAAAAAA",
            dice(2, 1),
            5,
            &["5/2", "5/4 5/3", "6/3", "6/4 5/4", "6/5 6/4"],
            true,
        );
    }

    #[test]
    fn t19_off1_bearing_off_after_coming_home() {
        let pos = table(&[(7, 1), (3, 1), (2, 13)], RACE_O);
        check_row(
            "T19",
            &pos,
            "4HPwAYD/LwQAAA",
            dice(6, 4),
            2,
            &["7/1 3/off", "7/off"],
            true,
        );
    }

    #[test]
    fn t20_off6_bar1_hit_checker_enters_first() {
        let pos = table(
            &[(BAR, 1), (6, 4), (5, 5), (4, 5)],
            &[(20, 2), (1, 2), (12, 11)],
        );
        check_row(
            "T20",
            &pos,
            "MMD/ATD4vgcAQA",
            dice(6, 5),
            1,
            &["bar/14"],
            true,
        );
    }

    pub(super) fn t21() -> Backgammon {
        table(&[(6, 1), (1, 1)], RACE_O)
    }

    #[test]
    fn t21_off5_two_plays_of_the_six_checker() {
        check_row(
            "T21",
            &t21(),
            "4HPwAUAQAAAAAA",
            dice(6, 5),
            2,
            &["6/off 1/off", "6/off"],
            true,
        );
    }

    #[test]
    fn t22_off5_bg14_game_ends_mid_roll() {
        let pos = table(&[(2, 1), (1, 1)], RACE_O);
        check_row(
            "T22",
            &pos,
            "4HPwAUABAAAAAA",
            dice(6, 6),
            1,
            &["2/off 1/off"],
            true,
        );
    }

    #[test]
    fn t23_off4_bearing_off_is_not_compulsory() {
        let pos = table(&[(6, 1), (4, 1)], RACE_O);
        check_row(
            "T23",
            &pos,
            "4HPwAQASAAAAAA",
            dice(4, 2),
            2,
            &["6/2 4/2", "6/off"],
            true,
        );
    }

    #[test]
    fn t24_off3_off4_no_higher_number_from_a_lower_point() {
        let pos = table(&[(6, 1), (3, 1)], RACE_O);
        check_row(
            "T24",
            &pos,
            "4HPwAQARAAAAAA",
            dice(5, 1),
            2,
            &["6/1 3/2", "6/off"],
            true,
        );
    }

    #[test]
    fn t25_off4_with_blocks() {
        let pos = table(&[(6, 1), (2, 1)], &[(4, 2), (12, 13)]);
        check_row(
            "T25",
            &pos,
            "APD/AQZCAAAAAA",
            dice(4, 2),
            1,
            &["6/off"],
            true,
        );
    }

    fn t26() -> Backgammon {
        table(
            &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
            &[(21, 1), (19, 1), (18, 4), (17, 3), (12, 5), (1, 1)],
        )
    }

    #[test]
    fn t26_move5_double_hit_on_entry() {
        check_row(
            "T26",
            &t26(),
            "SO/gAyDgc/ABUA",
            dice(4, 2),
            10,
            &["bar/21*/19*", "bar/19*"],
            false,
        );
    }

    #[test]
    fn t27_move8_no_play() {
        let mut o: Vec<(u8, u8)> = (18..=23).map(|p| (p, 2)).collect();
        o.push((12, 3));
        let pos = table(&[(24, 2), (6, 13)], &o);
        check_row("T27", &pos, "tm0DBwDg/wMAMA", dice(6, 6), 0, &[], true);
    }

    #[test]
    fn t28_move6_only_one_order_for_one_checker() {
        let mut o: Vec<(u8, u8)> = (18..=22).map(|p| (p, 2)).collect();
        o.push((12, 5));
        let pos = table(&[(24, 2), (6, 13)], &o);
        check_row(
            "T28",
            &pos,
            "bNvABwDg/wMAMA",
            dice(6, 1),
            1,
            &["24/17"],
            true,
        );
    }

    #[test]
    fn t29_off5_doubles_bear_everything_off() {
        let pos = table(&[(6, 1), (3, 2)], &[(12, 15)]);
        check_row(
            "T29",
            &pos,
            "APD/BwCMAAAAAA",
            dice(3, 3),
            1,
            &["6/off 3/off(2)"],
            true,
        );
    }

    #[test]
    fn t30_bg10_start_21() {
        check_row(
            "T30",
            &start(),
            "4HPwATDgc/ABMA",
            dice(2, 1),
            15,
            &["13/11 6/5", "24/23 13/11"],
            false,
        );
    }

    // ---- NOT-4: printing examples (gnubg's output), on step tuples in any order ----

    #[test]
    fn not4_start_position_examples() {
        let pos = start();
        assert_eq!(print_tuple(&pos, &[8, 5, 6, 5]), "8/5 6/5");
        assert_eq!(print_tuple(&pos, &[13, 7, 7, 2]), "13/2");
        assert_eq!(print_tuple(&pos, &[7, 2, 13, 7]), "13/2");
        assert_eq!(
            print_tuple(&pos, &[24, 20, 24, 20, 13, 9, 13, 9]),
            "24/20(2) 13/9(2)"
        );
        assert_eq!(print_tuple(&pos, &[13, 8, 13, 7]), "13/8 13/7");
        assert_eq!(print_tuple(&pos, &[8, 3, 8, 2]), "8/3 8/2");
        assert_eq!(print_tuple(&pos, &[6, 3, 6, 3, 6, 3, 6, 3]), "6/3(4)");
        let two_back = table(&[(13, 2), (6, 13)], START_O);
        assert_eq!(
            print_tuple(&two_back, &[13, 9, 13, 9, 9, 5, 6, 2]),
            "13/5 13/9 6/2"
        );
    }

    #[test]
    fn not4_hits_are_marked_on_kept_points_and_first_arrivals() {
        assert_eq!(print_tuple(&t26(), &[25, 21, 21, 19]), "bar/21*/19*");
        assert_eq!(print_tuple(&t06(), &[24, 20, 20, 17]), "24/20*/17");
        assert_eq!(print_tuple(&t06(), &[24, 20, 6, 3]), "24/20* 6/3");
        let blot20 = table(&[(24, 2), (6, 13)], &[(20, 1), (7, 2)]);
        assert_eq!(
            print_tuple(&blot20, &[24, 20, 24, 20, 6, 2, 6, 2]),
            "24/20*(2) 6/2(2)"
        );
        assert_eq!(
            print_tuple(&blot20, &[24, 20, 24, 20, 20, 16, 6, 2]),
            "24/20*/16 24/20 6/2"
        );
    }

    #[test]
    fn not4_bear_offs_chain_like_other_steps() {
        let home = table(&[(6, 4), (5, 4), (4, 7)], RACE_O);
        assert_eq!(
            print_tuple(&home, &[6, 0, 6, 0, 6, 0, 5, 0]),
            "6/off(3) 5/off"
        );
        let t29 = table(&[(6, 1), (3, 2)], &[(12, 15)]);
        assert_eq!(
            print_tuple(&t29, &[6, 3, 3, 0, 3, 0, 3, 0]),
            "6/off 3/off(2)"
        );
        let t19 = table(&[(7, 1), (3, 1), (2, 13)], RACE_O);
        assert_eq!(print_tuple(&t19, &[7, 3, 3, 0]), "7/off");
        assert_eq!(print_tuple(&t19, &[3, 0, 7, 3]), "7/off");
    }

    #[test]
    fn not3_consequences_listed_in_the_spec() {
        // A kept hit point is printed on every move through it, and merged.
        let blot16 = table(&[(18, 2), (6, 13)], &[(16, 1), (1, 2)]);
        assert_eq!(
            print_tuple(&blot16, &[18, 16, 18, 16, 16, 14, 16, 14]),
            "18/16*/14(2)"
        );
        // Ties are ordered by the first step, not by the final point.
        let back = table(
            &[(24, 2), (23, 1), (6, 12)],
            &[(1, 2), (2, 5), (3, 5), (4, 3)],
        );
        assert_eq!(
            print_tuple(&back, &[24, 18, 24, 18, 23, 17, 18, 12]),
            "24/12 24/18 23/17"
        );
        let home = table(&[(6, 4), (2, 11)], RACE_O);
        assert_eq!(print_tuple(&home, &[6, 2, 2, 0]), "6/off");
    }

    #[test]
    fn not5_empty_play_prints_empty() {
        let pos = start();
        assert_eq!(format_backgammon(&pos, &Play::from_parts(&[], pos)), "");
    }

    /// The canonical text of the play `text` names, or a panic saying why it names none.
    pub(super) fn resolves_to(pos: &Backgammon, d: Dice, text: &str) -> String {
        match pos.parse_play(d, text) {
            Ok(p) => pos.format_play(&p),
            Err(e) => panic!("{text:?}: {e}"),
        }
    }

    #[test]
    fn not1_accepts_the_wider_input_forms() {
        let pos = start();
        let d = dice(3, 1);
        for text in [
            "8/5 6/5",
            "6/5 8/5",
            " 8/5  6/5 ",
            "8-5 6-5",
            "8/5\t6/5",
            "8/5(1) 6/5",
        ] {
            assert_eq!(resolves_to(&pos, d, text), "8/5 6/5", "{text}");
        }
        let t11 = t11();
        for text in ["BAR/15", "Bar/21/15", "25/15", "b/15", "B-21-15"] {
            assert_eq!(resolves_to(&t11, dice(6, 4), text), "bar/15", "{text}");
        }
        let t29 = table(&[(6, 1), (3, 2)], &[(12, 15)]);
        for text in [
            "6/off 3/off(2)",
            "6/0 3/0 3/0",
            "3/O 6/3/OFF 3/off",
            "6/3/0 3/0(2)",
        ] {
            assert_eq!(
                resolves_to(&t29, dice(3, 3), text),
                "6/off 3/off(2)",
                "{text}"
            );
        }
    }

    #[test]
    fn not1_syntax_errors_name_the_problem() {
        let pos = start();
        let d = dice(3, 1);
        for text in [
            "8", "8/", "/5", "8/5(5)", "8/5(0)", "8/5(", "8(2)/5", "5/8", "8/8", "26/20", "8*/5",
            "x/5", "8/5/", "off/5", "8/bar", "8/5**", "8/5)",
        ] {
            match pos.parse_play(d, text) {
                Err(PlayTextError::Syntax { detail, .. }) => assert!(!detail.is_empty()),
                other => panic!("{text:?}: expected a syntax error, got {other:?}"),
            }
        }
    }
}
