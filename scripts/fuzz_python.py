"""The long Python fuzz run: atheris drives the targets of ``tests/fuzz_targets.py``.

Usage: ``python scripts/fuzz_python.py TARGET RUNS SEED`` runs one target (or ``all``) for RUNS
inputs from the random seed SEED and prints ``TARGET RUNS`` when every input kept the contract.
A broken contract stops the run with the failing input saved by libFuzzer (``crash-*`` in the
working directory) and a non-zero exit status. ``scripts/fuzz.sh`` runs the slices and keeps
the totals.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

with atheris.instrument_imports(include=["gammon"]):
    import gammon
    import gammon.batch
    import gammon.serve  # noqa: F401

import numpy as np

import fuzz_targets as ft

ALPHABETS = [
    ft.BASE64,
    "0123456789/*() offbar-",
    "-abcdeABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:=²١_+ ",
    "".join(chr(c) for c in range(32, 127)),
]


def text(fdp: atheris.FuzzedDataProvider) -> str:
    """A text: arbitrary Unicode (surrogates included) or from an alphabet of the formats."""
    n = fdp.ConsumeIntInRange(0, 40)
    kind = fdp.ConsumeIntInRange(0, len(ALPHABETS) + 1)
    if kind == len(ALPHABETS):
        return str(fdp.ConsumeUnicode(n))
    if kind == len(ALPHABETS) + 1:
        return str(fdp.ConsumeUnicodeNoSurrogates(n))
    alphabet = ALPHABETS[kind]
    return "".join(alphabet[fdp.ConsumeIntInRange(0, len(alphabet) - 1)] for _ in range(n))


def value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> Any:
    """Any Python value of the kinds a caller might pass."""
    kind = fdp.ConsumeIntInRange(0, 12 if depth < 2 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeIntInRange(-3, 30)
    if kind == 3:
        return fdp.ConsumeInt(9)
    if kind == 4:
        return fdp.ConsumeRegularFloat() if fdp.ConsumeBool() else fdp.ConsumeFloat()
    if kind in (5, 6):
        return text(fdp)
    if kind == 7:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 6))
    if kind == 8:
        return np.int64(fdp.ConsumeIntInRange(-5, 30))
    n = fdp.ConsumeIntInRange(0, 6)
    if kind == 9:
        return [value(fdp, depth + 1) for _ in range(n)]
    if kind == 10:
        return tuple(value(fdp, depth + 1) for _ in range(2))
    if kind == 11:
        keys: list[Any] = [text(fdp) if fdp.ConsumeBool() else fdp.ConsumeIntInRange(-2, 30)
                           for _ in range(n)]  # fmt: skip
        return {k: value(fdp, depth + 1) for k in keys}
    return np.array([fdp.ConsumeIntInRange(-2, 27) for _ in range(n)], dtype=np.int64)


def side(fdp: atheris.FuzzedDataProvider) -> Any:
    """A side for from_checkers: mostly plausible mappings and lists, sometimes anything."""
    kind = fdp.ConsumeIntInRange(0, 3)
    n = fdp.ConsumeIntInRange(0, 16)
    if kind == 0:
        return {fdp.ConsumeIntInRange(-1, 26): fdp.ConsumeIntInRange(-1, 16) for _ in range(n)}
    if kind == 1:
        return [fdp.ConsumeIntInRange(-1, 26) for _ in range(n)]
    if kind == 2:
        return np.array([fdp.ConsumeIntInRange(0, 25) for _ in range(n)], dtype=np.int32)
    return value(fdp)


def one(fdp: atheris.FuzzedDataProvider, target: str) -> None:
    """Run ``target`` once on inputs drawn from ``fdp``."""
    if target == "position_id":
        t = text(fdp) if fdp.ConsumeBool() else value(fdp)
        ft.position_id(t, fdp.PickValueInList(ft.VARIANTS), fdp.PickValueInList(ft.TURNS))
    elif target == "xgid":
        ft.xgid(text(fdp) if fdp.ConsumeIntInRange(0, 9) else value(fdp))
    elif target == "match_id":
        ft.match_id(text(fdp) if fdp.ConsumeIntInRange(0, 9) else value(fdp))
    elif target == "gnubg_id":
        ft.gnubg_id(text(fdp) + ":" + text(fdp) if fdp.ConsumeBool() else text(fdp))
    elif target == "play":
        d = fdp.PickValueInList(ft.DICE) if fdp.ConsumeIntInRange(0, 9) else value(fdp)
        ft.play_text(text(fdp) if fdp.ConsumeIntInRange(0, 9) else value(fdp), d,
                     fdp.ConsumeIntInRange(0, 100))  # fmt: skip
    elif target == "dice":
        ft.dice(value(fdp))
    elif target == "checkers":
        ft.checkers(side(fdp), side(fdp), fdp.PickValueInList(ft.TURNS),
                    fdp.PickValueInList(ft.VARIANTS))  # fmt: skip
    elif target == "settings":
        keys = ft.SETTING_KEYS
        ft.settings({keys[fdp.ConsumeIntInRange(0, len(keys) - 1)]: value(fdp)
                     for _ in range(fdp.ConsumeIntInRange(0, 3))})  # fmt: skip
    elif target == "checkpoint":
        keys = [*ft.checkpoint_keys(), "extra"]
        edits = [
            (
                keys[fdp.ConsumeIntInRange(0, len(keys) - 1)],
                ft.DELETE if fdp.ConsumeIntInRange(0, 5) == 0 else value(fdp),
            )
            for _ in range(fdp.ConsumeIntInRange(1, 3))
        ]
        ft.checkpoint(edits)
    elif target == "fibs":
        if fdp.ConsumeBool():
            ft.fibs_field(fdp.ConsumeIntInRange(0, 60), text(fdp))
        else:
            ft.fibs_board(text(fdp) if fdp.ConsumeIntInRange(0, 9) else value(fdp))
    elif target == "match_file":
        kind = fdp.ConsumeIntInRange(0, 5)
        fmt = fdp.PickValueInList(["mat", "sgf"])
        fixture = fdp.ConsumeIntInRange(0, len(ft.MATCH_FIXTURES) - 1)
        if kind < 2:
            ft.match_file(fmt, fdp.ConsumeIntInRange(0, 10**6), text(fdp), fixture)
        elif kind == 2:
            ft.match_cut(fmt, fixture, fdp.ConsumeIntInRange(0, 10**6))
        elif kind == 3:
            ft.match_insert(fmt, fixture, fdp.ConsumeIntInRange(0, 10**6), text(fdp))
        elif kind == 4:
            ft.match_source(value(fdp))
        else:
            ft.match_text(text(fdp))
    elif target == "batch":
        kind = fdp.ConsumeIntInRange(0, 3)
        if kind < 2:
            count = fdp.ConsumeIntInRange(0, 5)
            edits = [(fdp.ConsumeIntInRange(0, 8), fdp.ConsumeIntInRange(0, 30),
                      fdp.ConsumeIntInRange(-3, 3)) for _ in range(count)]  # fmt: skip
            boards: Any = ft.batch_rows(fdp.PickValueInList(sorted(ft._START_ROWS)), edits)
        elif kind == 2:
            n = fdp.ConsumeIntInRange(0, 3)
            boards = np.array([fdp.ConsumeIntInRange(-20, 20) for _ in range(26 * n)],
                              dtype=np.int64).reshape(n, 26)  # fmt: skip
        else:
            boards = value(fdp)
        rows = len(boards) if isinstance(boards, np.ndarray) and boards.ndim == 2 else 1
        if fdp.ConsumeIntInRange(0, 5):
            dice: Any = np.array([[fdp.ConsumeIntInRange(0, 7), fdp.ConsumeIntInRange(0, 7)]
                                  for _ in range(rows)])  # fmt: skip
        else:
            dice = value(fdp)
        ft.batch_arrays(boards, dice, fdp.PickValueInList(ft.BATCH_VARIANTS), fdp.ConsumeBool())
    elif target == "serve":
        if fdp.ConsumeBool():
            ft.serve_field(fdp.ConsumeIntInRange(0, 60), text(fdp))
        else:
            ft.serve_line(text(fdp) if fdp.ConsumeIntInRange(0, 9) else value(fdp))
    elif target == "serve_connection":
        chunks = [fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 300))
                  for _ in range(fdp.ConsumeIntInRange(0, 8))]  # fmt: skip
        ft.serve_connection(chunks, fdp.ConsumeIntInRange(0, 2))
    elif target == "net_file":
        count = fdp.ConsumeIntInRange(0, 8)
        edits = [(fdp.ConsumeIntInRange(0, 2**20), fdp.ConsumeIntInRange(0, 255))
                 for _ in range(count)]  # fmt: skip
        cut = fdp.ConsumeIntInRange(0, 2**20) if fdp.ConsumeIntInRange(0, 4) == 0 else None
        ft.net_file(edits, fdp.ConsumeIntInRange(0, 4) > 0, cut)
    elif target == "analysis":
        if fdp.ConsumeIntInRange(0, 9) == 0:
            ft.analyze_cut(fdp.PickValueInList(["mat", "sgf"]),
                           fdp.ConsumeIntInRange(0, len(ft.MATCH_FIXTURES) - 1),
                           fdp.ConsumeIntInRange(0, 10**6))  # fmt: skip
        else:
            picks = [fdp.ConsumeIntInRange(-3, 40) for _ in range(fdp.ConsumeIntInRange(0, 8))]
            ft.analyze_steps(picks, [fdp.ConsumeIntInRange(0, 20) for _ in range(3)])
    else:
        raise SystemExit(f"unknown target {target!r}")


TARGETS = ["position_id", "xgid", "match_id", "gnubg_id", "play", "dice", "checkers",
           "settings", "checkpoint", "fibs", "match_file", "batch", "serve",
           "serve_connection", "net_file", "analysis"]  # fmt: skip


def main() -> None:
    """Fuzz the target named on the command line."""
    target, runs, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    chosen = TARGETS if target == "all" else [target]

    def test_one_input(data: bytes) -> None:
        fdp = atheris.FuzzedDataProvider(data)
        one(fdp, chosen[fdp.ConsumeIntInRange(0, len(chosen) - 1)])

    atheris.Setup(
        [sys.argv[0], f"-runs={runs}", f"-seed={seed}", "-max_len=256", "-print_final_stats=1"],
        test_one_input,
    )
    atheris.Fuzz()


if __name__ == "__main__":
    main()
