"""Bear-off databases from Python: lookups per second against gnubg, and the gain of truncated
rollouts.

- ``lookups``: ``gammon.bearoff.evaluate`` over 2,000 bear-off positions of up to 6 checkers a
  side (gnubg's two-sided range) and over 2,000 of 15 checkers a side (one-sided, gammons
  included), against ``gnubg.evaluate`` on the same boards (gnubg evaluates bear-offs from its
  own databases); the values are compared before timing.
- ``truncation``: rollouts of a 15-checker bear-off race and of the opening with the heuristic
  on one thread, played out and truncated (``truncate="bearoff"`` and
  ``"bearoff-one-sided"``). The figure of merit is work per unit of precision:
  ``1 / (std_error**2 * seconds)`` (``extra_info['efficiency']``), and games per second.

Run::

    pytest benches/python/test_bench_bearoff.py --benchmark-only --benchmark-group-by=group

and read lookups per second as ``extra_info['calls'] / mean``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import gammon

gnubg = pytest.importorskip("gnubg")

SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    return max(10, round(n * SCALE))


def random_board(rng: random.Random, lo: int, hi: int) -> list[int]:
    b = [0] * 6
    for _ in range(rng.randint(lo, hi)):
        b[rng.randrange(6)] += 1
    return b


def boards(n: int, lo: int, hi: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    return [(random_board(rng, lo, hi), random_board(rng, lo, hi)) for _ in range(n)]


def positions(pairs: list[tuple[list[int], list[int]]]) -> list[gammon.Position]:
    return [
        gammon.Position.from_checkers(
            {p + 1: c for p, c in enumerate(me) if c}, {p + 1: c for p, c in enumerate(opp) if c}
        )
        for me, opp in pairs
    ]


def gnubg_boards(pairs: list[tuple[list[int], list[int]]]) -> list[list[list[int]]]:
    return [[opp + [0] * 19, me + [0] * 19] for me, opp in pairs]


WORKLOADS = {
    "two-sided range (1-6 checkers)": boards(2000, 1, 6, 1),
    "one-sided (15 checkers)": boards(2000, 15, 15, 2),
}


def gammon_all(ps: list[gammon.Position]) -> list[float]:
    return [gammon.bearoff.evaluate(p).equity for p in ps]


def gnubg_all(bs: list[list[list[int]]]) -> list[float]:
    return [gnubg.evaluate(b)[5] for b in bs]


@pytest.mark.parametrize("workload", list(WORKLOADS))
@pytest.mark.parametrize("engine", ["gammon", "gnubg"])
def test_lookups(benchmark: Any, workload: str, engine: str) -> None:
    pairs = WORKLOADS[workload]
    ps = positions(pairs)
    bs = gnubg_boards(pairs)
    ours = gammon_all(ps)
    theirs = gnubg_all(bs)
    assert max(abs(a - b) for a, b in zip(ours, theirs)) < 2e-3
    benchmark.group = f"bear-off lookups: {workload}"
    benchmark.extra_info["calls"] = len(pairs)
    if engine == "gammon":
        benchmark(gammon_all, ps)
    else:
        benchmark(gnubg_all, bs)


RACE = gammon.Position.from_checkers(
    {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 1, 1: 1}
)
ROLLOUTS = {
    "bear-off race (15 a side)": (RACE, scaled(100_000)),
    "opening": (gammon.Position.start(), scaled(100_000)),
}


@pytest.mark.parametrize("truncate", ["none", "bearoff", "bearoff-one-sided"])
@pytest.mark.parametrize("start", list(ROLLOUTS))
def test_truncation(benchmark: Any, start: str, truncate: str) -> None:
    pos, games = ROLLOUTS[start]
    benchmark.group = f"truncated rollouts: {start}, heuristic, 1 thread"
    out: dict[str, Any] = {}

    def run() -> None:
        r = gammon.rollout(pos, games, policy="heuristic", seed=1, threads=1, truncate=truncate)
        out["r"] = r

    benchmark.pedantic(run, rounds=1, iterations=1)
    r = out["r"]
    assert r.games_completed == games
    if truncate == "none":
        assert r.settled == 0
    else:
        assert r.settled > 0
    benchmark.extra_info.update(
        games=games,
        equity=r.equity,
        std_error=r.std_error,
        settled=r.settled,
        mean_plies=r.mean_plies,
        seconds=r.elapsed,
        games_per_second=r.games_per_second,
        efficiency=1.0 / (r.std_error**2 * r.elapsed) if r.std_error > 0 else float("inf"),
    )
