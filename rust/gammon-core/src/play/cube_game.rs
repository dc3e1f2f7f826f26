//! The game loop with the doubling cube, and whole matches.
//!
//! [`GameRunner::play_with_cube`] plays one game of a match or a money session from the
//! opening roll to its end, with a checker [`Policy`] and a [`CubePolicy`] per color and a
//! [`Referee`] to score it; [`GameRunner::play_match`] plays games until the match is won.
//! Like the cubeless loop ([`GameRunner::play`]) it is generic over [`Position`],
//! monomorphised, and does not allocate.
//!
//! A game goes:
//! 1. the opening roll (BG-10, [`opening_throw`]): each player throws one die until they differ; in money play
//!    each tie may double the centred cube (BG-11, CUBE-20); the higher die moves first and
//!    plays both dice at once, so the starter cannot double on that turn (BG-12);
//! 2. every later turn: if the player on roll may double ([`may_double`], the turn state
//!    machine's rule: CUBE-2, CUBE-3, CUBE-10; never in the Crawford game, MATCH-3; with
//!    `refuse_dead_cube` never a dead cube, MATCH-7) their cube
//!    policy is asked; a double is answered by the opponent's cube policy: take, drop, or in
//!    money play a beaver and raccoons (CUBE-4 to CUBE-13); a drop ends the game at the value
//!    before the double (CUBE-6); then the dice are rolled and the checker policy plays;
//! 3. when a player has borne off everything the referee may grant one more turn (LN-37) and
//!    scores the game: the level times the cube, a single under the Jacoby rule while the cube
//!    is centred (SCORE-2, MONEY-2).
//!
//! An [`Observer`] sees every event (the opening throws, cube actions, rolls and plays); the
//! simulations use [`NoObserver`], which compiles to nothing, and the tests record the events
//! to replay them through the Python `gammon.Game`.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::outcome::OutcomeKind;
use crate::base::rng::GameDice;
use crate::play::event::{GameEvent, Observer};
use crate::play::game::{GameError, GameRunner, MAX_PLIES};
use crate::play::record::{CubefulRecord, Ending, MatchRecord};
use crate::play::turn::{may_double, opening_throw, OpeningThrow};
use crate::policy::cube::{CubeContext, CubePolicy, Response};
use crate::policy::Policy;
use crate::rules::position::Position;
use crate::scoring::cube::{CubeOffer, CubeRules, CubeState};
use crate::scoring::referee::Referee;
use crate::scoring::scoreboard::{MatchScore, Scoreboard};

/// Everything about a game with the cube except its board and its dice.
pub struct CubefulRules<'a, R, Pol: ?Sized, C: ?Sized> {
    /// Scores finished games and grants extra turns (LN-37).
    pub referee: &'a R,
    /// The checker policy of each color.
    pub policies: ByColor<&'a Pol>,
    /// The cube policy of each color.
    pub cube_policies: ByColor<&'a C>,
    /// The session's cube rules; a match applies [`CubeRules::for_match`] to them.
    pub cube_rules: CubeRules,
}

impl<R, Pol: ?Sized, C: ?Sized> Clone for CubefulRules<'_, R, Pol, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, Pol: ?Sized, C: ?Sized> Copy for CubefulRules<'_, R, Pol, C> {}

/// The most games a match may take before [`GameError::MatchTooLong`]: a backgammon match
/// cannot come near it (every game scores at least a point); only draws could.
pub const MAX_GAMES_PER_MATCH: u32 = 1 << 20;

/// Where the game loop with the cube takes over: the position, the cube, a first roll already
/// thrown (the opening roll), the player who started the game and the ties thrown before.
struct Begin<P> {
    pos: P,
    cube: CubeState,
    next: Option<Dice>,
    starter: Color,
    ties: u32,
}

/// How a cube action ended.
enum CubeActionEnd {
    /// The offer was taken: the new cube.
    Taken(CubeState),
    /// The offer was dropped: the offer and the cube as it stood (after any redoubles).
    Dropped(CubeOffer, CubeState),
}

impl<P: Position> GameRunner<P> {
    /// The double of the player on roll in `pos` and the answers to it, beavers and raccoons
    /// included (CUBE-4 to CUBE-13).
    #[allow(clippy::too_many_arguments)]
    fn cube_action<C, O>(
        pos: &P,
        cube: CubeState,
        rules: &CubeRules,
        board: &Scoreboard,
        cube_policies: &ByColor<&C>,
        doubles: &mut u32,
        obs: &mut O,
    ) -> Result<CubeActionEnd, GameError>
    where
        C: CubePolicy<P> + ?Sized,
        O: Observer<P>,
    {
        let player = pos.turn();
        obs.event(&GameEvent::Double { player });
        *doubles += 1;
        let mut cube = cube;
        let mut offer = cube.offer(player);
        loop {
            let responder = offer.responder();
            let may_redouble = offer.may_redouble(rules);
            let ctx = CubeContext {
                position: pos,
                player: responder,
                cube,
                rules,
                board,
            };
            let response = cube_policies[responder].respond(&ctx, &offer, may_redouble)?;
            obs.event(&GameEvent::Answer {
                player: responder,
                response,
                answer: response.answer(&offer),
                may_redouble,
            });
            match response {
                Response::Take => return Ok(CubeActionEnd::Taken(offer.take(rules))),
                Response::Drop => return Ok(CubeActionEnd::Dropped(offer, cube)),
                Response::Redouble if may_redouble => {
                    (cube, offer) = offer.redouble(rules);
                    *doubles += 1;
                }
                // A redouble the rules do not allow is a bug in the policy.
                Response::Redouble => return Err(GameError::PolicyStopped),
            }
        }
    }

    /// Plays one game with the cube from `start` (either color on roll: the opening roll
    /// decides who starts) under `board`, to its end.
    ///
    /// `dice` and `rng` are the game's streams (a match passes the same streams to all its
    /// games, so that match *m* depends on `(seed, m)` only).
    ///
    /// # Errors
    /// [`GameError::PolicyStopped`] when a policy abandons the game or answers something
    /// illegal (an index out of range, a redouble not allowed); [`GameError::TooLong`] past
    /// `MAX_PLIES` turns.
    pub fn play_with_cube<R, Pol, C, O>(
        &mut self,
        start: &P,
        rules: &CubefulRules<'_, R, Pol, C>,
        board: &Scoreboard,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
        obs: &mut O,
    ) -> Result<CubefulRecord, GameError>
    where
        R: Referee<P>,
        Pol: Policy<P> + ?Sized,
        C: CubePolicy<P> + ?Sized,
        O: Observer<P>,
    {
        let cube_rules = board.cube_rules(rules.cube_rules);
        let mut cube = CubeState::default();
        // BG-10, BG-11, CUBE-20: one die each until they differ; ties may double the cube.
        let mut ties = 0u32;
        let (starter, opening_roll) = loop {
            let (white, black) = dice.opening_throw();
            obs.event(&GameEvent::OpeningThrow { white, black });
            match opening_throw(cube, &cube_rules, white, black) {
                OpeningThrow::Start(starter, roll) => break (starter, roll),
                OpeningThrow::Tie(c) => {
                    ties += 1;
                    cube = c;
                }
            }
        };
        let pos = if start.turn() == starter {
            *start
        } else {
            start.pass_turn()
        };
        // BG-12: the opening roll is the starter's first roll; no cube action comes before it.
        let begin = Begin {
            pos,
            cube,
            next: Some(opening_roll),
            starter,
            ties,
        };
        self.play_on(begin, rules, &cube_rules, board, dice, rng, obs)
    }

    /// Plays one game with the cube from `start` as it stands: its player on roll rolls first
    /// (from `dice`, the rollout's streams), with the cube at `cube` and no opening throw, and
    /// the referee scores it with White as the starter, as in cubeless rollouts.
    ///
    /// - `decided` false: the player on roll may double before that first roll, unless it is
    ///   an opening roll ([`GameDice::next_is_opening`], BG-12): the game of a cubeful
    ///   rollout. With cube policies that never double, it is the game [`GameRunner::play`]
    ///   plays with the same streams: the same rolls, the same random choices.
    /// - `decided` true: the player on roll has made its cube decision and rolls at once
    ///   (no double: the cube as it is; double/take: the doubled cube, the taker's): a line of
    ///   a cube-decision rollout. The first roll is `dice`' first, so the game has the same
    ///   rolls as the cubeful rollout's game with the same streams.
    ///
    /// # Errors
    /// As [`GameRunner::play_with_cube`].
    #[allow(clippy::too_many_arguments)]
    pub fn play_position_with_cube<R, Pol, C, O>(
        &mut self,
        start: &P,
        cube: CubeState,
        decided: bool,
        rules: &CubefulRules<'_, R, Pol, C>,
        board: &Scoreboard,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
        obs: &mut O,
    ) -> Result<CubefulRecord, GameError>
    where
        R: Referee<P>,
        Pol: Policy<P> + ?Sized,
        C: CubePolicy<P> + ?Sized,
        O: Observer<P>,
    {
        let cube_rules = board.cube_rules(rules.cube_rules);
        let next = (decided && !start.is_game_over()).then(|| dice.next_roll());
        let begin = Begin {
            pos: *start,
            cube,
            next,
            starter: Color::White,
            ties: 0,
        };
        self.play_on(begin, rules, &cube_rules, board, dice, rng, obs)
    }

    /// The game loop with the cube from `begin` to the end of the game.
    #[allow(clippy::too_many_arguments)]
    fn play_on<R, Pol, C, O>(
        &mut self,
        begin: Begin<P>,
        rules: &CubefulRules<'_, R, Pol, C>,
        cube_rules: &CubeRules,
        board: &Scoreboard,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
        obs: &mut O,
    ) -> Result<CubefulRecord, GameError>
    where
        R: Referee<P>,
        Pol: Policy<P> + ?Sized,
        C: CubePolicy<P> + ?Sized,
        O: Observer<P>,
    {
        let Begin {
            mut pos,
            mut cube,
            mut next,
            starter,
            ties,
        } = begin;
        let mut rec = CubefulRecord {
            winner: None,
            kind: OutcomeKind::Draw,
            ending: Ending::BorneOff,
            points: 0,
            cube,
            starter,
            ties,
            doubles: 0,
            plies: 0,
        };
        let finish = |pos: &P, cube: CubeState, mut rec: CubefulRecord| {
            let r = rules.referee.score(pos, starter);
            rec.winner = r.winner;
            rec.kind = r.kind;
            rec.points = match r.winner {
                Some(_) => cube.points(u32::from(r.points), cube_rules),
                None => 0,
            };
            rec.cube = cube;
            rec
        };
        if pos.is_game_over() {
            return Ok(finish(&pos, cube, rec));
        }
        loop {
            let player = pos.turn();
            let roll = match next.take() {
                Some(roll) => roll,
                None => {
                    // BG-12: no cube action before an opening roll.
                    if !dice.next_is_opening() && may_double(board, &cube, player, cube_rules) {
                        obs.event(&GameEvent::MayDouble { player, cube });
                        let ctx = CubeContext {
                            position: &pos,
                            player,
                            cube,
                            rules: cube_rules,
                            board,
                        };
                        if rules.cube_policies[player].offer_double(&ctx)? {
                            let end = Self::cube_action(
                                &pos,
                                cube,
                                cube_rules,
                                board,
                                &rules.cube_policies,
                                &mut rec.doubles,
                                obs,
                            )?;
                            match end {
                                CubeActionEnd::Taken(c) => cube = c,
                                CubeActionEnd::Dropped(offer, at) => {
                                    // CUBE-6: the proposer wins the value before the offer.
                                    rec.winner = Some(offer.proposer);
                                    rec.kind = OutcomeKind::Single;
                                    rec.ending = Ending::Dropped;
                                    rec.points = offer.stake();
                                    rec.cube = at;
                                    return Ok(rec);
                                }
                            }
                        }
                    }
                    dice.next_roll()
                }
            };
            let bore_off = self.play_roll(&mut pos, rules.policies[player], roll, rng, obs)?;
            rec.plies += 1;
            if bore_off && pos.is_game_over() {
                // LN-37: the referee may give the player now on roll one more turn.
                if rules.referee.extra_turn(&pos, starter) {
                    let policy = rules.policies[pos.turn()];
                    let roll = dice.next_roll();
                    self.play_roll(&mut pos, policy, roll, rng, obs)?;
                    rec.plies += 1;
                }
                return Ok(finish(&pos, cube, rec));
            }
            if rec.plies >= MAX_PLIES {
                return Err(GameError::TooLong(rec.plies));
            }
        }
    }

    /// Plays a whole match from `new_match` (normally [`MatchScore::new`]) until a player
    /// reaches the length, every game from `start` (MATCH-1 to MATCH-7).
    ///
    /// # Errors
    /// As [`GameRunner::play_with_cube`], and [`GameError::MatchTooLong`] past
    /// `MAX_GAMES_PER_MATCH` games.
    #[allow(clippy::too_many_arguments)]
    pub fn play_match<R, Pol, C, O>(
        &mut self,
        start: &P,
        rules: &CubefulRules<'_, R, Pol, C>,
        new_match: MatchScore,
        dice: &mut GameDice<'_>,
        rng: &mut Xoshiro256PlusPlus,
        obs: &mut O,
    ) -> Result<MatchRecord, GameError>
    where
        R: Referee<P>,
        Pol: Policy<P> + ?Sized,
        C: CubePolicy<P> + ?Sized,
        O: Observer<P>,
    {
        let mut m = new_match;
        let mut rec = MatchRecord {
            winner: Color::White,
            score: m.score,
            games: 0,
            crawford_games: 0,
            crawford_game: None,
            drops: 0,
            doubles: 0,
            max_cube: 1,
            plies: 0,
        };
        rec.winner = loop {
            if let Some(w) = m.winner() {
                break w;
            }
            if rec.games >= MAX_GAMES_PER_MATCH {
                return Err(GameError::MatchTooLong(rec.games));
            }
            if m.crawford_game {
                rec.crawford_games += 1;
                rec.crawford_game.get_or_insert(rec.games);
            }
            let g = self.play_with_cube(start, rules, &Scoreboard::Match(m), dice, rng, obs)?;
            m = m.record(g.winner, g.points);
            rec.games += 1;
            rec.plies += u64::from(g.plies);
            rec.doubles += g.doubles;
            rec.drops += u32::from(g.ending == Ending::Dropped);
            rec.max_cube = rec.max_cube.max(g.cube.value);
            obs.event(&GameEvent::GameOver {
                record: &g,
                board: &Scoreboard::Match(m),
            });
        };
        rec.score = m.score;
        Ok(rec)
    }
}
