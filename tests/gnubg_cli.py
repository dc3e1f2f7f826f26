"""Runs the GNU Backgammon program (Debian's ``gnubg``, headless ``gnubg -t -q``) on a script.

The tests that talk to the real program use :func:`gnubg_binary`: without the program they
skip, unless ``GAMMON_REQUIRE_ORACLES=1`` (as ``scripts/test.sh`` sets), when they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

_CANDIDATES = ("gnubg", "/usr/games/gnubg")


def find_gnubg() -> str | None:
    """The path of the gnubg program, or ``None``."""
    for c in _CANDIDATES:
        path = shutil.which(c)
        if path:
            return path
    return None


def gnubg_binary() -> str:
    """The gnubg program; skips the test without it (fails under GAMMON_REQUIRE_ORACLES=1)."""
    path = find_gnubg()
    if path is None:
        if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
            pytest.fail("GAMMON_REQUIRE_ORACLES=1 but the gnubg program is not installed")
        pytest.skip("the gnubg program is not installed (apt-get install gnubg)")
    return path


def run_gnubg(binary: str, script: str, *, timeout: float = 60.0, cwd: Path | None = None) -> str:
    """Feeds ``script`` (one command a line) to ``gnubg -t -q`` and returns its output."""
    proc = subprocess.run(
        [binary, "-t", "-q"],
        input=script,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, "HOME": str(cwd) if cwd else os.environ.get("HOME", "/tmp")},
        check=False,
    )
    return proc.stdout + proc.stderr


def run_gnubg_python(binary: str, script: str, *, cwd: Path, timeout: float = 300.0) -> str:
    """Runs a Python ``script`` inside ``gnubg -t -q -p`` (``gnubg.command(...)`` works there)."""
    path = cwd / "gnubg_script.py"
    path.write_text(script)
    proc = subprocess.run(
        [binary, "-t", "-q", "-p", str(path)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, "HOME": str(cwd)},
        check=False,
    )
    return proc.stdout + proc.stderr


_SCORE = re.compile(
    r"The score \(after (\d+) games?\) is: (.+?) (\d+), (.+?) (\d+) "
    r"\((?:match to (\d+) points?|money session)[^)]*\)"
)


def final_score(output: str) -> tuple[dict[str, int], int]:
    """gnubg's last reported score: ``({name: points}, games)``."""
    found = _SCORE.findall(output)
    if not found:
        raise AssertionError(f"gnubg reported no score:\n{output[-2000:]}")
    games, n0, s0, n1, s1, _ = found[-1]
    return {n0: int(s0), n1: int(s1)}, int(games)
