//! The contact family of encodings: gnubg-style point units with hand-made features
//! ([`contact`]), then the dice-based units ([`contact_plus`], [`contact_ext`]: shots, escapes,
//! hit statistics and containment, counted in `shots.rs`) and the shape units
//! ([`contact_shape`], defined in `shape.rs`). Each side's features come from one
//! [`SideSummary`] of its checkers.

use super::shape;
use super::shots::{
    containment_rolls, escape_rolls, pair_reach, reach_both, reach_one, shot_rolls,
    shot_rolls_both, sum_reach, HitStats,
};
use super::{
    bytes_at_least, ratios, CONTACT_EXT_UNITS, CONTACT_FEATURES, CONTACT_PLUS_UNITS,
    CONTACT_SHAPE_UNITS, CONTACT_UNITS, POINT_BITS,
};

/// Each side's checkers in its own numbering: index 1..=24 points, 25 the bar, 0 borne off.
pub(super) fn sides(board: &[i8; 26], checkers: u8) -> [[u8; 26]; 2] {
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

/// What the hand-made features of one side need, in that side's own numbering.
pub(super) struct SideSummary {
    /// Bit `p`: the side has a checker on point `p` (1..=24, 25 its bar).
    pub(super) occupied: u32,
    /// Bit `p`: the side has two or more checkers on point `p` (1..=24).
    pub(super) made: u32,
    /// The pip count (BG-8).
    pub(super) pips: u32,
    /// Checkers borne off.
    pub(super) off: u32,
    /// Pips to break contact: for each checker behind the opponent's rearmost checker, the
    /// distance to pass it.
    pub(super) break_contact: u32,
    /// [`SideSummary::occupied`] in the numbering of the board's owner (bit `i` = board index
    /// `i`): the same mask for the owner, the opponent's before its bits are reversed.
    pub(super) board_occupied: u32,
    /// [`SideSummary::made`] in the numbering of the board's owner.
    pub(super) board_made: u32,
}

impl SideSummary {
    /// Bit `p`: the side has exactly one checker on point `p` (1..=24).
    #[inline(always)]
    pub(super) fn blots(&self) -> u32 {
        self.occupied & !self.made & POINT_BITS
    }
}

/// Both sides' [`SideSummary`] of a board (owner's view), the owner's first: a few loops over
/// the 26 entries (padded to 32) that the compiler turns into SIMD, and bit masks.
#[inline(always)]
pub(super) fn side_summaries(board: &[i8; 26], checkers: u8) -> [SideSummary; 2] {
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
/// how they were computed: an incremental update ([`super::Encoding::board_units`]) sees the same
/// floats as a full encoding.
#[inline(always)]
pub(super) fn contact_features(side: &SideSummary, checkers: u8, out: &mut [f32]) {
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
pub(super) fn contact_board_units(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
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

/// gnubg's four units for `n` checkers on a point: n = 1, n = 2, n ≥ 3, (n − 3)/2 (from a
/// table up to 15).
#[inline(always)]
pub(super) fn gnubg4(n: u8) -> [f32; 4] {
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

/// The four dice-based units of [`contact_plus`] (its units 220..224) from the sides'
/// summaries and bars.
#[inline(always)]
pub(super) fn dice_units(
    mine: &SideSummary,
    theirs: &SideSummary,
    bars: [u32; 2],
    out: &mut [f32],
) {
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

/// The per-board units of [`contact_plus`]: [`contact`]'s (its units 200..220) and then its
/// own four (220..224).
#[inline(always)]
pub(super) fn contact_plus_board_units(
    board: &[i8; 26],
    checkers: u8,
    on_roll: bool,
    out: &mut [f32],
) {
    let [mine, theirs] = side_summaries(board, checkers);
    contact_plus_units_of(&mine, &theirs, bars(board), checkers, on_roll, out);
}

/// The owner's and the opponent's checkers on the bar of a board (owner's view).
#[inline(always)]
pub(super) fn bars(board: &[i8; 26]) -> [u32; 2] {
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
///
/// [`shots`]: fn@super::shots
/// [`escapes`]: super::escapes
pub fn contact_plus(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..CONTACT_PLUS_UNITS];
    contact_point_units(board, checkers, &mut out[..200]);
    contact_plus_board_units(board, checkers, on_roll, &mut out[200..]);
}

/// The per-board units of [`contact_ext`]: [`contact_plus`]'s (its units 200..224) and then
/// its own six (224..230). The hit statistics of both sides come from one pass over the
/// rolls, which counts the shots of [`contact_plus`] too.
#[inline(always)]
pub(super) fn contact_ext_board_units(
    board: &[i8; 26],
    checkers: u8,
    on_roll: bool,
    out: &mut [f32],
) {
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
pub(super) fn ext_dice_units(
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
///
/// [`hits`]: super::hits
/// [`containment`]: super::containment
pub fn contact_ext(board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
    let out = &mut out[..CONTACT_EXT_UNITS];
    contact_point_units(board, checkers, &mut out[..200]);
    contact_ext_board_units(board, checkers, on_roll, &mut out[200..]);
}

/// The per-board units of [`contact_shape`]: [`contact_ext`]'s (its units 200..230), then
/// each side's seven shape units (230..244).
#[inline(always)]
pub(super) fn contact_shape_board_units(
    board: &[i8; 26],
    checkers: u8,
    on_roll: bool,
    out: &mut [f32],
) {
    let out = &mut out[..44];
    contact_ext_board_units(board, checkers, on_roll, &mut out[..30]);
    shape_board_units(board, &mut out[30..]);
}

/// Each side's seven shape units of [`contact_shape`] (its units 230..244).
#[inline(always)]
pub(super) fn shape_board_units(board: &[i8; 26], out: &mut [f32]) {
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
pub(super) fn shape_counts(board: &[i8; 26]) -> [[u8; 32]; 2] {
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
