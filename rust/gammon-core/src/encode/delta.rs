//! Incremental encoding: the input units that differ between a board and a play of it
//! ([`UnitDeltas`]), and what the per-board units of one position's plays share
//! ([`RollContext`]), so that a net's first layer is updated from the changed units alone
//! (see `eval::net::Ranker`). Every value is the one the full encoders give, bit for bit.

use super::contact::{
    bars, contact_features, dice_units, ext_dice_units, gnubg4, shape_board_units, side_summaries,
    SideSummary,
};
use super::nardy::nardy4;
use super::shots::containment_rolls;
use super::tdgammon::{tdgammon_counts, tdgammon_units_of_counts, UNARY};
use super::{
    bytes_at_least, ratio, Encoding, CONTACT_FEATURES, MAX_BOARD_UNITS, MAX_UNITS, POINT_BITS,
};
use crate::rules::nardy::other_point;

/// Bit `i` set when entry `i` of `a` and `b` differ: eight entries at a time, each byte of
/// their difference (`^`) with its top bit set when it is not 0 (the low seven bits' sum
/// with `0x7f` carries into the top bit, which cannot carry further), the eight top bits
/// then gathered by one multiplication (as [`bytes_at_least`]).
#[inline(always)]
pub(super) fn differing_entries(a: &[i8; 26], b: &[i8; 26]) -> u32 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (mut pa, mut pb) = ([0u8; 32], [0u8; 32]);
    for i in 0..26 {
        pa[i] = a[i] as u8;
        pb[i] = b[i] as u8;
    }
    let mut mask = 0u32;
    for w in 0..4 {
        // A function, not a closure: a closure may be left a call out of the AVX2 code that
        // inlines this one.
        let x = le_word(&pa, w) ^ le_word(&pb, w);
        let top = (((x & LOW) + LOW) | x) & !LOW;
        mask |= (((top >> 7).wrapping_mul(GATHER) >> 56) as u32) << (8 * w);
    }
    mask
}

/// Bytes `8 * w..8 * w + 8` of `c` as a little-endian word (`w` below 4).
#[inline(always)]
fn le_word(c: &[u8; 32], w: usize) -> u64 {
    let at = 8 * (w & 3);
    u64::from_le_bytes([
        c[at],
        c[at + 1],
        c[at + 2],
        c[at + 3],
        c[at + 4],
        c[at + 5],
        c[at + 6],
        c[at + 7],
    ])
}

/// The non-zero changes of four units of a point (gnubg's [`gnubg4`] or TD-Gammon's
/// unary units) when its count goes from one value to another (both up to 15), in unit
/// order, padded with changes of 0.
#[derive(Clone, Copy)]
struct PointChange {
    /// The units that change, as offsets from the point's first unit.
    offsets: [u8; 4],
    /// Their changes (after − before).
    deltas: [f32; 4],
    /// How many units change.
    len: u8,
}

/// The [`PointChange`] of each count before and count after, from `$units`, the four units
/// of each count (0..=15), built at compile time with the subtractions
/// [`UnitDeltas::push_group`] makes (the same floats). A macro, not a `const fn`: float
/// arithmetic in a `const fn` needs a later Rust than the crate's oldest.
macro_rules! point_changes {
    ($units:expr) => {{
        let units: [[f32; 4]; 16] = $units;
        let none = PointChange {
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
    }};
}

/// [`PointChange`] of gnubg's four units ([`gnubg4`]) by count before and count after.
const GNUBG4_CHANGES: [[PointChange; 16]; 16] = {
    let mut units = [[0f32; 4]; 16];
    let mut n = 1;
    while n < 16 {
        units[n][0] = if n == 1 { 1.0 } else { 0.0 };
        units[n][1] = if n == 2 { 1.0 } else { 0.0 };
        units[n][2] = if n >= 3 { 1.0 } else { 0.0 };
        units[n][3] = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
        n += 1;
    }
    point_changes!(units)
};

/// [`PointChange`] of TD-Gammon's unary units ([`UNARY`]) by count before and count after
/// (counts above 15 read as 15, as the encoding reads them).
const UNARY_CHANGES: [[PointChange; 16]; 16] = point_changes!(UNARY);

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
    pub(super) fn push_group<const N: usize>(
        &mut self,
        first: usize,
        before: [f32; N],
        after: [f32; N],
    ) {
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
    pub(super) fn push_gnubg4_change(&mut self, first: usize, before: u8, after: u8) {
        let change = GNUBG4_CHANGES
            .get(usize::from(before))
            .and_then(|row| row.get(usize::from(after)));
        if !change.is_some_and(|c| self.push_point_change(first, c)) {
            self.push_group(first, gnubg4(before), gnubg4(after));
        }
    }

    /// Pushes a point's [`PointChange`], its first unit at `first`, when the list has room for
    /// four more units (returns whether it had): the tables' one way into the list.
    #[inline(always)]
    fn push_point_change(&mut self, first: usize, change: &PointChange) -> bool {
        let len = self.len;
        if len + 4 > MAX_UNITS {
            return false;
        }
        for k in 0..4 {
            self.units[len + k] = first as u16 + u16::from(change.offsets[k]);
            self.deltas[len + k] = change.deltas[k];
        }
        self.len = len + usize::from(change.len);
        true
    }

    /// [`UnitDeltas::push_group`] of TD-Gammon's four unary units ([`UNARY`]) of a point
    /// whose count goes from `before` to `after` (counts above 15 read as 15), first at unit
    /// `first`: from a table of the changes (made of the same subtractions), without
    /// subtracting or comparing floats.
    #[inline(always)]
    pub(super) fn push_unary_change(&mut self, first: usize, before: u8, after: u8) {
        let (before, after) = (before.min(15), after.min(15));
        let change = &UNARY_CHANGES[usize::from(before)][usize::from(after)];
        if !self.push_point_change(first, change) {
            let unary = |n: u8| UNARY[usize::from(n)];
            self.push_group(first, unary(before), unary(after));
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

    /// [`UnitDeltas::push_changed`] of the per-board units of an encoding: each of `units`
    /// (at most [`MAX_BOARD_UNITS`]) whose value goes from `before[k]` to `after[k]`, with its
    /// change, when the change is not 0, in the order of `units`: the same list. The changes
    /// of all [`MAX_BOARD_UNITS`] are found at once (a vector subtraction and comparison),
    /// whether each is 0 gathered into a mask eight at a time (as [`bytes_at_least`]), and
    /// then only the changed units are visited, rather than each unit written and the list
    /// grown by its comparison.
    #[inline(always)]
    pub(super) fn push_changed_board(
        &mut self,
        units: &[u16],
        after: &[f32; MAX_BOARD_UNITS],
        before: &[f32; MAX_BOARD_UNITS],
    ) {
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let mut d = [0f32; MAX_BOARD_UNITS];
        let mut changed = [0u8; MAX_BOARD_UNITS];
        for k in 0..MAX_BOARD_UNITS {
            d[k] = after[k] - before[k];
            changed[k] = u8::from(d[k] != 0.0);
        }
        let mut mask = 0u64;
        for (w, c) in changed.chunks_exact(8).enumerate() {
            let word = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            mask |= (word.wrapping_mul(GATHER) >> 56) << (8 * w);
        }
        // Only the encoding's units (the rest of the arrays is padding).
        mask &= (1u64 << units.len().min(MAX_BOARD_UNITS)) - 1;
        let mut len = self.len;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            // A unit is added at most once per pair of boards: there is room for it.
            if let (Some(&unit), true) = (units.get(k), len < MAX_UNITS) {
                self.units[len] = unit;
                self.deltas[len] = d[k];
                len += 1;
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
                if (1..=24).contains(&i) {
                    if own(before) != own(after) {
                        out.push_unary_change(4 * (i - 1), own(before), own(after));
                    }
                    if opp(before) != opp(after) {
                        let first = 99 + 4 * (24 - i);
                        out.push_unary_change(first, opp(before), opp(after));
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
    /// Each side's checkers not borne off, owner first (the TD-Gammon encoding's share).
    on: [u32; 2],
    /// Whether `on` holds them ([`Encoding::TdGammon`]).
    counted: bool,
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
            on: [0; 2],
            counted: false,
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

    /// The 20 per-board units of [`contact`](fn@super::contact) from the summaries of
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
    /// Fills `ctx` for the plays of `before` (see [`RollContext`]; for [`Encoding::TdGammon`],
    /// each side's checkers not borne off); a no-op but for marking it unused for the
    /// encodings it does not cover.
    pub fn roll_context(self, before: &[i8; 26], checkers: u8, ctx: &mut RollContext) {
        ctx.counted = false;
        match self {
            Encoding::Contact
            | Encoding::ContactPlus
            | Encoding::ContactExt
            | Encoding::ContactShape => ctx.fill(before, checkers),
            Encoding::TdGammon => {
                ctx.ready = false;
                ctx.on = tdgammon_counts(before);
                ctx.counted = true;
            }
            Encoding::Nardy => ctx.ready = false,
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
    /// [`Encoding::board_units`], in its first [`Encoding::board_unit_indices`] entries; the
    /// rest is ignored). `ctx` must have been filled from `before`
    /// ([`Encoding::roll_context`]): the per-board units of `board` are then
    /// [`Encoding::board_units_in`]'s, whether the opponent's checkers moved (a hit) found from
    /// the entries that differ rather than by comparing the whole board.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn play_deltas(
        self,
        ctx: &RollContext,
        before: &[i8; 26],
        before_units: &[f32; MAX_BOARD_UNITS],
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
        if self == Encoding::TdGammon && ctx.counted {
            // Its per-board units are the checkers borne off and the turn: from the counts
            // of the board before and the changes of the entries that differ.
            let [mut own, mut opp] = ctx.on;
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                let (b, a) = (before[i], board[i]);
                if i >= 1 {
                    own = own
                        .wrapping_add(u32::from(a.max(0).unsigned_abs()))
                        .wrapping_sub(u32::from(b.max(0).unsigned_abs()));
                }
                if i <= 24 {
                    opp = opp
                        .wrapping_add(u32::from(a.min(0).unsigned_abs()))
                        .wrapping_sub(u32::from(b.min(0).unsigned_abs()));
                }
                self.point_deltas(i, b, a, d);
            }
            let mut units = [0f32; 4];
            tdgammon_units_of_counts([own, opp], checkers, on_roll, &mut units);
            d.push_changed(idx, &units[..nb.min(4)], &before_units[..nb.min(4)]);
            return;
        }
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
        d.push_changed_board(idx, &units, before_units);
    }
}
