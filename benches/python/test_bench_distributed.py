"""Rollouts through an executor: the overhead of distribution against the direct
call, the speed-up with two Dask worker processes, the cost of checkpoints at the default
interval, and the standard error of a difference on common against independent dice.

Run: ``pytest benches/python/test_bench_distributed.py --benchmark-only
--benchmark-json bench.json`` then ``python benches/python/report_distributed.py bench.json``.
CI runs it at 1% with timing off, as a check that the workloads give the asserted results.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster

import gammon

SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))
GAMES = max(2000, round(60_000 * SCALE))
PER_TASK = max(500, GAMES // 8)
PAIRED = max(1296, round(50_000 * SCALE))


def _cluster(workers: int) -> Iterator[Client]:
    cluster = LocalCluster(
        n_workers=workers,
        processes=True,
        threads_per_worker=1,
        dashboard_address=":0",
        silence_logs=40,
    )
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.fixture(scope="module")
def one_worker() -> Iterator[Client]:
    yield from _cluster(1)


@pytest.fixture(scope="module")
def two_workers() -> Iterator[Client]:
    yield from _cluster(2)


REFERENCE = {}


def _run(benchmark: Any, **kwargs: Any) -> gammon.RolloutResult:
    result: gammon.RolloutResult = benchmark.pedantic(
        lambda: gammon.rollout(games=GAMES, seed=1, policy="pubeval", **kwargs),
        rounds=3,
        iterations=1,
    )
    if "seed1" not in REFERENCE:
        REFERENCE["seed1"] = gammon.rollout(games=GAMES, seed=1, threads=2, policy="pubeval")
    assert result == REFERENCE["seed1"]
    benchmark.extra_info["games"] = GAMES
    if benchmark.stats is not None:  # None with --benchmark-disable
        benchmark.extra_info["games_per_second"] = GAMES / benchmark.stats.stats.mean
    return result


def test_direct_one_thread(benchmark: Any) -> None:
    _run(benchmark, threads=1)


def test_direct_two_threads(benchmark: Any) -> None:
    _run(benchmark, threads=2)


def test_thread_pool_executor_one_thread(benchmark: Any) -> None:
    with ThreadPoolExecutor(1) as pool:
        _run(benchmark, executor=pool, games_per_task=PER_TASK)


def test_dask_one_worker(benchmark: Any, one_worker: Client) -> None:
    _run(benchmark, executor=one_worker, games_per_task=PER_TASK)


def test_dask_two_workers(benchmark: Any, two_workers: Client) -> None:
    _run(benchmark, executor=two_workers, games_per_task=PER_TASK)


def test_checkpoint_at_the_default_interval_two_threads(benchmark: Any) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "ck.json")

        def fresh() -> tuple[tuple[Any, ...], dict[str, Any]]:
            if os.path.exists(path):
                os.unlink(path)
            return (), {}

        result = benchmark.pedantic(
            lambda: gammon.rollout(
                games=GAMES, seed=1, threads=2, checkpoint=path, policy="pubeval"
            ),
            setup=fresh,
            rounds=3,
            iterations=1,
        )
        assert result == gammon.rollout(games=GAMES, seed=1, threads=2, policy="pubeval")
    benchmark.extra_info["games"] = GAMES
    if benchmark.stats is not None:  # None with --benchmark-disable
        benchmark.extra_info["games_per_second"] = GAMES / benchmark.stats.stats.mean


def test_one_checkpoint_write(benchmark: Any) -> None:
    """One atomic checkpoint write (temporary file, fsync, rename, fsync of the directory):
    the whole cost of a checkpoint, paid once per ``checkpoint_every`` seconds."""
    from gammon._core import _write_checkpoint_file

    r = gammon.rollout(games=1000, seed=1, threads=1, policy="pubeval")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "ck.json"
        benchmark.pedantic(
            lambda: _write_checkpoint_file(path, r._checkpoint(0, 1000)),
            rounds=20,
            iterations=1,
        )
        assert gammon.read_checkpoint(path).result == r
    if benchmark.stats is not None:
        share = benchmark.stats.stats.mean / gammon.DEFAULT_CHECKPOINT_EVERY
        benchmark.extra_info["share_of_the_default_interval"] = share


@pytest.mark.parametrize("where", ["race", "opening"])
def test_common_dice_against_independent_dice(benchmark: Any, where: str) -> None:
    """The standard error of a difference between two plays, on common and independent dice."""
    if where == "race":
        pos = gammon.Position.from_checkers(
            {6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 2, 11: 2}
        )
        plays = pos.legal_plays((6, 4))
    else:
        plays = gammon.Position.start().legal_plays((3, 1))
    pair = [plays[0].after, plays[1].after]

    def run() -> tuple[float, float]:
        common = gammon.rollout_many(pair, games=PAIRED, seed=3, threads=2, policy="pubeval")
        apart = gammon.rollout_many(
            pair, games=PAIRED, seed=3, threads=2, common_dice=False, policy="pubeval"
        )
        return common.difference(0, 1)[1], apart.difference(0, 1)[1]

    se_common, se_apart = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info["games"] = PAIRED
    benchmark.extra_info["se_common"] = se_common
    benchmark.extra_info["se_independent"] = se_apart
    if benchmark.stats is not None:
        benchmark.extra_info["games_per_second"] = 4 * PAIRED / benchmark.stats.stats.mean
    if where == "race":
        assert se_common < 0.5 * se_apart


RACE = gammon.Position.from_checkers(
    {6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 2, 11: 2}
)
COMPARED = max(1296, round(40_000 * SCALE))


@pytest.mark.parametrize("how", ["separate_rollouts", "rollout_many", "rollout_many_checkpoint"])
def test_the_cost_of_pairing_the_plays(benchmark: Any, how: str) -> None:
    """The 8 plays of 64 in a race rolled out one by one, against ``rollout_many`` (per-game
    points kept a block at a time, folded into exact sums of products), and the same with a
    checkpoint at the default interval."""
    positions = [p.after for p in RACE.legal_plays((6, 4))]
    expected = [gammon.rollout(p, COMPARED, seed=9, threads=2, policy="pubeval") for p in positions]

    def run() -> list[gammon.RolloutResult]:
        if how == "separate_rollouts":
            return [
                gammon.rollout(p, COMPARED, seed=9, threads=2, policy="pubeval") for p in positions
            ]
        if how == "rollout_many":
            return list(
                gammon.rollout_many(
                    positions, COMPARED, seed=9, threads=2, policy="pubeval"
                ).results
            )
        with tempfile.TemporaryDirectory() as d:
            many = gammon.rollout_many(
                positions,
                COMPARED,
                seed=9,
                threads=2,
                checkpoint=Path(d) / "ck.json",
                policy="pubeval",
            )
        return list(many.results)

    results = benchmark.pedantic(run, rounds=3, iterations=1)
    assert results == expected
    if benchmark.stats is not None:
        benchmark.extra_info["games_per_second"] = 8 * COMPARED / benchmark.stats.stats.mean
