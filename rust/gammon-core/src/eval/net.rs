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
//!   Contact, 2 Nardy), `u32` inputs, `u32` hidden units, `u32` outputs (5); then the `f32`
//!   weights: `w1` (inputs × hidden, input-major), `b1` (hidden), `w2` (outputs × hidden,
//!   output-major), `b2` (outputs);
//! - `u32` CRC-32 (IEEE) of every byte before it.
//!
//! Reading checks every field and names the first that is wrong ([`NetFileError`]).
//!
//! May use: `base`, `rules`, `bearoff`, `encode` (and `eval`'s own [`Probabilities`]).

use crate::base::color::Color;
use crate::base::moves::{Play, OFF};
use crate::base::outcome::OutcomeKind;
use crate::base::variant::RulesFamily;
use crate::bearoff;
use crate::encode::Encoding;
use crate::eval::{Evaluator, Probabilities};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

/// Outputs of every net: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const NET_OUTPUTS: usize = 5;
/// The most hidden units a net may have (the evaluator keeps its buffers on the stack).
pub const MAX_HIDDEN: usize = 512;
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
    /// roll.
    #[must_use]
    pub fn forward_board(&self, board: &[i8; 26], checkers: u8) -> [f32; NET_OUTPUTS] {
        let mut x = [0f32; MAX_INPUTS];
        let n = self.inputs();
        self.encoding
            .encode_into(board, checkers, false, &mut x[..n]);
        self.forward(&x[..n])
    }
}

/// Turns raw net outputs into consistent [`Probabilities`]: each clamped to `[0, 1]`, and
/// `win >= win_gammon >= win_backgammon`, `lose >= lose_gammon >= lose_backgammon`.
#[must_use]
pub fn probabilities_of(out: &[f32; NET_OUTPUTS]) -> Probabilities {
    let win = out[0].clamp(0.0, 1.0);
    let lose = 1.0 - win;
    let win_gammon = out[1].clamp(0.0, win);
    let win_backgammon = out[2].clamp(0.0, win_gammon);
    let lose_gammon = out[3].clamp(0.0, lose);
    let lose_backgammon = out[4].clamp(0.0, lose_gammon);
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
#[inline]
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
                x => {
                    return Err(NetFileError::Field {
                        field: "encoding",
                        detail: format!("{x} (0 tdgammon, 1 contact, 2 nardy)"),
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
        let variant = match self.family {
            RulesFamily::Backgammon => crate::base::variant::Variant::Backgammon,
            RulesFamily::LongNardy => crate::base::variant::Variant::LongNardy,
        };
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
        probabilities_of(&self.net_for(board).forward_board(board, checkers))
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
        let mut best = 0;
        let mut best_eq = f32::NEG_INFINITY;
        for (i, p) in plays.iter().enumerate() {
            let e = self.after_state(p.after()).equity();
            if e > best_eq {
                best_eq = e;
                best = i;
            }
        }
        best
    }
}

/// How a net evaluator values the position after a play of rules type `P` (see
/// [`NetEvaluator::evaluate_after`]).
pub trait AfterState<P: NetPosition> {
    /// The probabilities of `after` for the player who just played.
    fn after_state(&self, after: &P) -> Probabilities;
}

/// The probabilities, for the player who has just borne off their last checker in `after`
/// (`after` from that player's view), of the finished game.
fn backgammon_finished(after: &Backgammon) -> Option<Probabilities> {
    let b = after.raw();
    if b[1..26].iter().any(|&c| c > 0) {
        return None;
    }
    // The mover has borne everything off: the game is over (SCORE-1).
    let opp_off = b.iter().all(|&c| c >= 0);
    let kind = if opp_off {
        // Cannot happen in a legal game (the opponent finished earlier); count a single.
        OutcomeKind::Single
    } else {
        let on: i32 = b.iter().map(|&c| i32::from(c.min(0))).sum();
        if -on < i32::from(after.checkers_per_side()) {
            OutcomeKind::Single
        } else if b[0] < 0 || b[19..25].iter().any(|&c| c < 0) {
            OutcomeKind::Backgammon
        } else {
            OutcomeKind::Gammon
        }
    };
    Some(finished(Color::White, kind, Color::White))
}

impl AfterState<Backgammon> for NetEvaluator {
    #[inline]
    fn after_state(&self, after: &Backgammon) -> Probabilities {
        if let Some(p) = backgammon_finished(after) {
            return p;
        }
        let board = after.raw();
        if bearoff::is_bearoff(after) {
            if let Some(p) = bearoff_after(after) {
                return p;
            }
        }
        self.evaluate_after_board(board, after.checkers_per_side())
    }
}

/// The bear-off databases' value of `after` (a bear-off, not finished) for the player who
/// just played.
fn bearoff_after(after: &Backgammon) -> Option<Probabilities> {
    let next = after.pass_turn();
    let e = bearoff::evaluate(&next).ok()?;
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
    fn after_state(&self, after: &Nardy) -> Probabilities {
        let me = after.turn();
        if after.checkers_off()[me] == crate::rules::nardy::CHECKERS_PER_SIDE {
            let kind = if after.checkers_off()[!me] == 0 {
                OutcomeKind::Mars
            } else {
                OutcomeKind::Oin
            };
            return finished(me, kind, me);
        }
        self.evaluate_after_board(&after.owner_board(), crate::rules::nardy::CHECKERS_PER_SIDE)
    }
}

/// The value of `pos` for its player on roll: a position about to be played is the state after
/// the opponent's play, so it is the opponent's after-state value, flipped.
impl Evaluator<Backgammon> for NetEvaluator {
    fn evaluate(&self, pos: &Backgammon) -> Probabilities {
        if let Some(o) = pos.outcome() {
            return finished(o.winner, o.kind, pos.turn());
        }
        if bearoff::is_bearoff(pos) {
            if let Ok(e) = bearoff::evaluate(pos) {
                return Probabilities {
                    win: e.win as f32,
                    win_gammon: e.win_gammon as f32,
                    win_backgammon: 0.0,
                    lose_gammon: e.lose_gammon as f32,
                    lose_backgammon: 0.0,
                    draw: 0.0,
                };
            }
        }
        self.after_state(&pos.pass_turn()).flip()
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
}

/// True when `play` bears off a checker (only then can a game end).
#[inline]
#[must_use]
pub fn bears_off<P>(play: &Play<P>) -> bool {
    play.moves().iter().any(|m| m.to == OFF)
}
