"""Cube decisions rolled out: no double, double/take and double/pass on common dice.

:func:`rollout_cube` answers "should I double here, and should they take?" by playing the
games out, as GNU Backgammon rolls out a cube decision. Game *i* is played once for each line
by one worker, every line with the dice of ``(seed, i)``:

- **no double**: the cube as it is, the player on roll rolls;
- **double/take**: the cube doubled and owned by the taker (CUBE-5), the doubler rolls;
- **double/beaver** (money play with beavers on, CUBE-12): the cube at four times its value,
  owned by the doubler;
- **double/pass** is exact: +1 cube in money play (CUBE-6), or the match winning chance of
  winning the cube's value, from the match equity table at the score.

After that first roll both sides play on with the checker policy and the cube policy
(``"net"``: Janowski's model over the shipped net, the cube of :func:`~gammon.cube_decision`):
doubles, takes, drops, beavers, the Jacoby rule, as the cube rules say. Because the lines share
their dice, the luck they share cancels in their difference: the standard error of no double
minus double/take is far below what independent rollouts would give. The statistics are exact
integer sums, so the result is the same on any number of threads, on executors, and through a
checkpoint resumed::

    >>> import gammon
    >>> race = gammon.Position.from_checkers({3: 1, 1: 1}, {1: 1})
    >>> r = gammon.rollout_cube(race, 72, seed=1)
    >>> r.action, r.double_pass, round(r.no_double, 4)   # 34 rolls in 36 bear off
    ('Double, pass', 1.0, 0.8889)

``str(result)`` prints the table (the proper action's equity first, each with its standard
error, the paired difference, the proper action and how sure it is, in standard errors).
"""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any, NamedTuple, Optional

import gammon._core as _core
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import int_arg as _int_arg
from gammon._core import CubeRolloutResult, MatchScore, Position, Variant, _stakes
from gammon._distribute import DEFAULT_GAMES_PER_TASK
from gammon._run import Run, RunOptions, drive, refuse_unknown
from gammon.errors import InvalidInputError
from gammon.policies import default_cube_policy
from gammon.rollout import RolloutSettings

__all__ = ["CubeRolloutProgress", "CubeRolloutResult", "rollout_cube"]


class CubeRolloutProgress(NamedTuple):
    """What a progress callback of :func:`rollout_cube` receives."""

    done: int
    """Games finished so far (of every line)."""
    total: int
    """Games asked for."""
    difference: float
    """No double minus double/take (normalised), over every game merged so far."""
    std_error: float
    """Its standard error (paired on common dice)."""
    elapsed: float
    """Seconds since the start."""


def rollout_cube(
    position: Any,
    games: int = 1296,
    *,
    cube: Any = None,
    score: Any = None,
    seed: Optional[int] = None,
    plies: Any = 0,
    cube_plies: Any = 0,
    prune: Optional[int] = None,
    policy: Any = None,
    cube_policy: Any = None,
    quasi_random: bool = True,
    first_game: int = 0,
    options: Optional[RunOptions] = None,
    **keywords: Any,
) -> CubeRolloutResult:
    """Roll out the cube decision of the player on roll in ``position`` on common dice.

    ``position``: a backgammon :class:`~gammon.Position` (the player on roll, before rolling),
    a position ID, or a :class:`~gammon.Game`, which brings its cube and score. ``cube``: a
    :class:`~gammon.Cube` (value, owner, rules: Jacoby, beavers, ...) or
    :class:`~gammon.CubeRules` (a centred cube at 1); default a centred cube under the default
    rules. ``score``: a :class:`~gammon.Match` or :class:`~gammon.MatchScore` (match play,
    equities through the match equity table) or ``None``/:class:`~gammon.MoneySession`.
    ``games``: games of each line; ``seed``: the master seed (random when None; in the
    result); ``first_game``: the first game's index (to run a range elsewhere and
    :meth:`~CubeRolloutResult.merge` it). ``policy``: the checker play of both sides (a name
    as for :func:`~gammon.rollout`, a :class:`~gammon.Net`, or a pair: player on roll,
    opponent; default the net, :func:`~gammon.default_policy`); ``cube_policy``: their cube
    play after the first roll (``"net"``, ``"race"``, ``"never"``, a
    :class:`~gammon.CubePolicy`, or a pair; default the net's,
    :func:`~gammon.default_cube_policy`). ``quasi_random``: stratified first
    rolls. ``plies``: the depth of the net's checker-play search (0, 1 or 2, or a pair), as
    in :func:`~gammon.rollout`; ``cube_plies``: the depth of the net's cube decisions after
    the first roll (0, 1 or 2, or a pair), as in :func:`~gammon.rollout`; ``prune``: the
    replies of each roll the pruning net keeps inside the search, as in :func:`~gammon.rollout`.

    Execution keywords (or ``options=``, a :class:`~gammon.RunOptions`): ``threads``,
    ``chunk_size``, ``executor``, ``games_per_task``, ``retries``, ``checkpoint`` (kept and
    resumed as every rollout's), ``checkpoint_every``, ``progress``, ``callback`` (called with
    a :class:`CubeRolloutProgress`), ``max_seconds`` and ``target_std_error`` (which applies to
    the standard error of no double minus double/take).

    Returns a :class:`~gammon.CubeRolloutResult`. Raises
    :class:`~gammon.errors.InvalidInputError` when the player on roll may not double (the
    opponent owns the cube, CUBE-3; cube use off, CUBE-2; the cube at its cap, CUBE-10; the
    Crawford game, MATCH-3; a dead cube, MATCH-7), for Long Nardy (no cube, LN-38), a match
    that is over, or any bad argument; :class:`~gammon.errors.CheckpointError` for a
    checkpoint of another rollout.
    """
    run = RunOptions.take(options, keywords)
    refuse_unknown(rollout_cube, keywords, RunOptions.fields())
    if isinstance(position, str):
        position = Position.from_id(position)
    pos, the_cube, match_score, _ = _stakes(position, cube, score, True)
    assert the_cube is not None
    if pos.variant == Variant.LONG_NARDY:
        raise InvalidInputError("cube decisions are backgammon's: Long Nardy has no cube (LN-38)")
    games = _int_arg("games", games, 0)
    first_game = _int_arg("first_game", first_game, 0, _MAX_U64 - games)
    seed_given = seed is not None
    master = _int_arg("seed", seed, 0) if seed is not None else secrets.randbits(64)
    settings = RolloutSettings(
        policy=policy,
        plies=plies,
        cube_plies=cube_plies,
        prune=prune,
        opening=False,
        quasi_random=quasi_random,
        cube=default_cube_policy(pos.variant) if cube_policy is None else cube_policy,
        cube_value=the_cube.value,
        cube_owner=the_cube.owner,
        cube_rules=the_cube.rules,
    )
    setup = settings.setup(pos, master)
    setup.check_threads(run.threads)
    kind = _cube_run(setup, match_score, seed_given)
    result: CubeRolloutResult = drive(kind, first_game, games, run)
    return result


def _cube_run(setup: Any, score: Optional[MatchScore], seed_given: bool) -> Run[Any]:
    """The cube rollout of ``setup`` at ``score`` as a run of :func:`gammon._run.drive`."""

    def load(data: bytes, where: str, first: int, items: int) -> tuple[Any, Any]:
        done, _, _ = _core._read_cube_rollout_checkpoint(
            data, where, setup, score, first, items, seed_given
        )
        return done, partial(_core._play_cube_rollout, done.setup, score)

    return Run(
        partial(_core._play_cube_rollout, setup, score),
        load,
        CubeRolloutProgress,
        "cube rollout",
        "games",
        "ND-DT",
        # Each game is played two or three times: smaller chunks keep both threads busy on
        # the usual 1296 games (the results do not depend on it).
        144,
        DEFAULT_GAMES_PER_TASK,
        [("the settings (policies)", setup)],
    )
