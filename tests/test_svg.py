"""SVG boards (gammon.svg): golden text, and pictures checked in a real browser.

The browser check renders each board with Debian's headless ``chromium``, takes a screenshot
and reads the pixel at the centre of the first checker of every point (and the bar and the
trays): it must be the colour of the checkers the position has there, and the felt where the
point is empty. The geometry used here is the documented layout (point 1 bottom right,
12 bottom left, 13 top left, 24 top right), computed independently of the module's helpers.
Set ``GAMMON_UPDATE_GOLDEN=1`` to rewrite the golden SVG files after an intended change.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import gammon
from gammon import Color, Game, Match, Position
from gammon import svg as gsvg

GOLDEN = Path(__file__).parent / "data" / "golden" / "svg"
SVG = "{http://www.w3.org/2000/svg}"


def _cases() -> dict[str, str]:
    game = Game(Match(7), seed=2)
    game.roll()
    play = game.legal_actions()[3]
    assert isinstance(play, gammon.Play)
    game.push(play)
    game.double()
    game.take()
    game.set_dice(5, 2)
    bar = Position.from_checkers(
        {25: 2, 0: 4, 6: 7, 8: 2}, {25: 1, 0: 9, 1: 2, 20: 3}, turn="white"
    )
    return {
        "start": gsvg.board(Position.start()),
        "play": gsvg.board(play),
        "game": gsvg.board(game),
        "bar-and-off": gsvg.board(bar, numbers="both"),
        "black-at-bottom": gsvg.board(Position.start(), perspective="black"),
        "long-nardy": gsvg.board(Position.start("long-nardy"), dice=(6, 6)),
    }


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_text_matches_the_golden_file(name: str) -> None:
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("GAMMON_UPDATE_GOLDEN") == "1":
        path.write_text(CASES[name], encoding="utf-8")
    assert CASES[name] == path.read_text(encoding="utf-8")


def test_positions_plays_and_games_show_as_svg_in_notebooks() -> None:
    pos = Position.start()
    assert pos._repr_svg_() == gsvg.board(pos)  # type: ignore[attr-defined]
    play = pos.legal_plays((3, 1))[0]
    assert play._repr_svg_().count('class="arrow"') == 2  # type: ignore[attr-defined]
    game = Game(Match(3), seed=1)
    assert 'class="cube"' in game._repr_svg_()  # type: ignore[attr-defined]
    nardy = Game(variant="long-nardy", seed=1)
    nardy.roll()
    text = nardy._repr_svg_()  # type: ignore[attr-defined]
    assert text.count('class="die"') == 2 and 'class="cube"' not in text


def test_the_svg_holds_every_checker_the_dice_and_the_cube() -> None:
    """BG-1: fifteen checkers a side, drawn (up to five a stack) or counted."""
    text = CASES["game"]
    assert text.count('class="die"') == 2 and 'data-value="5"' in text
    assert '<text x="' in text and ">2</text></g>" in text  # the cube at 2
    with pytest.raises(gammon.InvalidInputError):
        gsvg.board("4HPwATDgc/ABMA")  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError):
        gsvg.board(Position.start(), perspective="red")


def _parse(text: str) -> ET.Element:
    """The SVG as XML (it must parse)."""
    return ET.fromstring(text)


def _lit(root: ET.Element) -> list[str]:
    return sorted(
        e.get("data-point", "") for e in root.iter(f"{SVG}rect") if e.get("class") == "lastmove"
    )


def _arrows(root: ET.Element) -> int:
    return sum(1 for e in root.iter(f"{SVG}line") if e.get("class") == "arrow")


def _point_play() -> gammon.Play:
    """The opening 31 made on the 5 point: 8/5 6/5."""
    return Position.start().parse_play("8/5 6/5", (3, 1))


def test_size_scales_the_picture_and_keeps_the_drawing() -> None:
    plain = _parse(gsvg.board(Position.start()))
    small = _parse(gsvg.board(Position.start(), size=300))
    assert (plain.get("width"), plain.get("height")) == (str(gsvg.WIDTH), str(gsvg.HEIGHT))
    assert small.get("width") == "300"
    assert small.get("height") == str(round(300 * gsvg.HEIGHT / gsvg.WIDTH))
    assert small.get("viewBox") == plain.get("viewBox") == f"0 0 {gsvg.WIDTH} {gsvg.HEIGHT}"
    assert len(list(small.iter())) == len(list(plain.iter()))
    for bad in (0, -5, 2.5, True, "300"):
        with pytest.raises(gammon.InvalidInputError, match="size"):
            gsvg.board(Position.start(), size=bad)  # type: ignore[arg-type]


def test_lastmove_lights_its_points_and_draws_its_moves() -> None:
    """The play 8/5 6/5 lights White's 8, 6 and 5 and draws two arrows (MOVE-1)."""
    play = _point_play()
    root = _parse(gsvg.board(play.after, lastmove=play))
    assert _lit(root) == ["5", "6", "8"] and _arrows(root) == 2
    quiet = _parse(gsvg.board(play.after, lastmove=play, arrows=False))
    assert _lit(quiet) == ["5", "6", "8"] and _arrows(quiet) == 0
    # Black at the bottom: White's points are drawn at their facing points (25 - p, BG-3).
    flipped = _parse(gsvg.board(play.after, lastmove=play, perspective="black"))
    assert _lit(flipped) == ["17", "19", "20"]
    # A checker that moves on through a point leaves it unlit: 24/18/13 lights 24 and 13.
    run = next(p for p in Position.start().legal_plays((6, 5)) if str(p) == "24/13")
    assert _lit(_parse(gsvg.board(run.after, lastmove=run))) == ["13", "24"]


def test_lastmove_marks_the_bar_and_the_tray() -> None:
    """BAR-1: entering from the bar lights the mover's half of the bar; OFF-1: bearing off
    lights its tray; a hit's victim is not marked (only the mover's points change)."""
    entering = Position.from_checkers({25: 1, 6: 14}, {6: 15}, turn="white")
    enter = entering.legal_plays((3, 1))[0]
    lit = _lit(_parse(gsvg.board(enter.after, lastmove=enter)))
    assert "bar" in lit and "off" not in lit
    bearing = Position.from_checkers({1: 2, 2: 3}, {6: 15}, turn="white")
    off = next(p for p in bearing.legal_plays((2, 1)) if "off" in str(p))
    lit = _lit(_parse(gsvg.board(off.after, lastmove=off)))
    assert "off" in lit and "bar" not in lit


def test_lastmove_in_long_nardy_and_a_game() -> None:
    game = Game(variant="long-nardy", seed=1)
    game.set_dice(6, 5)
    play = game.legal_actions(resignations=False)[0]
    assert isinstance(play, gammon.Play)
    game.push(play)
    root = _parse(gsvg.board(game, lastmove=play))
    assert "24" in _lit(root) and _arrows(root) == len(play.moves)


def test_a_lastmove_that_does_not_lead_to_the_position_is_refused() -> None:
    play = _point_play()
    with pytest.raises(gammon.InvalidInputError, match="does not lead to the position"):
        gsvg.board(Position.start(), lastmove=play)
    with pytest.raises(gammon.InvalidInputError, match=r"lastmove must be a gammon\.Play"):
        gsvg.board(Position.start(), lastmove="8/5 6/5")  # type: ignore[arg-type]


# -- the browser check --------------------------------------------------------------------


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
        pytest.fail("GAMMON_REQUIRE_ORACLES=1 but chromium is not installed")
    pytest.skip("chromium is not installed (apt-get install chromium)")


def _screenshot(
    svg_text: str, tmp: Path, name: str, window: tuple[int, int] = (gsvg.WIDTH, gsvg.HEIGHT)
) -> object:
    if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
        image = importlib.import_module("PIL.Image")  # missing Pillow: an error, not a skip
    else:
        image = pytest.importorskip("PIL.Image")
    src = tmp / f"{name}.svg"
    src.write_text(svg_text, encoding="utf-8")
    png = tmp / f"{name}.png"
    subprocess.run(
        [
            _chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--screenshot={png}",
            f"--window-size={window[0]},{window[1]}",
            src.as_uri(),
        ],
        capture_output=True,
        timeout=60,
        check=True,
        env={**os.environ, "HOME": str(tmp)},
    )
    return image.open(png).convert("RGB")


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def _close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(x - y) <= 12 for x, y in zip(a, b))


def _first_checker(point: int) -> tuple[int, int]:
    """Centre of the checker at the edge of a bottom-player point, from the layout rules."""
    if point >= 13:
        column, top = point - 13, True
    else:
        column, top = 12 - point, False
    x = gsvg.MARGIN + column * gsvg.POINT_WIDTH + (gsvg.BAR_WIDTH if column >= 6 else 0)
    cx = x + gsvg.POINT_WIDTH // 2
    cy = gsvg.BOARD_TOP + gsvg.RADIUS + 1 if top else gsvg.BOARD_TOP + 330 - gsvg.RADIUS - 1
    return cx, cy


def _facing(variant: gammon.Variant, point: int) -> int:
    if variant == gammon.Variant.LONG_NARDY:
        return point + 12 if point <= 12 else point - 12
    return 25 - point


BROWSER_CASES = [
    ("start", Position.start(), Color.WHITE),
    (
        "bar-and-off",
        Position.from_checkers({25: 2, 0: 4, 6: 7, 8: 2}, {25: 1, 0: 9, 1: 2, 20: 3}, turn="white"),
        Color.WHITE,
    ),
    ("black-at-bottom", Position.start(), Color.BLACK),
    ("long-nardy", Position.start("long-nardy"), Color.WHITE),
    ("midgame", Position.from_id("sGfwATDgc/ABMA"), Color.WHITE),
]


@pytest.mark.parametrize(
    ("name", "pos", "bottom"), BROWSER_CASES, ids=[c[0] for c in BROWSER_CASES]
)
def test_chromium_shows_every_checker_where_the_position_has_it(
    name: str, pos: Position, bottom: Color, tmp_path: Path
) -> None:
    shot = _screenshot(gsvg.board(pos, perspective=bottom), tmp_path, name)
    assert shot.size == (gsvg.WIDTH, gsvg.HEIGHT)  # type: ignore[attr-defined]
    fills = {Color.WHITE: _rgb(gsvg.WHITE_FILL), Color.BLACK: _rgb(gsvg.BLACK_FILL)}
    top = bottom.other()
    mine, theirs = pos.checkers(bottom), pos.checkers(top)
    checked = 0
    for point in range(1, 25):
        pixel = shot.getpixel(_first_checker(point))  # type: ignore[attr-defined]
        other = next(q for q in range(1, 25) if _facing(pos.variant, q) == point)
        if mine[point]:
            want = fills[bottom]
        elif theirs[other]:
            want = fills[top]
        else:
            assert not _close(pixel, fills[Color.WHITE]) and not _close(pixel, fills[Color.BLACK])
            continue
        assert _close(pixel, want), (name, point, pixel, want)
        checked += 1
    assert checked == sum(1 for p in range(1, 25) if mine[p] or theirs[_facing(pos.variant, p)])
    # The bar: the bottom player's checkers below the middle, the other's above.
    bar_x = gsvg.MARGIN + 6 * gsvg.POINT_WIDTH + gsvg.BAR_WIDTH // 2
    mid = gsvg.BOARD_TOP + 330 // 2
    below = shot.getpixel((bar_x, mid + gsvg.RADIUS + 22))  # type: ignore[attr-defined]
    above = shot.getpixel((bar_x, mid - gsvg.RADIUS - 22))  # type: ignore[attr-defined]
    assert _close(below, fills[bottom]) == bool(mine[25])
    assert _close(above, fills[top]) == bool(theirs[25])
    # The trays: one slab per borne-off checker, the bottom player's at the bottom.
    tray_x = gsvg.WIDTH - gsvg.MARGIN - 44 // 2
    low = shot.getpixel((tray_x, gsvg.BOARD_TOP + 330 - 2 - 5))  # type: ignore[attr-defined]
    high = shot.getpixel((tray_x, gsvg.BOARD_TOP + 2 + 4))  # type: ignore[attr-defined]
    assert _close(low, fills[bottom]) == bool(mine[0])
    assert _close(high, fills[top]) == bool(theirs[0])


def test_chromium_shows_the_last_move_lit_at_any_size(tmp_path: Path) -> None:
    """The lit points of 8/5 6/5 look yellower than the unlit ones in a real browser, in a
    picture drawn at 300 pixels."""
    play = _point_play()
    size = 300
    height = round(size * gsvg.HEIGHT / gsvg.WIDTH)
    shot = _screenshot(
        gsvg.board(play.after, lastmove=play, size=size), tmp_path, "lit", (size, height)
    )
    assert shot.size == (size, height)  # type: ignore[attr-defined]
    scale = size / gsvg.WIDTH
    mid = gsvg.BOARD_TOP + 330 // 2

    def felt(point: int) -> tuple[int, int, int]:
        """The pixel between the middle and the tip of a bottom point (no checker there)."""
        x, _ = _first_checker(point)
        return shot.getpixel((int(x * scale), int((mid + 8) * scale)))  # type: ignore[attr-defined,no-any-return]

    for lit in (5, 6, 8):
        for unlit in (3, 4, 7, 9, 10):
            r, g, _ = felt(lit)
            r0, g0, _ = felt(unlit)
            assert r > r0 + 30 and g > g0 + 30, (lit, unlit, felt(lit), felt(unlit))
