"""Rollouts that compare positions on common dice, and the ranking of the plays of a roll.

:func:`rollout_many` rolls out several positions giving game *i* of each the same dice
(common random numbers, as gnubg does): game *i* takes its dice from ``(seed, i)`` only, so
one seed for every position is all it takes. Luck then cancels in the differences between the
positions, whose standard errors (from the per-game paired differences) are far smaller than
each position's own::

    >>> import gammon
    >>> race = gammon.Position.from_checkers({6: 3, 5: 3, 3: 4, 8: 2, 9: 3},
    ...                                      {6: 4, 5: 4, 4: 3, 10: 2, 11: 2})
    >>> plays = race.legal_plays((6, 4))
    >>> both = gammon.rollout_many([plays[0].after, plays[1].after], games=1296, seed=1)
    >>> d, se = both.difference(0, 1)
    >>> se < both.results[0].std_error / 2
    True

How much the common dice gain depends on how alike the positions' games stay: a lot in races,
little between opening plays, whose games soon part ways.

:func:`rank_plays` does this for every legal play of a roll and ranks them.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from typing import Any, NamedTuple, Optional, Union

import numpy as np
import numpy.typing as npt

from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import check_dice
from gammon._checks import int_arg as _int_arg
from gammon._core import Play, Position
from gammon._format import plus_minus
from gammon.errors import InvalidInputError
from gammon.nardy import NardySettings
from gammon.rollout import PolicySpec, RolloutResult, _resolve_position, rollout

__all__ = ["ManyRolloutResult", "RankedPlay", "rank_plays", "rollout_many"]

#: Games of every position played before the per-game results are folded into the sums of
#: products (the memory held is this many games times the positions, 8 bytes each).
DEFAULT_BLOCK_GAMES = 65_536


class ManyRolloutResult:
    """The result of :func:`rollout_many`: a rollout per position and their differences.

    :attr:`results` holds one :class:`~gammon.RolloutResult` per position; :meth:`difference`
    gives the difference between two of them with its standard error.

    A difference ``i - j`` is between the equities of the players on roll in positions ``i``
    and ``j``. Its standard error comes from the per-game differences (the sums of products of
    the games' points are kept, not the games), so on common dice it reflects the luck they
    share cancelling out.
    """

    def __init__(
        self,
        results: Sequence[RolloutResult],
        *,
        games: int,
        common_dice: bool,
        sums: npt.NDArray[np.float64],
        cross: npt.NDArray[np.float64],
        interrupted: bool,
    ) -> None:
        self.results = tuple(results)
        """The rollout of each position, in the order given."""
        self.games = games
        """Games played from each position (game *i* of each with the same dice when
        :attr:`common_dice`)."""
        self.common_dice = common_dice
        """True when every position was played on the same dice (one seed)."""
        self.interrupted = interrupted
        """True when Ctrl-C stopped the rollouts (the games of the last block are dropped)."""
        self._sums = sums
        self._cross = cross

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """The equity of position ``i`` minus that of ``j``, and its standard error.

        Raises :class:`~gammon.InvalidInputError` for an index out of range.
        """
        k = len(self.results)
        for name, v in (("i", i), ("j", j)):
            if isinstance(v, bool) or not isinstance(v, int) or not -k <= v < k:
                raise InvalidInputError(f"{name} must be a position index in 0..{k - 1}, not {v!r}")
        i, j = i % k, j % k
        d = self.results[i].equity - self.results[j].equity
        n = self.games
        if i == j:
            return d, 0.0
        if n < 2:
            return d, math.inf
        sum_d = self._sums[i] - self._sums[j]
        sum_d2 = self._cross[i, i] + self._cross[j, j] - 2.0 * self._cross[i, j]
        var = max(0.0, (sum_d2 - sum_d * sum_d / n) / (n - 1))
        return d, math.sqrt(var / n)

    @property
    def differences(self) -> npt.NDArray[np.float64]:
        """``(K, K)`` array: entry ``[i, j]`` is :meth:`difference` ``(i, j)``'s value."""
        k = len(self.results)
        return np.array([[self.difference(i, j)[0] for j in range(k)] for i in range(k)])

    @property
    def difference_std_errors(self) -> npt.NDArray[np.float64]:
        """``(K, K)`` array: entry ``[i, j]`` is the standard error of the difference ``i - j``."""
        k = len(self.results)
        return np.array([[self.difference(i, j)[1] for j in range(k)] for i in range(k)])

    def __str__(self) -> str:
        dice = "common dice" if self.common_dice else "independent dice"
        lines = [f"{len(self.results)} positions, {self.games:,} games each on {dice}"]
        for i, r in enumerate(self.results):
            d, se = self.difference(i, 0)
            lines.append(
                f"  {i:>2} {r.position.id}  equity {plus_minus(r.equity, r.std_error)}  "
                f"vs 0: {d:+.4f} (standard error {se:.4f})"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ManyRolloutResult positions={len(self.results)} games={self.games}>"


def _seeds(seed: int, k: int, common: bool) -> list[int]:
    if common:
        return [seed] * k
    # Independent dice: a different seed for each position, for comparison.
    return [(seed + 0x9E3779B97F4A7C15 * (i + 1)) % (_MAX_U64 + 1) for i in range(k)]


def rollout_many(
    positions: Sequence[Union[Position, str]],
    games: int = 1296,
    *,
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    opening: Optional[bool] = None,
    quasi_random: bool = True,
    truncate: Optional[str] = None,
    nardy: Optional[NardySettings] = None,
    common_dice: bool = True,
    block_games: int = DEFAULT_BLOCK_GAMES,
    progress: bool = False,
) -> ManyRolloutResult:
    """Rolls out each position for ``games`` games on common dice (:class:`ManyRolloutResult`).

    Game *i* of every position uses the dice of ``(seed, i)``. The arguments are those of
    :func:`~gammon.rollout` and apply to every position (``opening=None`` decides per
    position). ``common_dice=False`` gives each position its own seed instead (independent
    dice: to measure what the common dice gain). The games are played in blocks of
    ``block_games``; only a block's per-game points are held, folded into sums of products
    per pair of positions, so memory does not grow with ``games``.

    Raises :class:`~gammon.InvalidInputError` for bad arguments (as :func:`~gammon.rollout`
    does; also no positions, or positions of different variants).
    """
    if isinstance(positions, (str, Position)) or not isinstance(positions, Sequence):
        raise InvalidInputError("positions must be a list of positions or position IDs")
    if not positions:
        raise InvalidInputError("positions must name at least one position")
    pos = [_resolve_position(p, None) for p in positions]
    if len({p.variant for p in pos}) > 1:
        raise InvalidInputError("the positions of rollout_many must all be of one variant")
    games = _int_arg("games", games, 1)
    block = _int_arg("block_games", block_games, 1)
    seed = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    seeds = _seeds(seed, len(pos), bool(common_dice))
    k = len(pos)
    results: list[Optional[RolloutResult]] = [None] * k
    sums = np.zeros(k)
    cross = np.zeros((k, k))
    done = 0
    interrupted = False
    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=games * k, unit="games", unit_scale=True, desc="rollouts", leave=True)
    try:
        while done < games:
            n = min(block, games - done)
            parts = []
            for p, s in zip(pos, seeds):
                part = rollout(
                    p,
                    n,
                    policy=policy,
                    seed=s,
                    threads=threads,
                    opening=opening,
                    quasi_random=quasi_random,
                    first_game=done,
                    record_games=True,
                    truncate=truncate,
                    nardy=nardy,
                )
                if part.interrupted:
                    raise KeyboardInterrupt
                parts.append(part)
                if bar is not None:
                    bar.update(n)
            points = np.stack([p.outcomes.points for p in parts if p.outcomes is not None])
            sums += points.sum(axis=1)
            cross += points @ points.T
            for i, part in enumerate(parts):
                part.outcomes = None
                prev = results[i]
                results[i] = part if prev is None else prev.merge(part)
            done += n
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    if any(r is None for r in results):
        raise KeyboardInterrupt  # stopped before a block was done: nothing to report
    final = [r for r in results if r is not None]
    for r in final:
        r.games_requested = games
    return ManyRolloutResult(
        final,
        games=done,
        common_dice=bool(common_dice),
        sums=sums,
        cross=cross,
        interrupted=interrupted,
    )


class RankedPlay(NamedTuple):
    """One play of :func:`rank_plays`, from the side of the player who makes it."""

    play: Play
    """The play."""
    equity: float
    """Cubeless equity after the play, for the player who made it."""
    std_error: float
    """The standard error of :attr:`equity`."""
    loss: float
    """How much worse than the best play (0 for the best)."""
    loss_std_error: float
    """The standard error of :attr:`loss`, from the games paired on common dice."""
    result: RolloutResult
    """The rollout of the position after the play (the opponent on roll)."""


def rank_plays(
    position: Union[Position, str],
    dice: Any,
    games: int = 1296,
    *,
    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    quasi_random: bool = True,
    truncate: Optional[str] = None,
    common_dice: bool = True,
    progress: bool = False,
) -> list[RankedPlay]:
    """Rolls out every legal play of ``dice`` in ``position`` on common dice; best play first.

    Each play's position (the opponent on roll) is rolled out with :func:`rollout_many` (the
    arguments are its own); the equities are turned to the mover's side and each play's loss
    against the best comes with the standard error of the paired difference.

    Raises :class:`~gammon.InvalidInputError` for bad arguments, a forced play or a pass
    (nothing to choose) or a play that ends the game (nothing to roll out).
    """
    pos = _resolve_position(position, None)
    roll = check_dice(dice, "dice")
    plays = list(pos.legal_plays(roll))
    if len(plays) < 2:
        raise InvalidInputError(
            f"{roll[0]}{roll[1]} in {pos.id} has {len(plays)} legal play"
            f"{'' if len(plays) == 1 else 's'}: nothing to choose"
        )
    for p in plays:
        if p.after.is_game_over():
            raise InvalidInputError(
                f"the play {p} ends the game: it needs no rollout (it is the best play)"
            )
    many = rollout_many(
        [p.after for p in plays],
        games,
        policy=policy,
        seed=seed,
        threads=threads,
        opening=False,
        quasi_random=quasi_random,
        truncate=truncate,
        common_dice=common_dice,
        progress=progress,
    )
    equities = [-r.equity for r in many.results]
    best = int(np.argmax(equities))
    ranked = []
    for i, (p, r) in enumerate(zip(plays, many.results)):
        d, se = many.difference(i, best)  # (-eq_best) - (-eq_i) = eq_i - eq_best
        ranked.append(RankedPlay(p, equities[i], r.std_error, d, se, r))
    ranked.sort(key=lambda x: x.loss)
    return ranked
