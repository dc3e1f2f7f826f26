"""The layer checker `tools/check_layers.py` on small synthetic crates: it must fail on an import
circle (also one hidden behind the crate root's re-exports), on an import of a layer that is not
below the importer's in the partial order of the layers (one up, or across to a sibling branch),
on a layer table that is no DAG, on a "May use" line that lists a layer the module does not use
or omits one it does, and on a name taken through the crate root; and pass a clean tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import load_module

ROOT = Path(__file__).resolve().parent.parent


check_layers = load_module(ROOT / "tools" / "check_layers.py", "check_layers")
LAYERS = ["base", "rules", "run"]

# A crate root with a layer table: `text` and `scoring` are siblings above `rules`, `run` is
# above both.
LIB = """//! A crate.
//!
//! | layer | owns | directly above |
//! |---|---|---|
//! | `base` | values | |
//! | `rules` | the rules | `base` |
//! | `text` | formats | `rules` |
//! | `scoring` | referees | `rules` |
//! | `run` | many games | `text`, `scoring` |
mod base;
mod rules;
mod text;
mod scoring;
mod run;
pub use base::color::Color;
pub use rules::pos::Pos;
"""

CLEAN = {
    "lib.rs": LIB,
    "base/mod.rs": "//! base\n//!\n//! May use: nothing.\npub(crate) mod color;\n",
    "base/color.rs": "pub enum Color { White, Black }\n",
    "rules/mod.rs": "//! rules\n//!\n//! May use: `base`.\n"
    "pub(crate) mod pos;\npub(crate) mod gen;\n",
    "rules/pos.rs": "use crate::base::color::Color;\npub struct Pos(Color);\n",
    "rules/gen.rs": "use super::pos::Pos;\npub fn gen(_: &Pos) {}\n",
    "text/mod.rs": "//! text\n//!\n//! May use: `rules`.\nuse crate::rules::pos::Pos;\n"
    "pub fn show(_: &Pos) {}\n",
    "scoring/mod.rs": "//! scoring\n//!\n//! May use: `base`.\nuse crate::base::color::Color;\n"
    "pub fn score(_: Color) {}\n",
    "run.rs": "//! run: a layer in one file.\n//!\n"
    "//! May use: `rules`, `text` and\n//! `scoring`.\n"
    "use crate::rules::pos::Pos;\nuse crate::scoring::score;\nuse crate::text::show;\n"
    "pub fn go(p: &Pos) { show(p) }\n",
}


def _crate(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    for name, text in files.items():
        path = src / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return src


def _problems(tmp_path: Path, **changes: str) -> list[str]:
    """The problems of the clean crate with some files replaced (`base_mod` = base/mod.rs)."""
    files = dict(CLEAN)
    for key, text in changes.items():
        name = key.replace("_mod", "/mod.rs").replace("__", "/")
        files[name if name.endswith(".rs") else name + ".rs"] = text
    return check_layers.check(_crate(tmp_path, files))


def test_the_layer_table_of_lib_rs_is_read_as_a_partial_order(tmp_path: Path) -> None:
    assert check_layers.layers_of_lib(_crate(tmp_path, CLEAN)) == {
        "base": set(),
        "rules": {"base"},
        "text": {"rules"},
        "scoring": {"rules"},
        "run": {"text", "scoring"},
    }


def test_a_clean_layered_tree_passes(tmp_path: Path) -> None:
    src = _crate(tmp_path, CLEAN)
    assert check_layers.check(src) == []
    assert check_layers.main([str(src)]) == 0


def test_a_linear_order_still_works(tmp_path: Path) -> None:
    files = {k: v for k, v in CLEAN.items() if k.split("/")[0] in ("lib.rs", "base", "rules")}
    files["lib.rs"] = "mod base;\nmod rules;\npub use base::color::Color;\n"
    src = _crate(tmp_path, files)
    assert check_layers.check(src, LAYERS) == []
    assert check_layers.main([str(src), "--layers", ",".join(LAYERS)]) == 0
    # Without a table and without --layers there are no layers: any import between them passes
    # (gammon-py has no layer folders).
    files["rules/extra.rs"] = "pub fn extra() {}\n"
    files["base/color.rs"] = "use crate::rules::extra::extra;\npub enum Color { White, Black }\n"
    src = _crate(tmp_path, files)
    assert check_layers.check(src) == []
    assert any("not below `base`" in p for p in check_layers.check(src, LAYERS))


def test_a_circle_between_two_files_fails(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["rules/pos.rs"] = (
        "use crate::base::color::Color;\nuse crate::rules::gen::gen;\npub struct Pos(Color);\n"
        "fn f(p: &Pos) { gen(p) }\n"
    )
    src = _crate(tmp_path, files)
    assert "import circle: {rules::gen, rules::pos}" in check_layers.check(src)
    assert check_layers.main([str(src)]) == 1


def test_a_circle_hidden_behind_the_root_reexports_fails(tmp_path: Path) -> None:
    """`crate::Pos` resolves to `rules::pos`, where `Pos` is defined, so the circle shows."""
    problems = _problems(
        tmp_path,
        rules__pos="use crate::base::color::Color;\npub struct Pos(Color);\n"
        "pub fn f(p: &Pos) { crate::rules::gen::gen(p) }\n",
        rules__gen="use crate::Pos;\npub fn gen(_: &Pos) {}\n",
    )
    assert "import circle: {rules::gen, rules::pos}" in problems
    assert any("goes through the crate root" in p for p in problems)


def test_an_import_up_the_layers_fails(tmp_path: Path) -> None:
    problems = _problems(
        tmp_path, base__color="use crate::rules::pos::Pos;\npub enum Color { White, Black }\n"
    )
    assert any(p.startswith("base::color") and "a layer not below `base`" in p for p in problems)


def test_an_import_across_to_a_sibling_branch_fails(tmp_path: Path) -> None:
    """`text` and `scoring` are both above `rules` and neither is below the other: an edge
    between them is outside the partial order, though a linear order would allow one way."""
    problems = _problems(
        tmp_path,
        text_mod="//! text\n//!\n//! May use: `rules`, `scoring`.\nuse crate::rules::pos::Pos;\n"
        "use crate::scoring::score;\npub fn show(_: &Pos) {}\n",
    )
    assert problems == [
        "text: `use crate::scoring::score` imports from `scoring`, a layer not below `text` "
        "(below it: `base`, `rules`)"
    ]


def test_a_may_use_line_that_lists_an_unused_layer_fails(tmp_path: Path) -> None:
    problems = _problems(
        tmp_path,
        scoring_mod="//! scoring\n//!\n//! May use: `base`, `rules`.\n"
        "use crate::base::color::Color;\npub fn score(_: Color) {}\n",
    )
    assert problems == ['scoring: its "May use" line lists `rules`, which it does not use']


def test_a_may_use_line_that_omits_a_used_layer_fails(tmp_path: Path) -> None:
    """The uses of the modules under a layer's root count: `rules::pos` uses `base`."""
    problems = _problems(
        tmp_path, rules_mod="//! rules\n//!\n//! May use: nothing.\npub(crate) mod pos;\n"
    )
    assert problems == ['rules: uses `base`, which its "May use" line omits']


def test_a_layer_root_without_a_may_use_line_and_a_name_that_is_no_layer_fail(
    tmp_path: Path,
) -> None:
    problems = _problems(
        tmp_path,
        scoring_mod="//! scoring\nuse crate::base::color::Color;\npub fn score(_: Color) {}\n",
        text_mod="//! text\n//!\n//! May use: `rules`, `rulez`.\nuse crate::rules::pos::Pos;\n"
        "pub fn show(_: &Pos) {}\n",
    )
    assert problems == [
        'scoring: the layer\'s root has no "May use:" line',
        'text: its "May use" line names `rulez`, which is no layer',
    ]


def test_a_submodule_may_say_what_it_uses_and_is_held_to_it(tmp_path: Path) -> None:
    """A line below a layer's root names the layers that module uses; its own layer's names
    (`rules::pos`) and names in links are not counted."""
    gen = "//! May use: `base` and [`Pos`] of `rules::pos`.\nuse super::pos::Pos;\n"
    problems = _problems(tmp_path, rules__gen=gen + "pub fn gen(_: &Pos) {}\n")
    assert problems == ['rules::gen: its "May use" line lists `base`, which it does not use']
    gen = gen.replace("`base` and ", "")
    assert _problems(tmp_path, rules__gen=gen + "pub fn gen(_: &Pos) {}\n") == []


def test_a_table_with_a_cycle_or_a_missing_layer_fails(tmp_path: Path) -> None:
    problems = _problems(
        tmp_path,
        lib=LIB.replace("| `base` | values | |", "| `base` | values | `run` |").replace(
            "| `run` | many games | `text`, `scoring` |", "| `run` | many games | `text`, `score` |"
        ),
    )
    assert "layer order: `base` is below itself (the table has a cycle)" in problems
    assert "layer order: `run` is above `score`, which is no layer" in problems
    # And a top-level module the table does not name.
    files = dict(CLEAN)
    files["extra.rs"] = "//! May use: `base`.\nuse crate::base::color::Color;\n"
    problems = check_layers.check(_crate(tmp_path, files))
    assert problems == ["extra: a top-level module in no layer of the layer order"]


def test_a_test_module_in_its_own_file_may_use_any_layer(tmp_path: Path) -> None:
    """`#[cfg(test)] mod tests;` puts the tests in `tests.rs`: ignored, as an inline test module
    is; the same file declared without `#[cfg(test)]` is checked."""
    base = "//! base\n//!\n//! May use: nothing.\npub(crate) mod color;\n"
    tests = "use crate::rules::pos::Pos;\nuse crate::Color;\nfn t(_: Pos, _: Color) {}\n"
    test_mod = base + "#[cfg(test)]\nmod tests;\n"
    assert _problems(tmp_path, base_mod=test_mod, base__tests=tests) == []
    problems = _problems(tmp_path, base_mod=base + "mod tests;\n", base__tests=tests)
    assert any(p.startswith("base::tests") and "not below `base`" in p for p in problems)
    assert any("goes through the crate root" in p for p in problems)
    assert 'base: uses `rules`, which its "May use" line omits' in problems


@pytest.mark.parametrize("crate", ["gammon-core", "gammon-py"])
def test_the_real_crates_pass(crate: str) -> None:
    src = ROOT / "rust" / crate / "src"
    assert check_layers.check(src) == []
    # The core's table names its twelve layers (analysis the newest); gammon-py has none.
    layers = check_layers.layers_of_lib(src)
    assert (layers is not None and len(layers) == 12) == (crate == "gammon-core")
