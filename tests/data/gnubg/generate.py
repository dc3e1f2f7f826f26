"""Regenerates the gnubg matches and sessions of this folder (``python tests/data/gnubg/generate.py
[NAME...]``; without names, all of them).

Debian's gnubg plays each match against itself at 0-ply with its cube on and noise on both
checker play and cube decisions (so that drops, late doubles and resignations occur), then
exports it as ``.mat`` (``export match mat``) and ``.sgf`` (``save match``, analysis cleared).
``results.json`` keeps what gnubg reported: the final score and each game's points.

The ``SESSIONS`` run as Python scripts inside gnubg (``gnubg -t -q -p``) under the settings
gnubg's formats leave out or that trip readers: automatic doubles, the Jacoby rule, no
Crawford rule, nackgammon. In ``money-resignations`` player 1 ("root") is scripted: it resigns
at each level, and doubles into gnubg's beaver (CUBE-12) and raccoons (CUBE-13) before
resigning. Their entries in ``results.json`` add gnubg's own record of each game (whether it
was resigned, the cube after the automatic doubles) and the rules gnubg saved.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from gnubg_cli import final_score, find_gnubg, run_gnubg, run_gnubg_python  # noqa: E402

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

# Python scripts run inside gnubg. Every one: seed, 0-ply players with noise (0.1 unless
# "noise" says), then the settings; "length" 0 is a money session of "games" games.
SESSIONS: list[dict[str, object]] = [
    {
        "name": "money-autodoubles-jacoby-seed4",
        "seed": 4,
        "length": 0,
        "games": 5,
        "settings": ["set automatic doubles 2", "set jacoby on", "set beavers 3"],
    },
    {
        "name": "crawford-off-5pt-seed2",
        "seed": 2,
        "length": 5,
        "settings": ["set automatic crawford off"],
    },
    {
        "name": "nackgammon-3pt-seed1",
        "seed": 1,
        "length": 3,
        "settings": ["set variation nackgammon"],
    },
    {
        "name": "money-resignations-seed7",
        "seed": 7,
        "length": 0,
        "noise": 0,  # gnubg beavers a double at the opening (with noise it takes)
        "settings": ["set beavers 3", "set player 1 human", "set automatic roll off"],
        # What root does at its turn: resign at a level, or double and answer first.
        "plans": [["single"], ["gammon"], ["backgammon"], ["double", "redouble", "take", "gammon"]],
    },
]

SESSION_SCRIPT = """\
import json

import gnubg


def c(command):
    gnubg.command(command)


for command in CFG["commands"]:
    c(command)
if CFG["length"]:
    c("new match %d" % CFG["length"])
elif not CFG.get("plans"):
    c("new session")
    for _ in range(CFG["games"] - 1):
        c("new game")
else:
    c("new session")
    plans = list(CFG["plans"])
    games = 1
    while plans and games < 12:
        p = gnubg.posinfo()
        if p["gamestate"] != 1:
            c("new game")
            games += 1
            continue
        plan = plans[0]
        if p["dice"][0]:  # root has rolled (it won the opening roll): resign now
            c("resign " + plan[-1])
            if len(plan) == 1:
                plans.pop(0)
            continue
        for step in plan[:-1]:
            c(step)
        c("resign " + plan[-1])
        plans.pop(0)
for command in ["analyse clear match", "set matchinfo date 2026-12-01",
                "export match mat %s.mat" % CFG["out"], "save match %s.sgf" % CFG["out"],
                "show score"]:
    c(command)
m = gnubg.match(analysis=0)
print()
print("RESULT " + json.dumps({"info": m["match-info"], "games": [g["info"] for g in m["games"]]}))
"""


def _session_commands(cfg: dict[str, object]) -> list[str]:
    noise = cfg.get("noise", 0.1)
    commands = [f"set seed {cfg['seed']}", "set rng mersenne"]
    for p in (0, 1):
        commands.append(f"set player {p} gnubg")
        for kind in ("chequerplay", "cubedecision"):
            commands.append(f"set player {p} {kind} evaluation plies 0")
            commands.append(f"set player {p} {kind} evaluation noise {noise}")
    commands += [
        "set cube use on",
        "set jacoby off",
        "set automatic doubles 0",
        "set automatic crawford on",
        "set beavers 3",
    ]
    commands += list(cfg["settings"])  # type: ignore[call-overload]
    commands.append("set automatic game " + ("on" if cfg["length"] else "off"))
    return commands


def session(binary: str, cfg: dict[str, object]) -> dict[str, object]:
    """Play one of ``SESSIONS`` in gnubg; its files and what gnubg reported."""
    name = str(cfg["name"])
    script_cfg = dict(cfg, commands=_session_commands(cfg), out=str(HERE / name))
    with tempfile.TemporaryDirectory() as tmp:
        out = run_gnubg_python(
            binary, f"CFG = {json.dumps(script_cfg)}\n" + SESSION_SCRIPT, cwd=Path(tmp), timeout=900
        )
    found = [line for line in out.splitlines() if line.startswith("RESULT ")]
    if not found:
        raise SystemExit(f"{name}: gnubg reported nothing:\n{out[-3000:]}")
    report = json.loads(found[-1][len("RESULT ") :])
    score, games = final_score(out)
    players = {"X": report["info"]["X"]["name"], "O": report["info"]["O"]["name"]}
    points = [[players[g["winner"]], g["points-won"]] for g in report["games"]]
    live = [[w, int(p)] for w, p in _WINS.findall(out)]
    if points != live:
        raise SystemExit(f"{name}: gnubg's record {points} is not what it scored live {live}")
    return {
        "length": cfg["length"],
        "score": score,
        "games": games,
        "points": points,
        "resigned": [g["resigned"] for g in report["games"]],
        "initial_cube": [g.get("initial-cube", 1) for g in report["games"]],
        "rules": report["info"].get("rules", []),
        "variation": report["info"]["variation"],
    }


def main() -> None:
    binary = find_gnubg()
    if binary is None:
        raise SystemExit("gnubg is not installed (apt-get install gnubg)")
    only = set(sys.argv[1:])
    path = HERE / "results.json"
    results = json.loads(path.read_text()) if path.exists() else {}
    for cfg in SESSIONS:
        if only and cfg["name"] not in only:
            continue
        results[str(cfg["name"])] = session(binary, cfg)
        print(cfg["name"], results[str(cfg["name"])]["score"])
    for seed, length, noise in MATCHES:
        name = f"selfplay-{length}pt-seed{seed}"
        if only and name not in only:
            continue
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
    path.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
