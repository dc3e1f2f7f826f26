"""Type stubs for the compiled module ``gammon._core`` (import from ``gammon``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Union, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeAlias

__all__ = [
    "Color",
    "Move",
    "Outcome",
    "Play",
    "PlayList",
    "Position",
    "Variant",
    "__version__",
    "_nardy_extra_turn",
    "_nardy_score",
    "_nardy_surrender",
    "_play_from_text",
    "_position_from_state",
    "_rollout",
    "_simulate_log",
    "_simulate_match",
    "_simulate_money",
    "find_variant",
]

__version__: Final[str]

# Argument types accepted by the API. Private names: they exist only in this stub.
_DiceLike: TypeAlias = Union[tuple[int, int], Sequence[int], str]
_ColorLike: TypeAlias = Union["Color", str]
_VariantLike: TypeAlias = Union["Variant", str]
_PointKey: TypeAlias = Union[int, str]
# Mapping is invariant in its key type, so plain dict[int, int] and dict[str, int] are listed.
_SideLike: TypeAlias = Union[
    Mapping[int, int], Mapping[str, int], Mapping[_PointKey, int], Sequence[_PointKey]
]

@final
class Color:
    """One of the two players."""

    WHITE: Final[Color]
    BLACK: Final[Color]
    def other(self) -> Color:
        """The other player."""
    def __invert__(self) -> Color: ...
    def __int__(self) -> int: ...

@final
class Variant:
    """A game: standard backgammon, nackgammon, hypergammon or Long Nardy."""

    BACKGAMMON: Final[Variant]
    NACKGAMMON: Final[Variant]
    HYPERGAMMON_1: Final[Variant]
    HYPERGAMMON_2: Final[Variant]
    HYPERGAMMON_3: Final[Variant]
    LONG_NARDY: Final[Variant]
    @property
    def canonical_name(self) -> str:
        """The canonical name, e.g. ``"long-nardy"``."""
    @property
    def aliases(self) -> list[str]:
        """Other accepted names."""
    @property
    def checkers_per_side(self) -> int:
        """Checkers each player owns."""
    @staticmethod
    def all() -> list[Variant]:
        """Every variant."""
    def __int__(self) -> int: ...

def find_variant(name: str) -> Variant:
    """Look a variant up by canonical name or alias; raises ``InvalidInputError``."""

@final
class Outcome:
    """How a finished game ended."""

    @property
    def winner(self) -> Color:
        """The player who won."""
    @property
    def kind(self) -> str:
        """``"single"``, ``"gammon"``, ``"backgammon"`` (Long Nardy: ``"oin"``, ``"mars"``...)."""
    @property
    def points(self) -> int:
        """Points won at cube value 1."""

@final
class Move:
    """One checker moved by one die (mover's numbering, 25 = bar, 0 = off)."""

    @property
    def from_point(self) -> int:
        """The point left (25 = bar)."""
    @property
    def to_point(self) -> int:
        """The point reached (0 = off)."""
    @property
    def hit(self) -> bool:
        """True when the move hit a blot."""

@final
class Play:
    """A legal play: the moves made for one roll in one position."""

    @property
    def moves(self) -> list[Move]:
        """The moves in a legal order."""
    @property
    def dice(self) -> tuple[int, int]:
        """The roll, larger die first."""
    @property
    def dice_used(self) -> int:
        """How many dice the play uses."""
    @property
    def hits(self) -> bool:
        """True when a move hits a blot."""
    @property
    def before(self) -> Position:
        """The position the play is made in."""
    @property
    def after(self) -> Position:
        """The position after the play, turn passed."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class PlayList(Sequence[Play]):
    """The legal plays of one position and roll."""

    @property
    def dice(self) -> tuple[int, int]:
        """The roll, larger die first."""
    @property
    def position(self) -> Position:
        """The position the plays are made in."""
    def boards(self) -> npt.NDArray[np.int8]:
        """The position after each play, mover still on roll, as an ``(n, 26)`` int8 array."""
    def texts(self) -> list[str]:
        """The canonical texts of the plays."""
    def count(self, value: object) -> int:
        """How many times a play occurs (1 or 0)."""
    def index(self, value: object, start: int = 0, stop: int | None = None, /) -> int:
        """The index of a play or play text; raises ``ValueError`` when absent."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> Play: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[Play]: ...
    def __contains__(self, item: object, /) -> bool: ...
    def __iter__(self) -> Iterator[Play]: ...

@final
class Position:
    """A position of any variant with the player on roll; immutable and hashable."""

    def __new__(
        cls,
        id: str | None = None,
        variant: _VariantLike | None = None,
        turn: _ColorLike | None = None,
        *,
        first_turn_exception: str | None = None,
        block_check: str | None = None,
    ) -> Position: ...
    @staticmethod
    def start(
        variant: _VariantLike | None = None,
        turn: _ColorLike | None = None,
        *,
        first_turn_exception: str | None = None,
        block_check: str | None = None,
    ) -> Position:
        """Return the starting position of a variant (Long Nardy: with the options of §9)."""
    @staticmethod
    def from_id(
        id: str,
        variant: _VariantLike | None = None,
        turn: _ColorLike | None = None,
        *,
        first_turn_exception: str | None = None,
        block_check: str | None = None,
    ) -> Position:
        """Return the position with this position ID."""
    @staticmethod
    def from_checkers(
        white: _SideLike,
        black: _SideLike,
        *,
        turn: _ColorLike | None = None,
        variant: _VariantLike | None = None,
        first_turn_exception: str | None = None,
        block_check: str | None = None,
    ) -> Position:
        """Return a position from each player's checkers in their own numbering."""
    @property
    def first_turn_exception(self) -> str | None:
        """Long Nardy: ``"head_blocked"`` or ``"unconditional"`` (§9); None otherwise."""
    @property
    def block_check(self) -> str | None:
        """Long Nardy: ``"every_step"`` or ``"end_of_turn"`` (§9); None otherwise."""
    @property
    def id(self) -> str:
        """The position ID."""
    @property
    def turn(self) -> Color:
        """The player on roll."""
    @property
    def variant(self) -> Variant:
        """The variant."""
    def legal_plays(self, dice: _DiceLike) -> PlayList:
        """The legal plays for a roll."""
    def parse_play(self, text: str, dice: _DiceLike | None = None) -> Play:
        """The one legal play a text names (``"24/18 13/11"``, ``"bar/22*"``, ``"8/5(2)"``).

        With ``dice`` a partial text is accepted when exactly one legal play contains it;
        without, every roll is tried and only whole plays count. Raises ``ParseError``,
        ``IllegalPlayError``, ``AmbiguousPlayError`` (the message lists the candidates) or
        ``InvalidDiceError``.
        """
    def play(self, play: Play | str, dice: _DiceLike | None = None) -> Position:
        """The position after a play (a ``Play`` or a text as for ``parse_play``), turn passed.

        Raises ``IllegalPlayError`` and the errors of ``parse_play``.
        """
    def outcome(self) -> Outcome | None:
        """The result once the game is over."""
    def is_game_over(self) -> bool:
        """True once a player has borne off every checker."""
    def pip_count(self) -> tuple[int, int]:
        """Pip counts, player on roll first."""
    def checkers_off(self) -> tuple[int, int]:
        """Borne-off checkers, player on roll first."""
    def checkers(self, color: _ColorLike) -> list[int]:
        """A side's checkers in its own numbering (0 = off, 25 = bar)."""
    def board(self) -> npt.NDArray[np.int8]:
        """The board from the player on roll's side as 26 signed counts (int8)."""
    def pass_turn(self) -> Position:
        """The same board with the other player on roll."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

def _play_from_text(position: Position, dice: str, text: str) -> Play: ...
def _position_from_state(
    id: str,
    variant: _VariantLike,
    turn: _ColorLike,
    first_turn_exception: str | None = None,
    block_check: str | None = None,
) -> Position: ...
def _nardy_extra_turn(position: Position, starter: _ColorLike, last_roll: bool) -> bool: ...
def _nardy_score(
    position: Position, starter: _ColorLike, end_variant: str, koks: str
) -> tuple[Color | None, str, int]: ...
def _nardy_surrender(
    position: Position, loser: _ColorLike, end_variant: str, koks: str
) -> tuple[Color | None, str, int]: ...
def _rollout(
    position: Position,
    first: int,
    end: int,
    policies: tuple[object, object],
    *,
    seed: int,
    opening: bool,
    quasi_random: bool,
    threads: int,
    chunk_size: int,
    record_games: bool,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
    nardy: tuple[str, str, bool] | None = None,
) -> dict[str, Any]:
    """Plays games ``first``..``end`` of a rollout; ``gammon.rollout`` wraps it."""

_CubeRulesTuple: TypeAlias = tuple[int, bool, bool, bool, int, int, bool, bool, bool]
_Players: TypeAlias = tuple[tuple[object, object], tuple[object, object]]

def _simulate_match(
    variant: Variant,
    length: int,
    crawford: bool,
    players: _Players,
    cube_rules: _CubeRulesTuple,
    *,
    seed: int,
    first: int,
    end: int,
    threads: int,
    chunk_size: int,
    record: bool,
    max_seconds: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
) -> dict[str, Any]:
    """Plays matches ``first``..``end`` of a simulation; ``gammon.simulate_match`` wraps it."""

def _simulate_money(
    variant: Variant,
    players: _Players,
    cube_rules: _CubeRulesTuple,
    *,
    seed: int,
    first: int,
    end: int,
    threads: int,
    chunk_size: int,
    record: bool,
    max_seconds: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
) -> dict[str, Any]:
    """Plays money games ``first``..``end``; ``gammon.simulate_money`` wraps it."""

def _simulate_log(
    variant: Variant,
    players: _Players,
    cube_rules: _CubeRulesTuple,
    seed: int,
    index: int,
    length: int | None = None,
    crawford: bool = True,
) -> list[list[tuple[Any, ...]]]:
    """Every event of match (or money game) ``index`` of a simulation, one list per game."""
