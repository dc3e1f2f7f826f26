"""gammon's ``"net"`` policy against gnubg 0-ply and bgsage's nets, games a second, paired.

The group ``net-policy self-play, one core`` of ``test_bench_net.py`` times each player in 3
rounds of its own; on a shared machine whose speed drifts by ±15% within minutes the ratio of
two such medians scatters as much (7.4x-11.1x over ten runs, BENCHMARKS.md). Here every round
times the players back to back on one core, each first in turn, and the ratio of games a
second is taken within the round, so that the machine's drift cancels; the median and
quartiles of the rounds' ratios are the figures. The players and their games are
``test_bench_net.py``'s (gammon's whole game loop in Rust, gnubg's evaluator driven from
Python one call a roll, bgsage's 17 standard nets in its C++ loop). Run::

    python benches/python/net_speed_ratio.py [rounds] [net_games] [gnubg_games] [bgsage_games]

(defaults 20, 2000, 200, 200; bgsage is left out when it is not installed).
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


def main(
    rounds: int = 20, net_games: int = 2000, gnubg: int = 200, bgsage_games: int = 200
) -> None:
    """Print each round's games a second and ratios, then their medians and quartiles."""
    players: list[tuple[str, int, Callable[[int, int], object]]] = [
        ("net", net_games, gammon_net_games),
        ("gnubg", gnubg, gnubg_games),
    ]
    bgsage = bgsage_player()
    if bgsage is not None:
        players.append(("bgsage", bgsage_games, bgsage))
    for _, games, play in players:  # loads the nets and tables, warms the caches: untimed
        play(max(1, games // 10), 0)
    ratios: dict[str, list[float]] = {name: [] for name, _, _ in players[1:]}
    for i in range(rounds):
        rate = {}
        k = i % len(players)
        for name, games, play in players[k:] + players[:k]:
            start = time.perf_counter()
            play(games, 1000 + i)
            rate[name] = games / (time.perf_counter() - start)
        for name in ratios:
            ratios[name].append(rate["net"] / rate[name])
        cells = ", ".join(f"{n} {r:,.0f}/s" for n, r in rate.items())
        print(
            f"round {i + 1}: {cells}; "
            + ", ".join(f"net/{n} {v[-1]:.2f}x" for n, v in ratios.items())
        )
    for name, v in ratios.items():
        q = statistics.quantiles(v, n=4) if len(v) > 1 else [v[0], v[0], v[0]]
        print(
            f"net/{name} games a second, {rounds} paired rounds on one core: "
            f"median {statistics.median(v):.2f}x, quartiles {q[0]:.2f}x..{q[2]:.2f}x, "
            f"range {min(v):.2f}x..{max(v):.2f}x"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:5]))
