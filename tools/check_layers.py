"""Checks the import structure of a Rust crate laid out in layer folders.

Usage: python tools/check_layers.py [CRATE_SRC] [--layers base,rules,...]

Every `use` and inline path (`crate::`, `super::`, `self::` and a module's own children) is
resolved to the module that *owns* the name, following `pub use` re-exports, so a dependency
hidden behind the crate root's flat re-exports still shows. The check fails (exit status 1) on:

- an **import circle** between modules (a module's own children are part of it: a folder's
  `mod.rs` may use its children and they may use it, so parent -> child edges are not counted);
- an import that runs **up the layer order**: a module under `base/` must not use `rules/`,
  and so on (the top-level folder or file names the layer; the crate root is exempt);
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

DEFAULT_LAYERS = "base,rules,bearoff,encode,eval,text,variant_position,scoring,policy,play,run"

Module = tuple[str, ...]


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
            mod + (name,)
            for mod, text in raw.items()
            for name in re.findall(
                r"#\[cfg\(test\)\]\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+(\w+)\s*;", text
            )
        }
        self.code: dict[Module, str] = {}
        for mod in sorted(raw):
            if not any(mod[: len(t)] == t for t in tests):
                self.code[mod] = strip(raw[mod])
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


def check(src: Path, layers: list[str]) -> list[str]:
    """The problems found in the crate at `src` (empty when it is clean)."""
    crate = Crate(src)
    rank = {name: i for i, name in enumerate(layers)}
    edges: dict[Module, set[Module]] = {m: set() for m in crate.code}
    problems: list[str] = []

    def show(m: Module) -> str:
        return "::".join(m) or "crate"

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
            a, b = rank.get(mod[0]), rank.get(target[0])
            if a is not None and b is not None and b > a:
                problems.append(
                    f"{show(mod)}: `{text}` imports from `{show(target)}`, a higher layer "
                    f"({target[0]} is above {mod[0]} in {' -> '.join(layers)})"
                )
    problems.extend(f"import circle: {c}" for c in circles(edges))
    return sorted(set(problems))


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
    parser.add_argument("--layers", default=DEFAULT_LAYERS, help="layer names, lowest first")
    args = parser.parse_args(argv)
    layers = [s for s in args.layers.split(",") if s]
    problems = check(args.src, layers)
    modules = len(Crate(args.src).code)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problem(s) in {args.src}")
        return 1
    print(
        f"check_layers: {modules} modules in {os.path.relpath(args.src)}, no import circle, "
        f"no import up the layers ({' -> '.join(layers)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
