//! Shared set-up for the MaSM lab tests (`masm_lab`, `masm_recovery`, `masm_concurrency`):
//! scenario bodies, random well-formed op lists and running a lab to its end.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
pub mod common;

use flashlab_core::masm::lab::MasmLab;
use flashlab_core::sim::{Rng, Run};
use serde_json::{Value, json};

pub use common::MAX_STEPS;

pub fn lab(body: Value, seed: u64) -> MasmLab {
    common::lab(body, seed)
}

pub fn error_of(body: Value) -> String {
    common::error_of::<MasmLab>(body)
}

pub fn run_body(body: Value, seed: u64) -> Run<MasmLab> {
    common::run_body(body, seed)
}

/// `scenarios/masm/*.json` as `(path, text)`.
pub fn scenario_files() -> Vec<(String, String)> {
    common::scenario_files("masm")
}

/// A scenario body with these params and explicit ops.
pub fn body(params: Value, ops: &[Value]) -> Value {
    json!({"params": params, "workload": {"ops": ops}})
}

/// `n` random well-formed ops over `key_space` keys (even keys present at the start): updates,
/// scans, and now and then a migrate or a crash. With `concurrent`, ops carry `at_ns` so that
/// they arrive while earlier ones (scans, flushes, migrations) are still under way.
pub fn random_ops(rng: &mut Rng, n: usize, key_space: u64, concurrent: bool) -> Vec<Value> {
    let mut present: Vec<bool> = (0..key_space).map(|k| k % 2 == 0).collect();
    let mut ops = Vec::with_capacity(n);
    let mut t_ns = 0u64;
    for _ in 0..n {
        let roll = rng.below(100);
        let mut op = if roll < 8 {
            let from = rng.below(key_space);
            let to = (from + rng.below(key_space)).min(key_space - 1);
            json!({"op": "scan", "from": from, "to": to})
        } else if roll < 10 {
            json!({"op": "migrate"})
        } else if roll < 12 {
            json!({"op": "crash"})
        } else {
            let key = rng.below(key_space);
            let value = rng.below(1000);
            let k = key as usize;
            match (present[k], rng.below(3)) {
                (false, _) => {
                    present[k] = true;
                    json!({"op": "insert", "key": key, "value": value})
                }
                (true, 0) => {
                    present[k] = false;
                    json!({"op": "delete", "key": key})
                }
                (true, _) => json!({"op": "modify", "key": key, "value": value}),
            }
        };
        if concurrent && rng.below(3) > 0 {
            t_ns += rng.below(3_000_000);
            op["at_ns"] = json!(t_ns);
        }
        ops.push(op);
    }
    ops
}

/// One trace event with its kind's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ev {
    pub step: u64,
    pub time_ns: u64,
    pub name: &'static str,
    pub args: [u32; 4],
}

/// Steps the lab to its end, checking every invariant after every step and calling `each`
/// with the lab and the step's events. Returns the number of steps.
pub fn drive(lab: &mut MasmLab, mut each: impl FnMut(&MasmLab, &[Ev])) -> u64 {
    use flashlab_core::masm::lab::events::EVENT_KINDS;
    use flashlab_core::sim::{Lab, TraceSink};
    let mut sink = TraceSink::default();
    let mut seen = 0u64;
    let mut step = 0u64;
    while lab.step(&mut sink).unwrap() {
        step += 1;
        let new = (sink.total_events() - seen) as usize;
        seen = sink.total_events();
        let recent: Vec<_> = sink.recent().copied().collect();
        let events: Vec<Ev> = recent[recent.len() - new..]
            .iter()
            .map(|e| Ev {
                step,
                time_ns: e.time_ns,
                name: EVENT_KINDS.iter().find(|k| k.code == e.kind).unwrap().name,
                args: e.args,
            })
            .collect();
        for check in lab.collect_checks() {
            assert!(
                check.ok,
                "step {step}: {} failed: {}",
                check.name, check.detail
            );
        }
        each(lab, &events);
        assert!(step < MAX_STEPS);
    }
    step
}
