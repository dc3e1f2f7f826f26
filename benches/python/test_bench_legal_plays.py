"""pytest-benchmark: gammon's ``Position.legal_plays`` against its peers, measured in one run.

Two workloads, each timed for three callers over the same positions and dice:

* ``conformance``: the 4,918 (position, roll) cases of tests/data/conformance
  (``backgammon-plays.jsonl``): ``gammon`` and ``gnubg_nn.moves``. OpenSpiel cannot be put
  into an arbitrary position from Python (its backgammon state has no ``set_state`` binding
  and no JSON constructor), so it is not in this group.
* ``openspiel-games``: the first decision of each turn in seeded random OpenSpiel games
  (2,000 positions with their rolls): ``gammon``, ``gnubg_nn.moves`` and OpenSpiel's
  ``legal_actions``. OpenSpiel plays a double as two actions and does not merge
  transpositions, so its call answers a different (smaller) question for doubles.

Each benchmark asserts its results before timing. Run::

    pytest benches/python --benchmark-only --benchmark-group-by=group

and read calls per second as ``extra_info['calls'] / mean``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import gnubg_nn
import pyspiel
import pytest

import gammon

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "conformance"

Board = list[list[int]]  # gnubg layout: [opponent, player on roll], 25 each (index 24 = bar)


def gnubg_ids(board: Board, hi: int, lo: int) -> set[str]:
    """gnubg's resulting positions (mover still on roll) as Position IDs."""
    keys = gnubg_nn.moves(board, hi, lo)
    boards = (gnubg_nn.board_from_position_key(k) for k in keys)
    return {gnubg_nn.position_id([list(b[0]), list(b[1])]) for b in boards}


def gammon_ids(pos: gammon.Position, dice: tuple[int, int]) -> set[str]:
    return {play.after.pass_turn().id for play in pos.legal_plays(dice)}


# ---------------------------------------------------------------------------------------
# Workload 1: the conformance cases
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def conformance() -> list[dict[str, Any]]:
    with open(DATA / "backgammon-plays.jsonl", encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    assert len(cases) == 4918
    for case in cases:
        case["position"] = gammon.Position.from_id(case["pos"])
        case["dice_t"] = (max(case["dice"]), min(case["dice"]))
    return cases


@pytest.mark.benchmark(group="conformance")
def test_gammon_legal_plays_conformance(benchmark: Any, conformance: list[dict[str, Any]]) -> None:
    work = [(c["position"], c["dice_t"]) for c in conformance]
    for c in conformance:
        assert max(len(c["position"].legal_plays(c["dice_t"])), 1) == c["n_results"]

    def run() -> int:
        return sum(len(pos.legal_plays(d)) for pos, d in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.mark.benchmark(group="conformance")
def test_gammon_legal_plays_every_play_read_conformance(
    benchmark: Any, conformance: list[dict[str, Any]]
) -> None:
    """As above, but every Play object is made and its resulting position read: the same
    amount of result as gnubg_nn.moves hands back (one key per play)."""
    work = [(c["position"], c["dice_t"]) for c in conformance]
    for c in conformance[:500]:
        found = {p.after.pass_turn().id for p in c["position"].legal_plays(c["dice_t"])}
        assert sorted(found or {c["pos"]}) == c["results"]

    def run() -> int:
        return sum(len([p.after for p in pos.legal_plays(d)]) for pos, d in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.mark.benchmark(group="conformance")
def test_gammon_legal_plays_boards_conformance(
    benchmark: Any, conformance: list[dict[str, Any]]
) -> None:
    """Every resulting position handed back at once as a numpy array (``PlayList.boards``)."""
    work = [(c["position"], c["dice_t"]) for c in conformance]
    for c in conformance[:500]:
        boards = c["position"].legal_plays(c["dice_t"]).boards()
        assert boards.shape[0] == (c["n_results"] if boards.shape[0] else 0)

    def run() -> int:
        return sum(pos.legal_plays(d).boards().shape[0] for pos, d in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.mark.benchmark(group="conformance")
def test_gnubg_nn_moves_conformance(benchmark: Any, conformance: list[dict[str, Any]]) -> None:
    work = [(c["board"], *c["dice_t"]) for c in conformance]
    for c in conformance:
        found = gnubg_ids(c["board"], *c["dice_t"]) or {c["pos"]}
        assert sorted(found) == c["results"]

    def run() -> int:
        return sum(len(gnubg_nn.moves(b, hi, lo)) for b, hi, lo in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


# ---------------------------------------------------------------------------------------
# Workload 2: positions from random OpenSpiel games
# ---------------------------------------------------------------------------------------

OPENSPIEL_POSITIONS = 2000


def openspiel_sides(state: Any) -> list[list[int]]:
    """Both players' checkers of an OpenSpiel state in gnubg's layout, indexed by player.

    OpenSpiel's ``board(player, p)`` counts player 0 (x) from its 24-point at p = 0 and
    player 1 (o) from its 1-point at p = 0; the bar is read from the state's text.
    """
    bar_line = next(line for line in str(state).splitlines() if line.startswith("Bar:"))
    sides = []
    for player in (0, 1):
        side = [0] * 25
        for p in range(24):
            own = 24 - p if player == 0 else p + 1
            side[own - 1] = state.board(player, p)
        side[24] = bar_line.count("x" if player == 0 else "o")
        sides.append(side)
    return sides


def openspiel_dice(state: Any) -> tuple[int, int]:
    dice_line = next(line for line in str(state).splitlines() if line.startswith("Dice:"))
    digits = [int(ch) for ch in dice_line.split(":")[1].strip()]
    return max(digits[:2]), min(digits[:2])


def openspiel_id(state: Any, mover: int) -> str:
    """The Position ID of an OpenSpiel state with ``mover`` on roll."""
    sides = openspiel_sides(state)
    return str(gnubg_nn.position_id([sides[1 - mover], sides[mover]]))


def openspiel_results(state: Any, mover: int) -> set[str]:
    """The positions at the end of the mover's turn (a double is two OpenSpiel actions)."""
    out = set()
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal() or child.is_chance_node() or child.current_player() != mover:
            out.add(openspiel_id(child, mover))
        else:
            out |= openspiel_results(child, mover)
    return out


@pytest.fixture(scope="module")
def openspiel_cases() -> list[tuple[Any, Board, gammon.Position, tuple[int, int]]]:
    game = pyspiel.load_game("backgammon")
    rng = random.Random(7)
    out: list[tuple[Any, Board, gammon.Position, tuple[int, int]]] = []
    while len(out) < OPENSPIEL_POSITIONS:
        state = game.new_initial_state()
        rolled = False
        while not state.is_terminal() and len(out) < OPENSPIEL_POSITIONS:
            if state.is_chance_node():
                actions, _ = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(actions))
                rolled = True
                continue
            if rolled:
                mover = state.current_player()
                sides = openspiel_sides(state)
                board = [sides[1 - mover], sides[mover]]
                pos = gammon.Position.from_id(gnubg_nn.position_id(board))
                out.append((state.clone(), board, pos, openspiel_dice(state)))
                rolled = False
            state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.benchmark(group="openspiel-games")
def test_gammon_legal_plays_openspiel_games(benchmark: Any, openspiel_cases: list[Any]) -> None:
    work = [(pos, dice) for _, _, pos, dice in openspiel_cases]
    for _, board, pos, dice in openspiel_cases:
        assert gammon_ids(pos, dice) == gnubg_ids(board, *dice)

    def run() -> int:
        return sum(len(pos.legal_plays(d)) for pos, d in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.mark.benchmark(group="openspiel-games")
def test_gnubg_nn_moves_openspiel_games(benchmark: Any, openspiel_cases: list[Any]) -> None:
    work = [(board, *dice) for _, board, _, dice in openspiel_cases]

    def run() -> int:
        return sum(len(gnubg_nn.moves(b, hi, lo)) for b, hi, lo in work)

    benchmark.extra_info["calls"] = len(work)
    benchmark(run)


@pytest.mark.benchmark(group="openspiel-games")
def test_openspiel_legal_actions_openspiel_games(
    benchmark: Any, openspiel_cases: list[Any]
) -> None:
    states = [state for state, _, _, _ in openspiel_cases]
    # The positions OpenSpiel's actions lead to (both halves of a double) are ours.
    for state, _, pos, dice in openspiel_cases[:500]:
        ours = gammon_ids(pos, dice) or {pos.id}
        assert openspiel_results(state, state.current_player()) == ours, pos.id

    def run() -> int:
        return sum(len(s.legal_actions()) for s in states)

    benchmark.extra_info["calls"] = len(states)
    benchmark(run)
