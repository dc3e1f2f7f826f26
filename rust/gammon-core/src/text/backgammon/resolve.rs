//! Resolving a play text against the legal plays of a roll (NOT-2).
//!
//! A written move `a/b/c(n)` stands for `n` checkers ("copies") each following the path; a
//! segment between written points is one checker using one or more dice and hitting nothing
//! in between. The resolver walks the legal step sequences of the roll: at each step a die is
//! used either by a copy advancing along its path or, for a partial text, by any other
//! checker (a "free" step, up to the dice the text leaves over). Every walk that completes
//! all copies with as many steps as a legal play has reaches a legal play. A walk without
//! free steps is a complete match, which wins; otherwise the plays reached by partial walks
//! decide (one: the answer; several: ambiguous; none: illegal, with the reason found by
//! switching rules off one at a time). States are memoised, so the walk stays small even for
//! short texts with doubles.

use std::collections::HashSet;

use arrayvec::ArrayVec;

use super::format_backgammon;
use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList, BAR, OFF};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use crate::text::notation::{word_of, Waypoint, WrittenMove, MAX_STEPS};
use crate::text::PlayTextError;

/// The written path one checker follows (one of the `n` copies of a written move).
#[derive(Clone, Copy, Debug)]
struct WrittenChecker<'a> {
    group: usize,
    path: &'a [Waypoint],
}

/// How far a copy has come: `next` is the index of the written point it heads for (0 = not
/// started, `path.len()` = done) and `at` the point its checker stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Progress {
    next: u8,
    at: u8,
}

/// Rules the diagnostic searches switch off to find out why a text fits nothing.
#[derive(Clone, Copy, Debug, Default)]
struct Relax {
    /// Allow hits on points the text leaves out (NOT-2 rule 2).
    omitted_hits: bool,
    /// Ignore the `*` marks (NOT-2 rule 4).
    stars: bool,
    /// Accept the text's own steps alone, whatever the number of dice (MOVE-6, MOVE-7).
    short: bool,
}

/// A state of the walk through the step sequences of the roll.
#[derive(Clone, Debug)]
struct Node {
    pos: Backgammon,
    dice: ArrayVec<u8, MAX_STEPS>,
    progress: ArrayVec<Progress, MAX_STEPS>,
    /// Per written move: the written points one of its copies hit on arrival (bit per point).
    hits: ArrayVec<u32, MAX_STEPS>,
    free_used: u8,
}

/// The walk: collects the positions the text can lead to.
struct Search<'a> {
    copies: &'a [WrittenChecker<'a>],
    /// Per written move: the points marked `*`.
    stars: &'a [u32],
    relax: Relax,
    /// Steps outside the written moves that a leaf may contain.
    free_budget: u8,
    seen: HashSet<Vec<u8>>,
    /// Distinct positions reached.
    found: Vec<Backgammon>,
}

impl Search<'_> {
    fn copies_at(&self, progress: &[Progress], point: u8) -> u8 {
        self.copies
            .iter()
            .zip(progress)
            .filter(|(c, p)| p.next > 0 && (p.next as usize) < c.path.len() && p.at == point)
            .count() as u8
    }

    fn stars_ok(&self, hits: &[u32]) -> bool {
        self.relax.stars || self.stars.iter().zip(hits).all(|(s, h)| s & !h == 0)
    }

    fn record(&mut self, pos: Backgammon) {
        if !self.found.contains(&pos) {
            self.found.push(pos);
        }
    }

    fn visit(&mut self, node: Node) {
        let all_done = self
            .copies
            .iter()
            .zip(&node.progress)
            .all(|(c, p)| p.next as usize == c.path.len());
        if all_done && (self.relax.short || node.dice.is_empty()) {
            if self.stars_ok(&node.hits) {
                self.record(node.pos);
            }
            return;
        }
        if node.dice.is_empty() {
            return;
        }
        if !self.seen.insert(node_key(&node)) {
            return;
        }
        let mut tried = [false; 7];
        for k in 0..node.dice.len() {
            let die = node.dice[k];
            if std::mem::replace(&mut tried[die as usize], true) {
                continue;
            }
            let mut rest = node.dice.clone();
            rest.remove(k);
            for i in 0..self.copies.len() {
                let c = self.copies[i];
                let p = node.progress[i];
                if p.next as usize == c.path.len() {
                    continue;
                }
                // Copies of one written move are interchangeable: move only the first of those
                // in the same state.
                let twin = (0..i).any(|j| self.copies[j].group == c.group && node.progress[j] == p);
                if twin {
                    continue;
                }
                let from = if p.next == 0 {
                    let from = c.path[0].point;
                    if node.pos.mover_at(from) <= self.copies_at(&node.progress, from) {
                        continue; // every checker there is already on a written path
                    }
                    from
                } else {
                    p.at
                };
                self.advance(&node, &rest, i, from, die);
            }
            if node.free_used < self.free_budget {
                let mut srcs = node.pos.step_sources(die);
                while srcs != 0 {
                    let s = (31 - srcs.leading_zeros()) as u8;
                    srcs &= !(1 << s);
                    if node.pos.mover_at(s) <= self.copies_at(&node.progress, s) {
                        continue;
                    }
                    if let Some((pos, _)) = node.pos.step(s, die) {
                        self.visit(Node {
                            pos,
                            dice: rest.clone(),
                            progress: node.progress.clone(),
                            hits: node.hits.clone(),
                            free_used: node.free_used + 1,
                        });
                    }
                }
            }
        }
    }

    /// Moves copy `i`'s checker from `from` by `die` along its written path.
    fn advance(
        &mut self,
        node: &Node,
        rest: &ArrayVec<u8, MAX_STEPS>,
        i: usize,
        from: u8,
        die: u8,
    ) {
        let c = self.copies[i];
        let next = node.progress[i].next.max(1);
        let target = c.path[next as usize].point;
        let Some((pos, mv)) = node.pos.step(from, die) else {
            return;
        };
        let mut progress = node.progress.clone();
        let mut hits = node.hits.clone();
        if mv.to == target {
            if mv.hit {
                hits[c.group] |= 1 << target;
            }
            progress[i] = Progress {
                next: next + 1,
                at: target,
            };
        } else if mv.to > target {
            // An omitted point: the checker passes it without hitting (NOT-2 rule 2).
            if mv.hit && !self.relax.omitted_hits {
                return;
            }
            progress[i] = Progress { next, at: mv.to };
        } else {
            return; // past the written point (or off before a written point)
        }
        self.visit(Node {
            pos,
            dice: rest.clone(),
            progress,
            hits,
            free_used: node.free_used,
        });
    }
}

/// The memo key of a node: everything the rest of the walk depends on.
fn node_key(node: &Node) -> Vec<u8> {
    let mut key = Vec::with_capacity(26 + 1 + 4 + 8 + 16 + 1);
    key.extend(node.pos.raw().iter().map(|&c| c as u8));
    let mut dice = node.dice.clone();
    dice.sort_unstable();
    key.push(dice.len() as u8);
    key.extend(dice);
    for p in &node.progress {
        key.push(p.next);
        key.push(p.at);
    }
    for h in &node.hits {
        key.extend(h.to_le_bytes());
    }
    key.push(node.free_used);
    key
}

/// One resolution of a text against the legal plays of a roll.
pub(super) struct Resolver<'a> {
    pub(super) before: &'a Backgammon,
    pub(super) dice: Dice,
    pub(super) text: &'a str,
    pub(super) written: &'a [WrittenMove],
    pub(super) plays: &'a PlayList<Backgammon>,
}

impl Resolver<'_> {
    fn illegal(&self, reason: impl Into<String>) -> PlayTextError {
        PlayTextError::Illegal {
            text: self.text.to_string(),
            dice: self.dice,
            reason: reason.into(),
        }
    }

    fn ambiguous(&self, plays: &[&Play<Backgammon>]) -> PlayTextError {
        PlayTextError::Ambiguous {
            text: self.text.to_string(),
            dice: self.dice,
            candidates: plays
                .iter()
                .map(|p| format_backgammon(self.before, p))
                .collect(),
        }
    }

    /// Steps every legal play of the roll has (MOVE-6).
    fn steps_needed(&self) -> u8 {
        self.plays.first().map_or(0, |p| p.dice_used() as u8)
    }

    /// The dice the legal plays use: all of them for a double or a full play; for a single
    /// step of a non-double, the larger die if it can be played at all (MOVE-7).
    fn dice_to_play(&self) -> ArrayVec<u8, MAX_STEPS> {
        let m = self.steps_needed() as usize;
        let (hi, lo) = (self.dice.high(), self.dice.low());
        let mut out = ArrayVec::new();
        if self.dice.is_double() {
            out.extend(std::iter::repeat(hi).take(m));
        } else if m == 2 {
            out.extend([hi, lo]);
        } else if m == 1 {
            out.push(if self.before.step_sources(hi) != 0 {
                hi
            } else {
                lo
            });
        }
        out
    }

    /// All the dice of the roll (for the diagnostic that ignores MOVE-6/MOVE-7).
    fn all_dice(&self) -> ArrayVec<u8, MAX_STEPS> {
        let (hi, lo) = (self.dice.high(), self.dice.low());
        let mut out = ArrayVec::new();
        if self.dice.is_double() {
            out.extend([hi; MAX_STEPS]);
        } else {
            out.extend([hi, lo]);
        }
        out
    }

    /// The fewest dice a segment of `dist` pips (to a point, or off) can take, or `None` when
    /// one checker cannot move that way with this roll (NOT-2 rule 3).
    fn min_dice(&self, from: u8, to: u8) -> Option<u8> {
        let dist = from - to;
        let (hi, lo) = (self.dice.high(), self.dice.low());
        if self.dice.is_double() {
            let n = dist.div_ceil(hi);
            (n as usize <= MAX_STEPS && (to == OFF || dist % hi == 0)).then_some(n)
        } else if to == OFF {
            if dist <= hi {
                Some(1)
            } else if dist <= hi + lo {
                Some(2)
            } else {
                None
            }
        } else if dist == hi || dist == lo {
            Some(1)
        } else if dist == hi + lo {
            Some(2)
        } else {
            None
        }
    }

    fn copies(&self) -> Vec<WrittenChecker<'_>> {
        self.written
            .iter()
            .enumerate()
            .flat_map(|(group, w)| {
                (0..w.count).map(move |_| WrittenChecker {
                    group,
                    path: &w.path,
                })
            })
            .collect()
    }

    fn stars(&self) -> Vec<u32> {
        self.written
            .iter()
            .map(|w| {
                w.path[1..]
                    .iter()
                    .filter(|p| p.star)
                    .fold(0, |m, p| m | 1 << p.point)
            })
            .collect()
    }

    /// Runs one walk and returns the distinct positions reached; with `free_budget` 0 only
    /// complete matches are found.
    fn search(
        &self,
        dice: ArrayVec<u8, MAX_STEPS>,
        free_budget: u8,
        relax: Relax,
    ) -> Vec<Backgammon> {
        let copies = self.copies();
        let stars = self.stars();
        let mut search = Search {
            copies: &copies,
            stars: &stars,
            relax,
            free_budget,
            seen: HashSet::new(),
            found: Vec::new(),
        };
        let mut hits = ArrayVec::new();
        hits.extend(std::iter::repeat(0).take(self.written.len()));
        search.visit(Node {
            pos: *self.before,
            dice,
            progress: copies.iter().map(|_| Progress { next: 0, at: 0 }).collect(),
            hits,
            free_used: 0,
        });
        search.found
    }

    /// The legal plays among `positions`, in the order of the play list.
    fn plays_reaching(&self, positions: &[Backgammon]) -> Vec<&Play<Backgammon>> {
        if positions.len() * self.plays.len() > 4096 {
            let wanted: HashSet<&Backgammon> = positions.iter().collect();
            self.plays
                .iter()
                .filter(|p| wanted.contains(p.after()))
                .collect()
        } else {
            self.plays
                .iter()
                .filter(|p| positions.contains(p.after()))
                .collect()
        }
    }

    pub(super) fn resolve(&self, allow_partial: bool) -> Result<Play<Backgammon>, PlayTextError> {
        if self.written.is_empty() {
            return self.resolve_empty(allow_partial);
        }
        if self.plays.is_empty() {
            return Err(self.illegal(self.why_no_play()));
        }
        let segments: usize = self
            .written
            .iter()
            .map(|w| w.count as usize * (w.path.len() - 1))
            .sum();
        if segments > MAX_STEPS {
            return Err(self.illegal(format!(
                "it moves checkers {segments} times, but a roll gives at most 4 moves (BG-13)"
            )));
        }
        let mut min_steps = 0u8;
        for w in self.written {
            for (a, b) in w.segments() {
                match self.min_dice(a, b) {
                    Some(n) => min_steps += n * w.count,
                    None => {
                        return Err(self.illegal(format!(
                            "{}/{} is {} pip{}, which one checker cannot move with {} \
                             (NOT-2 rule 3)",
                            word_of(a),
                            word_of(b),
                            a - b,
                            if a - b == 1 { "" } else { "s" },
                            self.dice
                        )))
                    }
                }
            }
        }
        if let Some(reason) = self.static_reason() {
            return Err(self.illegal(reason));
        }
        let m = self.steps_needed();
        if min_steps > m {
            return Err(self.illegal(format!(
                "it needs at least {min_steps} dice, but only {m} can be played in this \
                 position (MOVE-6)"
            )));
        }
        let dice = self.dice_to_play();

        // (a) A complete match: no step outside the text.
        let complete = self.search(dice.clone(), 0, Relax::default());
        let complete = self.plays_reaching(&complete);
        match complete.len() {
            1 => return Ok(*complete[0]),
            0 => {}
            _ => return Err(self.ambiguous(&complete)),
        }

        // (b)-(d) Partial matches: other checkers may use the dice the text leaves over.
        let free_budget = m - min_steps;
        let partial = self.search(dice, free_budget, Relax::default());
        let partial = self.plays_reaching(&partial);
        if !allow_partial {
            return Err(self.illegal(if partial.is_empty() {
                self.why_nothing_fits(free_budget)
            } else {
                format!(
                    "it names only part of a play ({} legal {} contain it); write every move of \
                     the play (NOT-2 rule 6)",
                    partial.len(),
                    if partial.len() == 1 { "play" } else { "plays" }
                )
            }));
        }
        match partial.len() {
            1 => Ok(*partial[0]),
            0 => Err(self.illegal(self.why_nothing_fits(free_budget))),
            _ => Err(self.ambiguous(&partial)),
        }
    }

    /// NOT-2 rule 6 for the empty text.
    fn resolve_empty(&self, allow_partial: bool) -> Result<Play<Backgammon>, PlayTextError> {
        match self.plays.len() {
            0 => Ok(Play::from_parts(&[], *self.before)),
            1 if allow_partial => Ok(self.plays[0]),
            n if !allow_partial => Err(self.illegal(format!(
                "the empty play is legal only when the roll cannot be played (MOVE-8), and \
                 {n} legal {} exist",
                if n == 1 { "play" } else { "plays" }
            ))),
            _ => Err(self.ambiguous(&self.plays.iter().collect::<Vec<_>>())),
        }
    }

    fn why_no_play(&self) -> String {
        if self.before.is_game_over() {
            "the game is over".to_string()
        } else if self.before.mover_at(BAR) > 0 {
            format!(
                "a checker on the bar cannot enter with {} (BAR-4), so the only play is the \
                 empty one, written \"\" (MOVE-8)",
                self.dice
            )
        } else {
            format!(
                "no checker can move with {}, so the only play is the empty one, written \"\" \
                 (MOVE-8)",
                self.dice
            )
        }
    }

    /// Reasons visible without a search: a `*` where no blot stands, a blocked written point.
    fn static_reason(&self) -> Option<String> {
        let pts = self.before.raw();
        for w in self.written {
            for wp in &w.path[1..] {
                if wp.star && wp.point == OFF {
                    return Some(
                        "a checker borne off hits nothing, so off takes no '*' (NOT-2 rule 4)"
                            .into(),
                    );
                }
                if wp.star && pts[wp.point as usize] != -1 {
                    return Some(format!(
                        "there is no opposing blot on {} to hit (NOT-2 rule 4)",
                        wp.point
                    ));
                }
                if wp.point != OFF && pts[wp.point as usize] <= -2 {
                    return Some(format!(
                        "{} is blocked: the opponent holds it with {} checkers (MOVE-1)",
                        wp.point, -pts[wp.point as usize]
                    ));
                }
            }
        }
        None
    }

    /// Why a well-formed text fits no legal play: each rule is switched off in turn to see
    /// which one stops it. `free_budget` is the partial walk's allowance of other steps.
    fn why_nothing_fits(&self, free_budget: u8) -> String {
        let m = self.steps_needed();
        let dice = self.dice_to_play();
        let relaxed = |relax: Relax| {
            let found = self.search(dice.clone(), free_budget, relax);
            self.plays_reaching(&found)
                .first()
                .map(|p| format_backgammon(self.before, p))
        };
        if let Some(text) = relaxed(Relax {
            omitted_hits: true,
            ..Relax::default()
        }) {
            return format!(
                "every way to play it hits a blot on a point the text leaves out; write the hit \
                 point, as in \"{text}\" (NOT-2 rule 2)"
            );
        }
        let unstarred = relaxed(Relax {
            stars: true,
            ..Relax::default()
        });
        if unstarred.is_some() {
            return "no legal way of playing it hits on the points marked '*' (NOT-2 rule 4)"
                .to_string();
        }
        let short = self.search(
            self.all_dice(),
            0,
            Relax {
                short: true,
                ..Relax::default()
            },
        );
        if !short.is_empty() {
            let hi = self.dice.high();
            return if m == 1 && !self.dice.is_double() && dice.first() == Some(&hi) {
                format!(
                    "only one die can be played, and when the larger one can be it must be: \
                     play the {hi} (MOVE-7)"
                )
            } else {
                format!(
                    "the rest of the roll could not be played after it, but the legal plays \
                     use {m} {} (MOVE-6)",
                    if m == 1 { "die" } else { "dice" }
                )
            };
        }
        if self.before.mover_at(BAR) > 0 && self.written.iter().all(|w| w.path[0].point != BAR) {
            return "a checker on the bar must enter before any other checker moves (BAR-1)"
                .to_string();
        }
        let written_points: Vec<u8> = self
            .written
            .iter()
            .flat_map(|w| w.path[1..].iter().map(|p| p.point))
            .collect();
        for w in self.written {
            let p = w.path[0].point;
            if self.before.mover_at(p) == 0 && !written_points.contains(&p) {
                return format!("there is no checker of yours on {} (MOVE-1)", word_of(p));
            }
        }
        if self
            .written
            .iter()
            .any(|w| w.path.last().is_some_and(|p| p.point == OFF))
        {
            return if (7..=BAR).any(|p| self.before.mover_at(p) > 0) {
                "bearing off needs every checker in the home board first (OFF-1)".to_string()
            } else {
                "a checker may be borne off with a larger number only from the highest point \
                 (OFF-3, OFF-4)"
                    .to_string()
            };
        }
        format!(
            "none of the {} legal plays with {} contains these moves (MOVE-1 to MOVE-7)",
            self.plays.len(),
            self.dice
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{dice, resolves_to, start, t06, t11, t12, t17, t21, table};
    use super::*;
    use crate::text::PlayText;

    // ---- NOT-2: resolution examples ----

    fn is_ambiguous(pos: &Backgammon, d: Dice, text: &str) -> Vec<String> {
        match pos.parse_play(d, text) {
            Err(PlayTextError::Ambiguous { candidates, .. }) => candidates,
            other => panic!("{text:?}: expected an ambiguity, got {other:?}"),
        }
    }

    fn is_illegal(pos: &Backgammon, d: Dice, text: &str) -> String {
        match pos.parse_play(d, text) {
            Err(e @ PlayTextError::Illegal { .. }) => e.to_string(),
            other => panic!("{text:?}: expected an illegal-play error, got {other:?}"),
        }
    }

    #[test]
    fn not2_t06_omitted_points_are_not_visited() {
        let pos = t06();
        let d = dice(4, 3);
        assert_eq!(resolves_to(&pos, d, "24/17"), "24/17");
        assert_eq!(resolves_to(&pos, d, "24/21/17"), "24/17");
        assert_eq!(resolves_to(&pos, d, "24/20/17"), "24/20*/17");
        assert_eq!(resolves_to(&pos, d, "24/20*/17"), "24/20*/17");
        assert_eq!(resolves_to(&pos, d, "6/2 6/3"), "6/3 6/2");
        assert_eq!(resolves_to(&pos, d, "6/3 6/2"), "6/3 6/2");
        let mut c = is_ambiguous(&pos, d, "24/20");
        c.sort();
        assert_eq!(c, ["24/20* 6/3", "24/20*/17"]);
        assert_eq!(is_ambiguous(&pos, d, "24/20*").len(), 2);
        let why = is_illegal(&pos, d, "24/21*/17");
        assert!(why.contains("no opposing blot on 21"), "{why}");
    }

    #[test]
    fn not2_t17_off_segments_may_end_with_a_larger_die() {
        let pos = t17();
        let d = dice(6, 5);
        assert_eq!(resolves_to(&pos, d, "3/off 2/off"), "3/off 2/off");
        assert_eq!(resolves_to(&pos, d, "3/off"), "3/off 2/off");
        assert_eq!(resolves_to(&pos, d, "2/off"), "3/off 2/off");
    }

    #[test]
    fn not2_t21_a_complete_match_beats_partial_ones() {
        let pos = t21();
        let d = dice(6, 5);
        let six_one_off = resolves_to(&pos, d, "6/off");
        assert_eq!(six_one_off, "6/off");
        let p = pos.parse_play(d, "6/off").unwrap();
        assert_eq!(p.after().mover_at(1), 1, "6/1/off leaves the checker on 1");
        assert_eq!(pos.parse_play(d, "6/1/off"), Ok(p));
        assert_eq!(resolves_to(&pos, d, "6/off 1/off"), "6/off 1/off");
        assert_eq!(is_ambiguous(&pos, d, "1/off").len(), 2);
    }

    #[test]
    fn not2_start_44_partial_texts_are_ambiguous_and_repeats_merge() {
        let pos = start();
        let d = dice(4, 4);
        assert_eq!(is_ambiguous(&pos, d, "13/9").len(), 35);
        assert_eq!(
            resolves_to(&pos, d, "13/9 13/9 24/20 24/20"),
            "24/20(2) 13/9(2)"
        );
        assert_eq!(resolves_to(&pos, d, "24/20(2) 13/9(2)"), "24/20(2) 13/9(2)");
    }

    #[test]
    fn not2_merged_stars_need_one_hit_among_the_copies() {
        let pos = table(&[(24, 2), (6, 13)], &[(20, 1), (7, 2)]);
        let d = dice(4, 4);
        for text in ["24/20*(2) 6/2(2)", "24/20* 24/20 6/2(2)", "24/20(2) 6/2(2)"] {
            assert_eq!(resolves_to(&pos, d, text), "24/20*(2) 6/2(2)", "{text}");
        }
        assert_eq!(
            resolves_to(&pos, d, "24/20*/16 24/20 6/2"),
            "24/20*/16 24/20 6/2"
        );
    }

    #[test]
    fn not2_bar_entries() {
        let pos = t11();
        let d = dice(6, 4);
        assert_eq!(resolves_to(&pos, d, "bar/21/15"), "bar/15");
        assert_eq!(resolves_to(&pos, d, "bar/15"), "bar/15");
        assert_eq!(resolves_to(&pos, d, "25/21 13/7"), "bar/21 13/7");
        let t15 = table(
            &[(BAR, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
            &[(22, 1), (19, 4), (17, 3), (12, 5), (1, 2)],
        );
        assert_eq!(resolves_to(&t15, dice(3, 1), "bar/22*/21"), "bar/22*/21");
        assert_eq!(resolves_to(&t15, dice(3, 1), "bar/21"), "bar/21");
        assert_eq!(is_ambiguous(&t15, dice(3, 1), "bar/22*").len(), 4);
    }

    #[test]
    fn not2_illegal_texts_say_why() {
        let pos = start();
        let d = dice(3, 1);
        let cases = [
            ("24/21*", "no opposing blot on 21"),
            ("13/7", "13/7 is 6 pips"),
            ("8/5 6/5 24/23", "needs at least 3 dice"),
            ("12/9 6/5", "no checker of yours on 12"),
            ("6/off", "6/off is 6 pips"),
            ("24/20*", "no opposing blot on 20"),
        ];
        for (text, why) in cases {
            let msg = is_illegal(&pos, d, text);
            assert!(msg.contains(why), "{text:?}: {msg}");
        }
        // MOVE-1: a written point held by the opponent.
        assert!(is_illegal(&pos, dice(5, 1), "13/8 12/11").contains("no checker"));
        assert!(is_illegal(&pos, dice(6, 1), "24/18 13/12").contains("12 is blocked"));
        // BAR-1.
        assert!(is_illegal(&t11(), dice(6, 4), "13/7 8/4").contains("BAR-1"));
        // MOVE-7: T08 must play the six.
        let t08 = table(&[(13, 1), (1, 14)], &[(2, 2)]);
        assert!(is_illegal(&t08, dice(6, 5), "13/8").contains("MOVE-7"));
        // MOVE-6: in T28 the six cannot be played after 6/5.
        let mut o: Vec<(u8, u8)> = (18..=22).map(|p| (p, 2)).collect();
        o.push((12, 5));
        let t28 = table(&[(24, 2), (6, 13)], &o);
        assert!(is_illegal(&t28, dice(6, 1), "6/5").contains("MOVE-6"));
        // NOT-2 rule 2: the only way between written points hits on an omitted point.
        let blot = table(&[(24, 1), (6, 14)], &[(20, 1), (21, 2)]);
        let msg = is_illegal(&blot, dice(4, 3), "24/17");
        assert!(msg.contains("24/20*/17") && msg.contains("rule 2"), "{msg}");
        // MOVE-8: nothing but the empty play.
        assert!(is_illegal(&t12(), dice(6, 4), "bar/21").contains("BAR-4"));
    }

    #[test]
    fn not2_empty_text() {
        // A forced play: the only legal play is named by the empty text...
        let t17 = t17();
        assert_eq!(resolves_to(&t17, dice(6, 5), ""), "3/off 2/off");
        // ...but not by a complete-only reading.
        assert!(matches!(
            t17.resolve_play(dice(6, 5), "", false),
            Err(PlayTextError::Illegal { .. })
        ));
        assert_eq!(is_ambiguous(&start(), dice(3, 1), "  ").len(), 16);
    }

    #[test]
    fn not2_complete_only_reading_refuses_partial_texts() {
        let pos = t17();
        let d = dice(6, 5);
        assert!(pos.resolve_play(d, "3/off 2/off", false).is_ok());
        let msg = pos.resolve_play(d, "3/off", false).unwrap_err().to_string();
        assert!(msg.contains("only part of a play"), "{msg}");
    }

    #[test]
    fn ambiguity_messages_list_candidates_and_cut_long_lists() {
        let e = start().parse_play(dice(4, 4), "13/9").unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("35 legal plays") && msg.contains("and 23 more"),
            "{msg}"
        );
    }
}
