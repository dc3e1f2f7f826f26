"""gammon.rollout_cube and gammon rollout --cube-decision: cube decisions rolled out on common
dice (CUBE-5, CUBE-6, CUBE-12, MATCH-1, MATCH-3)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import gammon
from gammon.cli import _score as parse_score
from gammon.cli import main
from gammon.errors import CheckpointError, InvalidInputError
from gammon.rollout_cube import CubeRolloutResult, rollout_cube

# One checker on the 3 point and one on the 1 point against one checker on the 1 point: 34
# rolls in 36 bear off, and the opponent wins on their turn. A clear double/pass.
RACE = gammon.Position.from_checkers({3: 1, 1: 1}, {1: 1})
# The player on roll 75 pips behind 30 with nothing to hope for: a clear no double.
BEHIND = gammon.Position.from_checkers({6: 5, 5: 5, 4: 5}, {3: 5, 2: 5, 1: 5})
# An opening-like middle game: 6-5 run against 3-1 made point, the runner's side on roll.
MIDDLE = gammon.Position.from_checkers(
    {24: 2, 13: 5, 8: 3, 6: 5},
    {24: 1, 18: 1, 13: 4, 8: 2, 6: 4, 5: 2, 16: 1},
)


def figures(r: CubeRolloutResult) -> tuple[Any, ...]:
    """Everything a cube rollout computes (not how it ran)."""
    return (
        r.games_completed,
        r.no_double,
        r.double_take,
        r.double_pass,
        r.double_beaver,
        r.std_errors,
        r.difference,
        r.probabilities,
        r.action,
        r.ranges,
    )


def test_cube6_double_pass_is_plus_one_exactly_in_money_play() -> None:
    r = rollout_cube(RACE, 72, seed=3)
    assert r.double_pass == 1.0
    assert r.std_errors[2] == 0.0
    # No double: +1 in 34 rolls of 36, -1 in 2 (the opponent doubles the player out);
    # double/take: twice that at the 2-cube. Stratified first rolls make it exact.
    assert r.no_double == pytest.approx(32 / 36, abs=1e-12)
    assert r.double_take == pytest.approx(64 / 36, abs=1e-12)
    assert r.action == "Double, pass" and r.should_double and not r.should_take
    assert r.mwc is None and r.is_money
    assert "Proper cube action: Double, pass" in str(r)


def test_match1_double_pass_is_the_met_value_at_the_score() -> None:
    score = gammon.MatchScore(7, (2, 3))
    r = rollout_cube(RACE, 72, seed=3, score=score)
    assert not r.is_money and r.score == score
    assert r.mwc is not None
    # White (on roll) is 5 away, Black 4 away: a double passed leaves both 4 away.
    met = gammon.met.kazaross_xg2()
    assert r.mwc[2] == pytest.approx(met.mwc(4, 4), abs=1e-12)
    assert r.double_pass == pytest.approx(1.0)
    lose = met.mwc(5, 3)
    assert r.mwc[0] == pytest.approx((34 * met.mwc(4, 4) + 2 * lose) / 36, abs=1e-7)
    assert r.action == "Double, pass"
    assert "MWC" in str(r)


def test_common_dice_pay_the_paired_error_is_below_the_unpaired_one() -> None:
    r = rollout_cube(MIDDLE, 300, seed=5, policy="pubeval")
    d, se = r.difference
    assert d == pytest.approx(r.no_double - r.double_take)
    assert 0.0 < se < 0.8 * r.unpaired_std_error


def test_the_same_result_on_one_and_two_threads_and_on_an_executor() -> None:
    args: dict[str, Any] = {"seed": 9, "policy": "pubeval"}
    one = rollout_cube(MIDDLE, 200, threads=1, **args)
    two = rollout_cube(MIDDLE, 200, threads=2, chunk_size=13, **args)
    assert figures(two) == figures(one)
    with ThreadPoolExecutor(2) as pool:
        spread = rollout_cube(MIDDLE, 200, executor=pool, games_per_task=70, **args)
    assert figures(spread) == figures(one)
    # Ranges run apart merge into the whole.
    a = rollout_cube(MIDDLE, 120, **args)
    b = rollout_cube(MIDDLE, 80, first_game=120, **args)
    assert figures(a.merge(b)) == figures(one)


def test_a_checkpoint_resumed_gives_the_result_of_one_run(tmp_path: Path) -> None:
    path = tmp_path / "cube.json"
    args: dict[str, Any] = {"seed": 4, "policy": "pubeval", "cube": gammon.CubeRules(beavers=True)}
    part = rollout_cube(MIDDLE, 100, checkpoint=path, **args)
    assert part.games_completed == 100 and path.exists()
    assert part.double_beaver is not None  # beavers on: the beaver line (CUBE-12)
    text = path.read_text()
    assert "gammon.cube-rollout/1" in text
    # read_checkpoint reads it as every run's file, and its resume continues the same run.
    saved = gammon.read_checkpoint(path)
    assert isinstance(saved.result, CubeRolloutResult)
    assert saved.result.games_completed == 100 and saved.games == 100
    other = tmp_path / "other.json"
    other.write_text(text)
    resumed = gammon.read_checkpoint(other).resume(250)
    whole = rollout_cube(MIDDLE, 250, checkpoint=path, **args)
    assert figures(whole) == figures(rollout_cube(MIDDLE, 250, **args)) == figures(resumed)
    # Another score does not continue it.
    with pytest.raises(CheckpointError, match="rolled out at"):
        rollout_cube(MIDDLE, 300, checkpoint=path, score=gammon.MatchScore(5), **args)
    # An edited one is refused.
    path.write_text(text.replace('"sums": [', '"sums": [1', 1))
    with pytest.raises(CheckpointError):
        rollout_cube(MIDDLE, 300, checkpoint=path, **args)


def test_cube3_match3_a_player_who_may_not_double_is_refused_clearly() -> None:
    theirs = gammon.Cube(2, gammon.Color.BLACK)
    on_roll = MIDDLE.turn
    assert on_roll == gammon.Color.WHITE
    with pytest.raises(InvalidInputError, match="CUBE-3"):
        rollout_cube(MIDDLE, 10, cube=theirs)
    crawford = gammon.MatchScore(5, (4, 1), crawford_game=True)
    with pytest.raises(InvalidInputError, match="MATCH-3"):
        rollout_cube(MIDDLE, 10, score=crawford)
    with pytest.raises(InvalidInputError, match="LN-38"):
        rollout_cube(gammon.Position.start("long-nardy"), 10)
    with pytest.raises(InvalidInputError, match="0, 1 or 2"):
        rollout_cube(MIDDLE, 10, plies=3)


def test_searched_play_reaches_the_cube_rollout() -> None:
    # The depth is part of what decides the games: the setup (and so the checkpoint) has it.
    searched = rollout_cube(RACE, 4, seed=5, plies=1)
    assert tuple(searched.setup.plies) == (1, 1)
    assert tuple(rollout_cube(RACE, 4, seed=5).setup.plies) == (0, 0)


@pytest.mark.parametrize("position", [RACE, BEHIND])
def test_the_rollout_agrees_in_sign_with_cube_decision_where_it_is_clear(
    position: gammon.Position,
) -> None:
    evaluated = gammon.cube_decision(position)
    rolled = rollout_cube(position, 144, seed=2)
    assert rolled.should_double == evaluated.should_double
    assert rolled.should_take == evaluated.should_take
    d, se = rolled.difference
    assert abs(d) > 3 * se


def test_score_text_and_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    s = parse_score("2-3/7")
    assert s.length == 7 and s.score == (2, 3) and not s.is_crawford_game
    assert parse_score("6-3/7").is_crawford_game
    with pytest.raises(InvalidInputError, match="give money, or W-B/N"):
        parse_score("2:3")
    args = ["rollout", "--position", RACE.id, "--cube-decision", "--games", "72", "--quiet"]
    assert main([*args, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Proper cube action: Double, pass" in out
    assert main([*args, "--seed", "1", "--score", "2-3/7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["action"] == "Double, pass" and data["money"] is False
    assert data["double_pass"] == [1.0, 0.0]
