"""Rollout checkpoints that survive SIGKILL: the state is written atomically at an
interval; a rollout started again with the same arguments and checkpoint continues it, and the
final result equals the uninterrupted run's exactly. Other arguments, a corrupt or an edited
file are refused with a CheckpointError naming what is wrong."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import gammon
from gammon.cli import main
from support import kill_when_it_has_progressed

GAMES = 20000
SEED = 77


def _games_in(path: Path) -> int:
    try:
        return int(json.loads(path.read_text())["rollout"]["games"])
    except (OSError, ValueError, KeyError):
        return 0


def test_a_rollout_killed_twice_then_resumed_equals_the_uninterrupted_run(
    tmp_path: Path,
) -> None:
    ck = tmp_path / "rollout.json"
    script = (
        f"import gammon; gammon.rollout(games={GAMES}, seed={SEED}, threads=1, "
        f"checkpoint={str(ck)!r}, checkpoint_every=0.1, policy='pubeval')"
    )
    first = kill_when_it_has_progressed([sys.executable, "-c", script], ck, _games_in, GAMES)
    # The second time through the command line: the same rollout, the same checkpoint.
    cli = [sys.executable, "-m", "gammon", "rollout", "--games", str(GAMES), "--seed", str(SEED)]
    cli += [
        "--policy",
        "pubeval",
        "--threads",
        "1",
        "--checkpoint",
        str(ck),
        "--checkpoint-every",
        "0.1",
        "--quiet",
    ]
    second = kill_when_it_has_progressed(cli, ck, _games_in, GAMES)
    assert second > first
    resumed = gammon.rollout(games=GAMES, seed=SEED, threads=1, checkpoint=ck, policy="pubeval")
    whole = gammon.rollout(games=GAMES, seed=SEED, threads=2, policy="pubeval")
    assert resumed == whole
    assert resumed.tally == whole.tally and resumed.ranges == ((0, GAMES),)
    assert gammon.read_checkpoint(ck).result == whole
    assert not [p for p in tmp_path.iterdir() if p.name != ck.name]  # no temporary files left


def test_a_checkpoint_of_other_arguments_is_refused_naming_them(tmp_path: Path) -> None:
    ck = tmp_path / "ck.json"
    gammon.rollout(games=500, seed=1, threads=1, checkpoint=ck, policy="pubeval")
    for kwargs, named in (
        ({"seed": 2}, "seed=1 there, seed=2 here"),
        ({"seed": 1, "policy": "random"}, "policy="),
        ({"seed": 1, "truncate": "bearoff"}, "truncate="),
        ({"seed": 1, "quasi_random": False}, "quasi_random="),
        ({"seed": 1, "first_game": 10}, "first_game="),
        ({"seed": 1, "position": "4HPwATDgc/ABMA", "opening": False}, "opening="),
    ):
        with pytest.raises(gammon.CheckpointError, match=named):
            gammon.rollout(games=500, threads=1, checkpoint=ck, **{"policy": "pubeval", **kwargs})  # type: ignore[arg-type]
    with pytest.raises(gammon.CheckpointError, match="ask for at least 500 games"):
        gammon.rollout(games=400, seed=1, threads=1, checkpoint=ck, policy="pubeval")
    # seed=None takes the checkpoint's seed; more games extend it.
    more = gammon.rollout(games=900, threads=1, checkpoint=ck, policy="pubeval")
    assert more == gammon.rollout(games=900, seed=1, threads=1, policy="pubeval")


def test_a_corrupt_or_edited_checkpoint_is_refused(tmp_path: Path) -> None:
    ck = tmp_path / "ck.json"
    gammon.rollout(games=300, seed=3, threads=1, checkpoint=ck, policy="pubeval")
    good = json.loads(ck.read_text())
    edited = json.loads(ck.read_text())
    edited["rollout"]["games"] += 1
    ck.write_text(json.dumps(edited))
    with pytest.raises(gammon.CheckpointError, match="integrity check"):
        gammon.rollout(games=300, seed=3, threads=1, checkpoint=ck, policy="pubeval")
    ck.write_text(json.dumps(good)[:-40])
    with pytest.raises(gammon.CheckpointError, match="not JSON"):
        gammon.rollout(games=300, seed=3, threads=1, checkpoint=ck, policy="pubeval")
    ck.write_text(json.dumps(good["rollout"]))  # a bare to_dict() is another format
    with pytest.raises(gammon.CheckpointError, match="not a rollout checkpoint file"):
        gammon.read_checkpoint(ck)
    with pytest.raises(gammon.CheckpointError, match="cannot read"):
        gammon.read_checkpoint(tmp_path / "missing.json")
    assert issubclass(gammon.CheckpointError, ValueError)


def test_checkpoints_keep_no_per_game_outcomes(tmp_path: Path) -> None:
    with pytest.raises(gammon.InvalidInputError, match="record_games"):
        gammon.rollout(
            games=10, seed=1, record_games=True, checkpoint=tmp_path / "x.json", policy="pubeval"
        )


def test_ctrl_c_writes_the_checkpoint_and_the_cli_resumes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ck = tmp_path / "ck.json"
    calls = []

    def stop(p: gammon.RolloutProgress) -> None:
        calls.append(p)
        if p.done >= 1296:
            raise KeyboardInterrupt

    part = gammon.rollout(
        games=5000,
        seed=9,
        threads=1,
        chunk_size=648,
        checkpoint=ck,
        callback=stop,
        policy="pubeval",
    )
    assert part.interrupted and 0 < part.games_completed < 5000
    assert gammon.read_checkpoint(ck).result.games_completed == part.games_completed
    code = main(["rollout", "--resume", str(ck), "--quiet", "--json", "--threads", "1"])
    out = json.loads(capsys.readouterr().out)
    whole = gammon.rollout(games=5000, seed=9, threads=1, policy="pubeval")
    assert code == 0 and out["games"] == 5000 and out["equity"] == whole.equity
    assert gammon.read_checkpoint(ck).result == whole
    # --games extends a finished rollout.
    code = main(["rollout", "--resume", str(ck), "--games", "6000", "--quiet", "--threads", "1"])
    capsys.readouterr()
    assert code == 0 and gammon.read_checkpoint(ck).result == gammon.rollout(
        games=6000, seed=9, threads=1, policy="pubeval"
    )


def test_a_checkpoint_with_an_executor(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    ck = tmp_path / "ck.json"
    with ThreadPoolExecutor(2) as ex:
        r = gammon.rollout(
            games=3000,
            seed=4,
            executor=ex,
            games_per_task=400,
            checkpoint=ck,
            checkpoint_every=0.0001,
            policy="pubeval",
        )
    assert r == gammon.rollout(games=3000, seed=4, threads=1, policy="pubeval")
    assert gammon.read_checkpoint(ck).result == r


# -- files written before the run layer moved to Rust -------------------------------------------

FIXTURES = Path(__file__).parent / "data" / "checkpoints"


def test_a_variance_reduction_by_the_net_of_the_earlier_estimator_is_refused_clearly() -> None:
    """The net's variance reduction now screens each roll's plays with pubeval: a file of the
    earlier estimator (every play valued by the net) cannot continue to a same-seed result, so
    it is refused with the reason instead of mixing two estimators."""
    with pytest.raises(gammon.CheckpointError, match="valued every play with the net"):
        gammon.read_checkpoint(FIXTURES / "net_vr.json")


@pytest.mark.parametrize("name", ["plain", "interrupted", "nardy", "truncate"])
def test_a_rollout_checkpoint_of_the_python_codec_resumes_to_the_same_seed_result(
    name: str, tmp_path: Path
) -> None:
    """These files were written by the package before its checkpoint codec moved to Rust:
    they read, pass their integrity check and continue to the uninterrupted run's numbers."""
    path = tmp_path / f"{name}.json"
    path.write_bytes((FIXTURES / f"{name}.json").read_bytes())
    saved = gammon.read_checkpoint(path)
    before = saved.result
    assert isinstance(before, gammon.RolloutResult)
    settings = dict(
        policy=tuple(before.policies),
        seed=before.seed,
        opening=before.opening,
        quasi_random=before.quasi_random,
        nardy=before.nardy,
        truncate=before.truncate,
        truncate_after=before.truncate_after,
        variance_reduction=before.variance_reduction,
        evaluator=before.evaluator,
        first_game=saved.first_game,
        threads=1,
    )
    resumed = gammon.rollout(before.position, saved.games, checkpoint=path, **settings)
    fresh = gammon.rollout(before.position, saved.games, **settings)
    assert resumed.games_completed == saved.games
    assert resumed.tally == fresh.tally and resumed.ranges == fresh.ranges
    if before.games_completed == saved.games:  # a finished file plays nothing more
        assert resumed.tally == before.tally


@pytest.mark.parametrize("name", ["rank_plays", "many_independent_vr"])
def test_a_comparison_checkpoint_of_the_python_codec_resumes_to_the_same_seed_result(
    name: str, tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes((FIXTURES / f"{name}.json").read_bytes())
    data = json.loads(path.read_text())
    first = gammon.RolloutResult.from_dict(data["rollouts"][0])
    positions = [gammon.RolloutResult.from_dict(r).position for r in data["rollouts"]]
    settings = dict(
        seed=data["seed"],
        common_dice=data["common_dice"],
        policy=tuple(first.policies),
        truncate=first.truncate,
        variance_reduction=first.variance_reduction,
        evaluator=first.evaluator if first.variance_reduction else None,
        threads=1,
    )
    resumed = gammon.rollout_many(positions, data["games"], checkpoint=path, **settings)
    fresh = gammon.rollout_many(positions, data["games"], **settings)
    assert resumed == fresh
    assert resumed.difference(0, 1) == fresh.difference(0, 1)


def test_a_checkpoint_file_given_to_from_dict_points_to_read_checkpoint() -> None:
    data = json.loads((FIXTURES / "plain.json").read_text())
    with pytest.raises(gammon.InvalidInputError, match="read_checkpoint"):
        gammon.RolloutResult.from_dict(data)


@pytest.mark.parametrize(
    "content", [b"\xff\xfe not utf-8", b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000]
)
def test_a_checkpoint_of_bad_bytes_or_deep_nesting_is_a_checkpoint_error(
    content: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(gammon.CheckpointError, match=r"bad\.json"):
        gammon.read_checkpoint(path)
    with pytest.raises(gammon.CheckpointError, match=r"bad\.json"):
        gammon.rollout(games=10, seed=1, threads=1, checkpoint=path, policy="pubeval")


# -- the checkpoint path: checked first, failures never lose games ------------------------------


def test_a_bad_checkpoint_path_is_refused_before_the_first_game(tmp_path: Path) -> None:
    played: list[object] = []
    a_file = tmp_path / "file"
    a_file.write_text("")
    for path in (tmp_path / "missing" / "r.json", a_file / "r.json", tmp_path):
        with pytest.raises(gammon.CheckpointError, match=re.escape(str(path))):
            gammon.rollout(
                games=100,
                seed=1,
                threads=1,
                checkpoint=path,
                callback=played.append,
                policy="pubeval",
            )
        with pytest.raises(gammon.CheckpointError):
            gammon.rollout_many(
                [START_RACE, START_RACE], 100, seed=1, checkpoint=path, policy="pubeval"
            )
        with pytest.raises(gammon.CheckpointError):
            gammon.rollout(games=100, seed=1, cube="never", checkpoint=path, policy="pubeval")
    assert played == []


def test_the_cli_reports_a_bad_checkpoint_path_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing" / "r.json"
    assert main(["rollout", "--games", "10", "--seed", "1", "--checkpoint", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err


def test_a_failed_checkpoint_write_keeps_the_games_in_the_result(tmp_path: Path) -> None:
    directory = tmp_path / "gone"
    directory.mkdir()
    path = directory / "r.json"

    def remove_the_directory(p: gammon.RolloutProgress) -> None:
        if directory.exists():
            directory.rmdir()

    with pytest.warns(RuntimeWarning, match="could not be written"):
        r = gammon.rollout(
            games=500,
            seed=3,
            threads=1,
            checkpoint=path,
            callback=remove_the_directory,
            policy="pubeval",
        )
    assert r.games_completed == 500
    assert r.tally == gammon.rollout(games=500, seed=3, threads=1, policy="pubeval").tally


def test_stale_temporary_files_are_removed_and_the_file_takes_the_umask(tmp_path: Path) -> None:
    import os

    path = tmp_path / "r.json"
    dead = tmp_path / f".r.json.{2**22 + 12345}.0badf00d.tmp"  # beyond pid_max: no such process
    dead.write_text("{")
    old = os.umask(0o022)
    try:
        gammon.rollout(games=50, seed=1, threads=1, checkpoint=path, policy="pubeval")
    finally:
        os.umask(old)
    assert not dead.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
    assert path.stat().st_mode & 0o777 == 0o644


START_RACE = gammon.Position.from_checkers({6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3})


def test_the_cli_resume_of_a_cubeful_checkpoint_says_how_to_continue_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cubeful.json"
    gammon.rollout(games=20, seed=1, threads=1, cube="never", checkpoint=path, policy="pubeval")
    assert gammon.read_checkpoint(path).result.games_completed == 20
    assert main(["rollout", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "cubeful rollout" in err and "--checkpoint" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("name", "again"),
    [
        (
            "simulation_match",
            lambda n: gammon.simulate_match(
                3, players=("pubeval", ("heuristic", "race")), matches=n, seed=7, threads=1
            ),
        ),
        (
            "simulation_money",
            lambda n: gammon.simulate_money(n, players=("pubeval", "random"), seed=9, threads=1),
        ),
    ],
)
def test_read_checkpoint_reads_a_simulation_file_written_before_and_resumes_it(
    tmp_path: Path, name: str, again: Any
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes((FIXTURES / f"{name}.json").read_bytes())
    saved = gammon.read_checkpoint(path)
    assert saved.result == again(saved.games) and saved.first_game == 0
    longer = saved.resume(saved.games + 30, threads=1)
    assert longer == again(saved.games + 30)
    assert gammon.read_checkpoint(path).result == longer  # the file was brought up to date


def test_read_checkpoint_reads_and_resumes_a_comparison(tmp_path: Path) -> None:
    path = tmp_path / "many.json"
    both = [START_RACE, gammon.Position.start()]
    part = gammon.rollout_many(both, 150, seed=4, threads=1, checkpoint=path, policy="pubeval")
    saved = gammon.read_checkpoint(path)
    assert saved.result == part and saved.games == 150
    whole = saved.resume(300, threads=1)
    assert whole == gammon.rollout_many(both, 300, seed=4, threads=1, policy="pubeval")


def test_a_rollout_resumed_on_an_executor_keeps_its_settings() -> None:
    from concurrent.futures import ThreadPoolExecutor

    part = gammon.rollout(games=200, seed=1, threads=1, policy="heuristic")
    with ThreadPoolExecutor(2) as ex:
        resumed = part.resume(200, executor=ex, games_per_task=100)
    assert resumed == gammon.rollout(games=400, seed=1, threads=1, policy="heuristic")


def test_a_rollout_setup_pickles_so_that_executor_tasks_carry_it() -> None:
    import pickle

    for cube in (None, "never"):
        setup = gammon.rollout(games=10, seed=2, threads=1, policy="heuristic", cube=cube).setup
        again = pickle.loads(pickle.dumps(setup))
        assert again == setup and again.cubeful == (cube is not None)


def test_the_cli_resume_of_a_simulation_checkpoint_says_it_is_not_a_rollout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    path.write_bytes((FIXTURES / "simulation_match.json").read_bytes())
    assert main(["rollout", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "MatchResult, not a rollout" in err and "Traceback" not in err
