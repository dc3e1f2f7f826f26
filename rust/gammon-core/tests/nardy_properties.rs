//! Properties of Long Nardy move generation over random games, checked against the slow §10
//! generator of `nardy_support` and against the rules step by step.

mod nardy_support;

use gammon_core::{Color, Dice, Nardy, NardyOptions, Position};
use gammon_core::{PlayText, PositionId};
use nardy_support::{
    fast_results, random_game, slow_results, spreading_game, Board, SlowOptions, SplitMix,
};
use proptest::prelude::*;

/// §10: the fast generator lists exactly the plays of the slow generator, in every position of
/// random and prime-building games and for all 21 rolls (LN-14..LN-31).
#[test]
fn fast_and_slow_generators_agree_on_random_games() {
    let mut rng = SplitMix(20_240_601);
    let mut positions = 0;
    let mut block_cases = 0;
    let no_blocks = SlowOptions {
        ignore_blocks: true,
        ..SlowOptions::default()
    };
    for game in 0..24 {
        let start = Nardy::start(Color::White);
        let positions_of_game = if game % 2 == 0 {
            random_game(start, &mut rng)
        } else {
            spreading_game(start, &mut rng)
        };
        for pos in positions_of_game {
            let board = Board::of(&pos);
            for dice in Dice::ALL_21 {
                let fast = fast_results(&pos, dice);
                let slow = slow_results(&board, dice, SlowOptions::default());
                assert_eq!(fast, slow, "{pos:?} {dice}\n{pos}");
                if slow != slow_results(&board, dice, no_blocks) {
                    block_cases += 1;
                }
            }
            positions += 1;
        }
    }
    assert!(positions > 2_000, "only {positions} positions");
    // The block rule must have mattered often enough for the comparison to mean something.
    assert!(
        block_cases > 100,
        "the block rule changed only {block_cases} cases"
    );
    println!("{positions} positions, {block_cases} (position, roll) cases decided by LN-24..26");
}

/// §9 options: the generators also agree with `unconditional` and `endOfTurn`.
#[test]
fn fast_and_slow_generators_agree_under_the_compatibility_options() {
    let mut rng = SplitMix(77);
    for (options, slow_opts) in [
        (
            NardyOptions::UNCONDITIONAL_FIRST_TURN,
            SlowOptions {
                unconditional: true,
                ..SlowOptions::default()
            },
        ),
        (
            NardyOptions::END_OF_TURN_BLOCK_CHECK,
            SlowOptions {
                end_of_turn: true,
                ..SlowOptions::default()
            },
        ),
    ] {
        for _ in 0..8 {
            let start = Nardy::start(Color::White).with_options(options);
            for pos in random_game(start, &mut rng) {
                assert_eq!(pos.options(), options, "options survive play");
                let board = Board::of(&pos);
                for dice in Dice::ALL_21 {
                    let fast = fast_results(&pos, dice);
                    let slow = slow_results(&board, dice, slow_opts);
                    assert_eq!(fast, slow, "{options:?} {pos:?} {dice}\n{pos}");
                }
            }
        }
    }
}

/// Replays every legal play of `pos` for `dice` step by step and checks the rules on each
/// step: the source holds a checker, the landing point is open (LN-14), no illegal block
/// after any single step (LN-26), at most one head checker (two only under LN-18), and
/// checkers are conserved.
fn check_plays_step_by_step(pos: &Nardy, dice: Dice) {
    let before = Board::of(pos);
    let first_turn_double =
        before.mine[24] == 15 && dice.is_double() && [3, 4, 6].contains(&dice.high());
    for play in pos.legal_plays(dice).iter() {
        let mut b = before;
        let mut head = 0;
        for m in play.moves() {
            let (from, to) = (m.from as usize, m.to as usize);
            assert!(b.mine[from] > 0, "{pos:?} {dice}: no checker on {from}");
            b.mine[from] -= 1;
            if to == 0 {
                b.mine[0] += 1;
            } else {
                assert_eq!(
                    b.theirs[nardy_support::other(to)],
                    0,
                    "{pos:?} {dice}: {to} closed"
                );
                b.mine[to] += 1;
            }
            assert!(!m.hit, "LN-14: nothing is hit");
            assert!(
                !b.illegal_block(),
                "{pos:?} {dice}: illegal block after {m}"
            );
            head += usize::from(from == 24);
        }
        let allowed = if first_turn_double { 2 } else { 1 };
        assert!(
            head <= allowed,
            "{pos:?} {dice}: {head} checkers left the head"
        );
        assert_eq!(
            b,
            Board::of(play.after()),
            "{pos:?} {dice}: moves do not give the play"
        );
        let total: u32 = b.mine.iter().map(|&c| u32::from(c)).sum();
        assert_eq!(total, 15, "checkers conserved");
        assert_eq!(
            b.theirs, before.theirs,
            "the opponent's checkers never move"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// LN-26, LN-17/18, LN-1: step-by-step legality of every play of random and prime-building
    /// games.
    #[test]
    fn every_step_of_every_play_keeps_the_rules(seed in any::<u64>(), spreading in any::<bool>()) {
        let mut rng = SplitMix(seed);
        let start = Nardy::start(Color::White);
        let game = if spreading {
            spreading_game(start, &mut rng)
        } else {
            random_game(start, &mut rng)
        };
        for pos in game {
            for dice in Dice::ALL_21 {
                check_plays_step_by_step(&pos, dice);
            }
        }
    }

    /// Every position of a random game validates, round-trips through its ID and its set-up,
    /// and `pass_turn` is its own inverse.
    #[test]
    fn positions_round_trip_through_id_and_setup(seed in any::<u64>()) {
        let mut rng = SplitMix(seed);
        for pos in random_game(Nardy::start(Color::White), &mut rng) {
            prop_assert_eq!(Nardy::from_id(&pos.id(), pos.turn()), Ok(pos));
            prop_assert_eq!(Nardy::from_setup(&pos.to_setup()), Ok(pos));
            prop_assert_eq!(pos.pass_turn().pass_turn(), pos);
            let off = pos.checkers_off();
            let pips = pos.pip_count();
            prop_assert_eq!(off.white == 15, pips.white == 0);
            prop_assert_eq!(off.black == 15, pips.black == 0);
        }
    }

    /// NOT-2/NOT-3 for Long Nardy: every play prints to a text that reads back to it.
    #[test]
    fn every_play_text_reads_back_to_its_play(seed in any::<u64>()) {
        let mut rng = SplitMix(seed);
        let game = random_game(Nardy::start(Color::White), &mut rng);
        for pos in game.iter().step_by(7) {
            for dice in Dice::ALL_21 {
                for play in pos.legal_plays(dice).iter() {
                    let text = pos.format_play(play);
                    let back = pos.resolve_play(dice, &text, false);
                    prop_assert_eq!(back.as_ref(), Ok(play), "{}", text);
                }
            }
        }
    }
}

/// `is_legal` agrees with membership in the legal plays, and `play` rejects a play of
/// another roll.
#[test]
fn is_legal_agrees_with_the_legal_plays() {
    let mut rng = SplitMix(5);
    let game = random_game(Nardy::start(Color::White), &mut rng);
    for pos in game.iter().step_by(5) {
        let a = pos.legal_plays(Dice::new(6, 5).unwrap());
        let b = pos.legal_plays(Dice::new(2, 1).unwrap());
        for p in a.iter() {
            assert!(pos.is_legal(Dice::new(6, 5).unwrap(), p));
            if !b.iter().any(|q| q == p) {
                assert!(pos.play(Dice::new(2, 1).unwrap(), p).is_err());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Constructors and parsers never panic: any ID text, any set-up, any play text gives a
    /// value or a typed error.
    #[test]
    fn constructors_and_parsers_never_panic(
        id in "[A-Za-z0-9+/]{12,15}",
        white in proptest::collection::vec(0usize..=25, 15),
        black in proptest::collection::vec(0usize..=25, 15),
        text in "[0-9a-z/()* ]{0,20}",
        a in 1u8..=6,
        b in 1u8..=6,
    ) {
        let _ = Nardy::from_id(&id, Color::Black);
        let mut setup = gammon_core::Setup::empty(gammon_core::Variant::LongNardy, Color::White);
        // One entry per checker: a point, 0 = off, 25 = the bar (invalid in Long Nardy).
        for &p in &white {
            setup.board.white[p] += 1;
        }
        for &p in &black {
            setup.board.black[p] += 1;
        }
        if let Ok(pos) = Nardy::from_setup(&setup) {
            prop_assert_eq!(Nardy::from_setup(&pos.to_setup()), Ok(pos));
            let _ = pos.parse_play(Dice::new(a, b).unwrap(), &text);
            let _ = pos.legal_plays(Dice::new(a, b).unwrap());
        }
        let start = Nardy::start(Color::White);
        let _ = start.parse_play(Dice::new(a, b).unwrap(), &text);
    }
}
