//! A roll of two dice: [`Dice`].

use std::fmt;
use std::str::FromStr;

/// A roll of two six-sided dice, stored with the larger die first.
///
/// The order in which the dice were rolled does not matter to any rule, so `Dice::new(1, 3)`
/// equals `Dice::new(3, 1)`; both print as `31`, the way gnubg writes a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice {
    high: u8,
    low: u8,
}

/// A die value outside 1..=6, or text that is not a roll.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// A die value outside 1..=6.
    #[error("die value {0} is out of range (each die must be 1..=6)")]
    OutOfRange(i64),
    /// Text that does not spell two dice.
    #[error("cannot read dice from {0:?} (expected two digits 1-6, such as \"31\" or \"3-1\")")]
    Syntax(String),
}

impl Dice {
    /// The 21 distinct rolls, doubles included, in gnubg's order: 11, 21, 22, 31, 32, 33, ...
    pub const ALL_21: [Dice; 21] = {
        let mut out = [Dice { high: 1, low: 1 }; 21];
        let mut i = 0;
        let mut high = 1;
        while high <= 6 {
            let mut low = 1;
            while low <= high {
                out[i] = Dice { high, low };
                i += 1;
                low += 1;
            }
            high += 1;
        }
        out
    };

    /// The 15 rolls that can start a game of backgammon (no doubles, BG-10).
    pub const OPENING_15: [Dice; 15] = {
        let mut out = [Dice { high: 2, low: 1 }; 15];
        let mut i = 0;
        let mut high = 2;
        while high <= 6 {
            let mut low = 1;
            while low < high {
                out[i] = Dice { high, low };
                i += 1;
                low += 1;
            }
            high += 1;
        }
        out
    };

    /// A roll of `a` and `b`, in either order.
    ///
    /// # Errors
    /// [`DiceError::OutOfRange`] when a value is not in 1..=6.
    pub fn new(a: u8, b: u8) -> Result<Dice, DiceError> {
        for v in [a, b] {
            if !(1..=6).contains(&v) {
                return Err(DiceError::OutOfRange(i64::from(v)));
            }
        }
        Ok(Dice::new_unchecked(a, b))
    }

    /// A roll without the range check, for values known to be in 1..=6.
    #[inline]
    #[must_use]
    pub const fn new_unchecked(a: u8, b: u8) -> Dice {
        if a >= b {
            Dice { high: a, low: b }
        } else {
            Dice { high: b, low: a }
        }
    }

    /// The larger die (either die for a double).
    #[inline]
    #[must_use]
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The smaller die (either die for a double).
    #[inline]
    #[must_use]
    pub const fn low(self) -> u8 {
        self.low
    }

    /// True when both dice show the same value (four steps, BG-13).
    #[inline]
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// How many of the 36 equally likely ordered outcomes give this roll: 1 for a double, 2 otherwise.
    #[inline]
    #[must_use]
    pub const fn weight(self) -> u32 {
        if self.is_double() {
            1
        } else {
            2
        }
    }

    /// The number of pips the whole roll is worth (doubles count four times).
    #[must_use]
    pub const fn pips(self) -> u32 {
        if self.is_double() {
            4 * self.high as u32
        } else {
            self.high as u32 + self.low as u32
        }
    }

    /// The roll as an index 0..36 of the ordered outcome (high-1)*6 + (low-1).
    #[must_use]
    pub const fn index36(self) -> usize {
        (self.high as usize - 1) * 6 + (self.low as usize - 1)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high, self.low)
    }
}

impl FromStr for Dice {
    type Err = DiceError;

    /// Reads `31`, `3-1`, `3 1`, `3,1` or `(3, 1)`.
    ///
    /// # Errors
    /// [`DiceError::Syntax`] unless the text holds exactly two digits, [`DiceError::OutOfRange`]
    /// for a digit outside 1..=6.
    fn from_str(s: &str) -> Result<Dice, DiceError> {
        let digits: Vec<u8> = s
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | ',' | '(' | ')' | '/'))
            .map(|c| c.to_digit(10).map(|d| d as u8).ok_or(()))
            .collect::<Result<_, _>>()
            .map_err(|()| DiceError::Syntax(s.to_string()))?;
        match digits[..] {
            [a, b] => Dice::new(a, b),
            _ => Err(DiceError::Syntax(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_one_distinct_rolls_weigh_thirty_six() {
        let total: u32 = Dice::ALL_21.iter().map(|d| d.weight()).sum();
        assert_eq!(total, 36);
        let mut sorted = Dice::ALL_21.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 21);
    }

    #[test]
    fn bg10_opening_rolls_are_the_fifteen_non_doubles() {
        assert!(Dice::OPENING_15.iter().all(|d| !d.is_double()));
        let total: u32 = Dice::OPENING_15.iter().map(|d| d.weight()).sum();
        assert_eq!(total, 30);
    }

    #[test]
    fn order_does_not_matter_and_prints_high_first() {
        assert_eq!(Dice::new(1, 3), Dice::new(3, 1));
        assert_eq!(Dice::new(1, 3).unwrap().to_string(), "31");
        assert_eq!("3-1".parse::<Dice>(), Dice::new(3, 1));
        assert_eq!("(1, 3)".parse::<Dice>(), Dice::new(3, 1));
    }

    #[test]
    fn bad_dice_are_errors() {
        assert_eq!(Dice::new(0, 3), Err(DiceError::OutOfRange(0)));
        assert_eq!(Dice::new(3, 7), Err(DiceError::OutOfRange(7)));
        assert!("3".parse::<Dice>().is_err());
        assert!("317".parse::<Dice>().is_err());
        assert!("3x".parse::<Dice>().is_err());
        assert!("37".parse::<Dice>().is_err());
    }
}
