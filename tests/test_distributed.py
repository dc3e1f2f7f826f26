"""Rollouts and simulations on an executor: a real Dask LocalCluster with two worker
processes, and plain ``concurrent.futures`` executors. Game *i* depends only on (seed, i), so
the merged result must equal the single-machine result exactly, also when a worker process is
killed in the middle of a range."""

from __future__ import annotations

import operator
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from distributed import Client, LocalCluster

import gammon
from gammon import batch


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    cluster = LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        dashboard_address=":0",
        silence_logs=40,
    )
    c = Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def test_a_dask_rollout_equals_the_direct_one(client: Client) -> None:
    direct = gammon.rollout(games=6000, seed=21, threads=1, record_games=True, policy="pubeval")
    spread = gammon.rollout(
        games=6000,
        seed=21,
        executor=client,
        games_per_task=700,
        record_games=True,
        policy="pubeval",
    )
    assert spread == direct
    assert spread.ranges == ((0, 6000),) and spread.stop_reason == "completed"
    assert spread.tally == direct.tally
    assert spread.outcomes is not None and direct.outcomes is not None
    for a, b in zip(spread.outcomes, direct.outcomes):
        assert np.array_equal(a, b)


def test_dask_simulations_equal_the_direct_ones(client: Client) -> None:
    players = (gammon.Player("pubeval", "race"), "random")
    m1 = gammon.simulate_match(3, players=players, matches=300, seed=4, threads=1)
    m2 = gammon.simulate_match(
        3, players=players, matches=300, seed=4, executor=client, matches_per_task=70
    )
    assert m2 == m1 and m2.tally == m1.tally
    g1 = gammon.simulate_money(3000, players=players, seed=5, threads=1, record_games=True)
    g2 = gammon.simulate_money(
        3000, players=players, seed=5, executor=client, games_per_task=800, record_games=True
    )
    assert g2 == g1 and g2.tally == g1.tally
    assert g1.records is not None and g2.records is not None
    for a, b in zip(g1.records, g2.records):
        assert np.array_equal(a, b)


def _double_and_take(rows: np.ndarray) -> np.ndarray:
    """A cube evaluator that doubles and takes at every chance (CUBE-2, CUBE-5)."""
    return np.ones((len(rows), 2), bool)


def test_dask_batched_evaluator_games_equal_the_direct_ones(client: Client) -> None:
    prefer_off = operator.itemgetter((slice(None), 97))  # pickles, unlike a lambda
    direct = batch.play_games(prefer_off, 300, seed=3)
    spread = batch.play_games(prefer_off, 300, seed=3, executor=client, games_per_task=70)
    assert np.array_equal(spread.points, direct.points)
    assert np.array_equal(spread.plies, direct.plies)
    assert spread.rows == direct.rows
    with_cube = batch.play_games(prefer_off, 200, seed=4, cube=_double_and_take, max_cube=8)
    spread = batch.play_games(
        prefer_off,
        200,
        seed=4,
        cube=_double_and_take,
        max_cube=8,
        executor=client,
        games_per_task=60,
    )
    assert np.array_equal(spread.cube, with_cube.cube) and spread.cube_rows == with_cube.cube_rows
    assert np.array_equal(spread.points, with_cube.points)


def test_a_worker_killed_mid_range_costs_only_a_rerun_of_its_range(client: Client) -> None:
    direct = gammon.rollout(games=12000, seed=33, threads=2, policy="pubeval")
    pids: dict[str, int] = client.run(os.getpid)
    killed: list[int] = []

    def kill_once_a_task_runs() -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            busy = [w for w, keys in client.processing().items() if keys]
            if busy:
                pid = pids[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_once_a_task_runs)
    killer.start()
    spread = gammon.rollout(
        games=12000, seed=33, executor=client, games_per_task=2000, policy="pubeval"
    )
    killer.join()
    assert killed, "no task was seen running: the worker was not killed"
    assert spread == direct
    assert spread.games_completed == 12000 and spread.ranges == ((0, 12000),)
    # The nanny started a new worker process in place of the killed one.
    client.wait_for_workers(2, timeout=30)
    assert killed[0] not in client.run(os.getpid).values()


RACE = gammon.Position.from_checkers(
    {6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 2, 11: 2}
)


def test_dask_rollouts_of_many_positions_and_ranked_plays_equal_the_direct_ones(
    client: Client,
) -> None:
    positions = [p.after for p in RACE.legal_plays((6, 4))[:3]]
    direct = gammon.rollout_many(positions, games=3000, seed=14, threads=1, policy="pubeval")
    spread = gammon.rollout_many(
        positions, games=3000, seed=14, executor=client, games_per_task=700, policy="pubeval"
    )
    assert spread == direct and spread.cross == direct.cross
    assert spread.difference(0, 2) == direct.difference(0, 2)
    assert all(r.ranges == ((0, 3000),) for r in spread.results)
    # A bear-off roll: the play that ends the game is exact, the other one is distributed.
    endgame = gammon.Position.from_checkers({1: 1, 2: 1}, {6: 1})
    ranked = gammon.rank_plays(endgame, (2, 1), 1296, seed=2, threads=1, policy="pubeval")
    spread_ranked = gammon.rank_plays(
        endgame, (2, 1), 1296, seed=2, executor=client, games_per_task=300, policy="pubeval"
    )
    assert spread_ranked == ranked and ranked[1].result is not None


class _Locked:
    """A policy that cannot be pickled (it holds a lock)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        return 0


def test_a_policy_that_does_not_pickle_is_refused_clearly(client: Client) -> None:
    with pytest.raises(gammon.InvalidInputError, match="cannot be pickled"):
        gammon.rollout(games=10, seed=1, policy=_Locked(), executor=client)
    with ThreadPoolExecutor(1) as ex, pytest.raises(gammon.InvalidInputError, match="pickled"):
        gammon.rollout(games=10, seed=1, policy=_Locked(), executor=ex)
    with pytest.raises(gammon.InvalidInputError, match="executor must be"):
        gammon.rollout(games=10, seed=1, executor="tcp://scheduler:8786", policy="pubeval")
    start = gammon.Position.start()
    with pytest.raises(gammon.InvalidInputError, match="cannot be pickled"):
        gammon.rollout_many([start, start], 10, seed=1, policy=_Locked(), executor=client)


class _Flaky(Executor):
    """A thread pool whose first submission of each range fails (a lost worker)."""

    def __init__(self, always: bool = False) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.always = always
        self.seen: list[tuple[int, int]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        r = (args[0], args[1])
        first = r not in self.seen
        self.seen.append(r)
        if first or self.always:
            f: Future[Any] = Future()
            f.set_exception(ConnectionError(f"worker lost while playing {r}"))
            return f
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait)


def test_a_plain_executor_resubmits_failed_ranges_a_bounded_number_of_times() -> None:
    direct = gammon.rollout(games=3000, seed=8, threads=1, policy="pubeval")
    flaky = _Flaky()
    with flaky:
        again = gammon.rollout(
            games=3000, seed=8, executor=flaky, games_per_task=500, policy="pubeval"
        )
    assert again == direct
    assert sorted(flaky.seen) == sorted(
        [(a, a + 500) for a in range(0, 3000, 500)] * 2
    )  # every range twice: once failed, once played, never counted twice
    broken = _Flaky(always=True)
    with broken, pytest.raises(ConnectionError, match="worker lost"):
        gammon.rollout(
            games=1000, seed=8, executor=broken, games_per_task=500, retries=2, policy="pubeval"
        )
    assert broken.seen.count((0, 500)) == 3  # the first try and two retries


def test_ctrl_c_and_the_progress_bar_work_with_an_executor(client: Client) -> None:
    seen: list[gammon.RolloutProgress] = []

    def stop_after_two(p: gammon.RolloutProgress) -> None:
        seen.append(p)
        if len(seen) == 2:
            raise KeyboardInterrupt

    part = gammon.rollout(
        games=12000,
        seed=2,
        executor=client,
        games_per_task=1000,
        callback=stop_after_two,
        progress=True,
        policy="pubeval",
    )
    assert part.interrupted and part.stop_reason == "interrupted"
    assert part.games_completed == 2000 == seen[-1].done
    assert sum(b - a for a, b in part.ranges) == 2000
    # The games kept are exactly those of the ranges, as a direct run of them gives.
    ranges = [
        gammon.rollout(games=b - a, first_game=a, seed=2, threads=1, policy="pubeval")
        for a, b in part.ranges
    ]
    merged = ranges[0]
    for r in ranges[1:]:
        merged = merged.merge(r)
    assert merged.tally == part.tally
