//! Tesauro's public evaluation function, pubeval: a linear score of a backgammon position
//! after a play. The policy layer plays by it ([`crate::policy::Pubeval`] is this type), and
//! the searches and the luck's screen use it to keep a roll's few best plays before a net ranks
//! them ([`crate::eval::net::NetPosition::screen_scores`]).

use crate::base::moves::Play;
use crate::rules::backgammon::Backgammon;

/// Tesauro's contact weights (`wc`), in input order.
///
/// Source: Gerald Tesauro, `pubeval.c`, "Backgammon move-selection evaluation function for
/// benchmark comparisons", posted to rec.games.backgammon in 1993 and placed in the public
/// domain (the same table ships with GNU Backgammon's `pub_eval.c` and OpenBSD's
/// `games/backgammon`). These are the 122 published values.
#[rustfmt::skip]
pub const PUBEVAL_CONTACT: [f32; 122] = [
     0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654,
    -0.92830, -1.99558, -1.10388, -0.80802,  0.09856, -0.62086, -1.27999, -0.59220,
    -0.73667,  0.89032, -0.38933, -1.59847, -1.50197, -0.60966,  1.56166, -0.47389,
    -1.80390, -0.83425, -0.97741, -1.41371,  0.24500,  0.10970, -1.36476, -1.05572,
     1.15420,  0.11069, -0.38319, -0.74816, -0.59244,  0.81116, -0.39511,  0.11424,
    -0.73169, -0.56074,  1.09792,  0.15977,  0.13786, -1.18435, -0.43363,  1.06169,
    -0.21329,  0.04798, -0.94373, -0.22982,  1.22737, -0.13099, -0.06295, -0.75882,
    -0.13658,  1.78389,  0.30416,  0.36797, -0.69851,  0.13003,  1.23070,  0.40868,
    -0.21081, -0.64073,  0.31061,  1.59554,  0.65718,  0.25429, -0.80789,  0.08240,
     1.78964,  0.54304,  0.41174, -1.06161,  0.07851,  2.01451,  0.49786,  0.91936,
    -0.90750,  0.05941,  1.83120,  0.58722,  1.28777, -0.83711, -0.33248,  2.64983,
     0.52698,  0.82132, -0.58897, -1.18223,  3.35809,  0.62017,  0.57353, -0.07276,
    -0.36214,  4.37655,  0.45481,  0.21746,  0.10504, -0.61977,  3.54001,  0.04612,
    -0.18108,  0.63211, -0.87046,  2.47673, -0.48016, -1.27157,  0.86505, -1.11342,
     1.24612, -0.82385, -2.77082,  1.23606, -1.59529,  0.10438, -1.30206, -4.11520,
     5.62596, -2.75800,
];

/// Tesauro's race weights (`wr`), in input order. Source as for [`PUBEVAL_CONTACT`].
#[rustfmt::skip]
pub const PUBEVAL_RACE: [f32; 122] = [
     0.00000, -0.17160,  0.27010,  0.29906, -0.08471,  0.00000, -1.40375, -1.05121,
     0.07217, -0.01351,  0.00000, -1.29506, -2.16183,  0.13246, -1.03508,  0.00000,
    -2.29847, -2.34631,  0.17253,  0.08302,  0.00000, -1.27266, -2.87401, -0.07456,
    -0.34240,  0.00000, -1.34640, -2.46556, -0.13022, -0.01591,  0.00000,  0.27448,
     0.60015,  0.48302,  0.25236,  0.00000,  0.39521,  0.68178,  0.05281,  0.09266,
     0.00000,  0.24855, -0.06844, -0.37646,  0.05685,  0.00000,  0.17405,  0.00430,
     0.74427,  0.00576,  0.00000,  0.12392,  0.31202, -0.91035, -0.16270,  0.00000,
     0.01418, -0.10839, -0.02781, -0.88035,  0.00000,  1.07274,  2.00366,  1.16242,
     0.22520,  0.00000,  0.85631,  1.06349,  1.49549,  0.18966,  0.00000,  0.37183,
    -0.50352, -0.14818,  0.12039,  0.00000,  0.13681,  0.13978,  1.11245, -0.12707,
     0.00000, -0.22082,  0.20178, -0.06285, -0.52728,  0.00000, -0.13597, -0.19412,
    -0.09308, -1.26062,  0.00000,  3.05454,  5.16874,  1.50680,  5.35000,  0.00000,
     2.19605,  3.85390,  0.88296,  2.30052,  0.00000,  0.92321,  1.08744, -0.11696,
    -0.78560,  0.00000, -0.09795, -0.83050, -1.09167, -4.94251,  0.00000, -1.00316,
    -3.66465, -2.56906, -9.67677,  0.00000, -2.77982, -7.26713, -3.40177,-12.32252,
     0.00000,  3.42040,
];

/// The score pubeval gives a play that bears off the last checker (`99999999.` in the source).
pub const PUBEVAL_WIN: f32 = 99_999_999.0;

/// Checkers off that stand for "every checker off" in [`Pubeval::best`]'s loop (more than any
/// variant has): the play scores [`PUBEVAL_WIN`].
const WON: u8 = 16;

/// Most checkers a point can hold in any variant (15); the tables cover -15..=15.
const MAX_STACK: usize = 15;

/// Entries in a row of a [`PubevalTable`]: the count `n` (-15..=15) of a point is found at
/// `n as u8` (its two's complement byte: 0..=15 for 0..=15, 241..=255 for -15..=-1), so that a
/// board's byte indexes its row as it is, with no mask and no bounds check; only the two cache
/// lines at either end of a row are ever read.
const ROW: usize = 256;

/// Where the count `n` of a point is found in its row of a [`PubevalTable`].
#[inline(always)]
fn slot(n: i8) -> usize {
    usize::from(n as u8)
}

/// One weight set turned into a lookup table: the contribution of `n` checkers on point `p`.
#[derive(Clone, Debug)]
struct PubevalTable {
    /// `point[p][slot(n)]` for points 1..=24 in the mover's numbering (on the heap: 25 KB).
    point: Box<[[f32; ROW]; 25]>,
    /// `bar[n]`: the term of input 120 with `n` opposing checkers on the bar (`n / 2` times
    /// its weight), computed as pubeval.c computes it.
    bar: [f32; 16],
    /// `off[n]`: the term of input 121 with `n` of the mover's checkers off (`n / 15` times
    /// its weight), computed as pubeval.c computes it.
    off: [f32; 16],
}

impl PubevalTable {
    fn new(w: &[f32; 122]) -> PubevalTable {
        let mut point = Box::new([[0.0f32; ROW]; 25]);
        for (p, row) in point.iter_mut().enumerate().skip(1) {
            // pubeval.c encodes point 24 first: inputs 5 * (24 - p) .. 5 * (24 - p) + 5.
            let base = 5 * (24 - p);
            for n in -(MAX_STACK as i32)..=MAX_STACK as i32 {
                let mut s = 0.0f32;
                if n == -1 {
                    s += w[base];
                }
                if n == 1 {
                    s += w[base + 1];
                }
                if n >= 2 {
                    s += w[base + 2];
                }
                if n == 3 {
                    s += w[base + 3];
                }
                if n >= 4 {
                    s += w[base + 4] * (n - 3) as f32 / 2.0;
                }
                row[slot(n as i8)] = s;
            }
        }
        // pubeval.c: x[120] = -pos[0] / 2 (opponent's bar), x[121] = pos[26] / 15 (mover off).
        PubevalTable {
            point,
            bar: std::array::from_fn(|n| w[120] * n as f32 / 2.0),
            off: std::array::from_fn(|n| w[121] * n as f32 / 15.0),
        }
    }

    /// pubeval's score of the points, the opponent's bar and the mover's `off` checkers, in
    /// pubeval.c's order (point 1 first, then the bar, then the checkers off): the order of
    /// the additions decides the last bits of the score, and with them some choices.
    #[inline(always)]
    fn score(&self, pts: &[i8; 26], off: u8) -> f32 {
        let mut s = 0.0f32;
        for (row, &n) in self.point[1..25].iter().zip(&pts[1..25]) {
            s += row[slot(n)];
        }
        s += self.bar[usize::from(pts[0].unsigned_abs() & 15)];
        s += self.off[usize::from(off & 15)];
        s
    }

    /// [`PubevalTable::score`] of `K` boards at once: each score is the same additions in the
    /// same order as alone, bit for bit; interleaving the `K` chains of dependent additions
    /// lets them overlap instead of waiting on each other. Each board is read eight points at
    /// a time (one load a word, the counts taken from the word's bytes), which halves the
    /// loads of the loop, its limit.
    #[inline(always)]
    fn scores<const K: usize>(&self, pts: [&[i8; 26]; K], off: [u8; K]) -> [f32; K] {
        let mut s = [0.0f32; K];
        for j in 0..3 {
            // Bytes 8j..8j+8: the opponent's bar and points 1..=7, then 8..=15, 16..=23.
            let w: [u64; K] = std::array::from_fn(|k| {
                u64::from_le_bytes(std::array::from_fn(|i| pts[k][8 * j + i] as u8))
            });
            for b in usize::from(j == 0)..8 {
                let row = &self.point[8 * j + b];
                for k in 0..K {
                    s[k] += row[usize::from((w[k] >> (8 * b)) as u8)];
                }
            }
        }
        for k in 0..K {
            s[k] += self.point[24][slot(pts[k][24])];
            s[k] += self.bar[usize::from(pts[k][0].unsigned_abs() & 15)];
            s[k] += self.off[usize::from(off[k] & 15)];
        }
        s
    }
}

/// Tesauro's public evaluation function ("pubeval", 1993): a linear score of the position
/// after the play with separate weights for race and contact positions (`PUBEVAL_CONTACT`,
/// `PUBEVAL_RACE`). It makes obvious mistakes but plays a fair intermediate game, and has
/// long been the common yardstick of backgammon programs. Backgammon rules only.
///
/// Faithful to the source, including its quirks: the mover's own checkers on the bar are not
/// an input, and the race flag is taken from the position *before* the play.
#[derive(Clone, Debug)]
pub struct Pubeval {
    contact: PubevalTable,
    race: PubevalTable,
}

impl Default for Pubeval {
    fn default() -> Self {
        Pubeval::new()
    }
}

impl Pubeval {
    /// The evaluator with Tesauro's weights.
    #[must_use]
    pub fn new() -> Pubeval {
        Pubeval {
            contact: PubevalTable::new(&PUBEVAL_CONTACT),
            race: PubevalTable::new(&PUBEVAL_RACE),
        }
    }

    /// The evaluator with Tesauro's weights, made once for the whole process (its tables are
    /// 50 KB): the one the searches' and the luck's screens score with.
    #[must_use]
    pub fn shared() -> &'static Pubeval {
        static PUBEVAL: std::sync::OnceLock<Pubeval> = std::sync::OnceLock::new();
        PUBEVAL.get_or_init(Pubeval::new)
    }

    /// pubeval's score of `after` (the position after a play, its mover still on roll) with
    /// the race or the contact weights. Higher is better for the mover. A position where the
    /// mover has borne everything off scores `PUBEVAL_WIN`.
    #[inline(always)]
    #[must_use]
    pub fn score(&self, after: &Backgammon, race: bool) -> f32 {
        let on_board = after.mover_on_board();
        if on_board == 0 {
            return PUBEVAL_WIN;
        }
        let table = if race { &self.race } else { &self.contact };
        table.score(after.raw(), after.checkers_per_side() - on_board)
    }

    /// [`Pubeval::best`] for plays of `before` (their `after` positions have the same mover
    /// on roll): the same choice, cheaper. When no checker can be borne off this turn, every
    /// play leaves `before`'s checkers off, which need not be counted again play by play.
    #[must_use]
    pub fn best_from(&self, before: &Backgammon, plays: &[Play<Backgammon>], race: bool) -> usize {
        if before.may_bear_off_this_turn() {
            self.best(plays, race)
        } else {
            let off = before.checkers_per_side() - before.mover_on_board();
            self.best_of(plays, race, |_| off)
        }
    }

    /// [`Pubeval::score`] of each of `plays` (plays of `before`, the same floats), written to
    /// `out`: scored in groups of four, and, when no checker can be borne off this turn,
    /// without counting `before`'s checkers off again play by play (as [`Pubeval::best_from`]).
    pub fn scores_from(
        &self,
        before: &Backgammon,
        plays: &[Play<Backgammon>],
        race: bool,
        out: &mut Vec<f32>,
    ) {
        out.clear();
        let mut push = |_: usize, s: f32, off: u8| {
            out.push(if off == WON { PUBEVAL_WIN } else { s });
        };
        if before.may_bear_off_this_turn() {
            self.scores_of(plays, race, off_or_won, &mut push);
        } else {
            let off = before.checkers_per_side() - before.mover_on_board();
            self.scores_of(plays, race, |_| off, &mut push);
        }
    }

    /// The index of the play with the highest [`Pubeval::score`] (the first on ties; 0 for an
    /// empty list): the choice of `argmax` over `score`, with the plays scored in groups of
    /// four (the same additions in the same order) and compared in list order.
    #[must_use]
    pub fn best(&self, plays: &[Play<Backgammon>], race: bool) -> usize {
        self.best_of(plays, race, off_or_won)
    }

    /// [`Pubeval::best`] with the mover's checkers off after each play given by `off` (`WON`:
    /// the play bears off the last one and scores `PUBEVAL_WIN`).
    #[inline(always)]
    fn best_of(
        &self,
        plays: &[Play<Backgammon>],
        race: bool,
        off: impl Fn(&Backgammon) -> u8,
    ) -> usize {
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        self.scores_of(plays, race, off, |i, s, off| {
            let s = if off == WON { PUBEVAL_WIN } else { s };
            if s > best_score {
                best = i;
                best_score = s;
            }
        });
        best
    }

    /// Calls `consider(i, score, off)` for each of `plays` in order: its score by the table
    /// (the same floats as [`Pubeval::score`] unless `off` is `WON`, which the caller maps to
    /// `PUBEVAL_WIN`), the plays scored in groups of four.
    #[inline(always)]
    fn scores_of(
        &self,
        plays: &[Play<Backgammon>],
        race: bool,
        off: impl Fn(&Backgammon) -> u8,
        mut consider: impl FnMut(usize, f32, u8),
    ) {
        const K: usize = 4;
        let table = if race { &self.race } else { &self.contact };
        let mut groups = plays.chunks_exact(K);
        let mut i = 0;
        for group in &mut groups {
            let after: [&Backgammon; K] = std::array::from_fn(|k| group[k].after());
            let off = after.map(&off);
            let scores = table.scores(after.map(Backgammon::raw), off);
            for k in 0..K {
                consider(i + k, scores[k], off[k]);
            }
            i += K;
        }
        for play in groups.remainder() {
            let a = play.after();
            let off = off(a);
            let [s] = table.scores([a.raw()], [off]);
            consider(i, s, off);
            i += 1;
        }
    }
}

/// The mover's checkers off after `a` (a play's after-state), or `WON` when it bore off the
/// last one (no checker left: 15 or fewer off, which the sentinel 16 stands for), where
/// pubeval scores `PUBEVAL_WIN`.
fn off_or_won(a: &Backgammon) -> u8 {
    match a.checkers_per_side() - a.mover_on_board() {
        off if off == a.checkers_per_side() => WON,
        off => off,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::dice::Dice;
    use crate::base::moves::PlayList;
    use crate::base::variant::Variant;
    use crate::rules::backgammon::bg;
    use crate::rules::position::Position;

    #[test]
    fn pubeval_race_score_of_a_checked_position() {
        // Mover: one checker on point 1, 14 off. Opponent: 15 on their point 1 (our 24):
        // stacks of the opponent are not inputs. Inputs: x[5*23+1] = 1 (our blot on point 1),
        // x[121] = 14/15. Race weights wr[116] = -2.77982, wr[121] = 3.42040 (pubeval.c).
        let pos = bg(&[(1, 1)], &[(1, 15)]);
        assert!(pos.no_contact());
        let expected = -2.77982f32 + 14.0 / 15.0 * 3.42040;
        let got = Pubeval::new().score(&pos, true);
        assert!((got - expected).abs() < 1e-5, "{got} vs {expected}");
    }

    #[test]
    fn pubeval_contact_score_of_a_checked_position() {
        // Mover: 2 on point 24, 13 on point 6. Opponent: a blot on our point 7 (their 18), 14
        // on their 6 (our 19), and nothing on the bar. Inputs: point 24 holds 2 -> x[2] = 1;
        // point 7 holds -1 -> x[5*17] = 1; point 6 holds 13 -> x[5*18+2] = 1 and
        // x[5*18+4] = (13-3)/2 = 5; point 19 holds -14: not an input.
        // wc[2] = -1.66135, wc[85] = -0.83711, wc[92] = 3.35809, wc[94] = 0.57353.
        let pos = bg(&[(24, 2), (6, 13)], &[(18, 1), (6, 14)]);
        assert!(!pos.no_contact());
        let expected = -1.66135f32 - 0.83711 + 3.35809 + 5.0 * 0.57353;
        let got = Pubeval::new().score(&pos, false);
        assert!((got - expected).abs() < 1e-5, "{got} vs {expected}");
    }

    #[test]
    fn pubeval_counts_the_opponents_bar_and_prefers_bearing_off_the_last_checker() {
        // Opponent with 2 on the bar: x[120] = 2/2 = 1, wc[120] = 5.62596.
        let with_bar = bg(&[(24, 2), (6, 13)], &[(25, 2), (6, 13)]);
        let without = bg(&[(24, 2), (6, 13)], &[(6, 15)]);
        let diff = Pubeval::new().score(&with_bar, false) - Pubeval::new().score(&without, false);
        assert!((diff - 5.62596).abs() < 1e-4, "{diff}");
        let done = bg(&[], &[(6, 15)]);
        assert_eq!(Pubeval::new().score(&done, true), PUBEVAL_WIN);
    }

    /// pubeval's score summed straight from the weights, point by point in the table's
    /// order (the reference for the lookup table).
    fn reference_score(w: &[f32; 122], after: &Backgammon) -> f32 {
        let pts = after.raw();
        let on_board: u32 = pts[1..].iter().map(|&c| c.max(0) as u32).sum();
        if on_board == 0 {
            return PUBEVAL_WIN;
        }
        let mut s = 0.0f32;
        for (p, &count) in pts.iter().enumerate().take(25).skip(1) {
            let base = 5 * (24 - p);
            let n = i32::from(count);
            let mut t = 0.0f32;
            if n == -1 {
                t += w[base];
            }
            if n == 1 {
                t += w[base + 1];
            }
            if n >= 2 {
                t += w[base + 2];
            }
            if n == 3 {
                t += w[base + 3];
            }
            if n >= 4 {
                t += w[base + 4] * (n - 3) as f32 / 2.0;
            }
            s += t;
        }
        s += w[120] * f32::from(-pts[0]) / 2.0;
        s += w[121] * f32::from(after.checkers_per_side() - on_board as u8) / 15.0;
        s
    }

    #[test]
    fn the_lookup_table_gives_the_scores_of_the_weights_bit_for_bit() {
        // Every play of every roll from 200 positions of the wildbg corpus, each from both
        // sides: the order of the additions, and so every bit of the score, is pubeval.c's.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/conformance/contact-1000.txt"
        ))
        .unwrap();
        let pubeval = Pubeval::new();
        let mut plays = PlayList::new();
        let mut scored = 0;
        for id in text.lines().take(200) {
            let pos = Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap();
            for pos in [pos, pos.pass_turn()] {
                for dice in Dice::ALL_21 {
                    pos.legal_plays_into(dice, &mut plays);
                    for play in &plays {
                        for (race, w) in [(false, &PUBEVAL_CONTACT), (true, &PUBEVAL_RACE)] {
                            let got = pubeval.score(play.after(), race);
                            let want = reference_score(w, play.after());
                            assert_eq!(got.to_bits(), want.to_bits(), "{id} {dice}");
                            // Four at a time, from the boards' words.
                            let table = if race {
                                &pubeval.race
                            } else {
                                &pubeval.contact
                            };
                            let off = 15 - play.after().mover_on_board();
                            if off < 15 {
                                let [s, ..] = table.scores([play.after().raw(); 4], [off; 4]);
                                assert_eq!(s.to_bits(), want.to_bits(), "{id} {dice}");
                            }
                        }
                        scored += 1;
                    }
                }
            }
        }
        assert!(scored > 100_000, "{scored}");
    }

    #[test]
    fn best_is_the_first_play_of_the_highest_score() {
        // `Pubeval::best` and `Pubeval::best_from` score four plays at a time: the same choice
        // as the plain argmax over `Pubeval::score` (first on ties), on every roll of contact
        // and race positions from both sides, with either weight set, and on lists cut to
        // every length mod 4.
        let pubeval = Pubeval::new();
        let mut plays = PlayList::new();
        let mut checked = 0;
        for file in ["contact-1000.txt", "race-1000.txt"] {
            let text = std::fs::read_to_string(format!(
                "{}/../../tests/data/conformance/{file}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap();
            for id in text.lines().take(300) {
                let pos = Backgammon::from_id(id, Variant::Backgammon, Color::White).unwrap();
                for pos in [pos, pos.pass_turn()] {
                    for dice in Dice::ALL_21 {
                        pos.legal_plays_into(dice, &mut plays);
                        for race in [false, true] {
                            for cut in 0..4 {
                                let list = &plays[..plays.len().saturating_sub(cut)];
                                let mut want = 0;
                                let mut top = f32::NEG_INFINITY;
                                for (i, play) in list.iter().enumerate() {
                                    let s = pubeval.score(play.after(), race);
                                    if s > top {
                                        (want, top) = (i, s);
                                    }
                                }
                                assert_eq!(pubeval.best(list, race), want, "{id} {dice}");
                                assert_eq!(
                                    pubeval.best_from(&pos, list, race),
                                    want,
                                    "{id} {dice}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn the_published_tables_have_122_weights_and_their_known_sums() {
        // Sums of the published tables, computed from the listing in GNU Backgammon's
        // pub_eval.c (seven to a line there, eight here): a typo in either table moves them.
        let sc: f64 = PUBEVAL_CONTACT.iter().map(|&w| f64::from(w)).sum();
        let sr: f64 = PUBEVAL_RACE.iter().map(|&w| f64::from(w)).sum();
        assert!((sc - -6.72565).abs() < 1e-4, "{sc}");
        assert!((sr - -31.29905).abs() < 1e-4, "{sr}");
    }
}
