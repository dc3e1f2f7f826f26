"""The doubling cube: CubeRules, the Cube state machine, and the cube scenarios of spec §13.2
(C05, C07-C14) played through gammon.Game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import Color, Cube, CubeRules, Game, Match, MoneySession, Position
from gammon.cube import CubeOffer

WHITE, BLACK = Color.WHITE, Color.BLACK


def money_game(cube: Cube, position: Position | None = None) -> Game:
    """A money game set up with White on roll, before rolling."""
    return Game(session=MoneySession(), cube=cube, position=position or Position.start())


# -- CubeRules -------------------------------------------------------------------------


def test_cube10_default_cap_is_64_and_other_defaults_follow_money3() -> None:
    rules = CubeRules()
    assert rules.max_cube == 64
    assert (rules.jacoby, rules.beavers, rules.raccoons, rules.auto_doubles) == (
        False,
        False,
        False,
        0,
    )
    assert rules.max_beavers == 3
    assert rules.enabled and not rules.refuse_dead_cube


@pytest.mark.parametrize("cap", [0, 3, 96, 1 << 16, -2, 2.0, True, "64"])
def test_cube10_cap_must_be_a_power_of_two_within_the_match_id_range(cap: object) -> None:
    with pytest.raises(gammon.InvalidInputError, match="CUBE-10"):
        CubeRules(max_cube=cap)  # type: ignore[arg-type]


@pytest.mark.parametrize("cap", [1, 2, 64, 4096, 1 << 15])
def test_cube10_cap_accepts_powers_of_two_up_to_two_to_the_fifteen(cap: int) -> None:
    assert CubeRules(max_cube=cap).max_cube == cap


def test_cube13_raccoons_need_beavers() -> None:
    with pytest.raises(gammon.InvalidInputError, match="CUBE-13"):
        CubeRules(raccoons=True)


@pytest.mark.parametrize("k", [-1, 13, 1.5, None])
def test_cube20_automatic_doubles_limit_is_0_to_12(k: object) -> None:
    with pytest.raises(gammon.InvalidInputError, match="CUBE-20"):
        CubeRules(auto_doubles=k)  # type: ignore[arg-type]


def test_cube_rules_flags_must_be_bools() -> None:
    with pytest.raises(gammon.InvalidInputError, match="jacoby"):
        CubeRules(jacoby=1)  # type: ignore[arg-type]


def test_match2_match_play_drops_the_money_options() -> None:
    rules = CubeRules(
        jacoby=True,
        beavers=True,
        raccoons=True,
        auto_doubles=2,
        max_cube=256,
        refuse_dead_cube=True,
    )
    m = rules.for_match()
    assert (m.jacoby, m.beavers, m.raccoons, m.auto_doubles) == (False, False, False, 0)
    assert (m.max_cube, m.refuse_dead_cube) == (256, True)


# -- the Cube state machine -------------------------------------------------------------


def test_cube1_a_game_starts_with_the_cube_at_1_centred() -> None:
    cube = Cube()
    assert (cube.value, cube.owner, cube.offer, cube.centred) == (1, None, None, True)


def test_cube5_take_doubles_the_value_and_gives_the_cube_to_the_taker() -> None:
    cube = Cube().double(WHITE)
    assert cube.offer == CubeOffer(WHITE, WHITE, 2, 0)
    cube = cube.take(BLACK)
    assert (cube.value, cube.owner, cube.offer) == (2, BLACK, None)


def test_cube7_ownership_alternates_redoubles() -> None:
    # CUBE-7 worked example: X doubles to 2, O takes; O redoubles to 4, X takes.
    cube = Cube().double(WHITE).take(BLACK)
    assert not cube.can_double(WHITE) and cube.can_double(BLACK)
    cube = cube.double(BLACK).take(WHITE)
    assert (cube.value, cube.owner) == (4, WHITE)
    assert cube.can_double(WHITE) and not cube.can_double(BLACK)


def test_cube4_only_the_doubled_player_answers() -> None:
    cube = Cube().double(WHITE)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-4"):
        cube.take(WHITE)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-4"):
        cube.drop(WHITE)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-4"):
        cube.double(BLACK)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-4"):
        Cube().take(BLACK)


def test_cube6_a_drop_pays_the_value_before_the_double() -> None:
    result = Cube(4, WHITE).double(WHITE).drop(BLACK)
    assert (result.winner, result.points, result.ending) == (WHITE, 4, gammon.Ending.DROPPED)
    assert result.kind == "single"


def test_cube2_no_double_when_cube_use_is_off() -> None:
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-2"):
        Cube(rules=CubeRules(enabled=False)).double(WHITE)


def test_cube13_the_chain_of_beavers_and_raccoons_is_limited_by_max_beavers() -> None:
    rules = CubeRules(beavers=True, raccoons=True, max_beavers=2, max_cube=1024)
    cube = Cube(rules=rules).double(WHITE).beaver(BLACK).raccoon(WHITE)
    assert cube.offer is not None and cube.offer.value == 8
    with pytest.raises(gammon.IllegalCubeActionError, match="max_beavers"):
        cube.raccoon(BLACK)
    cube = cube.take(BLACK)
    assert (cube.value, cube.owner) == (8, WHITE)


def test_cube13_a_beaver_answers_a_double_and_a_raccoon_answers_a_beaver() -> None:
    rules = CubeRules(beavers=True, raccoons=True)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-12"):
        Cube(rules=rules).double(WHITE).raccoon(BLACK)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-13"):
        Cube(rules=rules).double(WHITE).beaver(BLACK).beaver(WHITE)


def test_cube10_a_beaver_must_stay_within_the_cap() -> None:
    rules = CubeRules(beavers=True, max_cube=8)
    pending = Cube(4, WHITE, rules=rules).double(WHITE)
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-10"):
        pending.beaver(BLACK)
    assert Cube(2, WHITE, rules=rules).double(WHITE).can_beaver(BLACK)


def test_cube20_automatic_doubles_stop_at_the_limit_and_keep_the_cube_centred() -> None:
    cube = Cube(rules=CubeRules(auto_doubles=2))
    values = []
    for _ in range(4):
        cube = cube.automatic_double()
        values.append(cube.value)
    assert values == [2, 4, 4, 4]
    assert cube.centred
    capped = Cube(rules=CubeRules(auto_doubles=3, max_cube=2))
    assert capped.automatic_double().automatic_double().value == 2


def test_money2_jacoby_counts_a_win_single_while_the_cube_is_centred() -> None:
    rules = CubeRules(jacoby=True)
    assert Cube(rules=rules).points(3) == 1
    assert Cube(2, None, rules=rules).points(2) == 2
    assert Cube(2, BLACK, rules=rules).points(2) == 4
    assert Cube().points(3) == 3


def test_cube_values_are_validated() -> None:
    with pytest.raises(gammon.InvalidInputError, match="CUBE-10"):
        Cube(128)
    with pytest.raises(gammon.InvalidInputError, match="CUBE-10"):
        Cube(3)
    with pytest.raises(gammon.InvalidInputError, match="CUBE-4"):
        Cube(2, WHITE, CubeOffer(WHITE, WHITE, 8))


# -- §13.2 scenarios through Game -------------------------------------------------------


def test_c05_cube3_the_player_whose_opponent_owns_the_cube_may_not_double() -> None:
    game = money_game(Cube(2, BLACK))
    assert gammon.Double() not in game.legal_actions()
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-3"):
        game.double()


def test_c07_cube5_after_a_take_the_taker_owns_the_cube_and_the_doubler_rolls() -> None:
    game = money_game(Cube())
    game.double()
    assert game.to_act == BLACK
    assert game.legal_actions() == [gammon.Take(), gammon.Drop()]
    game.take()
    assert (game.cube.value, game.cube.owner) == (2, BLACK)
    assert game.turn == WHITE
    assert game.legal_actions(resignations=False) == [gammon.Roll()]


def test_c08_cube6_a_dropped_redouble_pays_the_value_before_it_with_no_gammon() -> None:
    # O's checkers sit in X's home board: a gammon or backgammon would be on, but a drop
    # never counts one.
    pos = Position.from_checkers({6: 15}, {24: 15})
    game = money_game(Cube(2, WHITE), pos)
    game.double()
    game.drop()
    assert game.is_over
    result = game.result
    assert result is not None
    assert (result.winner, result.points, result.kind) == (WHITE, 2, "single")
    assert result.ending == gammon.Ending.DROPPED
    assert game.legal_actions() == []


def test_c09_cube10_at_the_cap_nobody_may_double_and_play_goes_on() -> None:
    game = money_game(Cube(64, WHITE))
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-10"):
        game.double()
    game.set_dice(3, 1)
    game.push("8/5 6/5")
    assert game.cube.value == 64 and not game.is_over


def test_c10_cube10_a_take_at_the_cap_kills_the_cube() -> None:
    game = money_game(Cube(32, WHITE))
    game.double()
    game.take()
    assert (game.cube.value, game.cube.owner) == (64, BLACK)
    game.set_dice(3, 1)
    game.push("8/5 6/5")
    assert game.turn == BLACK
    assert not game.can_double()
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-10"):
        game.double()


def test_c11_cube12_a_beaver_taken_leaves_the_cube_at_4_with_the_beaverer() -> None:
    game = money_game(Cube(rules=CubeRules(beavers=True)))
    game.double()
    assert gammon.Beaver() in game.legal_actions()
    game.beaver()
    assert game.turn == WHITE
    assert game.legal_actions() == [gammon.Take(), gammon.Drop()]
    game.take()
    assert (game.cube.value, game.cube.owner) == (4, BLACK)
    assert game.turn == WHITE and game.legal_actions(resignations=False) == [gammon.Roll()]


def test_c12_cube12_a_beaver_dropped_pays_2() -> None:
    game = money_game(Cube(rules=CubeRules(beavers=True)))
    game.double()
    game.beaver()
    game.drop()
    result = game.result
    assert result is not None and (result.winner, result.points) == (BLACK, 2)


@pytest.mark.parametrize(("gnubg_owner", "owner"), [(False, WHITE), (True, BLACK)])
def test_c13_cube13_after_a_raccoon_is_taken_the_raccooner_owns_the_cube_at_8(
    gnubg_owner: bool, owner: Color
) -> None:
    rules = CubeRules(beavers=True, raccoons=True, gnubg_raccoon_owner=gnubg_owner)
    game = money_game(Cube(rules=rules))
    game.double()
    game.beaver()
    assert gammon.Raccoon() in game.legal_actions()
    game.raccoon()
    assert game.to_act == BLACK
    game.take()
    assert (game.cube.value, game.cube.owner) == (8, owner)


def test_c14_cube11_no_beaver_in_match_play() -> None:
    game = Game(Match(5), CubeRules(beavers=True, raccoons=True), position=Position.start())
    game.double()
    assert game.legal_actions() == [gammon.Take(), gammon.Drop()]
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-11"):
        game.beaver()


# -- properties ---------------------------------------------------------------------------

ACTIONS = ("double", "take", "drop", "beaver", "raccoon")


@st.composite
def cube_rules(draw: st.DrawFn) -> CubeRules:
    beavers = draw(st.booleans())
    return CubeRules(
        max_cube=1 << draw(st.integers(0, 8)),
        jacoby=draw(st.booleans()),
        beavers=beavers,
        raccoons=beavers and draw(st.booleans()),
        max_beavers=draw(st.integers(1, 4)),
        gnubg_raccoon_owner=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(
    rules=cube_rules(),
    steps=st.lists(st.tuples(st.sampled_from(ACTIONS), st.booleans()), max_size=40),
)
def test_property_the_cube_never_passes_max_cube_and_jacoby_needs_an_unturned_cube(
    rules: CubeRules, steps: list[tuple[str, bool]]
) -> None:
    # CUBE-10, MONEY-2: whatever the players try, the value (and any offer) stays within the
    # cap, and Jacoby reduces a gammon only while no double has ever been taken.
    cube = Cube(rules=rules)
    taken = False
    for name, white in steps:
        player = WHITE if white else BLACK
        try:
            if name == "drop":
                result = cube.drop(player)
                assert result.points <= rules.max_cube
                cube = Cube(rules=rules)
                taken = False
                continue
            nxt = getattr(cube, name)(player)
        except gammon.IllegalCubeActionError:
            continue
        if name == "take":
            taken = True
        cube = nxt
        assert cube.value <= rules.max_cube
        assert cube.offer is None or cube.offer.value <= rules.max_cube
        if cube.offer is None:
            assert cube.centred == (not taken)
            jacoby_applies = rules.jacoby and not taken
            assert cube.points(2) == cube.value * (1 if jacoby_applies else 2)


@settings(max_examples=200, deadline=None)
@given(
    rules=cube_rules(),
    steps=st.lists(st.tuples(st.sampled_from(ACTIONS), st.booleans()), max_size=30),
)
def test_property_illegal_cube_actions_raise_only_illegal_cube_action_error(
    rules: CubeRules, steps: list[tuple[str, bool]]
) -> None:
    cube = Cube(rules=rules)
    for name, white in steps:
        player = WHITE if white else BLACK
        if name == "drop":
            continue
        allowed = {
            "double": cube.can_double(player),
            "beaver": cube.can_beaver(player),
            "raccoon": cube.can_raccoon(player),
            "take": cube.offer is not None and cube.offer.responder == player,
        }[name]
        try:
            cube = getattr(cube, name)(player)
        except gammon.IllegalCubeActionError as e:
            assert not allowed
            assert "CUBE-" in str(e)
        else:
            assert allowed


def test_cube_is_immutable() -> None:
    cube = Cube()
    with pytest.raises(AttributeError):
        cube.value = 2  # type: ignore[misc]
