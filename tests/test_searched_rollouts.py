"""Searched checker play inside rollouts: ``plies=`` (1 or 2 plies through a move filter)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gammon
from gammon import _core
from gammon.cli import main
from gammon.errors import CheckpointError, InvalidInputError

# The opening: its games are short enough for searched rollouts in a unit test when cut after
# a few turns (truncate_after) at the net's value.
START = gammon.Position.start()

#: GNU Backgammon's "normal" move filter, the search's: 8 plays within 0.16 at 0 ply.
KEEP, WITHIN = 8, 0.16


def _decisions(count: int, seed: int = 3) -> list[tuple[gammon.Position, tuple[int, int]]]:
    """Positions of a game the 0-ply net plays against itself, with rolls that offer a choice."""
    import random

    rng = random.Random(seed)
    pos = START
    out: list[tuple[gammon.Position, tuple[int, int]]] = []
    while len(out) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = pos.legal_plays(dice)
        if len(plays) >= 2:
            out.append((pos, dice))
        if len(plays) == 0:
            pos = pos.pass_turn()
        else:
            pos = plays[_core._choose_play(plays, "net", 0, 0)].after
        if pos.is_game_over():
            pos = START
    return out


def _hint_choice(pos: gammon.Position, dice: tuple[int, int], plies: int) -> int:
    """The play ``hint`` ranks best at ``plies`` among those the filter keeps at 0 ply."""
    plays = list(pos.legal_plays(dice))
    index = {p: i for i, p in enumerate(plays)}
    zero = sorted(
        ((h.equity, index[h.play]) for h in gammon.hint(pos, dice, plies=0)),
        key=lambda t: (-t[0], t[1]),
    )
    top = zero[0][0]
    kept = [i for e, i in zero[:KEEP] if e >= top - WITHIN] or [zero[0][1]]
    deep = {index[h.play]: h.equity for h in gammon.hint(pos, dice, plies=plies)}
    return max(sorted(kept), key=lambda i: deep[i])


@pytest.mark.parametrize(("plies", "count"), [(1, 60), (2, 4)])
def test_the_searched_policy_plays_as_hint_through_the_same_filter(plies: int, count: int) -> None:
    differ = 0
    for pos, dice in _decisions(count):
        plays = pos.legal_plays(dice)
        got = _core._choose_play(plays, "net", 0, 0, plies=plies)
        assert got == _hint_choice(pos, dice, plies), (pos.id, dice)
        differ += got != _core._choose_play(plays, "net", 0, 0)
    if plies == 1:
        assert differ > 0  # the search changes some choices


@pytest.mark.parametrize("plies", [1, 2])
def test_equal_seeds_give_equal_searched_rollouts_on_any_number_of_threads(plies: int) -> None:
    # Games cut after a few turns at the net's value keep the searched rollout short.
    kw = dict(policy="net", plies=plies, seed=5, truncate_after=3, evaluator="net")
    games = 12 if plies == 1 else 4
    one = gammon.rollout(START, games, threads=1, record_games=True, **kw)
    two = gammon.rollout(START, games, threads=2, chunk_size=1, record_games=True, **kw)
    assert one.equity == two.equity and one.std_error == two.std_error
    assert list(one.outcomes.points) == list(two.outcomes.points)
    assert one.setup.plies == (plies, plies)


def test_a_search_changes_the_games_and_zero_plies_is_the_plain_net() -> None:
    kw = dict(policy="net", seed=8, truncate_after=4, evaluator="net", record_games=True)
    plain = gammon.rollout(START, 12, **kw)
    zero = gammon.rollout(START, 12, plies=0, **kw)
    searched = gammon.rollout(START, 12, plies=(1, 0), **kw)
    assert list(zero.outcomes.points) == list(plain.outcomes.points)
    assert list(searched.outcomes.points) != list(plain.outcomes.points)
    assert searched.setup.plies == (1, 0)


def test_plies_without_a_policy_is_the_net_and_other_policies_refuse_it() -> None:
    setup = _core.RolloutSetup(START, 1, plies=2)
    assert setup.policies == ("net", "net") and setup.plies == (2, 2)
    with pytest.raises(InvalidInputError, match="cannot be searched by the policy 'pubeval'"):
        gammon.rollout(START, 10, policy="pubeval", plies=1)
    with pytest.raises(InvalidInputError, match="'heuristic'"):
        gammon.rollout(START, 10, policy=("net", "heuristic"), plies=(2, 1))
    assert _core.RolloutSetup(START, 1, policy=("net", "pubeval"), plies=(1, 0)).plies == (1, 0)


@pytest.mark.parametrize("bad", [3, -1, "x", 1.5, True, (1, 2, 3), (1, "2")])
def test_bad_plies_name_the_valid_values(bad: object) -> None:
    with pytest.raises(InvalidInputError, match=r"plies.*0, 1 or 2"):
        gammon.rollout(START, 10, policy="net", plies=bad)


def test_a_resume_with_other_plies_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "searched.ckpt"
    kw = dict(policy="net", seed=2, truncate_after=2, evaluator="net", checkpoint=path)
    first = gammon.rollout(START, 6, plies=1, **kw)
    assert first.setup.plies == (1, 1)
    with pytest.raises(CheckpointError, match=r"plies.*\(1, 1\)") as e:
        gammon.rollout(START, 8, plies=0, **kw)
    assert "(0, 0)" in str(e.value)
    more = gammon.rollout(START, 8, plies=1, **kw)
    assert more.games_completed == 8 and more.setup.plies == (1, 1)
    again = gammon.RolloutResult.from_dict(more.to_dict())
    assert again.setup.plies == (1, 1) and again.equity == more.equity


def test_a_zero_ply_checkpoint_has_no_plies_field(tmp_path: Path) -> None:
    # The checkpoints of unsearched rollouts stay as they were (older readers read them).
    result = gammon.rollout(START, 4, policy="net", seed=1, truncate_after=1, evaluator="net")
    assert "search_plies" not in result.to_dict()
    searched = gammon.rollout(
        START, 2, policy="net", seed=1, truncate_after=1, evaluator="net", plies=(0, 1)
    )
    assert searched.to_dict()["search_plies"] == [0, 1]


def test_cubeful_rollouts_and_rank_plays_search_too() -> None:
    cubeful = gammon.rollout(START, 4, policy="net", plies=1, cube="net", seed=3, threads=1)
    other = gammon.rollout(START, 4, policy="net", plies=1, cube="net", seed=3, threads=2)
    assert cubeful.setup.plies == (1, 1)
    assert cubeful.equity == other.equity
    pos = _decisions(1)[0][0]
    ranked = gammon.rank_plays(
        pos, (3, 1), 4, policy="net", plies=1, truncate_after=2, evaluator="net", seed=4
    )
    assert ranked and all(r.result is None or r.result.setup.plies == (1, 1) for r in ranked)


def test_the_command_line_rolls_out_searched(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["rollout", "--games", "6", "--seed", "3", "--json", "--quiet"]
    cut = ["--truncate-after", "2", "--evaluator", "net"]
    assert main([*args, *cut, "--plies", "1", "--opponent-plies", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policies"] == ["net", "net"] and data["games"] == 6
    assert data["plies"] == [1, 0]
    assert main([*args, *cut, "--plies", "1", "--policy", "pubeval"]) == 2
    assert "plies" in capsys.readouterr().err


def test_long_nardy_searches_with_its_own_net() -> None:
    import random

    rng = random.Random(1)
    start = gammon.Position.start("long-nardy")
    pos, seen, differ = start, 0, 0
    while seen < 40:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = pos.legal_plays(dice)
        if len(plays) >= 2:
            seen += 1
            differ += _core._choose_play(plays, "net", 0, 0) != _core._choose_play(
                plays, "net", 0, 0, plies=1
            )
        pos = plays[_core._choose_play(plays, "net", 0, 0)].after if plays else pos.pass_turn()
        if pos.is_game_over():
            pos = start
    assert differ > 0
    kw = dict(plies=1, seed=3, truncate_after=3, evaluator="net", record_games=True)
    one = gammon.rollout(start, 6, threads=1, **kw)
    two = gammon.rollout(start, 6, threads=2, chunk_size=1, **kw)
    assert one.policies == ("net", "net") and one.setup.plies == (1, 1)
    assert list(one.outcomes.points) == list(two.outcomes.points)


def test_prune_decides_the_searched_games_and_a_record_without_it_means_three() -> None:
    # prune: the replies of each roll the pruning net keeps inside the shipped net's search.
    # The default is 2; a searched rollout's record without the field was played with 3 (the
    # default until December 2026), so a searched record writes every value but 3.
    kw = dict(policy="net", plies=1, seed=6, record_games=True)

    def games(**more: object) -> tuple[list[float], list[int]]:
        r = gammon.rollout(START, 6, **kw, **more)
        return list(r.outcomes.points), list(r.outcomes.plies)

    default = gammon.rollout(START, 6, **kw)
    assert default.setup.prune == 2 and default.to_dict()["prune"] == 2
    assert (list(default.outcomes.points), list(default.outcomes.plies)) == games(prune=2)
    three = gammon.rollout(START, 6, prune=3, **kw)
    assert "prune" not in three.to_dict()
    assert gammon.RolloutResult.from_dict(three.to_dict()).setup.prune == 3
    assert games(prune=3) != games(prune=2)  # a third reply a roll plays otherwise somewhere
    # A 0-ply rollout's pruning decides nothing, and its record names only another.
    plain = gammon.rollout(START, 6, policy="net", seed=6)
    assert plain.setup.prune == 2 and "prune" not in plain.to_dict()
    # 0 values every reply with the net: the unpruned search, as keeping them all does.
    off = gammon.rollout(START, 6, prune=0, **kw)
    assert off.to_dict()["prune"] == 0 and off.setup.prune == 0
    assert (list(off.outcomes.points), list(off.outcomes.plies)) == games(prune=10_000)
    assert games(prune=1) != games(prune=0)  # one reply a roll plays otherwise somewhere
    assert gammon.RolloutResult.from_dict(off.to_dict()).setup.prune == 0


def test_a_resume_with_another_prune_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "pruned.ckpt"
    kw = dict(policy="net", plies=1, seed=2, truncate_after=2, evaluator="net", checkpoint=path)
    gammon.rollout(START, 4, prune=0, **kw)
    with pytest.raises(CheckpointError, match=r"prune=0 there, prune=2 here"):
        gammon.rollout(START, 6, **kw)
    assert gammon.rollout(START, 6, prune=0, **kw).games_completed == 6


@pytest.mark.parametrize("bad", [-1, "x", 1.5, True])
def test_a_bad_prune_names_the_valid_values(bad: object) -> None:
    with pytest.raises(InvalidInputError, match=r"prune must be an int from 0"):
        gammon.rollout(START, 10, policy="net", plies=1, prune=bad)


def test_cubeful_rollouts_rank_plays_and_the_command_line_take_prune(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cubeful = gammon.rollout(START, 4, plies=1, cube="net", seed=3, prune=0)
    assert cubeful.setup.prune == 0
    pos = _decisions(1)[0][0]
    ranked = gammon.rank_plays(
        pos, (3, 1), 2, plies=1, prune=1, truncate_after=1, evaluator="net", seed=4
    )
    assert all(r.result is None or r.result.setup.prune == 1 for r in ranked)
    cube = gammon.rollout_cube(START, 2, plies=1, prune=0, seed=1, cube_policy="never")
    assert cube.summary()["games"] == 2
    args = ["rollout", "--games", "4", "--seed", "3", "--json", "--quiet"]
    cut = ["--truncate-after", "2", "--evaluator", "net", "--plies", "1"]
    assert main([*args, *cut, "--prune", "0"]) == 0
    assert json.loads(capsys.readouterr().out)["prune"] == 0
    assert main([*args, *cut]) == 0
    assert json.loads(capsys.readouterr().out)["prune"] == 2
