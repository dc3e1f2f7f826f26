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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional

import gammon._core as _core
from gammon._core import Color, NardySettings, Position, Variant
from gammon.errors import InvalidInputError, NotBearoffError

__all__ = [
    "BearoffEvaluation",
    "OneSided",
    "TableInfo",
    "build",
    "cache_dir",
    "evaluate",
    "one_sided",
]


class BearoffEvaluation(NamedTuple):
    """The cubeless value of a bear-off position for the player on roll.

    ``exact`` is True when it comes from the two-sided table (both sides fit it and each has a
    checker off, so no gammon is possible); otherwise the two sides' one-sided distributions
    are combined as if independent, as GNU Backgammon does. No backgammon is possible once every
    checker is home. In Long Nardy the gammons are Mars (LN-33) and ``draw`` is the chance of
    the draw of LN-37.

    Fields: ``win`` and ``lose`` (the probabilities that the player on roll, or the opponent,
    wins), ``win_gammon`` and ``lose_gammon`` (a gammon or Mars, included in ``win`` and
    ``lose``), ``draw`` (Long Nardy's last roll, otherwise 0), ``equity`` (the expected points of
    the player on roll; a gammon or Mars counts 2 except under Long Nardy's ``oin`` scoring) and
    ``exact``.
    """

    win: float
    lose: float
    win_gammon: float
    lose_gammon: float
    draw: float
    equity: float
    exact: bool


@dataclass(frozen=True)
class OneSided:
    """One side's one-sided figures: how many rolls it needs to bear off."""

    board: tuple[int, ...]
    """Checkers on points 1..6."""
    mean_rolls: float
    """Expected rolls to bear every checker off."""
    all_off: tuple[float, ...]
    """``all_off[n]``: probability of needing exactly ``n`` rolls to bear every checker off."""
    first_off: tuple[float, ...]
    """``first_off[n]``: probability of needing exactly ``n`` rolls to bear off the first one."""


@dataclass(frozen=True)
class TableInfo:
    """Where a table lives and how it was obtained."""

    kind: str
    """``"one-sided"`` or ``"two-sided"``."""
    size: str
    """Its size in words (for example ``"8 checkers a side"``)."""
    path: Optional[str]
    """Its file, or None when no cache directory could be found (kept in memory only)."""
    bytes: int
    """The file's size."""
    origin: str
    """``"loaded"``, ``"built"``, or ``"rebuilt (reason)"`` when the file failed a check."""
    build_seconds: float
    """Seconds spent building it (0 when loaded)."""
    write_error: Optional[str]
    """Why the file could not be written, if it could not."""


def _backgammon(position: object) -> Position:
    if not isinstance(position, Position):
        raise InvalidInputError(f"position must be a gammon.Position, not {position!r}")
    if position.variant == Variant.LONG_NARDY:
        raise NotBearoffError(
            "the one-sided figures are given for backgammon boards; a Long Nardy home board is "
            "the same board: pass its six counts"
        )
    return position


def evaluate(position: Position, nardy: Optional[NardySettings] = None) -> BearoffEvaluation:
    """The cubeless value of ``position`` for the player on roll.

    Backgammon variants: every checker of both players home. Long Nardy: a race ending, both
    players with every checker in their home (own points 1 to 6; then no checker can meet an
    opposing one again), scored under ``nardy`` (default ``NardySettings()``: Mars counts 2, no
    last roll; Koks cannot happen in a race ending). White is the player who started (LN-8).

    Raises :class:`~gammon.errors.NotBearoffError` when a checker of either player is outside
    its home board or on the bar (OFF-1, LN-28), or when the game is over.
    """
    if nardy is None:
        # The fast path (a lookup): the core checks the position and picks the rules.
        try:
            return BearoffEvaluation._make(_core._bearoff_evaluate(position))
        except TypeError:
            if isinstance(position, Position):
                raise
            raise InvalidInputError(
                f"position must be a gammon.Position, not {position!r}"
            ) from None
    if not isinstance(position, Position):
        raise InvalidInputError(f"position must be a gammon.Position, not {position!r}")
    if not isinstance(nardy, NardySettings):
        raise InvalidInputError(f"nardy must be a gammon.nardy.NardySettings, not {nardy!r}")
    if position.variant != Variant.LONG_NARDY:
        raise InvalidInputError("nardy= settings apply to Long Nardy positions only")
    return BearoffEvaluation._make(_core._bearoff_evaluate(position, nardy))


def _board(board: object) -> list[int]:
    if isinstance(board, (str, bytes)) or not isinstance(board, Sequence) or len(board) != 6:
        raise InvalidInputError(
            f"a home board is six checker counts (points 1 to 6), not {board!r}"
        )
    out = []
    for c in board:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 15:
            raise InvalidInputError(f"checker counts are ints from 0 to 15, not {c!r}")
        out.append(int(c))
    return out


def one_sided(board: object, player: Any = None) -> OneSided:
    """The one-sided figures of one side's home board.

    ``board``: six checker counts for points 1 to 6 (at most 15 in all); or a
    :class:`~gammon.Position` and ``player`` (a :class:`~gammon.Color` or ``"white"`` /
    ``"black"``; default the player on roll), whose checkers must all be home.
    """
    if isinstance(board, Position):
        pos = _backgammon(board)
        color = pos.turn if player is None else player
        if isinstance(color, str):
            color = {"white": Color.WHITE, "black": Color.BLACK}.get(color.lower(), color)
        if not isinstance(color, Color):
            raise InvalidInputError(
                f"player must be a gammon.Color or a color name, not {player!r}"
            )
        counts = pos.checkers(color)
        outside = [p for p in range(7, len(counts)) if counts[p] > 0]
        if outside:
            raise NotBearoffError(
                f"{'white' if color == Color.WHITE else 'black'} has checkers outside the home "
                f"board (OFF-1): on {outside}"
            )
        home = [int(counts[p]) for p in range(1, 7)]
    else:
        if player is not None:
            raise InvalidInputError("player= goes with a Position, not with a board")
        home = _board(board)
    if sum(home) == 0:
        raise InvalidInputError("the board has no checker left to bear off")
    mean, all_off, first_off = _core._bearoff_one_sided(home)
    return OneSided(tuple(home), mean, tuple(all_off), tuple(first_off))


def cache_dir() -> Optional[str]:
    """The directory the tables are cached in, or None when none can be found."""
    return _core._bearoff_cache_dir()


def build(two_sided_checkers: Optional[int] = None) -> list[TableInfo]:
    """Loads the shared tables, building and caching any that is missing or fails a check.

    With ``two_sided_checkers``, also builds (or checks) the two-sided table of that size (1 to
    10 checkers a side); :func:`evaluate` uses the size ``$GAMMON_BEAROFF_CHECKERS`` names
    (default 8). Returns a :class:`TableInfo` per table.
    """
    out = [TableInfo(**d) for d in _core._bearoff_tables()]
    if two_sided_checkers is not None:
        n = two_sided_checkers
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidInputError(f"two_sided_checkers must be an int, not {n!r}")
        if not any(t.kind == "two-sided" and t.size == f"{n} checkers a side" for t in out):
            out.append(TableInfo(**_core._bearoff_build_two_sided(n)))
    return out
