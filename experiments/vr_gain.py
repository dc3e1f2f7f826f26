"""Variance reduction with the net against the plain rollout: precision per second.

The opening is rolled out with the net policy on one thread, plain and with
``variance_reduction=True, evaluator="net"``, on the same seed, twice; train/log.md ("Past
bg-td3") quotes it:

    taskset -c 0 python experiments/vr_gain.py [GAMES]      # default 1000 games, about 1 minute

Prints for each round both standard errors and times, the standard error's ratio, the cost
ratio and the gain in precision per second, (se_plain / se_vr)² / (t_vr / t_plain), above 1
when variance reduction pays.
"""

from __future__ import annotations

import sys
import time

import gammon


def _timed(games: int, **kw: object) -> tuple[gammon.RolloutResult, float]:
    start = time.perf_counter()
    result = gammon.rollout(games=games, policy="net", threads=1, seed=5, **kw)  # type: ignore[arg-type]
    return result, time.perf_counter() - start


def main() -> None:
    """Prints two rounds of the comparison."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for _ in range(2):
        plain, tp = _timed(games)
        vr, tv = _timed(games, variance_reduction=True, evaluator="net")
        ratio = plain.std_error / vr.std_error
        print(
            f"plain SE {plain.std_error:.4f} in {tp:.2f} s; VR SE {vr.std_error:.4f} in "
            f"{tv:.2f} s; SE {ratio:.2f}x smaller, cost {tv / tp:.1f}x, precision/s "
            f"{ratio**2 / (tv / tp):.2f}x; equities {plain.equity:+.4f} {vr.equity:+.4f}"
        )


if __name__ == "__main__":
    main()
