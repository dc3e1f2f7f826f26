//! A game as gnubg's Match ID and eXtreme Gammon's XGID describe it: the turn state an ID sets
//! up (ID-4 to ID-7, XGID-1 to XGID-4) and the IDs of a turn state. The codecs are the text
//! layer's ([`crate::text::match_id`], [`crate::text::xgid`]); this module ties their fields
//! to the cube, the scoreboard and the turn state machine.

use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::variant::Variant;
use crate::play::record::Ending;
use crate::play::turn::{Resignation, TurnSetupError, TurnState};
use crate::scoring::cube::{Cube, CubeError, CubeOffer, CubeRules, CubeRulesError};
use crate::scoring::scoreboard::{money_record, MatchScore, MatchSetupError, Scoreboard};
use crate::text::fibs::{FibsBoard, ParseFibsError, FIBS_NUMBERS};
use crate::text::match_id::{GameState, MatchId};
use crate::text::xgid::{Xgid, XgidProblem};
use crate::text::IdForm;
use crate::variant_position::{IdFields, ReadIdError, VariantPosition};

/// A game set up from an ID: its turn state and the score the ID gives (the money session's
/// running totals, or the match score, which the state's scoreboard also holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdGame {
    /// The game.
    pub state: TurnState<VariantPosition>,
    /// The score as `(white, black)`.
    pub score: ByColor<u32>,
}

/// An ID that names no game that can be played on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameIdError {
    /// The text is not readable (see [`ReadIdError`]).
    #[error(transparent)]
    Read(#[from] ReadIdError),
    /// The Match ID shows a finished game.
    #[error("ID-4: {0:?} shows a finished game; only a game in play can be set up")]
    Finished(String),
    /// Before the opening roll, with a pending double or resignation.
    #[error(
        "ID-4: {0:?} shows no game yet (before the opening roll) with a pending double or \
         resignation; these come after the opening roll (BG-12)"
    )]
    OfferBeforeOpening(String),
    /// A beaver (a double answered by the player on roll) with the cube not held by the
    /// beaverer.
    #[error(
        "ID-4: a double answered by the player on roll is a beaver, so the other player must \
         hold the cube (CUBE-12)"
    )]
    BeaverOwner,
    /// A resignation offered by the player on roll, who is also the one to act.
    #[error("ID-4: a resignation is offered by the player on roll, so the other acts")]
    ResignationOnRoll,
    /// The match the ID gives cannot be set up.
    #[error("Match: {0}")]
    Match(MatchSetupError),
    /// The cube rules with the ID's cube limit.
    #[error("CubeRules: {0}")]
    CubeRules(CubeRulesError),
    /// The cube the ID gives.
    #[error("{0}")]
    Cube(CubeError),
    /// A state no game may start from.
    #[error("Game: {0}")]
    Setup(TurnSetupError),
}

/// The scoreboard an ID's length, score and Crawford flag give: money play for length 0,
/// otherwise a match under the Crawford rule when `crawford` (or when the ID marks the
/// Crawford game).
fn board_from_id(
    length: u32,
    score: ByColor<u32>,
    crawford: bool,
    crawford_game: bool,
) -> Result<Scoreboard, GameIdError> {
    if length == 0 {
        return Ok(Scoreboard::Money);
    }
    MatchScore::from_parts(
        length,
        score,
        crawford || crawford_game,
        crawford_game,
        None,
    )
    .map(Scoreboard::Match)
    .map_err(GameIdError::Match)
}

/// `rules` with the cap raised, when needed, to hold `value` (`CubeRules::max_cube_log2`).
fn rules_holding(rules: CubeRules, log2: u32) -> Result<CubeRules, GameIdError> {
    let log2 = u8::try_from(log2).unwrap_or(u8::MAX);
    CubeRules {
        max_cube_log2: rules.max_cube_log2.max(log2),
        ..rules
    }
    .validate()
    .map_err(GameIdError::CubeRules)
}

/// The cube of a Match ID, a pending offer read as gnubg writes it: a double answered by the
/// player on roll is a beaver (the beaverer holds the cube at twice the old value, CUBE-12),
/// one answered by the cube's owner a raccoon (CUBE-13); longer chains read as these two.
fn cube_from_match_id(mid: &MatchId, rules: CubeRules) -> Result<Cube, GameIdError> {
    let v = mid.cube_value;
    let doubled = u32::from(mid.double_offered);
    let rules = rules_holding(rules, v.trailing_zeros() + doubled)?;
    let cube = |owner, offer| Cube::from_parts(v, owner, offer, rules).map_err(GameIdError::Cube);
    if !mid.double_offered {
        return cube(mid.cube_owner, None);
    }
    let doubler = mid.turn;
    let offer = |proposer, redoubles| CubeOffer {
        doubler,
        proposer,
        value: 2 * v,
        redoubles,
    };
    if mid.to_act == doubler {
        if mid.cube_owner != Some(!doubler) {
            return Err(GameIdError::BeaverOwner);
        }
        return cube(mid.cube_owner, Some(offer(!doubler, 1)));
    }
    if mid.cube_owner == Some(mid.to_act) {
        // gnubg's raccoon: the cube stays with the doubled player while the doubler redoubles.
        let owner = if rules.gnubg_raccoon_owner {
            mid.cube_owner
        } else {
            Some(doubler)
        };
        return cube(owner, Some(offer(doubler, 2)));
    }
    cube(mid.cube_owner, Some(offer(doubler, 0)))
}

/// The game a gnubg ID describes (ID-6): `position` (read with the Match ID's player on roll)
/// and the Match ID's cube, dice, pending double or resignation, score and Crawford flag.
/// `rules` gives what the ID does not hold (the cap, beavers...); in money play the ID's
/// Jacoby bit wins (ID-5). `crawford` says whether the match uses the Crawford rule. A
/// "no game" ID (game state 0) gives the game before its opening roll; `text` names the ID
/// in messages.
///
/// # Errors
/// [`GameIdError`] for a finished game, an offer before the opening roll, a beaver or
/// resignation gnubg's layout cannot have, or a match, cube or state the rules forbid.
pub fn game_from_match_id(
    text: &str,
    position: VariantPosition,
    mid: &MatchId,
    rules: CubeRules,
    crawford: bool,
) -> Result<IdGame, GameIdError> {
    let opening = match mid.game_state {
        GameState::NoGame => true,
        GameState::Playing => false,
        _ => return Err(GameIdError::Finished(text.trim().to_string())),
    };
    if opening && (mid.double_offered || mid.resignation > 0) {
        return Err(GameIdError::OfferBeforeOpening(text.trim().to_string()));
    }
    let rules = if mid.is_money() {
        CubeRules {
            jacoby: mid.jacoby,
            ..rules
        }
    } else {
        rules
    };
    let board = board_from_id(mid.match_length, mid.score, crawford, mid.crawford)?;
    let cube = cube_from_match_id(mid, rules)?;
    let resignation = if mid.resignation > 0 {
        if mid.to_act == mid.turn {
            return Err(GameIdError::ResignationOnRoll);
        }
        Some(Resignation {
            player: !mid.to_act,
            level: mid.resignation,
        })
    } else {
        None
    };
    let dice = if opening {
        None
    } else {
        mid.dice.map(|(a, b)| Dice::new_unchecked(a, b))
    };
    let state = TurnState::new(position, board, cube, opening, dice, resignation)
        .map_err(GameIdError::Setup)?;
    Ok(IdGame {
        state,
        score: mid.score,
    })
}

/// The game an XGID describes (XGID-1 to XGID-4): the position, dice, cube and any pending
/// double, the score and the Crawford flag. The XGID's Jacoby, beaver and cube-limit fields
/// override `rules`, which supplies the rest (raccoons only where the XGID allows beavers);
/// `crawford` says whether the match uses the Crawford rule.
///
/// # Errors
/// [`GameIdError`] for a match, cube or state the rules forbid.
pub fn game_from_xgid(x: &Xgid, rules: CubeRules, crawford: bool) -> Result<IdGame, GameIdError> {
    let doubled = u32::from(x.double_offered);
    let log2 = x
        .max_cube
        .trailing_zeros()
        .max(x.cube_value.trailing_zeros() + doubled);
    let rules = CubeRules {
        max_cube_log2: u8::try_from(log2).unwrap_or(u8::MAX),
        ..rules
    };
    let rules = if x.match_length == 0 {
        CubeRules {
            jacoby: x.jacoby,
            beavers: x.beavers,
            raccoons: rules.raccoons && x.beavers,
            ..rules
        }
    } else {
        rules
    };
    let rules = rules.validate().map_err(GameIdError::CubeRules)?;
    let board = board_from_id(x.match_length, x.score, crawford, x.crawford)?;
    let turn = x.turn();
    let offer = x.double_offered.then_some(CubeOffer {
        doubler: turn,
        proposer: turn,
        value: 2 * x.cube_value,
        redoubles: 0,
    });
    let cube =
        Cube::from_parts(x.cube_value, x.cube_owner, offer, rules).map_err(GameIdError::Cube)?;
    let dice = x.dice.map(|(a, b)| Dice::new_unchecked(a, b));
    let state = TurnState::new(
        VariantPosition::Backgammon(x.position),
        board,
        cube,
        false,
        dice,
        None,
    )
    .map_err(GameIdError::Setup)?;
    Ok(IdGame {
        state,
        score: x.score,
    })
}

/// Reads a text in any of the forms of [`IdForm`] (or in `form` when given): the position,
/// and for a gnubg ID or an XGID the game it describes ([`game_from_match_id`],
/// [`game_from_xgid`]); `None` for a Position ID, which holds the position only. `variant`
/// and `turn` are as for [`VariantPosition::read_id`].
///
/// # Errors
/// [`GameIdError`].
pub fn game_from_id(
    text: &str,
    form: Option<IdForm>,
    variant: Option<Variant>,
    turn: Option<Color>,
    rules: CubeRules,
    crawford: bool,
) -> Result<(VariantPosition, Option<IdGame>), GameIdError> {
    let form = form.unwrap_or_else(|| IdForm::of(text));
    let (position, fields) = VariantPosition::read_id_as(text, form, variant, turn)?;
    let game = match fields {
        IdFields::PositionId => None,
        IdFields::GnubgId(mid) => Some(game_from_match_id(text, position, &mid, rules, crawford)?),
        IdFields::Xgid(x) => Some(game_from_xgid(&x, rules, crawford)?),
    };
    Ok((position, game))
}

/// The state of a game as the fields of gnubg's Match ID (ID-4). `score` is the money
/// session's score `(white, black)` before this game (a match's score is the state's).
///
/// Before the opening roll the game state is 0 ("no game"); after the end the score and the
/// Crawford flag are those after this game, as gnubg writes them, and an accepted
/// resignation stays in the resignation field. A pending beaver shows as gnubg shows it: the
/// cube at the beavered value, owned by the beaverer, the doubler to answer.
#[must_use]
pub fn match_id_of<P: crate::play::turn::TurnPosition>(
    state: &TurnState<P>,
    score: ByColor<u32>,
) -> MatchId {
    let mut board = state.board;
    let mut money = score;
    let game_state = match state.result {
        Some(r) => {
            match &mut board {
                Scoreboard::Match(m) => *m = m.record(r.winner, r.points),
                Scoreboard::Money => money = money_record(money, r.winner, r.points),
            }
            match r.ending {
                Ending::BorneOff => GameState::Over,
                Ending::Resigned => GameState::Resigned,
                Ending::Dropped => GameState::Dropped,
            }
        }
        None if state.opening => GameState::NoGame,
        None => GameState::Playing,
    };
    let (match_length, score, crawford) = match board {
        Scoreboard::Match(m) => (m.length, m.score, m.crawford_game),
        Scoreboard::Money => (0, money, false),
    };
    MatchId {
        cube_value: state.cube.value,
        cube_owner: state.cube.owner,
        turn: state.turn(),
        to_act: state.to_act(),
        crawford,
        game_state,
        double_offered: state.cube.offer.is_some() && state.result.is_none(),
        resignation: state.resign_offer.map_or(0, |r| r.level),
        dice: if state.opening {
            None
        } else {
            state.dice.map(|d| (d.high(), d.low()))
        },
        match_length,
        score,
        jacoby: state.cube.rules.jacoby,
    }
}

/// A state that has no XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XgidOfError {
    /// A beaver or raccoon awaits an answer: XG's `B`/`R` have no agreed reading (XGID-3).
    #[error("XGID-3: a pending beaver or raccoon has no agreed XGID form")]
    PendingRedouble,
    /// A field the XGID cannot hold (a Long Nardy position, ...).
    #[error("Xgid: {0}")]
    Invalid(XgidProblem),
}

/// The state of a game as the fields of an XGID (XGID-1 to XGID-3). `score` is the money
/// session's score `(white, black)` (a match's score is the state's). The XGID has no room
/// for a pending resignation, the opening roll or the end of the game: they are left out.
///
/// # Errors
/// [`XgidOfError`] while a beaver or raccoon awaits an answer, or for a Long Nardy game.
pub fn xgid_of(
    state: &TurnState<VariantPosition>,
    score: ByColor<u32>,
) -> Result<Xgid, XgidOfError> {
    let offer = state.cube.offer;
    if offer.is_some_and(|o| o.redoubles > 0) {
        return Err(XgidOfError::PendingRedouble);
    }
    let VariantPosition::Backgammon(position) = state.position else {
        return Err(XgidOfError::Invalid(XgidProblem::NotBackgammon));
    };
    let rules = state.cube.rules;
    let (match_length, score, crawford) = match state.board {
        Scoreboard::Match(m) => (m.length, m.score, m.crawford_game),
        Scoreboard::Money => (0, score, false),
    };
    let money = match_length == 0;
    Xgid {
        position,
        cube_value: state.cube.value,
        cube_owner: state.cube.owner,
        dice: if state.opening || state.result.is_some() {
            None
        } else {
            state.dice.map(|d| (d.high(), d.low()))
        },
        double_offered: offer.is_some() && state.result.is_none(),
        score,
        match_length,
        crawford,
        jacoby: money && rules.jacoby,
        beavers: money && rules.beavers,
        max_cube: rules.max_cube(),
    }
    .validate()
    .map_err(XgidOfError::Invalid)
}

/// The state of a game as gnubg's external-player interface writes its FIBS board (gnubg 1.07
/// `play.c`): White is "you" (`Colour` 1, `Direction` -1); its player 0 (Black) is named and
/// scored first unless a double awaits an answer; fields 47-48 and the can-move and
/// forced-move fields are 0; field 51 is the post-Crawford flag and field 52 is 0 in the
/// Crawford game. `names` are `(white, black)` (a `:` in a name becomes `_`); `score` is the
/// money session's score (a match's is the state's), and the match length of money play is
/// written 0.
///
/// # Errors
/// [`ParseFibsError::NotBackgammon`] for a Long Nardy game, or the check's error for a state
/// the board cannot hold.
pub fn fibs_board_of(
    state: &TurnState<VariantPosition>,
    score: ByColor<u32>,
    names: (&str, &str),
) -> Result<FibsBoard, ParseFibsError> {
    let VariantPosition::Backgammon(position) = state.position else {
        return Err(ParseFibsError::NotBackgammon);
    };
    let setup = crate::rules::position::Position::to_setup(&position);
    let (white, black) = (setup.board.white, setup.board.black);
    let (length, score, post_crawford) = match state.board {
        Scoreboard::Match(m) => (m.length, m.score, m.post_crawford),
        Scoreboard::Money => (0, score, false),
    };
    let mut names = (names.0.replace(':', "_"), names.1.replace(':', "_"));
    let mut scores = (score.white, score.black);
    if state.cube.offer.is_none() {
        // gnubg: its player 0 (Black) first, unless a double awaits an answer.
        names = (names.1, names.0);
        scores = (scores.1, scores.0);
    }
    let mut n = [0i64; FIBS_NUMBERS];
    n[0] = i64::from(length);
    (n[1], n[2]) = (i64::from(scores.0), i64::from(scores.1));
    // White ("you", O, positive) moves down from 24: its point p is field p.
    n[3] = -i64::from(black[25]);
    for p in 1..25 {
        n[3 + p] = i64::from(white[p]) - i64::from(black[25 - p]);
    }
    n[28] = i64::from(white[25]);
    n[29] = if state.turn() == Color::White { 1 } else { -1 };
    let dice = state
        .dice
        .map_or((0, 0), |d| (i64::from(d.high()), i64::from(d.low())));
    (n[30], n[31], n[32], n[33]) = (dice.0, dice.1, dice.0, dice.1);
    n[34] = i64::from(state.cube.value);
    n[35] = i64::from(state.cube.owner != Some(Color::Black));
    n[36] = i64::from(state.cube.owner != Some(Color::White));
    n[37] = i64::from(state.cube.offer.is_some());
    (n[38], n[39], n[40], n[41]) = (1, -1, 0, 25); // colour, direction, home, bar
    (n[42], n[43]) = (i64::from(white[0]), i64::from(black[0]));
    // Fields 47-50 (on the bar, can move, forced move): gnubg writes 0.
    n[48] = i64::from(post_crawford);
    n[49] = i64::from(!state.board.is_crawford_game());
    FibsBoard::new(&names.0, &names.1, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::cube::CubeAnswer;

    fn read(text: &str, rules: CubeRules) -> IdGame {
        let (_, game) = game_from_id(text, None, None, None, rules, true).unwrap();
        game.unwrap()
    }

    #[test]
    fn c33_id6_a_gnubg_id_sets_up_the_game_and_writes_itself_back() {
        let g = read("4HPwATDgc/ABMA:QYkqASAAIAAA", CubeRules::default());
        let m = g.state.board.as_match().copied().unwrap();
        assert_eq!((m.length, m.score.white, m.score.black), (9, 4, 2));
        assert_eq!(
            (g.state.cube.value, g.state.cube.owner, g.state.turn()),
            (2, Some(Color::Black), Color::White)
        );
        let mid = match_id_of(&g.state, g.score);
        assert_eq!(
            format!("{}:{mid}", g.state.position.id()),
            "4HPwATDgc/ABMA:QYkqASAAIAAE"
        );
    }

    #[test]
    fn id4_finished_games_and_offers_before_the_opening_are_refused() {
        let finished = game_from_id(
            "AAAAwP8fAAAAAA:MALgAAAAEAAE",
            None,
            None,
            None,
            CubeRules::default(),
            true,
        );
        assert!(matches!(finished, Err(GameIdError::Finished(_))));
        let early = game_from_id(
            "4HPwATDgc/ABMA:cCAAAAAAAAAE",
            None,
            None,
            None,
            CubeRules::default(),
            true,
        );
        assert!(matches!(early, Err(GameIdError::OfferBeforeOpening(_))));
        let opening = read("4HPwATDgc/ABMA:cAjgAAAAAAAE", CubeRules::default());
        assert!(opening.state.opening);
    }

    #[test]
    fn cube12_a_pending_beaver_round_trips_through_the_match_id() {
        let rules = CubeRules {
            beavers: true,
            ..CubeRules::default()
        };
        let start = read("4HPwATDgc/ABMA:cIkFAAAAAAAE", rules);
        // White on roll with 3-1 rolled: roll back to before the roll to double.
        let before = TurnState {
            dice: None,
            ..start.state
        };
        let beavered = before.double().unwrap().answer(CubeAnswer::Beaver).unwrap();
        let mid = match_id_of(&beavered, ByColor::default());
        let text = format!("{}:{mid}", beavered.position.id());
        let back = read(&text, rules);
        assert_eq!(back.state, beavered);
        assert_eq!(
            xgid_of(&beavered, ByColor::default()),
            Err(XgidOfError::PendingRedouble)
        );
    }

    #[test]
    fn c34_xgid4_an_xgid_sets_up_the_game_and_writes_itself_back() {
        let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10";
        let g = read(text, CubeRules::default());
        assert!(g.state.cube.rules.jacoby && g.state.cube.rules.beavers);
        assert_eq!(g.state.dice.map(|d| (d.high(), d.low())), Some((5, 2)));
        assert_eq!(xgid_of(&g.state, g.score).unwrap().to_string(), text);
        assert_eq!(match_id_of(&g.state, g.score).to_string(), "cIkKAAAAAAAA");
        let m = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:2:4:0:9:10";
        let g = read(m, CubeRules::default());
        assert_eq!(match_id_of(&g.state, g.score).to_string(), "QYkqAUAAEAAE");
        assert_eq!(xgid_of(&g.state, g.score).unwrap().to_string(), m);
    }

    #[test]
    fn a_position_id_is_read_without_a_game_and_long_nardy_refuses_the_other_forms() {
        let (pos, game) = game_from_id(
            "4HPwATDgc/ABMA",
            None,
            None,
            Some(Color::Black),
            CubeRules::default(),
            true,
        )
        .unwrap();
        assert_eq!((pos.turn(), game), (Color::Black, None));
        let nardy = game_from_id(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
            None,
            Some(Variant::LongNardy),
            None,
            CubeRules::default(),
            true,
        );
        assert!(matches!(
            nardy,
            Err(GameIdError::Read(ReadIdError::NotBackgammon { .. }))
        ));
        let turn = game_from_id(
            "4HPwATDgc/ABMA:cIkFAAAAAAAE",
            None,
            None,
            Some(Color::Black),
            CubeRules::default(),
            true,
        );
        assert!(matches!(
            turn,
            Err(GameIdError::Read(ReadIdError::Turn { .. }))
        ));
        let forms: Vec<String> = ["hello", "4HPwATDgc/AB!A"]
            .iter()
            .map(|t| {
                VariantPosition::read_id(t, None, None)
                    .unwrap_err()
                    .to_string()
            })
            .collect();
        assert!(
            forms
                .iter()
                .all(|m| m.contains("gnubg ID") && m.contains("XGID")),
            "{forms:?}"
        );
    }

    #[test]
    fn a_game_writes_the_fibs_board_gnubg_writes_and_reads_it_back() {
        // gnubg's ID: White on roll with 5-2 at 4-2 in a 9-point match, Black owns the cube at 2.
        let g = read("4HPwATDgc/ABMA:QYkqASAAIAAA", CubeRules::default());
        let b = fibs_board_of(&g.state, g.score, ("W:hite", "Black")).unwrap();
        // No double pending: gnubg names and scores its player 0 (Black) first.
        assert_eq!((b.you(), b.opponent()), ("Black", "W_hite"));
        assert_eq!((b.field(3), b.field(4), b.field(5)), (9, 2, 4));
        let st = b.state(true).unwrap();
        assert_eq!(VariantPosition::Backgammon(st.position), g.state.position);
        assert_eq!(
            (st.dice, st.cube, st.cube_owner),
            (Some((5, 2)), 2, Some(Color::Black))
        );
        assert_eq!(
            (st.score, st.names.0.as_str(), st.crawford),
            ((4, 2), "W_hite", false)
        );
        let start = VariantPosition::start(Variant::LongNardy, Color::White);
        let nardy = TurnState::new_nardy(start, Default::default()).unwrap();
        assert_eq!(
            fibs_board_of(&nardy, ByColor::default(), ("a", "b")),
            Err(ParseFibsError::NotBackgammon)
        );
    }
}
