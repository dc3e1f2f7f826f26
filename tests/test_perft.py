"""Perft through the Python API against tests/data/perft/backgammon.perft (oracle: gnubg_nn)."""

from __future__ import annotations

import os

import gammon
from support import DATA, ROLLS


def perft(pos: gammon.Position, depth: int) -> int:
    """(roll, play) paths of ``depth`` plies over the 21 rolls; a pass is one path."""
    if depth == 0 or pos.is_game_over():
        return 1
    total = 0
    for dice in ROLLS:
        plays = pos.legal_plays(dice)
        if depth == 1:
            total += max(len(plays), 1)
        elif not plays:
            total += perft(pos.pass_turn(), depth - 1)
        else:
            total += sum(perft(play.after, depth - 1) for play in plays)
    return total


def golden() -> tuple[list[tuple[str, int, int]], int]:
    facts = []
    limit = None
    for raw in (DATA / "perft" / "backgammon.perft").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[:2] == ["node-limit", "python"]:
            limit = int(words[2])
        elif words[0] == "perft":
            facts.append((words[1], int(words[2]), int(words[3])))
        else:
            assert words[0] == "node-limit", f"unreadable line {line!r}"
    assert limit is not None
    return facts, int(os.environ.get("GAMMON_PERFT_NODE_LIMIT", limit))


def test_perft_matches_the_gnubg_nn_golden_numbers() -> None:
    # MOVE-*, BAR-*, OFF-*, BG-14 through the Python API.
    facts, limit = golden()
    run = [f for f in facts if f[2] <= limit]
    assert any(pid == "4HPwATDgc/ABMA" and depth >= 2 for pid, depth, _ in run)
    assert any(depth >= 3 for _, depth, _ in run)
    wrong = []
    for pid, depth, paths in run:
        got = perft(gammon.Position.from_id(pid), depth)
        if got != paths:
            wrong.append(f"perft {pid} {depth} = {got}, oracle {paths}")
    assert not wrong
