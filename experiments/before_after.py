"""Times the run layer's workloads with two builds of gammon in paired rounds.

Usage: python before_after.py BEFORE_DIR AFTER_DIR [ROUNDS] [--only NAME,...]

Each DIR holds a ``gammon`` package (with its compiled module). Each round runs every workload
once with each build, alternating which goes first, in a fresh interpreter; the table gives
the median seconds of each and the ratio after/before (below 1: faster now).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import textwrap

WORKLOADS = {
    "rollout 1M pubeval (2 threads)": """
        r = gammon.rollout(games=1_000_000, policy="pubeval", seed=1)
        assert r.games_completed == 1_000_000
    """,
    "rollout 3,000 net (2 threads)": """
        r = gammon.rollout(games=3000, policy="net", seed=2)
        assert r.games_completed == 3000
    """,
    "rollout 1,296 pubeval x 200 calls": """
        for i in range(200):
            gammon.rollout(games=1296, policy="pubeval", seed=i, threads=1)
    """,
    "Position.legal_plays x 840,000": """
        import random
        rng = random.Random(1)
        pos = gammon.Position.start()
        positions = []
        for _ in range(400):
            d = (rng.randint(1, 6), rng.randint(1, 6))
            plays = pos.legal_plays(d)
            pos = plays[rng.randrange(len(plays))].after if len(plays) else pos.pass_turn()
            if pos.is_game_over():
                pos = gammon.Position.start()
            positions.append(pos)
        dice = [(a, b) for a in range(1, 7) for b in range(a, 7)]
        n = 0
        for _ in range(100):
            for p in positions:
                for d in dice:
                    n += len(p.legal_plays(d))
    """,
    "batch.legal_plays 100,000 boards": """
        import numpy as np
        import random
        rng = random.Random(3)
        pos = gammon.Position.start()
        positions = []
        while len(positions) < 2000:
            d = (rng.randint(1, 6), rng.randint(1, 6))
            plays = pos.legal_plays(d)
            pos = plays[rng.randrange(len(plays))].after if len(plays) else pos.pass_turn()
            if pos.is_game_over():
                pos = gammon.Position.start()
            positions.append(pos)
        boards = gammon.batch.boards(positions * 50)
        dice = np.array([[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(len(boards))],
                        dtype=np.int8)
        for _ in range(5):
            gammon.batch.legal_plays(boards, dice)
    """,
    "checkpoint write + read x 2,000": """
        import tempfile, os
        d = tempfile.mkdtemp()
        path = os.path.join(d, "c.json")
        r = gammon.rollout(games=2000, policy="pubeval", seed=4, checkpoint=path)
        for _ in range(2000):
            gammon.read_checkpoint(path)
            data = r.to_dict()
            type(r).from_dict(data)
    """,
    "rollout_many 4 positions x 50,000": """
        race = gammon.Position.from_checkers({6: 3, 5: 3, 3: 4, 8: 2, 9: 3},
                                             {6: 4, 5: 4, 4: 3, 10: 2, 11: 2})
        plays = race.legal_plays((6, 4))
        m = gammon.rollout_many([p.after for p in list(plays)[:4]], games=50_000, seed=5,
                                policy="pubeval")
        assert m.games == 50_000
    """,
    "rank_plays 21 rolls x 1,296 (race)": """
        race = gammon.Position.from_checkers({6: 3, 5: 3, 3: 4, 8: 2, 9: 3},
                                             {6: 4, 5: 4, 4: 3, 10: 2, 11: 2})
        for a in range(1, 7):
            for b in range(a, 7):
                if len(race.legal_plays((a, b))) > 1:
                    gammon.rank_plays(race, (a, b), 1296, seed=6, policy="pubeval")
    """,
    "simulate_match 7 x 3,000": """
        strong = gammon.Player("pubeval", cube="race")
        r = gammon.simulate_match(7, players=(strong, "pubeval"), matches=3000, seed=7)
        assert r.matches_completed == 3000
    """,
}


def run(where: str, code: str) -> float:
    """Seconds one workload takes with the gammon package in ``where`` (a new interpreter)."""
    script = "import time, gammon, gammon.batch\nt = time.perf_counter()\n" + textwrap.dedent(code)
    script += "\nprint(time.perf_counter() - t)\n"
    env = dict(os.environ, PYTHONPATH=where)
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd="/tmp", capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(f"{where}: {out.stderr}")
    return float(out.stdout.split()[-1])


def main() -> None:
    """Run the paired rounds and print the table and the raw seconds as JSON."""
    args = [a for a in sys.argv[1:] if not a.startswith("--only")]
    only = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--only=")), None)
    before, after = args[0], args[1]
    rounds = int(args[2]) if len(args) > 2 else 3
    names = [n for n in WORKLOADS if only is None or any(o in n for o in only.split(","))]
    times: dict[str, dict[str, list[float]]] = {n: {"before": [], "after": []} for n in names}
    for i in range(rounds):
        for n in names:
            order = [("before", before), ("after", after)]
            if i % 2:
                order.reverse()
            for label, where in order:
                times[n][label].append(run(where, WORKLOADS[n]))
    print(f"{'workload':38} {'before s':>9} {'after s':>9} {'after/before':>13}")
    for n in names:
        b = statistics.median(times[n]["before"])
        a = statistics.median(times[n]["after"])
        print(f"{n:38} {b:9.3f} {a:9.3f} {a / b:13.3f}")
    json.dump(times, sys.stderr)


if __name__ == "__main__":
    main()
