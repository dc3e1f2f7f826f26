"""``gammon analyze``: the summary, the worst decisions with IDs that read back to the same
position, --json, and the --html page (self-contained; rendered by headless Chromium when
it is installed)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

import gammon
from gammon.cli import main

DATA = Path(__file__).parent / "data" / "gnubg"
MATCH5 = DATA / "selfplay-5pt-seed42.mat"
MATCH3 = DATA / "selfplay-3pt-seed2026.sgf"


def test_the_summary_and_worst_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(MATCH5), "--worst", "4"]) == 0
    out = capsys.readouterr().out
    assert "root vs gnubg: 5-point match, 3 games, analysed at 0 ply" in out
    assert "error rate mEMG (MWC)" in out
    assert "Worst decisions (4):" in out
    ids = re.findall(r"^      (\S+:\S+)  (XGID=\S+)$", out, re.M)
    assert len(ids) == 4


def test_json_ids_read_back_to_the_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(MATCH5), "--json", "--worst", "6"]) == 0
    data = json.loads(capsys.readouterr().out)
    a = gammon.analyze(MATCH5)
    assert data["players"]["white"] == pytest.approx(a.white.as_dict())
    assert [w["loss"] for w in data["worst"]] == [d.loss for d in a.worst(6)]
    for w in data["worst"]:
        game = gammon.Game.from_gnubg_id(w["gnubg_id"])
        assert game.position.id == w["position_id"]
        assert gammon.Game.from_xgid(w["xgid"]).position.id == w["position_id"]
        if w["kind"] == "play":
            assert game.dice is not None
            assert sorted(game.dice, reverse=True) == w["dice"]


def test_many_files_give_one_object_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(MATCH5), str(MATCH3), "--json", "--worst", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["length"] for d in data] == [5, 3]
    assert all(d["worst"] == [] for d in data)


def test_prune_reaches_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    record = gammon.read_match(MATCH3)
    path = str(MATCH3)
    for prune in ("0", "1"):
        assert main(["analyze", path, "--plies", "1", "--prune", prune, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        a = gammon.analyze(record, plies=1, prune=int(prune))
        assert data["players"]["white"] == pytest.approx(a.white.as_dict())
    assert main(["analyze", path, "--prune", "-1"]) == 2
    assert "prune" in capsys.readouterr().err


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["analyze", str(MATCH5), "--plies", "5"]) == 2
    assert "plies" in capsys.readouterr().err
    assert main(["analyze", str(tmp_path / "missing.mat")]) == 2
    assert "cannot read" in capsys.readouterr().err


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    out = tmp_path / "match.html"
    assert main(["analyze", str(MATCH5), "--html", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    return out, out.read_text(encoding="utf-8")


def test_the_page_is_self_contained_with_a_chart_and_a_board_per_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, text = _page(tmp_path, capsys)
    p = _Page()
    p.feed(text)
    tags = [t for t, _ in p.tags]
    assert "script" not in tags
    for _, attrs in p.tags:  # nothing fetched
        for key in ("src", "href"):
            assert attrs.get(key) is None or not str(attrs[key]).startswith(("http", "//"))
    a = gammon.analyze(MATCH5)
    errors = sum(d.is_error for d in a.decisions)
    decisions = [x for t, x in p.tags if t == "div" and "decision" in (x.get("class") or "")]
    assert len(decisions) == errors
    charts = [x for t, x in p.tags if t == "svg" and x.get("class") == "chart"]
    assert len(charts) == 1
    assert text.count('class="standing"') == 1
    # One board per error plus the chart.
    assert tags.count("svg") == errors + 1
    assert text.count("gnubg ID") == errors


def test_many_pages_go_to_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pages"
    assert main(["analyze", str(MATCH5), str(MATCH3), "--html", str(out), "--worst", "0"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "selfplay-3pt-seed2026.html",
        "selfplay-5pt-seed42.html",
    ]


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
        pytest.fail("GAMMON_REQUIRE_ORACLES=1 but Chromium is not installed")
    pytest.skip("Chromium is not installed (apt-get install chromium)")


def test_chromium_renders_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chromium = _chromium()
    page, _ = _page(tmp_path, capsys)
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0"]
    dom = subprocess.run(
        [chromium, *flags, "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    # The rendered DOM holds the chart and the boards, and the console logged no error.
    assert 'class="chart"' in dom.stdout and 'class="standing"' in dom.stdout
    assert dom.stdout.count('class="decision') >= 1
    assert "Uncaught" not in dom.stderr and "CONSOLE" not in dom.stderr
    shot = tmp_path / "page.png"
    subprocess.run(
        [chromium, *flags, f"--screenshot={shot}", "--window-size=1000,1400", page.as_uri()],
        capture_output=True,
        timeout=180,
        check=True,
    )
    assert shot.stat().st_size > 20_000  # a page with pictures, not a blank one
