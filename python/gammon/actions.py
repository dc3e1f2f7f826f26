"""The actions of a game besides checker plays: rolling, the cube, resignations.

:meth:`gammon.Game.legal_actions` returns these next to :class:`gammon.Play` objects, and
:meth:`gammon.Game.push` takes them back. Each is a small frozen value; ``str()`` gives the
text :meth:`gammon.Game.push` also reads (``"roll"``, ``"double"``, ``"take"``,
``"resign gammon"``...).

    >>> str(Roll((3, 1))), str(Resign(ResignLevel.GAMMON)), parse_action("drop")
    ('roll 31', 'resign gammon', Drop())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Optional, Union

from gammon._checks import brief, check_dice
from gammon._core import Color, Play
from gammon.cube import ResignLevel
from gammon.errors import InvalidDiceError, InvalidInputError, ParseError

__all__ = [
    "Accept",
    "Action",
    "Beaver",
    "Decline",
    "Double",
    "Drop",
    "EmptyPlay",
    "Raccoon",
    "Resign",
    "Roll",
    "Take",
    "dice_pair",
    "parse_action",
]


@dataclass(frozen=True)
class _Word:
    """An action without arguments, named by one word of :meth:`gammon.Game.push`."""

    word: ClassVar[str]
    """The word ``str()`` gives and :func:`parse_action` reads."""

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class Roll:
    """Roll the dice (BG-12).

    ``dice`` is the roll, or ``None`` for "roll at random" in
    :meth:`gammon.Game.legal_actions` and :meth:`gammon.Game.push`. At the opening roll the
    pair is ``(White's die, Black's die)`` (BG-10); later it is the roller's two dice.

    Raises :class:`~gammon.InvalidDiceError` for dice that are not a pair of 1-6.
    """

    dice: Optional[tuple[int, int]] = None

    def __post_init__(self) -> None:
        if self.dice is not None:
            object.__setattr__(self, "dice", dice_pair(self.dice))

    def __str__(self) -> str:
        return "roll" if self.dice is None else f"roll {self.dice[0]}{self.dice[1]}"

    def __repr__(self) -> str:
        return "Roll()" if self.dice is None else f"Roll({self.dice!r})"


class Double(_Word):
    """Offer a double before rolling (CUBE-3, CUBE-4)."""

    word = "double"


class Take(_Word):
    """Take the pending double (CUBE-5)."""

    word = "take"


class Drop(_Word):
    """Drop (pass) the pending double: the game ends (CUBE-6)."""

    word = "drop"


class Beaver(_Word):
    """Take the double and redouble at once, keeping the cube (CUBE-12; money play)."""

    word = "beaver"


class Raccoon(_Word):
    """Answer a beaver by redoubling again, keeping the cube (CUBE-13; money play)."""

    word = "raccoon"


@dataclass(frozen=True)
class Resign:
    """Offer to resign at ``level`` (RESIGN-1); in Long Nardy, surrender (LN-36).

    ``player`` is who resigns: ``None`` for the player to act. In backgammon only the player
    on roll offers; in Long Nardy either player may surrender at any moment.

    Raises :class:`~gammon.InvalidInputError` for a level other than 1-3 or its name, or a
    ``player`` that is not a ``Color``.
    """

    level: ResignLevel = ResignLevel.SINGLE
    player: Optional[Color] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", ResignLevel.parse(self.level))
        if self.player is not None and not isinstance(self.player, Color):
            raise InvalidInputError(f"Resign: player must be a Color, not {self.player!r}")

    def __str__(self) -> str:
        who = "" if self.player is None else f" ({self.player})"
        return f"resign {self.level}{who}"

    def __repr__(self) -> str:
        if self.player is None:
            return f"Resign({self.level!r})"
        return f"Resign({self.level!r}, {self.player!r})"


class Accept(_Word):
    """Accept the pending resignation: the game ends (RESIGN-2)."""

    word = "accept"


class Decline(_Word):
    """Decline the pending resignation: play goes on (RESIGN-3)."""

    word = "decline"


class EmptyPlay(_Word):
    """The empty play, when the roll cannot be played at all (MOVE-8, BAR-4)."""

    word = "empty play"


Action = Union[Play, Roll, Double, Take, Drop, Beaver, Raccoon, Resign, Accept, Decline, EmptyPlay]
"""Anything :meth:`gammon.Game.push` accepts (besides a text)."""

_WORDS: dict[str, Action] = {
    "double": Double(),
    "redouble": Double(),
    "take": Take(),
    "accept double": Take(),
    "drop": Drop(),
    "pass": Drop(),
    "refuse": Drop(),
    "beaver": Beaver(),
    "raccoon": Raccoon(),
    "accept": Accept(),
    "decline": Decline(),
    "reject": Decline(),
    "roll": Roll(),
    "empty play": EmptyPlay(),
}


def parse_action(text: str) -> Optional[Action]:
    """Read the action a word names, or return ``None``.

    The words are ``"roll"``, ``"roll 31"``, ``"double"``, ``"take"``, ``"drop"``/``"pass"``,
    ``"beaver"``, ``"raccoon"``, ``"resign"`` [``single``|``gammon``|``backgammon``],
    ``"accept"`` and ``"decline"``. Any other text gives ``None`` (it may be a checker play).

    Raises :class:`~gammon.ParseError` for ``roll`` or ``resign`` with a bad argument.
    """
    key = " ".join(text.strip().lower().split())
    if key in _WORDS:
        return _WORDS[key]
    head, _, rest = key.partition(" ")
    if head == "roll":
        digits = rest.replace("-", "").replace(" ", "")
        if len(digits) != 2 or not digits.isdigit():
            raise ParseError(f"'roll' takes two dice such as 'roll 31', not {brief(text)}")
        try:
            return Roll((int(digits[0]), int(digits[1])))
        except InvalidDiceError as e:
            raise ParseError(str(e)) from None
    if head == "resign":
        try:
            return Resign(ResignLevel.parse(rest or "single"))
        except ValueError as e:
            raise ParseError(str(e)) from None
    return None


def dice_pair(dice: object) -> tuple[int, int]:
    """Return two dice as a tuple of ints 1-6.

    Raises :class:`~gammon.InvalidDiceError` for anything else.
    """
    return check_dice(dice, "dice")
