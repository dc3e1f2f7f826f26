"""What the run results share (private): the 95% interval, equality and the game ranges.

:class:`~gammon.RolloutResult`, :class:`~gammon.MatchResult` and :class:`~gammon.MoneyResult`
are thin shapes over the core's tallies (``_core.Tally``, ``MatchTally``, ``MoneyTally``),
which own the sums, the estimates, their standard errors and the merge.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable, Sequence
from typing import Any

import gammon._core as _core
from gammon._format import Z95
from gammon.errors import InvalidInputError


def _tally(
    games: int,
    win: list[list[int]],
    draw: int,
    points: int,
    points_sq: int,
    plies: int,
    settled: int,
    luck: int = 0,
) -> _core.Tally:
    """Rebuild a pickled :class:`~gammon._core.Tally` (its sums are checked again)."""
    return _core.Tally(
        games=games,
        win=win,
        draw=draw,
        points=points,
        points_sq=points_sq,
        plies=plies,
        settled=settled,
        luck=luck,
    )


def _reduce_tally(t: _core.Tally) -> tuple[Callable[..., _core.Tally], tuple[Any, ...]]:
    return (_tally, (t.games, t.win, t.draw, t.points, t.points_sq, t.plies, t.settled, t.luck))


copyreg.pickle(_core.Tally, _reduce_tally)


class RunResult:
    """The base of the result classes: an estimate, its error and its 95% interval.

    Results are equal when their content is (timing and threads excluded).
    """

    @property
    def _estimate(self) -> float:
        raise NotImplementedError

    @property
    def std_error(self) -> float:
        """The standard error of the estimate (infinite below two items)."""
        raise NotImplementedError

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the estimate (plus or minus 1.96 standard errors)."""
        half = Z95 * self.std_error
        return (self._estimate - half, self._estimate + half)

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, RunResult)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def merge_ranges(ranges: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Return the ranges sorted and joined; refuse overlaps.

    Empty ranges are dropped, except that a result of no games keeps its (first) empty
    range, so that it still knows where it starts (issue 15, D5).
    """
    if ranges and all(b <= a for a, b in ranges):
        a = min(a for a, _ in ranges)
        return ((a, a),)
    out: list[tuple[int, int]] = []
    for a, b in sorted(r for r in ranges if r[1] > r[0]):
        if out and a < out[-1][1]:
            raise InvalidInputError(
                f"games {a}..{b} overlap games {out[-1][0]}..{out[-1][1]}: a game may be "
                "counted only once"
            )
        if out and a == out[-1][1]:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return tuple(out)
