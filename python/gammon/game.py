"""A game of backgammon with its dice, cube, resignations and score: :class:`Game`.

The model is python-chess's ``Board``.

A ``Game`` knows what may happen next (:meth:`Game.legal_actions`), applies actions
(:meth:`Game.push`), takes them back (:meth:`Game.pop`), and scores the end
(:attr:`Game.result`) under the match or money session it is played in. Positions, the cube
and the scoreboards are immutable values; the game holds the current ones and a history.

    >>> game = Game(Match(7), seed=1)
    >>> game.set_dice(3, 1)                    # the opening roll: White 3, Black 1
    >>> game.turn, game.dice
    (Color.WHITE, (3, 1))
    >>> game.push("8/5 6/5")
    >>> game.legal_actions(resignations=False)  # Black, before rolling
    [Roll(), Double()]
    >>> game.push("double"); game.push("take")
    >>> game.cube.value, game.cube.owner
    (2, Color.WHITE)
    >>> game.gnubg_id
    'sGfwATDgc/ABMA:EQHgAAAAAAAE'
    >>> _ = game.pop(); _ = game.pop()
    >>> game.cube.value
    1

Long Nardy is played by the same class with the same verbs: ``Game(variant="long-nardy")``
(no cube and no opening roll; White, the game's starter, rolls first; a player surrenders with
:meth:`Game.resign`, LN-36; Black's extra last roll of LN-37 under
:class:`~gammon.nardy.NardySettings`).

    >>> nardy = Game(variant="long-nardy", seed=1)
    >>> nardy.set_dice(6, 6)
    >>> [str(p) for p in nardy.legal_actions(resignations=False)]
    ['24/18(2)']

Every rule of the sequence of a game (the opening roll, who may double, the answers, the
resignations, the end and its score) is the Rust core's turn state machine,
:class:`gammon.TurnState`. What a game reads from its current state (the properties, the
legal actions, the IDs) and the reading of actions and their texts are the Rust bindings'
(``gammon._core._GameBase``); a ``Game`` adds the history of those states and the dice.

    >>> Game.from_id("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10").dice
    (5, 2)
    >>> Game.from_id("4HPwATDgc/ABMA", turn="black").turn
    Color.BLACK
"""

from __future__ import annotations

import random
from typing import ClassVar, Optional, Protocol, Union

from gammon._core import Color, NardySettings, Play, Position, TurnState, Variant, _GameBase
from gammon.actions import (
    Accept,
    Action,
    Beaver,
    Decline,
    Double,
    Drop,
    Raccoon,
    Resign,
    Roll,
    Take,
)
from gammon.cube import Cube, CubeRules, ResignLevel
from gammon.errors import InvalidInputError
from gammon.match import Match, MoneySession

__all__ = ["DiceSource", "Game"]


class DiceSource(Protocol):
    """Anything that rolls a die: ``randint(1, 6)``, as :class:`random.Random` does."""

    def randint(self, a: int, b: int) -> int:
        """Return a random integer in ``a..b``, both included."""
        ...


class Game(_GameBase):
    """One game of backgammon or Long Nardy, with a history.

    Standard backgammon, nackgammon or hypergammon under a match or a money session, with the
    dice, the cube and resignations; or Long Nardy (``variant="long-nardy"``) under
    :class:`~gammon.nardy.NardySettings`, whose series are :class:`gammon.nardy.Series`.
    The properties and the IDs read the current :class:`~gammon.TurnState`; :meth:`push`
    and :meth:`pop` move through the history.

    Args:
        match: the match the game belongs to; ``None`` (with no ``session``) for money play.
        cube: the cube rules (:class:`~gammon.CubeRules`), or a :class:`~gammon.Cube` to
            start from (its rules come with it). In match play the money-only options are
            ignored (CUBE-11, MATCH-2). Default: ``CubeRules()``.
        session: the money session the game belongs to (instead of ``match``).
        position: a position to start from, with its player on roll about to roll; default
            the starting position with the opening roll to come (BG-10).
        variant: the variant of the starting position (``"nackgammon"``, ``"long-nardy"``...).
        dice: dice already rolled by the player on roll of ``position``.
        seed: seeds the dice of :meth:`roll`; ``None`` seeds from the system.
        settings: the Long Nardy settings of §9 (default ``NardySettings()``); only for Long
            Nardy, whose position also takes their options (LN-18, LN-26).
        rng: the dice source of :meth:`roll` (anything with ``randint``) instead of ``seed``.

    Raises :class:`~gammon.InvalidInputError` when ``match`` and ``session`` are both given,
    the match is already over (MATCH-1), an argument has the wrong type, ``variant``
    contradicts ``position``, or a match, cube or settings do not fit the variant (Long
    Nardy has no cube and no match, LN-38); :class:`~gammon.InvalidDiceError` for bad
    ``dice``.

    """

    supported_variants: ClassVar[frozenset[Variant]] = frozenset(Variant.all())
    """The variants this class plays: every variant of the core (a subclass may play fewer)."""

    def __init__(
        self,
        match: Optional[Match] = None,
        cube: Union[CubeRules, Cube, None] = None,
        *,
        session: Optional[MoneySession] = None,
        position: Optional[Position] = None,
        variant: Union[Variant, str, None] = None,
        dice: Optional[tuple[int, int]] = None,
        seed: Optional[int] = None,
        settings: Optional[NardySettings] = None,
        rng: Optional[DiceSource] = None,
    ) -> None:
        # The bindings check the arguments and read everything else from these three.
        self._board, self._state, self._settings = self._setup(
            match,
            cube,
            session=session,
            position=position,
            variant=variant,
            dice=dice,
            settings=settings,
        )
        played = self._state.position.variant
        if played not in self.supported_variants:
            plays = ", ".join(sorted(str(v) for v in self.supported_variants))
            raise InvalidInputError(f"{type(self).__name__} plays {plays}, not {played}")
        self._rng: DiceSource = random.Random(seed) if rng is None else rng
        self._stack: list[tuple[Action, TurnState]] = []

    def __getnewargs__(self) -> tuple[()]:
        """Pickle a game as its instance dictionary (the state, the history, the dice)."""
        return ()

    # -- the history -----------------------------------------------------------------------

    @property
    def move_stack(self) -> list[Action]:
        """The actions pushed so far, oldest first (a copy)."""
        return [a for a, _ in self._stack]

    def peek(self) -> Action:
        """Return the last action pushed.

        Raises :class:`IndexError` when nothing has been pushed.
        """
        if not self._stack:
            raise IndexError("peek: no action has been pushed")
        return self._stack[-1][0]

    def push(self, action: Union[Action, str]) -> None:
        """Apply ``action`` for the player to act.

        ``action`` is a :class:`~gammon.Play` of the current position and dice, a play text (read as
        ``Position.parse_play`` does with the dice), an action from :mod:`gammon.actions`, or its
        word (``"roll"``, ``"roll 31"``, ``"double"``, ``"take"``, ``"drop"``, ``"beaver"``,
        ``"raccoon"``, ``"resign gammon"``, ``"accept"``, ``"decline"``; ``""`` for the empty play).

        Raises :class:`~gammon.IllegalCubeActionError` for a cube action the rules forbid
        now (CUBE-*, MATCH-3, MATCH-7), :class:`~gammon.IllegalPlayError` for a play that is
        not legal or out of turn, :class:`~gammon.IllegalActionError` for any other action
        out of turn (BG-12, BG-14, RESIGN-*), :class:`~gammon.ParseError` /
        :class:`~gammon.AmbiguousPlayError` for a text that names no single action, and
        :class:`~gammon.InvalidDiceError` for bad dice.
        """
        act = self._action(action)
        if isinstance(act, Roll) and act.dice is None:
            act = Roll((self._rng.randint(1, 6), self._rng.randint(1, 6)))
        after = self._next(act)
        self._stack.append((act, self._state))
        self._state = after

    def pop(self) -> Action:
        """Take the last action back and return it.

        The action comes back as recorded: a random roll with its dice.

        Raises :class:`IndexError` when nothing has been pushed.
        """
        if not self._stack:
            raise IndexError("pop: no action to take back")
        action, self._state = self._stack.pop()
        return action

    # -- doing -----------------------------------------------------------------------------

    def roll(self) -> tuple[int, int]:
        """Roll the dice for the player on roll and return them, larger first.

        At the opening, the players throw one die each until they differ (ties pushed one by one,
        each doubling the cube where automatic doubles apply, BG-10, BG-11) and the winner
        is on roll with both dice.

        Raises :class:`~gammon.IllegalActionError` when the dice may not be rolled now (BG-12).
        """
        self.push(Roll())
        while self.is_opening:
            self.push(Roll())
        d = self.dice
        assert d is not None
        return d

    def set_dice(self, die1: int, die2: int) -> None:
        """Push a roll of these dice.

        At the opening roll ``die1`` is White's die and ``die2`` Black's (BG-10): a tie is thrown
        again, otherwise the higher die moves first with both dice.

        Raises :class:`~gammon.InvalidDiceError` for dice outside 1-6 and
        :class:`~gammon.IllegalActionError` when the dice may not be rolled now (BG-12).
        """
        self.push(Roll((die1, die2)))

    def play(self, play: Union[Play, str]) -> None:
        """Push a checker play (a ``Play`` or a play text).

        Raises as :meth:`push`; a text is always read as a play (not as an action word).
        """
        if isinstance(play, str):
            play = self.position.parse_play(play, self.state.check_play(repr(play)))
        self.push(play)

    def double(self) -> None:
        """Push ``Double()``; raise :class:`~gammon.IllegalCubeActionError` as :meth:`push` does."""
        self.push(Double())

    def take(self) -> None:
        """Push ``Take()``; raise :class:`~gammon.IllegalCubeActionError` as :meth:`push` does."""
        self.push(Take())

    def drop(self) -> None:
        """Push ``Drop()``; raise :class:`~gammon.IllegalCubeActionError` as :meth:`push` does."""
        self.push(Drop())

    def beaver(self) -> None:
        """Push ``Beaver()``; raise :class:`~gammon.IllegalCubeActionError` as :meth:`push` does."""
        self.push(Beaver())

    def raccoon(self) -> None:
        """Push ``Raccoon()``; raise :class:`~gammon.IllegalCubeActionError` as ``push`` does."""
        self.push(Raccoon())

    def resign(
        self,
        level: Union[ResignLevel, int, str] = ResignLevel.SINGLE,
        *,
        player: Optional[Color] = None,
    ) -> None:
        """Push ``Resign(level, player)``.

        In backgammon the player on roll offers to resign at ``level`` and the opponent
        accepts or declines (RESIGN-1..RESIGN-3). In Long Nardy ``player`` (default: the
        player to act) surrenders at any moment and the game ends at once, valued from the
        position (LN-36); the level stays single.

        Raises :class:`~gammon.IllegalActionError` as :meth:`push` does and
        :class:`~gammon.InvalidInputError` for a bad level.
        """
        self.push(Resign(level, player))

    def accept(self) -> None:
        """Push ``Accept()``; raise :class:`~gammon.IllegalActionError` as :meth:`push` does."""
        self.push(Accept())

    def decline(self) -> None:
        """Push ``Decline()``; raise :class:`~gammon.IllegalActionError` as :meth:`push` does."""
        self.push(Decline())

    # -- after the game --------------------------------------------------------------------

    def next_game(self) -> Game:
        """Start the next game of the same match or session.

        The new game has the same cube rules, and its dice continue this game's random
        sequence.

        Raises :class:`~gammon.IllegalActionError` while the game is in progress and
        :class:`~gammon.InvalidInputError` when the match is over (MATCH-1).
        """
        board = self.next_match()
        variant, settings = self.position.variant, self.settings
        if isinstance(board, MoneySession):
            cube = None if settings is not None else self.cube_rules
            return type(self)(
                None, cube, session=board, variant=variant, settings=settings, rng=self._rng
            )
        return type(self)(board, self.cube_rules, variant=variant, rng=self._rng)
