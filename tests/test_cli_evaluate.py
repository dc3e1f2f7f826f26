"""``gammon evaluate``: the net's value of a position, over ``gammon.evaluate``."""

from __future__ import annotations

import json

import pytest

import gammon
from gammon.cli import main

GNUBG_ID = "4HPwATDgc/ABMA:cAkAAAAAAAAA"  # the start, money, cube 1 centred (ID-6)
# The start in a 7-point match at 2-1 for White, White on roll (XGID-1..XGID-3).
XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:1:0:7:10"


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["evaluate", *args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_a_position_id_is_valued_cubeless_as_gammon_evaluate_values_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = gammon.evaluate(gammon.Position.start())
    data = run_json([], capsys)
    assert data["position"] == "4HPwATDgc/ABMA" and data["variant"] == "backgammon"
    assert data["equity"] == expected.equity and data["win"] == expected.win
    assert data["cubeful_equity"] is None and data["match_winning_chance"] is None
    assert main(["evaluate", "4HPwATDgc/ABMA"]) == 0
    out = capsys.readouterr().out
    assert "evaluation for the player on roll at 0 ply (the net)" in out
    assert f"cubeless equity {expected.equity:+.3f}" in out and "cubeful" not in out


def test_a_gnubg_id_brings_its_cube_and_money_play(capsys: pytest.CaptureFixture[str]) -> None:
    expected = gammon.evaluate(gammon.Game.from_id(GNUBG_ID))
    data = run_json([GNUBG_ID], capsys)
    assert expected.cubeful_equity is not None
    assert data["cubeful_equity"] == expected.cubeful_equity
    assert data["match_winning_chance"] is None  # money play
    assert main(["evaluate", GNUBG_ID]) == 0
    out = capsys.readouterr().out
    assert f"cubeful equity {expected.cubeful_equity:+.3f} (money, per unit of the cube)" in out


def test_an_xgid_at_a_match_score_gives_the_match_winning_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = gammon.evaluate(gammon.Game.from_id(XGID), plies=1)
    data = run_json([XGID, "--plies", "1"], capsys)
    assert data["plies"] == 1
    assert data["match_winning_chance"] == expected.match_winning_chance
    assert data["cubeful_equity"] == expected.cubeful_equity
    assert main(["evaluate", XGID, "--plies", "1"]) == 0
    out = capsys.readouterr().out
    assert expected.match_winning_chance is not None
    assert f"match winning chance {100 * expected.match_winning_chance:.1f}%" in out


def test_cube_and_score_options_value_a_position_id_cubeful(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # MATCH-1: White 2, Black 1 in a match to 7; a centred cube at 1.
    score = gammon.MatchScore(7, (2, 1))
    expected = gammon.evaluate(gammon.Position.start(), cube=gammon.Cube(), score=score)
    data = run_json(["--score", "2-1/7"], capsys)
    assert data["match_winning_chance"] == expected.match_winning_chance
    # CUBE-1, CUBE-3: a cube at 2 owned by the player on roll is worth more than a centred 1.
    owned = gammon.evaluate(gammon.Position.start(), cube=gammon.Cube(2, "white"))
    data = run_json(["--cube-value", "2", "--cube-owner", "white"], capsys)
    assert data["cubeful_equity"] == owned.cubeful_equity
    # --score overrides the money play of a gnubg ID, keeping its cube.
    data = run_json([GNUBG_ID, "--score", "2-1/7"], capsys)
    assert data["match_winning_chance"] == expected.match_winning_chance
    assert run_json([XGID, "--score", "money"], capsys)["match_winning_chance"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--score", "3-x"], "--score '3-x'"),
        (["--plies", "3"], "argument --plies"),
        (["nonsense"], "gammon: error:"),
        (["--cube-value", "0"], "argument --cube-value"),
    ],
)
def test_bad_input_exits_2_naming_it(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["evaluate", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_long_nardy_is_shown_in_its_own_terms(capsys: pytest.CaptureFixture[str]) -> None:
    # LN-33, LN-35: Mars and Koks, not gammons and backgammons.
    assert main(["evaluate", "--variant", "long-nardy"]) == 0
    out = capsys.readouterr().out
    assert "w m" in out and "l k" in out and "w g" not in out
    assert run_json(["--variant", "narde"], capsys)["variant"] == "long-nardy"
