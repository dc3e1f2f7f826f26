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

import gammon._core as _core
from gammon._core import CubeDecision, Evaluation, Hint, Net, cube_decision, evaluate, hint

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
