"""Truncated net rollouts against long plain ones: bias and standard error per second.

Each start is rolled out with the net policy on one thread, played out (`plain`) and cut after
N turns at the net's value (`truncate_after=N, evaluator="net"`); the table in
docs/lab/2026-12-01-variance-reduction.md ("Truncation with the net") comes from this script:

    python experiments/truncation_bias.py            # about 10 minutes on one core

Prints one JSON line per rollout and then a table: mean ± standard error, games/s,
efficiency 1/(se² · seconds) and its gain over `plain`, and the difference from `plain` in
units of their combined standard error (the bias test).
"""

from __future__ import annotations

import json
import time

import gammon

STARTS = {
    "opening": (None, 200_000, 100_000, (4, 8, 16)),
    "race (pips 87 vs 90, White on roll)": (
        gammon.Position.from_checkers(
            {8: 3, 7: 3, 6: 3, 5: 2, 4: 2, 3: 2},
            {9: 3, 7: 3, 6: 3, 5: 2, 4: 2, 3: 2},
            turn="white",
        ),
        100_000,
        50_000,
        (4, 8),
    ),
    "contact +4AB8ANf4DSCAg": (gammon.Position.from_id("+4AB8ANf4DSCAg"), 100_000, 50_000, (4, 8)),
}


def main() -> None:
    """Runs the rollouts and prints the rows and the table."""
    rows = []
    for name, (pos, plain_games, cut_games, cuts) in STARTS.items():
        runs: list[tuple[int | None, int]] = [(None, plain_games)]
        runs += [(n, cut_games) for n in cuts]
        for n, games in runs:
            kw = {} if n is None else {"truncate_after": n, "evaluator": "net"}
            t = time.perf_counter()
            r = gammon.rollout(
                pos,
                games=games,
                policy="net",
                seed=21 if pos is None else 22,
                threads=1,
                opening=pos is None,
                **kw,
            )
            row = {
                "start": name,
                "truncate_after": n,
                "games": games,
                "mean": r.equity,
                "se": r.std_error,
                "seconds": time.perf_counter() - t,
            }
            print(json.dumps(row), flush=True)
            rows.append(row)
    plain: dict[str, dict[str, float]] = {}
    for row in rows:
        eff = 1 / (row["se"] ** 2 * row["seconds"])
        if row["truncate_after"] is None:
            plain[row["start"]] = {**row, "eff": eff}
        b = plain[row["start"]]
        diff = row["mean"] - b["mean"]
        sd = (row["se"] ** 2 + b["se"] ** 2) ** 0.5
        print(
            f"{row['start'][:24]:24} cut={row['truncate_after']!s:>4} {row['mean']:+.4f} "
            f"± {row['se']:.4f}  {row['games'] / row['seconds']:8.0f} games/s  "
            f"gain {eff / b['eff']:6.1f}x  diff {diff:+.4f} ({diff / sd if sd else 0:+.1f} sd)"
        )


if __name__ == "__main__":
    main()
