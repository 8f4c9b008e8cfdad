//! The MaSM lab's invariants, after every step (digest §3), kept cheap:
//!
//! 1. The algorithm core's checks (`Masm::check_state` every step; `Masm::check_runs`, which
//!    reads every record of every run, only when the set of runs changed, every 256 steps and
//!    after the last step): runs sorted and immutable, timestamps disjoint, run-count and memory
//!    bounds, SSD capacity, write bound (1 for MaSM-2M, ≤ 2 for MaSM-αM), 2-pass inputs
//!    earliest, migration safety.
//! 2. `scan_answers_match_oracle`: every answered scan equals the versioned `BTreeMap` oracle at
//!    the query's timestamp.
//! 3. `migration_waits_for_older_queries`: when a migration starts and at every page it writes,
//!    no query older than its timestamp is open.
//! 4. `redo_log_covers_unflushed_updates`: every record in the buffer or in the flush in flight
//!    is still in the redo log (what a crash would need).
//! 5. `baselines_answer_like_the_oracle` (with `compare`): every baseline scan equals the oracle.

use super::MasmLab;
use crate::masm::record::Row;
use crate::masm::store::Masm;
use crate::sim::{InvariantCheck, Verdict};

/// Steps between two runs of the full record checks even if no run changed.
const RUNS_CHECK_INTERVAL: u64 = 256;

#[derive(Debug, Clone, Default)]
pub struct LabChecks {
    runs: Option<[InvariantCheck; 3]>,
    /// (runs, first id, last id, flushes, merges, migrations) when `runs` was computed.
    runs_signature: (usize, u64, u64, u64, u64, u64),
    steps_since_runs: u64,
    pub answers: Verdict,
    pub migration_wait: Verdict,
    pub log_covers: Verdict,
}

fn signature(masm: &Masm) -> (usize, u64, u64, u64, u64, u64) {
    let runs = masm.runs();
    let m = masm.metrics();
    (
        runs.len(),
        runs.first().map_or(0, |r| r.id),
        runs.last().map_or(0, |r| r.id),
        m.flushes,
        m.two_pass_merges,
        m.migrations_completed,
    )
}

impl LabChecks {
    /// A scan's answer against the oracle's rows.
    pub fn scan_answer(
        &mut self,
        op: usize,
        query_ts: u64,
        got: &[(u64, Row)],
        expected: &[(u64, Row)],
    ) {
        self.answers.record(got == expected, || {
            let first = got
                .iter()
                .zip(expected)
                .position(|(g, e)| g != e)
                .unwrap_or(got.len().min(expected.len()));
            format!(
                "scan op {op} (ts {query_ts}) answered {} rows, the oracle {}; first difference \
                 at row {first}: {:?} vs {:?}",
                got.len(),
                expected.len(),
                got.get(first),
                expected.get(first)
            )
        });
    }

    /// A migration with timestamp `ts` writes a page (or starts) while `blocking` are open.
    pub fn migration_page(&mut self, ts: u64, blocking: &[u64]) {
        self.migration_wait.record(blocking.is_empty(), || {
            format!("migration ts {ts} wrote a page while older queries {blocking:?} were open")
        });
    }

    /// After every step: the incremental checks.
    pub fn after_step(mut self, lab: &MasmLab, last: bool) -> Self {
        let masm = &lab.masm;
        let sig = signature(masm);
        self.steps_since_runs += 1;
        if self.runs.is_none()
            || sig != self.runs_signature
            || last
            || self.steps_since_runs >= RUNS_CHECK_INTERVAL
        {
            self.runs = Some(masm.check_runs());
            self.runs_signature = sig;
            self.steps_since_runs = 0;
        }
        let unflushed = masm
            .buffer()
            .records()
            .iter()
            .chain(masm.flush_job().into_iter().flat_map(|j| j.records.iter()));
        let missing = unflushed.map(|r| r.ts).find(|&ts| !lab.log.holds(ts));
        self.log_covers.record(missing.is_none(), || {
            format!(
                "update ts {} is in memory but not in the redo log: a crash would lose it",
                missing.unwrap_or(0)
            )
        });
        self
    }
}

/// The checks after the latest step in their fixed order, appended to `out`.
pub fn check_invariants(lab: &MasmLab, out: &mut Vec<InvariantCheck>) {
    let checks = &lab.checks;
    match &checks.runs {
        Some(runs) => out.extend(runs.iter().cloned()),
        None => out.extend(lab.masm.check_runs()),
    }
    lab.masm.check_state(out);
    out.push(checks.answers.check("scan_answers_match_oracle"));
    out.push(
        checks
            .migration_wait
            .check("migration_waits_for_older_queries"),
    );
    out.push(checks.log_covers.check("redo_log_covers_unflushed_updates"));
    if let Some(compare) = &lab.compare {
        out.push(compare.verdict.check("baselines_answer_like_the_oracle"));
    }
}
