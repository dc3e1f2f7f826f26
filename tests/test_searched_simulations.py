"""Searched players in the simulations (``Player(plies=, cube_plies=)``) and the net as the
default player of simulations and ``gammon serve``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gammon
from gammon.cli import main
from gammon.errors import InvalidInputError
from gammon.serve import Engine

SEARCHED = gammon.Player("net", plies=1)
CUBE_SEARCHED = gammon.Player("net", cube_plies=1)
PRUNED_OFF = gammon.Player("net", plies=1, prune=0)


def _money(players: object, games: int, **options: object) -> gammon.MoneyResult:
    return gammon.simulate_money(games, players=players, seed=11, record_games=True, **options)


def test_the_default_player_is_the_net_with_its_cube_as_rollouts_default() -> None:
    default = gammon.Player()
    assert default == gammon.Player(gammon.default_policy(gammon.Variant.BACKGAMMON))
    assert (default.checker, default.cube, default.plies, default.cube_plies) == (
        "net",
        "net",
        0,
        0,
    )
    assert gammon.default_cube_policy(gammon.Variant.BACKGAMMON) == default.cube
    assert gammon.Player("pubeval").name == "pubeval+never"  # pubeval is one option away


def test_bg10_a_searched_player_is_reproducible_on_one_and_two_threads_in_any_chunks() -> None:
    """Game *i* depends on the seed and *i* only, with searched checker play (BG-10 openings)."""
    players = (SEARCHED, "pubeval")
    one = _money(players, 6, threads=1)
    two = _money(players, 6, threads=2, chunk_size=1)
    assert one == two
    assert one.records is not None and two.records is not None
    for a, b in zip(one.records, two.records):
        assert a.tolist() == b.tolist()
    # The games of a range played apart are the whole's games.
    part = gammon.simulate_money(3, players=players, seed=11, first_game=3, threads=2)
    assert one.tally.points - part.tally.points == _money(players, 3, threads=1).tally.points
    assert one.setup.plies == (1, 0) and one.setup.cube_plies == (0, 0)


def test_a_searched_cube_is_reproducible_and_recorded_in_the_setup() -> None:
    players = (CUBE_SEARCHED, CUBE_SEARCHED)
    one = _money(players, 8, threads=1)
    assert one == _money(players, 8, threads=2, chunk_size=3)
    assert one.setup.cube_plies == (1, 1) and one.setup.plies == (0, 0)
    assert "net+net (cube 1-ply) vs net+net (cube 1-ply)" in str(one)


def test_the_depth_changes_the_play_of_the_same_games() -> None:
    """1-ply play is not 0-ply play: over a few games on the same dice some play differs."""
    plain = gammon.simulate.simulated_match_record(0, (gammon.Player(), "pubeval"), seed=5)
    searched = gammon.simulate.simulated_match_record(0, (SEARCHED, "pubeval"), seed=5)
    again = gammon.simulate.simulated_match_record(0, (SEARCHED, "pubeval"), seed=5)
    assert searched.games[0].actions == again.games[0].actions
    assert searched.games[0].actions != plain.games[0].actions


def test_results_of_other_depths_do_not_merge_and_name_the_difference() -> None:
    a = gammon.simulate_money(2, players=(SEARCHED, "pubeval"), seed=3, first_game=0)
    b = gammon.simulate_money(2, players=("net", "pubeval"), seed=3, first_game=2)
    with pytest.raises(InvalidInputError, match=r"plies=\(1, 0\) and plies=\(0, 0\)"):
        a.merge(b)
    assert [m[0] for m in a.setup.mismatches(b.setup)] == ["plies"]


@pytest.mark.parametrize(
    ("players", "field", "written", "other"),
    [
        ((CUBE_SEARCHED, "pubeval"), "cube_plies", [1, 0], ("net", "pubeval")),
        ((PRUNED_OFF, "pubeval"), "prune", [0, 2], (SEARCHED, "pubeval")),
    ],
)
def test_a_searched_simulation_resumes_its_checkpoint_at_its_settings(
    tmp_path: Path, players: tuple[object, object], field: str, written: list[int], other: object
) -> None:
    path = tmp_path / "searched.json"
    gammon.simulate_money(2, players=players, seed=2, checkpoint=str(path), threads=1)
    simulation = json.loads(path.read_text())["simulation"]
    assert simulation[field] == written
    assert "plies" not in simulation or field == "prune"  # written only when searched
    checkpoint = gammon.read_checkpoint(path)
    assert getattr(checkpoint.result.setup, field) == tuple(written)
    whole = checkpoint.resume(4, threads=1)
    assert whole == gammon.simulate_money(4, players=players, seed=2, threads=1)
    # The same players with another setting do not continue the file: the message names it.
    with pytest.raises(gammon.CheckpointError, match=field):
        gammon.simulate_money(4, players=other, seed=2, checkpoint=str(path))


def test_a_checkpoint_of_unsearched_players_has_no_depth_fields(tmp_path: Path) -> None:
    """Files of 0-ply players are written as before, so earlier versions' files match them."""
    path = tmp_path / "plain.json"
    gammon.simulate_match(1, players=("pubeval", "random"), matches=3, seed=1, checkpoint=path)
    simulation = json.loads(path.read_text())["simulation"]
    assert "plies" not in simulation and "cube_plies" not in simulation
    assert gammon.read_checkpoint(path).result.setup.plies == (0, 0)
    # A searching player's pruning is written unless 3, which a file without it means for a
    # searching player (earlier files pruned by that default); the default is now 2.
    searched = tmp_path / "searched.json"
    gammon.simulate_money(1, players=(SEARCHED, "pubeval"), seed=2, checkpoint=str(searched))
    assert json.loads(searched.read_text())["simulation"]["prune"] == [2, 2]
    three = tmp_path / "three.json"
    player = gammon.Player("net", plies=1, prune=3)
    gammon.simulate_money(1, players=(player, "pubeval"), seed=2, checkpoint=str(three))
    assert "prune" not in json.loads(three.read_text())["simulation"]
    assert gammon.read_checkpoint(three).result.setup.prune == (3, 2)


@pytest.mark.parametrize(
    ("player", "message"),
    [
        (gammon.Player("pubeval", plies=1), r"plies=1 cannot be searched by the policy 'pubeval'"),
        (gammon.Player("net", "race", cube_plies=2), r"cube_plies=2 cannot be searched .*'race'"),
        (gammon.Player("net", plies=3), r"plies=3 is too deep"),
        (gammon.Player("net", cube_plies=3), r"cube_plies=3 is too deep"),
    ],
)
def test_a_depth_the_player_cannot_search_is_refused_by_name(
    player: gammon.Player, message: str
) -> None:
    with pytest.raises(InvalidInputError, match=message):
        gammon.simulate_money(1, players=(player, "pubeval"), seed=1)


def test_a_depth_that_is_not_a_whole_number_is_refused_by_the_player() -> None:
    with pytest.raises(InvalidInputError, match="plies must be an int"):
        gammon.Player("net", plies="2")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="cube_plies must be between"):
        gammon.Player("net", cube_plies=-1)


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(args) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_cli_simulate_defaults_to_the_net_and_searches_as_told(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["simulate", "money", "--games", "2", "--seed", "4", "--threads", "1", "--json"]
    out = _cli(base, capsys)
    assert out["players"] == ["net+net", "net+net"]
    out = _cli([*base, "--plies", "1", "--opponent", "pubeval+race"], capsys)
    assert out["players"] == ["net+net", "pubeval+race"]
    assert out["plies"] == [1, 0] and out["cube_plies"] == [0, 0]
    # Without --opponent the second player is the first, at the same depths.
    out = _cli([*base, "--cube-plies", "1"], capsys)
    assert out["cube_plies"] == [1, 1]
    out = _cli([*base, "--cube-plies", "1", "--opponent-cube-plies", "0"], capsys)
    assert out["cube_plies"] == [1, 0]
    api = gammon.simulate_money(
        2, players=(gammon.Player(cube_plies=1), gammon.Player()), seed=4, threads=1
    )
    assert out["points_per_game"] == api.points_per_game


def test_serve_plays_the_net_by_default_and_searches_as_told() -> None:
    engine = Engine()
    assert (engine.policy, engine.cube, engine.plies, engine.cube_plies) == ("net", "net", 0, 0)
    board = gammon.fibs.FibsBoard.from_game(
        gammon.Game(gammon.Match(3), position=gammon.Position.start(), dice=(6, 5))
    )
    assert Engine().answer(str(board)) == "24/18 18/13"  # the net runs with a 6-5 opening
    assert Engine(plies=1).answer(str(board)) == "24/18 18/13"
    with pytest.raises(InvalidInputError, match="plies"):
        Engine("pubeval", plies=1)
    with pytest.raises(InvalidInputError, match="cube_plies"):
        Engine(cube="race", cube_plies=1)
    # A searched cube answers gnubg as gammon.cube_decision at that depth says.
    race = gammon.Position.from_checkers({6: 1}, {1: 1})
    board = gammon.fibs.FibsBoard.from_game(gammon.Game(gammon.Match(7), position=race))
    proper = gammon.cube_decision(race, plies=1, score=gammon.Match(7))
    want = "double" if proper.doubler_action == "double" else "roll"
    assert Engine(cube_plies=1).answer(str(board)) == want


def test_searched_players_travel_to_worker_processes_with_their_depths() -> None:
    from concurrent.futures import ProcessPoolExecutor

    players = (CUBE_SEARCHED, gammon.Player("pubeval", "race"))
    direct = gammon.simulate_money(6, players=players, seed=9, threads=1)
    with ProcessPoolExecutor(2) as pool:
        spread = gammon.simulate_money(
            6, players=players, seed=9, executor=pool, games_per_task=2, threads=1
        )
    assert spread == direct and spread.setup.cube_plies == (1, 0)


def test_a_searching_player_prunes_as_rollouts_do_unless_told() -> None:
    """The pruning of a searched player travels into the setup, its name and the replays."""
    assert gammon.Player().prune is None and SEARCHED.prune is None
    default = gammon.simulate_money(1, players=(SEARCHED, "pubeval"), seed=5, threads=1)
    assert default.setup.prune == (2, 2)
    assert "net+net (1-ply) vs" in str(default)
    off = gammon.simulate_money(1, players=(PRUNED_OFF, "pubeval"), seed=5, threads=1)
    assert off.setup.prune == (0, 2)
    assert "net+net (1-ply, prune 0) vs" in str(off)
    assert off.summary()["prune"] == (0, 2)
    assert [m[0] for m in default.setup.mismatches(off.setup)] == ["prune"]
    # Keeping one reply a roll plays other games than keeping every reply, on the same dice;
    # each is the same game every time.
    one = gammon.Player("net", plies=1, prune=1)
    a = gammon.simulate.simulated_match_record(0, (one, "pubeval"), seed=5)
    b = gammon.simulate.simulated_match_record(0, (PRUNED_OFF, "pubeval"), seed=5)
    assert (
        a.games[0].actions
        == gammon.simulate.simulated_match_record(0, (one, "pubeval"), seed=5).games[0].actions
    )
    assert a.games[0].actions != b.games[0].actions


def test_a_pruning_that_is_not_a_whole_number_is_refused_by_the_player() -> None:
    # The check of rollouts' prune=, with its message.
    for bad in (-1, "3", 1.5, True):
        with pytest.raises(InvalidInputError, match=r"prune must be an int from 0 \(no pruning\)"):
            gammon.Player("net", plies=1, prune=bad)  # type: ignore[arg-type]


def test_cli_simulate_prunes_both_players_searches_as_told(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["simulate", "money", "--games", "1", "--seed", "4", "--threads", "1", "--json"]
    out = _cli([*base, "--plies", "1", "--prune", "0"], capsys)
    assert out["prune"] == [0, 0] and out["plies"] == [1, 1]
    out = _cli([*base, "--plies", "1"], capsys)
    assert out["prune"] == [2, 2]
