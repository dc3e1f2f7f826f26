"""Checks the import structure of a Rust crate laid out in layer folders.

Usage: python tools/check_layers.py [CRATE_SRC] [--layers base,rules,...]

Every `use` and inline path (`crate::`, `super::`, `self::` and a module's own children) is
resolved to the module that *owns* the name, following `pub use` re-exports, so a dependency
hidden behind the crate root's flat re-exports still shows. The top-level folder or file of a
module names its layer. The layers form a partial order (a DAG), read from the table of the
crate root's "Layers" section (`src/lib.rs`: one row per layer, its last cell the layers it
sits directly above); `--layers` gives a linear order instead, lowest first. A crate whose
root has no such table (gammon-py) has no layers: only the first and last checks apply.
The check fails (exit status 1) on:

- an **import circle** between modules (a module's own children are part of it: a folder's
  `mod.rs` may use its children and they may use it, so parent -> child edges are not counted);
- an import of a layer that is **not below** the importing module's layer in the partial order
  (a module under `base/` must not use `rules/`; `text/` must not use `scoring/`, its sibling),
  a layer table that is not a DAG, and a top-level module in no layer;
- a **"May use" line that is not exact**: every layer's root (`mod.rs` of its folder, or its
  file) says in its module documentation "May use: `base`, `rules`." (or names none), and any
  other module may say it for itself; the layers named (the first segment of each name in
  backticks; its own layer's are ignored) must be exactly those the module and the modules
  under it use, no more and no fewer;
- a name imported through the **crate root's re-exports** (`crate::Name`) instead of from
  the module that owns it.

`#[cfg(test)]` modules (inline, or in their own file) and comments are ignored: tests may use
any layer.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

Module = tuple[str, ...]
# Each layer with the layers it sits directly above.
Layers = dict[str, set[str]]


def module_of(src: Path, path: Path) -> Module:
    """The module path of a source file: `rules/nardy/mod.rs` -> ("rules", "nardy")."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "mod":
        parts.pop()
    if parts in (["lib"], ["main"]):
        return ()
    return tuple(parts)


def strip(code: str) -> str:
    """The code without comments, string literals and `#[cfg(test)]` modules."""
    code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)
    code = re.sub(r"//[^\n]*", "", code)
    code = re.sub(r"/\*.*?\*/", "", code, flags=re.S)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+\w+\s*\{", code):
        if m.start() < i:
            continue
        out.append(code[i : m.start()])
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        i = j
    out.append(code[i:])
    return "".join(out)


def split_top(body: str) -> list[str]:
    """Splits `a, b::{c, d}` at the commas outside braces."""
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def expand(tree: str) -> Iterator[list[str]]:
    """Expands a use tree (`a::{B, c::{D, E as F}}`) into its full paths."""
    tree = tree.strip()
    m = re.match(r"^(.*?)\{(.*)\}$", tree, re.S)
    if not m:
        leaf = re.sub(r"\s+as\s+\w+$", "", tree)
        yield [s.strip() for s in leaf.split("::") if s.strip()]
        return
    prefix = [s.strip() for s in m.group(1).split("::") if s.strip()]
    for part in split_top(m.group(2)):
        for rest in expand(part):
            yield prefix + rest


class Crate:
    """The modules of one crate and where each name is defined or re-exported."""

    def __init__(self, src: Path) -> None:
        self.src = src
        raw = {module_of(src, path): path.read_text(encoding="utf-8") for path in src.rglob("*.rs")}
        # A module declared `#[cfg(test)] mod name;` lives in its own file: a test module, left
        # out with everything under it, as an inline `#[cfg(test)]` module is.
        tests = {
            (*mod, name)
            for mod, text in raw.items()
            for name in re.findall(
                r"#\[cfg\(test\)\]\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+(\w+)\s*;", text
            )
        }
        self.code: dict[Module, str] = {}
        self.docs: dict[Module, str] = {}
        for mod in sorted(raw):
            if not any(mod[: len(t)] == t for t in tests):
                self.code[mod] = strip(raw[mod])
                self.docs[mod] = "\n".join(
                    line.strip()[3:].strip()
                    for line in raw[mod].splitlines()
                    if line.strip().startswith("//!")
                )
        self.defined: dict[Module, set[str]] = {}
        self.reexports: dict[Module, dict[str, list[str]]] = {}
        for mod, code in self.code.items():
            self.defined[mod] = set(
                re.findall(
                    r"(?:^|[\s;{}])(?:pub(?:\([\w:]+\))?\s+)?(?:const\s+fn|unsafe\s+fn|fn|struct|"
                    r"enum|trait|type|const|static|macro_rules!)\s+(\w+)",
                    code,
                )
            )
            self.reexports[mod] = {}
            for m in re.finditer(r"\bpub(?:\([\w:]+\))?\s+use\s+([^;]+);", code):
                for path in expand(m.group(1)):
                    self.reexports[mod][path[-1]] = path

    def children(self, mod: Module) -> set[str]:
        """The names of `mod`'s child modules."""
        return {m[len(mod)] for m in self.code if len(m) == len(mod) + 1 and m[: len(mod)] == mod}

    def absolute(self, mod: Module, path: list[str]) -> list[str] | None:
        """`path` as written in `mod`, made absolute (without `crate`); None if external."""
        if not path:
            return None
        head = path[0]
        if head == "crate":
            return path[1:]
        if head == "self":
            return list(mod) + path[1:]
        if head == "super":
            base = list(mod)
            while path and path[0] == "super":
                base = base[:-1]
                path = path[1:]
            return base + path
        if head in self.children(mod):
            return list(mod) + path
        return None

    def owner(self, path: list[str], depth: int = 0) -> tuple[Module, bool] | None:
        """The module owning the absolute `path`.

        Also says whether the path went through the crate root's re-exports.
        """
        longest: Module = ()
        for i in range(1, len(path) + 1):
            if tuple(path[:i]) in self.code:
                longest = tuple(path[:i])
        rest = path[len(longest) :]
        if not rest or depth > 8:
            return longest, False
        name = rest[0]
        if name in self.defined.get(longest, set()):
            return longest, False
        target = self.reexports.get(longest, {}).get(name)
        if target is None:
            return longest, False
        resolved = self.absolute(longest, target)
        if resolved is None:
            return longest, False
        found = self.owner(resolved + rest[1:], depth + 1)
        if found is None:
            return None
        return found[0], found[1] or longest == ()

    def imports(self, mod: Module) -> Iterator[tuple[list[str], str]]:
        """Every path `mod` names: its use trees and inline `crate::`/`super::` paths."""
        code = self.code[mod]
        for m in re.finditer(r"\buse\s+([^;]+);", code):
            for path in expand(m.group(1)):
                yield path, "use " + "::".join(path)
        no_use = re.sub(r"\buse\s+[^;]+;", "", code)
        for m in re.finditer(r"\b((?:crate|super)(?:::\w+)+)", no_use):
            yield m.group(1).split("::"), m.group(1)


def layers_of_lib(src: Path) -> Layers | None:
    """The layer table of the crate root's documentation, or None when it has none.

    The table is the first Markdown table of `lib.rs`'s `//!` lines whose header row has a
    cell "directly above": each row's first cell names a layer in backticks, its last cell the
    layers it sits directly above (none for the lowest).
    """
    lib = src / "lib.rs"
    if not lib.exists():
        return None
    layers: Layers = {}
    in_table = False
    for line in lib.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line.startswith("//!"):
            continue
        row = line[3:].strip()
        if not row.startswith("|"):
            if in_table:
                break
            continue
        cells = [c.strip() for c in row.strip("|").split("|")]
        if "directly above" in cells[-1]:
            in_table = True
            continue
        if not in_table or set(cells[0]) <= set("-: "):
            continue
        name = re.fullmatch(r"`(\w+)`", cells[0])
        if name:
            layers[name.group(1)] = set(re.findall(r"`(\w+)`", cells[-1]))
    return layers or None


def linear(order: list[str]) -> Layers:
    """A linear order (lowest first) as a partial order: each layer directly above the last."""
    return {name: set(order[i - 1 : i]) for i, name in enumerate(order)}


def beneath(layers: Layers) -> dict[str, set[str]]:
    """Every layer's layers below it, directly or not (the transitive closure).

    A layer on a cycle of the table is below itself.
    """
    out: dict[str, set[str]] = {}
    for name in layers:
        found: set[str] = set()
        todo = list(layers[name])
        while todo:
            lower = todo.pop()
            if lower not in found:
                found.add(lower)
                todo.extend(layers.get(lower, set()))
        out[name] = found
    return out


def may_use(doc: str) -> set[str] | None:
    """The names in backticks (not in links) of a module's "May use:" sentence; None if none.

    The sentence runs to its full stop (a period followed by a space or the end) or to the end
    of its paragraph.
    """
    at = doc.find("May use:")
    if at < 0:
        return None
    text = doc[at + len("May use:") :]
    end = re.search(r"\.(?:\s|$)|\n\s*\n", text)
    # A name in a link (`[`Probabilities`]`) is not a module.
    return set(re.findall(r"(?<!\[)`([\w:]+)`", text[: end.start() if end else len(text)]))


def check(src: Path, layers: list[str] | Layers | None = None) -> list[str]:
    """The problems found in the crate at `src` (empty when it is clean).

    `layers` is the layer order: a partial order (each layer with the layers directly below
    it), a linear one (lowest first), or None to read it from the crate root's table.
    """
    crate = Crate(src)
    if layers is None:
        order = layers_of_lib(src) or {}
    elif isinstance(layers, list):
        order = linear(layers)
    else:
        order = layers
    below = beneath(order)
    edges: dict[Module, set[Module]] = {m: set() for m in crate.code}
    problems: list[str] = []

    def show(m: Module) -> str:
        return "::".join(m) or "crate"

    def names(found: set[str]) -> str:
        return ", ".join(f"`{n}`" for n in sorted(found)) or "nothing"

    for name, lower in order.items():
        if name in below[name]:
            problems.append(f"layer order: `{name}` is below itself (the table has a cycle)")
        for unknown in sorted(lower - order.keys()):
            problems.append(f"layer order: `{name}` is above `{unknown}`, which is no layer")
    if order:
        for mod in crate.code:
            if len(mod) == 1 and mod[0] not in order:
                problems.append(f"{show(mod)}: a top-level module in no layer of the layer order")

    for mod in crate.code:
        if mod == ():
            continue
        for path, text in crate.imports(mod):
            absolute = crate.absolute(mod, path)
            if absolute is None:
                continue
            found = crate.owner(absolute)
            if found is None:
                continue
            target, via_root = found
            if via_root and path[0] == "crate":
                problems.append(
                    f"{show(mod)}: `{text}` goes through the crate root's re-exports; "
                    f"import it from `{show(target)}`"
                )
            if target in ((), mod) or target[: len(mod)] == mod:
                continue  # itself, the root, or its own children
            edges[mod].add(target)
            a, b = mod[0], target[0]
            if a != b and a in order and b in order and b not in below[a]:
                problems.append(
                    f"{show(mod)}: `{text}` imports from `{show(target)}`, a layer not below "
                    f"`{a}` (below it: {names(below[a])})"
                )
    if order:
        problems.extend(may_use_problems(crate, order, edges))
    problems.extend(f"import circle: {c}" for c in circles(edges))
    return sorted(set(problems))


def may_use_problems(crate: Crate, order: Layers, edges: dict[Module, set[Module]]) -> list[str]:
    """The "May use" lines that are missing (at a layer's root) or say other than the truth."""
    problems = []
    for mod, doc in crate.docs.items():
        if not mod or mod[0] not in order:
            continue
        listed = may_use(doc)
        where = "::".join(mod)
        if listed is None:
            if len(mod) == 1:
                problems.append(f'{where}: the layer\'s root has no "May use:" line')
            continue
        layer = mod[0]
        used = {
            target[0]
            for source, targets in edges.items()
            if source[: len(mod)] == mod
            for target in targets
            if target and target[0] != layer and target[0] in order
        }
        named = {n.split("::")[0] for n in listed} - {layer}
        for n in sorted(named - order.keys()):
            problems.append(f'{where}: its "May use" line names `{n}`, which is no layer')
        for n in sorted((named & order.keys()) - used):
            problems.append(f'{where}: its "May use" line lists `{n}`, which it does not use')
        for n in sorted(used - named):
            problems.append(f'{where}: uses `{n}`, which its "May use" line omits')
    return problems


def circles(edges: dict[Module, set[Module]]) -> list[str]:
    """The strongly connected components of more than one module (Tarjan's algorithm).

    Each is shown as the sorted set of its modules.
    """
    index: dict[Module, int] = {}
    low: dict[Module, int] = {}
    stack: list[Module] = []
    on: set[Module] = set()
    out: list[str] = []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v: Module) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                names = sorted("::".join(m) for m in comp)
                out.append("{" + ", ".join(names) + "}")

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main(argv: list[str] | None = None) -> int:
    """Checks the crate named on the command line; 0 when clean, 1 with the problems printed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    default_src = Path(__file__).resolve().parent.parent / "rust" / "gammon-core" / "src"
    parser.add_argument("src", nargs="?", type=Path, default=default_src)
    parser.add_argument(
        "--layers",
        help="a linear layer order, lowest first (default: the table of the crate's lib.rs)",
    )
    args = parser.parse_args(argv)
    order = (
        linear([s for s in args.layers.split(",") if s])
        if args.layers
        else layers_of_lib(args.src) or {}
    )
    problems = check(args.src, order)
    modules = len(Crate(args.src).code)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problem(s) in {args.src}")
        return 1
    if order:
        shown = "; ".join(
            f"{name} > {', '.join(sorted(lower))}" for name, lower in order.items() if lower
        )
        layered = (
            f"imports follow the partial order of its {len(order)} layers ({shown}), "
            'every "May use" line exact'
        )
    else:
        layered = "no layers"
    print(
        f"check_layers: {modules} modules in {os.path.relpath(args.src)}, no import circle, "
        f"{layered}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
