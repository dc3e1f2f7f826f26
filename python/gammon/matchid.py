"""gnubg's Match ID (ID-4..ID-7) and the combined ``PositionID:MatchID`` form (ID-6).

The Match ID packs the cube, the turn, the dice, the match length and the score into 67 bits,
Base64-encoded to 12 characters (GNU Backgammon manual, "A technical description of the Match
ID"). :class:`MatchId` holds the fields in gammon's vocabulary; :meth:`MatchId.parse` and
``str()`` convert.

gnubg numbers its players 0 and 1 and draws player 1 at the bottom; gammon's White is the
bottom player, so **White is gnubg's player 1 and Black its player 0** (the same mapping puts
White at the bottom of an XGID, XGID-4). :func:`gnubg_player` and :func:`color_of_gnubg_player`
are the one place that says so.

    >>> mid = MatchId.parse("QYkqASAAIAAE")
    >>> mid.match_length, mid.score_of(gnubg_color(0)), mid.score_of(gnubg_color(1))
    (9, 2, 4)
    >>> mid.cube_value, mid.dice
    (2, (5, 2))
    >>> str(mid)
    'QYkqASAAIAAE'
"""

from __future__ import annotations

import base64
import binascii
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union

from gammon._checks import (
    MAX_CUBE_LIMIT,
    MAX_MATCH_LENGTH,
    brief,
    check_dice,
    check_score,
    is_cube_value,
    is_int,
)
from gammon._core import Color, Position, Variant, find_variant
from gammon.cube import Cube, CubeOffer, CubeRules, Resignation
from gammon.errors import InvalidInputError, ParseError
from gammon.match import Match, MoneySession, Scoreboard

if TYPE_CHECKING:
    from gammon.game import Game

__all__ = [
    "MATCH_ID_LEN",
    "GameState",
    "MatchId",
    "color_of_gnubg_player",
    "gnubg_color",
    "gnubg_player",
    "join_gnubg_id",
    "split_gnubg_id",
]

MATCH_ID_LEN = 12
"""Characters in a Match ID (ID-4)."""

# (field, width) in bit order, LSB first within each field (ID-4).
_LAYOUT = (
    ("cube_log2", 4),
    ("owner", 2),
    ("turn", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("to_act", 1),
    ("doubled", 1),
    ("resigned", 2),
    ("die1", 3),
    ("die2", 3),
    ("length", 15),
    ("score0", 15),
    ("score1", 15),
    ("not_jacoby", 1),
)
_CENTRED = 3


class GameState(enum.IntEnum):
    """The Match ID's game state field (ID-4)."""

    NONE = 0
    """No game started."""
    PLAYING = 1
    """A game is in progress."""
    OVER = 2
    """The game ended by bearing off."""
    RESIGNED = 3
    """The game ended by an accepted resignation."""
    DROPPED = 4
    """The game ended by a dropped double."""


def gnubg_player(color: Color) -> int:
    """Return gnubg's player number of ``color``: White (bottom) is 1, Black (top) is 0."""
    return 1 if color == Color.WHITE else 0


def color_of_gnubg_player(player: int) -> Color:
    """Return the color of gnubg's player ``player`` (0 or 1): 1 is White, 0 is Black.

    Raises :class:`~gammon.InvalidInputError` for any other number.
    """
    if player == 1 and is_int(player):
        return Color.WHITE
    if player == 0 and is_int(player):
        return Color.BLACK
    raise InvalidInputError(f"gnubg numbers its players 0 and 1, not {player!r}")


gnubg_color = color_of_gnubg_player
"""Short alias of :func:`color_of_gnubg_player`."""


@dataclass(frozen=True)
class MatchId:
    """The fields of a gnubg Match ID (ID-4), in gammon's terms.

    Attributes:
        cube_value: the cube value, a power of two from 1 to 2**15.
        cube_owner: the owner, ``None`` when centred.
        turn: the player on roll, who owns the dice (gnubg ``fMove``), as
            :attr:`gammon.Position.turn`.
        to_act: the player who must act now (``fTurn``); the other player while a double or
            resignation awaits an answer.
        crawford: this game is the Crawford game (always False in money play). In the ID of a
            finished game, gnubg writes the flag of the next game.
        game_state: see :class:`GameState`.
        double_offered: a double awaits ``to_act``'s answer.
        resignation: the level (1-3) ``to_act``'s opponent offers to resign at, 0 for none.
        dice: the roll, larger die first when written, or ``None`` before rolling.
        match_length: the match length, 0 for a money session.
        score: ``(white, black)``: match scores, or money totals.
        jacoby: the Jacoby rule is in effect (money play); written as bit 66, "not Jacoby"
            (ID-5). Always False in match play.

    Raises :class:`~gammon.InvalidInputError` for a field outside its bit width or a state
    the rules make impossible (ID-7): a Crawford flag in money play or with a turned cube, a
    double offered with the dice rolled or together with a resignation.

    """

    cube_value: int = 1
    cube_owner: Optional[Color] = None
    turn: Color = Color.WHITE
    to_act: Color = Color.WHITE
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    double_offered: bool = False
    resignation: int = 0
    dice: Optional[tuple[int, int]] = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        v = self.cube_value
        if not is_cube_value(v):
            raise InvalidInputError(
                f"MatchId: cube_value must be a power of two up to {MAX_CUBE_LIMIT}, "
                f"not {v!r} (ID-4)"
            )
        if self.cube_owner is not None and not isinstance(self.cube_owner, Color):
            raise InvalidInputError(
                f"MatchId: cube_owner must be a Color or None, not {self.cube_owner!r}"
            )
        for name in ("turn", "to_act"):
            if not isinstance(getattr(self, name), Color):
                raise InvalidInputError(
                    f"MatchId: {name} must be a Color, not {getattr(self, name)!r}"
                )
        for name in ("crawford", "double_offered", "jacoby"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(f"MatchId: {name} must be True or False")
        if not isinstance(self.game_state, GameState):
            object.__setattr__(self, "game_state", _enum_arg(self.game_state))
        if not is_int(self.resignation) or not 0 <= self.resignation <= 3:
            raise InvalidInputError(
                f"MatchId: resignation must be 0 (none) or a level 1-3, not {self.resignation!r}"
            )
        if self.dice is not None:
            object.__setattr__(self, "dice", check_dice(self.dice, "MatchId"))
        n = self.match_length
        if not is_int(n) or not 0 <= n <= MAX_MATCH_LENGTH:
            raise InvalidInputError(
                f"MatchId: match_length must be 0 (money) to {MAX_MATCH_LENGTH}, not {n!r} (ID-7)"
            )
        object.__setattr__(self, "score", check_score(self.score, "MatchId"))
        if self.crawford and n == 0:
            raise InvalidInputError("MatchId: money play has no Crawford game (ID-4, MONEY-1)")
        if (
            self.crawford
            and self.game_state == GameState.PLAYING
            and (v != 1 or self.cube_owner is not None or self.double_offered)
        ):
            # Only while the game is played: after a game, gnubg's ID already carries the next
            # game's Crawford flag next to the finished game's cube.
            raise InvalidInputError(
                "MatchId: in the Crawford game the cube stays at 1, centred (MATCH-3, ID-7)"
            )
        if self.double_offered and self.dice is not None:
            raise InvalidInputError("MatchId: a double is offered before rolling (CUBE-3, ID-7)")
        if self.double_offered and self.resignation:
            raise InvalidInputError(
                "MatchId: a resignation cannot be pending with a double (RESIGN-5, ID-7)"
            )

    def score_of(self, player: Color) -> int:
        """Return ``player``'s score."""
        return self.score[0] if player == Color.WHITE else self.score[1]

    @property
    def is_money(self) -> bool:
        """True for a money session (match length 0)."""
        return self.match_length == 0

    def fields(self) -> dict[str, int]:
        """Return the raw fields in gnubg's numbering, keyed by this module's names.

        Players are 0/1, the cube is its log2, owner code 3 means centred, the larger die
        comes first.
        """
        d1, d2 = (max(self.dice), min(self.dice)) if self.dice else (0, 0)
        white, black = self.score
        return {
            "cube_log2": self.cube_value.bit_length() - 1,
            "owner": _CENTRED if self.cube_owner is None else gnubg_player(self.cube_owner),
            "turn": gnubg_player(self.turn),
            "crawford": int(self.crawford),
            "game_state": int(self.game_state),
            "to_act": gnubg_player(self.to_act),
            "doubled": int(self.double_offered),
            "resigned": self.resignation,
            "die1": d1,
            "die2": d2,
            "length": self.match_length,
            "score0": black,
            "score1": white,
            "not_jacoby": int(self.match_length > 0 or not self.jacoby),
        }

    def key(self) -> bytes:
        """Return the 9-byte key: the fields packed LSB-first, little-endian (ID-4)."""
        fields = self.fields()
        bits = 0
        pos = 0
        for name, width in _LAYOUT:
            bits |= (fields[name] & ((1 << width) - 1)) << pos
            pos += width
        return bits.to_bytes(9, "little")

    def __str__(self) -> str:
        """Return the 12-character Match ID, bit 66 written as gnubg >= 1.0 does (ID-5)."""
        return base64.b64encode(self.key()).decode("ascii")

    @classmethod
    def parse(cls, text: str) -> MatchId:
        """Read a Match ID, with or without the "not Jacoby" bit 66 (ID-5).

        In match play the bit is ignored; in money play 1 means Jacoby off and 0 Jacoby on (older
        gnubg always wrote 0). Owner code 2 reads as centred, as gnubg does (ID-7).

        Raises :class:`~gammon.ParseError` for a text that is not 12 Base64 characters or
        holds a field no state can have (game state 5-7, a die 7 or a single zero die), and
        :class:`~gammon.InvalidInputError` for a state the rules make impossible (ID-7).
        """
        if not isinstance(text, str):
            raise ParseError(f"a Match ID is a string, not {brief(text)}")
        t = text.strip()
        if len(t) != MATCH_ID_LEN:
            raise ParseError(
                f"a Match ID has {MATCH_ID_LEN} characters, {brief(text)} has {len(t)} (ID-4)"
            )
        try:
            key = base64.b64decode(t, validate=True)
        except (binascii.Error, ValueError):
            raise ParseError(
                f"{brief(text)} is not a Match ID: only A-Z, a-z, 0-9, + and / may appear (ID-4)"
            ) from None
        bits = int.from_bytes(key, "little")
        raw: dict[str, int] = {}
        pos = 0
        for name, width in _LAYOUT:
            raw[name] = (bits >> pos) & ((1 << width) - 1)
            pos += width
        if raw["game_state"] > int(GameState.DROPPED):
            raise ParseError(
                f"Match ID {brief(text)}: game state {raw['game_state']} is undefined (ID-4)"
            )
        d1, d2 = raw["die1"], raw["die2"]
        if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
            raise ParseError(f"Match ID {brief(text)}: dice {d1}-{d2} are not a roll (ID-4)")
        owner = raw["owner"]
        length = raw["length"]
        try:
            return cls(
                cube_value=1 << raw["cube_log2"],
                cube_owner=None if owner >= 2 else color_of_gnubg_player(owner),
                turn=color_of_gnubg_player(raw["turn"]),
                to_act=color_of_gnubg_player(raw["to_act"]),
                crawford=bool(raw["crawford"]),
                game_state=GameState(raw["game_state"]),
                double_offered=bool(raw["doubled"]),
                resignation=raw["resigned"],
                # Larger die first, as written: parse -> str -> parse is stable (issue 15, D10).
                dice=(max(d1, d2), min(d1, d2)) if d1 else None,
                match_length=length,
                score=(raw["score1"], raw["score0"]),
                jacoby=length == 0 and not raw["not_jacoby"],
            )
        except InvalidInputError as e:
            raise InvalidInputError(f"Match ID {brief(text)}: {e}") from None


def split_gnubg_id(text: str) -> tuple[str, str]:
    """Split a GNUbgID ``PositionID:MatchID`` into its two parts (ID-6).

    An optional ``GNUbgID`` / ``GNUID`` prefix is ignored.

    Raises :class:`~gammon.ParseError` when the text has no single ``:`` separator.
    """
    if not isinstance(text, str):
        raise ParseError(f"a GNUbgID is a string, not {brief(text)}")
    t = text.strip()
    for prefix in ("GNUbgID", "GNUID"):
        if t.upper().startswith(prefix.upper()):
            t = t[len(prefix) :].lstrip(" =:")
            break
    parts = t.split(":")
    if len(parts) != 2:
        raise ParseError(f"a GNUbgID is PositionID:MatchID, not {brief(text)} (ID-6)")
    return parts[0].strip(), parts[1].strip()


def join_gnubg_id(position_id: str, match_id: MatchId) -> str:
    """Return the GNUbgID ``PositionID:MatchID`` (ID-6)."""
    return f"{position_id}:{match_id}"


def _enum_arg(value: object) -> GameState:
    try:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError
        return GameState(value)
    except ValueError:
        raise InvalidInputError(f"MatchId: game_state must be 0-4, not {value!r} (ID-4)") from None


# -- the adapters between gammon.Game and the gnubg ID ------------------------------------------


@dataclass(frozen=True)
class GameSetup:
    """A game's state as an ID gives it, for :class:`gammon.Game` to set up (ID-6, XGID-1).

    Attributes:
        board: the match or money session (with the score and the Crawford state).
        position: the position, its player on roll.
        opening: True before the opening roll (gnubg's "no game" state).
        dice: the dice rolled, or ``None`` before rolling.
        cube: the cube with any pending offer, under the rules the ID and the caller give.
        resignation: any pending resignation.

    """

    board: Scoreboard
    position: Position
    opening: bool
    dice: Optional[tuple[int, int]]
    cube: Cube
    resignation: Optional[Resignation]


def match_id_of(game: Game) -> MatchId:
    """Return the state of ``game`` as the fields of gnubg's Match ID (ID-4).

    Before the opening roll the game state is 0 ("no game"); after the end the score (and the
    Crawford flag) are those after this game, as gnubg writes them. A pending beaver shows as
    gnubg shows it: the cube at the beavered value, owned by the beaverer, the doubler to
    answer.
    """
    board: Scoreboard = game.match
    cube = game.cube
    if game.result is not None:
        board = board.record(game.result)
        state = GameState(game.result.ending.value)
    elif game.is_opening:
        state = GameState.NONE
    else:
        state = GameState.PLAYING
    # An accepted resignation stays in the state, as gnubg keeps it in the ID.
    resign = game.resignation
    return MatchId(
        cube_value=cube.value,
        cube_owner=cube.owner,
        turn=game.turn,
        to_act=game.to_act,
        crawford=board.is_crawford_game,
        game_state=state,
        double_offered=cube.offer is not None and game.result is None,
        resignation=0 if resign is None else int(resign.level),
        dice=None if game.is_opening else game.dice,
        match_length=board.length,
        score=board.score,
        jacoby=game.cube_rules.jacoby,
    )


def read_gnubg_id(
    gnubg_id: str,
    cube: Optional[CubeRules] = None,
    *,
    crawford: bool = True,
    variant: Union[Variant, str, None] = None,
) -> GameSetup:
    """Read the game a GNUbgID ``PositionID:MatchID`` describes (ID-6).

    See :meth:`gammon.Game.from_gnubg_id`.

    Raises :class:`~gammon.ParseError` for an unreadable ID,
    :class:`~gammon.InvalidPositionError` for an impossible board, and
    :class:`~gammon.InvalidInputError` for a finished game or a state the rules forbid.
    """
    pos_text, mid_text = split_gnubg_id(gnubg_id)
    mid = MatchId.parse(mid_text)
    var = Variant.BACKGAMMON if variant is None else _variant_arg(variant)
    position = Position.from_id(pos_text, var, mid.turn)
    if mid.game_state not in (GameState.NONE, GameState.PLAYING):
        raise InvalidInputError(
            f"ID-4: {gnubg_id!r} shows a finished game; only a game in play can be set up"
        )
    if mid.game_state == GameState.NONE and (mid.double_offered or mid.resignation):
        # D7: before the opening roll nobody may double (BG-12) or resign (RESIGN-1).
        raise InvalidInputError(
            f"ID-4: {gnubg_id!r} shows no game yet (before the opening roll) with a "
            "pending double or resignation; these come after the opening roll (BG-12)"
        )
    rules = CubeRules() if cube is None else cube
    if mid.is_money:
        rules = rules.replace(jacoby=mid.jacoby)
    board = scoreboard_from_id(mid.match_length, mid.score, crawford, mid.crawford)
    on_roll = mid.turn
    cube_state = _cube_from_id(mid, rules)
    resign = None
    if mid.resignation:
        resign = Resignation(mid.to_act.other(), mid.resignation)
        if mid.to_act == on_roll:
            raise InvalidInputError(
                "ID-4: a resignation is offered by the player on roll, so the other acts"
            )
    if mid.game_state == GameState.NONE:
        return GameSetup(board, position, True, None, cube_state, resign)
    return GameSetup(board, position, False, mid.dice, cube_state, resign)


def _variant_arg(variant: Union[Variant, str]) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


def scoreboard_from_id(
    length: int, score: tuple[int, int], crawford: bool, crawford_game: bool
) -> Scoreboard:
    """Return the match (or money session, length 0) an ID's length, score and flag give."""
    if length == 0:
        return MoneySession(score)
    return Match(length, score, crawford=crawford or crawford_game, crawford_game=crawford_game)


def _cube_from_id(mid: MatchId, rules: CubeRules) -> Cube:
    """Read the cube of a Match ID, pending offers as gnubg writes them.

    See :meth:`gammon.Game.from_gnubg_id`.
    """
    v = mid.cube_value
    rules = rules.replace(max_cube=max(rules.max_cube, v * (2 if mid.double_offered else 1)))
    if not mid.double_offered:
        return Cube(v, mid.cube_owner, None, rules)
    doubler = mid.turn
    if mid.to_act == doubler:
        # A beaver: the doubled player holds the cube at twice the old value and the doubler
        # answers (gnubg's redouble, CUBE-12).
        if mid.cube_owner != doubler.other():
            raise InvalidInputError(
                "ID-4: a double answered by the player on roll is a beaver, so the other "
                "player must hold the cube (CUBE-12)"
            )
        return Cube(v, mid.cube_owner, CubeOffer(doubler, doubler.other(), 2 * v, 1), rules)
    if mid.cube_owner == mid.to_act:
        # gnubg's raccoon: the cube stays with the doubled player while the doubler redoubles.
        owner = mid.cube_owner if rules.gnubg_raccoon_owner else doubler
        return Cube(v, owner, CubeOffer(doubler, doubler, 2 * v, 2), rules)
    return Cube(v, mid.cube_owner, CubeOffer(doubler, doubler, 2 * v, 0), rules)
