//! The Long Nardy rules type, [`Nardy`] (spec long-nardy.md, LN-1 to LN-38).
//!
//! SCAFFOLD: storage and start position only; move generation is still to be written.

use crate::moves::Play;
use crate::notation::PlayTextError;
use crate::position::Position;
use crate::setup::{Setup, SetupError, SetupProblems};
use crate::{ByColor, Color, Dice, Outcome, PlayList, Variant};

/// A Long Nardy position, seen from the player on roll.
///
/// Index 1..=24 of the board are the mover's points in the mover's numbering (positive =
/// mover's checkers, negative = opponent's checkers on that point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nardy {
    pts: [i8; 26],
    turn: Color,
}

impl Nardy {
    /// The starting position (LN-6) with `turn` on roll.
    #[must_use]
    pub fn start(turn: Color) -> Nardy {
        let mut pts = [0i8; 26];
        pts[24] = 15;
        pts[12] = -15;
        Nardy { pts, turn }
    }

    /// Validates a [`Setup`].
    ///
    /// # Errors
    /// [`SetupError`].
    pub fn from_setup(setup: &Setup) -> Result<Nardy, SetupError> {
        Err(SetupError {
            problems: SetupProblems::WRONG_RULES_FAMILY,
            details: vec!["Long Nardy set-ups are not supported yet".into()],
            setup: Box::new(setup.clone()),
        })
    }

    /// Prints a play (NOT-1 style, no hits or bar).
    #[must_use]
    pub fn format_play(&self, play: &Play<Nardy>) -> String {
        play.moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads a play.
    ///
    /// # Errors
    /// [`PlayTextError`].
    pub fn parse_play(&self, dice: Dice, text: &str) -> Result<Play<Nardy>, PlayTextError> {
        Err(PlayTextError::Illegal {
            text: text.into(),
            dice,
            reason: "not supported yet".into(),
        })
    }
}

impl std::fmt::Display for Nardy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "long-nardy ({} on roll)", self.turn)
    }
}

impl Position for Nardy {
    fn variant(&self) -> Variant {
        Variant::LongNardy
    }
    fn turn(&self) -> Color {
        self.turn
    }
    fn legal_plays_into(&self, _dice: Dice, out: &mut PlayList<Nardy>) {
        out.clear();
    }
    fn pass_turn(&self) -> Nardy {
        let mut pts = [0i8; 26];
        for p in 1..=24usize {
            let q = if p <= 12 { p + 12 } else { p - 12 };
            pts[p] = -self.pts[q];
        }
        Nardy {
            pts,
            turn: !self.turn,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn pip_count(&self) -> ByColor<u32> {
        ByColor::default()
    }
    fn checkers_off(&self) -> ByColor<u8> {
        ByColor::default()
    }
    fn to_setup(&self) -> Setup {
        Setup::empty(Variant::LongNardy, self.turn)
    }
    fn id(&self) -> String {
        String::new()
    }
    fn format_play(&self, play: &Play<Nardy>) -> String {
        Nardy::format_play(self, play)
    }
    fn resolve_play(
        &self,
        dice: Dice,
        text: &str,
        _allow_partial: bool,
    ) -> Result<Play<Nardy>, PlayTextError> {
        Nardy::parse_play(self, dice, text)
    }
}

impl Nardy {
    /// Decodes a Long Nardy position ID.
    ///
    /// # Errors
    /// [`crate::id::ParseIdError`].
    pub fn from_id(id: &str, turn: Color) -> Result<Nardy, crate::id::ParseIdError> {
        let _ = id;
        Ok(Nardy::start(turn))
    }
}
