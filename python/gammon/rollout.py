"""Rollouts: play many games from a position and measure the result.

:func:`rollout` plays the games in Rust on every core, with the GIL released, and returns a
:class:`RolloutResult`::

    >>> import gammon
    >>> r = gammon.rollout(games=1296, policy="pubeval", seed=1, threads=1)
    >>> r.games_completed
    1296
    >>> round(r.win + r.lose, 6)
    1.0
    >>> r.equity == gammon.rollout(games=1296, policy="pubeval", seed=1, threads=2).equity
    True

Game *i* takes its dice from ``(seed, i)`` only, so the same seed gives the same games on any
number of threads, in chunks of any size, or split over machines (:meth:`RolloutResult.merge`).
The statistics are exact integer sums, so merged results equal a single run.

Policies are built-in names (``"random"``, ``"pubeval"``, ``"heuristic"``, ``"bearoff"``) or any
object with a ``choose(position, plays)`` method (:class:`Policy`). ``"pubeval"`` is Tesauro's
public linear evaluator with his published weights. ``"heuristic"`` is the strongest built-in:
pubeval's score with hand-written corrections (the rolls that hit each blot, counted roll by
roll; the opponent's checkers on the bar against the home board; primes; the race lead when a
play breaks contact), an exact one-sided bear-off table once the first checker is off, and
perfect play from the bear-off databases (:mod:`gammon.bearoff`) once both sides are home; it
beats pubeval by about 0.22 points a game and runs at more than half its speed. ``"bearoff"``
names that perfect bear-off play explicitly (the heuristic elsewhere). For Long Nardy
``"heuristic"`` is a hand-made policy of its own (race, blocks and primes in the opponent's path,
head play, bear-off distribution; it beats ``"random"`` by a wide margin); ``"pubeval"`` and
``"bearoff"`` play backgammon variants only. Python policies are the slow path: each decision
calls into Python, and such rollouts run on one thread.

``truncate="bearoff"`` settles each game at the first position whose exact value the bear-off
databases give (both sides home, in the two-sided table, each with a checker off) instead of
playing it out: the same mean as playing on with perfect bear-off play, for less work and less
noise. ``truncate="bearoff-one-sided"`` settles at any bear-off, valued from the one-sided
distributions where the two-sided table does not reach (as gnubg does; an approximation).
Long Nardy games are settled the same way at their race endings, under their own scoring.

Two more tools use a position *evaluator* (``evaluator=``: ``"bearoff"``, the bear-off
databases, exact in bear-offs and a pip-count estimate elsewhere; ``"net"``, the shipped
neural net of the variant, exact in bear-offs too; or a :class:`~gammon.Net` of your own).
``truncate_after=N`` settles a
game still going after ``N`` turns at the evaluator's value (a truncated rollout: as good as the
evaluator where it cuts). ``variance_reduction=True`` takes the luck of each roll off the game's
points, as GNU Backgammon does (its manual, "Rollouts"): a roll's luck is what the best play
after it is worth to the evaluator minus what the average roll is worth. The mean is unchanged
whatever the evaluator, and the standard error shrinks the better the evaluator is:

    >>> bearoff = gammon.Position.from_checkers({6: 2, 5: 2, 4: 2}, {6: 2, 5: 1, 3: 2})
    >>> plain = gammon.rollout(bearoff, 1296, policy="bearoff", seed=1)
    >>> reduced = gammon.rollout(bearoff, 1296, policy="bearoff", seed=1, variance_reduction=True)
    >>> reduced.std_error < plain.std_error / 10
    True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Any,
    NamedTuple,
    NoReturn,
    Optional,
    Union,
    overload,
)

import numpy as np
import numpy.typing as npt

import gammon._core as _core
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import brief
from gammon._checks import int_arg as _int_arg
from gammon._core import Color, CubeRules, Net, PlayList, Position, Variant
from gammon._distribute import DEFAULT_GAMES_PER_TASK, check_executor, check_picklable
from gammon._format import plus_minus
from gammon._results import RunResult, merge_ranges
from gammon._run import (
    DEFAULT_CHECKPOINT_EVERY,
    RunOptions,
    drive,
    read_bytes,
    refuse_unknown,
)
from gammon.errors import CheckpointError, InvalidInputError
from gammon.nardy import NardySettings
from gammon.policies import (
    BUILTIN_POLICIES,
    CubePolicySpec,
    FunctionPolicy,
    Policy,
    PolicySpec,
    _as_policy,
    _check_threads_for_python,
    default_policy,
)

if TYPE_CHECKING:
    from gammon.cubeful import CubefulRolloutResult

#: A cube policy for a cubeful :func:`rollout`: a built-in name or a
#: :class:`~gammon.CubePolicy` object.
CubeSpec = CubePolicySpec

__all__ = [
    "BUILTIN_POLICIES",
    "DEFAULT_CHECKPOINT_EVERY",
    "DEFAULT_GAMES_PER_TASK",
    "EVALUATORS",
    "KIND_NAMES",
    "TRUNCATIONS",
    "GameOutcomes",
    "Policy",
    "RolloutCheckpoint",
    "RolloutProgress",
    "RolloutResult",
    "RolloutSettings",
    "RunOptions",
    "read_checkpoint",
    "rollout",
]

#: The truncation rules of :func:`rollout`.
TRUNCATIONS = ("none", "bearoff", "bearoff-one-sided")

#: The position evaluators :func:`rollout` can cut games with (``truncate_after``) and measure
#: the luck of the dice with (``variance_reduction``).
EVALUATORS = ("bearoff", "net")

#: Names of the result classes, indexed as in :attr:`GameOutcomes.kind`.
KIND_NAMES = ("single", "gammon", "backgammon", "oin", "mars", "koks", "draw", "settled")

_WIN_KINDS = _core.WIN_KINDS


class RolloutProgress(NamedTuple):
    """What a progress callback receives."""

    done: int
    """Games finished so far."""
    total: int
    """Games asked for."""
    equity: float
    """Cubeless equity of the finished games (player on roll at the start)."""
    std_error: float
    """Its standard error."""
    elapsed: float
    """Seconds since the start."""


class GameOutcomes(NamedTuple):
    """Per-game results of a rollout as numpy arrays, one entry per game in game order."""

    winner: npt.NDArray[np.int8]
    """+1 when the player on roll at the start won, -1 when the opponent won, 0 otherwise."""
    kind: npt.NDArray[np.uint8]
    """Result class: an index into :data:`KIND_NAMES`."""
    points: npt.NDArray[np.float64]
    """Net points of the player on roll at the start."""
    plies: npt.NDArray[np.uint32]
    """Turns played."""


class _PolicyName:
    """A Python policy or a :class:`~gammon.Net` of your own read back from a checkpoint.

    The checkpoint records only its name: the class name, or ``"net:"`` and the checksum.

    It names the policy but cannot play (issue 15, D5).
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, position: Position, plays: PlayList) -> int:
        """Refuse to play: the policy itself was not saved."""
        self.refuse()

    def refuse(self) -> NoReturn:
        """Raise the error that says how to resume such a checkpoint."""
        if self.name.startswith("net:"):
            raise InvalidInputError(
                f"this rollout was played or evaluated by the net {self.name!r}, which a "
                "checkpoint records by name only: pass it to RolloutResult.from_dict(..., "
                "policy=...) (or evaluator=..., for a net that only evaluated) to resume it (D5)"
            )
        raise InvalidInputError(
            f"this rollout was played by the Python policy {self.name!r}, which a checkpoint "
            "records by name only: pass the policy objects to "
            "RolloutResult.from_dict(..., policy=...) to resume it (D5)"
        )


def _evaluator_name(e: Union[str, Net, _PolicyName, None]) -> Optional[str]:
    """The name of an evaluator: ``"bearoff"``, ``"net"``, a net's ``"net:..."`` or None."""
    if isinstance(e, (Net, _PolicyName)):
        return e.name
    return e


def _policy_name(p: PolicySpec) -> str:
    if isinstance(p, str):
        return p.strip().lower()
    if isinstance(p, Net):
        return p.name
    if isinstance(p, _PolicyName):
        return p.name
    if isinstance(p, FunctionPolicy):
        return p.__name__
    return type(p).__name__


class RolloutResult(RunResult):
    """The result of :func:`rollout`: outcome shares, cubeless equity and its error.

    All shares and the equity are from the side of the player on roll in :attr:`position`
    ("on roll"); the other player is the "opponent". ``win_gammon`` includes backgammons and
    ``win`` includes both, as in GNU Backgammon. The statistics are the core's
    :attr:`tally`: exact integer sums (fixed point), kept so that results can be merged and
    continued without rounding. With no games counted every share and the equity are NaN
    (the mean of nothing is undefined) and the standard error is infinite.
    """

    def __init__(
        self,
        *,
        position: Position,
        policies: tuple[PolicySpec, PolicySpec],
        seed: int,
        opening: bool,
        quasi_random: bool,
        tally: _core.Tally,
        stop: str,
        elapsed: float,
        threads: int,
        ranges: Sequence[tuple[int, int]],
        games_requested: int,
        outcomes: Optional[GameOutcomes] = None,
        nardy: Optional[NardySettings] = None,
        truncate: str = "none",
        truncate_after: Optional[int] = None,
        variance_reduction: bool = False,
        evaluator: Union[str, Net, _PolicyName, None] = None,
    ) -> None:
        self.position = position
        """The position rolled out."""
        self.truncate = truncate
        """Where games were settled early: ``"none"``, ``"bearoff"`` or ``"bearoff-one-sided"``."""
        self.truncate_after = truncate_after
        """The turns after which games were settled at the evaluator's value (None: never)."""
        self.variance_reduction = variance_reduction
        """True when the luck of the dice was taken off each game's points."""
        self._evaluator = evaluator
        self.evaluator = _evaluator_name(evaluator)
        """The name of the evaluator of ``truncate_after`` and ``variance_reduction``:
        ``"bearoff"``, ``"net"`` or a :class:`~gammon.Net`'s name (None: not used)."""
        self.nardy = nardy
        """The Long Nardy settings the games were scored by (None for backgammon)."""
        self._policies = policies
        self.policies = (_policy_name(policies[0]), _policy_name(policies[1]))
        """Names of the policies of the player on roll and of the opponent."""
        self.seed = seed
        """The master seed: with it the games can be replayed exactly."""
        self.opening = opening
        """True when the first roll was an opening roll (never a double, BG-10)."""
        self.quasi_random = quasi_random
        """True when the first two rolls were stratified (quasi-random dice)."""
        self.games_requested = games_requested
        """Games asked for."""
        self.tally = tally
        """The core's statistics of the games (exact sums, estimates, merge)."""
        self.games_completed: int = self.tally.games
        """Games played and counted."""
        self.interrupted = stop == "interrupted"
        """True when the rollout was interrupted (Ctrl-C or the callback) before the end."""
        self.stop_reason = stop
        """``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``."""
        self.elapsed = elapsed
        """Wall-clock seconds."""
        self.threads = threads
        """Worker threads used."""
        self.outcomes = outcomes
        """Per-game :class:`GameOutcomes` when ``record_games=True`` was asked, else None."""
        self.ranges = merge_ranges(ranges)
        """The game indices covered, as half-open intervals."""
        self.plies: int = self.tally.plies
        """Turns played in all games."""
        self.settled: int = self.tally.settled
        """Games settled early by the truncation rule (:attr:`truncate`)."""

    # -- statistics ---------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self.position.variant

    @property
    def is_long_nardy(self) -> bool:
        """True for a Long Nardy rollout (results are Oin, Mars, Koks and draws)."""
        return self.variant == Variant.LONG_NARDY

    @property
    def counts(self) -> dict[str, dict[str, float]]:
        """Games won by each side and class, and draws.

        ``{"on roll": {"single": n, ...}, "opponent": {...}, "draw": {"draw": n}}``; whole
        numbers unless games were settled early.
        """
        names = KIND_NAMES[:_WIN_KINDS]
        one = _core.ONE
        out = {
            side: {k: m / one for k, m in zip(names, self.tally.win[i])}
            for i, side in enumerate(("on roll", "opponent"))
        }
        out["draw"] = {"draw": self.tally.draw / one}
        return out

    @property
    def shares(self) -> dict[str, dict[str, float]]:
        """:attr:`counts` divided by the games played (exclusive classes)."""
        n = self.games_completed
        return {
            side: {k: (v / n if n else math.nan) for k, v in d.items()}
            for side, d in self.counts.items()
        }

    def _wins(self, side: int, kinds: Sequence[int]) -> float:
        return self.tally.share(side, list(kinds))

    @property
    def win(self) -> float:
        """Share of games won by the player on roll (all classes)."""
        return self._wins(0, range(_WIN_KINDS))

    @property
    def win_gammon(self) -> float:
        """Share won by a gammon or more (backgammons included; Long Nardy: Mars or Koks)."""
        return self._wins(0, (1, 2, 4, 5))

    @property
    def win_backgammon(self) -> float:
        """Share won by a backgammon (Long Nardy: Koks)."""
        return self._wins(0, (2, 5))

    @property
    def lose(self) -> float:
        """Share of games won by the opponent."""
        return self._wins(1, range(_WIN_KINDS))

    @property
    def lose_gammon(self) -> float:
        """Share lost by a gammon or more (backgammons included; Long Nardy: Mars or Koks)."""
        return self._wins(1, (1, 2, 4, 5))

    @property
    def lose_backgammon(self) -> float:
        """Share lost by a backgammon (Long Nardy: Koks)."""
        return self._wins(1, (2, 5))

    @property
    def draws(self) -> float:
        """Share of drawn games (Long Nardy's last roll only)."""
        return self.tally.draw_share

    @property
    def equity(self) -> float:
        """Cubeless equity: the player on roll's mean net points per game."""
        return self.tally.equity

    @property
    def _estimate(self) -> float:
        return self.equity

    @property
    def std_error(self) -> float:
        """Standard error of :attr:`equity` (sample standard deviation over sqrt(games)).

        With quasi-random dice the true error is smaller: this is a conservative figure.
        """
        return self.tally.std_error

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.games_completed / self.elapsed if self.elapsed > 0 else math.inf

    @property
    def mean_plies(self) -> float:
        """Average turns per game."""
        return self.plies / self.games_completed if self.games_completed else math.nan

    # -- merging, resuming, checkpoints -------------------------------------------------

    def _check_compatible(self, other: RolloutResult) -> None:
        mine = (
            self.position,
            self.seed,
            self.opening,
            self.quasi_random,
            self.policies,
            self.nardy,
            self.truncate,
            self.truncate_after,
            self.variance_reduction,
            self.evaluator,
        )
        theirs = (
            other.position,
            other.seed,
            other.opening,
            other.quasi_random,
            other.policies,
            other.nardy,
            other.truncate,
            other.truncate_after,
            other.variance_reduction,
            other.evaluator,
        )
        if mine != theirs:
            raise InvalidInputError(
                "only rollouts of the same position, seed, opening, dice, policies, truncation, "
                "variance reduction, evaluator and Long Nardy settings merge; "
                f"got {mine!r} and {theirs!r}"
            )

    def merge(self, other: RolloutResult) -> RolloutResult:
        """Combine both rollouts' games (for example ranges of games run on other machines).

        Exact: merging in any order gives the same totals.

        Raises :class:`InvalidInputError` when the rollouts differ in position, seed, opening,
        dice or policies, or when their games overlap.
        """
        self._check_compatible(other)
        ranges = merge_ranges(self.ranges + other.ranges)
        outcomes = None
        if self.outcomes is not None and other.outcomes is not None:
            pieces = []
            for r in (self, other):
                at = 0
                for a, b in r.ranges:
                    pieces.append((a, [col[at : at + b - a] for col in r.outcomes]))  # type: ignore[union-attr]
                    at += b - a
            pieces.sort(key=lambda piece: piece[0])
            outcomes = GameOutcomes(*(np.concatenate(col) for col in zip(*(p for _, p in pieces))))
        return RolloutResult(
            position=self.position,
            policies=self._policies,
            seed=self.seed,
            opening=self.opening,
            quasi_random=self.quasi_random,
            tally=self.tally.merge(other.tally),
            stop="interrupted" if (self.interrupted or other.interrupted) else "completed",
            elapsed=self.elapsed + other.elapsed,
            threads=max(self.threads, other.threads),
            games_requested=self.games_requested + other.games_requested,
            outcomes=outcomes,
            ranges=ranges,
            nardy=self.nardy,
            truncate=self.truncate,
            truncate_after=self.truncate_after,
            variance_reduction=self.variance_reduction,
            evaluator=self._evaluator,
        )

    @property
    def next_game(self) -> int:
        """The index of the first game after the ones played (where a resume starts)."""
        return self.ranges[-1][1] if self.ranges else 0

    def resume(self, games: int, **options: Any) -> RolloutResult:
        """Plays ``games`` more games after the last one played and returns the merged result.

        ``options`` are passed to :func:`rollout` (``threads``, ``progress``, ``callback``,
        ``max_seconds``, ``target_std_error``, ``chunk_size``, ``record_games``); the
        position, seed, dice and policies stay those of this result. Raises
        :class:`InvalidInputError` for bad options, as :func:`rollout` does.
        """
        for fixed in (
            "position",
            "seed",
            "opening",
            "quasi_random",
            "policy",
            "first_game",
            "nardy",
            "truncate",
            "truncate_after",
            "variance_reduction",
            "evaluator",
        ):
            if fixed in options:
                raise InvalidInputError(f"resume() keeps the rollout's {fixed}; do not pass it")
        for p in self._policies:
            if isinstance(p, _PolicyName):
                p.refuse()
        evaluator = self._evaluator
        if isinstance(evaluator, _PolicyName):
            evaluator.refuse()
        more = rollout(
            self.position,
            games,
            policy=self._policies,
            seed=self.seed,
            opening=self.opening,
            quasi_random=self.quasi_random,
            first_game=self.next_game,
            nardy=self.nardy,
            truncate=self.truncate,
            truncate_after=self.truncate_after,
            variance_reduction=self.variance_reduction,
            evaluator=evaluator,
            **options,
        )
        return self.merge(more)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready checkpoint (integers stay exact) that :meth:`from_dict` reads.

        Per-game outcomes are not included. The ``check`` field is a SHA-256 over a canonical
        encoding of the other fields (:meth:`from_dict` refuses a checkpoint that does not
        match it).
        """
        data = {
            "format": _CHECKPOINT_FORMAT,
            "position": self.position.id,
            "variant": self.variant.canonical_name,
            "turn": "white" if self.position.turn == _core.Color.WHITE else "black",
            "first_turn_exception": self.position.first_turn_exception,
            "block_check": self.position.block_check,
            "policies": list(self.policies),
            "seed": self.seed,
            "opening": self.opening,
            "quasi_random": self.quasi_random,
            "games_requested": self.games_requested,
            "ranges": [list(r) for r in self.ranges],
            "stop": self.stop_reason,
            "elapsed": self.elapsed,
            "threads": self.threads,
            "one": _core.ONE,
            "games": self.games_completed,
            "win": [list(side) for side in self.tally.win],
            "draw": self.tally.draw,
            "points": self.tally.points,
            "points_sq": self.tally.points_sq,
            "plies": self.plies,
            "settled": self.settled,
            "nardy": None if self.nardy is None else _nardy_dict(self.nardy),
            "truncate": self.truncate,
        }
        if self.evaluator is not None:
            # Written only when used, so that plain checkpoints keep their fields.
            data["evaluator"] = self.evaluator
            data["truncate_after"] = self.truncate_after
            data["variance_reduction"] = self.variance_reduction
            data["luck"] = self.tally.luck
        data["check"] = _checkpoint_check(data)
        return data

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        *,
        policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
        evaluator: Optional[Net] = None,
    ) -> RolloutResult:
        """Read a checkpoint made by :meth:`to_dict`, validated completely (issue 15, D5).

        Every field is checked: its type (a seed or a count must be an ``int``, not a float
        or a bool), its range, the sums (the wins and draws add up to the games, the points
        and their squares follow from the wins, the game ranges hold exactly the games
        counted and do not overlap) and the arguments (the policies, the variant's Long
        Nardy settings). The ``check`` field, a SHA-256 over a canonical encoding of the
        rest, must match: a checkpoint edited by hand (a relabelled seed, tampered counts) is
        refused. It guards against mistakes and corruption, not against a forger who
        recomputes it.

        A checkpoint of Python policies records only their class names, and of a
        :class:`~gammon.Net` only its name (``"net:"`` and its checksum): pass the policy
        objects as ``policy`` (one, or a pair as for :func:`rollout`) to be able to
        :meth:`resume` it; their names must match. A net that was the evaluator (of
        ``truncate_after`` or ``variance_reduction``) is taken from ``policy`` when it played
        too, else pass it as ``evaluator``.

        Raises :class:`InvalidInputError` (or a :class:`ParseError` for a bad position ID)
        naming what is wrong.
        """
        if not isinstance(data, dict):
            raise InvalidInputError(f"a rollout checkpoint is a dict, not {type(data).__name__}")
        try:
            if evaluator is not None and not isinstance(evaluator, Net):
                raise InvalidInputError(
                    f"evaluator must be a gammon.Net or None, not {evaluator!r}"
                )
            return cls._from_checked_dict(data, policy, evaluator)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            if isinstance(e, InvalidInputError):
                raise
            raise InvalidInputError(f"not a rollout checkpoint: {e!r}") from e

    @classmethod
    def _from_checked_dict(
        cls,
        data: dict[str, Any],
        policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None],
        given_evaluator: Optional[Net] = None,
    ) -> RolloutResult:
        missing = sorted(set(_CHECKPOINT_FIELDS) - set(data))
        extra = sorted(set(data) - set(_CHECKPOINT_FIELDS) - set(_CHECKPOINT_EVALUATOR_FIELDS))
        if "evaluator" in data and not missing:
            missing = sorted(set(_CHECKPOINT_EVALUATOR_FIELDS) - set(data))
        if missing or extra:
            raise InvalidInputError(
                f"not a rollout checkpoint: missing fields {missing}, unknown fields {extra}"
            )
        if data["format"] != _CHECKPOINT_FORMAT:
            raise InvalidInputError(
                f"checkpoint format {data['format']!r} is not {_CHECKPOINT_FORMAT!r}"
            )
        if data["check"] != _checkpoint_check(data):
            raise InvalidInputError(
                "the checkpoint's integrity check does not match its content: it was edited "
                "or corrupted (D5)"
            )
        # The §9 options are part of the position: without them a resumed Long Nardy
        # rollout would follow other rules (issue 15, D3).
        for name in ("position", "variant", "turn"):
            _cp_type(data, name, str)
        position = Position.from_id(
            data["position"],
            data["variant"],
            data["turn"],
            first_turn_exception=data["first_turn_exception"],
            block_check=data["block_check"],
        )
        seed = _cp_int(data, "seed", 0, _MAX_U64)
        games = _cp_int(data, "games", 0, _MAX_U64)
        requested = _cp_int(data, "games_requested", games, _MAX_U64)
        threads = _cp_int(data, "threads", 0, 1 << 16)
        plies = _cp_int(data, "plies", 0, _MAX_U64)
        settled = _cp_int(data, "settled", 0, _MAX_U64)
        for name in ("opening", "quasi_random"):
            _cp_type(data, name, bool)
        if data["stop"] not in _STOP_REASONS:
            raise InvalidInputError(
                f"checkpoint field stop must be one of {_STOP_REASONS}, not {data['stop']!r}"
            )
        elapsed = data["elapsed"]
        if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)):
            raise InvalidInputError(f"checkpoint field elapsed must be a number, not {elapsed!r}")
        if not (math.isfinite(elapsed) and elapsed >= 0):
            raise InvalidInputError(f"checkpoint field elapsed must be >= 0, not {elapsed!r}")
        _cp_int(data, "one", _core.ONE, _core.ONE)
        win = data["win"]
        if not (
            isinstance(win, list)
            and len(win) == 2
            and all(isinstance(side, list) and len(side) == _WIN_KINDS for side in win)
        ):
            raise InvalidInputError(
                f"checkpoint field win must be two lists of {_WIN_KINDS} counts, not {win!r}"
            )
        top = 2**128 - 1
        wins = [[_cp_int({"win": w}, "win", 0, top) for w in side] for side in win]
        # The core checks that the sums can come from the games (D5).
        tally = _core.Tally(
            games=games,
            win=wins,
            draw=_cp_int(data, "draw", 0, top),
            points=_cp_int(data, "points", -(2**127), 2**127 - 1),
            points_sq=_cp_int(data, "points_sq", 0, top),
            plies=plies,
            settled=settled,
            luck=_cp_int(data, "luck", -(2**127), 2**127 - 1) if "luck" in data else 0,
        )
        ranges = _cp_ranges(data["ranges"], games)
        policies = data["policies"]
        if not (
            isinstance(policies, list)
            and len(policies) == 2
            and all(isinstance(p, str) and p for p in policies)
        ):
            raise InvalidInputError(
                f"checkpoint field policies must be two names, not {policies!r}"
            )
        pair: tuple[PolicySpec, PolicySpec] = (
            _policy_spec(policies[0]),
            _policy_spec(policies[1]),
        )
        if policy is not None:
            given = _policy_pair(policy, position.variant)
            names = (_policy_name(given[0]), _policy_name(given[1]))
            if list(names) != policies:
                raise InvalidInputError(
                    f"policy= names {list(names)} but the checkpoint was made by {policies}"
                )
            pair = given
        truncate = data["truncate"]
        if truncate not in TRUNCATIONS:
            raise InvalidInputError(
                f"checkpoint field truncate must be one of {TRUNCATIONS}, not {truncate!r}"
            )
        evaluator = data.get("evaluator")
        truncate_after = data.get("truncate_after")
        variance_reduction = data.get("variance_reduction", False)
        evaluator_spec: Union[str, Net, _PolicyName, None] = evaluator
        if evaluator is not None:
            if not isinstance(evaluator, str) or not (
                evaluator in EVALUATORS or re.fullmatch(r"net:[0-9a-f]{8}", evaluator)
            ):
                raise InvalidInputError(
                    f"checkpoint field evaluator must be one of {EVALUATORS} or a net's name "
                    f"(net: and eight hex digits), not {evaluator!r}"
                )
            if evaluator not in EVALUATORS:
                nets = [n for n in (given_evaluator, *pair) if isinstance(n, Net)]
                evaluator_spec = next(
                    (n for n in nets if n.name == evaluator), _PolicyName(evaluator)
                )
            _cp_type(data, "variance_reduction", bool)
            if truncate_after is not None:
                truncate_after = _cp_int(data, "truncate_after", 0, 2**32 - 1)
            if truncate_after is None and not variance_reduction:
                raise InvalidInputError("checkpoint names an evaluator that nothing used")
        elif tally.luck:
            raise InvalidInputError("checkpoint counts luck without variance reduction")
        if given_evaluator is not None and given_evaluator.name != evaluator:
            raise InvalidInputError(
                f"evaluator= is {given_evaluator.name!r} but the checkpoint's evaluator is "
                f"{evaluator!r}"
            )
        backgammon_family = position.variant != Variant.LONG_NARDY
        if data["opening"] and not backgammon_family:
            raise InvalidInputError("a Long Nardy rollout has no opening roll (LN-10)")
        if backgammon_family:
            if data["nardy"] is not None:
                raise InvalidInputError("a backgammon checkpoint has no Long Nardy settings")
            nardy = None
        else:
            if not isinstance(data["nardy"], dict):
                raise InvalidInputError(
                    f"a Long Nardy checkpoint needs its settings, not {data['nardy']!r}"
                )
            nardy = _settings_for(position, NardySettings(**data["nardy"]))
        return cls(
            position=position,
            policies=pair,
            seed=seed,
            opening=data["opening"],
            quasi_random=data["quasi_random"],
            tally=tally,
            stop=data["stop"],
            elapsed=float(elapsed),
            threads=threads,
            games_requested=requested,
            ranges=ranges,
            nardy=nardy,
            truncate=truncate,
            truncate_after=truncate_after,
            variance_reduction=variance_reduction,
            evaluator=evaluator_spec,
        )

    # -- display --------------------------------------------------------------------------

    def describe(self) -> str:
        """One line naming what was rolled out."""
        first = "opening (no doubles first, BG-10)" if self.opening else "player on roll"
        pol = (
            self.policies[0]
            if self.policies[0] == self.policies[1]
            else f"{self.policies[0]} vs {self.policies[1]}"
        )
        rules = ""
        if self.nardy is not None:
            n = self.nardy
            rules = f", {n.end_variant}, koks {n.koks}, last roll {'on' if n.last_roll else 'off'}"
        cut = "" if self.truncate == "none" else f", truncated at {self.truncate}"
        if self.truncate_after is not None:
            cut += f", cut after {self.truncate_after} turns by {self.evaluator}"
        if self.variance_reduction:
            cut += f", variance reduction by {self.evaluator}"
        return (
            f"rollout of {self.position.id} ({self.variant.canonical_name}{rules}, {first}, "
            f"{pol}{cut}, seed {self.seed})"
        )

    def __str__(self) -> str:
        n = self.games_completed
        status = self.stop_reason
        if self.interrupted:
            status = f"interrupted after {n:,} of {self.games_requested:,} games"
        lines = [
            self.describe(),
            f"{n:,} games in {self.elapsed:.1f} s: {self.games_per_second:,.0f} games/s on "
            f"{self.threads} thread{'s' if self.threads != 1 else ''} ({status})",
        ]
        if self.is_long_nardy:
            head = ("win", "mars", "koks")
        else:
            head = ("win", "gammon", "backgammon")
        lines.append(f"{'':10}{head[0]:>8}{head[1]:>8}{head[2]:>12}")
        rows = (
            ("on roll", self.win, self.win_gammon, self.win_backgammon),
            ("opponent", self.lose, self.lose_gammon, self.lose_backgammon),
        )
        for name, w, g, b in rows:
            lines.append(f"  {name:<8}{w:>8.4f}{g:>8.4f}{b:>12.4f}")
        if self.tally.draw:
            lines.append(f"  {'draws':<8}{self.draws:>8.4f}")
        lo, hi = self.ci95
        lines.append(
            f"  cubeless equity {plus_minus(self.equity, self.std_error)}, "
            f"CI {lo:+.4f} .. {hi:+.4f}, standard error {self.std_error:.4f}"
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<RolloutResult {self.position.id} games={self.games_completed} "
            f"equity={plus_minus(self.equity, self.std_error)} seed={self.seed}"
            f"{' interrupted' if self.interrupted else ''}>"
        )

    def _key(self) -> tuple[Any, ...]:
        return (
            self.position,
            self.policies,
            self.seed,
            self.opening,
            self.quasi_random,
            self.truncate,
            self.truncate_after,
            self.variance_reduction,
            self.evaluator,
            self.ranges,
            self.tally,
        )


# -- checkpoints ------------------------------------------------------------------------------

_CHECKPOINT_FORMAT = "gammon.rollout/1"
_CHECKPOINT_FIELDS = (
    "format",
    "check",
    "position",
    "variant",
    "turn",
    "first_turn_exception",
    "block_check",
    "policies",
    "seed",
    "opening",
    "quasi_random",
    "games_requested",
    "ranges",
    "stop",
    "elapsed",
    "threads",
    "one",
    "games",
    "win",
    "draw",
    "points",
    "points_sq",
    "plies",
    "settled",
    "nardy",
    "truncate",
)
#: Fields a checkpoint has when it used an evaluator (``truncate_after`` or variance
#: reduction); a plain checkpoint has none of them.
_CHECKPOINT_EVALUATOR_FIELDS = ("evaluator", "truncate_after", "variance_reduction", "luck")
_STOP_REASONS = ("completed", "interrupted", "max_seconds", "target_std_error")


def _checkpoint_check(data: dict[str, Any]) -> str:
    """Return the SHA-256 of ``data`` without its ``check`` field.

    The encoding is canonical JSON: sorted keys, no spaces, no NaN.
    """
    body = {k: v for k, v in data.items() if k != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _policy_spec(name: str) -> PolicySpec:
    return name if name in BUILTIN_POLICIES else _PolicyName(name)


def _cp_type(data: dict[str, Any], name: str, kind: type) -> None:
    if not isinstance(data[name], kind):
        raise InvalidInputError(
            f"checkpoint field {name} must be a {kind.__name__}, not {data[name]!r}"
        )


def _cp_int(data: dict[str, Any], name: str, low: int, high: int) -> int:
    v = data[name]
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidInputError(f"checkpoint field {name} must be an int, not {v!r}")
    if not low <= v <= high:
        raise InvalidInputError(f"checkpoint field {name} must be in {low}..{high}, not {v}")
    return v


def _cp_ranges(value: object, games: int) -> tuple[tuple[int, int], ...]:
    """Return the game ranges of a checkpoint, checked.

    They are pairs of ints ``0 <= a <= b < 2**64``, without overlap, holding exactly
    ``games`` games (an empty one only for a result of no games).
    """
    if not isinstance(value, list) or not value:
        raise InvalidInputError(f"checkpoint field ranges must be a non-empty list, not {value!r}")
    pairs = []
    for r in value:
        if not (isinstance(r, list) and len(r) == 2):
            raise InvalidInputError(f"a checkpoint range is a pair [first, end], not {r!r}")
        a = _cp_int({"ranges": r[0]}, "ranges", 0, _MAX_U64)
        b = _cp_int({"ranges": r[1]}, "ranges", a, _MAX_U64)
        pairs.append((a, b))
    ranges = merge_ranges(pairs)
    covered = sum(b - a for a, b in ranges)
    if covered != games:
        raise InvalidInputError(
            f"the checkpoint's ranges hold {covered} games but it counts {games}: "
            "a resume would count games twice or skip them (D5)"
        )
    return ranges


# -- the function ---------------------------------------------------------------------------


def _nardy_dict(settings: NardySettings) -> dict[str, Any]:
    return {
        "end_variant": settings.end_variant,
        "koks": settings.koks,
        "last_roll": settings.last_roll,
        "first_move_in_series": settings.first_move_in_series,
        "first_turn_exception": settings.first_turn_exception,
        "block_check": settings.block_check,
    }


def _settings_for(pos: Position, nardy: Optional[NardySettings]) -> NardySettings:
    """The Long Nardy settings of a rollout of ``pos``, agreeing with the position's §9 options.

    The position carries the options that the move generator follows (``first_turn_exception``,
    ``block_check``); settings that name other values would be recorded but not played, so
    they are refused (issue 15, D4). Without settings, the defaults take the position's options.
    """
    if nardy is None:
        return NardySettings(
            first_turn_exception=pos.first_turn_exception or "head_blocked",
            block_check=pos.block_check or "every_step",
        )
    for name in ("first_turn_exception", "block_check"):
        wanted, played = getattr(nardy, name), getattr(pos, name)
        if wanted != played:
            raise InvalidInputError(
                f"nardy.{name}={wanted!r} but the position plays {name}={played!r}; the "
                f"position's options decide the play, so build it with {name}={wanted!r} "
                "(for example NardySettings.start_position() or Position.start("
                f"'long-nardy', {name}=...)) (§9)"
            )
    return nardy


def _resolve_position(position: Union[Position, str, None], variant: object) -> Position:
    if isinstance(position, Position):
        if variant is not None and Position.start(variant).variant != position.variant:  # type: ignore[arg-type]
            raise InvalidInputError(
                f"variant={variant!r} does not match the position's variant "
                f"{position.variant.canonical_name}"
            )
        return position
    if position is None:
        return Position.start(variant)  # type: ignore[arg-type]
    if isinstance(position, str):
        return Position.from_id(position, variant)  # type: ignore[arg-type]
    raise InvalidInputError(f"position must be a gammon.Position or an ID, not {position!r}")


def _policy_pair(policy: object, variant: Variant) -> tuple[PolicySpec, PolicySpec]:
    if policy is None:
        policy = default_policy(variant)
    if isinstance(policy, tuple) and len(policy) == 2:
        pair = (_as_policy(policy[0]), _as_policy(policy[1]))
    elif isinstance(policy, (str, Policy)) or callable(policy):
        one = _as_policy(policy)
        pair = (one, one)
    else:
        raise InvalidInputError(
            "policy must be a name (random, pubeval, heuristic, bearoff, net), an object with a "
            "choose(position, plays) method, a function f(position, plays), or a pair of "
            f"them; got {brief(policy)}"
        )
    for p in pair:
        if isinstance(p, str):
            if p.strip().lower() not in BUILTIN_POLICIES:
                raise InvalidInputError(
                    f"unknown policy {brief(p)}; built-in policies: {', '.join(BUILTIN_POLICIES)}"
                )
        elif not isinstance(p, Policy):
            raise InvalidInputError(f"{brief(p)} has no choose(position, plays) method")
    return (pair[0], pair[1])


def _setup(
    pos: Position,
    pair: tuple[PolicySpec, PolicySpec],
    *,
    seed: Optional[int],
    opening: Optional[bool],
    quasi_random: bool,
    nardy: Optional[NardySettings],
    truncate: Optional[str],
    truncate_after: Optional[int],
    variance_reduction: bool,
    evaluator: Union[str, Net, None],
    first_game: int,
    games: int,
) -> _Setup:
    """The checked :class:`_Setup` of a cubeless rollout of ``pos`` (see :func:`rollout`).

    Raises :class:`InvalidInputError` for an argument :func:`rollout` refuses.
    """
    backgammon_family = pos.variant != Variant.LONG_NARDY
    if nardy is not None and not isinstance(nardy, NardySettings):
        raise InvalidInputError(f"nardy must be a gammon.nardy.NardySettings, not {nardy!r}")
    if backgammon_family and nardy is not None:
        raise InvalidInputError("nardy= settings apply to Long Nardy rollouts only")
    settings = None if backgammon_family else _settings_for(pos, nardy)
    cut = "none" if truncate is None else truncate
    if not isinstance(cut, str) or cut not in TRUNCATIONS:
        raise InvalidInputError(
            f"truncate must be one of {', '.join(map(repr, TRUNCATIONS))} or None, not {truncate!r}"
        )
    if truncate_after is not None:
        truncate_after = _int_arg("truncate_after", truncate_after, 0, 2**32 - 1)
    if not isinstance(variance_reduction, bool):
        raise InvalidInputError(
            f"variance_reduction must be True or False, not {brief(variance_reduction)}"
        )
    uses_evaluator = truncate_after is not None or variance_reduction
    if evaluator is not None and not isinstance(evaluator, Net) and evaluator not in EVALUATORS:
        raise InvalidInputError(
            f"evaluator must be one of {', '.join(map(repr, EVALUATORS))} or a gammon.Net, "
            f"not {brief(evaluator)}"
        )
    evaluator = (evaluator or EVALUATORS[0]) if uses_evaluator else None
    if opening is None:
        opening = backgammon_family and pos == Position.start(pos.variant, pos.turn)
    opening = bool(opening) and backgammon_family
    return _Setup(
        position=pos,
        policies=pair,
        seed=seed,
        opening=opening,
        quasi_random=bool(quasi_random),
        nardy=settings,
        truncate=cut,
        truncate_after=truncate_after,
        variance_reduction=variance_reduction,
        evaluator=evaluator,
        first_game=first_game,
        games=games,
    )


@dataclass(frozen=True)
class RolloutSettings:
    """What the games of a rollout are played by (besides the position and the seed).

    Every rollout function takes these fields as keywords too (``rollout(pos, policy="net")``)
    or the value itself (``settings=RolloutSettings(policy="net")``; keywords given beside it
    override its fields). See :func:`rollout` for each field; they are checked, with the
    position, when the rollout starts.
    """

    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None
    opening: Optional[bool] = None
    quasi_random: bool = True
    nardy: Optional[NardySettings] = None
    truncate: Optional[str] = None
    truncate_after: Optional[int] = None
    variance_reduction: bool = False
    evaluator: Union[str, Net, None] = None
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec], None] = None
    cube_value: Optional[int] = None
    cube_owner: Union[Color, str, None] = None
    cube_rules: Optional[CubeRules] = None

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The names of the fields (the game keywords of every rollout function)."""
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def take(cls, settings: Optional[RolloutSettings], keywords: dict[str, Any]) -> RolloutSettings:
        """``settings`` (or the defaults) with the game keywords of ``keywords`` applied.

        The keywords used are removed from ``keywords``.
        """
        if settings is not None and not isinstance(settings, RolloutSettings):
            raise InvalidInputError(
                f"settings must be a gammon.RolloutSettings, not {brief(settings)}"
            )
        given = {name: keywords.pop(name) for name in cls.fields() if name in keywords}
        if settings is None:
            return cls(**given)
        return dataclasses.replace(settings, **given) if given else settings


#: The direct keywords of :func:`rollout` besides the settings and the execution options.
_ROLLOUT_KEYWORDS = ("position", "games", "seed", "first_game", "record_games", "variant")


@overload
def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    first_game: int = 0,
    record_games: bool = False,
    variant: Union[Variant, str, None] = None,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    cube: None = None,
    **keywords: Any,
) -> RolloutResult: ...


@overload
def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    first_game: int = 0,
    record_games: bool = False,
    variant: Union[Variant, str, None] = None,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec]],
    **keywords: Any,
) -> CubefulRolloutResult: ...


def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    first_game: int = 0,
    record_games: bool = False,
    variant: Union[Variant, str, None] = None,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    **keywords: Any,
) -> Union[RolloutResult, CubefulRolloutResult]:
    """Plays ``games`` games from ``position`` and returns a :class:`RolloutResult`.

    ``position``: a :class:`Position`, a position ID, or None for the start of ``variant``
    (default backgammon). ``seed``: the master seed (a random one when None; it is in the
    result). ``first_game``: index of the first game (to run a range of a larger rollout
    elsewhere and :meth:`~RolloutResult.merge` it). ``record_games``: keep per-game
    :class:`GameOutcomes` (memory grows with the games; otherwise it does not).

    **Game settings** (keywords, or ``settings=``: a :class:`RolloutSettings`):

    ``policy``: ``"random"``, ``"pubeval"`` (default for backgammon variants),
    ``"heuristic"`` (stronger than pubeval, slower), ``"net"``, a :class:`~gammon.Net`, a
    :class:`Policy` object, a function ``f(position, plays)`` returning a play or its index,
    or a pair (player on roll, opponent); Long Nardy defaults to ``"net"``
    (:func:`default_policy`). A policy written in Python runs on one thread, and ``threads``
    above 1 with one raises :class:`InvalidInputError`. ``opening``: make the first roll an
    opening roll, never a double (BG-10); None means yes for the starting position of a
    backgammon variant. Long Nardy's first roll is an ordinary roll (LN-10).
    ``quasi_random``: stratify the first two rolls (every 36 games cover all first rolls,
    every 1296 all pairs; 15 and 540 for an opening). ``nardy``: the
    :class:`~gammon.nardy.NardySettings` that score Long Nardy games (Oin/Mars, Koks, the
    last-roll right of LN-37; default ``NardySettings()``); only for Long Nardy.
    ``truncate``: ``"bearoff"`` settles each game at its exact bear-off value as soon as it
    has one (both sides home in the two-sided table, each with a checker off),
    ``"bearoff-one-sided"`` at any bear-off (one-sided estimate beyond the two-sided table),
    None or ``"none"`` plays every game out; settled games count their expected result and
    show as ``"settled"`` in the per-game outcomes. In Long Nardy games are settled at their
    race endings (both players with every checker home), scored under ``nardy``;
    ``"bearoff"`` needs the two-sided table's exact value (no last roll, a checker off on
    each side). ``truncate_after``: settle each game still going after that many turns at
    ``evaluator``'s value (a truncated rollout; None plays on). ``variance_reduction``: take
    the luck of each roll, as ``evaluator`` measures it, off each game's points (GNU
    Backgammon's method): the equity keeps its mean and its standard error shrinks; the win
    and gammon shares stay those of the games as played. ``evaluator``: one of
    :data:`EVALUATORS` (default ``"bearoff"``) or a :class:`~gammon.Net` of the position's
    game, used only by those two.

    ``cube``: play money games with the doubling cube in play for both sides and return a
    :class:`~gammon.CubefulRolloutResult` (the cubeful equity per initial cube unit, its
    standard error, how often doubles and drops happened): a cube policy name (``"net"``:
    Janowski's model over the shipped net, backgammon and nackgammon; ``"race"``: the Keith
    count in races; ``"never"``), a :class:`~gammon.CubePolicy` object, or a pair (player on
    roll, opponent). ``cube_value`` (default 1, a power of two) and ``cube_owner`` (None:
    centred; ``"white"``, ``"black"`` or a :class:`~gammon.Color`) set the cube every game
    starts with; ``cube_rules`` (a :class:`~gammon.CubeRules`, default ``CubeRules()``) the
    money options (Jacoby, beavers, raccoons, the cap). The player on roll may double before
    the first roll unless it is an opening roll (BG-12). Options that settle or reweight
    games cubeless (``truncate``, ``truncate_after``, ``variance_reduction``,
    ``evaluator``), ``record_games``, ``executor``, ``checkpoint`` and Long Nardy do not
    combine with ``cube`` and raise :class:`InvalidInputError` naming the conflict;
    ``cube_value``, ``cube_owner`` and ``cube_rules`` without ``cube`` raise too. See
    :mod:`gammon.cubeful`.

    **Execution** (keywords, or ``options=``: a :class:`~gammon.RunOptions`): ``threads``
    (None: one per core), ``chunk_size`` (games per unit of work; results do not depend on
    it), ``max_seconds`` and ``target_std_error`` (stop rules; the latter after at least
    1296 games, at the first chunk where the standard error is that low), ``progress`` (a
    progress bar), ``callback`` (called with a :class:`RolloutProgress` after each chunk
    and at least every 0.1 s).

    ``executor``: a ``dask.distributed.Client`` or any ``concurrent.futures.Executor``; the
    games are split into ranges of ``games_per_task`` game indices (default
    :data:`DEFAULT_GAMES_PER_TASK`), each range is played on a worker (with ``threads``
    threads, default 1: one task per worker thread) and the results are merged, so the
    result is equal to the single-machine result of the seed. A range whose task fails is
    run again (a Dask client gets ``retries=``; a plain executor gets it submitted again up
    to ``retries`` times), never counted twice. Python policies must pickle to be shipped.
    Progress and the callback advance as ranges finish; the stop rules are checked on the
    merged games.

    ``checkpoint``: a file where the rollout keeps its state (the merged statistics, the game
    ranges done, the setup, a format version and a SHA-256 integrity check), written
    atomically every ``checkpoint_every`` seconds (default
    :data:`DEFAULT_CHECKPOINT_EVERY`), when the rollout stops and at the end, so that a
    killed process loses at most that interval. The path is checked before the first game
    (:class:`CheckpointError` naming it); a write that fails later is reported as a warning
    and the games stay in the result. If the file exists, the rollout continues it: run
    again with the same arguments, it plays only the games not done (``games`` may be
    raised to extend it; ``seed=None`` takes the checkpoint's seed). A checkpoint made with
    other arguments, or a corrupt or edited one, raises :class:`CheckpointError` naming the
    difference. Per-game outcomes are not kept in checkpoints (``record_games`` is refused
    with one).

    Ctrl-C (or a ``KeyboardInterrupt`` raised by the callback or a Python policy) stops the
    rollout and returns the games finished so far with ``interrupted`` set.

    Raises :class:`InvalidInputError` for bad arguments (an unknown keyword, an unknown
    policy, a policy that cannot play the variant, counts out of range), :class:`ParseError`
    for a bad position ID, :class:`CheckpointError` for a checkpoint that does not fit,
    :class:`InternalError` if a game cannot be finished, and whatever a Python policy or the
    callback raises.
    """
    run = RunOptions.take(options, keywords)
    game = RolloutSettings.take(settings, keywords)
    refuse_unknown(
        "rollout", keywords, _ROLLOUT_KEYWORDS, RunOptions.fields(), RolloutSettings.fields()
    )
    pos = _resolve_position(position, variant)
    games = _int_arg("games", games, 0)
    first_game = _int_arg("first_game", first_game, 0, _MAX_U64 - games)
    seed_given = seed
    seed = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    pair = _policy_pair(game.policy, pos.variant)
    _check_threads_for_python(run.threads, pair)
    if game.cube is not None:
        import gammon.cubeful as cubeful

        cubeful.refuse_uncubeful_options(
            nardy=game.nardy,
            truncate=game.truncate,
            truncate_after=game.truncate_after,
            variance_reduction=game.variance_reduction,
            evaluator=game.evaluator,
            record_games=record_games,
            executor=run.executor,
            checkpoint=run.checkpoint,
        )
        backgammon = pos.variant != Variant.LONG_NARDY
        user = run.callback
        return cubeful.cubeful_rollout(
            pos,
            games,
            policies=pair,
            policy_names=(_policy_name(pair[0]), _policy_name(pair[1])),
            cube=game.cube,
            cube_value=game.cube_value,
            cube_owner=game.cube_owner,
            cube_rules=game.cube_rules,
            seed=seed,
            threads=run.threads,
            opening=bool(
                (backgammon and pos == Position.start(pos.variant, pos.turn))
                if game.opening is None
                else game.opening
            ),
            quasi_random=bool(game.quasi_random),
            first_game=first_game,
            chunk_size=run.chunk_size or _core.DEFAULT_CHUNK_SIZE,
            max_seconds=run.max_seconds,
            target_std_error=run.target_std_error,
            progress=run.progress,
            callback=None if user is None else lambda *p: user(RolloutProgress(*p)),
        )
    for name, value in (
        ("cube_value", game.cube_value),
        ("cube_owner", game.cube_owner),
        ("cube_rules", game.cube_rules),
    ):
        if value is not None:
            raise InvalidInputError(
                f"{name} applies to cubeful rollouts only: pass cube= (a cube policy: never, "
                "race, net or a CubePolicy object) with it"
            )
    setup = _setup(
        pos,
        pair,
        seed=None if seed_given is None else seed,
        opening=game.opening,
        quasi_random=game.quasi_random,
        nardy=game.nardy,
        truncate=game.truncate,
        truncate_after=game.truncate_after,
        variance_reduction=game.variance_reduction,
        evaluator=game.evaluator,
        first_game=first_game,
        games=games,
    )
    if run.checkpoint is not None and record_games:
        raise InvalidInputError(
            "record_games=True cannot be combined with checkpoint=: checkpoints keep the "
            "statistics, not the per-game outcomes"
        )
    return drive(_RolloutKind(setup, seed, bool(record_games)), first_game, games, run)


# -- distributed and checkpointed rollouts ------------------------------------------------------

_CHECKPOINT_FILE_FORMAT = "gammon.rollout-checkpoint/1"
#: The format of the checkpoint files of :func:`~gammon.rollout_many` (``gammon.compare``).
_MANY_CHECKPOINT_FILE_FORMAT = "gammon.rollout-many-checkpoint/1"


class RolloutCheckpoint(NamedTuple):
    """A checkpoint file read by :func:`read_checkpoint`: the games done and the run asked for."""

    result: RolloutResult
    """The games done so far (merged statistics and their game ranges) and the rollout's setup."""
    first_game: int
    """The index of the first game of the rollout."""
    games: int
    """The games the rollout was asked for."""


@dataclass(frozen=True)
class _Setup:
    """What decides a rollout's games: the arguments a checkpoint must agree with."""

    position: Position
    policies: tuple[PolicySpec, PolicySpec]
    seed: Optional[int]
    opening: bool
    quasi_random: bool
    nardy: Optional[NardySettings]
    truncate: str
    truncate_after: Optional[int]
    variance_reduction: bool
    evaluator: Union[str, Net, None]
    first_game: int
    games: int

    def options(self, seed: int) -> dict[str, Any]:
        """The arguments of :func:`rollout` that play this setup's games with ``seed``."""
        return {
            "position": self.position,
            "policy": self.policies,
            "seed": seed,
            "opening": self.opening,
            "quasi_random": self.quasi_random,
            "nardy": self.nardy,
            "truncate": self.truncate,
            "truncate_after": self.truncate_after,
            "variance_reduction": self.variance_reduction,
            "evaluator": self.evaluator,
        }

    def make(
        self,
        seed: int,
        tally: _core.Tally,
        ranges: Sequence[tuple[int, int]],
        *,
        stop: str,
        elapsed: float,
        threads: int,
        games: int,
        outcomes: Optional[GameOutcomes] = None,
    ) -> RolloutResult:
        """The result of this setup's games ``ranges`` with their statistics ``tally``."""
        return RolloutResult(
            position=self.position,
            policies=self.policies,
            seed=seed,
            opening=self.opening,
            quasi_random=self.quasi_random,
            tally=tally,
            stop=stop,
            elapsed=elapsed,
            threads=threads,
            ranges=ranges,
            games_requested=games,
            outcomes=outcomes,
            nardy=self.nardy,
            truncate=self.truncate,
            truncate_after=self.truncate_after,
            variance_reduction=self.variance_reduction,
            evaluator=self.evaluator,
        )


def _empty_tally() -> _core.Tally:
    return _core.Tally(
        games=0,
        win=[[0] * _WIN_KINDS, [0] * _WIN_KINDS],
        draw=0,
        points=0,
        points_sq=0,
        plies=0,
        settled=0,
    )


def _combined_estimate(tally: _core.Tally, done: int, eq: float, se: float) -> tuple[float, float]:
    """The equity and standard error of ``tally`` and ``done`` more games.

    The games have mean ``eq`` and error ``se``; for progress reports only (floating point).
    """
    n1, n2 = tally.games, done
    if n2 < 2 or not math.isfinite(se):
        return (tally.equity, tally.std_error) if n1 else (eq, se)
    if n1 < 2:
        return eq, se
    m1, m2 = tally.equity, eq
    q1 = tally.std_error**2 * n1 * (n1 - 1) + n1 * m1 * m1
    q2 = se**2 * n2 * (n2 - 1) + n2 * m2 * m2
    n = n1 + n2
    mean = (n1 * m1 + n2 * m2) / n
    var = max(0.0, (q1 + q2 - n * mean * mean) / (n - 1))
    return mean, math.sqrt(var / n)


def _checkpoint_file_dict(result: RolloutResult, first_game: int, games: int) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": _CHECKPOINT_FILE_FORMAT,
        "first_game": first_game,
        "games": games,
        "rollout": result.to_dict(),
    }
    data["check"] = _checkpoint_check(data)
    return data


def _read_checkpoint_file(
    path: Union[str, os.PathLike[str]], file_format: str, fields: set[str]
) -> tuple[str, dict[str, Any]]:
    """The path as text and the JSON object of the checkpoint file at ``path``, checked.

    Its format, its fields and its integrity check are verified.

    Raises :class:`CheckpointError` naming what is wrong.
    """
    where = os.fspath(path)
    return where, _parse_checkpoint(read_bytes(Path(where)), where, file_format, fields)


def _parse_checkpoint(raw: bytes, where: str, file_format: str, fields: set[str]) -> dict[str, Any]:
    """The JSON object of a checkpoint file's bytes: format, fields and integrity checked."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as e:
        raise CheckpointError(f"the checkpoint {where} is not JSON (corrupt?): {e}") from None
    if not isinstance(data, dict) or data.get("format") != file_format:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        hint = {
            _CHECKPOINT_FILE_FORMAT: " (it is the checkpoint of one rollout: continue it with "
            "rollout(..., checkpoint=) or gammon rollout --resume)",
            _MANY_CHECKPOINT_FILE_FORMAT: " (it is the checkpoint of rollout_many, rank_plays "
            "or gammon rollout --plays: continue it with the same call or command)",
        }.get(str(found), "")
        raise CheckpointError(
            f"{where} is not a rollout checkpoint file: its format is {found!r}, not "
            f"{file_format!r}{hint}"
        )
    if set(data) != fields:
        raise CheckpointError(
            f"the checkpoint {where} has fields {sorted(data)}, not {sorted(fields)}"
        )
    if data["check"] != _checkpoint_check(data):
        raise CheckpointError(
            f"the checkpoint {where} fails its integrity check: it was edited or corrupted"
        )
    return data


def read_checkpoint(
    path: Union[str, os.PathLike[str]],
    *,
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
) -> RolloutCheckpoint:
    """Read a checkpoint file written by :func:`rollout` (``checkpoint=``), validated completely.

    The file's SHA-256 integrity check must match and the rollout in it is validated as
    :meth:`RolloutResult.from_dict` does; ``policy``: the Python policy objects of a rollout
    they played (checkpoints record their class names only).

    Raises :class:`CheckpointError` naming what is wrong (an unreadable file, not JSON,
    another format, a failed integrity check, games outside the rollout's range).
    """
    where = os.fspath(path)
    result, first, games = _read_checkpoint(read_bytes(Path(where)), where, policy)
    return RolloutCheckpoint(result, first, games)


def _read_checkpoint(
    raw: bytes, where: str, policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None]
) -> tuple[RolloutResult, int, int]:
    data = _parse_checkpoint(
        raw, where, _CHECKPOINT_FILE_FORMAT, {"format", "first_game", "games", "rollout", "check"}
    )
    try:
        first = _cp_int(data, "first_game", 0, _MAX_U64)
        games = _cp_int(data, "games", 0, _MAX_U64 - first)
        if not isinstance(data["rollout"], dict):
            raise InvalidInputError("checkpoint field rollout must be a dict")
        result = RolloutResult.from_dict(data["rollout"], policy=policy)
    except InvalidInputError as e:
        raise CheckpointError(f"the checkpoint {where} is not valid: {e}") from None
    if result.games_completed and not (
        first <= result.ranges[0][0] and result.ranges[-1][1] <= first + games
    ):
        raise CheckpointError(
            f"the checkpoint {where} holds games {result.ranges} outside its rollout's "
            f"games {first}..{first + games}"
        )
    return result, first, games


def _check_shippable(executor: Any, policies: Sequence[PolicySpec]) -> None:
    """Refuse an executor that is not one, or Python policies that cannot go to its workers."""
    check_executor(executor)
    for p in policies:
        if not isinstance(p, str):
            check_picklable("the policy", p, executor)


def _check_continues(
    path: Path, done: RolloutResult, first: int, setup: _Setup, which: str = ""
) -> None:
    """Raise :class:`CheckpointError` unless ``done`` (from ``path``) can continue as ``setup``.

    ``which`` names the rollout within the checkpoint (``"position 2: "``) when it holds
    several.
    """
    mismatches = [
        (name, theirs, mine)
        for name, theirs, mine in (
            ("position", done.position.id, setup.position.id),
            ("variant", done.variant.canonical_name, setup.position.variant.canonical_name),
            ("turn", done.position.turn, setup.position.turn),
            ("policy", done.policies, tuple(_policy_name(p) for p in setup.policies)),
            ("seed", done.seed, done.seed if setup.seed is None else setup.seed),
            ("opening", done.opening, setup.opening),
            ("quasi_random", done.quasi_random, setup.quasi_random),
            ("truncate", done.truncate, setup.truncate),
            ("truncate_after", done.truncate_after, setup.truncate_after),
            ("variance_reduction", done.variance_reduction, setup.variance_reduction),
            ("evaluator", done.evaluator, _evaluator_name(setup.evaluator)),
            ("nardy", done.nardy, setup.nardy),
            ("first_game", first, setup.first_game),
        )
        if theirs != mine
    ]
    if done.position != setup.position and not mismatches:
        mismatches.append(("position options", str(done.position), str(setup.position)))
    if mismatches:
        said = "; ".join(f"{n}={t!r} there, {n}={m!r} here" for n, t, m in mismatches)
        raise CheckpointError(
            f"the checkpoint {path} was made by another rollout ({which}{said}): pass the same "
            "arguments to continue it, or another checkpoint file to start afresh"
        )
    end = setup.first_game + setup.games
    if done.games_completed and done.ranges[-1][1] > end:
        raise CheckpointError(
            f"the checkpoint {path} already holds games up to {done.ranges[-1][1]}, beyond "
            f"games={setup.games} from first_game={setup.first_game}: ask for at least "
            f"{done.ranges[-1][1] - setup.first_game} games"
        )


class _RolloutKind:
    """The cubeless rollout as a run kind of :func:`gammon._run.drive`."""

    label = "rollout"
    unit = "games"
    postfix: Optional[str] = "equity"
    chunk_size = _core.DEFAULT_CHUNK_SIZE
    per_task = DEFAULT_GAMES_PER_TASK

    def __init__(self, setup: _Setup, seed: int, record_games: bool) -> None:
        self.setup, self.seed, self.record_games = setup, seed, record_games

    def play(
        self,
        first: int,
        end: int,
        *,
        threads: Optional[int],
        chunk_size: int,
        max_seconds: Optional[float],
        target_std_error: Optional[float],
        callback: Optional[Callable[[int, float, float, float], None]],
        base: Optional[RolloutResult],
    ) -> RolloutResult:
        s = self.setup
        report = None
        if callback is not None:
            before = _empty_tally() if base is None else base.tally

            def report(done: int, total: int, eq: float, se: float, elapsed: float) -> None:
                eq, se = _combined_estimate(before, done, eq, se)
                callback(before.games + done, eq, se, elapsed)

        run = _core._rollout(
            s.position,
            first,
            end,
            s.policies,
            seed=self.seed,
            opening=s.opening,
            quasi_random=s.quasi_random,
            threads=0 if threads is None else threads,
            chunk_size=chunk_size,
            record_games=self.record_games,
            max_seconds=max_seconds,
            target_std_error=target_std_error,
            callback=report,
            nardy=s.nardy,
            truncate=s.truncate,
            truncate_after=s.truncate_after,
            variance_reduction=s.variance_reduction,
            evaluator=s.evaluator or EVALUATORS[0],
        )
        outcomes = None if run.outcomes is None else GameOutcomes(*run.outcomes)
        return s.make(
            self.seed,
            run.tally,
            ((run.first, run.end),),
            stop=run.stop,
            elapsed=run.elapsed,
            threads=run.threads,
            games=end - first,
            outcomes=outcomes,
        )

    def task(self, threads: int, chunk_size: int) -> Callable[[int, int], RolloutResult]:
        return partial(_play_range, self, threads, chunk_size)

    def ship(self, executor: Any) -> None:
        for p in self.setup.policies:
            if not isinstance(p, str):
                check_picklable("the policy", p, executor)

    def count(self, result: RolloutResult) -> int:
        return result.games_completed

    def estimate(self, result: RolloutResult) -> tuple[float, float]:
        return result.equity, result.std_error

    def progress(
        self, done: int, total: int, value: float, std_error: float, elapsed: float
    ) -> RolloutProgress:
        return RolloutProgress(done, total, value, std_error, elapsed)

    def finish(
        self, result: RolloutResult, *, stop: str, elapsed: float, threads: int, requested: int
    ) -> RolloutResult:
        return self.setup.make(
            result.seed,
            result.tally,
            result.ranges,
            stop=stop,
            elapsed=elapsed,
            threads=threads,
            games=requested,
            outcomes=result.outcomes,
        )

    def save(self, result: RolloutResult, first: int, items: int) -> str:
        return json.dumps(_checkpoint_file_dict(result, first, items), indent=1) + "\n"

    def load(self, data: bytes, where: str, first: int, items: int) -> RolloutResult:
        done, first_there, _games = _read_checkpoint(data, where, self.setup.policies)
        setup = dataclasses.replace(self.setup, first_game=first, games=items)
        _check_continues(Path(where), done, first_there, setup)
        self.seed = done.seed
        return done


def _play_range(
    kind: _RolloutKind, threads: int, chunk_size: int, first: int, end: int
) -> RolloutResult:
    """One task of a distributed rollout: games ``first .. end`` (runs on a worker)."""
    return kind.play(
        first,
        end,
        threads=threads,
        chunk_size=chunk_size,
        max_seconds=None,
        target_std_error=None,
        callback=None,
        base=None,
    )
