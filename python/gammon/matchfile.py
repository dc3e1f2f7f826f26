"""Match records: whole matches and money sessions in and out of files.

A :class:`MatchRecord` holds the players' names, the match length (0 for money play), the
Crawford rule and one :class:`GameRecord` per game. Each game record holds the actions of the
game exactly as :meth:`gammon.Game.push` takes them (the opening roll first), and replays into
a :class:`gammon.Game`: every record gammon reads has been replayed through the rules, so a
record that breaks them is reported with the game, the move number and the reason
(:class:`~gammon.MatchRecordError`).

:func:`read_match` reads Jellyfish/gnubg ``.mat`` text (:mod:`gammon.mat`) and gnubg's
``.sgf`` (:mod:`gammon.sgf`); :func:`write_match` writes either, choosing by the extension.

    >>> game = gammon.Game(gammon.Match(3), seed=5)
    >>> game.set_dice(3, 1); game.push("8/5 6/5")
    >>> rec = MatchRecord.from_games([game], names=("Alice", "Bob"))
    >>> rec.length, rec.final_score, len(rec.games[0].actions)
    (3, (0, 0), 2)
    >>> print(gammon.mat.dumps(rec).splitlines()[5])
      1)                             31: 8/5 6/5

Colours: as in the Match ID (``gammon.matchid``), White is gnubg's player 1 (the right-hand
column of a ``.mat`` file, ``B`` in gnubg's ``.sgf``) and Black its player 0 (left, ``W``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import IO, Optional, Union

import gammon
from gammon._core import Color, Variant
from gammon.actions import Accept, Action, Beaver, Double, Raccoon, Resign, Roll, Take
from gammon.cube import CubeRules, ResignLevel
from gammon.errors import InvalidInputError, MatchRecordError
from gammon.game import Game
from gammon.match import Match, MoneySession, Scoreboard
from gammon.result import GameResult

__all__ = [
    "READ_CUBE_RULES",
    "GameRecord",
    "MatchRecord",
    "push_double",
    "push_resignation",
    "push_roll",
    "read_match",
    "write_match",
]

READ_CUBE_RULES = CubeRules(
    max_cube=4096, beavers=True, raccoons=True, max_beavers=12, gnubg_raccoon_owner=True
)
"""The cube rules records are replayed with: gnubg's cap (``MAX_CUBE`` 4096), beavers and
raccoons allowed in money play (they are money-only, CUBE-11, so a match ignores them), and
gnubg's owner of the cube after a raccoon (CUBE-13's compatibility flag)."""

PathOrFile = Union[str, "os.PathLike[str]", IO[str]]


@dataclass
class GameRecord:
    """One game of a record: its actions and, once replayed, its :class:`gammon.Game`.

    ``actions`` are what :meth:`gammon.Game.push` took, oldest first (the opening
    ``Roll((white_die, black_die))`` first). ``game`` is the game after replaying them;
    :meth:`replay` builds a fresh copy. ``result`` is the game's result (``None`` for a game
    the record leaves unfinished).
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

    def replay(self) -> Game:
        """Return a new :class:`gammon.Game` with every action of the record pushed."""
        g = _fresh_game(self.game)
        for a in self.actions:
            g.push(a)
        return g


def push_roll(game: Game, roller: Color, dice: tuple[int, int]) -> None:
    """Push a roll a record shows for ``roller``.

    A beaver or raccoon still pending is taken first (a roll after one means it was taken, as
    gnubg's importer reads it); at the opening roll the roller's die is the larger (BG-10).

    Raises :class:`~gammon.MatchRecordError` for a double at the opening or a roll out of
    turn, and the errors of :meth:`gammon.Game.push`.
    """
    offer = game.cube.offer
    if offer is not None and offer.redoubles > 0:
        game.push(Take())
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


def push_double(game: Game) -> None:
    """Push a double a record shows: a beaver or raccoon when a double is pending (CUBE-12, 13)."""
    offer = game.cube.offer
    if offer is None:
        game.push(Double())
    else:
        game.push(Beaver() if offer.redoubles == 0 else Raccoon())


def push_resignation(game: Game, loser: Color, points: int) -> None:
    """Push the resignation a record implies by ``points`` won, and its acceptance (RESIGN-2).

    The level is the smallest whose points at the current cube cover ``points``, as gnubg's
    importer reads it. Raises :class:`~gammon.MatchRecordError` while a double or resignation
    awaits an answer, or when ``loser`` is not the player to act (gammon replays only
    resignations made by the player to act).
    """
    if game.cube.offer is not None or game.resignation is not None:
        raise MatchRecordError("a resignation while a decision is pending")
    cube = game.cube.value
    level = 1 if points <= cube else 2 if points <= 2 * cube else 3
    if game.to_act != loser:
        raise MatchRecordError(
            f"{loser} resigns but it is {game.to_act}'s turn; gammon replays resignations made "
            "by the player to act"
        )
    game.push(Resign(ResignLevel(level)))
    game.push(Accept())


def _rolled(roll: Roll, opening: bool, after: Game) -> Optional[tuple[int, int]]:
    """The dice a file shows for ``roll``: as rolled, larger first for the opening roll."""
    if after.is_opening:
        return None  # a tie of the opening roll: files do not show it
    if opening or roll.dice is None:
        return after.dice
    return roll.dice


def _fresh_game(game: Game) -> Game:
    board = game.match
    if isinstance(board, Match):
        return Game(board, game.cube_rules, variant=game.position.variant)
    return Game(session=board, cube=game.cube_rules, variant=game.position.variant)


@dataclass
class MatchRecord:
    """A recorded match (``length`` >= 1) or money session (``length`` 0).

    ``names`` is ``(white, black)``; ``info`` holds the header fields a file carried
    (``"event"``, ``"site"``, ``"round"``, ``"date"``, ``"annotator"``, ``"comment"``...).
    """

    length: int
    names: tuple[str, str] = ("White", "Black")
    crawford: bool = True
    variant: Variant = Variant.BACKGAMMON
    cube_rules: CubeRules = READ_CUBE_RULES
    games: list[GameRecord] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)

    @property
    def is_money(self) -> bool:
        """True for a money session."""
        return self.length == 0

    @property
    def final_score(self) -> tuple[int, int]:
        """The score ``(white, black)`` after the last game of the record."""
        if not self.games:
            return (0, 0)
        last = self.games[-1].game
        if last.result is None:
            return last.match.score
        return last.next_match().score

    @property
    def winner(self) -> Optional[Color]:
        """The winner of the match once it is over, else ``None`` (always ``None`` for money)."""
        if not self.games or self.is_money:
            return None
        last = self.games[-1].game
        if last.result is None:
            return None
        board = last.next_match()
        return board.winner if isinstance(board, Match) else None

    def first_board(self) -> Scoreboard:
        """The match (or session) as it stands before the first game."""
        if self.is_money:
            return MoneySession()
        return Match(self.length, crawford=self.crawford)

    def new_game(self, board: Scoreboard) -> Game:
        """Start a game of this record at ``board``."""
        if isinstance(board, Match):
            return Game(board, self.cube_rules, variant=self.variant)
        return Game(session=board, cube=self.cube_rules, variant=self.variant)

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

    @classmethod
    def replay(
        cls,
        games: Iterable[Sequence[Action]],
        *,
        length: int,
        names: tuple[str, str] = ("White", "Black"),
        crawford: bool = True,
        variant: Variant = Variant.BACKGAMMON,
        cube_rules: CubeRules = READ_CUBE_RULES,
        info: Optional[dict[str, str]] = None,
    ) -> MatchRecord:
        """Replay the actions of each game through the rules into a record.

        Raises :class:`~gammon.MatchRecordError` with the game and move number for an action
        the rules do not allow, or a game after the end of the match.
        """
        rec = cls(length, names, crawford, variant, cube_rules, info=dict(info or {}))
        board = rec.first_board()
        for gi, actions in enumerate(games, start=1):
            if board.is_over:
                raise MatchRecordError("a game after the end of the match", game=gi)
            game = rec.new_game(board)
            for mi, a in enumerate(actions, start=1):
                try:
                    game.push(a)
                except InvalidInputError as e:
                    raise MatchRecordError(f"{a}: {e}", game=gi, move=mi) from None
            rec.games.append(GameRecord(actions=list(actions), game=game))
            if game.result is None:
                break
            board = game.next_match()
        return rec


def _format_of(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext in (".mat", ".txt", ".gam"):
        return "mat"
    if ext == ".sgf":
        return "sgf"
    raise InvalidInputError(
        f"cannot tell the match format of {path!r}: use a .mat or .sgf extension or fmt="
    )


def read_match(source: PathOrFile, *, fmt: Optional[str] = None) -> MatchRecord:
    """Read a match or money session from a ``.mat`` or ``.sgf`` file (path or open file).

    The format comes from ``fmt`` (``"mat"`` or ``"sgf"``), the extension, or the text (an
    SGF file starts with ``(;``). Every game is replayed through the rules.

    Raises :class:`~gammon.MatchRecordError` (a :class:`~gammon.ParseError`) for a text that
    is not a record or a record the rules reject, with the game and move number, and
    :class:`OSError` for a file that cannot be read.
    """
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if fmt is None:
            fmt = "sgf" if text.lstrip().startswith("(;") else _format_of(path)
    else:
        text = source.read()
        if fmt is None:
            fmt = "sgf" if text.lstrip().startswith("(;") else "mat"
    if fmt == "mat":
        return gammon.mat.loads(text)
    if fmt == "sgf":
        return gammon.sgf.loads(text)
    raise InvalidInputError(f"read_match: fmt must be 'mat' or 'sgf', not {fmt!r}")


def write_match(record: MatchRecord, target: PathOrFile, *, fmt: Optional[str] = None) -> None:
    """Write a record as ``.mat`` or ``.sgf`` text (chosen by ``fmt`` or the extension).

    Raises :class:`~gammon.InvalidInputError` for an unknown format and :class:`OSError` for
    a file that cannot be written.
    """
    if isinstance(target, (str, os.PathLike)):
        path = os.fspath(target)
        fmt = fmt or _format_of(path)
        text = _dumps(record, fmt)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        target.write(_dumps(record, fmt or "mat"))


def _dumps(record: MatchRecord, fmt: str) -> str:
    if fmt == "mat":
        return gammon.mat.dumps(record)
    if fmt == "sgf":
        return gammon.sgf.dumps(record)
    raise InvalidInputError(f"write_match: fmt must be 'mat' or 'sgf', not {fmt!r}")
