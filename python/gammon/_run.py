"""The one driver of every run: execution options, local and segmented runs, checkpoints.

A *run* plays numbered items (games, matches) where item *i* depends only on ``(seed, i)``:
the items can be played in ranges anywhere and the results merged exactly. The run functions
(:func:`~gammon.rollout`, :func:`~gammon.rollout_many`, :func:`~gammon.rank_plays`, the
simulations) describe *what* to play; this module decides *how*, from one value of execution
options, :class:`RunOptions`, validated once:

- **local**: one call of the kind's Rust run function (GIL released, every core), progress
  through one callback;
- **segmented** (an ``executor``, or a ``checkpoint``): the range is cut into tasks played on
  the executor (retried when a worker is lost), or into turns played here between checkpoint
  writes; an existing checkpoint is read and checked first, the file is written atomically
  every ``checkpoint_every`` seconds, on a stop and at the end.

Stop rules (``max_seconds``, ``target_std_error``), Ctrl-C (the games finished so far are
returned, interrupted) and the progress bar (:class:`Progress`, the only tqdm bar of the
package) are handled here once.

How a run kind plugs in
-----------------------
A run kind is a :class:`Run`: its play function (a core function over items ``first ..
end`` with the run's setup bound, picklable so that executor tasks carry it), its checkpoint
reader and the progress bar's words. Its results are the core's result classes, which all
have ``merge``, ``ranges``, ``stop_reason``, ``threads``, ``elapsed``, ``_done`` (items, estimate,
standard error), ``_finished((stop, elapsed, threads, requested))`` and ``_checkpoint(first,
items)`` (the checkpoint file's text). :func:`drive` then runs it: ``drive(run, first, items,
options)``.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, Optional, Protocol, TypeVar, Union

import gammon._core as _core
from gammon._checks import brief
from gammon._checks import int_arg as _int_arg
from gammon._checks import positive_float as _positive_float
from gammon._core import MAX_THREADS, MIN_GAMES_FOR_TARGET
from gammon._distribute import DEFAULT_RETRIES, check_executor, check_picklable, run_ranges
from gammon._format import plus_minus
from gammon.errors import InvalidInputError

__all__ = ["DEFAULT_CHECKPOINT_EVERY", "Progress", "Run", "RunOptions", "drive"]

#: Seconds between checkpoint writes unless ``checkpoint_every`` says otherwise.
DEFAULT_CHECKPOINT_EVERY = 60.0


K = TypeVar("K", bound="Keywords")


class Keywords:
    """The base of a frozen dataclass whose fields every run function takes as keywords."""

    _argument = "options"

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The names of the fields (the keywords every run function takes)."""
        return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]

    @classmethod
    def take(cls: type[K], value: Optional[K], keywords: dict[str, Any]) -> K:
        """``value`` (or the defaults) with the fields given in ``keywords`` applied.

        The keywords used are removed from ``keywords``, so that the caller can refuse the
        rest (:func:`refuse_unknown`).
        """
        if value is not None and not isinstance(value, cls):
            name = f"gammon.{cls.__name__}"
            raise InvalidInputError(f"{cls._argument} must be a {name}, not {brief(value)}")
        given = {name: keywords.pop(name) for name in cls.fields() if name in keywords}
        if value is None:
            return cls(**given)
        return dataclasses.replace(value, **given) if given else value  # type: ignore[type-var]


@dataclass(frozen=True)
class RunOptions(Keywords):
    """How a run is executed (never what it computes): one value for every run function.

    Every run function takes these fields as keywords too (``rollout(pos, threads=2)``), or
    the value itself (``rollout(pos, options=RunOptions(threads=2))``; keywords given beside
    it override its fields). Validated on construction: raises
    :class:`~gammon.InvalidInputError` naming the field.

    - ``threads``: worker threads (None: one per core; a Python policy runs on one thread).
      With an ``executor``: the threads of each task (default 1).
    - ``chunk_size``: items per unit of work, progress and stopping (None: the run's default);
      results do not depend on it.
    - ``executor``: a ``dask.distributed.Client`` or a ``concurrent.futures.Executor``: the
      items are played in tasks of ``games_per_task`` items (None: the run's default) on its
      workers and merged exactly; a failed task is submitted again up to ``retries`` times.
    - ``checkpoint``: a file that keeps the run's state, written atomically every
      ``checkpoint_every`` seconds, when the run stops and at the end; an existing one is
      continued (see :func:`drive`).
    - ``progress``: show a progress bar; ``callback``: called with the run's progress value
      after each chunk and at least every 0.1 s (raising ``KeyboardInterrupt`` stops the run).
    - ``max_seconds``, ``target_std_error``: stop rules (the latter after at least 1296
      items, at the first chunk where the estimate's standard error is that low).
    """

    threads: Optional[int] = None
    chunk_size: Optional[int] = None
    executor: Any = None
    games_per_task: Optional[int] = None
    retries: int = DEFAULT_RETRIES
    checkpoint: Union[str, os.PathLike[str], None] = None
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY
    progress: bool = False
    max_seconds: Optional[float] = None
    target_std_error: Optional[float] = None
    callback: Optional[Callable[[Any], object]] = None

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        if self.threads is not None:
            put("threads", _int_arg("threads", self.threads, 1, MAX_THREADS))
        if self.chunk_size is not None:
            put("chunk_size", _int_arg("chunk_size", self.chunk_size, 1))
        if self.games_per_task is not None:
            put("games_per_task", _int_arg("games_per_task", self.games_per_task, 1))
        put("retries", _int_arg("retries", self.retries, 0, 100))
        put("checkpoint_every", _positive_float("checkpoint_every", self.checkpoint_every))
        put("max_seconds", _positive_float("max_seconds", self.max_seconds))
        put("target_std_error", _positive_float("target_std_error", self.target_std_error))
        if self.executor is not None:
            check_executor(self.executor)
        if self.checkpoint is not None:
            if not isinstance(self.checkpoint, (str, os.PathLike)):
                raise InvalidInputError(
                    f"checkpoint must be a path (str or os.PathLike), not {brief(self.checkpoint)}"
                )
        if not isinstance(self.progress, bool):
            raise InvalidInputError(f"progress must be True or False, not {brief(self.progress)}")
        if self.callback is not None and not callable(self.callback):
            raise InvalidInputError(f"callback must be callable, not {brief(self.callback)}")

    @property
    def segmented(self) -> bool:
        """True when the run is played in ranges: on an executor or with a checkpoint."""
        return self.executor is not None or self.checkpoint is not None


def refuse_unknown(
    who: Union[str, Callable[..., Any]], keywords: dict[str, Any], *valid: Sequence[str]
) -> None:
    """Raise :class:`~gammon.InvalidInputError` for keywords left over, listing the valid ones.

    The valid ones are ``valid`` and, when ``who`` is a function rather than a name, its
    parameters.
    """
    if keywords:
        if callable(who):
            params = inspect.signature(who).parameters.values()
            valid = (*valid, [p.name for p in params if p.kind != p.VAR_KEYWORD])
            who = who.__name__
        names = sorted({n for group in valid for n in group})
        raise InvalidInputError(
            f"{who}() got unknown keyword{'s' if len(keywords) > 1 else ''} "
            f"{', '.join(sorted(keywords))}; its keywords are {', '.join(names)}"
        )


class Result(Protocol):
    """What :func:`drive` reads of a run's results (the core's result classes)."""

    @property
    def ranges(self) -> Sequence[tuple[int, int]]: ...
    @property
    def stop_reason(self) -> str: ...
    @property
    def threads(self) -> int: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def _done(self) -> tuple[int, float, float]: ...
    def merge(self, other: Any) -> Any: ...
    def _finished(self, end: tuple[str, float, int, int]) -> Any: ...
    def _checkpoint(self, first: int, items: int) -> str: ...


R = TypeVar("R", bound=Result)


@dataclass
class Run(Generic[R]):
    """A run kind of :func:`drive` (see the module's documentation).

    ``play(first, end, *, threads, chunk_size, max_seconds, target_std_error, callback,
    base)`` plays items ``first .. end`` here; ``callback(done, total, estimate, std_error,
    elapsed)`` counts the items of ``base`` (the result already merged, or None) too.
    ``load(data, where, first, items)`` reads a checkpoint file's bytes, checked to continue
    this run, and returns the result and the play function of its setup (the file's seed
    when the run named none). ``progress`` makes the value a user's callback receives;
    ``ships`` names the objects that must pickle to go to an executor's workers.
    """

    play: Callable[..., R]
    load: Callable[[bytes, str, int, int], tuple[R, Callable[..., R]]]
    progress: Callable[[int, int, float, float, float], Any]
    label: str
    unit: str
    postfix: Optional[str]
    chunk_size: int
    per_task: int
    ships: Sequence[tuple[str, object]] = ()


class Progress:
    """The progress bar of a run (tqdm, on standard error), or nothing when not asked for."""

    def __init__(self, show: bool, total: int, label: str, unit: str, postfix: Optional[str]):
        self.bar: Any = None
        self.postfix = postfix
        if show:
            from tqdm.auto import tqdm  # type: ignore[import-untyped]

            self.bar = tqdm(total=total, unit=unit, unit_scale=True, desc=label, leave=True)

    def update(self, done: int, value: float = float("nan"), std_error: float = 0.0) -> None:
        """Show ``done`` items and the estimate (when the run has one)."""
        if self.bar is None:
            return
        self.bar.update(done - self.bar.n)
        if done > 0 and self.postfix is not None and value == value:
            self.bar.set_postfix_str(
                f"{self.postfix} {plus_minus(value, std_error)}", refresh=False
            )

    def close(self) -> None:
        """Close the bar."""
        if self.bar is not None:
            self.bar.close()


class _Reporter:
    """Sends a run's progress to the bar and the user's callback."""

    def __init__(self, run: Run[Any], options: RunOptions, total: int, start: float) -> None:
        self.run, self.total, self.start = run, total, start
        self.user = options.callback
        self.bar = Progress(options.progress, total, run.label, run.unit, run.postfix)
        self.wanted = self.user is not None or options.progress

    def __call__(
        self, done: int, total: int, value: float, std_error: float, elapsed: float
    ) -> None:
        self.bar.update(done, value, std_error)
        if self.user is not None:
            self.user(self.run.progress(done, self.total, value, std_error, elapsed))

    def result(self, result: Result) -> None:
        """Report the items of a merged ``result``."""
        if self.wanted:
            n, value, std_error = result._done
            self(n, self.total, value, std_error, time.monotonic() - self.start)


def drive(run: Run[R], first: int, items: int, options: RunOptions) -> R:
    """Play items ``first .. first + items`` of ``run`` as ``options`` say; return the result.

    With a checkpoint that exists, the run continues it: only the items it does not hold are
    played, and the result holds them all. Ctrl-C returns the items finished so far with the
    stop reason ``"interrupted"``.
    """
    if not options.segmented:
        reporter = _Reporter(run, options, items, time.monotonic())
        try:
            return run.play(
                first,
                first + items,
                threads=options.threads,
                chunk_size=options.chunk_size or run.chunk_size,
                max_seconds=options.max_seconds,
                target_std_error=options.target_std_error,
                callback=reporter if reporter.wanted else None,
            )
        finally:
            reporter.bar.close()
    return _Segmented(run, first, items, options).run()


class _Segmented(Generic[R]):
    """A run played in ranges: tasks on an executor, or turns between checkpoint writes."""

    def __init__(self, run: Run[R], first: int, items: int, options: RunOptions) -> None:
        self.first, self.items, self.options = first, items, options
        self.play, self.chunk_size = run.play, options.chunk_size or run.chunk_size
        self.path = None if options.checkpoint is None else os.fspath(options.checkpoint)
        if options.executor is not None:
            for what, obj in run.ships:
                check_picklable(what, obj, options.executor)
        self.done: Optional[R] = None
        self.base_elapsed = 0.0
        if self.path is not None:
            _core._check_checkpoint_path(self.path)
            if os.path.exists(self.path):
                data = _core._read_checkpoint_file(self.path)
                self.done, self.play = run.load(data, self.path, first, items)
                self.base_elapsed = self.done.elapsed
        self.start = time.monotonic()
        self.threads = 1
        self.reporter = _Reporter(run, options, items, self.start)
        self.per_task, self.target = run.per_task, options.target_std_error

    def merged(self) -> R:
        if self.done is None:
            return self.play(self.first, self.first, threads=1, chunk_size=self.chunk_size)
        return self.done

    def add(self, part: R) -> None:
        self.done = part if self.done is None else self.done.merge(part)
        self.threads = max(self.threads, part.threads)

    def target_met(self) -> bool:
        if self.target is None or self.done is None:
            return False
        n, _, se = self.done._done
        return n >= MIN_GAMES_FOR_TARGET and se <= self.target

    def save(self, stop: str) -> None:
        if self.path is None or self.done is None:
            return
        try:
            text = self.finished(stop)._checkpoint(self.first, self.items)
            _core._write_checkpoint_file(self.path, text)
        except OSError as e:
            warnings.warn(
                f"the checkpoint {self.path} could not be written ({e.strerror or e}): the "
                "games played are kept in the result, not in the file",
                RuntimeWarning,
                stacklevel=4,
            )

    def finished(self, stop: str) -> R:
        elapsed = self.base_elapsed + time.monotonic() - self.start
        result: R = self.merged()._finished((stop, elapsed, self.threads, self.items))
        return result

    def run(self) -> R:
        options = self.options
        held = self.done.ranges if self.done is not None else ()
        todo = _core._missing_ranges((self.first, self.first + self.items), held)
        if self.done is not None:
            self.reporter.result(self.done)
        every = options.checkpoint_every
        deadline = None if options.max_seconds is None else self.start + options.max_seconds
        last_write = time.monotonic()

        def save_if_due() -> None:
            nonlocal last_write
            if self.path is not None and time.monotonic() - last_write >= every:
                self.save("interrupted")
                last_write = time.monotonic()

        stop = "completed"
        try:
            if options.executor is not None:
                stop = self.on_executor(todo, deadline, save_if_due)
            else:
                stop = self.in_turns(todo, every, deadline, save_if_due)
        except KeyboardInterrupt:
            stop = "interrupted"
        except Exception:
            self.save("interrupted")  # keep what was done before the error
            raise
        finally:
            self.reporter.bar.close()
        if stop == "completed" and self.target_met():
            stop = "target_std_error"
        self.save(stop)
        return self.finished(stop)

    def on_executor(
        self,
        todo: list[tuple[int, int]],
        deadline: Optional[float],
        save_if_due: Callable[[], None],
    ) -> str:
        options = self.options
        task = partial(self.play, threads=options.threads or 1, chunk_size=self.chunk_size)

        def take(r: tuple[int, int], part: R) -> Optional[str]:
            if tuple(part.ranges) != ((r[0], r[1]),) or part._done[0] != r[1] - r[0]:
                raise InvalidInputError(f"the task of items {r[0]}..{r[1]} returned other items")
            self.add(part)
            self.reporter.result(self.merged())
            save_if_due()
            return "target_std_error" if self.target_met() else None

        return run_ranges(
            options.executor,
            task,
            _core._split_ranges(todo, options.games_per_task or self.per_task),
            take,
            retries=options.retries,
            deadline=deadline,
        )

    def in_turns(
        self,
        todo: list[tuple[int, int]],
        every: float,
        deadline: Optional[float],
        save_if_due: Callable[[], None],
    ) -> str:
        floor = 0.0  # raised while a turn is too short to play anything
        for a, b in todo:
            while a < b:
                limit = max(every, floor) if self.path is not None else None
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return "max_seconds"
                    limit = left if limit is None else min(limit, left)
                part = self.play(
                    a,
                    b,
                    threads=self.options.threads,
                    chunk_size=self.chunk_size,
                    max_seconds=None if limit is None else max(limit, 0.001),
                    target_std_error=self.target,
                    callback=self.reporter if self.reporter.wanted else None,
                    base=self.done,
                )
                n = part._done[0]
                if n:
                    self.add(part)
                    a += n
                else:
                    floor = max(2 * floor, 0.05)
                if part.stop_reason == "interrupted":
                    return "interrupted"
                if part.stop_reason == "target_std_error" or self.target_met():
                    return "target_std_error"
                save_if_due()
        return "completed"
