"""Whole batches of positions as numpy arrays, with no Python per position.

Every board array here has ONE layout, the **owner's view**: shape ``(N, 26)``, dtype ``int8``,
each row seen from one player, the row's *owner*:

- index 1..24: the owner's points in the owner's numbering, positive counts for the owner's
  checkers, negative for the opponent's;
- index 25: the owner's checkers on the bar; index 0: the opponent's bar as a negative count
  (both always 0 in Long Nardy, which has no bar).

A board of a position about to be played is owned by the player on roll (it is
``Position.board()``). A board that results from a play is owned by the player who made it,
the mover (it is a row of ``PlayList.boards()``); turn it over with :func:`flip` to get the
board of the opponent, now on roll. Colors do not appear: an owner's view is the same for
White and Black.

>>> import numpy as np
>>> import gammon
>>> from gammon import batch
>>> start = batch.boards([gammon.Position.start()])
>>> res = batch.legal_plays(np.repeat(start, 2, axis=0), np.array([[3, 1], [6, 6]]))
>>> res.offsets.tolist()
[0, 16, 27]
>>> res.boards.shape
(27, 26)
>>> batch.encode(res.boards, "tdgammon", on_roll=False).shape
(27, 198)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, NamedTuple, Union

import numpy as np
import numpy.typing as npt

import gammon._core as _core
from gammon._core import Net, Position, Variant
from gammon._distribute import (
    DEFAULT_GAMES_PER_TASK,
    DEFAULT_RETRIES,
    check_executor,
    check_picklable,
    run_ranges,
)
from gammon.errors import InvalidDiceError, InvalidInputError

__all__ = [
    "ENCODING_UNITS",
    "Evaluator",
    "LegalPlaysBuffer",
    "PlayedGames",
    "Plays",
    "Trajectories",
    "boards",
    "checkers_off",
    "default_encoding",
    "encode",
    "flip",
    "from_ids",
    "game_over",
    "legal_plays",
    "outcomes",
    "pip_counts",
    "play_games",
    "positions",
    "to_ids",
    "trajectories",
    "validate",
]

#: Units per board of each encoding (see :func:`encode`), as the core defines them.
ENCODING_UNITS: dict[str, int] = dict(_core.ENCODING_UNITS)

Boards = npt.NDArray[np.int8]
BoardsLike = Union[npt.ArrayLike, Sequence[Position]]


class Plays(NamedTuple):
    """The legal plays of N (board, dice) pairs, as :func:`legal_plays` returns them."""

    #: ``(M, 26)`` int8: the board after each play, owned by the mover (as ``PlayList.boards()``).
    boards: Boards
    #: ``(N + 1,)`` int64: the plays of pair ``i`` are rows ``offsets[i]:offsets[i + 1]``.
    offsets: npt.NDArray[np.int64]
    #: ``(M, 4, 2)`` int8 ``(from, to)`` of each move (25 = bar, 0 = off, -1 = no move),
    #: or ``None`` unless asked for.
    moves: npt.NDArray[np.int8] | None


def _prepare(data: BoardsLike, variant: Variant | str | None) -> tuple[Boards, Variant]:
    """An ``(N, 26)`` C-contiguous int8 array and its variant from an array or positions."""
    if isinstance(data, Sequence) and len(data) > 0 and isinstance(data[0], Position):
        items = [p for p in data if isinstance(p, Position)]
        if len(items) != len(data):
            raise InvalidInputError("boards must be an (N, 26) array or a list of Positions only")
        array = _core._batch_boards(items)
        found = data[0].variant
        if variant is not None and _core.find_variant(variant) != found:
            raise InvalidInputError(f"the positions are {found.canonical_name}, not {variant}")
        return array, found
    try:
        array = np.asarray(data)
    except (ValueError, TypeError) as e:
        raise InvalidInputError(f"boards must be an (N, 26) array of ints: {e}") from None
    if array.ndim != 2 or array.shape[1] != 26:
        raise InvalidInputError(f"boards must have shape (N, 26), got {array.shape}")
    if array.dtype != np.int8:
        if not np.issubdtype(array.dtype, np.integer):
            raise InvalidInputError(f"boards must hold integers, got dtype {array.dtype}")
        if array.size and (array.min() < -15 or array.max() > 15):
            raise InvalidInputError("board counts must lie in -15..15")
    return np.ascontiguousarray(array, dtype=np.int8), _core.find_variant(variant or "backgammon")


def boards(positions: Sequence[Position]) -> Boards:
    """The ``(N, 26)`` boards of positions of one variant, each owned by its player on roll."""
    return _core._batch_boards(list(positions))


def validate(boards: BoardsLike, *, variant: Variant | str | None = None) -> int:
    """Checks every row; returns N or raises ``InvalidPositionError`` naming the first bad row."""
    array, v = _prepare(boards, variant)
    return _core._batch_validate(array, v)


def positions(
    boards: BoardsLike, *, variant: Variant | str | None = None, turn: str = "white"
) -> list[Position]:
    """``Position`` objects of the rows, each owner on roll as ``turn``."""
    array, v = _prepare(boards, variant)
    return _core._batch_positions(array, v, turn)


def to_ids(boards: BoardsLike, *, variant: Variant | str | None = None) -> list[str]:
    """The Position ID of each row (gnubg's, owner on roll)."""
    array, v = _prepare(boards, variant)
    return _core._batch_to_ids(array, v)


def from_ids(ids: Sequence[str], *, variant: Variant | str = "backgammon") -> Boards:
    """The boards of Position IDs, each owned by the player on roll."""
    return _core._batch_from_ids(list(ids), variant)


class LegalPlaysBuffer:
    """Reusable output memory for :func:`legal_plays` (``out=``).

    Each call with a fresh result allocates a few MB, and touching fresh memory for the first
    time (page faults) can cost more than generating the plays. A buffer keeps its arrays
    from call to call and grows them (by doubling) only when a call needs more rows, so
    repeated calls write into memory already touched. The :class:`Plays` returned with
    ``out=buffer`` are views of the buffer: the next call with the same buffer overwrites
    them (copy what you keep). A buffer serves one thread at a time: a call while another
    thread's call is filling it raises :class:`~gammon.InvalidInputError` (use one buffer per
    thread).

    >>> import numpy as np
    >>> import gammon
    >>> buf = LegalPlaysBuffer()
    >>> start = boards([gammon.Position.start()])
    >>> legal_plays(start, np.array([[3, 1]]), out=buf).offsets.tolist()
    [0, 16]
    >>> two = np.repeat(start, 2, axis=0)
    >>> legal_plays(two, np.array([[6, 6], [2, 1]]), out=buf).offsets.tolist()
    [0, 11, 26]
    """

    def __init__(self, rows: int = 0, pairs: int = 0) -> None:
        if rows < 0 or pairs < 0:
            raise InvalidInputError("rows and pairs must be non-negative")
        self._boards: Boards = np.empty((rows, 26), dtype=np.int8)
        self._offsets: npt.NDArray[np.int64] = np.empty(pairs + 1, dtype=np.int64)
        self._moves: Boards = np.empty((0, 4, 2), dtype=np.int8)
        self._busy = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_busy"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._busy = threading.Lock()

    @property
    def capacity(self) -> int:
        """How many resulting positions the buffer holds without growing."""
        return len(self._boards)

    def _offsets_for(self, n: int) -> npt.NDArray[np.int64]:
        if len(self._offsets) < n + 1:
            self._offsets = np.empty(max(n + 1, 2 * len(self._offsets)), dtype=np.int64)
        return self._offsets[: n + 1]

    def _fill(self, array: Boards, dice: Boards, variant: Variant, moves: bool) -> Plays:
        if not self._busy.acquire(blocking=False):
            raise InvalidInputError(
                "this LegalPlaysBuffer is being filled by another thread: use one buffer per thread"
            )
        try:
            return self._fill_unlocked(array, dice, variant, moves)
        finally:
            self._busy.release()

    def _fill_unlocked(self, array: Boards, dice: Boards, variant: Variant, moves: bool) -> Plays:
        offsets = self._offsets_for(len(array))
        if moves and len(self._moves) < len(self._boards):
            self._moves = np.empty((len(self._boards), 4, 2), dtype=np.int8)
        mv = self._moves[: len(self._boards)] if moves else None
        m = _core._batch_legal_plays_into(array, dice, variant, self._boards, offsets, mv)
        if m > len(self._boards):
            self._boards = np.empty((max(m, 2 * len(self._boards)), 26), dtype=np.int8)
            if moves:
                self._moves = np.empty((len(self._boards), 4, 2), dtype=np.int8)
            mv = self._moves[: len(self._boards)] if moves else None
            m = _core._batch_legal_plays_into(array, dice, variant, self._boards, offsets, mv)
        return Plays(self._boards[:m], offsets, self._moves[:m] if moves else None)


def legal_plays(
    boards: BoardsLike,
    dice: npt.ArrayLike,
    *,
    variant: Variant | str | None = None,
    moves: bool = False,
    out: LegalPlaysBuffer | None = None,
) -> Plays:
    """Every legal play of N (board, dice) pairs in one call, the GIL released.

    ``boards`` is an ``(N, 26)`` array owned by the player on roll (or a list of positions),
    ``dice`` an ``(N, 2)`` array of ints 1-6. The result's rows follow, for each pair, the order
    of ``Position.legal_plays(dice)`` and are owned by the mover (as ``PlayList.boards()``); a
    pair with no legal play (MOVE-8) has no rows. ``moves=True`` adds each play's moves.
    ``out`` is a :class:`LegalPlaysBuffer` to write into (the result then views it), for
    repeated calls without fresh memory.
    """
    array, v = _prepare(boards, variant)
    try:
        d = np.asarray(dice)
    except (ValueError, TypeError) as e:
        raise InvalidDiceError(f"dice must be an (N, 2) array of ints 1-6: {e}") from None
    if d.ndim != 2 or d.shape != (array.shape[0], 2):
        raise InvalidDiceError(f"dice must have shape ({array.shape[0]}, 2), got {d.shape}")
    if not np.issubdtype(d.dtype, np.integer):
        raise InvalidDiceError(f"dice must be integers, got dtype {d.dtype}")
    if d.size and (d.min() < 1 or d.max() > 6):
        raise InvalidDiceError("dice must be 1-6")
    d8 = np.ascontiguousarray(d, dtype=np.int8)
    if out is not None:
        if not isinstance(out, LegalPlaysBuffer):
            raise InvalidInputError(f"out must be a LegalPlaysBuffer, got {type(out).__name__}")
        return out._fill(array, d8, v, moves)
    b, offsets, m = _core._batch_legal_plays(array, d8, v, moves)
    return Plays(b, offsets, m)


def pip_counts(
    boards: BoardsLike, *, variant: Variant | str | None = None
) -> npt.NDArray[np.int32]:
    """``(N, 2)`` int32 pip counts, ``[owner, opponent]`` (BG-8).

    A board row carries no colours, so its pairs put the board's owner first; the pairs of a
    :class:`~gammon.Position` are ``(white, black)``.
    """
    array, v = _prepare(boards, variant)
    return _core._batch_stats(array, v)[0]


def checkers_off(boards: BoardsLike, *, variant: Variant | str | None = None) -> Boards:
    """``(N, 2)`` int8 borne-off counts, ``[owner, opponent]``."""
    array, v = _prepare(boards, variant)
    return _core._batch_stats(array, v)[1]


def outcomes(boards: BoardsLike, *, variant: Variant | str | None = None) -> Boards:
    """``(N,)`` int8: 0 while the game goes on, else the points won at cube 1.

    Positive when the owner has borne off everything, negative when the opponent has
    (SCORE-1, LN-33).
    """
    array, v = _prepare(boards, variant)
    return _core._batch_stats(array, v)[2]


def game_over(boards: BoardsLike, *, variant: Variant | str | None = None) -> npt.NDArray[np.bool_]:
    """``(N,)`` bool: True where a player has borne off every checker."""
    over: npt.NDArray[np.bool_] = outcomes(boards, variant=variant) != 0
    return over


def flip(boards: BoardsLike, *, variant: Variant | str | None = None) -> Boards:
    """The same boards owned by the other player (turns the board over).

    Every row is validated first: raises ``InvalidPositionError`` naming the first bad row.
    """
    array, v = _prepare(boards, variant)
    return _core._batch_flip(array, v)


def encode(
    boards: BoardsLike,
    encoding: str = "tdgammon",
    *,
    variant: Variant | str | None = None,
    on_roll: bool = True,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """Network inputs of the rows as an ``(N, units)`` float32 array.

    ``encoding`` is ``"tdgammon"`` (198 units, Tesauro's TD-Gammon inputs), ``"contact"`` (220
    units, gnubg's base inputs and nine hand-made features a side, each named with its source),
    ``"contact-plus"`` (224 units: ``"contact"`` then each side's shots and escapes, in rolls
    of 36), ``"contact-ext"`` (230 units: ``"contact-plus"`` then each side's pip loss to hits,
    double shots and containment), ``"contact-shape"`` (244 units: ``"contact-ext"`` then
    seven features a side of how its checkers are spread: free pips, timing, one-sided spread,
    gaps between made points, back game, one back anchor, mobility) or ``"nardy"`` (202
    units, Long Nardy). The units are
    documented one by one in the Rust core (``gammon_core::encode``) and in
    ``docs/backend.md``. ``on_roll`` says whether the
    owner of the rows is to roll next: True for boards about to be played, False for the
    result of the owner's play (rows of :func:`legal_plays`). The variant defaults to Long
    Nardy for ``"nardy"`` and to backgammon otherwise. ``out``, a C-contiguous float32 array
    of shape ``(N, units)``, receives the inputs (and is returned) instead of a fresh array:
    repeated calls then write into memory already touched.
    """
    if variant is None and encoding == "nardy":
        variant = Variant.LONG_NARDY
    array, v = _prepare(boards, variant)
    if out is not None:
        if not isinstance(out, np.ndarray) or out.dtype != np.float32:
            raise InvalidInputError("out must be a float32 numpy array")
        _core._batch_encode_into(array, v, encoding, on_roll, out)
        return out
    return _core._batch_encode(array, v, encoding, on_roll)


class Trajectories(NamedTuple):
    """Per-ply records of self-played games (a chunk of :func:`trajectories`).

    Every per-ply array has one row per ply, in game order; boards are owned by the mover.
    """

    #: ``(P,)`` uint64: the game index of each ply.
    game: npt.NDArray[np.uint64]
    #: ``(P,)`` uint16: the ply number within its game (0 = the first play).
    ply: npt.NDArray[np.uint16]
    #: ``(P,)`` int8: the mover, 0 = White, 1 = Black.
    turn: Boards
    #: ``(P, 26)`` int8: the board before the ply.
    board: Boards
    #: ``(P, 2)`` int8: the roll, larger die first.
    dice: Boards
    #: ``(P, 26)`` int8: the board after the chosen play (equal to ``board`` for a pass).
    after: Boards
    #: ``(P,)`` uint16: how many legal plays the roll had (0 for a pass, MOVE-8).
    choices: npt.NDArray[np.uint16]
    #: ``(P,)`` uint16: the chosen play's index in ``Position.legal_plays(dice)`` order.
    chosen: npt.NDArray[np.uint16]
    #: ``(P,)`` int8: the game's final result from the mover's side (+ points won, - lost).
    result: Boards
    #: ``(G,)`` int8: each game's result from White's side.
    game_points: Boards


def default_encoding(variant: Variant | str) -> str:
    """The encoding used when none is given: ``"nardy"`` for Long Nardy, else ``"tdgammon"``."""
    return "nardy" if _core.find_variant(variant) == Variant.LONG_NARDY else "tdgammon"


#: A batched evaluator: ``(M, units)`` float32 rows in, ``M`` scores out (higher is better).
EvaluatorFunction = Callable[[npt.NDArray[np.float32]], npt.ArrayLike]


class Evaluator:
    """A batched evaluator used as a policy: your own model choosing plays for many games.

    ``function`` takes ONE ``(M, units)`` float32 array, the ``encoding`` (:func:`encode`,
    ``on_roll=False``; default ``"tdgammon"``, ``"nardy"`` for Long Nardy) of every candidate
    position of every game with a choice, each row owned by the player who would make the play,
    and returns ``M`` scores; each game makes its best-scored play (the first of equal
    scores). :func:`play_games` and :func:`trajectories` drive it for both sides (a bare
    function is accepted there too); the environments of :mod:`gammon.envs` take one as their
    opponent, where a bare function would be ambiguous.

    >>> import numpy as np
    >>> bear_off = Evaluator(lambda rows: rows[:, 97])  # TD-Gammon's "checkers off" unit
    >>> chunk = next(trajectories(3, policy=bear_off, seed=2))
    >>> len(chunk.game_points), bool(np.isin(np.abs(chunk.result), [1, 2, 3]).all())
    (3, True)
    """

    def __init__(self, function: EvaluatorFunction, encoding: str | None = None) -> None:
        if not callable(function):
            raise InvalidInputError(f"an evaluator must be callable, not {function!r}")
        if encoding is not None and encoding not in ENCODING_UNITS:
            raise InvalidInputError(
                f"unknown encoding {encoding!r}; expected one of {', '.join(ENCODING_UNITS)}"
            )
        self.function = function
        """The function that scores the rows."""
        self.encoding = encoding
        """The encoding of its rows (``None``: the variant's default)."""

    def __call__(self, rows: npt.NDArray[np.float32]) -> npt.ArrayLike:
        """The scores of ``rows``."""
        return self.function(rows)

    def encoding_for(self, variant: Variant) -> str:
        """The encoding of the rows in ``variant``: its own, or the variant's default."""
        return self.encoding or default_encoding(variant)

    def __repr__(self) -> str:
        return f"Evaluator({self.function!r}, encoding={self.encoding!r})"


def _scores(evaluator: EvaluatorFunction) -> Callable[[npt.NDArray[np.float32]], Any]:
    """The evaluator as the Rust loop calls it: one contiguous float64 score per row."""

    def scores(rows: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        out = np.ascontiguousarray(evaluator(rows), dtype=np.float64).reshape(-1)
        return out

    return scores


def trajectories(
    games: int,
    *,
    variant: Variant | str = "backgammon",
    policy: str | Net | Evaluator | EvaluatorFunction = "heuristic",
    seed: int = 0,
    first: int = 0,
    chunk_games: int = 1000,
    lockstep: int = 1024,
) -> Iterator[Trajectories]:
    """Plays ``games`` games from the start, one policy on both sides, and yields their plies.

    The games are ``first .. first + games`` of ``seed``; each depends only on (seed, index)
    (and the policy), so the chunks (``chunk_games`` games each) concatenate to the same data
    whatever the chunk size, and only one chunk is in memory at a time. ``policy`` is a
    built-in policy name (``"random"``, ``"pubeval"``, ``"heuristic"``, ``"net"``; Long Nardy:
    ``"random"``, its own ``"heuristic"`` or ``"net"``) or a :class:`gammon.Net` of the
    variant's game (nets of one's own: their self-play, in Rust as ``"net"``'s), or your own
    model: an :class:`Evaluator` (or a bare batched evaluator function, as :func:`play_games`
    takes), called for ``lockstep`` games at a time. The first roll of backgammon is never a
    double (BG-10).

    >>> chunk = next(trajectories(2, seed=1))
    >>> chunk.board.shape[1], len(chunk.game_points)
    (26, 2)
    """
    if games < 0 or first < 0 or seed < 0:
        raise InvalidInputError("games, first and seed must be non-negative")
    if chunk_games < 1:
        raise InvalidInputError("chunk_games must be at least 1")
    if lockstep < 1:
        raise InvalidInputError("lockstep must be at least 1")
    v = _core.find_variant(variant)
    end = first + games
    if isinstance(policy, (str, Net)) or not callable(policy):
        for start in range(first, end, chunk_games):
            d = _core._batch_trajectories(v, policy, seed, start, min(start + chunk_games, end))
            yield Trajectories(**d)
        return
    if hasattr(policy, "choose"):
        raise InvalidInputError(
            "trajectories plays a built-in policy, a gammon.Net or a batched evaluator "
            "(gammon.batch.Evaluator); a policy choosing one position at a time is played by "
            "gammon.rollout and the simulations"
        )
    enc = policy.encoding_for(v) if isinstance(policy, Evaluator) else default_encoding(v)
    scores = _scores(policy)
    for start in range(first, end, chunk_games):
        stop = min(start + chunk_games, end)
        *_, recorded = _core._batch_play_evaluated(
            scores, v, enc, seed, start, stop, lockstep, None, 64, True
        )
        if recorded is None:  # pragma: no cover (record=True always returns them)
            raise AssertionError("play_evaluated returned no trajectories")
        yield Trajectories(**recorded)


def _concat(parts: Sequence[Trajectories]) -> Trajectories:
    """Trajectories of consecutive ranges of games, joined in order."""
    return Trajectories(*(np.concatenate(field) for field in zip(*parts)))


class PlayedGames(NamedTuple):
    """The games of :func:`play_games`."""

    #: ``(G,)`` int8: each game's result from White's side, points at cube 1 (SCORE-1, LN-33);
    #: a dropped double counts 1 (CUBE-6).
    points: Boards
    #: ``(G,)`` uint32: each game's length in plies.
    plies: npt.NDArray[np.uint32]
    #: How many times the evaluator was called.
    calls: int
    #: How many candidate rows it scored in all.
    rows: int
    #: Seconds spent inside the evaluator and the cube evaluator (the rest is gammon's).
    evaluator_seconds: float
    #: ``(G,)`` uint32: the cube value each game ended at (1 without a cube evaluator); the
    #: game's money result is ``points * cube`` (SCORE-2, CUBE-8).
    cube: npt.NDArray[np.uint32]
    #: How many rows the cube evaluator answered in all (0 without one).
    cube_rows: int
    #: Every checker ply of the games (``record=True``), else ``None``: the same records as
    #: :func:`trajectories` gives, ``result`` being each game's ``points`` (cube decisions are
    #: not plies).
    trajectories: Trajectories | None = None


#: A cube evaluator: ``(K, units)`` float32 rows in, ``(K, 2)`` flags ``(double, take)`` out.
CubeEvaluator = Callable[[npt.NDArray[np.float32]], npt.ArrayLike]


def play_games(
    evaluator: Evaluator | EvaluatorFunction,
    games: int,
    *,
    variant: Variant | str = "backgammon",
    encoding: str | None = None,
    seed: int = 0,
    first: int = 0,
    lockstep: int = 1024,
    cube: CubeEvaluator | None = None,
    max_cube: int = 64,
    record: bool = False,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
) -> PlayedGames:
    """Plays ``games`` games from the start, both sides choosing with one batched evaluator.

    Rust keeps up to ``lockstep`` games advancing together. At each step it rolls for every
    game, makes forced plays and passes itself, and hands the evaluator ONE ``(M, units)``
    float32 array: the encoding (``encoding``, default ``"tdgammon"``, ``"nardy"`` for Long
    Nardy) of every candidate position of every game with a choice, each row owned by the
    player who would make the play, with ``on_roll=False``. The evaluator returns ``M`` scores,
    higher being better for that player; each game makes its best-scored play (the first of
    equal scores). Game ``i`` depends only on ``(seed, i)`` and on the evaluator's answers, so
    results do not depend on ``lockstep``. ``evaluator`` is a function or an
    :class:`Evaluator` (whose encoding is used unless ``encoding`` is given). ``record=True``
    also returns every ply of the games (:attr:`PlayedGames.trajectories`, the records of
    :func:`trajectories`): self-play data of your own model in one call.

    **Cube decisions** (money play, backgammon family): with ``cube``, every game whose player
    on roll may double (CUBE-2, CUBE-3: before rolling, from the second turn on, the cube
    centred or theirs, and ``2 x cube <= max_cube``, CUBE-10) is first handed, in ONE call
    for all such games, to ``cube``: its ``(K, units)`` rows are the boards owned by the
    player on roll, encoded with ``on_roll=True``; it returns ``(K, 2)`` flags: column 0 "the
    player on roll doubles", column 1 "the opponent takes" (read only where column 0 is set).
    A take doubles the cube and gives it to the taker (CUBE-5, CUBE-7); a drop ends the game,
    the doubler winning the cube value before the double (CUBE-6). No beavers, Jacoby rule or
    automatic doubles (CUBE-11: they are session options this loop does not offer). Decide
    from your model's probabilities, e.g. double when the estimated equity is high enough and
    take while it is above -0.5 (the take point without gammons).

    The input arrays are views of buffers that gammon reuses from call to call (so that
    their memory is touched once): copy them if you keep them beyond the call.

    ``executor``: a ``dask.distributed.Client`` or a ``concurrent.futures.Executor`` that
    plays ranges of ``games_per_task`` games on its workers (the evaluators must pickle: they
    are shipped to them), merged in game order: ``points``, ``plies``, ``cube``, ``rows`` and
    ``cube_rows`` equal those of a single call; ``calls`` and ``evaluator_seconds`` add up
    the tasks' (more, smaller calls). A failed range is run again up to ``retries`` times;
    Ctrl-C cancels the tasks and raises ``KeyboardInterrupt``.

    >>> import numpy as np
    >>> done = play_games(lambda x: x[:, 97], 4, seed=1)  # prefer bearing off
    >>> done.points.shape, bool(np.isin(np.abs(done.points), [1, 2, 3]).all())
    ((4,), True)
    >>> always = lambda x: np.ones((len(x), 2), bool)  # double and take at every chance
    >>> done = play_games(lambda x: x[:, 97], 4, seed=1, cube=always, max_cube=8)
    >>> sorted(set(done.cube.tolist()))
    [8]
    >>> done = play_games(lambda x: x[:, 97], 2, seed=1, record=True)
    >>> t = done.trajectories
    >>> t.game_points.tolist() == done.points.tolist(), len(t.ply) == int(done.plies.sum())
    (True, True)
    """
    if games < 0 or first < 0 or seed < 0:
        raise InvalidInputError("games, first and seed must be non-negative")
    if lockstep < 1:
        raise InvalidInputError("lockstep must be at least 1")
    v = _core.find_variant(variant)
    if isinstance(evaluator, Evaluator):
        enc = encoding or evaluator.encoding_for(v)
    else:
        enc = encoding or default_encoding(v)
    if executor is not None:
        return _play_distributed(
            evaluator,
            {
                "variant": v,
                "encoding": enc,
                "seed": seed,
                "lockstep": lockstep,
                "cube": cube,
                "max_cube": max_cube,
                "record": record,
            },
            first,
            games,
            executor=executor,
            per_task=games_per_task,
            retries=retries,
        )

    flags = None
    if cube is not None:
        cube_fn = cube

        def flags(rows: npt.NDArray[np.float32]) -> npt.NDArray[np.uint8]:
            answer = np.asarray(cube_fn(rows))
            if answer.shape != (len(rows), 2):
                raise InvalidInputError(
                    f"the cube evaluator must return shape ({len(rows)}, 2) "
                    f"(double, take), got {answer.shape}"
                )
            return np.ascontiguousarray(answer != 0, dtype=np.uint8).reshape(-1)

    points, plies, cubes, stats, plies_of = _core._batch_play_evaluated(
        _scores(evaluator), v, enc, seed, first, first + games, lockstep, flags, max_cube, record
    )
    calls, rows, inside, _, cube_rows = stats
    recorded = None if plies_of is None else Trajectories(**plies_of)
    return PlayedGames(points, plies, calls, rows, inside, cubes, cube_rows, recorded)


def _play_range(
    evaluator: Evaluator | EvaluatorFunction,
    options: dict[str, Any],
    first: int,
    end: int,
) -> PlayedGames:
    """One task of distributed :func:`play_games`: games ``first .. end`` (runs on a worker)."""
    return play_games(evaluator, end - first, first=first, **options)


def _play_distributed(
    evaluator: Evaluator | EvaluatorFunction,
    options: dict[str, Any],
    first: int,
    games: int,
    *,
    executor: Any,
    per_task: int,
    retries: int,
) -> PlayedGames:
    check_executor(executor)
    check_picklable("the evaluator", evaluator, executor)
    if options["cube"] is not None:
        check_picklable("the cube evaluator", options["cube"], executor)
    if per_task < 1 or retries < 0:
        raise InvalidInputError("games_per_task must be at least 1 and retries at least 0")
    parts: dict[tuple[int, int], PlayedGames] = {}

    def on_result(r: tuple[int, int], part: PlayedGames) -> None:
        if len(part.points) != r[1] - r[0]:
            raise InvalidInputError(f"the task of games {r[0]}..{r[1]} returned {len(part.points)}")
        parts[r] = part

    stop = run_ranges(
        executor,
        partial(_play_range, evaluator, options),
        _core._split_ranges([(first, first + games)], per_task),
        on_result,
        retries=retries,
    )
    if stop == "interrupted":
        raise KeyboardInterrupt
    ordered = [parts[r] for r in sorted(parts)]
    if not ordered:
        return play_games(evaluator, 0, first=first, **options)
    return PlayedGames(
        np.concatenate([p.points for p in ordered]),
        np.concatenate([p.plies for p in ordered]),
        sum(p.calls for p in ordered),
        sum(p.rows for p in ordered),
        sum(p.evaluator_seconds for p in ordered),
        np.concatenate([p.cube for p in ordered]),
        sum(p.cube_rows for p in ordered),
        _concat([p.trajectories for p in ordered if p.trajectories is not None])
        if options["record"]
        else None,
    )
