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
//! Three encodings, each documented unit by unit on its function:
//! - [`Encoding::TdGammon`] ([`tdgammon`], 198 units): Tesauro's TD-Gammon inputs.
//! - [`Encoding::Contact`] ([`contact`], 220 units): gnubg's base inputs plus hand-made
//!   features, each named with its source.
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
    /// gammon's Long Nardy inputs ([`nardy`]); Long Nardy only.
    Nardy,
}

impl Encoding {
    /// Every encoding.
    pub const ALL: [Encoding; 3] = [Encoding::TdGammon, Encoding::Contact, Encoding::Nardy];

    /// The name used by the Python layer: `"tdgammon"`, `"contact"`, `"nardy"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::TdGammon => "tdgammon",
            Encoding::Contact => "contact",
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
            Encoding::Nardy => NARDY_UNITS,
        }
    }

    /// True when the encoding is defined for `variant`'s rules family.
    #[must_use]
    pub fn supports(self, variant: Variant) -> bool {
        match self {
            Encoding::TdGammon | Encoding::Contact => variant.family() == RulesFamily::Backgammon,
            Encoding::Nardy => variant.family() == RulesFamily::LongNardy,
        }
    }

    /// Encodes one board into `out` (exactly [`Encoding::units`] long). `checkers` is the
    /// number of checkers each side owns (`Variant::checkers_per_side`).
    pub fn encode_into(self, board: &[i8; 26], checkers: u8, on_roll: bool, out: &mut [f32]) {
        match self {
            Encoding::TdGammon => tdgammon(board, checkers, on_roll, out),
            Encoding::Contact => contact(board, checkers, on_roll, out),
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
