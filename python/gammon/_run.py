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
A run kind is a small adapter (see :class:`RunKind`) over its result type ``R``, which must
have ``merge(other) -> R`` (exact; ranges of items that do not overlap) and ``ranges`` (the
half-open item ranges it holds). The adapter gives:

- ``label``, ``unit``, ``postfix``: the progress bar's words (``"rollout"``, ``"games"``,
  ``"equity"``), and ``chunk_size``/``per_task`` defaults;
- ``play(first, end, threads=, chunk_size=, max_seconds=, target_std_error=, callback=,
  base=)``: its Rust run function over items ``first .. end``; ``callback(done, total,
  estimate, std_error, elapsed)`` must be called with the items done *including* ``base``
  (the result of the items already merged, or None) and the estimate of them all merged
  (exact; NaN for a run without one), ``total`` being ignored;
- ``task(threads, chunk_size)``: a picklable callable ``(first, end) -> R`` for executors,
  and ``ship(executor)``, which raises when the run's objects cannot go to its workers;
- ``count(r)`` and ``estimate(r) -> (value, std_error)``; ``progress(done, total, value,
  std_error, elapsed)``: the object a user's callback receives;
- ``finish(r, stop=, elapsed=, threads=, requested=)``: ``r`` with the run's stop reason,
  time, threads and items asked for;
- ``save(r, first, items) -> str``: the checkpoint file's text, and ``load(data, where, first,
  items) -> R``: the result of a checkpoint file's bytes, checked (format, integrity,
  content) *and* checked to continue this run (the same setup, the same first item, no item
  beyond ``first + items``); both raise :class:`~gammon.CheckpointError` naming the problem.

:func:`drive` then runs it: ``drive(kind, first, items, options)``.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Optional, Protocol, TypeVar, Union

from gammon._checks import brief
from gammon._checks import int_arg as _int_arg
from gammon._checks import positive_float as _positive_float
from gammon._core import MAX_THREADS, MIN_GAMES_FOR_TARGET
from gammon._distribute import (
    DEFAULT_RETRIES,
    check_executor,
    run_ranges,
    split,
    subtract,
)
from gammon._format import plus_minus
from gammon.errors import CheckpointError, InvalidInputError

__all__ = ["DEFAULT_CHECKPOINT_EVERY", "Progress", "RunKind", "RunOptions", "drive"]

#: Seconds between checkpoint writes unless ``checkpoint_every`` says otherwise.
DEFAULT_CHECKPOINT_EVERY = 60.0

R = TypeVar("R")


@dataclass(frozen=True)
class RunOptions:
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

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The names of the fields (the execution keywords of every run function)."""
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def take(cls, options: Optional[RunOptions], keywords: dict[str, Any]) -> RunOptions:
        """``options`` (or the defaults) with the execution keywords of ``keywords`` applied.

        The keywords used are removed from ``keywords``, so that the caller can refuse the
        rest (:func:`refuse_unknown`).
        """
        if options is not None and not isinstance(options, RunOptions):
            raise InvalidInputError(f"options must be a gammon.RunOptions, not {brief(options)}")
        given = {name: keywords.pop(name) for name in cls.fields() if name in keywords}
        if options is None:
            return cls(**given)
        return dataclasses.replace(options, **given) if given else options

    @property
    def segmented(self) -> bool:
        """True when the run is played in ranges: on an executor or with a checkpoint."""
        return self.executor is not None or self.checkpoint is not None


def refuse_unknown(who: str, keywords: dict[str, Any], *valid: Sequence[str]) -> None:
    """Raise :class:`~gammon.InvalidInputError` for keywords left over, listing the valid ones."""
    if keywords:
        names = sorted({n for group in valid for n in group})
        raise InvalidInputError(
            f"{who}() got unknown keyword{'s' if len(keywords) > 1 else ''} "
            f"{', '.join(sorted(keywords))}; its keywords are {', '.join(names)}"
        )


class RunKind(Protocol[R]):
    """The adapter of a run kind (see the module's documentation)."""

    label: str
    unit: str
    postfix: Optional[str]
    chunk_size: int
    per_task: int

    def play(
        self,
        first: int,
        end: int,
        *,
        threads: Optional[int],
        chunk_size: int,
        max_seconds: Optional[float],
        target_std_error: Optional[float],
        callback: Optional[Callable[[int, int, float, float, float], None]],
        base: Optional[R],
    ) -> R:
        """Play items ``first .. end`` here (see the module's documentation)."""
        ...

    def task(self, threads: int, chunk_size: int) -> Callable[[int, int], R]:
        """A picklable callable that plays a range of items on a worker."""
        ...

    def ship(self, executor: Any) -> None:
        """Raise :class:`~gammon.InvalidInputError` when the run cannot go to ``executor``."""
        ...

    def count(self, result: R) -> int:
        """The items ``result`` holds."""
        ...

    def estimate(self, result: R) -> tuple[float, float]:
        """The estimate of ``result`` and its standard error."""
        ...

    def progress(
        self, done: int, total: int, value: float, std_error: float, elapsed: float
    ) -> Any:
        """The value a user's callback receives."""
        ...

    def finish(self, result: R, *, stop: str, elapsed: float, threads: int, requested: int) -> R:
        """``result`` with the run's stop reason, time, threads and items asked for."""
        ...

    def save(self, result: R, first: int, items: int) -> str:
        """The text of the checkpoint file of ``result`` (a run of ``first .. first + items``)."""
        ...

    def load(self, data: bytes, where: str, first: int, items: int) -> R:
        """The result of a checkpoint file's bytes, checked to continue this run."""
        ...


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


class _Reporter(Generic[R]):
    """Sends a run's progress to the bar and the user's callback."""

    def __init__(self, kind: RunKind[R], options: RunOptions, total: int, start: float) -> None:
        self.kind, self.total, self.start = kind, total, start
        self.user = options.callback
        self.bar = Progress(options.progress, total, kind.label, kind.unit, kind.postfix)
        self.wanted = self.user is not None or options.progress

    def __call__(
        self, done: int, total: int, value: float, std_error: float, elapsed: float
    ) -> None:
        self.bar.update(done, value, std_error)
        if self.user is not None:
            self.user(self.kind.progress(done, self.total, value, std_error, elapsed))

    def result(self, result: R) -> None:
        """Report the items of a merged ``result``."""
        if self.wanted:
            value, se = self.kind.estimate(result)
            self(self.kind.count(result), self.total, value, se, time.monotonic() - self.start)


def drive(kind: RunKind[R], first: int, items: int, options: RunOptions) -> R:
    """Play items ``first .. first + items`` of ``kind`` as ``options`` say; return the result.

    With a checkpoint that exists, the run continues it: only the items it does not hold are
    played, and the result holds them all. Ctrl-C returns the items finished so far with the
    stop reason ``"interrupted"``.
    """
    if not options.segmented:
        reporter = _Reporter(kind, options, items, time.monotonic())
        try:
            return kind.play(
                first,
                first + items,
                threads=options.threads,
                chunk_size=options.chunk_size or kind.chunk_size,
                max_seconds=options.max_seconds,
                target_std_error=options.target_std_error,
                callback=reporter if reporter.wanted else None,
                base=None,
            )
        finally:
            reporter.bar.close()
    return _Segmented(kind, first, items, options).run()


class _Segmented(Generic[R]):
    """A run played in ranges: tasks on an executor, or turns between checkpoint writes."""

    def __init__(self, kind: RunKind[R], first: int, items: int, options: RunOptions) -> None:
        self.kind, self.first, self.items, self.options = kind, first, items, options
        self.path: Optional[Path] = None if options.checkpoint is None else Path(options.checkpoint)
        if options.executor is not None:
            kind.ship(options.executor)
        self.done: Optional[R] = None
        self.base_elapsed = 0.0
        if self.path is not None:
            check_writable(self.path)
            if self.path.exists():
                self.done = kind.load(read_bytes(self.path), str(self.path), first, items)
                self.base_elapsed = _elapsed(self.done)
        self.start = time.monotonic()
        self.threads = 1
        self.reporter = _Reporter(kind, options, items, self.start)
        self.target = options.target_std_error

    def merged(self) -> R:
        if self.done is None:
            return self.kind.play(
                self.first,
                self.first,
                threads=1,
                chunk_size=self.kind.chunk_size,
                max_seconds=None,
                target_std_error=None,
                callback=None,
                base=None,
            )
        return self.done

    def add(self, part: R) -> None:
        self.done = part if self.done is None else self.done.merge(part)  # type: ignore[attr-defined]
        self.threads = max(self.threads, int(getattr(part, "threads", 1)))

    def target_met(self) -> bool:
        if self.target is None or self.done is None:
            return False
        n = self.kind.count(self.done)
        return n >= MIN_GAMES_FOR_TARGET and self.kind.estimate(self.done)[1] <= self.target

    def save(self, stop: str) -> None:
        if self.path is None or self.done is None:
            return
        result = self.finished(stop)
        try:
            text = self.kind.save(result, self.first, self.items)
            write_atomically(self.path, text)
        except OSError as e:
            warnings.warn(
                f"the checkpoint {self.path} could not be written ({e.strerror or e}): the "
                "games played are kept in the result, not in the file",
                RuntimeWarning,
                stacklevel=4,
            )

    def finished(self, stop: str) -> R:
        return self.kind.finish(
            self.merged(),
            stop=stop,
            elapsed=self.base_elapsed + time.monotonic() - self.start,
            threads=self.threads,
            requested=self.items,
        )

    def run(self) -> R:
        options = self.options
        held = self.done.ranges if self.done is not None else ()  # type: ignore[attr-defined]
        todo = subtract((self.first, self.first + self.items), held)
        if self.done is not None:
            self.reporter.result(self.done)
        every = options.checkpoint_every or DEFAULT_CHECKPOINT_EVERY
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
        kind, options = self.kind, self.options
        task = kind.task(options.threads or 1, options.chunk_size or kind.chunk_size)

        def take(r: tuple[int, int], part: R) -> Optional[str]:
            if tuple(part.ranges) != ((r[0], r[1]),) or kind.count(part) != r[1] - r[0]:  # type: ignore[attr-defined]
                raise InvalidInputError(f"the task of items {r[0]}..{r[1]} returned other items")
            self.add(part)
            self.reporter.result(self.merged())
            save_if_due()
            return "target_std_error" if self.target_met() else None

        return run_ranges(
            options.executor,
            task,
            split(todo, options.games_per_task or kind.per_task),
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
        kind, options = self.kind, self.options
        floor = 0.0  # raised while a turn is too short to play anything
        for a, b in todo:
            while a < b:
                limit = max(every, floor) if self.path is not None else None
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return "max_seconds"
                    limit = left if limit is None else min(limit, left)
                part = kind.play(
                    a,
                    b,
                    threads=options.threads,
                    chunk_size=options.chunk_size or kind.chunk_size,
                    max_seconds=None if limit is None else max(limit, 0.001),
                    target_std_error=self.target,
                    callback=self.reporter if self.reporter.wanted else None,
                    base=self.done,
                )
                n = kind.count(part)
                if n:
                    self.add(part)
                    a += n
                else:
                    floor = max(2 * floor, 0.05)
                stop = str(getattr(part, "stop_reason", "completed"))
                if stop == "interrupted":
                    return stop
                if stop == "target_std_error" or self.target_met():
                    return "target_std_error"
                save_if_due()
        return "completed"


def _elapsed(result: object) -> float:
    value = getattr(result, "elapsed", 0.0)
    return float(value) if isinstance(value, (int, float)) else 0.0


# -- checkpoint files ---------------------------------------------------------------------------


def _temp_name(path: Path) -> str:
    return f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"


def _stale_temps(path: Path) -> list[Path]:
    """Temporary files of this checkpoint left by a writer that died (``kill -9``)."""
    directory = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}."
    stale = []
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid = name[len(prefix) :].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid)):
            continue  # another live process is writing it
        stale.append(directory / name)
    return stale


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def check_writable(path: Path) -> None:
    """Raise :class:`~gammon.CheckpointError` unless a checkpoint can be written at ``path``.

    Checked before the first item is played: the directory exists, is a directory and takes
    a new file (one is created and removed); an existing ``path`` is a file.
    """
    directory = path.parent if str(path.parent) else Path(".")
    if path.exists() and not path.is_file():
        raise CheckpointError(f"the checkpoint {path} is not a file")
    if not directory.exists():
        raise CheckpointError(f"cannot write the checkpoint {path}: no directory {directory}")
    if not directory.is_dir():
        raise CheckpointError(f"cannot write the checkpoint {path}: {directory} is not a directory")
    probe = directory / _temp_name(path)
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as e:
        raise CheckpointError(f"cannot write the checkpoint {path}: {e.strerror}") from None
    os.close(fd)
    os.unlink(probe)


def read_bytes(path: Path) -> bytes:
    """The bytes of the checkpoint file at ``path`` (:class:`~gammon.CheckpointError` if not)."""
    try:
        return path.read_bytes()
    except OSError as e:
        raise CheckpointError(f"cannot read the checkpoint {path}: {e.strerror}") from None


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one.

    The text goes to a temporary file in the same directory (created with the umask's mode),
    flushed to disk, renamed over ``path`` (atomic on POSIX), and the directory is flushed so
    that the rename survives a power cut. Temporary files of this checkpoint that a killed
    writer left behind are removed first.
    """
    for stale in _stale_temps(path):
        try:
            stale.unlink()
        except OSError:
            pass
    directory = path.parent if str(path.parent) else Path(".")
    tmp = directory / _temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
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
