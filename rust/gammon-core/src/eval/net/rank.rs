//! Values of the positions after a play: the incremental [`Ranker`] (a play's first-layer sums
//! from those of the position before it and the inputs the play changed), the exact values of
//! finished games and bear-offs ([`AfterState`]) and the n-ply search.

use super::mlp::{base_sums, base_sums_inline, Base, LANES};
use super::sanity::{checkers_on, sanity_known};
use super::{finished, is_race, outputs_of, probabilities_of, Mlp, NetEvaluator, NetPosition};
use super::{MAX_HIDDEN, NET_OUTPUTS};
use crate::base::color::Color;
use crate::base::moves::{Play, PlayList};
use crate::base::outcome::OutcomeKind;
use crate::base::variant::RulesFamily;
use crate::bearoff;
use crate::encode::UnitDeltas;
use crate::eval::Probabilities;
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

/// The index of the greatest of `equities` (the first of equals; 0 when there is none).
#[inline]
pub(super) fn first_best(equities: impl Iterator<Item = f32>) -> usize {
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

/// Values the plays of one position incrementally (see [`NetEvaluator::best_play_from`]).
///
/// The first layer's sums of the board before the plays are computed once per net (contact
/// and race); each play's sums are those plus the rows of the inputs it changed: the point
/// units of the board entries that differ ([`Encoding::point_deltas`]: a play moves at most
/// four checkers, so at most nine entries change) and the per-board units whose values
/// differ ([`Encoding::board_units`], computed on the board after the play).
///
/// A ranker's buffers (a few KB) are not cleared for each position: a new ranker takes those a
/// dropped one left on the same thread, so that making one for every turn costs no more than
/// keeping one.
///
/// [`Encoding::point_deltas`]: crate::encode::Encoding::point_deltas
/// [`Encoding::board_units`]: crate::encode::Encoding::board_units
pub struct Ranker<'a> {
    nets: &'a NetEvaluator,
    before: [i8; 26],
    checkers: u8,
    off: BorneOff,
    /// The buffers, taken from the thread's spares on first use and given back when the
    /// ranker is dropped ([`Buffers`]).
    buffers: Option<Box<Buffers>>,
    /// The net's multiply-adds fused ([`Ranker::fused`]).
    pub(super) fused: bool,
}

/// A ranker's buffers (a few KB: each net's sums and units for the position, the changed
/// units, a candidate's sums and activations). Every field is written before it is read for a
/// position, so a ranker takes the buffers another one left behind on the same thread
/// ([`SPARE_BUFFERS`]) instead of clearing new ones: a ranker made for every turn costs no
/// more than one kept from turn to turn.
pub(super) struct Buffers {
    pub(super) bases: [Base; 2],
    pub(super) deltas: UnitDeltas,
    pub(super) acc: [f32; MAX_HIDDEN],
    pub(super) h: [f32; MAX_HIDDEN],
    /// [`Ranker::best`]'s equities, kept from roll to roll.
    pub(super) equities: Vec<f32>,
    /// [`Ranker::best_pruned`]'s kept plays, kept from roll to roll.
    pub(super) kept: Vec<u32>,
}

impl Buffers {
    /// New buffers, cleared.
    fn boxed() -> Box<Buffers> {
        Box::new(Buffers {
            bases: [Base::new(), Base::new()],
            deltas: UnitDeltas::new(),
            acc: [0.0; MAX_HIDDEN],
            h: [0.0; MAX_HIDDEN],
            equities: Vec::new(),
            kept: Vec::new(),
        })
    }
}

/// The most spare buffers a thread keeps (rankers alive at once on a thread: one per search
/// depth at most).
const MAX_SPARE_BUFFERS: usize = 8;

thread_local! {
    /// Buffers of dropped rankers, for the next ones of the thread.
    static SPARE_BUFFERS: std::cell::RefCell<Vec<Box<Buffers>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Spare buffers of the thread, if any (marked as holding no position).
fn spare_buffers() -> Option<Box<Buffers>> {
    let mut b = SPARE_BUFFERS
        .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten()?;
    for base in &mut b.bases {
        base.ready = false;
    }
    Some(b)
}

impl Drop for Ranker<'_> {
    fn drop(&mut self) {
        if let Some(b) = self.buffers.take() {
            // During the thread's teardown the spares may be gone: the buffers are freed.
            let _ = SPARE_BUFFERS.try_with(|spare| {
                if let Ok(mut spare) = spare.try_borrow_mut() {
                    if spare.len() < MAX_SPARE_BUFFERS {
                        spare.push(b);
                    }
                }
            });
        }
    }
}

/// Whether the CPU has fused multiply-add instructions (x86-64: FMA3, found at run time;
/// AArch64 always): where [`Ranker::fused`] fuses them.
pub(super) fn hardware_fma() -> bool {
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
///
/// [`sanity`]: fn@super::sanity
#[derive(Clone, Copy, Debug)]
pub(super) struct BorneOff {
    /// The owner has borne off a checker before the play (and so after it).
    pub(super) mine: bool,
    /// The opponent has borne off a checker.
    pub(super) theirs: bool,
    /// The owner has none off, but a play may bear off one: count the checkers after it.
    pub(super) count_mine: bool,
}

impl BorneOff {
    pub(super) fn of(family: RulesFamily, board: &[i8; 26], checkers: u8) -> BorneOff {
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
    pub(super) fn mine_after(self, board: &[i8; 26], checkers: u8) -> bool {
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
            off: BorneOff::of(nets.family, &board, before.checkers()),
            buffers: spare_buffers(),
            fused: false,
        }
    }

    /// The buffers (spare ones of the thread, else new ones on first use).
    #[inline(always)]
    pub(super) fn buffers(&mut self) -> &mut Buffers {
        self.buffers.get_or_insert_with(Buffers::boxed)
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
        if let Some(b) = self.buffers.as_mut() {
            for base in &mut b.bases {
                base.ready = false;
            }
        }
    }

    /// The index of the play of highest cubeless equity among `plays` (plays of the position
    /// given to [`Ranker::new`] or [`Ranker::reset`]; the first of equals, 0 for none): what
    /// [`NetEvaluator::best_play_from`] returns.
    pub fn best<P: NetPosition>(&mut self, plays: &[Play<P>]) -> usize
    where
        NetEvaluator: AfterState<P>,
    {
        let mut equities = std::mem::take(&mut self.buffers().equities);
        equities_dispatched(self, plays, &mut equities);
        let best = first_best(equities.iter().copied());
        self.buffers().equities = equities;
        best
    }

    /// The index of the best of `plays` (plays of the position given to [`Ranker::new`] or
    /// [`Ranker::reset`]) when `pruner` ranks them all first (a [`Ranker::fused`] of the
    /// pruning net, [`shipped_pruner`]) and this ranker values only the `keep` best of its
    /// ranking (at least 1, at most [`MAX_ZERO_PLY_KEEP`]; the earlier of equals first): of
    /// those, the one of highest equity, the earliest of equals. A backgammon position in
    /// contact only, with more than `keep` plays; otherwise (a race, Long Nardy, few plays)
    /// [`Ranker::best`]. The `"net"` policy's pruned 0-ply choice
    /// ([`crate::NetPolicy::with_zero_ply_prune`]).
    ///
    /// [`shipped_pruner`]: super::shipped_pruner
    pub fn best_pruned<P: NetPosition>(
        &mut self,
        pruner: &'a NetEvaluator,
        keep: usize,
        plays: &[Play<P>],
    ) -> usize
    where
        NetEvaluator: AfterState<P>,
    {
        let keep = keep.clamp(1, MAX_ZERO_PLY_KEEP);
        if plays.len() <= keep
            || self.nets.family != RulesFamily::Backgammon
            || is_race(&self.before)
        {
            return self.best(plays);
        }
        let mut scores = std::mem::take(&mut self.buffers().equities);
        // The pruning net's ranking, with this ranker's buffers (its sums made afresh).
        let nets = std::mem::replace(&mut self.nets, pruner);
        let fused = std::mem::replace(&mut self.fused, hardware_fma());
        self.forget_bases();
        pruning_scores_dispatched(self, plays, &mut scores);
        self.nets = nets;
        self.fused = fused;
        self.forget_bases();
        let mut kept = std::mem::take(&mut self.buffers().kept);
        kept.clear();
        kept.extend(0..plays.len() as u32);
        keep_best(&scores, &mut kept, keep);
        kept.sort_unstable();
        equities_of_dispatched(self, plays, &kept, &mut scores);
        let best = kept[first_best(scores.iter().copied())] as usize;
        let b = self.buffers();
        b.equities = scores;
        b.kept = kept;
        best
    }

    /// The pruning net's ranking of `plays` (plays of the position given to [`Ranker::fused`],
    /// this ranker holding the pruning net): the raw equity of its contact net for each, as
    /// [`Ranker::best_pruned`] ranks (no exact values, no sanity check: a ranking, not
    /// values; a play that ends the game is the caller's to keep).
    pub(crate) fn pruning_scores<P: NetPosition>(&mut self, plays: &[Play<P>], out: &mut Vec<f32>) {
        pruning_scores_dispatched(self, plays, out);
    }

    /// Fills `out` with the probabilities of each of `plays` (plays of the position given to
    /// [`Ranker::new`] or [`Ranker::reset`]) for the player who makes them: [`Ranker::value`]'s,
    /// whose equities [`Ranker::equities`] gives.
    pub(crate) fn values<P: NetPosition>(&mut self, plays: &[Play<P>], out: &mut Vec<Probabilities>)
    where
        NetEvaluator: AfterState<P>,
    {
        values_dispatched(self, plays, out);
    }

    /// Marks the first-layer sums of the position as not yet made (another net's next).
    fn forget_bases(&mut self) {
        if let Some(b) = self.buffers.as_mut() {
            for base in &mut b.bases {
                base.ready = false;
            }
        }
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
    pub(super) fn value_with<P: NetPosition, const INLINE: bool, const FUSED: bool>(
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
        let (before, checkers) = (&self.before, self.checkers);
        let b = self.buffers.get_or_insert_with(Buffers::boxed);
        let base = &mut b.bases[slot];
        if !base.ready {
            let d = &mut b.deltas;
            if INLINE {
                base_sums_inline::<FUSED>(net, before, checkers, base, d);
            } else {
                base_sums(net, before, checkers, base, d, FUSED);
            }
            net.encoding.roll_context(before, checkers, &mut base.ctx);
            base.ready = true;
        }
        let base = &b.bases[slot];
        let (d, acc, h) = (&mut b.deltas, &mut b.acc, &mut b.h);
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

/// [`Ranker::values`]: [`equities_dispatched`] keeping the probabilities.
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
fn values_dispatched<'a, P: NetPosition>(
    r: &mut Ranker<'a>,
    plays: &[Play<P>],
    out: &mut Vec<Probabilities>,
) where
    NetEvaluator: AfterState<P>,
{
    out.clear();
    if r.fused {
        for p in plays {
            let v = r.value_with::<P, true, true>(p.after());
            out.push(v);
        }
    } else {
        for p in plays {
            let v = r.value_with::<P, true, false>(p.after());
            out.push(v);
        }
    }
}

/// The most plays [`Ranker::best_pruned`] keeps for the full nets.
pub const MAX_ZERO_PLY_KEEP: usize = 16;

/// The most plays [`keep_best`] keeps through a small array on the stack.
const FEW: usize = 8;

/// Keeps in `order` (indices into `values`) the `keep` (at least 1) of highest value, best
/// first, the earlier in `order` of equals first (by `total_cmp`: an infinite value is above
/// every finite one): the plays the pruning net keeps. `order` is left as it is when it holds
/// `keep` or fewer.
pub(crate) fn keep_best(values: &[f32], order: &mut Vec<u32>, keep: usize) {
    let keep = keep.max(1);
    if order.len() <= keep {
        return;
    }
    if keep <= FEW {
        keep_into(values, order, &mut [(i32::MIN, 0u32); FEW][..keep]);
    } else {
        keep_into(values, order, &mut vec![(i32::MIN, 0u32); keep]);
    }
}

/// [`keep_best`] through `top`, as long as the number kept: one pass that holds the best so
/// far in order (a stable sort's first ones, without sorting the rest), compared by integer
/// keys that order as `total_cmp` orders the values.
fn keep_into(values: &[f32], order: &mut Vec<u32>, top: &mut [(i32, u32)]) {
    let keep = top.len();
    let mut len = 0;
    // The key of the last kept while `keep` are kept: a play must beat it to get in.
    let mut bar = i32::MIN;
    for &u in order.iter() {
        let s = total_key(values[u as usize]);
        if len == keep {
            if s <= bar {
                continue;
            }
            len -= 1;
        }
        // After the ones of its value or more.
        let mut j = len;
        while j > 0 && top[j - 1].0 < s {
            top[j] = top[j - 1];
            j -= 1;
        }
        top[j] = (s, u);
        len += 1;
        if len == keep {
            bar = top[keep - 1].0;
        }
    }
    order.clear();
    order.extend(top[..len].iter().map(|t| t.1));
}

/// An integer that orders as [`f32::total_cmp`] orders `x` (its own computation: the bits with
/// those of a negative number's magnitude flipped).
#[inline(always)]
fn total_key(x: f32) -> i32 {
    let b = x.to_bits() as i32;
    b ^ (((b >> 31) as u32) >> 1) as i32
}

/// The pruning net's ranking of `plays` for [`Ranker::best_pruned`] (the ranker holding the
/// pruning net): its contact net's equity of each play, raw (no exact values, no sanity
/// check, no race net: a ranking of the plays of a contact position, not their values),
/// compiled as [`equities_dispatched`] is.
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
pub(super) fn pruning_scores_dispatched<'a, P: NetPosition>(
    r: &mut Ranker<'a>,
    plays: &[Play<P>],
    out: &mut Vec<f32>,
) {
    out.clear();
    let net = &r.nets.contact;
    let (before, checkers, fused) = (&r.before, r.checkers, r.fused);
    let b = r.buffers.get_or_insert_with(Buffers::boxed);
    let Buffers {
        bases,
        deltas,
        acc,
        h,
        ..
    } = &mut **b;
    // Fused where the CPU fuses (as the ranker was made: [`Ranker::best_pruned`]).
    if fused {
        pruning_scores_inline::<P, true>(net, before, checkers, bases, deltas, acc, h, plays, out);
    } else {
        pruning_scores_inline::<P, false>(net, before, checkers, bases, deltas, acc, h, plays, out);
    }
}

/// The body of [`pruning_scores_dispatched`], compiled into it.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn pruning_scores_inline<P: NetPosition, const FUSED: bool>(
    net: &Mlp,
    before: &[i8; 26],
    checkers: u8,
    bases: &mut [Base; 2],
    d: &mut UnitDeltas,
    acc: &mut [f32; MAX_HIDDEN],
    h: &mut [f32; MAX_HIDDEN],
    plays: &[Play<P>],
    out: &mut Vec<f32>,
) {
    let base = &mut bases[0];
    if !base.ready {
        base_sums_inline::<FUSED>(net, before, checkers, base, d);
        net.encoding.roll_context(before, checkers, &mut base.ctx);
        base.ready = true;
    }
    let base = &bases[0];
    // The pruning nets' sizes: eight plays' sums at a time, their outputs together
    // ([`Mlp::finish_lanes`]).
    match net.hidden {
        16 => return pruning_lanes::<P, 16, FUSED>(net, before, checkers, base, d, plays, out),
        32 => return pruning_lanes::<P, 32, FUSED>(net, before, checkers, base, d, plays, out),
        _ => {}
    }
    for p in plays {
        let board = p.after().owner_board();
        let o = candidate_outputs_inline::<FUSED>(net, before, &board, checkers, base, d, acc, h);
        out.push(probabilities_of(&o).equity());
    }
}

/// [`pruning_scores_inline`] for a net of `HN` hidden units (a multiple of 8): each play's
/// first-layer sums as [`candidate_outputs_inline`] makes them, eight plays' outputs at once
/// ([`Mlp::finish_lanes`]: each play's operations of [`Mlp::finish_with_as`] in their order,
/// so the same floats).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn pruning_lanes<P: NetPosition, const HN: usize, const FUSED: bool>(
    net: &Mlp,
    before: &[i8; 26],
    checkers: u8,
    base: &Base,
    d: &mut UnitDeltas,
    plays: &[Play<P>],
    out: &mut Vec<f32>,
) {
    let enc = net.encoding;
    for chunk in plays.chunks(LANES) {
        let mut sums = [[0f32; LANES]; HN];
        for (p, play) in chunk.iter().enumerate() {
            let board = play.after().owner_board();
            enc.play_deltas(
                &base.ctx,
                before,
                &base.board_units,
                &board,
                checkers,
                false,
                d,
            );
            let mut a = [0f32; HN];
            net.accumulate_rows_as::<FUSED>(&base.acc, d, &mut a);
            for (s, &x) in sums.iter_mut().zip(&a) {
                s[p] = x;
            }
        }
        let o = net.finish_lanes::<HN, FUSED>(&sums);
        for (p, _) in chunk.iter().enumerate() {
            let outputs = [o[0][p], o[1][p], o[2][p], o[3][p], o[4][p]];
            out.push(probabilities_of(&outputs).equity());
        }
    }
}

/// [`equities_dispatched`] for the plays of `plays` at `indices` only (`out[k]` is the
/// equity of `plays[indices[k]]`).
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
fn equities_of_dispatched<'a, P: NetPosition>(
    r: &mut Ranker<'a>,
    plays: &[Play<P>],
    indices: &[u32],
    out: &mut Vec<f32>,
) where
    NetEvaluator: AfterState<P>,
{
    out.clear();
    if r.fused {
        for &i in indices {
            let e = r
                .value_with::<P, true, true>(plays[i as usize].after())
                .equity();
            out.push(e);
        }
    } else {
        for &i in indices {
            let e = r
                .value_with::<P, true, false>(plays[i as usize].after())
                .equity();
            out.push(e);
        }
    }
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
/// version gives the same floats. (An AVX-512 version was slower on the Xeon of the
/// first speed work (train/log.md): its 16-lane sigmoids wait on the divider as long as two 8-lane ones.)
///
/// [`Encoding::point_deltas`]: crate::encode::Encoding::point_deltas
/// [`Encoding::board_units`]: crate::encode::Encoding::board_units
#[allow(clippy::too_many_arguments)]
#[multiversion::multiversion(targets("x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt", "x86_64+avx"))]
pub(super) fn candidate_outputs(
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
    enc.play_deltas(
        &base.ctx,
        before,
        &base.board_units,
        board,
        checkers,
        false,
        d,
    );
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
    // The mover has borne everything off: the game is over (SCORE-1). A backgammon when the
    // loser has a checker on the bar (index 0) or in the winner's home board (the mover's
    // points 1..=6), as `Position::outcome` says.
    let on: i32 = b.iter().map(|&c| i32::from(c.min(0))).sum();
    let kind = if -on < i32::from(after.checkers_per_side()) {
        OutcomeKind::Single
    } else if b[0] < 0 || b[1..=6].iter().any(|&c| c < 0) {
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
pub(super) fn bearoff_after(after: &Backgammon) -> Option<Probabilities> {
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

/// The depth left, and whether it may be read ahead again, after a roll that cannot be
/// played with `plies` plies left: one fewer, but at the last ply (with `ahead`) one roll
/// further, once.
#[inline]
#[must_use]
pub(crate) fn dance_plies(plies: u32, ahead: bool) -> (u32, bool) {
    if plies == 1 && ahead {
        (1, false)
    } else {
        (plies - 1, ahead)
    }
}

/// The buffer slot of a position on roll searched `plies` deep (slot 0 for the roll read
/// ahead, which is never at depth 0).
#[inline]
#[must_use]
pub(crate) fn dance_slot(plies: u32, ahead: bool) -> usize {
    if ahead {
        plies as usize
    } else {
        0
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
    ///
    /// A roll the player on roll cannot play at the last ply is read one roll further: the
    /// other player on roll with the same board, valued over their 21 rolls (as
    /// `dance_plies` says). Valued at 0 ply it would be the net's value of an after-state
    /// whose owner is left where no play put them (on the bar after a roll they could not
    /// enter), which the nets learn from no game. Judged by gnubg on 635 decisions, the
    /// shipped net's 1-ply search lost 0.0090 a decision with the direct value and loses
    /// 0.0049 read one roll further (its 0-ply play: 0.0044).
    pub fn on_roll_plies<P: NetPosition>(
        &self,
        pos: &P,
        plies: u32,
        bufs: &mut SearchBuffers<P>,
    ) -> Probabilities
    where
        Self: AfterState<P>,
    {
        self.on_roll_searched(pos, plies, true, bufs)
    }

    /// [`NetEvaluator::on_roll_plies`]; `ahead`: whether a roll that cannot be played at the
    /// last ply is read one roll further (once: not again inside that roll).
    fn on_roll_searched<P: NetPosition>(
        &self,
        pos: &P,
        plies: u32,
        ahead: bool,
        bufs: &mut SearchBuffers<P>,
    ) -> Probabilities
    where
        Self: AfterState<P>,
    {
        if plies == 0 {
            return self.after_value_plies(&pos.pass_turn(), 0, bufs).flip();
        }
        let depth = dance_slot(plies, ahead);
        let mut list = bufs.take(depth);
        let mut acc = [0f32; NET_OUTPUTS];
        for dice in crate::base::dice::Dice::ALL_21 {
            pos.legal_plays_into(dice, &mut list);
            let v = if list.is_empty() {
                let (next, again) = dance_plies(plies, ahead);
                self.on_roll_searched(&pos.pass_turn(), next, again, bufs)
                    .flip()
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
