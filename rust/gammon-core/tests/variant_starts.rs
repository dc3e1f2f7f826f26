//! The variant model: one start per variant, shared backgammon rules for nackgammon and
//! hypergammon, and a rules type of its own for Long Nardy.

use gammon_core::PositionId;
use gammon_core::{Backgammon, Color, Nardy, Position, RulesFamily, Variant, VariantPosition};

/// gnubg's starting positions, as gnubg itself writes them after `set variation ...` and
/// `new match` (PyPI gnubg 1.1.0a16; its `InitBoard` in gnubg.c).
#[test]
fn backgammon_family_starts_are_gnubgs() {
    for (variant, id) in [
        (Variant::Backgammon, "4HPwATDgc/ABMA"),
        (Variant::Nackgammon, "4Dl4ADbgOXgANg"),
        (Variant::Hypergammon1, "AACAAAAAAgAAAA"),
        (Variant::Hypergammon2, "AABAAQAACgAAAA"),
        (Variant::Hypergammon3, "AACgAgAAKgAAAA"),
    ] {
        let pos = Backgammon::start(variant, Color::White).unwrap();
        assert_eq!(pos.id(), id, "{variant}");
        let off = pos.checkers_off();
        assert_eq!((off.white, off.black), (0, 0), "{variant}");
        assert_eq!(
            Backgammon::from_id(id, variant, Color::Black),
            Ok(pos.with_turn(Color::Black))
        );
    }
}

#[test]
fn nackgammon_and_hypergammon_share_the_backgammon_rules_type() {
    for variant in Variant::ALL {
        let pos = VariantPosition::start(variant, Color::White);
        match (variant.family(), pos) {
            (RulesFamily::Backgammon, VariantPosition::Backgammon(p)) => {
                assert_eq!(p.variant(), variant);
                assert_eq!(p.checkers_per_side(), variant.checkers_per_side());
            }
            (RulesFamily::LongNardy, VariantPosition::Nardy(p)) => {
                assert_eq!(p, Nardy::start(Color::White))
            }
            other => panic!("{variant}: wrong rules type {other:?}"),
        }
        assert_eq!(pos.variant(), variant);
        assert!(pos.outcome().is_none());
    }
}

/// LN-6 and the ID layout: each side in its own numbering, so both heads are point 24 of
/// their owner and the start reads the same from either seat.
#[test]
fn long_nardy_start_id_has_both_heads_on_their_own_point_24() {
    let pos = Nardy::start(Color::White);
    assert_eq!(pos.sides()[0][23], 15);
    assert_eq!(pos.sides()[1][23], 15);
    assert_eq!(pos.id(), "AACA/z8AAID/Px");
    assert_eq!(Nardy::start(Color::Black).id(), "AACA/z8AAID/Px");
    assert_eq!(Nardy::from_id(&pos.id(), Color::White), Ok(pos));
    // The same 80-bit layout as gnubg: 15 + 15 one-bits and 50 separators.
    assert_eq!(pos.id().len(), 14);
}
