"""A Gymnasium environment: one learning agent against an opponent policy.

Needs ``gymnasium`` (the ``gammon[envs]`` extra). Importing :mod:`gammon.envs` registers it
with Gymnasium, one id a variant (:data:`gammon.envs.GYMNASIUM_IDS`)::

    >>> import gymnasium
    >>> import gammon.envs
    >>> env = gymnasium.make("gammon/Backgammon-v0", opponent="pubeval")
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape, int(info["action_mask"].sum()) >= 1
    ((210,), True)
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from gammon._core import Variant
from gammon.envs._engine import ACTIONS, Opponent
from gammon.envs.vector import VectorGammonEnv

#: Upper bound of every observation unit (the largest is TD-Gammon's bar unit, 15 / 2).
OBS_HIGH = 16.0


class GammonEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One game at a time against an opponent policy (the shipped net by default).

    The opponent (any policy: a built-in name, a :class:`gammon.Net`, a
    :class:`gammon.batch.Evaluator` or a ``choose(position, plays)`` policy), the spaces,
    rewards and the illegal-action rule are those of :class:`gammon.envs.VectorGammonEnv`
    with one game: ``action_space`` is
    ``Discrete(3060)`` (an index into ``Position.legal_plays(dice)``; ``info["action_mask"]``
    marks the legal ones, action 0 is the pass when no play is legal), ``observation_space`` a
    float32 ``Box`` of the encoding plus 12 dice units. After ``terminated``, call ``reset``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it)

    def __init__(
        self,
        variant: Variant | str = "backgammon",
        opponent: Opponent = "net",
        encoding: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        self._vec = VectorGammonEnv(
            1, variant=variant, opponent=opponent, encoding=encoding, autoreset=False
        )
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(ACTIONS)
        self.observation_space = spaces.Box(
            0.0, OBS_HIGH, shape=(self._vec.observation_size,), dtype=np.float32
        )
        self._info: dict[str, Any] = {}

    def _one(self, info: dict[str, Any]) -> dict[str, Any]:
        return {
            "action_mask": info["action_mask"][0],
            "dice": tuple(int(d) for d in info["dice"][0]),
            "board": info["boards"][0],
            "after": info["after"].boards.copy(),
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a game; returns the first observation and its info (with the action mask)."""
        super().reset(seed=seed)
        # One generator for dice, coin flips and the opponent: gymnasium's, seeded by `seed`.
        self._vec._rng = self.np_random
        obs, info = self._vec.reset()
        self._info = self._one(info)
        return obs[0], self._info

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Plays the agent's action and the opponent's turn."""
        obs, reward, terminated, truncated, info = self._vec.step(np.array([int(action)]))
        self._info = self._one(info)
        self._info["illegal"] = bool(info["illegal"][0])
        return obs[0], float(reward[0]), bool(terminated[0]), bool(truncated[0]), self._info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal-action mask of the current state (for maskable-policy libraries)."""
        mask: npt.NDArray[np.int8] = self._info["action_mask"]
        return mask

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``)."""
        import gammon.batch as batch

        if self.render_mode != "ansi":
            return None
        pos = batch.positions(self._vec.boards[:1], variant=self._vec.variant)[0]
        return f"{pos}\ndice: {tuple(int(d) for d in self._vec.dice[0])}"
