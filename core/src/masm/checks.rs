//! Invariants of the digest §3 as code, checked after every step in tests (and later in the lab).
//!
//! 1. `runs_sorted` (inv. 4): every run sorted by (key, ts); its index has one first key per
//!    granule, equal to the granule's first record, non-decreasing.
//! 2. `runs_immutable` (inv. 5): each run's fingerprint equals the one taken at its creation.
//! 3. `timestamps_disjoint_ordered` (inv. 6): for consecutive runs max_ts(A) < min_ts(B); the
//!    flush in flight and the buffer are newer than every run, in that order.
//! 4. `run_count_bound` (inv. 9): at the last scan, K1 + K2 ≤ Q (MaSM-αM) or ≤ M (MaSM-2M),
//!    except while a migration froze its runs (digest §8.8).
//! 5. `memory_bound` (inv. 12): buffer pages ≤ S + stolen, stolen ≤ Q; buffer + last scan's query
//!    pages ≤ αM (2M for MaSM-2M).
//! 6. `ssd_capacity` (inv. 14): live run pages ≤ ‖SSD‖ = M².
//! 7. `write_bound` (inv. 10): every record written once (MaSM-2M) or at most twice (MaSM-αM).
//! 8. `two_pass_inputs_earliest` (inv. 7): all 2-pass runs come before every 1-pass run outside a
//!    frozen migration set.
//! 9. `migration_safety` (inv. 19): every cached record not being migrated (runs outside R, the
//!    flush in flight, the buffer) is newer than every table page's timestamp, so the page filter
//!    u.ts > p.ts never hides an update that was not migrated.

use super::config::Variant;
use super::run::records_fingerprint;
use super::store::Masm;
use crate::sim::InvariantCheck;

impl Masm {
    /// Every check, in the order of the module header.
    pub fn check_invariants(&self) -> Vec<InvariantCheck> {
        let [sorted, immutable, writes] = self.check_runs();
        let mut out = Vec::with_capacity(9);
        out.extend([sorted, immutable]);
        self.check_state(&mut out);
        // Checks 3, 4, 5, 6, then 7, then 8 and 9.
        out.insert(6, writes);
        out
    }

    /// The checks that read every record of every run (1, 2, 7): a lab runs them when the runs
    /// change, not after every step.
    pub fn check_runs(&self) -> [InvariantCheck; 3] {
        let rpg = usize::try_from(self.layout.records_per_granule.max(1)).unwrap_or(usize::MAX);

        let bad_sort = self.runs.iter().find(|run| {
            let sorted = run
                .records
                .windows(2)
                .all(|w| (w[0].key, w[0].ts) < (w[1].key, w[1].ts));
            let index_ok = run.index.first_keys.len() == run.records.len().div_ceil(rpg)
                && run
                    .index
                    .first_keys
                    .iter()
                    .enumerate()
                    .all(|(g, k)| run.records.get(g * rpg).map(|r| r.key) == Some(*k));
            !(sorted && index_ok)
        });
        let sorted = InvariantCheck::check("runs_sorted", bad_sort.is_none(), || {
            format!(
                "run {:?} is not sorted by (key, ts) or its index is stale",
                bad_sort.map(|r| r.id)
            )
        });

        let changed = self
            .runs
            .iter()
            .find(|run| records_fingerprint(&run.records) != run.created_fingerprint);
        let immutable = InvariantCheck::check("runs_immutable", changed.is_none(), || {
            format!(
                "run {:?} changed after it was written",
                changed.map(|r| r.id)
            )
        });

        let max_writes: u8 = match self.cfg.variant {
            Variant::TwoM => 1,
            Variant::AlphaM { .. } => 2,
        };
        let worst = self
            .runs
            .iter()
            .flat_map(|r| r.records.iter())
            .map(|r| r.ssd_writes)
            .max()
            .unwrap_or(0)
            .max(self.metrics.max_record_writes);
        let writes = InvariantCheck::check("write_bound", worst <= max_writes, || {
            format!("a record was written {worst} times (bound {max_writes})")
        });
        [sorted, immutable, writes]
    }

    /// The timestamp ranges of check 3, oldest first: each run, the flush in flight, the buffer.
    fn ts_ranges(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let job = self.flush_job.as_ref().map(|job| {
            let min = job.records.iter().map(|r| r.ts).min().unwrap_or(0);
            let max = job.records.iter().map(|r| r.ts).max().unwrap_or(0);
            (min, max)
        });
        let buffer = self.buffer.min_ts().map(|min| (min, min));
        let runs = self.runs.iter().map(|r| (r.min_ts, r.max_ts));
        runs.chain(job).chain(buffer)
    }

    /// The cheap checks (3, 4, 5, 6, 8, 9), in that order, appended to `out` (after every step
    /// of the lab: allocates nothing while they pass).
    pub fn check_state(&self, out: &mut Vec<InvariantCheck>) {
        // Each range is well formed and ends before the next one starts.
        let mut ordered = true;
        let mut previous_hi = None;
        for (lo, hi) in self.ts_ranges() {
            ordered &= lo <= hi && previous_hi.is_none_or(|p| p < lo);
            previous_hi = Some(hi);
        }
        out.push(InvariantCheck::check(
            "timestamps_disjoint_ordered",
            ordered,
            || {
                let ranges: Vec<(u64, u64)> = self.ts_ranges().collect();
                format!("timestamp ranges overlap or are out of order: {ranges:?}")
            },
        ));

        let limit = match self.cfg.variant {
            Variant::TwoM => self.cfg.m_pages,
            Variant::AlphaM { .. } => self.layout.query_pages,
        };
        let count_ok =
            self.metrics.last_scan_during_migration || self.metrics.last_scan_runs <= limit;
        out.push(InvariantCheck::check("run_count_bound", count_ok, || {
            format!(
                "last scan read {} runs > limit {limit}",
                self.metrics.last_scan_runs
            )
        }));

        let buf_pages = self.buffer.pages_used();
        let memory_ok = buf_pages <= self.layout.buffer_pages + self.buffer.stolen_pages
            && self.buffer.stolen_pages <= self.layout.query_pages
            && (self.metrics.last_scan_during_migration
                || self.layout.buffer_pages + self.metrics.last_scan_runs
                    <= self.layout.memory_pages());
        out.push(InvariantCheck::check("memory_bound", memory_ok, || {
            format!(
                "buffer {buf_pages} pages (S {} + stolen {}), last scan {} query pages, memory {}",
                self.layout.buffer_pages,
                self.buffer.stolen_pages,
                self.metrics.last_scan_runs,
                self.layout.memory_pages()
            )
        }));

        let live = self.ssd_live_pages();
        out.push(InvariantCheck::check(
            "ssd_capacity",
            live <= self.layout.ssd_capacity_pages,
            || {
                format!(
                    "{live} live pages > ‖SSD‖ = {}",
                    self.layout.ssd_capacity_pages
                )
            },
        ));

        let frozen = self.migration.as_ref().map_or(0, |m| m.run_ids.len());
        let tail = self.runs.get(frozen..).unwrap_or(&[]);
        let first_one_pass = tail.iter().position(|r| r.pass == 1).unwrap_or(tail.len());
        let earliest_ok = tail.iter().skip(first_one_pass).all(|r| r.pass == 1);
        out.push(InvariantCheck::check(
            "two_pass_inputs_earliest",
            earliest_ok,
            || "a 2-pass run follows a 1-pass run: its inputs were not the earliest".to_string(),
        ));

        let max_page_ts = self
            .table
            .pages
            .iter()
            .map(|p| p.page_ts)
            .max()
            .unwrap_or(0);
        let oldest_unmigrated = tail
            .iter()
            .map(|r| r.min_ts)
            .chain(
                self.flush_job
                    .iter()
                    .flat_map(|j| j.records.iter().map(|r| r.ts)),
            )
            .chain(self.buffer.min_ts())
            .min();
        let safe = oldest_unmigrated.is_none_or(|ts| ts > max_page_ts);
        out.push(InvariantCheck::check("migration_safety", safe, || {
            format!("a cached record (ts {oldest_unmigrated:?}) is not newer than a page (ts {max_page_ts})")
        }));
    }
}
