"""The fuzz targets of the Python API (issue 15), shared by the short hypothesis run in CI
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
        _CHECKPOINT = gammon.rollout(games=20, seed=3, threads=1).to_dict()
    return copy.deepcopy(_CHECKPOINT)


def checkpoint(edits: list[tuple[str, Any]], resume: bool = True) -> None:
    """Tampered checkpoints: loaded or refused; a loaded one also resumes or refuses.

    Unless the edits touch the integrity check itself, it is recomputed after them (as a
    careful forger would), so that the content checks of D5 are what is fuzzed, not only the
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


# -- the formats of issue 13: FIBS board strings and match files ----------------------------

_GNUBG = Path(__file__).resolve().parent / "data" / "gnubg"
FIBS_BOARD = (
    "board:You:gnubg:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:"
    "0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
)
MATCH_TEXTS = {
    fmt: (_GNUBG / f"selfplay-3pt-seed2026.{fmt}").read_text("utf-8").splitlines()
    for fmt in ("mat", "sgf")
}


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


def match_file(fmt: str, line: int, text: str) -> None:
    """A real gnubg .mat/.sgf export with one line replaced: a record, or a gammon error."""
    lines = list(MATCH_TEXTS[fmt])
    lines[line % len(lines)] = text
    source = "\n".join(lines) + "\n"
    check(lambda: gammon.read_match(io.StringIO(source), fmt=fmt), f"read_match({fmt}, {line})")


def match_text(text: str) -> None:
    """Any text as a match file of either format (the format guessed from the text)."""
    check(lambda: gammon.read_match(io.StringIO(text)), f"read_match({text[:60]!r})")


# -- issue 10: the batch arrays of gammon.batch, and the lines `gammon serve` reads ----------

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
