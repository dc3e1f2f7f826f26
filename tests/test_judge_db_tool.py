"""`experiments/judge_db.py`: every decision lists each distinct legal after-state of its roll
once, as gammon's position IDs (what `gammon-train judge` looks the nets' plays up by), valued for
the mover by gnubg: the best plays at 2 ply."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import gammon
from support import load_module

gnubg_nn = pytest.importorskip("gnubg_nn", reason="the judge is gnubg-nn")

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parent.parent

judge_db = load_module(ROOT / "experiments" / "judge_db.py", "judge_db")


def test_decisions_list_every_after_state_with_the_judges_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "judged.txt"
    monkeypatch.setattr(sys, "argv", ["judge_db.py", str(out), "3", "2"])
    judge_db.main()
    lines = out.read_text().splitlines()
    assert len(lines) > 10
    classes = set()
    for line in lines:
        f = line.split()
        kind, pos_id, d1, d2 = f[0], f[1], int(f[2]), int(f[3])
        classes.add(kind)
        values = dict(zip(f[4::2], map(float, f[5::2])))
        pos = gammon.Position.from_id(pos_id)
        afters = {pos.play(p).id for p in pos.legal_plays((d1, d2))}
        assert set(values) == afters, line
        assert len(values) == (len(f) - 4) // 2 >= 2
        assert all(-3.0 <= v <= 3.0 for v in values.values())
        # The best value is a 2-ply one: the mover's equity of that after-state.
        best = max(values, key=values.__getitem__)
        assert values[best] == pytest.approx(judge_db.mover_equity(best, 2), abs=1e-5)
    assert "contact" in classes
    # gnubg's own play is judged too: a loss of 0 or more on every decision, small on average.
    losses = judge_db.gnubg_losses(str(out))
    assert sum(len(v) for v in losses.values()) == len(lines)
    every = [x for v in losses.values() for x in v]
    assert min(every) >= -1e-9 and sum(every) / len(every) < 0.02
