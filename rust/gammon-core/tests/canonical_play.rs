//! Brute-force checks of the play representatives and their notation (NOT-6, NOT-3, NOT-2).
//!
//! For random positions (from random games of every backgammon variant, random bear-offs and
//! random boards with checkers on the bar) and rolls, every legal step sequence is enumerated
//! with a small rules implementation written here from the spec (MOVE-1..8, BAR-*, OFF-*,
//! gnubg's "most dice, then most pips" filter), grouped by resulting position, and compared
//! with `legal_plays`:
//! - the same set of resulting positions (MOVE-9);
//! - each play carries the lexicographically greatest step sequence of its group (NOT-6),
//!   with the hit flags that sequence really has;
//! - every step sequence of a play prints the same text (NOT-3 does not depend on the
//!   representative);
//! - the printed text reads back as the play, as a complete text (NOT-2, NOT-7).
//!
//! `GAMMON_BRUTE_GAMES` (default 60, 10 in a debug build) sets the number of random games.

use gammon_core::{PlayText, PositionId};
use std::collections::BTreeMap;

use gammon_core::{Backgammon, Color, Dice, Move, Play, Position, Setup, Variant};

/// splitmix64: a small deterministic generator for the test positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }
}

/// A step: source, destination (mover's numbering, bar 25, off 0), die, hit.
type Step = (u8, u8, u8, bool);

/// The destination of a step of `die` from `src` on a raw board, or `None` if illegal.
fn step_dest(pts: &[i8; 26], src: u8, die: u8) -> Option<u8> {
    if pts[src as usize] <= 0 {
        return None;
    }
    if pts[25] > 0 && src != 25 {
        return None; // BAR-1
    }
    if src > die {
        let dst = src - die;
        return (pts[dst as usize] >= -1).then_some(dst); // MOVE-1
    }
    if (7..=25).any(|p| pts[p] > 0) {
        return None; // OFF-1
    }
    if src == die {
        return Some(0); // OFF-2
    }
    let highest = (1..=6).rev().find(|&p| pts[p] > 0)?;
    (src as usize == highest).then_some(0) // OFF-3
}

fn do_step(pts: &mut [i8; 26], src: u8, dst: u8) -> bool {
    pts[src as usize] -= 1;
    if dst == 0 {
        return false;
    }
    let hit = pts[dst as usize] == -1;
    if hit {
        pts[dst as usize] = 0;
        pts[0] -= 1;
    }
    pts[dst as usize] += 1;
    hit
}

/// Every legal maximal step sequence, grouped by the resulting raw board.
fn legal_sequences(pos: &Backgammon, dice: Dice) -> BTreeMap<[i8; 26], Vec<Vec<Step>>> {
    fn rec(pts: [i8; 26], dice: &[u8], seq: &mut Vec<Step>, out: &mut Vec<(Vec<Step>, [i8; 26])>) {
        let mut moved = false;
        if let Some((&d, rest)) = dice.split_first() {
            for src in (1..=25u8).rev() {
                if let Some(dst) = step_dest(&pts, src, d) {
                    moved = true;
                    let mut next = pts;
                    let hit = do_step(&mut next, src, dst);
                    seq.push((src, dst, d, hit));
                    rec(next, rest, seq, out);
                    seq.pop();
                }
            }
        }
        if !moved {
            out.push((seq.clone(), pts));
        }
    }
    let (hi, lo) = (dice.high(), dice.low());
    let orders: Vec<Vec<u8>> = if hi == lo {
        vec![vec![hi; 4]]
    } else {
        vec![vec![hi, lo], vec![lo, hi]]
    };
    let mut all = Vec::new();
    // A finished game has no plays.
    if (1..=25).any(|p| pos.raw()[p] > 0) && (0..=24).any(|p| pos.raw()[p] < 0) {
        for order in &orders {
            rec(*pos.raw(), order, &mut Vec::new(), &mut all);
        }
    }
    let most = all.iter().map(|(s, _)| s.len()).max().unwrap_or(0);
    let pips = |s: &Vec<Step>| s.iter().map(|x| u32::from(x.2)).sum::<u32>();
    let best_pips = all
        .iter()
        .filter(|(s, _)| s.len() == most)
        .map(|(s, _)| pips(s))
        .max()
        .unwrap_or(0);
    let mut groups: BTreeMap<[i8; 26], Vec<Vec<Step>>> = BTreeMap::new();
    for (s, b) in all {
        if most > 0 && s.len() == most && pips(&s) == best_pips {
            groups.entry(b).or_default().push(s);
        }
    }
    groups
}

fn play_of(pos: &Backgammon, seq: &[Step], after: [i8; 26]) -> Play<Backgammon> {
    let moves: Vec<Move> = seq.iter().map(|&(s, d, _, h)| Move::new(s, d, h)).collect();
    let after = Backgammon::from_raw_unchecked(after, pos.variant(), pos.turn());
    Play::from_parts(&moves, after)
}

#[derive(Default)]
struct Tally {
    rolls: u64,
    plays: u64,
    sequences: u64,
    failed: u64,
    failures: Vec<String>,
}

impl Tally {
    fn fail(&mut self, pos: &Backgammon, dice: Dice, what: String) {
        self.failed += 1;
        if self.failures.len() < 20 {
            self.failures.push(format!("{} {dice}: {what}", pos.id()));
        }
    }
}

fn check(pos: &Backgammon, dice: Dice, t: &mut Tally) {
    t.rolls += 1;
    let groups = legal_sequences(pos, dice);
    let plays = pos.legal_plays(dice);
    if groups.len() != plays.len() {
        t.fail(
            pos,
            dice,
            format!("{} plays, brute force finds {}", plays.len(), groups.len()),
        );
        return;
    }
    for play in plays.iter() {
        t.plays += 1;
        let Some(seqs) = groups.get(play.after().raw()) else {
            t.fail(
                pos,
                dice,
                format!("play {} not found by brute force", pos.format_play(play)),
            );
            continue;
        };
        t.sequences += seqs.len() as u64;
        let canonical = seqs
            .iter()
            .max_by_key(|s| s.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>())
            .expect("a group has a sequence");
        let got: Vec<Step> = play
            .moves()
            .iter()
            .zip(canonical)
            .map(|(m, c)| (m.from, m.to, c.2, m.hit))
            .collect();
        if got.len() != canonical.len() || got != *canonical {
            t.fail(
                pos,
                dice,
                format!(
                    "NOT-6: play has {:?}, canonical is {canonical:?}",
                    play.moves()
                ),
            );
        }
        let text = pos.format_play(play);
        for s in seqs {
            let other = pos.format_play(&play_of(pos, s, *play.after().raw()));
            if other != text {
                t.fail(
                    pos,
                    dice,
                    format!("NOT-3: {s:?} prints {other:?}, the play prints {text:?}"),
                );
            }
        }
        match pos.resolve_play(dice, &text, false) {
            Ok(p) if p == *play => {}
            other => t.fail(pos, dice, format!("NOT-2: {text:?} reads as {other:?}")),
        }
    }
}

/// A random board: `mine` and `theirs` checkers spread by `pick`, no shared point.
fn random_board(
    rng: &mut Rng,
    variant: Variant,
    turn: Color,
    mut pick_mine: impl FnMut(&mut Rng) -> u8,
    mut pick_theirs: impl FnMut(&mut Rng) -> u8,
) -> Option<Backgammon> {
    let n = u64::from(variant.checkers_per_side());
    let mine = rng.below(n) + 1;
    let theirs = rng.below(n) + 1;
    let mut x = [0u8; 26];
    let mut o = [0u8; 26];
    for _ in 0..mine {
        x[pick_mine(rng) as usize] += 1;
    }
    for _ in 0..theirs {
        o[pick_theirs(rng) as usize] += 1;
    }
    let xs: Vec<(u8, u8)> = (1..=25)
        .filter(|&p| x[p] > 0)
        .map(|p| (p as u8, x[p]))
        .collect();
    let os: Vec<(u8, u8)> = (1..=25)
        .filter(|&p| o[p] > 0)
        .map(|p| (p as u8, o[p]))
        .collect();
    Backgammon::from_setup(&Setup::from_points(variant, turn, &xs, &os)).ok()
}

#[test]
fn not6_representatives_and_not3_prints_agree_with_brute_force() {
    let games: u64 = std::env::var("GAMMON_BRUTE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 10 } else { 60 });
    let mut rng = Rng(2024);
    let mut t = Tally::default();
    let variants = [
        Variant::Backgammon,
        Variant::Backgammon,
        Variant::Nackgammon,
        Variant::Hypergammon3,
    ];

    // Positions from random games: one random roll per position, all 21 every tenth ply.
    for g in 0..games {
        let variant = variants[(g % variants.len() as u64) as usize];
        let mut pos = Backgammon::start(variant, Color::White).expect("a backgammon variant");
        let mut ply = 0;
        while !pos.is_game_over() && ply < 400 {
            let dice = Dice::new(rng.die(), rng.die()).expect("dice in range");
            if ply % 10 == 0 {
                for d in Dice::ALL_21 {
                    check(&pos, d, &mut t);
                }
            } else {
                check(&pos, dice, &mut t);
            }
            let plays = pos.legal_plays(dice);
            pos = if plays.is_empty() {
                pos.pass_turn()
            } else {
                pos.play_unchecked(&plays[rng.below(plays.len() as u64) as usize])
            };
            ply += 1;
        }
    }

    // Random bear-offs (a few checkers outside, blockers and bar checkers for the opponent).
    let mut made = 0;
    while made < games * 15 {
        let pos = random_board(
            &mut rng,
            Variant::Backgammon,
            Color::White,
            |r| {
                if r.below(5) < 4 {
                    r.below(6) as u8 + 1
                } else {
                    r.below(4) as u8 + 7
                }
            },
            |r| match r.below(3) {
                0 => r.below(24) as u8 + 1,
                1 => 25,
                _ => r.below(7) as u8 + 1,
            },
        );
        if let Some(pos) = pos {
            made += 1;
            check(&pos, Dice::new(rng.die(), rng.die()).expect("dice"), &mut t);
        }
    }

    // Random contact boards with checkers on the bar for the player on roll.
    made = 0;
    while made < games * 15 {
        let pos = random_board(
            &mut rng,
            Variant::Backgammon,
            Color::Black,
            |r| {
                if r.below(4) == 0 {
                    25
                } else {
                    r.below(24) as u8 + 1
                }
            },
            |r| {
                if r.below(8) == 0 {
                    25
                } else {
                    r.below(24) as u8 + 1
                }
            },
        );
        if let Some(pos) = pos {
            made += 1;
            check(&pos, Dice::new(rng.die(), rng.die()).expect("dice"), &mut t);
        }
    }

    println!(
        "{} rolls, {} plays, {} step sequences compared",
        t.rolls, t.plays, t.sequences
    );
    assert!(t.plays > 10_000, "too few plays compared: {}", t.plays);
    assert!(
        t.failed == 0,
        "{} failures (first 20):\n{}",
        t.failed,
        t.failures.join("\n")
    );
}
