//! The nets and their weights file: the shipped nets load, a damaged file is refused with the
//! reason, the evaluations are consistent probabilities, exact where the databases cover a
//! position.

use super::*;
use crate::base::dice::Dice;
use crate::base::setup::Setup;
use crate::base::variant::Variant;
use crate::bearoff;
use crate::encode::Encoding;
use crate::rules::backgammon::bg;

#[test]
fn the_shipped_weights_load_and_fit_their_families() {
    let b = shipped(RulesFamily::Backgammon).unwrap();
    assert_eq!(b.family, RulesFamily::Backgammon);
    assert_eq!(b.contact.encoding, Encoding::ContactExt);
    assert!(b.race.is_some());
    let n = shipped(RulesFamily::LongNardy).unwrap();
    assert_eq!(n.family, RulesFamily::LongNardy);
    assert_eq!(n.contact.encoding, Encoding::Nardy);
    // Written back, they are the same bytes.
    assert_eq!(b.to_bytes(), SHIPPED_BACKGAMMON);
    assert_eq!(n.to_bytes(), SHIPPED_LONG_NARDY);
}

#[test]
fn a_damaged_weights_file_is_refused_with_the_reason() {
    let good = SHIPPED_BACKGAMMON.to_vec();
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(NetEvaluator::from_bytes(&bad), Err(NetFileError::BadMagic));
    let mut bad = good.clone();
    bad[8] = 9;
    assert!(matches!(
        NetEvaluator::from_bytes(&bad),
        Err(NetFileError::Version { found: 9 })
    ));
    let mut bad = good.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x40;
    let err = NetEvaluator::from_bytes(&bad).unwrap_err();
    assert!(matches!(err, NetFileError::Checksum { .. }), "{err}");
    assert!(err.to_string().contains("CRC-32"));
    assert!(matches!(
        NetEvaluator::from_bytes(&good[..good.len() - 100]),
        Err(NetFileError::Checksum { .. })
    ));
    assert!(matches!(
        NetEvaluator::from_bytes(&good[..10]),
        Err(NetFileError::Truncated(_))
    ));
    // A header field out of range, with a valid checksum: hidden units = 0.
    let mut bad = good[..good.len() - 4].to_vec();
    // magic 8, version 4, family 1, count 1, role 1, encoding 1, inputs 4 -> hidden at 20.
    bad[20..24].copy_from_slice(&0u32.to_le_bytes());
    let crc = crc32fast::hash(&bad);
    bad.extend_from_slice(&crc.to_le_bytes());
    let err = NetEvaluator::from_bytes(&bad).unwrap_err();
    assert!(err.to_string().contains("hidden units"), "{err}");
}

/// The shipped backgammon weights with every weight of the nets replaced by `f(i)`,
/// checksummed again.
fn reweighted(f: impl Fn(usize) -> f32) -> Vec<u8> {
    let mut nets = NetEvaluator::from_bytes(SHIPPED_BACKGAMMON).unwrap();
    let mut i = 0;
    for net in std::iter::once(&mut nets.contact).chain(nets.race.as_mut()) {
        for w in net
            .w1
            .iter_mut()
            .chain(&mut net.b1)
            .chain(&mut net.w2)
            .chain(&mut net.b2)
        {
            *w = f(i);
            i += 1;
        }
    }
    nets.to_bytes()
}

#[test]
fn a_weight_beyond_the_bound_is_refused_and_one_at_it_evaluates_finitely() {
    let err =
        NetEvaluator::from_bytes(&reweighted(|i| if i == 7 { 2.0e6 } else { 0.1 })).unwrap_err();
    assert!(err.to_string().contains("beyond ±1e6"), "{err}");
    // Every weight at the bound, signs mixed: sums of opposite huge terms, the case that
    // overflowed to inf - inf = NaN (and a panic) before the bound.
    let bytes = reweighted(|i| {
        if (i * 2_654_435_761) % 7 < 3 {
            -MAX_WEIGHT
        } else {
            MAX_WEIGHT
        }
    });
    let nets = NetEvaluator::from_bytes(&bytes).unwrap();
    let mut pos = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let mut bufs = SearchBuffers::default();
    for turn in 0..60u8 {
        let p = nets.evaluate(&pos);
        let all = [
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
        ];
        assert!(
            all.iter().all(|x| x.is_finite() && (0.0..=1.0).contains(x)),
            "{p:?}"
        );
        if turn % 20 == 0 {
            assert!(nets.on_roll_plies(&pos, 1, &mut bufs).win.is_finite());
        }
        let plays = pos.legal_plays(Dice::new(turn % 6 + 1, (turn / 6) % 6 + 1).unwrap());
        let best = Ranker::fused(&nets, &pos).best(plays.as_slice());
        pos = match plays.as_slice().get(best) {
            Some(play) => pos.play_unchecked(play),
            None => pos.pass_turn(),
        };
        if pos.is_game_over() {
            break;
        }
    }
}

/// The bound's argument (`MAX_WEIGHT`): every input of every encoding is below 100.
#[test]
fn every_encodings_inputs_stay_below_100() {
    let mut out = vec![0f32; MAX_INPUTS];
    for (variant, encodings) in [
        (
            Variant::Backgammon,
            &[
                Encoding::TdGammon,
                Encoding::Contact,
                Encoding::ContactPlus,
                Encoding::ContactExt,
                Encoding::ContactShape,
            ][..],
        ),
        (Variant::LongNardy, &[Encoding::Nardy][..]),
    ] {
        let mut rng = crate::base::rng::game_stream(3, 0, crate::base::rng::Stream::Choices);
        let mut pos = crate::VariantPosition::start(variant, Color::White);
        for _ in 0..3000 {
            let board = match &pos {
                crate::VariantPosition::Backgammon(p) => p.owner_board(),
                crate::VariantPosition::Nardy(p) => p.owner_board(),
            };
            for &e in encodings {
                let n = e.units();
                e.encode_into(&board, variant.checkers_per_side(), true, &mut out[..n]);
                let top = out[..n].iter().fold(0f32, |m, x| m.max(x.abs()));
                assert!(top < 100.0, "{e:?}: an input of {top}");
            }
            let mut die = || (rand_core::Rng::next_u32(&mut rng) % 6 + 1) as u8;
            let plays = pos.legal_plays(Dice::new(die(), die()).unwrap());
            let k = rand_core::Rng::next_u32(&mut rng) as usize % plays.len().max(1);
            pos = match plays.get(k) {
                Some(play) => play.after(),
                None => pos.pass_turn(),
            };
            if pos.outcome().is_some() {
                pos = crate::VariantPosition::start(variant, Color::White);
            }
        }
    }
}

#[test]
fn evaluations_are_consistent_probabilities_and_flip_between_the_players() {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let p = nets.evaluate(&start);
    assert!(p.win > 0.0 && p.win < 1.0);
    assert!(p.win >= p.win_gammon && p.win_gammon >= p.win_backgammon);
    assert!(p.lose() >= p.lose_gammon && p.lose_gammon >= p.lose_backgammon);
    // The value of a play for its mover is the flip of the next position's value for
    // the opponent (BG-2a: one board, two views).
    let plays = start.legal_plays(Dice::new(3, 1).unwrap());
    for play in plays.iter() {
        let mine = nets.after_state(play.after());
        let theirs = nets.evaluate(&start.play_unchecked(play));
        assert!((mine.equity() + theirs.equity()).abs() < 1e-5);
    }
}

#[test]
fn bearoff_positions_take_the_exact_database_values() {
    // OFF-1..OFF-3: both sides home, so the two-sided table decides.
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let pos = bg(&[(6, 1)], &[(1, 1)]);
    let p = nets.evaluate(&pos);
    let e = bearoff::evaluate(&pos).unwrap();
    assert!((f64::from(p.win) - e.win).abs() < 1e-6);
    // A play bearing off the last checker wins: single (the opponent has one off).
    let won = bg(&[(1, 1)], &[(1, 1)]);
    let plays = won.legal_plays(Dice::new(2, 1).unwrap());
    let v = nets.after_state(plays[0].after());
    assert_eq!((v.win, v.win_gammon), (1.0, 0.0));
}

#[test]
fn a_finished_games_exact_value_is_its_result_by_the_rules() {
    // SCORE-1: the loser with nothing off loses a backgammon with a checker on the bar or in
    // the winner's home board (the loser's 19..24), a gammon otherwise, checkers in the
    // loser's own home board included. The exact value of the play that bears off the last
    // checker (the search's leaves, the trainer's last step) says what the rules say.
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let losers: [&[(u8, u8)]; 6] = [
        &[(6, 5), (5, 5), (4, 4), (13, 1)], // gammon, the loser mostly home
        &[(13, 14), (22, 1)],               // backgammon, none in the loser's home
        &[(6, 14), (20, 1)],                // backgammon
        &[(6, 14), (25, 1)],                // backgammon: on the bar
        &[(13, 15)],                        // gammon
        &[(6, 14)],                         // single: one off
    ];
    let mut kinds = Vec::new();
    for black in losers {
        let pos = bg(&[(1, 1)], black);
        let plays = pos.legal_plays(Dice::new(2, 1).unwrap());
        let after = plays[0].after();
        let outcome = after.outcome().expect("the game is over");
        let want = finished(outcome.winner, outcome.kind, Color::White);
        assert_eq!(
            nets.after_state(after),
            want,
            "{black:?}: {:?}",
            outcome.kind
        );
        let mut bufs = SearchBuffers::default();
        assert_eq!(nets.after_value_plies(after, 1, &mut bufs), want);
        kinds.push(outcome.kind);
    }
    use crate::base::outcome::OutcomeKind::{Backgammon as Bg, Gammon, Single};
    assert_eq!(kinds, [Gammon, Bg, Bg, Bg, Gammon, Single]);
}

#[test]
fn a_roll_that_cannot_be_played_at_the_last_ply_is_read_one_roll_further() {
    // White has just closed the board with Black on the bar (BAR-2: Black cannot enter on
    // any roll), so each of Black's 21 rolls leaves White on roll on the same board: the
    // 1-ply value of White's position is White's own value one roll ahead (their 21 rolls,
    // each with its best play at 0 ply), not the net's value of Black's board left on the bar.
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let before = bg(
        &[(6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 2), (13, 3)],
        &[(25, 1), (6, 5), (8, 3), (13, 6)],
    );
    let mut bufs = SearchBuffers::default();
    // The board as White's after-state (White "just played", Black to roll).
    let after = before;
    let black = after.pass_turn();
    for (a, b) in (1..=6).flat_map(|a| (1..=a).map(move |b| (a, b))) {
        assert!(black.legal_plays(Dice::new(a, b).unwrap()).is_empty());
    }
    let ahead = nets.on_roll_plies(&before, 1, &mut bufs);
    let direct = nets.on_roll_plies(&before, 0, &mut bufs);
    // At 2 plies the roll Black cannot play is a ply like any other: the same value.
    for plies in [1, 2] {
        let searched = nets.after_value_plies(&after, plies, &mut bufs);
        for (a, b) in outputs_of(&searched).iter().zip(outputs_of(&ahead)) {
            assert!((a - b).abs() < 1e-5, "{plies}: {searched:?} {ahead:?}");
        }
    }
    assert!((ahead.equity() - direct.equity()).abs() > 1e-3);
}

#[test]
fn race_detection_matches_contact() {
    assert!(!is_race(
        Backgammon::start(Variant::Backgammon, Color::White)
            .unwrap()
            .raw()
    ));
    assert!(is_race(bg(&[(6, 10), (8, 5)], &[(6, 10), (8, 5)]).raw()));
    assert!(!is_race(bg(&[(25, 1), (6, 14)], &[(6, 15)]).raw()));
    assert!(!is_race(bg(&[(6, 15)], &[(25, 1), (6, 14)]).raw()));
}

#[test]
fn a_one_ply_search_averages_the_replies_and_stays_a_probability() {
    let nets = shipped(RulesFamily::Backgammon).unwrap();
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let plays = start.legal_plays(Dice::new(6, 5).unwrap());
    let mut bufs = SearchBuffers::default();
    let run = plays
        .iter()
        .find(|p| p.after().raw()[24] == 1)
        .expect("24/13 exists");
    let zero = nets.after_value_plies(run.after(), 0, &mut bufs);
    let one = nets.after_value_plies(run.after(), 1, &mut bufs);
    assert!(one.win > 0.0 && one.win < 1.0);
    assert!((0.0..=1.0).contains(&one.win_gammon));
    assert_ne!(zero, one);
    // A search on a finished game is its result.
    let won = bg(&[(1, 1)], &[(1, 1)]);
    let plays = won.legal_plays(Dice::new(2, 1).unwrap());
    assert_eq!(
        nets.after_value_plies(plays[0].after(), 2, &mut bufs).win,
        1.0
    );
}

#[test]
fn long_nardy_finished_games_are_mars_when_the_loser_has_nothing_off() {
    // LN-33/LN-34: the net's exact value of a play that bears off the last checker.
    let nets = shipped(RulesFamily::LongNardy).unwrap();
    let pos = Nardy::from_setup(&Setup::from_points(
        Variant::LongNardy,
        Color::White,
        &[(1, 1)],
        &[(20, 15)],
    ))
    .unwrap();
    let plays = pos.legal_plays(Dice::new(2, 1).unwrap());
    let v = nets.after_state(plays[0].after());
    assert_eq!((v.win, v.win_gammon), (1.0, 1.0));
    let start = Nardy::start(Color::White);
    let p = nets.evaluate(&start);
    assert!(p.win > 0.0 && p.win < 1.0);
}
