//! Fuzzing that stays: every parser and constructor of the core that Python reaches
//! (position IDs of every variant, Match IDs, XGIDs, FIBS board strings, setups, play
//! notation, dice, names and settings) fed
//! generated input. Each input is read or refused with an error, never a panic, and whatever is
//! read survives its round trip.
//!
//! The number of cases per target comes from `GAMMON_FUZZ_CASES` (default 2,000: seconds, for
//! CI); `scripts/fuzz.sh` runs millions. Every input that once failed is replayed by
//! `every_input_that_once_failed_is_replayed` (the corpus is `tests/data/fuzz-corpus.txt`).

use gammon_core::{
    ByColor, Color, Dice, EndVariant, FibsBoard, Koks, MatchId, NardyOptions, NardySettings, Setup,
    Variant, VariantPosition, Xgid,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

fn config() -> Config {
    let cases = std::env::var("GAMMON_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    }
}

fn any_variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

fn any_color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

/// A position reached from the start of `variant` by `steps` turns of dice and plays drawn from
/// `seed`; the dice to play next come with it.
fn walk(variant: Variant, seed: u64, steps: u32) -> (VariantPosition, Dice) {
    let mut state = seed | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let roll = |next: &mut dyn FnMut(u64) -> u64| {
        Dice::new(next(6) as u8 + 1, next(6) as u8 + 1).unwrap_or(Dice::ALL_21[0])
    };
    let mut pos = VariantPosition::start(variant, Color::White);
    for _ in 0..steps {
        if pos.outcome().is_some() {
            break;
        }
        let plays = pos.legal_plays(roll(&mut next));
        pos = if plays.is_empty() {
            pos.pass_turn()
        } else {
            pos.play_unchecked(&plays[next(plays.len() as u64) as usize])
        };
    }
    (pos, roll(&mut next))
}

/// Text that looks like play notation, so that the parser gets past the first character.
fn notation() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9/*() offbar,-]{0,24}",
        "([0-9]{1,2}/[0-9]{1,2}\\*?(\\([1-4]\\))? ?){1,4}",
        "\\PC{0,16}",
    ]
}

proptest! {
    #![proptest_config(config())]

    /// Position IDs of every variant: decoded or refused; a decoded one re-encodes to itself.
    #[test]
    fn fuzz_position_ids(
        text in prop_oneof!["[A-Za-z0-9+/]{14}", "[A-Za-z0-9+/=]{0,20}", "\\PC{0,20}"],
        variant in any_variant(),
        turn in any_color(),
    ) {
        if let Ok(pos) = VariantPosition::from_id(&text, variant, turn) {
            prop_assert_eq!(VariantPosition::from_id(&pos.id(), variant, turn), Ok(pos));
            prop_assert_eq!(VariantPosition::from_setup(&pos.to_setup()), Ok(pos));
        }
    }

    /// Setups (what `from_checkers` and numpy boards build): validated or refused; a valid
    /// one comes back from its setup and its ID.
    #[test]
    fn fuzz_setups(
        white in prop::array::uniform26(prop_oneof![0u8..4, 0u8..16, any::<u8>()]),
        black in prop::array::uniform26(prop_oneof![0u8..4, 0u8..16, any::<u8>()]),
        variant in any_variant(),
        turn in any_color(),
    ) {
        let setup = Setup { variant, turn, board: ByColor { white, black } };
        match VariantPosition::from_setup(&setup) {
            Ok(pos) => {
                prop_assert_eq!(VariantPosition::from_id(&pos.id(), variant, turn), Ok(pos));
                prop_assert_eq!(VariantPosition::from_setup(&pos.to_setup()), Ok(pos));
            }
            Err(e) => prop_assert!(!e.details.is_empty()),
        }
    }

    /// Play notation in reachable positions of every variant: a play read is legal and its
    /// canonical text reads back as the same play.
    #[test]
    fn fuzz_play_notation(
        text in notation(),
        variant in any_variant(),
        seed in any::<u64>(),
        steps in 0u32..60,
    ) {
        let (pos, dice) = walk(variant, seed, steps);
        if let Ok(play) = pos.parse_play(dice, &text) {
            let legal = pos.legal_plays(dice);
            // With no legal play, the empty play (the pass, MOVE-8) is what a text reads as.
            prop_assert!(
                legal.contains(&play) || (legal.is_empty() && play.is_empty()),
                "{text:?} read as an illegal play"
            );
            let canonical = pos.format_play(&play);
            prop_assert_eq!(pos.parse_play(dice, &canonical), Ok(play));
        }
    }

    /// Match IDs, XGIDs and the one reader of the three forms (ID-4..ID-7, XGID-1..XGID-3):
    /// read or refused, never a panic; what is read writes a text that reads back the same.
    #[test]
    fn fuzz_match_ids_xgids_and_the_id_reader(
        text in prop_oneof![
            "\\PC{0,40}",
            "[A-Za-z0-9+/]{12}",
            "[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}",
            "(XGID=)?[-a-pA-P]{24,27}(:-?[0-9]{1,2}){7,10}",
            "(XGID=)?[-a-pA-P]{26}:[0-9]:-?[01]:-?1:([0-6]{2}|D|B):[0-9]{1,2}:[0-9]{1,2}:[0-3]:[0-9]{1,2}:[0-9]{1,2}",
        ],
        variant in any_variant(),
    ) {
        if let Ok(m) = MatchId::parse(&text) {
            prop_assert_eq!(MatchId::parse(&m.to_string()), Ok(m));
        }
        if let Ok(x) = Xgid::parse(&text, variant) {
            prop_assert_eq!(Xgid::parse(&x.to_string(), variant), Ok(x));
        }
        if let Ok((pos, _)) = VariantPosition::read_id(&text, Some(variant), None) {
            prop_assert_eq!(pos.variant(), variant);
        }
    }

    /// FIBS board strings (gnubg's external player, FIBS): read or refused with the field
    /// named, never a panic; what is read writes a text that reads back the same, and its
    /// state is read or refused.
    #[test]
    fn fuzz_fibs_boards(
        text in prop_oneof![
            "\\PC{0,60}",
            "board:[a-z:]{0,6}:[a-z]{0,6}(:-?[0-9]{1,2}){50}",
            "board:a:b:(9999|[0-9]):[0-9]:[0-9](:-?[0-3]){26}:-?[01](:[0-6]){4}:(1|2|4|3)(:[01]){3}:-?1:-?1:(0|25):(0|25)(:[0-9]{1,2}){2}(:[0-3]){2}(:[01]){4}",
        ],
    ) {
        if let Ok(b) = FibsBoard::parse(&text) {
            prop_assert_eq!(FibsBoard::parse(&b.to_string()), Ok(b.clone()));
            let _ = b.state(true);
            let _ = b.state(false);
        }
    }

    /// Dice, names of variants, colors and the Long Nardy settings: read or refused; what is
    /// read prints as a text that reads back.
    #[test]
    fn fuzz_dice_names_and_settings(text in prop_oneof!["\\PC{0,12}", "[0-9a-z_ -]{0,16}"]) {
        if let Ok(d) = text.parse::<Dice>() {
            prop_assert_eq!(d.to_string().parse::<Dice>(), Ok(d));
        }
        if let Ok(v) = text.parse::<Variant>() {
            prop_assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        if let Ok(c) = text.parse::<Color>() {
            prop_assert_eq!(c.name().parse::<Color>(), Ok(c));
        }
        let _ = text.parse::<EndVariant>();
        let _ = text.parse::<Koks>();
        let _ = NardyOptions::first_turn_exception_from_name(&text);
        let _ = NardyOptions::block_check_from_name(&text);
        let _ = NardySettings::from_names(&text, &text, &text, &text, &text, &text);
    }
}

/// Every input that once failed, in any target, replayed (the corpus file names the target).
#[test]
fn every_input_that_once_failed_is_replayed() {
    let corpus = include_str!("../../../tests/data/fuzz-corpus.txt");
    let mut replayed = 0;
    for line in corpus.lines() {
        let Some((target, input)) = line.split_once('\t') else {
            continue;
        };
        match target {
            "position_id" => {
                for variant in Variant::ALL {
                    for turn in [Color::White, Color::Black] {
                        if let Ok(pos) = VariantPosition::from_id(input, variant, turn) {
                            assert_eq!(VariantPosition::from_id(&pos.id(), variant, turn), Ok(pos));
                        }
                    }
                }
                replayed += 1;
            }
            "dice" => {
                if let Ok(d) = input.parse::<Dice>() {
                    assert_eq!(d.to_string().parse::<Dice>(), Ok(d));
                }
                replayed += 1;
            }
            _ => {}
        }
    }
    assert!(replayed > 0, "the corpus holds Rust-side inputs");
}

/// The bulk fuzzer: a plain random generator (xorshift) feeding the same checks as the
/// proptest targets above, with no shrinking and no strategy overhead, for the millions of
/// inputs of the long run. `GAMMON_FUZZ_BULK` inputs per target (default 20,000); the seed
/// is `GAMMON_FUZZ_SEED` (default 1), so that a failure can be replayed and a long run split
/// into slices.
struct Bulk {
    state: u64,
}

impl Bulk {
    fn new(target: u64) -> Bulk {
        let seed: u64 = std::env::var("GAMMON_FUZZ_SEED")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        Bulk {
            state: (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ target.wrapping_mul(0xD6E8_FEB8_6659_FD93))
                | 1,
        }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// A text of up to `max` characters: from `alphabet`, or any chars (controls included).
    fn text(&mut self, alphabet: &[char], max: u64) -> String {
        let n = self.below(max + 1);
        let any = self.below(4) == 0;
        (0..n)
            .map(|_| {
                if any {
                    char::from_u32(self.below(0x11_0000) as u32).unwrap_or('\u{fffd}')
                } else {
                    *self.pick(alphabet)
                }
            })
            .collect()
    }

    /// `text` with one to three characters replaced, inserted or deleted.
    fn mutate(&mut self, text: &str, alphabet: &[char]) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..=self.below(3) {
            let at = self.below(chars.len() as u64 + 1) as usize;
            match self.below(3) {
                0 if at < chars.len() => chars[at] = *self.pick(alphabet),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, *self.pick(alphabet)),
            }
        }
        chars.into_iter().collect()
    }
}

fn bulk_count() -> u64 {
    std::env::var("GAMMON_FUZZ_BULK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

const BASE64: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Positions of every variant along random games, to parse IDs and plays against.
fn pool(g: &mut Bulk) -> Vec<(VariantPosition, Dice)> {
    (0..256)
        .map(|i| {
            walk(
                Variant::ALL[i % Variant::ALL.len()],
                g.next(),
                (i as u32 * 7) % 70,
            )
        })
        .collect()
}

fn report(target: &str, n: u64, started: std::time::Instant) {
    let secs = started.elapsed().as_secs_f64();
    println!("bulk {target}: {n} inputs in {secs:.1} s, no failure");
}

#[test]
fn bulk_position_ids() {
    let mut g = Bulk::new(1);
    let b64: Vec<char> = BASE64.chars().collect();
    let positions = pool(&mut g);
    let started = std::time::Instant::now();
    let n = bulk_count();
    for _ in 0..n {
        let variant = *g.pick(&Variant::ALL);
        let turn = *g.pick(&[Color::White, Color::Black]);
        let text = match g.below(4) {
            0 | 1 => (0..14).map(|_| *g.pick(&b64)).collect(),
            2 => {
                let id = g.pick(&positions).0.id();
                g.mutate(&id, &b64)
            }
            _ => g.text(&b64, 20),
        };
        if let Ok(pos) = VariantPosition::from_id(&text, variant, turn) {
            assert_eq!(
                VariantPosition::from_id(&pos.id(), variant, turn),
                Ok(pos),
                "{text:?}"
            );
            assert_eq!(
                VariantPosition::from_setup(&pos.to_setup()),
                Ok(pos),
                "{text:?}"
            );
        }
    }
    report("position_ids", n, started);
}

#[test]
fn bulk_setups() {
    let mut g = Bulk::new(2);
    let started = std::time::Instant::now();
    let n = bulk_count();
    for _ in 0..n {
        let variant = *g.pick(&Variant::ALL);
        let turn = *g.pick(&[Color::White, Color::Black]);
        let spread = g.below(4);
        let mut side = || {
            let mut s = [0u8; 26];
            for c in &mut s {
                *c = match spread {
                    0 => g.below(256) as u8,
                    1 => g.below(16) as u8,
                    _ => (g.below(8) == 0) as u8 * g.below(6) as u8,
                };
            }
            s
        };
        let (white, black) = (side(), side());
        let setup = Setup {
            variant,
            turn,
            board: ByColor { white, black },
        };
        match VariantPosition::from_setup(&setup) {
            Ok(pos) => {
                assert_eq!(VariantPosition::from_id(&pos.id(), variant, turn), Ok(pos));
                assert_eq!(VariantPosition::from_setup(&pos.to_setup()), Ok(pos));
            }
            Err(e) => assert!(!e.details.is_empty(), "{setup:?}"),
        }
    }
    report("setups", n, started);
}

#[test]
fn bulk_play_notation() {
    let mut g = Bulk::new(3);
    let alphabet: Vec<char> = "0123456789/*() offbar,-".chars().collect();
    let positions = pool(&mut g);
    let started = std::time::Instant::now();
    let n = bulk_count();
    for _ in 0..n {
        let (pos, dice) = *g.pick(&positions);
        let dice = if g.below(2) == 0 {
            dice
        } else {
            *g.pick(&Dice::ALL_21)
        };
        let legal = pos.legal_plays(dice);
        let text = if !legal.is_empty() && g.below(2) == 0 {
            let canonical = pos.format_play(g.pick(&legal));
            g.mutate(&canonical, &alphabet)
        } else {
            g.text(&alphabet, 24)
        };
        if let Ok(play) = pos.parse_play(dice, &text) {
            assert!(
                legal.contains(&play) || (legal.is_empty() && play.is_empty()),
                "{text:?} read as an illegal play in {}",
                pos.id()
            );
            assert_eq!(
                pos.parse_play(dice, &pos.format_play(&play)),
                Ok(play),
                "{text:?}"
            );
        }
    }
    report("play_notation", n, started);
}

#[test]
fn bulk_dice_names_and_settings() {
    let mut g = Bulk::new(4);
    let alphabet: Vec<char> = "0123456789 -,/_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        .chars()
        .collect();
    let names = [
        "backgammon",
        "nackgammon",
        "hypergammon",
        "long-nardy",
        "white",
        "black",
        "mars",
        "oin",
        "no_checker_home",
        "head_blocked",
        "unconditional",
        "every_step",
        "end_of_turn",
        "31",
        "66",
    ];
    let started = std::time::Instant::now();
    let n = bulk_count();
    for _ in 0..n {
        let text = if g.below(2) == 0 {
            let name = *g.pick(&names);
            g.mutate(name, &alphabet)
        } else {
            g.text(&alphabet, 12)
        };
        if let Ok(d) = text.parse::<Dice>() {
            assert_eq!(d.to_string().parse::<Dice>(), Ok(d), "{text:?}");
        }
        if let Ok(v) = text.parse::<Variant>() {
            assert_eq!(v.name().parse::<Variant>(), Ok(v), "{text:?}");
        }
        if let Ok(c) = text.parse::<Color>() {
            assert_eq!(c.name().parse::<Color>(), Ok(c), "{text:?}");
        }
        let _ = text.parse::<EndVariant>();
        let _ = text.parse::<Koks>();
        let _ = NardyOptions::first_turn_exception_from_name(&text);
        let _ = NardyOptions::block_check_from_name(&text);
    }
    report("dice_names_and_settings", n, started);
}

/// Weights files (`NetEvaluator::from_bytes`, the input of `gammon.Net`): the shipped weights
/// of either game with random bytes replaced (half of them the high byte of a weight, the
/// values near the reader's bound `MAX_WEIGHT`), sometimes cut short, checksummed again so
/// that the reader gets past its CRC. Each is refused with a `NetFileError` or reads; one that
/// reads writes back the same bytes and evaluates, ranks and searches to probabilities in
/// [0, 1], never a NaN nor a panic. A twentieth of `GAMMON_FUZZ_BULK` inputs (each is a copy
/// of a 150 KB file and evaluations).
#[test]
fn bulk_weights_files() {
    use gammon_core::eval::net::{
        NetEvaluator, Ranker, SearchBuffers, SHIPPED_BACKGAMMON, SHIPPED_LONG_NARDY,
    };
    use gammon_core::eval::{Evaluator, Probabilities};
    use gammon_core::{Backgammon, Nardy, Position};

    fn sound(p: &Probabilities) -> bool {
        [
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
        ]
        .iter()
        .all(|x| x.is_finite() && (0.0..=1.0).contains(x))
    }
    let mut g = Bulk::new(5);
    let started = std::time::Instant::now();
    let n = (bulk_count() / 20).max(50);
    let (mut read, mut refused) = (0u64, 0u64);
    let bg = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let ln = Nardy::start(Color::White);
    let mut bufs = SearchBuffers::default();
    for i in 0..n {
        let base = if g.below(4) == 0 {
            SHIPPED_LONG_NARDY
        } else {
            SHIPPED_BACKGAMMON
        };
        let mut body = base[..base.len() - 4].to_vec();
        for _ in 0..=g.below(8) {
            let at = g.below(body.len() as u64) as usize;
            body[at] = if g.below(2) == 0 {
                g.below(256) as u8
            } else {
                // A weight's high byte (weights start at byte 28): magnitudes near 1e6.
                *g.pick(&[0x49, 0xc9, 0x48, 0xc8, 0x4a, 0x7f, 0xff, 0x00])
            };
        }
        if g.below(8) == 0 {
            body.truncate(g.below(body.len() as u64 + 1) as usize);
        }
        let crc = crc32fast::hash(&body);
        body.extend_from_slice(&crc.to_le_bytes());
        let Ok(nets) = NetEvaluator::from_bytes(&body) else {
            refused += 1;
            continue;
        };
        read += 1;
        assert_eq!(nets.to_bytes(), body, "input {i}");
        match nets.family {
            gammon_core::RulesFamily::Backgammon => {
                assert!(sound(&nets.evaluate(&bg)), "input {i}");
                let plays = bg.legal_plays(Dice::new(6, 5).unwrap());
                let best = Ranker::fused(&nets, &bg).best(plays.as_slice());
                assert!(best < plays.len(), "input {i}");
                if i % 16 == 0 {
                    let p = nets.on_roll_plies(&bg, 1, &mut bufs);
                    assert!(sound(&p), "input {i}: {p:?}");
                }
            }
            gammon_core::RulesFamily::LongNardy => {
                assert!(sound(&nets.evaluate(&ln)), "input {i}");
                let plays = ln.legal_plays(Dice::new(6, 5).unwrap());
                let best = Ranker::fused(&nets, &ln).best(plays.as_slice());
                assert!(best < plays.len(), "input {i}");
            }
        }
    }
    assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
    println!("bulk weights_files: {read} read, {refused} refused");
    report("weights_files", n, started);
}
