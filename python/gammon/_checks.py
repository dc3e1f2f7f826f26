"""Argument checks shared by the pure-Python modules (private).

Each check names the caller (``who``) and the rule in its message, and raises the
:mod:`gammon.errors` type that fits.
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np

from gammon.errors import InvalidDiceError, InvalidInputError

__all__ = ["MAX_MATCH_LENGTH", "MAX_SCORE", "MAX_U64"]

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
