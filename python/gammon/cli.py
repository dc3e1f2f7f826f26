"""The ``gammon`` command line: ``gammon COMMAND --help`` lists the commands and their options.

Each command is a function ``_name(args)`` returning the exit status, with a parser built by
``_name_parser(sub)`` whose options take their metavar and help from a table written as
``--help`` prints it (:func:`_options`). Options that several commands share are declared
once (``_position_options``, ``_run_options``, ...). An option whose destination is a field
of :class:`~gammon.RunOptions` or :class:`~gammon.RolloutSettings` reaches that field by its
name (:func:`_given`): a new rollout setting is one table line and one ``add`` line. Errors
take one path (:func:`main`): a gammon error or a file that cannot be read or written is one
line on stderr and exit status 2. The exit statuses are :data:`EXIT_CODES`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import textwrap
import threading
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any, Callable, Optional

from gammon.errors import GammonError, InternalError, InvalidDiceError, InvalidInputError

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
_SCORE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*/\s*(\d+)\s*$")
_MAX_SEED = 2**64 - 1

# -- the parser, and the options several commands share ---------------------------------------


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


def _command(sub: Any, name: str, run: Callable[[argparse.Namespace], int], **kw: Any) -> Any:
    """A command's parser (``kw``: its help and description); ``run`` runs it."""
    p = sub.add_parser(name, **kw)
    p.set_defaults(run=run, parser=p)
    return p


def _options(p: Any, table: str) -> Callable[..., Any]:
    """An ``add_argument`` of ``p`` that takes each option's metavar and help from ``table``.

    ``table`` lists the options as ``--help`` prints them: the flag (a positional argument's
    name) and its metavar if any, two spaces, the help; indented lines continue the help.
    ``add(*flags, to=group, **kwargs)`` adds an option to a group of ``p`` instead.
    """
    rows: dict[str, list[str]] = {}
    name = ""
    for line in textwrap.dedent(table).strip().splitlines():
        if line[:1].isspace():
            rows[name].append(line.strip())
        else:
            head, _, text = line.partition("  ")
            name = head.split()[0]
            rows[name] = [head, text.strip()]

    def add(*flags: str, to: Any = None, **kwargs: Any) -> Any:
        head, *text = rows[flags[0]]
        metavar = head.split()[1:]
        if metavar:
            kwargs["metavar"] = metavar[0] if len(metavar) == 1 else tuple(metavar)
        return (to or p).add_argument(*flags, help=" ".join(text), **kwargs)

    return add


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


_POSITION_HELP = " ".join(
    """the position: a gnubg Position ID (4HPwATDgc/ABMA), a gnubg ID with its Match ID
    (4HPwATDgc/ABMA:cAkAAAAAAAAA) or an XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10);
    the player on roll, dice and cube of a gnubg ID or XGID are read from it (default: the
    starting position)""".split()
)


def _position_options(p: Any, dice: str = "", position: str = "--position") -> None:
    """The position (``position``: its flag, or a positional argument), ``--variant``, ``--turn``.

    With ``dice`` (the end of their help): the arguments ``POSITION|DICE`` and ``--dice`` too.
    """
    add = _options(
        p,
        f"""
        args POSITION|DICE  a position (see --position) and/or a roll, in either order
          (default: the start{dice})
        --position ID  {_POSITION_HELP}
        position ID  {_POSITION_HELP}
        --dice DICE  the roll, e.g. 31 (default: see above)
        --variant NAME  the game: backgammon (default), nackgammon, hypergammon-1, hypergammon-2,
          hypergammon-3 or long-nardy (alias narde); gnubg IDs and XGIDs are backgammon only
          (default: backgammon)
        --turn  the player on roll in a Position ID (default white; a gnubg ID or XGID says)
        """,
    )
    if dice:
        add("args", nargs="*")
    add(position, **({"nargs": "?"} if position == "position" else {}))
    if dice:
        add("--dice")
    add("--variant")
    add("--turn", choices=("white", "black"))


def _run_options(p: Any, unit: str) -> None:
    """``--seed``, the execution options (``RunOptions`` fields by name), --json, --quiet."""
    add = _options(
        p,
        f"""
        --seed N  master seed, 0 .. 2**64-1: the same seed replays the same {unit} (default: a
          random one, printed with the result)
        --threads N  worker threads (default: one per core; the result does not depend on it)
        --chunk-size N  {unit} per unit of work, progress update and stop check (the result
          does not depend on it)
        --max-seconds S  stop after S seconds, keeping the {unit} finished
        --quiet  no progress bar
        """,
    )
    add("--seed", type=_count(0))
    add("--threads", type=_count(1))
    add("--chunk-size", type=_count(1))
    add("--max-seconds", type=_positive_float)
    _json_option(p)
    add("--quiet", action="store_true")


def _stakes_options(p: Any) -> None:
    """``--cube-value``, ``--cube-owner`` and ``--score``, over those of a gnubg ID or XGID."""
    add = _options(
        p,
        """
        --cube-value N  the cube's value, a power of two (default: as a gnubg ID or XGID says,
          else 1)
        --cube-owner  who owns the cube (default: as a gnubg ID or XGID says, else centre)
        --score W-B/N  money, or the score of a match to N points: White W, Black B (for
          example 2-1/7, MATCH-1; a player one point away: the Crawford game; a post-Crawford
          score comes from a gnubg ID or XGID). Default: as a gnubg ID or XGID says, else money
        """,
    )
    add("--cube-value", type=_count(1))
    add("--cube-owner", choices=("centre", "white", "black"))
    add("--score")


def _json_option(p: Any) -> None:
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")


def _net_option(p: Any, what: str) -> None:
    p.add_argument("--net", metavar="FILE", help=f"a weights file of gammon's nets (.gnet, {what}")


def _plies_option(p: Any, default: str = "the net alone") -> None:
    p.add_argument(
        "--plies",
        type=int,
        choices=(0, 1, 2),
        default=0,
        help=f"search depth: 0 (default; {default}), 1 or 2",
    )


def _prune_option(p: Any) -> None:
    p.add_argument(
        "--prune",
        type=_count(0),
        metavar="K",
        help="inside the search of --plies, the pruning net keeps K plays of each roll for the "
        "shipped net: 2 (default), or 0 to value every play with the net",
    )


def _crawford_option(p: Any, default: str) -> None:
    p.add_argument(
        "--crawford", choices=("on", "off"), help=f"the match's Crawford rule (default: {default})"
    )


# -- from options to values -------------------------------------------------------------------


def _given(args: argparse.Namespace, *dests: str) -> dict[str, Any]:
    """The options among ``dests`` given on the command line (not None), by destination."""
    return {d: getattr(args, d) for d in dests if getattr(args, d, None) is not None}


_FLAGS = {"opening": "--opening/--no-opening", "quasi_random": "--no-quasi-random"}


def _refuse(args: argparse.Namespace, dests: Sequence[str], message: str) -> None:
    """Raise ``message`` (``{}``: the flags) if any option of ``dests`` was given."""
    flags = [_FLAGS.get(d, "--" + d.replace("_", "-")) for d in _given(args, *dests)]
    if flags:
        raise InvalidInputError(message.format(", ".join(flags)))


def _run(args: argparse.Namespace, **fields: Any) -> Any:
    """The :class:`~gammon.RunOptions` of the options (``fields`` override them)."""
    from gammon._run import RunOptions

    given = _given(args, *RunOptions.fields())
    return RunOptions(**{**given, "progress": not args.quiet, **fields})


def _print_json(data: Any) -> None:
    """Print ``data`` as JSON (``--json``), the core's values by their names."""
    print(json.dumps(data, indent=2, default=_plain))


def _print_result(args: argparse.Namespace, result: Any) -> int:
    """Print a run's result (``--json``: its ``summary()``); 130 if it was interrupted."""
    if args.json:
        _print_json(result.summary())
    else:
        print(result)
    return 130 if result.interrupted else 0


def _plain(value: Any) -> Any:
    """The JSON form of a core value in a result: a position's ID, a variant's name, text."""
    from gammon._core import Position, Variant

    if isinstance(value, Position):
        return value.id
    return value.canonical_name if isinstance(value, Variant) else str(value)


# -- positions and nets ----------------------------------------------------------------------


def _roll(text: str) -> tuple[int, int]:
    m = _ROLL.match(text)
    if m is None:
        raise InvalidDiceError(f"{text!r} is not a roll: write two dice 1-6, e.g. 31 or 3-1")
    return (int(m.group(1)), int(m.group(2)))


def _read(text: Optional[str], args: argparse.Namespace) -> tuple[Any, Any]:
    """The position ``text`` names (without one, the start of --variant) and its game.

    The game is that of a gnubg ID or an XGID, which carry the cube, the score and maybe the
    dice; None for a Position ID (or no text).
    """
    from gammon._core import Position
    from gammon.game import Game

    if text is None:
        return Position.start(args.variant, args.turn or "white"), None
    game = Game.from_id(text, variant=args.variant, turn=args.turn)
    stakes = ":" in text or text.strip()[:5].upper() == "XGID="
    return game.position, game if stakes else None


def _position_and_roll(args: argparse.Namespace) -> tuple[Any, Any, Any]:
    """The position, its game (:func:`_read`) and the roll of ``gammon plays``/``hint``.

    The roll is the one given, else the dice of a gnubg ID or XGID that has them, else None.
    """
    position, dice = args.position, args.dice
    for a in args.args:
        if _ROLL.match(a) and dice is None:
            dice = a
        elif position is None and not _ROLL.match(a):
            position = a
        else:
            raise InvalidInputError(
                f"gammon {args.command} takes one position and one roll; {a!r} is one too many"
            )
    pos, game = _read(position, args)
    return pos, game, _roll(dice) if dice is not None else (game and game.dice) or None


def _print_roll(pos: Any, dice: tuple[int, int], plays: int, what: str = "") -> None:
    """The head of ``gammon plays``/``hint``: the position, the roll and how many plays."""
    print(pos)
    print(f"dice {max(dice)}{min(dice)}: {plays} legal play{'' if plays == 1 else 's'}{what}")
    if not plays:
        print("  no legal play: the turn passes (MOVE-8)")


def _load_net(path: Optional[str]) -> Any:
    """The nets of ``--net FILE``, or None."""
    if path is None:
        return None
    from gammon._core import Net

    with _reading(path, "--net: "):
        return Net.load(path)


@contextlib.contextmanager
def _reading(path: str, what: str = "") -> Iterator[None]:
    """Turn an ``OSError`` while reading ``path`` into an input error naming it."""
    try:
        yield
    except OSError as e:
        raise InvalidInputError(f"{what}cannot read {path}: {e.strerror or e}") from None


def _is_net(name: object) -> bool:
    return isinstance(name, str) and name.strip().lower() == "net"


def _with_net(name: Any, net: Any) -> Any:
    """``net`` (the nets of ``--net FILE``) where ``name`` is ``"net"``, else ``name``."""
    return net if net is not None and _is_net(name) else name


def _needs_net(net: Any, names: Sequence[Any], message: str) -> None:
    """Refuse ``--net FILE`` (with ``message``) when none of ``names`` is ``net``."""
    if net is not None and not any(_is_net(n) for n in names):
        raise InvalidInputError(message)


def _named_net(name: Any, net: Any) -> Any:
    """``net`` where a checkpoint's ``name`` is its name (``net:`` and a CRC-32), else ``name``."""
    return net if net is not None and name == net.name else name


# -- plays, hint, evaluate --------------------------------------------------------------------


def _plays_parser(sub: Any) -> None:
    p = _command(
        sub,
        "plays",
        _plays,
        help="list the legal plays of a position for a roll",
        description="""List the legal plays of a position for a roll, one per distinct resulting
        position (MOVE-9), in gnubg's notation. The arguments are told apart by their form: a
        roll is two digits 1-6 (31, 3-1, '3 1'); anything else is a position. `gammon plays
        31` lists the plays of 3-1 at the start; `gammon plays ID 64` those of 6-4 in the
        position ID.""",
    )
    _position_options(p, dice=", and the dice of a gnubg ID or XGID that has them, else 31")


def _plays(args: argparse.Namespace) -> int:
    pos, _, roll = _position_and_roll(args)
    plays = pos.legal_plays(roll or (3, 1))
    _print_roll(pos, plays.dice, len(plays))
    for i, play in enumerate(plays, 1):
        print(f"{i:5}  {play}")
    return 0


def _hint_parser(sub: Any) -> None:
    p = _command(
        sub,
        "hint",
        _hint,
        help="the cube decision, or the legal plays of a roll ranked by the net",
        description="""With a roll: rank the legal plays of a position for the player on roll,
        as gammon's neural net values them (gammon.hint), at 0 ply (the net alone) or searched
        1 or 2 plies deep; for a gnubg ID or XGID, which carry the cube and the score, by their
        cubeful equity at the score (money equity with the cube, match winning chances in a
        match), with the cubeless equity beside it. Without a roll (and none in the ID): the
        cube decision of the player on roll (gammon.cube_decision: no double, double/take,
        double/pass and the proper action) when they may double or a double awaits an answer.
        Exact bear-off values where the databases cover the position. Arguments as for `gammon
        plays`: a roll is two digits 1-6, anything else is a position.""",
    )
    _position_options(p, dice="; the dice of a gnubg ID or XGID that has them")
    _plies_option(p)
    _prune_option(p)
    p.add_argument("--top", type=_count(1), metavar="N", help="print the best N plays only")
    p.add_argument(
        "--cubeless",
        action="store_true",
        help="rank the plays by cubeless equity even for an ID with a cube and a score",
    )
    _net_option(p, "as gammon-train writes them): value the plays with its nets")


def _hint(args: argparse.Namespace) -> int:
    from gammon.net import Hint, hint

    pos, game, dice = _position_and_roll(args)
    net = _load_net(args.net)
    if not dice:
        return _cube_hint(pos, game, args.plies, net, args.prune)
    at_score = game is not None and not args.cubeless
    hints = hint(game if at_score else pos, dice, plies=args.plies, net=net, prune=args.prune)
    what = "cubeless equity"
    if at_score:
        where = "money" if game.is_money else str(game.match)
        what = f"cubeful equity at the score ({where}, cube {game.cube.value})"
    _print_roll(pos, dice, len(hints), f", {what} for the player on roll at {args.plies} ply")
    if hints:
        print(Hint.table(hints[: args.top]))
    return 0


def _cube_hint(pos: Any, game: Any, plies: int, net: Any, prune: Optional[int]) -> int:
    """``gammon hint`` without dice: the cube decision, when there is one to make."""
    from gammon._core import Variant
    from gammon.net import cube_decision

    ask = "give the roll (for example `gammon hint ID 31`): "
    if game is None and pos.variant == Variant.LONG_NARDY:
        raise InvalidDiceError(ask + "Long Nardy has no cube decision (LN-38)")
    if game is not None and not (game.cube.offer is not None or game.can_double()):
        raise InvalidDiceError(
            ask + "the player on roll cannot double here (the cube is not theirs, the Crawford "
            "game, a dead cube, or the dice are rolled), so there is no cube decision to make"
        )
    print(pos)
    print(cube_decision(pos if game is None else game, plies=plies, net=net, prune=prune))
    return 0


def _evaluate_parser(sub: Any) -> None:
    p = _command(
        sub,
        "evaluate",
        _evaluate,
        help="the net's outcome probabilities and equity of a position",
        description="""Evaluate a position for the player on roll, before the roll, with
        gammon's neural net (gammon.evaluate) at 0 ply (the net alone) or searched 1 or 2 plies
        deep: the chances to win and to lose (gammons and backgammons included, as gnubg prints
        them) and the cubeless equity, exact in bear-offs the databases cover. A gnubg ID or
        XGID carries the cube and the score, and so do --cube-value and --score: then also the
        cubeful equity (money: points per unit of the cube; a match: the normalised equity,
        EMG, and the match winning chance).""",
    )
    _position_options(p, position="position")
    _plies_option(p)
    _prune_option(p)
    _stakes_options(p)
    _net_option(p, "as gammon-train writes them): evaluate with its nets")
    _json_option(p)


def _score(text: str) -> Any:
    """``--score``: money, or ``W-B/N``, a :class:`~gammon.MatchScore`.

    A player one point away (and not both) means the Crawford game (MATCH-3).
    """
    from gammon._core import MatchScore
    from gammon.match import MoneySession

    m = _SCORE.match(text)
    if m is not None:
        length, white, black = int(m[3]), int(m[1]), int(m[2])
        one_away = (white == length - 1) != (black == length - 1)
        return MatchScore(length, (white, black), crawford_game=one_away)
    if text.strip().lower() == "money":
        return MoneySession()
    raise InvalidInputError(
        f"--score {text!r}: give money, or W-B/N: White's and Black's points and the match "
        "length, for example 2-1/7"
    )


def _cube(args: argparse.Namespace, game: Any, rules: Any = None) -> Any:
    """The cube of ``--cube-value`` and ``--cube-owner`` over that of ``game`` (else 1, centred).

    ``rules``: its :class:`~gammon.CubeRules` (default: the game's).
    """
    from gammon._core import Cube

    value = args.cube_value or (1 if game is None else game.cube.value)
    owner = args.cube_owner or (None if game is None else game.cube.owner)
    rules = rules or (None if game is None else game.cube.rules)
    return Cube(value, None if owner == "centre" else owner, rules=rules)


def _stakes(args: argparse.Namespace, game: Any) -> tuple[Any, Any]:
    """The ``cube=`` and ``score=`` of ``gammon evaluate``'s options for :func:`gammon.evaluate`.

    None where the ``game`` of a gnubg ID or XGID decides, or for cubeless play; a centred cube
    when only ``--score`` is given for a Position ID.
    """
    score = None if args.score is None else _score(args.score)
    if args.cube_value is None and args.cube_owner is None:
        return (None if game is not None or score is None else _cube(args, None)), score
    return _cube(args, game), score


def _evaluate(args: argparse.Namespace) -> int:
    from gammon.net import evaluate

    pos, game = _read(args.position, args)
    cube, score = _stakes(args, game)
    net = _load_net(args.net)
    e = evaluate(game or pos, args.plies, net, cube=cube, score=score, prune=args.prune)
    if args.json:
        _print_json({"position": pos, **e.summary()})
        return 0
    source = {"bearoff": "exact, from the bear-off databases", "final": "the game is over"}
    print(pos)
    how = source.get(e.source, "the net")
    print(f"evaluation for the player on roll at {e.plies} ply ({how}):")
    print(textwrap.indent(str(e), "  "))
    return 0


# -- rollout ----------------------------------------------------------------------------------


def _rollout_parser(sub: Any) -> None:
    from gammon._core import EVALUATORS, TRUNCATIONS

    r = _command(
        sub,
        "rollout",
        _rollout,
        help="play many games from a position and print the outcome shares and equity",
        description="""Play many games from a position with a built-in policy and print the
        outcome shares and the cubeless equity. The equity is printed as 'E ± H (95%)': H is
        the half-width of the 95% confidence interval (1.96 standard errors); the standard
        error itself is printed too. Ctrl-C stops early and prints the games finished so far;
        --checkpoint FILE keeps the rollout's state in FILE (written atomically every
        --checkpoint-every seconds and at the end), so that a killed rollout continues where it
        stopped when run again or with --resume FILE. --plays ID DICE rolls out every play of a
        roll on common dice and ranks them.""",
    )
    _position_options(r)
    add = _options(
        r,
        """
        --games N  games to play, at least 1 (default 1000000; with --resume: the checkpoint's
          games, and more to extend it; with --plays: 1296 a play)
        --policy NAME  the checker play of the player on roll: net (default: gammon's neural net
          at 0 ply, backgammon and long-nardy), pubeval (Tesauro's linear evaluator, about ten
          times the net's games a second), random, heuristic (stronger than pubeval, about 55%%
          of its speed; for long-nardy a hand-made policy of its own) or bearoff (the
          heuristic, named for its perfect bear-off play)
        --opponent-policy NAME  the opponent's checker play (default: the same as --policy)
        --plies N  search the net's checker play N plies deep: 0 (default), 1 or 2; the plays
          within 0.16 of the best at 0 ply (8 at most, gnubg's normal move filter) are valued
          again N plies deep (--policy then defaults to net)
        --opponent-plies N  the opponent's search depth (default: the same as --plies)
        --prune K  inside the search of --plies, the pruning net keeps K replies of each roll
          for the shipped net: 2 (default), or 0 to value every reply with the net
        --net FILE  a weights file of gammon's nets (.gnet, as gammon-train writes them): net
          means these nets instead of the shipped ones, as the policy (--policy then defaults to
          net), the --evaluator and the --cube policy
        --opening  the first roll is an opening roll, never a double (BG-10); the default for
          the starting position of a backgammon variant
        --no-opening  the player on roll rolls any of the 36 rolls first (the default for any
          other position)
        --no-quasi-random  plain random dice throughout. By default the first two rolls are
          stratified (quasi-random): every 36 games cover each first roll once (15 for an
          opening, with no doubles) and every 1296 each pair of first and second rolls, which
          lowers the variance of the result without biasing it
        --target-std-error E  stop once the equity's standard error is at most E (checked after
          1296 games)
        --end-variant  Long Nardy: mars (default; a Mars scores 2) or oin (every win scores 1),
          LN-34
        --koks  Long Nardy: the optional Koks of LN-35 (default off)
        --last-roll  Long Nardy: Black's extra last roll and the draw of LN-37
        --truncate  bearoff: settle each game at its exact bear-off value once both sides are
          home in the two-sided table; bearoff-one-sided: at any bear-off (gnubg-like estimate);
          none (default): play every game out
        --truncate-after N  settle each game still going after N turns at the evaluator's value
          (a truncated rollout; default: play on)
        --variance-reduction  take the luck of each roll, measured by the evaluator, off each
          game's points (gnubg's variance reduction: same mean, smaller standard error)
        --evaluator  the evaluator of --truncate-after and --variance-reduction: bearoff
          (default: exact in bear-offs, a pip-count estimate elsewhere) or net (gammon's neural
          net)
        --cube NAME  a cubeful rollout: money games with the doubling cube in play for both
          sides, decided by the cube policy NAME: net (the net's probabilities by Janowski's
          formula), race (the Keith count in races) or never; prints the cubeful equity per
          initial cube and how often doubles and drops happened. Every game starts with the
          cube of --cube-value and --cube-owner
        --cube-plies N  with --cube net: search the net's cube decisions N plies deep: 0
          (default), 1 or 2 (gnubg's cubeful search, as gammon hint gives it)
        --jacoby  with --cube or --cube-decision: the Jacoby rule (MONEY-2)
        --beavers  with --cube or --cube-decision: a doubled player may beaver (CUBE-12)
        --checkpoint FILE  keep the rollout's state in FILE (JSON with an integrity check),
          written atomically every --checkpoint-every seconds, on Ctrl-C and at the end; if FILE
          exists, continue it (the same options are needed). With --plays: the state of the
          plays' rollouts, continued by the same --plays command
        --checkpoint-every S  seconds between checkpoint writes (default 60)
        --resume FILE  continue the rollout of the checkpoint FILE with its position, seed, dice
          and policies, writing its state back to FILE (or to --checkpoint)
        --plays ID DICE  roll out every legal play of DICE in the position ID on common dice
          and rank them, best first, with each play's loss and its standard error (a play that
          ends the game is worth its result exactly; --checkpoint and --scheduler apply)
        --scheduler ADDRESS  run the games on a Dask cluster (tcp://host:8786; needs
          gammon[dask])
        --cube-decision  roll out the cube decision of the player on roll on common dice: no
          double, double/take, double/pass (and double/beaver with --beavers), with standard
          errors and the proper action (default 1296 games, --policy and --cube net), at the
          cube of --cube-value and --cube-owner and the score of --score
        """,
    )
    # Every option defaults to None: "not given". An option whose destination is a field of
    # gammon.RolloutSettings (policy, opening, quasi_random, truncate, ...) or gammon.RunOptions
    # (threads, checkpoint, ...) reaches it by that name (_settings, _run), and --resume
    # refuses it: a new setting is a line in the table above and one add() here.
    flag = {"action": "store_true", "default": None}
    add("--games", type=_count(1))
    add("--policy")
    add("--opponent-policy")
    add("--plies", type=int)
    add("--opponent-plies", type=int)
    add("--prune", type=_count(0))
    add("--net")
    opening = r.add_mutually_exclusive_group()
    add("--opening", to=opening, **flag)
    add("--no-opening", to=opening, dest="opening", action="store_false")
    add("--no-quasi-random", dest="quasi_random", action="store_false", default=None)
    add("--target-std-error", type=_positive_float)
    add("--end-variant", choices=("mars", "oin"))
    add("--koks", choices=("off", "no_checker_home", "checker_in_start_quarter"))
    add("--last-roll", **flag)
    add("--truncate", choices=TRUNCATIONS)
    add("--truncate-after", type=int)
    add("--variance-reduction", **flag)
    add("--evaluator", choices=EVALUATORS)
    add("--cube")
    add("--cube-plies", type=int)
    add("--jacoby", **flag)
    add("--beavers", **flag)
    add("--checkpoint")
    add("--checkpoint-every", type=_positive_float)
    add("--resume")
    add("--plays", nargs=2)
    add("--scheduler")
    add("--cube-decision", action="store_true")
    _stakes_options(r)
    _run_options(r, "games")


def _settings(args: argparse.Namespace, position: Any, net: Any) -> Any:
    """The :class:`~gammon.RolloutSettings` of the options, ``net`` the nets of ``--net``."""
    from gammon.nardy import NardySettings
    from gammon.policies import default_policy
    from gammon.rollout import RolloutSettings

    given = _given(args, *RolloutSettings.fields())
    if args.end_variant or args.koks or args.last_roll:
        nardy = {"end_variant": args.end_variant or "mars", "koks": args.koks or "off"}
        given["nardy"] = NardySettings(**nardy, last_roll=bool(args.last_roll))
    if args.opponent_plies is not None:
        given["plies"] = (args.plies or 0, args.opponent_plies)
    if args.opponent_policy is not None or net is not None:
        mine = args.policy or default_policy(position.variant)
        pair = (mine, args.opponent_policy or mine)
        _needs_net(
            net,
            [*pair, args.evaluator, args.cube],
            f"--net {args.net}: neither side plays the policy net (--policy {pair[0]}, "
            f"--opponent-policy {pair[1]}) and neither --evaluator nor --cube is net",
        )
        given["policy"] = tuple(_with_net(p, net) for p in pair)
    if args.cube is not None:
        cube = _cube(args, _read(args.position, args)[1], _cube_rules(args))
        given.update(cube_value=cube.value, cube_owner=cube.owner, cube_rules=cube.rules)
        given["cube"] = _with_net(args.cube, net)
    given["evaluator"] = _with_net(args.evaluator, net)
    return RolloutSettings(**given)


def _cube_rules(args: argparse.Namespace) -> Any:
    """The money options of ``--jacoby`` and ``--beavers``."""
    from gammon._core import CubeRules

    return CubeRules(jacoby=bool(args.jacoby), beavers=bool(args.beavers))


_SETUP = (
    "position variant turn seed opponent_policy opponent_plies end_variant koks last_roll".split()
)
"""The options that decide a rollout's games besides its settings: refused by --resume."""


def _rollout(args: argparse.Namespace) -> int:
    from gammon.checkpoint import read_checkpoint
    from gammon.rollout import RolloutSettings, rollout

    if args.cube_decision:
        _refuse(
            args,
            "plays resume opening truncate truncate_after variance_reduction evaluator".split(),
            "--cube-decision does not combine with {}",
        )
    elif args.score is not None:
        raise InvalidInputError("--score applies to --cube-decision")
    elif args.cube is None:
        _refuse(
            args,
            ("cube_value", "cube_owner", "jacoby", "beavers"),
            "{} apply to cubeful rollouts: add --cube NAME",
        )
    elif args.plays is not None or args.resume is not None:
        raise InvalidInputError(
            "--cube does not combine with --plays or --resume: plays are ranked, and "
            "checkpoints kept, for cubeless rollouts only"
        )
    if args.plays is not None and (args.position is not None or args.resume is not None):
        raise InvalidInputError(
            "--plays names its own position; it takes no --position, and no --resume: run the "
            "same --plays command with --checkpoint FILE again to continue its rollouts"
        )
    executor = None
    if args.scheduler is not None:
        try:
            import distributed
        except ImportError:
            raise InvalidInputError("--scheduler needs Dask: pip install 'gammon[dask]'") from None
        executor = distributed.Client(args.scheduler)  # type: ignore[no-untyped-call]
    net = _load_net(args.net)
    if args.cube_decision:
        return _cube_decision(args, net, _run(args, executor=executor))
    if args.plays is not None:
        _refuse(
            args,
            ("opponent_policy", "opening", "max_seconds", "target_std_error"),
            "--plays does not take {}: the plays are rolled out with --policy for both sides, "
            "each for --games games",
        )
        return _rank_plays(args, net, _run(args, executor=executor))
    if args.resume is not None:
        _refuse(
            args,
            (*_SETUP, *RolloutSettings.fields()),
            "--resume keeps the checkpoint's setup; do not pass {}",
        )
        saved = read_checkpoint(args.resume)
        before: Any = saved.result
        _check_resume(args, before, net)
        games = args.games if args.games is not None else saved.games
        what = f"resuming {before.describe()} after {before.games_completed:,} of {games:,} games"
        # What the checkpoint played by: every setting the result records, the nets by name.
        kept = {f: getattr(before, f) for f in RolloutSettings.fields() if hasattr(before, f)}
        kept["policy"] = tuple(_named_net(p, net) for p in before.policies)
        kept["evaluator"] = _named_net(before.evaluator, net)
        kept["plies"] = tuple(before.setup.plies)  # the result's own .plies counts turns
        kept["cube_plies"] = tuple(before.setup.cube_plies)
        kept["prune"] = before.setup.prune
        position, seed, first = before.position, before.seed, saved.first_game
        settings = RolloutSettings(**kept)
        options = _run(args, executor=executor, checkpoint=args.checkpoint or args.resume)
    else:
        games = args.games if args.games is not None else 1_000_000
        position, _ = _read(args.position, args)
        seed, first = args.seed, 0
        what = f"rolling out {position.id} ({position.variant.canonical_name}), {games:,} games"
        settings = _settings(args, position, net)
        options = _run(args, executor=executor)
    if not args.quiet and not args.json:
        print(what, file=sys.stderr)
    result = rollout(
        position, games, seed=seed, first_game=first, settings=settings, options=options
    )
    return _print_result(args, result)


def _cube_decision(args: argparse.Namespace, net: Any, options: Any) -> int:
    """``gammon rollout --cube-decision``: roll out the cube decision and print its table.

    A gnubg ID or XGID gives the cube and the score unless ``--cube-value``, ``--cube-owner`` or
    ``--score`` say otherwise.
    """
    from gammon.policies import default_cube_policy, default_policy
    from gammon.rollout_cube import rollout_cube

    position, game = _read(args.position, args)
    mine = _with_net(args.policy or default_policy(position.variant), net)
    result = rollout_cube(
        position,
        args.games if args.games is not None else 1296,
        cube=_cube(args, game, _cube_rules(args)),
        score=_score(args.score) if args.score is not None else game and game.match,
        seed=args.seed,
        policy=(mine, _with_net(args.opponent_policy, net) or mine),
        plies=(
            args.plies or 0,
            args.opponent_plies if args.opponent_plies is not None else args.plies or 0,
        ),
        cube_policy=_with_net(args.cube or default_cube_policy(position.variant), net),
        cube_plies=args.cube_plies or 0,
        prune=args.prune,
        quasi_random=args.quasi_random,
        options=options,
    )
    return _print_result(args, result)


def _check_resume(args: argparse.Namespace, before: Any, net: Any) -> None:
    """Refuse a checkpoint the command line cannot continue (a cubeful one, other nets')."""
    from gammon._core import CubefulRolloutResult, RolloutResult
    from gammon.policies import BUILTIN_POLICIES

    if not isinstance(before, RolloutResult):  # a cubeful rollout's, a simulation's, ...
        cubeful = isinstance(before, CubefulRolloutResult)
        kind = "cubeful rollout" if cubeful else type(before).__name__
        raise InvalidInputError(
            f"--resume: {args.resume} holds a {kind}, not a rollout "
            "--resume continues; continue it with the command that started it (its options "
            "and --checkpoint FILE)"
        )
    played = [(p, "played") for p in before.policies] + [(before.evaluator, "evaluated")]
    for name, how in played:
        if name is None or (net is not None and name == net.name):
            continue
        if name.startswith("net:"):
            holds = f" (--net {args.net} holds {net.name!r})" if net is not None else ""
            raise InvalidInputError(
                f"--resume: the checkpoint was {how} by the nets {name!r}: pass their weights "
                f"file as --net FILE{holds}"
            )
        if how == "played" and name not in BUILTIN_POLICIES:
            raise InvalidInputError(
                f"--resume: the checkpoint was played by the Python policy {name!r}, which "
                "the command line cannot load"
            )
    if net is not None and net.name not in (*before.policies, before.evaluator):
        raise InvalidInputError(
            f"--resume: --net {args.net} holds {net.name!r}, which the checkpoint's "
            f"policies {list(before.policies)} and evaluator do not name"
        )


def _rank_plays(args: argparse.Namespace, net: Any, options: Any) -> int:
    from gammon.compare import RankedPlay, rank_plays

    text, dice = args.plays
    position, _ = _read(text, args)
    ranked = rank_plays(
        position,
        _roll(dice),
        args.games or 1296,
        seed=args.seed,
        settings=_settings(args, position, net),
        options=options,
    )
    rolled = [r.result for r in ranked if r.result is not None]
    status = 130 if any(r.interrupted for r in rolled) else 0
    if args.json:
        _print_json([r.summary() for r in ranked])
        return status
    print(f"plays of {dice} in {position.id}: {RankedPlay.table(ranked)}")
    return status


# -- simulate, bearoff ------------------------------------------------------------------------


def _simulate_parser(sub: Any) -> None:
    s = sub.add_parser(
        "simulate",
        help="play whole matches or money games with the cube and print the result",
        description="""Play whole matches (`gammon simulate match LENGTH`) or money games
        (`gammon simulate money`) between two players, in Rust on every core, with the cube. A
        player is a checker policy (random, pubeval, heuristic, net) and a cube policy (never:
        never doubles, always takes; race: the Keith count in races; net: the net's
        probabilities by Janowski's cube-life formula), written CHECKER+CUBE, e.g. pubeval+race
        or net+net; a CHECKER alone takes its own cube policy (net: net) or never doubles (the
        others). Both players default to the net's checker play and cube, the defaults of
        rollouts. The result is from the first player's side, with '± H (95%)' the half-width
        of the 95% confidence interval.""",
    )
    kinds = s.add_subparsers(dest="kind", metavar="KIND", parser_class=_Parser)
    kinds.required = True
    m = _command(
        kinds,
        "match",
        _simulate,
        help="matches to LENGTH points: the first player's share of match wins",
        description="""Play matches to LENGTH points and print the first player's share of
        match wins. Every game starts with an opening roll (BG-10); the Crawford rule applies
        (MATCH-3) unless --no-crawford; gammons count (MATCH-2).""",
    )
    mo = _command(
        kinds,
        "money",
        _simulate,
        help="money games: the first player's points per game",
        description="""Play independent money games and print the first player's average
        points per game. Every game starts with an opening roll (BG-10); the money options
        below follow the cube rules of the spec (MONEY-2, CUBE-12, CUBE-13, BG-11).""",
    )
    table = """
        length LENGTH  the match length in points
        --matches N  matches to play, at least 1 (default 1000)
        --no-crawford  no Crawford rule
        --games N  games to play, at least 1 (default 100000)
        --jacoby  the Jacoby rule (MONEY-2)
        --beavers  a doubled player may beaver (CUBE-12)
        --raccoons  the doubler may answer a beaver with a raccoon (CUBE-13; needs --beavers)
        --auto-doubles N  ties of the opening roll double the cube, at most N times (BG-11;
          default 0)
        --player CHECKER+CUBE  the first player, who plays White (default net+net: the net's
          checker play and cube; pubeval+race is the fast baseline)
        --opponent CHECKER+CUBE  the second player (default: the same as --player, at the same
          depths)
        --plies N  search the first player's checker play N plies deep: 0 (default), 1 or 2
          (the net's policy only, through gnubg's normal move filter, as rollouts search)
        --cube-plies N  search the first player's cube decisions N plies deep: 0 (default), 1
          or 2 (the net's cube policy only, the search of gammon hint)
        --opponent-plies N  the second player's --plies (default: --plies when --opponent is
          not given, else 0)
        --opponent-cube-plies N  the second player's --cube-plies (default as --opponent-plies)
        --prune K  inside both players' searches of --plies, the pruning net keeps K replies of
          each roll for the full net (default 2; 0: every reply valued by the full net)
        --variant NAME  backgammon (default), nackgammon or hypergammon-1/2/3
        --max-cube N  the cube's cap, a power of two (CUBE-10; default 64)
        --no-cube  play without the cube (CUBE-2)
        """
    add = _options(m, table)
    add("length", type=_count(1))
    add("--matches", type=_count(1), default=1000)
    add("--no-crawford", dest="crawford", action="store_false")
    add = _options(mo, table)
    add("--games", type=_count(1), default=100_000)
    for flag in ("--jacoby", "--beavers", "--raccoons"):
        add(flag, action="store_true")
    add("--auto-doubles", type=_count(0), default=0)
    for p in (m, mo):
        add = _options(p, table)
        add("--player")
        add("--opponent")
        for depth in ("plies", "cube-plies", "opponent-plies", "opponent-cube-plies", "prune"):
            add(f"--{depth}", type=_count(0))
        add("--variant")
        add("--max-cube", type=_count(1))
        add("--no-cube", action="store_true")
        _run_options(p, "matches" if p is m else "games")


def _player(text: Optional[str], prune: Optional[int], *depths: Optional[int]) -> Any:
    from gammon._core import Variant
    from gammon.policies import Player, default_policy

    checker, _, cube = (text or "").partition("+")  # no text: the default player
    plies, cube_plies = (d or 0 for d in depths)
    first = checker.strip() or default_policy(Variant.BACKGAMMON)
    return Player(first, cube.strip() or None, plies, cube_plies, prune)


def _simulate(args: argparse.Namespace) -> int:
    from gammon._core import CubeRules
    from gammon.simulate import simulate_match, simulate_money

    first = _player(args.player, args.prune, args.plies, args.cube_plies)
    # Without --opponent the second player is the first, at the same depths unless told.
    mine = (args.plies, args.cube_plies) if args.opponent is None else (None, None)
    told = (args.opponent_plies, args.opponent_cube_plies)
    depths = [m if t is None else t for t, m in zip(told, mine)]
    players = (first, _player(args.opponent or args.player, args.prune, *depths))
    # The money options are options of `simulate money` only: absent, they are not given.
    given = _given(args, "max_cube", "jacoby", "beavers", "raccoons", "auto_doubles")
    how = {"players": players, "seed": args.seed, "variant": args.variant, "options": _run(args)}
    how["cube_rules"] = CubeRules(enabled=not args.no_cube, **given)
    if args.kind == "match":
        result: Any = simulate_match(
            args.length, matches=args.matches, crawford=args.crawford, **how
        )
    else:
        result = simulate_money(args.games, **how)
    return _print_result(args, result)


def _bearoff_parser(sub: Any) -> None:
    b = sub.add_parser(
        "bearoff",
        help="the bear-off databases",
        description="The bear-off databases: `gammon bearoff build` builds them ahead of time.",
    )
    actions = b.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    actions.required = True
    bb = _command(
        actions,
        "build",
        _bearoff,
        help="build the bear-off databases ahead of time",
        description="""Build (or check) the bear-off databases in the cache directory
        ($GAMMON_CACHE_DIR, else the user's cache directory) and print where they went and how
        big they are. A file that fails its checksum is rebuilt.""",
    )
    bb.add_argument(
        "--two-sided",
        type=int,
        metavar="N",
        help="also build the two-sided table of N checkers a side (1-10; the default size is "
        "8, or $GAMMON_BEAROFF_CHECKERS)",
    )


def _bearoff(args: argparse.Namespace) -> int:
    import gammon.bearoff as bearoff

    for t in bearoff.build(args.two_sided):
        where = t.path or "memory only (no cache directory)"
        how = t.origin + (f" in {t.build_seconds:.1f} s" if t.build_seconds else "")
        print(f"{t.kind} ({t.size}): {where}, {t.bytes:,} bytes, {how}")
        if t.write_error:
            print(f"  could not write the file: {t.write_error}", file=sys.stderr)
    return 0


# -- match files: convert, replay, analyze -----------------------------------------------------


def _files_parsers(sub: Any) -> None:
    c = _command(sub, "convert", _convert, help="convert a match file between .mat and .sgf")
    c.add_argument("input", help="a .mat or .sgf file")
    c.add_argument("output", help="the file to write; the extension picks the format")
    _crawford_option(c, "as the file says, or a .mat shows")
    r = _command(sub, "replay", _replay, help="replay a match file and print each game's result")
    r.add_argument("file", help="a .mat or .sgf file")
    _crawford_option(r, "as the file says, or a .mat shows")


def _read_match(path: str, args: argparse.Namespace) -> Any:
    from gammon.files import read_match

    with _reading(path):
        return read_match(path, crawford=None if args.crawford is None else args.crawford == "on")


def _convert(args: argparse.Namespace) -> int:
    from gammon.files import write_match

    rec = _read_match(args.input, args)
    write_match(rec, args.output)
    w, b = rec.final_score
    print(f"{args.input} -> {args.output}: {len(rec.games)} games, {w}-{b}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    """``gammon replay``: exit status 1 for an illegal record, naming the game, move and reason."""
    from gammon.errors import MatchRecordError

    try:
        rec = _read_match(args.file, args)
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


def _analyze_parser(sub: Any) -> None:
    a = _command(
        sub,
        "analyze",
        _analyze,
        help="analyse match files as gnubg does: error rates, luck, the worst decisions",
        description="""Analyse every checker play, cube action and roll of each match file
        (.mat or .sgf) with the net searched --plies deep, and print each player's statistics
        (error rates in thousandths of a point per decision, gnubg's marks, luck) and the worst
        decisions with their gnubg IDs and XGIDs.""",
    )
    add = _options(
        a,
        """
        files FILE  match files (.mat or .sgf)
        --worst N  decisions listed per match (10)
        --html OUT  write a page per match: OUT.html for one file, else pages in the folder OUT
        --threads N  threads (default: one per core)
        """,
    )
    add("files", nargs="+")
    _plies_option(a, "gnubg's is 2")
    _prune_option(a)
    add("--worst", type=_count(0), default=10)
    _json_option(a)
    add("--html")
    _net_option(a, "default: the shipped net)")
    add("--threads", type=_count(1))
    _crawford_option(a, "as each file says")


def _analyze(args: argparse.Namespace) -> int:
    """``gammon analyze``: the core's analysis of each file, with the IDs of the worst decisions."""
    import time
    from pathlib import Path

    from gammon.analysis import analyze_many
    from gammon.analysis_html import write_pages

    records = [_read_match(f, args) for f in args.files]
    start = time.perf_counter()
    progress = sys.stderr.isatty() and not args.json
    net = _load_net(args.net)
    analyses = analyze_many(
        records,
        plies=args.plies,
        net=net,
        prune=args.prune,
        threads=args.threads,
        progress=progress,
    )
    seconds = time.perf_counter() - start
    out = []
    for path, record, a in zip(args.files, records, analyses):
        white, black = a.names
        players = {"white": a.white.as_dict(), "black": a.black.as_dict()}
        item = {"file": path, "names": {"white": white, "black": black}, "length": a.length}
        item.update(games=len(a), plies=a.plies, players=players)
        item["game_stats"] = [
            {"white": g.white.as_dict(), "black": g.black.as_dict()} for g in a.games
        ]
        item["worst"] = _worst_with_ids(a, record, args.worst)
        out.append(item)
        if not args.json:
            print(f"{path}:\n{a}")
            if item["worst"]:
                print(f"Worst decisions ({len(item['worst'])}):")
            for d, w in zip(a.worst(args.worst), item["worst"]):
                print(f"  {d}")
                if "gnubg_id" in w:
                    print(f"      {w['gnubg_id']}" + (f"  {w['xgid']}" if w["xgid"] else ""))
            print()
    if args.json:
        print(json.dumps(out if len(out) > 1 else out[0], indent=1))
    if args.html:
        for page in write_pages(Path(args.html), list(zip(args.files, records, analyses))):
            print(f"wrote {page}", file=sys.stderr if args.json else sys.stdout)
    if not args.json:
        print(f"analysed {len(records)} file(s) at {args.plies} ply in {seconds:.2f} s")
    return 0


def _worst_with_ids(analysis: Any, record: Any, n: int) -> list[dict[str, Any]]:
    """The ``n`` worst decisions of ``analysis`` (of ``record``), each with its IDs."""
    from gammon.analysis_html import decision_dict, game_at

    return [decision_dict(d, game_at(record.games[d.game].game, d.step)) for d in analysis.worst(n)]


# -- serve, show ------------------------------------------------------------------------------


def _serve_parser(sub: Any) -> None:
    from gammon._core import Variant
    from gammon.policies import default_cube_policy, default_policy

    s = _command(sub, "serve", _serve, help="play for gnubg as its external player (FIBS boards)")
    add = _options(
        s,
        """
        --port  TCP port (gnubg: set player 0 external localhost:PORT)
        --host  address to bind (default 127.0.0.1)
        --policy  net (default: the net's checker play), pubeval (the fast baseline), heuristic,
          random
        --cube  cube policy: net (default: the net's probabilities by Janowski's formula), race
          (the Keith count in races), never
        --plies N  search the net's checker play N plies deep: 0 (default), 1 or 2
        --cube-plies N  search the net's cube decisions N plies deep: 0 (default), 1 or 2
        --net FILE  a weights file (gammon-train's .gnet): net in --policy and --cube means its
          nets
        --seed  seed of the random policy
        --max-connections  clients at once (8)
        --max-line  longest line in bytes (4096)
        --idle-timeout SECONDS  disconnect a client silent this long (600; 0: never). gnubg does
          not reconnect: raise it when gnubg's other player may think longer
        --max-output BYTES  disconnect a client that leaves more replies than this unread
          (65536)
        """,
    )
    add("--port", type=int, required=True)
    add("--host", default="127.0.0.1")
    add("--policy", default=default_policy(Variant.BACKGAMMON))
    add("--cube", default=default_cube_policy(Variant.BACKGAMMON))
    add("--plies", type=_count(0), default=0)
    add("--cube-plies", type=_count(0), default=0)
    add("--net")
    add("--seed", type=int, default=0)
    add("--max-connections", type=int, default=8)
    add("--max-line", type=int, default=4096)
    add("--idle-timeout", type=float, default=600.0)
    add("--max-output", type=int, default=65536)


def _serve(args: argparse.Namespace) -> int:
    import logging

    from gammon.serve import serve

    net = _load_net(args.net)
    _needs_net(
        net,
        [args.policy, args.cube],
        f"--net {args.net}: neither --policy ({args.policy}) nor --cube ({args.cube}) is net",
    )
    policy, cube = _with_net(args.policy, net), _with_net(args.cube, net)
    print(
        f"gammon serve: {getattr(policy, 'name', policy)} (cube: {getattr(cube, 'name', cube)}) "
        f"on {args.host}:{args.port} (gnubg: set player 0 external {args.host}:{args.port})",
        file=sys.stderr,
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("gammon serve: %(message)s"))
    log = logging.getLogger("gammon.serve")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    with contextlib.suppress(KeyboardInterrupt):
        names = "host seed plies cube_plies max_connections max_line max_output"
        options = _given(args, *names.split())
        serve(
            args.port, policy=policy, cube=cube, idle_timeout=args.idle_timeout or None, **options
        )
    return 0


def _show_parser(sub: Any) -> None:
    w = _command(sub, "show", _show, help="print a position, or draw it as SVG")
    _position_options(w, position="position")
    add = _options(
        w,
        """
        --svg FILE  write an SVG picture to FILE ('-': stdout)
        --perspective  the player whose side is at the bottom of the SVG (default white)
        --size PIXELS  width of the SVG in pixels
        """,
    )
    add("--svg")
    add("--perspective", choices=("white", "black"), default="white")
    add("--size", type=int)


def _show(args: argparse.Namespace) -> int:
    import gammon.svg as svg

    pos, game = _read(args.position, args)
    if not args.svg:
        print(pos)
        return 0
    # A gnubg ID or an XGID is drawn as a game, with its cube and dice.
    text = svg.board(game or pos, perspective=args.perspective, size=args.size)
    if args.svg == "-":
        sys.stdout.write(text)
    else:
        with open(args.svg, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


# -- main -------------------------------------------------------------------------------------


def _build_parser() -> argparse.ArgumentParser:
    from gammon._core import __version__

    parser = _Parser(
        prog="gammon",
        description="Backgammon and Long Nardy by the book, fast. "
        "Run `gammon COMMAND --help` for the options of a command.",
    )
    parser.add_argument(
        "--version", action="version", version=f"gammon {__version__}", help="print the version"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for build in (
        _rollout_parser,
        _simulate_parser,
        _plays_parser,
        _hint_parser,
        _evaluate_parser,
        _bearoff_parser,
        _files_parsers,
        _serve_parser,
        _show_parser,
        _analyze_parser,
    ):
        build(sub)
    return parser


def _closed_pipe() -> int:
    """Stop writing to a closed stdout without a traceback (exit status 141)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass
    return 141


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
        raise KeyboardInterrupt(signum)

    old = {sig: signal.signal(sig, handler) for sig in _STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, previous in old.items():
            signal.signal(sig, previous)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return its exit status.

    The statuses are :data:`EXIT_CODES`. Raises nothing: errors (a
    :class:`~gammon.GammonError`, a file that cannot be read or written, unreadable options)
    are printed on stderr, and an interrupted rollout or simulation prints its games first.
    """
    parser = _build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # Name the command whose options were mistyped, with that command's usage line.
            command = getattr(args, "parser", parser)
            command.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.command is None:
        parser.print_help()
        return 2
    received: list[int] = []
    try:
        try:
            with _stop_signals(received):
                status = args.run(args)
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
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        print(f"gammon: error: {where}{e.strerror or e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C or a stop signal outside a rollout (a running rollout returns its games).
        print("gammon: interrupted", file=sys.stderr)
        status = 130
    return 128 + received[0] if received else int(status)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
