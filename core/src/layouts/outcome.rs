//! What a scan run reports and the invariants it keeps.
//!
//! 1. Per query: elapsed (its finish time), CPU (charged by `cpu.rs`), I/O wait = elapsed − CPU
//!    (the paper's Fig. 3(c) definition), seeks and requests attributed at dispatch, bytes
//!    read, qualifying rows and the answer.
//! 2. Invariants (`check_invariants`): per stream delivered ≤ issued ≤ needed and needed units
//!    ascending; device queues in issue order (NOOP takes the head); every queued or in-flight request is an issued, undelivered unit; a cursor
//!    never passes the table; a finished query read every unit it needed (no buffer pool: what
//!    was needed was read from the device).

use super::query::AnswerRow;
use super::scan::ScanRun;

/// Per-query results.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryOutcome {
    pub elapsed_ns: u64,
    pub cpu_ns: f64,
    pub io_wait_ns: f64,
    pub seeks: u64,
    pub requests: u64,
    pub bytes_read: u64,
    pub qualifying: f64,
    pub answer: Vec<AnswerRow>,
    /// Whether the scan's page plan drew from its seeded generator (`plan::PageDraws`): only
    /// then can the outcome depend on the seed.
    pub drew: bool,
}

impl QueryOutcome {
    pub fn elapsed_s(&self) -> f64 {
        self.elapsed_ns as f64 / 1e9
    }

    pub fn cpu_fraction(&self) -> f64 {
        self.cpu_ns / (self.elapsed_ns.max(1) as f64)
    }
}

impl ScanRun {
    pub fn outcome(&self, q: usize) -> Option<QueryOutcome> {
        let qs = self.queries.get(q)?;
        let elapsed_ns = qs.finished_ns?;
        Some(QueryOutcome {
            elapsed_ns,
            cpu_ns: qs.cpu_ns,
            io_wait_ns: (elapsed_ns as f64 - qs.cpu_ns).max(0.0),
            seeks: qs.seeks,
            requests: qs.requests,
            bytes_read: qs.bytes_read,
            qualifying: qs.qualifying,
            answer: qs.answer.clone(),
            drew: qs.drew,
        })
    }

    /// Invariants: delivered ≤ issued ≤ needed per stream; every in-flight or queued request
    /// is issued and not delivered; cursors within the table; a finished query read every
    /// unit it needed.
    pub fn check_invariants(&self) -> Result<(), String> {
        for (i, s) in self.streams.iter().enumerate() {
            if s.delivered > s.issued || s.issued > s.units.len() {
                return Err(format!(
                    "stream {i}: delivered {} issued {} needed {}",
                    s.delivered,
                    s.issued,
                    s.units.len()
                ));
            }
            if s.units.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!("stream {i}: needed units not ascending"));
            }
        }
        for dev in &self.devices {
            if dev
                .queue
                .iter()
                .zip(dev.queue.iter().skip(1))
                .any(|(a, b)| a.seq >= b.seq)
            {
                return Err("a device queue is out of issue order".into());
            }
            for r in dev.queue.iter().chain(dev.in_flight.iter().map(|(_, r)| r)) {
                let s = &self.streams[r.stream];
                if r.index >= s.issued || s.completed[r.index] {
                    return Err(format!("request {} is not an issued, open unit", r.seq));
                }
            }
        }
        for (q, qs) in self.queries.iter().enumerate() {
            if qs.cursor_row > qs.spec.table.rows {
                return Err(format!("query {q}: cursor past the table"));
            }
            if qs.finished_ns.is_some() && qs.streams.iter().any(|&s| !self.streams[s].is_done()) {
                return Err(format!("query {q} finished with units unread"));
            }
        }
        Ok(())
    }
}
