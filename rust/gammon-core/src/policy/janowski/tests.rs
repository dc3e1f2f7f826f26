//! Tests of the cube model: against GNU Backgammon's own cube equities from the same
//! probabilities, and the rules (CUBE-*, MATCH-*, MONEY-*).

use super::*;
use crate::base::color::ByColor;
use crate::eval::bearoff::BearoffEvaluator;
use crate::rules::backgammon::bg;
use crate::scoring::cube::{CubeRules, CubeState};

fn probs(win: f32, win_gammon: f32, lose_gammon: f32) -> Probabilities {
    Probabilities {
        win,
        win_gammon,
        lose_gammon,
        ..Probabilities::default()
    }
}

fn money(value: u32, owner: Option<Color>, jacoby: bool, beavers: bool) -> CubeInfo {
    CubeInfo::new(
        CubeState { value, owner },
        Color::White,
        Scoreboard::Money,
        CubeRules {
            jacoby,
            beavers,
            ..CubeRules::default()
        },
    )
}

fn in_match(length: u32, me: u32, them: u32, crawford_game: bool, cube: CubeState) -> CubeInfo {
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
        cube,
        Color::White,
        Scoreboard::Match(m),
        CubeRules::default(),
    )
}

/// `(length (0: money), roller's score, opponent's score, Crawford game, cube, owner (-1
/// centred, 0 the roller, 1 the opponent), Jacoby, gnubg's ND, gnubg's DT, gnubg's proper
/// action ("" where the roller has no access))`.
type Row = (u32, u32, u32, bool, u32, i32, bool, f64, f64, &'static str);

/// GNU Backgammon 1.07's 0-ply cube evaluation (`cfevaluate`) of three contact positions
/// (cube life 0.68) for its player on roll, with its probabilities (`evaluate`), under money
/// and match cube states; match equities are its normalised equities (EMG), money ones per
/// unit of the cube.
#[rustfmt::skip]
const GNUBG_ZERO_PLY: &[(&str, [f32; 5], &[Row])] = &[
    (
        "4HPwATDgc/ABMA",
        [0.521514, 0.153921, 0.007563, 0.129847, 0.007546],
        &[
            (0, 0, 0, false, 1, -1, false, 0.092086, -0.191132, "No double, take"),
            (0, 0, 0, false, 1, -1, true, 0.084376, -0.191132, "No double, take"),
            (0, 0, 0, false, 2, 0, false, 0.244434, -0.191132, "No redouble, take"),
            (0, 0, 0, false, 2, 1, false, -0.095566, -0.191132, ""),
            (7, 0, 0, false, 1, -1, false, 0.092791, -0.194010, "No double, take"),
            (7, 5, 3, false, 1, -1, false, -0.159710, -1.206375, "No double, take"),
            (7, 3, 5, false, 1, -1, false, 0.366826, 0.415399, "Double, take"),
            (7, 4, 4, false, 1, -1, false, 0.103300, -0.234465, "No double, take"),
            (7, 5, 5, false, 1, -1, false, 0.086821, 0.121300, "Double, take"),
            (7, 6, 3, true, 1, -1, false, -0.090655, -0.859618, "Never double, take (dead cube)"),
            (7, 6, 3, false, 1, -1, false, -0.613550, -1.612005, "Never double, take (dead cube)"),
            (7, 3, 6, false, 1, -1, false, 0.751412, 1.066188, "Double, pass"),
            (7, 2, 4, false, 2, 0, false, 0.516467, 0.589778, "Redouble, take"),
            (7, 2, 4, false, 2, 1, false, 0.091365, 0.589778, ""),
            (7, 1, 1, false, 2, 0, false, 0.239713, -0.128113, "No redouble, take"),
            (7, 4, 2, false, 4, 1, false, -0.200596, -0.274672, ""),
            (7, 0, 0, false, 2, 1, false, -0.096114, -0.176963, ""),
            (11, 0, 0, false, 4, 0, false, 0.224721, -0.013286, "No redouble, take"),
            (11, 3, 7, false, 1, -1, false, 0.224243, 0.058657, "No double, take"),
            (5, 2, 2, false, 1, -1, false, 0.103300, -0.234465, "No double, take"),
            (5, 0, 3, false, 1, -1, false, 0.205654, 0.106039, "No double, take"),
            (5, 3, 0, false, 2, 1, false, -0.610316, -1.209528, ""),
            (9, 2, 5, false, 2, 0, false, 0.484746, 0.557018, "Redouble, take"),
            (9, 5, 2, false, 2, 1, false, -0.304646, -1.060399, ""),
        ],
    ),
    (
        "md0MBDC2bQMABw",
        [0.732639, 0.199743, 0.012546, 0.043882, 0.000607],
        &[
            (0, 0, 0, false, 1, -1, false, 0.882039, 1.084352, "Double, pass"),
            (0, 0, 0, false, 1, -1, true, 0.828343, 1.084352, "Double, pass"),
            (0, 0, 0, false, 2, 0, false, 0.882176, 1.084352, "Redouble, pass"),
            (0, 0, 0, false, 2, 1, false, 0.542176, 1.084352, ""),
            (7, 0, 0, false, 1, -1, false, 0.885943, 1.107520, "Double, pass"),
            (7, 5, 3, false, 1, -1, false, 0.704819, 0.572207, "No double, take"),
            (7, 3, 5, false, 1, -1, false, 0.923576, 1.611113, "Double, pass"),
            (7, 4, 4, false, 1, -1, false, 0.937655, 1.292711, "Double, pass"),
            (7, 5, 5, false, 1, -1, false, 0.748809, 1.311678, "Double, pass"),
            (7, 6, 3, true, 1, -1, false, 0.420244, 0.051906, "Never double, take (dead cube)"),
            (7, 6, 3, false, 1, -1, false, 0.169774, -0.430376, "Never double, take (dead cube)"),
            (7, 3, 6, false, 1, -1, false, 0.980597, 1.850312, "Double, pass"),
            (7, 2, 4, false, 2, 0, false, 1.006052, 1.584103, "Too good to redouble, pass"),
            (7, 2, 4, false, 2, 1, false, 0.680804, 1.584103, ""),
            (7, 1, 1, false, 2, 0, false, 0.870987, 1.027248, "Redouble, pass"),
            (7, 4, 2, false, 4, 1, false, 0.335242, 0.287760, ""),
            (7, 0, 0, false, 2, 1, false, 0.548677, 1.049953, ""),
            (11, 0, 0, false, 4, 0, false, 0.833774, 0.926897, "Redouble, take"),
            (11, 3, 7, false, 1, -1, false, 0.914450, 1.303816, "Double, pass"),
            (5, 2, 2, false, 1, -1, false, 0.937655, 1.292711, "Double, pass"),
            (5, 0, 3, false, 1, -1, false, 0.882088, 1.248272, "Double, pass"),
            (5, 3, 0, false, 2, 1, false, 0.146168, -0.219823, ""),
            (9, 2, 5, false, 2, 0, false, 0.961885, 1.616112, "Redouble, pass"),
            (9, 5, 2, false, 2, 1, false, 0.467887, 0.403862, ""),
        ],
    ),
    (
        "dnYYAjDydgMDIA",
        [0.668465, 0.184914, 0.013526, 0.094567, 0.002192],
        &[
            (0, 0, 0, false, 1, -1, false, 0.614399, 0.651776, "Double, take"),
            (0, 0, 0, false, 1, -1, true, 0.581862, 0.651776, "Double, take"),
            (0, 0, 0, false, 2, 0, false, 0.665888, 0.651776, "No redouble, take"),
            (0, 0, 0, false, 2, 1, false, 0.325888, 0.651776, ""),
            (7, 0, 0, false, 1, -1, false, 0.623809, 0.670116, "Double, take"),
            (7, 5, 3, false, 1, -1, false, 0.407497, -0.004981, "No double, take"),
            (7, 3, 5, false, 1, -1, false, 0.819114, 1.243466, "Double, pass"),
            (7, 4, 4, false, 1, -1, false, 0.705412, 0.807663, "Double, take"),
            (7, 5, 5, false, 1, -1, false, 0.501282, 0.949847, "Double, take"),
            (7, 6, 3, true, 1, -1, false, 0.239814, -0.303089, "Never double, take (dead cube)"),
            (7, 6, 3, false, 1, -1, false, -0.129360, -0.814484, "Never double, take (dead cube)"),
            (7, 3, 6, false, 1, -1, false, 0.910853, 1.609107, "Double, pass"),
            (7, 2, 4, false, 2, 0, false, 0.897342, 1.280550, "Redouble, pass"),
            (7, 2, 4, false, 2, 1, false, 0.496780, 1.280550, ""),
            (7, 1, 1, false, 2, 0, false, 0.670170, 0.664229, "No redouble, take"),
            (7, 4, 2, false, 4, 1, false, 0.167150, 0.116801, ""),
            (7, 0, 0, false, 2, 1, false, 0.331982, 0.661307, ""),
            (11, 0, 0, false, 4, 0, false, 0.638741, 0.636580, "No redouble, take"),
            (11, 3, 7, false, 1, -1, false, 0.768348, 0.912374, "Double, take"),
            (5, 2, 2, false, 1, -1, false, 0.705412, 0.807663, "Double, take"),
            (5, 0, 3, false, 1, -1, false, 0.737769, 0.907490, "Double, take"),
            (5, 3, 0, false, 2, 1, false, -0.121267, -0.533315, ""),
            (9, 2, 5, false, 2, 0, false, 0.860332, 1.291270, "Redouble, pass"),
            (9, 5, 2, false, 2, 1, false, 0.185099, -0.066636, ""),
        ],
    ),
];

#[test]
fn cube8_match1_the_model_gives_gnubgs_equities_from_its_probabilities() {
    for (id, p, rows) in GNUBG_ZERO_PLY {
        let probs = Probabilities {
            win: p[0],
            win_gammon: p[1],
            win_backgammon: p[2],
            lose_gammon: p[3],
            lose_backgammon: p[4],
            draw: 0.0,
        };
        for &(length, me, them, crawford, value, owner, jacoby, nd, dt, action) in *rows {
            let owner = match owner {
                -1 => None,
                0 => Some(Color::White),
                _ => Some(Color::Black),
            };
            let cube = CubeState { value, owner };
            let info = if length == 0 {
                money(value, owner, jacoby, false)
            } else {
                in_match(length, me, them, crawford, cube)
            };
            let d = decision_from_probabilities(&probs, &info, CONTACT_CUBE_LIFE);
            let what = format!("{id} {length} {me}-{them} crawford {crawford} {cube}");
            assert!(
                (d.no_double - nd).abs() < 2e-4,
                "{what}: ND {} vs {nd}",
                d.no_double
            );
            assert!(
                (d.double_take - dt).abs() < 2e-4,
                "{what}: DT {} vs {dt}",
                d.double_take
            );
            assert!(
                (d.double_pass - 1.0).abs() < 1e-9,
                "{what}: DP {}",
                d.double_pass
            );
            if !action.is_empty() {
                assert_eq!(d.action(), action, "{what}");
            } else {
                assert_eq!(d.doubler, DoublerAction::Unavailable, "{what}");
            }
        }
    }
}

#[test]
fn janowskis_take_and_cash_points() {
    // Without gammons: 25% with a dead cube, 20% with a fully live one (Janowski 1993).
    assert!((take_point(1.0, 1.0, 0.0) - 0.25).abs() < 1e-12);
    assert!((take_point(1.0, 1.0, 1.0) - 0.2).abs() < 1e-12);
    assert!((cash_point(1.0, 1.0, 1.0) - 0.8).abs() < 1e-12);
    assert!((take_point(1.0, 1.0, 0.68) - 0.5 / 2.34).abs() < 1e-12);
    // The decision's take point is the model's: the taker's 21.4% at cube life 0.68 without
    // gammons, 25% with a dead cube.
    let info = CubeInfo::money(Color::White);
    let p = probs(0.7, 0.0, 0.0);
    assert!((info.take_point(&p, 0.68) - 0.5 / 2.34).abs() < 1e-6);
    assert!((info.take_point(&p, 0.0) - 0.25).abs() < 1e-6);
    // Gammons for the doubler raise it.
    assert!(info.take_point(&probs(0.7, 0.2, 0.0), 0.68) > 0.25);
}

#[test]
fn cube5_cube6_money_take_and_pass_around_the_take_point() {
    let x = CONTACT_CUBE_LIFE;
    let info = CubeInfo::money(Color::White);
    let tp = take_point(1.0, 1.0, x) as f32;
    let just_take = decision_from_probabilities(&probs(1.0 - tp - 0.01, 0.0, 0.0), &info, x);
    assert!(
        just_take.should_take() && just_take.should_double(),
        "{just_take}"
    );
    assert_eq!(just_take.action(), "Double, take");
    let just_pass = decision_from_probabilities(&probs(1.0 - tp + 0.01, 0.0, 0.0), &info, x);
    assert!(
        !just_pass.should_take() && just_pass.should_double(),
        "{just_pass}"
    );
    assert_eq!(just_pass.action(), "Double, pass");
    // Far too early: no double.
    let early = decision_from_probabilities(&probs(0.55, 0.0, 0.0), &info, x);
    assert_eq!(early.action(), "No double, take");
    // Gammons for the doubler raise the take point.
    let gammonish = money_decision(&probs(0.75, 0.25, 0.0), 1, Ownership::Centred, x, false);
    assert!(!gammonish.should_take(), "{gammonish}");
    // CUBE-8: money equities are per unit of the cube: the same at 1 and 4.
    let four = money_decision(&probs(0.75, 0.0, 0.0), 4, Ownership::Mine, x, false);
    let one = money_decision(&probs(0.75, 0.0, 0.0), 1, Ownership::Mine, x, false);
    assert!((four.no_double - one.no_double).abs() < 1e-12);
    assert_eq!(four.action(), one.action());
    assert!(four.action().starts_with("Redouble"), "{four}");
}

#[test]
fn a_clear_pass_is_a_pass_and_a_no_double_position_does_not_double() {
    let info = CubeInfo::money(Color::White);
    for p in [0.86f32, 0.9, 0.95] {
        let d = decision_from_probabilities(&probs(p, 0.0, 0.0), &info, 0.68);
        assert_eq!(d.taker, TakerAction::Pass, "{d}");
        assert!(d.double_take > d.double_pass);
    }
    for p in [0.3f32, 0.45, 0.55, 0.6] {
        let d = decision_from_probabilities(&probs(p, 0.05, 0.05), &info, 0.68);
        assert_eq!(d.doubler, DoublerAction::NoDouble, "{d}");
        assert!(d.no_double > d.double_take);
    }
}

#[test]
fn too_good_positions_play_on_for_the_gammon_money2_jacoby_doubles_them_out() {
    let d = money_decision(&probs(0.9, 0.6, 0.0), 1, Ownership::Centred, 0.68, false);
    assert!(d.too_good() && !d.should_double(), "{d}");
    assert_eq!(d.action(), "Too good to double, pass");
    assert!(d.no_double > d.double_pass);
    // MONEY-2 (Jacoby): with the cube centred the gammons count single, so the same
    // position is doubled out.
    let d = money_decision(&probs(0.9, 0.6, 0.0), 1, Ownership::Centred, 0.68, true);
    assert_eq!(d.action(), "Double, pass", "{d}");
    // Once the cube is owned, the gammons count again (MONEY-2): too good to redouble.
    let d = money_decision(&probs(0.9, 0.6, 0.0), 2, Ownership::Mine, 0.68, true);
    assert_eq!(d.action(), "Too good to redouble, pass", "{d}");
}

#[test]
fn cube12_a_take_the_taker_wins_is_a_beaver_where_beavers_are_allowed() {
    // 55% with gammons even: the doubler's side after a take is worth less than nothing.
    let p = probs(0.55, 0.1, 0.1);
    let d = decision_from_probabilities(&p, &money(1, None, false, true), 0.68);
    assert!(d.double_take <= 0.0, "{d}");
    assert_eq!(d.taker, TakerAction::Beaver);
    assert!(d.beaver);
    assert_eq!(d.action(), "No double, beaver");
    // Without beavers (the default, CUBE-12) it is a take; in match play there are none.
    let d = decision_from_probabilities(&p, &money(1, None, false, false), 0.68);
    assert_eq!(d.taker, TakerAction::Take);
    let d = decision_from_probabilities(&p, &in_match(7, 0, 0, false, CubeState::default()), 0.68);
    assert_eq!(d.taker, TakerAction::Take);
    // A double the taker would win, owned cube: no redouble, beaver.
    let d = decision_from_probabilities(&p, &money(2, Some(Color::White), false, true), 0.68);
    assert_eq!(d.action(), "No redouble, beaver");
}

#[test]
fn cube3_match3_match7_unavailable_and_dead_cubes_are_never_doubled() {
    let p = probs(0.8, 0.1, 0.02);
    // CUBE-3: the opponent owns the cube.
    let d = decision_from_probabilities(&p, &money(2, Some(Color::Black), false, false), 0.68);
    assert_eq!(d.doubler, DoublerAction::Unavailable);
    // MATCH-3: the Crawford game.
    let crawford = in_match(7, 3, 6, true, CubeState::default());
    assert!(!crawford.may_double() && !crawford.is_live());
    let d = decision_from_probabilities(&p, &crawford, 0.68);
    assert_eq!(d.action(), "Never double, take (dead cube)");
    // MATCH-7: post-Crawford, the leader's cube already wins the match.
    let leader = in_match(7, 6, 3, false, CubeState::default());
    assert!(!leader.may_double());
    assert_eq!(
        decision_from_probabilities(&p, &leader, 0.68).doubler,
        DoublerAction::DeadCube
    );
    // The trailer doubles at once: nothing to lose.
    let trailer = in_match(7, 3, 6, false, CubeState::default());
    assert!(trailer.may_double());
    assert!(decision_from_probabilities(&probs(0.4, 0.1, 0.1), &trailer, 0.68).should_double());
    // CUBE-10: at the cap nobody doubles.
    let capped = CubeInfo::new(
        CubeState {
            value: 64,
            owner: Some(Color::White),
        },
        Color::White,
        Scoreboard::Money,
        CubeRules::default(),
    );
    assert_eq!(
        decision_from_probabilities(&p, &capped, 0.68).doubler,
        DoublerAction::Unavailable
    );
}

#[test]
fn match1_two_away_two_away_take_point_comes_from_the_table() {
    // At 2-away 2-away a double makes the game decide the match: the taker needs the MWC of
    // 2-away against the Crawford 1-away, 1 - 0.67736 (Kazaross-XG2), gammons or not.
    let info = in_match(5, 3, 3, false, CubeState::default());
    for (win, take) in [(0.70f32, false), (0.65, true)] {
        let d = match_decision(
            &probs(win, 0.1, 0.05),
            info.table_match().unwrap(),
            Color::White,
            1,
            Ownership::Centred,
            0.68,
        )
        .unwrap();
        let [_, dt, dp] = d.mwc.unwrap();
        assert!((dp - 0.67736).abs() < 1e-9, "{d}");
        assert!((dt - f64::from(win)).abs() < 1e-6, "{d}");
        assert_eq!(d.should_take(), take, "{win}");
    }
    assert!((info.take_point(&probs(0.7, 0.1, 0.05), 0.68) - (1.0 - 0.67736)).abs() < 1e-6);
}

#[test]
fn a_match_beyond_the_table_is_decided_as_money_play() {
    let info = in_match(40, 0, 0, false, CubeState::default());
    assert!(info.is_money() && info.table_match().is_none());
    let d = decision_from_probabilities(&probs(0.7, 0.1, 0.05), &info, 0.68);
    let m =
        decision_from_probabilities(&probs(0.7, 0.1, 0.05), &money(1, None, false, false), 0.68);
    assert_eq!((d.no_double, d.double_take), (m.no_double, m.double_take));
    assert!(d.mwc.is_none());
}

#[test]
fn cube5_exact_bearoff_double_take_and_double_pass() {
    let policy = JanowskiCube::new(Arc::new(BearoffEvaluator));
    let rules = CubeRules::default();
    let board = Scoreboard::Money;
    let ctx = |pos, player| CubeContext {
        position: pos,
        player,
        cube: CubeState::default(),
        rules: &rules,
        board: &board,
    };
    // One checker on the 6 point against one on the 1 point: 27 of 36 (exact), the
    // textbook double and (borderline) take: the taker's 25% is the take point of a cube
    // that is dead after this roll, and above the model's 23.8% with the bear-off life.
    let pos = bg(&[(6, 1)], &[(1, 1)]);
    assert_eq!(policy.offer_double(&ctx(&pos, Color::White)), Ok(true));
    let offer = CubeState::default().offer(Color::White);
    assert_eq!(
        policy.respond(&ctx(&pos, Color::Black), &offer, false),
        Ok(Response::Take)
    );
    // Two checkers on the 1 point: the mover bears both off at once, a sure win, a pass.
    let pos = bg(&[(1, 2)], &[(2, 2)]);
    let d = policy.decision(&ctx(&pos, Color::White));
    assert!(!d.should_take(), "{d}");
    assert_eq!(
        policy.respond(&ctx(&pos, Color::Black), &offer, false),
        Ok(Response::Drop)
    );
    // A long even bear-off, the mover a little behind: no double.
    let pos = bg(&[(6, 4), (5, 4)], &[(6, 3), (5, 3), (4, 1)]);
    assert_eq!(policy.offer_double(&ctx(&pos, Color::White)), Ok(false));
}

#[test]
fn match7_dead_cube_and_match_winning_takes() {
    let rules = CubeRules::default().for_match();
    let policy = JanowskiCube::new(Arc::new(BearoffEvaluator));
    let pos = bg(&[(6, 1)], &[(1, 1)]);
    let mut m = MatchScore::new(5, true).unwrap();
    m.post_crawford = true;
    m.score.white = 4;
    m.score.black = 3;
    let board = Scoreboard::Match(m);
    let ctx = |player| CubeContext {
        position: &pos,
        player,
        cube: CubeState::default(),
        rules: &rules,
        board: &board,
    };
    // White needs 1: the cube at 1 already wins the match (MATCH-7).
    assert_eq!(policy.offer_double(&ctx(Color::White)), Ok(false));
    // Doubled at 4-3 post-Crawford, dropping hands White the match: Black takes.
    let offer = CubeState::default().offer(Color::White);
    assert_eq!(
        policy.respond(&ctx(Color::Black), &offer, false),
        Ok(Response::Take)
    );
}

#[test]
fn cube4_cube5_cube6_the_policy_plays_money_sessions_and_matches() {
    use crate::play::cube_game::CubefulRules;
    use crate::policy::PerfectBearoff;
    use crate::run::simulate::{simulate_matches, simulate_money, SimConfig};
    use crate::scoring::referee::StandardReferee;
    use std::ops::ControlFlow;
    let start = bg(
        &[(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)],
        &[(6, 4), (5, 3), (4, 3), (3, 3), (2, 1), (1, 1)],
    );
    let checker = PerfectBearoff::default();
    let cube = JanowskiCube::new(Arc::new(BearoffEvaluator));
    let rules = CubefulRules {
        referee: &StandardReferee,
        policies: ByColor {
            white: &checker,
            black: &checker,
        },
        cube_policies: ByColor {
            white: &cube,
            black: &cube,
        },
        cube_rules: CubeRules::default(),
    };
    let mut config = SimConfig::new(4);
    config.threads = 1;
    let money = simulate_money(&start, &rules, 0..400, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let t = money.tally;
    assert_eq!(t.games, 400);
    assert!(t.doubles > 0, "{t:?}");
    assert!(t.drops.white + t.drops.black > 0, "{t:?}");
    assert!(t.cube > t.games, "some doubles were taken: {t:?}");
    let matches = simulate_matches(&start, &rules, 5, true, 0..40, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(matches.tally.matches, 40);
    assert!(matches.tally.doubles > 0);
}

#[test]
fn cube2_with_cube_use_off_the_cube_is_dead_and_the_value_is_cubeless() {
    let p = probs(0.6, 0.15, 0.08);
    let mut off = money(1, None, false, false);
    off.rules.enabled = false;
    let on = money(1, None, false, false);
    assert!(!off.is_live() && !off.may_double() && on.is_live());
    // Money: the cubeless equity, whatever the cube life.
    let cubeless = f64::from(p.equity());
    assert!((cubeful_equity(&p, &off, 0.68) - cubeless).abs() < 1e-6);
    assert!((cubeful_equity(&p, &on, 0.68) - cubeless).abs() > 1e-3);
    let d = decision_from_probabilities(&p, &off, 0.68);
    assert_eq!(d.doubler, DoublerAction::Unavailable);
    assert!((d.no_double - cubeless).abs() < 1e-6);
    // Match play: the dead cube's match winning chance.
    let mut m_off = in_match(7, 2, 3, false, CubeState::default());
    m_off.rules.enabled = false;
    let dead = cubeful_equity(&p, &m_off, 0.0);
    assert!((cubeful_equity(&p, &m_off, 0.68) - dead).abs() < 1e-12);
}

/// The shipped net, counting what it is asked.
struct Counting {
    asked: std::sync::atomic::AtomicUsize,
}

impl Counting {
    fn asked(&self) -> usize {
        self.asked.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Evaluator<Backgammon> for Counting {
    fn evaluate(&self, pos: &Backgammon) -> Probabilities {
        self.asked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        crate::eval::net::shipped(RulesFamily::Backgammon)
            .unwrap()
            .evaluate(pos)
    }
    fn play_equities(
        &self,
        pos: &Backgammon,
        plays: &[crate::base::moves::Play<Backgammon>],
        out: &mut Vec<f32>,
    ) {
        self.asked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        crate::eval::net::shipped(RulesFamily::Backgammon)
            .unwrap()
            .play_equities(pos, plays, out);
    }
}

#[test]
fn the_memo_of_on_roll_probabilities_gives_the_same_values_and_asks_once() {
    // The opponent on the bar (read one roll ahead: 21 rolls' plays valued) and a plain
    // contact position (one evaluation).
    let on_bar = bg(
        &[(13, 5), (8, 3), (6, 5), (5, 2)],
        &[(25, 1), (24, 1), (13, 5), (8, 3), (6, 5)],
    );
    let plain = bg(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
    );
    assert!(opponent_on_bar(&on_bar) && !opponent_on_bar(&plain));
    let counting = Counting {
        asked: std::sync::atomic::AtomicUsize::new(0),
    };
    let (mut plays, mut eq) = (Box::<PlayList<Backgammon>>::default(), Vec::new());
    let mut read = |e: &dyn Evaluator<Backgammon>, p: &Backgammon| {
        on_roll_probabilities(e, p, &mut plays, &mut eq)
    };
    let want = [read(&counting, &on_bar), read(&counting, &plain)];
    let alone = counting.asked();
    assert!(alone > 21, "{alone}");
    let other = Counting {
        asked: std::sync::atomic::AtomicUsize::new(0),
    };
    remembering_on_roll(&counting, 16, || {
        for _ in 0..3 {
            assert_eq!([read(&counting, &on_bar), read(&counting, &plain)], want);
        }
        // Asked once per position; another evaluator is not served from the memo.
        assert_eq!(counting.asked(), 2 * alone);
        assert_eq!(read(&other, &on_bar), want[0]);
        assert_eq!(read(&other, &on_bar), want[0]);
        assert!(other.asked() > 2 * 21);
        // A nested memo, then the outer one again.
        remembering_on_roll(&counting, 16, || read(&counting, &plain));
        assert_eq!(read(&counting, &plain), want[1]);
        assert_eq!(counting.asked(), 2 * alone + 1);
    });
    // None once it returns.
    read(&counting, &plain);
    assert_eq!(counting.asked(), 2 * alone + 2);
}
