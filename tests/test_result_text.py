"""Results that print and serialise themselves: ``str(Evaluation)``, ``Hint.table`` and the
``summary`` of the simulation and cube-rollout results, which the command line prints."""

from __future__ import annotations

import json

import gammon
from gammon.net import Hint
from gammon.rollout_cube import rollout_cube

# The start in a 7-point match at 2-1 for White, White on roll (XGID-1..XGID-3).
XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:1:0:7:10"
# A bear-off the databases cover: exact values.
BEAROFF = gammon.Position.from_checkers({1: 2, 2: 2, 3: 2, 4: 1}, {1: 3, 2: 3, 5: 2})
PLAYERS = (gammon.Player("pubeval", "race"), gammon.Player("heuristic"))


def probs(e: gammon.Evaluation) -> str:
    cols = (e.win, e.win_gammon, e.win_backgammon, e.lose_gammon, e.lose_backgammon)
    return " ".join(f"{v:5.3f}" for v in cols)


def test_an_evaluation_prints_its_probabilities_under_their_heads_and_its_equity() -> None:
    e = gammon.evaluate(gammon.Position.start())
    heads, values, equity = str(e).split("\n")
    assert heads.split() == ["win", "w", "g", "w", "bg", "l", "g", "l", "bg"]
    assert values == probs(e)
    assert equity == f"cubeless equity {e.equity:+.3f}"


def test_an_evaluation_with_the_cube_prints_its_cubeful_equity_money_or_match() -> None:
    money = gammon.evaluate(gammon.Position.start(), cube=gammon.Cube())
    assert money.cubeful_equity is not None
    last = str(money).split("\n")[-1]
    assert last == f"cubeful equity {money.cubeful_equity:+.3f} (money, per unit of the cube)"
    match = gammon.evaluate(gammon.Game.from_id(XGID))
    assert match.cubeful_equity is not None and match.match_winning_chance is not None
    mwc = 100 * match.match_winning_chance
    last = str(match).split("\n")[-1]
    assert (
        last == f"cubeful equity {match.cubeful_equity:+.3f} (EMG), match winning chance {mwc:.1f}%"
    )


def test_a_long_nardy_evaluation_heads_mars_and_koks() -> None:
    # LN-33 (Mars), LN-35 (Koks).
    e = gammon.evaluate(gammon.Position.start("long-nardy"))
    assert str(e).split("\n")[0].split() == ["win", "w", "m", "w", "k", "l", "m", "l", "k"]


def test_an_evaluation_as_a_dict_holds_its_fields_as_its_constructor_takes_them() -> None:
    e = gammon.evaluate(gammon.Game.from_id(XGID))
    d = e.summary()
    assert list(d)[:3] == ["win", "win_gammon", "win_backgammon"] and d["variant"] == "backgammon"
    assert d["match_winning_chance"] == e.match_winning_chance is not None
    assert gammon.Evaluation(**{**d, "variant": e.variant}) == e
    nardy = gammon.evaluate(gammon.Position.start("long-nardy")).summary()
    assert nardy["variant"] == "long-nardy" and nardy["cubeful_equity"] is None


def test_the_hint_table_has_a_row_a_play_best_first_with_its_loss() -> None:
    hints = gammon.hint(gammon.Position.start(), (3, 1))
    head, *rows = Hint.table(hints).split("\n")
    assert "equity" in head and "diff" in head and "cubeless" not in head
    assert len(rows) == len(hints)
    first, second = rows[0].split(), rows[1].split()
    assert first[:4] == ["1", "8/5", "6/5", f"{hints[0].equity:+.3f}"]
    assert f"{hints[1].equity - hints[0].equity:+.3f}" in second
    assert rows[-1].endswith(probs(hints[-1].evaluation))
    assert Hint.table(hints[:3]).count("\n") == 3
    assert Hint.table([]) == ""


def test_the_hint_table_at_a_match_score_shows_emg_mwc_and_the_cubeless_equity() -> None:
    hints = gammon.hint(gammon.Game.from_id(XGID), (6, 4))
    head, *rows = Hint.table(hints).split("\n")
    assert head.split()[:5] == ["play", "EMG", "diff", "MWC", "cubeless"]
    e = hints[0].evaluation
    assert e.cubeful_equity is not None and e.match_winning_chance is not None
    cols = rows[0].split()
    assert cols[3:6] == [
        f"{e.cubeful_equity:+.3f}",
        f"{100 * e.match_winning_chance:.1f}%",
        f"{e.equity:+.3f}",
    ]


def test_the_hint_table_marks_exact_bear_off_values() -> None:
    hints = gammon.hint(BEAROFF, (2, 1))
    rows = Hint.table(hints).split("\n")[1:]
    assert all(r.endswith(" (bear-off, exact)") for r in rows)


def test_a_match_simulation_as_a_dict_holds_its_figures_by_name() -> None:
    r = gammon.simulate_match(3, players=PLAYERS, matches=20, seed=1)
    d = r.summary()
    assert d["kind"] == "match" and d["length"] == 3 and d["crawford"] is True
    assert d["matches"] == r.matches_completed == 20 and d["wins"] == r.wins
    assert (d["win"], d["std_error"], d["ci95"]) == (r.win, r.std_error, r.ci95)
    assert (
        d["players"] == r.names == ("pubeval+race", "heuristic+never")
        and d["variant"] == "backgammon"
        and d["seed"] == 1
    )
    assert d["seconds"] == r.elapsed and d["stop_reason"] == "completed"
    assert json.loads(json.dumps(d))["games"] == r.games


def test_a_money_simulation_as_a_dict_holds_its_figures_by_name() -> None:
    r = gammon.simulate_money(200, players=PLAYERS, seed=2, variant="nackgammon")
    d = r.summary()
    assert d["kind"] == "money" and d["games"] == r.games_completed == 200
    assert (d["points_per_game"], d["net_points"], d["mean_cube"]) == (
        r.points_per_game,
        r.net_points,
        r.mean_cube,
    )
    assert d["counts"] == r.counts and d["variant"] == "nackgammon"
    assert d["interrupted"] is False and json.loads(json.dumps(d))["ci95"] == list(r.ci95)


def test_a_cube_rollout_as_a_dict_pairs_each_line_with_its_standard_error() -> None:
    r = rollout_cube(gammon.Position.start(), 36, seed=1, policy="pubeval")
    d = r.summary()
    assert d["position"] == r.position.id and d["games"] == 36 and d["money"] is True
    lines = (r.no_double, r.double_take, r.double_pass)
    assert [d["no_double"], d["double_take"], d["double_pass"]] == [
        (v, se) for v, se in zip(lines, r.std_errors)
    ]
    assert d["double_beaver"] is None  # no beavers by default (CUBE-12)
    assert d["action"] == r.action and d["difference"] == r.difference and d["mwc"] is None
