"""FIBS board strings (``board:...``), as FIBS and gnubg's external-player interface send them.

A board string is 53 colon-separated fields (FIBS Client Protocol Detailed Specification,
Evan McLean, fibs.com/fibs_interface.html, "board state"; gnubg 1.07 ``drawboard.c``,
``FIBSBoard`` and ``ParseFIBSBoard``)::

    board:You:Opponent:MatchLength:YourScore:OpponentScore:Board(26):Turn:Dice(2):
    OppDice(2):Cube:MayDouble:OppMayDouble:WasDoubled:Colour:Direction:Home:Bar:OnHome:
    OppOnHome:OnBar:OppOnBar:CanMove:ForcedMove:DidCrawford:Redoubles

The 26 board fields count O's checkers positive and X's negative; ``Colour`` is 1 if you play
O and -1 if X; ``Direction`` -1 means you move from 24 down to 1 (your bar is field 25, your
home field 0), 1 the other way; ``Turn`` is the colour on roll (0 once the game is over); a
match length of 9999 means an unlimited match (money).

gnubg's external player interface (gnubg 1.07 ``play.c``, as Debian ships it, checked by the
tests against the running program) writes the board from its player 1's side (``Colour`` 1,
``Direction`` -1, so gammon's White is "you"), but puts the name and score of its player 0
(gammon's Black) first unless a double awaits an answer (then player 1's), writes the
post-Crawford flag in field 51 and 0 in field 52 during the Crawford game (1 otherwise).
:meth:`FibsBoard.state` reads a board that way (``gnubg=True``, the default) or by the FIBS
document's letter (``gnubg=False``: names and scores are "you" first; the Crawford game is
told from fields 50 and 51 as gnubg's own ``ParseFIBSBoard`` does). The codec is the Rust
core's, beside the Position ID's.

    >>> import gammon
    >>> b = FibsBoard.from_game(gammon.Game(gammon.Match(5), position=gammon.Position.start(),
    ...                         dice=(3, 1)), names=("me", "them"))
    >>> str(b)[:60]
    'board:them:me:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0'
    >>> b.state().position == gammon.Position.start()
    True
"""

from __future__ import annotations

from gammon._core import FIBS_FIELDS as FIELDS
from gammon._core import FIBS_UNLIMITED_MATCH as UNLIMITED_MATCH
from gammon._core import FibsBoard, FibsState

__all__ = ["FIELDS", "UNLIMITED_MATCH", "FibsBoard", "FibsState"]
