"""A PettingZoo AEC environment: two learning agents.

Needs ``pettingzoo`` (the ``gammon[envs]`` extra).
"""

from __future__ import annotations

from typing import Any, ClassVar, Optional

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import gammon._core as _core
import gammon.batch as batch
import gammon.envs._engine as _engine
from gammon._core import Variant, find_variant
from gammon.envs._engine import ACTIONS
from gammon.envs.gym import OBS_HIGH

AGENTS = ["player_0", "player_1"]


class GammonAECEnv(AECEnv):  # type: ignore[misc]
    """Two agents, ``player_0`` and ``player_1``, taking turns; who starts is a coin flip.

    Each agent's observation is a dict: ``"observation"``, the float32 encoding of the board
    from its own side plus the dice one-hot (the observation of
    :class:`gammon.envs.VectorGammonEnv`; the dice are those of the agent to move), and
    ``"action_mask"``, an int8 mask over the fixed ``Discrete(3060)`` action space (action
    ``i`` = the ``i``-th play of ``Position.legal_plays(dice)``; action 0 is the pass when no
    play is legal, MOVE-8). At the end of a game the winner is rewarded the points won at cube
    1 and the loser their negative (SCORE-1, LN-33). An illegal action loses the game by 1
    point (pgx's convention).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "gammon_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str = "backgammon",
        encoding: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.variant = find_variant(variant)
        self.encoding = encoding or batch.default_encoding(self.variant)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        size = batch.ENCODING_UNITS[self.encoding] + 12
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBS_HIGH, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(ACTIONS,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in AGENTS}
        self._rng = np.random.default_rng()
        self._board = _engine.start_boards(self.variant, 1)
        self._dice = np.ones((1, 2), dtype=np.int8)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts a game; the roll-off picks the first agent."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._board = _engine.start_boards(self.variant, 1)
        self.agent_selection = self.agents[int(self._rng.integers(0, 2))]
        opening = _engine.opening(self.variant, 1, self._rng)
        self._new_roll(opening)

    def _new_roll(self, opening: Optional[npt.NDArray[np.bool_]] = None) -> None:
        self._dice = _engine.roll(self._rng, 1, opening)
        self._plays = batch.legal_plays(self._board, self._dice, variant=self.variant)
        self._mask = _core._env_masks(self._plays.offsets)[0]
        self.infos[self.agent_selection] = {"dice": tuple(int(d) for d in self._dice[0])}

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: the board from its side and the current dice."""
        board = self._board
        if agent != self.agent_selection:
            board = batch.flip(board, variant=self.variant)
        obs = _engine.observe(board, self._dice, self.variant, self.encoding)[0]
        mask = self._mask if agent == self.agent_selection else np.zeros(ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """Plays the selected agent's action."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        other = AGENTS[1 - AGENTS.index(agent)]
        a = np.array([-1 if action is None else int(action)], dtype=np.int64)
        after, legal = _core._env_apply(self._board, self._plays.boards, self._plays.offsets, a)
        self.rewards = {x: 0.0 for x in self.agents}
        if not legal[0]:
            self._finish(agent, other, 1.0)
            return
        points = int(batch.outcomes(after, variant=self.variant)[0])
        if points > 0:
            self._board = after
            self._finish(other, agent, float(points))
            return
        self._board = batch.flip(after, variant=self.variant)
        self.agent_selection = other
        self._new_roll()
        self._accumulate_rewards()

    def _finish(self, loser: str, winner: str, points: float) -> None:
        self.rewards[winner] = points
        self.rewards[loser] = -points
        self.terminations = {x: True for x in self.agents}
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text, from the side of the agent to move (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        pos = batch.positions(self._board, variant=self.variant)[0]
        return f"{self.agent_selection} to play {tuple(int(d) for d in self._dice[0])}\n{pos}"

    def close(self) -> None:
        """Nothing to release."""
