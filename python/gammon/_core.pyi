"""Type stubs for the compiled module ``gammon._core`` (import from ``gammon``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Union, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeAlias

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_GAME_CHUNK",
    "DEFAULT_MATCH_CHUNK",
    "DEFAULT_MAX_CUBE",
    "MATCH_ID_LEN",
    "MAX_ANALYSIS_PLIES",
    "MAX_AUTO_DOUBLES",
    "MAX_CUBE_LIMIT",
    "MAX_PLIES",
    "MAX_THREADS",
    "MIN_GAMES_FOR_TARGET",
    "ONE",
    "WIN_KINDS",
    "XGID_POSITION_LEN",
    "Candidate",
    "Color",
    "Cube",
    "CubeDecision",
    "CubeOffer",
    "CubeRules",
    "CubefulTally",
    "Decision",
    "Ending",
    "GameAnalysis",
    "GameResult",
    "GameState",
    "MatchAnalysis",
    "MatchId",
    "MatchScore",
    "MatchTally",
    "MoneyTally",
    "Move",
    "NardySettings",
    "Net",
    "Outcome",
    "Play",
    "PlayList",
    "PlayerStats",
    "Position",
    "Resignation",
    "RollLuck",
    "RolloutRun",
    "SimulationRun",
    "Tally",
    "TurnState",
    "Variant",
    "Xgid",
    "__version__",
    "_analysis_arrays",
    "_analyze_matches",
    "_batch_boards",
    "_batch_encode",
    "_batch_encode_into",
    "_batch_flip",
    "_batch_from_ids",
    "_batch_legal_plays",
    "_batch_legal_plays_into",
    "_batch_play_evaluated",
    "_batch_policy_play",
    "_batch_positions",
    "_batch_stats",
    "_batch_to_ids",
    "_batch_trajectories",
    "_batch_validate",
    "_bearoff_build_two_sided",
    "_bearoff_cache_dir",
    "_bearoff_evaluate",
    "_bearoff_one_sided",
    "_bearoff_tables",
    "_bearoff_two_sided",
    "_choose_play",
    "_cube_decision",
    "_cube_decision_of",
    "_cubeful_evaluate",
    "_cubeful_rank",
    "_cubeful_rollout",
    "_game_from_id",
    "_match_events",
    "_match_score",
    "_move_from_parts",
    "_net_evaluate",
    "_net_rank",
    "_outcome_from_parts",
    "_play_from_text",
    "_position_from_state",
    "_rollout",
    "_simulate_match",
    "_simulate_money",
    "_turn_state",
    "color_of_gnubg_player",
    "find_variant",
    "gnubg_player",
    "split_gnubg_id",
]

__version__: Final[str]
DEFAULT_MAX_CUBE: Final[int]
"""The default cap on the cube value: the largest face of a physical cube (CUBE-10)."""
MAX_AUTO_DOUBLES: Final[int]
"""The largest automatic-doubles limit gnubg accepts (CUBE-20)."""
MAX_CUBE_LIMIT: Final[int]
"""The largest cube value: the Match ID's 4-bit log2 field (CUBE-10, ID-4)."""
MATCH_ID_LEN: Final[int]
"""Characters in a Match ID (ID-4)."""
XGID_POSITION_LEN: Final[int]
"""Characters in the board field of an XGID (XGID-2)."""

ONE: Final[int]
"""The fixed-point unit of the run statistics: one game (2**32)."""
WIN_KINDS: Final[int]
"""Winning result classes: single, gammon, backgammon, Oin, Mars, Koks."""
DEFAULT_CHUNK_SIZE: Final[int]
"""Games per unit of work of a rollout by default."""
DEFAULT_MATCH_CHUNK: Final[int]
"""Matches per unit of work of a match simulation by default."""
DEFAULT_GAME_CHUNK: Final[int]
"""Games per unit of work of a money simulation by default."""
MAX_PLIES: Final[int]
"""The deepest search of the net's evaluations and hints."""
MAX_THREADS: Final[int]
"""The most worker threads a run may ask for."""
MIN_GAMES_FOR_TARGET: Final[int]
"""Games played before a target standard error may stop a run."""

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

def find_variant(name: _VariantLike) -> Variant:
    """Look a variant up by canonical name or alias (a ``Variant`` as it is).

    Raises ``InvalidInputError`` listing the valid names.
    """

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
class Net:
    """Neural nets that value positions: the shipped ones, or nets of your own.

    Nets of your own are read from a weights file of gammon's format (``.gnet``, written by
    ``gammon-train``). A checker-play policy wherever one is accepted, played in Rust on
    every thread as ``"net"`` is; ``gammon.evaluate`` and ``gammon.hint`` take one as
    ``net=``.
    """

    @staticmethod
    def shipped(variant: Variant | str | None = None) -> Net:
        """The shipped nets of ``variant`` (backgammon by default): the ``"net"`` policy's."""
    @staticmethod
    def from_bytes(data: bytes | bytearray | memoryview) -> Net:
        """Nets read from the bytes of a weights file (any bytes-like object).

        Raises ``NetFileError`` if unreadable, ``InvalidInputError`` if not bytes-like.
        """
    @staticmethod
    def load(path: str | os.PathLike[str]) -> Net:
        """Nets read from a weights file; raises ``OSError`` or ``NetFileError`` naming the file."""
    def to_bytes(self) -> bytes:
        """The weights file's bytes (``Net.from_bytes`` reads them back)."""
    @property
    def variant(self) -> Variant:
        """``Variant.BACKGAMMON`` (every backgammon variant) or ``Variant.LONG_NARDY``."""
    @property
    def is_shipped(self) -> bool:
        """Whether these are the shipped nets."""
    @property
    def checksum(self) -> int:
        """The CRC-32 of the weights (the file's last four bytes)."""
    @property
    def name(self) -> str:
        """``"net"`` for the shipped nets, ``"net:"`` and the checksum in hex for others."""
    @property
    def contact(self) -> tuple[int, str]:
        """``(hidden units, encoding name)`` of the contact net."""
    @property
    def race(self) -> tuple[int, str] | None:
        """``(hidden units, encoding name)`` of the race net, or ``None``."""
    def choose(self, position: Position, plays: PlayList) -> int:
        """The index in ``plays`` of the play the nets rate best at 0 ply."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

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
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

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
        """Return the position with this position ID (a Long Nardy ID names its variant)."""
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
        """Pip counts as ``(white, black)``, the order of every pair in gammon."""
    def checkers_off(self) -> tuple[int, int]:
        """Borne-off checkers as ``(white, black)``, the order of every pair in gammon."""
    def checkers(self, color: _ColorLike) -> list[int]:
        """A side's checkers in its own numbering (0 = off, 25 = bar)."""
    def board(self) -> npt.NDArray[np.int8]:
        """The board from the player on roll's side as 26 signed counts (int8)."""
    def pass_turn(self) -> Position:
        """The same board with the other player on roll."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class CubeRules:
    """The cube settings of a session (CUBE-10..CUBE-20, MONEY-2, MONEY-3, MATCH-7)."""

    def __new__(
        cls,
        max_cube: int = 64,
        jacoby: bool = False,
        beavers: bool = False,
        raccoons: bool = False,
        max_beavers: int = 3,
        auto_doubles: int = 0,
        enabled: bool = True,
        refuse_dead_cube: bool = False,
        gnubg_raccoon_owner: bool = False,
    ) -> CubeRules: ...
    @property
    def max_cube(self) -> int:
        """The cap (CUBE-10)."""
    @property
    def jacoby(self) -> bool:
        """The Jacoby rule (MONEY-2)."""
    @property
    def beavers(self) -> bool:
        """Beavers allowed (CUBE-12)."""
    @property
    def raccoons(self) -> bool:
        """Raccoons allowed (CUBE-13)."""
    @property
    def max_beavers(self) -> int:
        """Beavers and raccoons per chain (CUBE-13)."""
    @property
    def auto_doubles(self) -> int:
        """Automatic doubles limit (CUBE-20)."""
    @property
    def enabled(self) -> bool:
        """Cube use at all (CUBE-2)."""
    @property
    def refuse_dead_cube(self) -> bool:
        """Refuse dead-cube doubles in match play (MATCH-7)."""
    @property
    def gnubg_raccoon_owner(self) -> bool:
        """Gnubg's owner after a beaver chain (CUBE-13)."""
    def for_match(self) -> CubeRules:
        """These rules as match play uses them (CUBE-11, MATCH-2)."""
    def replace(
        self,
        *,
        max_cube: int = ...,
        jacoby: bool = ...,
        beavers: bool = ...,
        raccoons: bool = ...,
        max_beavers: int = ...,
        auto_doubles: int = ...,
        enabled: bool = ...,
        refuse_dead_cube: bool = ...,
        gnubg_raccoon_owner: bool = ...,
    ) -> CubeRules:
        """A copy with some settings changed."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class CubeOffer:
    """A double awaiting an answer (CUBE-4, CUBE-12, CUBE-13)."""

    def __new__(
        cls, doubler: _ColorLike, proposer: _ColorLike, value: int, redoubles: int | None = None
    ) -> CubeOffer: ...
    @property
    def doubler(self) -> Color:
        """The player who offered the double."""
    @property
    def proposer(self) -> Color:
        """The player who made the latest offer."""
    @property
    def value(self) -> int:
        """The cube value if taken."""
    @property
    def redoubles(self) -> int:
        """Beavers and raccoons in the chain."""
    @property
    def responder(self) -> Color:
        """The player who must answer."""
    @property
    def stake(self) -> int:
        """What a drop gives the proposer (CUBE-6)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class Cube:
    """The doubling cube: value, owner, pending offer and rules (CUBE-1..CUBE-20)."""

    def __new__(
        cls,
        value: int = 1,
        owner: _ColorLike | None = None,
        offer: CubeOffer | None = None,
        rules: CubeRules | None = None,
    ) -> Cube: ...
    @property
    def value(self) -> int:
        """The cube value."""
    @property
    def owner(self) -> Color | None:
        """The owner, ``None`` while centred (CUBE-1)."""
    @property
    def offer(self) -> CubeOffer | None:
        """The pending double."""
    @property
    def rules(self) -> CubeRules:
        """The rules the cube follows."""
    @property
    def centred(self) -> bool:
        """True while nobody owns the cube (CUBE-1)."""
    @property
    def at_cap(self) -> bool:
        """True when doubling would pass the cap (CUBE-10)."""
    def may_turn(self, player: _ColorLike) -> bool:
        """Whether ``player`` has access to the cube (CUBE-3)."""
    def double_error(self, player: _ColorLike) -> str | None:
        """Why ``player`` may not double, or ``None``."""
    def check_double(self, player: _ColorLike) -> None:
        """Raise ``IllegalCubeActionError`` unless ``player`` may double."""
    def can_double(self, player: _ColorLike) -> bool:
        """Whether ``player`` may double (CUBE-2, CUBE-3, CUBE-10)."""
    def can_beaver(self, player: _ColorLike) -> bool:
        """Whether ``player`` may beaver (CUBE-12)."""
    def can_raccoon(self, player: _ColorLike) -> bool:
        """Whether ``player`` may raccoon (CUBE-13)."""
    def double(self, player: _ColorLike) -> Cube:
        """``player`` doubles (CUBE-4)."""
    def take(self, player: _ColorLike) -> Cube:
        """``player`` takes (CUBE-5)."""
    def drop(self, player: _ColorLike) -> GameResult:
        """``player`` drops (CUBE-6)."""
    def beaver(self, player: _ColorLike) -> Cube:
        """``player`` beavers (CUBE-12)."""
    def raccoon(self, player: _ColorLike) -> Cube:
        """``player`` raccoons (CUBE-13)."""
    def automatic_double(self) -> Cube:
        """The cube after an opening tie (CUBE-20)."""
    def points(self, level: int) -> int:
        """Points of a win at ``level`` (SCORE-2, MONEY-2)."""
    def replace(
        self,
        *,
        value: int = ...,
        owner: _ColorLike | None = ...,
        offer: CubeOffer | None = ...,
        rules: CubeRules = ...,
    ) -> Cube:
        """A copy with some fields changed."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class MatchScore:
    """A match to ``length`` points with its score and Crawford state (MATCH-1..MATCH-4)."""

    def __new__(
        cls,
        length: int,
        score: tuple[int, int] = (0, 0),
        *,
        crawford: bool = True,
        crawford_game: bool = False,
        post_crawford: bool | None = None,
    ) -> MatchScore: ...
    @property
    def length(self) -> int:
        """The points needed to win (MATCH-1)."""
    @property
    def score(self) -> tuple[int, int]:
        """The score as ``(white, black)``."""
    @property
    def crawford(self) -> bool:
        """The Crawford rule is in force (MATCH-3)."""
    @property
    def is_crawford_game(self) -> bool:
        """The next game is the Crawford game (MATCH-3)."""
    @property
    def is_post_crawford(self) -> bool:
        """The Crawford game is behind (MATCH-4)."""
    @property
    def is_over(self) -> bool:
        """A player has reached the length (MATCH-1)."""
    @property
    def winner(self) -> Color | None:
        """The match winner, or ``None``."""
    def score_of(self, player: _ColorLike) -> int:
        """``player``'s score."""
    def away(self, player: _ColorLike) -> int:
        """The points ``player`` still needs."""
    def record(self, winner: _ColorLike, points: int) -> MatchScore:
        """The match after a game won by ``winner`` for ``points`` (MATCH-1, MATCH-3)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class Resignation:
    """A resignation offer: ``player`` offers to lose at ``level`` 1-3 (RESIGN-1)."""

    def __new__(cls, player: _ColorLike, level: int) -> Resignation: ...
    @property
    def player(self) -> Color:
        """The player who offers to resign."""
    @property
    def level(self) -> int:
        """1 single, 2 gammon, 3 backgammon (``ResignLevel`` values)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class Ending:
    """How a finished game ended; the values are gnubg's Match ID game states (ID-4)."""

    BORNE_OFF: Final[Ending]
    RESIGNED: Final[Ending]
    DROPPED: Final[Ending]
    @property
    def value(self) -> int:
        """The Match ID game state: 2, 3 or 4."""
    @property
    def name(self) -> str:
        """``"BORNE_OFF"``, ``"RESIGNED"`` or ``"DROPPED"``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __int__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class GameResult:
    """The scored result of a finished game (SCORE-1, SCORE-2, CUBE-6, RESIGN-2, LN-36)."""

    def __new__(
        cls,
        winner: _ColorLike | None,
        points: int,
        kind: str | None = None,
        ending: Ending | None = None,
        cube: int | None = None,
    ) -> GameResult: ...
    @property
    def winner(self) -> Color | None:
        """The winner, or ``None`` for Long Nardy's draw (LN-37)."""
    @property
    def loser(self) -> Color | None:
        """The player who lost, or ``None`` for a draw."""
    @property
    def points(self) -> int:
        """The points the winner scores, after the cube and the Jacoby rule."""
    @property
    def kind(self) -> str:
        """``"single"``, ``"gammon"``, ``"backgammon"``, ``"oin"``, ``"mars"``..."""
    @property
    def ending(self) -> Ending:
        """How the game ended."""
    @property
    def cube(self) -> int:
        """The cube value the points were counted at."""
    def added_to(self, score: tuple[int, int]) -> tuple[int, int]:
        """The money score ``(white, black)`` after this result (MONEY-1)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class TurnState:
    """One game between two actions: the core's turn state machine.

    The rules are BG-10..BG-14, CUBE-*, MATCH-3, MATCH-7 and RESIGN-*.
    """

    def __new__(
        cls,
        position: Position,
        cube: Cube,
        match_score: MatchScore | None = None,
        *,
        opening: bool = False,
        dice: _DiceLike | None = None,
        resignation: Resignation | None = None,
        nardy: NardySettings | None = None,
    ) -> TurnState: ...
    @property
    def match_score(self) -> MatchScore | None:
        """The match the game belongs to, or ``None`` in money play."""
    @property
    def in_extra_turn(self) -> bool:
        """Black plays the extra last roll of Long Nardy (LN-37)."""
    @property
    def is_nardy(self) -> bool:
        """A Long Nardy game."""
    @property
    def position(self) -> Position:
        """The position; its ``turn`` is the player on roll."""
    @property
    def cube(self) -> Cube:
        """The cube under the rules that apply in this game."""
    @property
    def is_opening(self) -> bool:
        """True until the opening roll has decided who moves first (BG-10)."""
    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice of the player on roll, larger first, or ``None``."""
    @property
    def turn(self) -> Color:
        """The player on roll."""
    @property
    def to_act(self) -> Color:
        """The player who must act now."""
    @property
    def resignation(self) -> Resignation | None:
        """The resignation awaiting an answer (or the accepted one)."""
    @property
    def declined_resignation(self) -> Resignation | None:
        """The declined offer remembered until the next action (RESIGN-3)."""
    @property
    def result(self) -> GameResult | None:
        """The result once the game is over."""
    @property
    def phase(self) -> str:
        """What the game waits for, in words."""
    @property
    def may_double(self) -> bool:
        """The player on roll may double now."""
    def check_double(self) -> None:
        """Raise ``IllegalCubeActionError`` naming the rule unless a double is allowed."""
    def check_play(self, what: str) -> tuple[int, int]:
        """The dice to play now; raise ``IllegalPlayError`` when no play is due."""
    def roll(self, dice: _DiceLike) -> TurnState:
        """After a roll (at the opening: White's die, Black's die)."""
    def double(self) -> TurnState:
        """After a double (CUBE-4)."""
    def take(self) -> TurnState:
        """After a take (CUBE-5)."""
    def drop(self) -> TurnState:
        """After a drop (CUBE-6)."""
    def beaver(self) -> TurnState:
        """After a beaver (CUBE-12)."""
    def raccoon(self) -> TurnState:
        """After a raccoon (CUBE-13)."""
    def resign(self, level: int, player: _ColorLike | None = None) -> TurnState:
        """After an offer to resign at ``level`` (RESIGN-1), or a surrender (LN-36)."""
    def accept(self) -> TurnState:
        """After the resignation is accepted (RESIGN-2)."""
    def decline(self) -> TurnState:
        """After the resignation is declined (RESIGN-3)."""
    def play(self, play: Play) -> TurnState:
        """After ``play`` (MOVE-1, MOVE-9)."""
    def empty_play(self) -> TurnState:
        """After the empty play (MOVE-8)."""
    def legal_actions(self, resignations: bool = False) -> list[Play | str]:
        """Everything the player to act may do now, in order.

        ``Play`` objects and the action words ``gammon.Game.push`` reads (``"roll"``,
        ``"double"``, ``"take"``...).
        """
    def is_legal(self, action: Play | str, player: _ColorLike | None = None) -> bool:
        """Whether a ``Play`` or an action word (``player`` resigning) is allowed now."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

def _turn_state(
    position: Position,
    cube: Cube,
    match_score: MatchScore | None,
    opening: bool,
    dice: _DiceLike | None,
    resignation: Resignation | None,
    declined: Resignation | None,
    result: GameResult | None,
    nardy: tuple[str, str, bool] | None = None,
    extra_turn: bool = False,
) -> TurnState: ...
def _match_score(
    length: int, score: tuple[int, int], crawford: bool, crawford_game: bool, post_crawford: bool
) -> MatchScore: ...
def _move_from_parts(from_point: int, to_point: int, hit: bool) -> Move: ...
def _outcome_from_parts(winner: Color, kind: str) -> Outcome: ...
def _play_from_text(position: Position, dice: str, text: str) -> Play: ...
def _position_from_state(
    id: str,
    variant: _VariantLike,
    turn: _ColorLike,
    first_turn_exception: str | None = None,
    block_check: str | None = None,
) -> Position: ...
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
    nardy: NardySettings | None = None,
    truncate: str = "none",
    truncate_after: int | None = None,
    variance_reduction: bool = False,
    evaluator: str | Net | None = None,
) -> RolloutRun:
    """Plays games ``first``..``end`` of a rollout; ``gammon.rollout`` wraps it."""

_Players: TypeAlias = tuple[tuple[object, object], tuple[object, object]]

def _simulate_match(
    variant: Variant,
    length: int,
    crawford: bool,
    players: _Players,
    cube_rules: CubeRules,
    *,
    seed: int,
    first: int,
    end: int,
    threads: int,
    chunk_size: int,
    record: bool,
    max_seconds: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
) -> SimulationRun:
    """Plays matches ``first``..``end`` of a simulation; ``gammon.simulate_match`` wraps it."""

def _simulate_money(
    variant: Variant,
    players: _Players,
    cube_rules: CubeRules,
    *,
    seed: int,
    first: int,
    end: int,
    threads: int,
    chunk_size: int,
    record: bool,
    max_seconds: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
) -> SimulationRun:
    """Plays money games ``first``..``end``; ``gammon.simulate_money`` wraps it."""

def _cubeful_rollout(
    position: Position,
    first: int,
    end: int,
    policies: tuple[Any, Any],
    cube_policies: tuple[Any, Any],
    cube_rules: CubeRules,
    cube_value: int,
    cube_owner: Color | None,
    *,
    seed: int,
    opening: bool,
    quasi_random: bool,
    threads: int,
    chunk_size: int,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
) -> SimulationRun:
    """Plays games ``first``..``end`` of a cubeful rollout (``gammon.rollout`` with ``cube=``)."""

def _match_events(
    variant: Variant,
    players: _Players,
    cube_rules: CubeRules,
    seed: int,
    index: int,
    length: int | None = None,
    crawford: bool = True,
) -> list[list[tuple[Any, ...]]]:
    """Every event of match (or money game) ``index`` of a simulation, one list per game."""

def _bearoff_evaluate(
    position: Position, nardy: NardySettings | None = None
) -> tuple[float, float, float, float, float, float, bool]:
    """``(win, lose, win_gammon, lose_gammon, draw, equity, exact)`` for the player on roll."""

def _net_evaluate(
    position: Position, plies: int = 0, net: Net | None = None
) -> tuple[tuple[float, float, float, float, float, float], str]:
    """The net's (default: the shipped) probabilities and their source for the player on roll.

    ``((win, win_gammon, win_backgammon, lose_gammon, lose_backgammon, draw), source)`` with
    ``source`` ``"net"``, ``"bearoff"`` or ``"final"``.
    """

def _net_rank(
    plays: PlayList, plies: int = 0, net: Net | None = None
) -> list[tuple[tuple[float, float, float, float, float, float], bool]]:
    """The net's (default: the shipped) ``(probabilities, exact)`` of each play, for its maker."""

def _bearoff_one_sided(board: Sequence[int]) -> tuple[float, list[float], list[float]]:
    """``(mean, all_off, first_off)`` of one side's home board (points 1..6)."""

def _bearoff_two_sided(me: Sequence[int], opponent: Sequence[int]) -> float | None:
    """The two-sided table's win probability for ``me`` on roll, or None when out of range."""

def _bearoff_cache_dir() -> str | None:
    """The directory the bear-off tables are cached in."""

def _bearoff_tables() -> list[dict[str, Any]]:
    """Loads (or builds) the shared bear-off tables and describes them."""

def _bearoff_build_two_sided(checkers: int) -> dict[str, Any]:
    """Builds (or loads) the two-sided table of ``checkers`` a side and describes it."""

def _batch_legal_plays(
    boards: npt.NDArray[np.int8], dice: npt.NDArray[np.int8], variant: Variant | str, moves: bool
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int8] | None]:
    """Legal plays of N (board, dice) pairs; ``gammon.batch.legal_plays`` wraps it."""

def _batch_legal_plays_into(
    boards: npt.NDArray[np.int8],
    dice: npt.NDArray[np.int8],
    variant: Variant | str,
    out_boards: npt.NDArray[np.int8],
    out_offsets: npt.NDArray[np.int64],
    out_moves: npt.NDArray[np.int8] | None,
) -> int:
    """Legal plays written into caller-owned arrays; ``gammon.batch.LegalPlaysBuffer`` wraps it."""

def _batch_validate(boards: npt.NDArray[np.int8], variant: Variant | str) -> int:
    """Validates every row; ``gammon.batch.validate`` wraps it."""

def _batch_flip(boards: npt.NDArray[np.int8], variant: Variant | str) -> npt.NDArray[np.int8]:
    """The rows turned over (validated first); ``gammon.batch.flip`` wraps it."""

def _batch_boards(positions: list[Position]) -> npt.NDArray[np.int8]:
    """The boards of positions; ``gammon.batch.boards`` wraps it."""

def _batch_positions(
    boards: npt.NDArray[np.int8], variant: Variant | str, turn: _ColorLike
) -> list[Position]:
    """Positions of the rows; ``gammon.batch.positions`` wraps it."""

def _batch_to_ids(boards: npt.NDArray[np.int8], variant: Variant | str) -> list[str]:
    """Position IDs of the rows; ``gammon.batch.to_ids`` wraps it."""

def _batch_from_ids(ids: list[str], variant: Variant | str) -> npt.NDArray[np.int8]:
    """Boards of Position IDs; ``gammon.batch.from_ids`` wraps it."""

def _batch_stats(
    boards: npt.NDArray[np.int8], variant: Variant | str
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Pip counts, borne-off counts and outcomes of the rows."""

def _batch_encode(
    boards: npt.NDArray[np.int8], variant: Variant | str, encoding: str, on_roll: bool
) -> npt.NDArray[np.float32]:
    """Network inputs of the rows; ``gammon.batch.encode`` wraps it."""

def _batch_encode_into(
    boards: npt.NDArray[np.int8],
    variant: Variant | str,
    encoding: str,
    on_roll: bool,
    out: npt.NDArray[np.float32],
) -> None:
    """Network inputs of the rows written into ``out``; ``gammon.batch.encode`` wraps it."""

def _batch_trajectories(
    variant: Variant | str, policy: str | Net, seed: int, first: int, end: int
) -> dict[str, Any]:
    """Per-ply records of self-played games; ``gammon.batch.trajectories`` wraps it."""

def _batch_policy_play(
    boards: npt.NDArray[np.int8],
    dice: npt.NDArray[np.int8],
    variant: Variant | str,
    policy: str | Net,
    seed: int,
) -> npt.NDArray[np.int8]:
    """One turn per row with a built-in policy or a net: the boards after the chosen plays."""

def _batch_play_evaluated(
    evaluator: Callable[[npt.NDArray[np.float32]], npt.NDArray[np.float64]],
    variant: Variant | str,
    encoding: str,
    seed: int,
    first: int,
    end: int,
    lockstep: int,
    cube: Callable[[npt.NDArray[np.float32]], npt.NDArray[np.uint8]] | None = None,
    max_cube: int = 64,
    record: bool = False,
) -> tuple[
    npt.NDArray[np.int8],
    npt.NDArray[np.uint32],
    npt.NDArray[np.uint32],
    tuple[int, int, float, int, int],
    dict[str, Any] | None,
]:
    """Games chosen by a batched evaluator, and their plies if ``record``.

    ``gammon.batch.play_games`` and ``gammon.batch.trajectories`` wrap it.
    """

def _choose_play(plays: PlayList, policy: str, seed: int, index: int) -> int:
    """The index in ``plays`` of the play the built-in policy ``policy`` chooses."""

def _cube_decision(
    position: Position,
    policy: str | Net,
    player: Color,
    cube: Cube,
    board: MatchScore | None,
    may_redouble: bool,
) -> str:
    """One decision of a built-in cube policy or a net's: ``"double"``/``"roll"`` or an answer."""

@final
class CubeDecision:
    """A cube decision, as GNU Backgammon's cube hint gives it (``gammon.cube_decision``).

    Money equities are in points per unit of the current cube (double/pass is +1); match
    equities are normalised (EMG), with the match winning chances in ``mwc``.
    """

    @property
    def no_double(self) -> float:
        """The equity of playing on without doubling."""
    @property
    def double_take(self) -> float:
        """The equity of doubling when the opponent takes (at the current cube's scale)."""
    @property
    def double_pass(self) -> float:
        """The equity of doubling when the opponent passes: +1."""
    @property
    def equity(self) -> float:
        """The equity of the proper action."""
    @property
    def mwc(self) -> tuple[float, float, float] | None:
        """Match play: the match winning chances of no double, double/take, double/pass."""
    @property
    def action(self) -> str:
        """The proper action in GNU Backgammon's words (``"No double, take"``, ...)."""
    @property
    def doubler_action(self) -> str:
        """``"double"``, ``"no double"``, ``"too good"``, ``"dead cube"`` or ``"unavailable"``."""
    @property
    def taker_action(self) -> str:
        """``"take"``, ``"pass"`` or ``"beaver"``."""
    @property
    def should_double(self) -> bool:
        """True when doubling is right."""
    @property
    def should_take(self) -> bool:
        """True when the opponent should take a double (or beaver it)."""
    @property
    def optional(self) -> bool:
        """True when doubling and playing on are worth the same."""
    @property
    def take_point(self) -> float:
        """The taker's least cubeless winning chance to take, by the cube model."""
    @property
    def cube_life(self) -> float:
        """The cube life (efficiency) of the position in the cube model."""
    @property
    def probabilities(self) -> tuple[float, float, float, float, float]:
        """``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)``, on roll."""
    @property
    def plies(self) -> int:
        """How many plies deep the equities were searched."""
    @property
    def player(self) -> Color:
        """The player on roll."""
    @property
    def cube_value(self) -> int:
        """The cube's value."""
    @property
    def cube_owner(self) -> Color | None:
        """The cube's owner, ``None`` when centred."""
    @property
    def is_money(self) -> bool:
        """True when decided as money play."""

def _cube_decision_of(
    position: Position,
    cube: Cube,
    board: MatchScore | None = None,
    plies: int = 0,
    net: Net | None = None,
) -> CubeDecision:
    """The cube decision of the player on roll by the net (default: the shipped one)."""

def _cubeful_evaluate(
    position: Position,
    cube: Cube,
    board: MatchScore | None = None,
    plies: int = 0,
    net: Net | None = None,
) -> tuple[tuple[float, float, float, float, float, float], float, float]:
    """``(probabilities, value, normalised)`` of the position with the cube at the score."""

def _cubeful_rank(
    plays: PlayList,
    cube: Cube,
    board: MatchScore | None = None,
    plies: int = 0,
    net: Net | None = None,
) -> list[tuple[tuple[float, float, float, float, float, float], float, float]]:
    """``(probabilities, value, normalised)`` of each play with the cube, for its maker."""

@final
class Tally:
    """Streaming statistics of a rollout (exact sums in fixed point, ``ONE`` = one game)."""

    def __new__(
        cls,
        *,
        games: int,
        win: Sequence[Sequence[int]],
        draw: int,
        points: int,
        points_sq: int,
        plies: int,
        settled: int,
        luck: int = 0,
    ) -> Tally: ...
    @property
    def games(self) -> int:
        """Games counted."""
    @property
    def win(self) -> list[list[int]]:
        """Wins of each side by class, in units of 1/``ONE``."""
    @property
    def draw(self) -> int:
        """Draws, in units of 1/``ONE``."""
    @property
    def points(self) -> int:
        """Side 0's net points, in units of 1/``ONE``."""
    @property
    def luck(self) -> int:
        """Side 0's luck taken off ``points`` by variance reduction, in units of 1/``ONE``."""
    @property
    def points_sq(self) -> int:
        """The sum of the squares of side 0's per-game points, in units of 1/``ONE``²."""
    @property
    def plies(self) -> int:
        """Turns played."""
    @property
    def settled(self) -> int:
        """Games settled early."""
    @property
    def equity(self) -> float:
        """Side 0's mean net points per game (NaN for no games)."""
    @property
    def std_error(self) -> float:
        """The standard error of ``equity`` (infinite below two games)."""
    def share(self, side: int, kinds: Sequence[int]) -> float:
        """The share of games ``side`` won in one of the classes ``kinds``."""
    @property
    def draw_share(self) -> float:
        """The share of drawn games."""
    def merge(self, other: Tally) -> Tally:
        """Both tallies' games together."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MatchTally:
    """Streaming statistics of simulated matches (exact integer sums)."""

    @property
    def matches(self) -> int:
        """Matches counted."""
    @property
    def wins(self) -> tuple[int, int]:
        """Matches won by the first and the second player."""
    @property
    def games(self) -> int:
        """Games played."""
    @property
    def games_sq(self) -> int:
        """The sum of the squares of the games per match."""
    @property
    def crawford_games(self) -> int:
        """Crawford games played."""
    @property
    def drops(self) -> int:
        """Games ended by a dropped double."""
    @property
    def doubles(self) -> int:
        """Cube offers made."""
    @property
    def points(self) -> tuple[int, int]:
        """Points scored by each player."""
    @property
    def plies(self) -> int:
        """Turns played."""
    def win_share(self, side: int) -> float:
        """The share of matches ``side`` won (NaN for none)."""
    @property
    def std_error(self) -> float:
        """The standard error of ``win_share``."""
    @property
    def games_per_match(self) -> float:
        """The average games a match took (NaN for none)."""
    @property
    def games_per_match_std_error(self) -> float:
        """The standard error of ``games_per_match``."""
    def merge(self, other: MatchTally) -> MatchTally:
        """Both tallies' matches together."""
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    @staticmethod
    def _restore(
        sums: tuple[int, tuple[int, int], int, int, int, int, int, tuple[int, int], int],
    ) -> MatchTally:
        """Rebuilds a tally from the sums of ``__reduce__`` (unpickling only)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MoneyTally:
    """Streaming statistics of simulated money games (exact integer sums)."""

    @property
    def games(self) -> int:
        """Games counted."""
    @property
    def points(self) -> int:
        """The first player's net points."""
    @property
    def points_sq(self) -> int:
        """The sum of the squares of the first player's per-game points."""
    @property
    def wins(self) -> tuple[list[int], list[int]]:
        """Games borne off by each player, by class."""
    @property
    def drops(self) -> tuple[int, int]:
        """Games each player won by a dropped double."""
    @property
    def draws(self) -> int:
        """Drawn games."""
    @property
    def cube(self) -> int:
        """The sum of the cube values the games were scored at."""
    @property
    def doubles(self) -> int:
        """Cube offers made."""
    @property
    def plies(self) -> int:
        """Turns played."""
    @property
    def points_per_game(self) -> float:
        """The first player's average net points per game (NaN for none)."""
    @property
    def std_error(self) -> float:
        """The standard error of ``points_per_game``."""
    def merge(self, other: MoneyTally) -> MoneyTally:
        """Both tallies' games together."""
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    @staticmethod
    def _restore(
        sums: tuple[
            int,
            int,
            int,
            tuple[Sequence[int], Sequence[int]],
            tuple[int, int],
            int,
            int,
            int,
            int,
        ],
    ) -> MoneyTally:
        """Rebuilds a tally from the sums of ``__reduce__`` (unpickling only)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class CubefulTally:
    """Streaming statistics of a cubeful rollout (exact integer sums), player on roll's side."""

    @property
    def games(self) -> int:
        """Games counted."""
    @property
    def points(self) -> int:
        """The net points of the player on roll, cube included."""
    @property
    def points_sq(self) -> int:
        """The sum of the squares of the per-game points."""
    @property
    def wins(self) -> tuple[list[int], list[int]]:
        """Games borne off, won by the player on roll and by the opponent, by class."""
    @property
    def drops(self) -> tuple[int, int]:
        """Games won by a dropped double: by the player on roll, by the opponent."""
    @property
    def draws(self) -> int:
        """Drawn games."""
    @property
    def cube(self) -> int:
        """The sum of the cube values the games were scored at."""
    @property
    def doubles(self) -> int:
        """Cube offers made (doubles, beavers, raccoons)."""
    @property
    def doubled_games(self) -> int:
        """Games with at least one double."""
    @property
    def plies(self) -> int:
        """Turns played."""
    @property
    def points_per_game(self) -> float:
        """The mean net points per game of the player on roll (NaN for none)."""
    @property
    def std_error(self) -> float:
        """The standard error of ``points_per_game``."""
    def merge(self, other: CubefulTally) -> CubefulTally:
        """Both tallies' games together."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class RolloutRun:
    """What ``_rollout`` returns: the games played, the stop, the statistics, the outcomes."""

    @property
    def first(self) -> int:
        """The first game played."""
    @property
    def end(self) -> int:
        """One past the last game played."""
    @property
    def stop(self) -> str:
        """Why the run stopped."""
    @property
    def elapsed(self) -> float:
        """Wall-clock seconds."""
    @property
    def threads(self) -> int:
        """Worker threads used."""
    @property
    def tally(self) -> Tally:
        """The statistics of the games."""
    @property
    def outcomes(
        self,
    ) -> (
        tuple[
            npt.NDArray[np.int8],
            npt.NDArray[np.uint8],
            npt.NDArray[np.float64],
            npt.NDArray[np.uint32],
        ]
        | None
    ):
        """``(winner, kind, points, plies)`` arrays, one entry per game, or None."""

@final
class SimulationRun:
    """What ``_simulate_match`` and ``_simulate_money`` return."""

    @property
    def first(self) -> int:
        """The first match (or game) played."""
    @property
    def end(self) -> int:
        """One past the last one played."""
    @property
    def stop(self) -> str:
        """Why the run stopped."""
    @property
    def elapsed(self) -> float:
        """Wall-clock seconds."""
    @property
    def threads(self) -> int:
        """Worker threads used."""
    @property
    def tally(self) -> Any:
        """A ``MatchTally``, a ``MoneyTally`` or a ``CubefulTally``."""
    @property
    def records(self) -> tuple[npt.NDArray[Any], ...] | None:
        """The per-item records as numpy arrays, or None."""

@final
class NardySettings:
    """The settings of a Long Nardy game or series (spec §9), validated and immutable."""

    def __new__(
        cls,
        end_variant: str = "mars",
        koks: str = "off",
        last_roll: bool | str = False,
        first_move_in_series: str = "to_loser",
        first_turn_exception: str = "head_blocked",
        block_check: str = "every_step",
    ) -> NardySettings: ...
    @property
    def end_variant(self) -> str:
        """``"mars"`` or ``"oin"`` (LN-34)."""
    @property
    def koks(self) -> str:
        """``"off"``, ``"no_checker_home"`` or ``"checker_in_start_quarter"`` (LN-35)."""
    @property
    def last_roll(self) -> bool:
        """Black's extra last roll (LN-37)."""
    @property
    def first_move_in_series(self) -> str:
        """``"to_loser"`` or ``"alternate"`` (LN-11)."""
    @property
    def first_turn_exception(self) -> str:
        """``"head_blocked"`` or ``"unconditional"`` (LN-18/19, §9)."""
    @property
    def block_check(self) -> str:
        """``"every_step"`` or ``"end_of_turn"`` (LN-26, §9)."""
    def replace(
        self,
        *,
        end_variant: str = ...,
        koks: str = ...,
        last_roll: bool | str = ...,
        first_move_in_series: str = ...,
        first_turn_exception: str = ...,
        block_check: str = ...,
    ) -> NardySettings:
        """A copy with settings changed."""
    def start_position(self) -> Position:
        """The starting position (LN-6), White on roll, with these options of §9."""
    def position(self, position: Position) -> Position:
        """``position`` (Long Nardy) with these options of §9."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class GameState:
    """The Match ID's game state field (ID-4)."""

    NONE: GameState
    PLAYING: GameState
    OVER: GameState
    RESIGNED: GameState
    DROPPED: GameState
    @staticmethod
    def all() -> list[GameState]:
        """Every state, in the order of their codes."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class MatchId:
    """The fields of a gnubg Match ID (ID-4), in gammon's terms."""

    def __new__(
        cls,
        cube_value: int = 1,
        cube_owner: Color | None = None,
        turn: Color = ...,
        to_act: Color = ...,
        crawford: bool = False,
        game_state: GameState | int = ...,
        double_offered: bool = False,
        resignation: int = 0,
        dice: tuple[int, int] | None = None,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        jacoby: bool = False,
    ) -> MatchId: ...
    @staticmethod
    def parse(text: str) -> MatchId:
        """Read a Match ID (ID-4, ID-5, ID-7)."""
    @staticmethod
    def of(state: TurnState, score: tuple[int, int] | None = None) -> MatchId:
        """A game state's Match ID fields; ``score`` is the money session's."""
    @property
    def cube_value(self) -> int: ...
    @property
    def cube_owner(self) -> Color | None: ...
    @property
    def turn(self) -> Color: ...
    @property
    def to_act(self) -> Color: ...
    @property
    def crawford(self) -> bool: ...
    @property
    def game_state(self) -> GameState: ...
    @property
    def double_offered(self) -> bool: ...
    @property
    def resignation(self) -> int: ...
    @property
    def dice(self) -> tuple[int, int] | None: ...
    @property
    def match_length(self) -> int: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def jacoby(self) -> bool: ...
    @property
    def is_money(self) -> bool: ...
    def score_of(self, player: _ColorLike) -> int:
        """``player``'s score."""
    def fields(self) -> dict[str, int]:
        """The raw fields in gnubg's numbering, in bit order (ID-4)."""
    def key(self) -> bytes:
        """The 9-byte key (ID-4)."""
    def replace(self, **changes: Any) -> MatchId:
        """A copy with fields changed."""
    def __replace__(self, **changes: Any) -> MatchId: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class Xgid:
    """The fields of an XGID (XGID-1..XGID-3), in gammon's terms."""

    def __new__(
        cls,
        position: Position,
        cube_value: int = 1,
        cube_owner: Color | None = None,
        dice: tuple[int, int] | None = None,
        double_offered: bool = False,
        score: tuple[int, int] = (0, 0),
        match_length: int = 0,
        crawford: bool = False,
        jacoby: bool = False,
        beavers: bool = False,
        max_cube: int = 1024,
    ) -> Xgid: ...
    @staticmethod
    def parse(text: str, variant: _VariantLike | None = None) -> Xgid:
        """Read an XGID (XGID-1..XGID-3)."""
    @staticmethod
    def of(state: TurnState, score: tuple[int, int] | None = None) -> Xgid:
        """A game state's XGID fields; ``score`` is the money session's."""
    @property
    def position(self) -> Position: ...
    @property
    def cube_value(self) -> int: ...
    @property
    def cube_owner(self) -> Color | None: ...
    @property
    def dice(self) -> tuple[int, int] | None: ...
    @property
    def double_offered(self) -> bool: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def match_length(self) -> int: ...
    @property
    def crawford(self) -> bool: ...
    @property
    def jacoby(self) -> bool: ...
    @property
    def beavers(self) -> bool: ...
    @property
    def max_cube(self) -> int: ...
    @property
    def turn(self) -> Color: ...
    @property
    def rules(self) -> int: ...
    def replace(self, **changes: Any) -> Xgid:
        """A copy with fields changed."""
    def __replace__(self, **changes: Any) -> Xgid: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

def gnubg_player(color: _ColorLike) -> int:
    """The gnubg player number of ``color``: White is 1, Black 0 (ID-4, XGID-4)."""

def color_of_gnubg_player(player: int) -> Color:
    """The color of gnubg's player 0 or 1; raises ``InvalidInputError`` otherwise."""

def split_gnubg_id(text: str) -> tuple[str, str]:
    """Split ``PositionID:MatchID`` (ID-6); raises ``ParseError``."""

def _game_from_id(
    text: str,
    cube: CubeRules | None = None,
    *,
    crawford: bool = True,
    variant: _VariantLike | None = None,
    turn: _ColorLike | None = None,
    form: str | None = None,
) -> tuple[Position, TurnState | None, tuple[int, int]]:
    """The position a text names, and for a gnubg ID or XGID the game and its score."""

# The analysis of played games (gammon.analysis).

MAX_ANALYSIS_PLIES: Final[int]
"""The deepest search the analysis offers (2 plies, gnubg's analysis default)."""

_Probs: TypeAlias = tuple[float, float, float, float, float, float]

@final
class Candidate:
    """A checker play of a decision with its value for the mover (frozen)."""

    @property
    def play(self) -> Play:
        """The play."""
    @property
    def equity(self) -> float:
        """The mover's cubeful normalised equity after the play."""
    @property
    def probabilities(self) -> _Probs:
        """The mover's cubeless probabilities after the play."""
    @property
    def plies(self) -> int:
        """The depth the play was valued at."""

@final
class Decision:
    """One decision of a game and what the analysis made of it (frozen)."""

    @property
    def kind(self) -> str:
        """``"play"``, ``"no double"``, ``"double"``, ``"take"``, ``"drop"`` or ``"beaver"``."""
    @property
    def player(self) -> Color:
        """The player who decided."""
    @property
    def game(self) -> int:
        """The index of the game in its match (from 0)."""
    @property
    def step(self) -> int:
        """The index of the action in the game's record (from 0)."""
    @property
    def move_number(self) -> int:
        """The move number, as a ``.mat`` file numbers its lines (from 1)."""
    @property
    def position(self) -> Position:
        """The position, its player on roll (for a take or drop: the doubler)."""
    @property
    def dice(self) -> tuple[int, int] | None:
        """The roll of a checker play, larger die first; ``None`` for a cube action."""
    @property
    def cube_value(self) -> int:
        """The cube's value before the decision."""
    @property
    def cube_owner(self) -> Color | None:
        """The cube's owner before the decision (``None``: centred)."""
    @property
    def match_score(self) -> MatchScore | None:
        """The match score when the game began, or ``None`` in money play."""
    @property
    def candidates(self) -> list[Candidate]:
        """The plays valued (checker plays), best first."""
    @property
    def played(self) -> Candidate | None:
        """The played candidate (checker plays)."""
    @property
    def best(self) -> Candidate | None:
        """The best candidate (checker plays)."""
    @property
    def legal_plays(self) -> int:
        """The number of distinct legal plays (checker plays; 0 for cube actions)."""
    @property
    def no_double(self) -> float | None:
        """The doubler's normalised equity playing on (cube actions)."""
    @property
    def double_take(self) -> float | None:
        """The doubler's normalised equity after double, take (cube actions)."""
    @property
    def double_pass(self) -> float | None:
        """The doubler's normalised equity after double, pass: +1 (cube actions)."""
    @property
    def right_action(self) -> str | None:
        """The proper cube action in gnubg's words, as ``gammon.cube_decision`` words it."""
    @property
    def probabilities(self) -> _Probs | None:
        """The doubler's cubeless probabilities before the roll (cube actions)."""
    @property
    def is_close(self) -> bool | None:
        """True for a close cube decision; ``None`` for a checker play."""
    @property
    def loss(self) -> float:
        """The normalised equity lost (at least 0)."""
    @property
    def cost(self) -> float:
        """The loss in the game's unit: points (money play) or match winning chance."""
    @property
    def skill(self) -> str:
        """The mark gnubg gives: ``""``, ``"doubtful"``, ``"bad"`` or ``"very bad"``."""
    @property
    def is_error(self) -> bool:
        """True when the decision is marked doubtful or worse."""

@final
class RollLuck:
    """The luck of one roll against the average roll, gnubg's luck (frozen)."""

    @property
    def player(self) -> Color:
        """The player who rolled."""
    @property
    def game(self) -> int:
        """The index of the game in its match."""
    @property
    def step(self) -> int:
        """The index of the roll in the game's record."""
    @property
    def move_number(self) -> int:
        """The move number."""
    @property
    def dice(self) -> tuple[int, int]:
        """The roll, larger die first."""
    @property
    def opening(self) -> bool:
        """True for the opening roll."""
    @property
    def before(self) -> float:
        """The roller's normalised equity before the roll."""
    @property
    def luck(self) -> float:
        """The roll's value less the average roll's (normalised)."""
    @property
    def cost(self) -> float:
        """The luck in the game's unit."""
    @property
    def standing(self) -> float:
        """The roller's expected points (money) or match winning chance before the roll."""
    @property
    def mark(self) -> str:
        """The mark gnubg gives the roll."""

@final
class PlayerStats:
    """One player's statistics over a game or a match, as gnubg keeps them (frozen)."""

    @property
    def moves(self) -> int:
        """Checker moves, forced ones and passes included."""
    @property
    def unforced(self) -> int:
        """Moves with a choice of plays."""
    @property
    def checker_loss(self) -> float:
        """The checker plays' total loss (normalised)."""
    @property
    def checker_cost(self) -> float:
        """The checker plays' total cost (points or match winning chance)."""
    @property
    def checker_error_rate(self) -> float:
        """Loss per unforced move (normalised)."""
    @property
    def checker_cost_rate(self) -> float:
        """Cost per unforced move."""
    @property
    def checker_marks(self) -> dict[str, int]:
        """Moves by mark."""
    @property
    def cube_decisions(self) -> int:
        """Cube decisions."""
    @property
    def close_cube(self) -> int:
        """Close cube decisions (gnubg's "close or actual")."""
    @property
    def doubles(self) -> int:
        """Doubles made."""
    @property
    def takes(self) -> int:
        """Doubles taken (beavers included)."""
    @property
    def drops(self) -> int:
        """Doubles dropped."""
    @property
    def cube_errors(self) -> dict[str, tuple[int, float, float]]:
        """Cube errors by kind: ``{kind: (count, loss, cost)}``."""
    @property
    def cube_loss(self) -> float:
        """The cube actions' total loss (normalised)."""
    @property
    def cube_cost(self) -> float:
        """The cube actions' total cost."""
    @property
    def cube_error_rate(self) -> float:
        """Loss per close cube decision (normalised)."""
    @property
    def cube_cost_rate(self) -> float:
        """Cost per close cube decision."""
    @property
    def overall_error_rate(self) -> float:
        """Loss per unforced move and close cube decision (normalised)."""
    @property
    def overall_cost_rate(self) -> float:
        """Cost per unforced move and close cube decision."""
    @property
    def rating(self) -> str | None:
        """The rating gnubg gives the overall error rate, or ``None`` without a decision."""
    @property
    def rolls(self) -> int:
        """Rolls."""
    @property
    def luck(self) -> float:
        """The rolls' total luck (normalised)."""
    @property
    def luck_cost(self) -> float:
        """The luck in the game's unit."""
    @property
    def luck_marks(self) -> dict[str, int]:
        """Rolls by mark."""
    @property
    def result(self) -> float:
        """Points won (money) or match winning chance gained (a match)."""
    @property
    def luck_adjusted(self) -> float:
        """The result less the player's luck and plus the opponent's."""
    def as_dict(self) -> dict[str, float]:
        """The statistics as a ``dict`` of numbers."""

@final
class GameAnalysis:
    """One game analysed (frozen)."""

    @property
    def index(self) -> int:
        """The index of the game in its match (from 0)."""
    @property
    def decisions(self) -> list[Decision]:
        """The decisions, in the order they were taken."""
    @property
    def rolls(self) -> list[RollLuck]:
        """The rolls' luck, in order."""
    @property
    def result(self) -> GameResult | None:
        """How the game ended, or ``None`` when the record stops before the end."""
    @property
    def match_score(self) -> MatchScore | None:
        """The match score when the game began, or ``None`` in money play."""
    def stats(self, player: _ColorLike) -> PlayerStats:
        """The statistics of ``player`` in this game."""
    @property
    def white(self) -> PlayerStats:
        """White's statistics in this game."""
    @property
    def black(self) -> PlayerStats:
        """Black's statistics in this game."""
    def worst(
        self, n: int = 10, *, kind: str | None = None, errors: bool = False
    ) -> list[Decision]:
        """The worst ``n`` decisions of the game, the greatest loss first."""

@final
class MatchAnalysis:
    """A match or money session analysed (frozen)."""

    @property
    def games(self) -> list[GameAnalysis]:
        """The games, in order."""
    @property
    def length(self) -> int:
        """The match length (0 for money play)."""
    @property
    def names(self) -> tuple[str, str]:
        """The players' names, ``(white, black)``."""
    @property
    def plies(self) -> int:
        """The depth of the analysis."""
    @property
    def decisions(self) -> list[Decision]:
        """Every decision of every game, in order."""
    def stats(self, player: _ColorLike) -> PlayerStats:
        """The statistics of ``player`` over the match."""
    @property
    def white(self) -> PlayerStats:
        """White's statistics over the match."""
    @property
    def black(self) -> PlayerStats:
        """Black's statistics over the match."""
    def worst(
        self, n: int = 10, *, kind: str | None = None, errors: bool = False
    ) -> list[Decision]:
        """The worst ``n`` decisions of the match, the greatest loss first."""
    def __len__(self) -> int: ...

def _analyze_matches(
    matches: Sequence[Sequence[object]],
    names: Sequence[tuple[str, str]],
    lengths: Sequence[int],
    plies: int,
    net: Net | None = None,
    threads: int = 0,
    callback: Callable[[int, int, float], object] | None = None,
) -> list[MatchAnalysis]: ...
def _analysis_arrays(analyses: Sequence[MatchAnalysis]) -> dict[str, npt.NDArray[np.float64]]: ...
