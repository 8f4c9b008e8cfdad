//! The event loop and the update path (§3.2–3.4, Fig. 9; digest §2.5–2.7).
//!
//! 1. Arrivals: op i+1 arrives when op i completes (closed loop) or, if it carries `at_ns`, at
//!    max(at_ns, arrival of op i): arrivals keep the op order. An arrived op waits in the intake
//!    queue; ops leave it in order, so updates commit in op order (validation tracked presence
//!    in that order) and a crash waits for the updates before it.
//! 2. Update (Fig. 9 update lines 1–5): if the buffer is full, MaSM-αM steals an idle query page;
//!    else the buffer is flushed (double buffering: it becomes the flush in flight and updates go
//!    on into a fresh buffer). If a flush is already in flight, or the SSD has no room for the
//!    run (a migration is then requested), the update stalls until that changes. Then the update
//!    takes its timestamp, goes to the redo log, then to the buffer (and to the oracle); it
//!    completes `UPDATE_NS` later.
//! 3. Flush: `flush_begin` sorts the records into a run placed in the cache; one event per page
//!    written (timed by `masm_cost::flush_pages_cost` on the cache device, one page after the
//!    other); at the last page the run is published, the redo log is truncated through its
//!    largest timestamp, waiting scans resume, and a migration starts if the live runs reach the
//!    threshold.
//! 4. Every step ends with the incremental invariant checks (`checks.rs`).

use super::events::{self, kind_code};
use super::scans::ScanState;
use super::workload::PlannedKind;
use super::{CACHE_FLUSH_WRITE, Event, FlushTrack, IoRow, MasmLab, UPDATE_NS, push_ring};
use crate::masm::error::MasmError;
use crate::masm::io::masm_cost::flush_pages_cost;
use crate::masm::record::{Change, UpdateRecord};
use crate::sim::units::{model, word};
use crate::sim::{SimError, TraceSink};

impl MasmLab {
    pub(crate) fn step_event(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        let Some((_, event)) = self.queue.pop()? else {
            return Ok(false);
        };
        match event {
            Event::Arrive(i) => self.arrive(i, trace)?,
            Event::FlushPage => self.flush_page_done(trace)?,
            Event::ScanDone(op) => self.scan_done(op, trace)?,
            Event::MigratePage(page) => self.migrate_page_done(page, trace)?,
            Event::Recover(op) => self.recover(op, trace)?,
        }
        let last = self.queue.is_empty();
        if last
            && (!self.intake.is_empty()
                || !self.scans.is_empty()
                || self.next_to_schedule < self.cfg.ops.len())
        {
            // Never expected (every wait has an event that ends it); fail loudly, never hang.
            return Err(model(format!(
                "stuck: no event left with {} ops waiting, {} scans open and {} ops not arrived",
                self.intake.len(),
                self.scans.len(),
                self.cfg.ops.len() - self.next_to_schedule
            )));
        }
        if let Some(compare) = self.compare.as_mut() {
            // The baselines' open scans catch up with the clock (all of it at the run's end).
            compare.advance((!last).then(|| self.queue.now_ns()));
        }
        let checks = std::mem::take(&mut self.checks);
        self.checks = checks.after_step(self, last);
        Ok(true)
    }

    /// Schedules op `index` to arrive, no earlier than `not_before_ns` (each op once).
    pub(crate) fn schedule_arrival(&mut self, index: usize, not_before_ns: u64) {
        let Some(op) = self.cfg.ops.get(index) else {
            return;
        };
        if index != self.next_to_schedule {
            return;
        }
        let at = op.at_ns.map_or(not_before_ns, |a| a.max(not_before_ns));
        self.queue.schedule(at, Event::Arrive(index));
        self.next_to_schedule += 1;
    }

    /// Op `index` is complete at `at_ns`: a closed-loop successor arrives then.
    pub(crate) fn complete(&mut self, index: usize, at_ns: u64) {
        self.stats.ops_completed += 1;
        if self
            .cfg
            .ops
            .get(index + 1)
            .is_some_and(|next| next.at_ns.is_none())
        {
            self.schedule_arrival(index + 1, at_ns);
        }
    }

    fn arrive(&mut self, index: usize, trace: &mut TraceSink) -> Result<(), SimError> {
        self.intake.push_back(index);
        if self
            .cfg
            .ops
            .get(index + 1)
            .is_some_and(|next| next.at_ns.is_some())
        {
            self.schedule_arrival(index + 1, self.queue.now_ns());
        }
        self.drain_intake(trace)
    }

    /// Starts the ops waiting in the intake, in order, until one must wait.
    pub(crate) fn drain_intake(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        while !self.down {
            let Some(&index) = self.intake.front() else {
                break;
            };
            let kind = self.cfg.ops[index].kind;
            if let Some((key, change)) = kind.update() {
                if !self.try_commit(index, key, change, trace)? {
                    break;
                }
                self.intake.pop_front();
                self.complete(index, self.queue.now_ns() + UPDATE_NS);
                continue;
            }
            self.intake.pop_front();
            match kind {
                PlannedKind::Scan { from, to } => self.start_scan(index, from, to, trace)?,
                PlannedKind::Migrate => {
                    self.request_migration(Some(index), trace)?;
                    self.complete(index, self.queue.now_ns());
                }
                PlannedKind::Crash => self.crash(index, trace)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Step 2. Returns false when the update must wait.
    fn try_commit(
        &mut self,
        index: usize,
        key: u64,
        change: Change,
        trace: &mut TraceSink,
    ) -> Result<bool, SimError> {
        if self.masm.buffer().is_full() {
            let reserved = self.query_pages_reserved();
            if self.masm.can_steal(reserved) {
                self.masm.steal_page();
                self.stats.steals += 1;
                trace.emit(
                    self.queue.now_ns(),
                    events::STEAL_PAGE,
                    [
                        word(self.masm.buffer().stolen_pages),
                        word(self.masm.layout().query_pages),
                        word(reserved),
                        0,
                    ],
                );
            } else if self.masm.flush_job().is_some() || !self.start_flush(trace)? {
                if self.stalled != Some(index) {
                    self.stalled = Some(index);
                    self.stats.stalls += 1;
                    let reason = if self.masm.flush_job().is_some() {
                        1
                    } else {
                        2
                    };
                    trace.emit(
                        self.queue.now_ns(),
                        events::UPDATE_STALL,
                        [word(index as u64), reason, 0, 0],
                    );
                }
                return Ok(false);
            }
        }
        let ts = self.masm.now_ts();
        self.log.append(UpdateRecord {
            ts,
            key,
            change,
            ssd_writes: 0,
        });
        let committed = self.masm.append(key, change).map_err(model)?;
        if committed != ts {
            return Err(model(format!(
                "update logged as ts {ts} but committed as {committed}"
            )));
        }
        self.oracle.apply(ts, key, &change);
        if let Some(compare) = self.compare.as_mut() {
            compare.update(self.queue.now_ns(), key, change);
        }
        self.stats.updates += 1;
        self.stalled = None;
        trace.emit(
            self.queue.now_ns(),
            events::UPDATE,
            [
                word(ts),
                word(key),
                kind_code(&change),
                word(self.masm.buffer().len() as u64),
            ],
        );
        Ok(true)
    }

    /// Query pages held by scans that have built their operator tree.
    pub(crate) fn query_pages_in_use(&self) -> u64 {
        self.scans.iter().map(|s| s.runs_held).sum()
    }

    /// Pages stealing must leave alone: those held, and all Q for a scan still preparing (it is
    /// about to take one per run, digest §8.5).
    fn query_pages_reserved(&self) -> u64 {
        let q = self.masm.layout().query_pages;
        self.scans
            .iter()
            .map(|s| match s.state {
                ScanState::WaitFlush { .. } => q,
                _ => s.runs_held,
            })
            .sum()
    }

    /// Step 3: begin a flush of the buffer. False if there is nothing to flush or no room on
    /// the SSD (then a migration is requested).
    pub(crate) fn start_flush(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
        match self.masm.begin_flush() {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(MasmError::SsdFull { .. } | MasmError::RunSlotsFull { .. }) => {
                self.request_migration(None, trace)?;
                return Ok(false);
            }
            Err(error) => return Err(model(error)),
        }
        self.flush_started(trace);
        Ok(true)
    }

    /// Narrates and times a flush that `Masm` has just begun (also after recovery).
    pub(crate) fn flush_started(&mut self, trace: &mut TraceSink) {
        let Some(job) = self.masm.flush_job() else {
            return;
        };
        trace.emit(
            self.queue.now_ns(),
            events::FLUSH_BEGIN,
            [
                word(job.run_id),
                word(job.records.len() as u64),
                word(job.pages_total),
                0,
            ],
        );
        self.flush = Some(FlushTrack {
            run_id: job.run_id,
            start_ns: self.queue.now_ns(),
            page_ns: 0,
            page_end_ns: self.queue.now_ns(),
        });
        self.book_flush_page();
    }

    /// Reserves the cache device for the next page of the flush and schedules its end.
    fn book_flush_page(&mut self) {
        let Some(job) = self.masm.flush_job() else {
            return;
        };
        let (run_id, total, page) = (job.run_id, job.pages_total, job.pages_written);
        let span = flush_pages_cost(
            &mut self.dev,
            &mut self.space,
            run_id,
            total,
            page,
            1,
            self.queue.now_ns(),
        );
        if let Some(track) = self.flush.as_mut() {
            track.page_ns = span.duration_ns();
            track.page_end_ns = span.end_ns;
        }
        push_ring(
            &mut self.cache_ops,
            IoRow {
                start_ns: span.start_ns,
                end_ns: span.end_ns,
                kind: CACHE_FLUSH_WRITE,
                id: run_id,
            },
        );
        self.queue.schedule(span.end_ns, Event::FlushPage);
    }

    fn flush_page_done(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        let Some(job) = self.masm.flush_job() else {
            return Err(model("a flush page event without a flush in flight"));
        };
        let (run_id, page, total) = (job.run_id, job.pages_written + 1, job.pages_total);
        let done = self.masm.flush_step(1);
        trace.emit(
            self.queue.now_ns(),
            events::FLUSH_PAGE,
            [word(run_id), word(page), word(total), 0],
        );
        if !done {
            self.book_flush_page();
            return Ok(());
        }
        self.flush = None;
        self.stats.flushes += 1;
        let (min_ts, max_ts) = self
            .masm
            .runs()
            .iter()
            .find(|r| r.id == run_id)
            .map_or((0, 0), |r| (r.min_ts, r.max_ts));
        self.run_created_ns.insert(run_id, self.queue.now_ns());
        trace.emit(
            self.queue.now_ns(),
            events::FLUSH_DONE,
            [word(run_id), word(min_ts), word(max_ts), 0],
        );
        let dropped = self.log.truncate_through(max_ts);
        trace.emit(
            self.queue.now_ns(),
            events::LOG_TRUNCATE,
            [word(max_ts), word(dropped), word(self.log.len() as u64), 0],
        );
        self.note_writes();
        self.resume_waiting_scans(trace)?;
        if self.masm.migration().is_none()
            && self.masm.ssd_live_pages() >= self.cfg.migration_threshold_pages
        {
            self.request_migration(None, trace)?;
        }
        self.drain_intake(trace)
    }

    /// A point of the writes-per-update series (at most 128, thinned by halving).
    pub(crate) fn note_writes(&mut self) {
        let m = self.masm.metrics();
        self.writes_points
            .push((self.stats.updates, m.writes_per_flushed_record()));
        if self.writes_points.len() > 128 {
            let kept: Vec<(u64, f64)> = self
                .writes_points
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 2 == 1)
                .map(|(_, p)| *p)
                .collect();
            self.writes_points = kept;
        }
    }
}
