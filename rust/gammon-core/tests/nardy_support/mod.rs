//! Test support for Long Nardy: a deliberately simple, slow legal-play generator written
//! directly from §10 of spec long-nardy.md, sharing no code with the crate's generators, and a
//! small deterministic random number generator for random games.

#![allow(dead_code)]

use std::collections::BTreeSet;

use gammon_core::{Dice, Nardy, Play, Position};

/// LN-3.
pub fn other(n: usize) -> usize {
    if n <= 12 {
        n + 12
    } else {
        n - 12
    }
}

/// A board as two plain arrays, each in its owner's numbering (index 1..=24; 0 = off).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Board {
    pub mine: [u8; 25],
    pub theirs: [u8; 25],
}

impl Board {
    pub fn of(pos: &Nardy) -> Board {
        let s = pos.to_setup();
        let mut b = Board {
            mine: [0; 25],
            theirs: [0; 25],
        };
        for p in 0..=24 {
            b.mine[p] = s.board[pos.turn()][p];
            b.theirs[p] = s.board[!pos.turn()][p];
        }
        b
    }

    /// LN-14: a point is closed to me when an opposing checker stands on it.
    fn closed(&self, p: usize) -> bool {
        self.theirs[other(p)] > 0
    }

    /// LN-24, LN-25, checked the long way: every six points consecutive on the opponent's
    /// path (their own points n..n+5) that I hold, with none of their checkers on 1..n-1.
    pub fn illegal_block(&self) -> bool {
        let theirs_on_board: u32 = self.theirs[1..].iter().map(|&c| u32::from(c)).sum();
        if theirs_on_board == 0 {
            return false;
        }
        for n in 1..=19 {
            let held = (n..n + 6).all(|q| self.mine[other(q)] > 0);
            let in_front = (1..n).any(|q| self.theirs[q] > 0);
            if held && !in_front {
                return true;
            }
        }
        false
    }

    fn on_board(&self) -> u32 {
        self.mine[1..].iter().map(|&c| u32::from(c)).sum()
    }

    /// One step of die `d` from point `p`, if legal by LN-14 and LN-28..LN-30 (the head rule
    /// and block rule are checked by the caller).
    fn step(&self, p: usize, d: usize) -> Option<Board> {
        if self.mine[p] == 0 {
            return None;
        }
        let mut b = *self;
        b.mine[p] -= 1;
        if p > d {
            if self.closed(p - d) {
                return None;
            }
            b.mine[p - d] += 1;
        } else {
            // Bearing off: everyone home (LN-28); exact, or no checker above p (LN-29, LN-30).
            if (7..=24).any(|q| self.mine[q] > 0) {
                return None;
            }
            if p < d && (p + 1..=6).any(|q| self.mine[q] > 0) {
                return None;
            }
            b.mine[0] += 1;
        }
        Some(b)
    }
}

/// Options for the slow generator (§9).
#[derive(Clone, Copy, Default)]
pub struct SlowOptions {
    pub unconditional: bool,
    pub end_of_turn: bool,
    /// Ignore the block rule altogether (not a rule variant: for measuring test coverage).
    pub ignore_blocks: bool,
}

/// LN-17..LN-19, by the formal test of LN-18.
fn allowance(b: &Board, dice: Dice, opts: SlowOptions) -> usize {
    let d = dice.high() as usize;
    let first_turn = b.mine[24] == 15;
    if !dice.is_double() || !first_turn || ![3, 4, 6].contains(&d) {
        return 1;
    }
    if opts.unconditional {
        return 2;
    }
    for k in 1..=4 {
        if 24 < k * d + 1 {
            break;
        }
        let t = 24 - k * d;
        if b.closed(t) {
            return if t == 12 { 2 } else { 1 };
        }
    }
    1
}

/// The resulting boards of the legal plays (§10), the slow way.
pub fn slow_results(b: &Board, dice: Dice, opts: SlowOptions) -> BTreeSet<Board> {
    let all: Vec<usize> = if dice.is_double() {
        vec![dice.high() as usize; 4]
    } else {
        vec![dice.high() as usize, dice.low() as usize]
    };
    let a = allowance(b, dice, opts);
    // (board, dice used, first die) for every node that may end a turn.
    struct Walk {
        allowance: usize,
        opts: SlowOptions,
        total: usize,
        nodes: Vec<(Board, usize, usize)>,
    }
    impl Walk {
        fn go(&mut self, b: &Board, rest: &[usize], head: usize, used: usize, first: usize) {
            let finished = b.on_board() == 0;
            if self.opts.ignore_blocks || !(self.opts.end_of_turn && b.illegal_block()) {
                let n = if finished && used > 0 {
                    self.total
                } else {
                    used
                };
                self.nodes.push((*b, n, first));
            }
            if finished {
                return;
            }
            for i in 0..rest.len() {
                let d = rest[i];
                let mut r = rest.to_vec();
                r.remove(i);
                for p in 1..=24 {
                    if p == 24 && head >= self.allowance {
                        continue;
                    }
                    if let Some(n) = b.step(p, d) {
                        let per_step = !self.opts.end_of_turn && !self.opts.ignore_blocks;
                        if per_step && n.illegal_block() {
                            continue;
                        }
                        let f = if used == 0 { d } else { first };
                        self.go(&n, &r, head + usize::from(p == 24), used + 1, f);
                    }
                }
            }
        }
    }
    let mut walk = Walk {
        allowance: a,
        opts,
        total: all.len(),
        nodes: Vec::new(),
    };
    walk.go(b, &all, 0, 0, 0);
    let nodes = walk.nodes;
    let m = nodes.iter().map(|n| n.1).max().unwrap_or(0);
    if m == 0 {
        return BTreeSet::new();
    }
    let mut keep: Vec<&(Board, usize, usize)> = nodes.iter().filter(|n| n.1 == m).collect();
    if !dice.is_double() && m == 1 {
        let high = dice.high() as usize;
        if keep.iter().any(|n| n.2 == high) {
            keep.retain(|n| n.2 == high);
        }
    }
    keep.iter().map(|n| n.0).collect()
}

/// The fast generator's resulting boards, in the same form.
pub fn fast_results(pos: &Nardy, dice: Dice) -> BTreeSet<Board> {
    pos.legal_plays(dice)
        .iter()
        .map(|p| Board::of(p.after()))
        .collect()
}

/// Perft the slow way: (roll, play) paths over the 21 rolls, a pass counting as one path.
pub fn slow_perft(b: &Board, depth: u32) -> u64 {
    let finished = |x: &Board| x.mine[0] == 15 || x.theirs[0] == 15;
    if depth == 0 || finished(b) {
        return 1;
    }
    let flip = |x: &Board| Board {
        mine: x.theirs,
        theirs: x.mine,
    };
    let mut total = 0;
    for dice in Dice::ALL_21 {
        let results = slow_results(b, dice, SlowOptions::default());
        if depth == 1 {
            total += results.len().max(1) as u64;
        } else if results.is_empty() {
            total += slow_perft(&flip(b), depth - 1);
        } else {
            for r in &results {
                total += slow_perft(&flip(r), depth - 1);
            }
        }
    }
    total
}

/// SplitMix64: a tiny, deterministic generator for random games in tests and benches.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn dice(&mut self) -> Dice {
        Dice::new(1 + self.below(6) as u8, 1 + self.below(6) as u8).unwrap()
    }
}

/// The positions of one game from `start`, the start included, up to and including the
/// finished position; `choose` picks the index of the play to make among the legal plays.
fn game(
    start: Nardy,
    rng: &mut SplitMix,
    mut choose: impl FnMut(&[Play<Nardy>], &mut SplitMix) -> usize,
) -> Vec<Nardy> {
    let mut out = vec![start];
    let mut pos = start;
    while !pos.is_game_over() {
        let plays = pos.legal_plays(rng.dice());
        pos = if plays.is_empty() {
            pos.pass_turn()
        } else {
            pos.play_unchecked(&plays[choose(&plays, rng)])
        };
        out.push(pos);
    }
    out
}

/// One game of uniformly random legal plays (see [`game`]).
pub fn random_game(start: Nardy, rng: &mut SplitMix) -> Vec<Nardy> {
    game(start, rng, |plays, rng| rng.below(plays.len()))
}

/// One game in which each side prefers the play that occupies the most points (ties broken
/// at random): such games build long primes, so the block rule (LN-24..LN-27) comes up far
/// more often than in uniformly random games.
pub fn spreading_game(start: Nardy, rng: &mut SplitMix) -> Vec<Nardy> {
    game(start, rng, |plays, rng| {
        let spread = |p: &Play<Nardy>| p.after().raw().iter().filter(|&&c| c > 0).count();
        let best = plays.iter().map(spread).max().unwrap_or(0);
        let top: Vec<usize> = (0..plays.len())
            .filter(|&i| spread(&plays[i]) == best)
            .collect();
        top[rng.below(top.len())]
    })
}
