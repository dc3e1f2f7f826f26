"""Type stubs for the compiled module ``gammon._core`` (import from ``gammon``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, Literal, Union, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Self, TypeAlias, disjoint_base

from gammon.cube import ResignLevel

__all__ = [
    "BUILTIN_CUBE_POLICIES",
    "BUILTIN_POLICIES",
    "DECISION_KINDS",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_GAME_CHUNK",
    "DEFAULT_MATCH_CHUNK",
    "DEFAULT_MAX_CUBE",
    "ENCODING_UNITS",
    "EVALUATORS",
    "FIBS_FIELDS",
    "FIBS_UNLIMITED_MATCH",
    "KIND_NAMES",
    "MANY_CHECKPOINT_FORMAT",
    "MATCH_FILE_SETTINGS",
    "MATCH_ID_LEN",
    "MAX_ANALYSIS_PLIES",
    "MAX_AUTO_DOUBLES",
    "MAX_CUBE_LIMIT",
    "MAX_PLAYS",
    "MAX_PLIES",
    "MAX_THREADS",
    "MIN_GAMES_FOR_TARGET",
    "MONEY_KIND_NAMES",
    "ONE",
    "READ_CUBE_RULES",
    "ROLLOUT_CHECKPOINT_FORMAT",
    "SKILLS",
    "TRUNCATIONS",
    "WIN_KINDS",
    "XGID_POSITION_LEN",
    "Accept",
    "BearoffEvaluation",
    "Beaver",
    "Candidate",
    "Color",
    "Cube",
    "CubeDecision",
    "CubeOffer",
    "CubeRolloutResult",
    "CubeRules",
    "CubefulRolloutResult",
    "CubefulTally",
    "Decision",
    "Decline",
    "Double",
    "Drop",
    "EmptyPlay",
    "Ending",
    "Evaluation",
    "FibsBoard",
    "FibsState",
    "GameAnalysis",
    "GameOutcomes",
    "GameResult",
    "GameState",
    "Hint",
    "LegalPlaysBuffer",
    "ManyRolloutResult",
    "Match",
    "MatchAnalysis",
    "MatchEquityTable",
    "MatchId",
    "MatchRecords",
    "MatchResult",
    "MatchScore",
    "MatchTally",
    "MoneyRecords",
    "MoneyResult",
    "MoneySession",
    "MoneyTally",
    "Move",
    "NardySettings",
    "Net",
    "OneSided",
    "Outcome",
    "OutcomeDistribution",
    "Play",
    "PlayList",
    "PlayerStats",
    "Position",
    "Raccoon",
    "RankedPlay",
    "Resign",
    "Resignation",
    "Roll",
    "RollLuck",
    "RolloutResult",
    "RolloutSetup",
    "SimulationSetup",
    "TableInfo",
    "Take",
    "Tally",
    "TurnState",
    "Variant",
    "Xgid",
    "_GameBase",
    "__version__",
    "_analysis_arrays",
    "_analyze_matches",
    "_batch_boards",
    "_batch_encode",
    "_batch_flip",
    "_batch_from_ids",
    "_batch_legal_plays",
    "_batch_play_evaluated",
    "_batch_policy_play",
    "_batch_positions",
    "_batch_stats",
    "_batch_to_ids",
    "_batch_trajectories",
    "_batch_validate",
    "_bearoff_two_sided",
    "_check_checkpoint_path",
    "_checkpoint_kind",
    "_choose_play",
    "_cube_decision",
    "_cube_rules",
    "_decision_arrays",
    "_default_cube_policy",
    "_default_policy",
    "_env_apply",
    "_env_best",
    "_env_masks",
    "_env_observe",
    "_file_settings",
    "_game_from_id",
    "_match_score",
    "_missing_ranges",
    "_money_session",
    "_move_from_parts",
    "_outcome_from_parts",
    "_play_cube_rollout",
    "_play_from_text",
    "_play_many",
    "_play_rollout",
    "_position_from_state",
    "_position_seeds",
    "_prune_keep",
    "_ranked_plays",
    "_read_checkpoint_file",
    "_read_cube_rollout_checkpoint",
    "_read_file_settings",
    "_read_many_checkpoint",
    "_read_many_file",
    "_read_rollout_checkpoint",
    "_read_simulation_file",
    "_replay_match_file",
    "_resign_level",
    "_simulate_match",
    "_simulate_money",
    "_simulated_games",
    "_split_ranges",
    "_stakes",
    "_turn_state",
    "_write_checkpoint_file",
    "bearoff_build",
    "bearoff_cache_dir",
    "bearoff_evaluate",
    "bearoff_one_sided",
    "color_of_gnubg_player",
    "cube_decision",
    "cubeless_equity",
    "evaluate",
    "find_variant",
    "gnubg_player",
    "hint",
    "money_equity",
    "parse_action",
    "split_gnubg_id",
]

__version__: Final[str]
DEFAULT_MAX_CUBE: Final[int]
"""The default cap on the cube value: the largest face of a physical cube (CUBE-10)."""
MAX_AUTO_DOUBLES: Final[int]
"""The largest automatic-doubles limit gnubg accepts (CUBE-20)."""
MAX_CUBE_LIMIT: Final[int]
"""The largest cube value: the Match ID's 4-bit log2 field (CUBE-10, ID-4)."""
READ_CUBE_RULES: Final[CubeRules]
"""The cube rules a match file is replayed with when it does not say otherwise."""
MATCH_FILE_SETTINGS: Final[tuple[tuple[str, str, bool], ...]]
"""The cube settings a match file can state: ``(name in the file, CubeRules field, money only)``."""
MATCH_ID_LEN: Final[int]
"""Characters in a Match ID (ID-4)."""
XGID_POSITION_LEN: Final[int]
"""Characters in the board field of an XGID (XGID-2)."""
FIBS_FIELDS: Final[int]
"""Fields in a FIBS board string, ``board`` included."""
FIBS_UNLIMITED_MATCH: Final[int]
"""The match length FIBS writes for an unlimited match (money play)."""

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
MAX_PLAYS: Final[int]
"""An upper bound on the distinct legal plays of any roll in any variant (MOVE-9)."""
ENCODING_UNITS: Final[dict[str, int]]
"""Units per board of each input encoding, by name."""
MAX_THREADS: Final[int]
"""The most worker threads a run may ask for."""
MIN_GAMES_FOR_TARGET: Final[int]
"""Games played before a target standard error may stop a run."""
BUILTIN_CUBE_POLICIES: Final[tuple[str, ...]]
"""The names of the cube policies built into the core."""
MONEY_KIND_NAMES: Final[tuple[str, ...]]
"""The names of the classes of ``MoneyRecords.kind``, by index."""

# Argument types accepted by the API. Private names: they exist only in this stub.
BUILTIN_POLICIES: Final[list[str]]
"""The names of the checker policies built into the core."""
TRUNCATIONS: Final[list[str]]
"""The truncation rules of a rollout: ``"none"``, ``"bearoff"``, ``"bearoff-one-sided"``."""
EVALUATORS: Final[list[str]]
"""The built-in position evaluators of ``truncate_after`` and ``variance_reduction``."""
KIND_NAMES: Final[list[str]]
"""Names of the result classes, indexed as in ``GameOutcomes.kind``."""
ROLLOUT_CHECKPOINT_FORMAT: Final[str]
"""The format of the checkpoint file of one rollout."""
MANY_CHECKPOINT_FORMAT: Final[str]
"""The format of the checkpoint file of a comparison on common dice."""

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
class Match:
    """A match to ``length`` points (MATCH-1): its :class:`MatchScore` and the games played.

    ``score`` is ``(white, black)``. ``crawford`` turns the Crawford rule on (the default,
    MATCH-3). The state of the Crawford rule is normally derived by :meth:`record`; for a match
    set up at some score, ``crawford_game=True`` marks the next game as the Crawford game
    (MATCH-4: the flag comes from the state, never from the score alone), and
    ``post_crawford`` says whether the Crawford game lies behind. By default a match set up
    with a player at ``length - 1`` and no Crawford flag is post-Crawford. The score and the
    Crawford state are the core's :class:`MatchScore`; this class adds the games.

    Immutable, hashable and picklable.

    Raises :class:`~gammon.InvalidInputError` naming the rule for a length outside
    1..32767 (MATCH-1, ID-7), a bad score, a Crawford flag without exactly one player at
    ``length - 1`` or with the rule off (MATCH-3), or a post-Crawford flag the score cannot
    have reached (MATCH-4).
    """

    def __new__(
        cls,
        length: int,
        score: tuple[int, int] = (0, 0),
        *,
        crawford: bool = True,
        crawford_game: bool = False,
        post_crawford: bool | None = None,
        games: tuple[GameResult, ...] = (),
    ) -> Match: ...
    @staticmethod
    def _wrap(state: MatchScore, games: tuple[GameResult, ...] | None = None) -> Match: ...
    @property
    def match_score(self) -> MatchScore:
        """The score and Crawford state, without the games."""
    @property
    def length(self) -> int:
        """The points needed to win (MATCH-1)."""
    @property
    def score(self) -> tuple[int, int]:
        """The score as ``(white, black)``; after the last game it may pass the length."""
    @property
    def crawford(self) -> bool:
        """True when the Crawford rule is in force (MATCH-3)."""
    @property
    def is_crawford_game(self) -> bool:
        """True when the next game is the Crawford game: no doubling in it (MATCH-3)."""
    @property
    def is_post_crawford(self) -> bool:
        """True once the Crawford game is behind, or set up as such (MATCH-4)."""
    @property
    def games(self) -> tuple[GameResult, ...]:
        """The results recorded so far, in order."""
    @property
    def is_over(self) -> bool:
        """True once a player has reached the length (MATCH-1)."""
    @property
    def winner(self) -> Color | None:
        """The player who won the match, or ``None`` while it goes on (MATCH-1)."""
    def score_of(self, player: Color | str) -> int:
        """Return ``player``'s score."""
    def away(self, player: Color | str) -> int:
        """Return the points ``player`` still needs (0 once they have won)."""
    def record(self, result: GameResult) -> Match:
        """Return the match after a game ended with ``result``; see :meth:`MatchScore.record`.

        Raises :class:`~gammon.InvalidInputError` when the match is already over (MATCH-1) or
        ``result`` is not a :class:`~gammon.GameResult`.
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class MoneySession:
    """A money session: independent games, each result added to the winner's total.

    The rule is MONEY-1. ``score`` is ``(white, black)``, the points each has won (as in the
    Match ID, match length 0). There is no Crawford rule and the session never ends.

    Immutable, hashable and picklable.

    Raises :class:`~gammon.InvalidInputError` for a bad score.
    """

    def __new__(
        cls, score: tuple[int, int] = (0, 0), *, games: tuple[GameResult, ...] = ()
    ) -> MoneySession: ...
    length: Final[int]
    """Money play has no length (the Match ID writes 0, MONEY-1)."""
    is_crawford_game: Final[bool]
    """Money play has no Crawford rule (MONEY-1)."""
    is_over: Final[bool]
    """A money session never ends by itself."""
    match_score: Final[None]
    """Money play has no match score (as a ``TurnState`` of a money game)."""
    @property
    def score(self) -> tuple[int, int]:
        """The points won so far as ``(white, black)``."""
    @property
    def games(self) -> tuple[GameResult, ...]:
        """The results recorded so far, in order."""
    def score_of(self, player: Color | str) -> int:
        """Return the points ``player`` has won."""
    def net(self, player: Color | str) -> int:
        """Return ``player``'s balance: points won minus points lost."""
    def points_per_game(self, player: Color | str) -> float:
        """Return ``player``'s average balance per game recorded.

        Raises :class:`~gammon.InvalidInputError` before any game is recorded.
        """
    def record(self, result: GameResult) -> MoneySession:
        """Return the session after a game ended with ``result`` (MONEY-1).

        Totals saturate at the Match ID's 15-bit limit.

        Raises :class:`~gammon.InvalidInputError` when ``result`` is not a
        :class:`~gammon.GameResult`.
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def _money_session(score: tuple[int, int], games: tuple[GameResult, ...]) -> MoneySession:
    """Rebuilds a pickled ``MoneySession``."""

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
    def act(self, action: Play | str, player: _ColorLike | None = None) -> TurnState:
        """After a ``Play`` or an action word other than ``"roll"`` (``player`` resigning)."""
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

class _ActionWord:
    word: Final[str]
    def __new__(cls) -> Self: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class Double(_ActionWord):
    """Offer a double before rolling (CUBE-3, CUBE-4)."""

@final
class Take(_ActionWord):
    """Take the pending double (CUBE-5)."""

@final
class Drop(_ActionWord):
    """Drop (pass) the pending double: the game ends (CUBE-6)."""

@final
class Beaver(_ActionWord):
    """Take the double and redouble at once, keeping the cube (CUBE-12; money play)."""

@final
class Raccoon(_ActionWord):
    """Answer a beaver by redoubling again, keeping the cube (CUBE-13; money play)."""

@final
class Accept(_ActionWord):
    """Accept the pending resignation: the game ends (RESIGN-2)."""

@final
class Decline(_ActionWord):
    """Decline the pending resignation: play goes on (RESIGN-3)."""

@final
class EmptyPlay(_ActionWord):
    """The empty play, when the roll cannot be played at all (MOVE-8, BAR-4)."""

@final
class Roll:
    """Roll the dice (BG-12).

    ``dice`` is the roll, or ``None`` for "roll at random" in ``Game.legal_actions`` and
    ``Game.push``. At the opening roll the pair is ``(White's die, Black's die)`` (BG-10);
    later it is the roller's two dice. Raises ``InvalidDiceError`` for dice that are not a
    pair of 1-6.
    """

    def __new__(cls, dice: tuple[int, int] | Sequence[int] | None = None) -> Roll: ...
    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice rolled, or ``None`` for a roll at random."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class Resign:
    """Offer to resign at ``level`` (RESIGN-1); in Long Nardy, surrender (LN-36).

    ``player`` is who resigns: ``None`` for the player to act. Raises ``InvalidInputError``
    for a level other than 1-3 or its name, or a ``player`` that is not a ``Color``.
    """

    def __new__(
        cls, level: ResignLevel | int | str = ..., player: Color | None = None
    ) -> Resign: ...
    @property
    def level(self) -> ResignLevel:
        """What the resignation gives up."""
    @property
    def player(self) -> Color | None:
        """Who resigns, or ``None`` for the player to act."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

_Action: TypeAlias = Union[
    Play, Roll, Double, Take, Drop, Beaver, Raccoon, Resign, Accept, Decline, EmptyPlay
]

def parse_action(text: str) -> _Action | None:
    """Read the action a word names (``"roll 31"``, ``"double"``...), or return ``None``.

    Raises ``ParseError`` for ``roll`` or ``resign`` with a bad argument.
    """

def _resign_level(value: object) -> int: ...
def _prune_keep(prune: object = None) -> int | None: ...

@final
class MatchEquityTable:
    """A match equity table: the chance of winning a match from a score.

    Attributes:
        name: the table's name.
        description: where its numbers come from.
        pre_crawford: ``pre_crawford[a - 1][b - 1]`` is the chance that a player ``a`` away
            beats an opponent ``b`` away, before the Crawford game or in it (a player 1 away
            before a game of the pre-Crawford table is playing the Crawford game).
        post_crawford: ``post_crawford[a - 1]`` is the chance that a trailer ``a`` away beats
            a leader 1 away after the Crawford game.
        source: the file the table was read from, or another note on its origin.

    Raises :class:`~gammon.InvalidInputError` for an empty or non-square pre-Crawford table,
    a post-Crawford row of another length, or a value outside 0..1.

    """

    def __new__(
        cls,
        name: str,
        description: str,
        pre_crawford: Sequence[Sequence[float]],
        post_crawford: Sequence[float],
        source: str = "",
    ) -> Self: ...
    @property
    def name(self) -> str:
        """The table's name."""
    @property
    def description(self) -> str:
        """Where its numbers come from."""
    @property
    def pre_crawford(self) -> tuple[tuple[float, ...], ...]:
        """``pre_crawford[a - 1][b - 1]``: ``a`` away against ``b`` away, Crawford or before."""
    @property
    def post_crawford(self) -> tuple[float, ...]:
        """``post_crawford[a - 1]``: a trailer ``a`` away against a leader 1 away after it."""
    @property
    def source(self) -> str:
        """The file the table was read from, or another note on its origin."""
    @property
    def length(self) -> int:
        """The largest number of points away the table covers."""
    def __getnewargs__(
        self,
    ) -> tuple[str, str, tuple[tuple[float, ...], ...], tuple[float, ...], str]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def mwc(self, away: int, opponent_away: int, *, post_crawford: bool = False) -> float:
        """Return the chance that a player ``away`` points away wins the match.

        The opponent is ``opponent_away`` points away; the game is about to start.
        ``post_crawford`` says the Crawford game is behind; a player 1 away in a game that is
        not post-Crawford is playing the Crawford game. A player 0 (or fewer) away has won:
        1.0; an opponent 0 away has: 0.0.

        Raises :class:`~gammon.InvalidInputError` for an away count beyond the table or not
        an int.
        """
    def game_mwc(
        self,
        wins: Sequence[float],
        losses: Sequence[float],
        away: object,
        cube: int,
        crawford: bool,
    ) -> float:
        """The chance that the player on roll wins the match from this game's shares."""

@disjoint_base
class _GameBase:
    """``gammon.Game``'s base: what a game reads from ``_board``, ``_state``, ``_settings``."""

    _board: Match | MoneySession
    _state: TurnState
    _settings: NardySettings | None
    def __new__(cls, *args: Any, **kwargs: Any) -> Self: ...
    @staticmethod
    def _setup(
        match: Match | None = None,
        cube: CubeRules | Cube | None = None,
        *,
        session: MoneySession | None = None,
        position: Position | None = None,
        variant: _VariantLike | None = None,
        dice: tuple[int, int] | None = None,
        settings: NardySettings | None = None,
    ) -> tuple[Match | MoneySession, TurnState, NardySettings | None]: ...
    @property
    def state(self) -> TurnState:
        """The core's turn state the game is in (the position, dice, cube, offers, result)."""
    @property
    def position(self) -> Position:
        """The position; its ``turn`` is the player on roll."""
    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice of the player on roll, larger first, or ``None`` before rolling."""
    @property
    def cube(self) -> Cube:
        """The cube: value, owner, any pending offer, and the rules that apply."""
    @property
    def cube_rules(self) -> CubeRules:
        """The cube rules that apply in this game (money-only options off in a match)."""
    @property
    def match(self) -> Match | MoneySession:
        """The match or money session as it stood when this game began."""
    @property
    def settings(self) -> NardySettings | None:
        """The Long Nardy settings of §9, or ``None`` for backgammon."""
    @property
    def in_extra_turn(self) -> bool:
        """True while Black plays the extra last roll of Long Nardy (LN-37)."""
    @property
    def is_money(self) -> bool:
        """True in money play."""
    @property
    def is_crawford_game(self) -> bool:
        """True if this is the Crawford game of its match: no doubling (MATCH-3)."""
    @property
    def turn(self) -> Color:
        """The player on roll (gnubg's ``fMove``), as ``Position.turn``.

        The player whose turn it is, also while the opponent answers their double or
        resignation; ``to_act`` names the player who must act.
        """
    @property
    def to_act(self) -> Color:
        """The player who must act now (gnubg's ``fTurn``).

        The player on roll, or the opponent while a double or resignation awaits an answer.
        At the opening roll, White stands for both players. After the end it is the player
        gnubg leaves to act: the loser after a bear-off, the dropper, the accepter.
        """
    @property
    def is_opening(self) -> bool:
        """True until the opening roll has decided who moves first (BG-10)."""
    @property
    def resignation(self) -> Resignation | None:
        """The resignation awaiting an answer, if any (RESIGN-1)."""
    @property
    def declined_resignation(self) -> Resignation | None:
        """The declined offer still remembered, if any (RESIGN-3)."""
    @property
    def result(self) -> GameResult | None:
        """The result once the game is over, else ``None``."""
    @property
    def is_over(self) -> bool:
        """True once the game has ended (BG-14)."""
    def legal_actions(self, *, resignations: bool = False) -> list[_Action]:
        """List everything the player to act (``turn``) may do now.

        In a fixed order (the core's, ``TurnState.legal_actions``):

        - at the opening: ``[Roll()]`` (BG-10);
        - facing a double: ``Take()``, ``Drop()``, and ``Beaver()`` / ``Raccoon()`` where
          allowed (CUBE-4, CUBE-12, CUBE-13);
        - facing a resignation: ``Accept()``, ``Decline()`` (RESIGN-2, RESIGN-3);
        - before rolling: ``Roll()``, ``Double()`` when allowed (CUBE-2, CUBE-3);
        - after rolling: the legal plays (or ``[EmptyPlay()]`` when the roll cannot be
          played, MOVE-8);
        - after the end: nothing.

        ``Roll()`` stands for a random roll: pushing it rolls with the game's dice.
        ``resignations=True`` adds the offers to resign where allowed (RESIGN-1; Long Nardy's
        surrender, LN-36) before rolling and after rolling. They are left out by default, so
        that an agent choosing at random from this list plays the game instead of resigning.
        """
    def is_legal(self, action: _Action | str) -> bool:
        """Tell whether ``push`` would accept ``action`` now (the core checks it)."""
    def can_double(self) -> bool:
        """Tell whether the player on roll may double now (CUBE-2, CUBE-3, MATCH-3...)."""
    def _action(self, action: _Action | str) -> _Action: ...
    def _next(self, action: _Action) -> TurnState: ...
    def next_match(self) -> Match | MoneySession:
        """Return the match or session with this game's result recorded (MATCH-1, MONEY-1).

        Raises ``IllegalActionError`` while the game is in progress.
        """
    @property
    def match_id_fields(self) -> MatchId:
        """The state as the fields of gnubg's Match ID (ID-4)."""
    @property
    def match_id(self) -> str:
        """The gnubg Match ID of the current state (ID-4, ID-5)."""
    @property
    def gnubg_id(self) -> str:
        """The gnubg combined ``PositionID:MatchID`` (ID-6)."""
    @property
    def xgid_fields(self) -> Xgid:
        """The state as the fields of an XGID (XGID-1..XGID-3); see ``Xgid.of``.

        Raises ``InvalidInputError`` while a beaver or raccoon awaits an answer (XGID-3).
        """
    @property
    def xgid(self) -> str:
        """The XGID of the current state (XGID-1)."""
    @classmethod
    def from_gnubg_id(
        cls,
        gnubg_id: str,
        cube: CubeRules | None = None,
        *,
        crawford: bool = True,
        variant: _VariantLike | None = None,
        seed: int | None = None,
    ) -> Self:
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

        Raises ``ParseError`` for an unreadable ID, ``InvalidPositionError`` for an
        impossible board, and ``InvalidInputError`` for a finished game (only a game in play
        can be set up) or a state the rules forbid.
        """
    @classmethod
    def from_xgid(
        cls,
        xgid: str,
        cube: CubeRules | None = None,
        *,
        crawford: bool = True,
        variant: _VariantLike | None = None,
        seed: int | None = None,
    ) -> Self:
        """Set up the game an XGID describes (XGID-1..XGID-4).

        The XGID's Jacoby, beaver and cube limit fields override ``cube``, which supplies
        the rest; ``crawford`` says whether the match uses the Crawford rule.

        Raises ``ParseError`` for an unreadable XGID, ``InvalidPositionError`` for an
        impossible board, and ``InvalidInputError`` for a state the rules forbid.
        """
    @classmethod
    def from_id(
        cls,
        text: str,
        cube: CubeRules | None = None,
        *,
        crawford: bool = True,
        variant: _VariantLike | None = None,
        turn: _ColorLike | None = None,
        seed: int | None = None,
    ) -> Self:
        """Set up the game a text describes, in whichever form it is written.

        A gnubg ID ``PositionID:MatchID`` as ``from_gnubg_id`` reads it (ID-6), an XGID as
        ``from_xgid`` reads it (XGID-1), or a Position ID (ID-1..ID-3; a Long Nardy ID too):
        a money game from that position, ``turn`` on roll (default White) and about to roll.
        ``turn`` may not contradict a gnubg ID or an XGID, which say who is on roll.

        Raises ``ParseError`` for a text that is none of these forms (the message names
        them), and the errors of ``from_gnubg_id`` and ``from_xgid``.
        """

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

_Players: TypeAlias = tuple[tuple[object, object], tuple[object, object]]
#: The players' searches: ``(plies, cube_plies, prune)``, each (first player, second player);
#: a ``prune`` of None is the default.
_Depths: TypeAlias = tuple[tuple[int, int], tuple[int, int], tuple[int | None, int | None]]

def _cube_rules(cube_rules: object = None) -> CubeRules:
    """``cube_rules`` of a run as a ``CubeRules`` (the defaults for ``None``).

    Raises ``InvalidInputError`` for anything else than a ``CubeRules`` or ``None``.
    """

def _simulate_match(
    variant: _VariantLike | None,
    length: int,
    crawford: bool,
    players: _Players,
    cube_rules: CubeRules,
    first: int,
    end: int,
    *,
    names: tuple[str, str],
    player_objects: Any,
    seed: int,
    record: bool,
    threads: int | None = None,
    chunk_size: int = ...,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
    base: MatchResult | None = None,
    depths: _Depths = ...,
) -> MatchResult:
    """Plays matches ``first``..``end`` of a simulation; ``gammon.simulate_match`` drives it."""

def _simulate_money(
    variant: _VariantLike | None,
    players: _Players,
    cube_rules: CubeRules,
    first: int,
    end: int,
    *,
    names: tuple[str, str],
    player_objects: Any,
    seed: int,
    record: bool,
    threads: int | None = None,
    chunk_size: int = ...,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: Callable[[int, int, float, float, float], object] | None = None,
    base: MoneyResult | None = None,
    depths: _Depths = ...,
) -> MoneyResult:
    """Plays money games ``first``..``end``; ``gammon.simulate_money`` drives it."""

def _replay_match_file(
    length: int,
    variant: Variant | str,
    rules: CubeRules,
    crawford: bool | None,
    jacoby: bool | None,
    stated_by: str,
    unreduced: bool,
    games: Sequence[
        tuple[
            int,
            int | None,
            tuple[int, int] | None,
            int | None,
            Sequence[
                tuple[str, Color, tuple[int, int] | None, str | None, int, int, int | None, str]
            ],
        ]
    ],
) -> tuple[bool, CubeRules, list[tuple[list[Any], list[TurnState]]]]:
    """Replays the games a match file reader parsed; ``gammon.matchfile.replay_file`` drives it."""

def _file_settings(
    rules: CubeRules, crawford: bool | None, base: CubeRules
) -> list[tuple[str, str]]:
    """The settings a match file of a record with ``rules`` states."""

def _read_file_settings(
    settings: Sequence[tuple[str, str]], base: CubeRules
) -> tuple[CubeRules, bool | None]:
    """Reads the settings a match file states over ``base``."""

@overload
def _simulated_games(
    variant: Variant,
    players: _Players,
    cube_rules: CubeRules,
    seed: int,
    index: int,
    length: int | None = None,
    crawford: bool = True,
    depths: _Depths = ...,
    events: Literal[False] = False,
) -> list[tuple[list[Any], list[TurnState]]]:
    """Each game of match (or money game) ``index`` of a simulation as ``(actions, states)``."""

@overload
def _simulated_games(
    variant: Variant,
    players: _Players,
    cube_rules: CubeRules,
    seed: int,
    index: int,
    length: int | None = None,
    crawford: bool = True,
    depths: _Depths = ...,
    *,
    events: Literal[True],
) -> list[list[tuple[Any, ...]]]:
    """Every event of the game loop of match (or money game) ``index``, one list per game."""

@final
class BearoffEvaluation:
    """The cubeless value of a bear-off position for the player on roll.

    ``exact`` is True when it comes from the two-sided table (both sides fit it and each has a
    checker off, so no gammon is possible); otherwise the two sides' one-sided distributions
    are combined as if independent, as GNU Backgammon does. No backgammon is possible once every
    checker is home. In Long Nardy the gammons are Mars (LN-33) and ``draw`` is the chance of
    the draw of LN-37. Immutable, comparable, hashable and picklable.
    """

    def __new__(
        cls,
        win: float,
        lose: float,
        win_gammon: float,
        lose_gammon: float,
        draw: float,
        equity: float,
        exact: bool,
    ) -> BearoffEvaluation: ...
    @property
    def win(self) -> float:
        """The probability that the player on roll wins."""
    @property
    def lose(self) -> float:
        """The probability that the opponent wins."""
    @property
    def win_gammon(self) -> float:
        """The probability of a win by a gammon (a Mars in Long Nardy), included in ``win``."""
    @property
    def lose_gammon(self) -> float:
        """The probability of a loss by a gammon (a Mars in Long Nardy), included in ``lose``."""
    @property
    def draw(self) -> float:
        """The chance of Long Nardy's draw of the last roll (LN-37); otherwise 0."""
    @property
    def equity(self) -> float:
        """The expected points of the player on roll.

        A gammon or Mars counts 2 except under Long Nardy's ``oin`` scoring.
        """
    @property
    def exact(self) -> bool:
        """True when the value comes from the two-sided table."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class OneSided:
    """One side's one-sided figures: how many rolls it needs to bear off.

    Immutable, comparable, hashable and picklable.
    """

    def __new__(
        cls,
        board: Sequence[int],
        mean_rolls: float,
        all_off: Sequence[float],
        first_off: Sequence[float],
    ) -> OneSided: ...
    @property
    def board(self) -> tuple[int, int, int, int, int, int]:
        """Checkers on points 1..6."""
    @property
    def mean_rolls(self) -> float:
        """Expected rolls to bear every checker off."""
    @property
    def all_off(self) -> tuple[float, ...]:
        """``all_off[n]``: probability of needing exactly ``n`` rolls to bear every checker off."""
    @property
    def first_off(self) -> tuple[float, ...]:
        """``first_off[n]``: probability of needing exactly ``n`` rolls to bear off the first.

        The first checker, for gammons.
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class TableInfo:
    """Where a table lives and how it was obtained."""

    @property
    def kind(self) -> str:
        """``"one-sided"`` or ``"two-sided"``."""
    @property
    def size(self) -> str:
        """Its size in words (for example ``"8 checkers a side"``)."""
    @property
    def path(self) -> str | None:
        """Its file, or None when no cache directory could be found (kept in memory only)."""
    @property
    def bytes(self) -> int:
        """The file's size."""
    @property
    def origin(self) -> str:
        """``"loaded"``, ``"built"``, or ``"rebuilt (reason)"`` when the file failed a check."""
    @property
    def build_seconds(self) -> float:
        """Seconds spent building it (0 when loaded)."""
    @property
    def write_error(self) -> str | None:
        """Why the file could not be written, if it could not."""
    def __eq__(self, other: object, /) -> bool: ...

def bearoff_evaluate(position: Position, nardy: NardySettings | None = None) -> BearoffEvaluation:
    """The cubeless value of ``position`` for the player on roll (``gammon.bearoff.evaluate``).

    Backgammon variants: every checker of both players home. Long Nardy: a race ending, both
    players with every checker in their home (own points 1 to 6; then no checker can meet an
    opposing one again), scored under ``nardy`` (default ``NardySettings()``: Mars counts 2, no
    last roll; Koks cannot happen in a race ending). White is the player who started (LN-8).

    Raises :class:`~gammon.errors.NotBearoffError` when a checker of either player is outside
    its home board or on the bar (OFF-1, LN-28), or when the game is over;
    :class:`~gammon.errors.InvalidInputError` for an argument of the wrong type, or ``nardy``
    settings with a backgammon position.
    """

def bearoff_one_sided(board: Any, player: Any = None) -> OneSided:
    """The one-sided figures of one side's home board (``gammon.bearoff.one_sided``).

    ``board``: six checker counts for points 1 to 6 (at most 15 in all); or a
    :class:`~gammon.Position` and ``player`` (a :class:`~gammon.Color` or ``"white"`` /
    ``"black"``; default the player on roll), whose checkers must all be home.

    Raises :class:`~gammon.errors.NotBearoffError` for a position with a checker outside the
    home board (OFF-1) and :class:`~gammon.errors.InvalidInputError` for a bad board or one
    with no checker left.
    """

def _bearoff_two_sided(me: Sequence[int], opponent: Sequence[int]) -> float | None:
    """The two-sided table's win probability for ``me`` on roll, or None when out of range."""

def bearoff_cache_dir() -> str | None:
    """The directory the tables are cached in, or None when none can be found."""

def bearoff_build(two_sided_checkers: int | None = None) -> list[TableInfo]:
    """Loads the shared tables, building and caching any that is missing or fails a check.

    With ``two_sided_checkers``, also builds (or checks) the two-sided table of that size (1 to
    10 checkers a side) into the cache directory, without making it the shared one;
    ``evaluate`` uses the size ``$GAMMON_BEAROFF_CHECKERS`` names (default 8). Returns a
    :class:`TableInfo` per table (``gammon.bearoff.build``).
    """

_BoardsLike: TypeAlias = Union[npt.ArrayLike, Sequence[Position]]

@final
class LegalPlaysBuffer:
    """Reusable output memory for ``gammon.batch.legal_plays`` (``out=``)."""

    def __new__(cls, rows: int = 0, pairs: int = 0) -> LegalPlaysBuffer: ...
    @property
    def capacity(self) -> int:
        """How many resulting positions the buffer holds without growing."""
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

def _batch_legal_plays(
    boards: _BoardsLike,
    dice: npt.ArrayLike,
    variant: Variant | str | None = None,
    moves: bool = False,
    out: LegalPlaysBuffer | None = None,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int8] | None]:
    """Legal plays of N (board, dice) pairs; ``gammon.batch.legal_plays`` wraps it."""

def _batch_validate(boards: _BoardsLike, variant: Variant | str | None = None) -> int:
    """Validates every row; ``gammon.batch.validate`` wraps it."""

def _batch_flip(boards: _BoardsLike, variant: Variant | str | None = None) -> npt.NDArray[np.int8]:
    """The rows turned over (validated first); ``gammon.batch.flip`` wraps it."""

def _batch_boards(positions: list[Position]) -> npt.NDArray[np.int8]:
    """The boards of positions; ``gammon.batch.boards`` wraps it."""

def _batch_positions(
    boards: _BoardsLike, variant: Variant | str | None, turn: _ColorLike
) -> list[Position]:
    """Positions of the rows; ``gammon.batch.positions`` wraps it."""

def _batch_to_ids(boards: _BoardsLike, variant: Variant | str | None = None) -> list[str]:
    """Position IDs of the rows; ``gammon.batch.to_ids`` wraps it."""

def _batch_from_ids(ids: list[str], variant: Variant | str) -> npt.NDArray[np.int8]:
    """Boards of Position IDs; ``gammon.batch.from_ids`` wraps it."""

def _batch_stats(
    boards: _BoardsLike, variant: Variant | str | None = None
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Pip counts, borne-off counts and outcomes of the rows."""

def _batch_encode(
    boards: _BoardsLike,
    encoding: str,
    variant: Variant | str | None = None,
    on_roll: bool = True,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """Network inputs of the rows (into ``out`` if given); ``gammon.batch.encode`` wraps it."""

def _env_observe(
    boards: npt.NDArray[np.int8], dice: npt.NDArray[np.int8], variant: Variant | str, encoding: str
) -> npt.NDArray[np.float32]:
    """Observations of ``gammon.envs``: the encoding of each board, then the dice one-hot."""

def _env_masks(offsets: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """Legal-action masks ``(N, MAX_PLAYS)`` of plays' offsets (action 0 is the pass)."""

def _env_apply(
    boards: npt.NDArray[np.int8],
    plays: npt.NDArray[np.int8],
    offsets: npt.NDArray[np.int64],
    actions: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """The boards after each row's chosen play, and which actions were legal."""

def _env_best(
    plays: npt.NDArray[np.int8],
    offsets: npt.NDArray[np.int64],
    variant: Variant | str,
    encoding: str,
    evaluator: Callable[[npt.NDArray[np.float32]], npt.ArrayLike],
) -> npt.NDArray[np.int64]:
    """Each row's best-scored candidate by one call of a batched evaluator (0 if unscored)."""

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
    evaluator: Callable[[npt.NDArray[np.float32]], npt.ArrayLike],
    variant: Variant | str,
    encoding: str,
    seed: int,
    first: int,
    end: int,
    lockstep: int,
    cube: Callable[[npt.NDArray[np.float32]], npt.ArrayLike] | None = None,
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

def _choose_play(plays: PlayList, policy: str, seed: int, index: int, plies: int = 0) -> int:
    """The index in ``plays`` of the play the built-in policy ``policy`` chooses."""

def _cube_decision(
    position: Position,
    policy: str | Net,
    player: Color,
    cube: Cube,
    board: MatchScore | None,
    may_redouble: bool,
    plies: int = 0,
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

@final
class OutcomeDistribution:
    """How games from a position end, from the point of view of the player on roll.

    ``wins`` and ``losses`` are each three **exclusive** shares: (single, gammon, backgammon),
    so a backgammon is not also counted as a gammon. All six sum to 1.

    The cumulative figures gnubg prints are properties: :attr:`win`, :attr:`win_gammon`
    (gammons and backgammons), :attr:`win_backgammon`, :attr:`lose_gammon`,
    :attr:`lose_backgammon`. Immutable, comparable, hashable and picklable.

    Raises :class:`~gammon.InvalidInputError` when a share is negative or not a number, or
    the six do not sum to 1 (within 1e-6).
    """

    def __new__(cls, wins: Sequence[float], losses: Sequence[float]) -> OutcomeDistribution: ...
    @property
    def wins(self) -> tuple[float, float, float]:
        """The shares of single games, gammons and backgammons won."""
    @property
    def losses(self) -> tuple[float, float, float]:
        """The shares of single games, gammons and backgammons lost."""
    @staticmethod
    def from_gnubg(probabilities: Sequence[float]) -> OutcomeDistribution:
        """Build a distribution from gnubg's five cumulative probabilities.

        They are: win, win gammon (or backgammon), win backgammon, lose gammon (or
        backgammon), lose backgammon.

        Raises :class:`~gammon.InvalidInputError` when there are not five, or they are not
        consistent (a gammon share above the wins, ...).
        """
    @staticmethod
    def from_counts(wins: Sequence[int], losses: Sequence[int]) -> OutcomeDistribution:
        """Build a distribution from counts of (single, gammon, backgammon) wins and losses.

        Raises :class:`~gammon.InvalidInputError` for negative counts or no game at all.
        """
    @staticmethod
    def coerce(value: object) -> OutcomeDistribution:
        """Read an ``OutcomeDistribution`` from whatever describes one.

        Accepted: a distribution; any object with ``wins`` and ``losses`` attributes; any
        object with gnubg's five cumulative figures as attributes (``win``, ``win_gammon``,
        ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``: a
        :class:`~gammon.RolloutResult`); or six exclusive shares in the order win single,
        gammon, backgammon, lose single, gammon, backgammon.

        Raises :class:`~gammon.InvalidInputError` for anything else, and for a result with
        drawn games (Long Nardy's last-roll right), which no win/loss distribution holds.
        """
    @property
    def win(self) -> float:
        """The chance to win."""
    @property
    def lose(self) -> float:
        """The chance to lose."""
    @property
    def win_gammon(self) -> float:
        """The chance to win a gammon or a backgammon."""
    @property
    def win_backgammon(self) -> float:
        """The chance to win a backgammon."""
    @property
    def lose_gammon(self) -> float:
        """The chance to lose a gammon or a backgammon."""
    @property
    def lose_backgammon(self) -> float:
        """The chance to lose a backgammon."""
    def flipped(self) -> OutcomeDistribution:
        """Return the same distribution from the opponent's point of view."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def cubeless_equity(distribution: object) -> float:
    """Return the points per game at cube 1 for the player on roll (SCORE-1).

    Wins minus losses, gammons counting 2 and backgammons 3. ``distribution`` is an
    :class:`OutcomeDistribution` or anything :meth:`OutcomeDistribution.coerce` reads.

    Raises :class:`~gammon.InvalidInputError` for a bad distribution.
    """

def money_equity(
    distribution: object, *, cube: int = 1, jacoby: bool = False, centred: bool = True
) -> float:
    """Return the money equity: points per game at cube value ``cube`` for the player on roll.

    With ``jacoby`` and the cube ``centred`` the Jacoby rule applies and every win or loss
    counts single (MONEY-2); otherwise gammons count 2 and backgammons 3 (SCORE-2).

    Raises :class:`~gammon.InvalidInputError` for a bad distribution or a cube value that is
    not a power of two >= 1 (CUBE-10).
    """

@final
class Evaluation:
    """Outcome probabilities of a position for one player, cubeless.

    For :func:`evaluate` the player is the one on roll, before the roll; for a :class:`Hint`
    it is the player who made the play, with the opponent to roll next. Wins include gammons
    and gammons include backgammons, as in GNU Backgammon's output: ``win >= win_gammon >=
    win_backgammon`` and ``lose >= lose_gammon >= lose_backgammon``. In Long Nardy a gammon is
    a Mars (LN-33) and a backgammon a Koks (LN-35; the nets are trained without Koks, so it
    stays near 0). ``str()`` gives the probabilities under their heads, then the equities, as
    ``gammon evaluate`` prints them. Immutable, comparable, hashable and picklable.
    """

    def __new__(
        cls,
        win: float,
        win_gammon: float,
        win_backgammon: float,
        lose: float,
        lose_gammon: float,
        lose_backgammon: float,
        equity: float,
        source: str,
        plies: int,
        cubeful_equity: float | None = None,
        match_winning_chance: float | None = None,
        variant: Variant = ...,
    ) -> Evaluation: ...
    @property
    def win(self) -> float:
        """The probability that the player wins (gammons included)."""
    @property
    def win_gammon(self) -> float:
        """The probability of a win by a gammon or more."""
    @property
    def win_backgammon(self) -> float:
        """The probability of a win by a backgammon."""
    @property
    def lose(self) -> float:
        """The probability that the player loses (gammons included)."""
    @property
    def lose_gammon(self) -> float:
        """The probability of a loss by a gammon or more."""
    @property
    def lose_backgammon(self) -> float:
        """The probability of a loss by a backgammon."""
    @property
    def equity(self) -> float:
        """The cubeless equity in points a game.

        A single game counts 1, a gammon 2, a backgammon 3.
        """
    @property
    def source(self) -> str:
        """Where the value comes from.

        ``"net"``, ``"bearoff"`` (exact, from the bear-off databases) or ``"final"`` (game
        over).
        """
    @property
    def plies(self) -> int:
        """How many plies deep the value was searched (0: the net alone; exact values: 0)."""
    @property
    def cubeful_equity(self) -> float | None:
        """With a cube or a score: the value with the cube.

        The player's own cube decision is included (for a :class:`Hint`, the opponent's after
        the play). Money play: points per unit of the cube; match play: normalised equity
        (EMG: -1 a single game lost at the cube's value, +1 one won). ``None`` when evaluated
        cubeless.
        """
    @property
    def match_winning_chance(self) -> float | None:
        """Match play: the player's chance to win the match.

        Through the match equity table (Kazaross-XG2) at the score. ``None`` in money play or
        when evaluated cubeless.
        """
    @property
    def variant(self) -> Variant:
        """The game of the position: a Long Nardy evaluation is shown in its own terms."""
    @property
    def win_mars(self) -> float:
        """Long Nardy: the probability of a win by a Mars or more (LN-33); ``win_gammon``."""
    @property
    def win_koks(self) -> float:
        """Long Nardy: the probability of a win by a Koks (LN-35); ``win_backgammon``."""
    @property
    def lose_mars(self) -> float:
        """Long Nardy: the probability of a loss by a Mars or more (LN-33); ``lose_gammon``."""
    @property
    def lose_koks(self) -> float:
        """Long Nardy: the probability of a loss by a Koks (LN-35); ``lose_backgammon``."""
    def summary(self) -> dict[str, Any]:
        """The fields as plain JSON-ready values (the variant by its name).

        In the order of the constructor's arguments, as ``gammon evaluate --json`` prints them.
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Hint:
    """One legal play and its value for the player who makes it.

    Immutable, comparable, hashable and picklable.
    """

    def __new__(cls, play: Play, evaluation: Evaluation) -> Hint: ...
    @property
    def play(self) -> Play:
        """The play."""
    @property
    def evaluation(self) -> Evaluation:
        """The value of the position after the play, for its maker, the opponent to roll next."""
    @property
    def equity(self) -> float:
        """The cubeless equity of the play (``evaluation.equity``)."""
    @property
    def cubeful_equity(self) -> float | None:
        """The cubeful equity of the play at the score (``evaluation.cubeful_equity``).

        ``None`` for a cubeless hint.
        """
    @staticmethod
    def table(hints: Sequence[Hint]) -> str:
        """``hints`` (:func:`hint`'s, best first) as the table ``gammon hint`` prints.

        Each play with its equity, its loss to the first, and its outcome probabilities; at
        the score, the cubeful equity (match play: EMG and the match winning chance) with the
        cubeless one beside it. Empty for no hints.
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def cube_decision(
    position: Any,
    cube: Any = None,
    score: Any = None,
    plies: int = 0,
    net: Net | None = None,
    *,
    prune: int | None = None,
) -> CubeDecision:
    """The cube decision of the player on roll in ``position``, as GNU Backgammon's cube hint.

    The cubeful equities of no double, double/take and double/pass, and the proper action.

    ``position`` is a :class:`Position` (the player on roll about to roll) or a
    :class:`~gammon.Game` (or its :class:`TurnState`), which brings its cube and score (a game
    awaiting the answer to a double gives the doubler's decision, whose ``taker_action`` is
    the answer). ``cube`` is a :class:`~gammon.Cube` (its value, owner and rules: Jacoby,
    beavers) or :class:`~gammon.CubeRules` (a centred cube at 1); default a centred cube under
    the default rules. ``score`` is a :class:`~gammon.Match` or :class:`~gammon.MatchScore`
    (match play: match winning chances through the Kazaross-XG2 table, the Crawford game and
    dead cubes as MATCH-3 and MATCH-7 say) or ``None``/:class:`~gammon.MoneySession` (money
    play). ``plies`` (0 to :data:`MAX_PLIES`) searches the rolls: 0 is the cube model on the
    net's probabilities, 1 and 2 average over the rolls, the opponent's cube decisions
    included. ``net`` is a backgammon :class:`Net` (default the shipped one). ``prune``: how
    many plays of each roll a small pruning net keeps inside a search of 1 ply or more, in
    contact, for the net to value (default 2, of pubeval's best 8 of a roll; 0 values every play
    with the net, slower), as in :func:`~gammon.rollout`; the shipped net only (a :class:`Net`
    of your own is never pruned).

    Money equities are in points per unit of the cube (double/pass is +1); match equities are
    normalised (EMG), with the match winning chances in :attr:`CubeDecision.mwc`.

    Raises :class:`~gammon.errors.InvalidInputError` for a bad argument: a Long Nardy position
    (no cube, LN-38), a match that is over, a ``net`` of another game, a ``prune`` that is not
    an int from 0.
    """

def evaluate(
    position: Any,
    plies: int = 0,
    net: Net | None = None,
    *,
    cube: Any = None,
    score: Any = None,
    prune: int | None = None,
) -> Evaluation:
    """The outcome probabilities of ``position`` for its player on roll, by ``net``.

    ``net`` is a :class:`Net` of the position's game; ``None`` (the default) is the shipped
    nets.

    Before the roll, searched ``plies`` plies deep (0 to :data:`MAX_PLIES`; 1 averages the
    net's values over the 21 rolls, each answered by its best play). Exact where that is
    known: a finished game (``source == "final"``) and, in backgammon, a bear-off the
    databases cover (``"bearoff"``). Backgammon (standard rules, 15 checkers) and Long Nardy
    under the default scoring (Mars 2, no Koks, no last roll).

    With the cube and the score (``cube=``, ``score=`` as for :func:`cube_decision`, or a
    :class:`~gammon.Game` as ``position``), the evaluation also gives the value with the cube
    (:attr:`Evaluation.cubeful_equity`, the player's own cube decision included) and in match
    play the match winning chance; searched deeper than 0 ply, the probabilities are those of
    the same search, whose plays are chosen with the cube at the score.

    ``prune``: how many plays of each roll a small pruning net keeps inside a search of 1 ply
    or more, in contact, for the net to value (default 2, of pubeval's best 8 of a roll; 0
    values every play with the net, slower), as in :func:`~gammon.rollout` and
    :func:`cube_decision`; the shipped backgammon net only (a :class:`Net` of your own and Long
    Nardy's are never pruned).

    Raises :class:`~gammon.errors.InvalidInputError` for a bad argument (a ``net`` of
    another game, a bad ``prune`` among them).
    """

def hint(
    position: Any,
    dice: Any = None,
    plies: int = 0,
    net: Net | None = None,
    *,
    cube: Any = None,
    score: Any = None,
    prune: int | None = None,
) -> list[Hint]:
    """The legal plays of ``dice`` in ``position``, valued for the player on roll, best first.

    ``net`` values them: a :class:`Net` of the position's game, or ``None`` (the default) for
    the shipped nets.

    Ties keep the order of :meth:`Position.legal_plays`. ``plies`` (0 to :data:`MAX_PLIES`) is
    the depth of the search behind each play: 0 is the net's value of the resulting position;
    1 averages, over the opponent's 21 rolls, the value after the opponent's best reply
    (chosen by the net); 2 looks one roll further (a roll the opponent cannot play at the last
    ply is read one roll further). An empty list when the player cannot move. With the shipped
    backgammon net, 2 plies choose best; judged by gnubg, 1 ply chooses about as well as 0 ply,
    not better (docs/lab/2026-12-06-one-ply.md).

    At the score (``cube=``, ``score=`` as for :func:`cube_decision`, or a
    :class:`~gammon.Game` as ``position``, whose dice are the default), the plays are valued
    with the cube as GNU Backgammon's hint values them: money equity with the cube's ownership,
    match winning chances at the score, the opponent's cube decision after the play included;
    they are ranked by :attr:`Hint.cubeful_equity`, and the cubeless figures stay in each
    evaluation.

    ``prune``: how many plays of each roll a small pruning net keeps inside a search of 1 ply
    or more, in contact, for the net to value (default 2, of pubeval's best 8 of a roll; 0
    values every play with the net, slower), as in :func:`~gammon.rollout` and
    :func:`cube_decision`; the shipped backgammon net only (a :class:`Net` of your own and Long
    Nardy's are never pruned).

    Raises :class:`~gammon.errors.InvalidDiceError` for bad dice and
    :class:`~gammon.errors.InvalidInputError` for another bad argument (a ``net`` of another
    game among them).
    """

@final
class CubeRolloutResult:
    """A cube decision rolled out on common dice (``gammon.rollout_cube``)."""

    @property
    def setup(self) -> RolloutSetup: ...
    @property
    def position(self) -> Position: ...
    @property
    def seed(self) -> int: ...
    @property
    def score(self) -> MatchScore | None: ...
    @property
    def is_money(self) -> bool: ...
    @property
    def games_completed(self) -> int: ...
    @property
    def games_requested(self) -> int: ...
    @property
    def stop_reason(self) -> str: ...
    @property
    def interrupted(self) -> bool: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def threads(self) -> int: ...
    @property
    def ranges(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def next_game(self) -> int: ...
    @property
    def no_double(self) -> float: ...
    @property
    def double_take(self) -> float: ...
    @property
    def double_pass(self) -> float: ...
    @property
    def double_beaver(self) -> float | None: ...
    @property
    def std_errors(self) -> tuple[float, float, float, float | None]: ...
    @property
    def mwc(self) -> tuple[float, float, float] | None: ...
    @property
    def difference(self) -> tuple[float, float]: ...
    @property
    def unpaired_std_error(self) -> float: ...
    @property
    def action(self) -> str: ...
    @property
    def doubler_action(self) -> str: ...
    @property
    def taker_action(self) -> str: ...
    @property
    def should_double(self) -> bool: ...
    @property
    def should_take(self) -> bool: ...
    @property
    def double_confidence(self) -> float: ...
    @property
    def take_confidence(self) -> float: ...
    @property
    def probabilities(self) -> tuple[float, float, float, float, float]: ...
    @property
    def decision(self) -> CubeDecision: ...
    def merge(self, other: CubeRolloutResult) -> CubeRolloutResult: ...
    def summary(self) -> dict[str, Any]:
        """The figures as plain JSON-ready values (``gammon rollout --cube-decision --json``).

        ``position`` (its ID), ``seed``, ``games`` (completed), ``money`` (``is_money``), each
        line (``no_double``, ``double_take``, ``double_pass``, ``double_beaver``) as
        ``(equity, standard error)`` or ``None``, then ``mwc``, ``difference``, ``action``,
        ``double_confidence`` and ``take_confidence``.
        """
    @property
    def _done(self) -> tuple[int, float, float]: ...
    def _finished(self, end: tuple[str, float, int, int]) -> CubeRolloutResult: ...
    def _checkpoint(self, first: int, games: int) -> str: ...

def _stakes(
    position: Any, cube: Any = None, score: Any = None, cubeful: bool = True
) -> tuple[Position, Cube | None, MatchScore | None, tuple[int, int] | None]:
    """The stakes of a position, game or turn state with ``cube`` and ``score`` arguments."""

def _missing_ranges(
    whole: tuple[int, int], done: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The parts of ``whole`` that no range of ``done`` (sorted, disjoint) covers, in order."""

def _split_ranges(ranges: Sequence[tuple[int, int]], per_task: int) -> list[tuple[int, int]]:
    """``ranges`` cut into pieces of at most ``per_task`` items, in order."""

def _play_cube_rollout(
    setup: RolloutSetup,
    score: MatchScore | None,
    first: int,
    end: int,
    *,
    threads: int | None = None,
    chunk_size: int = ...,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: _ProgressCallback | None = None,
    base: Any = None,
) -> CubeRolloutResult:
    """Plays games ``first``..``end`` of the cube-decision rollout of ``setup`` at ``score``."""

def _read_cube_rollout_checkpoint(
    data: bytes,
    where: str,
    setup: RolloutSetup | None = None,
    score: MatchScore | None = None,
    first: int = 0,
    games: int = 0,
    seed_given: bool = True,
    *,
    policy: Any = None,
    cube: Any = None,
) -> tuple[CubeRolloutResult, int, int]:
    """A cube rollout's checkpoint file, checked to continue ``setup`` or read alone."""

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
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickling: ``Tally._restore`` and the sums (checked again when read back)."""
    @staticmethod
    def _restore(sums: tuple[Any, ...]) -> Tally:
        """Rebuilds a pickled tally (unpickling only); its sums are checked."""
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
class MatchRecords:
    """Per-match results as numpy arrays, one entry per match in match order.

    Iterates over its arrays in field order, as the named tuple it replaces did.
    """

    _fields: tuple[str, ...]
    def __new__(
        cls,
        winner: npt.NDArray[np.int8],
        games: npt.NDArray[np.uint32],
        score: npt.NDArray[np.uint32],
        crawford_game: npt.NDArray[np.int32],
        drops: npt.NDArray[np.uint32],
        doubles: npt.NDArray[np.uint32],
        max_cube: npt.NDArray[np.uint32],
        plies: npt.NDArray[np.uint64],
    ) -> MatchRecords: ...
    @property
    def winner(self) -> npt.NDArray[np.int8]:
        """0 when the first player won the match, 1 when the second did."""
    @property
    def games(self) -> npt.NDArray[np.uint32]:
        """Games played."""
    @property
    def score(self) -> npt.NDArray[np.uint32]:
        """Final scores, shape ``(matches, 2)``: first player, second player."""
    @property
    def crawford_game(self) -> npt.NDArray[np.int32]:
        """The index (from 0) of the Crawford game, -1 for none (MATCH-3)."""
    @property
    def drops(self) -> npt.NDArray[np.uint32]:
        """Games ended by a dropped double."""
    @property
    def doubles(self) -> npt.NDArray[np.uint32]:
        """Cube offers made (doubles, beavers, raccoons)."""
    @property
    def max_cube(self) -> npt.NDArray[np.uint32]:
        """The highest cube value a game ended with."""
    @property
    def plies(self) -> npt.NDArray[np.uint64]:
        """Turns played."""
    def __iter__(self) -> Iterator[npt.NDArray[Any]]: ...
    def __len__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class MoneyRecords:
    """Per-game results of money play as numpy arrays, one entry per game in game order.

    Iterates over its arrays in field order, as the named tuple it replaces did.
    """

    _fields: tuple[str, ...]
    def __new__(
        cls,
        winner: npt.NDArray[np.int8],
        kind: npt.NDArray[np.uint8],
        points: npt.NDArray[np.int32],
        cube: npt.NDArray[np.uint32],
        doubles: npt.NDArray[np.uint32],
        plies: npt.NDArray[np.uint32],
    ) -> MoneyRecords: ...
    @property
    def winner(self) -> npt.NDArray[np.int8]:
        """+1 when the first player won, -1 when the second did."""
    @property
    def kind(self) -> npt.NDArray[np.uint8]:
        """The result class: an index into ``MONEY_KIND_NAMES``."""
    @property
    def points(self) -> npt.NDArray[np.int32]:
        """The first player's net points (cube included)."""
    @property
    def cube(self) -> npt.NDArray[np.uint32]:
        """The cube value the game was scored at."""
    @property
    def doubles(self) -> npt.NDArray[np.uint32]:
        """Cube offers made."""
    @property
    def plies(self) -> npt.NDArray[np.uint32]:
        """Turns played."""
    def __iter__(self) -> Iterator[npt.NDArray[Any]]: ...
    def __len__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class SimulationSetup:
    """What decides a simulation's matches or games.

    The variant, matches to a length (with or without the Crawford rule) or money games, the
    players by name, the seed and the cube rules. Two results merge, and a checkpoint
    continues a simulation, only when their setups are equal; ``mismatches`` names what
    differs.
    """

    @property
    def variant(self) -> Variant:
        """The variant played (a backgammon variant)."""
    @property
    def length(self) -> int | None:
        """The match length, or None for money games."""
    @property
    def crawford(self) -> bool:
        """True when the Crawford rule is in force (MATCH-3); False for money games."""
    @property
    def names(self) -> tuple[str, str]:
        """The players' names, the first (White) then the second: ``"pubeval+race"``."""
    @property
    def seed(self) -> int:
        """The master seed."""
    @property
    def cube_rules(self) -> CubeRules:
        """The cube rules asked for (a match plays without the money options, CUBE-11)."""
    @property
    def plies(self) -> tuple[int, int]:
        """How deep the first and the second player's checker play searches (0 to 2)."""
    @property
    def cube_plies(self) -> tuple[int, int]:
        """How deep the first and the second player's cube decisions are searched (0 to 2)."""
    @property
    def prune(self) -> tuple[int, int]:
        """Replies of each roll the pruning net keeps in each player's search (0: none)."""
    def mismatches(self, other: SimulationSetup) -> list[tuple[str, str, str]]:
        """The fields in which this setup differs from ``other``.

        ``(field, here, there)`` triples, values written as Python writes them (empty when
        the setups are equal).
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

class _SimulationResult:
    """What ``MatchResult`` and ``MoneyResult`` share (this class exists in the stub only)."""

    @property
    def setup(self) -> SimulationSetup:
        """What decides the simulation's items (results merge only when equal)."""
    @property
    def players(self) -> Any:
        """The two players (``gammon.Player``); the first played White."""
    @property
    def names(self) -> tuple[str, str]:
        """The players' short names (``"pubeval+race"``): checker play, then cube."""
    @property
    def seed(self) -> int:
        """The master seed: with it the simulation can be replayed exactly."""
    @property
    def cube_rules(self) -> CubeRules:
        """The cube rules asked for (a match plays without the money options, CUBE-11)."""
    @property
    def variant(self) -> Variant:
        """The variant played."""
    @property
    def interrupted(self) -> bool:
        """True when Ctrl-C (or the callback) stopped the simulation early."""
    @property
    def stop_reason(self) -> str:
        """``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``."""
    @property
    def elapsed(self) -> float:
        """Wall-clock seconds (summed over the runs merged or resumed)."""
    @property
    def threads(self) -> int:
        """Worker threads used."""
    @property
    def first(self) -> int:
        """The index of the first item (match or game) held."""
    @property
    def ranges(self) -> list[tuple[int, int]]:
        """The items held, as sorted half-open ranges ``(first, end)``."""
    @property
    def std_error(self) -> float:
        """The standard error of the estimate (infinite below two items)."""
    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the estimate."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    def _finished(self, end: tuple[str, float, int, int]) -> Any:
        """Return this result with the run's stop reason, time, threads and items asked for."""
    def _checkpoint(self, first: int, items: int) -> str:
        """The text of the checkpoint file of this result."""
    @property
    def _done(self) -> tuple[int, float, float]:
        """The items held, the estimate and its standard error."""

@final
class MatchResult(_SimulationResult):
    """The result of ``gammon.simulate_match``: the share of matches each player won.

    Shares and their errors are exact functions of integer counts (``tally``): equal seeds
    give equal results on any number of threads, in chunks or tasks of any size, and results
    of ranges of one simulation ``merge`` exactly. Results are equal when they hold the same
    matches of the same simulation (timing and threads aside); they pickle.
    """

    @property
    def tally(self) -> MatchTally:
        """The core's statistics of the matches (exact sums, estimates)."""
    @property
    def records(self) -> MatchRecords | None:
        """Per-match ``MatchRecords`` when ``record_matches=True``, else None."""
    @property
    def length(self) -> int:
        """The match length (MATCH-1)."""
    @property
    def crawford(self) -> bool:
        """True when the Crawford rule was in force (MATCH-3)."""
    @property
    def matches_requested(self) -> int:
        """Matches asked for."""
    @property
    def matches_completed(self) -> int:
        """Matches played to the end and counted."""
    @property
    def next_match(self) -> int:
        """The index of the first match after the ones held (where a resume starts)."""
    @property
    def wins(self) -> tuple[int, int]:
        """Matches won by the first and the second player."""
    @property
    def games(self) -> int:
        """Games played in all matches."""
    @property
    def crawford_games(self) -> int:
        """Crawford games played (at most one a match)."""
    @property
    def drops(self) -> int:
        """Games ended by a dropped double."""
    @property
    def doubles(self) -> int:
        """Cube offers made (in a match: doubles; the money options are off, CUBE-11)."""
    @property
    def points(self) -> tuple[int, int]:
        """Points scored by each player over all matches."""
    @property
    def plies(self) -> int:
        """Turns played in all games."""
    @property
    def win(self) -> float:
        """The share of matches the first player won (NaN for none)."""
    @property
    def lose(self) -> float:
        """The share of matches the second player won."""
    @property
    def games_per_match(self) -> float:
        """The average number of games a match took."""
    @property
    def games_per_match_std_error(self) -> float:
        """The standard error of ``games_per_match``."""
    @property
    def matches_per_second(self) -> float:
        """Matches played per wall-clock second."""
    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
    def summary(self) -> dict[str, Any]:
        """The figures as plain JSON-ready values (``gammon simulate match --json``).

        ``kind`` (``"match"``), ``length``, ``crawford``, ``matches`` (completed),
        ``matches_requested``, ``wins``, ``win``, ``std_error``, ``ci95``, ``games``, then
        ``players`` (their names), ``plies`` and ``cube_plies`` (their depths), ``prune``
        (their searches' pruning), ``variant`` (its name), ``seed``, ``threads``, ``seconds``
        (elapsed), ``interrupted`` and ``stop_reason``.
        """
    def merge(self, other: MatchResult) -> MatchResult:
        """Both results' matches together (exact); raises ``InvalidInputError`` otherwise."""
    @staticmethod
    def _restore(text: str, players: Any, records: MatchRecords | None) -> MatchResult:
        """Rebuilds a result from ``__reduce__``'s parts (unpickling only)."""
    @staticmethod
    def _read_checkpoint(
        data: bytes,
        path: str,
        variant: _VariantLike | None,
        length: int | None,
        crawford: bool,
        names: tuple[str, str],
        seed: int | None,
        cube_rules: CubeRules,
        players: Any,
        first: int,
        items: int,
        depths: _Depths = ...,
    ) -> MatchResult:
        """The result in a checkpoint file's bytes, checked to continue this simulation."""

@final
class MoneyResult(_SimulationResult):
    """The result of ``gammon.simulate_money``: the first player's average points per game.

    Exact integer sums (``tally``): equal seeds give equal results on any number of threads,
    in chunks or tasks of any size, and results of ranges of one simulation ``merge``
    exactly. Results are equal when they hold the same games of the same simulation (timing
    and threads aside); they pickle.
    """

    @property
    def tally(self) -> MoneyTally:
        """The core's statistics of the games (exact sums, estimates)."""
    @property
    def records(self) -> MoneyRecords | None:
        """Per-game ``MoneyRecords`` when ``record_games=True``, else None."""
    @property
    def games_requested(self) -> int:
        """Games asked for."""
    @property
    def games_completed(self) -> int:
        """Games played and counted."""
    @property
    def next_game(self) -> int:
        """The index of the first game after the ones held (where a resume starts)."""
    @property
    def dropped(self) -> tuple[int, int]:
        """Games each player won by a dropped double (CUBE-6)."""
    @property
    def doubles(self) -> int:
        """Cube offers made: doubles, beavers and raccoons."""
    @property
    def cube_total(self) -> int:
        """The sum of the cube values the games were scored at."""
    @property
    def plies(self) -> int:
        """Turns played."""
    @property
    def points_per_game(self) -> float:
        """The first player's average net points per game (NaN for none)."""
    @property
    def net_points(self) -> int:
        """The first player's net points over all games."""
    @property
    def counts(self) -> dict[str, dict[str, int]]:
        """Games won by each player and how: ``{"first": {"single": n, ...}, ...}``."""
    @property
    def mean_cube(self) -> float:
        """The average cube value the games were scored at (NaN for none)."""
    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
    def summary(self) -> dict[str, Any]:
        """The figures as plain JSON-ready values (``gammon simulate money --json``).

        ``kind`` (``"money"``), ``games`` (completed), ``games_requested``,
        ``points_per_game``, ``std_error``, ``ci95``, ``net_points``, ``mean_cube``,
        ``counts``, then ``players`` (their names), ``plies`` and ``cube_plies`` (their
        depths), ``prune`` (their searches' pruning), ``variant`` (its name), ``seed``,
        ``threads``, ``seconds`` (elapsed), ``interrupted`` and ``stop_reason``.
        """
    def merge(self, other: MoneyResult) -> MoneyResult:
        """Both results' games together (exact); raises ``InvalidInputError`` otherwise."""
    @staticmethod
    def _restore(text: str, players: Any, records: MoneyRecords | None) -> MoneyResult:
        """Rebuilds a result from ``__reduce__``'s parts (unpickling only)."""
    @staticmethod
    def _read_checkpoint(
        data: bytes,
        path: str,
        variant: _VariantLike | None,
        length: int | None,
        crawford: bool,
        names: tuple[str, str],
        seed: int | None,
        cube_rules: CubeRules,
        players: Any,
        first: int,
        items: int,
        depths: _Depths = ...,
    ) -> MoneyResult:
        """The result in a checkpoint file's bytes, checked to continue this simulation."""

_ProgressCallback: TypeAlias = Callable[[int, int, float, float, float], object]

@final
class RolloutSetup:
    """What decides a rollout's games, with the objects that play them.

    Every name and combination is checked; ``InvalidInputError`` names the problem.
    """

    def __new__(
        cls,
        position: Position,
        seed: int,
        *,
        policy: object = None,
        opening: bool | None = None,
        quasi_random: bool | None = None,
        nardy: object = None,
        truncate: str | None = None,
        truncate_after: int | None = None,
        variance_reduction: bool | None = None,
        evaluator: str | Net | None = None,
        cube: object = None,
        cube_value: int | None = None,
        cube_owner: Color | str | None = None,
        cube_rules: CubeRules | None = None,
        plies: int | tuple[int, int] | None = None,
        cube_plies: int | tuple[int, int] | None = None,
        prune: int | None = None,
    ) -> RolloutSetup: ...
    @property
    def position(self) -> Position:
        """The position rolled out."""
    @property
    def seed(self) -> int:
        """The master seed."""
    @property
    def policies(self) -> tuple[str, str]:
        """Names of the policies of the player on roll and of the opponent."""
    @property
    def plies(self) -> tuple[int, int]:
        """How deep the checker play of the player on roll and of the opponent searches."""
    @property
    def prune(self) -> int:
        """Replies of each roll the pruning net keeps inside the shipped nets' search (0: none)."""
    @property
    def cube_plies(self) -> tuple[int, int]:
        """How deep the cube decisions of the player on roll and of the opponent are searched."""
    @property
    def nardy(self) -> Any:
        """The Long Nardy settings (None for backgammon)."""
    @property
    def cubeful(self) -> bool:
        """True when a cube is in play."""
    def mismatches(self, other: RolloutSetup) -> list[tuple[str, str, str]]:
        """``(field, here, there)`` for each field in which the setups differ."""
    def check_threads(self, threads: int | None) -> None:
        """Refuses ``threads`` above 1 with a policy written in Python."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickling: the setup's canonical record text and its objects."""
    @staticmethod
    def _restore(state: tuple[str, Any]) -> RolloutSetup:
        """Rebuilds a pickled setup."""

@final
class GameOutcomes(Sequence[Any]):
    """Per-game results of a rollout as numpy arrays, one entry per game in game order."""

    @property
    def winner(self) -> npt.NDArray[np.int8]:
        """+1 when the player on roll at the start won, -1 when the opponent won, 0 otherwise."""
    @property
    def kind(self) -> npt.NDArray[np.uint8]:
        """Result class: an index into ``KIND_NAMES``."""
    @property
    def points(self) -> npt.NDArray[np.float64]:
        """Net points of the player on roll at the start."""
    @property
    def plies(self) -> npt.NDArray[np.uint32]:
        """Turns played."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: int, /) -> Any: ...
    @overload
    def __getitem__(self, i: slice, /) -> Sequence[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...

@final
class RolloutResult:
    """The result of ``gammon.rollout``: outcome shares, cubeless equity and its error.

    All shares and the equity are from the side of the player on roll in ``position`` ("on
    roll"); the other player is the "opponent". ``win_gammon`` includes backgammons and
    ``win`` includes both, as in GNU Backgammon. The statistics are the core's ``tally``:
    exact integer sums (fixed point), kept so that results can be merged and continued
    without rounding. With no games counted every share and the equity are NaN and the
    standard error is infinite. Results are equal when their setup, game ranges and
    statistics are (timing and threads excluded).
    """

    @property
    def setup(self) -> RolloutSetup:
        """What decided the games."""
    @property
    def position(self) -> Position:
        """The position rolled out."""
    @property
    def variant(self) -> Variant:
        """The variant played."""
    @property
    def is_long_nardy(self) -> bool:
        """True for a Long Nardy rollout (results are Oin, Mars, Koks and draws)."""
    @property
    def policies(self) -> tuple[str, str]:
        """Names of the policies of the player on roll and of the opponent."""
    @property
    def seed(self) -> int:
        """The master seed: with it the games can be replayed exactly."""
    @property
    def opening(self) -> bool:
        """True when the first roll was an opening roll (never a double, BG-10)."""
    @property
    def quasi_random(self) -> bool:
        """True when the first two rolls were stratified (quasi-random dice)."""
    @property
    def nardy(self) -> Any:
        """The Long Nardy settings the games were scored by (None for backgammon)."""
    @property
    def truncate(self) -> str:
        """Where games were settled early: ``"none"``, ``"bearoff"`` or ``"bearoff-one-sided"``."""
    @property
    def truncate_after(self) -> int | None:
        """The turns after which games were settled at the evaluator's value (None: never)."""
    @property
    def variance_reduction(self) -> bool:
        """True when the luck of the dice was taken off each game's points."""
    @property
    def evaluator(self) -> str | None:
        """The name of the evaluator of ``truncate_after`` and ``variance_reduction``."""
    @property
    def tally(self) -> Tally:
        """The core's statistics of the games (exact sums, estimates, merge)."""
    @property
    def games_completed(self) -> int:
        """Games played and counted."""
    @property
    def games_requested(self) -> int:
        """Games asked for."""
    @property
    def interrupted(self) -> bool:
        """True when the rollout was interrupted (Ctrl-C or the callback) before the end."""
    @property
    def stop_reason(self) -> str:
        """``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``."""
    @property
    def elapsed(self) -> float:
        """Wall-clock seconds."""
    @property
    def threads(self) -> int:
        """Worker threads used."""
    @property
    def ranges(self) -> tuple[tuple[int, int], ...]:
        """The game indices covered, as half-open intervals."""
    @property
    def next_game(self) -> int:
        """The index of the first game after the ones played (where a resume starts)."""
    @property
    def outcomes(self) -> GameOutcomes | None:
        """Per-game ``GameOutcomes`` when ``record_games=True`` was asked, else None."""
    @property
    def plies(self) -> int:
        """Turns played in all games."""
    @property
    def settled(self) -> int:
        """Games settled early by the truncation rule (``truncate``)."""
    @property
    def counts(self) -> dict[str, dict[str, float]]:
        """Games won by each side and class, and draws."""
    @property
    def shares(self) -> dict[str, dict[str, float]]:
        """``counts`` divided by the games played (exclusive classes)."""
    @property
    def win(self) -> float:
        """Share of games won by the player on roll (all classes)."""
    @property
    def win_gammon(self) -> float:
        """Share won by a gammon or more (backgammons included; Long Nardy: Mars or Koks)."""
    @property
    def win_backgammon(self) -> float:
        """Share won by a backgammon (Long Nardy: Koks)."""
    @property
    def lose(self) -> float:
        """Share of games won by the opponent."""
    @property
    def lose_gammon(self) -> float:
        """Share lost by a gammon or more (backgammons included; Long Nardy: Mars or Koks)."""
    @property
    def lose_backgammon(self) -> float:
        """Share lost by a backgammon (Long Nardy: Koks)."""
    @property
    def draws(self) -> float:
        """Share of drawn games (Long Nardy's last roll only)."""
    @property
    def equity(self) -> float:
        """Cubeless equity: the player on roll's mean net points per game."""
    @property
    def std_error(self) -> float:
        """Standard error of ``equity`` (sample standard deviation over sqrt(games))."""
    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the equity (plus or minus 1.96 standard errors)."""
    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
    @property
    def mean_plies(self) -> float:
        """Average turns per game."""
    def merge(self, other: RolloutResult) -> RolloutResult:
        """Combine both rollouts' games (exact); refuses other setups or overlapping games."""
    def resume(self, games: int, **options: Any) -> RolloutResult:
        """Plays ``games`` more games after the last one played; returns the merged result."""
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record (integers exact, with its SHA-256 check) ``from_dict`` reads."""
    def summary(self) -> dict[str, Any]:
        """The figures as plain JSON-ready values (``gammon rollout --json``).

        The record of :meth:`to_dict` is its ``checkpoint``.
        """
    @classmethod
    def from_dict(
        cls, data: Any, *, policy: object = None, evaluator: Net | None = None
    ) -> RolloutResult:
        """Read a record made by ``to_dict``, validated completely."""
    def describe(self) -> str:
        """One line naming what was rolled out."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickling: the record's text, the objects that play it and the outcomes."""
    @staticmethod
    def _restore(state: tuple[Any, ...]) -> RolloutResult:
        """Rebuilds a pickled result (unpickling only)."""
    def _finished(self, end: tuple[str, float, int, int]) -> RolloutResult:
        """``self`` with the stop reason, time, threads and games asked for of the run."""
    def _checkpoint(self, first: int, games: int) -> str:
        """The text of the checkpoint file of this rollout."""
    @property
    def _done(self) -> tuple[int, float, float]:
        """The games held, the equity and its standard error."""

@final
class CubefulRolloutResult:
    """The result of a cubeful ``gammon.rollout`` (``cube=`` given).

    Money games with the cube in play for both sides; ``equity`` is per initial cube unit
    (gnubg's convention).
    """

    @property
    def setup(self) -> RolloutSetup:
        """What decided the games."""
    @property
    def position(self) -> Position:
        """The position rolled out."""
    @property
    def policies(self) -> tuple[str, str]:
        """Names of the checker policies of the player on roll and of the opponent."""
    @property
    def cube_policies(self) -> tuple[str, str]:
        """Names of the cube policies of the player on roll and of the opponent."""
    @property
    def cube_value(self) -> int:
        """The cube value every game started with."""
    @property
    def cube_owner(self) -> Color | None:
        """The player who owned the cube at the start (None: centred)."""
    @property
    def cube_rules(self) -> CubeRules:
        """The money session's cube rules (Jacoby, beavers, raccoons, the cap)."""
    @property
    def seed(self) -> int:
        """The master seed."""
    @property
    def opening(self) -> bool:
        """True when the first roll was an opening roll (BG-10, BG-12)."""
    @property
    def quasi_random(self) -> bool:
        """True when the first two rolls were stratified (quasi-random dice)."""
    @property
    def tally(self) -> CubefulTally:
        """The core's statistics of the games (exact sums)."""
    @property
    def games_completed(self) -> int:
        """Games played and counted."""
    @property
    def games_requested(self) -> int:
        """Games asked for."""
    @property
    def stop_reason(self) -> str:
        """``"completed"``, ``"interrupted"``, ``"max_seconds"`` or ``"target_std_error"``."""
    @property
    def interrupted(self) -> bool:
        """True when the rollout was interrupted before the end."""
    @property
    def elapsed(self) -> float:
        """Wall-clock seconds."""
    @property
    def threads(self) -> int:
        """Worker threads used."""
    @property
    def ranges(self) -> tuple[tuple[int, int], ...]:
        """The game indices covered, as half-open intervals."""
    @property
    def next_game(self) -> int:
        """The index of the first game after the ones played."""
    @property
    def points_per_game(self) -> float:
        """The mean net points a game of the player on roll, cube included."""
    @property
    def equity(self) -> float:
        """The cubeful equity per initial cube unit."""
    @property
    def std_error(self) -> float:
        """The standard error of ``equity`` (infinite below two games)."""
    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the equity."""
    @property
    def win(self) -> float:
        """Share of games the player on roll won, by bearing off or by a dropped double."""
    @property
    def lose(self) -> float:
        """Share of games the opponent won, by bearing off or by a dropped double."""
    @property
    def win_gammon(self) -> float:
        """Share won by the player on roll with a gammon or a backgammon."""
    @property
    def lose_gammon(self) -> float:
        """Share lost with a gammon or a backgammon."""
    @property
    def win_backgammon(self) -> float:
        """Share won by the player on roll with a backgammon."""
    @property
    def lose_backgammon(self) -> float:
        """Share lost with a backgammon."""
    @property
    def won_by_drop(self) -> float:
        """Share of games won because the opponent dropped a double."""
    @property
    def lost_by_drop(self) -> float:
        """Share of games lost by dropping the opponent's double."""
    @property
    def doubled(self) -> float:
        """Share of games with at least one double."""
    @property
    def doubles_per_game(self) -> float:
        """Cube offers (doubles, beavers, raccoons) per game."""
    @property
    def mean_cube(self) -> float:
        """The mean cube value the games were scored at."""
    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
    @property
    def mean_plies(self) -> float:
        """Average turns per game."""
    def merge(self, other: CubefulRolloutResult) -> CubefulRolloutResult:
        """Combine both rollouts' games (exact); refuses other setups or overlapping games."""
    def resume(self, games: int, **options: Any) -> CubefulRolloutResult:
        """Plays ``games`` more games after the last one played; returns the merged result."""
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record (``gammon.cubeful-rollout/1``) ``from_dict`` reads."""
    def summary(self) -> dict[str, Any]:
        """The figures as plain JSON-ready values (``gammon rollout --cube NAME --json``)."""
    @classmethod
    def from_dict(
        cls, data: Any, *, policy: object = None, cube: object = None
    ) -> CubefulRolloutResult:
        """Read a record made by ``to_dict``, validated completely."""
    def describe(self) -> str:
        """One line naming what was rolled out."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickling: the record's text and the objects that play it."""
    @staticmethod
    def _restore(state: tuple[Any, ...]) -> CubefulRolloutResult:
        """Rebuilds a pickled result (unpickling only)."""
    def _finished(self, end: tuple[str, float, int, int]) -> CubefulRolloutResult:
        """``self`` with the stop reason, time, threads and games asked for of the run."""
    def _checkpoint(self, first: int, games: int) -> str:
        """The text of the checkpoint file of this rollout."""
    @property
    def _done(self) -> tuple[int, float, float]:
        """The games held, the equity and its standard error."""

@final
class RankedPlay:
    """One play of ``gammon.rank_plays``, from the side of the player who makes it.

    A play that ends the game is valued exactly: :attr:`ending` holds the game's result,
    :attr:`equity` its points for the mover, :attr:`std_error` is 0 and :attr:`result` is
    None (nothing was rolled out).
    """

    def __new__(
        cls,
        play: Play,
        equity: float,
        std_error: float,
        loss: float,
        loss_std_error: float,
        result: RolloutResult | None,
        ending: GameResult | None = None,
    ) -> Self: ...
    @property
    def play(self) -> Play:
        """The play."""
    @property
    def equity(self) -> float:
        """Cubeless equity after the play, for the player who made it."""
    @property
    def std_error(self) -> float:
        """The standard error of :attr:`equity` (0 for a play that ends the game)."""
    @property
    def loss(self) -> float:
        """How much worse than the best play (0 for the best)."""
    @property
    def loss_std_error(self) -> float:
        """The standard error of :attr:`loss`.

        From the games paired on common dice when both plays were rolled out, the rolled-out
        one's standard error when the other is exact, 0 when both are exact.
        """
    @property
    def result(self) -> RolloutResult | None:
        """The rollout of the position after the play (the opponent on roll), or None.

        None for a play that ends the game.
        """
    @property
    def ending(self) -> GameResult | None:
        """For a play that ends the game, its scored result, or None.

        The result is scored by the rules (BG-14, SCORE-1; LN-32 to LN-35); None for a play
        that was rolled out.
        """
    @staticmethod
    def table(ranked: Sequence[RankedPlay]) -> str:
        """``ranked`` as ``gammon rollout --plays`` prints them (how, a header, a line a play)."""
    def summary(self) -> dict[str, Any]:
        """The figures as plain JSON-ready values (``gammon rollout --plays --json``)."""
    def __getnewargs__(self) -> tuple[Any, ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def _ranked_plays(
    turn: Color,
    plays: Sequence[Play],
    endings: Sequence[GameResult | None],
    many: ManyRolloutResult | None,
) -> list[RankedPlay]:
    """The plays ranked best first from their endings and rollouts (``gammon.rank_plays``)."""

@final
class ManyRolloutResult:
    """The result of ``gammon.rollout_many``: a rollout per position and their differences.

    Standard errors come from the per-game paired differences (exact sums of products).
    """

    @property
    def results(self) -> tuple[RolloutResult, ...]:
        """The rollout of each position, in the order given."""
    @property
    def games(self) -> int:
        """Games played from each position."""
    @property
    def seed(self) -> int:
        """The master seed."""
    @property
    def common_dice(self) -> bool:
        """True when every position was played on the same dice."""
    @property
    def interrupted(self) -> bool:
        """True when Ctrl-C stopped the rollouts."""
    @property
    def stop_reason(self) -> str:
        """Why the rollouts stopped."""
    @property
    def threads(self) -> int:
        """Worker threads used."""
    @property
    def elapsed(self) -> float:
        """Wall-clock seconds."""
    @property
    def ranges(self) -> tuple[tuple[int, int], ...]:
        """The game indices covered (the same for every position)."""
    @property
    def cross(self) -> tuple[tuple[int, ...], ...]:
        """``cross[i][j]``: the exact sum over the games of the points of ``i`` times ``j``."""
    def difference(self, i: int, j: int) -> tuple[float, float]:
        """The equity of position ``i`` minus that of ``j``, and its standard error."""
    @property
    def differences(self) -> npt.NDArray[np.float64]:
        """``(K, K)`` array of the differences."""
    @property
    def difference_std_errors(self) -> npt.NDArray[np.float64]:
        """``(K, K)`` array of the differences' standard errors."""
    def merge(self, other: ManyRolloutResult) -> ManyRolloutResult:
        """Both comparisons' games (exact)."""
    def _finished(self, end: tuple[str, float, int, int]) -> ManyRolloutResult:
        """``self`` with the stop reason, time, threads and games asked for of the run."""
    def _checkpoint(self, first: int, games: int) -> str:
        """The text of the checkpoint file of this comparison."""
    @property
    def _done(self) -> tuple[int, float, float]:
        """The games of every position held (no estimate: NaN, 0)."""
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickling: the checkpoint text and the objects of each setup."""
    @staticmethod
    def _restore(state: tuple[Any, ...]) -> ManyRolloutResult:
        """Rebuilds a pickled result (unpickling only)."""
    def __eq__(self, other: object, /) -> bool: ...

def _play_rollout(
    setup: RolloutSetup,
    first: int,
    end: int,
    *,
    threads: int | None = None,
    chunk_size: int = ...,
    record_games: bool = False,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: _ProgressCallback | None = None,
    base: Any = None,
) -> Any:
    """Plays games ``first``..``end`` of ``setup``: a ``RolloutResult`` (cubeful with a cube)."""

def _read_rollout_checkpoint(
    data: bytes,
    where: str,
    *,
    setup: RolloutSetup | None = None,
    first: int = 0,
    games: int = 0,
    seed_given: bool = True,
    policy: object = None,
    cube: object = None,
) -> tuple[Any, int, int]:
    """Reads a rollout checkpoint file's bytes: ``(result, first_game, games)``, checked."""

def _play_many(
    setups: Sequence[RolloutSetup],
    first: int,
    end: int,
    *,
    seed: int,
    common_dice: bool,
    threads: int | None = None,
    chunk_size: int = ...,
    max_seconds: float | None = None,
    target_std_error: float | None = None,
    callback: _ProgressCallback | None = None,
    base: ManyRolloutResult | None = None,
) -> ManyRolloutResult:
    """Plays games ``first``..``end`` of every position on one worker per game."""

def _read_many_checkpoint(
    data: bytes,
    where: str,
    setups: Sequence[RolloutSetup],
    *,
    seed: int,
    common_dice: bool,
    games: int,
    seed_given: bool,
) -> ManyRolloutResult:
    """Reads a comparison's checkpoint file's bytes, checked to continue ``setups``."""

def _check_checkpoint_path(path: str | os.PathLike[str]) -> None:
    """Raises ``CheckpointError`` naming ``path`` unless a checkpoint can be written there."""

def _read_checkpoint_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the checkpoint file at ``path`` (``CheckpointError`` if unreadable)."""

def _write_checkpoint_file(path: str | os.PathLike[str], text: str) -> None:
    """Writes a checkpoint file atomically; ``OSError`` when the write fails."""

def _checkpoint_kind(data: bytes) -> str:
    """The run a checkpoint file's bytes hold: match, money, many or rollout."""

def _read_many_file(
    data: bytes, where: str, *, policy: object = None, cube: object = None
) -> ManyRolloutResult:
    """Reads a comparison's checkpoint file's bytes alone."""

def _read_simulation_file(
    data: bytes, where: str, players: object = None
) -> tuple[MatchResult | MoneyResult, int, int]:
    """Reads a simulation's checkpoint file's bytes alone: ``(result, first, items)``."""

def _position_seeds(seed: int, positions: int, common_dice: bool) -> list[int]:
    """The seeds of the positions of a comparison with master seed ``seed``."""

def _default_cube_policy(variant: Variant) -> str:
    """The cube play of a cube-decision rollout of ``variant`` that names none."""

def _default_policy(variant: Variant) -> str:
    """The checker play of a rollout of ``variant`` that names none."""

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
    def next_starter(self, winner: _ColorLike | None) -> Color:
        """The previous game's side whose player starts the next game of a series (LN-11)."""
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
class FibsBoard:
    """One FIBS board string, field by field (``ints`` are fields 3-52 as integers)."""

    def __new__(cls, you: str, opponent: str, ints: Sequence[int]) -> FibsBoard: ...
    @staticmethod
    def parse(text: str) -> FibsBoard:
        """Read a ``board:...`` string; ``ParseError`` names the field that is wrong."""
    @classmethod
    def from_game(cls, game: Any, *, names: tuple[str, str] | None = None) -> FibsBoard:
        """A ``gammon.Game``'s state as gnubg's external interface writes it."""
    @property
    def you(self) -> str: ...
    @property
    def opponent(self) -> str: ...
    @property
    def ints(self) -> tuple[int, ...]: ...
    @property
    def match_length(self) -> int: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def board(self) -> tuple[int, ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def dice(self) -> tuple[int, int]: ...
    @property
    def opponent_dice(self) -> tuple[int, int]: ...
    @property
    def cube(self) -> int: ...
    @property
    def may_double(self) -> tuple[bool, bool]: ...
    @property
    def was_doubled(self) -> int: ...
    @property
    def colour(self) -> int: ...
    @property
    def direction(self) -> int: ...
    @property
    def home(self) -> int: ...
    @property
    def bar(self) -> int: ...
    @property
    def borne_off(self) -> tuple[int, int]: ...
    @property
    def on_bar(self) -> tuple[int, int]: ...
    @property
    def did_crawford(self) -> int: ...
    def checkers(self) -> tuple[dict[int, int], dict[int, int]]:
        """Your checkers and the opponent's, each in its own numbering (25 = bar)."""
    def state(self, *, gnubg: bool = True) -> FibsState:
        """The position, dice, cube and score the board describes ("you" is White)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...

@final
class FibsState:
    """What a FIBS board string says, in gammon's terms."""

    @property
    def position(self) -> Position: ...
    @property
    def dice(self) -> tuple[int, int] | None: ...
    @property
    def cube(self) -> int: ...
    @property
    def cube_owner(self) -> Color | None: ...
    @property
    def doubled(self) -> bool: ...
    @property
    def match_length(self) -> int: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def crawford(self) -> bool: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def to_act(self) -> Color: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

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
DECISION_KINDS: Final[tuple[str, ...]]
"""The kinds of decision, in the order of the ``kind`` codes of the decision arrays."""
SKILLS: Final[tuple[str, ...]]
"""gnubg's marks, unmarked first, in the order of the ``skill`` codes of the decision arrays."""

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
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[bytes, Position, tuple[int, int]]]: ...
    @staticmethod
    def _restore(data: bytes, before: Position, dice: tuple[int, int]) -> Candidate:
        """Rebuilds a pickled candidate (unpickling only)."""

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
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[bytes, int]]: ...
    @staticmethod
    def _restore(data: bytes, game: int) -> Decision:
        """Rebuilds a pickled decision (unpickling only)."""

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
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[bytes, int]]: ...
    @staticmethod
    def _restore(data: bytes, game: int) -> RollLuck:
        """Rebuilds a pickled roll (unpickling only)."""

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
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...
    @staticmethod
    def _restore(data: bytes) -> PlayerStats:
        """Rebuilds pickled statistics (unpickling only)."""

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
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[MatchAnalysis, int]]: ...
    @staticmethod
    def _restore(whole: MatchAnalysis, index: int) -> GameAnalysis:
        """Rebuilds a pickled game analysis (unpickling only)."""

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
    def summary_rows(self) -> list[tuple[str, str, str]]:
        """The rows of the summary table ``str()`` prints: ``(label, white, black)``."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[bytes, int, tuple[str, str], bool]]: ...
    @staticmethod
    def _restore(data: bytes, length: int, names: tuple[str, str], nardy: bool) -> MatchAnalysis:
        """Rebuilds a pickled analysis (unpickling only)."""

def _analyze_matches(
    matches: Sequence[Sequence[object]],
    names: Sequence[tuple[str, str]],
    lengths: Sequence[int],
    plies: int,
    net: Net | None = None,
    threads: int = 0,
    callback: Callable[[int, int, float], object] | None = None,
    prune: int | None = None,
) -> list[MatchAnalysis]: ...
def _analysis_arrays(analyses: Sequence[MatchAnalysis]) -> dict[str, npt.NDArray[np.float64]]: ...
def _decision_arrays(analyses: Sequence[MatchAnalysis]) -> dict[str, npt.NDArray[Any]]: ...
