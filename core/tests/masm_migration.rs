//! In-place migration: interrupted at every page and restarted (after a "crash" that forgets the
//! progress) it ends in the same table as an uninterrupted migration, applies every update of R
//! exactly once, and scans in between see exactly the right rows and skip migrated updates.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::masm::{
    Change, FieldPatch, Masm, MasmConfig, MasmError, MigrationProgress, Row,
};
use flashlab_core::sim::Rng;

fn loaded() -> (Masm, Vec<(u64, u64, Change)>) {
    let mut cfg = MasmConfig::masm_m(32, 2, 96);
    cfg.keys_per_table_page = 6;
    let base: Vec<(u64, Row)> = (0..96).step_by(2).map(|k| (k, Row([k, 0]))).collect();
    let mut masm = Masm::new(cfg, &base).unwrap();
    let mut rng = Rng::new(77);
    let mut history = Vec::new();
    for i in 0..700u64 {
        let key = rng.below(96);
        let change = match rng.below(4) {
            0 => Change::Insert(Row([key, i])),
            1 => Change::Delete,
            2 => Change::Modify(FieldPatch {
                mask: 2,
                values: [0, i],
            }),
            _ => Change::Replace(Row([i, key])),
        };
        history.push((masm.update(key, change).unwrap(), key, change));
        if i % 97 == 0 {
            masm.scan(0, 95).unwrap(); // triggers flushes and 2-pass merges
        }
    }
    (masm, history)
}

#[test]
fn migration_waits_for_older_queries() {
    let (mut masm, _) = loaded();
    let q = masm.open_query();
    assert!(matches!(
        masm.start_migration(),
        Err(MasmError::MigrationWaitsForQueries { open: 1, .. })
    ));
    masm.run_query(q, 0, 10).unwrap();
    assert!(masm.start_migration().is_ok());
}

#[test]
fn interrupted_migration_is_idempotent_at_every_page() {
    let (base_state, _) = loaded();
    assert!(base_state.metrics().two_pass_merges > 0);
    let r_records: u64 = base_state
        .runs()
        .iter()
        .map(|r| r.records.len() as u64)
        .sum();
    let buffered = base_state.buffer().len() as u64;

    let mut clean = base_state.clone();
    let before = clean.scan(0, 95).unwrap().rows;
    clean.migrate_all().unwrap();
    assert!(clean.runs().is_empty());
    assert_eq!(clean.metrics().migration_records_applied, r_records);
    let after = clean.scan(0, 95).unwrap();
    assert_eq!(after.rows, before, "migration changed query answers");
    assert_eq!(
        after.update_records_merged, buffered,
        "only the buffer is left to merge"
    );
    let pages = clean.table().pages.len() as u64;

    for k in 0..=pages {
        let mut m = base_state.clone();
        m.start_migration().unwrap();
        if k > 0 {
            m.migrate_step(k).unwrap();
        }
        // Mid-migration: answers unchanged, and migrated updates are not merged again.
        let mid = m.scan(0, 95).unwrap();
        assert_eq!(mid.rows, before, "scan after {k} pages");
        let kpp = m.table().keys_per_page;
        let on_migrated: u64 = m
            .runs()
            .iter()
            .flat_map(|r| r.records.iter())
            .filter(|r| r.key / kpp < k)
            .count() as u64;
        if m.migration().is_some() {
            assert_eq!(
                mid.update_records_merged,
                r_records + buffered - on_migrated,
                "k {k}"
            );
        }
        // Crash, restart from page 0, crash again half-way, finish.
        m.restart_migration_after_crash();
        if m.migration().is_some() {
            m.migrate_step(k / 2 + 1).unwrap();
            m.restart_migration_after_crash();
            assert_eq!(
                m.migrate_step(u64::MAX).unwrap(),
                MigrationProgress::Completed
            );
        }
        assert_eq!(
            m.table(),
            clean.table(),
            "final table after interruption at page {k}"
        );
        assert_eq!(
            m.metrics().migration_records_applied,
            r_records,
            "applied once, k {k}"
        );
        assert!(m.runs().is_empty());
        for check in m.check_invariants() {
            assert!(check.ok, "{}: {}", check.name, check.detail);
        }
    }
}

#[test]
fn updates_during_migration_stay_visible_and_newer_than_page_timestamps() {
    let (mut masm, _) = loaded();
    let before = masm.scan(0, 95).unwrap().rows;
    masm.start_migration().unwrap();
    masm.migrate_step(5).unwrap();
    let ts = masm.update(1, Change::Insert(Row([1, 1]))).unwrap();
    let mut expected = before.clone();
    match expected.binary_search_by_key(&1, |(k, _)| *k) {
        Ok(i) => expected[i].1 = Row([1, 1]),
        Err(i) => expected.insert(i, (1, Row([1, 1]))),
    }
    assert!(ts > masm.table().pages.iter().map(|p| p.page_ts).max().unwrap());
    assert_eq!(masm.scan(0, 95).unwrap().rows, expected);
    masm.migrate_step(u64::MAX).unwrap();
    assert_eq!(masm.scan(0, 95).unwrap().rows, expected);
}
