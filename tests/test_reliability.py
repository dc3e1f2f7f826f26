"""Regression tests for the defects found under hostile input (issue 15: D1, D3, D4).

Each test is named after the defect and the behaviour it pins; each failed before its fix.
"""

from __future__ import annotations

import json

import pytest

import gammon
from gammon.nardy import NardySettings
from gammon.rollout import RolloutResult

U64_MAX = 2**64 - 1


# -- D1: ranges near 2**64 and huge chunk sizes keep every game ------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_d1_a_rollout_ending_at_2_pow_64_plays_every_game(threads: int) -> None:
    r = gammon.rollout(games=50, first_game=U64_MAX - 50, seed=1, threads=threads)
    assert (r.games_completed, r.stop_reason) == (50, "completed")
    assert tuple(r.ranges) == ((U64_MAX - 50, U64_MAX),)


@pytest.mark.parametrize("threads", [1, 2])
def test_d1_a_chunk_size_near_2_pow_64_plays_every_game(threads: int) -> None:
    huge = gammon.rollout(games=50, first_game=1, chunk_size=U64_MAX, seed=1, threads=threads)
    small = gammon.rollout(games=50, first_game=1, chunk_size=7, seed=1, threads=threads)
    assert huge.games_completed == 50
    assert huge == small


def test_d1_simulations_near_2_pow_64_play_every_item() -> None:
    money = gammon.simulate_money(
        players=("pubeval", "pubeval"), games=20, first_game=U64_MAX - 20, seed=3
    )
    assert money.games_completed == 20
    matches = gammon.simulate_match(
        1, players=("pubeval", "pubeval"), matches=10, first_match=U64_MAX - 10, seed=3
    )
    assert matches.matches_completed == 10
    huge = gammon.simulate_money(
        players=("pubeval", "pubeval"), games=20, chunk_size=U64_MAX, seed=3
    )
    assert huge.games_completed == 20


# -- D3: checkpoints keep the Long Nardy §9 position options ---------------------------------


def test_d3_ln18_ln26_a_checkpoint_keeps_the_section_9_options_and_resumes_exactly() -> None:
    pos = gammon.Position.start(
        "long-nardy", first_turn_exception="unconditional", block_check="end_of_turn"
    )
    full = gammon.rollout(pos, games=1200, seed=12, threads=1)
    part = gammon.rollout(pos, games=400, seed=12, threads=1)
    cp = RolloutResult.from_dict(json.loads(json.dumps(part.to_dict())))
    assert cp.position.first_turn_exception == "unconditional"
    assert cp.position.block_check == "end_of_turn"
    assert cp.resume(800) == full


def test_d3_the_section_9_options_change_the_games_so_the_test_above_can_fail() -> None:
    odd = gammon.Position.start(
        "long-nardy", first_turn_exception="unconditional", block_check="end_of_turn"
    )
    a = gammon.rollout(odd, games=1200, seed=12, threads=1)
    b = gammon.rollout(gammon.Position.start("long-nardy"), games=1200, seed=12, threads=1)
    assert (a.win, a.plies) != (b.win, b.plies)


# -- D4: NardySettings' §9 fields are played, or refused -------------------------------------


def test_d4_ln18_settings_that_disagree_with_the_position_are_refused() -> None:
    settings = NardySettings(first_turn_exception="unconditional", block_check="end_of_turn")
    with pytest.raises(gammon.InvalidInputError, match="first_turn_exception"):
        gammon.rollout(gammon.Position.start("long-nardy"), games=10, seed=1, nardy=settings)


def test_d4_settings_that_agree_with_the_position_are_played_and_recorded() -> None:
    settings = NardySettings(
        first_turn_exception="unconditional", block_check="end_of_turn", koks="no_checker_home"
    )
    r = gammon.rollout(settings.start_position(), games=300, seed=1, threads=1, nardy=settings)
    assert r.nardy == settings
    assert r.position.first_turn_exception == r.nardy.first_turn_exception
    assert r.position.block_check == r.nardy.block_check


def test_d4_without_settings_the_recorded_ones_are_the_positions_options() -> None:
    pos = gammon.Position.start("long-nardy", first_turn_exception="unconditional")
    r = gammon.rollout(pos, games=50, seed=1)
    assert r.nardy is not None
    assert r.nardy.first_turn_exception == "unconditional"
    assert r.nardy.block_check == "every_step"
