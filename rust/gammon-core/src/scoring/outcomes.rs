//! How games from a position end, as six exclusive shares (a single game, a gammon or a
//! backgammon won, and the same lost), and what they are worth with the cube left where it
//! is: the cubeless equity (SCORE-1) and the money equity at a cube value, with the Jacoby
//! rule (SCORE-2, MONEY-2).

/// How far the six shares may sum from 1, and nested cumulative figures cross.
pub const SHARES_TOLERANCE: f64 = 1e-6;

/// Why shares do not make an outcome distribution.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SharesError {
    /// A share is negative or not finite (`losses` tells which side).
    #[error("a share is negative or not a number")]
    BadShare {
        /// True for the losses, false for the wins.
        losses: bool,
    },
    /// The six shares do not sum to 1 within `SHARES_TOLERANCE`.
    #[error("the six shares sum to {0}, not 1")]
    Sum(f64),
    /// Cumulative figures that are not nested (a gammon share above the wins, ...).
    #[error("the cumulative figures are not nested")]
    NotNested,
    /// Counts of no game at all.
    #[error("no game counted")]
    NoGame,
}

/// The six exclusive shares of how games end, from the side of the player on roll:
/// `wins` and `losses` each (single, gammon, backgammon), so that a backgammon is not also
/// counted as a gammon. They sum to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutcomeShares {
    /// The shares of single games, gammons and backgammons won.
    pub wins: [f64; 3],
    /// The shares of single games, gammons and backgammons lost.
    pub losses: [f64; 3],
}

impl OutcomeShares {
    /// The shares, checked: each finite and non-negative, the six summing to 1.
    pub fn new(wins: [f64; 3], losses: [f64; 3]) -> Result<OutcomeShares, SharesError> {
        for (side, shares) in [(false, wins), (true, losses)] {
            if shares.iter().any(|x| !x.is_finite() || *x < 0.0) {
                return Err(SharesError::BadShare { losses: side });
            }
        }
        let total = sum(&wins) + sum(&losses);
        if (total - 1.0).abs() > SHARES_TOLERANCE {
            return Err(SharesError::Sum(total));
        }
        Ok(OutcomeShares { wins, losses })
    }

    /// The shares of gnubg's five cumulative probabilities: win, win a gammon (or
    /// backgammon), win a backgammon, lose a gammon (or backgammon), lose a backgammon.
    pub fn from_cumulative(p: [f64; 5]) -> Result<OutcomeShares, SharesError> {
        let [win, wg, wb, lg, lb] = p;
        let lose = 1.0 - win;
        let eps = SHARES_TOLERANCE;
        let nested = -eps <= wb
            && wb <= wg + eps
            && wg <= win + eps
            && -eps <= lb
            && lb <= lg + eps
            && lg <= lose + eps;
        if !nested {
            return Err(SharesError::NotNested);
        }
        OutcomeShares::new(
            [(win - wg).max(0.0), (wg - wb).max(0.0), wb.max(0.0)],
            [(lose - lg).max(0.0), (lg - lb).max(0.0), lb.max(0.0)],
        )
    }

    /// The shares of counts of (single, gammon, backgammon) wins and losses.
    pub fn from_counts(wins: [u64; 3], losses: [u64; 3]) -> Result<OutcomeShares, SharesError> {
        let total: u64 = wins.iter().chain(&losses).sum();
        if total == 0 {
            return Err(SharesError::NoGame);
        }
        let share = |c: &u64| *c as f64 / total as f64;
        OutcomeShares::new(wins.map(|c| share(&c)), losses.map(|c| share(&c)))
    }

    /// The chance to win.
    pub fn win(&self) -> f64 {
        sum(&self.wins)
    }

    /// The chance to lose.
    pub fn lose(&self) -> f64 {
        sum(&self.losses)
    }

    /// The same shares from the opponent's side.
    pub fn flipped(&self) -> OutcomeShares {
        OutcomeShares {
            wins: self.losses,
            losses: self.wins,
        }
    }

    /// Points per game at cube 1 (SCORE-1): wins minus losses, gammons counting 2 and
    /// backgammons 3.
    pub fn cubeless_equity(&self) -> f64 {
        let mut e = 0.0;
        for level in 0..3 {
            e += (level + 1) as f64 * (self.wins[level] - self.losses[level]);
        }
        e
    }

    /// Points per game at cube value `cube` (SCORE-2); with the Jacoby rule in force and the
    /// cube centred every win or loss counts single (MONEY-2).
    pub fn money_equity(&self, cube: u32, jacoby_centred: bool) -> f64 {
        let cube = f64::from(cube);
        if jacoby_centred {
            cube * (self.win() - self.lose())
        } else {
            cube * self.cubeless_equity()
        }
    }
}

/// A sum in order from 0, as the shares are added everywhere.
fn sum(shares: &[f64; 3]) -> f64 {
    shares.iter().fold(0.0, |a, x| a + x)
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: ([f64; 3], [f64; 3]) = ([0.40, 0.12, 0.01], [0.35, 0.11, 0.01]);

    #[test]
    fn cubeless_equity_counts_gammons_twice_and_backgammons_three_times() {
        // SCORE-1
        let d = OutcomeShares::new(D.0, D.1).unwrap();
        assert!((d.cubeless_equity() - 0.07).abs() < 1e-12);
        assert!((d.flipped().cubeless_equity() + 0.07).abs() < 1e-12);
    }

    #[test]
    fn the_jacoby_rule_counts_every_result_single_with_the_cube_centred() {
        // MONEY-2, SCORE-2
        let d = OutcomeShares::new(D.0, D.1).unwrap();
        assert!((d.money_equity(2, true) - 2.0 * (0.53 - 0.47)).abs() < 1e-12);
        assert!((d.money_equity(2, false) - 0.14).abs() < 1e-12);
    }

    #[test]
    fn bad_shares_are_refused() {
        assert_eq!(
            OutcomeShares::new([-0.1, 0.0, 0.0], [1.1, 0.0, 0.0]),
            Err(SharesError::BadShare { losses: false })
        );
        assert!(matches!(
            OutcomeShares::new([0.5, 0.0, 0.0], [0.4, 0.0, 0.0]),
            Err(SharesError::Sum(_))
        ));
        assert_eq!(
            OutcomeShares::from_cumulative([0.5, 0.6, 0.0, 0.0, 0.0]),
            Err(SharesError::NotNested)
        );
        assert_eq!(
            OutcomeShares::from_counts([0; 3], [0; 3]),
            Err(SharesError::NoGame)
        );
    }

    #[test]
    fn cumulative_figures_and_counts_give_the_exclusive_shares() {
        let d = OutcomeShares::from_cumulative([0.53, 0.13, 0.01, 0.12, 0.01]).unwrap();
        assert!((d.wins[1] - 0.12).abs() < 1e-12 && (d.losses[0] - 0.35).abs() < 1e-12);
        let c = OutcomeShares::from_counts([2, 1, 1], [0, 0, 0]).unwrap();
        assert_eq!(c.wins, [0.5, 0.25, 0.25]);
    }
}
