"""gammon.analyze: the analysis of played games, checked against its own definitions and
gnubg's (its analysis.c and formatgs.c): what is a decision, the losses, the marks, the
error rates and the luck."""

from __future__ import annotations

import html
import json
import math
import random
from pathlib import Path

import numpy as np
import pytest

import gammon
from gammon import Color, Game, Position, analysis_html

DATA = Path(__file__).parent / "data" / "gnubg"
MATCH7 = DATA / "selfplay-7pt-seed7.mat"
MATCH5 = DATA / "selfplay-5pt-seed42.mat"
MONEY = DATA / "money-resignations-seed7.mat"


@pytest.fixture(scope="module")
def match7() -> gammon.MatchAnalysis:
    return gammon.analyze(MATCH7)


def _mark(loss: float) -> str:
    """gnubg 1.07's marks: strictly more than 0.03, 0.06, 0.12 lost."""
    if loss > 0.12:
        return "very bad"
    if loss > 0.06:
        return "bad"
    if loss > 0.03:
        return "doubtful"
    return ""


def test_a_forced_play_is_a_move_but_not_a_decision() -> None:
    # White's 65 with checkers on its 2 and 1 points has one play: 2/off 1/off.
    p = Position.from_checkers({1: 2, 2: 1}, {6: 15}, turn="white")
    assert len(p.legal_plays((6, 5))) == 1
    g = Game(position=p, seed=1)
    g.set_dice(6, 5)
    g.play(p.legal_plays((6, 5))[0])
    a = gammon.analyze(g)
    assert [d.kind for d in a.decisions] == ["no double"]
    assert (a.white.moves, a.white.unforced) == (1, 0)
    assert a.white.checker_error_rate == 0.0


def test_a_pass_is_a_move_but_not_a_decision() -> None:
    # White on the bar against a closed board passes (BG-5: no legal play).
    p = Position.from_checkers(
        {"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, turn="white"
    )
    g = Game(position=p, seed=1)
    g.set_dice(6, 6)
    g.push(gammon.EmptyPlay())
    a = gammon.analyze(g)
    assert not [d for d in a.decisions if d.kind == "play"]
    assert (a.white.moves, a.white.unforced) == (1, 0)


def test_the_best_play_loses_nothing_and_a_worse_one_its_difference() -> None:
    g = Game(seed=3)
    g.set_dice(6, 5)
    g.push("13/7 13/8")
    d = gammon.analyze(g).decisions[0]
    assert d.kind == "play" and d.legal_plays > 1
    assert d.best is not None and d.played is not None
    assert str(d.best.play) == "24/13"
    assert d.loss == pytest.approx(d.best.equity - d.played.equity)
    assert d.loss > 0.03 and d.is_error
    # The same roll played the best way: no loss, no mark.
    g2 = Game(seed=3)
    g2.set_dice(6, 5)
    g2.play(d.best.play)
    d2 = gammon.analyze(g2).decisions[0]
    assert d2.loss == 0.0 and d2.skill == "" and not d2.is_error
    assert d2.played is not None and d2.best is not None
    assert d2.played.play == d2.best.play


def test_candidates_are_best_first_and_hold_the_played_play(
    match7: gammon.MatchAnalysis,
) -> None:
    plays = [d for d in match7.decisions if d.kind == "play"]
    assert plays
    for d in plays:
        eqs = [c.equity for c in d.candidates]
        assert eqs == sorted(eqs, reverse=True)
        assert d.played in d.candidates or any(
            c.play == d.played.play for c in d.candidates if d.played is not None
        )
        assert d.loss >= 0.0
        assert d.best is not None and d.played is not None
        assert d.loss == pytest.approx(d.best.equity - d.played.equity, abs=1e-12)
        assert d.dice is not None and d.cube_value >= 1


def test_marks_follow_gnubgs_thresholds(match7: gammon.MatchAnalysis) -> None:
    ds = match7.decisions
    assert {d.skill for d in ds} >= {"", "doubtful", "bad", "very bad"}
    for d in ds:
        assert d.skill == _mark(d.loss), d
        assert d.is_error == (d.loss > 0.03)


def test_error_rates_are_gnubgs_loss_per_unforced_move_and_close_cube_decision(
    match7: gammon.MatchAnalysis,
) -> None:
    for color in (Color.WHITE, Color.BLACK):
        s = match7.stats(color)
        mine = [d for d in match7.decisions if d.player == color]
        plays = [d for d in mine if d.kind == "play"]
        cube = [d for d in mine if d.kind != "play"]
        assert s.unforced == len(plays)
        assert s.checker_loss == pytest.approx(sum(d.loss for d in plays))
        assert s.checker_error_rate == pytest.approx(s.checker_loss / s.unforced)
        assert s.cube_decisions == len(cube)
        close = [d for d in cube if d.is_close]
        assert s.close_cube == len(close)
        assert s.cube_loss == pytest.approx(sum(d.loss for d in cube))
        assert s.cube_error_rate == pytest.approx(s.cube_loss / s.close_cube)
        assert s.overall_error_rate == pytest.approx(
            (s.checker_loss + s.cube_loss) / (s.unforced + s.close_cube)
        )
        marks = s.checker_marks
        assert marks["very bad"] == sum(d.skill == "very bad" for d in plays)
        assert sum(marks.values()) == s.moves  # forced moves and passes unmarked


def test_every_double_take_and_drop_is_a_close_decision(match7: gammon.MatchAnalysis) -> None:
    for d in match7.decisions:
        if d.kind in ("double", "take", "drop", "beaver"):
            assert d.is_close is True
        elif d.kind == "no double":
            assert d.is_close == (
                max(d.no_double, min(d.double_take, d.double_pass))  # type: ignore[type-var]
                - min(d.double_take, d.double_pass)  # type: ignore[type-var]
                < 0.16
            )
        else:
            assert d.is_close is None


def test_a_take_of_a_certain_loss_is_a_very_bad_wrong_take() -> None:
    # White bears off its last two checkers next roll whatever it rolls; Black has borne off
    # two checkers (no gammon): double, pass. Black takes and loses the cube's worth.
    p = Position.from_checkers({1: 2}, {6: 13}, turn="white")
    g = Game(position=p, seed=1)
    g.double()
    g.take()
    a = gammon.analyze(g)
    double, take = a.decisions
    assert (double.kind, take.kind) == ("double", "take")
    assert double.right_action == "Double, pass" and double.loss == pytest.approx(0.0)
    assert take.player == Color.BLACK and take.skill == "very bad"
    assert take.loss == pytest.approx(1.0, abs=1e-6)
    assert a.black.cube_errors["wrong take"][0] == 1
    assert a.black.takes == 1 and a.white.doubles == 1


def test_luck_sums_per_player_and_game(match7: gammon.MatchAnalysis) -> None:
    total = {Color.WHITE: 0.0, Color.BLACK: 0.0}
    for g in match7.games:
        for color in total:
            mine = [r.luck for r in g.rolls if r.player == color]
            assert g.stats(color).luck == pytest.approx(sum(mine))
            assert g.stats(color).rolls == len(mine)
            total[color] += sum(mine)
        assert g.rolls[0].opening
        assert not any(r.opening for r in g.rolls[1:])
    for color, luck in total.items():
        s = match7.stats(color)
        assert s.luck == pytest.approx(luck)
        assert sum(s.luck_marks.values()) == s.rolls
        other = match7.stats(color.other())
        assert s.luck_adjusted == pytest.approx(s.result - s.luck_cost + other.luck_cost)


def test_match_results_are_match_winning_chances(match7: gammon.MatchAnalysis) -> None:
    assert match7.length == 7 and match7.names == ("root", "gnubg")
    w, b = match7.white, match7.black
    # A finished match from 0-0: the winner gained 50% MWC, the loser lost it.
    assert sorted([w.result, b.result]) == pytest.approx([-0.5, 0.5])
    assert w.luck_adjusted + b.luck_adjusted == pytest.approx(0.0)


def test_match_totals_are_the_sum_of_the_games(match7: gammon.MatchAnalysis) -> None:
    for name, value in match7.white.as_dict().items():
        if name.endswith("_rate"):
            continue
        assert value == pytest.approx(sum(g.white.as_dict()[name] for g in match7.games)), name


def test_worst_is_sorted_and_filters(match7: gammon.MatchAnalysis) -> None:
    worst = match7.worst(5)
    assert len(worst) == 5
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    assert worst[0].loss == max(d.loss for d in match7.decisions)
    assert all(d.kind != "play" for d in match7.worst(100, kind="cube"))
    assert all(d.is_error for d in match7.worst(1000, errors=True))


def test_the_summary_names_players_and_units(match7: gammon.MatchAnalysis) -> None:
    text = str(match7)
    assert "root vs gnubg: 7-point match, 4 games, analysed at 0 ply" in text
    assert "error rate mEMG (MWC)" in text
    money = gammon.analyze(MONEY)
    assert money.length == 0 and "(points)" in str(money)


def test_the_summary_rows_are_the_table_str_prints_and_the_page_shows(
    match7: gammon.MatchAnalysis,
) -> None:
    """One owner of the summary's rows: the text table and the HTML page show the same."""
    rows = match7.summary_rows()
    lines = str(match7).splitlines()[2:]  # the title, then the names
    assert len(rows) == len(lines) > 10
    for (label, white, black), line in zip(rows, lines):
        assert line.startswith(label) and line.endswith(black) and f" {white}  " in line
    assert rows[0][1:] == (
        f"{match7.white.moves} ({match7.white.unforced})",
        f"{match7.black.moves} ({match7.black.unforced})",
    )
    page = analysis_html.page("m", gammon.read_match(MATCH7), match7)
    for label, *values in rows:
        assert f"<td>{html.escape(label.strip())}</td>" in page
        assert all(f'<td class="num">{html.escape(v)}</td>' in page for v in values)


def test_threads_do_not_change_the_results() -> None:
    one = gammon.analyze_many([MATCH7, MATCH5], threads=1)
    two = gammon.analyze_many([MATCH7, MATCH5], threads=2)
    for a, b in zip(one, two):
        assert a.white.as_dict() == b.white.as_dict()
        assert a.black.as_dict() == b.black.as_dict()
        assert [d.loss for d in a.decisions] == [d.loss for d in b.decisions]


def test_arrays_of_many_analyses() -> None:
    many = gammon.analyze_many([MATCH7, MATCH5])
    arrays = gammon.analysis_arrays(many)
    assert arrays["checker_error_rate"].shape == (2, 2)
    assert arrays["checker_error_rate"].dtype == np.float64
    assert arrays["unforced"][1].tolist() == [many[1].white.unforced, many[1].black.unforced]
    with pytest.raises(gammon.InvalidInputError, match="MatchAnalysis"):
        gammon.analysis_arrays([object()])  # type: ignore[list-item]


def test_records_games_and_paths_give_the_same_analysis() -> None:
    record = gammon.read_match(MATCH5)
    by_path = gammon.analyze(MATCH5)
    by_record = gammon.analyze(record)
    by_games = gammon.analyze([g.game for g in record.games])
    assert by_path.white.as_dict() == by_record.white.as_dict()
    assert [d.loss for d in by_games.decisions] == [d.loss for d in by_path.decisions]
    one = gammon.analyze(record.games[0])
    assert len(one) == 1
    assert [d.loss for d in one.decisions] == [d.loss for d in by_path.games[0].decisions]


def test_deeper_plies_value_deeper() -> None:
    g = Game(seed=3)
    g.set_dice(6, 5)
    g.push("13/7 13/8")
    d = gammon.analyze(g, plies=1).decisions[0]
    assert gammon.analyze(g, plies=1).plies == 1
    assert d.best is not None and d.best.plies == 1
    assert d.played is not None and d.played.plies == 1


def _values(a: gammon.MatchAnalysis) -> list[tuple[object, ...]]:
    """Every value of an analysis's decisions: the losses, cube equities and candidates."""
    return [
        (d.kind, d.loss, d.no_double, d.double_take, tuple(c.equity for c in d.candidates))
        for d in a.decisions
    ]


def test_prune_sets_the_searches_pruning_and_zero_ply_is_never_pruned() -> None:
    # The first game of the 5-point match at 1 ply: the default prunes (2 plays a roll, the
    # shipped nets), 0 values every play with the net, 1 keeps the pruning net's best alone;
    # at 0 ply nothing is ranked inside a search, so nothing is pruned.
    game = gammon.read_match(MATCH5).games[0]
    default = _values(gammon.analyze(game, plies=1))
    assert _values(gammon.analyze(game, plies=1, prune=2)) == default
    unpruned = _values(gammon.analyze(game, plies=1, prune=0))
    assert unpruned != default
    assert _values(gammon.analyze(game, plies=1, prune=1)) not in (default, unpruned)
    zero = _values(gammon.analyze(game))
    assert _values(gammon.analyze(game, prune=0)) == zero
    assert _values(gammon.analyze(game, prune=1)) == zero


def test_a_pruned_cube_action_is_valued_as_cube_decision_with_the_same_prune() -> None:
    record = gammon.read_match(MATCH5)
    game = record.games[0]
    rules = game.game.cube.rules
    for prune in (0, 1):
        a = gammon.analyze(game, plies=1, prune=prune)
        cube = [d for d in a.decisions if d.kind != "play"]
        assert cube
        for d in cube[:3]:
            c = gammon.Cube(d.cube_value, d.cube_owner, rules=rules)
            expected = gammon.cube_decision(d.position, c, d.match_score, plies=1, prune=prune)
            assert (d.no_double, d.double_take) == pytest.approx(
                (expected.no_double, expected.double_take), abs=1e-9
            )


def test_long_nardy_checker_play_and_luck_without_cube() -> None:
    g = Game(variant="long-nardy", seed=5)
    rng = random.Random(1)
    for _ in range(30):
        g.push(rng.choice(g.legal_actions(resignations=False)))
    a = gammon.analyze(g)
    assert {d.kind for d in a.decisions} == {"play"}
    assert a.white.cube_decisions == 0 and a.black.cube_decisions == 0
    assert len(a.games[0].rolls) == 15
    text = str(a)
    assert "Long Nardy, 1 game, analysed at 0 ply" in text
    assert "-0.0 " not in text  # no cube decisions: a rate of zero, not of minus zero
    with pytest.raises(gammon.InvalidInputError, match="long-nardy"):
        gammon.analyze(g, net=gammon.Net.shipped("backgammon"))


def test_bad_arguments_are_clear_errors(tmp_path: Path) -> None:
    g = Game(seed=1)
    with pytest.raises(gammon.InvalidInputError, match="plies"):
        gammon.analyze(g, plies=3)
    with pytest.raises(gammon.InvalidInputError, match="analyze reads"):
        gammon.analyze(42)  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match="net"):
        gammon.analyze(g, net="gnubg")  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match="callback"):
        gammon.analyze(g, callback=3)  # type: ignore[arg-type]
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(gammon.InvalidInputError, match="prune must be an int from 0"):
            gammon.analyze(g, prune=bad)  # type: ignore[arg-type]
    bad = tmp_path / "bad.mat"
    bad.write_text(MATCH5.read_text().splitlines()[0][:5])
    with pytest.raises((gammon.ParseError, gammon.InvalidInputError)):
        gammon.analyze(bad)


def test_a_callback_sees_progress_and_its_exception_stops_the_analysis() -> None:
    seen: list[gammon.AnalysisProgress] = []
    gammon.analyze(MATCH7, callback=seen.append)
    assert seen and seen[-1].games_done == seen[-1].games == 4

    class StopError(Exception):
        pass

    def stop(p: gammon.AnalysisProgress) -> None:
        raise StopError

    with pytest.raises(StopError):
        gammon.analyze_many([MATCH7, MATCH5], callback=stop)


def test_the_cost_of_a_money_decision_is_its_loss_times_the_cube() -> None:
    money = gammon.analyze(MONEY)
    assert money.decisions
    for d in money.decisions:
        assert d.cost == pytest.approx(d.loss * d.cube_value) or math.isclose(d.loss, 0.0)


def test_agreement_with_gnubgs_own_analysis_at_0_ply() -> None:
    # gnubg 1.07's "analyse match" at 0 ply of the same four files, kept in the fixture (see
    # experiments/gnubg_agreement.py): the per-player checker-play error rates correlate, and
    # most plays gnubg marks very bad are errors here too.
    fixture = json.loads((DATA / "analysis-0ply.json").read_text())
    rates: list[tuple[float, float]] = []
    found = total = 0
    for name, expected in fixture["matches"].items():
        a = gammon.analyze(DATA / name)
        for player, color in zip(a.names, (Color.WHITE, Color.BLACK)):
            g = expected["players"][player]
            s = a.stats(color)
            assert s.unforced == g["unforced"]  # the same decisions are decisions
            rates.append((g["checker_error_rate"], s.checker_error_rate))
        plays = {(d.game, d.position.id, d.dice): d for d in a.decisions if d.kind == "play"}
        for game, board, dice in expected["very_bad_plays"]:
            total += 1
            found += plays[(game, board, tuple(dice))].is_error
    x, y = np.array(rates).T
    assert np.corrcoef(x, y)[0, 1] >= 0.9
    assert found / total >= 0.8


def test_a_progress_bar_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = gammon.analyze(MATCH5)
    shown = gammon.analyze(MATCH5, progress=True)
    assert shown.white.as_dict() == quiet.white.as_dict()
    assert "games" in capsys.readouterr().err  # tqdm's bar, on stderr


def test_decision_arrays_hold_every_decision_in_order() -> None:
    many = gammon.analyze_many([MATCH5, MATCH7])
    rows = gammon.decision_arrays(many)
    decisions = [(m, d) for m, a in enumerate(many) for d in a.decisions]
    assert len(rows["loss"]) == len(decisions)
    assert rows["loss"].tolist() == [d.loss for _, d in decisions]
    assert rows["match"].tolist() == [m for m, _ in decisions]
    assert rows["game"].tolist() == [d.game for _, d in decisions]
    assert rows["move"].tolist() == [d.move_number for _, d in decisions]
    assert rows["player"].tolist() == [int(d.player == Color.BLACK) for _, d in decisions]
    kinds = gammon.analysis.DECISION_KINDS
    skills = gammon.analysis.SKILLS
    assert [kinds[k] for k in rows["kind"]] == [d.kind for _, d in decisions]
    assert [skills[k] for k in rows["skill"]] == [d.skill for _, d in decisions]
    assert skills == ("", "doubtful", "bad", "very bad")
    with pytest.raises(gammon.InvalidInputError, match="MatchAnalysis"):
        gammon.decision_arrays([3])  # type: ignore[list-item]


@pytest.mark.parametrize(
    "path", [MATCH5, DATA / "money-autodoubles-jacoby-seed4.mat"], ids=["match", "money"]
)
@pytest.mark.parametrize("plies", [0, 1])
def test_a_cube_action_is_valued_as_gammon_cube_decision_at_the_same_depth(
    path: Path, plies: int
) -> None:
    # One cube model: the analysis at N plies values each cube action (no double, double,
    # take, drop) as gammon.cube_decision(..., plies=N) decides the position, the cube and the
    # score the decision was taken at (CUBE-4, CUBE-5, CUBE-6; MATCH-1 in a match).
    record = gammon.read_match(path)
    checked = 0
    kinds: set[str] = set()
    for game in record.games[:4]:
        rules = game.game.cube.rules
        a = gammon.analyze(game, plies=plies)
        for d in a.decisions:
            if d.kind == "play":
                continue
            cube = gammon.Cube(d.cube_value, d.cube_owner, rules=rules)
            expected = gammon.cube_decision(d.position, cube, d.match_score, plies=plies)
            assert (d.no_double, d.double_take, d.double_pass) == pytest.approx(
                (expected.no_double, expected.double_take, expected.double_pass), abs=1e-9
            ), d
            assert d.right_action == expected.action
            assert d.probabilities is not None
            assert d.probabilities[:5] == pytest.approx(expected.probabilities)
            checked += 1
            kinds.add(d.kind)
        if checked >= 6 and len(kinds) >= 2:
            break
    assert checked >= 6 and len(kinds) >= 2, (checked, kinds)


@pytest.mark.parametrize("plies", [0, 1])
def test_a_checker_play_is_valued_as_gammon_hint_values_it_at_the_score(plies: int) -> None:
    # The plays' cubeful equities at the score are the hint's (the cube search's): equal at 1
    # ply, equal up to float rounding at 0 ply (the analysis values a roll's plays together).
    g = Game(seed=3)
    g.set_dice(6, 5)
    hint = {str(h.play): h.cubeful_equity for h in gammon.hint(g, (6, 5), plies=plies)}
    g.push("13/7 13/8")
    d = gammon.analyze(g, plies=plies).decisions[0]
    assert len(d.candidates) >= 2
    for c in d.candidates:
        assert c.equity == pytest.approx(hint[str(c.play)], abs=1e-6)


def _same(one: list[gammon.MatchAnalysis], two: list[gammon.MatchAnalysis]) -> None:
    assert len(one) == len(two)
    for a, b in zip(one, two):
        assert a.white.as_dict() == b.white.as_dict()
        assert a.black.as_dict() == b.black.as_dict()
        assert [(d.kind, d.loss, d.step) for d in a.decisions] == [
            (d.kind, d.loss, d.step) for d in b.decisions
        ]
        assert [r.luck for g in a.games for r in g.rolls] == [
            r.luck for g in b.games for r in g.rolls
        ]


def test_an_executor_analyses_with_the_prune_given() -> None:
    from concurrent.futures import ThreadPoolExecutor

    game = gammon.read_match(MATCH5).games[0]
    direct = gammon.analyze(game, plies=1, prune=0)
    with ThreadPoolExecutor(1) as pool:
        spread = gammon.analyze(game, plies=1, prune=0, executor=pool)
        with pytest.raises(gammon.InvalidInputError, match="prune"):
            gammon.analyze(game, plies=1, prune=-3, executor=pool)
    assert _values(spread) == _values(direct)


def test_an_executor_gives_the_results_of_threads_in_order() -> None:
    from concurrent.futures import ThreadPoolExecutor

    sources = [MATCH5, MATCH7, MONEY, gammon.read_match(MATCH5)]
    direct = gammon.analyze_many(sources, threads=2)
    seen: list[gammon.AnalysisProgress] = []
    with ThreadPoolExecutor(2) as pool:
        spread = gammon.analyze_many(sources, executor=pool, games_per_task=1, callback=seen.append)
        one = gammon.analyze(MATCH7, options=gammon.RunOptions(executor=pool))
    _same(spread, direct)
    _same([one], direct[1:2])
    total = sum(len(a) for a in direct)
    assert seen[-1].games_done == seen[-1].games == total


@pytest.mark.parametrize("processes", [False, True])
def test_a_dask_cluster_gives_the_results_of_threads(processes: bool) -> None:
    """Threads of this process, or worker processes (the analyses come back pickled)."""
    distributed = pytest.importorskip("distributed")
    sources = [MATCH5, MONEY, MATCH7]
    direct = gammon.analyze_many(sources, threads=1)
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=processes,
            threads_per_worker=1,
            dashboard_address=":0",
            silence_logs=40,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        spread = gammon.analyze_many(sources, executor=client, games_per_task=2)
    _same(spread, direct)
    assert spread == direct


def test_a_process_pool_gives_the_results_of_threads() -> None:
    from concurrent.futures import ProcessPoolExecutor

    sources = [MATCH5, MONEY, gammon.read_match(MATCH7)]
    direct = gammon.analyze_many(sources, threads=2)
    with ProcessPoolExecutor(2) as pool:
        spread = gammon.analyze_many(
            sources, options=gammon.RunOptions(executor=pool, games_per_task=1)
        )
    assert spread == direct
    _same(spread, direct)


def _nardy_analysis() -> gammon.MatchAnalysis:
    g = Game(variant="long-nardy", seed=5)
    rng = random.Random(1)
    for _ in range(30):
        g.push(rng.choice(g.legal_actions(resignations=False)))
    return gammon.analyze(g)


def test_analyses_pickle_and_come_back_equal_with_the_same_arrays() -> None:
    import pickle

    analyses = [gammon.analyze(MATCH5), gammon.analyze(MONEY, plies=1), _nardy_analysis()]
    for a in analyses:
        b = pickle.loads(pickle.dumps(a))
        assert b == a and b is not a
        assert (str(b), repr(b), b.names, b.length, b.plies) == (
            str(a),
            repr(a),
            a.names,
            a.length,
            a.plies,
        )
        best = [(str(d.best.play), d.best.equity) for d in a.decisions if d.best is not None]
        assert [(str(d.best.play), d.best.equity) for d in b.decisions if d.best] == best
        inside = [a.white, a.black, *a.decisions[:8], *a.games[0].rolls[:8]]
        inside += [c for d in a.decisions[:4] for c in d.candidates]
        for value in inside:
            copy = pickle.loads(pickle.dumps(value))
            assert copy == value and repr(copy) == repr(value)
        game = pickle.loads(pickle.dumps(a.games[-1]))
        assert game == a.games[-1] and str(game) == str(a.games[-1])
        assert game != a.games[0] or len(a) == 1
    for arrays in (gammon.analysis_arrays, gammon.decision_arrays):
        before, after = arrays(analyses), arrays([pickle.loads(pickle.dumps(a)) for a in analyses])
        assert before.keys() == after.keys()
        for k in before:
            assert np.array_equal(before[k], after[k], equal_nan=True), k
    assert analyses[0] != analyses[1]


def test_damaged_pickled_analyses_are_refused_by_name() -> None:
    a = gammon.analyze(MATCH5)
    restore, (data, *rest) = a.__reduce__()
    for bad in (data[:-1], data[:10], b"XYZ" + data[3:], data + b"\0"):
        with pytest.raises(gammon.InvalidInputError, match="not an analysis"):
            restore(bad, *rest)
    # A value's form is read as its own kind only: a decision's bytes are no statistics.
    _, (decision, _) = a.decisions[0].__reduce__()
    with pytest.raises(gammon.InvalidInputError, match="not an analysis"):
        type(a.white)._restore(decision)


def test_run_options_an_analysis_cannot_honour_are_clear_errors(tmp_path: Path) -> None:
    g = Game(seed=1)
    for keywords in (
        {"checkpoint": tmp_path / "a.json"},
        {"max_seconds": 1.0},
        {"target_std_error": 0.01},
    ):
        with pytest.raises(gammon.InvalidInputError, match="to the end"):
            gammon.analyze(g, **keywords)  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match="unknown keyword seed"):
        gammon.analyze_many([g], seed=3)
    with pytest.raises(gammon.InvalidInputError, match="threads"):
        gammon.analyze(g, threads=0)
