"""Recompute the hypergammon perft tables with GNU Backgammon's move generator.

Oracle: ``gnubg_nn.moves`` (PyPI ``gnubg-nn``), which lists one position key per distinct
legal play. Start positions are gnubg's (``set variation N-chequer-hypergammon`` then
``new match``): AACAAAAAAgAAAA, AABAAQAACgAAAA, AACgAgAAKgAAAA. Counting as gammon's
``perft``: (roll, play) paths over the 21 distinct rolls, each roll once; a roll with no legal
play is one path; a finished game ends a path.

Usage: python tools/hypergammon_perft_oracle.py MAX_DEPTH  (prints the lines of the .perft files)
"""

from __future__ import annotations

import sys
from functools import lru_cache

import gnubg_nn  # type: ignore[import-not-found]

STARTS = {
    "hypergammon-1": "AACAAAAAAgAAAA",
    "hypergammon-2": "AABAAQAACgAAAA",
    "hypergammon-3": "AACgAgAAKgAAAA",
}
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def swap(board: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    return (tuple(board[1]), tuple(board[0]))


@lru_cache(maxsize=None)
def perft(board: tuple[tuple[int, ...], ...], depth: int) -> int:
    if depth == 0 or sum(board[0]) == 0 or sum(board[1]) == 0:
        return 1
    total = 0
    for a, b in ROLLS:
        keys = gnubg_nn.moves([list(board[0]), list(board[1])], a, b)
        if depth == 1:
            total += max(1, len(keys))
        elif not keys:
            total += perft(swap(board), depth - 1)
        else:
            for key in keys:
                after = gnubg_nn.board_from_position_key(key)
                total += perft(swap(after), depth - 1)
    return total


def main() -> None:
    max_depth = int(sys.argv[1])
    for variant, pid in STARTS.items():
        start = gnubg_nn.board_from_position_id(pid)
        board = (tuple(start[0]), tuple(start[1]))
        for depth in range(1, max_depth + 1):
            print(variant, depth, perft(board, depth), flush=True)


if __name__ == "__main__":
    main()
