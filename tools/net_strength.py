"""Strength of the shipped nets at 0 ply, cubeless, with the seats swapped (issue 11, item 6).

Usage: ``python tools/net_strength.py [GAMES] [--variant long-nardy] [--opponent NAME]``

Backgammon: the ``net`` policy against ``pubeval`` (default) from the opening; Long Nardy:
against ``random``. Two rollouts of GAMES games with the same seed, hence the same dice: in
the first the net is on roll at the start, in the second its opponent is. Prints the net's
points a game and win rate over both, with the standard error from the two runs' own.
"""

from __future__ import annotations

import argparse
import math
import time

import gammon


def main() -> None:
    """Runs the two rollouts and prints the result."""
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=100_000)
    ap.add_argument("--variant", default="backgammon")
    ap.add_argument("--opponent", default=None)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--threads", type=int, default=None)
    a = ap.parse_args()
    variant = gammon.find_variant(a.variant)
    opponent = a.opponent or ("random" if variant == gammon.Variant.LONG_NARDY else "pubeval")
    start = gammon.Position.start(variant)
    t0 = time.time()
    runs = [
        gammon.rollout(start, games=a.games, policy=pair, seed=a.seed, threads=a.threads)
        for pair in (("net", opponent), (opponent, "net"))
    ]
    seconds = time.time() - t0
    first, second = runs
    ppg = (first.equity - second.equity) / 2
    se = math.sqrt(first.std_error**2 + second.std_error**2) / 2
    # Wins of the net: the on-roll side's wins in the first run, the opponent's in the second.
    win = (first.win + (1 - second.win - second.draws)) / 2
    games = first.games_completed + second.games_completed
    print(
        f"{variant.canonical_name}: net vs {opponent}, {games:,} games (seats swapped, same "
        f"dice): {ppg:+.4f} ppg ± {1.96 * se:.4f} (95%), std error {se:.4f}, "
        f"net wins {100 * win:.2f}%, {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
