//! eXtreme Gammon's position ID, the XGID (spec XGID-1 to XGID-4).
//!
//! `XGID=POS:CUBE:CUBEPOS:TURN:DICE:SCORE_BOTTOM:SCORE_TOP:RULES:MATCHLEN:MAXCUBE`, as eXtreme
//! Gammon's documentation of the XGID describes it (and gnubg's `SetXGID` reads it): the board
//! from the bottom player's side, the cube, who is on roll, the dice or a pending double, the
//! score, the rules and the cube limit. The bottom player is gammon's White (gnubg's player 1,
//! XGID-4), the top player Black.
//!
//! ```
//! use gammon_core::text::xgid::Xgid;
//! use gammon_core::{Color, Position, Variant};
//!
//! let x = Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", Variant::Backgammon)
//!     .unwrap();
//! assert_eq!((x.position.turn(), x.dice, x.jacoby, x.beavers), (Color::White, Some((5, 2)), true, true));
//! assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10");
//! ```

use std::fmt;

use crate::base::color::{ByColor, Color};
use crate::base::setup::{Setup, SetupError, SETUP_BAR, SETUP_OFF};
use crate::base::variant::{RulesFamily, Variant};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use crate::text::match_id::{MAX_CUBE_VALUE, MAX_FIELD_VALUE};

/// Characters in the board field of an XGID (XGID-2).
pub const XGID_POSITION_LEN: usize = 26;

/// The largest log2 of the cube and of the cube limit (XGID-3).
const MAX_LOG2_CUBE: i64 = 15;

/// A state an XGID cannot describe, or that the rules make impossible (XGID-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XgidProblem {
    /// A Long Nardy position.
    #[error("the XGID describes backgammon positions only (XGID-2)")]
    NotBackgammon,
    /// The cube value (`cube_value`) or the limit (`max_cube`) is not a power of two up to
    /// 2^15.
    #[error("{0} must be a power of two from 1 to 2^15, not {1} (XGID-3)")]
    CubeValue(&'static str, u64),
    /// A die outside 1..=6.
    #[error("each die shows 1 to 6, not {0}-{1}")]
    Dice(u8, u8),
    /// Dice together with a pending double.
    #[error("a double is offered before rolling (CUBE-3, XGID-3)")]
    DoubleAfterRoll,
    /// A double by a player who has no access to the cube.
    #[error("only the cube's owner, or either player with the cube centred, may double (CUBE-3)")]
    DoubleWithoutAccess,
    /// A score past the 15-bit range gammon keeps.
    #[error("scores must be ints from 0 to 32767, not {0} (ID-7)")]
    Score(i64),
    /// A match length past the 15-bit range gammon keeps.
    #[error("match_length must be 0 to 32767, not {0}")]
    MatchLength(i64),
    /// A Crawford flag in money play.
    #[error("money play has no Crawford game (XGID-3, MONEY-1)")]
    CrawfordInMoney,
    /// Money rules in match play.
    #[error("the Jacoby rule and beavers are money-play rules (XGID-3, MATCH-2)")]
    MoneyRulesInMatch,
    /// The Crawford game with a turned cube or a double.
    #[error("in the Crawford game the cube stays at 1, centred (MATCH-3)")]
    CrawfordCube,
}

/// A text that is not an XGID, or an XGID of an impossible board or state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseXgidError {
    /// Not ten (or nine, without `MAXCUBE`) fields.
    #[error("an XGID has ten ':'-separated fields, {0:?} has {1} (XGID-1)")]
    Fields(String, usize),
    /// A number field that is not ASCII decimal.
    #[error("XGID {0:?}: {1} must be a number, not {2:?} (XGID-1)")]
    Number(String, &'static str, String),
    /// A number out of its field's range.
    #[error("XGID {0:?}: {1} (XGID-3)")]
    Range(String, String),
    /// A board field of the wrong length or with a character outside `-`, `A`-`P`, `a`-`p`.
    #[error("XGID {0:?}: {1} (XGID-2)")]
    Board(String, String),
    /// A dice field that is not `00`, `D` or two dice.
    #[error("XGID {0:?}: {1} (XGID-3)")]
    Dice(String, String),
    /// The board breaks a rule (too many checkers, a point held by both players, ...).
    #[error("XGID {0:?}: {1}")]
    Position(String, SetupError),
    /// A state the rules make impossible.
    #[error("XGID {0:?}: {1}")]
    Invalid(String, XgidProblem),
}

/// The fields of an XGID (XGID-1 to XGID-3) in gammon's terms. Build one with struct syntax
/// and check it with [`Xgid::validate`]; [`Xgid::parse`] reads and [`fmt::Display`] writes the
/// text (with the `XGID=` prefix).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The board, with the player on roll (`TURN`; the doubler while a double is pending).
    pub position: Backgammon,
    /// The cube value (`CUBE` holds its log2).
    pub cube_value: u32,
    /// The owner, `None` when centred (`CUBEPOS`).
    pub cube_owner: Option<Color>,
    /// The roll as written, or `None` before rolling.
    pub dice: Option<(u8, u8)>,
    /// The player on roll has doubled and the other must answer (`D`).
    pub double_offered: bool,
    /// `SCORE_BOTTOM` (White) and `SCORE_TOP` (Black); running totals in money play.
    pub score: ByColor<u32>,
    /// 0 for money play.
    pub match_length: u32,
    /// This is the Crawford game (match play, `RULES` = 1).
    pub crawford: bool,
    /// The Jacoby rule (money play, `RULES` bit 0).
    pub jacoby: bool,
    /// Beavers allowed (money play, `RULES` bit 1).
    pub beavers: bool,
    /// The money cube limit (`MAXCUBE` holds its log2; gnubg ignores it).
    pub max_cube: u32,
}

/// One character of the board field: `count` checkers of the bottom (upper case) or top (lower
/// case) player.
fn count_char(count: u8, upper: bool) -> char {
    if count == 0 {
        return '-';
    }
    let base = if upper { b'A' } else { b'a' };
    char::from(base + count.min(16) - 1)
}

impl Xgid {
    /// An XGID of `position` with the other fields at their defaults: cube 1 centred, no dice,
    /// money play, no rules, cube limit 1024.
    #[must_use]
    pub fn new(position: Backgammon) -> Xgid {
        Xgid {
            position,
            cube_value: 1,
            cube_owner: None,
            dice: None,
            double_offered: false,
            score: ByColor::default(),
            match_length: 0,
            crawford: false,
            jacoby: false,
            beavers: false,
            max_cube: 1024,
        }
    }

    /// The player on roll (`TURN`).
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The `RULES` field: the Crawford flag in match play, Jacoby + 2 x beavers in money play.
    #[must_use]
    pub fn rules(&self) -> u8 {
        if self.match_length > 0 {
            u8::from(self.crawford)
        } else {
            u8::from(self.jacoby) | u8::from(self.beavers) << 1
        }
    }

    /// Checks the fields (XGID-3): a backgammon board, cube value and limit within 2^15, dice
    /// of 1-6, no dice together with a pending double, a double only by a player with access
    /// to the cube (CUBE-3), scores and length within 15 bits, no Crawford flag in money play,
    /// no money rules in match play (MATCH-2), and the Crawford cube at 1, centred (MATCH-3).
    ///
    /// # Errors
    /// The first [`XgidProblem`] found.
    pub fn validate(self) -> Result<Xgid, XgidProblem> {
        if self.position.variant().family() != RulesFamily::Backgammon {
            return Err(XgidProblem::NotBackgammon);
        }
        for (name, v) in [("cube_value", self.cube_value), ("max_cube", self.max_cube)] {
            if !v.is_power_of_two() || v > MAX_CUBE_VALUE {
                return Err(XgidProblem::CubeValue(name, u64::from(v)));
            }
        }
        if let Some((a, b)) = self.dice {
            if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
                return Err(XgidProblem::Dice(a, b));
            }
            if self.double_offered {
                return Err(XgidProblem::DoubleAfterRoll);
            }
        }
        if self.double_offered && self.cube_owner.is_some_and(|o| o != self.turn()) {
            return Err(XgidProblem::DoubleWithoutAccess);
        }
        for s in [self.score.white, self.score.black] {
            if s > MAX_FIELD_VALUE {
                return Err(XgidProblem::Score(i64::from(s)));
            }
        }
        if self.match_length > MAX_FIELD_VALUE {
            return Err(XgidProblem::MatchLength(i64::from(self.match_length)));
        }
        if self.match_length == 0 && self.crawford {
            return Err(XgidProblem::CrawfordInMoney);
        }
        if self.match_length > 0 && (self.jacoby || self.beavers) {
            return Err(XgidProblem::MoneyRulesInMatch);
        }
        if self.crawford
            && (self.cube_value != 1 || self.cube_owner.is_some() || self.double_offered)
        {
            return Err(XgidProblem::CrawfordCube);
        }
        Ok(self)
    }

    /// The 26-character board field (XGID-2): the top player's bar, points 1-24 in the bottom
    /// player's numbering, the bottom player's bar.
    #[must_use]
    pub fn board_field(&self) -> String {
        let setup = self.position.to_setup();
        let (white, black) = (&setup.board.white, &setup.board.black);
        let mut out = String::with_capacity(XGID_POSITION_LEN);
        out.push(count_char(black[SETUP_BAR], false));
        for i in 1..=24 {
            if white[i] > 0 {
                out.push(count_char(white[i], true));
            } else {
                out.push(count_char(black[25 - i], false));
            }
        }
        out.push(count_char(white[SETUP_BAR], true));
        out
    }

    /// Reads an XGID, with or without the `XGID=` prefix (XGID-1). `variant` names the
    /// backgammon variant for the checker count (the XGID does not say). A missing `MAXCUBE`
    /// field reads as 1024, XG's usual value.
    ///
    /// # Errors
    /// [`ParseXgidError`]: the wrong number of fields, a bad board character, a field that is
    /// not a number or out of its range, a beaver or raccoon in the dice field (`B`/`R`, which
    /// gnubg does not read either), an impossible board, or an impossible state.
    pub fn parse(text: &str, variant: Variant) -> Result<Xgid, ParseXgidError> {
        let own = || text.to_string();
        let mut t = text.trim();
        if t.len() >= 5 && t.is_char_boundary(5) && t[..5].eq_ignore_ascii_case("XGID=") {
            t = &t[5..];
        }
        let mut parts: Vec<&str> = t.split(':').collect();
        if parts.len() == 9 {
            parts.push("10");
        }
        if parts.len() != 10 {
            return Err(ParseXgidError::Fields(own(), parts.len()));
        }
        let names = [
            "CUBE",
            "CUBEPOS",
            "TURN",
            "SCORE_BOTTOM",
            "SCORE_TOP",
            "RULES",
            "MATCHLEN",
            "MAXCUBE",
        ];
        let fields = [1, 2, 3, 5, 6, 7, 8, 9];
        let mut nums = [0i64; 8];
        for ((slot, name), i) in nums.iter_mut().zip(names).zip(fields) {
            *slot = decimal(parts[i]).ok_or_else(|| {
                ParseXgidError::Number(own(), name, parts[i].chars().take(40).collect())
            })?;
        }
        let [cube_log2, owner, turn, bottom, top, rules, length, max_log2] = nums;
        let range = |m: String| ParseXgidError::Range(own(), m);
        if turn != 1 && turn != -1 {
            return Err(range(format!("TURN is 1 (bottom) or -1 (top), not {turn}")));
        }
        if !(-1..=1).contains(&owner) {
            return Err(range(format!("CUBEPOS is 1, 0 or -1, not {owner}")));
        }
        for (name, v) in [("CUBE", cube_log2), ("MAXCUBE", max_log2)] {
            if !(0..=MAX_LOG2_CUBE).contains(&v) {
                return Err(range(format!("{name} must be 0-{MAX_LOG2_CUBE}, not {v}")));
            }
        }
        if !(0..=3).contains(&rules) {
            return Err(range(format!("RULES must be 0-3, not {rules}")));
        }
        let on_roll = if turn == 1 {
            Color::White
        } else {
            Color::Black
        };
        if variant.family() != RulesFamily::Backgammon {
            return Err(ParseXgidError::Invalid(own(), XgidProblem::NotBackgammon));
        }
        let position = board_from_field(text, parts[0], variant, on_roll)?;
        let (dice, double_offered) = dice_field(text, parts[4])?;
        let invalid = |p: XgidProblem| ParseXgidError::Invalid(own(), p);
        let score_of = |s: i64| {
            u32::try_from(s)
                .ok()
                .filter(|&s| s <= MAX_FIELD_VALUE)
                .ok_or_else(|| invalid(XgidProblem::Score(s)))
        };
        let score = ByColor {
            white: score_of(bottom)?,
            black: score_of(top)?,
        };
        let match_length = u32::try_from(length)
            .ok()
            .filter(|&n| n <= MAX_FIELD_VALUE)
            .ok_or_else(|| invalid(XgidProblem::MatchLength(length)))?;
        let money = match_length == 0;
        Xgid {
            position,
            cube_value: 1 << cube_log2,
            cube_owner: match owner {
                0 => None,
                1 => Some(Color::White),
                _ => Some(Color::Black),
            },
            dice,
            double_offered,
            score,
            match_length,
            crawford: !money && rules & 1 == 1,
            jacoby: money && rules & 1 == 1,
            beavers: money && rules & 2 == 2,
            max_cube: 1 << max_log2,
        }
        .validate()
        .map_err(invalid)
    }
}

impl fmt::Display for Xgid {
    /// The XGID text with the `XGID=` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let owner = match self.cube_owner {
            None => 0,
            Some(Color::White) => 1,
            Some(Color::Black) => -1,
        };
        let turn = if self.turn() == Color::White { 1 } else { -1 };
        let dice = match (self.double_offered, self.dice) {
            (true, _) => "D".to_string(),
            (false, None) => "00".to_string(),
            (false, Some((a, b))) => format!("{a}{b}"),
        };
        write!(
            f,
            "XGID={}:{}:{owner}:{turn}:{dice}:{}:{}:{}:{}:{}",
            self.board_field(),
            self.cube_value.trailing_zeros(),
            self.score.white,
            self.score.black,
            self.rules(),
            self.match_length,
            self.max_cube.trailing_zeros()
        )
    }
}

/// A number field (XGID-1): ASCII digits after an optional minus sign, surrounding whitespace
/// ignored. Values past `i64` saturate (they fail every range check).
fn decimal(field: &str) -> Option<i64> {
    let v = field.trim();
    let (negative, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, v),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some(if negative { -n } else { n })
}

/// The DICE field (XGID-3): `00` before rolling, `D` for a pending double, or two dice.
fn dice_field(text: &str, field: &str) -> Result<(Option<(u8, u8)>, bool), ParseXgidError> {
    let d = field.trim().to_ascii_uppercase();
    let err = |m: String| ParseXgidError::Dice(text.to_string(), m);
    let shown: String = field.chars().take(20).collect();
    match d.as_str() {
        "D" => Ok((None, true)),
        "B" | "R" => Err(err(format!(
            "a pending beaver or raccoon ({d}) is not read; gnubg does not read it either"
        ))),
        _ if d.len() == 2 && d.bytes().all(|b| b.is_ascii_digit()) => {
            let b = d.as_bytes();
            let (x, y) = (b[0] - b'0', b[1] - b'0');
            if (x == 0) != (y == 0) || x > 6 || y > 6 {
                return Err(err(format!("DICE {shown:?} is not a roll")));
            }
            Ok(((x > 0).then_some((x, y)), false))
        }
        _ => Err(err(format!(
            "DICE must be 00, D or two dice, not {shown:?}"
        ))),
    }
}

/// Reads the board field (XGID-2) into a position of `variant` with `turn` on roll.
fn board_from_field(
    text: &str,
    board: &str,
    variant: Variant,
    turn: Color,
) -> Result<Backgammon, ParseXgidError> {
    let err = |m: String| ParseXgidError::Board(text.to_string(), m);
    let n = board.chars().count();
    if n != XGID_POSITION_LEN {
        return Err(err(format!(
            "the board field has {XGID_POSITION_LEN} characters, not {n}"
        )));
    }
    let mut setup = Setup::empty(variant, turn);
    for (i, ch) in board.chars().enumerate() {
        let (count, white) = match ch {
            '-' => continue,
            'A'..='P' => (ch as u8 - b'A' + 1, true),
            'a'..='p' => (ch as u8 - b'a' + 1, false),
            _ => {
                return Err(err(format!(
                    "board character {ch:?} is not '-', A-P or a-p"
                )))
            }
        };
        let point = match (i, white) {
            (0, true) => {
                return Err(err(
                    "the first character is the top player's bar".to_string()
                ))
            }
            (25, false) => {
                return Err(err(
                    "the last character is the bottom player's bar".to_string()
                ))
            }
            (0 | 25, _) => SETUP_BAR,
            (_, true) => i,
            (_, false) => 25 - i,
        };
        let side = if white {
            &mut setup.board.white
        } else {
            &mut setup.board.black
        };
        side[point] = side[point].saturating_add(count);
    }
    for color in Color::ALL {
        let side = &mut setup.board[color];
        let on: u32 = side[1..].iter().map(|&c| u32::from(c)).sum();
        side[SETUP_OFF] = u32::from(variant.checkers_per_side()).saturating_sub(on) as u8;
    }
    Backgammon::from_setup(&setup).map_err(|e| ParseXgidError::Position(text.to_string(), e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::PositionId;

    const START: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10";

    #[test]
    fn c34_xgid4_the_start_position_in_money_with_jacoby_and_beavers() {
        let x = Xgid::parse(START, Variant::Backgammon).unwrap();
        assert_eq!(
            x.position,
            Backgammon::start(Variant::Backgammon, Color::White).unwrap()
        );
        assert_eq!(x.position.id(), "4HPwATDgc/ABMA");
        assert_eq!(
            (x.dice, x.jacoby, x.beavers, x.match_length),
            (Some((5, 2)), true, true, 0)
        );
        assert_eq!(x.to_string(), START);
    }

    #[test]
    fn xgid2_the_top_bar_and_the_bottom_points_decode() {
        let x = Xgid::parse(
            "XGID=a-----E-C---eE---c-e---AA-:2:1:1:31:0:0:0:7:10",
            Variant::Backgammon,
        )
        .unwrap();
        assert_eq!(x.position.id(), "4HPwASDwOfgAFA");
        let s = x.position.to_setup();
        assert_eq!(
            (
                s.board.black[SETUP_BAR],
                s.board.white[23],
                s.board.white[24]
            ),
            (1, 1, 1)
        );
        assert_eq!(
            (x.cube_value, x.cube_owner, x.match_length),
            (4, Some(Color::White), 7)
        );
    }

    #[test]
    fn xgid1_the_prefix_and_the_maxcube_field_are_optional() {
        for text in [
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0",
            "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
            "xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
        ] {
            let x = Xgid::parse(text, Variant::Backgammon).unwrap();
            assert_eq!(
                (x.max_cube, x.position.id()),
                (1024, "4HPwATDgc/ABMA".into())
            );
        }
    }

    #[test]
    fn xgid_unreadable_texts_are_errors_of_their_kind() {
        let bad = |t: &str| Xgid::parse(t, Variant::Backgammon).unwrap_err();
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3"),
            ParseXgidError::Fields(..)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:3:0:10"),
            ParseXgidError::Board(..)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----Z-:0:0:1:52:0:0:3:0:10"),
            ParseXgidError::Board(..)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B-:0:0:2:52:0:0:3:0:10"),
            ParseXgidError::Range(..)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10"),
            ParseXgidError::Dice(..)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:3:0:10"),
            ParseXgidError::Dice(..)
        ));
        for number in ["x", "1_0", "+5", " ", "\u{661}"] {
            let text = format!("XGID=-b----E-C---eE---c-e----B-:{number}:0:1:52:0:0:3:0:10");
            assert!(
                matches!(bad(&text), ParseXgidError::Number(..)),
                "{number:?}"
            );
        }
        assert!(matches!(
            bad("XGID=-b----P-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"),
            ParseXgidError::Position(..)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10"),
            ParseXgidError::Invalid(_, XgidProblem::DoubleWithoutAccess)
        ));
        assert!(matches!(
            bad("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:40000:0:0:0:10"),
            ParseXgidError::Invalid(_, XgidProblem::Score(40000))
        ));
        assert!(matches!(
            Xgid::parse(START, Variant::LongNardy),
            Err(ParseXgidError::Invalid(_, XgidProblem::NotBackgammon))
        ));
    }

    #[test]
    fn xgid3_impossible_states_are_refused() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let base = Xgid::new(start);
        let rolled_double = Xgid {
            dice: Some((3, 1)),
            double_offered: true,
            ..base
        };
        assert_eq!(rolled_double.validate(), Err(XgidProblem::DoubleAfterRoll));
        let no_access = Xgid {
            double_offered: true,
            cube_owner: Some(Color::Black),
            cube_value: 2,
            ..base
        };
        assert_eq!(no_access.validate(), Err(XgidProblem::DoubleWithoutAccess));
        let money_crawford = Xgid {
            crawford: true,
            ..base
        };
        assert_eq!(money_crawford.validate(), Err(XgidProblem::CrawfordInMoney));
        let match_jacoby = Xgid {
            match_length: 5,
            jacoby: true,
            ..base
        };
        assert_eq!(match_jacoby.validate(), Err(XgidProblem::MoneyRulesInMatch));
        let crawford_cube = Xgid {
            match_length: 5,
            crawford: true,
            cube_value: 2,
            ..base
        };
        assert_eq!(crawford_cube.validate(), Err(XgidProblem::CrawfordCube));
    }

    #[test]
    fn xgid2_written_boards_read_back() {
        // Every position reached from the start by a few plays writes an XGID that reads
        // back to the same fields.
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut frontier = vec![start];
        for d in [
            crate::base::dice::Dice::new(6, 4).unwrap(),
            crate::base::dice::Dice::new(3, 3).unwrap(),
        ] {
            let mut next = Vec::new();
            for pos in &frontier {
                for play in pos.legal_plays(d).iter() {
                    next.push(pos.play_unchecked(play));
                }
            }
            frontier = next;
        }
        assert!(frontier.len() > 50);
        for pos in frontier {
            let x = Xgid {
                dice: Some((2, 5)),
                score: ByColor { white: 3, black: 1 },
                match_length: 7,
                ..Xgid::new(pos)
            };
            assert_eq!(Xgid::parse(&x.to_string(), Variant::Backgammon), Ok(x));
        }
    }
}
