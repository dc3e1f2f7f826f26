"""The Jellyfish ``.mat`` match format, as GNU Backgammon exports and imports it.

Facts from gnubg 1.07's sources (``export.c``: ``ExportGameJF``/``ExportMatchMat``;
``import.c``: ``ImportMat``/``ParseMatMove``): a header of ``;`` comments (``[Event "..."]``,
``[EventDate "2026.12.01"]``, ``[Variation "NackGammon"]``...), `` 7 point match`` (0 for
money), then per game `` Game N``, a score line ``name0 : s0    name1 : s1`` and numbered
lines with player 0's action in the left column and player 1's in the right. An action is
``53: 13/8 24/21`` (dice, then the moves with 25 for the bar and 0 for off, ``*`` for a hit),
``Doubles => 2``, ``Beavers => 4``, ``Takes``, ``Drops`` or ``Wins 2 points`` (after a
bear-off or a drop, or on its own when the loser resigned).

gnubg's player 0 (left column) is gammon's Black and player 1 (right) is White (see
``gammon.matchid``).

Reading is lenient: comments anywhere, ``#`` comments, a byte-order mark, blank lines, any
spacing (the column of an action is judged against the score line), a play wrapped onto the
next line, ``bar``/``off`` as well as 25/0, chained moves (``24/20*/16``), ``Cannot Move``
and XG's ``???`` for an unplayed roll, ``Wins`` without the final ``s``, and GamesGrid
ratings after the names. Writing follows gnubg's layout (the moves of a play in a legal
order, which may differ from the order gnubg printed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

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
from gammon.cube import ResignLevel
from gammon.errors import InvalidInputError, MatchRecordError
from gammon.game import Game
from gammon.matchfile import GameRecord, MatchRecord, _fresh_game, _rolled

__all__ = ["dumps", "format_play", "loads"]

_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(.*?)\s*:\s*(-?\d+)\s+(\S.*?)\s*:\s*(-?\d+)\s*$")
_NUMBER = re.compile(r"^\s*\d+\)")
_ANCHOR = re.compile(
    r"(?P<dice>\b[1-6][1-6]:)|(?P<word>\b(?:doubles|beavers|raccoons|takes|drops|wins|"
    r"resigns?)\b)",
    re.IGNORECASE,
)
_KINDS = {
    "doubles": "double",
    "beavers": "beaver",
    "raccoons": "raccoon",
    "takes": "take",
    "drops": "drop",
    "wins": "wins",
    "resign": "resign",
    "resigns": "resign",
}
_WRAP = re.compile(r"^(?:(?:bar|\d+)/(?:off|\d+)\*?(?:\(\d\))?\s*)+$", re.IGNORECASE)
_HEADER = re.compile(r'^\[(\w+)\s+"(.*)"\]$')
_INFO_KEYS = {
    "event": "event",
    "site": "site",
    "round": "round",
    "eventdate": "date",
    "transcriber": "annotator",
    "variation": "variation",
}


@dataclass
class _Entry:
    right: bool  # player 1's column (White)
    kind: str  # "roll", "double", "beaver", "raccoon", "take", "drop", "wins"
    text: str
    line: int  # the record's move number


@dataclass
class _RawGame:
    number: int
    names: tuple[str, str]  # (player 0, player 1)
    score: tuple[int, int]  # (player 0, player 1)
    entries: list[_Entry]


def _side_color(right: bool) -> Color:
    return Color.WHITE if right else Color.BLACK


def loads(text: str) -> MatchRecord:
    """Read a ``.mat`` text into a replayed :class:`~gammon.matchfile.MatchRecord`.

    Raises :class:`~gammon.MatchRecordError` for a text with no ``point match`` header or no
    game, and for an action the rules reject (with the game and move number).
    """
    info: dict[str, str] = {}
    comments: list[str] = []
    length: Optional[int] = None
    games: list[_RawGame] = []
    cur: Optional[_RawGame] = None
    split = 18
    move = 0
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.expandtabs(8).rstrip()
        s = line.strip()
        if not s:
            continue
        if s[0] in ";#":
            body = s[1:].strip()
            m = _HEADER.match(body)
            if m and m.group(1).lower() in _INFO_KEYS:
                info[_INFO_KEYS[m.group(1).lower()]] = m.group(2)
            elif body and not m:
                comments.append(body)
            continue
        if length is None:
            m = _LENGTH.match(line)
            if m:
                length = int(m.group(1))
            continue
        m = _GAME.match(line)
        if m and not _NUMBER.match(line):
            cur = None
            games.append(_RawGame(int(m.group(1)), ("", ""), (0, 0), []))
            continue
        if games and cur is None:
            m = _SCORE.match(line)
            if not m:
                raise MatchRecordError(f"expected a score line, found {s!r}", game=len(games))
            cur = games[-1]
            cur.names = (_name(m.group(1)), _name(m.group(3)))
            cur.score = (int(m.group(2)), int(m.group(4)))
            split = max(12, m.start(3) - 8)
            move = 0
            continue
        if cur is None:
            continue
        body_start = 0
        m = _NUMBER.match(line)
        if m:
            body_start = m.end()
            move = int(line[: m.end()].strip()[:-1])
        anchors = list(_ANCHOR.finditer(line, body_start))
        rest = line[body_start:].strip()
        if not anchors and cur.entries and cur.entries[-1].kind == "roll" and _WRAP.match(rest):
            # A play wrapped onto the next line (some programs wrap long lines).
            cur.entries[-1].text += " " + rest
            continue
        for i, a in enumerate(anchors):
            end = anchors[i + 1].start() if i + 1 < len(anchors) else len(line)
            chunk = line[a.start() : end].strip()
            if a.group("dice"):
                kind = "roll"
            else:
                kind = _KINDS[a.group("word").lower()]
                if kind == "resign":
                    continue  # a .gam note; the "Wins" line carries the result
            cur.entries.append(_Entry(a.start() >= split, kind, chunk, move))
    if length is None:
        raise MatchRecordError("not a .mat file: no 'N point match' line")
    if not games:
        raise MatchRecordError("the .mat file holds no game")
    if comments:
        info["comment"] = "\n".join(comments)
    variant = Variant.NACKGAMMON if "nack" in info.get("variation", "").lower() else None
    names = (games[0].names[1], games[0].names[0])
    rec = MatchRecord(
        length=length,
        names=names,
        crawford=length > 0,
        variant=variant or Variant.BACKGAMMON,
        info=info,
    )
    board = rec.first_board()
    for raw_game in games:
        gi = raw_game.number
        if board.is_over:
            break  # gnubg ignores games after the end of the match
        white_black = (raw_game.score[1], raw_game.score[0])
        if white_black != board.score:
            raise MatchRecordError(
                f"the score line says {raw_game.score[0]}-{raw_game.score[1]} but the games "
                f"before it add up to {board.score[1]}-{board.score[0]}",
                game=gi,
                move=0,
            )
        game = rec.new_game(board)
        actions = _replay(game, raw_game, gi)
        rec.games.append(GameRecord(actions=actions, game=game))
        if game.result is None:
            break
        board = game.next_match()
    return rec


def _name(s: str) -> str:
    # GamesGrid writes ratings after a comma.
    return s.split(",")[0].strip()


def _replay(game: Game, raw: _RawGame, gi: int) -> list[Action]:
    entries = raw.entries
    for i, e in enumerate(entries):
        try:
            _apply(game, e, entries[i + 1] if i + 1 < len(entries) else None)
        except InvalidInputError as exc:
            raise MatchRecordError(f"{e.text!r}: {exc}", game=gi, move=e.line) from None
    return game.move_stack


def _apply(game: Game, e: _Entry, nxt: Optional[_Entry]) -> None:
    who = _side_color(e.right)
    if e.kind == "wins":
        m = re.search(r"\d+", e.text)
        points = int(m.group()) if m else 1
        if game.result is None:
            _resign(game, who.other(), points)
        r = game.result
        if r is None or r.winner != who or r.points != points:
            raise MatchRecordError(
                f"the record says {who} wins {points} point(s), the rules say "
                f"{r if r is not None else 'the game goes on'}"
            )
        return
    if game.result is not None:
        raise MatchRecordError(f"{e.text!r} after the end of the game ({game.result})")
    if e.kind == "roll":
        _roll_and_play(game, e, who, nxt)
        return
    if game.turn != who:
        raise MatchRecordError(f"{e.text!r} in {who}'s column but it is {game.turn}'s turn")
    if e.kind in ("double", "beaver", "raccoon") and game.cube.offer is not None:
        # A beaver (or raccoon) answers the pending double.
        offer = game.cube.offer
        game.push(Beaver() if offer.redoubles == 0 else Raccoon())
    elif e.kind == "double":
        game.push(Double())
    elif e.kind == "take":
        game.push(Take())
    elif e.kind == "drop":
        game.push(Drop())
    else:
        raise MatchRecordError(f"{e.text!r}: no double to beaver")


def _roll_and_play(game: Game, e: _Entry, who: Color, nxt: Optional[_Entry]) -> None:
    d1, d2 = int(e.text[0]), int(e.text[1])
    moves = e.text[3:].strip()
    offer = game.cube.offer
    if offer is not None and offer.redoubles > 0:
        # A roll after a beaver (or raccoon): it was taken (gnubg's importer reads it so).
        game.push(Take())
    if game.is_opening:
        if d1 == d2:
            raise MatchRecordError(f"opening roll {d1}{d2}: the opening roll is never a double")
        hi, lo = max(d1, d2), min(d1, d2)
        game.push(Roll((hi, lo) if who == Color.WHITE else (lo, hi)))
    else:
        if game.position.turn != who or game.turn != who:
            raise MatchRecordError(f"{e.text!r} in {who}'s column but it is {game.turn}'s turn")
        game.push(Roll((d1, d2)))
    low = moves.lower()
    if low in ("", "cannot move", "???", "????") or set(low) <= {"?", " "}:
        if nxt is not None and nxt.kind == "wins" and not game.is_legal(EmptyPlay()):
            return  # the player resigned after rolling (XG writes "???")
        game.push(EmptyPlay())
        return
    game.push(_parse_play(game, moves))


_STEP = re.compile(r"^(bar|off|\d+)(\*?)$", re.IGNORECASE)
_COUNT = re.compile(r"^(.*?)\((\d)\)$")


def _parse_play(game: Game, text: str) -> Play:
    """Read a play as .mat files write it.

    ``13/8 24/21``, ``25/20``, ``6/0``, ``bar/22*``, ``8/5(2)`` and chains such as
    ``24/20*/16``.
    """
    parts = []
    for tok in text.replace(",", " ").split():
        count = 1
        m = _COUNT.match(tok)
        if m:
            tok, count = m.group(1), int(m.group(2))
        steps = []
        for raw in tok.split("/"):
            sm = _STEP.match(raw)
            if not sm:
                raise MatchRecordError(f"cannot read the move {tok!r}")
            point, hit = sm.group(1).lower(), sm.group(2)
            if point in ("bar", "25"):
                point = "bar"
            elif point in ("off", "0"):
                point = "off"
            else:
                point = str(int(point))
            steps.append((point, hit))
        if len(steps) < 2:
            raise MatchRecordError(f"cannot read the move {tok!r}")
        for _ in range(count):
            for (a, _), (b, hit) in zip(steps, steps[1:]):
                parts.append(f"{a}/{b}{hit}")
    dice = game.dice
    assert dice is not None
    return game.position.parse_play(" ".join(parts), dice)


def _resign(game: Game, loser: Color, points: int) -> None:
    cube = game.cube.value
    level = 1 if points <= cube else 2 if points <= 2 * cube else 3
    if game.cube.offer is not None or game.resignation is not None:
        raise MatchRecordError("a resignation while a decision is pending")
    if game.turn != loser:
        raise MatchRecordError(
            f"{loser} resigns but it is {game.turn}'s turn; gammon replays resignations made "
            "by the player to act"
        )
    game.push(Resign(ResignLevel(level)))
    game.push(Accept())


# -- writing ----------------------------------------------------------------------------


def format_play(play: Play) -> str:
    """Write a play as gnubg's ``.mat`` export does: one move per die, 25 = bar, 0 = off.

    >>> import gammon
    >>> format_play(gammon.Position.start().parse_play("8/5 6/5", (3, 1)))
    '8/5 6/5'
    """
    return " ".join(f"{m.from_point}/{m.to_point}{'*' if m.hit else ''}" for m in play.moves)


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def dumps(record: MatchRecord) -> str:
    """Write a record as ``.mat`` text in gnubg's export layout.

    Raises :class:`~gammon.InvalidInputError` for a game that holds what the format cannot
    say (a declined resignation, a raccoon).
    """
    out: list[str] = []
    info = record.info
    for key, tag in (
        ("site", "Site"),
        ("event", "Event"),
        ("round", "Round"),
        ("date", "EventDate"),
    ):
        if key in info:
            value = info[key].replace("-", ".") if key == "date" else info[key]
            out.append(f'; [{tag} "{value}"]')
    if record.variant == Variant.NACKGAMMON:
        out.append('; [Variation "NackGammon"]')
    if "annotator" in info:
        out.append(f'; [Transcriber "{info["annotator"]}"]')
    if "comment" in info:
        out.append("")
        out.extend("; " + c for c in info["comment"].splitlines())
    out.append("")
    out.append(f" {record.length} point match")
    out.append("")
    white, black = record.names
    for gi, g in enumerate(record.games, start=1):
        out.append(f" Game {gi}")
        w, b = g.score
        left = f"{black} : {b}"
        out.append(f" {left:<31}{white} : {w}")
        out.extend(_game_lines(g.actions, g.game, gi))
        out.append("")
    return "\n".join(out) + "\n"


def _game_lines(actions: list[Action], final: Game, gi: int) -> list[str]:
    shadow = _fresh_game(final)
    cells: list[tuple[int, str]] = []  # (slot, text): slot i -> line i//2+1, right if i odd
    pending_roll: Optional[tuple[int, int]] = None
    for a in actions:
        right = shadow.turn == Color.WHITE
        if isinstance(a, Roll):
            opening = shadow.is_opening
            shadow.push(a)
            pending_roll = _rolled(a, opening, shadow)
            continue
        if isinstance(a, (Play, EmptyPlay)):
            if pending_roll is None:
                raise InvalidInputError(f".mat: a play without a roll (game {gi})")
            text = f"{pending_roll[0]}{pending_roll[1]}: "
            if isinstance(a, Play):
                text += format_play(a) + " "
            pending_roll = None
        elif isinstance(a, Double):
            text = f" Doubles => {2 * shadow.cube.value}"
        elif isinstance(a, (Beaver, Raccoon)):
            offer = shadow.cube.offer
            if offer is None:
                raise InvalidInputError(f".mat: a {a} without a double (game {gi})")
            word = "Beavers" if isinstance(a, Beaver) else "Raccoons"
            text = f" {word} => {2 * offer.value}"
        elif isinstance(a, Take):
            offer = shadow.cube.offer
            if offer is not None and offer.redoubles > 0:
                shadow.push(a)
                continue  # gnubg's importer takes a beaver when the doubler rolls
            text = " Takes"
        elif isinstance(a, Drop):
            text = " Drops"
        elif isinstance(a, (Resign, Accept)):
            shadow.push(a)
            continue
        else:
            raise InvalidInputError(f".mat cannot record {a} (game {gi})")
        shadow.push(a)
        _put(cells, right, text)
    if pending_roll is not None:
        # Dice rolled, then a resignation: gnubg writes the dice alone.
        _put(cells, shadow.position.turn == Color.WHITE, f"{pending_roll[0]}{pending_roll[1]}: ")
    rows: dict[int, list[str]] = {}
    for sl, text in cells:
        rows.setdefault(sl // 2, ["", ""])[sl % 2] = text
    r = shadow.result
    closing = ""
    if r is not None:
        wins = f"Wins {r.points} point{_s(r.points)}"
        last = max(rows) if rows else 0
        row = rows.setdefault(last, ["", ""])
        if r.winner == Color.WHITE and not row[1]:
            row[1] = " " + wins
        else:
            closing = (" " * 34 if r.winner == Color.WHITE else " " * 6) + wins
    lines = [f"{n + 1:3d}) {rows[n][0].rstrip():<27} {rows[n][1]}".rstrip() for n in sorted(rows)]
    if closing:
        lines.append(closing)
    return lines


def _put(cells: list[tuple[int, str]], right: bool, text: str) -> None:
    slot = cells[-1][0] + 1 if cells else 0
    if (slot % 2 == 1) != right:
        slot += 1
    cells.append((slot, text))
