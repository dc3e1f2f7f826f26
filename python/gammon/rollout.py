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

import hashlib
import json
import math
import os
import re
import secrets
import time
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

from gammon import _core
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import brief
from gammon._checks import int_arg as _int_arg
from gammon._checks import positive_float as _positive_float
from gammon._core import Color, CubeRules, Net, PlayList, Position, Variant
from gammon._distribute import (
    DEFAULT_CHECKPOINT_EVERY,
    DEFAULT_GAMES_PER_TASK,
    DEFAULT_RETRIES,
    check_executor,
    check_picklable,
    run_segments,
    subtract,
    write_atomically,
)
from gammon._format import plus_minus
from gammon._results import RunResult, merge_ranges
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
            first, second = (self, other) if self.ranges[0] < other.ranges[0] else (other, self)
            assert first.outcomes is not None and second.outcomes is not None
            outcomes = GameOutcomes(
                *(np.concatenate([a, b]) for a, b in zip(first.outcomes, second.outcomes))
            )
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


@overload
def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    variant: Union[Variant, str, None] = None,
    opening: Optional[bool] = None,
    quasi_random: bool = True,
    first_game: int = 0,
    chunk_size: int = _core.DEFAULT_CHUNK_SIZE,
    record_games: bool = False,
    max_seconds: Optional[float] = None,
    target_std_error: Optional[float] = None,
    progress: bool = False,
    callback: Optional[Callable[[RolloutProgress], object]] = None,
    nardy: Optional[NardySettings] = None,
    truncate: Optional[str] = None,
    truncate_after: Optional[int] = None,
    variance_reduction: bool = False,
    evaluator: Union[str, Net, None] = None,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
    cube: None = None,
    cube_value: Optional[int] = None,
    cube_owner: Union[Color, str, None] = None,
    cube_rules: Optional[CubeRules] = None,
) -> RolloutResult: ...


@overload
def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec]],
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    variant: Union[Variant, str, None] = None,
    opening: Optional[bool] = None,
    quasi_random: bool = True,
    first_game: int = 0,
    chunk_size: int = _core.DEFAULT_CHUNK_SIZE,
    record_games: bool = False,
    max_seconds: Optional[float] = None,
    target_std_error: Optional[float] = None,
    progress: bool = False,
    callback: Optional[Callable[[RolloutProgress], object]] = None,
    nardy: Optional[NardySettings] = None,
    truncate: Optional[str] = None,
    truncate_after: Optional[int] = None,
    variance_reduction: bool = False,
    evaluator: Union[str, Net, None] = None,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
    cube_value: Optional[int] = None,
    cube_owner: Union[Color, str, None] = None,
    cube_rules: Optional[CubeRules] = None,
) -> CubefulRolloutResult: ...


def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    variant: Union[Variant, str, None] = None,
    opening: Optional[bool] = None,
    quasi_random: bool = True,
    first_game: int = 0,
    chunk_size: int = _core.DEFAULT_CHUNK_SIZE,
    record_games: bool = False,
    max_seconds: Optional[float] = None,
    target_std_error: Optional[float] = None,
    progress: bool = False,
    callback: Optional[Callable[[RolloutProgress], object]] = None,
    nardy: Optional[NardySettings] = None,
    truncate: Optional[str] = None,
    truncate_after: Optional[int] = None,
    variance_reduction: bool = False,
    evaluator: Union[str, Net, None] = None,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec], None] = None,
    cube_value: Optional[int] = None,
    cube_owner: Union[Color, str, None] = None,
    cube_rules: Optional[CubeRules] = None,
) -> Union[RolloutResult, CubefulRolloutResult]:
    """Plays ``games`` games from ``position`` and returns a :class:`RolloutResult`.

    ``position``: a :class:`Position`, a position ID, or None for the start of ``variant``
    (default backgammon). ``policy``: ``"random"``, ``"pubeval"`` (default for backgammon
    variants), ``"heuristic"`` (stronger than pubeval, slower), a :class:`Policy` object, a
    function ``f(position, plays)`` returning a play or its index, or a pair (player on roll,
    opponent); Long Nardy defaults to ``"net"`` (:func:`default_policy`). ``seed``: the
    master seed (a random one when None; it is in the result). ``threads``: worker threads
    (None: one per core; a policy written in Python runs on one thread, and ``threads`` above
    1 with one raises :class:`InvalidInputError`). ``opening``: make the first roll an opening roll,
    never a double (BG-10); None means yes for the starting position of a backgammon variant.
    Long Nardy's first roll is an ordinary roll (LN-10). ``quasi_random``: stratify the first
    two rolls (every 36 games cover all first rolls, every 1296 all pairs; 15 and 540 for an
    opening). ``first_game``: index of the first game (to run a range of a larger rollout
    elsewhere and :meth:`~RolloutResult.merge` it). ``chunk_size``: games per unit of work;
    results do not depend on it. ``record_games``: keep per-game :class:`GameOutcomes` (memory
    grows with the games; otherwise it does not). ``max_seconds``, ``target_std_error``: stop
    rules (the latter after at least 1296 games, at the first chunk where the standard error is
    that low). ``progress``: show a tqdm progress bar. ``callback``: called with a
    :class:`RolloutProgress` after each chunk and at least every 0.1 s. ``nardy``: the
    :class:`~gammon.nardy.NardySettings` that score Long Nardy games (Oin/Mars, Koks, the
    last-roll right of LN-37; default ``NardySettings()``); only for Long Nardy. ``truncate``:
    ``"bearoff"`` settles each game at its exact bear-off value as soon as it has one (both
    sides home in the two-sided table, each with a checker off), ``"bearoff-one-sided"`` at any
    bear-off (one-sided estimate beyond the two-sided table), None or ``"none"`` plays every
    game out; settled games count their expected result and show as ``"settled"`` in the
    per-game outcomes. In Long Nardy games are settled at their race endings (both players with
    every checker home), scored under ``nardy``; ``"bearoff"`` needs the two-sided table's exact
    value (no last roll, a checker off on each side). ``truncate_after``: settle each game still
    going after that many turns at ``evaluator``'s value (a truncated rollout; None plays on).
    ``variance_reduction``: take the luck of each roll, as ``evaluator`` measures it, off each
    game's points (GNU Backgammon's method): the equity keeps its mean and its standard error
    shrinks; the win and gammon shares stay those of the games as played. ``evaluator``: one of
    :data:`EVALUATORS` (default ``"bearoff"``) or a :class:`~gammon.Net` of the position's
    game, used only by those two.

    ``executor``: a ``dask.distributed.Client`` or any ``concurrent.futures.Executor``; the
    games are split into ranges of ``games_per_task`` game indices (default
    :data:`DEFAULT_GAMES_PER_TASK`), each range is played on a worker (with ``threads``
    threads, default 1: one task per worker thread) and the results are merged in range
    order, so the result is equal to the single-machine result of the seed. A range whose
    task fails is run again (a Dask client gets ``retries=``; a plain executor gets it
    submitted again up to ``retries`` times), never counted twice. Python policies must
    pickle to be shipped. Progress and the callback advance as ranges finish; the stop rules
    are checked on the merged games.

    ``checkpoint``: a file where the rollout keeps its state (the merged statistics, the game
    ranges done, the arguments, a format version and a SHA-256 integrity check), written
    atomically every ``checkpoint_every`` seconds (default
    :data:`DEFAULT_CHECKPOINT_EVERY`), when the rollout stops and at the end, so that a
    killed process loses at most that interval. If the file exists, the rollout continues
    it: run again with the same arguments, it plays only the games not done (``games`` may
    be raised to extend it; ``seed=None`` takes the checkpoint's seed). A checkpoint made
    with other arguments, or a corrupt or edited one, raises :class:`CheckpointError`
    naming the difference. Per-game outcomes are not kept in checkpoints (``record_games``
    is refused with one).

    ``cube``: play money games with the doubling cube in play for both sides and return a
    :class:`~gammon.CubefulRolloutResult` (the cubeful equity per initial cube unit, its
    standard error, how often doubles and drops happened): a cube policy name
    (``"net"``: Janowski's model over the shipped net, backgammon and nackgammon;
    ``"race"``: the Keith count in races; ``"never"``), a :class:`~gammon.CubePolicy`
    object, or a pair (player on roll, opponent). ``cube_value`` (default 1, a power of two)
    and ``cube_owner`` (None: centred; ``"white"``, ``"black"`` or a :class:`~gammon.Color`)
    set the cube every game starts with; ``cube_rules`` (a :class:`~gammon.CubeRules`,
    default ``CubeRules()``) the money options (Jacoby, beavers, raccoons, the cap). The player
    on roll may double before the first roll unless it is an opening roll (BG-12). Options
    that settle or reweight games cubeless (``truncate``, ``truncate_after``,
    ``variance_reduction``, ``evaluator``), ``record_games``, ``executor``, ``checkpoint`` and
    Long Nardy do not combine with ``cube`` and raise :class:`InvalidInputError` naming the
    conflict; ``cube_value``, ``cube_owner`` and ``cube_rules`` without ``cube`` raise too.
    See :mod:`gammon.cubeful`.

    Ctrl-C (or a ``KeyboardInterrupt`` raised by the callback or a Python policy) stops the
    rollout and returns the games finished so far with ``interrupted`` set.

    Raises :class:`InvalidInputError` for bad arguments (an unknown policy, a policy that
    cannot play the variant, counts out of range), :class:`ParseError` for a bad position ID,
    :class:`CheckpointError` for a checkpoint that does not fit, :class:`InternalError` if a
    game cannot be finished, and whatever a Python policy or the callback raises.
    """
    pos = _resolve_position(position, variant)
    games = _int_arg("games", games, 0)
    first_game = _int_arg("first_game", first_game, 0, _MAX_U64 - games)
    seed_given = seed
    seed = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    n_threads = 0 if threads is None else _int_arg("threads", threads, 1, _core.MAX_THREADS)
    chunk_size = _int_arg("chunk_size", chunk_size, 1)
    max_s = _positive_float("max_seconds", max_seconds)
    target = _positive_float("target_std_error", target_std_error)
    if callback is not None and not callable(callback):
        raise InvalidInputError(f"callback must be callable, not {callback!r}")
    pair = _policy_pair(policy, pos.variant)
    _check_threads_for_python(threads, pair)
    if cube is not None:
        from gammon import cubeful

        cubeful.refuse_uncubeful_options(
            nardy=nardy,
            truncate=truncate,
            truncate_after=truncate_after,
            variance_reduction=variance_reduction,
            evaluator=evaluator,
            record_games=record_games,
            executor=executor,
            checkpoint=checkpoint,
        )
        backgammon = pos.variant != Variant.LONG_NARDY
        return cubeful.cubeful_rollout(
            pos,
            games,
            policies=pair,
            policy_names=(_policy_name(pair[0]), _policy_name(pair[1])),
            cube=cube,
            cube_value=cube_value,
            cube_owner=cube_owner,
            cube_rules=cube_rules,
            seed=seed,
            threads=threads,
            opening=bool(
                (backgammon and pos == Position.start(pos.variant, pos.turn))
                if opening is None
                else opening
            ),
            quasi_random=bool(quasi_random),
            first_game=first_game,
            chunk_size=chunk_size,
            max_seconds=max_s,
            target_std_error=target,
            progress=progress,
            callback=callback,
        )
    for name, value in (
        ("cube_value", cube_value),
        ("cube_owner", cube_owner),
        ("cube_rules", cube_rules),
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
        opening=opening,
        quasi_random=quasi_random,
        nardy=nardy,
        truncate=truncate,
        truncate_after=truncate_after,
        variance_reduction=variance_reduction,
        evaluator=evaluator,
        first_game=first_game,
        games=games,
    )
    if executor is not None or checkpoint is not None:
        return _segmented_rollout(
            setup,
            executor=executor,
            threads=threads,
            chunk_size=chunk_size,
            record_games=bool(record_games),
            max_seconds=max_s,
            target_std_error=target,
            progress=progress,
            callback=callback,
            games_per_task=_int_arg("games_per_task", games_per_task, 1),
            retries=_int_arg("retries", retries, 0, 100),
            checkpoint=checkpoint,
            checkpoint_every=_positive_float("checkpoint_every", checkpoint_every),
        )
    settings, cut, opening = setup.nardy, setup.truncate, setup.opening
    truncate_after, evaluator = setup.truncate_after, setup.evaluator

    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=games, unit="games", unit_scale=True, desc="rollout", leave=True)

    def report(done: int, total: int, eq: float, se: float, elapsed: float) -> None:
        if bar is not None:
            bar.update(done - bar.n)
            if done > 0:
                bar.set_postfix_str(f"equity {plus_minus(eq, se)}", refresh=False)
        if callback is not None:
            callback(RolloutProgress(done, total, eq, se, elapsed))

    try:
        run = _core._rollout(
            pos,
            first_game,
            first_game + games,
            pair,
            seed=seed,
            opening=opening,
            quasi_random=bool(quasi_random),
            threads=n_threads,
            chunk_size=chunk_size,
            record_games=bool(record_games),
            max_seconds=max_s,
            target_std_error=target,
            callback=report if (bar is not None or callback is not None) else None,
            nardy=settings,
            truncate=cut,
            truncate_after=truncate_after,
            variance_reduction=variance_reduction,
            evaluator=evaluator or EVALUATORS[0],
        )
    finally:
        if bar is not None:
            bar.close()
    outcomes = None if run.outcomes is None else GameOutcomes(*run.outcomes)
    return RolloutResult(
        nardy=settings,
        position=pos,
        policies=pair,
        seed=seed,
        opening=opening,
        quasi_random=bool(quasi_random),
        tally=run.tally,
        stop=run.stop,
        elapsed=run.elapsed,
        threads=run.threads,
        ranges=((run.first, run.end),),
        games_requested=games,
        outcomes=outcomes,
        truncate=cut,
        truncate_after=truncate_after,
        variance_reduction=variance_reduction,
        evaluator=evaluator,
    )


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

    def result(
        self,
        seed: int,
        parts: Sequence[RolloutResult],
        *,
        stop: str,
        elapsed: float,
        threads: int,
    ) -> RolloutResult:
        """The parts merged in game order (their ranges may not overlap) into one result."""
        ordered = sorted(parts, key=lambda p: p.ranges[0])
        tally = _empty_tally()
        for p in ordered:
            tally = tally.merge(p.tally)
        ranges = merge_ranges(
            [r for p in ordered for r in p.ranges] or [(self.first_game, self.first_game)]
        )
        outcomes = None
        if ordered and all(p.outcomes is not None for p in ordered):
            arrays = [p.outcomes for p in ordered if p.outcomes is not None]
            outcomes = GameOutcomes(*(np.concatenate(col) for col in zip(*arrays)))
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
            games_requested=self.games,
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


def _play_range(options: dict[str, Any], first: int, end: int) -> RolloutResult:
    """One task of a distributed rollout: games ``first .. end`` (runs on a worker)."""
    result = rollout(games=end - first, first_game=first, **options)
    assert isinstance(result, RolloutResult)
    return result


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
    try:
        text = Path(where).read_text()
    except OSError as e:
        raise CheckpointError(f"cannot read the checkpoint {where}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except ValueError as e:
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
    return where, data


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
    where, data = _read_checkpoint_file(
        path, _CHECKPOINT_FILE_FORMAT, {"format", "first_game", "games", "rollout", "check"}
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
    return RolloutCheckpoint(result, first, games)


def _check_shippable(executor: Any, policies: Sequence[PolicySpec]) -> None:
    """Refuse an executor that is not one, or Python policies that cannot go to its workers."""
    check_executor(executor)
    for p in policies:
        if not isinstance(p, str):
            check_picklable("the policy", p, executor)


def _continue_from(path: Path, setup: _Setup) -> Optional[RolloutResult]:
    """The games done of the checkpoint at ``path``, checked against ``setup`` (None if none)."""
    if not path.exists():
        return None
    done, first, _games = read_checkpoint(path, policy=setup.policies)
    _check_continues(path, done, first, setup)
    return done


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


def _segmented_rollout(
    setup: _Setup,
    *,
    executor: Any,
    threads: Optional[int],
    chunk_size: int,
    record_games: bool,
    max_seconds: Optional[float],
    target_std_error: Optional[float],
    progress: bool,
    callback: Optional[Callable[[RolloutProgress], object]],
    games_per_task: int,
    retries: int,
    checkpoint: Union[str, os.PathLike[str], None],
    checkpoint_every: Optional[float],
) -> RolloutResult:
    """A rollout played in ranges: on an executor, or in turns between checkpoint writes."""
    if executor is not None:
        _check_shippable(executor, setup.policies)
    path = None if checkpoint is None else Path(os.fspath(checkpoint))
    if path is not None and record_games:
        raise InvalidInputError(
            "record_games=True cannot be combined with checkpoint=: checkpoints keep the "
            "statistics, not the per-game outcomes"
        )
    every = DEFAULT_CHECKPOINT_EVERY if checkpoint_every is None else checkpoint_every
    done = None if path is None else _continue_from(path, setup)
    seed = done.seed if done is not None else setup.seed
    if seed is None:
        seed = secrets.randbits(64)
    base_elapsed = done.elapsed if done is not None else 0.0
    parts: list[RolloutResult] = [] if done is None or not done.games_completed else [done]
    whole = (setup.first_game, setup.first_game + setup.games)
    todo = subtract(whole, done.ranges if done is not None and done.games_completed else ())
    start = time.monotonic()
    threads_used = 1

    def merged(stop: str) -> RolloutResult:
        return setup.result(
            seed,
            parts,
            stop=stop,
            elapsed=base_elapsed + time.monotonic() - start,
            threads=threads_used,
        )

    def save(result: RolloutResult) -> None:
        if path is not None:
            write_atomically(path, _checkpoint_file_dict(result, setup.first_game, setup.games))

    tally = _empty_tally()
    for done_part in parts:
        tally = tally.merge(done_part.tally)

    bar: Any = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=setup.games, unit="games", unit_scale=True, desc="rollout", leave=True)
        bar.update(tally.games)

    def report(done_games: int, eq: float, se: float) -> None:
        if bar is not None:
            bar.update(done_games - bar.n)
            if done_games > 0:
                bar.set_postfix_str(f"equity {plus_minus(eq, se)}", refresh=False)
        if callback is not None:
            elapsed = time.monotonic() - start
            callback(RolloutProgress(done_games, setup.games, eq, se, elapsed))

    def target_met() -> bool:
        return (
            target_std_error is not None
            and tally.games >= 1296
            and tally.std_error <= target_std_error
        )

    options = setup.options(seed)
    options["chunk_size"] = chunk_size
    options["record_games"] = record_games
    options["threads"] = (1 if threads is None else threads) if executor is not None else threads

    def add(part: RolloutResult) -> None:
        nonlocal tally, threads_used
        parts.append(part)
        tally = tally.merge(part.tally)
        threads_used = max(threads_used, part.threads)

    def take(r: tuple[int, int], part: RolloutResult) -> Optional[str]:
        if part.ranges != ((r[0], r[1]),) or part.games_completed != r[1] - r[0]:
            raise InvalidInputError(
                f"the task of games {r[0]}..{r[1]} returned games {part.ranges}"
            )
        add(part)
        report(tally.games, tally.equity, tally.std_error)
        return "target_std_error" if target_met() else None

    def turn(a: int, b: int, seconds: float) -> tuple[int, Optional[str]]:
        base = tally

        def inner(p: RolloutProgress) -> None:
            eq, se = _combined_estimate(base, p.done, p.equity, p.std_error)
            report(base.games + p.done, eq, se)

        part = rollout(
            games=b - a,
            first_game=a,
            max_seconds=seconds,
            target_std_error=target_std_error,
            callback=inner if (bar is not None or callback is not None) else None,
            **options,
        )
        if part.games_completed:
            add(part)
            a = part.next_game
        if part.interrupted:
            return a, "interrupted"
        if part.stop_reason == "target_std_error" or target_met():
            return a, "target_std_error"
        return a, None

    def save_so_far() -> None:
        if parts:
            save(merged("interrupted"))

    try:
        stop = run_segments(
            todo,
            executor=executor,
            task=partial(_play_range, options),
            take=take,
            turn=turn,
            save=save_so_far if path is not None else None,
            every=every,
            deadline=None if max_seconds is None else start + max_seconds,
            per_task=games_per_task,
            retries=retries,
        )
    finally:
        if bar is not None:
            bar.close()
    result = merged(stop)
    save(result)
    return result
