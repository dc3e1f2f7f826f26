"""Learning environments over gammon's batch API.

- :class:`VectorGammonEnv`: N games against an opponent policy, stepped by one numpy array of
  actions (numpy only).
- :class:`gammon.envs.gym.GammonEnv`: a Gymnasium environment (``pip install gammon[envs]``),
  registered with Gymnasium when this package is imported: ``gymnasium.make("gammon/
  Backgammon-v0")`` (the ids are :data:`GYMNASIUM_IDS`; ``gymnasium.make("gammon.envs:gammon/
  Backgammon-v0")`` imports this package itself).
- :class:`gammon.envs.aec.GammonAECEnv`: a PettingZoo AEC environment for two agents.

The opponent of the one-agent environments is any policy: the shipped net by default, another
built-in name, a :class:`gammon.Net`, your own batched model (:class:`gammon.batch.Evaluator`)
or a ``choose(position, plays)`` policy.

All share one fixed action space of ``ACTIONS = 3060`` actions, action ``i`` being the
``i``-th play of ``Position.legal_plays(dice)`` (the order of ``gammon.batch.legal_plays``),
with a legal-action mask; action 0 is the pass when no play is legal (MOVE-8). The actions are
checker plays only: no environment offers resignations (RESIGN-1), so an agent choosing at
random from the mask never resigns. Observations are ``gammon.batch.encode`` of the board from
the side of the player to move, followed by the two dice one-hot. See ``docs/backend.md``.

>>> from gammon.envs import VectorGammonEnv
>>> env = VectorGammonEnv(4, seed=1)
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape
((4, 210), (4, 3060))
"""

from __future__ import annotations

import importlib.util

from gammon.envs._engine import ACTIONS
from gammon.envs.vector import VectorGammonEnv

__all__ = ["ACTIONS", "GYMNASIUM_IDS", "VectorGammonEnv"]

#: The Gymnasium ids of :class:`gammon.envs.gym.GammonEnv` and their variants; keyword
#: arguments of ``gymnasium.make`` (``opponent=``, ``encoding=``, ``render_mode=``) reach the
#: environment.
GYMNASIUM_IDS: dict[str, str] = {
    "gammon/Backgammon-v0": "backgammon",
    "gammon/Nackgammon-v0": "nackgammon",
    "gammon/Hypergammon-v0": "hypergammon-3",
    "gammon/LongNardy-v0": "long-nardy",
}


def _register() -> None:
    """Registers :data:`GYMNASIUM_IDS` with Gymnasium, when it is installed."""
    if importlib.util.find_spec("gymnasium") is None:
        return
    from gymnasium.envs.registration import register, registry

    for env_id, variant in GYMNASIUM_IDS.items():
        if env_id not in registry:
            register(
                id=env_id, entry_point="gammon.envs.gym:GammonEnv", kwargs={"variant": variant}
            )


_register()
