//! Crash and recovery (§3.6; digest §2.12, invariants 16 and 20).
//!
//! 1. Crash (`lose_memory`): everything in memory is gone: the update buffer, the flush being
//!    written (its run was never published), the open queries and the migration's progress. The
//!    runs on the SSD, the table on the disk (with its page timestamps) and the redo log survive;
//!    so does a migration's `MigrationStart(t, R)`, so R stays frozen while the system is down.
//! 2. Recovery (`recover`): the buffer is rebuilt from the log, replaying in timestamp order the
//!    records with ts greater than the largest timestamp stored on the SSD. They go through the
//!    update path (steal a page, or start a flush when the buffer is full), so a crash with a
//!    buffer and a flush in flight comes back as a buffer and a flush in flight.
//! 3. A `MigrationStart(t, R)` without `MigrationEnd` in the log restarts the migration from the
//!    first page. Pages already migrated have p.ts ≥ every update of R on them, so the restart
//!    skips those updates: applying is idempotent across any number of crashes.
//! 4. The commit-timestamp counter is durable (it is recovered from the log in a real system),
//!    so timestamps stay unique across crashes.

use super::buffer::UpdateBuffer;
use super::error::MasmError;
use super::log::RedoLog;
use super::migration_state::MigrationState;
use super::record::UpdateRecord;
use super::store::Masm;

/// What a crash threw away.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LostMemory {
    pub buffer_records: u64,
    pub flush_records: u64,
    /// The run the lost flush was writing (its SSD space is free again).
    pub flush_run_id: Option<u64>,
    /// Queries that were open: they are aborted.
    pub open_queries: Vec<u64>,
    /// Pages the migration had written before the crash.
    pub migration_pages_done: Option<u64>,
}

/// What recovery did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecoveryReport {
    pub replayed: u64,
    pub migration_restarted: bool,
    /// Records that found neither buffer room nor a flush to start (the memory invariant shows
    /// them; not reachable when the SSD had room before the crash).
    pub overflow_records: u64,
}

impl Masm {
    /// Step 1: the crash.
    pub fn lose_memory(&mut self) -> LostMemory {
        let job = self.flush_job.take();
        let lost = LostMemory {
            buffer_records: self.buffer.len() as u64,
            flush_records: job.as_ref().map_or(0, |j| j.records.len() as u64),
            flush_run_id: job.map(|j| j.run_id),
            open_queries: std::mem::take(&mut self.open_queries),
            migration_pages_done: self.migration.as_ref().map(|m| m.next_page as u64),
        };
        self.buffer = UpdateBuffer::new(self.layout.buffer_pages, self.cfg.records_per_page);
        // Its progress is lost, but `MigrationStart(t, R)` is in the log: R stays frozen.
        if let Some(state) = self.migration.as_mut() {
            state.next_page = 0;
            state.waiting = false;
        }
        lost
    }

    /// The largest timestamp stored on the SSD (0 when no run is left).
    pub fn ssd_max_ts(&self) -> u64 {
        self.runs.iter().map(|r| r.max_ts).max().unwrap_or(0)
    }

    /// Steps 2 and 3. A flush started here is left in flight for the caller to write.
    pub fn recover(&mut self, log: &RedoLog) -> Result<RecoveryReport, MasmError> {
        let mut report = RecoveryReport::default();
        let durable_ts = self.ssd_max_ts().max(log.truncated_ts);
        for record in log.records_after(durable_ts) {
            if self.buffer.is_full() {
                if self.can_steal(0) {
                    self.buffer.steal_page();
                } else if self.flush_job.is_none() {
                    if self.begin_flush().is_err() {
                        report.overflow_records += 1;
                    }
                } else {
                    report.overflow_records += 1;
                }
            }
            self.replay(record)?;
            report.replayed += 1;
        }
        self.migration =
            log.open_migration
                .as_ref()
                .map(|(migration_ts, run_ids)| MigrationState {
                    migration_ts: *migration_ts,
                    run_ids: run_ids.clone(),
                    next_page: 0,
                    waiting: false,
                });
        report.migration_restarted = self.migration.is_some();
        Ok(report)
    }

    /// Put one logged record back into the buffer with its own timestamp.
    pub fn replay(&mut self, record: UpdateRecord) -> Result<(), MasmError> {
        if record.key >= self.cfg.key_space {
            return Err(MasmError::KeyOutOfRange {
                key: record.key,
                key_space: self.cfg.key_space,
            });
        }
        self.buffer.push(UpdateRecord {
            ssd_writes: 0,
            ..record
        });
        self.next_ts = self.next_ts.max(record.ts + 1);
        Ok(())
    }
}
