"""Searched rollouts: speed at 0, 1 and 2 plies, and what the search gains head to head.

    python benches/python/searched_rollouts.py speed [GAMES0 GAMES1 GAMES2]
    python benches/python/searched_rollouts.py strength PLIES GAMES [THREADS]
    python benches/python/searched_rollouts.py cube [GAMES0 GAMES1 GAMES2]

``speed`` rolls out the opening with the net at each depth (both sides searching), on one
thread and on two, and prints games a second. ``strength`` plays the net searched ``PLIES``
deep against the net at 0 ply from the opening, ``GAMES`` games with each seating on the same
dice (game *i* of one seating and of the other share their rolls), and prints the searched
side's points a game with its standard error from the paired differences. ``cube`` rolls
out the opening cubeful (money, the net's checker play at 0 ply and its cube) with the cube
decisions searched 0, 1 and 2 plies deep (``cube_plies``), on one thread, and prints games a
second.
"""

from __future__ import annotations

import math
import sys
import time

import gammon


def speed(games: list[int]) -> None:
    for plies, n in zip((0, 1, 2), games):
        for threads in (1, 2):
            t0 = time.perf_counter()
            r = gammon.rollout(None, n, policy="net", plies=plies, seed=1, threads=threads)
            dt = time.perf_counter() - t0
            print(
                f"plies={plies} threads={threads}: {n} games in {dt:.2f} s = "
                f"{n / dt:,.1f} games/s (equity {r.equity:+.3f} ± {r.std_error:.3f})",
                flush=True,
            )


def cube(games: list[int]) -> None:
    for plies, n in zip((0, 1, 2), games):
        t0 = time.perf_counter()
        r = gammon.rollout(None, n, policy="net", cube="net", cube_plies=plies, seed=1, threads=1)
        dt = time.perf_counter() - t0
        print(
            f"cube_plies={plies} threads=1: {n} games in {dt:.2f} s = {n / dt:,.1f} games/s "
            f"(cubeful equity {r.equity:+.3f} ± {r.std_error:.3f}, "
            f"{r.doubles_per_game:.2f} doubles a game)",
            flush=True,
        )


def strength(plies: int, games: int, threads: int) -> None:
    kw = dict(policy="net", seed=2026, record_games=True, threads=threads)
    t0 = time.perf_counter()
    first = gammon.rollout(None, games, plies=(plies, 0), **kw)  # searched side on roll
    second = gammon.rollout(None, games, plies=(0, plies), **kw)  # searched side second
    dt = time.perf_counter() - t0
    a = list(first.outcomes.points)
    b = list(second.outcomes.points)
    # The searched side's points in pair i: a[i] on roll, -b[i] second, on the same dice.
    d = [(x - y) / 2 for x, y in zip(a, b)]
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
    se = math.sqrt(var / len(d))
    print(
        f"{plies}-ply net against 0-ply net, {games} pairs of games ({2 * games} games, seats "
        f"swapped, same dice): {mean:+.4f} ± {se:.4f} points a game (standard error); "
        f"{dt:.0f} s on {threads} threads",
        flush=True,
    )


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "speed"
    if what == "speed":
        counts = [int(x) for x in sys.argv[2:5]] or [4000, 100, 6]
        speed(counts)
    elif what == "cube":
        cube([int(x) for x in sys.argv[2:5]] or [1000, 100, 10])
    else:
        strength(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 2)
