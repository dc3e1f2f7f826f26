"""Long Nardy games and series from Python (gammon.nardy): settings (§9), scoring (LN-33 to
LN-36), the last roll (LN-37), roll-off and starters (LN-8 to LN-11), and the game-level
scenarios S34-S43 of spec long-nardy.md §15."""

from __future__ import annotations

import itertools
import pickle
import random
import zlib
from collections.abc import Iterable

import pytest

import gammon
from gammon import Color, Ending, GameResult, Position
from gammon.nardy import NardySettings, Series, SeriesGame, next_starter, play_out


class ScriptedDice:
    """A dice source that returns the given values, then falls back to a seeded generator."""

    def __init__(self, values: Iterable[int], seed: int = 0) -> None:
        self.values = list(values)
        self.fallback = random.Random(seed)

    def randint(self, a: int, b: int) -> int:
        if self.values:
            return self.values.pop(0)
        return self.fallback.randint(a, b)


def white_finished(black: dict[int, int]) -> Position:
    """White has borne off all 15; Black (own numbering) is on roll."""
    return Position.from_checkers({}, black, turn="black", variant="long-nardy")


# -- settings ------------------------------------------------------------------------------


def test_settings_defaults_are_the_specs() -> None:
    s = NardySettings()
    assert (s.end_variant, s.koks, s.last_roll, s.first_move_in_series) == (
        "mars",
        "off",
        False,
        "to_loser",
    )
    assert (s.first_turn_exception, s.block_check) == ("head_blocked", "every_step")


def test_settings_accept_the_specs_spellings_and_store_snake_case() -> None:
    s = NardySettings(
        first_move_in_series="toLoser",
        koks="checkerInStartQuarter",
        last_roll="on",  # type: ignore[arg-type]
        first_turn_exception="unconditional",
        block_check="endOfTurn",
    )
    assert s.first_move_in_series == "to_loser"
    assert s.koks == "checker_in_start_quarter"
    assert s.last_roll is True
    assert s.block_check == "end_of_turn"
    p = s.start_position()
    assert (p.first_turn_exception, p.block_check) == ("unconditional", "end_of_turn")


@pytest.mark.parametrize(
    ("kwargs", "rule"),
    [
        ({"end_variant": "gammon"}, "LN-34"),
        ({"koks": "sometimes"}, "LN-35"),
        ({"first_move_in_series": "to_winner"}, "LN-11"),
        ({"last_roll": 2}, "LN-37"),
        ({"first_turn_exception": "never"}, "LN-18"),
        ({"block_check": "weekly"}, "LN-26"),
        ({"end_variant": "oin", "koks": "no_checker_home"}, "LN-35"),
    ],
)
def test_bad_settings_raise_invalid_input_naming_the_rule(
    kwargs: dict[str, object], rule: str
) -> None:
    with pytest.raises(gammon.InvalidInputError, match=rule):
        NardySettings(**kwargs)  # type: ignore[arg-type]


def test_settings_are_immutable() -> None:
    s = NardySettings()
    with pytest.raises(AttributeError):
        s.end_variant = "oin"  # type: ignore[misc]


def test_section9_settings_are_one_rust_value_that_pickles_hashes_and_prints_back() -> None:
    s = NardySettings(koks="noCheckerHome", last_roll=True, block_check="end_of_turn")
    assert pickle.loads(pickle.dumps(s)) == s
    assert eval(repr(s), {"NardySettings": NardySettings}) == s
    assert repr(NardySettings()) == (
        "NardySettings(end_variant='mars', koks='off', last_roll=False, "
        "first_move_in_series='to_loser', first_turn_exception='head_blocked', "
        "block_check='every_step')"
    )
    assert hash(s) == hash(
        NardySettings("mars", "no_checker_home", "on", "toLoser", "headBlocked", "endOfTurn")
    )
    assert len({NardySettings(), NardySettings(last_roll=False), s}) == 2
    assert s.replace(koks="off").koks == "off" and s.koks == "no_checker_home"
    assert NardySettings is gammon._core.NardySettings


@pytest.mark.parametrize(
    ("kwargs", "names"),
    [
        ({"end_variant": "gammon"}, "'oin', 'mars'"),
        ({"koks": 3}, "'off', 'no_checker_home', 'checker_in_start_quarter'"),
        ({"first_move_in_series": None}, "'to_loser', 'alternate'"),
        ({"first_turn_exception": "never"}, "'head_blocked', 'unconditional'"),
        ({"block_check": "weekly"}, "'every_step', 'end_of_turn'"),
        ({"last_roll": "maybe"}, "'off'/'on'"),
    ],
)
def test_section9_a_bad_value_is_refused_listing_the_valid_ones(
    kwargs: dict[str, object], names: str
) -> None:
    with pytest.raises(gammon.InvalidInputError) as info:
        NardySettings(**kwargs)  # type: ignore[arg-type]
    assert names in str(info.value) and next(iter(kwargs)) in str(info.value)


def test_ln6_ln18_ln26_the_settings_give_positions_their_options() -> None:
    s = NardySettings(first_turn_exception="unconditional", block_check="end_of_turn")
    start = s.start_position()
    assert start.variant == gammon.Variant.LONG_NARDY and start.turn == Color.WHITE
    assert (start.first_turn_exception, start.block_check) == ("unconditional", "end_of_turn")
    assert s.position(Position.start("long-nardy")) == start
    with pytest.raises(gammon.InvalidInputError, match="long-nardy position"):
        s.position(Position.start())


# -- a game: gammon.Game(variant="long-nardy"), the verbs of every Game -------------------


def nardy_game(settings: NardySettings | None = None, **kw: object) -> gammon.Game:
    return gammon.Game(variant="long-nardy", settings=settings, **kw)  # type: ignore[arg-type]


def result(winner: Color | None, kind: str, points: int, surrendered: bool = False) -> GameResult:
    ending = Ending.RESIGNED if surrendered else Ending.BORNE_OFF
    return GameResult(winner, points, kind, ending)


def test_a_game_rolls_plays_and_passes_the_turn() -> None:
    game = nardy_game(seed=4)
    assert game.turn == Color.WHITE and not game.is_opening
    assert game.legal_actions(resignations=False) == [gammon.Roll()]  # no cube (LN-*)
    assert not game.can_double()
    game.set_dice(5, 6)
    assert game.dice == (6, 5)
    with pytest.raises(gammon.IllegalActionError, match="BG-12"):
        game.roll()
    with pytest.raises(gammon.IllegalPlayError):
        game.play("24/14")  # not a step of 6-5
    game.play("24/19")  # partial text of the one legal play 24/13 (NOT-2)
    assert game.turn == Color.BLACK
    assert [str(a) for a in game.move_stack] == ["roll 56", "24/13"]
    game.pop()
    assert game.turn == Color.WHITE and game.dice == (6, 5)


def test_ln23_a_pass_is_only_legal_without_a_legal_step() -> None:
    # S30 (LN-23): w5, w1x14 against a black checker on w2; 3-3 cannot be played.
    p = Position.from_checkers({5: 1, 1: 14}, {24: 14, 14: 1}, variant="long-nardy")
    game = nardy_game(position=p)
    game.set_dice(3, 3)
    assert game.legal_actions(resignations=False) == [gammon.EmptyPlay()]
    game.push("")
    assert game.turn == Color.BLACK
    game.set_dice(6, 5)
    with pytest.raises(gammon.IllegalPlayError, match="MOVE-8"):
        game.push("")


def test_ln36_a_long_nardy_game_has_no_cube_and_no_match() -> None:
    with pytest.raises(gammon.InvalidInputError, match="LN-38"):
        gammon.Game(gammon.Match(3), variant="long-nardy")
    with pytest.raises(gammon.InvalidInputError, match="LN-38"):
        gammon.Game(cube=gammon.CubeRules(), variant="long-nardy")
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy"):
        gammon.Game(settings=NardySettings())
    game = nardy_game(seed=1)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-2"):
        game.double()


@pytest.mark.parametrize(
    ("end_variant", "black_off", "points", "kind"),
    [("mars", 0, 2, "mars"), ("oin", 0, 1, "oin"), ("mars", 4, 1, "oin"), ("oin", 4, 1, "oin")],
)
def test_s34_s35_ln34_the_win_is_scored_by_end_variant(
    end_variant: str, black_off: int, points: int, kind: str
) -> None:
    black = {24: 15 - black_off} if black_off == 0 else {3: 15 - black_off}
    p = Position.from_checkers({1: 1}, black, variant="long-nardy")
    game = nardy_game(NardySettings(end_variant=end_variant), position=p)
    game.set_dice(2, 1)
    game.play("1/off")
    assert game.result == result(Color.WHITE, kind, points)
    assert game.is_over and game.legal_actions() == []


def test_s36_ln36_surrender_is_scored_from_the_current_position() -> None:
    zero_off = Position.from_checkers({24: 15}, {24: 5, 3: 10}, turn="black", variant="long-nardy")
    game = nardy_game(position=zero_off)
    assert gammon.Resign() in game.legal_actions(resignations=True)
    game.resign()  # the player to act (Black) surrenders
    assert game.result == result(Color.WHITE, "mars", 2, surrendered=True)
    with pytest.raises(gammon.IllegalActionError, match="BG-14"):
        game.resign(player=Color.WHITE)
    one_off = Position.from_checkers({24: 15}, {3: 14}, variant="long-nardy")
    game = nardy_game(position=one_off)
    game.resign(player=Color.BLACK)  # out of turn: at any moment (LN-36)
    assert game.result is not None and game.result.points == 1
    with pytest.raises(gammon.InvalidInputError, match="LN-36"):
        nardy_game().resign("gammon")


def test_s37_ln37_the_last_roll_can_draw() -> None:
    game = nardy_game(NardySettings(last_roll=True), position=white_finished({6: 1, 1: 1}))
    assert game.in_extra_turn and not game.is_over
    game.set_dice(6, 1)
    texts = {str(p) for p in game.legal_actions(resignations=False)}
    assert texts == {"6/off 1/off", "6/off"}
    game.play("6/off 1/off")
    assert game.result == result(None, "draw", 0)
    assert game.next_match().score == (0, 0)


def test_s37_ln37_the_other_play_of_the_last_roll_leaves_an_oin() -> None:
    game = nardy_game(NardySettings(last_roll=True), position=white_finished({6: 1, 1: 1}))
    game.set_dice(6, 1)
    game.play("6/off")
    assert game.result == result(Color.WHITE, "oin", 1)


def test_s37_ln37_without_the_setting_white_wins_at_once() -> None:
    game = nardy_game(position=white_finished({6: 1, 1: 1}))
    assert game.is_over and game.result == result(Color.WHITE, "oin", 1)


def test_s38_ln37_a_last_roll_that_cannot_finish_is_an_oin() -> None:
    game = nardy_game(NardySettings(last_roll=True), position=white_finished({6: 1, 1: 1}))
    game.set_dice(4, 3)
    plays = game.legal_actions(resignations=False)
    assert len(plays) == 1
    game.push(plays[0])
    assert game.result == result(Color.WHITE, "oin", 1)


def test_s39_ln37_black_finishing_first_ends_the_game_at_once() -> None:
    p = Position.from_checkers({24: 15}, {1: 1}, turn="black", variant="long-nardy")
    game = nardy_game(NardySettings(last_roll=True), position=p)
    game.set_dice(2, 1)
    game.play("1/off")
    assert game.result == result(Color.BLACK, "mars", 2)
    assert not game.in_extra_turn
    with pytest.raises(gammon.IllegalActionError, match="over"):
        game.roll()


@pytest.mark.parametrize(
    ("koks", "black", "points"),
    [
        ("no_checker_home", {24: 10, 13: 5}, 3),
        ("off", {24: 10, 13: 5}, 2),
        ("no_checker_home", {24: 14, 2: 1}, 2),
        ("checker_in_start_quarter", {24: 14, 2: 1}, 3),
        ("checker_in_start_quarter", {13: 15}, 2),
    ],
)
def test_s40_ln35_koks(koks: str, black: dict[int, int], points: int) -> None:
    game = nardy_game(NardySettings(koks=koks), position=white_finished(black))
    assert game.result is not None and game.result.points == points


def test_s43_ln37_ln33_the_class_is_decided_after_the_extra_turn() -> None:
    black = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}
    game = nardy_game(NardySettings(last_roll=True), position=white_finished(black))
    game.set_dice(6, 6)
    plays = game.legal_actions(resignations=False)
    assert [str(p) for p in plays] == ["6/off(3) 5/off"]
    game.push(plays[0])
    assert game.position.checkers(Color.BLACK)[0] == 4
    assert game.result == result(Color.WHITE, "oin", 1)


def test_a_long_nardy_game_pickles_with_its_settings() -> None:
    game = nardy_game(NardySettings(last_roll=True), position=white_finished({6: 1, 1: 1}))
    back = pickle.loads(pickle.dumps(game))
    assert back.in_extra_turn and back.settings == game.settings
    back.set_dice(6, 1)
    back.play("6/off 1/off")
    assert back.result == result(None, "draw", 0)


def test_play_out_reaches_a_result_with_a_custom_strategy() -> None:
    def first(position: Position, dice: tuple[int, int], plays: gammon.PlayList) -> gammon.Play:
        return plays[0]

    res = play_out(nardy_game(seed=2), white=first, black=first)
    assert res.kind in ("oin", "mars") and res.points in (1, 2)


# -- a series ------------------------------------------------------------------------------


def test_s42_ln9_ln10_the_roll_off_decides_white_and_is_not_played() -> None:
    # A rolls 5, B rolls 5 (again), then A 3, B 5: B is White; B's first roll is fresh (6-1).
    series = Series(players=("A", "B"), rng=ScriptedDice([5, 5, 3, 5, 6, 1]))
    game = series.new_game()
    assert series.roll_off == [(5, 5), (3, 5)]
    assert series.current_players == ("B", "A")
    assert game.roll() == (6, 1)


@pytest.mark.parametrize(("rule", "starter"), [("to_loser", "A"), ("alternate", "B")])
def test_s41_ln11_the_starter_of_game_two(rule: str, starter: str) -> None:
    # Game 1: A wins the roll-off and is White; A surrenders, so B wins.
    settings = NardySettings(first_move_in_series=rule)
    series = Series(settings, players=("A", "B"), rng=ScriptedDice([6, 2]))
    game = series.new_game()
    assert series.current_players[0] == "A"
    game.resign(player=Color.WHITE)
    assert series.games[0].winner == "B"
    assert series.scores == {"A": 0, "B": 2}
    series.new_game()
    assert series.current_players[0] == starter


@pytest.mark.parametrize("rule", ["to_loser", "alternate"])
def test_ln11_after_a_draw_the_players_alternate(rule: str) -> None:
    draw = SeriesGame("A", "B", GameResult(None, 0, "draw"))
    assert next_starter(draw, NardySettings(first_move_in_series=rule, last_roll=True)) == "B"


def test_ln11_the_settings_name_the_side_that_starts_next() -> None:
    to_loser, alternate = NardySettings(), NardySettings(first_move_in_series="alternate")
    assert to_loser.next_starter(Color.WHITE) == Color.BLACK
    assert to_loser.next_starter(Color.BLACK) == Color.WHITE
    assert to_loser.next_starter(None) == Color.BLACK
    assert {alternate.next_starter(w) for w in (Color.WHITE, Color.BLACK, None)} == {Color.BLACK}
    with pytest.raises(gammon.InvalidInputError):
        to_loser.next_starter("green")


def test_a_game_must_end_before_the_next_starts() -> None:
    series = Series(seed=1)
    series.new_game()
    with pytest.raises(gammon.InvalidInputError, match="current game"):
        series.new_game()


def test_a_series_with_a_target_ends_when_it_is_reached() -> None:
    series = Series(target=3, seed=5)
    while not series.is_over:
        series.play_game()
    winner = series.winner
    assert winner is not None and series.scores[winner] >= 3
    with pytest.raises(gammon.InvalidInputError, match="over"):
        series.new_game()


def test_series_with_the_same_seed_are_identical() -> None:
    def run() -> list[SeriesGame]:
        s = Series(NardySettings(last_roll=True), seed=99)
        for _ in range(2):
            s.play_game()
        return s.games

    assert run() == run()


SETTING_CHOICES = list(
    itertools.product(
        ["oin", "mars"],
        ["off", "no_checker_home", "checker_in_start_quarter"],
        [False, True],
        ["to_loser", "alternate"],
        ["head_blocked", "unconditional"],
        ["every_step", "end_of_turn"],
    )
)


@pytest.mark.parametrize(
    "choice",
    [c for c in SETTING_CHOICES if c[0] == "mars" or c[1] == "off"],
    ids=lambda c: "-".join(str(x) for x in c),
)
def test_a_whole_series_plays_under_every_setting(
    choice: tuple[str, str, bool, str, str, str],
) -> None:
    end_variant, koks, last_roll, first_move, first_turn, block_check = choice
    settings = NardySettings(end_variant, koks, last_roll, first_move, first_turn, block_check)
    series = Series(settings, players=("A", "B"), seed=zlib.crc32(repr(choice).encode()))
    for _ in range(2):
        game = series.new_game()
        assert game.position.block_check == block_check
        result = play_out(game)
        assert result.points in ({0, 1} if end_variant == "oin" else {0, 1, 2, 3})
        assert (result.winner is None) <= last_roll, "a draw needs the last roll (LN-37)"
    games = series.games
    assert len(games) == 2
    assert sum(series.scores.values()) == sum(g.result.points for g in games)
    assert games[1].white == next_starter(games[0], settings)
