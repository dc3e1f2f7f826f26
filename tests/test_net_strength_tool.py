"""`experiments/net_strength.py`'s gnubg player: GNU Backgammon 0-ply's play found among
gammon's legal plays by its after-state, in every kind of position a game reaches (entering from the
bar, hits, bear-offs)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gammon
from support import load_module

gnubg_nn = pytest.importorskip("gnubg_nn", reason="the gnubg player needs gnubg-nn")

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parent.parent


net_strength = load_module(ROOT / "experiments" / "net_strength.py", "net_strength")


def test_gnubg_plays_its_book_opening_move() -> None:
    start = gammon.Position.start()
    plays = start.legal_plays((3, 1))
    choice = net_strength.GnubgPolicy().choose(start, plays)
    assert str(plays[choice]) in ("8/5 6/5", "6/5 8/5")


def test_gnubg_finds_its_play_among_ours_through_whole_games() -> None:
    # The policy raises when gnubg's after-state is not one of the legal plays' boards, so
    # whole games against pubeval exercise the board conversion on bars, hits and bear-offs.
    run = gammon.rollout(
        games=200, policy=(net_strength.GnubgPolicy(), "pubeval"), seed=3, threads=1
    )
    assert run.games_completed == 200
    # gnubg 0-ply beats pubeval clearly, even over 200 games (+0.64 a game over 100,000).
    assert run.equity > 0.2
