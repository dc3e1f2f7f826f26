"""gammon.batch: numpy batches agree with the one-position API, row by row, for every variant."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import numpy as np
import pytest

import gammon
from gammon import batch
from gammon.errors import InvalidDiceError, InvalidInputError, InvalidPositionError

VARIANTS = ["backgammon", "nackgammon", "hypergammon-3", "long-nardy"]


def _random_positions(variant: str, n: int, seed: int) -> list[gammon.Position]:
    """Positions reached by random play from the start (a mix of contact, race, bear-off)."""
    rng = random.Random(seed)
    out: list[gammon.Position] = []
    while len(out) < n:
        pos = gammon.Position.start(variant)
        for _ in range(rng.randrange(0, 120)):
            if pos.is_game_over():
                break
            plays = pos.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
            pos = plays[rng.randrange(len(plays))].after if len(plays) else pos.pass_turn()
        out.append(pos)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_plays_match_playlist_move9(variant: str) -> None:
    """MOVE-9: the batch rows are PlayList.boards() rows, pair by pair, in the same order."""
    positions = _random_positions(variant, 60, 1)
    rng = np.random.default_rng(2)
    dice = rng.integers(1, 7, size=(len(positions), 2))
    res = batch.legal_plays(batch.boards(positions), dice, variant=variant, moves=True)
    assert res.offsets.shape == (len(positions) + 1,)
    assert res.moves is not None and res.moves.shape == (len(res.boards), 4, 2)
    for i, pos in enumerate(positions):
        plays = pos.legal_plays(tuple(int(x) for x in dice[i]))
        rows = res.boards[res.offsets[i] : res.offsets[i + 1]]
        if len(plays) == 0:
            assert len(rows) == 0
            continue
        np.testing.assert_array_equal(rows, plays.boards())
        for j, play in enumerate(plays):
            got = [tuple(m) for m in res.moves[res.offsets[i] + j] if m[0] >= 0]
            assert got == [(m.from_point, m.to_point) for m in play.moves]


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_trips_ids_positions(variant: str) -> None:
    positions = _random_positions(variant, 40, 3)
    boards = batch.boards(positions)
    np.testing.assert_array_equal(boards, np.stack([p.board() for p in positions]))
    ids = batch.to_ids(boards, variant=variant)
    assert ids == [p.id for p in positions]
    np.testing.assert_array_equal(batch.from_ids(ids, variant=variant), boards)
    back = batch.positions(boards, variant=variant)
    assert [p.id for p in back] == ids


@pytest.mark.parametrize("variant", VARIANTS)
def test_stats_match_positions(variant: str) -> None:
    """BG-8 pip counts, borne-off counts and SCORE-1 / LN-33 outcomes, owner first."""
    positions = _random_positions(variant, 80, 4)
    boards = batch.boards(positions)
    pips = batch.pip_counts(boards, variant=variant)
    off = batch.checkers_off(boards, variant=variant)
    out = batch.outcomes(boards, variant=variant)
    for i, p in enumerate(positions):
        # A board row has no colours: its pairs are (owner, opponent), the owner being the
        # player on roll; Position's pairs are (white, black).
        white_first = p.turn == gammon.Color.WHITE
        assert tuple(pips[i]) == (p.pip_count() if white_first else p.pip_count()[::-1])
        assert tuple(off[i]) == (p.checkers_off() if white_first else p.checkers_off()[::-1])
        o = p.outcome()
        if o is None:
            assert out[i] == 0
        else:
            sign = 1 if o.winner == p.turn else -1
            assert out[i] == sign * o.points
    np.testing.assert_array_equal(batch.game_over(boards, variant=variant), out != 0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_flip_is_the_opponents_board(variant: str) -> None:
    """After a play the mover's rows flipped are the opponent's Position.board()."""
    positions = _random_positions(variant, 30, 5)
    for p in positions:
        plays = p.legal_plays((5, 2))
        if len(plays) == 0:
            continue
        flipped = batch.flip(plays.boards(), variant=variant)
        np.testing.assert_array_equal(flipped, np.stack([x.after.board() for x in plays]))
        np.testing.assert_array_equal(batch.flip(flipped, variant=variant), plays.boards())


def test_encodings_shapes_and_units() -> None:
    positions = _random_positions("backgammon", 50, 6)
    boards = batch.boards(positions)
    td = batch.encode(boards, "tdgammon")
    assert td.shape == (50, 198) and td.dtype == np.float32
    # Tesauro's turn units: the owner is on roll.
    assert (td[:, 98] == 1).all() and (td[:, 197] == 0).all()
    # Checker units add up: per side, n>=1 + n>=2 + n>=3 + (n-3)/2 ... at least on-board count.
    contact = batch.encode(boards, "contact", on_roll=False)
    assert contact.shape == (50, 220) and (contact[:, 219] == 1).all()
    nardy = batch.encode(batch.boards(_random_positions("long-nardy", 10, 7)), "nardy")
    assert nardy.shape == (10, 202)
    assert batch.ENCODING_UNITS == {
        "tdgammon": 198,
        "contact": 220,
        "contact-plus": 224,
        "contact-ext": 230,
        "contact-shape": 244,
        "nardy": 202,
    }


def test_tdgammon_start_units_bg7() -> None:
    """BG-7: at the start each side has 2 on 24, 5 on 13, 3 on 8, 5 on 6."""
    td = batch.encode([gammon.Position.start()], "tdgammon")[0]
    for s in (0, 99):
        assert list(td[s + 92 : s + 96]) == [1, 1, 0, 0]
        assert list(td[s + 48 : s + 52]) == [1, 1, 1, 1]
        assert list(td[s + 20 : s + 24]) == [1, 1, 1, 1.0]


def test_bad_input_raises_named_errors() -> None:
    start = batch.boards([gammon.Position.start()])
    bad = start.copy()
    bad[0, 6] = 9  # 19 checkers
    with pytest.raises(InvalidPositionError, match="row 0"):
        batch.legal_plays(bad, [[3, 1]])
    with pytest.raises(InvalidDiceError):
        batch.legal_plays(start, [[7, 1]])
    with pytest.raises(InvalidDiceError):
        batch.legal_plays(start, [[3, 1], [2, 2]])
    with pytest.raises(InvalidInputError, match=r"\(N, 26\)"):
        batch.legal_plays(np.zeros((2, 25), dtype=np.int8), [[3, 1], [2, 2]])
    with pytest.raises(InvalidInputError, match="encoding"):
        batch.encode(start, "nope")
    with pytest.raises(InvalidInputError, match="not defined"):
        batch.encode(start, "nardy", variant="backgammon")
    with pytest.raises(gammon.errors.ParseError):
        batch.from_ids(["4HPwATDgc/ABMA", "!!"])
    # An empty batch is fine.
    res = batch.legal_plays(np.zeros((0, 26), dtype=np.int8), np.zeros((0, 2), dtype=np.int8))
    assert res.boards.shape == (0, 26) and res.offsets.tolist() == [0]


@pytest.mark.parametrize("variant", ["backgammon", "long-nardy"])
def test_trajectories_replay_and_chunking(variant: str) -> None:
    """Every recorded ply is legal (MOVE-9), chunks concatenate, results follow SCORE-1/LN-33."""
    policy = "random" if variant == "long-nardy" else "heuristic"
    one = list(batch.trajectories(6, variant=variant, policy=policy, seed=3, chunk_games=6))
    many = list(batch.trajectories(6, variant=variant, policy=policy, seed=3, chunk_games=4))
    assert len(one) == 1 and len(many) == 2
    t = one[0]
    np.testing.assert_array_equal(t.board, np.concatenate([c.board for c in many]))
    np.testing.assert_array_equal(t.result, np.concatenate([c.result for c in many]))
    # Replay: each ply's after-board is the chosen row of the batch legal plays.
    res = batch.legal_plays(t.board, t.dice, variant=variant)
    counts = np.diff(res.offsets)
    np.testing.assert_array_equal(counts, t.choices)
    for k in range(len(t.game)):
        if t.choices[k] == 0:
            np.testing.assert_array_equal(t.after[k], t.board[k])
        else:
            np.testing.assert_array_equal(t.after[k], res.boards[res.offsets[k] + t.chosen[k]])
        last = k + 1 == len(t.game) or t.game[k + 1] != t.game[k]
        if last:
            assert t.result[k] > 0  # the last mover has borne off and won
            assert batch.outcomes(t.after[k : k + 1], variant=variant)[0] == t.result[k]
        else:
            # The next ply's board is this ply's result turned over.
            np.testing.assert_array_equal(
                t.board[k + 1], batch.flip(t.after[k : k + 1], variant=variant)[0]
            )
    assert len(t.game_points) == 6 and set(np.abs(t.game_points)) <= {1, 2, 3}


def _check_replay(t: batch.Trajectories, variant: str, score: Callable[..., np.ndarray]) -> None:
    """Every ply of ``t`` is legal (MOVE-9), chosen as ``score`` ranks the candidates (the first
    of equal scores), each game goes on from the last ply turned over, and the results follow
    SCORE-1 / LN-33."""
    enc = "nardy" if variant == "long-nardy" else "tdgammon"
    res = batch.legal_plays(t.board, t.dice, variant=variant)
    np.testing.assert_array_equal(np.diff(res.offsets), t.choices)
    scores = np.asarray(score(batch.encode(res.boards, enc, variant=variant, on_roll=False)))
    for k in range(len(t.game)):
        a, b = res.offsets[k], res.offsets[k + 1]
        if b == a:
            np.testing.assert_array_equal(t.after[k], t.board[k])
        else:
            assert t.chosen[k] == int(np.argmax(scores[a:b])), k
            np.testing.assert_array_equal(t.after[k], res.boards[a + t.chosen[k]])
        last = k + 1 == len(t.game) or t.game[k + 1] != t.game[k]
        if last:
            assert (
                t.result[k] > 0
                and batch.outcomes(t.after[k : k + 1], variant=variant)[0] == (t.result[k])
            )
        else:
            assert t.ply[k + 1] == t.ply[k] + 1 and t.turn[k + 1] != t.turn[k]
            np.testing.assert_array_equal(
                t.board[k + 1], batch.flip(t.after[k : k + 1], variant=variant)[0]
            )
            assert abs(t.result[k + 1]) == abs(t.result[k])
    starts = np.flatnonzero(t.ply == 0)
    assert len(starts) == len(t.game_points) and (t.game[starts] == np.unique(t.game)).all()
    if variant != "long-nardy":  # BG-10: the opening roll is not a double
        assert (t.dice[starts, 0] != t.dice[starts, 1]).all()


@pytest.mark.parametrize("variant", ["backgammon", "hypergammon-3", "long-nardy"])
def test_trajectories_of_your_own_evaluator(variant: str) -> None:
    """A batched evaluator plays both sides of trajectories: chunks concatenate to the same
    games whatever the chunk size and lockstep, and they are play_games' games, plies and all."""
    units = batch.ENCODING_UNITS["nardy" if variant == "long-nardy" else "tdgammon"]
    net = _mlp(units, seed=7)
    mine = batch.Evaluator(net)
    one = list(batch.trajectories(7, variant=variant, policy=mine, seed=5, chunk_games=7))
    many = list(
        batch.trajectories(7, variant=variant, policy=net, seed=5, chunk_games=3, lockstep=2)
    )
    assert len(one) == 1 and len(many) == 3
    t = one[0]
    for field in batch.Trajectories._fields:
        np.testing.assert_array_equal(
            getattr(t, field), np.concatenate([getattr(c, field) for c in many]), err_msg=field
        )
    _check_replay(t, variant, net)
    played = batch.play_games(net, 7, variant=variant, seed=5, record=True)
    assert played.trajectories is not None
    for field in batch.Trajectories._fields:
        np.testing.assert_array_equal(getattr(played.trajectories, field), getattr(t, field))
    np.testing.assert_array_equal(played.points, t.game_points)
    np.testing.assert_array_equal(played.plies, np.bincount(t.game.astype(np.int64), minlength=7))
    # Without record=True nothing is kept, and the games are the same.
    plain = batch.play_games(net, 7, variant=variant, seed=5)
    assert plain.trajectories is None
    np.testing.assert_array_equal(plain.points, played.points)


def test_recorded_games_with_a_cube_keep_the_checker_plies_cube6() -> None:
    """With a cube evaluator, a dropped double ends the game (CUBE-6): its plies end early and
    its result is the single point the doubler wins."""
    net = _mlp(198, seed=2)
    drop = batch.play_games(net, 6, seed=3, cube=_flags(True, False), record=True)
    t = drop.trajectories
    assert t is not None and set(drop.points.tolist()) <= {-1, 1}
    np.testing.assert_array_equal(t.game_points, drop.points)
    assert set(np.abs(t.result).tolist()) == {1}
    # CUBE-2: the games end on the second turn's double, after the opening ply alone.
    assert drop.plies.tolist() == [1] * 6 and t.ply.tolist() == [0] * 6
    np.testing.assert_array_equal(t.result, t.game_points * np.where(t.turn == 0, 1, -1))


def test_an_evaluator_names_a_bad_encoding_and_refuses_a_choose_policy() -> None:
    with pytest.raises(InvalidInputError, match="unknown encoding"):
        batch.Evaluator(lambda x: x[:, 0], encoding="nope")
    with pytest.raises(InvalidInputError, match="callable"):
        batch.Evaluator(42)  # type: ignore[arg-type]

    class Chooser:
        def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
            return 0

        def __call__(self, rows: np.ndarray) -> np.ndarray:
            return rows[:, 0]

    with pytest.raises(InvalidInputError, match="one position at a time"):
        next(batch.trajectories(1, policy=Chooser()))
    contact = batch.Evaluator(lambda x: x[:, 0], encoding="contact")
    assert batch.play_games(contact, 2, seed=1).points.shape == (2,)


def test_trajectories_reject_policy_for_nardy() -> None:
    with pytest.raises(InvalidInputError):
        next(batch.trajectories(1, variant="long-nardy", policy="pubeval"))


def test_trajectories_of_the_long_nardy_heuristic() -> None:
    t = next(batch.trajectories(2, variant="long-nardy", policy="heuristic", seed=3))
    assert len(t.game_points) == 2 and set(np.abs(t.game_points)) <= {1, 2, 3}


def _mlp(units: int, seed: int = 0) -> Callable[[np.ndarray], np.ndarray]:
    """A fixed small numpy MLP (units -> 32 -> 1), a stand-in for a trained network."""
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0, 0.3, (units, 32)).astype(np.float32)
    w2 = rng.normal(0, 0.3, 32).astype(np.float32)
    return lambda x: np.tanh(x @ w1) @ w2


@pytest.mark.parametrize("variant", ["backgammon", "long-nardy"])
def test_play_games_reproducible_whatever_the_lockstep(variant: str) -> None:
    """Game i depends only on (seed, i) and the evaluator's answers, not on the lockstep."""
    units = batch.ENCODING_UNITS["nardy" if variant == "long-nardy" else "tdgammon"]
    net = _mlp(units)
    a = batch.play_games(net, 12, variant=variant, seed=4, lockstep=12)
    b = batch.play_games(net, 12, variant=variant, seed=4, lockstep=5)
    np.testing.assert_array_equal(a.points, b.points)
    np.testing.assert_array_equal(a.plies, b.plies)
    # SCORE-1 / LN-33: every game ends with 1, 2 or 3 points (Long Nardy: 1 or 2).
    assert set(np.abs(a.points).tolist()) <= {1, 2, 3}
    assert a.calls > 0 and a.rows >= a.calls and a.evaluator_seconds >= 0
    # A range of games is the same games wherever it starts.
    tail = batch.play_games(net, 4, variant=variant, seed=4, first=8, lockstep=3)
    np.testing.assert_array_equal(tail.points, a.points[8:])


def test_play_games_evaluator_errors_reach_the_caller() -> None:
    """A wrong number of scores is a named error; the evaluator's own exception propagates."""
    with pytest.raises(InvalidInputError, match=r"evaluator returned \d+ values for"):
        batch.play_games(lambda x: np.zeros(len(x) + 1), 2)
    with pytest.raises(ZeroDivisionError):
        batch.play_games(lambda x: 1 / 0, 2)
    with pytest.raises(InvalidInputError):
        batch.play_games(lambda x: x[:, 0], 2, encoding="nardy")


def test_play_games_scores_choose_the_play() -> None:
    """The evaluator's scores pick the play: preferring the owner's borne-off checkers (TD unit
    97) ends games sooner than preferring to keep them on the board (BG-8 race to bear off)."""
    eager = batch.play_games(lambda x: x[:, 97], 60, seed=2)
    reluctant = batch.play_games(lambda x: -x[:, 97] - x[:, 96], 60, seed=2)
    assert eager.plies.mean() < reluctant.plies.mean()


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_plays_into_a_buffer_match_fresh_arrays_move9(variant: str) -> None:
    """MOVE-9 through a reused LegalPlaysBuffer: the same rows, offsets and moves as a fresh
    call, whether the buffer starts empty, too small (it grows) or large enough."""
    positions = _random_positions(variant, 40, 7)
    rng = np.random.default_rng(8)
    boards = batch.boards(positions)
    buf = batch.LegalPlaysBuffer(rows=5, pairs=3)
    for k in range(3):
        dice = rng.integers(1, 7, size=(len(positions), 2))
        fresh = batch.legal_plays(boards, dice, variant=variant, moves=True)
        mine = batch.legal_plays(boards, dice, variant=variant, moves=bool(k != 1), out=buf)
        assert np.array_equal(mine.boards, fresh.boards)
        assert np.array_equal(mine.offsets, fresh.offsets)
        if k != 1:
            assert mine.moves is not None and np.array_equal(mine.moves, fresh.moves)
        else:
            assert mine.moves is None
        assert buf.capacity >= len(fresh.boards)
    # A smaller batch afterwards reuses the memory: the result views the buffer.
    small = batch.legal_plays(boards[:2], np.array([[3, 1], [6, 5]]), variant=variant, out=buf)
    assert np.shares_memory(small.boards, mine.boards) or len(small.boards) == 0
    assert len(small.offsets) == 3
    # A buffer pickles as an empty one of the same size (its contents are scratch).
    again = pickle.loads(pickle.dumps(buf))
    assert isinstance(again, batch.LegalPlaysBuffer) and again.capacity == buf.capacity


def test_legal_plays_buffer_bad_input_is_named() -> None:
    start = batch.boards([gammon.Position.start()])
    with pytest.raises(InvalidInputError, match="LegalPlaysBuffer"):
        batch.legal_plays(start, np.array([[3, 1]]), out=np.zeros((10, 26), np.int8))  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="non-negative"):
        batch.LegalPlaysBuffer(rows=-1)
    with pytest.raises(InvalidInputError, match="LegalPlaysBuffer"):
        batch.legal_plays(start, np.array([[3, 1]]), out="buffer")  # type: ignore[arg-type]
    bad = start.copy()
    bad[0, 1] = 9  # 17 checkers for the owner (BG-6)
    with pytest.raises(InvalidPositionError, match="row 1"):
        batch.legal_plays(
            np.r_[start, bad], np.array([[3, 1], [2, 2]]), out=batch.LegalPlaysBuffer()
        )
    with pytest.raises(InvalidDiceError):
        batch.legal_plays(start, np.array([[0, 1]]), out=batch.LegalPlaysBuffer())


@pytest.mark.parametrize(
    "encoding", ["tdgammon", "contact", "contact-plus", "contact-ext", "contact-shape"]
)
def test_encode_into_out_matches_a_fresh_array(encoding: str) -> None:
    positions = _random_positions("backgammon", 30, 9)
    boards = batch.boards(positions)
    fresh = batch.encode(boards, encoding, on_roll=False)
    out = np.full(fresh.shape, np.nan, dtype=np.float32)
    got = batch.encode(boards, encoding, on_roll=False, out=out)
    assert got is out and np.array_equal(out, fresh)


def test_encode_into_out_refuses_a_wrong_array() -> None:
    boards = batch.boards([gammon.Position.start()])
    with pytest.raises(InvalidInputError, match="shape"):
        batch.encode(boards, out=np.zeros((1, 197), np.float32))
    with pytest.raises(InvalidInputError, match="float32"):
        batch.encode(boards, out=np.zeros((1, 198), np.float64))
    with pytest.raises(InvalidInputError, match="C-contiguous"):
        batch.encode(boards, out=np.zeros((1, 396), np.float32)[:, ::2])
    with pytest.raises(InvalidInputError, match="encoding"):
        batch.encode(boards, "nardy", variant="backgammon", out=np.zeros((1, 202), np.float32))


def _flags(double: bool, take: bool) -> Callable[[np.ndarray], np.ndarray]:
    return lambda x: np.tile(np.array([double, take]), (len(x), 1))


def test_play_games_cube_never_doubling_changes_nothing_cube3() -> None:
    """CUBE-3: the cube is asked before each roll from the second turn on; a cube evaluator
    that never doubles leaves every game as it was (cube decisions use no dice)."""
    net = _mlp(198)
    plain = batch.play_games(net, 10, seed=6, lockstep=4)
    asked = batch.play_games(net, 10, seed=6, lockstep=4, cube=_flags(False, False))
    np.testing.assert_array_equal(plain.points, asked.points)
    np.testing.assert_array_equal(plain.plies, asked.plies)
    assert (asked.cube == 1).all() and (plain.cube == 1).all()
    # Every turn but the opening one asks: plies - 1 questions a game.
    assert asked.cube_rows == int((asked.plies - 1).sum()) and plain.cube_rows == 0


def test_play_games_cube_take_doubles_and_passes_ownership_cube5_cube7_cube10() -> None:
    """CUBE-5/7/10: always doubling and taking turns the cube 2, 4, 8 with the owner
    alternating, then stops at max_cube; the money result is points * cube (CUBE-8)."""
    done = batch.play_games(_mlp(198), 8, seed=3, cube=_flags(True, True), max_cube=8)
    assert (done.cube == 8).all()
    assert done.cube_rows == 3 * 8
    assert set(np.abs(done.points).tolist()) <= {1, 2, 3}


def test_play_games_cube_drop_ends_the_game_cube6() -> None:
    """CUBE-6: a dropped double ends the game at once, the doubler (Black, on roll on the
    second turn) winning the cube value before the double."""
    done = batch.play_games(_mlp(198), 6, seed=3, cube=_flags(True, False))
    assert (done.points == -1).all() and (done.cube == 1).all() and (done.plies == 1).all()


def test_play_games_cube_rows_are_owned_by_the_player_on_roll_cube3() -> None:
    """CUBE-3: the cube rows are the boards of the player on roll, before rolling
    (TD-Gammon unit 98 = the owner is on roll, 197 = the opponent is not)."""
    seen: list[np.ndarray] = []

    def cube(x: np.ndarray) -> np.ndarray:
        seen.append(x[:, [98, 197]].copy())
        return np.zeros((len(x), 2), bool)

    batch.play_games(_mlp(198), 3, seed=1, cube=cube)
    units = np.concatenate(seen)
    assert len(units) > 0 and (units[:, 0] == 1).all() and (units[:, 1] == 0).all()


def test_play_games_cube_reproducible_whatever_the_lockstep() -> None:
    """Game i depends on (seed, i) and the answers only, cube decisions included."""
    net = _mlp(198, seed=2)

    def cube(x: np.ndarray) -> np.ndarray:
        # Answers that depend on the row only (a stand-in for a model's decisions).
        v = np.round(x.sum(axis=1) * 2).astype(np.int64)
        return np.stack([v % 3 == 0, v % 5 != 0], axis=1)

    a = batch.play_games(net, 12, seed=9, lockstep=12, cube=cube)
    b = batch.play_games(net, 12, seed=9, lockstep=5, cube=cube)
    np.testing.assert_array_equal(a.points, b.points)
    np.testing.assert_array_equal(a.cube, b.cube)
    np.testing.assert_array_equal(a.plies, b.plies)
    assert a.cube.max() > 1 and (a.plies > 1).any()


def test_play_games_cube_bad_input_is_named() -> None:
    with pytest.raises(InvalidInputError, match="no doubling cube"):
        batch.play_games(lambda x: x[:, 0], 2, variant="long-nardy", cube=_flags(False, False))
    with pytest.raises(InvalidInputError, match="double, take"):
        batch.play_games(lambda x: x[:, 0], 2, cube=lambda x: np.zeros(len(x)))
    with pytest.raises(InvalidInputError, match="CUBE-10"):
        batch.play_games(lambda x: x[:, 0], 2, cube=_flags(True, True), max_cube=3)


@pytest.mark.parametrize("variant", ["backgammon", "hypergammon-3"])
def test_fast_row_check_agrees_with_full_validation_bg6(variant: str) -> None:
    """BG-6: legal_plays(out=) and encode check backgammon rows directly; they accept and
    refuse exactly the rows that validate() (the full Setup check) accepts and refuses."""
    rng = np.random.default_rng(11)
    good = batch.boards(_random_positions(variant, 30, 12))
    rows = [np.zeros(26, np.int8)]  # both sides borne off
    for _ in range(300):
        row = good[rng.integers(len(good))].copy()
        for _ in range(rng.integers(1, 3)):
            row[rng.integers(26)] += rng.integers(-2, 3)
        rows.append(row)
    buf = batch.LegalPlaysBuffer()
    accepted = 0
    for row in rows:
        one = row[None, :]
        try:
            batch.validate(one, variant=variant)
        except InvalidPositionError:
            with pytest.raises(InvalidPositionError):
                batch.legal_plays(one, np.array([[3, 1]]), variant=variant, out=buf)
            with pytest.raises(InvalidPositionError):
                batch.encode(one, variant=variant)
            continue
        accepted += 1
        fresh = batch.legal_plays(one, np.array([[3, 1]]), variant=variant)
        mine = batch.legal_plays(one, np.array([[3, 1]]), variant=variant, out=buf)
        assert np.array_equal(fresh.boards, mine.boards)
        batch.encode(one, variant=variant)
    assert 20 < accepted < len(rows) - 20


def test_ragged_arrays_are_named_errors() -> None:
    """Arrays numpy cannot shape (found by the batch fuzz target) raise gammon errors."""
    start = batch.boards([gammon.Position.start()])
    with pytest.raises(InvalidDiceError, match="dice must be"):
        batch.legal_plays(start, [None, []])
    with pytest.raises(InvalidInputError, match="boards must be"):
        batch.legal_plays([[1, 2], [3]], [[3, 1]])


def test_flip_refuses_a_count_it_cannot_negate() -> None:
    """-128 has no int8 negative: flip validates its rows and names the bad one (BG-6)."""
    boards = np.repeat(batch.boards([gammon.Position.start()]), 3, axis=0)
    boards[2, 7] = -128
    with pytest.raises(InvalidPositionError, match="row 2"):
        batch.flip(boards)
    nardy = np.repeat(batch.boards([gammon.Position.start("long-nardy")]), 2, axis=0)
    nardy[1, 5] = -128
    with pytest.raises(InvalidPositionError, match="row 1"):
        batch.flip(nardy, variant="long-nardy")


def test_encode_into_a_read_only_array_is_a_named_error() -> None:
    boards = batch.boards([gammon.Position.start()])
    out = np.zeros((1, 198), np.float32)
    out.flags.writeable = False
    with pytest.raises(InvalidInputError, match="writeable"):
        batch.encode(boards, out=out)


def test_a_legal_plays_buffer_shared_by_threads_is_a_named_error() -> None:
    """Two threads using one buffer at once get a gammon error saying one buffer per thread;
    every call that goes through returns the plays of its own boards."""
    import threading

    positions = _random_positions("backgammon", 400, 12)
    boards = batch.boards(positions)
    rng = np.random.default_rng(3)
    dice = rng.integers(1, 7, size=(len(boards), 2))
    expected = batch.legal_plays(boards, dice).offsets.copy()
    buf = batch.LegalPlaysBuffer()
    errors: list[BaseException] = []
    done: list[bool] = []
    start = threading.Barrier(2)

    def work() -> None:
        start.wait()
        for _ in range(40):
            try:
                got = batch.legal_plays(boards, dice, out=buf)
                done.append(len(got.offsets) == len(expected))
            except Exception as e:
                errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(done)
    for e in errors:
        assert isinstance(e, InvalidInputError), repr(e)
        assert "one buffer per thread" in str(e)
    # Used from one thread at a time, the buffer serves every thread.
    got = batch.legal_plays(boards, dice, out=buf)
    np.testing.assert_array_equal(got.offsets, expected)


_W = np.random.default_rng(4).normal(0, 0.3, 198).astype(np.float32)


def _linear(rows: np.ndarray) -> np.ndarray:
    """A fixed linear evaluator of TD-Gammon rows, defined at the top level (it pickles)."""
    return rows @ _W


def test_recorded_games_on_an_executor_are_the_single_calls() -> None:
    from concurrent.futures import ThreadPoolExecutor

    net = _linear
    whole = batch.play_games(net, 7, seed=6, record=True)
    with ThreadPoolExecutor(2) as pool:
        split = batch.play_games(net, 7, seed=6, record=True, executor=pool, games_per_task=3)
    assert whole.trajectories is not None and split.trajectories is not None
    for field in batch.Trajectories._fields:
        np.testing.assert_array_equal(
            getattr(split.trajectories, field), getattr(whole.trajectories, field)
        )
