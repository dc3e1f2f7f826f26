"""Policies: who chooses the plays and the cube actions of simulated games.

A checker policy is a built-in name (:data:`BUILTIN_POLICIES`, played in Rust), a
:class:`~gammon.Net` of your own (played in Rust as ``"net"`` is), an object with a
``choose(position, plays)`` method (:class:`Policy`) or a plain function (wrapped in a
:class:`FunctionPolicy`). A cube policy is a built-in name (:data:`BUILTIN_CUBE_POLICIES`), a
:class:`~gammon.Net`, or an object with ``double(view)`` and ``take(view)`` methods
(:class:`CubePolicy`). A :class:`Player` pairs the two. Policies written in Python are the
slow path: each decision calls into Python, and a run with one plays on one thread.

The run modules (rollouts, simulations, comparisons) and the match files' simulated records
build on this module; it depends only on the core types.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional, Protocol, Union, runtime_checkable

import numpy as np

import gammon._core as _core_names
from gammon._checks import brief, int_arg
from gammon._core import BUILTIN_CUBE_POLICIES, Color, Net, Play, PlayList, Position, Variant
from gammon.cube import Cube, CubeOffer, CubeRules
from gammon.errors import InvalidInputError
from gammon.match import Match, MatchScore, MoneySession, Scoreboard

__all__ = [
    "BUILTIN_CUBE_POLICIES",
    "BUILTIN_POLICIES",
    "CubePolicy",
    "CubeView",
    "FunctionPolicy",
    "Player",
    "Policy",
    "default_cube_policy",
    "default_policy",
]


#: The policies built into the core (their names are the core's).
BUILTIN_POLICIES: tuple[str, ...] = tuple(_core_names.BUILTIN_POLICIES)


def default_policy(variant: Variant) -> str:
    """The checker play of a rollout of ``variant`` that names none.

    ``"net"``: the shipped net of the variant's rules at 0 ply (backgammon's for the
    backgammon variants, gammon's own for Long Nardy), the strongest player there is. Name
    ``"pubeval"`` (``policy="pubeval"``, ``--policy pubeval``) for the fast baseline of bulk
    rollouts, about ten times the games a second.

    >>> default_policy(Variant.LONG_NARDY), default_policy(Variant.BACKGAMMON)
    ('net', 'net')
    """
    return str(_core_names._default_policy(variant))


def default_cube_policy(variant: Variant) -> str:
    """The cube play of a cube-decision rollout of ``variant`` that names none.

    ``"net"``: Janowski's cube model over the shipped net, the cube of
    :func:`~gammon.cube_decision`.

    >>> default_cube_policy(Variant.BACKGAMMON)
    'net'
    """
    return str(_core_names._default_cube_policy(variant))


@runtime_checkable
class Policy(Protocol):
    """A checker-play policy written in Python (the slow path).

    ``choose`` gets the position (player on roll to play) and the legal plays of the roll
    (at least two: forced plays and passes are made without asking) and returns one of the
    plays or its index. A plain function ``f(position, plays)`` is accepted wherever a policy
    is (it is wrapped in a :class:`FunctionPolicy`). A Python policy runs on one thread.
    """

    def choose(self, position: Position, plays: PlayList) -> Union[Play, int]:
        """Return the play to make, or its index in ``plays``."""
        ...


PolicySpec = Union[str, Net, Policy, Callable[[Position, PlayList], Union[Play, int]]]


class FunctionPolicy:
    """A plain function ``f(position, plays) -> Play | int`` used as a :class:`Policy`.

    Any callable is accepted where a policy is: :func:`rollout`, the simulations and
    :class:`~gammon.Player` wrap it in this class. Its name is the function's name.

        >>> import gammon
        >>> def first(position, plays):
        ...     return 0
        >>> r = gammon.rollout(games=10, policy=first, seed=1)
        >>> r.policies
        ('first', 'first')
    """

    def __init__(self, function: Callable[[Position, PlayList], Union[Play, int]]) -> None:
        if not callable(function):
            raise InvalidInputError(f"a policy function must be callable, not {function!r}")
        self.function = function
        """The wrapped function."""
        self.__name__ = getattr(function, "__name__", type(function).__name__)

    def choose(self, position: Position, plays: PlayList) -> Union[Play, int]:
        """Call the function with the position and the plays."""
        return self.function(position, plays)

    def __repr__(self) -> str:
        return f"FunctionPolicy({self.function!r})"


def _check_by_core(who: str, what: str, **given: Any) -> None:
    """Let the core check a policy (its name, its methods, its depth) as for a rollout.

    ``given`` are :class:`~gammon._core.RolloutSetup` keywords (``policy``, ``plies``,
    ``cube``, ``cube_plies``). Raises the core's :class:`~gammon.InvalidInputError` after
    ``who`` and ``what``.
    """
    try:
        _core_names.RolloutSetup(Position.start(), 0, **given)
    except InvalidInputError as e:
        raise InvalidInputError(f"{who}: the {what} is refused: {e}") from None


# -- cube policies ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CubeView:
    """What a Python cube policy sees when it decides.

    Attributes:
        position: the position, with the doubler on roll and not yet rolled.
        player: the player who decides: the doubler in ``double``, the player who must
            answer in ``take``.
        cube: the cube with the rules that apply (in a match without the money options); in
            ``take`` its ``offer`` is the double (or beaver) to answer.
        match: the :class:`~gammon.Match` at its current score, or in money play an empty
            :class:`~gammon.MoneySession` (money games are independent).

    """

    position: Position
    player: Color
    cube: Cube
    match: Scoreboard

    @property
    def offer(self) -> Optional[CubeOffer]:
        """The offer to answer (in ``take``), else ``None``."""
        return self.cube.offer

    @property
    def is_money(self) -> bool:
        """True in money play."""
        return isinstance(self.match, MoneySession)

    @property
    def may_beaver(self) -> bool:
        """True when ``take`` may answer ``"beaver"`` (CUBE-12)."""
        return self.cube.offer is not None and self.cube.can_beaver(self.player)

    @property
    def may_raccoon(self) -> bool:
        """True when ``take`` may answer ``"raccoon"`` (CUBE-13)."""
        return self.cube.offer is not None and self.cube.can_raccoon(self.player)


@runtime_checkable
class CubePolicy(Protocol):
    """A cube policy written in Python (the slow path).

    ``double`` is asked before a roll, only when the player on roll may double (CUBE-2,
    CUBE-3, CUBE-10, BG-12, MATCH-3, MATCH-7), and answers ``True`` to double. ``take``
    answers a double: ``True`` or ``"take"`` to take, ``False`` or ``"drop"`` to drop, and in
    money play with the options on ``"beaver"`` (a plain double, CUBE-12) or ``"raccoon"``
    (a beaver, CUBE-13) when :attr:`CubeView.may_beaver` / :attr:`CubeView.may_raccoon` say
    so.
    """

    def double(self, view: CubeView) -> bool:
        """Return True to double now."""
        ...

    def take(self, view: CubeView) -> Union[bool, str]:
        """Return the answer to ``view.offer``."""
        ...


CubePolicySpec = Union[str, Net, CubePolicy]


def _label(p: object) -> str:
    if isinstance(p, FunctionPolicy):
        return p.__name__
    if isinstance(p, Net):
        return p.name
    return p.strip().lower() if isinstance(p, str) else type(p).__name__


@dataclass(frozen=True)
class Player:
    """A player of simulated matches and money games: a checker policy and a cube policy.

    ``checker`` is a built-in name (``"random"``, ``"pubeval"``, ``"heuristic"``,
    ``"bearoff"``, ``"net"``), a :class:`~gammon.Net`, a :class:`~gammon.Policy` object or a
    function ``f(position, plays)`` (kept wrapped in a :class:`~gammon.FunctionPolicy`); left
    out, the checker play of a rollout that names none (:func:`default_policy`: the net).
    ``cube`` is ``"never"`` (never doubles, always takes), ``"race"`` (the Keith count in
    races, no cube action outside them), ``"net"`` (Janowski's model over the shipped net,
    see :mod:`gammon.simulate`), a :class:`~gammon.Net` (the same model over its
    probabilities) or a :class:`CubePolicy` object. Left out (None), it is the one that goes
    with the checker play: the net's own for ``"net"`` or a :class:`~gammon.Net`, else
    ``"never"`` (such a player never doubles; a result's printout says so).

    ``plies`` (0, 1 or 2): how deep the net's checker play searches, as in
    :func:`~gammon.rollout`; ``cube_plies`` (0, 1 or 2): how deep the net's cube decisions
    are searched (the search of :func:`~gammon.cube_decision`). Above 0 only for the net's
    policies (a simulation refuses other depths, naming them). ``prune``: how many replies of
    each roll the pruning net keeps for the full net inside that checker-play search, as in
    :func:`~gammon.rollout` (None: the default, 2; 0 values every reply with the full net).

        >>> Player().name, Player("pubeval").name, Player("pubeval", "race").name
        ('net+net', 'pubeval+never', 'pubeval+race')
        >>> Player(plies=2, cube_plies=1)
        Player(checker='net', cube='net', plies=2, cube_plies=1, prune=None)

    Raises :class:`~gammon.InvalidInputError` for an unknown name, an object without the
    methods a policy needs or a depth or pruning that is not a whole number.
    """

    checker: PolicySpec = None  # type: ignore[assignment]  # the default policy, below
    cube: Optional[CubePolicySpec] = None
    plies: int = 0
    cube_plies: int = 0
    prune: Optional[int] = None

    def __post_init__(self) -> None:
        if self.checker is None:
            object.__setattr__(self, "checker", default_policy(Variant.BACKGAMMON))
        for depth in ("plies", "cube_plies"):
            object.__setattr__(self, depth, int_arg(depth, getattr(self, depth), 0, 2**32 - 1))
        # The pruning, by the check of every search's prune= (the core's).
        object.__setattr__(self, "prune", _core_names._prune_keep(self.prune))
        c = self.checker
        if self.cube is None:
            own = isinstance(c, Net) or (isinstance(c, str) and c.strip().lower() == "net")
            object.__setattr__(self, "cube", (c if own else "never"))
        if not isinstance(c, (str, Net, Policy)) and callable(c):
            object.__setattr__(self, "checker", FunctionPolicy(c))
        # A net's game is checked where it plays (backgammon and nackgammon, as "net").
        if not isinstance(self.checker, Net):
            _check_by_core("Player", "checker policy", policy=self.checker)
        if not isinstance(self.cube, Net):
            _check_by_core("Player", "cube policy", cube=self.cube)

    @property
    def name(self) -> str:
        """A short name: ``"pubeval+race"``."""
        return f"{_label(self.checker)}+{_label(self.cube)}"

    def __str__(self) -> str:
        return self.name


PlayerSpec = Union[Player, PolicySpec, tuple[PolicySpec, CubePolicySpec]]


def _player_arg(spec: object) -> Player:
    if isinstance(spec, Player):
        return spec
    if isinstance(spec, tuple) and len(spec) == 2:
        return Player(spec[0], spec[1])
    if isinstance(spec, (str, Policy)) or callable(spec):
        return Player(spec)
    raise InvalidInputError(
        "a player is a gammon.Player, a checker policy (name, object or function), or a pair "
        f"(checker policy, cube policy); got {brief(spec)}"
    )


def _players_arg(players: object) -> tuple[Player, Player]:
    if not isinstance(players, (tuple, list)) or len(players) != 2:
        raise InvalidInputError(f"players must be a pair of players, not {players!r}")
    return (_player_arg(players[0]), _player_arg(players[1]))


class _CubeAdapter:
    """A Python cube policy as the core calls it (private).

    The core decides what is legal (when a double may be offered, whether a beaver or a
    raccoon may answer it: CUBE-12, CUBE-13); this adapter only builds the :class:`CubeView`
    the policy reads and turns its answer into one of the words the core reads. (The
    independent Python cube and match rules are run against the core's decisions in
    ``tests/test_simulate.py``.)
    """

    def __init__(self, policy: CubePolicy) -> None:
        self._policy = policy
        self.name = type(policy).__name__
        """The policy's class name, for messages."""

    @staticmethod
    def _scoreboard(board: Optional[MatchScore]) -> Scoreboard:
        return MoneySession() if board is None else Match._wrap(board, ())

    def double(
        self, position: Position, player: Color, cube: Cube, board: Optional[MatchScore]
    ) -> bool:
        answer = self._policy.double(CubeView(position, player, cube, self._scoreboard(board)))
        if not isinstance(answer, (bool, np.bool_)):
            raise InvalidInputError(
                f"{self.name}.double() must return True or False, not {answer!r}"
            )
        return bool(answer)

    def take(
        self, position: Position, player: Color, cube: Cube, board: Optional[MatchScore]
    ) -> str:
        answer = self._policy.take(CubeView(position, player, cube, self._scoreboard(board)))
        if isinstance(answer, (bool, np.bool_)):
            return "take" if answer else "drop"
        if isinstance(answer, str):
            return answer  # the core reads the word and checks it against the rules
        raise InvalidInputError(
            f"{self.name}.take() must return True, False, 'take', 'drop', 'beaver' or "
            f"'raccoon', not {answer!r}"
        )


def _depths(players: tuple[Player, Player]) -> Any:
    """The players' searches as the core reads them: ``(plies, cube_plies, prune)``, each a pair."""
    a, b = players
    return ((a.plies, b.plies), (a.cube_plies, b.cube_plies), (a.prune, b.prune))


def _core_players(players: tuple[Player, Player], rules: CubeRules) -> tuple[Any, Any]:
    def one(p: Player) -> tuple[object, object]:
        checker = p.checker.strip().lower() if isinstance(p.checker, str) else p.checker
        k = "never" if p.cube is None else p.cube  # None only before __post_init__
        cube: object = (
            k.strip().lower()
            if isinstance(k, str)
            else k
            if isinstance(k, Net)
            else _CubeAdapter(k)
        )
        return (checker, cube)

    return (one(players[0]), one(players[1]))
