//! Materialized sorted runs and their run index (§3.1, §3.3, §3.5; digest §2.3, §2.7–2.9).
//!
//! 1. `sort_and_coalesce` sorts records by (key, ts) and, if asked, folds same-key neighbours
//!    r1 (t1) and r2 (t2 > t1) into one record with timestamp t2 — only when no open query q has
//!    t1 < q.ts ≤ t2 (§3.5), so every query still sees exactly its own prefix of updates.
//! 2. A run is immutable once built: records sorted by (key, ts), its timestamp range, its size in
//!    SSD pages, its pass (1 or 2), and a fingerprint taken at creation for the immutability check.
//! 3. The run index keeps the first key of every granule (g·P). A scan of [b, e] starts at the last
//!    granule whose first key is < b (strict, so a key spanning two granules is not skipped) and
//!    reads granules while their first key ≤ e: at least one granule per run (Eq. 9–10).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::record::{UpdateRecord, combine, fingerprint};

/// Sort by (key, ts) and coalesce under the active-query rule. `open_queries` is sorted ascending.
pub fn sort_and_coalesce(
    mut records: Vec<UpdateRecord>,
    coalesce: bool,
    open_queries: &[u64],
) -> Vec<UpdateRecord> {
    records.sort_unstable_by_key(|r| (r.key, r.ts));
    if !coalesce {
        return records;
    }
    let mut out: Vec<UpdateRecord> = Vec::with_capacity(records.len());
    for r in records {
        match out.last_mut() {
            Some(last) if last.key == r.key && !query_between(open_queries, last.ts, r.ts) => {
                last.change = combine(&last.change, &r.change);
                last.ts = r.ts;
                last.ssd_writes = last.ssd_writes.max(r.ssd_writes);
            }
            _ => out.push(r),
        }
    }
    out
}

/// Is there an open query with t1 < q.ts ≤ t2?
pub fn query_between(open_queries: &[u64], t1: u64, t2: u64) -> bool {
    let i = open_queries.partition_point(|&q| q <= t1);
    open_queries.get(i).is_some_and(|&q| q <= t2)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunIndex {
    pub records_per_granule: u64,
    pub first_keys: Vec<u64>,
}

impl RunIndex {
    pub fn build(records: &[UpdateRecord], records_per_granule: u64) -> Self {
        let step = usize::try_from(records_per_granule.max(1)).unwrap_or(usize::MAX);
        Self {
            records_per_granule,
            first_keys: records.iter().step_by(step).map(|r| r.key).collect(),
        }
    }

    /// Granules a scan of [begin, end] reads: (first granule, count ≥ 1) for a non-empty run.
    pub fn granules_for(&self, begin_key: u64, end_key: u64) -> (usize, u64) {
        if self.first_keys.is_empty() {
            return (0, 0);
        }
        let start = self
            .first_keys
            .partition_point(|&k| k < begin_key)
            .saturating_sub(1);
        let stop = self.first_keys.partition_point(|&k| k <= end_key);
        let count = stop.saturating_sub(start).max(1);
        (start, count as u64)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortedRun {
    pub id: u64,
    /// 1 for a flushed run, 2 for a merged run.
    pub pass: u8,
    pub records: Vec<UpdateRecord>,
    pub min_ts: u64,
    pub max_ts: u64,
    pub pages: u64,
    pub index: RunIndex,
    /// Fingerprint of the records at creation (immutability invariant).
    pub created_fingerprint: u64,
}

impl SortedRun {
    /// Build a run from records already sorted by (key, ts); `records` must be non-empty for a
    /// meaningful timestamp range (an empty run gets the range (0, 0)).
    pub fn build(
        id: u64,
        pass: u8,
        records: Vec<UpdateRecord>,
        records_per_page: u64,
        records_per_granule: u64,
    ) -> Self {
        // The caller sorted them (`sort_and_coalesce`); the index and every scan's binary search
        // rely on it. O(n), as the rest of `build`.
        debug_assert!(
            records
                .windows(2)
                .all(|w| (w[0].key, w[0].ts) <= (w[1].key, w[1].ts)),
            "run {id}: records not sorted by (key, ts)"
        );
        let min_ts = records.iter().map(|r| r.ts).min().unwrap_or(0);
        let max_ts = records.iter().map(|r| r.ts).max().unwrap_or(0);
        let pages = pages_for(records.len(), records_per_page);
        let index = RunIndex::build(&records, records_per_granule);
        let created_fingerprint = records_fingerprint(&records);
        Self {
            id,
            pass,
            records,
            min_ts,
            max_ts,
            pages,
            index,
            created_fingerprint,
        }
    }

    /// The records with begin ≤ key ≤ end, by binary search.
    pub fn slice(&self, begin_key: u64, end_key: u64) -> &[UpdateRecord] {
        slice_range(&self.records, begin_key, end_key)
    }
}

pub fn slice_range(records: &[UpdateRecord], begin_key: u64, end_key: u64) -> &[UpdateRecord] {
    let lo = records.partition_point(|r| r.key < begin_key);
    let hi = records.partition_point(|r| r.key <= end_key).max(lo);
    &records[lo..hi]
}

/// K-way merge of slices each sorted by (key, ts), calling `visit` in (key, ts) order; ts is
/// unique, so the order is total. Shared by the merged scan (*Merge updates*) and migration.
pub fn merge_by_key_ts(sources: &[&[UpdateRecord]], mut visit: impl FnMut(&UpdateRecord)) {
    debug_assert!(
        sources.iter().all(|src| src
            .windows(2)
            .all(|w| (w[0].key, w[0].ts) <= (w[1].key, w[1].ts))),
        "merge_by_key_ts: an input is not sorted by (key, ts)"
    );
    #[cfg(debug_assertions)]
    let mut last: Option<(u64, u64)> = None;
    let mut heap: BinaryHeap<Reverse<(u64, u64, usize, usize)>> = BinaryHeap::new();
    for (s, src) in sources.iter().enumerate() {
        if let Some(r) = src.first() {
            heap.push(Reverse((r.key, r.ts, s, 0)));
        }
    }
    while let Some(Reverse((_, _, s, i))) = heap.pop() {
        let src = sources[s];
        if let Some(next) = src.get(i + 1) {
            heap.push(Reverse((next.key, next.ts, s, i + 1)));
        }
        #[cfg(debug_assertions)]
        {
            let here = (src[i].key, src[i].ts);
            debug_assert!(last.is_none_or(|l| l <= here), "merge output out of order");
            last = Some(here);
        }
        visit(&src[i]);
    }
}

pub fn pages_for(records: usize, records_per_page: u64) -> u64 {
    (records as u64).div_ceil(records_per_page.max(1))
}

pub fn records_fingerprint(records: &[UpdateRecord]) -> u64 {
    records.iter().fold(0xCBF2_9CE4_8422_2325, fingerprint)
}
