"""The learning environments: the libraries' own checkers, the fixed action space and its mask,
rewards at the end of games (SCORE-1, LN-33), and the vectorized environment."""

from __future__ import annotations

import numpy as np
import pytest

import gammon
import gammon.envs
from gammon import batch
from gammon.envs import ACTIONS, VectorGammonEnv

gymnasium = pytest.importorskip("gymnasium")
pettingzoo = pytest.importorskip("pettingzoo")

VARIANTS = ["backgammon", "hypergammon-3", "long-nardy"]


def _masked_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env(variant: str) -> None:
    from gymnasium.utils.env_checker import check_env

    from gammon.envs.gym import GammonEnv

    check_env(GammonEnv(variant=variant), skip_render_check=True)


# The masked-action convention of PettingZoo's own classic games (a Dict of "observation" and
# "action_mask") draws these advisory warnings outside the games api_test knows by name.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    from pettingzoo.test import api_test

    from gammon.envs.aec import GammonAECEnv

    api_test(GammonAECEnv(variant=variant), num_cycles=200)


@pytest.mark.parametrize("variant", VARIANTS)
def test_gym_games_end_with_score1_rewards(variant: str) -> None:
    """Masked random play ends every game with +-1, 2 or 3 points (SCORE-1, LN-33)."""
    from gammon.envs.gym import GammonEnv

    env = GammonEnv(variant=variant)
    rng = np.random.default_rng(0)
    for game in range(5):
        obs, info = env.reset(seed=game)
        assert obs.shape == env.observation_space.shape
        for _ in range(2000):
            mask = info["action_mask"]
            # The mask covers exactly the candidate boards (or the pass).
            assert mask.sum() == max(len(info["after"]), 1)
            obs, reward, terminated, _, info = env.step(_masked_action(mask, rng))
            if terminated:
                assert abs(reward) in (1.0, 2.0, 3.0) and not info["illegal"]
                break
            assert reward == 0.0
        else:
            pytest.fail("game did not end")


def test_illegal_action_loses_one_point() -> None:
    from gammon.envs.gym import GammonEnv

    env = GammonEnv()
    _, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert terminated and reward == -1.0 and info["illegal"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_vector_env_steps_many_games(variant: str) -> None:
    """N games in lockstep: masks match the candidate boards, every action taken from the mask is
    applied, and finished games restart (autoreset) with SCORE-1 rewards."""
    env = VectorGammonEnv(32, variant=variant, opponent="random", seed=5)
    obs, info = env.reset()
    assert obs.shape == (32, env.observation_size) and obs.dtype == np.float32
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(300):
        mask = info["action_mask"]
        assert mask.shape == (32, ACTIONS)
        np.testing.assert_array_equal(
            mask.sum(axis=1), np.maximum(np.diff(info["after"].offsets), 1)
        )
        # The board of each row is a valid position of the variant, owned by the agent.
        batch.validate(info["boards"], variant=variant)
        actions = np.array([_masked_action(m, rng) for m in mask])
        obs, reward, terminated, _, info = env.step(actions)
        assert not info["illegal"].any()
        assert set(np.abs(reward[terminated])) <= {1.0, 2.0, 3.0}
        assert (reward[~terminated] == 0).all()
        finished += int(terminated.sum())
    assert finished > 0


def test_vector_env_against_heuristic_loses_more_often() -> None:
    """A random agent against the built-in heuristic loses on balance (the opponent is real)."""
    env = VectorGammonEnv(64, opponent="heuristic", seed=2)
    _, info = env.reset()
    rng = np.random.default_rng(3)
    total = 0.0
    games = 0
    while games < 200:
        actions = np.array([_masked_action(m, rng) for m in info["action_mask"]])
        _, reward, terminated, _, info = env.step(actions)
        total += float(reward.sum())
        games += int(terminated.sum())
    assert total / games < -0.3


def test_env_bad_arguments() -> None:
    with pytest.raises(gammon.errors.InvalidInputError):
        VectorGammonEnv(0)
    with pytest.raises(gammon.errors.InvalidInputError):
        VectorGammonEnv(2, variant="long-nardy", opponent="pubeval")
    env = VectorGammonEnv(2, seed=0)
    env.reset()
    with pytest.raises(gammon.errors.InvalidInputError):
        env.step([0, 0, 0])


def _run(env: VectorGammonEnv, steps: int, seed: int) -> list[np.ndarray]:
    """The agent's boards over ``steps`` steps of masked random play (a record of the games)."""
    rng = np.random.default_rng(seed)
    _, info = env.reset()
    seen = [info["boards"]]
    for _ in range(steps):
        actions = np.array([_masked_action(m, rng) for m in info["action_mask"]])
        _, _, _, _, info = env.step(actions)
        seen.append(info["boards"])
    return seen


def test_the_default_opponent_is_the_shipped_net() -> None:
    assert VectorGammonEnv(1).opponent == "net"
    default = _run(VectorGammonEnv(8, seed=3), 30, seed=1)
    net = _run(VectorGammonEnv(8, opponent=gammon.Net.shipped(), seed=3), 30, seed=1)
    randomly = _run(VectorGammonEnv(8, opponent="random", seed=3), 30, seed=1)
    assert all(np.array_equal(a, b) for a, b in zip(default, net))
    assert not all(np.array_equal(a, b) for a, b in zip(default, randomly))


def _bear_off_rows(rows: np.ndarray) -> np.ndarray:
    """Prefers the mover's borne-off checkers, then its checkers on its six home points."""
    return rows[:, 97] * 100 + rows[:, 72:96].sum(axis=1)


class BearOffChooser:
    """The same choice as ``_bear_off_rows``, made one position at a time in Python."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, position: gammon.Position, plays: gammon.PlayList) -> int:
        self.calls += 1
        rows = batch.encode(plays.boards(), "tdgammon", on_roll=False)
        return int(np.argmax(_bear_off_rows(rows)))


def test_your_own_batched_model_is_an_opponent() -> None:
    """A batched evaluator plays the opponent's turns exactly as the same choice made one
    position at a time, and as differently from the net as its preferences say."""
    chooser = BearOffChooser()
    batched = _run(VectorGammonEnv(8, opponent=batch.Evaluator(_bear_off_rows), seed=4), 40, 2)
    python = _run(VectorGammonEnv(8, opponent=chooser, seed=4), 40, 2)
    net = _run(VectorGammonEnv(8, seed=4), 40, 2)
    assert chooser.calls > 0
    assert all(np.array_equal(a, b) for a, b in zip(batched, python))
    assert not all(np.array_equal(a, b) for a, b in zip(batched, net))


@pytest.mark.parametrize("variant", ["hypergammon-3", "long-nardy"])
def test_an_evaluator_opponent_plays_every_variant(variant: str) -> None:
    encoding = "nardy" if variant == "long-nardy" else "tdgammon"
    first = batch.Evaluator(lambda rows: np.zeros(len(rows)))  # always the first play
    env = VectorGammonEnv(16, variant=variant, opponent=first, seed=6)
    assert env.encoding == encoding
    seen = _run(env, 60, 3)
    for boards in seen:
        batch.validate(boards, variant=variant)


def test_a_bare_function_or_a_foreign_net_is_not_an_opponent() -> None:
    with pytest.raises(gammon.errors.InvalidInputError, match=r"gammon\.batch\.Evaluator"):
        VectorGammonEnv(2, opponent=lambda rows: rows[:, 0])
    with pytest.raises(gammon.errors.InvalidInputError):
        VectorGammonEnv(2, opponent=gammon.Net.shipped("long-nardy"))
    with pytest.raises(gammon.errors.InvalidInputError, match="evaluator returned"):
        env = VectorGammonEnv(4, opponent=batch.Evaluator(lambda rows: rows[:1, 0]), seed=1)
        _run(env, 10, 1)


@pytest.mark.parametrize("env_id", sorted(gammon.envs.GYMNASIUM_IDS))
def test_the_environments_are_registered_with_gymnasium(env_id: str) -> None:
    env = gymnasium.make(env_id, opponent="random")
    obs, info = env.reset(seed=2)
    inner = env.unwrapped
    assert inner._vec.variant == gammon.find_variant(gammon.envs.GYMNASIUM_IDS[env_id])
    assert inner._vec.opponent == "random"
    assert obs.shape == env.observation_space.shape
    assert info["action_mask"].sum() == max(len(info["after"]), 1)
