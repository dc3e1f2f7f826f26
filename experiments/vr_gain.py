"""Variance reduction with the net against the plain rollout: precision per second.

The opening is rolled out with the net policy on one thread, plain and with
``variance_reduction=True, evaluator="net"``, on the same seed, in alternating rounds;
train/log.md ("Past bg-td3") and the lab notes on variance reduction quote it:

    taskset -c 0 python experiments/vr_gain.py [GAMES [PLIES [ROUNDS]]]

GAMES defaults to 1000 (about a minute at 0 ply), PLIES (the depth of both players' search,
``plies=``) to 0, ROUNDS to 2. Prints for each round both standard errors and CPU times
(``time.process_time``, after an untimed small rollout that loads the nets), the standard
error's ratio, the cost ratio and the gain in precision
per second, (se_plain / se_vr)² / (t_vr / t_plain), above 1 when variance reduction pays;
after several rounds, the cost ratio of their total CPU seconds and the median round's.

On a shared machine the plain rollout's time swings the cost ratio by a fifth from round to
round. The steady form counts instructions instead of seconds:

    python experiments/vr_gain.py --instructions [GAMES [PLIES [CUT_GAMES]]]

It runs three processes under ``valgrind --tool=callgrind`` (which must be installed): one that
only loads the nets, one that also rolls out GAMES games plainly (300 by default) and one that
rolls them out reduced; the cost ratio is that of their instructions less the first's. The
variance cut, (se_plain / se_vr)², is measured apart at full speed on CUT_GAMES games (20,000
by default: the same games in both, so the cut's own sampling error is small); the gain is
the cut over the cost ratio. The counts do not depend on the machine's load (they do on the
CPU's features: the nets' loops are compiled for several).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

import gammon


def _timed(games: int, **kw: object) -> tuple[gammon.RolloutResult, float]:
    start = time.process_time()
    result = gammon.rollout(games=games, policy="net", threads=1, seed=5, **kw)  # type: ignore[arg-type]
    return result, time.process_time() - start


def _reduced(plies: int) -> dict[str, object]:
    return {"plies": plies, "variance_reduction": True, "evaluator": "net"}


def _rounds(games: int, plies: int, rounds: int) -> None:
    """Prints the rounds of the comparison by CPU seconds."""
    # The nets load on first use: a small rollout first, untimed.
    _timed(8, **_reduced(plies))
    costs, total = [], [0.0, 0.0]
    for _ in range(rounds):
        plain, tp = _timed(games, plies=plies)
        vr, tv = _timed(games, **_reduced(plies))
        ratio = plain.std_error / vr.std_error
        costs.append(tv / tp)
        total[0] += tp
        total[1] += tv
        print(
            f"plies {plies}: plain SE {plain.std_error:.4f} in {tp:.2f} s; VR SE "
            f"{vr.std_error:.4f} in {tv:.2f} s; SE {ratio:.2f}x smaller, cost "
            f"{tv / tp:.1f}x, precision/s {ratio**2 / (tv / tp):.2f}x; equities "
            f"{plain.equity:+.6f} {vr.equity:+.6f}",
            flush=True,
        )
    if rounds > 1:
        cost = total[1] / total[0]
        print(
            f"{rounds} rounds: cost {cost:.2f}x by the total CPU seconds ({total[0]:.2f} s "
            f"plain, {total[1]:.2f} s reduced), {statistics.median(costs):.2f}x by the median "
            f"round; precision/s {ratio**2 / cost:.2f}x at this cut",
            flush=True,
        )


def _one(kind: str, games: int, plies: int) -> None:
    """The work one counted process does: load the nets, then one rollout of `kind`."""
    _timed(8, **_reduced(plies))
    if kind == "plain":
        _timed(games, plies=plies)
    elif kind == "reduced":
        _timed(games, **_reduced(plies))


def _instructions(kind: str, games: int, plies: int) -> int:
    """The instructions of a process doing `_one(kind, games, plies)`, counted by callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                os.path.abspath(__file__),
                "--one",
                kind,
                str(games),
                str(plies),
            ],
            check=True,
            capture_output=True,
        )
        with open(out, encoding="utf-8") as f:
            for line in f:
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
    raise RuntimeError("callgrind wrote no total")


def _steady(games: int, plies: int, cut_games: int) -> None:
    """Prints the cost ratio by instructions, the variance cut and the gain."""
    base = _instructions("none", games, plies)
    plain = _instructions("plain", games, plies) - base
    reduced = _instructions("reduced", games, plies) - base
    cost = reduced / plain
    print(
        f"plies {plies}, {games} games: instructions plain {plain / 1e6:,.0f} M, reduced "
        f"{reduced / 1e6:,.0f} M (loading {base / 1e6:,.0f} M less): cost {cost:.3f}x",
        flush=True,
    )
    p, _ = _timed(cut_games, plies=plies)
    v, _ = _timed(cut_games, **_reduced(plies))
    cut = (p.std_error / v.std_error) ** 2
    print(
        f"{cut_games} games: plain SE {p.std_error:.5f}, VR SE {v.std_error:.5f}: variance "
        f"cut {cut:.2f}x; equities {p.equity:+.6f} {v.equity:+.6f}; gain {cut / cost:.2f}x",
        flush=True,
    )


def main() -> None:
    """Prints the comparison the arguments ask for (see the module documentation)."""
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        _one(args[1], int(args[2]), int(args[3]))
    elif args[:1] == ["--instructions"]:
        games = int(args[1]) if len(args) > 1 else 300
        plies = int(args[2]) if len(args) > 2 else 0
        cut_games = int(args[3]) if len(args) > 3 else 20000
        _steady(games, plies, cut_games)
    else:
        games = int(args[0]) if args else 1000
        plies = int(args[1]) if len(args) > 1 else 0
        rounds = int(args[2]) if len(args) > 2 else 2
        _rounds(games, plies, rounds)


if __name__ == "__main__":
    main()
