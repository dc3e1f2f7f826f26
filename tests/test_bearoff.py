"""gammon.bearoff: the bear-off databases.

The shared tables of this test session live in a temporary cache directory (set by
``scripts/test.sh`` or, failing that, below before gammon is first used). The storage tests run
``gammon bearoff build`` in subprocesses with their own cache directories and a small two-sided
table, so that every check starts from a known state.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gammon
from gammon import _core
from gammon.bearoff import evaluate, one_sided


def pos(me: dict[int, int], opp: dict[int, int], **kw: Any) -> gammon.Position:
    return gammon.Position.from_checkers(me, opp, **kw)


def board_dict(b: list[int]) -> dict[int, int]:
    return {p + 1: c for p, c in enumerate(b) if c}


# -- evaluate -------------------------------------------------------------------------------


def test_off2_one_checker_each_is_exact() -> None:
    """OFF-2/OFF-3: one checker on the 6 point bears off with 27 rolls of 36."""
    e = evaluate(pos({6: 1}, {1: 1}))
    assert e.exact
    assert e.win == pytest.approx(0.75, abs=1e-4)
    assert e.equity == pytest.approx(0.5, abs=2e-4)
    assert e.lose == pytest.approx(0.25, abs=1e-4)
    assert (e.win_gammon, e.lose_gammon) == (0.0, 0.0)


def test_score_gammons_when_nothing_is_off() -> None:
    """SCORE-1: a side with all 15 checkers on the board can lose a gammon; one-sided then."""
    # Two checkers on the 1 point (13 off) against 15 checkers: the mover wins at once, and
    # the opponent has not borne a checker off: a certain gammon.
    e = evaluate(pos({1: 2}, {6: 15}))
    assert not e.exact
    assert e.win == pytest.approx(1.0)
    assert e.win_gammon == pytest.approx(1.0)
    assert e.equity == pytest.approx(2.0)
    # The other way round: the opponent, not on roll, wins with everything the mover does
    # not bear off first.
    e = evaluate(pos({6: 15}, {1: 2}))
    assert e.win == 0.0
    assert e.lose_gammon > 0.5


def test_not_a_bearoff_raises_with_the_reason() -> None:
    """OFF-1: every checker of both players must be home."""
    with pytest.raises(gammon.NotBearoffError, match="point 24"):
        evaluate(gammon.Position.start())
    with pytest.raises(gammon.NotBearoffError, match="bar"):
        evaluate(pos({6: 15}, {25: 1, 6: 14}))
    with pytest.raises(gammon.NotBearoffError, match="game is over"):
        evaluate(pos({6: 15}, {}))
    with pytest.raises(gammon.NotBearoffError, match="point 24"):
        evaluate(gammon.Position.start("long-nardy"))
    with pytest.raises(ValueError):  # NotBearoffError is an InvalidInputError
        evaluate(gammon.Position.start())
    with pytest.raises(gammon.InvalidInputError):
        evaluate("4HPwATDgc/ABMA")  # type: ignore[arg-type]


def test_probabilities_are_in_range_and_monotone_in_extra_checkers() -> None:
    """Win probabilities lie in [0, 1]; a checker more never helps its owner."""
    rng = random.Random(3)
    for _ in range(300):
        me = [0] * 6
        opp = [0] * 6
        for _ in range(rng.randint(1, 9)):
            me[rng.randrange(6)] += 1
        for _ in range(rng.randint(1, 9)):
            opp[rng.randrange(6)] += 1
        e = evaluate(pos(board_dict(me), board_dict(opp)))
        assert 0.0 <= e.win <= 1.0
        assert 0.0 <= e.win_gammon <= e.win + 1e-9
        assert 0.0 <= e.lose_gammon <= 1.0 - e.win + 1e-9
        more = list(me)
        more[rng.randrange(6)] += 1
        assert evaluate(pos(board_dict(more), board_dict(opp))).win <= e.win + 1e-4


def test_symmetric_positions() -> None:
    """The same board on both sides: the player on roll is the favourite, and both colors
    give the same value."""
    for b in ([0, 0, 0, 0, 0, 1], [2, 2, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [0, 0, 3, 0, 0, 5]):
        white = evaluate(pos(board_dict(b), board_dict(b)))
        black = evaluate(pos(board_dict(b), board_dict(b), turn="black"))
        assert white.win == black.win
        assert white.win >= 0.5


def test_one_sided_figures() -> None:
    f = one_sided([0, 0, 0, 0, 0, 1])
    assert f.mean_rolls == pytest.approx(1.25)
    assert f.all_off == pytest.approx((0.0, 0.75, 0.25))
    # From a position, for either player.
    p = pos({6: 1}, {3: 3})
    assert one_sided(p) == f
    assert one_sided(p, "black").board == (0, 0, 3, 0, 0, 0)
    assert sum(one_sided(p, gammon.Color.BLACK).all_off) == pytest.approx(1.0)
    with pytest.raises(gammon.NotBearoffError):
        one_sided(gammon.Position.start())
    with pytest.raises(gammon.InvalidInputError):
        one_sided([1, 2, 3])
    with pytest.raises(gammon.InvalidInputError):
        one_sided([15, 1, 0, 0, 0, 0])
    with pytest.raises(gammon.InvalidInputError):
        one_sided([0] * 6)


# -- perfect play and truncated rollouts ---------------------------------------------------


def test_bearoff_policy_picks_the_play_with_the_best_exact_value() -> None:
    """OFF-1..OFF-3: the ``bearoff`` policy's choice is the best play by the exact table."""
    p = pos({6: 2, 5: 1, 3: 2, 1: 1}, {4: 2, 2: 3})

    class Spy:
        def __init__(self) -> None:
            self.chosen: list[tuple[Any, Any]] = []

        def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
            # Play.after has the opponent on roll: the mover's value is minus theirs.
            values = [
                1.0 if pl.after.is_game_over() else -evaluate(pl.after).equity for pl in plays
            ]
            best = max(range(len(plays)), key=lambda i: values[i])
            self.chosen.append((position, plays[best]))
            return best

    # The built-in policy and a Python policy maximising the exact value agree game by game.
    spy = Spy()
    py = gammon.rollout(p, 200, policy=spy, seed=4, threads=1, record_games=True)
    builtin = gammon.rollout(p, 200, policy="bearoff", seed=4, threads=1, record_games=True)
    assert py.outcomes is not None and builtin.outcomes is not None
    assert (py.outcomes.points == builtin.outcomes.points).all()
    assert spy.chosen


def test_truncated_rollouts_are_unbiased_and_record_where_games_stopped() -> None:
    """A rollout settled at exact bear-off values has the mean of the one played out."""
    p = pos({6: 2, 5: 2, 4: 2, 3: 2, 2: 1, 1: 1}, {6: 1, 5: 2, 4: 2, 3: 2, 2: 2, 1: 1})
    full = gammon.rollout(p, 20_000, policy="bearoff", seed=11)
    cut = gammon.rollout(
        p, 20_000, policy="bearoff", seed=12, truncate="bearoff", record_games=True
    )
    assert full.settled == 0
    assert cut.settled == cut.games_completed  # both sides soon reach 8 checkers
    se = (full.std_error**2 + cut.std_error**2) ** 0.5
    assert abs(full.equity - cut.equity) < 4 * se
    assert cut.std_error < full.std_error
    assert cut.truncate == "bearoff" and "truncated at bearoff" in str(cut)
    assert cut.outcomes is not None
    assert set(cut.outcomes.kind.tolist()) == {7}  # "settled"
    assert cut.outcomes.plies.min() >= 1 and cut.outcomes.plies.max() <= 8
    # Within the two-sided table at once: the rollout is the table's value.
    small = pos({6: 3, 2: 2}, {5: 4, 1: 1})
    r = gammon.rollout(small, 50, policy="bearoff", seed=1, truncate="bearoff")
    assert r.equity == pytest.approx(evaluate(small).equity, abs=1e-9)
    assert r.std_error == pytest.approx(0.0, abs=1e-9)
    assert r.mean_plies == 0


def test_truncation_is_checked_and_kept_in_checkpoints() -> None:
    p = pos({6: 5}, {6: 5})
    with pytest.raises(gammon.InvalidInputError, match="truncate"):
        gammon.rollout(p, 10, truncate="gnubg")
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy"):
        evaluate(p, gammon.nardy.NardySettings())
    a = gammon.rollout(p, 100, policy="bearoff", seed=2, truncate="bearoff-one-sided")
    back = gammon.RolloutResult.from_dict(a.to_dict())
    assert back == a and back.truncate == "bearoff-one-sided"
    b = gammon.rollout(p, 100, policy="bearoff", seed=2, first_game=100)
    with pytest.raises(gammon.InvalidInputError, match="truncate="):
        a.merge(b)
    more = a.resume(100)
    assert more.truncate == "bearoff-one-sided" and more.games_completed == 200


def test_cli_truncate(capsys: pytest.CaptureFixture[str]) -> None:
    from gammon.cli import main

    pid = pos({6: 3, 5: 3}, {6: 3, 5: 3}).id
    code = main(
        [
            "rollout",
            "--position",
            pid,
            "--games",
            "2000",
            "--policy",
            "bearoff",
            "--truncate",
            "bearoff",
            "--seed",
            "1",
            "--quiet",
            "--json",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert '"truncate": "bearoff"' in out and '"settled": 2000' in out


# -- Long Nardy race endings -----------------------------------------------------------------


def ln(white: dict[int, int], black: dict[int, int], turn: str = "white") -> gammon.Position:
    return gammon.Position.from_checkers(white, black, variant="long-nardy", turn=turn)


class BestValue:
    """A Python policy that plays each race-ending roll to the best value by gammon.bearoff
    (the policy the tables assume), under the given Long Nardy settings."""

    def __init__(self, settings: gammon.nardy.NardySettings) -> None:
        self.settings = settings

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        def value(pl: gammon.Play) -> float:
            after = pl.after  # the opponent on roll
            if after.is_game_over():
                return 10.0  # finishing is best (a last roll may still draw; rare here)
            return -evaluate(after, self.settings).equity

        return max(range(len(plays)), key=lambda i: value(plays[i]))


def test_ln28_race_endings_use_the_bear_off_tables() -> None:
    """LN-28..LN-30 are OFF-1..OFF-3: a home-board race of Long Nardy has the backgammon value
    when the scoring agrees (no Mars possible, no last roll)."""
    e = evaluate(ln({6: 2, 3: 1}, {5: 2, 2: 2}))
    b = evaluate(pos({6: 2, 3: 1}, {5: 2, 2: 2}))
    assert e.exact and e.win == b.win
    assert e.equity == pytest.approx(2 * e.win - 1)
    with pytest.raises(gammon.NotBearoffError, match="point 7"):
        evaluate(ln({7: 1, 6: 2}, {5: 2}))


def test_ln33_ln37_mars_and_the_last_roll() -> None:
    """A certain Mars, and the draw of LN-37 for the player who did not start."""
    e = evaluate(ln({1: 2}, {6: 15}))
    assert (e.win, e.win_gammon, e.equity) == (pytest.approx(1.0), pytest.approx(1.0), 2.0)
    oin = evaluate(ln({1: 2}, {6: 15}), gammon.nardy.NardySettings(end_variant="oin"))
    assert oin.equity == pytest.approx(1.0)
    last = gammon.nardy.NardySettings(last_roll=True)
    e = evaluate(ln({6: 1}, {1: 1}), last)
    assert e.draw == pytest.approx(0.75) and e.lose == pytest.approx(0.25) and not e.exact
    assert e.win + e.lose + e.draw == pytest.approx(1.0)


@pytest.mark.parametrize("last_roll", [False, True])
def test_ln_race_values_against_rollouts(last_roll: bool) -> None:
    """Long Nardy race values agree with rollouts played to the end (LN-32..LN-37), and
    rollouts truncated at race endings have the same mean."""
    settings = gammon.nardy.NardySettings(last_roll=last_roll)
    p = ln({6: 2, 5: 2, 4: 1, 2: 2}, {6: 1, 5: 1, 4: 2, 3: 2, 1: 1}, turn="black")
    value = evaluate(p, settings)
    policy = BestValue(settings)
    full = gammon.rollout(p, 3000, policy=policy, seed=3, nardy=settings)
    cut = gammon.rollout(
        p, 3000, policy=policy, seed=4, nardy=settings, truncate="bearoff-one-sided"
    )
    assert cut.settled == 3000 and cut.std_error == pytest.approx(0.0, abs=1e-9)
    assert cut.equity == pytest.approx(value.equity, abs=1e-6)
    assert abs(full.equity - value.equity) < 4 * full.std_error + 0.01
    if last_roll:
        assert full.draws > 0.02
    exact = gammon.rollout(p, 3000, policy=policy, seed=5, nardy=settings, truncate="bearoff")
    se = (full.std_error**2 + exact.std_error**2) ** 0.5
    assert abs(full.equity - exact.equity) < 4 * se
    assert exact.settled == (0 if last_roll else 3000)


# -- against gnubg --------------------------------------------------------------------------

gnubg: Any = pytest.importorskip("gnubg")


def gnubg_eval(me: list[int], opp: list[int]) -> Any:
    return gnubg.evaluate([opp + [0] * 19, me + [0] * 19])


def test_two_sided_agrees_with_gnubg_on_a_sample_of_its_range() -> None:
    """gnubg's two-sided database (6 checkers a side): gammon's exact values to 2e-4.
    ``scripts/verify_bearoff.py`` checks every pair."""
    boards = [list(b) for b in itertools.product(range(7), repeat=6) if 0 < sum(b) <= 6]
    rng = random.Random(9)
    worst = 0.0
    for _ in range(20_000):
        me, opp = rng.choice(boards), rng.choice(boards)
        ours = _core._bearoff_two_sided(me, opp)
        assert ours is not None
        worst = max(worst, abs(ours - gnubg_eval(me, opp)[0]))
    assert worst < 2e-4


def test_one_sided_agrees_with_gnubg_on_a_sample() -> None:
    """Positions beyond the two-sided table, gammons included: to 1e-3."""
    rng = random.Random(5)
    checked = 0
    for _ in range(3000):
        me = [0] * 6
        opp = [0] * 6
        for _ in range(rng.randint(9, 15)):
            me[rng.randrange(6)] += 1
        for _ in range(rng.randint(1, 15)):
            opp[rng.randrange(6)] += 1
        if rng.random() < 0.5:
            me, opp = opp, me
        e = evaluate(pos(board_dict(me), board_dict(opp)))
        if e.exact:
            continue
        w, wg, _, lg, _, _ = gnubg_eval(me, opp)
        assert abs(e.win - w) < 1e-3, (me, opp)
        assert abs(e.win_gammon - wg) < 1e-3, (me, opp)
        assert abs(e.lose_gammon - lg) < 1e-3, (me, opp)
        checked += 1
    assert checked > 2000


# -- storage ----------------------------------------------------------------------------------


def build_in(cache: Path, *extra: str) -> str:
    env = dict(os.environ, GAMMON_CACHE_DIR=str(cache), GAMMON_BEAROFF_CHECKERS="4")
    out = subprocess.run(
        [sys.executable, "-m", "gammon", "bearoff", "build", *extra],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return out.stdout


def test_build_cache_corruption_and_truncation(tmp_path: Path) -> None:
    """The files are built once, loaded after, and rebuilt when corrupt or truncated."""
    out = build_in(tmp_path)
    assert "one-sided (15 checkers on 6 points)" in out and "built" in out
    two = tmp_path / "bearoff-ts-6x4-v1.bin"
    one = tmp_path / "bearoff-os-6x15-v1.bin"
    assert f"{two}, {two.stat().st_size:,} bytes" in out
    good = two.read_bytes()
    assert build_in(tmp_path).count("loaded") == 2
    # A flipped bit.
    bad = bytearray(good)
    bad[100] ^= 0x10
    two.write_bytes(bytes(bad))
    assert "rebuilt (checksum mismatch)" in build_in(tmp_path)
    assert two.read_bytes() == good
    # Truncated.
    two.write_bytes(good[:-3])
    assert "rebuilt (truncated" in build_in(tmp_path)
    assert two.read_bytes() == good
    # The one-sided file, cut to its header.
    one.write_bytes(one.read_bytes()[:40])
    assert "rebuilt (" in build_in(tmp_path)
    # Another size on demand.
    out = build_in(tmp_path, "--two-sided", "3")
    assert "two-sided (3 checkers a side)" in out
    assert (tmp_path / "bearoff-ts-6x3-v1.bin").exists()


def test_two_processes_building_at_once(tmp_path: Path) -> None:
    env = dict(os.environ, GAMMON_CACHE_DIR=str(tmp_path), GAMMON_BEAROFF_CHECKERS="4")
    cmd = [sys.executable, "-m", "gammon", "bearoff", "build"]
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    for p in procs:
        p.communicate(timeout=300)
        assert p.returncode == 0
    assert build_in(tmp_path).count("loaded") == 2
    assert sorted(f.name for f in tmp_path.iterdir()) == [
        "bearoff-os-6x15-v1.bin",
        "bearoff-ts-6x4-v1.bin",
    ]


def test_bearoff_results_are_values() -> None:
    import pickle

    e = evaluate(pos({6: 1}, {1: 1}))
    f = one_sided([0, 0, 0, 0, 0, 1])
    for value in (e, f):
        back = pickle.loads(pickle.dumps(value))
        assert back == value and repr(back) == repr(value) and hash(back) == hash(value)
    assert repr(e).startswith("BearoffEvaluation(win=0.7499") and "exact=True)" in repr(e)
    assert f.board == (0, 0, 0, 0, 0, 1) and isinstance(f.all_off, tuple)
    with pytest.raises(gammon.InvalidInputError, match="goes with a Position"):
        one_sided([0, 0, 0, 0, 0, 1], "white")
