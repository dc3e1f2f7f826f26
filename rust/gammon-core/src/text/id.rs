//! gnubg's Position ID (spec ID-1 to ID-3; GNU Backgammon manual, "A technical description of
//! the Position ID").
//!
//! The 80-bit key lists the player **not** on roll first, then the player on roll (this is what
//! gnubg writes; its manual's prose says the opposite, spec §12 D12). For each side, points
//! 1..=24 then the bar in that side's own numbering: one `1` bit per checker and a `0` after
//! each point. Bits are packed little-endian into 10 bytes and Base64-encoded without padding.

use base64::alphabet;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine;

use crate::base::color::Color;
use crate::base::setup::{Setup, SetupError, Side};
use crate::base::variant::Variant;
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::{Nardy, CHECKERS_PER_SIDE};
use crate::text::PositionId;

/// Base64 as gnubg uses it: standard alphabet, no padding written, trailing bits tolerated.
const B64: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone)
        .with_decode_allow_trailing_bits(true),
);

/// Length of a Position ID in characters.
pub const POSITION_ID_LEN: usize = 14;

/// A text that is not a valid Position ID for the variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseIdError {
    /// Not 14 characters long.
    #[error("a Position ID has 14 characters, {0:?} has {1}")]
    Length(String, usize),
    /// A character outside the Base64 alphabet.
    #[error("{0:?} is not a Position ID: only A-Z, a-z, 0-9, + and / may appear")]
    Character(String),
    /// One side holds more checkers than the variant has.
    #[error(
        "Position ID {id:?} gives the {side} {count} checkers, more than the {max} of {variant}"
    )]
    TooManyCheckers {
        /// The ID.
        id: String,
        /// Which side (`"player on roll"` or `"opponent"`).
        side: &'static str,
        /// Checkers found.
        count: u32,
        /// The variant's checker count.
        max: u8,
        /// The variant.
        variant: Variant,
    },
    /// Checker bits set after the 50 point separators.
    #[error("Position ID {0:?} has checker bits after the last point")]
    TrailingBits(String),
    /// The decoded board breaks a rule (a point held by both players, ...).
    #[error("Position ID {0:?} decodes to an invalid position: {1}")]
    Invalid(String, SetupError),
    /// A Position ID without the Long Nardy mark ([`LONG_NARDY_MARK`]) read as Long Nardy: a
    /// backgammon ID, which would otherwise be misread as a Long Nardy board.
    #[error(
        "{0:?} is not a long-nardy Position ID: it has no Long Nardy mark, so it is a \
         backgammon Position ID (gnubg's), which cannot describe a long-nardy position"
    )]
    NotLongNardy(String),
    /// A Long Nardy Position ID (it carries [`LONG_NARDY_MARK`]) read as a backgammon variant.
    #[error("{0:?} is a long-nardy Position ID; it cannot be read as a {1} position")]
    LongNardyId(String, Variant),
}

/// The mark of a Long Nardy Position ID: the value of the four padding bits of its last
/// character, which gnubg always writes as zero (14 Base64 characters hold 84 bits, the key
/// 80). gnubg's layout has no room for a variant, so without the mark a backgammon ID would
/// read as a Long Nardy board; with it each rules family refuses the other's IDs.
pub const LONG_NARDY_MARK: u8 = 0b0001;

/// The Base64 value (0..64) of a character of the standard alphabet.
fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// True when `id` is 14 Base64 characters whose last carries the Long Nardy mark
/// ([`LONG_NARDY_MARK`]).
#[must_use]
pub fn is_long_nardy_id(id: &str) -> bool {
    let text = id.trim().as_bytes();
    text.len() == POSITION_ID_LEN
        && text.iter().all(|&c| b64_value(c).is_some())
        && text
            .last()
            .and_then(|&c| b64_value(c))
            .is_some_and(|v| v & 0x0F == LONG_NARDY_MARK)
}

/// `id` (as [`id_from_sides`] writes it, padding bits zero) with the Long Nardy mark.
#[must_use]
pub fn with_long_nardy_mark(mut id: String) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if let Some(v) = id.as_bytes().last().copied().and_then(b64_value) {
        id.pop();
        id.push(char::from(
            ALPHABET[usize::from((v & !0x0F) | LONG_NARDY_MARK)],
        ));
    }
    id
}

/// The 10-byte key of two sides, `[player not on roll, player on roll]`, each in its own
/// numbering: gnubg's `PositionKey` bit layout. Used by every rules type (Long Nardy keeps the
/// bar slot at 0).
#[must_use]
pub fn key_from_sides(board: &[Side; 2]) -> [u8; 10] {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in board {
        for &count in side {
            for _ in 0..count {
                if bit < 80 {
                    key[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The Position ID text of two sides (see [`key_from_sides`]).
#[must_use]
pub fn id_from_sides(board: &[Side; 2]) -> String {
    B64.encode(key_from_sides(board))
}

/// Decodes a Position ID text into two sides `[player not on roll, player on roll]`, checking
/// the length, the alphabet, stray bits and that neither side holds more than `max` checkers
/// (`variant` names the game in the error).
///
/// # Errors
/// [`ParseIdError::Length`], [`ParseIdError::Character`], [`ParseIdError::TrailingBits`] or
/// [`ParseIdError::TooManyCheckers`].
pub fn sides_from_id(id: &str, max: u8, variant: Variant) -> Result<[Side; 2], ParseIdError> {
    let text = id.trim();
    let n = text.chars().count();
    if n != POSITION_ID_LEN {
        return Err(ParseIdError::Length(id.to_string(), n));
    }
    let mut key = [0u8; 10];
    match B64.decode_slice(text, &mut key) {
        Ok(10) => {}
        _ => return Err(ParseIdError::Character(id.to_string())),
    }
    let board = board_from_key(id, &key)?;
    for (side, name) in [(0, "opponent"), (1, "player on roll")] {
        let count: u32 = board[side].iter().map(|&c| u32::from(c)).sum();
        if count > u32::from(max) {
            return Err(ParseIdError::TooManyCheckers {
                id: id.to_string(),
                side: name,
                count,
                max,
                variant,
            });
        }
    }
    Ok(board)
}

/// The 10-byte key of a position: gnubg's `PositionKey` bit layout.
#[must_use]
pub fn position_key(pos: &Backgammon) -> [u8; 10] {
    key_from_sides(&pos.gnubg_board())
}

/// The gnubg Position ID of `pos`, e.g. `4HPwATDgc/ABMA` for the start (ID-3).
#[must_use]
pub fn position_id(pos: &Backgammon) -> String {
    B64.encode(position_key(pos))
}

/// Decodes a 10-byte key into gnubg's `anBoard` (`[opponent, player on roll]`).
///
/// # Errors
/// [`ParseIdError::TrailingBits`] when set bits follow the 50th separator.
fn board_from_key(id: &str, key: &[u8; 10]) -> Result<[Side; 2], ParseIdError> {
    let mut board = [[0u8; 25]; 2];
    let (mut side, mut point) = (0usize, 0usize);
    for bit in 0..80 {
        let set = key[bit / 8] >> (bit % 8) & 1 == 1;
        if side == 2 {
            if set {
                return Err(ParseIdError::TrailingBits(id.to_string()));
            }
            continue;
        }
        if set {
            board[side][point] = board[side][point].saturating_add(1);
        } else {
            point += 1;
            if point == 25 {
                side += 1;
                point = 0;
            }
        }
    }
    if side < 2 {
        // Ran out of bits inside a side: more than 80 bits were needed, i.e. too many checkers.
        return Err(ParseIdError::TrailingBits(id.to_string()));
    }
    Ok(board)
}

impl Backgammon {
    /// Decodes a gnubg Position ID for `variant` with `turn` on roll.
    ///
    /// # Errors
    /// [`ParseIdError`] naming the problem: wrong length, a bad character, too many checkers,
    /// stray bits, a board that breaks BG-6, or a Long Nardy ID
    /// ([`ParseIdError::LongNardyId`]).
    pub fn from_id(id: &str, variant: Variant, turn: Color) -> Result<Backgammon, ParseIdError> {
        if is_long_nardy_id(id) {
            return Err(ParseIdError::LongNardyId(id.to_string(), variant));
        }
        let board = sides_from_id(id, variant.checkers_per_side(), variant)?;
        Backgammon::from_gnubg_board(&board, variant, turn)
            .map_err(|e| ParseIdError::Invalid(id.to_string(), e))
    }
}

impl Nardy {
    /// Decodes a Long Nardy position ID (gnubg's 80-bit layout, each side in its own
    /// numbering, the bar slot always empty; see [`PositionId::id`]) with `turn` on roll and the
    /// default options.
    ///
    /// # Errors
    /// [`ParseIdError`] naming the problem: wrong length, a bad character, too many checkers,
    /// stray bits, a board that breaks a rule (checkers on the bar, a shared point, an
    /// illegal block), or an ID without the Long Nardy mark ([`ParseIdError::NotLongNardy`]).
    pub fn from_id(id: &str, turn: Color) -> Result<Nardy, ParseIdError> {
        let sides = sides_from_id(id, CHECKERS_PER_SIDE, Variant::LongNardy)?;
        if !is_long_nardy_id(id) {
            return Err(ParseIdError::NotLongNardy(id.to_string()));
        }
        Nardy::from_setup(&Setup::from_sides(Variant::LongNardy, turn, &sides))
            .map_err(|e| ParseIdError::Invalid(id.to_string(), e))
    }
}

impl PositionId for Backgammon {
    fn id(&self) -> String {
        position_id(self)
    }
}

impl PositionId for Nardy {
    /// gnubg's 80-bit Position ID layout with each side in its own numbering (LN-2) and the
    /// bar slot empty: the player not on roll first, then the player on roll; the last
    /// character carries the Long Nardy mark ([`LONG_NARDY_MARK`]) so that the ID cannot be
    /// read as a backgammon position. The start is `AACA/z8AAID/Px` for either turn (both
    /// sides look the same from their own seat).
    fn id(&self) -> String {
        with_long_nardy_mark(id_from_sides(&self.sides()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::dice::Dice;
    use crate::rules::position::Position;

    #[test]
    fn long_nardy_ids_carry_a_mark_that_backgammon_refuses() {
        let nardy = Nardy::start(Color::White);
        let id = nardy.id();
        assert_eq!(id, "AACA/z8AAID/Px");
        assert!(is_long_nardy_id(&id) && !is_long_nardy_id("4HPwATDgc/ABMA"));
        // The mark sits in the padding bits: the key is the one gnubg's layout gives.
        let unmarked = id_from_sides(&nardy.sides());
        assert_eq!(with_long_nardy_mark(unmarked.clone()), id);
        let mut key = [0u8; 10];
        B64.decode_slice(&id, &mut key).unwrap();
        let mut key0 = [0u8; 10];
        B64.decode_slice(&unmarked, &mut key0).unwrap();
        assert_eq!(key, key0);
        assert_eq!(Nardy::from_id(&id, Color::White), Ok(nardy));
        for variant in [
            Variant::Backgammon,
            Variant::Nackgammon,
            Variant::Hypergammon3,
        ] {
            assert_eq!(
                Backgammon::from_id(&id, variant, Color::White),
                Err(ParseIdError::LongNardyId(id.clone(), variant))
            );
        }
        assert_eq!(
            Nardy::from_id("4HPwATDgc/ABMA", Color::White),
            Err(ParseIdError::NotLongNardy("4HPwATDgc/ABMA".into()))
        );
    }

    #[test]
    fn id3_start_position_id() {
        let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(position_id(&pos), "4HPwATDgc/ABMA");
        assert_eq!(
            position_key(&pos),
            [0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30]
        );
        assert_eq!(
            Backgammon::from_id("4HPwATDgc/ABMA", Variant::Backgammon, Color::White),
            Ok(pos)
        );
    }

    #[test]
    fn id1_the_player_who_just_moved_comes_first() {
        // ID-3 second example: after 8/5 6/5 the other side is on roll: sGfwATDgc/ABMA.
        let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let plays = pos.legal_plays(Dice::new(3, 1).unwrap());
        let point = plays
            .iter()
            .find(|p| p.after().mover_at(5) == 2 && p.after().mover_at(8) == 2)
            .unwrap();
        assert_eq!(position_id(&pos.play_unchecked(point)), "sGfwATDgc/ABMA");
    }

    #[test]
    fn id3_third_example_decodes() {
        let pos = Backgammon::from_id("yOeDATDsnIMBMA", Variant::Backgammon, Color::White).unwrap();
        let b = pos.gnubg_board();
        // opponent {4:1, 6:5, 8:5, 13:2, 24:2}; on roll {3:2, 4:3, 6:3, 8:3, 13:2, 24:2}
        assert_eq!(
            (b[0][3], b[0][5], b[0][7], b[0][12], b[0][23]),
            (1, 5, 5, 2, 2)
        );
        assert_eq!(
            (b[1][2], b[1][3], b[1][5], b[1][7], b[1][12], b[1][23]),
            (2, 3, 3, 3, 2, 2)
        );
    }

    #[test]
    fn bad_ids_are_errors() {
        let v = Variant::Backgammon;
        assert!(matches!(
            Backgammon::from_id("abc", v, Color::White),
            Err(ParseIdError::Length(..))
        ));
        assert!(matches!(
            Backgammon::from_id("4HPwATDgc/AB!A", v, Color::White),
            Err(ParseIdError::Character(..))
        ));
        assert!(matches!(
            Backgammon::from_id("//////////////", v, Color::White),
            Err(ParseIdError::TrailingBits(..) | ParseIdError::TooManyCheckers { .. })
        ));
        assert!(matches!(
            Backgammon::from_id("4HPwATDgc/ABMA", Variant::Hypergammon3, Color::White),
            Err(ParseIdError::TooManyCheckers { .. })
        ));
    }
}
