//! Variance reduction by the luck of the dice, as GNU Backgammon does it in rollouts (the GNU
//! Backgammon manual, "Rollouts": variance reduction "uses the evaluator to estimate the luck
//! of each roll and subtracts it from the result").
//!
//! Before each turn, [`EvalLuck`] values every roll the player on roll could have thrown: a
//! roll is worth the best position it allows (the greatest of the evaluator's cubeless
//! equities after its legal plays, or the points of a game it ends), and its luck is its worth
//! minus the average worth of all 21 rolls (of the 15 non-doubles for an opening roll, BG-10).
//! The game's result minus the luck summed over its turns has the same expectation as the
//! result, whatever the evaluator (the luck of each roll averages to zero over the dice), and
//! a much smaller variance when the evaluator is good: the rollout needs fewer games for the
//! same standard error. The policies' own plays are untouched; the evaluator only measures.
//!
//! Valuing every play of all 21 rolls is the whole cost (with the net, about 25 times the plays
//! of the roll actually played). A [`Screen`] chooses a few of each roll's plays by cheap
//! rankings first (in backgammon, pubeval's and the pruning net's: [`Screening`]) and lets the
//! evaluator value those only: a roll is then worth the best of those. The luck
//! stays exactly zero on average over the rolls (any value of a roll does), so the result stays
//! unbiased; it measures a little less of the luck, at a fraction of the cost.

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::moves::{Play, PlayList};
use crate::eval::Evaluator;
use crate::play::game::Luck;
use crate::rules::position::Position;
use crate::scoring::referee::Referee;

thread_local! {
    /// The equities of one roll's plays (reused: no allocation per roll).
    static EQUITIES: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The indices of the plays a screen keeps of one roll (reused).
    static KEPT: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The screen's buffers (reused from roll to roll, [`Screening::select`]).
    static SCREEN_BUFFERS: std::cell::RefCell<ScreenBuffers> = std::cell::RefCell::new(ScreenBuffers::default());
}

/// Writes to the vector the indices of the plays of a roll (the slice, plays of the position)
/// that the evaluator values, at least one (see the module documentation).
pub type ScreenSelect<'a, P> = &'a (dyn Fn(&P, &[Play<P>], &mut Vec<u32>) + Sync);

/// A cheap choice of a roll's plays, so that the evaluator values only those (see the module
/// documentation).
pub struct Screen<'a, P> {
    /// Writes the indices of the plays of a roll the evaluator values.
    pub select: ScreenSelect<'a, P>,
}

/// How backgammon's variance reduction with the net screens a roll's plays: pubeval ranks them
/// all and keeps its best few; in contact, the pruning net (the one the searches prune with,
/// [`crate::eval::net::shipped_pruner`]) ranks those and the net values its best few; in a race,
/// the net values pubeval's best few (its race weights).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screening {
    /// The plays of a contact roll pubeval keeps for the pruning net (at least 1).
    pub pubeval_keep: usize,
    /// The plays of a contact roll the pruning net keeps for the evaluator of pubeval's (at least
    /// 1; `None`: no pruning net, pubeval's are valued).
    pub prune_keep: Option<usize>,
    /// The plays of a race roll pubeval keeps for the evaluator (at least 1).
    pub race_keep: usize,
}

/// The screen of backgammon's variance reduction with the net ([`Screening`]): pubeval's best 4
/// plays of a contact roll, ranked by the pruning net, which keeps 1; pubeval's best play of a
/// race roll. Measured on net self-play from the opening
/// (`measure_the_luck_by_screen_and_coefficient`, 2,000 games): the pruning net ranks far better
/// than pubeval (its best play keeps a 10.7-fold variance cut of the 11.9 of valuing every
/// play, pubeval's best 5.3, its best 4 10.8) at several times pubeval's cost a play, so
/// pubeval keeps a few for it. Its best 4 rather than 6, and one play of a race roll rather
/// than 2, measure a little less of the luck (a 10.8-fold cut of a game's variance in place of
/// 11.7, `measure_the_luck_by_turn`, 3,000 games) for less of the cost (about 12% of a
/// reduced rollout's): more precision a second.
pub const SCREENING: Screening = Screening {
    pubeval_keep: 4,
    prune_keep: Some(1),
    race_keep: 1,
};

/// The screen's buffers: those of the one pruned pick, and the pruning net's ranker, made once
/// a position.
#[derive(Default)]
struct ScreenBuffers {
    pick: crate::policy::PickBuffers,
    ranker: Option<(
        crate::rules::backgammon::Backgammon,
        crate::eval::net::Ranker<'static>,
    )>,
}

impl Screening {
    /// Writes to `kept` the indices of the plays of `plays` (plays of `before`) this screening
    /// keeps for the evaluator (all of them when it keeps as many), and returns how many the
    /// pruning net `pruner` ranked: the one pruned pick of the searches
    /// (`pick_screened` of the policy layer), pubeval's best with its race or contact weights,
    /// then in contact the pruning net's best of those, a play that ends the game first.
    pub fn select(
        self,
        pruner: &'static crate::eval::net::NetEvaluator,
        before: &crate::rules::backgammon::Backgammon,
        plays: &[Play<crate::rules::backgammon::Backgammon>],
        kept: &mut Vec<u32>,
    ) -> usize {
        let race = crate::policy::is_race(before);
        let (screen, keep) = if race {
            (self.race_keep.max(1), None)
        } else {
            (self.pubeval_keep.max(1), self.prune_keep)
        };
        SCREEN_BUFFERS.with_borrow_mut(|ScreenBuffers { pick, ranker }| {
            let rank = |ranked: &[Play<crate::rules::backgammon::Backgammon>],
                        scores: &mut Vec<f32>| {
                let ranker = match ranker {
                    Some((pos, r)) => {
                        if pos != before {
                            *pos = *before;
                            r.reset(pruner, before);
                        }
                        r
                    }
                    none => {
                        let r = crate::eval::net::Ranker::fused(pruner, before);
                        &mut none.insert((*before, r)).1
                    }
                };
                ranker.pruning_scores(ranked, scores);
            };
            crate::policy::pick_screened(before, plays, race, screen, keep, rank, pick, kept)
        })
    }
}

/// The screen of backgammon's variance reduction with the net: [`SCREENING`], with the shipped
/// pruning net ([`crate::eval::net::shipped_pruner`], read here if it was not yet).
///
/// # Errors
/// [`crate::eval::net::NetFileError`] if the shipped pruning net does not read (the file
/// `nets/backgammon-prune.gnet`, built into the crate): a variance reduction by the net cannot
/// screen as it should, and does not start.
pub fn pruning_screen(
) -> Result<Screen<'static, crate::rules::backgammon::Backgammon>, crate::eval::net::NetFileError> {
    shipped_pruner()?;
    Ok(Screen {
        select: &|before, plays, kept| {
            SCREENING.select(shipped_pruner().expect(READ), before, plays, kept);
        },
    })
}

/// Why the shipped pruning net is there once [`pruning_screen`] has returned a screen.
const READ: &str = "the shipped pruning net was read before its screen was made";

/// The shipped backgammon pruning net (read once, its outcome kept).
fn shipped_pruner(
) -> Result<&'static crate::eval::net::NetEvaluator, crate::eval::net::NetFileError> {
    crate::eval::net::shipped_pruner(crate::base::variant::RulesFamily::Backgammon)
        .map(|p| p.expect("backgammon has a shipped pruning net"))
}

/// Values the 21 rolls of a position at once, for [`EvalLuck::rolls`]: writes the value of
/// each roll ([`Dice::ALL_21`]'s order) to the player on roll and returns true, or returns
/// false to leave the position to the evaluator.
pub type RollValues<'a, P> = &'a (dyn Fn(&P, &mut [f32; 21]) -> bool + Sync);

/// The rolls of `pos` valued as a search of `nets` has valued them, for [`EvalLuck::rolls`]:
/// when the searched `"net"` policy that played the last turn on this thread chose, at 1 or 2
/// plies, the play that led to `pos`, with the nets `nets` and the pruning `prune` (a pruning
/// net and how many replies of a roll it keeps), it valued every roll of `pos` to choose it:
/// the cubeless equity after the roll's best reply at 0 ply (pruned in contact; a roll that
/// cannot be played read one roll further), at 2 plies that reply searched one ply further.
/// Those values are taken, and the luck of the turn costs nothing. Returns false (the
/// position left to the evaluator) otherwise: after a 0-ply play, a play without a rival
/// within the move filter, a play the nets value exactly, or another policy's.
pub fn searched_roll_values<P: crate::eval::net::NetPosition>(
    nets: &crate::eval::net::NetEvaluator,
    prune: Option<(&crate::eval::net::NetEvaluator, usize)>,
    pos: &P,
    out: &mut [f32; 21],
) -> bool
where
    crate::eval::net::NetEvaluator: crate::eval::net::AfterState<P>,
{
    crate::policy::roll_values(nets, prune, pos, out, || None)
}

/// The luck of each roll measured by an evaluator (see the module documentation).
pub struct EvalLuck<'a, P, R> {
    /// The evaluator that values positions.
    pub evaluator: &'a dyn Evaluator<P>,
    /// Scores the games a roll ends.
    pub referee: &'a R,
    /// The player who started the game (Long Nardy's roles, LN-8; White by default).
    pub starter: Color,
    /// Values only the plays the screen ranks best (`None`: every play).
    pub screen: Option<Screen<'a, P>>,
    /// Values the 21 rolls at once instead of the evaluator and the screen (such as
    /// [`searched_roll_values`]); `None`: the evaluator values each roll's plays.
    pub rolls: Option<RollValues<'a, P>>,
}

impl<P: Position, R: Referee<P>> EvalLuck<'_, P, R> {
    /// What `roll` is worth to the player on roll in `pos`, in points at stake 1.
    pub fn roll_value(&self, pos: &P, roll: Dice, buf: &mut PlayList<P>) -> f64 {
        let mut value = [0.0];
        self.roll_values(pos, &[roll], buf, &mut value);
        value[0]
    }

    /// What each of `rolls` is worth to the player on roll in `pos` ([`EvalLuck::roll_value`]
    /// of each, the same floats), written to `out` in their order. The plays the evaluator
    /// values, those the screen keeps of every roll, are valued in one call: they are all
    /// plays of `pos`, and the net's ranker makes the position's first-layer sums once for
    /// all of them instead of once a roll.
    pub fn roll_values(&self, pos: &P, rolls: &[Dice], buf: &mut PlayList<P>, out: &mut [f64]) {
        let mover = pos.turn();
        // The evaluator's plays of all the rolls, and each roll's range of them (empty when
        // the roll cannot be played: its value is then in `out` already).
        let mut kept: Vec<Play<P>> = Vec::with_capacity(rolls.len() * 4);
        let mut spans = [(0usize, 0usize); 21];
        // The value of a roll that cannot be played (the same for every such roll).
        let mut passed = None;
        for (i, &roll) in rolls.iter().enumerate() {
            pos.legal_plays_into(roll, buf);
            if buf.is_empty() {
                out[i] = *passed.get_or_insert_with(|| self.value_after(mover, &pos.pass_turn()));
                spans[i] = (kept.len(), kept.len());
                continue;
            }
            let start = kept.len();
            self.screened(pos, buf.as_slice(), &mut kept);
            spans[i] = (start, kept.len());
        }
        EQUITIES.with_borrow_mut(|equities| {
            self.evaluator.play_equities(pos, &kept, equities);
            for (i, &(a, b)) in spans.iter().enumerate().take(rolls.len()) {
                if a == b {
                    continue;
                }
                let mut best = f64::NEG_INFINITY;
                for (play, &e) in kept[a..b].iter().zip(&equities[a..b]) {
                    let next = pos.play_unchecked(play);
                    let v = if next.is_game_over() {
                        self.value_after(mover, &next)
                    } else {
                        f64::from(e)
                    };
                    if v > best {
                        best = v;
                    }
                }
                out[i] = best;
            }
        });
    }

    /// Appends to `kept` the plays of `plays` (of `pos`) the evaluator values: those the screen
    /// selects (all of them without a screen, or when it selects none).
    fn screened(&self, pos: &P, plays: &[Play<P>], kept: &mut Vec<Play<P>>) {
        let Some(screen) = &self.screen else {
            kept.extend_from_slice(plays);
            return;
        };
        KEPT.with_borrow_mut(|idx| {
            (screen.select)(pos, plays, idx);
            if idx.is_empty() {
                kept.extend_from_slice(plays);
            } else {
                kept.extend(idx.iter().map(|&i| plays[i as usize]));
            }
        });
    }

    /// The value for `mover` of `next` (the position after its play, the opponent on roll).
    fn value_after(&self, mover: Color, next: &P) -> f64 {
        if next.is_game_over() {
            let r = self.referee.score(next, self.starter);
            return match r.winner {
                Some(w) if w == mover => f64::from(r.points),
                Some(_) => -f64::from(r.points),
                None => 0.0,
            };
        }
        -f64::from(self.evaluator.evaluate(next).equity())
    }
}

impl<P: Position, R: Referee<P>> Luck<P> for EvalLuck<'_, P, R> {
    fn new_game(&self) {
        if self.rolls.is_some() {
            crate::policy::forget_roll_values();
        }
    }

    fn luck(&self, pos: &P, roll: Dice, opening: bool, buf: &mut PlayList<P>) -> f64 {
        let rolls: &[Dice] = if opening {
            &Dice::OPENING_15
        } else {
            &Dice::ALL_21
        };
        let mut values = [0f32; 21];
        if self
            .rolls
            .is_some_and(|values_of| values_of(pos, &mut values))
        {
            let value = |r: Dice| {
                let i = Dice::ALL_21.iter().position(|&d| d == r).unwrap_or(0);
                f64::from(values[i])
            };
            let mean: f64 = if opening {
                rolls.iter().map(|&r| value(r)).sum::<f64>() / 15.0
            } else {
                rolls
                    .iter()
                    .map(|&r| f64::from(r.weight()) / 36.0 * value(r))
                    .sum()
            };
            return value(roll) - mean;
        }
        let mut values = [0f64; 21];
        let values = &mut values[..rolls.len()];
        self.roll_values(pos, rolls, buf, values);
        let mut mean = 0.0;
        let mut actual = None;
        for (&r, &v) in rolls.iter().zip(values.iter()) {
            let w = if opening {
                1.0 / 15.0
            } else {
                f64::from(r.weight()) / 36.0
            };
            mean += w * v;
            if r == roll {
                actual = Some(v);
            }
        }
        let actual = actual.unwrap_or_else(|| self.roll_value(pos, roll, buf));
        actual - mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::setup::Setup;
    use crate::base::variant::Variant;
    use crate::eval::bearoff::BearoffEvaluator;
    use crate::rules::backgammon::Backgammon;
    use crate::scoring::referee::StandardReferee;

    /// The rolls of game 0 of seed `seed`, as a rollout throws them (an opening roll, BG-10,
    /// when asked): the tests' reproducible dice.
    fn seeded_rolls(seed: u64) -> impl FnMut(bool) -> Dice {
        let mut rng = crate::base::rng::game_stream(seed, 0, crate::base::rng::Stream::Dice);
        move |opening| {
            if opening {
                crate::base::rng::opening_roll(&mut rng)
            } else {
                crate::base::rng::roll(&mut rng)
            }
        }
    }

    /// The net's play of `roll` from `pos` (a pass when there is none), with the number of
    /// legal plays.
    pub(super) fn net_step(
        nets: &crate::eval::net::NetEvaluator,
        pos: &Backgammon,
        roll: Dice,
    ) -> (Backgammon, usize) {
        let plays = pos.legal_plays(roll);
        let next = if plays.is_empty() {
            pos.pass_turn()
        } else {
            pos.play_unchecked(&plays[nets.best_play_from(pos, plays.as_slice())])
        };
        (next, plays.len())
    }

    /// White's points in a finished game (negative when Black won).
    pub(super) fn white_points(end: &Backgammon) -> i32 {
        let r = StandardReferee.score(end, Color::White);
        match r.winner {
            Some(Color::White) => i32::from(r.points),
            Some(_) => -i32::from(r.points),
            None => 0,
        }
    }

    /// Plays a game from the opening with the seeded rolls of `seed`, each turn the shipped
    /// net's best play, calling `visit` with each position before its roll and the roll;
    /// returns how many turns were visited.
    fn walk_net_game(seed: u64, mut visit: impl FnMut(&Backgammon, Dice)) -> usize {
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let mut roll_dice = seeded_rolls(seed);
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut turns = 0;
        while !pos.is_game_over() {
            let roll = roll_dice(turns == 0);
            visit(&pos, roll);
            turns += 1;
            pos = net_step(nets, &pos, roll).0;
        }
        turns
    }

    /// The shipped net through [`Evaluator::evaluate`] only (the default `play_equities`).
    struct OnePositionAtATime(&'static crate::eval::net::NetEvaluator);

    impl Evaluator<Backgammon> for OnePositionAtATime {
        fn evaluate(&self, pos: &Backgammon) -> crate::eval::Probabilities {
            self.0.evaluate(pos)
        }
    }

    #[test]
    fn the_nets_valuing_a_rolls_plays_together_measure_the_same_luck() {
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let slow = OnePositionAtATime(nets);
        let together = EvalLuck {
            evaluator: nets,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        let apart = EvalLuck {
            evaluator: &slow,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let checked = walk_net_game(11, |pos, roll| {
            let (a, b) = (
                together.luck(pos, roll, false, &mut buf),
                apart.luck(pos, roll, false, &mut buf),
            );
            assert!((a - b).abs() < 1e-4, "{a} vs {b} at {pos:?}");
        });
        assert!(checked > 20);
    }

    #[test]
    fn luck_averages_to_zero_over_the_rolls_and_rewards_doubles_in_a_race() {
        let pos = Backgammon::from_setup(&Setup::from_points(
            Variant::Backgammon,
            Color::White,
            &[(6, 2), (5, 2), (4, 2)],
            &[(6, 2), (5, 2), (3, 2)],
        ))
        .unwrap();
        let luck = EvalLuck {
            evaluator: &BearoffEvaluator,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut mean = 0.0;
        for r in Dice::ALL_21 {
            mean += f64::from(r.weight()) / 36.0 * luck.luck(&pos, r, false, &mut buf);
        }
        assert!(mean.abs() < 1e-9, "{mean}");
        let six_six = luck.luck(&pos, Dice::new(6, 6).unwrap(), false, &mut buf);
        let two_one = luck.luck(&pos, Dice::new(2, 1).unwrap(), false, &mut buf);
        assert!(six_six > 0.3 && two_one < 0.0, "{six_six} {two_one}");
        // BG-10: the opening average is over the 15 non-doubles.
        let mut mean = 0.0;
        for r in Dice::OPENING_15 {
            mean += luck.luck(&pos, r, true, &mut buf) / 15.0;
        }
        assert!(mean.abs() < 1e-9, "{mean}");
    }

    #[test]
    fn bg10_luck_from_roll_values_averages_to_zero_and_falls_back_to_the_evaluator() {
        let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        // Any values of the rolls: the luck is a roll's less their average.
        let values = |p: &Backgammon, out: &mut [f32; 21]| {
            for (i, v) in out.iter_mut().enumerate() {
                *v = (i as f32 * 0.7).sin();
            }
            p.turn() == Color::White
        };
        let luck = EvalLuck {
            evaluator: &BearoffEvaluator,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: Some(&values),
        };
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut mean = 0.0;
        for r in Dice::ALL_21 {
            mean += f64::from(r.weight()) / 36.0 * luck.luck(&pos, r, false, &mut buf);
        }
        assert!(mean.abs() < 1e-9, "{mean}");
        // BG-10: the opening average is over the 15 non-doubles.
        let mut mean = 0.0;
        for r in Dice::OPENING_15 {
            mean += luck.luck(&pos, r, true, &mut buf) / 15.0;
        }
        assert!(mean.abs() < 1e-9, "{mean}");
        let six_five = Dice::new(6, 5).unwrap();
        let i = Dice::ALL_21.iter().position(|&d| d == six_five).unwrap();
        let want = f64::from((i as f32 * 0.7).sin())
            - Dice::ALL_21
                .iter()
                .enumerate()
                .map(|(j, d)| f64::from(d.weight()) / 36.0 * f64::from((j as f32 * 0.7).sin()))
                .sum::<f64>();
        assert!((luck.luck(&pos, six_five, false, &mut buf) - want).abs() < 1e-9);
        // Black's turn is left to the evaluator, as without the values.
        let black = pos.pass_turn();
        let plain = EvalLuck {
            evaluator: &BearoffEvaluator,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        assert_eq!(
            luck.luck(&black, six_five, false, &mut buf),
            plain.luck(&black, six_five, false, &mut buf)
        );
    }

    #[test]
    fn a_searched_policy_lends_the_roll_values_of_the_play_it_chose_bit_for_bit() {
        use crate::base::variant::RulesFamily;
        use crate::policy::{NetPolicy, Policy, DEFAULT_PRUNE_KEEP};
        let pruner = crate::eval::net::shipped_pruner(RulesFamily::Backgammon)
            .unwrap()
            .unwrap();
        let prune = Some((pruner, DEFAULT_PRUNE_KEEP));
        // At 2 plies the values are those of a 2-ply search (each roll's reply searched one
        // ply further), not a 1-ply search's and not nothing.
        for (plies, turns) in [(1, 40), (2, 24)] {
            let policy = NetPolicy::shipped(RulesFamily::Backgammon)
                .unwrap()
                .with_plies(plies);
            let nets = policy.nets();
            let mut rng = crate::base::rng::game_stream(3, 0, crate::base::rng::Stream::Choices);
            let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
            let mut roll_dice = seeded_rolls(3);
            let (mut lent, mut fresh, mut shallow) = ([0f32; 21], [0f32; 21], [0f32; 21]);
            let mut hits = 0;
            for _ in 0..turns {
                if pos.is_game_over() {
                    break;
                }
                let roll = roll_dice(false);
                let plays = pos.legal_plays(roll);
                pos = match plays.len() {
                    0 => pos.pass_turn(),
                    _ => pos.play_unchecked(
                        &plays[policy.choose(&pos, roll, &plays, &mut rng).unwrap()],
                    ),
                };
                if searched_roll_values(nets, prune, &pos, &mut lent) {
                    hits += 1;
                    // What a search of the position on roll `plies` deep values its rolls at.
                    let compute = || Some(plies);
                    assert!(crate::policy::roll_values(
                        nets, prune, &pos, &mut fresh, compute
                    ));
                    assert_eq!(lent, fresh, "{plies} plies: {pos:?}");
                    if plies == 2 {
                        let one = || Some(1);
                        assert!(crate::policy::roll_values(
                            nets,
                            prune,
                            &pos,
                            &mut shallow,
                            one
                        ));
                        assert_ne!(lent, shallow, "{pos:?}");
                    }
                    // Lent once, for that position only.
                    assert!(!searched_roll_values(nets, prune, &pos, &mut lent));
                }
            }
            assert!(hits >= 5, "{plies} plies: {hits}");
            // Other pruning, other values: nothing lent.
            let plays = pos.legal_plays(Dice::new(3, 1).unwrap());
            if !pos.is_game_over() && plays.len() > 1 {
                let i = policy
                    .choose(&pos, Dice::new(3, 1).unwrap(), &plays, &mut rng)
                    .unwrap();
                let next = pos.play_unchecked(&plays[i]);
                assert!(!searched_roll_values(
                    nets,
                    Some((pruner, 1)),
                    &next,
                    &mut lent
                ));
            }
        }
    }

    #[test]
    fn the_rolls_valued_together_are_worth_what_each_is_alone_bit_for_bit() {
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let pubeval = crate::policy::Pubeval::new();
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut scores = Vec::new();
        for screen in [None, Some(pruning_screen().unwrap())] {
            let luck = EvalLuck {
                evaluator: nets,
                referee: &StandardReferee,
                starter: Color::White,
                screen,
                rolls: None,
            };
            let checked = walk_net_game(13, |pos, _| {
                let mut together = [0.0; 21];
                luck.roll_values(pos, &Dice::ALL_21, &mut buf, &mut together);
                for (&r, &v) in Dice::ALL_21.iter().zip(&together) {
                    assert_eq!(v.to_bits(), luck.roll_value(pos, r, &mut buf).to_bits());
                    // pubeval's scores of a roll's plays together are its scores alone.
                    let plays = pos.legal_plays(r);
                    let race = crate::policy::is_race(pos);
                    pubeval.scores_from(pos, plays.as_slice(), race, &mut scores);
                    assert_eq!(scores.len(), plays.len());
                    for (p, s) in plays.iter().zip(&scores) {
                        assert_eq!(s.to_bits(), pubeval.score(p.after(), race).to_bits());
                    }
                }
            });
            assert!(checked > 20);
        }
    }

    #[test]
    fn the_screen_keeps_the_pruning_nets_best_of_pubevals_best_in_contact_and_pubevals_in_races() {
        let pruner =
            crate::eval::net::shipped_pruner(crate::base::variant::RulesFamily::Backgammon)
                .unwrap()
                .unwrap();
        let pubeval = crate::policy::Pubeval::new();
        let mut kept = Vec::new();
        let mut scores = Vec::new();
        let (mut pruned, mut races) = (0, 0);
        walk_net_game(14, |pos, _| {
            let race = crate::policy::is_race(pos);
            for r in Dice::ALL_21 {
                let plays = pos.legal_plays(r);
                if plays.is_empty() {
                    continue;
                }
                SCREENING.select(pruner, pos, plays.as_slice(), &mut kept);
                // pubeval's best (its greatest scores, the earlier play of equals first).
                pubeval.scores_from(pos, plays.as_slice(), race, &mut scores);
                let mut order: Vec<usize> = (0..plays.len()).collect();
                order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
                let first = if race {
                    SCREENING.race_keep
                } else {
                    SCREENING.pubeval_keep
                };
                order.truncate(first);
                let keep = SCREENING.prune_keep.unwrap_or(first);
                if race || order.len() <= keep {
                    races += usize::from(race);
                    let mut got: Vec<usize> = kept.iter().map(|&i| i as usize).collect();
                    got.sort_unstable();
                    order.sort_unstable();
                    assert_eq!(got, order, "{pos:?} {r:?}");
                    continue;
                }
                // Of those, the pruning net's best, by a ranker made for this roll alone.
                let mine: Vec<_> = order.iter().map(|&i| plays[i]).collect();
                let mut ranks = Vec::new();
                crate::eval::net::Ranker::fused(pruner, pos).pruning_scores(&mine, &mut ranks);
                let mut by_net: Vec<usize> = (0..mine.len()).collect();
                by_net.sort_by(|&a, &b| ranks[b].total_cmp(&ranks[a]));
                let mut want: Vec<usize> = by_net[..keep].iter().map(|&j| order[j]).collect();
                let mut got: Vec<usize> = kept.iter().map(|&i| i as usize).collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{pos:?} {r:?}");
                pruned += 1;
            }
        });
        assert!(pruned > 100 && races > 10, "{pruned} {races}");
    }

    /// The weighted mean of `luck` over the rolls: zero up to rounding (the 21-roll average
    /// of a roll's luck is zero by construction; BG-10: the 15 non-doubles for an opening).
    fn mean_luck(luck: &EvalLuck<'_, Backgammon, StandardReferee>, pos: &Backgammon) -> f64 {
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        Dice::ALL_21
            .iter()
            .map(|&r| f64::from(r.weight()) / 36.0 * luck.luck(pos, r, false, &mut buf))
            .sum()
    }

    #[test]
    fn bg10_the_nets_luck_averages_to_zero_over_the_rolls_in_contact_and_race() {
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let luck = EvalLuck {
            evaluator: nets,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        let screened = EvalLuck {
            evaluator: nets,
            referee: &StandardReferee,
            starter: Color::White,
            screen: Some(pruning_screen().unwrap()),
            rolls: None,
        };
        let checked = walk_net_game(12, |pos, _| {
            let mean = mean_luck(&luck, pos);
            assert!(mean.abs() < 1e-9, "{mean} at {pos:?}");
            let mean = mean_luck(&screened, pos);
            assert!(mean.abs() < 1e-9, "screened: {mean} at {pos:?}");
        });
        assert!(checked > 20);
    }

    /// One roll's plays and the evaluator's value of each (the points of a game it ends);
    /// `passed`: the value of a roll that cannot be played.
    struct RollPlays {
        plays: Vec<Play<Backgammon>>,
        values: Vec<f64>,
        passed: Option<f64>,
    }

    /// The [`RollPlays`] of `roll` in `pos`, the time the net took added to `clock` (seconds).
    fn roll_plays(
        luck: &EvalLuck<'_, Backgammon, StandardReferee>,
        pos: &Backgammon,
        roll: Dice,
        clock: &mut f64,
    ) -> RollPlays {
        let plays = pos.legal_plays(roll);
        let mut rp = RollPlays {
            plays: plays.as_slice().to_vec(),
            values: Vec::new(),
            passed: None,
        };
        if plays.is_empty() {
            rp.passed = Some(luck.value_after(pos.turn(), &pos.pass_turn()));
            return rp;
        }
        let mut equities = Vec::new();
        let t = std::time::Instant::now();
        luck.evaluator
            .play_equities(pos, plays.as_slice(), &mut equities);
        *clock += t.elapsed().as_secs_f64();
        rp.values = plays
            .iter()
            .zip(&equities)
            .map(|(play, &e)| {
                let next = pos.play_unchecked(play);
                if next.is_game_over() {
                    luck.value_after(pos.turn(), &next)
                } else {
                    f64::from(e)
                }
            })
            .collect();
        rp
    }

    /// What a roll is worth over the plays `spec` keeps; how many it keeps, and how many the
    /// pruning net ranked; the time of the screen added to `clock`.
    fn screened_value(
        pos: &Backgammon,
        rp: &RollPlays,
        spec: Screening,
        kept: &mut Vec<u32>,
        clock: &mut f64,
    ) -> (f64, usize, usize) {
        if let Some(v) = rp.passed {
            return (v, 0, 0);
        }
        let t = std::time::Instant::now();
        let pruner = shipped_pruner().unwrap();
        let ranked = spec.select(pruner, pos, &rp.plays, kept);
        *clock += t.elapsed().as_secs_f64();
        let best = kept
            .iter()
            .map(|&i| rp.values[i as usize])
            .fold(f64::NEG_INFINITY, f64::max);
        (best, kept.len(), ranked)
    }

    /// The screens [`measure_the_luck_by_screen_and_coefficient`] compares.
    fn specs() -> Vec<Screening> {
        let s = |pubeval_keep, prune_keep, race_keep| Screening {
            pubeval_keep,
            prune_keep,
            race_keep,
        };
        vec![
            s(1, None, 1),
            s(2, None, 2),
            s(3, None, 3),
            s(4, None, 4),
            s(8, None, 8),
            s(64, None, 64),
            s(64, Some(1), 1),
            s(64, Some(1), 2),
            s(64, Some(1), 4),
            s(64, Some(2), 2),
            s(3, Some(1), 2),
            s(4, Some(1), 1),
            s(4, Some(1), 2),
            s(4, Some(1), 4),
            s(4, Some(2), 2),
            s(5, Some(1), 2),
            s(6, Some(1), 2),
            s(6, Some(2), 2),
            s(8, Some(1), 2),
            s(8, Some(2), 2),
        ]
    }

    /// A game of that measurement: its points, and White's luck for each screen in contact and
    /// in races.
    type Row = (f64, Vec<[f64; 2]>);

    /// A measurement, not a check (run with `--ignored --nocapture`; `VR_GAMES` games, 600 by
    /// default): net self-play games from the opening, the luck of every roll measured by the
    /// net over the plays each screen keeps ([`specs`]: pubeval's best K, or the pruning net's
    /// best of those in contact), the luck of turns in contact and in races kept apart. For
    /// each screen it prints the plays the net values a turn, the plays the pruning net ranks,
    /// the time of the screen and of the net's values a turn (the net's per play measured on all
    /// plays), and the variance of a game's points less the luck on the second half of the
    /// games: with the luck's coefficient 1, with no luck in races, and with the coefficients
    /// (one for both phases, and one a phase) fitted by least squares on the first half.
    #[test]
    #[ignore = "a measurement: prints figures for the lab notes"]
    fn measure_the_luck_by_screen_and_coefficient() {
        use crate::policy::is_race;
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let luck = EvalLuck {
            evaluator: nets,
            referee: &StandardReferee,
            starter: Color::White,
            screen: None,
            rolls: None,
        };
        let games: usize = std::env::var("VR_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(600);
        let specs = specs();
        let ns = specs.len();
        // Per game: points, and White's luck for each screen in contact and in races.
        let mut rows: Vec<Row> = Vec::with_capacity(games);
        let (mut valued, mut ranked) = (vec![[0usize; 2]; ns], vec![0usize; ns]);
        let (mut turns, mut actual, mut all_plays) = ([0usize; 2], 0usize, [0usize; 2]);
        let (mut net_clock, mut clocks) = (0.0f64, vec![0.0f64; ns]);
        let mut kept = Vec::new();
        for g in 0..games {
            let mut lk = vec![[0.0f64; 2]; ns];
            let mut roll_dice = seeded_rolls(1000 + g as u64);
            let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
            let mut turn = 0;
            while !pos.is_game_over() {
                let opening = turn == 0;
                let rolls: &[Dice] = if opening {
                    &Dice::OPENING_15
                } else {
                    &Dice::ALL_21
                };
                let phase = usize::from(is_race(&pos));
                turns[phase] += 1;
                let roll = roll_dice(opening);
                let (mut mean, mut mine) = (vec![0.0f64; ns], vec![0.0f64; ns]);
                for &r in rolls {
                    let rp = roll_plays(&luck, &pos, r, &mut net_clock);
                    all_plays[phase] += rp.values.len();
                    let w = if opening {
                        1.0 / 15.0
                    } else {
                        f64::from(r.weight()) / 36.0
                    };
                    for (j, &spec) in specs.iter().enumerate() {
                        let (v, n, k) = screened_value(&pos, &rp, spec, &mut kept, &mut clocks[j]);
                        mean[j] += w * v;
                        valued[j][phase] += n;
                        ranked[j] += k;
                        if r == roll {
                            mine[j] = v;
                        }
                    }
                }
                let sign = if pos.turn() == Color::White {
                    1.0
                } else {
                    -1.0
                };
                for j in 0..ns {
                    lk[j][phase] += sign * (mine[j] - mean[j]);
                }
                let (next, n) = net_step(nets, &pos, roll);
                actual += n;
                pos = next;
                turn += 1;
            }
            rows.push((f64::from(white_points(&pos)), lk));
        }
        let (fit, test) = rows.split_at(games / 2);
        let var = |set: &[Row], f: &dyn Fn(f64, [f64; 2]) -> f64, j: usize| {
            let n = set.len() as f64;
            let (s, s2) = set.iter().fold((0.0, 0.0), |(s, s2), (p, l)| {
                let y = f(*p, l[j]);
                (s + y, s2 + y * y)
            });
            s2 / n - (s / n) * (s / n)
        };
        let all_turns = (turns[0] + turns[1]) as f64;
        let plain = var(test, &|p, _| p, 0);
        println!(
            "games {games} (fitted on {}, measured on {}): turns a game {:.1} contact, {:.1} race; plays of the roll played a turn {:.1}; plays of all rolls a turn {:.1} contact, {:.1} race; variance of the points {plain:.4}",
            fit.len(),
            test.len(),
            turns[0] as f64 / games as f64,
            turns[1] as f64 / games as f64,
            actual as f64 / all_turns,
            all_plays[0] as f64 / turns[0].max(1) as f64,
            all_plays[1] as f64 / turns[1].max(1) as f64,
        );
        let net_play = net_clock / (all_plays[0] + all_plays[1]).max(1) as f64;
        println!(
            "the net's values: {:.3} s for all plays ({:.1} ns a play)",
            net_clock,
            net_play * 1e9
        );
        for (j, spec) in specs.iter().enumerate() {
            // Least squares on the fitting half: one coefficient, and one a phase.
            let n = fit.len() as f64;
            let mean = |f: &dyn Fn(&Row) -> f64| fit.iter().map(f).sum::<f64>() / n;
            let (mp, mc, mr) = (mean(&|r| r.0), mean(&|r| r.1[j][0]), mean(&|r| r.1[j][1]));
            let (mut scc, mut srr, mut scr, mut spc, mut spr) = (0.0, 0.0, 0.0, 0.0, 0.0);
            for (p, l) in fit {
                let (p, c, r) = (p - mp, l[j][0] - mc, l[j][1] - mr);
                scc += c * c;
                srr += r * r;
                scr += c * r;
                spc += p * c;
                spr += p * r;
            }
            let beta = (spc + spr) / (scc + srr + 2.0 * scr);
            let det = scc * srr - scr * scr;
            let (bc, br) = ((spc * srr - spr * scr) / det, (spr * scc - spc * scr) / det);
            let one = var(test, &|p, l| p - l[0] - l[1], j);
            let contact_only = var(test, &|p, l| p - l[0], j);
            let fitted = var(test, &|p, l| p - beta * (l[0] + l[1]), j);
            let fitted2 = var(test, &|p, l| p - bc * l[0] - br * l[1], j);
            let net_plays = (valued[j][0] + valued[j][1]) as f64 / all_turns;
            println!(
                "pubeval {} / prune {:?} / race {}: ranked by the pruning net a turn {:.1}; screen {:.1} us a turn, net {:.1} us a turn; net plays a turn {:.1} (contact {:.1}, race {:.1}); variance cut: coefficient 1 {:.2}x, contact luck only {:.1}x, fitted {beta:.3} {:.2}x, fitted a phase {bc:.3}/{br:.3} {:.2}x",
                spec.pubeval_keep,
                spec.prune_keep,
                spec.race_keep,
                ranked[j] as f64 / all_turns,
                clocks[j] * 1e6 / all_turns,
                net_play * net_plays * 1e6,
                net_plays,
                valued[j][0] as f64 / turns[0].max(1) as f64,
                valued[j][1] as f64 / turns[1].max(1) as f64,
                plain / one,
                plain / contact_only,
                plain / fitted,
                plain / fitted2
            );
        }
    }
}

#[cfg(test)]
mod by_turn {
    use super::*;
    use crate::base::variant::Variant;
    use crate::rules::backgammon::Backgammon;
    use crate::scoring::referee::StandardReferee;
    use std::io::Write;

    /// A measurement, not a check (run with `--ignored --nocapture`; `VR_GAMES` games, 2,000
    /// by default; `VR_OUT` the file written, `/tmp/luck_by_turn.csv` by default): net
    /// self-play games from the opening, seeded as a rollout of seed 1000 + the game, and for
    /// every turn the shipped screen's luck of the roll thrown, with what the position before
    /// the roll tells (the net's probabilities for the player on roll, race or contact, the
    /// pip counts) and what the luck cost (the plays of all rolls, those the pruning net ranked,
    /// those the net valued), one line a turn, for finding where the luck pays.
    #[test]
    #[ignore = "a measurement: writes figures for the lab notes"]
    fn measure_the_luck_by_turn() {
        let nets =
            crate::eval::net::shipped(crate::base::variant::RulesFamily::Backgammon).unwrap();
        let luck = EvalLuck {
            evaluator: nets,
            referee: &StandardReferee,
            starter: Color::White,
            screen: Some(Screen {
                select: &|before, plays, kept| {
                    SCREENING.select(shipped_pruner().unwrap(), before, plays, kept);
                },
            }),
            rolls: None,
        };
        let pruner = shipped_pruner().unwrap();
        let games: u64 = std::env::var("VR_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(2000);
        let path = std::env::var("VR_OUT").unwrap_or_else(|_| "/tmp/luck_by_turn.csv".into());
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        writeln!(out, "game,turn,white,race,win,wg,wbg,lg,lbg,pips_me,pips_opp,plays,ranked,valued,luck,luck_prune,a62,a61,a42,a51,a31,a52,r62,r61,r42,r51,r31,r52,v62,v61,v42,v51,v31,v52,points").unwrap();
        let alts: Vec<Screening> = [(6, 2), (6, 1), (4, 2), (5, 1), (3, 1), (5, 2)]
            .iter()
            .map(|&(pubeval_keep, race_keep)| Screening {
                pubeval_keep,
                prune_keep: Some(1),
                race_keep,
            })
            .collect();
        type Sel = Box<dyn Fn(&Backgammon, &[Play<Backgammon>], &mut Vec<u32>) + Sync>;
        let sels: Vec<Sel> = alts
            .iter()
            .map(|&spec| {
                Box::new(
                    move |b: &Backgammon, p: &[Play<Backgammon>], k: &mut Vec<u32>| {
                        spec.select(shipped_pruner().unwrap(), b, p, k);
                    },
                ) as Sel
            })
            .collect();
        let lucks: Vec<EvalLuck<'_, Backgammon, StandardReferee>> = sels
            .iter()
            .map(|f| EvalLuck {
                evaluator: nets,
                referee: &StandardReferee,
                starter: Color::White,
                screen: Some(Screen { select: &**f }),
                rolls: None,
            })
            .collect();
        let mut scores = Vec::new();
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut kept = Vec::new();
        for g in 0..games {
            let mut rng =
                crate::base::rng::game_stream(1000 + g, 0, crate::base::rng::Stream::Dice);
            let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
            let mut turn = 0;
            let mut lines = Vec::new();
            while !pos.is_game_over() {
                let opening = turn == 0;
                let roll = if opening {
                    crate::base::rng::opening_roll(&mut rng)
                } else {
                    crate::base::rng::roll(&mut rng)
                };
                let p = nets.evaluate(&pos);
                let b = pos.gnubg_board();
                let pips = |s: &[u8; 25]| -> u32 {
                    s.iter()
                        .enumerate()
                        .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
                        .sum()
                };
                let rolls: &[Dice] = if opening {
                    &Dice::OPENING_15
                } else {
                    &Dice::ALL_21
                };
                let (mut plays, mut ranked, mut valued) = (0, 0, 0);
                let race = crate::policy::is_race(&pos);
                let mut vf = [0f64; 21];
                let mut vp = [0f64; 21];
                luck.roll_values(&pos, rolls, &mut buf, &mut vf[..rolls.len()]);
                let mut va = vec![[0f64; 21]; alts.len()];
                for (l, v) in lucks.iter().zip(va.iter_mut()) {
                    l.roll_values(&pos, rolls, &mut buf, &mut v[..rolls.len()]);
                }
                let (mut ra, mut kva) = (vec![0; alts.len()], vec![0; alts.len()]);
                let mut ranker = crate::eval::net::Ranker::fused(pruner, &pos);
                for (i, &r) in rolls.iter().enumerate() {
                    vp[i] = vf[i];
                    pos.legal_plays_into(r, &mut buf);
                    if buf.is_empty() {
                        continue;
                    }
                    plays += buf.len();
                    for (j, spec) in alts.iter().enumerate() {
                        ra[j] += spec.select(pruner, &pos, buf.as_slice(), &mut kept);
                        kva[j] += kept.len();
                    }
                    ranked += SCREENING.select(pruner, &pos, buf.as_slice(), &mut kept);
                    valued += kept.len();
                    if !race {
                        let play = buf.as_slice()[kept[0] as usize];
                        let next = pos.play_unchecked(&play);
                        vp[i] = if next.is_game_over() {
                            luck.value_after(pos.turn(), &next)
                        } else {
                            ranker.pruning_scores(&[play], &mut scores);
                            f64::from(scores[0])
                        };
                    }
                }
                let lucky = |v: &[f64; 21]| {
                    let mut mean = 0.0;
                    let mut mine = 0.0;
                    for (i, &r) in rolls.iter().enumerate() {
                        let w = if opening {
                            1.0 / 15.0
                        } else {
                            f64::from(r.weight()) / 36.0
                        };
                        mean += w * v[i];
                        if r == roll {
                            mine = v[i];
                        }
                    }
                    mine - mean
                };
                let l = luck.luck(&pos, roll, opening, &mut buf);
                let lp = lucky(&vp);
                let la: Vec<String> = va.iter().map(|v| lucky(v).to_string()).collect();
                let ra: Vec<String> = ra.iter().map(ToString::to_string).collect();
                let kva: Vec<String> = kva.iter().map(ToString::to_string).collect();
                assert!((l - lucky(&vf)).abs() < 1e-9);
                lines.push(format!(
                    "{g},{turn},{},{},{},{},{},{},{},{},{},{plays},{ranked},{valued},{l},{lp},{},{},{}",
                    u8::from(pos.turn() == Color::White),
                    u8::from(crate::policy::is_race(&pos)),
                    p.win,
                    p.win_gammon,
                    p.win_backgammon,
                    p.lose_gammon,
                    p.lose_backgammon,
                    pips(&b[1]),
                    pips(&b[0]),
                    la.join(","),
                    ra.join(","),
                    kva.join(","),
                ));
                pos = super::tests::net_step(nets, &pos, roll).0;
                turn += 1;
            }
            let pts = super::tests::white_points(&pos);
            for line in lines {
                writeln!(out, "{line},{pts}").unwrap();
            }
        }
    }
}
