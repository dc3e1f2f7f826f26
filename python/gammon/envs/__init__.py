"""Learning environments over gammon's batch API.

- :class:`VectorGammonEnv`: N games against a built-in policy, stepped by one numpy array of
  actions (numpy only).
- :class:`gammon.envs.gym.GammonEnv`: a Gymnasium environment (``pip install gammon[envs]``).
- :class:`gammon.envs.aec.GammonAECEnv`: a PettingZoo AEC environment for two agents.

All share one fixed action space of ``ACTIONS = 3060`` actions, action ``i`` being the
``i``-th play of ``Position.legal_plays(dice)`` (the order of ``gammon.batch.legal_plays``),
with a legal-action mask; action 0 is the pass when no play is legal (MOVE-8). Observations
are ``gammon.batch.encode`` of the board from the side of the player to move, followed by the
two dice one-hot. See ``docs/backend.md``.

>>> from gammon.envs import VectorGammonEnv
>>> env = VectorGammonEnv(4, seed=1)
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape
((4, 210), (4, 3060))
"""

from __future__ import annotations

from gammon.envs._engine import ACTIONS
from gammon.envs.vector import VectorGammonEnv

__all__ = ["ACTIONS", "VectorGammonEnv"]
