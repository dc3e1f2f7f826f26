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

The sums of the games' points and of their products are exact integers (fixed point, as a
:class:`~gammon.RolloutResult`'s statistics are), so a comparison split into ranges of games
(on an executor, ``executor=``) or stopped and continued (``checkpoint=``) equals the
uninterrupted single-machine run exactly.

:func:`rank_plays` does this for every legal play of a roll and ranks them; a play that ends
the game is valued exactly (BG-14, SCORE-1, LN-32 to LN-35) and not rolled out.
"""

from __future__ import annotations

import math
import os
import secrets
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, Optional, Union

import numpy as np
import numpy.typing as npt

import gammon._core as _core
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import check_dice
from gammon._checks import int_arg as _int_arg
from gammon._checks import positive_float as _positive_float
from gammon._core import GameResult, Net, Play, Position, Variant
from gammon._distribute import (
    DEFAULT_CHECKPOINT_EVERY,
    DEFAULT_GAMES_PER_TASK,
    DEFAULT_RETRIES,
    run_segments,
    subtract,
    write_atomically,
)
from gammon._format import plus_minus
from gammon.errors import CheckpointError, InternalError, InvalidInputError
from gammon.nardy import NardySettings
from gammon.policies import PolicySpec, _check_threads_for_python
from gammon.rollout import (
    _MANY_CHECKPOINT_FILE_FORMAT,
    RolloutResult,
    _check_continues,
    _check_shippable,
    _checkpoint_check,
    _cp_int,
    _policy_pair,
    _read_checkpoint_file,
    _resolve_position,
    _settings_for,
    _Setup,
    _setup,
    rollout,
)

__all__ = ["ManyRolloutResult", "RankedPlay", "rank_plays", "rollout_many"]

#: Games of every position played before the per-game results are folded into the sums of
#: products (the memory held is this many games times the positions, 8 bytes each).
DEFAULT_BLOCK_GAMES = 65_536

_CHECKPOINT_FIELDS = {"format", "games", "seed", "common_dice", "rollouts", "cross", "check"}


class ManyRolloutResult:
    """The result of :func:`rollout_many`: a rollout per position and their differences.

    :attr:`results` holds one :class:`~gammon.RolloutResult` per position; :meth:`difference`
    gives the difference between two of them with its standard error.

    A difference ``i - j`` is between the equities of the players on roll in positions ``i``
    and ``j``. Its standard error comes from the per-game differences (the exact sums of the
    products of the games' points are kept, not the games), so on common dice it reflects the
    luck they share cancelling out.
    """

    def __init__(
        self,
        results: Sequence[RolloutResult],
        *,
        seed: int,
        common_dice: bool,
        cross: Sequence[Sequence[int]],
        interrupted: bool,
    ) -> None:
        self.results = tuple(results)
        """The rollout of each position, in the order given."""
        self.games = self.results[0].games_completed if self.results else 0
        """Games played from each position (game *i* of each with the same dice when
        :attr:`common_dice`)."""
        self.seed = seed
        """The master seed (each position's own with independent dice derives from it)."""
        self.common_dice = common_dice
        """True when every position was played on the same dice (one seed)."""
        self.interrupted = interrupted
        """True when Ctrl-C stopped the rollouts (the games of the unfinished turn are
        dropped)."""
        self.cross = tuple(tuple(int(c) for c in row) for row in cross)
        """``cross[i][j]``: the sum over the games of the points of position ``i`` times those
        of ``j``, exactly, in units of ``1/ONE**2`` (the diagonal is each rollout's
        ``tally.points_sq``)."""

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
        # Exact integers up to the last division: n * sum(d^2) - sum(d)^2 over the games.
        sum_d = self.results[i].tally.points - self.results[j].tally.points
        c = self.cross
        sum_d2 = c[i][i] + c[j][j] - 2 * c[i][j]
        spread = max(0, n * sum_d2 - sum_d * sum_d)
        return d, math.sqrt(spread / (n * (n - 1) * n)) / _core.ONE

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

    def __eq__(self, other: object) -> bool:
        """Equal when the rollouts, the sums of products and the dice are (not the timing)."""
        if not isinstance(other, ManyRolloutResult):
            return NotImplemented
        return (self.results, self.cross, self.seed, self.common_dice) == (
            other.results,
            other.cross,
            other.seed,
            other.common_dice,
        )

    __hash__ = None  # type: ignore[assignment]

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


# -- exact sums of products ---------------------------------------------------------------------

#: The points of a game are split as ``high * 2**_SPLIT + low`` so that the products of the
#: parts, summed over at most ``_SUB_GAMES`` games, fit in 64-bit integers.
_SPLIT = 20
_SUB_GAMES = 1 << 20


def _exact_cross(points: npt.NDArray[np.float64]) -> list[list[int]]:
    """``[i][j]``: the sum over the games (columns) of ``points[i] * points[j]``, exactly.

    The points are the per-game points of a rollout (multiples of ``1/ONE``); the result is
    in units of ``1/ONE**2``, as ``Tally.points_sq`` is, so that any split of the games into
    ranges adds up to the same integers.
    """
    fixed = np.rint(points * _core.ONE).astype(np.int64)
    k = fixed.shape[0]
    total = [[0] * k for _ in range(k)]
    for start in range(0, fixed.shape[1], _SUB_GAMES):
        block = fixed[:, start : start + _SUB_GAMES]
        high = block >> _SPLIT
        low = block & ((1 << _SPLIT) - 1)
        if int(np.abs(high).max()) >= 1 << _SPLIT:
            raise InternalError("a game's points are too large for the exact sums of products")
        hh, hl, ll = high @ high.T, high @ low.T, low @ low.T
        for i in range(k):
            for j in range(k):
                mixed = int(hl[i, j]) + int(hl[j, i])
                total[i][j] += (int(hh[i, j]) << (2 * _SPLIT)) + (mixed << _SPLIT) + int(ll[i, j])
    return total


class _Part(NamedTuple):
    """The games of a range of every position, and their exact sums of products."""

    results: tuple[RolloutResult, ...]
    cross: list[list[int]]


def _play_block(options: Sequence[dict[str, Any]], first: int, games: int) -> Optional[_Part]:
    """Games ``first .. first + games`` of every position (None when Ctrl-C stopped them)."""
    parts = []
    for opts in options:
        part = rollout(games=games, first_game=first, record_games=True, **opts)
        if part.interrupted or part.outcomes is None:
            return None
        parts.append(part)
    return _fold(parts)


def _fold(parts: Sequence[RolloutResult]) -> _Part:
    """The games of ``parts`` (one per position, the same range) without their outcomes."""
    points = np.stack([p.outcomes.points for p in parts if p.outcomes is not None])
    cross = _exact_cross(points)
    for p in parts:
        p.outcomes = None
    return _Part(tuple(parts), cross)


def _play_many_range(options: Sequence[dict[str, Any]], block: int, first: int, end: int) -> _Part:
    """One task of a distributed :func:`rollout_many`: games ``first .. end`` of every position.

    Runs on a worker, in blocks of ``block`` games.
    """
    total: Optional[_Part] = None
    for a in range(first, end, block):
        part = _play_block(options, a, min(block, end - a))
        if part is None:
            raise KeyboardInterrupt
        total = part if total is None else _merge(total, part)
    assert total is not None
    return total


def _merge(a: _Part, b: _Part) -> _Part:
    k = len(a.results)
    return _Part(
        tuple(x.merge(y) for x, y in zip(a.results, b.results)),
        [[a.cross[i][j] + b.cross[i][j] for j in range(k)] for i in range(k)],
    )


# -- checkpoints --------------------------------------------------------------------------------


class _Saved(NamedTuple):
    """A checkpoint of :func:`rollout_many` read back and checked."""

    part: Optional[_Part]
    seed: int
    common_dice: bool
    positions: int


def _checkpoint_dict(part: _Part, *, seed: int, common_dice: bool, games: int) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": _MANY_CHECKPOINT_FILE_FORMAT,
        "games": games,
        "seed": seed,
        "common_dice": common_dice,
        "rollouts": [r.to_dict() for r in part.results],
        "cross": part.cross,
    }
    data["check"] = _checkpoint_check(data)
    return data


def _read_saved(path: Path, policies: tuple[PolicySpec, PolicySpec]) -> _Saved:
    """The checkpoint of :func:`rollout_many` at ``path``, validated completely.

    Each position's rollout is checked as :func:`~gammon.read_checkpoint` checks one, and
    the sums of products must fit them: a square symmetric table whose diagonal is each
    rollout's sum of squares and whose entries obey the Cauchy-Schwarz bound, and every
    rollout holds the same games.

    Raises :class:`CheckpointError` naming what is wrong.
    """
    where, data = _read_checkpoint_file(path, _MANY_CHECKPOINT_FILE_FORMAT, _CHECKPOINT_FIELDS)
    try:
        seed = _cp_int(data, "seed", 0, _MAX_U64)
        _cp_int(data, "games", 1, _MAX_U64)
        if not isinstance(data["common_dice"], bool):
            raise InvalidInputError("checkpoint field common_dice must be a bool")
        rollouts = data["rollouts"]
        if not isinstance(rollouts, list) or not rollouts:
            raise InvalidInputError("checkpoint field rollouts must be a non-empty list")
        results = tuple(
            RolloutResult.from_dict(r, policy=policies) if isinstance(r, dict) else None
            for r in rollouts
        )
    except InvalidInputError as e:
        raise CheckpointError(f"the checkpoint {where} is not valid: {e}") from None
    k = len(results)
    if any(r is None for r in results):
        raise CheckpointError(f"the checkpoint {where} is not valid: a rollout is not a dict")
    done = [r for r in results if r is not None]
    cross = data["cross"]
    if not (
        isinstance(cross, list)
        and len(cross) == k
        and all(isinstance(row, list) and len(row) == k for row in cross)
        and all(isinstance(c, int) and not isinstance(c, bool) for row in cross for c in row)
    ):
        raise CheckpointError(
            f"the checkpoint {where} is not valid: cross must be {k} lists of {k} integers"
        )
    ranges = {r.ranges for r in done}
    fits = len(ranges) == 1 and all(
        cross[i][i] == done[i].tally.points_sq
        and cross[i][j] == cross[j][i]
        and cross[i][j] ** 2 <= cross[i][i] * cross[j][j]
        for i in range(k)
        for j in range(k)
    )
    if not fits:
        raise CheckpointError(
            f"the checkpoint {where} is not valid: its rollouts do not hold the same games or "
            "its sums of products do not fit their points"
        )
    part = _Part(tuple(done), cross) if done[0].games_completed else None
    return _Saved(part, seed, data["common_dice"], k)


def _check_saved(path: Path, saved: _Saved, setups: Sequence[_Setup], common: bool) -> None:
    """Raise :class:`CheckpointError` unless ``saved`` continues the rollouts of ``setups``."""
    mine_seed = saved.seed if setups[0].seed is None else setups[0].seed
    mismatches = [
        (name, theirs, mine)
        for name, theirs, mine in (
            ("positions", saved.positions, len(setups)),
            ("common_dice", saved.common_dice, common),
            ("seed", saved.seed, mine_seed),
        )
        if theirs != mine
    ]
    if mismatches:
        said = "; ".join(f"{n}={t!r} there, {n}={m!r} here" for n, t, m in mismatches)
        raise CheckpointError(
            f"the checkpoint {path} was made by another rollout ({said}): pass the same "
            "arguments to continue it, or another checkpoint file to start afresh"
        )
    if saved.part is not None:
        for i, (done, setup) in enumerate(zip(saved.part.results, setups)):
            _check_continues(path, done, 0, setup, which=f"position {i}: ")


# -- the functions ------------------------------------------------------------------------------


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
    truncate_after: Optional[int] = None,
    variance_reduction: bool = False,
    evaluator: Union[str, Net, None] = None,
    nardy: Optional[NardySettings] = None,
    common_dice: bool = True,
    block_games: int = DEFAULT_BLOCK_GAMES,
    progress: bool = False,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
) -> ManyRolloutResult:
    """Rolls out each position for ``games`` games on common dice (:class:`ManyRolloutResult`).

    Game *i* of every position uses the dice of ``(seed, i)``. The arguments are those of
    :func:`~gammon.rollout` and apply to every position (``opening=None`` decides per
    position); with ``variance_reduction`` the per-game points, and so the differences and
    their paired standard errors, are those less the luck of the dice, and ``truncate_after``
    settles every position's games after that many turns at ``evaluator``'s value.
    ``common_dice=False`` gives each position its own seed instead (independent dice: to
    measure what the common dice gain). The games are played in blocks of
    ``block_games``; only a block's per-game points are held, folded into exact sums of
    products per pair of positions, so memory does not grow with ``games``.

    ``executor``, ``games_per_task`` and ``retries``: as for :func:`~gammon.rollout` (a
    ``dask.distributed.Client`` or any ``concurrent.futures.Executor``); a task plays a range
    of game indices of every position, and the merged result equals the single-machine
    result of the seed exactly. ``checkpoint`` and ``checkpoint_every``: as for
    :func:`~gammon.rollout`: the state (every position's statistics, the sums of products,
    the games done, the arguments, an integrity check) is written atomically at that interval
    and at the end, and a call with the same arguments and file continues it (``seed=None``
    takes the checkpoint's seed); the result equals an uninterrupted run's exactly. The file
    is not :func:`~gammon.read_checkpoint`'s format: it belongs to this function.

    Ctrl-C stops the rollouts and returns the games of the turns finished (``interrupted``
    set; a turn plays at most ``block_games`` games of every position, and with a checkpoint
    about ``checkpoint_every`` seconds); before any turn finished it raises
    ``KeyboardInterrupt``.

    Raises :class:`~gammon.InvalidInputError` for bad arguments (as :func:`~gammon.rollout`
    does; also no positions, or positions of different variants) and
    :class:`~gammon.CheckpointError` for a checkpoint that does not fit, naming the
    difference.
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
    per_task = _int_arg("games_per_task", games_per_task, 1)
    retries = _int_arg("retries", retries, 0, 100)
    every = _positive_float("checkpoint_every", checkpoint_every) or DEFAULT_CHECKPOINT_EVERY
    if threads is not None:
        _int_arg("threads", threads, 1, _core.MAX_THREADS)
    pair = _policy_pair(policy, pos[0].variant)
    _check_threads_for_python(threads, pair)
    common = bool(common_dice)
    k = len(pos)
    path = None if checkpoint is None else Path(os.fspath(checkpoint))
    saved = _read_saved(path, pair) if path is not None and path.exists() else None
    given = None if seed is None else _int_arg("seed", seed, 0)

    def setups_for(master: Optional[int]) -> list[_Setup]:
        seeds: list[Optional[int]] = (
            [None] * k if master is None else list(_seeds(master, k, common))
        )
        return [
            _setup(
                p,
                pair,
                seed=s,
                opening=opening,
                quasi_random=quasi_random,
                nardy=nardy,
                truncate=truncate,
                truncate_after=truncate_after,
                variance_reduction=variance_reduction,
                evaluator=evaluator,
                first_game=0,
                games=games,
            )
            for p, s in zip(pos, seeds)
        ]

    if saved is not None and path is not None:
        _check_saved(path, saved, setups_for(given), common)
    master = given if given is not None else saved.seed if saved is not None else None
    if master is None:
        master = secrets.randbits(64)
    setups = setups_for(master)
    if executor is not None:
        _check_shippable(executor, pair)
    options = [s.options(s.seed if s.seed is not None else master) for s in setups]
    for opts in options:
        opts["threads"] = (1 if threads is None else threads) if executor is not None else threads
    done: Optional[_Part] = None if saved is None else saved.part
    todo = subtract((0, games), done.results[0].ranges if done is not None else ())

    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=games * k, unit="games", unit_scale=True, desc="rollouts", leave=True)

    def played() -> int:
        return 0 if done is None else done.results[0].games_completed

    if bar is not None:
        bar.update(played() * k)

    def take(r: tuple[int, int], part: _Part) -> Optional[str]:
        nonlocal done
        if any(x.ranges != ((r[0], r[1]),) for x in part.results):
            raise InvalidInputError(f"the task of games {r[0]}..{r[1]} returned other games")
        done = part if done is None else _merge(done, part)
        if bar is not None:
            bar.update(played() * k - bar.n)
        return None

    def turn(a: int, b: int, seconds: float) -> tuple[int, Optional[str]]:
        # The first position plays for the turn's share of the time (without a checkpoint,
        # a whole block); the others then play the same games.
        end = min(b, a + block)
        limit = None if path is None else seconds / k
        first = rollout(
            games=end - a, first_game=a, record_games=True, max_seconds=limit, **options[0]
        )
        if first.interrupted:
            return a, "interrupted"
        n = first.games_completed
        if n == 0:
            return a, None
        if bar is not None:
            bar.update(n)
        parts = [first]
        for opts in options[1:]:
            part = rollout(games=n, first_game=a, record_games=True, **opts)
            if part.interrupted:
                return a, "interrupted"
            parts.append(part)
            if bar is not None:
                bar.update(n)
        take((a, a + n), _fold(parts))
        return a + n, None

    def save() -> None:
        if path is not None and done is not None:
            write_atomically(
                path, _checkpoint_dict(done, seed=master, common_dice=common, games=games)
            )

    try:
        stop = run_segments(
            todo,
            executor=executor,
            task=partial(_play_many_range, options, block),
            take=take,
            turn=turn,
            save=save if path is not None else None,
            every=every,
            per_task=per_task,
            retries=retries,
        )
    finally:
        if bar is not None:
            bar.close()
    if done is None:
        raise KeyboardInterrupt  # stopped before a turn was done: nothing to report
    save()
    final = list(done.results)
    for r in final:
        r.games_requested = games
    return ManyRolloutResult(
        final,
        seed=master,
        common_dice=common,
        cross=done.cross,
        interrupted=stop == "interrupted",
    )


class RankedPlay(NamedTuple):
    """One play of :func:`rank_plays`, from the side of the player who makes it.

    A play that ends the game is valued exactly: :attr:`ending` holds the game's result,
    :attr:`equity` its points for the mover, :attr:`std_error` is 0 and :attr:`result` is
    None (nothing was rolled out).
    """

    play: Play
    """The play."""
    equity: float
    """Cubeless equity after the play, for the player who made it."""
    std_error: float
    """The standard error of :attr:`equity` (0 for a play that ends the game)."""
    loss: float
    """How much worse than the best play (0 for the best)."""
    loss_std_error: float
    """The standard error of :attr:`loss`: from the games paired on common dice when both
    plays were rolled out, the rolled-out one's standard error when the other is exact, 0
    when both are exact."""
    result: Optional[RolloutResult]
    """The rollout of the position after the play (the opponent on roll); None for a play
    that ends the game."""
    ending: Optional[GameResult] = None
    """For a play that ends the game, its scored result (BG-14, SCORE-1; LN-32 to LN-35);
    None for a play that was rolled out."""


def _ending(
    position: Position, roll: tuple[int, int], play: Play, nardy: Optional[NardySettings]
) -> Optional[GameResult]:
    """The result of the game that ``play`` ends, scored by the rules; None if it goes on.

    A Long Nardy game with the last-roll right does not end when White finishes: Black's
    last roll is still due (LN-37), so such a play is rolled out like any other.
    """
    if not play.after.is_game_over():
        return None
    from gammon.game import Game

    game = Game(position=position, dice=roll, settings=nardy)
    game.push(play)
    return game.result


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
    truncate_after: Optional[int] = None,
    variance_reduction: bool = False,
    evaluator: Union[str, Net, None] = None,
    nardy: Optional[NardySettings] = None,
    common_dice: bool = True,
    progress: bool = False,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
) -> list[RankedPlay]:
    """Rolls out every legal play of ``dice`` in ``position`` on common dice; best play first.

    Each play's position (the opponent on roll) is rolled out with :func:`rollout_many` (the
    arguments are its own, ``executor`` and ``checkpoint`` included); the equities are turned
    to the mover's side and each play's loss against the best comes with the standard error
    of the paired difference. ``variance_reduction=True`` (GNU Backgammon's method) takes
    each roll's luck, measured by ``evaluator``, off every game of every play: the losses keep
    their means and their standard errors shrink (about 4x with ``evaluator="net"`` from the
    opening), though each turn then values all 21 rolls, so with the 0-ply ``"net"`` player in
    contact the plain rollout still gives more precision per second (BENCHMARKS.md);
    ``truncate_after`` cuts the games short at the evaluator's value.

    A play that ends the game is not rolled out: it is worth its result exactly (the mover
    wins a single, gammon or backgammon, BG-14 and SCORE-1; in Long Nardy an Oin, Mars or
    Koks under ``nardy``, LN-32 to LN-35), with standard error 0 (:class:`RankedPlay`).
    Under Long Nardy's last-roll right (LN-37) White's finishing play leaves Black a last
    roll, so it is rolled out. When no play needs a rollout nothing is rolled out.

    Raises :class:`~gammon.InvalidInputError` for bad arguments, or a forced play or a pass
    (nothing to choose), and :class:`~gammon.CheckpointError` as :func:`rollout_many` does.
    """
    pos = _resolve_position(position, None)
    roll = check_dice(dice, "dice")
    plays = list(pos.legal_plays(roll))
    if len(plays) < 2:
        raise InvalidInputError(
            f"{roll[0]}{roll[1]} in {pos.id} has {len(plays)} legal play"
            f"{'' if len(plays) == 1 else 's'}: nothing to choose"
        )
    if nardy is not None and not isinstance(nardy, NardySettings):
        raise InvalidInputError(f"nardy must be a gammon.nardy.NardySettings, not {nardy!r}")
    if pos.variant == Variant.LONG_NARDY:
        settings: Optional[NardySettings] = _settings_for(pos, nardy)
    elif nardy is not None:
        raise InvalidInputError("nardy= settings apply to Long Nardy rollouts only")
    else:
        settings = None
    endings = [_ending(pos, roll, p, settings) for p in plays]
    open_plays = [i for i, e in enumerate(endings) if e is None]
    many = None
    if open_plays:
        many = rollout_many(
            [plays[i].after for i in open_plays],
            games,
            policy=policy,
            seed=seed,
            threads=threads,
            opening=False,
            quasi_random=quasi_random,
            truncate=truncate,
            truncate_after=truncate_after,
            variance_reduction=variance_reduction,
            evaluator=evaluator,
            nardy=settings,
            common_dice=common_dice,
            progress=progress,
            executor=executor,
            games_per_task=games_per_task,
            retries=retries,
            checkpoint=checkpoint,
            checkpoint_every=checkpoint_every,
        )
    rolled = {i: m for m, i in enumerate(open_plays)}
    values: list[tuple[float, float, Optional[RolloutResult]]] = []
    for i, e in enumerate(endings):
        if e is not None:
            sign = 0 if e.winner is None else 1 if e.winner == pos.turn else -1
            values.append((float(sign * e.points), 0.0, None))
        else:
            assert many is not None
            r = many.results[rolled[i]]
            values.append((-r.equity, r.std_error, r))
    best = int(np.argmax([v[0] for v in values]))
    ranked = []
    for i, (p, (equity, se, rolled_out)) in enumerate(zip(plays, values)):
        if i == best:
            loss, loss_se = 0.0, 0.0
        elif many is not None and i in rolled and best in rolled:
            # (-eq_best) - (-eq_i) = eq_i - eq_best, from the opponent's side: the loss.
            loss, loss_se = many.difference(rolled[i], rolled[best])
        else:
            loss, loss_se = values[best][0] - equity, max(se, values[best][1])
        ranked.append(RankedPlay(p, equity, se, loss, loss_se, rolled_out, endings[i]))
    ranked.sort(key=lambda x: x.loss)
    return ranked
