"""Match records: whole matches and money sessions, as the match files hold them.

A :class:`MatchRecord` holds the players' names, the match length (0 for money play), the
Crawford rule, the cube rules and one :class:`GameRecord` per game. Each game record holds the
actions of the game exactly as :meth:`gammon.Game.push` takes them (the opening roll first),
and replays into a :class:`gammon.Game`: every record gammon reads has been replayed through
the rules, so a record that breaks them is reported with the file, the line, the game, the
move number and the reason (:class:`~gammon.MatchRecordError`).

The formats build on this module: :mod:`gammon.mat` (Jellyfish/gnubg ``.mat``) and
:mod:`gammon.sgf` (gnubg's ``.sgf``) read and write records, and :mod:`gammon.files` holds
:func:`~gammon.read_match` and :func:`~gammon.write_match`, which choose between them. Both
formats replay through the one path here (:meth:`MatchRecord.read_games` for the games of a
file, the ``push_*`` functions and :func:`check_result` for what a line or node shows) and
write by one walk (:func:`written_actions`); the rules are the core's turn state's.

    >>> import gammon
    >>> game = gammon.Game(gammon.Match(3), seed=5)
    >>> game.set_dice(3, 1); game.push("8/5 6/5")
    >>> rec = MatchRecord.from_games([game], names=("Alice", "Bob"))
    >>> rec.length, rec.final_score, len(rec.games[0].actions)
    (3, (0, 0), 2)
    >>> print(gammon.mat.dumps(rec), end="")
    ; [Crawford "On"]
    ; [CubeLimit "64"]
    <BLANKLINE>
     3 point match
    <BLANKLINE>
     Game 1
     Bob : 0                        Alice : 0
      1)                             31: 8/5 6/5
    <BLANKLINE>

Colours: as in the Match ID (``gammon.matchid``), White is gnubg's player 1 (the right-hand
column of a ``.mat`` file, ``B`` in gnubg's ``.sgf``) and Black its player 0 (left, ``W``).

The settings a file states beyond what gnubg's formats hold (the Crawford rule of a ``.mat``
match, beavers, the cube's cap...) are named as in :data:`SETTINGS`; both formats write them
only where they differ from :data:`READ_CUBE_RULES`, the rules a file without them is read
with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Optional, Union

from gammon._core import Color, Play, Variant
from gammon.actions import (
    Accept,
    Action,
    Beaver,
    Double,
    Drop,
    EmptyPlay,
    Raccoon,
    Resign,
    Roll,
    Take,
)
from gammon.cube import MAX_AUTO_DOUBLES, CubeRules, ResignLevel
from gammon.errors import InvalidInputError, MatchRecordError
from gammon.game import Game
from gammon.match import Match, MoneySession, Scoreboard
from gammon.result import GameResult

__all__ = [
    "READ_CUBE_RULES",
    "SETTINGS",
    "FileGame",
    "GameRecord",
    "MatchRecord",
    "check_result",
    "file_errors",
    "opening_doubles",
    "push_automatic_doubles",
    "push_cube_action",
    "push_double",
    "push_play",
    "push_resignation",
    "push_roll",
    "record_settings",
    "rules_from_settings",
    "written_actions",
]

READ_CUBE_RULES = CubeRules(
    max_cube=4096,
    beavers=True,
    raccoons=True,
    max_beavers=12,
    auto_doubles=MAX_AUTO_DOUBLES,
    gnubg_raccoon_owner=True,
)
"""The cube rules records are replayed with when their file does not say otherwise.

gnubg's cap (``MAX_CUBE`` 4096), beavers and raccoons allowed in money play (they are
money-only, CUBE-11, so a match ignores them), automatic doubles up to gnubg's limit of 12
(CUBE-20; a record only has the ones its file shows) and gnubg's owner of the cube after a
raccoon (CUBE-13's compatibility flag)."""

SETTINGS: tuple[tuple[str, str, bool], ...] = (
    ("Jacoby", "jacoby", True),
    ("Beaver", "beavers", True),
    ("Raccoon", "raccoons", True),
    ("MaxBeavers", "max_beavers", True),
    ("AutomaticDoubles", "auto_doubles", True),
    ("GnubgRaccoonOwner", "gnubg_raccoon_owner", True),
    ("CubeLimit", "max_cube", False),
    ("Cube", "enabled", False),
    ("RefuseDeadCube", "refuse_dead_cube", False),
)
"""The cube settings a file can state: ``(name in the file, CubeRules field, money only)``.

``Jacoby``, ``Beaver`` and ``CubeLimit`` are the names eXtreme Gammon writes in its ``.mat``
headers (gnubg's importer reads and skips them, as it does ``Crawford``); the others are
gammon's. A flag is ``On`` or ``Off``, a number is written in decimal."""

_LEVELS = {"single": 1, "gammon": 2, "backgammon": 3}


@dataclass
class GameRecord:
    """One game of a record: its actions and, once replayed, its :class:`gammon.Game`.

    ``actions`` are what :meth:`gammon.Game.push` took, oldest first (the opening
    ``Roll((white_die, black_die))`` first, after any tied opening rolls). ``game`` is the game
    after replaying them; :meth:`replay` builds a fresh copy. ``result`` is the game's result
    (``None`` for a game the record leaves unfinished).
    """

    actions: list[Action]
    game: Game

    @property
    def result(self) -> Optional[GameResult]:
        """The result of the game, or ``None`` when the record stops before the end."""
        return self.game.result

    @property
    def score(self) -> tuple[int, int]:
        """The score ``(white, black)`` when the game began."""
        return self.game.match.score

    @property
    def automatic_doubles(self) -> int:
        """How often the cube was turned by tied opening rolls (BG-11, CUBE-20)."""
        return opening_doubles(self.actions, self.game)

    def replay(self) -> Game:
        """Return a new :class:`gammon.Game` with every action of the record pushed."""
        g = _game_at(self.game.match, self.game.cube_rules, self.game.position.variant)
        for a in self.actions:
            g.push(a)
        return g


def opening_doubles(actions: Sequence[Action], game: Game) -> int:
    """The automatic doubles of a game's opening: ``actions`` replayed in a fresh ``game``.

    The cube's value once the opening roll is decided is 2 to that power (BG-11, CUBE-20).
    """
    shadow = _game_at(game.match, game.cube_rules, game.position.variant)
    for a in actions:
        if not shadow.is_opening:
            break
        shadow.push(a)
    return shadow.cube.value.bit_length() - 1


def push_automatic_doubles(game: Game, count: int) -> None:
    """Push ``count`` tied opening rolls that each turn the cube (BG-11, CUBE-20).

    Files show a game's automatic doubles (gnubg's ``CV[]``, or what a ``.mat`` score line
    implies) but not the dice of the ties: they are pushed as 1-1.

    Raises :class:`~gammon.MatchRecordError` when the game is past its opening or the rules
    turn the cube fewer times (money play only, within the limit and the cap, CUBE-20).
    """
    for k in range(count):
        if not game.is_opening:
            raise MatchRecordError("automatic doubles after the opening roll (BG-11)")
        before = game.cube.value
        game.push(Roll((1, 1)))
        if game.cube.value != 2 * before:
            raise MatchRecordError(
                f"the record has {count} automatic doubles at the opening but the rules turn "
                f"the cube {k} times (CUBE-20: money play only, within the limit "
                f"{game.cube_rules.auto_doubles} and the cap {game.cube_rules.max_cube})"
            )


def push_roll(game: Game, roller: Color, dice: tuple[int, int]) -> None:
    """Push a roll a record shows for ``roller``.

    A beaver or raccoon still pending is taken first (a roll after one means it was taken, as
    gnubg's importer reads it); at the opening roll the roller's die is the larger (BG-10).

    Raises :class:`~gammon.MatchRecordError` for a double at the opening or a roll out of
    turn, and the errors of :meth:`gammon.Game.push`.
    """
    _take_pending_redouble(game)
    d1, d2 = dice
    if game.is_opening:
        if d1 == d2:
            raise MatchRecordError(f"opening roll {d1}{d2}: the opening roll is never a double")
        hi, lo = max(d1, d2), min(d1, d2)
        game.push(Roll((hi, lo) if roller == Color.WHITE else (lo, hi)))
        return
    if game.to_act != roller:
        raise MatchRecordError(f"a roll {d1}{d2} by {roller} but it is {game.to_act}'s turn")
    game.push(Roll((d1, d2)))


def _take_pending_redouble(game: Game, responder: Optional[Color] = None) -> None:
    offer = game.cube.offer
    if offer is not None and offer.redoubles > 0 and responder in (None, offer.responder):
        game.push(Take())


def push_double(game: Game) -> None:
    """Push a double a record shows: a beaver or raccoon when a double is pending (CUBE-12, 13)."""
    offer = game.cube.offer
    if offer is None:
        game.push(Double())
    else:
        game.push(Beaver() if offer.redoubles == 0 else Raccoon())


def push_resignation(game: Game, loser: Color, points: int) -> None:
    """Push the resignation a record implies by ``points`` won, and its acceptance (RESIGN-2).

    The level is the smallest whose points at the current cube cover ``points`` (at most a
    backgammon), as gnubg's importers read it (RESIGN-1). A beaver or raccoon that ``loser``
    must answer is taken first: gnubg's ``.mat`` export leaves that take out.

    Raises :class:`~gammon.MatchRecordError` when ``loser`` is not the player to act (gammon
    replays only resignations made by the player to act), and the errors of
    :meth:`gammon.Game.push` (a resignation while a decision is pending, RESIGN-5).
    """
    _take_pending_redouble(game, loser)
    if game.to_act != loser:
        raise MatchRecordError(
            f"{loser} resigns but it is {game.to_act}'s turn; gammon replays resignations made "
            "by the player to act (RESIGN-1)"
        )
    cube = game.cube.value
    game.push(Resign(ResignLevel(1 if points <= cube else 2 if points <= 2 * cube else 3)))
    game.push(Accept())


def push_cube_action(game: Game, who: Color, kind: str) -> None:
    """Push a cube action a file shows for ``who``.

    ``kind`` is ``"double"`` (a beaver or raccoon when a double is pending, as gnubg records
    one), ``"beaver"`` (only then, CUBE-12), ``"take"`` or ``"drop"``.

    Raises :class:`~gammon.MatchRecordError` for an action out of turn or a beaver without a
    double, and the errors of :meth:`gammon.Game.push`.
    """
    if game.to_act != who:
        raise MatchRecordError(f"a {kind} by {who} but it is {game.to_act}'s turn")
    if kind in ("take", "drop"):
        game.push(Take() if kind == "take" else Drop())
    elif kind == "double" or game.cube.offer is not None:
        push_double(game)
    else:
        raise MatchRecordError(f"a {kind} without a double to beaver")


def push_play(game: Game, text: str) -> None:
    """Push the play of the roll just pushed, in gammon's notation (``""``: none is legal)."""
    dice = game.dice
    assert dice is not None
    game.push(game.position.parse_play(text, dice) if text else EmptyPlay())


def check_result(
    game: Game, winner: Color, points: int, said: str, *, resigned: bool, unreduced: bool
) -> None:
    """Check the result a file states (``said``), first pushing the resignation it implies.

    When the game is not over and the file says it was ``resigned``, the loser resigns as
    :func:`push_resignation` reads ``points``. ``unreduced`` also accepts the points before
    the Jacoby rule (gnubg's ``.mat`` export writes those, MONEY-2).

    Raises :class:`~gammon.MatchRecordError` when the rules give another result.
    """
    if game.result is None and resigned:
        push_resignation(game, winner.other(), points)
    r = game.result
    if r is None:
        return
    before_jacoby = unreduced_points(r)
    if r.winner == winner and (points == r.points or (unreduced and points == before_jacoby)):
        return
    note = ""
    if r.winner == winner and points == before_jacoby and game.cube_rules.jacoby:
        note = "; gammon applies the Jacoby rule to resignations too (RESIGN-2, MONEY-2), "
        note += "gnubg does not"
    raise MatchRecordError(f"{said} but the rules say {r}{note}")


def unreduced_points(result: GameResult) -> int:
    """The points of ``result`` before the Jacoby rule: its level times its cube (MONEY-2).

    gnubg's ``.mat`` export writes these in "Wins" lines, and gnubg scores resignations so.
    """
    return _LEVELS.get(result.kind, 1) * result.cube


def written_actions(
    record: GameRecord,
) -> Iterator[tuple[int, Action, Game, Optional[tuple[int, int]]]]:
    """The actions of a game as the file writers walk them: ``(index, action, before, dice)``.

    ``before`` is the game just before the action (one game, replayed as the walk goes on).
    Rolls are not yielded: ``dice`` are the dice of the roll before a play or before a
    resignation right after rolling, as files show them (the larger die first at the opening;
    ``None`` after a tie of the opening roll, which files do not show), else ``None``.
    """
    game = _game_at(record.game.match, record.game.cube_rules, record.game.position.variant)
    dice: Optional[tuple[int, int]] = None
    for index, a in enumerate(record.actions):
        if isinstance(a, Roll):
            opening = game.is_opening
            game.push(a)
            # As rolled; the opening roll larger die first; a tie of the opening roll not shown.
            dice = None if game.is_opening else a.dice if a.dice and not opening else game.dice
            continue
        yield index, a, game, dice
        if isinstance(a, (Play, EmptyPlay, Resign)):
            dice = None
        game.push(a)


def _game_at(board: Scoreboard, rules: CubeRules, variant: Variant) -> Game:
    if isinstance(board, Match):
        return Game(board, rules, variant=variant)
    return Game(session=board, cube=rules, variant=variant)


@contextmanager
def file_errors(
    prefix: str = "",
    *,
    game: Optional[int] = None,
    move: Optional[int] = None,
    line: Optional[int] = None,
) -> Iterator[None]:
    """Raise the errors of the block as :class:`~gammon.MatchRecordError` at this place.

    The ``game``, ``move`` and ``line`` fill in what an error does not know yet; the message
    of an :class:`~gammon.InvalidInputError` (an action the rules refuse) follows ``prefix``.
    """
    try:
        yield
    except MatchRecordError as e:
        raise e.located(game=game, move=move, line=line) from None
    except InvalidInputError as e:
        raise MatchRecordError(f"{prefix}{e}", game=game, move=move, line=line) from None


@dataclass
class FileGame:
    """One game as a file holds it, for :meth:`MatchRecord.read_games`.

    ``number`` and ``line`` say where it is (for errors); ``score`` is the score ``(white,
    black)`` the file states at its start (``None``: it does not say), in its ``stated_by``;
    ``replay(board)`` plays its actions in a game at ``board`` and returns that game.
    """

    number: int
    line: Optional[int]
    score: Optional[tuple[int, int]]
    replay: Callable[[Scoreboard], Game]
    stated_by: str = "the file"


def _on_off(value: bool) -> str:
    return "On" if value else "Off"


def record_settings(record: MatchRecord) -> list[tuple[str, str]]:
    """The settings a file of ``record`` states: ``[(name, value), ...]`` (see :data:`SETTINGS`).

    ``Crawford`` for a match, then each cube setting that applies to the record's kind of play
    and that :func:`rules_from_settings` would not read back from the ones before it.

    >>> record_settings(MatchRecord(0, cube_rules=CubeRules(jacoby=True)))
    [('Jacoby', 'On'), ('Beaver', 'Off'), ('AutomaticDoubles', '0'), ('CubeLimit', '64')]
    """
    out: list[tuple[str, str]] = []
    money = record.is_money
    if not money:
        out.append(("Crawford", _on_off(record.crawford)))
    stated: dict[str, str] = {}
    for name, attr, money_only in SETTINGS:
        if money_only and not money:
            continue
        value = getattr(record.cube_rules, attr)
        if value != getattr(rules_from_settings(stated)[0], attr):
            stated[name] = _on_off(value) if isinstance(value, bool) else str(value)
            out.append((name, stated[name]))
    return out


_NO_BEAVERS = {
    "raccoons": False,
    "max_beavers": CubeRules().max_beavers,
    "gnubg_raccoon_owner": CubeRules().gnubg_raccoon_owner,
}
"""What a file that turns beavers off implies for the settings that only matter with them:
no raccoons (CUBE-13) and the engine's defaults (MONEY-3)."""


def rules_from_settings(
    settings: Mapping[str, str], base: CubeRules = READ_CUBE_RULES
) -> tuple[CubeRules, Optional[bool]]:
    """Read settings a file states (names as in :data:`SETTINGS`, any case) over ``base``.

    Returns the cube rules and the Crawford rule (``None`` when the file does not say). Names
    that are not settings are left alone. A file that turns beavers off has no raccoons
    either (CUBE-13), and the engine's defaults for the other beaver settings unless it says.

    Raises :class:`~gammon.MatchRecordError` naming the setting for a value that is not
    ``On``/``Off`` or a number, or rules the core refuses (CUBE-10, CUBE-13, CUBE-20).
    """
    given = {k.lower(): v.strip() for k, v in settings.items()}
    changes: dict[str, Union[bool, int]] = {}
    for name, attr, _ in SETTINGS:
        if name.lower() in given:
            changes[attr] = _setting_value(name, given[name.lower()], getattr(base, attr))
    if changes.get("beavers") is False:
        for attr, value in _NO_BEAVERS.items():
            changes.setdefault(attr, value)
    crawford = None
    if "crawford" in given:
        crawford = bool(_setting_value("Crawford", given["crawford"], True))
    try:
        rules = base.replace(**changes)  # type: ignore[arg-type]
    except InvalidInputError as e:
        raise MatchRecordError(f"the settings {dict(settings)} are not cube rules: {e}") from None
    return rules, crawford


def _setting_value(name: str, text: str, like: object) -> Union[bool, int]:
    word = text.lower()
    if isinstance(like, bool):
        if word in ("on", "yes", "true", "1"):
            return True
        if word in ("off", "no", "false", "0"):
            return False
        raise MatchRecordError(f"the setting {name} is On or Off, not {text[:40]!r}")
    if word.isascii() and word.isdigit() and len(word) <= 10:
        return int(word)
    raise MatchRecordError(f"the setting {name} is a whole number, not {text[:40]!r}")


@dataclass
class MatchRecord:
    """A recorded match (``length`` >= 1) or money session (``length`` 0).

    ``names`` is ``(white, black)``; ``info`` holds the header fields a file carried
    (``"event"``, ``"site"``, ``"round"``, ``"date"``, ``"annotator"``, ``"comment"``...).
    ``crawford`` is the Crawford rule of a match (MATCH-3); a money session has none
    (MONEY-1), so it is always ``False`` there. ``cube_rules`` are the session's cube rules
    (in a match only its cap, cube use and dead-cube setting apply, CUBE-11).
    """

    length: int
    names: tuple[str, str] = ("White", "Black")
    crawford: bool = True
    variant: Variant = Variant.BACKGAMMON
    cube_rules: CubeRules = READ_CUBE_RULES
    games: list[GameRecord] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.length == 0:
            self.crawford = False

    @property
    def is_money(self) -> bool:
        """True for a money session."""
        return self.length == 0

    @property
    def final_board(self) -> Scoreboard:
        """The match (or session) as it stands after the last game of the record."""
        if not self.games:
            return self.first_board()
        last = self.games[-1].game
        return last.match if last.result is None else last.next_match()

    @property
    def final_score(self) -> tuple[int, int]:
        """The score ``(white, black)`` after the last game of the record."""
        return self.final_board.score

    @property
    def winner(self) -> Optional[Color]:
        """The winner of the match once it is over, else ``None`` (always ``None`` for money)."""
        board = self.final_board
        return board.winner if isinstance(board, Match) else None

    def first_board(self) -> Scoreboard:
        """The match (or session) as it stands before the first game."""
        if self.is_money:
            return MoneySession()
        return Match(self.length, crawford=self.crawford)

    def new_game(self, board: Scoreboard) -> Game:
        """Start a game of this record at ``board``."""
        return _game_at(board, self.cube_rules, self.variant)

    @classmethod
    def from_games(
        cls,
        games: Sequence[Game],
        *,
        names: tuple[str, str] = ("White", "Black"),
        info: Optional[dict[str, str]] = None,
    ) -> MatchRecord:
        """Build a record from games played one after the other in one match or session.

        Raises :class:`~gammon.InvalidInputError` for an empty list, games of different
        matches, or a game that does not start where the previous one ended.
        """
        if not games:
            raise InvalidInputError("MatchRecord.from_games: no games")
        first = games[0].match
        length = first.length
        crawford = first.crawford if isinstance(first, Match) else False
        rec = cls(
            length=length,
            names=names,
            crawford=crawford,
            variant=games[0].position.variant,
            cube_rules=games[0].cube_rules,
            info=dict(info or {}),
        )
        for i, g in enumerate(games):
            if i and games[i - 1].result is None:
                raise InvalidInputError(f"MatchRecord.from_games: game {i} is not over")
            if i and games[i - 1].next_match().score != g.match.score:
                raise InvalidInputError(
                    f"MatchRecord.from_games: game {i + 1} starts at {g.match.score}, not "
                    f"where game {i} ended ({games[i - 1].next_match().score})"
                )
            rec.games.append(GameRecord(actions=g.move_stack, game=g))
        return rec

    def read_games(self, games: Sequence[FileGame]) -> MatchRecord:
        """Replay the games of a file into this record, one after the other; returns it.

        Each game starts where the one before ended (the score a file states is checked);
        games after the end of the match are ignored, as gnubg ignores them.

        Raises :class:`~gammon.MatchRecordError` for a stated score the games before do not
        add up to, a game without an end followed by another, and the errors of the games'
        ``replay``.
        """
        board = self.first_board()
        for i, fg in enumerate(games):
            if board.is_over:
                break
            if fg.score is not None and fg.score != board.score:
                raise MatchRecordError(
                    f"{fg.stated_by} says the score is {fg.score[0]}-{fg.score[1]} (White-Black) "
                    f"but the games before it add up to {board.score[0]}-{board.score[1]}",
                    game=fg.number,
                    move=0,
                    line=fg.line,
                )
            game = fg.replay(board)
            self.games.append(GameRecord(actions=game.move_stack, game=game))
            if game.result is None:
                if i + 1 < len(games):
                    raise MatchRecordError(
                        "the game has no end (no bear-off, drop or resignation) but another "
                        "game follows",
                        game=fg.number,
                        line=fg.line,
                    )
                break
            board = game.next_match()
        return self
