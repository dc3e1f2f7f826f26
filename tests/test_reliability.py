"""Regression tests for the defects found under hostile input.

Each test is named after the defect and the behaviour it pins; each failed before its fix.
"""

from __future__ import annotations

import collections.abc
import json
import os
import pickle
import signal
import subprocess
import sys
import time
import types
from typing import Any

import numpy as np
import pytest

import gammon
from gammon.matchid import GameState
from gammon.nardy import NardySettings
from gammon.rollout import RolloutResult
from support import integrity_check

U64_MAX = 2**64 - 1


# -- ranges near 2**64 and huge chunk sizes keep every game ------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_d1_a_rollout_ending_at_2_pow_64_plays_every_game(threads: int) -> None:
    r = gammon.rollout(games=50, first_game=U64_MAX - 50, seed=1, threads=threads, policy="pubeval")
    assert (r.games_completed, r.stop_reason) == (50, "completed")
    assert tuple(r.ranges) == ((U64_MAX - 50, U64_MAX),)


@pytest.mark.parametrize("threads", [1, 2])
def test_d1_a_chunk_size_near_2_pow_64_plays_every_game(threads: int) -> None:
    huge = gammon.rollout(
        games=50, first_game=1, chunk_size=U64_MAX, seed=1, threads=threads, policy="pubeval"
    )
    small = gammon.rollout(
        games=50, first_game=1, chunk_size=7, seed=1, threads=threads, policy="pubeval"
    )
    assert huge.games_completed == 50
    assert huge == small


def test_d1_simulations_near_2_pow_64_play_every_item() -> None:
    money = gammon.simulate_money(
        players=("pubeval", "pubeval"), games=20, first_game=U64_MAX - 20, seed=3
    )
    assert money.games_completed == 20
    matches = gammon.simulate_match(
        1, players=("pubeval", "pubeval"), matches=10, first_match=U64_MAX - 10, seed=3
    )
    assert matches.matches_completed == 10
    huge = gammon.simulate_money(
        players=("pubeval", "pubeval"), games=20, chunk_size=U64_MAX, seed=3
    )
    assert huge.games_completed == 20


# -- checkpoints keep the Long Nardy §9 position options ---------------------------------


def test_d3_ln18_ln26_a_checkpoint_keeps_the_section_9_options_and_resumes_exactly() -> None:
    pos = gammon.Position.start(
        "long-nardy", first_turn_exception="unconditional", block_check="end_of_turn"
    )
    # random play: these are tests of the rules and the checkpoint, and it is fast
    full = gammon.rollout(pos, games=1200, seed=12, threads=1, policy="random")
    part = gammon.rollout(pos, games=400, seed=12, threads=1, policy="random")
    cp = RolloutResult.from_dict(json.loads(json.dumps(part.to_dict())))
    assert cp.position.first_turn_exception == "unconditional"
    assert cp.position.block_check == "end_of_turn"
    assert cp.resume(800) == full


def test_d3_the_section_9_options_change_the_games_so_the_test_above_can_fail() -> None:
    odd = gammon.Position.start(
        "long-nardy", first_turn_exception="unconditional", block_check="end_of_turn"
    )
    a = gammon.rollout(odd, games=1200, seed=12, threads=1, policy="random")
    b = gammon.rollout(
        gammon.Position.start("long-nardy"), games=1200, seed=12, threads=1, policy="random"
    )
    assert (a.win, a.plies) != (b.win, b.plies)


# -- NardySettings' §9 fields are played, or refused -------------------------------------


def test_d4_ln18_settings_that_disagree_with_the_position_are_refused() -> None:
    settings = NardySettings(first_turn_exception="unconditional", block_check="end_of_turn")
    with pytest.raises(gammon.InvalidInputError, match="first_turn_exception"):
        gammon.rollout(gammon.Position.start("long-nardy"), games=10, seed=1, nardy=settings)


def test_d4_settings_that_agree_with_the_position_are_played_and_recorded() -> None:
    settings = NardySettings(
        first_turn_exception="unconditional", block_check="end_of_turn", koks="no_checker_home"
    )
    r = gammon.rollout(settings.start_position(), games=300, seed=1, threads=1, nardy=settings)
    assert r.nardy == settings
    assert r.position.first_turn_exception == r.nardy.first_turn_exception
    assert r.position.block_check == r.nardy.block_check


def test_d4_without_settings_the_recorded_ones_are_the_positions_options() -> None:
    pos = gammon.Position.start("long-nardy", first_turn_exception="unconditional")
    r = gammon.rollout(pos, games=50, seed=1)
    assert r.nardy is not None
    assert r.nardy.first_turn_exception == "unconditional"
    assert r.nardy.block_check == "every_step"


# -- a checkpoint is validated completely and carries an integrity check -----------------


def _checkpoint(games: int = 60, **kw: object) -> dict[str, object]:
    kw.setdefault("policy", "pubeval")
    return gammon.rollout(games=games, seed=5, threads=1, **kw).to_dict()  # type: ignore[arg-type]


def _resealed(data: dict[str, object]) -> dict[str, object]:
    """The checkpoint with its integrity check recomputed, as a careful forger would."""
    out = dict(data)
    out["check"] = integrity_check(out)
    return out


def test_d5_a_valid_checkpoint_round_trips_through_json() -> None:
    r = gammon.rollout(games=60, seed=5, threads=1, policy="pubeval")
    back = RolloutResult.from_dict(json.loads(json.dumps(r.to_dict())))
    assert back == r
    assert back.to_dict() == r.to_dict()


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 6), ("games", 61), ("points", 0), ("ranges", []), ("win", [[0] * 6, [0] * 6])],
)
def test_d5_an_edited_checkpoint_fails_its_integrity_check(field: str, value: object) -> None:
    data = _checkpoint()
    data[field] = value
    with pytest.raises(gammon.InvalidInputError, match="integrity check"):
        RolloutResult.from_dict(data)


def test_d5_a_relabelled_seed_is_refused() -> None:
    data = _checkpoint()
    data["seed"] = 6
    with pytest.raises(gammon.InvalidInputError, match="integrity"):
        RolloutResult.from_dict(data)


def test_d5_empty_ranges_that_would_count_games_twice_are_refused() -> None:
    data = _checkpoint()
    data["ranges"] = []
    with pytest.raises(gammon.InvalidInputError, match="ranges"):
        RolloutResult.from_dict(_resealed(data))
    data["ranges"] = [[0, 30], [20, 50]]
    with pytest.raises(gammon.InvalidInputError, match="overlap"):
        RolloutResult.from_dict(_resealed(data))
    data["ranges"] = [[0, 59]]
    with pytest.raises(gammon.InvalidInputError, match="hold 59 games"):
        RolloutResult.from_dict(_resealed(data))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", 1.5, "seed must be an int"),
        ("seed", True, "seed must be an int"),
        ("seed", -1, "seed must be in"),
        ("seed", "1", "seed must be an int"),
        ("games", -1, "games must be in"),
        ("games_requested", 10, "games_requested must be in"),
        ("opening", 1, "opening must be a bool"),
        ("stop", "finished", "stop must be one of"),
        ("elapsed", -1.0, "elapsed must be >= 0"),
        ("one", 1, "one must be in"),
        ("policies", ["pubeval"], "policies must be two names"),
        ("nardy", {"koks": "off"}, "no Long Nardy settings"),
    ],
)
def test_d5_fields_of_the_wrong_type_or_range_are_refused(
    field: str, value: object, message: str
) -> None:
    data = _checkpoint()
    data[field] = value
    with pytest.raises(gammon.InvalidInputError, match=message):
        RolloutResult.from_dict(_resealed(data))


def test_d5_tampered_counts_are_refused_even_with_a_recomputed_check() -> None:
    data = _checkpoint()
    one = gammon._core.ONE
    win = json.loads(json.dumps(data["win"]))
    win[0][0] += one  # one more win: the games no longer add up
    data["win"] = win
    with pytest.raises(gammon.InvalidInputError, match="add up"):
        RolloutResult.from_dict(_resealed(data))
    data = _checkpoint()
    win = json.loads(json.dumps(data["win"]))
    moved = next(k for k in range(6) if win[0][k] >= one)
    win[0][moved] -= one
    win[1][moved] += one  # a win turned into a loss: the sums add up, the points do not
    data["win"] = win
    with pytest.raises(gammon.InvalidInputError, match="points do not follow"):
        RolloutResult.from_dict(_resealed(data))
    data = _checkpoint()
    data["points_sq"] = int(data["points_sq"]) + 1  # type: ignore[call-overload]
    with pytest.raises(gammon.InvalidInputError, match="points do not follow"):
        RolloutResult.from_dict(_resealed(data))
    data = _checkpoint()
    data["games"] = -1
    with pytest.raises(gammon.InvalidInputError, match="games must be in"):
        RolloutResult.from_dict(_resealed(data))


def test_d5_a_zero_game_result_keeps_its_first_game() -> None:
    r = gammon.rollout(games=0, first_game=500, seed=5, threads=1, policy="pubeval")
    assert r.next_game == 500
    back = RolloutResult.from_dict(json.loads(json.dumps(r.to_dict())))
    assert back.ranges == ((500, 500),)
    assert back.next_game == 500
    assert back.resume(40) == gammon.rollout(
        games=40, first_game=500, seed=5, threads=1, policy="pubeval"
    )


class _FirstPlay:
    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        return 0


def test_d5_a_python_policy_checkpoint_resumes_only_with_its_policy() -> None:
    pol = _FirstPlay()
    part = gammon.rollout(games=20, policy=pol, seed=5)
    data = part.to_dict()
    loaded = RolloutResult.from_dict(data)
    assert loaded.policies == ("_FirstPlay", "_FirstPlay")
    with pytest.raises(gammon.InvalidInputError, match="Python policy '_FirstPlay'"):
        loaded.resume(10)
    with pytest.raises(gammon.InvalidInputError, match="checkpoint was made by"):
        RolloutResult.from_dict(data, policy="pubeval")
    resumed = RolloutResult.from_dict(data, policy=pol).resume(10)
    assert resumed == gammon.rollout(games=30, policy=pol, seed=5)


def test_d5_a_long_nardy_checkpoint_checks_its_settings() -> None:
    data = gammon.rollout(variant="long-nardy", games=40, seed=5, threads=1).to_dict()
    RolloutResult.from_dict(data)
    data["nardy"] = None
    with pytest.raises(gammon.InvalidInputError, match="needs its settings"):
        RolloutResult.from_dict(_resealed(data))
    data["nardy"] = {"end_variant": "oin", "koks": "no_checker_home"}
    with pytest.raises(gammon.InvalidInputError, match="koks"):
        RolloutResult.from_dict(_resealed(data))


def test_d5_missing_or_unknown_fields_are_refused() -> None:
    data = _checkpoint()
    del data["plies"]
    with pytest.raises(gammon.InvalidInputError, match="missing fields"):
        RolloutResult.from_dict(data)
    with pytest.raises(gammon.InvalidInputError, match="is a dict"):
        RolloutResult.from_dict([])  # type: ignore[arg-type]


# -- a "no game yet" gnubg ID cannot carry a pending resignation or double ----------------


@pytest.mark.parametrize(
    "gnubg_id",
    [
        "4HPwATDgc/ABMA:cCAAAAAAAAAE",  # a reproducer found by fuzzing: a pending resignation
        "4HPwATDgc/ABMA:"
        + str(
            gammon.MatchId(
                turn=gammon.Color.WHITE,
                to_act=gammon.Color.BLACK,
                game_state=GameState.NONE,
                double_offered=True,
            )
        ),
    ],
)
def test_d7_bg12_a_no_game_yet_id_with_a_pending_offer_is_refused(gnubg_id: str) -> None:
    """BG-12, RESIGN-1: nothing is offered before the opening roll, so the ID is refused."""
    with pytest.raises(gammon.InvalidInputError, match="no game yet"):
        gammon.Game.from_gnubg_id(gnubg_id)


def test_d7_a_no_game_yet_id_without_offers_still_gives_a_game_before_its_opening_roll() -> None:
    game = gammon.Game.from_gnubg_id("4HPwATDgc/ABMA:cAjgAAAAAAAE")
    assert game.is_opening and game.legal_actions() == [gammon.Roll()]
    game.roll()
    assert not game.is_opening


# -- from_checkers reads any Mapping as {point: count} -----------------------------------


def test_d2_bg6_from_checkers_reads_a_mapping_proxy_as_point_counts() -> None:
    side = {6: 5, 8: 3, 13: 5, 24: 2}
    proxy = gammon.Position.from_checkers(types.MappingProxyType(side), side)
    assert proxy == gammon.Position.from_checkers(side, side)
    assert proxy == gammon.Position.start()


def test_d2_from_checkers_reads_a_custom_mapping() -> None:
    class Points(collections.abc.Mapping[int, int]):
        def __init__(self, d: dict[int, int]) -> None:
            self.d = d

        def __getitem__(self, k: int) -> int:
            return self.d[k]

        def __iter__(self) -> Any:
            return iter(self.d)

        def __len__(self) -> int:
            return len(self.d)

    side = {6: 5, 8: 3, 13: 5, 24: 2}
    assert gammon.Position.from_checkers(Points(side), side) == gammon.Position.start()


# -- an interrupt stops a chunk on the one-worker path ------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_d6_the_callback_interrupts_a_single_huge_chunk(threads: int) -> None:
    calls = []

    def stop_on_second_call(p: object) -> None:
        calls.append(p)
        if len(calls) >= 2:
            raise KeyboardInterrupt

    r = gammon.rollout(
        games=2_000_000,
        seed=1,
        threads=threads,
        chunk_size=2_000_000,
        callback=stop_on_second_call,
        policy="pubeval",
    )
    # The second call comes while the only chunk runs; it used to come after all 2 million.
    assert r.interrupted
    assert r.stop_reason == "interrupted"
    assert r.games_completed == 0


def test_d10_an_interrupt_after_the_last_game_is_not_an_interruption() -> None:
    def stop_at_the_end(p: Any) -> None:
        if p.done == p.total:
            raise KeyboardInterrupt

    r = gammon.rollout(
        games=300, seed=1, threads=1, chunk_size=100, callback=stop_at_the_end, policy="pubeval"
    )
    assert r.games_completed == 300
    assert (r.interrupted, r.stop_reason) == (False, "completed")


# -- the Long Nardy draw (LN-37) comes back from its ID and a pickle ----------------------


def test_d8_ln37_the_draw_round_trips_its_id_and_pickle() -> None:
    draw = gammon.Position.from_checkers({}, {1: 1}, turn="black", variant="long-nardy").play(
        "1/off", (1, 2)
    )
    assert pickle.loads(pickle.dumps(draw)) == draw
    assert gammon.Position.from_id(draw.id, "long-nardy", draw.turn) == draw


# -- errors of the gammon hierarchy -------------------------------------------------------


@pytest.mark.parametrize("field", ["first_turn_exception", "block_check"])
@pytest.mark.parametrize("value", [1, b"every_step", None.__class__])
def test_d9_a_non_string_section_9_option_is_an_invalid_input(field: str, value: object) -> None:
    with pytest.raises(gammon.InvalidInputError, match=field):
        gammon.Position.start("long-nardy", **{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("dice", ["²²", "\u0661\u0661"])
def test_d9_xgid3_dice_must_be_ascii_digits(dice: str) -> None:
    good = gammon.Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    text = good.to_str() if hasattr(good, "to_str") else str(good)
    fields = text.split(":")
    fields[4] = dice
    with pytest.raises(gammon.ParseError):
        gammon.Xgid.parse(":".join(fields))


@pytest.mark.parametrize("number", ["\u0661\u0660", "1_0", "+5", " "])
def test_d9_xgid1_number_fields_are_ascii_decimal(number: str) -> None:
    fields = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10".split(":")
    fields[-1] = number
    with pytest.raises(gammon.ParseError):
        gammon.Xgid.parse(":".join(fields))


@pytest.mark.parametrize(
    "call",
    [
        lambda: gammon.OutcomeDistribution(wins=("a", 0, 0), losses=(1, 0, 0)),  # type: ignore[arg-type]
        lambda: gammon.OutcomeDistribution(wins=(None, 0, 0), losses=(1, 0, 0)),  # type: ignore[arg-type]
        lambda: gammon.OutcomeDistribution(wins=("0.5", 0, 0), losses=(0.5, 0, 0)),  # type: ignore[arg-type]
        lambda: gammon.money_equity([0.5, 0, 0, "x", 0, 0]),  # type: ignore[list-item]
        lambda: gammon.money_equity(types.SimpleNamespace(wins=3, losses=4)),
        lambda: gammon.match_winning_chance([0.5, 0, 0, 0.5, 0, 0], (3, 3), met="KXG"),  # type: ignore[arg-type]
        lambda: gammon.met.parse_met(12),  # type: ignore[arg-type]
        lambda: gammon.met.parse_met(
            "<met><pre-crawford-table type='explicit'><row><me>x</me></row>"
            "</pre-crawford-table></met>"
        ),
    ],
)
def test_d9_equity_and_met_errors_are_invalid_input(call: Any) -> None:
    with pytest.raises(gammon.InvalidInputError):
        call()


@pytest.mark.parametrize("policy", [np.int64(3), np.float64(0.5), np.zeros(3)])
def test_d9_numpy_values_are_not_policies(policy: object) -> None:
    with pytest.raises(gammon.InvalidInputError, match="policy"):
        gammon.rollout(games=5, seed=1, policy=policy)  # type: ignore[arg-type]


def test_d9_a_policy_whose_choose_is_not_callable_is_refused_up_front() -> None:
    with pytest.raises(gammon.InvalidInputError, match="choose"):
        gammon.rollout(games=5, seed=1, policy=types.SimpleNamespace(choose=3))  # type: ignore[arg-type]


# -- the minor ones ----------------------------------------------------------------------


def test_d10_a_policy_returning_true_is_not_choosing_index_1() -> None:
    class Yes:
        def choose(self, position: object, plays: object) -> bool:
            return True

    with pytest.raises(gammon.IllegalPlayError, match="bool"):
        gammon.rollout(games=2, seed=1, threads=1, policy=Yes())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "white",
    [{True: 2, 6: 5, 8: 3, 13: 5}, {6: True, 8: 3, 13: 5, 24: 2}, b"\x06\x06", bytearray(b"\x06")],
)
def test_d10_bg6_from_checkers_refuses_bools_and_bytes(white: object) -> None:
    with pytest.raises(gammon.InvalidInputError):
        gammon.Position.from_checkers(white, {6: 5, 8: 3, 13: 5, 24: 2})  # type: ignore[arg-type]


def test_d10_a_count_past_255_is_reported_as_it_is() -> None:
    with pytest.raises(gammon.InvalidInputError, match="300 checkers"):
        gammon.Position.from_checkers([6] * 300, {6: 15})


def test_d10_id4_match_id_parse_str_parse_is_stable() -> None:
    # Dice 1-3 written in the "wrong" order: parse used to keep (1, 3), str writes 3-1 first.
    mid = gammon.MatchId(dice=(3, 1))
    text = str(mid)
    import base64

    bits = int.from_bytes(base64.b64decode(text), "little")
    d1_at, d2_at = 15, 18  # ID-4: die 1 in bits 15-17, die 2 in bits 18-20
    swapped = bits & ~(7 << d1_at) & ~(7 << d2_at) | (1 << d1_at) | (3 << d2_at)
    odd = base64.b64encode(swapped.to_bytes(9, "little")).decode()[:12]
    once = gammon.MatchId.parse(odd)
    assert gammon.MatchId.parse(str(once)) == once
    assert once.dice == (3, 1)


@pytest.mark.parametrize(
    "call",
    [
        lambda t: gammon.Position.from_id(t),
        lambda t: gammon.Xgid.parse(t),
        lambda t: gammon.MatchId.parse(t),
        lambda t: gammon.Position.start().legal_plays((3, 1)).position.play(t, (3, 1)),
        lambda t: gammon.Position.from_checkers({t: 1}, {}),
        lambda t: gammon.Position.start().legal_plays(t),
        lambda t: gammon.Position.start("backgammon", t),
        lambda t: gammon.rollout(games=1, policy=t),
        lambda t: NardySettings(koks=t),
        lambda t: gammon.Position.start("long-nardy", first_turn_exception=t),
    ],
)
def test_d10_error_messages_do_not_echo_a_megabyte_of_input(call: Any) -> None:
    huge = "A" * 1_000_000
    with pytest.raises(gammon.GammonError) as info:
        call(huge)
    assert len(str(info.value)) < 1000


def test_d10_playlist_is_a_sequence_with_count_and_range_checked_indices() -> None:
    plays = gammon.Position.start().legal_plays((3, 1))
    assert isinstance(plays, collections.abc.Sequence)
    assert plays.count(plays[0]) == 1
    assert plays.count("24/1") == 0
    with pytest.raises(IndexError):
        plays[10**20]
    with pytest.raises(IndexError):
        plays[-(10**20)]


# -- SIGTERM and SIGHUP end a CLI rollout like Ctrl-C ------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_ends_the_cli_rollout_with_a_resumable_checkpoint(sig: int) -> None:
    cmd = [sys.executable, "-m", "gammon", "rollout", "--games", "100000000", "--seed", "5"]
    cmd += ["--policy", "pubeval", "--threads", "1", "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    # The progress bar's first character: the rollout (and the signal handling) has started,
    # however slowly the interpreter came up on a loaded machine.
    assert proc.stderr.read(1)
    time.sleep(0.5)  # Let it play some games.
    os.kill(proc.pid, sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + sig, err
    summary = json.loads(out)
    assert summary["interrupted"] is True
    assert 0 < summary["games"] < 100_000_000
    cp = RolloutResult.from_dict(summary["checkpoint"])
    more = cp.resume(500)
    assert more.games_completed == summary["games"] + 500
