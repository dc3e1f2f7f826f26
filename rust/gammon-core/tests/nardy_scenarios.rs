//! The test scenarios S1-S44 of spec long-nardy.md §15, each named for its scenario and the
//! rule it checks. Positions are written as the spec writes them: each side in its own
//! numbering (LN-2), mover first. S41 and S42 are about series and live in the Python tests
//! (tests/test_nardy_series.py), which also replay the game-level scenarios.

use std::collections::BTreeSet;

use gammon_core::for_each_sequence;
use gammon_core::{
    Color, Dice, EndVariant, Koks, Nardy, NardyOptions, NardyReferee, OutcomeKind, Position,
    Referee, Setup, Variant,
};

/// A side as the spec writes it: `(point, count)` pairs plus the borne-off count.
type Side = [u8; 26];

fn side(points: &[(u8, u8)]) -> Side {
    let mut s = [0u8; 26];
    let mut on = 0;
    for &(p, n) in points {
        s[p as usize] += n;
        on += n;
    }
    s[0] = 15 - on;
    s
}

/// The position with `turn` on roll, `mover` and `opponent` each in their own numbering.
fn position(turn: Color, mover: &[(u8, u8)], opponent: &[(u8, u8)]) -> Nardy {
    let (white, black) = match turn {
        Color::White => (mover, opponent),
        Color::Black => (opponent, mover),
    };
    let setup = Setup::from_points(Variant::LongNardy, turn, white, black);
    Nardy::from_setup(&setup).unwrap_or_else(|e| panic!("{e}"))
}

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

/// The mover's side after each legal play (the mover still on roll in `after`).
fn results(pos: &Nardy, d: Dice) -> BTreeSet<Side> {
    let plays = pos.legal_plays(d);
    let set: BTreeSet<Side> = plays
        .iter()
        .map(|p| p.after().to_setup().board[pos.turn()])
        .collect();
    assert_eq!(
        set.len(),
        plays.len(),
        "a resulting position is listed twice"
    );
    // The exact generator written from §10 must agree.
    let mut exact = BTreeSet::new();
    for_each_sequence(pos, d, &mut |_, after| {
        let mut s = [0u8; 26];
        let mut on = 0;
        for (pt, &c) in after.iter().enumerate().skip(1) {
            if c > 0 {
                s[pt] = c as u8;
                on += c as u8;
            }
        }
        s[0] = 15 - on;
        exact.insert(s);
    });
    assert_eq!(set, exact, "fast and exact generators disagree");
    set
}

fn expect(pos: &Nardy, d: Dice, plays: &[&[(u8, u8)]]) {
    let want: BTreeSet<Side> = plays.iter().map(|p| side(p)).collect();
    assert_eq!(results(pos, d), want, "{pos:?} {d}");
}

fn dice_used(pos: &Nardy, d: Dice) -> Vec<usize> {
    pos.legal_plays(d).iter().map(|p| p.dice_used()).collect()
}

fn start() -> Nardy {
    Nardy::start(Color::White)
}

/// Black on roll for its first turn after White's opening 5-5 (White on w4 = b16).
fn after_white_5_5() -> Nardy {
    position(Color::Black, &[(24, 15)], &[(24, 14), (4, 1)])
}

#[test]
fn s01_ln6_ln17_opening_6_5_takes_one_checker_off_the_head() {
    expect(&start(), dice(6, 5), &[&[(24, 14), (13, 1)]]);
}

#[test]
fn s02_ln18_opening_6_6_moves_two_head_checkers_and_voids_two_sixes() {
    expect(&start(), dice(6, 6), &[&[(24, 13), (18, 2)]]);
    assert_eq!(dice_used(&start(), dice(6, 6)), [2]);
}

#[test]
fn s03_ln18_opening_4_4_moves_two_head_checkers_to_16() {
    expect(&start(), dice(4, 4), &[&[(24, 13), (16, 2)]]);
}

#[test]
fn s04_ln18_opening_3_3_has_exactly_two_plays() {
    expect(
        &start(),
        dice(3, 3),
        &[&[(24, 13), (18, 2)], &[(24, 13), (21, 1), (15, 1)]],
    );
}

#[test]
fn s05_ln18_opening_5_5_gets_no_exception() {
    expect(&start(), dice(5, 5), &[&[(24, 14), (4, 1)]]);
}

#[test]
fn s06_ln18_opening_2_2_gets_no_exception() {
    expect(&start(), dice(2, 2), &[&[(24, 14), (16, 1)]]);
}

#[test]
fn s07_ln18_opening_1_1_gets_no_exception() {
    expect(&start(), dice(1, 1), &[&[(24, 14), (20, 1)]]);
}

#[test]
fn s08_ln19_blacks_4_4_after_whites_5_5_moves_one_checker_one_die() {
    let pos = after_white_5_5();
    expect(&pos, dice(4, 4), &[&[(24, 14), (20, 1)]]);
    assert_eq!(dice_used(&pos, dice(4, 4)), [1]);
    // §9 option `unconditional`: two checkers to b20.
    let unconditional = pos.with_options(NardyOptions::UNCONDITIONAL_FIRST_TURN);
    expect(&unconditional, dice(4, 4), &[&[(24, 13), (20, 2)]]);
}

#[test]
fn s09_ln18_ln19_blacks_6_6_after_whites_5_5_keeps_the_exception() {
    expect(&after_white_5_5(), dice(6, 6), &[&[(24, 13), (18, 2)]]);
}

#[test]
fn s10_ln18_ln19_blacks_3_3_after_whites_5_5_keeps_the_exception() {
    expect(
        &after_white_5_5(),
        dice(3, 3),
        &[&[(24, 13), (18, 2)], &[(24, 13), (21, 1), (15, 1)]],
    );
}

#[test]
fn s11_ln18_blacks_4_4_after_whites_6_5_moves_two_checkers() {
    let pos = position(Color::Black, &[(24, 15)], &[(24, 14), (13, 1)]);
    expect(&pos, dice(4, 4), &[&[(24, 13), (16, 2)]]);
}

#[test]
fn s12_ln18_blacks_5_5_after_whites_5_5_gets_no_exception() {
    expect(&after_white_5_5(), dice(5, 5), &[&[(24, 14), (4, 1)]]);
}

#[test]
fn s13_ln17_ln22_second_turn_6_6_moves_one_head_checker_only() {
    let pos = position(Color::White, &[(24, 13), (18, 2)], &[(24, 13), (18, 2)]);
    expect(&pos, dice(6, 6), &[&[(24, 12), (18, 3)]]);
    assert_eq!(dice_used(&pos, dice(6, 6)), [1]);
}

#[test]
fn s14_ln14_ln17_closed_point_and_head_limit_leave_three_plays() {
    let pos = position(Color::White, &[(24, 14), (13, 1)], &[(24, 14), (20, 1)]);
    expect(
        &pos,
        dice(5, 3),
        &[
            &[(24, 13), (16, 1), (13, 1)],
            &[(24, 13), (19, 1), (10, 1)],
            &[(24, 14), (5, 1)],
        ],
    );
}

#[test]
fn s15_ln20_a_double_played_in_part() {
    let pos = position(Color::White, &[(24, 14), (13, 1)], &[(24, 14), (21, 1)]);
    expect(&pos, dice(4, 4), &[&[(24, 13), (16, 1), (13, 1)]]);
    assert_eq!(dice_used(&pos, dice(4, 4)), [2]);
}

#[test]
fn s16_ln15_ln17_every_intermediate_landing_must_be_open() {
    let pos = position(
        Color::White,
        &[(24, 14), (13, 1)],
        &[(24, 13), (20, 1), (19, 1)],
    );
    expect(&pos, dice(6, 5), &[&[(24, 13), (13, 2)]]);
}

#[test]
fn s17_ln3_black_to_move_sees_white_through_the_mapping() {
    let pos = position(
        Color::Black,
        &[(24, 14), (18, 1)],
        &[(24, 13), (2, 1), (9, 1)],
    );
    expect(
        &pos,
        dice(4, 3),
        &[
            &[(24, 13), (18, 1), (17, 1)],
            &[(24, 13), (20, 1), (15, 1)],
            &[(24, 14), (11, 1)],
        ],
    );
}

#[test]
fn s18_ln21_the_larger_die_when_only_one_die_can_be_played() {
    let pos = position(Color::White, &[(13, 1), (1, 14)], &[(24, 14), (14, 1)]);
    expect(&pos, dice(6, 5), &[&[(7, 1), (1, 14)]]);
}

#[test]
fn s19_ln21_the_only_playable_value_is_played() {
    let pos = position(
        Color::White,
        &[(13, 1), (1, 14)],
        &[(24, 13), (14, 1), (19, 1)],
    );
    expect(&pos, dice(6, 5), &[&[(8, 1), (1, 14)]]);
}

#[test]
fn s20_ln15_ln20_both_dice_through_the_open_intermediate_point() {
    let pos = position(Color::White, &[(13, 1), (1, 14)], &[(24, 14), (19, 1)]);
    expect(&pos, dice(6, 5), &[&[(2, 1), (1, 14)]]);
}

fn s21_position(black: &[(u8, u8)]) -> Nardy {
    position(
        Color::White,
        &[(24, 9), (13, 1), (11, 1), (10, 1), (9, 1), (8, 1), (7, 1)],
        black,
    )
}

#[test]
fn s21_ln24_ln25_no_play_completes_an_illegal_block() {
    let pos = s21_position(&[(24, 15)]);
    let plays = results(&pos, dice(4, 3));
    assert_eq!(plays.len(), 42);
    assert!(plays.iter().all(|s| !(6..=11).all(|p| s[p] > 0)));
    assert!(!plays.contains(&side(&[
        (24, 9),
        (11, 1),
        (10, 1),
        (9, 1),
        (8, 1),
        (7, 1),
        (6, 1)
    ])));
    assert!(plays.contains(&side(&[
        (24, 8),
        (20, 1),
        (13, 1),
        (11, 1),
        (10, 1),
        (8, 1),
        (7, 1),
        (6, 1)
    ])));
}

#[test]
fn s22_ln25_a_block_with_an_opposing_checker_in_front_is_legal() {
    let pos = s21_position(&[(24, 14), (17, 1)]);
    let plays = results(&pos, dice(4, 3));
    assert_eq!(plays.len(), 32);
    assert!(plays.contains(&side(&[
        (24, 9),
        (11, 1),
        (10, 1),
        (9, 1),
        (8, 1),
        (7, 1),
        (6, 1)
    ])));
}

fn s23_position(black: &[(u8, u8)]) -> Nardy {
    position(
        Color::White,
        &[(24, 9), (14, 1), (10, 1), (9, 1), (8, 1), (7, 1), (6, 1)],
        black,
    )
}

#[test]
fn s23_ln26_a_momentary_block_makes_the_step_illegal_but_another_order_may_be_legal() {
    let pos = s23_position(&[(24, 15)]);
    let plays = results(&pos, dice(3, 2));
    assert_eq!(plays.len(), 36);
    let through_11 = side(&[(24, 9), (10, 1), (9, 2), (8, 1), (7, 1), (6, 1)]);
    assert!(!plays.contains(&through_11));
    assert!(plays.contains(&side(&[(24, 9), (11, 1), (10, 1), (8, 1), (7, 2), (6, 1)])));
    // §9 option `endOfTurn`: only the final position is checked.
    let end_of_turn = pos.with_options(NardyOptions::END_OF_TURN_BLOCK_CHECK);
    let plays = results(&end_of_turn, dice(3, 2));
    assert_eq!(plays.len(), 37);
    assert!(plays.contains(&through_11));
}

#[test]
fn s24_ln25_ln26_the_momentary_block_is_legal_with_a_checker_in_front() {
    let pos = s23_position(&[(24, 14), (10, 1)]);
    let plays = results(&pos, dice(3, 2));
    assert_eq!(plays.len(), 32);
    assert!(plays.contains(&side(&[(24, 9), (10, 1), (9, 2), (8, 1), (7, 1), (6, 1)])));
}

#[test]
fn s25_ln24_six_points_across_the_movers_own_seam_are_a_block() {
    let pos = position(
        Color::White,
        &[(24, 10), (23, 1), (22, 1), (21, 1), (5, 1), (1, 1)],
        &[(24, 15)],
    );
    let plays = results(&pos, dice(3, 1));
    assert_eq!(plays.len(), 19);
    assert!(plays
        .iter()
        .all(|s| ![2, 1, 24, 23, 22, 21].iter().all(|&p| s[p] > 0)));
    assert!(plays.contains(&side(&[(24, 10), (22, 2), (21, 1), (2, 1), (1, 1)])));
    assert!(plays.contains(&side(&[(24, 10), (23, 1), (22, 1), (21, 1), (1, 2)])));
}

#[test]
fn s26_ln24_six_points_across_the_opponents_seam_are_not_a_block() {
    let pos = position(
        Color::White,
        &[
            (24, 9),
            (16, 1),
            (14, 1),
            (13, 1),
            (12, 1),
            (11, 1),
            (10, 1),
        ],
        &[(20, 15)],
    );
    let plays = results(&pos, dice(2, 1));
    assert_eq!(plays.len(), 35);
    assert!(plays.contains(&side(&[
        (24, 8),
        (22, 1),
        (15, 1),
        (14, 1),
        (13, 1),
        (12, 1),
        (11, 1),
        (10, 1)
    ])));
}

#[test]
fn s27_ln30_higher_dice_bear_off_from_the_highest_point() {
    let pos = position(Color::White, &[(2, 5), (1, 10)], &[(24, 15)]);
    expect(&pos, dice(6, 5), &[&[(2, 3), (1, 10)]]);
}

#[test]
fn s28_ln30_a_checker_above_the_die_must_move_inside_home_first() {
    let pos = position(Color::White, &[(5, 1), (2, 14)], &[(24, 15)]);
    expect(&pos, dice(6, 3), &[&[(2, 13)], &[(2, 14)]]);
}

fn s29_position() -> Nardy {
    position(Color::White, &[(5, 1), (1, 14)], &[(24, 14), (14, 1)])
}

#[test]
fn s29_ln30_ln20_the_order_that_uses_both_dice() {
    expect(&s29_position(), dice(4, 3), &[&[(1, 14)]]);
}

#[test]
fn s30_ln30_ln23_no_legal_step_passes_the_turn() {
    let pos = s29_position();
    assert!(pos.legal_plays(dice(3, 3)).is_empty());
    expect(&pos, dice(3, 3), &[]);
}

#[test]
fn s31_ln28_enter_home_then_bear_off() {
    let pos = position(Color::White, &[(7, 1), (1, 14)], &[(24, 15)]);
    expect(&pos, dice(6, 1), &[&[(1, 14)]]);
}

#[test]
fn s32_ln29_ln30_exact_and_higher_dice_give_two_plays() {
    let pos = position(Color::White, &[(6, 2), (5, 3), (4, 10)], &[(24, 15)]);
    expect(
        &pos,
        dice(6, 5),
        &[&[(6, 1), (5, 2), (4, 10)], &[(5, 3), (4, 10), (1, 1)]],
    );
}

#[test]
fn s33_ln30_ln31_a_double_mixes_a_move_and_bear_offs() {
    let pos = position(Color::White, &[(6, 1), (3, 2), (1, 12)], &[(24, 15)]);
    expect(&pos, dice(4, 4), &[&[(1, 12)]]);
}

fn mars() -> NardyReferee {
    NardyReferee::default()
}

fn oin() -> NardyReferee {
    NardyReferee {
        end_variant: EndVariant::Oin,
        ..NardyReferee::default()
    }
}

/// White has borne off all 15; Black (own numbering) is on roll.
fn white_finished(black: &[(u8, u8)]) -> Nardy {
    position(Color::Black, black, &[])
}

#[test]
fn s34_ln34_mars_scores_two_under_mars_and_one_under_oin() {
    let pos = white_finished(&[(24, 15)]);
    let r = mars().score(&pos, Color::White);
    assert_eq!(
        (r.winner, r.kind, r.points),
        (Some(Color::White), OutcomeKind::Mars, 2)
    );
    assert_eq!(oin().score(&pos, Color::White).points, 1);
    assert_eq!(pos.outcome().map(|o| o.kind), Some(OutcomeKind::Mars));
}

#[test]
fn s35_ln34_oin_when_the_loser_has_borne_off_a_checker() {
    let pos = white_finished(&[(3, 11)]);
    for referee in [mars(), oin()] {
        let r = referee.score(&pos, Color::White);
        assert_eq!(
            (r.winner, r.kind, r.points),
            (Some(Color::White), OutcomeKind::Oin, 1)
        );
    }
}

#[test]
fn s36_ln36_surrender_scores_from_the_current_position() {
    let zero_off = position(Color::Black, &[(24, 5), (3, 10)], &[(24, 15)]);
    let r = mars().result_for_loser(&zero_off, Color::Black);
    assert_eq!((r.winner, r.points), (Some(Color::White), 2));
    let one_off = position(Color::Black, &[(3, 14)], &[(24, 15)]);
    assert_eq!(mars().result_for_loser(&one_off, Color::Black).points, 1);
}

fn last_roll() -> NardyReferee {
    NardyReferee {
        last_roll: true,
        ..NardyReferee::default()
    }
}

#[test]
fn s37_ln37_the_last_roll_can_draw() {
    let pos = white_finished(&[(6, 1), (1, 1)]);
    assert!(last_roll().extra_turn(&pos, Color::White));
    assert!(!mars().extra_turn(&pos, Color::White));
    expect(&pos, dice(6, 1), &[&[], &[(1, 1)]]);
    let plays = pos.legal_plays(dice(6, 1));
    let draw = plays
        .iter()
        .find(|p| p.after().checkers_off()[Color::Black] == 15);
    let after = draw
        .expect("a play bears off both checkers")
        .after()
        .pass_turn();
    let r = last_roll().score(&after, Color::White);
    assert_eq!((r.winner, r.kind, r.points), (None, OutcomeKind::Draw, 0));
}

#[test]
fn s38_ln37_a_last_roll_that_cannot_finish_leaves_an_oin() {
    let pos = white_finished(&[(6, 1), (1, 1)]);
    expect(&pos, dice(4, 3), &[&[(1, 1)]]);
    let after = pos.play_unchecked(&pos.legal_plays(dice(4, 3))[0]);
    let r = last_roll().score(&after, Color::White);
    assert_eq!(
        (r.winner, r.kind, r.points),
        (Some(Color::White), OutcomeKind::Oin, 1)
    );
}

#[test]
fn s39_ln37_when_black_finishes_first_white_gets_no_extra_turn() {
    // Black bore off its 15th; White is on roll.
    let pos = position(Color::White, &[(24, 15)], &[]);
    assert!(!last_roll().extra_turn(&pos, Color::White));
    let r = last_roll().score(&pos, Color::White);
    assert_eq!((r.winner, r.points), (Some(Color::Black), 2));
}

#[test]
fn s40_ln35_koks_when_the_loser_has_no_checker_home() {
    let pos = white_finished(&[(24, 10), (13, 5)]);
    let koks = NardyReferee {
        koks: Koks::NoCheckerHome,
        ..NardyReferee::default()
    };
    let r = koks.score(&pos, Color::White);
    assert_eq!((r.kind, r.points), (OutcomeKind::Koks, 3));
    assert_eq!(mars().score(&pos, Color::White).points, 2);
    // checkerInStartQuarter: the b24 checkers qualify as well; one black checker home does
    // not stop it, but it does stop noCheckerHome.
    let quarter = NardyReferee {
        koks: Koks::CheckerInStartQuarter,
        ..NardyReferee::default()
    };
    let home = white_finished(&[(24, 14), (2, 1)]);
    assert_eq!(quarter.score(&home, Color::White).points, 3);
    assert_eq!(koks.score(&home, Color::White).points, 2);
}

#[test]
fn s43_ln37_ln33_the_class_is_decided_after_the_extra_turn() {
    let pos = white_finished(&[(6, 3), (5, 3), (4, 3), (3, 3), (2, 3)]);
    assert!(last_roll().extra_turn(&pos, Color::White));
    expect(&pos, dice(6, 6), &[&[(5, 2), (4, 3), (3, 3), (2, 3)]]);
    let after = pos.play_unchecked(&pos.legal_plays(dice(6, 6))[0]);
    assert_eq!(after.checkers_off()[Color::Black], 4);
    let r = last_roll().score(&after, Color::White);
    assert_eq!(
        (r.winner, r.kind, r.points),
        (Some(Color::White), OutcomeKind::Oin, 1)
    );
}

#[test]
fn s44_ln18_ln21_blacks_6_2_after_whites_5_5_plays_the_larger_die() {
    expect(&after_white_5_5(), dice(6, 2), &[&[(24, 14), (18, 1)]]);
}
