"""The headline table of BENCHMARKS.md: gammon and its peers, measured in one run.

Usage::

    python benches/python/report.py [--scale S] [--strength] [--only KEY ...] [--out FILE]
    python benches/python/report.py --from-json bench.json      # the table of a saved run

One command runs the Python-side workloads with their peers, one after the other on the same
machine: the pytest-benchmark cases of ``benches/python`` (each checks its results against the
peer's before it times anything), the paired net-speed rounds of ``net_speed_ratio.py`` and the
wall time of the million-game rollout of ``scripts/run.sh``. It then prints the Markdown table
(workload, gammon, the peer measured in the same run, the ratio, the command that reproduces
the row). Rows that one run cannot measure are read from the files their own commands write:
criterion's estimates (``cargo bench -p gammon-benches --bench movegen``), the strength matches
(``experiments/net_strength.py``, run here with ``--strength``) and the vectorized environment
against pgx, which needs a virtualenv of its own; a row without its file says so and names the
command.

``--scale`` (or ``GAMMON_BENCH_SCALE``) shrinks every workload: ``--scale 0.001`` runs the
whole table in about a minute, as a check of the script (``tests/test_bench_report.py``);
figures at that scale mean nothing. Rates are medians of the rounds, except the distributed
rows, which take the fastest round (other jobs only slow a run down).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BENCH = "benches/python"
HEADER = ("workload", "gammon", "peer, same run", "ratio", "command")


def scaled(n: int, scale: float, least: int) -> int:
    """``n`` at ``scale``, at least ``least``."""
    return max(least, round(n * scale))


# ---------------------------------------------------------------------------------------
# What each row runs: pytest-benchmark cases (by node ID), or a step of its own
# ---------------------------------------------------------------------------------------

PYTEST_CASES: dict[str, list[str]] = {
    "legal_plays": [
        f"{BENCH}/test_bench_legal_plays.py::test_gammon_legal_plays_conformance",
        f"{BENCH}/test_bench_legal_plays.py::test_gnubg_nn_moves_conformance",
    ],
    "batch_legal_plays": [
        f"{BENCH}/test_bench_batch.py::test_gammon_batch_legal_plays_reused_buffer",
        f"{BENCH}/test_bench_batch.py::test_gnubg_nn_moves_every_position",
    ],
    "random_games": [
        f"{BENCH}/test_rollout_peers.py::test_gammon_random_games",
        f"{BENCH}/test_rollout_peers.py::test_openspiel_random_games",
    ],
    "pubeval_games": [
        f"{BENCH}/test_rollout_peers.py::test_gammon_pubeval_games",
        f"{BENCH}/test_rollout_peers.py::test_bgsage_pubeval_games",
    ],
    "bearoff": [f"{BENCH}/test_bench_bearoff.py::test_lookups"],
    "batched_evaluator": [
        f"{BENCH}/test_bench_batch.py::test_batched_evaluator_mlp_games[256]",
        f"{BENCH}/test_bench_batch.py::test_per_decision_python_policy_mlp_games",
    ],
    "distributed": [
        f"{BENCH}/test_bench_distributed.py::test_direct_two_threads",
        f"{BENCH}/test_bench_distributed.py::test_dask_two_workers",
        f"{BENCH}/test_bench_distributed.py::test_checkpoint_at_the_default_interval_two_threads",
    ],
}


@dataclass
class Run:
    """Everything measured or read in one run of the report."""

    scale: float
    bench: dict[str, dict[str, Any]] = field(default_factory=dict)  # pytest-benchmark, by name
    machine: dict[str, Any] = field(default_factory=dict)
    net_rounds: list[dict[str, float]] | None = None
    net_note: str = ""
    million: tuple[int, float, float, int] | None = None  # games, wall and CPU seconds, threads
    records: Path = ROOT / "target" / "bench-report"
    criterion: Path = ROOT / "target" / "criterion"
    problems: list[str] = field(default_factory=list)

    def case(self, name: str, **params: Any) -> dict[str, Any] | None:
        """The pytest-benchmark record of test ``name`` (with these parameters), if it ran."""
        for b in self.bench.values():
            if b["name"].split("[")[0] != name:
                continue
            got = b.get("params") or {}
            if all(str(got.get(k)) == str(v) for k, v in params.items()):
                return b
        return None


def run_pytest(keys: Sequence[str], scale: float, json_out: Path) -> tuple[int, str]:
    """Run the pytest-benchmark cases of ``keys``; the exit status and the output's tail."""
    nodes = [n for k in keys for n in PYTEST_CASES.get(k, [])]
    if not nodes:
        return 0, ""
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        *nodes,
        "--benchmark-only",
        f"--benchmark-json={json_out}",
        "-o",
        "addopts=",
        "-p",
        "no:cacheprovider",
        "-q",
        # A peer missing at import time costs its own file's rows, not the whole table.
        "--continue-on-collection-errors",
    ]
    if scale < 1:  # a check of the script: as few calibration rounds as possible
        cmd += ["--benchmark-min-rounds=1", "--benchmark-max-time=0.01", "--benchmark-warmup=off"]
    env = {**os.environ, "GAMMON_BENCH_SCALE": repr(scale)}
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    return done.returncode, (done.stdout + done.stderr)[-4000:]


def load_bench(run: Run, path: Path) -> None:
    """Read a pytest-benchmark JSON file into ``run``."""
    data = json.loads(path.read_text())
    run.machine = data.get("machine_info", {})
    for b in data.get("benchmarks", []):
        run.bench[b.get("fullname", b["name"])] = b


def run_net_rounds(run: Run) -> None:
    """The paired rounds of net_speed_ratio.py: net, gnubg 0-ply and bgsage, one core."""
    import pytest

    sys.path.insert(0, str(HERE))
    try:
        import net_speed_ratio
    except pytest.skip.Exception as e:  # test_bench_net's importorskip: gnubg_nn is missing
        run.net_note = f"not measured: {e}"
        return
    s = run.scale
    run.net_rounds = net_speed_ratio.paired_rounds(
        scaled(30, s, 3), scaled(5000, s, 20), scaled(500, s, 2), scaled(500, s, 2), echo=None
    )


def run_million(run: Run) -> None:
    """The million-game pubeval rollout (``gammon rollout --policy pubeval --games 1000000``)."""
    games = scaled(1_000_000, run.scale, 1000)
    cmd = [sys.executable, "-m", "gammon", "rollout", "--policy", "pubeval", "--games", str(games)]
    cmd += ["--seed", "1"]
    cpu_before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([*cmd, "--json"], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    cpu = _children_cpu() - cpu_before
    if done.returncode != 0:
        run.problems.append(f"gammon rollout failed: {done.stderr[-500:]}")
        return
    result = json.loads(done.stdout)
    if result.get("games") != games:
        run.problems.append(f"gammon rollout played {result.get('games')} of {games} games")
        return
    run.million = (games, seconds, cpu, int(result.get("threads", os.cpu_count() or 1)))


def _children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_strength(run: Run) -> None:
    """The strength matches of experiments/net_strength.py, written to the records folder."""
    n = scaled(50_000, run.scale, 100)
    run.records.mkdir(parents=True, exist_ok=True)
    for name, extra in STRENGTH_RUNS.items():
        cmd = [sys.executable, "experiments/net_strength.py", str(n), "--threads", "1", *extra]
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            run.problems.append(f"{' '.join(cmd[1:])} failed: {done.stderr[-500:]}")
            continue
        (run.records / name).write_text(done.stdout)


STRENGTH_RUNS = {
    "strength-pubeval.txt": [],
    "strength-gnubg-pubeval.txt": ["--player", "gnubg"],
    "strength-gnubg.txt": ["--opponent", "gnubg"],
}


# ---------------------------------------------------------------------------------------
# Reading the records of rows that one run cannot measure
# ---------------------------------------------------------------------------------------

_STRENGTH = re.compile(
    r"^\S+: (?P<player>.+?) vs (?P<opponent>.+?), (?P<games>[\d,]+) games .*?: "
    r"(?P<ppg>[+-][\d.]+) ppg ± (?P<ci>[\d.]+) \(95%\).*?wins (?P<wins>[\d.]+)%",
    re.M,
)


def read_strength(path: Path) -> dict[str, str] | None:
    """The last result line of an ``experiments/net_strength.py`` output file."""
    if not path.is_file():
        return None
    found = list(_STRENGTH.finditer(path.read_text()))
    return found[-1].groupdict() if found else None


def read_criterion(root: Path, group: str, function: str) -> float | None:
    """Elements a second of a criterion benchmark (its median), from its estimates."""
    for g in (group, group.replace("/", "_")):
        d = root / g / function / "new"
        if (d / "estimates.json").is_file() and (d / "benchmark.json").is_file():
            median_ns = json.loads((d / "estimates.json").read_text())["median"]["point_estimate"]
            throughput = json.loads((d / "benchmark.json").read_text()).get("throughput") or {}
            elements = throughput.get("Elements")
            if elements is None or median_ns <= 0:
                return None
            return float(elements) / (median_ns * 1e-9)
    return None


def read_json_line(path: Path) -> dict[str, Any] | None:
    """The last JSON line of a file (``vector_env_vs_pgx.py``'s output)."""
    if not path.is_file():
        return None
    lines = [ln for ln in path.read_text().splitlines() if ln.strip().startswith("{")]
    return json.loads(lines[-1]) if lines else None


# ---------------------------------------------------------------------------------------
# The rows
# ---------------------------------------------------------------------------------------

NOT_MEASURED = "not measured in this run"


def rate(b: dict[str, Any] | None, key: str) -> float | None:
    """``extra_info[key]`` a second over the median round."""
    if b is None or key not in b.get("extra_info", {}):
        return None
    return float(b["extra_info"][key]) / float(b["stats"]["median"])


def fmt_rate(x: float | None, unit: str) -> str:
    """A rate with its unit, in millions above ten million."""
    if x is None:
        return NOT_MEASURED
    if x >= 1e7:
        return f"{x / 1e6:,.1f} M {unit}"
    if x >= 100:
        return f"{x:,.0f} {unit}"
    return f"{x:,.1f} {unit}"


def fmt_ratio(a: float | None, b: float | None) -> str:
    """``a / b`` as a factor, or a dash."""
    if a is None or b is None or b <= 0:
        return "—"
    return f"**{a / b:.2f}x**"


@dataclass
class Row:
    """One line of the table."""

    key: str
    workload: str
    command: str
    cells: Callable[[Run], tuple[str, str, str]]


def _pair(
    run: Run, ours: str, theirs: str, key: str, unit: str, peer: str, **params: Any
) -> tuple[str, str, str]:
    """gammon's rate (test ``ours`` with ``params``), the peer's, and their ratio."""
    a = rate(run.case(ours, **params), key)
    b = rate(run.case(theirs), key)
    return fmt_rate(a, unit), f"{peer}: {fmt_rate(b, unit)}", fmt_ratio(a, b)


def _movegen(run: Run) -> tuple[str, str, str]:
    ours = [read_criterion(run.criterion, f"movegen/{c}", "gammon") for c in ("contact", "race")]
    theirs = [read_criterion(run.criterion, f"movegen/{c}", "bkgm") for c in ("contact", "race")]
    if None in ours or None in theirs:
        return (
            f"no criterion estimates in `{_rel(run.criterion)}`: run the command",
            "bkgm 0.6",
            "—",
        )

    def cell(v: list[float | None]) -> str:
        return " / ".join(f"{x / 1e6:.1f}" for x in v if x is not None) + " M positions/s"

    ratios = " / ".join(f"{a / b:.2f}x" for a, b in zip(ours, theirs) if a and b)
    return cell(ours), f"bkgm 0.6: {cell(theirs)}", f"**{ratios}**"


def _bearoff(run: Run) -> tuple[str, str, str]:
    loads = ("two-sided range (1-6 checkers)", "one-sided (15 checkers)")
    ours = [rate(run.case("test_lookups", engine="gammon", workload=w), "calls") for w in loads]
    theirs = [rate(run.case("test_lookups", engine="gnubg", workload=w), "calls") for w in loads]
    if None in ours or None in theirs:
        return NOT_MEASURED, "gnubg", "—"

    def cell(v: list[float | None]) -> str:
        return " / ".join(f"{x / 1e3:,.0f} k" for x in v if x is not None) + " lookups/s"

    ratios = " / ".join(f"{a / b:.2f}x" for a, b in zip(ours, theirs) if a and b)
    return cell(ours), f"`gnubg.evaluate`: {cell(theirs)}", f"**{ratios}**"


def _million(run: Run) -> tuple[str, str, str]:
    if run.million is None:
        return NOT_MEASURED, "—", "—"
    games, seconds, cpu, threads = run.million
    return (
        f"{games:,} games in {seconds:.1f} s ({games / seconds:,.0f} games/s, "
        f"{threads} thread{'s' if threads != 1 else ''}; {cpu:.1f} CPU s)",
        "none (the goal: at most 10 s on 2 cores)",
        "—",
    )


def _net(run: Run, peer: str, label: str) -> tuple[str, str, str]:
    if not run.net_rounds:
        return run.net_note or NOT_MEASURED, label, "—"
    if peer not in run.net_rounds[0]:
        return "—", f"{label}: not installed", "—"
    from net_speed_ratio import quartiles

    net = quartiles([r["net"] for r in run.net_rounds])[1]
    theirs = quartiles([r[peer] for r in run.net_rounds])[1]
    lo, mid, hi = quartiles([r["net"] / r[peer] for r in run.net_rounds])
    n = len(run.net_rounds)
    return (
        f"{net:,.0f} games/s",
        f"{label}: {theirs:,.0f} games/s",
        f"**{mid:.2f}x** (quartiles {lo:.2f}-{hi:.2f}x, {n} paired rounds)",
    )


def _strength_pubeval(run: Run) -> tuple[str, str, str]:
    ours = read_strength(run.records / "strength-pubeval.txt")
    gnubg = read_strength(run.records / "strength-gnubg-pubeval.txt")
    if ours is None:
        return f"no record in `{_rel(run.records)}`: run the command", "gnubg 0-ply", "—"
    cell = f"{ours['ppg']} ± {ours['ci']} ({ours['wins']}% wins, {ours['games']} games)"
    if gnubg is None:
        return cell, "gnubg 0-ply, same dice: no record", "—"
    diff = float(ours["ppg"]) - float(gnubg["ppg"])
    return cell, f"gnubg 0-ply, same dice: {gnubg['ppg']} ± {gnubg['ci']}", f"{diff:+.3f} ppg"


def _strength_gnubg(run: Run) -> tuple[str, str, str]:
    ours = read_strength(run.records / "strength-gnubg.txt")
    if ours is None:
        return f"no record in `{_rel(run.records)}`: run the command", "gnubg 0-ply", "—"
    return (
        f"{ours['ppg']} ± {ours['ci']} ({ours['wins']}% wins, {ours['games']} games)",
        "gnubg 0-ply (the opponent)",
        f"{float(ours['ppg']):+.3f} ppg",
    )


def _vector_env(run: Run) -> tuple[str, str, str]:
    ours = read_json_line(run.records / "vector-env-gammon.json")
    theirs = read_json_line(run.records / "vector-env-pgx.json")
    if ours is None or theirs is None:
        return f"no records in `{_rel(run.records)}`: run the commands", "pgx", "—"
    a = float(ours["games_per_cpu_s"])
    b = float(theirs["games_per_cpu_s"])
    return (
        f"{a:,.0f} games per CPU-second",
        f"pgx, {theirs['envs']} envs: {b:,.0f}",
        fmt_ratio(a, b),
    )


def _distributed(run: Run, slow: str, label: str) -> tuple[str, str, str]:
    direct = run.case("test_direct_two_threads")
    other = run.case(slow)
    if direct is None or other is None:
        return NOT_MEASURED, "direct call, 2 threads", "—"
    a = float(other["stats"]["min"])
    b = float(direct["stats"]["min"])
    games = other.get("extra_info", {}).get("games", 0)
    return (
        f"{a:.2f} s ({label}, {games:,} games)",
        f"direct call, 2 threads: {b:.2f} s",
        f"{a / b:.3f}x the time",
    )


def _rel(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


ROWS = [
    Row(
        "movegen",
        "Move generation, wildbg corpus (contact / race), Rust",
        "`taskset -c 1 cargo bench -p gammon-benches --bench movegen`",
        _movegen,
    ),
    Row(
        "legal_plays",
        "`Position.legal_plays` from Python, 4,918 conformance cases",
        f"`pytest {BENCH}/test_bench_legal_plays.py -k conformance --benchmark-only`",
        lambda r: _pair(
            r,
            "test_gammon_legal_plays_conformance",
            "test_gnubg_nn_moves_conformance",
            "calls",
            "calls/s",
            "`gnubg_nn.moves`",
        ),
    ),
    Row(
        "batch_legal_plays",
        "`batch.legal_plays(..., out=buffer)`: every resulting position as numpy",
        f"`pytest {BENCH}/test_bench_batch.py -k 'legal_plays or every_position' --benchmark-only`",
        lambda r: _pair(
            r,
            "test_gammon_batch_legal_plays_reused_buffer",
            "test_gnubg_nn_moves_every_position",
            "calls",
            "positions+rolls/s",
            "`gnubg_nn.moves`",
        ),
    ),
    Row(
        "random_games",
        "Random-play games, one core",
        f"`pytest {BENCH}/test_rollout_peers.py -k random --benchmark-only`",
        lambda r: _pair(
            r,
            "test_gammon_random_games",
            "test_openspiel_random_games",
            "games",
            "games/s",
            "OpenSpiel (Python)",
        ),
    ),
    Row(
        "pubeval_games",
        "pubeval self-play games, one core",
        f"`pytest {BENCH}/test_rollout_peers.py -k 'pubeval_games and not million' "
        "--benchmark-only`",
        lambda r: _pair(
            r,
            "test_gammon_pubeval_games",
            "test_bgsage_pubeval_games",
            "games",
            "games/s",
            "bgsage (C++)",
        ),
    ),
    Row(
        "million",
        "Rollout of the opening, 1,000,000 pubeval games, every core",
        "`time .venv/bin/gammon rollout --policy pubeval --games 1000000 --seed 1`",
        _million,
    ),
    Row(
        "net_speed",
        'Net play (`policy="net"`), games a second, one core',
        f"`cd {BENCH} && taskset -c 1 python net_speed_ratio.py 30 5000 500 500`",
        lambda r: _net(r, "gnubg", "gnubg 0-ply (`gnubg_nn`, game loop in Python)"),
    ),
    Row(
        "net_speed_bgsage",
        "Net play against bgsage's nets, games a second, one core",
        "(the same rounds)",
        lambda r: _net(r, "bgsage", "bgsage, 17 nets (C++)"),
    ),
    Row(
        "strength_pubeval",
        "Net strength against pubeval, points a game ± 95%",
        "`python experiments/net_strength.py 50000 --threads 1` (and `--player gnubg`)",
        _strength_pubeval,
    ),
    Row(
        "strength_gnubg",
        "Net head to head against gnubg 0-ply, points a game ± 95%",
        "`python experiments/net_strength.py 50000 --opponent gnubg --threads 1`",
        _strength_gnubg,
    ),
    Row(
        "bearoff",
        "Bear-off lookups from Python (1-6 checkers a side / 15 a side)",
        f"`pytest {BENCH}/test_bench_bearoff.py -k lookups --benchmark-only`",
        _bearoff,
    ),
    Row(
        "batched_evaluator",
        "A numpy MLP choosing every play: `batch.play_games` (lockstep 256)",
        f"`pytest {BENCH}/test_bench_batch.py -k mlp_games --benchmark-only`",
        lambda r: _pair(
            r,
            "test_batched_evaluator_mlp_games",
            "test_per_decision_python_policy_mlp_games",
            "games",
            "games/s",
            "the same MLP as a per-decision Python policy",
            lockstep=256,
        ),
    ),
    Row(
        "vector_env",
        "`VectorGammonEnv(256)`, random games",
        f"`python {BENCH}/vector_env_vs_pgx.py gammon` / `PGX_VENV/bin/python ... pgx`",
        _vector_env,
    ),
    Row(
        "dask",
        "Rollout on a 2-worker Dask cluster (the same result)",
        f"`pytest {BENCH}/test_bench_distributed.py -k 'two or default' --benchmark-only`",
        lambda r: _distributed(r, "test_dask_two_workers", "Dask, 2 worker processes"),
    ),
    Row(
        "checkpoint",
        "Rollout with `checkpoint=` at the default interval",
        "(the same command)",
        lambda r: _distributed(
            r, "test_checkpoint_at_the_default_interval_two_threads", "checkpoint every 60 s"
        ),
    ),
]
ROW_KEYS = [row.key for row in ROWS]
# Which measurement each row needs.
STEP_OF = {
    "net_speed": "net",
    "net_speed_bgsage": "net",
    "million": "million",
    "dask": "distributed",
    "checkpoint": "distributed",
}


def table(run: Run, keys: Sequence[str]) -> str:
    """The Markdown table of the rows ``keys``."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for row in ROWS:
        if row.key in keys:
            ours, peer, ratio = row.cells(run)
            cells = (row.workload, ours, peer, ratio, row.command)
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def preamble(run: Run, started: float, load_before: float) -> str:
    """Where, when and at which commit the table was measured."""
    cpu = run.machine.get("cpu", {}).get("brand_raw") or _cpu_name()
    commit = _git("rev-parse", "--short", "HEAD")
    if _git("status", "--porcelain", "--untracked-files=no"):
        commit += " with local changes"
    try:
        import gammon

        version = gammon.__version__
    except ImportError:
        version = "?"
    load = f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    date = datetime.datetime.fromtimestamp(started, datetime.timezone.utc)
    return (
        f"Measured {date:%Y-%m-%d %H:%M} UTC on {cpu} ({os.cpu_count()} cores; load average "
        f"{load}), commit {commit}, gammon {version}, Python "
        f"{platform.python_version()}, scale {run.scale:g}."
    )


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return "?"
    return done.stdout.strip() if done.returncode == 0 else "?"


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, read and print the table; the exit status is 1 if a benchmark failed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    env_scale = float(os.environ.get("GAMMON_BENCH_SCALE", "1"))
    ap.add_argument("--scale", type=float, default=env_scale, help="workload scale (default 1)")
    ap.add_argument("--only", nargs="+", choices=ROW_KEYS, help="only these rows")
    ap.add_argument("--strength", action="store_true", help="run the strength matches too")
    ap.add_argument("--from-json", type=Path, help="a saved pytest-benchmark JSON: run nothing")
    ap.add_argument("--json", type=Path, help="keep the pytest-benchmark JSON of this run here")
    ap.add_argument("--records", type=Path, default=ROOT / "target" / "bench-report")
    target = os.environ.get("CARGO_TARGET_DIR")
    criterion = Path(target) / "criterion" if target else ROOT / "target" / "criterion"
    ap.add_argument("--criterion", type=Path, default=criterion)
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    a = ap.parse_args(argv)
    keys = list(a.only or ROW_KEYS)
    run = Run(scale=a.scale, records=a.records, criterion=a.criterion)
    started = time.time()
    load_before = os.getloadavg()[0]
    status = 0
    if a.from_json is not None:
        load_bench(run, a.from_json)
    else:
        steps = {STEP_OF.get(k, k) for k in keys}
        with tempfile.TemporaryDirectory() as tmp:
            out = a.json or Path(tmp) / "bench.json"
            code, tail = run_pytest([s for s in PYTEST_CASES if s in steps], a.scale, out)
            if out.is_file():
                load_bench(run, out)
            if code not in (0, 5):
                run.problems.append(f"pytest exited with status {code}:\n{tail}")
        if "net" in steps:
            run_net_rounds(run)
        if "million" in steps:
            run_million(run)
        if a.strength and {"strength_pubeval", "strength_gnubg"} & set(keys):
            run_strength(run)
    text = preamble(run, started, load_before) + "\n\n" + table(run, keys) + "\n"
    print(text)
    if a.out is not None:
        a.out.write_text(text)
    for problem in run.problems:
        print(f"report: {problem}", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
