"""gammon's ``"net"`` policy against gnubg 0-ply and bgsage's nets, games a second, paired.

The group ``net-policy self-play, one core`` of ``test_bench_net.py`` times each player in 3
rounds of its own; on a shared machine whose speed drifts by ±15% within minutes the ratio of
two such medians scatters as much (7.4x-11.1x over ten runs, train/log.md). Here every round
times the players back to back on one core, each first in turn, and the ratio of games a
second is taken within the round, so that the machine's drift cancels; the median and
quartiles of the rounds' ratios are the figures. The players and their games are
``test_bench_net.py``'s (gammon's whole game loop in Rust, gnubg's evaluator driven from
Python one call a roll, bgsage's 17 standard nets in its C++ loop). Run::

    python benches/python/net_speed_ratio.py [rounds] [net_games] [gnubg_games] [bgsage_games]

(defaults 20, 2000, 200, 200; bgsage is left out when it is not installed). ``report.py``
runs the same rounds for the headline table of BENCHMARKS.md.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

import pytest

from test_bench_net import bgsage_pair, gammon_net_games, gnubg_games


def bgsage_player() -> Callable[[int, int], object] | None:
    """bgsage's self-play games, or ``None`` when bgsage is not installed."""
    try:
        cpp, paths, hidden = bgsage_pair()
    except pytest.skip.Exception:  # bgsage_pair's importorskip: bgsage is not installed
        return None

    def play(n: int, seed: int) -> object:
        return cpp.play_games_pair_vs_self(paths, hidden, n_games=n, seed=seed, n_threads=1)

    return play


def paired_rounds(
    rounds: int,
    net_games: int,
    gnubg: int,
    bgsage_games: int,
    echo: Callable[[str], object] | None = print,
) -> list[dict[str, float]]:
    """Each round's games a second of every player (``net``, ``gnubg``, ``bgsage`` when it is
    installed), the players timed back to back, each first in turn."""
    players: list[tuple[str, int, Callable[[int, int], object]]] = [
        ("net", net_games, gammon_net_games),
        ("gnubg", gnubg, gnubg_games),
    ]
    bgsage = bgsage_player()
    if bgsage is not None:
        players.append(("bgsage", bgsage_games, bgsage))
    for _, games, play in players:  # loads the nets and tables, warms the caches: untimed
        play(max(1, games // 10), 0)
    out = []
    for i in range(rounds):
        rate = {}
        k = i % len(players)
        for name, games, play in players[k:] + players[:k]:
            start = time.perf_counter()
            play(games, 1000 + i)
            rate[name] = games / (time.perf_counter() - start)
        out.append(rate)
        if echo is not None:
            cells = ", ".join(f"{n} {r:,.0f}/s" for n, r in rate.items())
            ratios = ", ".join(f"net/{n} {rate['net'] / rate[n]:.2f}x" for n, _, _ in players[1:])
            echo(f"round {i + 1}: {cells}; {ratios}")
    return out


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """The lower quartile, the median and the upper quartile of ``values``."""
    if len(values) == 1:
        return values[0], values[0], values[0]
    q = statistics.quantiles(values, n=4)
    return q[0], statistics.median(values), q[2]


def main(
    rounds: int = 20, net_games: int = 2000, gnubg: int = 200, bgsage_games: int = 200
) -> None:
    """Print each round's games a second and ratios, then their medians and quartiles."""
    rates = paired_rounds(rounds, net_games, gnubg, bgsage_games)
    for name in rates[0]:
        if name == "net":
            continue
        v = [r["net"] / r[name] for r in rates]
        lo, mid, hi = quartiles(v)
        print(
            f"net/{name} games a second, {rounds} paired rounds on one core: "
            f"median {mid:.2f}x, quartiles {lo:.2f}x..{hi:.2f}x, "
            f"range {min(v):.2f}x..{max(v):.2f}x"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:5]))
