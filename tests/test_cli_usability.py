"""The command line as a new user meets it: --version, simulations,
every kind of position ID, unambiguous `plays` arguments, clear errors for impossible counts,
a quiet exit on a closed pipe, help without escapes, --resume, documented exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import gammon
from gammon.cli import EXIT_CODES, main

START = "4HPwATDgc/ABMA"
GNUBG_ID = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
# The start with White to play 5-2 (XGID-1..XGID-3).
XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_version_option_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out.strip() == f"gammon {gammon.__version__}"


@pytest.mark.parametrize("games", ["0", "-5", "many", "1.5"])
def test_impossible_game_counts_exit_2_with_a_clear_message(
    games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["rollout", "--games", games, "--quiet"], capsys)
    assert code == 2 and out == ""
    assert "argument --games" in err
    assert "18446744073709551615" not in err  # no internal bound as the message
    assert "must be at least 1" in err or "is not a whole number" in err


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "match", "0"],
        ["simulate", "match", "3", "--matches", "0"],
        ["simulate", "money", "--games", "-1"],
        ["rollout", "--threads", "0"],
        ["rollout", "--max-seconds", "0"],
    ],
)
def test_other_impossible_counts_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run([*args, "--quiet"], capsys)
    assert code == 2 and "error: argument" in err


def test_a_mistyped_option_names_its_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["rollout", "--gamez", "5"], capsys)
    assert code == 2
    assert "usage: gammon rollout" in err and "unrecognized arguments: --gamez 5" in err
    code, _, err = run(["simulate", "money", "--jacobi"], capsys)
    assert code == 2 and "usage: gammon simulate money" in err


@pytest.mark.parametrize(
    "command",
    [[], ["rollout"], ["simulate"], ["simulate", "match"], ["simulate", "money"], ["plays"]],
)
def test_help_texts_have_no_escapes_and_explain_every_option(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run([*command, "--help"], capsys)
    assert code == 0
    assert "%%" not in out and "%(" not in out
    assert "exit status:" in out
    for status in EXIT_CODES:
        assert f"  {status} " in out
    # Every option line carries an explanation (argparse puts it on the same line or the
    # next, indented).
    lines = out.splitlines()
    for i, line in enumerate(lines):
        stripped = line.strip()
        if line.startswith("  -") and stripped.startswith("-"):
            rest = stripped.split("  ", 1)
            explained = len(rest) == 2 and rest[1].strip()
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            assert explained or nxt.startswith(" " * 10), f"unexplained option: {line!r}"


def test_no_quasi_random_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["rollout", "--help"], capsys)
    text = " ".join(out.split())
    assert "--no-quasi-random plain random dice throughout" in text
    assert "stratified" in text and "variance" in text


def test_plays_reads_a_lone_roll_as_the_roll(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["plays", "31"], capsys)
    assert code == 0 and "dice 31: 16 legal plays" in out and START in out
    code, out, _ = run(["plays", "6-4"], capsys)
    assert code == 0 and "dice 64:" in out


def test_plays_takes_position_and_roll_in_either_order(capsys: pytest.CaptureFixture[str]) -> None:
    _, a, _ = run(["plays", START, "64"], capsys)
    _, b, _ = run(["plays", "64", START], capsys)
    _, c, _ = run(["plays", "--position", START, "--dice", "64"], capsys)
    assert a == b == c and "dice 64:" in a
    code, _, err = run(["plays", "31", "42"], capsys)
    assert code == 2 and "one too many" in err


def test_position_accepts_gnubg_ids_and_xgids(capsys: pytest.CaptureFixture[str]) -> None:
    # ID-6: a gnubg ID; its Match ID's dice (none here) are not needed.
    code, out, _ = run(["plays", GNUBG_ID, "31"], capsys)
    assert code == 0 and "dice 31: 16 legal plays" in out
    # XGID-1: the XGID has the roll 52, used when no roll is given.
    code, out, _ = run(["plays", XGID], capsys)
    assert code == 0 and "dice 52:" in out and START in out
    for position in (GNUBG_ID, XGID):
        code, out, _ = run(
            [
                "rollout",
                "--position",
                position,
                "--games",
                "200",
                "--seed",
                "1",
                "--json",
                "--quiet",
            ],
            capsys,
        )
        assert code == 0 and json.loads(out)["position"] == START


@pytest.mark.parametrize("position", [GNUBG_ID, XGID])
def test_a_gnubg_id_or_xgid_is_refused_for_long_nardy(
    position: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["plays", position, "--variant", "narde"], capsys)
    assert code == 2 and out == ""
    assert "backgammon positions only" in err and "long-nardy" in err


def test_turn_cannot_contradict_an_id_that_names_the_player_on_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["plays", XGID, "--turn", "black"], capsys)
    assert code == 2 and "the ID says who is on roll" in err


def test_simulate_match_prints_the_match_share(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "match", "3", "--matches", "200", "--seed", "1", "--quiet"]
    code, out, _ = run([*args, "--player", "pubeval+race", "--opponent", "random"], capsys)
    assert code == 0
    assert "3-point matches: pubeval+race vs random+never" in out
    # A sweep prints the one-sided 95% bound (the rule of three), not "1.0000 ± 0.0000".
    assert "wins every match: 1.0000, at least 0.9851 with 95% confidence" in out
    assert "random+never never doubles" in out
    code, out, _ = run([*args, "--json", "--player", "pubeval", "--opponent", "random"], capsys)
    data = json.loads(out)
    assert data["kind"] == "match" and data["matches"] == 200 and data["seed"] == 1
    assert data["win"] > 0.9  # MATCH-1: pubeval beats random almost every time
    lo, hi = data["ci95"]
    assert lo <= data["win"] <= hi


def test_simulate_money_takes_the_money_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "money", "--games", "3000", "--seed", "2", "--json", "--quiet"]
    args += ["--player", "pubeval+race"]  # the fast baseline (the net is the default)
    code, out, _ = run([*args, "--jacoby", "--beavers", "--opponent", "random+never"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 3000 and data["players"] == ["pubeval+race", "random+never"]
    assert data["points_per_game"] > 0.5
    # The same seed through the library gives the same figures (SIM reproducibility).
    lib = gammon.simulate_money(
        3000,
        players=(gammon.Player("pubeval", "race"), "random"),
        seed=2,
        cube_rules=gammon.CubeRules(jacoby=True, beavers=True),
    )
    assert data["net_points"] == lib.net_points
    code, out, _ = run([*args, "--no-cube"], capsys)
    assert json.loads(out)["mean_cube"] == 1.0


def test_resume_continues_a_checkpointed_rollout_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ck = tmp_path / "ck.json"
    common = ["--quiet", "--json", "--threads", "2"]
    code, _, _ = run(
        ["rollout", "--games", "700", "--seed", "5", "--checkpoint", str(ck), *common], capsys
    )
    assert code == 0 and json.loads(ck.read_text())["rollout"]["games"] == 700
    # --games with --resume: the total to reach.
    code, out, _ = run(["rollout", "--resume", str(ck), "--games", "1300", *common], capsys)
    resumed = json.loads(out)
    _, out, _ = run(["rollout", "--games", "1300", "--seed", "5", *common], capsys)
    whole = json.loads(out)
    assert resumed["games"] == whole["games"] == 1300
    assert resumed["equity"] == whole["equity"] and resumed["shares"] == whole["shares"]
    # The checkpoint was brought up to date: resuming it again plays nothing more.
    code, out, _ = run(["rollout", "--resume", str(ck), *common], capsys)
    assert code == 0 and json.loads(out)["games"] == 1300


def test_resume_refuses_setup_options_and_bad_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ck = tmp_path / "ck.json"
    run(["rollout", "--games", "100", "--seed", "1", "--checkpoint", str(ck), "--quiet"], capsys)
    code, _, err = run(["rollout", "--resume", str(ck), "--seed", "2", "--quiet"], capsys)
    assert code == 2 and "do not pass --seed" in err
    code, _, err = run(["rollout", "--resume", str(tmp_path / "missing.json")], capsys)
    assert code == 2 and "cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    code, _, err = run(["rollout", "--resume", str(bad), "--games", "10"], capsys)
    assert code == 2 and "not a rollout checkpoint" in err
    code, _, err = run(["rollout", "--save", str(ck), "--quiet"], capsys)
    assert code == 2 and "unrecognized arguments: --save" in err


def test_a_closed_pipe_ends_quietly_with_status_141() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "gammon", "plays", "31"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away before the first line is written
    with proc.stderr:
        err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_a_broken_pipe_inside_main_returns_141(monkeypatch: pytest.MonkeyPatch) -> None:
    class Closed:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            raise OSError("no descriptor")

    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["plays", "31"]) == 141


def test_a_file_that_cannot_be_read_or_written_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.mat")
    for args in (["replay", missing], ["convert", missing, str(tmp_path / "m.sgf")]):
        code, out, err = run(args, capsys)
        assert code == 2 and out == ""
        assert err == f"gammon: error: cannot read {missing}: No such file or directory\n"
    match = str(Path(__file__).parent / "data" / "gnubg" / "selfplay-7pt-seed7.mat")
    target = str(tmp_path / "no" / "such" / "m.sgf")
    code, _, err = run(["convert", match, target], capsys)
    assert code == 2 and err.startswith(f"gammon: error: {target}: ") and "Traceback" not in err


def test_rollout_options_reach_the_settings_and_run_options_by_their_names() -> None:
    # An option whose destination is a RolloutSettings or RunOptions field is passed on by
    # that name, with no other code; the others keep the fields' defaults.
    from gammon.cli import _build_parser, _run, _settings

    argv = ["rollout", "--truncate-after", "7", "--no-quasi-random", "--chunk-size", "99"]
    args = _build_parser().parse_args(argv)
    settings = _settings(args, gammon.Position.start(), None)
    assert settings == gammon.RolloutSettings(truncate_after=7, quasi_random=False)
    assert _run(args) == gammon.RunOptions(chunk_size=99, progress=True)
