"""Long Nardy games and series under the settings of the spec (long-nardy.md, §9).

:class:`NardySettings` holds the settings; :class:`NardyGame` runs one game (dice, plays, the
extra last roll of LN-37, surrender of LN-36) and scores it; :class:`Series` runs games
between two players: the roll-off of the first game (LN-9, LN-10), who is White in every
later game (LN-8, LN-11) and the score (LN-38). The rules themselves (legal plays, results)
live in the Rust core; this module only keeps the state of a game and a series.

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
from typing import Optional, Protocol, Union

from gammon._checks import brief
from gammon._core import (
    Color,
    Play,
    PlayList,
    Position,
    _nardy_extra_turn,
    _nardy_score,
    _nardy_surrender,
)
from gammon.errors import IllegalPlayError, InvalidInputError

__all__ = [
    "DiceSource",
    "NardyGame",
    "NardyResult",
    "NardySettings",
    "NardyStrategy",
    "Series",
    "SeriesGame",
    "next_starter",
    "random_strategy",
]

DiceLike = Union[tuple[int, int], str]


def _squash(text: str) -> str:
    return "".join(c for c in text.lower() if c not in "_- ")


def _choice(setting: str, value: object, choices: tuple[str, ...], rule: str) -> str:
    """Return the canonical (snake_case) spelling of ``value`` among ``choices``.

    Raises ``InvalidInputError`` naming the setting, the value and the rule.
    """
    if isinstance(value, str):
        for choice in choices:
            if _squash(value) == _squash(choice):
                return choice
    expected = ", ".join(repr(c) for c in choices)
    raise InvalidInputError(
        f"{setting}={brief(value)} is not valid; expected one of {expected} ({rule})"
    )


@dataclass(frozen=True)
class NardySettings:
    """The settings of a Long Nardy game or series (spec §9), validated and immutable.

    Values are written in snake_case; the spec's camelCase spellings (``toLoser``,
    ``noCheckerHome``, ``endOfTurn``...) are accepted and stored in snake_case.

    - ``end_variant``: ``"mars"`` (default; Oin 1, Mars 2) or ``"oin"`` (every win 1), LN-34.
    - ``koks``: ``"off"`` (default), ``"no_checker_home"`` or ``"checker_in_start_quarter"``:
      a Mars upgraded to 3 points, LN-35. Only with ``end_variant="mars"``.
    - ``last_roll``: ``False`` (default) or ``True`` (also ``"off"``/``"on"``): when White
      finishes, Black gets one more turn and may draw, LN-37.
    - ``first_move_in_series``: ``"to_loser"`` (default) or ``"alternate"``, LN-11.
    - ``first_turn_exception``: ``"head_blocked"`` (default, LN-18/19) or the compatibility
      option ``"unconditional"``.
    - ``block_check``: ``"every_step"`` (default, LN-26) or the compatibility option
      ``"end_of_turn"``.

    Raises ``InvalidInputError`` for a value outside these, naming the rule.

    >>> NardySettings(first_move_in_series="alternate", koks="noCheckerHome").koks
    'no_checker_home'
    """

    end_variant: str = "mars"
    koks: str = "off"
    last_roll: bool = False
    first_move_in_series: str = "to_loser"
    first_turn_exception: str = "head_blocked"
    block_check: str = "every_step"

    def __post_init__(self) -> None:
        """Validate and normalise every field; raises ``InvalidInputError``."""
        fields = {
            "end_variant": _choice("end_variant", self.end_variant, ("oin", "mars"), "LN-34"),
            "koks": _choice(
                "koks", self.koks, ("off", "no_checker_home", "checker_in_start_quarter"), "LN-35"
            ),
            "first_move_in_series": _choice(
                "first_move_in_series",
                self.first_move_in_series,
                ("to_loser", "alternate"),
                "LN-11",
            ),
            "first_turn_exception": _choice(
                "first_turn_exception",
                self.first_turn_exception,
                ("head_blocked", "unconditional"),
                "LN-18, LN-19, §9",
            ),
            "block_check": _choice(
                "block_check", self.block_check, ("every_step", "end_of_turn"), "LN-26, §9"
            ),
        }
        last_roll: object = self.last_roll
        if isinstance(last_roll, str):
            last_roll = {"on": True, "off": False}.get(last_roll.strip().lower(), last_roll)
        if not isinstance(last_roll, bool):
            raise InvalidInputError(
                f"last_roll={self.last_roll!r} is not valid; expected True/False or 'on'/'off' "
                "(LN-37)"
            )
        if fields["koks"] != "off" and fields["end_variant"] != "mars":
            raise InvalidInputError(
                f"koks={fields['koks']!r} needs end_variant='mars': under 'oin' every win is "
                "worth 1 (LN-34, LN-35)"
            )
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "last_roll", last_roll)

    def start_position(self) -> Position:
        """Return the starting position (LN-6), White on roll, with these options of §9."""
        return Position.start(
            "long-nardy",
            Color.WHITE,
            first_turn_exception=self.first_turn_exception,
            block_check=self.block_check,
        )


@dataclass(frozen=True)
class NardyResult:
    """How a Long Nardy game ended.

    ``winner`` is a role (``Color.WHITE`` is the game's starter, LN-8) or ``None`` for a draw
    (LN-37); ``kind`` is ``"oin"``, ``"mars"``, ``"koks"`` or ``"draw"``; ``points`` is the
    value under the settings (LN-34, LN-35); ``surrendered`` is true when the loser gave up
    (LN-36).
    """

    winner: Optional[Color]
    kind: str
    points: int
    surrendered: bool = False


class DiceSource(Protocol):
    """Anything that rolls a die: ``randint(1, 6)``, as :class:`random.Random` does."""

    def randint(self, a: int, b: int) -> int:
        """Return a random integer in ``a..b``, both included."""
        ...


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


@dataclass(frozen=True)
class _Turn:
    """One turn of a game: the role that moved, its roll and its play (None = no play)."""

    role: Color
    dice: tuple[int, int]
    play: Optional[Play]


class NardyGame:
    """One Long Nardy game under :class:`NardySettings`.

    Roll with :meth:`roll`, then :meth:`play` one of :meth:`legal_plays` (or ``""`` when there
    is none, LN-23); :meth:`play_out` plays to the end with strategies. When White bears off
    its 15th checker and ``last_roll`` is on, Black gets one more turn before the game is
    scored (LN-37). Either player may :meth:`surrender` while the game is in progress
    (LN-36). ``white`` and ``black`` name the players in the roles of this game (White moves
    first, LN-8).

    ``position`` starts the game from another position (White's roles still hold: White is
    the game's starter); the settings' options of §9 are applied to it.

    Raises ``InvalidInputError`` for a position of another variant.

    >>> game = NardyGame(seed=1)
    >>> game.roll((6, 6))
    (6, 6)
    >>> [str(p) for p in game.legal_plays()]
    ['24/18(2)']
    """

    def __init__(
        self,
        settings: Optional[NardySettings] = None,
        *,
        white: str = "white",
        black: str = "black",
        position: Optional[Position] = None,
        rng: Optional[DiceSource] = None,
        seed: Optional[int] = None,
    ) -> None:
        """Set up the game; raises ``InvalidInputError`` for a non-Long-Nardy position."""
        self._settings = settings if settings is not None else NardySettings()
        self._names = {Color.WHITE: white, Color.BLACK: black}
        self._rng: DiceSource = rng if rng is not None else random.Random(seed)
        if position is None:
            position = self._settings.start_position()
        elif position.variant.canonical_name != "long-nardy":
            raise InvalidInputError(
                "a Long Nardy game needs a long-nardy position, not "
                f"{position.variant.canonical_name}"
            )
        else:
            position = Position.from_id(
                position.id,
                "long-nardy",
                position.turn,
                first_turn_exception=self._settings.first_turn_exception,
                block_check=self._settings.block_check,
            )
        self._position = position
        self._dice: Optional[tuple[int, int]] = None
        self._plays: Optional[PlayList] = None
        self._history: list[_Turn] = []
        self._result: Optional[NardyResult] = None
        self._extra_turn = False
        self._after_turn(first=True)

    # -- state ---------------------------------------------------------------------------

    @property
    def settings(self) -> NardySettings:
        """The settings of the game."""
        return self._settings

    @property
    def position(self) -> Position:
        """The current position (the player on roll is :attr:`turn`)."""
        return self._position

    @property
    def turn(self) -> Color:
        """The role on roll."""
        return self._position.turn

    @property
    def player_on_roll(self) -> str:
        """The name of the player on roll."""
        return self._names[self._position.turn]

    def player(self, role: Color) -> str:
        """Return the name of the player in ``role`` (``Color.WHITE`` moved first)."""
        return self._names[role]

    @property
    def dice(self) -> Optional[tuple[int, int]]:
        """The roll waiting to be played, or ``None`` before :meth:`roll`."""
        return self._dice

    @property
    def in_extra_turn(self) -> bool:
        """True while Black plays the extra last roll of LN-37."""
        return self._extra_turn

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self._result is not None

    @property
    def result(self) -> Optional[NardyResult]:
        """The result once the game is over, else ``None``."""
        return self._result

    @property
    def history(self) -> list[tuple[Color, tuple[int, int], Optional[Play]]]:
        """Every turn so far as ``(role, dice, play)``; ``play`` is ``None`` for a pass."""
        return [(t.role, t.dice, t.play) for t in self._history]

    # -- playing -------------------------------------------------------------------------

    def roll(self, dice: Optional[DiceLike] = None) -> tuple[int, int]:
        """Roll the dice for the player on roll, or use ``dice`` (e.g. ``(6, 5)``, ``"65"``).

        Returns the roll, larger die first. Raises ``IllegalPlayError`` when the game is
        over, ``InvalidInputError`` when the dice were already rolled, ``InvalidDiceError``
        for bad dice.
        """
        if self._result is not None:
            raise IllegalPlayError("the game is over; no more rolls (LN-32)")
        if self._dice is not None:
            raise InvalidInputError(f"the dice {self._dice} are rolled already; play them first")
        roll = dice if dice is not None else (self._rng.randint(1, 6), self._rng.randint(1, 6))
        plays = self._position.legal_plays(roll)
        self._dice = plays.dice
        self._plays = plays
        return plays.dice

    def legal_plays(self) -> PlayList:
        """Return the legal plays for the current roll (empty when the roll cannot be played).

        Raises ``InvalidInputError`` before :meth:`roll`.
        """
        if self._plays is None:
            raise InvalidInputError("roll the dice first")
        return self._plays

    def play(self, play: Union[Play, str, None]) -> None:
        """Play ``play`` (a ``Play`` of :meth:`legal_plays`, or its text) for the current roll.

        ``None`` or ``""`` passes when no play is legal (LN-23). Raises
        ``InvalidInputError`` before :meth:`roll`, ``IllegalPlayError`` for a play that is not
        legal (or after the game is over), ``ParseError`` / ``AmbiguousPlayError`` for an
        unreadable or ambiguous text.
        """
        if self._result is not None:
            raise IllegalPlayError("the game is over; no more plays (LN-32)")
        plays = self.legal_plays()
        assert self._dice is not None
        chosen: Optional[Play]
        if play is None or (isinstance(play, str) and not play.strip()):
            if len(plays) > 0:
                raise IllegalPlayError(
                    f"{self._dice} can be played ({len(plays)} legal plays); "
                    "a pass is only legal when no step is (LN-20, LN-23)"
                )
            chosen = None
        elif isinstance(play, str):
            chosen = self._position.parse_play(play, self._dice)
        else:
            chosen = play
        if chosen is not None and chosen not in plays:
            raise IllegalPlayError(f"{chosen} is not a legal play for {self._dice} here")
        self._history.append(_Turn(self._position.turn, self._dice, chosen))
        self._position = chosen.after if chosen is not None else self._position.pass_turn()
        self._dice = None
        self._plays = None
        self._after_turn()

    def surrender(self, player: Union[Color, str]) -> NardyResult:
        """Give up the game for ``player`` (a role or a player's name); the opponent wins.

        The value is classified from the current position (LN-36): Mars (2 under ``mars``)
        when the surrendering player has borne off nothing, Koks when enabled and its
        condition holds, otherwise Oin. Raises ``IllegalPlayError`` when the game is over and
        ``InvalidInputError`` for an unknown player.
        """
        if self._result is not None:
            raise IllegalPlayError("the game is over; it cannot be surrendered (LN-36)")
        loser = self._role(player)
        winner, kind, points = _nardy_surrender(
            self._position, loser, self._settings.end_variant, self._settings.koks
        )
        self._result = NardyResult(winner, kind, points, surrendered=True)
        self._dice = None
        self._plays = None
        return self._result

    def play_out(
        self,
        white: Optional[NardyStrategy] = None,
        black: Optional[NardyStrategy] = None,
    ) -> NardyResult:
        """Play the game to the end and return its result.

        ``white`` and ``black`` choose the plays (uniformly random ones with the game's dice
        source when ``None``). Raises ``IllegalPlayError`` if a strategy returns a play that
        is not legal.
        """
        default = random_strategy(self._rng)
        strategies = {Color.WHITE: white or default, Color.BLACK: black or default}
        while self._result is None:
            dice = self._dice if self._dice is not None else self.roll()
            plays = self.legal_plays()
            if len(plays) == 0:
                self.play(None)
            else:
                self.play(strategies[self._position.turn](self._position, dice, plays))
        assert self._result is not None
        return self._result

    # -- internals -----------------------------------------------------------------------

    def _role(self, player: Union[Color, str]) -> Color:
        if isinstance(player, Color):
            return player
        for role, name in self._names.items():
            if player == name:
                return role
        if isinstance(player, str) and player.lower() in ("white", "black"):
            return Color.WHITE if player.lower() == "white" else Color.BLACK
        raise InvalidInputError(
            f"unknown player {player!r}; the players are {self._names[Color.WHITE]!r} (White) "
            f"and {self._names[Color.BLACK]!r} (Black)"
        )

    def _after_turn(self, first: bool = False) -> None:
        """Decide whether the game goes on, grants the extra turn (LN-37) or is over."""
        pos = self._position
        settings = self._settings
        if self._extra_turn and not first:
            self._extra_turn = False
        elif not pos.is_game_over():
            return
        elif _nardy_extra_turn(pos, Color.WHITE, settings.last_roll) and not self._extra_turn:
            self._extra_turn = True
            return
        winner, kind, points = _nardy_score(pos, Color.WHITE, settings.end_variant, settings.koks)
        self._result = NardyResult(winner, kind, points)


@dataclass(frozen=True)
class SeriesGame:
    """One finished game of a series: who played White and Black, and the result."""

    white: str
    black: str
    result: NardyResult

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

    >>> draw = SeriesGame("A", "B", NardyResult(None, "draw", 0))
    >>> next_starter(draw, NardySettings(first_move_in_series="to_loser"))
    'B'
    """
    if previous.result.winner is None or settings.first_move_in_series == "alternate":
        return previous.black
    return previous.black if previous.winner == previous.white else previous.white


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
    >>> game.player(Color.WHITE) in ("A", "B")
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
        self._current: Optional[NardyGame] = None

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
    def current_game(self) -> Optional[NardyGame]:
        """The game in progress, if any."""
        self._collect()
        return self._current

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

    def new_game(self) -> NardyGame:
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
        self._current = NardyGame(self._settings, white=white, black=black, rng=self._rng)
        return self._current

    def play_game(self, strategies: Optional[dict[str, NardyStrategy]] = None) -> NardyResult:
        """Play the next game to its end and return its result.

        ``strategies`` maps player names to strategies (random plays for a player without
        one). Raises the errors of :meth:`new_game` and :meth:`NardyGame.play_out`.
        """
        game = self.new_game()
        chosen = strategies or {}
        result = game.play_out(
            chosen.get(game.player(Color.WHITE)), chosen.get(game.player(Color.BLACK))
        )
        self._collect()
        return result

    def _collect(self) -> None:
        """Record the current game once it is over."""
        game = self._current
        if game is None or game.result is None:
            return
        record = SeriesGame(game.player(Color.WHITE), game.player(Color.BLACK), game.result)
        self._games.append(record)
        if record.winner is not None:
            self._scores[record.winner] += record.result.points
        self._current = None
