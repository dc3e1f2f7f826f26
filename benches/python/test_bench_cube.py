"""The cost of the cube: money games per second with the race cube policy
against cubeless pubeval games, through the public Python calls, on one thread.

Run: ``pytest benches/python/test_bench_cube.py --benchmark-only --benchmark-json=cube.json``
(not part of the default test run). Each benchmark checks its games first and records games
and turns per second: the race policy ends games early by dropped doubles, so turns per
second compare the work per turn.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import gammon

# GAMMON_BENCH_SCALE shrinks the workloads, as for the rollout benchmarks (CI runs them at 1%
# as a smoke test of the checks; the figures in BENCHMARKS.md come from the full size).
SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))
GAMES = max(100, round(50_000 * SCALE))
MATCHES = max(50, round(5_000 * SCALE))
RACE = gammon.Player("pubeval", cube="race")


def record(benchmark: Any, games: int, turns: int) -> None:
    if benchmark.stats is None:  # --benchmark-disable: the checks ran, nothing was timed
        return
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["games"] = games
    benchmark.extra_info["games_per_second"] = games / mean
    benchmark.extra_info["turns_per_second"] = turns / mean


@pytest.mark.benchmark(group="the cost of the cube, one core")
def test_cubeless_pubeval_games(benchmark: Any) -> None:
    def run() -> gammon.RolloutResult:
        return gammon.rollout(games=GAMES, policy="pubeval", seed=1, threads=1)

    first = run()
    assert first.games_completed == GAMES
    benchmark.pedantic(run, rounds=5, iterations=1)
    record(benchmark, GAMES, first.plies)


@pytest.mark.benchmark(group="the cost of the cube, one core")
@pytest.mark.parametrize("cube", ["never", "race"])
def test_money_games(benchmark: Any, cube: str) -> None:
    player = gammon.Player("pubeval", cube=cube)

    def run() -> gammon.MoneyResult:
        return gammon.simulate_money(GAMES, players=(player, player), seed=1, threads=1)

    first = run()
    assert first.games_completed == GAMES
    assert (first.doubles > GAMES // 2) == (cube == "race")
    benchmark.pedantic(run, rounds=5, iterations=1)
    record(benchmark, GAMES, first.plies)


@pytest.mark.benchmark(group="the cost of the cube, one core")
def test_seven_point_matches(benchmark: Any) -> None:
    def run() -> gammon.MatchResult:
        return gammon.simulate_match(7, players=(RACE, RACE), matches=MATCHES, seed=1, threads=1)

    first = run()
    assert first.matches_completed == MATCHES
    assert abs(first.win - 0.5) < 4 * first.std_error
    benchmark.pedantic(run, rounds=3, iterations=1)
    record(benchmark, first.games, first.plies)
    if benchmark.stats is not None:
        benchmark.extra_info["matches_per_second"] = MATCHES / benchmark.stats.stats.mean


# -- the net cube -------------------------------------------------------------------------------

NET_GAMES = max(50, round(4_000 * SCALE))


@pytest.mark.benchmark(group="the cost of the net cube, one core")
@pytest.mark.parametrize("cube", ["never", "net"])
def test_net_money_games(benchmark: Any, cube: str) -> None:
    """Money games of the net against itself, without and with the net's cube decisions."""
    player = gammon.Player("net", cube=cube)

    def run() -> gammon.MoneyResult:
        return gammon.simulate_money(NET_GAMES, players=(player, player), seed=1, threads=1)

    first = run()
    assert first.games_completed == NET_GAMES
    assert (first.doubles > NET_GAMES // 2) == (cube == "net")
    benchmark.pedantic(run, rounds=3, iterations=1)
    record(benchmark, NET_GAMES, first.plies)


@pytest.mark.benchmark(group="the cost of the net cube, one core")
@pytest.mark.parametrize("cube", [None, "net"])
def test_net_rollouts_cubeless_and_cubeful(benchmark: Any, cube: Any) -> None:
    """A rollout of the opening with the net, cubeless and cubeful (the cube for both sides)."""

    def run() -> Any:
        return gammon.rollout(games=NET_GAMES, policy="net", cube=cube, seed=1, threads=1)

    first = run()
    assert first.games_completed == NET_GAMES
    benchmark.pedantic(run, rounds=3, iterations=1)
    plies = first.tally.plies
    record(benchmark, NET_GAMES, plies)
