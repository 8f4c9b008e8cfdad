//! The LSM baseline (`masm::baseline::lsm`): scan answers against a plain reference map (through
//! merges and migrations of the last level), the level capacities, Table III's write rate
//! measured against (h − 0.5)(1 + r), and the rolling-cursor variant's lower rate.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use flashlab_core::masm::baseline::lsm::{LsmShape, LsmTree, MergePolicy, MergeStep, size_ratio};
use flashlab_core::masm::baseline::{Baseline, BaselineConfig, Lsm, SchemeKind};
use flashlab_core::masm::io::IoConfig;
use flashlab_core::masm::{Change, FieldPatch, Row, UpdateRecord, apply};
use flashlab_core::sim::Rng;

fn config(key_space: u64, c0: u64, levels: u32, cache_bytes: u64) -> BaselineConfig {
    BaselineConfig {
        key_space,
        keys_per_table_page: 4,
        record_bytes: 100,
        io: IoConfig {
            table_bytes: 64 << 20,
            cache_bytes,
            ..IoConfig::default()
        },
        iu_lru_pages: 4,
        iu_queue_depth: 1,
        lsm_c0_records: c0,
        lsm_levels: levels,
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

#[test]
fn lsm_answers_match_the_reference_map_through_merges_and_migrations() {
    let key_space = 200;
    let base: Vec<(u64, Row)> = (0..key_space)
        .step_by(2)
        .map(|k| (k, Row([k, 0])))
        .collect();
    // 30 SSD records (3000 B of 100 B records) over 3 levels: many merges, several migrations.
    let cfg = config(key_space, 8, 3, 3000);
    for seed in [1, 2, 3] {
        let mut rng = Rng::new(seed);
        let mut reference: BTreeMap<u64, Row> = base.iter().copied().collect();
        let mut lsm = Lsm::new(&cfg, &base).unwrap();
        let mut now = 0;
        for i in 0..3000 {
            if rng.chance(0.1) {
                let a = rng.below(key_space);
                let b = (a + rng.below(60)).min(key_space - 1);
                let (rows, end) = lsm.scan(now, a, b).unwrap();
                let expected: Vec<(u64, Row)> =
                    reference.range(a..=b).map(|(&k, &r)| (k, r)).collect();
                assert_eq!(rows, expected, "seed {seed} op {i} scan [{a}, {b}]");
                assert!(end > now, "a scan takes time");
                now = end;
            } else {
                let key = rng.below(key_space);
                let change = random_change(&mut rng, i);
                match apply(reference.get(&key).copied(), &change) {
                    Some(row) => reference.insert(key, row),
                    None => reference.remove(&key),
                };
                now = lsm.update(now, key, change).unwrap();
            }
        }
        assert!(
            lsm.migrations >= 2,
            "seed {seed}: {} migrations",
            lsm.migrations
        );
        let m = lsm.metrics();
        assert_eq!(m.ssd_record_writes, lsm.tree().record_writes);
        assert!(m.ssd_pages_written > 0 && m.ssd_pages_read > 0);
    }
}

#[test]
fn lsm_is_reachable_through_the_baseline_dispatch() {
    let cfg = config(64, 4, 2, 2000);
    let mut scheme = Baseline::new(SchemeKind::Lsm, &cfg, &[]).unwrap();
    let mut now = 0;
    for k in 0..40 {
        now = scheme.update(now, k, Change::Insert(Row([k, 1]))).unwrap();
    }
    let (rows, _) = scheme.scan(now, 0, 63).unwrap();
    assert_eq!(rows.len(), 40);
    assert!(scheme.metrics().ssd_writes_per_update > 1.0);
    assert!(scheme.update(now, 64, Change::Delete).is_err());
    assert!(Lsm::new(&config(64, 0, 2, 2000), &[]).is_err(), "C0 = 0");
}

/// Random distinct keys into a tree; checks the capacities after every insert.
fn run_tree(shape: LsmShape, policy: MergePolicy, inserts: u64) -> LsmTree {
    let caps: Vec<u64> = std::iter::once(shape.c0_records)
        .chain(shape.level_records.iter().copied())
        .collect();
    let mut tree = LsmTree::new(shape, 4, policy, 1 << 40, 9).unwrap();
    let mut steps: Vec<MergeStep> = Vec::new();
    let mut written = 0;
    for i in 0..inserts {
        steps.clear();
        let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & ((1 << 40) - 1);
        tree.insert(
            UpdateRecord {
                ts: i + 1,
                key,
                change: Change::Insert(Row([i, 0])),
                ssd_writes: 0,
            },
            &mut steps,
        );
        for s in &steps {
            assert!(s.lo_key < s.hi_key && s.moved >= 1);
            assert_eq!(
                s.written,
                s.lower_read + s.moved,
                "distinct keys never coalesce"
            );
            written += s.written;
        }
        let h = caps.len() - 1;
        for (c, &cap) in caps.iter().enumerate().take(h) {
            assert!(tree.component_len(c) <= cap, "C{c} over capacity");
        }
        if tree.last_level_full() {
            tree.drain_last_level();
        }
    }
    assert_eq!(written, tree.record_writes);
    tree
}

#[test]
fn size_ratio_and_the_analytic_rate_reproduce_table_iii() {
    let r_row = [256.0, 15.5, 6.0, 3.7, 2.8, 2.3, 2.0, 1.8, 1.7, 1.6];
    let writes_row = [128.5, 24.8, 17.5, 16.5, 17.0, 18.1, 19.5, 21.1, 22.7, 24.5];
    for h in 1..=10u32 {
        let r = size_ratio(h, 256.0);
        let sum: f64 = (1..=h).map(|i| r.powi(i as i32)).sum();
        assert!((sum - 256.0).abs() < 1e-9, "h {h}: Σ rⁱ = {sum}");
        assert!((r - r_row[h as usize - 1]).abs() <= 0.051, "h {h}: r {r}");
        let shape = LsmShape::new(256, h, 65_536).unwrap();
        assert_eq!(shape.ssd_records(), 65_536);
        let w = shape.analytic_writes_per_update();
        assert!(
            (w - writes_row[h as usize - 1]).abs() <= 0.051,
            "h {h}: {w}"
        );
    }
}

/// Writes per update of the warm cycle: upper levels at steady size, Ch filled from empty.
fn warm_rate(h: u32, policy: MergePolicy) -> (f64, f64) {
    let shape = LsmShape::new(32, h, 8192).unwrap();
    let analytic = shape.analytic_writes_per_update();
    let mut tree = run_tree(shape.clone(), policy, 0);
    let mut steps = Vec::new();
    let mut i = 0u64;
    let mut cycle = |tree: &mut LsmTree| {
        let (w0, n0) = (tree.record_writes, tree.records_inserted);
        while !tree.last_level_full() {
            i += 1;
            let record = UpdateRecord {
                ts: i,
                key: i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & ((1 << 40) - 1),
                change: Change::Delete,
                ssd_writes: 0,
            };
            tree.insert(record, &mut steps);
        }
        tree.drain_last_level();
        (tree.record_writes - w0) as f64 / (tree.records_inserted - n0) as f64
    };
    cycle(&mut tree);
    (cycle(&mut tree), analytic)
}

#[test]
fn scattered_merges_write_about_h_minus_half_times_one_plus_r() {
    for h in [1, 2, 4] {
        let (measured, analytic) = warm_rate(h, MergePolicy::Scattered);
        let err = (measured - analytic).abs() / analytic;
        assert!(err < 0.1, "h {h}: measured {measured} vs {analytic}");
    }
}

#[test]
fn a_rolling_cursor_writes_about_half_as_much() {
    let (cursor, analytic) = warm_rate(3, MergePolicy::RollingCursor);
    let ratio = cursor / analytic;
    assert!(
        (0.35..0.7).contains(&ratio),
        "cursor {cursor} vs {analytic}"
    );
}

#[test]
fn capacities_hold_for_both_policies() {
    for policy in [MergePolicy::Scattered, MergePolicy::RollingCursor] {
        let tree = run_tree(LsmShape::new(16, 3, 2048).unwrap(), policy, 20_000);
        assert!(tree.merge_steps > 0);
    }
}
