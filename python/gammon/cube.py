"""The offers a player makes between plays: the doubling cube and resignations.

The rules are CUBE-* and RESIGN-* of the spec.

:class:`CubeRules` holds the session's cube settings (cap, Jacoby, beavers, raccoons,
automatic doubles). :class:`Cube` is the cube itself as an immutable state machine: each action
(``double``, ``take``, ``drop``, ``beaver``, ``raccoon``) returns the next state or raises
:class:`~gammon.IllegalCubeActionError` naming the rule it breaks. Both are the Rust core's
(``gammon._core``), re-exported here, as is :class:`Resignation`, a resignation offer. Neither
knows whose turn it is or whether the dice are rolled: the core's turn state machine
(:class:`gammon.TurnState`, which :class:`gammon.Game` drives) adds those rules (CUBE-3, BG-12,
RESIGN-*).

    >>> cube = Cube().double(Color.WHITE).take(Color.BLACK)
    >>> cube.value, cube.owner
    (2, Color.BLACK)
    >>> cube.can_double(Color.WHITE)
    False
"""

from __future__ import annotations

import enum

from gammon._core import (
    DEFAULT_MAX_CUBE,
    MAX_AUTO_DOUBLES,
    MAX_CUBE_LIMIT,
    Color,  # noqa: F401 (the doctest above uses it)
    Cube,
    CubeOffer,
    CubeRules,
    Resignation,
    _resign_level,
)

__all__ = [
    "DEFAULT_MAX_CUBE",
    "MAX_AUTO_DOUBLES",
    "MAX_CUBE_LIMIT",
    "Cube",
    "CubeOffer",
    "CubeRules",
    "ResignLevel",
    "Resignation",
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
        return cls(_resign_level(value))
