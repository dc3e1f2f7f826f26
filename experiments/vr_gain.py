"""Variance reduction with the net against the plain rollout: precision per second.

The opening is rolled out with the net policy on one thread, plain and with
``variance_reduction=True, evaluator="net"``, on the same seed, in alternating rounds;
train/log.md ("Past bg-td3") and the lab notes on variance reduction quote it:

    taskset -c 0 python experiments/vr_gain.py [GAMES [PLIES [ROUNDS]]]

GAMES defaults to 1000 (about a minute at 0 ply), PLIES (the depth of both players' search,
``plies=``) to 0, ROUNDS to 2. Prints for each round both standard errors and CPU times
(``time.process_time``, after an untimed small rollout that loads the nets), the standard
error's ratio, the cost ratio and the gain in precision
per second, (se_plain / se_vr)² / (t_vr / t_plain), above 1 when variance reduction pays.
"""

from __future__ import annotations

import sys
import time

import gammon


def _timed(games: int, **kw: object) -> tuple[gammon.RolloutResult, float]:
    start = time.process_time()
    result = gammon.rollout(games=games, policy="net", threads=1, seed=5, **kw)  # type: ignore[arg-type]
    return result, time.process_time() - start


def main() -> None:
    """Prints the rounds of the comparison."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    # The nets load on first use: a small rollout first, untimed.
    _timed(8, plies=plies, variance_reduction=True, evaluator="net")
    for _ in range(rounds):
        plain, tp = _timed(games, plies=plies)
        vr, tv = _timed(games, plies=plies, variance_reduction=True, evaluator="net")
        ratio = plain.std_error / vr.std_error
        print(
            f"plies {plies}: plain SE {plain.std_error:.4f} in {tp:.2f} s; VR SE "
            f"{vr.std_error:.4f} in {tv:.2f} s; SE {ratio:.2f}x smaller, cost "
            f"{tv / tp:.1f}x, precision/s {ratio**2 / (tv / tp):.2f}x; equities "
            f"{plain.equity:+.6f} {vr.equity:+.6f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
