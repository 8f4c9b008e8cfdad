//! The write-ahead log: every op is a committed transaction (issue 10 "Ops and answers").
//!
//! 1. Before a change touches a buffered page, its log record is appended with the next LSN;
//!    the log is durable (it lives on the log device, outside the flash region), so a commit is
//!    the append itself.
//! 2. `checkpoint` (after the store has written back every dirty page) drops the records the
//!    flash now reflects.
//! 3. Redo after a crash replays the records in LSN order; each is idempotent (insert if the
//!    key is absent, set a field to its logged value), so records the flash already holds are
//!    harmless. Recovery is not affected by IPA (§6.2 "Remaining DBMS functionality").

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogOp {
    Insert { key: u64, fields: Vec<u32> },
    Update { key: u64, field: usize, value: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRecord {
    pub lsn: u64,
    pub op: LogOp,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wal {
    pub records: Vec<LogRecord>,
    pub next_lsn: u64,
    /// Records appended since the log began (never truncated), for counters.
    pub appended: u64,
}

impl Wal {
    pub fn new() -> Self {
        Self {
            records: Vec::new(),
            next_lsn: 1,
            appended: 0,
        }
    }

    /// Appends (and thereby commits) `op`; returns its LSN.
    pub fn commit(&mut self, op: LogOp) -> u64 {
        let lsn = self.next_lsn;
        self.next_lsn += 1;
        self.appended += 1;
        self.records.push(LogRecord { lsn, op });
        lsn
    }

    /// Drops every record: the flash holds all of them (called after a full write-back).
    pub fn truncate(&mut self) {
        self.records.clear();
    }
}
