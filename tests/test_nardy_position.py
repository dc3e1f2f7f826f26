"""Long Nardy positions from Python: the move-generation scenarios of spec long-nardy.md §15
(positions written as the spec writes them, each side in its own numbering), construction
errors, options of §9, notation; and the variant model for every variant."""

from __future__ import annotations

import pickle
import random
import re
from typing import Optional

import pytest

import gammon
from gammon import Color, Position

Side = dict[int, int]


def pos(mover: Side, opponent: Side, turn: str = "white", **options: str) -> Position:
    """The position with ``turn`` on roll; ``mover`` and ``opponent`` in their own numbering."""
    white, black = (mover, opponent) if turn == "white" else (opponent, mover)
    return Position.from_checkers(white, black, turn=turn, variant="long-nardy", **options)


def results(p: Position, dice: tuple[int, int]) -> set[tuple[tuple[int, int], ...]]:
    """The mover's checkers after each legal play, as sorted (point, count) pairs."""
    mover = p.turn
    out = set()
    for play in p.legal_plays(dice):
        counts = play.after.checkers(mover)
        out.add(tuple((pt, n) for pt, n in enumerate(counts) if n and pt > 0))
    return out


def side(s: Side) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(s.items()))


START: Side = {24: 15}
AFTER_5_5: Side = {24: 14, 4: 1}

# (scenario, rule IDs, mover, opponent, turn, dice, expected mover sides)
SCENARIOS: list[tuple[str, str, Side, Side, str, tuple[int, int], list[Side]]] = [
    ("S1", "LN-6 LN-17", START, START, "white", (6, 5), [{24: 14, 13: 1}]),
    ("S2", "LN-18", START, START, "white", (6, 6), [{24: 13, 18: 2}]),
    ("S3", "LN-18", START, START, "white", (4, 4), [{24: 13, 16: 2}]),
    ("S4", "LN-18", START, START, "white", (3, 3), [{24: 13, 18: 2}, {24: 13, 21: 1, 15: 1}]),
    ("S5", "LN-18", START, START, "white", (5, 5), [{24: 14, 4: 1}]),
    ("S6", "LN-18", START, START, "white", (2, 2), [{24: 14, 16: 1}]),
    ("S7", "LN-18", START, START, "white", (1, 1), [{24: 14, 20: 1}]),
    ("S8", "LN-19", START, AFTER_5_5, "black", (4, 4), [{24: 14, 20: 1}]),
    ("S9", "LN-18 LN-19", START, AFTER_5_5, "black", (6, 6), [{24: 13, 18: 2}]),
    (
        "S10",
        "LN-18 LN-19",
        START,
        AFTER_5_5,
        "black",
        (3, 3),
        [{24: 13, 18: 2}, {24: 13, 21: 1, 15: 1}],
    ),
    ("S11", "LN-18", START, {24: 14, 13: 1}, "black", (4, 4), [{24: 13, 16: 2}]),
    ("S12", "LN-18", START, AFTER_5_5, "black", (5, 5), [{24: 14, 4: 1}]),
    ("S13", "LN-17 LN-22", {24: 13, 18: 2}, {24: 13, 18: 2}, "white", (6, 6), [{24: 12, 18: 3}]),
    (
        "S14",
        "LN-14 LN-17",
        {24: 14, 13: 1},
        {24: 14, 20: 1},
        "white",
        (5, 3),
        [{24: 13, 16: 1, 13: 1}, {24: 13, 19: 1, 10: 1}, {24: 14, 5: 1}],
    ),
    ("S15", "LN-20", {24: 14, 13: 1}, {24: 14, 21: 1}, "white", (4, 4), [{24: 13, 16: 1, 13: 1}]),
    (
        "S16",
        "LN-15 LN-17",
        {24: 14, 13: 1},
        {24: 13, 20: 1, 19: 1},
        "white",
        (6, 5),
        [{24: 13, 13: 2}],
    ),
    (
        "S17",
        "LN-3",
        {24: 14, 18: 1},
        {24: 13, 2: 1, 9: 1},
        "black",
        (4, 3),
        [{24: 13, 18: 1, 17: 1}, {24: 13, 20: 1, 15: 1}, {24: 14, 11: 1}],
    ),
    ("S18", "LN-21", {13: 1, 1: 14}, {24: 14, 14: 1}, "white", (6, 5), [{7: 1, 1: 14}]),
    ("S19", "LN-21", {13: 1, 1: 14}, {24: 13, 14: 1, 19: 1}, "white", (6, 5), [{8: 1, 1: 14}]),
    ("S20", "LN-15 LN-20", {13: 1, 1: 14}, {24: 14, 19: 1}, "white", (6, 5), [{2: 1, 1: 14}]),
    ("S27", "LN-30", {2: 5, 1: 10}, START, "white", (6, 5), [{2: 3, 1: 10}]),
    ("S28", "LN-30", {5: 1, 2: 14}, START, "white", (6, 3), [{2: 13}, {2: 14}]),
    ("S29", "LN-30 LN-20", {5: 1, 1: 14}, {24: 14, 14: 1}, "white", (4, 3), [{1: 14}]),
    ("S30", "LN-30 LN-23", {5: 1, 1: 14}, {24: 14, 14: 1}, "white", (3, 3), []),
    ("S31", "LN-28", {7: 1, 1: 14}, START, "white", (6, 1), [{1: 14}]),
    (
        "S32",
        "LN-29 LN-30",
        {6: 2, 5: 3, 4: 10},
        START,
        "white",
        (6, 5),
        [{6: 1, 5: 2, 4: 10}, {5: 3, 4: 10, 1: 1}],
    ),
    ("S33", "LN-30 LN-31", {6: 1, 3: 2, 1: 12}, START, "white", (4, 4), [{1: 12}]),
    ("S44", "LN-18 LN-21", START, AFTER_5_5, "black", (6, 2), [{24: 14, 18: 1}]),
]


@pytest.mark.parametrize(
    ("scenario", "rules", "mover", "opponent", "turn", "dice", "expected"),
    SCENARIOS,
    ids=[f"{s[0]}-{s[1].replace(' ', '-')}" for s in SCENARIOS],
)
def test_scenario_gives_exactly_the_spec_plays(
    scenario: str,
    rules: str,
    mover: Side,
    opponent: Side,
    turn: str,
    dice: tuple[int, int],
    expected: list[Side],
) -> None:
    p = pos(mover, opponent, turn)
    assert results(p, dice) == {side(s) for s in expected}, f"{scenario} ({rules})"


def test_s8_ln19_unconditional_option_plays_two_checkers_to_20() -> None:
    p = pos(START, AFTER_5_5, "black", first_turn_exception="unconditional")
    assert results(p, (4, 4)) == {side({24: 13, 20: 2})}
    assert p.first_turn_exception == "unconditional"


S21_WHITE: Side = {24: 9, 13: 1, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1}
S23_WHITE: Side = {24: 9, 14: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}


@pytest.mark.parametrize(
    ("scenario", "white", "black", "dice", "count", "present", "absent", "options"),
    [
        (
            "S21 LN-24/25",
            S21_WHITE,
            START,
            (4, 3),
            42,
            {24: 8, 20: 1, 13: 1, 11: 1, 10: 1, 8: 1, 7: 1, 6: 1},
            {24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1},
            {},
        ),
        (
            "S22 LN-25",
            S21_WHITE,
            {24: 14, 17: 1},
            (4, 3),
            32,
            {24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1},
            None,
            {},
        ),
        (
            "S23 LN-26",
            S23_WHITE,
            START,
            (3, 2),
            36,
            {24: 9, 11: 1, 10: 1, 8: 1, 7: 2, 6: 1},
            {24: 9, 10: 1, 9: 2, 8: 1, 7: 1, 6: 1},
            {},
        ),
        (
            "S23 endOfTurn",
            S23_WHITE,
            START,
            (3, 2),
            37,
            {24: 9, 10: 1, 9: 2, 8: 1, 7: 1, 6: 1},
            None,
            {"block_check": "endOfTurn"},
        ),
        (
            "S24 LN-25/26",
            S23_WHITE,
            {24: 14, 10: 1},
            (3, 2),
            32,
            {24: 9, 10: 1, 9: 2, 8: 1, 7: 1, 6: 1},
            None,
            {},
        ),
        (
            "S25 LN-24",
            {24: 10, 23: 1, 22: 1, 21: 1, 5: 1, 1: 1},
            START,
            (3, 1),
            19,
            {24: 10, 22: 2, 21: 1, 2: 1, 1: 1},
            {24: 10, 23: 1, 22: 1, 21: 1, 2: 1, 1: 1},
            {},
        ),
        (
            "S26 LN-24",
            {24: 9, 16: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1},
            {20: 15},
            (2, 1),
            35,
            {24: 8, 22: 1, 15: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1},
            None,
            {},
        ),
    ],
)
def test_block_scenarios_count_and_membership(
    scenario: str,
    white: Side,
    black: Side,
    dice: tuple[int, int],
    count: int,
    present: Side,
    absent: Optional[Side],
    options: dict[str, str],
) -> None:
    p = pos(white, black, "white", **options)
    got = results(p, dice)
    assert len(got) == count, scenario
    assert side(present) in got, scenario
    if absent is not None:
        assert side(absent) not in got, scenario


def test_ln25_no_play_shows_an_illegal_block_in_s21() -> None:
    got = results(pos(S21_WHITE, START), (4, 3))
    assert all(not all(dict(s).get(pt, 0) for pt in range(6, 12)) for s in got)


@pytest.mark.parametrize(
    ("white", "black", "fragment"),
    [
        ({24: 14, "bar": 1}, START, "LN-14"),
        ({24: 14, 4: 1}, {24: 14, 16: 1}, "white point 4 (= black point 16)"),
        ({24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, START, "illegal block"),
        ({24: 16}, START, "16 checkers"),
    ],
)
def test_invalid_positions_name_the_problem(white: Side, black: Side, fragment: str) -> None:
    with pytest.raises(gammon.InvalidPositionError, match=re.escape(fragment)):
        Position.from_checkers(white, black, variant="long-nardy")


def test_options_are_long_nardy_settings_only() -> None:
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy"):
        Position.start("backgammon", first_turn_exception="unconditional")
    with pytest.raises(gammon.InvalidInputError, match="every_step"):
        Position.start("long-nardy", block_check="sometimes")
    assert Position.start().block_check is None
    assert Position.start("nardy").block_check == "every_step"


def test_options_survive_play_pickle_and_repr() -> None:
    p = Position.start(
        "long-nardy", first_turn_exception="unconditional", block_check="end_of_turn"
    )
    after = p.play(p.legal_plays((6, 5))[0])
    assert (after.first_turn_exception, after.block_check) == ("unconditional", "end_of_turn")
    assert pickle.loads(pickle.dumps(after)) == after
    assert eval(repr(after), vars(gammon)) == after
    plain = Position.start("long-nardy")
    assert plain != p and plain.id == p.id


@pytest.mark.parametrize(
    ("variant", "dice", "text", "printed"),
    [
        ("backgammon", (6, 1), "13-7 8-7", "13/7 8/7"),
        ("long-nardy", (6, 1), "24-17", "24/17"),
        ("backgammon", (6, 5), "24-18-13", "24/13"),
        ("long-nardy", (6, 5), "24-18-13", "24/13"),
        ("backgammon", (6, 6), "24-18(2) 13-7 13-7", "24/18(2) 13/7(2)"),
        ("long-nardy", (6, 6), "24-18 24-18", "24/18(2)"),
        ("long-nardy", (6, 6), "24-18(2)", "24/18(2)"),
        ("long-nardy", (3, 3), "24-21 24/15", "24/15 24/21"),
    ],
)
def test_not1_ln2_one_grammar_reads_both_variants(
    variant: str, dice: tuple[int, int], text: str, printed: str
) -> None:
    """NOT-1 in both variants: dashes, repeats and counts mean the same (LN-2 numbering)."""
    pos = Position.start(variant)
    play = pos.parse_play(text, dice)
    assert str(play) == printed
    assert pos.parse_play(printed.replace("/", "-"), dice) == play


def test_ln14_the_bar_and_hits_are_refused_in_every_spelling() -> None:
    p = Position.start("long-nardy")
    for text in ["b/20", "B-20", "25/20", "24-20*"]:
        with pytest.raises(gammon.ParseError, match="LN-14"):
            p.parse_play(text, (4, 4))


def test_nardy_notation_reads_and_rejects() -> None:
    p = Position.start("long-nardy")
    assert str(p.parse_play("24/18/13", (6, 5))) == "24/13"
    assert [str(x) for x in p.legal_plays((3, 3))] == ["24/18(2)", "24/15 24/21"]
    with pytest.raises(gammon.ParseError, match="LN-14"):
        p.parse_play("bar/20", (4, 4))
    with pytest.raises(gammon.ParseError, match="LN-14"):
        p.parse_play("24/20*", (4, 4))
    with pytest.raises(gammon.AmbiguousPlayError):
        p.parse_play("24/21", (3, 3))
    with pytest.raises(gammon.IllegalPlayError):
        p.parse_play("24/12", (6, 6))


def test_outcome_oin_mars_and_draw() -> None:
    # LN-33: White has borne off everything; Black has 0 or 1 off.
    mars = Position.from_checkers({}, {24: 15}, turn="black", variant="long-nardy")
    outcome = mars.outcome()
    assert outcome is not None and (outcome.winner, outcome.kind, outcome.points) == (
        Color.WHITE,
        "mars",
        2,
    )
    oin = Position.from_checkers({}, {24: 14}, turn="black", variant="long-nardy")
    assert oin.outcome() is not None and oin.outcome().kind == "oin"  # type: ignore[union-attr]
    # LN-37: both finished is a draw.
    draw = Position.from_checkers({}, {1: 1}, turn="black", variant="long-nardy")
    last = draw.play("1/off", (6, 1))
    assert last.outcome() is not None and last.outcome().kind == "draw"  # type: ignore[union-attr]


def test_start_ids_are_gnubgs_for_the_backgammon_family() -> None:
    # gnubg 1.1.0a16: `set variation ...`, `new match`, then the Position ID it prints.
    assert Position.start("nackgammon").id == "4Dl4ADbgOXgANg"
    assert Position.start("hypergammon-1").id == "AACAAAAAAgAAAA"
    assert Position.start("hypergammon-2").id == "AABAAQAACgAAAA"
    assert Position.start("hypergammon").id == "AACgAgAAKgAAAA"
    assert gammon.find_variant("narde") == gammon.Variant.LONG_NARDY


@pytest.mark.parametrize("variant", gammon.Variant.all(), ids=lambda v: v.canonical_name)
def test_every_variant_plays_a_random_game_to_an_outcome(variant: gammon.Variant) -> None:
    rng = random.Random(11)
    p = Position.start(variant)
    for _ in range(2000):
        if p.is_game_over():
            break
        plays = p.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
        p = p.play(plays[rng.randrange(len(plays))]) if len(plays) else p.pass_turn()
        checkers = p.checkers(Color.WHITE), p.checkers(Color.BLACK)
        assert sum(checkers[0]) == sum(checkers[1]) == variant.checkers_per_side
    outcome = p.outcome()
    assert outcome is not None
    assert outcome.points >= 1
