"""The gammon command line: ``gammon rollout``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gammon.cli import main


def test_rollout_prints_a_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rollout", "--games", "2000", "--seed", "1", "--threads", "2"]) == 0
    out, err = capsys.readouterr()
    assert "4HPwATDgc/ABMA" in out and "seed 1" in out and "net," in out  # the default player
    assert "on roll" in out and "opponent" in out and "backgammon" in out
    assert "cubeless equity" in out and "(95%), CI" in out
    assert "2,000 games" in out
    assert "2.00k/2.00k" in err  # the progress bar


def test_rollout_json_is_machine_readable_and_reproducible(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["rollout", "--games", "1500", "--seed", "9", "--json", "--quiet"]
    assert main([*args, "--threads", "1"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*args, "--threads", "2", "--chunk-size", "77"]) == 0
    second = json.loads(capsys.readouterr().out)
    for key in ("equity", "std_error", "win", "win_gammon", "lose_backgammon", "shares"):
        assert first[key] == second[key]
    assert first["games"] == 1500 and first["seed"] == 9 and first["opening"] is True
    assert first["policies"] == ["net", "net"]  # the default player
    lo, hi = first["ci95"]
    assert lo < first["equity"] < hi


def test_rollout_takes_a_position_variant_and_policies(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "rollout",
            "--variant",
            "nackgammon",
            "--games",
            "300",
            "--seed",
            "2",
            "--policy",
            "heuristic",
            "--opponent-policy",
            "random",
            "--json",
            "--quiet",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "nackgammon"
    assert data["policies"] == ["heuristic", "random"]
    assert data["win"] > 0.8
    code = main(
        [
            "rollout",
            "--position",
            "4HPwATDgc/ABMA",
            "--no-opening",
            "--games",
            "100",
            "--json",
            "--quiet",
            "--seed",
            "1",
        ]
    )
    assert code == 0
    assert json.loads(capsys.readouterr().out)["opening"] is False


@pytest.mark.parametrize(
    "args",
    [
        ["rollout", "--policy", "gnubg", "--games", "10"],
        ["rollout", "--variant", "chess", "--games", "10"],
        ["rollout", "--position", "nonsense", "--games", "10"],
        ["rollout", "--games", "-5"],
        ["rollout", "--threads", "0", "--games", "10"],
    ],
)
def test_bad_arguments_exit_with_status_2_and_a_message(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--quiet"]) == 2
    err = capsys.readouterr().err
    # Input errors print "gammon: error: ..."; unreadable options the command's usage and
    # "gammon rollout: error: ...".
    assert "gammon: error:" in err or "gammon rollout: error:" in err


def test_python_dash_m_gammon_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gammon", "rollout", "--games", "200", "--seed", "4", "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "cubeless equity" in done.stdout


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "rollout" in capsys.readouterr().out


def test_ctrl_c_prints_the_games_finished_so_far_and_exits_130() -> None:
    import signal

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gammon",
            "rollout",
            "--games",
            "1000000000",
            "--seed",
            "3",
            "--policy",
            "random",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    # Wait until games are finished (the bar shows the equity), then press Ctrl-C.
    seen = ""
    while "equity" not in seen:
        char = proc.stderr.read(1)
        assert char, "the command ended before the rollout started"
        seen += char
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert "interrupted after" in out
    assert "cubeless equity" in out
