//! The turn state machine: the one owner of the sequence of a game.
//!
//! A game goes: the opening roll (BG-10, BG-11, CUBE-20); then, turn by turn, the player on
//! roll may double before rolling (CUBE-2, CUBE-3, CUBE-10; never in the Crawford game,
//! MATCH-3; never a dead cube with `refuse_dead_cube`, MATCH-7) and the opponent takes, drops,
//! beavers or raccoons (CUBE-4 to CUBE-13); the player rolls and plays (BG-12); either player
//! may offer to resign and the other accepts or declines (RESIGN-1 to RESIGN-5); the game ends
//! when a player bears off the last checker (SCORE-1, SCORE-2, MONEY-2), a double is dropped
//! (CUBE-6) or a resignation is accepted (RESIGN-2).
//!
//! [`TurnState`] is that sequence as an immutable value: every action returns the next state
//! or a [`TurnError`] naming the rule it breaks. `gammon.Game` keeps a history of these
//! states and decides nothing itself; the bulk cube loop (`cube_game.rs`) asks the same
//! [`may_double`] and [`opening_throw`] that the state machine uses, so the rules of the
//! sequence are written once.

use std::fmt;

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::outcome::{Outcome, OutcomeKind};
use crate::play::record::Ending;
use crate::rules::nardy::Nardy;
use crate::scoring::cube::{Cube, CubeActionError, CubeAnswer, CubeRules, CubeState};
use crate::scoring::nardy_referee::NardyReferee;
use crate::scoring::referee::Referee;
use crate::scoring::scoreboard::Scoreboard;
use crate::variant_position::VariantPosition;

/// What the turn state machine needs of a position: the player on roll, the pass of the
/// turn and the outcome once a player has borne off. Every rules type has it, and so has the
/// run-time dispatch [`VariantPosition`] that `gammon.Game` uses.
pub trait TurnPosition: Copy {
    /// The player on roll.
    fn turn(&self) -> Color;
    /// The same position with the other player on roll.
    #[must_use]
    fn pass_turn(&self) -> Self;
    /// The result if a player has borne off every checker.
    fn outcome(&self) -> Option<Outcome>;
    /// The Long Nardy position, if this is one (Long Nardy's turn sequence runs on
    /// [`VariantPosition`]; the rules types answer `None`).
    fn as_nardy(&self) -> Option<Nardy> {
        None
    }
}

impl<P: crate::rules::position::Position> TurnPosition for P {
    #[inline]
    fn turn(&self) -> Color {
        crate::rules::position::Position::turn(self)
    }
    #[inline]
    fn pass_turn(&self) -> Self {
        crate::rules::position::Position::pass_turn(self)
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        crate::rules::position::Position::outcome(self)
    }
}

impl TurnPosition for VariantPosition {
    #[inline]
    fn turn(&self) -> Color {
        VariantPosition::turn(self)
    }
    #[inline]
    fn pass_turn(&self) -> Self {
        VariantPosition::pass_turn(self)
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        VariantPosition::outcome(self)
    }
    #[inline]
    fn as_nardy(&self) -> Option<Nardy> {
        match self {
            VariantPosition::Nardy(p) => Some(*p),
            VariantPosition::Backgammon(_) => None,
        }
    }
}

/// Whether `player`, on roll and not yet rolled, may double under `board` (CUBE-2, CUBE-3,
/// CUBE-10, MATCH-3, MATCH-7). The opening play (BG-12) never gets here. `rules` are the rules
/// that apply in the game (already [`Scoreboard::cube_rules`]).
#[inline]
#[must_use]
pub fn may_double(board: &Scoreboard, cube: &CubeState, player: Color, rules: &CubeRules) -> bool {
    if board.is_crawford_game() || !cube.can_double(player, rules) {
        return false;
    }
    match board {
        Scoreboard::Match(m) if rules.refuse_dead_cube => !m.is_dead_double(player, cube.value),
        _ => true,
    }
}

/// What one throw of the opening roll decides (BG-10, BG-11, CUBE-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningThrow {
    /// A tie: the cube after any automatic double; the players throw again.
    Tie(CubeState),
    /// The dice differ: the starter, who plays both dice at once.
    Start(Color, Dice),
}

/// One throw of the opening roll: White's die and Black's die (BG-10). A tie doubles the
/// centred cube where the rules say so (BG-11, CUBE-20); otherwise the higher die starts.
#[inline]
#[must_use]
pub fn opening_throw(cube: CubeState, rules: &CubeRules, white: u8, black: u8) -> OpeningThrow {
    if white == black {
        return OpeningThrow::Tie(cube.automatic_double(rules));
    }
    let starter = if white > black {
        Color::White
    } else {
        Color::Black
    };
    OpeningThrow::Start(starter, Dice::new_unchecked(white, black))
}

/// A resignation offer: `player` offers to lose at `level` 1..=3 (single, gammon,
/// backgammon) times the cube (RESIGN-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resignation {
    /// The player who offers to resign.
    pub player: Color,
    /// What they give up: 1 single, 2 gammon, 3 backgammon.
    pub level: u8,
}

/// The name of a resignation level (RESIGN-1): single, gammon, backgammon.
#[must_use]
pub const fn level_name(level: u8) -> &'static str {
    match level {
        1 => "single",
        2 => "gammon",
        _ => "backgammon",
    }
}

/// How a game ended and what it scored: the one game-result record of the turn state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameOver {
    /// The winner, or `None` for Long Nardy's draw (LN-37).
    pub winner: Option<Color>,
    /// The points the winner adds to their score: the level times the cube (Jacoby applied,
    /// SCORE-2, MONEY-2), the level resigned times the cube, or the value before a dropped
    /// double (CUBE-6).
    pub points: u32,
    /// The class of the result (the level resigned; single for a drop).
    pub kind: OutcomeKind,
    /// How the game ended.
    pub ending: Ending,
    /// The cube value the points were counted at.
    pub cube: u32,
}

impl fmt::Display for GameOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(winner) = self.winner else {
            return f.write_str("a draw (0 points)");
        };
        write!(f, "{winner} wins ")?;
        match self.ending {
            Ending::BorneOff => write!(f, "a {}", self.kind.name())?,
            Ending::Resigned => write!(f, "a resigned {}", self.kind.name())?,
            Ending::Dropped => f.write_str("a dropped double")?,
        }
        let plural = if self.points == 1 { "" } else { "s" };
        write!(f, " ({} point{plural})", self.points)
    }
}

/// Which exception family a [`TurnError`] belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnErrorKind {
    /// A cube action the rules forbid now (CUBE-*, MATCH-3, MATCH-7).
    Cube,
    /// A checker play out of turn (BG-12, BG-14).
    Play,
    /// Any other action out of turn (BG-12, BG-14, RESIGN-*).
    Action,
}

/// An action the turn state machine refuses, with the rule it breaks in its message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TurnError {
    /// The exception family.
    pub kind: TurnErrorKind,
    /// The message, naming the rule.
    pub message: String,
}

impl TurnError {
    fn new(kind: TurnErrorKind, message: impl Into<String>) -> TurnError {
        TurnError {
            kind,
            message: message.into(),
        }
    }

    fn cube(e: CubeActionError) -> TurnError {
        TurnError::new(TurnErrorKind::Cube, e.to_string())
    }
}

/// A state the rules forbid a game to start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnSetupError {
    /// The match is already won (MATCH-1).
    #[error("the match is over; no game can start (MATCH-1)")]
    MatchOver,
    /// A Crawford game with a doubled or owned cube (MATCH-3).
    #[error("in the Crawford game the cube stays at 1, centred (MATCH-3)")]
    CrawfordCube,
    /// A pending double together with a pending resignation (RESIGN-5).
    #[error("a resignation cannot be pending with a double (RESIGN-5)")]
    ResignWithDouble,
    /// A resignation level outside 1..=3 (RESIGN-1).
    #[error("a resignation level is single, gammon or backgammon (1-3), not {0} (RESIGN-1)")]
    Level(u8),
    /// A pending offer or dice before the opening roll (BG-12).
    #[error("before the opening roll nobody has dice, doubles or resigns (BG-10, BG-12)")]
    Opening,
    /// Long Nardy's settings given with a backgammon position.
    #[error("a Long Nardy game needs a long-nardy position")]
    NotNardy,
}

/// One game between two actions: the position, the match or session it belongs to, the cube
/// (with its rules and any pending offer), the dice, the resignation offers and the result.
/// Immutable; every action returns the next state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnState<P> {
    /// The position; its turn is the player on roll.
    pub position: P,
    /// The match or money session, as it stood when the game began.
    pub board: Scoreboard,
    /// The cube, under the rules that apply in this game ([`Scoreboard::cube_rules`]).
    pub cube: Cube,
    /// True until the opening roll has decided who moves first (BG-10).
    pub opening: bool,
    /// The dice of the player on roll, or `None` before rolling.
    pub dice: Option<Dice>,
    /// The resignation awaiting an answer (after an accepted one: that one, RESIGN-2).
    pub resign_offer: Option<Resignation>,
    /// The declined offer still remembered until the next action (RESIGN-3).
    pub resign_declined: Option<Resignation>,
    /// The result once the game is over.
    pub result: Option<GameOver>,
    /// Long Nardy's scoring settings of §9 (LN-33 to LN-37); `None` for backgammon.
    pub nardy: Option<NardyReferee>,
    /// True while Black plays the extra last roll of LN-37.
    pub extra_turn: bool,
}

impl<P: TurnPosition> TurnState<P> {
    /// A game from `position` under `board` with the cube `cube` (its rules are narrowed to
    /// those of the board, CUBE-11, MATCH-2). `opening` puts it before the opening roll; else
    /// the player on roll of `position` has `dice` (or is about to roll).
    ///
    /// # Errors
    /// [`TurnSetupError`] when the match is over (MATCH-1), the Crawford game has a turned
    /// cube (MATCH-3), a double and a resignation are both pending (RESIGN-5), a level is out
    /// of range, or the opening state holds dice or offers.
    pub fn new(
        position: P,
        board: Scoreboard,
        cube: Cube,
        opening: bool,
        dice: Option<Dice>,
        resign_offer: Option<Resignation>,
    ) -> Result<TurnState<P>, TurnSetupError> {
        if board.as_match().is_some_and(|m| m.is_over()) {
            return Err(TurnSetupError::MatchOver);
        }
        let cube = Cube {
            rules: board.cube_rules(cube.rules),
            ..cube
        };
        if board.is_crawford_game() && (cube.value != 1 || cube.owner.is_some()) {
            return Err(TurnSetupError::CrawfordCube);
        }
        if let Some(r) = resign_offer {
            if !(1..=3).contains(&r.level) {
                return Err(TurnSetupError::Level(r.level));
            }
            if cube.offer.is_some() {
                return Err(TurnSetupError::ResignWithDouble);
            }
        }
        if opening && (dice.is_some() || resign_offer.is_some() || cube.offer.is_some()) {
            return Err(TurnSetupError::Opening);
        }
        Ok(TurnState {
            position,
            board,
            cube,
            opening,
            dice,
            resign_offer,
            resign_declined: None,
            result: None,
            nardy: None,
            extra_turn: false,
        })
    }

    /// A Long Nardy game from `position` scored under `referee` (LN-33 to LN-37): no cube, no
    /// opening roll (White, the game's starter, is on roll and rolls, LN-8), no resignation
    /// offers but surrender (LN-36). A position already finished is scored at once (or gets
    /// the extra turn of LN-37).
    ///
    /// # Errors
    /// [`TurnSetupError::NotNardy`] for a backgammon position.
    pub fn new_nardy(position: P, referee: NardyReferee) -> Result<TurnState<P>, TurnSetupError> {
        let Some(nardy) = position.as_nardy() else {
            return Err(TurnSetupError::NotNardy);
        };
        let off = CubeRules {
            enabled: false,
            ..CubeRules::default()
        };
        let s = TurnState {
            position,
            board: Scoreboard::Money,
            cube: Cube::new(off),
            opening: false,
            dice: None,
            resign_offer: None,
            resign_declined: None,
            result: None,
            nardy: Some(referee),
            extra_turn: false,
        };
        Ok(s.nardy_after_turn(&referee, &nardy, true))
    }

    /// Long Nardy after a turn (or at the start): the game goes on, Black gets the extra
    /// last roll (LN-37), or the referee scores it (LN-32 to LN-35, LN-37).
    fn nardy_after_turn(&self, referee: &NardyReferee, pos: &Nardy, first: bool) -> Self {
        let starter = Color::White;
        if !self.extra_turn || first {
            if crate::rules::position::Position::outcome(pos).is_none() {
                return *self;
            }
            if !self.extra_turn && referee.extra_turn(pos, starter) {
                return TurnState {
                    extra_turn: true,
                    ..*self
                };
            }
        }
        let r = referee.score(pos, starter);
        TurnState {
            extra_turn: false,
            result: Some(GameOver {
                winner: r.winner,
                points: u32::from(r.points),
                kind: r.kind,
                ending: Ending::BorneOff,
                cube: 1,
            }),
            ..*self
        }
    }

    /// `loser` surrenders a Long Nardy game, at any moment while it is in progress (LN-36):
    /// the opponent wins the value of the current position with `loser` as the loser.
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] after the end or in backgammon (which has resignation
    /// offers instead, RESIGN-1).
    pub fn surrender(&self, loser: Color) -> Result<TurnState<P>, TurnError> {
        if let Some(e) = self.over_error(TurnErrorKind::Action, "surrender") {
            return Err(e);
        }
        let (Some(referee), Some(pos)) = (self.nardy, self.position.as_nardy()) else {
            return Err(TurnError::new(
                TurnErrorKind::Action,
                "RESIGN-1: backgammon has resignation offers at a level, answered by the \
                 opponent; surrender is Long Nardy's (LN-36)",
            ));
        };
        let r = referee.result_for_loser(&pos, loser);
        Ok(TurnState {
            dice: None,
            extra_turn: false,
            result: Some(GameOver {
                winner: r.winner,
                points: u32::from(r.points),
                kind: r.kind,
                ending: Ending::Resigned,
                cube: 1,
            }),
            ..*self
        })
    }

    /// The player on roll.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The player who must act now: the player on roll, or the opponent while a double or a
    /// resignation awaits an answer. After the end, the player gnubg leaves to act: the loser
    /// after a bear-off or a drop, the accepter after a resignation.
    #[must_use]
    pub fn to_act(&self) -> Color {
        if let Some(r) = self.result {
            return match (r.winner, r.ending) {
                (None, _) => self.turn(),
                (Some(w), Ending::Resigned) => w,
                (Some(w), Ending::BorneOff | Ending::Dropped) => w.other(),
            };
        }
        if let Some(o) = self.cube.offer {
            return o.responder();
        }
        if let Some(r) = self.resign_offer {
            return r.player.other();
        }
        self.turn()
    }

    /// What the game waits for, in words: "the game is over", "white has not rolled"...
    #[must_use]
    pub fn phase_text(&self) -> String {
        if self.result.is_some() {
            return "the game is over".to_owned();
        }
        if self.opening {
            return "the opening roll comes first".to_owned();
        }
        if let Some(o) = self.cube.offer {
            return format!("{} must answer the double", o.responder());
        }
        if let Some(r) = self.resign_offer {
            return format!("{} must answer the resignation", r.player.other());
        }
        match self.dice {
            None => format!("{} has not rolled", self.turn()),
            Some(_) => format!("{} has rolled and must play", self.turn()),
        }
    }

    fn over_error(&self, kind: TurnErrorKind, what: &str) -> Option<TurnError> {
        self.result.map(|r| {
            TurnError::new(
                kind,
                format!("BG-14: the game is over ({r}); no {what} is possible"),
            )
        })
    }

    /// Whether the player on roll may double now, as [`TurnState::check_double`].
    #[must_use]
    pub fn may_double(&self) -> bool {
        self.check_double().is_ok()
    }

    /// Checks that the player on roll may double now.
    ///
    /// # Errors
    /// A [`TurnError`] of kind [`TurnErrorKind::Cube`] naming the rule: the game is over
    /// (BG-14), the opening roll comes first (BG-12), an offer is pending (CUBE-4, RESIGN-1),
    /// the dice are rolled (CUBE-3), the Crawford game (MATCH-3), the cube's own rules
    /// (CUBE-2, CUBE-3, CUBE-10) or a dead cube (MATCH-7).
    pub fn check_double(&self) -> Result<(), TurnError> {
        let cube_err = |m: String| Err(TurnError::new(TurnErrorKind::Cube, m));
        let player = self.turn();
        if self.result.is_some() {
            return cube_err("BG-14: the game is over".to_owned());
        }
        if self.opening {
            return cube_err(
                "BG-12: the opening roll comes first; nobody may double before it".to_owned(),
            );
        }
        if self.cube.offer.is_some() {
            return cube_err("CUBE-4: a double is already awaiting an answer".to_owned());
        }
        if self.resign_offer.is_some() {
            return cube_err("RESIGN-1: a resignation awaits an answer first".to_owned());
        }
        if self.dice.is_some() {
            return cube_err(format!(
                "CUBE-3: {player} has rolled; a double comes before rolling"
            ));
        }
        if self.board.is_crawford_game() {
            return cube_err("MATCH-3: no doubling in the Crawford game (CUBE-2)".to_owned());
        }
        self.cube.check_double(player).map_err(TurnError::cube)?;
        if let Scoreboard::Match(m) = self.board {
            if self.cube.rules.refuse_dead_cube && m.is_dead_double(player, self.cube.value) {
                return cube_err(format!(
                    "MATCH-7: the cube is dead: {player} needs {} and the cube is already at {} \
                     (refuse_dead_cube)",
                    m.away(player),
                    self.cube.value
                ));
            }
        }
        Ok(())
    }

    /// Rolls `(first, second)`: at the opening, White's die and Black's die (BG-10: a tie
    /// throws again, doubling the cube where the rules say so, BG-11, CUBE-20; otherwise the
    /// higher die starts with both dice); later the dice of the player on roll (BG-12).
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] when the dice may not be rolled now (BG-12, BG-14).
    pub fn roll(&self, first: u8, second: u8) -> Result<TurnState<P>, TurnError> {
        if let Some(e) = self.over_error(TurnErrorKind::Action, "roll") {
            return Err(e);
        }
        if self.cube.offer.is_some()
            || self.resign_offer.is_some()
            || (self.dice.is_some() && !self.opening)
        {
            return Err(TurnError::new(
                TurnErrorKind::Action,
                format!("BG-12: no roll now: {}", self.phase_text()),
            ));
        }
        if !self.opening {
            return Ok(TurnState {
                dice: Some(Dice::new_unchecked(first, second)),
                resign_declined: None,
                ..*self
            });
        }
        match opening_throw(self.cube.state(), &self.cube.rules, first, second) {
            OpeningThrow::Tie(c) => Ok(TurnState {
                cube: Cube {
                    value: c.value,
                    ..self.cube
                },
                ..*self
            }),
            OpeningThrow::Start(starter, dice) => {
                let position = if self.turn() == starter {
                    self.position
                } else {
                    self.position.pass_turn()
                };
                Ok(TurnState {
                    position,
                    opening: false,
                    dice: Some(dice),
                    ..*self
                })
            }
        }
    }

    /// The player on roll doubles (CUBE-4).
    ///
    /// # Errors
    /// As [`TurnState::check_double`].
    pub fn double(&self) -> Result<TurnState<P>, TurnError> {
        if let Some(e) = self.over_error(TurnErrorKind::Cube, "double") {
            return Err(e);
        }
        self.check_double()?;
        let cube = self.cube.double(self.turn()).map_err(TurnError::cube)?;
        Ok(TurnState {
            cube,
            resign_declined: None,
            ..*self
        })
    }

    /// The player facing the double answers it (CUBE-4 to CUBE-13): a take, a drop (the
    /// proposer wins the value before the offer, CUBE-6), or in money play a beaver or raccoon.
    ///
    /// # Errors
    /// [`TurnErrorKind::Cube`] when no double is pending, or the answer is not allowed
    /// (CUBE-11: only take or drop in a match; CUBE-12, CUBE-13).
    pub fn answer(&self, answer: CubeAnswer) -> Result<TurnState<P>, TurnError> {
        if let Some(e) = self.over_error(TurnErrorKind::Cube, &answer.to_string()) {
            return Err(e);
        }
        let Some(offer) = self.cube.offer else {
            return Err(TurnError::new(
                TurnErrorKind::Cube,
                format!("CUBE-4: no double to answer: {}", self.phase_text()),
            ));
        };
        let responder = offer.responder();
        let next = |cube| TurnState {
            cube,
            resign_declined: None,
            ..*self
        };
        match answer {
            CubeAnswer::Take => Ok(next(self.cube.take(responder).map_err(TurnError::cube)?)),
            CubeAnswer::Drop => {
                let dropped = self.cube.drop_offer(responder).map_err(TurnError::cube)?;
                Ok(TurnState {
                    result: Some(GameOver {
                        winner: Some(dropped.proposer),
                        points: dropped.stake(),
                        kind: OutcomeKind::Single,
                        ending: Ending::Dropped,
                        cube: dropped.stake(),
                    }),
                    resign_declined: None,
                    ..*self
                })
            }
            CubeAnswer::Beaver | CubeAnswer::Raccoon if !self.board.is_money() => {
                Err(TurnError::new(
                    TurnErrorKind::Cube,
                    format!(
                        "CUBE-11: in match play a doubled player may only take or drop; no \
                         {answer}"
                    ),
                ))
            }
            CubeAnswer::Beaver => Ok(next(self.cube.beaver(responder).map_err(TurnError::cube)?)),
            CubeAnswer::Raccoon => Ok(next(self.cube.raccoon(responder).map_err(TurnError::cube)?)),
        }
    }

    /// The player on roll offers to resign at `level` 1..=3 (RESIGN-1), before or after
    /// rolling.
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] at the opening (RESIGN-1), while a double is pending
    /// (RESIGN-5), while an offer is pending (RESIGN-1), or at a level not above one this
    /// player just had declined (RESIGN-3); a level outside 1..=3.
    pub fn resign(&self, level: u8) -> Result<TurnState<P>, TurnError> {
        let act = |m: String| Err(TurnError::new(TurnErrorKind::Action, m));
        if let Some(e) = self.over_error(
            TurnErrorKind::Action,
            &format!("resign {}", level_name(level)),
        ) {
            return Err(e);
        }
        if self.nardy.is_some() {
            return act(
                "LN-36: Long Nardy has no resignation offers; a player surrenders instead"
                    .to_owned(),
            );
        }
        if !(1..=3).contains(&level) {
            return act(format!(
                "a resignation level is single, gammon or backgammon (1-3), not {level} \
                 (RESIGN-1)"
            ));
        }
        if self.opening {
            return act("RESIGN-1: the game starts with the opening roll (BG-10)".to_owned());
        }
        if let Some(o) = self.cube.offer {
            return act(format!(
                "RESIGN-5: no resignation while a double awaits an answer; {} must take, drop \
                 or beaver first",
                o.responder()
            ));
        }
        if self.resign_offer.is_some() {
            return act("RESIGN-1: a resignation is already awaiting an answer".to_owned());
        }
        let player = self.turn();
        if let Some(d) = self.resign_declined {
            if d.player == player && level <= d.level {
                return act(format!(
                    "RESIGN-3: {player}'s offer of a {} was declined; until the next action \
                     only a higher level may be offered",
                    level_name(d.level)
                ));
            }
        }
        Ok(TurnState {
            resign_offer: Some(Resignation { player, level }),
            ..*self
        })
    }

    /// The opponent of the resigning player accepts (the game ends at the level times the
    /// cube, RESIGN-2) or declines (play goes on and the level is remembered, RESIGN-3).
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] when no resignation is pending (RESIGN-2).
    pub fn answer_resignation(&self, accept: bool) -> Result<TurnState<P>, TurnError> {
        let what = if accept { "accept" } else { "decline" };
        if let Some(e) = self.over_error(TurnErrorKind::Action, what) {
            return Err(e);
        }
        let Some(offer) = self.resign_offer else {
            return Err(TurnError::new(
                TurnErrorKind::Action,
                format!("RESIGN-2: no resignation to {what}: {}", self.phase_text()),
            ));
        };
        if !accept {
            return Ok(TurnState {
                resign_offer: None,
                resign_declined: Some(offer),
                ..*self
            });
        }
        let kind = match offer.level {
            1 => OutcomeKind::Single,
            2 => OutcomeKind::Gammon,
            _ => OutcomeKind::Backgammon,
        };
        Ok(TurnState {
            result: Some(GameOver {
                winner: Some(offer.player.other()),
                points: self.cube.points(u32::from(offer.level)),
                kind,
                ending: Ending::Resigned,
                cube: self.cube.value,
            }),
            ..*self
        })
    }

    /// Checks that the player on roll may play a checker play now and returns their dice.
    ///
    /// # Errors
    /// [`TurnErrorKind::Play`] before the opening roll, before rolling, while an offer is
    /// pending or after the end (BG-12, BG-14); `what` names the play in the message.
    pub fn check_play(&self, what: &str) -> Result<Dice, TurnError> {
        if let Some(e) = self.over_error(TurnErrorKind::Play, what) {
            return Err(e);
        }
        match self.dice {
            Some(d)
                if !self.opening && self.cube.offer.is_none() && self.resign_offer.is_none() =>
            {
                Ok(d)
            }
            _ => Err(TurnError::new(
                TurnErrorKind::Play,
                format!("{what}: no checker play now: {} (BG-12)", self.phase_text()),
            )),
        }
    }

    /// The state after the player on roll played (the caller checked the play against the
    /// position and dice): `after` has the turn passed. When it ends the game the result is
    /// the level times the cube, Jacoby where it applies (SCORE-1, SCORE-2, MONEY-2).
    #[must_use]
    pub fn played(&self, after: P) -> TurnState<P> {
        if let (Some(referee), Some(pos)) = (self.nardy, after.as_nardy()) {
            let next = TurnState {
                position: after,
                dice: None,
                ..*self
            };
            return next.nardy_after_turn(&referee, &pos, false);
        }
        let result = after.outcome().map(|o| GameOver {
            winner: Some(o.winner),
            points: self.cube.points(u32::from(o.points())),
            kind: o.kind,
            ending: Ending::BorneOff,
            cube: self.cube.value,
        });
        TurnState {
            position: after,
            dice: None,
            resign_declined: None,
            result,
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::variant::Variant;
    use crate::rules::backgammon::Backgammon;
    use crate::scoring::scoreboard::MatchScore;
    use Color::{Black, White};

    fn start(board: Scoreboard, rules: CubeRules) -> TurnState<Backgammon> {
        let pos = Backgammon::start(Variant::Backgammon, White).unwrap();
        TurnState::new(pos, board, Cube::new(rules), true, None, None).unwrap()
    }

    #[test]
    fn bg10_bg11_cube20_a_tie_doubles_the_cube_and_the_higher_die_starts() {
        let rules = CubeRules {
            auto_doubles: 1,
            ..CubeRules::default()
        };
        let s = start(Scoreboard::Money, rules);
        let s = s.roll(4, 4).unwrap();
        assert!(s.opening);
        assert_eq!(s.cube.value, 2);
        let s = s.roll(2, 5).unwrap();
        assert!(!s.opening);
        assert_eq!(s.turn(), Black);
        assert_eq!(s.dice.map(|d| (d.high(), d.low())), Some((5, 2)));
        // BG-12: the starter plays the opening roll; no double before it.
        assert_eq!(s.check_double().unwrap_err().kind, TurnErrorKind::Cube);
    }

    #[test]
    fn match7_a_dead_cube_is_refused_only_with_refuse_dead_cube() {
        let m = MatchScore::new(3, true).unwrap().record(Some(White), 1);
        let rules = CubeRules {
            refuse_dead_cube: true,
            ..CubeRules::default()
        };
        let pos = Backgammon::start(Variant::Backgammon, White).unwrap();
        // White needs 2; a cube at 2 owned by White is dead for White.
        let cube = Cube::from_parts(2, Some(White), None, rules).unwrap();
        let s = TurnState::new(pos, Scoreboard::Match(m), cube, false, None, None).unwrap();
        let e = s.check_double().unwrap_err();
        assert!(e.message.starts_with("MATCH-7"), "{e}");
        assert!(!may_double(&s.board, &s.cube.state(), White, &s.cube.rules));
        let lax = Cube::from_parts(2, Some(White), None, CubeRules::default()).unwrap();
        let s = TurnState::new(pos, Scoreboard::Match(m), lax, false, None, None).unwrap();
        assert!(s.may_double());
    }

    #[test]
    fn match3_no_double_in_the_crawford_game() {
        let m = MatchScore::new(3, true).unwrap().record(Some(White), 2);
        assert!(m.crawford_game);
        let s = start(Scoreboard::Match(m), CubeRules::default())
            .roll(6, 1)
            .unwrap();
        let pos = s.position.pass_turn();
        let s = TurnState {
            position: pos,
            dice: None,
            ..s
        };
        assert!(s.check_double().unwrap_err().message.starts_with("MATCH-3"));
    }

    #[test]
    fn cube6_resign2_drops_and_accepted_resignations_end_the_game() {
        let s = start(Scoreboard::Money, CubeRules::default())
            .roll(6, 1)
            .unwrap();
        let s = TurnState {
            position: s.position.pass_turn(),
            dice: None,
            ..s
        };
        let doubled = s.double().unwrap();
        assert_eq!(doubled.to_act(), White);
        let dropped = doubled.answer(CubeAnswer::Drop).unwrap();
        let r = dropped.result.unwrap();
        assert_eq!(
            (r.winner, r.points, r.ending),
            (Some(Black), 1, Ending::Dropped)
        );
        assert_eq!(dropped.to_act(), White);
        let taken = doubled.answer(CubeAnswer::Take).unwrap();
        let offered = taken.roll(3, 1).unwrap().resign(2).unwrap();
        assert!(offered.check_play("8/5 6/5").is_err());
        let declined = offered.answer_resignation(false).unwrap();
        assert!(declined
            .resign(2)
            .unwrap_err()
            .message
            .starts_with("RESIGN-3"));
        let accepted = declined
            .resign(3)
            .unwrap()
            .answer_resignation(true)
            .unwrap();
        let r = accepted.result.unwrap();
        assert_eq!(
            (r.winner, r.points, r.ending),
            (Some(White), 6, Ending::Resigned)
        );
        assert_eq!(r.to_string(), "white wins a resigned backgammon (6 points)");
    }

    #[test]
    fn ln36_surrender_is_long_nardys_and_resignation_offers_are_backgammons() {
        let bg = start(Scoreboard::Money, CubeRules::default());
        assert!(bg
            .surrender(White)
            .unwrap_err()
            .message
            .starts_with("RESIGN-1"));
        let vp = VariantPosition::start(Variant::Backgammon, White);
        assert_eq!(
            TurnState::new_nardy(vp, NardyReferee::default()).unwrap_err(),
            TurnSetupError::NotNardy
        );
        let ln = VariantPosition::start(Variant::LongNardy, White);
        let s = TurnState::new_nardy(ln, NardyReferee::default()).unwrap();
        assert!(!s.opening && !s.may_double());
        assert!(s.resign(1).unwrap_err().message.starts_with("LN-36"));
        // LN-36: Black surrenders with nothing borne off: White wins a Mars (2).
        let r = s.surrender(Black).unwrap().result.unwrap();
        assert_eq!(
            (r.winner, r.kind, r.points, r.ending),
            (Some(White), OutcomeKind::Mars, 2, Ending::Resigned)
        );
    }
}
