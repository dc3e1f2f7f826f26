"""The cost of a net of your own against the shipped one (``gammon.Net``), paired.

The shipped backgammon weights read back with ``gammon.Net.from_bytes`` play the very games of
``policy="net"``; only the policy's ranker is made for each turn instead of kept by the
thread. Alternating the two in short rounds (each first in half of them) pairs them on the
same machine state, which a shared machine's drift would otherwise swamp. Run::

    python experiments/own_net_speed.py [rounds] [games]
"""

from __future__ import annotations

import statistics
import sys
import time

import gammon


def main(rounds: int = 20, games: int = 2000) -> None:
    """Print the median and quartiles of own/shipped time over ``rounds`` paired rounds."""
    own = gammon.Net.from_bytes(gammon.Net.shipped().to_bytes())
    order = (("shipped", "net"), ("own", own))
    ratios = []
    for i in range(rounds):
        seconds = {}
        for name, policy in order if i % 2 == 0 else order[::-1]:
            start = time.perf_counter()
            gammon.rollout(games=games, policy=policy, seed=i, threads=1)
            seconds[name] = time.perf_counter() - start
        ratios.append(seconds["own"] / seconds["shipped"])
    q = statistics.quantiles(ratios, n=4)
    print(
        f"own/shipped time, {rounds} paired rounds of {games:,} games on one core: "
        f"median {statistics.median(ratios):.3f}, quartiles {q[0]:.3f}..{q[2]:.3f}"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
