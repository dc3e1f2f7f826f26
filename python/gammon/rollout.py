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

Policies are built-in names (``"random"``, ``"pubeval"``, ``"heuristic"``) or any object with a
``choose(position, plays)`` method (:class:`Policy`). ``"pubeval"`` is Tesauro's public linear
evaluator with his published weights. ``"heuristic"`` is the strongest built-in: pubeval's score
with hand-written corrections (the rolls that hit each blot, counted roll by roll; the
opponent's checkers on the bar against the home board; primes; the race lead when a play breaks
contact) and an exact one-sided bear-off table once the first checker is off; it beats pubeval
by about 0.22 points a game and runs at more than half its speed. Both play backgammon variants
only. Python policies are the slow path: each decision calls into Python, and such rollouts run
on one thread.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Optional, Protocol, Union, runtime_checkable

import numpy as np
import numpy.typing as npt

from gammon import _core
from gammon._checks import brief
from gammon._core import Play, PlayList, Position, Variant
from gammon.errors import InvalidInputError
from gammon.nardy import NardySettings

__all__ = [
    "BUILTIN_POLICIES",
    "KIND_NAMES",
    "GameOutcomes",
    "Policy",
    "RolloutProgress",
    "RolloutResult",
    "rollout",
]

#: The policies built into the core.
BUILTIN_POLICIES = ("random", "pubeval", "heuristic")

#: Names of the result classes, indexed as in :attr:`GameOutcomes.kind`.
KIND_NAMES = ("single", "gammon", "backgammon", "oin", "mars", "koks", "draw", "settled")

_WIN_KINDS = 6
_MAX_U64 = 2**64 - 1
_DEFAULT_CHUNK = 1296


@runtime_checkable
class Policy(Protocol):
    """A checker-play policy written in Python (the slow path).

    ``choose`` gets the position (player on roll to play) and the legal plays of the roll
    (at least two: forced plays and passes are made without asking) and returns one of the
    plays or its index.
    """

    def choose(self, position: Position, plays: PlayList) -> Union[Play, int]:
        """Return the play to make, or its index in ``plays``."""
        ...


PolicySpec = Union[str, Policy]


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


def _outcomes_from(raw: dict[str, bytes]) -> GameOutcomes:
    return GameOutcomes(
        winner=np.frombuffer(raw["winner"], dtype=np.int8).copy(),
        kind=np.frombuffer(raw["kind"], dtype=np.uint8).copy(),
        points=np.frombuffer(raw["points"], dtype="<f8").astype(np.float64),
        plies=np.frombuffer(raw["plies"], dtype="<u4").astype(np.uint32),
    )


def _policy_name(p: PolicySpec) -> str:
    if isinstance(p, str):
        return p.strip().lower()
    return type(p).__name__


def _merge_ranges(ranges: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(r for r in ranges if r[1] > r[0]):
        if out and a < out[-1][1]:
            raise InvalidInputError(
                f"games {a}..{b} overlap games {out[-1][0]}..{out[-1][1]}: a game may be "
                "counted only once"
            )
        if out and a == out[-1][1]:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return tuple(out)


class RolloutResult:
    """The result of :func:`rollout`: outcome shares, cubeless equity and its error.

    All shares and the equity are from the side of the player on roll in :attr:`position`
    ("on roll"); the other player is the "opponent". ``win_gammon`` includes backgammons and
    ``win`` includes both, as in GNU Backgammon. The statistics are exact integer sums
    (fixed point), kept so that results can be merged and continued without rounding.
    """

    def __init__(
        self,
        *,
        position: Position,
        policies: tuple[PolicySpec, PolicySpec],
        seed: int,
        opening: bool,
        quasi_random: bool,
        raw: dict[str, Any],
        games_requested: int,
        outcomes: Optional[GameOutcomes] = None,
        ranges: Optional[Sequence[tuple[int, int]]] = None,
        nardy: Optional[NardySettings] = None,
    ) -> None:
        self.position = position
        """The position rolled out."""
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
        self.games_completed: int = raw["games"]
        """Games played and counted."""
        self.interrupted: bool = raw["stop"] == "interrupted"
        """True when the rollout was interrupted (Ctrl-C or the callback) before the end."""
        self.stop_reason: str = raw["stop"]
        """``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``."""
        self.elapsed: float = raw["elapsed"]
        """Wall-clock seconds."""
        self.threads: int = raw["threads"]
        """Worker threads used."""
        self.outcomes = outcomes
        """Per-game :class:`GameOutcomes` when ``record_games=True`` was asked, else None."""
        self.ranges: tuple[tuple[int, int], ...] = (
            _merge_ranges(ranges) if ranges is not None else ((raw["first"], raw["end"]),)
        )
        """The game indices covered, as half-open intervals."""
        self._one: int = raw["one"]
        self._win: list[list[int]] = [list(map(int, side)) for side in raw["win"]]
        self._draw: int = raw["draw"]
        self._points: int = raw["points"]
        self._points_sq: int = raw["points_sq"]
        self.plies: int = raw["plies"]
        """Turns played in all games."""
        self.settled: int = raw["settled"]
        """Games settled early by a truncation step (0 for now)."""

    # -- statistics ---------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self.position.variant

    @property
    def is_long_nardy(self) -> bool:
        """True for a Long Nardy rollout (results are Oin, Mars, Koks and draws)."""
        return self.variant == Variant.LONG_NARDY

    def _share(self, mass: int) -> float:
        if self.games_completed == 0:
            return math.nan
        return mass / self._one / self.games_completed

    @property
    def counts(self) -> dict[str, dict[str, float]]:
        """Games won by each side and class, and draws.

        ``{"on roll": {"single": n, ...}, "opponent": {...}, "draw": {"draw": n}}``; whole
        numbers unless games were settled early.
        """
        names = KIND_NAMES[:_WIN_KINDS]
        out = {
            side: {k: m / self._one for k, m in zip(names, self._win[i])}
            for i, side in enumerate(("on roll", "opponent"))
        }
        out["draw"] = {"draw": self._draw / self._one}
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
        return self._share(sum(self._win[side][k] for k in kinds))

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
        return self._share(self._draw)

    @property
    def equity(self) -> float:
        """Cubeless equity: the player on roll's mean net points per game."""
        if self.games_completed == 0:
            return math.nan
        return self._points / self._one / self.games_completed

    @property
    def std_error(self) -> float:
        """Standard error of :attr:`equity` (sample standard deviation over sqrt(games)).

        With quasi-random dice the true error is smaller: this is a conservative figure.
        """
        n = self.games_completed
        if n < 2:
            return math.inf
        one = self._one
        # Exact integer arithmetic, then one division.
        var_num = n * self._points_sq - self._points * self._points
        var = var_num / (one * one) / (n * (n - 1))
        return math.sqrt(max(var, 0.0) / n)

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`equity` (plus or minus 1.96 standard errors)."""
        half = 1.959963984540054 * self.std_error
        return (self.equity - half, self.equity + half)

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
        )
        theirs = (
            other.position,
            other.seed,
            other.opening,
            other.quasi_random,
            other.policies,
            other.nardy,
        )
        if mine != theirs:
            raise InvalidInputError(
                "only rollouts of the same position, seed, opening, dice, policies and Long "
                "Nardy settings merge; "
                f"got {mine!r} and {theirs!r}"
            )

    def merge(self, other: RolloutResult) -> RolloutResult:
        """Combine both rollouts' games (for example ranges of games run on other machines).

        Exact: merging in any order gives the same totals.

        Raises :class:`InvalidInputError` when the rollouts differ in position, seed, opening,
        dice or policies, or when their games overlap.
        """
        self._check_compatible(other)
        ranges = _merge_ranges(self.ranges + other.ranges)
        raw = {
            "games": self.games_completed + other.games_completed,
            "stop": "interrupted" if (self.interrupted or other.interrupted) else "completed",
            "elapsed": self.elapsed + other.elapsed,
            "threads": max(self.threads, other.threads),
            "first": ranges[0][0],
            "end": ranges[-1][1],
            "one": self._one,
            "win": [[a + b for a, b in zip(x, y)] for x, y in zip(self._win, other._win)],
            "draw": self._draw + other._draw,
            "points": self._points + other._points,
            "points_sq": self._points_sq + other._points_sq,
            "plies": self.plies + other.plies,
            "settled": self.settled + other.settled,
        }
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
            raw=raw,
            games_requested=self.games_requested + other.games_requested,
            outcomes=outcomes,
            ranges=ranges,
            nardy=self.nardy,
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
        ):
            if fixed in options:
                raise InvalidInputError(f"resume() keeps the rollout's {fixed}; do not pass it")
        more = rollout(
            self.position,
            games,
            policy=self._policies,
            seed=self.seed,
            opening=self.opening,
            quasi_random=self.quasi_random,
            first_game=self.next_game,
            nardy=self.nardy,
            **options,
        )
        return self.merge(more)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready checkpoint (integers stay exact) that :meth:`from_dict` reads.

        Per-game outcomes are not included.
        """
        return {
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
            "one": self._one,
            "games": self.games_completed,
            "win": self._win,
            "draw": self._draw,
            "points": self._points,
            "points_sq": self._points_sq,
            "plies": self.plies,
            "settled": self.settled,
            "nardy": None if self.nardy is None else _nardy_dict(self.nardy),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RolloutResult:
        """Read a checkpoint made by :meth:`to_dict`.

        Raises :class:`InvalidInputError` (or a :class:`ParseError` for a bad position ID)
        when the data is not such a checkpoint.
        """
        try:
            # The §9 options are part of the position: without them a resumed Long Nardy
            # rollout would follow other rules (issue 15, D3).
            position = Position.from_id(
                data["position"],
                data["variant"],
                data["turn"],
                first_turn_exception=data.get("first_turn_exception"),
                block_check=data.get("block_check"),
            )
            raw = {
                k: data[k]
                for k in (
                    "games",
                    "stop",
                    "elapsed",
                    "threads",
                    "one",
                    "win",
                    "draw",
                    "points",
                    "points_sq",
                    "plies",
                    "settled",
                )
            }
            ranges = [(int(a), int(b)) for a, b in data["ranges"]]
            raw["first"], raw["end"] = ranges[0] if ranges else (0, 0)
            policies = tuple(data["policies"])
            return cls(
                position=position,
                policies=(policies[0], policies[1]),
                seed=int(data["seed"]),
                opening=bool(data["opening"]),
                quasi_random=bool(data["quasi_random"]),
                raw=raw,
                games_requested=int(data["games_requested"]),
                ranges=ranges,
                nardy=None if data.get("nardy") is None else NardySettings(**data["nardy"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as e:
            if isinstance(e, InvalidInputError):
                raise
            raise InvalidInputError(f"not a rollout checkpoint: {e!r}") from e

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
        return (
            f"rollout of {self.position.id} ({self.variant.canonical_name}{rules}, {first}, "
            f"{pol}, seed {self.seed})"
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
        if self._draw:
            lines.append(f"  {'draws':<8}{self.draws:>8.4f}")
        lo, hi = self.ci95
        lines.append(
            f"  cubeless equity {self.equity:+.4f} ± {1.959963984540054 * self.std_error:.4f} "
            f"(95% CI {lo:+.4f} .. {hi:+.4f}; standard error {self.std_error:.4f})"
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<RolloutResult {self.position.id} games={self.games_completed} "
            f"equity={self.equity:+.4f}±{self.std_error:.4f} seed={self.seed}"
            f"{' interrupted' if self.interrupted else ''}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RolloutResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (
            self.position,
            self.policies,
            self.seed,
            self.opening,
            self.quasi_random,
            self.ranges,
            self.games_completed,
            tuple(map(tuple, self._win)),
            self._draw,
            self._points,
            self._points_sq,
            self.plies,
        )


# -- the function ---------------------------------------------------------------------------


def _int_arg(name: str, value: object, low: int, high: int = _MAX_U64) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidInputError(f"{name} must be an int, not {value!r}")
    v = int(value)
    if not low <= v <= high:
        raise InvalidInputError(f"{name} must be between {low} and {high}, not {v}")
    return v


def _positive_float(name: str, value: object) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)):
        raise InvalidInputError(f"{name} must be a number, not {value!r}")
    v = float(value)
    if not (v > 0 and math.isfinite(v)):
        raise InvalidInputError(f"{name} must be a positive finite number, not {value!r}")
    return v


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
        policy = "random" if variant == Variant.LONG_NARDY else "pubeval"
    if isinstance(policy, tuple) and len(policy) == 2:
        pair = policy
    elif isinstance(policy, (str, Policy)):
        pair = (policy, policy)
    else:
        raise InvalidInputError(
            "policy must be a name (random, pubeval, heuristic), an object with a "
            f"choose(position, plays) method, or a pair of them; got {brief(policy)}"
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
    chunk_size: int = _DEFAULT_CHUNK,
    record_games: bool = False,
    max_seconds: Optional[float] = None,
    target_std_error: Optional[float] = None,
    progress: bool = False,
    callback: Optional[Callable[[RolloutProgress], object]] = None,
    nardy: Optional[NardySettings] = None,
) -> RolloutResult:
    """Plays ``games`` games from ``position`` and returns a :class:`RolloutResult`.

    ``position``: a :class:`Position`, a position ID, or None for the start of ``variant``
    (default backgammon). ``policy``: ``"random"``, ``"pubeval"`` (default for backgammon
    variants), ``"heuristic"`` (stronger than pubeval, slower), a :class:`Policy` object, or a
    pair (player on roll, opponent); Long Nardy defaults to ``"random"``. ``seed``: the master
    seed (a random one when None; it is in the result). ``threads``: worker threads (None: one
    per core; Python policies always use one). ``opening``: make the first roll an opening roll,
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
    last-roll right of LN-37; default ``NardySettings()``); only for Long Nardy.

    Ctrl-C (or a ``KeyboardInterrupt`` raised by the callback or a Python policy) stops the
    rollout and returns the games finished so far with ``interrupted`` set.

    Raises :class:`InvalidInputError` for bad arguments (an unknown policy, a policy that
    cannot play the variant, counts out of range), :class:`ParseError` for a bad position ID,
    :class:`InternalError` if a game cannot be finished, and whatever a Python policy or the
    callback raises.
    """
    pos = _resolve_position(position, variant)
    games = _int_arg("games", games, 0)
    first_game = _int_arg("first_game", first_game, 0, _MAX_U64 - games)
    seed = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    n_threads = 0 if threads is None else _int_arg("threads", threads, 1, 1024)
    chunk_size = _int_arg("chunk_size", chunk_size, 1)
    max_s = _positive_float("max_seconds", max_seconds)
    target = _positive_float("target_std_error", target_std_error)
    if callback is not None and not callable(callback):
        raise InvalidInputError(f"callback must be callable, not {callback!r}")
    pair = _policy_pair(policy, pos.variant)
    backgammon_family = pos.variant != Variant.LONG_NARDY
    if nardy is not None and not isinstance(nardy, NardySettings):
        raise InvalidInputError(f"nardy must be a gammon.nardy.NardySettings, not {nardy!r}")
    if backgammon_family and nardy is not None:
        raise InvalidInputError("nardy= settings apply to Long Nardy rollouts only")
    settings = None if backgammon_family else _settings_for(pos, nardy)
    if opening is None:
        opening = backgammon_family and pos == Position.start(pos.variant, pos.turn)
    opening = bool(opening) and backgammon_family

    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=games, unit="games", unit_scale=True, desc="rollout", leave=True)

    def report(done: int, total: int, eq: float, se: float, elapsed: float) -> None:
        if bar is not None:
            bar.update(done - bar.n)
            if done > 0:
                bar.set_postfix_str(f"equity {eq:+.4f} ± {1.96 * se:.4f}", refresh=False)
        if callback is not None:
            callback(RolloutProgress(done, total, eq, se, elapsed))

    try:
        raw = _core._rollout(
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
            nardy=None
            if settings is None
            else (settings.end_variant, settings.koks, settings.last_roll),
        )
    finally:
        if bar is not None:
            bar.close()
    outcomes = _outcomes_from(raw["records"]) if "records" in raw else None
    return RolloutResult(
        nardy=settings,
        position=pos,
        policies=pair,
        seed=seed,
        opening=opening,
        quasi_random=bool(quasi_random),
        raw=raw,
        games_requested=games,
        outcomes=outcomes,
    )
