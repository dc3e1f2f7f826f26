"""Every rule ID cited in the code and its tests is defined in docs/rules."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
PREFIXES = "BG|MOVE|BAR|OFF|SCORE|CUBE|RESIGN|MATCH|MONEY|NOT|ID|XGID|LN"
CITED = re.compile(rf"\b((?:{PREFIXES})-\d+)\b")
DEFINED = re.compile(rf"\*\*((?:{PREFIXES})-\d+)\b")
SOURCES = ("*.rs", "*.py", "*.pyi", "*.md")


def defined_ids() -> set[str]:
    return {m for f in RULES.glob("*.md") for m in DEFINED.findall(f.read_text("utf-8"))}


def cited_ids(*roots: Path) -> dict[str, set[str]]:
    cited: dict[str, set[str]] = {}
    for root in roots:
        for pattern in SOURCES:
            for path in root.rglob(pattern):
                if "target" in path.parts or ".venv" in path.parts:
                    continue
                for rule in CITED.findall(path.read_text("utf-8", errors="replace")):
                    cited.setdefault(rule, set()).add(str(path.relative_to(root)))
    return cited


def test_the_catalogue_defines_the_rules_of_both_games() -> None:
    ids = defined_ids()
    assert {"BG-1", "MOVE-9", "CUBE-6", "MATCH-7", "NOT-2", "ID-5", "XGID-1", "LN-1"} <= ids
    assert {f"LN-{n}" for n in range(1, 39)} <= ids


def test_every_rule_id_cited_in_the_code_and_tests_is_in_the_catalogue() -> None:
    cited = cited_ids(ROOT / "rust", ROOT / "python", ROOT / "tests")
    assert len(cited) > 50, "the scan found too few citations to be looking in the right place"
    missing = {rule: sorted(files) for rule, files in cited.items() if rule not in defined_ids()}
    assert not missing, f"rule IDs cited but not defined in docs/rules: {missing}"


def test_an_undefined_rule_id_is_reported(tmp_path: Path) -> None:
    unknown = "LN-" + "999"  # spelled in two parts so that this file cites no unknown rule
    (tmp_path / "x.rs").write_text(f"/// Checks {unknown} and CUBE-6.\n")
    cited = cited_ids(tmp_path)
    assert cited == {unknown: {"x.rs"}, "CUBE-6": {"x.rs"}}
    assert [rule for rule in cited if rule not in defined_ids()] == [unknown]
