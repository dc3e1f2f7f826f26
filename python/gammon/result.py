"""How a game ended and what it scored: :class:`GameResult` and :class:`Ending`.

A game ends in one of three ways (BG-14): a player bears off the last checker (scored by
SCORE-1/SCORE-2), a double is dropped (CUBE-6), or a resignation is accepted (RESIGN-2). The
result carries the points actually won, after the cube and the Jacoby rule (MONEY-2), so that
:class:`gammon.Match` and :class:`gammon.MoneySession` only add them up.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional

from gammon._checks import check_level, is_int
from gammon._core import Color
from gammon.errors import InvalidInputError

__all__ = ["Ending", "GameResult"]


class Ending(enum.Enum):
    """How a finished game ended; the values are gnubg's Match ID game states (ID-4)."""

    BORNE_OFF = 2
    """A player bore off the last checker (SCORE-1). Match ID game state 2, "over"."""
    RESIGNED = 3
    """A resignation was accepted (RESIGN-2). Match ID game state 3."""
    DROPPED = 4
    """A double was dropped (CUBE-6). Match ID game state 4."""


_KINDS = ("single", "gammon", "backgammon")


@dataclass(frozen=True)
class GameResult:
    """The scored result of a finished game.

    ``points`` is what the winner adds to their score: the level times the cube value, the
    level forced to 1 by the Jacoby rule where it applies (SCORE-2, MONEY-2, RESIGN-2), or the
    pre-double value for a dropped double (CUBE-6). ``kind`` names the level: ``"single"``,
    ``"gammon"`` or ``"backgammon"`` (SCORE-1; for a resignation the level resigned; for a
    drop ``"single"``); rules families with other names (Long Nardy's ``"oin"``, ``"mars"``)
    may use theirs. ``cube`` is the cube value the points were counted at. ``winner`` is
    ``None`` only for Long Nardy's draw (LN-37): kind ``"draw"``, no points.

    This is how ``gammon.Game.result`` presents the core's record of the end
    (``gammon._core.GameOver``); ``ending`` is :attr:`Ending.RESIGNED` for an accepted
    resignation or a Long Nardy surrender (LN-36).

    Raises :class:`~gammon.InvalidInputError` for a winner that is not a ``Color`` (or a
    ``None`` winner with points or another kind), a negative ``points`` or a ``cube`` below
    1.
    """

    winner: Optional[Color]
    points: int
    kind: str = "single"
    ending: Ending = Ending.BORNE_OFF
    cube: int = 1

    def __post_init__(self) -> None:
        if self.winner is None:
            if self.points != 0 or self.kind != "draw":
                raise InvalidInputError(
                    "GameResult: only a draw (kind 'draw', 0 points) has no winner (LN-37)"
                )
        elif not isinstance(self.winner, Color):
            raise InvalidInputError(
                f"GameResult: winner must be a gammon.Color, not {self.winner!r}"
            )
        if not is_int(self.points) or self.points < 0:
            raise InvalidInputError(
                f"GameResult: points must be an int >= 0, not {self.points!r} (SCORE-2)"
            )
        if not is_int(self.cube) or self.cube < 1:
            raise InvalidInputError(f"GameResult: cube must be an int >= 1, not {self.cube!r}")
        if not isinstance(self.ending, Ending):
            raise InvalidInputError(f"GameResult: ending must be an Ending, not {self.ending!r}")
        if not isinstance(self.kind, str) or not self.kind:
            raise InvalidInputError(f"GameResult: kind must be a name, not {self.kind!r}")

    @property
    def loser(self) -> Optional[Color]:
        """The player who lost, or ``None`` for a draw."""
        return None if self.winner is None else self.winner.other()

    def __str__(self) -> str:
        if self.winner is None:
            return "a draw (0 points)"
        how = {
            Ending.BORNE_OFF: f"a {self.kind}",
            Ending.RESIGNED: f"a resigned {self.kind}",
            Ending.DROPPED: "a dropped double",
        }[self.ending]
        plural = "" if self.points == 1 else "s"
        return f"{self.winner} wins {how} ({self.points} point{plural})"


def level_name(level: int) -> str:
    """Return the name of a result level: 1 single, 2 gammon, 3 backgammon (SCORE-1).

    Raises :class:`~gammon.InvalidInputError` for any other level.
    """
    return _KINDS[check_level(level) - 1]
