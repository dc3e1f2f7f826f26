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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional, Union

from gammon._checks import brief, is_cube_value, is_int
from gammon.errors import InvalidInputError
from gammon.met import MatchEquityTable, kazaross_xg2

__all__ = [
    "OutcomeDistribution",
    "cubeless_equity",
    "match_winning_chance",
    "money_equity",
]

_TOLERANCE = 1e-6


@dataclass(frozen=True)
class OutcomeDistribution:
    """How games from a position end, from the point of view of the player on roll.

    ``wins`` and ``losses`` are each three **exclusive** shares: (single, gammon, backgammon),
    so a backgammon is not also counted as a gammon. All six sum to 1.

    The cumulative figures gnubg prints are properties: :attr:`win`, :attr:`win_gammon`
    (gammons and backgammons), :attr:`win_backgammon`, :attr:`lose_gammon`,
    :attr:`lose_backgammon`.

    Raises :class:`~gammon.InvalidInputError` when a share is negative or not a number, or
    the six do not sum to 1 (within 1e-6).
    """

    wins: tuple[float, float, float]
    losses: tuple[float, float, float]

    def __post_init__(self) -> None:
        for name in ("wins", "losses"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or len(v) != 3:
                raise InvalidInputError(
                    f"OutcomeDistribution: {name} must be three shares (single, gammon, "
                    f"backgammon), not {v!r}"
                )
            shares = _floats(v, f"OutcomeDistribution: {name}")
            if any(not math.isfinite(x) or x < 0.0 for x in shares):
                raise InvalidInputError(f"OutcomeDistribution: {name} {v!r} has a bad share")
            object.__setattr__(self, name, shares)
        total = sum(self.wins) + sum(self.losses)
        if abs(total - 1.0) > _TOLERANCE:
            raise InvalidInputError(
                f"OutcomeDistribution: the six shares sum to {total}, not 1 (are they "
                "cumulative? use from_gnubg)"
            )

    @classmethod
    def from_gnubg(cls, probabilities: Sequence[float]) -> OutcomeDistribution:
        """Build a distribution from gnubg's five cumulative probabilities.

        They are: win, win gammon (or backgammon), win backgammon, lose gammon (or
        backgammon), lose backgammon.

        Raises :class:`~gammon.InvalidInputError` when there are not five, or they are not
        consistent (a gammon share above the wins, ...).
        """
        try:
            win, wg, wb, lg, lb = (float(x) for x in probabilities)
        except (TypeError, ValueError):
            raise InvalidInputError(
                f"from_gnubg: five probabilities (win, win gammon, win backgammon, lose "
                f"gammon, lose backgammon), not {probabilities!r}"
            ) from None
        lose = 1.0 - win
        eps = _TOLERANCE
        if not (
            -eps <= wb <= wg + eps
            and wg <= win + eps
            and -eps <= lb <= lg + eps
            and lg <= lose + eps
        ):
            raise InvalidInputError(f"from_gnubg: {probabilities!r} are not nested probabilities")
        return cls(
            wins=(max(win - wg, 0.0), max(wg - wb, 0.0), max(wb, 0.0)),
            losses=(max(lose - lg, 0.0), max(lg - lb, 0.0), max(lb, 0.0)),
        )

    @classmethod
    def from_counts(cls, wins: Sequence[int], losses: Sequence[int]) -> OutcomeDistribution:
        """Build a distribution from counts of (single, gammon, backgammon) wins and losses.

        Raises :class:`~gammon.InvalidInputError` for negative counts or no game at all.
        """
        counts = [*wins, *losses]
        if len(counts) != 6 or any(not is_int(c) or c < 0 for c in counts):
            raise InvalidInputError(
                f"from_counts: three counts each for wins and losses, not {wins!r}, {losses!r}"
            )
        total = sum(counts)
        if total == 0:
            raise InvalidInputError("from_counts: no game counted")
        w = tuple(c / total for c in counts[:3])
        lo = tuple(c / total for c in counts[3:])
        return cls(wins=(w[0], w[1], w[2]), losses=(lo[0], lo[1], lo[2]))

    @classmethod
    def coerce(cls, value: object) -> OutcomeDistribution:
        """Read an ``OutcomeDistribution`` from whatever describes one.

        Accepted: a distribution; any object with ``wins`` and ``losses`` attributes; any
        object with gnubg's five cumulative figures as attributes (``win``, ``win_gammon``,
        ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``: a
        :class:`~gammon.RolloutResult`); or six exclusive shares in the order win single,
        gammon, backgammon, lose single, gammon, backgammon.

        Raises :class:`~gammon.InvalidInputError` for anything else, and for a result with
        drawn games (Long Nardy's last-roll right), which no win/loss distribution holds.
        """
        if isinstance(value, OutcomeDistribution):
            return value
        if all(hasattr(value, a) for a in _CUMULATIVE) and not isinstance(value, Sequence):
            draws = getattr(value, "draws", 0.0)
            if isinstance(draws, (int, float)) and draws > 0.0:
                raise InvalidInputError(
                    f"not an outcome distribution: {brief(value)} has drawn games "
                    f"(share {draws:.4g}), which no win/loss distribution holds"
                )
            try:
                figures = [float(getattr(value, a)) for a in _CUMULATIVE]
            except (TypeError, ValueError):
                raise InvalidInputError(f"not an outcome distribution: {brief(value)}") from None
            win, wg, wb, lg, lb = figures
            lose = float(getattr(value, "lose", 1.0 - win))
            if abs(win + lose - 1.0) > _TOLERANCE:
                raise InvalidInputError(
                    f"not an outcome distribution: {brief(value)} (win {win} and lose {lose} "
                    "do not sum to 1)"
                )
            return cls.from_gnubg((win, wg, wb, lg, lb))
        wins = getattr(value, "wins", None)
        losses = getattr(value, "losses", None)
        if wins is not None and losses is not None:
            try:
                w, lo = tuple(wins), tuple(losses)
            except TypeError:
                raise InvalidInputError(f"not an outcome distribution: {brief(value)}") from None
            if len(w) != 3 or len(lo) != 3:
                raise InvalidInputError(f"not an outcome distribution: {value!r}")
            return cls(wins=(w[0], w[1], w[2]), losses=(lo[0], lo[1], lo[2]))
        if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 6:
            v = _floats(value, "OutcomeDistribution")
            return cls(wins=(v[0], v[1], v[2]), losses=(v[3], v[4], v[5]))
        raise InvalidInputError(
            f"not an outcome distribution: {value!r} (need wins/losses or six shares)"
        )

    @property
    def win(self) -> float:
        """The chance to win."""
        return sum(self.wins)

    @property
    def lose(self) -> float:
        """The chance to lose."""
        return sum(self.losses)

    @property
    def win_gammon(self) -> float:
        """The chance to win a gammon or a backgammon."""
        return self.wins[1] + self.wins[2]

    @property
    def win_backgammon(self) -> float:
        """The chance to win a backgammon."""
        return self.wins[2]

    @property
    def lose_gammon(self) -> float:
        """The chance to lose a gammon or a backgammon."""
        return self.losses[1] + self.losses[2]

    @property
    def lose_backgammon(self) -> float:
        """The chance to lose a backgammon."""
        return self.losses[2]

    def flipped(self) -> OutcomeDistribution:
        """Return the same distribution from the opponent's point of view."""
        return OutcomeDistribution(wins=self.losses, losses=self.wins)


_CUMULATIVE = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")

DistributionLike = Union[OutcomeDistribution, Sequence[float], object]
"""An :class:`OutcomeDistribution` or anything :meth:`OutcomeDistribution.coerce` reads."""


def cubeless_equity(distribution: DistributionLike) -> float:
    """Return the points per game at cube 1 for the player on roll (SCORE-1).

    Wins minus losses, gammons counting 2 and backgammons 3.

    Raises :class:`~gammon.InvalidInputError` for a bad distribution.
    """
    d = OutcomeDistribution.coerce(distribution)
    return sum((i + 1) * (w - lo) for i, (w, lo) in enumerate(zip(d.wins, d.losses)))


def money_equity(
    distribution: DistributionLike,
    *,
    cube: int = 1,
    jacoby: bool = False,
    centred: bool = True,
) -> float:
    """Return the money equity: points per game at cube value ``cube`` for the player on roll.

    With ``jacoby`` and the cube ``centred`` the Jacoby rule applies and every win or loss
    counts single (MONEY-2); otherwise gammons count 2 and backgammons 3 (SCORE-2).

    Raises :class:`~gammon.InvalidInputError` for a bad distribution or a cube value that is
    not a power of two >= 1 (CUBE-10).
    """
    d = OutcomeDistribution.coerce(distribution)
    _check_cube(cube)
    if jacoby and centred:
        return cube * (d.win - d.lose)
    return cube * cubeless_equity(d)


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
    _check_cube(cube)
    table = kazaross_xg2() if met is None else met
    if not isinstance(table, MatchEquityTable):
        raise InvalidInputError(f"met must be a MatchEquityTable, not {type(met).__name__}")
    try:
        a, b = away
    except (TypeError, ValueError):
        raise InvalidInputError(f"away must be a pair (on roll, opponent), not {away!r}") from None
    if not (is_int(a) and is_int(b)) or a < 1 or b < 1:
        raise InvalidInputError(f"away counts are ints >= 1 (the match goes on), not {away!r}")
    if crawford and cube != 1:
        raise InvalidInputError("MATCH-3: the Crawford game is played with the cube at 1")
    if crawford and not (min(a, b) == 1 and max(a, b) > 1):
        raise InvalidInputError(
            f"MATCH-3: the Crawford game is played with exactly one player 1 away, not {away!r}"
        )
    post = crawford or a == 1 or b == 1
    total = 0.0
    for level in (1, 2, 3):
        points = level * cube
        total += d.wins[level - 1] * table.mwc(a - points, b, post_crawford=post)
        total += d.losses[level - 1] * table.mwc(a, b - points, post_crawford=post)
    # A chance: the six shares sum to 1 only within rounding (and within 1e-6 as accepted),
    # so a sure win can add up to 1.0000000000000002 (found by the Hypothesis test).
    return min(1.0, max(0.0, total))


def _floats(values: Sequence[object], who: str) -> tuple[float, ...]:
    """Read shares as floats: real numbers only, not text.

    ``float()`` alone would raise ``TypeError`` or ``ValueError`` and would read ``'0.5'``:
    such values get a gammon error instead.
    """
    try:
        if any(isinstance(x, (str, bytes, bytearray)) for x in values):
            raise TypeError
        return tuple(float(x) for x in values)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise InvalidInputError(f"{who}: shares must be numbers, not {brief(values)}") from None


def _check_cube(cube: int) -> None:
    if not is_cube_value(cube):
        raise InvalidInputError(f"a cube value is a power of two >= 1, not {cube!r} (CUBE-10)")
