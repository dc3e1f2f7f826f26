//! Shots and escapes: what the dice of one side can do to the other's checkers, counted over
//! the 36 rolls on bit masks of the points — the rolls that hit a blot ([`shots`]), their
//! double shots and pip loss ([`hits`], [`HitStats`]), the rolls with which a back checker
//! escapes ([`escapes`]) and the containment of a side ([`containment`]).
//!
//! This is the crate's one shot counter: the dice-based units of the contact encodings and the
//! heuristic policy's hit cost ([`board_hits`]) both count with it. Each fast path is checked
//! against a plain roll-by-roll count and a search of every sequence of moves (`tests.rs`).

/// Bit `q` set for each point `q` (1..=24, in the moving side's numbering) where `f` holds.
pub(super) fn point_mask(f: impl Fn(usize) -> bool) -> u32 {
    (1..=24usize).filter(|&q| f(q)).fold(0, |m, q| m | (1 << q))
}

/// The number of the 36 rolls of `them` (to roll next) that hit at least one blot of `me`,
/// both sides in their own numbering (my point `p` is their point `25 − p`). Direct and
/// indirect shots count; a combined shot needs an open point to touch down on, and a side
/// with checkers on the bar must enter them first (a closed entry point stops the roll).
/// Bearing off and the rule to use both dice are ignored: a shot exists when a legal
/// sequence of moves could land on the blot. (The probability of being hit is the input
/// Berliner's BKG 9.8 and gnubg's `I_P1` weigh; gammon counts it with its own definition.)
#[must_use]
pub fn shots(me: &[u8; 26], them: &[u8; 26]) -> u32 {
    let [blots, blocked, movers, bar] = hitter_masks(me, them);
    shot_rolls(blots, blocked, movers, bar)
}

/// The masks [`shot_rolls`] and [`hit_stats`] take, from `me` (to be hit) and `them` (to
/// roll), both in their own numbering: everything in theirs, as they move from 25 (the bar)
/// down towards 1 — my blots, my made points, their occupied points, their checkers on the bar.
fn hitter_masks(me: &[u8; 26], them: &[u8; 26]) -> [u32; 4] {
    [
        point_mask(|q| me[25 - q] == 1),
        point_mask(|q| me[25 - q] >= 2),
        point_mask(|q| them[q] > 0),
        u32::from(them[25]),
    ]
}

/// [`shots`] on bit masks in the numbering of the side to move (bit `q` = its point `q`):
/// the other side's blots and made points, the mover's occupied points 1..=24, and the
/// mover's checkers on the bar.
#[inline]
pub(super) fn shot_rolls(blots: u32, blocked: u32, movers: u32, bar: u32) -> u32 {
    if blots == 0 {
        return 0;
    }
    if bar == 0 {
        // Nobody on the bar (nearly always): for each die d the landings of one step
        // (`land[d]`), hits with it alone, and open landings to go on from (`open[d]`).
        let mut hit = [false; 7];
        let mut open = [0u32; 7];
        for d in 1..=6 {
            let land = movers >> d;
            hit[d] = land & blots != 0;
            open[d] = land & !blocked;
        }
        let mut rolls = 0;
        for a in 1..=6usize {
            // A double: up to four steps of `a` from open landings.
            let mut doubled = hit[a];
            let mut frontier = open[a];
            for _ in 1..4 {
                let next = frontier >> a;
                doubled |= next & blots != 0;
                frontier = next & !blocked;
            }
            rolls += u32::from(doubled);
            for b in a + 1..=6 {
                let two = ((open[a] >> b) | (open[b] >> a)) & blots != 0;
                rolls += 2 * u32::from(hit[a] | hit[b] | two);
            }
        }
        return rolls;
    }
    shot_rolls_entering(blots, blocked, movers, bar)
}

/// [`shot_rolls`] for a mover with checkers on the bar: the tests' roll-by-roll count
/// (`shot_rolls_from_the_bar`) with each die's entry worked out once (open, and whether it
/// hits) and the 15 non-doubles from those, without branches.
#[inline(never)]
fn shot_rolls_entering(blots: u32, blocked: u32, movers: u32, bar: u32) -> u32 {
    // For each die d: the entry point 25 - d is open, is a blot, and (one on the bar) the
    // landings of one step of d from the board.
    let mut open = [false; 7];
    let mut enters_on_blot = [false; 7];
    let mut hit = [false; 7];
    for d in 1..=6usize {
        let enter = 1u32 << (25 - d);
        open[d] = enter & blocked == 0;
        enters_on_blot[d] = enter & blots != 0;
        hit[d] = (movers >> d) & blots != 0;
    }
    let dice_left = 4 - bar.min(4);
    let mut rolls = 0;
    for a in 1..=6usize {
        // A double: enter (on a blot, or go on with the dice left from the board and the
        // entered checker).
        let mut doubled = enters_on_blot[a];
        let mut frontier = movers | (1u32 << (25 - a));
        for _ in 0..dice_left {
            let next = frontier >> a;
            doubled |= next & blots != 0;
            frontier = next & !blocked;
        }
        rolls += u32::from(open[a] & doubled);
        for b in a + 1..=6 {
            // Enter with one die, then (one on the bar) move any checker, the entered one
            // too, with the other, or (two or more) enter with the other as well.
            let both = (1u32 << (25 - a - b)) & blots != 0;
            let (then_a, then_b) = if bar >= 2 {
                (enters_on_blot[a], enters_on_blot[b])
            } else {
                (hit[a] | both, hit[b] | both)
            };
            let first_a = open[a] & (enters_on_blot[a] | then_b);
            let first_b = open[b] & (enters_on_blot[b] | then_a);
            rolls += 2 * u32::from(first_a | first_b);
        }
    }
    rolls
}

/// The number of the 36 rolls with which `me`'s rearmost checker escapes: lands on an open
/// point past every point `them` holds within the 12 pips in front of it, both sides in their
/// own numbering; 36 when they hold none of those points (or `me` has no checker left). A
/// checker on the bar enters first. The other checkers' moves are ignored. (gnubg's
/// `I_ESCAPES` counts the escaping rolls of a back checker over the same 12 points; gammon
/// counts them with its own definition.)
#[must_use]
pub fn escapes(me: &[u8; 26], them: &[u8; 26]) -> u32 {
    let back = (1..=25usize).rev().find(|&p| me[p] > 0).unwrap_or(0);
    escape_rolls(back as u32, point_mask(|p| them[25 - p] >= 2))
}

/// [`escapes`] from the rearmost checker's point `back` (0: none; 25 the bar) and the other
/// side's made points as bits in the escaping side's numbering: a look-up in a table of
/// [`escape_rolls_direct`] by the points 1..=18 pips in front of the checker (every landing
/// the count can look at lies there: the points it must pass are within 12 pips, and no
/// roll's first landing past them is more than 6 pips further), built on first use.
#[inline]
pub(super) fn escape_rolls(back: u32, blocked: u32) -> u32 {
    if back <= 1 {
        return 36;
    }
    u32::from(escape_table()[escape_window(back, blocked)])
}

/// The index into [`escape_table`] of a checker on point `back` (2..=25) with the other
/// side's made points `blocked` (bits in the escaping side's numbering): bit j (0..18) is
/// their point back - 18 + j, which is 18 - j pips in front of the checker (0 for the points
/// below 1).
#[inline(always)]
fn escape_window(back: u32, blocked: u32) -> usize {
    ((u64::from(blocked) << 18) >> back) as usize & 0x3_ffff
}

/// [`escape_rolls_direct`] of every window of 18 points ([`escape_window`]), built on first use.
#[inline(always)]
fn escape_table() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << 18)
            .map(|index| {
                // From point 24, the window's bit j is point 6 + j.
                escape_rolls_direct(24, index << 6) as u8
            })
            .collect()
    })
}

/// [`escape_rolls`] counted roll by roll.
pub(super) fn escape_rolls_direct(back: u32, blocked: u32) -> u32 {
    // The farthest of their points within 12 pips in front of it.
    let window = if back <= 1 {
        0
    } else {
        ((1u32 << back) - 1) & !((1u32 << back.saturating_sub(12).max(1)) - 1)
    };
    let ahead = blocked & window;
    if ahead == 0 {
        return 36;
    }
    let front = ahead.trailing_zeros() as i32;
    let back = back as i32;
    let open = |p: i32| p < 1 || blocked & (1 << p) == 0;
    let mut rolls = 0;
    for a in 1..=6i32 {
        // A double: up to four steps of `a`, each landing open.
        let mut at = back;
        for _ in 0..4 {
            at -= a;
            if !open(at) {
                break;
            }
            if at < front {
                rolls += 1;
                break;
            }
        }
        for b in a + 1..=6 {
            let one = |x: i32| open(back - x) && back - x < front;
            let both = (open(back - a) || open(back - b)) && open(back - a - b);
            if one(a) || one(b) || (both && back - a - b < front) {
                rolls += 2;
            }
        }
    }
    rolls
}

/// [`shot_rolls`] for two movers at once, neither with a checker on the bar: each given as
/// `[blots, blocked, movers]`. The two sets of masks go in the two halves of 64-bit words, so
/// that each shift, and and or serves both; the bits a shift carries from the upper half into
/// the top of the lower one (points 26..31 there, which hold nothing) are treated as blocked
/// points, so they never go on, and they are never blots.
#[inline(always)]
pub(super) fn shot_rolls_both(first: [u32; 3], second: [u32; 3]) -> [u32; 2] {
    const LOW: u64 = 0xffff_ffff;
    const FENCE: u64 = 0xfc00_0000_fc00_0000;
    let pair = |k: usize| u64::from(first[k]) | (u64::from(second[k]) << 32);
    let (blots, blocked, movers) = (pair(0), pair(1) | FENCE, pair(2));
    if blots == 0 {
        return [0, 0];
    }
    let mut hit = [0u64; 7];
    let mut open = [0u64; 7];
    for d in 1..=6 {
        let land = movers >> d;
        hit[d] = land & blots;
        open[d] = land & !blocked;
    }
    let (mut low, mut high) = (0u32, 0u32);
    for a in 1..=6usize {
        let mut doubled = hit[a];
        let mut frontier = open[a];
        for _ in 1..4 {
            let next = frontier >> a;
            doubled |= next & blots;
            frontier = next & !blocked;
        }
        low += u32::from(doubled & LOW != 0);
        high += u32::from(doubled >> 32 != 0);
        for b in a + 1..=6 {
            let m = hit[a] | hit[b] | (((open[a] >> b) | (open[b] >> a)) & blots);
            low += 2 * u32::from(m & LOW != 0);
            high += 2 * u32::from(m >> 32 != 0);
        }
    }
    [low, high]
}

/// What the rolls of one side (to roll next) can hit: over the 36 rolls, how many hit at least
/// one blot of the other side (the count [`shots`] gives), how many could hit two or more
/// different blots, and the sum over the rolls of the most pips a hit costs (a blot on its
/// owner's point `p` sent to the bar loses `25 − p` pips: the hitter's point number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HitStats {
    /// Rolls (of 36) that hit at least one blot.
    pub shots: u32,
    /// Rolls (of 36) whose moves reach two or more different blots (each blot reachable by
    /// some sequence of the roll; not necessarily both in one sequence).
    pub double_shots: u32,
    /// The sum over the 36 rolls of the pips the costliest blot the roll reaches would lose.
    pub pip_loss: u32,
}

/// Each roll's blots reached (a mask in the mover's numbering, as the tests' `roll_hits`
/// gives it), in slots: the 15 non-doubles a-b (a < b, in that order) in slots 0..15, the
/// doubles 1-1..6-6 in slots 16..22, and slots 15, 22 and 23 empty (so that each weight fills
/// whole vectors when [`sum_reach`] adds them up). `T` is `u32` for one mover, `u64` for two
/// (one in each half).
type Reach<T> = [T; 24];

/// The slot in a [`Reach`] of the first double.
const DOUBLES: usize = 16;

/// [`hit_stats`] for a mover: each roll's reach, then [`sum_reach`].
#[must_use]
#[inline]
pub(super) fn hit_stats(blots: u32, blocked: u32, movers: u32, bar: u32) -> HitStats {
    let [st, _] = sum_reach(&pair_reach(
        &reach_one([blots, blocked, movers], bar),
        &[0; 24],
    ));
    st
}

/// Each roll's reach of one mover `[blots, blocked, movers]` with `bar` checkers on the bar.
#[inline(always)]
pub(super) fn reach_one(masks: [u32; 3], bar: u32) -> Reach<u32> {
    if bar != 0 {
        return reach_entering(masks, bar);
    }
    let both = reach_both(masks, [0; 3]);
    let mut out = [0u32; 24];
    for (o, m) in out.iter_mut().zip(both) {
        *o = m as u32;
    }
    out
}

/// Two movers' reaches as one, the first in the low halves.
#[inline(always)]
pub(super) fn pair_reach(low: &Reach<u32>, high: &Reach<u32>) -> Reach<u64> {
    let mut out = [0u64; 24];
    for k in 0..24 {
        out[k] = u64::from(low[k]) | (u64::from(high[k]) << 32);
    }
    out
}

/// Each roll's reach for two movers at once, neither with a checker on the bar, each given as
/// `[blots, blocked, movers]`: the two sets of masks in the two halves of 64-bit words, as
/// [`shot_rolls_both`] counts their shots (the bits a shift carries from the upper half into
/// the top of the lower one are blocked and never blots). Each die's landings (`land`) and the
/// open ones to go on from (`open`) once, then each roll's reach from those, without
/// branches: what the tests' `roll_hits` finds roll by roll (the tests check both against a
/// search of every sequence of moves).
#[inline(always)]
pub(super) fn reach_both(first: [u32; 3], second: [u32; 3]) -> Reach<u64> {
    const FENCE: u64 = 0xfc00_0000_fc00_0000;
    let pair = |k: usize| u64::from(first[k]) | (u64::from(second[k]) << 32);
    let (blots, blocked, movers) = (pair(0), pair(1) | FENCE, pair(2));
    let mut land = [0u64; 7];
    let mut open = [0u64; 7];
    for d in 1..=6 {
        land[d] = movers >> d;
        open[d] = land[d] & !blocked;
    }
    let mut out = [0u64; 24];
    let mut k = 0;
    for a in 1..=6usize {
        // A double: up to four steps of `a` from open landings.
        let mut hits = land[a] & blots;
        let mut frontier = open[a];
        for _ in 1..4 {
            let next = frontier >> a;
            hits |= next & blots;
            frontier = next & !blocked;
        }
        out[DOUBLES + a - 1] = hits;
        for b in a + 1..=6 {
            out[k % 15] = (land[a] | land[b] | (open[a] >> b) | (open[b] >> a)) & blots;
            k += 1;
        }
    }
    out
}

/// Each roll's reach for a mover `[blots, blocked, movers]` with `bar` (1 or more) checkers on
/// the bar: each die's entry worked out once (open, and the blot it lands on), then each
/// roll's reach from those without branches: what the tests' `roll_hits` finds roll by roll.
#[inline(never)]
fn reach_entering([blots, blocked, movers]: [u32; 3], bar: u32) -> Reach<u32> {
    // For each die d: its entry point 25 - d, all ones when that point is open (else 0), and
    // the blot entering lands on.
    let mut enter = [0u32; 7];
    let mut open = [0u32; 7];
    let mut on_blot = [0u32; 7];
    for d in 1..=6usize {
        enter[d] = 1u32 << (25 - d);
        open[d] = 0u32.wrapping_sub(u32::from(enter[d] & blocked == 0));
        on_blot[d] = enter[d] & blots;
    }
    // A double: the dice left after entering move on, from the board or the entry point.
    let steps = 4 - bar.min(4);
    let mut out = [0u32; 24];
    let mut k = 0;
    for a in 1..=6usize {
        let mut hits = on_blot[a];
        let mut frontier = movers | enter[a];
        for _ in 0..steps {
            let next = frontier >> a;
            hits |= next & blots;
            frontier = next & !blocked;
        }
        out[DOUBLES + a - 1] = open[a] & hits;
        for b in a + 1..=6 {
            // Enter with one die, then (one on the bar) move any checker, the entered one too,
            // with the other, or (two or more) enter with the other as well.
            let (then_a, then_b) = if bar >= 2 {
                (open[a] & on_blot[a], open[b] & on_blot[b])
            } else {
                (
                    ((movers | enter[b]) >> a) & blots,
                    ((movers | enter[a]) >> b) & blots,
                )
            };
            out[k % 15] = (open[a] & (on_blot[a] | then_b)) | (open[b] & (on_blot[b] | then_a));
            k += 1;
        }
    }
    out
}

/// Whether a roll's reach `v` holds a blot (1 or 0).
#[inline(always)]
fn reaches(v: u32) -> u32 {
    u32::from(v != 0)
}

/// Whether a roll's reach `v` holds two or more blots (clearing the lowest bit leaves one).
#[inline(always)]
fn reaches_two(v: u32) -> u32 {
    u32::from(v & v.wrapping_sub(1) != 0)
}

/// The highest bit's index of a roll's reach `v` (0 for 0): the exponent of `v` as an `f32`,
/// exact because a reach is even and below 2^25 (127 + the index, or 0 for no bit).
#[inline(always)]
fn highest_reached(v: u32) -> u32 {
    ((v as i32 as f32).to_bits() >> 23).max(127) - 127
}

/// The sum of eight lanes.
#[inline(always)]
fn lanes_total(x: &[u32; 16], half: usize) -> u32 {
    let x = &x[8 * (half & 1)..8 * (half & 1) + 8];
    ((x[0] + x[4]) + (x[1] + x[5])) + ((x[2] + x[6]) + (x[3] + x[7]))
}

/// The [`HitStats`] of two movers' reaches (the first's in the low halves): for each roll, of
/// weight 2 (a non-double) or 1 (a double), whether it reaches a blot, whether two, and the
/// highest blot's point (the pips it loses). The reaches are laid out as 16 lanes of 32 bits
/// per group of eight slots (the first mover's eight, then the second's), so that one
/// pass of 16 lanes weighs the three groups (two of non-doubles, one of doubles) with plain
/// vector operations (there is no vector count of leading zeros before AVX-512), and the
/// lanes of each mover are added up at the end. Integer counts: the order of the additions
/// does not change them.
#[inline(always)]
pub(super) fn sum_reach(reach: &Reach<u64>) -> [HitStats; 2] {
    let mut lanes = [[0u32; 16]; 3];
    for (g, group) in lanes.iter_mut().enumerate() {
        for j in 0..8 {
            let m = reach[(8 * g + j) % 24];
            group[j] = m as u32;
            group[8 + j] = (m >> 32) as u32;
        }
    }
    let [first, second, doubles] = &lanes;
    let (mut shots, mut two, mut pips) = ([0u32; 16], [0u32; 16], [0u32; 16]);
    for j in 0..16 {
        let (a, b, c) = (first[j], second[j], doubles[j]);
        shots[j] = 2 * (reaches(a) + reaches(b)) + reaches(c);
        two[j] = 2 * (reaches_two(a) + reaches_two(b)) + reaches_two(c);
        pips[j] = 2 * (highest_reached(a) + highest_reached(b)) + highest_reached(c);
    }
    // Written out (an array's `map` was left a call, not inlined), and by functions rather
    // than closures: a closure's iterator sum was left a call out of the net's AVX2 code.
    [
        HitStats {
            shots: lanes_total(&shots, 0),
            double_shots: lanes_total(&two, 0),
            pip_loss: lanes_total(&pips, 0),
        },
        HitStats {
            shots: lanes_total(&shots, 1),
            double_shots: lanes_total(&two, 1),
            pip_loss: lanes_total(&pips, 1),
        },
    ]
}

/// [`HitStats`] of `them` (to roll next) against `me`, both sides in their own numbering (as
/// [`shots`] takes them).
#[must_use]
pub fn hits(me: &[u8; 26], them: &[u8; 26]) -> HitStats {
    let [blots, blocked, movers, bar] = hitter_masks(me, them);
    hit_stats(blots, blocked, movers, bar)
}

/// [`HitStats`] of the opponent's next roll against the owner's blots on `board` (the owner's
/// view of the encoders: the owner's points 1..=24, the opponent's checkers negative, their bar
/// at index 0): [`hits`] of the opponent against the owner, read from the board as it is. The
/// heuristic policy's hit cost counts with it.
///
/// A blot behind every opposing checker (the opponent moves up the owner's numbering) cannot
/// be hit: when no blot is in front of one, the count stops there (the same result, sooner).
#[must_use]
#[inline]
pub fn board_hits(board: &[i8; 26]) -> HitStats {
    let (mut blots, mut made, mut theirs) = (0u32, 0u32, 0u32);
    for (p, &c) in board.iter().enumerate().take(25).skip(1) {
        blots |= u32::from(c == 1) << p;
        made |= u32::from(c >= 2) << p;
        theirs |= u32::from(c < 0) << p;
    }
    let bar = u32::from(board[0].min(0).unsigned_abs());
    // The opponent's rearmost checker (0 = their bar): only blots above it can be hit.
    let rearmost = if bar > 0 { 0 } else { theirs.trailing_zeros() };
    if blots >> rearmost.min(31) == 0 {
        return HitStats::default();
    }
    // In the opponent's numbering, which the counts take: the owner's point p is their 25 - p.
    let flip = |mask: u32| mask.reverse_bits() >> 6;
    hit_stats(flip(blots), flip(made), flip(theirs), bar)
}

/// How well `them`'s points contain a checker of `me`: the fewest rolls (of 36) with which a
/// checker of `me` on any of its points 15..=24 escapes them ([`escapes`]'s rules), 36 when
/// none of those points is contained. (gnubg's `I_CONTAIN` and `I_ACONTAIN` measure the same
/// containment over the same points; gammon counts it with its own definition.)
#[must_use]
pub fn containment(them: &[u8; 26]) -> u32 {
    containment_rolls(point_mask(|p| them[25 - p] >= 2))
}

/// [`containment`] from the other side's made points as bits in the contained side's
/// numbering.
#[inline(always)]
pub(super) fn containment_rolls(blocked: u32) -> u32 {
    // Five look-ups of two points each (24 and 23, 22 and 21, .., 16 and 15): bit j (0..19)
    // of a pair's window is their point p - 19 + j, below the upper point p.
    let table = escape_pair_table();
    let wide = u64::from(blocked) << 19;
    let window = |p: u32| (wide >> p) as usize & 0x7_ffff;
    let least = table[window(24)]
        .min(table[window(22)])
        .min(table[window(20)])
        .min(table[window(18)])
        .min(table[window(16)]);
    u32::from(least)
}

/// The lesser of the escapes ([`escape_rolls`]) from two neighbouring points `p` and `p − 1`
/// (both 3 or above), indexed by the window of 19 points below `p`: bit j is point p − 19 + j.
/// The upper point's window of 18 ([`escape_window`]) is its bits 1..19, the lower's its bits
/// 0..18. Built on first use from [`escape_table`].
#[inline(always)]
fn escape_pair_table() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let single = escape_table();
        (0..1usize << 19)
            .map(|w| single[w >> 1].min(single[w & 0x3_ffff]))
            .collect()
    })
}
