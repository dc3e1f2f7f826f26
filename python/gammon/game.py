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

Long Nardy has no cube and its own opening and scoring; its game object lives in
``gammon.nardy`` and builds on the extension points of this class (the methods starting
with ``_rules_``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar, Optional, Union

from gammon._core import Color, Play, Position, Variant, find_variant
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
from gammon.cube import Cube, CubeRules, Resignation, Resignations, ResignLevel
from gammon.errors import (
    IllegalActionError,
    IllegalCubeActionError,
    IllegalPlayError,
    InvalidInputError,
)
from gammon.match import Match, MoneySession, Scoreboard
from gammon.matchid import GameSetup, MatchId, match_id_of, read_gnubg_id
from gammon.result import Ending, GameResult, level_name
from gammon.xgid import Xgid, read_xgid, xgid_of

__all__ = ["Game"]


@dataclass(frozen=True)
class _State:
    """Everything that changes during a game; immutable so that history is a list of these."""

    position: Position
    opening: bool
    dice: Optional[tuple[int, int]]
    cube: Cube
    resign: Resignations
    result: Optional[GameResult] = None


class Game:
    """One game of backgammon under a match or a money session, with a history.

    Standard backgammon, nackgammon or hypergammon, with the dice, the cube and
    resignations.

    Args:
        match: the match the game belongs to; ``None`` (with no ``session``) for money play.
        cube: the cube rules (:class:`~gammon.CubeRules`), or a :class:`~gammon.Cube` to
            start from (its rules come with it). In match play the money-only options are
            ignored (CUBE-11, MATCH-2). Default: ``CubeRules()``.
        session: the money session the game belongs to (instead of ``match``).
        position: a position to start from, with its player on roll about to roll; default
            the starting position with the opening roll to come (BG-10).
        variant: the backgammon variant of the starting position (``"nackgammon"``...).
        dice: dice already rolled by the player on roll of ``position``.
        seed: seeds the dice of :meth:`roll`; ``None`` seeds from the system.

    Raises :class:`~gammon.InvalidInputError` when ``match`` and ``session`` are both given,
    the match is already over (MATCH-1), an argument has the wrong type, ``variant``
    contradicts ``position``, or the position is Long Nardy (see ``gammon.nardy``);
    :class:`~gammon.InvalidDiceError` for bad ``dice``.

    """

    supported_variants: ClassVar[frozenset[Variant]] = frozenset(
        {
            Variant.BACKGAMMON,
            Variant.NACKGAMMON,
            Variant.HYPERGAMMON_1,
            Variant.HYPERGAMMON_2,
            Variant.HYPERGAMMON_3,
        }
    )
    """The variants this class plays; a subclass for another rules family widens it."""

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
    ) -> None:
        board = _scoreboard_arg(match, session)
        opening = position is None and dice is None
        if position is None:
            var = Variant.BACKGAMMON if variant is None else _variant_arg(variant)
            position = Position.start(var)
        elif not isinstance(position, Position):
            raise InvalidInputError(f"Game: position must be a gammon.Position, not {position!r}")
        elif variant is not None and _variant_arg(variant) != position.variant:
            raise InvalidInputError(
                f"Game: variant {variant!r} contradicts the position's {position.variant}"
            )
        state = _State(
            position=position,
            opening=opening,
            dice=None if dice is None else dice_pair(dice),
            cube=Cube(),
            resign=Resignations(),
        )
        self._init(board, cube, state, seed)

    def _init(
        self,
        board: Scoreboard,
        cube: Union[CubeRules, Cube, None],
        state: _State,
        seed: Optional[int],
    ) -> None:
        if state.position.variant not in self.supported_variants:
            plays = ", ".join(sorted(str(v) for v in self.supported_variants))
            raise InvalidInputError(
                f"{type(self).__name__} plays {plays}; a {state.position.variant} game is "
                "played with gammon.nardy (no cube, LN-*)"
            )
        if board.is_over:
            raise InvalidInputError(
                f"Game: the match is over ({board}); no game can start (MATCH-1)"
            )
        self._board: Scoreboard = board
        self._rng = random.Random(seed)
        if cube is None:
            cube = CubeRules()
        if isinstance(cube, CubeRules):
            cube_state = Cube(rules=self._rules_cube(board, cube))
        elif isinstance(cube, Cube):
            cube_state = cube.replace(rules=self._rules_cube(board, cube.rules))
        else:
            raise InvalidInputError(f"Game: cube must be CubeRules or Cube, not {cube!r}")
        if board.is_crawford_game and (cube_state.value != 1 or cube_state.owner is not None):
            raise InvalidInputError(
                "Game: in the Crawford game the cube stays at 1, centred (MATCH-3)"
            )
        self._state = replace(state, cube=cube_state)
        self._stack: list[tuple[Action, _State]] = []

    # -- extension points ------------------------------------------------------------------

    def _rules_cube(self, board: Scoreboard, rules: CubeRules) -> CubeRules:
        """Return the cube rules that apply in this game (extension point).

        Backgammon drops the money-only options in match play (CUBE-11, MATCH-2); Long Nardy
        turns the cube off.
        """
        return rules.for_match() if isinstance(board, Match) else rules

    def _rules_opening(self, state: _State, white_die: int, black_die: int) -> _State:
        """Return the state after one throw of the opening roll (extension point).

        Backgammon (BG-10, BG-11): a tie doubles the cube automatically where the rules say
        so (CUBE-20) and the players throw again; otherwise the higher die moves first and
        plays both dice.
        """
        if white_die == black_die:
            return replace(state, cube=state.cube.automatic_double())
        winner = Color.WHITE if white_die > black_die else Color.BLACK
        pos = state.position if state.position.turn == winner else state.position.pass_turn()
        dice = (max(white_die, black_die), min(white_die, black_die))
        return replace(state, position=pos, opening=False, dice=dice)

    def _rules_score(self, state: _State, position: Position) -> Optional[GameResult]:
        """Return the result if ``position`` (after a play) ends the game, else ``None``.

        Extension point. Backgammon scores the SCORE-1 level times the cube, Jacoby where it
        applies (SCORE-2, MONEY-2).
        """
        outcome = position.outcome()
        if outcome is None:
            return None
        return GameResult(
            winner=outcome.winner,
            points=state.cube.points(outcome.points),
            kind=outcome.kind,
            ending=Ending.BORNE_OFF,
            cube=state.cube.value,
        )

    # -- state -----------------------------------------------------------------------------

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
        return self._state.position.turn

    @property
    def to_act(self) -> Color:
        """The player who must act now (gnubg's ``fTurn``).

        The player on roll, or the opponent while a double or resignation awaits an answer.
        At the opening roll, White stands for both players. After the end it is the player
        gnubg leaves to act: the loser after a bear-off, the dropper, the accepter.
        """
        s = self._state
        if s.result is not None:
            return _final_turn(s)
        if s.cube.offer is not None:
            return s.cube.offer.responder
        if s.resign.offer is not None:
            return s.resign.offer.player.other()
        return s.position.turn

    @property
    def is_opening(self) -> bool:
        """True until the opening roll has decided who moves first (BG-10)."""
        return self._state.opening

    @property
    def resignation(self) -> Optional[Resignation]:
        """The resignation awaiting an answer, if any (RESIGN-1)."""
        return self._state.resign.offer

    @property
    def declined_resignation(self) -> Optional[Resignation]:
        """The declined offer still remembered, if any (RESIGN-3)."""
        return self._state.resign.declined

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

    def legal_actions(self, *, resignations: bool = True) -> list[Action]:
        """List everything the player to act (:attr:`turn`) may do now.

        In a fixed order:

        - at the opening: ``[Roll()]`` (BG-10);
        - facing a double: ``Take()``, ``Drop()``, and ``Beaver()`` / ``Raccoon()`` where
          allowed (CUBE-4, CUBE-12, CUBE-13);
        - facing a resignation: ``Accept()``, ``Decline()`` (RESIGN-2, RESIGN-3);
        - before rolling: ``Roll()``, ``Double()`` when allowed (CUBE-2, CUBE-3), offers to
          resign;
        - after rolling: the legal plays (or ``[EmptyPlay()]`` when the roll cannot be
          played, MOVE-8), offers to resign;
        - after the end: nothing.

        ``Roll()`` stands for a random roll: pushing it rolls with the game's dice.
        ``resignations=False`` leaves out the offers to resign (RESIGN-1).
        """
        s = self._state
        if s.result is not None:
            return []
        if s.opening:
            return [Roll()]
        cube = s.cube
        if cube.offer is not None:
            responder = cube.offer.responder
            out: list[Action] = [Take(), Drop()]
            if cube.can_beaver(responder):
                out.append(Beaver())
            if cube.can_raccoon(responder):
                out.append(Raccoon())
            return out
        if s.resign.offer is not None:
            return [Accept(), Decline()]
        player = s.position.turn
        if s.dice is None:
            out = [Roll()]
            if self._double_error(s) is None:
                out.append(Double())
        else:
            plays = s.position.legal_plays(s.dice)
            out = list(plays) if len(plays) else [EmptyPlay()]
        if resignations:
            out.extend(
                Resign(level)
                for level in ResignLevel
                if s.resign.offer_error(player, level) is None
            )
        return out

    def is_legal(self, action: Union[Action, str]) -> bool:
        """Tell whether :meth:`push` would accept ``action`` now."""
        try:
            self._apply(self._state, self._action_arg(action), dry_run=True)
        except (IllegalActionError, InvalidInputError):
            return False
        return True

    def can_double(self) -> bool:
        """Tell whether the player on roll may double now.

        The rules are CUBE-2, CUBE-3, CUBE-10, MATCH-3 and MATCH-7.
        """
        return self.is_legal(Double())

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
        after, recorded = self._apply(before, act, dry_run=False)
        self._stack.append((recorded, before))
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
        while self._state.opening:
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

    def resign(self, level: Union[ResignLevel, int, str] = ResignLevel.SINGLE) -> None:
        """Push ``Resign(level)``.

        Raises :class:`~gammon.IllegalActionError` as :meth:`push` does and
        :class:`~gammon.InvalidInputError` for a bad level.
        """
        self.push(Resign(ResignLevel.parse(level)))

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
        state = _State(
            position=Position.start(self.position.variant),
            opening=True,
            dice=None,
            cube=Cube(),
            resign=Resignations(),
        )
        game._init(board, self.cube_rules, state, None)
        game._rng = self._rng
        return game

    # -- IDs -------------------------------------------------------------------------------

    @property
    def match_id_fields(self) -> MatchId:
        """The state as the fields of gnubg's Match ID (ID-4); see ``matchid.match_id_of``."""
        return match_id_of(self)

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
        """The state as the fields of an XGID (XGID-1..XGID-3); see :func:`gammon.xgid.xgid_of`.

        Raises :class:`~gammon.InvalidInputError` while a beaver or raccoon awaits an answer
        (XGID-3).
        """
        return xgid_of(self)

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
        setup = read_gnubg_id(gnubg_id, cube, crawford=crawford, variant=variant)
        return cls._from_setup(setup, seed)

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
        return cls._from_setup(read_xgid(xgid, cube, crawford=crawford, variant=variant), seed)

    @classmethod
    def _from_setup(cls, setup: GameSetup, seed: Optional[int]) -> Game:
        state = _State(setup.position, setup.opening, setup.dice, setup.cube, setup.resignations)
        game = cls.__new__(cls)
        game._init(setup.board, setup.cube, state, seed)
        return game

    # -- internals -------------------------------------------------------------------------

    def _action_arg(self, action: Union[Action, str]) -> Action:
        if isinstance(action, str):
            parsed = parse_action(action)
            if parsed is not None:
                return parsed
            if not action.strip():
                return EmptyPlay()
            return self._play_from_text(self._state, action)
        if isinstance(
            action,
            (Play, Roll, Double, Take, Drop, Beaver, Raccoon, Resign, Accept, Decline, EmptyPlay),
        ):
            return action
        raise InvalidInputError(f"not an action: {action!r}")

    def _play_from_text(self, s: _State, text: str) -> Play:
        if s.dice is None or s.opening or s.result is not None:
            raise IllegalPlayError(f"{text!r}: no checker play now: {self._phase_text(s)} (BG-12)")
        return s.position.parse_play(text, s.dice)

    def _phase_text(self, s: _State) -> str:
        if s.result is not None:
            return "the game is over"
        if s.opening:
            return "the opening roll comes first"
        if s.cube.offer is not None:
            return f"{s.cube.offer.responder} must answer the double"
        if s.resign.offer is not None:
            return f"{s.resign.offer.player.other()} must answer the resignation"
        if s.dice is None:
            return f"{s.position.turn} has not rolled"
        return f"{s.position.turn} has rolled and must play"

    def _double_error(self, s: _State) -> Optional[str]:
        """Say why the player on roll may not double now, naming the rule, or return ``None``."""
        player = s.position.turn
        if s.result is not None:
            return "BG-14: the game is over"
        if s.opening:
            return "BG-12: the opening roll comes first; nobody may double before it"
        if s.cube.offer is not None:
            return "CUBE-4: a double is already awaiting an answer"
        if s.resign.offer is not None:
            return "RESIGN-1: a resignation awaits an answer first"
        if s.dice is not None:
            return f"CUBE-3: {player} has rolled; a double comes before rolling"
        if self._board.is_crawford_game:
            return "MATCH-3: no doubling in the Crawford game (CUBE-2)"
        err = s.cube.double_error(player)
        if err is not None:
            return err
        board = self._board
        if isinstance(board, Match) and s.cube.rules.refuse_dead_cube:
            need = board.length - board.score_of(player)
            if s.cube.value >= need:
                return (
                    f"MATCH-7: the cube is dead: {player} needs {need} and the cube is already "
                    f"at {s.cube.value} (refuse_dead_cube)"
                )
        return None

    def _apply(self, s: _State, action: Action, *, dry_run: bool) -> tuple[_State, Action]:
        """Return the state after ``action`` and the action as recorded; raise if illegal."""
        if s.result is not None:
            err = IllegalCubeActionError if _is_cube_action(action) else IllegalActionError
            if isinstance(action, (Play, EmptyPlay)):
                err = IllegalPlayError
            raise err(f"BG-14: the game is over ({s.result}); no {action} is possible")
        if isinstance(action, Roll):
            return self._apply_roll(s, action, dry_run=dry_run)
        if isinstance(action, Double):
            err_text = self._double_error(s)
            if err_text is not None:
                raise IllegalCubeActionError(err_text)
            return replace(
                s, cube=s.cube.double(s.position.turn), resign=s.resign.forgotten()
            ), action
        if isinstance(action, (Take, Drop, Beaver, Raccoon)):
            return self._apply_answer(s, action), action
        if isinstance(action, Resign):
            return self._apply_resign(s, action), action
        if isinstance(action, (Accept, Decline)):
            return self._apply_resign_answer(s, action), action
        if isinstance(action, EmptyPlay):
            self._check_play_phase(s, str(action))
            assert s.dice is not None
            if len(s.position.legal_plays(s.dice)):
                raise IllegalPlayError(
                    f"MOVE-8: the empty play is legal only when {s.dice[0]}-{s.dice[1]} cannot "
                    "be played at all; it can"
                )
            return self._after_play(s, s.position.pass_turn()), action
        return self._apply_play(s, action), action

    def _apply_roll(self, s: _State, action: Roll, *, dry_run: bool) -> tuple[_State, Action]:
        if (
            s.cube.offer is not None
            or s.resign.offer is not None
            or (s.dice is not None and not s.opening)
        ):
            raise IllegalActionError(f"BG-12: no roll now: {self._phase_text(s)}")
        dice = action.dice
        if dice is None:
            dice = (3, 1) if dry_run else (self._rng.randint(1, 6), self._rng.randint(1, 6))
            action = Roll(dice)
        if s.opening:
            return self._rules_opening(s, dice[0], dice[1]), action
        return replace(s, dice=dice, resign=s.resign.forgotten()), action

    def _apply_answer(self, s: _State, action: Union[Take, Drop, Beaver, Raccoon]) -> _State:
        offer = s.cube.offer
        if offer is None:
            raise IllegalCubeActionError(f"CUBE-4: no double to answer: {self._phase_text(s)}")
        responder = offer.responder
        if isinstance(action, Take):
            cube = s.cube.take(responder)
            return replace(s, cube=cube, resign=s.resign.forgotten())
        if isinstance(action, Drop):
            return replace(s, result=s.cube.drop(responder), resign=s.resign.forgotten())
        if isinstance(self._board, Match):
            raise IllegalCubeActionError(
                f"CUBE-11: in match play a doubled player may only take or drop; no {action}"
            )
        if isinstance(action, Beaver):
            return replace(s, cube=s.cube.beaver(responder), resign=s.resign.forgotten())
        return replace(s, cube=s.cube.raccoon(responder), resign=s.resign.forgotten())

    def _apply_resign(self, s: _State, action: Resign) -> _State:
        if s.opening:
            raise IllegalActionError("RESIGN-1: the game starts with the opening roll (BG-10)")
        if s.cube.offer is not None:
            raise IllegalActionError(
                f"RESIGN-5: no resignation while a double awaits an answer; "
                f"{s.cube.offer.responder} must take, drop or beaver first"
            )
        return replace(s, resign=s.resign.offered(s.position.turn, action.level))

    def _apply_resign_answer(self, s: _State, action: Union[Accept, Decline]) -> _State:
        offer = s.resign.offer
        if offer is None:
            raise IllegalActionError(f"RESIGN-2: no resignation to {action}: {self._phase_text(s)}")
        answerer = offer.player.other()
        if isinstance(action, Decline):
            return replace(s, resign=s.resign.declined_by(answerer))
        accepted = s.resign.accepted(answerer)
        result = GameResult(
            winner=answerer,
            points=s.cube.points(int(accepted.level)),
            kind=level_name(int(accepted.level)),
            ending=Ending.RESIGNED,
            cube=s.cube.value,
        )
        return replace(s, result=result)

    def _check_play_phase(self, s: _State, what: str) -> None:
        if s.opening or s.dice is None or s.cube.offer is not None or s.resign.offer is not None:
            raise IllegalPlayError(f"{what}: no checker play now: {self._phase_text(s)} (BG-12)")

    def _apply_play(self, s: _State, play: Play) -> _State:
        self._check_play_phase(s, str(play))
        assert s.dice is not None
        if play.before != s.position:
            raise IllegalPlayError(
                f"the play {play} belongs to position {play.before.id}, not to this game's "
                f"{s.position.id} (MOVE-9)"
            )
        if sorted(play.dice) != sorted(s.dice):
            raise IllegalPlayError(
                f"the play {play} was made for {play.dice[0]}-{play.dice[1]}, but "
                f"{s.dice[0]}-{s.dice[1]} was rolled (MOVE-1)"
            )
        return self._after_play(s, play.after)

    def _after_play(self, s: _State, position: Position) -> _State:
        result = self._rules_score(s, position)
        return replace(s, position=position, dice=None, resign=s.resign.forgotten(), result=result)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.gnubg_id}>"

    def __str__(self) -> str:
        s = self._state
        lines = [f"{self._board}", f"{s.position}"]
        cube = f"cube {s.cube.value}" + (
            "" if s.cube.owner is None else f" owned by {s.cube.owner}"
        )
        lines.append(cube + f"; {self._phase_text(s)}")
        return "\n".join(lines)


def _final_turn(s: _State) -> Color:
    """Return the player gnubg leaves to act after the end.

    The loser after bearing off (the turn passed), the dropper after a drop, the accepter
    after a resignation.
    """
    result = s.result
    assert result is not None
    if result.ending == Ending.RESIGNED:
        return result.winner
    return result.loser


def _is_cube_action(action: Action) -> bool:
    return isinstance(action, (Double, Take, Drop, Beaver, Raccoon))


def _variant_arg(variant: Union[Variant, str]) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


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
