"""Runs ranges of a run on an executor, with retries, stop rules, Ctrl-C (private).

The executor is a Dask client or a ``concurrent.futures`` executor; the module also writes the
checkpoint files atomically.

A run (a rollout, a simulation, batched games) is a range of item indices, and item *i*
depends only on ``(seed, i)``. So the items can be split into ranges, each range played
anywhere, and the results merged: the merged statistics equal a single run's exactly. The
callers merge the results in range order; this module only plays the ranges and hands each
result over once (a range that is rerun after a failure replaces nothing: its first result
is never counted, since a failed range has none).
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import pickle
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Optional, TypeVar

from gammon.errors import GammonError, InvalidInputError

T = TypeVar("T")

#: Games (or matches) per task on an executor unless ``games_per_task`` says otherwise: large
#: enough that a task runs for about a second with a built-in policy (so the overhead of
#: shipping it is well under 1%), small enough that a lost worker costs little and that a
#: rollout of a million games spreads over 20 tasks.
DEFAULT_GAMES_PER_TASK = 50_000

#: Matches per task for :func:`~gammon.simulate_match` (a match is many games).
DEFAULT_MATCHES_PER_TASK = 5_000

#: Times a failed range is submitted again to a plain ``concurrent.futures`` executor (Dask
#: gets it as ``retries=``; it also reruns the tasks of a worker that died on its own).
DEFAULT_RETRIES = 3

#: Seconds between checkpoint writes unless ``checkpoint_every`` says otherwise.
DEFAULT_CHECKPOINT_EVERY = 60.0


def is_dask_client(obj: object) -> bool:
    """True for a ``dask.distributed.Client`` (recognized without importing Dask)."""
    cls = type(obj)
    return cls.__module__.startswith("distributed") and cls.__name__ == "Client"


def check_executor(executor: object) -> None:
    """Refuse anything that is neither a Dask client nor a ``concurrent.futures.Executor``."""
    if not (is_dask_client(executor) or isinstance(executor, concurrent.futures.Executor)):
        raise InvalidInputError(
            "executor must be a dask.distributed.Client or a concurrent.futures.Executor, "
            f"not {type(executor).__name__}"
        )


def check_picklable(what: str, obj: object, executor: object) -> None:
    """Raise :class:`InvalidInputError` when ``obj`` cannot be pickled to go to the workers.

    Dask ships with cloudpickle (which takes lambdas and local functions too); a plain
    executor with :mod:`pickle`.
    """
    dumps = pickle.dumps
    if is_dask_client(executor):
        import cloudpickle  # type: ignore[import-untyped]

        dumps = cloudpickle.dumps
    try:
        dumps(obj)
    except Exception as e:  # pickling raises many kinds of errors
        raise InvalidInputError(
            f"{what} {obj!r} cannot be pickled, so it cannot be shipped to the executor's "
            f"workers ({type(e).__name__}: {e}); define it at the top level of a module "
            "(not a lambda or a local function) or run without executor="
        ) from None


def split(ranges: Sequence[tuple[int, int]], per_task: int) -> list[tuple[int, int]]:
    """Cut half-open ranges into pieces of at most ``per_task`` items, in order."""
    out = []
    for a, b in ranges:
        for start in range(a, b, per_task):
            out.append((start, min(start + per_task, b)))
    return out


def subtract(whole: tuple[int, int], done: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of ``whole`` that no range of ``done`` (sorted, disjoint) covers."""
    a, b = whole
    out = []
    for x, y in done:
        if y <= a or x >= b:
            continue
        if x > a:
            out.append((a, x))
        a = max(a, y)
    if a < b:
        out.append((a, b))
    return out


def run_ranges(
    executor: Any,
    task: Callable[[int, int], T],
    ranges: Sequence[tuple[int, int]],
    on_result: Callable[[tuple[int, int], T], Optional[str]],
    *,
    retries: int = DEFAULT_RETRIES,
    deadline: Optional[float] = None,
    poll: float = 0.05,
) -> str:
    """Play every range as ``task(first, end)`` on ``executor`` and hand each result over.

    ``on_result(range, result)`` is called in the calling thread as results arrive (in any
    order); it returns None to go on or a stop reason to end the run. A range whose task
    failed is submitted again up to ``retries`` times (a Dask client gets ``retries`` and
    does it itself); an error of gammon's own (bad input: it would fail again) is raised at
    once, as is the last error of a range that failed every time. ``deadline``: a
    ``time.monotonic()`` after which the run stops with ``"max_seconds"``.

    Ctrl-C (a ``KeyboardInterrupt`` here or from ``on_result``) cancels what is left and
    returns ``"interrupted"``. Returns ``"completed"`` when every range was handed over, or
    the stop reason. The pending tasks are cancelled whenever the run ends early.
    """
    dask = is_dask_client(executor)

    def submit(r: tuple[int, int]) -> Any:
        if dask:
            return executor.submit(task, r[0], r[1], pure=False, retries=retries)
        return executor.submit(task, r[0], r[1])

    pending: dict[Any, tuple[int, int]] = {}
    tries: dict[tuple[int, int], int] = {}
    reason = "completed"
    try:
        for r in ranges:
            pending[submit(r)] = r
            tries[r] = 1
        while pending:
            finished = [f for f in pending if f.done()]
            if not finished:
                if deadline is not None and time.monotonic() >= deadline:
                    reason = "max_seconds"
                    break
                time.sleep(poll)
                continue
            for f in finished:
                r = pending.pop(f)
                error = None if f.cancelled() else f.exception()
                if f.cancelled() or error is not None:
                    if isinstance(error, (GammonError, KeyboardInterrupt)):
                        raise error
                    if dask or tries[r] > retries:
                        if error is None:
                            raise InvalidInputError(
                                f"the task of items {r[0]}..{r[1]} was cancelled"
                            )
                        raise error
                    tries[r] += 1
                    pending[submit(r)] = r
                    continue
                stop = on_result(r, f.result())
                if stop is not None:
                    reason = stop
                    break
            if reason != "completed":
                break
    except KeyboardInterrupt:
        reason = "interrupted"
    finally:
        for f in pending:
            f.cancel()
    return reason


def run_segments(
    todo: Sequence[tuple[int, int]],
    *,
    executor: Any,
    task: Callable[[int, int], T],
    take: Callable[[tuple[int, int], T], Optional[str]],
    turn: Callable[[int, int, float], tuple[int, Optional[str]]],
    save: Optional[Callable[[], None]],
    every: float,
    deadline: Optional[float] = None,
    per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
) -> str:
    """Play the ranges ``todo`` on ``executor`` or here in turns, saving every ``every`` seconds.

    The loop of a run that is distributed or checkpointed (a rollout, the rollouts of
    several positions): the caller merges what is played and writes its checkpoint; this
    decides what to play when and when to save.

    - With an executor the ranges are cut into tasks of ``per_task`` items and played as
      ``task(first, end)`` by :func:`run_ranges`; ``take(range, result)`` merges each result
      as it arrives and returns None to go on or a stop reason.
    - Without one they are played here in turns: ``turn(first, end, seconds)`` plays from
      ``first`` towards ``end`` for about ``seconds`` (so that a checkpoint can be written in
      between), merges what it played itself and returns the index it reached and None, or a
      stop reason. A turn too short to play anything gets more time the next time.

    ``save()`` is called whenever ``every`` seconds passed since the last write, and when an
    error ends the run (then the error is raised again). ``deadline``: a ``time.monotonic()``
    after which the run stops with ``"max_seconds"``. Ctrl-C ends it with ``"interrupted"``.
    Returns ``"completed"`` or the stop reason; the caller writes the final checkpoint.
    """
    last_write = time.monotonic()

    def save_if_due() -> None:
        nonlocal last_write
        if save is not None and time.monotonic() - last_write >= every:
            save()
            last_write = time.monotonic()

    stop = "completed"
    try:
        if executor is not None:

            def on_result(r: tuple[int, int], result: T) -> Optional[str]:
                reason = take(r, result)
                save_if_due()
                return reason

            stop = run_ranges(
                executor,
                task,
                split(todo, per_task),
                on_result,
                retries=retries,
                deadline=deadline,
            )
        else:
            floor = 0.0  # raised while a turn is too short to play anything
            for a, b in todo:
                while a < b and stop == "completed":
                    limit = max(every, floor)
                    if deadline is not None:
                        left = deadline - time.monotonic()
                        if left <= 0:
                            stop = "max_seconds"
                            break
                        limit = min(limit, left)
                    reached, reason = turn(a, b, max(limit, 0.001))
                    if reached == a:
                        floor = max(2 * floor, 0.05)
                    a = reached
                    if reason is not None:
                        stop = reason
                    else:
                        save_if_due()
                if stop != "completed":
                    break
    except KeyboardInterrupt:
        stop = "interrupted"
    except Exception:
        if save is not None:
            save()  # keep what was done before the error
        raise
    return stop


# -- checkpoint files --------------------------------------------------------------------------


def write_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` so that a crash leaves the old file or the new one.

    The text goes to a temporary file in the same directory, which is flushed to disk
    (fsync), renamed over ``path`` (atomic on POSIX), and the directory is flushed too so
    that the rename itself survives a power cut.
    """
    directory = path.parent if str(path.parent) else Path(".")
    text = json.dumps(data, indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
