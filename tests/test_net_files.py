"""Nets of your own: ``gammon.Net`` reads gammon's weights files (as
``gammon-train`` writes them) and plays, evaluates and hints with them as the shipped nets do.

The committed nets of ``train/nets`` are real trainer output of three encodings and two
widths; a copy of the shipped weights checks that a net read from a file plays exactly as
the shipped one does (the same values, another code path: the policy makes its ranker each
turn instead of keeping one per thread).
"""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import gammon
from gammon.cli import main

NETS = Path(__file__).resolve().parent.parent / "train" / "nets"
TD1 = NETS / "bg-td1-2577502.gnet"  # the "contact" encoding, an early TD(λ) net
TD2 = NETS / "bg-td2-2426715.gnet"  # "contact-plus", 128 hidden units


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> gammon.Net:
    """The shipped backgammon weights, written to a file and read back as a net of one's own."""
    path = tmp_path_factory.mktemp("nets") / "copy.gnet"
    path.write_bytes(gammon.Net.shipped().to_bytes())
    return gammon.Net.load(path)


def positions(n: int, seed: int) -> list[tuple[gammon.Position, tuple[int, int]]]:
    """Positions of random games with a roll of at least two plays."""
    rng = random.Random(seed)
    out: list[tuple[gammon.Position, tuple[int, int]]] = []
    pos = gammon.Position.start()
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = pos.legal_plays(dice)
        if len(plays) >= 2:
            out.append((pos, dice))
        if plays:
            pos = plays[rng.randrange(len(plays))].after
        else:
            pos = pos.pass_turn()
        if pos.is_game_over():
            pos = gammon.Position.start()
    return out


# -- reading and writing ---------------------------------------------------------------------


def test_a_file_reads_back_to_the_same_bytes_and_nets() -> None:
    data = TD1.read_bytes()
    net = gammon.Net.load(TD1)
    assert net.to_bytes() == data
    assert gammon.Net.from_bytes(data) == net
    assert net.checksum == int.from_bytes(data[-4:], "little")
    assert net.name == f"net:{net.checksum:08x}" and not net.is_shipped
    assert net.variant == gammon.Variant.BACKGAMMON
    assert net.contact == (96, "contact") and net.race == (64, "contact")
    assert gammon.Net.load(TD2).contact == (128, "contact-plus")
    assert net != gammon.Net.load(TD2) and net != "net"


def test_the_shipped_nets_and_a_copy_of_them(copy: gammon.Net) -> None:
    shipped = gammon.Net.shipped()
    assert shipped.is_shipped and shipped.name == "net"
    assert copy == shipped and hash(copy) == hash(shipped) and copy.name != shipped.name
    nardy = gammon.Net.shipped(gammon.Variant.LONG_NARDY)
    assert nardy == gammon.Net.shipped("long-nardy")
    assert nardy.variant == gammon.Variant.LONG_NARDY and nardy.race is None
    assert "long-nardy" in repr(nardy) and "shipped" in repr(nardy)


@pytest.mark.parametrize("net", ["shipped", "own", "nardy"])
def test_a_net_pickles_to_an_equal_net(net: str, copy: gammon.Net) -> None:
    n = {
        "shipped": gammon.Net.shipped(),
        "own": copy,
        "nardy": gammon.Net.shipped("long-nardy"),
    }[net]
    back = pickle.loads(pickle.dumps(n))
    assert back == n and back.name == n.name and back.is_shipped == n.is_shipped


def test_damaged_weights_are_refused_naming_what_is_wrong(tmp_path: Path) -> None:
    data = bytearray(TD1.read_bytes())
    with pytest.raises(gammon.NetFileError, match="truncated"):
        gammon.Net.from_bytes(bytes(data[:10]))
    # A file cut anywhere later fails its checksum (the last four bytes are not its CRC).
    with pytest.raises(gammon.NetFileError, match="corrupt"):
        gammon.Net.from_bytes(bytes(data[:100]))
    with pytest.raises(gammon.NetFileError, match="magic"):
        gammon.Net.from_bytes(b"not a net at all")
    data[200] ^= 0x10
    path = tmp_path / "flipped.gnet"
    path.write_bytes(bytes(data))
    with pytest.raises(gammon.NetFileError, match=r"flipped\.gnet: .*corrupt.*CRC-32"):
        gammon.Net.load(path)
    # NetFileError is a ParseError, so a ValueError too.
    assert issubclass(gammon.NetFileError, gammon.ParseError)
    assert issubclass(gammon.NetFileError, ValueError)
    with pytest.raises(FileNotFoundError) as e:
        gammon.Net.load(tmp_path / "missing.gnet")
    assert e.value.filename == str(tmp_path / "missing.gnet")
    with pytest.raises(IsADirectoryError):
        gammon.Net.load(tmp_path)


# -- playing ---------------------------------------------------------------------------------


def test_a_copy_of_the_shipped_weights_plays_the_same_games(copy: gammon.Net) -> None:
    """Per game: the file's nets, ranked by a ranker made each turn, choose every play as
    the shipped nets' thread-kept ranker does (the same fused arithmetic)."""
    kw = dict(games=400, seed=17, threads=2, record_games=True)
    a = gammon.rollout(policy="net", **kw)  # type: ignore[arg-type]
    b = gammon.rollout(policy=copy, **kw)  # type: ignore[arg-type]
    c = gammon.rollout(policy=gammon.Net.shipped(), **kw)  # type: ignore[arg-type]
    assert a.tally == b.tally == c.tally
    assert a.outcomes is not None and b.outcomes is not None
    assert (a.outcomes.points == b.outcomes.points).all()
    assert (a.outcomes.plies == b.outcomes.plies).all()
    assert b.policies == (copy.name, copy.name) and c.policies == ("net", "net")


def test_another_net_plays_its_own_games_reproducibly() -> None:
    td1 = gammon.Net.load(TD1)
    a = gammon.rollout(games=300, policy=td1, seed=4, threads=1, record_games=True)
    b = gammon.rollout(games=300, policy=td1, seed=4, threads=2, record_games=True)
    shipped = gammon.rollout(games=300, policy="net", seed=4, threads=1, record_games=True)
    assert a.tally == b.tally
    assert a.outcomes is not None and shipped.outcomes is not None
    assert (a.outcomes.plies != shipped.outcomes.plies).any()


def test_another_net_beats_pubeval_seats_swapped() -> None:
    """bg-td1 played +0.47 a game against pubeval (train/log.md): clearly ahead in 2 x 1,000."""
    td1 = gammon.Net.load(TD1)
    a = gammon.rollout(games=1000, policy=(td1, "pubeval"), seed=8, threads=2)
    b = gammon.rollout(games=1000, policy=("pubeval", td1), seed=8, threads=2)
    assert (a.equity - b.equity) / 2 > 0.15


def test_choose_picks_the_play_hint_rates_best() -> None:
    """``Net.choose`` (the policy's fused ranking) and ``hint(net=...)`` (the evaluator's)
    agree but for rounding: the chosen play is within 1e-4 of the best hint, and the values
    are the file's nets', not the shipped ones'."""
    td2 = gammon.Net.load(TD2)
    differ = 0
    for pos, dice in positions(150, seed=3):
        plays = pos.legal_plays(dice)
        chosen = plays[td2.choose(pos, plays)]
        hints = gammon.hint(pos, dice, net=td2)
        by_play = {str(h.play): h.equity for h in hints}
        assert by_play[str(chosen)] >= hints[0].equity - 1e-4
        shipped = gammon.hint(pos, dice)
        differ += any(
            abs(h.equity - {str(s.play): s.equity for s in shipped}[str(h.play)]) > 1e-3
            for h in hints
        )
    assert differ > 100


def test_evaluate_with_a_net_searches_with_it(copy: gammon.Net) -> None:
    start = gammon.Position.start()
    td1 = gammon.Net.load(TD1)
    assert gammon.evaluate(start, net=copy) == gammon.evaluate(start)
    # A net of one's own is never pruned (the pruning net is trained for the shipped nets):
    # its search is the shipped nets' unpruned one, whatever prune= says.
    for prune in (None, 1):
        assert gammon.evaluate(start, plies=1, net=copy, prune=prune) == gammon.evaluate(
            start, plies=1, prune=0
        )
    middle = gammon.Position.from_id("l5mDAQMsz+ALAA")
    every = gammon.hint(middle, (4, 2), plies=1, prune=0)
    mine = gammon.hint(middle, (4, 2), plies=1, net=copy, prune=1)
    assert [(str(h.play), h.equity) for h in mine] == [(str(h.play), h.equity) for h in every]
    assert gammon.evaluate(start, net=td1) != gammon.evaluate(start)
    e = gammon.evaluate(start, plies=1, net=td1)
    assert e.plies == 1 and 0.0 < e.win < 1.0
    # OFF-2: where the bear-off databases cover a position, every net gives its exact value.
    race = gammon.Position.from_checkers({1: 2, 2: 1}, {1: 1, 3: 1})
    assert gammon.evaluate(race, net=td1) == gammon.evaluate(race)
    assert gammon.evaluate(race, net=td1).source == "bearoff"


def test_a_long_nardy_net_from_bytes_plays_long_nardy() -> None:
    """LN-33: a copy of the Long Nardy weights plays the shipped net's Long Nardy games."""
    mine = gammon.Net.from_bytes(gammon.Net.shipped("long-nardy").to_bytes())
    start = gammon.Position.start("long-nardy")
    a = gammon.rollout(start, games=60, policy=mine, seed=2, threads=1)
    b = gammon.rollout(start, games=60, policy="net", seed=2, threads=1)
    assert a.tally == b.tally
    assert gammon.evaluate(start, net=mine) == gammon.evaluate(start)


def test_a_net_of_another_game_or_not_a_net_is_refused() -> None:
    nardy = gammon.Net.shipped("long-nardy")
    start = gammon.Position.start()
    with pytest.raises(gammon.InvalidInputError, match="plays long-nardy, not backgammon"):
        gammon.rollout(start, games=10, policy=nardy)
    with pytest.raises(gammon.InvalidInputError, match="plays long-nardy, not backgammon"):
        gammon.evaluate(start, net=nardy)
    with pytest.raises(gammon.InvalidInputError, match="plays long-nardy"):
        gammon.hint(start, (3, 1), net=nardy)
    with pytest.raises(gammon.InvalidInputError, match=r"net must be a gammon\.Net"):
        gammon.evaluate(start, net="net")  # type: ignore[arg-type]
    plays = start.legal_plays((3, 1))
    with pytest.raises(gammon.InvalidInputError, match="not the legal plays"):
        gammon.Net.shipped().choose(gammon.Position.start("nackgammon"), plays)


def test_a_net_plays_in_simulations_and_on_other_processes(copy: gammon.Net) -> None:
    """A net is pickled to an executor's worker processes and plays the same games there."""
    td1 = gammon.Net.load(TD1)
    players = (gammon.Player(td1, "race"), gammon.Player("net"))
    r = gammon.simulate_money(200, players=players, seed=2, threads=2)
    assert r.games_completed == 200
    direct = gammon.rollout(games=800, policy=(td1, copy), seed=6, threads=1)
    with ProcessPoolExecutor(2) as pool:
        spread = gammon.rollout(
            games=800, policy=(td1, copy), seed=6, executor=pool, games_per_task=300
        )
    assert spread.tally == direct.tally


def test_a_net_as_cube_policy_decides_as_net_does_over_its_own_probabilities(
    copy: gammon.Net,
) -> None:
    """CUBE-2/CUBE-5 by Janowski's model: a copy of the shipped weights as checker and cube
    policy plays the very money games and cubeful rollouts of ``("net", "net")``; another
    net's probabilities double and take otherwise."""
    td1 = gammon.Net.load(TD1)
    other = gammon.Player("pubeval", "race")
    kw = dict(seed=3, threads=1)
    shipped = gammon.simulate_money(300, players=(gammon.Player("net", "net"), other), **kw)  # type: ignore[arg-type]
    mine = gammon.simulate_money(300, players=(gammon.Player(copy, copy), other), **kw)  # type: ignore[arg-type]
    theirs = gammon.simulate_money(300, players=(gammon.Player(copy, td1), other), **kw)  # type: ignore[arg-type]
    assert mine.tally == shipped.tally and theirs.tally != shipped.tally
    assert gammon.Player(copy, td1).name == f"{copy.name}+{td1.name}"
    race = gammon.Position.from_checkers(
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}
    )
    a = gammon.rollout(race, 360, policy="net", cube="net", seed=1)
    b = gammon.rollout(race, 360, policy=copy, cube=copy, seed=1)
    assert a.equity == b.equity and b.cube_policies == (copy.name, copy.name)
    m = gammon.simulate_match(3, players=(gammon.Player(td1, td1), "pubeval"), matches=40, seed=2)
    assert m.matches_completed == 40


def test_a_net_cube_policy_plays_backgammon_and_nackgammon_only() -> None:
    nardy = gammon.Net.shipped("long-nardy")
    with pytest.raises(gammon.InvalidInputError, match="plays long-nardy, not backgammon"):
        gammon.simulate_money(10, players=(gammon.Player("net", nardy), "pubeval"))
    net = gammon.Net.shipped()
    with pytest.raises(gammon.InvalidInputError, match="nackgammon"):
        gammon.simulate_money(
            10, players=(gammon.Player("pubeval", net), "pubeval"), variant="hypergammon-3"
        )
    r = gammon.simulate_money(
        20, players=(gammon.Player("pubeval", net), "pubeval"), variant="nackgammon", seed=1
    )
    assert r.games_completed == 20


def test_a_net_as_the_evaluator_of_variance_reduction_and_truncation(
    copy: gammon.Net, tmp_path: Path
) -> None:
    """A copy of the shipped weights measures the luck and cuts games as ``"net"`` does;
    another net measures otherwise, and a checkpoint of it resumes with the net given again,
    or continues from its file when the same call runs again."""
    td1 = gammon.Net.load(TD1)
    kw = dict(games=400, policy="pubeval", seed=2, threads=1, variance_reduction=True)
    a = gammon.rollout(evaluator="net", **kw)  # type: ignore[arg-type]
    b = gammon.rollout(evaluator=copy, **kw)  # type: ignore[arg-type]
    c = gammon.rollout(evaluator=td1, **kw)  # type: ignore[arg-type]
    assert a.tally == b.tally and a.tally != c.tally
    assert b.evaluator == copy.name and f"variance reduction by {td1.name}" in c.describe()
    # The luck is taken off, the games are the same: the wins are those of the plain games.
    plain = gammon.rollout(games=400, policy="pubeval", seed=2, threads=1)
    assert c.win == plain.win and c.equity != plain.equity
    cut = dict(games=300, policy="pubeval", seed=5, threads=1, truncate_after=6, evaluator=td1)
    half = gammon.rollout(**cut)  # type: ignore[arg-type]
    whole = gammon.rollout(**{**cut, "games": 600})  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match=r"evaluator=\.\.\."):
        gammon.RolloutResult.from_dict(half.to_dict()).resume(300)
    with pytest.raises(gammon.InvalidInputError, match="checkpoint's evaluator"):
        gammon.RolloutResult.from_dict(half.to_dict(), evaluator=copy)
    again = gammon.RolloutResult.from_dict(half.to_dict(), evaluator=td1)
    assert again.resume(300).tally == whole.tally
    path = tmp_path / "cut.json"
    gammon.rollout(**cut, checkpoint=path)  # type: ignore[arg-type]
    assert gammon.rollout(**{**cut, "games": 600}, checkpoint=path).tally == whole.tally  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match="plays long-nardy"):
        gammon.rollout(**{**cut, "evaluator": gammon.Net.shipped("long-nardy")})  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match=r"or a gammon\.Net"):
        gammon.rollout(**{**cut, "evaluator": "gnubg"})  # type: ignore[arg-type]


def test_a_checkpoint_of_a_net_resumes_with_the_net_given_again(tmp_path: Path) -> None:
    td1 = gammon.Net.load(TD1)
    whole = gammon.rollout(games=400, policy=td1, seed=12, threads=1)
    half = gammon.rollout(games=200, policy=td1, seed=12, threads=1)
    path = tmp_path / "cp.json"
    path.write_text(__import__("json").dumps(half.to_dict()))
    saved = gammon.RolloutResult.from_dict(__import__("json").loads(path.read_text()))
    assert saved.policies == (td1.name, td1.name)
    with pytest.raises(gammon.InvalidInputError, match=f"the net '{td1.name}'"):
        saved.resume(200)
    again = gammon.RolloutResult.from_dict(half.to_dict(), policy=td1)
    assert again.resume(200).tally == whole.tally
    with pytest.raises(gammon.InvalidInputError, match="policy= names"):
        gammon.RolloutResult.from_dict(half.to_dict(), policy=gammon.Net.load(TD2))


# -- the command line -----------------------------------------------------------------------


def test_cli_hint_and_rollout_with_a_weights_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    td1 = gammon.Net.load(TD1)
    assert main(["hint", "43", "--net", str(TD1)]) == 0
    out = capsys.readouterr().out
    best = gammon.hint(gammon.Position.start(), (4, 3), net=td1)[0]
    assert f"1  {best.play}" in out and f"{best.equity:+.3f}" in out
    args = ["rollout", "--games", "300", "--threads", "1", "--seed", "3", "--quiet"]
    assert main([*args, "--net", str(TD1), "--opponent-policy", "pubeval"]) == 0
    out = capsys.readouterr().out
    assert f"{td1.name} vs pubeval" in out
    r = gammon.rollout(games=300, policy=(td1, "pubeval"), seed=3, threads=1)
    assert f"{r.equity:+.4f}" in out
    assert main([*args, "--net", str(tmp_path / "none.gnet")]) == 2
    assert "--net: cannot read" in capsys.readouterr().err
    assert main([*args, "--net", str(TD1), "--policy", "pubeval"]) == 2
    assert "neither side plays the policy net" in capsys.readouterr().err


def test_cli_resumes_a_net_checkpoint_with_net(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cp = str(tmp_path / "cp.json")
    base = ["rollout", "--threads", "1", "--seed", "5", "--quiet"]
    assert main([*base, "--games", "200", "--net", str(TD1), "--checkpoint", cp]) == 0
    capsys.readouterr()
    assert main(["rollout", "--resume", cp, "--games", "400", "--quiet"]) == 2
    assert "pass their weights file as --net" in capsys.readouterr().err
    assert main(["rollout", "--resume", cp, "--games", "400", "--quiet", "--net", str(TD2)]) == 2
    assert "holds" in capsys.readouterr().err
    assert main(["rollout", "--resume", cp, "--games", "400", "--quiet", "--net", str(TD1)]) == 0
    whole = gammon.rollout(games=400, policy=gammon.Net.load(TD1), seed=5, threads=1)
    assert f"{whole.equity:+.4f}" in capsys.readouterr().out


def test_cli_net_means_the_files_nets_as_evaluator_and_cube(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    td1 = gammon.Net.load(TD1)
    base = ["rollout", "--threads", "1", "--seed", "5", "--quiet", "--net", str(TD1)]
    vr = ["--policy", "pubeval", "--evaluator", "net", "--variance-reduction"]
    assert main([*base, "--games", "200", *vr]) == 0
    out = capsys.readouterr().out
    r = gammon.rollout(
        games=200, policy="pubeval", seed=5, threads=1, variance_reduction=True, evaluator=td1
    )
    assert f"variance reduction by {td1.name}" in out and f"{r.equity:+.4f}" in out
    assert main([*base, "--games", "100", "--cube", "net"]) == 0
    assert f"cube policy {td1.name}" in capsys.readouterr().out
    cp = str(tmp_path / "cp.json")
    cut = ["--policy", "pubeval", "--evaluator", "net", "--truncate-after", "6"]
    assert main([*base, "--games", "200", *cut, "--checkpoint", cp]) == 0
    capsys.readouterr()
    assert main(["rollout", "--resume", cp, "--games", "400", "--quiet"]) == 2
    assert "evaluated by the nets" in capsys.readouterr().err
    assert main(["rollout", "--resume", cp, "--games", "400", "--quiet", "--net", str(TD1)]) == 0
    whole = gammon.rollout(
        games=400, policy="pubeval", seed=5, threads=1, truncate_after=6, evaluator=td1
    )
    assert f"{whole.equity:+.4f}" in capsys.readouterr().out


# -- batch self-play and environments ------------------------------------------------------


@pytest.mark.parametrize("variant", ["backgammon", "long-nardy"])
def test_trajectories_of_a_net_are_its_self_play(variant: str) -> None:
    """``batch.trajectories(policy=net)``: a copy of the shipped weights records the very
    plies of ``"net"`` (LN-33 for Long Nardy's results); another net records its own games,
    every chosen play the one ``Net.choose`` picks (MOVE-9: one play per resulting board)."""
    from gammon import batch

    copy = gammon.Net.from_bytes(gammon.Net.shipped(variant).to_bytes())
    named = next(batch.trajectories(8, variant=variant, policy="net", seed=4))
    mine = next(batch.trajectories(8, variant=variant, policy=copy, seed=4))
    for field in named._fields:
        np.testing.assert_array_equal(getattr(named, field), getattr(mine, field))
    if variant != "backgammon":
        return
    td1 = gammon.Net.load(TD1)
    t = next(batch.trajectories(8, variant=variant, policy=td1, seed=4))
    assert len(t.board) != len(named.board) or not np.array_equal(t.after, named.after)
    for k in range(0, len(t.game), 7):
        if t.choices[k] < 2:
            continue
        pos = gammon.batch.positions(t.board[k : k + 1])[0]
        plays = pos.legal_plays(tuple(int(d) for d in t.dice[k]))
        assert td1.choose(pos, plays) == t.chosen[k]


def test_an_environment_plays_against_a_net_of_ones_own() -> None:
    """``VectorGammonEnv(opponent=net)``: a frozen net as the opponent, in Rust; a copy of the
    shipped weights plays the games of ``opponent="net"``, step for step."""
    from gammon.envs import VectorGammonEnv

    copy = gammon.Net.from_bytes(gammon.Net.shipped().to_bytes())
    td1 = gammon.Net.load(TD1)
    runs = []
    for opponent in ("net", copy, td1):
        env = VectorGammonEnv(16, opponent=opponent, seed=7)
        obs, info = env.reset(seed=7)
        rng = np.random.default_rng(3)
        seen = [obs]
        for _ in range(40):
            actions = [int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]]
            obs, _, _, _, info = env.step(actions)
            seen.append(obs)
        runs.append(np.stack(seen))
    np.testing.assert_array_equal(runs[0], runs[1])
    assert not np.array_equal(runs[0], runs[2])


class First:
    """A Python policy: the first legal play."""

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        return 0


def test_batch_calls_take_names_and_nets_not_python_policies() -> None:
    from gammon import batch
    from gammon.envs import VectorGammonEnv

    with pytest.raises(gammon.InvalidInputError, match="plays long-nardy, not backgammon"):
        next(batch.trajectories(1, policy=gammon.Net.shipped("long-nardy")))
    with pytest.raises(gammon.InvalidInputError, match="plays backgammon, not long-nardy"):
        VectorGammonEnv(2, variant="long-nardy", opponent=gammon.Net.load(TD1))
    with pytest.raises(gammon.InvalidInputError, match=r"built-in policy's name or a gammon\.Net"):
        next(batch.trajectories(1, policy=First()))  # type: ignore[arg-type]


def test_from_bytes_takes_any_bytes_like_object() -> None:
    data = TD1.read_bytes()
    net = gammon.Net.from_bytes(data)
    assert gammon.Net.from_bytes(bytearray(data)) == net
    assert gammon.Net.from_bytes(memoryview(data)) == net
    assert gammon.Net.from_bytes(np.frombuffer(data, dtype=np.uint8)) == net
    with pytest.raises(gammon.InvalidInputError, match="bytes-like"):
        gammon.Net.from_bytes("not bytes")  # type: ignore[arg-type]
    with pytest.raises(gammon.InvalidInputError, match="bytes-like"):
        gammon.Net.from_bytes(None)  # type: ignore[arg-type]
