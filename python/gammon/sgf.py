"""GNU Backgammon's ``.sgf`` match format (SGF FF[4], ``GM[6]`` for backgammon).

Facts from gnubg 1.07's ``sgf.c`` (``SaveGame``, ``WriteMove``, ``RestoreNode``): one game tree
per game. The root node holds ``MI[length:7][game:0][ws:0][bs:0]`` (match length, 0 for money;
the 0-based game number; the scores of ``W`` and ``B``), the names ``PW``/``PB``, ``RU[...]``
(``Crawford``, ``CrawfordGame``, ``Jacoby``, ``NoCube``, ``Nackgammon``...), ``RE[B+2]``
(``R`` appended for a resignation) and match information (``DT``, ``EV``, ``RO``, ``PC``,
``AN``, ``GC``). Then one node per action: ``;B[53lqad]`` is player B rolling 53 and moving;
each move is a from/to pair of letters, ``a``..``x`` for points in W's numbering
(B's numbering mirrored), ``y`` for the bar and ``z`` for off; ``;W[double]``, ``;B[take]``,
``;B[drop]``. A resignation is not a node: only ``RE[...R]`` says it happened.

``W`` is gnubg's player 0 (gammon's Black) and ``B`` its player 1 (gammon's White), as in the
Match ID (``gammon.matchid``). A beaver is written as gnubg records one: a ``double`` by the
doubled player. Setup nodes (``AE``, ``AW``, ``AB``: an edited position) and analysis
properties are not represented; the former are reported, the latter ignored.
"""

from __future__ import annotations

import re
from typing import Optional

from gammon._core import Color, Play, Variant
from gammon.actions import (
    Accept,
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
from gammon.match import Match
from gammon.matchfile import GameRecord, MatchRecord, _fresh_game, _rolled

__all__ = ["dumps", "loads"]

Node = dict[str, list[str]]

_VARIANTS = {
    "nackgammon": Variant.NACKGAMMON,
    "hypergammon1": Variant.HYPERGAMMON_1,
    "hypergammon2": Variant.HYPERGAMMON_2,
    "hypergammon3": Variant.HYPERGAMMON_3,
}
_INFO = {
    "DT": "date",
    "EV": "event",
    "RO": "round",
    "PC": "site",
    "AN": "annotator",
    "GC": "comment",
}


def _trees(text: str) -> list[list[Node]]:
    """Split an SGF text into game trees, each a list of nodes (variations flattened)."""
    trees: list[list[Node]] = []
    depth = 0
    i, n = 0, len(text)
    nodes: list[Node] = []
    ident_re = re.compile(r"[A-Za-z]+")
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
            if depth == 1:
                nodes = []
            i += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                raise MatchRecordError("SGF: unbalanced ')'")
            if depth == 0:
                trees.append(nodes)
            i += 1
        elif c == ";":
            if depth == 0:
                raise MatchRecordError("SGF: a node outside a game tree")
            node: Node = {}
            i += 1
            while True:
                while i < n and text[i].isspace():
                    i += 1
                m = ident_re.match(text, i)
                if not m:
                    break
                ident = "".join(ch for ch in m.group() if ch.isupper())
                i = m.end()
                while True:
                    while i < n and text[i].isspace():
                        i += 1
                    if i >= n or text[i] != "[":
                        break
                    i += 1
                    buf: list[str] = []
                    while i < n and text[i] != "]":
                        if text[i] == "\\" and i + 1 < n:
                            i += 1
                        buf.append(text[i])
                        i += 1
                    if i >= n:
                        raise MatchRecordError("SGF: a property value without ']'")
                    i += 1
                    node.setdefault(ident, []).append("".join(buf))
            nodes.append(node)
        elif c.isspace():
            i += 1
        else:
            raise MatchRecordError(f"SGF: unexpected {c!r} at offset {i}")
    if depth != 0:
        raise MatchRecordError("SGF: a game tree is not closed")
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


def loads(text: str) -> MatchRecord:
    """Read gnubg ``.sgf`` text into a replayed :class:`~gammon.matchfile.MatchRecord`.

    Raises :class:`~gammon.MatchRecordError` for a text that is not a backgammon SGF and for
    an action the rules reject (with the game and the node number as the move).
    """
    trees = _trees(text.lstrip("\ufeff"))
    if not trees or not trees[0]:
        raise MatchRecordError("SGF: no game tree")
    root0 = trees[0][0]
    if root0.get("GM", ["6"])[0] != "6":
        raise MatchRecordError(f"SGF: GM[{root0['GM'][0]}] is not backgammon (GM[6])")
    length = 0
    mi = dict(_mi(v) for v in root0.get("MI", []))
    length = int(mi.get("length", "0") or 0)
    rules = {r.lower() for v in root0.get("RU", []) for r in v.split(":")}
    variant = next((_VARIANTS[r] for r in rules if r in _VARIANTS), Variant.BACKGAMMON)
    names = (root0.get("PB", ["White"])[0], root0.get("PW", ["Black"])[0])
    info = {key: root0[p][0] for p, key in _INFO.items() if p in root0}
    rec = MatchRecord(length, names, "crawford" in rules, variant, info=info)
    if "jacoby" in rules and length == 0:
        from dataclasses import replace

        rec.cube_rules = replace(rec.cube_rules, jacoby=True)
    board = rec.first_board()
    for gi, nodes in enumerate(trees, start=1):
        if board.is_over:
            break
        root = nodes[0]
        gmi = dict(_mi(v) for v in root.get("MI", []))
        if "ws" in gmi and "bs" in gmi:
            want = (int(gmi["bs"]), int(gmi["ws"]))
            if want != board.score:
                raise MatchRecordError(
                    f"MI says the score is {want} (White, Black), the games before add up to "
                    f"{board.score}",
                    game=gi,
                    move=0,
                )
        game = rec.new_game(board)
        for mi_, node in enumerate(nodes[1:], start=1):
            try:
                _apply(game, node)
            except InvalidInputError as exc:
                raise MatchRecordError(str(exc), game=gi, move=mi_) from None
        result = root.get("RE", [""])[0]
        if game.result is None and result.endswith("R"):
            m = re.fullmatch(r"([WB])\+(\d+)R", result)
            if not m:
                raise MatchRecordError(f"SGF: cannot read RE[{result}]", game=gi)
            winner = Color.WHITE if m.group(1) == "B" else Color.BLACK
            try:
                _resign(game, winner.other(), int(m.group(2)))
            except InvalidInputError as exc:
                raise MatchRecordError(str(exc), game=gi, move=len(nodes)) from None
        if result and game.result is not None:
            m = re.fullmatch(r"([WB])\+(\d+)R?", result)
            if m:
                winner = Color.WHITE if m.group(1) == "B" else Color.BLACK
                r = game.result
                if (winner, int(m.group(2))) != (r.winner, r.points):
                    raise MatchRecordError(
                        f"RE[{result}] but the rules say {r}", game=gi, move=len(nodes)
                    )
        rec.games.append(GameRecord(actions=game.move_stack, game=game))
        if game.result is None:
            break
        board = game.next_match()
    return rec


def _mi(v: str) -> tuple[str, str]:
    k, _, val = v.partition(":")
    return k.strip().lower(), val.strip()


def _apply(game: Game, node: Node) -> None:
    for key in ("AE", "AW", "AB"):
        if key in node:
            raise MatchRecordError("SGF: an edited position (AE/AW/AB) cannot be replayed")
    side = "B" if "B" in node else "W" if "W" in node else None
    if side is None:
        return  # a comment or analysis node
    who = Color.WHITE if side == "B" else Color.BLACK
    value = node[side][0].strip()
    if value in ("double", "take", "drop"):
        if game.turn != who:
            raise MatchRecordError(f"{side}[{value}] but it is {game.turn}'s turn")
        if value == "double":
            if game.cube.offer is not None:
                game.push(Beaver() if game.cube.offer.redoubles == 0 else Raccoon())
            else:
                game.push(Double())
        elif value == "take":
            game.push(Take())
        else:
            game.push(Drop())
        return
    if value.startswith("resign") or value in ("accept", "reject", "decline"):
        return  # not written by gnubg; resignations come from RE[...R]
    m = re.fullmatch(r"([1-6])([1-6])([a-z]*)", value)
    if not m:
        raise MatchRecordError(f"SGF: cannot read the move {side}[{value}]")
    offer = game.cube.offer
    if offer is not None and offer.redoubles > 0:
        game.push(Take())  # a roll after a beaver or raccoon: it was taken
    d1, d2 = int(m.group(1)), int(m.group(2))
    if game.is_opening:
        hi, lo = max(d1, d2), min(d1, d2)
        game.push(Roll((hi, lo) if who == Color.WHITE else (lo, hi)))
    else:
        if game.turn != who:
            raise MatchRecordError(f"{side}[{value}] but it is {game.turn}'s turn")
        game.push(Roll((d1, d2)))
    letters = m.group(3)
    if len(letters) % 2:
        raise MatchRecordError(f"SGF: {value!r} has an odd number of point letters")
    if not letters:
        game.push(EmptyPlay())
        return
    parts = []
    for k in range(0, len(letters), 2):
        a = _point(letters[k], who == Color.WHITE)
        b = _point(letters[k + 1], who == Color.WHITE)
        parts.append(f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}")
    dice = game.dice
    assert dice is not None
    game.push(game.position.parse_play(" ".join(parts), dice))


def _resign(game: Game, loser: Color, points: int) -> None:
    cube = game.cube.value
    level = 1 if points <= cube else 2 if points <= 2 * cube else 3
    if game.turn != loser:
        raise MatchRecordError(
            f"{loser} resigned but it is {game.turn}'s turn; gammon replays resignations made "
            "by the player to act"
        )
    game.push(Resign(ResignLevel(level)))
    game.push(Accept())


# -- writing ----------------------------------------------------------------------------


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("]", "\\]")


def dumps(record: MatchRecord) -> str:
    """Write a record as gnubg ``.sgf`` text, one game tree per game.

    Raises :class:`~gammon.InvalidInputError` for what gnubg's SGF cannot hold (a declined
    resignation).
    """
    white, black = record.names
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
        if isinstance(g.game.match, Match) and record.crawford:
            rules.append("Crawford")
            if g.game.is_crawford_game:
                rules.append("CrawfordGame")
        if record.is_money and g.game.cube_rules.jacoby:
            rules.append("Jacoby")
        if not g.game.cube_rules.enabled:
            rules.insert(0, "NoCube")
        for name, v in _VARIANTS.items():
            if v == record.variant:
                rules.append(name.capitalize())
        if rules:
            head += "RU[" + ":".join(rules) + "]"
        r = g.result
        if r is not None:
            side = "B" if r.winner == Color.WHITE else "W"
            resigned = "R" if r.ending.name == "RESIGNED" else ""
            head += f"RE[{side}+{r.points}{resigned}]"
        out.append(head + "".join(_nodes(g, gi + 1)) + ")")
    return "\n".join(out) + "\n"


def _nodes(g: GameRecord, gi: int) -> list[str]:
    shadow = _fresh_game(g.game)
    nodes: list[str] = []
    dice: Optional[tuple[int, int]] = None
    for a in g.actions:
        who = shadow.turn
        side = "B" if who == Color.WHITE else "W"
        if isinstance(a, Roll):
            opening = shadow.is_opening
            shadow.push(a)
            dice = _rolled(a, opening, shadow)
            continue
        if isinstance(a, (Play, EmptyPlay)):
            if dice is None:
                raise InvalidInputError(f"SGF: a play without a roll (game {gi})")
            text = f"{dice[0]}{dice[1]}"
            if isinstance(a, Play):
                white_side = who == Color.WHITE
                text += "".join(
                    _letter(m.from_point, white_side) + _letter(m.to_point, white_side)
                    for m in a.moves
                )
            nodes.append(f"\n;{side}[{text}]")
            dice = None
        elif isinstance(a, (Double, Beaver, Raccoon)):
            nodes.append(f"\n;{side}[double]")
        elif isinstance(a, Take):
            nodes.append(f"\n;{side}[take]")
        elif isinstance(a, Drop):
            nodes.append(f"\n;{side}[drop]")
        elif isinstance(a, (Resign, Accept)):
            pass  # gnubg writes a resignation only in RE[...R]
        else:
            raise InvalidInputError(f"SGF: gnubg's format cannot record {a} (game {gi})")
        shadow.push(a)
    return nodes
