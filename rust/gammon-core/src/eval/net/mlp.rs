//! One multilayer perceptron ([`Mlp`]): its forward pass, the first layer's sums built row by
//! row from the non-zero (or changed) inputs, and the fast sigmoids, each with a plain and a
//! fused multiply-add version.

use super::{MAX_HIDDEN, NET_OUTPUTS};
use crate::encode::{Encoding, RollContext, UnitDeltas, MAX_BOARD_UNITS};

/// The logistic function.
#[inline]
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
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
    /// non-zero point units and its per-board units, as the [`Ranker`](super::Ranker) starts a position).
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
    /// row`, the rows added in their order. The hidden units go 96 at a time (then 64, 32, 16
    /// and the rest), every changed row added to the same sums, which stay in registers: one pass
    /// over the rows for a net of 96 hidden units (each sum gets the same additions in the
    /// same order whatever the grouping, so the same floats).
    #[inline(always)]
    pub fn accumulate_rows(&self, base_acc: &[f32], rows: &UnitDeltas, acc: &mut [f32]) {
        self.accumulate_rows_as::<false>(base_acc, rows, acc);
    }

    /// [`Mlp::accumulate_rows`], with `FUSED` each `sum + change · weight` as one fused
    /// multiply-add ([`f32::mul_add`]: one rounding, not two), the arithmetic of
    /// [`Ranker::fused`](super::Ranker::fused).
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
        // A net of 16 (each sum's additions in the same order: the same floats).
        if c + 16 <= hn {
            self.rows_chunk::<16, FUSED>(c, base_acc, rows, acc);
            c += 16;
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
    /// The shipped nets' sizes (96 and 64 hidden units, the pruning net's 32) and 16 have
    /// versions of their own, whose loops the compiler lays out in full (the same operations in
    /// the same order).
    #[inline(always)]
    pub fn finish_with(&self, acc: &[f32], h: &mut [f32]) -> [f32; NET_OUTPUTS] {
        self.finish_with_as::<false>(acc, h)
    }

    /// [`Mlp::finish_with`], with `FUSED` the sigmoids' polynomials and the output dot
    /// products in fused multiply-adds ([`fused_sigmoid`]), the arithmetic of
    /// [`Ranker::fused`](super::Ranker::fused).
    #[inline(always)]
    pub fn finish_with_as<const FUSED: bool>(
        &self,
        acc: &[f32],
        h: &mut [f32],
    ) -> [f32; NET_OUTPUTS] {
        match self.hidden {
            96 => self.finish_n::<FUSED>(96, acc, h),
            64 => self.finish_n::<FUSED>(64, acc, h),
            32 => self.finish_n::<FUSED>(32, acc, h),
            16 => self.finish_n::<FUSED>(16, acc, h),
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

/// How many plays [`Mlp::finish_lanes`] values at once.
pub(super) const LANES: usize = 8;

impl Mlp {
    /// [`Mlp::finish_with_as`] of [`LANES`] sets of first-layer sums at once (`sums[j][p]`:
    /// hidden unit `j` of set `p`; the outputs `out[k][p]` likewise), for a net of `HN` hidden
    /// units (a multiple of 8: the pruning net's 32, or 16).
    ///
    /// Each set gets the operations of [`Mlp::finish_with_as`] in their order, so the same
    /// floats: the hidden sigmoids; each output's eight partial sums (partial sum `l` of the
    /// products of the units `l`, `l + 8`, ...), added in order to the start of a float sum,
    /// then the sum of no tail, then the bias; the output sigmoids. Laid out across the sets
    /// (a vector holds one unit of eight sets) rather than across the hidden units, the output
    /// layer needs no horizontal sums and its sigmoids fill whole vectors.
    #[inline(always)]
    pub(super) fn finish_lanes<const HN: usize, const FUSED: bool>(
        &self,
        sums: &[[f32; LANES]; HN],
    ) -> [[f32; LANES]; NET_OUTPUTS] {
        const { assert!(HN % 8 == 0) };
        let mut h = [[0f32; LANES]; HN];
        for (hj, sj) in h.iter_mut().zip(sums) {
            for (x, &a) in hj.iter_mut().zip(sj) {
                *x = sigmoid_as::<FUSED>(a);
            }
        }
        // What `Iterator::sum` of floats starts from (and so a sum of no terms): `dot_as`'s.
        let start: f32 = std::iter::empty::<f32>().sum();
        let w2 = &self.w2[..NET_OUTPUTS * HN];
        let mut out = [[0f32; LANES]; NET_OUTPUTS];
        for (k, ok) in out.iter_mut().enumerate() {
            let w = &w2[k * HN..(k + 1) * HN];
            let mut total = [start; LANES];
            for l in 0..8 {
                let mut s = [0f32; LANES];
                for c in 0..HN / 8 {
                    let (hu, wu) = (&h[8 * c + l], w[8 * c + l]);
                    for (x, &a) in s.iter_mut().zip(hu) {
                        *x = if FUSED {
                            a.mul_add(wu, *x)
                        } else {
                            *x + a * wu
                        };
                    }
                }
                for (t, &x) in total.iter_mut().zip(&s) {
                    *t += x;
                }
            }
            for (o, &t) in ok.iter_mut().zip(&total) {
                *o = sigmoid_as::<FUSED>(self.b2[k] + (t + start));
            }
        }
        out
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
pub(super) fn dot(a: &[f32], b: &[f32]) -> f32 {
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
/// [`Ranker::fused`](super::Ranker::fused).
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

/// One net's first-layer sums and per-board units for the board before a play, and (for the
/// [`Ranker`](super::Ranker)) what the per-board units of its plays share ([`RollContext`]).
pub(super) struct Base {
    /// The first layer's sums (before the sigmoid).
    pub(super) acc: [f32; MAX_HIDDEN],
    /// The per-board units ([`Encoding::board_units`]).
    pub(super) board_units: [f32; MAX_BOARD_UNITS],
    /// What the per-board units of the board's plays share.
    pub(super) ctx: RollContext,
    /// Whether the fields hold the values of the ranker's position.
    pub(super) ready: bool,
}

impl Base {
    /// An empty base, not ready.
    pub(super) fn new() -> Base {
        Base {
            acc: [0.0; MAX_HIDDEN],
            board_units: [0.0; MAX_BOARD_UNITS],
            ctx: RollContext::default(),
            ready: false,
        }
    }
}

/// Fills `base` for the board `before`: its per-board units, and its first-layer sums as the
/// rows of its non-zero inputs (every point unit is 0 on an empty board entry, so they are
/// [`Encoding::point_deltas`] from empty entries) added to the biases. Compiled for AVX2 and
/// AVX as well (as [`candidate_outputs`]).
///
/// [`candidate_outputs`]: super::rank::candidate_outputs
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
pub(super) fn base_sums(
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
pub(super) fn base_sums_inline<const FUSED: bool>(
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
///
/// [`candidate_outputs`]: super::rank::candidate_outputs
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
pub(super) fn finish_dispatched(net: &Mlp, acc: &[f32], h: &mut [f32]) -> [f32; NET_OUTPUTS] {
    net.finish_with(acc, h)
}
