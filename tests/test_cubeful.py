"""Cubeful rollouts and the ``net`` cube policy.

``gammon.rollout(..., cube=...)`` plays money games from a position with the cube in play for
both sides; ``"net"`` decides doubles, takes and beavers by Janowski's model over the shipped
net. The positions here have answers that are certain (or exact by the dice).
"""

from __future__ import annotations

import json
from typing import Any, Union

import pytest

import gammon
from gammon import Color, CubeRules, CubeView, Game, Match, Player, Position
from gammon.cli import main
from gammon.fibs import FibsBoard
from gammon.serve import Engine

#: One checker on the 3 point and one on the 1 point against one on the opponent's 1 point:
#: every roll but 2-1 bears both off (34 of 36), and the opponent wins on their first turn.
WON_RACE = Position.from_checkers({3: 1, 1: 1}, {1: 1})

#: Everything home against 15 checkers in the opponent's outfield: a sure win with about 60%
#: gammons, too good to double (playing on is worth about 1.6 points, cashing 1).
TOO_GOOD = Position.from_checkers({1: 3, 2: 3, 3: 3, 4: 3, 5: 3}, {7: 5, 8: 5, 9: 5})


def test_cube5_cube6_the_net_cube_doubles_a_won_race_out_and_the_opponent_drops() -> None:
    r = gammon.rollout(WON_RACE, 360, policy="net", cube="net", seed=1)
    assert isinstance(r, gammon.CubefulRolloutResult)
    assert r.games_completed == 360
    assert (r.equity, r.points_per_game, r.std_error) == (1.0, 1.0, 0.0)
    assert (r.won_by_drop, r.doubled, r.doubles_per_game, r.mean_cube) == (1.0, 1.0, 1.0, 1.0)
    # Cubeless, the same games win 34 of 36 (stratified first rolls: exactly).
    cubeless = gammon.rollout(WON_RACE, 360, policy="net", seed=1)
    assert cubeless.equity == pytest.approx(32 / 36)
    assert "cubeful equity +1.0000" in str(r)


def test_cube2_with_the_never_policy_the_points_are_the_cubeless_rollouts() -> None:
    """The same seed plays the same games: the points match exactly, game for game."""
    for pos in (Position.start(), Position.start(turn="black")):
        cubeful = gammon.rollout(pos, 1500, policy="pubeval", cube="never", seed=11)
        cubeless = gammon.rollout(pos, 1500, policy="pubeval", seed=11)
        assert cubeful.equity == cubeless.equity
        assert cubeful.std_error == pytest.approx(cubeless.std_error, rel=1e-9)
        assert (cubeful.win, cubeful.win_gammon, cubeful.lose_backgammon) == (
            cubeless.win,
            cubeless.win_gammon,
            cubeless.lose_backgammon,
        )
        assert cubeful.doubled == 0.0
        # At a 4-cube owned by the opponent nobody may double: four times the points, the
        # same equity per initial cube.
        four = gammon.rollout(
            pos,
            1500,
            policy="pubeval",
            cube="never",
            cube_value=4,
            cube_owner=pos.turn.other(),
            seed=11,
        )
        assert four.points_per_game == 4 * cubeless.equity
        assert four.equity == cubeless.equity


def test_a_too_good_position_keeps_its_cubeless_gammon_equity() -> None:
    """CUBE-4: too good to double, the player plays on for the gammon; the cubeful equity is
    the cubeless (gammon-counting) equity of the same games."""
    cubeful = gammon.rollout(TOO_GOOD, 2592, policy="net", cube="net", seed=4)
    cubeless = gammon.rollout(TOO_GOOD, 2592, policy="net", seed=4)
    assert cubeless.equity > 1.4  # gammons count: well above a cash
    assert abs(cubeful.equity - cubeless.equity) < 0.02
    # Doubled out only once the gammon is gone: a sure single win cashes ("double, pass", as
    # gnubg decides equal equities), in the games the cubeless rollout won single.
    assert abs(cubeful.doubled - (cubeless.win - cubeless.win_gammon)) < 0.01


def test_cube3_cube7_the_player_without_the_cube_cannot_double_and_the_result_is_exact() -> None:
    """Four checkers on the 2 point: only 2-2 to 6-6 bear them off (5 of 36); otherwise the
    opponent (one checker left) wins. The opponent owns the cube at 2, so the player on roll
    cannot double (CUBE-3, CUBE-7): the equity per cube is exactly (5 - 31) / 36."""
    pos = Position.from_checkers({2: 4}, {1: 1})
    r = gammon.rollout(pos, 720, policy="net", cube="net", cube_value=2, cube_owner="black", seed=3)
    assert r.cube_owner == Color.BLACK
    assert r.points_per_game == pytest.approx(-2 * 26 / 36, abs=1e-12)
    assert r.equity == pytest.approx(-26 / 36, abs=1e-12)
    assert r.mean_cube == 2.0
    # The opponent, sure to win without a gammon once the player misses, cashes: "double,
    # pass" (playing on is worth no more), in the 31 games of 36 the player misses.
    assert r.doubled == pytest.approx(31 / 36, abs=1e-12)
    # The same position with the cube centred at 1: the player on roll may double, and the
    # net, with 14%, does not; the opponent wins or cashes what is left: the same equity.
    centred = gammon.rollout(pos, 720, policy="net", cube="net", seed=3)
    assert centred.equity == pytest.approx(-26 / 36, abs=1e-12)


def test_cubeful_rollouts_are_reproducible_and_do_not_depend_on_threads() -> None:
    start = Position.start()
    one = gammon.rollout(start, 600, policy="net", cube="net", seed=9, threads=1)
    two = gammon.rollout(start, 600, policy="net", cube="net", seed=9, threads=2, chunk_size=77)
    assert one == two
    assert one.tally == two.tally
    assert one.doubled > 0.5  # money games between equal players see the cube turned
    other = gammon.rollout(start, 600, policy="net", cube="net", seed=10, threads=2)
    assert other.tally != one.tally
    # Ranges of the same rollout merge into the whole, in either order.
    a = gammon.rollout(start, 250, policy="net", cube="net", seed=9)
    b = gammon.rollout(start, 350, policy="net", cube="net", seed=9, first_game=250)
    assert b.merge(a) == one and a.merge(b).ranges == ((0, 600),)
    with pytest.raises(gammon.InvalidInputError, match="overlap"):
        a.merge(a)
    with pytest.raises(gammon.InvalidInputError, match="differ in seed=9 and seed=10"):
        a.merge(other)


def test_money_options_and_python_cube_policies_in_cubeful_rollouts() -> None:
    """CUBE-12: with beavers a bad double is beavered; a Python cube policy plays too."""

    class DoubleAndDrop:
        def double(self, view: CubeView) -> bool:
            return True

        def take(self, view: CubeView) -> Union[bool, str]:
            return "drop"

    # The player on roll doubles at once (not an opening roll) and the opponent drops: +1.
    r = gammon.rollout(
        Position.start(), 100, cube=DoubleAndDrop(), opening=False, seed=1, policy="pubeval"
    )
    assert (r.equity, r.won_by_drop) == (1.0, 1.0)
    assert r.cube_policies == ("DoubleAndDrop", "DoubleAndDrop")
    # An opening roll comes first (BG-12): the opponent doubles on their first turn instead.
    r = gammon.rollout(Position.start(), 100, cube=DoubleAndDrop(), seed=1, policy="pubeval")
    assert (r.equity, r.lost_by_drop) == (-1.0, 1.0)
    # A pair: the player on roll doubles everything, the net answers; at the start with
    # beavers allowed the net beavers, and the doubler (who always "drops") loses 2.
    r = gammon.rollout(
        Position.start(),
        50,
        policy="net",
        cube=(DoubleAndDrop(), "net"),
        cube_rules=CubeRules(beavers=True),
        opening=False,
        seed=2,
    )
    assert r.points_per_game == -2.0 and r.doubles_per_game == 2.0
    assert "beavers" in r.describe()


class _AlwaysTake:
    """A Python cube policy: never doubles, takes everything."""

    def double(self, view: CubeView) -> bool:
        return False

    def take(self, view: CubeView) -> Union[bool, str]:
        return True


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"cube_value": 2}, "cube_value applies to cubeful rollouts"),
        ({"cube_owner": "white"}, "cube_owner applies"),
        ({"cube": "net", "truncate": "bearoff"}, "truncate='bearoff' does not combine"),
        ({"cube": "net", "truncate_after": 4}, "truncate_after=4 does not combine"),
        ({"cube": "net", "variance_reduction": True}, "variance_reduction=True"),
        ({"cube": "net", "evaluator": "net"}, "evaluator='net' does not combine"),
        ({"cube": "net", "record_games": True}, "record_games=True"),
        ({"cube": "net", "cube_value": 3}, "power of two"),
        ({"cube": "net", "cube_value": 128}, "cube_value"),
        ({"cube": "net", "cube_owner": "nobody"}, "cube_owner must be"),
        ({"cube": "gnubg"}, "unknown cube policy 'gnubg'"),
        ({"cube": 7}, "cube must be a cube policy name"),
        ({"cube": "net", "cube_rules": "jacoby"}, "cube_rules must be a gammon.CubeRules"),
        ({"cube": "net", "variant": "hypergammon-3"}, "backgammon and nackgammon"),
        ({"cube": "race", "variant": "long-nardy"}, "Long Nardy is played without"),
        ({"cube": ("net", _AlwaysTake()), "threads": 2}, "runs on one thread"),
    ],
)
def test_options_that_do_not_combine_with_the_cube_are_refused_by_name(
    options: dict[str, Any], words: str
) -> None:
    with pytest.raises(gammon.InvalidInputError, match=words.replace("(", r"\(")):
        gammon.rollout(None, 10, seed=1, **options)


def test_nackgammon_plays_with_the_net_cube() -> None:
    r = gammon.rollout(None, 200, variant="nackgammon", cube="net", seed=1, policy="pubeval")
    assert r.games_completed == 200 and r.doubled > 0


def test_money_and_match_simulations_with_the_net_cube() -> None:
    """MATCH-3, MATCH-7: the rules machinery runs the Crawford game and dead cubes; the net
    cube only decides."""
    net = Player("net", cube="net")
    money = gammon.simulate_money(300, players=(net, Player("net", cube="never")), seed=1)
    assert money.games_completed == 300
    assert money.tally.doubles > 0 and money.mean_cube > 1.0
    match = gammon.simulate_match(5, players=(net, Player("net", cube="race")), matches=40, seed=1)
    assert match.matches_completed == 40 and match.tally.doubles > 0
    with pytest.raises(gammon.InvalidInputError, match="hypergammon-3"):
        gammon.simulate_money(10, players=(net, net), variant="hypergammon-3", seed=1)
    with pytest.raises(gammon.InvalidInputError, match="never, race, net"):
        Player("net", cube="gnubg")


def test_gammon_serve_answers_with_the_net_cube() -> None:
    """CUBE-4, CUBE-6 through ``gammon serve``: a won race is doubled and dropped."""
    engine = Engine("net", "net")
    game = Game(Match(7), position=WON_RACE)
    assert engine.answer(str(FibsBoard.from_game(game))) == "double"
    game.double()
    assert engine.answer(str(FibsBoard.from_game(game))) == "drop"
    start = Game(Match(7), position=Position.start())
    assert engine.answer(str(FibsBoard.from_game(start))) == "roll"


def test_the_command_line_rolls_out_with_the_cube(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["rollout", "--games", "360", "--seed", "1", "--quiet", "--policy", "net"]
    assert main([*args, "--position", WON_RACE.id, "--cube", "net", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["equity"], out["won_by_drop"], out["cube_policies"]) == (1.0, 1.0, ["net", "net"])
    assert main([*args, "--cube", "race", "--cube-value", "2", "--cube-owner", "black"]) == 0
    text = capsys.readouterr().out
    assert "cube 2 owned by black" in text and "cubeful equity" in text
    # Cube options without --cube, and --cube with --plays, are refused (status 2).
    assert main([*args, "--jacoby"]) == 2
    assert "--jacoby" in capsys.readouterr().err
    assert main(["rollout", "--plays", "4HPwATDgc/ABMA", "31", "--cube", "net", "--quiet"]) == 2
    assert "--cube does not combine with --plays" in capsys.readouterr().err


def test_the_command_line_takes_the_cube_of_an_xgid(capsys: pytest.CaptureFixture[str]) -> None:
    # XGID field 2 is the cube's log2 (1: a 2-cube), field 3 its owner (1: the player at the
    # bottom, X, who is on roll here).
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:0:0:10"
    args = ["rollout", "--games", "100", "--seed", "1", "--quiet", "--json", "--cube", "never"]
    assert main([*args, "--position", xgid]) == 0
    out = json.loads(capsys.readouterr().out)
    game = Game.from_xgid(xgid)
    assert out["cube_value"] == game.cube.value == 2
    assert out["cube_owner"] == str(game.cube.owner)


def test_cubeful_rollouts_run_on_executors_checkpoint_resume_and_round_trip(
    tmp_path: Any,
) -> None:
    """A cubeful rollout runs as a cubeless one does: split over an executor, continued from
    its checkpoint, extended by ``resume``, through ``to_dict`` and pickling, to the numbers
    of the uninterrupted local run of its seed."""
    import pickle
    from concurrent.futures import ThreadPoolExecutor

    race = Position.from_checkers({6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 4})
    args: dict[str, Any] = dict(policy="pubeval", cube="race", seed=12, threads=1)
    local = gammon.rollout(race, 400, **args)
    with ThreadPoolExecutor(2) as pool:
        spread = gammon.rollout(race, 400, executor=pool, games_per_task=90, **args)
    assert spread == local and spread.tally == local.tally
    path = tmp_path / "cubeful.json"
    part = gammon.rollout(race, 150, checkpoint=path, **args)
    assert part.games_completed == 150
    whole = gammon.rollout(race, 400, checkpoint=path, **args)  # games raised: it continues
    assert whole.tally == local.tally and whole.ranges == ((0, 400),)
    assert gammon.read_checkpoint(path).result.tally == local.tally
    assert part.resume(250).tally == local.tally
    back = gammon.CubefulRolloutResult.from_dict(json.loads(json.dumps(local.to_dict())))
    assert back == local and back.equity == local.equity
    assert pickle.loads(pickle.dumps(local)) == local
    with pytest.raises(gammon.CheckpointError, match="seed"):
        gammon.rollout(race, 400, checkpoint=path, **{**args, "seed": 13})
