//! The cost of the cube: money games per second with the Keith-count race cube policy against
//! cubeless games in the same run, all pubeval self-play on one thread.
//!
//! - `cubeless`: the rollouts' game loop (`rollout`, opening roll, no cube);
//! - `money, cube never`: the game loop with the cube, nobody doubling;
//! - `money, cube race`: the same with both players on the race policy;
//! - `money, race doubles always taken`: both players double by the race policy and take
//!   every double, so every game is played to the end like a cubeless one while every cube
//!   decision is still made: the cost of the cube per game, with nothing else changed.
//!
//! Run: `cargo bench -p gammon-benches --bench cube`. Each bench checks the games it plays
//! and prints their average length in turns before timing them: the race policy ends many
//! games early by a dropped double, so turns per second compare the work per turn while games
//! per second is the figure the issue asks for.

use std::ops::ControlFlow;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gammon_core::CubeOffer;
use gammon_core::CubeRules;
use gammon_core::CubefulRules;
use gammon_core::PolicyStop;
use gammon_core::{rollout, RolloutConfig};
use gammon_core::{simulate_money, SimConfig, DEFAULT_GAME_CHUNK};
use gammon_core::{
    Backgammon, ByColor, Color, CubePolicy, FirstRoll, Pubeval, StandardReferee, Variant,
};
use gammon_core::{CubeContext, KeithRace, NeverDouble, Response};
use gammon_core::{GameRules, NoTruncation};

const GAMES: u64 = 2_000;

/// Doubles as the race policy does and takes every double.
struct RaceAlwaysTake;

impl CubePolicy<Backgammon> for RaceAlwaysTake {
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        KeithRace.offer_double(ctx)
    }

    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        // Make the race policy's decision (its cost is part of the measure), then take.
        let _ = KeithRace.respond(ctx, offer, may_redouble)?;
        Ok(Response::Take)
    }
}

fn start() -> Backgammon {
    Backgammon::start(Variant::Backgammon, Color::White).unwrap()
}

/// Cubeless pubeval games through the rollout loop: (games, turns).
fn cubeless(pubeval: &Pubeval, games: u64, seed: u64) -> (u64, u64) {
    let rules = GameRules::new(&StandardReferee, pubeval, &NoTruncation);
    let mut config = RolloutConfig::new(seed);
    config.first_roll = FirstRoll::Opening;
    config.threads = 1;
    let run = rollout(&start(), &rules, 0..games, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    (run.tally.games, run.tally.plies)
}

/// Money games of pubeval self-play with `cube` for both players: (games, turns, doubles).
fn money<C: CubePolicy<Backgammon>>(
    pubeval: &Pubeval,
    cube: &C,
    games: u64,
    seed: u64,
) -> (u64, u64, u64) {
    let rules = CubefulRules {
        referee: &StandardReferee,
        policies: ByColor {
            white: pubeval,
            black: pubeval,
        },
        cube_policies: ByColor {
            white: cube,
            black: cube,
        },
        cube_rules: CubeRules::default(),
    };
    let mut config = SimConfig::new(seed);
    config.threads = 1;
    config.chunk_size = DEFAULT_GAME_CHUNK;
    let run = simulate_money(&start(), &rules, 0..games, &config, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    (run.tally.games, run.tally.plies, run.tally.doubles)
}

fn cube_cost(c: &mut Criterion) {
    let pubeval = Pubeval::new();
    // Checks and game lengths (on 20,000 games, before timing).
    let n = 20_000;
    let (g, turns) = cubeless(&pubeval, n, 0);
    assert_eq!(g, n);
    eprintln!("cubeless: {:.2} turns a game", turns as f64 / n as f64);
    let (g, turns, doubles) = money(&pubeval, &NeverDouble, n, 0);
    assert_eq!((g, doubles), (n, 0));
    eprintln!(
        "money, cube never: {:.2} turns a game",
        turns as f64 / n as f64
    );
    let (g, turns, doubles) = money(&pubeval, &KeithRace, n, 0);
    assert_eq!(g, n);
    assert!(doubles > n / 2, "{doubles}");
    eprintln!(
        "money, cube race: {:.2} turns a game, {:.3} doubles a game",
        turns as f64 / n as f64,
        doubles as f64 / n as f64
    );

    let (g, turns, doubles) = money(&pubeval, &RaceAlwaysTake, n, 0);
    assert_eq!(g, n);
    assert!(doubles > n / 2, "{doubles}");
    eprintln!(
        "money, race doubles always taken: {:.2} turns a game, {:.3} doubles a game",
        turns as f64 / n as f64,
        doubles as f64 / n as f64
    );

    let mut group = c.benchmark_group("cube");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    let mut seed = 0;
    let mut next = move || {
        seed += 1;
        seed
    };
    group.bench_function("cubeless pubeval games, 1 thread (games/s)", |b| {
        b.iter_batched(
            &mut next,
            |s| cubeless(&pubeval, GAMES, s),
            BatchSize::SmallInput,
        );
    });
    group.bench_function("money games, cube never, 1 thread (games/s)", |b| {
        b.iter_batched(
            &mut next,
            |s| money(&pubeval, &NeverDouble, GAMES, s),
            BatchSize::SmallInput,
        );
    });
    group.bench_function("money games, cube race, 1 thread (games/s)", |b| {
        b.iter_batched(
            &mut next,
            |s| money(&pubeval, &KeithRace, GAMES, s),
            BatchSize::SmallInput,
        );
    });
    group.bench_function(
        "money games, race doubles always taken, 1 thread (games/s)",
        |b| {
            b.iter_batched(
                &mut next,
                |s| money(&pubeval, &RaceAlwaysTake, GAMES, s),
                BatchSize::SmallInput,
            );
        },
    );
    group.finish();
}

criterion_group!(benches, cube_cost);
criterion_main!(benches);
