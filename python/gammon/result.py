"""How a game ended and what it scored: :class:`GameResult` and :class:`Ending`.

A game ends in one of three ways (BG-14): a player bears off the last checker (scored by
SCORE-1/SCORE-2), a double is dropped (CUBE-6), or a resignation is accepted (RESIGN-2); a Long
Nardy game also by a surrender (LN-36) or a draw (LN-37). The result carries the points actually
won, after the cube and the Jacoby rule (MONEY-2), so that :class:`gammon.Match` and
:class:`gammon.MoneySession` only add them up.

Both are the Rust core's records (``gammon._core``), re-exported here: the turn state machine
that :class:`gammon.Game` drives makes them, and ``Cube.drop`` returns one.

    >>> r = GameResult(Color.WHITE, 4, "gammon", cube=2)
    >>> str(r), r.loser, r.ending.value
    ('white wins a gammon (4 points)', Color.BLACK, 2)
    >>> r.added_to((1, 3))
    (5, 3)
"""

from __future__ import annotations

from gammon._core import Color, Ending, GameResult  # noqa: F401 (Color: the doctest)

__all__ = ["Ending", "GameResult"]
