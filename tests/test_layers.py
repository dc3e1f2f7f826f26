"""The layer checker `tools/check_layers.py` on small synthetic crates: it must fail on an import
circle (also one hidden behind the crate root's re-exports), on an import up the layer order
and on a name taken through the crate root, and pass a clean tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import load_module

ROOT = Path(__file__).resolve().parent.parent


check_layers = load_module(ROOT / "tools" / "check_layers.py", "check_layers")
LAYERS = ["base", "rules", "run"]


def _crate(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    for name, text in files.items():
        path = src / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return src


CLEAN = {
    "lib.rs": "mod base;\nmod rules;\npub use base::color::Color;\npub use rules::pos::Pos;\n",
    "base/mod.rs": "//! base\npub(crate) mod color;\n",
    "base/color.rs": "pub enum Color { White, Black }\n",
    "rules/mod.rs": "pub(crate) mod pos;\npub(crate) mod gen;\n",
    "rules/pos.rs": "use crate::base::color::Color;\npub struct Pos(Color);\n",
    "rules/gen.rs": "use super::pos::Pos;\npub fn gen(_: &Pos) {}\n",
}


def test_a_clean_layered_tree_passes(tmp_path: Path) -> None:
    assert check_layers.check(_crate(tmp_path, CLEAN), LAYERS) == []
    assert check_layers.main([str(tmp_path / "src"), "--layers", ",".join(LAYERS)]) == 0


def test_a_circle_between_two_files_fails(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["rules/pos.rs"] = (
        "use crate::base::color::Color;\nuse crate::rules::gen::gen;\npub struct Pos(Color);\n"
        "fn f(p: &Pos) { gen(p) }\n"
    )
    problems = check_layers.check(_crate(tmp_path, files), LAYERS)
    assert "import circle: {rules::gen, rules::pos}" in problems
    assert check_layers.main([str(tmp_path / "src"), "--layers", ",".join(LAYERS)]) == 1


def test_a_circle_hidden_behind_the_root_reexports_fails(tmp_path: Path) -> None:
    """`crate::Pos` resolves to `rules::pos`, where `Pos` is defined, so the circle shows."""
    files = dict(CLEAN)
    files["rules/pos.rs"] = (
        "use crate::base::color::Color;\npub struct Pos(Color);\n"
        "pub fn f(p: &Pos) { crate::rules::gen::gen(p) }\n"
    )
    files["rules/gen.rs"] = "use crate::Pos;\npub fn gen(_: &Pos) {}\n"
    problems = check_layers.check(_crate(tmp_path, files), LAYERS)
    assert "import circle: {rules::gen, rules::pos}" in problems
    assert any("goes through the crate root" in p for p in problems)


def test_an_import_up_the_layers_fails(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["base/color.rs"] = "use crate::rules::pos::Pos;\npub enum Color { White, Black }\n"
    problems = check_layers.check(_crate(tmp_path, files), LAYERS)
    assert any("a higher layer" in p and p.startswith("base::color") for p in problems)


def test_a_test_module_in_its_own_file_may_use_any_layer(tmp_path: Path) -> None:
    """`#[cfg(test)] mod tests;` puts the tests in `tests.rs`: ignored, as an inline test module
    is; the same file declared without `#[cfg(test)]` is checked."""
    files = dict(CLEAN)
    files["base/mod.rs"] = "//! base\npub(crate) mod color;\n#[cfg(test)]\nmod tests;\n"
    files["base/tests.rs"] = "use crate::rules::pos::Pos;\nuse crate::Color;\nfn t(_: Pos, _: Color) {}\n"
    assert check_layers.check(_crate(tmp_path, files), LAYERS) == []
    files["base/mod.rs"] = "//! base\npub(crate) mod color;\nmod tests;\n"
    problems = check_layers.check(_crate(tmp_path, files), LAYERS)
    assert any("a higher layer" in p and p.startswith("base::tests") for p in problems)
    assert any("goes through the crate root" in p for p in problems)


@pytest.mark.parametrize("crate", ["gammon-core", "gammon-py"])
def test_the_real_crates_pass(crate: str) -> None:
    assert (
        check_layers.check(ROOT / "rust" / crate / "src", check_layers.DEFAULT_LAYERS.split(","))
        == []
    )
