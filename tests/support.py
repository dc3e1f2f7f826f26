"""Helpers shared by the pytest modules: where the golden and oracle data live."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
CONFORMANCE = DATA / "conformance"

# The 21 distinct rolls, larger die first.
ROLLS = [(hi, lo) for hi in range(1, 7) for lo in range(1, hi + 1)]


def conformance_cases() -> list[dict[str, Any]]:
    """The 4,918 oracle cases of backgammon-plays.jsonl (see tests/data/conformance/README.md)."""
    with open(CONFORMANCE / "backgammon-plays.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def corpus(name: str) -> list[str]:
    """The Position IDs of a wildbg corpus file (contact-1000.txt or race-1000.txt)."""
    text = (CONFORMANCE / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]
