"""Spec §13 scenarios through the Python API: T01-T30, C15-C18 (SCORE-1) and C32 (ID-3).

The twin of rust/gammon-core/tests/scenarios.rs. Positions come from the table's X and O
columns (X = White on roll; O listed in X's numbering, so O's own point is 25 - p), the PosID
column is checked against ``Position.id``, and the expected plays are compared by resulting
position: each text is applied to the board by ``apply_text`` below (NOT-1 read directly: a
segment moves one checker from its first to its last point and hits on the points marked
``*``; ``(n)`` repeats it), so nothing here depends on gammon's notation parser.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

import gammon

Side = dict[int, int]  # point -> checkers; 25 = bar, 0 = off

START: Side = {24: 2, 13: 5, 8: 3, 6: 5}
O_START: Side = {19: 5, 17: 3, 12: 5, 1: 2}  # in X's numbering
O_13: Side = {19: 5, 17: 3, 12: 5}  # 13 checkers, 2 off
BAR = 25


class Row(NamedTuple):
    rules: str
    x: Side
    o: Side  # in X's numbering
    dice: tuple[int, int]
    pos_id: str
    plays: int
    expected: tuple[str, ...]
    complete: bool  # False: the table says "includes"


T: dict[str, Row] = {
    "T01": Row("BG-7, MOVE-9", START, O_START, (3, 1), "4HPwATDgc/ABMA", 16,
               ("8/5 6/5", "24/20", "13/9", "24/23 13/10"), False),
    "T02": Row("MOVE-3", START, O_START, (6, 5), "4HPwATDgc/ABMA", 7,
               ("13/2", "13/8 13/7", "13/7 8/3", "24/13", "24/18 13/8", "24/18 8/3", "8/3 8/2"),
               True),
    "T03": Row("BG-13, MOVE-4", START, O_START, (6, 6), "4HPwATDgc/ABMA", 11,
               ("24/18(2) 13/7(2)", "13/7(2) 8/2(2)", "13/7(4)"), False),
    "T04": Row("MOVE-4, MOVE-9", START, O_START, (1, 1), "4HPwATDgc/ABMA", 42,
               ("8/7(2) 6/5(2)", "24/22(2)", "24/20"), False),
    "T05": Row("MOVE-3, MOVE-7", {24: 1, 6: 14}, {21: 2, 18: 2, 15: 2}, (6, 3),
               "GGMAAPD/AwAQAA", 1, ("6/3",), True),
    "T06": Row("MOVE-2, MOVE-5", {24: 1, 6: 14}, {20: 1, 7: 2}, (4, 3), "EAAMAP5/AAACAA", 5,
               ("24/17", "24/20*/17", "24/20* 6/3", "24/21 6/2", "6/3 6/2"), True),
    "T07": Row("MOVE-6 (order)", {13: 1, 1: 14}, {7: 2}, (6, 5), "AAAG+P8BIAAAAA", 1,
               ("13/2",), True),
    "T08": Row("MOVE-7 larger", {13: 1, 1: 14}, {2: 2}, (6, 5), "AADA+P8BIAAAAA", 1,
               ("13/7",), True),
    "T09": Row("MOVE-7 smaller", {13: 1, 1: 14}, {2: 2, 7: 2}, (6, 5), "AAAG4/8HgAAAAA", 1,
               ("13/8",), True),
    "T10": Row("MOVE-6 doubles partial", {13: 1, 1: 14}, {5: 2}, (4, 4), "AAAY+P8BIAAAAA", 1,
               ("13/9",), True),
    "T11": Row("BAR-2, BAR-5", {BAR: 1, 24: 1, 13: 5, 8: 3, 6: 5},
               {20: 3, 19: 2, 17: 3, 12: 5, 1: 2}, (6, 4), "cHPwATDgc/ABUA", 4,
               ("bar/15", "bar/21 24/18", "bar/21 13/7", "bar/21 8/2"), True),
    # T12 as printed puts X's back checker on X's 24 under O's point (BG-6; see
    # test_t12_t16_as_printed_break_bg6); here it is on X's 13. PosID from gnubg_nn.
    "T12": Row("BAR-4 closed board", {BAR: 1, 13: 6, 8: 3, 6: 5},
               {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2}, (6, 4), "2+4OAADgc/ADQA", 0, (), True),
    "T13": Row("BAR-3", {BAR: 2, 13: 5, 8: 3, 6: 5}, {19: 2, 20: 2, 22: 2, 23: 2, 24: 2, 12: 5},
               (6, 4), "22zABwDgc/ABYA", 1, ("bar/21",), True),
    "T14": Row("BAR-5 doubles", {BAR: 2, 13: 5, 8: 3, 6: 5},
               {19: 2, 20: 2, 21: 2, 23: 2, 24: 2, 12: 5}, (3, 3), "m23ABwDgc/ABYA", 8,
               ("bar/22(2) 13/7", "bar/22(2) 6/3(2)"), False),
    "T15": Row("BAR-2 hit on entry", {BAR: 1, 24: 1, 13: 5, 8: 3, 6: 5},
               {22: 1, 19: 4, 17: 3, 12: 5, 1: 2}, (3, 1), "xHPwATDgc/ABUA", 8,
               ("bar/21", "bar/22* 24/23", "bar/22* 6/5", "bar/22* 8/7", "bar/22*/21",
                "bar/24 13/10", "bar/24 6/3", "bar/24 8/5"), True),
    # T16 as printed puts X's two checkers on X's 1 under O's back checkers (BG-6); here they
    # are on X's 2, which keeps 5/1 blocked. PosID and plays from gnubg_nn.
    "T16": Row("OFF-2", {6: 3, 5: 3, 4: 3, 3: 2, 2: 4}, O_START, (6, 4), "4HPwATDe7g4AAA", 2,
               ("6/off 4/off", "6/2 6/off"), True),
    "T17": Row("OFF-3", {3: 1, 2: 2, 1: 2}, O_13, (6, 5), "4HPwAcAWAAAAAA", 1,
               ("3/off 2/off",), True),
    "T18": Row("OFF-4", {6: 2, 5: 2}, O_13, (2, 1), "4HPwAQBsAAAAAA", 5,
               ("5/2", "5/4 5/3", "6/3", "6/4 5/4", "6/5 6/4"), True),
    "T19": Row("OFF-1 re-evaluated", {7: 1, 3: 1, 2: 13}, O_13, (6, 4), "4HPwAYD/LwQAAA", 2,
               ("7/1 3/off", "7/off"), True),
    "T20": Row("OFF-6, BAR-1", {BAR: 1, 6: 4, 5: 5, 4: 5}, {20: 2, 1: 2, 12: 11}, (6, 5),
               "MMD/ATD4vgcAQA", 1, ("bar/14",), True),
    "T21": Row("OFF-5", {6: 1, 1: 1}, O_13, (6, 5), "4HPwAUAQAAAAAA", 2,
               ("6/off 1/off", "6/off"), True),
    "T22": Row("OFF-5, BG-14", {2: 1, 1: 1}, O_13, (6, 6), "4HPwAUABAAAAAA", 1,
               ("2/off 1/off",), True),
    "T23": Row("OFF-4 (not obliged)", {6: 1, 4: 1}, O_13, (4, 2), "4HPwAQASAAAAAA", 2,
               ("6/2 4/2", "6/off"), True),
    "T24": Row("OFF-3/OFF-4", {6: 1, 3: 1}, O_13, (5, 1), "4HPwAQARAAAAAA", 2,
               ("6/1 3/2", "6/off"), True),
    "T25": Row("OFF-4 + blocks", {6: 1, 2: 1}, {4: 2, 12: 13}, (4, 2), "APD/AQZCAAAAAA", 1,
               ("6/off",), True),
    "T26": Row("MOVE-5 double hit", {BAR: 1, 24: 1, 13: 5, 8: 3, 6: 5},
               {21: 1, 19: 1, 18: 4, 17: 3, 12: 5, 1: 1}, (4, 2), "SO/gAyDgc/ABUA", 10,
               ("bar/21*/19*", "bar/19*"), False),
    "T27": Row("MOVE-8", {24: 2, 6: 13}, {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 12: 3},
               (6, 6), "tm0DBwDg/wMAMA", 0, (), True),
    "T28": Row("MOVE-6 (only one order)", {24: 2, 6: 13},
               {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 12: 5}, (6, 1), "bNvABwDg/wMAMA", 1,
               ("24/17",), True),
    "T29": Row("OFF-5 doubles", {6: 1, 3: 2}, {12: 15}, (3, 3), "APD/BwCMAAAAAA", 1,
               ("6/off 3/off(2)",), True),
    "T30": Row("BG-10", START, O_START, (2, 1), "4HPwATDgc/ABMA", 15,
               ("13/11 6/5", "24/23 13/11"), False),
}  # fmt: skip


def own(o_in_x_numbering: Side) -> Side:
    """O's checkers in O's own numbering."""
    return {(p if p == BAR else 25 - p): n for p, n in o_in_x_numbering.items()}


def position(x: Side, o: Side, turn: str = "white") -> gammon.Position:
    return gammon.Position.from_checkers(x, own(o), turn=turn)


def read_point(text: str) -> tuple[int, bool]:
    name = text.rstrip("*")
    point = {"bar": BAR, "off": 0}[name] if name in ("bar", "off") else int(name)
    return point, text.endswith("*")


def apply_text(x: Side, o: Side, text: str) -> tuple[Side, Side]:
    """The board after X plays ``text`` (both sides in X's numbering; checkers off dropped)."""
    x, o = dict(x), dict(o)
    for segment in text.split():
        path, _, times = segment.partition("(")
        points = [read_point(p) for p in path.split("/")]
        for _ in range(int(times.rstrip(")") or 1)):
            src, dst = points[0][0], points[-1][0]
            assert x.get(src, 0) > 0, f"{text}: no checker on {src}"
            x[src] -= 1
            if dst:
                x[dst] = x.get(dst, 0) + 1
            for p, hit in points[1:]:
                if hit:
                    assert o.get(p) == 1, f"{text}: no blot on {p}"
                    o[p] = 0
                    o[BAR] = o.get(BAR, 0) + 1
    return x, o


@pytest.mark.parametrize("tid", sorted(T))
def test_checker_play_scenario(tid: str) -> None:
    row = T[tid]
    pos = position(row.x, row.o)
    assert pos.id == row.pos_id, f"{tid} ({row.rules}): Position ID (ID-2)"
    plays = pos.legal_plays(row.dice)
    assert len(plays) == row.plays, f"{tid} ({row.rules}): distinct plays (MOVE-9)"
    got = {play.after for play in plays}
    assert len(got) == len(plays), f"{tid}: a resulting position is listed twice"
    expected = set()
    for text in row.expected:
        after = position(*apply_text(row.x, row.o, text), turn="black")
        assert after in got, f"{tid} ({row.rules}): {text!r} is not a legal play"
        expected.add(after)
    assert len(expected) == len(row.expected)
    if row.complete:
        assert got == expected, f"{tid} ({row.rules}): the legal plays are exactly these"


def test_table_has_thirty_rows() -> None:
    assert sorted(T) == [f"T{i:02}" for i in range(1, 31)]


def test_t12_t16_as_printed_break_bg6() -> None:
    # BG-6, ID-2: T12 and T16 as the spec prints them put both players on one point; the
    # constructor and the ID decoder reject them.
    printed = [
        ("2+4OAADgc/ABUA", {BAR: 1, 24: 1, 13: 5, 8: 3, 6: 5},
         {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2}),
        ("4HPwATDb7g4AAA", {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, O_START),
    ]  # fmt: skip
    for pid, x, o in printed:
        with pytest.raises(gammon.InvalidPositionError):
            position(x, o)
        with pytest.raises(gammon.InvalidPositionError):
            gammon.Position.from_id(pid)


def test_t12_a_closed_board_allows_no_roll() -> None:
    # BAR-4, MOVE-8: an empty list for every roll; the empty text passes the turn.
    row = T["T12"]
    pos = position(row.x, row.o)
    for hi in range(1, 7):
        for lo in range(1, hi + 1):
            assert len(pos.legal_plays((hi, lo))) == 0
    assert pos.play("", dice=(6, 4)) == pos.pass_turn()


def test_t14_every_play_enters_both_bar_checkers_first() -> None:
    # BAR-1, BAR-5
    row = T["T14"]
    for play in position(row.x, row.o).legal_plays(row.dice):
        first_two = [(m.from_point, m.to_point) for m in play.moves[:2]]
        assert first_two == [(25, 22), (25, 22)]
        assert play.dice_used == 4


def test_t22_bearing_off_the_last_checker_ends_the_game_with_a_single() -> None:
    # OFF-5, BG-14, SCORE-1: O has two checkers off.
    row = T["T22"]
    (play,) = position(row.x, row.o).legal_plays(row.dice)
    assert play.dice_used == 2
    outcome = play.after.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.kind, outcome.points) == (gammon.Color.WHITE, "single", 1)
    assert play.after.is_game_over()


@pytest.mark.parametrize(
    ("cid", "o_own", "kind", "points"),
    [
        ("C15", {6: 5, 8: 3, 13: 5, 18: 2}, "gammon", 2),
        ("C16", {6: 5, 8: 3, 13: 6, 22: 1}, "backgammon", 3),
        ("C17", {6: 5, 8: 3, 13: 6, "bar": 1}, "backgammon", 3),
        ("C18", {6: 5, 8: 3, 13: 5, 23: 1}, "single", 1),
    ],
)
def test_score1_result_of_a_finished_game(
    cid: str, o_own: dict[int | str, int], kind: str, points: int
) -> None:
    # SCORE-1: X (White) has borne off all 15; O's checkers in O's numbering.
    for turn in ("white", "black"):
        pos = gammon.Position.from_checkers({}, o_own, turn=turn)
        outcome = pos.outcome()
        assert outcome is not None, cid
        assert (outcome.winner, outcome.kind, outcome.points) == (gammon.Color.WHITE, kind, points)
        assert pos.checkers_off()[0] == 15  # (white, black)


def test_score1_no_outcome_during_a_game() -> None:
    assert gammon.Position.start().outcome() is None
    assert not gammon.Position.start().is_game_over()


def test_c32_id3_worked_examples() -> None:
    # ID-3: the start, the position after 8/5 6/5 (other side on roll), the third example.
    start = gammon.Position.start()
    assert start.id == "4HPwATDgc/ABMA"
    assert gammon.Position.from_id("4HPwATDgc/ABMA") == start
    x, o = apply_text(START, O_START, "8/5 6/5")
    after = position(x, o, turn="black")
    assert after.id == "sGfwATDgc/ABMA"
    assert after in {play.after for play in start.legal_plays((3, 1))}
    third = gammon.Position.from_id("yOeDATDsnIMBMA")

    def side(points: Side) -> list[int]:
        out = [0] * 26
        for p, n in points.items():
            out[p] = n
        out[0] = 15 - sum(points.values())
        return out

    assert third.checkers("black") == side({4: 1, 6: 5, 8: 5, 13: 2, 24: 2})
    assert third.checkers("white") == side({3: 2, 4: 3, 6: 3, 8: 3, 13: 2, 24: 2})
