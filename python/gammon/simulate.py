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
``"pubeval"``, ``"heuristic"``, ``"bearoff"``, ``"net"``, a :class:`~gammon.Net` or an object
with ``choose(position, plays)``) and a cube policy: ``"never"`` (never doubles, always
takes), ``"race"`` (the Keith count in races, no cube action outside them), ``"net"`` (cube
decisions from the shipped net's probabilities by Janowski's cube-life model, see below), a
:class:`~gammon.Net` (the same model over its probabilities) or an object with
``double(view)`` and ``take(view)`` methods (:class:`CubePolicy`). A player given by its
checker policy alone gets the cube policy that goes with it: a net's own (``"net"`` for
``"net"``, the net for a :class:`~gammon.Net`), and ``"never"`` for the others, which then
never double; the printout of a result says so.

The ``"net"`` cube policy evaluates the position with the shipped backgammon net (0 ply) and
decides by Rick Janowski's cube-life model ("Take-Points in Money Games", 1993) with GNU
Backgammon's default cube efficiencies (0.68 in contact, 0.6 to 0.7 in races by pip count,
0.6 in bear-offs): it doubles when doubling beats playing on whatever the answer (not when
"too good"), takes when the take is worth at least the drop, and beavers (money play, where
the rules allow it) when its equity after taking would be above zero. In matches the same
model is applied to match winning chances from the Kazaross-XG2 table (each outcome valued by
the score it leads to): a simplification, the money cube-life model carried over to match
equities rather than a true match-play cubeful evaluation such as gnubg's; the Crawford game,
post-Crawford play and dead cubes (MATCH-3, MATCH-7) are handled by the rules machinery. It
plays standard backgammon and nackgammon (the net was trained on standard backgammon;
nackgammon positions, same rules and 15 checkers, are evaluated by the same net, an
extrapolation), not hypergammon.

The first player plays White, the second Black; the opening roll of each game decides who
moves first (BG-10), so the colors give no edge. Match *m* (or money game *g*) takes its dice
from ``(seed, m)`` only: the same seed gives the same results on any number of threads, in
chunks or executor tasks of any size, and after a checkpoint is resumed. Python policies are
the slow path: each of their decisions calls into Python, and such simulations run on one
thread.

The result classes (:class:`MatchResult`, :class:`MoneyResult` and their per-item
:class:`MatchRecords`, :class:`MoneyRecords`) live in the extension, over the core's records.
"""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any, NamedTuple, Optional, Union

from gammon._checks import MAX_MATCH_LENGTH
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import int_arg as _int_arg
from gammon._core import (
    BUILTIN_CUBE_POLICIES,
    DEFAULT_GAME_CHUNK,
    DEFAULT_MATCH_CHUNK,
    MONEY_KIND_NAMES,
    MatchRecords,
    MatchResult,
    MoneyRecords,
    MoneyResult,
    SimulationSetup,
    Variant,
    _cube_rules,
    _simulate_match,
    _simulate_money,
    _simulated_games,
)
from gammon._distribute import DEFAULT_GAMES_PER_TASK, DEFAULT_MATCHES_PER_TASK
from gammon._run import Run, RunOptions, drive, refuse_unknown
from gammon.cube import CubeRules
from gammon.errors import InvalidInputError
from gammon.matchfile import MatchRecord
from gammon.policies import (
    CubePolicy,
    CubeView,
    Player,
    PlayerSpec,
    _core_players,
    _depths,
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
    "SimulationSetup",
    "simulate_match",
    "simulate_money",
    "simulated_match_record",
]


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


def _run(
    fn: Any,
    length: Optional[int],
    crawford: bool,
    players: object,
    seed: Optional[int],
    cube_rules: object,
    variant: Union[Variant, str, None],
    record: bool,
    span: tuple[int, int],
    options: Optional[RunOptions],
    keywords: dict[str, Any],
) -> Any:
    """Check the arguments and run a simulation (matches when ``length``, else money games)."""
    unit, item = ("games", "game") if length is None else ("matches", "match")
    pair = _players_arg(players)
    count = _int_arg(unit, span[1], 0)
    first = _int_arg(f"first_{item}", span[0], 0, _MAX_U64 - count)
    seed = None if seed is None else _int_arg("seed", seed, 0)
    if not isinstance(crawford, bool):
        raise InvalidInputError(f"crawford must be True or False, not {crawford!r}")
    rules = _cube_rules(cube_rules)
    old_name = f"{unit}_per_task"  # the older name of games_per_task
    if old_name in keywords:
        keywords.setdefault("games_per_task", keywords.pop(old_name))
    run = RunOptions.take(options, keywords)
    refuse_unknown(fn, keywords, RunOptions.fields(), (old_name,))
    if run.checkpoint is not None and record:
        raise InvalidInputError(
            f"record_{unit}=True cannot be combined with checkpoint=: checkpoints keep "
            f"the statistics of the {unit}, not their per-item records"
        )
    kind = _simulation(length, crawford, pair, seed, rules, variant, record)
    return drive(kind, first, count, run)


def _simulation(
    length: Optional[int],
    crawford: bool,
    players: tuple[Player, Player],
    seed: Optional[int],
    rules: CubeRules,
    variant: Union[Variant, str, None],
    record: bool,
) -> Run[Any]:
    """A simulation as a run of :func:`gammon._run.drive` (``seed`` None: drawn, or read)."""
    matches = length is not None
    names = (players[0].name, players[1].name)
    core = _core_players(players, rules)
    depths = _depths(players)
    setup = (length, crawford, core, rules) if matches else (core, rules)
    result: Any = MatchResult if matches else MoneyResult

    given: dict[str, Any] = {"names": names, "player_objects": players, "record": record}
    given["depths"] = depths

    def play(seed: int) -> Any:
        function = _simulate_match if matches else _simulate_money
        return partial(function, variant, *setup, seed=seed, **given)

    def load(data: bytes, where: str, first: int, items: int) -> tuple[Any, Any]:
        asked = (data, where, variant, length, crawford, names, seed, rules, players)
        done = result._read_checkpoint(*asked, first, items, depths)
        return done, play(done.seed)

    ships = [
        (f"the {what}", p)
        for player in players
        for what, p in (("checker policy", player.checker), ("cube policy", player.cube))
        if not isinstance(p, str)
    ]
    return Run(
        play(secrets.randbits(64) if seed is None else seed),
        load,
        SimulationProgress,
        f"{length}-point matches" if matches else "money games",
        "matches" if matches else "games",
        "win" if matches else "points",
        DEFAULT_MATCH_CHUNK if matches else DEFAULT_GAME_CHUNK,
        DEFAULT_MATCHES_PER_TASK if matches else DEFAULT_GAMES_PER_TASK,
        ships,
    )


def simulate_match(
    length: int,
    *,
    players: tuple[PlayerSpec, PlayerSpec],
    matches: int = 1000,
    seed: Optional[int] = None,
    cube_rules: Optional[CubeRules] = None,
    crawford: bool = True,
    variant: Union[Variant, str, None] = None,
    first_match: int = 0,
    record_matches: bool = False,
    options: Optional[RunOptions] = None,
    **keywords: Any,
) -> MatchResult:
    """Play ``matches`` matches to ``length`` points between two players; return the shares.

    ``players``: a pair, each a :class:`Player`, a checker policy (name, :class:`~gammon.Net`,
    object or function; it gets the cube policy that goes with it, see :mod:`gammon.simulate`)
    or a pair ``(checker policy, cube policy)``; the first plays White. Every game starts with
    the opening roll (BG-10) and follows the match rules: the Crawford game exactly once when
    ``crawford`` (MATCH-3, MATCH-4), gammons and backgammons count (MATCH-2), drops score the
    value before the double (CUBE-6), no money options (CUBE-11); ``cube_rules`` gives the
    cap (CUBE-10), ``enabled`` (CUBE-2) and ``refuse_dead_cube`` (MATCH-7). ``seed``: the
    master seed (a random one when None; it is in the result). ``variant``: a backgammon
    variant (default standard; Long Nardy has no cube). ``first_match``: the index of the
    first match, to run a range of a larger simulation elsewhere and ``merge`` it.
    ``record_matches``: keep per-match :class:`MatchRecords`.

    **Execution** (keywords, or ``options=``: a :class:`~gammon.RunOptions`, as for every run
    function): ``threads`` (None: one per core; a policy written in Python runs on one
    thread), ``chunk_size`` (results do not depend on it), ``max_seconds`` and
    ``target_std_error`` (stop rules), ``progress`` (a progress bar), ``callback`` (called with
    a :class:`SimulationProgress` after each chunk and at least every 0.1 s), ``executor``
    (a ``dask.distributed.Client`` or ``concurrent.futures.Executor`` that plays ranges of
    ``games_per_task`` matches, default 5,000, also spelled ``matches_per_task``, on its
    workers, ``retries`` times again when one fails; Python policies must pickle), and
    ``checkpoint`` (a file that keeps the simulation's state, written atomically every
    ``checkpoint_every`` seconds, when it stops and at the end; run again with the same
    arguments, it plays only the matches not done, ``seed=None`` taking the file's seed; a
    file of another simulation, or corrupt or edited, raises
    :class:`~gammon.CheckpointError` naming the difference; not with ``record_matches``).

    Ctrl-C (or a ``KeyboardInterrupt`` raised by the callback or a Python policy) stops the
    simulation and returns the matches finished so far with ``interrupted`` set.

    Raises :class:`~gammon.InvalidInputError` for bad arguments (a length outside
    1..32767, an unknown policy or keyword, Long Nardy, counts out of range),
    :class:`~gammon.IllegalCubeActionError` when a Python cube policy answers a beaver or
    raccoon the rules do not allow, :class:`~gammon.CheckpointError`,
    :class:`~gammon.InternalError` if a match cannot be finished, and whatever a Python
    policy or the callback raises.
    """
    length = _int_arg("length", length, 1, MAX_MATCH_LENGTH)
    result: MatchResult = _run(
        simulate_match,
        length,
        crawford,
        players,
        seed,
        cube_rules,
        variant,
        bool(record_matches),
        (first_match, matches),
        options,
        keywords,
    )
    return result


def simulate_money(
    games: int = DEFAULT_GAME_CHUNK,
    *,
    players: tuple[PlayerSpec, PlayerSpec],
    seed: Optional[int] = None,
    cube_rules: Optional[CubeRules] = None,
    variant: Union[Variant, str, None] = None,
    first_game: int = 0,
    record_games: bool = False,
    options: Optional[RunOptions] = None,
    **keywords: Any,
) -> MoneyResult:
    """Play ``games`` independent money games between two players; return points per game.

    Each game starts with the opening roll (BG-10; ties double the cube where
    ``cube_rules.auto_doubles`` says, BG-11) and is scored by SCORE-2 with the money options
    of ``cube_rules``: the Jacoby rule (MONEY-2), beavers and raccoons (CUBE-12, CUBE-13),
    the cap (CUBE-10). The result is from the first player's side. The other arguments, the
    execution options and the errors are those of :func:`simulate_match` (with an executor,
    ``games_per_task`` games a task, default 50,000; ``record_games`` keeps per-game
    :class:`MoneyRecords`).
    """
    result: MoneyResult = _run(
        simulate_money,
        None,
        False,
        players,
        seed,
        cube_rules,
        variant,
        bool(record_games),
        (first_game, games),
        options,
        keywords,
    )
    return result


def simulated_match_record(
    length: int,
    players: tuple[object, object] = (Player(), Player()),
    *,
    seed: int = 0,
    index: int = 0,
    cube_rules: Optional[CubeRules] = None,
    crawford: bool = True,
    names: Optional[tuple[str, str]] = None,
) -> MatchRecord:
    """Play match ``index`` of a :func:`simulate_match` run and return it as a record.

    The same players, seed and cube rules give the match that ``simulate_match`` scores as its
    match ``index``, each game with its history as :class:`gammon.Game` holds it (replayed by
    the core's turn state machine, tied opening throws included), ready to be written
    as ``.mat`` or ``.sgf`` (:func:`gammon.write_match`); ``length`` 0 plays one money game.
    ``players`` are as for ``simulate_match`` (White first).

    Raises :class:`~gammon.InvalidInputError` for bad arguments.
    """
    rules = _cube_rules(cube_rules)
    both = _players_arg(players)
    replay = (rules, seed, index, length or None, crawford, _depths(both))
    games = _simulated_games(Variant.BACKGAMMON, _core_players(both, rules), *replay)
    rec = MatchRecord(
        length,
        names or (both[0].name, both[1].name),
        crawford if length else False,
        Variant.BACKGAMMON,
        rules,
    )
    return rec._add_replayed(games)
