//! Update records and their semantics (§2.1, §3.2; digest §2.1).
//!
//! 1. An update record is `(timestamp, key, kind, content)` with kind insert, delete, modify
//!    (a field patch) or replace (a delete merged with a later insert of the same key).
//! 2. `apply(base, change)` is a record's effect on a base row: insert/replace set the row,
//!    delete removes it, modify patches the fields of a present row and does nothing to an absent
//!    one. Ill-formed sequences (insert of a present key, modify of an absent key) are total:
//!    insert overwrites, modify is dropped.
//! 3. `combine(older, newer)` coalesces two records of the same key (operator *Merge updates*):
//!    modify+modify merges the patches (later value wins), delete+insert becomes replace (the two
//!    rules of §3.2); the rest of the table is the digest's, chosen so that
//!    `apply(apply(d, a), b) == apply(d, combine(a, b))` for every base row `d` (tested).
//! 4. Each record carries how many times it has been written to the SSD (1 after a flush, 2 after
//!    a 2-pass merge): the per-update write count of Theorems 3.1/3.2.

/// Number of value fields in a row (the key is separate).
pub const ROW_FIELDS: usize = 2;

/// A base-table row's value fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Row(pub [u64; ROW_FIELDS]);

/// A modify's content: the fields whose bit is set in `mask` take the value in `values`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldPatch {
    pub mask: u8,
    pub values: [u64; ROW_FIELDS],
}

impl FieldPatch {
    pub fn apply_to(&self, row: Row) -> Row {
        let mut out = row;
        for (i, slot) in out.0.iter_mut().enumerate() {
            if self.mask & (1u8 << i) != 0 {
                *slot = self.values[i];
            }
        }
        out
    }

    /// `self` then `later`: the later value wins on fields both set.
    pub fn then(&self, later: &FieldPatch) -> FieldPatch {
        let mut values = self.values;
        for (i, slot) in values.iter_mut().enumerate() {
            if later.mask & (1u8 << i) != 0 {
                *slot = later.values[i];
            }
        }
        FieldPatch {
            mask: self.mask | later.mask,
            values,
        }
    }
}

/// The kind and content of an update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Insert(Row),
    Delete,
    Modify(FieldPatch),
    Replace(Row),
}

impl Change {
    pub fn kind_name(&self) -> &'static str {
        match self {
            Change::Insert(_) => "insert",
            Change::Delete => "delete",
            Change::Modify(_) => "modify",
            Change::Replace(_) => "replace",
        }
    }
}

/// One update record as cached in the buffer and in the runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpdateRecord {
    /// Commit timestamp from the single global clock (unique).
    pub ts: u64,
    pub key: u64,
    pub change: Change,
    /// SSD writes of this record so far (0 in the buffer, 1 in a 1-pass run, 2 in a 2-pass run).
    pub ssd_writes: u8,
}

/// Effect of one change on a (possibly absent) base row.
pub fn apply(base: Option<Row>, change: &Change) -> Option<Row> {
    match change {
        Change::Insert(row) | Change::Replace(row) => Some(*row),
        Change::Delete => None,
        Change::Modify(patch) => base.map(|row| patch.apply_to(row)),
    }
}

/// Coalesce `older` then `newer` (same key) into one change with the same effect on every base row.
pub fn combine(older: &Change, newer: &Change) -> Change {
    match (older, newer) {
        // A later whole-record write wins; after a delete or a whole write it is a replace.
        (Change::Delete, Change::Insert(c)) => Change::Replace(*c),
        (_, Change::Insert(c)) | (_, Change::Replace(c)) => Change::Replace(*c),
        (_, Change::Delete) => Change::Delete,
        (Change::Insert(c0), Change::Modify(f)) => Change::Insert(f.apply_to(*c0)),
        (Change::Replace(c0), Change::Modify(f)) => Change::Replace(f.apply_to(*c0)),
        (Change::Delete, Change::Modify(_)) => Change::Delete,
        (Change::Modify(f0), Change::Modify(f)) => Change::Modify(f0.then(f)),
    }
}

/// Fingerprint of a record for immutability checks (integers only: deterministic everywhere).
pub fn fingerprint(acc: u64, record: &UpdateRecord) -> u64 {
    let (tag, a, b, mask) = match record.change {
        Change::Insert(r) => (1u64, r.0[0], r.0[1], 0u64),
        Change::Delete => (2, 0, 0, 0),
        Change::Modify(p) => (3, p.values[0], p.values[1], u64::from(p.mask)),
        Change::Replace(r) => (4, r.0[0], r.0[1], 0),
    };
    let mut h = acc;
    for word in [
        record.ts,
        record.key,
        tag,
        a,
        b,
        mask,
        u64::from(record.ssd_writes),
    ] {
        h = (h ^ word).wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}
