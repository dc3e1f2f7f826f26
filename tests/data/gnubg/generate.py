"""Regenerates the gnubg self-play matches of this folder (``python tests/data/gnubg/generate.py``).

Debian's gnubg plays each match against itself at 0-ply with its cube on and noise on both
checker play and cube decisions (so that drops, late doubles and resignations occur), then
exports it as ``.mat`` (``export match mat``) and ``.sgf`` (``save match``, analysis cleared).
``results.json`` keeps what gnubg reported: the final score and each game's points.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from gnubg_cli import final_score, find_gnubg, run_gnubg  # noqa: E402

# (seed, match length, noise)
MATCHES = [(42, 5, 0.05), (7, 7, 0.08), (2026, 3, 0.12), (11, 9, 0.06)]

SCRIPT = """\
set seed {seed}
set rng mersenne
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 chequerplay evaluation noise {noise}
set player 1 chequerplay evaluation noise {noise}
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
set player 0 cubedecision evaluation noise {noise}
set player 1 cubedecision evaluation noise {noise}
set cube use on
set crawford on
set jacoby off
new match {length}
analyse clear match
set matchinfo date 2026-12-01
export match mat {out}.mat
save match {out}.sgf
"""

_WINS = re.compile(r"^(gnubg|root) wins .*?(\d+) points?\.$", re.MULTILINE)


def main() -> None:
    binary = find_gnubg()
    if binary is None:
        raise SystemExit("gnubg is not installed (apt-get install gnubg)")
    results = {}
    for seed, length, noise in MATCHES:
        name = f"selfplay-{length}pt-seed{seed}"
        out = run_gnubg(
            binary,
            SCRIPT.format(seed=seed, noise=noise, length=length, out=HERE / name),
            cwd=HERE,
        )
        score, games = final_score(out)
        results[name] = {
            "length": length,
            "score": score,
            "games": games,
            "points": [[w, int(p)] for w, p in _WINS.findall(out)],
        }
        print(name, score, games)
    (HERE / "results.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
