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
from gammon._core import Net, Play, Position
from gammon.errors import InvalidInputError

__all__ = ["MAX_PLIES", "Evaluation", "Hint", "Net", "evaluate", "hint"]

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


def _evaluation(probs: Sequence[float], source: str, plies: int) -> Evaluation:
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


def evaluate(position: Position, plies: int = 0, net: Optional[Net] = None) -> Evaluation:
    """The outcome probabilities of ``position`` for its player on roll, by ``net``.

    ``net`` is a :class:`Net` of the position's game; ``None`` (the default) is the shipped
    nets.

    Before the roll, searched ``plies`` plies deep (0 to :data:`MAX_PLIES`; 1 averages the
    net's values over the 21 rolls, each answered by its best play). Exact where that is
    known: a finished game (``source == "final"``) and, in backgammon, a bear-off the
    databases cover (``"bearoff"``). Backgammon (standard rules, 15 checkers) and Long Nardy
    under the default scoring (Mars 2, no Koks, no last roll).

    Raises :class:`~gammon.errors.InvalidInputError` for a bad argument (a ``net`` of
    another game among them).
    """
    pos = _position(position)
    n = _plies(plies)
    probs, source = _core._net_evaluate(pos, n, _net(net))
    return _evaluation(probs, source, n)


def hint(position: Position, dice: Any, plies: int = 0, net: Optional[Net] = None) -> list[Hint]:
    """The legal plays of ``dice`` in ``position``, valued for the player on roll, best first.

    ``net`` values them: a :class:`Net` of the position's game, or ``None`` (the default) for
    the shipped nets.

    Ties keep the order of :meth:`Position.legal_plays`. ``plies`` (0 to :data:`MAX_PLIES`) is
    the depth of the search behind each play: 0 is the net's value of the resulting position;
    1 averages, over the opponent's 21 rolls, the value after the opponent's best reply
    (chosen by the net); 2 looks one roll further. An empty list when the player cannot move.
    With the shipped backgammon net, 2 plies choose best and 1 ply worst: judged by gnubg, its
    1-ply choices lose more than its 0-ply ones (train/log.md, "the teachers judged").

    Raises :class:`~gammon.errors.InvalidDiceError` for bad dice and
    :class:`~gammon.errors.InvalidInputError` for another bad argument (a ``net`` of another
    game among them).
    """
    pos = _position(position)
    n = _plies(plies)
    nets = _net(net)
    plays = pos.legal_plays(dice)
    ranked = _core._net_rank(plays, n, nets)
    hints = [
        Hint(play=plays[i], evaluation=_evaluation(probs, "bearoff" if exact else "net", n))
        for i, (probs, exact) in enumerate(ranked)
    ]
    hints.sort(key=lambda h: -h.equity)
    return hints
