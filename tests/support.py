"""Helpers shared by the pytest modules: where the golden and oracle data live, and a process
killed in the middle of its work."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

DATA = Path(__file__).parent / "data"
CONFORMANCE = DATA / "conformance"

# The 21 distinct rolls, larger die first.
ROLLS = [(hi, lo) for hi in range(1, 7) for lo in range(1, hi + 1)]


def load_module(path: Path, name: str) -> ModuleType:
    """The Python file ``path`` imported as module ``name`` (a tool or example that is not in a
    package), registered in ``sys.modules`` so that its dataclasses and pickles resolve."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def conformance_cases() -> list[dict[str, Any]]:
    """The 4,918 oracle cases of backgammon-plays.jsonl (see tests/data/conformance/README.md)."""
    with open(CONFORMANCE / "backgammon-plays.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def corpus(name: str) -> list[str]:
    """The Position IDs of a wildbg corpus file (contact-1000.txt or race-1000.txt)."""
    text = (CONFORMANCE / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]


Side = list[int]  # 26 counts in the side's own numbering: 0 = off, 1..24 points, 25 = bar

KINDS = ("contact", "bar", "bearoff", "race")


def point_for(kind: str, raw: int, mover: bool) -> int:
    """A point for one checker from a byte (0 = off, 25 = bar), as the Rust generator does."""
    r, spread = raw % 16, raw // 16
    if kind == "contact":
        return 0 if r == 0 else 25 if r == 1 else 1 + raw % 24
    if kind == "bar":
        return 25 if r <= 4 else 0 if r == 5 else 1 + raw % 24
    if mover and kind == "bearoff":
        return 0 if r <= 3 else 1 + spread % 6 if r <= 14 else 7 + spread % 6
    if mover:  # race
        return raw % 13
    return 0 if r <= 2 else 25 if r == 3 else 1 + raw % 24


def random_sides(kind: str, mover_bytes: list[int], opp_bytes: list[int]) -> tuple[Side, Side]:
    """A valid pair of sides (mover, opponent), 15 checkers each, from 15 bytes per side.

    Each byte places one checker; an opponent checker that would land on a point the mover
    holds slides towards its own home (or off).
    """
    me = [0] * 26
    opp = [0] * 26
    for raw in mover_bytes[:15]:
        me[point_for(kind, raw, True)] += 1
    for raw in opp_bytes[:15]:
        p = point_for(kind, raw, False)
        while 1 <= p <= 24 and me[25 - p] > 0:
            p -= 1
        opp[p] += 1
    if me[0] == 15 and opp[0] == 15:
        opp[0] -= 1
        opp[6] += 1
    return me, opp


def as_mapping(side: Side) -> dict[int, int]:
    """A side as the ``{point: count}`` mapping of ``Position.from_checkers`` (off included)."""
    return {p: n for p, n in enumerate(side) if n}


def kill_when_it_has_progressed(
    cmd: list[str], path: Path, games_in: Callable[[Path], int], total: int
) -> int:
    """Start ``cmd``, SIGKILL it once its checkpoint ``path`` holds more games than before.

    ``games_in`` reads the games a checkpoint holds (0 when it cannot). Asserts that the
    process was killed, not finished, and that the checkpoint moved on and holds fewer than
    ``total`` games; returns the games it holds.
    """
    before = games_in(path)
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if games_in(path) > before:
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the work ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    after = games_in(path)
    assert before < after < total
    return after


def integrity_check(data: dict[str, Any]) -> str:
    """The SHA-256 check of a checkpoint object as the package has always defined it: over
    Python's canonical JSON of the object without its ``check`` field (the core reproduces
    this text exactly)."""
    body = {k: v for k, v in data.items() if k != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()
