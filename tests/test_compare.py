"""Rollouts of many positions on common dice and the ranking of the plays of a roll (issue 12):
game i of every position gets the same dice, so the differences between positions have
standard errors from the paired games, much smaller than each position's own where the games
stay alike."""

from __future__ import annotations

import json

import numpy as np
import pytest

import gammon
from gammon.cli import main

START = gammon.Position.start()
# A race: two plays of 64 lead to games that stay alike, so the luck they share cancels.
RACE = gammon.Position.from_checkers(
    {6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 2, 11: 2}
)


class _FirstRolls:
    """A policy that notes the roll of its first decision in each game from ``start``."""

    def __init__(self, start: gammon.Position) -> None:
        self.start = start
        self.rolls: list[tuple[int, int]] = []

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        if position == self.start:
            self.rolls.append(plays.dice)
        return 0


def test_game_i_of_every_position_gets_the_same_dice() -> None:
    plays = START.legal_plays((3, 1))
    a, b = _FirstRolls(plays[0].after), _FirstRolls(plays[1].after)
    for rec in (a, b):
        gammon.rollout_many([rec.start], games=40, seed=12, policy=rec, quasi_random=False)
    assert len(a.rolls) == len(b.rolls) == 40
    assert a.rolls == b.rolls
    c = _FirstRolls(plays[0].after)
    gammon.rollout_many([c.start], games=40, seed=13, policy=c, quasi_random=False)
    assert c.rolls != a.rolls  # another seed, other dice
    # rollout_many's positions use the same dice as a rollout of the same seed.
    d = _FirstRolls(plays[1].after)
    gammon.rollout(d.start, games=40, seed=12, policy=d, quasi_random=False, threads=1)
    assert d.rolls == a.rolls


def test_differences_on_common_dice_have_smaller_errors_than_on_independent_dice() -> None:
    plays = RACE.legal_plays((6, 4))
    positions = [plays[0].after, plays[1].after, plays[2].after]
    common = gammon.rollout_many(positions, games=4000, seed=5, block_games=1500)
    apart = gammon.rollout_many(positions, games=4000, seed=5, common_dice=False)
    for i, r in enumerate(common.results):
        assert r == gammon.rollout(positions[i], games=4000, seed=5)
        assert r.games_requested == 4000
    d, se = common.difference(0, 1)
    assert d == common.results[0].equity - common.results[1].equity
    _, se_apart = apart.difference(0, 1)
    assert se < 0.5 * se_apart
    assert common.difference(1, 1) == (0.0, 0.0)
    assert np.allclose(common.differences, -common.differences.T)
    assert common.difference_std_errors[0, 1] == se == common.difference(1, 0)[1]
    # Independent dice: the paired error is about the two errors added in quadrature.
    a, b = apart.results[0].std_error, apart.results[1].std_error
    assert se_apart == pytest.approx(np.hypot(a, b), rel=0.15)
    assert "common dice" in str(common)
    with pytest.raises(gammon.InvalidInputError, match="position index"):
        common.difference(0, 3)


def test_the_paired_error_matches_the_per_game_differences() -> None:
    plays = RACE.legal_plays((6, 4))
    x, y = plays[0].after, plays[3].after
    many = gammon.rollout_many([x, y], games=3000, seed=7, block_games=1000)
    px = gammon.rollout(x, games=3000, seed=7, record_games=True).outcomes
    py = gammon.rollout(y, games=3000, seed=7, record_games=True).outcomes
    assert px is not None and py is not None
    diff = px.points - py.points
    expect = diff.std(ddof=1) / np.sqrt(len(diff))
    assert many.difference(0, 1)[1] == pytest.approx(expect, rel=1e-9)


def test_rank_plays_orders_the_plays_of_a_roll_best_first() -> None:
    ranked = gammon.rank_plays(START, (3, 1), games=1296, seed=1)
    assert len(ranked) == len(START.legal_plays((3, 1)))
    assert ranked[0].loss == 0.0 and ranked[0].loss_std_error == 0.0
    assert all(r.loss >= 0 for r in ranked)
    assert [r.loss for r in ranked] == sorted(r.loss for r in ranked)
    for r in ranked:
        assert r.equity == -r.result.equity and r.result.position == r.play.after
    assert str(ranked[0].play) == "8/5 6/5"  # the point-making play (pubeval agrees)
    with pytest.raises(gammon.InvalidInputError, match="nothing to choose"):
        gammon.rank_plays(gammon.Position.from_checkers({3: 1}, {3: 1}), (6, 6))


def test_the_cli_ranks_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rollout", "--plays", START.id, "31", "--games", "648", "--seed", "1", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "common dice" in out
    lines = out.splitlines()
    assert lines[2].split()[1:3] == ["8/5", "6/5"]
    code = main(
        ["rollout", "--plays", START.id, "31", "--games", "648", "--seed", "1", "--json", "--quiet"]
    )
    rows = json.loads(capsys.readouterr().out)
    assert code == 0 and rows[0]["loss"] == 0.0 and len(rows) == 16
