"""Cube decisions evaluated (``gammon.cube_decision``), checker play at the score
(``gammon.hint``/``gammon.evaluate`` with a cube and a score) and the cube half of ``gammon
hint``."""

from __future__ import annotations

import pytest

import gammon
from gammon.cli import main

START = "4HPwATDgc/ABMA"
# The opening, money, cube centred (gnubg's default Match ID: Jacoby on).
GNUBG_START = "4HPwATDgc/ABMA:cAkAAAAAAAAA"


def pos(me: dict[int, int], opp: dict[int, int]) -> gammon.Position:
    return gammon.Position.from_checkers(me, opp)  # type: ignore[arg-type]


# A race the player on roll leads by 50 pips: a cash (double, pass) with no gammons.
RACE_CASH = pos({6: 4, 5: 4, 4: 2}, {6: 8, 5: 6, 4: 1})
# A race about even: no double.
RACE_EVEN = pos({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5})


def test_cube5_the_opening_is_no_double_take_at_every_depth() -> None:
    for plies in (0, 1, 2):
        d = gammon.cube_decision(gammon.Position.start(), plies=plies)
        assert d.action == "No double, take", d
        assert d.doubler_action == "no double" and d.taker_action == "take"
        assert not d.should_double and d.should_take
        assert d.no_double > d.double_take and d.double_pass == 1.0
        assert d.equity == d.no_double
        assert d.plies == plies and d.is_money and d.mwc is None
        assert d.cube_value == 1 and d.cube_owner is None
        assert d.player == gammon.Color.WHITE
        win = d.probabilities[0]
        assert 0.45 < win < 0.6
        assert 0.15 < d.take_point < 0.35
    text = str(gammon.cube_decision(gammon.Position.start()))
    assert "Proper cube action: No double, take" in text
    assert "1. No double" in text and "2. Double, pass" in text and "3. Double, take" in text


def test_cube12_a_double_at_the_opening_would_be_beavered() -> None:
    rules = gammon.CubeRules(beavers=True)
    d = gammon.cube_decision(gammon.Position.start(), cube=rules)
    assert d.action == "No double, beaver" and d.taker_action == "beaver"
    assert d.double_take < 0.0
    # No beavers in match play (CUBE-11).
    d = gammon.cube_decision(gammon.Position.start(), cube=rules, score=gammon.Match(7))
    assert d.taker_action == "take"


def test_a_clear_pass_is_a_pass_and_a_no_double_position_does_not_double() -> None:
    for plies in (0, 1, 2):
        cash = gammon.cube_decision(RACE_CASH, plies=plies)
        assert cash.action == "Double, pass", cash
        assert cash.double_take > cash.double_pass >= cash.no_double - 1e-9
        even = gammon.cube_decision(RACE_EVEN, plies=plies)
        assert even.doubler_action == "no double" and even.taker_action == "take", even


def test_the_take_point_separates_takes_from_passes() -> None:
    # In races of every length the 0-ply verdict is the take point's: the doubler's winning
    # chance beyond 1 - take point is a pass, below it a take.
    races = [
        pos({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}),
        pos({6: 5, 5: 5, 4: 5}, {6: 6, 5: 6, 4: 3}),
        pos({6: 4, 5: 4, 4: 4}, {6: 6, 5: 6, 4: 3}),
        pos({6: 4, 5: 4, 3: 2}, {6: 6, 5: 6, 4: 3}),
        RACE_CASH,
        pos({6: 2, 5: 2}, {6: 3, 5: 3, 4: 1}),
        pos({6: 1, 5: 2}, {6: 2, 5: 2}),
    ]
    seen = set()
    for p in races:
        d = gammon.cube_decision(p)
        win = d.probabilities[0]
        if abs(win - (1.0 - d.take_point)) > 1e-3:
            assert d.should_take == (win < 1.0 - d.take_point), d
            seen.add(d.should_take)
    assert seen == {True, False}


def test_cube7_an_owned_cube_is_redoubled_and_the_opponents_is_not_available() -> None:
    owned = gammon.Cube(2, gammon.Color.WHITE)
    d = gammon.cube_decision(RACE_CASH, cube=owned)
    assert d.action == "Redouble, pass" and d.cube_owner == gammon.Color.WHITE
    even = gammon.cube_decision(RACE_EVEN, cube=owned)
    assert even.action == "No redouble, take"
    # CUBE-3: Black owns the cube; White, on roll, cannot double.
    theirs = gammon.cube_decision(RACE_CASH, cube=gammon.Cube(2, gammon.Color.BLACK))
    assert theirs.doubler_action == "unavailable" and not theirs.should_double


def test_money2_the_jacoby_rule_doubles_out_a_gammonish_position() -> None:
    # White on roll has closed Black's checker out with Black's 14 others far away: a big
    # favourite with many gammons. Without Jacoby: too good to double, play on for the
    # gammon. With Jacoby (gammons count single with the cube centred): double, pass.
    closed = pos(
        {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 8: 3},
        {25: 1, 13: 2, 12: 4, 11: 4, 10: 4},
    )
    plain = gammon.cube_decision(closed)
    assert plain.action == "Too good to double, pass", plain
    assert plain.no_double > plain.double_pass
    jacoby = gammon.cube_decision(closed, cube=gammon.CubeRules(jacoby=True))
    assert jacoby.action == "Double, pass", jacoby


def test_match3_match7_the_crawford_game_and_the_leaders_cube_are_dead() -> None:
    crawford = gammon.Match(7, (3, 6), crawford_game=True)
    d = gammon.cube_decision(gammon.Position.start(), score=crawford, plies=1)
    assert d.action == "Never double, take (dead cube)" and d.doubler_action == "dead cube"
    assert d.mwc is not None and not d.is_money
    # Post-Crawford: the leader's cube already wins the match (MATCH-7); the trailer doubles.
    post = gammon.Match(7, (6, 3))
    assert gammon.cube_decision(gammon.Position.start(), score=post).doubler_action == "dead cube"
    trailer = gammon.Position.start("backgammon", "black")
    d = gammon.cube_decision(trailer, score=post)
    assert d.should_double, d
    # Match equities are normalised: the pass wins the cube's value, +1; its MWC is the
    # table's for 6-4 post-Crawford.
    assert d.double_pass == 1.0 and d.mwc is not None
    assert 0.0 < d.mwc[2] < 1.0


def test_match1_two_away_two_away_is_a_double_at_the_opening() -> None:
    # At 2-away 2-away the first double makes the game decide the match: a small edge
    # doubles (the cube has no further value), and the opponent takes.
    d = gammon.cube_decision(gammon.Position.start(), score=gammon.Match(5, (3, 3)))
    assert d.action == "Double, take", d


def test_a_game_brings_its_cube_score_and_pending_double() -> None:
    game = gammon.Game.from_gnubg_id(GNUBG_START)
    d = gammon.cube_decision(game, plies=1)
    assert d.action == "No double, take" and d.plies == 1
    # The game's rules say Jacoby; the same decision as given explicitly.
    same = gammon.cube_decision(game.position, cube=game.cube, score=game.match, plies=1)
    assert (same.no_double, same.double_take) == (d.no_double, d.double_take)
    # A game in a match at 2-4 with White's cube at 2.
    match = gammon.Game(
        gammon.Match(7, (2, 4)), gammon.Cube(2, gammon.Color.WHITE), position=RACE_CASH
    )
    d = gammon.cube_decision(match)
    assert d.cube_value == 2 and d.cube_owner == gammon.Color.WHITE and d.mwc is not None
    # A double awaiting its answer: the doubler's decision, whose taker action answers it.
    match.double()
    assert gammon.cube_decision(match).taker_action == "pass"


def test_bad_arguments_are_clear_errors() -> None:
    start = gammon.Position.start()
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy has no cube"):
        gammon.cube_decision(gammon.Position.start("long-nardy"))
    with pytest.raises(gammon.InvalidInputError, match="match is over"):
        gammon.cube_decision(start, score=gammon.MatchScore(7, (7, 2)))
    with pytest.raises(gammon.InvalidInputError, match="cube must be"):
        gammon.cube_decision(start, cube=2)
    with pytest.raises(gammon.InvalidInputError, match="score must be"):
        gammon.cube_decision(start, score=(3, 4))
    with pytest.raises(gammon.InvalidInputError, match="plies"):
        gammon.cube_decision(start, plies=9)
    with pytest.raises(gammon.InvalidInputError, match="position"):
        gammon.cube_decision("4HPwATDgc/ABMA")


def test_prune_sets_how_many_plays_of_a_roll_the_search_values() -> None:
    # A middle game searched 1 ply deep: the default prunes (2 plays a roll with the shipped
    # net, of pubeval's best 8 a roll), 0 values every play with the net, 1 the pruning net's
    # best alone, 3 one more (the values move by ten-thousandths to thousandths); a 0-ply
    # decision searches nothing and is never pruned.
    middle = gammon.Position.from_id("l5mDAQMsz+ALAA")

    def values(plies: int, prune: object = None) -> tuple[float, float]:
        d = gammon.cube_decision(middle, plies=plies, prune=prune)  # type: ignore[arg-type]
        return (d.no_double, d.double_take)

    assert values(1, 2) == values(1)
    assert values(1, 0)[0] == pytest.approx(values(1)[0], abs=0.01)
    assert values(1, 0)[0] != pytest.approx(values(1)[0], abs=1e-4)
    assert values(1, 1)[0] != pytest.approx(values(1)[0], abs=1e-4)
    assert values(1, 3)[0] != pytest.approx(values(1)[0], abs=1e-4)
    assert values(0, 0) == values(0) == values(0, 1)
    for bad in (-1, 2.0, "3", True):
        with pytest.raises(gammon.InvalidInputError, match="prune must be an int from 0"):
            values(1, bad)


# -- checker play at the score --------------------------------------------------------------


def test_match1_at_double_match_point_a_play_is_worth_its_winning_chance() -> None:
    # 6-6 in a 7-point match: whoever wins the game wins the match; gammons count nothing.
    dmp = gammon.Match(7, (6, 6))
    hints = gammon.hint(gammon.Position.start(), (6, 4), score=dmp)
    assert hints and all(h.cubeful_equity is not None for h in hints)
    for h in hints:
        e = h.evaluation
        assert e.match_winning_chance is not None
        assert abs(e.match_winning_chance - e.win) < 1e-5
        assert abs(e.cubeful_equity - (2 * e.win - 1)) < 1e-5  # type: ignore[operator]
    wins = [h.evaluation.win for h in hints]
    assert wins == sorted(wins, reverse=True)


def test_hint_at_the_score_ranks_by_cubeful_equity_and_keeps_the_cubeless_figures() -> None:
    start = gammon.Position.start()
    cubeless = gammon.hint(start, (3, 1))
    assert all(h.cubeful_equity is None for h in cubeless)
    money = gammon.hint(start, (3, 1), cube=gammon.Cube())
    assert str(money[0].play) == "8/5 6/5"
    keys = [h.cubeful_equity for h in money]
    assert keys == sorted(keys, reverse=True)  # type: ignore[type-var]
    for h in money:
        e = h.evaluation
        assert e.match_winning_chance is None
        eq = e.win - e.lose + e.win_gammon - e.lose_gammon + e.win_backgammon - e.lose_backgammon
        assert abs(h.equity - eq) < 1e-6
    # 6-0 in a 7-point match, post-Crawford: the values are match winning chances.
    leader = gammon.hint(start, (3, 1), score=gammon.Match(7, (6, 0)), plies=1)
    mwcs = [h.evaluation.match_winning_chance for h in leader]
    assert all(m is not None and 0.5 < m < 1.0 for m in mwcs)
    assert mwcs == sorted(mwcs, reverse=True)  # type: ignore[type-var]


def test_hint_takes_a_game_and_its_dice() -> None:
    game = gammon.Game(gammon.Match(5, (1, 3)), position=gammon.Position.start(), dice=(6, 5))
    hints = gammon.hint(game)
    assert str(hints[0].play) == "24/13"
    assert hints[0].evaluation.match_winning_chance is not None
    with pytest.raises(gammon.InvalidDiceError, match="needs the dice"):
        gammon.hint(gammon.Position.start())


def test_ln38_a_long_nardy_game_is_valued_cubeless() -> None:
    game = gammon.Game(variant="long-nardy")
    e = gammon.evaluate(game)
    assert e.cubeful_equity is None and e.match_winning_chance is None
    assert e == gammon.evaluate(game.position)
    # Asked for the cube explicitly: a clear error.
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy has no cube"):
        gammon.evaluate(game, cube=gammon.Cube())


def test_evaluate_at_the_score_adds_the_cubeful_value() -> None:
    start = gammon.Position.start()
    plain = gammon.evaluate(start)
    assert plain.cubeful_equity is None and plain.match_winning_chance is None
    money = gammon.evaluate(start, cube=gammon.Cube())
    assert (money.win, money.equity) == (plain.win, plain.equity)
    d = gammon.cube_decision(start)
    assert money.cubeful_equity is not None
    assert abs(money.cubeful_equity - d.equity) < 1e-9
    # DMP: the value is the winning chance.
    dmp = gammon.evaluate(start, score=gammon.Match(7, (6, 6)), plies=1)
    assert dmp.match_winning_chance is not None
    assert abs(dmp.match_winning_chance - dmp.win) < 1e-5


# -- gammon hint ----------------------------------------------------------------------------


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_hint_without_dice_gives_the_cube_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["hint"], capsys)
    assert code == 0 and "Proper cube action: No double, take" in out
    code, out, _ = run(["hint", GNUBG_START, "--plies", "1"], capsys)
    assert code == 0 and "Cube decision at 1 ply" in out and "No double" in out
    code, out, _ = run(["hint", RACE_CASH.id], capsys)
    assert code == 0 and "Proper cube action: Double, pass" in out


def test_cli_hint_prune_is_the_cube_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    middle = gammon.Position.from_id("l5mDAQMsz+ALAA")
    code, out, _ = run(["hint", middle.id, "--plies", "1", "--prune", "1"], capsys)
    expected = gammon.cube_decision(middle, plies=1, prune=1)
    assert code == 0 and str(expected) in out
    assert str(gammon.cube_decision(middle, plies=1)) not in out


def test_cli_hint_asks_for_the_dice_when_there_is_no_cube_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The Crawford game (MATCH-3): 6-3 in a 7-point match.
    game = gammon.Game(
        gammon.Match(7, (6, 3), crawford_game=True), position=gammon.Position.start()
    )
    code, out, err = run(["hint", game.gnubg_id], capsys)
    assert code == 2 and out == "" and "give the roll" in err
    # Black owns the cube and White is on roll.
    owned = gammon.Game(cube=gammon.Cube(2, gammon.Color.BLACK), position=gammon.Position.start())
    code, _, err = run(["hint", owned.gnubg_id], capsys)
    assert code == 2 and "cannot double" in err


def test_cli_hint_with_dice_ranks_the_plays_at_the_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = gammon.Game(gammon.Match(7, (6, 0)), position=gammon.Position.start())
    code, out, _ = run(["hint", game.gnubg_id, "31", "--top", "2"], capsys)
    assert code == 0 and "cubeful equity at the score" in out and "MWC" in out
    assert "8/5 6/5" in out
    code, out, _ = run(["hint", game.gnubg_id, "31", "--cubeless", "--top", "1"], capsys)
    assert code == 0 and "cubeless equity" in out and "MWC" not in out
    # A Position ID has no cube or score: cubeless, as before.
    code, out, _ = run(["hint", START, "31", "--top", "1"], capsys)
    assert code == 0 and "cubeless equity" in out


def test_cube2_with_cube_use_off_the_values_are_cubeless() -> None:
    # CUBE-2: with the cube out of play nobody can double, so the cube adds nothing: the
    # no-double value and the cubeful evaluation are the cubeless equity.
    pos = gammon.Position.from_id("4HPwATDgc/ABMA")
    off = gammon.Cube(rules=gammon.CubeRules(enabled=False))
    cubeless = gammon.evaluate(pos).equity
    for plies in (0, 1):
        d = gammon.cube_decision(pos, off, plies=plies)
        assert "not available" in d.action
        assert d.no_double == pytest.approx(gammon.evaluate(pos, plies=plies).equity, abs=1e-6)
    on = gammon.cube_decision(pos, gammon.Cube())
    assert abs(on.no_double - cubeless) > 1e-3
    assert gammon.evaluate(pos, cube=off).cubeful_equity == pytest.approx(cubeless, abs=1e-6)
