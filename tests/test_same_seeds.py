"""Same seeds, same results: runs recorded before the run layer moved to Rust, replayed now.

``tests/data/same_seeds.json`` holds the results of the cases in ``same_seeds_cases.py``
(rollouts of every policy, variant, truncation and evaluator, variance reduction, cubeful
rollouts, common-dice comparisons, ranked plays, match and money simulations) as computed by
the package at commit a4ab826, before the run layer moved down to Rust. Recorded with::

    git worktree add /tmp/old a4ab826 && (cd /tmp/old && scripts/setup.sh)
    cd /tmp && PYTHONPATH=/tmp/old/python:tests python -c "import json, gammon, \\
        same_seeds_cases as c; json.dump({n: f() for n, f in c.cases(gammon)}, \\
        open('tests/data/same_seeds.json', 'w'), indent=1)"

The five cases whose cube policy is the net's ("cubeful net", "cubeful jacoby beaver", "match 5
net vs pubeval", "money net vs pubeval+race", "money jacoby beavers") were recorded again when
the net's cube decisions became GNU Backgammon's cube model (Janowski's money formulas with
playing on for the gammon above the cash point, Thyssen's match formulas): a change of what
they compute, not a move. "net evaluator variance reduction" was recorded again when pubeval
began screening the plays the net values for the luck of each roll (a new estimator, unbiased
as before), again when the pruning net joined the screen, and again when the screen kept
pubeval's best 4 for it (its best 1 of a race roll): the one case recomputed by the current
package (``json.load`` the file, set that case to its function's result, ``json.dump`` it back
with ``indent=1``).

Game *i* depends on the seed and *i* only and the statistics are exact integer sums, so
moving code must not change a single count: integers must be equal, and floats (computed
from those integers) equal to within rounding.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import gammon
from same_seeds_cases import cases

RECORDED = json.loads((Path(__file__).parent / "data" / "same_seeds.json").read_text())
CASES = dict(cases(gammon))


def _same(now: Any, then: Any, where: str) -> None:
    if isinstance(then, float) or isinstance(now, float):
        assert isinstance(now, (int, float)) and isinstance(then, (int, float)), where
        if math.isnan(then):
            assert math.isnan(now), where
        else:
            assert now == pytest.approx(then, rel=1e-12, abs=1e-15), where
    elif isinstance(then, dict):
        assert isinstance(now, dict) and now.keys() == then.keys(), where
        for k in then:
            _same(now[k], then[k], f"{where}.{k}")
    elif isinstance(then, list):
        assert isinstance(now, (list, tuple)) and len(now) == len(then), where
        for i, (a, b) in enumerate(zip(now, then)):
            _same(a, b, f"{where}[{i}]")
    else:
        assert now == then, where


def test_every_recorded_case_is_still_a_case() -> None:
    assert set(RECORDED) == set(CASES)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_same_seed_gives_the_same_result_as_before(name: str) -> None:
    now = json.loads(json.dumps(CASES[name]()))
    _same(now, RECORDED[name], name)
