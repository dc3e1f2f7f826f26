"""Boards to look at: SVG pictures of backgammon and Long Nardy positions.

:func:`board` draws a :class:`gammon.Position`, a :class:`gammon.Play` (the position before
it, with an arrow per move) or a :class:`gammon.Game` (with its dice, cube and score), and
``Position``, ``Play`` and ``Game`` (Long Nardy games too) get a ``_repr_svg_`` so that
notebooks show them. As python-chess's ``chess.svg.board`` does, ``size`` sets the width in
pixels and ``lastmove`` marks the play that led to the position: its points lit and one arrow
per move.

    >>> import gammon
    >>> svg = board(gammon.Position.start())
    >>> svg.startswith("<svg") and svg.count('class="checker white"') == 15
    True
    >>> play = gammon.Position.start().parse_play("8/5 6/5", (3, 1))
    >>> svg = board(play.after, lastmove=play, size=300)
    >>> svg.count('class="lastmove"'), svg.count('class="arrow"'), 'width="300"' in svg
    (3, 2, True)

The layout is the usual one, seen by the player at the bottom (``perspective``, White by
default): that player's points 1-12 run right to left along the bottom edge and 13-24 left to
right along the top, the bar in the middle, the borne-off trays on the right (the bottom
player's below the cube, the other's above). Long Nardy uses the same frame: both players move
the same way round and the top player's point ``q`` faces the bottom player's ``q + 12``.
Point numbers are written in the bottom player's numbering; ``numbers="both"`` adds the other
player's. The geometry is in the module constants, so that tests can find every checker.
"""

from __future__ import annotations

from typing import Optional, Union
from xml.sax.saxutils import escape

from gammon._core import Color, Play, Position, Variant
from gammon.cube import Cube
from gammon.errors import InvalidInputError
from gammon.game import Game
from gammon.match import Match

__all__ = [
    "BAR_WIDTH",
    "BLACK_FILL",
    "BOARD_TOP",
    "HEIGHT",
    "MARGIN",
    "POINT_HEIGHT",
    "POINT_WIDTH",
    "RADIUS",
    "WHITE_FILL",
    "WIDTH",
    "board",
]

MARGIN = 12
"""Frame width on the left and right, in SVG units."""
POINT_WIDTH = 36
"""Width of a point (one checker's diameter plus 2)."""
BAR_WIDTH = 36
"""Width of the bar."""
BOARD_TOP = 18
"""Top edge of the playing area (above it: the top point numbers)."""
BOARD_HEIGHT = 330
"""Height of the playing area."""
POINT_HEIGHT = 150
"""Length of a point's triangle."""
TRAY_WIDTH = 44
"""Width of the borne-off trays."""
RADIUS = 15
"""Radius of a checker."""
WIDTH = MARGIN + 12 * POINT_WIDTH + BAR_WIDTH + 8 + TRAY_WIDTH + MARGIN
"""Width of the picture."""
HEIGHT = BOARD_TOP + BOARD_HEIGHT + 18 + 22
"""Height of the picture (board, bottom point numbers and a line of text)."""
WHITE_FILL = "#f4f1e6"
"""Fill of White's checkers."""
BLACK_FILL = "#1d1d1f"
"""Fill of Black's checkers."""
_FELT = "#2f6b45"
_FRAME = "#5a3a22"
_POINT_A = "#d9b779"
_POINT_B = "#8c3b2f"
_ARROW = "#e0442b"
_LASTMOVE = "#f2d649"
_TRAY_X = MARGIN + 12 * POINT_WIDTH + BAR_WIDTH + 8
_BOTTOM = BOARD_TOP + BOARD_HEIGHT
_MAX_STACK = 5


def _column_x(column: int) -> float:
    """Left edge of column 0..11 (left to right)."""
    x = MARGIN + column * POINT_WIDTH
    return x + BAR_WIDTH if column >= 6 else x


def point_column(point: int) -> tuple[int, bool]:
    """The column (0..11, left to right) of a bottom-player point 1..24 and whether it is on top."""
    if 13 <= point <= 24:
        return point - 13, True
    if 1 <= point <= 12:
        return 12 - point, False
    raise InvalidInputError(f"svg: a point is 1..24, not {point}")


def checker_center(point: int, index: int) -> tuple[float, float]:
    """Centre of the ``index``-th checker (0 = at the edge) on bottom-player ``point``.

    Stacks show at most five checkers; a taller stack writes its count on the fifth.
    """
    col, top = point_column(point)
    cx = _column_x(col) + POINT_WIDTH / 2
    k = min(index, _MAX_STACK - 1)
    if top:
        return cx, BOARD_TOP + RADIUS + 1 + 2 * RADIUS * k
    return cx, _BOTTOM - RADIUS - 1 - 2 * RADIUS * k


def bar_center(bottom_player: bool, index: int) -> tuple[float, float]:
    """Centre of the ``index``-th checker on the bar (the bottom player's below the middle)."""
    cx = MARGIN + 6 * POINT_WIDTH + BAR_WIDTH / 2
    mid = BOARD_TOP + BOARD_HEIGHT / 2
    k = min(index, _MAX_STACK - 1)
    off = RADIUS + 22 + 2 * RADIUS * k
    return cx, (mid + off) if bottom_player else (mid - off)


def _facing(variant: Variant, point: int) -> int:
    """The bottom player's number of the top player's ``point`` (geometry, one place)."""
    if variant == Variant.LONG_NARDY:
        return (point + 11) % 24 + 1
    return 25 - point


def _fill(color: Color) -> str:
    return WHITE_FILL if color == Color.WHITE else BLACK_FILL


def _color_arg(c: Union[Color, str]) -> Color:
    if isinstance(c, Color):
        return c
    if isinstance(c, str) and c.lower() in ("white", "black"):
        return Color.WHITE if c.lower() == "white" else Color.BLACK
    raise InvalidInputError(f"svg: perspective must be a Color or 'white'/'black', not {c!r}")


def board(
    obj: Union[Position, Play, Game],
    *,
    dice: Optional[tuple[int, int]] = None,
    cube: Optional[Cube] = None,
    score: Optional[tuple[int, int]] = None,
    match_length: Optional[int] = None,
    perspective: Union[Color, str] = Color.WHITE,
    numbers: str = "bottom",
    arrows: bool = True,
    lastmove: Optional[Play] = None,
    size: Optional[int] = None,
) -> str:
    """Return an SVG picture of a position, a play or a game (also a Long Nardy game).

    ``dice``, ``cube`` (a :class:`gammon.Cube`: value and owner), ``score`` (``(white,
    black)``) and ``match_length`` add what a bare position does not hold; a ``Game`` supplies
    its own. ``perspective`` is the player drawn at the bottom; ``numbers`` is ``"bottom"``
    (that player's numbering) or ``"both"``. A ``Play`` draws the position before it with its
    dice and one arrow per move (``arrows=False`` leaves them out).

    ``lastmove`` is the play that led to the position drawn (its ``after`` is the position):
    the points it moved from and to are lit (``class="lastmove"``: where the mover's count
    changed, the bar or the tray when it entered or bore off) and, unless ``arrows=False``,
    an arrow shows each move. ``size`` is the width of the picture in pixels (the height
    follows; by default the drawing's own :data:`WIDTH` x :data:`HEIGHT`).

    Raises :class:`~gammon.InvalidInputError` for an object that is not a position, play or game,
    a ``lastmove`` that does not lead to the position, or a bad option.
    """
    play: Optional[Play] = None
    if isinstance(obj, Game):
        pos = obj.position
        dice = dice if dice is not None else obj.dice
        nardy = obj.position.variant == Variant.LONG_NARDY
        if not nardy and cube is None:
            cube = obj.cube
        if score is None and not nardy:
            score = obj.match.score
        if match_length is None and isinstance(obj.match, Match):
            match_length = obj.match.length
    elif isinstance(obj, Play):
        play = obj
        pos = obj.before
        dice = dice if dice is not None else obj.dice
    elif isinstance(obj, Position):
        pos = obj
    else:
        raise InvalidInputError(f"svg.board draws a Position, Play or Game, not {obj!r}")
    if numbers not in ("bottom", "both"):
        raise InvalidInputError(f"svg: numbers must be 'bottom' or 'both', not {numbers!r}")
    bottom = _color_arg(perspective)
    if lastmove is not None:
        if not isinstance(lastmove, Play):
            raise InvalidInputError(f"svg: lastmove must be a gammon.Play, not {lastmove!r}")
        if lastmove.after != pos:
            raise InvalidInputError(
                f"svg: the lastmove {lastmove} does not lead to the position drawn "
                f"({pos.id}); it leads to {lastmove.after.id}"
            )
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise InvalidInputError(f"svg: size must be a positive number of pixels, not {size!r}")
    drawing = _Drawing(pos, bottom)
    drawing.size = size
    drawing.lastmove = lastmove
    return drawing.render(
        play if arrows else None, dice, cube, score, match_length, numbers, arrows
    )


class _Drawing:
    def __init__(self, pos: Position, bottom: Color) -> None:
        self.pos = pos
        self.bottom = bottom
        self.top = bottom.other()
        self.variant = pos.variant
        self.out: list[str] = []
        self.size: Optional[int] = None
        self.lastmove: Optional[Play] = None

    def add(self, s: str) -> None:
        self.out.append(s)

    def where(self, color: Color, point: int) -> int:
        """The bottom player's number of ``color``'s ``point``."""
        return point if color == self.bottom else _facing(self.variant, point)

    def render(
        self,
        play: Optional[Play],
        dice: Optional[tuple[int, int]],
        cube: Optional[Cube],
        score: Optional[tuple[int, int]],
        match_length: Optional[int],
        numbers: str,
        arrows: bool = True,
    ) -> str:
        pos = self.pos
        width, height = WIDTH, HEIGHT
        if self.size is not None:
            width, height = self.size, round(self.size * HEIGHT / WIDTH)
        self.add(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">'
        )
        self.add(
            f"<title>{escape(str(self.variant))} {escape(pos.id)} "
            f"{'white' if pos.turn == Color.WHITE else 'black'} on roll</title>"
        )
        self.add(
            '<defs><marker id="arrowhead" markerWidth="8" markerHeight="8" refX="6" refY="4" '
            f'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="{_ARROW}"/></marker></defs>'
        )
        self.add(f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{_FRAME}"/>')
        inner_w = 12 * POINT_WIDTH + BAR_WIDTH
        self.add(
            f'<rect x="{MARGIN}" y="{BOARD_TOP}" width="{inner_w}" height="{BOARD_HEIGHT}" '
            f'fill="{_FELT}"/>'
        )
        self.add(
            f'<rect x="{_TRAY_X}" y="{BOARD_TOP}" width="{TRAY_WIDTH}" height="{BOARD_HEIGHT}" '
            f'fill="{_FELT}"/>'
        )
        self._points(numbers)
        self.add(
            f'<rect x="{MARGIN + 6 * POINT_WIDTH}" y="{BOARD_TOP}" width="{BAR_WIDTH}" '
            f'height="{BOARD_HEIGHT}" fill="{_FRAME}"/>'
        )
        if self.lastmove is not None:
            self._lit(self.lastmove)
        self._checkers()
        self._trays()
        if cube is not None and self.variant != Variant.LONG_NARDY:
            self._cube(cube)
        if dice is not None:
            self._dice(dice, pos.turn)
        if play is not None:
            self._arrows(play)
        if self.lastmove is not None and arrows:
            self._arrows(self.lastmove)
        self._caption(score, match_length)
        self.add("</svg>")
        return "\n".join(self.out) + "\n"

    def _points(self, numbers: str) -> None:
        for point in range(1, 25):
            col, top = point_column(point)
            x = _column_x(col)
            fill = _POINT_A if point % 2 else _POINT_B
            if top:
                y0, y1 = BOARD_TOP, BOARD_TOP + POINT_HEIGHT
                ty = BOARD_TOP - 5
            else:
                y0, y1 = _BOTTOM, _BOTTOM - POINT_HEIGHT
                ty = _BOTTOM + 13
            self.add(
                f'<polygon class="point" points="{x},{y0} {x + POINT_WIDTH},{y0} '
                f'{x + POINT_WIDTH / 2},{y1}" fill="{fill}"/>'
            )
            label = str(point)
            if numbers == "both":
                other = next(q for q in range(1, 25) if _facing(self.variant, q) == point)
                label = f"{point}/{other}"
            self.add(
                f'<text x="{x + POINT_WIDTH / 2}" y="{ty}" font-size="10" fill="#f0e6d0" '
                f'text-anchor="middle">{label}</text>'
            )

    def _checker(self, color: Color, cx: float, cy: float, label: str = "") -> None:
        name = "white" if color == Color.WHITE else "black"
        stroke = BLACK_FILL if color == Color.WHITE else WHITE_FILL
        self.add(
            f'<circle class="checker {name}" cx="{cx:g}" cy="{cy:g}" r="{RADIUS}" '
            f'fill="{_fill(color)}" stroke="{stroke}" stroke-width="1"/>'
        )
        if label:
            self.add(
                f'<text x="{cx:g}" y="{cy + 4:g}" font-size="12" text-anchor="middle" '
                f'fill="{stroke}">{label}</text>'
            )

    def _checkers(self) -> None:
        for color in (Color.WHITE, Color.BLACK):
            counts = self.pos.checkers(color)
            for p in range(1, 26):
                n = counts[p]
                for k in range(min(n, _MAX_STACK)):
                    label = str(n) if n > _MAX_STACK and k == _MAX_STACK - 1 else ""
                    self._checker(color, *self._slot(color, p, k), label)

    def _trays(self) -> None:
        for color in (Color.WHITE, Color.BLACK):
            off = self.pos.checkers(color)[0]
            for k in range(off):
                h = 8
                if color == self.bottom:
                    y = _BOTTOM - 2 - (k + 1) * (h + 1)
                else:
                    y = BOARD_TOP + 2 + k * (h + 1)
                name = "white" if color == Color.WHITE else "black"
                self.add(
                    f'<rect class="off {name}" x="{_TRAY_X + 4}" y="{y}" '
                    f'width="{TRAY_WIDTH - 8}" height="{h}" fill="{_fill(color)}" '
                    f'stroke="#888" stroke-width="0.5"/>'
                )

    def _cube(self, cube: Cube) -> None:
        size = 30
        x = _TRAY_X + (TRAY_WIDTH - size) / 2
        mid = BOARD_TOP + BOARD_HEIGHT / 2
        if cube.owner is None:
            y = mid - size / 2
        elif cube.owner == self.bottom:
            y = mid + 40
        else:
            y = mid - 40 - size
        value = 64 if cube.owner is None and cube.value == 1 else cube.value
        self.add(
            f'<g class="cube"><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" '
            f'fill="#fbfbf5" stroke="#222"/><text x="{x + size / 2}" y="{y + 20}" '
            f'font-size="15" font-weight="bold" text-anchor="middle">{value}</text></g>'
        )

    def _dice(self, dice: tuple[int, int], roller: Color) -> None:
        size = 28
        mid = BOARD_TOP + BOARD_HEIGHT / 2
        # The roller's dice sit in the right half for the bottom player, else the left.
        half_x = _column_x(6) if roller == self.bottom else _column_x(0)
        x0 = half_x + 3 * POINT_WIDTH - size - 6
        fill = _fill(roller)
        pip = BLACK_FILL if roller == Color.WHITE else WHITE_FILL
        spots = {
            1: [(0.5, 0.5)],
            2: [(0.25, 0.25), (0.75, 0.75)],
            3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
            4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
            5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
            6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
        }
        for i, d in enumerate(dice):
            x = x0 + i * (size + 12)
            y = mid - size / 2
            self.add(
                f'<g class="die" data-value="{d}"><rect x="{x}" y="{y}" width="{size}" '
                f'height="{size}" rx="5" fill="{fill}" stroke="#777"/>'
            )
            for fx, fy in spots[d]:
                self.add(
                    f'<circle cx="{x + fx * size:g}" cy="{y + fy * size:g}" r="2.6" fill="{pip}"/>'
                )
            self.add("</g>")

    def _slot(self, color: Color, point: int, index: int) -> tuple[float, float]:
        if point == 25:
            return bar_center(color == self.bottom, index)
        if point == 0:
            mid = BOARD_TOP + BOARD_HEIGHT / 2
            y = mid + 90 if color == self.bottom else mid - 90
            return _TRAY_X + TRAY_WIDTH / 2, y
        return checker_center(self.where(color, point), index)

    def _lit(self, play: Play) -> None:
        """Lights the points the play moved from and to (the bar, the tray), under the checkers."""
        mover = play.before.turn
        mid = BOARD_TOP + BOARD_HEIGHT / 2
        before, after = play.before.checkers(mover), play.after.checkers(mover)
        # Where the mover's count changed: a checker moving on through a point leaves it unlit.
        for p in (q for q in range(26) if before[q] != after[q]):
            h = BOARD_HEIGHT / 2
            x: float
            y: float = mid if mover == self.bottom else BOARD_TOP
            if p == 25:  # the mover's half of the bar
                x, w, where = MARGIN + 6 * POINT_WIDTH, BAR_WIDTH, "bar"
            elif p == 0:  # the mover's tray
                x, w, where = _TRAY_X, TRAY_WIDTH, "off"
            else:
                point = self.where(mover, p)
                col, top = point_column(point)
                x, w, where = _column_x(col), POINT_WIDTH, str(point)
                y = BOARD_TOP if top else mid
            self.add(
                f'<rect class="lastmove" data-point="{where}" x="{x:g}" y="{y:g}" '
                f'width="{w:g}" height="{h:g}" fill="{_LASTMOVE}" opacity="0.45"/>'
            )

    def _arrows(self, play: Play) -> None:
        mover = play.before.turn
        counts = list(play.before.checkers(mover))
        for m in play.moves:
            a, b = m.from_point, m.to_point
            x0, y0 = self._slot(mover, a, max(counts[a] - 1, 0))
            counts[a] -= 1
            x1, y1 = self._slot(mover, b, counts[b] if b else 0)
            counts[b] += 1
            self.add(
                f'<line class="arrow" x1="{x0:g}" y1="{y0:g}" x2="{x1:g}" y2="{y1:g}" '
                f'stroke="{_ARROW}" stroke-width="3" marker-end="url(#arrowhead)" '
                f'opacity="0.85"/>'
            )

    def _caption(self, score: Optional[tuple[int, int]], match_length: Optional[int]) -> None:
        w_pips, b_pips = self.pos.pip_count()  # (white, black), as every pair in gammon
        parts = [f"White {w_pips} pips, Black {b_pips} pips"]
        if score is not None:
            s = f"score White {score[0]} - Black {score[1]}"
            if match_length:
                s += f" ({match_length}-point match)"
            parts.append(s)
        on_roll = "White" if self.pos.turn == Color.WHITE else "Black"
        parts.append(f"{on_roll} on roll")
        self.add(
            f'<text x="{MARGIN}" y="{HEIGHT - 7}" font-size="12" fill="#f0e6d0">'
            f"{escape(' · '.join(parts))}</text>"
        )


def _repr_svg_(self: object) -> str:
    """Jupyter's hook: an SVG picture of this object (``gammon.svg.board``)."""
    assert isinstance(self, (Position, Play, Game))
    return board(self)


def install_notebook_hooks() -> None:
    """Give ``Position``, ``Play`` and ``Game`` a ``_repr_svg_`` (on import)."""
    for cls in (Position, Play, Game):
        setattr(cls, "_repr_svg_", _repr_svg_)  # noqa: B010 - types from the extension
