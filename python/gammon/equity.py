"""Equity from an outcome distribution, in money and in match terms.

Money equity comes with the cube and the Jacoby rule, match winning chances at a score
through a match equity table.

A rollout ends each game in one of six ways: the player on roll wins a single game, a gammon
or a backgammon, or loses one of the three. :class:`OutcomeDistribution` holds the six shares.
From it:

- :func:`cubeless_equity`: points per game at cube 1 (SCORE-1);
- :func:`money_equity`: points per game at a given cube value, with the Jacoby rule (gammons
  and backgammons count single while the cube is centred, MONEY-2);
- :func:`match_winning_chance`: the chance to win the match when this game is played at a
  given score and cube, each result leading to a new score read from a
  :class:`~gammon.met.MatchEquityTable` (Kazaross-XG2 by default).

These are the values of the game with the cube left where it is (no further cube action):
exactly what a rollout without a cube policy measures.

    >>> d = OutcomeDistribution(wins=(0.40, 0.12, 0.01), losses=(0.35, 0.11, 0.01))
    >>> round(cubeless_equity(d), 4)
    0.07
    >>> round(money_equity(d, cube=2, jacoby=True), 4)
    0.12
    >>> round(match_winning_chance(d, away=(1, 1)), 4)
    0.53
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

from gammon._core import OutcomeDistribution, cubeless_equity, money_equity
from gammon.errors import InvalidInputError
from gammon.met import MatchEquityTable, kazaross_xg2

__all__ = [
    "OutcomeDistribution",
    "cubeless_equity",
    "match_winning_chance",
    "money_equity",
]

DistributionLike = Union[OutcomeDistribution, Sequence[float], object]
"""An :class:`OutcomeDistribution` or anything :meth:`OutcomeDistribution.coerce` reads."""


def match_winning_chance(
    distribution: DistributionLike,
    away: tuple[int, int],
    *,
    cube: int = 1,
    crawford: bool = False,
    met: Optional[MatchEquityTable] = None,
) -> float:
    """Return the chance that the player on roll wins the match.

    This game, played at cube value ``cube``, ends as ``distribution`` says. ``away`` is
    ``(points the player on roll needs, points the opponent needs)``; ``crawford`` says
    this game is the Crawford game.
    A game with a player 1 away that is not the Crawford game is post-Crawford (MATCH-3,
    MATCH-4). Each result adds ``level x cube`` points (SCORE-2; no Jacoby in matches,
    MATCH-2) and the new score is read from ``met`` (default Kazaross-XG2), the game after
    it being the Crawford game if a player lands at 1 away for the first time.

    For a :class:`~gammon.Match` ``m`` and the player on roll ``p``: ``away=(m.away(p),
    m.away(p.other())), crawford=m.is_crawford_game``.

    Raises :class:`~gammon.InvalidInputError` for a bad distribution, an away count below 1
    or beyond the table, a cube other than 1 in the Crawford game (MATCH-3), or a cube value
    that is not a power of two (CUBE-10).
    """
    d = OutcomeDistribution.coerce(distribution)
    money_equity(d, cube=cube)  # checks the cube value (CUBE-10)
    table = kazaross_xg2() if met is None else met
    if not isinstance(table, MatchEquityTable):
        raise InvalidInputError(f"met must be a MatchEquityTable, not {type(met).__name__}")
    return table.game_mwc(d.wins, d.losses, away, cube, bool(crawford))
