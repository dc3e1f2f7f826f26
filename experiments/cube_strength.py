"""The net cube's strength against simpler cube policies.

Money sessions and matches between players who play the same checkers (the shipped net) and
differ only in their cube policy.

Run: ``python experiments/cube_strength.py [--money GAMES] [--matches N] [--seed S]``.
Prints Markdown tables (points a game, or match-win share, with its standard error), those of
docs/lab/2026-12-01-net-cube.md. Every game starts with an opening roll; the first player plays
White, and the opening roll decides who starts, so the colors give no edge.
"""

from __future__ import annotations

import argparse
import time

import gammon


def main() -> None:
    """Run the money sessions and the matches and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--money", type=int, default=40_000, help="money games per pairing")
    ap.add_argument("--matches", type=int, default=4_000, help="matches per length")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=None)
    a = ap.parse_args()
    net, race, never = (gammon.Player("net", cube=c) for c in ("net", "race", "never"))
    print(
        "| money session (both play `net` checkers) | games | points a game (first) | ± 1 s.e. | "
        "doubles a game | mean cube | games/s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for first, second in ((net, race), (net, never), (race, never), (net, net)):
        t = time.perf_counter()
        r = gammon.simulate_money(a.money, players=(first, second), seed=a.seed, threads=a.threads)
        s = time.perf_counter() - t
        print(
            f"| {first.name} vs {second.name} | {r.games_completed:,} | {r.points_per_game:+.4f} | "
            f"{r.std_error:.4f} | {r.tally.doubles / r.games_completed:.3f} | {r.mean_cube:.3f} | "
            f"{r.games_completed / s:,.0f} |",
            flush=True,
        )
    print()
    print(
        "| match (first vs second) | length | matches | first's match wins | ± 1 s.e. | "
        "games a match | matches/s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for length in (5, 7):
        for first, second in ((net, race), (net, never)):
            t = time.perf_counter()
            m = gammon.simulate_match(
                length, players=(first, second), matches=a.matches, seed=a.seed, threads=a.threads
            )
            s = time.perf_counter() - t
            print(
                f"| {first.name} vs {second.name} | {length} | {m.matches_completed:,} | "
                f"{m.win:.4f} | {m.std_error:.4f} | {m.games / m.matches_completed:.2f} | "
                f"{m.matches_completed / s:,.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
