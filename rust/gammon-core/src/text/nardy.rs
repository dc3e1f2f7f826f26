//! Long Nardy play notation: the notation every variant shares ([`super::notation`]: the
//! grammar of NOT-1 and the print of NOT-3), in the mover's own numbering (LN-2), under Long
//! Nardy's rules: nothing is hit and there is no bar (LN-14), so a `*` or a `bar` in a text is
//! an error, no point is ever kept in print, and `24-18`, `24/18(2)`, `6/o` mean here what they
//! mean in backgammon.
//!
//! Printing: the steps are sorted by source (then destination) descending, a step that starts
//! where an earlier move ends extends the earliest such move, intermediate points are dropped
//! (nothing is ever hit, so no point needs keeping), and equal moves merge with a count:
//! `24/13`, `24/18(2)`, `24/15 24/21`, `6/off(3) 5/off`.
//!
//! Reading (NOT-2): a text is matched against the step sequences of every legal play
//! ([`super::sequences::for_each_sequence`]); each written path `a/b/c(n)` is n checkers, each a
//! chain of the sequence's steps from `a`, each step starting where the previous one landed and
//! landing on every written point. Nothing is ever hit (LN-14), so which checker makes which
//! step, and in which order the chain's steps come in the sequence, change nothing in the
//! position: the chain need not be consecutive in time. (The block rule can force another
//! checker to move first: with 3-3 the only legal order may be `20/11` then `23/20`, which
//! prints, and reads back, as `23/11`.) A complete match wins; otherwise a partial text is
//! accepted when exactly one play contains it.

use super::notation::{format_steps, read_text, WrittenMove};
use super::{PlayText, PlayTextError};
use crate::base::dice::Dice;
use crate::base::moves::{Move, Play, BAR, OFF};
use crate::rules::nardy::sequences::for_each_sequence;
use crate::rules::nardy::Nardy;

/// Prints a play of a Long Nardy position (NOT-3 without hits, LN-14). The empty play prints
/// as `""`.
#[must_use]
pub fn format_play(play: &Play<Nardy>) -> String {
    format_steps(play.moves(), |_| false)
}

fn syntax(text: &str, detail: impl Into<String>) -> PlayTextError {
    PlayTextError::Syntax {
        text: text.to_string(),
        detail: detail.into(),
    }
}

/// Reads the written paths of a text with the shared grammar (NOT-1): one list of points per
/// checker (0 = off). A `*` or the bar is a syntax error: Long Nardy has neither (LN-14).
fn parse_paths(text: &str) -> Result<Vec<Vec<u8>>, PlayTextError> {
    let written = read_text(text).map_err(|detail| syntax(text, detail))?;
    let mut paths = Vec::new();
    for WrittenMove { path, count } in &written {
        if path.iter().any(|w| w.star) {
            return Err(syntax(
                text,
                "a '*' marks a hit, but Long Nardy has no hitting (LN-14)",
            ));
        }
        if path.iter().any(|w| w.point == BAR) {
            return Err(syntax(
                text,
                "the bar (bar, b or 25) is not a point in Long Nardy, which has no bar (LN-14)",
            ));
        }
        let points: Vec<u8> = path.iter().map(|w| w.point).collect();
        for _ in 0..*count {
            paths.push(points.clone());
        }
    }
    Ok(paths)
}

/// Whether `paths` can be laid on `steps` (each path a chain of steps, each starting where the
/// previous one landed, landing on every written point; different paths on different steps).
/// `None` when they cannot, `Some(true)` when some way uses every step.
fn match_paths(paths: &[Vec<u8>], steps: &[Move]) -> Option<bool> {
    fn path(
        paths: &[Vec<u8>],
        pi: usize,
        k: usize,
        at: u8,
        steps: &[Move],
        used: u8,
    ) -> Option<bool> {
        if pi == paths.len() {
            return Some(used.count_ones() as usize == steps.len());
        }
        let target = paths[pi][k];
        let mut found = None;
        for (j, s) in steps.iter().enumerate() {
            if used & (1 << j) != 0 || s.from != at {
                continue;
            }
            if s.to != target && (s.to == OFF || s.to < target) {
                continue; // passed the written point without landing on it
            }
            let used = used | (1 << j);
            let r = if s.to == target {
                if k + 1 == paths[pi].len() {
                    next_path(paths, pi + 1, steps, used)
                } else {
                    path(paths, pi, k + 1, target, steps, used)
                }
            } else {
                path(paths, pi, k, s.to, steps, used)
            };
            match r {
                Some(true) => return Some(true),
                Some(false) => found = Some(false),
                None => {}
            }
        }
        found
    }
    fn next_path(paths: &[Vec<u8>], pi: usize, steps: &[Move], used: u8) -> Option<bool> {
        if pi == paths.len() {
            return Some(used.count_ones() as usize == steps.len());
        }
        path(paths, pi, 1, paths[pi][0], steps, used)
    }
    next_path(paths, 0, steps, 0)
}

/// Resolves `text` to one legal play of `pos` for `dice` (NOT-2); partial texts only when
/// `allow_partial`.
///
/// # Errors
/// [`PlayTextError::Syntax`] for text outside the grammar (including `bar` and `*`, LN-14),
/// [`PlayTextError::Illegal`] when it fits no legal play, [`PlayTextError::Ambiguous`] when
/// it fits several.
pub fn resolve_play(
    pos: &Nardy,
    dice: Dice,
    text: &str,
    allow_partial: bool,
) -> Result<Play<Nardy>, PlayTextError> {
    let paths = parse_paths(text)?;
    // Per distinct play: the play and whether some sequence matches completely.
    let mut plays: Vec<(Play<Nardy>, Option<bool>)> = Vec::new();
    for_each_sequence(pos, dice, &mut |moves, after| {
        let m = if paths.len() > moves.len() {
            None
        } else {
            match_paths(&paths, moves)
        };
        match plays.iter_mut().find(|(p, _)| p.after().raw() == after) {
            Some((_, best)) => {
                if m > *best {
                    *best = m;
                }
            }
            None => plays.push((Play::from_parts(moves, pos.with_pts(*after)), m)),
        }
    });
    if plays.is_empty() {
        return if paths.is_empty() {
            Ok(Play::from_parts(&[], *pos))
        } else {
            Err(PlayTextError::Illegal {
                text: text.to_string(),
                dice,
                reason: "no checker can move with this roll, so the only play is the empty one \
                         (LN-23)"
                    .to_string(),
            })
        };
    }
    let complete: Vec<&Play<Nardy>> = plays
        .iter()
        .filter(|(_, m)| *m == Some(true))
        .map(|(p, _)| p)
        .collect();
    let partial: Vec<&Play<Nardy>> = plays
        .iter()
        .filter(|(_, m)| m.is_some())
        .map(|(p, _)| p)
        .collect();
    let chosen = match (complete.len(), allow_partial, partial.len()) {
        (1, _, _) => complete,
        (0, true, 1) => partial,
        (0, true, 0) | (0, false, _) => {
            let reason = if partial.is_empty() {
                format!("it fits none of the {} legal plays", plays.len())
            } else {
                format!(
                    "it is only part of {} legal play{} (a whole play is needed)",
                    partial.len(),
                    if partial.len() == 1 { "" } else { "s" }
                )
            };
            return Err(PlayTextError::Illegal {
                text: text.to_string(),
                dice,
                reason,
            });
        }
        (n, _, _) => {
            let list = if n > 1 { complete } else { partial };
            return Err(PlayTextError::Ambiguous {
                text: text.to_string(),
                dice,
                candidates: list.iter().map(|p| format_play(p)).collect(),
            });
        }
    };
    Ok(*chosen[0])
}

impl PlayText for Nardy {
    fn format_play(&self, play: &Play<Nardy>) -> String {
        format_play(play)
    }

    fn resolve_play(
        &self,
        dice: Dice,
        text: &str,
        allow_partial: bool,
    ) -> Result<Play<Nardy>, PlayTextError> {
        resolve_play(self, dice, text, allow_partial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::rules::position::Position;

    fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    fn texts(pos: &Nardy, d: Dice) -> Vec<String> {
        let mut t: Vec<String> = pos
            .legal_plays(d)
            .iter()
            .map(|p| pos.format_play(p))
            .collect();
        t.sort();
        t
    }

    #[test]
    fn opening_plays_print_in_the_movers_numbering() {
        let start = Nardy::start(Color::White);
        assert_eq!(texts(&start, dice(6, 5)), ["24/13"]);
        assert_eq!(texts(&start, dice(6, 6)), ["24/18(2)"]);
        assert_eq!(texts(&start, dice(3, 3)), ["24/15 24/21", "24/18(2)"]);
        assert_eq!(texts(&start, dice(5, 5)), ["24/4"]);
    }

    #[test]
    fn every_printed_play_reads_back_to_itself() {
        let start = Nardy::start(Color::White);
        for d in Dice::ALL_21 {
            for p in start.legal_plays(d).iter() {
                let text = start.format_play(p);
                assert_eq!(
                    start.resolve_play(d, &text, false).as_ref(),
                    Ok(p),
                    "{d} {text}"
                );
            }
        }
    }

    #[test]
    fn texts_with_intermediate_points_and_partial_texts_resolve() {
        let start = Nardy::start(Color::White);
        let whole = start.parse_play(dice(6, 5), "24/13").unwrap();
        assert_eq!(start.parse_play(dice(6, 5), "24/18/13"), Ok(whole));
        assert_eq!(start.parse_play(dice(6, 5), "24/19/13"), Ok(whole));
        // A partial text is accepted when one play contains it.
        assert_eq!(start.parse_play(dice(6, 5), "24/18"), Ok(whole));
        assert!(matches!(
            start.resolve_play(dice(6, 5), "24/18", false),
            Err(PlayTextError::Illegal { .. })
        ));
        // 3-3: "24/21" is part of both plays.
        assert!(matches!(
            start.parse_play(dice(3, 3), "24/21"),
            Err(PlayTextError::Ambiguous { .. })
        ));
        assert_eq!(
            start
                .parse_play(dice(3, 3), "24/21 24/15")
                .map(|p| start.format_play(&p)),
            Ok("24/15 24/21".to_string())
        );
    }

    #[test]
    fn ln14_bar_and_hits_are_syntax_errors_and_wrong_dice_are_illegal() {
        let start = Nardy::start(Color::White);
        for text in ["bar/20", "24/20*", "24", "24/x", "off/3", "24/13(5)"] {
            assert!(
                matches!(
                    start.parse_play(dice(6, 5), text),
                    Err(PlayTextError::Syntax { .. })
                ),
                "{text}"
            );
        }
        for text in ["24/14", "24/18 24/19", "13/8"] {
            assert!(
                matches!(
                    start.parse_play(dice(6, 5), text),
                    Err(PlayTextError::Illegal { .. })
                ),
                "{text}"
            );
        }
    }

    #[test]
    fn bear_offs_chain_and_merge() {
        // LN-30 worked example 6: w6, w3x2, w1x12, 4-4 -> 6/2, 3/off, 3/off, 2/off.
        let s = Setup::from_points(
            Variant::LongNardy,
            Color::White,
            &[(6, 1), (3, 2), (1, 12)],
            &[(24, 15)],
        );
        let pos = Nardy::from_setup(&s).unwrap();
        assert_eq!(texts(&pos, dice(4, 4)), ["6/off 3/off(2)"]);
        let p = pos.parse_play(dice(4, 4), "6/2/off 3/off 3/off").unwrap();
        assert_eq!(pos.format_play(&p), "6/off 3/off(2)");
    }

    #[test]
    fn not1_ln2_the_forms_backgammon_reads_mean_the_same_in_long_nardy() {
        let start = Nardy::start(Color::White);
        let whole = start.parse_play(dice(6, 5), "24/13").unwrap();
        for text in ["24-13", "24-18-13", "24/19-13", " 24/13(1) ", "24/13\t"] {
            assert_eq!(
                start.resolve_play(dice(6, 5), text, false),
                Ok(whole),
                "{text:?}"
            );
        }
        let sixes = start.parse_play(dice(6, 6), "24/18(2)").unwrap();
        for text in ["24-18(2)", "24/18 24/18", "24-18 24/18"] {
            assert_eq!(
                start.resolve_play(dice(6, 6), text, false),
                Ok(sixes),
                "{text:?}"
            );
        }
        // LN-30 worked example 6: off is `off`, `o` or `0`, in any case.
        let s = Setup::from_points(
            Variant::LongNardy,
            Color::White,
            &[(6, 1), (3, 2), (1, 12)],
            &[(24, 15)],
        );
        let pos = Nardy::from_setup(&s).unwrap();
        let off = pos.parse_play(dice(4, 4), "6/off 3/off(2)").unwrap();
        for text in ["6-o 3-O(2)", "6/0 3/0 3/0", "6/2/OFF 3-off 3/o"] {
            assert_eq!(
                pos.resolve_play(dice(4, 4), text, false),
                Ok(off),
                "{text:?}"
            );
        }
        // Every printed play reads back with dashes for slashes, as in backgammon (NOT-7).
        for d in Dice::ALL_21 {
            for p in start.legal_plays(d).iter() {
                let dashed = start.format_play(p).replace('/', "-");
                assert_eq!(
                    start.resolve_play(d, &dashed, false).as_ref(),
                    Ok(p),
                    "{dashed}"
                );
            }
        }
    }

    #[test]
    fn ln14_the_bar_and_hits_are_refused_in_every_spelling() {
        let start = Nardy::start(Color::White);
        for text in ["b/20", "B-20", "25/20", "bar/20", "24/20*", "24-20*/13"] {
            match start.parse_play(dice(6, 5), text) {
                Err(PlayTextError::Syntax { detail, .. }) => {
                    assert!(detail.contains("LN-14"), "{text:?}: {detail}");
                }
                other => panic!("{text:?}: expected a syntax error, got {other:?}"),
            }
        }
        // The shared grammar's own errors (NOT-1) hold here too.
        for text in ["13-24", "24/24", "24/13(0)", "24//13", "24/13)"] {
            assert!(
                matches!(
                    start.parse_play(dice(6, 5), text),
                    Err(PlayTextError::Syntax { .. })
                ),
                "{text:?}"
            );
        }
    }
}
