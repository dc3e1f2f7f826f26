"""gammon's cube decisions against GNU Backgammon's 2-ply cube evaluation, where gnubg is clear.

    python experiments/cube_agreement.py make [--games N] [--workdir DIR]   # ~20 min, gnubg
    python experiments/cube_agreement.py score [--plies 0 2] [--show N]      # ~1 min at 2 ply
    python experiments/cube_agreement.py rollout --out DIR [--games G --passes P]  # resumable
    python experiments/cube_agreement.py score-rollout --out DIR [--show] [--max-games G]
    python experiments/cube_agreement.py takers [--plies 2]                 # the taker's misses
    python experiments/cube_agreement.py peer [--plies 0 1]                # gnubg's own, ~min

**The position set** (``experiments/data/cube-positions.txt``, made by ``make``): Debian's gnubg
plays itself at 0 ply with noise on its checker play and cube (so that late doubles, passes and
"too good" positions occur) in money sessions (under its default Jacoby rule and beavers, and
without Jacoby) and in matches of 3 to 11 points; ``gammon.read_match`` reads its ``.sgf`` files
and replays every game. A position is a candidate when the player on roll, before rolling, may
double (CUBE-3, MATCH-3, MATCH-7) and gnubg 0-ply gives them at least 60% cubeless winning
chances (where cube decisions are made; most other positions are trivial no doubles). gnubg then
evaluates every candidate's cube decision at 2 ply (``cfevaluate``, its default evaluation:
cubeful, pruning, no noise) and the position is kept when that evaluation is clear: the proper
action of the player on roll beats the other by more than ``MARGIN`` (0.05, in gnubg's
normalised equity: money points per cube, in match play EMG) -- double or not: ``min(DT, DP)``
against ``ND`` -- and so does the opponent's -- take or pass: ``DT`` against ``DP``, and where
beavers are allowed, beaver or not: ``DT`` against 0. One line a position::

    GNUBG_ID JACOBY BEAVERS ND DT DP WIN WG WBG LG LBG DOUBLER TAKER

(gnubg's 2-ply equities and cubeless probabilities; ``DOUBLER`` is ``double``, ``no-double`` or
``too-good``, ``TAKER`` is ``take``, ``pass`` or ``beaver``, gnubg's verdicts). Lines starting
with ``#`` are comments.

**Scoring** (``score``): ``gammon.cube_decision`` of each position at each ``--plies`` with the
shipped net; the share of positions where gammon's verdict for the doubler (double or not: "too
good" counts as not doubling) and for the taker (take, pass, beaver) is gnubg's, by money and
match, and the positions where they differ with both verdicts and equities.

**The peer** (``peer``): gnubg's own cube decisions of the set at fewer plies (``cfevaluate``
as ``make`` labels, the same cube rules) scored against its 2-ply verdicts in the same way:
how far a cheaper evaluation of the oracle's own gets, beside gammon's at the same plies.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Optional

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE / "data" / "cube-positions.txt"
GNUBG = "/usr/games/gnubg"

MARGIN = 0.05
"""How much the proper action must win by, on both sides, for a position to be clear."""

MIN_WIN = 0.6
"""The least cubeless winning chance (gnubg 0-ply) of the player on roll for a candidate."""

CHEQUER_NOISE = 0.0
"""gnubg's checker play: 0 ply without noise (expert play: the positions of real games)."""

CUBE_NOISE = 0.08
"""Noise on gnubg's own cube decisions in play, so that late doubles, takes of passes and
"too good" positions occur (its cube decisions at 0 ply are otherwise never late)."""

PER_GAME = 2
"""At most this many positions of one game with the same verdicts (gnubg's), chosen at random
(seed 1): a game that stays "too good, pass" for its last ten turns counts twice, not ten
times."""

# (name, match length or 0 for money, games for money, seed, settings)
SESSIONS: list[tuple[str, int, int, int, list[str]]] = [
    ("money-jacoby", 0, 70, 101, ["set jacoby on", "set beavers 3"]),
    ("money-nojacoby", 0, 70, 102, ["set jacoby off", "set beavers 3"]),
    ("match-3", 3, 0, 103, []),
    ("match-5", 5, 0, 104, []),
    ("match-5b", 5, 0, 105, []),
    ("match-7", 7, 0, 106, []),
    ("match-7b", 7, 0, 107, []),
    ("match-9", 9, 0, 108, []),
    ("match-11", 11, 0, 109, []),
    ("match-11b", 11, 0, 110, []),
]

PLAY_SCRIPT = """\
import gnubg
CFG = {cfg}
def c(command):
    gnubg.command(command)
c("set seed %d" % CFG["seed"])
c("set rng mersenne")
for p in (0, 1):
    c("set player %d gnubg" % p)
    c("set player %d chequerplay evaluation plies 0" % p)
    c("set player %d chequerplay evaluation noise %g" % (p, CFG["chequer_noise"]))
    c("set player %d cubedecision evaluation plies 0" % p)
    c("set player %d cubedecision evaluation noise %g" % (p, CFG["cube_noise"]))
c("set cube use on")
c("set automatic doubles 0")
c("set automatic crawford on")
for s in CFG["settings"]:
    c(s)
if CFG["length"]:
    c("set automatic game on")
    c("new match %d" % CFG["length"])
else:
    c("set automatic game off")
    c("new session")
    for _ in range(CFG["games"] - 1):
        c("new game")
c("save match %s" % CFG["out"])
"""

LABEL_SCRIPT = """\
import json
import gnubg
JOBS = json.load(open({jobs!r}))
out = open({out!r}, "w")
for gid, jacoby, beavers, plies in JOBS:
    gnubg.command("set gnubgid " + gid)
    b = gnubg.board()
    ci = gnubg.cubeinfo()
    if ci["matchto"] == 0:
        ci["jacoby"] = jacoby
        ci["beavers"] = beavers
    ec = gnubg.evalcontext(1, plies, 1, 1, 0.0)
    probs = gnubg.evaluate(b, ci, ec)
    cube = gnubg.cfevaluate(b, ci, ec)
    out.write(json.dumps([gid, jacoby, beavers, plies, list(probs[:5]), list(cube)]) + "\\n")
    out.flush()
out.close()
"""


def _gnubg_python(script: str, cwd: pathlib.Path, timeout: float) -> str:
    path = cwd / "script.py"
    path.write_text(script)
    proc = subprocess.run(
        [GNUBG, "-t", "-q", "-p", str(path)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={"HOME": str(cwd), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    return proc.stdout + proc.stderr


def play_sessions(workdir: pathlib.Path, games: Optional[int]) -> list[tuple[str, pathlib.Path]]:
    """Play gnubg against itself as ``SESSIONS`` say, saved as ``.sgf`` files in ``workdir``."""
    files = []
    for name, length, n, seed, settings in SESSIONS:
        out = workdir / f"{name}.sgf"
        if not out.exists():
            cfg = {
                "chequer_noise": CHEQUER_NOISE,
                "cube_noise": CUBE_NOISE,
                "seed": seed,
                "length": length,
                "games": games or n,
                "settings": settings,
                "out": str(out),
            }
            text = _gnubg_python(PLAY_SCRIPT.format(cfg=repr(cfg)), workdir, 3600)
            if not out.exists():
                raise SystemExit(f"{name}: gnubg saved nothing:\n{text[-2000:]}")
        files.append((name, out))
        print(f"played {name}", file=sys.stderr)
    return files


def candidates(files: list[tuple[str, pathlib.Path]]) -> list[tuple[str, int, int, str]]:
    """Every position of the records where the player on roll may double, before the roll.

    ``(gnubg ID, jacoby, beavers, game)``, each once (``game`` names the session and game).
    """
    import gammon

    seen: set[tuple[str, int, int]] = set()
    out = []
    for name, path in files:
        record = gammon.read_match(path)
        jacoby = int("jacoby" in name and "nojacoby" not in name)
        beavers = int(record.is_money)
        for gi, g in enumerate(record.games, 1):
            game = g.game
            replay = gammon.Game(
                game.match if not game.is_money else None,
                game.cube_rules,
                session=game.match if game.is_money else None,
            )
            for action in g.actions:
                if replay.dice is None and not replay.is_opening and replay.can_double():
                    key = (replay.gnubg_id, jacoby, beavers)
                    if key not in seen:
                        seen.add(key)
                        out.append((*key, f"{name}/{gi}"))
                replay.push(action)
    return out


def label(
    jobs: list[tuple[str, int, int, int]], workdir: pathlib.Path
) -> list[tuple[str, int, int, int, list[float], list[object]]]:
    """The probabilities and cube evaluation (``cfevaluate``) of each job, by gnubg."""
    plies = {j[3] for j in jobs}
    tag = "-".join(str(p) for p in sorted(plies))
    jobs_path = workdir / f"jobs-{tag}.json"
    out_path = workdir / f"labels-{tag}.jsonl"
    cached = jobs_path.exists() and out_path.exists()
    if not cached or json.loads(jobs_path.read_text()) != [list(j) for j in jobs]:
        jobs_path.write_text(json.dumps(jobs))
        script = LABEL_SCRIPT.format(jobs=str(jobs_path), out=str(out_path))
        text = _gnubg_python(script, workdir, 7200)
    else:
        text = "(cached)"
    rows = [json.loads(line) for line in out_path.read_text().splitlines()]
    if len(rows) != len(jobs):
        raise SystemExit(f"gnubg labelled {len(rows)} of {len(jobs)}:\n{text[-2000:]}")
    return [tuple(r) for r in rows]  # type: ignore[misc]


def gnubg_verdicts(nd: float, dt: float, dp: float, beavers: bool) -> tuple[str, str]:
    """The doubler's and the taker's proper actions from gnubg's three equities.

    As gnubg's ``FindBestCubeDecision`` makes them: double when both DT and DP are at least ND;
    too good when ND beats DP; take when DT is below DP; beaver (money, beavers on) when DT is 0
    or less.
    """
    if dt >= nd and dp >= nd:
        doubler = "double"
    elif nd > dp:
        doubler = "too-good"
    else:
        doubler = "no-double"
    if dt >= dp:
        taker = "pass"
    elif beavers and -2.0 <= dt <= 0.0:
        taker = "beaver"
    else:
        taker = "take"
    return doubler, taker


def is_clear(nd: float, dt: float, dp: float, beavers: bool, margin: float = MARGIN) -> bool:
    """Both sides' proper actions win by more than ``margin``."""
    clear_doubler = abs(min(dt, dp) - nd) > margin
    clear_taker = abs(dt - dp) > margin and (not beavers or dt >= dp or abs(dt) > margin)
    return clear_doubler and clear_taker


def make(args: argparse.Namespace) -> None:
    """Play, label with gnubg 2-ply and write the position set."""
    workdir = pathlib.Path(args.workdir or tempfile.mkdtemp(prefix="cube-agreement-"))
    workdir.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    files = play_sessions(workdir, args.games)
    cands = candidates(files)
    game_of = {(g, j, b): k for g, j, b, k in cands}
    print(f"{len(cands)} positions where the player on roll may double", file=sys.stderr)
    zero = label([(g, j, b, 0) for g, j, b, _ in cands], workdir)
    keep = [(g, j, b) for (g, j, b, _, probs, _) in zero if probs[0] >= MIN_WIN]
    print(f"{len(keep)} with at least {MIN_WIN:.0%} for the player on roll", file=sys.stderr)
    two = label([(g, j, b, 2) for g, j, b in keep], workdir)
    groups: dict[tuple[str, str, str], list[str]] = {}
    clear = 0
    for gid, jacoby, beavers, _, probs, cube in two:
        _, nd, dt, dp = (float(x) for x in cube[:4])
        if not is_clear(nd, dt, dp, bool(beavers)):
            continue
        clear += 1
        doubler, taker = gnubg_verdicts(nd, dt, dp, bool(beavers))
        nums = " ".join(f"{x:.5f}" for x in (nd, dt, dp, *probs))
        key = (game_of[(gid, jacoby, beavers)], doubler, taker)
        groups.setdefault(key, []).append(f"{gid} {jacoby} {beavers} {nums} {doubler} {taker}")
    rng = random.Random(1)
    lines = []
    for key in sorted(groups):
        group = groups[key]
        lines += rng.sample(group, min(PER_GAME, len(group)))
    header = [
        "# gammon experiments/cube_agreement.py make: positions of gnubg 0-ply self-play (with",
        f"# noise) where the player on roll may double and has at least {MIN_WIN:.0%} cubeless,",
        f"# and gnubg 2-ply's cube decision is clear by {MARGIN} on both sides; at most",
        f"# {PER_GAME} a game with the same verdicts.",
        "# GNUBG_ID JACOBY BEAVERS ND DT DP WIN WG WBG LG LBG DOUBLER TAKER",
        f"# {len(lines)} positions from {len(cands)} candidates ({len(keep)} at {MIN_WIN:.0%} "
        f"or more, {clear} clear); made in {time.time() - t0:.0f} s",
    ]
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text("\n".join(header + lines) + "\n")
    print(f"wrote {len(lines)} positions to {DATA}", file=sys.stderr)


@dataclass
class Row:
    """One position of the set with gnubg's 2-ply evaluation."""

    gnubg_id: str
    jacoby: bool
    beavers: bool
    nd: float
    dt: float
    dp: float
    probs: tuple[float, ...]
    doubler: str
    taker: str


def read_rows(path: pathlib.Path = DATA) -> list[Row]:
    """The positions of the set at ``path``."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        c = line.split()
        rows.append(
            Row(
                gnubg_id=c[0],
                jacoby=c[1] == "1",
                beavers=c[2] == "1",
                nd=float(c[3]),
                dt=float(c[4]),
                dp=float(c[5]),
                probs=tuple(float(x) for x in c[6:11]),
                doubler=c[11],
                taker=c[12],
            )
        )
    return rows


def gammon_verdicts(decision: object) -> tuple[str, str]:
    """The verdicts of gammon's decision in the set's words."""
    doubler = str(decision.doubler_action)  # type: ignore[attr-defined]
    taker = str(decision.taker_action)  # type: ignore[attr-defined]
    d = {"double": "double", "no double": "no-double", "too good": "too-good"}.get(doubler, doubler)
    return d, taker


def count_verdicts(
    tally: dict[str, list[int]],
    keys: tuple[str, ...],
    pairs: dict[str, int],
    agree: tuple[bool, bool],
    doubler: str,
    taker: str,
) -> None:
    """Count one position's verdicts against the reference's.

    Under each of ``keys`` its ``[positions, doubler agrees, taker agrees]``; each disagreement
    under its text (``doubler`` or ``taker``) in ``pairs``.
    """
    for key in keys:
        t = tally.setdefault(key, [0, 0, 0])
        t[0] += 1
        t[1] += agree[0]
        t[2] += agree[1]
    for ok, text in zip(agree, (doubler, taker)):
        if not ok:
            pairs[text] = pairs.get(text, 0) + 1


def score(args: argparse.Namespace) -> None:
    """Score gammon's cube decisions on the set against gnubg's verdicts."""
    import gammon

    rows = read_rows(pathlib.Path(args.data))
    games = [gammon.Game.from_gnubg_id(r.gnubg_id) for r in rows]
    for plies in args.plies:
        t0 = time.time()
        tally: dict[str, list[int]] = {}
        misses: list[str] = []
        pairs: dict[str, int] = {}
        # Mean distance of gammon's probabilities (win, gammons won) from gnubg's 2-ply ones,
        # where both verdicts agree and where one differs: [count, |dwin|, |dgammon|].
        gap = {True: [0, 0.0, 0.0], False: [0, 0.0, 0.0]}
        # The same shares on the positions gnubg decides by more than twice the margin.
        wide = [0, 0, 0]
        for r, g in zip(rows, games):
            rules = gammon.CubeRules(jacoby=r.jacoby, beavers=r.beavers)
            cube = gammon.Cube(g.cube.value, g.cube.owner, rules=rules)
            d = gammon.cube_decision(g.position, cube=cube, score=g.match, plies=plies)
            doubler, taker = gammon_verdicts(d)
            kind = "money" if g.is_money else "match"
            ok_d = (doubler == "double") == (r.doubler == "double")
            ok_t = taker == r.taker
            count_verdicts(
                tally,
                (kind,),
                pairs,
                (ok_d, ok_t),
                f"doubler: gnubg {r.doubler}, gammon {doubler}",
                f"taker: gnubg {r.taker}, gammon {taker}",
            )
            if is_clear(r.nd, r.dt, r.dp, r.beavers, 2 * MARGIN):
                wide[0] += 1
                wide[1] += ok_d
                wide[2] += ok_t
            gp = gap[ok_d and ok_t]
            gp[0] += 1
            gp[1] += abs(d.probabilities[0] - r.probs[0])
            gp[2] += abs(d.probabilities[1] - r.probs[1])
            if not (ok_d and ok_t):
                misses.append(
                    f"{r.gnubg_id} {'J' if r.jacoby else '-'}{'B' if r.beavers else '-'}  "
                    f"gnubg {r.doubler}/{r.taker} ND {r.nd:+.3f} DT {r.dt:+.3f} DP {r.dp:+.3f}  "
                    f"gammon {doubler}/{taker} ND {d.no_double:+.3f} DT {d.double_take:+.3f} "
                    f"DP {d.double_pass:+.3f}"
                )
        n = sum(t[0] for t in tally.values())
        nd_ = sum(t[1] for t in tally.values())
        nt = sum(t[2] for t in tally.values())
        secs = time.time() - t0
        print(
            f"{plies} ply: {n} positions, doubler {nd_ / n:.1%} ({nd_}), taker {nt / n:.1%} "
            f"({nt}); {secs:.1f} s"
        )
        for kind, (k, a, b) in sorted(tally.items()):
            print(f"  {kind}: {k} positions, doubler {a / k:.1%}, taker {b / k:.1%}")
        if wide[0]:
            print(
                f"  clear by {2 * MARGIN}: {wide[0]} positions, doubler {wide[1] / wide[0]:.1%}, "
                f"taker {wide[2] / wide[0]:.1%}"
            )
        for k, v in sorted(pairs.items()):
            print(f"  {v:4} {k}")
        for ok, (k, w, wg) in sorted(gap.items(), reverse=True):
            if k:
                print(
                    f"  {'agree' if ok else 'differ'}: {k} positions, mean |win - gnubg's| "
                    f"{w / k:.3f}, |gammons won - gnubg's| {wg / k:.3f}"
                )
        for m in misses[: args.show]:
            print("   ", m)


def peer(args: argparse.Namespace) -> None:
    """Score gnubg's own cube decisions at ``--plies`` against its 2-ply verdicts on the set."""
    import gammon

    rows = read_rows(pathlib.Path(args.data))
    workdir = pathlib.Path(args.workdir or tempfile.mkdtemp(prefix="cube-peer-"))
    workdir.mkdir(parents=True, exist_ok=True)
    for plies in args.plies:
        t0 = time.time()
        labels = label([(r.gnubg_id, int(r.jacoby), int(r.beavers), plies) for r in rows], workdir)
        tally: dict[str, list[int]] = {}
        pairs: dict[str, int] = {}
        for r, (_, _, _, _, _, cube) in zip(rows, labels):
            _, nd, dt, dp = (float(x) for x in cube[:4])
            doubler, taker = gnubg_verdicts(nd, dt, dp, r.beavers)
            count_verdicts(
                tally,
                ("money" if gammon.Game.from_gnubg_id(r.gnubg_id).is_money else "match",),
                pairs,
                ((doubler == "double") == (r.doubler == "double"), taker == r.taker),
                f"doubler: 2 ply {r.doubler}, {plies} ply {doubler}",
                f"taker: 2 ply {r.taker}, {plies} ply {taker}",
            )
        n, nd_, nt = (sum(t[i] for t in tally.values()) for i in range(3))
        print(
            f"gnubg {plies} ply: {n} positions, doubler {nd_ / n:.1%} ({nd_}), taker "
            f"{nt / n:.1%} ({nt}); {time.time() - t0:.0f} s"
        )
        for kind, (k, a, b) in sorted(tally.items()):
            print(f"  {kind}: {k} positions, doubler {a / k:.1%}, taker {b / k:.1%}")
        for k, v in sorted(pairs.items()):
            print(f"  {v:4} {k}")


def _cube_of(r: Row, g: object) -> object:
    import gammon

    rules = gammon.CubeRules(jacoby=r.jacoby, beavers=r.beavers)
    return gammon.Cube(g.cube.value, g.cube.owner, rules=rules)  # type: ignore[attr-defined]


def rollout(args: argparse.Namespace) -> None:
    """Roll out every position's cube decision, ``--games`` more a pass, resumable.

    Each position keeps a checkpoint in ``--out``; pass *k* extends every position to *k*
    times ``--games`` games (the same games whenever it stops: game *i* depends on the seed
    and *i* only), and each finished position appends its figures to ``results.jsonl``, so
    that whatever finished counts.
    """
    import gammon

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = read_rows(pathlib.Path(args.data))
    log = out / "results.jsonl"
    refused: set[int] = set()
    for k in range(1, args.passes + 1):
        total = k * args.games
        t0 = time.process_time()
        for i, r in enumerate(rows):
            g = gammon.Game.from_gnubg_id(r.gnubg_id)
            if i in refused:
                continue
            try:
                res = gammon.rollout_cube(
                    g.position,
                    total,
                    cube=_cube_of(r, g),
                    score=g.match,
                    seed=args.seed,
                    threads=1,
                    checkpoint=str(out / f"{i}.ckpt"),
                )
            except gammon.errors.InvalidInputError as e:
                refused.add(i)
                with log.open("a") as f:
                    f.write(json.dumps({"i": i, "refused": str(e)}) + "\n")
                continue
            doubler, taker = gammon_verdicts(res)
            line = {"i": i, "games": res.games_completed, "doubler": doubler, "taker": taker}
            line.update(res.summary())
            with log.open("a") as f:
                f.write(json.dumps(line) + "\n")
        print(
            f"pass {k}: {total} games a position, {time.process_time() - t0:.0f} CPU s", flush=True
        )


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``k`` of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (mid - half, mid + half)


def score_rollout(args: argparse.Namespace) -> None:
    """Score the rolled-out verdicts (the most games of each position) against gnubg's."""
    rows = read_rows(pathlib.Path(args.data))
    last: dict[int, dict[str, object]] = {}
    refused: dict[int, str] = {}
    for line in (pathlib.Path(args.out) / "results.jsonl").read_text().splitlines():
        d = json.loads(line)
        if "refused" in d:
            refused[d["i"]] = d["refused"]
            continue
        if args.max_games and d["games"] > args.max_games:
            continue
        if d["i"] not in last or d["games"] >= last[d["i"]]["games"]:  # type: ignore[operator]
            last[d["i"]] = d
    games = sorted({int(d["games"]) for d in last.values()})  # type: ignore[call-overload]
    tally: dict[str, list[int]] = {}
    pairs: dict[str, int] = {}
    sure = [0, 0, 0, 0]
    for i, d in sorted(last.items()):
        r = rows[i]
        kind = "money" if d["money"] else "match"
        ok_d = (d["doubler"] == "double") == (r.doubler == "double")
        ok_t = d["taker"] == r.taker
        count_verdicts(
            tally,
            (kind, "all"),
            pairs,
            (ok_d, ok_t),
            f"doubler: gnubg {r.doubler}, rollout {d['doubler']}",
            f"taker: gnubg {r.taker}, rollout {d['taker']}",
        )
        # Verdicts the rollout is sure of (its proper action by 2 standard errors).
        dc, tc = abs(float(d["double_confidence"])), abs(float(d["take_confidence"]))  # type: ignore[arg-type]
        if dc >= 2:
            sure[0] += 1
            sure[1] += ok_d
        if tc >= 2:
            sure[2] += 1
            sure[3] += ok_t
        if args.show and not (ok_d and ok_t):
            print(
                f"    {r.gnubg_id} {'J' if r.jacoby else '-'}{'B' if r.beavers else '-'} "
                f"{kind}  gnubg {r.doubler}/{r.taker} ND {r.nd:+.3f} DT {r.dt:+.3f} "
                f"DP {r.dp:+.3f}  rollout {d['doubler']}/{d['taker']} "
                f"ND {d['no_double'][0]:+.3f} DT {d['double_take'][0]:+.3f} "  # type: ignore[index]
                f"(z {float(d['double_confidence']):+.1f}, {float(d['take_confidence']):+.1f})"  # type: ignore[arg-type]
            )
    print(f"{len(last)} of {len(rows)} positions rolled out, games a position {games}")
    for i, why in sorted(refused.items()):
        r = rows[i]
        print(f"  not rolled out: {r.gnubg_id} (gnubg {r.doubler}/{r.taker}): {why}")
    for key, (n, a, b) in sorted(tally.items()):
        lo_d, hi_d = wilson(a, n)
        lo_t, hi_t = wilson(b, n)
        print(
            f"  {key}: {n} positions, doubler {a / n:.1%} ({lo_d:.1%}-{hi_d:.1%}), "
            f"taker {b / n:.1%} ({lo_t:.1%}-{hi_t:.1%})"
        )
    if sure[0] and sure[2]:
        print(
            f"  where the rollout is sure by 2 standard errors: doubler {sure[1] / sure[0]:.1%} "
            f"of {sure[0]}, taker {sure[3] / sure[2]:.1%} of {sure[2]}"
        )
    for k, v in sorted(pairs.items()):
        print(f"  {v:4} {k}")


def takers(args: argparse.Namespace) -> None:
    """The taker's disagreements at ``--plies``, classified.

    Each with money or match (the score, away-away), Jacoby and beavers, the cube, both
    verdicts, the taker's margin (DT - DP, the doubler's normalised equity; beaver: DT) by
    gnubg and by gammon, and gammon's probabilities minus gnubg's (same depth as gammon's,
    gnubg's 2-ply ones): where gammon's verdict follows from its probabilities (the doubler
    given more winning or gammon chances than gnubg gives where gammon passes gnubg's take,
    less where it takes gnubg's pass or beavers gnubg's take), the difference is the net's
    judgement; the rest would point at the cube model.
    """
    import gammon

    rows = read_rows(pathlib.Path(args.data))
    counts: dict[str, int] = {}
    consistent = 0
    total = 0
    for r in rows:
        g = gammon.Game.from_gnubg_id(r.gnubg_id)
        d = gammon.cube_decision(g.position, cube=_cube_of(r, g), score=g.match, plies=args.plies)
        _, taker = gammon_verdicts(d)
        if taker == r.taker:
            continue
        total += 1
        kind = "money" if g.is_money else "match"
        if g.is_money:
            where = "money"
        else:
            m = g.match
            me = g.position.turn
            crawford = " C" if m.is_crawford_game else ""
            where = f"{m.length}pt {m.away(me)}-{m.away(~me)} away{crawford}"
        p = d.probabilities
        dw = p[0] - r.probs[0]
        dg = (p[1] - p[3]) - (r.probs[1] - r.probs[3])
        dbg = (p[2] - p[4]) - (r.probs[2] - r.probs[4])
        # The doubler's winning chances and net gammons against gnubg's: which way they push.
        towards_doubler = dw + 0.5 * dg
        expect = {("take", "pass"): 1, ("pass", "take"): -1, ("take", "beaver"): -1}
        sign = expect.get((r.taker, taker), 0)
        ok = sign * towards_doubler > 0
        consistent += ok
        key = f"{kind}: gnubg {r.taker}, gammon {taker}"
        counts[key] = counts.get(key, 0) + 1
        gm = r.dt - r.dp if taker != "beaver" and r.taker != "beaver" else r.dt
        mm = d.double_take - d.double_pass if taker != "beaver" else d.double_take
        print(
            f"{r.gnubg_id} {'J' if r.jacoby else '-'}{'B' if r.beavers else '-'} {where:18} "
            f"cube {d.cube_value} gnubg {r.taker:6} ({gm:+.3f}) gammon {taker:6} ({mm:+.3f})  "
            f"win {dw:+.3f} net gammons {dg:+.3f} net bg {dbg:+.3f}  "
            f"{'probabilities' if ok else 'CHECK'}"
        )
    for k, v in sorted(counts.items()):
        print(f"  {v:3} {k}")
    print(f"  {consistent} of {total} in the direction of gammon's probabilities")


def main() -> None:
    """Run ``make``, ``score``, ``rollout``, ``score-rollout``, ``takers`` or ``peer``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    mk = sub.add_parser("make", help="play, label and write the position set (needs gnubg)")
    mk.add_argument("--games", type=int, default=None, help="games a money session")
    mk.add_argument("--workdir", default=None, help="keep gnubg's files here")
    sc = sub.add_parser("score", help="score gammon's cube decisions on the set")
    sc.add_argument("--plies", type=int, nargs="+", default=[0, 2])
    sc.add_argument("--show", type=int, default=30, help="disagreements to print")
    sc.add_argument("--data", default=str(DATA))
    ro = sub.add_parser("rollout", help="roll out every cube decision (resumable passes)")
    ro.add_argument("--games", type=int, default=250, help="games a position added each pass")
    ro.add_argument("--passes", type=int, default=8)
    ro.add_argument("--seed", type=int, default=1)
    ro.add_argument("--out", required=True, help="checkpoints and results.jsonl")
    ro.add_argument("--data", default=str(DATA))
    sr = sub.add_parser("score-rollout", help="score the rolled-out verdicts")
    sr.add_argument("--out", required=True)
    sr.add_argument("--show", action="store_true", help="print the disagreements")
    sr.add_argument("--max-games", type=int, default=0, help="score at most this many games")
    sr.add_argument("--data", default=str(DATA))
    tk = sub.add_parser("takers", help="classify the taker's disagreements")
    tk.add_argument("--plies", type=int, default=2)
    tk.add_argument("--data", default=str(DATA))
    pe = sub.add_parser("peer", help="score gnubg's own cube decisions at fewer plies")
    pe.add_argument("--plies", type=int, nargs="+", default=[0, 1])
    pe.add_argument("--workdir", default=None, help="keep gnubg's files here")
    pe.add_argument("--data", default=str(DATA))
    args = parser.parse_args()
    {
        "make": make,
        "score": score,
        "rollout": rollout,
        "score-rollout": score_rollout,
        "takers": takers,
        "peer": peer,
    }[args.command](args)


if __name__ == "__main__":
    main()
