"""The interoperability subcommands of the ``gammon`` command line.

``gammon convert IN OUT`` converts a match between ``.mat`` and ``.sgf``; ``gammon replay
FILE`` replays a match file through the rules and prints each game's result (exit status 1
for an illegal record, naming the game, move and reason); ``gammon serve --port N`` answers
gnubg's external player interface (:mod:`gammon.serve`); ``gammon show ID --svg FILE`` draws a
position (a Position ID or gnubg's ``PositionID:MatchID``) as SVG.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_parsers", "run"]

COMMANDS = ("convert", "replay", "serve", "show")


def add_parsers(sub: Any) -> None:
    """Add the subcommands to an ``argparse`` subparsers object."""
    c = sub.add_parser("convert", help="convert a match file between .mat and .sgf")
    c.add_argument("input", help="a .mat or .sgf file")
    c.add_argument("output", help="the file to write; the extension picks the format")

    r = sub.add_parser("replay", help="replay a match file and print each game's result")
    r.add_argument("file", help="a .mat or .sgf file")
    for p in (c, r):
        p.add_argument(
            "--crawford",
            choices=("on", "off"),
            help="the match's Crawford rule (default: as the file says, or a .mat shows)",
        )

    s = sub.add_parser("serve", help="play for gnubg as its external player (FIBS boards)")
    s.add_argument(
        "--port",
        type=int,
        required=True,
        help="TCP port (gnubg: set player 0 external localhost:PORT)",
    )
    s.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    s.add_argument("--policy", default="pubeval", help="random, pubeval (default), heuristic, net")
    s.add_argument(
        "--cube",
        default="race",
        help="cube policy: race (default: the Keith count in races), never, net (the net's "
        "probabilities by Janowski's formula)",
    )
    s.add_argument(
        "--net",
        metavar="FILE",
        default=None,
        help="a weights file (gammon-train's .gnet): net in --policy and --cube means its nets",
    )
    s.add_argument("--seed", type=int, default=0, help="seed of the random policy")
    s.add_argument("--max-connections", type=int, default=8, help="clients at once (8)")
    s.add_argument("--max-line", type=int, default=4096, help="longest line in bytes (4096)")
    s.add_argument(
        "--idle-timeout",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="disconnect a client silent this long (600; 0: never). gnubg does not reconnect: "
        "raise it when gnubg's other player may think longer",
    )
    s.add_argument(
        "--max-output",
        type=int,
        default=65536,
        metavar="BYTES",
        help="disconnect a client that leaves more replies than this unread (65536)",
    )

    w = sub.add_parser("show", help="print a position, or draw it as SVG")
    w.add_argument("id", nargs="?", help="Position ID or PositionID:MatchID (default: start)")
    w.add_argument("--variant", default=None, help="e.g. nackgammon, long-nardy")
    w.add_argument(
        "--turn",
        choices=("white", "black"),
        default=None,
        help="the player on roll in a Position ID (default white)",
    )
    w.add_argument("--svg", metavar="FILE", help="write an SVG picture to FILE ('-': stdout)")
    w.add_argument(
        "--perspective",
        choices=("white", "black"),
        default="white",
        help="the player whose side is at the bottom of the SVG (default white)",
    )
    w.add_argument(
        "--size", type=int, default=None, metavar="PIXELS", help="width of the SVG in pixels"
    )


def run(args: argparse.Namespace) -> int:
    """Run one of :data:`COMMANDS`; returns the exit status."""
    import gammon.svg as svg
    from gammon._core import Position
    from gammon.errors import InvalidInputError, MatchRecordError
    from gammon.files import read_match, write_match
    from gammon.game import Game

    crawford = None if getattr(args, "crawford", None) is None else args.crawford == "on"
    if args.command == "convert":
        rec = read_match(args.input, crawford=crawford)
        write_match(rec, args.output)
        w, b = rec.final_score
        print(f"{args.input} -> {args.output}: {len(rec.games)} games, {w}-{b}")
        return 0
    if args.command == "replay":
        try:
            rec = read_match(args.file, crawford=crawford)
        except MatchRecordError as e:
            print(f"illegal record: {e.located(source=args.file)}")
            return 1
        white, black = rec.names
        kind = "money session" if rec.is_money else f"{rec.length}-point match"
        print(f"{args.file}: {kind}, {white} (White) v {black} (Black)")
        for i, g in enumerate(rec.games, 1):
            w, b = g.score
            result = "unfinished" if g.result is None else str(g.result)
            crawford = " (Crawford)" if g.game.is_crawford_game else ""
            print(f"  game {i}{crawford} at {w}-{b}: {result}")
        w, b = rec.final_score
        print(f"final score {white} {w}, {black} {b}")
        return 0
    if args.command == "serve":
        from gammon._cli_net import is_net, load_net, with_net
        from gammon.serve import serve

        net = load_net(args.net)
        if net is not None and not (is_net(args.policy) or is_net(args.cube)):
            raise InvalidInputError(
                f"--net {args.net}: neither --policy ({args.policy}) nor --cube ({args.cube}) "
                "is net"
            )
        policy, cube = with_net(args.policy, net), with_net(args.cube, net)
        print(
            f"gammon serve: {getattr(policy, 'name', policy)} "
            f"(cube: {getattr(cube, 'name', cube)}) on {args.host}:{args.port} "
            f"(gnubg: set player 0 external {args.host}:{args.port})",
            file=sys.stderr,
        )
        import logging

        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("gammon serve: %(message)s"))
        log = logging.getLogger("gammon.serve")
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
        try:
            serve(
                args.port,
                host=args.host,
                policy=policy,
                cube=cube,
                seed=args.seed,
                max_connections=args.max_connections,
                max_line=args.max_line,
                idle_timeout=args.idle_timeout or None,
                max_output=args.max_output,
            )
        except KeyboardInterrupt:
            return 0
        return 0
    if args.command == "show":
        ident = args.id
        if ident and ":" in ident:
            # A gnubg ID or an XGID: a game, with its cube and dice.
            game = Game.from_id(ident, variant=args.variant, turn=args.turn)
            obj: Any = game
            pos = game.position
        else:
            pos = (
                Position.from_id(ident, args.variant, args.turn)
                if ident
                else Position.start(args.variant, args.turn)
            )
            obj = pos
        if args.svg:
            text = svg.board(obj, perspective=args.perspective, size=args.size)
            if args.svg == "-":
                sys.stdout.write(text)
            else:
                with open(args.svg, "w", encoding="utf-8") as f:
                    f.write(text)
        else:
            print(pos)
        return 0
    raise AssertionError(args.command)  # pragma: no cover
