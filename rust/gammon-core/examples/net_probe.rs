//! Checks that a change to the encodings or the net keeps every value and play, and times the
//! games of a net file: the five outputs of every candidate of net self-play positions, valued
//! incrementally (`Ranker`) and directly, hashed, with the chosen plays.
//!
//! ```text
//! cargo run --release -p gammon-core --example net_probe -- NET_FILE POSITIONS
//! cargo run --release -p gammon-core --example net_probe -- NET_FILE GAMES games
//! ```
//!
//! The first form prints four hashes (the same before and after a change that must not change
//! the values; the fourth hashes the equities of the policy's fused arithmetic), and how often
//! the policy's fused arithmetic ([`Ranker::fused`]) chooses another play than the plain one,
//! with its largest equity difference; the second plays net self-play games through the
//! rollout loop, to be timed (or counted: `valgrind --tool=callgrind`). With `GROW=1` in the
//! environment a `contact-plus` contact net is grown to `contact-ext` with zero rows for the
//! six added inputs: the same values and games, at `contact-ext`'s cost; with `GROW=NAME` (say
//! `contact-shape`) it is grown to the encoding `NAME` in the same way. `NET_FILE` may be
//! `shipped`: the shipped backgammon nets, played in the second form by the policy of the
//! shipped nets (`NetPolicy::shipped`, as `gammon.rollout(policy="net")` plays) rather than as
//! nets of one's own.

use std::ops::ControlFlow;

use gammon_core::encode::Encoding;
use gammon_core::eval::net::{AfterState, NetEvaluator, Ranker};
use gammon_core::{rollout, Backgammon, Color, FirstRoll, GameDice, GameRules, NetPolicy};
use gammon_core::{NoTruncation, Position, RolloutConfig, StandardReferee, Variant};

/// Folds `x` into the FNV-1a hash `h`.
fn mix(h: &mut u64, x: u32) {
    *h ^= u64::from(x);
    *h = h.wrapping_mul(0x100_0000_01b3);
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, file, count, rest @ ..] = args.as_slice() else {
        return Err("usage: net_probe NET_FILE COUNT [games]".into());
    };
    let shipped = file == "shipped";
    let bytes = if shipped {
        gammon_core::eval::net::SHIPPED_BACKGAMMON.to_vec()
    } else {
        std::fs::read(file)?
    };
    let mut nets = NetEvaluator::from_bytes(&bytes)?;
    if let Some(grow) = std::env::var_os("GROW") {
        // `GROW=1`: contact-plus to contact-ext; `GROW=NAME`: to the encoding NAME, which
        // must extend the nets' (the same units first, more at the end). The race net, if
        // any, grows too: the incremental path needs both nets on one encoding.
        let to = match grow.to_str() {
            Some("1") => Encoding::ContactExt,
            Some(name) => Encoding::from_name(name).ok_or("GROW: no such encoding")?,
            None => return Err("GROW: not an encoding name".into()),
        };
        for net in std::iter::once(&mut nets.contact).chain(nets.race.as_mut()) {
            if to == net.encoding || !to.extends(net.encoding) {
                return Err("GROW: the encoding must extend the nets'".into());
            }
            let added = to.units() - net.encoding.units();
            net.encoding = to;
            net.w1.resize(net.w1.len() + added * net.hidden, 0.0);
        }
    }
    let n: u64 = count.parse()?;
    let start = Backgammon::start(Variant::Backgammon, Color::White).ok_or("no start")?;
    if rest.first().map(String::as_str) == Some("games") {
        let policy = if shipped && std::env::var_os("GROW").is_none() {
            NetPolicy::shipped(gammon_core::RulesFamily::Backgammon)?
        } else {
            NetPolicy::new(std::sync::Arc::new(nets))
        };
        let rules = GameRules::new(&StandardReferee, &policy, &NoTruncation);
        let mut config = RolloutConfig::new(5);
        config.first_roll = FirstRoll::Opening;
        config.threads = 1;
        let run = rollout(&start, &rules, 0..n, &config, &mut |_| {
            ControlFlow::Continue(())
        })?;
        println!("games {}", run.tally.games);
        return Ok(());
    }
    let mut dice = GameDice::new(11, 0, FirstRoll::Any, None);
    let mut pos = start;
    let [mut incremental, mut direct, mut chosen, mut fused_hash] = [0xcbf2_9ce4_8422_2325u64; 4];
    let (mut positions, mut candidates) = (0u64, 0u64);
    let mut ranker = Ranker::new(&nets, &pos);
    // The policy's fused arithmetic (`Ranker::fused`) against the plain one: how often it
    // chooses another play, and its largest equity difference.
    let mut fused = Ranker::fused(&nets, &pos);
    let (mut other_choices, mut largest) = (0u64, 0f32);
    let mut fused_equities = Vec::new();
    while positions < n {
        if pos.is_game_over() {
            pos = start;
        }
        let plays = pos.legal_plays(dice.next_roll());
        if plays.is_empty() {
            pos = pos.pass_turn();
            continue;
        }
        positions += 1;
        ranker.reset(&nets, &pos);
        let (mut best, mut best_equity) = (0, f32::NEG_INFINITY);
        for (i, play) in plays.iter().enumerate() {
            let v = ranker.value(play.after());
            let d = nets.after_state(play.after());
            for (h, p) in [(&mut incremental, v), (&mut direct, d)] {
                for x in [p.win, p.win_gammon, p.win_backgammon, p.lose_gammon] {
                    mix(h, x.to_bits());
                }
                mix(h, p.lose_backgammon.to_bits());
            }
            candidates += 1;
            if v.equity() > best_equity {
                best_equity = v.equity();
                best = i;
            }
        }
        mix(&mut chosen, best as u32);
        fused.reset(&nets, &pos);
        fused.equities(plays.as_slice(), &mut fused_equities);
        for (play, &e) in plays.iter().zip(&fused_equities) {
            mix(&mut fused_hash, e.to_bits());
            largest = largest.max((e - ranker.value(play.after()).equity()).abs());
        }
        other_choices += u64::from(fused.best(plays.as_slice()) != best);
        pos = pos.play_unchecked(&plays[best]);
    }
    println!(
        "positions {positions} candidates {candidates} incremental {incremental:016x} \
         direct {direct:016x} chosen {chosen:016x} fused {fused_hash:016x}"
    );
    println!(
        "fused ({}): other choices {other_choices} of {positions}, largest equity difference \
         {largest:e}",
        if fused.is_fused() {
            "FMA"
        } else {
            "no FMA on this CPU: plain"
        }
    );
    Ok(())
}
