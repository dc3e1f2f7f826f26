"""The offers a player makes between plays: the doubling cube and resignations.

The rules are CUBE-* and RESIGN-* of the spec.

:class:`CubeRules` holds the session's cube settings (cap, Jacoby, beavers, raccoons,
automatic doubles). :class:`Cube` is the cube itself as an immutable state machine: each action
(``double``, ``take``, ``drop``, ``beaver``, ``raccoon``) returns the next state or raises
:class:`~gammon.IllegalCubeActionError` naming the rule it breaks. Both are the Rust core's
(``gammon._core``), re-exported here. :class:`Resignations` does the same for resignation
offers. Neither knows whose turn it is or whether the dice are rolled: :class:`gammon.Game`
adds those checks (CUBE-3, BG-12).

    >>> cube = Cube().double(Color.WHITE).take(Color.BLACK)
    >>> cube.value, cube.owner
    (2, Color.BLACK)
    >>> cube.can_double(Color.WHITE)
    False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional

from gammon._core import (
    DEFAULT_MAX_CUBE,
    MAX_AUTO_DOUBLES,
    MAX_CUBE_LIMIT,
    Color,
    Cube,
    CubeOffer,
    CubeRules,
)
from gammon.errors import IllegalActionError, InvalidInputError

__all__ = [
    "DEFAULT_MAX_CUBE",
    "MAX_AUTO_DOUBLES",
    "MAX_CUBE_LIMIT",
    "Cube",
    "CubeOffer",
    "CubeRules",
    "ResignLevel",
    "Resignation",
    "Resignations",
]


class ResignLevel(enum.IntEnum):
    """What a resignation gives up (RESIGN-1): the opponent wins this level times the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"ResignLevel.{self.name}"

    @classmethod
    def parse(cls, value: object) -> ResignLevel:
        """Read a level from a ``ResignLevel``, 1..3 or a name.

        Names: ``"single"``, ``"gammon"``, ``"backgammon"``, also ``"normal"``, ``"s"``,
        ``"g"``, ``"b"``.

        Raises :class:`~gammon.InvalidInputError` for anything else (RESIGN-1).
        """
        if isinstance(value, ResignLevel):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3:
            return cls(value)
        if isinstance(value, str):
            key = value.strip().lower()
            names = {"single": 1, "normal": 1, "s": 1, "n": 1, "gammon": 2, "g": 2}
            names.update({"backgammon": 3, "b": 3, "bg": 3})
            if key in names:
                return cls(names[key])
        raise InvalidInputError(
            f"a resignation level is single, gammon or backgammon (1-3), not {value!r} (RESIGN-1)"
        )


@dataclass(frozen=True)
class Resignation:
    """A resignation offer: ``player`` offers to lose at ``level`` (RESIGN-1)."""

    player: Color
    level: ResignLevel


@dataclass(frozen=True)
class Resignations:
    """The resignation state of a game: a pending offer, the memory of a declined one.

    The rules are RESIGN-1..RESIGN-3. Immutable; each method returns the next state.

    Attributes:
        offer: the offer awaiting an answer, if any.
        declined: the last declined offer, remembered until the next action by either player
            (RESIGN-3); while remembered, that player must offer a higher level.

    """

    offer: Optional[Resignation] = None
    declined: Optional[Resignation] = None

    def offer_error(self, player: Color, level: ResignLevel) -> Optional[str]:
        """Say why ``player`` may not offer ``level`` now, naming the rule, or return ``None``."""
        if self.offer is not None:
            return "RESIGN-1: a resignation is already awaiting an answer"
        d = self.declined
        if d is not None and d.player == player and level <= d.level:
            return (
                f"RESIGN-3: {player}'s offer of a {d.level} was declined; until the next action "
                f"only a higher level may be offered"
            )
        return None

    def offered(self, player: Color, level: ResignLevel) -> Resignations:
        """Return the state after ``player`` offers to resign at ``level`` (RESIGN-1).

        Raises :class:`~gammon.IllegalActionError` when an offer is pending (RESIGN-1) or the
        level is not above one just declined (RESIGN-3).
        """
        err = self.offer_error(player, level)
        if err is not None:
            raise IllegalActionError(err)
        return Resignations(Resignation(player, ResignLevel(level)), self.declined)

    def accepted(self, player: Color) -> Resignation:
        """``player`` accepts the pending offer; return it (RESIGN-2).

        Raises :class:`~gammon.IllegalActionError` when nothing is pending or ``player`` is the
        one who offered.
        """
        return self._answered(player, "accept")

    def declined_by(self, player: Color) -> Resignations:
        """Return the state after ``player`` declines the pending offer (RESIGN-3).

        Play goes on and the level is remembered.

        Raises :class:`~gammon.IllegalActionError` when nothing is pending or ``player`` is the
        one who offered.
        """
        return Resignations(None, self._answered(player, "decline"))

    def forgotten(self) -> Resignations:
        """Return the state after any other action: the declined level is forgotten."""
        return self if self.declined is None else Resignations(self.offer, None)

    def _answered(self, player: Color, what: str) -> Resignation:
        offer = self.offer
        if offer is None:
            raise IllegalActionError(f"RESIGN-2: no resignation to {what}: none is pending")
        if player == offer.player:
            raise IllegalActionError(
                f"RESIGN-2: {player} cannot {what} their own resignation; "
                f"{offer.player.other()} answers it"
            )
        return offer
