//! Checker play searched 1 or 2 plies deep with move filters: the searched `"net"` policy
//! ([`crate::NetPolicy::with_plies`]) that rollouts and simulations play.
//!
//! A roll's plays are first valued at 0 ply (one net evaluation each, together by a
//! [`Ranker`]); the [`MoveFilter`] keeps the best and those close behind it; each survivor is
//! valued again `plies` deep ([`NetEvaluator::after_value_plies`]: the opponent's 21 rolls,
//! each answered by their best play at 0 ply, averaged; at 2 plies one roll further) and the
//! best of them is played, the first of equals in the order of the plays. The search asks no
//! random numbers: the same position and roll always give the same play, on any thread.
//!
//! A roll the opponent cannot play at the last ply is read one roll further, as
//! [`NetEvaluator::on_roll_plies`] says (the nets cannot value the board such a roll leaves).
//!
//! The deep values are `after_value_plies`'s, to the bit, computed with less work: each
//! position on roll in the search values the distinct plays of its 21 rolls together, with
//! one ranker (`Search`).
//!
//! **The filter** is GNU Backgammon's "normal" move filter, the one of its "world class"
//! setting and of its default rollouts: after 0 ply, at most 8 plays within 0.16 (cubeless
//! equity) of the best go on; at 2 plies gnubg values nothing at 1 ply in between, and
//! neither does this search. Chosen because it is the setting gnubg's own rollouts are
//! compared at, and because it costs little: the survivors are few when one play stands out.
//!
//! **Pruning** (on by default for the shipped backgammon nets, [`DEFAULT_PRUNE_KEEP`]; off with
//! [`crate::NetPolicy::with_prune`]`(0)`): inside the search, at each position on roll in
//! contact, a small pruning net ([`crate::eval::net::shipped_pruner`]) ranks every reply of
//! each roll (its raw outputs, as [`Ranker::best_pruned`] ranks; a reply that ends the game is
//! kept whatever it says), and only its `keep` best of each roll are valued by the full nets,
//! the best of those being the roll's reply (a play kept for one roll stays a candidate for
//! every roll that reaches it) (the play at the root is still chosen by the full nets through
//! the filter). Before the pruning net, a cheaper screen: of a roll with more than
//! [`DEFAULT_PRUNE_SCREEN`] replies, pubeval ([`crate::Pubeval`], its contact weights) keeps
//! its best [`DEFAULT_PRUNE_SCREEN`] (a reply that ends the game kept whatever it scores) and
//! the pruning net ranks only those ([`crate::NetPolicy::with_prune_screen`]; 0: no screen).
//! Races are not pruned. At the last ply the reply's value is the one the full
//! nets' ranking found (its first-layer sums made incrementally, not afresh: the same up to
//! rounding). The values then differ from `after_value_plies`'s where the full nets' best reply
//! is not among the pruning net's `keep` best, and by rounding.

use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::eval::net::{
    bears_off, dance_plies, dance_slot, is_race, keep_best, outputs_of, probabilities_of,
    AfterState, NetEvaluator, NetPosition, Ranker, NET_OUTPUTS,
};
use crate::eval::Probabilities;
use crate::policy::Pubeval;
use crate::rules::backgammon::Backgammon;

/// The deepest checker-play search of a policy (gnubg's "world class" plays at 2 plies).
pub const MAX_POLICY_PLIES: u32 = 2;

/// How many replies of each roll the pruning net keeps for the full nets by default, inside a
/// searched policy of the shipped backgammon nets. Chosen by measurement, with the screen of
/// [`DEFAULT_PRUNE_SCREEN`]: judged by gnubg 2-ply on 12,694 decisions, keeping 2 rather than
/// 3 loses +0.00001 ± 0.00002 a decision at 1 ply and +0.00002 ± 0.00003 at 2 plies (within one
/// standard error; keeping 1 loses +0.00012 ± 0.00004 at 1 ply), the cube decisions and the
/// 2-ply analysis agree with gnubg's as often, and searched rollouts play about 1.08x as many
/// games a CPU second at 1 ply, the 2-ply search 1.12x. Until December 2026 it was 3 (the
/// checkpoint files of searched rollouts that do not write the setting were played with 3).
pub const DEFAULT_PRUNE_KEEP: usize = 2;

/// How many replies of a roll pubeval keeps for the pruning net inside a search, where the
/// roll has more (0: no screen, the pruning net ranks every reply): the screen before the
/// pruning net (see the module documentation). Chosen by measurement: judged by gnubg 2-ply on
/// 12,694 decisions, the 1-ply searched policy keeping 3 replies a roll lost -0.00001 ±
/// 0.00003 a decision against no screen (within one standard error; 6 replies +0.00001 ±
/// 0.00004, 4 replies +0.00007 ± 0.00005), and searched rollouts of the opening play 1.5x as
/// many games a CPU second at 1 and 2 plies, a 2-ply analysis 1.8x as fast.
pub const DEFAULT_PRUNE_SCREEN: usize = 8;

/// A pruning net and how many replies of each roll it keeps (at least 1) inside a search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Prune<'a> {
    /// The pruning net.
    pub(super) nets: &'a NetEvaluator,
    /// Replies kept for the full nets, per roll.
    pub(super) keep: usize,
    /// The screen before the pruning net: a backgammon roll with more replies than this keeps
    /// pubeval's best `screen` (contact weights; a reply that ends the game kept whatever it
    /// scores) and the pruning net ranks only those (0: no screen).
    pub(super) screen: usize,
}

impl<'a> Prune<'a> {
    /// The pruning net `nets` keeping `keep` replies a roll, with the default screen
    /// ([`DEFAULT_PRUNE_SCREEN`]).
    pub(super) fn new(nets: &'a NetEvaluator, keep: usize) -> Prune<'a> {
        Prune {
            nets,
            keep,
            screen: DEFAULT_PRUNE_SCREEN,
        }
    }
}

impl Prune<'_> {
    /// Whether the `n` plays of one roll of `pos` (on roll) are pruned: in contact, when there
    /// are more than [`Prune::keep`] of them.
    pub(super) fn prunes<P: NetPosition>(&self, pos: &P, n: usize) -> bool {
        n > self.keep.max(1) && !is_race(&pos.owner_board())
    }

    /// The one rule of the screen: of a roll's plays in `order` (indices into `scores`, the
    /// screen's scores, [`NetPosition::screen_scores`]), keeps the [`Prune::screen`] best, best
    /// first (the earlier in `order` of equals first); all of them when there are not more (or
    /// no screen).
    pub(super) fn screen_roll(&self, scores: &[f32], order: &mut Vec<u32>) {
        if screens(self.screen, order.len()) {
            keep_best(scores, order, self.screen);
        }
    }
}

/// Whether a roll's `n` plays pass through a screen of `screen` (0: no screen): when there are
/// more of them. Both screens follow it: the searched policy's ([`Prune::screen_roll`]) and
/// the other pruned picks' ([`pick_screened`]).
#[inline]
fn screens(screen: usize, n: usize) -> bool {
    screen > 0 && n > screen
}

/// The one rule of every pruned pick (the searched policy's replies, and the cube search's
/// plays and the cube model's look-ahead, `super::janowski::rolls`): a play that ends the
/// game is kept, whatever the pruning net says of it (it wins; the net's value of a finished
/// game may be anything). `scores` holds the pruning net's score of each of `plays` (plays of
/// `before`); those that end the game become infinite. None can when
/// [`no_play_ends_the_game`]: then nothing is looked at.
pub(super) fn keep_game_enders<P: NetPosition>(before: &P, plays: &[Play<P>], scores: &mut [f32]) {
    if no_play_ends_the_game(before) {
        return;
    }
    for (s, p) in scores.iter_mut().zip(plays) {
        if bears_off(p) && p.after().is_game_over() {
            *s = f32::INFINITY;
        }
    }
}

/// Whether no play of `before` can end the game: the mover has more than four checkers on
/// the board (bar included) and the opponent at least one. A turn bears off at most four
/// checkers (a double's four steps, BG-13, LN-12), so the mover keeps one, and the
/// opponent's stay on the board (a hit one goes to the bar): no one has borne off every
/// checker (BG-14). (When the opponent has none left, a finished game, the answer is no:
/// `keep_game_enders` then looks at each play, as it always did.)
#[inline]
pub(super) fn no_play_ends_the_game<P: NetPosition>(before: &P) -> bool {
    let board = before.owner_board();
    let mover: u32 = board.iter().map(|&c| c.max(0) as u32).sum();
    mover > 4 && board.iter().any(|&c| c < 0)
}

/// The buffers of [`pick_screened`], reused from one roll to the next.
#[derive(Default)]
pub(crate) struct PickBuffers {
    /// Scores of a roll's plays: pubeval's, then the ranking's of those it keeps.
    scores: Vec<f32>,
    /// The plays pubeval keeps, in its order, and the ranking's best of them (places there).
    screened: Vec<Play<Backgammon>>,
    ranks: Vec<u32>,
}

/// The one pruned pick of a roll's backgammon plays outside the searched policy's batch over
/// its 21 rolls ([`Level::rank_pruned`]): the cube search's and the cube model's look-ahead
/// (`super::janowski::rolls`) and the luck's screen ([`crate::play::luck::Screening`]).
/// Writes to `kept` the indices of the plays of `plays` (plays of `before`) that stay, best
/// first, the earlier of equals first:
/// - when there are more than `screen` (not 0), pubeval's best `screen`
///   ([`Pubeval::scores_from`], its race or contact weights by `race`; a play that ends the
///   game scores highest);
/// - then, with `keep` and more than that many left, the `keep` best (at least 1) of those by
///   `rank` (the pruning net's raw scores of the plays it is given, in pubeval's order), a play
///   that ends the game first ([`keep_game_enders`]).
///
/// Returns how many plays `rank` ranked (0: it was not called).
#[allow(clippy::too_many_arguments)]
pub(crate) fn pick_screened(
    before: &Backgammon,
    plays: &[Play<Backgammon>],
    race: bool,
    screen: usize,
    keep: Option<usize>,
    rank: impl FnOnce(&[Play<Backgammon>], &mut Vec<f32>),
    buf: &mut PickBuffers,
    kept: &mut Vec<u32>,
) -> usize {
    kept.clear();
    kept.extend(0..plays.len() as u32);
    if screens(screen, plays.len()) {
        Pubeval::shared().scores_from(before, plays, race, &mut buf.scores);
        keep_best(&buf.scores, kept, screen);
    }
    let Some(keep) = keep.filter(|&k| kept.len() > k.max(1)) else {
        return 0;
    };
    buf.screened.clear();
    buf.screened.extend(kept.iter().map(|&i| plays[i as usize]));
    rank(&buf.screened, &mut buf.scores);
    keep_game_enders(before, &buf.screened, &mut buf.scores);
    buf.ranks.clear();
    buf.ranks.extend(0..buf.screened.len() as u32);
    keep_best(&buf.scores, &mut buf.ranks, keep);
    for j in &mut buf.ranks {
        *j = kept[*j as usize];
    }
    std::mem::swap(kept, &mut buf.ranks);
    buf.screened.len()
}

/// Which plays of a roll stay in a search at one depth (gnubg's `movefilter`): the best and
/// up to `keep - 1` more whose value is within `within` of the best's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFilter {
    /// The most plays kept (at least 1).
    pub keep: usize,
    /// How far below the best a play may be and stay (normalised equity; cubeless equity in
    /// the checker-play search of a policy).
    pub within: f64,
}

impl MoveFilter {
    /// GNU Backgammon's "normal" move filter: at most 8 plays within 0.16 of the best (its
    /// default for 1- and 2-ply checker play, in evaluations and rollouts alike).
    pub const NORMAL: MoveFilter = MoveFilter {
        keep: 8,
        within: 0.16,
    };

    /// The indices of the values in `values` (one per play, higher is better) that stay: the
    /// best first, then the others in order of value (the earlier of equals first), at most
    /// `keep` of them (at least 1) and each within `within` of the best. Empty for no values.
    #[must_use]
    pub fn survivors(&self, values: &[f32]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        let Some(&top) = order.first() else {
            return order;
        };
        let floor = f64::from(values[top]) - self.within;
        let keep = order
            .iter()
            .take(self.keep.max(1))
            .take_while(|&&i| f64::from(values[i]) >= floor)
            .count()
            .max(1);
        order.truncate(keep);
        order
    }
}

/// The index in `plays` (the plays of `pos`, at least one) of the play searched `plies` deep
/// through `filter` (see the module's documentation).
pub(super) fn searched_best<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &[Play<P>],
    plies: u32,
    filter: MoveFilter,
    prune: Option<Prune<'_>>,
) -> usize
where
    NetEvaluator: AfterState<P>,
{
    let mut equities = Vec::with_capacity(plays.len());
    Ranker::fused(nets, pos).equities(plays, &mut equities);
    let mut keep = filter.survivors(&equities);
    if keep.len() <= 1 || plies == 0 {
        return keep.first().copied().unwrap_or(0);
    }
    keep.sort_unstable();
    let mut search = Search::new(nets);
    search.prune = prune;
    let mut best = keep[0];
    let mut best_equity = f32::NEG_INFINITY;
    let mut best_rolls = None;
    for i in keep {
        // Variance reduction: the survivor's opponent rolls are valued as `roll_values`
        // values them at these plies (the equity after each roll's best reply, searched
        // `plies - 1` further); the chosen play's are kept for the luck of that roll. A
        // survivor the nets value exactly (no search) records nothing.
        search.record = true;
        let e = search.after_value(plays[i].after(), plies).equity();
        if e > best_equity {
            best = i;
            best_equity = e;
            best_rolls = (!search.record).then_some(search.rolls);
        }
        search.record = false;
    }
    if let Some(values) = best_rolls {
        offer_roll_values(nets, prune, &plays[best].after().pass_turn(), values);
    }
    best
}

/// The roll values a search kept for the position after its chosen play (see
/// [`roll_values`]): the position, the nets and the pruning they were valued with.
struct ChosenRolls {
    pos: Box<dyn std::any::Any>,
    key: (usize, usize, usize, usize),
    values: [f32; 21],
}

thread_local! {
    /// The roll values of the last play a 1-ply search chose on this thread, taken by the
    /// next [`roll_values`].
    static CHOSEN_ROLLS: std::cell::RefCell<Option<ChosenRolls>> =
        const { std::cell::RefCell::new(None) };
}

/// What identifies the arithmetic of [`roll_values`]: the nets and the pruning.
fn rolls_key(nets: &NetEvaluator, prune: Option<Prune<'_>>) -> (usize, usize, usize, usize) {
    let (pruner, keep, screen) = prune.map_or((0, 0, 0), |p| {
        (std::ptr::from_ref(p.nets) as usize, p.keep.max(1), p.screen)
    });
    (std::ptr::from_ref(nets) as usize, pruner, keep, screen)
}

/// Keeps `values`, the roll values of `pos` (on roll), for the next [`roll_values`] call.
fn offer_roll_values<P: NetPosition>(
    nets: &NetEvaluator,
    prune: Option<Prune<'_>>,
    pos: &P,
    values: [f32; 21],
) {
    CHOSEN_ROLLS.with_borrow_mut(|c| {
        *c = Some(ChosenRolls {
            pos: Box::new(*pos),
            key: rolls_key(nets, prune),
            values,
        });
    });
}

/// Forgets the roll values a search kept on this thread (a game starts: what the last game
/// left is not its business).
pub(crate) fn forget_roll_values() {
    CHOSEN_ROLLS.with_borrow_mut(|c| *c = None);
}

/// The value to the player on roll in `pos` of each of the 21 rolls ([`Dice::ALL_21`]'s
/// order), as a search `plies` deep values them: the cubeless equity after the roll's best
/// play at 0 ply (pruned as `prune` says; a roll that cannot be played read one roll
/// further), that play searched `plies - 1` further: the luck of a variance reduction. When
/// the last search on this thread (1 or 2 plies) chose the play that led to `pos`, with the
/// same nets and pruning, its values are taken as they are (the same floats, at no cost) and
/// `compute` is not called; else `compute` says at how many plies (at least 1) to compute
/// them, or not at all (`None`). Returns whether `out` holds the values.
pub(crate) fn roll_values<P: NetPosition>(
    nets: &NetEvaluator,
    prune: Option<(&NetEvaluator, usize)>,
    pos: &P,
    out: &mut [f32; 21],
    compute: impl FnOnce() -> Option<u32>,
) -> bool
where
    NetEvaluator: AfterState<P>,
{
    let key = rolls_key(nets, prune.map(|(nets, keep)| Prune::new(nets, keep)));
    let kept = CHOSEN_ROLLS.with_borrow_mut(Option::take);
    if let Some(c) = kept.filter(|c| c.key == key && c.pos.downcast_ref::<P>() == Some(pos)) {
        *out = c.values;
        return true;
    }
    let Some(plies) = compute() else {
        return false;
    };
    let mut search = pruned_search(nets, prune);
    search.record = true;
    search.on_roll(pos, plies.max(1), true);
    *out = search.rolls;
    true
}

/// A search of `nets` pruned as `prune` says (`(pruning net, keep)`; none: every reply valued
/// by the nets).
fn pruned_search<'a, P>(
    nets: &'a NetEvaluator,
    prune: Option<(&'a NetEvaluator, usize)>,
) -> Search<'a, P>
where
    P: NetPosition,
    NetEvaluator: AfterState<P>,
{
    let mut search = Search::new(nets);
    search.prune = prune.map(|(nets, keep)| Prune::new(nets, keep));
    search
}

/// The value of each of `afters` (positions just played) for the player who played it,
/// searched `plies` deep as the searched policy values its candidates: without `prune` the
/// values of [`NetEvaluator::after_value_plies`] to the bit; with it (`(pruning net, keep)`)
/// the replies pruned as the module documentation says.
pub(crate) fn searched_after_values<P: NetPosition>(
    nets: &NetEvaluator,
    prune: Option<(&NetEvaluator, usize)>,
    afters: &[P],
    plies: u32,
) -> Vec<Probabilities>
where
    NetEvaluator: AfterState<P>,
{
    let mut search = pruned_search(nets, prune);
    afters
        .iter()
        .map(|a| search.after_value(a, plies))
        .collect()
}

/// The value of `pos` for its player on roll searched `plies` deep (at least 1), as
/// [`searched_after_values`] searches: [`NetEvaluator::on_roll_plies`]'s without `prune`.
pub(crate) fn searched_on_roll<P: NetPosition>(
    nets: &NetEvaluator,
    prune: Option<(&NetEvaluator, usize)>,
    pos: &P,
    plies: u32,
) -> Probabilities
where
    NetEvaluator: AfterState<P>,
{
    pruned_search(nets, prune).on_roll(pos, plies, true)
}

/// The policy's deep values: [`NetEvaluator::after_value_plies`] and
/// [`NetEvaluator::on_roll_plies`], the same floats, with less work per position on roll.
///
/// For each position on roll the 21 rolls' plays are generated first, the positions two
/// rolls reach alike (6-1, 5-2 and 4-3 moving one checker seven pips, say: about a tenth of
/// the plays) are kept once, and all are valued together by one [`Ranker`] (the first
/// layer's sums of the position before them computed once, not once a roll). A play's value
/// depends on the position before it and the one after only, so each roll's best play is the
/// one `after_value_plies` picks, and so are the values.
struct Search<'a, P: NetPosition> {
    nets: &'a NetEvaluator,
    /// The pruning of the replies (none: every reply valued by `nets`, the values of
    /// `after_value_plies`).
    prune: Option<Prune<'a>>,
    /// Buffers for the position on roll at each depth (1 and 2; `None` while in use).
    levels: Vec<Option<Level<P>>>,
    /// Whether the next [`Search::on_roll`] keeps its rolls' values in `rolls` (cleared by
    /// it: the positions on roll deeper in the search keep none).
    record: bool,
    /// The value of each roll (the equity after its best play) at the last recorded
    /// [`Search::on_roll`].
    rolls: [f32; 21],
}

thread_local! {
    /// The buffers (`Vec<Option<Level<P>>>`, of the rules type `P` of their search) of the
    /// last [`Search`] dropped on this thread, for the next one: a search made for every turn
    /// then allocates no more than one kept from turn to turn. A level is kept only as its
    /// [`Search::on_roll`] left it (its table cleared); each field is written before it is
    /// read for a position, as when one search reads several.
    static SPARE_LEVELS: std::cell::RefCell<Option<Box<dyn std::any::Any>>> =
        const { std::cell::RefCell::new(None) };
}

impl<P: NetPosition> Drop for Search<'_, P> {
    fn drop(&mut self) {
        let levels = std::mem::take(&mut self.levels);
        // During the thread's teardown the spares may be gone: the buffers are freed.
        let _ = SPARE_LEVELS.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                *spare = Some(Box::new(levels));
            }
        });
    }
}

/// The buffers a search dropped on this thread left, when they are of the rules type `P`
/// (else none).
fn spare_levels<P: NetPosition>() -> Vec<Option<Level<P>>> {
    SPARE_LEVELS
        .try_with(|spare| spare.try_borrow_mut().ok()?.take())
        .ok()
        .flatten()
        .and_then(|b| b.downcast::<Vec<Option<Level<P>>>>().ok())
        .map_or_else(Vec::new, |b| *b)
}

/// The buffers of one position on roll in a [`Search`].
struct Level<P> {
    /// One roll's plays, as generated.
    list: Box<PlayList<P>>,
    /// The distinct plays of the 21 rolls, in order of first appearance.
    unique: Vec<Play<P>>,
    /// For each roll in turn, the index in `unique` of each of its plays, in its order.
    of_roll: Vec<u32>,
    /// Where each roll's indices start in `of_roll` (and the end).
    starts: [usize; 22],
    /// The equity of each of `unique`.
    equities: Vec<f32>,
    /// Open-addressing table of indices into `unique` (`EMPTY` where free), to find a play
    /// already seen.
    table: Vec<u32>,
    /// The slots of `table` in use (cleared for the next position from this list).
    used: Vec<u32>,
    /// The pruning net's equity of each of `unique` (when pruning).
    pruned: Vec<f32>,
    /// The indices in `unique` of the plays the pruning net keeps.
    kept: Vec<u32>,
    /// Those plays, for the full nets.
    survivors: Vec<Play<P>>,
    /// A roll's plays by the pruning net's equity (a buffer).
    order: Vec<u32>,
    /// Whether the last position was pruned ([`Level::rank_pruned`]).
    was_pruned: bool,
    /// The full nets' probabilities of each of `kept` (when pruned).
    values: Vec<Probabilities>,
    /// For each of `unique`, its index in `kept` (when pruned and kept).
    kept_at: Vec<u32>,
    /// The screen's score of each of `unique` (when screened, [`NetPosition::screen_scores`]).
    screen_scores: Vec<f32>,
    /// For each roll in turn, the indices in `unique` of the plays the screen keeps, pubeval's
    /// best first (when screened).
    candidates: Vec<u32>,
    /// Where each roll's indices start in `candidates` (and the end).
    candidate_starts: [usize; 22],
    /// The indices in `unique` of the plays the screen keeps for some roll, each once.
    screened: Vec<u32>,
    /// The pruning net's score of each of `screened`.
    screened_scores: Vec<f32>,
}

/// A free slot of [`Level::table`].
const EMPTY: u32 = u32::MAX;

impl<P> Level<P> {
    fn new() -> Level<P> {
        Level {
            list: Box::default(),
            unique: Vec::new(),
            of_roll: Vec::new(),
            starts: [0; 22],
            equities: Vec::new(),
            table: Vec::new(),
            used: Vec::new(),
            pruned: Vec::new(),
            kept: Vec::new(),
            survivors: Vec::new(),
            order: Vec::new(),
            was_pruned: false,
            values: Vec::new(),
            kept_at: Vec::new(),
            screen_scores: Vec::new(),
            candidates: Vec::new(),
            candidate_starts: [0; 22],
            screened: Vec::new(),
            screened_scores: Vec::new(),
        }
    }
}

/// The slot of a position in a [`Level::table`] of `mask + 1` slots: a multiplicative hash
/// of its board (the positions of one search are few and not chosen by anyone: no need for a
/// keyed hash; the positions a level holds share their other fields, and equal positions are
/// found by comparing them whole). The board's bytes as four words, each multiplied on its
/// own (independent multiplications, not a chain of them), folded by one more.
#[inline(always)]
fn slot<P: NetPosition>(after: &P, mask: usize) -> usize {
    let b = after.owner_board();
    let mut bytes = [0u8; 32];
    for (x, &c) in bytes.iter_mut().zip(&b) {
        *x = c as u8;
    }
    let word = |w: usize| {
        let mut x = [0u8; 8];
        x.copy_from_slice(&bytes[8 * w..8 * w + 8]);
        u64::from_le_bytes(x)
    };
    let h = word(0).wrapping_mul(0x517c_c1b7_2722_0a95)
        ^ word(1).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17)
        ^ word(2).wrapping_mul(0xc2b2_ae3d_27d4_eb4f).rotate_left(31)
        ^ word(3).wrapping_mul(0x1656_67b1_9e37_79f9).rotate_left(47);
    let h = (h ^ (h >> 29)).wrapping_mul(0x94d0_49bb_1331_11eb);
    // The high bits mix best.
    (h >> 32) as usize & mask
}

impl<'a, P: NetPosition> Search<'a, P>
where
    NetEvaluator: AfterState<P>,
{
    fn new(nets: &'a NetEvaluator) -> Search<'a, P> {
        Search {
            nets,
            prune: None,
            levels: spare_levels(),
            record: false,
            rolls: [0.0; 21],
        }
    }

    /// [`NetEvaluator::after_value_plies`].
    fn after_value(&mut self, after: &P, plies: u32) -> Probabilities {
        if let Some(p) = self.nets.exact_after(after) {
            return p;
        }
        if plies == 0 {
            return self.nets.net_after(after);
        }
        self.on_roll(&after.pass_turn(), plies, true).flip()
    }

    /// [`NetEvaluator::on_roll_plies`] (`ahead`: a roll that cannot be played at the last ply
    /// is read one roll further, [`dance_plies`]).
    fn on_roll(&mut self, pos: &P, plies: u32, ahead: bool) -> Probabilities {
        let record = std::mem::take(&mut self.record);
        if plies == 0 {
            return self.after_value(&pos.pass_turn(), 0).flip();
        }
        let depth = dance_slot(plies, ahead);
        while self.levels.len() <= depth {
            self.levels.push(None);
        }
        let mut level = self.levels[depth].take().unwrap_or_else(Level::new);
        level.rank_rolls(self.nets, self.prune, pos);
        let mut acc = [0f32; NET_OUTPUTS];
        // Every roll that cannot be played leaves the same position: read once.
        let mut dance: Option<Probabilities> = None;
        // So is a reply that is the best of several rolls (6-1, 5-2 and 4-3 making the same
        // point, say): its value, read once, for each of them.
        let mut read = [(EMPTY, Probabilities::default()); 21];
        let mut reads = 0;
        for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
            let (from, to) = (level.starts[r], level.starts[r + 1]);
            let v = if from == to {
                if let Some(v) = dance {
                    v
                } else {
                    let (next, again) = dance_plies(plies, ahead);
                    let v = self.on_roll(&pos.pass_turn(), next, again).flip();
                    dance = Some(v);
                    v
                }
            } else {
                // The first of equals, as `Ranker::best`.
                let mut best = level.of_roll[from] as usize;
                let mut best_eq = f32::NEG_INFINITY;
                for &u in &level.of_roll[from..to] {
                    let e = level.equities[u as usize];
                    if e > best_eq {
                        best_eq = e;
                        best = u as usize;
                    }
                }
                if plies == 1 && level.was_pruned {
                    // The full nets' value of the reply, from the ranking.
                    level.values[level.kept_at[best] as usize]
                } else if let Some(&(_, v)) = read[..reads].iter().find(|r| r.0 == best as u32) {
                    v
                } else {
                    let after = *level.unique[best].after();
                    let v = self.after_value(&after, plies - 1);
                    read[reads] = (best as u32, v);
                    reads += 1;
                    v
                }
            };
            if record {
                self.rolls[r] = v.equity();
            }
            let w = dice.weight() as f32 / 36.0;
            for (a, x) in acc.iter_mut().zip(outputs_of(&v)) {
                *a += w * x;
            }
        }
        self.levels[depth] = Some(level);
        // As `on_roll_plies`: bounded as the net's outputs are.
        probabilities_of(&acc)
    }
}

impl<P: NetPosition> Level<P>
where
    NetEvaluator: AfterState<P>,
{
    /// Generates the plays of `pos` for each of the 21 rolls, keeps the distinct ones and
    /// values them with one ranker (the arithmetic of [`NetEvaluator::best_play_from`]); with
    /// `prune`, in contact, only the pruning net's `keep` best of each roll are valued so,
    /// the others valued at minus infinity.
    fn rank_rolls(&mut self, nets: &NetEvaluator, prune: Option<Prune<'_>>, pos: &P) {
        self.unique.clear();
        self.of_roll.clear();
        for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
            self.starts[r] = self.of_roll.len();
            pos.legal_plays_into(dice, &mut self.list);
            let want = (2 * (self.unique.len() + self.list.len())).next_power_of_two();
            if self.table.len() < want.max(1024) {
                self.rehash(want.max(1024));
            }
            let mask = self.table.len() - 1;
            for play in self.list.iter() {
                let mut at = slot(play.after(), mask);
                let index = loop {
                    let u = self.table[at];
                    if u == EMPTY {
                        let u = self.unique.len() as u32;
                        self.table[at] = u;
                        self.used.push(at as u32);
                        self.unique.push(*play);
                        break u;
                    }
                    if self.unique[u as usize].after() == play.after() {
                        break u;
                    }
                    at = (at + 1) & mask;
                };
                self.of_roll.push(index);
            }
        }
        self.starts[21] = self.of_roll.len();
        // The table is cleared for the next position (only the slots in use).
        for &at in &self.used {
            self.table[at as usize] = EMPTY;
        }
        self.used.clear();
        self.was_pruned = false;
        match prune {
            Some(p) if p.prunes(pos, self.unique.len()) => {
                self.rank_pruned(nets, p, pos);
                self.was_pruned = true;
            }
            _ => Ranker::new(nets, pos).equities(&self.unique, &mut self.equities),
        }
    }

    /// The pruned ranking of [`Level::rank_rolls`].
    fn rank_pruned(&mut self, nets: &NetEvaluator, prune: Prune<'_>, pos: &P) {
        let screened = self.screen(prune, pos);
        if !screened {
            // The pruning net's raw ranking (as `Ranker::best_pruned`'s), the one rule of the
            // plays that end the game.
            Ranker::fused(prune.nets, pos).pruning_scores(&self.unique, &mut self.pruned);
            keep_game_enders(pos, &self.unique, &mut self.pruned);
        }
        // A play several rolls reach is kept once.
        self.equities.clear();
        self.equities.resize(self.unique.len(), f32::NAN);
        self.kept.clear();
        let keep = prune.keep.max(1);
        for r in 0..21 {
            let candidates = if screened {
                &self.candidates[self.candidate_starts[r]..self.candidate_starts[r + 1]]
            } else {
                &self.of_roll[self.starts[r]..self.starts[r + 1]]
            };
            self.order.clear();
            self.order.extend_from_slice(candidates);
            keep_best(&self.pruned, &mut self.order, keep);
            for &u in &self.order {
                if self.equities[u as usize].is_nan() {
                    self.equities[u as usize] = f32::NEG_INFINITY;
                    self.kept.push(u);
                }
            }
        }
        self.survivors.clear();
        self.survivors
            .extend(self.kept.iter().map(|&u| self.unique[u as usize]));
        Ranker::new(nets, pos).values(&self.survivors, &mut self.values);
        self.kept_at.clear();
        self.kept_at.resize(self.unique.len(), u32::MAX);
        for (k, (&u, v)) in self.kept.iter().zip(&self.values).enumerate() {
            self.equities[u as usize] = v.equity();
            self.kept_at[u as usize] = k as u32;
        }
        // The plays dropped are never a roll's best.
        for e in &mut self.equities {
            if e.is_nan() {
                *e = f32::NEG_INFINITY;
            }
        }
    }

    /// The screen of [`Level::rank_pruned`] ([`Prune::screen`]): for a backgammon position,
    /// writes each roll's plays that pubeval keeps to `candidates` (pubeval's best first) and
    /// the pruning net's scores of those (the plays that end the game infinite) to `pruned`
    /// (the others' are not made, nor those of a roll's candidates that [`Prune::keep`] keeps
    /// all of, unless another roll has them). Returns whether it screened (not without a
    /// screen, or for another rules family's positions).
    fn screen(&mut self, prune: Prune<'_>, pos: &P) -> bool {
        if prune.screen == 0 || !pos.screen_scores(&self.unique, &mut self.screen_scores) {
            return false;
        }
        // Each roll's candidates; the plays several rolls keep are scored once.
        self.candidates.clear();
        self.screened.clear();
        self.pruned.clear();
        self.pruned.resize(self.unique.len(), f32::NAN);
        for r in 0..21 {
            self.candidate_starts[r] = self.candidates.len();
            self.order.clear();
            self.order
                .extend_from_slice(&self.of_roll[self.starts[r]..self.starts[r + 1]]);
            prune.screen_roll(&self.screen_scores, &mut self.order);
            // A roll of no more candidates than the pruning keeps keeps them all, whatever
            // their scores: they are scored only when another roll has them.
            if self.order.len() > prune.keep.max(1) {
                for &u in &self.order {
                    if !self.pruned[u as usize].is_infinite() {
                        self.pruned[u as usize] = f32::INFINITY;
                        self.screened.push(u);
                    }
                }
            }
            self.candidates.extend_from_slice(&self.order);
        }
        self.candidate_starts[21] = self.candidates.len();
        self.survivors.clear();
        self.survivors
            .extend(self.screened.iter().map(|&u| self.unique[u as usize]));
        Ranker::fused(prune.nets, pos).pruning_scores(&self.survivors, &mut self.screened_scores);
        keep_game_enders(pos, &self.survivors, &mut self.screened_scores);
        for (&u, &score) in self.screened.iter().zip(&self.screened_scores) {
            self.pruned[u as usize] = score;
        }
        true
    }

    /// Grows the table to `size` slots (a power of two) with the plays seen so far.
    fn rehash(&mut self, size: usize) {
        self.table.clear();
        self.table.resize(size, EMPTY);
        self.used.clear();
        let mask = size - 1;
        for (u, play) in self.unique.iter().enumerate() {
            let mut at = slot(play.after(), mask);
            while self.table[at] != EMPTY {
                at = (at + 1) & mask;
            }
            self.table[at] = u as u32;
            self.used.push(at as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::dice::Dice;
    use crate::base::moves::PlayList;
    use crate::base::rng::{game_stream, Stream};
    use crate::base::variant::{RulesFamily, Variant};
    use crate::eval::net::SearchBuffers;
    use crate::policy::net_games::net_turns;
    use crate::policy::{NetPolicy, Policy};
    use crate::rules::backgammon::Backgammon;
    use crate::rules::position::Position;

    /// Positions of games the 0-ply net plays against itself from the start, with the rolls
    /// that offer a choice there.
    fn decisions(count: usize) -> Vec<(Backgammon, Dice)> {
        net_turns(11, |_| false)
            .filter(|t| t.plays >= 2)
            .map(|t| (t.before, t.dice))
            .take(count)
            .collect()
    }

    #[test]
    fn a_search_without_a_filter_plays_the_best_play_searched_to_its_depth() {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let all = MoveFilter {
            keep: usize::MAX,
            within: f64::INFINITY,
        };
        // Unpruned: every reply valued by the full nets, as `after_value_plies` does.
        let one_ply = net
            .clone()
            .with_plies(1)
            .with_filter(all)
            .with_prune(0)
            .unwrap();
        let mut rng = game_stream(1, 0, Stream::Choices);
        let mut bufs = SearchBuffers::default();
        let mut differ = 0;
        for (pos, dice) in decisions(60) {
            let plays: PlayList<Backgammon> = pos.legal_plays(dice);
            let got = one_ply.choose(&pos, dice, &plays, &mut rng).unwrap();
            let values: Vec<f32> = plays
                .iter()
                .map(|p| {
                    net.nets()
                        .after_value_plies(p.after(), 1, &mut bufs)
                        .equity()
                })
                .collect();
            let mut want = 0;
            for (i, v) in values.iter().enumerate() {
                if *v > values[want] {
                    want = i;
                }
            }
            assert_eq!(got, want, "{pos:?} {dice:?}");
            // The search asks no random numbers: the same choice again.
            assert_eq!(one_ply.choose(&pos, dice, &plays, &mut rng).unwrap(), got);
            differ += usize::from(net.choose(&pos, dice, &plays, &mut rng).unwrap() != got);
        }
        assert!(differ > 0, "1 ply chose as 0 ply everywhere");
    }

    /// The policy's search values each play as `after_value_plies` does (the values `hint`
    /// ranks by), to the bit, at 1 and 2 plies: the same floats, so the same choices.
    #[test]
    fn the_search_values_plays_as_after_value_plies_bit_for_bit() {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let mut bufs = SearchBuffers::default();
        let mut search = Search::new(net.nets());
        let mut checked = 0;
        for (n, (pos, dice)) in decisions(80).into_iter().enumerate() {
            let plays: PlayList<Backgammon> = pos.legal_plays(dice);
            let plies = if n % 16 == 0 { 2 } else { 1 };
            for p in plays.iter().take(if plies == 2 { 1 } else { 4 }) {
                let got = search.after_value(p.after(), plies);
                let want = net.nets().after_value_plies(p.after(), plies, &mut bufs);
                assert_eq!(got, want, "{pos:?} {dice:?} {plies}");
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
    }

    /// Pruning that keeps every reply values as the unpruned search, to the bit; keeping one
    /// reply a roll, each roll's reply is the full nets' best of the plays that are the
    /// pruning net's best of some roll (a play kept for one roll may serve another that
    /// reaches it too), valued by the full nets; and that differs from the unpruned values
    /// somewhere.
    #[test]
    fn pruning_values_the_pruning_nets_best_replies_with_the_full_nets() {
        use crate::eval::net::shipped_pruner;
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let nets = net.nets();
        let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
        let mut bufs = SearchBuffers::default();
        let mut all = Search::new(nets);
        all.prune = Some(Prune {
            nets: pruner,
            keep: 10_000,
            screen: 0,
        });
        let mut one = Search::new(nets);
        one.prune = Some(Prune {
            nets: pruner,
            keep: 1,
            screen: 0,
        });
        let (mut checked, mut differ) = (0, 0);
        for (pos, dice) in decisions(40) {
            let plays: PlayList<Backgammon> = pos.legal_plays(dice);
            for p in plays.iter().take(3) {
                let plain = nets.after_value_plies(p.after(), 1, &mut bufs);
                assert_eq!(all.after_value(p.after(), 1), plain);
                let reply = p.after().pass_turn();
                if nets.exact_after(p.after()).is_some() || is_race(&reply.owner_board()) {
                    continue;
                }
                let mut acc = [0f32; NET_OUTPUTS];
                let mut every_roll_plays = true;
                let mut kept = Vec::new();
                for d in Dice::ALL_21 {
                    let replies: PlayList<Backgammon> = reply.legal_plays(d);
                    if replies.is_empty() {
                        every_roll_plays = false;
                        break;
                    }
                    // The pruning net's raw ranking, a play that ends the game first.
                    let mut scores = Vec::new();
                    Ranker::fused(pruner, &reply).pruning_scores(replies.as_slice(), &mut scores);
                    for (e, p) in scores.iter_mut().zip(replies.iter()) {
                        if bears_off(p) && p.after().is_game_over() {
                            *e = f32::INFINITY;
                        }
                    }
                    let mut i = 0;
                    for (k, &e) in scores.iter().enumerate() {
                        if e > scores[i] {
                            i = k;
                        }
                    }
                    kept.push(*replies[i].after());
                }
                if !every_roll_plays {
                    continue;
                }
                for d in Dice::ALL_21 {
                    let replies: PlayList<Backgammon> = reply.legal_plays(d);
                    let mut eq = Vec::new();
                    Ranker::new(nets, &reply).equities(replies.as_slice(), &mut eq);
                    let mut i = usize::MAX;
                    for (k, p) in replies.iter().enumerate() {
                        if kept.contains(p.after()) && (i == usize::MAX || eq[k] > eq[i]) {
                            i = k;
                        }
                    }
                    let v = nets.after_state(replies[i].after());
                    let w = d.weight() as f32 / 36.0;
                    for (a, x) in acc.iter_mut().zip(outputs_of(&v)) {
                        *a += w * x;
                    }
                }
                let want = probabilities_of(&acc).flip();
                let got = one.after_value(p.after(), 1);
                assert!(
                    (got.equity() - want.equity()).abs() < 1e-5,
                    "{pos:?} {dice:?}"
                );
                differ += usize::from(got != plain);
                checked += 1;
            }
        }
        assert!(checked > 40 && differ > 0, "{checked} {differ}");
    }

    /// The screen before the pruning net: one that keeps every reply values as no screen, to
    /// the bit (the pruning net ranks the same plays); a narrow one (pubeval's best 2 a roll)
    /// changes some values; the values stay bounded probabilities.
    #[test]
    fn a_screen_that_keeps_every_reply_values_as_no_screen() {
        use crate::eval::net::shipped_pruner;
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
        let with = |screen| {
            let mut search = Search::new(net.nets());
            search.prune = Some(Prune {
                nets: pruner,
                keep: DEFAULT_PRUNE_KEEP,
                screen,
            });
            search
        };
        let (mut plain, mut wide, mut narrow) = (with(0), with(10_000), with(2));
        let (mut checked, mut differ) = (0, 0);
        for (n, (pos, dice)) in decisions(40).into_iter().enumerate() {
            let plays: PlayList<Backgammon> = pos.legal_plays(dice);
            let plies = if n % 10 == 0 { 2 } else { 1 };
            for p in plays.iter().take(2) {
                let want = plain.after_value(p.after(), plies);
                assert_eq!(wide.after_value(p.after(), plies), want, "{pos:?} {dice:?}");
                let got = narrow.after_value(p.after(), plies);
                assert!((-3.0..=3.0).contains(&got.equity()), "{got:?}");
                differ += usize::from(got != want);
                checked += 1;
            }
        }
        assert!(checked > 40 && differ > 0, "{checked} {differ}");
    }

    /// How often the screen changes the replies the pruning net keeps, and each roll's best
    /// reply, at the positions on roll after the plays of net self-play (contact, pruned):
    /// printed, for the lab note (`cargo test --lib screen_changes -- --ignored --nocapture`).
    #[test]
    #[ignore = "a measurement, printed"]
    fn screen_changes_the_kept_replies() {
        use crate::eval::net::shipped_pruner;
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
        let prune = |screen| Prune {
            nets: pruner,
            keep: DEFAULT_PRUNE_KEEP,
            screen,
        };
        let positions: Vec<Backgammon> = decisions(600)
            .into_iter()
            .flat_map(|(pos, dice)| {
                let plays: PlayList<Backgammon> = pos.legal_plays(dice);
                plays
                    .iter()
                    .take(3)
                    .map(|p| p.after().pass_turn())
                    .collect::<Vec<_>>()
            })
            .collect();
        for screen in [4, 6, 8, 10, 12, 16] {
            let (mut rolls, mut kept_differ, mut best_differ, mut screened) = (0, 0, 0, 0);
            for pos in &positions {
                let mut a = Level::new();
                a.rank_rolls(net.nets(), Some(prune(0)), pos);
                if !a.was_pruned {
                    continue;
                }
                let mut b = Level::new();
                b.rank_rolls(net.nets(), Some(prune(screen)), pos);
                for r in 0..21 {
                    let of_roll = &a.of_roll[a.starts[r]..a.starts[r + 1]];
                    if of_roll.len() <= DEFAULT_PRUNE_KEEP {
                        continue;
                    }
                    rolls += 1;
                    screened += usize::from(of_roll.len() > screen);
                    let kept = |l: &Level<Backgammon>| -> Vec<u32> {
                        let mut k: Vec<u32> = of_roll
                            .iter()
                            .copied()
                            .filter(|&u| l.equities[u as usize].is_finite())
                            .collect();
                        k.sort_unstable();
                        k
                    };
                    kept_differ += usize::from(kept(&a) != kept(&b));
                    let best = |l: &Level<Backgammon>| {
                        let mut best = of_roll[0];
                        for &u in of_roll {
                            if l.equities[u as usize] > l.equities[best as usize] {
                                best = u;
                            }
                        }
                        best
                    };
                    best_differ += usize::from(best(&a) != best(&b));
                }
            }
            println!(
                "screen={screen}: {rolls} pruned rolls ({} positions), {screened} screened, \
                 kept replies differ {kept_differ} ({:.2}%), best reply differs {best_differ} \
                 ({:.2}%)",
                positions.len(),
                100.0 * kept_differ as f64 / rolls as f64,
                100.0 * best_differ as f64 / rolls as f64,
            );
        }
    }

    /// Where the opponent cannot enter (BAR-2) the search reads the roll one further, as
    /// `after_value_plies` does, to the bit.
    /// The one pruned pick keeps what two stable sorts put first: pubeval's best `screen`,
    /// then the ranking's best `keep` of those in pubeval's order, a play that ends the game
    /// first; with either weight set, any screen and keep, and no ranking.
    #[test]
    fn the_pruned_pick_keeps_what_stable_sorts_put_first() {
        let pubeval = Pubeval::new();
        // A ranking other than pubeval's own: the race weights' scores, negated.
        let rank = |ps: &[Play<Backgammon>], out: &mut Vec<f32>| {
            out.clear();
            out.extend(ps.iter().map(|p| -pubeval.score(p.after(), true)));
        };
        let mut buf = PickBuffers::default();
        let (mut kept, mut calls) = (Vec::new(), 0);
        for (pos, dice) in decisions(80) {
            let plays: PlayList<Backgammon> = pos.legal_plays(dice);
            for race in [false, true] {
                for (screen, keep) in [
                    (0, Some(3)),
                    (8, Some(3)),
                    (4, Some(1)),
                    (6, None),
                    (2, Some(5)),
                ] {
                    let ranked =
                        pick_screened(&pos, &plays, race, screen, keep, rank, &mut buf, &mut kept);
                    let mut want: Vec<u32> = (0..plays.len() as u32).collect();
                    if screen > 0 && plays.len() > screen {
                        let score = |i: &u32| pubeval.score(plays[*i as usize].after(), race);
                        want.sort_by(|a, b| score(b).total_cmp(&score(a)));
                        want.truncate(screen);
                    }
                    match keep {
                        Some(k) if want.len() > k => {
                            assert_eq!(ranked, want.len());
                            let value = |i: &u32| {
                                let p = &plays[*i as usize];
                                if p.after().is_game_over() {
                                    f32::INFINITY
                                } else {
                                    -pubeval.score(p.after(), true)
                                }
                            };
                            want.sort_by(|a, b| value(b).total_cmp(&value(a)));
                            want.truncate(k);
                            calls += 1;
                        }
                        _ => assert_eq!(ranked, 0),
                    }
                    assert_eq!(kept, want, "{pos:?} {dice:?} race {race} {screen} {keep:?}");
                }
            }
        }
        assert!(calls > 100, "{calls}");
    }

    #[test]
    fn the_search_reads_a_roll_that_cannot_be_played_as_after_value_plies() {
        use crate::base::setup::Setup;
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let mut bufs = SearchBuffers::default();
        let mut search = Search::new(net.nets());
        // White's board closed with Black on the bar; then one point open.
        for white in [
            &[(6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 2), (13, 3)][..],
            &[(6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (13, 5)][..],
        ] {
            let pos = Backgammon::from_setup(&Setup::from_points(
                Variant::Backgammon,
                Color::White,
                white,
                &[(25, 1), (6, 5), (8, 3), (13, 6)],
            ))
            .unwrap();
            for plies in [1, 2] {
                let want = net.nets().after_value_plies(&pos, plies, &mut bufs);
                assert_eq!(search.after_value(&pos, plies), want, "{plies}");
            }
        }
    }

    /// A reply that ends the game is kept by the pruning, whatever the pruning net (which
    /// never saw a finished board) says of it: in contact (the opponent holds the mover's
    /// ace point) the mover's last checkers borne off are each such roll's reply (BG-14).
    /// So with a screen before the pruning net that keeps pubeval's best reply of a roll only.
    #[test]
    fn pruning_keeps_a_reply_that_ends_the_game() {
        use crate::base::setup::Setup;
        use crate::eval::net::shipped_pruner;
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
        let mut ended = 0;
        for (screen, white) in [0, 1].into_iter().flat_map(|screen| {
            [
                &[(5, 1), (3, 1)][..],
                &[(6, 1), (4, 1), (2, 1)][..],
                &[(6, 2), (2, 1)][..],
                &[(5, 1), (4, 1)][..],
            ]
            .map(|white| (screen, white))
        }) {
            let prune = Prune {
                nets: pruner,
                keep: 1,
                screen,
            };
            let pos = Backgammon::from_setup(&Setup::from_points(
                Variant::Backgammon,
                Color::White,
                white,
                &[(24, 2), (6, 5), (8, 3), (13, 5)],
            ))
            .unwrap();
            assert!(!is_race(&pos.owner_board()));
            let mut level = Level::new();
            level.rank_rolls(net.nets(), Some(prune), &pos);
            assert!(level.was_pruned);
            for r in 0..21 {
                let of_roll = &level.of_roll[level.starts[r]..level.starts[r + 1]];
                let ends = |u: u32| level.unique[u as usize].after().is_game_over();
                if of_roll.len() < 2 || !of_roll.iter().any(|&u| ends(u)) {
                    continue;
                }
                let mut best = of_roll[0];
                for &u in of_roll {
                    if level.equities[u as usize] > level.equities[best as usize] {
                        best = u;
                    }
                }
                assert!(ends(best), "{pos:?} roll {r}");
                ended += 1;
            }
        }
        assert!(ended >= 4, "{ended}");
    }

    /// A play ends the game only when it bears off the mover's last checker (BG-14), and a
    /// turn bears off four at most (BG-13): with five or more checkers left no play of any
    /// roll ends it, and the shortcut says so; with four or fewer it looks at the plays. Over
    /// bear-offs of 1 to 15 checkers (the opponent in contact, on the bar or past them) and
    /// the positions of net self-play, wherever a play of some roll ends the game the
    /// shortcut is off.
    #[test]
    fn no_play_ends_the_game_with_more_than_four_checkers_left() {
        use crate::base::setup::Setup;
        let mut positions: Vec<Backgammon> = decisions(300).into_iter().map(|d| d.0).collect();
        // Black holds White's ace point (contact), or has one checker on the bar, or is
        // past White (a race).
        let blacks: [&[(u8, u8)]; 3] = [
            &[(24, 2), (6, 5), (8, 3), (13, 5)],
            &[(25, 1), (6, 2), (8, 2)],
            &[(1, 1)],
        ];
        for black in blacks {
            for n in 1..=15u8 {
                // White's `n` checkers spread over its points 6 to 2.
                let white: Vec<(u8, u8)> = (2..=6u8)
                    .rev()
                    .map(|p| (p, n / 5 + u8::from(6 - p < n % 5)))
                    .filter(|&(_, c)| c > 0)
                    .collect();
                let setup = Setup::from_points(Variant::Backgammon, Color::White, &white, black);
                positions.push(Backgammon::from_setup(&setup).unwrap());
            }
        }
        let (mut ending, mut skipped) = (0, 0);
        for pos in &positions {
            let on_board: u32 = pos.owner_board().iter().map(|&c| c.max(0) as u32).sum();
            let skip = no_play_ends_the_game(pos);
            assert_eq!(skip, on_board > 4, "{pos:?}");
            skipped += usize::from(skip);
            for dice in Dice::ALL_21 {
                let plays: PlayList<Backgammon> = pos.legal_plays(dice);
                let ends = plays.iter().filter(|p| p.after().is_game_over()).count();
                assert!(!(skip && ends > 0), "{pos:?} {dice:?}");
                // Where none is skipped, the game enders become infinite and nothing else.
                let mut scores = vec![0.5f32; plays.len()];
                keep_game_enders(pos, plays.as_slice(), &mut scores);
                for (p, s) in plays.iter().zip(&scores) {
                    assert_eq!(
                        s.is_infinite(),
                        p.after().is_game_over(),
                        "{pos:?} {dice:?}"
                    );
                }
                ending += ends;
            }
        }
        assert!(ending > 20 && skipped > 200, "{ending} {skipped}");
    }

    #[test]
    fn the_filtered_search_plays_a_survivor_and_zero_plies_is_the_plain_net() {
        let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
        assert_eq!(net.plies(), 0);
        assert_eq!(net.clone().with_plies(7).plies(), MAX_POLICY_PLIES);
        let two = net.clone().with_plies(2);
        let zero = net.clone().with_plies(0);
        let mut rng = game_stream(2, 0, Stream::Choices);
        for (pos, dice) in decisions(8) {
            let plays = pos.legal_plays(dice);
            let mut eq = Vec::new();
            Ranker::fused(net.nets(), &pos).equities(plays.as_slice(), &mut eq);
            let kept = MoveFilter::NORMAL.survivors(&eq);
            let got = two.choose(&pos, dice, &plays, &mut rng).unwrap();
            assert!(kept.contains(&got), "{pos:?} {dice:?}");
            assert_eq!(
                zero.choose(&pos, dice, &plays, &mut rng).unwrap(),
                net.choose(&pos, dice, &plays, &mut rng).unwrap()
            );
        }
    }

    #[test]
    fn the_filter_keeps_the_best_and_those_close_behind_it() {
        let f = MoveFilter {
            keep: 3,
            within: 0.1,
        };
        assert_eq!(f.survivors(&[0.0, 0.5, 0.45, 0.45, 0.3]), vec![1, 2, 3]);
        assert_eq!(f.survivors(&[0.0, 0.5, 0.35]), vec![1]);
        assert_eq!(f.survivors(&[]), Vec::<usize>::new());
        let one = MoveFilter {
            keep: 0,
            within: 1.0,
        };
        assert_eq!(one.survivors(&[0.2, 0.2]), vec![0]);
        assert_eq!(
            MoveFilter::NORMAL.survivors(&[0.1; 12]),
            (0..8).collect::<Vec<_>>()
        );
    }
}
