//! The in-place and IU baselines (`masm::baseline`): scan answers against a plain reference map
//! over random operations, and the timing properties Fig. 16 rests on (the disk head pulled away
//! by in-place updates; IU's SSD reads growing with the relevant cached updates).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::masm::baseline::{Baseline, BaselineConfig, SchemeKind};
use flashlab_core::masm::io::IoConfig;
use flashlab_core::masm::{Change, FieldPatch, MasmError, Row, apply};
use flashlab_core::sim::Rng;

fn config(key_space: u64, table_bytes: u64, iu_lru_pages: u64) -> BaselineConfig {
    BaselineConfig {
        key_space,
        keys_per_table_page: 4,
        record_bytes: 100,
        io: IoConfig {
            table_bytes,
            ..IoConfig::default()
        },
        iu_lru_pages,
        iu_queue_depth: 1,
        lsm_c0_records: 64,
        lsm_levels: 3,
    }
}

fn random_change(rng: &mut Rng, i: u64) -> Change {
    match rng.below(4) {
        0 => Change::Insert(Row([i, rng.below(100)])),
        1 => Change::Delete,
        2 => Change::Replace(Row([i, 7])),
        _ => Change::Modify(FieldPatch {
            mask: 1 + rng.below(3) as u8,
            values: [i, i + 1],
        }),
    }
}

/// Random updates and scans on `kind`, every answer compared with the reference map.
fn check_answers(kind: SchemeKind, seed: u64, iu_lru_pages: u64) {
    let mut rng = Rng::new(seed);
    let key_space = 128;
    let base: Vec<(u64, Row)> = (0..key_space)
        .step_by(2)
        .map(|k| (k, Row([k, 0])))
        .collect();
    let mut reference: BTreeMap<u64, Row> = base.iter().copied().collect();
    let cfg = config(key_space, 64 << 20, iu_lru_pages);
    let mut scheme = Baseline::new(kind, &cfg, &base).unwrap();
    let mut now = 0;
    let mut scans = 0;
    for i in 0..1500 {
        if rng.chance(0.08) {
            let a = rng.below(key_space);
            let b = (a + rng.below(40)).min(key_space - 1);
            let (rows, end) = scheme.scan(now, a, b).unwrap();
            let expected: Vec<(u64, Row)> = reference.range(a..=b).map(|(&k, &r)| (k, r)).collect();
            assert_eq!(
                rows, expected,
                "{kind:?} seed {seed} op {i} scan [{a}, {b}]"
            );
            assert!(end > now);
            now = end;
            scans += 1;
        } else {
            let key = rng.below(key_space);
            let change = random_change(&mut rng, i);
            match apply(reference.get(&key).copied(), &change) {
                Some(row) => reference.insert(key, row),
                None => reference.remove(&key),
            };
            now = scheme.update(now, key, change).unwrap();
        }
    }
    let all: Vec<(u64, Row)> = reference.iter().map(|(&k, &r)| (k, r)).collect();
    assert_eq!(scheme.scan(now, 0, key_space - 1).unwrap().0, all);
    let m = scheme.metrics();
    assert_eq!(m.scans, scans + 1);
    assert_eq!(m.updates + m.scans, 1501);
}

#[test]
fn in_place_answers_match_the_reference_map() {
    for seed in 1..=4 {
        check_answers(SchemeKind::InPlace, seed, 0);
    }
}

#[test]
fn iu_answers_match_the_reference_map_with_any_lru_size() {
    for (seed, lru) in [(1, 0), (2, 1), (3, 4), (4, 64)] {
        check_answers(SchemeKind::Iu, seed, lru);
    }
}

/// Mean duration of 20 consecutive 1 MiB range scans across the table, each arriving when the
/// previous operation completed, with `updates_between` random in-place updates before each.
fn in_place_mean_scan_ns(updates_between: u64) -> u64 {
    let key_space = 100 << 10; // 1 MiB per key of the paper's 100 GB table
    let cfg = config(key_space, 100 << 30, 0);
    let mut scheme = Baseline::new(SchemeKind::InPlace, &cfg, &[]).unwrap();
    let mut rng = Rng::new(11);
    let mut now = 0;
    for s in 0..20 {
        for _ in 0..updates_between {
            let change = Change::Insert(Row([s, 0]));
            now = scheme.update(now, rng.below(key_space), change).unwrap();
        }
        now = scheme.scan(now, 5_000 + s, 5_000 + s).unwrap().1;
    }
    scheme.metrics().mean_scan_ns
}

#[test]
fn in_place_scans_slow_down_when_updates_pull_the_head_away() {
    let alone = in_place_mean_scan_ns(0);
    let interleaved = in_place_mean_scan_ns(1);
    // Alone, each 1 MiB scan streams on from where the last ended (≈ 13.6 ms at 77 MB/s); after
    // an update elsewhere it must seek back and wait for the sectors again.
    assert!(alone < 16_000_000, "{alone}");
    // Paper (§5.2, 1 MB ranges): 29.8 ms alone, 50.3 ms with in-place updates.
    assert!(interleaved > alone + 8_000_000, "{interleaved} vs {alone}");
}

#[test]
fn in_place_update_is_one_random_read_modify_write() {
    let cfg = config(1 << 20, 100 << 30, 0);
    let mut scheme = Baseline::new(SchemeKind::InPlace, &cfg, &[]).unwrap();
    let mut rng = Rng::new(5);
    let mut now = 0;
    for i in 0..100 {
        now = scheme
            .update(now, rng.below(1 << 20), Change::Insert(Row([i, 0])))
            .unwrap();
    }
    let m = scheme.metrics();
    // Seek + rotation + one more revolution: 15–30 ms each on a 7200 rpm disk, i.e. the
    // "50–100 updates/s" of in-place updates (digest Fig. 21 row).
    let per_update = now / 100;
    assert!(
        (15_000_000..30_000_000).contains(&per_update),
        "{per_update}"
    );
    assert_eq!((m.hdd_pages_read, m.hdd_pages_written), (100, 100));
    assert_eq!(m.hdd_busy_ns, now);
    assert_eq!(m.ssd_pages_written, 0);
}

/// One scan of the whole 64-key table after `updates` cached updates to it.
fn iu_scan_ns(updates: u64) -> (u64, u64) {
    iu_scan_with_lru(updates, 4)
}

fn iu_scan_with_lru(updates: u64, lru_pages: u64) -> (u64, u64) {
    let cfg = config(64, 64 * 4096, lru_pages);
    let base: Vec<(u64, Row)> = (0..64).map(|k| (k, Row([k, 0]))).collect();
    let mut scheme = Baseline::new(SchemeKind::Iu, &cfg, &base).unwrap();
    let mut rng = Rng::new(17);
    let mut now = 0;
    for i in 0..updates {
        let patch = FieldPatch {
            mask: 1,
            values: [i, 0],
        };
        now = scheme
            .update(now, rng.below(64), Change::Modify(patch))
            .unwrap();
    }
    // The same arrival time for every count: updates never touch the disk, so its read is the
    // same and only the SSD side differs.
    let start = 100_000_000_000;
    assert!(now < start);
    let (_, end) = scheme.scan(start, 0, 63).unwrap();
    (end - start, scheme.metrics().ssd_pages_read)
}

#[test]
fn iu_scan_time_grows_with_the_relevant_cached_updates() {
    let mut last = (0, 0);
    for updates in [0, 200, 2_000, 8_000] {
        let (ns, reads) = iu_scan_ns(updates);
        assert!(
            ns >= last.0 && reads >= last.1,
            "{updates}: {ns} ns, {reads} reads"
        );
        last = (ns, reads);
    }
    let (none, _) = iu_scan_ns(0);
    let (many, reads) = iu_scan_ns(8_000);
    // Thousands of random 4 KB SSD reads no longer hide behind the 256 KB disk read.
    assert!(reads > 4_000, "{reads}");
    assert!(many > 3 * none, "{many} vs {none}");
}

#[test]
fn iu_reads_one_page_per_relevant_update_without_lru_and_each_page_once_with_a_big_one() {
    let updates = 4_000;
    let per_page = 4096 / 100;
    let tail = updates % per_page; // still in memory
    assert_eq!(iu_scan_with_lru(updates, 0).1, updates - tail);
    assert_eq!(iu_scan_with_lru(updates, 1 << 20).1, updates / per_page);
    let (small, _) = iu_scan_with_lru(updates, 0);
    let (big, _) = iu_scan_with_lru(updates, 1 << 20);
    assert!(big < small, "{big} vs {small}");
}

#[test]
fn iu_writes_each_update_once_in_whole_4k_pages() {
    let cfg = config(64, 64 * 4096, 4);
    let mut scheme = Baseline::new(SchemeKind::Iu, &cfg, &[]).unwrap();
    let per_page = 4096 / 100;
    let mut now = 0;
    for i in 0..per_page * 10 {
        let done = scheme
            .update(now, i % 64, Change::Insert(Row([i, 0])))
            .unwrap();
        if (i + 1) % per_page == 0 {
            assert!(done > now, "the update filling a page waits for its write");
        } else {
            assert_eq!(done, now, "other updates are absorbed in memory");
        }
        now = done;
    }
    let m = scheme.metrics();
    assert_eq!(m.ssd_pages_written, 10);
    assert_eq!(m.ssd_record_writes, per_page * 10);
    assert!((m.ssd_writes_per_update - 1.0).abs() < 1e-12);
}

#[test]
fn baselines_refuse_bad_keys_and_ranges_with_typed_errors() {
    let cfg = config(64, 64 << 20, 4);
    for kind in [SchemeKind::InPlace, SchemeKind::Iu] {
        let mut scheme = Baseline::new(kind, &cfg, &[]).unwrap();
        assert_eq!(scheme.kind(), kind);
        assert!(!scheme.label().is_empty());
        assert_eq!(
            scheme.update(0, 64, Change::Delete),
            Err(MasmError::KeyOutOfRange {
                key: 64,
                key_space: 64
            })
        );
        assert_eq!(
            scheme.scan(0, 9, 3),
            Err(MasmError::EmptyRange {
                begin_key: 9,
                end_key: 3
            })
        );
        assert!(matches!(
            Baseline::new(kind, &cfg, &[(99, Row([0, 0]))]),
            Err(MasmError::KeyOutOfRange { .. })
        ));
    }
    let bad = BaselineConfig {
        io: IoConfig {
            hdd_preset: "floppy".into(),
            ..IoConfig::default()
        },
        ..cfg
    };
    let err = Baseline::new(SchemeKind::InPlace, &bad, &[]).unwrap_err();
    assert!(err.to_string().contains("floppy"), "{err}");
}

/// One 16 MiB scan (16 requests) of the 100 GB table, with or without a closed-loop updater.
fn in_place_long_scan_ns(with_updater: bool) -> (u64, u64) {
    use flashlab_core::masm::baseline::InPlace;
    use flashlab_core::masm::baseline::updater::{ClosedLoopUpdater, NoUpdates};
    let key_space = 100 << 10; // 1 MiB per key
    let cfg = config(key_space, 100 << 30, 0);
    let mut scheme = InPlace::new(&cfg, &[]).unwrap();
    let mut updater = ClosedLoopUpdater::new(3, key_space, 0);
    let (_, end) = if with_updater {
        scheme.scan_with(0, 50_000, 50_015, &mut updater).unwrap()
    } else {
        scheme.scan_with(0, 50_000, 50_015, &mut NoUpdates).unwrap()
    };
    (end, updater.completed)
}

#[test]
fn in_place_updates_get_in_between_a_long_scans_requests() {
    let (alone, none) = in_place_long_scan_ns(false);
    let (pulled, updates) = in_place_long_scan_ns(true);
    assert_eq!(none, 0);
    // One read-modify-write before each of the 16 requests (arrival order), each pulling the
    // head away: a seek back and a rotation per request, not one delay at the start.
    assert_eq!(updates, 16);
    assert!(pulled > 2 * alone, "{pulled} vs {alone}");
}

#[test]
fn in_place_scan_with_updates_answers_each_key_as_its_request_read_it() {
    use flashlab_core::masm::baseline::InPlace;
    use flashlab_core::masm::baseline::updater::ClosedLoopUpdater;
    let key_space = 64;
    let cfg = config(key_space, 64 << 20, 0); // 1 MiB per key: one request per key
    let base: Vec<(u64, Row)> = (0..key_space).map(|k| (k, Row([k, 0]))).collect();
    let mut scheme = InPlace::new(&cfg, &base).unwrap();
    let mut updater = ClosedLoopUpdater::new(9, key_space, 0);
    let (rows, _) = scheme.scan_with(0, 0, 63, &mut updater).unwrap();
    assert_eq!(rows.len(), 64);
    assert!(rows.windows(2).all(|w| w[0].0 < w[1].0));
    let trace = scheme.head_trace();
    assert_eq!(trace.iter().filter(|v| v.is_update).count(), 64);
    assert_eq!(trace.iter().filter(|v| !v.is_update).count(), 64);
}

fn iu_long_scan(queue_depth: u64) -> (u64, u64) {
    let cfg = BaselineConfig {
        iu_queue_depth: queue_depth,
        ..config(4096, 4096 * 4096, 0)
    };
    let mut scheme = Baseline::new(SchemeKind::Iu, &cfg, &[]).unwrap();
    let mut rng = Rng::new(23);
    let mut now = 0;
    for i in 0..20_000 {
        let patch = FieldPatch {
            mask: 1,
            values: [i, 0],
        };
        now = scheme
            .update(now, rng.below(4096), Change::Modify(patch))
            .unwrap();
    }
    let start = now + 1_000_000_000;
    let (_, end) = scheme.scan(start, 0, 4095).unwrap();
    (end - start, scheme.metrics().ssd_pages_read)
}

#[test]
fn iu_reads_fewer_at_a_time_take_longer_than_a_deep_queue() {
    let (serial, reads1) = iu_long_scan(1);
    let (deep, reads32) = iu_long_scan(32);
    assert_eq!(reads1, reads32);
    // ≈ 20,000 reads at the X25-E model's 75 µs one at a time: over a second, far above the
    // 16 MiB disk read (≈ 0.2 s); 32 outstanding overlap over the dies and the link.
    assert!(serial > 1_400_000_000, "{serial}");
    assert!(deep * 3 < serial, "{deep} vs {serial}");
}

#[test]
fn iu_queue_depth_outside_its_range_is_refused_by_name() {
    for depth in [0, 33] {
        let cfg = BaselineConfig {
            iu_queue_depth: depth,
            ..config(64, 64 << 20, 0)
        };
        let err = Baseline::new(SchemeKind::Iu, &cfg, &[]).unwrap_err();
        assert!(err.to_string().contains("iu_queue_depth"), "{err}");
    }
}
