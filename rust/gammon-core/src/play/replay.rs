//! Replaying a match file through the turn state machine: the rules of reading a record.
//!
//! The readers of `.mat` and `.sgf` files (in Python) parse a file's syntax into
//! [`FileAction`]s; this module plays them game after game through [`TurnState`]: it pushes the
//! rolls, plays, cube actions and resignations a file shows, infers what the formats leave out
//! (the automatic doubles of a money game from the next score line, CUBE-20; the Crawford
//! rule of a match, MATCH-3; the Jacoby rule of a money session, MONEY-2), checks the results
//! and scores a file states, and reports the first thing the rules refuse with the game, the
//! move and the line ([`RecordError`]). [`EventReplay`] replays the games of the game loop
//! (a simulated match) the same way, from their events.

use crate::base::color::{ByColor, Color};
use crate::base::outcome::OutcomeKind;
use crate::base::variant::Variant;
use crate::play::event::{GameEvent, Observer};
use crate::play::turn::{GameOver, TurnAction, TurnError, TurnState};
use crate::rules::backgammon::Backgammon;
use crate::scoring::cube::{Cube, CubeAnswer, CubeRules};
use crate::scoring::scoreboard::{money_record, MatchScore, Scoreboard};
use crate::text::PlayText;
use crate::variant_position::{VariantPlay, VariantPosition};

/// A cube action a file shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeWord {
    /// A double; a beaver or raccoon when a double is pending, as gnubg records one.
    Double,
    /// A beaver (only with a double pending, CUBE-12).
    Beaver,
    /// A raccoon, read as a beaver is (CUBE-13).
    Raccoon,
    /// A take (CUBE-5).
    Take,
    /// A drop (CUBE-6).
    Drop,
}

impl CubeWord {
    /// The word as the errors say it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CubeWord::Double => "double",
            CubeWord::Beaver => "beaver",
            CubeWord::Raccoon => "raccoon",
            CubeWord::Take => "take",
            CubeWord::Drop => "drop",
        }
    }
}

/// What one line or node of a match file shows, as its reader parsed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileAction {
    /// `who` rolls `dice` (at the opening roll, the roller's die is the larger, BG-10) and
    /// plays `play` in gammon's notation (`""`: the empty play; `None`: the roll alone, as gnubg
    /// saves a roll its player resigned after). `unplayed`: the file shows no play (`.mat`'s
    /// "Cannot Move", XG's `???`); before a result it may be a roll its player resigned after.
    Roll {
        /// The roller.
        who: Color,
        /// The dice as written.
        dice: (u8, u8),
        /// The play, or `None` for a roll alone.
        play: Option<String>,
        /// The file shows no play.
        unplayed: bool,
    },
    /// A cube action by `who`.
    Cube {
        /// The player acting.
        who: Color,
        /// The action.
        word: CubeWord,
    },
    /// The file says `who` won `points` (`said`: how it says so, for the error). `resigned`:
    /// when the game is not over, the loser resigned at the level `points` imply.
    Result {
        /// The winner.
        who: Color,
        /// The points won.
        points: u32,
        /// A game not over was resigned.
        resigned: bool,
        /// The words of the file, for the error.
        said: String,
    },
    /// A result the reader could not read: the error `message` unless the game is over.
    Unreadable {
        /// The error.
        message: String,
    },
}

/// A [`FileAction`] and where the file shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    /// The action.
    pub action: FileAction,
    /// The record's move number (0 for the game's header).
    pub move_number: u32,
    /// The line of the file.
    pub line: Option<u32>,
    /// What a refusal of the rules is prefixed with (the text of the action).
    pub prefix: String,
}

/// One game of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileGame {
    /// The game's number in the file (1-based).
    pub number: u32,
    /// The line the game starts at.
    pub line: Option<u32>,
    /// The score `(white, black)` the file states at its start, if it does.
    pub score: Option<(u32, u32)>,
    /// The automatic doubles the file states (`None`: inferred in money play from the next
    /// game's score, or for the last game from its result, CUBE-20).
    pub automatic_doubles: Option<u32>,
    /// The actions, in order.
    pub entries: Vec<FileEntry>,
}

/// A whole file, as the reader parsed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRecord {
    /// The match length, 0 for a money session.
    pub length: u32,
    /// The variant of the games.
    pub variant: Variant,
    /// The cube rules (the Jacoby rule replaced by `jacoby` when given).
    pub rules: CubeRules,
    /// The Crawford rule of a match (`None`: on, unless a cube action shows it was off).
    pub crawford: Option<bool>,
    /// The Jacoby rule of a money session (`None`: off, unless the results show it on).
    pub jacoby: Option<bool>,
    /// Who states the games' scores, for the error (`"the score line"`, `"MI"`).
    pub stated_by: String,
    /// A result may also state the points before the Jacoby rule (gnubg's `.mat`, MONEY-2).
    pub unreduced: bool,
    /// The games.
    pub games: Vec<FileGame>,
}

/// An action of a replayed game, as `gammon.Game.push` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replayed {
    /// A roll: at the opening `(white's die, black's die)`, later the roller's dice.
    Roll {
        /// The state the dice were rolled in.
        before: TurnState<VariantPosition>,
        /// The dice.
        dice: (u8, u8),
    },
    /// Any other action, taken in `before`.
    Act {
        /// The state the action was taken in.
        before: TurnState<VariantPosition>,
        /// The action.
        action: TurnAction<VariantPlay>,
    },
}

/// One game of a file replayed: its actions, each with the state it was taken in, and the
/// state after the last (the history `gammon.Game` holds, so that Python need not replay it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedGame {
    /// The actions in order.
    pub actions: Vec<Replayed>,
    /// The state after the last action.
    pub end: TurnState<VariantPosition>,
}

/// A file replayed: the rules it was read with and each game's actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedRecord {
    /// The Crawford rule (false in money play).
    pub crawford: bool,
    /// The cube rules.
    pub rules: CubeRules,
    /// Each game replayed (games after the end of the match are left out).
    pub games: Vec<ReplayedGame>,
}

/// A record the rules refuse, or that states what its games do not add up to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct RecordError {
    /// What is wrong.
    pub reason: String,
    /// The game (1-based).
    pub game: Option<u32>,
    /// The record's move number in it.
    pub move_number: Option<u32>,
    /// The line of the file.
    pub line: Option<u32>,
}

/// Why an action failed: the record itself, or the rules (whose message gets the prefix).
enum Failure {
    Record(String),
    Rules(String),
}

impl From<TurnError> for Failure {
    fn from(e: TurnError) -> Failure {
        Failure::Rules(e.message)
    }
}

type State = TurnState<VariantPosition>;

/// A game being replayed.
#[derive(Debug)]
struct Replay {
    state: State,
    actions: Vec<Replayed>,
}

impl Replay {
    fn new(board: Scoreboard, rules: CubeRules, variant: Variant) -> Result<Replay, Failure> {
        let start = VariantPosition::start(variant, Color::White);
        let state = TurnState::new(start, board, Cube::new(rules), true, None, None)
            .map_err(|e| Failure::Rules(e.to_string()))?;
        Ok(Replay {
            state,
            actions: Vec::new(),
        })
    }

    fn roll(&mut self, white: u8, black: u8) -> Result<(), Failure> {
        let before = self.state;
        self.state = self.state.roll(white, black)?;
        self.actions.push(Replayed::Roll {
            before,
            dice: (white, black),
        });
        Ok(())
    }

    fn act(&mut self, action: TurnAction<VariantPlay>) -> Result<(), Failure> {
        let s = &self.state;
        let next = match action {
            TurnAction::Play(play) => s
                .check_play("the play")
                .map(|_| s.played(s.position.play_unchecked(&play))),
            word => match s.act_word(&word) {
                Some(next) => next,
                None => return Err(Failure::Record("a roll needs its dice".into())),
            },
        }?;
        self.actions.push(Replayed::Act {
            before: self.state,
            action,
        });
        self.state = next;
        Ok(())
    }

    /// A beaver or raccoon still pending is taken first when `responder` (or anyone) is to
    /// answer it: a roll after one means it was taken, as gnubg's importer reads it.
    fn take_pending_redouble(&mut self, responder: Option<Color>) -> Result<(), Failure> {
        match self.state.cube.offer {
            Some(o) if o.redoubles > 0 && responder.map_or(true, |r| r == o.responder()) => {
                self.act(TurnAction::Take)
            }
            _ => Ok(()),
        }
    }

    /// `count` tied opening rolls that each turn the cube (BG-11, CUBE-20); files do not show
    /// the dice of the ties, so they are 1-1.
    fn automatic_doubles(&mut self, count: u32) -> Result<(), Failure> {
        for k in 0..count {
            if !self.state.opening {
                return Err(Failure::Record(
                    "automatic doubles after the opening roll (BG-11)".into(),
                ));
            }
            let before = self.state.cube.value;
            self.roll(1, 1)?;
            if self.state.cube.value != 2 * before {
                let rules = self.state.cube.rules;
                return Err(Failure::Record(format!(
                    "the record has {count} automatic doubles at the opening but the rules turn \
                     the cube {k} times (CUBE-20: money play only, within the limit {} and the \
                     cap {})",
                    rules.auto_doubles,
                    rules.max_cube()
                )));
            }
        }
        Ok(())
    }

    fn push_roll(&mut self, roller: Color, (d1, d2): (u8, u8)) -> Result<(), Failure> {
        self.take_pending_redouble(None)?;
        if self.state.opening {
            if d1 == d2 {
                return Err(Failure::Record(format!(
                    "opening roll {d1}{d2}: the opening roll is never a double"
                )));
            }
            let (hi, lo) = (d1.max(d2), d1.min(d2));
            return match roller {
                Color::White => self.roll(hi, lo),
                Color::Black => self.roll(lo, hi),
            };
        }
        if self.state.to_act() != roller {
            return Err(Failure::Record(format!(
                "a roll {d1}{d2} by {roller} but it is {}'s turn",
                self.state.to_act()
            )));
        }
        self.roll(d1, d2)
    }

    fn push_play(&mut self, text: &str) -> Result<(), Failure> {
        if text.is_empty() {
            return self.act(TurnAction::EmptyPlay);
        }
        let dice = self.state.check_play(&format!("{text:?}"))?;
        let play = self
            .state
            .position
            .parse_play(dice, text)
            .map_err(|e| Failure::Rules(e.to_string()))?;
        self.act(TurnAction::Play(play))
    }

    fn push_cube(&mut self, who: Color, word: CubeWord) -> Result<(), Failure> {
        let to_act = self.state.to_act();
        if to_act != who {
            return Err(Failure::Record(format!(
                "a {} by {who} but it is {to_act}'s turn",
                word.name()
            )));
        }
        let offer = self.state.cube.offer;
        match (word, offer) {
            (CubeWord::Take, _) => self.act(TurnAction::Take),
            (CubeWord::Drop, _) => self.act(TurnAction::Drop),
            (CubeWord::Double, None) => self.act(TurnAction::Double),
            (_, Some(o)) if o.redoubles == 0 => self.act(TurnAction::Beaver),
            (_, Some(_)) => self.act(TurnAction::Raccoon),
            (_, None) => Err(Failure::Record(format!(
                "a {} without a double to beaver",
                word.name()
            ))),
        }
    }

    /// The resignation `points` won imply, and its acceptance (RESIGN-1, RESIGN-2): the
    /// smallest level whose points at the cube cover them, as gnubg's importers read it.
    fn push_resignation(&mut self, loser: Color, points: u32) -> Result<(), Failure> {
        self.take_pending_redouble(Some(loser))?;
        let to_act = self.state.to_act();
        if to_act != loser {
            return Err(Failure::Record(format!(
                "{loser} resigns but it is {to_act}'s turn; gammon replays resignations made by \
                 the player to act (RESIGN-1)"
            )));
        }
        let cube = self.state.cube.value;
        let level = if points <= cube {
            1
        } else if points <= 2 * cube {
            2
        } else {
            3
        };
        self.act(TurnAction::Resign {
            level,
            player: None,
        })?;
        self.act(TurnAction::Accept)
    }

    /// Check the result a file states, first pushing the resignation it implies.
    fn check_result(
        &mut self,
        winner: Color,
        points: u32,
        resigned: bool,
        unreduced: bool,
        said: &str,
    ) -> Result<(), Failure> {
        if self.state.result.is_none() && resigned {
            self.push_resignation(!winner, points)?;
        }
        let Some(r) = self.state.result else {
            return Ok(());
        };
        let before_jacoby = unreduced_points(&r);
        let same_winner = r.winner == Some(winner);
        if same_winner && (points == r.points || (unreduced && points == before_jacoby)) {
            return Ok(());
        }
        let note = if same_winner && points == before_jacoby && self.state.cube.rules.jacoby {
            "; gammon applies the Jacoby rule to resignations too (RESIGN-2, MONEY-2), gnubg \
             does not"
        } else {
            ""
        };
        Err(Failure::Record(format!(
            "{said} but the rules say {r}{note}"
        )))
    }

    /// Push one entry; `next` is the entry after it, `scale` multiplies the points a result
    /// states (gnubg's `.mat` export counts them from a cube of 1).
    fn push(
        &mut self,
        entry: &FileAction,
        next: Option<&FileAction>,
        scale: u32,
        unreduced: bool,
    ) -> Result<(), Failure> {
        let next_result = match next {
            Some(FileAction::Result { who, .. }) => Some(*who),
            _ => None,
        };
        match entry {
            FileAction::Roll {
                who,
                dice,
                play,
                unplayed,
            } => {
                let mut who = *who;
                if let (true, true, Some(winner)) = (*unplayed, self.state.opening, next_result) {
                    // gnubg writes the opening roll of a player who resigns before playing it
                    // in the left column; the player who resigned is the one who does not win.
                    who = !winner;
                }
                self.push_roll(who, *dice)?;
                let Some(play) = play else {
                    return Ok(());
                };
                if *unplayed
                    && next_result.is_some()
                    && !self.state.is_legal(&TurnAction::EmptyPlay)
                {
                    return Ok(()); // the player resigned after rolling (XG writes "???")
                }
                self.push_play(play)
            }
            FileAction::Cube { who, word } => self.push_cube(*who, *word),
            FileAction::Result {
                who,
                points,
                resigned,
                said,
            } => self.check_result(
                *who,
                points.saturating_mul(scale),
                *resigned,
                unreduced,
                said,
            ),
            FileAction::Unreadable { message } => match self.state.result {
                None => Err(Failure::Record(message.clone())),
                Some(_) => Ok(()),
            },
        }
    }
}

/// The points of a result before the Jacoby rule: its level times its cube (MONEY-2); gnubg's
/// `.mat` export writes these, and gnubg scores resignations so.
fn unreduced_points(r: &GameOver) -> u32 {
    let level = match r.kind {
        OutcomeKind::Gammon => 2,
        OutcomeKind::Backgammon => 3,
        _ => 1,
    };
    level * r.cube
}

/// The score a game is played at.
#[derive(Clone, Copy)]
enum Board {
    Match(MatchScore),
    Money(ByColor<u32>),
}

impl Board {
    fn scoreboard(self) -> Scoreboard {
        match self {
            Board::Match(m) => Scoreboard::Match(m),
            Board::Money(_) => Scoreboard::Money,
        }
    }

    fn score(self) -> (u32, u32) {
        let s = match self {
            Board::Match(m) => m.score,
            Board::Money(s) => s,
        };
        (s.white, s.black)
    }

    fn is_over(self) -> bool {
        matches!(self, Board::Match(m) if m.is_over())
    }

    fn record(self, r: &GameOver) -> Board {
        match self {
            Board::Match(m) => Board::Match(m.record(r.winner, r.points)),
            Board::Money(s) => Board::Money(money_record(s, r.winner, r.points)),
        }
    }
}

fn located(
    failure: Failure,
    game: u32,
    entry: Option<&FileEntry>,
    line: Option<u32>,
) -> RecordError {
    let (reason, move_number, line) = match (failure, entry) {
        (Failure::Record(r), e) => (r, e.map(|e| e.move_number), e.map_or(line, |e| e.line)),
        (Failure::Rules(r), Some(e)) => (format!("{}{r}", e.prefix), Some(e.move_number), e.line),
        (Failure::Rules(r), None) => (r, None, line),
    };
    RecordError {
        reason,
        game: Some(game),
        move_number: move_number.or(Some(0)),
        line,
    }
}

impl FileRecord {
    /// Replay the file: each game from where the one before ended, with the Crawford rule
    /// and the Jacoby rule the file leaves open tried both ways (the reading that gets
    /// furthest into the file gives the error when none works).
    ///
    /// # Errors
    /// [`RecordError`] for an action the rules refuse, a result or score the games do not add
    /// up to, or a game without an end followed by another.
    pub fn replay(&self) -> Result<ReplayedRecord, RecordError> {
        let mut attempts: Vec<(bool, CubeRules)> = Vec::new();
        if self.length > 0 {
            match self.crawford {
                Some(c) => attempts.push((c, self.rules)),
                None => attempts.extend([(true, self.rules), (false, self.rules)]),
            }
        } else {
            let jacoby = |j| CubeRules {
                jacoby: j,
                ..self.rules
            };
            match self.jacoby {
                Some(j) => attempts.push((false, jacoby(j))),
                None => attempts.extend([(false, jacoby(false)), (false, jacoby(true))]),
            }
        }
        let mut best: Option<RecordError> = None;
        for (crawford, rules) in attempts {
            match self.replay_with(crawford, rules) {
                Ok(games) => {
                    return Ok(ReplayedRecord {
                        crawford,
                        rules,
                        games,
                    })
                }
                Err(e) => {
                    let further = |e: &RecordError| (e.game.unwrap_or(0), e.line.unwrap_or(0));
                    if best.as_ref().map_or(true, |b| further(&e) > further(b)) {
                        best = Some(e);
                    }
                }
            }
        }
        Err(best.unwrap_or_else(|| RecordError {
            reason: "no reading of the record".into(),
            game: None,
            move_number: None,
            line: None,
        }))
    }

    fn replay_with(
        &self,
        crawford: bool,
        rules: CubeRules,
    ) -> Result<Vec<ReplayedGame>, RecordError> {
        let mut board = if self.length > 0 {
            let m = MatchScore::new(self.length, crawford).map_err(|e| RecordError {
                reason: e.to_string(),
                game: None,
                move_number: None,
                line: None,
            })?;
            Board::Match(m)
        } else {
            Board::Money(ByColor::default())
        };
        let mut out = Vec::new();
        for (i, fg) in self.games.iter().enumerate() {
            if board.is_over() {
                break;
            }
            if let Some((w, b)) = fg.score {
                let (bw, bb) = board.score();
                if (w, b) != (bw, bb) {
                    return Err(RecordError {
                        reason: format!(
                            "{} says the score is {w}-{b} (White-Black) but the games before it \
                             add up to {bw}-{bb}",
                            self.stated_by
                        ),
                        game: Some(fg.number),
                        move_number: Some(0),
                        line: fg.line,
                    });
                }
            }
            let next = self.games.get(i + 1).and_then(|g| g.score);
            let game = self.replay_game(fg, board, rules, next)?;
            let result = game.state.result;
            out.push(ReplayedGame {
                actions: game.actions,
                end: game.state,
            });
            match result {
                Some(r) => board = board.record(&r),
                None if i + 1 < self.games.len() => {
                    return Err(RecordError {
                        reason: "the game has no end (no bear-off, drop or resignation) but \
                                 another game follows"
                            .into(),
                        game: Some(fg.number),
                        move_number: None,
                        line: fg.line,
                    })
                }
                None => break,
            }
        }
        Ok(out)
    }

    /// One game: with the automatic doubles the file states, or in money play those it
    /// implies (CUBE-20): none first, then 1, 2... tied opening rolls, reading the file's
    /// points as won or as gnubg's export counts them (from a cube of 1), until the game ends
    /// as the next score says (the last game: as its result says). Else the game as read
    /// without automatic doubles, or the error that reading gave.
    fn replay_game(
        &self,
        fg: &FileGame,
        board: Board,
        rules: CubeRules,
        next_score: Option<(u32, u32)>,
    ) -> Result<Replay, RecordError> {
        let money = matches!(board, Board::Money(_));
        let (counts, infer) = match fg.automatic_doubles {
            Some(k) => (k..=k, false),
            None if money && rules.enabled => (0..=u32::from(rules.auto_doubles), true),
            None => (0..=0, true),
        };
        let target = if money { next_score } else { None };
        let mut plain: Option<Result<Replay, RecordError>> = None;
        for k in counts {
            let scales: &[u32] = if k == 0 || !infer { &[1] } else { &[1, 1 << k] };
            for &scale in scales {
                let mut game = Replay::new(board.scoreboard(), rules, self.variant)
                    .map_err(|f| located(f, fg.number, None, fg.line))?;
                if let Err(f) = game.automatic_doubles(k) {
                    if infer {
                        return plain.unwrap_or_else(|| Err(located(f, fg.number, None, fg.line)));
                    }
                    return Err(located(f, fg.number, None, fg.line));
                }
                let read = self.replay_entries(&mut game, fg, scale);
                let Ok(()) = read else {
                    if let Err(e) = read {
                        if plain.is_none() {
                            plain = Some(Err(e));
                        }
                    }
                    continue;
                };
                let ends_as_stated = match (target, game.state.result) {
                    (None, _) => true,
                    (Some(t), Some(r)) => board.record(&r).score() == t,
                    (Some(_), None) => false,
                };
                if ends_as_stated {
                    return Ok(game);
                }
                if plain.is_none() {
                    plain = Some(Ok(game));
                }
            }
        }
        plain.unwrap_or_else(|| {
            Err(RecordError {
                reason: "the game cannot be read".into(),
                game: Some(fg.number),
                move_number: None,
                line: fg.line,
            })
        })
    }

    fn replay_entries(
        &self,
        game: &mut Replay,
        fg: &FileGame,
        scale: u32,
    ) -> Result<(), RecordError> {
        for (i, entry) in fg.entries.iter().enumerate() {
            let next = fg.entries.get(i + 1).map(|e| &e.action);
            game.push(&entry.action, next, scale, self.unreduced)
                .map_err(|f| located(f, fg.number, Some(entry), fg.line))?;
        }
        Ok(())
    }
}

/// The cube rules a record is replayed with when its file does not say otherwise: gnubg's
/// cap (`MAX_CUBE` 4096), beavers and raccoons allowed in money play (money-only, CUBE-11, so
/// a match ignores them), automatic doubles up to gnubg's limit of 12 (CUBE-20; a record has
/// only the ones its file shows) and gnubg's owner of the cube after a raccoon (CUBE-13).
pub const READ_RULES: CubeRules = CubeRules {
    max_cube_log2: 12,
    jacoby: false,
    beavers: true,
    raccoons: true,
    max_beavers: 12,
    auto_doubles: crate::scoring::cube::MAX_AUTO_DOUBLES,
    enabled: true,
    refuse_dead_cube: false,
    gnubg_raccoon_owner: true,
};

/// The cube settings a match file can state beyond what gnubg's formats hold: `(name in the
/// file, field of CubeRules, money only)`. `Jacoby`, `Beaver` and `CubeLimit` are the names
/// eXtreme Gammon writes in its `.mat` headers (gnubg's importer reads and skips them, as it
/// does `Crawford`); the others are gammon's. A flag is `On` or `Off`, a number is decimal.
pub const FILE_SETTINGS: [(&str, &str, bool); 9] = [
    ("Jacoby", "jacoby", true),
    ("Beaver", "beavers", true),
    ("Raccoon", "raccoons", true),
    ("MaxBeavers", "max_beavers", true),
    ("AutomaticDoubles", "auto_doubles", true),
    ("GnubgRaccoonOwner", "gnubg_raccoon_owner", true),
    ("CubeLimit", "max_cube", false),
    ("Cube", "enabled", false),
    ("RefuseDeadCube", "refuse_dead_cube", false),
];

/// A setting's value in `rules`: a flag, or a number.
fn setting_of(rules: &CubeRules, field: &str) -> Result<bool, u32> {
    match field {
        "jacoby" => Ok(rules.jacoby),
        "beavers" => Ok(rules.beavers),
        "raccoons" => Ok(rules.raccoons),
        "gnubg_raccoon_owner" => Ok(rules.gnubg_raccoon_owner),
        "enabled" => Ok(rules.enabled),
        "refuse_dead_cube" => Ok(rules.refuse_dead_cube),
        "max_beavers" => Err(rules.max_beavers),
        "auto_doubles" => Err(u32::from(rules.auto_doubles)),
        _ => Err(rules.max_cube()),
    }
}

fn on_off(flag: bool) -> String {
    (if flag { "On" } else { "Off" }).to_owned()
}

/// Reads `text` as the flag `name`.
fn read_flag(name: &str, text: &str) -> Result<bool, String> {
    match text.to_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        _ => Err(format!(
            "the setting {name} is On or Off, not {:?}",
            text.chars().take(40).collect::<String>()
        )),
    }
}

/// Reads `text` as the value of the setting `name` of `rules` and sets it.
fn set_setting(rules: &mut CubeRules, name: &str, field: &str, text: &str) -> Result<(), String> {
    let word = text.to_lowercase();
    let shown: String = text.chars().take(40).collect();
    if setting_of(rules, field).is_ok() {
        let flag = read_flag(name, text)?;
        match field {
            "jacoby" => rules.jacoby = flag,
            "beavers" => rules.beavers = flag,
            "raccoons" => rules.raccoons = flag,
            "gnubg_raccoon_owner" => rules.gnubg_raccoon_owner = flag,
            "enabled" => rules.enabled = flag,
            _ => rules.refuse_dead_cube = flag,
        }
        return Ok(());
    }
    let number = match word.parse::<u64>() {
        Ok(n) if word.len() <= 10 && word.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => {
            return Err(format!(
                "the setting {name} is a whole number, not {shown:?}"
            ))
        }
    };
    let out_of_range = |what: &str| format!("the setting {name} is {what}, not {number}");
    match field {
        "max_beavers" => {
            rules.max_beavers = u32::try_from(number)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| out_of_range("at least 1 (CUBE-13)"))?;
        }
        "auto_doubles" => {
            rules.auto_doubles = u8::try_from(number)
                .ok()
                .filter(|&n| n <= crate::scoring::cube::MAX_AUTO_DOUBLES)
                .ok_or_else(|| out_of_range("0 to 12 (CUBE-20)"))?;
        }
        _ => {
            rules.max_cube_log2 = (0..=crate::scoring::cube::MAX_CUBE_LOG2_LIMIT)
                .find(|&k| 1u64 << k == number)
                .ok_or_else(|| out_of_range("a power of two from 1 to 32768 (CUBE-10)"))?;
        }
    }
    Ok(())
}

/// Reads the settings a file states (`(name, value)`, names of [`FILE_SETTINGS`] and
/// `Crawford`, any case; the last of a name counts) over `base`: the cube rules and the
/// Crawford rule (`None` when the file does not say). Other names are left alone. A file that
/// turns beavers off has no raccoons either (CUBE-13), and the engine's defaults for the
/// other beaver settings unless it says.
///
/// # Errors
/// A message naming the setting for a value that is not `On`/`Off` or a number in range, or
/// rules the cube refuses (CUBE-13).
pub fn read_file_settings(
    settings: &[(String, String)],
    base: CubeRules,
) -> Result<(CubeRules, Option<bool>), String> {
    let given = |name: &str| {
        settings
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let mut rules = base;
    for (name, field, _) in FILE_SETTINGS {
        if let Some(text) = given(name) {
            set_setting(&mut rules, name, field, text)?;
        }
    }
    if given("Beaver").is_some() && !rules.beavers {
        let defaults = CubeRules::default();
        if given("Raccoon").is_none() {
            rules.raccoons = false;
        }
        if given("MaxBeavers").is_none() {
            rules.max_beavers = defaults.max_beavers;
        }
        if given("GnubgRaccoonOwner").is_none() {
            rules.gnubg_raccoon_owner = defaults.gnubg_raccoon_owner;
        }
    }
    let crawford = given("Crawford")
        .map(|text| read_flag("Crawford", text))
        .transpose()?;
    let rules = rules
        .validate()
        .map_err(|e| format!("the settings are not cube rules: {e}"))?;
    Ok((rules, crawford))
}

/// The settings a file of a record with `rules` states: `Crawford` for a match (`crawford`
/// given), then each cube setting that applies to its kind of play and that
/// [`read_file_settings`] over `base` would not read back from the ones before it.
#[must_use]
pub fn file_settings(
    rules: &CubeRules,
    crawford: Option<bool>,
    base: CubeRules,
) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    if let Some(c) = crawford {
        out.push(("Crawford", on_off(c)));
    }
    let mut stated: Vec<(String, String)> = Vec::new();
    for (name, field, money_only) in FILE_SETTINGS {
        if money_only && crawford.is_some() {
            continue;
        }
        let value = setting_of(rules, field);
        let read_back = read_file_settings(&stated, base).map_or(base, |(r, _)| r);
        if value != setting_of(&read_back, field) {
            let text = value.map_or_else(|n| n.to_string(), on_off);
            stated.push((name.to_owned(), text.clone()));
            out.push((name, text));
        }
    }
    out
}

/// The games the game loop plays, replayed from its events ([`GameEvent`]) through the turn
/// state machine: each game's history as [`FileRecord::replay`] gives a file's, so that a
/// simulated match becomes a record (`gammon.simulate.simulated_match_record`) without a
/// second replay. The dice are the ones thrown, tied opening throws included.
#[derive(Debug)]
pub struct EventReplay {
    board: Scoreboard,
    rules: CubeRules,
    variant: Variant,
    game: Option<Replay>,
    /// The games ended so far.
    pub games: Vec<ReplayedGame>,
    /// The first event the turn state machine refused (a defect of the game loop), if any.
    pub error: Option<String>,
}

impl EventReplay {
    /// Replay the games of a match (or money session) at `board`, played from the start of
    /// `variant` with `rules`.
    #[must_use]
    pub fn new(board: Scoreboard, rules: CubeRules, variant: Variant) -> EventReplay {
        EventReplay {
            board,
            rules,
            variant,
            game: None,
            games: Vec::new(),
            error: None,
        }
    }

    fn step(&mut self, event: &GameEvent<'_, Backgammon>) -> Result<(), Failure> {
        let game = match &mut self.game {
            Some(game) => game,
            None => self
                .game
                .insert(Replay::new(self.board, self.rules, self.variant)?),
        };
        match *event {
            GameEvent::OpeningThrow { white, black } => game.roll(white, black),
            // The roll of the opening player is the opening throw's, already pushed.
            GameEvent::Roll { dice, .. } if game.state.dice.is_none() => {
                game.roll(dice.high(), dice.low())
            }
            GameEvent::Roll { .. } | GameEvent::MayDouble { .. } => Ok(()),
            GameEvent::Double { .. } => game.act(TurnAction::Double),
            GameEvent::Answer { answer, .. } => game.act(match answer {
                CubeAnswer::Take => TurnAction::Take,
                CubeAnswer::Drop => TurnAction::Drop,
                CubeAnswer::Beaver => TurnAction::Beaver,
                CubeAnswer::Raccoon => TurnAction::Raccoon,
            }),
            GameEvent::Play { before, play } => game.push_play(&before.format_play(play)),
            GameEvent::Pass => game.act(TurnAction::EmptyPlay),
            GameEvent::GameOver { board, .. } => {
                if game.state.result.is_none() {
                    return Err(Failure::Record(
                        "a game ended that the rules do not end".into(),
                    ));
                }
                self.board = *board;
                if let Some(game) = self.game.take() {
                    self.games.push(ReplayedGame {
                        actions: game.actions,
                        end: game.state,
                    });
                }
                Ok(())
            }
        }
    }
}

impl Observer<Backgammon> for EventReplay {
    fn event(&mut self, event: &GameEvent<'_, Backgammon>) {
        if self.error.is_none() {
            if let Err(Failure::Record(e) | Failure::Rules(e)) = self.step(event) {
                self.error = Some(e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(action: FileAction, move_number: u32) -> FileEntry {
        FileEntry {
            action,
            move_number,
            line: Some(10 + move_number),
            prefix: String::new(),
        }
    }

    fn roll(who: Color, dice: (u8, u8), play: &str) -> FileAction {
        FileAction::Roll {
            who,
            dice,
            play: Some(play.to_owned()),
            unplayed: false,
        }
    }

    fn record(length: u32, crawford: Option<bool>, games: Vec<Vec<FileEntry>>) -> FileRecord {
        FileRecord {
            length,
            variant: Variant::Backgammon,
            rules: CubeRules::default(),
            crawford,
            jacoby: Some(false),
            stated_by: "the score line".into(),
            unreduced: false,
            games: games
                .into_iter()
                .enumerate()
                .map(|(i, entries)| FileGame {
                    number: u32::try_from(i).unwrap_or(0) + 1,
                    line: None,
                    score: None,
                    automatic_doubles: None,
                    entries,
                })
                .collect(),
        }
    }

    fn resigned(who: Color, points: u32) -> FileAction {
        FileAction::Result {
            who,
            points,
            resigned: true,
            said: format!("{who} wins {points}"),
        }
    }

    #[test]
    fn a_resignation_is_pushed_at_the_level_its_points_imply() {
        // RESIGN-1, RESIGN-2: Black resigns a gammon (2 points at cube 1) and White accepts.
        let rec = record(
            0,
            None,
            vec![vec![
                at(roll(Color::White, (3, 1), "8/5 6/5"), 1),
                at(resigned(Color::White, 2), 2),
            ]],
        );
        let out = rec.replay().expect("the record replays");
        let game = &out.games[0].actions;
        assert_eq!(game.len(), 4);
        assert!(matches!(game[0], Replayed::Roll { dice: (3, 1), .. }));
        assert!(out.games[0].end.result.is_some());
        assert!(matches!(
            game[2],
            Replayed::Act {
                action: TurnAction::Resign { level: 2, .. },
                ..
            }
        ));
    }

    #[test]
    fn the_opening_roll_is_never_a_double_and_the_error_is_placed() {
        // BG-10: a tie is thrown again, so a file never shows a doubled opening roll.
        let rec = record(
            0,
            None,
            vec![vec![at(roll(Color::White, (3, 3), "8/5 6/5"), 1)]],
        );
        let e = rec.replay().expect_err("a doubled opening roll");
        assert!(e.reason.contains("never a double"), "{}", e.reason);
        assert_eq!(
            (e.game, e.move_number, e.line),
            (Some(1), Some(1), Some(11))
        );
    }

    #[test]
    fn a_double_in_the_crawford_game_shows_the_rule_was_off() {
        // MATCH-3: White leads 2-0 in a 3-point match; Black doubles in the next game.
        let games = vec![
            vec![
                at(roll(Color::White, (3, 1), "8/5 6/5"), 1),
                at(resigned(Color::White, 2), 2),
            ],
            vec![
                at(roll(Color::White, (3, 1), "8/5 6/5"), 1),
                at(
                    FileAction::Cube {
                        who: Color::Black,
                        word: CubeWord::Double,
                    },
                    2,
                ),
                at(
                    FileAction::Cube {
                        who: Color::White,
                        word: CubeWord::Drop,
                    },
                    3,
                ),
            ],
        ];
        let out = record(3, None, games.clone())
            .replay()
            .expect("read without Crawford");
        assert!(!out.crawford);
        let e = record(3, Some(true), games)
            .replay()
            .expect_err("Crawford on");
        assert!(e.reason.contains("MATCH-3"), "{}", e.reason);
        assert_eq!(e.game, Some(2));
    }

    #[test]
    fn settings_are_written_only_where_they_differ_and_read_back() {
        // CUBE-13: a file that turns beavers off has no raccoons either.
        let read = READ_RULES;
        let rules = CubeRules {
            jacoby: true,
            ..CubeRules::default()
        };
        let written = file_settings(&rules, None, read);
        let names: Vec<&str> = written.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["Jacoby", "Beaver", "AutomaticDoubles", "CubeLimit"]);
        let pairs: Vec<(String, String)> = written
            .into_iter()
            .map(|(n, v)| (n.to_owned(), v))
            .collect();
        assert_eq!(read_file_settings(&pairs, read), Ok((rules, None)));
        let bad = [("CubeLimit".to_owned(), "100".to_owned())];
        let e = read_file_settings(&bad, read).expect_err("not a power of two");
        assert!(e.contains("CUBE-10"), "{e}");
    }
}
