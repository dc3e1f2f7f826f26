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
//! The source is one file per concept: this module (the [`NetEvaluator`], its evaluation of
//! positions and the shipped nets), `mlp.rs` (the [`Mlp`] and its arithmetic), `file.rs` (the
//! weights file and [`NetFileError`]), `prune.rs` (the shipped pruning net that ranks a search's replies), `rank.rs` (the incremental [`Ranker`], the
//! after-state values of [`AfterState`] and the n-ply search), `sanity.rs` (the rules that
//! zero impossible results: [`sanity()`]), with the tests in `tests.rs`, `fast_tests.rs` (the
//! fast arithmetic and the ranker against the plain evaluation) and `sanity.rs`.
//!
//! May use: `base`, `rules`, `bearoff`, `encode` (and the rest of `eval`: [`Probabilities`]).

use crate::base::color::Color;
use crate::base::moves::{Play, OFF};
use crate::base::outcome::OutcomeKind;
use crate::base::variant::RulesFamily;
use crate::eval::{Evaluator, Probabilities};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

#[cfg(test)]
mod fast_tests;
mod file;
mod mlp;
mod prune;
mod rank;
mod sanity;
#[cfg(test)]
mod tests;

pub use file::{NetFileError, NetRole, MAX_WEIGHT, NET_FORMAT_VERSION, NET_MAGIC};
pub use mlp::{fast_sigmoid, fused_sigmoid, sigmoid, Mlp};
pub use prune::{shipped_pruner, SHIPPED_BACKGAMMON_PRUNE};
pub use rank::{AfterState, Ranker, SearchBuffers, MAX_ZERO_PLY_KEEP};
pub use sanity::sanity;

use file::family_name;
use rank::first_best;
pub(crate) use rank::{dance_plies, dance_slot, keep_best};

/// Outputs of every net: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const NET_OUTPUTS: usize = 5;
/// The most hidden units a net may have (the evaluator keeps its buffers on the stack).
pub const MAX_HIDDEN: usize = 256;
/// The most input units of any encoding.
pub const MAX_INPUTS: usize = 256;

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
    /// The scores of the screen before a pruning net ranks a roll's plays: writes to `scores`
    /// the score of each of `plays` (plays of this position) and returns true, or returns false
    /// for a rules family without a screen (Long Nardy: the pruning net ranks every play).
    /// Backgammon's is pubeval's, with its contact weights: a play that ends the game scores
    /// `PUBEVAL_WIN`, above any other.
    fn screen_scores(&self, _plays: &[Play<Self>], _scores: &mut Vec<f32>) -> bool {
        false
    }
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
    fn screen_scores(&self, plays: &[Play<Self>], scores: &mut Vec<f32>) -> bool {
        crate::eval::pubeval::Pubeval::shared().scores_from(self, plays, false, scores);
        true
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

impl NetEvaluator {
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

    /// Valued together by a [`Ranker`]: the same probabilities up to float rounding.
    fn play_probabilities(
        &self,
        pos: &Backgammon,
        plays: &[Play<Backgammon>],
        out: &mut Vec<Probabilities>,
    ) {
        Ranker::new(self, pos).values(plays, out);
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
pub const SHIPPED_BACKGAMMON: &[u8] = include_bytes!("../../../nets/backgammon.gnet");
/// The shipped Long Nardy weights: nardy-td1's TD(λ) net (`train/nardy-td1.conf`, 1,025,000
/// games) trained on by `train/nardy-td2.conf` and averaged over its snapshots from 1.25 M to
/// 2.5 M games, then fitted by `gammon-train fit ... loss=rank` to nardy-td1's 2-ply values of
/// every turn's 8 best plays in 1,240 of its games (`train/nets/nardy-rank1-1240.gnet`), as
/// `train/README.md` records with the commands.
pub const SHIPPED_LONG_NARDY: &[u8] = include_bytes!("../../../nets/long-nardy.gnet");

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
