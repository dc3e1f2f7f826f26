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
readers parse their syntax into the actions a file shows and hand them to
:func:`replay_file`, whose replay is the core's (what the formats leave out is inferred there,
and what the rules refuse is reported at its place); both write by one walk
(:func:`written_actions`).

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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Optional

from gammon._core import (
    MATCH_FILE_SETTINGS,
    Color,
    Play,
    TurnState,
    Variant,
    _file_settings,
    _read_file_settings,
    _replay_match_file,
)
from gammon._core import (
    READ_CUBE_RULES as _READ_CUBE_RULES,
)
from gammon.actions import (
    Accept,
    Action,
    Decline,
    EmptyPlay,
    Resign,
    Roll,
)
from gammon.cube import CubeRules
from gammon.errors import InvalidInputError, MatchRecordError
from gammon.game import Game
from gammon.match import Match, MoneySession, Scoreboard
from gammon.result import GameResult

__all__ = [
    "READ_CUBE_RULES",
    "SETTINGS",
    "FileEntry",
    "FileGame",
    "GameRecord",
    "MatchRecord",
    "file_errors",
    "record_settings",
    "replay_file",
    "rules_from_settings",
    "written_actions",
]

READ_CUBE_RULES: CubeRules = _READ_CUBE_RULES
"""The cube rules records are replayed with when their file does not say otherwise.

gnubg's cap (``MAX_CUBE`` 4096), beavers and raccoons allowed in money play (they are
money-only, CUBE-11, so a match ignores them), automatic doubles up to gnubg's limit of 12
(CUBE-20; a record only has the ones its file shows) and gnubg's owner of the cube after a
raccoon (CUBE-13's compatibility flag)."""

SETTINGS: tuple[tuple[str, str, bool], ...] = MATCH_FILE_SETTINGS
"""The cube settings a file can state: ``(name in the file, CubeRules field, money only)``.

``Jacoby``, ``Beaver`` and ``CubeLimit`` are the names eXtreme Gammon writes in its ``.mat``
headers (gnubg's importer reads and skips them, as it does ``Crawford``); the others are
gammon's. A flag is ``On`` or ``Off``, a number is written in decimal."""


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
        """How often the cube was turned by tied opening rolls (BG-11, CUBE-20).

        Read from the game's history: the cube once the opening roll is decided is 2 to
        that power.
        """
        states = [s for _, s in self.game._stack] + [self.game.state]
        decided = next((s for s in states if not s.is_opening), states[-1])
        return decided.cube.value.bit_length() - 1

    def replay(self) -> Game:
        """Return a new :class:`gammon.Game` with every action of the record pushed."""
        g = _game_at(self.game.match, self.game.cube_rules, self.game.position.variant)
        for a in self.actions:
            g.push(a)
        return g


def written_actions(
    record: GameRecord, fmt: str, number: int
) -> Iterator[tuple[int, Action, TurnState, Optional[tuple[int, int]]]]:
    """The actions of game ``number`` as the writers of ``fmt`` walk them.

    Yields ``(index, action, before, dice)``: ``before`` is the :class:`~gammon.TurnState`
    the action was taken in (from the game's history). Rolls and accepted resignations are
    not yielded: ``dice`` are the dice of the roll before a play (never ``None``) or before a
    resignation right after rolling, as files show them (the larger die first at the opening;
    ``None`` after a tie of the opening roll, which files do not show), else ``None``.

    Raises :class:`~gammon.InvalidInputError` for what the formats cannot hold (a declined
    resignation, a play without a roll).
    """
    history = record.game._stack
    dice: Optional[tuple[int, int]] = None
    for index, (a, before) in enumerate(history):
        if isinstance(a, Roll):
            after = history[index + 1][1] if index + 1 < len(history) else record.game.state
            # As rolled; the opening roll larger die first; a tie of the opening roll not shown.
            dice = None if after.is_opening else after.dice if before.is_opening else a.dice
            continue
        playing = isinstance(a, (Play, EmptyPlay))
        if isinstance(a, Decline) or (playing and dice is None):
            what = "a play without a roll" if playing else a
            raise InvalidInputError(f"{fmt} cannot record {what} (game {number})")
        if not isinstance(a, Accept):
            yield index, a, before, dice
        if playing or isinstance(a, Resign):
            dice = None


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


def record_settings(record: MatchRecord) -> list[tuple[str, str]]:
    """The settings a file of ``record`` states: ``[(name, value), ...]`` (see :data:`SETTINGS`).

    ``Crawford`` for a match, then each cube setting that applies to the record's kind of play
    and that :func:`rules_from_settings` would not read back from the ones before it.

    >>> record_settings(MatchRecord(0, cube_rules=CubeRules(jacoby=True)))
    [('Jacoby', 'On'), ('Beaver', 'Off'), ('AutomaticDoubles', '0'), ('CubeLimit', '64')]
    """
    crawford = None if record.is_money else record.crawford
    return _file_settings(record.cube_rules, crawford, READ_CUBE_RULES)


def rules_from_settings(
    settings: Mapping[str, str], base: CubeRules = READ_CUBE_RULES
) -> tuple[CubeRules, Optional[bool]]:
    """Read settings a file states (names as in :data:`SETTINGS`, any case) over ``base``.

    Returns the cube rules and the Crawford rule (``None`` when the file does not say). Names
    that are not settings are left alone. A file that turns beavers off has no raccoons
    either (CUBE-13), and the engine's defaults for the other beaver settings unless it says.

    Raises :class:`~gammon.MatchRecordError` naming the setting for a value that is not
    ``On``/``Off`` or a number in range, or rules the core refuses (CUBE-10, CUBE-13, CUBE-20).
    """
    return _read_file_settings(list(settings.items()), base)


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

    def _add_replayed(self, games: Iterable[tuple[list[Action], list[TurnState]]]) -> MatchRecord:
        """Add the games the core replayed, each ``(actions, states)``: a game's history.

        The first game starts at :meth:`first_board`, each next one where the one before ended.
        """
        board = self.first_board()
        for actions, states in games:
            game = self.new_game(board)
            game._stack, game._state = list(zip(actions, states)), states[-1]
            self.games.append(GameRecord(actions=actions, game=game))
            if game.result is not None:
                board = game.next_match()
        return self

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


FileEntry = tuple[
    str, Color, Optional[tuple[int, int]], Optional[str], int, int, Optional[int], str
]
"""One action a reader parsed: ``(kind, who, dice, text, points, move, line, prefix)``.

``kind`` is ``"roll"`` (``dice``, then the play ``text`` in gammon's notation, ``""`` for the
empty play), ``"unplayed"`` (a roll the file shows no play for: before a result, maybe one its
player resigned after), ``"dice"`` (the roll alone), ``"double"``, ``"beaver"``,
``"raccoon"``, ``"take"``, ``"drop"``, ``"resigned"`` / ``"result"`` (``who`` won ``points``,
resigned or not; ``text`` says how the file says it) or ``"unreadable"`` (a result that cannot
be read: the error ``text`` unless the game is over). ``move`` and ``line`` say where it is;
``prefix`` begins the message of a refusal of the rules."""

FileGame = tuple[int, Optional[int], Optional[tuple[int, int]], Optional[int], list[FileEntry]]
"""One game a reader parsed: ``(number, line, score, automatic_doubles, entries)``, with the
score ``(white, black)`` the file states at its start (``None``: it does not say) and the
automatic doubles it states (``None``: inferred in money play, CUBE-20)."""


def replay_file(
    record: MatchRecord,
    games: Sequence[FileGame],
    *,
    stated_by: str,
    crawford: Optional[bool] = None,
    jacoby: Optional[bool] = None,
    unreduced: bool = False,
) -> MatchRecord:
    """Replay the games a reader parsed into ``record`` (empty, with the file's settings).

    The replay is the core's: each game starts where the one before ended (the score a file
    states, said by ``stated_by``, is checked); games after the end of the match are ignored,
    as gnubg ignores them. ``crawford`` / ``jacoby`` ``None`` leave the rule to what the games
    show (MATCH-3, MONEY-2); ``unreduced`` accepts results stated before the Jacoby rule.

    Raises :class:`~gammon.MatchRecordError` naming the game, the move and the line for what
    the rules refuse, a result or stated score the games do not add up to, and a game without
    an end followed by another.
    """
    record.crawford, record.cube_rules, replayed = _replay_match_file(
        record.length,
        record.variant,
        record.cube_rules,
        crawford if record.length else False,
        jacoby if record.is_money else record.cube_rules.jacoby,
        stated_by,
        unreduced,
        list(games),
    )
    return record._add_replayed(replayed)
