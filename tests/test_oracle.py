"""Legal plays against GNU Backgammon's move generator (``gnubg_nn.moves``) on random positions.

Needs the oracle package ``gnubg-nn`` (``pip install gnubg-nn``; scripts/test.sh installs it;
deselect with ``-m "not oracle"``). The
positions come from a seeded generator that mixes contact, bar-heavy, bear-off-heavy and race
boards; for every position and each of the 21 rolls the set of resulting positions must be
gnubg's.
"""

from __future__ import annotations

import random

import pytest

import gammon
from support import KINDS, ROLLS, as_mapping, random_sides

gnubg_nn = pytest.importorskip("gnubg_nn", reason="the oracle tests need gnubg-nn")

pytestmark = pytest.mark.oracle

POSITIONS = 5000


def gnubg_results(me: list[int], opp: list[int], roll: tuple[int, int]) -> set[str]:
    """gnubg's resulting positions as Position IDs, the mover still on roll (MOVE-9)."""
    board = [opp[1:], me[1:]]  # gnubg: [opponent, on roll], index i = point i + 1, 24 = bar
    keys = gnubg_nn.moves(board, roll[0], roll[1])
    boards = (gnubg_nn.board_from_position_key(k) for k in keys)
    return {gnubg_nn.position_id([list(b[0]), list(b[1])]) for b in boards}


def test_legal_plays_agree_with_gnubg_on_random_positions() -> None:
    rng = random.Random(20240607)
    compared = 0
    differ = []
    for i in range(POSITIONS):
        kind = KINDS[i % len(KINDS)]
        me, opp = random_sides(
            kind, [rng.randrange(256) for _ in range(15)], [rng.randrange(256) for _ in range(15)]
        )
        if me[0] == 15 or opp[0] == 15:
            continue  # a finished game: gnubg would still list plays, the rules allow none
        pos = gammon.Position.from_checkers(as_mapping(me), as_mapping(opp))
        assert pos.id == gnubg_nn.position_id([opp[1:], me[1:]])
        for roll in ROLLS:
            ours = {play.after.pass_turn().id for play in pos.legal_plays(roll)}
            theirs = gnubg_results(me, opp, roll)
            compared += 1
            if ours != theirs:
                differ.append(f"{pos.id} {roll}: ours {len(ours)}, gnubg {len(theirs)}")
    assert compared > 0.9 * POSITIONS * len(ROLLS)
    assert not differ, f"{len(differ)} of {compared} differ: {differ[:10]}"
