"""Scoring across games: :class:`Match` (MATCH-*) and :class:`MoneySession` (MONEY-*).

The match score and its Crawford state are the Rust core's :class:`MatchScore`; ``Match``
adds the games. All three are the core's classes, re-exported here.

Both are immutable: :meth:`Match.record` and :meth:`MoneySession.record` return the next
state, so a game can keep the scoreboard it started from and undo stays trivial.

    >>> m = Match(5).record(GameResult(Color.WHITE, 2)).record(GameResult(Color.BLACK, 1))
    >>> m = m.record(GameResult(Color.WHITE, 2))
    >>> m.score, m.is_crawford_game
    ((4, 1), True)
    >>> m = m.record(GameResult(Color.BLACK, 1))
    >>> m.score, m.is_crawford_game, m.is_post_crawford
    ((4, 2), False, True)
"""

from __future__ import annotations

from typing import Union

from gammon._checks import MAX_MATCH_LENGTH, MAX_SCORE
from gammon._core import Color, Match, MatchScore, MoneySession  # noqa: F401 (Color: the doctest)
from gammon.result import GameResult  # noqa: F401 (the doctest above uses it)

__all__ = ["MAX_MATCH_LENGTH", "MAX_SCORE", "Match", "MatchScore", "MoneySession", "Scoreboard"]

Scoreboard = Union[Match, MoneySession]
"""What a game is played under: a match or a money session."""
