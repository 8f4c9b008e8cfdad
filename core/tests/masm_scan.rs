//! Range-scan details: query timestamps, the run index (coarse vs fine granules), coalescing under
//! the active-query rule, and a scan between the steps of a flush.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::masm::{Change, FieldPatch, Granularity, Masm, MasmConfig, Row};

#[test]
fn a_delayed_query_sees_exactly_the_updates_older_than_itself() {
    let mut masm = Masm::new(MasmConfig::masm_m(32, 1, 100), &[(5, Row([5, 0]))]).unwrap();
    masm.update(
        5,
        Change::Modify(FieldPatch {
            mask: 2,
            values: [0, 1],
        }),
    )
    .unwrap();
    let q = masm.open_query();
    for i in 0..600 {
        masm.update(i % 100, Change::Insert(Row([i, 2]))).unwrap();
        if i % 50 == 0 {
            masm.scan(0, 99).unwrap();
        }
    }
    assert!(masm.metrics().two_pass_merges > 0 && masm.metrics().flushes > 10);
    assert_eq!(
        masm.run_query(q, 0, 99).unwrap().rows,
        vec![(5, Row([5, 1]))]
    );
}

#[test]
fn coalescing_keeps_records_an_open_query_must_separate() {
    let mut cfg = MasmConfig::masm_m(32, 1, 10);
    cfg.coalesce = true;
    let mut masm = Masm::new(cfg, &[]).unwrap();
    masm.update(3, Change::Insert(Row([1, 1]))).unwrap();
    let q = masm.open_query();
    masm.update(
        3,
        Change::Modify(FieldPatch {
            mask: 1,
            values: [2, 0],
        }),
    )
    .unwrap();
    masm.update(
        3,
        Change::Modify(FieldPatch {
            mask: 2,
            values: [0, 9],
        }),
    )
    .unwrap();
    masm.flush_now().unwrap();
    // The insert is older than q, the two modifies newer: only the modifies fold together.
    assert_eq!(masm.runs()[0].records.len(), 2);
    assert_eq!(
        masm.run_query(q, 0, 9).unwrap().rows,
        vec![(3, Row([1, 1]))]
    );
    assert_eq!(masm.scan(0, 9).unwrap().rows, vec![(3, Row([2, 9]))]);
}

#[test]
fn a_point_query_reads_one_granule_per_run_and_fine_granules_read_less() {
    let mut totals = Vec::new();
    for granularity in [Granularity::Coarse, Granularity::Fine] {
        let mut cfg = MasmConfig::masm_2m(8, 32, 4096);
        cfg.granularity = granularity;
        let mut masm = Masm::new(cfg, &[]).unwrap();
        for i in 0..(8 * 32 * 5) {
            masm.update((i * 37) % 4096, Change::Insert(Row([i, 0])))
                .unwrap();
        }
        assert_eq!(masm.runs().len(), 4);
        let point = masm.scan(1000, 1000).unwrap();
        assert_eq!(point.granules_read, 4, "one granule per run");
        let wide = masm.scan(0, 2047).unwrap();
        totals.push(wide.granules_read);
    }
    // Coarse: about half of each run's 8 pages; fine: half of its 128 granules.
    assert!(totals[0] <= 4 * 5 && totals[1] >= 4 * 60, "{totals:?}");
}

#[test]
fn a_scan_between_flush_steps_reads_the_run_being_written() {
    let mut masm = Masm::new(MasmConfig::masm_2m(8, 4, 64), &[(2, Row([2, 2]))]).unwrap();
    for k in 0..31 {
        masm.update(k, Change::Insert(Row([k, 7]))).unwrap();
    }
    masm.update(2, Change::Delete).unwrap();
    assert!(masm.begin_flush().unwrap());
    assert!(!masm.flush_step(3));
    masm.update(40, Change::Insert(Row([40, 1]))).unwrap();
    let rows = masm.scan(0, 63).unwrap().rows;
    assert_eq!(rows.len(), 31, "keys 0..31 without 2, plus 40");
    assert!(rows.iter().all(|(k, _)| *k != 2));
    while !masm.flush_step(1) {}
    assert_eq!(masm.scan(0, 63).unwrap().rows, rows);
    assert_eq!(masm.runs().len(), 1);
    assert_eq!(masm.runs()[0].pages, 8);
}
