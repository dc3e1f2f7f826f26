"""Long Nardy series under the settings of the spec (long-nardy.md, §9).

:class:`NardySettings` holds the settings (the Rust core reads and checks them); one game is
a :class:`gammon.Game` with ``variant="long-nardy"`` (dice, plays, the extra last roll of
LN-37, surrender of LN-36, all decided by the Rust core's turn state machine);
:func:`play_out` plays one to its end with strategies; :class:`Series` runs games between two
players: the roll-off of the first game (LN-9, LN-10), who is White in every later game (LN-8,
LN-11) and the score (LN-38).

Decisions where the spec is silent: under ``end_variant="oin"`` every result is reported as
kind ``"oin"`` worth 1 (LN-34: Mars is not counted), and Koks is refused unless the end
variant is ``"mars"`` (LN-35 calls it meaningful only there); a player may surrender during
Black's extra last roll too, scored from the position at that moment (LN-36, LN-37); a
surrendering player is the loser for LN-11's ``to_loser``; a play may be given as a partial
text when exactly one legal play contains it (as for backgammon, NOT-2).

>>> from gammon.nardy import NardySettings, Series
>>> series = Series(NardySettings(end_variant="mars", last_roll=True), seed=3)
>>> result = series.play_game()
>>> sum(series.scores.values()) == result.points
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Protocol

from gammon._core import Color, NardySettings, Play, PlayList, Position
from gammon.errors import IllegalPlayError, InvalidInputError
from gammon.game import DiceSource, Game
from gammon.result import GameResult

__all__ = [
    "DiceSource",
    "NardySettings",
    "NardyStrategy",
    "Series",
    "SeriesGame",
    "next_starter",
    "play_out",
    "random_strategy",
]


class NardyStrategy(Protocol):
    """Chooses a play: called with the position, the roll and its (non-empty) legal plays.

    Strategies written in Python are slow compared with the Rust core; they are meant for
    analysis, tests and interactive play.
    """

    def __call__(self, position: Position, dice: tuple[int, int], plays: PlayList) -> Play:
        """Return one of ``plays``."""
        ...


def random_strategy(rng: DiceSource) -> NardyStrategy:
    """Return a strategy that picks a uniformly random legal play with ``rng``."""

    def choose(position: Position, dice: tuple[int, int], plays: PlayList) -> Play:
        return plays[rng.randint(0, len(plays) - 1)]

    return choose


def play_out(
    game: Game,
    white: Optional[NardyStrategy] = None,
    black: Optional[NardyStrategy] = None,
) -> GameResult:
    """Play ``game`` to its end with checker strategies and return its result.

    ``white`` and ``black`` choose the plays (uniformly random ones with the game's dice
    source when ``None``); the dice come from :meth:`gammon.Game.roll`. Nobody doubles or
    resigns. Raises ``IllegalPlayError`` if a strategy returns a play that is not legal.

    >>> from gammon import Game
    >>> play_out(Game(variant="long-nardy", seed=2)).kind in ("oin", "mars")
    True
    """
    default = random_strategy(game._rng)
    strategies = {Color.WHITE: white or default, Color.BLACK: black or default}
    while True:
        result = game.result
        if result is not None:
            return result
        dice = game.dice if game.dice is not None else game.roll()
        if game.result is not None:
            continue
        pos = game.position
        plays = pos.legal_plays(dice)
        if len(plays) == 0:
            game.push("")
            continue
        chosen = strategies[pos.turn](pos, dice, plays)
        if not isinstance(chosen, Play) or chosen not in plays:
            raise IllegalPlayError(f"{chosen} is not a legal play for {dice} here")
        game.play(chosen)


@dataclass(frozen=True)
class SeriesGame:
    """One finished game of a series: who played White and Black, and the result."""

    white: str
    black: str
    result: GameResult

    @property
    def winner(self) -> Optional[str]:
        """The winning player's name, or ``None`` for a draw."""
        if self.result.winner is None:
            return None
        return self.white if self.result.winner == Color.WHITE else self.black


def next_starter(previous: SeriesGame, settings: NardySettings) -> str:
    """Return who starts (is White in) the game after ``previous`` (LN-11).

    ``to_loser``: the loser of ``previous``; ``alternate``: the player who did not start
    ``previous``; after a draw (LN-37) both settings alternate (spec §13, A11).

    >>> draw = SeriesGame("A", "B", GameResult(None, 0, "draw"))
    >>> next_starter(draw, NardySettings(first_move_in_series="to_loser"))
    'B'
    """
    side = settings.next_starter(previous.result.winner)
    return previous.white if side == Color.WHITE else previous.black


class Series:
    """A series of Long Nardy games between two players (LN-38).

    The first game's White is decided by a roll-off that is not played (LN-9, LN-10); later
    games follow ``first_move_in_series`` (LN-11: the loser starts, or the players
    alternate; after a draw they alternate). Each game's points go to its winner. With
    ``target`` the series ends once a player has that many points. The dice come from
    ``rng`` (anything with ``randint``) or a ``random.Random(seed)``.

    Raises ``InvalidInputError`` for two equal player names or a target below 1.

    >>> s = Series(NardySettings(first_move_in_series="alternate"), players=("A", "B"), seed=1)
    >>> game = s.new_game()
    >>> s.current_players[0] in ("A", "B")
    True
    """

    def __init__(
        self,
        settings: Optional[NardySettings] = None,
        *,
        players: tuple[str, str] = ("A", "B"),
        target: Optional[int] = None,
        rng: Optional[DiceSource] = None,
        seed: Optional[int] = None,
    ) -> None:
        """Set up the series; raises ``InvalidInputError`` for bad players or target."""
        if len(players) != 2 or players[0] == players[1]:
            raise InvalidInputError(f"a series needs two different players, got {players!r}")
        if target is not None and target < 1:
            raise InvalidInputError(f"target={target!r} must be at least 1 point")
        self._settings = settings if settings is not None else NardySettings()
        self._players = (players[0], players[1])
        self._target = target
        self._rng: DiceSource = rng if rng is not None else random.Random(seed)
        self._scores = {players[0]: 0, players[1]: 0}
        self._games: list[SeriesGame] = []
        self._roll_off: list[tuple[int, int]] = []
        self._current: Optional[Game] = None
        self._current_players: tuple[str, str] = ("", "")

    @property
    def settings(self) -> NardySettings:
        """The settings of every game of the series."""
        return self._settings

    @property
    def players(self) -> tuple[str, str]:
        """The two players."""
        return self._players

    @property
    def scores(self) -> dict[str, int]:
        """Points per player so far (finished games only)."""
        self._collect()
        return dict(self._scores)

    @property
    def games(self) -> list[SeriesGame]:
        """The finished games, in order."""
        self._collect()
        return list(self._games)

    @property
    def roll_off(self) -> list[tuple[int, int]]:
        """The roll-off of the first game (LN-9); empty before the first game.

        One ``(die of players[0], die of players[1])`` per round, until the dice differ.
        """
        return list(self._roll_off)

    @property
    def current_game(self) -> Optional[Game]:
        """The game in progress, if any."""
        self._collect()
        return self._current

    @property
    def current_players(self) -> tuple[str, str]:
        """The players of the game in progress (or the last one) as ``(white, black)``."""
        return self._current_players

    @property
    def is_over(self) -> bool:
        """True once a player has reached the target (never without a target)."""
        self._collect()
        return self._target is not None and max(self._scores.values()) >= self._target

    @property
    def winner(self) -> Optional[str]:
        """The player who reached the target, or ``None``."""
        if not self.is_over:
            return None
        return max(self._players, key=lambda p: self._scores[p])

    def next_white(self) -> str:
        """Return the player who starts (is White in) the next game.

        For the first game this holds the roll-off (LN-9; its dice are not played, LN-10).
        Afterwards: the previous game's loser under ``to_loser``, the other player than the
        previous starter under ``alternate``, and the other player after a draw (LN-11).
        """
        self._collect()
        if not self._games:
            if not self._roll_off:
                while True:
                    a, b = self._rng.randint(1, 6), self._rng.randint(1, 6)
                    self._roll_off.append((a, b))
                    if a != b:
                        break
            a, b = self._roll_off[-1]
            return self._players[0] if a > b else self._players[1]
        return next_starter(self._games[-1], self._settings)

    def new_game(self) -> Game:
        """Start the next game and return it (play it with its methods).

        Raises ``InvalidInputError`` while a game is still in progress or once the series is
        over.
        """
        self._collect()
        if self._current is not None:
            raise InvalidInputError("finish (or surrender) the current game first")
        if self.is_over:
            raise InvalidInputError(f"the series is over: {self.winner} reached {self._target}")
        white = self.next_white()
        black = self._players[1] if white == self._players[0] else self._players[0]
        self._current = Game(variant="long-nardy", settings=self._settings, rng=self._rng)
        self._current_players = (white, black)
        return self._current

    def play_game(self, strategies: Optional[dict[str, NardyStrategy]] = None) -> GameResult:
        """Play the next game to its end and return its result.

        ``strategies`` maps player names to strategies (random plays for a player without
        one). Raises the errors of :meth:`new_game` and :func:`play_out`.
        """
        game = self.new_game()
        chosen = strategies or {}
        white, black = self._current_players
        result = play_out(game, chosen.get(white), chosen.get(black))
        self._collect()
        return result

    def _collect(self) -> None:
        """Record the current game once it is over."""
        game = self._current
        if game is None or game.result is None:
            return
        record = SeriesGame(*self._current_players, game.result)
        self._games.append(record)
        if record.winner is not None:
            self._scores[record.winner] += record.result.points
        self._current = None
