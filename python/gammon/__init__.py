"""gammon: backgammon and Long Nardy by the book, fast.

A Rust core (legal plays, game play, rollouts) with a Python API in the manner of
python-chess::

    >>> import gammon
    >>> pos = gammon.Position.start()
    >>> pos.id
    '4HPwATDgc/ABMA'
    >>> len(pos.legal_plays((3, 1)))
    16
    >>> pos.pip_count()
    (167, 167)
"""

from __future__ import annotations

from gammon._core import (
    Color,
    Move,
    Outcome,
    Play,
    PlayList,
    Position,
    Variant,
    __version__,
    find_variant,
)
from gammon.errors import (
    AmbiguousPlayError,
    GammonError,
    IllegalCubeActionError,
    IllegalPlayError,
    InternalError,
    InvalidDiceError,
    InvalidInputError,
    InvalidPositionError,
    ParseError,
)
from gammon.rollout import (
    GameOutcomes,
    Policy,
    RolloutProgress,
    RolloutResult,
    rollout,
)

__all__ = [
    "AmbiguousPlayError",
    "Color",
    "GameOutcomes",
    "GammonError",
    "IllegalCubeActionError",
    "IllegalPlayError",
    "InternalError",
    "InvalidDiceError",
    "InvalidInputError",
    "InvalidPositionError",
    "Move",
    "Outcome",
    "ParseError",
    "Play",
    "PlayList",
    "Policy",
    "Position",
    "RolloutProgress",
    "RolloutResult",
    "Variant",
    "__version__",
    "find_variant",
    "rollout",
]
