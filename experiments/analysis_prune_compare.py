"""2-ply analysis of one match by two builds of gammon, back to back in fresh interpreters.

    python experiments/analysis_prune_compare.py OTHER_PKG_DIR FILE [--plies P] [--rounds R]

``OTHER_PKG_DIR`` holds another build's ``gammon`` package (a copy of ``python/gammon`` with its
``_core.abi3.so``), this worktree's ``python/`` is the other. Each round runs both, alternating
which goes first, and reports each process's CPU seconds (``time.process_time()``, one
thread); the last round's decisions are compared: how many checker plays change their best
play, their mark (doubtful / bad / very bad) or whether they are errors, how many cube
decisions change their right action, and the per-player error rates.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, sys, time
import gammon
path, plies = sys.argv[1], int(sys.argv[2])
t = time.process_time()
a = gammon.analyze(path, plies=plies, threads=1)
cpu = time.process_time() - t
out = []
for d in a.decisions:
    best = d.best
    out.append({
        "kind": d.kind,
        "best": str(best.play) if best is not None else None,
        "skill": d.skill,
        "loss": d.loss,
        "action": d.right_action,
    })
stats = {
    c: [a.stats(c).checker_error_rate, a.stats(c).cube_error_rate]
    for c in ("white", "black")
}
print(json.dumps({"cpu": cpu, "decisions": out, "stats": stats}))
"""


def run(pythonpath: str, path: str, plies: int) -> dict:
    """One analysis of ``path`` by the build on ``pythonpath``, in a fresh interpreter."""
    env = {"PYTHONPATH": pythonpath, "PATH": "/usr/bin:/bin"}
    r = subprocess.run(
        [sys.executable, "-c", CHILD, path, str(plies)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(r.stdout)


def main() -> None:
    """Runs the rounds and prints the comparison."""
    ap = argparse.ArgumentParser()
    ap.add_argument("other")
    ap.add_argument("file")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    this = str(Path(__file__).resolve().parent.parent / "python")
    builds = {"this": this, "other": args.other}
    last: dict[str, dict] = {}
    ratios = []
    for r in range(args.rounds):
        order = ["other", "this"] if r % 2 == 0 else ["this", "other"]
        cpu = {}
        for name in order:
            last[name] = run(builds[name], args.file, args.plies)
            cpu[name] = last[name]["cpu"]
            print(f"round {r + 1} {name}: {cpu[name]:.2f} CPU s", flush=True)
        ratios.append(cpu["other"] / cpu["this"])
    print("this build as fast as the other, per CPU second:", [round(x, 2) for x in ratios])
    a, b = last["other"]["decisions"], last["this"]["decisions"]
    assert len(a) == len(b)
    plays = [(x, y) for x, y in zip(a, b) if x["kind"] == "play"]
    cubes = [(x, y) for x, y in zip(a, b) if x["kind"] != "play"]

    def changed(pairs: list[tuple[dict, dict]], key: str) -> int:
        return sum(x[key] != y[key] for x, y in pairs)

    errors = sum((x["skill"] != "") != (y["skill"] != "") for x, y in plays)
    loss = sum(abs(x["loss"] - y["loss"]) for x, y in plays) / max(1, len(plays))
    print(f"checker plays: {len(plays)}; best play changed: {changed(plays, 'best')}")
    print(f"  mark changed: {changed(plays, 'skill')}; error or not changed: {errors}")
    print(f"  mean |loss change|: {loss:.5f}")
    print(
        f"cube decisions: {len(cubes)}; right action changed: {changed(cubes, 'action')}; "
        f"mark changed: {changed(cubes, 'skill')}"
    )
    print("error rates (checker, cube) other:", last["other"]["stats"])
    print("error rates (checker, cube) this:", last["this"]["stats"])


if __name__ == "__main__":
    main()
