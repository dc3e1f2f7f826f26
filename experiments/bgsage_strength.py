"""bgsage's nets against pubeval, in bgsage's own C++ game loop.

The peer's side of the strength figures in BENCHMARKS.md and train/log.md ("bgsage
measured").

    python experiments/bgsage_strength.py GAMES [--seed S] [--threads T]

The player is the 17 standard (stage 9) nets that bgsage's production model keeps unchanged
(``bgbot_cpp.play_games_pair_vs_pubeval``; the production model's 7 back-game nets need a
24-net strategy that bgsage's game loops do not take). bgsage plays its own dice, so its
figure is compared with gammon's through the standard errors, not on shared dice.
"""

from __future__ import annotations

import argparse
import math
import time

import bgsage
from bgsage.weights import PRODUCTION_MODEL, WeightConfigPair


def main() -> None:
    """Plays the games and prints points a game, its error and the win rate."""
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    paths, hidden = WeightConfigPair.from_model(PRODUCTION_MODEL).weight_args
    started = time.perf_counter()
    r = bgsage._cpp.play_games_pair_vs_pubeval(
        list(paths[:17]), list(hidden[:17]), n_games=a.games, seed=a.seed, n_threads=a.threads
    )
    secs = time.perf_counter() - started
    # The counts are of single wins, gammons and backgammons apart (they sum to the games).
    counts = {
        1: r.p1_wins,
        2: r.p1_gammons,
        3: r.p1_backgammons,
        -1: r.p2_wins,
        -2: r.p2_gammons,
        -3: r.p2_backgammons,
    }
    n = sum(counts.values())
    assert n == r.n_games, (n, r.n_games)
    mean = sum(k * c for k, c in counts.items()) / n
    var = sum(c * (k - mean) ** 2 for k, c in counts.items()) / (n - 1)
    se = math.sqrt(var / n)
    wins = 100 * (r.p1_wins + r.p1_gammons + r.p1_backgammons) / n
    print(
        f"bgsage {PRODUCTION_MODEL} (17 standard nets) vs pubeval, {n:,} games: "
        f"{mean:+.4f} ppg ± {1.96 * se:.4f} (95%), std error {se:.4f}, wins {wins:.2f}%, "
        f"{secs:.0f} s ({n / secs:.0f} games/s on {a.threads} thread(s))"
    )


if __name__ == "__main__":
    main()
