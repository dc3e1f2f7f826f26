"""gammon.Game: the opening roll, turns, the cube, resignations, scoring and history, with
the scenarios of spec §13.2 that involve a whole game (C01-C04, C06, C15-C24, C26-C29, C31,
C35-C37) and properties of games played to the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import (
    Color,
    Cube,
    CubeRules,
    Double,
    Ending,
    Game,
    Match,
    MoneySession,
    Position,
    Resign,
    ResignLevel,
    Roll,
)
from gammon.actions import parse_action

WHITE, BLACK = Color.WHITE, Color.BLACK


def same_position(play: gammon.Play, text: str) -> bool:
    """Compares a play with a text by the position it leads to (NOT-6)."""
    return play.after == play.before.play(text, play.dice)


# -- opening roll (BG-10, BG-11, CUBE-20) -------------------------------------------------


def test_c01_bg10_the_higher_die_moves_first_with_both_dice_and_no_cube_action() -> None:
    game = Game(seed=1)
    assert game.is_opening
    assert game.legal_actions() == [Roll()]
    assert not game.can_double()
    game.set_dice(5, 3)
    assert not game.is_opening
    assert (game.turn, game.dice) == (WHITE, (5, 3))
    actions = game.legal_actions(resignations=False)
    assert all(isinstance(a, gammon.Play) for a in actions)
    assert len(actions) == len(Position.start().legal_plays((5, 3)))
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-3"):
        game.double()


def test_bg10_the_player_with_the_higher_die_may_be_black() -> None:
    game = Game()
    game.set_dice(2, 6)
    assert (game.turn, game.dice) == (BLACK, (6, 2))
    assert game.position.turn == BLACK


def test_c02_bg10_a_tie_is_thrown_again_and_the_cube_stays_at_1() -> None:
    game = Game(session=MoneySession())
    game.set_dice(4, 4)
    assert game.is_opening and game.cube.value == 1
    assert game.legal_actions() == [Roll()]
    game.set_dice(6, 2)
    assert (game.turn, game.dice, game.cube.value) == (WHITE, (6, 2), 1)


def test_c03_cube20_one_automatic_double_then_ties_have_no_effect() -> None:
    game = Game(cube=CubeRules(auto_doubles=1))
    game.set_dice(2, 2)
    game.set_dice(5, 5)
    game.set_dice(3, 1)
    assert (game.cube.value, game.cube.owner) == (2, None)
    assert (game.turn, game.dice) == (WHITE, (3, 1))


def test_cube20_two_automatic_doubles_then_the_other_player_may_double_at_once() -> None:
    # CUBE-20 worked example: k=2, ties 3-3, 6-6, 1-1, then X 4 / O 2.
    game = Game(cube=CubeRules(auto_doubles=2))
    for d in [(3, 3), (6, 6), (1, 1), (4, 2)]:
        game.set_dice(*d)
    assert (game.cube.value, game.cube.owner, game.turn) == (4, None, WHITE)
    assert not game.can_double()
    game.push(game.legal_actions()[0])
    assert game.turn == BLACK and game.can_double()


def test_c04_cube20_match2_automatic_doubles_do_nothing_in_a_match() -> None:
    game = Game(Match(7), CubeRules(auto_doubles=1))
    game.set_dice(4, 4)
    game.set_dice(6, 1)
    assert game.cube.value == 1


def test_c37_cube20_cube2_no_automatic_double_when_cube_use_is_off() -> None:
    game = Game(cube=CubeRules(enabled=False, auto_doubles=1))
    game.set_dice(3, 3)
    game.set_dice(5, 2)
    assert game.cube.value == 1 and game.turn == WHITE


def test_roll_plays_the_whole_opening_and_is_reproducible_with_a_seed() -> None:
    a, b = Game(seed=7), Game(seed=7)
    assert a.roll() == b.roll()
    assert a.move_stack == b.move_stack
    assert not a.is_opening
    assert all(isinstance(x, Roll) and x.dice is not None for x in a.move_stack)


# -- turns and the cube -------------------------------------------------------------------


def test_c06_cube3_no_double_after_rolling() -> None:
    game = Game(position=Position.start())
    game.set_dice(3, 1)
    assert Double() not in game.legal_actions()
    with pytest.raises(gammon.IllegalCubeActionError, match="CUBE-3"):
        game.double()


def test_bg12_no_second_roll_and_no_play_before_rolling() -> None:
    game = Game(position=Position.start())
    with pytest.raises(gammon.IllegalPlayError, match="BG-12"):
        game.push("8/5 6/5")
    game.set_dice(3, 1)
    with pytest.raises(gammon.IllegalActionError, match="BG-12"):
        game.set_dice(6, 6)


def test_plays_are_compared_by_position_and_must_belong_to_the_roll() -> None:
    game = Game(position=Position.start())
    game.set_dice(3, 1)
    play = next(
        p
        for p in game.legal_actions()
        if isinstance(p, gammon.Play) and same_position(p, "8/5 6/5")
    )
    other = Position.start().legal_plays((4, 2))[0]
    with pytest.raises(gammon.IllegalPlayError, match="MOVE-1"):
        game.push(other)
    game.push(play)
    assert game.position == Position.start().play("8/5 6/5", (3, 1))
    assert game.turn == BLACK and game.dice is None


def test_move8_the_empty_play_is_the_only_action_when_the_roll_cannot_be_played() -> None:
    # X on the bar against a closed board (as T12, with X's 24-point checker moved to the
    # midpoint: T12 as printed puts both players on X's 24-point).
    pos = Position.from_checkers({25: 1, 13: 6, 8: 3, 6: 5}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2})
    game = Game(position=pos)
    game.set_dice(6, 4)
    assert game.legal_actions(resignations=False) == [gammon.EmptyPlay()]
    game.push("")
    assert game.turn == BLACK and game.position == pos.pass_turn()
    game2 = Game(position=Position.start())
    game2.set_dice(3, 1)
    with pytest.raises(gammon.IllegalPlayError, match="MOVE-8"):
        game2.push(gammon.EmptyPlay())


def test_c26_match4_bg12_post_crawford_the_opening_winner_cannot_double_the_other_can() -> None:
    crawford = Game(Match(5, (4, 1), crawford_game=True))
    crawford.set_dice(1, 6)
    crawford.push(crawford.legal_actions()[0])
    assert crawford.turn == WHITE
    with pytest.raises(gammon.IllegalCubeActionError, match="MATCH-3"):
        crawford.double()
    crawford.resign()  # X gives up a single game: O wins 1 -> 4-2
    crawford.accept()
    nxt = crawford.next_game()
    assert nxt.match.score == (4, 2) and nxt.match.is_post_crawford
    nxt.set_dice(6, 1)  # game 6: X (White) wins the opening roll
    assert not nxt.can_double()
    nxt.push(nxt.legal_actions()[0])
    assert nxt.turn == BLACK and nxt.can_double()
    # Had O won the opening roll, O's first chance would be O's second turn.
    other = crawford.next_game()
    other.set_dice(1, 6)
    assert other.turn == BLACK and not other.can_double()
    other.push(other.legal_actions()[0])
    assert other.turn == WHITE and other.can_double()


def test_c25_match3_every_double_is_illegal_in_the_crawford_game() -> None:
    game = Game(Match(5, (4, 1), crawford_game=True), position=Position.start())
    assert game.is_crawford_game and not game.can_double()
    with pytest.raises(gammon.IllegalCubeActionError, match="MATCH-3"):
        game.double()


def test_c27_match7_a_dead_double_is_legal_unless_refuse_dead_cube() -> None:
    board = Match(7, (6, 6), post_crawford=True)
    assert Game(board, position=Position.start()).can_double()
    strict = Game(board, CubeRules(refuse_dead_cube=True), position=Position.start())
    with pytest.raises(gammon.IllegalCubeActionError, match="MATCH-7"):
        strict.double()


def test_c29_cube6_a_dropped_double_at_6_5_gives_dmp_without_a_crawford_game() -> None:
    game = Game(Match(7, (6, 5), post_crawford=True), position=Position.start(turn=BLACK))
    game.double()
    game.drop()
    result = game.result
    assert result is not None and (result.winner, result.points) == (BLACK, 1)
    nxt = game.next_match()
    assert isinstance(nxt, Match)
    assert nxt.score == (6, 6) and not nxt.is_crawford_game


def test_c31_match5_match7_a_1_point_match_double_is_legal_but_dead() -> None:
    game = Game(Match(1))
    game.set_dice(1, 6)  # O (Black) wins the opening roll and plays it
    game.push(game.legal_actions()[0])
    assert game.turn == WHITE and game.can_double()
    strict = Game(Match(1), CubeRules(refuse_dead_cube=True))
    strict.set_dice(1, 6)
    strict.push(strict.legal_actions()[0])
    with pytest.raises(gammon.IllegalCubeActionError, match="MATCH-7"):
        strict.double()


# -- scoring (SCORE-1, SCORE-2, MONEY-2, MATCH-2) -------------------------------------------


def finish(game: Game) -> gammon.GameResult:
    """White bears off its last checker from the 1-point with 2-1."""
    game.set_dice(2, 1)
    game.push("1/off")
    assert game.result is not None
    return game.result


def ending(black: dict[int, int], cube: Cube | None = None, board: Match | None = None) -> Game:
    """White on roll with one checker left on its 1-point; Black's checkers in its own
    numbering (unlisted ones are off)."""
    pos = Position.from_checkers({1: 1}, black)
    if board is not None:
        return Game(board, cube, position=pos)
    return Game(session=MoneySession(), cube=cube, position=pos)


def test_c15_score1_no_checker_off_is_a_gammon_for_2() -> None:
    result = finish(ending({6: 15}))
    assert (result.winner, result.kind, result.points) == (WHITE, "gammon", 2)
    assert result.ending == Ending.BORNE_OFF
    assert finish(ending({6: 15}, board=Match(7))).points == 2


def test_c16_score1_a_checker_in_the_winners_home_is_a_backgammon() -> None:
    result = finish(ending({22: 1, 6: 14}, Cube(2, BLACK)))
    assert (result.kind, result.points) == ("backgammon", 6)


def test_c17_score1_a_checker_on_the_bar_is_a_backgammon() -> None:
    assert finish(ending({25: 1, 6: 14})).kind == "backgammon"


def test_c18_score1_one_checker_off_makes_it_single_even_with_a_checker_in_home() -> None:
    result = finish(ending({23: 1, 6: 13}))
    assert (result.kind, result.points) == ("single", 1)


def test_score2_cube_4_and_a_backgammon_score_12() -> None:
    assert finish(ending({20: 1, 6: 14}, Cube(4, WHITE))).points == 12


def test_c19_money2_jacoby_with_the_cube_centred_counts_a_backgammon_as_1() -> None:
    result = finish(ending({25: 1, 6: 14}, Cube(rules=CubeRules(jacoby=True))))
    assert (result.kind, result.points) == ("backgammon", 1)


def test_c20_money2_jacoby_with_a_turned_cube_counts_the_gammon() -> None:
    result = finish(ending({6: 15}, Cube(2, BLACK, rules=CubeRules(jacoby=True))))
    assert (result.kind, result.points) == ("gammon", 4)


def test_c21_money2_cube20_an_automatic_double_leaves_jacoby_in_force() -> None:
    rules = CubeRules(jacoby=True, auto_doubles=1)
    result = finish(ending({6: 15}, Cube(2, None, rules=rules)))
    assert (result.kind, result.points) == ("gammon", 2)


def test_c22_match2_no_jacoby_in_a_match() -> None:
    result = finish(ending({6: 15}, Cube(rules=CubeRules(jacoby=True)), board=Match(7)))
    assert (result.kind, result.points) == ("gammon", 2)


def test_c28_match1_a_gammon_at_5_3_with_cube_2_wins_the_match_9_3() -> None:
    game = ending({6: 15}, Cube(2, BLACK), board=Match(7, (5, 3)))
    assert finish(game).points == 4
    m = game.next_match()
    assert isinstance(m, Match)
    assert (m.score, m.is_over, m.winner) == ((9, 3), True, WHITE)
    with pytest.raises(gammon.InvalidInputError, match="MATCH-1"):
        game.next_game()


# -- resignations (RESIGN-*) ---------------------------------------------------------------


def test_c23_resign2_an_accepted_gammon_resignation_with_cube_2_pays_4() -> None:
    game = Game(session=MoneySession(), cube=Cube(2, WHITE), position=Position.start(turn=BLACK))
    game.resign("gammon")
    assert game.to_act == WHITE
    assert game.legal_actions() == [gammon.Accept(), gammon.Decline()]
    game.accept()
    result = game.result
    assert result is not None
    assert (result.winner, result.points, result.kind) == (WHITE, 4, "gammon")
    assert result.ending == Ending.RESIGNED
    assert gammon.MatchId.parse(game.match_id).game_state == gammon.matchid.GameState.RESIGNED


def test_resign2_jacoby_applies_to_an_accepted_resignation() -> None:
    # RESIGN-2, §12 D11 (gnubg does not apply it).
    game = Game(cube=CubeRules(jacoby=True), position=Position.start(turn=BLACK))
    game.resign(ResignLevel.BACKGAMMON)
    game.accept()
    assert game.result is not None and game.result.points == 1


def test_c24_resign3_a_declined_level_may_not_be_offered_again_before_another_action() -> None:
    game = Game(position=Position.start(turn=BLACK))
    game.resign("single")
    game.decline()
    assert game.turn == BLACK and game.resignation is None
    assert Resign(ResignLevel.SINGLE) not in game.legal_actions(resignations=True)
    with pytest.raises(gammon.IllegalActionError, match="RESIGN-3"):
        game.resign("single")
    game.resign("gammon")  # a higher level is allowed
    game.decline()
    with pytest.raises(gammon.IllegalActionError, match="RESIGN-3"):
        game.resign("gammon")


def test_c35_resign3_the_declined_level_is_forgotten_after_a_roll() -> None:
    game = Game(position=Position.start(turn=BLACK))
    game.resign("single")
    game.decline()
    game.set_dice(3, 1)
    assert Resign(ResignLevel.SINGLE) in game.legal_actions(resignations=True)
    game.resign("single")
    assert game.resignation == gammon.Resignation(BLACK, ResignLevel.SINGLE)


def test_c36_resign5_no_resignation_while_a_double_awaits_an_answer() -> None:
    game = Game(position=Position.start())
    game.double()
    assert not any(isinstance(a, Resign) for a in game.legal_actions(resignations=True))
    with pytest.raises(gammon.IllegalActionError, match="RESIGN-5"):
        game.resign()
    game.take()
    game.resign()  # after the take the doubler may resign again, at the new cube
    game.accept()
    assert game.result is not None and game.result.points == 2


def test_resign1_no_roll_or_cube_action_while_a_resignation_awaits_an_answer() -> None:
    game = Game(position=Position.start())
    game.resign()
    with pytest.raises(gammon.IllegalActionError):
        game.set_dice(3, 1)
    with pytest.raises(gammon.IllegalCubeActionError, match="RESIGN-1"):
        game.double()


def test_bg14_nothing_happens_after_the_end() -> None:
    game = Game(position=Position.start())
    game.double()
    game.drop()
    assert game.legal_actions() == []
    with pytest.raises(gammon.IllegalActionError, match="BG-14"):
        game.roll()
    with pytest.raises(gammon.IllegalCubeActionError, match="BG-14"):
        game.double()


# -- history --------------------------------------------------------------------------------


def test_push_and_pop_restore_every_state() -> None:
    game = Game(Match(7), seed=3)
    ids = [game.gnubg_id]
    game.set_dice(3, 1)
    ids.append(game.gnubg_id)
    game.push("8/5 6/5")
    ids.append(game.gnubg_id)
    game.double()
    ids.append(game.gnubg_id)
    game.take()
    ids.append(game.gnubg_id)
    game.roll()
    assert isinstance(game.peek(), Roll) and game.peek() == Roll(game.peek().dice)  # type: ignore[union-attr]
    game.pop()
    assert game.gnubg_id == ids[-1]
    for expected in reversed(ids[:-1]):
        game.pop()
        assert game.gnubg_id == expected
    assert game.is_opening
    with pytest.raises(IndexError):
        game.pop()
    with pytest.raises(IndexError):
        game.peek()


def test_actions_can_be_pushed_as_text() -> None:
    game = Game(session=MoneySession(), cube=CubeRules(beavers=True), position=Position.start())
    for text in ["double", "beaver", "take", "roll 31", "8/5 6/5"]:
        game.push(text)
    assert [str(a) for a in game.move_stack][:4] == ["double", "beaver", "take", "roll 31"]
    assert game.cube.value == 4 and game.turn == BLACK
    with pytest.raises(gammon.ParseError):
        game.push("roll 7")


def test_is_legal_agrees_with_push() -> None:
    game = Game(position=Position.start())
    for action in [Double(), gammon.Take(), Roll((3, 1)), Resign(ResignLevel.GAMMON)]:
        legal = game.is_legal(action)
        try:
            Game(position=Position.start()).push(action)
        except gammon.IllegalActionError:
            assert not legal
        else:
            assert legal


def test_bg10_cube12_resign1_the_turn_state_lists_its_actions_as_plays_and_words() -> None:
    state = gammon.TurnState(
        Position.start(), gammon.Cube(rules=CubeRules(beavers=True)), opening=True
    )
    assert state.legal_actions() == ["roll"]
    rolled = state.roll((3, 1))
    actions = rolled.legal_actions(resignations=True)
    assert all(isinstance(a, gammon.Play) for a in actions[:16])
    assert actions[16:] == ["resign single", "resign gammon", "resign backgammon"]
    assert rolled.legal_actions() == actions[:16]
    assert rolled.is_legal(actions[0]) and rolled.is_legal("resign gammon")
    assert not rolled.is_legal("roll") and not rolled.is_legal("double")
    doubled = rolled.play(actions[0]).double()
    assert doubled.legal_actions() == ["take", "drop", "beaver"]
    with pytest.raises(gammon.InvalidInputError, match="action word"):
        doubled.is_legal("jump")


def test_cube5_cube12_the_turn_state_acts_on_the_words_it_lists() -> None:
    rolled = gammon.TurnState(
        Position.start(), gammon.Cube(rules=CubeRules(beavers=True)), opening=True
    ).roll((3, 1))
    play = rolled.legal_actions()[0]
    doubled = rolled.act(play).act("double")
    assert doubled == rolled.play(play).double()
    assert doubled.act("beaver") == doubled.beaver()
    assert doubled.act(" take ").cube.value == 2
    assert doubled.act("drop").result is not None
    with pytest.raises(gammon.IllegalCubeActionError):
        doubled.act("double")
    with pytest.raises(gammon.InvalidInputError, match="action word"):
        doubled.act("roll")


def _candidates(game: Game) -> list[object]:
    """Every kind of action, with several resigning players and a play of another position."""
    stranger = Position.start("nackgammon").legal_plays((5, 2))[0]
    out: list[object] = [Roll(), Roll((2, 2)), Double(), gammon.Take(), gammon.Drop()]
    out += [gammon.Beaver(), gammon.Raccoon(), gammon.Accept(), gammon.Decline()]
    out += [gammon.EmptyPlay(), stranger]
    out += [Resign(level, player) for level in ResignLevel for player in (None, WHITE, BLACK)]
    if game.dice is not None and not game.is_over:
        out += list(game.position.legal_plays(game.dice))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_is_legal_agrees_with_push_over_random_games(seed: int) -> None:
    """Game.is_legal is the core's check; push applies the transitions: they agree."""
    rng = random.Random(seed)
    variant = ["backgammon", "long-nardy", "hypergammon-2"][seed % 3]
    if variant == "long-nardy":
        game = Game(variant=variant, seed=seed)
    else:
        rules = CubeRules(beavers=True, raccoons=True, max_beavers=2)
        board = {"session": MoneySession()} if seed % 2 else {"match": Match(5)}
        game = Game(cube=rules, variant=variant, seed=seed, **board)  # type: ignore[arg-type]
    for _ in range(150):
        for action in _candidates(game):
            legal = game.is_legal(action)  # type: ignore[arg-type]
            try:
                game.push(action)  # type: ignore[arg-type]
            except gammon.GammonError:
                assert not legal, action
            else:
                assert legal, action
                game.pop()
        actions = game.legal_actions(resignations=rng.random() < 0.1)
        if not actions:
            break
        game.push(rng.choice(actions))


def test_ln8_one_game_class_plays_long_nardy_with_the_same_verbs() -> None:
    """LN-8: White starts and rolls its own dice; no opening roll, no cube, same verbs."""
    game = Game(variant="long-nardy", seed=3)
    assert game.position == Position.start("long-nardy")
    assert not game.is_opening and game.turn == Color.WHITE
    assert game.legal_actions(resignations=True) == [Roll(), gammon.Resign()]
    game.roll()
    assert game.dice is not None and game.to_act == Color.WHITE
    game.push(game.legal_actions(resignations=False)[0])
    assert game.turn == Color.BLACK and len(game.move_stack) == 2
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy"):
        Game(variant="backgammon", settings=gammon.nardy.NardySettings())


def test_nackgammon_games_start_from_the_nackgammon_position() -> None:
    game = Game(variant="nackgammon")
    assert game.position == Position.start("nackgammon")


# -- whole games and matches ----------------------------------------------------------------


def play_out(game: Game, rng: random.Random, *, double: float, resign: float) -> None:
    """Plays a game to the end with random legal actions."""
    while not game.is_over:
        actions = game.legal_actions()
        kinds = {type(a) for a in actions}
        if Double in kinds and rng.random() < double:
            choice: gammon.actions.Action = Double()
        elif Roll in kinds:
            choice = Roll()
        else:
            resigns = [a for a in actions if isinstance(a, Resign)]
            others = [a for a in actions if not isinstance(a, Resign)]
            pick_resign = resigns and (not others or rng.random() < resign)
            choice = rng.choice(resigns if pick_resign else others)
        game.push(choice)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(1, 9))
def test_property_random_matches_follow_every_rule_to_the_end(seed: int, length: int) -> None:
    rng = random.Random(seed)
    rules = CubeRules(refuse_dead_cube=rng.random() < 0.5)
    game = Game(Match(length), rules, seed=seed)
    crawford_games = 0
    while True:
        play_out(game, rng, double=0.3, resign=0.01)
        result = game.result
        assert result is not None
        # SCORE-2: points are level x cube (drops: the cube before the double).
        assert result.points in (result.cube, 2 * result.cube, 3 * result.cube)
        assert game.cube.value <= rules.max_cube
        crawford_games += game.is_crawford_game
        if game.is_crawford_game:
            assert game.cube.value == 1 and game.cube.owner is None
        board = game.next_match()
        if board.is_over:
            break
        game = game.next_game()
    assert isinstance(board, Match)
    assert crawford_games <= 1
    assert sum(r.points for r in board.games if r.winner == board.winner) >= length


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_property_money_games_with_every_option_score_by_the_cube(seed: int) -> None:
    rng = random.Random(seed)
    rules = CubeRules(jacoby=True, beavers=True, raccoons=True, auto_doubles=1, max_cube=256)
    game = Game(cube=rules, seed=seed)
    for _ in range(3):
        play_out(game, rng, double=0.4, resign=0.02)
        result = game.result
        assert result is not None and game.cube.value <= 256
        if result.ending == Ending.BORNE_OFF and game.cube.centred:
            assert result.points == game.cube.value  # MONEY-2
        game = game.next_game()
    session = game.match
    assert isinstance(session, MoneySession)
    assert len(session.games) == 3
    assert sum(session.score) == sum(r.points for r in session.games)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=30), rolled=st.booleans())
def test_property_any_text_pushed_raises_only_gammon_errors(text: str, rolled: bool) -> None:
    game = Game(position=Position.start(), dice=(3, 1) if rolled else None)
    before = game.gnubg_id
    try:
        game.push(text)
    except gammon.GammonError:
        assert game.gnubg_id == before


def test_resign1_offers_to_resign_are_listed_only_when_asked_for() -> None:
    # RESIGN-1 allows an offer before rolling and after rolling; the default list leaves the
    # offers out, so that an agent picking at random from it plays instead of resigning.
    for variant in ("backgammon", "long-nardy"):
        game = Game(variant=variant)
        game.roll()
        default = game.legal_actions()
        offers = [a for a in game.legal_actions(resignations=True) if isinstance(a, Resign)]
        assert offers, variant
        assert not any(isinstance(a, Resign) for a in default)
        assert game.legal_actions(resignations=True) == default + offers


# -- the actions and a game's history as values -------------------------------------------


def test_resign1_cube6_parse_action_reads_the_words_and_their_synonyms() -> None:
    assert parse_action(" Accept   DOUBLE ") == gammon.Take()
    assert parse_action("pass") == parse_action("refuse") == gammon.Drop()
    assert parse_action("resign g") == Resign(ResignLevel.GAMMON)
    assert parse_action("resign") == Resign(ResignLevel.SINGLE)
    assert parse_action("roll 6-2") == Roll((6, 2))
    assert parse_action("8/5 6/5") is None
    for bad in ["roll 7", "roll 07", "resign all"]:
        with pytest.raises(gammon.ParseError):
            parse_action(bad)
    assert str(Resign(ResignLevel.BACKGAMMON, BLACK)) == "resign backgammon (black)"
    assert repr(Resign("gammon", WHITE)) == "Resign(ResignLevel.GAMMON, Color.WHITE)"
    assert Resign(2).level is ResignLevel.GAMMON
    with pytest.raises(gammon.InvalidInputError, match="RESIGN-1"):
        Resign(4)
    with pytest.raises(gammon.InvalidDiceError):
        Roll((0, 3))


def test_bg12_a_game_pickles_with_its_history_and_its_dice() -> None:
    import pickle

    game = Game(Match(5), seed=3)
    game.roll()
    game.push(game.legal_actions()[0])
    back = pickle.loads(pickle.dumps(game))
    assert type(back) is Game and back.match == game.match
    assert back.move_stack == game.move_stack and back.gnubg_id == game.gnubg_id
    assert back.roll() == game.roll()
    assert back.pop() == game.pop() and back.pop() == game.pop()
    assert back.gnubg_id == game.gnubg_id
    for action in [Roll(), Roll((3, 1)), Double(), Resign(ResignLevel.GAMMON, WHITE)]:
        assert pickle.loads(pickle.dumps(action)) == action
