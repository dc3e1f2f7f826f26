//! Matches and money games with the cube: the rules the game loop keeps
//! (BG-10, BG-11, BG-12, CUBE-*, MATCH-*, MONEY-2), reproducibility across threads and chunk
//! sizes, and sanity of the results.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::ControlFlow;

use gammon_core::{
    play_indexed_match, play_indexed_money_game, simulate_matches, simulate_money, MatchRun,
    MoneyRun, SimConfig,
};
use gammon_core::{rollout, RolloutConfig, StopReason};
use gammon_core::{
    Backgammon, ByColor, Color, FirstRoll, GameRunner, OutcomeKind, Policy, StandardReferee,
    Variant,
};
use gammon_core::{CubeContext, CubePolicy, KeithRace, NeverDouble, Response};
use gammon_core::{CubeOffer, CubeRules, CubeState};
use gammon_core::{CubefulRecord, CubefulRules, Ending, GameEvent, Observer};
use gammon_core::{GameRules, NoTruncation};
use gammon_core::{MatchScore, Scoreboard};
use gammon_core::{PolicyStop, Pubeval, Random};
use proptest::prelude::*;

fn start() -> Backgammon {
    Backgammon::start(Variant::Backgammon, Color::White).unwrap()
}

/// A cube policy that decides by a hash of the position, so that it doubles, drops, beavers
/// and raccoons often, and always the same way in the same spot.
#[derive(Clone, Copy, Debug)]
struct Coin {
    salt: u64,
    /// Out of 64: how often it doubles, drops and redoubles.
    double: u64,
    drop: u64,
    redouble: u64,
}

impl Coin {
    fn roll(&self, pos: &Backgammon, player: Color, what: u64) -> u64 {
        let mut h = DefaultHasher::new();
        (pos, player, what, self.salt).hash(&mut h);
        h.finish() % 64
    }
}

impl CubePolicy<Backgammon> for Coin {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        Ok(self.roll(ctx.position, ctx.player, 0) < self.double)
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        let r = self.roll(ctx.position, ctx.player, 1 + u64::from(offer.redoubles));
        Ok(if may_redouble && r < self.redouble {
            Response::Redouble
        } else if r >= 64 - self.drop {
            Response::Drop
        } else {
            Response::Take
        })
    }
}

/// Which cube policy a side uses in these tests.
#[derive(Clone, Copy, Debug)]
enum TestCube {
    Never,
    Race,
    Coin(Coin),
}

impl CubePolicy<Backgammon> for TestCube {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        match self {
            TestCube::Never => NeverDouble.offer_double(ctx),
            TestCube::Race => KeithRace.offer_double(ctx),
            TestCube::Coin(c) => c.offer_double(ctx),
        }
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may: bool,
    ) -> Result<Response, PolicyStop> {
        match self {
            TestCube::Never => NeverDouble.respond(ctx, offer, may),
            TestCube::Race => KeithRace.respond(ctx, offer, may),
            TestCube::Coin(c) => c.respond(ctx, offer, may),
        }
    }
}

fn rules<'a, Pol: Policy<Backgammon>>(
    policies: ByColor<&'a Pol>,
    cubes: ByColor<&'a TestCube>,
    cube_rules: CubeRules,
) -> CubefulRules<'a, StandardReferee, Pol, TestCube> {
    CubefulRules {
        referee: &StandardReferee,
        policies,
        cube_policies: cubes,
        cube_rules,
    }
}

fn both<T>(x: T) -> ByColor<T>
where
    T: Copy,
{
    ByColor { white: x, black: x }
}

/// Everything that happened in one game, as the observer saw it.
#[derive(Clone, Debug, Default)]
struct GameLog {
    /// The opening throws.
    throws: Vec<(u8, u8)>,
    /// (player, rolls the player made so far in this game, cube) of each `MayDouble`.
    may_double: Vec<(Color, u32, CubeState)>,
    /// The cube values offered (doubles and redoubles).
    offers: Vec<u32>,
    rolls: ByColor<u32>,
    record: Option<CubefulRecord>,
    /// The scoreboard after the game.
    board: Option<Scoreboard>,
}

/// Records games; tracks the cube value to check what is offered.
#[derive(Default)]
struct Recorder {
    games: Vec<GameLog>,
    current: GameLog,
    cube: u32,
}

impl Observer<Backgammon> for Recorder {
    fn event(&mut self, e: &GameEvent<'_, Backgammon>) {
        let g = &mut self.current;
        match *e {
            GameEvent::OpeningThrow { white, black } => {
                if g.throws.is_empty() {
                    self.cube = 1;
                }
                g.throws.push((white, black));
            }
            GameEvent::MayDouble { player, cube } => {
                g.may_double.push((player, g.rolls[player], cube))
            }
            GameEvent::Double { .. } => g.offers.push(0),
            GameEvent::Answer { response, .. } => {
                if response == Response::Redouble {
                    g.offers.push(0);
                }
            }
            GameEvent::Roll { player, .. } => g.rolls[player] += 1,
            GameEvent::Play { .. } | GameEvent::Pass => {}
            GameEvent::GameOver { record, board } => {
                g.record = Some(*record);
                g.board = Some(*board);
                self.games.push(std::mem::take(&mut self.current));
            }
        }
    }
}

/// Replays match `index` with a recorder.
fn logged_match<Pol: Policy<Backgammon>>(
    rules: &CubefulRules<'_, StandardReferee, Pol, TestCube>,
    m: MatchScore,
    seed: u64,
    index: u64,
) -> (gammon_core::MatchRecord, Vec<GameLog>) {
    let mut rec = Recorder::default();
    let r = play_indexed_match(
        &mut GameRunner::new(),
        &start(),
        rules,
        m,
        seed,
        index,
        &mut rec,
    )
    .unwrap();
    (r, rec.games)
}

fn sim_matches<Pol: Policy<Backgammon>>(
    rules: &CubefulRules<'_, StandardReferee, Pol, TestCube>,
    length: u32,
    n: u64,
    threads: usize,
    chunk: u64,
) -> MatchRun {
    let mut config = SimConfig::new(11);
    config.threads = threads;
    config.chunk_size = chunk;
    config.record = true;
    simulate_matches(&start(), rules, length, true, 0..n, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap()
}

fn sim_money<Pol: Policy<Backgammon>>(
    rules: &CubefulRules<'_, StandardReferee, Pol, TestCube>,
    n: u64,
    threads: usize,
    chunk: u64,
    seed: u64,
) -> MoneyRun {
    let mut config = SimConfig::new(seed);
    config.threads = threads;
    config.chunk_size = chunk;
    config.record = true;
    simulate_money(&start(), rules, 0..n, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap()
}

const COIN: Coin = Coin {
    salt: 3,
    double: 24,
    drop: 16,
    redouble: 24,
};

// -- reproducibility -----------------------------------------------------------------------

#[test]
fn the_same_seed_gives_identical_matches_for_any_thread_count_and_chunk_size() {
    let cubes = ByColor {
        white: &TestCube::Race,
        black: &TestCube::Coin(COIN),
    };
    let r = rules(both(&Random), cubes, CubeRules::default());
    let base = sim_matches(&r, 5, 120, 1, 64);
    assert_eq!(base.tally.matches, 120);
    for (threads, chunk) in [(2, 1), (3, 7), (2, 50)] {
        let other = sim_matches(&r, 5, 120, threads, chunk);
        assert_eq!(
            other.tally, base.tally,
            "{threads} threads, chunks of {chunk}"
        );
        assert_eq!(other.records, base.records);
    }
    // Each record is the match replayed on its own.
    let recs = base.records.unwrap();
    for m in [0u64, 17, 119] {
        let (r1, _) = logged_match(&r, MatchScore::new(5, true).unwrap(), 11, m);
        assert_eq!(recs.games[m as usize], r1.games);
        assert_eq!(recs.score_white[m as usize], r1.score.white);
        assert_eq!(recs.score_black[m as usize], r1.score.black);
    }
}

#[test]
fn the_same_seed_gives_identical_money_games_for_any_thread_count_and_chunk_size() {
    let rules_ = CubeRules {
        beavers: true,
        raccoons: true,
        jacoby: true,
        auto_doubles: 2,
        ..CubeRules::default()
    };
    let r = rules(both(&Random), both(&TestCube::Coin(COIN)), rules_);
    let base = sim_money(&r, 500, 1, 1296, 5);
    for (threads, chunk) in [(2, 1), (3, 33)] {
        let other = sim_money(&r, 500, threads, chunk, 5);
        assert_eq!(other.tally, base.tally);
        assert_eq!(other.records, base.records);
    }
    let recs = base.records.unwrap();
    let sum: i64 = recs.points.iter().map(|&p| i64::from(p)).sum();
    assert_eq!(i128::from(sum), base.tally.points);
    assert!(base.tally.doubles > 100 && base.tally.drops.white + base.tally.drops.black > 20);
    let other_seed = sim_money(&r, 500, 2, 64, 6);
    assert_ne!(other_seed.tally, base.tally);
}

// -- the rules, game by game ---------------------------------------------------------------

/// Checks one game's log against the rules that hold in every game; returns the Crawford
/// flag the game was played under.
fn check_game(g: &GameLog, before: &Scoreboard, rules: &CubeRules) {
    let rec = g.record.unwrap();
    let applied = before.cube_rules(*rules);
    // BG-10: ties re-throw; the higher die starts.
    let (&(w, b), ties) = g.throws.split_last().unwrap();
    assert!(ties.iter().all(|(a, b)| a == b) && w != b);
    assert_eq!(rec.starter, if w > b { Color::White } else { Color::Black });
    assert_eq!(rec.ties as usize, ties.len());
    // BG-12: the starter is never asked to double before their second roll (their first
    // is the opening roll).
    for &(player, rolls, cube) in &g.may_double {
        assert!(player != rec.starter || rolls >= 1, "{g:?}");
        // CUBE-3, CUBE-10: only with access to the cube and room under the cap.
        assert!(cube.owner.map_or(true, |o| o == player));
        assert!(cube.value * 2 <= applied.max_cube());
    }
    // MATCH-3: no doubling in the Crawford game.
    if before.is_crawford_game() {
        assert!(g.may_double.is_empty() && g.offers.is_empty());
        assert_eq!(rec.cube, CubeState::default());
    }
    // CUBE-10: the cube never passes the cap.
    assert!(rec.cube.value <= applied.max_cube());
    // BG-11, CUBE-20: automatic doubles only in money play, up to 2^auto_doubles.
    let auto = match before {
        Scoreboard::Money if applied.enabled => (1u32 << ties.len().min(30))
            .min(1 << applied.auto_doubles)
            .min(applied.max_cube()),
        _ => 1,
    };
    if g.offers.is_empty() {
        assert_eq!(rec.cube.value, auto, "{g:?}");
        assert_eq!(rec.cube.owner, None);
    }
    // SCORE-2, MONEY-2, CUBE-6: the points.
    match rec.ending {
        Ending::Dropped => {
            assert_eq!(rec.kind, OutcomeKind::Single);
            assert_eq!(rec.points, rec.cube.value);
        }
        Ending::BorneOff => {
            let level = u32::from(rec.kind.points());
            let jacoby = before.is_money() && rules.jacoby && rec.cube.owner.is_none();
            let expected = if jacoby { 1 } else { level } * rec.cube.value;
            assert_eq!(rec.points, expected, "{rec:?}");
        }
        Ending::Resigned => panic!("the bulk loop has no resignations: {rec:?}"),
    }
    assert_eq!(rec.doubles as usize, g.offers.len());
}

/// Checks a whole match: each game, the score, the Crawford game (MATCH-3, MATCH-4) and the
/// end (MATCH-1).
fn check_match(length: u32, crawford: bool, rules: &CubeRules, games: &[GameLog]) -> u32 {
    let mut board = MatchScore::new(length, crawford).unwrap();
    let mut crawford_games = 0;
    let mut someone_alone_at_n_minus_1 = false;
    for (i, g) in games.iter().enumerate() {
        assert!(!board.is_over());
        let before = Scoreboard::Match(board);
        check_game(g, &before, rules);
        if board.crawford_game {
            crawford_games += 1;
            // MATCH-3: it follows the first game that left one player alone at N - 1.
            assert!(someone_alone_at_n_minus_1 && crawford);
        }
        let rec = g.record.unwrap();
        let w = rec.winner.unwrap();
        let mut score = board.score;
        score[w] += rec.points;
        let Some(Scoreboard::Match(after)) = g.board else {
            panic!("no board");
        };
        assert_eq!(after.score, score);
        let alone = score[w] == length - 1 && score[!w] < length - 1;
        if alone && !someone_alone_at_n_minus_1 && crawford {
            // The next game is the Crawford game (the match goes on: nobody is at N).
            assert!(after.crawford_game && !after.is_over());
        } else {
            assert!(!after.crawford_game, "game {i}: {after:?}");
        }
        someone_alone_at_n_minus_1 |= alone;
        board = after;
    }
    // MATCH-1: the match ends at the first game that takes a player to the length; the loser
    // stays below it, and the winner passes it by less than one game's points.
    assert!(board.is_over());
    let w = board.winner().unwrap();
    assert!(board.score[!w] < length);
    let last = games.last().unwrap().record.unwrap();
    assert!(board.score[w] - last.points < length);
    assert!(board.score[w] < length + 3 * rules.max_cube());
    crawford_games
}

#[test]
fn bg12_match3_cube10_every_game_of_random_matches_keeps_the_rules() {
    let cubes = ByColor {
        white: &TestCube::Coin(Coin { double: 6, ..COIN }),
        black: &TestCube::Coin(Coin {
            salt: 9,
            double: 6,
            ..COIN
        }),
    };
    for (length, cube_rules) in [
        (5, CubeRules::default()),
        (
            9,
            CubeRules {
                max_cube_log2: 2,
                ..CubeRules::default()
            },
        ),
        // Money options are dropped in a match (MATCH-2).
        (
            3,
            CubeRules {
                beavers: true,
                raccoons: true,
                jacoby: true,
                auto_doubles: 3,
                ..CubeRules::default()
            },
        ),
    ] {
        let r = rules(both(&Random), cubes, cube_rules);
        let mut crawfords = 0;
        let mut early = 0;
        for m in 0..60 {
            let (rec, games) = logged_match(&r, MatchScore::new(length, true).unwrap(), 1, m);
            let n = check_match(length, true, &cube_rules, &games);
            assert!(n <= 1);
            assert_eq!(rec.crawford_games, n);
            assert_eq!(rec.games as usize, games.len());
            crawfords += n;
            // BG-12: the other player may double before their first roll.
            early += games
                .iter()
                .filter(|g| {
                    let starter = g.record.unwrap().starter;
                    g.may_double
                        .iter()
                        .any(|&(p, rolls, _)| p == !starter && rolls == 0)
                })
                .count();
        }
        // With a cube that moves a lot some matches skip N - 1, but many pass through it.
        assert!(crawfords >= 10, "{length}: {crawfords}");
        assert!(early > 0);
    }
}

#[test]
fn match3_the_crawford_game_comes_exactly_once_when_a_player_reaches_n_minus_1_alone() {
    // Without the cube, a 7-point match always passes through a score where a player alone
    // is at 6 or jumps past it; count both.
    let r = rules(both(&Random), both(&TestCube::Never), CubeRules::default());
    for m in 0..80 {
        let (rec, games) = logged_match(&r, MatchScore::new(7, true).unwrap(), 2, m);
        let n = check_match(7, true, &CubeRules::default(), &games);
        assert_eq!(rec.crawford_games, n);
        let (_, without) = logged_match(&r, MatchScore::new(7, false).unwrap(), 2, m);
        assert_eq!(check_match(7, false, &CubeRules::default(), &without), 0);
    }
}

#[test]
fn match7_with_refuse_dead_cube_nobody_is_asked_to_double_a_dead_cube() {
    let cube_rules = CubeRules {
        refuse_dead_cube: true,
        ..CubeRules::default()
    };
    let always = TestCube::Coin(Coin {
        salt: 1,
        double: 4,
        drop: 32,
        redouble: 0,
    });
    let r = rules(both(&Random), both(&always), cube_rules);
    let mut dead_spots = 0;
    for m in 0..40 {
        let mut board = MatchScore::new(7, true).unwrap();
        let (_, games) = logged_match(&r, board, 4, m);
        for g in &games {
            for &(player, _, cube) in &g.may_double {
                assert!(
                    !board.is_dead_double(player, cube.value),
                    "{board:?} {cube:?}"
                );
            }
            dead_spots += u32::from(board.is_dead_double(Color::White, 1))
                + u32::from(board.is_dead_double(Color::Black, 1));
            let Some(Scoreboard::Match(after)) = g.board else {
                panic!()
            };
            board = after;
        }
    }
    assert!(dead_spots > 0);
}

#[test]
fn money2_cube20_jacoby_and_automatic_doubles_apply_in_money_play() {
    let cube_rules = CubeRules {
        jacoby: true,
        auto_doubles: 1,
        beavers: true,
        raccoons: true,
        max_beavers: 2,
        ..CubeRules::default()
    };
    let r = rules(
        both(&Random),
        both(&TestCube::Coin(Coin {
            salt: 5,
            double: 1,
            drop: 16,
            redouble: 40,
        })),
        cube_rules,
    );
    let mut seen = (0, 0, 0);
    for g in 0..400 {
        let mut rec = Recorder::default();
        play_indexed_money_game(&mut GameRunner::new(), &start(), &r, 8, g, &mut rec).unwrap();
        let log = &rec.games[0];
        check_game(log, &Scoreboard::Money, &cube_rules);
        let res = log.record.unwrap();
        seen.0 += u32::from(res.ties > 0 && res.cube.owner.is_none() && res.cube.value == 2);
        seen.1 += u32::from(res.ending == Ending::BorneOff && res.cube.owner.is_none());
        seen.2 += u32::from(res.cube.value >= 8);
    }
    assert!(seen.0 > 0 && seen.1 > 0 && seen.2 > 0, "{seen:?}");
}

#[test]
fn cube2_with_cube_use_off_nobody_is_asked_and_ties_do_not_double() {
    let cube_rules = CubeRules {
        enabled: false,
        auto_doubles: 3,
        ..CubeRules::default()
    };
    let r = rules(both(&Random), both(&TestCube::Coin(COIN)), cube_rules);
    let run = sim_money(&r, 300, 1, 100, 3);
    assert_eq!(run.tally.doubles, 0);
    assert!(run.records.unwrap().cube.iter().all(|&c| c == 1));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn match1_cube10_any_match_ends_within_reach_and_keeps_the_cube_under_the_cap(
        seed in any::<u64>(),
        length in 1u32..12,
        log2 in 0u8..7,
        crawford in any::<bool>(),
        double in 0u64..65,
        drop in 0u64..40,
    ) {
        let cube_rules = CubeRules { max_cube_log2: log2, ..CubeRules::default() };
        let coin = TestCube::Coin(Coin { salt: seed, double, drop, redouble: 32 });
        let r = rules(both(&Random), both(&coin), cube_rules);
        let (rec, games) = logged_match(&r, MatchScore::new(length, crawford).unwrap(), seed, 0);
        let n = check_match(length, crawford, &cube_rules, &games);
        prop_assert!(n <= 1);
        prop_assert!(crawford || n == 0);
        prop_assert!(rec.max_cube <= cube_rules.max_cube());
        prop_assert!(rec.score[rec.winner] >= length && rec.score[!rec.winner] < length);
    }
}

// -- sanity --------------------------------------------------------------------------------

#[test]
fn pubeval_with_the_race_cube_beats_random_without_a_cube_by_a_wide_margin() {
    let pubeval = Pubeval::new();
    let checker: ByColor<&dyn Policy<Backgammon>> = ByColor {
        white: &pubeval,
        black: &Random,
    };
    let cubes = ByColor {
        white: &TestCube::Race,
        black: &TestCube::Never,
    };
    let r = CubefulRules {
        referee: &StandardReferee,
        policies: checker,
        cube_policies: cubes,
        cube_rules: CubeRules::default(),
    };
    let mut config = SimConfig::new(1);
    config.threads = 2;
    let run = simulate_matches(&start(), &r, 5, true, 0..300, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(run.stop, StopReason::Completed);
    assert!(run.tally.win_share(Color::White) > 0.95, "{:?}", run.tally);
    assert!(run.tally.doubles > 0);
}

#[test]
fn a_symmetric_match_is_won_half_the_time_within_its_error() {
    let pubeval = Pubeval::new();
    let r = rules(both(&pubeval), both(&TestCube::Race), CubeRules::default());
    let mut config = SimConfig::new(2);
    config.threads = 2;
    let run = simulate_matches(&start(), &r, 3, true, 0..2000, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let share = run.tally.win_share(Color::White);
    let se = run.tally.std_error();
    assert!((share - 0.5).abs() < 4.0 * se, "{share} ± {se}");
    assert!(se > 0.0 && se < 0.02);
    assert!(run.tally.doubles > 100, "{:?}", run.tally);
}

#[test]
fn never_policies_reproduce_cubeless_rollout_statistics() {
    // Money games of pubeval (first player) against random without the cube, against
    // rollouts of the opening with pubeval on roll and with random on roll: the opening roll
    // makes each start half the games.
    let pubeval = Pubeval::new();
    let n = 6000;
    let checker: ByColor<&dyn Policy<Backgammon>> = ByColor {
        white: &pubeval,
        black: &Random,
    };
    let r = CubefulRules {
        referee: &StandardReferee,
        policies: checker,
        cube_policies: both(&TestCube::Never),
        cube_rules: CubeRules::default(),
    };
    let mut config = SimConfig::new(3);
    config.threads = 2;
    config.chunk_size = 500;
    let money = simulate_money(&start(), &r, 0..n, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    // Every game was played for 1: the points are the levels.
    assert_eq!(money.tally.cube, n);
    assert_eq!(money.tally.doubles, 0);
    let mut equity = 0.0;
    let mut var = 0.0;
    for pubeval_on_roll in [true, false] {
        let (on_roll, other): (&dyn Policy<Backgammon>, &dyn Policy<Backgammon>) =
            if pubeval_on_roll {
                (&pubeval, &Random)
            } else {
                (&Random, &pubeval)
            };
        let rules = GameRules {
            referee: &StandardReferee,
            policies: ByColor {
                white: on_roll,
                black: other,
            },
            truncation: &NoTruncation,
            starter: Color::White,
            cube: CubeState::default(),
        };
        let mut rc = RolloutConfig::new(4);
        rc.first_roll = FirstRoll::Opening;
        rc.threads = 2;
        let run = rollout(&start(), &rules, 0..n, &rc, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        let sign = if pubeval_on_roll { 1.0 } else { -1.0 };
        equity += sign * run.tally.equity() / 2.0;
        var += run.tally.std_error().powi(2) / 4.0;
    }
    let diff = money.tally.points_per_game() - equity;
    let se = (money.tally.std_error().powi(2) + var).sqrt();
    assert!(
        diff.abs() < 4.0 * se,
        "{} vs {equity} (se {se})",
        money.tally.points_per_game()
    );
    assert!(equity > 1.0, "{equity}");
}

#[test]
fn a_failing_policy_stops_the_simulation_with_the_match_that_failed() {
    struct Fails;
    impl CubePolicy<Backgammon> for Fails {
        fn offer_double(&self, _: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
            Err(PolicyStop)
        }
        fn respond(
            &self,
            _: &CubeContext<'_, Backgammon>,
            _: &CubeOffer,
            _: bool,
        ) -> Result<Response, PolicyStop> {
            Err(PolicyStop)
        }
    }
    let r = CubefulRules {
        referee: &StandardReferee,
        policies: both(&Random),
        cube_policies: both(&Fails),
        cube_rules: CubeRules::default(),
    };
    let mut config = SimConfig::new(1);
    config.threads = 1;
    let run = simulate_matches(&start(), &r, 3, true, 0..10, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(
        matches!(run.stop, StopReason::Failed(0, _)),
        "{:?}",
        run.stop
    );
    assert_eq!(run.tally.matches, 0);
    // A redouble the rules do not allow (no beavers in match play) is a policy error too.
    struct Rogue;
    impl CubePolicy<Backgammon> for Rogue {
        fn offer_double(&self, _: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
            Ok(true)
        }
        fn respond(
            &self,
            _: &CubeContext<'_, Backgammon>,
            _: &CubeOffer,
            may_redouble: bool,
        ) -> Result<Response, PolicyStop> {
            assert!(!may_redouble);
            Ok(Response::Redouble)
        }
    }
    let r = CubefulRules {
        referee: &StandardReferee,
        policies: both(&Random),
        cube_policies: both(&Rogue),
        cube_rules: CubeRules {
            beavers: true,
            ..CubeRules::default()
        },
    };
    let run = simulate_matches(&start(), &r, 3, true, 0..10, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(
        matches!(run.stop, StopReason::Failed(0, _)),
        "{:?}",
        run.stop
    );
}

#[test]
fn bad_settings_are_refused_before_any_game() {
    let r = rules(
        both(&Random),
        both(&TestCube::Never),
        CubeRules {
            raccoons: true,
            ..CubeRules::default()
        },
    );
    let config = SimConfig::new(1);
    let err = simulate_matches(&start(), &r, 3, true, 0..1, &config, &mut |_| {
        ControlFlow::Continue(())
    });
    assert!(err.unwrap_err().to_string().contains("CUBE-13"));
    let r = rules(both(&Random), both(&TestCube::Never), CubeRules::default());
    let err = simulate_matches(&start(), &r, 0, true, 0..1, &config, &mut |_| {
        ControlFlow::Continue(())
    });
    assert!(err.unwrap_err().to_string().contains("MATCH-1"));
}
