"""The ``gammon`` command line: ``gammon rollout``, ``gammon simulate``, ``gammon plays`` and more.

``gammon rollout`` with no option rolls out the opening position of backgammon with a million
pubeval games on every core, with a progress bar, and prints a table of the result;
``gammon rollout --cube net`` plays the games with the doubling cube (a cubeful rollout).
``gammon simulate match LENGTH`` and ``gammon simulate money`` play whole matches or money
games with the cube. ``gammon plays [POSITION] [DICE]`` lists the legal plays of a roll.
``gammon bearoff build`` builds the bear-off databases into the cache directory and prints
where they went. ``convert``, ``replay``, ``serve`` and ``show`` are in
:mod:`gammon.cli_interop`. Run
``gammon COMMAND --help`` for the options of each command.

Exit status: 0 success; 1 an internal error; 2 bad arguments or input (the message names what
was wrong); 130 interrupted by Ctrl-C (a rollout or simulation prints the games finished so
far first); 141 the output pipe was closed early (for example by ``head``), quietly.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any, Callable, Optional

import gammon.cli_analysis as cli_analysis
import gammon.cli_interop as cli_interop
from gammon._cli_net import is_net, load_net, named_net, with_net
from gammon.errors import GammonError, InternalError

__all__ = ["EXIT_CODES", "main"]

EXIT_CODES: dict[int, str] = {
    0: "success",
    1: "internal error (a bug: please report it)",
    2: "bad arguments or input; the message names what was wrong",
    129: "ended by SIGHUP; as 130, with the games finished so far",
    130: "interrupted by Ctrl-C; a rollout or simulation prints the games finished so far",
    141: "the output pipe was closed early (for example by head); nothing more is printed",
    143: "ended by SIGTERM (a batch scheduler's stop); as 130, with the games finished so far",
}
"""The exit statuses of ``gammon``, as its ``--help`` lists them."""

_EPILOG = "exit status:\n" + "\n".join(f"  {code:<4} {text}" for code, text in EXIT_CODES.items())

_ROLL = re.compile(r"^\s*([1-6])\s*[-/ ,]?\s*([1-6])\s*$")
_MAX_SEED = 2**64 - 1


class _Formatter(argparse.HelpFormatter):
    """Wraps descriptions as argparse does, but keeps the exit-status table as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("exit status:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class _Parser(argparse.ArgumentParser):
    """An argument parser with the exit statuses in its help."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs.setdefault("epilog", _EPILOG)
        super().__init__(*args, **kwargs)


def _count(low: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``low`` (and a 64-bit unsigned at most)."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        if value > _MAX_SEED:
            raise argparse.ArgumentTypeError(f"must be at most {_MAX_SEED}, got {value}")
        return value

    parse.__name__ = "count"
    return parse


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
    return value


def _version() -> str:
    from gammon._core import __version__

    return __version__


_POSITION_HELP = (
    "the position: a gnubg Position ID (4HPwATDgc/ABMA), a gnubg ID with its Match ID "
    "(4HPwATDgc/ABMA:cAkAAAAAAAAA) or an XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:"
    "0:0:10); the player on roll, dice and cube of a gnubg ID or XGID are read from it "
    "(default: the starting position)"
)
_VARIANT_HELP = (
    "the game: backgammon (default), nackgammon, hypergammon-1, hypergammon-2, "
    "hypergammon-3 or long-nardy (alias narde); gnubg IDs and XGIDs are backgammon only"
)


def _add_position_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--variant", metavar="NAME", default=None, help=_VARIANT_HELP + " (default: backgammon)"
    )
    p.add_argument(
        "--turn",
        choices=("white", "black"),
        default=None,
        help="the player on roll in a Position ID (default white; a gnubg ID or XGID says)",
    )


def _add_run_options(p: argparse.ArgumentParser, unit: str) -> None:
    p.add_argument(
        "--seed",
        type=_count(0),
        default=None,
        metavar="N",
        help="master seed, 0 .. 2**64-1: the same seed replays the same "
        f"{unit} (default: a random one, printed with the result)",
    )
    p.add_argument(
        "--threads",
        type=_count(1),
        default=None,
        metavar="N",
        help="worker threads (default: one per core; the result does not depend on it)",
    )
    p.add_argument(
        "--chunk-size",
        type=_count(1),
        default=None,
        metavar="N",
        help=f"{unit} per unit of work, progress update and stop check (the result does not "
        "depend on it)",
    )
    p.add_argument(
        "--max-seconds",
        type=_positive_float,
        default=None,
        metavar="S",
        help=f"stop after S seconds, keeping the {unit} finished",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    parser = _Parser(
        prog="gammon",
        description="Backgammon and Long Nardy by the book, fast. "
        "Run `gammon COMMAND --help` for the options of a command.",
    )
    parser.add_argument(
        "--version", action="version", version=f"gammon {_version()}", help="print the version"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands: dict[str, argparse.ArgumentParser] = {}

    r = sub.add_parser(
        "rollout",
        help="play many games from a position and print the outcome shares and equity",
        description=(
            "Play many games from a position with a built-in policy and print the outcome "
            "shares and the cubeless equity. The equity is printed as 'E ± H (95%)': H is "
            "the half-width of the 95% confidence interval (1.96 standard errors); the "
            "standard error itself is printed too. Ctrl-C stops early and prints the games "
            "finished so far; --checkpoint FILE keeps the rollout's state in FILE (written "
            "atomically every --checkpoint-every seconds and at the end), so that a killed "
            "rollout continues where it stopped when run again or with --resume FILE. "
            "--plays ID DICE rolls out every play of a roll on common dice and ranks them."
        ),
    )
    commands["rollout"] = r
    r.add_argument("--position", metavar="ID", help=_POSITION_HELP)
    _add_position_options(r)
    r.add_argument(
        "--games",
        type=_count(1),
        default=None,
        metavar="N",
        help="games to play, at least 1 (default 1000000; with --resume: the checkpoint's "
        "games, and more to extend it; with --plays: 1296 a play)",
    )
    r.add_argument(
        "--policy",
        default=None,
        metavar="NAME",
        help="the checker play of the player on roll: random, pubeval (default; net for "
        "long-nardy), heuristic (stronger than pubeval, about 55%% of its speed; for "
        "long-nardy a hand-made policy of its own), bearoff (the heuristic, named for its "
        "perfect bear-off play) or net (gammon's neural net at 0 ply, backgammon and "
        "long-nardy)",
    )
    r.add_argument(
        "--opponent-policy",
        default=None,
        metavar="NAME",
        help="the opponent's checker play (default: the same as --policy)",
    )
    r.add_argument(
        "--net",
        metavar="FILE",
        default=None,
        help="a weights file of gammon's nets (.gnet, as gammon-train writes them): net "
        "means these nets instead of the shipped ones, as the policy (--policy then defaults "
        "to net), the --evaluator and the --cube policy",
    )
    opening = r.add_mutually_exclusive_group()
    opening.add_argument(
        "--opening",
        dest="opening",
        action="store_true",
        default=None,
        help="the first roll is an opening roll, never a double (BG-10); the default for "
        "the starting position of a backgammon variant",
    )
    opening.add_argument(
        "--no-opening",
        dest="opening",
        action="store_false",
        help="the player on roll rolls any of the 36 rolls first (the default for any other "
        "position)",
    )
    r.add_argument(
        "--no-quasi-random",
        dest="quasi_random",
        action="store_false",
        help="plain random dice throughout. By default the first two rolls are stratified "
        "(quasi-random): every 36 games cover each first roll once (15 for an opening, with "
        "no doubles) and every 1296 each pair of first and second rolls, which lowers the "
        "variance of the result without biasing it",
    )
    r.add_argument(
        "--target-std-error",
        type=_positive_float,
        default=None,
        metavar="E",
        help="stop once the equity's standard error is at most E (checked after 1296 games)",
    )
    r.add_argument(
        "--end-variant",
        choices=("mars", "oin"),
        default=None,
        help="Long Nardy: mars (default; a Mars scores 2) or oin (every win scores 1), LN-34",
    )
    r.add_argument(
        "--koks",
        choices=("off", "no_checker_home", "checker_in_start_quarter"),
        default=None,
        help="Long Nardy: the optional Koks of LN-35 (default off)",
    )
    r.add_argument(
        "--last-roll",
        action="store_true",
        help="Long Nardy: Black's extra last roll and the draw of LN-37",
    )
    r.add_argument(
        "--truncate",
        choices=("none", "bearoff", "bearoff-one-sided"),
        default=None,
        help="bearoff: settle each game at its exact bear-off value once both sides are home "
        "in the two-sided table; bearoff-one-sided: at any bear-off (gnubg-like estimate); "
        "none (default): play every game out",
    )
    r.add_argument(
        "--truncate-after",
        metavar="N",
        type=int,
        default=None,
        help="settle each game still going after N turns at the evaluator's value "
        "(a truncated rollout; default: play on)",
    )
    r.add_argument(
        "--variance-reduction",
        action="store_true",
        default=None,
        help="take the luck of each roll, measured by the evaluator, off each game's points "
        "(gnubg's variance reduction: same mean, smaller standard error)",
    )
    r.add_argument(
        "--evaluator",
        choices=("bearoff", "net"),
        default=None,
        help="the evaluator of --truncate-after and --variance-reduction: bearoff (default: "
        "exact in bear-offs, a pip-count estimate elsewhere) or net (gammon's neural net)",
    )
    r.add_argument(
        "--cube",
        metavar="NAME",
        default=None,
        help="a cubeful rollout: money games with the doubling cube in play for both sides, "
        "decided by the cube policy NAME: net (the net's probabilities by Janowski's "
        "formula), race (the Keith count in races) or never; prints the cubeful equity per "
        "initial cube and how often doubles and drops happened. The cube of a gnubg ID or "
        "XGID is the starting cube unless --cube-value/--cube-owner say otherwise",
    )
    r.add_argument(
        "--cube-value",
        type=_count(1),
        default=None,
        metavar="N",
        help="with --cube: the cube value every game starts with, a power of two (default 1)",
    )
    r.add_argument(
        "--cube-owner",
        choices=("centre", "white", "black"),
        default=None,
        help="with --cube: who owns the cube at the start (default centre)",
    )
    r.add_argument("--jacoby", action="store_true", help="with --cube: the Jacoby rule (MONEY-2)")
    r.add_argument(
        "--beavers", action="store_true", help="with --cube: a doubled player may beaver (CUBE-12)"
    )
    r.add_argument(
        "--checkpoint",
        metavar="FILE",
        default=None,
        help="keep the rollout's state in FILE (JSON with an integrity check), written "
        "atomically every --checkpoint-every seconds, on Ctrl-C and at the end; if FILE "
        "exists, continue it (the same options are needed). With --plays: the state of the "
        "plays' rollouts, continued by the same --plays command",
    )
    r.add_argument(
        "--checkpoint-every",
        type=_positive_float,
        default=None,
        metavar="S",
        help="seconds between checkpoint writes (default 60)",
    )
    r.add_argument(
        "--resume",
        metavar="FILE",
        default=None,
        help="continue the rollout of the checkpoint FILE with its position, seed, dice and "
        "policies, writing its state back to FILE (or to --checkpoint)",
    )
    r.add_argument(
        "--plays",
        nargs=2,
        metavar=("ID", "DICE"),
        default=None,
        help="roll out every legal play of DICE in the position ID on common dice and rank "
        "them, best first, with each play's loss and its standard error (a play that ends "
        "the game is worth its result exactly; --checkpoint and --scheduler apply)",
    )
    r.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="run the games on a Dask cluster (tcp://host:8786; needs gammon[dask])",
    )
    _add_run_options(r, "games")

    s = sub.add_parser(
        "simulate",
        help="play whole matches or money games with the cube and print the result",
        description="Play whole matches (`gammon simulate match LENGTH`) or money games "
        "(`gammon simulate money`) between two players, in Rust on every core, with the cube. "
        "A player is a checker policy (random, pubeval, heuristic, net) and a cube policy "
        "(never: never doubles, always takes; race: the Keith count in races; net: the net's "
        "probabilities by Janowski's cube-life formula), written CHECKER+CUBE, e.g. "
        "pubeval+race or net+net; a CHECKER alone takes its own cube policy (net: net) or "
        "never doubles (the others). The result is from the first player's side, with "
        "'± H (95%)' the half-width of the 95% confidence interval.",
    )
    commands["simulate"] = s
    kinds = s.add_subparsers(dest="kind", metavar="KIND", parser_class=_Parser)
    kinds.required = True
    m = kinds.add_parser(
        "match",
        help="matches to LENGTH points: the first player's share of match wins",
        description="Play matches to LENGTH points and print the first player's share of "
        "match wins. Every game starts with an opening roll (BG-10); the Crawford rule "
        "applies (MATCH-3) unless --no-crawford; gammons count (MATCH-2).",
    )
    commands["simulate match"] = m
    m.add_argument("length", type=_count(1), metavar="LENGTH", help="the match length in points")
    m.add_argument(
        "--matches",
        type=_count(1),
        default=1000,
        metavar="N",
        help="matches to play, at least 1 (default 1000)",
    )
    m.add_argument("--no-crawford", dest="crawford", action="store_false", help="no Crawford rule")
    mo = kinds.add_parser(
        "money",
        help="money games: the first player's points per game",
        description="Play independent money games and print the first player's average "
        "points per game. Every game starts with an opening roll (BG-10); the money "
        "options below follow the cube rules of the spec (MONEY-2, CUBE-12, CUBE-13, BG-11).",
    )
    commands["simulate money"] = mo
    mo.add_argument(
        "--games",
        type=_count(1),
        default=100_000,
        metavar="N",
        help="games to play, at least 1 (default 100000)",
    )
    mo.add_argument("--jacoby", action="store_true", help="the Jacoby rule (MONEY-2)")
    mo.add_argument("--beavers", action="store_true", help="a doubled player may beaver (CUBE-12)")
    mo.add_argument(
        "--raccoons",
        action="store_true",
        help="the doubler may answer a beaver with a raccoon (CUBE-13; needs --beavers)",
    )
    mo.add_argument(
        "--auto-doubles",
        type=_count(0),
        default=0,
        metavar="N",
        help="ties of the opening roll double the cube, at most N times (BG-11; default 0)",
    )
    for p in (m, mo):
        p.add_argument(
            "--player",
            default="pubeval+race",
            metavar="CHECKER+CUBE",
            help="the first player, who plays White (default pubeval+race)",
        )
        p.add_argument(
            "--opponent",
            default=None,
            metavar="CHECKER+CUBE",
            help="the second player (default: the same as --player)",
        )
        p.add_argument(
            "--variant",
            metavar="NAME",
            default=None,
            help="backgammon (default), nackgammon or hypergammon-1/2/3",
        )
        p.add_argument(
            "--max-cube",
            type=_count(1),
            default=None,
            metavar="N",
            help="the cube's cap, a power of two (CUBE-10; default 64)",
        )
        p.add_argument("--no-cube", action="store_true", help="play without the cube (CUBE-2)")
        _add_run_options(p, "matches" if p is m else "games")

    pl = sub.add_parser(
        "plays",
        help="list the legal plays of a position for a roll",
        description="List the legal plays of a position for a roll, one per distinct "
        "resulting position (MOVE-9), in gnubg's notation. The arguments are told apart by "
        "their form: a roll is two digits 1-6 (31, 3-1, '3 1'); anything else is a position. "
        "`gammon plays 31` lists the plays of 3-1 at the start; `gammon plays ID 64` those of "
        "6-4 in the position ID.",
    )
    commands["plays"] = pl
    pl.add_argument(
        "args",
        nargs="*",
        metavar="POSITION|DICE",
        help="a position (see --position) and/or a roll, in either order (default: the "
        "start, and the dice of a gnubg ID or XGID that has them, else 31)",
    )
    pl.add_argument("--position", metavar="ID", default=None, help=_POSITION_HELP)
    pl.add_argument(
        "--dice", metavar="DICE", default=None, help="the roll, e.g. 31 (default: see above)"
    )
    _add_position_options(pl)

    h = sub.add_parser(
        "hint",
        help="the cube decision, or the legal plays of a roll ranked by the net",
        description="With a roll: rank the legal plays of a position for the player on roll, "
        "as gammon's neural net values them (gammon.hint), at 0 ply (the net alone) or "
        "searched 1 or 2 plies deep; for a gnubg ID or XGID, which carry the cube and the "
        "score, by their cubeful equity at the score (money equity with the cube, match "
        "winning chances in a match), with the cubeless equity beside it. Without a roll "
        "(and none in the ID): the cube decision of the player on roll (gammon.cube_decision: "
        "no double, double/take, double/pass and the proper action) when they may double or "
        "a double awaits an answer. Exact bear-off values where the databases cover the "
        "position. Arguments as for `gammon plays`: a roll is two digits 1-6, anything else is "
        "a position.",
    )
    commands["hint"] = h
    h.add_argument(
        "args",
        nargs="*",
        metavar="POSITION|DICE",
        help="a position (see --position) and/or a roll, in either order (default: the "
        "start; the dice of a gnubg ID or XGID that has them)",
    )
    h.add_argument("--position", metavar="ID", default=None, help=_POSITION_HELP)
    h.add_argument(
        "--dice", metavar="DICE", default=None, help="the roll, e.g. 31 (default: see above)"
    )
    h.add_argument(
        "--plies",
        type=int,
        choices=(0, 1, 2),
        default=0,
        help="search depth: 0 (default; the net alone), 1 or 2",
    )
    h.add_argument(
        "--top", type=_count(1), default=None, metavar="N", help="print the best N plays only"
    )
    h.add_argument(
        "--cubeless",
        action="store_true",
        help="rank the plays by cubeless equity even for an ID with a cube and a score",
    )
    h.add_argument(
        "--net",
        metavar="FILE",
        default=None,
        help="value the plays with the nets of this weights file (.gnet) instead of the "
        "shipped ones",
    )
    _add_position_options(h)

    b = sub.add_parser(
        "bearoff",
        help="the bear-off databases",
        description="The bear-off databases: `gammon bearoff build` builds them ahead of time.",
    )
    commands["bearoff"] = b
    bsub = b.add_subparsers(dest="bearoff_command", metavar="ACTION")
    bb = bsub.add_parser(
        "build",
        help="build the bear-off databases ahead of time",
        description=(
            "Build (or check) the bear-off databases in the cache directory "
            "($GAMMON_CACHE_DIR, else the user's cache directory) and print where they went "
            "and how big they are. A file that fails its checksum is rebuilt."
        ),
    )
    commands["bearoff build"] = bb
    bb.add_argument(
        "--two-sided",
        type=int,
        default=None,
        metavar="N",
        help="also build the two-sided table of N checkers a side (1-10; the default size "
        "is 8, or $GAMMON_BEAROFF_CHECKERS)",
    )
    cli_interop.add_parsers(sub)
    cli_analysis.add_parsers(sub)
    for name in cli_interop.COMMANDS + cli_analysis.COMMANDS:
        commands[name] = sub.choices[name]
    return parser, commands


# -- positions --------------------------------------------------------------------------------


def _is_roll(text: str) -> bool:
    return _ROLL.match(text) is not None


def _roll(text: str) -> tuple[int, int]:
    m = _ROLL.match(text)
    if m is None:
        from gammon.errors import InvalidDiceError

        raise InvalidDiceError(f"{text!r} is not a roll: write two dice 1-6, e.g. 31 or 3-1")
    return (int(m.group(1)), int(m.group(2)))


def _read_position(
    text: Optional[str], variant: Optional[str], turn: Optional[str]
) -> tuple[Any, Optional[tuple[int, int]]]:
    """The position ``text`` names (a Position ID, a gnubg ID or an XGID) and its dice."""
    from gammon._core import Position

    if text is None:
        return Position.start(variant, turn or "white"), None
    game = _id_game(text, variant, turn)
    return game.position, game.dice


def _id_game(text: str, variant: Optional[str], turn: Optional[str]) -> Any:
    """The game a Position ID, a gnubg ID (PositionID:MatchID) or an XGID describes."""
    from gammon.game import Game

    return Game.from_id(text, variant=variant, turn=turn)


# -- commands ---------------------------------------------------------------------------------


def _bearoff(args: argparse.Namespace) -> int:
    import gammon.bearoff as bearoff

    if args.bearoff_command != "build":
        print("usage: gammon bearoff build [--two-sided N]", file=sys.stderr)
        return 2
    for t in bearoff.build(args.two_sided):
        where = t.path or "memory only (no cache directory)"
        how = t.origin + (f" in {t.build_seconds:.1f} s" if t.build_seconds else "")
        print(f"{t.kind} ({t.size}): {where}, {t.bytes:,} bytes, {how}")
        if t.write_error:
            print(f"  could not write the file: {t.write_error}", file=sys.stderr)
    return 0


def _position_and_dice(args: argparse.Namespace, command: str) -> tuple[Any, tuple[int, int]]:
    position_text, dice_text = _split_args(args, command)
    pos, id_dice = _read_position(position_text, args.variant, args.turn)
    dice = _roll(dice_text) if dice_text is not None else (id_dice or (3, 1))
    return pos, dice


def _split_args(args: argparse.Namespace, command: str) -> tuple[Optional[str], Optional[str]]:
    """The position text and the roll text of ``gammon plays``/``hint`` arguments."""
    from gammon.errors import InvalidInputError

    position_text = args.position
    dice_text = args.dice
    for a in args.args:
        if _is_roll(a) and dice_text is None:
            dice_text = a
        elif position_text is None and not _is_roll(a):
            position_text = a
        else:
            raise InvalidInputError(
                f"gammon {command} takes one position and one roll; {a!r} is one too many"
            )
    return position_text, dice_text


def _hint(args: argparse.Namespace) -> int:
    from gammon.net import hint

    position_text, dice_text = _split_args(args, "hint")
    game = None if position_text is None else _id_game(position_text, args.variant, args.turn)
    if game is not None:
        pos, dice = game.position, game.dice
    else:
        pos, dice = _read_position(position_text, args.variant, args.turn)
    if dice_text is not None:
        dice = _roll(dice_text)
    net = load_net(args.net)
    if dice is None:
        return _cube_hint(pos, game, args.plies, net)
    # A bare Position ID has no cube or score: its plays are ranked cubeless.
    has_stakes = position_text is not None and (
        ":" in position_text or position_text.strip()[:5].upper() == "XGID="
    )
    at_score = game is not None and has_stakes and not args.cubeless
    if at_score:
        hints = hint(game, dice, plies=args.plies, net=net)
    else:
        hints = hint(pos, dice, plies=args.plies, net=net)
    hi, lo = max(dice), min(dice)
    print(pos)
    if at_score:
        assert game is not None
        where = "money" if game.is_money else str(game.match)
        what = f"cubeful equity at the score ({where}, cube {game.cube.value})"
    else:
        what = "cubeless equity"
    print(
        f"dice {hi}{lo}: {len(hints)} legal play{'s' if len(hints) != 1 else ''}, "
        f"{what} for the player on roll at {args.plies} ply"
    )
    if not hints:
        print("  no legal play: the turn passes (MOVE-8)")
        return 0
    probs = " ".join(f"{h:>5}" for h in ("win", "w g", "w bg", "l g", "l bg"))

    def key(h: Any) -> float:
        return float(h.cubeful_equity) if at_score else float(h.equity)

    best = key(hints[0])
    match_play = at_score and hints[0].evaluation.match_winning_chance is not None
    head = "EMG" if match_play else "equity"
    extra = (
        f" {'MWC':>6} {'cubeless':>8}" if match_play else (f" {'cubeless':>8}" if at_score else "")
    )
    print(f"{'':5}  {'play':<28} {head:>7} {'diff':>7}{extra}   {probs}")
    for i, h in enumerate(hints[: args.top] if args.top else hints, 1):
        e = h.evaluation
        diff = "" if i == 1 else f"{key(h) - best:+.3f}"
        mark = "" if e.source == "net" else " (bear-off, exact)"
        cols = ""
        if match_play and e.match_winning_chance is not None:
            cols = f" {100 * e.match_winning_chance:5.1f}% {h.equity:+8.3f}"
        elif at_score:
            cols = f" {h.equity:+8.3f}"
        print(
            f"{i:5}  {h.play!s:<28} {key(h):+.3f} {diff:>7}{cols}   {e.win:5.3f} "
            f"{e.win_gammon:5.3f} {e.win_backgammon:5.3f} {e.lose_gammon:5.3f} "
            f"{e.lose_backgammon:5.3f}{mark}"
        )
    return 0


def _cube_hint(pos: Any, game: Any, plies: int, net: Any) -> int:
    """``gammon hint`` without dice: the cube decision, when there is one to make."""
    from gammon._core import Variant
    from gammon.errors import InvalidDiceError
    from gammon.net import cube_decision

    if game is None:
        if pos.variant == Variant.LONG_NARDY:
            raise InvalidDiceError(
                "give the roll (for example `gammon hint ID 31`): Long Nardy has no cube "
                "decision (LN-38)"
            )
        decision = cube_decision(pos, plies=plies, net=net)
    else:
        pending = game.cube.offer is not None
        if not (pending or game.can_double()):
            raise InvalidDiceError(
                "give the roll (for example `gammon hint ID 31`): the player on roll cannot "
                "double here (the cube is not theirs, the Crawford game, a dead cube, or the "
                "dice are rolled), so there is no cube decision to make"
            )
        decision = cube_decision(game, plies=plies, net=net)
    print(pos)
    print(decision)
    return 0


def _plays(args: argparse.Namespace) -> int:
    pos, dice = _position_and_dice(args, "plays")
    plays = pos.legal_plays(dice)
    hi, lo = plays.dice
    print(pos)
    print(f"dice {hi}{lo}: {len(plays)} legal play{'s' if len(plays) != 1 else ''}")
    if not plays:
        print("  no legal play: the turn passes (MOVE-8)")
    for i, play in enumerate(plays, 1):
        print(f"{i:5}  {play}")
    return 0


def _summary(result: Any) -> dict[str, Any]:
    lo, hi = result.ci95
    return {
        "position": result.position.id,
        "variant": result.variant.canonical_name,
        "opening": result.opening,
        "policies": list(result.policies),
        "seed": result.seed,
        "games": result.games_completed,
        "games_requested": result.games_requested,
        "interrupted": result.interrupted,
        "stop_reason": result.stop_reason,
        "threads": result.threads,
        "seconds": result.elapsed,
        "games_per_second": result.games_per_second,
        "win": result.win,
        "win_gammon": result.win_gammon,
        "win_backgammon": result.win_backgammon,
        "lose": result.lose,
        "lose_gammon": result.lose_gammon,
        "lose_backgammon": result.lose_backgammon,
        "draws": result.draws,
        "shares": result.shares,
        "equity": result.equity,
        "std_error": result.std_error,
        "ci95": [lo, hi],
        "mean_plies": result.mean_plies,
        "truncate": result.truncate,
        "truncate_after": result.truncate_after,
        "variance_reduction": result.variance_reduction,
        "evaluator": result.evaluator,
        "settled": result.settled,
        "checkpoint": result.to_dict(),
    }


def _given(*flags: tuple[str, object]) -> list[str]:
    """The flags of ``(flag, value)`` pairs that were given (value not None), in order."""
    return [flag for flag, value in flags if value is not None]


def _rank_plays(args: argparse.Namespace, run_options: dict[str, Any]) -> int:
    from gammon.compare import rank_plays
    from gammon.errors import InvalidInputError

    pos_text, dice_text = args.plays
    position, _ = _read_position(pos_text, args.variant, args.turn)
    policy: Any = args.policy
    net = load_net(args.net)
    if net is not None:
        if not is_net(args.policy or "net") and not is_net(args.evaluator):
            raise InvalidInputError(
                f"--net {args.net}: neither --policy ({args.policy}) nor --evaluator is net"
            )
        policy = with_net(args.policy or "net", net)
    ranked = rank_plays(
        position,
        _roll(dice_text),
        args.games or 1296,
        policy=policy,
        seed=args.seed,
        threads=args.threads,
        quasi_random=args.quasi_random,
        truncate=args.truncate,
        truncate_after=args.truncate_after,
        variance_reduction=bool(args.variance_reduction),
        evaluator=with_net(args.evaluator, net),
        nardy=_nardy_settings(args),
        progress=run_options["progress"],
        executor=run_options.get("executor"),
        checkpoint=args.checkpoint,
        **({} if args.checkpoint_every is None else {"checkpoint_every": args.checkpoint_every}),
    )
    rolled = [r.result for r in ranked if r.result is not None]
    interrupted = any(r.interrupted for r in rolled)
    if args.json:
        rows = [
            {
                "play": str(r.play),
                "equity": r.equity,
                "std_error": r.std_error,
                "loss": r.loss,
                "loss_std_error": r.loss_std_error,
                "games": 0 if r.result is None else r.result.games_completed,
                "seed": None if r.result is None else r.result.seed,
                "ends_game": None if r.ending is None else str(r.ending),
            }
            for r in ranked
        ]
        print(json.dumps(rows, indent=2))
        return 130 if interrupted else 0
    if rolled:
        first = rolled[0]
        how = f"{first.games_completed:,} games each on common dice, seed {first.seed}"
        if first.variance_reduction:
            how += f", the luck of the dice taken off by the {first.evaluator} evaluator"
        if first.truncate_after is not None:
            how += f", cut after {first.truncate_after} turns at the {first.evaluator} evaluator"
    else:
        how = "every play ends the game: nothing rolled out"
    print(f"plays of {dice_text} in {position.id}: {how}")
    print(f"{'':4}{'play':<24}{'equity':>9}{'error':>8}{'loss':>9}{'error':>8}")
    for i, r in enumerate(ranked, 1):
        note = "" if r.ending is None else f"  ends the game: {r.ending}"
        print(
            f"{i:>3} {r.play!s:<24}{r.equity:>+9.4f}{r.std_error:>8.4f}"
            f"{-r.loss:>+9.4f}{r.loss_std_error:>8.4f}{note}"
        )
    return 130 if interrupted else 0


def _nardy_settings(args: argparse.Namespace) -> Any:
    """The Long Nardy settings of --end-variant, --koks and --last-roll (None without them)."""
    if args.end_variant is None and args.koks is None and not args.last_roll:
        return None
    from gammon.nardy import NardySettings

    return NardySettings(
        end_variant=args.end_variant or "mars",
        koks=args.koks or "off",
        last_roll=args.last_roll,
    )


def _rollout(args: argparse.Namespace) -> int:
    from gammon._core import CubefulRolloutResult
    from gammon.checkpoint import read_checkpoint
    from gammon.errors import InvalidInputError
    from gammon.rollout import rollout

    run_options: dict[str, Any] = {
        "threads": args.threads,
        "max_seconds": args.max_seconds,
        "target_std_error": args.target_std_error,
        "progress": not args.quiet,
    }
    if args.chunk_size is not None:
        run_options["chunk_size"] = args.chunk_size
    if args.checkpoint_every is not None:
        run_options["checkpoint_every"] = args.checkpoint_every
    cube_flags = _given(
        ("--cube-value", args.cube_value),
        ("--cube-owner", args.cube_owner),
        ("--jacoby", args.jacoby or None),
        ("--beavers", args.beavers or None),
    )
    if args.cube is None and cube_flags:
        raise InvalidInputError(
            f"{', '.join(cube_flags)} apply to cubeful rollouts: add --cube NAME"
        )
    if args.cube is not None and (args.plays is not None or args.resume is not None):
        raise InvalidInputError(
            "--cube does not combine with --plays or --resume: plays are ranked, and "
            "checkpoints kept, for cubeless rollouts only"
        )
    if args.plays is not None and (args.position is not None or args.resume is not None):
        raise InvalidInputError(
            "--plays names its own position; it takes no --position, and no --resume: run the "
            "same --plays command with --checkpoint FILE again to continue its rollouts"
        )
    if args.scheduler is not None:
        try:
            import distributed
        except ImportError:
            raise InvalidInputError("--scheduler needs Dask: pip install 'gammon[dask]'") from None
        run_options["executor"] = distributed.Client(args.scheduler)  # type: ignore[no-untyped-call]
    if args.plays is not None:
        ignored = _given(
            ("--opponent-policy", args.opponent_policy),
            ("--opening/--no-opening", args.opening),
            ("--max-seconds", args.max_seconds),
            ("--target-std-error", args.target_std_error),
        )
        if ignored:
            raise InvalidInputError(
                f"--plays does not take {', '.join(ignored)}: the plays are rolled out with "
                "--policy for both sides, each for --games games"
            )
        return _rank_plays(args, run_options)
    if args.resume is not None:
        fixed = _given(
            ("--position", args.position),
            ("--variant", args.variant),
            ("--turn", args.turn),
            ("--policy", args.policy),
            ("--opponent-policy", args.opponent_policy),
            ("--seed", args.seed),
            ("--opening/--no-opening", args.opening),
            ("--no-quasi-random", None if args.quasi_random else True),
            ("--end-variant", args.end_variant),
            ("--koks", args.koks),
            ("--last-roll", args.last_roll or None),
            ("--truncate", args.truncate),
            ("--truncate-after", args.truncate_after),
            ("--variance-reduction", args.variance_reduction),
            ("--evaluator", args.evaluator),
        )
        if fixed:
            raise InvalidInputError(
                f"--resume keeps the checkpoint's setup; do not pass {', '.join(fixed)}"
            )
        saved = read_checkpoint(args.resume)
        before = saved.result
        if isinstance(before, CubefulRolloutResult):
            raise InvalidInputError(
                f"--resume: {args.resume} holds a cubeful rollout; continue it with the "
                "command that started it (its --cube options and --checkpoint FILE)"
            )
        if not hasattr(before, "policies"):  # a simulation's or a comparison's checkpoint
            raise InvalidInputError(
                f"--resume: {args.resume} holds a {type(before).__name__}, not a rollout; "
                "continue it with the command that started it (and --checkpoint FILE)"
            )
        from gammon.policies import BUILTIN_POLICIES

        net = load_net(args.net)
        for p in before.policies:
            if net is not None and p == net.name:
                continue
            if p.startswith("net:"):
                raise InvalidInputError(
                    f"--resume: the checkpoint was played by the nets {p!r}: pass their "
                    "weights file as --net FILE"
                    + (f" (--net {args.net} holds {net.name!r})" if net is not None else "")
                )
            if p not in BUILTIN_POLICIES:
                raise InvalidInputError(
                    f"--resume: the checkpoint was played by the Python policy {p!r}, which "
                    "the command line cannot load"
                )
        if before.evaluator is not None and before.evaluator.startswith("net:"):
            if net is None or net.name != before.evaluator:
                raise InvalidInputError(
                    f"--resume: the checkpoint was evaluated by the nets {before.evaluator!r}: "
                    "pass their weights file as --net FILE"
                )
        if net is not None:
            if net.name not in (*before.policies, before.evaluator):
                raise InvalidInputError(
                    f"--resume: --net {args.net} holds {net.name!r}, which the checkpoint's "
                    f"policies {list(before.policies)} and evaluator do not name"
                )
        resumed = tuple(named_net(p, net) for p in before.policies)
        games = args.games if args.games is not None else saved.games
        if not args.quiet and not args.json:
            print(
                f"resuming {before.describe()} after {before.games_completed:,} of {games:,} games",
                file=sys.stderr,
            )
        result = rollout(
            before.position,
            games,
            policy=(resumed[0], resumed[1]),
            seed=before.seed,
            opening=before.opening,
            quasi_random=before.quasi_random,
            nardy=before.nardy,
            truncate=before.truncate,
            truncate_after=before.truncate_after,
            variance_reduction=before.variance_reduction,
            evaluator=named_net(before.evaluator, net),
            first_game=saved.first_game,
            checkpoint=args.checkpoint or args.resume,
            **run_options,
        )
    else:
        games = args.games if args.games is not None else 1_000_000
        position, _dice = _read_position(args.position, args.variant, args.turn)
        policy: Any = args.policy
        net = load_net(args.net)
        if args.opponent_policy is not None or net is not None:
            from gammon.policies import default_policy

            default = "net" if net is not None else default_policy(position.variant)
            mine = args.policy or default
            pair = (mine, args.opponent_policy or mine)
            policy = pair
            if net is not None:
                uses = [*pair, args.evaluator, args.cube]
                if not any(is_net(u) for u in uses):
                    raise InvalidInputError(
                        f"--net {args.net}: neither side plays the policy net "
                        f"(--policy {pair[0]}, --opponent-policy {pair[1]}) and neither "
                        "--evaluator nor --cube is net"
                    )
                policy = tuple(with_net(p, net) for p in pair)
        if not args.quiet and not args.json:
            print(
                f"rolling out {position.id} ({position.variant.canonical_name}), {games:,} games",
                file=sys.stderr,
            )
        nardy = _nardy_settings(args)
        if args.checkpoint is not None:
            run_options["checkpoint"] = args.checkpoint
        if args.cube is not None:
            run_options.update(_cube_options(args))
            run_options["cube"] = with_net(run_options["cube"], net)
        result = rollout(
            position,
            games,
            policy=policy,
            seed=args.seed,
            opening=args.opening,
            quasi_random=args.quasi_random,
            nardy=nardy,
            truncate=args.truncate,
            truncate_after=args.truncate_after,
            variance_reduction=bool(args.variance_reduction),
            evaluator=with_net(args.evaluator, net),
            **run_options,
        )
    if args.json:
        summary = _summary(result) if args.cube is None else _cubeful_summary(result)
        print(json.dumps(summary, indent=2))
    else:
        print(result)
    return 130 if result.interrupted else 0


def _cube_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return the cube arguments of a cubeful rollout.

    The cube policy, the starting cube (from the options, else from a gnubg ID or XGID, else 1
    centred) and the money options.
    """
    from gammon._core import CubeRules

    value, owner = args.cube_value, args.cube_owner
    game = None if args.position is None else _id_game(args.position, args.variant, args.turn)
    if game is not None:
        if value is None:
            value = game.cube.value
        if owner is None and game.cube.owner is not None:
            owner = str(game.cube.owner)
    return {
        "cube": args.cube,
        "cube_value": value,
        "cube_owner": owner,
        "cube_rules": CubeRules(jacoby=args.jacoby, beavers=args.beavers),
    }


def _cubeful_summary(result: Any) -> dict[str, Any]:
    lo, hi = result.ci95
    return {
        "position": result.position.id,
        "variant": result.position.variant.canonical_name,
        "opening": result.opening,
        "policies": list(result.policies),
        "cube_policies": list(result.cube_policies),
        "cube_value": result.cube_value,
        "cube_owner": None if result.cube_owner is None else str(result.cube_owner),
        "jacoby": result.cube_rules.jacoby,
        "beavers": result.cube_rules.beavers,
        "seed": result.seed,
        "games": result.games_completed,
        "games_requested": result.games_requested,
        "interrupted": result.interrupted,
        "stop_reason": result.stop_reason,
        "threads": result.threads,
        "seconds": result.elapsed,
        "games_per_second": result.games_per_second,
        "win": result.win,
        "win_gammon": result.win_gammon,
        "win_backgammon": result.win_backgammon,
        "lose": result.lose,
        "lose_gammon": result.lose_gammon,
        "lose_backgammon": result.lose_backgammon,
        "won_by_drop": result.won_by_drop,
        "lost_by_drop": result.lost_by_drop,
        "doubled": result.doubled,
        "doubles_per_game": result.doubles_per_game,
        "mean_cube": result.mean_cube,
        "points_per_game": result.points_per_game,
        "equity": result.equity,
        "std_error": result.std_error,
        "ci95": [lo, hi],
        "mean_plies": result.mean_plies,
    }


def _player(text: str) -> Any:
    from gammon.policies import Player

    checker, _, cube = text.partition("+")
    return Player(checker.strip(), cube.strip() or None)


def _simulate(args: argparse.Namespace) -> int:
    from gammon._core import CubeRules
    from gammon.simulate import simulate_match, simulate_money

    first = _player(args.player)
    players = (first, first if args.opponent is None else _player(args.opponent))
    rules: dict[str, Any] = {"enabled": not args.no_cube}
    if args.max_cube is not None:
        rules["max_cube"] = args.max_cube
    options: dict[str, Any] = {
        "players": players,
        "seed": args.seed,
        "threads": args.threads,
        "variant": args.variant,
        "max_seconds": args.max_seconds,
        "progress": not args.quiet,
    }
    if args.chunk_size is not None:
        options["chunk_size"] = args.chunk_size
    summary: dict[str, Any]
    if args.kind == "match":
        result: Any = simulate_match(
            args.length,
            matches=args.matches,
            crawford=args.crawford,
            cube_rules=CubeRules(**rules),
            **options,
        )
        summary = {
            "kind": "match",
            "length": result.length,
            "crawford": result.crawford,
            "matches": result.matches_completed,
            "matches_requested": result.matches_requested,
            "wins": list(result.wins),
            "win": result.win,
            "std_error": result.std_error,
            "ci95": list(result.ci95),
            "games": result.games,
        }
    else:
        rules.update(
            jacoby=args.jacoby,
            beavers=args.beavers,
            raccoons=args.raccoons,
            auto_doubles=args.auto_doubles,
        )
        result = simulate_money(args.games, cube_rules=CubeRules(**rules), **options)
        summary = {
            "kind": "money",
            "games": result.games_completed,
            "games_requested": result.games_requested,
            "points_per_game": result.points_per_game,
            "std_error": result.std_error,
            "ci95": list(result.ci95),
            "net_points": result.net_points,
            "mean_cube": result.mean_cube,
            "counts": result.counts,
        }
    if args.json:
        summary.update(
            players=list(result.names),
            variant=result.variant.canonical_name,
            seed=result.seed,
            threads=result.threads,
            seconds=result.elapsed,
            interrupted=result.interrupted,
            stop_reason=result.stop_reason,
        )
        print(json.dumps(summary, indent=2))
    else:
        print(result)
    return 130 if result.interrupted else 0


def _closed_pipe() -> int:
    """Stop writing to a closed stdout without a traceback (exit status 141)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass
    return 141


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Python checks signals (the rollout's progress check)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals a batch scheduler or a closed terminal sends: treated like Ctrl-C."""


@contextlib.contextmanager
def _stop_signals(received: list[int]) -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP end a rollout as Ctrl-C does.

    A running rollout keeps the games finished so far; ``received`` collects the signal
    numbers so that the exit status can be 128 + the signal.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Optional[FrameType]) -> None:
        received.append(signum)
        raise _Stopped(signum)

    old = {sig: signal.signal(sig, handler) for sig in _STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, previous in old.items():
            signal.signal(sig, previous)


def _exit_status(received: list[int], status: int) -> int:
    """128 + the first stop signal received, else ``status``."""
    return 128 + received[0] if received else status


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return its exit status.

    The statuses are those of :data:`EXIT_CODES`: 0 on success, 1 for an internal error, 2
    for bad arguments or input (a :class:`~gammon.GammonError`, whose message is printed),
    130 when a rollout or simulation was interrupted with Ctrl-C (its partial result is
    printed), 143 or 129 when it was ended by SIGTERM or SIGHUP (likewise, with the partial
    result and its ``--json`` checkpoint), 141 when the output pipe was closed. Unreadable
    options print the usage line of the command they were given to and return 2; ``--help``
    and ``--version`` print and return 0. Raises nothing else: errors are printed on stderr.
    """
    parser, commands = _build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # Name the command whose options were mistyped, with that command's usage line.
            name = " ".join(n for n in (args.command, getattr(args, "kind", None)) if n)
            commands.get(name, parser).error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.command is None:
        parser.print_help()
        return 2
    run: dict[str, Callable[[argparse.Namespace], int]] = {
        "rollout": _rollout,
        "simulate": _simulate,
        "plays": _plays,
        "hint": _hint,
        "bearoff": _bearoff,
        **{name: cli_interop.run for name in cli_interop.COMMANDS},
        **{name: cli_analysis.run for name in cli_analysis.COMMANDS},
    }
    received: list[int] = []
    try:
        try:
            with _stop_signals(received):
                return _exit_status(received, run[args.command](args))
        finally:
            sys.stdout.flush()
    except BrokenPipeError:
        return _closed_pipe()
    except InternalError as e:
        print(f"gammon: internal error: {e}", file=sys.stderr)
        return 1
    except GammonError as e:
        print(f"gammon: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C or a stop signal outside a rollout (a running rollout returns its games).
        print("gammon: interrupted", file=sys.stderr)
        return _exit_status(received, 130)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
