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
told from fields 50 and 51 as gnubg's own ``ParseFIBSBoard`` does).

    >>> import gammon
    >>> b = FibsBoard.from_game(gammon.Game(gammon.Match(5), position=gammon.Position.start(),
    ...                         dice=(3, 1)), names=("me", "them"))
    >>> str(b)[:60]
    'board:them:me:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0'
    >>> b.state().position == gammon.Position.start()
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from gammon._core import Color, Position, Variant
from gammon.errors import ParseError
from gammon.game import Game
from gammon.match import Match

__all__ = ["FIELDS", "UNLIMITED_MATCH", "FibsBoard", "FibsState"]

FIELDS = 53
"""Fields in a board string, ``board`` included."""

UNLIMITED_MATCH = 9999
"""The match length FIBS writes for an unlimited match (money play)."""

_CHECKERS = {
    15: Variant.BACKGAMMON,
    1: Variant.HYPERGAMMON_1,
    2: Variant.HYPERGAMMON_2,
    3: Variant.HYPERGAMMON_3,
}
"""The variant a player's number of checkers (on the board and borne off) tells."""


@dataclass(frozen=True)
class FibsState:
    """What a board string says, in gammon's terms.

    ``position`` has the player on roll to move; the board's "you" is White. ``doubled``
    means the player not on roll must answer a double; ``cube`` is the value before it, as
    FIBS writes it. ``score`` and ``names`` are ``(white, black)``; ``match_length`` 0 means
    money play; ``crawford`` marks the Crawford game (MATCH-3).
    """

    position: Position
    dice: Optional[tuple[int, int]]
    cube: int
    cube_owner: Optional[Color]
    doubled: bool
    match_length: int
    score: tuple[int, int]
    crawford: bool
    names: tuple[str, str]

    @property
    def to_act(self) -> Color:
        """The player who must decide: the player on roll, or the doubled player."""
        t = self.position.turn
        return t.other() if self.doubled else t


@dataclass(frozen=True)
class FibsBoard:
    """One board string, field by field (``ints`` are fields 3-52 as integers).

    ``FibsBoard.parse(text)`` reads a string; ``str()`` writes it back exactly (spaces after
    the colons, as some servers send them, are dropped).
    """

    you: str
    opponent: str
    ints: tuple[int, ...] = field(repr=False)

    # -- named fields ----------------------------------------------------------------------

    @property
    def match_length(self) -> int:
        """Field 3: the match length (9999 for an unlimited match)."""
        return self.ints[0]

    @property
    def scores(self) -> tuple[int, int]:
        """Fields 4-5: your score and the opponent's."""
        return (self.ints[1], self.ints[2])

    @property
    def board(self) -> tuple[int, ...]:
        """Fields 6-31: the 26 board fields (O positive, X negative)."""
        return self.ints[3:29]

    def _f(self, index: int) -> int:
        return self.ints[index - 3]

    @property
    def turn(self) -> int:
        """Field 32: the colour on roll, 0 when the game is over."""
        return self._f(32)

    @property
    def dice(self) -> tuple[int, int]:
        """Fields 33-34: your dice (0 before rolling)."""
        return (self._f(33), self._f(34))

    @property
    def opponent_dice(self) -> tuple[int, int]:
        """Fields 35-36: the opponent's dice."""
        return (self._f(35), self._f(36))

    @property
    def cube(self) -> int:
        """Field 37: the cube value."""
        return self._f(37)

    @property
    def may_double(self) -> tuple[bool, bool]:
        """Fields 38-39: whether you and the opponent may double."""
        return (self._f(38) != 0, self._f(39) != 0)

    @property
    def was_doubled(self) -> int:
        """Field 40: non-zero when a double awaits an answer (gnubg: the doubler's sign)."""
        return self._f(40)

    @property
    def colour(self) -> int:
        """Field 41: 1 if you play O (positive), -1 if X."""
        return self._f(41)

    @property
    def direction(self) -> int:
        """Field 42: -1 if you move from 24 to 1, 1 if from 1 to 24."""
        return self._f(42)

    @property
    def home(self) -> int:
        """Field 43: the board field of your home (0 if you move down, 25 if up)."""
        return self._f(43)

    @property
    def bar(self) -> int:
        """Field 44: the board field of your bar (25 if you move down, 0 if up)."""
        return self._f(44)

    @property
    def borne_off(self) -> tuple[int, int]:
        """Fields 45-46: the checkers you and the opponent have borne off."""
        return (self._f(45), self._f(46))

    @property
    def on_bar(self) -> tuple[int, int]:
        """Fields 47-48: your checkers on the bar and the opponent's (gnubg writes 0, 0)."""
        return (self._f(47), self._f(48))

    @property
    def did_crawford(self) -> int:
        """Field 51: the Crawford game lies behind (gnubg: its post-Crawford flag)."""
        return self._f(51)

    # -- text ------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> FibsBoard:
        """Read a ``board:...`` string.

        The home and bar fields (43-48) must agree with the board: the home and bar where
        ``direction`` puts them, the checkers borne off completing each side to the same
        number (15, or 1-3 in hypergammon), the checkers on the bar as the board holds them
        (or 0, as gnubg writes them).

        Raises :class:`~gammon.ParseError` naming the field that is wrong.
        """
        if not isinstance(text, str):
            raise ParseError(f"a FIBS board string is a str, not {type(text).__name__}")
        s = text.strip().strip("\x00").strip()
        parts = [p.strip() for p in s.split(":")]
        if not parts or parts[0] != "board":
            raise ParseError(f"a FIBS board string starts with 'board:', not {s[:20]!r}")
        if len(parts) != FIELDS:
            raise ParseError(f"a FIBS board string has {FIELDS} fields, this one {len(parts)}")
        ints: list[int] = []
        for i, p in enumerate(parts[3:], start=3):
            try:
                ints.append(int(p))
            except ValueError:
                raise ParseError(f"FIBS board field {i} must be an integer, not {p!r}") from None
        b = cls(parts[1], parts[2], tuple(ints))
        b._check()
        return b

    def _check(self) -> None:
        if self.colour not in (1, -1) or self.direction not in (1, -1):
            raise ParseError("FIBS board: colour and direction must be 1 or -1")
        if self.turn not in (1, -1, 0):
            raise ParseError(f"FIBS board: turn must be 1, -1 or 0, not {self.turn}")
        for d in (*self.dice, *self.opponent_dice):
            if not 0 <= d <= 6:
                raise ParseError(f"FIBS board: a die must be 0-6, not {d}")
        c = self.cube
        if c < 1 or c & (c - 1):
            raise ParseError(f"FIBS board: the cube must be a power of two, not {c}")
        if self.match_length < 0 or min(self.scores) < 0:
            raise ParseError("FIBS board: negative match length or score")
        home = 0 if self.direction < 0 else 25
        if self.home != home or self.bar != 25 - home:
            raise ParseError(
                f"FIBS board: with direction {self.direction} your home is field {home} and "
                f"your bar field {25 - home}, but fields 43-44 (home, bar) say {self.home} and "
                f"{self.bar}"
            )
        you, opp = self.checkers()
        bars = (you.get(25, 0), opp.get(25, 0))
        for k, (said, board) in enumerate(zip(self.on_bar, bars)):
            if said not in (0, board):  # gnubg writes 0 whatever the bar holds
                whose = "your" if k == 0 else "the opponent's"
                raise ParseError(
                    f"FIBS board: field {47 + k} ({whose} checkers on the bar) says {said}, "
                    f"the board holds {board}"
                )
        for k, off in enumerate(self.borne_off):
            if off < 0:
                raise ParseError(f"FIBS board: field {45 + k} (checkers borne off) is {off}")
        total = sum(you.values()) + self.borne_off[0]
        if total not in _CHECKERS:
            raise ParseError(
                f"FIBS board: you have {sum(you.values())} checkers on the board and field 45 "
                f"(borne off) says {self.borne_off[0]}: {total} in all, not 15 (or 1-3 in "
                "hypergammon)"
            )
        theirs = sum(opp.values()) + self.borne_off[1]
        if theirs != total:
            raise ParseError(
                f"FIBS board: the opponent has {sum(opp.values())} checkers on the board and "
                f"field 46 (borne off) says {self.borne_off[1]}: {theirs} in all, but you "
                f"have {total}"
            )

    def __str__(self) -> str:
        return ":".join(["board", self.you, self.opponent, *map(str, self.ints)])

    # -- gammon's view ---------------------------------------------------------------------

    def checkers(self) -> tuple[dict[int, int], dict[int, int]]:
        """Your checkers and the opponent's, each in its own numbering (25 = bar)."""
        you: dict[int, int] = {}
        opp: dict[int, int] = {}
        b = self.board
        for k in range(26):
            n = b[k] * self.colour
            if n == 0:
                continue
            # Your point p sits at field p when you move down (direction -1), else 25 - p.
            mine = k if self.direction < 0 else 25 - k
            if n > 0:
                you[mine] = you.get(mine, 0) + n
            else:
                opp[25 - mine] = opp.get(25 - mine, 0) - n
        return you, opp

    def state(self, *, gnubg: bool = True) -> FibsState:
        """The position, dice, cube and score the board describes ("you" is White).

        ``gnubg=True`` reads names and scores as gnubg's external interface writes them (the
        player on roll first); ``gnubg=False`` as the FIBS document says ("you" first).

        Raises :class:`~gammon.ParseError` for a finished game (turn 0) or checkers no game can
        reach, and :class:`~gammon.InvalidPositionError` from the position's checks.
        """
        if self.turn == 0:
            raise ParseError("FIBS board: the game is over (turn 0)")
        you, opp = self.checkers()
        variant = _CHECKERS[sum(you.values()) + self.borne_off[0]]
        on_roll = Color.WHITE if self.turn == self.colour else Color.BLACK
        try:
            position = Position.from_checkers(you, opp, turn=on_roll, variant=variant)
        except ValueError as e:
            raise ParseError(f"FIBS board: {e}") from None
        dice_fields = self.dice if on_roll == Color.WHITE else self.opponent_dice
        if dice_fields[0] == 0:
            dice_fields = self.dice if dice_fields is self.opponent_dice else self.opponent_dice
        dice = (max(dice_fields), min(dice_fields)) if dice_fields[0] and dice_fields[1] else None
        names = (self.you, self.opponent)
        scores = self.scores
        if gnubg and self.was_doubled == 0:
            # gnubg: its player 0 (Black) first, unless a double awaits an answer.
            names = (names[1], names[0])
            scores = (scores[1], scores[0])
        mine, theirs = self.may_double
        owner: Optional[Color] = None
        if mine != theirs:
            owner = Color.WHITE if mine else Color.BLACK
        length = 0 if self.match_length == UNLIMITED_MATCH else self.match_length
        crawford = False
        if length and (length - 1) in scores:
            if gnubg:
                crawford = self._f(52) == 0 and self._f(51) == 0
            else:  # gnubg's ParseFIBSBoard: the non-Crawford and post-Crawford flags
                crawford = self._f(50) == 0 and self._f(51) == 0
        return FibsState(
            position=position,
            dice=dice,
            cube=self.cube,
            cube_owner=owner,
            doubled=self.was_doubled != 0,
            match_length=length,
            score=scores,
            crawford=crawford,
            names=names,
        )

    # -- writing ---------------------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game, *, names: tuple[str, str] = ("White", "Black")) -> FibsBoard:
        """Write a game's state as gnubg's external interface does (White is "you").

        ``names`` is ``(white, black)``.
        """
        pos = game.position
        white, black = pos.checkers(Color.WHITE), pos.checkers(Color.BLACK)
        # White ("you", O, positive) moves down from 24: its point p is field p.
        board = [-black[25], *(white[p] - black[25 - p] for p in range(1, 25)), white[25]]
        match, cube = game.match, game.cube
        (you, opp), (s_you, s_opp) = names, match.score
        if cube.offer is None:
            # gnubg: its player 0 (Black) first, unless a double awaits an answer.
            you, opp, s_you, s_opp = opp, you, s_opp, s_you
        dice = game.dice or (0, 0)
        ints = [
            match.length,
            s_you,
            s_opp,
            *board,
            1 if pos.turn == Color.WHITE else -1,
            *dice,
            *dice,
            cube.value,
            int(cube.owner != Color.BLACK),
            int(cube.owner != Color.WHITE),
            int(cube.offer is not None),
            1,  # colour
            -1,  # direction
            0,  # home
            25,  # bar
            white[0],
            black[0],
            *(0, 0),  # the checkers on the bar: gnubg writes 0, 0
            *(0, 0),  # can move, forced move
            int(isinstance(match, Match) and match.is_post_crawford),
            int(not game.is_crawford_game),
        ]
        return cls(you.replace(":", "_"), opp.replace(":", "_"), tuple(ints))
