use super::*;
use crate::base::color::ByColor;
use crate::base::setup::Setup;
use crate::base::variant::Variant;
use crate::policy::cube_kind::{BackgammonCubePolicy, CubePolicyKind};
use crate::policy::janowski::{DoublerAction, TakerAction};
use crate::policy::Pubeval;
use crate::rules::backgammon::Backgammon;
use crate::run::cubeful::cubeful_rollout;
use crate::scoring::cube::CubeRules;
use crate::scoring::met::mwc;
use crate::scoring::referee::StandardReferee;
use crate::scoring::scoreboard::MatchScore;

type Rules<'a> = CubefulRules<'a, StandardReferee, Pubeval, BackgammonCubePolicy>;

fn rules<'a>(pubeval: &'a Pubeval, cube: &'a BackgammonCubePolicy, cr: CubeRules) -> Rules<'a> {
    CubefulRules {
        referee: &StandardReferee,
        policies: ByColor {
            white: pubeval,
            black: pubeval,
        },
        cube_policies: ByColor {
            white: cube,
            black: cube,
        },
        cube_rules: cr,
    }
}

fn bg(turn: Color, mover: &[(u8, u8)], opp: &[(u8, u8)]) -> Backgammon {
    Backgammon::from_setup(&Setup::from_points(Variant::Backgammon, turn, mover, opp)).unwrap()
}

/// After 6-5 run, 3-1 made point: an opening-like middle game.
fn middle_game() -> Backgammon {
    bg(
        Color::Black,
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 1), (18, 1), (13, 4), (8, 2), (6, 4), (5, 2), (16, 1)],
    )
}

fn go() -> impl FnMut(&CubeRolloutProgress<'_>) -> ControlFlow<()> {
    |_| ControlFlow::Continue(())
}

fn run(
    pos: &Backgammon,
    r: &Rules<'_>,
    cube: CubeState,
    board: &Scoreboard,
    games: Range<u64>,
    config: &RolloutConfig,
) -> Result<CubeRolloutRun, CubeRolloutError> {
    cube_decision_rollout(pos, r, cube, board, games, config, &mut go())
}

#[test]
fn cube6_a_won_race_is_double_pass_and_the_lines_are_exact_on_stratified_dice() {
    // One checker on the 3 point and one on the 1 point: every roll but 2-1 bears both off
    // (34 of 36); the opponent (one checker on the 1 point) wins on their turn, doubling out
    // the player first. With stratified first rolls every 36 games cover each roll once.
    let pos = bg(Color::White, &[(3, 1), (1, 1)], &[(1, 1)]);
    let pubeval = Pubeval::new();
    let cube = BackgammonCubePolicy::from(CubePolicyKind::Net);
    let r = rules(&pubeval, &cube, CubeRules::default());
    let t = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Money,
        0..360,
        &RolloutConfig::new(4),
    )
    .unwrap()
    .tally;
    let info = CubeInfo::money(Color::White);
    let s = t.summary(&info, 0.6);
    // No double: +1 in 34 rolls of 36, -1 in 2. Double/take at the 2-cube, per current cube:
    // twice that. Double/pass: +1 exactly (CUBE-6).
    assert_eq!(t.sum[NO_DOUBLE] * 36, 32 * 360);
    assert_eq!(t.sum[DOUBLE_TAKE] * 36, 64 * 360);
    assert_eq!(s.values[2], 1.0);
    assert_eq!(s.std_errors[2], 0.0);
    assert_eq!(s.decision.doubler, DoublerAction::Double);
    assert_eq!(s.decision.taker, TakerAction::Pass);
    assert_eq!(s.decision.action(), "Double, pass");
    // The beaver line is rolled out only with beavers on.
    assert!(!s.beaver_line && s.equities[3].is_nan());
    assert_eq!(t.lines[DOUBLE_BEAVER].games, 0);
    t.validate(false, true).unwrap();
}

#[test]
fn match1_double_pass_is_the_met_value_at_the_score_and_values_are_match_winning_chances() {
    let pos = bg(Color::White, &[(3, 1), (1, 1)], &[(1, 1)]);
    let pubeval = Pubeval::new();
    let cube = BackgammonCubePolicy::from(CubePolicyKind::Net);
    let r = rules(&pubeval, &cube, CubeRules::default());
    // 7-point match, White 2, Black 3: White 5 away, Black 4 away.
    let m = MatchScore::from_parts(7, ByColor { white: 2, black: 3 }, true, false, None).unwrap();
    let board = Scoreboard::Match(m);
    let t = run(
        &pos,
        &r,
        CubeState::default(),
        &board,
        0..72,
        &RolloutConfig::new(2),
    )
    .unwrap()
    .tally;
    let info = CubeInfo::new(
        CubeState::default(),
        Color::White,
        board,
        CubeRules::default(),
    );
    let s = t.summary(&info, 0.6);
    // Double/pass: White wins 1 point, 4 away against 4 away.
    let dp = mwc(4, 4, false).unwrap();
    assert_eq!(s.values[2], dp);
    assert_eq!(s.mwc.unwrap()[2], dp);
    assert_eq!(s.equities[2], 1.0);
    // No double: White wins 1 point in 34 of 36 games; else Black doubles White out.
    let lose = mwc(5, 3, false).unwrap();
    let want = (34.0 * dp + 2.0 * lose) / 36.0;
    assert!((s.values[0] - want).abs() < 1e-9, "{} {want}", s.values[0]);
    assert_eq!(s.decision.action(), "Double, pass");
    assert!(!s.beaver_line);
    t.validate(false, false).unwrap();
}

#[test]
fn the_result_is_the_same_on_any_threads_chunks_and_ranges_and_the_paired_error_is_smaller() {
    let pos = middle_game();
    let pubeval = Pubeval::new();
    let cube = BackgammonCubePolicy::from(CubePolicyKind::Net);
    let r = rules(&pubeval, &cube, CubeRules::default());
    let mut config = RolloutConfig::new(11);
    config.threads = 1;
    let whole = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Money,
        0..400,
        &config,
    )
    .unwrap();
    config.threads = 2;
    config.chunk_size = 17;
    let two = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Money,
        0..400,
        &config,
    )
    .unwrap();
    assert_eq!(two.tally, whole.tally);
    let mut parts = CubeRolloutTally::default();
    for g in [0..150, 150..400] {
        let p = run(
            &pos,
            &r,
            CubeState::default(),
            &Scoreboard::Money,
            g,
            &config,
        )
        .unwrap();
        parts.merge(&p.tally);
    }
    assert_eq!(parts, whole.tally);
    // The no-double line is game for game the cubeful rollout's game with the player on roll
    // kept from doubling at the first turn: with cube policies that never double at all the
    // two are the same games.
    let never = BackgammonCubePolicy::from(CubePolicyKind::Never);
    let rn = rules(&pubeval, &never, CubeRules::default());
    let nd = run(
        &pos,
        &rn,
        CubeState::default(),
        &Scoreboard::Money,
        0..400,
        &config,
    )
    .unwrap();
    let cubeful = cubeful_rollout(
        &pos,
        &rn,
        CubeState::default(),
        0..400,
        &config,
        &mut |_| ControlFlow::Continue(()),
    )
    .unwrap();
    assert_eq!(nd.tally.lines[NO_DOUBLE], cubeful.tally);
    // Common dice pay: the paired error of ND - DT is well below the unpaired one.
    let s = whole.tally.summary(&CubeInfo::money(Color::Black), 0.68);
    let (_, paired) = s.difference;
    assert!(
        paired > 0.0 && paired < 0.8 * s.unpaired_std_error,
        "{paired} {}",
        s.unpaired_std_error
    );
    whole.tally.validate(false, true).unwrap();
}

#[test]
fn cube12_with_beavers_the_beaver_line_is_rolled_out_at_four_times_the_cube() {
    let pos = middle_game();
    let pubeval = Pubeval::new();
    let never = BackgammonCubePolicy::from(CubePolicyKind::Never);
    let cr = CubeRules {
        beavers: true,
        ..CubeRules::default()
    };
    let r = rules(&pubeval, &never, cr);
    let t = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Money,
        0..200,
        &RolloutConfig::new(3),
    )
    .unwrap()
    .tally;
    // Nobody turns the cube after the decision: the beaver line's points are twice the
    // double/take line's, game by game.
    assert_eq!(t.sum[DOUBLE_BEAVER], 2 * t.sum[DOUBLE_TAKE]);
    assert_eq!(
        t.cross[DOUBLE_BEAVER][DOUBLE_TAKE],
        2 * t.cross[DOUBLE_TAKE][DOUBLE_TAKE]
    );
    let info = CubeInfo::new(CubeState::default(), Color::Black, Scoreboard::Money, cr);
    let s = t.summary(&info, 0.68);
    assert!(s.beaver_line);
    assert!((s.equities[3] - 2.0 * s.equities[1]).abs() < 1e-12);
    t.validate(true, true).unwrap();
}

#[test]
fn cube3_match3_bg12_a_player_who_may_not_double_is_refused_naming_the_rule() {
    let pos = middle_game();
    let pubeval = Pubeval::new();
    let cube = BackgammonCubePolicy::from(CubePolicyKind::Net);
    let r = rules(&pubeval, &cube, CubeRules::default());
    let config = RolloutConfig::new(1);
    let theirs = CubeState {
        value: 2,
        owner: Some(Color::White),
    };
    let e = run(&pos, &r, theirs, &Scoreboard::Money, 0..10, &config).unwrap_err();
    assert!(e.to_string().contains("CUBE-3"), "{e}");
    let crawford =
        MatchScore::from_parts(5, ByColor { white: 4, black: 1 }, true, true, None).unwrap();
    let e = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Match(crawford),
        0..10,
        &config,
    )
    .unwrap_err();
    assert!(e.to_string().contains("MATCH-3"), "{e}");
    let mut opening = config;
    opening.first_roll = FirstRoll::Opening;
    let e = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Money,
        0..10,
        &opening,
    )
    .unwrap_err();
    assert!(e.to_string().contains("BG-12"), "{e}");
    let off = rules(
        &pubeval,
        &cube,
        CubeRules {
            enabled: false,
            ..CubeRules::default()
        },
    );
    let e = run(
        &pos,
        &off,
        CubeState::default(),
        &Scoreboard::Money,
        0..10,
        &config,
    )
    .unwrap_err();
    assert!(e.to_string().contains("CUBE-2"), "{e}");
}

#[test]
fn a_record_goes_to_json_and_back_and_an_edited_one_is_refused() {
    use crate::run::checkpoint::{Ranges, RolloutFile, RunRecord, Stop};
    use crate::run::cube_decision::record::CubeRolloutStats;
    use crate::run::setup::{CubePolicyName, CubeSetup, PolicyName, RolloutSetup};
    let pos = middle_game();
    let pubeval = Pubeval::new();
    let cube = BackgammonCubePolicy::from(CubePolicyKind::Net);
    let cr = CubeRules {
        beavers: true,
        ..CubeRules::default()
    };
    let r = rules(&pubeval, &cube, cr);
    let t = run(
        &pos,
        &r,
        CubeState::default(),
        &Scoreboard::Money,
        0..60,
        &RolloutConfig::new(3),
    )
    .unwrap()
    .tally;
    let m = MatchScore::new(7, true).unwrap();
    for board in [Scoreboard::Money, Scoreboard::Match(m)] {
        let mut stats = CubeRolloutStats { board, tally: t };
        if !board.is_money() {
            // Not a money record: take the beaver line away and keep the points as values.
            stats.tally.lines[DOUBLE_BEAVER] = CubefulTally::default();
            stats.tally.sum[DOUBLE_BEAVER] = 0;
            for l in 0..LINES {
                stats.tally.cross[l][DOUBLE_BEAVER] = 0;
                stats.tally.cross[DOUBLE_BEAVER][l] = 0;
            }
        }
        let pubeval = PolicyName::Builtin(crate::policy::PolicyKind::Pubeval);
        let net = CubePolicyName::Builtin(CubePolicyKind::Net);
        let setup = RolloutSetup {
            position: crate::variant_position::VariantPosition::Backgammon(pos),
            policies: [pubeval.clone(), pubeval],
            seed: 3,
            opening: false,
            quasi_random: true,
            nardy: None,
            truncate: crate::play::truncate::BearoffTruncation::Off,
            truncate_after: None,
            variance_reduction: false,
            evaluator: None,
            plies: [0, 0],
            prune: crate::policy::DEFAULT_PRUNE_KEEP as u32,
            cube: Some(CubeSetup {
                policies: [net.clone(), net],
                value: 1,
                owner: None,
                rules: cr,
                plies: [0, 0],
            }),
        };
        let record = RunRecord {
            setup,
            tally: stats,
            ranges: Ranges::of(0..60),
            games_requested: 60,
            stop: Stop::Completed,
            elapsed: 1.5,
            threads: 2,
        };
        let file = RolloutFile {
            record,
            first_game: 0,
            games: 100,
        };
        let text = file.to_text();
        let back = RolloutFile::<CubeRolloutStats>::from_bytes(text.as_bytes(), "f").unwrap();
        assert_eq!(back, file);
        let edited = text.replacen("\"sums\": [", "\"sums\": [1", 1);
        assert!(RolloutFile::<CubeRolloutStats>::from_bytes(edited.as_bytes(), "f").is_err());
    }
}
