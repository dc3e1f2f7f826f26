"""Rollout speed against peers, measured side by side.

Run: ``pytest benches/python/test_rollout_peers.py --benchmark-only --benchmark-json=bench.json``
then ``python benches/python/report.py --from-json bench.json`` for the rows of the headline table.
Needs ``pip install open-spiel bgsage`` (the peers). Not part of the default test run.

- random-policy games per second on one core: gammon vs OpenSpiel's backgammon driven from
  Python (uniform over OpenSpiel's legal actions, chance outcomes sampled by their weights);
- pubeval self-play games per second on one core: gammon vs bgsage's C++ pubeval self-play
  (``bgbot_cpp.play_games_pubeval`` with Tesauro's weights, one thread);
- one million pubeval games of the opening on every core, and the speed-up from one thread to
  two.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

import pytest

import gammon

pyspiel = pytest.importorskip("pyspiel")
bgbot_cpp = pytest.importorskip("bgbot_cpp")

# GAMMON_BENCH_SCALE shrinks every workload (CI runs these as a smoke test of the peers and
# of the result checks at 1%; the figures in BENCHMARKS.md come from the full size).
SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    return max(10, round(n * SCALE))


OPENSPIEL_GAMES = scaled(200)
GAMMON_RANDOM_GAMES = scaled(50_000)
PUBEVAL_GAMES = scaled(50_000)
BGSAGE_GAMES = scaled(4_000)
SCALING_GAMES = scaled(300_000)
MILLION = scaled(1_000_000)


def record(benchmark: Any, games: int) -> None:
    benchmark.extra_info["games"] = games
    if benchmark.stats is None:  # --benchmark-disable: the results were checked, nothing timed
        return
    benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.mean


def openspiel_random_games(n: int, seed: int) -> int:
    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    finished = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        finished += 1
    return finished


@pytest.mark.benchmark(group="random games, one core")
def test_openspiel_random_games(benchmark: Any) -> None:
    assert openspiel_random_games(5, 0) == 5
    result = benchmark.pedantic(
        openspiel_random_games, args=(OPENSPIEL_GAMES, 1), rounds=3, iterations=1
    )
    assert result == OPENSPIEL_GAMES
    record(benchmark, OPENSPIEL_GAMES)


@pytest.mark.benchmark(group="random games, one core")
def test_gammon_random_games(benchmark: Any) -> None:
    def run() -> int:
        r = gammon.rollout(games=GAMMON_RANDOM_GAMES, policy="random", seed=1, threads=1)
        return r.games_completed

    assert run() == GAMMON_RANDOM_GAMES
    benchmark.pedantic(run, rounds=5, iterations=1)
    record(benchmark, GAMMON_RANDOM_GAMES)


@pytest.mark.benchmark(group="pubeval self-play, one core")
def test_bgsage_pubeval_games(benchmark: Any) -> None:
    def run() -> int:
        stats = bgbot_cpp.play_games_pubeval(BGSAGE_GAMES, seed=1, n_threads=1)
        return int(stats.n_games)

    assert run() == BGSAGE_GAMES
    benchmark.pedantic(run, rounds=3, iterations=1)
    record(benchmark, BGSAGE_GAMES)


@pytest.mark.benchmark(group="pubeval self-play, one core")
def test_gammon_pubeval_games(benchmark: Any) -> None:
    def run() -> int:
        r = gammon.rollout(games=PUBEVAL_GAMES, policy="pubeval", seed=1, threads=1)
        return r.games_completed

    assert run() == PUBEVAL_GAMES
    benchmark.pedantic(run, rounds=5, iterations=1)
    record(benchmark, PUBEVAL_GAMES)


@pytest.mark.benchmark(group="pubeval scaling")
@pytest.mark.parametrize("threads", [1, 2])
def test_gammon_pubeval_scaling(benchmark: Any, threads: int) -> None:
    cpu: list[float] = []

    def run() -> int:
        c0 = time.process_time()
        r = gammon.rollout(games=SCALING_GAMES, policy="pubeval", seed=2, threads=threads)
        cpu.append(time.process_time() - c0)
        return r.games_completed

    assert run() == SCALING_GAMES
    benchmark.pedantic(run, rounds=3, iterations=1)
    record(benchmark, SCALING_GAMES)
    benchmark.extra_info["threads"] = threads
    # On a machine shared with other work, wall-clock scaling shows the cores we got; the
    # games per CPU-second show that the parallel code loses nothing per core.
    benchmark.extra_info["games_per_cpu_second"] = SCALING_GAMES * len(cpu) / sum(cpu)


@pytest.mark.benchmark(group="a million games")
def test_gammon_million_pubeval_games_of_the_opening(benchmark: Any) -> None:
    def run() -> int:
        r = gammon.rollout(games=MILLION, policy="pubeval", seed=1)
        assert r.opening and not r.interrupted
        return r.games_completed

    assert benchmark.pedantic(run, rounds=1, iterations=1) == MILLION
    record(benchmark, MILLION)
