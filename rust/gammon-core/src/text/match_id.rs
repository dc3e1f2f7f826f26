//! gnubg's Match ID (spec ID-4 to ID-7) and the combined `PositionID:MatchID` form (ID-6).
//!
//! The layout is the one of the GNU Backgammon manual ("A technical description of the Match
//! ID"): 66 bits of fields, written least significant bit first, in the order of [`LAYOUT`],
//! plus bit 66, the "not Jacoby" bit newer gnubg writes (ID-5). The bits are padded to 72,
//! packed little-endian into 9 bytes and Base64-encoded to 12 characters.
//!
//! gnubg numbers its players 0 and 1 and draws player 1 at the bottom; gammon's White is the
//! bottom player, so **White is gnubg's player 1 and Black its player 0** ([`gnubg_player`],
//! [`color_of_gnubg_player`]; the same mapping puts White at the bottom of an XGID, XGID-4).
//!
//! ```
//! use gammon_core::text::match_id::MatchId;
//! use gammon_core::Color;
//!
//! let mid: MatchId = "QYkqASAAIAAE".parse().unwrap();
//! assert_eq!((mid.match_length, mid.score.black, mid.score.white), (9, 2, 4));
//! assert_eq!((mid.cube_value, mid.cube_owner, mid.dice), (2, Some(Color::Black), Some((5, 2))));
//! assert_eq!(mid.to_string(), "QYkqASAAIAAE");
//! ```

use std::fmt;
use std::str::FromStr;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;

use crate::base::color::{ByColor, Color};

/// Characters in a Match ID (ID-4).
pub const MATCH_ID_LEN: usize = 12;

/// The largest match length and score the 15-bit fields hold (ID-7).
pub const MAX_FIELD_VALUE: u32 = (1 << 15) - 1;

/// The largest cube value: its log2 has a 4-bit field (ID-4).
pub const MAX_CUBE_VALUE: u32 = 1 << 15;

/// The fields of the key in bit order, each with its width (ID-4): the names are the ones
/// `gammon.MatchId.fields()` uses.
pub const LAYOUT: [(&str, u32); 14] = [
    ("cube_log2", 4),
    ("owner", 2),
    ("turn", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("to_act", 1),
    ("doubled", 1),
    ("resigned", 2),
    ("die1", 3),
    ("die2", 3),
    ("length", 15),
    ("score0", 15),
    ("score1", 15),
    ("not_jacoby", 1),
];

/// The owner code of a centred cube (ID-4); code 2 reads as centred too (ID-7).
const CENTRED: u64 = 3;

/// gnubg's player number of `color`: White (bottom) is 1, Black (top) is 0.
#[must_use]
pub const fn gnubg_player(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 0,
    }
}

/// The color of gnubg's player `player`: 1 is White, 0 is Black, anything else `None`.
#[must_use]
pub const fn color_of_gnubg_player(player: u64) -> Option<Color> {
    match player {
        1 => Some(Color::White),
        0 => Some(Color::Black),
        _ => None,
    }
}

/// The Match ID's game state field (ID-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game started (before the opening roll).
    NoGame = 0,
    /// A game is in progress.
    #[default]
    Playing = 1,
    /// The game ended by bearing off.
    Over = 2,
    /// The game ended by an accepted resignation.
    Resigned = 3,
    /// The game ended by a dropped double.
    Dropped = 4,
}

impl GameState {
    /// Every state, in the order of their codes.
    pub const ALL: [GameState; 5] = [
        GameState::NoGame,
        GameState::Playing,
        GameState::Over,
        GameState::Resigned,
        GameState::Dropped,
    ];

    /// The state with code `code` (0..=4), or `None`.
    #[must_use]
    pub fn from_code(code: u64) -> Option<GameState> {
        GameState::ALL.into_iter().find(|s| *s as u64 == code)
    }

    /// The upper-case name gammon gives the state (`NONE`, `PLAYING`, `OVER`, `RESIGNED`,
    /// `DROPPED`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameState::NoGame => "NONE",
            GameState::Playing => "PLAYING",
            GameState::Over => "OVER",
            GameState::Resigned => "RESIGNED",
            GameState::Dropped => "DROPPED",
        }
    }
}

/// A state the fields of a Match ID cannot describe, or that the rules make impossible
/// (ID-4, ID-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchIdProblem {
    /// The cube value is not a power of two up to 2^15.
    #[error("cube_value must be a power of two up to 32768, not {0} (ID-4)")]
    CubeValue(u64),
    /// A resignation level outside 0..=3.
    #[error("resignation must be 0 (none) or a level 1-3, not {0}")]
    Resignation(u64),
    /// A die outside 1..=6.
    #[error("each die shows 1 to 6, not {0}-{1}")]
    Dice(u8, u8),
    /// A match length past the 15-bit field.
    #[error("match_length must be 0 (money) to 32767, not {0} (ID-7)")]
    MatchLength(u64),
    /// A score past the 15-bit field.
    #[error("scores must be ints from 0 to 32767, not {0} (ID-7)")]
    Score(u64),
    /// A Crawford flag in money play.
    #[error("money play has no Crawford game (ID-4, MONEY-1)")]
    CrawfordInMoney,
    /// A Crawford game in progress with a turned cube or a double.
    #[error("in the Crawford game the cube stays at 1, centred (MATCH-3, ID-7)")]
    CrawfordCube,
    /// A double offered with the dice rolled.
    #[error("a double is offered before rolling (CUBE-3, ID-7)")]
    DoubleAfterRoll,
    /// A double and a resignation both pending.
    #[error("a resignation cannot be pending with a double (RESIGN-5, ID-7)")]
    DoubleAndResignation,
}

/// A text that is not a Match ID, or a Match ID of an impossible state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMatchIdError {
    /// Not 12 characters.
    #[error("a Match ID has 12 characters, {0:?} has {1} (ID-4)")]
    Length(String, usize),
    /// A character outside the Base64 alphabet.
    #[error("{0:?} is not a Match ID: only A-Z, a-z, 0-9, + and / may appear (ID-4)")]
    Character(String),
    /// A game state code no state has (5..=7).
    #[error("Match ID {0:?}: game state {1} is undefined (ID-4)")]
    GameState(String, u64),
    /// Dice fields that are not a roll (a 7, or one die zero).
    #[error("Match ID {0:?}: dice {1}-{2} are not a roll (ID-4)")]
    Dice(String, u64, u64),
    /// Fields the rules make impossible together (ID-7).
    #[error("Match ID {0:?}: {1}")]
    Invalid(String, MatchIdProblem),
}

/// The fields of a gnubg Match ID (ID-4) in gammon's terms. Build one with struct syntax and
/// check it with [`MatchId::validate`]; [`FromStr`] reads and [`fmt::Display`] writes the
/// 12-character text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// The cube value, a power of two from 1 to 2^15.
    pub cube_value: u32,
    /// The owner, `None` when centred.
    pub cube_owner: Option<Color>,
    /// The player on roll, who owns the dice (gnubg `fMove`).
    pub turn: Color,
    /// The player who must act now (`fTurn`): the other player while a double or a
    /// resignation awaits an answer.
    pub to_act: Color,
    /// This game is the Crawford game (never in money play). In the ID of a finished game
    /// gnubg writes the flag of the next game.
    pub crawford: bool,
    /// The game state.
    pub game_state: GameState,
    /// A double awaits `to_act`'s answer.
    pub double_offered: bool,
    /// The level (1-3) `to_act`'s opponent offers to resign at, 0 for none.
    pub resignation: u8,
    /// The roll as given (written larger die first), or `None` before rolling.
    pub dice: Option<(u8, u8)>,
    /// The match length, 0 for a money session.
    pub match_length: u32,
    /// The match scores, or the money totals.
    pub score: ByColor<u32>,
    /// The Jacoby rule is in effect (money play), written as bit 66 "not Jacoby" (ID-5).
    pub jacoby: bool,
}

impl Default for MatchId {
    /// A money game in progress, cube 1 centred, White on roll and to act, no dice.
    fn default() -> Self {
        MatchId {
            cube_value: 1,
            cube_owner: None,
            turn: Color::White,
            to_act: Color::White,
            crawford: false,
            game_state: GameState::Playing,
            double_offered: false,
            resignation: 0,
            dice: None,
            match_length: 0,
            score: ByColor::default(),
            jacoby: false,
        }
    }
}

/// Base64 as gnubg writes the Match ID: the standard alphabet (9 bytes need no padding).
fn decode_key(text: &str) -> Option<[u8; 9]> {
    let mut key = [0u8; 9];
    match STANDARD.decode_slice(text, &mut key) {
        Ok(9) => Some(key),
        _ => None,
    }
}

impl MatchId {
    /// Checks the fields: each within its bit width, and no state the rules make impossible
    /// (ID-7): a Crawford flag in money play or on a turned cube while the game is played
    /// (MATCH-3), a double offered with the dice rolled (CUBE-3) or together with a
    /// resignation (RESIGN-5).
    ///
    /// # Errors
    /// The first [`MatchIdProblem`] found.
    pub fn validate(self) -> Result<MatchId, MatchIdProblem> {
        let v = self.cube_value;
        if !v.is_power_of_two() || v > MAX_CUBE_VALUE {
            return Err(MatchIdProblem::CubeValue(u64::from(v)));
        }
        if self.resignation > 3 {
            return Err(MatchIdProblem::Resignation(u64::from(self.resignation)));
        }
        if let Some((a, b)) = self.dice {
            if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
                return Err(MatchIdProblem::Dice(a, b));
            }
        }
        if self.match_length > MAX_FIELD_VALUE {
            return Err(MatchIdProblem::MatchLength(u64::from(self.match_length)));
        }
        for s in [self.score.white, self.score.black] {
            if s > MAX_FIELD_VALUE {
                return Err(MatchIdProblem::Score(u64::from(s)));
            }
        }
        if self.crawford && self.match_length == 0 {
            return Err(MatchIdProblem::CrawfordInMoney);
        }
        // Only while the game is played: after a game, gnubg's ID already carries the next
        // game's Crawford flag next to the finished game's cube.
        if self.crawford
            && self.game_state == GameState::Playing
            && (v != 1 || self.cube_owner.is_some() || self.double_offered)
        {
            return Err(MatchIdProblem::CrawfordCube);
        }
        if self.double_offered && self.dice.is_some() {
            return Err(MatchIdProblem::DoubleAfterRoll);
        }
        if self.double_offered && self.resignation > 0 {
            return Err(MatchIdProblem::DoubleAndResignation);
        }
        Ok(self)
    }

    /// True for a money session (match length 0).
    #[must_use]
    pub const fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// The raw fields in gnubg's numbering, in the order of [`LAYOUT`]: players 0/1, the
    /// cube as its log2, owner code 3 for centred, the larger die first, bit 66 set unless
    /// the Jacoby rule is in effect in money play (ID-5).
    #[must_use]
    pub fn fields(&self) -> [u64; 14] {
        let (d1, d2) = self.dice.map_or((0, 0), |(a, b)| (a.max(b), a.min(b)));
        let player = |c: Color| u64::from(gnubg_player(c));
        [
            u64::from(self.cube_value.trailing_zeros()),
            self.cube_owner.map_or(CENTRED, player),
            player(self.turn),
            u64::from(self.crawford),
            self.game_state as u64,
            player(self.to_act),
            u64::from(self.double_offered),
            u64::from(self.resignation),
            u64::from(d1),
            u64::from(d2),
            u64::from(self.match_length),
            u64::from(self.score.black),
            u64::from(self.score.white),
            u64::from(self.match_length > 0 || !self.jacoby),
        ]
    }

    /// The 9-byte key: the fields packed least significant bit first, little-endian (ID-4).
    #[must_use]
    pub fn key(&self) -> [u8; 9] {
        let mut bits: u128 = 0;
        let mut at = 0;
        for (value, (_, width)) in self.fields().into_iter().zip(LAYOUT) {
            bits |= u128::from(value & ((1 << width) - 1)) << at;
            at += width;
        }
        let bytes = bits.to_le_bytes();
        let mut key = [0u8; 9];
        key.copy_from_slice(&bytes[..9]);
        key
    }

    /// Reads the fields of a 9-byte key, without checking them.
    fn raw_fields(key: &[u8; 9]) -> [u64; 14] {
        let mut bytes = [0u8; 16];
        bytes[..9].copy_from_slice(key);
        let bits = u128::from_le_bytes(bytes);
        let mut out = [0u64; 14];
        let mut at = 0;
        for (slot, (_, width)) in out.iter_mut().zip(LAYOUT) {
            // Each field is at most 15 bits wide.
            *slot = ((bits >> at) & ((1 << width) - 1)) as u64;
            at += width;
        }
        out
    }

    /// Reads a Match ID, with or without the "not Jacoby" bit 66 (ID-5): in match play the bit
    /// is ignored; in money play 1 means Jacoby off and 0 Jacoby on (older gnubg always wrote
    /// 0). Owner code 2 reads as centred, as gnubg does, and the dice come back larger first
    /// (ID-7). Surrounding whitespace is ignored.
    ///
    /// # Errors
    /// [`ParseMatchIdError`]: not 12 Base64 characters, a field no state can have (game state
    /// 5-7, a die 7 or a single zero die), or a state the rules make impossible (ID-7).
    pub fn parse(text: &str) -> Result<MatchId, ParseMatchIdError> {
        let t = text.trim();
        let n = t.chars().count();
        if n != MATCH_ID_LEN {
            return Err(ParseMatchIdError::Length(text.to_string(), n));
        }
        let key = decode_key(t).ok_or_else(|| ParseMatchIdError::Character(text.to_string()))?;
        let [cube_log2, owner, turn, crawford, state, to_act, doubled, resigned, d1, d2, length, score0, score1, not_jacoby] =
            MatchId::raw_fields(&key);
        let game_state = GameState::from_code(state)
            .ok_or_else(|| ParseMatchIdError::GameState(text.to_string(), state))?;
        if d1 > 6 || d2 > 6 || (d1 == 0) != (d2 == 0) {
            return Err(ParseMatchIdError::Dice(text.to_string(), d1, d2));
        }
        // Every field fits its type: widths of 1 to 15 bits.
        let player = |p: u64| color_of_gnubg_player(p).unwrap_or(Color::White);
        let (hi, lo) = (d1.max(d2) as u8, d1.min(d2) as u8);
        let mid = MatchId {
            cube_value: 1 << cube_log2,
            cube_owner: if owner >= 2 {
                None
            } else {
                Some(player(owner))
            },
            turn: player(turn),
            to_act: player(to_act),
            crawford: crawford == 1,
            game_state,
            double_offered: doubled == 1,
            resignation: resigned as u8,
            dice: (hi > 0).then_some((hi, lo)),
            match_length: length as u32,
            score: ByColor {
                white: score1 as u32,
                black: score0 as u32,
            },
            jacoby: length == 0 && not_jacoby == 0,
        };
        mid.validate()
            .map_err(|e| ParseMatchIdError::Invalid(text.to_string(), e))
    }
}

impl FromStr for MatchId {
    type Err = ParseMatchIdError;

    fn from_str(s: &str) -> Result<MatchId, ParseMatchIdError> {
        MatchId::parse(s)
    }
}

impl fmt::Display for MatchId {
    /// The 12-character Match ID, bit 66 written as gnubg >= 1.0 does (ID-5).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&STANDARD.encode(self.key()))
    }
}

/// A text that is not `PositionID:MatchID`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a GNUbgID is PositionID:MatchID, not {0:?} (ID-6)")]
pub struct SplitGnubgIdError(pub String);

/// Splits a GNUbgID `PositionID:MatchID` into its two parts (ID-6), trimmed. A `GNUbgID` or
/// `GNUID` prefix (any case, followed by spaces, `=` or `:`) is ignored.
///
/// # Errors
/// [`SplitGnubgIdError`] when the text has no single `:` separator.
pub fn split_gnubg_id(text: &str) -> Result<(&str, &str), SplitGnubgIdError> {
    let mut t = text.trim();
    for prefix in ["GNUbgID", "GNUID"] {
        if t.len() >= prefix.len()
            && t.is_char_boundary(prefix.len())
            && t[..prefix.len()].eq_ignore_ascii_case(prefix)
        {
            t = t[prefix.len()..].trim_start_matches([' ', '=', ':']);
            break;
        }
    }
    let mut parts = t.split(':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => Ok((a.trim(), b.trim())),
        _ => Err(SplitGnubgIdError(text.to_string())),
    }
}

/// The GNUbgID `PositionID:MatchID` (ID-6).
#[must_use]
pub fn join_gnubg_id(position_id: &str, match_id: &MatchId) -> String {
    format!("{position_id}:{match_id}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    /// C33: 9-point match, 2-4 (player 0 - player 1), player 0 owns a 2-cube, player 1 rolled
    /// 5-2.
    fn c33() -> MatchId {
        MatchId {
            cube_value: 2,
            cube_owner: Some(Black),
            turn: White,
            to_act: White,
            dice: Some((5, 2)),
            match_length: 9,
            score: ByColor { white: 4, black: 2 },
            ..MatchId::default()
        }
    }

    #[test]
    fn c33_id5_the_manual_example_encodes_with_bit_66_and_reads_both_forms() {
        let mid = c33();
        assert_eq!(
            mid.key(),
            [0x41, 0x89, 0x2A, 0x01, 0x20, 0x00, 0x20, 0x00, 0x04]
        );
        assert_eq!(mid.to_string(), "QYkqASAAIAAE");
        assert_eq!("QYkqASAAIAAE".parse(), Ok(mid));
        assert_eq!("QYkqASAAIAAA".parse(), Ok(mid));
    }

    #[test]
    fn id5_money_ids_carry_jacoby_in_bit_66() {
        for (jacoby, text) in [(true, "cIkFAAAAAAAA"), (false, "cIkFAAAAAAAE")] {
            let mid = MatchId {
                dice: Some((3, 1)),
                jacoby,
                ..MatchId::default()
            };
            assert_eq!(mid.to_string(), text);
            assert_eq!(MatchId::parse(text), Ok(mid));
        }
    }

    #[test]
    fn id5_the_crawford_example_and_c38_a_finished_match() {
        let crawford = MatchId {
            turn: Black,
            to_act: Black,
            crawford: true,
            match_length: 7,
            score: ByColor { white: 3, black: 6 },
            ..MatchId::default()
        };
        assert_eq!(crawford.to_string(), "sAHgAGAAGAAE");
        let over = MatchId {
            turn: Black,
            to_act: Black,
            game_state: GameState::Over,
            match_length: 7,
            score: ByColor { white: 3, black: 9 },
            ..MatchId::default()
        };
        assert_eq!(over.to_string(), "MALgAJAAGAAE");
        assert_eq!(MatchId::parse("MALgAJAAGAAE"), Ok(over));
    }

    #[test]
    fn id7_the_fields_use_their_full_width_and_owner_code_2_is_centred() {
        let long = MatchId {
            match_length: MAX_FIELD_VALUE,
            score: ByColor {
                white: MAX_FIELD_VALUE,
                black: 0,
            },
            ..MatchId::default()
        };
        assert_eq!(MatchId::parse(&long.to_string()), Ok(long));
        let mut key = MatchId::default().key();
        key[0] = (key[0] & !0x30) | 0x20;
        let text = STANDARD.encode(key);
        assert_eq!(MatchId::parse(&text).map(|m| m.cube_owner), Ok(None));
    }

    #[test]
    fn id4_unreadable_texts_and_id7_impossible_states_are_errors() {
        assert!(matches!(
            MatchId::parse("QYkqASAAIAA"),
            Err(ParseMatchIdError::Length(..))
        ));
        assert!(matches!(
            MatchId::parse("QYkqASAAIA!E"),
            Err(ParseMatchIdError::Character(..))
        ));
        assert!(matches!(
            MatchId::parse("////////////"),
            Err(ParseMatchIdError::GameState(..))
        ));
        let money_crawford = MatchId {
            crawford: true,
            ..MatchId::default()
        };
        assert_eq!(
            money_crawford.validate(),
            Err(MatchIdProblem::CrawfordInMoney)
        );
        let rolled_double = MatchId {
            double_offered: true,
            dice: Some((3, 1)),
            match_length: 5,
            ..MatchId::default()
        };
        assert_eq!(
            rolled_double.validate(),
            Err(MatchIdProblem::DoubleAfterRoll)
        );
        // A Crawford flag with a turned cube is refused only while the game is played.
        let crawford_cube = MatchId {
            crawford: true,
            cube_value: 2,
            match_length: 5,
            score: ByColor { white: 4, black: 0 },
            ..MatchId::default()
        };
        assert_eq!(crawford_cube.validate(), Err(MatchIdProblem::CrawfordCube));
        let after = MatchId {
            game_state: GameState::Over,
            ..crawford_cube
        };
        assert_eq!(after.validate(), Ok(after));
    }

    #[test]
    fn id6_gnubg_ids_split_with_or_without_a_prefix() {
        assert_eq!(
            split_gnubg_id("GNUbgID: 4HPwATDgc/ABMA:cIkKAAAAAAAA"),
            Ok(("4HPwATDgc/ABMA", "cIkKAAAAAAAA"))
        );
        assert_eq!(
            split_gnubg_id(" gnuid=4HPwATDgc/ABMA : cIkKAAAAAAAA "),
            Ok(("4HPwATDgc/ABMA", "cIkKAAAAAAAA"))
        );
        assert!(split_gnubg_id("4HPwATDgc/ABMA").is_err());
        assert!(split_gnubg_id("a:b:c").is_err());
        assert_eq!(
            join_gnubg_id("4HPwATDgc/ABMA", &c33()),
            "4HPwATDgc/ABMA:QYkqASAAIAAE"
        );
    }

    #[test]
    fn every_readable_key_round_trips() {
        // Walk a spread of keys: what parses writes back to a text that parses to the same
        // fields (ID-4, ID-5).
        let mut x: u128 = 0x1234_5678_9ABC_DEF0_0FED_CBA9;
        for _ in 0..20_000 {
            x = x.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1);
            let bytes = x.to_le_bytes();
            let mut key = [0u8; 9];
            key.copy_from_slice(&bytes[..9]);
            key[8] &= 0x07;
            if let Ok(mid) = MatchId::parse(&STANDARD.encode(key)) {
                assert_eq!(MatchId::parse(&mid.to_string()), Ok(mid));
            }
        }
    }
}
