"""The numpy example's MLP in PyTorch: trained a little by TD(0), rolled out in batches.

The evaluator handed to ``gammon.batch.play_games`` wraps the float32 input array with
``torch.from_numpy`` (no copy), runs the model under ``torch.inference_mode()`` and hands
the scores back as a numpy array. Everything else is as in ``numpy_mlp.py``.

PyTorch is optional: install it yourself (``pip install torch``; a CPU build is enough).
Run it::

    python examples/torch_mlp.py --train-games 2000 --games 2000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

import gammon
from gammon import batch


def make_model(hidden: int = 32, units: int = 198, seed: int = 0) -> torch.nn.Module:
    """``198 -> hidden (tanh) -> 1``: the expected points of an after-state for its owner."""
    torch.manual_seed(seed)
    return torch.nn.Sequential(
        torch.nn.Linear(units, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 1)
    )


class Evaluator:
    """The batched evaluator: ``(M, 198)`` float32 numpy rows in, ``(M,)`` scores out."""

    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model

    def __call__(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """One score per row, the model run without autograd on the array's memory."""
        with torch.inference_mode():
            out: npt.NDArray[np.float32] = self.model(torch.from_numpy(x)).view(-1).numpy()
        return out


def td_targets(model: torch.nn.Module, x: torch.Tensor, game: Any, result: Any) -> torch.Tensor:
    """TD(0) targets of a chunk's after-states (see ``numpy_mlp.td_targets``)."""
    with torch.no_grad():
        nxt = -model(x[1:]).view(-1)
    same = torch.from_numpy(game[1:] == game[:-1])
    target = torch.from_numpy(result.astype(np.float32))
    target[:-1] = torch.where(same, nxt, target[:-1])
    return target


def train(
    model: torch.nn.Module, games: int, *, seed: int = 1, epochs: int = 3
) -> tuple[float, float]:
    """TD(0) on ``games`` heuristic-policy games; the TD loss before and after."""
    data = [
        (torch.from_numpy(batch.encode(c.after, "tdgammon", on_roll=False)), c.game, c.result)
        for c in batch.trajectories(games, policy="heuristic", seed=seed, chunk_games=500)
    ]
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def loss() -> float:
        with torch.no_grad():
            errs = [
                torch.mean((model(x).view(-1) - td_targets(model, x, g, r)) ** 2).item()
                for x, g, r in data
            ]
        return float(np.mean(errs))

    before = loss()
    gen = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        for x, g, r in data:
            target = td_targets(model, x, g, r)
            order = torch.randperm(len(x), generator=gen)
            for k in range(0, len(x), 256):
                idx = order[k : k + 256]
                opt.zero_grad()
                torch.mean((model(x[idx]).view(-1) - target[idx]) ** 2).backward()
                opt.step()
    return before, loss()


def measure(
    model: torch.nn.Module, games: int, *, lockstep: int = 512, seed: int = 7
) -> dict[str, float]:
    """Rolls out through ``play_games``; the model alone on rows of the same call size."""
    ev = Evaluator(model)
    t = time.perf_counter()
    done = batch.play_games(ev, games, seed=seed, lockstep=lockstep)
    total = time.perf_counter() - t
    per_call = max(1, done.rows // max(1, done.calls))
    sample = batch.legal_plays(
        np.repeat(batch.boards([gammon.Position.start()]), 64, axis=0),
        np.random.default_rng(0).integers(1, 7, (64, 2)),
    ).boards
    x = batch.encode(np.resize(sample, (per_call, 26)), "tdgammon", on_roll=False)
    ev(x)
    t = time.perf_counter()
    for _ in range(done.calls):
        ev(x)
    model_alone = time.perf_counter() - t
    return {
        "games": games,
        "games_per_s": games / total,
        "seconds": total,
        "calls": done.calls,
        "rows": done.rows,
        "evaluator_seconds": done.evaluator_seconds,
        "model_fraction": done.evaluator_seconds / total,
        "ns_per_row_loop": 1e9 * total / max(1, done.rows),
        "ns_per_row_model_alone": 1e9 * model_alone / max(1, done.calls * per_call),
        "mean_points_white": float(np.mean(done.points)) if games else 0.0,
    }


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Trains, rolls out and prints the figures; returns them."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--train-games", type=int, default=2000)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--lockstep", type=int, default=512)
    ap.add_argument("--threads", type=int, default=1, help="torch intra-op threads")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    model = make_model()
    before, after = train(model, args.train_games)
    print(f"TD(0) loss on {args.train_games} heuristic games: {before:.4f} -> {after:.4f}")
    fig = measure(model, args.games, lockstep=args.lockstep)
    fig["td_loss_before"], fig["td_loss_after"] = before, after
    print(
        f"{fig['games']:.0f} games in {fig['seconds']:.2f} s ({fig['games_per_s']:.0f} games/s), "
        f"model {100 * fig['model_fraction']:.0f}% of the time; "
        f"{fig['ns_per_row_loop']:.0f} ns a row in the loop vs "
        f"{fig['ns_per_row_model_alone']:.0f} ns for the model alone"
    )
    return fig


if __name__ == "__main__":
    main()
