"""eXtreme Gammon's position ID, the XGID (XGID-1..XGID-4).

``XGID=POS:CUBE:CUBEPOS:TURN:DICE:SCORE_BOTTOM:SCORE_TOP:RULES:MATCHLEN:MAXCUBE``: the board
from the bottom player's side, the cube, who is on roll, the dice or a pending double, the
score, the rules and the cube limit. The bottom player is gammon's White (gnubg's player 1,
XGID-4), the top player Black. :class:`Xgid` holds the fields; :meth:`Xgid.parse` and
``str()`` convert.

    >>> x = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    >>> x.position.id, x.turn, x.dice, x.jacoby, x.beavers
    ('4HPwATDgc/ABMA', Color.WHITE, (5, 2), True, True)
    >>> str(x)
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union

from gammon._checks import MAX_MATCH_LENGTH, brief, check_dice, check_score, is_cube_value, is_int
from gammon._core import Color, Position, Variant, find_variant
from gammon.cube import Cube, CubeOffer, CubeRules
from gammon.errors import InvalidInputError, ParseError
from gammon.match import MoneySession
from gammon.matchid import GameSetup, scoreboard_from_id

if TYPE_CHECKING:
    from gammon.game import Game

__all__ = ["XGID_POSITION_LEN", "Xgid"]

_DECIMAL = re.compile(r"-?[0-9]+")
"""A number field of an XGID: ASCII digits, perhaps a minus sign."""

XGID_POSITION_LEN = 26
"""Characters in the board field of an XGID (XGID-2)."""

_MAX_LOG2_CUBE = 15


@dataclass(frozen=True)
class Xgid:
    """The fields of an XGID (XGID-1..XGID-3), in gammon's terms.

    Attributes:
        position: the board, with the player on roll (``TURN``; the doubler while a double
            is pending) as its ``turn``.
        cube_value: the cube value (``CUBE`` holds its log2).
        cube_owner: the owner, ``None`` when centred (``CUBEPOS``).
        dice: the roll, or ``None`` before rolling.
        double_offered: the player on roll has doubled and the other must answer (``D``).
        score: ``(white, black)`` = ``(SCORE_BOTTOM, SCORE_TOP)``; running totals in money.
        match_length: 0 for money play.
        crawford: this is the Crawford game (match play, ``RULES`` = 1).
        jacoby: the Jacoby rule (money play, ``RULES`` bit 0).
        beavers: beavers allowed (money play, ``RULES`` bit 1).
        max_cube: the money cube limit (``MAXCUBE`` holds its log2; gnubg ignores it).

    Raises :class:`~gammon.InvalidInputError` for a field out of range or an impossible
    state: dice together with a pending double, a Crawford flag in money play or with a
    turned cube, money rules in match play.

    """

    position: Position
    cube_value: int = 1
    cube_owner: Optional[Color] = None
    dice: Optional[tuple[int, int]] = None
    double_offered: bool = False
    score: tuple[int, int] = (0, 0)
    match_length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    max_cube: int = 1024

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise InvalidInputError(
                f"Xgid: position must be a gammon.Position, not {self.position!r}"
            )
        if self.position.variant == Variant.LONG_NARDY:
            raise InvalidInputError("Xgid: the XGID describes backgammon positions only (XGID-2)")
        for name in ("cube_value", "max_cube"):
            v = getattr(self, name)
            if not is_cube_value(v, 1 << _MAX_LOG2_CUBE):
                raise InvalidInputError(
                    f"Xgid: {name} must be a power of two from 1 to 2^{_MAX_LOG2_CUBE}, "
                    f"not {v!r} (XGID-3)"
                )
        if self.cube_owner is not None and not isinstance(self.cube_owner, Color):
            raise InvalidInputError(
                f"Xgid: cube_owner must be a Color or None, not {self.cube_owner!r}"
            )
        for name in ("double_offered", "crawford", "jacoby", "beavers"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(f"Xgid: {name} must be True or False")
        if self.dice is not None:
            object.__setattr__(self, "dice", check_dice(self.dice, "Xgid"))
        if self.dice is not None and self.double_offered:
            raise InvalidInputError("Xgid: a double is offered before rolling (CUBE-3, XGID-3)")
        if self.double_offered and self.cube_owner not in (None, self.position.turn):
            raise InvalidInputError(
                "Xgid: only the cube's owner, or either player with the cube centred, may "
                "double (CUBE-3)"
            )
        object.__setattr__(self, "score", check_score(self.score, "Xgid"))
        n = self.match_length
        if not is_int(n) or not 0 <= n <= MAX_MATCH_LENGTH:
            raise InvalidInputError(
                f"Xgid: match_length must be 0 to {MAX_MATCH_LENGTH}, not {n!r}"
            )
        if n == 0 and self.crawford:
            raise InvalidInputError("Xgid: money play has no Crawford game (XGID-3, MONEY-1)")
        if n > 0 and (self.jacoby or self.beavers):
            raise InvalidInputError(
                "Xgid: the Jacoby rule and beavers are money-play rules (XGID-3, MATCH-2)"
            )
        if self.crawford and (
            self.cube_value != 1 or self.cube_owner is not None or self.double_offered
        ):
            raise InvalidInputError(
                "Xgid: in the Crawford game the cube stays at 1, centred (MATCH-3)"
            )

    @property
    def turn(self) -> Color:
        """The player on roll (``TURN``)."""
        return self.position.turn

    @property
    def rules(self) -> int:
        """The ``RULES`` field: the Crawford flag in match play, Jacoby + 2 x beavers in money."""
        if self.match_length:
            return int(self.crawford)
        return int(self.jacoby) | int(self.beavers) << 1

    def __str__(self) -> str:
        """Return the XGID text, with the ``XGID=`` prefix."""
        pos = _board_field(self.position)
        owner = 0 if self.cube_owner is None else (1 if self.cube_owner == Color.WHITE else -1)
        turn = 1 if self.position.turn == Color.WHITE else -1
        if self.double_offered:
            dice = "D"
        elif self.dice is None:
            dice = "00"
        else:
            dice = f"{self.dice[0]}{self.dice[1]}"
        fields = (
            pos,
            self.cube_value.bit_length() - 1,
            owner,
            turn,
            dice,
            self.score[0],
            self.score[1],
            self.rules,
            self.match_length,
            self.max_cube.bit_length() - 1,
        )
        return "XGID=" + ":".join(str(f) for f in fields)

    @classmethod
    def parse(cls, text: str, variant: Union[Variant, str, None] = None) -> Xgid:
        """Read an XGID, with or without the ``XGID=`` prefix (XGID-1).

        ``variant`` names
        the backgammon variant for the checker count (the XGID does not say; default
        standard backgammon). A missing ``MAXCUBE`` field reads as 1024, XG's usual value.

        Raises :class:`~gammon.ParseError` for a malformed text: wrong number of fields, a bad
        board character, a field that is not a number, a beaver or raccoon in the dice field
        (``B``/``R``, which gnubg does not read either); :class:`~gammon.InvalidPositionError`
        for an impossible board; :class:`~gammon.InvalidInputError` for an impossible state.
        """
        if not isinstance(text, str):
            raise ParseError(f"an XGID is a string, not {brief(text)}")
        t = text.strip()
        if t[:5].upper() == "XGID=":
            t = t[5:]
        parts = t.split(":")
        if len(parts) == 9:
            parts.append("10")
        if len(parts) != 10:
            raise ParseError(
                f"an XGID has ten ':'-separated fields, {brief(text)} has {len(parts)} (XGID-1)"
            )
        var = Variant.BACKGAMMON if variant is None else _variant_arg(variant)
        board, cube, cubepos, turn, dice, s_bottom, s_top, rules, length, maxcube = parts
        nums = [
            _int_field(text, name, v)
            for name, v in (
                ("CUBE", cube),
                ("CUBEPOS", cubepos),
                ("TURN", turn),
                ("SCORE_BOTTOM", s_bottom),
                ("SCORE_TOP", s_top),
                ("RULES", rules),
                ("MATCHLEN", length),
                ("MAXCUBE", maxcube),
            )
        ]
        cube_log2, owner_code, turn_code, sb, st, rules_code, match_length, max_log2 = nums
        if turn_code not in (1, -1):
            raise ParseError(
                f"XGID {brief(text)}: TURN is 1 (bottom) or -1 (top), not {turn_code} (XGID-3)"
            )
        if owner_code not in (1, 0, -1):
            raise ParseError(
                f"XGID {brief(text)}: CUBEPOS is 1, 0 or -1, not {owner_code} (XGID-3)"
            )
        for name, v in (("CUBE", cube_log2), ("MAXCUBE", max_log2)):
            if not 0 <= v <= _MAX_LOG2_CUBE:
                raise ParseError(
                    f"XGID {brief(text)}: {name} must be 0-{_MAX_LOG2_CUBE}, not {v} (XGID-3)"
                )
        if not 0 <= rules_code <= 3:
            raise ParseError(f"XGID {brief(text)}: RULES must be 0-3, not {rules_code} (XGID-3)")
        on_roll = Color.WHITE if turn_code == 1 else Color.BLACK
        position = _board_from_field(text, board, var, on_roll)
        d = dice.strip().upper()
        roll: Optional[tuple[int, int]] = None
        doubled = False
        if d == "D":
            doubled = True
        elif d in ("B", "R"):
            raise ParseError(
                f"XGID {brief(text)}: a pending beaver or raccoon ({d}) is not read (XGID-3; gnubg "
                "does not read it either)"
            )
        elif len(d) == 2 and d.isascii() and d.isdigit():  # not '²²' (issue 15, D9)
            a, b = int(d[0]), int(d[1])
            if (a == 0) != (b == 0) or a > 6 or b > 6:
                raise ParseError(f"XGID {brief(text)}: DICE {dice!r} is not a roll (XGID-3)")
            roll = (a, b) if a else None
        else:
            raise ParseError(
                f"XGID {brief(text)}: DICE must be 00, D or two dice, not {dice!r} (XGID-3)"
            )
        owner = None if owner_code == 0 else (Color.WHITE if owner_code == 1 else Color.BLACK)
        try:
            return cls(
                position=position,
                cube_value=1 << cube_log2,
                cube_owner=owner,
                dice=roll,
                double_offered=doubled,
                score=(sb, st),
                match_length=match_length,
                crawford=bool(match_length and rules_code & 1),
                jacoby=bool(not match_length and rules_code & 1),
                beavers=bool(not match_length and rules_code & 2),
                max_cube=1 << max_log2,
            )
        except ParseError:
            raise
        except InvalidInputError as e:
            raise InvalidInputError(f"XGID {brief(text)}: {e}") from None


def _variant_arg(variant: Union[Variant, str]) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


def _int_field(text: str, name: str, value: str) -> int:
    # Plain ASCII digits only: int() also reads '1_0' and Arabic-Indic digits (issue 15, D9).
    v = value.strip()
    if _DECIMAL.fullmatch(v) is None:
        raise ParseError(
            f"XGID {brief(text)}: {name} must be a number, not {brief(value)} (XGID-1)"
        )
    return int(v)


def _board_field(position: Position) -> str:
    """Return the 26-character board field (XGID-2).

    Top's bar, points 1-24 in the bottom player's numbering, bottom's bar.
    """
    white = position.checkers(Color.WHITE)
    black = position.checkers(Color.BLACK)
    chars = [_count_char(black[25], upper=False)]
    for i in range(1, 25):
        if white[i]:
            chars.append(_count_char(white[i], upper=True))
        else:
            chars.append(_count_char(black[25 - i], upper=False))
    chars.append(_count_char(white[25], upper=True))
    return "".join(chars)


def _count_char(count: int, *, upper: bool) -> str:
    if count == 0:
        return "-"
    base = "A" if upper else "a"
    return chr(ord(base) + count - 1)


def _board_from_field(text: str, board: str, variant: Variant, turn: Color) -> Position:
    if len(board) != XGID_POSITION_LEN:
        raise ParseError(
            f"XGID {brief(text)}: the board field has {XGID_POSITION_LEN} characters, "
            f"not {len(board)} (XGID-2)"
        )
    white: dict[Union[int, str], int] = {}
    black: dict[Union[int, str], int] = {}
    for i, ch in enumerate(board):
        if ch == "-":
            continue
        if "A" <= ch <= "P":
            n, side = ord(ch) - ord("A") + 1, white
        elif "a" <= ch <= "p":
            n, side = ord(ch) - ord("a") + 1, black
        else:
            raise ParseError(
                f"XGID {brief(text)}: board character {ch!r} is not '-', A-P or a-p (XGID-2)"
            )
        if i == 0:
            if side is white:
                raise ParseError(
                    f"XGID {brief(text)}: the first character is the top player's bar (XGID-2)"
                )
            point = 25
        elif i == 25:
            if side is black:
                raise ParseError(
                    f"XGID {brief(text)}: the last character is the bottom player's bar (XGID-2)"
                )
            point = 25
        else:
            point = i if side is white else 25 - i
        side[point] = side.get(point, 0) + n
    return Position.from_checkers(white, black, turn=turn, variant=variant)


# -- the adapters between gammon.Game and the XGID -------------------------------------------


def xgid_of(game: Game) -> Xgid:
    """Return the state of ``game`` as the fields of an XGID (XGID-1..XGID-3).

    The XGID has no room for a pending resignation, the opening roll or the end of the game:
    they are left out.

    Raises :class:`~gammon.InvalidInputError` while a beaver or raccoon awaits an answer
    (XG's ``B``/``R`` have no agreed reading, XGID-3).
    """
    offer = game.cube.offer
    if offer is not None and offer.redoubles:
        raise InvalidInputError("XGID-3: a pending beaver or raccoon has no agreed XGID form")
    board = game.match
    rules = game.cube_rules
    money = isinstance(board, MoneySession)
    return Xgid(
        position=game.position,
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        dice=None if game.is_opening or game.result is not None else game.dice,
        double_offered=offer is not None and game.result is None,
        score=board.score,
        match_length=board.length,
        crawford=board.is_crawford_game,
        jacoby=money and rules.jacoby,
        beavers=money and rules.beavers,
        max_cube=rules.max_cube,
    )


def read_xgid(
    xgid: str,
    cube: Optional[CubeRules] = None,
    *,
    crawford: bool = True,
    variant: Union[Variant, str, None] = None,
) -> GameSetup:
    """Read the game an XGID describes; see :meth:`gammon.Game.from_xgid`.

    Raises :class:`~gammon.ParseError` for an unreadable XGID,
    :class:`~gammon.InvalidPositionError` for an impossible board, and
    :class:`~gammon.InvalidInputError` for a state the rules forbid.
    """
    x = Xgid.parse(xgid, variant)
    rules = CubeRules() if cube is None else cube
    rules = rules.replace(max_cube=max(x.max_cube, x.cube_value * (2 if x.double_offered else 1)))
    board = scoreboard_from_id(x.match_length, x.score, crawford, x.crawford)
    if x.match_length == 0:
        rules = rules.replace(
            jacoby=x.jacoby,
            beavers=x.beavers,
            raccoons=rules.raccoons and x.beavers,
        )
    offer = None
    if x.double_offered:
        offer = CubeOffer(x.turn, x.turn, x.cube_value * 2)
    cube_state = Cube(x.cube_value, x.cube_owner, offer, rules)
    return GameSetup(board, x.position, False, x.dice, cube_state, None)
