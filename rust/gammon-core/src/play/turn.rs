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
use crate::base::moves::Play;
use crate::base::outcome::{Outcome, OutcomeKind};
use crate::play::record::Ending;
use crate::rules::nardy::Nardy;
use crate::scoring::cube::{Cube, CubeActionError, CubeAnswer, CubeRules, CubeState};
use crate::scoring::nardy_referee::NardyReferee;
use crate::scoring::referee::Referee;
use crate::scoring::scoreboard::Scoreboard;
use crate::variant_position::{VariantPlay, VariantPosition};

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
    /// A checker play of this position.
    type Play: Copy;
    /// The legal plays for `dice` (MOVE-9), none when the roll cannot be played.
    fn plays(&self, dice: Dice) -> Vec<Self::Play>;
    /// True when `play` is a legal play for `dice` (MOVE-1 to MOVE-9).
    fn is_legal_play(&self, dice: Dice, play: &Self::Play) -> bool;
}

impl<P: crate::rules::position::Position> TurnPosition for P {
    type Play = Play<P>;
    fn plays(&self, dice: Dice) -> Vec<Play<P>> {
        crate::rules::position::Position::legal_plays(self, dice)
            .iter()
            .copied()
            .collect()
    }
    fn is_legal_play(&self, dice: Dice, play: &Play<P>) -> bool {
        !play.is_empty() && crate::rules::position::Position::is_legal(self, dice, play)
    }
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
    type Play = VariantPlay;
    fn plays(&self, dice: Dice) -> Vec<VariantPlay> {
        self.legal_plays(dice)
    }
    fn is_legal_play(&self, dice: Dice, play: &VariantPlay) -> bool {
        !play.is_empty() && self.is_legal(dice, play)
    }
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

/// An action of the turn state machine, as [`TurnState::legal_actions`] lists them and
/// [`TurnState::check`] checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnAction<Pl> {
    /// Roll the dice (BG-10, BG-12); the dice themselves do not decide whether a roll is due.
    Roll,
    /// Double before rolling (CUBE-3, CUBE-4).
    Double,
    /// Take the pending double (CUBE-5).
    Take,
    /// Drop the pending double (CUBE-6).
    Drop,
    /// Beaver the pending double (CUBE-12).
    Beaver,
    /// Raccoon the pending beaver (CUBE-13).
    Raccoon,
    /// Offer to resign at `level` 1-3 (RESIGN-1); in Long Nardy, surrender (LN-36). `player`
    /// is who resigns, `None` for the player to act.
    Resign {
        /// 1 single, 2 gammon, 3 backgammon.
        level: u8,
        /// The resigning player, `None` for the player to act.
        player: Option<Color>,
    },
    /// Accept the pending resignation (RESIGN-2).
    Accept,
    /// Decline the pending resignation (RESIGN-3).
    Decline,
    /// A checker play (MOVE-1 to MOVE-9).
    Play(Pl),
    /// The empty play, when the roll cannot be played at all (MOVE-8).
    EmptyPlay,
}

impl<Pl> TurnAction<Pl> {
    /// The action's word, as `gammon.Game.push` reads it (`"roll"`, `"double"`, `"take"`,
    /// `"drop"`, `"beaver"`, `"raccoon"`, `"resign gammon"`, `"accept"`, `"decline"`,
    /// `"empty play"`); `None` for a checker play.
    #[must_use]
    pub fn word(&self) -> Option<String> {
        Some(
            match self {
                TurnAction::Roll => "roll",
                TurnAction::Double => "double",
                TurnAction::Take => "take",
                TurnAction::Drop => "drop",
                TurnAction::Beaver => "beaver",
                TurnAction::Raccoon => "raccoon",
                TurnAction::Resign { level, .. } => {
                    return Some(format!("resign {}", level_name(*level)))
                }
                TurnAction::Accept => "accept",
                TurnAction::Decline => "decline",
                TurnAction::EmptyPlay => "empty play",
                TurnAction::Play(_) => return None,
            }
            .to_owned(),
        )
    }

    /// The action a word names (the words of [`TurnAction::word`]), with `player` resigning
    /// for `"resign ..."`; `None` for any other text.
    #[must_use]
    pub fn from_word(word: &str, player: Option<Color>) -> Option<TurnAction<Pl>> {
        Some(match word {
            "roll" => TurnAction::Roll,
            "double" => TurnAction::Double,
            "take" => TurnAction::Take,
            "drop" => TurnAction::Drop,
            "beaver" => TurnAction::Beaver,
            "raccoon" => TurnAction::Raccoon,
            "accept" => TurnAction::Accept,
            "decline" => TurnAction::Decline,
            "empty play" => TurnAction::EmptyPlay,
            _ => {
                let level = (1..=3).find(|&l| word == format!("resign {}", level_name(l)))?;
                TurnAction::Resign { level, player }
            }
        })
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

/// Why a backgammon game has no surrender.
const NOT_NARDY_SURRENDER: &str = "RESIGN-1: backgammon has resignation offers at a level, \
     answered by the opponent; surrender is Long Nardy's (LN-36)";

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

    /// Checks that a player may surrender now (LN-36): a Long Nardy game in progress.
    ///
    /// # Errors
    /// As [`TurnState::surrender`].
    fn check_surrender(&self) -> Result<(), TurnError> {
        if let Some(e) = self.over_error(TurnErrorKind::Action, "surrender") {
            return Err(e);
        }
        if self.nardy.is_none() || self.position.as_nardy().is_none() {
            return Err(TurnError::new(TurnErrorKind::Action, NOT_NARDY_SURRENDER));
        }
        Ok(())
    }

    /// `loser` surrenders a Long Nardy game, at any moment while it is in progress (LN-36):
    /// the opponent wins the value of the current position with `loser` as the loser.
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] after the end or in backgammon (which has resignation
    /// offers instead, RESIGN-1).
    pub fn surrender(&self, loser: Color) -> Result<TurnState<P>, TurnError> {
        self.check_surrender()?;
        let (Some(referee), Some(pos)) = (self.nardy, self.position.as_nardy()) else {
            return Err(TurnError::new(TurnErrorKind::Action, NOT_NARDY_SURRENDER));
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
        if let Some(e) = self.over_error(TurnErrorKind::Cube, "double") {
            return Err(e);
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

    /// Checks that the dice may be rolled now (BG-10, BG-12).
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] after the end (BG-14), while an offer awaits an answer, or
    /// once the dice are rolled (BG-12).
    pub fn check_roll(&self) -> Result<(), TurnError> {
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
        Ok(())
    }

    /// Rolls `(first, second)`: at the opening, White's die and Black's die (BG-10: a tie
    /// throws again, doubling the cube where the rules say so, BG-11, CUBE-20; otherwise the
    /// higher die starts with both dice); later the dice of the player on roll (BG-12).
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] when the dice may not be rolled now (BG-12, BG-14).
    pub fn roll(&self, first: u8, second: u8) -> Result<TurnState<P>, TurnError> {
        self.check_roll()?;
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
        self.check_double()?;
        let cube = self.cube.double(self.turn()).map_err(TurnError::cube)?;
        Ok(TurnState {
            cube,
            resign_declined: None,
            ..*self
        })
    }

    /// Checks that the player facing the double may answer it with `answer` now (CUBE-4 to
    /// CUBE-13) and returns that player.
    ///
    /// # Errors
    /// [`TurnErrorKind::Cube`] after the end (BG-14), when no double is pending (CUBE-4), for a
    /// beaver or raccoon in match play (CUBE-11) or one the cube's rules forbid (CUBE-12,
    /// CUBE-13).
    pub fn check_answer(&self, answer: CubeAnswer) -> Result<Color, TurnError> {
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
        match answer {
            CubeAnswer::Take | CubeAnswer::Drop => Ok(responder),
            _ if !self.board.is_money() => Err(TurnError::new(
                TurnErrorKind::Cube,
                format!(
                    "CUBE-11: in match play a doubled player may only take or drop; no {answer}"
                ),
            )),
            _ => self
                .cube
                .check_redouble(responder, answer == CubeAnswer::Beaver)
                .map(|()| responder)
                .map_err(TurnError::cube),
        }
    }

    /// The player facing the double answers it (CUBE-4 to CUBE-13): a take, a drop (the
    /// proposer wins the value before the offer, CUBE-6), or in money play a beaver or raccoon.
    ///
    /// # Errors
    /// [`TurnErrorKind::Cube`] when no double is pending, or the answer is not allowed
    /// (CUBE-11: only take or drop in a match; CUBE-12, CUBE-13).
    pub fn answer(&self, answer: CubeAnswer) -> Result<TurnState<P>, TurnError> {
        let responder = self.check_answer(answer)?;
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
        let player = self.check_resign(level)?;
        Ok(TurnState {
            resign_offer: Some(Resignation { player, level }),
            ..*self
        })
    }

    /// Checks that the player on roll may offer to resign at `level` now and returns that
    /// player; see [`TurnState::resign`].
    ///
    /// # Errors
    /// As [`TurnState::resign`].
    pub fn check_resign(&self, level: u8) -> Result<Color, TurnError> {
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
        Ok(player)
    }

    /// `player` (default: the player to act) resigns at `level`: in backgammon an offer by the
    /// player on roll, which the opponent answers (RESIGN-1, see [`TurnState::resign`]); in
    /// Long Nardy a surrender at any moment, valued from the position (LN-36, see
    /// [`TurnState::surrender`]), whose level must be 1.
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] naming the rule: another player than the one on roll
    /// offering in backgammon (RESIGN-1), a level other than 1 in Long Nardy (LN-36), and the
    /// errors of [`TurnState::resign`] and [`TurnState::surrender`].
    pub fn resign_as(&self, level: u8, player: Option<Color>) -> Result<TurnState<P>, TurnError> {
        match self.check_resign_as(level, player)? {
            Some(loser) => self.surrender(loser),
            None => self.resign(level),
        }
    }

    /// Checks [`TurnState::resign_as`]: `Some(loser)` for a Long Nardy surrender, `None` for a
    /// backgammon offer.
    fn check_resign_as(
        &self,
        level: u8,
        player: Option<Color>,
    ) -> Result<Option<Color>, TurnError> {
        let act = |m: String| Err(TurnError::new(TurnErrorKind::Action, m));
        if self.nardy.is_some() {
            if level != 1 {
                return act(format!(
                    "LN-36: a Long Nardy surrender is valued from the position (Oin, Mars, \
                     Koks), not at a chosen level; got level {level}"
                ));
            }
            let loser = player.unwrap_or_else(|| self.to_act());
            self.check_surrender()?;
            return Ok(Some(loser));
        }
        if let Some(p) = player {
            if p != self.turn() && self.result.is_none() {
                return act(format!(
                    "RESIGN-1: {p} may not offer to resign now; the player on roll ({}) offers",
                    self.turn()
                ));
            }
        }
        self.check_resign(level)?;
        Ok(None)
    }

    /// Checks that a resignation awaits an answer and returns it (RESIGN-2, RESIGN-3).
    ///
    /// # Errors
    /// As [`TurnState::answer_resignation`].
    fn check_answer_resignation(&self, accept: bool) -> Result<Resignation, TurnError> {
        let what = if accept { "accept" } else { "decline" };
        if let Some(e) = self.over_error(TurnErrorKind::Action, what) {
            return Err(e);
        }
        self.resign_offer.ok_or_else(|| {
            TurnError::new(
                TurnErrorKind::Action,
                format!("RESIGN-2: no resignation to {what}: {}", self.phase_text()),
            )
        })
    }

    /// The opponent of the resigning player accepts (the game ends at the level times the
    /// cube, RESIGN-2) or declines (play goes on and the level is remembered, RESIGN-3).
    ///
    /// # Errors
    /// [`TurnErrorKind::Action`] when no resignation is pending (RESIGN-2).
    pub fn answer_resignation(&self, accept: bool) -> Result<TurnState<P>, TurnError> {
        let offer = self.check_answer_resignation(accept)?;
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

    /// Checks that the roll of the player on roll cannot be played at all, so that the empty
    /// play is due (MOVE-8), and returns the dice.
    ///
    /// # Errors
    /// The errors of [`TurnState::check_play`], and [`TurnErrorKind::Play`] when the roll can
    /// be played.
    pub fn check_empty_play(&self) -> Result<Dice, TurnError> {
        let dice = self.check_play("empty play")?;
        if !self.position.plays(dice).is_empty() {
            return Err(TurnError::new(
                TurnErrorKind::Play,
                format!(
                    "MOVE-8: the empty play is legal only when {}-{} cannot be played at all; \
                     it can",
                    dice.high(),
                    dice.low()
                ),
            ));
        }
        Ok(dice)
    }

    /// The state after an action word: a cube action, a resignation or its answer, or the
    /// empty play, by the transition of the method of that name. `None` for a roll, which
    /// needs its dice ([`TurnState::roll`]), and for a checker play, which needs its play
    /// ([`TurnState::played`] after [`TurnState::check`]).
    ///
    /// # Errors
    /// Inside the `Some`: the [`TurnError`] of the transition, naming the rule.
    pub fn act_word(
        &self,
        action: &TurnAction<P::Play>,
    ) -> Option<Result<TurnState<P>, TurnError>> {
        Some(match *action {
            TurnAction::Roll | TurnAction::Play(_) => return None,
            TurnAction::Double => self.double(),
            TurnAction::Take => self.answer(CubeAnswer::Take),
            TurnAction::Drop => self.answer(CubeAnswer::Drop),
            TurnAction::Beaver => self.answer(CubeAnswer::Beaver),
            TurnAction::Raccoon => self.answer(CubeAnswer::Raccoon),
            TurnAction::Resign { level, player } => self.resign_as(level, player),
            TurnAction::Accept => self.answer_resignation(true),
            TurnAction::Decline => self.answer_resignation(false),
            TurnAction::EmptyPlay => self
                .check_empty_play()
                .map(|_| self.played(self.position.pass_turn())),
        })
    }

    /// Checks one action for the player to act, as the transition it names would check it.
    ///
    /// # Errors
    /// The [`TurnError`] the transition would give, naming the rule; for a checker play that
    /// is not among the legal plays, [`TurnErrorKind::Play`] (MOVE-1).
    pub fn check(&self, action: &TurnAction<P::Play>) -> Result<(), TurnError> {
        match action {
            TurnAction::Roll => self.check_roll(),
            TurnAction::Double => self.check_double(),
            TurnAction::Take => self.check_answer(CubeAnswer::Take).map(|_| ()),
            TurnAction::Drop => self.check_answer(CubeAnswer::Drop).map(|_| ()),
            TurnAction::Beaver => self.check_answer(CubeAnswer::Beaver).map(|_| ()),
            TurnAction::Raccoon => self.check_answer(CubeAnswer::Raccoon).map(|_| ()),
            TurnAction::Resign { level, player } => {
                self.check_resign_as(*level, *player).map(|_| ())
            }
            TurnAction::Accept => self.check_answer_resignation(true).map(|_| ()),
            TurnAction::Decline => self.check_answer_resignation(false).map(|_| ()),
            TurnAction::EmptyPlay => self.check_empty_play().map(|_| ()),
            TurnAction::Play(play) => {
                let dice = self.check_play("the play")?;
                if self.position.is_legal_play(dice, play) {
                    Ok(())
                } else {
                    Err(TurnError::new(
                        TurnErrorKind::Play,
                        format!(
                            "MOVE-1: the play is not a legal play of this position with {}-{}",
                            dice.high(),
                            dice.low()
                        ),
                    ))
                }
            }
        }
    }

    /// True when [`TurnState::check`] accepts `action`.
    #[must_use]
    pub fn is_legal(&self, action: &TurnAction<P::Play>) -> bool {
        self.check(action).is_ok()
    }

    /// Everything the player to act may do now, in a fixed order:
    ///
    /// - after the end: nothing (BG-14);
    /// - at the opening: `Roll` (BG-10);
    /// - facing a double: `Take`, `Drop`, and `Beaver` / `Raccoon` where allowed (CUBE-4,
    ///   CUBE-12, CUBE-13);
    /// - facing a resignation: `Accept`, `Decline` (RESIGN-2, RESIGN-3);
    /// - before rolling: `Roll`, `Double` when allowed (CUBE-2, CUBE-3), then the offers to
    ///   resign;
    /// - after rolling: the legal plays, or `EmptyPlay` when the roll cannot be played
    ///   (MOVE-8), then the offers to resign.
    ///
    /// The offers to resign (levels 1 to 3 where allowed, RESIGN-1; Long Nardy's surrender,
    /// LN-36) are left out unless `resignations`.
    #[must_use]
    pub fn legal_actions(&self, resignations: bool) -> Vec<TurnAction<P::Play>> {
        if self.result.is_some() {
            return Vec::new();
        }
        if self.opening {
            return vec![TurnAction::Roll];
        }
        if self.cube.offer.is_some() {
            let mut out = vec![TurnAction::Take, TurnAction::Drop];
            for (answer, action) in [
                (CubeAnswer::Beaver, TurnAction::Beaver),
                (CubeAnswer::Raccoon, TurnAction::Raccoon),
            ] {
                if self.check_answer(answer).is_ok() {
                    out.push(action);
                }
            }
            return out;
        }
        if self.resign_offer.is_some() {
            return vec![TurnAction::Accept, TurnAction::Decline];
        }
        let mut out = match self.dice {
            None if self.may_double() => vec![TurnAction::Roll, TurnAction::Double],
            None => vec![TurnAction::Roll],
            Some(dice) => {
                let plays = self.position.plays(dice);
                if plays.is_empty() {
                    vec![TurnAction::EmptyPlay]
                } else {
                    plays.into_iter().map(TurnAction::Play).collect()
                }
            }
        };
        if resignations {
            for level in 1..=3 {
                if self.check_resign_as(level, None).is_ok() {
                    out.push(TurnAction::Resign {
                        level,
                        player: None,
                    });
                }
            }
        }
        out
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

    /// Applies `action` with the transitions (a roll with `dice`), for comparing with
    /// [`TurnState::check`].
    fn apply(
        s: &TurnState<VariantPosition>,
        action: &TurnAction<VariantPlay>,
        dice: (u8, u8),
    ) -> Result<TurnState<VariantPosition>, TurnError> {
        match *action {
            TurnAction::Roll => s.roll(dice.0, dice.1),
            TurnAction::Play(p) => {
                let d = s.check_play("play")?;
                if s.position.is_legal_play(d, &p) {
                    Ok(s.played(s.position.play_unchecked(&p)))
                } else {
                    Err(TurnError::new(TurnErrorKind::Play, "not legal"))
                }
            }
            _ => s.act_word(action).expect("an action word"),
        }
    }

    #[test]
    fn bg10_cube4_resign1_legal_actions_come_in_order() {
        let rules = CubeRules {
            beavers: true,
            raccoons: true,
            ..CubeRules::default()
        };
        let vp = VariantPosition::start(Variant::Backgammon, White);
        let s = TurnState::new(vp, Scoreboard::Money, Cube::new(rules), true, None, None).unwrap();
        assert_eq!(s.legal_actions(true), vec![TurnAction::Roll]);
        let s = s.roll(3, 1).unwrap();
        let acts = s.legal_actions(true);
        assert_eq!(acts.len(), 16 + 3);
        assert!(matches!(acts[0], TurnAction::Play(_)));
        assert_eq!(
            acts[16..],
            [1, 2, 3].map(|level| TurnAction::Resign {
                level,
                player: None
            })
        );
        assert_eq!(s.legal_actions(false).len(), 16);
        let black = TurnState {
            position: s.position.pass_turn(),
            dice: None,
            ..s
        };
        assert_eq!(
            black.legal_actions(false),
            vec![TurnAction::Roll, TurnAction::Double]
        );
        let doubled = black.double().unwrap();
        assert_eq!(
            doubled.legal_actions(true),
            vec![TurnAction::Take, TurnAction::Drop, TurnAction::Beaver]
        );
        let beavered = doubled.answer(CubeAnswer::Beaver).unwrap();
        assert_eq!(
            beavered.legal_actions(true),
            vec![TurnAction::Take, TurnAction::Drop, TurnAction::Raccoon]
        );
        let offered = black.resign(2).unwrap();
        assert_eq!(
            offered.legal_actions(true),
            vec![TurnAction::Accept, TurnAction::Decline]
        );
        // RESIGN-3: after a declined gammon only a backgammon may be offered again.
        let declined = offered.answer_resignation(false).unwrap();
        let resigns: Vec<_> = declined
            .legal_actions(true)
            .into_iter()
            .filter(|a| matches!(a, TurnAction::Resign { .. }))
            .collect();
        assert_eq!(
            resigns,
            vec![TurnAction::Resign {
                level: 3,
                player: None
            }]
        );
        assert_eq!(
            TurnAction::<VariantPlay>::from_word("resign gammon", Some(Black)),
            Some(TurnAction::Resign {
                level: 2,
                player: Some(Black)
            })
        );
        assert_eq!(
            TurnAction::<VariantPlay>::Raccoon.word().as_deref(),
            Some("raccoon")
        );
    }

    #[test]
    fn ln36_long_nardy_lists_its_surrender_and_move8_the_empty_play() {
        let ln = VariantPosition::start(Variant::LongNardy, White);
        let s = TurnState::new_nardy(ln, NardyReferee::default()).unwrap();
        assert_eq!(
            s.legal_actions(true),
            vec![
                TurnAction::Roll,
                TurnAction::Resign {
                    level: 1,
                    player: None
                }
            ]
        );
        assert!(s.is_legal(&TurnAction::Resign {
            level: 1,
            player: Some(Black)
        }));
        assert!(!s.is_legal(&TurnAction::Resign {
            level: 2,
            player: None
        }));
        // T12: a closed board with a checker on the bar: 6-4 has only the empty play.
        let setup = crate::base::setup::Setup::from_points(
            Variant::Backgammon,
            White,
            &[(25, 1), (13, 6), (8, 3), (6, 5)],
            &[(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)],
        );
        let closed = VariantPosition::from_setup(&setup).unwrap();
        let s = TurnState::new(
            closed,
            Scoreboard::Money,
            Cube::new(CubeRules::default()),
            false,
            Dice::new(6, 4).ok(),
            None,
        )
        .unwrap();
        assert_eq!(s.legal_actions(false), vec![TurnAction::EmptyPlay]);
    }

    #[test]
    fn check_agrees_with_every_transition_over_random_games() {
        let every = |s: &TurnState<VariantPosition>, extra: &[TurnAction<VariantPlay>]| {
            let mut acts = vec![
                TurnAction::Roll,
                TurnAction::Double,
                TurnAction::Take,
                TurnAction::Drop,
                TurnAction::Beaver,
                TurnAction::Raccoon,
                TurnAction::Accept,
                TurnAction::Decline,
                TurnAction::EmptyPlay,
            ];
            for level in 0..=4 {
                for player in [None, Some(White), Some(Black)] {
                    acts.push(TurnAction::Resign { level, player });
                }
            }
            acts.extend_from_slice(extra);
            if let Some(d) = s.dice {
                acts.extend(s.position.plays(d).into_iter().map(TurnAction::Play));
            }
            acts
        };
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let rules = CubeRules {
            beavers: true,
            raccoons: true,
            max_beavers: 2,
            ..CubeRules::default()
        };
        let mut checked = 0;
        for game in 0..40 {
            let (variant, board) = match game % 4 {
                0 => (Variant::Backgammon, Scoreboard::Money),
                1 => (
                    Variant::Backgammon,
                    Scoreboard::Match(MatchScore::new(5, true).unwrap()),
                ),
                2 => (Variant::Hypergammon2, Scoreboard::Money),
                _ => (Variant::LongNardy, Scoreboard::Money),
            };
            let vp = VariantPosition::start(variant, White);
            let mut s = if variant == Variant::LongNardy {
                let referee = NardyReferee {
                    last_roll: game % 8 == 3,
                    ..NardyReferee::default()
                };
                TurnState::new_nardy(vp, referee).unwrap()
            } else {
                TurnState::new(vp, board, Cube::new(rules), true, None, None).unwrap()
            };
            // A play of another position (not legal here).
            let stranger: Vec<_> = VariantPosition::start(Variant::Nackgammon, Black)
                .plays(Dice::new(5, 2).unwrap())
                .into_iter()
                .take(1)
                .map(TurnAction::Play)
                .collect();
            for _ in 0..300 {
                let dice = ((next(6) + 1) as u8, (next(6) + 1) as u8);
                for a in every(&s, &stranger) {
                    let applied = apply(&s, &a, dice);
                    assert_eq!(
                        s.check(&a).is_ok(),
                        applied.is_ok(),
                        "{a:?} in {}",
                        s.phase_text()
                    );
                    if let (Err(e), Err(f)) = (s.check(&a), applied) {
                        assert_eq!(e.kind, f.kind, "{a:?}");
                    }
                    checked += 1;
                }
                let legal = s.legal_actions(next(10) == 0);
                if legal.is_empty() {
                    break;
                }
                for a in &legal {
                    assert!(s.is_legal(a), "{a:?} listed but refused");
                }
                let a = legal[next(legal.len())];
                s = apply(&s, &a, dice).unwrap();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
