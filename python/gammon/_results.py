"""What the simulation results share (private): the 95% interval and equality.

:class:`~gammon.MatchResult` and :class:`~gammon.MoneyResult` are thin shapes over the core's
tallies (``MatchTally``, ``MoneyTally``), which own the sums, the estimates, their standard
errors and the merge. The rollout results are classes of the core.
"""

from __future__ import annotations

from typing import Any

from gammon._format import Z95


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
