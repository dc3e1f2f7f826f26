//! The test scenarios of spec §13 that concern positions, legal plays, scoring and IDs:
//! T01–T30 (checker play), C15–C18 (SCORE-1) and C32 (ID-3).
//!
//! Positions are built from the table's X and O columns (X on roll; O listed in X's numbering,
//! so O's own point is `25 - p`), the PosID column is checked against our Position ID, and the
//! expected plays are compared by resulting position, never by text: each expected text is
//! applied to the board by a small reader written here from NOT-1 (a segment `a/b/c*` moves one
//! checker from `a` to `c` and hits the blots on the points marked `*`; `(n)` repeats a
//! segment), so these tests do not depend on the notation module.

use gammon_core::PositionId;
use std::collections::HashSet;

use gammon_core::position_id;
use gammon_core::{Backgammon, Color, Dice, OutcomeKind, Position, Setup, Variant};
use gammon_core::{SETUP_BAR, SETUP_OFF};

/// Checkers of one side as (point, count) pairs.
type Side = &'static [(u8, u8)];

const X: Color = Color::White;
const START: Side = &[(24, 2), (13, 5), (8, 3), (6, 5)];
/// O's start in X's numbering.
const O_START: Side = &[(19, 5), (17, 3), (12, 5), (1, 2)];
const BAR: u8 = 25;

/// One row of the §13.1 table.
struct Row {
    id: &'static str,
    rules: &'static str,
    x: Side,
    /// O's checkers in X's numbering (25 = O's bar).
    o: Side,
    dice: (u8, u8),
    pos_id: &'static str,
    plays: usize,
    expected: &'static [&'static str],
    /// True when `expected` lists every legal play, false when it lists some ("includes").
    complete: bool,
}

#[rustfmt::skip]
const T: &[Row] = &[
    Row { id: "T01", rules: "BG-7, MOVE-9", x: START, o: O_START, dice: (3, 1), pos_id: "4HPwATDgc/ABMA", plays: 16,
          expected: &["8/5 6/5", "24/20", "13/9", "24/23 13/10"], complete: false },
    Row { id: "T02", rules: "MOVE-3", x: START, o: O_START, dice: (6, 5), pos_id: "4HPwATDgc/ABMA", plays: 7,
          expected: &["13/2", "13/8 13/7", "13/7 8/3", "24/13", "24/18 13/8", "24/18 8/3", "8/3 8/2"], complete: true },
    Row { id: "T03", rules: "BG-13, MOVE-4", x: START, o: O_START, dice: (6, 6), pos_id: "4HPwATDgc/ABMA", plays: 11,
          expected: &["24/18(2) 13/7(2)", "13/7(2) 8/2(2)", "13/7(4)"], complete: false },
    Row { id: "T04", rules: "MOVE-4, MOVE-9", x: START, o: O_START, dice: (1, 1), pos_id: "4HPwATDgc/ABMA", plays: 42,
          expected: &["8/7(2) 6/5(2)", "24/22(2)", "24/20"], complete: false },
    Row { id: "T05", rules: "MOVE-3, MOVE-7", x: &[(24, 1), (6, 14)], o: &[(21, 2), (18, 2), (15, 2)], dice: (6, 3),
          pos_id: "GGMAAPD/AwAQAA", plays: 1, expected: &["6/3"], complete: true },
    Row { id: "T06", rules: "MOVE-2, MOVE-5", x: &[(24, 1), (6, 14)], o: &[(20, 1), (7, 2)], dice: (4, 3),
          pos_id: "EAAMAP5/AAACAA", plays: 5,
          expected: &["24/17", "24/20*/17", "24/20* 6/3", "24/21 6/2", "6/3 6/2"], complete: true },
    Row { id: "T07", rules: "MOVE-6 (order)", x: &[(13, 1), (1, 14)], o: &[(7, 2)], dice: (6, 5),
          pos_id: "AAAG+P8BIAAAAA", plays: 1, expected: &["13/2"], complete: true },
    Row { id: "T08", rules: "MOVE-7 larger", x: &[(13, 1), (1, 14)], o: &[(2, 2)], dice: (6, 5),
          pos_id: "AADA+P8BIAAAAA", plays: 1, expected: &["13/7"], complete: true },
    Row { id: "T09", rules: "MOVE-7 smaller", x: &[(13, 1), (1, 14)], o: &[(2, 2), (7, 2)], dice: (6, 5),
          pos_id: "AAAG4/8HgAAAAA", plays: 1, expected: &["13/8"], complete: true },
    Row { id: "T10", rules: "MOVE-6 doubles partial", x: &[(13, 1), (1, 14)], o: &[(5, 2)], dice: (4, 4),
          pos_id: "AAAY+P8BIAAAAA", plays: 1, expected: &["13/9"], complete: true },
    Row { id: "T11", rules: "BAR-2, BAR-5", x: &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
          o: &[(20, 3), (19, 2), (17, 3), (12, 5), (1, 2)], dice: (6, 4), pos_id: "cHPwATDgc/ABUA", plays: 4,
          expected: &["bar/15", "bar/21 24/18", "bar/21 13/7", "bar/21 8/2"], complete: true },
    // T12 as printed gives X a checker on X's 24, where O has two (O's 1): both players on one
    // point, which BG-6 forbids (see `t12_t16_as_printed_break_bg6`). Here X's 24 checker is on
    // X's 13 instead; the PosID is gnubg_nn's for that board, which gnubg_nn.moves also finds
    // closed for every roll.
    Row { id: "T12", rules: "BAR-4 closed board", x: &[(BAR, 1), (13, 6), (8, 3), (6, 5)],
          o: &[(19, 3), (20, 3), (21, 3), (22, 2), (23, 2), (24, 2)], dice: (6, 4), pos_id: "2+4OAADgc/ADQA",
          plays: 0, expected: &[], complete: true },
    Row { id: "T13", rules: "BAR-3", x: &[(BAR, 2), (13, 5), (8, 3), (6, 5)],
          o: &[(19, 2), (20, 2), (22, 2), (23, 2), (24, 2), (12, 5)], dice: (6, 4), pos_id: "22zABwDgc/ABYA",
          plays: 1, expected: &["bar/21"], complete: true },
    Row { id: "T14", rules: "BAR-5 doubles", x: &[(BAR, 2), (13, 5), (8, 3), (6, 5)],
          o: &[(19, 2), (20, 2), (21, 2), (23, 2), (24, 2), (12, 5)], dice: (3, 3), pos_id: "m23ABwDgc/ABYA",
          plays: 8, expected: &["bar/22(2) 13/7", "bar/22(2) 6/3(2)"], complete: false },
    Row { id: "T15", rules: "BAR-2 hit on entry", x: &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
          o: &[(22, 1), (19, 4), (17, 3), (12, 5), (1, 2)], dice: (3, 1), pos_id: "xHPwATDgc/ABUA", plays: 8,
          expected: &["bar/21", "bar/22* 24/23", "bar/22* 6/5", "bar/22* 8/7", "bar/22*/21", "bar/24 13/10",
                      "bar/24 6/3", "bar/24 8/5"], complete: true },
    // T16 as printed has X's two checkers on X's 1-point under O's two back checkers (BG-6,
    // see `t12_t16_as_printed_break_bg6`). Here they sit on X's 2 instead, which keeps 5/1
    // blocked and the two plays of the table; PosID and plays checked with gnubg_nn.moves.
    Row { id: "T16", rules: "OFF-2", x: &[(6, 3), (5, 3), (4, 3), (3, 2), (2, 4)], o: O_START, dice: (6, 4),
          pos_id: "4HPwATDe7g4AAA", plays: 2, expected: &["6/off 4/off", "6/2 6/off"], complete: true },
    Row { id: "T17", rules: "OFF-3", x: &[(3, 1), (2, 2), (1, 2)], o: &[(19, 5), (17, 3), (12, 5)], dice: (6, 5),
          pos_id: "4HPwAcAWAAAAAA", plays: 1, expected: &["3/off 2/off"], complete: true },
    Row { id: "T18", rules: "OFF-4", x: &[(6, 2), (5, 2)], o: &[(19, 5), (17, 3), (12, 5)], dice: (2, 1),
          pos_id: "4HPwAQBsAAAAAA", plays: 5, expected: &["5/2", "5/4 5/3", "6/3", "6/4 5/4", "6/5 6/4"],
          complete: true },
    Row { id: "T19", rules: "OFF-1 re-evaluated", x: &[(7, 1), (3, 1), (2, 13)], o: &[(19, 5), (17, 3), (12, 5)],
          dice: (6, 4), pos_id: "4HPwAYD/LwQAAA", plays: 2, expected: &["7/1 3/off", "7/off"], complete: true },
    Row { id: "T20", rules: "OFF-6, BAR-1", x: &[(BAR, 1), (6, 4), (5, 5), (4, 5)], o: &[(20, 2), (1, 2), (12, 11)],
          dice: (6, 5), pos_id: "MMD/ATD4vgcAQA", plays: 1, expected: &["bar/14"], complete: true },
    Row { id: "T21", rules: "OFF-5", x: &[(6, 1), (1, 1)], o: &[(19, 5), (17, 3), (12, 5)], dice: (6, 5),
          pos_id: "4HPwAUAQAAAAAA", plays: 2, expected: &["6/off 1/off", "6/off"], complete: true },
    Row { id: "T22", rules: "OFF-5, BG-14", x: &[(2, 1), (1, 1)], o: &[(19, 5), (17, 3), (12, 5)], dice: (6, 6),
          pos_id: "4HPwAUABAAAAAA", plays: 1, expected: &["2/off 1/off"], complete: true },
    Row { id: "T23", rules: "OFF-4 (not obliged)", x: &[(6, 1), (4, 1)], o: &[(19, 5), (17, 3), (12, 5)],
          dice: (4, 2), pos_id: "4HPwAQASAAAAAA", plays: 2, expected: &["6/2 4/2", "6/off"], complete: true },
    Row { id: "T24", rules: "OFF-3/OFF-4", x: &[(6, 1), (3, 1)], o: &[(19, 5), (17, 3), (12, 5)], dice: (5, 1),
          pos_id: "4HPwAQARAAAAAA", plays: 2, expected: &["6/1 3/2", "6/off"], complete: true },
    Row { id: "T25", rules: "OFF-4 + blocks", x: &[(6, 1), (2, 1)], o: &[(4, 2), (12, 13)], dice: (4, 2),
          pos_id: "APD/AQZCAAAAAA", plays: 1, expected: &["6/off"], complete: true },
    Row { id: "T26", rules: "MOVE-5 double hit", x: &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
          o: &[(21, 1), (19, 1), (18, 4), (17, 3), (12, 5), (1, 1)], dice: (4, 2), pos_id: "SO/gAyDgc/ABUA",
          plays: 10, expected: &["bar/21*/19*", "bar/19*"], complete: false },
    Row { id: "T27", rules: "MOVE-8", x: &[(24, 2), (6, 13)],
          o: &[(18, 2), (19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (12, 3)], dice: (6, 6),
          pos_id: "tm0DBwDg/wMAMA", plays: 0, expected: &[], complete: true },
    Row { id: "T28", rules: "MOVE-6 (only one order)", x: &[(24, 2), (6, 13)],
          o: &[(18, 2), (19, 2), (20, 2), (21, 2), (22, 2), (12, 5)], dice: (6, 1), pos_id: "bNvABwDg/wMAMA",
          plays: 1, expected: &["24/17"], complete: true },
    Row { id: "T29", rules: "OFF-5 doubles", x: &[(6, 1), (3, 2)], o: &[(12, 15)], dice: (3, 3),
          pos_id: "APD/BwCMAAAAAA", plays: 1, expected: &["6/off 3/off(2)"], complete: true },
    Row { id: "T30", rules: "BG-10", x: START, o: O_START, dice: (2, 1), pos_id: "4HPwATDgc/ABMA", plays: 15,
          expected: &["13/11 6/5", "24/23 13/11"], complete: false },
];

/// The setup of a row: X (White) on roll, O (Black) converted to its own numbering.
fn setup(x: &[(u8, u8)], o_in_x_numbering: &[(u8, u8)]) -> Setup {
    let o: Vec<(u8, u8)> = o_in_x_numbering
        .iter()
        .map(|&(p, n)| (if p == BAR { BAR } else { 25 - p }, n))
        .collect();
    Setup::from_points(Variant::Backgammon, X, x, &o)
}

fn position(row: &Row) -> Backgammon {
    Backgammon::from_setup(&setup(row.x, row.o)).unwrap_or_else(|e| panic!("{}: {e}", row.id))
}

/// Reads a point of a play text: 1..=24, `bar` (25) or `off` (0), with an optional `*`.
fn point(text: &str) -> (u8, bool) {
    let (name, hit) = match text.strip_suffix('*') {
        Some(name) => (name, true),
        None => (text, false),
    };
    let p = match name {
        "bar" => BAR,
        "off" => 0,
        n => n.parse().unwrap_or_else(|_| panic!("bad point {text:?}")),
    };
    (p, hit)
}

/// Applies a play text to a setup (X moving) the way NOT-1 reads it: each segment moves one
/// checker from its first to its last point and hits the blots on the points marked `*`.
fn apply_text(mut s: Setup, text: &str) -> Setup {
    for segment in text.split_whitespace() {
        let (path, times) = match segment.split_once('(') {
            Some((path, n)) => (path, n.trim_end_matches(')').parse::<usize>().unwrap()),
            None => (segment, 1),
        };
        let points: Vec<(u8, bool)> = path.split('/').map(point).collect();
        for _ in 0..times {
            let from = points[0].0;
            let to = points[points.len() - 1].0;
            assert!(
                s.board[X][from as usize] > 0,
                "{text:?}: no checker on {from}"
            );
            s.board[X][from as usize] -= 1;
            s.board[X][if to == 0 { SETUP_OFF } else { to as usize }] += 1;
            for &(p, hit) in &points[1..] {
                if hit {
                    let theirs = 25 - p as usize;
                    assert_eq!(s.board[!X][theirs], 1, "{text:?}: no blot on {p}");
                    s.board[!X][theirs] = 0;
                    s.board[!X][SETUP_BAR] += 1;
                }
            }
        }
    }
    s
}

#[test]
fn t01_to_t30_checker_play_scenarios() {
    assert_eq!(T.len(), 30);
    for row in T {
        let pos = position(row);
        let ctx = format!("{} ({})", row.id, row.rules);
        assert_eq!(position_id(&pos), row.pos_id, "{ctx}: Position ID (ID-2)");
        let dice = Dice::new(row.dice.0, row.dice.1).unwrap();
        let plays = pos.legal_plays(dice);
        assert_eq!(
            plays.len(),
            row.plays,
            "{ctx}: number of distinct plays (MOVE-9)"
        );
        let got: HashSet<Backgammon> = plays.iter().map(|p| *p.after()).collect();
        assert_eq!(
            got.len(),
            plays.len(),
            "{ctx}: a resulting position is listed twice"
        );
        let mut expected = HashSet::new();
        for text in row.expected {
            let s = apply_text(setup(row.x, row.o), text);
            let want = Backgammon::from_setup(&s).unwrap_or_else(|e| panic!("{ctx} {text:?}: {e}"));
            assert!(
                got.contains(&want),
                "{ctx}: {text:?} is not among the legal plays"
            );
            assert!(expected.insert(want), "{ctx}: {text:?} is listed twice");
        }
        if row.complete {
            assert_eq!(
                got, expected,
                "{ctx}: the legal plays are exactly the expected ones"
            );
        }
    }
}

/// T14 (BAR-5): with two on the bar and 3-3, every play enters both checkers on 22 first.
#[test]
fn t14_every_play_enters_both_bar_checkers() {
    let row = T.iter().find(|r| r.id == "T14").unwrap();
    let plays = position(row).legal_plays(Dice::new(3, 3).unwrap());
    assert_eq!(plays.len(), 8);
    for play in plays.iter() {
        let entering = play.moves().iter().filter(|m| m.from == BAR).count();
        assert_eq!(entering, 2, "T14: {:?}", play.moves());
        assert!(play.moves()[..2]
            .iter()
            .all(|m| m.from == BAR && m.to == 22));
        assert_eq!(play.dice_used(), 4);
    }
}

/// T12 and T16 as the spec prints them put both players on one point, which BG-6 forbids:
/// T12 (PosID 2+4OAADgc/ABUA) has X's back checker on X's 24 under O's point there, T16
/// (PosID 4HPwATDb7g4AAA) has X's two checkers on X's 1 under O's two back checkers.
/// Validation rejects both boards, and so does the Position ID decoder (ID-2: "a decoder MUST
/// reject IDs ... where both players occupy one point").
#[test]
fn t12_t16_as_printed_break_bg6() {
    let printed: [(&str, Side, Side); 2] = [
        (
            "2+4OAADgc/ABUA",
            &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
            &[(19, 3), (20, 3), (21, 3), (22, 2), (23, 2), (24, 2)],
        ),
        (
            "4HPwATDb7g4AAA",
            &[(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)],
            O_START,
        ),
    ];
    for (id, x, o) in printed {
        let err = Backgammon::from_setup(&setup(x, o)).unwrap_err();
        assert_eq!(
            err.problems,
            gammon_core::SetupProblems::SHARED_POINT,
            "{id}"
        );
        assert!(
            Backgammon::from_id(id, Variant::Backgammon, X).is_err(),
            "{id}"
        );
    }
}

/// T12 (BAR-4): with all six entry points closed no roll can be played.
#[test]
fn t12_a_closed_board_allows_no_roll() {
    let row = T.iter().find(|r| r.id == "T12").unwrap();
    let pos = position(row);
    for dice in Dice::ALL_21 {
        assert!(pos.legal_plays(dice).is_empty(), "T12 {dice}");
    }
}

/// T12, T27 (BAR-4, MOVE-8): no legal play is an empty list, and passing keeps the board.
#[test]
fn t12_t27_no_legal_play_is_an_empty_list() {
    for id in ["T12", "T27"] {
        let row = T.iter().find(|r| r.id == id).unwrap();
        let pos = position(row);
        assert!(pos
            .legal_plays(Dice::new(row.dice.0, row.dice.1).unwrap())
            .is_empty());
        assert_eq!(pos.pass_turn().pass_turn(), pos, "{id}");
        assert_eq!(pos.pass_turn().turn(), Color::Black, "{id}");
    }
}

/// T22 (OFF-5, BG-14, SCORE-1): the only play bears off the last two checkers and ends the
/// game; O has two checkers off, so X wins a single.
#[test]
fn t22_the_last_checker_off_ends_the_game_with_a_single() {
    let row = T.iter().find(|r| r.id == "T22").unwrap();
    let pos = position(row);
    assert!(!pos.is_game_over());
    let plays = pos.legal_plays(Dice::new(6, 6).unwrap());
    assert_eq!(
        plays[0].dice_used(),
        2,
        "BG-14: the remaining steps are not played"
    );
    let after = pos.play_unchecked(&plays[0]);
    let outcome = after.outcome().expect("game over");
    assert_eq!(outcome.winner, X);
    assert_eq!(outcome.kind, OutcomeKind::Single);
    assert_eq!(outcome.points(), 1);
    for dice in Dice::ALL_21 {
        assert!(
            after.legal_plays(dice).is_empty(),
            "no play after the game ends"
        );
    }
}

/// A finished game: X has borne off all 15; O's checkers are given in O's own numbering.
fn finished(o_own: &[(u8, u8)]) -> Backgammon {
    let s = Setup::from_points(Variant::Backgammon, Color::Black, &[], o_own);
    Backgammon::from_setup(&s).unwrap()
}

fn check_score(id: &str, o_own: &[(u8, u8)], kind: OutcomeKind, points: u8) {
    let pos = finished(o_own);
    for p in [pos, pos.pass_turn()] {
        let o = p
            .outcome()
            .unwrap_or_else(|| panic!("{id}: game over (SCORE-1)"));
        assert_eq!(
            (o.winner, o.kind, o.points()),
            (X, kind, points),
            "{id} (SCORE-1)"
        );
        assert!(p.is_game_over());
    }
}

/// C15 (SCORE-1): O has borne off nothing and has no checker in X's home or on the bar: gammon.
#[test]
fn c15_no_checker_off_and_none_back_is_a_gammon() {
    check_score(
        "C15",
        &[(6, 5), (8, 3), (13, 5), (18, 2)],
        OutcomeKind::Gammon,
        2,
    );
}

/// C16 (SCORE-1): O has borne off nothing and has a checker on O's 22 (X's 3): backgammon.
#[test]
fn c16_a_checker_in_the_winners_home_is_a_backgammon() {
    check_score(
        "C16",
        &[(6, 5), (8, 3), (13, 6), (22, 1)],
        OutcomeKind::Backgammon,
        3,
    );
}

/// C17 (SCORE-1): O has borne off nothing and has a checker on the bar: backgammon.
#[test]
fn c17_a_checker_on_the_bar_is_a_backgammon() {
    check_score(
        "C17",
        &[(6, 5), (8, 3), (13, 6), (25, 1)],
        OutcomeKind::Backgammon,
        3,
    );
}

/// C18 (SCORE-1): one O checker off, even with one still on X's 2 (O's 23): single.
#[test]
fn c18_one_checker_off_is_a_single_even_with_one_back() {
    check_score(
        "C18",
        &[(6, 5), (8, 3), (13, 5), (23, 1)],
        OutcomeKind::Single,
        1,
    );
}

/// SCORE-1: a game in progress has no outcome.
#[test]
fn score1_no_outcome_while_both_sides_have_checkers() {
    let start = Backgammon::start(Variant::Backgammon, X).unwrap();
    assert_eq!(start.outcome(), None);
    assert!(!start.is_game_over());
}

/// C32 (ID-3): the start position encodes as 4HPwATDgc/ABMA, with the key bytes of ID-3; the
/// second example (8/5 6/5 played, the other side on roll) is sGfwATDgc/ABMA and the third
/// decodes to the boards the spec lists.
#[test]
fn c32_id3_worked_examples() {
    let start = Backgammon::start(Variant::Backgammon, X).unwrap();
    assert_eq!(position_id(&start), "4HPwATDgc/ABMA");
    assert_eq!(start.id(), "4HPwATDgc/ABMA");
    assert_eq!(
        gammon_core::position_key(&start),
        [0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30]
    );
    assert_eq!(
        Backgammon::from_id("4HPwATDgc/ABMA", Variant::Backgammon, X).unwrap(),
        start
    );

    let after = Backgammon::from_setup(&apply_text(setup(START, O_START), "8/5 6/5"))
        .unwrap()
        .pass_turn();
    assert_eq!(after.id(), "sGfwATDgc/ABMA");
    let plays = start.legal_plays(Dice::new(3, 1).unwrap());
    assert!(plays.iter().any(|p| start.play_unchecked(p) == after));

    let third = Backgammon::from_id("yOeDATDsnIMBMA", Variant::Backgammon, X).unwrap();
    let s = third.to_setup();
    let expect = |list: &[(u8, u8)]| {
        let mut side = [0u8; 26];
        for &(p, n) in list {
            side[p as usize] = n;
        }
        side[SETUP_OFF] = 15 - list.iter().map(|&(_, n)| n).sum::<u8>();
        side
    };
    assert_eq!(
        s.board[!X],
        expect(&[(4, 1), (6, 5), (8, 5), (13, 2), (24, 2)])
    );
    assert_eq!(
        s.board[X],
        expect(&[(3, 2), (4, 3), (6, 3), (8, 3), (13, 2), (24, 2)])
    );
}
