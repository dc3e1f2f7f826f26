"""The command line and ``gammon serve`` leave each check to its owner: the position's game,
the core's names and policy checks, an ID's cube and score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gammon
from gammon.cli import main
from gammon.serve import Engine

# A 7-point match at 2-1, the cube at 2 owned by White, White on roll (XGID-1..XGID-3).
XGID = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:1:0:7:10"


def test_a_long_nardy_position_without_a_roll_has_no_cube_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """LN-38: a Position ID of Long Nardy names the missing cube, not a cube the player lacks."""
    position = gammon.Position.start("long-nardy").id
    assert main(["hint", position, "--variant", "long-nardy"]) == 2
    err = capsys.readouterr().err
    assert "Long Nardy has no cube decision (LN-38)" in err and "cannot double" not in err


def test_a_cube_decision_starts_from_the_cube_and_score_of_the_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CUBE-3, MATCH-1: the ID's cube (2, White's) and score (2-1 to 7) unless options say else."""
    args = ["rollout", "--cube-decision", "--games", "36", "--seed", "3", "--threads", "1"]
    assert main([*args, "--position", XGID, "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = gammon.Game.from_id(XGID)
    same = gammon.rollout_cube(game.position, 36, cube=game.cube, score=game.match, seed=3)
    assert data["money"] is False and data["no_double"] == [same.no_double, same.std_errors[0]]
    assert main([*args, "--position", XGID, "--score", "money", "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["money"] is True


def test_serve_leaves_the_policy_checks_to_the_core() -> None:
    with pytest.raises(gammon.InvalidInputError, match=r"the policy .*choose\(position, plays\)"):
        Engine(lambda position, plays: 0)  # type: ignore[arg-type]  # no choose method
    with pytest.raises(gammon.InvalidInputError, match=r"the cube policy .*double"):
        Engine("pubeval", 3)  # type: ignore[arg-type]
    assert Engine(" Pubeval ", "RACE").policy == " Pubeval "  # the core's spelling rules


def test_resume_refuses_a_comparison_checkpoint_by_its_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.json"
    gammon.rollout_many([gammon.Position.start()], 20, seed=1, threads=1, checkpoint=path)
    assert main(["rollout", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "ManyRolloutResult, not a rollout" in err and "--checkpoint FILE" in err
