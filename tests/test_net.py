"""gammon's neural nets: evaluate, hint, the ``net`` policy and ``gammon hint``."""

from __future__ import annotations

import pytest

import gammon
from gammon.cli import main


def pos(me: dict[int, int], opp: dict[int, int], **kw: object) -> gammon.Position:
    return gammon.Position.from_checkers(me, opp, **kw)  # type: ignore[arg-type]


# -- evaluate -------------------------------------------------------------------------------


def test_evaluate_gives_consistent_probabilities_and_their_equity() -> None:
    e = gammon.evaluate(gammon.Position.start())
    assert e.source == "net" and e.plies == 0
    assert 0.0 < e.win < 1.0
    assert abs(e.win + e.lose - 1.0) < 1e-6
    assert e.win >= e.win_gammon >= e.win_backgammon >= 0.0
    assert e.lose >= e.lose_gammon >= e.lose_backgammon >= 0.0
    eq = e.win - e.lose + e.win_gammon - e.lose_gammon + e.win_backgammon - e.lose_backgammon
    assert abs(e.equity - eq) < 1e-6
    with pytest.raises(AttributeError):
        e.win = 0.5  # type: ignore[misc]


def test_evaluate_the_opening_is_close_to_even() -> None:
    """BG-10: neither player has an edge before the opening roll; the net should agree to
    within a tenth of a point."""
    assert abs(gammon.evaluate(gammon.Position.start()).equity) < 0.1


def test_evaluate_bearoff_positions_exactly_off2() -> None:
    """OFF-2/OFF-3: both sides home, so the value is the bear-off databases' exact one."""
    p = pos({6: 1}, {1: 1})
    e = gammon.evaluate(p)
    assert e.source == "bearoff" and e.plies == 0
    assert abs(e.win - gammon.bearoff.evaluate(p).win) < 1e-6


def test_evaluate_a_finished_game_score1() -> None:
    """SCORE-1: the player on roll has lost a gammon once the opponent is off and it has
    borne off nothing."""
    p = pos({6: 15}, {})
    e = gammon.evaluate(p)
    assert e.source == "final"
    assert (e.win, e.lose, e.lose_gammon, e.lose_backgammon) == (0.0, 1.0, 1.0, 0.0)


@pytest.mark.parametrize(
    ("loser", "kind"),
    [
        ({6: 5, 5: 5, 4: 4, 13: 1}, "gammon"),  # checkers in the loser's own home board
        ({13: 14, 22: 1}, "backgammon"),  # one in the winner's home board
        ({6: 14, 25: 1}, "backgammon"),  # one on the bar
        ({6: 14}, "single"),
    ],
)
def test_the_value_of_a_play_that_ends_the_game_is_its_result_score1(
    loser: dict[int, int], kind: str
) -> None:
    """SCORE-1: bearing off the last checker wins a backgammon only when the loser, with
    nothing off, has a checker on the bar or in the winner's home board; the hint of that play
    (0 ply and searched) and the 1-ply value of the position before the finishing roll say so."""
    p = pos({1: 1}, loser)
    want = {"single": (0.0, 0.0), "gammon": (1.0, 0.0), "backgammon": (1.0, 1.0)}[kind]
    for plies in (0, 1):
        (h,) = gammon.hint(p, (3, 1), plies=plies)
        assert kind in str(p.play(h.play).outcome())
        e = h.evaluation
        assert (e.win, e.win_gammon, e.win_backgammon) == (1.0, *want), plies
    # Every roll ends the game: the 1-ply value of the position is the result.
    e = gammon.evaluate(p, plies=1)
    assert (e.win, e.win_gammon, e.win_backgammon) == (1.0, *want)


def test_a_search_changes_the_value_and_stays_a_probability() -> None:
    start = gammon.Position.start()
    one = gammon.evaluate(start, plies=1)
    assert one.plies == 1 and 0.0 < one.win < 1.0
    assert one.win != gammon.evaluate(start).win


def test_evaluate_long_nardy_ln33() -> None:
    """LN-33: the Long Nardy net values the start for the player on roll (a Mars is its gammon)."""
    e = gammon.evaluate(gammon.Position.start("long-nardy"))
    assert e.source == "net"
    assert 0.0 < e.win < 1.0 and e.win >= e.win_gammon


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("start", 0), gammon.InvalidInputError),
        ((None, 4), gammon.InvalidInputError),
        ((None, -1), gammon.InvalidInputError),
        ((None, 1.0), gammon.InvalidInputError),
        ((None, True), gammon.InvalidInputError),
    ],
)
def test_evaluate_refuses_bad_arguments(args: tuple[object, object], error: type) -> None:
    position = gammon.Position.start() if args[0] is None else args[0]
    with pytest.raises(error):
        gammon.evaluate(position, args[1])  # type: ignore[arg-type]


# -- hint -----------------------------------------------------------------------------------


def test_hint_ranks_every_legal_play_best_first_move9() -> None:
    """MOVE-9: one hint per distinct legal play, sorted by equity."""
    start = gammon.Position.start()
    hints = gammon.hint(start, (3, 1))
    plays = start.legal_plays((3, 1))
    assert len(hints) == len(plays)
    assert {str(h.play) for h in hints} == {str(p) for p in plays}
    eqs = [h.equity for h in hints]
    assert eqs == sorted(eqs, reverse=True)
    # Making 3-1's five point is the standard opening play.
    assert str(hints[0].play) == "8/5 6/5"


def test_hint_values_a_play_as_the_flip_of_the_next_position_bg2a() -> None:
    """BG-2a: one board, two views: a play's value for its maker is minus the value of the
    resulting position for the opponent on roll."""
    start = gammon.Position.start()
    for h in gammon.hint(start, (6, 4)):
        nxt = start.play(h.play)
        assert abs(h.equity + gammon.evaluate(nxt).equity) < 1e-5


def test_hint_with_search() -> None:
    start = gammon.Position.start()
    zero = gammon.hint(start, (6, 5))
    one = gammon.hint(start, (6, 5), plies=1)
    assert len(zero) == len(one)
    assert all(h.evaluation.plies == 1 for h in one)
    assert str(one[0].play) == "24/13"


def test_hint_and_evaluate_search_with_the_same_pruning() -> None:
    # A middle game, each play searched 1 ply deep: the play's hint is the opponent's
    # evaluation of the position after it, negated, with any pruning. The default keeps the
    # pruning net's 2 best replies a roll (as prune=2), prune=0 values every reply with the net
    # and prune=1 the pruning net's best alone: the values move somewhere.
    middle = gammon.Position.from_id("l5mDAQMsz+ALAA")

    def hints(prune: object = None) -> dict[str, float]:
        got = gammon.hint(middle, (4, 2), plies=1, prune=prune)  # type: ignore[arg-type]
        return {str(h.play): h.equity for h in got}

    default, every, one = hints(), hints(0), hints(1)
    assert hints(2) == default and len(default) > 8
    assert default != every and default != one
    assert max(abs(every[p] - default[p]) for p in default) < 0.05
    for prune in (None, 0, 1):
        for h in gammon.hint(middle, (4, 2), plies=1, prune=prune)[:3]:
            after = middle.play(h.play)
            e = gammon.evaluate(after, plies=1, prune=prune)
            assert h.equity == pytest.approx(-e.equity, abs=1e-6), (prune, str(h.play))
    for bad in (-1, 2.0, "3", True):
        with pytest.raises(gammon.InvalidInputError, match="prune must be an int from 0"):
            hints(bad)


def test_hint_in_a_bearoff_is_exact_and_picks_the_best_play() -> None:
    """OFF-1..OFF-3: the hint of a bear-off is the databases' value of each play."""
    p = pos({6: 1, 5: 1, 1: 2}, {1: 3, 2: 2})
    hints = gammon.hint(p, (4, 1))
    assert all(h.evaluation.source == "bearoff" or h.evaluation.win == 1.0 for h in hints)
    for h in hints:
        nxt = p.play(h.play)
        if not nxt.is_game_over():
            assert abs(h.equity + gammon.bearoff.evaluate(nxt).equity) < 1e-5


def test_hint_of_a_pass_is_empty_move8() -> None:
    """MOVE-8: no legal play, no hint."""
    closed = pos({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3})
    assert gammon.hint(closed, (6, 6)) == []


def test_hint_refuses_bad_dice() -> None:
    with pytest.raises(gammon.InvalidDiceError):
        gammon.hint(gammon.Position.start(), (0, 7))
    with pytest.raises(gammon.InvalidInputError):
        gammon.hint("4HPwATDgc/ABMA", (3, 1))  # type: ignore[arg-type]


def test_hint_long_nardy_ln18() -> None:
    """LN-18: the first turn's 6-6 takes two checkers from the head; the net ranks the plays."""
    start = gammon.Position.start("long-nardy")
    hints = gammon.hint(start, (6, 6))
    assert len(hints) == len(start.legal_plays((6, 6))) >= 1


# -- the net policy -------------------------------------------------------------------------


def test_the_net_policy_beats_pubeval_in_a_short_seat_swapped_match() -> None:
    """The shipped backgammon net is stronger than pubeval: 2 x 1,000 games on the same dice
    with the seats swapped (the measured figures are in BENCHMARKS.md)."""
    start = gammon.Position.start()
    a = gammon.rollout(start, games=1000, policy=("net", "pubeval"), seed=5, threads=1)
    b = gammon.rollout(start, games=1000, policy=("pubeval", "net"), seed=5, threads=1)
    assert (a.equity - b.equity) / 2 > 0.1


def test_the_long_nardy_net_beats_random() -> None:
    """LN-33/LN-34: the Long Nardy net wins nearly every game against random play."""
    start = gammon.Position.start("long-nardy")
    r = gammon.rollout(start, games=200, policy=("net", "random"), seed=3, threads=1)
    assert r.equity > 1.0


def test_the_net_policy_is_reproducible() -> None:
    a = gammon.rollout(games=300, policy="net", seed=9, threads=2)
    b = gammon.rollout(games=300, policy="net", seed=9, threads=1)
    assert a.equity == b.equity


def test_net_in_simulations_and_trajectories() -> None:
    r = gammon.simulate_money(players=("net", "pubeval"), games=200, seed=2)
    assert r.games_completed == 200


def test_unknown_policy_names_net_among_the_builtins() -> None:
    with pytest.raises(gammon.InvalidInputError, match="net"):
        gammon.rollout(games=10, policy="gnubg")


# -- the command line -----------------------------------------------------------------------


def test_cli_hint_prints_the_ranked_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "31", "--top", "3"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.strip().startswith(("1 ", "2 ", "3 "))]
    assert len(lines) == 3
    assert "8/5 6/5" in lines[0]
    assert main(["hint", "65", "--plies", "1", "--top", "1"]) == 0
    assert "24/13" in capsys.readouterr().out


def test_cli_hint_and_evaluate_take_prune(capsys: pytest.CaptureFixture[str]) -> None:
    # --prune sets the search's pruning with a roll too, as prune= does.
    middle = "l5mDAQMsz+ALAA"
    for prune in (0, 1):
        assert main(["hint", middle, "42", "--plies", "1", "--prune", str(prune)]) == 0
        best = gammon.hint(gammon.Position.from_id(middle), (4, 2), plies=1, prune=prune)[0]
        assert f"{best.equity:+.3f}" in capsys.readouterr().out
    assert main(["evaluate", middle, "--plies", "1", "--prune", "1", "--json"]) == 0
    e = gammon.evaluate(gammon.Position.from_id(middle), plies=1, prune=1)
    assert f'"equity": {e.equity}' in capsys.readouterr().out
    assert main(["evaluate", middle, "--prune", "-1"]) == 2


def test_cli_hint_refuses_a_bad_roll(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--dice", "79"]) == 2
    assert "not a roll" in capsys.readouterr().err


def test_cli_rollout_with_the_net_policy(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rollout", "--games", "200", "--policy", "net", "--quiet", "--threads", "1"])
    assert code == 0
    assert "net" in capsys.readouterr().out


def test_a_long_nardy_evaluation_speaks_of_mars_and_koks() -> None:
    # LN-33 (Mars) and LN-35 (Koks): a Long Nardy value is shown in its own terms; the
    # backgammon names stay as aliases so that code reads both games alike.
    e = gammon.evaluate(gammon.Position.start("long-nardy"))
    assert (e.win_mars, e.win_koks) == (e.win_gammon, e.win_backgammon)
    assert (e.lose_mars, e.lose_koks) == (e.lose_gammon, e.lose_backgammon)
    assert "win_mars=" in repr(e) and "lose_koks=" in repr(e) and "gammon" not in repr(e)
    h = gammon.hint(gammon.Position.start("long-nardy"), (6, 5))[0]
    assert "win_mars=" in repr(h.evaluation)
    bg = gammon.evaluate(gammon.Position.start())
    assert "win_gammon=" in repr(bg) and "mars" not in repr(bg)


def test_a_game_its_turn_state_and_its_parts_are_valued_alike() -> None:
    # A game brings its cube, score and dice (CUBE-2, MATCH-1); its TurnState says the same.
    game = gammon.Game.from_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    by_parts = gammon.evaluate(game.position, cube=game.cube, score=game.match)
    assert gammon.evaluate(game) == gammon.evaluate(game.state) == by_parts
    assert gammon.cube_decision(game).equity == gammon.cube_decision(game.state).equity
    game.set_dice(3, 1)
    assert gammon.hint(game) == gammon.hint(game.state) == gammon.hint(game, (3, 1))


def test_evaluations_and_hints_are_values() -> None:
    import pickle

    e = gammon.evaluate(gammon.Position.start(), score=gammon.Match(5))
    assert e.match_winning_chance is not None and e.cubeful_equity is not None
    h = gammon.hint(gammon.Position.start(), (3, 1))[0]
    for value in (e, h):
        back = pickle.loads(pickle.dumps(value))
        assert back == value and hash(back) == hash(value) and repr(back) == repr(value)
    assert h != gammon.hint(gammon.Position.start(), (3, 1))[1]
    assert repr(h).startswith("Hint(play=") and "evaluation=Evaluation(win=" in repr(h)
