//! Property tests of the backgammon rules type on random valid positions, and fuzzing of the
//! constructors and parsers (nothing may panic on any input).
//!
//! The positions come from a generator that mixes contact, bar-heavy, bear-off-heavy and race
//! boards for every backgammon-family variant. The legal plays are compared with a brute-force
//! reference generator written in this file from the spec (MOVE-1..9, BAR-1..5, OFF-1..6): it
//! tries every order of every die on every checker, keeps the plays that use the most dice,
//! and applies the larger-die rule, with no bit tricks and nothing shared with the crate.

use gammon_core::PositionId;
use std::collections::{BTreeSet, HashSet};

use gammon_core::{
    Backgammon, ByColor, Color, Dice, Move, Play, Position, Setup, SetupProblems, Variant,
};
use gammon_core::{SETUP_BAR, SETUP_OFF};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// Random valid positions
// ---------------------------------------------------------------------------------------

/// What kind of board the generator aims for.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Checkers anywhere, some on the bar and some off.
    Contact,
    /// Several checkers on the bar.
    BarHeavy,
    /// The mover mostly in the home board and bearing off.
    BearOff,
    /// Both sides' checkers spread, few on the bar.
    Race,
}

/// A point for a checker from a raw byte: 0 = off, 1..=24, 25 = bar.
fn point_for(kind: Kind, raw: u8, mover: bool) -> u8 {
    let (r, spread) = (raw % 16, raw / 16); // spread: 0..=15
    match (kind, mover) {
        (Kind::Contact, _) => match r {
            0 => 0,
            1 => 25,
            _ => 1 + (raw % 24),
        },
        (Kind::BarHeavy, _) => match r {
            0..=4 => 25,
            5 => 0,
            _ => 1 + (raw % 24),
        },
        (Kind::BearOff, true) => match r {
            0..=3 => 0,
            4..=14 => 1 + spread % 6,
            _ => 7 + spread % 6,
        },
        (Kind::BearOff, false) | (Kind::Race, false) => match r {
            0..=2 => 0,
            3 => 25,
            _ => 1 + (raw % 24),
        },
        (Kind::Race, true) => raw % 13,
    }
}

/// Builds a valid setup from raw bytes: each byte places one checker; the opponent's checkers
/// avoid the mover's points by sliding towards their own home, or go off.
fn random_setup(variant: Variant, turn: Color, kind: Kind, mover: &[u8], opp: &[u8]) -> Setup {
    let n = variant.checkers_per_side() as usize;
    let mut s = Setup::empty(variant, turn);
    for &raw in &mover[..n] {
        let p = point_for(kind, raw, true) as usize;
        s.board[turn][p] += 1;
    }
    for &raw in &opp[..n] {
        let mut p = point_for(kind, raw, false) as usize;
        // The opponent's point p is the mover's point 25 - p.
        while (1..=24).contains(&p) && s.board[turn][25 - p] > 0 {
            p -= 1;
        }
        s.board[!turn][p] += 1;
    }
    if s.board[turn][SETUP_OFF] as usize == n && s.board[!turn][SETUP_OFF] as usize == n {
        // Both finished is no position; give the opponent one checker back on its 6-point.
        s.board[!turn][SETUP_OFF] -= 1;
        s.board[!turn][6] += 1;
    }
    s
}

fn any_variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        6 => Just(Variant::Backgammon),
        1 => Just(Variant::Nackgammon),
        1 => Just(Variant::Hypergammon1),
        1 => Just(Variant::Hypergammon2),
        1 => Just(Variant::Hypergammon3),
    ]
}

fn any_kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Contact),
        Just(Kind::BarHeavy),
        Just(Kind::BearOff),
        Just(Kind::Race)
    ]
}

fn any_color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

/// A random valid position (every backgammon-family variant, both colors on roll).
fn any_position() -> impl Strategy<Value = Backgammon> {
    (
        any_variant(),
        any_color(),
        any_kind(),
        prop::collection::vec(any::<u8>(), 15),
        prop::collection::vec(any::<u8>(), 15),
    )
        .prop_map(|(variant, turn, kind, mover, opp)| {
            let s = random_setup(variant, turn, kind, &mover, &opp);
            Backgammon::from_setup(&s).unwrap_or_else(|e| panic!("generator made {s:?}: {e}"))
        })
}

fn any_dice() -> impl Strategy<Value = Dice> {
    (1u8..=6, 1u8..=6).prop_map(|(a, b)| Dice::new(a, b).unwrap())
}

// ---------------------------------------------------------------------------------------
// The reference generator, from the spec
// ---------------------------------------------------------------------------------------

/// Both sides in their own numbering: index 0 = off, 1..=24 points, 25 = bar.
type Sides = ([u8; 26], [u8; 26]);

fn sides(pos: &Backgammon) -> Sides {
    let s = pos.to_setup();
    (s.board[pos.turn()], s.board[!pos.turn()])
}

fn on_board(side: &[u8; 26]) -> u32 {
    side[1..].iter().map(|&c| u32::from(c)).sum()
}

/// The board after moving one checker of the mover from `s` by `d`, or `None` when the step is
/// illegal (MOVE-1, MOVE-2, BAR-1, BAR-2, OFF-1..OFF-4). The flag says whether it hit.
fn step(b: &Sides, s: usize, d: usize) -> Option<(Sides, bool)> {
    let (mut me, mut opp) = *b;
    if me[s] == 0 || (me[SETUP_BAR] > 0 && s != SETUP_BAR) {
        return None; // no checker there, or BAR-1: the bar first
    }
    let t = s as isize - d as isize; // the bar is point 25, so entering lands on 25 - d
    if t >= 1 {
        let t = t as usize;
        let theirs = 25 - t;
        if opp[theirs] >= 2 {
            return None; // MOVE-1: blocked
        }
        let hit = opp[theirs] == 1;
        if hit {
            opp[theirs] = 0;
            opp[SETUP_BAR] += 1; // MOVE-2
        }
        me[s] -= 1;
        me[t] += 1;
        return Some(((me, opp), hit));
    }
    // Bearing off: everyone home (OFF-1); with a larger die only from the highest point (OFF-3).
    if me[7..=25].iter().any(|&c| c > 0) {
        return None;
    }
    if t < 0 && me[s + 1..=6].iter().any(|&c| c > 0) {
        return None;
    }
    me[s] -= 1;
    me[SETUP_OFF] += 1;
    Some(((me, opp), false))
}

/// Every board reachable by playing `dice_order` in order, level by level (level k = after k
/// steps), stopping when no step is possible.
fn levels(start: &Sides, dice_order: &[usize]) -> Vec<BTreeSet<Sides>> {
    let mut out = vec![BTreeSet::from([*start])];
    for &d in dice_order {
        let mut next = BTreeSet::new();
        for b in out.last().unwrap() {
            for s in 1..=25 {
                if let Some((after, _)) = step(b, s, d) {
                    next.insert(after);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        out.push(next);
    }
    out
}

/// The legal resulting boards (MOVE-6, MOVE-7, MOVE-9) and the number of dice they use.
fn reference_plays(pos: &Backgammon, dice: Dice) -> (BTreeSet<Sides>, usize) {
    let start = sides(pos);
    if on_board(&start.0) == 0 || on_board(&start.1) == 0 {
        return (BTreeSet::new(), 0); // BG-14: the game is over
    }
    let (hi, lo) = (dice.high() as usize, dice.low() as usize);
    if dice.is_double() {
        let l = levels(&start, &[hi; 4]);
        let m = l.len() - 1;
        return if m == 0 {
            (BTreeSet::new(), 0)
        } else {
            (l[m].clone(), m)
        };
    }
    let a = levels(&start, &[hi, lo]);
    let b = levels(&start, &[lo, hi]);
    let m = (a.len() - 1).max(b.len() - 1);
    match m {
        0 => (BTreeSet::new(), 0),
        // MOVE-7: the larger die if it can be played, else the smaller.
        1 if a.len() > 1 => (a[1].clone(), 1),
        1 => (b[1].clone(), 1),
        _ => {
            let mut all = BTreeSet::new();
            for l in [&a, &b] {
                if l.len() == 3 {
                    all.extend(l[2].iter().copied());
                }
            }
            (all, 2)
        }
    }
}

/// Replays `moves` with the dice `order` (one die per move, in turn) by the reference step:
/// each move must be legal with its die, reach its `to` point and hit exactly when flagged.
fn replay(start: &Sides, moves: &[Move], order: &[usize]) -> Option<Sides> {
    let mut b = *start;
    for (m, &d) in moves.iter().zip(order) {
        let (after, hit) = step(&b, m.from as usize, d)?;
        let lands = (m.from as usize).saturating_sub(d) as u8;
        if lands != m.to || hit != m.hit {
            return None;
        }
        b = after;
    }
    Some(b)
}

/// Whether the dice of `dice` can be given to the moves so that each move travels its die,
/// or less than its die when it bears off (OFF-3).
fn dice_fit(moves: &[Move], dice: Dice) -> bool {
    let fits = |m: &Move, d: u8| m.distance() == d || (m.to == 0 && m.distance() < d);
    if dice.is_double() {
        return moves.iter().all(|m| fits(m, dice.high()));
    }
    match moves {
        [] => true,
        [m] => fits(m, dice.high()) || fits(m, dice.low()),
        [a, b] => {
            (fits(a, dice.high()) && fits(b, dice.low()))
                || (fits(a, dice.low()) && fits(b, dice.high()))
        }
        _ => false,
    }
}

/// BG-8 pip counts as (mover, opponent).
fn pips(pos: &Backgammon) -> (u32, u32) {
    let p = pos.pip_count();
    (p[pos.turn()], p[!pos.turn()])
}

fn mirrored(pos: &Backgammon) -> Backgammon {
    let s = pos.to_setup();
    let m = Setup {
        variant: s.variant,
        turn: !s.turn,
        board: ByColor {
            white: s.board.black,
            black: s.board.white,
        },
    };
    Backgammon::from_setup(&m).unwrap()
}

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// MOVE-1..9, BAR-1..5, OFF-1..6: the legal plays are exactly the reference generator's
    /// resulting positions, each once, and every play uses the maximal number of dice.
    #[test]
    fn legal_plays_agree_with_the_reference_generator(pos in any_position()) {
        for dice in Dice::ALL_21 {
            let plays = pos.legal_plays(dice);
            let got: BTreeSet<Sides> = plays.iter().map(|p| sides(p.after())).collect();
            prop_assert_eq!(got.len(), plays.len(), "{:?} {}: duplicate plays", pos, dice);
            let (want, m) = reference_plays(&pos, dice);
            prop_assert_eq!(&got, &want, "{:?} {}", pos, dice);
            for p in plays.iter() {
                prop_assert_eq!(p.dice_used(), m, "{:?} {}: MOVE-6", pos, dice);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Every play's moves, replayed one by one from the position with the reference step and
    /// some assignment of the roll's dice, are legal, carry the right hit flags and lead to
    /// the play's position.
    #[test]
    fn every_play_replays_step_by_step(pos in any_position(), dice in any_dice()) {
        let (hi, lo) = (dice.high() as usize, dice.low() as usize);
        let orders: Vec<Vec<usize>> = if dice.is_double() {
            vec![vec![hi; 4]]
        } else {
            vec![vec![hi, lo], vec![lo, hi]]
        };
        for play in pos.legal_plays(dice).iter() {
            let replays = orders.iter().any(|order| {
                replay(&sides(&pos), play.moves(), order) == Some(sides(play.after()))
            });
            prop_assert!(replays, "{:?} {}: {:?} do not replay", pos, dice, play.moves());
        }
    }

    /// BG-6: every resulting position is valid (re-validated through its setup), checkers are
    /// conserved, and the position, its ID and its setup round-trip.
    #[test]
    fn every_play_leads_to_a_valid_position(pos in any_position(), dice in any_dice()) {
        let n = u32::from(pos.variant().checkers_per_side());
        for play in pos.legal_plays(dice).iter() {
            for after in [*play.after(), pos.play_unchecked(play)] {
                let s = after.to_setup();
                prop_assert_eq!(Backgammon::from_setup(&s), Ok(after));
                for c in Color::ALL {
                    let total: u32 = s.board[c].iter().map(|&x| u32::from(x)).sum();
                    prop_assert_eq!(total, n, "{:?}: checkers of {}", after, c);
                }
                prop_assert_eq!(
                    Backgammon::from_id(&after.id(), after.variant(), after.turn()),
                    Ok(after)
                );
            }
        }
    }

    /// BG-8: the mover's pip count falls by the sum of the move distances (from - to, with
    /// off = 0, bar = 25), each distance is its die (or less, for a bear-off with a larger
    /// die, OFF-3), and the opponent's pip count rises by what the hits sent back to the bar.
    #[test]
    fn pips_fall_by_exactly_the_dice_used(pos in any_position(), dice in any_dice()) {
        let (me, opp) = pips(&pos);
        for play in pos.legal_plays(dice).iter() {
            let moved: u32 = play.moves().iter().map(|m| u32::from(m.distance())).sum();
            let sent_back: u32 = play.moves().iter().filter(|m| m.hit).map(|m| u32::from(m.to)).sum();
            let (me2, opp2) = pips(play.after());
            prop_assert_eq!(me2 + moved, me, "{:?} {}: {:?}", pos, dice, play.moves());
            prop_assert_eq!(opp2, opp + sent_back, "{:?} {}: {:?}", pos, dice, play.moves());
            prop_assert!(dice_fit(play.moves(), dice), "{:?} {}: {:?}", pos, dice, play.moves());
            if play.moves().iter().all(|m| m.to != 0) {
                let die_sum: u32 = match play.dice_used() {
                    1 => play.moves()[0].distance().into(),
                    k if dice.is_double() => k as u32 * u32::from(dice.high()),
                    _ => u32::from(dice.high()) + u32::from(dice.low()),
                };
                prop_assert_eq!(moved, die_sum);
            }
        }
    }

    /// `is_legal` and `play` agree with membership in `legal_plays`, for the roll's own plays
    /// and for plays of every other roll of the same position.
    #[test]
    fn is_legal_agrees_with_membership(pos in any_position(), dice in any_dice()) {
        let plays = pos.legal_plays(dice);
        let own: HashSet<Backgammon> = plays.iter().map(|p| *p.after()).collect();
        for p in plays.iter() {
            prop_assert!(pos.is_legal(dice, p));
            prop_assert_eq!(pos.play(dice, p), Ok(p.after().pass_turn()));
        }
        let empty = Play::from_parts(&[], pos);
        prop_assert_eq!(pos.is_legal(dice, &empty), plays.is_empty());
        for other in Dice::ALL_21 {
            for p in pos.legal_plays(other).iter() {
                prop_assert_eq!(pos.is_legal(dice, p), own.contains(p.after()));
                prop_assert_eq!(pos.play(dice, p).is_ok(), own.contains(p.after()));
            }
        }
    }

    /// Passing the turn twice is the identity; it swaps the pip counts' roles and the ID's
    /// halves but changes no checker.
    #[test]
    fn pass_turn_is_an_involution(pos in any_position()) {
        let passed = pos.pass_turn();
        prop_assert_eq!(passed.pass_turn(), pos);
        prop_assert_eq!(passed.turn(), !pos.turn());
        prop_assert_eq!(passed.pip_count(), pos.pip_count());
        prop_assert_eq!(passed.checkers_off(), pos.checkers_off());
        prop_assert_eq!(passed.to_setup().board, pos.to_setup().board);
        prop_assert_eq!(passed.outcome(), pos.outcome());
    }

    /// Mirror symmetry: the same board with the colors exchanged has the same plays, with the
    /// colors exchanged.
    #[test]
    fn mirrored_positions_have_mirrored_plays(pos in any_position(), dice in any_dice()) {
        let mirror = mirrored(&pos);
        prop_assert_eq!(mirror.turn(), !pos.turn());
        prop_assert_eq!(mirror.id(), pos.id());
        let a: BTreeSet<Sides> = pos.legal_plays(dice).iter().map(|p| sides(p.after())).collect();
        let b: BTreeSet<Sides> = mirror.legal_plays(dice).iter().map(|p| sides(p.after())).collect();
        prop_assert_eq!(a, b);
        let o = pos.outcome().map(|o| (o.winner, o.kind));
        let om = mirror.outcome().map(|o| (!o.winner, o.kind));
        prop_assert_eq!(o, om);
    }

    /// ID-2: the Position ID round-trips and is 14 Base64 characters; the key lists the player
    /// not on roll first, so passing the turn swaps the two sides of the key.
    #[test]
    fn position_id_round_trips(pos in any_position()) {
        let id = pos.id();
        prop_assert_eq!(id.len(), 14);
        prop_assert!(id.chars().all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '/'));
        prop_assert_eq!(Backgammon::from_id(&id, pos.variant(), pos.turn()), Ok(pos));
        let (first, second) = key_sides(&gammon_core::position_key(&pos));
        let (a, b) = sides(&pos);
        prop_assert_eq!(&first[..], &b[1..]);
        prop_assert_eq!(&second[..], &a[1..]);
        let passed = key_sides(&gammon_core::position_key(&pos.pass_turn()));
        prop_assert_eq!(passed, (second, first));
    }
}

/// The two sides of a Position ID key (ID-2), each as 25 counts (points 1..=24, then the
/// bar), read bit by bit here rather than by the crate's decoder.
fn key_sides(key: &[u8; 10]) -> ([u8; 25], [u8; 25]) {
    let mut out = [[0u8; 25]; 2];
    let (mut side, mut point) = (0, 0);
    for i in 0..80 {
        if side == 2 {
            assert_eq!(key[i / 8] >> (i % 8) & 1, 0, "padding bits are zero");
            continue;
        }
        if key[i / 8] >> (i % 8) & 1 == 1 {
            out[side][point] += 1;
        } else {
            point += 1;
            if point == 25 {
                side += 1;
                point = 0;
            }
        }
    }
    (out[0], out[1])
}

// ---------------------------------------------------------------------------------------
// Fuzzing: no input makes a constructor or parser panic
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// Any text given to the Position ID decoder is decoded or refused with an error; a
    /// decoded position re-encodes to an ID that decodes to it again.
    #[test]
    fn from_id_never_panics_on_text(text in ".{0,20}", variant in any_variant(), turn in any_color()) {
        if let Ok(pos) = Backgammon::from_id(&text, variant, turn) {
            prop_assert_eq!(Backgammon::from_id(&pos.id(), variant, turn), Ok(pos));
        }
    }

    /// Any 14 Base64 characters: decoded or refused, never a panic.
    #[test]
    fn from_id_never_panics_on_base64(text in "[A-Za-z0-9+/]{14}", variant in any_variant()) {
        match Backgammon::from_id(&text, variant, Color::White) {
            Ok(pos) => prop_assert_eq!(pos.variant(), variant),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    /// Any bytes, read as (lossy) text.
    #[test]
    fn from_id_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..32)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Backgammon::from_id(&text, Variant::Backgammon, Color::Black);
    }

    /// Any counts in a setup: validated or refused with the problems listed, never a panic;
    /// a validated setup comes back unchanged from the position.
    #[test]
    fn setup_validation_never_panics(
        white in prop::array::uniform26(any::<u8>()),
        black in prop::array::uniform26(any::<u8>()),
        variant in prop_oneof![any_variant(), Just(Variant::LongNardy)],
        turn in any_color(),
    ) {
        let setup = Setup { variant, turn, board: ByColor { white, black } };
        match Backgammon::from_setup(&setup) {
            Ok(pos) => prop_assert_eq!(pos.to_setup(), setup),
            Err(e) => {
                prop_assert!(!e.problems.is_empty());
                prop_assert!(!e.details.is_empty());
                prop_assert_eq!(*e.setup, setup);
            }
        }
    }

    /// Small counts, so that valid setups are common too.
    #[test]
    fn setup_validation_of_small_counts(
        white in prop::array::uniform26(0u8..4),
        black in prop::array::uniform26(0u8..4),
        variant in any_variant(),
    ) {
        let setup = Setup { variant, turn: Color::White, board: ByColor { white, black } };
        match Backgammon::from_setup(&setup) {
            Ok(pos) => {
                prop_assert_eq!(pos.to_setup(), setup);
                for dice in Dice::ALL_21 {
                    let _ = pos.legal_plays(dice);
                }
            }
            Err(e) => prop_assert!(
                e.problems.intersects(SetupProblems::WRONG_CHECKER_COUNT | SetupProblems::SHARED_POINT | SetupProblems::BOTH_BORNE_OFF)
            ),
        }
    }

    /// Any text given to the dice parser; a parsed roll prints as two digits that parse back.
    #[test]
    fn dice_parsing_never_panics(text in "\\PC{0,12}") {
        if let Ok(d) = text.parse::<Dice>() {
            prop_assert_eq!(d.to_string().parse::<Dice>(), Ok(d));
            prop_assert!((1..=6).contains(&d.low()) && d.low() <= d.high() && d.high() <= 6);
        }
    }

    /// Dice::new accepts exactly the values 1..=6.
    #[test]
    fn dice_new_accepts_exactly_one_to_six(a in any::<u8>(), b in any::<u8>()) {
        let ok = (1..=6).contains(&a) && (1..=6).contains(&b);
        prop_assert_eq!(Dice::new(a, b).is_ok(), ok);
    }

    /// Variant and color names: parsed or refused, never a panic.
    #[test]
    fn names_never_panic(text in "\\PC{0,16}") {
        if let Ok(v) = text.parse::<Variant>() {
            prop_assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        if let Ok(c) = text.parse::<Color>() {
            prop_assert_eq!(c.name().parse::<Color>(), Ok(c));
        }
    }
}

/// The position generator reaches every kind of position the properties are meant to cover:
/// checkers on the bar, closed-out rolls, bear-offs (also with a larger die), hits, finished
/// games and every variant.
#[test]
fn the_generator_covers_every_kind_of_position() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let mut runner = TestRunner::deterministic();
    let strategy = any_position();
    let mut seen = std::collections::BTreeMap::<&str, u32>::new();
    for _ in 0..3000 {
        let pos = strategy.new_tree(&mut runner).unwrap().current();
        let mut note = |what| *seen.entry(what).or_default() += 1;
        note(pos.variant().name());
        let (me, opp) = sides(&pos);
        if me[SETUP_BAR] > 1 {
            note("several on the bar");
        }
        if opp[SETUP_BAR] > 0 {
            note("opponent on the bar");
        }
        if pos.is_game_over() {
            note("game over");
        }
        for dice in Dice::ALL_21 {
            let plays = pos.legal_plays(dice);
            if plays.is_empty() && !pos.is_game_over() {
                note("no legal play");
            }
            for p in plays.iter() {
                if p.hits() {
                    note("hit");
                }
                if p.moves()
                    .iter()
                    .any(|m| m.to == 0 && m.distance() < dice.low())
                {
                    note("bear-off with a larger die");
                }
                if p.dice_used() == 3 {
                    note("three of four steps");
                }
                if !dice.is_double() && p.dice_used() == 1 {
                    note("one die of two");
                }
            }
        }
    }
    for what in [
        "backgammon",
        "nackgammon",
        "hypergammon-1",
        "hypergammon-3",
        "several on the bar",
        "opponent on the bar",
        "game over",
        "no legal play",
        "hit",
        "bear-off with a larger die",
        "three of four steps",
        "one die of two",
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) >= 10,
            "{what}: {seen:?}"
        );
    }
}
