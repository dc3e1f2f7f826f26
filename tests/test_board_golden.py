"""Golden text of the ASCII board, ``str(Position)`` (files shared with ``cargo test``).

Each file in ``tests/data/golden/board/`` starts with ``#`` lines naming the position
(``variant``, ``turn``, ``id``); the rest is the expected drawing. Set
``GAMMON_UPDATE_GOLDEN=1`` to rewrite the drawings after an intended change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import gammon

GOLDEN = Path(__file__).parent / "data" / "golden" / "board"
FILES = sorted(GOLDEN.glob("*.txt"))


def read_golden(path: Path) -> tuple[list[str], dict[str, str], str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    fields = {}
    for line in header:
        key, sep, value = line[1:].partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    return header, fields, "\n".join(lines[len(header) :])


def test_there_are_golden_boards() -> None:
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_ascii_board_matches_the_golden_file(path: Path) -> None:
    header, fields, expected = read_golden(path)
    pos = gammon.Position.from_id(fields["id"], variant=fields["variant"], turn=fields["turn"])
    drawn = str(pos)
    if os.environ.get("GAMMON_UPDATE_GOLDEN") == "1":
        path.write_text("\n".join(header) + "\n" + drawn + "\n", encoding="utf-8")
    else:
        assert drawn == expected


def test_board_names_the_player_on_roll_and_the_letters() -> None:
    drawn = str(gammon.Position.start(turn="black"))
    assert "X = Black, on roll" in drawn
    assert "O = White" in drawn
    assert "Position ID: 4HPwATDgc/ABMA" in drawn
    assert "Variant" not in drawn
    assert "Variant: nackgammon" in str(gammon.Position.start("nackgammon"))
