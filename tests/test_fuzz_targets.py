"""The short CI run of the fuzz targets (``tests/fuzz_targets.py``) with hypothesis, and the
replay of every input that once failed (``tests/data/fuzz-corpus.txt``).

The long run is ``scripts/fuzz.sh`` (atheris on these targets and proptest on the core's).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fuzz_targets as ft

N = 150  # examples per target in CI

any_text = st.text(st.characters(exclude_categories=()), max_size=40)
base64 = st.text(
    st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="),
    max_size=30,
)
xgid_like = st.lists(
    st.text(st.sampled_from("-abcdeABCDE0123456789²\u0661_+ DBR"), max_size=26),
    min_size=8,
    max_size=11,
).map(lambda fs: "XGID=" + ":".join(fs))
texts = st.one_of(any_text, base64, xgid_like)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    texts,
    st.binary(max_size=6),
    st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)),
)
objects = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.integers(-3, 30), texts), inner, max_size=5),
    ),
    max_leaves=10,
)
sides = st.one_of(
    objects,
    st.dictionaries(st.one_of(st.integers(-2, 30), st.booleans(), texts), st.integers(-2, 300)),
    st.lists(st.integers(-2, 27), max_size=20).map(lambda v: np.array(v, dtype=np.int64)),
    st.lists(st.one_of(st.integers(-2, 30), texts), max_size=20),
)


@settings(max_examples=N, deadline=None)
@given(texts, st.sampled_from(ft.VARIANTS), st.sampled_from(ft.TURNS))
def test_fuzz_position_ids(text: str, variant: Any, turn: Any) -> None:
    ft.position_id(text, variant, turn)


@settings(max_examples=N, deadline=None)
@given(st.one_of(texts, objects))
def test_fuzz_xgids(text: Any) -> None:
    ft.xgid(text)


@settings(max_examples=N, deadline=None)
@given(st.one_of(st.text(st.sampled_from(ft.BASE64), min_size=12, max_size=12), texts, objects))
def test_fuzz_match_ids(text: Any) -> None:
    ft.match_id(text)


@settings(max_examples=N, deadline=None)
@given(st.one_of(st.tuples(base64, base64).map(":".join), texts))
def test_fuzz_gnubg_ids(text: str) -> None:
    ft.gnubg_id(text)


@settings(max_examples=N, deadline=None)
@given(
    st.one_of(st.text(st.sampled_from("0123456789/*() offbar"), max_size=20), texts, objects),
    st.one_of(st.sampled_from(ft.DICE), objects),
    st.integers(0, 100),
)
def test_fuzz_play_texts(text: Any, dice: Any, index: int) -> None:
    ft.play_text(text, dice, index)


@settings(max_examples=N, deadline=None)
@given(objects)
def test_fuzz_dice(value: Any) -> None:
    ft.dice(value)


@settings(max_examples=N, deadline=None)
@given(sides, sides, st.sampled_from(ft.TURNS), st.sampled_from(ft.VARIANTS))
def test_fuzz_checkers(white: Any, black: Any, turn: Any, variant: Any) -> None:
    ft.checkers(white, black, turn, variant)


setting_values = st.one_of(
    st.sampled_from(
        [
            *("mars", "oin", "off", "on", "no_checker_home", "checker_in_start_quarter"),
            *("to_loser", "alternate", "head_blocked", "unconditional", "every_step"),
            "end_of_turn",
        ]
    ),
    scalars,
)


@settings(max_examples=N, deadline=None)
@given(st.dictionaries(st.sampled_from(ft.SETTING_KEYS), setting_values, max_size=4))
def test_fuzz_settings(kwargs: dict[str, Any]) -> None:
    ft.settings(kwargs)


@settings(max_examples=N, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([*ft.checkpoint_keys(), "extra"]),
            st.one_of(objects, st.just(ft.DELETE)),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_fuzz_checkpoints(edits: list[tuple[str, Any]]) -> None:
    ft.checkpoint(edits)


CORPUS = Path(__file__).parent / "data" / "fuzz-corpus.txt"


def _corpus() -> list[tuple[str, str]]:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return [(t, i) for t, _, i in (ln.partition("\t") for ln in lines if ln and ln[0] != "#")]


@pytest.mark.parametrize(("target", "text"), _corpus())
def test_every_input_that_once_failed_is_replayed(target: str, text: str) -> None:
    if target == "position_id":
        for variant in ft.VARIANTS:
            ft.position_id(text, variant, "white")
    elif target == "xgid":
        ft.xgid(text)
    elif target == "match_id":
        ft.match_id(text)
    elif target == "gnubg_id":
        ft.gnubg_id(text)
    elif target == "dice":
        ft.dice(text)
    elif target == "play":
        for index in range(len(ft.POSITIONS)):
            ft.play_text(text, (3, 1), index)
    elif target == "point":
        ft.checkers({text: 2}, {6: 5}, "white", "backgammon")
    elif target == "nardy_option":
        ft.settings({"first_turn_exception": text, "block_check": text})
    else:
        raise AssertionError(f"unknown corpus target {target!r}")


@settings(max_examples=N, deadline=None)
@given(st.one_of(texts, objects, st.just(ft.FIBS_BOARD)))
def test_fuzz_fibs_boards(text: Any) -> None:
    ft.fibs_board(text)


@settings(max_examples=N, deadline=None)
@given(st.integers(0, 60), st.one_of(any_text, st.integers(-30, 30).map(str)))
def test_fuzz_fibs_board_fields(index: int, value: str) -> None:
    ft.fibs_field(index, value)


# Texts made of what match files are written with, so that edits often read as something.
match_words = st.lists(
    st.sampled_from(
        [
            " Doubles => 2",
            " Takes",
            " Drops",
            " Beavers => 4",
            " Wins 2 points",
            "53: 13/8 ",
            "24/21",
            "25/20*",
            "Game 3",
            " : 4",
            '; [Crawford "Off"]',
            '; [Jacoby "On"]',
            '; [CubeLimit "8"]',
            '; [Beaver "x"]',
            ";B[double]",
            ";W[take]",
            ";B[31qtst]",
            ";PL[W]DI[66]",
            "CV[4]",
            "CV[3]",
            "RU[Jacoby:Beaver=Off]",
            "RE[B+2R]",
            "XY[z]",
            "C[\\]]",
            "MI[length:99999999999]",
            "(",
            ")",
            "[",
            "]",
            "\n",
            "  ",
            "1)",
            "99)",
        ]
    ),
    max_size=6,
).map("".join)
match_edits = st.one_of(any_text, match_words)


@settings(max_examples=N // 3, deadline=None)
@given(st.sampled_from(["mat", "sgf"]), st.integers(0, 10**6), match_edits, st.integers(0, 3))
def test_fuzz_match_files_with_one_line_replaced(
    fmt: str, line: int, text: str, fixture: int
) -> None:
    ft.match_file(fmt, line, text, fixture)


@settings(max_examples=N // 3, deadline=None)
@given(st.sampled_from(["mat", "sgf"]), st.integers(0, 3), st.integers(0, 10**6))
def test_fuzz_match_files_cut_short(fmt: str, fixture: int, cut: int) -> None:
    ft.match_cut(fmt, fixture, cut)


@settings(max_examples=N // 3, deadline=None)
@given(st.sampled_from(["mat", "sgf"]), st.integers(0, 3), st.integers(0, 10**6), match_edits)
def test_fuzz_match_files_with_text_inserted(fmt: str, fixture: int, at: int, text: str) -> None:
    ft.match_insert(fmt, fixture, at, text)


@settings(max_examples=N, deadline=None)
@given(st.one_of(objects, st.binary(max_size=40)))
def test_fuzz_read_match_sources(source: Any) -> None:
    ft.match_source(source)


@settings(max_examples=N, deadline=None)
@given(st.one_of(any_text, st.just("(;FF[4]GM[6]"), st.just(" 5 point match\n")))
def test_fuzz_any_text_as_a_match_file(text: str) -> None:
    ft.match_text(text)


edits = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 30), st.integers(-3, 3)), max_size=5)
batch_boards = st.one_of(
    st.builds(ft.batch_rows, st.sampled_from(sorted(ft._START_ROWS)), edits),
    objects,
    st.lists(st.lists(st.integers(-20, 20), min_size=26, max_size=26), max_size=3).map(
        lambda v: np.array(v, dtype=np.int64).reshape(-1, 26)
    ),
)
batch_dice = st.one_of(
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=4).map(np.array),
    objects,
)


@settings(max_examples=N, deadline=None)
@given(batch_boards, batch_dice, st.sampled_from(ft.BATCH_VARIANTS), st.booleans())
def test_fuzz_batch_arrays(boards: Any, dice: Any, variant: Any, use_buffer: bool) -> None:
    ft.batch_arrays(boards, dice, variant, use_buffer)


@settings(max_examples=N, deadline=None)
@given(st.one_of(texts, objects, st.just(ft.FIBS_BOARD)))
def test_fuzz_serve_lines(text: Any) -> None:
    ft.serve_line(text)


@settings(max_examples=N, deadline=None)
@given(st.integers(0, 60), st.one_of(any_text, st.integers(-30, 30).map(str)))
def test_fuzz_serve_board_fields(index: int, value: str) -> None:
    ft.serve_field(index, value)


serve_bytes = st.one_of(
    st.binary(max_size=300),
    st.sampled_from([ft.FIBS_BOARD.encode(), b"\n", b"\x00", b"\r\n", b"x" * 300, b"\xff\xfe"]),
)


@settings(max_examples=N, deadline=None)
@given(st.lists(serve_bytes, max_size=8), st.integers(0, 2))
def test_fuzz_serve_connections(chunks: list[bytes], ending: int) -> None:
    ft.serve_connection(chunks, ending)


@settings(max_examples=N, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), max_size=8),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 2**20)),
)
def test_fuzz_net_files(edits: list[tuple[int, int]], fix_checksum: bool, cut: Any) -> None:
    ft.net_file(edits, fix_checksum, cut)


@settings(max_examples=N // 10, deadline=None)
@given(st.sampled_from(["mat", "sgf"]), st.integers(0, 3), st.integers(0, 10**6))
def test_fuzz_analyze_records_cut_short(fmt: str, fixture: int, cut: int) -> None:
    ft.analyze_cut(fmt, fixture, cut)


@settings(max_examples=N, deadline=None)
@given(st.lists(st.integers(-3, 40), max_size=8), st.lists(st.integers(0, 20), max_size=3))
def test_fuzz_analysis_of_any_actions(picks: list[int], plays: list[int]) -> None:
    ft.analyze_steps(picks, plays)
