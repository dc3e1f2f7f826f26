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
from pathlib import Path

import pytest

import gammon
from gammon import Color, Game, Match, Position
from gammon import svg as gsvg

GOLDEN = Path(__file__).parent / "data" / "golden" / "svg"


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


# -- the browser check --------------------------------------------------------------------


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
        pytest.fail("GAMMON_REQUIRE_ORACLES=1 but chromium is not installed")
    pytest.skip("chromium is not installed (apt-get install chromium)")


def _screenshot(svg_text: str, tmp: Path, name: str) -> object:
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
            f"--window-size={gsvg.WIDTH},{gsvg.HEIGHT}",
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
