"""A vectorized environment: N games against an opponent policy, stepped by one numpy array."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

import gammon._core as _core
import gammon.batch as batch
import gammon.envs._engine as _engine
from gammon._core import Variant, find_variant
from gammon.envs._engine import ACTIONS, Opponent
from gammon.errors import InvalidInputError

Info = dict[str, Any]


class VectorGammonEnv:
    """``num_envs`` games of one variant, the learning agent against an opponent policy.

    The agent moves in every game at every step; between two steps the opponent plays its turn
    in every game. The opponent is any policy:

    - ``"net"`` (the default: the shipped net of the variant's game), ``"random"``,
      ``"pubeval"`` or ``"heuristic"`` (Long Nardy: ``"random"``, ``"heuristic"`` or
      ``"net"``), or a :class:`gammon.Net` of the variant's game, say a frozen copy of the
      agent's own net written by ``gammon-train``: played in Rust for all games in one call;
    - a :class:`gammon.batch.Evaluator`, your own batched model (say the agent's own network,
      for self-play): ONE call scores the candidate plays of every game, each game taking its
      best-scored play;
    - a policy choosing one position at a time (``choose(position, plays)``, or a function
      wrapped in :class:`gammon.FunctionPolicy`): called game by game, the slow path.

    Who starts a game is a coin flip (the roll-off); in backgammon the first roll is never a
    double (BG-10), in Long Nardy it is any roll (LN-10).

    **Action space** (fixed, ``ACTIONS = 3060`` actions): action ``i`` is the ``i``-th play of
    ``Position.legal_plays(dice)`` for the agent's board and roll (the order of
    ``gammon.batch.legal_plays``, one play per distinct resulting position, MOVE-9). The mask
    ``info["action_mask"]`` (``(N, ACTIONS)`` int8) marks the legal ones; with no legal play
    (MOVE-8) action 0 is the pass. ``info["after"]`` gives the candidate boards (``Plays``),
    so an after-state evaluator can score them without Python per position.

    **Illegal action**: the game ends as a loss of 1 point for the agent (the convention of
    pgx), and ``info["illegal"]`` marks it.

    **Observation** (``(N, K + 12)`` float32): ``gammon.batch.encode`` of the agent's board
    (owned by the agent, on roll; ``encoding`` defaults to ``"tdgammon"``, ``"nardy"`` for Long
    Nardy), then the two dice one-hot (6 units each).

    **Reward**: at the end of a game, the points won at cube 1 (+1/+2/+3 for the agent's
    single/gammon/backgammon win, negative for a loss, SCORE-1, LN-33); 0 otherwise.

    With ``autoreset`` (the default) a finished game is replaced in the same step: the returned
    observation is the new game's first, and ``terminated`` marks the rows whose game ended.

    ``info["after"]`` views memory that the environment reuses (two buffers in turn, so that
    the step's arrays are written into memory already touched): it stays valid through the
    next step; copy it to keep it longer. Observations, rewards and masks are fresh arrays.
    """

    def __init__(
        self,
        num_envs: int,
        *,
        variant: Variant | str = "backgammon",
        opponent: Opponent = "net",
        encoding: Optional[str] = None,
        seed: Optional[int] = None,
        autoreset: bool = True,
    ) -> None:
        if num_envs < 1:
            raise InvalidInputError(f"num_envs must be at least 1, got {num_envs}")
        self.num_envs = num_envs
        self.variant = find_variant(variant)
        self.opponent = opponent
        self.encoding = encoding or batch.default_encoding(self.variant)
        if self.encoding not in batch.ENCODING_UNITS:
            raise InvalidInputError(f"unknown encoding {self.encoding!r}")
        self.observation_size = batch.ENCODING_UNITS[self.encoding] + 12
        self.autoreset = autoreset
        self._rng = np.random.default_rng(seed)
        self.boards = _engine.start_boards(self.variant, num_envs)
        self.dice = np.ones((num_envs, 2), dtype=np.int8)
        self.done = np.zeros(num_envs, dtype=bool)
        self._opening = np.zeros(num_envs, dtype=bool)
        self._buffers = (batch.LegalPlaysBuffer(), batch.LegalPlaysBuffer())
        self._turn = 0
        self.plays: batch.Plays = batch.legal_plays(self.boards, self.dice, variant=self.variant)
        # Checks the opponent now rather than at the first step.
        _engine.check_opponent(opponent, self.variant)

    @property
    def action_count(self) -> int:
        """The size of the fixed action space."""
        return ACTIONS

    def reset(self, seed: Optional[int] = None) -> tuple[npt.NDArray[np.float32], Info]:
        """Starts a new game in every row; returns the observations and the info."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._new_games(np.arange(self.num_envs))
        self.done[:] = False
        return self._roll_and_observe(np.ones(self.num_envs, dtype=bool))

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Info,
    ]:
        """Plays each row's action, then the opponent's turn.

        Returns ``(obs, reward, terminated, truncated, info)``, each with one row per game.
        """
        a = np.asarray(actions, dtype=np.int64).reshape(-1)
        if a.shape != (self.num_envs,):
            raise InvalidInputError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        live = ~self.done
        after, legal = _core._env_apply(self.boards, self.plays.boards, self.plays.offsets, a)
        reward = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.zeros(self.num_envs, dtype=bool)
        illegal = live & ~legal
        reward[illegal] = -1.0
        ended |= illegal
        won = live & legal & _engine.borne_off(after)
        if won.any():
            reward[won] = batch.outcomes(after[won], variant=self.variant)
        ended |= won
        new_boards = self.boards.copy()
        new_boards[won] = after[won]
        cont = np.flatnonzero(live & ~ended)
        if len(cont):
            theirs = batch.flip(after[cont], variant=self.variant)
            played = _engine.opponent_turn(
                theirs, _engine.roll(self._rng, len(cont)), self.variant, self.opponent, self._rng
            )
            lost = _engine.borne_off(played)
            mine = batch.flip(played, variant=self.variant)
            new_boards[cont] = mine
            if lost.any():
                reward[cont[lost]] = batch.outcomes(mine[lost], variant=self.variant)
            ended[cont[lost]] = True
        self.boards = new_boards
        info_extra: Info = {"illegal": illegal, "result": reward.copy()}
        fresh = ~ended & live
        if self.autoreset:
            rows = np.flatnonzero(ended)
            if len(rows):
                self._new_games(rows)
            fresh = live | ended
        else:
            self.done |= ended
        obs, info = self._roll_and_observe(fresh)
        info.update(info_extra)
        return obs, reward, ended, np.zeros(self.num_envs, dtype=bool), info

    def _new_games(self, rows: npt.NDArray[np.intp]) -> None:
        """Starts new games in ``rows``.

        A coin flip says who starts; when the opponent does, it plays its first turn now.
        """
        k = len(rows)
        boards = _engine.start_boards(self.variant, k)
        theirs_first = self._rng.random(k) < 0.5
        first = _engine.opening(self.variant, k, self._rng)
        if theirs_first.any():
            m = int(theirs_first.sum())
            dice = _engine.roll(self._rng, m, None if first is None else first[:m])
            played = _engine.opponent_turn(
                boards[theirs_first], dice, self.variant, self.opponent, self._rng
            )
            boards[theirs_first] = batch.flip(played, variant=self.variant)
        self.boards[rows] = boards
        self._opening[rows] = ~theirs_first if first is not None else False

    def _roll_and_observe(
        self, fresh: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], Info]:
        """Rolls new dice where ``fresh`` (opening rolls where due).

        Then computes the legal plays, masks and observations of every row.
        """
        opening = self._opening if self.variant != Variant.LONG_NARDY else None
        dice = _engine.roll(self._rng, self.num_envs, opening)
        self.dice = np.where(fresh[:, None], dice, self.dice).astype(np.int8)
        self._opening[:] = False
        self._turn ^= 1
        self.plays = batch.legal_plays(
            self.boards, self.dice, variant=self.variant, out=self._buffers[self._turn]
        )
        obs = _engine.observe(self.boards, self.dice, self.variant, self.encoding)
        info: Info = {
            "action_mask": _core._env_masks(self.plays.offsets),
            "dice": self.dice.copy(),
            "boards": self.boards.copy(),
            "after": self.plays,
        }
        return obs, info
