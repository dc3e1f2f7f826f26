"""Drives the installed ``gnubg`` module (GNU Backgammon as a Python module) through its
command interface, so that tests can compare gammon's IDs with gnubg's at every step.

gnubg keeps one global match; :func:`new_gnubg` resets its settings each time. Both players
are "human" (moves entered by command), no automatic rolls or games.
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest

gnubg: Any = pytest.importorskip("gnubg")


def command(cmd: str) -> str:
    """Runs one gnubg command and returns what it printed (output and errors)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        gnubg.command(cmd)
    return out.getvalue()


def gnubg_id() -> str:
    """gnubg's current ``PositionID:MatchID``."""
    return str(gnubg.gnubgid())


def setup(*, jacoby: bool = False, beavers: int = 3, crawford: bool = True) -> None:
    """Puts gnubg in a known configuration: both players entered by hand, nothing automatic."""
    for c in (
        "set player 0 human",
        "set player 1 human",
        "set automatic roll off",
        "set automatic game off",
        "set automatic doubles 0",
        f"set jacoby {'on' if jacoby else 'off'}",
        f"set beavers {beavers}",
        f"set crawford {'on' if crawford else 'off'}",
    ):
        command(c)


def play_text(play: Any) -> str:
    """A gnubg ``move`` argument for a gammon Play: one from/to pair per checker move."""
    parts = []
    for m in play.moves:
        src = "bar" if m.from_point == 25 else str(m.from_point)
        dst = "off" if m.to_point == 0 else str(m.to_point)
        parts.append(f"{src}/{dst}")
    return " ".join(parts)
