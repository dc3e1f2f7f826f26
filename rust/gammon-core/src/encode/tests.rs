//! The encoders against their plain definitions: each unit by its documented formula, the
//! fast shot and hit counts against roll-by-roll counts and a search of every sequence of
//! moves, and the incremental encoding against the full one, bit for bit.

use super::contact::*;
use super::delta::*;
use super::nardy::*;
use super::shots::*;
use super::tdgammon::*;
use super::*;
use crate::base::color::Color;
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;

/// Tesauro's four units for `n` checkers on a point: n ≥ 1, n ≥ 2, n ≥ 3, (n − 3) / 2 (the
/// plain definition of [`UNARY`]).
fn truncated_unary(n: u8, out: &mut [f32]) {
    out[0] = f32::from(u8::from(n >= 1));
    out[1] = f32::from(u8::from(n >= 2));
    out[2] = f32::from(u8::from(n >= 3));
    out[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
}

/// [`shot_rolls`] counted roll by roll, for any mover: the plain definition the fast paths
/// are checked against.
fn shot_rolls_from_the_bar(blots: u32, blocked: u32, movers: u32, bar: u32) -> u32 {
    let hits_plain = |x: u32, y: u32| -> bool {
        for (a, b) in [(x, y), (y, x)] {
            if bar >= 1 {
                let enter = 1u32 << (25 - a);
                if enter & blocked != 0 {
                    continue;
                }
                if enter & blots != 0 {
                    return true;
                }
                if bar >= 2 {
                    if (1u32 << (25 - b)) & blots != 0 {
                        return true;
                    }
                    continue;
                }
                if ((movers | enter) >> b) & blots != 0 {
                    return true;
                }
            } else {
                if (movers >> a) & blots != 0 {
                    return true;
                }
                let touch = (movers >> a) & !blocked;
                if (touch >> b) & blots != 0 {
                    return true;
                }
            }
        }
        false
    };
    let hits_double = |a: u32| -> bool {
        let mut frontier = movers;
        let mut dice = 4u32;
        if bar >= 1 {
            let enter = 1u32 << (25 - a);
            if enter & blocked != 0 {
                return false;
            }
            if enter & blots != 0 {
                return true;
            }
            dice -= bar.min(4);
            frontier |= enter;
        }
        for _ in 0..dice {
            let next = frontier >> a;
            if next & blots != 0 {
                return true;
            }
            frontier = next & !blocked;
        }
        false
    };
    let mut rolls = 0;
    for a in 1..=6u32 {
        rolls += u32::from(hits_double(a));
        for b in a + 1..=6 {
            rolls += 2 * u32::from(hits_plain(a, b));
        }
    }
    rolls
}

/// The blots (a mask in the mover's numbering) one roll `a`-`b` of the mover reaches, with the
/// rules of [`shots`]: direct and combined shots over open points, a double moving up to four
/// steps, checkers on the bar entering first. Roll by roll: the plain definition the fast
/// paths of [`hit_stats`] are checked against.
fn roll_hits(a: u32, b: u32, blots: u32, blocked: u32, movers: u32, bar: u32) -> u32 {
    if a == b {
        let mut frontier = movers;
        let mut steps = 4u32;
        let mut hits = 0;
        if bar >= 1 {
            let enter = 1u32 << (25 - a);
            if enter & blocked != 0 {
                return 0;
            }
            hits |= enter & blots;
            steps -= bar.min(4);
            frontier |= enter;
        }
        for _ in 0..steps {
            let next = frontier >> a;
            hits |= next & blots;
            frontier = next & !blocked;
        }
        return hits;
    }
    let mut hits = 0;
    for (x, y) in [(a, b), (b, a)] {
        if bar >= 1 {
            let enter = 1u32 << (25 - x);
            if enter & blocked != 0 {
                continue;
            }
            hits |= enter & blots;
            if bar >= 2 {
                // Both dice enter: the second lands on its entry point.
                let second = 1u32 << (25 - y);
                if second & blocked == 0 {
                    hits |= second & blots;
                }
                continue;
            }
            hits |= ((movers | enter) >> y) & blots;
        } else {
            hits |= (movers >> x) & blots;
            hits |= (((movers >> x) & !blocked) >> y) & blots;
        }
    }
    hits
}

/// [`HitStats`] the plain way: [`roll_hits`] for each of the 21 rolls.
fn hit_stats_roll_by_roll(blots: u32, blocked: u32, movers: u32, bar: u32) -> HitStats {
    let mut st = HitStats::default();
    for a in 1..=6u32 {
        for b in a..=6 {
            let hits = roll_hits(a, b, blots, blocked, movers, bar);
            if hits != 0 {
                let w = if a == b { 1 } else { 2 };
                st.shots += w;
                st.double_shots += w * u32::from(hits.count_ones() >= 2);
                st.pip_loss += w * (31 - hits.leading_zeros());
            }
        }
    }
    st
}

/// [`containment_rolls`] the plain way: the least of [`escape_rolls`] over points 15..=24.
fn containment_rolls_plain(blocked: u32) -> u32 {
    (15..=24u32)
        .map(|p| escape_rolls(p, blocked))
        .min()
        .unwrap_or(36)
}

/// Bit `p` to bit `25 − p` for `p` in 0..=25: a mask in one side's numbering in the other's.
fn flip(mask: u32) -> u32 {
    mask.reverse_bits() >> 6
}

/// The six units [`contact_ext`] adds to [`contact_plus`] (its units 224..230), the plain
/// way: each side's [`hit_stats`] and containment from its summaries. The tests' reference
/// for [`contact_ext_board_units`], which shares the hit masks with the shots.
fn ext_units(mine: &SideSummary, theirs: &SideSummary, bars: [u32; 2], out: &mut [f32]) {
    for (k, (me, them, bar)) in [(mine, theirs, bars[1]), (theirs, mine, bars[0])]
        .into_iter()
        .enumerate()
    {
        let st = hit_stats(
            flip(me.blots()),
            flip(me.made),
            them.occupied & POINT_BITS,
            bar,
        );
        out[3 * k] = st.pip_loss as f32 / (36.0 * 24.0);
        out[3 * k + 1] = st.double_shots as f32 / 36.0;
        out[3 * k + 2] = containment_rolls_plain(flip(them.made)) as f32 / 36.0;
    }
}

fn start_board() -> [i8; 26] {
    *Backgammon::start(Variant::Backgammon, Color::White)
        .unwrap()
        .raw()
}

/// TD-Gammon's units computed the plain way, through [`sides`] and [`truncated_unary`].
fn tdgammon_reference(board: &[i8; 26], checkers: u8, on_roll: bool) -> Vec<f32> {
    let mut out = vec![0f32; TDGAMMON_UNITS];
    for (s, side) in sides(board, checkers).iter().enumerate() {
        let base = 99 * s;
        for p in 1..=24usize {
            truncated_unary(side[p], &mut out[base + 4 * (p - 1)..base + 4 * p]);
        }
        out[base + 96] = f32::from(side[25]) / 2.0;
        out[base + 97] = f32::from(side[0]) / f32::from(checkers.max(1));
        out[base + 98] = f32::from(u8::from(on_roll == (s == 0)));
    }
    out
}

/// A side from `(point, checkers)` pairs in its own numbering (25 = the bar).
fn side(points: &[(usize, u8)]) -> [u8; 26] {
    let mut s = [0u8; 26];
    for &(p, n) in points {
        s[p] = n;
    }
    s
}

#[test]
fn shots_count_the_textbook_rolls_at_a_distance() {
    // My blot on my 20 is their 5; their checker on their 5 + d is d away. The usual
    // table of shots at an open board (e.g. Magriel, *Backgammon*, 1976): 6 away 17, 8
    // away 6, 11 away 2, 12 away 3.
    let me = side(&[(20, 1)]);
    for (d, rolls) in [(1, 11), (6, 17), (8, 6), (11, 2), (12, 3), (16, 1), (20, 1)] {
        let them = side(&[(5 + d, 1)]);
        assert_eq!(shots(&me, &them), rolls, "{d} away");
    }
    // No blot, no shot.
    assert_eq!(shots(&side(&[(20, 2)]), &side(&[(11, 1)])), 0);
}

#[test]
fn shots_need_open_points_to_touch_down_on() {
    // 8 away with my points on every landing between (their 7..=11 = my 14..=18).
    let me = side(&[(20, 1), (14, 2), (15, 2), (16, 2), (17, 2), (18, 2)]);
    assert_eq!(shots(&me, &side(&[(13, 1)])), 0);
    // Only their 9 (my 16) blocked: 4-4 and 2-2 go through it, 6-2 and 5-3 do not.
    let me = side(&[(20, 1), (16, 2)]);
    assert_eq!(shots(&me, &side(&[(13, 1)])), 4);
}

#[test]
fn shots_from_the_bar_enter_first_bg12() {
    // Their only checker is on the bar; my blot on my 3 is their entry point 22: any 3
    // hits (11), 2-1 enters and moves on (2), 1-1 enters on 24 and walks to 22 (1).
    let me = side(&[(3, 1)]);
    let them = side(&[(25, 1)]);
    assert_eq!(shots(&me, &them), 14);
    // My point on my 1 (their 24) closes the entry with a 1: 1-1 fails, 2-1 enters with
    // the 2 and hits with the 1.
    let me = side(&[(3, 1), (1, 2)]);
    assert_eq!(shots(&me, &them), 13);
    // A second checker on the bar must enter too: a non-double hits only by entering
    // on the blot; a double enters both on 24 and walks one of them on.
    let them = side(&[(25, 2), (10, 1)]);
    assert_eq!(shots(&side(&[(3, 1)]), &them), 11 + 1);
}

#[test]
fn the_shots_shortcut_without_a_bar_agrees_with_the_general_count() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..50_000 {
        let x = xorshift(&mut state);
        let movers = (x as u32) & POINT_BITS;
        let blocked = ((x >> 32) as u32) & POINT_BITS & !movers;
        let blots = ((x >> 20) as u32) & POINT_BITS & !movers & !blocked;
        assert_eq!(
            shot_rolls(blots, blocked, movers, 0),
            shot_rolls_from_the_bar(blots, blocked, movers, 0),
            "blots {blots:#x} blocked {blocked:#x} movers {movers:#x}"
        );
    }
}

#[test]
fn two_sides_shots_counted_together_agree_with_each_counted_alone() {
    let mut state = 0xbb67_ae85_84ca_a73bu64;
    let mut masks = || {
        let x = xorshift(&mut state);
        let movers = (x as u32) & POINT_BITS;
        let blocked = ((x >> 32) as u32) & POINT_BITS & !movers;
        let blots = ((x >> 20) as u32) & POINT_BITS & !movers & !blocked;
        [blots, blocked, movers]
    };
    for _ in 0..50_000 {
        let (a, b) = (masks(), masks());
        assert_eq!(
            shot_rolls_both(a, b),
            [
                shot_rolls_from_the_bar(a[0], a[1], a[2], 0),
                shot_rolls_from_the_bar(b[0], b[1], b[2], 0)
            ],
            "{a:#x?} {b:#x?}"
        );
    }
}

#[test]
fn the_shots_from_the_bar_agree_with_the_roll_by_roll_count_bar2() {
    let mut state = 0x6a09_e667_f3bc_c908u64;
    for _ in 0..50_000 {
        let [blots, blocked, movers] = random_masks(&mut state);
        for bar in 1..=5 {
            assert_eq!(
                shot_rolls(blots, blocked, movers, bar),
                shot_rolls_from_the_bar(blots, blocked, movers, bar),
                "blots {blots:#x} blocked {blocked:#x} movers {movers:#x} bar {bar}"
            );
        }
    }
}

#[test]
fn the_escape_table_agrees_with_the_roll_by_roll_count() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..20_000 {
        let x = xorshift(&mut state);
        let blocked = (x as u32) & POINT_BITS;
        for back in 0..=25u32 {
            let blocked = blocked & !(1 << back);
            let want = if back <= 1 {
                36
            } else {
                escape_rolls_direct(back, blocked)
            };
            assert_eq!(
                escape_rolls(back, blocked),
                want,
                "back {back} blocked {blocked:#x}"
            );
        }
    }
}

#[test]
fn escapes_count_the_rolls_past_their_points() {
    // Their points only behind my rearmost checker, or more than 12 pips in front of
    // it: every roll.
    assert_eq!(escapes(&side(&[(10, 1)]), &side(&[(6, 5)])), 36);
    assert_eq!(escapes(&side(&[(24, 1)]), &side(&[(20, 2)])), 36);
    // Their point on my 18 (their 7): from my 24, a sum of 7 or more that does not stop
    // on 18: nine non-doubles (18 rolls) and 4-4 and 5-5.
    assert_eq!(escapes(&side(&[(24, 1)]), &side(&[(7, 2)])), 20);
    // A full prime on my 13..=18: nothing escapes.
    let prime = side(&[(7, 2), (8, 2), (9, 2), (10, 2), (11, 2), (12, 2)]);
    assert_eq!(escapes(&side(&[(24, 1)]), &prime), 0);
}

#[test]
fn contact_plus_is_contact_then_the_four_dice_units() {
    let board = start_board();
    let mut c = vec![0f32; CONTACT_UNITS];
    let mut p = vec![0f32; CONTACT_PLUS_UNITS];
    contact(&board, 15, false, &mut c);
    Encoding::ContactPlus.encode_into(&board, 15, false, &mut p);
    assert_eq!(&p[..CONTACT_UNITS], &c[..]);
    // The start has no blots, and from my 24 a back checker must pass the opponent's
    // points on my 19, 17 and 12: 13 pips, which no roll does without stopping on one.
    assert_eq!(p[220..224], [0.0; 4]);
    // After 24/18 the two back checkers are blots on my 24 and 18, in reach of the
    // opponent: the shots unit carries `shots`.
    let mut moved = board;
    moved[24] -= 1;
    moved[18] += 1;
    Encoding::ContactPlus.encode_into(&moved, 15, false, &mut p);
    let both = sides(&moved, 15);
    assert_eq!(p[220], shots(&both[0], &both[1]) as f32 / 36.0);
    assert!(p[220] > 0.0, "both checkers left on 24 and 18 are blots");
}

#[test]
fn tdgammon_table_encoder_matches_the_plain_definition() {
    // Positions of random play from the start (contact, bar, race, bear-off), both turns.
    let boards = random_boards();
    for board in &boards {
        for on_roll in [true, false] {
            let mut out = [f32::NAN; TDGAMMON_UNITS];
            tdgammon(board, 15, on_roll, &mut out);
            assert_eq!(out.to_vec(), tdgammon_reference(board, 15, on_roll));
        }
    }
    assert!(boards.len() > 250);
}

#[test]
fn tdgammon_start_position_bg7() {
    // BG-7: 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each side.
    let mut out = [0f32; TDGAMMON_UNITS];
    tdgammon(&start_board(), 15, true, &mut out);
    for s in 0..2 {
        let b = 99 * s;
        assert_eq!(&out[b + 4 * 23..b + 4 * 24], &[1.0, 1.0, 0.0, 0.0]);
        assert_eq!(&out[b + 4 * 12..b + 4 * 13], &[1.0, 1.0, 1.0, 1.0]);
        assert_eq!(&out[b + 4 * 7..b + 4 * 8], &[1.0, 1.0, 1.0, 0.0]);
        assert_eq!(out[b + 96], 0.0);
        assert_eq!(out[b + 97], 0.0);
    }
    assert_eq!((out[98], out[197]), (1.0, 0.0));
    let total: f32 = out.iter().sum();
    // Per side: 24 point (2 units), 13 (4 units, last 1.0), 8 (3), 6 (4): 13 ones; + turn.
    assert_eq!(total, 2.0 * 13.0 + 1.0);
}

#[test]
fn contact_features_start_bg7() {
    let mut out = [0f32; CONTACT_UNITS];
    contact(&start_board(), 15, false, &mut out);
    let f = &out[200..209];
    assert!((f[0] - 1.0).abs() < 1e-6, "start pip count 167");
    assert_eq!(f[3], 24.0 / 25.0);
    assert_eq!(f[4], 1.0, "anchor on 24");
    assert_eq!(f[6], 1.0 / 6.0, "six point made");
    assert_eq!(f[7], 0.0);
    assert_eq!((out[218], out[219]), (0.0, 1.0));
    // Both sides are symmetric at the start.
    assert_eq!(&out[0..100], &out[100..200]);
    assert_eq!(&out[200..209], &out[209..218]);
}

#[test]
fn nardy_start_ln6() {
    // LN-6: 15 checkers on each head (point 24 of each side).
    let pos = Nardy::start(Color::White);
    let mut board = [0i8; 26];
    board[..25].copy_from_slice(pos.raw());
    let mut out = [0f32; NARDY_UNITS];
    nardy(&board, true, &mut out);
    for s in 0..2 {
        let b = 101 * s;
        assert_eq!(&out[b + 92..b + 96], &[1.0, 1.0, 1.0, 1.0]);
        assert_eq!(out[b + 97], 1.0);
        assert_eq!(out[b + 98], 1.0);
        assert_eq!(out[b + 99], 1.0 / 6.0);
    }
    assert_eq!((out[100], out[201]), (1.0, 0.0));
}

/// The pip count of one side in its own numbering (BG-8): bar counts 25.
fn pips(side: &[u8; 26]) -> u32 {
    (1..=25).map(|p| p as u32 * u32::from(side[p])).sum()
}

/// The nine hand-made features of [`contact`], the plain definitions (one pass each) for `me` against `them`, both in their own
/// numbering (my point `p` is their point `25 − p`).
fn contact_features_reference(me: &[u8; 26], them: &[u8; 26], checkers: u8, out: &mut [f32]) {
    let checkers = f32::from(checkers.max(1));
    // Their rearmost checker, in my numbering (0 when they have none on the board).
    let their_back = (1..=25).rev().find(|&q| them[q] > 0).map_or(0, |q| 25 - q);
    let my_back = (1..=25).rev().find(|&p| me[p] > 0).unwrap_or(0);
    // 0: pip count / 167 (BG-8; 167 is the starting count).
    out[0] = pips(me) as f32 / 167.0;
    // 1: borne off / checkers (gnubg eval.c: I_OFF1..I_OFF3 split the same count in thirds).
    out[1] = f32::from(me[0]) / checkers;
    // 2: pips to break contact / 152: for each of my checkers behind their rearmost checker,
    // the distance it must travel to pass it (gnubg eval.c: I_BREAK_CONTACT).
    let break_contact: u32 = (1..=25usize)
        .filter(|&p| p > their_back)
        .map(|p| (p - their_back) as u32 * u32::from(me[p]))
        .sum();
    out[2] = break_contact as f32 / 152.0;
    // 3: my rearmost checker's point / 25 (gnubg eval.c: I_BACK_CHEQUER; bar = 25).
    out[3] = my_back as f32 / 25.0;
    // 4: my rearmost anchor (a point of 2+ checkers) in their home board, points 19..24,
    // / 24 (gnubg eval.c: I_BACK_ANCHOR); 0 when none.
    out[4] = (19..=24)
        .rev()
        .find(|&p| me[p] >= 2)
        .map_or(0.0, |p| p as f32 / 24.0);
    // 5: my most forward anchor from point 13 back to 24, / 24 (gnubg eval.c:
    // I_FORWARD_ANCHOR); 0 when none.
    out[5] = (13..=24)
        .find(|&p| me[p] >= 2)
        .map_or(0.0, |p| p as f32 / 24.0);
    // 6: points made in my home board / 6: how many of their entering numbers I close
    // (gnubg eval.c: I_ENTER, I_ENTER2 count the rolls that fail to enter).
    out[6] = (1..=6).filter(|&p| me[p] >= 2).count() as f32 / 6.0;
    // 7: my blots / checkers (Tesauro's Neurogammon and Berliner's BKG 9.8 both weigh blot
    // exposure).
    out[7] = (1..=24).filter(|&p| me[p] == 1).count() as f32 / checkers;
    // 8: my longest run of made points / 6 (a prime; gnubg eval.c: I_CONTAIN measures the
    // containment the same points give).
    let mut best = 0u32;
    let mut run = 0u32;
    for &n in &me[1..=24] {
        run = if n >= 2 { run + 1 } else { 0 };
        best = best.max(run);
    }
    out[8] = best.min(6) as f32 / 6.0;
}

/// One step of a xorshift64 generator: the tests' reproducible random numbers.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The blots of `me` that one roll of `them` reaches, both in their own numbering, found
/// by trying every sequence of single-die moves (the rules of [`shots`]: touch down on
/// open points, enter from the bar first, bearing off ignored) on plain arrays.
fn reached_by_search(me: &[u8; 26], them: &[u8; 26], a: usize, b: usize) -> Vec<usize> {
    fn go(them: &mut [u8; 26], me: &[u8; 26], dice: &[usize], found: &mut Vec<usize>) {
        let Some((&d, rest)) = dice.split_first() else {
            return;
        };
        let from: Vec<usize> = if them[25] > 0 {
            vec![25]
        } else {
            (1..=24).filter(|&p| them[p] > 0).collect()
        };
        for p in from {
            if p <= d {
                continue;
            }
            let q = p - d;
            // Their point q is my point 25 - q.
            let mine = me[25 - q];
            if mine >= 2 {
                continue;
            }
            if mine == 1 && !found.contains(&q) {
                found.push(q);
            }
            them[p] -= 1;
            them[q] += 1;
            go(them, me, rest, found);
            them[q] -= 1;
            them[p] += 1;
        }
    }
    let mut found = Vec::new();
    let orders: Vec<Vec<usize>> = if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    };
    for dice in orders {
        go(&mut them.clone(), me, &dice, &mut found);
    }
    found
}

/// [`HitStats`] the plain way: [`reached_by_search`] for each of the 21 rolls.
fn hits_reference(me: &[u8; 26], them: &[u8; 26]) -> HitStats {
    let mut st = HitStats::default();
    for a in 1..=6 {
        for b in a..=6 {
            let w = if a == b { 1 } else { 2 };
            let found = reached_by_search(me, them, a, b);
            if let Some(&q) = found.iter().max() {
                st.shots += w;
                st.double_shots += w * u32::from(found.len() >= 2);
                st.pip_loss += w * q as u32;
            }
        }
    }
    st
}

#[test]
fn hit_stats_match_a_search_of_every_roll_bg12() {
    let mut with_bar = 0;
    for board in random_boards() {
        let [own, opp] = sides(&board, 15);
        for (me, them) in [(&own, &opp), (&opp, &own)] {
            let st = hits(me, them);
            assert_eq!(st, hits_reference(me, them), "{board:?}");
            // Roll by roll too, on and off the bar.
            let blots = point_mask(|q| me[25 - q] == 1);
            let blocked = point_mask(|q| me[25 - q] >= 2);
            let movers = point_mask(|q| them[q] > 0);
            for a in 1..=6usize {
                for b in a..=6 {
                    let mask = reached_by_search(me, them, a, b)
                        .iter()
                        .fold(0u32, |m, &q| m | (1 << q));
                    let got = roll_hits(
                        a as u32,
                        b as u32,
                        blots,
                        blocked,
                        movers,
                        u32::from(them[25]),
                    );
                    assert_eq!(got, mask, "{a}-{b} on {board:?}");
                }
            }
            assert_eq!(st.shots, shots(me, them), "{board:?}");
            with_bar += usize::from(them[25] > 0 && st.shots > 0);
        }
    }
    assert!(
        with_bar > 5,
        "the boards test entering from the bar (BG-12)"
    );
}

/// The heuristic policy's count, [`board_hits`] on a board as it stands (owner's view), is
/// the search's count of the opponent's rolls against the owner's blots, on boards of play and
/// scattered ones (both bars, blots behind every opposing checker, no opposing checker left).
#[test]
fn board_hits_are_the_opponents_hits_found_by_a_search_bg12() {
    let (mut hit, mut missed, mut from_bar) = (0, 0, 0);
    for board in random_boards().into_iter().chain(scattered_boards(3000)) {
        let [own, opp] = sides(&board, 15);
        let st = board_hits(&board);
        assert_eq!(st, hits(&own, &opp), "{board:?}");
        assert_eq!(st, hits_reference(&own, &opp), "{board:?}");
        let has_blots = (1..=24).any(|p| board[p] == 1);
        hit += usize::from(st.shots > 0);
        missed += usize::from(st.shots == 0 && has_blots);
        from_bar += usize::from(st.shots > 0 && board[0] < 0);
    }
    assert!(
        hit > 100 && missed > 100 && from_bar > 20,
        "{hit} {missed} {from_bar}"
    );
}

#[test]
fn pip_loss_is_the_hitters_point_and_double_shots_need_two_blots() {
    // One blot of mine on my 18 (their 7), their checker on their 13, 6 away: each of the
    // 17 hitting rolls costs me the pips from my 18 to the bar, 25 − 18 = 7.
    let them = side(&[(13, 1)]);
    let st = hits(&side(&[(18, 1)]), &them);
    assert_eq!((st.shots, st.double_shots, st.pip_loss), (17, 0, 17 * 7));
    // A blot on my 13 (their 12), 1 in front of their checker on their 13 and 8 in front
    // of one on their 20: every roll with a 1 hits (11) and more, each costing 12 pips.
    let st = hits(&side(&[(13, 1)]), &side(&[(13, 1), (20, 1)]));
    assert!(st.shots > 11, "{st:?}");
    assert_eq!(st.pip_loss, st.shots * 12);
    // Two blots 6 and 5 away: 6-5 reaches both.
    let st = hits(&side(&[(18, 1), (17, 1)]), &them);
    assert!(st.double_shots >= 2, "{st:?}");
    assert!(st.double_shots < st.shots);
}

#[test]
fn containment_counts_the_worst_point_to_escape_from() {
    // No points: nothing contains.
    assert_eq!(containment(&side(&[(1, 15)])), 36);
    // Their six-prime on their 7..12 (my 18..13): a checker of mine on my 19..24 cannot
    // get past it.
    let prime = side(&[(7, 2), (8, 2), (9, 2), (10, 2), (11, 2), (12, 2), (6, 3)]);
    assert_eq!(containment(&prime), 0);
    // Containment is the least of the escapes from 15..=24, so never more than the
    // escapes of a rearmost checker there.
    for board in random_boards() {
        let [own, opp] = sides(&board, 15);
        let c = containment(&opp);
        assert!(c <= 36);
        let back = (1..=25usize).rev().find(|&p| own[p] > 0).unwrap_or(0);
        if (15..=24).contains(&back) {
            assert!(c <= escapes(&own, &opp), "{board:?}");
        }
    }
}

#[test]
fn contact_ext_is_contact_plus_then_the_six_units() {
    for board in random_boards().into_iter().step_by(5) {
        let mut p = vec![0f32; CONTACT_PLUS_UNITS];
        let mut x = vec![0f32; CONTACT_EXT_UNITS];
        contact_plus(&board, 15, false, &mut p);
        Encoding::ContactExt.encode_into(&board, 15, false, &mut x);
        assert_eq!(&x[..CONTACT_PLUS_UNITS], &p[..]);
        let [own, opp] = sides(&board, 15);
        for (s, (me, them)) in [(&own, &opp), (&opp, &own)].into_iter().enumerate() {
            let st = hits(me, them);
            let at = CONTACT_PLUS_UNITS + 3 * s;
            assert_eq!(x[at], st.pip_loss as f32 / 864.0);
            assert_eq!(x[at + 1], st.double_shots as f32 / 36.0);
            assert_eq!(x[at + 2], containment(them) as f32 / 36.0);
        }
    }
}

/// Random hitter masks `[blots, blocked, movers]` (disjoint, points 1..=24).
fn random_masks(state: &mut u64) -> [u32; 3] {
    let x = xorshift(state);
    let movers = (x as u32) & POINT_BITS;
    let blocked = ((x >> 32) as u32) & POINT_BITS & !movers;
    let blots = ((x >> 20) as u32) & POINT_BITS & !movers & !blocked;
    [blots, blocked, movers]
}

#[test]
fn hit_stats_fast_paths_agree_with_the_roll_by_roll_count_bg12() {
    let mut state = 0x3c6e_f372_fe94_f82bu64;
    for _ in 0..50_000 {
        let [blots, blocked, movers] = random_masks(&mut state);
        for bar in 0..=5 {
            assert_eq!(
                hit_stats(blots, blocked, movers, bar),
                hit_stats_roll_by_roll(blots, blocked, movers, bar),
                "blots {blots:#x} blocked {blocked:#x} movers {movers:#x} bar {bar}"
            );
        }
    }
}

#[test]
fn two_sides_hit_stats_counted_together_agree_with_each_counted_alone_bg12() {
    let mut state = 0xa54f_f53a_5f1d_36f1u64;
    for _ in 0..50_000 {
        let (a, b) = (random_masks(&mut state), random_masks(&mut state));
        assert_eq!(
            sum_reach(&reach_both(a, b)),
            [
                hit_stats_roll_by_roll(a[0], a[1], a[2], 0),
                hit_stats_roll_by_roll(b[0], b[1], b[2], 0)
            ],
            "{a:#x?} {b:#x?}"
        );
        // Either side on the bar, or both (BG-12): each side's reach counted alone, then
        // the two added up together.
        let (bar_a, bar_b) = ((state % 3) as u32, ((state >> 8) % 3) as u32);
        assert_eq!(
            sum_reach(&pair_reach(&reach_one(a, bar_a), &reach_one(b, bar_b))),
            [
                hit_stats_roll_by_roll(a[0], a[1], a[2], bar_a),
                hit_stats_roll_by_roll(b[0], b[1], b[2], bar_b)
            ],
            "{a:#x?} {b:#x?} bars {bar_a} {bar_b}"
        );
    }
}

#[test]
fn containment_unrolled_agrees_with_the_least_escape() {
    let mut state = 0x510e_527f_ade6_82d1u64;
    for _ in 0..50_000 {
        let blocked = (xorshift(&mut state) as u32) & POINT_BITS;
        let plain = (15..=24u32)
            .map(|p| escape_rolls_direct(p, blocked))
            .min()
            .unwrap_or(36);
        assert_eq!(containment_rolls(blocked), plain, "{blocked:#x}");
        assert_eq!(containment_rolls_plain(blocked), plain, "{blocked:#x}");
    }
}

/// Boards with each side's checkers scattered at random (owner's view): on the bar, borne
/// off, anywhere or (bear-off-ish) in the home boards only, so that both bars, blots and
/// races come up far more often than in play.
fn scattered_boards(n: usize) -> Vec<[i8; 26]> {
    let mut state = 0x1f83_d9ab_fb41_bd6bu64;
    let mut next = move |k: u64| xorshift(&mut state) % k;
    let mut out = Vec::new();
    while out.len() < n {
        let mut board = [0i8; 26];
        let home_only = next(4) == 0;
        let bar_odds = 1 + next(12);
        for owner in [true, false] {
            for _ in 0..15 {
                let r = next(100);
                if r < bar_odds {
                    // The owner's bar is 25, the opponent's 0.
                    if owner {
                        board[25] += 1;
                    } else {
                        board[0] -= 1;
                    }
                    continue;
                }
                if r < bar_odds + 8 {
                    continue; // borne off
                }
                // A point of the side's own numbering, on the board as i (owner) or 25 - i.
                let q = if home_only {
                    1 + next(6) as usize
                } else {
                    1 + next(24) as usize
                };
                let i = if owner { q } else { 25 - q };
                if owner && board[i] >= 0 {
                    board[i] += 1;
                } else if !owner && board[i] <= 0 {
                    board[i] -= 1;
                }
            }
        }
        out.push(board);
    }
    out
}

/// The six units of [`contact_ext`] for `board` by their plain definitions: the hit
/// statistics from a search of every roll's moves ([`hits_reference`]) and containment as
/// the least roll-by-roll escape count over points 15..=24.
fn ext_units_reference(board: &[i8; 26]) -> [f32; 6] {
    let [own, opp] = sides(board, 15);
    let mut out = [0f32; 6];
    for (s, (me, them)) in [(&own, &opp), (&opp, &own)].into_iter().enumerate() {
        let st = hits_reference(me, them);
        let blocked = point_mask(|p| them[25 - p] >= 2);
        let contained = (15..=24u32)
            .map(|p| escape_rolls_direct(p, blocked))
            .min()
            .unwrap_or(36);
        out[3 * s] = st.pip_loss as f32 / 864.0;
        out[3 * s + 1] = st.double_shots as f32 / 36.0;
        out[3 * s + 2] = contained as f32 / 36.0;
    }
    out
}

#[test]
fn contact_ext_units_match_their_plain_definitions_with_bars_and_bear_offs_bg12() {
    let mut boards = scattered_boards(600);
    let both_bars = boards.iter().filter(|b| b[0] < 0 && b[25] > 0).count();
    let home = boards
        .iter()
        .filter(|b| b[7..=18].iter().all(|&c| c == 0))
        .count();
    assert!(both_bars > 100 && home > 50, "{both_bars} {home}");
    boards.extend(random_boards().into_iter().step_by(3));
    for board in &boards {
        let want = ext_units_reference(board);
        for on_roll in [false, true] {
            let mut p = [f32::NAN; CONTACT_PLUS_UNITS];
            let mut x = [f32::NAN; CONTACT_EXT_UNITS];
            contact_plus(board, 15, on_roll, &mut p);
            contact_ext(board, 15, on_roll, &mut x);
            assert_eq!(x[..CONTACT_PLUS_UNITS], p[..], "{board:?}");
            assert_eq!(x[CONTACT_PLUS_UNITS..], want[..], "{board:?}");
            // The per-board units alone (what the incremental path computes) and the
            // summaries' plain form.
            let mut units = [f32::NAN; 30];
            Encoding::ContactExt.board_units(board, 15, on_roll, &mut units);
            assert_eq!(units[..], x[200..], "{board:?}");
            let [mine, theirs] = side_summaries(board, 15);
            let mut plain = [f32::NAN; 6];
            ext_units(&mine, &theirs, bars(board), &mut plain);
            assert_eq!(plain, want, "{board:?}");
        }
    }
}

/// Boards of random play from the start (contact, hits, races, bear-offs).
fn random_boards() -> Vec<[i8; 26]> {
    use crate::rules::position::Position;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| xorshift(&mut state) % n;
    let mut out = Vec::new();
    for _ in 0..40 {
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        for _ in 0..next(200) {
            if pos.is_game_over() {
                break;
            }
            let d = crate::Dice::new(1 + next(6) as u8, 1 + next(6) as u8).unwrap();
            let plays = pos.legal_plays(d);
            pos = if plays.is_empty() {
                pos.pass_turn()
            } else {
                pos.play_unchecked(&plays[next(plays.len() as u64) as usize])
            };
            out.push(*pos.raw());
        }
    }
    out
}

#[test]
fn an_encoding_that_extends_another_starts_with_its_units() {
    let boards = random_boards();
    let mut pairs = 0;
    for big in Encoding::ALL {
        for small in Encoding::ALL {
            if !big.extends(small) || !big.supports(Variant::Backgammon) {
                continue;
            }
            pairs += 1;
            assert!(big.units() >= small.units());
            for b in boards.iter().step_by(17) {
                let mut x = vec![f32::NAN; big.units()];
                let mut y = vec![f32::NAN; small.units()];
                big.encode_into(b, 15, true, &mut x);
                small.encode_into(b, 15, true, &mut y);
                assert_eq!(&x[..small.units()], &y[..], "{big:?} {small:?}");
            }
        }
    }
    // The four contact encodings' ten pairs and TD-Gammon's with itself.
    assert_eq!(pairs, 11);
    assert!(!Encoding::ContactExt.extends(Encoding::ContactShape));
    assert!(!Encoding::ContactPlus.extends(Encoding::TdGammon));
}

#[test]
fn shape_units_match_their_plain_definitions() {
    let boards = random_boards();
    for b in &boards {
        let [own, opp] = shape_counts(b);
        let flip = |m: u32| m.reverse_bits() >> 6;
        // The plain way: rearmost points and made points found one point at a time.
        let highest = |c: &[u8; 32]| (1..=25u32).rev().find(|&p| c[p as usize] > 0);
        let made = |c: &[u8; 32]| point_mask(|p| c[p] >= 2);
        let mut want = [f32::NAN; 2 * shape::SHAPE_FEATURES];
        let (a, c) = want.split_at_mut(shape::SHAPE_FEATURES);
        for (out, (me, them)) in [a, c].into_iter().zip([(&own, &opp), (&opp, &own)]) {
            let side = shape::ShapeSide {
                counts: me,
                front: highest(them).map_or(0, |q| 25 - q),
                blocked: flip(made(them)),
            };
            let mut fast = [f32::NAN; shape::SHAPE_FEATURES];
            shape::shape_units(&side, &mut fast);
            shape::shape_units_plain(&side, out);
            assert_eq!(&fast[..], &out[..], "{b:?}");
        }
        let mut units = [f32::NAN; CONTACT_SHAPE_UNITS];
        contact_shape(b, 15, true, &mut units);
        assert_eq!(&units[CONTACT_EXT_UNITS..], &want[..], "{b:?}");
    }
}

#[test]
fn ratios_from_reciprocals_are_the_divisions() {
    for d in [167u32, 152, 25, 24, 6, 360, 12, 36, 864]
        .into_iter()
        .chain(1..=15)
    {
        for n in 0..=20_000u32 {
            assert_eq!(ratio(n, 1.0 / f64::from(d)), n as f32 / d as f32, "{n}/{d}");
        }
    }
}

#[test]
fn contact_features_match_their_plain_definitions() {
    let boards = random_boards();
    assert!(boards.len() > 1000);
    for b in &boards {
        let both = sides(b, 15);
        let summaries = side_summaries(b, 15);
        for s in 0..2 {
            let mut fast = [f32::NAN; CONTACT_FEATURES];
            contact_features(&summaries[s], 15, &mut fast);
            let mut plain = [f32::NAN; CONTACT_FEATURES];
            contact_features_reference(&both[s], &both[1 - s], 15, &mut plain);
            assert_eq!(fast, plain, "{b:?}");
        }
    }
}

/// The encoding of `board` rebuilt from its point units (each entry's, from an empty
/// entry) and its per-board units.
fn encode_by_parts(enc: Encoding, board: &[i8; 26], on_roll: bool) -> Vec<f32> {
    let mut out = vec![0f32; enc.units()];
    let mut d = UnitDeltas::new();
    for (i, &c) in board.iter().enumerate() {
        enc.point_deltas(i, 0, c, &mut d);
    }
    for (&u, &v) in d.units().iter().zip(d.deltas()) {
        assert_eq!(out[usize::from(u)], 0.0, "unit {u} given twice");
        out[usize::from(u)] = v;
    }
    let idx = enc.board_unit_indices();
    let mut units = [f32::NAN; MAX_BOARD_UNITS];
    enc.board_units(board, 15, on_roll, &mut units[..idx.len()]);
    for (&u, &v) in idx.iter().zip(&units) {
        out[usize::from(u)] = v;
    }
    out
}

#[test]
fn point_and_board_units_rebuild_every_encoding() {
    let mut boards = random_boards();
    // Long Nardy boards: the start (LN-6) and positions of random play.
    let mut nardy_boards = Vec::new();
    {
        use crate::rules::position::Position;
        let mut state = 0x1234_5678_9abc_def1u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..10 {
            let mut pos = Nardy::start(Color::White);
            for _ in 0..next(150) {
                if pos.is_game_over() {
                    break;
                }
                let d = crate::Dice::new(1 + next(6) as u8, 1 + next(6) as u8).unwrap();
                let plays = pos.legal_plays(d);
                pos = if plays.is_empty() {
                    pos.pass_turn()
                } else {
                    pos.play_unchecked(&plays[next(plays.len() as u64) as usize])
                };
                let mut b = [0i8; 26];
                b[..25].copy_from_slice(pos.raw());
                b[0] = 0;
                nardy_boards.push(b);
            }
        }
    }
    assert!(nardy_boards.len() > 200);
    boards.truncate(2000);
    for on_roll in [false, true] {
        for (enc, set) in [
            (Encoding::Contact, &boards),
            (Encoding::TdGammon, &boards),
            (Encoding::Nardy, &nardy_boards),
        ] {
            for b in set {
                let mut full = vec![f32::NAN; enc.units()];
                enc.encode_into(b, 15, on_roll, &mut full);
                assert_eq!(full, encode_by_parts(enc, b, on_roll), "{enc:?} {b:?}");
            }
        }
    }
}

#[test]
fn point_deltas_between_two_boards_are_the_encodings_difference() {
    let boards = random_boards();
    for pair in boards.windows(2).take(1500) {
        for enc in [Encoding::Contact, Encoding::TdGammon] {
            let (a, b) = (&pair[0], &pair[1]);
            let mut xa = vec![0f32; enc.units()];
            let mut xb = vec![0f32; enc.units()];
            enc.encode_into(a, 15, false, &mut xa);
            enc.encode_into(b, 15, false, &mut xb);
            let mut d = UnitDeltas::new();
            for i in 0..26 {
                if a[i] != b[i] {
                    enc.point_deltas(i, a[i], b[i], &mut d);
                }
            }
            let mut rebuilt = xa.clone();
            for (&u, &v) in d.units().iter().zip(d.deltas()) {
                rebuilt[usize::from(u)] += v;
            }
            let idx = enc.board_unit_indices();
            for &u in idx {
                rebuilt[usize::from(u)] = xb[usize::from(u)];
            }
            assert_eq!(rebuilt, xb, "{enc:?}");
        }
    }
}

/// Every play of positions of random games, valued with the position's
/// [`RollContext`], gets [`Encoding::board_units`]'s values bit for bit, with and without
/// hits (the context's fast path and its fallback), races included; and a context filled
/// from an unrelated board falls back rather than give other values.
#[test]
fn board_units_from_a_roll_context_are_the_plain_ones_bg12() {
    use crate::rules::position::Position;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| xorshift(&mut state) % n;
    let (mut hits, mut quiet, mut races) = (0, 0, 0);
    let encodings = [
        Encoding::Contact,
        Encoding::ContactPlus,
        Encoding::ContactExt,
        Encoding::ContactShape,
        Encoding::TdGammon,
    ];
    for _ in 0..60 {
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        while !pos.is_game_over() {
            let d = crate::Dice::new(1 + next(6) as u8, 1 + next(6) as u8).unwrap();
            let plays = pos.legal_plays(d);
            if plays.is_empty() {
                pos = pos.pass_turn();
                continue;
            }
            let before = *pos.raw();
            for enc in encodings {
                let mut ctx = RollContext::default();
                enc.roll_context(&before, 15, &mut ctx);
                let n = enc.board_unit_indices().len();
                for play in plays.iter() {
                    let after = *play.after().raw();
                    let (mut plain, mut fast) = ([0f32; MAX_BOARD_UNITS], [1f32; MAX_BOARD_UNITS]);
                    enc.board_units(&after, 15, false, &mut plain[..n]);
                    enc.board_units_in(&ctx, &after, 15, false, &mut fast[..n]);
                    let bits = |x: &[f32]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                    assert_eq!(bits(&fast[..n]), bits(&plain[..n]), "{enc:?} {after:?}");
                    if enc == Encoding::ContactExt {
                        if after[0] != before[0] {
                            hits += 1;
                        } else {
                            quiet += 1;
                        }
                        // No contact: my rearmost checker below their rearmost.
                        let mine = (1..26).rev().find(|&p| after[p] > 0).unwrap_or(0);
                        let theirs = (0..25).find(|&q| after[q] < 0).unwrap_or(25);
                        races += usize::from(mine < theirs);
                    }
                }
            }
            pos = pos.play_unchecked(&plays[next(plays.len() as u64) as usize]);
        }
    }
    assert!(
        hits > 100 && quiet > 1000 && races > 100,
        "{hits} {quiet} {races}"
    );
    // A context of another board: the opponent's checkers differ, the plain values.
    let boards = scattered_boards(300);
    for pair in boards.windows(2) {
        for enc in encodings {
            let mut ctx = RollContext::default();
            enc.roll_context(&pair[0], 15, &mut ctx);
            let n = enc.board_unit_indices().len();
            let (mut plain, mut fast) = ([0f32; MAX_BOARD_UNITS], [1f32; MAX_BOARD_UNITS]);
            enc.board_units(&pair[1], 15, false, &mut plain[..n]);
            enc.board_units_in(&ctx, &pair[1], 15, false, &mut fast[..n]);
            assert_eq!(fast[..n], plain[..n], "{enc:?}");
        }
    }
}

/// The entries two boards differ in, as bits: those of a plain comparison, for boards
/// of random counts (-15..=15, any pattern of equal entries) and every single change.
#[test]
fn differing_entries_are_the_plain_comparisons() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let plain =
        |a: &[i8; 26], b: &[i8; 26]| (0..26).fold(0u32, |m, i| m | (u32::from(a[i] != b[i]) << i));
    for _ in 0..20_000 {
        let mut a = [0i8; 26];
        let mut b = [0i8; 26];
        let keep = xorshift(&mut state);
        for i in 0..26 {
            a[i] = (xorshift(&mut state) % 31) as i8 - 15;
            b[i] = if keep >> i & 1 == 1 {
                a[i]
            } else {
                (xorshift(&mut state) % 31) as i8 - 15
            };
        }
        assert_eq!(differing_entries(&a, &b), plain(&a, &b), "{a:?} {b:?}");
    }
    for i in 0..26 {
        for (x, y) in [(0i8, 1i8), (-1, 0), (15, -15), (-128, 127), (1, -127)] {
            let mut a = [0i8; 26];
            let mut b = [0i8; 26];
            a[i] = x;
            b[i] = y;
            assert_eq!(differing_entries(&a, &b), 1 << i);
            assert_eq!(differing_entries(&a, &a), 0);
        }
    }
}

/// Checks that `push_table` pushes, for every pair of counts 0..19 (past a table's 15, its own
/// way), what [`UnitDeltas::push_group`] pushes from `units` of each count: the same units, the
/// same floats bit for bit, after a unit already in the list. Returns how many units changed.
fn table_pushes_the_group_differences(
    push_table: impl Fn(&mut UnitDeltas, usize, u8, u8),
    units: impl Fn(u8) -> [f32; 4],
) -> usize {
    let bits = |d: &UnitDeltas| d.deltas().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    let mut changed = 0;
    for b in 0..20u8 {
        for a in 0..20u8 {
            let (mut table, mut plain) = (UnitDeltas::new(), UnitDeltas::new());
            table.push(7, 0.5);
            plain.push(7, 0.5);
            push_table(&mut table, 40, b, a);
            plain.push_group(40, units(b), units(a));
            assert_eq!(table.units(), plain.units(), "{b} -> {a}");
            assert_eq!(bits(&table), bits(&plain), "{b} -> {a}");
            changed += table.len() - 1;
        }
    }
    changed
}

/// The table of gnubg's four units' changes pushes what [`UnitDeltas::push_group`]
/// pushes, for every pair of counts (and past the table, the plain way).
#[test]
fn gnubg4_changes_from_the_table_are_the_group_differences() {
    table_pushes_the_group_differences(UnitDeltas::push_gnubg4_change, gnubg4);
}

/// The table of TD-Gammon's unary units' changes pushes what [`UnitDeltas::push_group`]
/// pushes from the units themselves, for every pair of counts (past 15 read as 15, as the
/// encoding reads them).
#[test]
fn unary_changes_from_the_table_are_the_group_differences() {
    let unary = |n: u8| UNARY[usize::from(n.min(15))];
    let changed = table_pushes_the_group_differences(UnitDeltas::push_unary_change, unary);
    assert!(changed > 400, "{changed}");
}

#[test]
fn names_round_trip() {
    for e in Encoding::ALL {
        assert_eq!(Encoding::from_name(e.name()), Some(e));
    }
    assert!(Encoding::TdGammon.supports(Variant::Hypergammon2));
    assert!(!Encoding::Nardy.supports(Variant::Backgammon));
}

/// The per-board units' changes found by mask ([`UnitDeltas::push_changed_board`]) are the
/// list of [`UnitDeltas::push_changed`], unit for unit and bit for bit, in the same order,
/// for every encoding's units, with changes of every sign, unchanged units among them and
/// anything in the padding beyond the encoding's units (which must be ignored).
#[test]
fn per_board_changes_by_mask_are_the_plain_list() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut changed_seen = [false; MAX_BOARD_UNITS];
    for enc in Encoding::ALL {
        let idx = enc.board_unit_indices();
        let n = idx.len();
        for _ in 0..500 {
            let (mut before, mut after) = ([0f32; MAX_BOARD_UNITS], [0f32; MAX_BOARD_UNITS]);
            for k in 0..MAX_BOARD_UNITS {
                let r = next();
                before[k] = (r % 200) as f32 / 36.0;
                // About half the units unchanged; the padding anything, NaN too.
                after[k] = match (k >= n, r >> 60) {
                    (true, 0) => f32::NAN,
                    (true, _) => (r >> 40) as f32,
                    (false, 0..=7) => before[k],
                    (false, _) => ((r >> 20) % 200) as f32 / 36.0 - 1.0,
                };
            }
            let (mut plain, mut masked) = (UnitDeltas::new(), UnitDeltas::new());
            // Something in the list before, as the point units are.
            plain.push(3, 1.0);
            masked.push(3, 1.0);
            plain.push_changed(idx, &after[..n], &before[..n]);
            masked.push_changed_board(idx, &after, &before);
            assert_eq!(plain.units(), masked.units(), "{enc:?}");
            let bits = |d: &UnitDeltas| d.deltas().iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&plain), bits(&masked), "{enc:?}");
            for k in 0..n {
                changed_seen[k] |= after[k] != before[k];
            }
        }
    }
    // Every slot of the widest encoding changed in some case.
    assert!(changed_seen[..CONTACT_SHAPE_BOARD_UNITS.len()]
        .iter()
        .all(|&c| c));
}
