//! A compact binary form of a [`MatchAnalysis`], so that an analysis can travel between
//! processes (pickling, a process pool, a Dask cluster) and come back equal, float for float.
//!
//! The form: the bytes `GMA`, a version and the kind of value (a letter: `M` a match, `D` a
//! decision, `R` a roll's luck, `S` a player's statistics, `C` a candidate play), then every
//! value in order, little-endian (`u32`,
//! `u64`, `f32` and `f64` by their bits, so that every float comes back exactly), lists
//! prefixed by their length, options by a 0/1 byte, enums by their index in a fixed list,
//! positions by variant, player on roll, position ID and Long Nardy options. Reading checks
//! every byte: a truncated or damaged form is an [`AnalysisWireError`] naming what could not
//! be read, never a panic. The totals of the match are summed again from its games on reading
//! ([`MatchAnalysis::from_games`], the sum the analysis made).

use crate::analysis::{
    Candidate, Decision, DecisionKind, ErrorTally, GameAnalysis, LuckMark, MatchAnalysis,
    PlayerStats, RollLuck, Skill,
};
use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::{Move, Play};
use crate::base::outcome::OutcomeKind;
use crate::base::variant::Variant;
use crate::eval::Probabilities;
use crate::play::record::Ending;
use crate::play::turn::GameOver;
use crate::policy::janowski::{CubeDecision, CubeInfo, DoublerAction, TakerAction};
use crate::rules::nardy::NardyOptions;
use crate::scoring::cube::{CubeRules, CubeState};
use crate::scoring::scoreboard::{MatchScore, Scoreboard};
use crate::variant_position::{VariantPlay, VariantPosition};

/// The first bytes of the form, and its version.
const MAGIC: &[u8; 3] = b"GMA";
const VERSION: u8 = 1;

/// A form that cannot be read: truncated, damaged, or of another version.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an analysis of this version of gammon: {0}")]
pub struct AnalysisWireError(pub String);

const COLORS: [Color; 2] = [Color::White, Color::Black];
const KINDS: [DecisionKind; 6] = DecisionKind::ALL;
const SKILLS: [Skill; 4] = Skill::ALL;
const LUCK: [LuckMark; 5] = [
    LuckMark::VeryUnlucky,
    LuckMark::Unlucky,
    LuckMark::None,
    LuckMark::Lucky,
    LuckMark::VeryLucky,
];
const OUTCOMES: [OutcomeKind; 7] = [
    OutcomeKind::Single,
    OutcomeKind::Gammon,
    OutcomeKind::Backgammon,
    OutcomeKind::Oin,
    OutcomeKind::Mars,
    OutcomeKind::Koks,
    OutcomeKind::Draw,
];
const ENDINGS: [Ending; 3] = [Ending::BorneOff, Ending::Dropped, Ending::Resigned];
const DOUBLER: [DoublerAction; 5] = [
    DoublerAction::NoDouble,
    DoublerAction::Double,
    DoublerAction::TooGood,
    DoublerAction::DeadCube,
    DoublerAction::Unavailable,
];
const TAKER: [TakerAction; 3] = [TakerAction::Take, TakerAction::Pass, TakerAction::Beaver];

fn index_of<T: PartialEq>(all: &[T], v: &T) -> u8 {
    all.iter().position(|x| x == v).unwrap_or(0) as u8
}

/// The writer.
#[derive(Default)]
struct W(Vec<u8>);

impl W {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }
    fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
    fn bool(&mut self, v: bool) {
        self.u8(u8::from(v));
    }
    fn len(&mut self, n: usize) {
        self.u64(n as u64);
    }
    fn text(&mut self, s: &str) {
        self.len(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }
    fn color(&mut self, c: Color) {
        self.u8(index_of(&COLORS, &c));
    }
    fn opt_color(&mut self, c: Option<Color>) {
        self.u8(c.map_or(2, |c| index_of(&COLORS, &c)));
    }
    fn dice(&mut self, d: Dice) {
        self.u8(d.high());
        self.u8(d.low());
    }
    fn position(&mut self, p: &VariantPosition) {
        self.text(p.variant().name());
        self.color(p.turn());
        self.text(&p.id());
        self.u8(p.nardy_options().map_or(0, |o| o.bits()));
    }
    fn moves(&mut self, moves: &[Move]) {
        self.u8(moves.len() as u8);
        for m in moves {
            self.u8(m.from);
            self.u8(m.to);
            self.bool(m.hit);
        }
    }
    fn play(&mut self, p: &VariantPlay) {
        match p {
            VariantPlay::Backgammon(p) => {
                self.moves(p.moves());
                self.position(&VariantPosition::Backgammon(*p.after()));
            }
            VariantPlay::Nardy(p) => {
                self.moves(p.moves());
                self.position(&VariantPosition::Nardy(*p.after()));
            }
        }
    }
    fn probabilities(&mut self, p: &Probabilities) {
        for v in [
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
            p.draw,
        ] {
            self.f32(v);
        }
    }
    fn cube(&mut self, c: CubeState) {
        self.u32(c.value);
        self.opt_color(c.owner);
    }
    fn board(&mut self, b: &Scoreboard) {
        match b {
            Scoreboard::Money => self.u8(0),
            Scoreboard::Match(m) => {
                self.u8(1);
                self.u32(m.length);
                self.u32(m.score.white);
                self.u32(m.score.black);
                self.bool(m.crawford_rule);
                self.bool(m.crawford_game);
                self.bool(m.post_crawford);
            }
        }
    }
    fn rules(&mut self, r: &CubeRules) {
        self.u8(r.max_cube_log2);
        self.bool(r.jacoby);
        self.bool(r.beavers);
        self.bool(r.raccoons);
        self.u32(r.max_beavers);
        self.u8(r.auto_doubles);
        self.bool(r.enabled);
        self.bool(r.refuse_dead_cube);
        self.bool(r.gnubg_raccoon_owner);
    }
    fn cube_decision(&mut self, d: &CubeDecision) {
        self.f64(d.no_double);
        self.f64(d.double_take);
        self.f64(d.double_pass);
        self.bool(d.beaver);
        self.u8(index_of(&DOUBLER, &d.doubler));
        self.u8(index_of(&TAKER, &d.taker));
        self.bool(d.optional);
        self.cube(d.info.cube);
        self.color(d.info.player);
        self.board(&d.info.board);
        self.rules(&d.info.rules);
        match d.mwc {
            None => self.u8(0),
            Some(m) => {
                self.u8(1);
                m.iter().for_each(|&v| self.f64(v));
            }
        }
        self.probabilities(&d.probabilities);
        self.u32(d.plies);
        self.f64(d.cube_life);
        self.f64(d.take_point);
    }
    fn candidate(&mut self, c: &Candidate) {
        self.play(&c.play);
        self.probabilities(&c.probabilities);
        self.f64(c.equity);
        self.u32(c.plies);
    }
    fn decision(&mut self, d: &Decision) {
        self.u8(index_of(&KINDS, &d.kind));
        self.color(d.player);
        self.len(d.step);
        self.u32(d.move_number);
        self.position(&d.position);
        match d.dice {
            None => self.u8(0),
            Some(x) => {
                self.u8(1);
                self.dice(x);
            }
        }
        self.cube(d.cube);
        self.board(&d.board);
        self.len(d.candidates.len());
        d.candidates.iter().for_each(|c| self.candidate(c));
        self.u64(d.played.map_or(u64::MAX, |i| i as u64));
        self.len(d.legal_plays);
        match &d.cube_decision {
            None => self.u8(0),
            Some(c) => {
                self.u8(1);
                self.cube_decision(c);
            }
        }
        self.f64(d.loss);
        self.f64(d.cost);
        self.u8(index_of(&SKILLS, &d.skill));
    }
    fn roll(&mut self, r: &RollLuck) {
        self.color(r.player);
        self.len(r.step);
        self.u32(r.move_number);
        self.dice(r.dice);
        self.bool(r.opening);
        self.f64(r.before);
        self.f64(r.luck);
        self.f64(r.cost);
        self.f64(r.standing);
        self.u8(index_of(&LUCK, &r.mark));
    }
    fn tally(&mut self, t: &ErrorTally) {
        self.u32(t.count);
        self.f64(t.loss);
        self.f64(t.cost);
    }
    fn stats(&mut self, s: &PlayerStats) {
        self.u32(s.moves);
        self.u32(s.unforced);
        self.f64(s.checker_loss);
        self.f64(s.checker_cost);
        s.checker_marks.iter().for_each(|&n| self.u32(n));
        self.u32(s.cube_decisions);
        self.u32(s.close_cube);
        self.u32(s.doubles);
        self.u32(s.takes);
        self.u32(s.drops);
        for t in [
            &s.missed_double_below_cash,
            &s.missed_double_above_cash,
            &s.wrong_double_below_double_point,
            &s.wrong_double_above_too_good,
            &s.wrong_take,
            &s.wrong_drop,
        ] {
            self.tally(t);
        }
        self.f64(s.cube_loss);
        self.f64(s.cube_cost);
        s.cube_marks.iter().for_each(|&n| self.u32(n));
        self.u32(s.rolls);
        self.f64(s.luck);
        self.f64(s.luck_cost);
        s.luck_marks.iter().for_each(|&n| self.u32(n));
        self.f64(s.result);
        self.f64(s.luck_adjusted);
    }
    fn game(&mut self, g: &GameAnalysis) {
        self.board(&g.board);
        self.len(g.decisions.len());
        g.decisions.iter().for_each(|d| self.decision(d));
        self.len(g.rolls.len());
        g.rolls.iter().for_each(|r| self.roll(r));
        match g.result {
            None => self.u8(0),
            Some(r) => {
                self.u8(1);
                self.opt_color(r.winner);
                self.u32(r.points);
                self.u8(index_of(&OUTCOMES, &r.kind));
                self.u8(index_of(&ENDINGS, &r.ending));
                self.u32(r.cube);
            }
        }
        self.stats(&g.stats.white);
        self.stats(&g.stats.black);
        self.u32(g.plies);
    }
}

/// The reader: every read checks that the bytes are there and mean something.
struct R<'a> {
    bytes: &'a [u8],
    at: usize,
}

type Res<T> = Result<T, AnalysisWireError>;

fn bad<T>(what: &str) -> Res<T> {
    Err(AnalysisWireError(what.to_owned()))
}

impl R<'_> {
    fn take(&mut self, n: usize) -> Res<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return bad(&format!("it ends early, at byte {}", self.bytes.len()));
        };
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> Res<u8> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Res<u32> {
        let mut b = [0; 4];
        b.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> Res<u64> {
        let mut b = [0; 8];
        b.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(b))
    }
    fn f32(&mut self) -> Res<f32> {
        Ok(f32::from_bits(self.u32()?))
    }
    fn f64(&mut self) -> Res<f64> {
        Ok(f64::from_bits(self.u64()?))
    }
    fn bool(&mut self) -> Res<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => bad("a flag is neither 0 nor 1"),
        }
    }
    /// A length or index, at most what the bytes left could hold (`each` bytes an item).
    fn len(&mut self, each: usize) -> Res<usize> {
        let n = self.u64()?;
        let left = (self.bytes.len() - self.at) as u64;
        if n.saturating_mul(each as u64) > left {
            return bad("a list is longer than the bytes left");
        }
        Ok(n as usize)
    }
    fn pick<T: Copy>(&mut self, all: &[T], what: &str) -> Res<T> {
        let i = self.u8()? as usize;
        match all.get(i) {
            Some(&v) => Ok(v),
            None => bad(&format!("{what} {i} is out of range")),
        }
    }
    fn text(&mut self) -> Res<String> {
        let n = self.len(1)?;
        String::from_utf8(self.take(n)?.to_vec()).or_else(|_| bad("a text is not UTF-8"))
    }
    fn color(&mut self) -> Res<Color> {
        self.pick(&COLORS, "a player")
    }
    fn opt_color(&mut self) -> Res<Option<Color>> {
        match self.u8()? {
            2 => Ok(None),
            i => COLORS
                .get(i as usize)
                .copied()
                .map(Some)
                .ok_or_else(|| AnalysisWireError(format!("a player {i} is out of range"))),
        }
    }
    fn dice(&mut self) -> Res<Dice> {
        let (a, b) = (self.u8()?, self.u8()?);
        Dice::new(a, b).or_else(|_| bad("a roll is not two dice"))
    }
    fn position(&mut self) -> Res<VariantPosition> {
        let name = self.text()?;
        let variant = Variant::find(&name).or_else(|_| bad("a variant is unknown"))?;
        let turn = self.color()?;
        let id = self.text()?;
        let options = self.u8()?;
        let p = VariantPosition::from_id(&id, variant, turn)
            .or_else(|_| bad("a position ID does not read"))?;
        match (p.nardy_options(), NardyOptions::from_bits(options)) {
            (None, _) if options == 0 => Ok(p),
            (Some(_), Some(o)) => Ok(p.with_nardy_options(o).unwrap_or(p)),
            _ => bad("a position's Long Nardy options are wrong"),
        }
    }
    fn moves(&mut self) -> Res<Vec<Move>> {
        let n = self.u8()?;
        if n > 4 {
            return bad("a play has more than four moves");
        }
        (0..n)
            .map(|_| Ok(Move::new(self.u8()?, self.u8()?, self.bool()?)))
            .collect()
    }
    fn play(&mut self) -> Res<VariantPlay> {
        let moves = self.moves()?;
        Ok(match self.position()? {
            VariantPosition::Backgammon(p) => VariantPlay::Backgammon(Play::from_parts(&moves, p)),
            VariantPosition::Nardy(p) => VariantPlay::Nardy(Play::from_parts(&moves, p)),
        })
    }
    fn probabilities(&mut self) -> Res<Probabilities> {
        Ok(Probabilities {
            win: self.f32()?,
            win_gammon: self.f32()?,
            win_backgammon: self.f32()?,
            lose_gammon: self.f32()?,
            lose_backgammon: self.f32()?,
            draw: self.f32()?,
        })
    }
    fn cube(&mut self) -> Res<CubeState> {
        Ok(CubeState {
            value: self.u32()?,
            owner: self.opt_color()?,
        })
    }
    fn board(&mut self) -> Res<Scoreboard> {
        Ok(match self.u8()? {
            0 => Scoreboard::Money,
            1 => Scoreboard::Match(MatchScore {
                length: self.u32()?,
                score: ByColor {
                    white: self.u32()?,
                    black: self.u32()?,
                },
                crawford_rule: self.bool()?,
                crawford_game: self.bool()?,
                post_crawford: self.bool()?,
            }),
            _ => return bad("a score is neither money nor a match"),
        })
    }
    fn rules(&mut self) -> Res<CubeRules> {
        Ok(CubeRules {
            max_cube_log2: self.u8()?,
            jacoby: self.bool()?,
            beavers: self.bool()?,
            raccoons: self.bool()?,
            max_beavers: self.u32()?,
            auto_doubles: self.u8()?,
            enabled: self.bool()?,
            refuse_dead_cube: self.bool()?,
            gnubg_raccoon_owner: self.bool()?,
        })
    }
    fn cube_decision(&mut self) -> Res<CubeDecision> {
        Ok(CubeDecision {
            no_double: self.f64()?,
            double_take: self.f64()?,
            double_pass: self.f64()?,
            beaver: self.bool()?,
            doubler: self.pick(&DOUBLER, "a doubler's action")?,
            taker: self.pick(&TAKER, "a taker's action")?,
            optional: self.bool()?,
            info: CubeInfo {
                cube: self.cube()?,
                player: self.color()?,
                board: self.board()?,
                rules: self.rules()?,
            },
            mwc: match self.u8()? {
                0 => None,
                1 => Some([self.f64()?, self.f64()?, self.f64()?]),
                _ => return bad("a flag is neither 0 nor 1"),
            },
            probabilities: self.probabilities()?,
            plies: self.u32()?,
            cube_life: self.f64()?,
            take_point: self.f64()?,
        })
    }
    fn candidate(&mut self) -> Res<Candidate> {
        Ok(Candidate {
            play: self.play()?,
            probabilities: self.probabilities()?,
            equity: self.f64()?,
            plies: self.u32()?,
        })
    }
    fn decision(&mut self) -> Res<Decision> {
        let kind = self.pick(&KINDS, "a decision kind")?;
        let player = self.color()?;
        let step = self.len(0)?;
        let move_number = self.u32()?;
        let position = self.position()?;
        let dice = match self.u8()? {
            0 => None,
            1 => Some(self.dice()?),
            _ => return bad("a flag is neither 0 nor 1"),
        };
        let cube = self.cube()?;
        let board = self.board()?;
        let n = self.len(8)?;
        let candidates = (0..n).map(|_| self.candidate()).collect::<Res<Vec<_>>>()?;
        let played = match self.u64()? {
            u64::MAX => None,
            i if (i as usize) < candidates.len() => Some(i as usize),
            _ => return bad("the played play is not a candidate"),
        };
        let legal_plays = self.len(0)?;
        let cube_decision = match self.u8()? {
            0 => None,
            1 => Some(self.cube_decision()?),
            _ => return bad("a flag is neither 0 nor 1"),
        };
        Ok(Decision {
            kind,
            player,
            step,
            move_number,
            position,
            dice,
            cube,
            board,
            candidates,
            played,
            legal_plays,
            cube_decision,
            loss: self.f64()?,
            cost: self.f64()?,
            skill: self.pick(&SKILLS, "a mark")?,
        })
    }
    fn roll(&mut self) -> Res<RollLuck> {
        Ok(RollLuck {
            player: self.color()?,
            step: self.len(0)?,
            move_number: self.u32()?,
            dice: self.dice()?,
            opening: self.bool()?,
            before: self.f64()?,
            luck: self.f64()?,
            cost: self.f64()?,
            standing: self.f64()?,
            mark: self.pick(&LUCK, "a luck mark")?,
        })
    }
    fn tally(&mut self) -> Res<ErrorTally> {
        Ok(ErrorTally {
            count: self.u32()?,
            loss: self.f64()?,
            cost: self.f64()?,
        })
    }
    fn marks<const N: usize>(&mut self) -> Res<[u32; N]> {
        let mut out = [0; N];
        for v in &mut out {
            *v = self.u32()?;
        }
        Ok(out)
    }
    fn stats(&mut self) -> Res<PlayerStats> {
        Ok(PlayerStats {
            moves: self.u32()?,
            unforced: self.u32()?,
            checker_loss: self.f64()?,
            checker_cost: self.f64()?,
            checker_marks: self.marks()?,
            cube_decisions: self.u32()?,
            close_cube: self.u32()?,
            doubles: self.u32()?,
            takes: self.u32()?,
            drops: self.u32()?,
            missed_double_below_cash: self.tally()?,
            missed_double_above_cash: self.tally()?,
            wrong_double_below_double_point: self.tally()?,
            wrong_double_above_too_good: self.tally()?,
            wrong_take: self.tally()?,
            wrong_drop: self.tally()?,
            cube_loss: self.f64()?,
            cube_cost: self.f64()?,
            cube_marks: self.marks()?,
            rolls: self.u32()?,
            luck: self.f64()?,
            luck_cost: self.f64()?,
            luck_marks: self.marks()?,
            result: self.f64()?,
            luck_adjusted: self.f64()?,
        })
    }
    fn game(&mut self) -> Res<GameAnalysis> {
        let board = self.board()?;
        let n = self.len(8)?;
        let decisions = (0..n).map(|_| self.decision()).collect::<Res<Vec<_>>>()?;
        let n = self.len(8)?;
        let rolls = (0..n).map(|_| self.roll()).collect::<Res<Vec<_>>>()?;
        let result = match self.u8()? {
            0 => None,
            1 => Some(GameOver {
                winner: self.opt_color()?,
                points: self.u32()?,
                kind: self.pick(&OUTCOMES, "a result")?,
                ending: self.pick(&ENDINGS, "an ending")?,
                cube: self.u32()?,
            }),
            _ => return bad("a flag is neither 0 nor 1"),
        };
        Ok(GameAnalysis {
            board,
            decisions,
            rolls,
            result,
            stats: ByColor {
                white: self.stats()?,
                black: self.stats()?,
            },
            plies: self.u32()?,
        })
    }
}

/// The form of one value: the header (with the value's kind, a letter) and what `f` writes.
fn encode(kind: u8, f: impl FnOnce(&mut W)) -> Vec<u8> {
    let mut w = W::default();
    w.0.extend_from_slice(MAGIC);
    w.u8(VERSION);
    w.u8(kind);
    f(&mut w);
    w.0
}

/// The value `f` reads from a form of `kind`, every byte used.
fn decode<T>(bytes: &[u8], kind: u8, f: impl FnOnce(&mut R<'_>) -> Res<T>) -> Res<T> {
    let mut r = R { bytes, at: 0 };
    if r.take(3).ok() != Some(MAGIC.as_slice()) || r.u8()? != VERSION || r.u8()? != kind {
        return bad("it does not start as one");
    }
    let value = f(&mut r)?;
    if r.at != bytes.len() {
        return bad("bytes are left after its end");
    }
    Ok(value)
}

impl MatchAnalysis {
    /// The analysis in its compact binary form (see the module's documentation).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(b'M', |w| {
            w.u32(self.plies);
            w.len(self.games.len());
            self.games.iter().for_each(|g| w.game(g));
        })
    }

    /// The analysis of [`MatchAnalysis::to_bytes`], equal to the one written.
    ///
    /// # Errors
    /// [`AnalysisWireError`] for bytes that are not such a form (truncated, damaged, another
    /// version or another value), naming what could not be read.
    pub fn from_bytes(bytes: &[u8]) -> Result<MatchAnalysis, AnalysisWireError> {
        decode(bytes, b'M', |r| {
            let plies = r.u32()?;
            let n = r.len(8)?;
            let games = (0..n).map(|_| r.game()).collect::<Res<Vec<_>>>()?;
            Ok(MatchAnalysis::from_games(games, plies))
        })
    }
}

/// The values inside an analysis, each in the same compact form on its own (`to_bytes`,
/// `from_bytes`, with the errors of [`MatchAnalysis::from_bytes`]).
macro_rules! wire_value {
    ($ty:ty, $kind:literal, $write:ident, $read:ident) => {
        impl $ty {
            /// The value in the compact binary form of an analysis (`analysis::wire`).
            #[must_use]
            pub fn to_bytes(&self) -> Vec<u8> {
                encode($kind, |w| w.$write(self))
            }

            /// The value of `to_bytes`, equal to the one written.
            ///
            /// # Errors
            /// [`AnalysisWireError`] for bytes that are not such a form.
            pub fn from_bytes(bytes: &[u8]) -> Result<$ty, AnalysisWireError> {
                decode(bytes, $kind, |r| r.$read())
            }
        }
    };
}

wire_value!(Decision, b'D', decision, decision);
wire_value!(RollLuck, b'R', roll, roll);
wire_value!(PlayerStats, b'S', stats, stats);
wire_value!(Candidate, b'C', candidate, candidate);
