"""Runs ranges of a run on an executor, with retries, stop rules, Ctrl-C (private).

The executor is a Dask client or a ``concurrent.futures`` executor. The run driver
(:mod:`gammon._run`) plays the ranges of every run kind through :func:`run_ranges`.

A run (a rollout, a simulation, batched games) is a range of item indices, and item *i*
depends only on ``(seed, i)``. So the items can be split into ranges, each range played
anywhere, and the results merged: the merged statistics equal a single run's exactly. The
callers merge the results in range order; this module only plays the ranges and hands each
result over once (a range that is rerun after a failure replaces nothing: its first result
is never counted, since a failed range has none).
"""

from __future__ import annotations

import concurrent.futures
import pickle
import time
from collections.abc import Callable, Sequence
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
