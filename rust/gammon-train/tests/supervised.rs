//! The supervised stage: labels are search values or rollouts' means, labelling resumes after
//! an interruption to the same file (whose older version still reads), and fitting moves the
//! nets towards the labels.

use std::io::Write;

use gammon_core::eval::net::{
    outputs_of, probabilities_of, shipped, AfterState, NetEvaluator, SearchBuffers,
};
use gammon_core::{Backgammon, Color, RulesFamily, Variant};
use gammon_train::optim::Optimizer;
use gammon_train::supervised::{
    chunk_bytes, equity_of, errors, fit_epoch, label_range, label_walked_range, open_labels,
    rank_epoch, ranking_errors, read_labels, rollout_value, shuffled, sibling_groups, LabelsHeader,
    RankLoss,
};

fn header(nets_crc: u32) -> LabelsHeader {
    LabelsHeader {
        family: RulesFamily::Backgammon,
        checkers: 15,
        plies: 1,
        seed: 42,
        alt_per_mille: 500,
        top: 4,
        nets_crc,
        reply_filter: 0,
        rollout_trials: 0,
        rollout_depth: 0,
        siblings: 0,
        walker_crc: 0,
    }
}

fn nets() -> &'static NetEvaluator {
    shipped(RulesFamily::Backgammon).unwrap()
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gammon-sup-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("labels.lbl")
}

#[test]
fn labels_are_the_one_ply_values_of_the_after_states() {
    let h = header(1);
    let samples = label_range(nets(), &h, 0..3);
    assert!(samples.len() > 60, "3 games give a sample a turn or more");
    let mut bufs = SearchBuffers::default();
    for s in samples.iter().step_by(7) {
        // The after-state from its owner's view, White to have played: the position with
        // White on roll and this board, as the trainer encodes it.
        let after = Backgammon::from_raw_unchecked(s.board, Variant::Backgammon, Color::White);
        assert!(
            nets().exact_after(&after).is_none(),
            "exact positions are not labelled"
        );
        let v = nets().after_value_plies(&after, 1, &mut bufs);
        assert_eq!(outputs_of(&v), s.target);
        let p = probabilities_of(&s.target);
        assert!((0.0..=1.0).contains(&p.win));
        assert!(p.win_gammon <= p.win + 1e-6 && p.lose_gammon <= 1.0 - p.win + 1e-6);
        // A 1-ply value is not the 0-ply one (the search looked further).
        assert_ne!(outputs_of(&nets().net_after(&after)), s.target);
    }
}

#[test]
fn labelling_in_two_sessions_writes_the_same_file_as_in_one() {
    let h = header(7);
    let one = temp("one");
    let _ = std::fs::remove_file(&one);
    let (mut f, next) = open_labels(&one, h).unwrap();
    assert_eq!(next, 0);
    for (a, b) in [(0, 2), (2, 5)] {
        f.write_all(&chunk_bytes(
            a,
            (b - a) as u32,
            &label_range(nets(), &h, a..b),
        ))
        .unwrap();
    }
    drop(f);

    let two = temp("two");
    let _ = std::fs::remove_file(&two);
    let (mut f, _) = open_labels(&two, h).unwrap();
    f.write_all(&chunk_bytes(0, 2, &label_range(nets(), &h, 0..2)))
        .unwrap();
    // An interrupted write: half a chunk.
    let torn = chunk_bytes(2, 3, &label_range(nets(), &h, 2..5));
    f.write_all(&torn[..torn.len() / 2]).unwrap();
    drop(f);
    let l = read_labels(&two).unwrap();
    assert_eq!(l.next_game, 2, "the torn chunk is not read");
    let (mut f, next) = open_labels(&two, h).unwrap();
    assert_eq!(next, 2);
    f.write_all(&chunk_bytes(2, 3, &label_range(nets(), &h, 2..5)))
        .unwrap();
    drop(f);
    assert!(
        std::fs::read(&one).unwrap() == std::fs::read(&two).unwrap(),
        "the resumed file differs from the uninterrupted one"
    );
    let l = read_labels(&two).unwrap();
    assert_eq!(l.next_game, 5);
    assert!(l.samples == label_range(nets(), &h, 0..5));

    // A file labelled another way is refused, naming the reason.
    let err = open_labels(&two, header(8)).unwrap_err();
    assert!(err.contains("labelled another way"), "{err}");
}

#[test]
fn fitting_moves_the_nets_towards_the_labels() {
    let h = header(3);
    let samples = label_range(nets(), &h, 0..40);
    let before = errors(nets(), 15, &samples);
    // Plain steps and Adam's (`fit ... opt=adam`), at their usual step sizes.
    for (mut opt, alpha) in [
        (Optimizer::sgd(), 0.01),
        (Optimizer::adam(nets(), 16), 0.0003),
    ] {
        let mut fitted = nets().clone();
        for e in 0..3 {
            fit_epoch(
                &mut fitted,
                15,
                &samples,
                &shuffled(samples.len(), e),
                alpha,
                &mut opt,
            );
        }
        let after = errors(&fitted, 15, &samples);
        assert!(
            after.0 < 0.9 * before.0,
            "{opt:?}: squared error {before:?} -> {after:?}"
        );
        assert!(after.1 < before.1, "equity error {before:?} -> {after:?}");
        // Both nets learned: the samples hold contact and race positions.
        assert_ne!(fitted.contact, nets().contact);
        assert_ne!(fitted.race, nets().race);
    }
}

#[test]
fn shuffled_is_a_permutation_fixed_by_its_seed() {
    let a = shuffled(1000, 9);
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..1000).collect::<Vec<u32>>());
    assert_eq!(a, shuffled(1000, 9));
    assert_ne!(a, shuffled(1000, 10));
}

#[test]
fn rollout_labels_are_the_mean_of_their_trials_and_depth_zero_is_the_net() {
    let mut h = header(3);
    h.rollout_trials = 3;
    h.rollout_depth = 4;
    let samples = label_range(nets(), &h, 0..1);
    assert!(samples.len() > 20);
    let mut bufs = SearchBuffers::default();
    let mut differ = 0;
    for (k, s) in samples.iter().enumerate().step_by(5) {
        let after = Backgammon::from_raw_unchecked(s.board, Variant::Backgammon, Color::White);
        // The label is a function of the header, the game and the sample's place in it.
        let again = rollout_value(nets(), &after, &h, k as u64, &mut bufs);
        assert_eq!(outputs_of(&again), s.target, "sample {k}");
        let p = probabilities_of(&s.target);
        assert!((0.0..=1.0).contains(&p.win));
        assert!(p.win_gammon <= p.win + 1e-6 && p.lose_gammon <= 1.0 - p.win + 1e-6);
        differ += usize::from(outputs_of(&nets().net_after(&after)) != s.target);
        // Cut off before the first ply, a rollout is the nets' 0-ply value (the mean of
        // three equal trials, up to its rounding).
        let mut flat = h;
        flat.rollout_depth = 0;
        let flat = outputs_of(&rollout_value(nets(), &after, &flat, k as u64, &mut bufs));
        let net = outputs_of(&nets().net_after(&after));
        for (a, b) in flat.iter().zip(net) {
            assert!((a - b).abs() < 1e-6, "{flat:?} {net:?}");
        }
    }
    assert!(
        differ > 0,
        "rollouts four plies deep look past the 0-ply value"
    );
}

#[test]
fn version_1_to_3_labels_files_still_read_as_search_labels_of_one_sibling_and_no_walker() {
    let path = temp("v1");
    let h = header(4);
    for (version, header_len) in [(1u32, 42usize), (2, 50), (3, 54)] {
        let _ = std::fs::remove_file(&path);
        let (mut file, next) = open_labels(&path, h).unwrap();
        assert_eq!(next, 0);
        let samples = label_range(nets(), &h, 0..1);
        file.write_all(&chunk_bytes(0, 1, &samples)).unwrap();
        drop(file);
        // The same file as that version wrote it: the header without the fields added since
        // (version 2 the rollout fields, version 3 `siblings`, version 4 `walker_crc`) and its
        // version number.
        let bytes = std::fs::read(&path).unwrap();
        let mut old = bytes[..header_len].to_vec();
        old[8..12].copy_from_slice(&version.to_le_bytes());
        old.extend_from_slice(&bytes[58..]);
        std::fs::write(&path, &old).unwrap();
        let read = read_labels(&path).unwrap();
        assert_eq!(read.header, h, "version {version}");
        assert_eq!(read.samples, samples);
        assert_eq!(read.next_game, 1);
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn siblings_label_each_turns_best_plays_with_the_same_search() {
    // Without extra candidates each turn labels its chosen play; with siblings=4 its 4 best
    // distinct boards, the chosen one first, each with the same search's value.
    let one = LabelsHeader {
        alt_per_mille: 0,
        ..header(4)
    };
    let four = LabelsHeader { siblings: 4, ..one };
    let chosen = label_range(nets(), &one, 0..2);
    let all = label_range(nets(), &four, 0..2);
    assert!(
        all.len() > chosen.len() * 2,
        "{} {}",
        all.len(),
        chosen.len()
    );
    // The chosen plays appear in order among the siblings, with the same targets.
    let mut at = 0;
    for s in &chosen {
        let k = all[at..]
            .iter()
            .position(|x| x == s)
            .expect("a chosen play is labelled");
        assert!(k <= 4, "at most 3 siblings lie between two chosen plays");
        at += k + 1;
    }
    // Siblings of one turn are distinct boards: no board repeats within 4 samples.
    for w in all.windows(4) {
        for i in 0..4 {
            for j in i + 1..4 {
                assert_ne!(w[i].board, w[j].board);
            }
        }
    }
    // Every sibling's target is the search of its board.
    let mut bufs = SearchBuffers::default();
    for s in all.iter().step_by(7) {
        let pos = Backgammon::from_raw_unchecked(s.board, Variant::Backgammon, Color::White);
        let v = outputs_of(&nets().after_value_plies(&pos, one.plies, &mut bufs));
        assert_eq!(v, s.target);
    }
}

#[test]
fn sibling_decisions_are_found_again_and_ranking_steps_follow_the_labels_choices() {
    let h = LabelsHeader {
        siblings: 4,
        alt_per_mille: 0,
        ..header(4)
    };
    let path = temp("groups");
    let _ = std::fs::remove_file(&path);
    let (mut file, _) = open_labels(&path, h).unwrap();
    let samples = label_range(nets(), &h, 0..6);
    file.write_all(&chunk_bytes(0, 6, &samples)).unwrap();
    drop(file);
    let labels = read_labels(&path).unwrap();
    let groups = sibling_groups(nets(), &labels).unwrap();
    // The decisions partition the samples, each of 1 to 4 siblings, most of 4.
    assert_eq!(groups[0].start, 0);
    assert_eq!(groups.last().unwrap().end, samples.len());
    assert!(groups.windows(2).all(|w| w[0].end == w[1].start));
    assert!(groups.iter().all(|g| (1..=4).contains(&g.len())));
    assert!(groups.iter().filter(|g| g.len() == 4).count() * 2 > groups.len());
    // Each decision starts with the chosen play: the labels without siblings are (up to the
    // last turns of a game, whose best play may have an exact value) the decisions' firsts.
    let chosen = label_range(nets(), &LabelsHeader { siblings: 0, ..h }, 0..6);
    let firsts: Vec<_> = groups.iter().map(|g| samples[g.start]).collect();
    let mut it = firsts.iter();
    assert!(chosen.iter().all(|c| it.any(|f| f == c)));
    assert!(chosen.len() + 6 >= groups.len());
    // Other nets replay other games: refused.
    let other = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../train/nets/bg-td3-3275991.gnet"
    ))
    .unwrap();
    let other = NetEvaluator::from_bytes(&other).unwrap();
    assert!(sibling_groups(&other, &labels).is_err());
    let mse_only = read_labels(&path).map(|mut l| {
        l.header.siblings = 0;
        l
    });
    assert!(sibling_groups(nets(), &mse_only.unwrap())
        .unwrap_err()
        .contains("siblings"));
    // Ranking steps on these decisions make the nets choose the labels' best more often.
    let fit = |loss: RankLoss| {
        let mut fitted = nets().clone();
        for e in 0..20u64 {
            let order = shuffled(groups.len(), e);
            rank_epoch(
                &mut fitted,
                15,
                &samples,
                &groups,
                &order,
                0.01,
                loss,
                &mut Optimizer::sgd(),
            );
        }
        fitted
    };
    let before = ranking_errors(nets(), 15, &samples, &groups);
    let fitted = fit(RankLoss::new(0.05, 0.0));
    let after = ranking_errors(&fitted, 15, &samples, &groups);
    assert!(
        before.loss > 0.0,
        "the 0-ply choices lose something by the 2-ply labels"
    );
    assert!(
        after.agree > before.agree && after.loss < 0.5 * before.loss,
        "{before:?} {after:?}"
    );
    // With the expected loss weighed in and the policy's equity ranked, the same.
    let weighed = fit(RankLoss {
        regret: 20.0,
        sane: true,
        ..RankLoss::new(0.05, 0.0)
    });
    let after_weighed = ranking_errors(&weighed, 15, &samples, &groups);
    assert!(
        after_weighed.agree > before.agree && after_weighed.loss < 0.5 * before.loss,
        "{before:?} {after_weighed:?}"
    );
    assert_ne!(weighed, fitted);
    // The chosen sibling's overrating: on one decision, the nets' equity of their first best
    // sibling minus its label's.
    let eq = |o: &[f32; 5]| f64::from(equity_of(o));
    let first = &samples[groups[0].clone()];
    let net_eq: Vec<f64> = first
        .iter()
        .map(|s| eq(&fitted.net_for(&s.board).forward_board(&s.board, 15)))
        .collect();
    let top = net_eq.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let chosen = net_eq.iter().position(|&e| e == top).unwrap();
    let want = net_eq[chosen] - eq(&first[chosen].target);
    let one = ranking_errors(&fitted, 15, &samples, &groups[..1]);
    assert!((one.chosen_bias - want).abs() < 1e-5, "{one:?} {want}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_walker_plays_the_games_and_chooses_the_siblings_while_the_nets_label_them() {
    // The shipped nets label the games that bg-td3's nets play (`label ... walker=W`).
    let walker = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../train/nets/bg-td3-3275991.gnet"
    ))
    .unwrap();
    let walker = NetEvaluator::from_bytes(&walker).unwrap();
    let h = LabelsHeader {
        siblings: 4,
        alt_per_mille: 0,
        walker_crc: 99,
        ..header(5)
    };
    let walked = label_walked_range(nets(), &walker, &h, 0..3);
    let own = label_range(nets(), &h, 0..3);
    assert_ne!(walked, own, "other players reach other positions");
    // The walker's own labels of its games: the same boards, other values.
    let by_walker = label_walked_range(&walker, &walker, &h, 0..3);
    assert_eq!(walked.len(), by_walker.len());
    assert!(walked
        .iter()
        .zip(&by_walker)
        .all(|(a, b)| a.board == b.board));
    assert!(walked
        .iter()
        .zip(&by_walker)
        .any(|(a, b)| a.target != b.target));
    // Every label is the labelling nets' search of its board.
    let mut bufs = SearchBuffers::default();
    for s in walked.iter().step_by(5) {
        let after = Backgammon::from_raw_unchecked(s.board, Variant::Backgammon, Color::White);
        let v = nets().after_value_plies(&after, h.plies, &mut bufs);
        assert_eq!(outputs_of(&v), s.target);
    }
    // The file keeps the walker's CRC; its decisions are found by replaying the walker's games.
    let path = temp("walker");
    let _ = std::fs::remove_file(&path);
    let (mut file, _) = open_labels(&path, h).unwrap();
    file.write_all(&chunk_bytes(0, 3, &walked)).unwrap();
    drop(file);
    let labels = read_labels(&path).unwrap();
    assert_eq!(labels.header.walker_crc, 99);
    assert_eq!(labels.header.played_by(), 99);
    assert_eq!(
        header(5).played_by(),
        5,
        "without a walker the labelling nets played"
    );
    let groups = sibling_groups(&walker, &labels).unwrap();
    assert_eq!(groups.last().unwrap().end, walked.len());
    assert!(sibling_groups(nets(), &labels).is_err());
    let err = open_labels(&path, LabelsHeader { walker_crc: 0, ..h }).unwrap_err();
    assert!(err.contains("labelled another way"), "{err}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
