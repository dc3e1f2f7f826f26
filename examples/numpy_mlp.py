"""A small numpy MLP, trained a little by TD(0) and rolled out through the batched loop.

What it shows, end to end, with numpy only:

1. training data out of the Rust loop: ``gammon.batch.trajectories`` plays games with the
   built-in ``heuristic`` policy and streams their plies in chunks;
2. a 198 -> H -> 1 MLP over the TD-Gammon inputs learns, by semi-gradient TD(0) on the
   after-states of those games, the final result in points from the mover's side;
3. the trained model chooses every play of whole games, both sides, through
   ``gammon.batch.play_games``: Rust keeps ``lockstep`` games in flight and hands the model
   ONE array of all their candidate positions per call;
4. how close the loop runs to the model's own speed: the model alone on arrays of the same
   size, against the whole loop (model time vs total, cost per candidate row).

Run it (a minute at the default sizes)::

    python examples/numpy_mlp.py --train-games 2000 --games 2000

``tests/test_examples.py`` runs it with small sizes.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt

import gammon
from gammon import batch

F32 = npt.NDArray[np.float32]


class Mlp:
    """``198 -> hidden (tanh) -> 1``: the expected points of an after-state for its owner."""

    def __init__(self, hidden: int = 32, seed: int = 0, units: int = 198) -> None:
        rng = np.random.default_rng(seed)
        self.w1: F32 = rng.normal(0, 1 / np.sqrt(units), (units, hidden)).astype(np.float32)
        self.b1: F32 = np.zeros(hidden, dtype=np.float32)
        self.w2: F32 = rng.normal(0, 1 / np.sqrt(hidden), hidden).astype(np.float32)
        self.b2 = np.float32(0)

    def __call__(self, x: F32) -> F32:
        """Scores of an ``(M, 198)`` batch: one float per row, higher = better for the owner."""
        out: F32 = np.tanh(x @ self.w1 + self.b1) @ self.w2 + self.b2
        return out

    def sgd_step(self, x: F32, target: F32, lr: float) -> float:
        """One gradient step of the mean squared error towards ``target``; returns the loss."""
        h = np.tanh(x @ self.w1 + self.b1)
        err = h @ self.w2 + self.b2 - target
        n = len(x)
        grad_h = np.outer(err, self.w2) * (1 - h * h)
        self.w2 -= lr * (h.T @ err) / n
        self.b2 -= np.float32(lr * err.mean())
        self.w1 -= lr * (x.T @ grad_h) / n
        self.b1 -= lr * grad_h.mean(axis=0)
        return float(np.mean(err * err))


def td_targets(net: Mlp, x: F32, game: npt.NDArray[Any], result: npt.NDArray[Any]) -> F32:
    """TD(0) targets of a chunk's after-states, in game order.

    The value of ply ``t``'s after-state, for its mover, is minus the value of ply ``t + 1``'s
    after-state for its mover (the opponent: the game is zero-sum); the last ply of a game
    takes the game's final result from its mover's side.
    """
    nxt = -net(x[1:])
    same_game = game[1:] == game[:-1]
    target = result.astype(np.float32).copy()
    target[:-1] = np.where(same_game, nxt, target[:-1])
    return target


def train(
    net: Mlp, games: int, *, seed: int = 1, epochs: int = 3, lr: float = 0.05, batch_size: int = 256
) -> tuple[float, float]:
    """Trains ``net`` by TD(0) on ``games`` heuristic-policy games.

    Returns the TD loss (mean squared TD error over the data) before and after.
    """
    chunks = list(batch.trajectories(games, policy="heuristic", seed=seed, chunk_games=500))
    data = [(batch.encode(c.after, "tdgammon", on_roll=False), c.game, c.result) for c in chunks]

    def loss() -> float:
        errs = [np.mean((net(x) - td_targets(net, x, g, r)) ** 2) for x, g, r in data]
        return float(np.mean(errs))

    before = loss()
    rng = np.random.default_rng(seed)
    for _ in range(epochs):
        for x, g, r in data:
            target = td_targets(net, x, g, r)
            order = rng.permutation(len(x))
            for k in range(0, len(x), batch_size):
                idx = order[k : k + batch_size]
                net.sgd_step(x[idx], target[idx], lr)
    return before, loss()


def measure(net: Mlp, games: int, *, lockstep: int = 512, seed: int = 7) -> dict[str, float]:
    """Rolls ``games`` games out through ``play_games``, then times the model alone.

    The model alone runs on as many rows, in calls of the same mean size: the loop's cost per
    row against the model's own.
    """
    t = time.perf_counter()
    done = batch.play_games(net, games, seed=seed, lockstep=lockstep)
    total = time.perf_counter() - t
    # The model's own speed: the same number of rows in calls of the same mean size, on
    # real candidate positions (the first call's worth, repeated).
    per_call = max(1, done.rows // max(1, done.calls))
    sample = batch.legal_plays(
        np.repeat(batch.boards([gammon.Position.start()]), 64, axis=0),
        np.random.default_rng(0).integers(1, 7, (64, 2)),
    ).boards
    x = batch.encode(np.resize(sample, (per_call, 26)), "tdgammon", on_roll=False)
    net(x)
    t = time.perf_counter()
    for _ in range(done.calls):
        net(x)
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train-games", type=int, default=2000)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--lockstep", type=int, default=512)
    ap.add_argument("--hidden", type=int, default=32)
    args = ap.parse_args(argv)
    net = Mlp(args.hidden)
    before, after = train(net, args.train_games)
    print(f"TD(0) loss on {args.train_games} heuristic games: {before:.4f} -> {after:.4f}")
    fig = measure(net, args.games, lockstep=args.lockstep)
    fig["td_loss_before"], fig["td_loss_after"] = before, after
    print(
        f"{fig['games']:.0f} games in {fig['seconds']:.2f} s ({fig['games_per_s']:.0f} games/s), "
        f"{fig['calls']:.0f} model calls, {fig['rows']:.0f} rows; "
        f"model {100 * fig['model_fraction']:.0f}% of the time; "
        f"{fig['ns_per_row_loop']:.0f} ns a row in the loop vs "
        f"{fig['ns_per_row_model_alone']:.0f} ns for the model alone"
    )
    return fig


if __name__ == "__main__":
    main()
