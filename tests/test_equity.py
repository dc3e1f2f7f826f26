"""Match equity tables (gammon.met) and equities from outcome distributions (gammon.equity):
the shipped Kazaross-XG2 table, loading other tables, money equity with the cube and the
Jacoby rule (SCORE-2, MONEY-2), and match winning chances at a score (MATCH-3, MATCH-4)."""

from __future__ import annotations

import math
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import OutcomeDistribution, cubeless_equity, match_winning_chance, money_equity
from gammon.met import MatchEquityTable, kazaross_xg2, load_met, parse_met

SHIPPED = Path(gammon.__file__).parent / "data" / "met" / "Kazaross-XG2.xml"
SHARED = Path("/work/shared/data/met/Kazaross-XG2.xml")


# -- the shipped table ----------------------------------------------------------------------


def test_kazaross_xg2_ships_verbatim_with_its_notice() -> None:
    text = SHIPPED.read_text()
    assert "Copyright (C) 2011 Neil Kazaross" in text
    assert "provided the copyright\n     notice and this notice are preserved" in text
    if SHARED.exists():
        assert SHIPPED.read_bytes() == SHARED.read_bytes()


def test_kazaross_xg2_loads_with_its_name_and_25_points() -> None:
    met = kazaross_xg2()
    assert met.name == "Kazaross XG2 25 point MET"
    assert "XG rollouts" in met.description
    assert met.length == 25
    assert "gammon/data/met/Kazaross-XG2.xml" in met.source
    assert kazaross_xg2() is met  # read once


def test_kazaross_xg2_known_values() -> None:
    # Values as printed in the file.
    met = kazaross_xg2()
    assert met.pre_crawford[0][:3] == (0.5, 0.67736, 0.75076)
    assert met.pre_crawford[1][0] == 0.32264
    assert met.pre_crawford[0][24] == 0.99905
    assert met.post_crawford[:4] == (0.5, 0.48803, 0.32264, 0.31002)
    assert met.mwc(2, 2) == 0.5
    assert met.mwc(1, 3) == 0.75076  # leader in the Crawford game
    assert met.mwc(3, 1) == met.pre_crawford[2][0] == 0.24924  # trailer in the Crawford game
    assert met.mwc(2, 1, post_crawford=True) == 0.48803
    assert met.mwc(1, 2, post_crawford=True) == pytest.approx(1 - 0.48803)
    assert met.mwc(1, 1, post_crawford=True) == 0.5
    assert met.mwc(0, 5) == 1.0 and met.mwc(5, -2) == 0.0


def test_kazaross_xg2_is_consistent_across_the_diagonal() -> None:
    met = kazaross_xg2()
    for i in range(met.length):
        for j in range(met.length):
            assert met.pre_crawford[i][j] + met.pre_crawford[j][i] == pytest.approx(1, abs=2e-5)


def test_met_lookups_beyond_the_table_raise() -> None:
    with pytest.raises(gammon.InvalidInputError, match="25"):
        kazaross_xg2().mwc(26, 3)
    with pytest.raises(gammon.InvalidInputError):
        kazaross_xg2().mwc(2.0, 3)  # type: ignore[arg-type]


@pytest.mark.oracle
def test_oracle_kazaross_xg2_equals_gnubgs_default_table() -> None:
    gnubg: Any = pytest.importorskip("gnubg")
    pre, post0, post1 = gnubg.met(25)
    met = kazaross_xg2()
    for i in range(25):
        for j in range(25):
            assert met.pre_crawford[i][j] == pytest.approx(pre[i][j], abs=1e-6)
    # gnubg 1.1.0a16 replaces the file's last post-Crawford value (25-away, 0.00123) by
    # 0.0011812 from its own extension of the table; gammon keeps the file's value.
    for i in range(24):
        assert met.post_crawford[i] == pytest.approx(post0[i], abs=1e-6)
        assert met.post_crawford[i] == pytest.approx(post1[i], abs=1e-6)
    assert met.post_crawford[24] == 0.00123


# -- other tables -----------------------------------------------------------------------------

SMALL = """<?xml version="1.0"?>
<!DOCTYPE met PUBLIC "-//GNU Backgammon//DTD Match Equity Tables//EN" "met.dtd">
<met>
  <info><name>Tiny</name><description>two points</description><length>2</length></info>
  <pre-crawford-table type="explicit">
    <row><me>0.5</me><me>0.7</me></row>
    <row><me>0.3</me><me>0.5</me></row>
  </pre-crawford-table>
  <post-crawford-table type="explicit" player="both">
    <row><me>0.5</me><me>0.48</me></row>
  </post-crawford-table>
</met>
"""


def test_load_met_reads_another_table_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "tiny.xml"
    path.write_text(SMALL)
    met = load_met(path)
    assert (met.name, met.description, met.length) == ("Tiny", "two points", 2)
    assert met.mwc(1, 2) == 0.7 and met.mwc(2, 1, post_crawford=True) == 0.48
    assert met.source == str(path)
    d = OutcomeDistribution(wins=(1.0, 0.0, 0.0), losses=(0.0, 0.0, 0.0))
    assert match_winning_chance(d, (2, 2), met=met) == 0.7


def test_formula_tables_are_refused_by_name() -> None:
    zadeh = SMALL.replace(
        '<pre-crawford-table type="explicit">', '<pre-crawford-table type="zadeh">'
    )
    with pytest.raises(gammon.ParseError, match="zadeh"):
        parse_met(zadeh)


@pytest.mark.parametrize(
    "text",
    [
        "not xml",
        "<table/>",
        SMALL.replace("<me>0.7</me>", "<me>seven</me>"),
        SMALL.replace("<row><me>0.5</me><me>0.48</me></row>", ""),
    ],
)
def test_unreadable_tables_raise_parse_errors(text: str) -> None:
    with pytest.raises(gammon.ParseError):
        parse_met(text)


def test_tables_of_the_wrong_shape_or_values_are_refused() -> None:
    with pytest.raises(gammon.InvalidInputError, match="square"):
        parse_met(SMALL.replace("<row><me>0.3</me><me>0.5</me></row>", ""))
    with pytest.raises(gammon.InvalidInputError, match="probability"):
        MatchEquityTable("x", "", ((1.5,),), (0.5,))


def test_a_table_of_ones_own_is_read_by_the_rule_of_the_shipped_one_and_pickles() -> None:
    # MATCH-1, MATCH-3: after the Crawford game a score with a player 1 away is read from
    # the post-Crawford row, 1-away against 1-away is even; 0 away has won.
    met = parse_met(SMALL, source="tiny")
    assert met.mwc(1, 2, post_crawford=True) == pytest.approx(1 - 0.48)
    assert met.mwc(1, 1, post_crawford=True) == 0.5
    assert (met.mwc(0, 2), met.mwc(2, -1)) == (1.0, 0.0)
    with pytest.raises(gammon.InvalidInputError, match="up to 2 away, not 3-1"):
        met.mwc(3, 1)
    with pytest.raises(gammon.InvalidInputError, match="must be ints, not True"):
        met.mwc(True, 1)
    back = pickle.loads(pickle.dumps(met))
    assert back == met and back.mwc(2, 1) == met.mwc(2, 1)
    assert "_table" not in repr(met)


# -- outcome distributions -------------------------------------------------------------------

D = OutcomeDistribution(wins=(0.40, 0.12, 0.01), losses=(0.35, 0.11, 0.01))


def test_distribution_properties_are_gnubgs_cumulative_figures() -> None:
    assert D.win == pytest.approx(0.53)
    assert D.win_gammon == pytest.approx(0.13) and D.win_backgammon == pytest.approx(0.01)
    assert D.lose_gammon == pytest.approx(0.12) and D.lose_backgammon == pytest.approx(0.01)
    back = OutcomeDistribution.from_gnubg((0.53, 0.13, 0.01, 0.12, 0.01))
    assert back.wins == pytest.approx(D.wins) and back.losses == pytest.approx(D.losses)
    assert D.flipped().wins == D.losses


def test_distributions_from_counts_and_from_other_objects() -> None:
    d = OutcomeDistribution.from_counts((40, 12, 1), (35, 11, 1))
    assert d.wins == pytest.approx(D.wins)

    class RolloutLike:
        wins = (0.5, 0.0, 0.0)
        losses = (0.5, 0.0, 0.0)

    assert OutcomeDistribution.coerce(RolloutLike()).win == 0.5
    assert OutcomeDistribution.coerce([0.5, 0, 0, 0.5, 0, 0]).lose == 0.5


@pytest.mark.parametrize(
    ("wins", "losses"),
    [((0.5, 0.5, 0.5), (0, 0, 0)), ((-0.1, 0.6, 0.5), (0, 0, 0)), ((1.0, 0.0), (0, 0, 0))],
)
def test_distributions_must_be_six_shares_summing_to_1(wins: Any, losses: Any) -> None:
    with pytest.raises(gammon.InvalidInputError):
        OutcomeDistribution(wins=wins, losses=losses)


def test_inconsistent_gnubg_figures_are_refused() -> None:
    with pytest.raises(gammon.InvalidInputError, match="nested"):
        OutcomeDistribution.from_gnubg((0.5, 0.6, 0.0, 0.1, 0.0))


# -- money equity -----------------------------------------------------------------------------


def test_score1_cubeless_equity_counts_gammons_2_and_backgammons_3() -> None:
    d = OutcomeDistribution(wins=(0.2, 0.2, 0.1), losses=(0.3, 0.1, 0.1))
    assert cubeless_equity(d) == pytest.approx(0.2 + 0.4 + 0.3 - 0.3 - 0.2 - 0.3)


def test_score2_money_equity_scales_with_the_cube() -> None:
    assert money_equity(D, cube=4) == pytest.approx(4 * cubeless_equity(D))


def test_money2_jacoby_counts_every_result_single_only_with_the_cube_centred() -> None:
    d = OutcomeDistribution(wins=(0.2, 0.3, 0.1), losses=(0.4, 0.0, 0.0))
    assert money_equity(d, jacoby=True) == pytest.approx(0.6 - 0.4)
    assert money_equity(d, cube=2, jacoby=True) == pytest.approx(2 * 0.2)
    assert money_equity(d, cube=2, jacoby=True, centred=False) == pytest.approx(
        2 * (0.2 + 0.6 + 0.3 - 0.4)
    )
    assert money_equity(d) == pytest.approx(cubeless_equity(d))


def test_money_equity_refuses_a_cube_that_is_not_a_power_of_two() -> None:
    with pytest.raises(gammon.InvalidInputError, match="CUBE-10"):
        money_equity(D, cube=3)


# -- match winning chances ------------------------------------------------------------------


def test_match_winning_chance_reads_each_result_from_the_table() -> None:
    met = kazaross_xg2()
    d = OutcomeDistribution(wins=(0.3, 0.1, 0.05), losses=(0.35, 0.15, 0.05))
    # 4-away / 3-away at cube 1: a single win leaves 3-away, a gammon 2-away, a backgammon
    # 1-away (the next game is the Crawford game); losses likewise for the opponent.
    expected = (
        0.3 * met.mwc(3, 3)
        + 0.1 * met.mwc(2, 3)
        + 0.05 * met.mwc(1, 3)
        + 0.35 * met.mwc(4, 2)
        + 0.15 * met.mwc(4, 1)
        + 0.05 * met.mwc(4, 0)
    )
    assert match_winning_chance(d, (4, 3)) == pytest.approx(expected)


def test_match_winning_chance_with_the_cube_at_2() -> None:
    met = kazaross_xg2()
    d = OutcomeDistribution(wins=(0.5, 0.0, 0.0), losses=(0.3, 0.2, 0.0))
    expected = 0.5 * met.mwc(3, 5) + 0.3 * met.mwc(5, 3) + 0.2 * met.mwc(5, 1)
    assert match_winning_chance(d, (5, 5), cube=2) == pytest.approx(expected)


def test_match4_post_crawford_results_use_the_post_crawford_table() -> None:
    met = kazaross_xg2()
    d = OutcomeDistribution(wins=(0.6, 0.0, 0.0), losses=(0.4, 0.0, 0.0))
    # Trailer 4-away against a leader 1-away, post-Crawford, cube 2 after the trailer's
    # double: a win leaves 2-away, post-Crawford.
    expected = 0.6 * met.mwc(2, 1, post_crawford=True)
    assert match_winning_chance(d, (4, 1), cube=2) == pytest.approx(expected)
    # In the Crawford game itself the results lead to post-Crawford scores as well.
    crawford = match_winning_chance(d, (4, 1), crawford=True)
    assert crawford == pytest.approx(0.6 * met.mwc(3, 1, post_crawford=True))


def test_match3_the_crawford_game_is_played_at_cube_1_with_one_player_1_away() -> None:
    with pytest.raises(gammon.InvalidInputError, match="MATCH-3"):
        match_winning_chance(D, (3, 1), cube=2, crawford=True)
    with pytest.raises(gammon.InvalidInputError, match="MATCH-3"):
        match_winning_chance(D, (3, 3), crawford=True)


def test_match_winning_chance_at_dmp_is_the_chance_to_win() -> None:
    assert match_winning_chance(D, (1, 1)) == pytest.approx(D.win)


def test_match_winning_chance_needs_a_match_in_progress() -> None:
    with pytest.raises(gammon.InvalidInputError):
        match_winning_chance(D, (0, 3))


@settings(max_examples=200, deadline=None)
@given(
    shares=st.lists(st.floats(0, 1), min_size=6, max_size=6).filter(lambda v: sum(v) > 0.01),
    a=st.integers(1, 25),
    b=st.integers(1, 25),
    cube=st.sampled_from([1, 2, 4, 8]),
)
def test_property_match_winning_chances_of_both_players_sum_to_1(
    shares: list[float], a: int, b: int, cube: int
) -> None:
    total = sum(shares)
    d = OutcomeDistribution.coerce([x / total for x in shares])
    mine = match_winning_chance(d, (a, b), cube=cube)
    theirs = match_winning_chance(d.flipped(), (b, a), cube=cube)
    assert 0.0 <= mine <= 1.0
    assert mine + theirs == pytest.approx(1.0, abs=1e-4)
    assert not math.isnan(mine)


def test_score1_money_equity_of_a_rollout_result_is_its_cubeless_equity() -> None:
    """SCORE-1: a rollout result is read through its cumulative shares, as the README says."""
    r = gammon.rollout(games=2000, policy="pubeval", seed=3, threads=1, progress=False)
    assert cubeless_equity(r) == pytest.approx(r.equity, abs=1e-9)
    assert money_equity(r) == pytest.approx(r.equity, abs=1e-9)
    assert money_equity(r, cube=4) == pytest.approx(4 * r.equity, abs=1e-9)
    d = OutcomeDistribution.coerce(r)
    assert d.win == pytest.approx(r.win) and d.lose_gammon == pytest.approx(r.lose_gammon)


def test_a_result_with_draws_is_not_an_outcome_distribution() -> None:
    class WithDraws:
        win, win_gammon, win_backgammon = 0.4, 0.1, 0.0
        lose, lose_gammon, lose_backgammon = 0.5, 0.1, 0.0
        draws = 0.1

    with pytest.raises(gammon.InvalidInputError, match="drawn games"):
        money_equity(WithDraws())


def test_distributions_are_values() -> None:
    import pickle

    back = pickle.loads(pickle.dumps(D))
    assert back == D and hash(back) == hash(D) and repr(back) == repr(D)
    assert repr(D) == "OutcomeDistribution(wins=(0.4, 0.12, 0.01), losses=(0.35, 0.11, 0.01))"
    assert D.flipped().flipped() == D and OutcomeDistribution.coerce(list(D.wins + D.losses)) == D
