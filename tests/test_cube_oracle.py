"""The Rust cube (``gammon.Cube``) against the former pure-Python one (``tests/oracles/cube.py``).

Random rules and random action sequences, legal or not, go to both; after each action they must
agree on the state, on every query, and on the refusal with its message (CUBE-2..CUBE-20).
"""

from __future__ import annotations

from typing import Any, Callable, Union

from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import Color
from oracles import cube as oracle

WHITE, BLACK = Color.WHITE, Color.BLACK

RulesArgs = dict[str, Any]


@st.composite
def rules_args(draw: st.DrawFn) -> RulesArgs:
    beavers = draw(st.booleans())
    return {
        "max_cube": 1 << draw(st.integers(0, 15)),
        "jacoby": draw(st.booleans()),
        "beavers": beavers,
        "raccoons": beavers and draw(st.booleans()),
        "max_beavers": draw(st.integers(1, 4)),
        "auto_doubles": draw(st.integers(0, 12)),
        "enabled": draw(st.booleans()),
        "refuse_dead_cube": draw(st.booleans()),
        "gnubg_raccoon_owner": draw(st.booleans()),
    }


ACTIONS = ["double", "take", "drop", "beaver", "raccoon", "automatic_double"]
actions = st.lists(
    st.tuples(st.sampled_from(ACTIONS), st.sampled_from([WHITE, BLACK])), max_size=12
)

Outcome = Union[tuple[str, str], tuple[str, Any]]


def step(cube: Any, name: str, player: Color) -> tuple[Any, Outcome]:
    method: Callable[..., Any] = getattr(cube, name)
    try:
        result = method() if name == "automatic_double" else method(player)
    except gammon.IllegalCubeActionError as e:
        return cube, ("refused", str(e))
    if name == "drop":
        return None, ("dropped", result)
    return result, ("ok", None)


def state(cube: Any) -> tuple[Any, ...]:
    o = cube.offer
    offer = None if o is None else (o.doubler, o.proposer, o.value, o.redoubles, o.responder)
    return (cube.value, cube.owner, offer, cube.centred, cube.at_cap)


def queries(cube: Any) -> tuple[Any, ...]:
    out: list[Any] = [cube.points(level) for level in (1, 2, 3)]
    for p in (WHITE, BLACK):
        out += [
            cube.may_turn(p),
            cube.double_error(p),
            cube.can_double(p),
            cube.can_beaver(p),
            cube.can_raccoon(p),
        ]
    return tuple(out)


@settings(max_examples=400, deadline=None)
@given(rules_args(), actions)
def test_cube2_to_cube20_the_rust_cube_follows_the_oracle_on_random_sequences(
    args: RulesArgs, seq: list[tuple[str, Color]]
) -> None:
    mine: Any = gammon.Cube(rules=gammon.CubeRules(**args))
    theirs: Any = oracle.Cube(rules=oracle.CubeRules(**args))
    assert mine.rules.for_match().jacoby is False
    for name, player in seq:
        mine, got = step(mine, name, player)
        theirs, want = step(theirs, name, player)
        assert got == want, (name, player)
        if mine is None:
            break
        assert state(mine) == state(theirs)
        assert queries(mine) == queries(theirs)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 1 << 16),
    st.sampled_from([None, WHITE, BLACK]),
    st.one_of(st.none(), st.tuples(st.integers(0, 1 << 16), st.integers(0, 3))),
    rules_args(),
)
def test_cube10_cube4_the_constructors_accept_what_the_oracle_accepts(
    value: int,
    owner: Color | None,
    offer: tuple[int, int] | None,
    args: RulesArgs,
) -> None:
    def build(module: Any) -> object:
        try:
            o = None if offer is None else module.CubeOffer(WHITE, BLACK, offer[0], offer[1])
            return state(module.Cube(value, owner, o, module.CubeRules(**args)))
        except gammon.InvalidInputError:
            return "refused"

    assert build(gammon) == build(oracle)


@given(
    st.sampled_from(
        [
            {"max_cube": 3},
            {"max_cube": 1 << 16},
            {"max_cube": 0},
            {"raccoons": True},
            {"max_beavers": 0},
            {"auto_doubles": 13},
            {"auto_doubles": -1},
            {"jacoby": 1},
            {"enabled": None},
            {"auto_doubles": None},
        ]
    )
)
def test_cube10_cube13_cube20_bad_rules_are_refused_by_both(args: RulesArgs) -> None:
    for module in (gammon, oracle):
        try:
            module.CubeRules(**args)
        except gammon.InvalidInputError:
            continue
        raise AssertionError(f"{module.__name__} accepted {args}")


def test_cube_values_pickle_hash_and_print_as_the_dataclasses_did() -> None:
    import pickle

    rules = gammon.CubeRules(beavers=True, raccoons=True)
    cube = gammon.Cube(rules=rules).double(WHITE).beaver(BLACK)
    for value in (rules, cube, cube.offer):
        assert pickle.loads(pickle.dumps(value)) == value
        assert hash(pickle.loads(pickle.dumps(value))) == hash(value)
    assert repr(cube) == repr(
        oracle.Cube(rules=oracle.CubeRules(beavers=True, raccoons=True)).double(WHITE).beaver(BLACK)
    )
    assert rules.replace(max_cube=8).max_cube == 8 and rules.replace() == rules
