"""`gammon.Game` step by step: whole games through ``push``, ``legal_actions`` and
``pop``, the path of an engine that uses gammon as its rules backend. Every step goes through
the core's turn state machine.

Run: ``pytest benches/python/test_bench_game.py --benchmark-only --benchmark-json=game.json``
(not part of the default test run). The games are seeded, so every round plays the same
actions; the benchmark checks that each game ends and records actions per second.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import gammon

# GAMMON_BENCH_SCALE shrinks the workload (CI runs the benchmarks at 1% as a smoke test).
SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))
GAMES = max(2, round(400 * SCALE))


def play_games(match: bool) -> int:
    """Play GAMES seeded games with random legal actions (cube actions included, no
    resignations), taking every action back once; return the actions pushed."""
    rng = random.Random(7)
    pushed = 0
    for g in range(GAMES):
        game = gammon.Game(gammon.Match(7) if match else None, seed=g)
        while not game.is_over:
            actions = game.legal_actions(resignations=False)
            action = actions[rng.randrange(len(actions))]
            game.push(action)
            game.pop()
            game.push(action)
            pushed += 1
        assert game.result is not None and game.result.points >= 1
    return pushed


@pytest.mark.benchmark(group="gammon.Game, one core")
@pytest.mark.parametrize("match", [False, True], ids=["money", "match"])
def test_game_push_pop_legal_actions(benchmark: Any, match: bool) -> None:
    pushed = benchmark(play_games, match)
    assert pushed > GAMES * 10
    if benchmark.stats is not None:
        benchmark.extra_info["actions_per_second"] = pushed / benchmark.stats.stats.mean
