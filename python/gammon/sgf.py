"""GNU Backgammon's ``.sgf`` match format (SGF FF[4], ``GM[6]`` for backgammon).

Facts from gnubg 1.07's ``sgf.c`` (``SaveGame``, ``WriteMove``, ``RestoreNode``): one game tree
per game. The root node holds ``MI[length:7][game:0][ws:0][bs:0]`` (match length, 0 for money;
the 0-based game number; the scores of ``W`` and ``B``), the names ``PW``/``PB``, ``RU[...]``
(``Crawford``, ``CrawfordGame``, ``Jacoby``, ``NoCube``, ``Nackgammon``...), ``CV[4]`` (the
cube after the automatic doubles of the opening, CUBE-20), ``RE[B+2]`` (``R`` appended for a
resignation) and match information (``DT``, ``EV``, ``RO``, ``PC``, ``AN``, ``GC``). Then one
node per action: ``;B[53lqad]`` is player B rolling 53 and moving; each move is a from/to pair
of letters, ``a``..``x`` for points in W's numbering (B's numbering mirrored), ``y`` for the
bar and ``z`` for off; ``;W[double]``, ``;B[take]``, ``;B[drop]``; ``;PL[B]DI[53]`` is a roll
not played (the player resigned). A resignation is not a node: only ``RE[...R]`` says it
happened.

``W`` is gnubg's player 0 (gammon's Black) and ``B`` its player 1 (gammon's White), as in the
Match ID (``gammon.matchid``). A beaver is written as gnubg records one: a ``double`` by the
doubled player. Setup nodes (``AE``, ``AW``, ``AB``, and ``CV``/``CP`` after the root: an
edited position or cube) are reported; other properties (analysis, comments, properties of
other programs) are skipped without being kept.

gammon writes the cube settings gnubg's ``RU`` has no name for (beavers, the cap...) as more
``RU`` entries, ``Name=Value`` with the names of :data:`gammon.matchfile.SETTINGS`; gnubg
skips rule names it does not know.
"""

from __future__ import annotations

import re
from typing import Optional

from gammon._core import Color, Play, Variant, find_variant
from gammon.actions import (
    Beaver,
    Double,
    Drop,
    EmptyPlay,
    Raccoon,
    Resign,
    Take,
)
from gammon.errors import MatchRecordError
from gammon.match import Match
from gammon.matchfile import (
    READ_CUBE_RULES,
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

__all__ = ["dumps", "loads"]

_VARIANTS = ("nackgammon", "hypergammon")
"""How the names of the variants gnubg's ``RU`` holds begin (``Nackgammon``, ``Hypergammon2``)."""
_INFO = {
    "DT": "date",
    "EV": "event",
    "RO": "round",
    "PC": "site",
    "AN": "annotator",
    "GC": "comment",
}
_KEPT = frozenset(
    {"GM", "MI", "RU", "PB", "PW", "RE", "CV", "CP", "B", "W", "PL", "DI", "AE", "AW", "AB"}
    | set(_INFO)
)
"""The properties the reader uses; the values of all others are skipped, not copied."""

_IDENT = re.compile(r"[A-Za-z]+")
_SPACE = re.compile(r"\s*")
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_VALUE = re.compile(r"\[((?:[^\\\]]|\\.)*)\]", re.DOTALL)
"""A property value: ``[...]``, in which a backslash escapes the next character."""


class _Node:
    """An SGF node: the properties kept and where the node starts in the text."""

    __slots__ = ("offset", "props")

    def __init__(self, offset: int) -> None:
        self.offset = offset
        self.props: dict[str, list[str]] = {}

    def get(self, ident: str) -> Optional[str]:
        values = self.props.get(ident)
        return values[0] if values else None


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _trees(text: str) -> list[list[_Node]]:
    """Split an SGF text into game trees, each a list of nodes (variations flattened)."""
    trees: list[list[_Node]] = []
    depth = 0
    i, n = 0, len(text)
    nodes: list[_Node] = []
    opened = 0
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
            if depth == 1:
                nodes = []
                opened = i
            i += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                raise MatchRecordError("SGF: unbalanced ')'", line=_line(text, i))
            if depth == 0:
                trees.append(nodes)
            i += 1
        elif c == ";":
            if depth == 0:
                raise MatchRecordError("SGF: a node outside a game tree", line=_line(text, i))
            node = _Node(i)
            i += 1
            while True:
                i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
                m = _IDENT.match(text, i)
                if not m:
                    break
                ident = "".join(ch for ch in m.group() if ch.isupper())
                i = _SPACE.match(text, m.end()).end()  # type: ignore[union-attr]
                if i >= n or text[i] != "[":
                    raise MatchRecordError(
                        f"SGF: the property {m.group()[:20]} has no value", line=_line(text, i)
                    )
                while i < n and text[i] == "[":
                    v = _VALUE.match(text, i)
                    if v is None:
                        raise MatchRecordError(
                            "SGF: a property value without ']'", line=_line(text, i)
                        )
                    if ident in _KEPT:
                        value = v.group(1)
                        if "\\" in value:
                            value = _ESCAPE.sub(r"\1", value)
                        node.props.setdefault(ident, []).append(value)
                    i = _SPACE.match(text, v.end()).end()  # type: ignore[union-attr]
            nodes.append(node)
        elif c.isspace():
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
        else:
            raise MatchRecordError(f"SGF: unexpected {c!r}", line=_line(text, i))
    if depth != 0:
        raise MatchRecordError(
            "SGF: the game tree that starts here is not closed (the file is cut short?)",
            game=len(trees) + 1,
            line=_line(text, opened),
        )
    return trees


def _point(letter: str, white_side: bool) -> int:
    """A letter's point in the mover's numbering (25 = bar, 0 = off)."""
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    k = ord(letter) - ord("a")
    if not 0 <= k <= 23:
        raise MatchRecordError(f"SGF: {letter!r} is not a point letter (a-x, y, z)")
    # W (player 0, gammon's Black) counts a=1; B (player 1, White) counts x=1.
    return 24 - k if white_side else k + 1


def _letter(point: int, white_side: bool) -> str:
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + (24 - point if white_side else point - 1))


def _int(value: str, what: str) -> int:
    v = value.strip()
    if not (v.isascii() and v.isdigit() and len(v) <= 9):
        raise MatchRecordError(f"SGF: {what} is a whole number, not {value[:20]!r}")
    return int(v)


def loads(
    text: str, *, crawford: Optional[bool] = None, jacoby: Optional[bool] = None
) -> MatchRecord:
    """Read gnubg ``.sgf`` text into a replayed :class:`~gammon.matchfile.MatchRecord`.

    ``crawford`` and ``jacoby`` override the file's ``RU`` (the Crawford rule of a match,
    MATCH-3, and the Jacoby rule of a money session, MONEY-2).

    Raises :class:`~gammon.MatchRecordError` for a text that is not a backgammon SGF and for
    an action the rules reject, with the line, the game and the node number as the move.
    """
    trees = _trees(text.lstrip("\ufeff"))
    if not trees or not trees[0]:
        raise MatchRecordError("SGF: no game tree")
    root0 = trees[0][0]
    where = _line(text, root0.offset)
    gm = root0.get("GM") or "6"
    if gm.strip() != "6":
        raise MatchRecordError(f"SGF: GM[{gm[:20]}] is not backgammon (GM[6])", line=where)
    mi = dict(_mi(v) for v in root0.props.get("MI", []))
    with file_errors(game=1, line=where):
        length = _int(mi.get("length", "0") or "0", "the match length of MI")
    if length > 32767:
        raise MatchRecordError(f"SGF: a {length}-point match is too long (MATCH-1)", line=where)
    tokens = [t.strip() for v in root0.props.get("RU", []) for t in v.split(":")]
    rules_said = {t.lower() for t in tokens}
    extras = dict(t.split("=", 1) for t in tokens if "=" in t)
    with file_errors("SGF: RU: ", line=where):
        named = [find_variant(r) for r in rules_said if r.startswith(_VARIANTS)]
    base = READ_CUBE_RULES.replace(
        jacoby=("jacoby" in rules_said) if jacoby is None else jacoby,
        enabled="nocube" not in rules_said,
    )
    with file_errors(line=where):
        cube_rules, _ = rules_from_settings(extras, base)
    names = (root0.get("PB") or "White", root0.get("PW") or "Black")
    info = {key: v for p, key in _INFO.items() if (v := root0.get(p)) is not None}
    rec = MatchRecord(
        length,
        names,
        ("crawford" in rules_said) if crawford is None else crawford,
        named[0] if named else Variant.BACKGAMMON,
        cube_rules,
        info=info,
    )
    games = [_file_game(text, gi, nodes) for gi, nodes in enumerate(trees, start=1)]
    return replay_file(rec, games, stated_by="MI", crawford=rec.crawford, jacoby=cube_rules.jacoby)


def _file_game(text: str, gi: int, nodes: list[_Node]) -> FileGame:
    """A game tree as the replay takes it: score, automatic doubles, actions, result.

    The root states the score (``MI``), the automatic doubles (``CV``, CUBE-20) and the result
    (``RE``, ``R`` for a resignation), which comes after the nodes' actions.
    """
    if not nodes:
        raise MatchRecordError("SGF: an empty game tree", game=gi)
    root = nodes[0]
    line = _line(text, root.offset)
    with file_errors(game=gi, move=0, line=line):
        score, doubles = _stated_score(root), _cube_doubles(root)
    entries: list[FileEntry] = []
    for move, node in enumerate(nodes[1:], start=1):
        at = _line(text, node.offset)
        with file_errors(game=gi, move=move, line=at):
            action = _action(node)
        if action is not None:
            entries.append((*action, 0, move, at, ""))
    result = root.get("RE") or ""
    m = re.fullmatch(r"([WB])\+(\d{1,9})(R?)", result.strip())
    if m:
        kind = "resigned" if m.group(3) else "result"
        winner = _color(m.group(1))
        said = f"RE[{result[:20]}]"
        entries.append((kind, winner, None, said, int(m.group(2)), len(nodes), line, ""))
    elif result.strip().endswith("R"):
        said = f"SGF: cannot read RE[{result[:20]}]"
        entries.append(("unreadable", Color.WHITE, None, said, 0, len(nodes), line, ""))
    return (gi, line, score, doubles, entries)


def _mi(v: str) -> tuple[str, str]:
    k, _, val = v.partition(":")
    return k.strip().lower(), val.strip()


def _stated_score(root: _Node) -> Optional[tuple[int, int]]:
    """The score ``(white, black)`` a game tree's root states in ``MI``, if it does."""
    gmi = dict(_mi(v) for v in root.props.get("MI", []))
    if "ws" in gmi and "bs" in gmi:
        return (_int(gmi["bs"], "the score of MI"), _int(gmi["ws"], "the score of MI"))
    return None


def _cube_doubles(root: _Node) -> int:
    """The automatic doubles a game tree's root states (``CV``, CUBE-20)."""
    cv = root.get("CV")
    if cv is None:
        return 0
    value = _int(cv, "CV")
    if value < 1 or value & (value - 1):
        raise MatchRecordError(f"SGF: CV[{cv[:20]}] is not a cube value (a power of two)")
    return value.bit_length() - 1


def _color(side: str) -> Color:
    """Gnubg's ``B`` is gammon's White, its ``W`` Black."""
    return Color.WHITE if side == "B" else Color.BLACK


_Action = tuple[str, Color, Optional[tuple[int, int]], Optional[str]]


def _action(node: _Node) -> Optional[_Action]:
    """What a node shows: ``(kind, who, dice, play)`` as in :data:`gammon.matchfile.FileEntry`."""
    for key in ("AE", "AW", "AB", "CV", "CP"):
        if key in node.props:
            raise MatchRecordError(
                f"SGF: an edited position or cube ({key}) cannot be replayed through the rules"
            )
    side = "B" if "B" in node.props else "W" if "W" in node.props else None
    if side is None:
        rolled, player = node.get("DI"), (node.get("PL") or "").strip()
        if rolled is None:
            return None  # a comment or analysis node
        # PL[X]DI[53]: a roll not played (gnubg saves one before a resignation).
        m = re.fullmatch(r"([1-6])([1-6])", rolled.strip())
        if not m or player not in ("B", "W"):
            raise MatchRecordError(f"SGF: cannot read the roll PL[{player[:5]}]DI[{rolled[:10]}]")
        return ("dice", _color(player), (int(m.group(1)), int(m.group(2))), None)
    who = _color(side)
    value = (node.get(side) or "").strip()
    if value in ("double", "take", "drop"):
        return (value, who, None, None)
    if value.startswith("resign") or value in ("accept", "reject", "decline"):
        return None  # not written by gnubg; resignations come from RE[...R]
    m = re.fullmatch(r"([1-6])([1-6])([a-z]*)", value)
    if not m:
        raise MatchRecordError(f"SGF: cannot read the move {side}[{value[:40]}]")
    letters = m.group(3)
    if len(letters) % 2:
        raise MatchRecordError(f"SGF: {value[:40]!r} has an odd number of point letters")
    white = who == Color.WHITE  # gammon's notation: 25 is the bar, 0 off
    moves = (
        f"{_point(letters[k], white)}/{_point(letters[k + 1], white)}"
        for k in range(0, len(letters), 2)
    )
    return ("roll", who, (int(m.group(1)), int(m.group(2))), " ".join(moves))


# -- writing ----------------------------------------------------------------------------


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("]", "\\]")


def dumps(record: MatchRecord) -> str:
    """Write a record as gnubg ``.sgf`` text, one game tree per game.

    Raises :class:`~gammon.InvalidInputError` for what gnubg's SGF cannot hold (a declined
    resignation).
    """
    white, black = record.names
    extras = [
        f"{name}={value}"
        for name, value in record_settings(record)
        if name not in ("Crawford", "Jacoby", "Cube")
    ]
    out: list[str] = []
    for gi, g in enumerate(record.games):
        head = "(;FF[4]GM[6]CA[UTF-8]AP[gammon]"
        w, b = g.score
        head += f"MI[length:{record.length}][game:{gi}][ws:{b}][bs:{w}]"
        head += f"PW[{_escape(black)}]PB[{_escape(white)}]"
        if gi == 0:
            for prop, key in _INFO.items():
                if key in record.info:
                    value = record.info[key]
                    if key == "date":
                        value = value.replace(".", "-")
                    head += f"{prop}[{_escape(value)}]"
        rules = []
        if not g.game.cube_rules.enabled:
            rules.append("NoCube")
        if isinstance(g.game.match, Match) and record.crawford:
            rules.append("Crawford")
            if g.game.is_crawford_game:
                rules.append("CrawfordGame")
        if record.is_money and g.game.cube_rules.jacoby:
            rules.append("Jacoby")
        variant = record.variant.canonical_name.replace("-", "")
        if variant.startswith(_VARIANTS):
            rules.append(variant.capitalize())
        rules.extend(extras)
        if rules:
            head += "RU[" + _escape(":".join(rules)) + "]"
        doubles = g.automatic_doubles
        if doubles:
            head += f"CV[{1 << doubles}]"
        r = g.result
        if r is not None:
            side = "B" if r.winner == Color.WHITE else "W"
            resigned = "R" if r.ending.name == "RESIGNED" else ""
            head += f"RE[{side}+{r.points}{resigned}]"
        out.append(head + "".join(_nodes(g, gi + 1)) + ")")
    return "\n".join(out) + "\n"


def _nodes(g: GameRecord, gi: int) -> list[str]:
    nodes: list[str] = []
    for _, a, before, dice in written_actions(g, "SGF", gi):
        who = before.to_act
        side = "B" if who == Color.WHITE else "W"
        if isinstance(a, (Play, EmptyPlay)):
            assert dice is not None
            text = f"{dice[0]}{dice[1]}"
            if isinstance(a, Play):
                white_side = who == Color.WHITE
                text += "".join(
                    _letter(m.from_point, white_side) + _letter(m.to_point, white_side)
                    for m in a.moves
                )
            nodes.append(f"\n;{side}[{text}]")
        elif isinstance(a, (Double, Beaver, Raccoon)):
            nodes.append(f"\n;{side}[double]")
        elif isinstance(a, (Take, Drop)):
            nodes.append(f"\n;{side}[{'take' if isinstance(a, Take) else 'drop'}]")
        elif isinstance(a, Resign) and dice is not None:
            # Rolled, then resigned: gnubg saves the roll as a node of its own.
            player = "B" if before.position.turn == Color.WHITE else "W"
            nodes.append(f"\n;PL[{player}]DI[{dice[0]}{dice[1]}]")
    return nodes
