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
//! of the roll actually played). A [`Screen`] ranks each roll's plays by a cheap score first and
//! lets the evaluator value the best few only: a roll is then worth the best of those. The luck
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
    /// The screen's scores of one roll's plays (reused).
    static SCORES: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A cheap ranking of a roll's plays, so that the evaluator values only the best `keep` of them
/// (see the module documentation).
pub struct Screen<'a, P> {
    /// The score of a play (higher is better for its mover) from the position before it.
    pub score: &'a (dyn Fn(&P, &Play<P>) -> f32 + Sync),
    /// How many plays of each roll the evaluator values (at least 1).
    pub keep: usize,
}

/// The number of plays of a roll the net values when pubeval screens them
/// ([`pubeval_screen`]): measured on net self-play from the opening, 4 keep 13.0 of the
/// 16.6-fold variance cut of valuing every play, at 4.3 instead of 24.9 times the plays of the
/// roll played.
pub const SCREEN_KEEP: usize = 4;

/// pubeval's score of a backgammon play, with the race weights once the checkers have passed.
fn pubeval_score(
    before: &crate::rules::backgammon::Backgammon,
    play: &Play<crate::rules::backgammon::Backgammon>,
) -> f32 {
    static PUBEVAL: std::sync::OnceLock<crate::policy::Pubeval> = std::sync::OnceLock::new();
    PUBEVAL
        .get_or_init(crate::policy::Pubeval::new)
        .score(play.after(), crate::policy::is_race(before))
}

/// The screen of backgammon's variance reduction with the net: pubeval ranks a roll's plays and
/// the net values the best [`SCREEN_KEEP`].
#[must_use]
pub fn pubeval_screen() -> Screen<'static, crate::rules::backgammon::Backgammon> {
    Screen {
        score: &pubeval_score,
        keep: SCREEN_KEEP,
    }
}

/// Values the 21 rolls of a position at once, for [`EvalLuck::rolls`]: writes the value of
/// each roll ([`Dice::ALL_21`]'s order) to the player on roll and returns true, or returns
/// false to leave the position to the evaluator.
pub type RollValues<'a, P> = &'a (dyn Fn(&P, &mut [f32; 21]) -> bool + Sync);

/// The rolls of `pos` valued as a 1-ply search of `nets` has valued them, for
/// [`EvalLuck::rolls`]: when the searched `"net"` policy that played the last turn on this
/// thread chose, at 1 ply, the play that led to `pos`, with the nets `nets` and the pruning
/// `prune` (a pruning net and how many replies of a roll it keeps), it valued every roll of
/// `pos` to choose it: the cubeless equity after the roll's best reply at 0 ply (pruned in
/// contact; a roll that cannot be played read one roll further). Those values are taken, and
/// the luck of the turn costs nothing. Returns false (the position left to the evaluator)
/// otherwise: after a 0-ply play, a play without a rival within the move filter, or another
/// policy's.
pub fn searched_roll_values<P: crate::eval::net::NetPosition>(
    nets: &crate::eval::net::NetEvaluator,
    prune: Option<(&crate::eval::net::NetEvaluator, usize)>,
    pos: &P,
    out: &mut [f32; 21],
) -> bool
where
    crate::eval::net::NetEvaluator: crate::eval::net::AfterState<P>,
{
    crate::policy::roll_values(nets, prune, pos, out, || false)
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
        let mover = pos.turn();
        pos.legal_plays_into(roll, buf);
        if buf.is_empty() {
            return self.value_after(mover, &pos.pass_turn());
        }
        let mut valued = buf.len();
        if let Some(screen) = &self.screen {
            let keep = screen.keep.max(1);
            if buf.len() > keep {
                SCORES.with_borrow_mut(|scores| {
                    scores.clear();
                    scores.extend(buf.iter().map(|p| (screen.score)(pos, p)));
                    // The `keep` best to the front, the first of equals first.
                    for slot in 0..keep {
                        let mut top = slot;
                        for i in slot + 1..scores.len() {
                            if scores[i] > scores[top] {
                                top = i;
                            }
                        }
                        scores.swap(slot, top);
                        buf.swap(slot, top);
                    }
                });
                valued = keep;
            }
        }
        let plays = &buf.as_slice()[..valued];
        EQUITIES.with_borrow_mut(|equities| {
            self.evaluator.play_equities(pos, plays, equities);
            let mut best = f64::NEG_INFINITY;
            for (play, &e) in plays.iter().zip(equities.iter()) {
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
            best
        })
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
        let mut mean = 0.0;
        let mut actual = None;
        for &r in rolls {
            let v = self.roll_value(pos, r, buf);
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
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        while !pos.is_game_over() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let roll = Dice::ALL_21[(state % 21) as usize];
            let (a, b) = (
                together.luck(&pos, roll, false, &mut buf),
                apart.luck(&pos, roll, false, &mut buf),
            );
            assert!((a - b).abs() < 1e-4, "{a} vs {b} at {pos:?}");
            checked += 1;
            let plays = pos.legal_plays(roll);
            pos = if plays.is_empty() {
                pos.pass_turn()
            } else {
                pos.play_unchecked(&plays[nets.best_play_from(&pos, plays.as_slice())])
            };
        }
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
    fn a_one_ply_search_lends_the_roll_values_of_the_play_it_chose_bit_for_bit() {
        use crate::base::variant::RulesFamily;
        use crate::policy::{NetPolicy, Policy, DEFAULT_PRUNE_KEEP};
        let policy = NetPolicy::shipped(RulesFamily::Backgammon)
            .unwrap()
            .with_plies(1);
        let nets = policy.nets();
        let pruner = crate::eval::net::shipped_pruner(RulesFamily::Backgammon)
            .unwrap()
            .unwrap();
        let prune = Some((pruner, DEFAULT_PRUNE_KEEP));
        let mut rng = crate::base::rng::game_stream(3, 0, crate::base::rng::Stream::Choices);
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (mut lent, mut fresh) = ([0f32; 21], [0f32; 21]);
        let mut hits = 0;
        for _ in 0..40 {
            if pos.is_game_over() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let roll = Dice::ALL_21[(state % 21) as usize];
            let plays = pos.legal_plays(roll);
            pos = match plays.len() {
                0 => pos.pass_turn(),
                _ => {
                    pos.play_unchecked(&plays[policy.choose(&pos, roll, &plays, &mut rng).unwrap()])
                }
            };
            if searched_roll_values(nets, prune, &pos, &mut lent) {
                hits += 1;
                // What a 1-ply search of the position on roll values its rolls at.
                assert!(crate::policy::roll_values(
                    nets,
                    prune,
                    &pos,
                    &mut fresh,
                    || true
                ));
                assert_eq!(lent, fresh, "{pos:?}");
                // Lent once, for that position only.
                assert!(!searched_roll_values(nets, prune, &pos, &mut lent));
            }
        }
        assert!(hits >= 5, "{hits}");
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
            screen: Some(pubeval_screen()),
            rolls: None,
        };
        let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        while !pos.is_game_over() {
            let mean = mean_luck(&luck, &pos);
            assert!(mean.abs() < 1e-9, "{mean} at {pos:?}");
            let mean = mean_luck(&screened, &pos);
            assert!(mean.abs() < 1e-9, "screened: {mean} at {pos:?}");
            checked += 1;
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let roll = Dice::ALL_21[(state % 21) as usize];
            let plays = pos.legal_plays(roll);
            pos = if plays.is_empty() {
                pos.pass_turn()
            } else {
                pos.play_unchecked(&plays[nets.best_play_from(&pos, plays.as_slice())])
            };
        }
        assert!(checked > 20);
    }

    /// The value of `roll` as [`EvalLuck::roll_value`] but over the `k` plays pubeval ranks
    /// highest only (all of them when there are at most `k`); returns the value and how many
    /// plays the net valued.
    fn screened_value(
        luck: &EvalLuck<'_, Backgammon, StandardReferee>,
        pubeval: &crate::policy::Pubeval,
        pos: &Backgammon,
        roll: Dice,
        k: usize,
    ) -> (f64, usize) {
        let plays = pos.legal_plays(roll);
        if plays.is_empty() {
            return (luck.value_after(pos.turn(), &pos.pass_turn()), 1);
        }
        let race = crate::policy::is_race(pos);
        let mut order: Vec<usize> = (0..plays.len()).collect();
        if plays.len() > k {
            let scores: Vec<f32> = plays
                .iter()
                .map(|p| pubeval.score(p.after(), race))
                .collect();
            order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            order.truncate(k);
        }
        let mut best = f64::NEG_INFINITY;
        for &i in &order {
            let next = pos.play_unchecked(&plays[i]);
            let v = luck.value_after(pos.turn(), &next);
            if v > best {
                best = v;
            }
        }
        (best, order.len())
    }

    /// A measurement, not a check (run with `--ignored --nocapture`): net self-play games from
    /// the opening with the luck of every roll measured by the same net. Prints the variance
    /// of a game's points and of its points less the luck, the share of the remainder that
    /// comes from each phase (the remainder is the sum over turns of the net's inconsistency
    /// from ply to ply: the value after a play against the next roll's 21-roll average), and
    /// the evaluations per turn (21 rolls' plays against the actual roll's).
    #[test]
    #[ignore = "a measurement: prints figures for the lab notes"]
    fn measure_where_the_variance_left_by_the_luck_comes_from() {
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
            .unwrap_or(300);
        let mut buf: Box<PlayList<Backgammon>> = Box::default();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (mut s_pts, mut s_pts2, mut s_red, mut s_red2) = (0.0, 0.0, 0.0, 0.0);
        // Squared inconsistency by phase of the position before the roll: contact, race.
        let mut d2 = [0.0f64; 2];
        let mut turns = [0usize; 2];
        let (mut evals_all, mut evals_actual, mut all_turns) = (0usize, 0usize, 0usize);
        let mut d2_first_two = 0.0;
        let pubeval = crate::policy::Pubeval::new();
        const KS: [usize; 3] = [2, 4, 8];
        let (mut s_k, mut s_k2, mut evals_k) = ([0.0f64; 3], [0.0f64; 3], [0usize; 3]);
        let mut mean_d = [0.0f64; 2];
        for _ in 0..games {
            let mut luck_k = [0.0f64; 3];
            let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
            let mut white_luck = 0.0;
            let mut prev_best: Option<f64> = None;
            let mut turn = 0;
            while !pos.is_game_over() {
                let opening = turn == 0;
                let rolls: &[Dice] = if opening {
                    &Dice::OPENING_15
                } else {
                    &Dice::ALL_21
                };
                let mut mean = 0.0;
                let mut values = Vec::with_capacity(21);
                let mut mean_k = [0.0f64; 3];
                let mut values_k = [[0.0f64; 21]; 3];
                for &r in rolls {
                    let v = luck.roll_value(&pos, r, &mut buf);
                    evals_all += buf.len();
                    let w = if opening {
                        1.0 / 15.0
                    } else {
                        f64::from(r.weight()) / 36.0
                    };
                    mean += w * v;
                    for (j, &k) in KS.iter().enumerate() {
                        let (vk, n) = screened_value(&luck, &pubeval, &pos, r, k);
                        evals_k[j] += n;
                        mean_k[j] += w * vk;
                        values_k[j][values.len()] = vk;
                    }
                    values.push(v);
                }
                if let Some(b) = prev_best {
                    // The previous mover's value after its play, against minus this mover's
                    // 21-roll average: equal for a consistent evaluator.
                    let d = b + mean;
                    let k = usize::from(is_race(&pos));
                    d2[k] += d * d;
                    mean_d[k] += d;
                    turns[k] += 1;
                    if turn <= 2 {
                        d2_first_two += d * d;
                    }
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let k = (state % if opening { 15 } else { 36 }) as usize;
                let idx = if opening {
                    k
                } else {
                    // 36 equally likely ordered rolls onto the 21 distinct ones.
                    let mut acc = 0usize;
                    Dice::ALL_21
                        .iter()
                        .position(|r| {
                            acc += r.weight() as usize;
                            k < acc
                        })
                        .unwrap()
                };
                let roll = rolls[idx];
                let l = values[idx] - mean;
                white_luck += if pos.turn() == Color::White { l } else { -l };
                for j in 0..3 {
                    let lk = values_k[j][idx] - mean_k[j];
                    luck_k[j] += if pos.turn() == Color::White { lk } else { -lk };
                }
                prev_best = Some(values[idx]);
                let plays = pos.legal_plays(roll);
                evals_actual += plays.len();
                all_turns += 1;
                pos = if plays.is_empty() {
                    pos.pass_turn()
                } else {
                    pos.play_unchecked(&plays[nets.best_play_from(&pos, plays.as_slice())])
                };
                turn += 1;
            }
            let r = StandardReferee.score(&pos, Color::White);
            let pts = match r.winner {
                Some(Color::White) => f64::from(r.points),
                Some(_) => -f64::from(r.points),
                None => 0.0,
            };
            s_pts += pts;
            s_pts2 += pts * pts;
            s_red += pts - white_luck;
            s_red2 += (pts - white_luck) * (pts - white_luck);
            for j in 0..3 {
                s_k[j] += pts - luck_k[j];
                s_k2[j] += (pts - luck_k[j]) * (pts - luck_k[j]);
            }
        }
        let n = games as f64;
        let var = |s: f64, s2: f64| s2 / n - (s / n) * (s / n);
        let (vp, vr) = (var(s_pts, s_pts2), var(s_red, s_red2));
        println!(
            "games {games}: mean points {:+.4}, reduced {:+.4}",
            s_pts / n,
            s_red / n
        );
        println!(
            "variance of a game: plain {vp:.4}, less the luck {vr:.4}, ratio {:.1}",
            vp / vr
        );
        println!(
            "inconsistency per game (sum of d^2 / games): contact {:.4} over {:.1} turns, race {:.4} over {:.1} turns, turns 1-2 {:.4}",
            d2[0] / n,
            turns[0] as f64 / n,
            d2[1] / n,
            turns[1] as f64 / n,
            d2_first_two / n
        );
        println!(
            "rms d: contact {:.4}, race {:.4}",
            (d2[0] / turns[0].max(1) as f64).sqrt(),
            (d2[1] / turns[1].max(1) as f64).sqrt()
        );
        println!(
            "mean d: contact {:+.4}, race {:+.4}",
            mean_d[0] / turns[0].max(1) as f64,
            mean_d[1] / turns[1].max(1) as f64
        );
        for j in 0..3 {
            let v = var(s_k[j], s_k2[j]);
            println!(
                "screened by pubeval to {} plays a roll: mean {:+.4}, variance {v:.4}, ratio {:.1}, net plays per turn {:.1} ({:.1}x the actual roll's)",
                KS[j],
                s_k[j] / n,
                vp / v,
                evals_k[j] as f64 / all_turns as f64,
                evals_k[j] as f64 / evals_actual as f64
            );
        }
        println!(
            "plays valued per turn: 21 rolls {:.1}, actual roll {:.1}, ratio {:.1}",
            evals_all as f64 / all_turns as f64,
            evals_actual as f64 / all_turns as f64,
            evals_all as f64 / evals_actual as f64
        );
    }
}
