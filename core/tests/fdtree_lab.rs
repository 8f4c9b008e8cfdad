//! The FD+tree lab against a plain map (issue 9 "Checks"): random interleavings of clients and
//! merges, every invariant after every step, every read answered once, and with one client (so
//! the linearization order is the op order) every answer, including rejected inserts and
//! deletes, equal to a `BTreeMap` replay. Bad input names its JSON path.
//!
//! `npm test` runs a few hundred seeds per scheme; the thousands-of-seeds sweep is
//! `cargo test --profile bench-fast -p flashlab-core --test fdtree_lab -- --ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use flashlab_core::fdtree::lab::FdLab;
use flashlab_core::sim::{Lab, Rng};
use serde_json::{Value, json};

const SCHEMES: [&str; 4] = ["fc", "ds", "xm", "fc-no-sharing"];

/// Random ops over a small key space; `clients` > 1 spreads them, some with arrival times.
fn random_ops(rng: &mut Rng, n: usize, clients: u64, timed: bool) -> Vec<Value> {
    let mut ops = Vec::with_capacity(n);
    for _ in 0..n {
        let key = rng.below(40);
        let mut op = match rng.below(10) {
            0..=3 => json!({"op": "insert", "key": key, "value": rng.below(1000)}),
            4..=5 => json!({"op": "delete", "key": key}),
            6..=8 => json!({"op": "lookup", "key": key}),
            _ => json!({"op": "range", "from": key, "to": key + rng.below(12)}),
        };
        if clients > 1 {
            op["client"] = json!(rng.below(clients));
        }
        if timed && rng.below(5) == 0 {
            op["at_ns"] = json!(rng.below(20_000_000));
        }
        ops.push(op);
    }
    ops
}

fn body(scheme: &str, preload: u64, ops: Vec<Value>) -> Value {
    json!({"params": {"scheme": scheme, "preload": preload}, "workload": {"ops": ops}})
}

fn reads(ops: &[Value]) -> usize {
    ops.iter()
        .filter(|o| matches!(o["op"].as_str(), Some("lookup" | "range")))
        .count()
}

fn interleavings(seeds: u64) {
    for scheme in SCHEMES {
        for seed in 0..seeds {
            let mut rng = Rng::new(seed * 31 + 7);
            let n = 20 + rng.below(60) as usize;
            let clients = 1 + rng.below(4);
            let ops = random_ops(&mut rng, n, clients, true);
            let preload = rng.below(30);
            let run = common::run_body::<FdLab>(body(scheme, preload, ops.clone()), 1);
            let what = format!("{scheme} seed {seed}");
            assert!(run.error().is_none(), "{what}: {:?}", run.error());
            assert!(run.is_done(), "{what}: not done");
            for inv in run.invariants() {
                assert!(inv.ok, "{what}: {} {}", inv.name, inv.detail);
            }
            let answers = run.lab().answers();
            let read_answers = answers
                .iter()
                .filter(|a| matches!(a["kind"].as_str(), Some("lookup" | "range")))
                .count();
            assert_eq!(
                read_answers,
                reads(&ops),
                "{what}: a read lost or answered twice"
            );
        }
    }
}

#[test]
fn random_interleavings_of_clients_and_merges_answer_like_the_map_with_every_invariant() {
    interleavings(300);
}

#[test]
#[ignore = "thousands of seeds: run in an optimised profile (see the header)"]
fn random_interleavings_over_thousands_of_seeds() {
    interleavings(5_000);
}

/// What a plain map answers, op by op, in op order (one client: the linearization order).
fn replay(ops: &[Value], preload: u64) -> Vec<Value> {
    let mut map: BTreeMap<u64, u64> = (1..=preload).map(|k| (k, 10 * k)).collect();
    let mut out = Vec::new();
    for (i, o) in ops.iter().enumerate() {
        let key = o["key"].as_u64().unwrap_or(0);
        match o["op"].as_str() {
            Some("insert") => match map.get(&key) {
                Some(&v) => {
                    out.push(json!({"op": i, "kind": "insert", "rejected": "present", "value": v}))
                }
                None => {
                    map.insert(key, o["value"].as_u64().unwrap_or(0));
                }
            },
            Some("delete") => {
                if map.remove(&key).is_none() {
                    out.push(json!({"op": i, "kind": "delete", "rejected": "missing"}));
                }
            }
            Some("lookup") => out.push(json!({"op": i, "kind": "lookup", "value": map.get(&key)})),
            _ => {
                let (from, to) = (
                    o["from"].as_u64().unwrap_or(0),
                    o["to"].as_u64().unwrap_or(0),
                );
                let rows: Vec<[u64; 2]> = map.range(from..=to).map(|(k, v)| [*k, *v]).collect();
                out.push(json!({"op": i, "kind": "range", "rows": rows}));
            }
        }
    }
    out
}

#[test]
fn one_client_gets_exactly_the_answers_of_a_plain_map_including_rejections() {
    for scheme in SCHEMES {
        for seed in 0..200 {
            let mut rng = Rng::new(seed + 1_000);
            let n = 30 + rng.below(50) as usize;
            let ops = random_ops(&mut rng, n, 1, false);
            let preload = rng.below(25);
            let run = common::run_body::<FdLab>(body(scheme, preload, ops.clone()), 1);
            let got: Vec<Value> = run
                .lab()
                .answers()
                .into_iter()
                .map(|mut a| {
                    let m = a.as_object_mut().unwrap();
                    for extra in ["client", "at_ns", "side"] {
                        m.remove(extra);
                    }
                    a
                })
                .collect();
            assert_eq!(got, replay(&ops, preload), "{scheme} seed {seed}");
            assert!(run.all_invariants_ok(), "{scheme} seed {seed}");
        }
    }
}

#[test]
fn bad_input_names_its_json_path() {
    let cases = [
        (
            json!({"workload": {"ops": [{"op": "range", "from": 9, "to": 3}]}}),
            "workload.ops[0].to",
        ),
        (
            json!({"workload": {"ops": [{"op": "insert", "key": 1}]}}),
            "workload.ops[0].value",
        ),
        (
            json!({"workload": {"ops": [{"op": "lookup", "key": 1, "value": 2}]}}),
            "workload.ops[0].value",
        ),
        (
            json!({"workload": {"ops": [{"op": "lookup", "key": 1, "client": 16}]}}),
            "workload.ops[0].client",
        ),
        (
            json!({"params": {"uniqueness": "trusted"}, "workload": {"ops": []}}),
            "params.uniqueness",
        ),
        (
            json!({"params": {"beta": 4, "gamma": 4}, "workload": {"ops": []}}),
            "params.beta",
        ),
        (json!({"workload": {}}), "workload"),
        (
            json!({"workload": {"generator": {"requests": 0}}}),
            "workload.generator.requests",
        ),
    ];
    for (body, path) in cases {
        let error = common::error_of::<FdLab>(body);
        assert!(error.starts_with(&format!("{path}: ")), "{path}: {error}");
    }
}
