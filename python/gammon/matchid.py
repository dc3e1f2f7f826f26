"""gnubg's Match ID (ID-4..ID-7) and the combined ``PositionID:MatchID`` form (ID-6).

The Match ID packs the cube, the turn, the dice, the match length and the score into 67 bits,
Base64-encoded to 12 characters (GNU Backgammon manual, "A technical description of the Match
ID"). :class:`MatchId` holds the fields in gammon's vocabulary; :meth:`MatchId.parse` and
``str()`` convert. The codec is the Rust core's, beside the Position ID's.

gnubg numbers its players 0 and 1 and draws player 1 at the bottom; gammon's White is the
bottom player, so **White is gnubg's player 1 and Black its player 0** (the same mapping puts
White at the bottom of an XGID, XGID-4). :func:`gnubg_player` and :func:`color_of_gnubg_player`
say so.

    >>> mid = MatchId.parse("QYkqASAAIAAE")
    >>> mid.match_length, mid.score_of(gnubg_color(0)), mid.score_of(gnubg_color(1))
    (9, 2, 4)
    >>> mid.cube_value, mid.dice
    (2, (5, 2))
    >>> str(mid)
    'QYkqASAAIAAE'

A game's Match ID is :attr:`gammon.Game.match_id` (``MatchId.of(state, score)`` over the
game's :class:`~gammon.TurnState`), and :meth:`gammon.Game.from_gnubg_id` sets a game up from
a GNUbgID.
"""

from __future__ import annotations

from gammon._core import (
    MATCH_ID_LEN,
    GameState,
    MatchId,
    color_of_gnubg_player,
    gnubg_player,
    split_gnubg_id,
)

__all__ = [
    "MATCH_ID_LEN",
    "GameState",
    "MatchId",
    "color_of_gnubg_player",
    "gnubg_color",
    "gnubg_player",
    "join_gnubg_id",
    "split_gnubg_id",
]

gnubg_color = color_of_gnubg_player
"""Short alias of :func:`color_of_gnubg_player`."""


def join_gnubg_id(position_id: str, match_id: MatchId) -> str:
    """Return the GNUbgID ``PositionID:MatchID`` (ID-6)."""
    return f"{position_id}:{match_id}"
