//! The fast arithmetic against the plain one: the fast and fused sigmoids against the logistic
//! function, the incremental and fused rankers against the direct evaluation, and every
//! compiled version of the arithmetic against the baseline build's floats.

use super::mlp::*;
use super::rank::*;
use super::sanity::*;
use super::*;
use crate::base::dice::Dice;
use crate::base::moves::PlayList;
use crate::base::variant::Variant;
use crate::bearoff;
use crate::encode::{Encoding, UnitDeltas, MAX_BOARD_UNITS};

#[test]
fn the_fast_sigmoid_is_the_logistic_function_to_a_few_parts_in_a_million() {
    let mut worst = 0f32;
    for k in -4000..=4000 {
        let x = k as f32 / 100.0;
        let err = (fast_sigmoid(x) - sigmoid(x)).abs();
        worst = worst.max(err / sigmoid(x).min(1.0 - sigmoid(x)).max(1e-30));
    }
    assert!(worst < 5e-5, "{worst}");
    assert_eq!(fast_sigmoid(1000.0), 1.0);
    assert!(fast_sigmoid(-1000.0) < 1e-30);
}

#[test]
fn the_fused_sigmoid_is_the_logistic_function_and_near_the_plain_fast_one() {
    let mut worst = 0f32;
    let mut apart = 0f32;
    for k in -4000..=4000 {
        let x = k as f32 / 100.0;
        let err = (fused_sigmoid(x) - sigmoid(x)).abs();
        worst = worst.max(err / sigmoid(x).min(1.0 - sigmoid(x)).max(1e-30));
        apart = apart.max((fused_sigmoid(x) - fast_sigmoid(x)).abs());
    }
    assert!(worst < 5e-5, "{worst}");
    assert!(apart < 1e-6, "{apart}");
    assert_eq!(fused_sigmoid(1000.0), 1.0);
    assert!(fused_sigmoid(-1000.0) < 1e-30);
}

/// The pruning net's ranking ([`Ranker::pruning_scores`]: eight plays' outputs at once, the
/// TD-Gammon encoding's per-board units from the checkers' counts) is, bit for bit, the plain
/// arithmetic of each play alone: the rows of the inputs that differ (the per-board units from
/// the plain encoder) added to the position's sums, [`Mlp::finish_with_as`]'s outputs, the
/// equity of their probabilities; fused and not, through hits and bear-offs (BG-14).
#[test]
fn the_pruning_nets_ranking_is_the_plain_arithmetic_of_each_play_bit_for_bit() {
    let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
    let net = &pruner.contact;
    let enc = net.encoding;
    assert_eq!(enc, Encoding::TdGammon);
    let (mut checked, mut borne_off, mut hits) = (0, 0, 0);
    for (pos, plays) in self_play_positions(300) {
        let before = pos.owner_board();
        let mut units = [0f32; MAX_BOARD_UNITS];
        let from_empty = rows_from_empty(enc, &before, &mut units);
        for fused in [false, true] {
            let mut r = Ranker::new(pruner, &pos);
            r.fused = fused;
            let mut got = Vec::new();
            r.pruning_scores(plays.as_slice(), &mut got);
            assert_eq!(got.len(), plays.len());
            let mut sums = [0f32; MAX_HIDDEN];
            let mut rows = UnitDeltas::new();
            let (mut acc, mut h) = ([0f32; MAX_HIDDEN], [0f32; MAX_HIDDEN]);
            for (p, &g) in plays.iter().zip(&got) {
                let board = p.after().owner_board();
                rows_of_play(enc, &before, &board, &units, &mut rows);
                let out = if fused {
                    net.accumulate_rows_as::<true>(&net.b1, &from_empty, &mut sums);
                    net.accumulate_rows_as::<true>(&sums, &rows, &mut acc);
                    net.finish_with_as::<true>(&acc, &mut h)
                } else {
                    net.accumulate_rows_as::<false>(&net.b1, &from_empty, &mut sums);
                    net.accumulate_rows_as::<false>(&sums, &rows, &mut acc);
                    net.finish_with_as::<false>(&acc, &mut h)
                };
                let want = probabilities_of(&out).equity();
                assert_eq!(g.to_bits(), want.to_bits(), "{pos:?} {fused}");
                borne_off += usize::from(rows.units().contains(&97));
                hits += usize::from(board[0] != before[0]);
                checked += 1;
            }
        }
    }
    assert!(
        checked > 5000 && borne_off > 100 && hits > 100,
        "{checked} {borne_off} {hits}"
    );
}

/// A fused ranker's equities are the plain ranker's but for rounding, its choices the
/// plain ones but in near ties, and it fuses where the CPU has fused multiply-adds.
#[test]
fn a_fused_ranker_values_the_plays_as_the_plain_one_but_for_rounding() {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let (mut differ, mut values) = (0usize, 0usize);
    for (pos, plays) in self_play_positions(300) {
        let mut fused = Ranker::fused(nets, &pos);
        assert_eq!(fused.is_fused(), hardware_fma());
        // The fused arithmetic, also where the CPU has no FMA (then from the library).
        fused.fused = true;
        let mut plain = Ranker::new(nets, &pos);
        assert!(!plain.is_fused());
        let (mut ef, mut ep) = (Vec::new(), Vec::new());
        fused.equities(plays.as_slice(), &mut ef);
        plain.equities(plays.as_slice(), &mut ep);
        for (f, p) in ef.iter().zip(&ep) {
            assert!((f - p).abs() < 2e-5, "{f} {p}");
            differ += usize::from(f != p);
            values += 1;
        }
        let (bf, bp) = (
            first_best(ef.iter().copied()),
            first_best(ep.iter().copied()),
        );
        assert!(bf == bp || (ep[bf] - ep[bp]).abs() < 4e-5, "{bf} {bp}");
        // One by one, as the plays' equities.
        fused.reset(nets, &pos);
        assert!(fused.is_fused());
        for (play, &e) in plays.iter().zip(&ef) {
            assert_eq!(fused.value(play.after()).equity().to_bits(), e.to_bits());
        }
    }
    // The arithmetic does differ: most net values are not bit for bit the plain ones.
    assert!(values > 3000 && differ > values / 2, "{differ} of {values}");
}

/// The fused arithmetic of every compiled version (the dispatched loop over a roll's
/// plays) is the baseline build's bit for bit (`f32::mul_add` rounds once everywhere),
/// so that plays do not depend on the CPU.
#[test]
fn every_compiled_version_of_the_fused_arithmetic_gives_the_baseline_floats() {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let mut checked = 0;
    let mut acc = [0f32; MAX_HIDDEN];
    let mut h = [0f32; MAX_HIDDEN];
    for (pos, plays) in self_play_positions(150) {
        let before = pos.owner_board();
        let mut r = Ranker::new(nets, &pos);
        r.fused = true;
        let mut equities = Vec::new();
        r.equities(plays.as_slice(), &mut equities);
        let mut plain = Ranker::new(nets, &pos);
        let one_by_one: Vec<u32> = plays
            .iter()
            .map(|p| {
                plain
                    .value_with::<_, true, true>(p.after())
                    .equity()
                    .to_bits()
            })
            .collect();
        assert_eq!(
            equities.iter().map(|e| e.to_bits()).collect::<Vec<_>>(),
            one_by_one
        );
        // The plain sums of the plays, fused, against the dispatched candidates'.
        for net in std::iter::once(&nets.contact).chain(nets.race.as_ref()) {
            let enc = net.encoding;
            let (mut base, mut d) = (Base::new(), UnitDeltas::new());
            base_sums(net, &before, 15, &mut base, &mut d, true);
            enc.roll_context(&before, 15, &mut base.ctx);
            let mut units = [0f32; MAX_BOARD_UNITS];
            let mut rows = rows_from_empty(enc, &before, &mut units);
            let mut sums = [0f32; MAX_HIDDEN];
            net.accumulate_rows_as::<true>(&net.b1, &rows, &mut sums);
            assert_eq!(base.acc.map(f32::to_bits), sums.map(f32::to_bits));
            for p in plays.iter() {
                let board = p.after().owner_board();
                let out = candidate_outputs(
                    net, &before, &board, 15, &base, &mut d, &mut acc, &mut h, true,
                );
                rows_of_play(enc, &before, &board, &units, &mut rows);
                let mut acc2 = [0f32; MAX_HIDDEN];
                net.accumulate_rows_as::<true>(&sums, &rows, &mut acc2);
                let mut h2 = [0f32; MAX_HIDDEN];
                let baseline = net.finish_with_as::<true>(&acc2, &mut h2);
                assert_eq!(out.map(f32::to_bits), baseline.map(f32::to_bits));
                // Each hidden unit is the fused sigmoid of its sum.
                for j in 0..net.hidden {
                    assert_eq!(h2[j].to_bits(), fused_sigmoid(acc2[j]).to_bits());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn incremental_values_equal_the_direct_ones_and_choose_the_same_plays() {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let mut rng = crate::base::rng::game_stream(5, 0, crate::base::rng::Stream::Dice);
    for _ in 0..60 {
        if pos.is_game_over() {
            break;
        }
        let plays = pos.legal_plays(crate::base::rng::roll(&mut rng));
        if plays.is_empty() {
            pos = pos.pass_turn();
            continue;
        }
        let mut ranker = Ranker::new(nets, &pos);
        for p in plays.iter() {
            let a = ranker.value(p.after());
            let b = nets.after_state(p.after());
            assert!((a.equity() - b.equity()).abs() < 1e-4, "{a:?} {b:?}");
            let exact = outputs_of(&b);
            let slow = probabilities_of(&nets.net_for(&p.after().owner_board()).forward(&{
                let mut x = vec![0f32; nets.contact.inputs()];
                nets.net_for(&p.after().owner_board()).encoding.encode_into(
                    &p.after().owner_board(),
                    15,
                    false,
                    &mut x,
                );
                x
            }));
            let slow = sanity(RulesFamily::Backgammon, &p.after().owner_board(), 15, slow);
            if nets.exact_after(p.after()).is_none() {
                for (u, v) in exact.iter().zip(outputs_of(&slow)) {
                    assert!((u - v).abs() < 1e-4);
                }
            }
        }
        let i = nets.best_play_from(&pos, plays.as_slice());
        let j = nets.best_play(plays.as_slice());
        let (ei, ej) = (
            nets.after_state(plays[i].after()).equity(),
            nets.after_state(plays[j].after()).equity(),
        );
        assert!((ei - ej).abs() < 1e-4);
        pos = pos.play_unchecked(&plays[i]);
    }
    let _ = Dice::ALL_21;
}

/// The rows (and board units, written to `units`) that take an empty board's sums to
/// `board`'s: each occupied point's inputs and every board unit, the plain way.
fn rows_from_empty(enc: Encoding, board: &[i8; 26], units: &mut [f32]) -> UnitDeltas {
    let (idx, mut rows) = (enc.board_unit_indices(), UnitDeltas::new());
    for (i, &c) in board.iter().enumerate() {
        if c != 0 {
            enc.point_deltas(i, 0, c, &mut rows);
        }
    }
    enc.board_units(board, 15, false, &mut units[..idx.len()]);
    rows.push_changed(
        idx,
        &units[..idx.len()],
        &[0.0; MAX_BOARD_UNITS][..idx.len()],
    );
    rows
}

/// Replaces `rows` by the rows a play changes, the plain way: the inputs of every point
/// that differs between `before` and `board`, and the board units that moved from
/// `before_units` (`before`'s).
fn rows_of_play(
    enc: Encoding,
    before: &[i8; 26],
    board: &[i8; 26],
    before_units: &[f32],
    rows: &mut UnitDeltas,
) {
    let idx = enc.board_unit_indices();
    rows.clear();
    for i in 0..26 {
        if before[i] != board[i] {
            enc.point_deltas(i, before[i], board[i], rows);
        }
    }
    let mut units = [0f32; MAX_BOARD_UNITS];
    enc.board_units(board, 15, false, &mut units[..idx.len()]);
    rows.push_changed(idx, &units[..idx.len()], &before_units[..idx.len()]);
}

/// Positions of net self-play before a roll, with their legal plays (at least one).
fn self_play_positions(n: usize) -> Vec<(Backgammon, PlayList<Backgammon>)> {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let mut rng = crate::base::rng::game_stream(9, 0, crate::base::rng::Stream::Dice);
    let mut pos = start;
    let mut out = Vec::new();
    while out.len() < n {
        if pos.is_game_over() {
            pos = start;
        }
        let plays = pos.legal_plays(crate::base::rng::roll(&mut rng));
        if plays.is_empty() {
            pos = pos.pass_turn();
            continue;
        }
        let best = nets.best_play_from(&pos, plays.as_slice());
        let next = pos.play_unchecked(&plays[best]);
        out.push((pos, plays));
        pos = next;
    }
    out
}

#[test]
fn every_compiled_version_gives_the_floats_of_the_baseline_build() {
    // The dispatched functions run the best version this CPU has (AVX-512, AVX2, AVX or
    // the baseline); the same steps written out here are compiled for the baseline
    // (SSE2). Every value must agree to the bit, so that plays do not depend on the CPU.
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let mut d = UnitDeltas::new();
    let mut acc = [0f32; MAX_HIDDEN];
    let mut h = [0f32; MAX_HIDDEN];
    let mut checked = 0;
    for (pos, plays) in self_play_positions(400) {
        let before = pos.owner_board();
        // The loops over a roll's plays (dispatched) and the values one by one, inlined
        // here (baseline).
        let mut r = Ranker::new(nets, &pos);
        let mut equities = Vec::new();
        r.equities(plays.as_slice(), &mut equities);
        let mut plain = Ranker::new(nets, &pos);
        let one_by_one: Vec<f32> = plays
            .iter()
            .map(|p| plain.value_with::<_, true, false>(p.after()).equity())
            .collect();
        assert_eq!(
            equities.iter().map(|e| e.to_bits()).collect::<Vec<_>>(),
            one_by_one.iter().map(|e| e.to_bits()).collect::<Vec<_>>()
        );
        r.reset(nets, &pos);
        assert_eq!(
            r.best(plays.as_slice()),
            first_best(one_by_one.iter().copied())
        );
        for net in std::iter::once(&nets.contact).chain(nets.race.as_ref()) {
            let mut base = Base::new();
            base_sums(net, &before, 15, &mut base, &mut d, false);
            // The plays' per-board units through the position's context, as the ranker
            // values them (checked against the plain encoding below).
            net.encoding.roll_context(&before, 15, &mut base.ctx);
            // The position's sums, the plain way: the biases and each non-zero input.
            let mut x = vec![0f32; net.inputs()];
            net.encoding.encode_into(&before, 15, false, &mut x);
            let mut plain = Base::new();
            let enc = net.encoding;
            let mut rows = rows_from_empty(enc, &before, &mut plain.board_units);
            net.accumulate_rows(&net.b1, &rows, &mut plain.acc);
            for j in 0..net.hidden {
                assert_eq!(base.acc[j].to_bits(), plain.acc[j].to_bits());
            }
            let mut h2 = [0f32; MAX_HIDDEN];
            let direct = finish_dispatched(net, &base.acc, &mut h);
            let baseline = net.finish_with(&plain.acc, &mut h2);
            assert_eq!(direct.map(f32::to_bits), baseline.map(f32::to_bits));
            for p in plays.iter() {
                let board = p.after().owner_board();
                let out = candidate_outputs(
                    net, &before, &board, 15, &base, &mut d, &mut acc, &mut h, false,
                );
                rows_of_play(enc, &before, &board, &plain.board_units, &mut rows);
                let mut acc2 = [0f32; MAX_HIDDEN];
                net.accumulate_rows(&plain.acc, &rows, &mut acc2);
                let baseline = net.finish_with(&acc2, &mut h2);
                assert_eq!(out.map(f32::to_bits), baseline.map(f32::to_bits));
                // And the outputs are the plain formula's: each output's sigmoid of its
                // bias plus its dot product with the hidden sigmoids.
                let hn = net.hidden;
                for (k, (o, w)) in out.iter().zip(net.w2.chunks_exact(hn)).enumerate() {
                    let z = net.b2[k] + dot(&h2[..hn], w);
                    assert_eq!(o.to_bits(), fast_sigmoid(z).to_bits());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}

#[test]
fn bearoff_values_after_a_play_are_the_databases_for_the_opponent_flipped() {
    // OFF-1..OFF-3: a bear-off's value for the player who played is the databases' value
    // for the opponent, who is on roll, flipped.
    let mut seen = 0;
    for (_, plays) in self_play_positions(20_000) {
        for p in plays.iter() {
            let after = p.after();
            if !bearoff::is_bearoff(&after.pass_turn()) {
                continue;
            }
            let e = bearoff::evaluate(&after.pass_turn()).unwrap();
            let theirs = Probabilities {
                win: e.win as f32,
                win_gammon: e.win_gammon as f32,
                lose_gammon: e.lose_gammon as f32,
                ..Probabilities::default()
            };
            assert_eq!(bearoff_after(after), Some(theirs.flip()));
            seen += 1;
        }
    }
    assert!(seen > 1000, "{seen}");
}

#[test]
fn a_rankers_sanity_check_zeroes_what_the_plain_one_does_score1() {
    // SCORE-1: no gammon against a side with a checker off. The ranker knows from the
    // position before the plays which side has one off and whether a play can bear off
    // the first; the plain check counts the checkers of every board.
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let (mut first_off, mut kept) = (0, 0);
    for (pos, plays) in self_play_positions(6000) {
        let before = pos.owner_board();
        let off = BorneOff::of(RulesFamily::Backgammon, &before, 15);
        let (mine_before, theirs) = checkers_on(&before);
        assert_eq!(off.theirs, theirs < 15);
        let mut ranker = Ranker::new(nets, &pos);
        for p in plays.iter() {
            let board = p.after().owner_board();
            let (mine, theirs_after) = checkers_on(&board);
            assert_eq!(theirs_after, theirs, "a play moves none of theirs off");
            assert_eq!(
                off.mine_after(&board, 15),
                mine < 15,
                "{before:?} {board:?}"
            );
            first_off += usize::from(mine_before == 15 && mine < 15);
            kept += usize::from(off.count_mine && mine == 15);
            if nets.exact_after(p.after()).is_none() {
                let v = ranker.value(p.after());
                let plain = sanity(RulesFamily::Backgammon, &board, 15, v);
                assert_eq!(v, plain);
            }
        }
    }
    assert!(first_off > 20 && kept > 20, "{first_off} {kept}");
}

/// The kept plays are the head of a stable sort by value (the earlier of equals first), through
/// an array on the stack (keeps up to 8) and a vector (more) alike.
#[test]
fn keep_best_keeps_what_a_stable_sort_puts_first() {
    // Values with many ties (the earlier of equals first), now and then an infinite one (a
    // play that ends the game) or a negative infinity, every length and keep, the indices in
    // order and reversed.
    let mut x = 12_345u32;
    for n in 0..40u32 {
        for round in 0..6 {
            let values: Vec<f32> = (0..n)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    match (x >> 16) % 9 {
                        7 if round % 3 == 1 => f32::INFINITY,
                        8 if round % 3 == 2 => f32::NEG_INFINITY,
                        v => (v % 7) as f32 * 0.5 - 1.0,
                    }
                })
                .collect();
            let start: Vec<u32> = if round % 2 == 0 {
                (0..n).collect()
            } else {
                (0..n).rev().collect()
            };
            for keep in 0..=12 {
                let mut want = start.clone();
                want.sort_by(|&a, &b| values[b as usize].total_cmp(&values[a as usize]));
                want.truncate(keep.max(1));
                let mut got = start.clone();
                keep_best(&values, &mut got, keep);
                if n as usize <= keep.max(1) {
                    // Left as it is.
                    assert_eq!(got, start);
                } else {
                    assert_eq!(got, want, "{values:?} {start:?} {keep}");
                }
            }
        }
    }
}

/// The pruned choice at 0 ply: in contact, the fused full ranker's best among the pruning
/// net's `keep` best (its fused raw ranking, [`pruning_scores_dispatched`]); in races and with few plays, the unpruned best;
/// keeping every play, the unpruned best; and keeping 1, the pruning net's own best.
#[test]
fn the_pruned_choice_is_the_best_of_the_pruning_nets_best() {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let pruner = shipped_pruner(RulesFamily::Backgammon).unwrap().unwrap();
    let (mut pruned_turns, mut same) = (0usize, 0usize);
    for (pos, plays) in self_play_positions(400) {
        let plays = plays.as_slice();
        let best = Ranker::fused(nets, &pos).best(plays);
        let (mut full, mut ranked) = (Vec::new(), Vec::new());
        Ranker::fused(nets, &pos).equities(plays, &mut full);
        pruning_scores_dispatched(&mut Ranker::fused(pruner, &pos), plays, &mut ranked);
        for keep in [1, 3, 8, MAX_ZERO_PLY_KEEP] {
            let got = Ranker::fused(nets, &pos).best_pruned(pruner, keep, plays);
            if is_race(&pos.owner_board()) || plays.len() <= keep {
                assert_eq!(got, best, "{pos:?} keep {keep}");
                continue;
            }
            let mut kept: Vec<u32> = (0..plays.len() as u32).collect();
            keep_best(&ranked, &mut kept, keep);
            assert!(kept.contains(&(got as u32)), "{pos:?} keep {keep}");
            // Not beaten by another kept play (the earliest of equals).
            for &i in &kept {
                let i = i as usize;
                assert!(full[i] < full[got] || (full[i] == full[got] && i >= got));
            }
            if keep == 1 {
                assert_eq!(got, first_best(ranked.iter().copied()));
            }
            if keep == 3 {
                pruned_turns += 1;
                same += usize::from(got == best);
            }
        }
        // A ranker kept from turn to turn gives the same choices (its sums made afresh).
        let mut r = Ranker::fused(nets, &pos);
        let first = r.best_pruned(pruner, 3, plays);
        assert_eq!(r.best(plays), best);
        assert_eq!(r.best_pruned(pruner, 3, plays), first);
    }
    // The pruning net mostly keeps the full nets' best, but not always.
    assert!(pruned_turns > 150, "{pruned_turns}");
    assert!(
        same * 10 > pruned_turns * 8 && same < pruned_turns,
        "{same} of {pruned_turns}"
    );
}
