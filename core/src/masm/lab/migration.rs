//! In-place migration in the lab (§3.2, §3.5, §3.6; digest §2.11, invariants 17–20).
//!
//! 1. Request (a `migrate` op, or a flush that brings the live runs to the threshold, or an
//!    update that finds the SSD full): t from the clock, R = the runs present now,
//!    `MigrationStart(t, R)` logged. A request while one is under way is ignored.
//! 2. Wait: while a query older than t is open, no page is written (`migration_wait`); each
//!    finished scan checks again.
//! 3. Pages: one event per table page, in key order, timed by `migrate_page_cost` (read the page,
//!    write it back in place); the updates of R newer than the page's timestamp are applied and
//!    the page takes the largest one. Later ops run meanwhile; scans stay correct by the page
//!    timestamp filter.
//! 4. End: `MigrationEnd(t)` logged, the runs of R deleted and their cache space trimmed; stalled
//!    updates may go on.

use super::events;
use super::{Event, IoRow, MasmLab, MigrationTrack};
use super::{HDD_MIGRATE_READ, HDD_MIGRATE_WRITE, push_ring};
use crate::masm::io::masm_cost::{migrate_page_cost, release_run};
use crate::masm::migration_state::MigrationProgress;
use crate::sim::units::{model, word};
use crate::sim::{SimError, TraceSink};

impl MasmLab {
    /// Step 1. `op` is the `migrate` op, if any (automatic requests pass `None`).
    pub(crate) fn request_migration(
        &mut self,
        op: Option<usize>,
        trace: &mut TraceSink,
    ) -> Result<(), SimError> {
        if let Some(state) = self.masm.migration() {
            if let Some(op) = op {
                trace.emit(
                    self.queue.now_ns(),
                    events::MIGRATE_IGNORED,
                    [word(op as u64), word(state.migration_ts), 0, 0],
                );
            }
            return Ok(());
        }
        let ts = self.masm.request_migration().map_err(model)?;
        let run_ids = self
            .masm
            .migration()
            .map(|m| m.run_ids.clone())
            .unwrap_or_default();
        self.log.migration_start(ts, run_ids.clone());
        self.migration = Some(MigrationTrack {
            ts,
            run_ids,
            request_ns: self.queue.now_ns(),
            start_ns: None,
        });
        if let Some(&oldest) = self.masm.queries_blocking_migration().first() {
            trace.emit(
                self.queue.now_ns(),
                events::MIGRATION_WAIT,
                [word(ts), word(oldest), 0, 0],
            );
        }
        self.try_start_migration(trace)
    }

    /// Step 2: start writing pages once no older query is open.
    pub(crate) fn try_start_migration(&mut self, trace: &mut TraceSink) -> Result<(), SimError> {
        let Some(track) = self.migration.as_ref() else {
            return Ok(());
        };
        if track.start_ns.is_some() || !self.masm.begin_migration_pages() {
            return Ok(());
        }
        let (ts, runs) = (track.ts, track.run_ids.len() as u64);
        self.checks
            .migration_page(ts, self.masm.queries_blocking_migration());
        if let Some(track) = self.migration.as_mut() {
            track.start_ns = Some(self.queue.now_ns());
        }
        trace.emit(
            self.queue.now_ns(),
            events::MIGRATION_START,
            [word(ts), word(runs), 0, 0],
        );
        self.book_migration_page();
        Ok(())
    }

    /// Reserves the disk for the next table page (read, then write back).
    pub(crate) fn book_migration_page(&mut self) {
        let Some(state) = self.masm.migration() else {
            return;
        };
        let page = state.next_page;
        let (read, write) =
            migrate_page_cost(&mut self.dev, &self.table, page as u64, self.queue.now_ns());
        for (span, kind) in [(read, HDD_MIGRATE_READ), (write, HDD_MIGRATE_WRITE)] {
            push_ring(
                &mut self.hdd_ops,
                IoRow {
                    start_ns: span.start_ns,
                    end_ns: span.end_ns,
                    kind,
                    id: page as u64,
                },
            );
        }
        self.queue.schedule(write.end_ns, Event::MigratePage(page));
    }

    /// Steps 3 and 4.
    pub(crate) fn migrate_page_done(
        &mut self,
        page: usize,
        trace: &mut TraceSink,
    ) -> Result<(), SimError> {
        let Some(ts) = self.migration.as_ref().map(|m| m.ts) else {
            return Err(model("a migration page event without a migration"));
        };
        self.checks
            .migration_page(ts, self.masm.queries_blocking_migration());
        let applied_before = self.masm.metrics().migration_records_applied;
        let progress = self.masm.migrate_step(1).map_err(model)?;
        let applied = self.masm.metrics().migration_records_applied - applied_before;
        let page_ts = self.masm.table().pages.get(page).map_or(0, |p| p.page_ts);
        self.stats.migration_pages += 1;
        trace.emit(
            self.queue.now_ns(),
            events::MIGRATION_PAGE,
            [word(page as u64), word(applied), word(page_ts), 0],
        );
        if let MigrationProgress::InProgress { .. } = progress {
            self.book_migration_page();
            return Ok(());
        }
        if let Some(track) = self.migration.take() {
            for id in &track.run_ids {
                release_run(&mut self.dev, &mut self.space, *id);
                self.run_created_ns.remove(id);
            }
        }
        self.log.migration_end(ts);
        self.stats.migrations += 1;
        trace.emit(
            self.queue.now_ns(),
            events::MIGRATION_DONE,
            [word(ts), 0, 0, 0],
        );
        self.drain_intake(trace)
    }
}
