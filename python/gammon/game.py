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
:class:`gammon.TurnState`; a ``Game`` keeps a history of those states and presents them.
"""

from __future__ import annotations

import random
from typing import ClassVar, Optional, Protocol, Union

from gammon._core import (
    Color,
    MatchId,
    NardySettings,
    Play,
    Position,
    TurnState,
    Variant,
    Xgid,
    _game_from_id,
    find_variant,
)
from gammon.actions import (
    Accept,
    Action,
    Beaver,
    Decline,
    Double,
    Drop,
    EmptyPlay,
    Raccoon,
    Resign,
    Roll,
    Take,
    dice_pair,
    parse_action,
)
from gammon.cube import Cube, CubeRules, Resignation, ResignLevel
from gammon.errors import IllegalActionError, InvalidInputError
from gammon.match import Match, MoneySession, Scoreboard
from gammon.result import GameResult

__all__ = ["DiceSource", "Game"]


class DiceSource(Protocol):
    """Anything that rolls a die: ``randint(1, 6)``, as :class:`random.Random` does."""

    def randint(self, a: int, b: int) -> int:
        """Return a random integer in ``a..b``, both included."""
        ...


class Game:
    """One game of backgammon or Long Nardy, with a history.

    Standard backgammon, nackgammon or hypergammon under a match or a money session, with the
    dice, the cube and resignations; or Long Nardy (``variant="long-nardy"``) under
    :class:`~gammon.nardy.NardySettings`, whose series are :class:`gammon.nardy.Series`.

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

    supported_variants: ClassVar[frozenset[Variant]] = frozenset(
        {
            Variant.BACKGAMMON,
            Variant.NACKGAMMON,
            Variant.HYPERGAMMON_1,
            Variant.HYPERGAMMON_2,
            Variant.HYPERGAMMON_3,
            Variant.LONG_NARDY,
        }
    )
    """The variants this class plays."""

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
        board = _scoreboard_arg(match, session)
        opening = position is None and dice is None
        if position is None:
            position = Position.start(variant)
        elif not isinstance(position, Position):
            raise InvalidInputError(f"Game: position must be a gammon.Position, not {position!r}")
        elif variant is not None and find_variant(variant) != position.variant:
            raise InvalidInputError(
                f"Game: variant {variant!r} contradicts the position's {position.variant}"
            )
        if position.variant == Variant.LONG_NARDY:
            if match is not None or cube is not None:
                raise InvalidInputError(
                    "Game: Long Nardy has no cube and no match; its games make a "
                    "gammon.nardy.Series (LN-38)"
                )
            if settings is None:
                settings = NardySettings()
            elif not isinstance(settings, NardySettings):
                raise InvalidInputError(
                    f"Game: settings must be a gammon.nardy.NardySettings, not {settings!r}"
                )
            position = settings.position(position)
            opening = False
        elif settings is not None:
            raise InvalidInputError(
                f"Game: settings are Long Nardy's (§9); a {position.variant} game has none"
            )
        self._init(
            board,
            cube,
            position,
            opening,
            None if dice is None else dice_pair(dice),
            None,
            seed,
            settings,
        )
        if rng is not None:
            self._rng = rng

    def _init(
        self,
        board: Scoreboard,
        cube: Union[CubeRules, Cube, None],
        position: Position,
        opening: bool,
        dice: Optional[tuple[int, int]],
        resignation: Optional[Resignation],
        seed: Optional[int],
        settings: Optional[NardySettings] = None,
    ) -> None:
        self._check_variant(position.variant)
        if cube is None:
            cube = Cube()
        elif isinstance(cube, CubeRules):
            cube = Cube(rules=cube)
        elif not isinstance(cube, Cube):
            raise InvalidInputError(f"Game: cube must be CubeRules or Cube, not {cube!r}")
        match_score = board.match_score if isinstance(board, Match) else None
        state = TurnState(
            position,
            cube,
            match_score,
            opening=opening,
            dice=dice,
            resignation=resignation,
            nardy=settings,
        )
        self._start(board, state, seed, settings)

    def _start(
        self,
        board: Scoreboard,
        state: TurnState,
        seed: Optional[int],
        settings: Optional[NardySettings] = None,
    ) -> None:
        self._board: Scoreboard = board
        self._rng = random.Random(seed)
        self._settings = settings
        self._state = state
        self._stack: list[tuple[Action, TurnState]] = []

    # -- state -----------------------------------------------------------------------------

    @property
    def state(self) -> TurnState:
        """The core's turn state the game is in (the position, dice, cube, offers, result)."""
        return self._state

    @property
    def position(self) -> Position:
        """The position; its ``turn`` is the player on roll."""
        return self._state.position

    @property
    def dice(self) -> Optional[tuple[int, int]]:
        """The dice of the player on roll, larger first, or ``None`` before rolling."""
        d = self._state.dice
        return None if d is None else (max(d), min(d))

    @property
    def cube(self) -> Cube:
        """The cube: value, owner, any pending offer, and the rules that apply."""
        return self._state.cube

    @property
    def cube_rules(self) -> CubeRules:
        """The cube rules that apply in this game (money-only options off in a match)."""
        return self._state.cube.rules

    @property
    def match(self) -> Scoreboard:
        """The match or money session as it stood when this game began."""
        return self._board

    @property
    def settings(self) -> Optional[NardySettings]:
        """The Long Nardy settings of §9, or ``None`` for backgammon."""
        return self._settings

    @property
    def in_extra_turn(self) -> bool:
        """True while Black plays the extra last roll of Long Nardy (LN-37)."""
        return self._state.in_extra_turn

    @property
    def is_money(self) -> bool:
        """True in money play."""
        return isinstance(self._board, MoneySession)

    @property
    def is_crawford_game(self) -> bool:
        """True if this is the Crawford game of its match: no doubling (MATCH-3)."""
        return self._board.is_crawford_game

    @property
    def turn(self) -> Color:
        """The player on roll (gnubg's ``fMove``), as :attr:`Position.turn`.

        The player whose turn it is, also while the opponent answers their double or
        resignation; :attr:`to_act` names the player who must act.
        """
        return self._state.turn

    @property
    def to_act(self) -> Color:
        """The player who must act now (gnubg's ``fTurn``).

        The player on roll, or the opponent while a double or resignation awaits an answer.
        At the opening roll, White stands for both players. After the end it is the player
        gnubg leaves to act: the loser after a bear-off, the dropper, the accepter.
        """
        return self._state.to_act

    @property
    def is_opening(self) -> bool:
        """True until the opening roll has decided who moves first (BG-10)."""
        return self._state.is_opening

    @property
    def resignation(self) -> Optional[Resignation]:
        """The resignation awaiting an answer, if any (RESIGN-1)."""
        return self._state.resignation

    @property
    def declined_resignation(self) -> Optional[Resignation]:
        """The declined offer still remembered, if any (RESIGN-3)."""
        return self._state.declined_resignation

    @property
    def result(self) -> Optional[GameResult]:
        """The result once the game is over, else ``None``."""
        return self._state.result

    @property
    def is_over(self) -> bool:
        """True once the game has ended (BG-14)."""
        return self._state.result is not None

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

    # -- what may happen -------------------------------------------------------------------

    def legal_actions(self, *, resignations: bool = False) -> list[Action]:
        """List everything the player to act (:attr:`turn`) may do now.

        In a fixed order (the core's, :meth:`gammon.TurnState.legal_actions`):

        - at the opening: ``[Roll()]`` (BG-10);
        - facing a double: ``Take()``, ``Drop()``, and ``Beaver()`` / ``Raccoon()`` where
          allowed (CUBE-4, CUBE-12, CUBE-13);
        - facing a resignation: ``Accept()``, ``Decline()`` (RESIGN-2, RESIGN-3);
        - before rolling: ``Roll()``, ``Double()`` when allowed (CUBE-2, CUBE-3);
        - after rolling: the legal plays (or ``[EmptyPlay()]`` when the roll cannot be played,
          MOVE-8);
        - after the end: nothing.

        ``Roll()`` stands for a random roll: pushing it rolls with the game's dice.
        ``resignations=True`` adds the offers to resign where allowed (RESIGN-1; Long Nardy's
        surrender, LN-36) before rolling and after rolling. They are left out by default, so
        that an agent choosing at random from this list plays the game instead of resigning.
        """
        return [_legal_action(a) for a in self._state.legal_actions(resignations)]

    def is_legal(self, action: Union[Action, str]) -> bool:
        """Tell whether :meth:`push` would accept ``action`` now (the core checks it)."""
        try:
            act = self._action_arg(action)
        except InvalidInputError:
            return False
        return self._state.is_legal(*_core_action(act))

    def can_double(self) -> bool:
        """Tell whether the player on roll may double now.

        The rules are CUBE-2, CUBE-3, CUBE-10, MATCH-3 and MATCH-7.
        """
        return self._state.may_double

    # -- doing -----------------------------------------------------------------------------

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
        act = self._action_arg(action)
        before = self._state
        if isinstance(act, Roll) and act.dice is None:
            act = Roll((self._rng.randint(1, 6), self._rng.randint(1, 6)))
        after = _apply(before, act)
        self._stack.append((act, before))
        self._state = after

    def pop(self) -> Action:
        """Take the last action back and return it.

        The action comes back as recorded: a random roll with its dice.

        Raises :class:`IndexError` when nothing has been pushed.
        """
        if not self._stack:
            raise IndexError("pop: no action to take back")
        action, before = self._stack.pop()
        self._state = before
        return action

    def roll(self) -> tuple[int, int]:
        """Roll the dice for the player on roll and return them, larger first.

        At the opening, the players throw one die each until they differ (ties pushed one by one,
        each doubling the cube where automatic doubles apply, BG-10, BG-11) and the winner
        is on roll with both dice.

        Raises :class:`~gammon.IllegalActionError` when the dice may not be rolled now (BG-12).
        """
        self.push(Roll())
        while self._state.is_opening:
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

        Raises as :meth:`push`.
        """
        if isinstance(play, str):
            self.push(self._play_from_text(self._state, play))
        else:
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
        self.push(Resign(ResignLevel.parse(level), player))

    def accept(self) -> None:
        """Push ``Accept()``; raise :class:`~gammon.IllegalActionError` as :meth:`push` does."""
        self.push(Accept())

    def decline(self) -> None:
        """Push ``Decline()``; raise :class:`~gammon.IllegalActionError` as :meth:`push` does."""
        self.push(Decline())

    # -- after the game --------------------------------------------------------------------

    def next_match(self) -> Scoreboard:
        """Return the match or session with this game's result recorded (MATCH-1, MONEY-1).

        Raises :class:`~gammon.IllegalActionError` while the game is in progress.
        """
        result = self._state.result
        if result is None:
            raise IllegalActionError("BG-14: the game is not over yet")
        return self._board.record(result)

    def next_game(self) -> Game:
        """Start the next game of the same match or session.

        The new game has the same cube rules, and its dice continue this game's random
        sequence.

        Raises :class:`~gammon.IllegalActionError` while the game is in progress and
        :class:`~gammon.InvalidInputError` when the match is over (MATCH-1).
        """
        board = self.next_match()
        game = type(self).__new__(type(self))
        settings = self._settings
        if settings is not None:
            start, cube, opening = settings.start_position(), None, False
        else:
            start, cube, opening = Position.start(self.position.variant), self.cube_rules, True
        game._init(board, cube, start, opening, None, None, None, settings)
        game._rng = self._rng
        return game

    # -- IDs -------------------------------------------------------------------------------

    @property
    def match_id_fields(self) -> MatchId:
        """The state as the fields of gnubg's Match ID (ID-4); see :meth:`MatchId.of`."""
        return MatchId.of(self._state, self._board.score)

    @property
    def match_id(self) -> str:
        """The gnubg Match ID of the current state (ID-4, ID-5: bit 66 written)."""
        return str(self.match_id_fields)

    @property
    def gnubg_id(self) -> str:
        """The gnubg combined ``PositionID:MatchID`` (ID-6)."""
        return f"{self._state.position.id}:{self.match_id}"

    @property
    def xgid_fields(self) -> Xgid:
        """The state as the fields of an XGID (XGID-1..XGID-3); see :meth:`Xgid.of`.

        Raises :class:`~gammon.InvalidInputError` while a beaver or raccoon awaits an answer
        (XGID-3).
        """
        return Xgid.of(self._state, self._board.score)

    @property
    def xgid(self) -> str:
        """The XGID of the current state (XGID-1); see :attr:`xgid_fields`."""
        return str(self.xgid_fields)

    @classmethod
    def from_gnubg_id(
        cls,
        gnubg_id: str,
        cube: Optional[CubeRules] = None,
        *,
        crawford: bool = True,
        variant: Union[Variant, str, None] = None,
        seed: Optional[int] = None,
    ) -> Game:
        """Set up the game a GNUbgID ``PositionID:MatchID`` describes (ID-6).

        The ID gives the position, dice, cube and any pending double or resignation, the
        score and the Crawford flag. ``cube`` gives the rules the ID does not hold (cap,
        beavers...); in money play the ID's Jacoby bit wins (ID-5). ``crawford`` says
        whether the match uses the Crawford rule. A game-state-0 ID ("no game") gives a game
        before its opening roll.

        A pending double whose answerer is the player on roll is a beaver, as gnubg writes
        it, and one answered by the cube's owner a raccoon; longer chains read as these two.
        Without ``gnubg_raccoon_owner`` a pending raccoon looks like a redouble and reads as
        one.

        Raises :class:`~gammon.ParseError` for an unreadable ID,
        :class:`~gammon.InvalidPositionError` for an impossible board, and
        :class:`~gammon.InvalidInputError` for a finished game (only a game in play can be
        set up) or a state the rules forbid.
        """
        return cls._from_id(gnubg_id, "gnubg", cube, crawford, variant, None, seed)

    @classmethod
    def from_xgid(
        cls,
        xgid: str,
        cube: Optional[CubeRules] = None,
        *,
        crawford: bool = True,
        variant: Union[Variant, str, None] = None,
        seed: Optional[int] = None,
    ) -> Game:
        """Set up the game an XGID describes (XGID-1..XGID-4).

        The XGID's Jacoby, beaver and cube limit fields override ``cube``, which supplies
        the rest; ``crawford`` says whether the match uses the Crawford rule.

        Raises :class:`~gammon.ParseError` for an unreadable XGID,
        :class:`~gammon.InvalidPositionError` for an impossible board, and
        :class:`~gammon.InvalidInputError` for a state the rules forbid.
        """
        return cls._from_id(xgid, "xgid", cube, crawford, variant, None, seed)

    @classmethod
    def from_id(
        cls,
        text: str,
        cube: Optional[CubeRules] = None,
        *,
        crawford: bool = True,
        variant: Union[Variant, str, None] = None,
        turn: Union[Color, str, None] = None,
        seed: Optional[int] = None,
    ) -> Game:
        """Set up the game a text describes, in whichever form it is written.

        A gnubg ID ``PositionID:MatchID`` as :meth:`from_gnubg_id` reads it (ID-6), an XGID
        as :meth:`from_xgid` reads it (XGID-1), or a Position ID (ID-1..ID-3; a Long Nardy
        ID too): a money game from that position, ``turn`` on roll (default White) and about
        to roll. ``turn`` may not contradict a gnubg ID or an XGID, which say who is on roll.

            >>> Game.from_id("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10").dice
            (5, 2)
            >>> Game.from_id("4HPwATDgc/ABMA", turn="black").turn
            Color.BLACK

        Raises :class:`~gammon.ParseError` for a text that is none of these forms (the
        message names them), and the errors of :meth:`from_gnubg_id` and :meth:`from_xgid`.
        """
        return cls._from_id(text, None, cube, crawford, variant, turn, seed)

    @classmethod
    def _from_id(
        cls,
        text: str,
        form: Optional[str],
        cube: Optional[CubeRules],
        crawford: bool,
        variant: Union[Variant, str, None],
        turn: Union[Color, str, None],
        seed: Optional[int],
    ) -> Game:
        if cube is not None and not isinstance(cube, CubeRules):
            raise InvalidInputError(f"Game: cube must be a gammon.CubeRules, not {cube!r}")
        if not isinstance(crawford, bool):
            raise InvalidInputError(f"Game: crawford must be True or False, not {crawford!r}")
        position, state, score = _game_from_id(
            text, cube, crawford=crawford, variant=variant, turn=turn, form=form
        )
        if state is None:
            return cls(cube=cube, position=position, seed=seed)
        ms = state.match_score
        board: Scoreboard = MoneySession(score) if ms is None else Match._wrap(ms, ())
        cls._check_variant(position.variant)
        game = cls.__new__(cls)
        game._start(board, state, seed)
        return game

    # -- internals -------------------------------------------------------------------------

    @classmethod
    def _check_variant(cls, variant: Variant) -> None:
        if variant not in cls.supported_variants:
            plays = ", ".join(sorted(str(v) for v in cls.supported_variants))
            raise InvalidInputError(f"{cls.__name__} plays {plays}, not {variant}")

    def _action_arg(self, action: Union[Action, str]) -> Action:
        if isinstance(action, str):
            parsed = parse_action(action)
            if parsed is not None:
                return parsed
            if not action.strip():
                return EmptyPlay()
            return self._play_from_text(self._state, action)
        words = (Double, Take, Drop, Beaver, Raccoon, Accept, Decline, EmptyPlay)
        if isinstance(action, (Play, Roll, Resign, *words)):
            return action
        raise InvalidInputError(f"not an action: {action!r}")

    def _play_from_text(self, s: TurnState, text: str) -> Play:
        return s.position.parse_play(text, s.check_play(repr(text)))

    def __repr__(self) -> str:
        if self._settings is not None:
            return f"<{type(self).__name__} {self.position.variant} {self.position.id}>"
        return f"<{type(self).__name__} {self.gnubg_id}>"

    def __str__(self) -> str:
        s = self._state
        lines = [f"{self._board}", f"{s.position}"]
        cube = f"cube {s.cube.value}" + (
            "" if s.cube.owner is None else f" owned by {s.cube.owner}"
        )
        lines.append(cube + f"; {s.phase}")
        return "\n".join(lines)


def _core_action(action: Action) -> tuple[Union[Play, str], Optional[Color]]:
    """``action`` as the core reads it: a play, or its word and the resigning player."""
    if isinstance(action, Play):
        return action, None
    if isinstance(action, Resign):
        return f"resign {action.level}", action.player
    return ("roll" if isinstance(action, Roll) else str(action)), None


def _apply(s: TurnState, action: Action) -> TurnState:
    """Return the state after ``action`` (a ``Roll`` with its dice); the core decides."""
    if isinstance(action, Roll):
        assert action.dice is not None
        return s.roll(action.dice)
    return s.act(*_core_action(action))


def _legal_action(action: Union[Play, str]) -> Action:
    """An action of :meth:`TurnState.legal_actions`: a play, or the action its word names."""
    if isinstance(action, Play):
        return action
    word = parse_action(action)
    assert word is not None, action
    return word


def _scoreboard_arg(match: Optional[Match], session: Optional[MoneySession]) -> Scoreboard:
    if match is not None and session is not None:
        raise InvalidInputError("Game: give a match or a money session, not both")
    if match is not None:
        if not isinstance(match, Match):
            raise InvalidInputError(f"Game: match must be a gammon.Match, not {match!r}")
        return match
    if session is not None:
        if not isinstance(session, MoneySession):
            raise InvalidInputError(f"Game: session must be a gammon.MoneySession, not {session!r}")
        return session
    return MoneySession()
