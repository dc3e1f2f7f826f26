"""gammon's own neural nets: evaluations of positions and hints for plays.

The nets are small multilayer perceptrons trained by TD(λ) self-play (as Tesauro's TD-Gammon)
with gammon's trainer (``train/README.md`` in the repository), one for backgammon (a contact
net and a race net) and one for Long Nardy. They are shipped inside the package and run in
the Rust core; where the bear-off databases cover a backgammon position its exact value is
used instead (:mod:`gammon.bearoff`). The same nets play the ``"net"`` policy of
:func:`gammon.rollout` and the simulations.

:func:`evaluate` gives the outcome probabilities of a position for its player on roll, before
the roll, and the cubeless equity::

    >>> import gammon
    >>> e = gammon.evaluate(gammon.Position.start())
    >>> e.source, 0.4 < e.win < 0.6, e.win >= e.win_gammon >= e.win_backgammon
    ('net', True, True)
    >>> abs(e.equity - (e.win - e.lose + e.win_gammon - e.lose_gammon
    ...                 + e.win_backgammon - e.lose_backgammon)) < 1e-6
    True

:func:`hint` ranks the legal plays of a roll, best first, by their value for the player who
makes them, at 0 ply (the net alone) or searched 1 or 2 plies deep (each of the opponent's
21 rolls answered by its best reply)::

    >>> hints = gammon.hint(gammon.Position.start(), (3, 1))
    >>> len(hints), str(hints[0].play)
    (16, '8/5 6/5')
    >>> hints[0].equity >= hints[-1].equity
    True

With the cube and the score (a :class:`~gammon.Game`, or ``cube=`` and ``score=``), the
values are cubeful, as GNU Backgammon's: money equity with the cube's ownership (Janowski's
cube-life model), match winning chances through the match equity table at the score.
:func:`cube_decision` gives the no double, double/take and double/pass equities of the player
on roll and the proper action::

    >>> d = gammon.cube_decision(gammon.Position.start())
    >>> d.action, d.no_double > d.double_take, d.double_pass
    ('No double, take', True, 1.0)
    >>> game = gammon.Game.from_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    >>> gammon.cube_decision(game, plies=1).doubler_action
    'no double'

and :func:`hint` and :func:`evaluate` value plays and positions at the score::

    >>> hints = gammon.hint(gammon.Position.start(), (3, 1), score=gammon.Match(7, (6, 0)))
    >>> str(hints[0].play), 0.0 < hints[0].evaluation.match_winning_chance < 1.0
    ('8/5 6/5', True)

:class:`Net` holds nets: the shipped ones (``Net.shipped()``) or nets of your own, such as
those ``gammon-train`` writes (``Net.load("my.gnet")``). Pass one as ``net=`` to
:func:`evaluate` and :func:`hint`, or as the policy of a rollout or a simulation, where it
plays in Rust on every thread as ``"net"`` does::

    >>> net = gammon.Net.shipped()
    >>> net.name, net.variant, net.contact
    ('net', Variant.BACKGAMMON, (96, 'contact-ext'))
    >>> gammon.evaluate(gammon.Position.start(), net=net) == e
    True
    >>> mine = gammon.Net.from_bytes(net.to_bytes())   # as Net.load(path) reads a file
    >>> mine.name == f"net:{net.checksum:08x}", mine == net
    (True, True)
    >>> r = gammon.rollout(games=100, policy=mine, seed=1)
    >>> r.policies == (mine.name, mine.name)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional

import gammon._core as _core
from gammon._core import CubeDecision, MatchScore, Net, Play, Position, Variant
from gammon.cube import Cube, CubeRules
from gammon.errors import InvalidDiceError, InvalidInputError
from gammon.game import Game
from gammon.match import Match, MoneySession

__all__ = [
    "MAX_PLIES",
    "CubeDecision",
    "Evaluation",
    "Hint",
    "Net",
    "cube_decision",
    "evaluate",
    "hint",
]

MAX_PLIES: int = _core.MAX_PLIES
"""The deepest search :func:`evaluate` and :func:`hint` accept."""


@dataclass(frozen=True)
class Evaluation:
    """Outcome probabilities of a position for one player, cubeless.

    For :func:`evaluate` the player is the one on roll, before the roll; for a :class:`Hint`
    it is the player who made the play, with the opponent to roll next. Wins include gammons
    and gammons include backgammons, as in GNU Backgammon's output: ``win >= win_gammon >=
    win_backgammon`` and ``lose >= lose_gammon >= lose_backgammon``. In Long Nardy a gammon is
    a Mars (LN-33) and a backgammon a Koks (LN-35; the nets are trained without Koks, so it
    stays near 0).
    """

    win: float
    """The probability that the player wins (gammons included)."""
    win_gammon: float
    """The probability of a win by a gammon or more."""
    win_backgammon: float
    """The probability of a win by a backgammon."""
    lose: float
    """The probability that the player loses (gammons included)."""
    lose_gammon: float
    """The probability of a loss by a gammon or more."""
    lose_backgammon: float
    """The probability of a loss by a backgammon."""
    equity: float
    """The cubeless equity in points a game: a single game counts 1, a gammon 2, a backgammon 3."""
    source: str
    """``"net"``, ``"bearoff"`` (exact, from the bear-off databases) or ``"final"`` (game over)."""
    plies: int
    """How many plies deep the value was searched (0: the net alone; exact values: 0)."""
    cubeful_equity: Optional[float] = None
    """With a cube or a score: the value with the cube, the player's own cube decision
    included (for a :class:`Hint`, the opponent's after the play). Money play: points per unit
    of the cube; match play: normalised equity (EMG: -1 a single game lost at the cube's value,
    +1 one won). ``None`` when evaluated cubeless."""
    match_winning_chance: Optional[float] = None
    """Match play: the player's chance to win the match, through the match equity table
    (Kazaross-XG2) at the score. ``None`` in money play or when evaluated cubeless."""
    variant: Variant = Variant.BACKGAMMON
    """The game of the position: a Long Nardy evaluation is shown in its own terms."""

    @property
    def win_mars(self) -> float:
        """Long Nardy: the probability of a win by a Mars or more (LN-33); ``win_gammon``."""
        return self.win_gammon

    @property
    def win_koks(self) -> float:
        """Long Nardy: the probability of a win by a Koks (LN-35); ``win_backgammon``."""
        return self.win_backgammon

    @property
    def lose_mars(self) -> float:
        """Long Nardy: the probability of a loss by a Mars or more (LN-33); ``lose_gammon``."""
        return self.lose_gammon

    @property
    def lose_koks(self) -> float:
        """Long Nardy: the probability of a loss by a Koks (LN-35); ``lose_backgammon``."""
        return self.lose_backgammon

    def __repr__(self) -> str:
        nardy = self.variant == Variant.LONG_NARDY
        gammon, backgammon = ("mars", "koks") if nardy else ("gammon", "backgammon")
        fields = [
            f"win={self.win!r}",
            f"win_{gammon}={self.win_gammon!r}",
            f"win_{backgammon}={self.win_backgammon!r}",
            f"lose={self.lose!r}",
            f"lose_{gammon}={self.lose_gammon!r}",
            f"lose_{backgammon}={self.lose_backgammon!r}",
            f"equity={self.equity!r}",
            f"source={self.source!r}",
            f"plies={self.plies!r}",
        ]
        if self.cubeful_equity is not None:
            fields.append(f"cubeful_equity={self.cubeful_equity!r}")
        if self.match_winning_chance is not None:
            fields.append(f"match_winning_chance={self.match_winning_chance!r}")
        if nardy:
            fields.append("variant=Variant.LONG_NARDY")
        return f"Evaluation({', '.join(fields)})"


@dataclass(frozen=True)
class Hint:
    """One legal play and its value for the player who makes it."""

    play: Play
    """The play."""
    evaluation: Evaluation
    """The value of the position after the play, for its maker, the opponent to roll next."""

    @property
    def equity(self) -> float:
        """The cubeless equity of the play (``evaluation.equity``)."""
        return self.evaluation.equity

    @property
    def cubeful_equity(self) -> Optional[float]:
        """The cubeful equity of the play at the score (``evaluation.cubeful_equity``).

        ``None`` for a cubeless hint.
        """
        return self.evaluation.cubeful_equity


def _evaluation(
    probs: Sequence[float],
    source: str,
    plies: int,
    cubeful: Optional[float] = None,
    mwc: Optional[float] = None,
    variant: Variant = Variant.BACKGAMMON,
) -> Evaluation:
    win, wg, wbg, lg, lbg, draw = (float(x) for x in probs)
    lose = 1.0 - win - draw
    equity = win - lose + wg - lg + wbg - lbg
    return Evaluation(
        win=win,
        win_gammon=wg,
        win_backgammon=wbg,
        lose=lose,
        lose_gammon=lg,
        lose_backgammon=lbg,
        equity=equity,
        source=source,
        plies=plies if source == "net" else 0,
        cubeful_equity=cubeful,
        match_winning_chance=mwc,
        variant=variant,
    )


def _plies(plies: object) -> int:
    if isinstance(plies, bool) or not isinstance(plies, int):
        raise InvalidInputError(f"plies must be an int from 0 to {MAX_PLIES}, not {plies!r}")
    if not 0 <= plies <= MAX_PLIES:
        raise InvalidInputError(f"plies must be 0 to {MAX_PLIES}, not {plies}")
    return plies


def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise InvalidInputError(f"position must be a gammon.Position, not {position!r}")
    return position


def _net(net: object) -> Optional[Net]:
    if net is None or isinstance(net, Net):
        return net
    raise InvalidInputError(f"net must be a gammon.Net or None, not {net!r}")


def _stakes(
    position: object, cube: object, score: object, cubeful: bool
) -> tuple[Position, Optional[Cube], Optional[MatchScore], Optional[tuple[int, int]]]:
    """The position, the cube, the match and a game's dice of the arguments.

    A backgammon :class:`Game` gives its own cube and match unless ``cube``/``score`` say
    otherwise (a Long Nardy game has no cube, LN-38: it is valued cubeless). The cube is
    ``None`` when nothing asks for cubeful values (``cubeful`` false and no cube, score or
    backgammon game).
    """
    dice = None
    if isinstance(position, Game):
        game = position
        dice = game.dice
        if game.position.variant != Variant.LONG_NARDY:
            if cube is None:
                cube = game.cube
            if score is None:
                score = game.match
        position = game.position
    pos = _position(position)
    if cube is None and score is None and not cubeful:
        return pos, None, None, dice
    if cube is None:
        the_cube = Cube()
    elif isinstance(cube, Cube):
        the_cube = cube
    elif isinstance(cube, CubeRules):
        the_cube = Cube(rules=cube)
    else:
        raise InvalidInputError(
            f"cube must be a gammon.Cube, gammon.CubeRules or None, not {cube!r}"
        )
    if score is None or isinstance(score, MoneySession):
        match_score = None
    elif isinstance(score, Match):
        match_score = score.match_score
    elif isinstance(score, MatchScore):
        match_score = score
    else:
        raise InvalidInputError(
            "score must be a gammon.Match, gammon.MatchScore, gammon.MoneySession or None "
            f"(money play), not {score!r}"
        )
    return pos, the_cube, match_score, dice


def cube_decision(
    position: Any,
    cube: Any = None,
    score: Any = None,
    plies: int = 0,
    net: Optional[Net] = None,
) -> CubeDecision:
    """The cube decision of the player on roll in ``position``, as GNU Backgammon's cube hint.

    The cubeful equities of no double, double/take and double/pass, and the proper action.

    ``position`` is a :class:`Position` (the player on roll about to roll) or a
    :class:`~gammon.Game`, which brings its cube and score (a game awaiting the answer to a
    double gives the doubler's decision, whose ``taker_action`` is the answer). ``cube`` is a
    :class:`~gammon.Cube` (its value, owner and rules: Jacoby, beavers) or
    :class:`~gammon.CubeRules` (a centred cube at 1); default a centred cube under the default
    rules. ``score`` is a :class:`~gammon.Match` or :class:`~gammon.MatchScore` (match play:
    match winning chances through the Kazaross-XG2 table, the Crawford game and dead cubes as
    MATCH-3 and MATCH-7 say) or ``None``/:class:`~gammon.MoneySession` (money play). ``plies``
    (0 to :data:`MAX_PLIES`) searches the rolls: 0 is the cube model on the net's
    probabilities, 1 and 2 average over the rolls, the opponent's cube decisions included.
    ``net`` is a backgammon :class:`Net` (default the shipped one).

    Money equities are in points per unit of the cube (double/pass is +1); match equities are
    normalised (EMG), with the match winning chances in :attr:`CubeDecision.mwc`.

    Raises :class:`~gammon.errors.InvalidInputError` for a bad argument: a Long Nardy position
    (no cube, LN-38), a match that is over, a ``net`` of another game.
    """
    pos, the_cube, match_score, _ = _stakes(position, cube, score, True)
    assert the_cube is not None
    return _core._cube_decision_of(pos, the_cube, match_score, _plies(plies), _net(net))


def evaluate(
    position: Any,
    plies: int = 0,
    net: Optional[Net] = None,
    *,
    cube: Any = None,
    score: Any = None,
) -> Evaluation:
    """The outcome probabilities of ``position`` for its player on roll, by ``net``.

    ``net`` is a :class:`Net` of the position's game; ``None`` (the default) is the shipped
    nets.

    Before the roll, searched ``plies`` plies deep (0 to :data:`MAX_PLIES`; 1 averages the
    net's values over the 21 rolls, each answered by its best play). Exact where that is
    known: a finished game (``source == "final"``) and, in backgammon, a bear-off the
    databases cover (``"bearoff"``). Backgammon (standard rules, 15 checkers) and Long Nardy
    under the default scoring (Mars 2, no Koks, no last roll).

    With the cube and the score (``cube=``, ``score=`` as for :func:`cube_decision`, or a
    :class:`~gammon.Game` as ``position``), the evaluation also gives the value with the cube
    (:attr:`Evaluation.cubeful_equity`, the player's own cube decision included) and in match
    play the match winning chance; searched deeper than 0 ply, the probabilities are those of
    the same search, whose plays are chosen with the cube at the score.

    Raises :class:`~gammon.errors.InvalidInputError` for a bad argument (a ``net`` of
    another game among them).
    """
    pos, the_cube, match_score, _ = _stakes(position, cube, score, False)
    n = _plies(plies)
    nets = _net(net)
    if the_cube is None:
        probs, source = _core._net_evaluate(pos, n, nets)
        return _evaluation(probs, source, n, variant=pos.variant)
    _, source = _core._net_evaluate(pos, 0, nets)
    probs, value, normalised = _core._cubeful_evaluate(pos, the_cube, match_score, n, nets)
    mwc = value if match_score is not None else None
    return _evaluation(probs, source, n, normalised, mwc, pos.variant)


def hint(
    position: Any,
    dice: Any = None,
    plies: int = 0,
    net: Optional[Net] = None,
    *,
    cube: Any = None,
    score: Any = None,
) -> list[Hint]:
    """The legal plays of ``dice`` in ``position``, valued for the player on roll, best first.

    ``net`` values them: a :class:`Net` of the position's game, or ``None`` (the default) for
    the shipped nets.

    Ties keep the order of :meth:`Position.legal_plays`. ``plies`` (0 to :data:`MAX_PLIES`) is
    the depth of the search behind each play: 0 is the net's value of the resulting position;
    1 averages, over the opponent's 21 rolls, the value after the opponent's best reply
    (chosen by the net); 2 looks one roll further. An empty list when the player cannot move.
    With the shipped backgammon net, 2 plies choose best and 1 ply worst: judged by gnubg, its
    1-ply choices lose more than its 0-ply ones (train/log.md, "the teachers judged").

    At the score (``cube=``, ``score=`` as for :func:`cube_decision`, or a
    :class:`~gammon.Game` as ``position``, whose dice are the default), the plays are valued
    with the cube as GNU Backgammon's hint values them: money equity with the cube's ownership,
    match winning chances at the score, the opponent's cube decision after the play included;
    they are ranked by :attr:`Hint.cubeful_equity`, and the cubeless figures stay in each
    evaluation.

    Raises :class:`~gammon.errors.InvalidDiceError` for bad dice and
    :class:`~gammon.errors.InvalidInputError` for another bad argument (a ``net`` of another
    game among them).
    """
    pos, the_cube, match_score, game_dice = _stakes(position, cube, score, False)
    if dice is None:
        if game_dice is None:
            raise InvalidDiceError("hint needs the dice: pass a roll such as (3, 1)")
        dice = game_dice
    n = _plies(plies)
    nets = _net(net)
    plays = pos.legal_plays(dice)
    if the_cube is None:
        ranked = _core._net_rank(plays, n, nets)
        hints = [
            Hint(
                play=plays[i],
                evaluation=_evaluation(
                    probs, "bearoff" if exact else "net", n, variant=pos.variant
                ),
            )
            for i, (probs, exact) in enumerate(ranked)
        ]
        hints.sort(key=lambda h: -h.equity)
        return hints
    exact = [e for _, e in _core._net_rank(plays, 0, nets)]
    cubeful = _core._cubeful_rank(plays, the_cube, match_score, n, nets)
    hints = []
    for i, (probs, value, normalised) in enumerate(cubeful):
        mwc = value if match_score is not None else None
        source = "bearoff" if exact[i] else "net"
        hints.append(
            Hint(
                play=plays[i],
                evaluation=_evaluation(probs, source, n, normalised, mwc, pos.variant),
            )
        )
    hints.sort(key=lambda h: -(h.evaluation.cubeful_equity or 0.0))
    return hints
