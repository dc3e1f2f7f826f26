"""Searched rollouts: speed at 0, 1 and 2 plies, and what the search gains head to head.

    python benches/python/searched_rollouts.py speed [GAMES0 GAMES1 GAMES2]
    python benches/python/searched_rollouts.py strength PLIES GAMES [THREADS]
    python benches/python/searched_rollouts.py cube [GAMES0 GAMES1 GAMES2]
    python benches/python/searched_rollouts.py gnubg [ROUNDS [GAMES0 GAMES1 GAMES2]]
    python benches/python/searched_rollouts.py against DIR [ROUNDS [GAMES1 GAMES2]]

``speed`` rolls out the opening with the net at each depth (both sides searching), on one
thread and on two, and prints games a second. ``strength`` plays the net searched ``PLIES``
deep against the net at 0 ply from the opening, ``GAMES`` games with each seating on the same
dice (game *i* of one seating and of the other share their rolls), and prints the searched
side's points a game with its standard error from the paired differences. ``cube`` rolls
out the opening cubeful (money, the net's checker play at 0 ply and its cube) with the cube
decisions searched 0, 1 and 2 plies deep (``cube_plies``), on one thread, and prints games a
second. ``gnubg`` times GNU Backgammon's own rollouts of the opening beside gammon's, one
thread each, in alternating rounds (see :func:`gnubg_rounds`), and prints both rates and
their ratio at 0, 1 and 2 plies. ``against`` times the searched rollouts of this build
against another one (``DIR`` holds its ``gammon`` package, a copy of ``python/gammon`` with
its compiled module) in fresh interpreters, alternating, and checks that both give the same
equities.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
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


GNUBG = "/usr/games/gnubg"

#: The script gnubg runs (``gnubg -t -q -p``): its rollout of the opening, cubeless, on one
#: thread, at each depth of ``PLIES`` with ``TRIALS`` games, timed around the ``rollout``
#: command alone (not gnubg's start-up; wall and CPU seconds), one line per depth on stdout.
GNUBG_SCRIPT = """
import os, time
import gnubg

for c in (
    "set threads 1",
    "set rollout cubeful off",
    "set rollout varredn off",
    "set rollout quasirandom off",
    "set rollout initial on",
    "set rollout bearofftruncation exact off",
    "set rollout bearofftruncation onesided off",
    "set rollout players-are-same on",
    "set rollout cubedecision plies 0",
    "set rollout movefilter 1 0 0 8 0.16",
    "set rollout movefilter 2 0 0 8 0.16",
    "set rollout movefilter 2 1 -1",
    "set rollout seed " + os.environ["GNUBG_SEED"],
    "new game",
    "set gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA",
):
    gnubg.command(c)
for plies, trials in zip(
    os.environ["GNUBG_PLIES"].split(","), os.environ["GNUBG_TRIALS"].split(",")
):
    gnubg.command("set rollout trials " + trials)
    gnubg.command("set rollout chequerplay plies " + plies)
    t0, c0 = time.perf_counter(), time.process_time()
    gnubg.command("rollout")
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print("GNUBG", plies, trials, wall, cpu, flush=True)
"""


def gnubg_rates(plies: list[int], games: list[int], seed: int) -> dict[int, tuple[float, float]]:
    """gnubg's games a second (wall, CPU) rolling out the opening at each of ``plies``."""
    with tempfile.TemporaryDirectory() as work:
        script = os.path.join(work, "rollout.py")
        with open(script, "w") as f:
            f.write(textwrap.dedent(GNUBG_SCRIPT))
        env = dict(
            os.environ,
            GNUBG_SEED=str(seed),
            GNUBG_PLIES=",".join(map(str, plies)),
            GNUBG_TRIALS=",".join(map(str, games)),
        )
        out = subprocess.run(
            [GNUBG, "-t", "-q", "-p", script],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=3600,
        ).stdout
    rates = {}
    for line in out.splitlines():
        if line.startswith("GNUBG "):
            _, p, n, wall, cpu = line.split()
            rates[int(p)] = (int(n) / float(wall), int(n) / float(cpu))
    if sorted(rates) != sorted(plies):
        raise RuntimeError(f"gnubg printed no timing for some depths:\n{out[-2000:]}")
    return rates


def gammon_rates(plies: list[int], games: list[int], seed: int) -> dict[int, tuple[float, float]]:
    """gammon's games a second (wall, CPU) rolling out the opening with the net at ``plies``."""
    rates = {}
    for p, n in zip(plies, games):
        t0, c0 = time.perf_counter(), time.process_time()
        gammon.rollout(None, n, policy="net", plies=p, seed=seed, threads=1)
        rates[p] = (n / (time.perf_counter() - t0), n / (time.process_time() - c0))
    return rates


def gnubg_rounds(rounds: int, games: list[int]) -> None:
    """gammon's and gnubg's rollouts of the opening at 0, 1 and 2 plies, alternating.

    Both cubeless, one thread, the same number of games at each depth, plain (no variance
    reduction, no quasi-random dice, no truncation, no bear-off database truncation), every
    game from the opening as the first roll of a game. gnubg (Debian's 1.07) plays its
    checkers at ``plies`` with its "normal" move filter, set explicitly: at 1 ply up to 8
    plays within 0.16 of the best at 0 ply go on; at 2 plies the same after 0 ply and none
    dropped at 1 ply, which is gammon's filter (``MoveFilter::NORMAL``). gnubg's ply count is
    gammon's (0 ply: the net alone). gnubg picks the replies inside its search with its
    pruning nets (its default), gammon with its own (2 replies a roll, ``prune=2``). Each
    round runs gammon's three rollouts then gnubg's, or gnubg's first in odd rounds; the ratio
    is gammon's rate over gnubg's in the same round, the median over the rounds, in games per
    CPU second (each process's own CPU time: what a loaded machine disturbs least) and per
    wall second.
    """
    ratios: dict[int, list[float]] = {p: [] for p in (0, 1, 2)}
    walls: dict[int, list[float]] = {p: [] for p in (0, 1, 2)}
    gammon.rollout(None, 20, policy="net", plies=1, seed=0, threads=1)  # the nets read once
    for r in range(rounds):
        plies = [0, 1, 2]
        if r % 2:
            theirs = gnubg_rates(plies, games, r + 1)
            ours = gammon_rates(plies, games, r + 1)
        else:
            ours = gammon_rates(plies, games, r + 1)
            theirs = gnubg_rates(plies, games, r + 1)
        for p, n in zip(plies, games):
            (ow, oc), (tw, tc) = ours[p], theirs[p]
            ratios[p].append(oc / tc)
            walls[p].append(ow / tw)
            print(
                f"round {r + 1} plies={p} games={n}: gammon {oc:,.2f} games/CPU-s "
                f"({ow:,.2f}/s wall), gnubg {tc:,.2f} games/CPU-s ({tw:,.2f}/s wall): "
                f"{oc / tc:.1f}x CPU, {ow / tw:.1f}x wall",
                flush=True,
            )
    for p in (0, 1, 2):
        q, w = ratios[p], walls[p]
        print(
            f"plies={p}: gammon/gnubg median {statistics.median(q):.1f}x per CPU second "
            f"(min {min(q):.1f}x, max {max(q):.1f}x), {statistics.median(w):.1f}x per wall "
            f"second, {len(q)} rounds",
            flush=True,
        )


#: What ``against`` runs in each build: the searched rollouts of the opening, one thread,
#: with their CPU seconds and equities as JSON.
AGAINST_SCRIPT = """
import json, sys, time
import gammon
out = {}
for plies, n in ((1, int(sys.argv[1])), (2, int(sys.argv[2]))):
    c0 = time.process_time()
    r = gammon.rollout(None, n, policy="net", plies=plies, seed=7, threads=1)
    out[plies] = (time.process_time() - c0, r.equity)
print(json.dumps(out))
"""


def against(other: str, rounds: int, games: list[int]) -> None:
    """This build's searched rollouts against those of the build in ``other``."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(gammon.__file__)))
    builds = {"other": other, "this": here}
    seconds: dict[str, list[dict[str, list[float]]]] = {k: [] for k in builds}
    for r in range(rounds):
        for k in list(builds)[:: 1 if r % 2 == 0 else -1]:
            env = dict(os.environ, PYTHONPATH=builds[k])
            args = [sys.executable, "-c", AGAINST_SCRIPT, *map(str, games)]
            out = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
            seconds[k].append(json.loads(out.stdout))
            print(f"round {r + 1} {k}: {seconds[k][-1]}", flush=True)
    for p in ("1", "2"):
        ratios = [o[p][0] / t[p][0] for o, t in zip(seconds["other"], seconds["this"])]
        same = all(o[p][1] == t[p][1] for o, t in zip(seconds["other"], seconds["this"]))
        print(
            f"plies={p}: this build {statistics.median(ratios):.2f}x as fast per CPU second "
            f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)}); same equities: {same}",
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
    elif what == "gnubg":
        n_rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
        gnubg_rounds(n_rounds, [int(x) for x in sys.argv[3:6]] or [1000, 30, 4])
    elif what == "against":
        n_rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
        against(sys.argv[2], n_rounds, [int(x) for x in sys.argv[4:6]] or [40, 3])
    elif what == "cube":
        cube([int(x) for x in sys.argv[2:5]] or [1000, 100, 10])
    else:
        strength(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 2)
