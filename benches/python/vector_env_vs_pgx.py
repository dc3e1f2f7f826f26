"""Random games per second: ``gammon.envs.VectorGammonEnv`` against pgx's backgammon.

Not a pytest file (pgx brings jax, which CI does not install). Run each side pinned to one
core, alternating, in the same session::

    taskset -c 1 .venv/bin/python benches/python/vector_env_vs_pgx.py gammon --envs 256
    taskset -c 1 PGX_PYTHON benches/python/vector_env_vs_pgx.py pgx --envs 256

where ``PGX_PYTHON`` is a Python with ``pip install pgx`` (a separate virtualenv keeps jax's
numpy pins out of gammon's). Both sides pick uniformly among the legal actions of a mask;
pgx's actions are single checker moves (a play takes several steps), gammon's are whole
plays, so games per second is the comparable rate. Prints one JSON line, with the rate per
second of wall time and per second of the process's CPU time (the fairer figure on a shared
machine).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any


def run_gammon(envs: int, seconds: float) -> dict[str, Any]:
    import numpy as np

    from gammon.envs import VectorGammonEnv

    env = VectorGammonEnv(envs, opponent="random", seed=1)
    rng = np.random.default_rng(2)
    _, info = env.reset()

    def steps(k: int) -> int:
        nonlocal info
        games = 0
        for _ in range(k):
            counts = np.maximum(np.diff(info["after"].offsets), 1)
            actions = (rng.random(len(counts)) * counts).astype(np.int64)
            _, _, terminated, _, info = env.step(actions)
            games += int(terminated.sum())
        return games

    steps(20)  # warm-up
    games, k, t, cpu = 0, 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t < seconds:
        games += steps(20)
        k += 20
    elapsed = time.perf_counter() - t
    cpu = time.process_time() - cpu
    return {
        "peer": "gammon",
        "envs": envs,
        "steps": k,
        "games": games,
        "seconds": elapsed,
        "cpu": cpu,
    }


def run_pgx(envs: int, seconds: float) -> dict[str, Any]:
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("backgammon")
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))

    @jax.jit
    def one(state: Any, key: Any) -> tuple[Any, Any]:
        k1, k2, k3 = jax.random.split(key, 3)
        logits = jnp.log(state.legal_action_mask.astype(jnp.float32))
        action = jax.random.categorical(k1, logits, axis=-1)
        state = step(state, action, jax.random.split(k2, envs))
        done = state.terminated | state.truncated
        fresh = init(jax.random.split(k3, envs))
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), state, fresh
        )
        return state, done.sum()

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, envs))
    state, d = one(state, key)  # compile
    d.block_until_ready()
    total = jnp.zeros((), jnp.int32)
    k, t, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t < seconds:
        for _ in range(50):
            key, sub = jax.random.split(key)
            state, d = one(state, sub)
            total = total + d
        total.block_until_ready()
        k += 50
    elapsed = time.perf_counter() - t
    cpu = time.process_time() - cpu
    games = int(total)
    return {"peer": "pgx", "envs": envs, "steps": k, "games": games, "seconds": elapsed, "cpu": cpu}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("peer", choices=["gammon", "pgx"])
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--seconds", type=float, default=20.0)
    args = ap.parse_args()
    fig = (run_gammon if args.peer == "gammon" else run_pgx)(args.envs, args.seconds)
    fig["games_per_s"] = fig["games"] / fig["seconds"]
    fig["games_per_cpu_s"] = fig["games"] / fig["cpu"]
    print(json.dumps(fig))


if __name__ == "__main__":
    main()
