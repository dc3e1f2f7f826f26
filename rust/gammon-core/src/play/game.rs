//! The game loop: plays one whole game of any rules type with a [`Policy`] per color, a
//! [`Referee`] to score it and an optional [`Truncation`] step that may settle it early.
//!
//! The loop is generic over [`Position`] and monomorphised. It does not allocate: a
//! [`GameRunner`] owns one [`PlayList`] and reuses it for every move of every game it plays
//! (one runner per worker thread).
//!
//! Each turn: (1) the truncation step may settle the game (the hook for bear-off databases
//! and evaluators); (2) the dice are rolled from the game's own stream; (3) the policy of the
//! player on roll picks a play, unless the play is forced or there is none (MOVE-8); (4) the
//! play is made and the turn passes. When a player has borne off everything the referee may
//! grant the other player one more turn (Long Nardy's last roll, LN-37) and then scores the
//! game.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::moves::OFF;
use crate::base::rng::GameDice;
use crate::play::event::{GameEvent, NoObserver, Observer};
use crate::play::record::{GameEnd, GameRecord, Settlement};
use crate::policy::{Policy, PolicyStop};
use crate::rules::position::Position;
use crate::scoring::cube::CubeState;
use crate::scoring::referee::Referee;

/// The hook that may end a game early with its expected result (exact bear-off databases,
/// evaluators that truncate rollouts). Called before every turn.
pub trait Truncation<P: Position>: Send + Sync {
    /// The expected result of the game from `pos` (player on roll to roll next) after
    /// `plies` turns, or `None` to play on.
    fn settle(&self, pos: &P, plies: u32) -> Option<Settlement>;
}

/// Plays every game to the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoTruncation;

impl<P: Position> Truncation<P> for NoTruncation {
    #[inline]
    fn settle(&self, _pos: &P, _plies: u32) -> Option<Settlement> {
        None
    }
}

/// The hook that measures the luck of each roll, for variance reduction ([`crate::EvalLuck`]).
/// Called before every turn with the roll about to be played.
pub trait Luck<P: Position>: Send + Sync {
    /// The luck of `roll` for the player on roll in `pos`, in points at stake 1: what the
    /// roll is worth minus what a roll is worth on average (over the 15 non-doubles when
    /// `opening`, BG-10). `buf` is scratch space for move generation.
    fn luck(&self, pos: &P, roll: Dice, opening: bool, buf: &mut PlayList<P>) -> f64;

    /// Called as each game starts, before its first roll (for a measure that keeps what the
    /// turns of one game share).
    #[inline]
    fn new_game(&self) {}
}

/// Measures no luck: plain games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoLuck;

impl<P: Position> Luck<P> for NoLuck {
    #[inline]
    fn luck(&self, _pos: &P, _roll: Dice, _opening: bool, _buf: &mut PlayList<P>) -> f64 {
        0.0
    }
}

impl<P: Position, L: Luck<P>> Luck<P> for Option<L> {
    #[inline]
    fn luck(&self, pos: &P, roll: Dice, opening: bool, buf: &mut PlayList<P>) -> f64 {
        match self {
            Some(l) => l.luck(pos, roll, opening, buf),
            None => 0.0,
        }
    }

    #[inline]
    fn new_game(&self) {
        if let Some(l) = self {
            l.new_game();
        }
    }
}

/// A game could not be played to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A policy abandoned the game ([`PolicyStop`]).
    #[error("a policy stopped the game")]
    PolicyStopped,
    /// The game ran past the limit of turns (a sign of a rules bug: no legal game is that long).
    #[error("the game did not end within {0} turns")]
    TooLong(u32),
    /// A match ran past `MAX_GAMES_PER_MATCH` games (only draws could make
    /// one that long).
    #[error("the match did not end within {0} games")]
    MatchTooLong(u32),
}

impl From<PolicyStop> for GameError {
    fn from(_: PolicyStop) -> GameError {
        GameError::PolicyStopped
    }
}

/// A bound on the turns of one game. Random backgammon games last about 100 turns; a game that
/// reaches this has met a rules bug and is reported as [`GameError::TooLong`].
pub const MAX_PLIES: u32 = 100_000;

/// Everything about a game except its start and its dice: who plays, who scores, when to stop.
pub struct GameRules<'a, R, Pol: ?Sized, T> {
    /// Scores finished games and grants extra turns (LN-37).
    pub referee: &'a R,
    /// The policy of each color.
    pub policies: ByColor<&'a Pol>,
    /// The truncation step.
    pub truncation: &'a T,
    /// The player who started the game: in Long Nardy the colors are roles and White started
    /// (LN-8), which is the default.
    pub starter: Color,
    /// The cube the game is played for.
    pub cube: CubeState,
}

impl<R, Pol: ?Sized, T> Clone for GameRules<'_, R, Pol, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, Pol: ?Sized, T> Copy for GameRules<'_, R, Pol, T> {}

impl<'a, R, Pol: ?Sized, T> GameRules<'a, R, Pol, T> {
    /// Rules with the same policy for both colors, White as the starter and a centred cube
    /// at 1. (How the dice fall, the opening roll included, is the [`GameDice`]' business.)
    pub fn new(referee: &'a R, policy: &'a Pol, truncation: &'a T) -> Self {
        GameRules {
            referee,
            policies: ByColor {
                white: policy,
                black: policy,
            },
            truncation,
            starter: Color::White,
            cube: CubeState::default(),
        }
    }
}

/// Plays games, reusing one [`PlayList`] for every move (one runner per worker).
pub struct GameRunner<P> {
    plays: Box<PlayList<P>>,
}

impl<P: Position> Default for GameRunner<P> {
    fn default() -> Self {
        GameRunner::new()
    }
}

impl<P: Position> GameRunner<P> {
    /// A runner with its own play list.
    #[must_use]
    pub fn new() -> GameRunner<P> {
        GameRunner {
            plays: Box::default(),
        }
    }

    /// Plays one turn of the player on roll in `pos`. Returns whether a checker was borne off
    /// (only then can the game have ended).
    #[inline]
    fn turn<Pol: Policy<P> + ?Sized, L: Luck<P>>(
        &mut self,
        pos: &mut P,
        policy: &Pol,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
        luck: &L,
        white_luck: &mut f64,
    ) -> Result<bool, GameError> {
        let opening = dice.next_is_opening();
        let roll = dice.next_roll();
        let l = luck.luck(pos, roll, opening, &mut self.plays);
        *white_luck += if pos.turn() == Color::White { l } else { -l };
        self.play_roll(pos, policy, roll, rng, &mut NoObserver)
    }

    /// Plays `roll` for the player on roll in `pos`, reporting the roll and the play (or the
    /// pass) to `obs`. Returns whether a checker was borne off (only then can the game have
    /// ended). The turn of both game loops.
    #[inline]
    pub(crate) fn play_roll<Pol, O>(
        &mut self,
        pos: &mut P,
        policy: &Pol,
        roll: Dice,
        rng: &mut Xoshiro256PlusPlus,
        obs: &mut O,
    ) -> Result<bool, GameError>
    where
        Pol: Policy<P> + ?Sized,
        O: Observer<P>,
    {
        obs.event(&GameEvent::Roll {
            player: pos.turn(),
            dice: roll,
        });
        pos.legal_plays_into(roll, &mut self.plays);
        let i = match self.plays.len() {
            0 => {
                obs.event(&GameEvent::Pass);
                *pos = pos.pass_turn();
                return Ok(false);
            }
            1 => 0,
            n => {
                let i = policy.choose(pos, roll, &self.plays, rng)?;
                // A policy's index is checked: an out-of-range answer is a bug in the policy,
                // reported as a stop rather than a panic.
                if i >= n {
                    return Err(GameError::PolicyStopped);
                }
                i
            }
        };
        let play = &self.plays[i];
        obs.event(&GameEvent::Play { before: pos, play });
        *pos = pos.play_unchecked(play);
        Ok(play.moves().iter().any(|m| m.to == OFF))
    }

    /// Plays a game from `start` to its end (or its settlement).
    ///
    /// Game `i` of master seed `s` takes its dice from `GameDice::new(s, i, ..)` and its
    /// random choices from `game_stream(s, i, Stream::Choices)`, as rollouts do, so a game is
    /// replayed exactly from its two numbers:
    ///
    /// ```
    /// use gammon_core::{
    ///     game_stream, Backgammon, Color, FirstRoll, GameDice, GameEnd, GameRules, GameRunner,
    ///     NoTruncation, Random, StandardReferee, Stream, Variant,
    /// };
    ///
    /// let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    /// let rules = GameRules::new(&StandardReferee, &Random, &NoTruncation);
    /// let mut runner = GameRunner::new();
    /// let mut game = |seed, i| {
    ///     let mut dice = GameDice::new(seed, i, FirstRoll::Opening, None);
    ///     let mut rng = game_stream(seed, i, Stream::Choices);
    ///     runner.play(&start, &rules, &mut dice, &mut rng).unwrap()
    /// };
    /// let record = game(7, 3);
    /// assert!(matches!(record.end, GameEnd::Finished(r) if r.winner.is_some()));
    /// assert_eq!(game(7, 3), record); // the same game again
    /// ```
    ///
    /// # Errors
    /// [`GameError::PolicyStopped`] when a policy abandons the game (or answers an index out
    /// of range); [`GameError::TooLong`] past `MAX_PLIES` turns.
    pub fn play<R, Pol, T>(
        &mut self,
        start: &P,
        rules: &GameRules<'_, R, Pol, T>,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<GameRecord, GameError>
    where
        R: Referee<P>,
        Pol: Policy<P> + ?Sized,
        T: Truncation<P>,
    {
        self.play_with_luck(start, rules, &NoLuck, dice, rng)
            .map(|(record, _)| record)
    }

    /// [`GameRunner::play`], measuring the luck of every roll with `luck`: returns the record
    /// and White's total luck (Black's is its negative), in points at stake 1.
    ///
    /// # Errors
    /// As [`GameRunner::play`].
    pub fn play_with_luck<R, Pol, T, L>(
        &mut self,
        start: &P,
        rules: &GameRules<'_, R, Pol, T>,
        luck: &L,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<(GameRecord, f64), GameError>
    where
        R: Referee<P>,
        Pol: Policy<P> + ?Sized,
        T: Truncation<P>,
        L: Luck<P>,
    {
        let mut pos = *start;
        let mut plies = 0u32;
        let mut white_luck = 0.0f64;
        luck.new_game();
        let cube = rules.cube;
        let finish = |pos: &P, plies| GameRecord {
            end: GameEnd::Finished(rules.referee.score(pos, rules.starter)),
            cube,
            plies,
        };
        if pos.is_game_over() {
            // LN-37: a game may start just after White's finish with Black's last roll still
            // due (the position after White's last play, as a rollout of that play starts).
            if rules.referee.extra_turn(&pos, rules.starter) {
                let policy = rules.policies[pos.turn()];
                self.turn(&mut pos, policy, dice, rng, luck, &mut white_luck)?;
                plies += 1;
            }
            return Ok((finish(&pos, plies), white_luck));
        }
        loop {
            if let Some(s) = rules.truncation.settle(&pos, plies) {
                let record = GameRecord {
                    end: GameEnd::Settled(s),
                    cube,
                    plies,
                };
                return Ok((record, white_luck));
            }
            let policy = rules.policies[pos.turn()];
            let bore_off = self.turn(&mut pos, policy, dice, rng, luck, &mut white_luck)?;
            plies += 1;
            if bore_off && pos.is_game_over() {
                // LN-37: the referee may give the player now on roll one more turn.
                if rules.referee.extra_turn(&pos, rules.starter) {
                    let policy = rules.policies[pos.turn()];
                    self.turn(&mut pos, policy, dice, rng, luck, &mut white_luck)?;
                    plies += 1;
                }
                return Ok((finish(&pos, plies), white_luck));
            }
            if plies >= MAX_PLIES {
                return Err(GameError::TooLong(plies));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::outcome::OutcomeKind;
    use crate::base::rng::{game_stream, FirstRoll, Stream};
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::play::record::ONE;
    use crate::policy::{Pubeval, Random};
    use crate::rules::backgammon::Backgammon;
    use crate::scoring::referee::GameResult;
    use crate::scoring::referee::StandardReferee;

    fn play(start: &Backgammon, game: u64) -> GameRecord {
        let rules = GameRules::new(&StandardReferee, &Random, &NoTruncation);
        let mut dice = GameDice::new(1, game, FirstRoll::Any, None);
        let mut rng = game_stream(1, game, Stream::Choices);
        GameRunner::new()
            .play(start, &rules, &mut dice, &mut rng)
            .unwrap()
    }

    #[test]
    fn random_games_of_every_backgammon_variant_end_with_a_scored_result() {
        for v in [
            Variant::Backgammon,
            Variant::Nackgammon,
            Variant::Hypergammon1,
            Variant::Hypergammon3,
        ] {
            let start = Backgammon::start(v, Color::White).unwrap();
            for g in 0..50 {
                let rec = play(&start, g);
                let GameEnd::Finished(r) = rec.end else {
                    panic!("not finished")
                };
                assert!(r.winner.is_some());
                assert!((1..=3).contains(&r.points), "{r:?}");
                assert!(rec.plies >= 1, "{v}: {rec:?}");
            }
        }
    }

    #[test]
    fn the_same_game_index_replays_the_same_game() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        assert_eq!(play(&start, 7), play(&start, 7));
        let differ = (0..10)
            .filter(|&g| play(&start, g) != play(&start, 7))
            .count();
        assert!(differ >= 8);
    }

    #[test]
    fn a_finished_start_is_scored_without_a_turn() {
        let done = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[],
            &[(6, 15)],
        ))
        .unwrap();
        let rec = play(&done, 0);
        assert_eq!(rec.plies, 0);
        assert_eq!(
            rec.end,
            GameEnd::Finished(GameResult {
                winner: Some(Color::White),
                kind: OutcomeKind::Gammon,
                points: 2
            })
        );
    }

    struct SettleAtOnce;
    impl Truncation<Backgammon> for SettleAtOnce {
        fn settle(&self, pos: &Backgammon, plies: u32) -> Option<Settlement> {
            (plies == 2).then(|| {
                let mut s = Settlement::default();
                s.win[pos.turn()][0] = ONE;
                s.white_points = if pos.turn() == Color::White { 1 } else { -1 } * ONE as i64;
                s
            })
        }
    }

    #[test]
    fn the_truncation_step_can_settle_a_game_before_any_turn_is_played_out() {
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let pubeval = Pubeval::new();
        let rules = GameRules::new(&StandardReferee, &pubeval, &SettleAtOnce);
        let mut dice = GameDice::new(3, 0, FirstRoll::Opening, None);
        let mut rng = game_stream(3, 0, Stream::Choices);
        let rec = GameRunner::new()
            .play(&start, &rules, &mut dice, &mut rng)
            .unwrap();
        assert_eq!(rec.plies, 2);
        // After two turns White is on roll again and was credited the win.
        let s = rec.settlement();
        assert_eq!(s.win.white[0], ONE);
        assert_eq!(s.white_points, ONE as i64);
    }

    /// A referee that grants the loser one more turn, to check that the loop honours
    /// `extra_turn` exactly once.
    struct LastRoll;
    impl Referee<Backgammon> for LastRoll {
        fn extra_turn(&self, _pos: &Backgammon, _starter: Color) -> bool {
            true
        }
        fn score(&self, pos: &Backgammon, starter: Color) -> GameResult {
            StandardReferee.score(pos, starter)
        }
    }

    #[test]
    fn ln37_the_loop_plays_the_extra_turn_the_referee_grants() {
        // White bears off the last checker with any roll; Black then gets one more turn (a
        // finished backgammon position has no legal play, so it is a pass): two turns, two
        // rolls. Without the extra turn the game ends after one.
        let pos = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[(1, 1)],
            &[(1, 1)],
        ))
        .unwrap();
        let rules = GameRules::new(&LastRoll, &Random, &NoTruncation);
        let mut dice = GameDice::new(5, 0, FirstRoll::Any, None);
        let mut rng = game_stream(5, 0, Stream::Choices);
        let rec = GameRunner::new()
            .play(&pos, &rules, &mut dice, &mut rng)
            .unwrap();
        assert_eq!(rec.plies, 2);
        assert_eq!(dice.turns(), 2);
        let plain = GameRules::new(&StandardReferee, &Random, &NoTruncation);
        let mut dice = GameDice::new(5, 0, FirstRoll::Any, None);
        let rec = GameRunner::new()
            .play(&pos, &plain, &mut dice, &mut rng)
            .unwrap();
        assert_eq!(rec.plies, 1);
    }

    #[test]
    fn ln37_a_game_that_starts_after_whites_finish_plays_the_extra_turn_first() {
        // The position after White's last play: White has everything off, Black is on roll
        // with its last roll due (the referee grants it). Without the grant it is scored at
        // once, as a finished start is.
        let finished = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::Black,
            &[],
            &[(1, 1)],
        ))
        .unwrap();
        let rules = GameRules::new(&LastRoll, &Random, &NoTruncation);
        let mut dice = GameDice::new(5, 0, FirstRoll::Any, None);
        let mut rng = game_stream(5, 0, Stream::Choices);
        let rec = GameRunner::new()
            .play(&finished, &rules, &mut dice, &mut rng)
            .unwrap();
        assert_eq!((rec.plies, dice.turns()), (1, 1));
        let plain = GameRules::new(&StandardReferee, &Random, &NoTruncation);
        let mut dice = GameDice::new(5, 0, FirstRoll::Any, None);
        let rec = GameRunner::new()
            .play(&finished, &plain, &mut dice, &mut rng)
            .unwrap();
        assert_eq!((rec.plies, dice.turns()), (0, 0));
    }
}
