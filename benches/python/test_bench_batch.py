"""pytest-benchmark: gammon.batch and the vectorized environment against their peers, one run.

Groups (read rates as ``extra_info[...] / mean``):

* ``batch-legal-plays``: every resulting position of the 4,918 (position, roll) cases of
  tests/data/conformance, delivered to Python: ``gammon.batch.legal_plays`` (one call, an
  ``(M, 26)`` array), ``gnubg_nn.moves`` (one call per case, one position key per play) and
  ``bgsage.possible_moves`` (one call per case, one 26-list per play). Each is checked
  against the others before timing.
* ``encode``: network inputs of the resulting boards of that workload (about 150,000 boards):
  gammon's ``tdgammon`` (198) and ``contact`` (220) encodings and bgsage's
  ``encode_boards_batch`` (its 244 inputs; a different encoding, so a rate comparison only).
* ``vector-env``: games per second of ``gammon.envs.VectorGammonEnv`` (256 games, uniform
  random legal actions chosen in numpy, random opponent in Rust).

Run::

    pytest benches/python/test_bench_batch.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import bgsage
import gnubg_nn
import numpy as np
import pytest

import gammon
from gammon import batch
from gammon.envs import VectorGammonEnv

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "conformance"
SCALE = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))


@pytest.fixture(scope="module")
def cases() -> dict[str, Any]:
    with open(DATA / "backgammon-plays.jsonl", encoding="utf-8") as f:
        raw = [json.loads(line) for line in f if line.strip()]
    raw = raw[: max(50, round(len(raw) * SCALE))]
    positions = [gammon.Position.from_id(c["pos"]) for c in raw]
    boards = batch.boards(positions)
    dice = np.array([(max(c["dice"]), min(c["dice"])) for c in raw], dtype=np.int8)
    # bgsage's layout is gammon's with the opponent's bar (index 0) as a positive count.
    sage = boards.astype(int)
    sage[:, 0] = -sage[:, 0]
    return {
        "boards": boards,
        "dice": dice,
        "gnubg": [(c["board"], max(c["dice"]), min(c["dice"])) for c in raw],
        "sage": [(row.tolist(), int(d[0]), int(d[1])) for row, d in zip(sage, dice)],
    }


@pytest.mark.benchmark(group="batch-legal-plays")
def test_gammon_batch_legal_plays(benchmark: Any, cases: dict[str, Any]) -> None:
    res = batch.legal_plays(cases["boards"], cases["dice"])
    # Against bgsage, case by case (the same resulting positions, MOVE-9).
    for i, (b, d1, d2) in enumerate(cases["sage"][:1000]):
        theirs = {tuple(r) for r in bgsage.possible_moves(b, d1, d2)}
        rows = res.boards[res.offsets[i] : res.offsets[i + 1]].astype(int)
        rows[:, 0] = -rows[:, 0]
        # bgsage hands back the unchanged board when no play is legal (MOVE-8).
        assert {tuple(r) for r in rows.tolist()} == (
            theirs - {tuple(b)} if not len(rows) else theirs
        )
    benchmark.extra_info["calls"] = len(cases["dice"])
    benchmark.extra_info["positions"] = int(res.offsets[-1])
    benchmark(batch.legal_plays, cases["boards"], cases["dice"])


@pytest.mark.benchmark(group="batch-legal-plays")
def test_gammon_batch_legal_plays_reused_buffer(benchmark: Any, cases: dict[str, Any]) -> None:
    """The same call writing into a LegalPlaysBuffer kept from call to call (out=)."""
    fresh = batch.legal_plays(cases["boards"], cases["dice"])
    buf = batch.LegalPlaysBuffer()
    res = batch.legal_plays(cases["boards"], cases["dice"], out=buf)
    assert np.array_equal(res.boards, fresh.boards)
    assert np.array_equal(res.offsets, fresh.offsets)
    benchmark.extra_info["calls"] = len(cases["dice"])
    benchmark.extra_info["positions"] = int(res.offsets[-1])
    benchmark(batch.legal_plays, cases["boards"], cases["dice"], out=buf)


@pytest.mark.benchmark(group="batch-legal-plays")
def test_gnubg_nn_moves_every_position(benchmark: Any, cases: dict[str, Any]) -> None:
    res = batch.legal_plays(cases["boards"], cases["dice"])
    counts = np.diff(res.offsets)
    for i, (b, hi, lo) in enumerate(cases["gnubg"]):
        assert len(gnubg_nn.moves(b, hi, lo)) == counts[i]
    work = cases["gnubg"]

    def run() -> int:
        return sum(len(gnubg_nn.moves(b, hi, lo)) for b, hi, lo in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.mark.benchmark(group="batch-legal-plays")
def test_bgsage_possible_moves_every_position(benchmark: Any, cases: dict[str, Any]) -> None:
    work = cases["sage"]

    def run() -> int:
        return sum(len(bgsage.possible_moves(b, d1, d2)) for b, d1, d2 in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.fixture(scope="module")
def after_boards(cases: dict[str, Any]) -> np.ndarray:
    return batch.legal_plays(cases["boards"], cases["dice"]).boards


@pytest.mark.benchmark(group="encode")
@pytest.mark.parametrize("encoding", ["tdgammon", "contact"])
def test_gammon_encode(benchmark: Any, after_boards: np.ndarray, encoding: str) -> None:
    out = batch.encode(after_boards, encoding, on_roll=False)
    assert out.shape == (len(after_boards), batch.ENCODING_UNITS[encoding])
    benchmark.extra_info["boards"] = len(after_boards)
    benchmark(batch.encode, after_boards, encoding, on_roll=False)


@pytest.mark.benchmark(group="encode")
@pytest.mark.parametrize("encoding", ["tdgammon", "contact"])
def test_gammon_encode_into_out(benchmark: Any, after_boards: np.ndarray, encoding: str) -> None:
    """The same encodings written into one output array kept from call to call (out=)."""
    fresh = batch.encode(after_boards, encoding, on_roll=False)
    out = np.empty_like(fresh)
    assert np.array_equal(batch.encode(after_boards, encoding, on_roll=False, out=out), fresh)
    benchmark.extra_info["boards"] = len(after_boards)
    benchmark(batch.encode, after_boards, encoding, on_roll=False, out=out)


@pytest.mark.benchmark(group="encode")
def test_bgsage_encode_boards_batch(benchmark: Any, after_boards: np.ndarray) -> None:
    sage = after_boards.astype(np.int32)
    sage[:, 0] = -sage[:, 0]
    out = bgsage._cpp.encode_boards_batch(sage, 244)
    assert out.shape == (len(sage), 244)
    benchmark.extra_info["boards"] = len(sage)
    benchmark(bgsage._cpp.encode_boards_batch, sage, 244)


@pytest.mark.benchmark(group="vector-env")
def test_vector_env_random_games(benchmark: Any) -> None:
    env = VectorGammonEnv(256, opponent="random", seed=1)
    rng = np.random.default_rng(2)
    steps = max(20, round(400 * SCALE))

    def run() -> int:
        _, info = env.reset()
        games = 0
        for _ in range(steps):
            counts = np.maximum(np.diff(info["after"].offsets), 1)
            actions = (rng.random(len(counts)) * counts).astype(np.int64)
            _, _, terminated, _, info = env.step(actions)
            assert not info["illegal"].any()
            games += int(terminated.sum())
        return games

    games = run()
    assert games > 0
    benchmark.extra_info["games"] = games
    benchmark.extra_info["steps"] = steps * 256
    benchmark.pedantic(run, rounds=3, iterations=1)


# ---------------------------------------------------------------------------------------
# A fixed small MLP (198 -> 32 -> 1, numpy) choosing every play of whole games
# ---------------------------------------------------------------------------------------

MLP_GAMES = max(20, round(2000 * SCALE))


class Mlp:
    """A fixed random MLP over TD-Gammon inputs (a stand-in for a trained network)."""

    def __init__(self) -> None:
        rng = np.random.default_rng(0)
        self.w1 = rng.normal(0, 0.3, (198, 32)).astype(np.float32)
        self.w2 = rng.normal(0, 0.3, 32).astype(np.float32)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.tanh(x @ self.w1) @ self.w2
        return out


class PerDecisionPolicy:
    """The per-decision path: gammon.rollout calls choose() once per decision in Python."""

    def __init__(self, net: Mlp) -> None:
        self.net = net

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        x = batch.encode(plays.boards(), "tdgammon", variant=position.variant, on_roll=False)
        return int(np.argmax(self.net(x)))


@pytest.mark.benchmark(group="batched-evaluator")
@pytest.mark.parametrize("lockstep", [256, 2048])
def test_batched_evaluator_mlp_games(benchmark: Any, lockstep: int) -> None:
    net = Mlp()
    done = batch.play_games(net, MLP_GAMES, seed=1, lockstep=lockstep)
    assert set(np.abs(done.points).tolist()) <= {1, 2, 3}
    benchmark.extra_info["games"] = MLP_GAMES
    benchmark.extra_info["evaluator_share"] = done.evaluator_seconds
    benchmark.extra_info["rows"] = done.rows
    benchmark.extra_info["calls"] = done.calls

    def run() -> float:
        return batch.play_games(net, MLP_GAMES, seed=1, lockstep=lockstep).evaluator_seconds

    benchmark.pedantic(run, rounds=3, iterations=1)


@pytest.mark.benchmark(group="batched-evaluator")
def test_per_decision_python_policy_mlp_games(benchmark: Any) -> None:
    policy = PerDecisionPolicy(Mlp())
    games = max(10, MLP_GAMES // 10)
    result = gammon.rollout(games=games, policy=policy, seed=1, threads=1)
    assert result.games_requested == games and -3 <= result.equity <= 3
    benchmark.extra_info["games"] = games
    benchmark.pedantic(
        lambda: gammon.rollout(games=games, policy=policy, seed=1, threads=1),
        rounds=3,
        iterations=1,
    )
