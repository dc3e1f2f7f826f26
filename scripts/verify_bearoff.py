#!/usr/bin/env python3
"""Compares gammon's bear-off databases with GNU Backgammon's (the ``gnubg`` module).

- Two-sided: every pair of non-empty home boards of up to 6 checkers a side (gnubg's two-sided
  database, 923 x 923 pairs): gammon's exact win probability against gnubg's evaluation.
- One-sided: a random sample of bear-off positions where a side has more than 6 checkers (gnubg
  combines its one-sided distributions, gammons included; so does gammon beyond its two-sided
  table, and gammon's exact two-sided values where both sides fit its larger table).

Prints the largest absolute differences and the counts. Usage::

    .venv/bin/python scripts/verify_bearoff.py [--sample 200000] [--seed 1] [--two-sided-every 1]

The CI test (tests/test_bearoff.py) runs the same comparison on a smaller sample.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Iterator

import gnubg  # type: ignore[import-untyped]

import gammon
from gammon import _core


def boards(max_checkers: int) -> Iterator[list[int]]:
    """Every non-empty home board (points 1..6) of at most ``max_checkers`` checkers."""
    for b in itertools.product(range(max_checkers + 1), repeat=6):
        if 0 < sum(b) <= max_checkers:
            yield list(b)


def gnubg_board(me: list[int], opp: list[int]) -> list[list[int]]:
    """Return gnubg's board: ``[opponent, on roll]``, 25 counts each (index i = point i + 1)."""
    return [opp + [0] * 19, me + [0] * 19]


def random_board(rng: random.Random, lo: int, hi: int) -> list[int]:
    """A random home board of ``lo..hi`` checkers."""
    b = [0] * 6
    for _ in range(rng.randint(lo, hi)):
        b[rng.randrange(6)] += 1
    return b


def position(me: list[int], opp: list[int]) -> gammon.Position:
    """White on roll with ``me`` against Black's ``opp`` (both in their own numbering)."""
    return gammon.Position.from_checkers(
        {p + 1: c for p, c in enumerate(me) if c},
        {p + 1: c for p, c in enumerate(opp) if c},
    )


def two_sided(every: int = 1) -> tuple[int, float]:
    """Compares every ``every``-th pair of the 6-a-side range: (pairs, max |win difference|)."""
    all_boards = list(boards(6))
    worst = 0.0
    n = 0
    for k, (me, opp) in enumerate(itertools.product(all_boards, all_boards)):
        if k % every:
            continue
        ours = _core._bearoff_two_sided(me, opp)
        assert ours is not None
        theirs = gnubg.evaluate(gnubg_board(me, opp))[0]
        worst = max(worst, abs(ours - theirs))
        n += 1
    return n, worst


def independent(me: list[int], opp: list[int]) -> tuple[float, float, float]:
    """Combine gammon's one-sided figures as gnubg does.

    Returns ``(win, win_gammon, lose_gammon)`` for ``me`` on roll, gammons only for a side with
    all 15 checkers on the board.
    """
    a = gammon.bearoff.one_sided(me)
    b = gammon.bearoff.one_sided(opp)

    def at_least(d: tuple[float, ...], n: int) -> float:
        return sum(d[n:])

    win = sum(p * at_least(b.all_off, n) for n, p in enumerate(a.all_off))
    wg = lg = 0.0
    if sum(opp) == 15:
        wg = sum(p * at_least(b.first_off, n) for n, p in enumerate(a.all_off))
    if sum(me) == 15:
        lg = sum(p * at_least(a.first_off, n + 1) for n, p in enumerate(b.all_off))
    return win, wg, lg


def one_sided(sample: int, seed: int) -> dict[str, float]:
    """Compares a random sample of positions with a side of 7 to 15 checkers.

    Where gammon's two-sided table covers the position its value is exact and gnubg's is not,
    so there the one-sided combination is compared (and the size of gnubg's approximation error
    is reported as ``approx``).
    """
    rng = random.Random(seed)
    worst = {"win": 0.0, "win_gammon": 0.0, "lose_gammon": 0.0, "approx": 0.0}
    exact = 0
    for _ in range(sample):
        big = random_board(rng, 7, 15)
        other = random_board(rng, 1, 15)
        me, opp = (big, other) if rng.random() < 0.5 else (other, big)
        e = gammon.bearoff.evaluate(position(me, opp))
        w, wg, _, lg, _, _ = gnubg.evaluate(gnubg_board(me, opp))
        if e.exact:
            exact += 1
            worst["approx"] = max(worst["approx"], abs(e.win - w))
            ours = independent(me, opp)
        else:
            ours = (e.win, e.win_gammon, e.lose_gammon)
        for key, o, theirs in zip(("win", "win_gammon", "lose_gammon"), ours, (w, wg, lg)):
            worst[key] = max(worst[key], abs(o - theirs))
    worst["exact"] = exact
    return worst


def main(argv: list[str] | None = None) -> int:
    """Run both comparisons; exit status 0 when within the tolerances."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sample", type=int, default=200_000, help="one-sided positions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--two-sided-every", type=int, default=1, help="check every n-th pair")
    args = ap.parse_args(argv)
    print("gnubg", getattr(gnubg, "version", "?"))
    t0 = time.time()
    gammon.bearoff.build()
    print(f"tables ready in {time.time() - t0:.1f} s")
    t0 = time.time()
    n, worst = two_sided(args.two_sided_every)
    print(
        f"two-sided: {n:,} pairs (6 checkers a side), max |win - gnubg| = {worst:.2e} "
        f"({time.time() - t0:.1f} s)"
    )
    t0 = time.time()
    w = one_sided(args.sample, args.seed)
    print(
        f"one-sided: {args.sample:,} random positions with a side of 7-15 checkers "
        f"({int(w['exact']):,} exact in gammon's 8-a-side table, compared by the one-sided "
        f"method): max |diff| "
        f"win {w['win']:.2e}, win_gammon {w['win_gammon']:.2e}, "
        f"lose_gammon {w['lose_gammon']:.2e} ({time.time() - t0:.1f} s); on the exact ones "
        f"gnubg's one-sided estimate is off by up to {w['approx']:.2e} in win"
    )
    ok = worst <= 2e-4 and max(w["win"], w["win_gammon"], w["lose_gammon"]) <= 1e-3
    print("OK" if ok else "DIFFERENCES ABOVE THE TOLERANCES (2e-4 two-sided, 1e-3 one-sided)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
