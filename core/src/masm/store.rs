//! One MaSM instance: the update path, flushes and run management (§3.2–3.4; digest §2.5–2.8).
//!
//! 1. `update`: take the next timestamp from the single global clock; if the buffer is full,
//!    MaSM-αM steals an idle query page (Fig. 9 lines 2–3) else flushes (line 5); append.
//! 2. Flush (`begin_flush` + `flush_step` pages at a time, or `flush_now`): sort and coalesce the
//!    buffer, write it page by page as a 1-pass run (one SSD write per record), then publish the
//!    run and its index. Updates arriving meanwhile go to a fresh buffer (double buffering) and
//!    scans read the in-flight records from memory, so a scan between flush steps stays correct.
//! 3. Before a MaSM-αM scan (Fig. 9 lines 1–8): flush if the buffer holds ≥ S pages, then while
//!    K1 + K2 > Q merge the N earliest 1-pass runs into one 2-pass run (each record written a
//!    second time; no run is merged twice, so never a third write). If fewer than 2 mergeable
//!    1-pass runs are left the limit cannot be met (`ThreePassNeeded`) — except during a
//!    migration, whose frozen runs may overshoot (digest §8.8).
//! 4. Metrics count SSD pages written by flushes and merges and per-record writes, so the
//!    per-update write numbers of Theorems 3.1/3.2 are measured, not assumed.
//! 5. The lab drives the same steps one event at a time: `can_steal`/`steal_page`, `begin_flush`
//!    then `flush_step`, `append`, and at scan start `scan_needs_flush` and `merge_for_scan`
//!    (which returns what each merge read and wrote, so the lab can time it).

use super::buffer::UpdateBuffer;
use super::config::{Layout, MasmConfig, Variant};
use super::error::MasmError;
use super::migration_state::MigrationState;
use super::record::{Change, Row, UpdateRecord};
use super::run::{SortedRun, pages_for, sort_and_coalesce};
use super::table::BaseTable;

/// Counters behind the write-per-update numbers and the memory gauges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MasmMetrics {
    pub updates_ingested: u64,
    pub flushes: u64,
    pub two_pass_merges: u64,
    pub ssd_pages_written_flush: u64,
    pub ssd_pages_written_merge: u64,
    /// Σ over written records of one per write (flush: 1, merge: 1 more).
    pub record_writes: u64,
    /// Records written by flushes (after coalescing).
    pub records_flushed: u64,
    pub max_record_writes: u8,
    pub scans: u64,
    pub granules_read: u64,
    /// Runs read by the most recent scan, and whether a migration was running then.
    pub last_scan_runs: u64,
    pub last_scan_during_migration: bool,
    pub migrations_completed: u64,
    pub migration_pages_written: u64,
    /// Update records applied to table pages by migrations (each R record exactly once).
    pub migration_records_applied: u64,
    /// Records ever flushed by how often they have been written: once, twice, three times or
    /// more (a merge moves every input record one bucket up, coalesced or not).
    pub write_histogram: [u64; 3],
}

impl MasmMetrics {
    pub fn ssd_pages_written(&self) -> u64 {
        self.ssd_pages_written_flush + self.ssd_pages_written_merge
    }

    /// SSD record writes per update accepted: the same definition as the baselines'
    /// `BaselineMetrics::ssd_writes_per_update`, so the compare view divides alike. An update
    /// still in memory, or coalesced into another before its flush, has cost no SSD write yet.
    pub fn writes_per_update(&self) -> f64 {
        if self.updates_ingested == 0 {
            0.0
        } else {
            self.record_writes as f64 / self.updates_ingested as f64
        }
    }

    /// SSD writes per record that reached the SSD (Thms 3.1/3.2 count these): equal to
    /// `writes_per_update` once everything is flushed with coalescing off.
    pub fn writes_per_flushed_record(&self) -> f64 {
        if self.records_flushed == 0 {
            0.0
        } else {
            self.record_writes as f64 / self.records_flushed as f64
        }
    }
}

/// A flush being written page by page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlushJob {
    /// The id its run will have (assigned at the start, so the device can place it).
    pub run_id: u64,
    pub records: Vec<UpdateRecord>,
    pub pages_total: u64,
    pub pages_written: u64,
}

/// One 2-pass merge done at scan start: what it read and wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeInfo {
    pub output_run_id: u64,
    pub output_pages: u64,
    pub output_records: u64,
    /// (run id, pages) of each input, oldest first.
    pub inputs: Vec<(u64, u64)>,
}

/// The merges of Fig. 9 lines 5–8, and the error if the limit could not be met.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MergeOutcome {
    pub merges: Vec<MergeInfo>,
    pub stuck: Option<MasmError>,
}

#[derive(Debug, Clone)]
pub struct Masm {
    pub(super) cfg: MasmConfig,
    pub(super) layout: Layout,
    pub(super) next_ts: u64,
    pub(super) buffer: UpdateBuffer,
    pub(super) flush_job: Option<FlushJob>,
    /// Oldest first; timestamp ranges disjoint and increasing.
    pub(super) runs: Vec<SortedRun>,
    pub(super) next_run_id: u64,
    pub(super) table: BaseTable,
    /// Open (registered, not yet answered) query timestamps, ascending.
    pub(super) open_queries: Vec<u64>,
    pub(super) migration: Option<MigrationState>,
    pub(super) metrics: MasmMetrics,
}

impl Masm {
    pub fn new(cfg: MasmConfig, base_rows: &[(u64, Row)]) -> Result<Self, MasmError> {
        let layout = Layout::new(&cfg)?;
        let table = BaseTable::load(cfg.key_space, cfg.keys_per_table_page, base_rows);
        Ok(Self {
            buffer: UpdateBuffer::new(layout.buffer_pages, cfg.records_per_page),
            cfg,
            layout,
            next_ts: 1,
            flush_job: None,
            runs: Vec::new(),
            next_run_id: 0,
            table,
            open_queries: Vec::new(),
            migration: None,
            metrics: MasmMetrics::default(),
        })
    }

    pub fn config(&self) -> &MasmConfig {
        &self.cfg
    }
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub fn metrics(&self) -> &MasmMetrics {
        &self.metrics
    }
    pub fn runs(&self) -> &[SortedRun] {
        &self.runs
    }
    pub fn buffer(&self) -> &UpdateBuffer {
        &self.buffer
    }
    pub fn flush_job(&self) -> Option<&FlushJob> {
        self.flush_job.as_ref()
    }
    pub fn table(&self) -> &BaseTable {
        &self.table
    }
    pub fn open_queries(&self) -> &[u64] {
        &self.open_queries
    }
    /// The next timestamp the clock will hand out.
    pub fn now_ts(&self) -> u64 {
        self.next_ts
    }

    pub(super) fn tick(&mut self) -> u64 {
        let ts = self.next_ts;
        self.next_ts += 1;
        ts
    }

    /// Pages held by live runs (including a run being written).
    pub fn ssd_live_pages(&self) -> u64 {
        let job = self.flush_job.as_ref().map_or(0, |j| j.pages_written);
        self.runs.iter().map(|r| r.pages).sum::<u64>() + job
    }

    pub fn one_pass_runs(&self) -> u64 {
        self.runs.iter().filter(|r| r.pass == 1).count() as u64
    }
    pub fn two_pass_runs(&self) -> u64 {
        self.runs.iter().filter(|r| r.pass == 2).count() as u64
    }

    /// Apply one well-formed update; returns its commit timestamp.
    pub fn update(&mut self, key: u64, change: Change) -> Result<u64, MasmError> {
        if key >= self.cfg.key_space {
            return Err(MasmError::KeyOutOfRange {
                key,
                key_space: self.cfg.key_space,
            });
        }
        if self.buffer.is_full() {
            if self.can_steal(0) {
                self.buffer.steal_page();
            } else {
                self.flush_now()?;
            }
        }
        self.append(key, change)
    }

    /// Fig. 9 lines 2–3: MaSM-αM may borrow a query page when the buffer is full, if stealing is
    /// on and the page is idle (`held_query_pages` are read buffers of running scans).
    pub fn can_steal(&self, held_query_pages: u64) -> bool {
        matches!(self.cfg.variant, Variant::AlphaM { .. })
            && self.cfg.page_stealing
            && self.buffer.stolen_pages + held_query_pages < self.layout.query_pages
    }

    pub fn steal_page(&mut self) {
        self.buffer.steal_page();
    }

    /// Append one update to a buffer with room; returns its commit timestamp.
    pub fn append(&mut self, key: u64, change: Change) -> Result<u64, MasmError> {
        if key >= self.cfg.key_space {
            return Err(MasmError::KeyOutOfRange {
                key,
                key_space: self.cfg.key_space,
            });
        }
        if self.buffer.is_full() {
            return Err(MasmError::BufferFull);
        }
        let ts = self.tick();
        self.buffer.push(UpdateRecord {
            ts,
            key,
            change,
            ssd_writes: 0,
        });
        self.metrics.updates_ingested += 1;
        Ok(ts)
    }

    /// Sort the buffer into a flush job (nothing is on the SSD until `flush_step`).
    pub fn begin_flush(&mut self) -> Result<bool, MasmError> {
        if self.flush_job.is_some() {
            return Err(MasmError::FlushInProgress);
        }
        if self.buffer.is_empty() {
            return Ok(false);
        }
        let records = sort_and_coalesce(
            self.buffer.records().to_vec(),
            self.cfg.coalesce,
            &self.open_queries,
        );
        let pages_total = pages_for(records.len(), self.cfg.records_per_page);
        if self.cfg.variant == Variant::TwoM && self.runs.len() as u64 >= self.cfg.m_pages {
            return Err(MasmError::RunSlotsFull {
                limit: self.cfg.m_pages,
            });
        }
        let live = self.ssd_live_pages();
        if live + pages_total > self.layout.ssd_capacity_pages {
            return Err(MasmError::SsdFull {
                live_pages: live,
                new_pages: pages_total,
                capacity_pages: self.layout.ssd_capacity_pages,
            });
        }
        self.buffer.take_for_flush();
        self.buffer.base_capacity_pages = self.layout.buffer_pages;
        let run_id = self.next_run_id;
        self.next_run_id += 1;
        self.flush_job = Some(FlushJob {
            run_id,
            records,
            pages_total,
            pages_written: 0,
        });
        Ok(true)
    }

    /// Write up to `max_pages` pages of the flush in flight; publishes the run when done.
    /// Returns true when no flush remains in flight.
    pub fn flush_step(&mut self, max_pages: u64) -> bool {
        let Some(job) = self.flush_job.as_mut() else {
            return true;
        };
        let n = max_pages.min(job.pages_total - job.pages_written);
        job.pages_written += n;
        self.metrics.ssd_pages_written_flush += n;
        if job.pages_written < job.pages_total {
            return false;
        }
        if let Some(job) = self.flush_job.take() {
            let mut records = job.records;
            for r in &mut records {
                r.ssd_writes += 1;
                self.metrics.max_record_writes = self.metrics.max_record_writes.max(r.ssd_writes);
            }
            self.metrics.record_writes += records.len() as u64;
            self.metrics.records_flushed += records.len() as u64;
            self.metrics.write_histogram[0] += records.len() as u64;
            self.metrics.flushes += 1;
            self.runs.push(SortedRun::build(
                job.run_id,
                1,
                records,
                self.cfg.records_per_page,
                self.layout.records_per_granule,
            ));
            // A flush takes the oldest buffered updates, all newer than every run (inv. 6).
            debug_assert!(
                self.run_fits_in_time(self.runs.len() - 1),
                "{:?}",
                self.ts_list()
            );
        }
        true
    }

    /// Finish any flush in flight, then flush the whole buffer.
    pub fn flush_now(&mut self) -> Result<(), MasmError> {
        self.flush_step(u64::MAX);
        if self.begin_flush()? {
            self.flush_step(u64::MAX);
        }
        Ok(())
    }

    /// Fig. 9 lines 1–8, done when a MaSM-αM scan starts.
    pub(super) fn prepare_scan(&mut self) -> Result<(), MasmError> {
        if self.cfg.variant == Variant::TwoM {
            return Ok(());
        }
        if self.scan_needs_flush() || self.flush_job.is_some() {
            self.flush_now()?;
        }
        match self.merge_for_scan().stuck {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// Fig. 9 lines 1–4: a MaSM-αM scan flushes a buffer holding S pages or more (which also
    /// returns the stolen pages).
    pub fn scan_needs_flush(&self) -> bool {
        matches!(self.cfg.variant, Variant::AlphaM { .. })
            && self.buffer.pages_used() >= self.layout.buffer_pages
    }

    /// Fig. 9 lines 5–8: while K1 + K2 > Q, merge the N earliest 1-pass runs outside a frozen
    /// migration set. Stuck (fewer than two mergeable runs) is an error except during a
    /// migration, whose frozen runs may overshoot (digest §8.8).
    pub fn merge_for_scan(&mut self) -> MergeOutcome {
        let mut outcome = MergeOutcome::default();
        if self.cfg.variant == Variant::TwoM {
            return outcome;
        }
        while self.runs.len() as u64 > self.layout.query_pages {
            let frozen = self.migration.as_ref().map_or(0, |m| m.run_ids.len());
            let mergeable: Vec<usize> = (0..self.runs.len())
                .filter(|&i| i >= frozen && self.runs[i].pass == 1)
                // `take` counts runs, and there are never more than `runs.len()` of them.
                .take(self.layout.fan_in.min(self.runs.len() as u64) as usize)
                .collect();
            if mergeable.len() < 2 {
                if self.migration.is_none() {
                    outcome.stuck = Some(MasmError::ThreePassNeeded {
                        one_pass: self.one_pass_runs(),
                        two_pass: self.two_pass_runs(),
                        limit: self.layout.query_pages,
                    });
                }
                break;
            }
            if let Some(info) = self.merge_two_pass(&mergeable) {
                outcome.merges.push(info);
            }
        }
        outcome
    }

    /// Merge the given contiguous 1-pass runs (oldest first) into one 2-pass run in their place.
    fn merge_two_pass(&mut self, positions: &[usize]) -> Option<MergeInfo> {
        let (Some(&first), Some(&last)) = (positions.first(), positions.last()) else {
            return None;
        };
        let inputs: Vec<SortedRun> = self.runs.drain(first..=last).collect();
        let input_ids: Vec<(u64, u64)> = inputs.iter().map(|r| (r.id, r.pages)).collect();
        let mut records: Vec<UpdateRecord> = inputs.into_iter().flat_map(|r| r.records).collect();
        for r in &mut records {
            let before = usize::from(r.ssd_writes.clamp(1, 3)) - 1;
            r.ssd_writes += 1;
            let after = usize::from(r.ssd_writes.clamp(1, 3)) - 1;
            let hist = &mut self.metrics.write_histogram;
            // Every record in a run was counted in its bucket when it was written.
            debug_assert!(
                hist[before] > 0,
                "write histogram bucket {before} underflows"
            );
            hist[before] -= 1;
            hist[after] += 1;
        }
        let records = sort_and_coalesce(records, self.cfg.coalesce, &self.open_queries);
        for r in &records {
            self.metrics.max_record_writes = self.metrics.max_record_writes.max(r.ssd_writes);
        }
        self.metrics.record_writes += records.len() as u64;
        self.metrics.two_pass_merges += 1;
        let id = self.next_run_id;
        self.next_run_id += 1;
        let run = SortedRun::build(
            id,
            2,
            records,
            self.cfg.records_per_page,
            self.layout.records_per_granule,
        );
        self.metrics.ssd_pages_written_merge += run.pages;
        let info = MergeInfo {
            output_run_id: id,
            output_pages: run.pages,
            output_records: run.records.len() as u64,
            inputs: input_ids,
        };
        self.runs.insert(first, run);
        // The inputs were contiguous in time, so their merge sits where they were (inv. 6).
        debug_assert!(self.run_fits_in_time(first), "{:?}", self.ts_list());
        Some(info)
    }

    /// Run `at` is newer than the run before it and older than the run after it (inv. 6 at
    /// one place, O(1): the full check is `check_state`).
    fn run_fits_in_time(&self, at: usize) -> bool {
        let run = &self.runs[at];
        let before = at.checked_sub(1).and_then(|i| self.runs.get(i));
        run.min_ts <= run.max_ts
            && before.is_none_or(|b| b.max_ts < run.min_ts)
            && self.runs.get(at + 1).is_none_or(|a| run.max_ts < a.min_ts)
    }

    /// Each run's timestamp range, for an assertion's message.
    fn ts_list(&self) -> Vec<(u64, u64)> {
        self.runs.iter().map(|r| (r.min_ts, r.max_ts)).collect()
    }
}
