//! The redo log of MaSM (§3.6; digest §2.12): what survives a crash besides the runs on the SSD
//! and the table on the disk.
//!
//! 1. Every update is appended here (with its commit timestamp) before it enters the buffer,
//!    so the log holds every update that is not yet on the SSD.
//! 2. `FlushDone(run)`: once a run is completely written, no record with ts ≤ run.max_ts is
//!    needed any more and the log is truncated through that timestamp. A crash mid-flush finds
//!    the run unpublished and its records still in the log.
//! 3. `MigrationStart(t, R)` / `MigrationEnd(t)`: a start without an end tells recovery to rerun
//!    the migration from the first page (page changes are not logged; rerunning is idempotent).
//! 4. Recovery reads back the records with ts greater than the largest timestamp stored on the
//!    SSD (`records_after`), in timestamp order.

use std::collections::VecDeque;

use super::record::UpdateRecord;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RedoLog {
    /// Update records not yet truncated, ascending by timestamp.
    records: VecDeque<UpdateRecord>,
    /// Every record with ts ≤ this is on the SSD (or already migrated).
    pub truncated_ts: u64,
    /// `MigrationStart(t, R)` without its `MigrationEnd`.
    pub open_migration: Option<(u64, Vec<u64>)>,
    pub appended: u64,
    pub truncated: u64,
    /// Records read back by the last recovery.
    pub replayed_last_recovery: u64,
}

impl RedoLog {
    pub fn append(&mut self, record: UpdateRecord) {
        self.records.push_back(record);
        self.appended += 1;
    }

    /// FlushDone: drop every record with ts ≤ `max_ts`; returns how many were dropped.
    pub fn truncate_through(&mut self, max_ts: u64) -> u64 {
        let mut dropped = 0;
        while self.records.front().is_some_and(|r| r.ts <= max_ts) {
            self.records.pop_front();
            dropped += 1;
        }
        self.truncated_ts = self.truncated_ts.max(max_ts);
        self.truncated += dropped;
        dropped
    }

    pub fn migration_start(&mut self, migration_ts: u64, run_ids: Vec<u64>) {
        self.open_migration = Some((migration_ts, run_ids));
    }

    pub fn migration_end(&mut self, migration_ts: u64) {
        if self
            .open_migration
            .as_ref()
            .is_some_and(|(t, _)| *t == migration_ts)
        {
            self.open_migration = None;
        }
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Is the update with this timestamp still in the log?
    pub fn holds(&self, ts: u64) -> bool {
        self.records.binary_search_by_key(&ts, |r| r.ts).is_ok()
    }

    /// The records recovery replays: ts > `durable_ts`, ascending.
    pub fn records_after(&self, durable_ts: u64) -> Vec<UpdateRecord> {
        let start = self.records.partition_point(|r| r.ts <= durable_ts);
        self.records.range(start..).copied().collect()
    }

    pub fn oldest_ts(&self) -> Option<u64> {
        self.records.front().map(|r| r.ts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masm::record::Change;

    fn record(ts: u64) -> UpdateRecord {
        UpdateRecord {
            ts,
            key: ts % 5,
            change: Change::Delete,
            ssd_writes: 0,
        }
    }

    #[test]
    fn truncation_keeps_exactly_the_records_newer_than_the_flushed_run() {
        let mut log = RedoLog::default();
        for ts in 1..=10 {
            log.append(record(ts));
        }
        assert_eq!(log.truncate_through(4), 4);
        assert!(!log.holds(4) && log.holds(5));
        let tail: Vec<u64> = log.records_after(7).iter().map(|r| r.ts).collect();
        assert_eq!(tail, vec![8, 9, 10]);
        assert_eq!(log.len(), 6);
        assert_eq!(log.truncated_ts, 4);
    }

    #[test]
    fn a_migration_start_stays_open_until_its_own_end() {
        let mut log = RedoLog::default();
        log.migration_start(7, vec![1, 2]);
        log.migration_end(6);
        assert!(log.open_migration.is_some());
        log.migration_end(7);
        assert!(log.open_migration.is_none());
    }
}
