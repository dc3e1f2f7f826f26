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

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, NamedTuple, Union

import numpy as np
import numpy.typing as npt

import gammon._core as _core
from gammon._core import LegalPlaysBuffer, Net, Position, Variant
from gammon._distribute import (
    DEFAULT_GAMES_PER_TASK,
    DEFAULT_RETRIES,
    check_executor,
    check_picklable,
    run_ranges,
)
from gammon.errors import InvalidInputError

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


def boards(positions: Sequence[Position]) -> Boards:
    """The ``(N, 26)`` boards of positions of one variant, each owned by its player on roll."""
    return _core._batch_boards(list(positions))


def validate(boards: BoardsLike, *, variant: Variant | str | None = None) -> int:
    """Checks every row; returns N or raises ``InvalidPositionError`` naming the first bad row."""
    return _core._batch_validate(boards, variant)


def positions(
    boards: BoardsLike, *, variant: Variant | str | None = None, turn: str = "white"
) -> list[Position]:
    """``Position`` objects of the rows, each owner on roll as ``turn``."""
    return _core._batch_positions(boards, variant, turn)


def to_ids(boards: BoardsLike, *, variant: Variant | str | None = None) -> list[str]:
    """The Position ID of each row (gnubg's, owner on roll)."""
    return _core._batch_to_ids(boards, variant)


def from_ids(ids: Sequence[str], *, variant: Variant | str = "backgammon") -> Boards:
    """The boards of Position IDs, each owned by the player on roll."""
    return _core._batch_from_ids(list(ids), variant)


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
    return Plays(*_core._batch_legal_plays(boards, dice, variant, moves, out))


def pip_counts(
    boards: BoardsLike, *, variant: Variant | str | None = None
) -> npt.NDArray[np.int32]:
    """``(N, 2)`` int32 pip counts, ``[owner, opponent]`` (BG-8).

    A board row carries no colours, so its pairs put the board's owner first; the pairs of a
    :class:`~gammon.Position` are ``(white, black)``.
    """
    return _core._batch_stats(boards, variant)[0]


def checkers_off(boards: BoardsLike, *, variant: Variant | str | None = None) -> Boards:
    """``(N, 2)`` int8 borne-off counts, ``[owner, opponent]``."""
    return _core._batch_stats(boards, variant)[1]


def outcomes(boards: BoardsLike, *, variant: Variant | str | None = None) -> Boards:
    """``(N,)`` int8: 0 while the game goes on, else the points won at cube 1.

    Positive when the owner has borne off everything, negative when the opponent has
    (SCORE-1, LN-33).
    """
    return _core._batch_stats(boards, variant)[2]


def game_over(boards: BoardsLike, *, variant: Variant | str | None = None) -> npt.NDArray[np.bool_]:
    """``(N,)`` bool: True where a player has borne off every checker."""
    over: npt.NDArray[np.bool_] = outcomes(boards, variant=variant) != 0
    return over


def flip(boards: BoardsLike, *, variant: Variant | str | None = None) -> Boards:
    """The same boards owned by the other player (turns the board over).

    Every row is validated first: raises ``InvalidPositionError`` naming the first bad row.
    """
    return _core._batch_flip(boards, variant)


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
    return _core._batch_encode(boards, encoding, variant, on_roll, out)


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
    for start in range(first, end, chunk_games):
        stop = min(start + chunk_games, end)
        *_, recorded = _core._batch_play_evaluated(
            policy, v, enc, seed, start, stop, lockstep, None, 64, True
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

    points, plies, cubes, stats, plies_of = _core._batch_play_evaluated(
        evaluator, v, enc, seed, first, first + games, lockstep, cube, max_cube, record
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
