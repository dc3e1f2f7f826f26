"""The ``gammon`` command line.

``gammon plays [POSITION_ID] [DICE]`` lists the legal plays of a position for a roll (the
starting position and 3-1 by default)::

    $ gammon plays 4HPwATDgc/ABMA 65
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from gammon import GammonError, Position


def _plays(args: argparse.Namespace) -> int:
    if args.position:
        pos = Position.from_id(args.position, variant=args.variant, turn=args.turn)
    else:
        pos = Position.start(args.variant, args.turn)
    plays = pos.legal_plays(args.dice)
    hi, lo = plays.dice
    print(f"{pos.id} ({pos.variant}, {pos.turn} on roll), dice {hi}{lo}: {len(plays)} legal plays")
    if not plays:
        print("  no legal play: the turn passes (MOVE-8)")
    for i, play in enumerate(plays, 1):
        print(f"{i:5}  {play}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for a bad argument).

    Raises nothing: a ``GammonError`` is printed as a message.
    """
    parser = argparse.ArgumentParser(prog="gammon", description="Backgammon by the book.")
    sub = parser.add_subparsers(dest="command", required=True)
    plays = sub.add_parser("plays", help="list the legal plays of a position for a roll")
    plays.add_argument("position", nargs="?", help="gnubg Position ID (default: the start)")
    plays.add_argument("dice", nargs="?", default="31", help="the roll, e.g. 31 (default)")
    plays.add_argument("--variant", default="backgammon", help="e.g. nackgammon")
    plays.add_argument("--turn", default="white", help="the player on roll (white or black)")
    plays.set_defaults(run=_plays)
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except GammonError as e:
        print(f"gammon: {e}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
