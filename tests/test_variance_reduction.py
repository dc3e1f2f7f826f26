"""Variance reduction, truncated rollouts and the Long Nardy heuristic.

Unbiasedness is checked on bear-offs, where the bear-off databases give exact values: with an
exact evaluator and perfect play each game's reduced result *is* the exact value (OFF-1..3);
with imperfect play the reduced mean must agree with a plain rollout of the same games.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import gammon
from gammon.cli import main

# Both sides with checkers off and in the two-sided table: the value is exact.
EXACT = gammon.Position.from_checkers({6: 2, 5: 2, 4: 2}, {6: 2, 5: 1, 3: 2})


def exact_equity() -> float:
    e = gammon.bearoff.evaluate(EXACT)
    assert e.exact
    return e.equity


def roll(games: int, **kw: Any) -> gammon.RolloutResult:
    kw.setdefault("policy", "bearoff")
    kw.setdefault("seed", 11)
    return gammon.rollout(EXACT, games, **kw)


def test_off1_variance_reduction_with_an_exact_evaluator_leaves_only_the_exact_value() -> None:
    plain = roll(3000)
    reduced = roll(3000, variance_reduction=True)
    exact = exact_equity()
    assert abs(plain.equity - exact) < 4 * plain.std_error
    assert abs(reduced.equity - exact) < 1e-3
    assert reduced.std_error < plain.std_error / 20
    # The shares are those of the games as played: the same games.
    assert reduced.win == plain.win
    assert reduced.tally.luck != 0 and plain.tally.luck == 0
    assert reduced.variance_reduction and reduced.evaluator == "bearoff"
    assert plain.evaluator is None


def test_variance_reduction_is_unbiased_whatever_the_play() -> None:
    # Random play in the bear-off: the exact table no longer gives the value, but the luck
    # still averages to zero, so both estimates agree.
    plain = roll(20000, policy="random", seed=5)
    reduced = roll(4000, policy="random", seed=6, variance_reduction=True)
    both = math.hypot(plain.std_error, reduced.std_error)
    assert abs(plain.equity - reduced.equity) < 4 * both
    # Per game, the reduced results spread less.
    assert reduced.std_error * math.sqrt(4000) < plain.std_error * math.sqrt(20000)


def test_truncated_rollouts_count_the_evaluators_value_after_n_turns() -> None:
    r = roll(2000, truncate_after=2)
    assert r.settled > 0 and r.truncate_after == 2
    assert r.plies <= 2 * r.games_completed
    assert abs(r.equity - exact_equity()) < 4 * r.std_error
    assert "cut after 2 turns by bearoff" in r.describe()
    # N = 0 settles every game at once at the exact value.
    r = roll(50, truncate_after=0)
    assert r.settled == 50 and abs(r.equity - exact_equity()) < 1e-6


def test_reduced_rollouts_are_reproducible_and_merge_and_resume() -> None:
    a = roll(600, variance_reduction=True, threads=1)
    b = roll(600, variance_reduction=True, threads=2, chunk_size=77)
    assert a.tally == b.tally
    first = roll(300, variance_reduction=True)
    back = gammon.RolloutResult.from_dict(first.to_dict())
    assert back.tally == first.tally and back.variance_reduction
    assert back.resume(300).tally == a.tally
    with pytest.raises(gammon.InvalidInputError, match="keeps the rollout's variance_reduction"):
        first.resume(10, variance_reduction=False)
    with pytest.raises(gammon.InvalidInputError, match="variance_reduction"):
        first.merge(roll(10, first_game=300))
    # A plain checkpoint keeps its old fields only.
    assert "luck" not in roll(10).to_dict()


def test_a_checkpoint_with_tampered_luck_is_refused() -> None:
    data = roll(100, variance_reduction=True).to_dict()
    data["luck"] = 0
    with pytest.raises(gammon.InvalidInputError):
        gammon.RolloutResult.from_dict(data)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"truncate_after": -1}, "truncate_after"),
        ({"truncate_after": 1.5}, "truncate_after"),
        ({"variance_reduction": "yes"}, "variance_reduction"),
        ({"variance_reduction": True, "evaluator": "gnubg"}, "evaluator"),
    ],
)
def test_bad_evaluator_options_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(gammon.InvalidInputError, match=message):
        roll(10, **kwargs)


def test_the_cli_rolls_out_with_variance_reduction(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["rollout", "--position", EXACT.id, "--policy", "bearoff", "--games", "500"]
    code = main([*base, "--variance-reduction", "--truncate-after", "40", "--seed", "2", "--json"])
    assert code == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["variance_reduction"] is True and out["truncate_after"] == 40
    assert abs(out["equity"] - exact_equity()) < 1e-3


def test_ln17_ln24_the_long_nardy_heuristic_beats_random_from_both_seats() -> None:
    start = gammon.Position.start("long-nardy")
    first = gammon.rollout(start, 400, policy=("heuristic", "random"), seed=3)
    second = gammon.rollout(start, 400, policy=("random", "heuristic"), seed=3)
    assert first.equity > 1.0 and first.win > 0.9
    assert second.equity < -1.0
    with pytest.raises(gammon.InvalidInputError, match="backgammon variants only"):
        gammon.rollout(start, 10, policy="pubeval")


def test_long_nardy_rollouts_take_the_evaluator_options() -> None:
    start = gammon.Position.start("long-nardy")
    r = gammon.rollout(
        start, 40, policy="heuristic", seed=1, truncate_after=30, variance_reduction=True
    )
    assert r.settled == 40 and r.games_completed == 40
    assert math.isfinite(r.equity)


@pytest.mark.parametrize(
    "position",
    [
        None,
        gammon.Position.from_checkers({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3}),
    ],
    ids=["opening", "race"],
)
def test_screened_luck_of_the_net_keeps_the_mean_on_any_number_of_threads(
    position: gammon.Position | None,
) -> None:
    """With the net as the evaluator pubeval and the pruning net screen each roll's plays before
    the net values them: the luck still averages to zero over the 21 rolls (BG-10), so the
    reduced mean agrees with the plain one on the same games, with a smaller error, whatever the
    thread count."""
    kw: dict[str, Any] = {"games": 300, "policy": "net", "seed": 11}
    plain = gammon.rollout(position, threads=1, **kw)
    reduced = gammon.rollout(position, threads=1, variance_reduction=True, evaluator="net", **kw)
    assert reduced.std_error < 0.7 * plain.std_error
    assert abs(reduced.equity - plain.equity) < 4 * math.hypot(plain.std_error, reduced.std_error)
    two = gammon.rollout(position, threads=2, variance_reduction=True, evaluator="net", **kw)
    assert two.equity == reduced.equity and two.std_error == reduced.std_error


def test_the_luck_a_1_ply_search_lends_is_the_same_on_any_threads_and_marked(
    tmp_path: Any,
) -> None:
    """Beside a 1-ply search the luck after each chosen play is the search's own valuation of
    the rolls: game i still depends on (seed, i) only, whatever the threads, and the reduced
    mean agrees with the plain one; the checkpoint names the estimator."""
    kw: Any = dict(policy="net", plies=(1, 0), seed=3, variance_reduction=True, evaluator="net")
    ck = tmp_path / "ck.json"
    one = gammon.rollout(games=40, threads=1, checkpoint=ck, **kw)
    two = gammon.rollout(games=40, threads=2, **kw)
    assert one.equity == two.equity and one.std_error == two.std_error
    plain = gammon.rollout(games=40, threads=1, policy="net", plies=(1, 0), seed=3)
    assert one.std_error < plain.std_error / 2
    assert abs(one.equity - plain.equity) < 4 * plain.std_error
    marker = '"luck_screen":"pubeval-4+pruning-net+1-ply-rolls"'
    assert marker in ck.read_text().replace(" ", "")


def test_the_luck_a_2_ply_search_lends_cuts_the_error_on_any_threads_and_is_marked(
    tmp_path: Any,
) -> None:
    """Beside a 2-ply search the luck after each chosen play is the values the search gave the
    21 rolls (each roll's best reply searched one ply further), not nothing: the error falls
    several times at no extra cost, game i still depends on (seed, i) only, the reduced mean
    agrees with the plain one (BG-10: the luck averages to zero over the rolls), and the
    checkpoint names the estimator."""
    # A short game with contact: one checker back against a home board being borne off.
    pos = gammon.Position.from_checkers(
        {24: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2}
    )
    kw: Any = dict(policy="net", plies=(2, 2), seed=3)
    ck = tmp_path / "ck.json"
    vr: Any = dict(variance_reduction=True, evaluator="net")
    one = gammon.rollout(pos, games=24, threads=1, checkpoint=ck, **vr, **kw)
    two = gammon.rollout(pos, games=24, threads=2, **vr, **kw)
    assert one.equity == two.equity and one.std_error == two.std_error
    plain = gammon.rollout(pos, games=24, threads=1, **kw)
    assert one.std_error < plain.std_error / 2
    assert abs(one.equity - plain.equity) < 4 * plain.std_error
    marker = '"luck_screen":"pubeval-4+pruning-net+searched-rolls"'
    assert marker in ck.read_text().replace(" ", "")
