"""Analysis of played games and matches, as GNU Backgammon analyses them: :func:`analyze`.

Every checker play, every cube action and the luck of every roll of a match file, a game
record or a :class:`~gammon.Game`'s history is valued by the net (the shipped one or a
:class:`~gammon.Net` of your own) searched 0, 1 or 2 plies deep, in the Rust core:

- a **checker play** with a choice is valued against the best play of the roll by their
  cubeful equities at the score, as :func:`~gammon.hint` values them (a forced play or a
  pass is a move, not a decision);
- a **cube action** (rolling when a double was possible, doubling, taking, dropping,
  beavering) against the proper action, from the no-double, double/take and double/pass
  equities: the decision :func:`~gammon.cube_decision` makes at the same depth (GNU
  Backgammon's cube model; match play through the match equity table);
- a **roll** by its luck: what it was worth (its best play) against the average of the 21
  rolls, gnubg's luck.

Equities are normalised as gnubg's (per unit of cube in money play; "EMG" in a match), and
every loss also comes in the game's unit: points (money) or match winning chance (a match).
Decisions that lose more than 0.03, 0.06 and 0.12 are marked doubtful, bad and very bad
(gnubg's thresholds); the error rates are per unforced move (checker play) and per close
cube decision (cube), as gnubg's statistics::

    >>> import gammon
    >>> game = gammon.Game(seed=3)
    >>> game.set_dice(6, 5); game.push("13/7 13/8")      # the book play is 24/13
    >>> a = gammon.analyze(game)
    >>> d = a.decisions[0]
    >>> d.kind, str(d.best.play), d.skill in ("doubtful", "bad", "very bad")
    ('play', '24/13', True)
    >>> a.white.unforced, round(a.white.checker_error_rate, 6) == round(d.loss, 6)
    (1, True)

Results are Rust values (:class:`MatchAnalysis`, :class:`GameAnalysis`, :class:`Decision`,
:class:`Candidate`, :class:`RollLuck`, :class:`PlayerStats`) with a readable ``str()``;
:func:`analyze_many` analyses many records on every core; :func:`analysis_arrays` turns the
players' statistics of many analyses into NumPy arrays, and :func:`decision_arrays` their
decisions.

Long Nardy games are analysed with the Long Nardy net: checker play and luck (no cube).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Optional, Union

import gammon._core as _core
from gammon._checks import brief, int_arg
from gammon._core import (
    DECISION_KINDS,
    MAX_ANALYSIS_PLIES,
    SKILLS,
    Candidate,
    Decision,
    GameAnalysis,
    MatchAnalysis,
    Net,
    PlayerStats,
    RollLuck,
    TurnState,
)
from gammon._distribute import run_ranges
from gammon._run import Progress, RunOptions, refuse_unknown
from gammon.actions import Action
from gammon.errors import InvalidInputError
from gammon.files import read_match
from gammon.game import Game
from gammon.matchfile import GameRecord, MatchRecord

__all__ = [
    "DECISION_KINDS",
    "MAX_ANALYSIS_PLIES",
    "SKILLS",
    "AnalysisProgress",
    "Candidate",
    "Decision",
    "GameAnalysis",
    "MatchAnalysis",
    "PlayerStats",
    "RollLuck",
    "analysis_arrays",
    "analyze",
    "analyze_many",
    "decision_arrays",
    "game_log",
]

Source = Union[MatchRecord, GameRecord, Game, Sequence[Game], str, "os.PathLike[str]"]
"""What :func:`analyze` reads: a match record, a game record, a game, games played one after
the other, or the path of a ``.mat`` or ``.sgf`` file."""


@dataclass(frozen=True)
class AnalysisProgress:
    """What the ``callback`` of :func:`analyze` and :func:`analyze_many` receives."""

    games_done: int
    """Games analysed so far."""
    games: int
    """Games to analyse."""
    elapsed: float
    """Seconds since the analysis started."""


def game_log(game: Game) -> tuple[TurnState, list[tuple[Action, TurnState]]]:
    """The record of ``game`` as the core's analysis reads it: its first state and history.

    The history is the game's own: each action with the :class:`~gammon.TurnState` it was
    taken in; the core replays the actions through the rules.
    """
    stack: list[tuple[Action, TurnState]] = game._stack
    return (stack[0][1] if stack else game._state), list(stack)


def _record(source: object) -> tuple[list[tuple[TurnState, list[Any]]], tuple[str, str], int]:
    """The games, the names ``(white, black)`` and the length (0: money) of ``source``."""
    if isinstance(source, (str, os.PathLike)):
        source = read_match(source)
    if isinstance(source, MatchRecord):
        games = [game_log(g.game) for g in source.games]
        return games, source.names, source.length
    if isinstance(source, GameRecord):
        source = source.game
    if isinstance(source, Game):
        return [game_log(source)], ("White", "Black"), source.match.length
    if isinstance(source, Sequence) and source and all(isinstance(g, Game) for g in source):
        return [game_log(g) for g in source], ("White", "Black"), source[0].match.length
    if type(source).__name__ == "Series":
        raise InvalidInputError(
            "analyze: a Long Nardy Series keeps the results of its finished games, not their "
            "moves; analyse the games themselves: gammon.analyze([game1, game2, ...]) with "
            "the Game objects Series.new_game() returned"
        )
    raise InvalidInputError(
        "analyze reads a MatchRecord, a GameRecord, a Game, a list of Games or the path of a "
        f".mat or .sgf file, not {brief(source)}"
    )


def analyze(
    source: Source,
    *,
    plies: int = 0,
    net: Optional[Net] = None,
    prune: Optional[int] = None,
    options: Optional[RunOptions] = None,
    **keywords: Any,
) -> MatchAnalysis:
    """Analyse a match, a money session or games, as gnubg's ``analyse match`` does.

    ``source`` is a :class:`~gammon.MatchRecord` (what :func:`~gammon.read_match` returns), a
    :class:`~gammon.GameRecord`, a :class:`~gammon.Game` (its history), a list of games played
    one after the other (Long Nardy games of a series, say), or the path of a ``.mat`` or
    ``.sgf`` file. ``plies``: the depth of the values, 0 (the net alone), 1 or 2 (gnubg's
    analysis default). ``net``: a :class:`~gammon.Net` of the games' variant (default: the
    shipped one). ``prune``: how many plays of each roll a small pruning net keeps, inside the
    searches of 1 ply or more, in contact, for the net to value (default 2, of pubeval's best
    8 of a roll; 0 values every play with the net, slower), as in :func:`~gammon.rollout`;
    the shipped backgammon net only (a :class:`~gammon.Net` of your own and Long Nardy are
    never pruned). The execution options are those of every run
    (:class:`~gammon.RunOptions`, as keywords or ``options=``; see :func:`analyze_many`):
    ``threads`` (default one per core), ``progress``, ``callback`` (called with an
    :class:`AnalysisProgress` as games finish; an exception it raises stops the analysis) and
    ``executor``.

    Returns a :class:`MatchAnalysis`: ``games`` (each with its ``decisions``, ``rolls`` and
    statistics), each player's statistics (``white``, ``black``, ``stats(color)``) and
    ``worst(n)``; ``str()`` is a summary table.

    Raises :class:`~gammon.InvalidInputError` for a source of another kind, a ``plies``
    outside 0-2, a ``prune`` that is not an int from 0, a net of another game than the
    records' or bad execution options; the
    errors of :func:`~gammon.read_match` for a file; :class:`~gammon.IllegalActionError`
    naming the game and the action for a record that breaks the rules.
    """
    run = RunOptions.take(options, keywords)
    refuse_unknown(analyze, keywords, RunOptions.fields())
    return analyze_many([source], plies=plies, net=net, prune=prune, options=run)[0]


def analyze_many(
    sources: Iterable[Source],
    *,
    plies: int = 0,
    net: Optional[Net] = None,
    prune: Optional[int] = None,
    options: Optional[RunOptions] = None,
    **keywords: Any,
) -> list[MatchAnalysis]:
    """Analyse many matches (records, games or files, as :func:`analyze` reads each) at once.

    Returns one :class:`MatchAnalysis` per source, in order; the results do not depend on
    how the work is spread. The execution options are those of every run
    (:class:`~gammon.RunOptions`, as keywords or ``options=``):

    - ``threads``: every game of every source is a unit of work for the next free thread
      (default one per core; with an ``executor``, the threads of each task, default 1);
    - ``progress`` (a progress bar of the games) and ``callback`` (called with an
      :class:`AnalysisProgress` as games finish; an exception it raises stops the analysis);
    - ``executor``: a ``concurrent.futures`` executor (threads or processes) or a
      ``dask.distributed.Client``; each task analyses ``games_per_task`` sources (default 8)
      and is retried up to ``retries`` times. The sources and ``net`` travel to the workers
      and the analyses come back pickled (the core's compact form), equal to the ones made
      here.

    ``chunk_size`` has no effect (a game is the unit of work); an analysis keeps no
    ``checkpoint`` and has no stop rule (``max_seconds``, ``target_std_error``). The
    arguments and errors are :func:`analyze`'s; an error names the match (from 1) as well.
    """
    run = RunOptions.take(options, keywords)
    refuse_unknown(analyze_many, keywords, RunOptions.fields())
    for name in ("checkpoint", "max_seconds", "target_std_error"):
        if getattr(run, name) is not None:
            raise InvalidInputError(
                f"{name}: an analysis runs every game to the end and keeps no checkpoint"
            )
    plies = int_arg("plies", plies, 0, MAX_ANALYSIS_PLIES)
    prune = _core._prune_keep(prune)
    if net is not None and not isinstance(net, Net):
        raise InvalidInputError(f"net must be a gammon.Net, not {brief(net)}")
    items = list(sources)
    if run.executor is not None:
        how = {"plies": plies, "net": net, "prune": prune, "threads": run.threads or 1}
        return _on_executor(items, how, run)
    records = [_record(s) for s in items]
    games = [r[0] for r in records]
    bar = Progress(run.progress, sum(len(g) for g in games), "analysis", "games", None)
    callback = run.callback

    def report(done: int, of: int, elapsed: float) -> None:
        bar.update(done)
        if callback is not None:
            callback(AnalysisProgress(done, of, elapsed))

    try:
        return list(
            _core._analyze_matches(
                games,
                [r[1] for r in records],
                [r[2] for r in records],
                plies,
                net,
                run.threads or 0,
                report if (run.progress or callback is not None) else None,
                prune,
            )
        )
    finally:
        bar.close()


#: Sources per task on an executor unless ``games_per_task`` says otherwise.
SOURCES_PER_TASK = 8


def _analyze_part(
    sources: Sequence[Source], how: dict[str, Any], first: int, end: int
) -> list[MatchAnalysis]:
    """The analyses of ``sources[first:end]`` (a task on an executor's worker)."""
    return analyze_many(sources[first:end], **how)


def _on_executor(
    sources: list[Source], how: dict[str, Any], run: RunOptions
) -> list[MatchAnalysis]:
    """:func:`analyze_many` in tasks on ``run.executor`` (``how``: its settings), in order."""
    executor = run.executor
    # Bad sources are refused here, before any task runs.
    total = sum(len(_record(s)[0]) for s in sources)
    per_task = run.games_per_task or SOURCES_PER_TASK
    ranges = [(a, min(a + per_task, len(sources))) for a in range(0, len(sources), per_task)]
    parts: dict[int, list[MatchAnalysis]] = {}
    bar = Progress(run.progress, total, "analysis", "games", None)
    start = time.monotonic()

    def take(r: tuple[int, int], part: list[MatchAnalysis]) -> Optional[str]:
        parts[r[0]] = part
        done = sum(len(a) for p in parts.values() for a in p)
        bar.update(done)
        if run.callback is not None:
            run.callback(AnalysisProgress(done, total, time.monotonic() - start))
        return None

    task = partial(_analyze_part, sources, how)
    try:
        stop = run_ranges(executor, task, ranges, take, retries=run.retries)
    finally:
        bar.close()
    if stop != "completed":
        raise KeyboardInterrupt("the analysis was interrupted")
    return [a for first in sorted(parts) for a in parts[first]]


def analysis_arrays(analyses: Sequence[MatchAnalysis]) -> dict[str, Any]:
    """The players' statistics of many analyses as NumPy arrays.

    Returns ``{name: array}``, each array of shape ``(len(analyses), 2)``: column 0 White's,
    column 1 Black's, for every statistic of :meth:`PlayerStats.as_dict` (``"unforced"``,
    ``"checker_error_rate"``, ``"cube_error_rate"``, ``"luck"``, ``"luck_adjusted"``...).

    >>> import gammon
    >>> g = gammon.Game(seed=1); g.set_dice(3, 1); g.push("8/5 6/5")
    >>> arrays = analysis_arrays([gammon.analyze(g)])
    >>> arrays["unforced"].shape, arrays["unforced"][0].tolist()
    ((1, 2), [1.0, 0.0])
    """
    return dict(_core._analysis_arrays(_analyses("analysis_arrays", analyses)))


def decision_arrays(analyses: Sequence[MatchAnalysis]) -> dict[str, Any]:
    """Every decision of many analyses as NumPy arrays, one row per decision in order.

    Returns ``{name: array}``: ``"match"`` (the index of the analysis in ``analyses``),
    ``"game"`` (from 0), ``"move"`` (the move number), ``"player"`` (0 White, 1 Black),
    ``"kind"`` (an index of :data:`DECISION_KINDS`: ``"play"``, ``"no double"``...),
    ``"skill"`` (an index of :data:`SKILLS`: ``""``, ``"doubtful"``, ``"bad"``, ``"very
    bad"``), ``"loss"`` (normalised equity), ``"cost"`` (points or match winning chance) and
    ``"legal_plays"``.

    >>> import gammon
    >>> g = gammon.Game(seed=3); g.set_dice(6, 5); g.push("13/7 13/8")
    >>> rows = decision_arrays([gammon.analyze(g)])
    >>> DECISION_KINDS[rows["kind"][0]], SKILLS[rows["skill"][0]], rows["player"].tolist()
    ('play', 'very bad', [0])
    """
    return dict(_core._decision_arrays(_analyses("decision_arrays", analyses)))


def _analyses(who: str, analyses: Sequence[MatchAnalysis]) -> list[MatchAnalysis]:
    items = list(analyses)
    for a in items:
        if not isinstance(a, MatchAnalysis):
            raise InvalidInputError(f"{who} takes MatchAnalysis values, not {brief(a)}")
    return items
