//! The in-memory update buffer (§3.2, §3.3; digest §2.3, §2.10).
//!
//! 1. Updates are appended at the tail, unsorted, with their commit timestamp.
//! 2. Its capacity is S pages (M for MaSM-2M); when full, MaSM-M may steal an idle query page
//!    (capacity + 1, Fig. 9 lines 2–3) before it must flush.
//! 3. A range scan sorts the buffer in place by (key, ts) (the shared sort, `sort_version` + 1)
//!    and reads it by binary search (Mem scan).
//! 4. A flush takes all records out, resets the capacity to S and returns the stolen pages
//!    (`flush_version` + 1).

use super::record::UpdateRecord;
use super::run::{pages_for, slice_range};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateBuffer {
    records: Vec<UpdateRecord>,
    sorted: bool,
    pub base_capacity_pages: u64,
    pub stolen_pages: u64,
    pub records_per_page: u64,
    pub sort_version: u64,
    pub flush_version: u64,
}

impl UpdateBuffer {
    pub fn new(capacity_pages: u64, records_per_page: u64) -> Self {
        Self {
            records: Vec::new(),
            sorted: true,
            base_capacity_pages: capacity_pages,
            stolen_pages: 0,
            records_per_page,
            sort_version: 0,
            flush_version: 0,
        }
    }

    pub fn capacity_pages(&self) -> u64 {
        self.base_capacity_pages + self.stolen_pages
    }

    pub fn pages_used(&self) -> u64 {
        pages_for(self.records.len(), self.records_per_page)
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn is_full(&self) -> bool {
        self.records.len() as u64 >= self.capacity_pages() * self.records_per_page
    }

    pub fn steal_page(&mut self) {
        self.stolen_pages += 1;
    }

    pub fn push(&mut self, record: UpdateRecord) {
        if self
            .records
            .last()
            .is_some_and(|last| (last.key, last.ts) > (record.key, record.ts))
        {
            self.sorted = false;
        }
        self.records.push(record);
    }

    /// Sorted by (key, ts) since the last shared sort (no append out of order since).
    pub fn is_sorted(&self) -> bool {
        self.sorted
    }

    pub fn min_ts(&self) -> Option<u64> {
        self.records.iter().map(|r| r.ts).min()
    }

    pub fn records(&self) -> &[UpdateRecord] {
        &self.records
    }

    /// The shared in-place sort done at scan start.
    pub fn sort_in_place(&mut self) {
        if !self.sorted {
            self.records.sort_unstable_by_key(|r| (r.key, r.ts));
            self.sorted = true;
            self.sort_version += 1;
        }
    }

    /// Mem scan: requires `sort_in_place` first.
    pub fn slice(&self, begin_key: u64, end_key: u64) -> &[UpdateRecord] {
        slice_range(&self.records, begin_key, end_key)
    }

    /// Take every record out for a flush; capacity back to S, stolen pages returned.
    pub fn take_for_flush(&mut self) -> Vec<UpdateRecord> {
        self.stolen_pages = 0;
        self.sorted = true;
        self.flush_version += 1;
        std::mem::take(&mut self.records)
    }
}
