"""The actions of a game besides checker plays: rolling, the cube, resignations.

:meth:`gammon.Game.legal_actions` returns these next to :class:`gammon.Play` objects, and
:meth:`gammon.Game.push` takes them back. Each is a small frozen value of the Rust bindings;
``str()`` gives the text :meth:`gammon.Game.push` also reads (``"roll"``, ``"double"``,
``"take"``, ``"resign gammon"``...), and :func:`parse_action` reads it back.

    >>> str(Roll((3, 1))), str(Resign(ResignLevel.GAMMON)), parse_action("drop")
    ('roll 31', 'resign gammon', Drop())
"""

from __future__ import annotations

from typing import Union

from gammon._checks import check_dice
from gammon._core import (
    Accept,
    Beaver,
    Decline,
    Double,
    Drop,
    EmptyPlay,
    Play,
    Raccoon,
    Resign,
    Roll,
    Take,
    parse_action,
)
from gammon.cube import ResignLevel  # noqa: F401 (the doctest above uses it)

__all__ = [
    "Accept",
    "Action",
    "Beaver",
    "Decline",
    "Double",
    "Drop",
    "EmptyPlay",
    "Raccoon",
    "Resign",
    "Roll",
    "Take",
    "dice_pair",
    "parse_action",
]

Action = Union[Play, Roll, Double, Take, Drop, Beaver, Raccoon, Resign, Accept, Decline, EmptyPlay]
"""Anything :meth:`gammon.Game.push` accepts (besides a text)."""


def dice_pair(dice: object) -> tuple[int, int]:
    """Return two dice as a tuple of ints 1-6.

    Raises :class:`~gammon.InvalidDiceError` for anything else.
    """
    return check_dice(dice, "dice")
