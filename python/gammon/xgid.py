"""eXtreme Gammon's position ID, the XGID (XGID-1..XGID-4).

``XGID=POS:CUBE:CUBEPOS:TURN:DICE:SCORE_BOTTOM:SCORE_TOP:RULES:MATCHLEN:MAXCUBE``: the board
from the bottom player's side, the cube, who is on roll, the dice or a pending double, the
score, the rules and the cube limit. The bottom player is gammon's White (gnubg's player 1,
XGID-4), the top player Black. :class:`Xgid` holds the fields; :meth:`Xgid.parse` and
``str()`` convert. The codec is the Rust core's.

    >>> x = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    >>> x.position.id, x.turn, x.dice, x.jacoby, x.beavers
    ('4HPwATDgc/ABMA', Color.WHITE, (5, 2), True, True)
    >>> str(x)
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'

A game's XGID is :attr:`gammon.Game.xgid` (``Xgid.of(state, score)`` over the game's
:class:`~gammon.TurnState`), and :meth:`gammon.Game.from_xgid` sets a game up from one.
"""

from __future__ import annotations

from gammon._core import XGID_POSITION_LEN, Xgid

__all__ = ["XGID_POSITION_LEN", "Xgid"]
