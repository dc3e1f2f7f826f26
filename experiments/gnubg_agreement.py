"""How far gammon's analysis agrees with GNU Backgammon's own, and how fast each is.

    python experiments/gnubg_agreement.py [--new N] [--plies P] [--threads T] [FILE.sgf ...]

Debian's gnubg (``gnubg -t -q -p``) analyses each match (``analyse match`` at ``--plies``, its
analysis filters otherwise at their defaults) and reports its statistics and every decision
(``gnubg.match(analysis=1, statistics=1)``); gammon analyses the same file at the same depth.
``--new N`` first has gnubg play N matches against itself (0-ply, noise 0.06, lengths 3 to
9) so that there are errors of every size to find. Printed (and written with ``--json``):

- the correlation of the per-player, per-match checker-play error rates (mEMG per unforced
  move) and of the overall error rates;
- the share of gnubg's "very bad" checker plays and cube actions that gammon calls an error
  (doubtful or worse), and the converse;
- the seconds each took per match, on the same machine in the same run (each on one thread
  unless ``--threads``), wall-clock and CPU, with the load average.

Decisions are matched by game, position ID and dice (checker plays) or by game, position ID
and action (cube actions).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import gammon  # noqa: E402
from gnubg_cli import find_gnubg  # noqa: E402

PLAY = """\
import gnubg
gnubg.command("set seed {seed}")
gnubg.command("set rng mersenne")
for p in (0, 1):
    gnubg.command(f"set player {{p}} gnubg")
    for what in ("chequerplay", "cubedecision"):
        gnubg.command(f"set player {{p}} {{what}} evaluation plies 0")
        gnubg.command(f"set player {{p}} {{what}} evaluation noise {noise}")
gnubg.command("set cube use on")
gnubg.command("set crawford on")
gnubg.command("new match {length}")
gnubg.command("save match {out}")
"""

ANALYSE = """\
import gnubg, json, time
gnubg.command("set threads {threads}")
gnubg.command("set analysis chequerplay evaluation plies {plies}")
gnubg.command("set analysis cubedecision evaluation plies {plies}")
out = {{}}
for path in {paths!r}:
    gnubg.command("load match " + path)
    t, c = time.perf_counter(), time.process_time()
    gnubg.command("analyse match")
    out[path] = {{"seconds": time.perf_counter() - t, "cpu_seconds": time.process_time() - c,
                 "match": gnubg.match(analysis=1, statistics=1)}}
def clean(o):
    if isinstance(o, dict):
        return {{str(k): clean(v) for k, v in o.items()}}
    if isinstance(o, (list, tuple)):
        return [clean(v) for v in o]
    if isinstance(o, (int, float, str)) or o is None:
        return o
    return repr(o)
json.dump(clean(out), open({result!r}, "w"))
"""


def run_gnubg_script(binary: str, script: str, work: Path) -> None:
    """Runs a Python ``script`` inside gnubg (``gnubg -t -q -p``) in ``work``."""
    path = work / "script.py"
    path.write_text(script)
    subprocess.run(
        [binary, "-t", "-q", "-p", str(path)],
        cwd=work,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=24 * 3600,
    )


def play_matches(binary: str, n: int, work: Path, first_seed: int) -> list[Path]:
    """Has gnubg play ``n`` noisy matches against itself; returns their ``.sgf`` files."""
    paths = []
    for k in range(n):
        seed = first_seed + k
        length = (3, 5, 7, 9)[k % 4]
        out = work / f"selfplay-{length}pt-seed{seed}.sgf"
        run_gnubg_script(binary, PLAY.format(seed=seed, noise=0.06, length=length, out=out), work)
        paths.append(out)
    return paths


def gnubg_analysis(
    binary: str, paths: list[Path], plies: int, threads: int, work: Path
) -> dict[str, Any]:
    """The analysis by gnubg of each file: ``{path: {"seconds": s, "match": gnubg.match(...)}}``."""
    result = work / "gnubg-analysis.json"
    script = ANALYSE.format(
        threads=threads, plies=plies, paths=[str(p) for p in paths], result=str(result)
    )
    run_gnubg_script(binary, script, work)
    data: dict[str, Any] = json.loads(result.read_text())
    return data


def gnubg_players(match: dict[str, Any]) -> dict[str, str]:
    """The name of each gnubg side letter of each name: ``{"X": name, "O": name}``."""
    info = match["match-info"]
    return {side: info[side]["name"] for side in ("X", "O")}


def gnubg_decisions(match: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions gnubg analysed: game, player name, kind, position ID, dice and skill."""
    names = gnubg_players(match)
    out = []
    for g, game in enumerate(match["games"]):
        for rec in game["game"]:
            an = rec.get("analysis") or {}
            name = names.get(rec.get("player", ""), "")
            if rec["action"] == "move" and "imove" in an and len(an.get("moves", [])) > 1:
                moves = an["moves"]
                loss = moves[0]["score"] - moves[an["imove"]]["score"]
                out.append(
                    {
                        "game": g,
                        "player": name,
                        "kind": "play",
                        "board": rec["board"],
                        "dice": tuple(sorted(rec["dice"], reverse=True)),
                        "skill": an.get("skill", ""),
                        "loss": loss,
                    }
                )
            if "cube-skill" in an:
                out.append(
                    {
                        "game": g,
                        "player": name,
                        "kind": "cube",
                        "board": rec.get("board"),
                        "dice": None,
                        "action": rec["action"],
                        "skill": an["cube-skill"],
                    }
                )
    return out


CUBE_ERRORS = (
    "missed-double-below-cp",
    "missed-double-above-cp",
    "wrong-double-below-dp",
    "wrong-double-above-tg",
    "wrong-take",
    "wrong-drop",
)
"""gnubg's kinds of cube error, whose losses sum to its cube error total."""


def gnubg_rates(match: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Each player's checker, cube and overall error rates (normalised, per decision).

    gnubg's Python statistics give the checker plays' ``error-skill`` as a total but the
    cube's as a rate per close decision; the cube total here is the sum of its kinds.
    """
    names = gnubg_players(match)
    out = {}
    for side, name in names.items():
        s = match["stats"][side]
        moves, cube = s["moves"], s["cube"]
        unforced, close = moves["unforced-moves"], cube["close-cube"]
        cube_total = sum(cube[f"err-{k}-skill"] for k in CUBE_ERRORS)
        total = moves["error-skill"] + cube_total
        out[name] = {
            "checker": moves["error-skill"] / unforced if unforced else 0.0,
            "cube": cube_total / close if close else 0.0,
            "overall": total / (unforced + close) if unforced + close else 0.0,
            "luck": s["dice"]["luck"],
            "very_bad": moves["marked"]["very bad"],
        }
    return out


def main() -> None:
    """Runs both analyses and prints the comparison."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--new", type=int, default=0, help="matches gnubg plays first")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--json", type=Path, help="write the figures here")
    ap.add_argument("--keep", type=Path, help="keep the generated matches here")
    args = ap.parse_args()
    binary = find_gnubg()
    if binary is None:
        sys.exit("the gnubg program is not installed (apt-get install gnubg)")
    work = Path(tempfile.mkdtemp(prefix="gnubg-agreement-"))
    paths = [p.resolve() for p in args.files]
    if args.new:
        paths += play_matches(binary, args.new, args.keep or work, args.seed)
    load0 = os.getloadavg()
    t = time.perf_counter()
    gnubg = gnubg_analysis(binary, paths, args.plies, args.threads, work)
    gnubg_wall = time.perf_counter() - t
    ours = {}
    ours_seconds = {}
    ours_cpu = {}
    for p in paths:
        t, c = time.perf_counter(), time.process_time()
        ours[str(p)] = gammon.analyze(p, plies=args.plies, threads=args.threads)
        ours_seconds[str(p)] = time.perf_counter() - t
        ours_cpu[str(p)] = time.process_time() - c
    load1 = os.getloadavg()

    rate_pairs: dict[str, list[tuple[float, float]]] = {"checker": [], "cube": [], "overall": []}
    vb_found = vb_total = ours_err_gnubg_fine = ours_err = 0
    cube_vb_found = cube_vb_total = 0
    missing = 0
    for p in paths:
        m = gnubg[str(p)]["match"]
        a = ours[str(p)]
        rates = gnubg_rates(m)
        for name, color in zip(a.names, (gammon.Color.WHITE, gammon.Color.BLACK)):
            s = a.stats(color)
            g = rates[name]
            rate_pairs["checker"].append((g["checker"], s.checker_error_rate))
            rate_pairs["cube"].append((g["cube"], s.cube_error_rate))
            rate_pairs["overall"].append((g["overall"], s.overall_error_rate))
        index: dict[tuple[Any, ...], Any] = {}
        for d in a.decisions:
            key: tuple[Any, ...]
            if d.kind == "play":
                key = (d.game, d.position.id, d.dice)
            else:
                key = (d.game, d.position.id, "cube")
            index.setdefault(key, []).append(d)
        gd = gnubg_decisions(m)
        for x in gd:
            if x["kind"] == "play":
                found = index.get((x["game"], x["board"], x["dice"]))
                if not found:
                    missing += 1
                    continue
                d = found[0]
                if x["skill"] == "very bad":
                    vb_total += 1
                    vb_found += d.is_error
                if d.is_error:
                    ours_err += 1
                    ours_err_gnubg_fine += x["skill"] == ""
            elif x["skill"] == "very bad":
                found = index.get((x["game"], x["board"], "cube"))
                if not found:
                    missing += 1
                    continue
                cube_vb_total += 1
                cube_vb_found += any(d.is_error for d in found)
    report: dict[str, Any] = {
        "matches": len(paths),
        "plies": args.plies,
        "threads": args.threads,
        "players": len(rate_pairs["checker"]),
        "load_before": load0,
        "load_after": load1,
    }
    for what, pairs in rate_pairs.items():
        x, y = np.array(pairs).T
        report[f"correlation_{what}_error_rate"] = float(np.corrcoef(x, y)[0, 1])
        report[f"mean_{what}_error_rate_mEMG"] = {
            "gnubg": 1000 * float(x.mean()),
            "gammon": 1000 * float(y.mean()),
        }
    report["very_bad_checker_plays"] = vb_total
    report["very_bad_checker_plays_called_errors"] = vb_found / vb_total if vb_total else None
    report["very_bad_cube_actions"] = cube_vb_total
    report["very_bad_cube_actions_called_errors"] = (
        cube_vb_found / cube_vb_total if cube_vb_total else None
    )
    report["gammon_errors_gnubg_unmarked"] = ours_err_gnubg_fine / ours_err if ours_err else None
    report["gnubg_decisions_unmatched"] = missing
    g_sec = sum(gnubg[str(p)]["match"] and gnubg[str(p)]["seconds"] for p in paths)
    o_sec = sum(ours_seconds.values())
    report["seconds"] = {"gnubg": g_sec, "gnubg_wall": gnubg_wall, "gammon": o_sec}
    report["speed_ratio"] = g_sec / o_sec if o_sec else None
    # CPU seconds (each process's own, all its threads): on a loaded machine the wall-clock
    # seconds vary with the other work, the CPU seconds much less.
    g_cpu = sum(gnubg[str(p)]["cpu_seconds"] for p in paths)
    o_cpu = sum(ours_cpu.values())
    report["cpu_seconds"] = {"gnubg": g_cpu, "gammon": o_cpu}
    report["cpu_ratio"] = g_cpu / o_cpu if o_cpu else None
    report["per_match"] = [
        {
            "file": Path(p).name,
            "gnubg_seconds": gnubg[str(p)]["seconds"],
            "gammon_seconds": ours_seconds[str(p)],
            "gnubg_cpu_seconds": gnubg[str(p)]["cpu_seconds"],
            "gammon_cpu_seconds": ours_cpu[str(p)],
            "rates_mEMG": {
                name: {
                    "gnubg": 1000 * gnubg_rates(gnubg[str(p)]["match"])[name]["checker"],
                    "gammon": 1000 * ours[str(p)].stats(color).checker_error_rate,
                }
                for name, color in zip(ours[str(p)].names, (gammon.Color.WHITE, gammon.Color.BLACK))
            },
        }
        for p in paths
    ]
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
