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
//! Six encodings, each documented unit by unit on its function:
//! - [`Encoding::TdGammon`] ([`tdgammon`], 198 units): Tesauro's TD-Gammon inputs.
//! - [`Encoding::Contact`] ([`contact`], 220 units): gnubg's base inputs plus hand-made
//!   features, each named with its source.
//! - [`Encoding::ContactPlus`] ([`contact_plus`], 224 units): [`contact`] followed by each
//!   side's shots and escapes (rolls of 36), the two dice-based features it lacks.
//! - [`Encoding::ContactExt`] ([`contact_ext`], 230 units): [`contact_plus`] followed by each
//!   side's pip loss to hits, double shots and containment.
//! - [`Encoding::ContactShape`] ([`contact_shape`], 244 units): [`contact_ext`] followed by
//!   seven features per side of how its checkers are spread (timing, spread, gaps, back
//!   game, mobility).
//! - [`Encoding::Nardy`] ([`nardy`], 202 units): a Long Nardy encoding of gammon's design.
//!
//! The encoders do not validate: pass boards that came from validated positions (the Python
//! layer validates arrays before encoding them).
//!
//! May use: `base`, `rules`.

use crate::base::variant::{RulesFamily, Variant};
use crate::rules::nardy::other_point;

mod shape;

/// Units of [`tdgammon`].
pub const TDGAMMON_UNITS: usize = 198;
/// Units of [`contact`].
pub const CONTACT_UNITS: usize = 220;
/// Units of [`contact_plus`].
pub const CONTACT_PLUS_UNITS: usize = 224;
/// Units of [`contact_ext`].
pub const CONTACT_EXT_UNITS: usize = 230;
/// Units of [`contact_shape`].
pub const CONTACT_SHAPE_UNITS: usize = 244;
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
    /// [`contact_plus`] plus pip loss, double shots and containment ([`contact_ext`]);
    /// backgammon family.
    ContactExt,
    /// [`contact_ext`] plus seven shape features per side ([`contact_shape`]); backgammon
    /// family.
    ContactShape,
    /// gammon's Long Nardy inputs ([`nardy`]); Long Nardy only.
    Nardy,
}

impl Encoding {
    /// Every encoding.
    pub const ALL: [Encoding; 6] = [
        Encoding::TdGammon,
        Encoding::Contact,
        Encoding::ContactPlus,
        Encoding::ContactExt,
        Encoding::ContactShape,
        Encoding::Nardy,
    ];

    /// The name used by the Python layer: `"tdgammon"`, `"contact"`, `"contact-plus"`,
    /// `"contact-ext"`, `"contact-shape"`, `"nardy"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::TdGammon => "tdgammon",
            Encoding::Contact => "contact",
            Encoding::ContactPlus => "contact-plus",
            Encoding::ContactExt => "contact-ext",
            Encoding::ContactShape => "contact-shape",
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
            Encoding::ContactExt => CONTACT_EXT_UNITS,
            Encoding::ContactShape => CONTACT_SHAPE_UNITS,
            Encoding::Nardy => NARDY_UNITS,
        }
    }

    /// True when `self` is `smaller` with units added at the end: every unit of `smaller` is
    /// the same unit at the same index of `self` (the chain `contact`, `contact-plus`,
    /// `contact-ext`, `contact-shape`; an encoding extends itself). A net on `smaller` grows
    /// into one on `self` by zero rows for the added units.
    #[must_use]
    pub fn extends(self, smaller: Encoding) -> bool {
        const CHAIN: [Encoding; 4] = [
            Encoding::Contact,
            Encoding::ContactPlus,
            Encoding::ContactExt,
            Encoding::ContactShape,
        ];
        let at = |e| CHAIN.iter().position(|&c| c == e);
        self == smaller || matches!((at(smaller), at(self)), (Some(i), Some(j)) if i <= j)
    }

    /// True when the encoding is defined for `variant`'s rules family.
    #[must_use]
    pub fn supports(self, variant: Variant) -> bool {
        match self {
            Encoding::TdGammon
            | Encoding::Contact
            | Encoding::ContactPlus
            | Encoding::ContactExt
            | Encoding::ContactShape => variant.family() == RulesFamily::Backgammon,
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
            Encoding::ContactExt => contact_ext(board, checkers, on_roll, out),
            Encoding::ContactShape => contact_shape(board, checkers, on_roll, out),
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
        own[p] = c.max(0).unsigned_abs();
        opp[25 - p] = c.min(0).unsigned_abs();
    }
    own[25] = board[25].max(0).unsigned_abs();
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

/// Bit `i` set when byte `i` of `x` is at least `k` (1..=127), for bytes of at most 128:
/// eight bytes at a time, each byte's top bit set by an addition that cannot carry into the
/// next, the eight top bits then gathered by one multiplication.
#[inline(always)]
fn bytes_at_least(x: &[u8; 32], k: u8) -> u32 {
    const TOP: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let add = u64::from_ne_bytes([0x80 - k; 8]);
    let mut mask = 0u32;
    for (w, c) in x.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        let top = word.wrapping_add(add) & TOP;
        mask |= (((top >> 7).wrapping_mul(GATHER) >> 56) as u32) << (8 * w);
    }
    mask
}

/// Bit `i` set when entry `i` of `a` and `b` differ: eight entries at a time, each byte of
/// their difference (`^`) with its top bit set when it is not 0 (the low seven bits' sum
/// with `0x7f` carries into the top bit, which cannot carry further), the eight top bits
/// then gathered by one multiplication (as [`bytes_at_least`]).
#[inline(always)]
fn differing_entries(a: &[i8; 26], b: &[i8; 26]) -> u32 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (mut pa, mut pb) = ([0u8; 32], [0u8; 32]);
    for i in 0..26 {
        pa[i] = a[i] as u8;
        pb[i] = b[i] as u8;
    }
    let mut mask = 0u32;
    for (w, (ca, cb)) in pa.chunks_exact(8).zip(pb.chunks_exact(8)).enumerate() {
        let word = |c: &[u8]| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        let x = word(ca) ^ word(cb);
        let top = (((x & LOW) + LOW) | x) & !LOW;
        mask |= (((top >> 7).wrapping_mul(GATHER) >> 56) as u32) << (8 * w);
    }
    mask
}

/// The points 1..=24 as bits.
const POINT_BITS: u32 = 0x01ff_fffe;

/// What the hand-made features of one side need, in that side's own numbering.
struct SideSummary {
    /// Bit `p`: the side has a checker on point `p` (1..=24, 25 its bar).
    occupied: u32,
    /// Bit `p`: the side has two or more checkers on point `p` (1..=24).
    made: u32,
    /// The pip count (BG-8).
    pips: u32,
    /// Checkers borne off.
    off: u32,
    /// Pips to break contact: for each checker behind the opponent's rearmost checker, the
    /// distance to pass it.
    break_contact: u32,
    /// [`SideSummary::occupied`] in the numbering of the board's owner (bit `i` = board index
    /// `i`): the same mask for the owner, the opponent's before its bits are reversed.
    board_occupied: u32,
    /// [`SideSummary::made`] in the numbering of the board's owner.
    board_made: u32,
}

impl SideSummary {
    /// Bit `p`: the side has exactly one checker on point `p` (1..=24).
    #[inline(always)]
    fn blots(&self) -> u32 {
        self.occupied & !self.made & POINT_BITS
    }
}

/// Both sides' [`SideSummary`] of a board (owner's view), the owner's first: a few loops over
/// the 26 entries (padded to 32) that the compiler turns into SIMD, and bit masks.
#[inline(always)]
fn side_summaries(board: &[i8; 26], checkers: u8) -> [SideSummary; 2] {
    // Board index i: the owner's point i (25 the bar) and the opponent's point 25 - i (0
    // their bar).
    const OPP_WEIGHT: [u32; 32] = {
        let mut t = [0u32; 32];
        let mut i = 0;
        while i <= 25 {
            t[i] = 25 - i as u32;
            i += 1;
        }
        t
    };
    let mut own = [0u8; 32];
    let mut opp = [0u8; 32];
    for i in 1..26 {
        own[i] = board[i].max(0).unsigned_abs();
    }
    for i in 0..25 {
        opp[i] = board[i].min(0).unsigned_abs();
    }
    let own_occupied = bytes_at_least(&own, 1);
    let opp_occupied = bytes_at_least(&opp, 1);
    let own_made = bytes_at_least(&own, 2) & POINT_BITS;
    let opp_made = bytes_at_least(&opp, 2) & POINT_BITS;
    // The opponent's rearmost checker in the owner's numbering is the lowest index they
    // hold (0 when none); the owner's rearmost is the highest index the owner holds, and in
    // the opponent's numbering 25 minus it (0 when none: then every checker counts 25 - i).
    let their_back = if opp_occupied == 0 {
        0
    } else {
        opp_occupied.trailing_zeros()
    };
    let my_back = if own_occupied == 0 {
        25
    } else {
        31 - own_occupied.leading_zeros()
    };
    let (mut own_on, mut opp_on, mut own_pips, mut opp_pips) = (0u32, 0u32, 0u32, 0u32);
    let (mut own_break, mut opp_break) = (0u32, 0u32);
    for i in 0..32 {
        let (o, t) = (u32::from(own[i]), u32::from(opp[i]));
        own_on += o;
        opp_on += t;
        own_pips += i as u32 * o;
        opp_pips += OPP_WEIGHT[i] * t;
        own_break += (i as u32).saturating_sub(their_back) * o;
        opp_break += my_back.saturating_sub(i as u32) * t;
    }
    let all = u32::from(checkers);
    [
        SideSummary {
            occupied: own_occupied,
            made: own_made,
            pips: own_pips,
            off: all.saturating_sub(own_on),
            break_contact: own_break,
            board_occupied: own_occupied,
            board_made: own_made,
        },
        SideSummary {
            // Bit i of a board mask is the opponent's point 25 - i.
            occupied: opp_occupied.reverse_bits() >> 6,
            made: opp_made.reverse_bits() >> 6,
            pips: opp_pips,
            off: all.saturating_sub(opp_on),
            break_contact: opp_break,
            board_occupied: opp_occupied,
            board_made: opp_made,
        },
    ]
}

/// The nine hand-made features of [`contact`] for one side (see `contact_features_reference`
/// in the tests for the plain definitions, one per unit, which this matches):
/// - 0: pip count / 167 (BG-8; 167 is the starting count);
/// - 1: borne off / checkers (gnubg eval.c: I_OFF1..I_OFF3 split the same count in thirds);
/// - 2: pips to break contact / 152: for each of my checkers behind their rearmost checker,
///   the distance it must travel to pass it (gnubg eval.c: I_BREAK_CONTACT);
/// - 3: my rearmost checker's point / 25 (gnubg eval.c: I_BACK_CHEQUER; bar = 25);
/// - 4: my rearmost anchor (a point of 2+ checkers) in their home board, points 19..24, / 24
///   (gnubg eval.c: I_BACK_ANCHOR); 0 when none;
/// - 5: my most forward anchor from point 13 back to 24, / 24 (gnubg eval.c:
///   I_FORWARD_ANCHOR); 0 when none;
/// - 6: points made in my home board / 6: how many of their entering numbers I close (gnubg
///   eval.c: I_ENTER, I_ENTER2 count the rolls that fail to enter);
/// - 7: my blots / checkers (Tesauro's Neurogammon and Berliner's BKG 9.8 both weigh blot
///   exposure);
/// - 8: my longest run of made points / 6 (a prime; gnubg eval.c: I_CONTAIN measures the
///   containment the same points give).
///
/// Every feature is an integer count divided by a constant, so the values do not depend on
/// how they were computed: an incremental update ([`Encoding::board_units`]) sees the same
/// floats as a full encoding.
#[inline(always)]
fn contact_features(side: &SideSummary, checkers: u8, out: &mut [f32]) {
    let out = &mut out[..CONTACT_FEATURES];
    let per_checker = 1.0 / f64::from(checkers.max(1));
    let highest = |m: u32| if m == 0 { 0 } else { 31 - m.leading_zeros() };
    let made = side.made;
    let forward = made & (0xfff << 13);
    // The longest run of made points (at most 6): how many of `made`, `made & made >> 1`, ..
    // (each the starts of runs one longer) are not 0, without a loop whose end the branch
    // predictor would miss.
    let mut best = 0u32;
    let mut run = made;
    for _ in 0..6 {
        best += u32::from(run != 0);
        run &= run >> 1;
    }
    let counts = [
        side.pips,
        side.off,
        side.break_contact,
        highest(side.occupied),
        // 0 when there is no such anchor.
        highest(made & (0x3f << 19)),
        if forward == 0 {
            0
        } else {
            forward.trailing_zeros()
        },
        (made & 0x7e).count_ones(),
        // Points 1..=24 with exactly one checker.
        (side.occupied & !made & POINT_BITS).count_ones(),
        best,
    ];
    let reciprocals = [
        1.0 / 167.0,
        per_checker,
        1.0 / 152.0,
        1.0 / 25.0,
        1.0 / 24.0,
        1.0 / 24.0,
        1.0 / 6.0,
        per_checker,
        1.0 / 6.0,
    ];
    ratios(&counts, &reciprocals, out);
}

/// [`ratio`] of each count with its reciprocal, into `out`: one loop, which the compiler
/// turns into vector conversions (the counts, far below 2^31, converted as `i32`: the same
/// `f64`s).
#[inline(always)]
fn ratios<const N: usize>(counts: &[u32; N], reciprocals: &[f64; N], out: &mut [f32]) {
    let out = &mut out[..N];
    for k in 0..N {
        out[k] = (f64::from(counts[k] as i32) * reciprocals[k]) as f32;
    }
}

/// `n / d` rounded to `f32`, from `reciprocal` = `1 / d` in `f64`: the same float as
/// `n as f32 / d as f32` for the counts and divisors of the encodings (the `f64` product is
/// within 2^-52 of `n / d`, which, being a fraction of small denominator that is not a
/// power of two, is never that close to a midpoint between two `f32`s; the tests check
/// every count up to 20,000), without a division.
#[inline(always)]
fn ratio(n: u32, reciprocal: f64) -> f32 {
    (f64::from(n) * reciprocal) as f32
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
    contact_point_units(board, checkers, &mut out[..200]);
    contact_board_units(board, checkers, on_roll, &mut out[200..]);
}

/// The point units of [`contact`] and [`contact_plus`] (their units 0..200).
fn contact_point_units(board: &[i8; 26], checkers: u8, out: &mut [f32]) {
    for (s, side) in sides(board, checkers).iter().enumerate() {
        for p in 1..=25usize {
            out[100 * s + 4 * (p - 1)..100 * s + 4 * p].copy_from_slice(&gnubg4(side[p]));
        }
    }
}

/// The per-board units of [`contact`] (its units 200..220).
#[inline(always)]
fn contact_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let [mine, theirs] = side_summaries(board, checkers);
    contact_features_and_turn(&mine, &theirs, checkers, on_roll, out);
}

/// The 20 per-board units [`contact`] and [`contact_plus`] share, from the sides' summaries:
/// each side's nine features, then the two turn units.
#[inline(always)]
fn contact_features_and_turn(
    mine: &SideSummary,
    theirs: &SideSummary,
    checkers: u8,
    on_roll: bool,
    out: &mut [f32],
) {
    let out = &mut out[..2 * CONTACT_FEATURES + 2];
    let (a, b) = out.split_at_mut(CONTACT_FEATURES);
    contact_features(mine, checkers, a);
    contact_features(theirs, checkers, &mut b[..CONTACT_FEATURES]);
    out[18] = f32::from(u8::from(on_roll));
    out[19] = f32::from(u8::from(!on_roll));
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
fn shot_rolls(blots: u32, blocked: u32, movers: u32, bar: u32) -> u32 {
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

/// [`shot_rolls`] for a mover with checkers on the bar: [`shot_rolls_from_the_bar`]'s count
/// with each die's entry worked out once (open, and whether it hits) and the 15 non-doubles
/// from those, without branches.
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

/// [`shot_rolls`] counted roll by roll, for any mover: the plain definition the fast paths
/// are checked against.
#[cfg(test)]
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
fn escape_rolls(back: u32, blocked: u32) -> u32 {
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
fn escape_rolls_direct(back: u32, blocked: u32) -> u32 {
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

/// The four dice-based units of [`contact_plus`] (its units 220..224) from the sides'
/// summaries and bars.
#[inline(always)]
fn dice_units(mine: &SideSummary, theirs: &SideSummary, bars: [u32; 2], out: &mut [f32]) {
    let [at_mine, at_theirs] = shot_masks(mine, theirs);
    let shots = if bars == [0, 0] {
        shot_rolls_both(at_mine, at_theirs)
    } else {
        [
            shot_rolls(at_mine[0], at_mine[1], at_mine[2], bars[1]),
            shot_rolls(at_theirs[0], at_theirs[1], at_theirs[2], bars[0]),
        ]
    };
    dice_units_of(mine, theirs, at_mine[1], shots, out);
}

/// The masks of both sides' shots, each `[blots, blocked, movers]` in the numbering of the
/// side that rolls ([`shot_rolls`]): their shots at my blots (in their numbering), and mine
/// at theirs (in mine, the board's: their masks as the board has them).
#[inline(always)]
fn shot_masks(mine: &SideSummary, theirs: &SideSummary) -> [[u32; 3]; 2] {
    // My two masks in their numbering come from one 64-bit reversal: bit i of the low half
    // goes to bit 63 - i, of the high half to 31 - i.
    let mine_flipped = (u64::from(mine.blots()) | (u64::from(mine.made) << 32)).reverse_bits();
    [
        [
            (mine_flipped >> 38) as u32,
            (mine_flipped as u32) >> 6,
            theirs.occupied & POINT_BITS,
        ],
        [
            theirs.board_occupied & !theirs.board_made & POINT_BITS,
            theirs.board_made,
            mine.occupied & POINT_BITS,
        ],
    ]
}

/// The four dice units from the shots each side suffers (`shots`: at my blots, at theirs)
/// and `my_made_for_them`, my made points in their numbering.
#[inline(always)]
fn dice_units_of(
    mine: &SideSummary,
    theirs: &SideSummary,
    my_made_for_them: u32,
    shots: [u32; 2],
    out: &mut [f32],
) {
    let back = |s: &SideSummary| {
        31u32.saturating_sub(s.occupied.leading_zeros()) * u32::from(s.occupied != 0)
    };
    // Rolls of 36 as `ratio`s: the quotients, without a division's latency.
    let counts = [
        shots[0],
        escape_rolls(back(mine), theirs.board_made),
        shots[1],
        escape_rolls(back(theirs), my_made_for_them),
    ];
    ratios(&counts, &[1.0 / 36.0; 4], out);
}

/// [`shot_rolls`] for two movers at once, neither with a checker on the bar: each given as
/// `[blots, blocked, movers]`. The two sets of masks go in the two halves of 64-bit words, so
/// that each shift, and and or serves both; the bits a shift carries from the upper half into
/// the top of the lower one (points 26..31 there, which hold nothing) are treated as blocked
/// points, so they never go on, and they are never blots.
#[inline(always)]
fn shot_rolls_both(first: [u32; 3], second: [u32; 3]) -> [u32; 2] {
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

/// The per-board units of [`contact_plus`]: [`contact`]'s (its units 200..220) and then its
/// own four (220..224).
#[inline(always)]
fn contact_plus_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let [mine, theirs] = side_summaries(board, checkers);
    contact_plus_units_of(&mine, &theirs, bars(board), checkers, on_roll, out);
}

/// The owner's and the opponent's checkers on the bar of a board (owner's view).
#[inline(always)]
fn bars(board: &[i8; 26]) -> [u32; 2] {
    [
        u32::from(board[25].max(0).unsigned_abs()),
        u32::from(board[0].min(0).unsigned_abs()),
    ]
}

/// [`contact_plus`]'s 24 per-board units (its units 200..224) from the sides' summaries and
/// bars: [`contact`]'s 20, then the four dice units.
#[inline(always)]
fn contact_plus_units_of(
    mine: &SideSummary,
    theirs: &SideSummary,
    bars: [u32; 2],
    checkers: u8,
    on_roll: bool,
    out: &mut [f32],
) {
    let out = &mut out[..2 * CONTACT_FEATURES + 6];
    contact_features_and_turn(mine, theirs, checkers, on_roll, &mut out[..20]);
    dice_units(mine, theirs, bars, &mut out[20..24]);
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
    contact_point_units(board, checkers, &mut out[..200]);
    contact_plus_board_units(board, checkers, on_roll, &mut out[200..]);
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

/// The blots (a mask in the mover's numbering) one roll `a`-`b` of the mover reaches, with the
/// rules of [`shots`]: direct and combined shots over open points, a double moving up to four
/// steps, checkers on the bar entering first. Roll by roll: the plain definition the fast
/// paths of [`hit_stats`] are checked against.
#[cfg(test)]
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
#[cfg(test)]
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

/// Each roll's blots reached (a mask in the mover's numbering, as [`roll_hits`] gives it), in
/// slots: the 15 non-doubles a-b (a < b, in that order) in slots 0..15, the doubles 1-1..6-6
/// in slots 16..22, and slots 15, 22 and 23 empty (so that each weight fills whole vectors
/// when [`sum_reach`] adds them up). `T` is `u32` for one mover, `u64` for two (one in each
/// half).
type Reach<T> = [T; 24];

/// The slot in a [`Reach`] of the first double.
const DOUBLES: usize = 16;

/// [`hit_stats`] for a mover: each roll's reach, then [`sum_reach`].
#[must_use]
#[inline]
fn hit_stats(blots: u32, blocked: u32, movers: u32, bar: u32) -> HitStats {
    let [st, _] = sum_reach(&pair_reach(
        &reach_one([blots, blocked, movers], bar),
        &[0; 24],
    ));
    st
}

/// Each roll's reach of one mover `[blots, blocked, movers]` with `bar` checkers on the bar.
#[inline(always)]
fn reach_one(masks: [u32; 3], bar: u32) -> Reach<u32> {
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
fn pair_reach(low: &Reach<u32>, high: &Reach<u32>) -> Reach<u64> {
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
/// branches: what [`roll_hits`] finds roll by roll (the tests check both against a search of
/// every sequence of moves).
#[inline(always)]
fn reach_both(first: [u32; 3], second: [u32; 3]) -> Reach<u64> {
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
/// roll's reach from those without branches: what [`roll_hits`] finds roll by roll.
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

/// Per lane of eight, over `lanes` (a multiple of eight): how many are not 0, how many have
/// two or more bits, and the sum of their highest bits' indices (0 for 0), each a count of
/// rolls of one weight ([`sum_reach`]).
#[inline(always)]
fn lane_sums(lanes: &[u32]) -> [[u32; 8]; 3] {
    let mut s = [[0u32; 8]; 3];
    for chunk in lanes.chunks_exact(8) {
        for j in 0..8 {
            let v = chunk[j];
            s[0][j] += u32::from(v != 0);
            s[1][j] += u32::from(v & v.wrapping_sub(1) != 0);
            // 127 + the highest bit's index, or 0 for no bit.
            s[2][j] += ((v as i32 as f32).to_bits() >> 23).max(127) - 127;
        }
    }
    s
}

/// The [`HitStats`] of two movers' reaches (the first's in the low halves): for each roll, of
/// weight 2 (a non-double) or 1 (a double), whether it reaches a blot, whether two (clearing
/// the lowest bit leaves one), and the highest blot's point (the pips it loses): the
/// exponent of the mask as an `f32`, exact because a mask is even and below 2^25. Written
/// lane by lane over eight 32-bit lanes so that the compiler adds up eight at a time (there
/// is no vector count of leading zeros before AVX-512).
#[inline(always)]
fn sum_reach(reach: &Reach<u64>) -> [HitStats; 2] {
    let mut lanes = [0u32; 48];
    for (k, &m) in reach.iter().enumerate() {
        lanes[2 * k] = m as u32;
        lanes[2 * k + 1] = (m >> 32) as u32;
    }
    let (non_doubles, doubles) = lanes.split_at(2 * DOUBLES);
    let sums = [lane_sums(non_doubles), lane_sums(doubles)];
    let total = |k: usize, half: usize| -> u32 {
        (0..4)
            .map(|i| 2 * sums[0][k][2 * i + half] + sums[1][k][2 * i + half])
            .sum()
    };
    // Written out (an array's `map` was left a call, not inlined).
    [
        HitStats {
            shots: total(0, 0),
            double_shots: total(1, 0),
            pip_loss: total(2, 0),
        },
        HitStats {
            shots: total(0, 1),
            double_shots: total(1, 1),
            pip_loss: total(2, 1),
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
fn containment_rolls(blocked: u32) -> u32 {
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

/// [`containment_rolls`] the plain way: the least of [`escape_rolls`] over points 15..=24.
#[cfg(test)]
fn containment_rolls_plain(blocked: u32) -> u32 {
    (15..=24u32)
        .map(|p| escape_rolls(p, blocked))
        .min()
        .unwrap_or(36)
}

/// Bit `p` to bit `25 − p` for `p` in 0..=25: a mask in one side's numbering in the other's.
#[cfg(test)]
fn flip(mask: u32) -> u32 {
    mask.reverse_bits() >> 6
}

/// The six units [`contact_ext`] adds to [`contact_plus`] (its units 224..230), the plain
/// way: each side's [`hit_stats`] and containment from its summaries. The tests' reference
/// for [`contact_ext_board_units`], which shares the hit masks with the shots.
#[cfg(test)]
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

/// The per-board units of [`contact_ext`]: [`contact_plus`]'s (its units 200..224) and then
/// its own six (224..230). The hit statistics of both sides come from one pass over the
/// rolls, which counts the shots of [`contact_plus`] too.
#[inline(always)]
fn contact_ext_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..2 * CONTACT_FEATURES + 12];
    let [mine, theirs] = side_summaries(board, checkers);
    contact_features_and_turn(&mine, &theirs, checkers, on_roll, &mut out[..20]);
    let contained_mine = containment_rolls(theirs.board_made);
    ext_dice_units(
        &mine,
        &theirs,
        bars(board),
        contained_mine,
        &mut out[20..30],
    );
}

/// The ten dice units of [`contact_ext`] (its units 220..230) from the sides' summaries and
/// bars, and `contained_mine`, the owner's containment by the opponent's made points.
#[inline(always)]
fn ext_dice_units(
    mine: &SideSummary,
    theirs: &SideSummary,
    bars: [u32; 2],
    contained_mine: u32,
    out: &mut [f32],
) {
    let out = &mut out[..10];
    let [at_mine, at_theirs] = shot_masks(mine, theirs);
    // Without contact (every checker of mine below every one of theirs in the board's
    // numbering, so none on a bar), no roll of either side reaches the other's checkers: no
    // shots, no pips lost. Else both sides' reach of every roll in one array (mine at
    // theirs in the high halves).
    let (mine_at, theirs_at) = (mine.board_occupied, theirs.board_occupied);
    let race =
        mine_at != 0 && theirs_at != 0 && 31 - mine_at.leading_zeros() < theirs_at.trailing_zeros();
    let stats = if race {
        [HitStats::default(); 2]
    } else if bars == [0, 0] {
        sum_reach(&reach_both(at_mine, at_theirs))
    } else {
        sum_reach(&pair_reach(
            &reach_one(at_mine, bars[1]),
            &reach_one(at_theirs, bars[0]),
        ))
    };
    dice_units_of(
        mine,
        theirs,
        at_mine[1],
        [stats[0].shots, stats[1].shots],
        &mut out[..4],
    );
    // Containment of each side by the other's made points, in the contained side's
    // numbering: mine by theirs as the board has them (`contained_mine`), theirs by mine
    // flipped.
    let contained = [contained_mine, containment_rolls(at_mine[1])];
    let counts = [
        stats[0].pip_loss,
        stats[0].double_shots,
        contained[0],
        stats[1].pip_loss,
        stats[1].double_shots,
        contained[1],
    ];
    let per_roll = 1.0 / 36.0;
    let per_pip = 1.0 / (36.0 * 24.0);
    let reciprocals = [per_pip, per_roll, per_roll, per_pip, per_roll, per_roll];
    ratios(&counts, &reciprocals, &mut out[4..]);
}

/// [`contact_plus`] plus six more units: 230 units.
///
/// Units `0..224` are [`contact_plus`]'s; then, with `s = 0` for the board's owner and
/// `s = 1` for the opponent ([`hits`] of the other side against side `s`, [`containment`] of
/// side `s` by the other side's points):
/// - `224 + 3·s`: the pips side `s` loses to the other side's next roll, summed over the 36
///   rolls (each roll's costliest hit) / (36 · 24) (gnubg's `I_PIPLOSS` weighs the same loss);
/// - `225 + 3·s`: the rolls that reach two or more of side `s`'s blots / 36 (gnubg's `I_P2`);
/// - `226 + 3·s`: [`containment`] of side `s` / 36.
pub fn contact_ext(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..CONTACT_EXT_UNITS];
    contact_point_units(board, checkers, &mut out[..200]);
    contact_ext_board_units(board, checkers, on_roll, &mut out[200..]);
}

/// The per-board units of [`contact_shape`]: [`contact_ext`]'s (its units 200..230), then
/// each side's seven shape units (230..244).
#[inline(always)]
fn contact_shape_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..44];
    contact_ext_board_units(board, checkers, on_roll, &mut out[..30]);
    shape_board_units(board, &mut out[30..]);
}

/// Each side's seven shape units of [`contact_shape`] (its units 230..244).
#[inline(always)]
fn shape_board_units(board: &[i8; 26], out: &mut [f32]) {
    let out = &mut out[..2 * shape::SHAPE_FEATURES];
    let [own, opp] = shape_counts(board);
    // Each side's rearmost checker in the other's numbering: 25 minus its highest point (0
    // when it is on the bar or has none).
    let rearmost = |counts: &[u8; 32]| {
        let occupied = bytes_at_least(counts, 1);
        if occupied == 0 {
            0
        } else {
            25 - (31 - occupied.leading_zeros())
        }
    };
    // Each side's made points in the other's numbering.
    let made = |counts: &[u8; 32]| (bytes_at_least(counts, 2) & POINT_BITS).reverse_bits() >> 6;
    let (mine, theirs) = out.split_at_mut(shape::SHAPE_FEATURES);
    let side = |counts, front, blocked| shape::ShapeSide {
        counts,
        front,
        blocked,
    };
    shape::shape_units(&side(&own, rearmost(&opp), made(&opp)), mine);
    shape::shape_units(&side(&opp, rearmost(&own), made(&own)), theirs);
}

/// Each side's checkers in its own numbering, padded to 32: the owner's point `p` is
/// `board[p]`, the opponent's point `q` is `board[25 − q]` (its bar, `q = 25`, is `board[0]`).
#[inline(always)]
fn shape_counts(board: &[i8; 26]) -> [[u8; 32]; 2] {
    let mut own = [0u8; 32];
    let mut opp = [0u8; 32];
    for p in 1..=25 {
        own[p] = board[p].max(0).unsigned_abs();
        opp[p] = board[25 - p].min(0).unsigned_abs();
    }
    [own, opp]
}

/// [`contact_ext`] plus fourteen more units: 244 units.
///
/// Units `0..230` are [`contact_ext`]'s; then `230 + 7·s .. +7` for side `s` (`0` the
/// board's owner, `1` the opponent): the side's seven shape units, in the order and with
/// the definitions of `shape::shape_units` — free pips / 100, timing / 100, one-sided
/// spread / 400, gaps between made points, back game, one back anchor, mobility / 3600
/// (after gnubg `eval.c`'s `I_FREEPIP`, `I_TIMING`, `I_MOMENT2`, `I_BACKBONE`, `I_BACKG`,
/// `I_BACKG1`, `I_MOBILITY`; gammon's own definitions, not gnubg's values bit for bit).
pub fn contact_shape(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..CONTACT_SHAPE_UNITS];
    contact_point_units(board, checkers, &mut out[..200]);
    contact_shape_board_units(board, checkers, on_roll, &mut out[200..]);
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
    let both = nardy_sides(board);
    for (s, side) in both.iter().enumerate() {
        let base = 101 * s;
        for p in 1..=24usize {
            out[base + 4 * (p - 1)..base + 4 * p].copy_from_slice(&nardy4(side[p]));
        }
    }
    let mut units = [0f32; 10];
    nardy_board_units(&both, on_roll, &mut units);
    out[96..101].copy_from_slice(&units[..5]);
    out[197..202].copy_from_slice(&units[5..]);
}

/// Each side's checkers on the points of a Long Nardy board, in its own numbering (LN-3).
#[inline(always)]
fn nardy_sides(board: &[i8; 26]) -> [[u8; 25]; 2] {
    let mut both = [[0u8; 25]; 2];
    for p in 1..=24u8 {
        let c = board[p as usize];
        if c > 0 {
            both[0][p as usize] = c as u8;
        } else if c < 0 {
            both[1][other_point(p) as usize] = c.unsigned_abs();
        }
    }
    both
}

/// Long Nardy's four units for `n` checkers on a point: n ≥ 1, n ≥ 2, n ≥ 3, (n − 3)/12.
#[inline(always)]
fn nardy4(n: u8) -> [f32; 4] {
    [
        f32::from(u8::from(n >= 1)),
        f32::from(u8::from(n >= 2)),
        f32::from(u8::from(n >= 3)),
        if n > 3 { f32::from(n - 3) / 12.0 } else { 0.0 },
    ]
}

/// The non-zero changes of gnubg's four units ([`gnubg4`]) when a count goes from one value
/// to another (both up to 15), in unit order, padded with changes of 0.
#[derive(Clone, Copy)]
struct Gnubg4Change {
    /// The units that change, as offsets from the point's first unit.
    offsets: [u8; 4],
    /// Their changes (after − before).
    deltas: [f32; 4],
    /// How many units change.
    len: u8,
}

/// [`Gnubg4Change`] by count before and count after, built at compile time with the
/// subtractions [`UnitDeltas::push_group`] makes (the same floats).
const GNUBG4_CHANGES: [[Gnubg4Change; 16]; 16] = {
    let mut units = [[0f32; 4]; 16];
    let mut n = 1;
    while n < 16 {
        units[n][0] = if n == 1 { 1.0 } else { 0.0 };
        units[n][1] = if n == 2 { 1.0 } else { 0.0 };
        units[n][2] = if n >= 3 { 1.0 } else { 0.0 };
        units[n][3] = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
        n += 1;
    }
    let none = Gnubg4Change {
        offsets: [0; 4],
        deltas: [0.0; 4],
        len: 0,
    };
    let mut t = [[none; 16]; 16];
    let mut b = 0;
    while b < 16 {
        let mut a = 0;
        while a < 16 {
            let mut k = 0;
            while k < 4 {
                let d = units[a][k] - units[b][k];
                if d != 0.0 {
                    let at = t[b][a].len as usize;
                    t[b][a].offsets[at] = k as u8;
                    t[b][a].deltas[at] = d;
                    t[b][a].len += 1;
                }
                k += 1;
            }
            a += 1;
        }
        b += 1;
    }
    t
};

/// gnubg's four units for `n` checkers on a point: n = 1, n = 2, n ≥ 3, (n − 3)/2 (from a
/// table up to 15).
#[inline(always)]
fn gnubg4(n: u8) -> [f32; 4] {
    const TABLE: [[f32; 4]; 16] = {
        let mut t = [[0f32; 4]; 16];
        let mut n = 1;
        while n < 16 {
            t[n][0] = if n == 1 { 1.0 } else { 0.0 };
            t[n][1] = if n == 2 { 1.0 } else { 0.0 };
            t[n][2] = if n >= 3 { 1.0 } else { 0.0 };
            t[n][3] = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
            n += 1;
        }
        t
    };
    if let Some(units) = TABLE.get(usize::from(n)) {
        return *units;
    }
    [
        f32::from(u8::from(n == 1)),
        f32::from(u8::from(n == 2)),
        f32::from(u8::from(n >= 3)),
        if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 },
    ]
}

/// The per-board units of [`nardy`] (units 96..101 and 197..202, in that order).
#[inline(always)]
fn nardy_board_units(both: &[[u8; 25]; 2], on_roll: bool, out: &mut [f32]) {
    for (s, side) in both.iter().enumerate() {
        let mut on = 0u32;
        let mut pip = 0u32;
        let mut best = 0u32;
        let mut run = 0u32;
        for (p, &n) in side.iter().enumerate().skip(1) {
            on += u32::from(n);
            pip += p as u32 * u32::from(n);
            run = if n > 0 { run + 1 } else { 0 };
            best = best.max(run);
        }
        let u = &mut out[5 * s..5 * s + 5];
        u[0] = 15u32.saturating_sub(on) as f32 / 15.0;
        u[1] = pip as f32 / 360.0;
        u[2] = f32::from(u8::from(side[24] == 15));
        u[3] = best.min(6) as f32 / 6.0;
        u[4] = f32::from(u8::from(on_roll == (s == 0)));
    }
}

/// The per-board units of [`tdgammon`] (units 97, 98, 196, 197: each side's borne-off
/// checkers and turn unit).
#[inline(always)]
fn tdgammon_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let (mut own_on, mut opp_on) = (0u32, 0u32);
    for &c in &board[1..=24] {
        own_on += u32::from(c.max(0).unsigned_abs());
        opp_on += u32::from(c.min(0).unsigned_abs());
    }
    let own_bar = u32::from(board[25].max(0).unsigned_abs());
    let opp_bar = u32::from(board[0].min(0).unsigned_abs());
    let per_side = u32::from(checkers);
    let div = f32::from(checkers.max(1));
    out[0] = per_side.saturating_sub(own_on + own_bar) as f32 / div;
    out[1] = f32::from(u8::from(on_roll));
    out[2] = per_side.saturating_sub(opp_on + opp_bar) as f32 / div;
    out[3] = f32::from(u8::from(!on_roll));
}

/// The most per-board units of any encoding ([`Encoding::board_unit_indices`]).
pub const MAX_BOARD_UNITS: usize = 48;
/// The most units of any encoding (the capacity of [`UnitDeltas`]).
pub const MAX_UNITS: usize = 256;

const CONTACT_BOARD_UNITS: [u16; 20] = {
    let mut t = [0u16; 20];
    let mut k = 0;
    while k < 20 {
        t[k] = 200 + k as u16;
        k += 1;
    }
    t
};
const CONTACT_PLUS_BOARD_UNITS: [u16; 24] = {
    let mut t = [0u16; 24];
    let mut k = 0;
    while k < 24 {
        t[k] = 200 + k as u16;
        k += 1;
    }
    t
};
const CONTACT_EXT_BOARD_UNITS: [u16; 30] = {
    let mut t = [0u16; 30];
    let mut k = 0;
    while k < 30 {
        t[k] = 200 + k as u16;
        k += 1;
    }
    t
};
const CONTACT_SHAPE_BOARD_UNITS: [u16; 44] = {
    let mut t = [0u16; 44];
    let mut k = 0;
    while k < 44 {
        t[k] = 200 + k as u16;
        k += 1;
    }
    t
};
const TDGAMMON_BOARD_UNITS: [u16; 4] = [97, 98, 196, 197];
const NARDY_BOARD_UNITS: [u16; 10] = [96, 97, 98, 99, 100, 197, 198, 199, 200, 201];

/// The input units that differ between two boards, with their changes (after − before):
/// what the first layer of a net needs to go from one board's sums to the other's.
#[derive(Clone, Debug)]
pub struct UnitDeltas {
    units: [u16; MAX_UNITS],
    deltas: [f32; MAX_UNITS],
    len: usize,
}

impl Default for UnitDeltas {
    fn default() -> Self {
        UnitDeltas::new()
    }
}

impl UnitDeltas {
    /// An empty list.
    #[must_use]
    pub fn new() -> UnitDeltas {
        UnitDeltas {
            units: [0; MAX_UNITS],
            deltas: [0.0; MAX_UNITS],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds the change `delta` of `unit`. A unit is added at most once per pair of boards,
    /// so the list never holds more than an encoding's units.
    #[inline]
    pub fn push(&mut self, unit: u16, delta: f32) {
        self.units[self.len] = unit;
        self.deltas[self.len] = delta;
        self.len += 1;
    }

    /// The units that changed.
    #[inline]
    #[must_use]
    pub fn units(&self) -> &[u16] {
        &self.units[..self.len]
    }

    /// Their changes, in the order of [`UnitDeltas::units`].
    #[inline]
    #[must_use]
    pub fn deltas(&self) -> &[f32] {
        &self.deltas[..self.len]
    }

    /// The number of changed units.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no unit changed.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds the units of a group whose values go from `before` to `after`, the first at unit
    /// `first`: those whose value changed. Branch-free (whether a unit changes is not
    /// predictable): every unit is written at the end of the list, which grows only by the
    /// changed ones.
    #[inline(always)]
    fn push_group<const N: usize>(&mut self, first: usize, before: [f32; N], after: [f32; N]) {
        let mut len = self.len;
        // A group's units are not in the list yet, so there is room for them.
        if len + N <= MAX_UNITS {
            for k in 0..N {
                let d = after[k] - before[k];
                self.units[len] = (first + k) as u16;
                self.deltas[len] = d;
                len += usize::from(d != 0.0);
            }
        }
        self.len = len;
    }

    /// [`UnitDeltas::push_group`] of gnubg's four units ([`gnubg4`]) of a point whose count
    /// goes from `before` to `after`, first at unit `first`: from a table of the changes
    /// (made of the same subtractions) for counts up to 15, without comparing floats.
    #[inline(always)]
    fn push_gnubg4_change(&mut self, first: usize, before: u8, after: u8) {
        let len = self.len;
        match GNUBG4_CHANGES
            .get(usize::from(before))
            .and_then(|row| row.get(usize::from(after)))
        {
            Some(change) if len + 4 <= MAX_UNITS => {
                for k in 0..4 {
                    self.units[len + k] = first as u16 + u16::from(change.offsets[k]);
                    self.deltas[len + k] = change.deltas[k];
                }
                self.len = len + usize::from(change.len);
            }
            _ => self.push_group(first, gnubg4(before), gnubg4(after)),
        }
    }

    /// Adds each unit of `units` whose value goes from `before` to `after` (the three in the
    /// same order) with its change, when the change is not 0: [`UnitDeltas::push_if_changed`]
    /// for each, with the list's length kept in a register for the whole group.
    #[inline(always)]
    pub fn push_changed(&mut self, units: &[u16], after: &[f32], before: &[f32]) {
        let mut len = self.len;
        let n = units.len().min(after.len()).min(before.len());
        // The group's units are not in the list yet, so there is room for them (and `len`
        // stays below `MAX_UNITS`: the remainder only spares the bounds checks).
        if len + n <= MAX_UNITS {
            for k in 0..n {
                let d = after[k] - before[k];
                self.units[len % MAX_UNITS] = units[k];
                self.deltas[len % MAX_UNITS] = d;
                len += usize::from(d != 0.0);
            }
        }
        self.len = len;
    }

    /// Adds `unit` with its change `delta` when `delta` is not 0. Branch-free (whether a unit
    /// changes is not predictable): the pair is written at the end of the list, which grows
    /// only when `delta` is not 0.
    #[inline(always)]
    pub fn push_if_changed(&mut self, unit: u16, delta: f32) {
        // A full list holds every unit of an encoding once: no slot is left to write to and
        // no unit can change again.
        if self.len < MAX_UNITS {
            self.units[self.len] = unit;
            self.deltas[self.len] = delta;
            self.len += usize::from(delta != 0.0);
        }
    }
}

/// Incremental encoding: every unit of an encoding is either a **point unit**, a function of
/// one entry of the board alone, or a **per-board unit** (pip counts, borne-off checkers,
/// hand-made features, the turn), computed from the whole board. A play changes a few
/// entries, so the inputs of the board after it differ from those before it in the point
/// units of those entries and in whichever per-board units changed: the first layer of a
/// net is updated from those alone (see `eval::net::Ranker`).
impl Encoding {
    /// Adds to `out` the point units of board entry `i` (0..26) that change when it goes
    /// from `before` to `after` checkers (signed counts of the owner's view).
    #[inline(always)]
    pub fn point_deltas(self, i: usize, before: i8, after: i8, out: &mut UnitDeltas) {
        let own = |c: i8| c.max(0).unsigned_abs();
        let opp = |c: i8| c.min(0).unsigned_abs();
        match self {
            Encoding::Contact
            | Encoding::ContactPlus
            | Encoding::ContactExt
            | Encoding::ContactShape => {
                // Owner's point i (25 = the bar); the opponent's point 25 - i (0: their bar).
                if i >= 1 && own(before) != own(after) {
                    out.push_gnubg4_change(4 * (i - 1), own(before), own(after));
                }
                if i <= 24 && opp(before) != opp(after) {
                    let first = 100 + 4 * (24 - i);
                    out.push_gnubg4_change(first, opp(before), opp(after));
                }
            }
            Encoding::TdGammon => {
                let unary = |n: u8| UNARY[usize::from(n.min(15))];
                if (1..=24).contains(&i) {
                    if own(before) != own(after) {
                        out.push_group(4 * (i - 1), unary(own(before)), unary(own(after)));
                    }
                    if opp(before) != opp(after) {
                        let first = 99 + 4 * (24 - i);
                        out.push_group(first, unary(opp(before)), unary(opp(after)));
                    }
                } else {
                    // The bars: the owner's at 25, the opponent's at 0 (checkers / 2).
                    let (first, b, a) = if i == 25 {
                        (96, own(before), own(after))
                    } else {
                        (99 + 96, opp(before), opp(after))
                    };
                    if b != a {
                        out.push_group(first, [f32::from(b) / 2.0], [f32::from(a) / 2.0]);
                    }
                }
            }
            Encoding::Nardy => {
                if (1..=24).contains(&i) {
                    if own(before) != own(after) {
                        out.push_group(4 * (i - 1), nardy4(own(before)), nardy4(own(after)));
                    }
                    if opp(before) != opp(after) {
                        let first = 101 + 4 * (usize::from(other_point(i as u8)) - 1);
                        out.push_group(first, nardy4(opp(before)), nardy4(opp(after)));
                    }
                }
            }
        }
    }

    /// The per-board units, in the order [`Encoding::board_units`] writes them.
    #[must_use]
    pub fn board_unit_indices(self) -> &'static [u16] {
        match self {
            Encoding::TdGammon => &TDGAMMON_BOARD_UNITS,
            Encoding::Contact => &CONTACT_BOARD_UNITS,
            Encoding::ContactPlus => &CONTACT_PLUS_BOARD_UNITS,
            Encoding::ContactExt => &CONTACT_EXT_BOARD_UNITS,
            Encoding::ContactShape => &CONTACT_SHAPE_BOARD_UNITS,
            Encoding::Nardy => &NARDY_BOARD_UNITS,
        }
    }

    /// Writes the values of the per-board units ([`Encoding::board_unit_indices`], in that
    /// order) of `board` to `out`: the same values [`Encoding::encode_into`] gives them.
    #[inline(always)]
    pub fn board_units(self, board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
        match self {
            Encoding::TdGammon => tdgammon_board_units(board, checkers, on_roll, out),
            Encoding::Contact => contact_board_units(board, checkers, on_roll, out),
            Encoding::ContactPlus => contact_plus_board_units(board, checkers, on_roll, out),
            Encoding::ContactExt => contact_ext_board_units(board, checkers, on_roll, out),
            Encoding::ContactShape => contact_shape_board_units(board, checkers, on_roll, out),
            Encoding::Nardy => nardy_board_units(&nardy_sides(board), on_roll, out),
        }
    }
}

/// What the per-board units of the plays of one position share (see
/// [`Encoding::roll_context`]): the opponent's side, which a play changes only when it hits.
///
/// A play moves the owner's checkers; the opponent's change only when one is hit (sent to
/// their bar, board index 0). For the plays that hit nothing, the opponent's side summary,
/// their nine hand-made features but one (pips to break contact, which depends on the
/// owner's rearmost checker: a table of 26), and the containment of the owner's checkers by
/// their points are those of the board before the plays, found once per position.
/// [`Encoding::board_units_in`] checks each board's opponent checkers against the context's
/// and falls back to [`Encoding::board_units`] when they differ (or for the encodings it
/// does not cover), so the values are always [`Encoding::board_units`]'s.
#[derive(Clone, Debug)]
pub struct RollContext {
    /// The opponent's checkers by board index (as [`side_summaries`] reads them).
    opp: [u8; 32],
    /// Whether the fields below hold the summary of `opp` (an encoding of the contact family).
    ready: bool,
    /// The opponent's occupied points (board numbering).
    opp_occupied: u32,
    /// The opponent's made points (board numbering).
    opp_made: u32,
    /// The opponent's pip count.
    opp_pips: u32,
    /// The opponent's checkers on the board.
    opp_on: u32,
    /// The opponent's rearmost checker in the owner's numbering (0 when none).
    their_back: u32,
    /// The opponent's pips to break contact for each index of the owner's rearmost checker
    /// (0..=25, as [`side_summaries`] finds it).
    opp_break: [u32; 26],
    /// [`contact_features`] of the opponent, with pips to break contact of 0.
    their_features: [f32; CONTACT_FEATURES],
    /// The break-contact unit of the opponent for each index of the owner's rearmost checker.
    break_units: [f32; 26],
    /// [`containment_rolls`] of the owner by the opponent's made points.
    contained_mine: u32,
}

impl Default for RollContext {
    fn default() -> Self {
        RollContext {
            opp: [0; 32],
            ready: false,
            opp_occupied: 0,
            opp_made: 0,
            opp_pips: 0,
            opp_on: 0,
            their_back: 0,
            opp_break: [0; 26],
            their_features: [0.0; CONTACT_FEATURES],
            break_units: [0.0; 26],
            contained_mine: 36,
        }
    }
}

/// The opponent's checkers of a board by board index (0 their bar, 25 and above empty), as
/// [`side_summaries`] reads them.
#[inline(always)]
fn opp_counts(board: &[i8; 26]) -> [u8; 32] {
    let mut opp = [0u8; 32];
    for i in 0..25 {
        opp[i] = board[i].min(0).unsigned_abs();
    }
    opp
}

impl RollContext {
    /// Fills the context from `before`, the board of the position whose plays follow.
    fn fill(&mut self, before: &[i8; 26], checkers: u8) {
        let [_, theirs] = side_summaries(before, checkers);
        self.opp = opp_counts(before);
        self.opp_occupied = theirs.board_occupied;
        self.opp_made = theirs.board_made;
        self.opp_pips = theirs.pips;
        self.opp_on = u32::from(checkers).saturating_sub(theirs.off);
        self.their_back = if theirs.board_occupied == 0 {
            0
        } else {
            theirs.board_occupied.trailing_zeros()
        };
        // Their pips to break contact with my rearmost checker on index b: the sum over
        // their checkers on indices i < b of (b - i), from running sums.
        let (mut count, mut weighted) = (0u32, 0u32);
        for b in 0..26u32 {
            self.opp_break[b as usize] = b * count - weighted;
            let t = u32::from(self.opp[b as usize]);
            count += t;
            weighted += b * t;
        }
        for (unit, &pips) in self.break_units.iter_mut().zip(&self.opp_break) {
            *unit = ratio(pips, 1.0 / 152.0);
        }
        let summary = SideSummary {
            break_contact: 0,
            ..theirs
        };
        contact_features(&summary, checkers, &mut self.their_features);
        self.contained_mine = containment_rolls(theirs.board_made);
        self.ready = true;
    }

    /// Both sides' summaries of `board` (owner's view) and the owner's rearmost index, when
    /// its opponent checkers are those of the context (the owner's side computed as
    /// [`side_summaries`] does, the opponent's taken from the context); `None` otherwise.
    #[inline(always)]
    fn summaries(&self, board: &[i8; 26], checkers: u8) -> Option<([SideSummary; 2], u32)> {
        if !self.ready || opp_counts(board) != self.opp {
            return None;
        }
        Some(self.summaries_same(board, checkers))
    }

    /// [`RollContext::summaries`] of a board whose opponent checkers are known to be the
    /// context's (the caller has checked them; the context is ready).
    #[inline(always)]
    fn summaries_same(&self, board: &[i8; 26], checkers: u8) -> ([SideSummary; 2], u32) {
        let mut own = [0u8; 32];
        for i in 1..26 {
            own[i] = board[i].max(0).unsigned_abs();
        }
        let own_occupied = bytes_at_least(&own, 1);
        let own_made = bytes_at_least(&own, 2) & POINT_BITS;
        let my_back = if own_occupied == 0 {
            25
        } else {
            31 - own_occupied.leading_zeros()
        };
        let (mut own_on, mut own_pips, mut own_break) = (0u32, 0u32, 0u32);
        for (i, &c) in own.iter().enumerate() {
            let o = u32::from(c);
            own_on += o;
            own_pips += i as u32 * o;
            own_break += (i as u32).saturating_sub(self.their_back) * o;
        }
        let all = u32::from(checkers);
        let back = (my_back as usize).min(25);
        (
            [
                SideSummary {
                    occupied: own_occupied,
                    made: own_made,
                    pips: own_pips,
                    off: all.saturating_sub(own_on),
                    break_contact: own_break,
                    board_occupied: own_occupied,
                    board_made: own_made,
                },
                SideSummary {
                    occupied: self.opp_occupied.reverse_bits() >> 6,
                    made: self.opp_made.reverse_bits() >> 6,
                    pips: self.opp_pips,
                    off: all.saturating_sub(self.opp_on),
                    break_contact: self.opp_break[back],
                    board_occupied: self.opp_occupied,
                    board_made: self.opp_made,
                },
            ],
            my_back,
        )
    }

    /// The 20 per-board units of [`contact`] from the summaries of
    /// [`RollContext::summaries`]: the opponent's features from the context.
    #[inline(always)]
    fn features_and_turn(
        &self,
        mine: &SideSummary,
        my_back: u32,
        checkers: u8,
        on_roll: bool,
        out: &mut [f32],
    ) {
        let out = &mut out[..2 * CONTACT_FEATURES + 2];
        contact_features(mine, checkers, &mut out[..CONTACT_FEATURES]);
        out[CONTACT_FEATURES..2 * CONTACT_FEATURES].copy_from_slice(&self.their_features);
        out[CONTACT_FEATURES + 2] = self.break_units[(my_back as usize).min(25)];
        out[18] = f32::from(u8::from(on_roll));
        out[19] = f32::from(u8::from(!on_roll));
    }
}

impl Encoding {
    /// Fills `ctx` for the plays of `before` (see [`RollContext`]); a no-op but for marking
    /// it unused for the encodings it does not cover.
    pub fn roll_context(self, before: &[i8; 26], checkers: u8, ctx: &mut RollContext) {
        match self {
            Encoding::Contact
            | Encoding::ContactPlus
            | Encoding::ContactExt
            | Encoding::ContactShape => ctx.fill(before, checkers),
            _ => ctx.ready = false,
        }
    }

    /// [`Encoding::board_units`] of `board`, a play of the position `ctx` was filled from
    /// ([`Encoding::roll_context`]): the same values, the opponent's share taken from the
    /// context when the play hit nothing.
    #[inline(always)]
    pub fn board_units_in(
        self,
        ctx: &RollContext,
        board: &[i8; 26],
        checkers: u8,
        on_roll: bool,
        out: &mut [f32],
    ) {
        let same = ctx.summaries(board, checkers).is_some();
        self.board_units_known(ctx, board, checkers, on_roll, same, out);
    }

    /// [`Encoding::board_units_in`] when the caller knows whether the opponent's checkers of
    /// `board` are those of the position `ctx` was filled from (`same_opponent`): the
    /// context's share taken without comparing them.
    #[inline(always)]
    fn board_units_known(
        self,
        ctx: &RollContext,
        board: &[i8; 26],
        checkers: u8,
        on_roll: bool,
        same_opponent: bool,
        out: &mut [f32],
    ) {
        let covered = matches!(
            self,
            Encoding::Contact
                | Encoding::ContactPlus
                | Encoding::ContactExt
                | Encoding::ContactShape
        );
        if !(covered && ctx.ready && same_opponent) {
            return self.board_units(board, checkers, on_roll, out);
        }
        let ([mine, theirs], my_back) = ctx.summaries_same(board, checkers);
        ctx.features_and_turn(&mine, my_back, checkers, on_roll, out);
        match self {
            Encoding::ContactPlus => dice_units(&mine, &theirs, bars(board), &mut out[20..24]),
            Encoding::ContactExt => ext_dice_units(
                &mine,
                &theirs,
                bars(board),
                ctx.contained_mine,
                &mut out[20..30],
            ),
            Encoding::ContactShape => {
                ext_dice_units(
                    &mine,
                    &theirs,
                    bars(board),
                    ctx.contained_mine,
                    &mut out[20..30],
                );
                shape_board_units(board, &mut out[30..]);
            }
            _ => {}
        }
    }

    /// Fills `d` with the inputs that differ between `before` and `board` (owner's views),
    /// each with its change, in the order the first layer adds their rows: the point units
    /// of each entry that differs ([`Encoding::point_deltas`], by increasing index), then the
    /// per-board units whose values differ from `before_units` (`before`'s
    /// [`Encoding::board_units`]). `ctx` must have been filled from `before`
    /// ([`Encoding::roll_context`]): the per-board units of `board` are then
    /// [`Encoding::board_units_in`]'s, whether the opponent's checkers moved (a hit) found from
    /// the entries that differ rather than by comparing the whole board.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn play_deltas(
        self,
        ctx: &RollContext,
        before: &[i8; 26],
        before_units: &[f32],
        board: &[i8; 26],
        checkers: u8,
        on_roll: bool,
        d: &mut UnitDeltas,
    ) {
        let idx = self.board_unit_indices();
        let nb = idx.len();
        d.clear();
        // The entries that differ, as bits (branch-free), then one visit each.
        let mut changed = differing_entries(before, board);
        // The opponent's checkers are those of `before` unless an entry that differs has
        // other opponent checkers (a hit).
        let mut opp_moved = false;
        while changed != 0 {
            let i = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let (b, a) = (before[i], board[i]);
            opp_moved |= b.min(0) != a.min(0);
            self.point_deltas(i, b, a, d);
        }
        let mut units = [0f32; MAX_BOARD_UNITS];
        self.board_units_known(ctx, board, checkers, on_roll, !opp_moved, &mut units[..nb]);
        d.push_changed(idx, &units[..nb], &before_units[..nb]);
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
                        let (mut plain, mut fast) =
                            ([0f32; MAX_BOARD_UNITS], [1f32; MAX_BOARD_UNITS]);
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
        let plain = |a: &[i8; 26], b: &[i8; 26]| {
            (0..26).fold(0u32, |m, i| m | (u32::from(a[i] != b[i]) << i))
        };
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

    /// The table of gnubg's four units' changes pushes what [`UnitDeltas::push_group`]
    /// pushes, for every pair of counts (and past the table, the plain way).
    #[test]
    fn gnubg4_changes_from_the_table_are_the_group_differences() {
        for b in 0..20u8 {
            for a in 0..20u8 {
                let (mut table, mut plain) = (UnitDeltas::new(), UnitDeltas::new());
                table.push(7, 0.5);
                plain.push(7, 0.5);
                table.push_gnubg4_change(40, b, a);
                plain.push_group(40, gnubg4(b), gnubg4(a));
                assert_eq!(table.units(), plain.units(), "{b} -> {a}");
                let bits =
                    |d: &UnitDeltas| d.deltas().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&table), bits(&plain), "{b} -> {a}");
            }
        }
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
