"""The runnable examples of examples/, executed with small sizes."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from gammon import batch
from support import load_module

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name: str) -> ModuleType:
    return load_module(EXAMPLES / f"{name}.py", f"example_{name}")


def check_figures(fig: dict[str, float], games: int) -> None:
    assert fig["games"] == games
    assert fig["calls"] > 0 and fig["rows"] >= fig["calls"]
    assert 0 < fig["evaluator_seconds"] < fig["seconds"]
    assert 0 < fig["model_fraction"] < 1
    assert fig["ns_per_row_loop"] > 0 and fig["ns_per_row_model_alone"] > 0
    assert -3 <= fig["mean_points_white"] <= 3
    # A little TD(0) lowers the TD error on its own data.
    assert fig["td_loss_after"] < fig["td_loss_before"]


def test_numpy_mlp_example_trains_and_rolls_out(capsys: pytest.CaptureFixture[str]) -> None:
    ex = load("numpy_mlp")
    fig = ex.main(["--train-games", "40", "--games", "30", "--lockstep", "16"])
    check_figures(fig, 30)
    out = capsys.readouterr().out
    assert "TD(0) loss" in out and "games/s" in out


def test_numpy_mlp_td_targets_chain_within_a_game_and_end_on_the_result() -> None:
    ex = load("numpy_mlp")
    net = ex.Mlp(8)
    chunk = next(batch.trajectories(3, seed=5))
    x = batch.encode(chunk.after, "tdgammon", on_roll=False)
    target = ex.td_targets(net, x, chunk.game, chunk.result)
    last = np.r_[chunk.game[1:] != chunk.game[:-1], True]
    # The last ply of each game learns the game's result (SCORE-1), the others -V(next).
    assert np.array_equal(target[last], chunk.result[last].astype(np.float32))
    inner = np.flatnonzero(~last)
    # float32 products of batches of different shapes round differently (BLAS blocks them by
    # shape), so a value near 0 may differ by a few float32 ulps of 1: hence the atol.
    np.testing.assert_allclose(target[inner], -net(x[inner + 1]), rtol=1e-6, atol=1e-6)


def test_numpy_mlp_rollout_is_reproducible_whatever_the_lockstep() -> None:
    ex = load("numpy_mlp")
    net = ex.Mlp(8, seed=3)
    a = batch.play_games(net, 12, seed=4, lockstep=3)
    b = batch.play_games(net, 12, seed=4, lockstep=12)
    assert np.array_equal(a.points, b.points) and np.array_equal(a.plies, b.plies)


def test_torch_mlp_example_trains_and_rolls_out() -> None:
    pytest.importorskip(
        "torch", reason="PyTorch is optional (not in requirements-dev.txt: its wheels are huge)"
    )
    ex = load("torch_mlp")
    fig = ex.main(["--train-games", "40", "--games", "30", "--lockstep", "16"])
    check_figures(fig, 30)
