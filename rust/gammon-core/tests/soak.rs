//! The soak: many games in one process across variants, checker policies, cube
//! policies and Long Nardy settings, with every position along the way checked, the counts
//! checked to add up, and the resident memory checked to stay flat.
//!
//! `GAMMON_SOAK_GAMES` sets the number of games (default 24,000: seconds, for CI);
//! `scripts/soak.sh` runs ten million and prints the figures (`--nocapture`).

use std::time::Instant;

use gammon_core::{
    play_indexed_money_game, Backgammon, ByColor, Color, CubePolicy, CubeRules, CubefulRules,
    Ending, GameEvent, GameRunner, Heuristic, HeuristicWeights, KeithRace, Nardy, NardyReferee,
    NeverDouble, Observer, OutcomeKind, Policy, Position, Pubeval, Random, Referee,
    StandardReferee, Variant,
};

/// Checks every position a game passes through and counts what it sees.
#[derive(Default)]
struct Checker {
    /// The next play is a game's first: its position is checked too.
    first_play: bool,
    plays: u64,
    games: u64,
    doubles: u64,
}

/// The positions whose setups can be validated again.
trait Revalidate: Position {
    /// The position rebuilt from its setup by the validating constructor.
    fn revalidate(&self) -> Result<Self, String>;
}

impl Revalidate for Backgammon {
    fn revalidate(&self) -> Result<Self, String> {
        Backgammon::from_setup(&self.to_setup()).map_err(|e| e.to_string())
    }
}

impl Revalidate for Nardy {
    fn revalidate(&self) -> Result<Self, String> {
        Nardy::from_setup(&self.to_setup()).map_err(|e| e.to_string())
    }
}

impl<P: Revalidate> Observer<P> for Checker {
    fn event(&mut self, event: &GameEvent<'_, P>) {
        match event {
            GameEvent::Play { before, play } => {
                self.plays += 1;
                let before: &P = before;
                if self.first_play {
                    check_position(before);
                    self.first_play = false;
                }
                // Every position after a play is checked; the next play starts from it.
                let after = before.play_unchecked(play);
                check_position(&after);
                let off = |p: &P| p.checkers_off();
                // A play moves only the mover's checkers: the opponent's borne-off count stays.
                assert_eq!(
                    off(&after)[!before.turn()],
                    off(before)[!before.turn()],
                    "a play changed the opponent's checkers off in {before}"
                );
            }
            GameEvent::Double { .. } => self.doubles += 1,
            GameEvent::GameOver { record, .. } => {
                self.games += 1;
                self.first_play = true;
                assert!(record.cube.value.is_power_of_two(), "{record:?}");
                assert!(record.points >= 1 || record.winner.is_none(), "{record:?}");
            }
            _ => {}
        }
    }
}

/// A position is valid: it comes back unchanged from its setup (every rule of the setup
/// checks: counts, shared points, blocks, the bar) and from its ID.
fn check_position<P: Revalidate>(pos: &P) {
    match pos.revalidate() {
        Ok(again) => assert_eq!(&again, pos, "setup round trip of {pos}"),
        Err(e) => panic!("invalid position reached: {pos}: {e}"),
    }
}

/// Resident memory in KiB (Linux), `None` elsewhere.
fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Totals of one configuration, checked to add up.
#[derive(Default, Debug)]
struct Tally {
    games: u64,
    by_kind: [u64; 5],
    draws: u64,
    dropped: u64,
    plies: u64,
}

#[allow(clippy::too_many_arguments)]
fn run<P, R, Pol, C>(
    name: &str,
    start: &P,
    referee: &R,
    policies: ByColor<&Pol>,
    cube: ByColor<&C>,
    cube_rules: CubeRules,
    games: std::ops::Range<u64>,
    checker: &mut Checker,
) -> Tally
where
    P: Revalidate,
    R: Referee<P>,
    Pol: Policy<P> + ?Sized,
    C: CubePolicy<P> + ?Sized,
{
    let rules = CubefulRules {
        referee,
        policies,
        cube_policies: cube,
        cube_rules,
    };
    let mut runner = GameRunner::new();
    let mut t = Tally::default();
    let before = checker.games;
    for g in games.clone() {
        let r = play_indexed_money_game(&mut runner, start, &rules, 99, g, checker)
            .unwrap_or_else(|e| panic!("{name}: game {g} failed: {e}"));
        t.games += 1;
        t.plies += u64::from(r.plies);
        match (r.winner, r.ending) {
            (None, _) => t.draws += 1,
            (Some(_), Ending::Dropped) => t.dropped += 1,
            (Some(_), Ending::BorneOff) => {
                let k = match r.kind {
                    OutcomeKind::Single => 0,
                    OutcomeKind::Gammon => 1,
                    OutcomeKind::Backgammon => 2,
                    _ => 3,
                };
                t.by_kind[k] += 1;
            }
            (Some(_), Ending::Resigned) => panic!("{name}: no resignations in the bulk loop"),
        }
    }
    // The counts add up: every game once, in exactly one class, and the observer saw each.
    assert_eq!(t.games, games.end - games.start, "{name}");
    assert_eq!(
        t.by_kind.iter().sum::<u64>() + t.draws + t.dropped,
        t.games,
        "{name}"
    );
    assert_eq!(checker.games - before, t.games, "{name}");
    t
}

fn both<T: ?Sized>(p: &T) -> ByColor<&T> {
    ByColor { white: p, black: p }
}

/// Adds `t` to the totals named `name`.
fn add_to(tallies: &mut Vec<(String, Tally)>, name: &str, t: Tally) {
    match tallies.iter_mut().find(|(n, _)| n == name) {
        Some((_, sum)) => {
            sum.games += t.games;
            sum.draws += t.draws;
            sum.dropped += t.dropped;
            sum.plies += t.plies;
            for k in 0..5 {
                sum.by_kind[k] += t.by_kind[k];
            }
        }
        None => tallies.push((name.to_string(), t)),
    }
}

/// Plays round `round`: `per_round` games of each of the twelve configurations.
fn one_round(
    round: u64,
    per_round: u64,
    checker: &mut Checker,
    tallies: &mut Vec<(String, Tally)>,
) {
    let (random, pubeval) = (Random, Pubeval::new());
    let heuristic = Heuristic::with_weights(HeuristicWeights::default());
    let bg = |v| Backgammon::start(v, Color::White).unwrap();
    let (standard, nack, hyper) = (
        bg(Variant::Backgammon),
        bg(Variant::Nackgammon),
        bg(Variant::Hypergammon3),
    );
    let nardy = Nardy::start(Color::White);
    let last_roll = NardyReferee {
        last_roll: true,
        ..NardyReferee::default()
    };
    let no_cube = CubeRules {
        enabled: false,
        ..CubeRules::default()
    };
    let money = CubeRules {
        jacoby: true,
        beavers: true,
        ..CubeRules::default()
    };
    let g = round * per_round..(round + 1) * per_round;
    let mut add = |name: &str, t: Tally| add_to(tallies, name, t);
    let c = &mut *checker;
    let never = &NeverDouble;
    let keith = &KeithRace;
    let (r, p, h) = (&random, &pubeval, &heuristic);
    let sr = &StandardReferee;
    add(
        "bg random",
        run(
            "bg random",
            &standard,
            sr,
            both(r as &dyn Policy<Backgammon>),
            both(never as &dyn CubePolicy<Backgammon>),
            no_cube,
            g.clone(),
            c,
        ),
    );
    add(
        "bg pubeval cube",
        run(
            "bg pubeval cube",
            &standard,
            sr,
            both(p as &dyn Policy<Backgammon>),
            both(keith as &dyn CubePolicy<Backgammon>),
            money,
            g.clone(),
            c,
        ),
    );
    add(
        "bg heuristic vs pubeval cube",
        run(
            "bg heuristic vs pubeval cube",
            &standard,
            sr,
            ByColor {
                white: h as &dyn Policy<Backgammon>,
                black: p,
            },
            ByColor {
                white: keith as &dyn CubePolicy<Backgammon>,
                black: never,
            },
            CubeRules::default(),
            g.clone(),
            c,
        ),
    );
    add(
        "bg random cube",
        run(
            "bg random cube",
            &standard,
            sr,
            both(r as &dyn Policy<Backgammon>),
            both(keith as &dyn CubePolicy<Backgammon>),
            money,
            g.clone(),
            c,
        ),
    );
    add(
        "nackgammon pubeval",
        run(
            "nackgammon pubeval",
            &nack,
            sr,
            both(p as &dyn Policy<Backgammon>),
            both(keith as &dyn CubePolicy<Backgammon>),
            CubeRules::default(),
            g.clone(),
            c,
        ),
    );
    add(
        "nackgammon random",
        run(
            "nackgammon random",
            &nack,
            sr,
            both(r as &dyn Policy<Backgammon>),
            both(never as &dyn CubePolicy<Backgammon>),
            no_cube,
            g.clone(),
            c,
        ),
    );
    add(
        "hypergammon random cube",
        run(
            "hypergammon random cube",
            &hyper,
            sr,
            both(r as &dyn Policy<Backgammon>),
            both(keith as &dyn CubePolicy<Backgammon>),
            money,
            g.clone(),
            c,
        ),
    );
    add(
        "hypergammon pubeval",
        run(
            "hypergammon pubeval",
            &hyper,
            sr,
            both(p as &dyn Policy<Backgammon>),
            both(never as &dyn CubePolicy<Backgammon>),
            no_cube,
            g.clone(),
            c,
        ),
    );
    add(
        "hypergammon heuristic",
        run(
            "hypergammon heuristic",
            &hyper,
            sr,
            both(h as &dyn Policy<Backgammon>),
            both(never as &dyn CubePolicy<Backgammon>),
            no_cube,
            g.clone(),
            c,
        ),
    );
    add(
        "long nardy random",
        run(
            "long nardy random",
            &nardy,
            &NardyReferee::default(),
            both(r as &dyn Policy<Nardy>),
            both(never as &dyn CubePolicy<Nardy>),
            no_cube,
            g.clone(),
            c,
        ),
    );
    add(
        "long nardy random last roll",
        run(
            "long nardy random last roll",
            &nardy,
            &last_roll,
            both(r as &dyn Policy<Nardy>),
            both(never as &dyn CubePolicy<Nardy>),
            no_cube,
            g.clone(),
            c,
        ),
    );
    add(
        "bg pubeval",
        run(
            "bg pubeval",
            &standard,
            sr,
            both(p as &dyn Policy<Backgammon>),
            both(never as &dyn CubePolicy<Backgammon>),
            no_cube,
            g.clone(),
            c,
        ),
    );
}

/// Configurations per round.
const CONFIGS: u64 = 12;

/// What a soak thread hands back: its checker, its totals, its RSS after the warm-up.
type ThreadResult = (Checker, Vec<(String, Tally)>, Option<u64>);

#[test]
fn soak_games_across_variants_policies_and_the_cube() {
    let total: u64 = std::env::var("GAMMON_SOAK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24_000);
    let per_round = 1_000u64.min(total / CONFIGS).max(1);
    let n_rounds = total.div_ceil(per_round * CONFIGS);
    // Two threads of this one process share the rounds (even and odd), each with its own
    // checker and totals, merged at the end.
    let threads = 2u64;
    let started = Instant::now();
    let rss_start = rss_kib();
    let results: Vec<ThreadResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                s.spawn(move || {
                    let mut checker = Checker {
                        first_play: true,
                        ..Checker::default()
                    };
                    let mut tallies = Vec::new();
                    let mut rss_warm = None;
                    let mine: Vec<u64> = (k..n_rounds).step_by(threads as usize).collect();
                    for (done, &round) in mine.iter().enumerate() {
                        one_round(round, per_round, &mut checker, &mut tallies);
                        if k == 0 && done == mine.len() / 10 {
                            rss_warm = rss_kib();
                        }
                        if k == 0 && mine.len() >= 20 && (done + 1) % (mine.len() / 20) == 0 {
                            eprintln!(
                                "soak: {:.0}% ({} games by thread 0), {:.0} s, RSS {:?} KiB",
                                100.0 * (done + 1) as f64 / mine.len() as f64,
                                checker.games,
                                started.elapsed().as_secs_f64(),
                                rss_kib()
                            );
                        }
                    }
                    (checker, tallies, rss_warm)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let rss_end = rss_kib();
    let rss_warm = results[0].2;
    let mut tallies: Vec<(String, Tally)> = Vec::new();
    let mut checker = Checker::default();
    for (c, ts, _) in results {
        checker.games += c.games;
        checker.plays += c.plays;
        checker.doubles += c.doubles;
        for (name, t) in ts {
            add_to(&mut tallies, &name, t);
        }
    }
    let games: u64 = tallies.iter().map(|(_, t)| t.games).sum();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "soak: {games} games, {} plays checked, {} doubles, {secs:.1} s ({:.0} games/s)",
        checker.plays,
        checker.doubles,
        games as f64 / secs
    );
    for (name, t) in &tallies {
        println!("  {name:32} {:>10} games  single/gammon/bg {:?}  draws {}  dropped {}  plies/game {:.1}", t.games, &t.by_kind[..3], t.draws, t.dropped, t.plies as f64 / t.games as f64);
    }
    println!(
        "  resident memory: {rss_start:?} KiB at the start, {rss_warm:?} KiB after 10% of the rounds, {rss_end:?} KiB at the end"
    );
    assert_eq!(games, n_rounds * per_round * CONFIGS);
    assert!(games >= total);
    assert_eq!(checker.games, games);
    // The draws of LN-37 happen, and only with the last roll.
    let draws = |name: &str| {
        tallies
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, t)| t.draws)
    };
    assert_eq!(draws("long nardy random"), 0);
    // Memory stays flat: no more than 4 MiB of growth after the warm-up.
    if let (Some(warm), Some(end)) = (rss_warm, rss_end) {
        assert!(
            end <= warm + 4096,
            "resident memory grew from {warm} KiB to {end} KiB"
        );
    }
}
