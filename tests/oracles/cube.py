"""Oracle: the pure-Python cube state machine gammon shipped before the Rust core owned it.

Not shipped. ``tests/test_cube_oracle.py`` runs it against ``gammon.Cube`` (the Rust core's
``Cube``) on random action sequences; it shares no code with the core. The rules are CUBE-*
of the spec.

    >>> cube = Cube().double(Color.WHITE).take(Color.BLACK)
    >>> cube.value, cube.owner
    (2, Color.BLACK)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

from gammon._checks import is_int
from gammon._core import MAX_CUBE_LIMIT, Color
from gammon.errors import IllegalCubeActionError, InvalidInputError
from gammon.result import Ending, GameResult

__all__ = [
    "DEFAULT_MAX_CUBE",
    "MAX_AUTO_DOUBLES",
    "MAX_CUBE_LIMIT",
    "Cube",
    "CubeOffer",
    "CubeRules",
]


def is_cube_value(value: object, limit: int = MAX_CUBE_LIMIT) -> bool:
    """Tell whether ``value`` is a power of two from 1 to ``limit`` (CUBE-10)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return 1 <= value <= limit and not value & (value - 1)


def check_level(level: object) -> int:
    """Return a result level: 1 single, 2 gammon, 3 backgammon.

    Raises :class:`~gammon.InvalidInputError` for anything else (SCORE-1).
    """
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 3:
        raise InvalidInputError(f"a result level is 1, 2 or 3 (SCORE-1), not {level!r}")
    return level


DEFAULT_MAX_CUBE = 64
"""The default cap on the cube value: the largest face of a physical cube (CUBE-10)."""

MAX_AUTO_DOUBLES = 12
"""The largest automatic-doubles limit gnubg accepts (CUBE-20)."""


@dataclass(frozen=True)
class CubeRules:
    """The cube settings of a session (CUBE-10..CUBE-20, MONEY-2, MONEY-3, MATCH-7).

    The defaults are the spec's (MONEY-3): cube on, cap 64, no Jacoby, no beavers, no raccoons,
    three beavers/raccoons per chain when enabled, no automatic doubles, dead-cube doubles
    allowed. Jacoby, beavers, raccoons and automatic doubles apply only in money play: a
    :class:`gammon.Game` of a match uses :meth:`for_match` (CUBE-11, MATCH-2).

    Attributes:
        max_cube: the cap, a power of two from 1 to 2**15 (CUBE-10). At the cap nobody may
            double; 4096 reproduces gnubg's ``MAX_CUBE``.
        jacoby: the Jacoby rule: a game that ends by bearing off with the cube centred counts
            as a single game (MONEY-2). Also applies to accepted resignations (RESIGN-2).
        beavers: a doubled player may beaver: take and redouble at once, keeping the cube
            (CUBE-12).
        raccoons: the doubler may answer a beaver with a raccoon (CUBE-13); needs ``beavers``.
        max_beavers: how many beavers and raccoons one chain may hold (CUBE-13, gnubg ``set
            beavers N``), at least 1.
        auto_doubles: each tie of the opening roll doubles the centred cube while its value is
            below ``2**auto_doubles`` (CUBE-20, BG-11); 0 to 12.
        enabled: cube use at all (CUBE-2). Off, nobody may double and ties never double.
        refuse_dead_cube: in match play, refuse doubles that cannot gain anything, as gnubg
            does (MATCH-7).
        gnubg_raccoon_owner: after a beaver chain, give the cube to the originally doubled
            player as gnubg's code does, instead of the player who made the last beaver or
            raccoon (CUBE-13 compatibility flag; the two agree for a single beaver).

    Raises :class:`~gammon.InvalidInputError` naming the rule for a setting out of range:
    ``max_cube`` not a power of two in range (CUBE-10), ``raccoons`` without ``beavers``
    (CUBE-13), ``max_beavers`` below 1, ``auto_doubles`` outside 0..12 (CUBE-20), or a
    non-bool flag.

    """

    max_cube: int = DEFAULT_MAX_CUBE
    jacoby: bool = False
    beavers: bool = False
    raccoons: bool = False
    max_beavers: int = 3
    auto_doubles: int = 0
    enabled: bool = True
    refuse_dead_cube: bool = False
    gnubg_raccoon_owner: bool = False

    def __post_init__(self) -> None:
        m = self.max_cube
        if not is_cube_value(m):
            raise InvalidInputError(
                f"CubeRules: max_cube must be a power of two from 1 to {MAX_CUBE_LIMIT}, "
                f"not {m!r} (CUBE-10)"
            )
        for name in (
            "jacoby",
            "beavers",
            "raccoons",
            "enabled",
            "refuse_dead_cube",
            "gnubg_raccoon_owner",
        ):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(
                    f"CubeRules: {name} must be True or False, not {getattr(self, name)!r}"
                )
        if self.raccoons and not self.beavers:
            raise InvalidInputError("CubeRules: raccoons need beavers (CUBE-13)")
        if not is_int(self.max_beavers) or self.max_beavers < 1:
            raise InvalidInputError(
                f"CubeRules: max_beavers must be an int >= 1, not {self.max_beavers!r} (CUBE-13)"
            )
        k = self.auto_doubles
        if not is_int(k) or not 0 <= k <= MAX_AUTO_DOUBLES:
            raise InvalidInputError(
                f"CubeRules: auto_doubles must be 0 to {MAX_AUTO_DOUBLES}, not {k!r} (CUBE-20)"
            )

    def for_match(self) -> CubeRules:
        """Return these rules as match play uses them (CUBE-11, MATCH-2).

        Jacoby, beavers, raccoons and automatic doubles are off; the cap, ``enabled`` and
        ``refuse_dead_cube`` stay.
        """
        return replace(self, jacoby=False, beavers=False, raccoons=False, auto_doubles=0)


@dataclass(frozen=True)
class CubeOffer:
    """A double awaiting an answer, possibly grown by beavers and raccoons.

    The rules are CUBE-4, CUBE-12 and CUBE-13.

    Attributes:
        doubler: the player on roll who offered the double.
        proposer: the player who made the latest offer: the doubler, or whoever made the last
            beaver or raccoon. The other player must answer.
        value: the cube value if the offer is taken.
        redoubles: beavers and raccoons made in this chain so far.

    """

    doubler: Color
    proposer: Color
    value: int
    redoubles: int = 0

    @property
    def responder(self) -> Color:
        """The player who must answer: take, drop, or beaver/raccoon where allowed."""
        return self.proposer.other()

    @property
    def stake(self) -> int:
        """What the proposer wins if the offer is dropped: the value before it (CUBE-6)."""
        return self.value // 2


@dataclass(frozen=True)
class Cube:
    """The doubling cube: its value, owner, any pending offer, and the rules it follows.

    Immutable: every action returns a new ``Cube``. ``owner`` is ``None`` while the cube is
    centred (CUBE-1). An illegal action raises :class:`~gammon.IllegalCubeActionError` whose
    message names the rule (CUBE-2, CUBE-3, CUBE-4, CUBE-10, CUBE-12, CUBE-13).

        >>> c = Cube(rules=CubeRules(beavers=True)).double(Color.WHITE).beaver(Color.BLACK)
        >>> c.offer.value, c.offer.proposer
        (4, Color.BLACK)
        >>> c = c.take(Color.WHITE)
        >>> c.value, c.owner
        (4, Color.BLACK)

    Raises :class:`~gammon.InvalidInputError` when built with a value that is not a power of
    two within ``rules.max_cube``, an owner that is not a ``Color`` or ``None``, or an offer
    whose value is not twice the cube's.
    """

    value: int = 1
    owner: Optional[Color] = None
    offer: Optional[CubeOffer] = None
    rules: CubeRules = field(default_factory=CubeRules)

    def __post_init__(self) -> None:
        v = self.value
        if not is_cube_value(v, self.rules.max_cube):
            raise InvalidInputError(
                f"Cube: value must be a power of two from 1 to max_cube "
                f"{self.rules.max_cube}, not {v!r} (CUBE-10)"
            )
        if self.owner is not None and not isinstance(self.owner, Color):
            raise InvalidInputError(f"Cube: owner must be a Color or None, not {self.owner!r}")
        o = self.offer
        if o is not None:
            if not isinstance(o, CubeOffer):
                raise InvalidInputError(f"Cube: offer must be a CubeOffer, not {o!r}")
            if (
                not isinstance(o.doubler, Color)
                or not isinstance(o.proposer, Color)
                or not is_int(o.redoubles)
                or o.redoubles < 0
                or o.value != 2 * v
                or o.value > self.rules.max_cube
            ):
                raise InvalidInputError(
                    f"Cube: a pending offer on a cube at {v} must be worth {2 * v} "
                    f"within max_cube {self.rules.max_cube}, not {o!r} (CUBE-4, CUBE-10)"
                )

    # -- queries ---------------------------------------------------------------------------

    @property
    def centred(self) -> bool:
        """True while nobody owns the cube (CUBE-1); automatic doubles keep it centred."""
        return self.owner is None

    @property
    def at_cap(self) -> bool:
        """True when the cube cannot be doubled any more: ``2 x value > max_cube`` (CUBE-10)."""
        return self.value * 2 > self.rules.max_cube

    def may_turn(self, player: Color) -> bool:
        """Tell whether ``player`` has access to the cube: centred or theirs (CUBE-3)."""
        return self.owner is None or self.owner == player

    def double_error(self, player: Color) -> Optional[str]:
        """Say why ``player`` may not double now, naming the rule, or return ``None``.

        Only the cube's own conditions: the caller checks the turn and the dice.
        """
        if not self.rules.enabled:
            return "CUBE-2: cube use is disabled in this session"
        if self.offer is not None:
            return "CUBE-4: a double is already awaiting an answer"
        if not self.may_turn(player):
            return f"CUBE-3: {player} may not double: {self.owner} owns the cube"
        if self.at_cap:
            return (
                f"CUBE-10: the cube is at {self.value}; doubling would pass "
                f"max_cube {self.rules.max_cube}"
            )
        return None

    def can_double(self, player: Color) -> bool:
        """Tell whether the cube lets ``player`` double now (CUBE-2, CUBE-3, CUBE-10)."""
        return self.double_error(player) is None

    def can_beaver(self, player: Color) -> bool:
        """Tell whether ``player`` may beaver the pending double (CUBE-12)."""
        return self._redouble_error(player, beaver=True) is None

    def can_raccoon(self, player: Color) -> bool:
        """Tell whether ``player`` may raccoon the pending beaver (CUBE-13)."""
        return self._redouble_error(player, beaver=False) is None

    # -- actions ---------------------------------------------------------------------------

    def double(self, player: Color) -> Cube:
        """``player`` offers to double: the opponent must now answer (CUBE-4).

        Raises :class:`~gammon.IllegalCubeActionError` when cube use is off (CUBE-2), a double
        is already pending (CUBE-4), the opponent owns the cube (CUBE-3) or the cube is at
        its cap (CUBE-10).
        """
        err = self.double_error(player)
        if err is not None:
            raise IllegalCubeActionError(err)
        return replace(self, offer=CubeOffer(player, player, self.value * 2))

    def take(self, player: Color) -> Cube:
        """``player`` takes the pending offer: the cube goes to the offered value (CUBE-5).

        The taker owns the cube after a plain double; after a beaver chain the player who made
        the last beaver or raccoon does (CUBE-12, CUBE-13), or with ``gnubg_raccoon_owner``
        the originally doubled player.

        Raises :class:`~gammon.IllegalCubeActionError` when no double is pending or
        ``player`` is not the one who must answer (CUBE-4).
        """
        offer = self._answering(player, "take")
        if offer.redoubles == 0:
            owner = player
        elif self.rules.gnubg_raccoon_owner:
            owner = offer.doubler.other()
        else:
            owner = offer.proposer
        return replace(self, value=offer.value, owner=owner, offer=None)

    def drop(self, player: Color) -> GameResult:
        """``player`` drops the pending offer: the game ends (CUBE-6).

        The proposer wins the value before the offer, with no gammon.

        Raises :class:`~gammon.IllegalCubeActionError` when no double is pending or
        ``player`` is not the one who must answer (CUBE-4).
        """
        offer = self._answering(player, "drop")
        return GameResult(
            winner=offer.proposer,
            points=offer.stake,
            kind="single",
            ending=Ending.DROPPED,
            cube=offer.stake,
        )

    def beaver(self, player: Color) -> Cube:
        """``player``, just doubled, takes and redoubles at once, keeping the cube (CUBE-12).

        The doubler must now take or drop at twice the offered value.

        Raises :class:`~gammon.IllegalCubeActionError` when beavers are off or in match play
        (CUBE-12, CUBE-11), no double is pending or ``player`` must not answer it (CUBE-4),
        the offer is already a beaver (answer it with a raccoon, CUBE-13), the chain is full
        (``max_beavers``, CUBE-13) or the value would pass the cap (CUBE-10).
        """
        err = self._redouble_error(player, beaver=True)
        if err is not None:
            raise IllegalCubeActionError(err)
        return self._redouble(player)

    def raccoon(self, player: Color) -> Cube:
        """``player``, facing a beaver, takes and redoubles again, keeping the cube (CUBE-13).

        Raises :class:`~gammon.IllegalCubeActionError` when raccoons are off (CUBE-13), no
        beaver is pending or ``player`` must not answer it (CUBE-4, CUBE-13), the chain is
        full (``max_beavers``) or the value would pass the cap (CUBE-10).
        """
        err = self._redouble_error(player, beaver=False)
        if err is not None:
            raise IllegalCubeActionError(err)
        return self._redouble(player)

    def automatic_double(self) -> Cube:
        """Return the cube after one tie of the opening roll (CUBE-20, BG-11).

        It is doubled and still centred while cube use is on, the value is below
        ``2**auto_doubles`` and within the cap; otherwise unchanged.

        Raises :class:`~gammon.IllegalCubeActionError` if the cube is not centred and idle
        (an opening roll happens before any double, CUBE-1).
        """
        if self.owner is not None or self.offer is not None:
            raise IllegalCubeActionError(
                "CUBE-20: automatic doubles happen at the opening roll, with the cube centred"
            )
        r = self.rules
        if r.enabled and self.value < (1 << r.auto_doubles) and self.value * 2 <= r.max_cube:
            return replace(self, value=self.value * 2)
        return self

    def points(self, level: int) -> int:
        """Return the points of a game won at ``level`` at this cube (SCORE-2).

        ``level`` is 1 single, 2 gammon, 3 backgammon; the points are ``level x value``, the
        level forced to 1 by the Jacoby rule when the rules have it and the cube is centred
        (MONEY-2, RESIGN-2).

        Raises :class:`~gammon.InvalidInputError` for a level outside 1..3.
        """
        level = check_level(level)
        if self.rules.jacoby and self.owner is None:
            level = 1
        return level * self.value

    # -- helpers ---------------------------------------------------------------------------

    def _answering(self, player: Color, what: str) -> CubeOffer:
        offer = self.offer
        if offer is None:
            raise IllegalCubeActionError(f"CUBE-4: no double to {what}: none is pending")
        if player != offer.responder:
            raise IllegalCubeActionError(
                f"CUBE-4: {player} cannot {what}: {offer.responder} must answer the offer"
            )
        return offer

    def _redouble_error(self, player: Color, *, beaver: bool) -> Optional[str]:
        r = self.rules
        name, rule = ("beaver", "CUBE-12") if beaver else ("raccoon", "CUBE-13")
        if beaver and not r.beavers:
            return "CUBE-12: beavers are not allowed (money play with beavers on only, CUBE-11)"
        if not beaver and not r.raccoons:
            return "CUBE-13: raccoons are not allowed (money play with raccoons on only)"
        offer = self.offer
        if offer is None:
            return f"{rule}: a {name} answers a pending offer; none is pending (CUBE-14)"
        if player != offer.responder:
            return f"CUBE-4: {player} cannot {name}: {offer.responder} must answer the offer"
        if beaver and offer.redoubles > 0:
            return "CUBE-13: a beaver is answered by a raccoon, not another beaver"
        if not beaver and offer.redoubles == 0:
            return "CUBE-12: a plain double is answered by a beaver, not a raccoon"
        if offer.redoubles + 1 > r.max_beavers:
            return f"CUBE-13: the chain already holds max_beavers = {r.max_beavers} redoubles"
        if offer.value * 2 > r.max_cube:
            return f"CUBE-10: a {name} to {offer.value * 2} would pass max_cube {r.max_cube}"
        return None

    def _redouble(self, player: Color) -> Cube:
        offer = self.offer
        assert offer is not None
        # The cube goes to the offered value in the redoubler's hands; the other player now
        # answers at twice that (CUBE-12, CUBE-13; gnubg's Match ID shows the same state).
        owner = offer.doubler.other() if self.rules.gnubg_raccoon_owner else player
        return replace(
            self,
            value=offer.value,
            owner=owner,
            offer=CubeOffer(offer.doubler, player, offer.value * 2, offer.redoubles + 1),
        )
