"""Whole matches and money sessions between two players, simulated in bulk.

:func:`simulate_match` plays matches to N points under the match rules (the Crawford game,
gammons count, no money options: MATCH-*, CUBE-11). :func:`simulate_money` plays
independent money games with the options of :class:`~gammon.CubeRules` (Jacoby,
beavers, raccoons, automatic doubles: MONEY-*, CUBE-12..CUBE-20). Both run in Rust on every
core with the GIL released and return the estimate with its standard error::

    >>> import gammon
    >>> strong = gammon.Player("pubeval", cube="race")
    >>> r = gammon.simulate_match(3, players=(strong, "random"), matches=200, seed=1)
    >>> r.matches_completed, r.win > 0.9
    (200, True)
    >>> r == gammon.simulate_match(3, players=(strong, "random"), matches=200, seed=1, threads=1)
    True

A :class:`Player` is a checker policy (as for :func:`gammon.rollout`: ``"random"``,
``"pubeval"``, ``"heuristic"``, ``"bearoff"``, ``"net"`` or an object with ``choose(position,
plays)``) and
a cube policy: ``"never"`` (never doubles, always takes), ``"race"`` (the Keith count in races, no
cube action outside them), ``"net"`` (cube decisions from the shipped net's probabilities by
Janowski's cube-life model, see below) or an object with ``double(view)`` and ``take(view)``
methods (:class:`CubePolicy`).

The ``"net"`` cube policy evaluates the position with the shipped backgammon net (0 ply) and
decides by Rick Janowski's cube-life model ("Take-Points in Money Games", 1993) with GNU
Backgammon's default cube efficiencies (0.68 in contact, 0.6 to 0.7 in races by pip count,
0.6 in bear-offs): it doubles when doubling beats playing on whatever the answer (not when
"too good"), takes when the take is worth at least the drop, and beavers (money play, where
the rules allow it) when its equity after taking would be above zero. In
matches the same model is applied to match winning chances from the Kazaross-XG2 table (each
outcome valued by the score it leads to): a simplification, the money cube-life model carried
over to match equities rather than a true match-play cubeful evaluation such as gnubg's; the
Crawford game, post-Crawford play and dead cubes (MATCH-3, MATCH-7) are handled by the rules
machinery. It plays standard backgammon and nackgammon (the net was trained on standard
backgammon; nackgammon positions, same rules and 15 checkers, are evaluated by the same net,
an extrapolation), not hypergammon.

The first player plays White, the second Black; the opening roll of each game decides who
moves first (BG-10), so the colors give no edge.

Match *m* (or money game *g*) takes its dice from ``(seed, m)`` only: the same seed gives
the same results on any number of threads and in chunks of any size. Python policies are the
slow path: each of their decisions calls into Python, and such simulations run on one thread.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple, Optional, Union

import numpy as np
import numpy.typing as npt

from gammon import _core
from gammon._checks import MAX_MATCH_LENGTH
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import int_arg as _int_arg
from gammon._checks import positive_float as _positive_float
from gammon._core import Variant, find_variant
from gammon._distribute import (
    DEFAULT_GAMES_PER_TASK,
    DEFAULT_MATCHES_PER_TASK,
    DEFAULT_RETRIES,
    check_executor,
    check_picklable,
    run_ranges,
    split,
)
from gammon._format import plus_minus
from gammon._results import RunResult
from gammon.cube import CubeRules
from gammon.errors import InvalidInputError
from gammon.policies import (
    BUILTIN_CUBE_POLICIES,
    CubePolicy,
    CubeView,
    Player,
    PlayerSpec,
    _check_threads_for_python,
    _core_players,
    _players_arg,
)

__all__ = [
    "BUILTIN_CUBE_POLICIES",
    "MONEY_KIND_NAMES",
    "CubePolicy",
    "CubeView",
    "MatchRecords",
    "MatchResult",
    "MoneyRecords",
    "MoneyResult",
    "Player",
    "SimulationProgress",
    "simulate_match",
    "simulate_money",
]

#: Names of the result classes of money games, indexed as in :attr:`MoneyRecords.kind`.
MONEY_KIND_NAMES = ("single", "gammon", "backgammon", "oin", "mars", "koks", "draw", "dropped")


def _variant(variant: Union[Variant, str, None]) -> Variant:
    if variant is None:
        return Variant.BACKGAMMON
    v = variant if isinstance(variant, Variant) else find_variant(variant)
    if v == Variant.LONG_NARDY:
        raise InvalidInputError(
            "Long Nardy is played without a doubling cube; simulate a backgammon variant "
            "(roll Long Nardy games out with gammon.rollout)"
        )
    return v


def _cube_rules(cube_rules: object) -> CubeRules:
    if cube_rules is None:
        return CubeRules()
    if not isinstance(cube_rules, CubeRules):
        raise InvalidInputError(f"cube_rules must be a gammon.CubeRules, not {cube_rules!r}")
    return cube_rules


# -- results ---------------------------------------------------------------------------------


class SimulationProgress(NamedTuple):
    """What a progress callback receives."""

    done: int
    """Matches (or games) finished so far."""
    total: int
    """Matches (or games) asked for."""
    estimate: float
    """The first player's match-win share (or average points per game) so far."""
    std_error: float
    """Its standard error."""
    elapsed: float
    """Seconds since the start."""


class MatchRecords(NamedTuple):
    """Per-match results as numpy arrays, one entry per match in match order."""

    winner: npt.NDArray[np.int8]
    """0 when the first player won the match, 1 when the second did."""
    games: npt.NDArray[np.uint32]
    """Games played."""
    score: npt.NDArray[np.uint32]
    """Final scores, shape ``(matches, 2)``: first player, second player."""
    crawford_game: npt.NDArray[np.int32]
    """The index (from 0) of the Crawford game, -1 for none (MATCH-3)."""
    drops: npt.NDArray[np.uint32]
    """Games ended by a dropped double."""
    doubles: npt.NDArray[np.uint32]
    """Cube offers made (doubles, beavers, raccoons)."""
    max_cube: npt.NDArray[np.uint32]
    """The highest cube value a game ended with."""
    plies: npt.NDArray[np.uint64]
    """Turns played."""


class MoneyRecords(NamedTuple):
    """Per-game results of money play as numpy arrays, one entry per game in game order."""

    winner: npt.NDArray[np.int8]
    """+1 when the first player won, -1 when the second did."""
    kind: npt.NDArray[np.uint8]
    """The result class: an index into :data:`MONEY_KIND_NAMES`."""
    points: npt.NDArray[np.int32]
    """The first player's net points (cube included)."""
    cube: npt.NDArray[np.uint32]
    """The cube value the game was scored at."""
    doubles: npt.NDArray[np.uint32]
    """Cube offers made."""
    plies: npt.NDArray[np.uint32]
    """Turns played."""


def _match_records(arrays: tuple[npt.NDArray[Any], ...]) -> MatchRecords:
    winner, games, white, black, crawford_game, drops, doubles, max_cube, plies = arrays
    return MatchRecords(
        winner=winner,
        games=games,
        score=np.stack([white, black], axis=1),
        crawford_game=crawford_game,
        drops=drops,
        doubles=doubles,
        max_cube=max_cube,
        plies=plies,
    )


class _SimulationResult(RunResult):
    """What match and money results share: the setup, the stop, the timing."""

    _unit = "items"

    def __init__(
        self,
        *,
        players: tuple[Player, Player],
        seed: int,
        cube_rules: CubeRules,
        variant: Variant,
        run: _core.SimulationRun,
        requested: int,
    ) -> None:
        self.players = players
        """The two players; the first played White."""
        self.seed = seed
        """The master seed: with it the simulation can be replayed exactly."""
        self.cube_rules = cube_rules
        """The cube rules asked for (a match drops the money options, CUBE-11)."""
        self.variant = variant
        """The variant played."""
        self.interrupted: bool = run.stop == "interrupted"
        """True when Ctrl-C (or the callback) stopped the simulation early."""
        self.stop_reason: str = run.stop
        """``"completed"``, ``"interrupted"`` or ``"max_seconds"``."""
        self.elapsed: float = run.elapsed
        """Wall-clock seconds."""
        self.threads: int = run.threads
        """Worker threads used."""
        self.first: int = run.first
        """The index of the first match (or game) played."""
        self._requested = requested

    @property
    def names(self) -> tuple[str, str]:
        """The players' short names (``"pubeval+race"``)."""
        return (self.players[0].name, self.players[1].name)

    def _status(self, done: int) -> str:
        if self.interrupted:
            return f"interrupted after {done:,} of {self._requested:,} {self._unit}"
        return self.stop_reason


class MatchResult(_SimulationResult):
    """The result of :func:`simulate_match`: the share of matches each player won.

    Shares and their error are exact functions of integer counts, so equal seeds give equal
    results on any thread count.
    """

    _unit = "matches"

    def __init__(
        self,
        *,
        length: int,
        crawford: bool,
        records: Optional[MatchRecords] = None,
        **common: Any,
    ) -> None:
        super().__init__(**common)
        tally = common["run"].tally
        self.length = length
        """The match length (MATCH-1)."""
        self.crawford = crawford
        """True when the Crawford rule was in force (MATCH-3)."""
        self.matches_requested: int = common["requested"]
        """Matches asked for."""
        self.tally: _core.MatchTally = tally
        """The core's statistics of the matches (exact sums, estimates)."""
        t = self.tally
        self.matches_completed: int = t.matches
        """Matches played to the end and counted."""
        self.wins: tuple[int, int] = t.wins
        """Matches won by the first and the second player."""
        self.games: int = t.games
        """Games played in all matches."""
        self.crawford_games: int = t.crawford_games
        """Crawford games played (at most one a match)."""
        self.drops: int = t.drops
        """Games ended by a dropped double."""
        self.doubles: int = t.doubles
        """Cube offers made: doubles (and, in money play only, beavers and raccoons)."""
        self.points: tuple[int, int] = t.points
        """Points scored by each player over all matches."""
        self.plies: int = t.plies
        """Turns played in all games."""
        self.records = records
        """Per-match :class:`MatchRecords` when ``record_matches=True``, else None."""

    @property
    def win(self) -> float:
        """The share of matches the first player won (NaN for none)."""
        return self.tally.win_share(0)

    @property
    def lose(self) -> float:
        """The share of matches the second player won."""
        return self.tally.win_share(1)

    @property
    def _estimate(self) -> float:
        return self.win

    @property
    def std_error(self) -> float:
        """The standard error of :attr:`win` (and of :attr:`lose`)."""
        return self.tally.std_error

    @property
    def games_per_match(self) -> float:
        """The average number of games a match took."""
        return self.tally.games_per_match

    @property
    def games_per_match_std_error(self) -> float:
        """The standard error of :attr:`games_per_match`."""
        return self.tally.games_per_match_std_error

    @property
    def matches_per_second(self) -> float:
        """Matches played per wall-clock second."""
        return self.matches_completed / self.elapsed if self.elapsed > 0 else math.inf

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.games / self.elapsed if self.elapsed > 0 else math.inf

    def __str__(self) -> str:
        n = self.matches_completed
        lo, hi = self.ci95
        rule = "" if self.crawford else ", no Crawford rule"
        return "\n".join(
            [
                f"{self.length}-point matches{rule}: {self.names[0]} vs {self.names[1]} "
                f"({self.variant.canonical_name}, seed {self.seed})",
                f"{n:,} matches ({self.games:,} games) in {self.elapsed:.1f} s: "
                f"{self.matches_per_second:,.0f} matches/s on {self.threads} thread"
                f"{'s' if self.threads != 1 else ''} ({self._status(n)})",
                f"  {self.names[0]} wins {plus_minus(self.win, self.std_error, '.4f')}, "
                f"CI {lo:.4f} .. {hi:.4f}, standard error {self.std_error:.4f}",
                f"  {self.games_per_match:.2f} games a match, {self.crawford_games:,} Crawford "
                f"games, {self.doubles:,} doubles, {self.drops:,} dropped",
            ]
        )

    def __repr__(self) -> str:
        return (
            f"<MatchResult {self.length}-point {self.names[0]} vs {self.names[1]} "
            f"matches={self.matches_completed} win={plus_minus(self.win, self.std_error, '.4f')} "
            f"seed={self.seed}{' interrupted' if self.interrupted else ''}>"
        )

    def _key(self) -> tuple[Any, ...]:
        return (
            self.length,
            self.crawford,
            self.names,
            self.seed,
            self.cube_rules,
            self.variant,
            self.first,
            self.tally,
        )


class MoneyResult(_SimulationResult):
    """The result of :func:`simulate_money`: the first player's average points per game."""

    _unit = "games"

    def __init__(self, *, records: Optional[MoneyRecords] = None, **common: Any) -> None:
        super().__init__(**common)
        tally = common["run"].tally
        self.games_requested: int = common["requested"]
        """Games asked for."""
        self.tally: _core.MoneyTally = tally
        """The core's statistics of the games (exact sums, estimates)."""
        t = self.tally
        self.games_completed: int = t.games
        """Games played and counted."""
        self.dropped: tuple[int, int] = t.drops
        """Games each player won by a dropped double (CUBE-6)."""
        self.doubles: int = t.doubles
        """Cube offers made: doubles, beavers and raccoons."""
        self.cube_total: int = t.cube
        """The sum of the cube values the games were scored at."""
        self.plies: int = t.plies
        """Turns played."""
        self.records = records
        """Per-game :class:`MoneyRecords` when ``record_games=True``, else None."""

    @property
    def points_per_game(self) -> float:
        """The first player's average net points per game (NaN for none)."""
        return self.tally.points_per_game

    @property
    def net_points(self) -> int:
        """The first player's net points over all games."""
        return self.tally.points

    @property
    def _estimate(self) -> float:
        return self.points_per_game

    @property
    def std_error(self) -> float:
        """The standard error of :attr:`points_per_game`."""
        return self.tally.std_error

    @property
    def counts(self) -> dict[str, dict[str, int]]:
        """Games won by each player and how: ``{"first": {"single": n, ..., "dropped": n}}``."""
        out = {}
        for i, side in enumerate(("first", "second")):
            d = {k: self.tally.wins[i][j] for j, k in enumerate(MONEY_KIND_NAMES[:3])}
            d["dropped"] = self.dropped[i]
            out[side] = d
        return out

    @property
    def mean_cube(self) -> float:
        """The average cube value the games were scored at."""
        n = self.games_completed
        return self.cube_total / n if n else math.nan

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.games_completed / self.elapsed if self.elapsed > 0 else math.inf

    def __str__(self) -> str:
        n = self.games_completed
        lo, hi = self.ci95
        c = self.counts
        return "\n".join(
            [
                f"money games: {self.names[0]} vs {self.names[1]} "
                f"({self.variant.canonical_name}, seed {self.seed})",
                f"{n:,} games in {self.elapsed:.1f} s: {self.games_per_second:,.0f} games/s on "
                f"{self.threads} thread{'s' if self.threads != 1 else ''} ({self._status(n)})",
                f"  {self.names[0]}: {plus_minus(self.points_per_game, self.std_error)} "
                f"points a game, CI {lo:+.4f} .. {hi:+.4f}, standard error {self.std_error:.4f}",
                f"  mean cube {self.mean_cube:.3f}, {self.doubles:,} cube offers, dropped "
                f"{c['first']['dropped']:,} / {c['second']['dropped']:,}",
            ]
        )

    def __repr__(self) -> str:
        return (
            f"<MoneyResult {self.names[0]} vs {self.names[1]} games={self.games_completed} "
            f"points={plus_minus(self.points_per_game, self.std_error)} seed={self.seed}"
            f"{' interrupted' if self.interrupted else ''}>"
        )

    def _key(self) -> tuple[Any, ...]:
        return (
            self.names,
            self.seed,
            self.cube_rules,
            self.variant,
            self.first,
            self.tally,
        )


# -- the functions ---------------------------------------------------------------------------


def _run(
    call: Callable[
        [Optional[Callable[[int, int, float, float, float], None]]], _core.SimulationRun
    ],
    total: int,
    desc: str,
    unit: str,
    label: str,
    progress: bool,
    callback: Optional[Callable[[SimulationProgress], object]],
) -> _core.SimulationRun:
    if callback is not None and not callable(callback):
        raise InvalidInputError(f"callback must be callable, not {callback!r}")
    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=total, unit=unit, unit_scale=True, desc=desc, leave=True)

    def report(done: int, total: int, est: float, se: float, elapsed: float) -> None:
        if bar is not None:
            bar.update(done - bar.n)
            if done > 0:
                bar.set_postfix_str(f"{label} {plus_minus(est, se, '.4f')}", refresh=False)
        if callback is not None:
            callback(SimulationProgress(done, total, est, se, elapsed))

    try:
        return call(report if (bar is not None or callback is not None) else None)
    finally:
        if bar is not None:
            bar.close()


def simulate_match(
    length: int,
    *,
    players: tuple[PlayerSpec, PlayerSpec],
    matches: int = 1000,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    cube_rules: Optional[CubeRules] = None,
    crawford: bool = True,
    variant: Union[Variant, str, None] = None,
    first_match: int = 0,
    chunk_size: int = _core.DEFAULT_MATCH_CHUNK,
    record_matches: bool = False,
    max_seconds: Optional[float] = None,
    progress: bool = False,
    callback: Optional[Callable[[SimulationProgress], object]] = None,
    executor: Any = None,
    matches_per_task: int = DEFAULT_MATCHES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
) -> MatchResult:
    """Play ``matches`` matches to ``length`` points between two players; return the shares.

    ``players``: a pair, each a :class:`Player`, a checker policy (name or object; its cube
    policy is then ``"never"``) or a pair ``(checker policy, cube policy)``; the first plays
    White. Every game starts with the opening roll (BG-10) and follows the match rules: the
    Crawford game exactly once when ``crawford`` (MATCH-3, MATCH-4), gammons and
    backgammons count (MATCH-2), drops score the value before the double (CUBE-6), no money
    options (CUBE-11); ``cube_rules`` gives the cap (CUBE-10), ``enabled`` (CUBE-2) and
    ``refuse_dead_cube`` (MATCH-7). ``seed``: the master seed (a random one when None; it is
    in the result). ``threads``: worker threads (None: one per core; a policy written in
    Python runs on one thread, and ``threads`` above 1 with one raises
    :class:`~gammon.InvalidInputError`). ``variant``: a backgammon variant (default
    standard). ``first_match``: the index of the first match, to run a range of a larger
    simulation elsewhere. ``chunk_size``:
    matches per unit of work; results do not depend on it. ``record_matches``: keep
    per-match :class:`MatchRecords`. ``max_seconds``: a time limit. ``progress``: a tqdm
    progress bar. ``callback``: called with a :class:`SimulationProgress` after each chunk
    and at least every 0.1 s. ``executor``: a ``dask.distributed.Client`` or a
    ``concurrent.futures.Executor`` that plays ranges of ``matches_per_task`` matches on its
    workers (``threads`` each, default 1), merged in order into the result of the seed, as
    for :func:`~gammon.rollout`; a failed range is run again up to ``retries`` times. Python
    policies must pickle to be shipped.

    Ctrl-C (or a ``KeyboardInterrupt`` raised by the callback or a Python policy) stops the
    simulation and returns the matches finished so far with ``interrupted`` set.

    Raises :class:`~gammon.InvalidInputError` for bad arguments (a length outside
    1..32767, an unknown policy, Long Nardy, counts out of range),
    :class:`~gammon.IllegalCubeActionError` when a Python cube policy answers a beaver or
    raccoon the rules do not allow, :class:`~gammon.InternalError` if a match cannot be
    finished, and whatever a Python policy or the callback raises.
    """
    length = _int_arg("length", length, 1, MAX_MATCH_LENGTH)
    pair = _players_arg(players)
    matches = _int_arg("matches", matches, 0)
    first_match = _int_arg("first_match", first_match, 0, _MAX_U64 - matches)
    seed = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    n_threads = 0 if threads is None else _int_arg("threads", threads, 1, _core.MAX_THREADS)
    _check_threads_for_python(threads, [s for p in pair for s in (p.checker, p.cube)])
    chunk_size = _int_arg("chunk_size", chunk_size, 1)
    max_s = _positive_float("max_seconds", max_seconds)
    rules = _cube_rules(cube_rules)
    if not isinstance(crawford, bool):
        raise InvalidInputError(f"crawford must be True or False, not {crawford!r}")
    var = _variant(variant)
    if executor is not None:
        options = {
            "length": length,
            "players": pair,
            "seed": seed,
            "threads": 1 if threads is None else n_threads,
            "cube_rules": rules,
            "crawford": crawford,
            "variant": var,
            "chunk_size": chunk_size,
            "record_matches": bool(record_matches),
        }
        dist, dist_records = _distributed(
            "match",
            options,
            first_match,
            matches,
            executor=executor,
            per_task=_int_arg("matches_per_task", matches_per_task, 1),
            retries=_int_arg("retries", retries, 0, 100),
            max_seconds=max_s,
            progress=progress,
            callback=callback,
            desc=f"{length}-point matches",
        )
        return MatchResult(
            length=length,
            crawford=crawford,
            records=dist_records,
            players=pair,
            seed=seed,
            cube_rules=rules,
            variant=var,
            run=dist,
            requested=matches,
        )

    def call(cb: Optional[Callable[[int, int, float, float, float], None]]) -> _core.SimulationRun:
        return _core._simulate_match(
            var,
            length,
            crawford,
            _core_players(pair, rules),
            rules,
            seed=seed,
            first=first_match,
            end=first_match + matches,
            threads=n_threads,
            chunk_size=chunk_size,
            record=bool(record_matches),
            max_seconds=max_s,
            callback=cb,
        )

    run = _run(call, matches, f"{length}-point matches", "matches", "win", progress, callback)
    records = None if run.records is None else _match_records(run.records)
    return MatchResult(
        length=length,
        crawford=crawford,
        records=records,
        players=pair,
        seed=seed,
        cube_rules=rules,
        variant=var,
        run=run,
        requested=matches,
    )


def simulate_money(
    games: int = _core.DEFAULT_GAME_CHUNK,
    *,
    players: tuple[PlayerSpec, PlayerSpec],
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    cube_rules: Optional[CubeRules] = None,
    variant: Union[Variant, str, None] = None,
    first_game: int = 0,
    chunk_size: int = _core.DEFAULT_GAME_CHUNK,
    record_games: bool = False,
    max_seconds: Optional[float] = None,
    progress: bool = False,
    callback: Optional[Callable[[SimulationProgress], object]] = None,
    executor: Any = None,
    games_per_task: int = DEFAULT_GAMES_PER_TASK,
    retries: int = DEFAULT_RETRIES,
) -> MoneyResult:
    """Play ``games`` independent money games between two players; return points per game.

    Each game starts with the opening roll (BG-10; ties double the cube where
    ``cube_rules.auto_doubles`` says, BG-11) and is scored by SCORE-2 with the money options
    of ``cube_rules``: the Jacoby rule (MONEY-2), beavers and raccoons (CUBE-12, CUBE-13),
    the cap (CUBE-10). The result is from the first player's side. The other arguments are
    those of :func:`simulate_match` (with an executor, ``games_per_task`` games a task).

    Raises :class:`~gammon.InvalidInputError` for bad arguments,
    :class:`~gammon.IllegalCubeActionError` when a Python cube policy answers a beaver or
    raccoon the rules do not allow, :class:`~gammon.InternalError` if a game cannot be
    finished, and whatever a Python policy or the callback raises (``KeyboardInterrupt``
    returns the games finished so far).
    """
    pair = _players_arg(players)
    games = _int_arg("games", games, 0)
    first_game = _int_arg("first_game", first_game, 0, _MAX_U64 - games)
    seed = secrets.randbits(64) if seed is None else _int_arg("seed", seed, 0)
    n_threads = 0 if threads is None else _int_arg("threads", threads, 1, _core.MAX_THREADS)
    _check_threads_for_python(threads, [s for p in pair for s in (p.checker, p.cube)])
    chunk_size = _int_arg("chunk_size", chunk_size, 1)
    max_s = _positive_float("max_seconds", max_seconds)
    rules = _cube_rules(cube_rules)
    var = _variant(variant)
    if executor is not None:
        options = {
            "players": pair,
            "seed": seed,
            "threads": 1 if threads is None else n_threads,
            "cube_rules": rules,
            "variant": var,
            "chunk_size": chunk_size,
            "record_games": bool(record_games),
        }
        dist, dist_records = _distributed(
            "money",
            options,
            first_game,
            games,
            executor=executor,
            per_task=_int_arg("games_per_task", games_per_task, 1),
            retries=_int_arg("retries", retries, 0, 100),
            max_seconds=max_s,
            progress=progress,
            callback=callback,
            desc="money games",
        )
        return MoneyResult(
            records=dist_records,
            players=pair,
            seed=seed,
            cube_rules=rules,
            variant=var,
            run=dist,
            requested=games,
        )

    def call(cb: Optional[Callable[[int, int, float, float, float], None]]) -> _core.SimulationRun:
        return _core._simulate_money(
            var,
            _core_players(pair, rules),
            rules,
            seed=seed,
            first=first_game,
            end=first_game + games,
            threads=n_threads,
            chunk_size=chunk_size,
            record=bool(record_games),
            max_seconds=max_s,
            callback=cb,
        )

    run = _run(call, games, "money games", "games", "points", progress, callback)
    records = None if run.records is None else MoneyRecords(*run.records)
    return MoneyResult(
        records=records,
        players=pair,
        seed=seed,
        cube_rules=rules,
        variant=var,
        run=run,
        requested=games,
    )


# -- distributed simulations ------------------------------------------------------------------


@dataclass(frozen=True)
class _RangeRun:
    """What a task of a distributed simulation returns: a ``SimulationRun`` that pickles."""

    first: int
    end: int
    stop: str
    elapsed: float
    threads: int
    tally: Any
    records: Any


def _simulation_range(kind: str, options: dict[str, Any], first: int, end: int) -> _RangeRun:
    """One task of a distributed simulation: items ``first .. end`` (runs on a worker)."""
    r: Union[MatchResult, MoneyResult]
    if kind == "match":
        r = simulate_match(first_match=first, matches=end - first, **options)
        n = r.matches_completed
    else:
        r = simulate_money(end - first, first_game=first, **options)
        n = r.games_completed
    return _RangeRun(r.first, r.first + n, r.stop_reason, r.elapsed, r.threads, r.tally, r.records)


def _empty_tally(kind: str) -> Any:
    if kind == "match":
        return _core.MatchTally._restore((0, (0, 0), 0, 0, 0, 0, 0, (0, 0), 0))
    zeros = [0] * _core.WIN_KINDS
    return _core.MoneyTally._restore((0, 0, 0, (zeros, zeros), (0, 0), 0, 0, 0, 0))


def _distributed(
    kind: str,
    options: dict[str, Any],
    first: int,
    count: int,
    *,
    executor: Any,
    per_task: int,
    retries: int,
    max_seconds: Optional[float],
    progress: bool,
    callback: Optional[Callable[[SimulationProgress], object]],
    desc: str,
) -> tuple[_RangeRun, Any]:
    """Plays items ``first .. first + count`` in ranges on ``executor``.

    Returns the merged run and records.
    """
    import time

    check_executor(executor)
    for player in options["players"]:
        for what, p in (("checker policy", player.checker), ("cube policy", player.cube)):
            if not isinstance(p, str):
                check_picklable(f"the {what}", p, executor)
    if callback is not None and not callable(callback):
        raise InvalidInputError(f"callback must be callable, not {callback!r}")
    unit = "matches" if kind == "match" else "games"
    bar: Any = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=count, unit=unit, unit_scale=True, desc=desc, leave=True)
    parts: list[_RangeRun] = []
    tally = _empty_tally(kind)
    threads = 1
    start = time.monotonic()

    def on_result(r: tuple[int, int], part: _RangeRun) -> Optional[str]:
        nonlocal tally, threads
        if (part.first, part.end) != r:
            raise InvalidInputError(
                f"the task of items {r[0]}..{r[1]} returned {part.first}..{part.end}"
            )
        parts.append(part)
        tally = tally.merge(part.tally)
        threads = max(threads, part.threads)
        done = tally.matches if kind == "match" else tally.games
        est = tally.win_share(0) if kind == "match" else tally.points_per_game
        if bar is not None:
            bar.update(done - bar.n)
        if callback is not None:
            callback(
                SimulationProgress(done, count, est, tally.std_error, time.monotonic() - start)
            )
        return None

    try:
        stop = run_ranges(
            executor,
            partial(_simulation_range, kind, options),
            split([(first, first + count)], per_task),
            on_result,
            retries=retries,
            deadline=None if max_seconds is None else start + max_seconds,
        )
    finally:
        if bar is not None:
            bar.close()
    parts.sort(key=lambda p: p.first)
    merged = _empty_tally(kind)
    for p in parts:
        merged = merged.merge(p.tally)
    records = None
    if parts and all(p.records is not None for p in parts):
        cls = type(parts[0].records)
        records = cls(*(np.concatenate(col) for col in zip(*(p.records for p in parts))))
    done = merged.matches if kind == "match" else merged.games
    run = _RangeRun(first, first + done, stop, time.monotonic() - start, threads, merged, None)
    return run, records
