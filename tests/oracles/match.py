"""Oracle: the pure-Python match score gammon shipped before the Rust core owned it.

Not shipped. ``tests/test_match_oracle.py`` runs it against ``gammon.MatchScore`` and
``gammon.Match`` on random game sequences; it shares no code with the core.

Scoring across games: :class:`Match` (MATCH-*) and :class:`MoneySession` (MONEY-*).

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

from typing import Optional, Union

from gammon._checks import MAX_MATCH_LENGTH, MAX_SCORE, is_int
from gammon._core import Color
from gammon.errors import InvalidInputError
from gammon.result import GameResult

__all__ = ["MAX_MATCH_LENGTH", "MAX_SCORE", "Match", "MoneySession", "Scoreboard"]


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


_WHITE = Color.WHITE
_BLACK = Color.BLACK


def _check_result(result: object) -> GameResult:
    if not isinstance(result, GameResult):
        raise InvalidInputError(f"record() needs a GameResult, not {result!r}")
    return result


def _add(score: tuple[int, int], result: GameResult) -> tuple[int, int]:
    w, b = score
    if result.winner == _WHITE:
        w += result.points
    else:
        b += result.points
    return (min(w, MAX_SCORE), min(b, MAX_SCORE))


class Match:
    """A match to ``length`` points (MATCH-1) with its score and Crawford state.

    ``score`` is ``(white, black)``. ``crawford`` turns the Crawford rule on (the default,
    MATCH-3). The state of the Crawford rule is normally derived by :meth:`record`; for a
    match set up at some score, ``crawford_game=True`` marks the next game as the Crawford game
    (MATCH-4: the flag comes from the state, never from the score alone), and
    ``post_crawford`` says whether the Crawford game lies behind. By default a match set up
    with a player at ``length - 1`` and no Crawford flag is post-Crawford.

    Immutable and hashable.

    Raises :class:`~gammon.InvalidInputError` naming the rule for a length outside
    1..32767 (MATCH-1, ID-7), a bad score, a Crawford flag without exactly one player at
    ``length - 1`` or with the rule off (MATCH-3), or a post-Crawford flag the score cannot
    have reached (MATCH-4).
    """

    __slots__ = ("_crawford", "_crawford_game", "_games", "_length", "_post_crawford", "_score")

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
        if not is_int(length) or not 1 <= length <= MAX_MATCH_LENGTH:
            raise InvalidInputError(
                f"Match: length must be an int from 1 to {MAX_MATCH_LENGTH}, not {length!r} "
                "(MATCH-1, ID-7)"
            )
        sc = check_score(score, "Match")
        for name, flag in (("crawford", crawford), ("crawford_game", crawford_game)):
            if not isinstance(flag, bool):
                raise InvalidInputError(f"Match: {name} must be True or False, not {flag!r}")
        over = max(sc) >= length
        if crawford_game:
            if not crawford:
                raise InvalidInputError("Match: a Crawford game needs the Crawford rule (MATCH-3)")
            if over or sorted(sc)[1] != length - 1 or sorted(sc)[0] >= length - 1:
                raise InvalidInputError(
                    f"Match: the Crawford game is played with exactly one player at "
                    f"{length - 1} and the other below, not at {sc[0]}-{sc[1]} (MATCH-3)"
                )
        if post_crawford is None:
            post = crawford and not crawford_game and max(sc) >= length - 1
        else:
            if not isinstance(post_crawford, bool):
                raise InvalidInputError(
                    f"Match: post_crawford must be True, False or None, not {post_crawford!r}"
                )
            post = post_crawford
            if post and (not crawford or crawford_game or max(sc) < length - 1):
                raise InvalidInputError(
                    f"Match: post-Crawford needs the Crawford rule, a player at {length - 1} "
                    f"or more, and is not the Crawford game itself (MATCH-4)"
                )
        if not isinstance(games, tuple) or not all(isinstance(g, GameResult) for g in games):
            raise InvalidInputError("Match: games must be a tuple of GameResult")
        self._length = length
        self._score = sc
        self._crawford = crawford
        self._crawford_game = crawford_game
        self._post_crawford = post
        self._games = games

    @property
    def length(self) -> int:
        """The points needed to win (MATCH-1)."""
        return self._length

    @property
    def score(self) -> tuple[int, int]:
        """The score as ``(white, black)``; after the last game it may pass the length."""
        return self._score

    @property
    def crawford(self) -> bool:
        """True when the Crawford rule is in force (MATCH-3)."""
        return self._crawford

    @property
    def is_crawford_game(self) -> bool:
        """True when the next game is the Crawford game: no doubling in it (MATCH-3)."""
        return self._crawford_game

    @property
    def is_post_crawford(self) -> bool:
        """True once the Crawford game is behind, or set up as such (MATCH-4).

        The cube is back and no Crawford game can follow.
        """
        return self._post_crawford

    @property
    def games(self) -> tuple[GameResult, ...]:
        """The results recorded so far, in order."""
        return self._games

    @property
    def is_over(self) -> bool:
        """True once a player has reached the length (MATCH-1)."""
        return max(self._score) >= self._length

    @property
    def winner(self) -> Optional[Color]:
        """The player who won the match, or ``None`` while it goes on (MATCH-1)."""
        w, b = self._score
        if w >= self._length:
            return _WHITE
        if b >= self._length:
            return _BLACK
        return None

    def score_of(self, player: Color) -> int:
        """Return ``player``'s score."""
        return self._score[0] if player == _WHITE else self._score[1]

    def away(self, player: Color) -> int:
        """Return the points ``player`` still needs (0 once they have won)."""
        return max(self._length - self.score_of(player), 0)

    def record(self, result: GameResult) -> Match:
        """Return the match after a game ended with ``result``.

        The winner's score grows by its points (MATCH-1, the actual total even past the length), and
        the Crawford state moves on: the game after the first one that leaves a player at ``length -
        1`` (the other below) is the Crawford game, every game after it is post-Crawford (MATCH-3,
        MATCH-4).

        Raises :class:`~gammon.InvalidInputError` when the match is already over (MATCH-1) or
        ``result`` is not a :class:`~gammon.GameResult`.
        """
        result = _check_result(result)
        if self.is_over:
            raise InvalidInputError(
                f"Match: the match is over at {self._score[0]}-{self._score[1]}; "
                "no further game can be recorded (MATCH-1)"
            )
        sc = _add(self._score, result)
        n = self._length
        post = self._post_crawford or self._crawford_game
        crawford_game = False
        if max(sc) < n and self._crawford and not post:
            w = self._score_index(result.winner)
            crawford_game = sc[w] == n - 1 and sc[1 - w] < n - 1
        return Match(
            n,
            sc,
            crawford=self._crawford,
            crawford_game=crawford_game,
            post_crawford=post if max(sc) >= n - 1 else False,
            games=(*self._games, result),
        )

    @staticmethod
    def _score_index(player: Color) -> int:
        return 0 if player == _WHITE else 1

    def _key(self) -> tuple[object, ...]:
        return (
            self._length,
            self._score,
            self._crawford,
            self._crawford_game,
            self._post_crawford,
            self._games,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [str(self._length)]
        if self._score != (0, 0):
            parts.append(f"score={self._score!r}")
        if not self._crawford:
            parts.append("crawford=False")
        if self._crawford_game:
            parts.append("crawford_game=True")
        derived = (
            self._crawford and not self._crawford_game and max(self._score) >= self._length - 1
        )
        if self._post_crawford != derived:
            parts.append(f"post_crawford={self._post_crawford}")
        return f"Match({', '.join(parts)})"

    def __str__(self) -> str:
        state = ""
        if self.is_over:
            state = f", {self.winner} wins"
        elif self._crawford_game:
            state = ", Crawford game"
        elif self._post_crawford:
            state = ", post-Crawford"
        return f"{self._length}-point match, {self._score[0]}-{self._score[1]}{state}"


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
        return MoneySession(_add(self._score, result), games=(*self._games, result))

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
