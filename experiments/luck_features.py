"""The share of a roll's luck that cheap features of the roll explain.

Variance reduction subtracts each roll's luck: the value of the best play of the roll thrown
minus the mean over the 21 rolls, which needs the move generator and the net for every roll
(about 21 turns' work a turn). Any function g(position, roll) minus its mean over the rolls
also has zero mean and could be subtracted instead; if a g that needs neither the move
generator nor the net explained most of the luck, variance reduction would nearly be free.
This measures the best such g in a family of cheap features: the roll's pips, whether it is a
double, and the pips the opponent loses to the roll's best hit (and whether it hits at all),
each also times the pip total and its square (a linear least-squares fit on half the turns,
scored on the other half, each roll weighted by its probability).

    python experiments/luck_features.py [GAMES] [SEED]      # default 300 games, seed 2; ~3 minutes

Prints the share of the luck's variance each feature, and all of them together, explain.
train/log.md ("Past bg-td3", variance reduction) quotes it.
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

import gammon

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
PROB = np.array([1 / 36 if a == b else 2 / 36 for a, b in ROLLS])
NAMES = ("pips", "double", "pips lost to the best hit", "hits")


def _roll(pos: gammon.Position, dice: tuple[int, int]) -> tuple[float, list[float]]:
    """The worth of ``dice`` for the mover and its cheap features.

    The worth is the net's equity of the best play (of the pass when there is none).
    """
    a, b = dice
    features = [float((a + b) * (2 if a == b else 1)), 1.0 if a == b else 0.0, 0.0, 0.0]
    hints = gammon.hint(pos, dice)
    if not hints:
        return -gammon.evaluate(pos.pass_turn()).equity, features
    theirs = pos.pip_count()[1]
    # After a play the opponent is on roll: its pips come first.
    lost = max(pos.play(h.play).pip_count()[0] - theirs for h in hints)
    features[2], features[3] = float(lost), 1.0 if lost > 0 else 0.0
    return hints[0].equity, features


def sample(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The luck, centred features and pip totals of the turns of ``games`` games.

    The games are net self-play from the opening (the opening roll left out); the luck is
    turns x 21, the features turns x 21 x 4.
    """
    rng = random.Random(seed)
    luck, feats, pips = [], [], []
    for _ in range(games):
        pos = gammon.Position.start()
        first = True
        while True:
            if not first:
                worth, f = zip(*(_roll(pos, d) for d in ROLLS))
                w, x = np.array(worth), np.array(f)
                luck.append(w - PROB @ w)
                feats.append(x - PROB @ x)
                pips.append(sum(pos.pip_count()))
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            while first and dice[0] == dice[1]:  # BG-10
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            first = False
            hints = gammon.hint(pos, dice)
            pos = pos.play(hints[0].play) if hints else pos.pass_turn()
            if pos.is_game_over():
                break
    return np.array(luck), np.array(feats), np.array(pips, dtype=float)


def explained(luck: np.ndarray, feats: np.ndarray) -> float:
    """The share of the luck's variance a least-squares fit of ``feats`` explains.

    Fitted on the first half of the turns and scored on the second.
    """
    w = np.sqrt(PROB)[None, :]
    a = (feats * w[..., None]).reshape(-1, feats.shape[-1])
    y = (luck * w).reshape(-1)
    half = (len(luck) // 2) * len(ROLLS)
    coef, *_ = np.linalg.lstsq(a[:half], y[:half], rcond=None)
    rest = y[half:] - a[half:] @ coef
    return float(1 - (rest**2).sum() / (y[half:] ** 2).sum())


def main() -> None:
    """Samples the turns and prints the shares explained."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    start = time.perf_counter()
    luck, feats, pips = sample(games, seed)
    print(f"{len(luck):,} turns of {games} games in {time.perf_counter() - start:.0f} s")
    for k, name in enumerate(NAMES):
        print(f"  {name:28s} explains {explained(luck, feats[:, :, [k]]):6.1%} of the luck")
    print(f"  {'all four':28s} explains {explained(luck, feats):6.1%}")
    s = (pips / 300.0)[:, None, None]
    both = np.concatenate([feats, feats * s, feats * s * s], axis=2)
    share = explained(luck, both)
    print(f"  {'all four x pip total':28s} explains {share:6.1%}")
    print(
        f"  so at best the luck's variance shrinks {1 / (1 - share):.2f}x (full variance "
        "reduction with the net: about 19x)"
    )


if __name__ == "__main__":
    main()
