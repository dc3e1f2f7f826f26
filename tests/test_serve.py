"""``gammon serve``: gnubg's external player protocol, checked against the real gnubg."""

from __future__ import annotations

import contextlib
import logging
import random
import re
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import gammon
from gammon import Color, CubeView, Game, Match, Position
from gammon.fibs import FibsBoard, FibsState
from gammon.mat import format_play
from gammon.serve import Engine, Server
from gnubg_cli import final_score, gnubg_binary, run_gnubg

NETS = Path(__file__).resolve().parent.parent / "train" / "nets"


def board(game: Game) -> str:
    return str(FibsBoard.from_game(game))


def test_the_engine_plays_rolls_and_takes() -> None:
    start = Game(Match(3), position=Position.start(), dice=(3, 1))
    assert Engine("pubeval").answer(board(start)) == "8/5 6/5"
    before_roll = Game(Match(3), position=Position.start())
    assert Engine("pubeval").answer(board(before_roll)) == "roll"
    before_roll.double()
    assert Engine("pubeval").answer(board(before_roll)) == "take"


def test_the_race_cube_policy_doubles_and_drops_by_keiths_count() -> None:
    """CUBE-3, CUBE-6 through the built-in "race" policy: far ahead doubles, far behind drops."""
    ahead = Position.from_checkers({1: 5, 2: 5, 3: 5}, {4: 5, 5: 5, 6: 5}, turn="white")
    game = Game(Match(7), position=ahead)
    engine = Engine("pubeval", "race")
    assert engine.answer(board(game)) == "double"
    game.double()
    assert engine.answer(board(game)) == "drop"
    even = Position.from_checkers({4: 5, 5: 5, 6: 5}, {3: 1, 4: 4, 5: 5, 6: 5}, turn="white")
    assert engine.answer(board(Game(Match(7), position=even))) == "roll"
    assert engine.answer(board(Game(Match(7), position=Position.start()))) == "roll"
    # MATCH-3: no double in the Crawford game, whatever the count says.
    crawford = Game(Match(7, (6, 3), crawford_game=True), position=ahead)
    assert engine.answer(board(crawford)) == "roll"


def test_the_engine_answers_an_empty_line_when_no_play_is_legal() -> None:
    """MOVE-8: a closed board against a checker on the bar: the empty play."""
    pos = Position.from_checkers(
        {25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}, turn="white"
    )
    assert Engine("random").answer(board(Game(Match(3), position=pos, dice=(6, 6)))) == ""


def test_a_malformed_line_gets_an_error_reply() -> None:
    e = Engine("pubeval")
    assert e.answer("hello").startswith("Error (gammon): ")
    assert "53 fields" in e.answer("board:a:b:3:0:0")


class Broken:
    def choose(self, position: Position, plays: gammon.PlayList) -> int:
        raise RuntimeError("no idea")


def test_a_failing_python_policy_gets_an_error_reply() -> None:
    start = Game(Match(3), position=Position.start(), dice=(3, 1))
    reply = Engine(Broken()).answer(board(start))
    assert reply == "Error (gammon): the policy failed: RuntimeError: no idea"


def test_unknown_policies_are_refused() -> None:
    with pytest.raises(gammon.InvalidInputError, match="policy"):
        Engine("best")
    with pytest.raises(gammon.InvalidInputError, match="cube policy"):
        Engine("pubeval", cube="always")


@pytest.fixture
def server() -> Iterator[Server]:
    srv = Server(Engine("pubeval"), 0, max_connections=2, max_line=512)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _connect(srv: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", srv.port), timeout=10)


def _ask(sock: socket.socket, data: bytes) -> str:
    sock.sendall(data)
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = sock.recv(4096)
        assert chunk, "connection closed"
        buf += chunk
    return buf.decode().rstrip("\n")


def test_the_server_binds_to_localhost_and_keeps_serving_after_bad_lines(server: Server) -> None:
    assert server.server_address[0] == "127.0.0.1"
    start = Game(Match(3), position=Position.start(), dice=(3, 1))
    with _connect(server) as s:
        assert _ask(s, b"nonsense\n").startswith("Error (gammon)")
        # gnubg ends each board with a newline and a NUL byte.
        assert _ask(s, board(start).encode() + b"\n\x00") == "8/5 6/5"
        assert "longer than 512" in _ask(s, b"x" * 2000 + b"\n")
        assert _ask(s, board(start).encode() + b"\n") == "8/5 6/5"


def test_the_server_limits_its_connections(server: Server) -> None:
    start = board(Game(Match(3), position=Position.start(), dice=(3, 1))).encode() + b"\n"
    with _connect(server) as a, _connect(server) as b:
        assert _ask(a, start) == "8/5 6/5" and _ask(b, start) == "8/5 6/5"
        with _connect(server) as c:
            assert "too many connections" in _ask(c, start)
    # Once the clients have gone (their handler threads notice the close), a new one is served.
    deadline = time.monotonic() + 10
    while True:
        with _connect(server) as d:
            reply = _ask(d, start)
        if reply == "8/5 6/5" or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert reply == "8/5 6/5"


def _served(srv: Server, start: bytes, deadline: float = 20.0) -> str:
    """A new client's reply to ``start``, retried until a slot is free (or the deadline)."""
    end = time.monotonic() + deadline
    while True:
        with _connect(srv) as d:
            reply = _ask(d, start)
        if reply == "8/5 6/5" or time.monotonic() > end:
            return reply
        time.sleep(0.05)


@pytest.fixture
def tight() -> Iterator[Server]:
    """A server of two slots whose idle clients time out fast and whose replies may not pile up."""
    srv = Server(Engine("pubeval"), 0, max_connections=2, idle_timeout=0.5, max_output=256)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


START = board(Game(Match(3), position=Position.start(), dice=(3, 1))).encode() + b"\n"


def test_idle_clients_time_out_and_free_their_slots(
    tight: Server, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO, logger="gammon.serve")
    idle = [_connect(tight), _connect(tight)]  # they connect and never send a byte
    try:
        deadline = time.monotonic() + 10
        while tight.active_connections < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        with _connect(tight) as c:
            assert "too many connections" in _ask(c, START)
        # The idle clients are dropped after idle_timeout; then a client is served again.
        assert _served(tight, START) == "8/5 6/5"
        for s in idle:
            assert s.recv(100) == b""  # the server closed them
    finally:
        for s in idle:
            s.close()
    lines = [r.getMessage() for r in caplog.records if r.name == "gammon.serve"]
    assert sum("disconnected: idle for 0.5 s" in m for m in lines) == 2, lines
    assert any("refused: all 2 connections are taken" in m for m in lines), lines
    assert "Traceback" not in capfd.readouterr().err


def test_a_client_that_never_reads_is_dropped_when_its_replies_pile_up(
    tight: Server, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO, logger="gammon.serve")
    lazy = socket.socket()
    lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # before connecting
    lazy.settimeout(10)
    lazy.connect(("127.0.0.1", tight.port))
    try:
        deadline = time.monotonic() + 10
        while not tight.active_connections and time.monotonic() < deadline:
            time.sleep(0.01)
        with contextlib.suppress(OSError):  # the server may hang up while it still sends
            lazy.sendall(b"nonsense\n" * 20_000)
        # The client stays connected and never reads: the server drops it.
        deadline = time.monotonic() + 20
        while tight.active_connections and time.monotonic() < deadline:
            time.sleep(0.05)
        assert tight.active_connections == 0
    finally:
        lazy.close()
    with _connect(tight) as a, _connect(tight) as b:  # both slots are free
        assert _ask(a, START) == "8/5 6/5" and _ask(b, START) == "8/5 6/5"
    lines = [r.getMessage() for r in caplog.records if r.name == "gammon.serve"]
    assert any("more than 256 bytes of replies unread" in m for m in lines), lines
    assert "Traceback" not in capfd.readouterr().err


def test_early_disconnects_log_one_line_and_no_traceback(
    server: Server, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO, logger="gammon.serve")
    for k in range(6):
        s = _connect(server)
        s.sendall(START * 20)  # many questions, then gone without reading a reply
        if k % 2:  # a reset (RST) instead of a close
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        # One line a connection: its disconnection, or its refusal while the server is
        # still freeing the slots of the ones before (under load).
        gone = [r for r in caplog.records if re.search("disconnected|refused", r.getMessage())]
        if len(gone) == 6:
            break
        time.sleep(0.05)
    assert len(gone) == 6, [r.getMessage() for r in caplog.records]
    assert all("\n" not in r.getMessage() and r.exc_info is None for r in caplog.records)
    assert "Traceback" not in capfd.readouterr().err
    assert _served(server, START) == "8/5 6/5"


def test_a_client_that_stops_sending_still_gets_its_replies(server: Server) -> None:
    with _connect(server) as s:
        s.sendall(START * 3)
        s.shutdown(socket.SHUT_WR)  # as `printf ... | nc` does
        data = b""
        while chunk := s.recv(4096):
            data += chunk
    assert data.decode().splitlines() == ["8/5 6/5"] * 3


def test_server_options_are_checked() -> None:
    with pytest.raises(gammon.InvalidInputError, match="idle_timeout"):
        Server(Engine("pubeval"), 0, idle_timeout=0)
    with pytest.raises(gammon.InvalidInputError, match="max_output"):
        Server(Engine("pubeval"), 0, max_output=10)


class PipCube:
    """Doubles with a pip lead of 8 or more, drops when 30 or more behind."""

    def double(self, view: CubeView) -> bool:
        mine, theirs = view.position.pip_count()
        return theirs - mine >= 8

    def take(self, view: CubeView) -> bool:
        theirs, mine = view.position.pip_count()
        return mine - theirs < 30


class Recording(Engine):
    """An engine that keeps every state it was asked about."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.seen: list[FibsState] = []

    def decide(self, state: FibsState) -> str:
        self.seen.append(state)
        return super().decide(state)


SCRIPT = """\
set seed {seed}
set player {ext} external localhost:{port}
set player {bot} gnubg
set player {bot} chequerplay evaluation plies 0
set player {bot} cubedecision evaluation plies 0
set player {bot} cubedecision evaluation noise 0.2
set cube use on
new match {length}
export match mat {out}
show score
"""


@pytest.mark.parametrize(
    ("ext", "seed", "length", "cube"),
    [(0, 3, 3, "pip"), (1, 8, 5, "pip"), (0, 5, 5, "race"), (1, 4, 5, "own net")],
)
def test_gnubg_plays_whole_matches_against_gammon_serve(
    ext: int, seed: int, length: int, cube: str, tmp_path: Path
) -> None:
    """gnubg accepts every play and cube answer: its own export replays through the rules."""
    binary = gnubg_binary()
    if cube == "own net":  # a gammon.Net read from a weights file, for checker play and cube
        td1 = gammon.Net.load(NETS / "bg-td1-2577502.gnet")
        engine = Recording(td1, td1)
    else:
        engine = Recording("heuristic", PipCube() if cube == "pip" else cube)
    srv = Server(engine, 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        out = run_gnubg(
            binary,
            SCRIPT.format(
                seed=seed,
                ext=ext,
                bot=1 - ext,
                port=srv.port,
                length=length,
                out=tmp_path / "m.mat",
            ),
            timeout=90,
            cwd=tmp_path,
        )
    finally:
        srv.shutdown()
        srv.server_close()
    assert "Error" not in out and "Warning" not in out, out[-3000:]
    score, games = final_score(out)
    assert max(score.values()) >= length  # the match was played to the end
    rec = gammon.read_match(tmp_path / "m.mat")
    assert rec.final_score == (score["root"], score["gnubg"])
    assert len(rec.games) == games
    # Every board gammon read carried the score and Crawford state of its game (MATCH-3).
    starts = {(g.score, g.game.is_crawford_game) for g in rec.games}
    assert engine.seen and {(st.score, st.crawford) for st in engine.seen} <= starts
    ours = Color.BLACK if ext == 0 else Color.WHITE
    assert {st.to_act for st in engine.seen} == {ours}
    if cube == "own net":  # the net was asked for cube decisions too, not only for plays
        assert any(st.dice is None for st in engine.seen)
    if cube != "pip":
        return
    # Cube decisions crossed the wire both ways (these seeds have doubles and takes by each).
    doublers = set()
    for g in rec.games:
        shadow = g.replay()
        while shadow.move_stack:
            action = shadow.pop()
            if isinstance(action, gammon.Double):
                doublers.add(shadow.turn)
    assert doublers == {Color.WHITE, Color.BLACK}


def net_boards(n: int, seed: int) -> list[str]:
    """FIBS boards of random 7-point-match games: each position before its roll, facing a
    double, and with its dice (when it has a choice of plays)."""
    rng = random.Random(seed)
    out: list[str] = []
    pos = Position.start()
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = pos.legal_plays(dice)
        if pos.pip_count()[0] < 130:  # past the opening, where doubles come
            out.append(board(Game(Match(7), position=pos)))
            offered = Game(Match(7), position=pos)
            offered.double()
            out.append(board(offered))
            if len(plays) >= 2:
                out.append(board(Game(Match(7), position=pos, dice=dice)))
        pos = plays[rng.randrange(len(plays))].after if plays else pos.pass_turn()
        if pos.is_game_over():
            pos = Position.start()
    return out


def test_a_net_of_ones_own_plays_and_cubes_for_gnubg_as_its_weights_say(tmp_path: Path) -> None:
    """CUBE-2/CUBE-5 by Janowski's model over a net of one's own (a ``gammon.Net``): a copy of
    the shipped weights answers every board as ``"net"`` does; another net answers its own way,
    its plays being the ones ``Net.choose`` picks."""
    path = tmp_path / "copy.gnet"
    path.write_bytes(gammon.Net.shipped().to_bytes())
    copy = gammon.Net.load(path)
    td1 = gammon.Net.load(NETS / "bg-td1-2577502.gnet")
    boards = net_boards(300, seed=5)
    shipped = [Engine("net", "net").answer(b) for b in boards]
    assert [Engine(copy, copy).answer(b) for b in boards] == shipped
    assert not any(a.startswith("Error") for a in shipped)
    assert {"double", "roll", "take", "drop"} <= set(shipped)
    theirs = Engine(td1, td1)
    answers = [theirs.answer(b) for b in boards]
    assert answers != shipped
    cube_differs = play_differs = False
    for b, mine, net in zip(boards, answers, shipped):
        state = FibsBoard.parse(b).state()
        if state.dice is None:
            cube_differs |= mine != net
            continue
        plays = state.position.legal_plays(state.dice)
        assert mine == format_play(plays[td1.choose(state.position, plays)])
        play_differs |= mine != net
    assert cube_differs and play_differs


def test_a_long_nardy_net_is_refused_by_serve() -> None:
    nardy = gammon.Net.shipped("long-nardy")
    with pytest.raises(gammon.InvalidInputError, match=r"policy .* plays long-nardy"):
        Engine(nardy)
    with pytest.raises(gammon.InvalidInputError, match=r"cube policy .* plays long-nardy"):
        Engine("pubeval", nardy)
