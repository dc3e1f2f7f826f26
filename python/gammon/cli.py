"""The ``gammon`` command line: ``gammon rollout ...`` and ``gammon plays ...``.

Run ``gammon rollout --help`` for the options. ``gammon rollout`` with no option rolls out the
opening position of backgammon with a million pubeval games on every core, with a progress
bar, and prints a table of the result. ``gammon plays [POSITION_ID] [DICE]`` lists the legal
plays of a position for a roll (the starting position and 3-1 by default).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any, Optional

from gammon.errors import GammonError

__all__ = ["main"]


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gammon",
        description="Backgammon and Long Nardy by the book, fast.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    r = sub.add_parser(
        "rollout",
        help="play many games from a position and print the result",
        description=(
            "Play many games from a position with a built-in policy and print the outcome "
            "shares and the cubeless equity with its 95%% confidence interval. "
            "Ctrl-C (or SIGTERM, SIGHUP) stops early and prints the games finished so far."
        ),
    )
    r.add_argument("--position", metavar="ID", help="position ID (default: the start)")
    r.add_argument(
        "--variant",
        metavar="NAME",
        default=None,
        help="backgammon (default), nackgammon, hypergammon-1/2/3, long-nardy",
    )
    r.add_argument(
        "--turn",
        choices=("white", "black"),
        default=None,
        help="the player on roll in --position (default white)",
    )
    r.add_argument(
        "--games", type=int, default=1_000_000, metavar="N", help="games to play (default 1000000)"
    )
    r.add_argument(
        "--policy",
        default=None,
        metavar="NAME",
        help="random, pubeval (default; random for long-nardy) or heuristic (stronger than "
        "pubeval, about 55%% of its speed)",
    )
    r.add_argument(
        "--opponent-policy",
        default=None,
        metavar="NAME",
        help="the opponent's policy (default: the same as --policy)",
    )
    r.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help="master seed (default: a random one, printed)",
    )
    r.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="worker threads (default: one per core)",
    )
    r.add_argument(
        "--chunk-size",
        type=int,
        default=1296,
        metavar="N",
        help="games per unit of work (results do not depend on it)",
    )
    opening = r.add_mutually_exclusive_group()
    opening.add_argument(
        "--opening",
        dest="opening",
        action="store_true",
        default=None,
        help="first roll never a double (BG-10); default for the start",
    )
    opening.add_argument(
        "--no-opening",
        dest="opening",
        action="store_false",
        help="the player on roll rolls any roll first",
    )
    r.add_argument(
        "--no-quasi-random",
        dest="quasi_random",
        action="store_false",
        help="plain random dice for the first two rolls too",
    )
    r.add_argument(
        "--max-seconds", type=float, default=None, metavar="S", help="stop after S seconds"
    )
    r.add_argument(
        "--target-std-error",
        type=float,
        default=None,
        metavar="E",
        help="stop once the equity's standard error is at most E",
    )
    r.add_argument(
        "--end-variant",
        choices=("mars", "oin"),
        default=None,
        help="Long Nardy: mars (default; Mars scores 2) or oin (every win 1), LN-34",
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
    r.add_argument("--json", action="store_true", help="print the result as JSON")
    r.add_argument("--quiet", action="store_true", help="no progress bar")

    p = sub.add_parser("plays", help="list the legal plays of a position for a roll")
    p.add_argument("position", nargs="?", help="position ID (default: the start)")
    p.add_argument("dice", nargs="?", default="31", help="the roll, e.g. 31 (default)")
    p.add_argument("--variant", default="backgammon", help="e.g. nackgammon, long-nardy")
    p.add_argument("--turn", choices=("white", "black"), default="white", help="the player on roll")
    return parser


def _plays(args: argparse.Namespace) -> int:
    import gammon

    if args.position:
        pos = gammon.Position.from_id(args.position, variant=args.variant, turn=args.turn)
    else:
        pos = gammon.Position.start(args.variant, args.turn)
    plays = pos.legal_plays(args.dice)
    hi, lo = plays.dice
    print(pos)
    print(f"dice {hi}{lo}: {len(plays)} legal plays")
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
        "checkpoint": result.to_dict(),
    }


def _rollout(args: argparse.Namespace) -> int:
    import gammon

    if args.position is not None:
        position = gammon.Position.from_id(args.position, args.variant, args.turn)
    else:
        position = gammon.Position.start(args.variant, args.turn)
    policy: Any = args.policy
    if args.opponent_policy is not None:
        mine = args.policy or (
            "random" if position.variant == gammon.Variant.LONG_NARDY else "pubeval"
        )
        policy = (mine, args.opponent_policy)
    if not args.quiet and not args.json:
        print(
            f"rolling out {position.id} ({position.variant.canonical_name}), {args.games:,} games",
            file=sys.stderr,
        )
    nardy = None
    if args.end_variant is not None or args.koks is not None or args.last_roll:
        from gammon.nardy import NardySettings

        nardy = NardySettings(
            end_variant=args.end_variant or "mars",
            koks=args.koks or "off",
            last_roll=args.last_roll,
        )
    result = gammon.rollout(
        position,
        args.games,
        policy=policy,
        seed=args.seed,
        threads=args.threads,
        opening=args.opening,
        quasi_random=args.quasi_random,
        chunk_size=args.chunk_size,
        max_seconds=args.max_seconds,
        target_std_error=args.target_std_error,
        progress=not args.quiet,
        nardy=nardy,
    )
    if args.json:
        print(json.dumps(_summary(result), indent=2))
    else:
        print(result)
    return 130 if result.interrupted else 0


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
    """Within the block, SIGTERM and SIGHUP end a rollout as Ctrl-C does (issue 15).

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
    """Run the command line with ``argv`` (default ``sys.argv[1:]``).

    Returns the exit status: 0 on success, 2 for bad arguments (a :class:`GammonError`, whose
    message is printed), 130 when a rollout was interrupted with Ctrl-C (its partial result is
    printed), 143 or 129 when it was ended by SIGTERM or SIGHUP (likewise, with the partial
    result and its ``--json`` checkpoint). Raises only ``SystemExit`` from argparse for
    unreadable options.
    """
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    received: list[int] = []
    try:
        with _stop_signals(received):
            if args.command == "rollout":
                return _exit_status(received, _rollout(args))
            if args.command == "plays":
                return _plays(args)
    except GammonError as e:
        print(f"gammon: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C or a stop signal outside a rollout (a running rollout returns its games).
        print("gammon: interrupted", file=sys.stderr)
        return _exit_status(received, 130)
    parser.error(f"unknown command {args.command!r}")  # pragma: no cover
    return 2  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
