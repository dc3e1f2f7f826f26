"""Scoring across games: :class:`Match` (MATCH-*) and :class:`MoneySession` (MONEY-*).

The match score and its Crawford state are the Rust core's :class:`MatchScore`; ``Match``
wraps it and keeps the games.

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

from typing import Any, Optional, Union

from gammon._checks import MAX_MATCH_LENGTH, MAX_SCORE, check_score
from gammon._core import Color, MatchScore
from gammon.errors import InvalidInputError
from gammon.result import GameResult

__all__ = ["MAX_MATCH_LENGTH", "MAX_SCORE", "Match", "MatchScore", "MoneySession", "Scoreboard"]

_WHITE = Color.WHITE


def _check_result(result: object) -> GameResult:
    if not isinstance(result, GameResult):
        raise InvalidInputError(f"record() needs a GameResult, not {result!r}")
    return result


class Match:
    """A match to ``length`` points (MATCH-1): its :class:`MatchScore` and the games played.

    ``score`` is ``(white, black)``. ``crawford`` turns the Crawford rule on (the default,
    MATCH-3). The state of the Crawford rule is normally derived by :meth:`record`; for a
    match set up at some score, ``crawford_game=True`` marks the next game as the Crawford game
    (MATCH-4: the flag comes from the state, never from the score alone), and
    ``post_crawford`` says whether the Crawford game lies behind. By default a match set up
    with a player at ``length - 1`` and no Crawford flag is post-Crawford. The score and the
    Crawford state are the Rust core's :class:`MatchScore`; this class adds the list of games.

    Immutable and hashable.

    Raises :class:`~gammon.InvalidInputError` naming the rule for a length outside
    1..32767 (MATCH-1, ID-7), a bad score, a Crawford flag without exactly one player at
    ``length - 1`` or with the rule off (MATCH-3), or a post-Crawford flag the score cannot
    have reached (MATCH-4).
    """

    __slots__ = ("_games", "_state")

    def __init__(
        self,
        length: int,
        score: tuple[int, int] = (0, 0),
        *,
        crawford: bool = True,
        crawford_game: bool = False,
        post_crawford: Optional[bool] = None,
        games: tuple[GameResult, ...] = (),
    ) -> None:
        self._state = MatchScore(
            length,
            score,
            crawford=crawford,
            crawford_game=crawford_game,
            post_crawford=post_crawford,
        )
        if not isinstance(games, tuple) or not all(isinstance(g, GameResult) for g in games):
            raise InvalidInputError("Match: games must be a tuple of GameResult")
        self._games = games

    @classmethod
    def _wrap(cls, state: MatchScore, games: tuple[GameResult, ...]) -> Match:
        m = cls.__new__(cls)
        m._state = state
        m._games = games
        return m

    @property
    def match_score(self) -> MatchScore:
        """The score and Crawford state, without the games."""
        return self._state

    @property
    def length(self) -> int:
        """The points needed to win (MATCH-1)."""
        return self._state.length

    @property
    def score(self) -> tuple[int, int]:
        """The score as ``(white, black)``; after the last game it may pass the length."""
        return self._state.score

    @property
    def crawford(self) -> bool:
        """True when the Crawford rule is in force (MATCH-3)."""
        return self._state.crawford

    @property
    def is_crawford_game(self) -> bool:
        """True when the next game is the Crawford game: no doubling in it (MATCH-3)."""
        return self._state.is_crawford_game

    @property
    def is_post_crawford(self) -> bool:
        """True once the Crawford game is behind, or set up as such (MATCH-4)."""
        return self._state.is_post_crawford

    @property
    def games(self) -> tuple[GameResult, ...]:
        """The results recorded so far, in order."""
        return self._games

    @property
    def is_over(self) -> bool:
        """True once a player has reached the length (MATCH-1)."""
        return self._state.is_over

    @property
    def winner(self) -> Optional[Color]:
        """The player who won the match, or ``None`` while it goes on (MATCH-1)."""
        return self._state.winner

    def score_of(self, player: Color) -> int:
        """Return ``player``'s score."""
        return self._state.score_of(player)

    def away(self, player: Color) -> int:
        """Return the points ``player`` still needs (0 once they have won)."""
        return self._state.away(player)

    def record(self, result: GameResult) -> Match:
        """Return the match after a game ended with ``result``; see :meth:`MatchScore.record`.

        Raises :class:`~gammon.InvalidInputError` when the match is already over (MATCH-1) or
        ``result`` is not a :class:`~gammon.GameResult`.
        """
        result = _check_result(result)
        if result.winner is None:
            raise InvalidInputError(
                "Match.record: a match game has a winner; only Long Nardy draws"
            )
        state = self._state.record(result.winner, result.points)
        return Match._wrap(state, (*self._games, result))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (self._state, self._games) == (other._state, other._games)

    def __hash__(self) -> int:
        return hash((self._state, self._games))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Match._wrap, (self._state, self._games))

    def __repr__(self) -> str:
        return "Match(" + repr(self._state).removeprefix("MatchScore(")

    def __str__(self) -> str:
        return str(self._state)


class MoneySession:
    """A money session: independent games, each result added to the winner's total.

    The rule is MONEY-1. ``score`` is ``(white, black)``, the points each has won (as in the Match
    ID, match length 0). There is no Crawford rule and the session never ends.

    Immutable and hashable.

    Raises :class:`~gammon.InvalidInputError` for a bad score.
    """

    __slots__ = ("_games", "_score")

    def __init__(
        self, score: tuple[int, int] = (0, 0), *, games: tuple[GameResult, ...] = ()
    ) -> None:
        self._score = check_score(score, "MoneySession")
        if not isinstance(games, tuple) or not all(isinstance(g, GameResult) for g in games):
            raise InvalidInputError("MoneySession: games must be a tuple of GameResult")
        self._games = games

    length = 0
    """Money play has no length (the Match ID writes 0, MONEY-1)."""

    is_crawford_game = False
    """Money play has no Crawford rule (MONEY-1)."""

    is_over = False
    """A money session never ends by itself."""

    @property
    def score(self) -> tuple[int, int]:
        """The points won so far as ``(white, black)``."""
        return self._score

    @property
    def games(self) -> tuple[GameResult, ...]:
        """The results recorded so far, in order."""
        return self._games

    def score_of(self, player: Color) -> int:
        """Return the points ``player`` has won."""
        return self._score[0] if player == _WHITE else self._score[1]

    def net(self, player: Color) -> int:
        """Return ``player``'s balance: points won minus points lost."""
        return self.score_of(player) - self.score_of(player.other())

    def points_per_game(self, player: Color) -> float:
        """Return ``player``'s average balance per game recorded.

        Raises :class:`~gammon.InvalidInputError` before any game is recorded.
        """
        if not self._games:
            raise InvalidInputError("MoneySession: no game recorded yet")
        return self.net(player) / len(self._games)

    def record(self, result: GameResult) -> MoneySession:
        """Return the session after a game ended with ``result`` (MONEY-1).

        Totals saturate at the Match ID's 15-bit limit.

        Raises :class:`~gammon.InvalidInputError` when ``result`` is not a
        :class:`~gammon.GameResult`.
        """
        result = _check_result(result)
        return MoneySession(result.added_to(self._score), games=(*self._games, result))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoneySession):
            return NotImplemented
        return (self._score, self._games) == (other._score, other._games)

    def __hash__(self) -> int:
        return hash((self._score, self._games))

    def __repr__(self) -> str:
        return "MoneySession()" if self._score == (0, 0) else f"MoneySession({self._score!r})"

    def __str__(self) -> str:
        return f"money session, {self._score[0]}-{self._score[1]} after {len(self._games)} games"


Scoreboard = Union[Match, MoneySession]
"""What a game is played under: a match or a money session."""
