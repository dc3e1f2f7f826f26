"""Drops hidden units from the contact net of a backgammon weights file (a smaller, faster net).

    python experiments/prune_net.py IN.gnet OUT.gnet KEEP

Keeps the contact net's first KEEP hidden units and drops the rest, folding each dropped
unit's mean contribution into the output biases: its activation averaged over the after-states
of 200 games of the installed package's net playing itself at 0 ply (dice seeded 7), times its
output weights. Run it with the package built on IN's weights (for bg-td3: bg-td2's, exported
into ``rust/gammon-core/nets/backgammon.gnet`` before ``maturin develop``). The race net is kept as
it is. What the pruned net loses is then trained back by a short warm-started run
(`train/bg-td3.conf`, train/README.md). The weights format is documented in
`rust/gammon-core/src/eval/net.rs`; the file is read and written with the CRC-32 it ends with.
"""

from __future__ import annotations

import random
import struct
import sys
import zlib

import numpy as np

import gammon
from gammon import batch

HEADER = 8 + 4 + 1 + 1


def read(path: str) -> tuple[bytes, list[dict[str, object]]]:
    """The header and the nets (weights as numpy arrays) of a weights file."""
    b = open(path, "rb").read()
    if zlib.crc32(b[:-4]) != struct.unpack("<I", b[-4:])[0]:
        raise SystemExit(f"{path}: bad checksum")
    nets = []
    o = HEADER
    for _ in range(b[13]):
        role, enc = b[o], b[o + 1]
        inp, hid, out = struct.unpack_from("<III", b, o + 2)
        o += 14

        def take(n: int) -> np.ndarray:
            nonlocal o
            a = np.frombuffer(b, dtype="<f4", count=n, offset=o).copy()
            o += 4 * n
            return a

        w1 = take(inp * hid).reshape(inp, hid)
        b1 = take(hid)
        w2 = take(out * hid).reshape(out, hid)
        b2 = take(out)
        nets.append(dict(role=role, enc=enc, w1=w1, b1=b1, w2=w2, b2=b2))
    return b[:HEADER], nets


def write(path: str, header: bytes, nets: list[dict[str, object]]) -> None:
    """Writes a weights file: the header, the nets, the CRC-32."""
    out = bytearray(header)
    for n in nets:
        w1, b1, w2, b2 = (np.asarray(n[k], dtype="<f4") for k in ("w1", "b1", "w2", "b2"))
        out += bytes([n["role"], n["enc"]])  # type: ignore[list-item]
        out += struct.pack("<III", w1.shape[0], w1.shape[1], w2.shape[0])
        for a in (w1, b1, w2, b2):
            out += a.tobytes()
    out += struct.pack("<I", zlib.crc32(bytes(out)))
    open(path, "wb").write(bytes(out))


def after_states(games: int, seed: int) -> np.ndarray:
    """After-states of the installed net's self-play.

    Each is the board after a play, seen by the player who made it (the rows of
    ``PlayList.boards()``, as the net values them).
    """
    rng = random.Random(seed)
    boards = []
    for _ in range(games):
        pos = gammon.Position.start()
        while not pos.is_game_over():
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            hints = gammon.hint(pos, dice)
            if not hints:
                pos = pos.pass_turn()
                continue
            plays = pos.legal_plays(dice)
            best = [str(p) for p in plays].index(str(hints[0].play))
            boards.append(plays.boards()[best])
            pos = pos.play(hints[0].play)
    return np.array(boards, dtype=np.int8)


def main() -> None:
    """Prunes IN into OUT."""
    src, dst, keep = sys.argv[1], sys.argv[2], int(sys.argv[3])
    header, nets = read(src)
    contact = nets[0]
    x = batch.encode(after_states(200, 7), "contact-plus", on_roll=False)
    w1, b1, w2, b2 = contact["w1"], contact["b1"], contact["w2"], contact["b2"]
    h = 1 / (1 + np.exp(-(x @ w1 + b1)))  # type: ignore[operator]
    mean = h[:, keep:].mean(axis=0)
    contact["b2"] = b2 + w2[:, keep:] @ mean  # type: ignore[index]
    contact["w1"] = w1[:, :keep]  # type: ignore[index]
    contact["b1"] = b1[:keep]  # type: ignore[index]
    contact["w2"] = w2[:, :keep]  # type: ignore[index]
    write(dst, header, nets)
    print(f"{dst}: contact net {w1.shape[1]} -> {keep} hidden units, {len(x)} positions")  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
