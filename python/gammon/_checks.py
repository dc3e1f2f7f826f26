"""Argument checks shared by the pure-Python modules (private).

Each check names the caller (``who``) and the rule in its message, and raises the
:mod:`gammon.errors` type that fits.
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np

from gammon._core import MAX_CUBE_LIMIT
from gammon.errors import InvalidDiceError, InvalidInputError

__all__ = ["MAX_CUBE_LIMIT", "MAX_MATCH_LENGTH", "MAX_SCORE", "MAX_U64"]

MAX_U64 = 2**64 - 1
"""The largest game, match or seed index: the core counts them in u64."""

MAX_MATCH_LENGTH = (1 << 15) - 1
"""The longest match the Match ID can hold (ID-4, ID-7; gnubg itself reads up to 64)."""

MAX_SCORE = (1 << 15) - 1
"""The largest score the Match ID can hold (ID-4, ID-7)."""


def brief(value: object, limit: int = 80) -> str:
    """Return ``repr(value)``, cut in the middle past ``limit`` characters.

    Error messages quote the input through this, so that a megabyte of input does not come back
    as a megabyte of message.
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[: limit // 2]!r}…{value[-limit // 4 :]!r} ({len(value)} characters)"
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]}…{text[-limit // 4 :]}"


def is_int(value: object) -> bool:
    """Tell whether ``value`` is an ``int`` and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_cube_value(value: object, limit: int = MAX_CUBE_LIMIT) -> bool:
    """Tell whether ``value`` is a power of two from 1 to ``limit`` (CUBE-10)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return 1 <= value <= limit and not value & (value - 1)


def check_dice(dice: object, who: str) -> tuple[int, int]:
    """Return two dice as a tuple of ints 1-6.

    Raises :class:`~gammon.InvalidDiceError` for anything else.
    """
    if not isinstance(dice, (tuple, list)) or len(dice) != 2:
        raise InvalidDiceError(f"{who}: dice must be a pair such as (3, 1), not {dice!r}")
    a, b = dice[0], dice[1]
    if not (is_int(a) and is_int(b) and 1 <= a <= 6 and 1 <= b <= 6):
        raise InvalidDiceError(f"{who}: each die shows 1 to 6, not {dice!r}")
    return (a, b)


def check_score(score: object, who: str) -> tuple[int, int]:
    """Return a ``(white, black)`` pair of scores from 0 to :data:`MAX_SCORE`.

    Raises :class:`~gammon.InvalidInputError` for anything else (ID-7).
    """
    if not isinstance(score, (tuple, list)) or len(score) != 2:
        raise InvalidInputError(f"{who}: score must be a pair (white, black), not {score!r}")
    white, black = score[0], score[1]
    for s in (white, black):
        if not is_int(s) or not 0 <= s <= MAX_SCORE:
            raise InvalidInputError(
                f"{who}: scores must be ints from 0 to {MAX_SCORE}, not {score!r} (ID-7)"
            )
    return (white, black)


def check_level(level: object) -> int:
    """Return a result level: 1 single, 2 gammon, 3 backgammon.

    Raises :class:`~gammon.InvalidInputError` for anything else (SCORE-1).
    """
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 3:
        raise InvalidInputError(f"a result level is 1, 2 or 3 (SCORE-1), not {level!r}")
    return level


def int_arg(name: str, value: object, low: int, high: int = MAX_U64) -> int:
    """Return ``value`` as an int from ``low`` to ``high`` (numpy integers too).

    Raises :class:`~gammon.InvalidInputError` for anything else.
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidInputError(f"{name} must be an int, not {value!r}")
    v = int(value)
    if not low <= v <= high:
        raise InvalidInputError(f"{name} must be between {low} and {high}, not {v}")
    return v


def positive_float(name: str, value: object) -> Optional[float]:
    """Return ``value`` as a positive finite float, or None for None.

    Raises :class:`~gammon.InvalidInputError` for anything else.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)):
        raise InvalidInputError(f"{name} must be a number, not {value!r}")
    v = float(value)
    if not (v > 0 and math.isfinite(v)):
        raise InvalidInputError(f"{name} must be a positive finite number, not {value!r}")
    return v
