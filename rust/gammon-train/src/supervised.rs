//! Supervised refinement: positions of the net's own games labelled by a deeper search of the
//! same net or by rollouts of a 1-ply player ([`rollout_value`]), and gradient steps towards
//! those labels.
//!
//! TD(λ) self-play moves each after-state's value towards the values of the after-states that
//! follow it in one game. Once that has flattened out, a net can still learn from a better
//! teacher than its next move: the value of the same position searched a ply or two deeper,
//! which averages the opponent's 21 rolls and (at 2 plies) one's own replies, exactly as
//! gnubg's n-ply evaluation does. Training the 0-ply net towards its own n-ply values is
//! search bootstrapping (J. Veness, D. Silver, W. Uther, A. Blair, "Bootstrapping from Game
//! Tree Search", NIPS 2009; in backgammon, the supervised stage of gnubg's training on
//! positions valued by deeper evaluations and rollouts). Nothing is learned from another
//! engine: the labels come from our own nets.
//!
//! [`label_range`] plays games at 0 ply and labels, for every turn, the chosen play's
//! after-state and, some of the time, one of the next best candidates (so that the net also
//! learns the positions it must rank but does not reach), skipping positions whose value is
//! exact (finished games, bear-offs). A labels file ([`LabelsHeader`], then chunks of whole
//! games, each with a CRC-32) grows by appending chunks; an interrupted labelling resumes
//! after its last complete chunk ([`read_labels`]). [`fit_epoch`] takes one pass of gradient
//! steps over the samples in an order fixed by a seed.

use std::fs;
use std::io::{Read, Write};
use std::path::Path;

use gammon_core::eval::net::{
    outputs_of, probabilities_of, sanity, AfterState, NetEvaluator, NetPosition, Ranker,
    SearchBuffers, MAX_INPUTS, NET_OUTPUTS,
};
use gammon_core::eval::Probabilities;
use gammon_core::{Backgammon, Dice, FirstRoll, GameDice, Nardy, PlayList, RulesFamily};

use crate::optim::Optimizer;
use crate::{SplitMix, Trainable};

/// The first bytes of a labels file.
pub const LABELS_MAGIC: [u8; 8] = *b"GAMMONLB";
/// The labels file version this code writes (it also reads versions 1 to 3, whose headers end
/// before later fields: those read as 0, what the older versions did).
pub const LABELS_VERSION: u32 = 4;
const CHUNK_MAGIC: u32 = 0x4b4e_4843; // "CHNK"
/// Bytes of one sample: the board (26 signed entries, owner's view) and five targets.
const RECORD: usize = 26 + 4 * NET_OUTPUTS;
/// Bytes of a version 1 header.
const HEADER_V1: usize = 8 + 4 + 1 + 1 + 4 + 8 + 4 + 4 + 4 + 4;
/// Bytes of a version 2 header (the rollout fields added).
const HEADER_V2: usize = HEADER_V1 + 4 + 4;
/// Bytes of a version 3 header (`siblings` added).
const HEADER_V3: usize = HEADER_V2 + 4;
/// Bytes of the header (version 4: `walker_crc` added).
const HEADER: usize = HEADER_V3 + 4;
/// Bytes of a chunk's header: magic, first game, games, samples.
const CHUNK_HEADER: usize = 4 + 8 + 4 + 4;

/// One labelled after-state: the board from the view of the player who just played and the
/// five outputs (win, win gammon, win backgammon, lose gammon, lose backgammon) a search gave
/// it for that player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The after-state, owner's view (as [`gammon_core::eval::net::NetPosition::owner_board`]).
    pub board: [i8; 26],
    /// The search's values, as the net's outputs.
    pub target: [f32; NET_OUTPUTS],
}

/// How a labels file was made: everything that decides its samples except the game range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelsHeader {
    /// The rules family of the games.
    pub family: RulesFamily,
    /// Checkers per side (the encoders' scale).
    pub checkers: u8,
    /// The search depth of the labels (1: the opponent's 21 rolls; 2: and one's replies).
    pub plies: u32,
    /// The seed of the games' dice and of the choice of extra candidates.
    pub seed: u64,
    /// Per mille of turns that also label one of the next best candidates.
    pub alt_per_mille: u32,
    /// How many of the next best candidates that extra one is drawn from.
    pub top: u32,
    /// CRC-32 of the weights file (or checkpoint) of the nets that played and labelled, over
    /// its bytes before its own CRC-32.
    pub nets_crc: u32,
    /// 0: the search picks every reply at 0 ply (`plies` deep, [`NetEvaluator::after_value_plies`]).
    /// `k` > 0: a 2-ply value whose replies are chosen by a deeper look, as a stronger player
    /// would choose them: for each of the opponent's 21 rolls, its `k` best replies at 0 ply
    /// are valued at 1 ply and the best of those is taken ([`filtered_two_ply`]; `plies` must
    /// be 2).
    pub reply_filter: u32,
    /// 0: the labels are searches (above). `t` > 0: each label is the mean of `t` rollouts
    /// of the after-state by a 1-ply player ([`rollout_value`]), truncated after
    /// `rollout_depth` plies and valued there by the nets at 0 ply: the values of a stronger
    /// player than the 0-ply one that played the games (`plies` is then unused).
    pub rollout_trials: u32,
    /// The plies each rollout plays before it stops (with `rollout_trials` > 0).
    pub rollout_depth: u32,
    /// 0: each turn labels the chosen play and, on `alt_per_mille` of turns, one of the `top`
    /// next best. `k` > 0: each turn labels its `k` best plays at 0 ply (the chosen one
    /// first; `alt_per_mille` and `top` unused): the siblings of a decision valued by the same
    /// search, so that a fit learns the differences between them, which decide the play, and
    /// not only the level they share.
    pub siblings: u32,
    /// 0: the labelling nets play the games and choose the siblings. Otherwise the CRC-32
    /// (as `nets_crc`) of other nets, the walker, that play the games at 0 ply and choose
    /// the turns' siblings, while `nets` still value them: the labels of a teacher's search
    /// on the positions its student reaches and the plays it considers (S. Ross, G. Gordon,
    /// D. Bagnell, "A Reduction of Imitation Learning and Structured Prediction to No-Regret
    /// Online Learning", AISTATS 2011: a student taught on the teacher's own games meets
    /// positions of its own that it was never taught).
    pub walker_crc: u32,
}

/// The CRC-32 that labels files keep of the nets that labelled (or played) them
/// ([`LabelsHeader::nets_crc`], [`LabelsHeader::walker_crc`]): over the weights file's or
/// checkpoint's `bytes` before its own CRC-32 (a CRC over a message and its CRC is the same
/// constant for every message).
#[must_use]
pub fn nets_crc(bytes: &[u8]) -> u32 {
    crc32fast::hash(&bytes[..bytes.len().saturating_sub(4)])
}

impl LabelsHeader {
    /// The CRC-32 of the nets that played the games (and chose the siblings): the walker's,
    /// or without one the labelling nets'. [`sibling_groups`] replays the games with them.
    #[must_use]
    pub fn played_by(&self) -> u32 {
        if self.walker_crc == 0 {
            self.nets_crc
        } else {
            self.walker_crc
        }
    }

    fn to_bytes(self) -> [u8; HEADER] {
        let mut b = [0u8; HEADER];
        b[..8].copy_from_slice(&LABELS_MAGIC);
        b[8..12].copy_from_slice(&LABELS_VERSION.to_le_bytes());
        b[12] = match self.family {
            RulesFamily::Backgammon => 0,
            RulesFamily::LongNardy => 1,
        };
        b[13] = self.checkers;
        b[14..18].copy_from_slice(&self.plies.to_le_bytes());
        b[18..26].copy_from_slice(&self.seed.to_le_bytes());
        b[26..30].copy_from_slice(&self.alt_per_mille.to_le_bytes());
        b[30..34].copy_from_slice(&self.top.to_le_bytes());
        b[34..38].copy_from_slice(&self.nets_crc.to_le_bytes());
        b[38..42].copy_from_slice(&self.reply_filter.to_le_bytes());
        b[42..46].copy_from_slice(&self.rollout_trials.to_le_bytes());
        b[46..50].copy_from_slice(&self.rollout_depth.to_le_bytes());
        b[50..54].copy_from_slice(&self.siblings.to_le_bytes());
        b[54..58].copy_from_slice(&self.walker_crc.to_le_bytes());
        b
    }

    /// The header and its length in bytes (which depends on the version).
    fn from_bytes(b: &[u8]) -> Result<(LabelsHeader, usize), String> {
        if b.len() < HEADER_V1 || b[..8] != LABELS_MAGIC {
            return Err("not a gammon-train labels file".into());
        }
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let version = u32_at(8);
        let len = match version {
            1 => HEADER_V1,
            2 => HEADER_V2,
            3 => HEADER_V3,
            LABELS_VERSION => HEADER,
            _ => {
                return Err(format!(
                    "labels file version {version}, this program reads 1 to {LABELS_VERSION}"
                ))
            }
        };
        if b.len() < len {
            return Err("labels file header cut short".into());
        }
        // Fields a version did not have read as 0: what that version did.
        let field = |i: usize| if i + 4 <= len { u32_at(i) } else { 0 };
        let family = match b[12] {
            0 => RulesFamily::Backgammon,
            1 => RulesFamily::LongNardy,
            f => return Err(format!("unknown rules family code {f}")),
        };
        let mut seed = [0u8; 8];
        seed.copy_from_slice(&b[18..26]);
        let header = LabelsHeader {
            family,
            checkers: b[13],
            plies: u32_at(14),
            seed: u64::from_le_bytes(seed),
            alt_per_mille: u32_at(26),
            top: u32_at(30),
            nets_crc: u32_at(34),
            reply_filter: u32_at(38),
            rollout_trials: field(42),
            rollout_depth: field(46),
            siblings: field(50),
            walker_crc: field(54),
        };
        Ok((header, len))
    }
}

/// A labels file's contents.
#[derive(Clone, Debug, PartialEq)]
pub struct Labels {
    /// How it was made.
    pub header: LabelsHeader,
    /// The samples of its complete chunks, in game order.
    pub samples: Vec<Sample>,
    /// The first game not in it (its chunks cover games `0..next_game`).
    pub next_game: u64,
    /// Bytes of the header and complete chunks (what follows is a torn chunk).
    pub valid_len: u64,
}

/// Reads a labels file, keeping its complete chunks: a chunk cut short or failing its CRC
/// (an interrupted write) ends the file.
///
/// # Errors
/// I/O errors, a file that is not a labels file, or chunks that do not follow each other.
pub fn read_labels(path: &Path) -> Result<Labels, String> {
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let (header, mut at) =
        LabelsHeader::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut samples = Vec::new();
    let mut next_game = 0u64;
    while bytes.len() >= at + CHUNK_HEADER {
        let c = &bytes[at..];
        let u32_at = |i: usize| u32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
        if u32_at(0) != CHUNK_MAGIC {
            break;
        }
        let mut first = [0u8; 8];
        first.copy_from_slice(&c[4..12]);
        let first = u64::from_le_bytes(first);
        let games = u64::from(u32_at(12));
        let count = u32_at(16) as usize;
        let len = CHUNK_HEADER + count * RECORD;
        if c.len() < len + 4 || crc32fast::hash(&c[..len]) != u32_at(len) {
            break;
        }
        if first != next_game {
            return Err(format!(
                "{}: a chunk starts at game {first}, expected {next_game}",
                path.display()
            ));
        }
        for r in c[CHUNK_HEADER..len].chunks_exact(RECORD) {
            let mut board = [0i8; 26];
            for (b, &x) in board.iter_mut().zip(&r[..26]) {
                *b = x as i8;
            }
            let mut target = [0f32; NET_OUTPUTS];
            for (k, t) in target.iter_mut().enumerate() {
                let o = 26 + 4 * k;
                *t = f32::from_le_bytes([r[o], r[o + 1], r[o + 2], r[o + 3]]);
            }
            samples.push(Sample { board, target });
        }
        next_game = first + games;
        at += len + 4;
    }
    Ok(Labels {
        header,
        samples,
        next_game,
        valid_len: at as u64,
    })
}

/// One chunk's bytes: games `first..first + games` and their samples, with a CRC-32.
#[must_use]
pub fn chunk_bytes(first: u64, games: u32, samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::with_capacity(CHUNK_HEADER + samples.len() * RECORD + 4);
    out.extend_from_slice(&CHUNK_MAGIC.to_le_bytes());
    out.extend_from_slice(&first.to_le_bytes());
    out.extend_from_slice(&games.to_le_bytes());
    let count = u32::try_from(samples.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&count.to_le_bytes());
    for s in samples.iter().take(count as usize) {
        out.extend(s.board.iter().map(|&x| x as u8));
        for t in s.target {
            out.extend_from_slice(&t.to_le_bytes());
        }
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Opens a labels file for appending: creates it with `header`, or checks that the existing
/// one was made the same way and cuts off a torn last chunk. Returns the file (positioned at
/// its end) and the first game still to label.
///
/// # Errors
/// I/O errors, or an existing file made another way.
pub fn open_labels(path: &Path, header: LabelsHeader) -> Result<(fs::File, u64), String> {
    let name = path.display();
    if path.exists() {
        let labels = read_labels(path)?;
        if labels.header != header {
            return Err(format!(
                "{name} was labelled another way ({:?}); this run is {header:?}: use another file",
                labels.header
            ));
        }
        let f = fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| format!("{name}: {e}"))?;
        f.set_len(labels.valid_len)
            .map_err(|e| format!("{name}: {e}"))?;
        Ok((f, labels.next_game))
    } else {
        let mut f = fs::File::create(path).map_err(|e| format!("{name}: {e}"))?;
        f.write_all(&header.to_bytes())
            .and_then(|()| f.sync_all())
            .map_err(|e| format!("{name}: {e}"))?;
        Ok((f, 0))
    }
}

/// Fills `ranked` with `(equity, index)` of the plays of `pos` at 0 ply, best first; ties keep
/// the generator's order (the first of equals is the one the net policy chooses).
fn rank<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &PlayList<P>,
    ranked: &mut Vec<(f32, usize)>,
) where
    NetEvaluator: AfterState<P>,
{
    let mut ranker = Ranker::new(nets, pos);
    ranked.clear();
    ranked.extend(
        plays
            .iter()
            .enumerate()
            .map(|(i, p)| (ranker.value(p.after()).equity(), i)),
    );
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
}

/// Labels the turns of game `g` (see the module documentation), played by `walker`, into
/// `out`.
fn label_game<P: Trainable>(
    nets: &NetEvaluator,
    walker: &NetEvaluator,
    h: &LabelsHeader,
    g: u64,
    bufs: &mut SearchBuffers<P>,
    out: &mut Vec<Sample>,
) where
    NetEvaluator: AfterState<P>,
{
    walk_game::<P>(walker, h, g, |afters| {
        for after in afters {
            let v = if h.rollout_trials > 0 {
                let stream = (g << 20) | (out.len() as u64 & 0xf_ffff);
                rollout_value(nets, after, h, stream, bufs)
            } else if h.reply_filter > 0 {
                filtered_two_ply(nets, after, h.reply_filter as usize, bufs)
            } else {
                nets.after_value_plies(after, h.plies, bufs)
            };
            out.push(Sample {
                board: after.owner_board(),
                target: outputs_of(&v),
            });
        }
    });
}

/// Plays game `g` as [`label_range`] does (the nets at 0 ply, the dice of the header's seed)
/// and calls `turn` with each turn's after-states to label, in order: the chosen play's and
/// the extra candidate's, or with `siblings` the turn's best distinct boards; after-states
/// with exact values are left out (a turn may pass none). The one place that decides which
/// positions a labels file holds, so that [`sibling_groups`] finds a file's decisions again.
fn walk_game<P: Trainable>(
    nets: &NetEvaluator,
    h: &LabelsHeader,
    g: u64,
    mut turn: impl FnMut(&[P]),
) where
    NetEvaluator: AfterState<P>,
{
    let mut dice = GameDice::new(h.seed, g, P::FIRST, None);
    let mut rng = SplitMix(h.seed ^ g.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0xa17);
    let mut pos = P::start();
    let mut plays: PlayList<P> = PlayList::new();
    let mut ranked: Vec<(f32, usize)> = Vec::new();
    let mut afters: Vec<P> = Vec::new();
    for _turn in 0..10_000 {
        let roll = dice.next_roll();
        pos.legal_plays_into(roll, &mut plays);
        if plays.is_empty() {
            pos = pos.pass_turn();
            continue;
        }
        rank(nets, &pos, &plays, &mut ranked);
        let best = ranked[0].1;
        afters.clear();
        if h.siblings > 0 {
            let mut seen: Vec<[i8; 26]> = Vec::new();
            for &(_, i) in &ranked {
                if seen.len() == h.siblings as usize {
                    break;
                }
                // Plays that reach the same board are one sibling.
                let b = plays[i].after().owner_board();
                if !seen.contains(&b) {
                    seen.push(b);
                    afters.push(*plays[i].after());
                }
            }
        } else {
            afters.push(*plays[best].after());
            let others = ranked.len().saturating_sub(1).min(h.top as usize);
            if others > 0 && (rng.next() % 1000) < u64::from(h.alt_per_mille) {
                let k = 1 + (rng.next() % others as u64) as usize;
                afters.push(*plays[ranked[k].1].after());
            }
        }
        afters.retain(|a| nets.exact_after(a).is_none());
        turn(&afters);
        if nets.exact_after(plays[best].after()).is_some() {
            break;
        }
        pos = pos.play_unchecked(&plays[best]);
    }
}

/// The decisions of a `siblings` labels file: the ranges of its samples that are one turn's
/// siblings, found by replaying its games with `nets`, the nets that played them (their
/// CRC-32 is the header's [`LabelsHeader::played_by`], which the caller checks).
///
/// # Errors
/// A file without siblings, or whose boards are not the replayed games' (other nets).
pub fn sibling_groups(
    nets: &NetEvaluator,
    labels: &Labels,
) -> Result<Vec<std::ops::Range<usize>>, String> {
    let h = &labels.header;
    if h.siblings == 0 {
        return Err("the labels were not made with siblings=K: no decisions to rank".into());
    }
    let mut groups = Vec::new();
    let mut at = 0usize;
    let mut bad = None;
    for g in 0..labels.next_game {
        let mut visit = |boards: &mut dyn Iterator<Item = [i8; 26]>| {
            let first = at;
            for b in boards {
                if labels.samples.get(at).map(|s| s.board) != Some(b) && bad.is_none() {
                    bad = Some(format!(
                        "game {g}, sample {at}: not the replayed game's board"
                    ));
                }
                at += 1;
            }
            if at > first {
                groups.push(first..at);
            }
        };
        match h.family {
            RulesFamily::Backgammon => walk_game::<Backgammon>(nets, h, g, |a| {
                visit(&mut a.iter().map(NetPosition::owner_board));
            }),
            RulesFamily::LongNardy => walk_game::<Nardy>(nets, h, g, |a| {
                visit(&mut a.iter().map(NetPosition::owner_board));
            }),
        }
        if let Some(e) = bad.take() {
            return Err(format!("{e} (labelled by other nets?)"));
        }
    }
    if at != labels.samples.len() {
        return Err(format!(
            "the replayed games label {at} samples, the file holds {}",
            labels.samples.len()
        ));
    }
    Ok(groups)
}

/// The value of `after` for the player who made it, searched 2 plies deep with the opponent's
/// replies chosen as a 1-ply player chooses them: for each of the opponent's 21 rolls, its
/// `filter` best replies at 0 ply are valued at 1 ply (the player's 21 rolls answered at
/// 0 ply) and the best of them is the roll's value (gnubg's 2-ply evaluation with a move
/// filter picks its replies the same way). Unlike [`NetEvaluator::after_value_plies`], whose
/// replies are the 0-ply player's, this value assumes a stronger opponent: the policy
/// improvement a 0-ply net cannot find in its own games.
pub fn filtered_two_ply<P: NetPosition>(
    nets: &NetEvaluator,
    after: &P,
    filter: usize,
    bufs: &mut SearchBuffers<P>,
) -> Probabilities
where
    NetEvaluator: AfterState<P>,
{
    if let Some(p) = nets.exact_after(after) {
        return p;
    }
    let opp = after.pass_turn();
    let mut plays: PlayList<P> = PlayList::new();
    let mut ranked: Vec<(f32, usize)> = Vec::new();
    let mut acc = [0f32; NET_OUTPUTS];
    for dice in Dice::ALL_21 {
        opp.legal_plays_into(dice, &mut plays);
        // The opponent's value of its best reply.
        let v = if plays.is_empty() {
            nets.on_roll_plies(&opp.pass_turn(), 0, bufs).flip()
        } else {
            one_ply_choice(nets, &opp, &plays, filter, &mut ranked, bufs).1
        };
        let w = dice.weight() as f32 / 36.0;
        for (a, x) in acc.iter_mut().zip(outputs_of(&v)) {
            *a += w * x;
        }
    }
    probabilities_of(&acc).flip()
}

/// The play a 1-ply player makes among `plays` of `pos`: the `filter` best at 0 ply are
/// valued at 1 ply ([`NetEvaluator::after_value_plies`]) and the best of those is played
/// (gnubg's move filter works the same way; the first of equals wins). Returns its index and
/// its 1-ply value for the player who makes it. `plays` must not be empty.
pub fn one_ply_choice<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &PlayList<P>,
    filter: usize,
    ranked: &mut Vec<(f32, usize)>,
    bufs: &mut SearchBuffers<P>,
) -> (usize, Probabilities)
where
    NetEvaluator: AfterState<P>,
{
    search_choice(nets, pos, plays, filter, 1, ranked, bufs)
}

/// [`one_ply_choice`] searched `plies` deep: the `filter` best plays at 0 ply valued at
/// `plies` ply. With `filter` 8 and `plies` 2 it is nearly the player whose values a
/// `siblings=8 plies=2` labels file holds, the ranking fit's teacher (the file takes the 8
/// best distinct boards; here plays that reach one board each fill a place).
pub fn search_choice<P: NetPosition>(
    nets: &NetEvaluator,
    pos: &P,
    plays: &PlayList<P>,
    filter: usize,
    plies: u32,
    ranked: &mut Vec<(f32, usize)>,
    bufs: &mut SearchBuffers<P>,
) -> (usize, Probabilities)
where
    NetEvaluator: AfterState<P>,
{
    rank(nets, pos, plays, ranked);
    let mut best = (ranked[0].1, Probabilities::default());
    let mut best_eq = f32::NEG_INFINITY;
    for &(_, i) in ranked.iter().take(filter.max(1)) {
        let v = nets.after_value_plies(plays[i].after(), plies, bufs);
        if v.equity() > best_eq {
            best_eq = v.equity();
            best = (i, v);
        }
    }
    best
}

/// The value of `after` for the player who made it, from `h.rollout_trials` rollouts: each
/// plays on from `after` with a 1-ply player on both sides (its move filter keeps the
/// `h.reply_filter` best plays at 0 ply, 3 when that is 0) for at most `h.rollout_depth`
/// plies on dice of its own (seeded by `h.seed`, `stream` and the trial), and ends in the
/// exact value of a finished game or bear-off, or else the nets' 0-ply value of the last
/// after-state; the label is the mean of the trials' five outputs. A rollout by a player
/// stronger than the 0-ply one gives what TD(λ) on the 0-ply player's own games cannot: the
/// values of better play (the supervised stage of gnubg's training rolled its positions out
/// in the same spirit).
pub fn rollout_value<P: NetPosition>(
    nets: &NetEvaluator,
    after: &P,
    h: &LabelsHeader,
    stream: u64,
    bufs: &mut SearchBuffers<P>,
) -> Probabilities
where
    NetEvaluator: AfterState<P>,
{
    if let Some(p) = nets.exact_after(after) {
        return p;
    }
    let filter = if h.reply_filter > 0 {
        h.reply_filter as usize
    } else {
        3
    };
    let mut plays: PlayList<P> = PlayList::new();
    let mut ranked: Vec<(f32, usize)> = Vec::new();
    let mut acc = [0f32; NET_OUTPUTS];
    let trials = h.rollout_trials.max(1);
    for t in 0..u64::from(trials) {
        let mut dice = GameDice::new(
            // Dice of their own: not the labelled games' (their streams are 0, 1, ...).
            h.seed ^ 0x9e37_79b9_7f4a_7c15,
            stream.wrapping_mul(4096).wrapping_add(t),
            FirstRoll::Any,
            None,
        );
        // The after-state reached and whether its owner is the labelled player.
        let mut cur = *after;
        let mut mine = true;
        let mut value = None;
        for _ in 0..h.rollout_depth {
            if let Some(p) = nets.exact_after(&cur) {
                value = Some(p);
                break;
            }
            let pos = cur.pass_turn();
            pos.legal_plays_into(dice.next_roll(), &mut plays);
            cur = if plays.is_empty() {
                pos
            } else {
                let (i, _) = one_ply_choice(nets, &pos, &plays, filter, &mut ranked, bufs);
                *plays[i].after()
            };
            mine = !mine;
        }
        let v = value.unwrap_or_else(|| nets.after_value_plies(&cur, 0, bufs));
        let v = if mine { v } else { v.flip() };
        for (a, x) in acc.iter_mut().zip(outputs_of(&v)) {
            *a += x;
        }
    }
    for a in &mut acc {
        *a /= trials as f32;
    }
    probabilities_of(&acc)
}

/// Labels games `games` (by index: each game is a function of the header and its index) with
/// `nets`, in parallel on the current rayon pool, returning their samples in game order.
#[must_use]
pub fn label_range(
    nets: &NetEvaluator,
    h: &LabelsHeader,
    games: std::ops::Range<u64>,
) -> Vec<Sample> {
    label_walked_range(nets, nets, h, games)
}

/// [`label_range`] with the games played, and each turn's siblings chosen, by `walker` at
/// 0 ply (the header's `walker_crc` names it), the labels still `nets`' searches.
#[must_use]
pub fn label_walked_range(
    nets: &NetEvaluator,
    walker: &NetEvaluator,
    h: &LabelsHeader,
    games: std::ops::Range<u64>,
) -> Vec<Sample> {
    use rayon::prelude::*;
    let per_game: Vec<Vec<Sample>> = games
        .into_par_iter()
        .map_init(
            || (SearchBuffers::default(), SearchBuffers::default()),
            |(bg, nardy), g| {
                let mut out = Vec::new();
                match h.family {
                    RulesFamily::Backgammon => {
                        label_game::<Backgammon>(nets, walker, h, g, bg, &mut out);
                    }
                    RulesFamily::LongNardy => {
                        label_game::<Nardy>(nets, walker, h, g, nardy, &mut out);
                    }
                }
                out
            },
        )
        .collect();
    per_game.into_iter().flatten().collect()
}

/// A permutation of `0..n` from `seed` (Fisher-Yates on SplitMix64).
#[must_use]
pub fn shuffled(n: usize, seed: u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..u32::try_from(n).unwrap_or(u32::MAX)).collect();
    let mut rng = SplitMix(seed);
    for i in (1..order.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// One step of `opt` towards `target` on `board` (owner's view), encoded into `x` by the
/// net that values it: the step of [`fit_epoch`] and [`rank_epoch`].
fn step_on(
    nets: &mut NetEvaluator,
    checkers: u8,
    board: &[i8; 26],
    target: &[f32; NET_OUTPUTS],
    alpha: f32,
    opt: &mut Optimizer,
    x: &mut [f32; MAX_INPUTS],
) {
    let encoding = nets.net_for(board).encoding;
    let n = encoding.units();
    encoding.encode_into(board, checkers, false, &mut x[..n]);
    opt.sample(nets, board, &x[..n], target, alpha);
}

/// One pass of gradient steps of `nets` towards the samples' targets, in `order`, at learning
/// rate `alpha`, by `opt` ([`Optimizer::sgd`]: the same step as TD training's,
/// [`crate::sgd_step`]); an Adam batch left part-filled is stepped at the end.
pub fn fit_epoch(
    nets: &mut NetEvaluator,
    checkers: u8,
    samples: &[Sample],
    order: &[u32],
    alpha: f32,
    opt: &mut Optimizer,
) {
    let mut x = [0f32; MAX_INPUTS];
    for &i in order {
        let s = &samples[i as usize];
        step_on(nets, checkers, &s.board, &s.target, alpha, opt, &mut x);
    }
    opt.flush(nets, alpha);
}

/// The cubeless equity of five outputs (win, win gammon, win backgammon, lose gammon, lose
/// backgammon), unclamped: what the ranking loss and [`ranking_errors`] compare.
#[must_use]
pub fn equity_of(o: &[f32; NET_OUTPUTS]) -> f32 {
    2.0 * o[0] - 1.0 + o[1] - o[3] + o[2] - o[4]
}

/// How the equity ([`equity_of`]) depends on each output.
pub const EQUITY_WEIGHTS: [f32; NET_OUTPUTS] = [2.0, 1.0, 1.0, -1.0, -1.0];

/// The softmax of `z / temp`, into `out`.
pub fn softmax(z: &[f32], temp: f32, out: &mut Vec<f32>) {
    let m = z.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    out.clear();
    out.extend(z.iter().map(|&t| ((t - m) / temp).exp()));
    let sum: f32 = out.iter().sum();
    for x in out.iter_mut() {
        *x /= sum;
    }
}

/// The ranking loss of [`rank_epoch`] and its weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankLoss {
    /// The softmax temperature, in equity (0.05 in the shipped fits).
    pub temp: f32,
    /// The weight of the squared error of the outputs against the labels.
    pub beta: f32,
    /// The weight of the expected loss of the nets' softmax choice by the labels (0: none).
    pub regret: f32,
    /// Rank by the equity the policy ranks by: the outputs with [`sanity`]'s zeros applied
    /// (the ranking terms then leave the outputs it zeroes alone), not the raw outputs.
    pub sane: bool,
}

impl RankLoss {
    /// The shipped fits' loss: listwise cross-entropy at `temp` plus `beta` times the
    /// squared error, ranked by the raw outputs.
    #[must_use]
    pub fn new(temp: f32, beta: f32) -> RankLoss {
        RankLoss {
            temp,
            beta,
            regret: 0.0,
            sane: false,
        }
    }

    /// The equity the nets' outputs `y` for `board` (owner's view, `checkers` a side) are
    /// ranked by, and which outputs it depends on (those the ranking term steps).
    #[must_use]
    pub fn equity(
        &self,
        family: RulesFamily,
        board: &[i8; 26],
        checkers: u8,
        y: &[f32; NET_OUTPUTS],
    ) -> (f32, [bool; NET_OUTPUTS]) {
        if !self.sane {
            return (equity_of(y), [true; NET_OUTPUTS]);
        }
        let p = sanity(family, board, checkers, probabilities_of(y));
        // An output counts unless sanity zeroed it (a clamped negative output reads 0 too).
        let kept = [
            true,
            p.win_gammon != 0.0 || y[1] <= 0.0,
            p.win_backgammon != 0.0 || y[2] <= 0.0,
            p.lose_gammon != 0.0 || y[3] <= 0.0,
            p.lose_backgammon != 0.0 || y[4] <= 0.0,
        ];
        (p.equity(), kept)
    }
}

/// One pass of ranking steps over the decisions `groups` (ranges of `samples`, each one
/// turn's siblings from a `siblings` labels file; see [`sibling_groups`]) in the order
/// `order`: for each decision, the cross-entropy between the softmax of the labels' equities
/// and the softmax of the nets' equities, both at temperature `loss.temp` (a listwise
/// ranking loss: Z. Cao, T. Qin, T.-Y. Liu, M.-F. Tsai, H. Li, "Learning to Rank: From
/// Pairwise Approach to Listwise Approach", ICML 2007), plus `loss.beta` times the squared
/// error of the outputs against the labels, one gradient step a sibling by `opt` (Adam
/// changes the weights only at the end of a batch, so a decision's targets come from the
/// weights of the batch in which it starts). The squared error alone (what [`fit_epoch`]
/// does) teaches the level the siblings share more than the differences between them,
/// which decide the play.
///
/// `loss.regret` weighs a third term: the expected loss of the nets' softmax choice by the
/// labels, `Σ p_k (max v − v_k)` (`p` the nets' softmax, `v` the labels' equities). The
/// cross-entropy asks the nets to reproduce the labels' preferences among near-equal plays
/// as much as among far ones; this term weighs each sibling by what choosing it would cost,
/// which is what a judged set measures.
#[allow(clippy::too_many_arguments)] // the data, the order, the step and the loss, as `fit_epoch`'s
pub fn rank_epoch(
    nets: &mut NetEvaluator,
    checkers: u8,
    samples: &[Sample],
    groups: &[std::ops::Range<usize>],
    order: &[u32],
    alpha: f32,
    loss: RankLoss,
    opt: &mut Optimizer,
) {
    let RankLoss {
        temp, beta, regret, ..
    } = loss;
    let mut x = [0f32; MAX_INPUTS];
    let (mut ys, mut e, mut kept, mut v, mut p, mut q) = (
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
    );
    for &gi in order {
        let group = &samples[groups[gi as usize].clone()];
        ys.clear();
        ys.extend(
            group
                .iter()
                .map(|s| nets.net_for(&s.board).forward_board(&s.board, checkers)),
        );
        e.clear();
        kept.clear();
        for (s, y) in group.iter().zip(&ys) {
            let (eq, k) = loss.equity(nets.family, &s.board, checkers, y);
            e.push(eq);
            kept.push(k);
        }
        v.clear();
        v.extend(group.iter().map(|s| equity_of(&s.target)));
        softmax(&e, temp, &mut p);
        softmax(&v, temp, &mut q);
        // The expected loss's gradient on e_k is p_k (r_k − Σ_j p_j r_j) / temp, r_k the
        // sibling's loss by the labels.
        let best = v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mean_loss: f32 = p.iter().zip(&v).map(|(pk, vk)| pk * (best - vk)).sum();
        for (k, s) in group.iter().enumerate() {
            // The loss's gradient on this sibling's equity, turned into the output targets
            // whose squared error has that gradient (sgd_step steps towards targets).
            let grad = (p[k] - q[k] + regret * p[k] * (best - v[k] - mean_loss)) / temp;
            let mut target = [0f32; NET_OUTPUTS];
            for (o, t) in target.iter_mut().enumerate() {
                let rank = if kept[k][o] {
                    grad * EQUITY_WEIGHTS[o]
                } else {
                    0.0
                };
                *t = ys[k][o] + beta * (s.target[o] - ys[k][o]) - rank;
            }
            step_on(nets, checkers, &s.board, &target, alpha, opt, &mut x);
        }
    }
    opt.flush(nets, alpha);
}

/// How the nets' 0-ply choices compare with a `siblings` labels file's ([`ranking_errors`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankingErrors {
    /// The share of decisions whose best sibling by the nets is the labels' best.
    pub agree: f64,
    /// The mean of what the nets' choice loses by the labels (the labels' best equity minus
    /// that of the nets' choice).
    pub loss: f64,
    /// The mean of the nets' equity of their choice minus its label: how far the nets
    /// overrate the play they choose, which a search that takes each side's best play at 0 ply
    /// inherits at every ply.
    pub chosen_bias: f64,
}

/// Over the decisions `groups` of a `siblings` labels file: how the nets' best sibling at
/// 0 ply compares with the labels' best.
#[must_use]
pub fn ranking_errors(
    nets: &NetEvaluator,
    checkers: u8,
    samples: &[Sample],
    groups: &[std::ops::Range<usize>],
) -> RankingErrors {
    let (mut agree, mut loss, mut bias) = (0usize, 0f64, 0f64);
    let argmax = |xs: &[f32]| (0..xs.len()).fold(0, |b, i| if xs[i] > xs[b] { i } else { b });
    for r in groups {
        let group = &samples[r.clone()];
        let e: Vec<f32> = group
            .iter()
            .map(|s| equity_of(&nets.net_for(&s.board).forward_board(&s.board, checkers)))
            .collect();
        let v: Vec<f32> = group.iter().map(|s| equity_of(&s.target)).collect();
        let (ie, iv) = (argmax(&e), argmax(&v));
        agree += usize::from(ie == iv);
        loss += f64::from(v[iv] - v[ie]);
        bias += f64::from(e[ie] - v[ie]);
    }
    let n = groups.len().max(1) as f64;
    RankingErrors {
        agree: agree as f64 / n,
        loss: loss / n,
        chosen_bias: bias / n,
    }
}

/// The mean squared error of the nets' outputs against the samples' targets (over the five
/// outputs), and the mean absolute error of the cubeless equity.
#[must_use]
pub fn errors(nets: &NetEvaluator, checkers: u8, samples: &[Sample]) -> (f64, f64) {
    let mut x = [0f32; MAX_INPUTS];
    let (mut se, mut ae) = (0f64, 0f64);
    for s in samples {
        let net = nets.net_for(&s.board);
        let n = net.inputs();
        net.encoding
            .encode_into(&s.board, checkers, false, &mut x[..n]);
        let y = net.forward(&x[..n]);
        se += y
            .iter()
            .zip(&s.target)
            .map(|(a, b)| f64::from(a - b).powi(2))
            .sum::<f64>();
        let eq = |o: &[f32; NET_OUTPUTS]| f64::from(equity_of(o));
        ae += (eq(&y) - eq(&s.target)).abs();
    }
    let n = samples.len().max(1) as f64;
    (se / (n * NET_OUTPUTS as f64), ae / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sane_ranking_leaves_out_the_results_the_rules_exclude() {
        // The owner's 14 checkers home and the opponent's 14 in the owner's outfield: each
        // side has borne off one (no gammon either way), no race backgammon either way.
        let mut board = [0i8; 26];
        board[1] = 14;
        board[12] = -14;
        let y = [0.6, 0.3, 0.1, 0.2, 0.05];
        let raw = RankLoss::new(0.05, 1.0);
        let sane = RankLoss { sane: true, ..raw };
        let (e_raw, kept_raw) = raw.equity(RulesFamily::Backgammon, &board, 15, &y);
        let (e_sane, kept_sane) = sane.equity(RulesFamily::Backgammon, &board, 15, &y);
        assert!((e_raw - equity_of(&y)).abs() < 1e-6);
        assert_eq!(kept_raw, [true; NET_OUTPUTS]);
        // Only the win counts (2 · 0.6 − 1), and the gradient reaches only it.
        assert!((e_sane - 0.2).abs() < 1e-5, "{e_sane}");
        assert_eq!(kept_sane, [true, false, false, false, false]);
    }
}
