//! Play notation shared by every variant: the one grammar a play text is read with (NOT-1)
//! and gnubg's print (NOT-3), over the mover's own numbering (bar = 25, off = 0). Backgammon
//! and Long Nardy differ only in what the points mean to their rules (geometry, hits and the
//! bar), which their own modules apply after reading ([`super::backgammon`],
//! [`super::nardy`]): whatever a text means in one variant it means in the other.
//!
//! The grammar: space-separated moves `p0/p1/.../pk(n)`; points `1`-`24`, `bar`/`b`/`25`,
//! `off`/`o`/`0`, any case, each optionally followed by `*`; `-` may stand for `/`; `(n)`
//! repeats the move (n = 1 to 4); moves in any order. A path goes from higher to lower points
//! and its start carries no `*`.

use std::fmt::Write as _;

use arrayvec::ArrayVec;

use crate::base::moves::{Move, BAR, OFF};

/// The most steps (checker moves by one die) a roll can give: four for a double (BG-13).
pub(super) const MAX_STEPS: usize = 4;

// ---------------------------------------------------------------------------------------
// Printing (NOT-3, NOT-5)
// ---------------------------------------------------------------------------------------

/// One printed move: a checker path with the intermediate points kept (NOT-3 step 2).
#[derive(Clone, Debug)]
struct Chain {
    from: u8,
    kept: ArrayVec<u8, MAX_STEPS>,
    to: u8,
    count: u8,
}

/// NOT-3 on the moves of a play in the mover's numbering: `opponent_there(p)` says whether
/// the opponent had a checker on point `p` (1..=24) before the play, which keeps `p` as a hit
/// point and marks it with `*`. Long Nardy, which has no hitting (LN-14), passes a function that
/// is always false. The text depends only on the steps of the play, not on their order.
pub(super) fn format_steps(moves: &[Move], opponent_there: impl Fn(u8) -> bool) -> String {
    let mut steps: ArrayVec<(u8, u8), MAX_STEPS> = moves
        .iter()
        .take(MAX_STEPS)
        .map(|m| (m.from, m.to))
        .collect();
    let opponent_there = |p: u8| (1..=24).contains(&p) && opponent_there(p);

    // 1. Order: source descending, then destination descending.
    steps.sort_unstable_by(|a, b| b.cmp(a));

    // 2. Chain: a step continues the earliest move that ends where it starts.
    let mut chains: ArrayVec<Chain, MAX_STEPS> = ArrayVec::new();
    for &(from, to) in steps.iter() {
        if let Some(c) = chains.iter_mut().find(|c| c.to == from) {
            if opponent_there(from) {
                c.kept.push(from);
            }
            c.to = to;
        } else {
            chains.push(Chain {
                from,
                kept: ArrayVec::new(),
                to,
                count: 1,
            });
        }
    }

    // 3. Merge identical paths into the first of them.
    let mut merged: ArrayVec<Chain, MAX_STEPS> = ArrayVec::new();
    for c in chains {
        match merged
            .iter_mut()
            .find(|m| m.from == c.from && m.kept == c.kept && m.to == c.to)
        {
            Some(m) => m.count += 1,
            None => merged.push(c),
        }
    }

    // 4. Print; a point gets its `*` once per text.
    let mut out = String::new();
    let mut starred = 0u32;
    for (i, c) in merged.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_point(&mut out, c.from);
        for &p in &c.kept {
            out.push('/');
            push_point(&mut out, p);
            out.push('*');
            starred |= 1 << p;
        }
        out.push('/');
        push_point(&mut out, c.to);
        if opponent_there(c.to) && starred & (1 << c.to) == 0 {
            out.push('*');
            starred |= 1 << c.to;
        }
        if c.count > 1 {
            let _ = write!(out, "({})", c.count);
        }
    }
    out
}

/// Writes a point as notation does: `bar`, `off` or the number.
fn push_point(out: &mut String, p: u8) {
    match p {
        BAR => out.push_str("bar"),
        OFF => out.push_str("off"),
        _ => {
            let _ = write!(out, "{p}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reading the text (NOT-1)
// ---------------------------------------------------------------------------------------

/// A written point of a move: where the checker lands, and whether a hit is claimed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Waypoint {
    pub(super) point: u8,
    pub(super) star: bool,
}

/// One written move `p0/p1/.../pk(n)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct WrittenMove {
    pub(super) path: Vec<Waypoint>,
    pub(super) count: u8,
}

impl WrittenMove {
    /// The segments `(from, to)` of the path.
    pub(super) fn segments(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.path.windows(2).map(|w| (w[0].point, w[1].point))
    }
}

/// Splits a text into written moves (NOT-1). The error is the detail of a syntax error.
pub(super) fn read_text(text: &str) -> Result<Vec<WrittenMove>, String> {
    text.split_whitespace().map(read_move).collect()
}

/// Reads one whitespace-free move such as `24/20*/16`, `bar/22*(2)`, `6-off` or `B/O`.
fn read_move(token: &str) -> Result<WrittenMove, String> {
    let lower = token.to_ascii_lowercase();
    let (body, count) = match lower.strip_suffix(')') {
        Some(rest) => {
            let open = rest
                .rfind('(')
                .ok_or_else(|| format!("{token:?} has a ')' without a '('"))?;
            let count = match &rest[open + 1..] {
                "1" => 1,
                "2" => 2,
                "3" => 3,
                "4" => 4,
                n => {
                    return Err(format!(
                        "the count ({n}) in {token:?} must be 1 to 4, as in 8/5(2)"
                    ))
                }
            };
            (&rest[..open], count)
        }
        None => (lower.as_str(), 1),
    };
    if body.contains(['(', ')']) {
        return Err(format!(
            "{token:?} has a misplaced parenthesis; a count goes at the end, as in 8/5(2)"
        ));
    }
    let mut path = Vec::new();
    for part in body.split(['/', '-']) {
        let (word, star) = match part.strip_suffix('*') {
            Some(w) => (w, true),
            None => (part, false),
        };
        let point = match word {
            "bar" | "b" => BAR,
            "off" | "o" => OFF,
            w if (1..=2).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit()) => {
                let n: u8 = w.parse().unwrap_or(u8::MAX);
                if n > BAR {
                    return Err(format!(
                        "{n} in {token:?} is not a point (1-24, bar = 25, off = 0)"
                    ));
                }
                n
            }
            _ => {
                let place = if part.eq_ignore_ascii_case(token) {
                    String::new()
                } else {
                    format!(" in {token:?}")
                };
                return Err(format!(
                    "{part:?}{place} is not a point (1-24, \"bar\", \"off\", optionally \
                     followed by *)"
                ));
            }
        };
        path.push(Waypoint { point, star });
    }
    if path.len() < 2 {
        return Err(format!(
            "{token:?} needs a starting point and a point to move to, as in 13/9"
        ));
    }
    if path[0].star {
        return Err(format!(
            "the starting point of {token:?} carries a '*'; a '*' marks a hit where the checker \
             lands"
        ));
    }
    for w in path.windows(2) {
        if w[1].point >= w[0].point {
            return Err(format!(
                "in {token:?} the checker goes from {} to {}, but checkers move from higher to \
                 lower points (bar = 25, off = 0, BG-5, LN-2)",
                word_of(w[0].point),
                word_of(w[1].point)
            ));
        }
    }
    Ok(WrittenMove { path, count })
}

/// A point as a word, for messages.
pub(super) fn word_of(p: u8) -> String {
    let mut s = String::new();
    push_point(&mut s, p);
    s
}
