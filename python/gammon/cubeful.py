"""Cubeful rollouts: money games from a position with the doubling cube in play for both sides.

``gammon.rollout(position, games, cube=...)`` plays each game from the position as it stands
with the cube at ``cube_value`` (default 1), owned by ``cube_owner`` (default: centred),
under ``cube_rules`` (a :class:`~gammon.CubeRules`: Jacoby, beavers, raccoons, the cap; money
play, MONEY-1). Before each roll the player on roll may double when the cube allows it
(CUBE-2, CUBE-3, CUBE-10; never before an opening roll, BG-12) and the opponent takes, drops
or (with beavers) beavers (CUBE-4 to CUBE-13), as the cube policies decide: ``"net"``
(Janowski's cube-life model over the shipped net's probabilities, as in GNU Backgammon's
0-ply cube decisions), ``"race"`` (the Keith count in races), ``"never"``, or a
:class:`~gammon.CubePolicy` object. The result is a :class:`CubefulRolloutResult`: the mean
points a game *cube included*, divided by the initial cube value (the cubeful equity per
initial cube unit, :attr:`~CubefulRolloutResult.equity`), its standard error, and how often
doubles and drops happened::

    >>> import gammon
    >>> race = gammon.Position.from_checkers({3: 1, 1: 1}, {1: 1})
    >>> r = gammon.rollout(race, 360, policy="net", cube="net", seed=1)
    >>> r.equity, r.won_by_drop   # 34 rolls in 36 bear off: double, and the opponent drops
    (1.0, 1.0)
    >>> cubeless = gammon.rollout(race, 360, policy="net", seed=1)
    >>> round(cubeless.equity, 4)  # playing on wins 34 of 36: 0.8889
    0.8889

Game *i* takes its dice and random choices from ``(seed, i)`` exactly as game *i* of the
cubeless rollout with the same seed: with ``cube="never"`` (and the cube at 1) the points are
those of the cubeless rollout. The statistics are exact integer sums, so the result is the
same on any number of threads.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Optional

import gammon._core as _core
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import brief
from gammon._checks import int_arg as _int_arg
from gammon._core import Net
from gammon._format import plus_minus
from gammon._results import RunResult, merge_ranges
from gammon.errors import InvalidInputError

__all__ = ["CUBE_OWNERS", "CubefulRolloutResult"]

#: The names :func:`gammon.rollout` reads as ``cube_owner`` besides a :class:`~gammon.Color`:
#: ``"white"``, ``"black"``, and ``"centre"`` (also ``None``) for a centred cube.
CUBE_OWNERS = ("centre", "white", "black")


class CubefulRolloutResult(RunResult):
    """The result of a cubeful :func:`gammon.rollout` (``cube=`` given).

    Money games with the cube in play for both sides.

    All figures are from the side of the player on roll in :attr:`position` ("on roll").
    :attr:`equity` is the cubeful equity **per initial cube unit**: the mean net points a
    game, cube included, divided by :attr:`cube_value` (gnubg's convention: equities per
    cube); :attr:`points_per_game` is the same mean in points. The statistics are the core's
    :attr:`tally` (exact integer sums).
    """

    def __init__(
        self,
        *,
        position: _core.Position,
        policies: tuple[str, str],
        cube_policies: tuple[str, str],
        cube_value: int,
        cube_owner: Optional[_core.Color],
        cube_rules: _core.CubeRules,
        seed: int,
        opening: bool,
        quasi_random: bool,
        tally: _core.CubefulTally,
        stop: str,
        elapsed: float,
        threads: int,
        ranges: tuple[tuple[int, int], ...],
        games_requested: int,
    ) -> None:
        self.position = position
        """The position rolled out."""
        self.policies = policies
        """Names of the checker policies of the player on roll and of the opponent."""
        self.cube_policies = cube_policies
        """Names of the cube policies of the player on roll and of the opponent."""
        self.cube_value = cube_value
        """The cube value every game started with."""
        self.cube_owner = cube_owner
        """The player who owned the cube at the start (None: centred)."""
        self.cube_rules = cube_rules
        """The money session's cube rules (Jacoby, beavers, raccoons, the cap)."""
        self.seed = seed
        """The master seed: with it the games can be replayed exactly."""
        self.opening = opening
        """True when the first roll was an opening roll (never a double, BG-10; no cube
        action before it, BG-12)."""
        self.quasi_random = quasi_random
        """True when the first two rolls were stratified (quasi-random dice)."""
        self.tally = tally
        """The core's statistics of the games (exact sums)."""
        self.games_completed: int = tally.games
        """Games played and counted."""
        self.games_requested = games_requested
        """Games asked for."""
        self.stop_reason = stop
        """``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``."""
        self.interrupted = stop == "interrupted"
        """True when the rollout was interrupted (Ctrl-C or the callback) before the end."""
        self.elapsed = elapsed
        """Wall-clock seconds."""
        self.threads = threads
        """Worker threads used."""
        self.ranges = merge_ranges(ranges)
        """The game indices covered, as half-open intervals."""

    # -- statistics ---------------------------------------------------------------------

    def _share(self, count: int) -> float:
        n = self.games_completed
        return count / n if n else math.nan

    @property
    def points_per_game(self) -> float:
        """The mean net points a game of the player on roll, cube included."""
        return self.tally.points_per_game

    @property
    def equity(self) -> float:
        """The cubeful equity per initial cube unit: points a game over the initial cube."""
        return self.points_per_game / self.cube_value

    @property
    def _estimate(self) -> float:
        return self.equity

    @property
    def std_error(self) -> float:
        """The standard error of :attr:`equity` (infinite below two games)."""
        return self.tally.std_error / self.cube_value

    @property
    def win(self) -> float:
        """Share of games the player on roll won, by bearing off or by a dropped double."""
        return self._share(sum(self.tally.wins[0]) + self.tally.drops[0])

    @property
    def lose(self) -> float:
        """Share of games the opponent won, by bearing off or by a dropped double."""
        return self._share(sum(self.tally.wins[1]) + self.tally.drops[1])

    @property
    def win_gammon(self) -> float:
        """Share won by the player on roll with a gammon or a backgammon."""
        w = self.tally.wins[0]
        return self._share(w[1] + w[2])

    @property
    def lose_gammon(self) -> float:
        """Share lost with a gammon or a backgammon."""
        w = self.tally.wins[1]
        return self._share(w[1] + w[2])

    @property
    def win_backgammon(self) -> float:
        """Share won by the player on roll with a backgammon."""
        return self._share(self.tally.wins[0][2])

    @property
    def lose_backgammon(self) -> float:
        """Share lost with a backgammon."""
        return self._share(self.tally.wins[1][2])

    @property
    def won_by_drop(self) -> float:
        """Share of games the player on roll won because the opponent dropped a double."""
        return self._share(self.tally.drops[0])

    @property
    def lost_by_drop(self) -> float:
        """Share of games the player on roll lost by dropping the opponent's double."""
        return self._share(self.tally.drops[1])

    @property
    def doubled(self) -> float:
        """Share of games with at least one double."""
        return self._share(self.tally.doubled_games)

    @property
    def doubles_per_game(self) -> float:
        """Cube offers (doubles, beavers, raccoons) per game."""
        return self._share(self.tally.doubles)

    @property
    def mean_cube(self) -> float:
        """The mean cube value the games were scored at."""
        return self._share(self.tally.cube)

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.games_completed / self.elapsed if self.elapsed > 0 else math.inf

    @property
    def mean_plies(self) -> float:
        """Average turns per game."""
        return self._share(self.tally.plies)

    def merge(self, other: CubefulRolloutResult) -> CubefulRolloutResult:
        """Combine both rollouts' games (ranges of one rollout run apart, ``first_game=``).

        Exact: merging in any order gives the same totals. Raises
        :class:`~gammon.InvalidInputError` when the rollouts differ in anything that decides
        their games (position, policies, cube, seed, dice) or when their games overlap.
        """
        if not isinstance(other, CubefulRolloutResult):
            raise InvalidInputError(
                f"a cubeful rollout merges with another cubeful rollout, not {brief(other)}"
            )
        fields = (
            "position",
            "policies",
            "cube_policies",
            "cube_value",
            "cube_owner",
            "cube_rules",
            "seed",
            "opening",
            "quasi_random",
        )
        for name in fields:
            if getattr(self, name) != getattr(other, name):
                raise InvalidInputError(
                    f"cannot merge cubeful rollouts with different {name}: "
                    f"{getattr(self, name)!r} and {getattr(other, name)!r}"
                )
        return CubefulRolloutResult(
            position=self.position,
            policies=self.policies,
            cube_policies=self.cube_policies,
            cube_value=self.cube_value,
            cube_owner=self.cube_owner,
            cube_rules=self.cube_rules,
            seed=self.seed,
            opening=self.opening,
            quasi_random=self.quasi_random,
            tally=self.tally.merge(other.tally),
            stop="interrupted" if (self.interrupted or other.interrupted) else "completed",
            elapsed=self.elapsed + other.elapsed,
            threads=max(self.threads, other.threads),
            ranges=self.ranges + other.ranges,
            games_requested=self.games_requested + other.games_requested,
        )

    # -- display --------------------------------------------------------------------------

    def describe(self) -> str:
        """One line naming what was rolled out."""
        first = "opening (no doubles first, BG-10)" if self.opening else "player on roll"

        def pair(p: tuple[str, str]) -> str:
            return p[0] if p[0] == p[1] else f"{p[0]} vs {p[1]}"

        owner = "centred" if self.cube_owner is None else f"owned by {self.cube_owner}"
        rules = [
            name
            for name, on in (
                ("Jacoby", self.cube_rules.jacoby),
                ("beavers", self.cube_rules.beavers),
                ("raccoons", self.cube_rules.raccoons),
            )
            if on
        ]
        extra = f", {', '.join(rules)}" if rules else ""
        return (
            f"cubeful rollout of {self.position.id} ({self.position.variant.canonical_name}, "
            f"{first}, {pair(self.policies)}, cube policy {pair(self.cube_policies)}, "
            f"cube {self.cube_value} {owner}{extra}, seed {self.seed})"
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
            f"{'':10}{'win':>8}{'gammon':>8}{'backgammon':>12}{'by drop':>9}",
            f"  {'on roll':<8}{self.win:>8.4f}{self.win_gammon:>8.4f}"
            f"{self.win_backgammon:>12.4f}{self.won_by_drop:>9.4f}",
            f"  {'opponent':<8}{self.lose:>8.4f}{self.lose_gammon:>8.4f}"
            f"{self.lose_backgammon:>12.4f}{self.lost_by_drop:>9.4f}",
            f"  doubled in {self.doubled:.2%} of the games, {self.doubles_per_game:.3f} cube "
            f"offers a game, mean final cube {self.mean_cube:.3f}",
        ]
        lo, hi = self.ci95
        lines.append(
            f"  cubeful equity {plus_minus(self.equity, self.std_error)} per initial cube, "
            f"CI {lo:+.4f} .. {hi:+.4f}, standard error {self.std_error:.4f}"
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<CubefulRolloutResult {self.position.id} games={self.games_completed} "
            f"equity={plus_minus(self.equity, self.std_error)} seed={self.seed}"
            f"{' interrupted' if self.interrupted else ''}>"
        )

    def _key(self) -> tuple[Any, ...]:
        return (
            self.position,
            self.policies,
            self.cube_policies,
            self.cube_value,
            self.cube_owner,
            self.cube_rules,
            self.seed,
            self.opening,
            self.quasi_random,
            self.ranges,
            self.tally,
        )


def _cube_owner(owner: object) -> Optional[_core.Color]:
    if owner is None or (isinstance(owner, str) and owner.strip().lower() in ("centre", "center")):
        return None
    if isinstance(owner, _core.Color):
        return owner
    if isinstance(owner, str) and owner.strip().lower() in ("white", "black"):
        return _core.Color.WHITE if owner.strip().lower() == "white" else _core.Color.BLACK
    raise InvalidInputError(
        f"cube_owner must be None (centred), 'white', 'black' or a gammon.Color, not {brief(owner)}"
    )


def _cube_pair(cube: object) -> tuple[Any, Any]:
    """The cube policies of the player on roll and of the opponent, as the core takes them."""
    from gammon.policies import BUILTIN_CUBE_POLICIES, CubePolicy, _CubeAdapter

    def one(spec: object) -> Any:
        if isinstance(spec, str):
            name = spec.strip().lower()
            if name not in BUILTIN_CUBE_POLICIES:
                raise InvalidInputError(
                    f"unknown cube policy {brief(spec)}; built-in cube policies: "
                    f"{', '.join(BUILTIN_CUBE_POLICIES)}"
                )
            return name
        if isinstance(spec, Net):
            return spec
        if isinstance(spec, CubePolicy):
            return _CubeAdapter(spec)
        raise InvalidInputError(
            "cube must be a cube policy name (never, race, net), a gammon.Net, an object with "
            f"double(view) and take(view) methods, or a pair of them; got {brief(spec)}"
        )

    if isinstance(cube, tuple) and len(cube) == 2:
        return (one(cube[0]), one(cube[1]))
    p = one(cube)
    return (p, p)


def _name(p: object) -> str:
    if isinstance(p, str):
        return p
    if isinstance(p, Net):
        return p.name
    inner = getattr(p, "_policy", p)
    return type(inner).__name__


def cubeful_rollout(
    pos: _core.Position,
    games: int,
    *,
    policies: tuple[Any, Any],
    policy_names: tuple[str, str],
    cube: object,
    cube_value: Optional[int],
    cube_owner: object,
    cube_rules: object,
    seed: int,
    threads: Optional[int],
    opening: bool,
    quasi_random: bool,
    first_game: int,
    chunk_size: int,
    max_seconds: Optional[float],
    target_std_error: Optional[float],
    progress: bool,
    callback: Optional[Callable[..., object]],
) -> CubefulRolloutResult:
    """Run the cubeful rollout :func:`gammon.rollout` asks for with ``cube=`` (private).

    ``rollout`` has checked the common arguments; ``callback`` is called with the games done,
    asked for, the equity, its standard error and the seconds elapsed.
    """
    from gammon.cube import CubeRules
    from gammon.policies import _check_threads_for_python

    if pos.variant == _core.Variant.LONG_NARDY:
        raise InvalidInputError(
            "Long Nardy is played without a doubling cube: leave cube= out of a Long Nardy rollout"
        )
    rules = CubeRules() if cube_rules is None else cube_rules
    if not isinstance(rules, CubeRules):
        raise InvalidInputError(f"cube_rules must be a gammon.CubeRules, not {brief(cube_rules)}")
    value = 1 if cube_value is None else _int_arg("cube_value", cube_value, 1, rules.max_cube)
    if value & (value - 1):
        raise InvalidInputError(
            f"cube_value must be a power of two (1, 2, 4, ...), not {value} (CUBE-10)"
        )
    owner = _cube_owner(cube_owner)
    pair = _cube_pair(cube)
    _check_threads_for_python(threads, [*pair, *policies])
    n_threads = 0 if threads is None else _int_arg("threads", threads, 1, _core.MAX_THREADS)
    _int_arg("first_game", first_game, 0, _MAX_U64 - games)

    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=games, unit="games", unit_scale=True, desc="rollout", leave=True)

    def report(done: int, total: int, eq: float, se: float, elapsed: float) -> None:
        if bar is not None:
            bar.update(done - bar.n)
            if done > 0:
                bar.set_postfix_str(f"cubeful equity {plus_minus(eq, se)}", refresh=False)
        if callback is not None:
            callback(done, total, eq, se, elapsed)

    try:
        run = _core._cubeful_rollout(
            pos,
            first_game,
            first_game + games,
            policies,
            pair,
            rules,
            value,
            owner,
            seed=seed,
            opening=opening,
            quasi_random=quasi_random,
            threads=n_threads,
            chunk_size=chunk_size,
            max_seconds=max_seconds,
            target_std_error=target_std_error,
            callback=report if (bar is not None or callback is not None) else None,
        )
    finally:
        if bar is not None:
            bar.close()
    tally = run.tally
    assert isinstance(tally, _core.CubefulTally)
    return CubefulRolloutResult(
        position=pos,
        policies=policy_names,
        cube_policies=(_name(pair[0]), _name(pair[1])),
        cube_value=value,
        cube_owner=owner,
        cube_rules=rules,
        seed=seed,
        opening=opening,
        quasi_random=quasi_random,
        tally=tally,
        stop=run.stop,
        elapsed=run.elapsed,
        threads=run.threads,
        ranges=((run.first, run.end),),
        games_requested=games,
    )


def refuse_uncubeful_options(**options: object) -> None:
    """Refuse the rollout options a cubeful rollout does not support, naming the conflict.

    Each option is passed with its value; a value other than None or False (or ``"none"``
    for ``truncate``) is a conflict.
    """
    why = {
        "nardy": "Long Nardy is played without a cube",
        "truncate": "a truncated game would be settled at its cubeless value",
        "truncate_after": "a truncated game would be settled at its cubeless value",
        "variance_reduction": "the luck of the dice is measured cubeless",
        "evaluator": "it serves truncate_after and variance_reduction only",
        "record_games": "per-game outcomes are not kept for cubeful rollouts",
        "executor": "cubeful rollouts run on this machine only",
        "checkpoint": "cubeful rollouts keep no checkpoints",
    }
    for name, value in options.items():
        if value is None or value is False or (name == "truncate" and value == "none"):
            continue
        raise InvalidInputError(
            f"{name}={brief(value)} does not combine with cube= ({why.get(name, 'unsupported')}): "
            f"leave {name} out of a cubeful rollout, or cube= out for a cubeless one"
        )
