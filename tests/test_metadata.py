"""Package metadata: one version source, a license that matches, no
placeholder URLs, a changelog and an Install section."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

import gammon
from gammon.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _toml(path: Path) -> dict[str, object]:
    with path.open("rb") as f:
        return tomllib.load(f)


def test_cargo_workspace_version_is_the_python_version() -> None:
    workspace = _toml(ROOT / "Cargo.toml")["workspace"]
    assert isinstance(workspace, dict)
    cargo_version = workspace["package"]["version"]
    assert gammon.__version__ == cargo_version
    assert importlib.metadata.version("gammon") == cargo_version
    # Every crate takes its version from the workspace: one source.
    for manifest in ("rust/gammon-core", "rust/gammon-py", "benches"):
        package = _toml(ROOT / manifest / "Cargo.toml")["package"]
        assert isinstance(package, dict)
        assert package["version"] == {"workspace": True}, manifest
    # pyproject.toml declares no version of its own: maturin reads Cargo's.
    project = _toml(ROOT / "pyproject.toml")["project"]
    assert isinstance(project, dict)
    assert "version" not in project and "version" in project["dynamic"]


def test_gammon_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"gammon {gammon.__version__}"
    out = subprocess.run(
        [sys.executable, "-m", "gammon", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == f"gammon {gammon.__version__}"


def test_license_file_matches_the_declared_mit_license() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
    workspace = _toml(ROOT / "Cargo.toml")["workspace"]
    assert isinstance(workspace, dict)
    assert workspace["package"]["license"] == "MIT"
    meta = importlib.metadata.metadata("gammon")
    assert meta.get("License") == "MIT" or meta.get("License-Expression") == "MIT"


def test_no_placeholder_urls_in_the_metadata() -> None:
    for name in ("Cargo.toml", "rust/gammon-core/Cargo.toml", "pyproject.toml"):
        text = (ROOT / name).read_text()
        assert not re.search(r"example\.(invalid|com|org)|TODO|FIXME", text), name


def test_changelog_has_a_section_for_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    assert re.search(rf"^## \[?{re.escape(gammon.__version__)}\]?", text, re.M)
    for section in ("### New",):
        assert section in text


def test_readme_has_an_install_section() -> None:
    text = (ROOT / "README.md").read_text()
    assert "\n## Install\n" in text
    assert "pip install" in text
