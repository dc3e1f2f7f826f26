//! The ASCII boards: the `Display` (and `Debug`) impls of [`Backgammon`] and [`Nardy`]. They
//! print the Position ID, so they live with the text formats rather than with the rules.

use std::fmt;

use super::id::position_id;
use super::PositionId;
use crate::base::color::Color;
use crate::base::moves::BAR;
use crate::base::variant::Variant;
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::other_point;
use crate::rules::nardy::Nardy;
use crate::rules::position::Position;

/// The letter a color's checkers are drawn with on the ASCII board: `O` for White, `X` for
/// Black, whoever is on roll.
#[must_use]
pub const fn checker_letter(color: Color) -> char {
    match color {
        Color::White => 'O',
        Color::Black => 'X',
    }
}

/// Rows of checkers drawn per half board and per half bar; taller stacks show their count in
/// the innermost row.
const ROWS: usize = 5;

impl Backgammon {
    /// The text of one 3-character cell: the `i`-th checker (0 = nearest the edge) of a stack
    /// of `count` checkers drawn with `letter`.
    fn cell(count: u8, i: usize, letter: char) -> String {
        let count = usize::from(count);
        if count <= i {
            "   ".to_string()
        } else if i == ROWS - 1 && count > ROWS {
            format!("{count:>2} ")
        } else {
            format!(" {letter} ")
        }
    }

    /// The side text for one player: a name line and a counts line.
    fn legend(&self, color: Color) -> [String; 2] {
        let on_roll = if color == self.turn() {
            ", on roll"
        } else {
            ""
        };
        let name = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        let mut counts = format!(
            "    pips {}, off {}",
            self.pip_count()[color],
            self.checkers_off()[color]
        );
        let bar = if color == self.turn() {
            self.mover_at(BAR)
        } else {
            self.opponent_at(BAR)
        };
        if bar > 0 {
            counts.push_str(&format!(", bar {bar}"));
        }
        [
            format!("{} = {name}{on_roll}", checker_letter(color)),
            counts,
        ]
    }
}

impl Backgammon {
    /// Writes one half of the ASCII board: the edge with the point numbers and five rows of
    /// checkers, the top half (points 13-24, the opponent's side text) or the bottom half
    /// (points 12-1, the mover's side text). Stacks grow from the edge toward the middle; each
    /// side's bar checkers grow from the middle of the bar toward its own edge.
    fn write_half(&self, f: &mut fmt::Formatter<'_>, top: bool) -> fmt::Result {
        let points: [u8; 12] = if top {
            [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]
        } else {
            [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
        };
        let mut edge = String::from(" +");
        for (k, &p) in points.iter().enumerate() {
            edge.push_str(&format!("{p:->2}-"));
            if k == 5 {
                edge.push_str("-----");
            }
        }
        edge.push('+');
        let owner = if top { !self.turn() } else { self.turn() };
        let bar = if top {
            self.opponent_at(BAR)
        } else {
            self.mover_at(BAR)
        };
        let legend = self.legend(owner);
        if top {
            writeln!(f, "{edge}")?;
        }
        for r in 0..ROWS {
            // Row r from the top of this half; i = checker index counted from the edge.
            let (i, bar_i) = if top {
                (r, ROWS - 1 - r)
            } else {
                (ROWS - 1 - r, r)
            };
            let mut line = String::from(" |");
            for (k, &p) in points.iter().enumerate() {
                let c = self.raw()[p as usize];
                let letter = checker_letter(if c >= 0 { self.turn() } else { !self.turn() });
                line.push_str(&Backgammon::cell(c.unsigned_abs(), i, letter));
                if k == 5 {
                    line.push('|');
                    line.push_str(&Backgammon::cell(bar, bar_i, checker_letter(owner)));
                    line.push('|');
                }
            }
            line.push('|');
            // The side text sits on the two rows nearest this half's edge.
            let legend_row = if top {
                Some(r)
            } else {
                r.checked_sub(ROWS - 2)
            };
            if let Some(text) = legend_row.and_then(|k| legend.get(k)) {
                line.push_str("  ");
                line.push_str(text);
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        if !top {
            write!(f, "{edge}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Backgammon {
    /// An ASCII board seen by the player on roll: their home board at the bottom right,
    /// points numbered 1-24 from their side, White's checkers drawn `O` and Black's `X`,
    /// each side's bar checkers on its own half of the bar, with pip counts, borne-off
    /// counts, the player on roll, the Position ID and (if not standard) the variant.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, " Position ID: {}", position_id(self))?;
        if self.variant() != Variant::Backgammon {
            write!(f, "   Variant: {}", self.variant())?;
        }
        writeln!(f)?;
        self.write_half(f, true)?;
        writeln!(f, " |                  |BAR|                  |")?;
        self.write_half(f, false)?;
        if let Some(outcome) = self.outcome() {
            write!(f, "\n Game over: {outcome}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Backgammon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Backgammon({} {}, {} on roll)",
            self.variant(),
            position_id(self),
            self.turn()
        )
    }
}

/// Width of one point's cell in the ASCII board.
const CELL: usize = 4;

impl Nardy {
    fn cell(&self, white_point: u8) -> String {
        // The board is drawn in White's numbering, whoever is on roll.
        let mover_point = if self.turn() == Color::White {
            white_point
        } else {
            other_point(white_point)
        };
        let c = self.raw()[mover_point as usize];
        let color = if c > 0 { self.turn() } else { !self.turn() };
        let text = match c {
            0 => ".".to_string(),
            _ => format!(
                "{}{}",
                if color == Color::White { 'W' } else { 'B' },
                c.unsigned_abs()
            ),
        };
        format!("{text:>CELL$}")
    }
}

impl fmt::Display for Nardy {
    /// An ASCII board in White's numbering, as seen from White's seat (LN-4): White's head
    /// w24 at the top right, Black's head w12 at the bottom left. `W15` = 15 white checkers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = |f: &mut fmt::Formatter<'_>, points: &[u8]| -> fmt::Result {
            f.write_str(" +")?;
            for (i, p) in points.iter().enumerate() {
                if i == 6 {
                    f.write_str("-+")?;
                }
                write!(f, "{:->CELL$}", p)?;
            }
            f.write_str("-+\n")
        };
        let row = |f: &mut fmt::Formatter<'_>, points: &[u8]| -> fmt::Result {
            f.write_str(" |")?;
            for (i, &p) in points.iter().enumerate() {
                if i == 6 {
                    f.write_str(" |")?;
                }
                f.write_str(&self.cell(p))?;
            }
            f.write_str(" |\n")
        };
        let top: Vec<u8> = (13..=24).collect();
        let bottom: Vec<u8> = (1..=12).rev().collect();
        let off = self.checkers_off();
        let pips = self.pip_count();
        writeln!(
            f,
            " Long Nardy   ID {}   {} on roll",
            self.id(),
            self.turn()
        )?;
        rule(f, &top)?;
        row(f, &top)?;
        writeln!(f, " |{:width$}|", "", width = CELL * 12 + 3)?;
        row(f, &bottom)?;
        rule(f, &bottom)?;
        write!(
            f,
            " points in White's numbering; off: white {}, black {}; pips: white {}, black {}",
            off.white, off.black, pips.white, pips.black
        )?;
        if !self.options().is_empty() {
            write!(
                f,
                "\n options: first-turn exception {}, block check {}",
                self.options().first_turn_exception_name(),
                self.options().block_check_name()
            )?;
        }
        Ok(())
    }
}

impl fmt::Debug for Nardy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nardy({}, {} on roll", self.id(), self.turn())?;
        if !self.options().is_empty() {
            write!(f, ", {:?}", self.options())?;
        }
        f.write_str(")")
    }
}
