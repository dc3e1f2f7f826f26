"""Play notation through the Python API (spec NOT-1 to NOT-6)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon

START = gammon.Position.start()


def table(x: dict[int | str, int], o_in_x: dict[int, int]) -> gammon.Position:
    """A position of the spec's §13 tables: X (White, on roll) in its own numbering, O given
    in X's numbering."""
    return gammon.Position.from_checkers(x, {25 - p: n for p, n in o_in_x.items()}, turn="white")


T06 = table({24: 1, 6: 14}, {20: 1, 7: 2})
T17 = table({3: 1, 2: 2, 1: 2}, {19: 5, 17: 3, 12: 5})
T21 = table({6: 1, 1: 1}, {19: 5, 17: 3, 12: 5})
CLOSED_OUT = table({"bar": 1, 13: 6, 8: 3, 6: 5}, {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2})


def random_positions(seed: int, count: int) -> Iterator[gammon.Position]:
    """Positions from random games (uniform random legal plays) from the start."""
    rng = random.Random(seed)
    pos = START
    for _ in range(count):
        if pos.is_game_over():
            pos = START
        yield pos
        plays = pos.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
        pos = rng.choice(list(plays)).after if len(plays) else pos.pass_turn()


def test_not3_str_of_a_play_is_the_canonical_text() -> None:
    texts = START.legal_plays((6, 5)).texts()
    assert sorted(texts) == sorted(
        ["13/2", "13/8 13/7", "13/7 8/3", "24/13", "24/18 13/8", "24/18 8/3", "8/3 8/2"]
    )
    assert [str(p) for p in START.legal_plays((6, 5))] == texts


def test_not2_every_printed_play_reads_back_as_itself() -> None:
    checked = 0
    for pos in random_positions(7, 150):
        for dice in [(6, 5), (3, 1), (4, 4), (2, 2)]:
            for play in pos.legal_plays(dice):
                assert pos.parse_play(str(play), dice) == play, (pos.id, dice, str(play))
                checked += 1
    assert checked > 1000


def test_not2_examples_of_the_spec() -> None:
    assert str(T06.parse_play("24/17", (4, 3))) == "24/17"
    assert str(T06.parse_play("24/20/17", (4, 3))) == "24/20*/17"
    assert str(T21.parse_play("6/off", (6, 5))) == "6/off"
    assert T21.parse_play("6/off", (6, 5)).after.checkers("white")[1] == 1
    assert str(T17.parse_play("2/off", (6, 5))) == "3/off 2/off"
    with pytest.raises(gammon.IllegalPlayError, match="no opposing blot on 21"):
        T06.parse_play("24/21*/17", (4, 3))


def test_not2_ambiguity_error_lists_the_candidates() -> None:
    with pytest.raises(gammon.AmbiguousPlayError) as info:
        T06.parse_play("24/20", (4, 3))
    message = str(info.value)
    assert '"24/20*/17"' in message and '"24/20* 6/3"' in message
    assert isinstance(info.value, ValueError)
    with pytest.raises(gammon.AmbiguousPlayError, match="35 legal plays"):
        START.parse_play("13/9", (4, 4))


def test_not1_errors_are_parse_errors() -> None:
    for text in ["13-", "13/9(7)", "9/13", "hello", "8/5**"]:
        with pytest.raises(gammon.ParseError, match="NOT-1"):
            START.parse_play(text, (3, 1))
        with pytest.raises(gammon.ParseError):
            START.parse_play(text)


def test_playlist_membership_accepts_texts() -> None:
    plays = START.legal_plays((3, 1))
    assert "6/5 8/5" in plays
    assert "8/5 6/5" in plays
    assert "24/21" not in plays  # part of several plays: not one play
    assert plays.index("8/5 6/5") == list(plays).index(START.parse_play("8/5 6/5", (3, 1)))


# ---- the dice-less path (Position.play(text) / parse_play(text) without dice) ----


def test_without_dice_a_whole_play_finds_its_roll() -> None:
    play = START.parse_play("8/5 6/5")
    assert play.dice == (3, 1)  # 1-1 also fits; the roll with fewer pips / no double wins
    assert str(play) == "8/5 6/5"
    assert START.play("8/5 6/5") == START.play("8/5 6/5", (3, 1))
    assert START.parse_play("24/13").dice == (6, 5)
    assert START.parse_play("24/20").dice == (3, 1)
    assert START.parse_play("24/20(2) 13/9(2)").dice == (4, 4)


def test_without_dice_a_partial_text_is_refused_and_names_the_rolls() -> None:
    with pytest.raises(gammon.IllegalPlayError, match=r"part of plays with 21, 22"):
        START.parse_play("13/11")
    with pytest.raises(gammon.IllegalPlayError, match="not a legal play for any roll"):
        START.play("13/7/1")


def test_the_empty_text_is_the_pass_or_a_forced_play() -> None:
    # NOT-2 rule 6: "" names the empty play when the roll cannot be played...
    assert CLOSED_OUT.play("", (6, 4)) == CLOSED_OUT.pass_turn()
    assert str(CLOSED_OUT.parse_play("", (6, 4))) == ""
    # ...and the play when it is the only one (a forced move)...
    assert str(T17.parse_play("", (6, 5))) == "3/off 2/off"
    # ...but not when there is a choice.
    with pytest.raises(gammon.AmbiguousPlayError):
        START.play("", (3, 1))
    # Without dice: some roll can move here, so "" names nothing.
    with pytest.raises(gammon.IllegalPlayError, match="MOVE-8"):
        START.play("")
    # A closed board blocks every roll, so "" is the pass even without dice.
    assert CLOSED_OUT.play("") == CLOSED_OUT.pass_turn()
    assert str(CLOSED_OUT.parse_play("")) == ""


# ---- fuzzing: only gammon errors, never anything else ----

NOTATION_ALPHABET = st.text(alphabet="0123456789/*() -barofBAROF", max_size=30)
POSITIONS = [
    START,
    T06,
    T17,
    T21,
    CLOSED_OUT,
    table({"bar": 1, 24: 1, 13: 5, 8: 3, 6: 5}, {21: 1, 19: 1, 18: 4, 17: 3, 12: 5, 1: 1}),
]


@settings(max_examples=300, deadline=None)
@given(
    text=NOTATION_ALPHABET | st.text(max_size=40),
    dice=st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)),
    which=st.integers(0, len(POSITIONS) - 1),
)
def test_any_text_gives_a_legal_play_or_a_gammon_error(
    text: str, dice: tuple[int, int] | None, which: int
) -> None:
    pos = POSITIONS[which]
    try:
        play = pos.parse_play(text, dice)
    except (gammon.ParseError, gammon.IllegalPlayError, gammon.AmbiguousPlayError):
        pass
    else:
        assert play in pos.legal_plays(play.dice) or (
            str(play) == "" and len(pos.legal_plays(play.dice)) == 0
        )
    try:
        after = pos.play(text, dice)
    except (gammon.ParseError, gammon.IllegalPlayError, gammon.AmbiguousPlayError):
        pass
    else:
        assert after.turn != pos.turn


@settings(max_examples=100, deadline=None)
@given(dice=st.tuples(st.integers(-3, 9), st.integers(-3, 9)), text=NOTATION_ALPHABET)
def test_bad_dice_with_a_text_raise_invalid_dice_error(dice: tuple[int, int], text: str) -> None:
    try:
        START.parse_play(text, dice)
    except gammon.InvalidDiceError:
        assert not all(1 <= d <= 6 for d in dice)
    except (gammon.ParseError, gammon.IllegalPlayError, gammon.AmbiguousPlayError):
        assert all(1 <= d <= 6 for d in dice)
