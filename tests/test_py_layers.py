"""The import checker of the Python package, `tools/check_py_layers.py`: it must find an import
of the package root (also `from gammon import submodule` and one inside a function or under
`TYPE_CHECKING`), an import circle, an import up the layer order and a module in no layer, and
pass the real package."""

from __future__ import annotations

from pathlib import Path

from support import load_module

ROOT = Path(__file__).resolve().parent.parent

check_py_layers = load_module(ROOT / "tools" / "check_py_layers.py", "check_py_layers")


def _package(tmp_path: Path, **files: str) -> Path:
    """A package `gammon` made of ``files`` (``name=source``; ``envs__gym`` is ``envs/gym.py``)."""
    pkg = tmp_path / "gammon"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(files.pop("init", "from gammon.cube import Cube\n"))
    for name, source in files.items():
        path = pkg.joinpath(*name.split("__")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.parent != pkg and not (path.parent / "__init__.py").exists():
            (path.parent / "__init__.py").write_text("")
        path.write_text(source)
    return pkg


def test_a_clean_package_passes(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        errors="class GammonError(Exception): ...\n",
        cube="import gammon._core as _core\nfrom gammon.errors import GammonError\n",
        game="from gammon.cube import Cube\n",
    )
    assert check_py_layers.check(pkg) == []


def test_every_way_of_importing_the_root_is_found(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        errors="import gammon\n",
        cube="from gammon import errors\n",
        game="def f():\n    from gammon import Cube\n",
        svg="from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import gammon\n",
    )
    problems = check_py_layers.check(pkg)
    for m in ("errors", "cube", "game", "svg"):
        assert (
            f"gammon.{m} imports the package root 'gammon': import from the module that "
            + ("owns the name")
            in problems
        )


def test_a_circle_and_an_import_up_the_layers_fail(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        cube="import gammon.game as game\n",
        game="from gammon.cube import Cube\n",
        files="from gammon.rollout import rollout\n",
        rollout="",
        mystery="",
    )
    problems = check_py_layers.check(pkg)
    assert "import circle: gammon.cube, gammon.game" in problems
    assert any(
        p.startswith("gammon.cube (layer 2) imports gammon.game (layer 4)") for p in problems
    )
    assert any(
        p.startswith("gammon.files (layer 5) imports gammon.rollout (layer 7)") for p in problems
    )
    assert "gammon.mystery is in no layer of tools/check_py_layers.py" in problems


def test_the_real_package_passes() -> None:
    assert check_py_layers.check(ROOT / "python" / "gammon") == []
