"""``gammon convert``, ``gammon replay``, ``gammon show --svg`` and ``gammon serve``."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import gammon
from gammon.cli import main

DATA = Path(__file__).parent / "data" / "gnubg"
NETS = Path(__file__).resolve().parent.parent / "train" / "nets"


def test_replay_prints_each_games_result_and_the_final_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(DATA / "selfplay-9pt-seed11.sgf")]) == 0
    out = capsys.readouterr().out
    assert "game 4 (Crawford) at 1-8: white wins a backgammon (3 points)" in out
    assert "final score root 9, gnubg 8" in out


def test_replay_reads_the_crawford_rule_as_the_file_shows_or_as_told(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """MATCH-3: a double at 0-4 of a 5-point .mat match shows the rule was off; --crawford on
    makes that double illegal."""
    path = str(DATA / "crawford-off-5pt-seed2.mat")
    assert main(["replay", path]) == 0
    assert "(Crawford)" not in capsys.readouterr().out
    assert main(["replay", "--crawford", "on", path]) == 1
    assert "MATCH-3" in capsys.readouterr().out


def test_replay_flags_an_illegal_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "selfplay-5pt-seed42.mat").read_text()
    bad = tmp_path / "bad.mat"
    bad.write_text(text.replace("62: 24/18 6/4*", "62: 24/18 6/3*", 1))
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    # The error names the file, its line, the game and the move.
    assert f"illegal record: {bad}, line 8, game 1, move 2: " in out


def test_convert_between_mat_and_sgf(tmp_path: Path) -> None:
    out = tmp_path / "m.sgf"
    assert main(["convert", str(DATA / "selfplay-7pt-seed7.mat"), str(out)]) == 0
    back = tmp_path / "m.mat"
    assert main(["convert", str(out), str(back)]) == 0
    a = gammon.read_match(DATA / "selfplay-7pt-seed7.mat")
    b = gammon.read_match(back)
    assert [g.actions for g in a.games] == [g.actions for g in b.games]


def test_show_draws_a_position_or_a_game_as_svg(tmp_path: Path) -> None:
    svg = tmp_path / "b.svg"
    assert main(["show", "4HPwATDgc/ABMA", "--svg", str(svg)]) == 0
    assert svg.read_text() == gammon.svg.board(gammon.Position.start())
    assert main(["show", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "--svg", str(svg)]) == 0
    assert 'class="cube"' in svg.read_text()
    assert main(["show", "not-an-id"]) == 2
    assert main(["show", "--svg", str(svg), "--size", "272"]) == 0
    assert 'width="272" height="194"' in svg.read_text()
    # One reader of positions: an XGID is shown like the gnubg ID of the same game (ID-6,
    # XGID-4).
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    assert main(["show", xgid, "--svg", str(svg)]) == 0
    from_xgid = svg.read_text()
    assert main(["show", "4HPwATDgc/ABMA:cIkKAAAAAAAA", "--svg", str(svg)]) == 0
    assert svg.read_text() == from_xgid


def _serve_and_ask(args: list[str], game: gammon.Game) -> str:
    """Start ``gammon serve ARGS`` on a free port and return its answer to ``game``'s board."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "gammon", "serve", "--port", str(port), *args],
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                conn = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        with conn:
            conn.sendall(str(gammon.fibs.FibsBoard.from_game(game)).encode() + b"\n")
            with conn.makefile() as reply:
                return reply.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_answers_on_the_port_it_is_given() -> None:
    start = gammon.Game(gammon.Match(3), position=gammon.Position.start(), dice=(3, 1))
    assert _serve_and_ask([], start) == "8/5 6/5\n"


def test_serve_net_plays_the_nets_of_a_weights_file() -> None:
    """``--net FILE``: ``net`` in ``--policy`` means the file's nets (an early TD net here,
    which plays 6-4 otherwise than the shipped one does)."""
    path = NETS / "bg-td1-2577502.gnet"
    td1 = gammon.Net.load(path)
    pos = gammon.Position.start()
    plays = pos.legal_plays((6, 4))
    theirs = gammon.mat.format_play(plays[td1.choose(pos, plays)])
    shipped = gammon.mat.format_play(plays[gammon.Net.shipped().choose(pos, plays)])
    assert theirs != shipped
    game = gammon.Game(gammon.Match(3), position=pos, dice=(6, 4))
    assert _serve_and_ask(["--policy", "net", "--net", str(path)], game) == theirs + "\n"


def test_serve_refuses_a_net_file_nothing_uses(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(NETS / "bg-td1-2577502.gnet")
    baseline = ["--policy", "pubeval", "--cube", "race"]  # the net is the default
    assert main(["serve", "--port", "0", "--net", path, *baseline]) == 2
    assert "neither --policy (pubeval) nor --cube (race) is net" in capsys.readouterr().err
    assert main(["serve", "--port", "0", "--net", "no-such.gnet", "--policy", "net"]) == 2
    assert "cannot read no-such.gnet" in capsys.readouterr().err


def test_serve_logs_each_connection_in_one_line_and_drops_idle_clients() -> None:
    """``--idle-timeout``: a silent client is disconnected and the server says so in one line
    on stderr, without a traceback; ``--idle-timeout`` below 0 is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "gammon", "serve", "--port", str(port), "--idle-timeout", "0.5"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                conn = socket.create_connection(("127.0.0.1", port), timeout=10)
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        with conn:
            assert conn.recv(100) == b""  # closed by the server after half a second
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    lines = err.splitlines()
    assert any(re.fullmatch(r"gammon serve: 127\.0\.0\.1:\d+ connected", x) for x in lines), err
    gone = [x for x in lines if "disconnected" in x]
    assert len(gone) == 1 and gone[0].endswith("disconnected: idle for 0.5 s"), err
    assert "Traceback" not in err
    assert main(["serve", "--port", "0", "--idle-timeout", "-1"]) == 2
