"""The fuzz targets of the Python API, shared by the short hypothesis run in CI
(``tests/test_fuzz_targets.py``) and the long atheris run (``scripts/fuzz_python.py``).

Each target takes plain Python values and checks the contract: the call returns a result or
raises a ``gammon.GammonError``, never another exception, a panic or a crash; and whatever is
read survives its round trip (ID -> object -> ID, pickle). A broken contract is an
``AssertionError`` naming the input.
"""

from __future__ import annotations

import copy
import io
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import numpy as np

import gammon
import gammon.batch
from gammon.nardy import NardySettings
from gammon.rollout import RolloutResult

VARIANTS: list[Any] = [
    "backgammon",
    "nackgammon",
    "hypergammon",
    "long-nardy",
    gammon.Variant.LONG_NARDY,
    "no-such",
    None,
    3,
]
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
SETTING_KEYS = [
    "end_variant",
    "koks",
    "last_roll",
    "first_move_in_series",
    "first_turn_exception",
    "block_check",
]
TURNS: list[Any] = ["white", "black", gammon.Color.BLACK, None, "red", 1]


def check(call: Callable[[], Any], what: str) -> Optional[Any]:
    """Run ``call``: its result, or ``None`` for a ``GammonError``; anything else fails."""
    try:
        return call()
    except gammon.GammonError:
        return None
    except BaseException as e:  # a PanicException is a BaseException
        raise AssertionError(f"{what}: {type(e).__name__} escaped: {e!r}"[:2000]) from e


def _positions() -> list[gammon.Position]:
    """A few positions of every variant, reached by fixed plays, to parse plays in."""
    out = []
    for variant in ("backgammon", "nackgammon", "hypergammon", "long-nardy"):
        pos = gammon.Position.start(variant)
        for k in range(8):
            out.append(pos)
            plays = pos.legal_plays(((k % 6) + 1, ((k * 5) % 6) + 1))
            pos = plays[len(plays) // 2].after if len(plays) else pos
    return out


POSITIONS = _positions()
DICE = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def position_id(text: Any, variant: Any, turn: Any) -> None:
    """Position IDs of every variant (ID-1..ID-3, LN IDs)."""
    pos = check(lambda: gammon.Position.from_id(text, variant, turn), f"from_id({text!r})")
    if pos is not None:
        assert gammon.Position.from_id(pos.id, pos.variant, pos.turn) == pos, text
        assert pickle.loads(pickle.dumps(pos)) == pos, text


def xgid(text: Any) -> None:
    """XGIDs (XGID-1..XGID-3): read, and the text written reads back the same."""
    x = check(lambda: gammon.Xgid.parse(text), f"Xgid.parse({text!r})")
    if x is not None:
        again = check(lambda: gammon.Xgid.parse(str(x)), f"Xgid.parse(str({text!r}))")
        assert again == x, f"XGID round trip: {text!r} -> {x} -> {again}"


def match_id(text: Any) -> None:
    """Match IDs (ID-4..ID-7): parse -> str -> parse is stable."""
    m = check(lambda: gammon.MatchId.parse(text), f"MatchId.parse({text!r})")
    if m is not None:
        again = check(lambda: gammon.MatchId.parse(str(m)), f"MatchId.parse(str({text!r}))")
        assert again == m, f"Match ID round trip: {text!r} -> {m} -> {again}"


def gnubg_id(text: Any) -> None:
    """gnubg IDs (position:match) read into a Game."""
    check(lambda: gammon.Game.from_gnubg_id(text), f"Game.from_gnubg_id({text!r})")


def play_text(text: Any, dice: Any, index: int) -> None:
    """Play notation in positions of every variant: a play read is one of the legal plays."""
    pos = POSITIONS[index % len(POSITIONS)]
    after = check(lambda: pos.play(text, dice), f"play({text!r}, {dice!r}) in {pos.id}")
    if after is not None:
        legal = {p.after for p in pos.legal_plays(dice)} or {pos.pass_turn()}
        assert after in legal, f"{text!r} {dice!r} in {pos.id} gave a position no play reaches"


def dice(value: Any) -> None:
    """Dice arguments (pairs, texts, anything)."""
    plays = check(lambda: POSITIONS[0].legal_plays(value), f"legal_plays({value!r})")
    if plays is not None:
        assert plays.dice in DICE


def checkers(white: Any, black: Any, turn: Any, variant: Any) -> None:
    """Checker lists and mappings (``from_checkers``), numpy arrays included."""
    pos = check(
        lambda: gammon.Position.from_checkers(white, black, turn=turn, variant=variant),
        f"from_checkers({white!r}, {black!r})",
    )
    if pos is not None:
        assert gammon.Position.from_id(pos.id, pos.variant, pos.turn) == pos
        board = pos.board()
        assert board.dtype == np.int8 and board.shape == (26,)


def settings(kwargs: dict[str, Any]) -> None:
    """Long Nardy settings and the §9 position options."""
    s = check(lambda: NardySettings(**kwargs), f"NardySettings(**{kwargs!r})")
    if s is not None:
        assert check(lambda: s.start_position(), "start_position") is not None
    fte, bc = kwargs.get("first_turn_exception"), kwargs.get("block_check")
    check(
        lambda: gammon.Position.start("long-nardy", first_turn_exception=fte, block_check=bc),
        f"Position.start(long-nardy, {fte!r}, {bc!r})",
    )


DELETE = object()
"""An edit value that deletes the key."""

_CHECKPOINT: Optional[dict[str, Any]] = None


def checkpoint_base() -> dict[str, Any]:
    """A real checkpoint to tamper with."""
    global _CHECKPOINT
    if _CHECKPOINT is None:
        _CHECKPOINT = gammon.rollout(games=20, seed=3, threads=1, policy="pubeval").to_dict()
    return copy.deepcopy(_CHECKPOINT)


def checkpoint(edits: list[tuple[str, Any]], resume: bool = True) -> None:
    """Tampered checkpoints: loaded or refused; a loaded one also resumes or refuses.

    Unless the edits touch the integrity check itself, it is recomputed after them (as a
    careful forger would), so that the checkpoint content checks are what is fuzzed, not only the
    hash.
    """
    from support import integrity_check as _checkpoint_check

    d = checkpoint_base()
    for key, value in edits:
        if value is DELETE:
            d.pop(key, None)
        else:
            d[key] = value
    if "check" in d and all(key != "check" for key, _ in edits):
        try:
            d["check"] = _checkpoint_check(d)
        except (TypeError, ValueError):
            pass  # content JSON cannot hold: from_dict must refuse it whatever the check says
    r = check(lambda: RolloutResult.from_dict(d), f"from_dict with {edits!r}")
    if r is not None and resume:
        check(lambda: r.resume(2), f"resume after {edits!r}")


def checkpoint_keys() -> list[str]:
    """The keys of a checkpoint."""
    return sorted(checkpoint_base())


# -- the formats: FIBS board strings and match files -----------------------------------------

_GNUBG = Path(__file__).resolve().parent / "data" / "gnubg"
FIBS_BOARD = (
    "board:You:gnubg:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:"
    "0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
)
MATCH_FIXTURES = (
    "selfplay-3pt-seed2026",
    "money-autodoubles-jacoby-seed4",
    "crawford-off-5pt-seed2",
    "money-resignations-seed7",
)
"""gnubg's exports the match-file targets edit: a match, and sessions and a match under the
settings the readers infer (automatic doubles, the Jacoby rule, no Crawford rule, beavers)."""
MATCH_SOURCES = {
    (fmt, name): (_GNUBG / f"{name}.{fmt}").read_text("utf-8")
    for fmt in ("mat", "sgf")
    for name in MATCH_FIXTURES
}
MATCH_TEXTS = {fmt: MATCH_SOURCES[(fmt, MATCH_FIXTURES[0])].splitlines() for fmt in ("mat", "sgf")}
_FILE_LEVEL = (
    "not a .mat file",
    "the .mat file holds no game",
    "SGF: no game tree",
)
"""The match-file errors that concern the whole file, so name no line or game."""


def fibs_board(text: Any) -> None:
    """FIBS board strings (gnubg's external player, FIBS): read, write back, read the state."""
    from gammon.fibs import FibsBoard

    b = check(lambda: FibsBoard.parse(text), f"FibsBoard.parse({text!r})")
    if b is not None:
        assert FibsBoard.parse(str(b)) == b, f"FIBS round trip: {text!r}"
        check(lambda: b.state(), f"FibsBoard.parse({text!r}).state()")


def fibs_field(index: int, value: str) -> None:
    """A real FIBS board with one field replaced."""
    parts = FIBS_BOARD.split(":")
    parts[1 + index % (len(parts) - 1)] = value
    fibs_board(":".join(parts))


def read_record(source: str, fmt: Optional[str], what: str) -> Optional[gammon.MatchRecord]:
    """``read_match`` of a text: a record that writes and reads back to the same score, or a
    ``MatchRecordError`` that says where (the line or the game) unless it is about the whole
    file; anything else fails."""
    try:
        rec = gammon.read_match(io.StringIO(source), fmt=fmt)
    except gammon.MatchRecordError as e:
        where = e.line is not None or e.game is not None
        assert where or e.reason.startswith(_FILE_LEVEL), f"{what}: no position in {e!s:.300}"
        return None
    except BaseException as e:  # the contract is "MatchRecordError or a record"
        raise AssertionError(f"{what}: {type(e).__name__} escaped: {e!r}"[:2000]) from e
    for out in ("mat", "sgf"):
        text = check(lambda out=out: _dumps(rec, out), f"{what}: write {out}")
        if text is None:
            continue  # what the format cannot hold (a declined resignation...) is refused
        again = check(
            lambda text=text, out=out: gammon.read_match(io.StringIO(text), fmt=out),
            f"{what}: reread",
        )
        assert again is not None, f"{what}: gammon's own {out} does not read back"
        assert again.final_score == rec.final_score, f"{what}: {out} round trip changes the score"
    return rec


def _dumps(rec: gammon.MatchRecord, fmt: str) -> str:
    buf = io.StringIO()
    gammon.write_match(rec, buf, fmt=fmt)
    return buf.getvalue()


def match_file(fmt: str, line: int, text: str, fixture: int = 0) -> None:
    """A real gnubg .mat/.sgf export with one line replaced: a record, or a positioned error."""
    name = MATCH_FIXTURES[fixture % len(MATCH_FIXTURES)]
    lines = MATCH_SOURCES[(fmt, name)].splitlines()
    lines[line % len(lines)] = text
    read_record("\n".join(lines) + "\n", fmt, f"read_match({fmt}, {name}, line {line})")


def match_cut(fmt: str, fixture: int, cut: int) -> None:
    """A real export cut short anywhere (a download that stopped)."""
    name = MATCH_FIXTURES[fixture % len(MATCH_FIXTURES)]
    source = MATCH_SOURCES[(fmt, name)]
    read_record(source[: cut % (len(source) + 1)], fmt, f"read_match({fmt}, {name}, cut {cut})")


def match_insert(fmt: str, fixture: int, at: int, text: str) -> None:
    """A real export with ``text`` inserted anywhere: unknown properties and headers, stray
    brackets, moves where none belong."""
    name = MATCH_FIXTURES[fixture % len(MATCH_FIXTURES)]
    source = MATCH_SOURCES[(fmt, name)]
    k = at % (len(source) + 1)
    what = f"read_match({fmt}, {name}, {text[:40]!r} at {k})"
    read_record(source[:k] + text + source[k:], fmt, what)


def match_text(text: str) -> None:
    """Any text as a match file of either format (the format guessed from the text)."""
    read_record(text, None, f"read_match({text[:60]!r})")


def match_source(source: Any) -> None:
    """Anything as ``read_match``'s source: a gammon error (``InvalidInputError``) or a
    record; paths are left out (the fuzzers do not touch the disk)."""
    if isinstance(source, (str, bytes)) or hasattr(source, "__fspath__"):
        source = io.BytesIO(
            source.encode("utf-8", "replace") if isinstance(source, str) else source
        )
    check(lambda: gammon.read_match(source), f"read_match({source!r:.100})")


# -- the batch arrays of gammon.batch, and the lines `gammon serve` reads ----------

BATCH_VARIANTS: list[Any] = ["backgammon", "hypergammon", "long-nardy", None, "no-such", 3]
_START_ROWS = {
    v: np.asarray(gammon.batch.boards([gammon.Position.start(v)]))[0]
    for v in ("backgammon", "hypergammon", "long-nardy")
}


def batch_rows(base: str, edits: list[tuple[int, int, int]]) -> np.ndarray:
    """A variant's starting rows with edits ``(row, index, delta)``: near-valid boards."""
    rows = np.repeat(_START_ROWS[base][None, :].astype(np.int64), 1 + max((e[0] for e in edits),
                     default=0) % 4, axis=0)  # fmt: skip
    for r, i, d in edits:
        rows[r % len(rows), i % 26] += d
    return rows


def batch_arrays(boards: Any, dice: Any, variant: Any, use_buffer: bool) -> None:
    """``gammon.batch`` on arbitrary arrays: every call returns or raises a ``GammonError``;
    the legal plays it returns are consistent (offsets from 0, non-decreasing, ending at the
    row count) and are valid boards themselves (owned by the mover, MOVE-9)."""
    from gammon import batch

    buf = batch.LegalPlaysBuffer() if use_buffer else None
    what = f"legal_plays({boards!r}, {dice!r}, {variant!r})"[:300]
    res = check(lambda: batch.legal_plays(boards, dice, variant=variant, out=buf), what)
    if res is not None:
        offsets = res.offsets
        assert offsets[0] == 0 and (np.diff(offsets) >= 0).all(), what
        assert offsets[-1] == len(res.boards), what
        if len(res.boards):
            assert batch.validate(res.boards, variant=variant) == len(res.boards), what
    for name in ("validate", "outcomes", "pip_counts", "checkers_off", "flip", "to_ids"):
        fn = getattr(batch, name)
        check(lambda fn=fn: fn(boards, variant=variant), f"{name}: {what}")
    for enc in ("tdgammon", "contact", "contact-plus", "nardy"):
        check(lambda enc=enc: batch.encode(boards, enc, variant=variant), f"encode {enc}: {what}")


_ENGINE: list[Any] = []


def serve_line(text: Any) -> None:
    """One line read by ``gammon serve`` (the pubeval engine): the reply is one line, an
    answer or ``Error (gammon): ...``, never a crash nor a failure of the built-in policy."""
    from gammon.serve import Engine

    if not _ENGINE:
        _ENGINE.append(Engine("pubeval"))
    line = text if isinstance(text, str) else str(text)
    reply = _ENGINE[0].answer(line)
    assert isinstance(reply, str) and "\n" not in reply, f"serve {line!r}: {reply!r}"
    assert "the policy failed" not in reply, f"serve {line!r}: {reply!r}"


def serve_field(index: int, value: str) -> None:
    """A real FIBS board with one field replaced, as a line read by ``gammon serve``."""
    parts = FIBS_BOARD.split(":")
    parts[1 + index % (len(parts) - 1)] = value
    serve_line(":".join(parts))


_NETS: list[bytes] = []
_NET_START = gammon.Position.start()


def net_file(edits: list[tuple[int, int]], fix_checksum: bool, cut: Optional[int]) -> None:
    """Weights files (``gammon.Net.from_bytes``): the shipped backgammon weights with bytes
    replaced (``(offset, byte)``), cut short, and checksummed again or not. A file is refused
    with a ``GammonError`` (a ``NetFileError``) or reads; one that reads writes back the same
    bytes, pickles, and evaluates, hints and plays to probabilities in [0, 1], never a NaN nor
    a panic (its weights are finite and bounded, ``MAX_WEIGHT``)."""
    import math
    import zlib

    if not _NETS:
        _NETS.append(gammon.Net.shipped().to_bytes())
    body = bytearray(_NETS[0][:-4])
    for at, byte in edits:
        body[at % len(body)] = byte & 0xFF
    if cut is not None:
        body = body[: cut % (len(body) + 1)]
    tail = zlib.crc32(bytes(body)).to_bytes(4, "little") if fix_checksum else _NETS[0][-4:]
    data = bytes(body) + tail
    what = f"net file with edits {edits[:8]}, cut {cut}, checksum fixed {fix_checksum}"
    net = check(lambda: gammon.Net.from_bytes(data), what)
    if net is None:
        return
    assert net.to_bytes() == data, what
    assert pickle.loads(pickle.dumps(net)) == net, what
    evaluations = [
        gammon.evaluate(_NET_START, net=net),
        gammon.evaluate(_NET_START, plies=1, net=net),
        *(h.evaluation for h in gammon.hint(_NET_START, (6, 5), net=net)),
    ]
    for e in evaluations:
        values = (e.win, e.win_gammon, e.win_backgammon, e.lose, e.lose_gammon, e.lose_backgammon)
        assert all(math.isfinite(v) and -1e-6 <= v <= 1 + 1e-6 for v in values), (what, e)
    r = gammon.rollout(games=2, policy=net, seed=1, threads=1, progress=False)
    assert r.games_completed == 2, what


_SERVER: list[Any] = []
_SERVE_MAX_LINE = 256


def _server() -> Any:
    """One ``gammon serve`` for the connection target, with small limits, started once; its
    handler failures are kept (a failure is a broken contract: it would print a traceback)."""
    import threading

    from gammon.serve import Engine, Server

    class Counting(Server):
        """Counts the connections whose handler has finished (slot freed, line logged)."""

        finished = 0
        lock = threading.Lock()

        def finish_request(self, request: Any, client_address: Any) -> None:
            try:
                super().finish_request(request, client_address)
            finally:
                with self.lock:
                    self.finished += 1

    if not _SERVER:
        srv = Counting(
            Engine("pubeval"),
            0,
            max_connections=2,
            max_line=_SERVE_MAX_LINE,
            idle_timeout=2.0,
            max_output=4096,
        )
        failures: list[BaseException] = []

        def keep(request: Any, address: Any) -> None:
            failures.append(sys.exc_info()[1] or RuntimeError("no exception"))

        srv.handle_error = keep  # type: ignore[method-assign]
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        _SERVER.append((srv, failures))
    return _SERVER[0]


def _expected_replies(data: bytes) -> int:
    """How many replies ``gammon serve`` owes for ``data``: one for each complete line that
    is overlong or holds something besides NULs and blanks."""
    count = 0
    for raw in data.split(b"\n")[:-1]:
        text = raw.replace(b"\x00", b"").decode("utf-8", errors="replace").strip()
        count += len(raw) > _SERVE_MAX_LINE or bool(text)
    return count


def serve_connection(chunks: list[bytes], ending: int) -> None:
    """``gammon serve`` over a real socket: arbitrary bytes sent in chunks (lines of any
    length, NULs, invalid UTF-8, real boards), then the client closes (``ending`` 0), resets
    the connection (1) or stops sending and reads every reply (2). Every reply is one line, an
    answer or ``Error (gammon): ...``, one per line owed; whatever the ending, the slot is
    freed and no handler fails."""
    import socket
    import struct
    import time

    srv, failures = _server()
    what = f"serve connection {chunks!r}, ending {ending}"[:400]
    done = srv.finished + 1  # this connection's handler has finished (one at a time)
    with socket.create_connection(("127.0.0.1", srv.port), timeout=20) as s:
        for chunk in chunks:
            s.sendall(chunk)
        if ending == 1:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        elif ending == 2:
            s.shutdown(socket.SHUT_WR)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
            lines = data.decode("utf-8").split("\n")
            assert lines[-1] == "", what
            for line in lines[:-1]:
                assert "the policy failed" not in line, (what, line)
            assert len(lines) - 1 == _expected_replies(b"".join(chunks)), (what, data[:300])
    deadline = time.monotonic() + 20
    while srv.finished < done and time.monotonic() < deadline:
        time.sleep(0.005)
    assert srv.finished == done, f"{what}: the connection was not closed"
    assert srv.active_connections == 0, f"{what}: the slot was not freed"
    assert not failures, f"{what}: {failures!r}"


# -- the analysis: gammon.analyze of damaged records and of game records of any actions ------

ANALYSIS_STEPS: list[Any] = [
    ("roll", 3, 1),
    ("roll", 6, 6),
    ("roll", 0, 7),
    ("double",),
    ("take",),
    ("drop",),
    ("beaver",),
    ("raccoon",),
    ("resign", 1),
    ("resign", 9),
    ("accept",),
    ("decline",),
    ("empty",),
    ("surrender", "white"),
    ("roll",),
    ("take", 1),
    (),
    "roll",
    None,
]
"""Actions, good and bad, of the game records the core's analysis reads."""


def _analysis_sane(a: gammon.MatchAnalysis, what: str) -> None:
    for d in a.decisions:
        assert d.loss >= 0.0 and d.loss == d.loss, f"{what}: loss {d.loss} of {d}"


def analyze_cut(fmt: str, fixture: int, cut: int) -> None:
    """``analyze`` of the last game of a real export cut short: an analysis (every loss at
    least 0) or a gammon error."""
    name = MATCH_FIXTURES[fixture % len(MATCH_FIXTURES)]
    source = MATCH_SOURCES[(fmt, name)]
    text = source[: cut % (len(source) + 1)]
    what = f"analyze({fmt}, {name}, cut {cut})"
    rec = check(lambda: gammon.read_match(io.StringIO(text), fmt=fmt), what)
    if rec is None or not rec.games:
        return
    a = check(lambda: gammon.analyze(rec.games[-1]), what)
    if a is not None:
        _analysis_sane(a, what)


def analyze_steps(picks: list[int], plays: list[int]) -> None:
    """The core's analysis of a game record of any actions (``picks`` index
    :data:`ANALYSIS_STEPS`, or a legal play of the start when negative): an analysis or an
    ``IllegalActionError``/``InvalidInputError``, never anything else."""
    from gammon import _core
    from gammon.analysis import game_log

    start, _ = game_log(gammon.Game(seed=0))
    opening = gammon.Position.start().legal_plays((3, 1))
    steps: list[Any] = []
    for k, p in enumerate(picks):
        if p < 0:
            steps.append(opening[plays[k % len(plays)] % len(opening)] if plays else None)
        else:
            steps.append(ANALYSIS_STEPS[p % len(ANALYSIS_STEPS)])
    what = f"analysis of {steps!r}"[:400]
    out = check(lambda: _core._analyze_matches([[(start, steps)]], [("a", "b")], [0], 0), what)
    if out is not None:
        _analysis_sane(out[0], what)
