"""The turn state machine against an independent oracle.

The rules of the sequence of a game live once, in the Rust core's ``TurnState``, which
``gammon.Game`` drives. This file keeps a second, independent statement of the may-double
rules (CUBE-2, CUBE-3, CUBE-10, BG-12, MATCH-3, MATCH-7), of who acts (RESIGN-*, CUBE-4) and of
the score of a finished game (SCORE-1, SCORE-2, MONEY-2, CUBE-6), written from the spec and
sharing no code with the core, and runs it against the core on random action sequences.
"""

from __future__ import annotations

import random
from typing import Optional, Union

import pytest

import gammon
from gammon import Color, CubeRules, Game, Match, MoneySession

RULES = [
    CubeRules(),
    CubeRules(refuse_dead_cube=True),
    CubeRules(max_cube=4),
    CubeRules(jacoby=True, beavers=True, raccoons=True),
    CubeRules(enabled=False),
]


def oracle_may_double(game: Game) -> bool:
    """CUBE-2, CUBE-3, CUBE-10, BG-12, MATCH-3, MATCH-7, read from the spec."""
    cube, rules, board = game.cube, game.cube_rules, game.match
    if game.is_over or game.is_opening or game.dice is not None:
        return False
    if cube.offer is not None or game.resignation is not None:
        return False
    if not rules.enabled or board.is_crawford_game:
        return False
    if cube.owner is not None and cube.owner != game.turn:
        return False
    if cube.value * 2 > rules.max_cube:
        return False
    if isinstance(board, Match) and rules.refuse_dead_cube:
        return cube.value < board.length - board.score_of(game.turn)
    return True


def oracle_to_act(game: Game) -> Color:
    """The player the next action belongs to (CUBE-4, RESIGN-2, gnubg's fTurn after the end)."""
    result = game.result
    if result is not None:
        assert result.winner is not None
        return result.winner if result.ending == gammon.Ending.RESIGNED else result.winner.other()
    if game.cube.offer is not None:
        return game.cube.offer.responder
    if game.resignation is not None:
        return game.resignation.player.other()
    return game.turn


def oracle_points(before: Game, after: Game) -> Optional[int]:
    """SCORE-1, SCORE-2, MONEY-2, CUBE-6, RESIGN-2: the points of the game ``after`` ended."""
    result = after.result
    if result is None:
        return None
    cube = before.cube
    if result.ending == gammon.Ending.DROPPED:
        assert cube.offer is not None
        return cube.offer.value // 2
    level = {"single": 1, "gammon": 2, "backgammon": 3}[result.kind]
    jacoby = isinstance(before.match, MoneySession) and before.cube_rules.jacoby
    if jacoby and cube.owner is None:
        level = 1
    return level * cube.value


def play(seed: int, board: Union[Match, None], rules: CubeRules) -> int:
    rng = random.Random(seed)
    game = Game(board, rules, seed=seed)
    steps = 0
    while not game.is_over:
        assert game.can_double() == oracle_may_double(game), (seed, game.gnubg_id)
        assert (gammon.Double() in game.legal_actions()) == oracle_may_double(game)
        assert game.to_act == oracle_to_act(game), (seed, game.gnubg_id)
        actions = game.legal_actions()
        # Resignations are rare in real games: offer one now and then.
        choices = [a for a in actions if not isinstance(a, gammon.Resign)]
        if len(choices) < len(actions) and rng.random() < 0.02:
            choices = [a for a in actions if isinstance(a, gammon.Resign)]
        before = Game.__new__(Game)
        before.__dict__.update(game.__dict__)
        game.push(choices[rng.randrange(len(choices))])
        points = oracle_points(before, game)
        if points is not None:
            assert game.result is not None and game.result.points == points, (seed, game.result)
        steps += 1
    assert game.to_act == oracle_to_act(game)
    return steps


@pytest.mark.parametrize("rules", RULES, ids=repr)
@pytest.mark.parametrize("length", [None, 3, 7])
def test_cube2_cube3_match3_match7_the_core_agrees_with_the_oracle(
    rules: CubeRules, length: Optional[int]
) -> None:
    """CUBE-2, CUBE-3, CUBE-10, MATCH-3, MATCH-7: random games, every state compared."""
    total = 0
    for seed in range(20):
        board = None if length is None else Match(length, (length - 2, length - 1))
        total += play(seed, board, rules)
    assert total > 200


def test_match3_match7_whole_matches_agree_with_the_oracle() -> None:
    """MATCH-3, MATCH-7: whole matches with a dead-cube rule, game after game."""
    rng = random.Random(5)
    for seed in range(6):
        match = Match(5)
        while not match.is_over:
            play(rng.randrange(10**6), match, CubeRules(refuse_dead_cube=True))
            game = Game(match, CubeRules(refuse_dead_cube=True), seed=seed)
            while not game.is_over:
                actions = game.legal_actions(resignations=False)
                game.push(actions[rng.randrange(len(actions))])
            match = game.next_match()
