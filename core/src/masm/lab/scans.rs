//! Range scans in the lab (§3.1–3.3, Figs. 6, 8 and 9; digest §2.4, §2.9, §2.10).
//!
//! 1. Arrival: the query takes its timestamp (it will see exactly the updates older than it)
//!    and holds back migration and coalescing from then on.
//! 2. MaSM-αM, Fig. 9 lines 1–4: a buffer holding S pages or more is flushed first; the scan
//!    waits for that flush to be written (behind a flush already in flight, if any). If the SSD
//!    has no room the scan goes on without it and reads the buffer instead.
//! 3. Fig. 9 lines 5–8: while K1 + K2 > Q the N earliest 1-pass runs are merged, each merge
//!    timed by `merge_cost` and charged to the scan; if a 3-pass merge would be needed the alarm
//!    is raised and the scan reads the runs as they are (the run-count invariant fails).
//! 4. The operator tree is built (one query page per run) and the I/O issued: the disk range
//!    overlapped with one batch of granule reads (`scan_cost`); completion at the later end.
//! 5. Completion: the answer is computed from the state at that moment with the query's
//!    timestamp — flushes, merges, updates and a migration may have happened meanwhile — and
//!    compared with the oracle at that timestamp.

use serde_json::json;

use super::events;
use super::{CACHE_GRANULE_READ, CACHE_MERGE_READ, CACHE_MERGE_WRITE, HDD_SCAN_READ, push_ring};
use super::{Event, FINISHED_SCANS, IoRow, MasmLab};
use crate::masm::io::Span;
use crate::masm::io::masm_cost::{merge_cost, release_run, scan_cost};
use crate::masm::record::Row;
use crate::sim::units::{model, us, word};
use crate::sim::{SimError, TraceSink};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanState {
    /// Waiting until the buffer's flush counter reaches the value (Fig. 9 lines 1–4).
    WaitFlush {
        target_flush_version: u64,
    },
    Running,
    Done,
    Aborted,
}

impl ScanState {
    pub fn name(&self) -> &'static str {
        match self {
            ScanState::WaitFlush { .. } | ScanState::Running => "running",
            ScanState::Done => "done",
            ScanState::Aborted => "aborted",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanTrack {
    pub op: usize,
    pub query_ts: u64,
    pub from: u64,
    pub to: u64,
    pub state: ScanState,
    pub start_ns: u64,
    /// Expected end while running, actual end once done.
    pub end_ns: u64,
    pub hdd: Span,
    pub ssd: Option<Span>,
    /// (run id, first granule, granules) per run read.
    pub granules: Vec<(u64, u64, u64)>,
    /// Query pages held (one per run in the operator tree), 0 until the tree is built.
    pub runs_held: u64,
    pub rows: u64,
    pub update_records_merged: u64,
}

/// The answer's `rows`: `[[key, value], ...]` with value = the row's first field.
pub fn rows_json(rows: &[(u64, Row)]) -> serde_json::Value {
    json!(rows.iter().map(|(k, r)| [*k, r.0[0]]).collect::<Vec<_>>())
}

impl MasmLab {
    /// Steps 1 and 2.
    pub(crate) fn start_scan(
        &mut self,
        op: usize,
        from: u64,
        to: u64,
        trace: &mut TraceSink,
    ) -> Result<(), SimError> {
        let query_ts = self.masm.open_query();
        trace.emit(
            self.queue.now_ns(),
            events::SCAN_OPEN,
            [word(op as u64), word(query_ts), word(from), word(to)],
        );
        if let Some(compare) = self.compare.as_mut() {
            let expected = self.oracle.range_at(from, to, query_ts);
            compare.scan(self.queue.now_ns(), op, from, to, &expected);
        }
        let mut track = ScanTrack {
            op,
            query_ts,
            from,
            to,
            state: ScanState::Running,
            start_ns: self.queue.now_ns(),
            end_ns: self.queue.now_ns(),
            hdd: Span {
                start_ns: self.queue.now_ns(),
                end_ns: self.queue.now_ns(),
            },
            ssd: None,
            granules: Vec::new(),
            runs_held: 0,
            rows: 0,
            update_records_merged: 0,
        };
        let target = if !self.masm.scan_needs_flush() {
            None
        } else if self.masm.flush_job().is_some() {
            // The buffer needs the flush after the one in flight.
            Some(self.masm.buffer().flush_version + 1)
        } else if self.start_flush(trace)? {
            Some(self.masm.buffer().flush_version)
        } else {
            None
        };
        if let Some(target_flush_version) = target {
            track.state = ScanState::WaitFlush {
                target_flush_version,
            };
            trace.emit(
                self.queue.now_ns(),
                events::SCAN_WAIT_FLUSH,
                [word(op as u64), word(query_ts), 0, 0],
            );
            self.scans.push(track);
            return Ok(());
        }
        self.scans.push(track);
        self.issue_scan(op, trace)
    }

    /// After a flush: scans whose flush is written go on; others start the next flush.
    pub(crate) fn resume_waiting_scans(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        loop {
            let version = self.masm.buffer().flush_version;
            let in_flight = self.masm.flush_job().is_some();
            let ready = self.scans.iter().find(|s| match s.state {
                ScanState::WaitFlush {
                    target_flush_version,
                } => !in_flight && version >= target_flush_version,
                _ => false,
            });
            if let Some(op) = ready.map(|s| s.op) {
                self.issue_scan(op, trace)?;
                continue;
            }
            let waiting = self
                .scans
                .iter()
                .any(|s| matches!(s.state, ScanState::WaitFlush { .. }));
            if !waiting || in_flight || self.start_flush(trace)? {
                return Ok(());
            }
            // No room for the flush: the waiting scans read the buffer instead.
            let ops: Vec<usize> = self
                .scans
                .iter()
                .filter(|s| matches!(s.state, ScanState::WaitFlush { .. }))
                .map(|s| s.op)
                .collect();
            for op in ops {
                self.issue_scan(op, trace)?;
            }
            return Ok(());
        }
    }

    /// Steps 3 and 4.
    fn issue_scan(&mut self, op: usize, trace: &mut TraceSink) -> Result<(), SimError> {
        let outcome = self.masm.merge_for_scan();
        let mut ready_ns = self.queue.now_ns();
        for merge in &outcome.merges {
            let (read, write) = merge_cost(
                &mut self.dev,
                &mut self.space,
                &merge.inputs,
                (merge.output_run_id, merge.output_pages),
                ready_ns,
            );
            for &(id, _) in &merge.inputs {
                release_run(&mut self.dev, &mut self.space, id);
                self.run_created_ns.remove(&id);
            }
            self.run_created_ns
                .insert(merge.output_run_id, self.queue.now_ns());
            for (span, kind) in [(read, CACHE_MERGE_READ), (write, CACHE_MERGE_WRITE)] {
                push_ring(
                    &mut self.cache_ops,
                    IoRow {
                        start_ns: span.start_ns,
                        end_ns: span.end_ns,
                        kind,
                        id: merge.output_run_id,
                    },
                );
            }
            ready_ns = ready_ns.max(write.end_ns);
            self.stats.merges += 1;
            self.stats.last_merge_first_input = merge.inputs.first().map(|&(id, _)| id);
            trace.emit(
                self.queue.now_ns(),
                events::MERGE_2PASS,
                [
                    word(merge.output_run_id),
                    word(merge.inputs.len() as u64),
                    word(merge.output_records),
                    0,
                ],
            );
        }
        if !outcome.merges.is_empty() {
            self.note_writes();
        }
        if outcome.stuck.is_some() {
            trace.emit(
                self.queue.now_ns(),
                events::THREE_PASS_NEEDED,
                [
                    word(self.masm.one_pass_runs()),
                    word(self.masm.two_pass_runs()),
                    word(self.masm.layout().query_pages),
                    0,
                ],
            );
        }
        self.masm.note_scan_tree();
        let runs_held = self.masm.runs().len() as u64;
        let Some(index) = self.scans.iter().position(|s| s.op == op) else {
            return Err(model(format!("scan of op {op} is not open")));
        };
        let (from, to) = (self.scans[index].from, self.scans[index].to);
        let cost = scan_cost(
            &mut self.dev,
            &self.space,
            &self.masm,
            &self.table,
            ready_ns,
            from,
            to,
        );
        push_ring(
            &mut self.hdd_ops,
            IoRow {
                start_ns: cost.hdd.start_ns,
                end_ns: cost.hdd.end_ns,
                kind: HDD_SCAN_READ,
                id: self.table.table_page_of(from),
            },
        );
        if let Some(span) = cost.cache {
            for &(run_id, _, _) in &cost.granules {
                push_ring(
                    &mut self.cache_ops,
                    IoRow {
                        start_ns: span.start_ns,
                        end_ns: span.end_ns,
                        kind: CACHE_GRANULE_READ,
                        id: run_id,
                    },
                );
            }
        }
        let granules: u64 = cost.granules.iter().map(|g| g.2).sum();
        trace.emit(
            self.queue.now_ns(),
            events::SCAN_IO,
            [
                word(op as u64),
                us(cost.hdd.duration_ns()),
                us(cost.cache.map_or(0, |c| c.duration_ns())),
                word(granules),
            ],
        );
        let track = &mut self.scans[index];
        track.state = ScanState::Running;
        track.hdd = cost.hdd;
        track.ssd = cost.cache;
        track.granules = cost.granules;
        track.runs_held = runs_held;
        track.end_ns = cost.end_ns;
        self.queue.schedule(cost.end_ns, Event::ScanDone(op));
        Ok(())
    }

    /// Step 5.
    pub(crate) fn scan_done(&mut self, op: usize, trace: &mut TraceSink) -> Result<(), SimError> {
        let Some(index) = self.scans.iter().position(|s| s.op == op) else {
            return Err(model(format!(
                "completion of scan op {op}, which is not open"
            )));
        };
        let mut track = self.scans.remove(index);
        let result = self
            .masm
            .answer_query(track.query_ts, track.from, track.to)
            .map_err(model)?;
        let expected = self.oracle.range_at(track.from, track.to, track.query_ts);
        self.checks
            .scan_answer(op, track.query_ts, &result.rows, &expected);
        self.answers.insert(
            op,
            json!({
                "op": op,
                "kind": "scan",
                "query_ts": track.query_ts,
                "rows": rows_json(&result.rows),
            }),
        );
        track.state = ScanState::Done;
        track.end_ns = self.queue.now_ns();
        track.rows = result.rows.len() as u64;
        track.update_records_merged = result.update_records_merged;
        let granules: u64 = track.granules.iter().map(|g| g.2).sum();
        trace.emit(
            self.queue.now_ns(),
            events::SCAN_DONE,
            [
                word(op as u64),
                word(track.rows),
                word(track.granules.len() as u64),
                word(granules),
            ],
        );
        self.scan_ns.push(self.queue.now_ns() - track.start_ns);
        self.stats.scans_done += 1;
        self.retire_scan(track);
        self.try_start_migration(trace)?;
        self.complete(op, self.queue.now_ns());
        Ok(())
    }

    pub(crate) fn retire_scan(&mut self, track: ScanTrack) {
        if self.finished_scans.len() >= FINISHED_SCANS {
            self.finished_scans.pop_front();
        }
        self.finished_scans.push_back(track);
    }
}
