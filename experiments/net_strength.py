"""Strength of the shipped nets at 0 ply or searched, cubeless, with the seats swapped.

Usage: ``python experiments/net_strength.py [GAMES] [--variant long-nardy] [--opponent NAME]
[--player NAME] [--plies N] [--opponent-plies N] [--prune K]``

Backgammon: the ``net`` policy against ``pubeval`` (default) from the opening; Long Nardy:
against ``random``. Two rollouts of GAMES games with the same seed, hence the same dice: in
the first the player is on roll at the start, in the second its opponent is. Prints the
player's points a game and win rate over both, with the standard error from the two runs' own.

``--player`` (default ``net``) and ``--opponent`` take any policy name, a weights file
(``.gnet``: its nets as a :class:`gammon.Net`), or ``gnubg``: GNU
Backgammon's 0-ply play (the installed ``gnubg_nn`` module, ``best_move`` at 0 ply), as a
Python policy on one thread (slow: about a minute per 10,000 games). So ``--player gnubg``
measures gnubg 0-ply against pubeval on the dice the net is measured on, and ``--opponent
gnubg`` plays the net against gnubg 0-ply directly. ``--plies`` (default 0) searches the
player's checker play 1 or 2 plies deep (``rollout(plies=)``: gnubg's "normal" move filter),
``--opponent-plies`` the opponent's (default 0); both apply to the net only. ``--prune``
(default: the rollout's) sets how many replies of each roll the pruning net keeps inside a
search (``rollout(prune=)``).
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any, Union

import numpy as np

import gammon


class GnubgPolicy:
    """gnubg 0-ply's play (``gnubg_nn.best_move``) as a gammon policy."""

    def __init__(self) -> None:
        import gnubg_nn

        self.gnubg: Any = gnubg_nn

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> Union[gammon.Play, int]:
        """The index of gnubg's play among ``plays``, found by its after-state."""
        g = self.gnubg
        board = [list(side) for side in g.board_from_position_id(position.id)]
        d1, d2 = plays[0].dice
        _, key = g.best_move(board, d1, d2, b=1)
        mover, opp = g.board_from_position_key(key)
        # gnubg's sides (points 1..24 at 0..23, the bar at 24, each in its own numbering)
        # as gammon's owner's view of the mover.
        want = np.zeros(26, dtype=np.int8)
        want[1:26] = mover
        want[0] = -opp[24]
        want[1:25] -= np.array(opp[:24], dtype=np.int8)[::-1]
        found = np.flatnonzero((plays.boards() == want).all(axis=1))
        if len(found) == 0:
            raise RuntimeError(
                f"gnubg's play of {position.id} {d1}{d2} is not among the legal plays"
            )
        return int(found[0])


def policy(name: str) -> Any:
    """A policy name, a :class:`gammon.Net` for a ``.gnet`` file, or gnubg 0-ply's play."""
    if name.endswith(".gnet"):
        return gammon.Net.load(name)
    return GnubgPolicy() if name == "gnubg" else name


def main() -> None:
    """Runs the two rollouts and prints the result."""
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=100_000)
    ap.add_argument("--variant", default="backgammon")
    ap.add_argument("--opponent", default=None)
    ap.add_argument("--player", default="net")
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--plies", type=int, default=0)
    ap.add_argument("--opponent-plies", type=int, default=0)
    ap.add_argument("--prune", type=int, default=None)
    a = ap.parse_args()
    variant = gammon.find_variant(a.variant)
    opponent = a.opponent or ("random" if variant == gammon.Variant.LONG_NARDY else "pubeval")
    start = gammon.Position.start(variant)
    t0 = time.time()
    me, them = policy(a.player), policy(opponent)
    runs = [
        gammon.rollout(
            start,
            games=a.games,
            policy=pair,
            plies=depths,
            seed=a.seed,
            threads=a.threads,
            prune=a.prune,
        )
        for pair, depths in (
            ((me, them), (a.plies, a.opponent_plies)),
            ((them, me), (a.opponent_plies, a.plies)),
        )
    ]
    seconds = time.time() - t0
    first, second = runs
    ppg = (first.equity - second.equity) / 2
    se = math.sqrt(first.std_error**2 + second.std_error**2) / 2
    # Wins of the player: the on-roll side's wins in the first run, the opponent's in the
    # second.
    win = (first.win + (1 - second.win - second.draws)) / 2
    games = first.games_completed + second.games_completed
    player = a.player if a.plies == 0 else f"{a.player} {a.plies}-ply"
    if a.opponent_plies:
        opponent = f"{opponent} {a.opponent_plies}-ply"
    print(
        f"{variant.canonical_name}: {player} vs {opponent}, {games:,} games (seats swapped, "
        f"same dice): {ppg:+.4f} ppg ± {1.96 * se:.4f} (95%), std error {se:.4f}, "
        f"{player} wins {100 * win:.2f}%, {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
