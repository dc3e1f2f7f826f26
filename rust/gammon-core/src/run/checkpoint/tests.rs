//! The records and checkpoint files: round trips, integrity checks, merges and the files
//! written before.

use super::*;
use crate::policy::PolicyKind;

fn setup() -> RolloutSetup {
    RolloutSetup {
        position: VariantPosition::start(Variant::Backgammon, Color::White),
        policies: [
            PolicyName::Builtin(PolicyKind::Pubeval),
            PolicyName::Foreign("Mine".into()),
        ],
        seed: 7,
        opening: true,
        quasi_random: true,
        nardy: None,
        truncate: BearoffTruncation::Off,
        truncate_after: None,
        variance_reduction: false,
        evaluator: None,
        cube: None,
        plies: [0, 0],
        prune: crate::policy::DEFAULT_PRUNE_KEEP as u32,
    }
}

fn record() -> RunRecord<Tally> {
    let mut tally = Tally {
        games: 2,
        ..Tally::default()
    };
    tally.win[0][1] = u128::from(ONE);
    tally.win[1][0] = u128::from(ONE);
    tally.points = i128::from(ONE);
    tally.points_sq = 5 * u128::from(ONE) * u128::from(ONE);
    tally.plies = 90;
    RunRecord {
        setup: setup(),
        tally,
        ranges: Ranges::of(10..12),
        games_requested: 2,
        stop: Stop::Completed,
        elapsed: 0.25,
        threads: 2,
    }
}

/// [`record`] with the net playing both sides.
fn net_record() -> RunRecord<Tally> {
    let mut r = record();
    r.setup.policies = [
        PolicyName::Builtin(PolicyKind::Net),
        PolicyName::Builtin(PolicyKind::Net),
    ];
    r
}

#[test]
fn a_record_round_trips_through_its_text() {
    let r = record();
    let text = r.to_json().canonical();
    let back = RunRecord::<Tally>::from_json(&Json::parse(text.as_bytes()).unwrap()).unwrap();
    assert_eq!(back, r);
    let file = RolloutFile {
        record: r,
        first_game: 10,
        games: 5,
    };
    let again = RolloutFile::<Tally>::from_bytes(file.to_text().as_bytes(), "x").unwrap();
    assert_eq!(again, file);
}

#[test]
fn an_edited_record_fails_its_integrity_check_and_bad_fields_are_named() {
    let Json::Object(mut map) = record().to_json() else {
        unreachable!()
    };
    map.insert("seed".into(), Json::int(8));
    let err = RunRecord::<Tally>::from_json(&Json::Object(map.clone())).unwrap_err();
    assert!(err.0.contains("integrity check"), "{err}");
    map.insert("seed".into(), Json::Float(1.5));
    let check = integrity_check(&map);
    map.insert("check".into(), Json::Str(check));
    let err = RunRecord::<Tally>::from_json(&Json::Object(map)).unwrap_err();
    assert_eq!(err.0, "checkpoint field seed must be an int, not 1.5");
}

#[test]
fn records_of_other_setups_or_overlapping_games_do_not_merge() {
    let a = record();
    let mut b = record();
    b.ranges = Ranges::of(12..14);
    let both = a.merge(&b).unwrap();
    assert_eq!(both.ranges, Ranges::of(10..14));
    assert_eq!(both.tally.games, 4);
    assert!(a.merge(&a).unwrap_err().0.contains("overlap"));
    b.setup.seed = 8;
    assert!(a.merge(&b).unwrap_err().0.contains("seed=7 and seed=8"));
}

#[test]
fn a_file_of_another_setup_says_what_differs() {
    let file = RolloutFile {
        record: record(),
        first_game: 10,
        games: 5,
    };
    let mut mine = setup();
    mine.seed = 9;
    let err = file.check_continues("ck.json", &mine, 10, 5).unwrap_err();
    assert!(err.0.contains("seed=7 there, seed=9 here"), "{err}");
    let err = file
        .check_continues("ck.json", &setup(), 10, 1)
        .unwrap_err();
    assert!(err.0.contains("ask for at least 2 games"), "{err}");
}

/// The replies the pruning net keeps are written only when not what a file without the field
/// means: 3 for a searched rollout (files written before the setting existed, and before its
/// default became 2, read as they were played), the default for one that searches nothing;
/// read back, and a file of another value is refused by the setting's name.
#[test]
fn prune_is_written_when_not_what_a_file_without_it_means_and_a_file_of_another_is_refused() {
    use crate::policy::DEFAULT_PRUNE_KEEP;
    let field = |r: &RunRecord<Tally>| {
        let Json::Object(map) = r.to_json() else {
            unreachable!()
        };
        map.get("prune").cloned()
    };
    let without_field = |r: &RunRecord<Tally>| {
        let Json::Object(mut map) = r.to_json() else {
            unreachable!()
        };
        map.remove("prune");
        map.insert("check".into(), Json::Str(integrity_check(&map)));
        RunRecord::<Tally>::from_json(&Json::Object(map)).unwrap()
    };
    let mut r = net_record();
    assert_eq!(DEFAULT_PRUNE_KEEP, 2);
    // Searching nothing: the default is not written, and a file without the field reads so.
    assert_eq!(field(&r), None);
    assert_eq!(without_field(&r).setup.prune, DEFAULT_PRUNE_KEEP as u32);
    // Searched: the default is written; 3 is not, and a file without the field reads as 3.
    r.setup.plies = [1, 1];
    assert_eq!(field(&r), Some(Json::uint(DEFAULT_PRUNE_KEEP as u128)));
    r.setup.prune = 3;
    assert_eq!(field(&r), None);
    assert_eq!(without_field(&r).setup.prune, 3);
    r.setup.prune = 0;
    assert_eq!(field(&r), Some(Json::uint(0)));
    let text = r.to_json().canonical();
    let back = RunRecord::<Tally>::from_json(&Json::parse(text.as_bytes()).unwrap()).unwrap();
    assert_eq!(back.setup.prune, 0);
    assert_eq!(back, r);
    let file = RolloutFile {
        record: r.clone(),
        first_game: 10,
        games: 5,
    };
    let mut mine = r.setup.clone();
    mine.prune = DEFAULT_PRUNE_KEEP as u32;
    let err = file.check_continues("ck.json", &mine, 10, 5).unwrap_err();
    let want = format!("prune=0 there, prune={DEFAULT_PRUNE_KEEP} here");
    assert!(err.0.contains(&want), "{err}");
}

/// A pruned search's file records the screen before the pruning net, and reads back; a file of
/// a pruned search written before the screen (no field) is refused with the reason, one of
/// another screen by the field's name; a rollout that searches nothing, or does not prune,
/// writes no field and takes none.
#[test]
fn a_pruned_search_records_its_screen_and_a_file_from_before_the_screen_is_refused() {
    use crate::policy::DEFAULT_PRUNE_SCREEN;
    let mut r = net_record();
    let with = |r: &RunRecord<Tally>, screen: Option<u128>| {
        let Json::Object(mut map) = r.to_json() else {
            unreachable!()
        };
        match screen {
            Some(s) => map.insert("prune_screen".into(), Json::uint(s)),
            None => map.remove("prune_screen"),
        };
        let check = integrity_check(&map);
        map.insert("check".into(), Json::Str(check));
        RunRecord::<Tally>::from_json(&Json::Object(map))
    };
    let field = |r: &RunRecord<Tally>| {
        let Json::Object(map) = r.to_json() else {
            unreachable!()
        };
        map.get("prune_screen").cloned()
    };
    // Not searched, or searched without pruning: no field, and none taken.
    for (plies, prune) in [([0, 0], 3), ([1, 1], 0)] {
        r.setup.plies = plies;
        r.setup.prune = prune;
        assert_eq!(field(&r), None);
        let err = with(&r, Some(8)).unwrap_err();
        assert!(err.0.contains("prune_screen belongs"), "{err}");
    }
    r.setup.prune = crate::policy::DEFAULT_PRUNE_KEEP as u32;
    for plies in [[1, 1], [0, 2]] {
        r.setup.plies = plies;
        if DEFAULT_PRUNE_SCREEN == 0 {
            assert_eq!(field(&r), None);
            continue;
        }
        assert_eq!(field(&r), Some(Json::uint(DEFAULT_PRUNE_SCREEN as u128)));
        let text = r.to_json().canonical();
        let back = RunRecord::<Tally>::from_json(&Json::parse(text.as_bytes()).unwrap()).unwrap();
        assert_eq!(back, r);
        let err = with(&r, None).unwrap_err();
        assert!(err.0.contains("before pubeval's screen"), "{err}");
        assert!(err.0.contains("start the rollout again"), "{err}");
        let err = with(&r, Some(DEFAULT_PRUNE_SCREEN as u128 + 1)).unwrap_err();
        assert!(err.0.contains("prune_screen must be"), "{err}");
    }
}

/// A variance reduction by the net screens each roll's plays by pubeval and then, in contact,
/// by the pruning net; where a side searches 1 ply it takes the search's roll values for the
/// luck: its files say which, read back, and a file of an earlier screen (pubeval's alone, with
/// or without the 1-ply search's values; the pruning net's of pubeval's best 6) is refused with
/// the reason.
#[test]
fn a_variance_reduction_by_the_net_is_marked_and_a_file_of_the_pubeval_screen_refused() {
    let mut r = net_record();
    r.setup.variance_reduction = true;
    r.setup.evaluator = Some(EvaluatorName::Net);
    let marker = |r: &RunRecord<Tally>| {
        let Json::Object(map) = r.to_json() else {
            unreachable!()
        };
        map.get("luck_screen").cloned()
    };
    // The error of reading `r`'s file with its field luck_screen set to `earlier`.
    let refusal = |r: &RunRecord<Tally>, earlier: &str| {
        let Json::Object(mut map) = r.to_json() else {
            unreachable!()
        };
        map.insert("luck_screen".into(), Json::str(earlier));
        let check = integrity_check(&map);
        map.insert("check".into(), Json::Str(check));
        RunRecord::<Tally>::from_json(&Json::Object(map))
            .unwrap_err()
            .0
    };
    assert_eq!(marker(&r), Some(Json::str("pubeval-4+pruning-net")));
    // A side searching 2 plies lends its search's roll values to the luck.
    for plies in [[2, 2], [0, 2], [1, 2]] {
        r.setup.plies = plies;
        assert_eq!(
            marker(&r),
            Some(Json::str("pubeval-4+pruning-net+searched-rolls"))
        );
        // Files of the versions that measured no luck after a 2-ply play are refused.
        for earlier in ["pubeval-4+pruning-net", "pubeval-4+pruning-net+1-ply-rolls"] {
            let err = refusal(&r, earlier);
            assert!(err.contains("2-ply search"), "{err}");
        }
    }
    // Files of the pruning net's screen of pubeval's best 6 are refused with the reason,
    // whatever the search.
    for plies in [[0, 0], [0, 1], [2, 2]] {
        r.setup.plies = plies;
        for earlier in [
            "pubeval+pruning-net-screen",
            "pubeval+pruning-net-screen+1-ply-rolls",
            "pubeval+pruning-net-screen+searched-rolls",
        ] {
            let err = refusal(&r, earlier);
            assert!(err.contains("best 6"), "{err}");
        }
    }
    for (plies, earlier) in [
        ([0, 0], "pubeval-screen"),
        ([0, 1], "pubeval-screen"),
        ([0, 1], "pubeval-screen+1-ply-rolls"),
    ] {
        r.setup.plies = plies;
        let text = r.to_json().canonical();
        let back = RunRecord::<Tally>::from_json(&Json::parse(text.as_bytes()).unwrap()).unwrap();
        assert_eq!(back, r);
        let err = refusal(&r, earlier);
        assert!(err.contains("pubeval alone"), "{err}");
    }
    assert_eq!(
        marker(&r),
        Some(Json::str("pubeval-4+pruning-net+1-ply-rolls"))
    );
}

/// Checkpoint files written by the package before the records moved to the core (their
/// checks computed by Python's json module) read, and write back the same record.
#[test]
fn checkpoints_written_before_read_and_write_back_the_same_records() {
    macro_rules! fixture {
        ($name:literal) => {
            include_bytes!(concat!(
                "../../../../../tests/data/checkpoints/",
                $name,
                ".json"
            ))
        };
    }
    for (name, bytes) in [
        ("plain", &fixture!("plain")[..]),
        ("truncate", &fixture!("truncate")[..]),
        ("nardy", &fixture!("nardy")[..]),
        ("python_policy", &fixture!("python_policy")[..]),
        ("interrupted", &fixture!("interrupted")[..]),
    ] {
        let file = RolloutFile::<Tally>::from_bytes(bytes, name).unwrap();
        let Json::Object(map) = Json::parse(bytes).unwrap() else {
            unreachable!()
        };
        assert_eq!(file.record.to_json(), map["rollout"], "{name}");
        let again = RolloutFile::<Tally>::from_bytes(file.to_text().as_bytes(), name).unwrap();
        assert_eq!(again, file, "{name}");
    }
    // The net's variance reduction of the earlier estimator is refused with the reason.
    let refused = RolloutFile::<Tally>::from_bytes(&fixture!("net_vr")[..], "net_vr");
    assert!(refused.is_err_and(|e| e.0.contains("valued every play with the net")));
    for bytes in [
        &fixture!("rank_plays")[..],
        &fixture!("many_independent_vr")[..],
    ] {
        let many = ManyFile::from_bytes(bytes, "many").unwrap();
        let again = ManyFile::from_bytes(many.to_text().as_bytes(), "many").unwrap();
        assert_eq!(again, many);
    }
}
#[test]
fn the_games_left_and_the_tasks_of_a_run() {
    assert_eq!(
        missing_ranges(0..10, &[2..4, 6..7]),
        vec![0..2, 4..6, 7..10]
    );
    let all = [Range { start: 0, end: 10 }];
    assert_eq!(missing_ranges(3..5, &all), Vec::<Range<u64>>::new());
    assert_eq!(missing_ranges(0..4, &[0..0, 5..9]), vec![0..4]);
    assert_eq!(split_ranges(&[0..5, 7..9], 2), vec![0..2, 2..4, 4..5, 7..9]);
    let three = [Range { start: 0, end: 3 }];
    assert_eq!(split_ranges(&three, 0), vec![0..1, 1..2, 2..3]);
}
