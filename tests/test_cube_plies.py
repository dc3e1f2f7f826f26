"""Cube decisions searched inside cubeful rollouts: ``cube_plies=`` (the net's cube policy
asking the cubeful search 1 or 2 plies deep, as ``gammon.cube_decision(plies=...)`` does)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import gammon
from gammon import _core
from gammon.cli import main
from gammon.errors import InvalidInputError

START = gammon.Position.start()


def pos(me: dict[int, int], opp: dict[int, int]) -> gammon.Position:
    return gammon.Position.from_checkers(me, opp)  # type: ignore[arg-type]


# A race the player on roll leads by 50 pips: a cash; and one about even: no double.
RACE_CASH = pos({6: 4, 5: 4, 4: 2}, {6: 8, 5: 6, 4: 1})
RACE_EVEN = pos({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5})
# A race the player on roll leads by a little: near the doubling window.
RACE_CLOSE = pos({6: 4, 5: 4, 4: 3, 3: 2}, {6: 5, 5: 4, 4: 4, 3: 2})


def _positions(count: int, seed: int = 5) -> list[gammon.Position]:
    """Positions before the roll from a game the 0-ply net plays against itself, and races."""
    rng = random.Random(seed)
    p = START
    out = [RACE_CASH, RACE_EVEN, RACE_CLOSE]
    while len(out) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = p.legal_plays(dice)
        p = (
            p.pass_turn()
            if len(plays) == 0
            else plays[_core._choose_play(plays, "net", 0, 0)].after
        )
        if p.is_game_over():
            p = START
        elif rng.random() < 0.3:
            out.append(p)
    return out


BOARDS = [None, gammon.MatchScore(7, (3, 4)), gammon.MatchScore(5, (1, 3))]


def _offer(p: gammon.Position, board: object, plies: int) -> str:
    return _core._cube_decision(p, "net", p.turn, gammon.Cube(), board, False, plies=plies)  # type: ignore[arg-type]


def _answer(p: gammon.Position, board: object, plies: int) -> str:
    offer = gammon.CubeOffer(p.turn, p.turn, 2)
    cube = gammon.Cube(offer=offer)
    return _core._cube_decision(p, "net", p.turn.other(), cube, board, False, plies=plies)  # type: ignore[arg-type]


@pytest.mark.parametrize(("plies", "count"), [(1, 24), (2, 3)])
def test_the_searched_cube_policy_decides_as_cube_decision(plies: int, count: int) -> None:
    """The cube policy at ``plies`` doubles and answers as ``cube_decision(plies=...)``'s action,
    money and match play (CUBE-4, CUBE-5, CUBE-6)."""
    doubles = passes = differ = 0
    for p in _positions(count):
        for board in BOARDS:
            d = gammon.cube_decision(p, cube=gammon.Cube(), score=board, plies=plies)
            assert _offer(p, board, plies) == ("double" if d.should_double else "roll"), (p, d)
            want = "drop" if d.taker_action == "pass" else "take"
            assert _answer(p, board, plies) == want, (p, board, d)
            doubles += d.should_double
            passes += d.taker_action == "pass"
            zero = gammon.cube_decision(p, cube=gammon.Cube(), score=board, plies=0)
            differ += (zero.should_double, zero.taker_action) != (d.should_double, d.taker_action)
    assert doubles > 0 and passes > 0
    if plies == 1:
        # Searching changes some decisions, so the depth is really asked.
        assert differ > 0


def test_the_cube_policy_at_zero_plies_is_the_plain_net() -> None:
    for p in _positions(12, seed=8):
        for board in BOARDS:
            assert _offer(p, board, 0) == _core._cube_decision(
                p, "net", p.turn, gammon.Cube(), board, False
            )


def test_cubeful_rollouts_with_cube_plies_do_not_depend_on_threads() -> None:
    kw = {"policy": "net", "cube": "net", "cube_plies": 1, "seed": 3}
    one = gammon.rollout(START, 24, threads=1, chunk_size=5, **kw)  # type: ignore[arg-type]
    two = gammon.rollout(START, 24, threads=2, chunk_size=5, **kw)  # type: ignore[arg-type]
    assert one.doubles_per_game > 0
    assert one.points_per_game == two.points_per_game
    assert one.doubles_per_game == two.doubles_per_game and one.won_by_drop == two.won_by_drop
    assert one.setup.cube_plies == (1, 1)
    zero = gammon.rollout(START, 24, threads=1, **{**kw, "cube_plies": 0})  # type: ignore[arg-type]
    assert zero.setup.cube_plies == (0, 0)


def test_cube_plies_is_refused_by_name_where_it_does_not_apply() -> None:
    with pytest.raises(
        InvalidInputError,
        match=r"cube_plies=1 cannot be searched by the cube policy 'race'.*0, 1 or 2",
    ):
        gammon.rollout(RACE_CLOSE, 4, cube="race", cube_plies=1, seed=1)
    with pytest.raises(InvalidInputError, match=r"cube_plies=3 is too deep.*0, 1 or 2"):
        gammon.rollout(RACE_CLOSE, 4, cube="net", cube_plies=3, seed=1)
    with pytest.raises(InvalidInputError, match=r"cube_plies applies to cubeful rollouts only"):
        gammon.rollout(RACE_CLOSE, 4, policy="net", cube_plies=1, seed=1)
    with pytest.raises(InvalidInputError, match=r"cube_plies must be 0, 1 or 2"):
        gammon.rollout(RACE_CLOSE, 4, cube="net", cube_plies=(1, 2, 3), seed=1)
    with pytest.raises(InvalidInputError, match=r"0, 1 or 2.*net's cube policy only"):
        _core._cube_decision(
            RACE_CLOSE, "never", RACE_CLOSE.turn, gammon.Cube(), None, False, plies=1
        )


def test_checkpoints_keep_cube_plies_only_when_searched_and_a_resume_keeps_them(
    tmp_path: Path,
) -> None:
    plain, searched = tmp_path / "plain.json", tmp_path / "searched.json"
    kw = {"policy": "net", "cube": "net", "seed": 2, "threads": 1}
    gammon.rollout(RACE_CLOSE, 8, checkpoint=plain, **kw)  # type: ignore[arg-type]
    assert "cube_plies" not in json.loads(plain.read_text())["rollout"]
    first = gammon.rollout(RACE_CLOSE, 8, checkpoint=searched, cube_plies=(1, 0), **kw)  # type: ignore[arg-type]
    assert json.loads(searched.read_text())["rollout"]["cube_plies"] == [1, 0]
    # Another depth for the same file is refused by name.
    with pytest.raises(Exception, match="cube_plies"):
        gammon.rollout(RACE_CLOSE, 16, checkpoint=searched, cube_plies=0, **kw)  # type: ignore[arg-type]
    again = gammon.rollout(RACE_CLOSE, 16, checkpoint=searched, cube_plies=(1, 0), **kw)  # type: ignore[arg-type]
    assert again.games_completed == 16 and again.setup.cube_plies == (1, 0)
    assert first.setup.cube_plies == (1, 0)


def test_cli_rollout_takes_cube_plies(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["rollout", "--position", RACE_CLOSE.id, "--games", "8", "--seed", "4", "--threads", "1"]
    assert (
        main([*args, "--policy", "net", "--cube", "net", "--cube-plies", "1", "--json", "--quiet"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    api = gammon.rollout(RACE_CLOSE, 8, policy="net", cube="net", cube_plies=1, seed=4, threads=1)
    assert out["equity"] == pytest.approx(api.equity)
    assert main([*args, "--cube", "race", "--cube-plies", "1"]) != 0
    assert "cube_plies=1 cannot be searched" in capsys.readouterr().err
