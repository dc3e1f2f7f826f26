//! How a finished game ended: [`Outcome`] and [`OutcomeKind`].

use std::fmt;

use crate::base::color::Color;

/// The class of a finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeKind {
    /// Backgammon: the loser has borne off at least one checker (SCORE-1, 1 point).
    Single,
    /// Backgammon: the loser has borne off nothing (SCORE-1, 2 points).
    Gammon,
    /// Backgammon: gammon with a loser's checker on the bar or in the winner's home (SCORE-1, 3 points).
    Backgammon,
    /// Long Nardy: the loser has borne off at least one checker (LN-33, 1 point).
    Oin,
    /// Long Nardy: the loser has borne off nothing (LN-33, 2 points under `endVariant = mars`).
    Mars,
    /// Long Nardy: a Mars upgraded by the optional koks setting (LN-35, 3 points).
    Koks,
    /// Long Nardy with the last-roll right: both players bore off everything (LN-37, 0 points).
    Draw,
}

impl OutcomeKind {
    /// The lower-case name (`"single"`, `"gammon"`, `"backgammon"`, `"oin"`, `"mars"`, `"koks"`, `"draw"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OutcomeKind::Single => "single",
            OutcomeKind::Gammon => "gammon",
            OutcomeKind::Backgammon => "backgammon",
            OutcomeKind::Oin => "oin",
            OutcomeKind::Mars => "mars",
            OutcomeKind::Koks => "koks",
            OutcomeKind::Draw => "draw",
        }
    }

    /// Points at stake 1 under the default settings: 1, 2, 3 for single, gammon, backgammon;
    /// 1, 2, 3 for Oin, Mars, Koks (LN-34 `mars`); 0 for a draw.
    #[must_use]
    pub const fn points(self) -> u8 {
        match self {
            OutcomeKind::Single | OutcomeKind::Oin => 1,
            OutcomeKind::Gammon | OutcomeKind::Mars => 2,
            OutcomeKind::Backgammon | OutcomeKind::Koks => 3,
            OutcomeKind::Draw => 0,
        }
    }
}

impl fmt::Display for OutcomeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of a finished game: who won and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The player who bore off all checkers (for a draw: the game's White).
    pub winner: Color,
    /// The class of the win.
    pub kind: OutcomeKind,
}

impl Outcome {
    /// Points won at cube value 1 under the default settings ([`OutcomeKind::points`]).
    #[must_use]
    pub const fn points(self) -> u8 {
        self.kind.points()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == OutcomeKind::Draw {
            return f.write_str("draw");
        }
        write!(
            f,
            "{} wins a {} ({} point{})",
            self.winner,
            self.kind,
            self.points(),
            if self.points() == 1 { "" } else { "s" }
        )
    }
}
