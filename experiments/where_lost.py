"""Where gammon's 0-ply net play loses against gnubg's 0-ply play.

    python experiments/where_lost.py GAMES PLIES [WORST]

Takes every 4th position of GAMES gnubg 0-ply self-play games (seed 11, the games of
``benches/python/test_bench_net.py``), rolls fresh dice for each (seed 5), and asks both
engines for their play: gammon's top hint (``gammon.hint``, the installed package's net) and
``gnubg_nn.best_move`` (gnubg 0-ply). Where the after-states differ, gnubg at PLIES ply is the
judge: the loss is its equity of gnubg's after-state minus its equity of gammon's, from the
mover's side. Prints, by gnubg's position class, the decisions, how often the plays differ
(in value) and the mean loss per decision. The judge is gnubg's own net, so the figures are biased
towards gnubg's choices, less so at 2 ply than at 0; they say where the gap is, not its size
in points a game. With WORST, the WORST costliest decisions are listed too (position ID,
dice, both plays, loss).
"""

from __future__ import annotations

import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "benches" / "python"))

import gnubg_nn

import gammon
from test_bench_net import Board, gnubg_game


def positions(games: int) -> list[Board]:
    """Every 4th position (the player on roll at index 1) of gnubg self-play games."""
    rng = random.Random(11)
    out: list[Board] = []
    count = [0]

    def visit(b: Board) -> None:
        count[0] += 1
        if count[0] % 4 == 0:
            out.append([list(b[0]), list(b[1])])

    for _ in range(games):
        gnubg_game(rng, visit)
    return out


def main() -> None:
    """Prints the losses by position class."""
    games, plies = int(sys.argv[1]), int(sys.argv[2])
    worst = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    costly: list[tuple[float, str]] = []

    def mover_equity(after: Board) -> float:
        # ``after`` has the opponent on roll: the mover's equity is the negative.
        w, wg, wbg, lg, lbg = gnubg_nn.probabilities(after, plies)
        return -float(2 * w - 1 + wg - lg + wbg - lbg)

    names = {
        gnubg_nn.c_contact: "contact",
        gnubg_nn.c_crashed: "crashed",
        gnubg_nn.c_race: "race",
        gnubg_nn.c_bearoff: "bear-off",
    }
    stats: dict[str, list[float]] = {}
    dice_rng = random.Random(5)
    start = time.time()
    boards = positions(games)
    for b in boards:
        kind = names.get(gnubg_nn.classify(b))
        if kind is None:
            continue
        d1, d2 = dice_rng.randint(1, 6), dice_rng.randint(1, 6)
        pos = gammon.Position.from_id(gnubg_nn.position_id(b))
        s = stats.setdefault(kind, [0, 0, 0.0])
        s[0] += 1
        hints = gammon.hint(pos, (d1, d2))
        if not hints:
            continue
        ours = pos.play(hints[0].play)
        if ours.is_game_over():
            continue
        mine = [list(side) for side in gnubg_nn.board_from_position_id(ours.id)]
        _, key = gnubg_nn.best_move(b, d1, d2, b=1)
        theirs = [list(side) for side in gnubg_nn.board_from_position_key(key)]
        if mine == theirs:
            continue
        loss = mover_equity(theirs) - mover_equity(mine)
        if abs(loss) > 1e-9:  # plays of equal value (a bear-off's twins) are the same choice
            s[1] += 1
            s[2] += loss
            gnubg_play = gnubg_nn.best_move(b, d1, d2, b=1)[0]
            costly.append(
                (loss, f"{kind} {pos.id} {d1}{d2}: gammon {hints[0].play} gnubg {gnubg_play}")
            )
    total = sum(s[0] for s in stats.values())
    took = time.time() - start
    print(f"{len(boards)} positions of {games} games, judge gnubg {plies}-ply, {took:.0f} s")
    for kind, (n, differ, loss) in stats.items():
        print(
            f"{kind:8s} decisions {int(n):6d} ({n / total:.0%})  plays differ {differ / n:.1%}"
            f"  mean loss a decision {loss / n:+.4f}  sum {loss:+.2f}"
        )
    print(f"all: mean loss a decision {sum(s[2] for s in stats.values()) / total:+.4f}")
    for loss, what in sorted(costly, reverse=True)[:worst]:
        print(f"{loss:+.3f} {what}")


if __name__ == "__main__":
    main()
