"""``gammon analyze FILE...``: the command line of :func:`gammon.analysis.analyze_many`.

For each match file (``.mat`` or ``.sgf``) it prints the per-player summary table (as
gnubg's statistics) and the worst decisions, each with its gnubg ID (``PositionID:MatchID``)
and XGID so that it can be pasted into gnubg or eXtreme Gammon. ``--json`` prints the same as
JSON (one object per file); ``--html OUT`` also writes one self-contained page per match
(:mod:`gammon.analysis_html`). The analysis is the core's; this module reads the arguments,
finds the positions of the decisions and formats.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from gammon._core import MatchAnalysis, Net, Variant
from gammon.analysis import analyze_many
from gammon.analysis_html import decision_dict, game_states, write_pages
from gammon.errors import InvalidInputError
from gammon.files import read_match
from gammon.matchfile import MatchRecord

__all__ = ["COMMANDS", "add_parsers", "run", "worst_with_ids"]

COMMANDS = ("analyze",)


def add_parsers(sub: Any) -> None:
    """Add ``analyze`` to an ``argparse`` subparsers object."""
    a = sub.add_parser(
        "analyze",
        help="analyse match files as gnubg does: error rates, luck, the worst decisions",
        description="Analyse every checker play, cube action and roll of each match file "
        "(.mat or .sgf) with the net searched --plies deep, and print each player's "
        "statistics (error rates in thousandths of a point per decision, gnubg's marks, "
        "luck) and the worst decisions with their gnubg IDs and XGIDs.",
    )
    a.add_argument("files", nargs="+", metavar="FILE", help="match files (.mat or .sgf)")
    a.add_argument(
        "--plies", type=int, default=0, help="search depth: 0 (default), 1 or 2 (gnubg's)"
    )
    a.add_argument(
        "--worst", type=int, default=10, metavar="N", help="decisions listed per match (10)"
    )
    a.add_argument("--json", action="store_true", help="print JSON instead of tables")
    a.add_argument(
        "--html",
        metavar="OUT",
        help="write a page per match: OUT.html for one file, else pages in the folder OUT",
    )
    a.add_argument("--net", metavar="FILE", help="a weights file (default: the shipped net)")
    a.add_argument("--threads", type=int, default=None, help="threads (default: one per core)")
    a.add_argument(
        "--crawford",
        choices=("on", "off"),
        help="the matches' Crawford rule (default: as each file says)",
    )


def worst_with_ids(analysis: MatchAnalysis, record: MatchRecord, n: int) -> list[dict[str, Any]]:
    """The ``n`` worst decisions of ``analysis`` (of ``record``) with their IDs."""
    worst = analysis.worst(n)
    found: dict[tuple[int, int], dict[str, Any]] = {}
    for g in {d.game for d in worst}:
        mine = [d for d in worst if d.game == g]
        steps = {d.step: d for d in mine}
        for step, game in game_states(record.games[g].game, list(steps)):
            if game.position.variant == Variant.LONG_NARDY:
                found[(g, step)] = decision_dict(steps[step])
            else:
                found[(g, step)] = decision_dict(steps[step], game)
    return [found[(d.game, d.step)] for d in worst]


def _summary(path: str, a: MatchAnalysis) -> dict[str, Any]:
    white, black = a.names
    return {
        "file": path,
        "names": {"white": white, "black": black},
        "length": a.length,
        "games": len(a),
        "plies": a.plies,
        "players": {"white": a.white.as_dict(), "black": a.black.as_dict()},
        "game_stats": [{"white": g.white.as_dict(), "black": g.black.as_dict()} for g in a.games],
    }


def run(args: argparse.Namespace) -> int:
    """Run ``gammon analyze``; returns the exit status."""
    crawford = None if args.crawford is None else args.crawford == "on"
    net = None if args.net is None else Net.load(args.net)
    if args.worst < 0:
        raise InvalidInputError(f"--worst must be 0 or more, not {args.worst}")
    records = []
    for f in args.files:
        try:
            records.append(read_match(f, crawford=crawford))
        except OSError as e:
            print(f"gammon: error: cannot read {f}: {e.strerror or e}", file=sys.stderr)
            return 2
    start = time.perf_counter()
    analyses = analyze_many(
        records,
        plies=args.plies,
        net=net,
        threads=args.threads,
        progress=sys.stderr.isatty() and not args.json,
    )
    seconds = time.perf_counter() - start
    out = []
    for path, record, a in zip(args.files, records, analyses):
        item = _summary(path, a)
        item["worst"] = worst_with_ids(a, record, args.worst)
        out.append(item)
        if not args.json:
            print(f"{path}:")
            print(str(a))
            if item["worst"]:
                print(f"Worst decisions ({len(item['worst'])}):")
            for d, w in zip(a.worst(args.worst), item["worst"]):
                print(f"  {d}")
                if "gnubg_id" in w:
                    xgid = f"  {w['xgid']}" if w["xgid"] else ""
                    print(f"      {w['gnubg_id']}{xgid}")
            print()
    if args.json:
        print(json.dumps(out if len(out) > 1 else out[0], indent=1))
    if args.html:
        for page in write_pages(Path(args.html), list(zip(args.files, records, analyses))):
            print(f"wrote {page}", file=sys.stderr if args.json else sys.stdout)
    if not args.json:
        print(f"analysed {len(records)} file(s) at {args.plies} ply in {seconds:.2f} s")
    return 0
