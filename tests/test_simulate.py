"""gammon.simulate_match and gammon.simulate_money: matches and money games with the cube in
bulk, their results (merging, pickling, the interval of a sweep) and their runs (execution
options, executors, checkpoints that survive SIGKILL).

The core's game loop must keep the same rules as the Python classes: the replay tests play
simulated matches and money games again, action by action, through ``gammon.Game`` and
``gammon.Match`` and compare every decision point and every result (BG-10, BG-11, BG-12,
CUBE-*, MATCH-*, MONEY-2, SCORE-2).
"""

from __future__ import annotations

import _thread
import hashlib
import json
import math
import pickle
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon
from gammon import (
    Beaver,
    Color,
    CubeRules,
    CubeView,
    Ending,
    Game,
    Match,
    Player,
    Position,
    Raccoon,
)
from gammon.policies import _core_players
from support import kill_when_it_has_progressed

STRONG = Player("pubeval", cube="race")


# -- Python cube policies used by the tests ------------------------------------------------


def check_the_core_may_offer(view: CubeView) -> None:
    """The oracle of the may-double rules: the core asks a cube policy only when a double is
    legal, and the independent Python classes (gammon.Cube, gammon.Match) must agree (CUBE-2,
    CUBE-3, CUBE-10, MATCH-3, MATCH-7). This check ran inside every simulation before; it
    belongs here."""
    err = view.cube.double_error(view.player)
    assert err is None, f"the core offered {view.player} a double gammon.Cube refuses: {err}"
    match = view.match
    assert not match.is_crawford_game, "MATCH-3: the core offered a double in the Crawford game"
    if isinstance(match, Match) and view.cube.rules.refuse_dead_cube:
        assert view.cube.value < match.away(view.player), "MATCH-7: a dead cube was offered"


class Coin:
    """Decides by a hash of the position, so that it doubles, drops and beavers often,
    always the same way in the same spot. Rates are out of 64."""

    def __init__(self, salt: int, double: int = 16, drop: int = 16, redouble: int = 32) -> None:
        self.salt, self.rates = salt, (double, drop, redouble)

    def _roll(self, view: CubeView, what: int) -> int:
        key = f"{view.position.id}:{view.player}:{what}:{self.salt}".encode()
        return hashlib.blake2b(key, digest_size=8).digest()[0] % 64

    def double(self, view: CubeView) -> bool:
        check_the_core_may_offer(view)
        return self._roll(view, 0) < self.rates[0]

    def take(self, view: CubeView) -> Union[bool, str]:
        assert view.offer is not None
        r = self._roll(view, 1 + view.offer.redoubles)
        if view.may_beaver and r < self.rates[2]:
            return "beaver"
        if view.may_raccoon and r < self.rates[2]:
            return "raccoon"
        return "drop" if r >= 64 - self.rates[1] else "take"


class PyNever:
    """The built-in "never" policy written in Python."""

    def double(self, view: CubeView) -> bool:
        return False

    def take(self, view: CubeView) -> bool:
        return True


def keith_count(counts: list[int]) -> int:
    """Tom Keith's count of one side (counts by own point, 0 = off, 25 = bar)."""
    pips = sum(p * counts[p] for p in range(1, 26))
    wastage = 2 * max(counts[1] - 1, 0) + max(counts[2] - 1, 0) + max(counts[3] - 3, 0)
    return pips + wastage + sum(1 for p in (4, 5, 6) if counts[p] == 0)


def is_race(pos: Position) -> bool:
    mine = pos.checkers(pos.turn)
    theirs = pos.checkers(pos.turn.other())
    back = max((p for p in range(1, 26) if mine[p]), default=0)
    their_back = max((p for p in range(1, 26) if theirs[p]), default=0)
    return back == 0 or their_back == 0 or back < 25 - their_back


def excess(pos: Position) -> int:
    roller = keith_count(pos.checkers(pos.turn))
    return roller + roller // 7 - keith_count(pos.checkers(pos.turn.other()))


class PyRace:
    """The built-in "race" policy written in Python from its documentation."""

    def double(self, view: CubeView) -> bool:
        if not is_race(view.position):
            return False
        m = view.match
        if isinstance(m, Match) and view.cube.value >= m.away(view.player):
            return False
        return excess(view.position) <= (4 if view.cube.owner is None else 3)

    def take(self, view: CubeView) -> bool:
        pos, offer, m = view.position, view.offer, view.match
        assert offer is not None
        if view.player == pos.turn or not is_race(pos):
            return True
        if isinstance(m, Match) and m.score_of(offer.proposer) + offer.stake >= m.length:
            return True
        return excess(pos) >= 2


# -- replaying the core's games through gammon.Game ----------------------------------------


def replay_game(events: list[tuple[Any, ...]], game: Game) -> None:
    """Pushes one logged game into ``game`` and checks every decision point against it."""
    opening = True
    asked = False  # the cube policy of the player on roll was asked this turn
    for ev in events:
        kind = ev[0]
        if kind == "throw":
            assert opening and game.is_opening
            game.set_dice(ev[1], ev[2])
            opening = game.is_opening
            if not opening:
                # BG-10, BG-12: the opening roll is the starter's first roll: no double on it.
                assert game.dice == (max(ev[1:]), min(ev[1:]))
                assert not game.can_double()
        elif kind == "may_double":
            _, player, value, owner = ev
            assert game.turn == player and game.dice is None
            assert (game.cube.value, game.cube.owner) == (value, owner)
            assert game.can_double(), game
            asked = True
        elif kind == "double":
            game.double()
        elif kind == "answer":
            _, player, word, may = ev
            assert game.to_act == player
            legal = game.legal_actions()
            assert (Beaver() in legal or Raccoon() in legal) == may
            if word in ("beaver", "raccoon"):
                # The core names the redouble: a beaver answers a plain double (CUBE-12), a
                # raccoon a beaver (CUBE-13), as the Python cube sees it.
                assert game.cube.offer is not None
                assert (word == "beaver") == (game.cube.offer.redoubles == 0)
            game.push(word)
        elif kind == "roll":
            _, player, hi, lo = ev
            assert game.position.turn == player
            if game.dice is None:
                # Whenever the core did not ask, Python agrees that no double was legal.
                if not asked:
                    assert not game.can_double(), game
                game.set_dice(hi, lo)
            assert game.dice == (hi, lo)
            asked = False
        elif kind == "play":
            game.push(ev[1])
        elif kind == "pass":
            game.push("")
        elif kind == "game_over":
            _, winner, result_kind, ending, points, cube, owner, _board = ev
            r = game.result
            assert r is not None, game
            assert r.winner == winner and r.points == points and r.kind == result_kind
            assert r.ending == (Ending.DROPPED if ending == "dropped" else Ending.BORNE_OFF)
            assert r.cube == cube
            if ending == "borne_off":
                assert game.cube.owner == owner
        else:  # pragma: no cover - a new event kind
            raise AssertionError(ev)


def log(
    players: tuple[Player, Player],
    rules: CubeRules,
    seed: int,
    index: int,
    length: Optional[int] = None,
    crawford: bool = True,
) -> list[list[tuple[Any, ...]]]:
    return gammon._core._simulated_games(
        gammon.Variant.BACKGAMMON,
        _core_players(players, rules),
        rules,
        seed,
        index,
        length,
        crawford,
        events=True,
    )


def replay_match(
    players: tuple[Player, Player],
    rules: CubeRules,
    seed: int,
    index: int,
    length: int,
    crawford: bool,
) -> Match:
    match = Match(length, crawford=crawford)
    for events in log(players, rules, seed, index, length, crawford):
        assert not match.is_over
        game = Game(match, rules)
        replay_game(events, game)
        match = game.next_match()
        assert events[-1][-1] == match.match_score
    assert match.is_over
    return match


MATCH_SETUPS = [
    # (players, rules, length, crawford)
    ((STRONG, Player("random", cube=Coin(1))), CubeRules(max_cube=16), 5, True),
    (
        (Player("random", cube=Coin(2, double=24)), Player("random", cube=Coin(3))),
        CubeRules(),
        7,
        True,
    ),
    ((STRONG, Player("pubeval", cube=Coin(4))), CubeRules(refuse_dead_cube=True), 3, True),
    ((Player("random", cube=Coin(5)), STRONG), CubeRules(), 5, False),
    # Money options are dropped in a match (MATCH-2, CUBE-11).
    (
        (Player("random", cube=Coin(6, redouble=64)), STRONG),
        CubeRules(beavers=True, raccoons=True, jacoby=True, auto_doubles=3),
        4,
        True,
    ),
]


@pytest.mark.parametrize(("players", "rules", "length", "crawford"), MATCH_SETUPS)
def test_simulated_matches_replay_through_game_and_match_with_the_same_books(
    players: tuple[Player, Player], rules: CubeRules, length: int, crawford: bool
) -> None:
    result = gammon.simulate_match(
        length,
        players=players,
        matches=12,
        seed=21,
        cube_rules=rules,
        crawford=crawford,
        record_matches=True,
    )
    assert result.records is not None
    crawfords = 0
    for m in range(12):
        match = replay_match(players, rules, 21, m, length, crawford)
        # The bulk simulation played the same match.
        assert tuple(result.records.score[m]) == match.score
        assert result.records.games[m] == len(match.games)
        assert result.records.winner[m] == (0 if match.winner == Color.WHITE else 1)
        crawfords += result.records.crawford_game[m] >= 0
    assert result.crawford_games == crawfords


def test_simulated_money_games_replay_through_game_with_every_money_option() -> None:
    rules = CubeRules(
        jacoby=True, beavers=True, raccoons=True, max_beavers=2, auto_doubles=2, max_cube=32
    )
    players = (
        Player("random", cube=Coin(7, double=1)),
        Player("pubeval", cube=Coin(8, double=2, redouble=48)),
    )
    result = gammon.simulate_money(80, players=players, seed=5, cube_rules=rules, record_games=True)
    assert result.records is not None
    seen = {"beaver": 0, "raccoon": 0, "tie": 0, "jacoby": 0, "drop": 0}
    for g in range(80):
        (events,) = log(players, rules, 5, g)
        game = Game(cube=rules)
        replay_game(events, game)
        r = game.result
        assert r is not None
        assert result.records.points[g] == (r.points if r.winner == Color.WHITE else -r.points)
        assert result.records.cube[g] == r.cube
        seen["beaver"] += any(isinstance(a, Beaver) for a in game.move_stack)
        seen["raccoon"] += any(isinstance(a, Raccoon) for a in game.move_stack)
        seen["tie"] += sum(1 for e in events if e[0] == "throw" and e[1] == e[2]) > 0
        seen["jacoby"] += (
            r.ending == Ending.BORNE_OFF and game.cube.owner is None and r.kind != "single"
        )
        seen["drop"] += r.ending == Ending.DROPPED
    assert all(v > 0 for v in seen.values()), seen


# -- reproducibility -------------------------------------------------------------------------


@pytest.mark.parametrize(("threads", "chunk_size"), [(2, 1), (2, 7), (3, 50)])
def test_the_same_seed_gives_identical_matches_for_any_thread_count_and_chunk_size(
    threads: int, chunk_size: int
) -> None:
    players = (STRONG, Player("heuristic", cube="race"))
    base = gammon.simulate_match(
        5, players=players, matches=150, seed=3, threads=1, record_matches=True
    )
    other = gammon.simulate_match(
        5,
        players=players,
        matches=150,
        seed=3,
        threads=threads,
        chunk_size=chunk_size,
        record_matches=True,
    )
    assert other == base and other.std_error == base.std_error
    assert base.records is not None and other.records is not None
    for a, b in zip(base.records, other.records):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize(("threads", "chunk_size"), [(2, 1), (3, 100)])
def test_the_same_seed_gives_identical_money_games_for_any_thread_count_and_chunk_size(
    threads: int, chunk_size: int
) -> None:
    rules = CubeRules(beavers=True, jacoby=True)
    base = gammon.simulate_money(
        600, players=(STRONG, STRONG), seed=4, cube_rules=rules, threads=1, record_games=True
    )
    other = gammon.simulate_money(
        600,
        players=(STRONG, STRONG),
        seed=4,
        cube_rules=rules,
        threads=threads,
        chunk_size=chunk_size,
        record_games=True,
    )
    assert other == base
    assert base.records is not None and other.records is not None
    for a, b in zip(base.records, other.records):
        np.testing.assert_array_equal(a, b)
    assert int(base.records.points.sum()) == base.net_points
    assert gammon.simulate_money(600, players=(STRONG, STRONG), seed=5, cube_rules=rules) != base


def test_ranges_of_matches_run_apart_give_the_matches_of_the_whole() -> None:
    players = (STRONG, "random")
    whole = gammon.simulate_match(3, players=players, matches=90, seed=8, record_matches=True)
    tail = gammon.simulate_match(
        3, players=players, matches=40, seed=8, first_match=50, record_matches=True
    )
    assert whole.records is not None and tail.records is not None
    np.testing.assert_array_equal(whole.records.score[50:], tail.records.score)
    assert tail.first == 50


# -- properties ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    length=st.integers(1, 15),
    max_cube=st.sampled_from([1, 2, 4, 8, 64]),
    crawford=st.booleans(),
    salt=st.integers(0, 1000),
)
def test_match1_match3_cube10_every_match_ends_within_reach_of_the_rules(
    seed: int, length: int, max_cube: int, crawford: bool, salt: int
) -> None:
    players = (Player("random", cube=Coin(salt, double=8)), STRONG)
    r = gammon.simulate_match(
        length,
        players=players,
        matches=20,
        seed=seed,
        cube_rules=CubeRules(max_cube=max_cube),
        crawford=crawford,
        record_matches=True,
    )
    rec = r.records
    assert rec is not None and r.matches_completed == 20
    winner_score = rec.score[np.arange(20), rec.winner]
    loser_score = rec.score[np.arange(20), 1 - rec.winner]
    # MATCH-1: the winner reached the length with one game of at most 3 x the cap.
    assert (winner_score >= length).all() and (loser_score < length).all()
    assert (winner_score < length + 3 * max_cube).all()
    # CUBE-10: no game ended above the cap.
    assert (rec.max_cube <= max_cube).all()
    # MATCH-3, MATCH-5: at most one Crawford game, never without the rule or in a 1-point match.
    if not crawford or length == 1:
        assert (rec.crawford_game == -1).all()
    assert ((rec.crawford_game == -1) | (rec.crawford_game < rec.games)).all()
    assert r.crawford_games == int((rec.crawford_game >= 0).sum())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), auto=st.integers(0, 3))
def test_money2_jacoby_counts_gammons_only_once_the_cube_was_turned(seed: int, auto: int) -> None:
    rules = CubeRules(jacoby=True, auto_doubles=auto)
    # Without a cube policy that doubles, every game ends centred: each scores its cube.
    r = gammon.simulate_money(
        300, players=("pubeval", "random"), seed=seed, cube_rules=rules, record_games=True
    )
    rec = r.records
    assert rec is not None
    assert (np.abs(rec.points) == rec.cube).all()
    assert (rec.cube <= 2**auto).all()
    # With doubles, gammons count again once someone owns the cube.
    doubling = gammon.simulate_money(
        300,
        players=(STRONG, Player("pubeval", cube=Coin(seed % 97, double=24, drop=0))),
        seed=seed,
        cube_rules=rules,
        record_games=True,
    )
    rec = doubling.records
    assert rec is not None
    # A game borne off after a double was taken (no beavers here: a double not taken ends
    # the game as a drop) scores its level; a game never doubled scores its cube.
    gammons = (rec.kind == 1) | (rec.kind == 2)
    turned = gammons & (rec.doubles > 0)
    centred = gammons & (rec.doubles == 0)
    assert (np.abs(rec.points)[turned] >= 2 * rec.cube[turned]).all()
    assert (np.abs(rec.points)[centred] == rec.cube[centred]).all()


# -- sanity ----------------------------------------------------------------------------------


def test_pubeval_with_the_race_cube_beats_random_without_a_cube_by_a_wide_margin() -> None:
    r = gammon.simulate_match(7, players=(STRONG, "random"), matches=400, seed=1)
    assert r.win > 0.95 and r.win + r.lose == 1.0
    assert r.doubles > 0
    lo, hi = r.ci95
    assert lo <= r.win <= hi


def test_a_symmetric_setup_wins_about_half_the_matches_within_its_error() -> None:
    r = gammon.simulate_match(5, players=(STRONG, STRONG), matches=3000, seed=2)
    assert abs(r.win - 0.5) < 4 * r.std_error, r
    assert 0 < r.std_error < 0.015
    m = gammon.simulate_money(20_000, players=(STRONG, STRONG), seed=2)
    assert abs(m.points_per_game) < 4 * m.std_error, m


def test_the_never_policies_reproduce_cubeless_rollout_statistics() -> None:
    n = 8000
    money = gammon.simulate_money(n, players=("pubeval", "random"), seed=6, record_games=True)
    assert money.records is not None and (money.records.cube == 1).all()
    assert money.doubles == 0 and money.mean_cube == 1.0
    # The opening roll lets each player start half the games: average the two rollouts.
    on_roll = gammon.rollout(games=n, policy=("pubeval", "random"), seed=7)
    other = gammon.rollout(games=n, policy=("random", "pubeval"), seed=8)
    expected = (on_roll.equity - other.equity) / 2
    se = math.sqrt(money.std_error**2 + (on_roll.std_error**2 + other.std_error**2) / 4)
    assert abs(money.points_per_game - expected) < 4 * se, (money, expected, se)
    # The shares of gammons agree as well.
    share = money.counts["first"]["gammon"] / n
    expected_share = (
        on_roll.win_gammon - on_roll.win_backgammon + other.lose_gammon - other.lose_backgammon
    ) / 2
    assert abs(share - expected_share) < 0.03


# -- Python cube policies --------------------------------------------------------------------


def test_a_python_never_policy_gives_the_builtin_never_results() -> None:
    a = gammon.simulate_match(5, players=(STRONG, ("random", PyNever())), matches=60, seed=9)
    b = gammon.simulate_match(5, players=(STRONG, ("random", "never")), matches=60, seed=9)
    assert a.threads == 1
    assert (a.wins, a.games, a.points, a.doubles) == (b.wins, b.games, b.points, b.doubles)


@pytest.mark.parametrize("length", [None, 3, 7])
def test_a_python_keith_count_policy_gives_the_builtin_race_results(length: Optional[int]) -> None:
    py = (Player("pubeval", cube=PyRace()), Player("heuristic", cube=PyRace()))
    builtin = (Player("pubeval", cube="race"), Player("heuristic", cube="race"))
    if length is None:
        a = gammon.simulate_money(400, players=py, seed=10, record_games=True)
        b = gammon.simulate_money(400, players=builtin, seed=10, record_games=True)
        assert a.records is not None and b.records is not None
        np.testing.assert_array_equal(a.records.points, b.records.points)
        assert a.doubles == b.doubles > 0
    else:
        a = gammon.simulate_match(length, players=py, matches=40, seed=10, record_matches=True)
        b = gammon.simulate_match(length, players=builtin, matches=40, seed=10, record_matches=True)
        assert a.records is not None and b.records is not None
        np.testing.assert_array_equal(a.records.score, b.records.score)
        assert a.doubles == b.doubles > 0


def test_a_python_policy_that_beavers_when_it_may_not_raises_illegal_cube_action() -> None:
    class Beaverer(PyNever):
        def double(self, view: CubeView) -> bool:
            return True

        def take(self, view: CubeView) -> str:
            return "beaver"

    # The core's cube answer refuses it, naming the rule and the policy (CUBE-12, CUBE-11).
    with pytest.raises(gammon.IllegalCubeActionError, match=r"^CUBE-12: .*Beaverer.take"):
        gammon.simulate_match(
            3, players=(("random", Beaverer()), ("random", Beaverer())), matches=5, seed=1
        )
    # In money play with beavers on, the first beaver is fine, the answer to it is not.
    with pytest.raises(gammon.IllegalCubeActionError, match=r"^CUBE-13: .*raccoon"):
        gammon.simulate_money(
            5,
            players=(("random", Beaverer()), ("random", Beaverer())),
            seed=1,
            cube_rules=CubeRules(beavers=True, raccoons=True),
        )


def test_python_policy_answers_of_the_wrong_type_and_exceptions_reach_the_caller() -> None:
    class Sloppy(PyNever):
        def double(self, view: CubeView) -> Any:
            return "yes"

    with pytest.raises(gammon.InvalidInputError, match="True or False"):
        gammon.simulate_money(5, players=(("random", Sloppy()), "random"), seed=1)

    class Unsure(PyNever):
        def double(self, view: CubeView) -> bool:
            return True

        def take(self, view: CubeView) -> Any:
            return "maybe"

    with pytest.raises(gammon.InvalidInputError, match=r"Unsure.take\(\).*take, drop, beaver or"):
        gammon.simulate_money(5, players=(("random", Unsure()), ("random", Unsure())), seed=1)

    class Broken(PyNever):
        def take(self, view: CubeView) -> bool:
            raise ValueError("no idea")

    with pytest.raises(ValueError, match="no idea"):
        gammon.simulate_match(3, players=(STRONG, ("random", Broken())), matches=5, seed=1)


def test_the_view_shows_the_match_the_cube_and_the_offer() -> None:
    seen: list[CubeView] = []

    class Watcher(PyNever):
        def double(self, view: CubeView) -> bool:
            seen.append(view)
            return view.cube.value == 1

        def take(self, view: CubeView) -> bool:
            seen.append(view)
            return True

    gammon.simulate_match(
        5, players=(("pubeval", Watcher()), ("pubeval", Watcher())), matches=3, seed=2
    )
    doubles = [v for v in seen if v.offer is None]
    takes = [v for v in seen if v.offer is not None]
    assert doubles and takes
    for v in doubles:
        assert v.player == v.position.turn and isinstance(v.match, Match)
        assert not v.match.is_crawford_game and v.cube.can_double(v.player)
    for v in takes:
        assert v.offer is not None and v.player == v.offer.responder
        assert v.offer.value == 2 * v.cube.value and not v.may_beaver and not v.is_money


def test_a_keyboard_interrupt_returns_the_matches_finished_so_far() -> None:
    class Interrupting(PyNever):
        calls = 0

        def double(self, view: CubeView) -> bool:
            Interrupting.calls += 1
            if Interrupting.calls > 400:
                raise KeyboardInterrupt
            return False

    r = gammon.simulate_match(
        3, players=(("pubeval", Interrupting()), "pubeval"), matches=10_000, seed=1, chunk_size=4
    )
    assert r.interrupted and r.stop_reason == "interrupted"
    assert 0 < r.matches_completed < 10_000 and r.matches_completed % 4 == 0
    full = gammon.simulate_match(
        3, players=("pubeval", "pubeval"), matches=r.matches_completed, seed=1
    )
    assert full.wins == r.wins


def test_the_callback_sees_progress_and_can_stop_the_simulation() -> None:
    calls: list[gammon.SimulationProgress] = []

    def cb(p: gammon.SimulationProgress) -> None:
        calls.append(p)
        if p.done >= 200:
            raise KeyboardInterrupt

    r = gammon.simulate_money(
        100_000, players=(STRONG, "random"), seed=1, chunk_size=100, threads=1, callback=cb
    )
    assert r.interrupted and r.games_completed >= 200
    assert calls[-1].done == r.games_completed and calls[-1].total == 100_000
    assert calls[-1].estimate == r.points_per_game


def test_ctrl_c_returns_the_matches_finished_so_far() -> None:
    finished = threading.Event()

    def press() -> None:
        if not finished.wait(0.5):
            _thread.interrupt_main()

    t = threading.Thread(target=press)
    t.start()
    try:
        r = gammon.simulate_match(7, players=(STRONG, STRONG), matches=10**9, seed=1, chunk_size=16)
    finally:
        finished.set()
        t.join()
    assert r.interrupted and 0 < r.matches_completed < 10**9
    assert r.matches_completed % 16 == 0 and sum(r.wins) == r.matches_completed
    assert "interrupted after" in str(r)


def test_the_gil_is_released_while_the_core_plays() -> None:
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    t = threading.Thread(target=count)
    t.start()
    try:
        gammon.simulate_money(20_000, players=(STRONG, STRONG), seed=1, threads=1)
    finally:
        done.set()
        t.join()
    # With the GIL held for the whole simulation the counter would barely move.
    assert ticks > 10_000


def test_a_progress_bar_can_be_shown(capsys: pytest.CaptureFixture[str]) -> None:
    gammon.simulate_match(3, players=(STRONG, "random"), matches=100, seed=1, progress=True)
    assert "3-point matches" in capsys.readouterr().err


# -- arguments -------------------------------------------------------------------------------


class _PythonCube:
    """A cube policy written in Python: never doubles, always takes."""

    def double(self, view: Any) -> bool:
        return False

    def take(self, view: Any) -> bool:
        return True


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"length": 0}, "length"),
        ({"length": 40_000}, "length"),
        ({"players": ("pubeval",)}, "pair"),
        ({"players": (("pubeval", "cautious"), "random")}, "cube policy"),
        ({"players": (("gnubg", "race"), "random")}, "checker policy"),
        ({"players": ((object(), "race"), "random")}, "choose"),
        ({"players": (("pubeval", object()), "random")}, "double"),
        ({"variant": "long-nardy"}, "Long Nardy"),
        ({"variant": gammon.Variant.LONG_NARDY}, "Long Nardy"),
        ({"cube_rules": {"max_cube": 8}}, "CubeRules"),
        ({"matches": -1}, "matches"),
        ({"threads": 0}, "threads"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"crawford": 1}, "crawford"),
        ({"max_seconds": -1.0}, "max_seconds"),
        # A policy written in Python needs the interpreter for each call: one thread only.
        (
            {"players": (gammon.FunctionPolicy(lambda p, plays: 0), "random"), "threads": 2},
            "threads=2: a policy written in Python runs on one thread",
        ),
        (
            {"players": (("pubeval", _PythonCube()), "random"), "threads": 2},
            "threads=2: a policy written in Python runs on one thread",
        ),
    ],
)
def test_bad_arguments_raise_invalid_input_naming_the_problem(
    kwargs: dict[str, Any], message: str
) -> None:
    args: dict[str, Any] = {"length": 3, "players": (STRONG, "random"), "matches": 2, "seed": 1}
    args.update(kwargs)
    with pytest.raises(gammon.InvalidInputError, match=message):
        gammon.simulate_match(**args)


def test_the_race_policy_is_for_backgammon_variants_and_plays_them_all() -> None:
    for variant in ("nackgammon", "hypergammon3"):
        r = gammon.simulate_match(3, players=(STRONG, STRONG), matches=20, seed=1, variant=variant)
        assert r.matches_completed == 20 and r.variant == gammon.find_variant(variant)


def test_results_print_the_estimate_and_its_error() -> None:
    r = gammon.simulate_match(3, players=(STRONG, STRONG), matches=50, seed=1)
    text = str(r)
    assert "3-point matches" in text and "pubeval+race" in text and "±" in text
    assert "matches=50" in repr(r) and "note:" not in text
    m = gammon.simulate_money(100, players=(STRONG, "random"), seed=1)
    assert "points a game" in str(m) and "games=100" in repr(m)
    assert set(m.counts) == {"first", "second"}
    assert sum(sum(d.values()) for d in m.counts.values()) == 100


def test_a_sweep_prints_the_one_sided_bound_of_the_rule_of_three_not_zero_width() -> None:
    r = gammon.simulate_match(3, players=(STRONG, "random"), matches=50, seed=1)
    assert r.wins == (50, 0) and r.std_error == 0.0
    lo, hi = r.ci95
    # The exact one-sided 95% bound on the loser's share: 1 - 0.05 ** (1 / 50), about 3/50.
    assert hi == 1.0 and lo == pytest.approx(0.05 ** (1 / 50))
    assert "wins every match: 1.0000, at least 0.9418 with 95% confidence" in str(r)
    assert "0.0000 (95%)" not in str(r) and "(>= 0.9418, 95%)" in repr(r)
    other = gammon.simulate_match(3, players=("random", STRONG), matches=50, seed=1)
    assert other.ci95 == (0.0, pytest.approx(1 - 0.05 ** (1 / 50)))
    assert "wins no match: 0.0000, at most 0.0582" in str(other)


def test_a_player_given_by_its_checker_policy_gets_its_own_cube_or_is_said_never_to_double() -> (
    None
):
    assert Player("net").cube == "net" and Player("net").name == "net+net"
    assert Player("pubeval").cube == "never" and Player("pubeval", "race").cube == "race"
    net = gammon.Net.shipped()
    assert Player(net).cube is net
    # "net" alone doubles with the net's cube decisions, as ("net", "net") does.
    alone = gammon.simulate_money(60, players=("net", "pubeval"), seed=4, threads=1)
    paired = gammon.simulate_money(60, players=(("net", "net"), "pubeval"), seed=4, threads=1)
    assert alone == paired and alone.doubles > 0
    text = str(alone)
    assert "note: pubeval+never never doubles and always takes" in text
    both = str(gammon.simulate_match(3, players=("pubeval", "random"), matches=5, seed=1))
    assert "pubeval+never and random+never never double" in both
    off = gammon.simulate_money(
        5, players=("pubeval", "random"), seed=1, cube_rules=CubeRules(enabled=False)
    )
    assert "note:" not in str(off)


# -- results: merging, pickling, equality ----------------------------------------------------


def test_ranges_merge_into_the_whole_simulation_exactly_in_any_order() -> None:
    players = (STRONG, Player("heuristic", "race"))
    whole = gammon.simulate_match(3, players=players, matches=90, seed=8, record_matches=True)
    parts = [
        gammon.simulate_match(
            3, players=players, matches=b - a, first_match=a, seed=8, record_matches=True
        )
        for a, b in ((0, 20), (50, 90), (20, 50))
    ]
    merged = parts[0].merge(parts[1]).merge(parts[2])
    assert merged == whole and merged.tally == whole.tally
    assert merged.ranges == [(0, 90)] and merged.next_match == 90
    assert merged.matches_requested == 90
    assert merged.records is not None and whole.records is not None
    for a, b in zip(merged.records, whole.records):
        np.testing.assert_array_equal(a, b)
    assert parts[1].merge(parts[0]).ranges == [(0, 20), (50, 90)]
    with pytest.raises(gammon.InvalidInputError, match=r"overlap matches 0\.\.20"):
        merged.merge(parts[0])
    other = gammon.simulate_match(3, players=players, matches=10, first_match=200, seed=9)
    with pytest.raises(gammon.InvalidInputError, match="seed=8 and seed=9"):
        merged.merge(other)
    money = gammon.simulate_money(50, players=players, seed=8)
    with pytest.raises(TypeError):
        merged.merge(money)  # type: ignore[arg-type]


def test_a_simulation_setup_is_one_value_that_names_what_differs() -> None:
    players = (STRONG, Player("heuristic", "race"))
    a = gammon.simulate_match(5, players=players, matches=3, seed=8, crawford=False).setup
    assert isinstance(a, gammon.SimulationSetup)
    assert (a.length, a.crawford, a.names, a.seed) == (
        5,
        False,
        ("pubeval+race", "heuristic+race"),
        8,
    )
    assert a.variant == gammon.Variant.BACKGAMMON and a.cube_rules == CubeRules()
    same = gammon.simulate_match(5, players=players, matches=7, seed=8, crawford=False).setup
    assert a == same and hash(a) == hash(same) and a.mismatches(same) == []
    b = gammon.simulate_match(3, players=players[::-1], matches=3, seed=9).setup
    assert a != b and {f for f, _, _ in a.mismatches(b)} >= {"length", "crawford", "seed"}
    assert ("seed", "8", "9") in a.mismatches(b)
    money = gammon.simulate_money(3, players=players, seed=8).setup
    assert money.length is None and not money.crawford and money != a
    assert "money games" in repr(money) and "seed=8" in repr(money)


def test_results_pickle_with_their_records_and_compare_by_content() -> None:
    rules = CubeRules(jacoby=True, beavers=True)
    m = gammon.simulate_match(
        5, players=(STRONG, "random"), matches=30, seed=2, record_matches=True
    )
    g = gammon.simulate_money(
        200, players=(STRONG, STRONG), seed=2, cube_rules=rules, record_games=True
    )
    for r in (m, g):
        back = pickle.loads(pickle.dumps(r))
        assert back == r and hash(back) == hash(r) and back.tally == r.tally
        assert (back.seed, back.variant, back.cube_rules, back.names) == (
            r.seed,
            r.variant,
            r.cube_rules,
            r.names,
        )
        assert back.players == r.players and str(back) == str(r)
        assert back.records is not None and r.records is not None
        for a, b in zip(back.records, r.records):
            np.testing.assert_array_equal(a, b)
    assert g.cube_rules == rules and g.records is not None
    assert list(g.records._fields) == ["winner", "kind", "points", "cube", "doubles", "plies"]
    assert m != g and m != gammon.simulate_match(5, players=(STRONG, "random"), matches=30, seed=3)
    assert gammon.simulate.MONEY_KIND_NAMES[int(g.records.kind[0])] in (
        "single",
        "gammon",
        "backgammon",
        "dropped",
    )
    assert gammon.simulate.BUILTIN_CUBE_POLICIES == ("never", "race", "net")


# -- execution options, checkpoints ----------------------------------------------------------


def test_simulations_take_the_execution_options_of_every_run_function() -> None:
    base = gammon.simulate_money(300, players=(STRONG, "random"), seed=3, threads=1)
    opts = gammon.RunOptions(threads=2, chunk_size=7)
    assert gammon.simulate_money(300, players=(STRONG, "random"), seed=3, options=opts) == base
    with pytest.raises(gammon.InvalidInputError, match=r"unknown keyword.*threds.*threads"):
        gammon.simulate_money(10, players=(STRONG, "random"), threds=2)
    stopped = gammon.simulate_money(
        10**6, players=(STRONG, STRONG), seed=3, threads=1, target_std_error=0.1
    )
    assert stopped.stop_reason == "target_std_error"
    assert 1296 <= stopped.games_completed < 10**6 and stopped.std_error <= 0.1


def test_a_simulation_continues_its_checkpoint_and_equals_the_uninterrupted_run(
    tmp_path: Path,
) -> None:
    ck = tmp_path / "sim.json"
    players = (STRONG, Player("heuristic", "race"))
    calls: list[gammon.SimulationProgress] = []

    def stop_early(p: gammon.SimulationProgress) -> None:
        calls.append(p)
        if p.done >= 100:
            raise KeyboardInterrupt

    part = gammon.simulate_match(
        3,
        players=players,
        matches=400,
        seed=5,
        threads=1,
        chunk_size=20,
        checkpoint=ck,
        callback=stop_early,
    )
    assert part.interrupted and 100 <= part.matches_completed < 400 and ck.exists()
    # seed=None takes the checkpoint's; only the matches not done are played.
    resumed = gammon.simulate_match(
        3, players=players, matches=400, threads=2, checkpoint=ck, callback=calls.append
    )
    whole = gammon.simulate_match(3, players=players, matches=400, seed=5)
    assert resumed == whole and resumed.tally == whole.tally and resumed.seed == 5
    assert resumed.stop_reason == "completed" and resumed.matches_requested == 400
    assert calls[-1].done == 400 and calls[-1].estimate == whole.win
    assert not [p for p in tmp_path.iterdir() if p.name != ck.name]


def test_a_checkpoint_of_another_simulation_or_an_edited_one_is_refused(tmp_path: Path) -> None:
    ck = tmp_path / "money.json"
    players = (STRONG, "random")
    gammon.simulate_money(300, players=players, seed=1, threads=1, checkpoint=ck)
    for kwargs, named in (
        ({"seed": 2}, "seed=1 there, seed=2 here"),
        ({"seed": 1, "players": (STRONG, "pubeval")}, "players="),
        ({"seed": 1, "cube_rules": CubeRules(jacoby=True)}, "cube_rules.jacoby=False there"),
        ({"seed": 1, "variant": "nackgammon"}, "variant="),
        ({"seed": 1, "first_game": 5}, "starts at game 0"),
        ({"seed": 1, "games": 200}, "ask for at least 300 games"),
    ):
        args: dict[str, Any] = {"games": 300, "players": players, "threads": 1}
        args.update(kwargs)
        with pytest.raises(gammon.CheckpointError, match=named):
            gammon.simulate_money(checkpoint=ck, **args)
    with pytest.raises(
        gammon.CheckpointError,
        match="written by another simulation: a money simulation, not a match simulation",
    ):
        gammon.simulate_match(3, players=players, matches=300, checkpoint=ck)
    good = ck.read_text()
    ck.write_text(good.replace('"draws": 0', '"draws": 1'))
    with pytest.raises(gammon.CheckpointError, match="integrity check"):
        gammon.simulate_money(300, players=players, checkpoint=ck)
    for bad in (b"\xff\xfe", b"[" * 5000 + b"]" * 5000, good[:-40].encode()):
        ck.write_bytes(bad)
        with pytest.raises(gammon.CheckpointError, match=r"not UTF-8|not JSON"):
            gammon.simulate_money(300, players=players, checkpoint=ck)
    with pytest.raises(gammon.InvalidInputError, match="record_games=True cannot be combined"):
        gammon.simulate_money(300, players=players, checkpoint=ck, record_games=True)
    with pytest.raises(gammon.CheckpointError, match="no directory"):
        gammon.simulate_money(300, players=players, checkpoint=tmp_path / "no" / "c.json")


def _items_in(path: Path) -> int:
    try:
        ranges = json.loads(path.read_text())["simulation"]["ranges"]
        return int(sum(b - a for a, b in ranges))
    except (OSError, ValueError, KeyError):
        return 0


def test_a_simulation_killed_twice_then_resumed_equals_the_uninterrupted_run(
    tmp_path: Path,
) -> None:
    ck = tmp_path / "sim.json"
    n = 100_000
    script = (
        "import gammon; gammon.simulate_money("
        f"{n}, players=(gammon.Player('pubeval', 'race'), 'random'), seed=6, threads=1, "
        f"chunk_size=500, checkpoint={str(ck)!r}, checkpoint_every=0.1)"
    )
    first = kill_when_it_has_progressed([sys.executable, "-c", script], ck, _items_in, n)
    second = kill_when_it_has_progressed([sys.executable, "-c", script], ck, _items_in, n)
    assert second > first
    players = (STRONG, "random")
    resumed = gammon.simulate_money(n, players=players, seed=6, checkpoint=ck)
    whole = gammon.simulate_money(n, players=players, seed=6)
    assert resumed == whole and resumed.ranges == [(0, n)]
    assert not [p for p in tmp_path.iterdir() if p.name != ck.name]


def test_simulations_on_an_executor_equal_the_direct_ones() -> None:
    players = (STRONG, Player("random", cube=PyNever()))
    direct = gammon.simulate_match(3, players=players, matches=120, seed=4, record_matches=True)
    with ThreadPoolExecutor(2) as pool:
        spread = gammon.simulate_match(
            3,
            players=players,
            matches=120,
            seed=4,
            executor=pool,
            matches_per_task=25,
            record_matches=True,
        )
    assert spread == direct and spread.ranges == [(0, 120)]
    assert spread.records is not None and direct.records is not None
    for a, b in zip(spread.records, direct.records):
        np.testing.assert_array_equal(a, b)
