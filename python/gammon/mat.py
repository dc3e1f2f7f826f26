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

**What the format leaves out, and how gammon reads it.** A ``.mat`` file does not say whether
a match used the Crawford rule, nor the Jacoby rule or the automatic doubles of a money
session, and gnubg's importer assumes the Crawford rule, takes the Jacoby rule from its own
settings and knows no automatic doubles. gammon reads:

- the settings from header lines when a file has them: ``; [Crawford "Off"]``,
  ``; [Jacoby "On"]``, ``; [Beaver "On"]`` and ``; [CubeLimit "1024"]`` as eXtreme Gammon
  writes them (gnubg reads and skips these), and gammon's own for what else its cube rules
  hold (:data:`gammon.matchfile.SETTINGS`);
- otherwise the Crawford rule as on, unless a cube action in what would be the Crawford game
  shows that it was off (MATCH-3);
- otherwise the Jacoby rule as off, unless the score lines show that gammons did not count on
  a centred cube (MONEY-2);
- the automatic doubles of a money game (the cube turned by tied opening rolls, CUBE-20) from
  the next game's score line, and for the last game from its ``Wins`` line. gnubg's export
  counts "Doubles => N" and "Wins N points" from a cube of 1 whatever the automatic doubles
  and without the Jacoby rule; gammon writes the points won. Both read. The last game of a
  gnubg session has no score line after it, so its automatic doubles cannot be seen.

gammon writes the settings that differ from what a bare file is read with as such header
lines (:func:`gammon.matchfile.record_settings`), so that its files read back with every
setting of the record.

Reading is lenient: comments anywhere, ``#`` comments, a byte-order mark, blank lines, any
spacing (the column of an action is judged against the score line), a play wrapped onto the
next line, ``bar``/``off`` as well as 25/0, chained moves (``24/20*/16``), ``Cannot Move``
and XG's ``???`` for an unplayed roll, ``Wins`` without the final ``s``, GamesGrid ratings
after the names, the take of a beaver that gnubg leaves out before a resignation, and an
opening roll gnubg writes in the wrong column when its roller resigns at once. Writing follows
gnubg's layout (the moves of a play in a legal order, which may differ from the order gnubg
printed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from gammon._core import Color, Play, Variant, find_variant
from gammon.actions import (
    Beaver,
    Double,
    Drop,
    EmptyPlay,
    Raccoon,
    Resign,
    Roll,
    Take,
)
from gammon.errors import InvalidInputError, MatchRecordError
from gammon.matchfile import (
    FileEntry,
    FileGame,
    GameRecord,
    MatchRecord,
    file_errors,
    record_settings,
    replay_file,
    rules_from_settings,
    written_actions,
)

__all__ = ["dumps", "format_play", "loads"]

_LENGTH = re.compile(r"^\s*(\d{1,9})\s+point\s+match", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d{1,9})\b", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(.*?)\s*:\s*(-?\d{1,9})\s+(.*?)\s*:\s*(-?\d{1,9})\s*$")
_NUMBER = re.compile(r"^\s*\d{1,9}\)")
_ANCHOR = re.compile(
    r"(?P<dice>\b[1-6][1-6]:)|(?P<word>\b(?:doubles|beavers|raccoons|takes|drops|wins|"
    r"resigns?)\b)",
    re.IGNORECASE,
)
_WRAP = re.compile(r"^(?:(?:bar|\d+)/(?:off|\d+)\*?(?:\(\d\))?\s*)+$", re.IGNORECASE)
_HEADER = re.compile(r'^\[(\w[\w ]*?)\s+"(.*)"\]$')
_LINE = re.compile(r"([^\r\n]*)(?:\r\n|\r|\n|\Z)")
"""A line and its end (LF, CR LF or CR)."""
_COMMENT = re.compile(r"\s*[;#]\s*")
_INFO_TAGS = {
    "Site": "site",
    "Event": "event",
    "Round": "round",
    "EventDate": "date",
    "Transcriber": "annotator",
}
"""The header tags of match information and their keys in ``MatchRecord.info``."""
_INFO_KEYS = {tag.lower(): key for tag, key in _INFO_TAGS.items()}
_VARIANT_NAMES = {
    Variant.NACKGAMMON: "NackGammon",
    Variant.HYPERGAMMON_1: "Hypergammon1",
    Variant.HYPERGAMMON_2: "Hypergammon2",
    Variant.HYPERGAMMON_3: "Hypergammon3",
}


@dataclass
class _Entry:
    right: bool  # player 1's column (White)
    kind: str  # "roll", or the word without its "s": "double", "beaver", "take", "win"...
    text: str
    move: int  # the record's move number
    line: int  # the line of the file


@dataclass
class _RawGame:
    number: int
    line: int  # the line of the score line
    names: tuple[str, str] = ("", "")  # (player 0, player 1)
    score: tuple[int, int] = (0, 0)  # (player 0, player 1)
    entries: list[_Entry] = field(default_factory=list)

    @property
    def white_black(self) -> tuple[int, int]:
        return (self.score[1], self.score[0])


@dataclass
class _Parsed:
    length: int
    info: dict[str, str]
    settings: dict[str, str]
    settings_line: Optional[int]  # the first settings line
    variant: Variant
    games: list[_RawGame]


def loads(
    text: str, *, crawford: Optional[bool] = None, jacoby: Optional[bool] = None
) -> MatchRecord:
    """Read a ``.mat`` text into a replayed :class:`~gammon.matchfile.MatchRecord`.

    ``crawford`` and ``jacoby`` override what the file says or implies (see the module's
    notes on what the format leaves out).

    Raises :class:`~gammon.MatchRecordError` for a text with no ``point match`` header or no
    game, for an action the rules reject and for a score line the games before it do not add
    up to, with the line, the game and the move number.
    """
    parsed = _parse(text)
    with file_errors(line=parsed.settings_line):
        rules, file_crawford = rules_from_settings(parsed.settings)
    if jacoby is not None:
        rules = rules.replace(jacoby=jacoby)
    known_jacoby = jacoby is not None or "jacoby" in {k.lower() for k in parsed.settings}
    first = parsed.games[0]
    rec = MatchRecord(
        length=parsed.length,
        names=(first.names[1], first.names[0]),
        variant=parsed.variant,
        cube_rules=rules,
        info=dict(parsed.info),
    )
    return replay_file(
        rec,
        [_file_game(raw) for raw in parsed.games],
        stated_by="the score line",
        crawford=file_crawford if crawford is None else crawford,
        jacoby=rules.jacoby if known_jacoby else None,
        unreduced=True,
    )


def _parse(text: str) -> _Parsed:
    info: dict[str, str] = {}
    settings: dict[str, str] = {}
    settings_line: Optional[int] = None
    comments: list[str] = []
    length: Optional[int] = None
    variant = Variant.BACKGAMMON
    games: list[_RawGame] = []
    cur: Optional[_RawGame] = None
    split = 18
    move = 0
    text = text.lstrip("\ufeff")
    for lineno, each in enumerate(_LINE.finditer(text), start=1):
        start, end = each.span(1)
        c = _COMMENT.match(text, start, end)
        if c is not None:
            body = text[c.end() : end].rstrip()  # one copy, however long the comment
            m = _HEADER.match(body)
            if m is None:
                if body:
                    comments.append(body)
                continue
            key, value = m.group(1).lower().replace(" ", ""), m.group(2)
            if key in _INFO_KEYS:
                info[_INFO_KEYS[key]] = value
            elif key == "variation":
                with file_errors(f"the variation {value[:40]!r}: ", line=lineno):
                    variant = find_variant(value)  # the core's names (gnubg's read too)
                    if variant == Variant.LONG_NARDY:
                        raise InvalidInputError(".mat files hold backgammon variants")
            else:
                settings[m.group(1).replace(" ", "")] = value
                settings_line = settings_line or lineno
            continue
        raw = text[start:end]
        s = raw.strip()
        if not s:
            continue
        line = raw.expandtabs(8).rstrip()
        if length is None:
            m = _LENGTH.match(line)
            if m:
                length = int(m.group(1))
                if length > 32767:
                    raise MatchRecordError(
                        f"a {length}-point match is longer than 32767 points (MATCH-1)",
                        line=lineno,
                    )
            continue
        m = _GAME.match(line)
        if m and not _NUMBER.match(line):
            cur = None
            games.append(_RawGame(int(m.group(1)), lineno))
            continue
        if games and cur is None:
            m = _SCORE.match(line)
            if not m:
                raise MatchRecordError(
                    f"expected a score line, found {s[:60]!r}", game=len(games), line=lineno
                )
            cur = games[-1]
            cur.line = lineno
            cur.names = (_name(m.group(1)), _name(m.group(3)))
            cur.score = (int(m.group(2)), int(m.group(4)))
            # The right-hand column starts near the second name (gnubg: column 33), however
            # long the first name is.
            split = min(max(12, m.start(3) - 8), 33)
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
                kind = a.group("word").lower().rstrip("s")
                if kind == "resign":
                    continue  # a .gam note; the "Wins" line carries the result
            cur.entries.append(_Entry(a.start() >= split, kind, chunk, move, lineno))
    if length is None:
        raise MatchRecordError("not a .mat file: no 'N point match' line")
    if games and cur is None:
        games.pop()  # the file stops before the last game's score line
    if not games:
        raise MatchRecordError("the .mat file holds no game")
    if comments:
        info["comment"] = "\n".join(comments)
    return _Parsed(length, info, settings, settings_line, variant, games)


_RATING = re.compile(r",\s*[\d.+/-]+\s*$")


def _name(s: str) -> str:
    # GamesGrid writes a rating after a comma ("Alice, 1620.5").
    return _RATING.sub("", s).strip()


def _file_game(raw: _RawGame) -> FileGame:
    """A game's entries as the replay takes them (see :data:`gammon.matchfile.FileEntry`)."""
    entries: list[FileEntry] = []
    for e in raw.entries:
        who = Color.WHITE if e.right else Color.BLACK
        where = (e.move, e.line, f"{e.text!r}: ")
        if e.kind == "win":
            m = re.search(r"\d+", e.text)
            points = int(m.group()[:9]) if m else 1
            said = f"the record says {who} wins {points} point(s)"
            entries.append(("resigned", who, None, said, points, *where))
        elif e.kind != "roll":
            entries.append((e.kind, who, None, None, 0, *where))
        else:
            # gammon's notation reads what .mat files write: 25 for the bar, 0 for off, chains
            # and counts ("24/20*/16", "8/5(2)").
            moves = e.text[3:].strip()
            low = moves.lower()
            unplayed = low in ("", "cannot move", "???", "????") or set(low) <= {"?", " "}
            kind, play = ("unplayed", "") if unplayed else ("roll", moves.replace(",", " "))
            entries.append((kind, who, (int(e.text[0]), int(e.text[1])), play, 0, *where))
    return (raw.number, raw.line, raw.white_black, None, entries)


# -- writing ----------------------------------------------------------------------------


def format_play(play: Play) -> str:
    """Write a play as gnubg's ``.mat`` export does: one move per die, 25 = bar, 0 = off.

    >>> import gammon
    >>> format_play(gammon.Position.start().parse_play("8/5 6/5", (3, 1)))
    '8/5 6/5'
    """
    return " ".join(f"{m.from_point}/{m.to_point}{'*' if m.hit else ''}" for m in play.moves)


def dumps(record: MatchRecord) -> str:
    """Write a record as ``.mat`` text in gnubg's export layout.

    The settings the format has no place for (the Crawford rule, the cube rules of a money
    session) are header lines (:func:`gammon.matchfile.record_settings`); "Doubles => N" and
    "Wins N points" give the cube and the points as played, automatic doubles included. In
    the players' names, a colon becomes ``_`` and runs of spaces one space (a score line reads
    ``name : score``).

    Raises :class:`~gammon.InvalidInputError` for a game that holds what the format cannot
    say (a declined resignation, a variant other than backgammon, nackgammon and hypergammon).
    """
    out: list[str] = []
    info = record.info
    for tag, key in _INFO_TAGS.items():
        if key in info and key != "annotator":  # the transcriber follows the settings
            value = info[key].replace("-", ".") if key == "date" else info[key]
            out.append(f'; [{tag} "{_header_text(value)}"]')
    if record.variant in _VARIANT_NAMES:
        out.append(f'; [Variation "{_VARIANT_NAMES[record.variant]}"]')
    elif record.variant != Variant.BACKGAMMON:
        raise InvalidInputError(f".mat cannot hold a {record.variant} match")
    out.extend(f'; [{name} "{value}"]' for name, value in record_settings(record))
    if "annotator" in info:
        out.append(f'; [Transcriber "{_header_text(info["annotator"])}"]')
    if "comment" in info:
        out.append("")
        out.extend("; " + c for c in info["comment"].splitlines())
    out.append("")
    out.append(f" {record.length} point match")
    out.append("")
    # A score line is "name : score": a name keeps its words, and a colon becomes "_".
    white, black = (" ".join(name.replace(":", "_").split()) for name in record.names)
    for gi, g in enumerate(record.games, start=1):
        out.append(f" Game {gi}")
        w, b = g.score
        left = f"{black} : {b}"
        out.append(f" {left:<30} {white} : {w}")
        out.extend(_game_lines(g, gi))
        out.append("")
    return "\n".join(out) + "\n"


def _header_text(value: str) -> str:
    return " ".join(value.replace('"', "'").split())


def _game_lines(g: GameRecord, gi: int) -> list[str]:
    cells: list[tuple[int, str]] = []  # (slot, text): slot i -> line i//2+1, right if i odd
    for index, a, before, dice in written_actions(g, ".mat", gi):
        if isinstance(a, (Play, EmptyPlay)):
            assert dice is not None
            text = f"{dice[0]}{dice[1]}: " + (format_play(a) + " " if isinstance(a, Play) else "")
        elif isinstance(a, Double):
            text = f" Doubles => {2 * before.cube.value}"
        elif isinstance(a, (Beaver, Raccoon)) and before.cube.offer is not None:
            # As gnubg 1.07 writes them, "Beavers" (its importer takes the chain when the
            # doubler next rolls); a chain that ends otherwise (dropped, or taken and then
            # resigned) ends with "Doubles" and an explicit take: after "Beavers" gnubg's
            # importer would take the chain at the next roll, even in the next game.
            nxt = g.actions[index + 1 : index + 3]
            more = bool(nxt) and isinstance(nxt[0], (Beaver, Raccoon))
            taken = len(nxt) == 2 and isinstance(nxt[0], Take) and isinstance(nxt[1], Roll)
            word = "Beavers" if more or taken else "Doubles"
            text = f" {word} => {2 * before.cube.offer.value}"
        elif isinstance(a, Take):
            offer = before.cube.offer
            after = g.actions[index + 1] if index + 1 < len(g.actions) else None
            if offer is not None and offer.redoubles > 0 and isinstance(after, Roll):
                continue  # gnubg's importer takes a beaver when the doubler rolls
            text = " Takes"
        elif isinstance(a, Drop):
            text = " Drops"
        elif isinstance(a, Resign):
            if dice is not None:  # dice rolled, then a resignation: gnubg writes them alone
                _put(cells, before.position.turn == Color.WHITE, f"{dice[0]}{dice[1]}: ")
            continue
        _put(cells, before.to_act == Color.WHITE, text)
    rows: dict[int, list[str]] = {}
    for sl, text in cells:
        rows.setdefault(sl // 2, ["", ""])[sl % 2] = text
    r = g.result
    closing = ""
    if r is not None:
        wins = f"Wins {r.points} point{'' if r.points == 1 else 's'}"
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
