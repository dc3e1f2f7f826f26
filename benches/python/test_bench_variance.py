"""Variance reduction and truncated rollouts with an evaluator, and the Long Nardy heuristic.

- ``reduction``: rollouts of three starts, on one thread, played out (``plain``), with the
  luck of the dice taken off (``variance_reduction=True``) and cut after 8 turns
  (``truncate_after=8``), all with the ``"bearoff"`` evaluator (the only one until the net
  lands): exact in the small bear-off, the one-sided estimate in the 15-checker race, a
  pip-count estimate in contact. The figure of merit is ``1 / (std_error**2 * seconds)``
  (``extra_info['efficiency']``): games-equivalents of precision per second.
- ``nardy``: the Long Nardy ``heuristic`` against ``random`` from the start, both seats over
  the same seeds; points a game of the heuristic and its win rate.

Run::

    pytest benches/python/test_bench_variance.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import math
import os
from typing import Any

import pytest

import gammon

SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    return max(10, round(n * SCALE))


STARTS = {
    "small bear-off (exact)": (
        gammon.Position.from_checkers({6: 2, 5: 2, 4: 2}, {6: 2, 5: 1, 3: 2}),
        "bearoff",
        scaled(20_000),
    ),
    "bear-off race (15 a side)": (
        gammon.Position.from_checkers(
            {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 1, 1: 1}
        ),
        "heuristic",
        scaled(20_000),
    ),
    "opening": (gammon.Position.start(), "heuristic", scaled(2_000)),
}
MODES: dict[str, dict[str, Any]] = {
    "plain": {},
    "variance_reduction": {"variance_reduction": True},
    "truncate_after=8": {"truncate_after": 8},
}


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("start", list(STARTS))
def test_reduction(benchmark: Any, start: str, mode: str) -> None:
    pos, policy, games = STARTS[start]
    benchmark.group = f"evaluator rollouts: {start}, {policy}, 1 thread"
    out: dict[str, Any] = {}

    def run() -> None:
        out["r"] = gammon.rollout(pos, games, policy=policy, seed=1, threads=1, **MODES[mode])

    benchmark.pedantic(run, rounds=1, iterations=1)
    r = out["r"]
    assert r.games_completed == games
    assert math.isfinite(r.equity)
    benchmark.extra_info.update(
        games=games,
        equity=r.equity,
        std_error=r.std_error,
        seconds=r.elapsed,
        games_per_second=r.games_per_second,
        settled=r.settled,
        efficiency=1.0 / (r.std_error**2 * r.elapsed) if r.std_error > 0 else float("inf"),
    )


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_nardy(benchmark: Any, policy: str) -> None:
    games = scaled(20_000)
    start = gammon.Position.start("long-nardy")
    benchmark.group = "Long Nardy: against random, 1 thread"
    out: dict[str, Any] = {}

    def run() -> None:
        first = gammon.rollout(start, games, policy=(policy, "random"), seed=1, threads=1)
        second = gammon.rollout(start, games, policy=("random", policy), seed=1, threads=1)
        out["r"] = (first, second)

    benchmark.pedantic(run, rounds=1, iterations=1)
    first, second = out["r"]
    points = (first.equity - second.equity) / 2
    wins = (first.win + second.lose) / 2
    if policy == "heuristic":
        assert points > 1.0
    benchmark.extra_info.update(
        games=2 * games,
        points_per_game=points,
        std_error=math.hypot(first.std_error, second.std_error) / 2,
        win_rate=wins,
        mars_rate=(first.win_gammon + second.lose_gammon) / 2,
        games_per_second=2 * games / (first.elapsed + second.elapsed),
    )
