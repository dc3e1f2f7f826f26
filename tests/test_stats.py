"""The run statistics live once, in the core (``_core.Tally``, ``MatchTally``,
``MoneyTally``); this file keeps an independent Python implementation of them as an oracle
and runs it against the core on random data."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import _core

ONE = _core.ONE
POINTS = (1, 2, 3, 1, 2, 3)  # single, gammon, backgammon, Oin, Mars, Koks (SCORE-1, LN-34)


def oracle_std_error(n: int, total: int, total_sq: int) -> float:
    """The standard error of a mean from exact integer sums: one division at the end."""
    if n < 2:
        return math.inf
    var = (n * total_sq - total * total) / (n * (n - 1))
    return math.sqrt(max(var, 0.0) / n)


def tally_of(games: list[tuple[int, int]]) -> _core.Tally:
    """A tally of whole games, each ``(side, kind)`` (kind 6 is a draw), summed here."""
    win = [[0] * 6, [0] * 6]
    draw = points = points_sq = 0
    for side, kind in games:
        if kind == 6:
            draw += ONE
            continue
        win[side][kind] += ONE
        p = POINTS[kind] * ONE * (1 if side == 0 else -1)
        points += p
        points_sq += p * p
    return _core.Tally(
        games=len(games),
        win=win,
        draw=draw,
        points=points,
        points_sq=points_sq,
        plies=3 * len(games),
        settled=0,
    )


game = st.tuples(st.integers(0, 1), st.integers(0, 6))


@settings(max_examples=200, deadline=None)
@given(st.lists(game, max_size=300), st.lists(game, max_size=50))
def test_the_core_tally_agrees_with_the_python_oracle(
    games: list[tuple[int, int]], more: list[tuple[int, int]]
) -> None:
    t = tally_of(games)
    n = len(games)
    net = [POINTS[k] * (1 if s == 0 else -1) if k < 6 else 0 for s, k in games]
    if n == 0:
        # Decided once, in the core: the mean of nothing is NaN (0 would read as even).
        assert math.isnan(t.equity) and math.isnan(t.share(0, range(6)))
        assert t.std_error == math.inf
    else:
        assert t.equity == pytest.approx(sum(net) / n, rel=1e-12, abs=1e-15)
        wins0 = sum(1 for s, k in games if s == 0 and k < 6)
        assert t.share(0, range(6)) == pytest.approx(wins0 / n)
        assert t.draw_share == pytest.approx(sum(1 for _, k in games if k == 6) / n)
        want = oracle_std_error(n, sum(net), sum(p * p for p in net))
        assert t.std_error == pytest.approx(want, rel=1e-9, abs=1e-12)
    # The merge is exact: two tallies merge into the tally of all games, in either order.
    assert t.merge(tally_of(more)) == tally_of(games + more) == tally_of(more).merge(t)


def test_a_tally_whose_sums_cannot_come_from_its_games_is_refused() -> None:
    good = tally_of([(0, 0), (1, 1), (0, 6)])
    fields = {
        "games": good.games,
        "win": good.win,
        "draw": good.draw,
        "points": good.points,
        "points_sq": good.points_sq,
        "plies": good.plies,
        "settled": 0,
    }
    assert _core.Tally(**fields) == good  # type: ignore[arg-type]
    for change, message in [
        ({"games": 4}, "add up"),
        ({"points": good.points + ONE}, "points do not follow"),
        ({"points_sq": good.points_sq - 1}, "points do not follow"),
        ({"draw": ONE // 2, "win": [[ONE * 3 // 2] + [0] * 5, [0, ONE, 0, 0, 0, 0]]}, "fractions"),
        ({"settled": 4}, "settled"),
    ]:
        with pytest.raises(gammon.InvalidInputError, match=message):
            _core.Tally(**{**fields, **change})  # type: ignore[arg-type]


def test_a_rollouts_tally_agrees_with_its_per_game_outcomes() -> None:
    r = gammon.rollout(games=500, seed=3, threads=2, record_games=True, policy="pubeval")
    assert r.outcomes is not None
    pts = r.outcomes.points
    assert r.equity == pytest.approx(float(np.mean(pts)), rel=1e-12)
    n, total = len(pts), int(pts.sum())
    want = oracle_std_error(n, total, int((pts.astype(np.int64) ** 2).sum()))
    assert r.std_error == pytest.approx(want, rel=1e-9)
    assert r.win == pytest.approx(float(np.mean(r.outcomes.winner == 1)))


def test_simulation_tallies_agree_with_their_records() -> None:
    m = gammon.simulate_match(
        3, players=("pubeval", "random"), matches=60, seed=2, record_matches=True
    )
    assert m.records is not None
    won = int((m.records.winner == 0).sum())
    assert m.wins == (won, 60 - won)
    assert m.win == pytest.approx(won / 60)
    assert m.std_error == pytest.approx(oracle_std_error(60, won, won), rel=1e-9)
    g = m.records.games.astype(np.int64)
    assert m.games_per_match_std_error == pytest.approx(
        oracle_std_error(60, int(g.sum()), int((g * g).sum())), rel=1e-9
    )
    money = gammon.simulate_money(200, players=("pubeval", "random"), seed=2, record_games=True)
    assert money.records is not None
    p = money.records.points.astype(np.int64)
    assert money.net_points == int(p.sum())
    assert money.std_error == pytest.approx(
        oracle_std_error(200, int(p.sum()), int((p * p).sum())), rel=1e-9
    )
    none = gammon.simulate_money(0, players=("pubeval", "random"), seed=2)
    assert math.isnan(none.points_per_game) and none.std_error == math.inf
