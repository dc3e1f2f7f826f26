"""`benches/python/report.py`, the one command behind the headline table of BENCHMARKS.md: at a
tiny scale it runs every Python-side workload with its peer and prints a table of the right
shape; the readers of the rows measured elsewhere (criterion, the strength matches) read what
those commands write. The figures themselves are the benchmarks' business, not this test's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support import load_module

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benches" / "python" / "report.py"
report = load_module(SCRIPT, "bench_report")

HEADER = "| workload | gammon | peer, same run | ratio | command |"


def _rows(text: str) -> list[list[str]]:
    lines = [ln for ln in text.splitlines() if ln.startswith("|")]
    assert lines[0] == HEADER
    assert lines[1] == "|---|---|---|---|---|"
    return [[c.strip() for c in ln.strip("|").split(" | ")] for ln in lines[2:]]


def _criterion(root: Path, group: str, function: str, median_ns: float, elements: int) -> None:
    d = root / group.replace("/", "_") / function / "new"
    d.mkdir(parents=True)
    (d / "estimates.json").write_text(json.dumps({"median": {"point_estimate": median_ns}}))
    (d / "benchmark.json").write_text(json.dumps({"throughput": {"Elements": elements}}))


def test_the_criterion_reader_turns_a_median_into_elements_a_second(tmp_path: Path) -> None:
    _criterion(tmp_path, "movegen/contact", "gammon", 4_000_000.0, 404_313)
    assert report.read_criterion(tmp_path, "movegen/contact", "gammon") == pytest.approx(
        404_313 / 0.004
    )
    assert report.read_criterion(tmp_path, "movegen/race", "gammon") is None


def test_the_strength_reader_takes_the_last_result_line(tmp_path: Path) -> None:
    path = tmp_path / "strength.txt"
    path.write_text(
        "backgammon: net vs pubeval, 200 games (seats swapped, same dice): +0.4000 ppg ± 0.1800 "
        "(95%), std error 0.0900, net wins 60.00%, 1 s\n"
        "backgammon: gnubg vs pubeval, 100,000 games (seats swapped, same dice): +0.6390 ppg "
        "± 0.0081 (95%), std error 0.0041, gnubg wins 71.42%, 330 s\n"
    )
    got = report.read_strength(path)
    assert got is not None
    assert (got["player"], got["opponent"], got["games"]) == ("gnubg", "pubeval", "100,000")
    assert (got["ppg"], got["ci"], got["wins"]) == ("+0.6390", "0.0081", "71.42")
    assert report.read_strength(tmp_path / "missing.txt") is None


@pytest.mark.slow
@pytest.mark.oracle
def test_one_command_prints_the_whole_table_at_a_tiny_scale(tmp_path: Path) -> None:
    for peer in ("gnubg_nn", "gnubg", "pyspiel", "bgbot_cpp", "distributed"):
        pytest.importorskip(peer, reason="the table measures every peer")
    criterion = tmp_path / "criterion"
    for corpus in ("contact", "race"):
        for crate, ns in (("gammon", 5e6), ("bkgm", 8e6)):
            _criterion(criterion, f"movegen/{corpus}", crate, ns, 400_000)
    records = tmp_path / "records"
    done = subprocess.run(
        [
            *(sys.executable, str(SCRIPT), "--scale", "0.001", "--strength"),
            *("--records", str(records), "--criterion", str(criterion)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("Measured ")
    assert "scale 0.001" in done.stdout.splitlines()[0]
    rows = _rows(done.stdout)
    assert [r[0] for r in rows] == [row.workload for row in report.ROWS]
    by_key = dict(zip(report.ROW_KEYS, rows))
    for key, (workload, ours, peer, ratio, command) in by_key.items():
        assert workload and peer and ratio and command, key
        if key == "vector_env":  # pgx lives in a virtualenv of its own: its row names the commands
            assert ours.startswith("no records in"), ours
            continue
        # Every other row was measured (or read) in this run: a figure, not an excuse.
        assert any(ch.isdigit() for ch in ours), (key, ours)
        assert "not measured" not in ours and "no record" not in ours, (key, ours)
    # The strength matches wrote their records where the table read them from.
    assert sorted(p.name for p in records.iterdir()) == sorted(report.STRENGTH_RUNS)
    # The ratio column: a factor for the rates, a difference for the strengths.
    assert by_key["legal_plays"][3].endswith("x**")
    assert by_key["movegen"][3] == "**1.60x / 1.60x**"
    assert by_key["strength_pubeval"][3].endswith(" ppg")
