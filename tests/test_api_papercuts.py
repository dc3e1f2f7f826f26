"""API papercuts: any callable is a policy; a Python policy refuses
threads > 1; one labelled meaning of ±; every public value type pickles."""

from __future__ import annotations

import pickle
import re

import pytest

import gammon
from gammon import InvalidInputError


def first_play(position: gammon.Position, plays: gammon.PlayList) -> int:
    return 0


class FirstPlay:
    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        return 0


def test_a_plain_function_is_a_policy() -> None:
    by_function = gammon.rollout(games=300, policy=first_play, seed=4)
    by_object = gammon.rollout(games=300, policy=FirstPlay(), seed=4)
    assert by_function.policies == ("first_play", "first_play")
    assert by_function.equity == by_object.equity and by_function.counts == by_object.counts
    # A lambda, a pair with a built-in, and a resume keep working.
    mixed = gammon.rollout(games=200, policy=(lambda pos, plays: plays[0], "random"), seed=1)
    assert mixed.policies == ("<lambda>", "random")
    assert mixed.resume(100).games_completed == 300


def test_a_function_can_return_the_play_itself() -> None:
    seen: list[int] = []

    def last(position: gammon.Position, plays: gammon.PlayList) -> gammon.Play:
        seen.append(len(plays))
        return plays[len(plays) - 1]

    r = gammon.rollout(games=20, policy=last, seed=2)
    assert r.games_completed == 20 and min(seen) >= 2


def test_a_function_is_a_player_of_simulations() -> None:
    m = gammon.simulate_match(1, players=(first_play, "pubeval"), matches=30, seed=3)
    assert m.names == ("first_play+never", "pubeval+never")
    assert isinstance(m.players[0].checker, gammon.FunctionPolicy)


def test_something_not_callable_is_refused_by_name() -> None:
    with pytest.raises(InvalidInputError, match="function f\\(position, plays\\)"):
        gammon.rollout(games=10, policy=42)  # type: ignore[arg-type]


@pytest.mark.parametrize("policy", [first_play, FirstPlay(), ("pubeval", FirstPlay())])
def test_a_python_policy_with_threads_above_one_is_an_error(policy: object) -> None:
    with pytest.raises(InvalidInputError, match="threads=2: a policy written in Python"):
        gammon.rollout(games=10, policy=policy, threads=2)  # type: ignore[arg-type]
    # One thread, or no thread count, is fine.
    assert gammon.rollout(games=10, policy=policy, threads=1).games_completed == 10  # type: ignore[arg-type]
    assert gammon.rollout(games=10, policy=policy).threads == 1  # type: ignore[arg-type]


def test_a_python_player_with_threads_above_one_is_an_error() -> None:
    with pytest.raises(InvalidInputError, match="threads=4"):
        gammon.simulate_money(10, players=(first_play, "pubeval"), threads=4)
    # Built-in policies may run on several threads.
    assert (
        gammon.simulate_money(100, players=("pubeval", "random"), threads=2).games_completed == 100
    )


PM = re.compile(r"([+-]?\d\.\d{4}) ± (\d\.\d{4}) \(95%\)")


def test_plus_minus_is_the_95_percent_half_width_everywhere() -> None:
    r = gammon.rollout(games=2000, seed=1, policy="pubeval")
    half = r.ci95[1] - r.equity
    for text in (repr(r), str(r)):
        found = PM.findall(text)
        assert found, text
        for _value, h in found:
            assert float(h) == pytest.approx(half, abs=1e-4)
    assert f"standard error {r.std_error:.4f}" in str(r)
    m = gammon.simulate_match(3, players=("pubeval", "heuristic"), matches=100, seed=1)
    assert 0 < m.win < 1
    for text in (repr(m), str(m)):
        ((_v, h),) = PM.findall(text)
        assert float(h) == pytest.approx(m.ci95[1] - m.win, abs=1e-4)
    # A side that wins every match gets a one-sided bound (the rule of three), not "± 0".
    sweep = gammon.simulate_match(3, players=("pubeval", "random"), matches=100, seed=1)
    assert sweep.win == 1.0 and sweep.ci95 == (pytest.approx(0.05 ** (1 / 100)), 1.0)
    assert "±" not in repr(sweep) and f"(>= {sweep.ci95[0]:.4f}, 95%)" in repr(sweep)
    s = gammon.simulate_money(500, players=("pubeval", "random"), seed=1)
    for text in (repr(s), str(s)):
        ((_v, h),) = PM.findall(text)
        assert float(h) == pytest.approx(s.ci95[1] - s.points_per_game, abs=1e-4)


def test_the_progress_bar_shows_the_same_plus_minus(capsys: pytest.CaptureFixture[str]) -> None:
    r = gammon.rollout(games=1296, seed=1, progress=True, policy="pubeval")
    err = capsys.readouterr().err
    found = PM.findall(err)
    assert found, err
    assert float(found[-1][1]) == pytest.approx(r.ci95[1] - r.equity, abs=1e-4)


@pytest.mark.parametrize("variant", ["backgammon", "nackgammon", "hypergammon-2", "long-nardy"])
def test_play_lists_pickle(variant: str) -> None:
    pos = gammon.Position.start(variant)
    for dice in ((3, 1), (6, 6), (5, 2)):
        plays = pos.legal_plays(dice)
        back = pickle.loads(pickle.dumps(plays))
        assert isinstance(back, gammon.PlayList)
        assert back.texts() == plays.texts() and back.dice == plays.dice
        assert back.position == plays.position and list(back) == list(plays)


def test_every_public_value_type_pickles() -> None:
    pos = gammon.Position.start()
    plays = pos.legal_plays((3, 1))
    game = gammon.Game(match=gammon.Match(length=5), cube=gammon.CubeRules())
    values: list[object] = [
        pos,
        plays,
        plays[0],
        plays[0].moves[0],
        gammon.Color.BLACK,
        gammon.Variant.LONG_NARDY,
        gammon.Position.from_checkers({}, {6: 5, 8: 3, 13: 6, 22: 1}).outcome(),
        game,
        gammon.CubeRules(jacoby=True),
        gammon.Match(length=7),
        gammon.Player("pubeval", "race"),
        gammon.rollout(games=100, seed=1, policy="pubeval"),
    ]
    for value in values:
        back = pickle.loads(pickle.dumps(value))
        assert type(back) is type(value)
        if not isinstance(value, gammon.Game):
            assert back == value, value


def test_unpickling_bad_data_raises_gammon_errors() -> None:
    from gammon import _core

    with pytest.raises(InvalidInputError, match="not a move"):
        _core._move_from_parts(3, 5, False)
    with pytest.raises(InvalidInputError, match="not a move"):
        _core._move_from_parts(26, 1, False)
    with pytest.raises(InvalidInputError, match="not an outcome kind"):
        _core._outcome_from_parts(gammon.Color.WHITE, "triple")


# -- IDs that cannot carry a variant ------------------------------------------------------------
# gnubg's Position ID (ID-1..ID-3) has no room for a variant: a backgammon ID read as Long Nardy
# used to give a Long Nardy board silently. Long Nardy Position IDs carry a mark in the four
# padding bits of their last character (gnubg writes them as zero), so each family refuses the
# other's IDs.


def test_a_backgammon_position_id_is_refused_as_long_nardy() -> None:
    with pytest.raises(gammon.ParseError, match="not a long-nardy Position ID"):
        gammon.Position.from_id("4HPwATDgc/ABMA", "long-nardy")


def test_a_long_nardy_position_id_is_refused_as_backgammon() -> None:
    nardy_id = gammon.Position.start("long-nardy").id
    for variant in ("backgammon", "nackgammon", "hypergammon-3"):
        with pytest.raises(gammon.ParseError, match="is a long-nardy Position ID"):
            gammon.Position.from_id(nardy_id, variant)


def test_a_long_nardy_position_id_names_its_variant() -> None:
    start = gammon.Position.start("long-nardy")
    assert gammon.Position.from_id(start.id) == start  # no variant needed
    assert gammon.Position.from_id(start.id, "narde") == start
    after = start.play("24/18(2)", dice=(6, 6))
    assert gammon.Position.from_id(after.id, turn=after.turn) == after
    # Backgammon IDs stay gnubg's (ID-3).
    assert gammon.Position.start().id == "4HPwATDgc/ABMA"


def test_the_command_line_refuses_a_backgammon_id_for_long_nardy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gammon.cli import main

    assert main(["plays", "4HPwATDgc/ABMA", "--variant", "narde"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "not a long-nardy Position ID" in captured.err
