//! One game walked action by action: each roll's luck, each checker play and each cube action
//! valued, as gnubg's `AnalyzeMove` and `updateStatcontext` do (its `analysis.c`).

use crate::analysis::record::{apply, AnalysisError, GameLog, Step};
use crate::analysis::search::{Analysable, Engine};
use crate::analysis::stats::{ErrorTally, PlayerStats};
use crate::analysis::value::Stake;
use crate::analysis::{
    is_close_cube, AnalysisConfig, Candidate, Decision, DecisionKind, GameAnalysis, LuckMark,
    RollLuck, Skill, DOUBTFUL,
};
use crate::base::color::{ByColor, Color};
use crate::base::dice::Dice;
use crate::base::moves::Play;
use crate::eval::net::NetEvaluator;
use crate::eval::Probabilities;
use crate::play::turn::TurnState;
use crate::policy::janowski::{remembering_on_roll, CubeDecision, TakerAction};
use crate::rules::backgammon::Backgammon;
use crate::rules::nardy::Nardy;
use crate::scoring::cube::{CubeRules, CubeState};
use crate::scoring::met::{match_winning_chance, MET_LENGTH};
use crate::scoring::scoreboard::Scoreboard;
use crate::variant_position::{VariantPlay, VariantPosition};

/// Analyses one game with `nets` (of the game's rules family) as `config` says.
///
/// # Errors
/// [`AnalysisError`] for an action the rules refuse (positioned by its index in
/// `log.steps`), or nets of another rules family than the game's.
pub fn analyze_game(
    log: &GameLog,
    nets: &NetEvaluator,
    config: &AnalysisConfig,
) -> Result<GameAnalysis, AnalysisError> {
    let family = log.start.position.variant().family();
    if nets.family != family {
        return Err(AnalysisError::wrong_net(format!(
            "the {} nets cannot analyse a {} game",
            nets.family.variant().name(),
            log.start.position.variant().name()
        )));
    }
    match log.start.position {
        VariantPosition::Backgammon(_) => remembering_on_roll(nets, MEMO_POSITIONS, || {
            Walk::<Backgammon>::new(nets, config, log).run(log)
        }),
        VariantPosition::Nardy(_) => Walk::<Nardy>::new(nets, config, log).run(log),
    }
}

/// The most positions whose cube-model probabilities a game's analysis remembers at a time
/// ([`remembering_on_roll`]: the searches of a game reach the same positions again and
/// again, and a position whose opponent is on the bar costs 21 evaluations of every play).
/// 7/8 of 2^20: the memo's table then stays at 2^20 slots, about 60 MB a thread.
const MEMO_POSITIONS: usize = 917_504;

/// The most plays a checker decision keeps (the best ones, and the played play among them).
pub const MAX_CANDIDATES: usize = 8;

/// The 0-ply values of the roll just rolled, kept from the luck for the play that follows.
struct Rolled<P> {
    position: P,
    move_number: u32,
    dice: Dice,
    plays: Vec<Play<P>>,
    probabilities: Vec<Probabilities>,
    equities: Vec<f64>,
}

/// A double awaiting its answer: the doubler's cube decision.
#[derive(Clone, Copy)]
struct Pending {
    doubler: Color,
    decision: CubeDecision,
    position: VariantPosition,
    cube: CubeState,
    move_number: u32,
}

/// The state of one game's analysis.
struct Walk<'a, P> {
    engine: Engine<'a, P>,
    config: &'a AnalysisConfig,
    board: Scoreboard,
    rules: CubeRules,
    decisions: Vec<Decision>,
    rolls: Vec<RollLuck>,
    stats: ByColor<PlayerStats>,
    rolled: Option<Rolled<P>>,
    pending: Option<Pending>,
    turns: ByColor<u32>,
    starter: Option<Color>,
}

impl<'a, P: Analysable> Walk<'a, P> {
    fn new(nets: &'a NetEvaluator, config: &'a AnalysisConfig, log: &GameLog) -> Walk<'a, P> {
        let start = &log.start;
        Walk {
            engine: Engine::new(nets, config.plies, config.prune_keep(nets)),
            config,
            board: start.board,
            rules: start.cube.rules,
            decisions: Vec::new(),
            rolls: Vec::new(),
            stats: ByColor::default(),
            rolled: None,
            pending: None,
            turns: ByColor::default(),
            starter: (!start.opening).then(|| start.position.turn()),
        }
    }

    fn run(mut self, log: &GameLog) -> Result<GameAnalysis, AnalysisError> {
        let mut state = log.start;
        for (i, step) in log.steps.iter().enumerate() {
            let next = apply(&state, step).map_err(|m| AnalysisError::at(i, step, m))?;
            self.step(i, step, &state, &next);
            state = next;
        }
        let result = state.result;
        if let Some(r) = result {
            if let Some(w) = r.winner {
                let won = self.result_value(w, r.points);
                self.stats[w].result += won;
                self.stats[!w].result -= won;
            }
        }
        for c in [Color::White, Color::Black] {
            let s = &mut self.stats[c];
            s.luck_adjusted = s.result - s.luck_cost;
        }
        let (w, b) = (self.stats.white.luck_cost, self.stats.black.luck_cost);
        self.stats.white.luck_adjusted += b;
        self.stats.black.luck_adjusted += w;
        Ok(GameAnalysis {
            board: self.board,
            decisions: self.decisions,
            rolls: self.rolls,
            result,
            stats: self.stats,
            plies: self.config.plies,
        })
    }

    /// What winning `points` is worth to the winner `w`: the gain in match winning chance
    /// (match; gnubg's actual result) or the points (money).
    fn result_value(&self, w: Color, points: u32) -> f64 {
        if let Some(m) = self
            .board
            .as_match()
            .filter(|m| m.length as usize <= MET_LENGTH)
        {
            let after = m.record(Some(w), points);
            if let (Some(a), Some(b)) =
                (match_winning_chance(&after, w), match_winning_chance(m, w))
            {
                return a - b;
            }
        }
        f64::from(points)
    }

    fn stake(&self, cube: CubeState) -> Stake {
        Stake::new(&self.board, cube, self.rules, P::HAS_CUBE)
    }

    /// The move number of `player`'s next turn, as a `.mat` file numbers its lines.
    fn move_number(&self, player: Color) -> u32 {
        let late = player == Color::Black && self.starter == Some(Color::White);
        self.turns[player] + 1 + u32::from(late)
    }

    fn step(
        &mut self,
        i: usize,
        step: &Step,
        before: &TurnState<VariantPosition>,
        after: &TurnState<VariantPosition>,
    ) {
        match step {
            Step::Roll(..) if before.opening => {
                if !after.opening {
                    self.starter = Some(after.turn());
                    self.roll(i, after, true);
                }
            }
            Step::Roll(..) => {
                if self.may_double(before) {
                    self.cube(i, before, DecisionKind::NoDouble);
                }
                self.roll(i, after, false);
            }
            Step::Double => {
                self.pending = None;
                if before.cube.offer.is_none() && self.may_double(before) {
                    self.cube(i, before, DecisionKind::Double);
                }
            }
            Step::Take | Step::Drop | Step::Beaver => {
                let normal = before.cube.offer.is_some_and(|o| o.redoubles == 0);
                if let (true, Some(p)) = (normal, self.pending.take()) {
                    let kind = match step {
                        Step::Take => DecisionKind::Take,
                        Step::Drop => DecisionKind::Drop,
                        _ => DecisionKind::Beaver,
                    };
                    self.answer(i, &p, kind);
                }
            }
            Step::Play(play) => self.play(i, before, play),
            Step::EmptyPlay => {
                let me = before.turn();
                self.stats[me].moves += 1;
                self.stats[me].checker_marks[0] += 1;
                self.rolled = None;
            }
            Step::Raccoon | Step::Resign(_) | Step::Accept | Step::Decline | Step::Surrender(_) => {
            }
        }
    }

    /// Whether the player on roll in `s` may double and the cube still matters to them
    /// (gnubg's `GetDPEq`: not in the Crawford game, not a dead cube, MATCH-3, MATCH-7).
    fn may_double(&self, s: &TurnState<VariantPosition>) -> bool {
        if P::of(&s.position).is_none() || !P::HAS_CUBE || !s.cube.rules.enabled {
            return false;
        }
        s.may_double() && self.stake(s.cube.state()).info(s.turn()).may_double()
    }

    /// The normalised values for `me` at 0 ply of their plays `plays` of a roll, whose
    /// probabilities are `probs` (the cube model's, exact for a game a play ends).
    fn leaves(
        engine: &mut Engine<'_, P>,
        stake: &Stake,
        me: Color,
        plays: &[Play<P>],
        probs: &[Probabilities],
    ) -> Vec<f64> {
        plays
            .iter()
            .zip(probs)
            .map(|(pl, pr)| P::leaf(engine, stake, me, pl.after(), pr))
            .collect()
    }

    /// The luck of the roll that `s` holds (the roller on roll with the dice).
    fn roll(&mut self, i: usize, s: &TurnState<VariantPosition>, opening: bool) {
        let (Some(pos), Some(dice)) = (P::of(&s.position), s.dice) else {
            return;
        };
        let me = pos.turn();
        let stake = self.stake(s.cube.state());
        let mut probs = Vec::new();
        // The best play's value of each roll for the player on roll in `p`.
        let best = |engine: &mut Engine<'_, P>, p: &P, r: Dice, probs: &mut Vec<Probabilities>| {
            let who = p.turn();
            engine.roll_values(p, r, probs);
            let afters: Vec<P> = engine.last_plays().iter().map(|pl| *pl.after()).collect();
            if afters.is_empty() {
                // No play: the position passes as it is.
                let v = engine.after(p, 0);
                return P::leaf(engine, &stake, who, p, &v);
            }
            afters
                .iter()
                .zip(probs.iter())
                .map(|(a, pr)| P::leaf(engine, &stake, who, a, pr))
                .fold(f64::NEG_INFINITY, f64::max)
        };
        let mut mean = 0.0;
        let mut actual = 0.0;
        if opening {
            // BG-10: the opening roll is a non-double, and either player may win it: gnubg's
            // LuckFirst averages over the 15 non-doubles for each.
            let other = pos.pass_turn();
            for r in Dice::OPENING_15 {
                let mine = best(&mut self.engine, &pos, r, &mut probs);
                let theirs = -best(&mut self.engine, &other, r, &mut probs);
                mean += (mine + theirs) / 30.0;
                if r == dice {
                    actual = mine;
                }
            }
        } else {
            for r in Dice::ALL_21 {
                let v = best(&mut self.engine, &pos, r, &mut probs);
                mean += f64::from(r.weight()) / 36.0 * v;
                if r == dice {
                    actual = v;
                }
            }
        }
        let (plays, probabilities) = self.engine.roll(&pos, dice);
        let equities = Self::leaves(&mut self.engine, &stake, me, &plays, &probabilities);
        let move_number = self.move_number(me);
        self.rolled = Some(Rolled {
            position: pos,
            move_number,
            dice,
            plays,
            probabilities,
            equities,
        });
        let luck = actual - mean;
        let mark = LuckMark::of(luck);
        let cost = stake.cost(me, luck);
        self.turns[me] += 1;
        let st = &mut self.stats[me];
        st.rolls += 1;
        st.luck += luck;
        st.luck_cost += cost;
        st.luck_marks[mark as usize] += 1;
        self.rolls.push(RollLuck {
            player: me,
            step: i,
            move_number,
            dice,
            opening,
            before: mean,
            luck,
            cost,
            standing: stake.standing(me, mean),
            mark,
        });
    }

    /// The checker play `play` of the player on roll in `s`.
    fn play(&mut self, i: usize, s: &TurnState<VariantPosition>, play: &VariantPlay) {
        let (Some(pos), Some(dice)) = (P::of(&s.position), s.dice) else {
            return;
        };
        let me = pos.turn();
        let stake = self.stake(s.cube.state());
        let rolled = match self.rolled.take() {
            Some(r) if r.position == pos && r.dice == dice => r,
            _ => {
                let (plays, probabilities) = self.engine.roll(&pos, dice);
                let equities = Self::leaves(&mut self.engine, &stake, me, &plays, &probabilities);
                Rolled {
                    position: pos,
                    move_number: self.move_number(me),
                    dice,
                    plays,
                    probabilities,
                    equities,
                }
            }
        };
        let target = play.after();
        let Some(played) = rolled
            .plays
            .iter()
            .position(|p| P::wrap(*p.after()) == target)
        else {
            return;
        };
        self.stats[me].moves += 1;
        if rolled.plays.len() < 2 {
            self.stats[me].checker_marks[0] += 1;
            return;
        }
        let (candidates, played_at) = self.rank(&stake, me, &rolled, played);
        let best = candidates[0].equity;
        let loss = (best - candidates[played_at].equity).max(0.0);
        let skill = Skill::of(loss);
        let cost = stake.cost(me, loss);
        let st = &mut self.stats[me];
        st.unforced += 1;
        st.checker_loss += loss;
        st.checker_cost += cost;
        st.checker_marks[skill as usize] += 1;
        self.decisions.push(Decision {
            kind: DecisionKind::Play,
            player: me,
            step: i,
            move_number: rolled.move_number,
            position: s.position,
            dice: Some(dice),
            cube: s.cube.state(),
            board: self.board,
            candidates,
            played: Some(played_at),
            legal_plays: rolled.plays.len(),
            cube_decision: None,
            loss,
            cost,
            skill,
        });
    }

    /// The plays of `rolled` valued as deep as the configuration says (gnubg's
    /// `FindnSaveBestMoves`): best first, with the index of the played play.
    fn rank(
        &mut self,
        stake: &Stake,
        me: Color,
        rolled: &Rolled<P>,
        played: usize,
    ) -> (Vec<Candidate>, usize) {
        let n = rolled.plays.len();
        let plies = self.config.plies;
        // (index, probabilities, equity, plies) of the plays still in the search.
        let mut values: Vec<(usize, Probabilities, f64, u32)> = (0..n)
            .map(|k| (k, rolled.probabilities[k], rolled.equities[k], 0))
            .collect();
        sort(&mut values);
        let mut depth = 0;
        let mut single = false;
        for k in 0..plies {
            let Some(f) = self.config.filter(k) else {
                continue;
            };
            if k > 0 {
                self.revalue(stake, me, rolled, &mut values, k);
            }
            let top = values[0].2;
            let keep = values
                .iter()
                .take(f.keep.max(1))
                .take_while(|v| v.2 >= top - f.within)
                .count()
                .max(1);
            values.truncate(keep);
            depth = k;
            if keep == 1 {
                single = true;
                break;
            }
        }
        if !single && plies > 0 {
            self.revalue(stake, me, rolled, &mut values, plies);
            depth = plies;
        }
        // The played play is valued at the depth of the others; a play that seems an error
        // at a shallower depth is checked at the full depth against the best (gnubg re-scores
        // both when they differ by more than the doubtful threshold).
        if !values.iter().any(|v| v.0 == played) {
            let mut p = vec![(
                played,
                rolled.probabilities[played],
                rolled.equities[played],
                0,
            )];
            if depth > 0 {
                self.revalue(stake, me, rolled, &mut p, depth);
            }
            values.push(p[0]);
        }
        if depth < plies {
            let best = values[0].2;
            let mine = values.iter().find(|v| v.0 == played).map_or(best, |v| v.2);
            let top = values[0].0;
            if top != played && best - mine > DOUBTFUL {
                values.retain(|v| v.0 == played || v.0 == top);
                self.revalue(stake, me, rolled, &mut values, plies);
            }
        }
        sort(&mut values);
        // Kept: the best few and the played play (gnubg keeps as many for its move lists).
        if let Some(at) = values.iter().position(|v| v.0 == played) {
            if at >= MAX_CANDIDATES {
                values.swap(MAX_CANDIDATES - 1, at);
            }
        }
        values.truncate(MAX_CANDIDATES);
        let played_at = values.iter().position(|v| v.0 == played).unwrap_or(0);
        let candidates = values
            .iter()
            .map(|&(k, probabilities, equity, plies)| Candidate {
                play: P::wrap_play(rolled.plays[k]),
                probabilities,
                equity,
                plies,
            })
            .collect();
        (candidates, played_at)
    }

    /// Values `values`' plays again at `plies`.
    fn revalue(
        &mut self,
        stake: &Stake,
        me: Color,
        rolled: &Rolled<P>,
        values: &mut [(usize, Probabilities, f64, u32)],
        plies: u32,
    ) {
        for v in values.iter_mut() {
            if v.3 >= plies {
                continue;
            }
            let (probs, equity) = P::searched(
                &mut self.engine,
                stake,
                me,
                &rolled.position,
                &rolled.plays[v.0],
                plies,
            );
            *v = (v.0, probs, equity, plies);
        }
        sort(values);
    }

    /// The cube decision of the player on roll in `s` (who rolled or doubled: `kind`): the
    /// cube search's (`gammon.cube_decision` at the analysis's depth).
    fn cube(&mut self, i: usize, s: &TurnState<VariantPosition>, kind: DecisionKind) {
        let Some(pos) = P::of(&s.position) else {
            return;
        };
        let me = pos.turn();
        let stake = self.stake(s.cube.state());
        let Some(d) = P::cube_decision(&mut self.engine, &pos, &stake.info(me), self.config.plies)
        else {
            return;
        };
        let best = d.best();
        let loss = match kind {
            DecisionKind::Double => (best - d.doubled()).max(0.0),
            _ => (best - d.no_double).max(0.0),
        };
        let cost = stake.cost(me, loss);
        let skill = Skill::of(loss);
        let move_number = self.move_number(me);
        let st = &mut self.stats[me];
        st.cube_decisions += 1;
        if kind == DecisionKind::Double || is_close_cube(&d) {
            st.close_cube += 1;
        }
        if kind == DecisionKind::Double {
            st.doubles += 1;
            self.pending = Some(Pending {
                doubler: me,
                decision: d,
                position: s.position,
                cube: s.cube.state(),
                move_number,
            });
        }
        if loss > 0.0 {
            let tally: &mut ErrorTally = match kind {
                // gnubg: a missed double "above the cash point" when the taker should pass.
                DecisionKind::NoDouble if d.double_take > d.double_pass => {
                    &mut st.missed_double_above_cash
                }
                DecisionKind::NoDouble => &mut st.missed_double_below_cash,
                // A wrong double "above the too-good point" when playing on beats cashing.
                _ if d.no_double > d.double_pass => &mut st.wrong_double_above_too_good,
                _ => &mut st.wrong_double_below_double_point,
            };
            tally.add(loss, cost);
            st.cube_loss += loss;
            st.cube_cost += cost;
        }
        st.cube_marks[skill as usize] += 1;
        self.decisions.push(Decision {
            kind,
            player: me,
            step: i,
            move_number,
            position: s.position,
            dice: None,
            cube: s.cube.state(),
            board: self.board,
            candidates: Vec::new(),
            played: None,
            legal_plays: 0,
            cube_decision: Some(d),
            loss,
            cost,
            skill,
        });
    }

    /// The doubled player's answer to the double `p`: what it gives the doubler against
    /// the proper answer's (a beaver the model's value of the redoubled cube, twice DT).
    fn answer(&mut self, i: usize, p: &Pending, kind: DecisionKind) {
        let me = !p.doubler;
        let d = p.decision;
        let taken = match kind {
            DecisionKind::Drop => TakerAction::Pass,
            DecisionKind::Beaver => TakerAction::Beaver,
            _ => TakerAction::Take,
        };
        let loss = (d.answered(taken) - d.answered(d.taker)).max(0.0);
        let stake = self.stake(p.cube);
        let cost = stake.cost(me, loss);
        let skill = Skill::of(loss);
        let st = &mut self.stats[me];
        st.cube_decisions += 1;
        st.close_cube += 1;
        match kind {
            DecisionKind::Drop => st.drops += 1,
            _ => st.takes += 1,
        }
        if loss > 0.0 {
            let tally = match kind {
                DecisionKind::Drop => &mut st.wrong_drop,
                _ => &mut st.wrong_take,
            };
            tally.add(loss, cost);
            st.cube_loss += loss;
            st.cube_cost += cost;
        }
        st.cube_marks[skill as usize] += 1;
        self.decisions.push(Decision {
            kind,
            player: me,
            step: i,
            move_number: p.move_number,
            position: p.position,
            dice: None,
            cube: p.cube,
            board: self.board,
            candidates: Vec::new(),
            played: None,
            legal_plays: 0,
            cube_decision: Some(d),
            loss,
            cost,
            skill,
        });
    }
}

/// Sorts plays best first (the deepest values first, then by equity; ties by the order of the
/// legal plays).
fn sort(values: &mut [(usize, Probabilities, f64, u32)]) {
    values.sort_by(|a, b| b.3.cmp(&a.3).then(b.2.total_cmp(&a.2)).then(a.0.cmp(&b.0)));
}
