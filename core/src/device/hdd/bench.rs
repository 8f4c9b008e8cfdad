//! The HDD benchmark case (`flashlab bench`): random 4 KiB reads on the Barracuda preset, FCFS,
//! queue depth 32, through the full lab (events, scheduler, service, stats, invariants).
//!
//! 1. Build the lab from a scenario body, as a file would.
//! 2. Step it to the end, checking invariants after every step as `Run` does (without keyframes).
//! 3. Runs longer than one generator allows (`MAX_GENERATED_OPS`) are split into several labs.

use serde_json::json;

use super::HddLab;
use crate::plugin::BenchCase;
use crate::plugin::LabSpec;
use crate::scenario::limits::MAX_GENERATED_OPS;
use crate::sim::{Lab, TraceSink};

/// The HDD lab's bench cases.
pub fn cases() -> Vec<BenchCase> {
    vec![BenchCase {
        name: "hdd: random 4 KB reads, FCFS, QD 32",
        unit: "simulated requests",
        run: random_reads_fcfs_qd32,
        default_size: DEFAULT_REQUESTS,
    }]
}

/// About one to two seconds natively in a release build on the reference 2-core machine.
pub const DEFAULT_REQUESTS: u64 = 3_000_000;

/// Simulates `requests` random reads; returns how many completed.
pub fn random_reads_fcfs_qd32(requests: u64) -> u64 {
    let mut done = 0u64;
    let mut seed = 1u64;
    while done < requests {
        let batch = (requests - done).min(MAX_GENERATED_OPS);
        let body = json!({
            "device": {"preset": "barracuda-7200-200gb"},
            "params": {"scheduler": "fcfs", "queue_depth": 32},
            "workload": {"kind": "random", "requests": batch, "request_bytes": 4096},
        });
        let serde_json::Value::Object(map) = body else {
            return done;
        };
        let Ok(mut lab) = HddLab::from_body(map, seed) else {
            return done;
        };
        let mut trace = TraceSink::default();
        let mut checks_ok = true;
        let mut checks = Vec::new();
        while let Ok(true) = lab.step(&mut trace) {
            checks.clear();
            lab.check_invariants(&mut checks);
            checks_ok &= checks.iter().all(|c| c.ok);
        }
        if !checks_ok {
            return done;
        }
        done += batch;
        seed += 1;
    }
    done
}
