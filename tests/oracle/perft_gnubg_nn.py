"""Golden perft numbers for standard backgammon, computed with an independent oracle.

The oracle is ``gnubg_nn.moves`` (PyPI ``gnubg-nn``, GNU Backgammon's move generator): for a
board ``[opponent, player on roll]`` and a roll it returns one key per distinct resulting
position (MOVE-9), the mover still on roll. This script uses nothing from gammon.

perft(position, depth) counts the (roll, play) paths of ``depth`` plies over the 21 distinct
rolls (each roll once, unweighted). A roll with no legal play counts as one path (the pass);
a finished game (the player who just moved has borne off every checker) ends a path. This
is the definition of ``gammon_core::perft``.

Usage::

    python tests/oracle/perft_gnubg_nn.py --depth 3 > /tmp/perft.txt

prints one ``perft <position-id> <depth> <count>`` line per position and depth, in the
format of ``tests/data/perft/backgammon.perft``.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import cache

import gnubg_nn

Board = tuple[tuple[int, ...], tuple[int, ...]]

ROLLS = [(hi, lo) for hi in range(1, 7) for lo in range(1, hi + 1)]

# Positions of the golden file: the start, then positions that exercise the bar, hitting,
# bearing off and games that end inside the search depth.
POSITIONS = [
    "4HPwATDgc/ABMA",  # BG-7 starting position
    "xHPwATDgc/ABUA",  # spec T15: one checker on the bar, a blot to hit on entry
    "SO/gAyDgc/ABUA",  # spec T26: bar entry with a double hit
    "MMD/ATD4vgcAQA",  # spec T20: the bear-off side has been hit
    "4HPwAcAWAAAAAA",  # spec T17: five checkers left to bear off
    "CwAAkAgAAAAAAA",  # both sides bearing off with three checkers: games end at depth 1-3
]


def turn_passed(board: Board) -> Board:
    """The same board with the other player on roll."""
    return (board[1], board[0])


@cache
def perft(board: Board, depth: int) -> int:
    """Perft by the definition above (memoised on the position: perft depends on nothing else)."""
    if depth == 0 or sum(board[0]) == 0:
        # sum(board[0]) == 0: the player who just moved has borne everything off.
        return 1
    total = 0
    for hi, lo in ROLLS:
        keys = gnubg_nn.moves([list(board[0]), list(board[1])], hi, lo)
        if depth == 1:
            total += max(len(keys), 1)
            continue
        if not keys:
            total += perft(turn_passed(board), depth - 1)
            continue
        for key in keys:
            after = gnubg_nn.board_from_position_key(key)
            total += perft(turn_passed((tuple(after[0]), tuple(after[1]))), depth - 1)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("positions", nargs="*", default=POSITIONS)
    args = parser.parse_args()
    for pid in args.positions:
        b = gnubg_nn.board_from_position_id(pid)
        board: Board = (tuple(b[0]), tuple(b[1]))
        assert gnubg_nn.position_id([list(board[0]), list(board[1])]) == pid
        for depth in range(1, args.depth + 1):
            t0 = time.perf_counter()
            n = perft(board, depth)
            print(f"perft {pid} {depth} {n}", flush=True)
            print(f"# {pid} depth {depth}: {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
