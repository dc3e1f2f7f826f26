//! Race evaluation for the heuristic: the exact expected number of rolls to bear off a home
//! board (from the shared one-sided bear-off database, [`crate::bearoff`]), and an estimate
//! for checkers still outside it.

use crate::bearoff::one_sided;

/// Home points.
const POINTS: usize = 6;

/// The expected number of rolls the mover needs to bear off, from the raw board `pts`
/// (mover's view, no contact): exact from the one-sided database when every checker is home;
/// otherwise each checker outside is counted on the 6-point plus its pips beyond it at 8.17
/// pips a roll (the average roll), which agrees with the table once the last checker comes in.
pub(crate) fn expected_rolls(pts: &[i8; 26]) -> f32 {
    let mut home = [0u8; POINTS];
    let mut outside = 0u32;
    for (i, slot) in home.iter_mut().enumerate() {
        *slot = pts[i + 1].max(0) as u8;
    }
    for (p, &c) in pts.iter().enumerate().skip(POINTS + 1) {
        if c > 0 {
            let c = c as u32;
            home[POINTS - 1] += c as u8;
            outside += c * (p as u32 - POINTS as u32);
        }
    }
    let t = one_sided();
    let rolls = t.index(&home).map_or(0.0, |i| t.mean(i));
    rolls + outside as f32 * (36.0 / 294.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared table's expected rolls of a home board.
    fn e(home: [u8; 6]) -> f32 {
        let mut pts = [0i8; 26];
        for (i, &c) in home.iter().enumerate() {
            pts[i + 1] = c as i8;
        }
        expected_rolls(&pts)
    }

    #[test]
    fn known_bear_off_expectations() {
        // One checker on the 1 or 2 point: off in one roll.
        assert_eq!(e([1, 0, 0, 0, 0, 0]), 1.0);
        assert_eq!(e([0, 1, 0, 0, 0, 0]), 1.0);
        // Two on the 1 point: one roll. Three on the 1 point: one roll unless no double, so
        // 1 + 30/36.
        assert_eq!(e([2, 0, 0, 0, 0, 0]), 1.0);
        assert!((e([3, 0, 0, 0, 0, 0]) - (1.0 + 30.0 / 36.0)).abs() < 1e-6);
        // One checker on the 6 point misses only with 2-1, 1-1... : it needs two rolls
        // exactly when the roll totals less than 6 and is not a double that reaches it:
        // 2-1, 3-1, 4-1, 3-2 (8 rolls) and 1-1 (4 pips: 1 roll short) -> 9 of 36.
        assert!((e([0, 0, 0, 0, 0, 1]) - (1.0 + 9.0 / 36.0)).abs() < 1e-6);
        // Fifteen checkers need at least 4 rolls (four doubles of four checkers, minus one).
        assert!(e([3, 3, 3, 2, 2, 2]) > 4.0);
    }
}
