"""The Rust match score (``gammon.MatchScore``, wrapped by ``gammon.Match``) against the former
pure-Python ``Match`` (``tests/oracles/match.py``).

Random matches, set up at random scores and flags, then random game results: both must agree on
what they accept, the score, the Crawford state (MATCH-3, MATCH-4) and the end (MATCH-1).
"""

from __future__ import annotations

from typing import Any, Optional

from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import Color, GameResult
from oracles import match as oracle

WHITE, BLACK = Color.WHITE, Color.BLACK


def view(m: Any) -> tuple[Any, ...]:
    return (
        m.length,
        m.score,
        m.crawford,
        m.is_crawford_game,
        m.is_post_crawford,
        m.is_over,
        m.winner,
        m.away(WHITE),
        m.away(BLACK),
        str(m),
    )


def build(module: Any, length: int, score: tuple[int, int], flags: dict[str, Any]) -> Any:
    try:
        return module.Match(length, score, **flags)
    except gammon.InvalidInputError:
        return None


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 12),
    st.tuples(st.integers(0, 13), st.integers(0, 13)),
    st.fixed_dictionaries(
        {},
        optional={
            "crawford": st.booleans(),
            "crawford_game": st.booleans(),
            "post_crawford": st.sampled_from([None, True, False]),
        },
    ),
    st.lists(st.tuples(st.sampled_from([WHITE, BLACK]), st.integers(1, 6)), max_size=15),
)
def test_match1_match3_match4_the_rust_score_follows_the_oracle(
    length: int,
    score: tuple[int, int],
    flags: dict[str, Any],
    games: list[tuple[Color, int]],
) -> None:
    mine: Optional[Any] = build(gammon, length, score, flags)
    theirs: Optional[Any] = build(oracle, length, score, flags)
    assert (mine is None) == (theirs is None)
    if mine is None or theirs is None:
        return
    assert view(mine) == view(theirs)
    assert repr(mine) == repr(theirs)
    for winner, points in games:
        result = GameResult(winner, points)
        try:
            mine = mine.record(result)
        except gammon.InvalidInputError as e:
            mine = str(e)
        try:
            theirs = theirs.record(result)
        except gammon.InvalidInputError as e:
            theirs = str(e)
        if isinstance(mine, str) or isinstance(theirs, str):
            assert mine == theirs
            return
        assert view(mine) == view(theirs)
        assert mine.games == theirs.games


def test_match_score_and_match_pickle_hash_and_repr_as_values() -> None:
    import pickle

    m = gammon.Match(5, (4, 1), crawford_game=True).record(GameResult(BLACK, 1))
    assert pickle.loads(pickle.dumps(m)) == m and hash(m) == hash(pickle.loads(pickle.dumps(m)))
    s = m.match_score
    assert pickle.loads(pickle.dumps(s)) == s
    assert repr(m) == "Match(5, score=(4, 2))" and repr(s) == "MatchScore(5, score=(4, 2))"
    assert s.is_post_crawford and not s.is_crawford_game
