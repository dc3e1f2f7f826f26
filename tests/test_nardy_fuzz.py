"""Fuzzing the Long Nardy constructors, parser and settings: whatever the input, only
``gammon.GammonError`` subclasses come out (never a panic or a bare exception)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import Position
from gammon.nardy import NardySettings

points = st.one_of(st.integers(-2, 27), st.sampled_from(["bar", "off", "x", "7"]))
sides = st.one_of(
    st.dictionaries(points, st.integers(-1, 16), max_size=8),
    st.lists(points, max_size=20),
)


@settings(max_examples=300, deadline=None)
@given(white=sides, black=sides, turn=st.sampled_from(["white", "black"]))
def test_from_checkers_raises_only_gammon_errors(white: object, black: object, turn: str) -> None:
    try:
        p = Position.from_checkers(white, black, turn=turn, variant="long-nardy")  # type: ignore[arg-type]
    except gammon.GammonError:
        return
    assert Position.from_id(p.id, "long-nardy", p.turn) == p


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet="0123456789/offbar*() ", max_size=24),
    a=st.integers(1, 6),
    b=st.integers(1, 6),
)
def test_parse_play_raises_only_gammon_errors(text: str, a: int, b: int) -> None:
    p = Position.start("long-nardy")
    try:
        play = p.parse_play(text, (a, b))
    except gammon.GammonError:
        return
    assert play in p.legal_plays((a, b))


@settings(max_examples=200, deadline=None)
@given(
    ident=st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
        min_size=12,
        max_size=15,
    )
)
def test_from_id_raises_only_gammon_errors(ident: str) -> None:
    try:
        Position.from_id(ident, "long-nardy")
    except gammon.GammonError:
        pass


@settings(max_examples=200, deadline=None)
@given(
    end_variant=st.one_of(st.text(max_size=8), st.sampled_from(["oin", "mars"])),
    koks=st.one_of(st.text(max_size=8), st.sampled_from(["off", "noCheckerHome"])),
    last_roll=st.one_of(st.booleans(), st.text(max_size=4), st.integers()),
)
def test_settings_raise_only_invalid_input(end_variant: str, koks: str, last_roll: object) -> None:
    try:
        NardySettings(end_variant=end_variant, koks=koks, last_roll=last_roll)  # type: ignore[arg-type]
    except gammon.InvalidInputError:
        pass
