//! The neural-net evaluator: small multilayer perceptrons on the crate's input encodings
//! ([`crate::encode`]), trained by TD(λ) self-play (the `gammon-train` crate), with exact
//! values where the bear-off databases cover a backgammon position.
//!
//! - [`Mlp`]: one net, `inputs -> hidden (sigmoid) -> 5 outputs (sigmoid)`, the outputs being
//!   gnubg's five probabilities (win, win gammon, win backgammon, lose gammon, lose
//!   backgammon) of the board's **owner** when the owner has just played (the opponent is to
//!   roll: an *after-state*, TD-Gammon's own choice of what to evaluate — Tesauro,
//!   "Temporal Difference Learning and TD-Gammon", CACM 38(3), 1995). Its first layer is
//!   stored input-major, so that a board's hidden sums add one row of weights per non-zero
//!   input (the encodings are sparse: about 30 of 220 units are non-zero).
//! - [`NetEvaluator`]: the nets of one rules family (backgammon: a contact net and a race net;
//!   Long Nardy: one net), read from and written to the weights file format below, and
//!   implementing [`Evaluator`] for [`Backgammon`] and [`Nardy`].
//!
//! # Weights file format (version 1)
//! Little-endian throughout:
//! - 8 bytes magic `GAMMONNT`, `u32` format version (1), `u8` rules family (0 backgammon, 1
//!   Long Nardy), `u8` number of nets `n` (1 or 2);
//! - per net: `u8` role (0 contact / all positions, 1 race), `u8` encoding (0 TdGammon, 1
//!   Contact, 2 Nardy, 3 ContactPlus, 4 ContactExt, 5 ContactShape), `u32` inputs, `u32`
//!   hidden units, `u32` outputs (5);
//!   then the `f32` weights: `w1` (inputs × hidden, input-major), `b1` (hidden), `w2` (outputs × hidden,
//!   output-major), `b2` (outputs);
//! - `u32` CRC-32 (IEEE) of every byte before it.
//!
//! Reading checks every field and names the first that is wrong ([`NetFileError`]).
//!
//! May use: `base`, `rules`, `bearoff`, `encode` (and `eval`'s own [`Probabilities`]).

use crate::base::color::Color;
use crate::base::moves::{Play, PlayList, OFF};
use crate::base::outcome::OutcomeKind;
use crate::base::variant::RulesFamily;
use crate::bearoff;
use crate::encode::{Encoding, RollContext, UnitDeltas, MAX_BOARD_UNITS};
use crate::eval::{Evaluator, Probabilities};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

/// Outputs of every net: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const NET_OUTPUTS: usize = 5;
/// The most hidden units a net may have (the evaluator keeps its buffers on the stack).
pub const MAX_HIDDEN: usize = 256;
/// The largest weight magnitude a weights file may hold. The trained nets' largest is below
/// 10; the bound keeps every sum of an evaluation far inside `f32`'s range (at most 256
/// inputs, each below 100, and 256 hidden units: sums below 10^11), so that no evaluation of
/// a net that reads can be infinite or NaN, whatever its weights.
pub const MAX_WEIGHT: f32 = 1.0e6;
/// The most input units of any encoding.
pub const MAX_INPUTS: usize = 256;
/// The magic bytes that open a weights file.
pub const NET_MAGIC: [u8; 8] = *b"GAMMONNT";
/// The version of the weights file format this crate writes and reads.
pub const NET_FORMAT_VERSION: u32 = 1;

/// The logistic function.
#[inline]
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What a net of an [`NetEvaluator`] is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetRole {
    /// Every position (Long Nardy) or the positions with contact (backgammon).
    Contact,
    /// Backgammon races: no checker of either side can meet one of the other's.
    Race,
}

/// A weights file could not be read: what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetFileError {
    /// The file ended before a field.
    #[error("the weights file is truncated: it ended while reading {0}")]
    Truncated(&'static str),
    /// The first 8 bytes are not `GAMMONNT`.
    #[error("not a gammon weights file: the first 8 bytes are not the magic \"GAMMONNT\"")]
    BadMagic,
    /// A version this crate does not read.
    #[error("weights file format version {found} is not supported (this build reads version {NET_FORMAT_VERSION})")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The stored checksum does not match the bytes.
    #[error("the weights file is corrupt: its CRC-32 is {stored:#010x} but its bytes give {computed:#010x}")]
    Checksum {
        /// The checksum in the file.
        stored: u32,
        /// The checksum of the bytes read.
        computed: u32,
    },
    /// A header field holds a value out of range.
    #[error("bad {field} in the weights file: {detail}")]
    Field {
        /// The field.
        field: &'static str,
        /// What was wrong with it.
        detail: String,
    },
    /// Bytes after the checksum.
    #[error("the weights file has {0} bytes after its checksum")]
    TrailingBytes(usize),
    /// The nets do not fit the rules family.
    #[error("the weights file's nets do not fit {family}: {detail}")]
    Mismatch {
        /// The family named in the file.
        family: &'static str,
        /// What does not fit.
        detail: String,
    },
}

/// One multilayer perceptron: `inputs -> hidden (sigmoid) -> 5 (sigmoid)`.
///
/// The weights are plain public data so that trainers can update them in place.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    /// The input encoding.
    pub encoding: Encoding,
    /// Hidden units.
    pub hidden: usize,
    /// First layer, input-major: the weights of input `i` are `w1[i * hidden..(i + 1) * hidden]`.
    pub w1: Vec<f32>,
    /// First-layer biases (`hidden`).
    pub b1: Vec<f32>,
    /// Second layer, output-major: the weights of output `k` are `w2[k * hidden..(k + 1) * hidden]`.
    pub w2: Vec<f32>,
    /// Output biases.
    pub b2: [f32; NET_OUTPUTS],
}

impl Mlp {
    /// A net of zeros (every output 0.5).
    ///
    /// # Panics
    /// When `hidden` is 0 or above [`MAX_HIDDEN`].
    #[must_use]
    pub fn zeros(encoding: Encoding, hidden: usize) -> Mlp {
        assert!(
            (1..=MAX_HIDDEN).contains(&hidden),
            "hidden units out of range"
        );
        Mlp {
            encoding,
            hidden,
            w1: vec![0.0; encoding.units() * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; NET_OUTPUTS * hidden],
            b2: [0.0; NET_OUTPUTS],
        }
    }

    /// Number of input units.
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.encoding.units()
    }

    /// The hidden activations for the encoded input `x` (`inputs` long) into `h` (`hidden`
    /// long). Only the non-zero inputs cost work.
    #[inline]
    pub fn hidden_into(&self, x: &[f32], h: &mut [f32]) {
        let hn = self.hidden;
        let h = &mut h[..hn];
        h.copy_from_slice(&self.b1);
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                let row = &self.w1[i * hn..(i + 1) * hn];
                for (a, &w) in h.iter_mut().zip(row) {
                    *a += xi * w;
                }
            }
        }
        for a in h.iter_mut() {
            *a = sigmoid(*a);
        }
    }

    /// The outputs from hidden activations `h`.
    #[inline]
    #[must_use]
    pub fn outputs_from_hidden(&self, h: &[f32]) -> [f32; NET_OUTPUTS] {
        let hn = self.hidden;
        let h = &h[..hn];
        let mut out = self.b2;
        for (k, o) in out.iter_mut().enumerate() {
            let row = &self.w2[k * hn..(k + 1) * hn];
            let mut s = 0.0f32;
            for (a, w) in h.iter().zip(row) {
                s += a * w;
            }
            *o = sigmoid(*o + s);
        }
        out
    }

    /// The raw outputs for the encoded input `x`.
    #[must_use]
    pub fn forward(&self, x: &[f32]) -> [f32; NET_OUTPUTS] {
        let mut h = [0f32; MAX_HIDDEN];
        self.hidden_into(x, &mut h);
        self.outputs_from_hidden(&h)
    }

    /// The raw outputs for a board in the owner's view (see [`crate::encode`]), owner not on
    /// roll (the fast inference path: [`fast_sigmoid`]; the first layer from the board's
    /// non-zero point units and its per-board units, as the [`Ranker`] starts a position).
    #[must_use]
    pub fn forward_board(&self, board: &[i8; 26], checkers: u8) -> [f32; NET_OUTPUTS] {
        let mut base = Base::new();
        let mut d = UnitDeltas::new();
        base_sums(self, board, checkers, &mut base, &mut d, false);
        let mut h = [0f32; MAX_HIDDEN];
        finish_dispatched(self, &base.acc, &mut h)
    }

    /// The first layer's sums (before the sigmoid) for the encoded input `x`: the biases plus
    /// one row of weights per non-zero input.
    #[inline]
    pub fn accumulate(&self, x: &[f32], acc: &mut [f32]) {
        let hn = self.hidden;
        let acc = &mut acc[..hn];
        acc.copy_from_slice(&self.b1);
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                axpy::<false>(acc, xi, &self.w1[i * hn..(i + 1) * hn]);
            }
        }
    }

    /// The first layer's sums for `x` from those of another input `base_x` (`base_acc`):
    /// one row of weights per input that differs. A play changes few inputs, so the plays
    /// of a roll are valued from the sums of the position before it (the incremental
    /// first-layer update of efficiently updatable networks).
    #[inline]
    pub fn accumulate_delta(&self, base_x: &[f32], base_acc: &[f32], x: &[f32], acc: &mut [f32]) {
        let hn = self.hidden;
        let acc = &mut acc[..hn];
        acc.copy_from_slice(&base_acc[..hn]);
        // Eight inputs at a time: a block where nothing changed (most of them) costs one
        // vector comparison.
        let n = x.len().min(base_x.len());
        let (x, base_x) = (&x[..n], &base_x[..n]);
        let mut xc = x.chunks_exact(8);
        let mut bc = base_x.chunks_exact(8);
        for (c, (xs, bs)) in (&mut xc).zip(&mut bc).enumerate() {
            let mut changed = false;
            for l in 0..8 {
                changed |= xs[l] != bs[l];
            }
            if changed {
                for l in 0..8 {
                    let d = xs[l] - bs[l];
                    if d != 0.0 {
                        let i = 8 * c + l;
                        axpy::<false>(acc, d, &self.w1[i * hn..(i + 1) * hn]);
                    }
                }
            }
        }
        let done = n - xc.remainder().len();
        for (k, (&xi, &bi)) in xc.remainder().iter().zip(bc.remainder()).enumerate() {
            let d = xi - bi;
            if d != 0.0 {
                let i = done + k;
                axpy::<false>(acc, d, &self.w1[i * hn..(i + 1) * hn]);
            }
        }
    }

    /// The first layer's sums of a board from those of another board (`base_acc`) and the
    /// inputs that differ between them (`rows`: unit and change, see
    /// [`Encoding::point_deltas`] and [`Encoding::board_units`]): `acc = base_acc + Σ change ·
    /// row`, the rows added in their order. The hidden units go 96 at a time (then 64, 32 and
    /// the rest), every changed row added to the same sums, which stay in registers: one pass
    /// over the rows for a net of 96 hidden units (each sum gets the same additions in the
    /// same order whatever the grouping, so the same floats).
    #[inline(always)]
    pub fn accumulate_rows(&self, base_acc: &[f32], rows: &UnitDeltas, acc: &mut [f32]) {
        self.accumulate_rows_as::<false>(base_acc, rows, acc);
    }

    /// [`Mlp::accumulate_rows`], with `FUSED` each `sum + change · weight` as one fused
    /// multiply-add ([`f32::mul_add`]: one rounding, not two), the arithmetic of
    /// [`Ranker::fused`].
    #[inline(always)]
    pub fn accumulate_rows_as<const FUSED: bool>(
        &self,
        base_acc: &[f32],
        rows: &UnitDeltas,
        acc: &mut [f32],
    ) {
        let hn = self.hidden;
        let (base_acc, acc) = (&base_acc[..hn], &mut acc[..hn]);
        let mut c = 0;
        while c + 96 <= hn {
            self.rows_chunk::<96, FUSED>(c, base_acc, rows, acc);
            c += 96;
        }
        if c + 64 <= hn {
            self.rows_chunk::<64, FUSED>(c, base_acc, rows, acc);
            c += 64;
        }
        if c + 32 <= hn {
            self.rows_chunk::<32, FUSED>(c, base_acc, rows, acc);
            c += 32;
        }
        if c < hn {
            acc[c..].copy_from_slice(&base_acc[c..]);
            for (&u, &d) in rows.units().iter().zip(rows.deltas()) {
                let at = usize::from(u) * hn;
                axpy::<FUSED>(&mut acc[c..], d, &self.w1[at + c..at + hn]);
            }
        }
    }

    /// The hidden units `c..c + N` of [`Mlp::accumulate_rows`].
    #[inline(always)]
    fn rows_chunk<const N: usize, const FUSED: bool>(
        &self,
        c: usize,
        base_acc: &[f32],
        rows: &UnitDeltas,
        acc: &mut [f32],
    ) {
        let hn = self.hidden;
        let mut a = [0f32; N];
        a.copy_from_slice(&base_acc[c..c + N]);
        for (&u, &d) in rows.units().iter().zip(rows.deltas()) {
            let at = usize::from(u) * hn + c;
            for (x, &w) in a.iter_mut().zip(&self.w1[at..at + N]) {
                *x = if FUSED { d.mul_add(w, *x) } else { *x + d * w };
            }
        }
        acc[c..c + N].copy_from_slice(&a);
    }

    /// The outputs from the first layer's sums (the fast sigmoid on both layers).
    #[inline]
    #[must_use]
    pub fn finish(&self, acc: &[f32]) -> [f32; NET_OUTPUTS] {
        let mut h = [0f32; MAX_HIDDEN];
        self.finish_with(acc, &mut h)
    }

    /// [`Mlp::finish`] with the hidden activations written to `h` (at least `hidden` long),
    /// a buffer the caller keeps.
    ///
    /// The hidden sigmoids first (elementwise: any vector width gives the same floats), then
    /// each output's dot product with them (lane `l` sums the products of the units
    /// `l`, `l + 8`, ... in that order, the eight lanes are then added in order, and the units
    /// past the last eight after them), then the five output sigmoids together, as one
    /// vector.
    ///
    /// The shipped nets' sizes (96 and 64 hidden units) have versions of their own, whose
    /// loops the compiler lays out in full (the same operations in the same order).
    #[inline(always)]
    pub fn finish_with(&self, acc: &[f32], h: &mut [f32]) -> [f32; NET_OUTPUTS] {
        self.finish_with_as::<false>(acc, h)
    }

    /// [`Mlp::finish_with`], with `FUSED` the sigmoids' polynomials and the output dot
    /// products in fused multiply-adds ([`fused_sigmoid`]), the arithmetic of
    /// [`Ranker::fused`].
    #[inline(always)]
    pub fn finish_with_as<const FUSED: bool>(
        &self,
        acc: &[f32],
        h: &mut [f32],
    ) -> [f32; NET_OUTPUTS] {
        match self.hidden {
            96 => self.finish_n::<FUSED>(96, acc, h),
            64 => self.finish_n::<FUSED>(64, acc, h),
            hn => self.finish_n::<FUSED>(hn, acc, h),
        }
    }

    /// [`Mlp::finish_with`] for `hn` hidden units (the net's: a constant where it is inlined).
    #[inline(always)]
    fn finish_n<const FUSED: bool>(
        &self,
        hn: usize,
        acc: &[f32],
        h: &mut [f32],
    ) -> [f32; NET_OUTPUTS] {
        let h = &mut h[..hn];
        for (o, &a) in h.iter_mut().zip(&acc[..hn]) {
            *o = sigmoid_as::<FUSED>(a);
        }
        let h = &*h;
        let w2 = &self.w2[..NET_OUTPUTS * hn];
        // Each output's dot product in a loop of its own: written together, LLVM vectorizes
        // them across the outputs, with shuffles.
        let mut x = [0f32; 8];
        for (k, xk) in x.iter_mut().take(NET_OUTPUTS).enumerate() {
            *xk = self.b2[k] + dot_as::<FUSED>(h, &w2[k * hn..(k + 1) * hn]);
        }
        let mut y = [0f32; 8];
        for (yk, &xk) in y.iter_mut().zip(&x) {
            *yk = sigmoid_as::<FUSED>(xk);
        }
        [y[0], y[1], y[2], y[3], y[4]]
    }
}

/// `acc += a * row`, eight lanes at a time (the loop the compiler turns into SIMD).
/// With `FUSED`, each `x + a · w` as one fused multiply-add.
#[inline(always)]
fn axpy<const FUSED: bool>(acc: &mut [f32], a: f32, row: &[f32]) {
    let step = |x: f32, w: f32| if FUSED { a.mul_add(w, x) } else { x + a * w };
    let mut ac = acc.chunks_exact_mut(8);
    let mut rc = row.chunks_exact(8);
    for (x, w) in (&mut ac).zip(&mut rc) {
        for l in 0..8 {
            x[l] = step(x[l], w[l]);
        }
    }
    for (x, w) in ac.into_remainder().iter_mut().zip(rc.remainder()) {
        *x = step(*x, *w);
    }
}

/// The dot product of two equally long slices, in eight partial sums.
#[cfg(test)]
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    dot_as::<false>(a, b)
}

/// [`dot`], with `FUSED` each lane's `sum + x · y` as one fused multiply-add (the tail past
/// the last eight as in [`dot`]).
#[inline(always)]
fn dot_as<const FUSED: bool>(a: &[f32], b: &[f32]) -> f32 {
    let mut s = [0f32; 8];
    let ac = a.chunks_exact(8);
    let bc = b.chunks_exact(8);
    let tail: f32 = ac
        .remainder()
        .iter()
        .zip(bc.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ac.zip(bc) {
        for l in 0..8 {
            s[l] = if FUSED {
                x[l].mul_add(y[l], s[l])
            } else {
                s[l] + x[l] * y[l]
            };
        }
    }
    s.iter().sum::<f32>() + tail
}

/// The logistic function from a polynomial `exp`, accurate to a few parts in a million and
/// branch-free, so that a layer's sigmoids vectorize: `2^t` is split into `2^n` (built in the
/// exponent bits), `n` the integer nearest to `t`, times `2^f`, `|f| <= 1/2`, from its Taylor
/// series to degree 5 (the first term left out is below 2.5e-6 of `2^f`). `n` is found by
/// the float rounding of `t + 1.5 · 2^23` (whose last mantissa bits then hold `n`), not by a
/// float-to-integer conversion, which SSE2 has only for saturating scalars.
#[inline(always)]
#[must_use]
pub fn fast_sigmoid(x: f32) -> f32 {
    /// 1.5 · 2^23: adding it rounds a float of magnitude below 2^22 to an integer.
    const ROUND: f32 = 12_582_912.0;
    let t = (-x * std::f32::consts::LOG2_E).clamp(-126.0, 126.0);
    let r = t + ROUND;
    let f = t - (r - ROUND);
    let p = 1.0
        + f * (std::f32::consts::LN_2
            + f * (0.240_226_5 + f * (0.055_504_11 + f * (0.009_618_129 + f * 0.001_333_355_8))));
    // r's bits are those of ROUND plus n; n + 127 (1..=253) is the biased exponent of 2^n.
    let n = (r.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
    let scale = f32::from_bits((n.wrapping_add(127) as u32) << 23);
    1.0 / (1.0 + p * scale)
}

/// [`fast_sigmoid`] with its polynomial and last product in fused multiply-adds
/// ([`f32::mul_add`], one rounding each): within a few parts in a million of the logistic
/// function as well, and a few float steps from [`fast_sigmoid`]. The sigmoid of
/// [`Ranker::fused`].
#[inline(always)]
#[must_use]
pub fn fused_sigmoid(x: f32) -> f32 {
    /// 1.5 · 2^23, as in [`fast_sigmoid`].
    const ROUND: f32 = 12_582_912.0;
    let t = (-x * std::f32::consts::LOG2_E).clamp(-126.0, 126.0);
    let r = t + ROUND;
    let f = t - (r - ROUND);
    let p = f.mul_add(0.001_333_355_8, 0.009_618_129);
    let p = f.mul_add(p, 0.055_504_11);
    let p = f.mul_add(p, 0.240_226_5);
    let p = f.mul_add(p, std::f32::consts::LN_2);
    let p = f.mul_add(p, 1.0);
    let n = (r.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
    let scale = f32::from_bits((n.wrapping_add(127) as u32) << 23);
    1.0 / p.mul_add(scale, 1.0)
}

/// [`fast_sigmoid`], or with `FUSED` [`fused_sigmoid`].
#[inline(always)]
fn sigmoid_as<const FUSED: bool>(x: f32) -> f32 {
    if FUSED {
        fused_sigmoid(x)
    } else {
        fast_sigmoid(x)
    }
}

/// Turns raw net outputs into consistent [`Probabilities`]: each clamped to `[0, 1]`, and
/// `win >= win_gammon >= win_backgammon`, `lose >= lose_gammon >= lose_backgammon`.
///
/// By `max` and `min`, not `clamp`: the same values for numbers, and a NaN output (which the
/// reader's bound on the weights rules out, [`MAX_WEIGHT`]) becomes 0 instead of a panic.
#[inline(always)]
#[must_use]
#[allow(clippy::manual_clamp)] // `clamp` keeps a NaN (and panics on a NaN bound); these do not
pub fn probabilities_of(out: &[f32; NET_OUTPUTS]) -> Probabilities {
    let win = out[0].max(0.0).min(1.0);
    let lose = 1.0 - win;
    let win_gammon = out[1].max(0.0).min(win);
    let win_backgammon = out[2].max(0.0).min(win_gammon);
    let lose_gammon = out[3].max(0.0).min(lose);
    let lose_backgammon = out[4].max(0.0).min(lose_gammon);
    Probabilities {
        win,
        win_gammon,
        win_backgammon,
        lose_gammon,
        lose_backgammon,
        draw: 0.0,
    }
}

/// Sets to 0 the results the rules exclude in a board (owner's view), as gnubg's
/// `SanityCheck` does: no gammon (nor Mars) can be won against a player who has borne off a
/// checker (SCORE-1, LN-33), and in a backgammon race no backgammon against a player with no
/// checker left in the winner's home board or on the bar (SCORE-1: the loser's checkers only
/// move away from it).
#[inline]
#[must_use]
pub fn sanity(
    family: RulesFamily,
    board: &[i8; 26],
    checkers: u8,
    p: Probabilities,
) -> Probabilities {
    let race = family == RulesFamily::Backgammon && is_race(board);
    sanity_in(board, checkers, race, p)
}

/// The checkers each side has on `board` (owner's view): the owner's, the opponent's.
#[inline]
fn checkers_on(board: &[i8; 26]) -> (i32, i32) {
    let mut mine = 0i32;
    let mut theirs = 0i32;
    for &c in board {
        if c > 0 {
            mine += i32::from(c);
        } else {
            theirs -= i32::from(c);
        }
    }
    (mine, theirs)
}

/// [`sanity`] with `race` (a backgammon race: [`is_race`]) already known.
#[inline]
fn sanity_in(board: &[i8; 26], checkers: u8, race: bool, p: Probabilities) -> Probabilities {
    let (mine, theirs) = checkers_on(board);
    let all = i32::from(checkers);
    sanity_known(board, mine < all, theirs < all, race, p)
}

/// [`sanity_in`] with whether each side has borne off a checker already known.
#[inline(always)]
fn sanity_known(
    board: &[i8; 26],
    mine_off: bool,
    theirs_off: bool,
    race: bool,
    mut p: Probabilities,
) -> Probabilities {
    if theirs_off {
        p.win_gammon = 0.0;
        p.win_backgammon = 0.0;
    }
    if mine_off {
        p.lose_gammon = 0.0;
        p.lose_backgammon = 0.0;
    }
    if race {
        // Their checkers in my home board (my points 1..=6) or on their bar (index 0).
        if board[0..=6].iter().all(|&c| c >= 0) {
            p.win_backgammon = 0.0;
        }
        // Mine in their home board (my points 19..=24) or on my bar (index 25).
        if board[19..=25].iter().all(|&c| c <= 0) {
            p.lose_backgammon = 0.0;
        }
    }
    p
}

/// The five outputs of a probabilities value (draws dropped), the targets of training.
#[must_use]
pub fn outputs_of(p: &Probabilities) -> [f32; NET_OUTPUTS] {
    [
        p.win,
        p.win_gammon,
        p.win_backgammon,
        p.lose_gammon,
        p.lose_backgammon,
    ]
}

/// The probabilities of a finished game for the player `me`: certain, of the outcome's class.
#[must_use]
pub fn finished(winner: Color, kind: OutcomeKind, me: Color) -> Probabilities {
    let gammon = matches!(
        kind,
        OutcomeKind::Gammon | OutcomeKind::Backgammon | OutcomeKind::Mars | OutcomeKind::Koks
    );
    let backgammon = matches!(kind, OutcomeKind::Backgammon | OutcomeKind::Koks);
    let g = f32::from(u8::from(gammon));
    let b = f32::from(u8::from(backgammon));
    if kind == OutcomeKind::Draw {
        return Probabilities {
            draw: 1.0,
            ..Probabilities::default()
        };
    }
    let p = Probabilities {
        win: 1.0,
        win_gammon: g,
        win_backgammon: b,
        ..Probabilities::default()
    };
    if winner == me {
        p
    } else {
        p.flip()
    }
}

/// A position type the nets can read: its board in the owner's view of [`crate::encode`].
pub trait NetPosition: Position {
    /// The board as the 26 signed counts of the encodings, owned by the player on roll.
    fn owner_board(&self) -> [i8; 26];
    /// Checkers a side.
    fn checkers(&self) -> u8;
}

impl NetPosition for Backgammon {
    #[inline]
    fn owner_board(&self) -> [i8; 26] {
        *self.raw()
    }
    #[inline]
    fn checkers(&self) -> u8 {
        self.checkers_per_side()
    }
}

impl NetPosition for Nardy {
    #[inline]
    fn owner_board(&self) -> [i8; 26] {
        let mut out = [0i8; 26];
        out[..25].copy_from_slice(self.raw());
        out[0] = 0;
        out
    }
    #[inline]
    fn checkers(&self) -> u8 {
        crate::rules::nardy::CHECKERS_PER_SIDE
    }
}

/// True when a backgammon board (owner's view) is a race: every checker of the owner is past
/// every checker of the opponent, so no hit is possible any more.
#[inline(always)]
#[must_use]
pub fn is_race(board: &[i8; 26]) -> bool {
    // The owner's rearmost checker (25 = the bar) and the opponent's rearmost in the owner's
    // numbering (0 = their bar); the owner moves down, the opponent up.
    let mine = (1..=25).rev().find(|&p| board[p] > 0).unwrap_or(0);
    let theirs = (0..=24).find(|&q| board[q] < 0).unwrap_or(25);
    mine < theirs
}

/// The nets of one rules family, and the evaluator built on them.
#[derive(Clone, Debug, PartialEq)]
pub struct NetEvaluator {
    /// The rules family.
    pub family: RulesFamily,
    /// The net for positions with contact (Long Nardy: every position).
    pub contact: Mlp,
    /// The net for backgammon races, if any (else the contact net plays races too).
    pub race: Option<Mlp>,
}

fn family_code(f: RulesFamily) -> u8 {
    match f {
        RulesFamily::Backgammon => 0,
        RulesFamily::LongNardy => 1,
    }
}

fn family_name(f: RulesFamily) -> &'static str {
    match f {
        RulesFamily::Backgammon => "backgammon",
        RulesFamily::LongNardy => "long nardy",
    }
}

fn encoding_code(e: Encoding) -> u8 {
    match e {
        Encoding::TdGammon => 0,
        Encoding::Contact => 1,
        Encoding::Nardy => 2,
        Encoding::ContactPlus => 3,
        Encoding::ContactExt => 4,
        Encoding::ContactShape => 5,
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], NetFileError> {
        if self.bytes.len() - self.at < n {
            return Err(NetFileError::Truncated(what));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self, what: &'static str) -> Result<u8, NetFileError> {
        Ok(self.take(1, what)?[0])
    }
    fn u32(&mut self, what: &'static str) -> Result<u32, NetFileError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn f32s(&mut self, out: &mut [f32], what: &'static str) -> Result<(), NetFileError> {
        let b = self.take(4 * out.len(), what)?;
        for (o, c) in out.iter_mut().zip(b.chunks_exact(4)) {
            *o = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if !o.is_finite() {
                return Err(NetFileError::Field {
                    field: what,
                    detail: "a weight is not a finite number".into(),
                });
            }
            if o.abs() > MAX_WEIGHT {
                return Err(NetFileError::Field {
                    field: what,
                    detail: format!("a weight is {o:e}, beyond ±{MAX_WEIGHT:e}"),
                });
            }
        }
        Ok(())
    }
}

fn push_f32s(out: &mut Vec<u8>, xs: &[f32]) {
    for x in xs {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

impl NetEvaluator {
    /// The weights file of these nets (see the module documentation for the format).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&NET_MAGIC);
        out.extend_from_slice(&NET_FORMAT_VERSION.to_le_bytes());
        out.push(family_code(self.family));
        let nets: Vec<(u8, &Mlp)> = std::iter::once((0u8, &self.contact))
            .chain(self.race.as_ref().map(|r| (1u8, r)))
            .collect();
        out.push(nets.len() as u8);
        for (role, net) in nets {
            out.push(role);
            out.push(encoding_code(net.encoding));
            out.extend_from_slice(&(net.inputs() as u32).to_le_bytes());
            out.extend_from_slice(&(net.hidden as u32).to_le_bytes());
            out.extend_from_slice(&(NET_OUTPUTS as u32).to_le_bytes());
            push_f32s(&mut out, &net.w1);
            push_f32s(&mut out, &net.b1);
            push_f32s(&mut out, &net.w2);
            push_f32s(&mut out, &net.b2);
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// [`NetFileError`] naming the first thing wrong: a short file, the magic, the version,
    /// the checksum, a header field out of range, nets that do not fit the family.
    pub fn from_bytes(bytes: &[u8]) -> Result<NetEvaluator, NetFileError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8, "the magic")? != NET_MAGIC {
            return Err(NetFileError::BadMagic);
        }
        let version = r.u32("the format version")?;
        if version != NET_FORMAT_VERSION {
            return Err(NetFileError::Version { found: version });
        }
        if bytes.len() < 4 + r.at {
            return Err(NetFileError::Truncated("the checksum"));
        }
        let body = bytes.len() - 4;
        let stored = u32::from_le_bytes([
            bytes[body],
            bytes[body + 1],
            bytes[body + 2],
            bytes[body + 3],
        ]);
        let computed = crc32fast::hash(&bytes[..body]);
        if stored != computed {
            return Err(NetFileError::Checksum { stored, computed });
        }
        let mut r = Reader {
            bytes: &bytes[..body],
            at: r.at,
        };
        let family = match r.u8("the rules family")? {
            0 => RulesFamily::Backgammon,
            1 => RulesFamily::LongNardy,
            f => {
                return Err(NetFileError::Field {
                    field: "rules family",
                    detail: format!("{f} (0 backgammon, 1 long nardy)"),
                })
            }
        };
        let count = r.u8("the number of nets")?;
        if !(1..=2).contains(&count) {
            return Err(NetFileError::Field {
                field: "number of nets",
                detail: format!("{count} (1 or 2)"),
            });
        }
        let mut contact = None;
        let mut race = None;
        for _ in 0..count {
            let role = match r.u8("a net's role")? {
                0 => NetRole::Contact,
                1 => NetRole::Race,
                x => {
                    return Err(NetFileError::Field {
                        field: "net role",
                        detail: format!("{x} (0 contact, 1 race)"),
                    })
                }
            };
            let encoding = match r.u8("a net's encoding")? {
                0 => Encoding::TdGammon,
                1 => Encoding::Contact,
                2 => Encoding::Nardy,
                3 => Encoding::ContactPlus,
                4 => Encoding::ContactExt,
                5 => Encoding::ContactShape,
                x => {
                    return Err(NetFileError::Field {
                        field: "encoding",
                        detail: format!(
                            "{x} (0 tdgammon, 1 contact, 2 nardy, 3 contact-plus, 4 contact-ext, 5 contact-shape)"
                        ),
                    })
                }
            };
            let inputs = r.u32("a net's inputs")? as usize;
            if inputs != encoding.units() {
                return Err(NetFileError::Field {
                    field: "inputs",
                    detail: format!(
                        "{inputs}, but the {} encoding has {} units",
                        encoding.name(),
                        encoding.units()
                    ),
                });
            }
            let hidden = r.u32("a net's hidden units")? as usize;
            if !(1..=MAX_HIDDEN).contains(&hidden) {
                return Err(NetFileError::Field {
                    field: "hidden units",
                    detail: format!("{hidden} (1 to {MAX_HIDDEN})"),
                });
            }
            let outputs = r.u32("a net's outputs")? as usize;
            if outputs != NET_OUTPUTS {
                return Err(NetFileError::Field {
                    field: "outputs",
                    detail: format!("{outputs} (must be {NET_OUTPUTS})"),
                });
            }
            let mut net = Mlp::zeros(encoding, hidden);
            r.f32s(&mut net.w1, "the first-layer weights")?;
            r.f32s(&mut net.b1, "the first-layer biases")?;
            r.f32s(&mut net.w2, "the second-layer weights")?;
            r.f32s(&mut net.b2, "the output biases")?;
            let slot = match role {
                NetRole::Contact => &mut contact,
                NetRole::Race => &mut race,
            };
            if slot.is_some() {
                return Err(NetFileError::Field {
                    field: "net role",
                    detail: "two nets with the same role".into(),
                });
            }
            *slot = Some(net);
        }
        if r.at != r.bytes.len() {
            return Err(NetFileError::TrailingBytes(r.bytes.len() - r.at));
        }
        let Some(contact) = contact else {
            return Err(NetFileError::Field {
                field: "net role",
                detail: "no contact net".into(),
            });
        };
        let ev = NetEvaluator {
            family,
            contact,
            race,
        };
        ev.check()?;
        Ok(ev)
    }

    /// Checks that the nets fit the family: backgammon nets read a backgammon encoding, a
    /// Long Nardy net the Nardy encoding and has no race net.
    ///
    /// # Errors
    /// [`NetFileError::Mismatch`] naming the misfit.
    pub fn check(&self) -> Result<(), NetFileError> {
        let variant = self.family.variant();
        let mismatch = |detail: String| NetFileError::Mismatch {
            family: family_name(self.family),
            detail,
        };
        for net in std::iter::once(&self.contact).chain(self.race.as_ref()) {
            if !net.encoding.supports(variant) {
                return Err(mismatch(format!(
                    "the {} encoding is not defined for it",
                    net.encoding.name()
                )));
            }
        }
        if self.family == RulesFamily::LongNardy && self.race.is_some() {
            return Err(mismatch("Long Nardy has no race net".into()));
        }
        Ok(())
    }

    /// The net that evaluates `board` (owner's view).
    #[inline]
    #[must_use]
    pub fn net_for(&self, board: &[i8; 26]) -> &Mlp {
        match &self.race {
            Some(r) if self.family == RulesFamily::Backgammon && is_race(board) => r,
            _ => &self.contact,
        }
    }

    /// The net's probabilities for the owner of `board` (owner's view) when the owner has
    /// just played and the opponent is to roll. No bear-off lookup.
    #[inline]
    #[must_use]
    pub fn evaluate_after_board(&self, board: &[i8; 26], checkers: u8) -> Probabilities {
        let p = probabilities_of(&self.net_for(board).forward_board(board, checkers));
        sanity(self.family, board, checkers, p)
    }

    /// The probabilities, for the player who made it, of the position after a play (`after`
    /// is [`Play::after`]: that player still "on roll" in it, the opponent to roll next):
    /// exact when the play ends the game or (backgammon) reaches a bear-off the databases
    /// cover, else the net's.
    #[must_use]
    pub fn evaluate_after<P: NetPosition>(&self, after: &P) -> Probabilities
    where
        Self: AfterState<P>,
    {
        self.after_state(after)
    }

    /// Ranks `plays` for the player on roll: fills `out` (resized to `plays.len()`) with each
    /// play's probabilities ([`NetEvaluator::evaluate_after`]), for that player.
    pub fn evaluate_plays<P: NetPosition>(&self, plays: &[Play<P>], out: &mut Vec<Probabilities>)
    where
        Self: AfterState<P>,
    {
        out.clear();
        out.extend(plays.iter().map(|p| self.after_state(p.after())));
    }

    /// The index of the play of highest cubeless equity (the first of equals); 0 for an empty
    /// slice.
    #[must_use]
    pub fn best_play<P: NetPosition>(&self, plays: &[Play<P>]) -> usize
    where
        Self: AfterState<P>,
    {
        first_best(plays.iter().map(|p| self.after_state(p.after()).equity()))
    }

    /// As [`NetEvaluator::best_play`] for the plays of `before` (the position they are made
    /// from), valued incrementally: the first layer's sums of each play start from those of
    /// `before`'s board and add the inputs the play changed. The same choice as `best_play`
    /// (up to float rounding), several times faster.
    #[must_use]
    pub fn best_play_from<P: NetPosition>(&self, before: &P, plays: &[Play<P>]) -> usize
    where
        Self: AfterState<P>,
    {
        Ranker::new(self, before).best(plays)
    }
}

/// The index of the greatest of `equities` (the first of equals; 0 when there is none).
#[inline]
fn first_best(equities: impl Iterator<Item = f32>) -> usize {
    let mut best = 0;
    let mut best_eq = f32::NEG_INFINITY;
    for (i, e) in equities.enumerate() {
        if e > best_eq {
            best_eq = e;
            best = i;
        }
    }
    best
}

/// One net's first-layer sums and per-board units for the board before a play, and (for the
/// [`Ranker`]) what the per-board units of its plays share ([`RollContext`]).
struct Base {
    acc: [f32; MAX_HIDDEN],
    board_units: [f32; MAX_BOARD_UNITS],
    ctx: RollContext,
    ready: bool,
}

impl Base {
    fn new() -> Base {
        Base {
            acc: [0.0; MAX_HIDDEN],
            board_units: [0.0; MAX_BOARD_UNITS],
            ctx: RollContext::default(),
            ready: false,
        }
    }
}

/// Values the plays of one position incrementally (see [`NetEvaluator::best_play_from`]).
///
/// The first layer's sums of the board before the plays are computed once per net (contact
/// and race); each play's sums are those plus the rows of the inputs it changed: the point
/// units of the board entries that differ ([`Encoding::point_deltas`]: a play moves at most
/// four checkers, so at most nine entries change) and the per-board units whose values
/// differ ([`Encoding::board_units`], computed on the board after the play).
pub struct Ranker<'a> {
    nets: &'a NetEvaluator,
    before: [i8; 26],
    checkers: u8,
    bases: [Base; 2],
    off: BorneOff,
    deltas: UnitDeltas,
    acc: [f32; MAX_HIDDEN],
    h: [f32; MAX_HIDDEN],
    /// [`Ranker::best`]'s equities, kept from roll to roll.
    equities: Vec<f32>,
    /// The net's multiply-adds fused ([`Ranker::fused`]).
    fused: bool,
}

/// Whether the CPU has fused multiply-add instructions (x86-64: FMA3, found at run time;
/// AArch64 always): where [`Ranker::fused`] fuses them.
fn hardware_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(target_arch = "aarch64")]
    {
        true
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}

/// What the sanity check ([`sanity`]) needs to know of the checkers borne off after a play,
/// found once from the position before the plays: the opponent's checkers on the board do
/// not change with a play (a hit sends one to the bar), the owner's only when it bears off.
#[derive(Clone, Copy, Debug)]
struct BorneOff {
    /// The owner has borne off a checker before the play (and so after it).
    mine: bool,
    /// The opponent has borne off a checker.
    theirs: bool,
    /// The owner has none off, but a play may bear off one: count the checkers after it.
    count_mine: bool,
}

impl BorneOff {
    fn of(family: RulesFamily, board: &[i8; 26], checkers: u8) -> BorneOff {
        let (mine, theirs) = checkers_on(board);
        let all = i32::from(checkers);
        // Backgammon: a checker is borne off only once all are home (points 1..=6; 25 is
        // the bar), and a roll moves at most 24 pips.
        let far = family == RulesFamily::Backgammon
            && (7..=25)
                .map(|i| i32::from(board[i].max(0)) * (i as i32 - 6))
                .sum::<i32>()
                > 24;
        BorneOff {
            mine: mine < all,
            theirs: theirs < all,
            count_mine: mine >= all && !far,
        }
    }

    /// Whether the owner of `board`, a play of the position, has borne off a checker.
    #[inline(always)]
    fn mine_after(self, board: &[i8; 26], checkers: u8) -> bool {
        self.mine || (self.count_mine && checkers_on(board).0 < i32::from(checkers))
    }
}

impl<'a> Ranker<'a> {
    /// A ranker for the plays of `before` (the player on roll makes them).
    #[must_use]
    pub fn new<P: NetPosition>(nets: &'a NetEvaluator, before: &P) -> Ranker<'a> {
        let board = before.owner_board();
        Ranker {
            nets,
            before: board,
            checkers: before.checkers(),
            bases: [Base::new(), Base::new()],
            off: BorneOff::of(nets.family, &board, before.checkers()),
            deltas: UnitDeltas::new(),
            acc: [0.0; MAX_HIDDEN],
            h: [0.0; MAX_HIDDEN],
            equities: Vec::new(),
            fused: false,
        }
    }

    /// A ranker as [`Ranker::new`] whose net arithmetic fuses each multiply and add (the
    /// first-layer rows, the sigmoids' polynomials, the output dot products) into one fused
    /// multiply-add, rounded once, where the CPU has the instruction (x86-64 with FMA3, every
    /// AArch64; elsewhere it is [`Ranker::new`]): half the arithmetic instructions of the
    /// first layer. The `"net"` policy ([`crate::NetPolicy`]) ranks its plays so. The values
    /// differ from [`Ranker::new`]'s (and [`NetEvaluator::evaluate_after`]'s) by rounding
    /// only, a few parts in a million of an equity, which changes the play chosen only in
    /// near ties; they are the same on every CPU that fuses. The trainer keeps
    /// [`Ranker::new`]'s arithmetic.
    #[must_use]
    pub fn fused<P: NetPosition>(nets: &'a NetEvaluator, before: &P) -> Ranker<'a> {
        let mut r = Ranker::new(nets, before);
        r.fused = hardware_fma();
        r
    }

    /// Whether this ranker fuses its multiply-adds ([`Ranker::fused`] on a CPU that has them).
    #[must_use]
    pub fn is_fused(&self) -> bool {
        self.fused
    }

    /// Starts over for the plays of `before` with the nets `nets`: as [`Ranker::new`] (or
    /// [`Ranker::fused`], as this ranker was made), without allocating or clearing the buffers
    /// (a player keeps one ranker for all its turns).
    pub fn reset<P: NetPosition>(&mut self, nets: &'a NetEvaluator, before: &P) {
        self.nets = nets;
        self.before = before.owner_board();
        self.checkers = before.checkers();
        self.off = BorneOff::of(nets.family, &self.before, self.checkers);
        for base in &mut self.bases {
            base.ready = false;
        }
    }

    /// The index of the play of highest cubeless equity among `plays` (plays of the position
    /// given to [`Ranker::new`] or [`Ranker::reset`]; the first of equals, 0 for none): what
    /// [`NetEvaluator::best_play_from`] returns.
    pub fn best<P: NetPosition>(&mut self, plays: &[Play<P>]) -> usize
    where
        NetEvaluator: AfterState<P>,
    {
        let mut equities = std::mem::take(&mut self.equities);
        equities_dispatched(self, plays, &mut equities);
        let best = first_best(equities.iter().copied());
        self.equities = equities;
        best
    }

    /// Fills `out` with the cubeless equity of each of `plays` (plays of the position given to
    /// [`Ranker::new`] or [`Ranker::reset`]) for the player who makes them: the equities of
    /// [`Ranker::value`].
    pub fn equities<P: NetPosition>(&mut self, plays: &[Play<P>], out: &mut Vec<f32>)
    where
        NetEvaluator: AfterState<P>,
    {
        equities_dispatched(self, plays, out);
    }

    /// The value of `after` (a play of the position given to [`Ranker::new`]) for the player
    /// who made it: exact when known, else the net's.
    #[inline]
    pub fn value<P: NetPosition>(&mut self, after: &P) -> Probabilities
    where
        NetEvaluator: AfterState<P>,
    {
        if self.fused {
            self.value_with::<P, false, true>(after)
        } else {
            self.value_with::<P, false, false>(after)
        }
    }

    /// [`Ranker::value`]; with `INLINE`, the net's arithmetic is compiled into the caller
    /// (for the loop over a roll's plays, compiled for AVX2 as well: [`equities_dispatched`]),
    /// else it calls the dispatched [`base_sums`] and [`candidate_outputs`]. `FUSED`: the
    /// arithmetic of [`Ranker::fused`] (the caller passes `self.fused`).
    #[inline(always)]
    fn value_with<P: NetPosition, const INLINE: bool, const FUSED: bool>(
        &mut self,
        after: &P,
    ) -> Probabilities
    where
        NetEvaluator: AfterState<P>,
    {
        if let Some(p) = self.nets.exact_after(after) {
            return p;
        }
        let board = after.owner_board();
        // Whether it is a backgammon race decides the net and the sanity check: found once.
        let race = self.nets.family == RulesFamily::Backgammon && is_race(&board);
        let (net, slot) = match &self.nets.race {
            Some(r) if race => (r, 1),
            _ => (&self.nets.contact, 0),
        };
        let base = &mut self.bases[slot];
        if !base.ready {
            let (before, checkers, d) = (&self.before, self.checkers, &mut self.deltas);
            if INLINE {
                base_sums_inline::<FUSED>(net, before, checkers, base, d);
            } else {
                base_sums(net, before, checkers, base, d, FUSED);
            }
            net.encoding
                .roll_context(&self.before, self.checkers, &mut base.ctx);
            base.ready = true;
        }
        let (before, checkers) = (&self.before, self.checkers);
        let (d, acc, h) = (&mut self.deltas, &mut self.acc, &mut self.h);
        let out = if INLINE {
            candidate_outputs_inline::<FUSED>(net, before, &board, checkers, base, d, acc, h)
        } else {
            candidate_outputs(net, before, &board, checkers, base, d, acc, h, FUSED)
        };
        let p = probabilities_of(&out);
        let mine_off = self.off.mine_after(&board, self.checkers);
        sanity_known(&board, mine_off, self.off.theirs, race, p)
    }
}

/// [`Ranker::equities`] (and so [`Ranker::best`]): the plays valued one by one
/// ([`Ranker::value`]) in one function compiled for AVX2 and AVX as well as for the baseline
/// (as [`candidate_outputs`]; the same floats), the version chosen once per roll.
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
fn equities_dispatched<'a, P: NetPosition>(
    r: &mut Ranker<'a>,
    plays: &[Play<P>],
    out: &mut Vec<f32>,
) where
    NetEvaluator: AfterState<P>,
{
    out.clear();
    // A loop, not a closure: a closure is compiled without the function's target features.
    if r.fused {
        for p in plays {
            let e = r.value_with::<P, true, true>(p.after()).equity();
            out.push(e);
        }
    } else {
        for p in plays {
            let e = r.value_with::<P, true, false>(p.after()).equity();
            out.push(e);
        }
    }
}

/// Fills `base` for the board `before`: its per-board units, and its first-layer sums as the
/// rows of its non-zero inputs (every point unit is 0 on an empty board entry, so they are
/// [`Encoding::point_deltas`] from empty entries) added to the biases. Compiled for AVX2 and
/// AVX as well (as [`candidate_outputs`]).
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
fn base_sums(
    net: &Mlp,
    before: &[i8; 26],
    checkers: u8,
    base: &mut Base,
    d: &mut UnitDeltas,
    fused: bool,
) {
    if fused {
        base_sums_inline::<true>(net, before, checkers, base, d);
    } else {
        base_sums_inline::<false>(net, before, checkers, base, d);
    }
}

/// The body of [`base_sums`], compiled into its callers.
#[inline(always)]
fn base_sums_inline<const FUSED: bool>(
    net: &Mlp,
    before: &[i8; 26],
    checkers: u8,
    base: &mut Base,
    d: &mut UnitDeltas,
) {
    let enc = net.encoding;
    let idx = enc.board_unit_indices();
    let nb = idx.len();
    d.clear();
    for (i, &c) in before.iter().enumerate() {
        if c != 0 {
            enc.point_deltas(i, 0, c, d);
        }
    }
    enc.board_units(before, checkers, false, &mut base.board_units[..nb]);
    d.push_changed(idx, &base.board_units[..nb], &[0.0; MAX_BOARD_UNITS][..nb]);
    net.accumulate_rows_as::<FUSED>(&net.b1, d, &mut base.acc);
}

/// [`Mlp::finish_with`], compiled for AVX2 and AVX as well (as [`candidate_outputs`]).
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
fn finish_dispatched(net: &Mlp, acc: &[f32], h: &mut [f32]) -> [f32; NET_OUTPUTS] {
    net.finish_with(acc, h)
}

/// The raw outputs of `net` for `board`, a play of `before` whose first-layer sums and
/// per-board units are `base`: the inputs the play changed ([`Encoding::point_deltas`] for
/// the board entries that differ, [`Encoding::board_units`] compared), their rows added to
/// the sums ([`Mlp::accumulate_rows`]), then the sigmoids and outputs ([`Mlp::finish_with`]).
///
/// Compiled for AVX2 (with `popcnt`, `lzcnt` and BMI for the features' bit counts) and for
/// AVX as well as for the baseline (SSE2), the best the CPU runs chosen at run time (once per
/// call: a load and an indirect call; [`Ranker::value`] calls it, the loop over a roll's plays
/// compiles its body in instead: [`equities_dispatched`]). The operations are the same (no
/// fused multiply-add: Rust does not contract `a * b + c`), in the same order, so every
/// version gives the same floats. (An AVX-512 version was slower on the Xeon of
/// `BENCHMARKS.md`: its 16-lane sigmoids wait on the divider as long as two 8-lane ones.)
#[allow(clippy::too_many_arguments)]
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
fn candidate_outputs(
    net: &Mlp,
    before: &[i8; 26],
    board: &[i8; 26],
    checkers: u8,
    base: &Base,
    d: &mut UnitDeltas,
    acc: &mut [f32; MAX_HIDDEN],
    h: &mut [f32; MAX_HIDDEN],
    fused: bool,
) -> [f32; NET_OUTPUTS] {
    if fused {
        candidate_outputs_inline::<true>(net, before, board, checkers, base, d, acc, h)
    } else {
        candidate_outputs_inline::<false>(net, before, board, checkers, base, d, acc, h)
    }
}

/// The body of [`candidate_outputs`], compiled into its callers.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn candidate_outputs_inline<const FUSED: bool>(
    net: &Mlp,
    before: &[i8; 26],
    board: &[i8; 26],
    checkers: u8,
    base: &Base,
    d: &mut UnitDeltas,
    acc: &mut [f32; MAX_HIDDEN],
    h: &mut [f32; MAX_HIDDEN],
) -> [f32; NET_OUTPUTS] {
    let enc = net.encoding;
    let nb = enc.board_unit_indices().len();
    let before_units = &base.board_units[..nb];
    enc.play_deltas(&base.ctx, before, before_units, board, checkers, false, d);
    net.accumulate_rows_as::<FUSED>(&base.acc, d, acc);
    net.finish_with_as::<FUSED>(acc, h)
}

/// How a net evaluator values the position after a play of rules type `P` (see
/// [`NetEvaluator::evaluate_after`]).
pub trait AfterState<P: NetPosition> {
    /// The exact value of `after` for the player who just played, when it is known: the
    /// game is over, or (backgammon) both sides are in the bear-off databases.
    fn exact_after(&self, after: &P) -> Option<Probabilities>;

    /// The net's value of `after` for the player who just played (no exact lookup).
    fn net_after(&self, after: &P) -> Probabilities;

    /// The probabilities of `after` for the player who just played: exact when known, else
    /// the net's.
    #[inline]
    fn after_state(&self, after: &P) -> Probabilities {
        match self.exact_after(after) {
            Some(p) => p,
            None => self.net_after(after),
        }
    }
}

/// The probabilities, for the player who has just borne off their last checker in `after`
/// (`after` from that player's view), of the finished game.
fn backgammon_finished(after: &Backgammon) -> Option<Probabilities> {
    let b = after.raw();
    if b[1..26].iter().any(|&c| c > 0) {
        return None;
    }
    // The mover has borne everything off: the game is over (SCORE-1).
    let on: i32 = b.iter().map(|&c| i32::from(c.min(0))).sum();
    let kind = if -on < i32::from(after.checkers_per_side()) {
        OutcomeKind::Single
    } else if b[0] < 0 || b[19..25].iter().any(|&c| c < 0) {
        OutcomeKind::Backgammon
    } else {
        OutcomeKind::Gammon
    };
    Some(finished(Color::White, kind, Color::White))
}

impl AfterState<Backgammon> for NetEvaluator {
    #[inline]
    fn exact_after(&self, after: &Backgammon) -> Option<Probabilities> {
        if let Some(p) = backgammon_finished(after) {
            return Some(p);
        }
        let b = after.raw();
        // Both sides home (the mover has nothing on 7..=25, the opponent nothing on 0..=18).
        if b[7..26].iter().all(|&c| c <= 0) && b[0..19].iter().all(|&c| c >= 0) {
            return bearoff_after(after);
        }
        None
    }

    #[inline]
    fn net_after(&self, after: &Backgammon) -> Probabilities {
        self.evaluate_after_board(after.raw(), after.checkers_per_side())
    }
}

/// The bear-off databases' value of `after` (a bear-off, not finished) for the player who
/// just played.
fn bearoff_after(after: &Backgammon) -> Option<Probabilities> {
    // Both sides are home (the caller checked): their home boards straight from the board,
    // the owner's points 1..=6 and the opponent's (the owner's 24..=19). The opponent is on
    // roll next: the value is theirs, flipped (as `bearoff::evaluate(&after.pass_turn())`).
    let b = after.raw();
    let mut mine = [0u8; 6];
    let mut theirs = [0u8; 6];
    for p in 1..=6 {
        mine[p - 1] = b[p].max(0) as u8;
        theirs[p - 1] = (-b[25 - p]).max(0) as u8;
    }
    let (my_on, their_on) = (mine.iter().sum::<u8>(), theirs.iter().sum::<u8>());
    if my_on == 0 || their_on == 0 {
        return None;
    }
    let total = after.checkers_per_side();
    let e = bearoff::evaluate_boards(&theirs, &mine, their_on == total, my_on == total);
    let p = Probabilities {
        win: e.win as f32,
        win_gammon: e.win_gammon as f32,
        win_backgammon: 0.0,
        lose_gammon: e.lose_gammon as f32,
        lose_backgammon: 0.0,
        draw: 0.0,
    };
    Some(p.flip())
}

impl AfterState<Nardy> for NetEvaluator {
    #[inline]
    fn exact_after(&self, after: &Nardy) -> Option<Probabilities> {
        let me = after.turn();
        let off = after.checkers_off();
        (off[me] == crate::rules::nardy::CHECKERS_PER_SIDE).then(|| {
            // LN-33/LN-34 under the default scoring: Mars when the loser has nothing off.
            let kind = if off[!me] == 0 {
                OutcomeKind::Mars
            } else {
                OutcomeKind::Oin
            };
            finished(me, kind, me)
        })
    }

    #[inline]
    fn net_after(&self, after: &Nardy) -> Probabilities {
        self.evaluate_after_board(&after.owner_board(), crate::rules::nardy::CHECKERS_PER_SIDE)
    }
}

/// Play lists for a search, one per depth (allocated once per search).
pub struct SearchBuffers<P> {
    lists: Vec<Box<PlayList<P>>>,
}

impl<P> Default for SearchBuffers<P> {
    fn default() -> Self {
        SearchBuffers { lists: Vec::new() }
    }
}

impl<P> SearchBuffers<P> {
    fn take(&mut self, depth: usize) -> Box<PlayList<P>> {
        while self.lists.len() <= depth {
            self.lists.push(Box::default());
        }
        std::mem::take(&mut self.lists[depth])
    }
    fn give(&mut self, depth: usize, list: Box<PlayList<P>>) {
        self.lists[depth] = list;
    }
}

impl NetEvaluator {
    /// The value of `after` for the player who just played, searched `plies` plies deep: at
    /// 0 plies the net's (or the exact) value; at `n` plies the average over the opponent's
    /// 21 rolls (doubles counted once, the others twice) of the value of the opponent's best
    /// reply (chosen at 0 ply, as gnubg's n-ply evaluation picks its replies) searched
    /// `n - 1` plies deep.
    pub fn after_value_plies<P: NetPosition>(
        &self,
        after: &P,
        plies: u32,
        bufs: &mut SearchBuffers<P>,
    ) -> Probabilities
    where
        Self: AfterState<P>,
    {
        if let Some(p) = self.exact_after(after) {
            return p;
        }
        if plies == 0 {
            return self.net_after(after);
        }
        self.on_roll_plies(&after.pass_turn(), plies, bufs).flip()
    }

    /// The value of `pos` for its player on roll searched `plies` plies deep (at 0 plies:
    /// the opponent's after-state value, flipped); probabilities in [0, 1], consistent as
    /// [`probabilities_of`] makes them.
    pub fn on_roll_plies<P: NetPosition>(
        &self,
        pos: &P,
        plies: u32,
        bufs: &mut SearchBuffers<P>,
    ) -> Probabilities
    where
        Self: AfterState<P>,
    {
        if plies == 0 {
            return self.after_value_plies(&pos.pass_turn(), 0, bufs).flip();
        }
        let depth = plies as usize;
        let mut list = bufs.take(depth);
        let mut acc = [0f32; NET_OUTPUTS];
        for dice in crate::base::dice::Dice::ALL_21 {
            pos.legal_plays_into(dice, &mut list);
            let v = if list.is_empty() {
                self.on_roll_plies(&pos.pass_turn(), plies - 1, bufs).flip()
            } else {
                let best = self.best_play_from(pos, list.as_slice());
                self.after_value_plies(list[best].after(), plies - 1, bufs)
            };
            let w = dice.weight() as f32 / 36.0;
            for (a, x) in acc.iter_mut().zip(outputs_of(&v)) {
                *a += w * x;
            }
        }
        bufs.give(depth, list);
        // An average of consistent probabilities is consistent but for rounding, which can
        // take a certain win to 1.0000002: bounded as the net's outputs are.
        probabilities_of(&acc)
    }
}

/// The value of `pos` for its player on roll: a position about to be played is the state after
/// the opponent's play, so it is the opponent's after-state value, flipped.
impl Evaluator<Backgammon> for NetEvaluator {
    fn evaluate(&self, pos: &Backgammon) -> Probabilities {
        if let Some(o) = pos.outcome() {
            return finished(o.winner, o.kind, pos.turn());
        }
        self.after_state(&pos.pass_turn()).flip()
    }

    /// Valued together by a [`Ranker`]: the same equities up to float rounding.
    fn play_equities(&self, pos: &Backgammon, plays: &[Play<Backgammon>], out: &mut Vec<f32>) {
        ranked_equities(self, pos, plays, out);
    }
}

/// As for backgammon: the opponent's after-state value, flipped.
impl Evaluator<Nardy> for NetEvaluator {
    fn evaluate(&self, pos: &Nardy) -> Probabilities {
        if let Some(o) = pos.outcome() {
            return finished(o.winner, o.kind, pos.turn());
        }
        self.after_state(&pos.pass_turn()).flip()
    }

    /// Valued together by a [`Ranker`]: the same equities up to float rounding.
    fn play_equities(&self, pos: &Nardy, plays: &[Play<Nardy>], out: &mut Vec<f32>) {
        ranked_equities(self, pos, plays, out);
    }
}

/// [`Evaluator::play_equities`] of the nets: each play's after-state valued incrementally.
fn ranked_equities<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &[Play<P>],
    out: &mut Vec<f32>,
) where
    NetEvaluator: AfterState<P>,
{
    Ranker::new(nets, pos).equities(plays, out);
}

/// True when `play` bears off a checker (only then can a game end).
#[inline]
#[must_use]
pub fn bears_off<P>(play: &Play<P>) -> bool {
    play.moves().iter().any(|m| m.to == OFF)
}

/// The shipped backgammon weights (a weights file, see the module documentation): bg-td5's
/// averaged TD(λ) nets (`train/bg-td5.conf`, the snapshots from 4.25 M to 6 M games) fitted
/// by `gammon-train fit ... loss=rank` to the 2-ply values of every turn's 8 best plays in
/// 2,120 of their own games (bg-rank1), then fitted the same way to bg-rank1's own 2-ply
/// search over 10,780 games (bg-rank2), then from bg-rank2 to those labels pooled with 6,020
/// games labelled by bg-td5's 2-ply search (`train/nets/bg-rank3-16800.gnet`; encoding
/// `contact-ext`), as `train/README.md` records with the commands.
pub const SHIPPED_BACKGAMMON: &[u8] = include_bytes!("../../nets/backgammon.gnet");
/// The shipped Long Nardy weights: nardy-td1's TD(λ) net (`train/nardy-td1.conf`, 1,025,000
/// games) trained on by `train/nardy-td2.conf` and averaged over its snapshots from 1.25 M to
/// 2.5 M games, then fitted by `gammon-train fit ... loss=rank` to nardy-td1's 2-ply values of
/// every turn's 8 best plays in 1,240 of its games (`train/nets/nardy-rank1-1240.gnet`), as
/// `train/README.md` records with the commands.
pub const SHIPPED_LONG_NARDY: &[u8] = include_bytes!("../../nets/long-nardy.gnet");

static SHIPPED_BG: std::sync::OnceLock<Result<NetEvaluator, NetFileError>> =
    std::sync::OnceLock::new();
static SHIPPED_LN: std::sync::OnceLock<Result<NetEvaluator, NetFileError>> =
    std::sync::OnceLock::new();

/// The shipped nets of a rules family, read once.
///
/// # Errors
/// [`NetFileError`] if the embedded file is damaged (a build error; a test reads both).
pub fn shipped(family: RulesFamily) -> Result<&'static NetEvaluator, NetFileError> {
    let (cell, bytes) = match family {
        RulesFamily::Backgammon => (&SHIPPED_BG, SHIPPED_BACKGAMMON),
        RulesFamily::LongNardy => (&SHIPPED_LN, SHIPPED_LONG_NARDY),
    };
    let read = cell.get_or_init(|| {
        let nets = NetEvaluator::from_bytes(bytes)?;
        if nets.family != family {
            return Err(NetFileError::Mismatch {
                family: family_name(family),
                detail: format!("the file holds {} nets", family_name(nets.family)),
            });
        }
        Ok(nets)
    });
    read.as_ref().map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::dice::Dice;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;

    fn bg(white: &[(u8, u8)], black: &[(u8, u8)]) -> Backgammon {
        Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            white,
            black,
        ))
        .unwrap()
    }

    #[test]
    fn the_shipped_weights_load_and_fit_their_families() {
        let b = shipped(RulesFamily::Backgammon).unwrap();
        assert_eq!(b.family, RulesFamily::Backgammon);
        assert_eq!(b.contact.encoding, Encoding::ContactExt);
        assert!(b.race.is_some());
        let n = shipped(RulesFamily::LongNardy).unwrap();
        assert_eq!(n.family, RulesFamily::LongNardy);
        assert_eq!(n.contact.encoding, Encoding::Nardy);
        // Written back, they are the same bytes.
        assert_eq!(b.to_bytes(), SHIPPED_BACKGAMMON);
        assert_eq!(n.to_bytes(), SHIPPED_LONG_NARDY);
    }

    #[test]
    fn a_damaged_weights_file_is_refused_with_the_reason() {
        let good = SHIPPED_BACKGAMMON.to_vec();
        let mut bad = good.clone();
        bad[0] = b'X';
        assert_eq!(NetEvaluator::from_bytes(&bad), Err(NetFileError::BadMagic));
        let mut bad = good.clone();
        bad[8] = 9;
        assert!(matches!(
            NetEvaluator::from_bytes(&bad),
            Err(NetFileError::Version { found: 9 })
        ));
        let mut bad = good.clone();
        let mid = bad.len() / 2;
        bad[mid] ^= 0x40;
        let err = NetEvaluator::from_bytes(&bad).unwrap_err();
        assert!(matches!(err, NetFileError::Checksum { .. }), "{err}");
        assert!(err.to_string().contains("CRC-32"));
        assert!(matches!(
            NetEvaluator::from_bytes(&good[..good.len() - 100]),
            Err(NetFileError::Checksum { .. })
        ));
        assert!(matches!(
            NetEvaluator::from_bytes(&good[..10]),
            Err(NetFileError::Truncated(_))
        ));
        // A header field out of range, with a valid checksum: hidden units = 0.
        let mut bad = good[..good.len() - 4].to_vec();
        // magic 8, version 4, family 1, count 1, role 1, encoding 1, inputs 4 -> hidden at 20.
        bad[20..24].copy_from_slice(&0u32.to_le_bytes());
        let crc = crc32fast::hash(&bad);
        bad.extend_from_slice(&crc.to_le_bytes());
        let err = NetEvaluator::from_bytes(&bad).unwrap_err();
        assert!(err.to_string().contains("hidden units"), "{err}");
    }

    /// The shipped backgammon weights with every weight of the nets replaced by `f(i)`,
    /// checksummed again.
    fn reweighted(f: impl Fn(usize) -> f32) -> Vec<u8> {
        let mut nets = NetEvaluator::from_bytes(SHIPPED_BACKGAMMON).unwrap();
        let mut i = 0;
        for net in std::iter::once(&mut nets.contact).chain(nets.race.as_mut()) {
            for w in net
                .w1
                .iter_mut()
                .chain(&mut net.b1)
                .chain(&mut net.w2)
                .chain(&mut net.b2)
            {
                *w = f(i);
                i += 1;
            }
        }
        nets.to_bytes()
    }

    #[test]
    fn a_weight_beyond_the_bound_is_refused_and_one_at_it_evaluates_finitely() {
        let err = NetEvaluator::from_bytes(&reweighted(|i| if i == 7 { 2.0e6 } else { 0.1 }))
            .unwrap_err();
        assert!(err.to_string().contains("beyond ±1e6"), "{err}");
        // Every weight at the bound, signs mixed: sums of opposite huge terms, the case that
        // overflowed to inf - inf = NaN (and a panic) before the bound.
        let bytes = reweighted(|i| {
            if (i * 2_654_435_761) % 7 < 3 {
                -MAX_WEIGHT
            } else {
                MAX_WEIGHT
            }
        });
        let nets = NetEvaluator::from_bytes(&bytes).unwrap();
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut bufs = SearchBuffers::default();
        for turn in 0..60u8 {
            let p = nets.evaluate(&pos);
            let all = [
                p.win,
                p.win_gammon,
                p.win_backgammon,
                p.lose_gammon,
                p.lose_backgammon,
            ];
            assert!(
                all.iter().all(|x| x.is_finite() && (0.0..=1.0).contains(x)),
                "{p:?}"
            );
            if turn % 20 == 0 {
                assert!(nets.on_roll_plies(&pos, 1, &mut bufs).win.is_finite());
            }
            let plays = pos.legal_plays(Dice::new(turn % 6 + 1, (turn / 6) % 6 + 1).unwrap());
            let best = Ranker::fused(&nets, &pos).best(plays.as_slice());
            pos = match plays.as_slice().get(best) {
                Some(play) => pos.play_unchecked(play),
                None => pos.pass_turn(),
            };
            if pos.is_game_over() {
                break;
            }
        }
    }

    /// The bound's argument (`MAX_WEIGHT`): every input of every encoding is below 100.
    #[test]
    fn every_encodings_inputs_stay_below_100() {
        let mut out = vec![0f32; MAX_INPUTS];
        for (variant, encodings) in [
            (
                Variant::Backgammon,
                &[
                    Encoding::TdGammon,
                    Encoding::Contact,
                    Encoding::ContactPlus,
                    Encoding::ContactExt,
                    Encoding::ContactShape,
                ][..],
            ),
            (Variant::LongNardy, &[Encoding::Nardy][..]),
        ] {
            let mut rng = crate::base::rng::game_stream(3, 0, crate::base::rng::Stream::Choices);
            let mut pos = crate::VariantPosition::start(variant, Color::White);
            for _ in 0..3000 {
                let board = match &pos {
                    crate::VariantPosition::Backgammon(p) => p.owner_board(),
                    crate::VariantPosition::Nardy(p) => p.owner_board(),
                };
                for &e in encodings {
                    let n = e.units();
                    e.encode_into(&board, variant.checkers_per_side(), true, &mut out[..n]);
                    let top = out[..n].iter().fold(0f32, |m, x| m.max(x.abs()));
                    assert!(top < 100.0, "{e:?}: an input of {top}");
                }
                let mut die = || (rand_core::Rng::next_u32(&mut rng) % 6 + 1) as u8;
                let plays = pos.legal_plays(Dice::new(die(), die()).unwrap());
                let k = rand_core::Rng::next_u32(&mut rng) as usize % plays.len().max(1);
                pos = match plays.get(k) {
                    Some(play) => play.after(),
                    None => pos.pass_turn(),
                };
                if pos.outcome().is_some() {
                    pos = crate::VariantPosition::start(variant, Color::White);
                }
            }
        }
    }

    #[test]
    fn evaluations_are_consistent_probabilities_and_flip_between_the_players() {
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let p = nets.evaluate(&start);
        assert!(p.win > 0.0 && p.win < 1.0);
        assert!(p.win >= p.win_gammon && p.win_gammon >= p.win_backgammon);
        assert!(p.lose() >= p.lose_gammon && p.lose_gammon >= p.lose_backgammon);
        // The value of a play for its mover is the flip of the next position's value for
        // the opponent (BG-2a: one board, two views).
        let plays = start.legal_plays(Dice::new(3, 1).unwrap());
        for play in plays.iter() {
            let mine = nets.after_state(play.after());
            let theirs = nets.evaluate(&start.play_unchecked(play));
            assert!((mine.equity() + theirs.equity()).abs() < 1e-5);
        }
    }

    #[test]
    fn bearoff_positions_take_the_exact_database_values() {
        // OFF-1..OFF-3: both sides home, so the two-sided table decides.
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let pos = bg(&[(6, 1)], &[(1, 1)]);
        let p = nets.evaluate(&pos);
        let e = bearoff::evaluate(&pos).unwrap();
        assert!((f64::from(p.win) - e.win).abs() < 1e-6);
        // A play bearing off the last checker wins: single (the opponent has one off).
        let won = bg(&[(1, 1)], &[(1, 1)]);
        let plays = won.legal_plays(Dice::new(2, 1).unwrap());
        let v = nets.after_state(plays[0].after());
        assert_eq!((v.win, v.win_gammon), (1.0, 0.0));
    }

    #[test]
    fn race_detection_matches_contact() {
        assert!(!is_race(
            Backgammon::start(Variant::Backgammon, Color::White)
                .unwrap()
                .raw()
        ));
        assert!(is_race(bg(&[(6, 10), (8, 5)], &[(6, 10), (8, 5)]).raw()));
        assert!(!is_race(bg(&[(25, 1), (6, 14)], &[(6, 15)]).raw()));
        assert!(!is_race(bg(&[(6, 15)], &[(25, 1), (6, 14)]).raw()));
    }

    #[test]
    fn a_one_ply_search_averages_the_replies_and_stays_a_probability() {
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let plays = start.legal_plays(Dice::new(6, 5).unwrap());
        let mut bufs = SearchBuffers::default();
        let run = plays
            .iter()
            .find(|p| p.after().raw()[24] == 1)
            .expect("24/13 exists");
        let zero = nets.after_value_plies(run.after(), 0, &mut bufs);
        let one = nets.after_value_plies(run.after(), 1, &mut bufs);
        assert!(one.win > 0.0 && one.win < 1.0);
        assert!((0.0..=1.0).contains(&one.win_gammon));
        assert_ne!(zero, one);
        // A search on a finished game is its result.
        let won = bg(&[(1, 1)], &[(1, 1)]);
        let plays = won.legal_plays(Dice::new(2, 1).unwrap());
        assert_eq!(
            nets.after_value_plies(plays[0].after(), 2, &mut bufs).win,
            1.0
        );
    }

    #[test]
    fn long_nardy_finished_games_are_mars_when_the_loser_has_nothing_off() {
        // LN-33/LN-34: the net's exact value of a play that bears off the last checker.
        let nets = shipped(RulesFamily::LongNardy).unwrap();
        let pos = Nardy::from_setup(&Setup::from_points(
            Variant::LongNardy,
            Color::White,
            &[(1, 1)],
            &[(20, 15)],
        ))
        .unwrap();
        let plays = pos.legal_plays(Dice::new(2, 1).unwrap());
        let v = nets.after_state(plays[0].after());
        assert_eq!((v.win, v.win_gammon), (1.0, 1.0));
        let start = Nardy::start(Color::White);
        let p = nets.evaluate(&start);
        assert!(p.win > 0.0 && p.win < 1.0);
    }
}

#[cfg(test)]
mod fast_tests {
    use super::*;
    use crate::base::dice::Dice;
    use crate::base::variant::Variant;

    #[test]
    fn the_fast_sigmoid_is_the_logistic_function_to_a_few_parts_in_a_million() {
        let mut worst = 0f32;
        for k in -4000..=4000 {
            let x = k as f32 / 100.0;
            let err = (fast_sigmoid(x) - sigmoid(x)).abs();
            worst = worst.max(err / sigmoid(x).min(1.0 - sigmoid(x)).max(1e-30));
        }
        assert!(worst < 5e-5, "{worst}");
        assert_eq!(fast_sigmoid(1000.0), 1.0);
        assert!(fast_sigmoid(-1000.0) < 1e-30);
    }

    #[test]
    fn the_fused_sigmoid_is_the_logistic_function_and_near_the_plain_fast_one() {
        let mut worst = 0f32;
        let mut apart = 0f32;
        for k in -4000..=4000 {
            let x = k as f32 / 100.0;
            let err = (fused_sigmoid(x) - sigmoid(x)).abs();
            worst = worst.max(err / sigmoid(x).min(1.0 - sigmoid(x)).max(1e-30));
            apart = apart.max((fused_sigmoid(x) - fast_sigmoid(x)).abs());
        }
        assert!(worst < 5e-5, "{worst}");
        assert!(apart < 1e-6, "{apart}");
        assert_eq!(fused_sigmoid(1000.0), 1.0);
        assert!(fused_sigmoid(-1000.0) < 1e-30);
    }

    /// A fused ranker's equities are the plain ranker's but for rounding, its choices the
    /// plain ones but in near ties, and it fuses where the CPU has fused multiply-adds.
    #[test]
    fn a_fused_ranker_values_the_plays_as_the_plain_one_but_for_rounding() {
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let (mut differ, mut values) = (0usize, 0usize);
        for (pos, plays) in self_play_positions(300) {
            let mut fused = Ranker::fused(nets, &pos);
            assert_eq!(fused.is_fused(), hardware_fma());
            // The fused arithmetic, also where the CPU has no FMA (then from the library).
            fused.fused = true;
            let mut plain = Ranker::new(nets, &pos);
            assert!(!plain.is_fused());
            let (mut ef, mut ep) = (Vec::new(), Vec::new());
            fused.equities(plays.as_slice(), &mut ef);
            plain.equities(plays.as_slice(), &mut ep);
            for (f, p) in ef.iter().zip(&ep) {
                assert!((f - p).abs() < 2e-5, "{f} {p}");
                differ += usize::from(f != p);
                values += 1;
            }
            let (bf, bp) = (
                first_best(ef.iter().copied()),
                first_best(ep.iter().copied()),
            );
            assert!(bf == bp || (ep[bf] - ep[bp]).abs() < 4e-5, "{bf} {bp}");
            // One by one, as the plays' equities.
            fused.reset(nets, &pos);
            assert!(fused.is_fused());
            for (play, &e) in plays.iter().zip(&ef) {
                assert_eq!(fused.value(play.after()).equity().to_bits(), e.to_bits());
            }
        }
        // The arithmetic does differ: most net values are not bit for bit the plain ones.
        assert!(values > 3000 && differ > values / 2, "{differ} of {values}");
    }

    /// The fused arithmetic of every compiled version (the dispatched loop over a roll's
    /// plays) is the baseline build's bit for bit (`f32::mul_add` rounds once everywhere),
    /// so that plays do not depend on the CPU.
    #[test]
    fn every_compiled_version_of_the_fused_arithmetic_gives_the_baseline_floats() {
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let mut checked = 0;
        let mut acc = [0f32; MAX_HIDDEN];
        let mut h = [0f32; MAX_HIDDEN];
        for (pos, plays) in self_play_positions(150) {
            let before = pos.owner_board();
            let mut r = Ranker::new(nets, &pos);
            r.fused = true;
            let mut equities = Vec::new();
            r.equities(plays.as_slice(), &mut equities);
            let mut plain = Ranker::new(nets, &pos);
            let one_by_one: Vec<u32> = plays
                .iter()
                .map(|p| {
                    plain
                        .value_with::<_, true, true>(p.after())
                        .equity()
                        .to_bits()
                })
                .collect();
            assert_eq!(
                equities.iter().map(|e| e.to_bits()).collect::<Vec<_>>(),
                one_by_one
            );
            // The plain sums of the plays, fused, against the dispatched candidates'.
            for net in std::iter::once(&nets.contact).chain(nets.race.as_ref()) {
                let enc = net.encoding;
                let (mut base, mut d) = (Base::new(), UnitDeltas::new());
                base_sums(net, &before, 15, &mut base, &mut d, true);
                enc.roll_context(&before, 15, &mut base.ctx);
                let mut units = [0f32; MAX_BOARD_UNITS];
                let mut rows = rows_from_empty(enc, &before, &mut units);
                let mut sums = [0f32; MAX_HIDDEN];
                net.accumulate_rows_as::<true>(&net.b1, &rows, &mut sums);
                assert_eq!(base.acc.map(f32::to_bits), sums.map(f32::to_bits));
                for p in plays.iter() {
                    let board = p.after().owner_board();
                    let out = candidate_outputs(
                        net, &before, &board, 15, &base, &mut d, &mut acc, &mut h, true,
                    );
                    rows_of_play(enc, &before, &board, &units, &mut rows);
                    let mut acc2 = [0f32; MAX_HIDDEN];
                    net.accumulate_rows_as::<true>(&sums, &rows, &mut acc2);
                    let mut h2 = [0f32; MAX_HIDDEN];
                    let baseline = net.finish_with_as::<true>(&acc2, &mut h2);
                    assert_eq!(out.map(f32::to_bits), baseline.map(f32::to_bits));
                    // Each hidden unit is the fused sigmoid of its sum.
                    for j in 0..net.hidden {
                        assert_eq!(h2[j].to_bits(), fused_sigmoid(acc2[j]).to_bits());
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }

    #[test]
    fn incremental_values_equal_the_direct_ones_and_choose_the_same_plays() {
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut rng = crate::base::rng::game_stream(5, 0, crate::base::rng::Stream::Dice);
        for _ in 0..60 {
            if pos.is_game_over() {
                break;
            }
            let plays = pos.legal_plays(crate::base::rng::roll(&mut rng));
            if plays.is_empty() {
                pos = pos.pass_turn();
                continue;
            }
            let mut ranker = Ranker::new(nets, &pos);
            for p in plays.iter() {
                let a = ranker.value(p.after());
                let b = nets.after_state(p.after());
                assert!((a.equity() - b.equity()).abs() < 1e-4, "{a:?} {b:?}");
                let exact = outputs_of(&b);
                let slow = probabilities_of(&nets.net_for(&p.after().owner_board()).forward(&{
                    let mut x = vec![0f32; nets.contact.inputs()];
                    nets.net_for(&p.after().owner_board()).encoding.encode_into(
                        &p.after().owner_board(),
                        15,
                        false,
                        &mut x,
                    );
                    x
                }));
                let slow = sanity(RulesFamily::Backgammon, &p.after().owner_board(), 15, slow);
                if nets.exact_after(p.after()).is_none() {
                    for (u, v) in exact.iter().zip(outputs_of(&slow)) {
                        assert!((u - v).abs() < 1e-4);
                    }
                }
            }
            let i = nets.best_play_from(&pos, plays.as_slice());
            let j = nets.best_play(plays.as_slice());
            let (ei, ej) = (
                nets.after_state(plays[i].after()).equity(),
                nets.after_state(plays[j].after()).equity(),
            );
            assert!((ei - ej).abs() < 1e-4);
            pos = pos.play_unchecked(&plays[i]);
        }
        let _ = Dice::ALL_21;
    }

    /// The rows (and board units, written to `units`) that take an empty board's sums to
    /// `board`'s: each occupied point's inputs and every board unit, the plain way.
    fn rows_from_empty(enc: Encoding, board: &[i8; 26], units: &mut [f32]) -> UnitDeltas {
        let (idx, mut rows) = (enc.board_unit_indices(), UnitDeltas::new());
        for (i, &c) in board.iter().enumerate() {
            if c != 0 {
                enc.point_deltas(i, 0, c, &mut rows);
            }
        }
        enc.board_units(board, 15, false, &mut units[..idx.len()]);
        rows.push_changed(
            idx,
            &units[..idx.len()],
            &[0.0; MAX_BOARD_UNITS][..idx.len()],
        );
        rows
    }

    /// Replaces `rows` by the rows a play changes, the plain way: the inputs of every point
    /// that differs between `before` and `board`, and the board units that moved from
    /// `before_units` (`before`'s).
    fn rows_of_play(
        enc: Encoding,
        before: &[i8; 26],
        board: &[i8; 26],
        before_units: &[f32],
        rows: &mut UnitDeltas,
    ) {
        let idx = enc.board_unit_indices();
        rows.clear();
        for i in 0..26 {
            if before[i] != board[i] {
                enc.point_deltas(i, before[i], board[i], rows);
            }
        }
        let mut units = [0f32; MAX_BOARD_UNITS];
        enc.board_units(board, 15, false, &mut units[..idx.len()]);
        rows.push_changed(idx, &units[..idx.len()], &before_units[..idx.len()]);
    }

    /// Positions of net self-play before a roll, with their legal plays (at least one).
    fn self_play_positions(n: usize) -> Vec<(Backgammon, PlayList<Backgammon>)> {
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut rng = crate::base::rng::game_stream(9, 0, crate::base::rng::Stream::Dice);
        let mut pos = start;
        let mut out = Vec::new();
        while out.len() < n {
            if pos.is_game_over() {
                pos = start;
            }
            let plays = pos.legal_plays(crate::base::rng::roll(&mut rng));
            if plays.is_empty() {
                pos = pos.pass_turn();
                continue;
            }
            let best = nets.best_play_from(&pos, plays.as_slice());
            let next = pos.play_unchecked(&plays[best]);
            out.push((pos, plays));
            pos = next;
        }
        out
    }

    #[test]
    fn every_compiled_version_gives_the_floats_of_the_baseline_build() {
        // The dispatched functions run the best version this CPU has (AVX-512, AVX2, AVX or
        // the baseline); the same steps written out here are compiled for the baseline
        // (SSE2). Every value must agree to the bit, so that plays do not depend on the CPU.
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let mut d = UnitDeltas::new();
        let mut acc = [0f32; MAX_HIDDEN];
        let mut h = [0f32; MAX_HIDDEN];
        let mut checked = 0;
        for (pos, plays) in self_play_positions(400) {
            let before = pos.owner_board();
            // The loops over a roll's plays (dispatched) and the values one by one, inlined
            // here (baseline).
            let mut r = Ranker::new(nets, &pos);
            let mut equities = Vec::new();
            r.equities(plays.as_slice(), &mut equities);
            let mut plain = Ranker::new(nets, &pos);
            let one_by_one: Vec<f32> = plays
                .iter()
                .map(|p| plain.value_with::<_, true, false>(p.after()).equity())
                .collect();
            assert_eq!(
                equities.iter().map(|e| e.to_bits()).collect::<Vec<_>>(),
                one_by_one.iter().map(|e| e.to_bits()).collect::<Vec<_>>()
            );
            r.reset(nets, &pos);
            assert_eq!(
                r.best(plays.as_slice()),
                first_best(one_by_one.iter().copied())
            );
            for net in std::iter::once(&nets.contact).chain(nets.race.as_ref()) {
                let mut base = Base::new();
                base_sums(net, &before, 15, &mut base, &mut d, false);
                // The plays' per-board units through the position's context, as the ranker
                // values them (checked against the plain encoding below).
                net.encoding.roll_context(&before, 15, &mut base.ctx);
                // The position's sums, the plain way: the biases and each non-zero input.
                let mut x = vec![0f32; net.inputs()];
                net.encoding.encode_into(&before, 15, false, &mut x);
                let mut plain = Base::new();
                let enc = net.encoding;
                let mut rows = rows_from_empty(enc, &before, &mut plain.board_units);
                net.accumulate_rows(&net.b1, &rows, &mut plain.acc);
                for j in 0..net.hidden {
                    assert_eq!(base.acc[j].to_bits(), plain.acc[j].to_bits());
                }
                let mut h2 = [0f32; MAX_HIDDEN];
                let direct = finish_dispatched(net, &base.acc, &mut h);
                let baseline = net.finish_with(&plain.acc, &mut h2);
                assert_eq!(direct.map(f32::to_bits), baseline.map(f32::to_bits));
                for p in plays.iter() {
                    let board = p.after().owner_board();
                    let out = candidate_outputs(
                        net, &before, &board, 15, &base, &mut d, &mut acc, &mut h, false,
                    );
                    rows_of_play(enc, &before, &board, &plain.board_units, &mut rows);
                    let mut acc2 = [0f32; MAX_HIDDEN];
                    net.accumulate_rows(&plain.acc, &rows, &mut acc2);
                    let baseline = net.finish_with(&acc2, &mut h2);
                    assert_eq!(out.map(f32::to_bits), baseline.map(f32::to_bits));
                    // And the outputs are the plain formula's: each output's sigmoid of its
                    // bias plus its dot product with the hidden sigmoids.
                    let hn = net.hidden;
                    for (k, (o, w)) in out.iter().zip(net.w2.chunks_exact(hn)).enumerate() {
                        let z = net.b2[k] + dot(&h2[..hn], w);
                        assert_eq!(o.to_bits(), fast_sigmoid(z).to_bits());
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000, "{checked}");
    }

    #[test]
    fn bearoff_values_after_a_play_are_the_databases_for_the_opponent_flipped() {
        // OFF-1..OFF-3: a bear-off's value for the player who played is the databases' value
        // for the opponent, who is on roll, flipped.
        let mut seen = 0;
        for (_, plays) in self_play_positions(20_000) {
            for p in plays.iter() {
                let after = p.after();
                if !bearoff::is_bearoff(&after.pass_turn()) {
                    continue;
                }
                let e = bearoff::evaluate(&after.pass_turn()).unwrap();
                let theirs = Probabilities {
                    win: e.win as f32,
                    win_gammon: e.win_gammon as f32,
                    lose_gammon: e.lose_gammon as f32,
                    ..Probabilities::default()
                };
                assert_eq!(bearoff_after(after), Some(theirs.flip()));
                seen += 1;
            }
        }
        assert!(seen > 1000, "{seen}");
    }

    #[test]
    fn a_rankers_sanity_check_zeroes_what_the_plain_one_does_score1() {
        // SCORE-1: no gammon against a side with a checker off. The ranker knows from the
        // position before the plays which side has one off and whether a play can bear off
        // the first; the plain check counts the checkers of every board.
        let nets = shipped(RulesFamily::Backgammon).unwrap();
        let (mut first_off, mut kept) = (0, 0);
        for (pos, plays) in self_play_positions(6000) {
            let before = pos.owner_board();
            let off = BorneOff::of(RulesFamily::Backgammon, &before, 15);
            let (mine_before, theirs) = checkers_on(&before);
            assert_eq!(off.theirs, theirs < 15);
            let mut ranker = Ranker::new(nets, &pos);
            for p in plays.iter() {
                let board = p.after().owner_board();
                let (mine, theirs_after) = checkers_on(&board);
                assert_eq!(theirs_after, theirs, "a play moves none of theirs off");
                assert_eq!(
                    off.mine_after(&board, 15),
                    mine < 15,
                    "{before:?} {board:?}"
                );
                first_off += usize::from(mine_before == 15 && mine < 15);
                kept += usize::from(off.count_mine && mine == 15);
                if nets.exact_after(p.after()).is_none() {
                    let v = ranker.value(p.after());
                    let plain = sanity(RulesFamily::Backgammon, &board, 15, v);
                    assert_eq!(v, plain);
                }
            }
        }
        assert!(first_off > 20 && kept > 20, "{first_off} {kept}");
    }
}

#[cfg(test)]
mod sanity_tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;

    #[test]
    fn score1_no_gammon_against_a_player_with_a_checker_off_nor_a_race_backgammon() {
        let p = Probabilities {
            win: 0.9,
            win_gammon: 0.8,
            win_backgammon: 0.7,
            lose_gammon: 0.05,
            lose_backgammon: 0.01,
            draw: 0.0,
        };
        // A race: the opponent has one checker off and none in my home: no gammon for me;
        // I have none off, but none in their home: no backgammon against me.
        let pos = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[(8, 15)],
            &[(10, 14)],
        ))
        .unwrap();
        let s = sanity(RulesFamily::Backgammon, pos.raw(), 15, p);
        assert_eq!((s.win_gammon, s.win_backgammon), (0.0, 0.0));
        assert_eq!((s.lose_gammon, s.lose_backgammon), (0.05, 0.0));
        // With contact nothing but the checkers off counts.
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(sanity(RulesFamily::Backgammon, start.raw(), 15, p), p);
    }
}
