"""Legal plays through the Python API against the oracle data of tests/data/conformance.

The same checks as rust/gammon-core/tests/conformance.rs, made through ``gammon.Position``.
"""

from __future__ import annotations

import pytest

import gammon
from support import ROLLS, conformance_cases, corpus


def test_every_oracle_case_gives_the_oracles_resulting_positions() -> None:
    # MOVE-*, BAR-*, OFF-*, MOVE-9: exactly the oracle's set of resulting positions.
    cases = conformance_cases()
    assert len(cases) == 4918
    failures = []
    for case in cases:
        pos = gammon.Position.from_id(case["pos"])
        plays = pos.legal_plays(tuple(case["dice"]))
        # play.after has the turn passed; the oracle lists results with the mover still on
        # roll, so pass the turn back before taking the ID.
        got = [play.after.pass_turn().id for play in plays]
        assert len(set(got)) == len(got), f"{case['pos']} {case['dice']}: a result listed twice"
        if not plays:
            got = [case["pos"]]
        else:
            assert {p.dice_used for p in plays} == {case["max_dice_used"]}, case["pos"]
        if sorted(got) != case["results"]:
            failures.append(f"{case['pos']} {case['dice']} [{case['tag']}]")
    assert not failures, f"{len(failures)} cases differ: {failures[:20]}"


@pytest.mark.parametrize(
    ("name", "doubles", "non_doubles"),
    [("contact-1000.txt", 218_356, 185_957), ("race-1000.txt", 140_720, 122_570)],
)
def test_wildbg_corpus_totals(name: str, doubles: int, non_doubles: int) -> None:
    # The totals of the conformance README; a forced pass counts as one position.
    totals = {True: 0, False: 0}
    ids = corpus(name)
    assert len(ids) == 1000
    for pid in ids:
        pos = gammon.Position.from_id(pid)
        for hi, lo in ROLLS:
            totals[hi == lo] += max(len(pos.legal_plays((hi, lo))), 1)
    assert (totals[True], totals[False]) == (doubles, non_doubles)


@pytest.mark.parametrize(
    ("dice", "count"),
    [
        ((2, 1), 15),
        ((3, 1), 16),
        ((6, 5), 7),
        ((1, 1), 42),
        ((2, 2), 75),
        ((3, 3), 73),
        ((4, 4), 52),
        ((5, 5), 4),
        ((6, 6), 11),
    ],
)
def test_opening_position_counts(dice: tuple[int, int], count: int) -> None:
    # BG-7, MOVE-9: the opening counts of the conformance README.
    assert len(gammon.Position.start().legal_plays(dice)) == count
