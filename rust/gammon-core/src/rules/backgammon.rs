//! The backgammon rules type, [`Backgammon`]: standard backgammon, nackgammon and hypergammon.
//!
//! The board is stored from the point of view of the player on roll (as gnubg stores it):
//! index 1..=24 are the mover's points in the mover's numbering, positive counts for the
//! mover's checkers and negative counts for the opponent's; index 25 is the mover's bar and
//! index 0 holds the opponent's bar as a negative count. Borne-off checkers are whatever is
//! missing from the checker count.

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::{Move, Play, PlayList, BAR, OFF};
use crate::base::outcome::{Outcome, OutcomeKind};
use crate::base::setup::{Setup, SetupError, SetupProblems, SETUP_BAR, SETUP_OFF};
use crate::base::variant::{RulesFamily, Variant};
use crate::rules::bits::{bear_off_sources, iter_desc, occupancy_after};
use crate::rules::position::Position;

/// Mask of every point outside the mover's home board, bar included (7..=25).
const OUTSIDE: u32 = ((1 << 26) - 1) & !0b111_1111;
/// Bit of the mover's bar.
const BAR_BIT: u32 = 1 << 25;

/// A backgammon position (standard, nackgammon or hypergammon), seen from the player on roll.
///
/// Made only by validation ([`Backgammon::from_setup`], [`Backgammon::from_id`]) or by
/// applying legal plays, so it always satisfies BG-6.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Backgammon {
    pts: [i8; 26],
    checkers: u8,
    variant: Variant,
    turn: Color,
}

/// The point `p` of one player is the point `25 - p` of the other (BG-2a).
#[inline]
#[must_use]
pub const fn opponent_point(p: u8) -> u8 {
    25 - p
}

impl Backgammon {
    /// The starting position of a backgammon-family variant with `turn` on roll.
    ///
    /// Standard: BG-7. Nackgammon and hypergammon use gnubg's set-ups: nackgammon
    /// 24:2 23:2 13:4 8:3 6:4; hypergammon 24, 23, 22 (one checker each, as many as the
    /// variant has).
    ///
    /// # Errors
    /// Returns `None` for a variant of another rules family (Long Nardy).
    #[must_use]
    pub fn start(variant: Variant, turn: Color) -> Option<Backgammon> {
        let side: &[(u8, u8)] = match variant {
            Variant::Backgammon => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon1 => &[(24, 1)],
            Variant::Hypergammon2 => &[(24, 1), (23, 1)],
            Variant::Hypergammon3 => &[(24, 1), (23, 1), (22, 1)],
            Variant::LongNardy => return None,
        };
        Backgammon::from_setup(&Setup::from_points(variant, turn, side, side)).ok()
    }

    /// Validates a [`Setup`].
    ///
    /// # Errors
    /// [`SetupError`] listing every failed check: wrong checker counts, a point held by both
    /// players, a variant of another rules family, both players finished.
    pub fn from_setup(setup: &Setup) -> Result<Backgammon, SetupError> {
        let mut details = Vec::new();
        let mut problems = SetupProblems::empty();
        if setup.variant.family() != RulesFamily::Backgammon {
            problems |= SetupProblems::WRONG_RULES_FAMILY;
            details.push(format!(
                "{} is not played with backgammon rules",
                setup.variant
            ));
        } else {
            problems |= setup.count_problems(&mut details);
        }
        let me = &setup.board[setup.turn];
        let opp = &setup.board[!setup.turn];
        for p in 1..=24u8 {
            let q = opponent_point(p);
            if me[p as usize] > 0 && opp[q as usize] > 0 {
                problems |= SetupProblems::SHARED_POINT;
                details.push(format!(
                    "{} point {p} (= {} point {q}) holds checkers of both players",
                    setup.turn, !setup.turn
                ));
            }
        }
        if !problems.is_empty() {
            return Err(SetupError {
                problems,
                details,
                setup: Box::new(setup.clone()),
            });
        }
        let mut pts = [0i8; 26];
        for p in 1..=24usize {
            pts[p] = me[p] as i8 - opp[25 - p] as i8;
        }
        pts[25] = me[SETUP_BAR] as i8;
        pts[0] = -(opp[SETUP_BAR] as i8);
        Ok(Backgammon {
            pts,
            checkers: setup.variant.checkers_per_side(),
            variant: setup.variant,
            turn: setup.turn,
        })
    }

    /// The raw board from the mover's side: index 1..=24 points (positive = mover, negative =
    /// opponent), 25 = mover's bar, 0 = opponent's bar as a negative count.
    #[inline]
    #[must_use]
    pub fn raw(&self) -> &[i8; 26] {
        &self.pts
    }

    /// Builds a position from a raw board (see [`Backgammon::raw`]) without validation.
    ///
    /// The caller guarantees BG-6: at most `variant.checkers_per_side()` checkers a side and
    /// index 25 ≥ 0 ≥ index 0.
    #[must_use]
    pub fn from_raw_unchecked(pts: [i8; 26], variant: Variant, turn: Color) -> Backgammon {
        Backgammon {
            pts,
            checkers: variant.checkers_per_side(),
            variant,
            turn,
        }
    }

    /// Checkers of the player on roll on their own point `p` (1..=24, 25 = bar).
    #[inline]
    #[must_use]
    pub fn mover_at(&self, p: u8) -> u8 {
        self.pts[p as usize].max(0) as u8
    }

    /// Checkers of the opponent on *their own* point `p` (1..=24, 25 = bar).
    #[inline]
    #[must_use]
    pub fn opponent_at(&self, p: u8) -> u8 {
        if p == BAR {
            (-self.pts[0]) as u8
        } else {
            (-self.pts[opponent_point(p) as usize]).max(0) as u8
        }
    }

    /// The two sides as gnubg's `anBoard`: `[opponent, player on roll]`, each 25 counts in its
    /// own numbering (index i = point i + 1, index 24 = bar).
    #[must_use]
    pub fn gnubg_board(&self) -> [[u8; 25]; 2] {
        let mut out = [[0u8; 25]; 2];
        for p in 1..=25u8 {
            out[0][p as usize - 1] = self.opponent_at(p);
            out[1][p as usize - 1] = self.mover_at(p);
        }
        out
    }

    /// Builds a position from gnubg's `anBoard` (`[opponent, player on roll]`).
    ///
    /// # Errors
    /// [`SetupError`] as for [`Backgammon::from_setup`].
    pub fn from_gnubg_board(
        board: &[[u8; 25]; 2],
        variant: Variant,
        turn: Color,
    ) -> Result<Backgammon, SetupError> {
        Backgammon::from_setup(&Setup::from_sides(variant, turn, board))
    }

    /// Number of checkers each side owns.
    #[inline]
    #[must_use]
    pub fn checkers_per_side(&self) -> u8 {
        self.checkers
    }

    /// The same board for another backgammon-family variant with the same checker count
    /// (standard and nackgammon), or `None`.
    #[must_use]
    pub fn with_variant(&self, variant: Variant) -> Option<Backgammon> {
        (variant.family() == RulesFamily::Backgammon
            && variant.checkers_per_side() == self.checkers)
            .then_some(Backgammon { variant, ..*self })
    }

    /// The same board with `turn` as the color of the player on roll (the board is not
    /// mirrored; only the name of the mover changes).
    #[must_use]
    pub fn with_turn(&self, turn: Color) -> Backgammon {
        Backgammon { turn, ..*self }
    }

    /// The mover's checkers on the board and the bar: the sum of the positive counts, eight
    /// points at a time.
    #[inline]
    pub(crate) fn mover_on_board(&self) -> u8 {
        positive_sum(words(&self.pts))
    }

    /// True when the players' checkers have passed each other: no checker of the mover (bar
    /// included) stands on or behind a point of an opposing checker (bar included), so no hit
    /// is possible again ([`is_race`], read from the board's words).
    #[inline]
    pub(crate) fn no_contact(&self) -> bool {
        let occ = occupied(&self.pts);
        occ == 0 || is_race(negative(&self.pts), occ)
    }

    /// Whether a checker of the mover may be borne off within this turn: fewer than five of
    /// them outside the home board (bar included), so that four steps may bring them all home
    /// first (OFF-1). When not, every play of the turn leaves as many checkers on the board.
    #[inline]
    pub(crate) fn may_bear_off_this_turn(&self) -> bool {
        checkers_outside(&self.pts) < 5
    }

    fn opponent_on_board(&self) -> u32 {
        self.pts[..25].iter().map(|&c| (-c).max(0) as u32).sum()
    }
}

// ---------------------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------------------

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Gathers the high bit of each byte of `x` (only high bits set) into an 8-bit mask, byte 0
/// to bit 0.
#[inline(always)]
fn gather_high_bits(x: u64) -> u32 {
    (((x >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u32
}

/// The board as four little-endian words (bytes 26..32 are zero).
#[inline(always)]
fn words(pts: &[i8; 26]) -> [u64; 4] {
    let mut bytes = [0u8; 32];
    for (b, &c) in bytes.iter_mut().zip(pts.iter()) {
        *b = c as u8;
    }
    [0, 1, 2, 3].map(|i| {
        u64::from_le_bytes([
            bytes[8 * i],
            bytes[8 * i + 1],
            bytes[8 * i + 2],
            bytes[8 * i + 3],
            bytes[8 * i + 4],
            bytes[8 * i + 5],
            bytes[8 * i + 6],
            bytes[8 * i + 7],
        ])
    })
}

/// Bits 1..=25 set where the mover has checkers (25 = bar).
#[inline]
fn occupied(pts: &[i8; 26]) -> u32 {
    let mut m = 0u32;
    for (i, w) in words(pts).into_iter().enumerate() {
        // A byte is positive when it is non-zero and its sign bit is clear.
        let nonzero = ((w & LOW7).wrapping_add(LOW7) | w) & HIGH;
        m |= gather_high_bits(nonzero & !w) << (8 * i);
    }
    m & !1
}

/// Bits 1..=24 set where the mover may land (not two or more opposing checkers, MOVE-1).
/// Opposing checkers only leave a point by being hit, which keeps it open, so this mask holds
/// for a whole turn.
#[inline]
fn open_points(pts: &[i8; 26]) -> u32 {
    let mut m = 0u32;
    for (i, w) in words(pts).into_iter().enumerate() {
        // byte >= -1  <=>  byte + 1 >= 0 (counts are within -15..=15, so no byte overflows).
        let plus_one = ((w & LOW7).wrapping_add(ONES)) ^ (w & HIGH);
        m |= gather_high_bits(!plus_one & HIGH) << (8 * i);
    }
    m & 0x01FF_FFFE
}

/// The points below the mover's farthest-back checker (`occ`, bit 25 = bar, not empty), the
/// only points a step can land on (bit 0 included: the opponent's bar).
#[inline(always)]
fn reach(occ: u32) -> u32 {
    (1u32 << (31 - occ.leading_zeros())) - 1
}

/// Whether no step of this turn can hit: no opposing blot stands within [`reach`] of the
/// mover's checkers (`occ`). Then every step is made without the hit test (in a race, and in
/// many contact positions). `neg` is [`negative`], `open` is [`open_points`]: an open point
/// with an opposing checker on it holds exactly one, a blot.
#[inline]
fn cannot_hit(neg: u32, occ: u32, open: u32) -> bool {
    neg & open & reach(occ) == 0
}

/// Whether the position is a race ([`Backgammon::no_contact`]) from the mover's points `occ`
/// (not empty) and the opponent's `neg` ([`negative`]): no opposing checker, their bar
/// included, within [`reach`]. Then no step hits, nothing is on the mover's bar (the bar's bit
/// would reach every point, and the opponent has a checker somewhere), and every point a step
/// can land on is open, so [`ALL_POINTS`] serves as the open points.
#[inline(always)]
fn is_race(neg: u32, occ: u32) -> bool {
    neg & reach(occ) == 0
}

/// Bits 1..=24: every point. In a race, the open points within reach (see [`is_race`]).
const ALL_POINTS: u32 = 0x01FF_FFFE;

/// Bits 0..=25 set where the opponent has checkers (a negative count; 0 = their bar).
#[inline(always)]
fn negative(pts: &[i8; 26]) -> u32 {
    let mut m = 0u32;
    for (i, w) in words(pts).into_iter().enumerate() {
        m |= gather_high_bits(w & HIGH) << (8 * i);
    }
    m
}

/// Whether no step of a non-double can enter or bear off: no checker on the bar and two or
/// more outside the home board (OFF-1): two points outside, or one point holding two.
#[inline(always)]
fn clear_for_two_steps(pts: &[i8; 26], occ: u32) -> bool {
    if occ & BAR_BIT != 0 {
        return false;
    }
    let outside = occ & OUTSIDE;
    outside & outside.wrapping_sub(1) != 0
        || pts
            .get(outside.trailing_zeros() as usize)
            .is_some_and(|&c| c >= 2)
}

/// The points from which a checker can legally move `d` pips (MOVE-1, BAR-1, OFF-1..OFF-4).
#[inline(always)]
fn sources(occ: u32, open: u32, d: u8) -> u32 {
    if occ & BAR_BIT != 0 {
        // BAR-1, BAR-2: only an entering step, onto the mover's point 25 - d.
        return if open & (1 << (25 - d)) != 0 {
            BAR_BIT
        } else {
            0
        };
    }
    board_sources(occ, open, d)
}

/// The points from which a checker can legally move `d` pips when nothing is on the mover's
/// bar: MOVE-1 for ordinary steps onto the `open` points, OFF-1 to OFF-3 for bearing off.
#[inline(always)]
fn board_sources(occ: u32, open: u32, d: u8) -> u32 {
    occ & (open << d) | bear_off_sources(occ, OUTSIDE, d)
}

/// Moves one checker from `s` by `d` pips; returns the move made (with its hit flag).
#[inline(always)]
fn apply_step(pts: &mut [i8; 26], s: u8, d: u8) -> Move {
    apply_step_k::<false, false>(pts, s, d)
}

/// [`apply_step`] where the caller knows that the step cannot hit (`NOHIT`, see
/// [`cannot_hit`]) or that it neither enters nor bears off (`CLEAR`: it lands on `s - d`, with
/// no test for a checker borne off).
#[inline(always)]
fn apply_step_k<const CLEAR: bool, const NOHIT: bool>(pts: &mut [i8; 26], s: u8, d: u8) -> Move {
    let t = if CLEAR { s - d } else { s.saturating_sub(d) };
    pts[s as usize] -= 1;
    let mut hit = false;
    if CLEAR || t != OFF {
        let c = &mut pts[t as usize];
        if !NOHIT && *c == -1 {
            *c = 0;
            pts[0] -= 1;
            hit = true;
        }
        pts[t as usize] += 1;
    }
    Move::new(s, t, hit)
}

/// The move a step from `s` by `d` pips would make on this board, without making it, where
/// the caller may know that the step cannot hit (`NOHIT`) or that it neither enters nor bears
/// off (`CLEAR`); with neither, every step is tested (a checker borne off hits nothing).
#[inline(always)]
fn peek_step_k<const CLEAR: bool, const NOHIT: bool>(pts: &[i8; 26], s: u8, d: u8) -> Move {
    let t = if CLEAR { s - d } else { s.saturating_sub(d) };
    Move::new(s, t, !NOHIT && (CLEAR || t != OFF) && pts[t as usize] == -1)
}

/// The sum of the positive counts of the bytes of `words` (at most 15 in all).
#[inline(always)]
fn positive_sum(words: [u64; 4]) -> u8 {
    let mut sum = 0u64;
    for w in words {
        // 0xFF in every negative byte (the opponent's), which clears them.
        let negative = ((w & HIGH) >> 7).wrapping_mul(0xFF);
        // Each byte of the sum stays below 4 * 15: no carry between bytes.
        sum += w & !negative;
    }
    // The byte sums gathered into the top byte (at most 15 checkers, no carry).
    (sum.wrapping_mul(ONES) >> 56) as u8
}

/// The mover's checkers outside the home board, bar included (points 7..=25). A turn cannot
/// bear off (OFF-1) before it has brought all of them home, one step each at least.
#[inline]
fn checkers_outside(pts: &[i8; 26]) -> u8 {
    let [w0, w1, w2, w3] = words(pts);
    // Byte 7 of the first word is point 7; bytes 0..=6 are the opponent's bar and the home board.
    positive_sum([w0 & 0xFF00_0000_0000_0000, w1, w2, w3])
}

/// The turn-constant facts move generation needs about the position it started from.
#[derive(Clone, Copy)]
struct Start<'a> {
    pts: &'a [i8; 26],
    occ: u32,
    open: u32,
    /// No checker on the bar: two-checker plays without bear-offs are legal in either order.
    simple: bool,
}

impl Start<'_> {
    /// Whether the steps `(a, da)` then `(b, db)` are legal in this order from the start.
    #[inline]
    fn order_is_legal(&self, a: u8, da: u8, b: u8, db: u8) -> bool {
        self.order_is_legal_k::<false>(a, da, b, db)
    }

    /// [`Start::order_is_legal`], always inlined, where the caller may know that the position
    /// is a race (`RACE`, see [`is_race`]): no bar, so `simple` holds and no step enters.
    #[inline(always)]
    fn order_is_legal_k<const RACE: bool>(&self, a: u8, da: u8, b: u8, db: u8) -> bool {
        let sources = |occ: u32, d: u8| {
            if RACE {
                board_sources(occ, self.open, d)
            } else {
                sources(occ, self.open, d)
            }
        };
        if (RACE || self.simple) && a > da && b > db && a != b + db && b != a - da {
            // Two checkers, no bar and no bear-off step: the open points do not change during
            // a turn and both checkers were already there, so either order is legal.
            return true;
        }
        if sources(self.occ, da) & (1 << a) == 0 {
            return false;
        }
        // Only the mover's occupancy matters to `sources`; the open points do not change.
        let t = a.saturating_sub(da);
        let mut occ = self.occ;
        if self.pts[a as usize] == 1 {
            occ &= !(1 << a);
        }
        if t != OFF {
            occ |= 1 << t;
        }
        sources(occ, db) & (1 << b) != 0
    }
}

impl Backgammon {
    #[inline(always)]
    fn with_pts(&self, pts: [i8; 26]) -> Backgammon {
        Backgammon { pts, ..*self }
    }

    /// Pushes a play whose last move (from `s` by `d` pips) is not yet made on `board`, and
    /// makes it in the list's slot. Writing the finished board straight into the list avoids
    /// reloading freshly modified bytes as a whole (a store-forwarding stall).
    #[inline(always)]
    fn push_finishing<const CLEAR: bool, const NOHIT: bool>(
        &self,
        out: &mut PlayList<Backgammon>,
        moves: [Move; 4],
        n: u8,
        board: &Backgammon,
        s: u8,
        d: u8,
    ) {
        out.push(Play::from_array(moves, n, *board));
        if let Some(last) = out.last_mut() {
            apply_step_k::<CLEAR, NOHIT>(&mut last.after_mut().pts, s, d);
        }
    }

    /// The points (bits 1..=25, 25 = bar) from which the mover can legally move a checker
    /// `die` pips right now (MOVE-1, BAR-1, OFF-1 to OFF-4). The notation resolver walks step
    /// sequences with this and [`Backgammon::step`].
    #[inline]
    pub(crate) fn step_sources(&self, die: u8) -> u32 {
        sources(occupied(&self.pts), open_points(&self.pts), die)
    }

    /// One checker moved from `from` by `die` pips (hitting a blot it lands on), if that step
    /// is legal right now; the mover stays on roll.
    #[inline]
    pub(crate) fn step(&self, from: u8, die: u8) -> Option<(Backgammon, Move)> {
        if from > BAR || self.step_sources(die) & (1 << from) == 0 {
            return None;
        }
        let mut pts = self.pts;
        let m = apply_step(&mut pts, from, die);
        Some((self.with_pts(pts), m))
    }

    /// The plays of the roll `hi`-`lo` (`hi` > `lo`), given the mover's points `occ` and the
    /// opponent's `neg` (neither empty: the game is not over).
    #[inline(always)]
    fn plays_non_double(&self, hi: u8, lo: u8, occ: u32, neg: u32, out: &mut PlayList<Backgammon>) {
        let pts = &self.pts;
        // Two checkers or more outside the home board: no step of the turn can bear off.
        let clear = clear_for_two_steps(pts, occ);
        if is_race(neg, occ) {
            if clear {
                self.non_double_steps::<true, true, true>(hi, lo, occ, ALL_POINTS, out);
            } else {
                self.non_double_steps::<false, true, true>(hi, lo, occ, ALL_POINTS, out);
            }
            return;
        }
        let open = open_points(pts);
        match (clear, cannot_hit(neg, occ, open)) {
            (true, true) => self.non_double_steps::<true, true, false>(hi, lo, occ, open, out),
            (true, false) => self.non_double_steps::<true, false, false>(hi, lo, occ, open, out),
            (false, true) => self.non_double_steps::<false, true, false>(hi, lo, occ, open, out),
            (false, false) => self.non_double_steps::<false, false, false>(hi, lo, occ, open, out),
        }
    }

    /// The plays of the roll `hi`-`lo` (`hi` > `lo`). `CLEAR`: no checker on the bar and no
    /// bear-off within the turn, so that a step is legal exactly when a checker stands on its
    /// source and its landing point is open, and two checkers that were on the board at the
    /// start can move in either order (the open points do not change during a turn). `NOHIT`:
    /// no step can hit ([`cannot_hit`]). `RACE`: the position is a race ([`is_race`]; `NOHIT`
    /// too, and `open` is [`ALL_POINTS`]), with no bar to test.
    #[inline(always)]
    fn non_double_steps<const CLEAR: bool, const NOHIT: bool, const RACE: bool>(
        &self,
        hi: u8,
        lo: u8,
        occ: u32,
        open: u32,
        out: &mut PlayList<Backgammon>,
    ) {
        let pts = &self.pts;
        let start = Start {
            pts,
            occ,
            open,
            simple: pts[25] == 0,
        };
        // In a race the test is inlined and knows there is no bar.
        let order_is_legal = |a: u8, da: u8, b: u8, db: u8| {
            if RACE {
                start.order_is_legal_k::<true>(a, da, b, db)
            } else {
                start.order_is_legal(a, da, b, db)
            }
        };
        let src = |occ: u32, d: u8| {
            if CLEAR {
                occ & (open << d)
            } else if RACE {
                board_sources(occ, open, d)
            } else {
                sources(occ, open, d)
            }
        };
        let base = out.len();
        let none = Move::new(0, 0, false);

        // Pass 1: the larger die first. A first step after which the smaller die cannot be
        // played is a play of one die (M = 1), listed at the end if no play uses both.
        iter_desc(src(occ, hi), |s1| {
            let mut b1 = *self;
            let m1 = apply_step_k::<CLEAR, NOHIT>(&mut b1.pts, s1, hi);
            let occ1 = occupancy_after(occ, &b1.pts, s1, m1.to);
            iter_desc(src(occ1, lo), |s2| {
                let m2 = peek_step_k::<CLEAR, NOHIT>(&b1.pts, s2, lo);
                let moves = if s2 == m1.to {
                    // One checker moving on. The route with the smaller die first reaches the
                    // same position when neither route hits; pass 2 owns that play, because its
                    // moves are the canonical (lexicographically greater) sequence (NOT-6).
                    let mid = s1 - lo;
                    let lo_first_same = if CLEAR {
                        // The route lands on `mid` (no bear-off): legal when it is open, the
                        // same position when no blot is there.
                        if NOHIT {
                            open & (1 << mid) != 0
                        } else {
                            pts[mid as usize] >= 0
                        }
                    } else {
                        mid > OFF
                            && (NOHIT || pts[mid as usize] != -1)
                            && order_is_legal(s1, lo, mid, hi)
                    };
                    if !m1.hit && lo_first_same {
                        return;
                    }
                    [m1, m2, none, none]
                } else if m2.to == s1 {
                    // The second checker lands where the first one left: the same position as
                    // one checker moving from s2 through s1 with the smaller die first, which
                    // pass 2 lists as a one-checker play (legal whenever this order is).
                    return;
                } else if (s2 >= s1) && (CLEAR || order_is_legal(s2, lo, s1, hi)) {
                    // Two checkers; the other order is legal and greater, so it is canonical.
                    let first_hit = !NOHIT && (CLEAR || m2.to != OFF) && pts[m2.to as usize] == -1;
                    let second_hit = !NOHIT
                        && (CLEAR || m1.to != OFF)
                        && pts[m1.to as usize] == -1
                        && m1.to != m2.to;
                    [
                        Move::new(s2, m2.to, first_hit),
                        Move::new(s1, m1.to, second_hit),
                        none,
                        none,
                    ]
                } else {
                    [m1, m2, none, none]
                };
                self.push_finishing::<CLEAR, NOHIT>(out, moves, 2, &b1, s2, lo);
            });
        });

        // Pass 2: the smaller die first. Two-checker plays legal in the other order were
        // found in pass 1.
        if CLEAR {
            // Pass 1 found every two-checker play; what is left is one checker moving on
            // with the larger die from where the smaller one took it.
            iter_desc(src(occ, lo), |s1| {
                let mid = s1 - lo;
                if mid > hi && open & (1 << (mid - hi)) != 0 {
                    // Both steps read the start's board: the second lands on neither point
                    // the first changed. Both are made in the list's slot, with no copy of
                    // the board in between.
                    let m1 = peek_step_k::<CLEAR, NOHIT>(pts, s1, lo);
                    let m2 = peek_step_k::<CLEAR, NOHIT>(pts, mid, hi);
                    out.push(Play::from_array([m1, m2, none, none], 2, *self));
                    if let Some(last) = out.last_mut() {
                        let after = &mut last.after_mut().pts;
                        apply_step_k::<CLEAR, NOHIT>(after, s1, lo);
                        apply_step_k::<CLEAR, NOHIT>(after, mid, hi);
                    }
                }
            });
        } else {
            iter_desc(src(occ, lo), |s1| {
                let mut b1 = *self;
                let m1 = apply_step_k::<CLEAR, NOHIT>(&mut b1.pts, s1, lo);
                let occ1 = occupancy_after(occ, &b1.pts, s1, m1.to);
                iter_desc(src(occ1, hi), |s2| {
                    if s2 != m1.to && order_is_legal(s2, hi, s1, lo) {
                        return;
                    }
                    if m1.to == OFF && s2 <= lo && s2 != s1 && order_is_legal(s1, hi, s2, lo) {
                        // Both checkers borne off: the dice could also be swapped between
                        // them, and pass 1 found that assignment (the position is the same).
                        return;
                    }
                    let m2 = peek_step_k::<CLEAR, NOHIT>(&b1.pts, s2, hi);
                    self.push_finishing::<CLEAR, NOHIT>(out, [m1, m2, none, none], 2, &b1, s2, hi);
                });
            });
        }

        if out.len() == base {
            // MOVE-7: only one die can be played; the larger one if it can be. No play uses
            // both dice, so no first step of either pass left a second one: every first step
            // of a die is a play of its own.
            for die in [hi, lo] {
                iter_desc(src(occ, die), |s1| {
                    let mut b1 = *self;
                    let m1 = apply_step_k::<CLEAR, NOHIT>(&mut b1.pts, s1, die);
                    out.push(Play::from_array([m1, none, none, none], 1, b1));
                });
                if out.len() > base {
                    break;
                }
            }
        }
    }

    /// The plays of the double `d`, given the mover's points `occ` and the opponent's `neg`
    /// (neither empty: the game is not over).
    #[inline(always)]
    fn plays_double(&self, d: u8, occ: u32, neg: u32, out: &mut PlayList<Backgammon>) {
        let pts = &self.pts;
        // Four checkers or more outside the home board: no step of the turn can bear off.
        let clear = occ & BAR_BIT == 0 && checkers_outside(pts) >= 4;
        if is_race(neg, occ) {
            if clear {
                self.double_steps::<true, true, true>(d, occ, ALL_POINTS, out);
            } else {
                self.double_steps::<false, true, true>(d, occ, ALL_POINTS, out);
            }
            return;
        }
        let open = open_points(pts);
        match (clear, cannot_hit(neg, occ, open)) {
            (true, true) => self.double_steps::<true, true, false>(d, occ, open, out),
            (true, false) => self.double_steps::<true, false, false>(d, occ, open, out),
            (false, true) => self.double_steps::<false, true, false>(d, occ, open, out),
            (false, false) => self.double_steps::<false, false, false>(d, occ, open, out),
        }
    }

    /// The plays of the double `d`. `CLEAR`: no checker on the bar and no bear-off within the
    /// turn, so that a step is legal exactly when a checker stands on its source and its
    /// landing point is open. `NOHIT`: no step can hit ([`cannot_hit`]). `RACE`: the position
    /// is a race ([`is_race`]; `NOHIT` too, and `open` is [`ALL_POINTS`]), with no bar to test.
    /// `occ0` is the mover's points, `open` the open points.
    #[inline(always)]
    fn double_steps<const CLEAR: bool, const NOHIT: bool, const RACE: bool>(
        &self,
        d: u8,
        occ0: u32,
        open: u32,
        out: &mut PlayList<Backgammon>,
    ) {
        // Every multiset of steps has a legal order with non-increasing sources, and distinct
        // multisets give distinct positions, so enumerating non-increasing sequences lists
        // each play exactly once, already in its canonical order (NOT-6).
        let landing = open << d;
        let sources = |occ: u32| {
            if CLEAR {
                occ & landing
            } else if RACE {
                board_sources(occ, open, d)
            } else {
                sources(occ, open, d)
            }
        };
        let none = Move::new(0, 0, false);
        let base = out.len();
        let mut best = 0u8; // most steps found so far (MOVE-6)

        // A sequence that cannot go on: keep it if no longer sequence has been seen.
        let emit = |out: &mut PlayList<Backgammon>,
                    best: &mut u8,
                    moves: [Move; 4],
                    n: u8,
                    b: &Backgammon| {
            if n > *best {
                out.truncate(base);
                *best = n;
            }
            if n == *best {
                out.push(Play::from_array(moves, n, *b));
            }
        };

        let below = |s: u8| -> u32 { (2u32 << s) - 1 }; // bits 0..=s
        let srcs1 = sources(occ0);
        if srcs1 == 0 {
            return;
        }
        iter_desc(srcs1, |s1| {
            let mut b1 = *self;
            let m1 = apply_step_k::<CLEAR, NOHIT>(&mut b1.pts, s1, d);
            let occ1 = occupancy_after(occ0, &b1.pts, s1, m1.to);
            let srcs2 = sources(occ1) & below(s1);
            if srcs2 == 0 {
                emit(out, &mut best, [m1, none, none, none], 1, &b1);
                return;
            }
            iter_desc(srcs2, |s2| {
                let mut b2 = b1;
                let m2 = apply_step_k::<CLEAR, NOHIT>(&mut b2.pts, s2, d);
                let occ2 = occupancy_after(occ1, &b2.pts, s2, m2.to);
                let srcs3 = sources(occ2) & below(s2);
                if srcs3 == 0 {
                    emit(out, &mut best, [m1, m2, none, none], 2, &b2);
                    return;
                }
                iter_desc(srcs3, |s3| {
                    let mut b3 = b2;
                    let m3 = apply_step_k::<CLEAR, NOHIT>(&mut b3.pts, s3, d);
                    let occ3 = occupancy_after(occ2, &b3.pts, s3, m3.to);
                    let srcs4 = sources(occ3) & below(s3);
                    if srcs4 == 0 {
                        emit(out, &mut best, [m1, m2, m3, none], 3, &b3);
                        return;
                    }
                    if best < 4 {
                        out.truncate(base);
                        best = 4;
                    }
                    iter_desc(srcs4, |s4| {
                        let m4 = peek_step_k::<CLEAR, NOHIT>(&b3.pts, s4, d);
                        self.push_finishing::<CLEAR, NOHIT>(out, [m1, m2, m3, m4], 4, &b3, s4, d);
                    });
                });
            });
        });
    }
}

impl Position for Backgammon {
    #[inline]
    fn variant(&self) -> Variant {
        self.variant
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_plays_into(&self, dice: Dice, out: &mut PlayList<Backgammon>) {
        out.clear();
        // The game is over when either side has no checker left (as `is_game_over`).
        let occ = occupied(&self.pts);
        let neg = negative(&self.pts);
        if occ == 0 || neg == 0 {
            return;
        }
        if dice.is_double() {
            self.plays_double(dice.high(), occ, neg, out);
        } else {
            self.plays_non_double(dice.high(), dice.low(), occ, neg, out);
        }
    }

    #[inline]
    fn pass_turn(&self) -> Backgammon {
        let mut pts = [0i8; 26];
        for (i, slot) in pts.iter_mut().enumerate() {
            *slot = -self.pts[25 - i];
        }
        Backgammon {
            pts,
            checkers: self.checkers,
            variant: self.variant,
            turn: !self.turn,
        }
    }

    /// The mover has nothing left, or the opponent has no checker on the board or bar (no
    /// negative count anywhere): `outcome().is_some()` from the board's words, as the game
    /// loop asks after every turn that bears off.
    #[inline]
    fn is_game_over(&self) -> bool {
        let w = words(&self.pts);
        occupied(&self.pts) == 0 || (w[0] | w[1] | w[2] | w[3]) & HIGH == 0
    }

    fn outcome(&self) -> Option<Outcome> {
        let mover_done = self.mover_on_board() == 0;
        let opp_done = self.opponent_on_board() == 0;
        if !mover_done && !opp_done {
            return None;
        }
        // Look at the game from the winner's side: the loser's checkers are negative there.
        let winner_view = if mover_done { *self } else { self.pass_turn() };
        let w = &winner_view.pts;
        let loser_on_board: u32 = w[..25].iter().map(|&c| (-c).max(0) as u32).sum();
        let kind = if loser_on_board < u32::from(self.checkers) {
            OutcomeKind::Single
        } else if w[0] < 0 || w[1..=6].iter().any(|&c| c < 0) {
            OutcomeKind::Backgammon
        } else {
            OutcomeKind::Gammon
        };
        Some(Outcome {
            winner: winner_view.turn,
            kind,
        })
    }

    fn pip_count(&self) -> ByColor<u32> {
        let mut mover = 0u32;
        let mut opp = 0u32;
        for (p, &c) in self.pts.iter().enumerate() {
            if c > 0 {
                mover += p as u32 * c as u32;
            } else if c < 0 {
                opp += (25 - p as u32) * (-c) as u32;
            }
        }
        let mut out = ByColor::default();
        out[self.turn] = mover;
        out[!self.turn] = opp;
        out
    }

    fn checkers_off(&self) -> ByColor<u8> {
        let mut out = ByColor::default();
        out[self.turn] = self.checkers - self.mover_on_board();
        out[!self.turn] = self.checkers - self.opponent_on_board() as u8;
        out
    }

    fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(self.variant, self.turn);
        for p in 1..=25u8 {
            s.board[self.turn][p as usize] = self.mover_at(p);
            s.board[!self.turn][p as usize] = self.opponent_at(p);
        }
        let off = self.checkers_off();
        s.board.white[SETUP_OFF] = off.white;
        s.board.black[SETUP_OFF] = off.black;
        s
    }
}

/// A backgammon position for tests, White on roll: `(point, count)` of each player in their own
/// numbering (25 = the bar; a player's missing checkers are off).
#[cfg(test)]
pub(crate) fn bg(white: &[(u8, u8)], black: &[(u8, u8)]) -> Backgammon {
    Backgammon::from_setup(&Setup::from_points(
        Variant::Backgammon,
        Color::White,
        white,
        black,
    ))
    .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(pos: &Backgammon, a: u8, b: u8) -> usize {
        pos.legal_plays(Dice::new(a, b).unwrap()).len()
    }

    #[test]
    fn opening_counts_match_the_conformance_readme() {
        let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(count(&pos, 2, 1), 15);
        assert_eq!(count(&pos, 3, 1), 16);
        assert_eq!(count(&pos, 6, 5), 7);
        for (d, n) in [(1, 42), (2, 75), (3, 73), (4, 52), (5, 4), (6, 11)] {
            assert_eq!(count(&pos, d, d), n, "{d}-{d}");
        }
    }

    #[test]
    fn bit_masks_agree_with_a_plain_scan() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/conformance/contact-1000.txt"
        ))
        .unwrap();
        for id in text.lines().take(300) {
            for pos in [
                Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap(),
                Backgammon::from_id(id, Variant::Backgammon, Color::White)
                    .unwrap()
                    .pass_turn(),
            ] {
                let (mut occ, mut open) = (0u32, 0u32);
                for p in 1..=25 {
                    occ |= u32::from(pos.pts[p] > 0) << p;
                    if p <= 24 {
                        open |= u32::from(pos.pts[p] >= -1) << p;
                    }
                }
                assert_eq!(occupied(&pos.pts), occ, "{id}");
                assert_eq!(open_points(&pos.pts), open, "{id}");
                let on_board: u32 = pos.pts[1..].iter().map(|&c| c.max(0) as u32).sum();
                assert_eq!(u32::from(pos.mover_on_board()), on_board, "{id}");
                // The farthest-back checkers of both sides, in the mover's numbering.
                let mine = (1..=25).rev().find(|&p| pos.pts[p] > 0);
                let theirs = (0..=24).find(|&p| pos.pts[p] < 0);
                let race = match (mine, theirs) {
                    (Some(m), Some(t)) => m < t,
                    _ => true,
                };
                assert_eq!(pos.no_contact(), race, "{id}");
                let blot_in_reach = (1..mine.unwrap_or(0)).any(|p| pos.pts[p] == -1);
                assert_eq!(
                    cannot_hit(negative(&pos.pts), occ, open),
                    !blot_in_reach,
                    "{id}"
                );
                if occ != 0 {
                    assert_eq!(is_race(negative(&pos.pts), occ), race, "{id}");
                }
                // OFF-1: a turn of that many steps cannot bear off, and nothing is on the bar.
                let outside: i32 = pos.pts[7..].iter().map(|&c| i32::from(c.max(0))).sum();
                assert_eq!(
                    clear_for_two_steps(&pos.pts, occ),
                    pos.pts[25] == 0 && outside >= 2,
                    "{id}"
                );
            }
        }
    }

    #[test]
    fn game_over_from_the_words_agrees_with_the_outcome() {
        // BG-14: the game ends when a player has borne off every checker.
        type Side<'a> = &'a [(u8, u8)];
        let side: Side = &[(24, 2), (13, 5), (8, 3), (6, 5)];
        let cases: [(Side, Side); 5] = [
            (side, side),
            (&[], &[(3, 1)]),
            (&[(1, 1)], &[]),
            (&[(25, 1)], &[(6, 2)]),
            (&[(2, 1)], &[(25, 1)]),
        ];
        for (white, black) in cases {
            for turn in [Color::White, Color::Black] {
                let setup = Setup::from_points(Variant::Backgammon, turn, white, black);
                let pos = Backgammon::from_setup(&setup).unwrap();
                for p in [pos, pos.pass_turn()] {
                    assert_eq!(
                        p.is_game_over(),
                        p.outcome().is_some(),
                        "{white:?} {black:?}"
                    );
                }
            }
        }
        assert!(Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[],
            side
        ))
        .unwrap()
        .is_game_over());
    }

    #[test]
    fn pass_turn_twice_is_identity() {
        let pos = Backgammon::start(Variant::Nackgammon, Color::Black).unwrap();
        assert_eq!(pos.pass_turn().pass_turn(), pos);
        assert_eq!(pos.pass_turn().turn(), Color::White);
    }

    #[test]
    fn bg8_start_pip_count_is_167() {
        let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(
            pos.pip_count(),
            ByColor {
                white: 167,
                black: 167
            }
        );
    }
}
