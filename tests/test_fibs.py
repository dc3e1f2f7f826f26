"""FIBS board strings: reading, writing and the round trip (gammon.fibs)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gammon
from gammon import Color, Game, Match
from gammon.fibs import FibsBoard

# A board from a FIBS session (fibsboard.com forum, "How to write a client"): X (colour -1)
# moving from 1 to 24, on roll with 3-6 while bearing off, two checkers already off.
FIBS_EXAMPLE = (
    "board:mpgnu:buster:17:0:2:0:0:0:2: 1: 4: 3: 0: 1: 0: 1: 0: 0: 2: 0: 0: 0: 0: 0: 1: -2:"
    " -2: -1: -4: -4: 0: -1: 3: 6: 0: 0: 1: 1: 1: 0: -1: 1: 25: 0: 2: 0: 0: 0: 2: 2: 0: 0"
)


def test_a_board_from_fibs_reads_by_the_fibs_document() -> None:
    b = FibsBoard.parse(FIBS_EXAMPLE)
    assert (b.you, b.opponent, b.match_length, b.scores) == ("mpgnu", "buster", 17, (0, 2))
    st = b.state(gnubg=False)
    assert st.position.turn == Color.WHITE and st.dice == (6, 3)
    assert st.position.checkers(Color.WHITE)[1:6] == [4, 4, 1, 2, 2]
    assert st.position.checkers_off() == (2, 0)
    assert st.score == (0, 2) and st.names == ("mpgnu", "buster")
    assert st.cube == 1 and st.cube_owner is None and not st.doubled
    assert str(b) == FIBS_EXAMPLE.replace(" ", "")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("hello", "starts with 'board:'"),
        ("board:a:b:3", "53 fields"),
        (FIBS_EXAMPLE.replace(": 3: 6:", ": x: 6:"), "field 33"),
        (FIBS_EXAMPLE.replace(": 3: 6:", ": 9: 6:"), "die"),
    ],
)
def test_malformed_board_strings_raise_parse_errors(text: str, match: str) -> None:
    with pytest.raises(gammon.ParseError, match=match):
        FibsBoard.parse(text)


DATA = Path(__file__).parent / "data" / "gnubg"


def _states(name: str) -> list[Game]:
    """Games at every moment of gnubg's matches: rolls, doubles pending, cubes owned."""
    rec = gammon.read_match(DATA / name)
    out: list[Game] = []
    for g in rec.games:
        game = g.replay()
        actions = g.actions
        for k in range(1, len(actions)):
            partial = Game(game.match, game.cube_rules)
            for a in actions[:k]:
                partial.push(a)
            # A pending resignation has no field in a FIBS board (gnubg says so too).
            if partial.result is None and not partial.is_opening and not partial.resignation:
                out.append(partial)
    return out


@pytest.mark.parametrize("name", ["selfplay-9pt-seed11.mat", "selfplay-5pt-seed42.mat"])
def test_writing_a_game_and_reading_it_back_gives_the_same_state(name: str) -> None:
    """The board, dice, cube, score and Crawford flag survive the round trip (MATCH-3)."""
    games = _states(name)
    assert len(games) > 20
    seen_offer = seen_owner = False
    for game in games:
        b = FibsBoard.from_game(game, names=("W:hite", "Black"))
        assert FibsBoard.parse(str(b)) == b
        st = b.state()
        assert st.position == game.position
        assert st.dice == game.dice
        assert st.doubled == (game.cube.offer is not None)
        assert (st.cube, st.cube_owner) == (game.cube.value, game.cube.owner)
        assert st.score == game.match.score
        assert st.names == ("W_hite", "Black")
        assert isinstance(game.match, Match)
        assert st.crawford == game.is_crawford_game
        assert st.to_act == game.to_act
        seen_offer |= st.doubled
        seen_owner |= st.cube_owner is not None
    assert seen_offer and seen_owner


# Boards Debian's gnubg 1.07 sent to gammon serve (its player 0, Black, or player 1, White,
# external) in 3-point matches, with what the exported match says: the player asked, the score
# (White, Black), the Crawford game (MATCH-3) and a pending double.
GNUBG_BOARDS = [
    (
        "board:gnubg:root:3:2:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:3:2:3:2:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
        Color.BLACK,
        (0, 2),
        True,
        False,
    ),
    (
        "board:gnubg:root:3:2:1:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:6:5:6:5:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1",
        Color.BLACK,
        (1, 2),
        False,
        False,
    ),
    (
        "board:root:gnubg:3:0:0:0:4:0:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-1:-2:0:-1:-4:-5:0:1:0:0:0:0:2:1:0:1:1:-1:0:25:10:2:0:0:0:0:0:1",
        Color.BLACK,
        (0, 0),
        False,
        True,
    ),
    (
        "board:gnubg:root:3:2:0:0:-1:0:0:-1:0:5:0:3:0:0:0:-4:5:-1:0:0:-3:0:-5:0:0:0:0:2:0:1:3:2:3:2:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
        Color.WHITE,
        (0, 2),
        True,
        False,
    ),
    (
        "board:root:gnubg:3:0:0:0:1:4:8:0:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-1:-1:-2:0:-1:0:0:0:0:1:1:1:1:1:-1:0:25:1:11:0:0:0:0:0:1",
        Color.WHITE,
        (0, 0),
        False,
        True,
    ),
    (
        "board:root:gnubg:3:1:2:-4:3:2:3:2:3:2:0:0:0:0:0:0:0:0:0:0:0:-2:0:-2:0:-4:-3:0:0:1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:1:1",
        Color.BLACK,
        (1, 2),
        False,
        True,
    ),
]


@pytest.mark.parametrize(("text", "to_act", "score", "crawford", "doubled"), GNUBG_BOARDS)
def test_boards_from_gnubg_read_with_their_score_crawford_flag_and_double(
    text: str, to_act: Color, score: tuple[int, int], crawford: bool, doubled: bool
) -> None:
    st = FibsBoard.parse(text).state()
    assert st.to_act == to_act
    assert st.score == score and st.names == ("root", "gnubg")
    assert st.crawford == crawford and st.doubled == doubled
    assert st.match_length == 3
    assert sum(st.position.checkers(Color.WHITE)) == 15


def _with_field(text: str, index: int, value: int) -> str:
    parts = text.split(":")
    parts[index] = str(value)
    return ":".join(parts)


@pytest.mark.parametrize(
    ("index", "value", "words"),
    [
        (43, 0, "fields 43-44"),  # X moves up: its home is field 25
        (44, 25, "fields 43-44"),
        (45, 3, "field 45"),  # 13 on the board and 3 off: 16 checkers
        (46, 1, "field 46"),  # the opponent's 15 on the board and 1 off
        (47, 2, "field 47"),  # nobody is on the bar
        (48, 1, "field 48"),
    ],
)
def test_home_and_bar_fields_that_disagree_with_the_board_are_refused(
    index: int, value: int, words: str
) -> None:
    """The home, bar, borne-off and on-bar fields must tell the board's story."""
    bad = _with_field(FIBS_EXAMPLE.replace(" ", ""), index, value)
    with pytest.raises(gammon.ParseError, match=words):
        FibsBoard.parse(bad)


def test_checkers_on_the_bar_read_with_the_bar_fields_as_fibs_or_gnubg_writes_them() -> None:
    """FIBS counts the checkers on the bar in fields 47-48; gnubg writes 0 there."""
    game = Game(Match(5), seed=3)
    game.set_dice(6, 4)
    game.push("24/18 13/9")
    game.set_dice(3, 1)  # Black hits a White blot
    plays = [p for p in game.legal_actions(resignations=False) if "*" in str(p)]
    game.push(plays[0])
    b = FibsBoard.from_game(game)
    assert b.on_bar == (0, 0)  # as gnubg writes it
    on_bar = game.position.checkers(Color.WHITE)[25]
    assert on_bar >= 1
    fibs = _with_field(str(b), 47, on_bar)  # as FIBS writes it ("you" is White)
    assert FibsBoard.parse(fibs).state().position == game.position
    with pytest.raises(gammon.ParseError, match="field 47"):
        FibsBoard.parse(_with_field(str(b), 47, on_bar + 1))


def test_a_board_is_a_checked_value_that_pickles() -> None:
    """The constructor checks the fields as parse does; equal boards hash alike and pickle."""
    import pickle

    b = FibsBoard.parse(FIBS_EXAMPLE)
    assert FibsBoard(b.you, b.opponent, b.ints) == b
    assert hash(FibsBoard(b.you, b.opponent, b.ints)) == hash(b)
    assert pickle.loads(pickle.dumps(b)) == b
    assert repr(b) == "FibsBoard(you='mpgnu', opponent='buster')"
    ints = list(b.ints)
    ints[43 - 3] = 0  # X moves up, so its home is field 25: fields 43-44 disagree
    with pytest.raises(gammon.ParseError, match="fields 43-44"):
        FibsBoard(b.you, b.opponent, ints)
    with pytest.raises(gammon.InvalidInputError, match="50 integer fields"):
        FibsBoard(b.you, b.opponent, ints[:-1])
    with pytest.raises(gammon.ParseError, match="is a str"):
        FibsBoard.parse(b"board:")  # type: ignore[arg-type]


def test_a_finished_game_and_a_long_nardy_game_have_no_board_state() -> None:
    """Turn 0 (the game is over) reads as a board but has no state; Long Nardy has no FIBS
    board (FIBS plays backgammon)."""
    over = _with_field(FIBS_EXAMPLE.replace(" ", ""), 32, 0)
    with pytest.raises(gammon.ParseError, match="game is over"):
        FibsBoard.parse(over).state()
    nardy = Game(position=gammon.Position.start("long-nardy"))
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy"):
        FibsBoard.from_game(nardy)
