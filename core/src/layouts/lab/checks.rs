//! The layouts lab's invariants, after every step:
//!
//! 1. `scan_state_consistent`: the scan core's own checks (`ScanRun::check_invariants`: per
//!    stream delivered ≤ issued ≤ needed, queues in issue order, cursors within the table, a
//!    finished query read every unit it needed). They walk every stream, so a run of more than
//!    4,096 units checks every 64 steps and at the end. The sweep's own scans are checked here
//!    too once the sweep has been computed: a model error in them fails this check
//!    (`lazy_sweep` item 4); asking does not compute the sweep.
//! 2. `answers_match_oracle`: every finished query's answer equals the plain in-memory scan of
//!    the table generated from the same seed (`Table::oracle_scan`); so every layout answers
//!    alike.
//! 3. `seeks_at_most_requests`: the device never counts more seeks than requests.
//! 4. `cpu_within_elapsed`: a query's CPU so far never exceeds its elapsed time (one CPU per
//!    query, Fig. 3(c)'s I/O wait = elapsed − CPU is never negative).

use super::{LayoutsLab, query_times};
use crate::sim::{InvariantCheck, Verdict};

const DENSE_CHECK_UNITS: u64 = 4096;
const SPARSE_CHECK_STEPS: u64 = 64;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checks {
    pub oracle: Verdict,
}

pub fn check_invariants(lab: &LayoutsLab, out: &mut Vec<InvariantCheck>) {
    let run = &lab.run;
    let done = run.queries.iter().all(|q| q.finished_ns.is_some());
    let dense = lab.total_units <= DENSE_CHECK_UNITS;
    let state = if let Some(error) = lab.sweep.failure() {
        InvariantCheck::check("scan_state_consistent", false, || {
            format!("the sweep's scans failed: {error}")
        })
    } else if dense || done || run.steps.is_multiple_of(SPARSE_CHECK_STEPS) {
        let result = run.check_invariants();
        InvariantCheck::check("scan_state_consistent", result.is_ok(), || {
            result.err().unwrap_or_default()
        })
    } else {
        InvariantCheck::pass("scan_state_consistent")
    };
    let seeks_ok = run.devices.iter().all(|d| d.seeks <= d.requests);
    let cpu_bad = (0..run.queries.len()).find(|&q| {
        let (elapsed, cpu, _) = query_times(lab, q);
        cpu > elapsed as f64 + 1.0
    });
    out.extend([
        state,
        lab.checks.oracle.check("answers_match_oracle"),
        InvariantCheck::check("seeks_at_most_requests", seeks_ok, || {
            "a device counted more seeks than requests".into()
        }),
        InvariantCheck::check("cpu_within_elapsed", cpu_bad.is_none(), || {
            format!("query {cpu_bad:?}: CPU so far exceeds its elapsed time")
        }),
    ]);
}
