//! The **encode** layer, directly above `rules` (beside `bearoff`; `eval` builds on both):
//! neural-network input encodings of boards, as `f32` units.
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
//! - [`Encoding::TdGammon`] ([`tdgammon()`], 198 units): Tesauro's TD-Gammon inputs.
//! - [`Encoding::Contact`] ([`contact()`], 220 units): gnubg's base inputs plus hand-made
//!   features, each named with its source.
//! - [`Encoding::ContactPlus`] ([`contact_plus`], 224 units): [`contact()`] followed by each
//!   side's shots and escapes (rolls of 36), the two dice-based features it lacks.
//! - [`Encoding::ContactExt`] ([`contact_ext`], 230 units): [`contact_plus`] followed by each
//!   side's pip loss to hits, double shots and containment.
//! - [`Encoding::ContactShape`] ([`contact_shape`], 244 units): [`contact_ext`] followed by
//!   seven features per side of how its checkers are spread (timing, spread, gaps, back
//!   game, mobility).
//! - [`Encoding::Nardy`] ([`nardy()`], 202 units): a Long Nardy encoding of gammon's design.
//!
//! Every unit is either a **point unit**, a function of one board entry alone, or a
//! **per-board unit** (pip counts, borne-off checkers, hand-made features, the turn): the
//! plays of one position are encoded incrementally from the units that change
//! ([`UnitDeltas`], [`RollContext`], [`Encoding::play_deltas`]).
//!
//! The source is one file per concept: this module (the [`Encoding`] values, unit counts and
//! the dispatch to the encoders), `tdgammon.rs`, `contact.rs` (the contact family: the sides'
//! summaries, [`contact()`], [`contact_plus`], [`contact_ext`], [`contact_shape`]), `shape.rs`
//! (the shape features), `shots.rs` (shots, escapes, hit statistics and containment: the
//! dice-based features, and the one shot counter of the crate, which the heuristic policy
//! uses too), `nardy.rs` (Long Nardy), `delta.rs` (the incremental encoding) and `tests.rs`.
//!
//! The encoders do not validate: pass boards that came from validated positions (the Python
//! layer validates arrays before encoding them).
//!
//! May use: `base`, `rules`.

use crate::base::variant::{RulesFamily, Variant};

mod contact;
mod delta;
mod nardy;
mod shape;
mod shots;
mod tdgammon;
#[cfg(test)]
mod tests;

pub use contact::{contact, contact_ext, contact_plus, contact_shape};
pub use delta::{RollContext, UnitDeltas};
pub use nardy::nardy;
pub use shots::{board_hits, containment, escapes, hits, shots, HitStats};
pub use tdgammon::tdgammon;

use contact::{
    contact_board_units, contact_ext_board_units, contact_plus_board_units,
    contact_shape_board_units,
};
use nardy::{nardy_board_units, nardy_sides};
use tdgammon::tdgammon_board_units;

/// Units of [`tdgammon()`].
pub const TDGAMMON_UNITS: usize = 198;
/// Units of [`contact()`].
pub const CONTACT_UNITS: usize = 220;
/// Units of [`contact_plus`].
pub const CONTACT_PLUS_UNITS: usize = 224;
/// Units of [`contact_ext`].
pub const CONTACT_EXT_UNITS: usize = 230;
/// Units of [`contact_shape`].
pub const CONTACT_SHAPE_UNITS: usize = 244;
/// Units of [`nardy()`].
pub const NARDY_UNITS: usize = 202;
/// Hand-made features per side in [`contact()`].
pub const CONTACT_FEATURES: usize = 9;

/// An input encoding (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Tesauro's 198 TD-Gammon inputs ([`tdgammon()`]); backgammon family.
    TdGammon,
    /// gnubg-style contact inputs ([`contact()`]); backgammon family.
    Contact,
    /// [`contact()`] plus shots and escapes ([`contact_plus`]); backgammon family.
    ContactPlus,
    /// [`contact_plus`] plus pip loss, double shots and containment ([`contact_ext`]);
    /// backgammon family.
    ContactExt,
    /// [`contact_ext`] plus seven shape features per side ([`contact_shape`]); backgammon
    /// family.
    ContactShape,
    /// gammon's Long Nardy inputs ([`nardy()`]); Long Nardy only.
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

/// Bit `i` set when byte `i` of `x` is at least `k` (1..=127), for bytes of at most 128:
/// eight bytes at a time, each byte's top bit set by an addition that cannot carry into the
/// next, the eight top bits then gathered by one multiplication.
#[inline(always)]
pub(super) fn bytes_at_least(x: &[u8; 32], k: u8) -> u32 {
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

/// The points 1..=24 as bits.
pub(super) const POINT_BITS: u32 = 0x01ff_fffe;

/// [`ratio`] of each count with its reciprocal, into `out`: one loop, which the compiler
/// turns into vector conversions (the counts, far below 2^31, converted as `i32`: the same
/// `f64`s).
#[inline(always)]
pub(super) fn ratios<const N: usize>(counts: &[u32; N], reciprocals: &[f64; N], out: &mut [f32]) {
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
pub(super) fn ratio(n: u32, reciprocal: f64) -> f32 {
    (f64::from(n) * reciprocal) as f32
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
