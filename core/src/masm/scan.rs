//! The merged range scan: the table range scan outer-joined with every run and the buffer
//! (§3.1, §3.2, Figs. 6 and 8; digest §2.4, §2.9, §2.10).
//!
//! 1. A query takes its timestamp from the global clock (`open_query`); it may run later
//!    (`run_query`, or `note_scan_tree` then `answer_query` when the lab times the scan) and must
//!    then still see exactly the updates with u.ts < q.ts.
//! 2. MaSM-αM prepares the scan (flush if the buffer holds ≥ S pages, then 2-pass merges until
//!    K1 + K2 ≤ Q); MaSM-2M does neither.
//! 3. Sources: one Run scan per run (the run index gives the granules read, at least one per run),
//!    the records of a flush in flight, and a Mem scan over the buffer after the shared in-place
//!    sort. Each source yields records of [b, e] in (key, ts) order.
//! 4. *Merge updates*: a k-way heap merge by (key, ts) over all sources; records with u.ts ≥ q.ts
//!    are dropped, and so are records with u.ts ≤ p.ts for the table page p covering the key
//!    (already migrated into it).
//! 5. *Merge data updates*: walk the table rows of [b, e] and the merged updates together by key;
//!    for each key apply its updates in timestamp order to the base row (or to nothing); output
//!    the surviving rows in strictly increasing key order.

use super::error::MasmError;
use super::record::{Row, UpdateRecord, apply};
use super::run::merge_by_key_ts;
use super::store::Masm;

/// What a scan returned and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanResult {
    pub query_ts: u64,
    pub rows: Vec<(u64, Row)>,
    pub runs_read: u64,
    pub granules_read: u64,
    pub update_records_merged: u64,
}

impl Masm {
    /// Register a query: it gets the next timestamp and holds back migration and coalescing.
    pub fn open_query(&mut self) -> u64 {
        let ts = self.tick();
        self.open_queries.push(ts);
        ts
    }

    /// Open and run a query at once.
    pub fn scan(&mut self, begin_key: u64, end_key: u64) -> Result<ScanResult, MasmError> {
        let ts = self.open_query();
        self.run_query(ts, begin_key, end_key)
    }

    /// Run an open query over [begin, end] and close it.
    pub fn run_query(
        &mut self,
        query_ts: u64,
        begin_key: u64,
        end_key: u64,
    ) -> Result<ScanResult, MasmError> {
        let Ok(pos) = self.open_queries.binary_search(&query_ts) else {
            return Err(MasmError::UnknownQuery { query_ts });
        };
        if begin_key > end_key {
            return Err(MasmError::EmptyRange { begin_key, end_key });
        }
        self.prepare_scan()?;
        self.note_scan_tree();
        let result = self.merged_scan(query_ts, begin_key, end_key);
        self.open_queries.remove(pos);
        Ok(result)
    }

    /// Record the operator tree just built: one query page per run (the run-count and memory
    /// bounds are about this moment, Fig. 9 line 9).
    pub fn note_scan_tree(&mut self) {
        self.metrics.last_scan_runs = self.runs.len() as u64;
        self.metrics.last_scan_during_migration = self.migration.is_some();
    }

    /// Answer an open query from the state now and close it. Whatever happened since it opened
    /// (updates, flushes, merges, migration) the filters give exactly the updates with
    /// u.ts < q.ts that are not yet in the table.
    pub fn answer_query(
        &mut self,
        query_ts: u64,
        begin_key: u64,
        end_key: u64,
    ) -> Result<ScanResult, MasmError> {
        let Ok(pos) = self.open_queries.binary_search(&query_ts) else {
            return Err(MasmError::UnknownQuery { query_ts });
        };
        if begin_key > end_key {
            return Err(MasmError::EmptyRange { begin_key, end_key });
        }
        let result = self.merged_scan(query_ts, begin_key, end_key);
        self.open_queries.remove(pos);
        Ok(result)
    }

    fn merged_scan(&mut self, query_ts: u64, begin_key: u64, end_key: u64) -> ScanResult {
        self.buffer.sort_in_place();
        let mut sources: Vec<&[UpdateRecord]> = Vec::with_capacity(self.runs.len() + 2);
        let mut granules_read = 0;
        for run in &self.runs {
            granules_read += run.index.granules_for(begin_key, end_key).1;
            sources.push(run.slice(begin_key, end_key));
        }
        if let Some(job) = &self.flush_job {
            sources.push(super::run::slice_range(&job.records, begin_key, end_key));
        }
        sources.push(self.buffer.slice(begin_key, end_key));
        let runs_read = self.runs.len() as u64;

        // Merge updates: k-way merge by (key, ts), keeping what this query sees and what no
        // migration has already applied to the covering page.
        let mut updates: Vec<UpdateRecord> = Vec::new();
        merge_by_key_ts(&sources, |r| {
            if r.ts < query_ts && r.ts > self.table.page_ts_of(r.key) {
                updates.push(*r);
            }
        });
        let update_records_merged = updates.len() as u64;

        // Merge data updates: outer join with the table range scan.
        let base = self.table.range(begin_key, end_key);
        let mut rows = Vec::with_capacity(base.len());
        let (mut bi, mut ui) = (0usize, 0usize);
        while bi < base.len() || ui < updates.len() {
            let next_base = base.get(bi).map(|b| b.0);
            let next_update = updates.get(ui).map(|u| u.key);
            let key = match (next_base, next_update) {
                (Some(b), Some(u)) => b.min(u),
                (Some(b), None) => b,
                (None, Some(u)) => u,
                (None, None) => break,
            };
            let mut row = None;
            if next_base == Some(key) {
                row = Some(base[bi].1);
                bi += 1;
            }
            while ui < updates.len() && updates[ui].key == key {
                row = apply(row, &updates[ui].change);
                ui += 1;
            }
            if let Some(row) = row {
                rows.push((key, row));
            }
        }

        self.metrics.scans += 1;
        self.metrics.granules_read += granules_read;
        ScanResult {
            query_ts,
            rows,
            runs_read,
            granules_read,
            update_records_merged,
        }
    }
}
