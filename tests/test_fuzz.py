"""Arbitrary input to every constructor and parser of the Python API.

Each call either succeeds or raises a ``gammon.GammonError`` subclass: never a bare
``ValueError``/``TypeError``/``UnicodeError``, never a ``PanicException`` (a
``BaseException``) and never a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import gammon

# Text of every kind, lone surrogates included (they cannot be encoded as UTF-8).
any_text = st.text(st.characters(exclude_categories=()), max_size=30)
# Texts made of what IDs, plays and dice are written with, so that parsers get past the
# first character more often.
near_text = st.text(st.sampled_from(list("0123456789/*()- offbarABCDEFghijwxyz+,")), max_size=24)
texts = st.one_of(any_text, near_text)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 30),
    st.floats(allow_nan=True),
    texts,
    st.binary(max_size=8),
    st.sampled_from([gammon.Color.WHITE, gammon.Color.BLACK, gammon.Variant.LONG_NARDY]),
)
objects = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.integers(-2, 30), texts), inner, max_size=4),
    ),
    max_leaves=8,
)
sides = st.one_of(
    objects,
    st.dictionaries(st.one_of(st.integers(-2, 30), texts), st.integers(-2, 300), max_size=8),
    st.lists(st.one_of(st.integers(-2, 30), texts), max_size=20),
)

START = gammon.Position.start()
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def only_gammon_errors(call: Callable[[], Any]) -> None:
    try:
        call()
    except gammon.GammonError:
        pass
    except BaseException as e:
        raise AssertionError(f"{type(e).__name__} escaped: {e!r}") from e


@settings(max_examples=500, deadline=None)
@given(objects, objects, objects)
def test_position_constructors(id_: Any, variant: Any, turn: Any) -> None:
    only_gammon_errors(lambda: gammon.Position(id_, variant, turn))
    only_gammon_errors(lambda: gammon.Position.from_id(id_, variant, turn))
    only_gammon_errors(lambda: gammon.Position.from_id(id_))
    only_gammon_errors(lambda: gammon.Position.start(variant, turn))


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(BASE64), min_size=14, max_size=14))
def test_position_ids_of_the_right_shape(text: str) -> None:
    # ID-2: decoded, or refused with ParseError / InvalidPositionError.
    only_gammon_errors(lambda: gammon.Position.from_id(text))


@settings(max_examples=500, deadline=None)
@given(sides, sides, objects, objects)
def test_from_checkers(white: Any, black: Any, turn: Any, variant: Any) -> None:
    only_gammon_errors(lambda: gammon.Position.from_checkers(white, black))
    only_gammon_errors(
        lambda: gammon.Position.from_checkers(white, black, turn=turn, variant=variant)
    )


@settings(max_examples=500, deadline=None)
@given(objects)
def test_dice_arguments(dice: Any) -> None:
    only_gammon_errors(lambda: START.legal_plays(dice))


@settings(max_examples=500, deadline=None)
@given(objects, st.one_of(st.none(), objects))
def test_play_texts(text: Any, dice: Any) -> None:
    only_gammon_errors(lambda: START.parse_play(text, dice))
    only_gammon_errors(lambda: START.parse_play(text))
    only_gammon_errors(lambda: START.play(text, dice))
    only_gammon_errors(lambda: START.play(text))


@settings(max_examples=300, deadline=None)
@given(objects)
def test_names(name: Any) -> None:
    only_gammon_errors(lambda: gammon.find_variant(name))
    only_gammon_errors(lambda: START.checkers(name))


def test_a_lone_surrogate_is_a_parse_error_not_a_unicode_error() -> None:
    for call in (
        lambda: gammon.Position.from_id("\ud800"),
        lambda: START.parse_play("\ud800", (3, 1)),
        lambda: gammon.find_variant("\ud800"),
    ):
        try:
            call()
        except gammon.ParseError:
            continue
        raise AssertionError("no ParseError")
