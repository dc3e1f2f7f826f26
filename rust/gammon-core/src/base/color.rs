//! Players: [`Color`] and the pair type [`ByColor`].

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// One of the two players.
///
/// In backgammon the colors are names only. In Long Nardy they are roles: White is the
/// player who moves first in the current game (LN-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player (in backgammon: the player drawn at the bottom by default).
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other player.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The lower-case name, `"white"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The color's index: 0 for White, 1 for Black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a color name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a color: {0:?} (expected \"white\" or \"black\")")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    /// Parses `white`/`w` or `black`/`b`, in any case.
    ///
    /// # Errors
    /// `ParseColorError` for any other text.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}

/// A pair of values, one for each player, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds the pair by calling `f` for White, then Black.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let white = f(Color::White);
        let black = f(Color::Black);
        ByColor { white, black }
    }

    /// The value of `color`.
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution() {
        for c in Color::ALL {
            assert_eq!(c.other().other(), c);
            assert_ne!(c.other(), c);
            assert_eq!(!c, c.other());
        }
    }

    #[test]
    fn names_parse_back() {
        for c in Color::ALL {
            assert_eq!(c.name().parse::<Color>(), Ok(c));
        }
        assert!("red".parse::<Color>().is_err());
    }

    #[test]
    fn by_color_indexes_by_color() {
        let mut p = ByColor { white: 1, black: 2 };
        p[Color::Black] += 5;
        assert_eq!(p[Color::White], 1);
        assert_eq!(p[Color::Black], 7);
    }
}
