"""A judged set of checker-play decisions, for scoring nets by the equity their choices lose.

    python experiments/judge_db.py OUT GAMES [TOP]
    python experiments/judge_db.py --score DB

The decisions are those of ``experiments/where_lost.py``: every 4th position of GAMES gnubg 0-ply
self-play games (seed 11), each with fresh dice (seed 5). For each decision with more than
one distinct after-state (and none that ends the game), every after-state is valued by
gnubg at 1 ply, and the TOP best of those (default 5) again at 2 ply; a play's judge value,
the mover's cubeless equity, is its 2-ply value, or for the others its 1-ply value moved by
the mean difference between the two depths over the TOP plays of the same decision. One line
a decision::

    CLASS POSITION_ID D1 D2 AFTER_ID EQUITY AFTER_ID EQUITY ...

(``CLASS`` gnubg's position class: contact, crashed, race, bear-off). ``gammon-train judge
DB NETS..`` then plays each decision with each net at 0 ply and reports the mean equity lost
against the best judged play: a measure of a net's checker play with far less noise than
games (the same decisions for every net), biased as far as gnubg's own evaluations are. The
file is written to ``OUT.tmp`` and renamed when complete.

``--score DB`` prints what gnubg 0-ply's own plays lose on DB (``gnubg_nn.best_move``), by
class: the reference for the nets' figures (biased in gnubg's favour, its judge being gnubg).
"""

from __future__ import annotations

import os
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import gnubg_nn
from where_lost import positions

import gammon

CLASSES = {
    gnubg_nn.c_contact: "contact",
    gnubg_nn.c_crashed: "crashed",
    gnubg_nn.c_race: "race",
    gnubg_nn.c_bearoff: "bear-off",
}


def mover_equity(after_id: str, plies: int) -> float:
    """The mover's cubeless equity of an after-state (the opponent on roll) by gnubg."""
    board = [list(side) for side in gnubg_nn.board_from_position_id(after_id)]
    w, wg, wbg, lg, lbg = gnubg_nn.probabilities(board, plies)
    return -float(2 * w - 1 + wg - lg + wbg - lbg)


def gnubg_losses(path: str) -> dict[str, list[float]]:
    """What gnubg 0-ply's play loses on each decision of the judged set ``path``, by class."""
    out: dict[str, list[float]] = {}
    with open(path) as f:
        for line in f:
            cells = line.split()
            kind, pos_id, d1, d2 = cells[0], cells[1], int(cells[2]), int(cells[3])
            values = dict(zip(cells[4::2], map(float, cells[5::2])))
            board = [list(side) for side in gnubg_nn.board_from_position_id(pos_id)]
            _, key = gnubg_nn.best_move(board, d1, d2, b=1)
            after = [list(side) for side in gnubg_nn.board_from_position_key(key)]
            chosen = values[gnubg_nn.position_id(after)]
            out.setdefault(kind, []).append(max(values.values()) - chosen)
    return out


def score(path: str) -> None:
    """Prints gnubg 0-ply's mean loss on the judged set ``path``, in all and by class."""
    by_class = gnubg_losses(path)
    every = [x for xs in by_class.values() for x in xs]
    parts = "  ".join(f"{k} {sum(v) / len(v):.5f} ({len(v)})" for k, v in sorted(by_class.items()))
    print(f"gnubg 0-ply: mean loss {sum(every) / len(every):.5f} over {len(every)}  {parts}")


def main() -> None:
    """Writes the judged decisions (or with ``--score``, scores gnubg's own play)."""
    if sys.argv[1] == "--score":
        score(sys.argv[2])
        return
    out, games = sys.argv[1], int(sys.argv[2])
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    dice_rng = random.Random(5)
    start = time.time()
    written = 0
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        for b in positions(games):
            kind = CLASSES.get(gnubg_nn.classify(b))
            d1, d2 = dice_rng.randint(1, 6), dice_rng.randint(1, 6)
            if kind is None:
                continue
            pos = gammon.Position.from_id(gnubg_nn.position_id(b))
            afters = {pos.play(p) for p in pos.legal_plays((d1, d2))}
            if len(afters) < 2 or any(a.is_game_over() for a in afters):
                continue
            ids = sorted({a.id for a in afters})
            value = {i: mover_equity(i, 1) for i in ids}
            best = sorted(ids, key=value.__getitem__, reverse=True)[:top]
            deeper = {i: mover_equity(i, 2) for i in best}
            # 1- and 2-ply values differ systematically (the odd-even effect): the plays
            # valued at 1 ply only are moved by the decision's mean difference over the others.
            shift = sum(deeper[i] - value[i] for i in best) / len(best)
            value = {i: deeper.get(i, value[i] + shift) for i in ids}
            cells = " ".join(f"{i} {value[i]:.5f}" for i in ids)
            f.write(f"{kind} {pos.id} {d1} {d2} {cells}\n")
            written += 1
    os.replace(tmp, out)
    print(f"{out}: {written} decisions of {games} games, {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
