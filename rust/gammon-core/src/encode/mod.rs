//! Layer 2b, **encode**: neural-network input encodings of boards, as `f32` units.
//!
//! Every encoder reads a board in the one layout of the crate's batch interfaces, the *owner's
//! view* (the layout of [`crate::VariantPosition::board26`]): 26 signed counts seen from one
//! player, the board's **owner** — index 1..=24 the owner's points in the owner's numbering
//! (positive = the owner's checkers, negative = the opponent's), index 25 the owner's bar and
//! index 0 the opponent's bar as a negative count (both 0 in Long Nardy). `on_roll` says
//! whether the owner is the player to roll next: `true` for a position about to be played,
//! `false` for the result of the owner's play (the rows of `PlayList.boards()`).
//!
//! Four encodings, each documented unit by unit on its function:
//! - [`Encoding::TdGammon`] ([`tdgammon`], 198 units): Tesauro's TD-Gammon inputs.
//! - [`Encoding::Contact`] ([`contact`], 220 units): gnubg's base inputs plus hand-made
//!   features, each named with its source.
//! - [`Encoding::ContactPlus`] ([`contact_plus`], 224 units): [`contact`] followed by each
//!   side's shots and escapes (rolls of 36), the two dice-based features it lacks.
//! - [`Encoding::Nardy`] ([`nardy`], 202 units): a Long Nardy encoding of gammon's design.
//!
//! The encoders do not validate: pass boards that came from validated positions (the Python
//! layer validates arrays before encoding them).
//!
//! May use: `base`, `rules`.

use crate::base::variant::{RulesFamily, Variant};
use crate::rules::nardy::other_point;

/// Units of [`tdgammon`].
pub const TDGAMMON_UNITS: usize = 198;
/// Units of [`contact`].
pub const CONTACT_UNITS: usize = 220;
/// Units of [`contact_plus`].
pub const CONTACT_PLUS_UNITS: usize = 224;
/// Units of [`nardy`].
pub const NARDY_UNITS: usize = 202;
/// Hand-made features per side in [`contact`].
pub const CONTACT_FEATURES: usize = 9;

/// An input encoding (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Tesauro's 198 TD-Gammon inputs ([`tdgammon`]); backgammon family.
    TdGammon,
    /// gnubg-style contact inputs ([`contact`]); backgammon family.
    Contact,
    /// [`contact`] plus shots and escapes ([`contact_plus`]); backgammon family.
    ContactPlus,
    /// gammon's Long Nardy inputs ([`nardy`]); Long Nardy only.
    Nardy,
}

impl Encoding {
    /// Every encoding.
    pub const ALL: [Encoding; 4] = [
        Encoding::TdGammon,
        Encoding::Contact,
        Encoding::ContactPlus,
        Encoding::Nardy,
    ];

    /// The name used by the Python layer: `"tdgammon"`, `"contact"`, `"contact-plus"`,
    /// `"nardy"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::TdGammon => "tdgammon",
            Encoding::Contact => "contact",
            Encoding::ContactPlus => "contact-plus",
            Encoding::Nardy => "nardy",
        }
    }

    /// The encoding called `name` ([`Encoding::name`]), if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Encoding> {
        Encoding::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Number of `f32` units per board.
    #[must_use]
    pub const fn units(self) -> usize {
        match self {
            Encoding::TdGammon => TDGAMMON_UNITS,
            Encoding::Contact => CONTACT_UNITS,
            Encoding::ContactPlus => CONTACT_PLUS_UNITS,
            Encoding::Nardy => NARDY_UNITS,
        }
    }

    /// True when the encoding is defined for `variant`'s rules family.
    #[must_use]
    pub fn supports(self, variant: Variant) -> bool {
        match self {
            Encoding::TdGammon | Encoding::Contact | Encoding::ContactPlus => {
                variant.family() == RulesFamily::Backgammon
            }
            Encoding::Nardy => variant.family() == RulesFamily::LongNardy,
        }
    }

    /// Encodes one board into `out` (exactly [`Encoding::units`] long). `checkers` is the
    /// number of checkers each side owns (`Variant::checkers_per_side`).
    pub fn encode_into(self, board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
        match self {
            Encoding::TdGammon => tdgammon(board, checkers, on_roll, out),
            Encoding::Contact => contact(board, checkers, on_roll, out),
            Encoding::ContactPlus => contact_plus(board, checkers, on_roll, out),
            Encoding::Nardy => nardy(board, on_roll, out),
        }
    }
}

/// Each side's checkers in its own numbering: index 1..=24 points, 25 the bar, 0 borne off.
fn sides(board: &[i8; 26], checkers: u8) -> [[u8; 26]; 2] {
    let mut own = [0u8; 26];
    let mut opp = [0u8; 26];
    for p in 1..=24usize {
        let c = board[p];
        if c > 0 {
            own[p] = c as u8;
        } else if c < 0 {
            opp[25 - p] = c.unsigned_abs();
        }
    }
    own[25] = board[25].max(0) as u8;
    opp[25] = board[0].min(0).unsigned_abs();
    for side in [&mut own, &mut opp] {
        let on: u32 = side[1..].iter().map(|&c| u32::from(c)).sum();
        side[0] = (u32::from(checkers).saturating_sub(on)) as u8;
    }
    [own, opp]
}

/// Tesauro's four units for `n` checkers on a point: n ≥ 1, n ≥ 2, n ≥ 3, (n − 3) / 2 (the
/// plain definition of [`UNARY`], kept for the tests).
#[cfg(test)]
fn truncated_unary(n: u8, out: &mut [f32]) {
    out[0] = f32::from(u8::from(n >= 1));
    out[1] = f32::from(u8::from(n >= 2));
    out[2] = f32::from(u8::from(n >= 3));
    out[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
}

/// TD-Gammon's 198 inputs (Tesauro, "Practical Issues in Temporal Difference Learning",
/// Machine Learning 8, 1992; the unit layout as described in Sutton & Barto, *Reinforcement
/// Learning: An Introduction*, 2nd ed., §16.1).
///
/// Units, with `s = 0` for the board's owner and `s = 1` for the opponent, each side in its
/// own numbering:
/// - `99·s + 4·(p−1) .. +4` for point `p` in 1..=24 with `n` of the side's checkers:
///   `n ≥ 1`, `n ≥ 2`, `n ≥ 3`, `(n − 3)/2` (0 when `n ≤ 3`);
/// - `99·s + 96`: the side's checkers on the bar / 2;
/// - `99·s + 97`: the side's borne-off checkers / `checkers`;
/// - `99·s + 98`: 1 when the side is on roll, else 0 (Tesauro's two turn units).
pub fn tdgammon(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    // One pass over the board, each point's four units copied from a table: this encoder
    // runs once per candidate in the batched game loop, where it is most of gammon's cost.
    let out = &mut out[..TDGAMMON_UNITS];
    let (own, opp) = out.split_at_mut(99);
    let (mut own_on, mut opp_on) = (0u32, 0u32);
    for p in 1..=24usize {
        let c = board[p];
        let mine = c.max(0).unsigned_abs();
        let theirs = c.min(0).unsigned_abs();
        own_on += u32::from(mine);
        opp_on += u32::from(theirs);
        own[4 * (p - 1)..4 * p].copy_from_slice(&UNARY[usize::from(mine.min(15))]);
        // The opponent's point 25 - p in its own numbering.
        opp[4 * (24 - p)..4 * (25 - p)].copy_from_slice(&UNARY[usize::from(theirs.min(15))]);
    }
    let own_bar = board[25].max(0).unsigned_abs();
    let opp_bar = board[0].min(0).unsigned_abs();
    let per_side = u32::from(checkers);
    let div = f32::from(checkers.max(1));
    for (side, bar, on, rolls) in [
        (own, own_bar, own_on, on_roll),
        (opp, opp_bar, opp_on, !on_roll),
    ] {
        side[96] = f32::from(bar) / 2.0;
        side[97] = per_side.saturating_sub(on + u32::from(bar)) as f32 / div;
        side[98] = f32::from(u8::from(rolls));
    }
}

/// Tesauro's four units for 0..=15 checkers on a point (n ≥ 1, n ≥ 2, n ≥ 3, (n − 3) / 2),
/// precomputed.
const UNARY: [[f32; 4]; 16] = {
    let mut t = [[0f32; 4]; 16];
    let mut n = 1;
    while n < 16 {
        t[n][0] = 1.0;
        if n >= 2 {
            t[n][1] = 1.0;
        }
        if n >= 3 {
            t[n][2] = 1.0;
        }
        if n > 3 {
            t[n][3] = (n - 3) as f32 / 2.0;
        }
        n += 1;
    }
    t
};

/// The pip count of one side in its own numbering (BG-8): bar counts 25.
fn pips(side: &[u8; 26]) -> u32 {
    (1..=25).map(|p| p as u32 * u32::from(side[p])).sum()
}

/// The nine hand-made features of [`contact`] for `me` against `them`, both in their own
/// numbering (my point `p` is their point `25 − p`).
fn contact_features(me: &[u8; 26], them: &[u8; 26], checkers: u8, out: &mut [f32]) {
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

/// gnubg-style contact inputs: 220 units.
///
/// Units, with `s = 0` for the board's owner and `s = 1` for the opponent, each side in its
/// own numbering:
/// - `100·s + 4·(p−1) .. +4` for `p` in 1..=25 (25 = the bar) with `n` checkers: gnubg's
///   base inputs as its `eval.c` describes them — `n = 1`, `n = 2`, `n ≥ 3`, `(n − 3)/2`;
/// - `200 + 9·s .. +9`: the side's hand-made features, in order: pip count / 167 (BG-8);
///   borne off / checkers (gnubg `I_OFF1..3`); pips to break contact / 152 (gnubg
///   `I_BREAK_CONTACT`); rearmost checker / 25 (gnubg `I_BACK_CHEQUER`); rearmost anchor in
///   the opponent's home / 24 (gnubg `I_BACK_ANCHOR`); most forward anchor from point 13
///   / 24 (gnubg `I_FORWARD_ANCHOR`); home-board points made / 6 (the entering numbers
///   gnubg's `I_ENTER` counts); blots / checkers (Neurogammon, BKG); longest prime / 6
///   (gnubg `I_CONTAIN`). gammon computes each with its own definition after these names;
///   the values are not gnubg's bit for bit;
/// - `218 + s`: 1 when side `s` is on roll, else 0.
pub fn contact(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..CONTACT_UNITS];
    let both = sides(board, checkers);
    for (s, side) in both.iter().enumerate() {
        for p in 1..=25usize {
            let n = side[p];
            let u = &mut out[100 * s + 4 * (p - 1)..100 * s + 4 * p];
            u[0] = f32::from(u8::from(n == 1));
            u[1] = f32::from(u8::from(n == 2));
            u[2] = f32::from(u8::from(n >= 3));
            u[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
        }
        let f = 200 + CONTACT_FEATURES * s;
        contact_features(
            side,
            &both[1 - s],
            checkers,
            &mut out[f..f + CONTACT_FEATURES],
        );
        out[218 + s] = f32::from(u8::from(on_roll == (s == 0)));
    }
}

/// Bit `q` set for each point `q` (1..=24, in the moving side's numbering) where `f` holds.
fn point_mask(f: impl Fn(usize) -> bool) -> u32 {
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
    // Everything in their numbering: they move from 25 (the bar) down towards 1.
    let blots = point_mask(|q| me[25 - q] == 1);
    if blots == 0 {
        return 0;
    }
    let blocked = point_mask(|q| me[25 - q] >= 2);
    let movers = point_mask(|q| them[q] > 0);
    let bar = u32::from(them[25]);
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
                    let second = 1u32 << (25 - b);
                    if second & blots != 0 {
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
        if hits_double(a) {
            rolls += 1;
        }
        for b in a + 1..=6 {
            if hits_plain(a, b) {
                rolls += 2;
            }
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
    let Some(back) = (1..=25usize).rev().find(|&p| me[p] > 0) else {
        return 36;
    };
    // The farthest of their points (in my numbering) within 12 pips in front of it.
    let Some(front) = (back.saturating_sub(12).max(1)..back).find(|&p| them[25 - p] >= 2) else {
        return 36;
    };
    let blocked = point_mask(|p| them[25 - p] >= 2);
    let back = back as i32;
    let front = front as i32;
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

/// [`contact`] plus four dice-based units: 224 units.
///
/// Units `0..220` are [`contact`]'s; then, with `s = 0` for the board's owner and `s = 1`
/// for the opponent:
/// - `220 + 2·s`: the rolls of the other side that hit a blot of side `s` ([`shots`]) / 36;
/// - `221 + 2·s`: the rolls with which side `s`'s rearmost checker escapes the other side's
///   points in front of it ([`escapes`]) / 36.
pub fn contact_plus(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..CONTACT_PLUS_UNITS];
    contact(board, checkers, on_roll, &mut out[..CONTACT_UNITS]);
    let both = sides(board, checkers);
    for s in 0..2 {
        let (me, them) = (&both[s], &both[1 - s]);
        out[CONTACT_UNITS + 2 * s] = shots(me, them) as f32 / 36.0;
        out[CONTACT_UNITS + 2 * s + 1] = escapes(me, them) as f32 / 36.0;
    }
}

/// gammon's Long Nardy inputs: 202 units.
///
/// Units, with `s = 0` for the board's owner and `s = 1` for the opponent, each side in its
/// own numbering (LN-3; the owner's point `p` is the opponent's point `other(p)`):
/// - `101·s + 4·(p−1) .. +4` for point `p` in 1..=24 with `n` checkers: `n ≥ 1` (the point
///   is held: one checker blocks it, LN-7), `n ≥ 2`, `n ≥ 3`, `(n − 3)/12` (a head holds up
///   to 15);
/// - `101·s + 96`: borne-off checkers / 15 (LN-29);
/// - `101·s + 97`: pip count / 360 (360 is the starting count);
/// - `101·s + 98`: 1 while all 15 checkers are on the head (the first turn, LN-18);
/// - `101·s + 99`: the side's longest run of held points / 6 (a block, LN-24);
/// - `101·s + 100`: 1 when the side is on roll, else 0.
pub fn nardy(board: &[i8; 26], on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..NARDY_UNITS];
    let mut both = [[0u8; 25]; 2];
    for p in 1..=24u8 {
        let c = board[p as usize];
        if c > 0 {
            both[0][p as usize] = c as u8;
        } else if c < 0 {
            both[1][other_point(p) as usize] = c.unsigned_abs();
        }
    }
    for (s, side) in both.iter().enumerate() {
        let base = 101 * s;
        let mut on = 0u32;
        let mut pip = 0u32;
        let mut best = 0u32;
        let mut run = 0u32;
        for p in 1..=24usize {
            let n = side[p];
            let u = &mut out[base + 4 * (p - 1)..base + 4 * p];
            u[0] = f32::from(u8::from(n >= 1));
            u[1] = f32::from(u8::from(n >= 2));
            u[2] = f32::from(u8::from(n >= 3));
            u[3] = if n > 3 { f32::from(n - 3) / 12.0 } else { 0.0 };
            on += u32::from(n);
            pip += p as u32 * u32::from(n);
            run = if n > 0 { run + 1 } else { 0 };
            best = best.max(run);
        }
        out[base + 96] = 15u32.saturating_sub(on) as f32 / 15.0;
        out[base + 97] = pip as f32 / 360.0;
        out[base + 98] = f32::from(u8::from(side[24] == 15));
        out[base + 99] = best.min(6) as f32 / 6.0;
        out[base + 100] = f32::from(u8::from(on_roll == (s == 0)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::rules::backgammon::Backgammon;
    use crate::rules::nardy::Nardy;

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
        use crate::rules::position::Position;
        // Positions of random play from the start (contact, bar, race, bear-off), both turns.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut checked = 0;
        for _ in 0..40 {
            let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
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
                for on_roll in [true, false] {
                    let mut out = [f32::NAN; TDGAMMON_UNITS];
                    tdgammon(pos.raw(), 15, on_roll, &mut out);
                    assert_eq!(out.to_vec(), tdgammon_reference(pos.raw(), 15, on_roll));
                    checked += 1;
                }
            }
        }
        assert!(checked > 500);
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

    #[test]
    fn names_round_trip() {
        for e in Encoding::ALL {
            assert_eq!(Encoding::from_name(e.name()), Some(e));
        }
        assert!(Encoding::TdGammon.supports(Variant::Hypergammon2));
        assert!(!Encoding::Nardy.supports(Variant::Backgammon));
    }
}
