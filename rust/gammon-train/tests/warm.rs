//! Warm starts: trained nets grown to a larger encoding and more hidden units value every
//! position exactly as before, then go on learning.

use gammon_core::encode::Encoding;
use gammon_core::{Backgammon, Color, Dice, FirstRoll, GameDice, Position, Variant};
mod common;

use common::tiny;
use gammon_train::Trainer;

/// After-state boards of a few games of the small net's own play.
fn boards(t: &Trainer) -> Vec<[i8; 26]> {
    let mut out = Vec::new();
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    for g in 0..4 {
        let mut dice = GameDice::new(99, g, FirstRoll::Opening, None);
        let mut pos = start;
        while !pos.is_game_over() && out.len() < 400 {
            let d: Dice = dice.next_roll();
            let plays = pos.legal_plays(d);
            if plays.is_empty() {
                pos = pos.pass_turn();
                continue;
            }
            let i = t.nets.best_play_from(&pos, plays.as_slice());
            out.push(*plays[i].after().raw());
            pos = pos.play_unchecked(&plays[i]);
        }
    }
    out
}

#[test]
fn a_grown_net_values_every_position_as_the_net_it_grew_from() {
    let small_config = tiny();
    let mut small = Trainer::new(small_config.clone());
    small.train_until(20);

    let mut big_config = small_config.clone();
    big_config.encoding = Encoding::ContactPlus;
    big_config.hidden += 5;
    big_config.race_hidden += 3;
    big_config.init_from = Some("small.gnet".into());
    assert_ne!(big_config.fingerprint(), small_config.fingerprint());
    let mut big = Trainer::new(big_config.clone());
    big.warm_start(&small.nets).unwrap();
    assert_eq!(big.nets.contact.encoding, Encoding::ContactPlus);
    assert_eq!(big.nets.contact.hidden, small.nets.contact.hidden + 5);

    let positions = boards(&small);
    assert!(positions.len() > 100);
    for b in &positions {
        let (x, y) = (
            small.nets.evaluate_after_board(b, 15),
            big.nets.evaluate_after_board(b, 15),
        );
        for (u, v) in [
            (x.win, y.win),
            (x.win_gammon, y.win_gammon),
            (x.lose_gammon, y.lose_gammon),
        ] {
            assert!((u - v).abs() < 1e-5, "{b:?}: {x:?} vs {y:?}");
        }
    }

    // It learns: the new inputs' weights move away from zero.
    big.train_until(20);
    let row =
        |i: usize| &big.nets.contact.w1[i * big.nets.contact.hidden..][..big.nets.contact.hidden];
    assert!((220..224).any(|i| row(i).iter().any(|&w| w != 0.0)));

    // What cannot grow is refused: fewer hidden units, another family, a missing race net.
    let mut shrink = small_config.clone();
    shrink.hidden -= 1;
    assert!(Trainer::new(shrink).warm_start(&small.nets).is_err());
    let mut back = big_config.clone();
    back.encoding = Encoding::TdGammon;
    assert!(Trainer::new(back).warm_start(&small.nets).is_err());
    let mut no_race = big_config;
    no_race.race_hidden = 0;
    assert!(Trainer::new(no_race).warm_start(&small.nets).is_err());
}

#[test]
fn contact_nets_grow_into_the_next_encoding_and_not_back() {
    // contact-plus into contact-ext, contact-ext into contact-shape: the added units come last.
    for (small_enc, big_enc) in [
        (Encoding::ContactPlus, Encoding::ContactExt),
        (Encoding::ContactExt, Encoding::ContactShape),
    ] {
        let mut small_config = tiny();
        small_config.encoding = small_enc;
        let mut small = Trainer::new(small_config.clone());
        small.train_until(10);

        let mut big_config = small_config.clone();
        big_config.encoding = big_enc;
        big_config.init_from = Some("small.gnet".into());
        let mut big = Trainer::new(big_config.clone());
        big.warm_start(&small.nets).unwrap();
        for b in &boards(&small) {
            let (x, y) = (
                small.nets.evaluate_after_board(b, 15),
                big.nets.evaluate_after_board(b, 15),
            );
            assert!((x.win - y.win).abs() < 1e-5 && (x.win_gammon - y.win_gammon).abs() < 1e-5);
        }
        big.train_until(10);
        let hidden = big.nets.contact.hidden;
        let row = |i: usize| &big.nets.contact.w1[i * hidden..][..hidden];
        assert!((small_enc.units()..big_enc.units()).any(|i| row(i).iter().any(|&w| w != 0.0)));

        // A bigger net does not shrink back.
        let mut back = small_config;
        back.init_from = Some("big.gnet".into());
        let err = Trainer::new(back).warm_start(&big.nets).unwrap_err();
        assert!(err.contains("cannot grow"), "{err}");
    }
}

#[test]
fn averaging_nets_takes_the_mean_of_every_weight_and_refuses_other_shapes() {
    let config = tiny();
    let mut a = Trainer::new(config.clone());
    a.train_until(5);
    let mut b = Trainer::new(config.clone());
    b.train_until(15);
    assert_ne!(a.nets, b.nets);
    let avg = gammon_train::average_nets(&[a.nets.clone(), b.nets.clone()]).unwrap();
    for (i, w) in avg.contact.w1.iter().enumerate() {
        let mid = (a.nets.contact.w1[i] + b.nets.contact.w1[i]) / 2.0;
        assert!((w - mid).abs() < 1e-6);
    }
    let race = |n: &gammon_core::eval::net::NetEvaluator| n.race.clone().unwrap().b2;
    for k in 0..5 {
        assert!((race(&avg)[k] - (race(&a.nets)[k] + race(&b.nets)[k]) / 2.0).abs() < 1e-6);
    }
    // The mean of one net is that net.
    assert_eq!(
        gammon_train::average_nets(&[a.nets.clone()]).unwrap(),
        a.nets
    );
    let mut wide = config;
    wide.hidden += 1;
    let err = gammon_train::average_nets(&[a.nets, Trainer::new(wide).nets]).unwrap_err();
    assert!(err.contains("another shape"), "{err}");
    assert!(gammon_train::average_nets(&[]).is_err());
}

#[test]
fn grow_contact_adds_hidden_units_that_change_no_value() {
    let mut small = Trainer::new(tiny());
    small.train_until(10);
    let h = small.nets.contact.hidden;
    let grown = gammon_train::grow_contact(&small.nets, h + 7, small.nets.contact.encoding, 0.5, 3)
        .unwrap();
    assert_eq!(grown.contact.hidden, h + 7);
    assert_eq!(grown.contact.encoding, small.nets.contact.encoding);
    // The new units have input weights (so a fit can move them) and no output weight yet.
    let hd = h + 7;
    assert!((0..grown.contact.inputs()).any(|i| grown.contact.w1[i * hd + h] != 0.0));
    assert!((0..5).all(|k| grown.contact.w2[k * hd + h..(k + 1) * hd]
        .iter()
        .all(|&w| w == 0.0)));
    for b in &boards(&small) {
        let (x, y) = (
            small.nets.evaluate_after_board(b, 15),
            grown.evaluate_after_board(b, 15),
        );
        assert!((x.win - y.win).abs() < 1e-5, "{b:?}: {x:?} vs {y:?}");
        assert!((x.win_gammon - y.win_gammon).abs() < 1e-5);
    }
    // The same seed grows the same net; fewer units than the net has are refused.
    let again = gammon_train::grow_contact(&small.nets, h + 7, small.nets.contact.encoding, 0.5, 3)
        .unwrap();
    assert_eq!(again.to_bytes(), grown.to_bytes());
    assert!(
        gammon_train::grow_contact(&small.nets, h - 1, small.nets.contact.encoding, 0.5, 3)
            .is_err()
    );
}
