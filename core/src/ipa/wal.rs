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
//! 4. An insert's fields are held inline when there are at most `INLINE_FIELDS` (every
//!    workload's schema), else on the heap (`LogFields`): a commit allocates nothing (issue 10
//!    "Performance"); both forms read as the same slice and compare by it.

/// Fields up to this many are stored inline in an insert's log record (step 4).
pub const INLINE_FIELDS: usize = 4;

/// An insert's field values (step 4).
#[derive(Debug, Clone)]
pub enum LogFields {
    Inline {
        len: u8,
        values: [u32; INLINE_FIELDS],
    },
    Heap(Box<[u32]>),
}

impl LogFields {
    pub fn new(fields: &[u32]) -> Self {
        match u8::try_from(fields.len()) {
            Ok(len) if fields.len() <= INLINE_FIELDS => {
                let mut values = [0; INLINE_FIELDS];
                values[..fields.len()].copy_from_slice(fields);
                LogFields::Inline { len, values }
            }
            _ => LogFields::Heap(fields.into()),
        }
    }
}

impl std::ops::Deref for LogFields {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        match self {
            LogFields::Inline { len, values } => &values[..usize::from(*len)],
            LogFields::Heap(values) => values,
        }
    }
}

impl PartialEq for LogFields {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for LogFields {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogOp {
    Insert { key: u64, fields: LogFields },
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Step 4: inline and heap forms hold exactly the slice they were made from.
    #[test]
    fn log_fields_read_back_as_the_slice_they_were_made_from() {
        for n in 0..=INLINE_FIELDS + 3 {
            let values: Vec<u32> = (0..n as u32).map(|i| i * 7 + 1).collect();
            let fields = LogFields::new(&values);
            assert_eq!(*fields, values[..]);
            assert_eq!(
                matches!(fields, LogFields::Inline { .. }),
                n <= INLINE_FIELDS
            );
            assert_eq!(fields, LogFields::Heap(values.clone().into()));
        }
    }
}
