//! Game records as the analysis reads them: a game's starting [`TurnState`] and its actions
//! ([`Step`]), replayed through the turn state machine so that a record that breaks a rule
//! is reported with the action that breaks it ([`AnalysisError`]).

use std::fmt;

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::play::turn::{TurnError, TurnState};
use crate::scoring::cube::CubeAnswer;
use crate::variant_position::{VariantPlay, VariantPosition};

/// One action of a game, as `gammon.Game.push` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A roll: at the opening, White's die and Black's die (BG-10); later the dice of the
    /// player on roll (BG-12).
    Roll(u8, u8),
    /// The player on roll doubles (CUBE-4).
    Double,
    /// The doubled player takes (CUBE-5).
    Take,
    /// The doubled player drops (CUBE-6).
    Drop,
    /// The doubled player beavers (CUBE-12).
    Beaver,
    /// The beavered player raccoons (CUBE-13).
    Raccoon,
    /// The player to act offers to resign at a level 1..=3 (RESIGN-1).
    Resign(u8),
    /// The resignation is accepted (RESIGN-2).
    Accept,
    /// The resignation is declined (RESIGN-3).
    Decline,
    /// A Long Nardy player surrenders (LN-36).
    Surrender(Color),
    /// The player on roll plays (a legal play of the position and dice).
    Play(VariantPlay),
    /// The roll cannot be played (MOVE-8).
    EmptyPlay,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Roll(a, b) => write!(f, "roll {a}{b}"),
            Step::Double => f.write_str("double"),
            Step::Take => f.write_str("take"),
            Step::Drop => f.write_str("drop"),
            Step::Beaver => f.write_str("beaver"),
            Step::Raccoon => f.write_str("raccoon"),
            Step::Resign(l) => write!(f, "resign {}", crate::play::turn::level_name(*l)),
            Step::Accept => f.write_str("accept"),
            Step::Decline => f.write_str("decline"),
            Step::Surrender(c) => write!(f, "surrender ({c})"),
            Step::Play(p) => {
                let moves: Vec<String> = p.moves().iter().map(ToString::to_string).collect();
                write!(f, "play {}", moves.join(" "))
            }
            Step::EmptyPlay => f.write_str("empty play"),
        }
    }
}

/// A game as the analysis reads it: where it starts and what was done.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLog {
    /// The state before the first action (usually the opening roll to come).
    pub start: TurnState<VariantPosition>,
    /// The actions, oldest first.
    pub steps: Vec<Step>,
}

/// A record the analysis cannot read: an action the rules refuse, or a game the net does not
/// play; positioned by match, game and action where they are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisError {
    /// The index of the match in a batch.
    pub match_index: Option<usize>,
    /// The index of the game in its match.
    pub game: Option<usize>,
    /// The index of the action in the game, and the action.
    pub step: Option<(usize, String)>,
    /// What is wrong, naming the rule.
    pub message: String,
    /// True when the record is fine but the net plays another variant.
    pub wrong_net: bool,
}

impl AnalysisError {
    /// An error of the action `index` of a game.
    pub(crate) fn at(index: usize, step: &Step, message: impl Into<String>) -> AnalysisError {
        AnalysisError {
            match_index: None,
            game: None,
            step: Some((index, step.to_string())),
            message: message.into(),
            wrong_net: false,
        }
    }

    /// A game the net does not play.
    pub(crate) fn wrong_net(message: impl Into<String>) -> AnalysisError {
        AnalysisError {
            match_index: None,
            game: None,
            step: None,
            message: message.into(),
            wrong_net: true,
        }
    }

    /// The same error placed in game `game`.
    #[must_use]
    pub fn in_game(mut self, game: usize) -> AnalysisError {
        self.game = Some(game);
        self
    }

    /// The same error placed in match `index` of a batch.
    #[must_use]
    pub fn in_match(mut self, index: usize) -> AnalysisError {
        self.match_index = Some(index);
        self
    }
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = Vec::new();
        if let Some(m) = self.match_index {
            place.push(format!("match {}", m + 1));
        }
        if let Some(g) = self.game {
            place.push(format!("game {}", g + 1));
        }
        if let Some((i, s)) = &self.step {
            place.push(format!("action {} ({s})", i + 1));
        }
        if place.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", place.join(", "), self.message)
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The state after `step`, checked by the turn state machine (and, for a play, against the
/// legal plays of the position and dice: MOVE-1, MOVE-9).
///
/// # Errors
/// The rule the step breaks, as [`TurnError`]'s message or the play's.
pub(crate) fn apply(
    state: &TurnState<VariantPosition>,
    step: &Step,
) -> Result<TurnState<VariantPosition>, String> {
    let turn = |r: Result<TurnState<VariantPosition>, TurnError>| r.map_err(|e| e.message);
    match *step {
        Step::Roll(a, b) => {
            if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
                return Err(format!("the dice are 1 to 6, not {a} and {b} (BG-12)"));
            }
            turn(state.roll(a, b))
        }
        Step::Double => turn(state.double()),
        Step::Take => turn(state.answer(CubeAnswer::Take)),
        Step::Drop => turn(state.answer(CubeAnswer::Drop)),
        Step::Beaver => turn(state.answer(CubeAnswer::Beaver)),
        Step::Raccoon => turn(state.answer(CubeAnswer::Raccoon)),
        Step::Resign(level) => turn(state.resign(level)),
        Step::Accept => turn(state.answer_resignation(true)),
        Step::Decline => turn(state.answer_resignation(false)),
        Step::Surrender(loser) => turn(state.surrender(loser)),
        Step::EmptyPlay => {
            let dice = state.check_play("empty play").map_err(|e| e.message)?;
            if !state.position.legal_plays(dice).is_empty() {
                return Err(format!(
                    "MOVE-8: the empty play is legal only when {}-{} cannot be played at all; \
                     it can",
                    dice.high(),
                    dice.low()
                ));
            }
            Ok(state.played(state.position.pass_turn()))
        }
        Step::Play(play) => {
            let dice = state.check_play("play").map_err(|e| e.message)?;
            let after = legal_after(&state.position, dice, &play)?;
            Ok(state.played(after))
        }
    }
}

/// The position after `play`, the opponent on roll, when it is a legal play of `pos` for
/// `dice` (two plays are the same play when they lead to the same position, MOVE-9).
fn legal_after(
    pos: &VariantPosition,
    dice: Dice,
    play: &VariantPlay,
) -> Result<VariantPosition, String> {
    let target = play.after();
    if let Some(p) = pos.legal_plays(dice).iter().find(|p| p.after() == target) {
        return Ok(pos.play_unchecked(p));
    }
    Err(format!(
        "the play {} is not legal in {} for {}-{} (MOVE-1)",
        Step::Play(*play).to_string().trim_start_matches("play "),
        pos.id(),
        dice.high(),
        dice.low()
    ))
}
