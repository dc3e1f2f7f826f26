"""Bear-off databases: exact values of race endings where every checker is home.

Two tables, built in Rust from the rules of bearing off (OFF-1..OFF-3) at first use and cached
in the user's cache directory (``$GAMMON_CACHE_DIR``, else ``$XDG_CACHE_HOME/gammon`` or
``~/.cache/gammon`` on Linux):

- the **one-sided** table: for every way of placing up to 15 checkers on the six home points,
  the distribution of the number of rolls needed to bear them all off, and to bear off the
  first one (for gammons), with every roll played to need the fewest rolls on average;
- the **two-sided** table: for every pair of home boards of up to 8 checkers a side (3,003 x
  3,003), the exact probability that the player on roll wins when both sides play perfectly
  (``$GAMMON_BEAROFF_CHECKERS`` picks another size, up to 10).

:func:`evaluate` values any backgammon position where both players have every checker home::

    >>> import gammon
    >>> pos = gammon.Position.from_checkers({6: 1}, {1: 1})
    >>> e = gammon.bearoff.evaluate(pos)
    >>> round(e.win, 4), e.exact
    (0.75, True)
    >>> gammon.bearoff.one_sided([0, 0, 0, 0, 0, 1]).mean_rolls
    1.25

Files are versioned and carry a checksum: a corrupt or truncated file is detected and rebuilt,
and two processes building at once each write a whole file. ``gammon bearoff build`` (or
:func:`build`) builds them ahead of time.

Long Nardy uses the same tables once both players have every checker home (its bear-off rules
LN-28..LN-30 are backgammon's), with its own scoring: Mars, and the draw of the last roll
(LN-37)::

    >>> ln = gammon.Position.from_checkers({6: 1}, {1: 1}, variant="long-nardy")
    >>> round(gammon.bearoff.evaluate(ln).win, 4)
    0.75
    >>> last = gammon.bearoff.evaluate(ln, gammon.nardy.NardySettings(last_roll=True))
    >>> round(last.win, 4), round(last.draw, 4)
    (0.0, 0.75)
"""

from __future__ import annotations

from gammon._core import BearoffEvaluation, OneSided, TableInfo
from gammon._core import bearoff_build as build
from gammon._core import bearoff_cache_dir as cache_dir
from gammon._core import bearoff_evaluate as evaluate
from gammon._core import bearoff_one_sided as one_sided

__all__ = [
    "BearoffEvaluation",
    "OneSided",
    "TableInfo",
    "build",
    "cache_dir",
    "evaluate",
    "one_sided",
]
