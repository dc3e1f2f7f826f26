"""Rollouts: play many games from a position and measure the result.

:func:`rollout` plays the games in Rust on every core, with the GIL released, and returns a
:class:`RolloutResult`::

    >>> import gammon
    >>> r = gammon.rollout(games=1296, policy="pubeval", seed=1, threads=1)
    >>> r.games_completed
    1296
    >>> round(r.win + r.lose, 6)
    1.0
    >>> r.equity == gammon.rollout(games=1296, policy="pubeval", seed=1, threads=2).equity
    True

Game *i* takes its dice from ``(seed, i)`` only, so the same seed gives the same games on any
number of threads, in chunks of any size, or split over machines (:meth:`RolloutResult.merge`).
The statistics are exact integer sums, so merged results equal a single run.

Policies are built-in names (``"net"``, the default, ``"random"``, ``"pubeval"``,
``"heuristic"``, ``"bearoff"``) or any object with a ``choose(position, plays)`` method
(:class:`Policy`). ``"net"`` is the shipped neural net at 0 ply, the strongest player and the
one a rollout plays unless told otherwise; ``"pubeval"``, the fast baseline, is Tesauro's
public linear evaluator with his published weights. ``"heuristic"`` is the strongest built-in:
pubeval's score with hand-written corrections (the rolls that hit each blot, counted roll by
roll; the opponent's checkers on the bar against the home board; primes; the race lead when a
play breaks contact), an exact one-sided bear-off table once the first checker is off, and
perfect play from the bear-off databases (:mod:`gammon.bearoff`) once both sides are home; it
beats pubeval by about 0.22 points a game and runs at more than half its speed. ``"bearoff"``
names that perfect bear-off play explicitly (the heuristic elsewhere). For Long Nardy
``"heuristic"`` is a hand-made policy of its own (race, blocks and primes in the opponent's path,
head play, bear-off distribution; it beats ``"random"`` by a wide margin); ``"pubeval"`` and
``"bearoff"`` play backgammon variants only. Python policies are the slow path: each decision
calls into Python, and such rollouts run on one thread.

``truncate="bearoff"`` settles each game at the first position whose exact value the bear-off
databases give (both sides home, in the two-sided table, each with a checker off) instead of
playing it out: the same mean as playing on with perfect bear-off play, for less work and less
noise. ``truncate="bearoff-one-sided"`` settles at any bear-off, valued from the one-sided
distributions where the two-sided table does not reach (as gnubg does; an approximation).
Long Nardy games are settled the same way at their race endings, under their own scoring.

Two more tools use a position *evaluator* (``evaluator=``: ``"bearoff"``, the bear-off
databases, exact in bear-offs and a pip-count estimate elsewhere; ``"net"``, the shipped
neural net of the variant, exact in bear-offs too; or a :class:`~gammon.Net` of your own).
``truncate_after=N`` settles a
game still going after ``N`` turns at the evaluator's value (a truncated rollout: as good as the
evaluator where it cuts). ``variance_reduction=True`` takes the luck of each roll off the game's
points, as GNU Backgammon does (its manual, "Rollouts"): a roll's luck is what the best play
after it is worth to the evaluator minus what the average roll is worth (with the net in
backgammon, in contact the pruning net's best of the 4 plays pubeval ranks highest, in a race
pubeval's best: most of the luck for a small part of the net's work). The mean is unchanged
whatever the evaluator, and the standard error shrinks the better the evaluator is:

    >>> bearoff = gammon.Position.from_checkers({6: 2, 5: 2, 4: 2}, {6: 2, 5: 1, 3: 2})
    >>> plain = gammon.rollout(bearoff, 1296, policy="bearoff", seed=1)
    >>> reduced = gammon.rollout(bearoff, 1296, policy="bearoff", seed=1, variance_reduction=True)
    >>> reduced.std_error < plain.std_error / 10
    True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple, Optional, Union, overload

import gammon._core as _core
from gammon._checks import MAX_U64 as _MAX_U64
from gammon._checks import brief
from gammon._checks import int_arg as _int_arg
from gammon._core import (
    BUILTIN_POLICIES,
    EVALUATORS,
    KIND_NAMES,
    TRUNCATIONS,
    Color,
    CubefulRolloutResult,
    CubeRules,
    GameOutcomes,
    Net,
    Position,
    RolloutResult,
    RolloutSetup,
    Variant,
)
from gammon._distribute import DEFAULT_GAMES_PER_TASK
from gammon._run import DEFAULT_CHECKPOINT_EVERY, Keywords, Run, RunOptions, drive, refuse_unknown
from gammon.errors import InvalidInputError
from gammon.nardy import NardySettings
from gammon.policies import CubePolicy, CubePolicySpec, FunctionPolicy, Policy, PolicySpec

#: A cube policy for a cubeful :func:`rollout`: a built-in name or a
#: :class:`~gammon.CubePolicy` object.
CubeSpec = CubePolicySpec

__all__ = [
    "BUILTIN_POLICIES",
    "DEFAULT_CHECKPOINT_EVERY",
    "DEFAULT_GAMES_PER_TASK",
    "EVALUATORS",
    "KIND_NAMES",
    "TRUNCATIONS",
    "CubefulRolloutResult",
    "GameOutcomes",
    "Policy",
    "RolloutProgress",
    "RolloutResult",
    "RolloutSettings",
    "RunOptions",
    "rollout",
]


class RolloutProgress(NamedTuple):
    """What a progress callback receives."""

    done: int
    """Games finished so far."""
    total: int
    """Games asked for."""
    equity: float
    """Equity of the finished games (player on roll at the start; per initial cube with
    ``cube=``), exact over every game merged so far."""
    std_error: float
    """Its standard error."""
    elapsed: float
    """Seconds since the start."""


@dataclass(frozen=True)
class RolloutSettings(Keywords):
    """What the games of a rollout are played by (besides the position and the seed).

    Every rollout function takes these fields as keywords too (``rollout(pos, policy="net")``)
    or the value itself (``settings=RolloutSettings(policy="net")``; keywords given beside it
    override its fields). See :func:`rollout` for each field; they are checked, with the
    position, when the rollout starts (by :class:`~gammon._core.RolloutSetup`).
    """

    policy: Union[PolicySpec, tuple[PolicySpec, PolicySpec], None] = None
    opening: Optional[bool] = None
    quasi_random: bool = True
    nardy: Optional[NardySettings] = None
    truncate: Optional[str] = None
    truncate_after: Optional[int] = None
    variance_reduction: bool = False
    evaluator: Union[str, Net, None] = None
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec], None] = None
    cube_value: Optional[int] = None
    cube_owner: Union[Color, str, None] = None
    cube_rules: Optional[CubeRules] = None
    plies: Union[int, tuple[int, int]] = 0
    cube_plies: Union[int, tuple[int, int]] = 0
    prune: Optional[int] = None

    _argument = "settings"

    def setup(self, position: Position, seed: int) -> RolloutSetup:
        """The :class:`~gammon._core.RolloutSetup` of these settings from ``position``."""
        fields = {f: getattr(self, f) for f in self.fields()}
        fields["policy"] = _each(self.policy, _one_policy)
        fields["cube"] = _each(self.cube, _one_cube)
        return RolloutSetup(position, seed, **fields)


def _one_policy(p: object) -> object:
    """A plain function ``f(position, plays)`` wrapped as :class:`FunctionPolicy`."""
    if isinstance(p, (str, Policy)) or not callable(p):
        return p
    return FunctionPolicy(p)


def _one_cube(c: object) -> object:
    """A Python cube policy wrapped as the core calls it."""
    from gammon.policies import _CubeAdapter

    return _CubeAdapter(c) if isinstance(c, CubePolicy) and not isinstance(c, (str, Net)) else c


def _each(value: object, one: Callable[[object], object]) -> object:
    """``one`` applied to ``value``, or to each of a pair (the core reads the rest)."""
    if isinstance(value, tuple) and len(value) == 2:
        return (one(value[0]), one(value[1]))
    return one(value)


def _resolve_position(position: Union[Position, str, None], variant: object) -> Position:
    if isinstance(position, Position):
        if variant is not None and Position.start(variant).variant != position.variant:  # type: ignore[arg-type]
            raise InvalidInputError(
                f"variant={variant!r} does not match the position's variant "
                f"{position.variant.canonical_name}"
            )
        return position
    if position is None:
        return Position.start(variant)  # type: ignore[arg-type]
    if isinstance(position, str):
        return Position.from_id(position, variant)  # type: ignore[arg-type]
    raise InvalidInputError(f"position must be a gammon.Position or an ID, not {position!r}")


@overload
def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    first_game: int = 0,
    record_games: bool = False,
    variant: Union[Variant, str, None] = None,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    cube: None = None,
    **keywords: Any,
) -> RolloutResult: ...


@overload
def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    first_game: int = 0,
    record_games: bool = False,
    variant: Union[Variant, str, None] = None,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    cube: Union[CubeSpec, tuple[CubeSpec, CubeSpec]],
    **keywords: Any,
) -> CubefulRolloutResult: ...


def rollout(
    position: Union[Position, str, None] = None,
    games: int = 1296,
    *,
    seed: Optional[int] = None,
    first_game: int = 0,
    record_games: bool = False,
    variant: Union[Variant, str, None] = None,
    options: Optional[RunOptions] = None,
    settings: Optional[RolloutSettings] = None,
    **keywords: Any,
) -> Union[RolloutResult, CubefulRolloutResult]:
    """Plays ``games`` games from ``position`` and returns a :class:`RolloutResult`.

    ``position``: a :class:`Position`, a position ID, or None for the start of ``variant``
    (default backgammon). ``seed``: the master seed (a random one when None; it is in the
    result). ``first_game``: index of the first game (to run a range of a larger rollout
    elsewhere and :meth:`~RolloutResult.merge` it). ``record_games``: keep per-game
    :class:`GameOutcomes` (memory grows with the games; otherwise it does not).

    **Game settings** (keywords, or ``settings=``: a :class:`RolloutSettings`):

    ``policy``: ``"net"`` (the default, :func:`default_policy`: the shipped net of the
    variant's rules at 0 ply), ``"pubeval"`` (Tesauro's linear evaluator, about ten times the
    net's games a second), ``"random"``, ``"heuristic"`` (stronger than pubeval, slower), a
    :class:`~gammon.Net`, a :class:`Policy` object, a function ``f(position, plays)``
    returning a play or its index, or a pair (player on roll, opponent). A policy written in
    Python runs on one thread, and ``threads``
    above 1 with one raises :class:`InvalidInputError`. ``opening``: make the first roll an
    opening roll, never a double (BG-10); None means yes for the starting position of a
    backgammon variant. Long Nardy's first roll is an ordinary roll (LN-10).
    ``quasi_random``: stratify the first two rolls (every 36 games cover all first rolls,
    every 1296 all pairs; 15 and 540 for an opening). ``nardy``: the
    :class:`~gammon.nardy.NardySettings` that score Long Nardy games (Oin/Mars, Koks, the
    last-roll right of LN-37; default ``NardySettings()``); only for Long Nardy.
    ``truncate``: ``"bearoff"`` settles each game at its exact bear-off value as soon as it
    has one (both sides home in the two-sided table, each with a checker off),
    ``"bearoff-one-sided"`` at any bear-off (one-sided estimate beyond the two-sided table),
    None or ``"none"`` plays every game out; settled games count their expected result and
    show as ``"settled"`` in the per-game outcomes. In Long Nardy games are settled at their
    race endings (both players with every checker home), scored under ``nardy``;
    ``"bearoff"`` needs the two-sided table's exact value (no last roll, a checker off on
    each side). ``truncate_after``: settle each game still going after that many turns at
    ``evaluator``'s value (a truncated rollout; None plays on). ``variance_reduction``: take
    the luck of each roll, as ``evaluator`` measures it, off each game's points (GNU
    Backgammon's method): the equity keeps its mean and its standard error shrinks; the win
    and gammon shares stay those of the games as played. ``evaluator``: one of
    :data:`EVALUATORS` (default ``"bearoff"``) or a :class:`~gammon.Net` of the position's
    game, used only by those two.

    ``plies``: how deep the net's checker play searches (0, 1 or 2; a pair for the player on
    roll and the opponent): each roll's plays are valued by the net, those within 0.16 of the
    best (8 at most: GNU Backgammon's "normal" move filter) are valued again ``plies`` deep
    (the opponent's 21 rolls, each answered by their best play, averaged; 2 looks one roll
    further) and the best of them is played. Only ``policy="net"`` or a :class:`~gammon.Net`
    searches; the games
    stay reproducible on any number of threads and machines. On the opening a 1-ply rollout
    plays about 90 times fewer games a second than a 0-ply one, a 2-ply rollout about 2,000
    times fewer. ``prune``: how many replies of each roll inside that search a small pruning
    net keeps for the full net (default 2: judged by gnubg, as good as keeping 3 within one
    standard error, for 1.06-1.13x as many searched games a second; 0 values every reply with
    the full net, slower); the shipped backgammon net only (a :class:`~gammon.Net` of your own
    and Long Nardy are never pruned). Of a roll with more than 8 replies, pubeval's best 8 go
    to the pruning net (judged as good as the pruning net ranking them all, within one
    standard error; 1.5x as many searched games a second).

    ``cube``: play money games with the doubling cube in play for both sides and return a
    :class:`~gammon.CubefulRolloutResult` (the cubeful equity per initial cube unit, its
    standard error, how often doubles and drops happened): a cube policy name (``"net"``:
    Janowski's model over the shipped net, backgammon and nackgammon; ``"race"``: the Keith
    count in races; ``"never"``), a :class:`~gammon.CubePolicy` object, or a pair (player on
    roll, opponent). ``cube_value`` (default 1, a power of two) and ``cube_owner`` (None:
    centred; ``"white"``, ``"black"`` or a :class:`~gammon.Color`) set the cube every game
    starts with; ``cube_rules`` (a :class:`~gammon.CubeRules`, default ``CubeRules()``) the
    money options (Jacoby, beavers, raccoons, the cap). The player on roll may double before
    the first roll unless it is an opening roll (BG-12). Options that settle or reweight
    games cubeless (``truncate``, ``truncate_after``, ``variance_reduction``,
    ``evaluator``), ``record_games`` and Long Nardy do not combine with ``cube`` and raise
    :class:`InvalidInputError` naming the conflict; ``cube_value``, ``cube_owner`` and
    ``cube_rules`` without ``cube`` raise too. Cubeful rollouts run on executors and keep
    checkpoints as cubeless ones do. See :mod:`gammon.cubeful`. ``cube_plies``: how deep the
    net's cube decisions are searched (0, 1 or 2; a pair for the player on roll and the
    opponent): each decision is :func:`~gammon.cube_decision`'s at that depth (GNU
    Backgammon's cubeful search). Only the cube policy ``"net"`` or a :class:`~gammon.Net`
    searches; other cube policies, or ``cube_plies`` without ``cube``, raise
    :class:`InvalidInputError`.

    **Execution** (keywords, or ``options=``: a :class:`~gammon.RunOptions`): ``threads``
    (None: one per core), ``chunk_size`` (games per unit of work; results do not depend on
    it), ``max_seconds`` and ``target_std_error`` (stop rules; the latter after at least
    1296 games, at the first chunk where the standard error is that low), ``progress`` (a
    progress bar), ``callback`` (called with a :class:`RolloutProgress` after each chunk
    and at least every 0.1 s).

    ``executor``: a ``dask.distributed.Client`` or any ``concurrent.futures.Executor``; the
    games are split into ranges of ``games_per_task`` game indices (default
    :data:`DEFAULT_GAMES_PER_TASK`), each range is played on a worker (with ``threads``
    threads, default 1: one task per worker thread) and the results are merged, so the
    result is equal to the single-machine result of the seed. A range whose task fails is
    run again (a Dask client gets ``retries=``; a plain executor gets it submitted again up
    to ``retries`` times), never counted twice. Python policies must pickle to be shipped.
    Progress and the callback advance as ranges finish; the stop rules are checked on the
    merged games.

    ``checkpoint``: a file where the rollout keeps its state (the merged statistics, the game
    ranges done, the setup, a format version and a SHA-256 integrity check), written
    atomically every ``checkpoint_every`` seconds (default
    :data:`DEFAULT_CHECKPOINT_EVERY`), when the rollout stops and at the end, so that a
    killed process loses at most that interval. The path is checked before the first game
    (:class:`CheckpointError` naming it); a write that fails later is reported as a warning
    and the games stay in the result. If the file exists, the rollout continues it: run
    again with the same arguments, it plays only the games not done (``games`` may be
    raised to extend it; ``seed=None`` takes the checkpoint's seed). A checkpoint made with
    other arguments, or a corrupt or edited one, raises :class:`CheckpointError` naming the
    difference. Per-game outcomes are not kept in checkpoints (``record_games`` is refused
    with one).

    Ctrl-C (or a ``KeyboardInterrupt`` raised by the callback or a Python policy) stops the
    rollout and returns the games finished so far with ``interrupted`` set.

    Raises :class:`InvalidInputError` for bad arguments (an unknown keyword, an unknown
    policy, a policy that cannot play the variant, counts out of range), :class:`ParseError`
    for a bad position ID, :class:`CheckpointError` for a checkpoint that does not fit,
    :class:`InternalError` if a game cannot be finished, and whatever a Python policy or the
    callback raises.
    """
    run = RunOptions.take(options, keywords)
    game = RolloutSettings.take(settings, keywords)
    refuse_unknown(rollout, keywords, RunOptions.fields(), RolloutSettings.fields())
    pos = _resolve_position(position, variant)
    games = _int_arg("games", games, 0)
    first_game = _int_arg("first_game", first_game, 0, _MAX_U64 - games)
    master = _int_arg("seed", seed, 0) if seed is not None else secrets.randbits(64)
    if not isinstance(record_games, bool):
        raise InvalidInputError(f"record_games must be True or False, not {brief(record_games)}")
    kind = _run_of(game.setup(pos, master), record_games, run, seed is not None)
    result: Union[RolloutResult, CubefulRolloutResult] = drive(kind, first_game, games, run)
    return result


def _run_of(setup: RolloutSetup, record_games: bool, run: RunOptions, seed_given: bool) -> Run[Any]:
    """The rollout of ``setup`` (cubeless or cubeful) as a run of :func:`gammon._run.drive`."""
    setup.check_threads(run.threads)
    if run.checkpoint is not None and record_games:
        raise InvalidInputError(
            "record_games=True cannot be combined with checkpoint=: checkpoints keep the "
            "statistics, not the per-game outcomes"
        )

    def load(data: bytes, where: str, first: int, items: int) -> tuple[Any, Any]:
        done, _, _ = _core._read_rollout_checkpoint(
            data, where, setup=setup, first=first, games=items, seed_given=seed_given
        )
        return done, partial(_core._play_rollout, done.setup, record_games=record_games)

    return Run(
        partial(_core._play_rollout, setup, record_games=record_games),
        load,
        RolloutProgress,
        "rollout",
        "games",
        "cubeful equity" if setup.cubeful else "equity",
        _core.DEFAULT_CHUNK_SIZE,
        DEFAULT_GAMES_PER_TASK,
        [("the settings (policies)", setup)],
    )


def _resume(result: Any, games: int, **options: Any) -> Any:
    """``games`` more games of ``result``'s rollout after its last, merged into it."""
    record_games = options.pop("record_games", False)
    run = RunOptions.take(None, options)
    refuse_unknown("resume", options, ("record_games",), RunOptions.fields())
    kind = _run_of(result.setup, bool(record_games), run, True)
    return result.merge(drive(kind, result.next_game, _int_arg("games", games, 0), run))
