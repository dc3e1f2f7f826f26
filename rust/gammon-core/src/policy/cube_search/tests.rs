//! Tests of the searched cube decisions and cubeful values: exact bear-offs, the rules of the
//! cube in matches (MATCH-*), and the shipped net's decisions where the answer is known.

use super::*;
use crate::base::color::{ByColor, Color};
use crate::base::variant::{RulesFamily, Variant};
use crate::eval::bearoff::BearoffEvaluator;
use crate::policy::janowski::{DoublerAction, TakerAction};
use crate::rules::backgammon::bg;
use crate::scoring::cube::{CubeRules, CubeState};
use crate::scoring::scoreboard::{MatchScore, Scoreboard};

fn in_match(length: u32, me: u32, them: u32, crawford_game: bool) -> CubeInfo {
    let m = MatchScore::from_parts(
        length,
        ByColor {
            white: me,
            black: them,
        },
        true,
        crawford_game,
        None,
    )
    .unwrap();
    CubeInfo::new(
        CubeState::default(),
        Color::White,
        Scoreboard::Match(m),
        CubeRules::default(),
    )
}

fn net() -> &'static dyn Evaluator<Backgammon> {
    crate::eval::net::shipped(RulesFamily::Backgammon).unwrap()
}

#[test]
fn cube5_cube6_a_last_roll_is_decided_exactly_at_one_ply() {
    // One checker on the 6 point against one on the opponent's 1 point: 27 rolls of 36 win
    // at once, the others lose. The cube is dead after the double: double/take is worth
    // 2 x (27 - 9) / 36 = 1, exactly the pass (the taker's 25%).
    let pos = bg(&[(6, 1)], &[(1, 1)]);
    let info = CubeInfo::money(Color::White);
    let d = cube_decision(&pos, &info, 1, &BearoffEvaluator);
    assert!((d.no_double - 0.5).abs() < 1e-6, "{d}");
    assert!((d.double_take - 1.0).abs() < 1e-6, "{d}");
    assert!((f64::from(d.probabilities.win) - 0.75).abs() < 1e-6);
    assert_eq!(d.plies, 1);
    // Searched deeper, nothing changes: the game is over by then.
    let d2 = cube_decision(&pos, &info, 2, &BearoffEvaluator);
    assert!((d2.double_take - d.double_take).abs() < 1e-9);
    // One on the 5 point: 31 of 36, a pass.
    let pos = bg(&[(5, 1)], &[(1, 1)]);
    let d = cube_decision(&pos, &info, 1, &BearoffEvaluator);
    assert_eq!(d.action(), "Double, pass");
    assert!((d.double_take - 2.0 * 26.0 / 36.0).abs() < 1e-6, "{d}");
}

#[test]
fn zero_plies_is_the_model_on_the_evaluators_probabilities() {
    let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let info = CubeInfo::money(Color::White);
    let d = cube_decision(&pos, &info, 0, net());
    let p = net().evaluate(&pos);
    let m = decision_from_probabilities(&p, &info, cube_life(&pos));
    assert_eq!(d, m);
}

#[test]
fn cube12_the_opening_is_no_double_and_a_double_would_be_beavered() {
    let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let rules = CubeRules {
        beavers: true,
        ..CubeRules::default()
    };
    let info = CubeInfo::new(CubeState::default(), Color::White, Scoreboard::Money, rules);
    for plies in [0, 1, 2] {
        let d = cube_decision(&pos, &info, plies, net());
        assert_eq!(d.doubler, DoublerAction::NoDouble, "{plies}: {d}");
        assert_eq!(d.taker, TakerAction::Beaver, "{plies}: {d}");
        assert!(
            d.no_double.abs() < 0.2 && d.double_take < 0.0,
            "{plies}: {d}"
        );
    }
}

#[test]
fn a_race_far_ahead_is_a_double_and_pass_at_every_depth() {
    // 40 pips against 90 in a race: a cash.
    let pos = bg(&[(6, 4), (5, 4), (4, 2)], &[(6, 8), (5, 6), (4, 1)]);
    for plies in [0, 1, 2] {
        let d = cube_decision(&pos, &CubeInfo::money(Color::White), plies, net());
        assert_eq!(d.action(), "Double, pass", "{plies}: {d}");
    }
}

#[test]
fn match1_at_double_match_point_every_play_is_worth_its_winning_chance() {
    // 6-6 in a 7-point match (post-Crawford): whoever wins the game wins the match, gammons
    // or not; the cube is dead. Each play's value is the maker's winning chance.
    let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let info = in_match(7, 6, 6, false);
    assert!(!info.is_live() && !info.may_double());
    let plays = pos.legal_plays(Dice::new(3, 1).unwrap());
    for plies in [0, 1] {
        for v in play_values(&pos, plays.as_slice(), &info, plies, net()) {
            assert!(
                (v.equity - f64::from(v.probabilities.win)).abs() < 1e-6,
                "{plies}: {v:?}"
            );
            assert!((v.normalised - (2.0 * v.equity - 1.0)).abs() < 1e-6);
        }
        let (p, value) = cubeful_value(&pos, &info, plies, net());
        assert!((value - f64::from(p.win)).abs() < 1e-6, "{plies}");
    }
}

#[test]
fn match3_the_crawford_game_has_a_dead_cube_at_every_depth() {
    let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let info = in_match(7, 3, 6, true);
    let d = cube_decision(&pos, &info, 2, net());
    assert_eq!(d.doubler, DoublerAction::DeadCube, "{d}");
    assert!(
        d.to_string().contains("Never double, take (dead cube)"),
        "{d}"
    );
    assert!(d.mwc.is_some());
}

#[test]
fn money_play_values_rank_the_opening_plays_and_scale_by_the_cube() {
    let pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let plays = pos.legal_plays(Dice::new(3, 1).unwrap());
    let info = CubeInfo::money(Color::White);
    let values = play_values(&pos, plays.as_slice(), &info, 0, net());
    let best = (0..values.len())
        .max_by(|&a, &b| values[a].equity.total_cmp(&values[b].equity))
        .unwrap();
    // 31: make the 5 point (8/5 6/5).
    let after = plays[best].after();
    assert_eq!(after.mover_at(5), 2, "{values:?}");
    // The cubeful values follow the cubeless ones closely at the opening.
    for v in &values {
        let cubeless = f64::from(v.probabilities.equity());
        assert!((v.equity - cubeless).abs() < 0.15, "{v:?}");
    }
}

/// Contact positions of a game played by the shipped net at 0 ply (White on roll in each).
fn contact_positions(count: usize) -> Vec<Backgammon> {
    let race = |p: &Backgammon| crate::policy::is_race(p);
    crate::policy::net_games::net_turns(5, race)
        .map(|t| t.after)
        .filter(|p| !p.is_game_over() && !race(p) && p.turn() == Color::White)
        .take(count)
        .collect()
}

#[test]
fn pruning_leaves_zero_plies_alone_and_moves_searched_values_little() {
    // At 0 ply nothing is ranked: the pruned search's values are the evaluator's, to the bit.
    // At 1 ply the plays of each roll are the pruning net's best few, valued with the cube:
    // the values move somewhere, and little (the pruning net keeps the full net's best reply
    // 95% of the time at 3 a roll).
    let nets = crate::eval::net::shipped(RulesFamily::Backgammon).unwrap();
    let mut pruned = CubefulSearch::new(nets).with_prune(3).unwrap();
    assert_eq!(pruned.prune_keep(), 3);
    assert_eq!(
        CubefulSearch::new(nets).with_prune(0).unwrap().prune_keep(),
        0
    );
    let mut plain = CubefulSearch::new(nets);
    let info = CubeInfo::money(Color::White);
    let (mut differ, mut total, mut worst) = (0, 0.0, 0.0f64);
    let positions = contact_positions(12);
    for pos in &positions {
        assert_eq!(
            pruned.cube_decision(pos, &info, 0),
            plain.cube_decision(pos, &info, 0)
        );
        assert_eq!(pruned.value(pos, &info, 0), plain.value(pos, &info, 0));
        let (_, a) = pruned.value(pos, &info, 1);
        let (_, b) = plain.value(pos, &info, 1);
        differ += usize::from(a != b);
        total += (a - b).abs();
        worst = worst.max((a - b).abs());
    }
    assert!(differ > 0, "pruning changed nothing");
    assert!(total / positions.len() as f64 <= 0.01, "{total}");
    assert!(worst <= 0.05, "{worst}");
}

#[test]
fn a_search_reads_a_position_whose_opponent_is_on_the_bar_one_roll_ahead() {
    // The cube model reads such a position one roll ahead (the net's bias there), at 0 ply and
    // unpruned with every play of each roll, in a pruned search with the pruning net's best.
    let nets = crate::eval::net::shipped(RulesFamily::Backgammon).unwrap();
    let on_bar = bg(
        &[(13, 5), (8, 3), (6, 5), (5, 2)],
        &[(25, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
    );
    assert!(crate::policy::janowski::opponent_on_bar(&on_bar));
    let (mut plays, mut eq) = (PlayList::new(), Vec::new());
    let ahead = crate::policy::janowski::on_roll_probabilities(nets, &on_bar, &mut plays, &mut eq);
    let plain = nets.evaluate(&on_bar);
    assert_ne!(ahead, plain);
    let mut pruned = CubefulSearch::new(nets).with_prune(3).unwrap();
    assert_ne!(pruned.model_probabilities(&on_bar, 1), plain);
    assert_eq!(pruned.model_probabilities(&on_bar, 0), ahead);
    assert_eq!(
        CubefulSearch::new(nets).model_probabilities(&on_bar, 1),
        ahead
    );
}

#[test]
fn a_search_that_values_positions_again_gives_a_fresh_searchs_values_to_the_bit() {
    // A search object remembers the positions it searched: its second values of them (and of
    // the cube decisions whose replies it searched already) are a new object's.
    use crate::base::dice::Dice;
    let nets = crate::eval::net::shipped(RulesFamily::Backgammon).unwrap();
    let fresh = || CubefulSearch::new(nets).with_prune(3).unwrap();
    let info = CubeInfo::money(Color::White);
    let positions = contact_positions(2);
    let mut warm = fresh();
    for pos in &positions {
        let _ = warm.value(pos, &info, 2);
    }
    for pos in &positions {
        assert_eq!(warm.value(pos, &info, 2), fresh().value(pos, &info, 2));
        assert_eq!(
            warm.cube_decision(pos, &info, 2),
            fresh().cube_decision(pos, &info, 2)
        );
        let plays = pos.legal_plays(Dice::new(3, 1).unwrap());
        assert_eq!(
            warm.play_values(pos, plays.as_slice(), &info, 1),
            fresh().play_values(pos, plays.as_slice(), &info, 1)
        );
    }
}

#[test]
fn the_pruned_pick_of_21_rolls_keeps_what_each_roll_alone_keeps() {
    // One ranker of the position for all its rolls: each roll keeps the plays a pick of that
    // roll alone keeps (the pruning net's raw scores, a play that ends the game first, the
    // `keep` best, in the roll's order); a roll of few plays keeps them all. With a screen,
    // the pruning net ranks pubeval's best `screen` of a roll with more (a play that ends the
    // game first), in pubeval's order.
    use crate::base::dice::Dice;
    use crate::eval::net::{keep_best, shipped_pruner, Ranker};
    use crate::policy::search::keep_game_enders;
    use crate::policy::Pubeval;
    let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
    for screen in [0, 6] {
        let prune = Prune {
            nets: pruner,
            keep: 3,
            screen,
        };
        let mut rolls = PrunedRolls::default();
        let (mut pruned_rolls, mut whole_rolls, mut screened_rolls) = (0, 0, 0);
        for pos in contact_positions(8) {
            let (mut out, mut starts) = (Vec::new(), [0usize; 22]);
            rolls.kept(prune, &pos, |n| 2 + n % 2, &mut out, &mut starts);
            for (r, dice) in Dice::ALL_21.into_iter().enumerate() {
                let plays = pos.legal_plays(dice);
                let mut order: Vec<u32> = (0..plays.len() as u32).collect();
                if prune.prunes(&pos, plays.len()) {
                    if screen > 0 && plays.len() > screen {
                        let mut scores = Vec::new();
                        Pubeval::new().scores_from(&pos, plays.as_slice(), false, &mut scores);
                        keep_game_enders(&pos, plays.as_slice(), &mut scores);
                        keep_best(&scores, &mut order, screen);
                        screened_rolls += 1;
                    }
                    let ranked: Vec<Play<Backgammon>> =
                        order.iter().map(|&i| plays[i as usize]).collect();
                    let mut scores = Vec::new();
                    Ranker::fused(pruner, &pos).pruning_scores(&ranked, &mut scores);
                    keep_game_enders(&pos, &ranked, &mut scores);
                    let mut places: Vec<u32> = (0..ranked.len() as u32).collect();
                    keep_best(&scores, &mut places, 2 + plays.len() % 2);
                    order = places.iter().map(|&j| order[j as usize]).collect();
                    order.sort_unstable();
                    pruned_rolls += 1;
                } else {
                    whole_rolls += 1;
                }
                let expected: Vec<Play<Backgammon>> =
                    order.iter().map(|&i| plays[i as usize]).collect();
                assert_eq!(
                    out[starts[r]..starts[r + 1]],
                    expected[..],
                    "{pos:?} {dice:?} screen {screen}"
                );
            }
        }
        assert_eq!(pruned_rolls + whole_rolls, 8 * 21);
        assert!(pruned_rolls > 100, "{pruned_rolls}");
        assert_eq!(screened_rolls > 50, screen > 0, "{screened_rolls}");
    }
}
