//! FIBS board strings (`board:...`), as FIBS and gnubg's external-player interface send them.
//!
//! A board string is 53 colon-separated fields (FIBS Client Protocol Detailed Specification,
//! Evan McLean, fibs.com/fibs_interface.html, "board state"; gnubg 1.07 `drawboard.c`,
//! `FIBSBoard` and `ParseFIBSBoard`):
//!
//! ```text
//! board:You:Opponent:MatchLength:YourScore:OpponentScore:Board(26):Turn:Dice(2):
//! OppDice(2):Cube:MayDouble:OppMayDouble:WasDoubled:Colour:Direction:Home:Bar:OnHome:
//! OppOnHome:OnBar:OppOnBar:CanMove:ForcedMove:DidCrawford:Redoubles
//! ```
//!
//! The 26 board fields count O's checkers positive and X's negative; `Colour` is 1 if "you"
//! play O and -1 if X; `Direction` -1 means you move from 24 down to 1 (your bar is field 25,
//! your home field 0), 1 the other way; `Turn` is the colour on roll (0 once the game is
//! over); a match length of 9999 means an unlimited match (money).
//!
//! gnubg's external player interface (gnubg 1.07 `play.c`) writes the board from its player
//! 1's side (`Colour` 1, `Direction` -1, so gammon's White is "you"), but puts the name and
//! score of its player 0 (gammon's Black) first unless a double awaits an answer, writes the
//! post-Crawford flag in field 51 and 0 in field 52 during the Crawford game (1 otherwise).
//! [`FibsBoard::state`] reads a board that way (`gnubg = true`) or by the FIBS document's
//! letter (`gnubg = false`: names and scores are "you" first; the Crawford game is told from
//! fields 50 and 51 as gnubg's own `ParseFIBSBoard` does).
//!
//! ```
//! use gammon_core::text::fibs::FibsBoard;
//!
//! let text = "board:you:them:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:\
//!             1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
//! let board = FibsBoard::parse(text).unwrap();
//! assert_eq!(board.to_string(), text);
//! let state = board.state(true).unwrap();
//! assert_eq!((state.dice, state.match_length), (Some((3, 1)), 1));
//! ```

use std::fmt;

use crate::base::color::{ByColor, Color};
use crate::base::setup::{Setup, SetupError};
use crate::base::variant::Variant;
use crate::rules::backgammon::Backgammon;

/// Fields in a board string, `board` included.
pub const FIBS_FIELDS: usize = 53;

/// The match length FIBS writes for an unlimited match (money play).
pub const UNLIMITED_MATCH: i64 = 9999;

/// The number fields of a board string: fields 3 to 52.
pub const FIBS_NUMBERS: usize = FIBS_FIELDS - 3;

/// A text that is not a FIBS board string, or one whose fields disagree, naming the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseFibsError {
    /// The text does not start with `board:` (its first characters).
    #[error("a FIBS board string starts with 'board:', not {0:?}")]
    NotABoard(String),
    /// Not 53 fields.
    #[error("a FIBS board string has {FIBS_FIELDS} fields, this one {0}")]
    Fields(usize),
    /// A number field that is not an integer: its index and text.
    #[error("FIBS board field {0} must be an integer, not {1:?}")]
    Number(usize, String),
    /// Colour (41) or direction (42) not 1 or -1.
    #[error("FIBS board: colour and direction must be 1 or -1")]
    Sides,
    /// Turn (32) not 1, -1 or 0.
    #[error("FIBS board: turn must be 1, -1 or 0, not {0}")]
    Turn(i64),
    /// A die (fields 33-36) outside 0-6.
    #[error("FIBS board: a die must be 0-6, not {0}")]
    Die(i64),
    /// The cube (field 37) not a power of two.
    #[error("FIBS board: the cube must be a power of two, not {0}")]
    Cube(i64),
    /// A negative match length (3) or score (4-5).
    #[error("FIBS board: negative match length or score")]
    Negative,
    /// Home and bar (fields 43-44) not where the direction puts them.
    #[error(
        "FIBS board: with direction {direction} your home is field {home} and your bar field \
         {bar}, but fields 43-44 (home, bar) say {said_home} and {said_bar}"
    )]
    HomeAndBar {
        /// Field 42.
        direction: i64,
        /// The home field the direction gives.
        home: i64,
        /// The bar field the direction gives.
        bar: i64,
        /// Field 43.
        said_home: i64,
        /// Field 44.
        said_bar: i64,
    },
    /// A checkers-on-the-bar field (47 or 48) that is neither 0 nor what the board holds.
    #[error("FIBS board: field {field} ({whose} checkers on the bar) says {said}, the board holds {board}")]
    OnBar {
        /// 47 or 48.
        field: usize,
        /// `"your"` or `"the opponent's"`.
        whose: &'static str,
        /// The field's value.
        said: i64,
        /// The checkers on that bar.
        board: i64,
    },
    /// A negative borne-off field (45 or 46).
    #[error("FIBS board: field {0} (checkers borne off) is {1}")]
    BorneOffNegative(usize, i64),
    /// "Your" checkers (board and field 45) not 15, nor 1-3 (hypergammon).
    #[error(
        "FIBS board: you have {0} checkers on the board and field 45 (borne off) says {1}: {2} \
         in all, not 15 (or 1-3 in hypergammon)"
    )]
    YourCheckers(i64, i64, i128),
    /// The opponent's checkers (board and field 46) not as many as yours.
    #[error(
        "FIBS board: the opponent has {0} checkers on the board and field 46 (borne off) says \
         {1}: {2} in all, but you have {3}"
    )]
    TheirCheckers(i64, i64, i128, i128),
    /// A finished game (turn 0): no state to play on.
    #[error("FIBS board: the game is over (turn 0)")]
    GameOver,
    /// Checkers no game reaches.
    #[error("FIBS board: {0}")]
    Position(SetupError),
    /// A Long Nardy game, which a FIBS board cannot describe.
    #[error("a FIBS board describes backgammon positions only, not Long Nardy")]
    NotBackgammon,
}

/// One board string, field by field: the two names and fields 3-52 as integers. Only
/// [`FibsBoard::new`] and [`FibsBoard::parse`] make one, so its fields always agree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FibsBoard {
    you: String,
    opponent: String,
    numbers: [i64; FIBS_NUMBERS],
}

/// What a board string says, in gammon's terms ("you" is White).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FibsState {
    /// The position, the player on roll to move.
    pub position: Backgammon,
    /// The dice of the player on roll, larger first, or `None` before rolling.
    pub dice: Option<(u8, u8)>,
    /// The cube value, before any pending double (as FIBS writes it).
    pub cube: i64,
    /// The cube's owner, `None` when centred.
    pub cube_owner: Option<Color>,
    /// The player not on roll must answer a double.
    pub doubled: bool,
    /// The match length, 0 for money play.
    pub match_length: i64,
    /// The score, `(white, black)`.
    pub score: (i64, i64),
    /// The Crawford game (MATCH-3).
    pub crawford: bool,
    /// The names, `(white, black)`.
    pub names: (String, String),
}

/// The variant a player's number of checkers (on the board and borne off) tells.
fn variant_of_checkers(total: i128) -> Option<Variant> {
    match total {
        15 => Some(Variant::Backgammon),
        1 => Some(Variant::Hypergammon1),
        2 => Some(Variant::Hypergammon2),
        3 => Some(Variant::Hypergammon3),
        _ => None,
    }
}

impl FibsBoard {
    /// A board from its names and fields 3-52, checked as [`FibsBoard::parse`] checks them.
    ///
    /// # Errors
    /// A [`ParseFibsError`] naming the field that is wrong.
    pub fn new(
        you: &str,
        opponent: &str,
        numbers: [i64; FIBS_NUMBERS],
    ) -> Result<FibsBoard, ParseFibsError> {
        let b = FibsBoard {
            you: you.to_owned(),
            opponent: opponent.to_owned(),
            numbers,
        };
        b.check()?;
        Ok(b)
    }

    /// Reads a `board:...` string. Surrounding whitespace and NULs, and spaces around the
    /// colons (as some servers send them), are dropped. The home and bar fields (43-48) must
    /// agree with the board: the home and bar where `direction` puts them, the checkers borne
    /// off completing each side to the same number (15, or 1-3 in hypergammon), the checkers
    /// on the bar as the board holds them (or 0, as gnubg writes them).
    ///
    /// # Errors
    /// A [`ParseFibsError`] naming the field that is wrong.
    pub fn parse(text: &str) -> Result<FibsBoard, ParseFibsError> {
        let s = text.trim().trim_matches('\0').trim();
        let parts: Vec<&str> = s.split(':').map(str::trim).collect();
        if parts[0] != "board" {
            return Err(ParseFibsError::NotABoard(s.chars().take(20).collect()));
        }
        if parts.len() != FIBS_FIELDS {
            return Err(ParseFibsError::Fields(parts.len()));
        }
        let mut numbers = [0i64; FIBS_NUMBERS];
        for (i, (n, p)) in numbers.iter_mut().zip(&parts[3..]).enumerate() {
            *n = p
                .parse()
                .map_err(|_| ParseFibsError::Number(i + 3, (*p).to_owned()))?;
        }
        FibsBoard::new(parts[1], parts[2], numbers)
    }

    /// Field 1: your name.
    #[must_use]
    pub fn you(&self) -> &str {
        &self.you
    }

    /// Field 2: the opponent's name.
    #[must_use]
    pub fn opponent(&self) -> &str {
        &self.opponent
    }

    /// Fields 3-52 as integers.
    #[must_use]
    pub fn numbers(&self) -> &[i64; FIBS_NUMBERS] {
        &self.numbers
    }

    /// Field `index` (3 to 52).
    ///
    /// # Panics
    /// If `index` is not 3 to 52.
    #[must_use]
    pub fn field(&self, index: usize) -> i64 {
        self.numbers[index - 3]
    }

    /// Your checkers and the opponent's, each in its own numbering (25 = bar).
    #[must_use]
    pub fn checkers(&self) -> ([i64; 26], [i64; 26]) {
        let (mut you, mut opp) = ([0i64; 26], [0i64; 26]);
        let (colour, down) = (self.field(41), self.field(42) < 0);
        for k in 0..26 {
            let n = self.field(6 + k).saturating_mul(colour);
            // Your point p sits at field p when you move down (direction -1), else 25 - p.
            let mine = if down { k } else { 25 - k };
            if n > 0 {
                you[mine] = you[mine].saturating_add(n);
            } else {
                opp[25 - mine] = opp[25 - mine].saturating_sub(n);
            }
        }
        (you, opp)
    }

    fn check(&self) -> Result<(), ParseFibsError> {
        let f = |i| self.field(i);
        let (direction, turn) = (f(42), f(32));
        if ![1, -1].contains(&f(41)) || ![1, -1].contains(&direction) {
            return Err(ParseFibsError::Sides);
        }
        if ![1, -1, 0].contains(&turn) {
            return Err(ParseFibsError::Turn(turn));
        }
        if let Some(d) = (33..=36).map(f).find(|d| !(0..=6).contains(d)) {
            return Err(ParseFibsError::Die(d));
        }
        let cube = f(37);
        if cube < 1 || cube & (cube - 1) != 0 {
            return Err(ParseFibsError::Cube(cube));
        }
        if f(3) < 0 || f(4) < 0 || f(5) < 0 {
            return Err(ParseFibsError::Negative);
        }
        let home = if direction < 0 { 0 } else { 25 };
        if f(43) != home || f(44) != 25 - home {
            return Err(ParseFibsError::HomeAndBar {
                direction,
                home,
                bar: 25 - home,
                said_home: f(43),
                said_bar: f(44),
            });
        }
        let (you, opp) = self.checkers();
        for (k, (whose, board)) in [("your", you[25]), ("the opponent's", opp[25])]
            .into_iter()
            .enumerate()
        {
            let said = f(47 + k);
            if said != 0 && said != board {
                // gnubg writes 0 whatever the bar holds.
                return Err(ParseFibsError::OnBar {
                    field: 47 + k,
                    whose,
                    said,
                    board,
                });
            }
        }
        for k in [45, 46] {
            if f(k) < 0 {
                return Err(ParseFibsError::BorneOffNegative(k, f(k)));
            }
        }
        let on = |side: &[i64; 26]| side.iter().map(|&c| i128::from(c)).sum::<i128>();
        let total = on(&you) + i128::from(f(45));
        if variant_of_checkers(total).is_none() {
            let shown = i64::try_from(on(&you)).unwrap_or(i64::MAX);
            return Err(ParseFibsError::YourCheckers(shown, f(45), total));
        }
        let theirs = on(&opp) + i128::from(f(46));
        if theirs != total {
            let shown = i64::try_from(on(&opp)).unwrap_or(i64::MAX);
            return Err(ParseFibsError::TheirCheckers(shown, f(46), theirs, total));
        }
        Ok(())
    }

    /// The position, dice, cube and score the board describes ("you" is White).
    ///
    /// `gnubg = true` reads names and scores as gnubg's external interface writes them (its
    /// player 0 first unless a double awaits an answer); `gnubg = false` as the FIBS document
    /// says ("you" first).
    ///
    /// # Errors
    /// [`ParseFibsError::GameOver`] for a finished game (turn 0), [`ParseFibsError::Position`]
    /// for checkers no game reaches.
    pub fn state(&self, gnubg: bool) -> Result<FibsState, ParseFibsError> {
        let f = |i| self.field(i);
        if f(32) == 0 {
            return Err(ParseFibsError::GameOver);
        }
        let (you, opp) = self.checkers();
        let on: i64 = you[1..].iter().sum();
        let total = i128::from(on + you[0]) + i128::from(f(45));
        let variant = variant_of_checkers(total).ok_or(ParseFibsError::Negative)?;
        let on_roll = if f(32) == f(41) {
            Color::White
        } else {
            Color::Black
        };
        // After `check`, every count is 0 to 15.
        let side = |counts: &[i64; 26]| -> [u8; 26] {
            let mut s = [0u8; 26];
            for (x, &c) in s.iter_mut().zip(counts) {
                *x = u8::try_from(c).unwrap_or(u8::MAX);
            }
            if counts[0] == 0 {
                let on: i64 = counts[1..].iter().sum();
                let left = i64::from(variant.checkers_per_side()) - on;
                s[0] = u8::try_from(left).unwrap_or(0);
            }
            s
        };
        let mut setup = Setup::empty(variant, on_roll);
        setup.board = ByColor {
            white: side(&you),
            black: side(&opp),
        };
        let position = Backgammon::from_setup(&setup).map_err(ParseFibsError::Position)?;
        let (mine, theirs) = ((f(33), f(34)), (f(35), f(36)));
        let mut dice = if on_roll == Color::White {
            mine
        } else {
            theirs
        };
        if dice.0 == 0 {
            dice = if on_roll == Color::White {
                theirs
            } else {
                mine
            };
        }
        let dice = (dice.0 != 0 && dice.1 != 0).then(|| {
            let (a, b) = (dice.0 as u8, dice.1 as u8);
            (a.max(b), a.min(b))
        });
        let mut names = (self.you.clone(), self.opponent.clone());
        let mut score = (f(4), f(5));
        if gnubg && f(40) == 0 {
            // gnubg: its player 0 (Black) first, unless a double awaits an answer.
            names = (names.1, names.0);
            score = (score.1, score.0);
        }
        let cube_owner = match (f(38) != 0, f(39) != 0) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        };
        let match_length = if f(3) == UNLIMITED_MATCH { 0 } else { f(3) };
        let at_match_point =
            match_length != 0 && (score.0 == match_length - 1 || score.1 == match_length - 1);
        let crawford = at_match_point
            && if gnubg {
                f(52) == 0 && f(51) == 0
            } else {
                // gnubg's ParseFIBSBoard: the non-Crawford and post-Crawford flags.
                f(50) == 0 && f(51) == 0
            };
        Ok(FibsState {
            position,
            dice,
            cube: f(37),
            cube_owner,
            doubled: f(40) != 0,
            match_length,
            score,
            crawford,
            names,
        })
    }
}

impl fmt::Display for FibsBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board:{}:{}", self.you, self.opponent)?;
        for n in &self.numbers {
            write!(f, ":{n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Position;

    /// A board from a FIBS session: X (colour -1) moving from 1 to 24, on roll with 3-6 while
    /// bearing off, two checkers already off.
    const FIBS_EXAMPLE: &str = "board:mpgnu:buster:17:0:2:0:0:0:2: 1: 4: 3: 0: 1: 0: 1: 0: 0: 2: 0: 0: 0: 0: 0: 1: -2: -2: -1: -4: -4: 0: -1: 3: 6: 0: 0: 1: 1: 1: 0: -1: 1: 25: 0: 2: 0: 0: 0: 2: 2: 0: 0";

    #[test]
    fn a_board_from_fibs_reads_and_writes_back_without_the_spaces() {
        let b = FibsBoard::parse(FIBS_EXAMPLE).unwrap();
        assert_eq!((b.you(), b.opponent(), b.field(3)), ("mpgnu", "buster", 17));
        assert_eq!(b.to_string(), FIBS_EXAMPLE.replace(' ', ""));
        let st = b.state(false).unwrap();
        assert_eq!((st.position.turn(), st.dice), (Color::White, Some((6, 3))));
        assert_eq!(st.position.checkers_off().white, 2);
        assert_eq!((st.score, st.names.0.as_str()), ((0, 2), "mpgnu"));
    }

    #[test]
    fn errors_name_the_field() {
        let bad = |i: usize, v: &str| {
            let mut parts: Vec<String> = FIBS_EXAMPLE.split(':').map(|p| p.trim().into()).collect();
            parts[i] = v.into();
            FibsBoard::parse(&parts.join(":")).unwrap_err().to_string()
        };
        assert!(bad(33, "x").contains("field 33"));
        assert!(bad(33, "9").contains("die"));
        assert!(bad(43, "0").contains("fields 43-44"));
        assert!(bad(45, "3").contains("field 45"));
        assert!(bad(46, "1").contains("field 46"));
        assert!(bad(47, "2").contains("field 47"));
        assert!(bad(37, "3").contains("power of two"));
        assert!(FibsBoard::parse("hello")
            .unwrap_err()
            .to_string()
            .contains("'board:'"));
        assert_eq!(
            FibsBoard::parse("board:a:b:3"),
            Err(ParseFibsError::Fields(4))
        );
        assert_eq!(
            FibsBoard::parse(&FIBS_EXAMPLE.replace(": 3: 6:", ": 99999999999999999999: 6:")),
            Err(ParseFibsError::Number(33, "99999999999999999999".into()))
        );
    }
}
