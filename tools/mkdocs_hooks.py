"""MkDocs hook: render the ``>>>`` examples of docstrings as code blocks.

The docstrings are written for Python's doctest (and run by pytest), not in Markdown: a
``>>>`` example would otherwise read as a block quote, and ``['24/18(2)']`` as a link. The
extension wraps each run of example lines (up to a blank line) outside code fences in a
``pycon`` fence, for the pages and for mkdocstrings, which renders docstrings with the same
extensions.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

_FENCE = re.compile(r"^\s*(```|~~~)")
_PROMPT = re.compile(r"^(\s*)>>> ")


class _DoctestBlocks(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        in_fence = False
        i = 0
        while i < len(lines):
            line = lines[i]
            if _FENCE.match(line):
                in_fence = not in_fence
            m = None if in_fence else _PROMPT.match(line)
            if m is None:
                out.append(line)
                i += 1
                continue
            indent = m.group(1)
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            out.extend(["", f"{indent}```pycon", *(indent + b for b in block), f"{indent}```", ""])
        return out


class DoctestBlocks(Extension):
    """The Markdown extension of this hook."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Markdown's API name
        """Register the preprocessor before the fenced-code one (priority 25)."""
        md.preprocessors.register(_DoctestBlocks(md), "doctest_blocks", 30)


def on_config(config: Any) -> Any:
    """Add the extension to the site's Markdown extensions (shared with mkdocstrings)."""
    config.markdown_extensions.append(DoctestBlocks())
    return config
