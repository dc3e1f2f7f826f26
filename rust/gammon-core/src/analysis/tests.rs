use std::ops::ControlFlow;

use super::record::apply;
use super::*;
use crate::base::color::Color::{Black, White};
use crate::base::setup::Setup;
use crate::base::variant::{RulesFamily, Variant};
use crate::eval::net::{shipped, AfterState, NetEvaluator};
use crate::play::turn::TurnState;
use crate::rules::backgammon::Backgammon;
use crate::scoring::cube::{Cube, CubeRules};
use crate::scoring::scoreboard::MatchScore;

fn nets() -> &'static NetEvaluator {
    shipped(RulesFamily::Backgammon).unwrap()
}

fn opening(board: Scoreboard) -> TurnState<VariantPosition> {
    let pos = VariantPosition::start(Variant::Backgammon, White);
    TurnState::new(
        pos,
        board,
        Cube::new(CubeRules::default()),
        true,
        None,
        None,
    )
    .unwrap()
}

/// A game log from `start` and actions in words: `r31` (roll), a play text, `double`,
/// `take`, `drop`, `beaver`, `-` (the empty play).
fn log(start: TurnState<VariantPosition>, actions: &[&str]) -> GameLog {
    let mut state = start;
    let mut steps = Vec::new();
    for a in actions {
        let step = match *a {
            "double" => Step::Double,
            "take" => Step::Take,
            "drop" => Step::Drop,
            "beaver" => Step::Beaver,
            "-" => Step::EmptyPlay,
            r if r.starts_with('r') => {
                let d = r.as_bytes();
                Step::Roll(d[1] - b'0', d[2] - b'0')
            }
            text => {
                let dice = state.dice.unwrap();
                Step::Play(state.position.parse_play(dice, text).unwrap())
            }
        };
        state = apply(&state, &step).unwrap();
        steps.push(step);
    }
    GameLog { start, steps }
}

fn bg(mover: &[(u8, u8)], opp: &[(u8, u8)]) -> VariantPosition {
    VariantPosition::Backgammon(
        Backgammon::from_setup(&Setup::from_points(Variant::Backgammon, White, mover, opp))
            .unwrap(),
    )
}

fn from(pos: VariantPosition, board: Scoreboard) -> TurnState<VariantPosition> {
    TurnState::new(
        pos,
        board,
        Cube::new(CubeRules::default()),
        false,
        None,
        None,
    )
    .unwrap()
}

#[test]
fn gnubg_marks_errors_and_rolls_beyond_its_thresholds() {
    assert_eq!(Skill::of(0.03), Skill::None);
    assert_eq!(Skill::of(0.0301), Skill::Doubtful);
    assert_eq!(Skill::of(0.06), Skill::Doubtful);
    assert_eq!(Skill::of(0.0601), Skill::Bad);
    assert_eq!(Skill::of(0.1201), Skill::VeryBad);
    assert_eq!(LuckMark::of(0.3), LuckMark::None);
    assert_eq!(LuckMark::of(0.31), LuckMark::Lucky);
    assert_eq!(LuckMark::of(-0.61), LuckMark::VeryUnlucky);
    assert_eq!(Rating::of(0.0019), Rating::Supernatural);
    assert_eq!(Rating::of(0.002), Rating::WorldClass);
    assert_eq!(Rating::of(0.0349), Rating::Beginner);
    assert_eq!(Rating::of(0.035), Rating::Awful);
    assert_eq!(Rating::of(0.0), Rating::Supernatural);
}

#[test]
fn bg10_the_opening_blunder_is_found_and_the_best_play_named() {
    // White wins the opening with 6-5: 24/13 is the book play; 13/7 13/8 gives up the run.
    let g = log(opening(Scoreboard::Money), &["r65", "13/7 13/8"]);
    for plies in [0, 1] {
        let a = analyze_game(&g, nets(), &AnalysisConfig::new(plies)).unwrap();
        assert_eq!(a.decisions.len(), 1);
        let d = &a.decisions[0];
        assert_eq!(
            (d.kind, d.player, d.move_number),
            (DecisionKind::Play, White, 1)
        );
        let best = d.best().unwrap();
        let text = d.position.format_play(&best.play);
        assert_eq!(text, "24/13", "plies {plies}");
        assert!(d.loss > DOUBTFUL, "{}", d.loss);
        assert_eq!(d.skill, Skill::of(d.loss));
        let played = d.played_candidate().unwrap();
        assert_eq!(d.position.format_play(&played.play), "13/8 13/7");
        assert!((best.equity - played.equity - d.loss).abs() < 1e-12);
        // Money play: the cost is the loss at the cube's value, 1.
        assert!((d.cost - d.loss).abs() < 1e-12);
        assert!(d.candidates.iter().all(|c| c.plies == plies || plies == 0));
        let s = &a.stats[White];
        assert_eq!((s.moves, s.unforced), (1, 1));
        assert!((s.checker_error_rate() - d.loss).abs() < 1e-12);
        // The opening roll's luck: one roll, for White.
        assert_eq!(a.rolls.len(), 1);
        assert!(a.rolls[0].opening && a.rolls[0].player == White);
    }
}

#[test]
fn move8_a_pass_and_a_forced_play_are_moves_but_not_decisions() {
    // White has one checker on the bar against a closed board: every roll passes.
    let closed = bg(
        &[(25, 1), (6, 2), (5, 2), (4, 2)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)],
    );
    let g = log(from(closed, Scoreboard::Money), &["r61", "-"]);
    let a = analyze_game(&g, nets(), &AnalysisConfig::new(0)).unwrap();
    assert!(a.decisions.iter().all(|d| d.kind != DecisionKind::Play));
    let s = &a.stats[White];
    assert_eq!((s.moves, s.unforced, s.checker_marks[0]), (1, 0, 1));
    assert_eq!(s.checker_error_rate(), 0.0);
    // A bear-off roll with one way to play it.
    let forced = bg(&[(1, 1)], &[(6, 3)]);
    let g = log(from(forced, Scoreboard::Money), &["r21", "1/off"]);
    let a = analyze_game(&g, nets(), &AnalysisConfig::new(1)).unwrap();
    assert_eq!(a.stats[White].moves, 1);
    assert_eq!(a.stats[White].unforced, 0);
    assert!(a.result.is_some());
}

#[test]
fn luck_averages_to_zero_over_the_21_rolls() {
    let pos = bg(
        &[(6, 3), (5, 3), (4, 3), (13, 2), (8, 4)],
        &[(6, 4), (5, 3), (4, 3), (13, 3), (24, 2)],
    );
    let mut mean = 0.0;
    let mut seen = Vec::new();
    for r in Dice::ALL_21 {
        let start = from(pos, Scoreboard::Money);
        let after = start.roll(r.high(), r.low()).unwrap();
        let play = after.position.legal_plays(r)[0];
        let g = GameLog {
            start,
            steps: vec![Step::Roll(r.high(), r.low()), Step::Play(play)],
        };
        let a = analyze_game(&g, nets(), &AnalysisConfig::new(0)).unwrap();
        let luck = a.rolls[0].luck;
        mean += f64::from(r.weight()) / 36.0 * luck;
        seen.push(a.rolls[0].before);
    }
    assert!(mean.abs() < 1e-9, "{mean}");
    // The equity before the roll does not depend on the roll.
    assert!(seen.iter().all(|b| (b - seen[0]).abs() < 1e-12));
}

#[test]
fn cube4_cube5_cube6_a_missed_double_a_wrong_drop_and_a_right_take() {
    // One checker on the 6 point against one on the 1 point: White wins 27 of 36 rolls, a
    // double and a take (Janowski's bear-off cube life keeps the take point below 25%).
    let race = bg(&[(6, 1)], &[(1, 1)]);
    let rolled = log(from(race, Scoreboard::Money), &["r21", "6/3"]);
    let a = analyze_game(&rolled, nets(), &AnalysisConfig::new(0)).unwrap();
    let nd = &a.decisions[0];
    assert_eq!(nd.kind, DecisionKind::NoDouble);
    let eq = nd.cube_decision.unwrap();
    assert_eq!(eq.action(), "Double, take");
    assert!(nd.loss > 0.0 && (nd.loss - (eq.double_take - eq.no_double)).abs() < 1e-12);
    assert_eq!(a.stats[White].missed_double_below_cash.count, 1);
    assert_eq!(
        (a.stats[White].cube_decisions, a.stats[White].close_cube),
        (1, 1)
    );
    assert!((eq.double_pass - 1.0).abs() < 1e-12);

    let dropped = log(from(race, Scoreboard::Money), &["double", "drop"]);
    let a = analyze_game(&dropped, nets(), &AnalysisConfig::new(0)).unwrap();
    let kinds: Vec<_> = a.decisions.iter().map(|d| (d.kind, d.player)).collect();
    assert_eq!(
        kinds,
        [(DecisionKind::Double, White), (DecisionKind::Drop, Black)]
    );
    assert_eq!(a.decisions[0].loss, 0.0);
    let drop = &a.decisions[1];
    assert!((drop.loss - (eq.double_pass - eq.double_take)).abs() < 1e-9);
    assert_eq!(a.stats[Black].wrong_drop.count, 1);
    assert_eq!(a.stats[Black].drops, 1);
    // The result: White wins the cube's 1 point; the luck-adjusted result has no luck in it.
    assert_eq!(a.stats[White].result, 1.0);
    assert_eq!(a.stats[Black].luck_adjusted, -1.0);

    let taken = log(
        from(race, Scoreboard::Money),
        &["double", "take", "r21", "6/3"],
    );
    let a = analyze_game(&taken, nets(), &AnalysisConfig::new(0)).unwrap();
    assert_eq!(a.decisions[1].kind, DecisionKind::Take);
    assert_eq!(a.decisions[1].loss, 0.0);
    assert_eq!(a.stats[Black].takes, 1);
    // After the take the cube is Black's: White's roll is no cube decision (CUBE-7).
    assert_eq!(a.stats[White].cube_decisions, 1);
}

#[test]
fn match3_match7_no_cube_decision_in_the_crawford_game_or_with_a_dead_cube() {
    let race = bg(&[(6, 1)], &[(1, 1)]);
    // 5-point match, White 4 Black 0: the Crawford game.
    let crawford = MatchScore::new(5, true).unwrap().record(Some(White), 4);
    assert!(crawford.crawford_game);
    let g = log(from(race, Scoreboard::Match(crawford)), &["r21", "6/3"]);
    let a = analyze_game(&g, nets(), &AnalysisConfig::new(0)).unwrap();
    assert_eq!(a.stats[White].cube_decisions, 0);
    // Post-Crawford, White at 4 needs 1: the cube at 1 already wins the match (dead).
    let post = crawford.record(Some(Black), 1);
    assert!(post.post_crawford);
    let g = log(from(race, Scoreboard::Match(post)), &["r21", "6/3"]);
    let a = analyze_game(&g, nets(), &AnalysisConfig::new(0)).unwrap();
    assert_eq!(a.stats[White].cube_decisions, 0);
}

#[test]
fn match1_costs_are_match_winning_chances_and_the_result_is_the_gain() {
    let race = bg(&[(6, 1)], &[(1, 1)]);
    let m = MatchScore::new(5, true).unwrap();
    let g = log(from(race, Scoreboard::Match(m)), &["double", "drop"]);
    let a = analyze_game(&g, nets(), &AnalysisConfig::new(0)).unwrap();
    let drop = &a.decisions[1];
    // A drop at 5-away 5-away: the cost in MWC is the loss times half the swing of a game.
    let won = crate::scoring::met::mwc(4, 5, false).unwrap();
    let lost = crate::scoring::met::mwc(5, 4, false).unwrap();
    assert!((drop.cost - drop.loss * 0.5 * (won - lost)).abs() < 1e-9);
    // White gained the MWC of 4-away 5-away over 5-away 5-away.
    let gain = won - crate::scoring::met::mwc(5, 5, false).unwrap();
    assert!((a.stats[White].result - gain).abs() < 1e-9);
    assert!((a.stats[Black].result + gain).abs() < 1e-9);
}

#[test]
fn the_analysis_refuses_illegal_actions_with_their_place_and_rule() {
    let start = opening(Scoreboard::Money);
    let bad = GameLog {
        start,
        steps: vec![Step::Roll(6, 5), Step::Double],
    };
    let e = analyze_game(&bad, nets(), &AnalysisConfig::new(0)).unwrap_err();
    assert_eq!(e.step, Some((1, "double".to_owned())));
    assert!(
        e.to_string().starts_with("action 2 (double): CUBE-3"),
        "{e}"
    );
    let wrong = GameLog {
        start,
        steps: vec![Step::Roll(6, 5), Step::Roll(3, 1)],
    };
    let e = analyze_game(&wrong, nets(), &AnalysisConfig::new(0)).unwrap_err();
    assert!(e.message.contains("BG-12"), "{e}");
    // A play of another roll is not legal here (MOVE-1).
    let after = start.roll(6, 5).unwrap();
    let other = after
        .position
        .parse_play(Dice::new(3, 1).unwrap(), "8/5 6/5");
    let other = other.unwrap();
    let illegal = GameLog {
        start,
        steps: vec![Step::Roll(6, 5), Step::Play(other)],
    };
    let e = analyze_game(&illegal, nets(), &AnalysisConfig::new(0)).unwrap_err();
    assert!(e.message.contains("MOVE-1"), "{e}");
    let ln = shipped(RulesFamily::LongNardy).unwrap();
    let e = analyze_game(&log(start, &["r65"]), ln, &AnalysisConfig::new(0)).unwrap_err();
    assert!(e.wrong_net && e.message.contains("long-nardy"), "{e}");
}

/// A game played to the end by the net at 0 ply from `start` with dice from `seed`.
fn played_game(start: TurnState<VariantPosition>, seed: u64) -> GameLog {
    let nets = match start.position {
        VariantPosition::Backgammon(_) => nets(),
        VariantPosition::Nardy(_) => shipped(RulesFamily::LongNardy).unwrap(),
    };
    let mut state = start;
    let mut steps = Vec::new();
    let mut x = seed | 1;
    let mut die = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % 6 + 1) as u8
    };
    while state.result.is_none() && steps.len() < 400 {
        let step = if let Some(dice) = state.dice {
            let plays = state.position.legal_plays(dice);
            if plays.is_empty() {
                Step::EmptyPlay
            } else {
                // The net's choice at 0 ply, by cubeless equity.
                let best = plays
                    .iter()
                    .max_by(|a, b| {
                        let v = |p: &VariantPlay| match p {
                            VariantPlay::Backgammon(p) => nets.after_state(p.after()).equity(),
                            VariantPlay::Nardy(p) => nets.after_state(p.after()).equity(),
                        };
                        v(a).total_cmp(&v(b))
                    })
                    .copied()
                    .unwrap();
                Step::Play(best)
            }
        } else {
            Step::Roll(die(), die())
        };
        state = apply(&state, &step).unwrap();
        steps.push(step);
    }
    GameLog { start, steps }
}

#[test]
fn a_whole_game_the_net_plays_itself_has_small_losses_and_balanced_luck() {
    let g = played_game(opening(Scoreboard::Money), 7);
    let a = analyze_game(&g, nets(), &AnalysisConfig::new(0)).unwrap();
    let r = a.result.unwrap();
    let w = r.winner.unwrap();
    // At 0 ply the net's own choices are its best plays by cubeless equity: losses come from
    // the cube's value of gammons only, and stay small.
    for c in [White, Black] {
        let s = &a.stats[c];
        assert!(s.moves >= s.unforced && s.unforced > 5, "{s:?}");
        assert!(
            s.checker_error_rate() < 0.02,
            "{c}: {}",
            s.checker_error_rate()
        );
        assert_eq!(s.rolls, s.moves);
    }
    assert_eq!(a.stats[w].result, f64::from(r.points));
    let adj = a.stats.white.luck_adjusted + a.stats.black.luck_adjusted;
    assert!(
        adj.abs() < 1e-9,
        "luck-adjusted results are a zero-sum: {adj}"
    );
    assert_eq!(
        a.rolls.len() as u32,
        a.stats.white.rolls + a.stats.black.rolls
    );
}

#[test]
fn ln38_long_nardy_games_have_checker_plays_and_luck_but_no_cube() {
    let ln = VariantPosition::start(Variant::LongNardy, White);
    let start =
        TurnState::new_nardy(ln, crate::scoring::nardy_referee::NardyReferee::default()).unwrap();
    let g = played_game(start, 3);
    let nets = shipped(RulesFamily::LongNardy).unwrap();
    let a = analyze_game(&g, nets, &AnalysisConfig::new(0)).unwrap();
    assert!(a.decisions.iter().all(|d| d.kind == DecisionKind::Play));
    assert!(a.decisions.len() > 20);
    assert!(a.rolls.iter().all(|r| !r.opening));
    for c in [White, Black] {
        assert_eq!(a.stats[c].cube_decisions, 0);
        assert!(a.stats[c].checker_error_rate() < 0.02);
    }
    let e = analyze_game(&g, super::tests::nets(), &AnalysisConfig::new(0)).unwrap_err();
    assert!(e.wrong_net, "{e}");
}

#[test]
fn the_played_play_is_valued_at_the_full_depth_and_deeper_search_changes_values() {
    let g = played_game(opening(Scoreboard::Money), 11);
    let short = GameLog {
        start: g.start,
        steps: g.steps[..12].to_vec(),
    };
    let a0 = analyze_game(&short, nets(), &AnalysisConfig::new(0)).unwrap();
    let a1 = analyze_game(&short, nets(), &AnalysisConfig::new(1)).unwrap();
    assert_eq!(a0.decisions.len(), a1.decisions.len());
    let mut differ = 0;
    let plays = |a: &GameAnalysis| -> Vec<Decision> {
        let p = a.decisions.iter().filter(|d| d.kind == DecisionKind::Play);
        p.cloned().collect()
    };
    let (p0, p1) = (plays(&a0), plays(&a1));
    assert!(p0.len() > 3);
    for (d0, d1) in p0.iter().zip(&p1) {
        let p = d1.played_candidate().unwrap();
        let top = d1.best().unwrap();
        assert_eq!(p.plies, top.plies);
        assert!(d1.candidates.len() <= game::MAX_CANDIDATES);
        if (d0.best().unwrap().equity - top.equity).abs() > 1e-6 {
            differ += 1;
        }
    }
    assert!(differ > 0);
}

#[test]
fn many_matches_on_many_threads_give_the_same_results_and_report_progress() {
    let games: Vec<GameLog> = (1..=4)
        .map(|s| played_game(opening(Scoreboard::Money), s))
        .collect();
    let matches = vec![games[..2].to_vec(), games[2..].to_vec()];
    let config = AnalysisConfig::new(0);
    let mut seen = Vec::new();
    let one = analyze_matches(&matches, &[nets()], &config, 1, &mut |p| {
        seen.push(p.games_done);
        ControlFlow::Continue(())
    })
    .unwrap()
    .unwrap();
    assert_eq!(seen.last(), Some(&4));
    let two = analyze_matches(&matches, &[nets()], &config, 2, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap()
    .unwrap();
    assert_eq!(one, two);
    assert_eq!(one[1].games.len(), 2);
    let mut sum = one[1].games[0].stats.white;
    sum.merge(&one[1].games[1].stats.white);
    assert_eq!(one[1].stats.white, sum);
    let stopped = analyze_matches(&matches, &[nets()], &config, 1, &mut |_| {
        ControlFlow::Break(())
    })
    .unwrap();
    assert!(stopped.is_none());
    let bad = vec![
        matches[0].clone(),
        vec![GameLog {
            start: opening(Scoreboard::Money),
            steps: vec![Step::Take],
        }],
    ];
    let e = analyze_matches(&bad, &[nets()], &config, 2, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap_err();
    assert_eq!((e.match_index, e.game), (Some(1), Some(0)));
    assert!(
        e.to_string()
            .starts_with("match 2, game 1, action 1 (take)"),
        "{e}"
    );
}

#[test]
#[ignore = "a timing probe, run by hand"]
fn probe_speed() {
    for plies in [0, 1, 2] {
        let t = std::time::Instant::now();
        let mut n = 0;
        let mut cands = 0;
        for s in 1..=4 {
            let g = played_game(opening(Scoreboard::Money), s);
            let a = analyze_game(&g, nets(), &AnalysisConfig::new(plies)).unwrap();
            n += a.decisions.len();
            cands += a
                .decisions
                .iter()
                .map(|d| d.candidates.len())
                .sum::<usize>();
        }
        eprintln!(
            "plies {plies}: {n} decisions {cands} candidates {:?}",
            t.elapsed()
        );
    }
}

#[test]
fn cube4_match1_a_cube_action_is_the_cube_searchs_decision_at_the_analysiss_depth() {
    // One cube model: the analysis at N plies values a double as `cube_decision` at N plies
    // decides it, in money play and in a match (White 0, Black 2 of 5).
    let race = bg(&[(6, 2), (5, 1)], &[(2, 1), (1, 1)]);
    let five = MatchScore::new(5, true).unwrap().record(Some(Black), 2);
    for board in [Scoreboard::Money, Scoreboard::Match(five)] {
        for plies in [0, 1, 2] {
            let g = log(from(race, board), &["double", "take"]);
            let a = analyze_game(&g, nets(), &AnalysisConfig::new(plies)).unwrap();
            let d = a.decisions[0].cube_decision.unwrap();
            let VariantPosition::Backgammon(pos) = race else {
                unreachable!()
            };
            let info = crate::policy::janowski::CubeInfo::new(
                crate::scoring::cube::CubeState::default(),
                White,
                board,
                CubeRules::default(),
            );
            // Pruned as the analysis prunes with the shipped nets.
            let expected = crate::policy::cube_search::CubefulSearch::new(nets())
                .with_prune(DEFAULT_PRUNE_KEEP)
                .unwrap()
                .cube_decision(&pos, &info, plies);
            assert_eq!(d, expected, "{board:?} at {plies} plies");
            // The take is valued against the same decision.
            let take = &a.decisions[1];
            let want = (d.double_take - d.answered(d.taker)).max(0.0);
            assert!((take.loss - want).abs() < 1e-12);
        }
    }
}

#[test]
fn cube4_match1_searched_plays_are_valued_as_the_cube_search_values_them_bit_for_bit() {
    // The analysis shares the opponent's cube decision with the play before it and
    // remembers the cube model's probabilities: the values must stay the cube search's own.
    let g = played_game(opening(Scoreboard::Money), 5);
    let five = MatchScore::new(5, true).unwrap().record(Some(Black), 2);
    let short = |start| GameLog {
        start,
        steps: g.steps[..14].to_vec(),
    };
    let mut start = g.start;
    start.board = Scoreboard::Match(five);
    let mut checked = 0;
    // Pruned as by default with the shipped nets, and not pruned: each the search's own values.
    for (game, prune) in [
        (short(g.start), None),
        (short(start), None),
        (short(g.start), Some(0)),
        (short(start), Some(0)),
    ] {
        let config = AnalysisConfig {
            prune,
            ..AnalysisConfig::new(1)
        };
        assert_eq!(
            config.prune_keep(nets()),
            prune.unwrap_or(DEFAULT_PRUNE_KEEP)
        );
        let mut search = crate::policy::cube_search::CubefulSearch::new(nets())
            .with_prune(config.prune_keep(nets()))
            .unwrap();
        let a = analyze_game(&game, nets(), &config).unwrap();
        for d in a.decisions.iter().filter(|d| d.kind == DecisionKind::Play) {
            let VariantPosition::Backgammon(pos) = d.position else {
                unreachable!()
            };
            let info = crate::policy::janowski::CubeInfo::new(
                d.cube,
                d.player,
                d.board,
                CubeRules::default(),
            );
            for c in d.candidates.iter().filter(|c| c.plies == 1) {
                let VariantPlay::Backgammon(play) = c.play else {
                    unreachable!()
                };
                let v = search.play_values(&pos, &[play], &info, 1);
                assert_eq!(c.equity.to_bits(), v[0].normalised.to_bits(), "{play:?}");
                assert_eq!(c.probabilities, v[0].probabilities);
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn an_analysis_goes_to_bytes_and_back_equal_and_damaged_bytes_are_refused() {
    // A money game played out, a match game with cube actions, and a Long Nardy game: every
    // kind of value the form holds (candidates, cube decisions, luck, results, match scores).
    let money = analyze_game(
        &played_game(opening(Scoreboard::Money), 5),
        nets(),
        &AnalysisConfig::new(0),
    )
    .unwrap();
    let race = bg(&[(6, 1)], &[(1, 1)]);
    let score = Scoreboard::Match(MatchScore::new(5, true).unwrap());
    let cube = log(from(race, score), &["double", "take", "r21", "6/3"]);
    let cube = analyze_game(&cube, nets(), &AnalysisConfig::new(0)).unwrap();
    let ln = VariantPosition::start(Variant::LongNardy, White);
    let start =
        TurnState::new_nardy(ln, crate::scoring::nardy_referee::NardyReferee::default()).unwrap();
    let nardy_nets = shipped(RulesFamily::LongNardy).unwrap();
    let nardy = analyze_game(&played_game(start, 2), nardy_nets, &AnalysisConfig::new(0)).unwrap();
    for games in [vec![money, cube], vec![nardy]] {
        let a = MatchAnalysis::from_games(games, 0);
        assert!(a.games.iter().any(|g| !g.decisions.is_empty()));
        let bytes = a.to_bytes();
        assert_eq!(MatchAnalysis::from_bytes(&bytes), Ok(a.clone()));
        // Cut anywhere, or with a byte too many, the form is refused with a message.
        for cut in [0, 3, 4, bytes.len() / 2, bytes.len() - 1] {
            let e = MatchAnalysis::from_bytes(&bytes[..cut]).unwrap_err();
            assert!(e.to_string().starts_with("not an analysis"), "{e}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(MatchAnalysis::from_bytes(&longer).is_err());
        // The values inside go alone too, each read back only as its own kind.
        for g in &a.games {
            for d in &g.decisions {
                assert_eq!(Decision::from_bytes(&d.to_bytes()), Ok(d.clone()));
                for c in &d.candidates {
                    assert_eq!(Candidate::from_bytes(&c.to_bytes()), Ok(*c));
                }
            }
            for r in &g.rolls {
                assert_eq!(RollLuck::from_bytes(&r.to_bytes()), Ok(*r));
                assert!(Decision::from_bytes(&r.to_bytes()).is_err());
            }
            let s = g.stats.white;
            assert_eq!(PlayerStats::from_bytes(&s.to_bytes()), Ok(s));
        }
    }
    // An analysis of no game goes and comes back too.
    let a = MatchAnalysis::from_games(Vec::new(), 2);
    assert_eq!(MatchAnalysis::from_bytes(&a.to_bytes()), Ok(a));
}
