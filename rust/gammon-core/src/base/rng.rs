//! Reproducible dice for rollouts: every game draws its dice from its own stream, derived
//! from `(seed, game index)` only, so that a rollout gives the same games whatever the thread
//! count, chunk size or machine split.
//!
//! - [`mix64`] and [`game_stream`]: the derivation of a game's generator from `(seed, i)`:
//!   xoshiro256++ ([`rand_xoshiro::Xoshiro256PlusPlus`]) seeded through SplitMix64's
//!   finalizer (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//!   OOPSLA 2014), applied to the seed, the game index and a stream tag.
//! - [`QuasiRolls`]: stratified ("quasi-random") first rolls, the way gnubg rotates the dice
//!   of its rollouts: in each aligned block of 36 games every first roll occurs once, and in
//!   each aligned block of 36 × 36 = 1296 games every pair of first and second rolls occurs
//!   once. The rolls of each turn are permuted by the seed.
//! - [`GameDice`]: the dice of one game, combining both.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::base::dice::Dice;

/// The generator of every stream: xoshiro256++.
pub type GameRng = Xoshiro256PlusPlus;

/// The ordered outcomes of two dice.
pub const OUTCOMES: u32 = 36;

/// How many turns of a game take stratified rolls when [`QuasiRolls`] are used: the first
/// roll (stratified in blocks of 36 games) and the second (blocks of 1296). Later turns would
/// need blocks larger than most rollouts and are left to the game's own stream, as gnubg does
/// when the game count is not a multiple of the block.
pub const QUASI_TURNS: usize = 2;

/// Tags that keep the streams of one game apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Stream {
    /// The dice of a game.
    Dice = 1,
    /// The random choices of the policies in a game (the `random` policy).
    Choices = 2,
    /// The permutations of [`QuasiRolls`] (one per rollout seed, not per game).
    Permutations = 3,
}

/// SplitMix64's finalizer: a bijective mixing function of 64-bit words.
///
/// [`game_stream`] derives every game's generator with it. A SplitMix64 generator is this
/// function applied to a counter stepped by the golden ratio `0x9e37_79b9_7f4a_7c15`:
///
/// ```
/// let mut state = 7u64;
/// let mut next = || {
///     state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
///     gammon_core::mix64(state)
/// };
/// assert_ne!(next(), next());
/// assert_eq!(gammon_core::mix64(0), 0); // bijective: 0 is its own image
/// ```
#[inline]
#[must_use]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// The generator of stream `stream` of game `game` in a rollout with seed `seed`.
///
/// It depends on these three values only. The 256-bit state is four successive SplitMix64
/// outputs started from a mix of the three, so nearby seeds and indices give unrelated streams.
#[must_use]
pub fn game_stream(seed: u64, game: u64, stream: Stream) -> Xoshiro256PlusPlus {
    let mut z = mix64(seed ^ mix64(game.wrapping_add(GOLDEN)) ^ mix64((stream as u64) << 56));
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        z = z.wrapping_add(GOLDEN);
        chunk.copy_from_slice(&mix64(z).to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// A uniform integer in `0..n` (`n` ≥ 1), without bias (Lemire's multiply-and-reject method,
/// "Fast random integer generation in an interval", ACM TOMACS 2019).
#[inline]
pub fn below(rng: &mut Xoshiro256PlusPlus, n: u32) -> u32 {
    debug_assert!(n > 0);
    let n64 = u64::from(n);
    loop {
        let m = u128::from(rng.next_u64()) * u128::from(n64);
        let low = m as u64;
        // Reject the few low words that would favour some results: 2^64 mod n of them.
        if low >= n64.wrapping_neg() % n64 {
            return (m >> 64) as u32;
        }
    }
}

/// The roll of ordered outcome `k` in `0..36`: first die `k / 6 + 1`, second `k % 6 + 1`.
#[inline]
#[must_use]
pub const fn dice_of_outcome(k: u32) -> Dice {
    Dice::new_unchecked((k / 6 + 1) as u8, (k % 6 + 1) as u8)
}

/// The ordered non-double outcomes (`0..36` indices) in increasing order: the 30 ways a game
/// of backgammon can start (BG-10).
const OPENING_OUTCOMES: [u8; 30] = {
    let mut out = [0u8; 30];
    let mut k = 0;
    let mut i = 0;
    while k < 36 {
        if k / 6 != k % 6 {
            out[i] = k as u8;
            i += 1;
        }
        k += 1;
    }
    out
};

/// A roll of a game's first turn under BG-10: uniform over the 30 ordered non-double outcomes
/// (each unordered opening roll with probability 1/15).
#[inline]
pub fn opening_roll(rng: &mut Xoshiro256PlusPlus) -> Dice {
    dice_of_outcome(u32::from(OPENING_OUTCOMES[below(rng, 30) as usize]))
}

/// A roll of two fair dice.
#[inline]
pub fn roll(rng: &mut Xoshiro256PlusPlus) -> Dice {
    dice_of_outcome(below(rng, OUTCOMES))
}

/// Stratified first rolls for a rollout (see the module docs).
///
/// Turn `t` < `QUASI_TURNS` of game `i` takes the roll `perm[t][digit]`, where `digit` is
/// digit `t` of `i` written in the mixed radix (first-turn base, 36). The first-turn base is 36
/// (all ordered rolls) or, for an opening where doubles cannot occur (BG-10), 15 (the
/// unordered non-doubles, which are equally likely). Each permutation is shuffled from the
/// seed, so every turn's roll is uniform over the seed and stratified over the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuasiRolls {
    first_base: u32,
    perms: [[Dice; OUTCOMES as usize]; QUASI_TURNS],
}

impl QuasiRolls {
    /// The stratified rolls of rollout `seed`. With `opening` the first roll is never a
    /// double (BG-10) and every aligned block of 15 games covers the 15 opening rolls.
    #[must_use]
    pub fn new(seed: u64, opening: bool) -> QuasiRolls {
        let mut rng = game_stream(seed, u64::MAX, Stream::Permutations);
        let any: [Dice; 36] = std::array::from_fn(|k| dice_of_outcome(k as u32));
        let mut perms = [any; QUASI_TURNS];
        let mut first_base = OUTCOMES;
        if opening {
            first_base = Dice::OPENING_15.len() as u32;
            perms[0][..15].copy_from_slice(&Dice::OPENING_15);
        }
        for (t, perm) in perms.iter_mut().enumerate() {
            let n = if t == 0 { first_base } else { OUTCOMES };
            // Fisher-Yates over the first n entries.
            for i in (1..n).rev() {
                let j = below(&mut rng, i + 1);
                perm.swap(i as usize, j as usize);
            }
        }
        QuasiRolls { first_base, perms }
    }

    /// The number of games in which every first roll occurs once (36, or 15 for an opening).
    #[must_use]
    pub fn first_block(&self) -> u64 {
        u64::from(self.first_base)
    }

    /// The number of games in which every pair of first and second rolls occurs once.
    #[must_use]
    pub fn pair_block(&self) -> u64 {
        u64::from(self.first_base) * u64::from(OUTCOMES)
    }

    /// The stratified roll of turn `turn` (< `QUASI_TURNS`) of game `game`.
    #[inline]
    #[must_use]
    pub fn roll(&self, game: u64, turn: usize) -> Dice {
        let digit = if turn == 0 {
            game % u64::from(self.first_base)
        } else {
            (game / u64::from(self.first_base)) % u64::from(OUTCOMES)
        };
        self.perms[turn][digit as usize]
    }
}

/// How the first roll of a game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FirstRoll {
    /// The player on roll rolls as on any turn (doubles included).
    #[default]
    Any,
    /// The first roll is the opening roll of backgammon: never a double (BG-10).
    Opening,
}

/// The dice of one game: stratified first rolls when a [`QuasiRolls`] is given, then the
/// game's own stream ([`game_stream`] with [`Stream::Dice`]).
#[derive(Clone, Debug)]
pub struct GameDice<'a> {
    rng: Xoshiro256PlusPlus,
    game: u64,
    turn: usize,
    first: FirstRoll,
    quasi: Option<&'a QuasiRolls>,
}

impl<'a> GameDice<'a> {
    /// The dice of game `game` of rollout `seed`.
    #[must_use]
    pub fn new(seed: u64, game: u64, first: FirstRoll, quasi: Option<&'a QuasiRolls>) -> Self {
        GameDice {
            rng: game_stream(seed, game, Stream::Dice),
            game,
            turn: 0,
            first,
            quasi,
        }
    }

    /// The roll of the next turn.
    #[inline]
    pub fn next_roll(&mut self) -> Dice {
        let turn = self.turn;
        self.turn += 1;
        match self.quasi {
            Some(q) if turn < QUASI_TURNS => q.roll(self.game, turn),
            _ if turn == 0 && self.first == FirstRoll::Opening => opening_roll(&mut self.rng),
            _ => roll(&mut self.rng),
        }
    }

    /// One throw of the opening roll (BG-10): White's die and Black's die, from the game's own
    /// stream (never stratified). Not counted as a turn.
    #[inline]
    pub fn opening_throw(&mut self) -> (u8, u8) {
        let k = below(&mut self.rng, OUTCOMES);
        ((k / 6 + 1) as u8, (k % 6 + 1) as u8)
    }

    /// True when the next roll is an opening roll, never a double (BG-10).
    #[inline]
    #[must_use]
    pub fn next_is_opening(&self) -> bool {
        self.turn == 0 && self.first == FirstRoll::Opening
    }

    /// How many rolls were made so far.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn a_game_stream_depends_only_on_seed_index_and_tag() {
        let mut a = game_stream(7, 12, Stream::Dice);
        let mut b = game_stream(7, 12, Stream::Dice);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        let mut c = game_stream(7, 13, Stream::Dice);
        let mut d = game_stream(8, 12, Stream::Dice);
        let mut e = game_stream(7, 12, Stream::Choices);
        assert_ne!(c.next_u64(), xs[0]);
        assert_ne!(d.next_u64(), xs[0]);
        assert_ne!(e.next_u64(), xs[0]);
    }

    #[test]
    fn rolls_are_uniform_over_the_36_outcomes() {
        let mut rng = game_stream(1, 0, Stream::Dice);
        let mut counts = [0u32; 36];
        let n = 360_000;
        for _ in 0..n {
            counts[below(&mut rng, 36) as usize] += 1;
        }
        // Chi-square with 35 degrees of freedom: 99.99% quantile is about 77.
        let expected = f64::from(n) / 36.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 77.0, "chi2 = {chi2}");
    }

    #[test]
    fn bg10_opening_rolls_are_never_doubles_and_cover_the_fifteen() {
        let mut rng = game_stream(3, 0, Stream::Dice);
        let mut seen = HashSet::new();
        for _ in 0..3000 {
            let d = opening_roll(&mut rng);
            assert!(!d.is_double());
            seen.insert(d);
        }
        assert_eq!(seen.len(), 15);
    }

    #[test]
    fn every_36_games_cover_all_first_rolls_and_every_1296_all_pairs() {
        let q = QuasiRolls::new(99, false);
        for block in 0..3u64 {
            let base = block * 1296;
            let pairs: HashSet<(usize, usize)> = (base..base + 1296)
                .map(|g| (q.roll(g, 0).index36(), q.roll(g, 1).index36()))
                .collect();
            // Ordered outcomes: count the pairs of (outcome index) with their multiplicity.
            let mut counts = std::collections::HashMap::new();
            for g in base..base + 1296 {
                *counts.entry((q.roll(g, 0), q.roll(g, 1))).or_insert(0u32) += 1;
            }
            for (&(a, b), &c) in &counts {
                assert_eq!(c, a.weight() * b.weight(), "{a} then {b}");
            }
            assert_eq!(pairs.len(), 21 * 21);
            for start in (base..base + 1296).step_by(36) {
                let mut firsts = std::collections::HashMap::new();
                for g in start..start + 36 {
                    *firsts.entry(q.roll(g, 0)).or_insert(0u32) += 1;
                }
                assert_eq!(firsts.len(), 21);
                assert!(firsts.iter().all(|(d, &c)| c == d.weight()));
            }
        }
    }

    #[test]
    fn bg10_opening_quasi_rolls_cover_the_fifteen_in_every_block_of_fifteen() {
        let q = QuasiRolls::new(5, true);
        assert_eq!(q.first_block(), 15);
        assert_eq!(q.pair_block(), 540);
        for start in (0..540u64).step_by(15) {
            let firsts: HashSet<Dice> = (start..start + 15).map(|g| q.roll(g, 0)).collect();
            assert_eq!(firsts.len(), 15);
            assert!(firsts.iter().all(|d| !d.is_double()));
        }
        let pairs: HashSet<(Dice, usize)> = (0..540u64)
            .map(|g| (q.roll(g, 0), q.roll(g, 1).index36()))
            .collect();
        assert_eq!(pairs.len(), 15 * 21);
    }

    #[test]
    fn the_permutations_depend_on_the_seed() {
        assert_ne!(QuasiRolls::new(1, false), QuasiRolls::new(2, false));
        assert_eq!(QuasiRolls::new(1, false), QuasiRolls::new(1, false));
    }

    #[test]
    fn game_dice_switch_from_stratified_to_streamed_rolls() {
        let q = QuasiRolls::new(11, false);
        let mut with = GameDice::new(11, 40, FirstRoll::Any, Some(&q));
        let mut without = GameDice::new(11, 40, FirstRoll::Any, None);
        assert_eq!(with.next_roll(), q.roll(40, 0));
        assert_eq!(with.next_roll(), q.roll(40, 1));
        // The third roll of the quasi game is the first roll of the plain stream.
        assert_eq!(with.next_roll(), without.next_roll());
        assert_eq!(with.turns(), 3);
    }

    #[test]
    fn bg10_opening_throws_are_one_die_each_uniform_and_tie_one_time_in_six() {
        let mut dice = GameDice::new(4, 0, FirstRoll::Any, None);
        let mut counts = [[0u32; 6]; 6];
        let n = 36_000;
        for _ in 0..n {
            let (w, b) = dice.opening_throw();
            counts[usize::from(w) - 1][usize::from(b) - 1] += 1;
        }
        assert_eq!(dice.turns(), 0);
        let expected = f64::from(n) / 36.0;
        let chi2: f64 = counts
            .iter()
            .flatten()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        // 35 degrees of freedom: the 99.99% quantile is about 77.
        assert!(chi2 < 77.0, "chi2 = {chi2}");
    }
}
