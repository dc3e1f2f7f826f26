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
same on any number of threads. Cubeful rollouts run on executors, keep checkpoints and
resume (:meth:`CubefulRolloutResult.resume`, ``to_dict``/``from_dict``) as cubeless ones do.
"""

from __future__ import annotations

from gammon._core import CubefulRolloutResult

__all__ = ["CubefulRolloutResult"]
