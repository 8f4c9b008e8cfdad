//! The layouts lab: row vs column scans, stepped one I/O completion at a time (digest §7 items
//! 1, 3, 7), with the time-vs-projectivity sweep beside it.
//!
//! 1. Build (`LayoutsLab::new`): generate the table from the seed (`Table::generate`), load one
//!    copy per query in the chosen layout (`StoredTable::load`), start the concurrent scans on
//!    the device (`ScanRun::new`), and check the sweep's inputs (`lazy_sweep::precheck`); the
//!    sweep itself is computed the first time a projection shows it (`lazy_sweep::LazySweep`).
//! 2. Step: `ScanRun::step` completes exactly one I/O request (the run's `sim::Scheduler` moves
//!    time); the step emits `io_done`, and `query_done` for every query that finished, whose
//!    answer is then checked against the in-memory oracle scan of the same table.
//! 3. A last step may only finish queries (CPU after the last I/O); after it, `step` is false.
//!
//! Immutable inputs (the generated table, the sweep) sit behind `Arc`, so a keyframe (a clone)
//! copies only the running scan.

pub mod answers;
pub mod body;
pub mod checks;
pub mod config;
pub mod constants;
pub mod events;
pub mod lazy_sweep;
pub mod metrics;
pub mod payload;
pub mod pseudocode;
pub mod sweep;
pub mod view;

use std::collections::VecDeque;
use std::sync::Arc;

use config::LayoutsConfig;
use lazy_sweep::{LazySweep, SweepKey};
use sweep::Sweep;

use crate::layouts::pages::StoredTable;
use crate::layouts::scan::{QuerySpec, ScanRun};
use crate::layouts::table::Table;
use crate::scenario::ScenarioError;
use crate::sim::units::{model, us, word};
use crate::sim::{SimError, TraceSink};

/// Requests kept for the view's timeline.
pub const RECENT_IO: usize = 128;

/// One completed request, for the view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IoRow {
    pub issued_ns: u64,
    pub done_ns: u64,
    pub query: usize,
    /// The stream (index into `ScanRun::streams`).
    pub stream: usize,
    pub offset: u64,
    pub bytes: u64,
    pub seek: bool,
}

#[derive(Debug, Clone)]
pub struct LayoutsLab {
    pub cfg: Arc<LayoutsConfig>,
    pub table: Arc<Table>,
    pub sweep: Arc<LazySweep>,
    pub run: ScanRun,
    pub reported: Vec<bool>,
    pub checks: checks::Checks,
    pub recent: VecDeque<IoRow>,
    pub total_units: u64,
}

impl LayoutsLab {
    /// Step 1.
    pub fn new(cfg: LayoutsConfig, seed: u64) -> Result<Self, ScenarioError> {
        let table = Table::generate(cfg.kind, cfg.rows, seed);
        let stored = StoredTable::load(&table, cfg.layout, cfg.page_bytes)
            .map_err(|e| ScenarioError::new("params.page_bytes", e.to_string()))?;
        let specs = cfg
            .queries
            .iter()
            .enumerate()
            .map(|(q, query)| QuerySpec {
                table: stored.clone(),
                query: query.clone(),
                device: 0,
                index_device: 0,
                seed: seed.wrapping_add(q as u64),
            })
            .collect();
        let run = ScanRun::new(&[cfg.device], specs, cfg.settings.clone())
            .map_err(|e| ScenarioError::new("params", e.to_string()))?;
        let key = cfg.sweep.as_ref().map(|s| SweepKey {
            device: cfg.device,
            kind: cfg.kind,
            cfg: s.clone(),
        });
        if let Some(key) = &key {
            lazy_sweep::precheck(key).map_err(|e| ScenarioError::new("sweep", e.to_string()))?;
        }
        let total_units = run.streams.iter().map(|s| s.units.len() as u64).sum();
        Ok(Self {
            reported: vec![false; cfg.queries.len()],
            cfg: Arc::new(cfg),
            table: Arc::new(table),
            sweep: Arc::new(LazySweep::new(key)),
            run,
            checks: checks::Checks::default(),
            recent: VecDeque::new(),
            total_units,
        })
    }

    pub fn now_ns(&self) -> u64 {
        self.run.now_ns()
    }

    /// The trace's file word of stream `s` (events.rs header).
    pub fn file_word(&self, s: usize) -> u32 {
        let st = &self.run.streams[s];
        if st.file == usize::MAX {
            return u32::MAX;
        }
        let table = &self.run.queries[st.query].spec.table;
        table
            .files
            .get(st.file)
            .and_then(|f| f.column)
            .map_or(0, word)
    }

    /// Steps 2–3.
    pub fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let event = self.run.step().map_err(model)?;
        let now = self.now_ns();
        let mut progressed = false;
        if let Some(e) = event {
            progressed = true;
            let r = e.request;
            let file = self.file_word(r.stream);
            let kind = if file == u32::MAX {
                events::IO_DONE_INDEX
            } else {
                events::IO_DONE
            };
            trace.emit(
                now,
                kind,
                [
                    word(r.query),
                    if file == u32::MAX { 0 } else { file },
                    word(r.offset / 1024),
                    u32::from(e.seek),
                ],
            );
            if self.recent.len() == RECENT_IO {
                self.recent.pop_front();
            }
            self.recent.push_back(IoRow {
                issued_ns: r.issued_ns,
                done_ns: now,
                query: r.query,
                stream: r.stream,
                offset: r.offset,
                bytes: r.bytes,
                seek: e.seek,
            });
        }
        for q in 0..self.run.queries.len() {
            let qs = &self.run.queries[q];
            let Some(finished) = qs.finished_ns else {
                continue;
            };
            if self.reported[q] {
                continue;
            }
            self.reported[q] = true;
            progressed = true;
            let expected = self.table.oracle_scan(&qs.spec.query);
            let ok = expected == qs.answer;
            self.checks.oracle.record(ok, || {
                format!(
                    "query {q}: {} answer rows, the oracle scan of the same table has {}",
                    qs.answer.len(),
                    expected.len()
                )
            });
            trace.emit(
                now,
                events::QUERY_DONE,
                [word(q), word(qs.answer.len()), word(qs.seeks), us(finished)],
            );
        }
        Ok(progressed)
    }

    /// Bytes one snapshot copies: the per-query table copies, answers and streams.
    pub fn approx_bytes(&self) -> u64 {
        let mut bytes = 4096u64;
        for q in &self.run.queries {
            bytes += q
                .spec
                .table
                .data
                .iter()
                .map(|d| d.len() as u64)
                .sum::<u64>();
            bytes += q.answer.len() as u64 * (32 + 8 * q.spec.query.columns.len() as u64);
        }
        bytes + self.total_units * 24 + self.recent.len() as u64 * 64
    }

    pub fn config(&self) -> &LayoutsConfig {
        &self.cfg
    }
}

/// Query `q`'s times so far in ns: (elapsed, CPU, I/O wait = elapsed − CPU, the paper's
/// Fig. 3(c) definition). A block's CPU is charged when it starts; the part still ahead of the
/// clock (`cpu_free_ns − now`) is not counted yet.
pub fn query_times(lab: &LayoutsLab, q: usize) -> (u64, f64, f64) {
    let qs = &lab.run.queries[q];
    let now = lab.now_ns();
    let elapsed = qs.finished_ns.unwrap_or(now);
    let ahead = qs.cpu_free_ns.saturating_sub(elapsed) as f64;
    // `cpu_free_ns` is the last booking rounded to whole ns, so `ahead` can exceed a sub-ns
    // total by a fraction: CPU time is never negative (the UI once showed "−0.2 ns").
    let cpu = (qs.cpu_ns - ahead).max(0.0);
    (elapsed, cpu, elapsed as f64 - cpu)
}

/// Crate-internal convenience: the scenario's sweep, computed on first use.
pub fn sweep_of(lab: &LayoutsLab) -> Option<&Sweep> {
    lab.sweep.get()
}
