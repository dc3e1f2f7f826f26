"""The array engine shared by the environments: N games advanced together, numpy only.

Every board is in the owner's view of :mod:`gammon.batch`, owned by the player to move.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import numpy as np
import numpy.typing as npt

import gammon._core as _core
import gammon.batch as batch
from gammon._core import Net, Play, PlayList, Position, Variant
from gammon.errors import InvalidInputError

#: Size of the fixed action space: an upper bound on the distinct legal plays of any roll in
#: any variant (gammon-core's ``MAX_PLAYS``).
ACTIONS: int = _core.MAX_PLAYS

Array = npt.NDArray[np.int8]


def start_boards(variant: Variant, n: int) -> Array:
    """``n`` copies of the starting board (BG-7, LN-6)."""
    return np.repeat(batch.boards([Position.start(variant)]), n, axis=0)


def roll(rng: np.random.Generator, n: int, opening: npt.NDArray[np.bool_] | None = None) -> Array:
    """``n`` rolls; where ``opening`` is set, never a double (BG-10's opening roll)."""
    dice = rng.integers(1, 7, size=(n, 2)).astype(np.int8)
    if opening is not None:
        again = opening & (dice[:, 0] == dice[:, 1])
        while again.any():
            dice[again] = rng.integers(1, 7, size=(int(again.sum()), 2))
            again = opening & (dice[:, 0] == dice[:, 1])
    return dice


def observe(boards: Array, dice: Array, variant: Variant, encoding: str) -> npt.NDArray[np.float32]:
    """Observations: the encoding of each board (owner on roll), then the dice one-hot.

    Units ``0 .. K``: ``gammon.batch.encode(boards, encoding, on_roll=True)``; then 12 units:
    ``K + d - 1`` is 1 for the first die ``d`` and ``K + 6 + d - 1`` for the second (larger
    die first is not required: the two dice in the order rolled).
    """
    return _core._env_observe(boards, dice, variant, encoding)


def borne_off(boards: Array) -> npt.NDArray[np.bool_]:
    """Rows whose owner has no checker left on the board or the bar: the owner has won.

    (SCORE-1, LN-33.) A numpy test, so that only finished rows need ``batch.outcomes``.
    """
    over: npt.NDArray[np.bool_] = ~np.any(boards[:, 1:] > 0, axis=1)
    return over


#: An opponent: a built-in policy's name, a ``gammon.Net``, a batched ``gammon.batch.Evaluator``
#: or a policy choosing one position at a time (an object with ``choose(position, plays)``,
#: such as ``gammon.FunctionPolicy(f)``).
Opponent = Union[str, Net, batch.Evaluator, Any]


def check_opponent(opponent: object, variant: Variant) -> None:
    """Raises ``InvalidInputError`` naming what is wrong with ``opponent`` for ``variant``.

    A built-in name or a net is tried on the starting position (a name of another game, a
    net of another game); a Python policy is not called.
    """
    if isinstance(opponent, (str, Net)):
        start = start_boards(variant, 1)
        _core._batch_policy_play(start, np.array([[2, 1]], np.int8), variant, opponent, 0)
        return
    if isinstance(opponent, batch.Evaluator):
        opponent.encoding_for(variant)
        return
    if callable(getattr(opponent, "choose", None)):
        return
    kind = "a function" if callable(opponent) else repr(opponent)
    raise InvalidInputError(
        "the opponent is a built-in policy's name, a gammon.Net, a batched evaluator wrapped "
        "in gammon.batch.Evaluator(f) or a policy with choose(position, plays) (a function "
        f"f(position, plays) wrapped in gammon.FunctionPolicy(f)); got {kind}"
    )


def opponent_turn(
    boards: Array,
    dice: Array,
    variant: Variant,
    policy: Opponent,
    rng: np.random.Generator,
) -> Array:
    """One turn of the opponent for each row: the boards after, the mover's.

    A built-in policy or a net plays in Rust; an evaluator scores every candidate of every
    row in one call (each row takes its best-scored play, the first of equal scores, as in
    ``gammon.batch.play_games``); a Python policy chooses row by row. Forced plays and passes
    (MOVE-8) are made without asking.
    """
    if isinstance(policy, (str, Net)):
        seed = int(rng.integers(0, 2**62))
        return _core._batch_policy_play(
            np.ascontiguousarray(boards), np.ascontiguousarray(dice), variant, policy, seed
        )
    plays = batch.legal_plays(boards, dice, variant=variant)
    if isinstance(policy, batch.Evaluator):
        # Each row takes its best-scored play (the first of equal scores; forced plays and
        # passes unscored), as in ``gammon.batch.play_games``.
        enc = policy.encoding_for(variant)
        chosen = _core._env_best(plays.boards, plays.offsets, variant, enc, policy)
    else:
        chosen = _chosen_by(policy, boards, dice, np.diff(plays.offsets), variant)
    after, _ = _core._env_apply(boards, plays.boards, plays.offsets, chosen)
    return after


def _chosen_by(
    policy: Any,
    boards: Array,
    dice: Array,
    counts: npt.NDArray[np.int64],
    variant: Variant,
) -> npt.NDArray[np.int64]:
    """The index of the play a Python policy chooses in each row with a choice."""
    chosen = np.zeros(len(counts), dtype=np.int64)
    ask = np.flatnonzero(counts > 1)
    if len(ask) == 0:
        return chosen
    choose: Callable[[Position, PlayList], Union[Play, int]] = policy.choose
    for k, pos in zip(ask, batch.positions(boards[ask], variant=variant)):
        plays = pos.legal_plays((int(dice[k, 0]), int(dice[k, 1])))
        pick = choose(pos, plays)
        if isinstance(pick, (int, np.integer)) and not isinstance(pick, bool):
            index = int(pick)
        else:
            index = next((i for i, p in enumerate(plays) if p == pick), -1)
        if not 0 <= index < len(plays):
            raise InvalidInputError(
                f"the opponent {policy!r} chose {pick!r}: not one of the {len(plays)} plays"
            )
        chosen[k] = index
    return chosen


def opening(variant: Variant, n: int, rng: np.random.Generator) -> Optional[npt.NDArray[np.bool_]]:
    """Where the first roll of a game is an opening roll (BG-10): backgammon only (LN-10)."""
    return None if variant == Variant.LONG_NARDY else np.ones(n, dtype=bool)
