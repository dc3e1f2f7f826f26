"""Rollouts of many positions on common dice and the ranking of the plays of a roll:
game i of every position gets the same dice, so the differences between positions have
standard errors from the paired games, much smaller than each position's own where the games
stay alike."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import gammon
from gammon.cli import main
from gammon.nardy import NardySettings
from support import integrity_check, kill_when_it_has_progressed

START = gammon.Position.start()
# A race: two plays of 64 lead to games that stay alike, so the luck they share cancels.
RACE = gammon.Position.from_checkers(
    {6: 3, 5: 3, 3: 4, 8: 2, 9: 3}, {6: 4, 5: 4, 4: 3, 10: 2, 11: 2}
)


class _FirstRolls:
    """A policy that notes the roll of its first decision in each game from ``start``."""

    def __init__(self, start: gammon.Position) -> None:
        self.start = start
        self.rolls: list[tuple[int, int]] = []

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        if position == self.start:
            self.rolls.append(plays.dice)
        return 0


def test_game_i_of_every_position_gets_the_same_dice() -> None:
    plays = START.legal_plays((3, 1))
    a, b = _FirstRolls(plays[0].after), _FirstRolls(plays[1].after)
    for rec in (a, b):
        gammon.rollout_many([rec.start], games=40, seed=12, policy=rec, quasi_random=False)
    assert len(a.rolls) == len(b.rolls) == 40
    assert a.rolls == b.rolls
    c = _FirstRolls(plays[0].after)
    gammon.rollout_many([c.start], games=40, seed=13, policy=c, quasi_random=False)
    assert c.rolls != a.rolls  # another seed, other dice
    # rollout_many's positions use the same dice as a rollout of the same seed.
    d = _FirstRolls(plays[1].after)
    gammon.rollout(d.start, games=40, seed=12, policy=d, quasi_random=False, threads=1)
    assert d.rolls == a.rolls


def test_differences_on_common_dice_have_smaller_errors_than_on_independent_dice() -> None:
    plays = RACE.legal_plays((6, 4))
    positions = [plays[0].after, plays[1].after, plays[2].after]
    common = gammon.rollout_many(positions, games=4000, seed=5, block_games=1500, policy="pubeval")
    apart = gammon.rollout_many(positions, games=4000, seed=5, common_dice=False, policy="pubeval")
    for i, r in enumerate(common.results):
        assert r == gammon.rollout(positions[i], games=4000, seed=5, policy="pubeval")
        assert r.games_requested == 4000
    d, se = common.difference(0, 1)
    assert d == common.results[0].equity - common.results[1].equity
    _, se_apart = apart.difference(0, 1)
    assert se < 0.5 * se_apart
    assert common.difference(1, 1) == (0.0, 0.0)
    assert np.allclose(common.differences, -common.differences.T)
    assert common.difference_std_errors[0, 1] == se == common.difference(1, 0)[1]
    # Independent dice: the paired error is about the two errors added in quadrature.
    a, b = apart.results[0].std_error, apart.results[1].std_error
    assert se_apart == pytest.approx(np.hypot(a, b), rel=0.15)
    assert "common dice" in str(common)
    with pytest.raises(gammon.InvalidInputError, match="position index"):
        common.difference(0, 3)


def test_the_paired_error_matches_the_per_game_differences() -> None:
    plays = RACE.legal_plays((6, 4))
    x, y = plays[0].after, plays[3].after
    many = gammon.rollout_many([x, y], games=3000, seed=7, block_games=1000, policy="pubeval")
    px = gammon.rollout(x, games=3000, seed=7, record_games=True, policy="pubeval").outcomes
    py = gammon.rollout(y, games=3000, seed=7, record_games=True, policy="pubeval").outcomes
    assert px is not None and py is not None
    diff = px.points - py.points
    expect = diff.std(ddof=1) / np.sqrt(len(diff))
    assert many.difference(0, 1)[1] == pytest.approx(expect, rel=1e-9)


def test_rank_plays_orders_the_plays_of_a_roll_best_first() -> None:
    ranked = gammon.rank_plays(START, (3, 1), games=1296, seed=1, policy="pubeval")
    assert len(ranked) == len(START.legal_plays((3, 1)))
    assert ranked[0].loss == 0.0 and ranked[0].loss_std_error == 0.0
    assert all(r.loss >= 0 for r in ranked)
    assert [r.loss for r in ranked] == sorted(r.loss for r in ranked)
    for r in ranked:
        assert r.equity == -r.result.equity and r.result.position == r.play.after
    assert str(ranked[0].play) == "8/5 6/5"  # the point-making play (pubeval agrees)
    with pytest.raises(gammon.InvalidInputError, match="nothing to choose"):
        gammon.rank_plays(gammon.Position.from_checkers({3: 1}, {3: 1}), (6, 6), policy="pubeval")


def test_rollout_many_with_variance_reduction_pairs_the_games_less_their_luck(
    tmp_path: Path,
) -> None:
    # Each position's result is the VR rollout of the same seed, and the paired error is that
    # of the per-game differences of the points less the luck.
    plays = RACE.legal_plays((6, 4))
    x, y = plays[0].after, plays[3].after
    vr = {"variance_reduction": True, "evaluator": "bearoff", "policy": "pubeval"}
    many = gammon.rollout_many([x, y], games=1500, seed=7, block_games=600, **vr)
    alone = [gammon.rollout(p, games=1500, seed=7, record_games=True, **vr) for p in (x, y)]
    for r, a in zip(many.results, alone):
        assert r.variance_reduction and r.evaluator == "bearoff"
        assert r.equity == a.equity and r.std_error == a.std_error
    px, py = (a.outcomes.points for a in alone if a.outcomes is not None)
    diff = px - py
    assert many.difference(0, 1)[1] == pytest.approx(diff.std(ddof=1) / np.sqrt(1500), rel=1e-9)
    # The luck taken off shrinks the paired error against the plain rollouts of the seed.
    plain = gammon.rollout_many([x, y], games=1500, seed=7, policy="pubeval")
    assert many.difference(0, 1)[1] < 0.8 * plain.difference(0, 1)[1]
    # A checkpointed VR run continued to more games equals the uninterrupted one.
    ck = tmp_path / "vr.json"
    gammon.rollout_many([x, y], games=600, seed=7, checkpoint=ck, **vr)
    assert gammon.rollout_many([x, y], games=1500, checkpoint=ck, **vr) == many
    # Truncation reaches every position too.
    cut = gammon.rollout_many(
        [x, y], games=200, seed=7, truncate_after=4, evaluator="bearoff", policy="pubeval"
    )
    assert all(r.truncate_after == 4 and r.evaluator == "bearoff" for r in cut.results)
    assert all(r.settled > 0 for r in cut.results)


def test_rank_plays_with_the_nets_luck_taken_off_ranks_the_opening_31(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # gnubg's way of rolling out candidate plays: the net plays and measures each roll's luck.
    vr = {"policy": "net", "variance_reduction": True, "evaluator": "net"}
    ranked = gammon.rank_plays(START, (3, 1), games=144, seed=3, **vr)
    plain = gammon.rank_plays(START, (3, 1), games=144, seed=3, policy="net")
    assert str(ranked[0].play) == "8/5 6/5"
    assert all(r.result is not None and r.result.variance_reduction for r in ranked)
    errors = {str(r.play): r.loss_std_error for r in ranked[1:]}
    shrunk = [errors[str(r.play)] / r.loss_std_error for r in plain[1:] if str(r.play) in errors]
    assert float(np.median(shrunk)) < 0.7
    args = ["rollout", "--plays", RACE.id, "64", "--games", "144", "--seed", "1", "--quiet"]
    assert main([*args, "--variance-reduction", "--truncate-after", "6"]) == 0
    out = capsys.readouterr().out
    assert "the luck of the dice taken off by the bearoff evaluator" in out
    assert "cut after 6 turns at the bearoff evaluator" in out


def test_the_cli_ranks_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rollout", "--plays", START.id, "31", "--games", "648", "--seed", "1", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "common dice" in out
    lines = out.splitlines()
    assert lines[2].split()[1:3] == ["8/5", "6/5"]
    code = main(
        ["rollout", "--plays", START.id, "31", "--games", "648", "--seed", "1", "--json", "--quiet"]
    )
    rows = json.loads(capsys.readouterr().out)
    assert code == 0 and rows[0]["loss"] == 0.0 and len(rows) == 16


# -- plays that end the game (BG-14, SCORE-1; LN-32 to LN-37) ----------------------------------

# White bears off its last two checkers with 21 (2/off 1/off) or keeps one (2/off, the 1
# playing 2/1 first); Black has one checker left on its 6-point, which it bears off with any
# roll of 6 pips or more (27 of the 36 rolls).
ENDGAME = gammon.Position.from_checkers({1: 1, 2: 1}, {6: 1})


def test_bg14_score1_a_play_that_ends_the_game_is_worth_its_result_exactly() -> None:
    ranked = gammon.rank_plays(ENDGAME, (2, 1), games=1296, seed=4, threads=1, policy="pubeval")
    assert [str(r.play) for r in ranked] == ["2/off 1/off", "2/off"]
    won, other = ranked
    assert won.result is None and won.ending is not None
    assert (won.ending.winner, won.ending.kind, won.ending.points) == (
        gammon.Color.WHITE,
        "single",
        1,
    )
    assert (won.equity, won.std_error, won.loss, won.loss_std_error) == (1.0, 0.0, 0.0, 0.0)
    # The other play is rolled out: Black wins at once with 27 of the 36 rolls (SCORE-1:
    # White has borne off checkers), which quasi-random dice cover exactly.
    assert other.ending is None and other.result is not None
    assert other.result == gammon.rollout(
        other.play.after, 1296, seed=4, opening=False, policy="pubeval"
    )
    assert other.equity == -other.result.equity == pytest.approx(-0.5, abs=1e-12)
    # Against an exact best the error of the loss is the rolled-out play's own.
    assert other.loss == 1.0 - other.equity
    assert other.loss_std_error == other.std_error == other.result.std_error > 0


@pytest.mark.parametrize(
    ("black", "kind", "points"),
    [
        ({6: 2, 18: 1}, "single", 1),  # Black has borne off checkers
        ({6: 2, 18: 1, 12: 12}, "gammon", 2),  # none off, none in White's home
        ({6: 2, 18: 1, 22: 12}, "backgammon", 3),  # none off, checkers on White's 3-point
    ],
)
def test_score1_the_exact_value_is_the_class_of_the_win(
    black: dict[int, int], kind: str, points: int
) -> None:
    pos = gammon.Position.from_checkers({1: 1, 2: 1}, black)
    ranked = gammon.rank_plays(pos, (2, 1), games=36, seed=1, threads=1, policy="pubeval")
    ends = [r for r in ranked if r.ending is not None]
    assert len(ends) == 1 and ends[0].ending is not None
    assert (ends[0].ending.kind, ends[0].ending.points, ends[0].equity) == (kind, points, points)
    assert ranked[0].loss == 0.0 and ranked[0].equity == points


def _nardy(black: dict[int, int]) -> gammon.Position:
    return gammon.Position.from_checkers({1: 1, 2: 1}, black, variant="long-nardy")


@pytest.mark.parametrize(
    ("black", "settings", "kind", "points"),
    [
        ({6: 1}, NardySettings(), "oin", 1),  # LN-33: Black has borne off checkers
        ({20: 15}, NardySettings(), "mars", 2),  # LN-34: none off
        ({20: 15}, NardySettings(end_variant="oin"), "oin", 1),  # LN-34: every win is 1
        ({20: 15}, NardySettings(koks="no_checker_home"), "koks", 3),  # LN-35
    ],
)
def test_ln32_to_ln35_a_long_nardy_play_that_ends_the_game_scores_under_the_settings(
    black: dict[int, int], settings: NardySettings, kind: str, points: int
) -> None:
    ranked = gammon.rank_plays(_nardy(black), (2, 1), games=36, seed=2, nardy=settings)
    won = next(r for r in ranked if r.ending is not None)
    assert won.ending is not None and won.result is None
    assert (won.ending.kind, won.equity, won.std_error) == (kind, points, 0.0)
    assert ranked[0].equity == points


def test_ln37_with_the_last_roll_whites_finishing_play_is_rolled_out() -> None:
    """White's finish leaves Black a last roll (LN-37): with one checker on its 6-point and
    14 off, Black draws with the 27 rolls of 6 pips or more, otherwise White wins an Oin.
    36 quasi-random games cover every roll once, so the rollout is exact here."""
    last_roll = NardySettings(last_roll=True)
    ranked = gammon.rank_plays(_nardy({6: 1}), (2, 1), games=36, seed=3, nardy=last_roll)
    finish = next(r for r in ranked if str(r.play) == "2/off 1/off")
    assert finish.ending is None and finish.result is not None
    assert finish.result.draws == 27 / 36
    assert finish.equity == pytest.approx(9 / 36, abs=1e-12)
    assert finish.result.nardy == last_roll
    # Without the last-roll right the same play ends the game: an Oin, exactly.
    plain = gammon.rank_plays(_nardy({6: 1}), (2, 1), games=36, seed=3)
    assert plain[0].ending is not None and plain[0].equity == 1.0
    with pytest.raises(gammon.InvalidInputError, match="Long Nardy rollouts only"):
        gammon.rank_plays(ENDGAME, (2, 1), games=36, nardy=last_roll)
    with pytest.raises(gammon.InvalidInputError, match="NardySettings, not 'mars'"):
        gammon.rank_plays(_nardy({6: 1}), (2, 1), games=36, nardy="mars")


# -- executors and checkpoints --------------------------------------------


def test_rollout_many_gives_identical_results_however_the_games_are_split() -> None:
    positions = [p.after for p in RACE.legal_plays((6, 4))[:3]]
    whole = gammon.rollout_many(positions, games=3000, seed=5, threads=2, policy="pubeval")
    blocks = gammon.rollout_many(
        positions, games=3000, seed=5, threads=1, block_games=777, policy="pubeval"
    )
    with ThreadPoolExecutor(2) as ex:
        tasks = gammon.rollout_many(
            positions, games=3000, seed=5, executor=ex, games_per_task=400, policy="pubeval"
        )
    for other in (blocks, tasks):
        assert other == whole and other.cross == whole.cross
        assert other.difference_std_errors.tolist() == whole.difference_std_errors.tolist()
    # The sums of products are exact: the diagonal is each rollout's sum of squares.
    assert [whole.cross[i][i] for i in range(3)] == [r.tally.points_sq for r in whole.results]


def test_rollout_many_checkpoints_with_an_executor_and_continues_them(tmp_path: Path) -> None:
    positions = [p.after for p in RACE.legal_plays((6, 4))[:3]]
    ck = tmp_path / "many.json"
    with ThreadPoolExecutor(2) as ex:
        part = gammon.rollout_many(
            positions,
            games=2000,
            seed=6,
            executor=ex,
            games_per_task=300,
            checkpoint=ck,
            checkpoint_every=0.0001,
            policy="pubeval",
        )
    assert part == gammon.rollout_many(positions, games=2000, seed=6, threads=1, policy="pubeval")
    # Run again with more games (seed=None: the checkpoint's), it plays only the new ones.
    more = gammon.rollout_many(positions, games=3000, threads=1, checkpoint=ck, policy="pubeval")
    assert more == gammon.rollout_many(positions, games=3000, seed=6, threads=1, policy="pubeval")
    assert more.seed == 6 and not [p for p in tmp_path.iterdir() if p.name != ck.name]


def test_a_rollout_many_checkpoint_of_other_arguments_or_edited_is_refused(
    tmp_path: Path,
) -> None:
    positions = [p.after for p in RACE.legal_plays((6, 4))[:3]]
    ck = tmp_path / "many.json"
    gammon.rollout_many(positions, games=500, seed=1, threads=1, checkpoint=ck, policy="pubeval")
    for args, kwargs, named in (
        (positions, {"seed": 2}, "seed=1 there, seed=2 here"),
        (positions, {"common_dice": False}, "common_dice=True there, common_dice=False here"),
        (positions[:2], {}, "positions=3 there, positions=2 here"),
        (positions[::-1], {}, "position 0: position="),
        (positions, {"policy": "random"}, "position 0: policy="),
        (positions, {"truncate": "bearoff"}, "position 0: truncate="),
        (positions, {"variance_reduction": True}, "position 0: variance_reduction="),
        (positions, {"truncate_after": 6}, "position 0: truncate_after="),
    ):
        with pytest.raises(gammon.CheckpointError, match=named):
            gammon.rollout_many(
                args, games=500, threads=1, checkpoint=ck, **{"policy": "pubeval", **kwargs}
            )
    with pytest.raises(gammon.CheckpointError, match="ask for at least 500 games"):
        gammon.rollout_many(positions, games=400, threads=1, checkpoint=ck, policy="pubeval")
    good = json.loads(ck.read_text())
    edited = json.loads(ck.read_text())
    edited["cross"][0][1] += 1
    ck.write_text(json.dumps(edited))
    with pytest.raises(gammon.CheckpointError, match="integrity check"):
        gammon.rollout_many(positions, games=500, threads=1, checkpoint=ck, policy="pubeval")
    # Even with the check made again, sums of products that do not fit the points are refused.
    edited["check"] = integrity_check(edited)
    ck.write_text(json.dumps(edited))
    with pytest.raises(gammon.CheckpointError, match="do not fit"):
        gammon.rollout_many(positions, games=500, threads=1, checkpoint=ck, policy="pubeval")
    # A checkpoint of one rollout is not one of rollout_many, and the other way round.
    one = tmp_path / "one.json"
    gammon.rollout(positions[0], 100, seed=1, threads=1, checkpoint=one, policy="pubeval")
    with pytest.raises(gammon.CheckpointError, match="the checkpoint of one rollout"):
        gammon.rollout_many(positions, games=500, threads=1, checkpoint=one, policy="pubeval")
    ck.write_text(json.dumps(good))
    with pytest.raises(gammon.CheckpointError, match="the checkpoint of rollout_many"):
        gammon.rollout(positions[0], 500, seed=1, threads=1, checkpoint=ck, policy="pubeval")


class _FirstPlay:
    """A Python policy that plays the first play and presses Ctrl-C at decision ``stop_at``."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.stop_at = stop_at
        self.calls = 0

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        self.calls += 1
        if self.calls == self.stop_at:
            raise KeyboardInterrupt
        return 0


def test_ctrl_c_keeps_the_finished_turns_in_the_checkpoint_and_a_rerun_completes_it(
    tmp_path: Path,
) -> None:
    positions = [p.after for p in RACE.legal_plays((6, 4))[:3]]
    ck = tmp_path / "many.json"
    part = gammon.rollout_many(
        positions,
        games=400,
        seed=3,
        threads=1,
        policy=_FirstPlay(stop_at=6000),
        block_games=50,
        checkpoint=ck,
        checkpoint_every=0.0001,
    )
    assert part.interrupted and 0 < part.games < 400
    assert _games_in(ck) == part.games
    resumed = gammon.rollout_many(
        positions, games=400, threads=1, policy=_FirstPlay(), checkpoint=ck
    )
    whole = gammon.rollout_many(positions, games=400, seed=3, threads=1, policy=_FirstPlay())
    assert not resumed.interrupted and resumed == whole
    assert resumed.difference_std_errors.tolist() == whole.difference_std_errors.tolist()


GAMES = 10000
SEED = 41


def _games_in(path: Path) -> int:
    try:
        return int(json.loads(path.read_text())["rollouts"][0]["games"])
    except (OSError, ValueError, KeyError, IndexError):
        return 0


def test_ranking_plays_killed_twice_then_resumed_equals_the_uninterrupted_run(
    tmp_path: Path,
) -> None:
    ck = tmp_path / "plays.json"
    script = (
        f"import gammon; gammon.rank_plays({RACE.id!r}, (6, 4), {GAMES}, seed={SEED}, "
        f"threads=1, checkpoint={str(ck)!r}, checkpoint_every=0.1, policy='pubeval')"
    )
    first = kill_when_it_has_progressed([sys.executable, "-c", script], ck, _games_in, GAMES)
    # The second time through the command line: the same plays, the same checkpoint.
    cli = [sys.executable, "-m", "gammon", "rollout", "--plays", RACE.id, "64", "--quiet"]
    cli += ["--policy", "pubeval"]
    cli += ["--games", str(GAMES), "--seed", str(SEED), "--threads", "1"]
    cli += ["--checkpoint", str(ck), "--checkpoint-every", "0.1"]
    second = kill_when_it_has_progressed(cli, ck, _games_in, GAMES)
    assert second > first
    resumed = gammon.rank_plays(
        RACE, (6, 4), GAMES, seed=SEED, threads=1, checkpoint=ck, policy="pubeval"
    )
    whole = gammon.rank_plays(RACE, (6, 4), GAMES, seed=SEED, threads=2, policy="pubeval")
    assert resumed == whole
    assert all(r.result is not None and r.result.ranges == ((0, GAMES),) for r in resumed)
    assert not [p for p in tmp_path.iterdir() if p.name != ck.name]  # no temporary files


def test_the_cli_ranks_a_bear_off_roll_and_checkpoints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ck = tmp_path / "ck.json"
    args = ["rollout", "--plays", ENDGAME.id, "21", "--games", "360", "--seed", "2", "--quiet"]
    code = main([*args, "--checkpoint", str(ck)])
    out = capsys.readouterr().out
    assert code == 0 and "ends the game: white wins a single (1 point)" in out
    assert _games_in(ck) == 360
    code = main([*args, "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert code == 0 and rows[0]["ends_game"] is not None and rows[0]["games"] == 0
    assert rows[1]["games"] == 360 and rows[1]["loss_std_error"] == rows[1]["std_error"]
    for bad, named in (
        (["--resume", str(ck)], "no --resume"),
        (["--max-seconds", "3"], "does not take --max-seconds"),
    ):
        assert main([*args, *bad]) == 2
        assert named in capsys.readouterr().err


def test_ranked_plays_print_as_a_table_that_says_how_they_were_rolled_out() -> None:
    """``RankedPlay.table``, the text of ``gammon rollout --plays``: the games, the seed, the
    luck taken off and the cut, then a line a play; a finishing play shows its result (BG-14)."""
    ranked = gammon.rank_plays(
        ENDGAME, (2, 1), 72, seed=3, policy="pubeval", variance_reduction=True, truncate_after=5
    )
    head, columns, *rows = gammon.RankedPlay.table(ranked).splitlines()
    assert head == (
        "72 games each on common dice, seed 3, the luck of the dice taken off by the bearoff "
        "evaluator, cut after 5 turns at the bearoff evaluator"
    )
    assert columns.split() == ["play", "equity", "error", "loss", "error"]
    assert len(rows) == len(ranked) == 2
    for i, (row, r) in enumerate(zip(rows, ranked), 1):
        assert row.startswith(f"{i:>3} {r.play!s:<24}{r.equity:>+9.4f}{r.std_error:>8.4f}")
        assert (r.ending is not None) == ("ends the game: " in row)
    assert rows[0].endswith("ends the game: white wins a single (1 point)")
    assert gammon.RankedPlay.table([]).startswith("every play ends the game: nothing rolled out")
