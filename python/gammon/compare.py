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

import dataclasses
import secrets
from collections.abc import Sequence
from functools import partial
from typing import Any, Optional, Union

import gammon._core as _core
from gammon._checks import check_dice
from gammon._checks import int_arg as _int_arg
from gammon._core import ManyRolloutResult, Position, RankedPlay
from gammon._distribute import DEFAULT_GAMES_PER_TASK
from gammon._run import Run, RunOptions, drive, refuse_unknown
from gammon.errors import InvalidInputError
from gammon.game import Game
from gammon.rollout import RolloutProgress, RolloutSettings, _resolve_position

__all__ = ["ManyRolloutResult", "RankedPlay", "rank_plays", "rollout_many"]


def _many_run(
    setups: Sequence[Any], seed: int, common: bool, given: bool
) -> Run[ManyRolloutResult]:
    """The positions of ``setups`` on common dice as a run of :func:`gammon._run.drive`."""

    def load(data: bytes, where: str, first: int, items: int) -> tuple[ManyRolloutResult, Any]:
        done = _core._read_many_checkpoint(
            data, where, setups, seed=seed, common_dice=common, games=items, seed_given=given
        )
        setups_read = [r.setup for r in done.results]
        return done, partial(_core._play_many, setups_read, seed=done.seed, common_dice=common)

    return Run(
        partial(_core._play_many, setups, seed=seed, common_dice=common),
        load,
        RolloutProgress,
        "rollouts",
        "games",
        None,
        _core.DEFAULT_CHUNK_SIZE,
        DEFAULT_GAMES_PER_TASK,
        [("the settings (policies)", setups)],
    )


def rollout_many(
    positions: Sequence[Union[Position, str]],
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    common_dice: bool = True,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    **keywords: Any,
) -> ManyRolloutResult:
    """Rolls out each position for ``games`` games on common dice (:class:`ManyRolloutResult`).

    Game *i* of every position uses the dice of ``(seed, i)``, and one worker plays game *i*
    of every position: the core keeps each position's statistics and the exact sums of the
    products of the games' points, so memory does not grow with ``games``. The game
    settings (:class:`~gammon.RolloutSettings`, as keywords or ``settings=``) apply to every
    position (``opening=None`` decides per position; a pair of policies needs one player on
    roll in every position); with ``variance_reduction`` the per-game points, and so the
    differences and their paired standard errors, are those less the luck of the dice.
    ``common_dice=False`` gives each position its own seed instead (independent dice: to
    measure what the common dice gain).

    The execution options are those of every run (:class:`~gammon.RunOptions`, as keywords
    or ``options=``): ``executor`` (a task plays a range of game indices of every position;
    the merged result equals the single-machine result exactly), ``checkpoint`` (the state,
    every position's statistics, the sums of products, the games done, the setup and an
    integrity check, written atomically; a call with the same arguments and file continues
    it, ``seed=None`` taking the checkpoint's seed; :func:`~gammon.read_checkpoint` reads
    it), ``progress``, ``callback`` (with the games of
    every position done), ``max_seconds``, ``target_std_error`` (every position's standard
    error at most that), ``threads``, ``chunk_size`` (``block_games`` is its old name).

    Ctrl-C stops the rollouts and returns the games finished so far (``interrupted`` set).

    Raises :class:`~gammon.InvalidInputError` for bad arguments (as :func:`~gammon.rollout`
    does; also no positions, or positions of different variants) and
    :class:`~gammon.CheckpointError` for a checkpoint that does not fit, naming the
    difference.
    """
    if "block_games" in keywords:
        keywords.setdefault("chunk_size", keywords.pop("block_games"))
    run = RunOptions.take(options, keywords)
    game = RolloutSettings.take(settings, keywords)
    refuse_unknown(rollout_many, keywords, RunOptions.fields(), RolloutSettings.fields())
    if isinstance(positions, (str, Position)) or not isinstance(positions, Sequence):
        raise InvalidInputError("positions must be a list of positions or position IDs")
    if not positions:
        raise InvalidInputError("positions must name at least one position")
    pos = [_resolve_position(p, None) for p in positions]
    if len({p.variant for p in pos}) > 1:
        raise InvalidInputError("the positions of rollout_many must all be of one variant")
    games = _int_arg("games", games, 1)
    master = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    seeds = _core._position_seeds(master, len(pos), bool(common_dice))
    setups = [game.setup(p, s) for p, s in zip(pos, seeds)]
    kind = _many_run(setups, master, bool(common_dice), seed is not None)
    return drive(kind, 0, games, run)


def rank_plays(
    position: Union[Position, str],
    dice: Any,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    common_dice: bool = True,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    **keywords: Any,
) -> list[RankedPlay]:
    """Rolls out every legal play of ``dice`` in ``position`` on common dice; best play first.

    Each play's position (the opponent on roll) is rolled out with :func:`rollout_many` (the
    keywords are its own: the game settings and the execution options, ``executor`` and
    ``checkpoint`` included); the equities are turned
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
    game = RolloutSettings.take(settings, keywords)
    if game.opening:
        raise InvalidInputError("rank_plays rolls out the positions after the plays: no opening")
    nardy = game.setup(pos, 0).nardy  # the core checks nardy= against the position
    # A finishing play is scored by the rules; under LN-37 Black's last roll is still due.
    before = Game(position=pos, dice=roll, settings=nardy).state
    endings = [before.play(p).result if p.after.is_game_over() else None for p in plays]
    open_plays = [i for i, e in enumerate(endings) if e is None]
    many = None
    if open_plays:
        many = rollout_many(
            [plays[i].after for i in open_plays],
            games,
            seed=seed,
            common_dice=common_dice,
            options=options,
            settings=dataclasses.replace(game, opening=False, nardy=nardy),
            **keywords,
        )
    return _core._ranked_plays(pos.turn, plays, endings, many)
