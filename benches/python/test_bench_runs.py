"""The cost of the Python boundary of runs: many small rollouts (the per-call
overhead: arguments in, the run value and its tally out), a checkpoint round trip, and money
and match simulations with the cube.

Run: ``pytest benches/python/test_bench_runs.py --benchmark-only``. CI runs it at 1% with
timing off, as a check that the workloads still give the results asserted here.
"""

from __future__ import annotations

import os
from typing import Any

import gammon
from gammon.rollout import RolloutResult

SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    return max(10, round(n * SCALE))


SMALL_ROLLOUTS = scaled(2_000)
MONEY_GAMES = scaled(20_000)
MATCHES = scaled(2_000)


def test_many_small_rollouts(benchmark: Any) -> None:
    """Rollouts of 4 random games each: mostly the boundary, not the games."""

    def run() -> float:
        total = 0.0
        for i in range(SMALL_ROLLOUTS):
            r = gammon.rollout(games=4, policy="random", seed=i, threads=1, record_games=True)
            total += r.equity
        return total

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["rollouts"] = SMALL_ROLLOUTS


def test_checkpoint_round_trips(benchmark: Any) -> None:
    r = gammon.rollout(games=100, policy="random", seed=1, threads=1)

    def run() -> RolloutResult:
        back = r
        for _ in range(SMALL_ROLLOUTS):
            back = RolloutResult.from_dict(r.to_dict())
        return back

    back = benchmark.pedantic(run, rounds=3, iterations=1)
    assert back == r


def test_money_games_with_the_cube(benchmark: Any) -> None:
    players = (gammon.Player("pubeval", cube="race"), gammon.Player("pubeval", cube="race"))

    def run() -> Any:
        return gammon.simulate_money(MONEY_GAMES, players=players, seed=1, threads=1)

    m = benchmark.pedantic(run, rounds=3, iterations=1)
    assert m.games_completed == MONEY_GAMES
    benchmark.extra_info["games"] = MONEY_GAMES


def test_matches_to_5_points(benchmark: Any) -> None:
    players = (gammon.Player("pubeval", cube="race"), gammon.Player("random", cube="never"))

    def run() -> Any:
        return gammon.simulate_match(5, players=players, matches=MATCHES, seed=1, threads=1)

    m = benchmark.pedantic(run, rounds=3, iterations=1)
    assert m.matches_completed == MATCHES
    assert m.win > 0.5
    benchmark.extra_info["matches"] = MATCHES
