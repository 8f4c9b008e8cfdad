//! Crash and recovery in the MaSM lab (§3.6; digest invariants 16 and 20): a crash at any
//! moment of a flush loses and duplicates nothing, a crash with a half-full buffer replays
//! exactly the buffered records, the redo log always holds exactly the updates not yet on the
//! SSD, and a migration interrupted by one or two crashes at any page ends in the same table,
//! applying every update exactly once.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod masm_support;

use std::collections::BTreeMap;

use flashlab_core::masm::lab::MasmLab;
use flashlab_core::sim::{Lab, Rng};
use masm_support::{Ev, body, drive, lab, random_ops};
use serde_json::{Value, json};

const MS: u64 = 1_000_000;

fn small_2m() -> Value {
    json!({"variant": "2M", "m_pages": 4, "records_per_page": 2, "key_space": 40,
           "keys_per_table_page": 2, "migration_threshold": 1.0})
}

/// `n` well-formed closed-loop updates over keys 0..40 (even keys present at the start).
fn updates(n: usize, seed: u64) -> Vec<Value> {
    let mut rng = Rng::new(seed);
    let mut present: Vec<bool> = (0..40).map(|k| k % 2 == 0).collect();
    (0..n)
        .map(|i| {
            let key = rng.below(40);
            let k = key as usize;
            if present[k] && i % 5 == 0 {
                present[k] = false;
                json!({"op": "delete", "key": key})
            } else if present[k] {
                json!({"op": "modify", "key": key, "value": 1000 + i})
            } else {
                present[k] = true;
                json!({"op": "insert", "key": key, "value": 1000 + i})
            }
        })
        .collect()
}

/// The rows a plain map holds after the updates (base: even keys, value 10 × key).
fn serial_rows(ops: &[Value]) -> Value {
    let mut table: BTreeMap<u64, u64> = (0..40).step_by(2).map(|k| (k, k * 10)).collect();
    for op in ops {
        let key = op["key"].as_u64().unwrap_or(0);
        match op["op"].as_str().unwrap() {
            "insert" | "modify" => {
                table.insert(key, op["value"].as_u64().unwrap());
            }
            "delete" => {
                table.remove(&key);
            }
            _ => {}
        }
    }
    json!(table.iter().map(|(k, v)| [*k, *v]).collect::<Vec<_>>())
}

/// Every cached record (runs, flush in flight, buffer) by timestamp: none twice.
fn cached_timestamps(lab: &MasmLab) -> Vec<u64> {
    let m = lab.masm();
    let mut ts: Vec<u64> = m
        .runs()
        .iter()
        .flat_map(|r| r.records.iter().map(|x| x.ts))
        .chain(
            m.flush_job()
                .into_iter()
                .flat_map(|j| j.records.iter().map(|x| x.ts)),
        )
        .chain(m.buffer().records().iter().map(|x| x.ts))
        .collect();
    ts.sort_unstable();
    ts
}

#[test]
fn a_crash_at_any_moment_of_a_flush_loses_and_duplicates_nothing() {
    let ups = updates(20, 3);
    let mut crashed_mid_flush = 0;
    for tenth_ms in 0..60u64 {
        let mut ops = ups.clone();
        ops.push(json!({"op": "crash", "at_ns": tenth_ms * MS / 10}));
        ops.push(json!({"op": "scan", "from": 0, "to": 39}));
        let mut l = lab(body(small_2m(), &ops), 1);
        let mut lost = None;
        drive(&mut l, |lab, events: &[Ev]| {
            for e in events {
                match e.name {
                    "crash" => lost = Some(e.args[0]),
                    "recovery" => {
                        assert_eq!(Some(e.args[0]), lost, "replayed = lost");
                        if lab.masm().flush_job().is_some() {
                            crashed_mid_flush += 1;
                        }
                    }
                    _ => {}
                }
            }
        });
        let answers = l.answers();
        assert_eq!(
            answers[0]["rows"],
            serial_rows(&ups),
            "crash at {tenth_ms}/10 ms"
        );
        let ts = cached_timestamps(&l);
        assert_eq!(
            ts,
            (1..=20).collect::<Vec<u64>>(),
            "crash at {tenth_ms}/10 ms"
        );
    }
    assert!(
        crashed_mid_flush >= 10,
        "{crashed_mid_flush} crashes hit a flush"
    );
}

#[test]
fn a_crash_with_a_half_full_buffer_replays_exactly_the_buffered_records() {
    let mut ops = updates(12, 5);
    ops.push(json!({"op": "crash", "at_ns": 50 * MS}));
    ops.push(json!({"op": "scan", "from": 0, "to": 39}));
    let mut l = lab(body(small_2m(), &ops), 1);
    let mut seen = Vec::new();
    drive(&mut l, |lab, events| {
        for e in events {
            if e.name == "crash" || e.name == "recovery" {
                seen.push((e.name, e.args[0], lab.redo_log().len()));
            }
        }
    });
    assert_eq!(seen, [("crash", 4, 4), ("recovery", 4, 4)]);
    assert_eq!(l.masm().buffer().len(), 4);
    assert_eq!(l.answers()[0]["rows"], serial_rows(&ops[..12]));
}

#[test]
fn the_redo_log_holds_exactly_the_updates_not_yet_on_the_ssd() {
    let params = [
        small_2m(),
        json!({"variant": "M", "m_pages": 32, "records_per_page": 1, "key_space": 40,
               "migration_threshold": 0.4}),
    ];
    for (i, p) in params.into_iter().enumerate() {
        for seed in 1..=3u64 {
            let mut rng = Rng::new(seed + 40 * i as u64);
            let ops = random_ops(&mut rng, 300, 40, true);
            let mut l = lab(body(p.clone(), &ops), seed);
            drive(&mut l, |lab, _| {
                let m = lab.masm();
                let in_memory = m.buffer().len() + m.flush_job().map_or(0, |j| j.records.len());
                let log = lab.redo_log();
                if lab.is_down() {
                    return;
                }
                assert_eq!(log.len(), in_memory, "params {i} seed {seed}");
                if let Some(oldest) = log.oldest_ts() {
                    assert!(
                        oldest > m.ssd_max_ts(),
                        "the log holds an update already on the SSD"
                    );
                }
            });
        }
    }
}

/// Ops: 30 updates (3 runs and a partial buffer), a migration, then crashes at `crash_ns`, then
/// a final scan long after.
fn migration_ops(crash_ns: &[u64]) -> Vec<Value> {
    let mut ops = updates(30, 9);
    ops.push(json!({"op": "migrate", "at_ns": 20 * MS}));
    for &t in crash_ns {
        ops.push(json!({"op": "crash", "at_ns": t}));
    }
    ops.push(json!({"op": "scan", "from": 0, "to": 39, "at_ns": 5_000 * MS}));
    ops
}

/// A table page as (rows, page timestamp).
type PageImage = (Vec<(u64, [u64; 2])>, u64);

struct Outcome {
    table: Vec<PageImage>,
    applied_events: u64,
    applied_metric: u64,
    restarts: u64,
    rows: Value,
    migration_span_ns: (u64, u64),
}

fn run_migration(crash_ns: &[u64]) -> Outcome {
    let mut l = lab(body(small_2m(), &migration_ops(crash_ns)), 1);
    let (mut applied, mut restarts, mut start, mut end) = (0, 0, 0, 0);
    drive(&mut l, |_, events| {
        for e in events {
            match e.name {
                "migration_page" => applied += u64::from(e.args[1]),
                "recovery" if e.args[1] == 1 => restarts += 1,
                "migration_start" if start == 0 => start = e.time_ns,
                "migration_done" => end = e.time_ns,
                _ => {}
            }
        }
    });
    let m = l.masm();
    assert_eq!(m.metrics().migrations_completed, 1);
    Outcome {
        table: m
            .table()
            .pages
            .iter()
            .map(|p| (p.rows.iter().map(|(k, r)| (*k, r.0)).collect(), p.page_ts))
            .collect(),
        applied_events: applied,
        applied_metric: m.metrics().migration_records_applied,
        restarts,
        rows: l.answers().last().unwrap()["rows"].clone(),
        migration_span_ns: (start, end),
    }
}

#[test]
fn a_migration_interrupted_by_crashes_at_any_page_ends_in_the_same_table() {
    let clean = run_migration(&[]);
    let r_records = clean.applied_metric;
    assert!(r_records >= 24, "R holds the 3 runs: {r_records}");
    assert_eq!(clean.applied_events, r_records);
    assert_eq!(clean.rows, serial_rows(&updates(30, 9)));
    let (start, end) = clean.migration_span_ns;
    let step = (end - start) / 24;
    for i in 0..24 {
        let first = start + i * step + step / 3;
        for crashes in [vec![first], vec![first, first + 7 * step / 2]] {
            let out = run_migration(&crashes);
            let what = format!("crashes at {crashes:?} in [{start}, {end}]");
            assert_eq!(out.table, clean.table, "{what}");
            assert_eq!(out.applied_metric, r_records, "{what}: applied once");
            assert_eq!(out.applied_events, r_records, "{what}: applied once");
            assert_eq!(out.rows, clean.rows, "{what}");
            assert!(
                out.restarts >= 1,
                "{what}: the migration was not interrupted"
            );
        }
    }
}

#[test]
fn seeded_crash_points_during_flushes_merges_and_migrations_lose_and_duplicate_nothing() {
    let seeds = masm_support::common::crash_seeds(400);
    let mut points = 0u64;
    for seed in 0..seeds {
        let mut rng = Rng::new(0xC0A5 + seed);
        let ups = updates(16 + rng.below(30) as usize, seed);
        let mut ops = ups.clone();
        if rng.below(2) == 0 {
            ops.push(json!({"op": "migrate", "at_ns": rng.below(40 * MS)}));
        }
        let crashes = 1 + rng.below(3);
        for _ in 0..crashes {
            ops.push(json!({"op": "crash", "at_ns": rng.below(80 * MS)}));
        }
        ops.push(json!({"op": "scan", "from": 0, "to": 39, "at_ns": 5_000 * MS}));
        let mut l = lab(body(small_2m(), &ops), seed);
        drive(&mut l, |_, _| {});
        let answers = l.answers();
        let last = answers.last().unwrap();
        assert_eq!(
            last["rows"],
            serial_rows(&ups),
            "seed {seed}: lost or doubled"
        );
        let ts = cached_timestamps(&l);
        let mut unique = ts.clone();
        unique.dedup();
        assert_eq!(ts, unique, "seed {seed}: a cached update twice");
        points += crashes;
    }
    println!("MaSM: {points} crash points over {seeds} seeds, none lost or doubled");
    assert!(points >= seeds, "{points} crash points");
}
