//! Concurrency in the MaSM lab (§3.2, §3.5, §3.6; digest invariants 17, 18, 21, 22): a
//! migration writes no page while an older query is open, queries during a migration are exact,
//! overlapping scans each see exactly their own snapshot, a scan during a flush reads the records
//! in flight, and page stealing never takes a page a scan holds or is about to take.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod masm_support;

use std::collections::BTreeMap;

use flashlab_core::sim::{Lab, Rng};
use masm_support::{Ev, body, drive, lab, random_ops};
use serde_json::{Value, json};

const MS: u64 = 1_000_000;

/// Follows scans and the migration through the events and checks invariant 17 at every page.
#[derive(Default)]
struct Watch {
    open: BTreeMap<u32, u32>,
    migration_ts: Option<u32>,
    waits: u64,
    pages: u64,
    scans_during_migration: u64,
    max_open: usize,
}

impl Watch {
    fn see(&mut self, events: &[Ev]) {
        for e in events {
            let [a, b, ..] = e.args;
            match e.name {
                "scan_open" => {
                    self.open.insert(a, b);
                    if self.migration_ts.is_some_and(|t| t < b) {
                        self.scans_during_migration += 1;
                    }
                }
                "scan_done" | "scan_abort" => {
                    self.open.remove(&a);
                }
                "migration_wait" => {
                    self.waits += 1;
                    self.migration_ts = Some(a);
                    assert!(b < a && self.open.values().any(|&q| q == b), "{e:?}");
                }
                "migration_start" => self.migration_ts = Some(a),
                "migration_page" => {
                    self.pages += 1;
                    let t = self.migration_ts.unwrap();
                    assert!(
                        self.open.values().all(|&q| q > t),
                        "step {}: page {a} written while queries {:?} older than {t} are open",
                        e.step,
                        self.open
                    );
                }
                "migration_done" => self.migration_ts = None,
                _ => {}
            }
        }
        self.max_open = self.max_open.max(self.open.len());
    }
}

fn scenario(name: &str) -> (Value, u64) {
    let path = format!(
        "{}/../scenarios/masm/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let seed = doc["seed"].as_u64().unwrap();
    (
        json!({"params": doc["params"], "workload": doc["workload"]}),
        seed,
    )
}

#[test]
fn a_migration_writes_no_page_while_an_older_query_is_open() {
    let (b, seed) = scenario("migration-is-safe");
    let mut l = lab(b, seed);
    let mut watch = Watch::default();
    let mut saw_waiting_view = false;
    drive(&mut l, |lab, events| {
        watch.see(events);
        let meta = lab.view().meta;
        if meta["migration"]["state"] == "waiting" {
            saw_waiting_view = true;
            assert!(
                !meta["migration"]["waiting_for"]
                    .as_array()
                    .unwrap()
                    .is_empty()
            );
        }
    });
    assert_eq!(watch.waits, 1);
    assert!(saw_waiting_view);
    assert_eq!(watch.pages, 16);
    assert!(
        watch.scans_during_migration >= 1,
        "Q2 runs during the migration"
    );
    // Random concurrent workloads with migrations and crashes, every variant.
    for (i, params) in [
        json!({"variant": "2M", "m_pages": 4, "records_per_page": 2, "key_space": 40,
               "migration_threshold": 0.6, "record_bytes": 20000}),
        json!({"variant": "M", "m_pages": 32, "records_per_page": 1, "key_space": 40,
               "migration_threshold": 0.3, "record_bytes": 20000}),
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 1..=3u64 {
            let mut rng = Rng::new(seed * 31 + i as u64);
            let ops = random_ops(&mut rng, 300, 40, true);
            let mut watch = Watch::default();
            drive(&mut lab(body(params.clone(), &ops), seed), |_, ev| {
                watch.see(ev)
            });
            assert!(
                watch.pages > 0 && watch.max_open >= 2,
                "params {i} seed {seed}"
            );
        }
    }
}

#[test]
fn queries_during_a_migration_answer_exactly_as_without_it() {
    // Closed loop: each scan sees every update before it, so answers are fixed by the op list.
    let mut rng = Rng::new(17);
    let mut ops: Vec<Value> = random_ops(&mut rng, 500, 40, false)
        .into_iter()
        .filter(|o| o["op"] != "crash")
        .collect();
    let without: Vec<Value> = ops
        .iter()
        .filter(|o| o["op"] != "migrate")
        .cloned()
        .collect();
    ops.push(json!({"op": "scan", "from": 0, "to": 39}));
    let params = json!({"variant": "2M", "m_pages": 4, "records_per_page": 2, "key_space": 40,
                        "keys_per_table_page": 2, "migration_threshold": 1.0,
                        "record_bytes": 4096});
    let mut with_migrations = lab(body(params.clone(), &ops), 1);
    let mut watch = Watch::default();
    drive(&mut with_migrations, |_, ev| watch.see(ev));
    assert!(
        watch.scans_during_migration >= 3,
        "{}",
        watch.scans_during_migration
    );
    let mut plain_ops = without.clone();
    plain_ops.push(json!({"op": "scan", "from": 0, "to": 39}));
    let mut plain = lab(body(params, &plain_ops), 1);
    drive(&mut plain, |_, _| {});
    let rows = |l: &flashlab_core::masm::lab::MasmLab| -> Vec<Value> {
        l.answers().iter().map(|a| a["rows"].clone()).collect()
    };
    assert_eq!(rows(&with_migrations), rows(&plain));
}

#[test]
fn overlapping_scans_each_see_exactly_their_own_snapshot() {
    let mut ops: Vec<Value> = (0..10)
        .map(|i| json!({"op": "modify", "key": 2 * i, "value": 500 + i}))
        .collect();
    ops.extend([
        json!({"op": "scan", "from": 0, "to": 39, "at_ns": 10 * MS}),
        json!({"op": "insert", "key": 1, "value": 999, "at_ns": 10 * MS}),
        json!({"op": "scan", "from": 0, "to": 39, "at_ns": 10 * MS}),
        json!({"op": "delete", "key": 0, "at_ns": 10 * MS + MS / 2}),
        json!({"op": "scan", "from": 0, "to": 39, "at_ns": 11 * MS}),
    ]);
    let params = json!({"variant": "2M", "m_pages": 4, "records_per_page": 2, "key_space": 40,
                        "record_bytes": 65536});
    let mut l = lab(body(params, &ops), 1);
    let mut watch = Watch::default();
    drive(&mut l, |_, ev| watch.see(ev));
    assert_eq!(watch.max_open, 3, "the three scans overlap");
    let answers = l.answers();
    let has = |i: usize, key: u64| {
        answers[i]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r[0] == key)
    };
    assert!(!has(0, 1) && has(0, 0), "A opened before the insert");
    assert!(
        has(1, 1) && has(1, 0),
        "B sees the insert, not the later delete"
    );
    assert!(has(2, 1) && !has(2, 0), "C sees both");
    assert!(answers[0]["query_ts"].as_u64() < answers[1]["query_ts"].as_u64());
}

#[test]
fn a_scan_during_a_flush_reads_the_records_in_flight() {
    let mut ops: Vec<Value> = (0..9)
        .map(|i| json!({"op": "insert", "key": 2 * i + 1, "value": 700 + i}))
        .collect();
    ops.push(json!({"op": "scan", "from": 0, "to": 39, "at_ns": 200_000}));
    let params = json!({"variant": "2M", "m_pages": 4, "records_per_page": 2, "key_space": 40});
    let mut l = lab(body(params, &ops), 1);
    let mut in_flight_at_open = None;
    drive(&mut l, |lab, events| {
        if events.iter().any(|e| e.name == "scan_open") {
            in_flight_at_open = lab.masm().flush_job().map(|j| j.records.len());
        }
    });
    assert_eq!(
        in_flight_at_open,
        Some(8),
        "the first 8 inserts are being written"
    );
    let rows = l.answers()[0]["rows"].as_array().unwrap().clone();
    for i in 0..9u64 {
        assert!(
            rows.contains(&json!([2 * i + 1, 700 + i])),
            "insert of {}",
            2 * i + 1
        );
    }
}

#[test]
fn page_stealing_never_takes_a_page_a_scan_holds_or_is_about_to_take() {
    let params = json!({"variant": "M", "m_pages": 32, "records_per_page": 1, "key_space": 40,
                        "migration_threshold": 0.5, "record_bytes": 20000});
    let mut steals = 0;
    for seed in 1..=4u64 {
        let mut rng = Rng::new(seed * 977);
        let ops = random_ops(&mut rng, 400, 40, true);
        let mut preparing: BTreeMap<u32, ()> = BTreeMap::new();
        drive(&mut lab(body(params.clone(), &ops), seed), |lab, events| {
            for e in events {
                match e.name {
                    "scan_wait_flush" => {
                        preparing.insert(e.args[0], ());
                    }
                    "scan_io" | "scan_abort" => {
                        preparing.remove(&e.args[0]);
                    }
                    "steal_page" => {
                        steals += 1;
                        assert!(
                            preparing.is_empty(),
                            "seed {seed}: stole from a preparing scan"
                        );
                        let [stolen, q, held, _] = e.args;
                        assert_eq!(q, 16);
                        assert!(stolen + held <= q, "seed {seed}: {e:?}");
                        assert!(lab.masm().buffer().stolen_pages <= 16);
                    }
                    _ => {}
                }
            }
        });
    }
    assert!(steals > 100, "{steals}");
}
