"""Checks the import structure of the Python package: layers that import one way, no circle.

Usage: python tools/check_py_layers.py [PACKAGE_DIR]   (default: python/gammon)

Every import is counted, wherever it stands: at module level, inside a function, under
``if TYPE_CHECKING:``. The check fails (exit status 1) on:

- a module that imports the **package root** (``import gammon``, ``from gammon import X``,
  even where ``X`` is a submodule):
  the root only re-exports (it imports everything), so such an import ties a module to all
  the others. Import from the module that owns the name (``from gammon.cube import Cube``,
  ``from gammon._core import Position``, ``import gammon._core as _core``);
- an **import circle** among the modules;
- an import that runs **up the layer order** below: a module may import modules of its own
  layer or of lower layers only. Every module must be listed in a layer.

The layers, lowest first (the Rust extension ``gammon._core`` is below them all):
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

#: The layer order of ``python/gammon``, lowest first; modules of one layer may import one
#: another (without a circle). Documented in docs/architecture.md.
LAYERS: tuple[tuple[str, ...], ...] = (
    # 1. vocabulary: errors and argument checks over the extension
    ("errors", "_checks", "_format"),
    # 2. values with a Python shape: actions, the cube, match scores, results, settings
    ("actions", "cube", "match", "result", "met", "equity", "bearoff"),
    # 3. the IDs gnubg and XG read (over TurnState and a scoreboard)
    ("matchid", "xgid"),
    # 4. the game with history
    ("game",),
    # 5. Long Nardy series; match records and the file formats; pictures
    ("nardy", "matchfile", "mat", "sgf", "fibs", "files", "svg"),
    # 6. who plays: the nets' evaluations and cube decisions (over a Game), the policies
    ("net", "policies"),
    # 7. runs: the driver and every run kind; batches and environments
    (
        "_distribute",
        "_run",
        "rollout",
        "cubeful",
        "compare",
        "rollout_cube",
        "simulate",
        "checkpoint",
        "batch",
        "envs",
        "envs._engine",
        "envs.gym",
        "envs.aec",
        "envs.vector",
        "analysis",
    ),
    # 8. applications
    ("serve", "analysis_html", "cli", "__main__"),
)


def modules(package: Path) -> dict[str, Path]:
    """The package's modules by dotted name relative to the package (the root is ``""``)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, root: str, known: set[str]) -> set[str]:
    """The package modules (relative names, the root as ``""``) that ``name`` imports."""
    is_package = path.name == "__init__.py"
    here = [root, *name.split(".")] if name else [root]
    base = here if is_package else here[:-1]
    found: set[str] = set()

    def add(dotted: str) -> None:
        parts = dotted.split(".")
        if parts[0] != root:
            return
        rel = ".".join(parts[1:])
        if not rel:
            found.add("")  # the package root itself
            return
        # `import gammon.cube` names gammon.cube (the root is loaded too, but by Python, not
        # by choice); a name that is no module (gammon.cube.Cube) counts as the longest
        # module prefix it has, and one with none (the extension gammon._core) as nothing.
        while rel not in known and rel:
            rel = rel.rpartition(".")[0]
        if rel:
            found.add(rel)

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                src = ".".join(base[: len(base) - (node.level - 1)])
                if node.module:
                    src += "." + node.module
            else:
                src = node.module or ""
            # `from gammon import batch` names the root (it runs `gammon/__init__.py` by
            # choice), as does `from gammon import _core`: write `import gammon.batch as
            # batch` or `from gammon.batch import ...`.
            add(src)
            for alias in node.names:
                full = f"{src}.{alias.name}"
                if ".".join(full.split(".")[1:]) in known:
                    add(full)
    found.discard(name)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on:
                    low[v] = min(low[v], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def check(package: Path) -> list[str]:
    """The problems found in ``package`` (empty when its imports are in order)."""
    root = package.name
    mods = modules(package)
    known = set(mods)
    graph = {m: imports(m, p, root, known) for m, p in mods.items()}
    layer = {m: i for i, names in enumerate(LAYERS) for m in names}
    problems = []
    for m in sorted(mods):
        if not m:
            continue
        if m not in layer:
            problems.append(f"{root}.{m} is in no layer of tools/check_py_layers.py")
            continue
        for t in sorted(graph[m]):
            if t == "":
                problems.append(
                    f"{root}.{m} imports the package root {root!r}: import from the module "
                    "that owns the name"
                )
            elif t in layer and layer[t] > layer[m]:
                problems.append(
                    f"{root}.{m} (layer {layer[m] + 1}) imports {root}.{t} (layer "
                    f"{layer[t] + 1}), up the layer order"
                )
    for c in circles(graph):
        problems.append("import circle: " + ", ".join(f"{root}.{m}" if m else root for m in c))
    return problems


def main(argv: list[str]) -> int:
    package = Path(argv[1] if len(argv) > 1 else "python/gammon")
    problems = check(package)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s) in the imports of {package}")
        return 1
    print(f"{package}: {len(modules(package))} modules, layers in order, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
