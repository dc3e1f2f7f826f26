"""Why the net searched at 1 ply chooses worse than at 0 ply: the search checked, values compared.

    python experiments/one_ply.py check [N] [--net FILE]
    python experiments/one_ply.py gnubg [N] [--net FILE]
    python experiments/one_ply.py leaves [N] [--net FILE]
    python experiments/one_ply.py judge [--every K] [--net FILE] [--other FILE..] [--search-other]

The decisions are every k-th line of the judged set ``train/judge/gnubg2-1200.txt.gz`` (N of
them, default 300): a position, a roll and the after-states of its plays, each with gnubg's
2-ply value for the mover.

``check`` values every after-state of each decision at 1 ply by brute force from public
calls only (``gammon.evaluate`` at 0 ply of the position after each reply, the opponent's best
reply of each of the 21 rolls the one that leaves the mover least, the first of equals; no
legal reply: the same board with the mover on roll; 1/36 for doubles, 2/36 for the others;
the mover's probabilities averaged, then the equity) and compares it with
``gammon.hint(..., plies=1, prune=0)``, the unpruned search.

``gnubg`` compares gammon's values of the same after-states with gnubg's (``gnubg_nn``) at 0
and at 1 ply, and both with the judge (gnubg's 2-ply values of the file): the mean absolute
difference, the mean difference (bias), and what a choice depends on, the spread of the
differences within a decision (the root mean square of each difference minus the mean of its
decision). By gnubg's class of the position.

``leaves`` looks at the positions a 1-ply value is made of: for each after-state of the
decisions and each of the opponent's rolls, gammon's best reply; gammon's 0-ply value of the
position after it against gnubg's 0-ply value of the same position, by the leaf's kind (race,
contact, bear-off database, dance) and split by the number of replies the opponent chose from:
the net picks the reply its own values rate best, so a leaf is a maximum of noisy values.
"""

from __future__ import annotations

import argparse
import gzip
import math
import pathlib
import statistics
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import gammon

ROOT = pathlib.Path(__file__).resolve().parent.parent
JUDGE = ROOT / "train" / "judge" / "gnubg2-1200.txt.gz"
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
FIELDS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


def decisions(n: int) -> Iterator[tuple[str, str, tuple[int, int], dict[str, float]]]:
    """Every k-th decision of the judged set, ``n`` of them: class, position ID, dice, values."""
    with gzip.open(JUDGE, "rt") as f:
        lines = f.readlines()
    step = max(1, len(lines) // n)
    for line in lines[::step][:n]:
        c = line.split()
        yield c[0], c[1], (int(c[2]), int(c[3])), dict(zip(c[4::2], map(float, c[5::2])))


def probs(e: Any) -> list[float]:
    """The five outputs of an evaluation."""
    return [float(getattr(e, f)) for f in FIELDS]


def flip(p: list[float]) -> list[float]:
    """The same outcome seen from the other player."""
    w, wg, wbg, lg, lbg = p
    return [1.0 - w, lg, lbg, wg, wbg]


def equity(p: list[float]) -> float:
    """Cubeless equity of five outputs."""
    w, wg, wbg, lg, lbg = p
    return 2 * w - 1 + wg - lg + wbg - lbg


def leaf(after: gammon.Position, dice: tuple[int, int], net: Any) -> tuple[list[float], str, int]:
    """The mover's 0-ply value after the opponent's best reply to ``dice`` in ``after``.

    ``after`` has the opponent on roll; by brute force. Also the kind of value and the
    number of distinct replies.
    """
    plays = after.legal_plays(dice)
    if len(plays) == 0:
        back = after.pass_turn()
        return probs(gammon.evaluate(back, net=net)), "dance", 0
    best: list[float] | None = None
    best_source = ""
    seen = set()
    for p in plays:
        mine = gammon.evaluate(p.after, net=net)  # the mover on roll again
        seen.add(p.after.id)
        v = probs(mine)
        if best is None or equity(v) < equity(best):
            best, best_source = v, mine.source
    assert best is not None
    return best, best_source, len(seen)


def one_ply(after: gammon.Position, net: Any) -> list[float]:
    """The mover's 1-ply value of ``after`` by brute force."""
    acc = [0.0] * 5
    for d in ROLLS:
        v, _, _ = leaf(after, d, net)
        w = (1 if d[0] == d[1] else 2) / 36
        acc = [a + w * x for a, x in zip(acc, v)]
    return acc


def check(args: argparse.Namespace) -> None:
    """Brute-force 1-ply values against ``hint(plies=1)``."""
    net = gammon.Net.load(args.net) if args.net else None
    worst = 0.0
    count = 0
    differ = 0
    for _, pid, dice, _ in decisions(args.n):
        pos = gammon.Position.from_id(pid)
        for h in gammon.hint(pos, dice, plies=1, net=net, prune=0):
            brute = one_ply(h.play.after, net)
            got = probs(h.evaluation)
            d = max(abs(a - b) for a, b in zip(brute, got))
            worst = max(worst, d)
            count += 1
            if d > 1e-5:
                differ += 1
                print(f"{pid} {dice} {h.play.after.id}: hint {got} brute {brute}")
    print(
        f"{count} plays of {args.n} decisions: largest difference {worst:.2e}, {differ} above 1e-5"
    )


def gnubg_value(pid: str, plies: int) -> list[float]:
    """Gnubg's value of an after-state (the opponent on roll) for the mover."""
    import gnubg_nn

    board = [list(side) for side in gnubg_nn.board_from_position_id(pid)]
    return flip([float(x) for x in gnubg_nn.probabilities(board, plies)])


def gnubg(args: argparse.Namespace) -> None:
    """Gammon's 0- and 1-ply values against gnubg's and the judge's."""
    net = gammon.Net.load(args.net) if args.net else None
    # rows[class][kind] = list of (decision index, difference)
    diffs: dict[str, dict[str, list[tuple[int, float]]]] = defaultdict(lambda: defaultdict(list))
    parts: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for k, (cls, pid, dice, judged) in enumerate(decisions(args.n)):
        pos = gammon.Position.from_id(pid)
        h0 = {h.play.after.id: probs(h.evaluation) for h in gammon.hint(pos, dice, 0, net)}
        h1 = {h.play.after.id: probs(h.evaluation) for h in gammon.hint(pos, dice, 1, net, prune=0)}
        for aid, j in judged.items():
            g0, g1 = gnubg_value(aid, 0), gnubg_value(aid, 1)
            m0, m1 = h0[aid], h1[aid]
            for c in (cls, "all"):
                d = diffs[c]
                d["gammon 0 - gnubg 0"].append((k, equity(m0) - equity(g0)))
                d["gammon 1 - gnubg 1"].append((k, equity(m1) - equity(g1)))
                d["gammon 0 - judge"].append((k, equity(m0) - j))
                d["gammon 1 - judge"].append((k, equity(m1) - j))
                d["gnubg 0 - judge"].append((k, equity(g0) - j))
                d["gnubg 1 - judge"].append((k, equity(g1) - j))
                for idx, f in enumerate(FIELDS):
                    parts[c][f"{f}: gammon 0 - gnubg 0"].append(m0[idx] - g0[idx])
                    parts[c][f"{f}: gammon 1 - gnubg 1"].append(m1[idx] - g1[idx])
    for c, d in sorted(diffs.items()):
        decs = len({k for k, _ in d["gammon 0 - judge"]})
        print(f"\n{c}: {len(d['gammon 0 - judge'])} after-states of {decs} decisions")
        print(f"  {'':22} {'mean |d|':>9} {'mean d':>9} {'spread':>9}")
        for name, xs in d.items():
            by: dict[int, list[float]] = defaultdict(list)
            for k, x in xs:
                by[k].append(x)
            resid = [x - statistics.fmean(v) for v in by.values() for x in v]
            ad = statistics.fmean(abs(x) for _, x in xs)
            md = statistics.fmean(x for _, x in xs)
            sp = math.sqrt(statistics.fmean(r * r for r in resid))
            print(f"  {name:22} {ad:9.4f} {md:+9.4f} {sp:9.4f}")
        for name, xs in parts[c].items():
            ad = statistics.fmean(abs(x) for x in xs)
            print(f"  {name:34} mean |d| {ad:.4f}  mean d {statistics.fmean(xs):+.4f}")


def leaves(args: argparse.Namespace) -> None:
    """The net's values at the leaves of 1-ply values against gnubg 0-ply's."""
    import gnubg_nn

    def gnubg0(pid: str) -> list[float]:
        board = [list(s) for s in gnubg_nn.board_from_position_id(pid)]
        return [float(x) for x in gnubg_nn.probabilities(board, 0)]

    kinds = {gnubg_nn.c_race: "race", gnubg_nn.c_crashed: "crashed", gnubg_nn.c_bearoff: "bear-off"}
    net = gammon.Net.load(args.net) if args.net else None
    rows: dict[str, list[float]] = defaultdict(list)
    for _, _pid, _dice, judged in decisions(args.n):
        for aid in judged:
            after = gammon.Position.from_id(aid)
            for d in ROLLS:
                backs = list({p.after: None for p in after.legal_plays(d)})
                if not backs:
                    best, kind, n = after.pass_turn(), "dance", 0
                    v = gammon.evaluate(best, net=net)
                else:
                    vals = [gammon.evaluate(b, net=net) for b in backs]
                    i = min(range(len(vals)), key=lambda j: (vals[j].equity, j))
                    best, v, n = backs[i], vals[i], len(backs)
                    board = [list(s) for s in gnubg_nn.board_from_position_id(best.id)]
                    kind = (
                        "exact"
                        if v.source != "net"
                        else kinds.get(gnubg_nn.classify(board), "contact")
                    )
                e = v.equity - equity(gnubg0(best.id))
                band = "1" if n <= 1 else "2-5" if n <= 5 else "6-15" if n <= 15 else "16+"
                rows[kind].append(e)
                if kind == "contact":
                    rows[f"contact, replies {band}"].append(e)
                rows["all"].append(e)
    print(f"{'leaf':24} {'count':>7} {'mean d':>8} {'mean |d|':>9}   (mover's equity)")
    for k, xs in sorted(rows.items()):
        mean_abs = statistics.fmean(abs(x) for x in xs)
        print(f"{k:24} {len(xs):7} {statistics.fmean(xs):+8.4f} {mean_abs:9.4f}")


def without_bg(p: list[float]) -> float:
    """Cubeless equity of five outputs with the backgammons left out."""
    w, wg, _, lg, _ = p
    return 2 * w - 1 + wg - lg


def on_roll_1ply(pos: gammon.Position, net: Any) -> list[float]:
    """The value of ``pos`` for its player on roll one roll ahead.

    The average over their 21 rolls of their best play's 0-ply value (the same board with the
    opponent on roll when they cannot move).
    """
    acc = [0.0] * 5
    for d in ROLLS:
        w = (1 if d[0] == d[1] else 2) / 36
        backs = list({p.after: None for p in pos.legal_plays(d)}) or [pos.pass_turn()]
        vals = [flip(probs(gammon.evaluate(b, net=net))) for b in backs]
        best = max(range(len(vals)), key=lambda i: (equity(vals[i]), -i))
        acc = [a + w * x for a, x in zip(acc, vals[best])]
    return acc


def judge(args: argparse.Namespace) -> None:
    """The 1-ply search's choices among the 8 best at 0 ply, judged, with variants of its leaves.

    For each decision and each of the 8 best plays at 0 ply (the shipped net, or ``--net``):
    the opponent's best reply to each roll and its value (the leaf), by brute force. The
    variants value the same search differently: ``1 ply`` as the search does (exact values
    where the game ends, by the rules); ``dance one roll ahead`` with the leaves where the
    opponent cannot move valued one roll further (the mover's 21 rolls, each answered by their
    best play at 0 ply) instead of by the net directly; ``no bg at leaves`` with the leaves'
    backgammon chances left out of their equity (replies chosen as before); ``no bg at all``
    with them left out of the replies' choice too; ``leaves by NET`` the same replies valued
    by another net; ``search by NET`` replies chosen and valued by another net (the 0-ply
    filter stays).
    """
    net = gammon.Net.load(args.net) if args.net else None
    others = {pathlib.Path(f).stem: gammon.Net.load(f) for f in args.other}
    losses: dict[str, list[float]] = defaultdict(list)
    classes: list[str] = []
    with gzip.open(JUDGE, "rt") as f:
        lines = f.readlines()
    chosen = lines[args.offset :: args.every]
    for line in chosen:
        c = line.split()
        cls, pid, dice = c[0], c[1], (int(c[2]), int(c[3]))
        judged = dict(zip(c[4::2], map(float, c[5::2])))
        best_value = max(judged.values())
        pos = gammon.Position.from_id(pid)
        hints = gammon.hint(pos, dice, 0, net)
        top = hints[:8]
        classes.append(cls)
        losses["0 ply"].append(best_value - judged[hints[0].play.after.id])
        scores: dict[str, list[float]] = defaultdict(list)
        for h in top:
            after = h.play.after
            acc: dict[str, list[float]] = defaultdict(lambda: [0.0] * 5)
            for d in ROLLS:
                w = (1 if d[0] == d[1] else 2) / 36
                plays = after.legal_plays(d)
                if len(plays) == 0:
                    backs = [after.pass_turn()]
                else:
                    backs = list({p.after: None for p in plays})
                vals = [probs(gammon.evaluate(b, net=net)) for b in backs]
                i_std = min(range(len(vals)), key=lambda i: (equity(vals[i]), i))
                i_nobg = min(range(len(vals)), key=lambda i: (without_bg(vals[i]), i))
                if len(plays) == 0:
                    ahead = on_roll_1ply(backs[0], net)
                else:
                    ahead = vals[i_std]
                leaf = {
                    "1 ply": vals[i_std],
                    "dance one roll ahead": ahead,
                    "no bg at leaves": [*vals[i_std][:2], 0.0, *vals[i_std][3:4], 0.0],
                    "no bg at all": [*vals[i_nobg][:2], 0.0, *vals[i_nobg][3:4], 0.0],
                }
                for name, other in others.items():
                    leaf[f"leaves by {name}"] = probs(gammon.evaluate(backs[i_std], net=other))
                    if args.search_other:
                        ov = [probs(gammon.evaluate(b, net=other)) for b in backs]
                        i_o = min(range(len(ov)), key=lambda i: (equity(ov[i]), i))
                        leaf[f"search by {name}"] = ov[i_o]
                for k, v in leaf.items():
                    a = acc[k]
                    for j in range(5):
                        a[j] += w * v[j]
            for k, a in acc.items():
                scores[k].append(equity(a))
        for k, sc in scores.items():
            i = max(range(len(sc)), key=lambda j: (sc[j], -j))
            losses[k].append(best_value - judged[top[i].play.after.id])
    n = len(classes)
    base = losses["0 ply"]
    print(f"{n} decisions (every {args.every}th from {args.offset}); net {args.net or 'shipped'}")
    for k, xs in losses.items():
        m = statistics.fmean(xs)
        se = statistics.stdev(xs) / math.sqrt(n)
        diff = [a - b for a, b in zip(xs, base)]
        dm, dse = statistics.fmean(diff), statistics.stdev(diff) / math.sqrt(n)
        by = "  ".join(
            f"{c} {statistics.fmean(x for x, cc in zip(xs, classes) if cc == c):.5f}"
            for c in sorted(set(classes))
        )
        print(f"  {k:28} {m:.5f} ± {se:.5f}  minus 0 ply {dm:+.5f} ± {dse:.5f}   {by}")


def main() -> None:
    """The subcommands above."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["check", "gnubg", "leaves", "judge"])
    ap.add_argument("n", type=int, nargs="?", default=300)
    ap.add_argument("--net", default=None, help="a weights file (default the shipped nets)")
    ap.add_argument("--other", nargs="*", default=[], help="judge: other nets for the leaves")
    ap.add_argument("--search-other", action="store_true", help="judge: their own replies too")
    ap.add_argument("--every", type=int, default=4, help="judge: every k-th decision")
    ap.add_argument("--offset", type=int, default=0, help="judge: the first decision")
    args = ap.parse_args()
    {"check": check, "gnubg": gnubg, "leaves": leaves, "judge": judge}[args.what](args)


if __name__ == "__main__":
    main()
