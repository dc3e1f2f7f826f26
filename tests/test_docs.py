"""The documentation site: the API reference names every public name, and
the site builds in strict mode (scripts/test.sh runs `mkdocs build --strict`; the `>>>`
examples of docs/ run as doctests in the pytest step)."""

from __future__ import annotations

import re
from pathlib import Path

import gammon
import gammon.cli
import gammon.nardy

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _documented() -> set[str]:
    names: set[str] = set()
    for page in (DOCS / "reference").glob("*.md"):
        names.update(re.findall(r"^::: ([\w.]+)$", page.read_text(), re.M))
    return names


def test_the_api_reference_names_every_public_name() -> None:
    documented = _documented()
    public = {f"gammon.{n}" for n in gammon.__all__ if n not in ("__version__", "nardy")}
    public |= {f"gammon.nardy.{n}" for n in gammon.nardy.__all__}
    public |= {f"gammon.cli.{n}" for n in gammon.cli.__all__}
    # The modules with a page of their own, documented whole.
    public |= {"gammon.batch", "gammon.serve", "gammon.envs", "gammon.envs.gym.GammonEnv"}
    public |= {"gammon.envs.VectorGammonEnv", "gammon.envs.aec.GammonAECEnv"}
    assert sorted(public - documented) == []
    # ... and nothing that is not public.
    assert sorted(documented - public) == []


def _excluded() -> list[str]:
    """The folders of ``exclude_docs`` in mkdocs.yml (the lab notes, the spec's scripts)."""
    config = (ROOT / "mkdocs.yml").read_text()
    block = re.search(r"^exclude_docs: \|\n((?:  .*\n)+)", config, re.M)
    assert block is not None
    return [line.strip() for line in block.group(1).splitlines()]


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    excluded = _excluded()
    assert "lab/" in excluded
    pages = {
        p.relative_to(DOCS).as_posix()
        for p in DOCS.rglob("*.md")
        if not any(p.relative_to(DOCS).as_posix().startswith(x) for x in excluded)
    }
    missing = [p for p in sorted(pages) if f": {p}" not in nav]
    assert missing == []


def test_every_guide_page_has_a_runnable_example() -> None:
    for page in sorted((DOCS / "guides").glob("*.md")):
        assert ">>> " in page.read_text(), page.name
