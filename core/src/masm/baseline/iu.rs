//! IU, indexed updates on the SSD (§2.3, Fig. 5b, §5.1, §5.2): the "ideal-case IU" of the
//! paper, its index always in memory.
//!
//! 1. Update: give it the next timestamp, append it to the in-memory tail page of the SSD log
//!    and index it (key → (timestamp, log page, change)); the index is always in memory, the
//!    paper's best case for IU (§5.1). When the tail page holds 4096 / record_bytes records it is
//!    written to the SSD as one 4 KB page (log pages laid out sequentially, wrapping round the
//!    cache space: IU has no migration here). Updates arrive in random key order, so the
//!    updates of one key range lie one per log page (§2.3: "an entire SSD page has to be read
//!    and discarded for retrieving a single update entry").
//! 2. Scan [b, e]: the main disk reads the range in its 1 MB requests, back to back. The merge
//!    consumes the records in key order as their request arrives; for every relevant cached
//!    update, in (key, ts) order, its log page is needed: the tail page is in memory, a page in
//!    the small LRU (`iu_lru_pages`) is a hit, any other page is one random 4 KB SSD read
//!    (and enters the LRU). Reads are issued in that order with at most `iu_queue_depth`
//!    outstanding (`iu_fetch`; the paper does not give IU's read-ahead, so the depth is a named model
//!    choice, `DEFAULT_IU_QUEUE_DEPTH`): the SSD's random reads, not only the disk, set the pace.
//!    The scan ends when the disk and the merge are both done. Its disk requests and reads are
//!    issued one action at a time, earliest first (`iu::scan`): Fig. 16 runs a scan to its end
//!    at once, the lab as its clock advances, so a log page written meanwhile reaches the SSD
//!    between the reads issued before it and those after.
//! 3. Answer: the base rows of [b, e] with each key's cached updates applied in timestamp order,
//!    as they stand when the scan opens.

use std::collections::BTreeMap;

use super::arm_trace::ArmTrace;
pub mod scan;

use super::{BASELINE_PAGE_BYTES, BaselineConfig, BaselineMetrics, io_error, load_rows};
use crate::masm::error::MasmError;
use crate::masm::io::Devices;
use crate::masm::record::{Change, Row, apply};
use scan::OpenIuScan;

/// One cached update: its timestamp, the log page holding it, its change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cached {
    ts: u64,
    pub(super) page: u64,
    change: Change,
}

#[derive(Debug, Clone)]
pub struct Iu {
    pub(super) cfg: BaselineConfig,
    /// The main data on the disk (never changed: IU has no migration here).
    pub(super) table: BTreeMap<u64, Row>,
    pub devices: Devices,
    pub(super) index: BTreeMap<u64, Vec<Cached>>,
    next_ts: u64,
    /// The log page being filled in memory, and its records so far.
    pub(super) tail_page: u64,
    tail_records: u64,
    /// Cached log pages: page → last use, and last use → page (least recent first).
    pub(super) lru_by_page: BTreeMap<u64, u64>,
    lru_by_use: BTreeMap<u64, u64>,
    uses: u64,
    pub(super) metrics: BaselineMetrics,
    /// The last scan's SSD reads, (issue, end) in the merge's order (for the views).
    pub(super) last_reads: Vec<(u64, u64)>,
    /// The scans' disk requests and SSD record reads (the compare view's disk-arm trace).
    pub(super) arm: ArmTrace,
    /// Scans whose disk requests or merge are not all booked yet, oldest first (`iu::scan`).
    pub(super) open_scans: Vec<OpenIuScan>,
    pub(super) next_scan_id: u64,
    /// Durations of the lab's scans that ended since `take_finished_scan_ns`.
    pub(super) finished_scan_ns: Vec<u64>,
}

impl Iu {
    pub fn new(cfg: &BaselineConfig, base_rows: &[(u64, Row)]) -> Result<Self, MasmError> {
        cfg.validate()?;
        Ok(Self {
            table: load_rows(cfg, base_rows)?,
            cfg: cfg.clone(),
            devices: Devices::new(&cfg.io).map_err(io_error)?,
            index: BTreeMap::new(),
            next_ts: 1,
            tail_page: 0,
            tail_records: 0,
            lru_by_page: BTreeMap::new(),
            lru_by_use: BTreeMap::new(),
            uses: 0,
            metrics: BaselineMetrics::default(),
            last_reads: Vec::new(),
            arm: ArmTrace::default(),
            open_scans: Vec::new(),
            next_scan_id: 0,
            finished_scan_ns: Vec::new(),
        })
    }

    /// The last scan's SSD reads, (issue, end) ns, in the merge's key order.
    pub fn last_reads(&self) -> &[(u64, u64)] {
        &self.last_reads
    }

    /// The scans' disk requests and SSD record reads (the newest of each stream).
    pub fn arm_trace(&self) -> &ArmTrace {
        &self.arm
    }

    /// Cached updates not yet written back (all of them: IU never migrates here).
    pub fn cached_updates(&self) -> u64 {
        self.index.values().map(|v| v.len() as u64).sum()
    }

    /// Step 1: append to the log; the update that fills a page waits for its write. The lab's
    /// open scans first issue their I/O due before `now_ns` (`iu::scan`), so the page write
    /// reaches the SSD after those reads and before the later ones.
    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) -> Result<u64, MasmError> {
        self.cfg.check_key(key)?;
        self.run_scans(Some(now_ns));
        let ts = self.next_ts;
        self.next_ts += 1;
        self.index.entry(key).or_default().push(Cached {
            ts,
            page: self.tail_page,
            change,
        });
        self.metrics.updates += 1;
        self.tail_records += 1;
        if self.tail_records < self.cfg.records_per_ssd_page() {
            return Ok(now_ns);
        }
        let span = self.devices.cache.write_bytes(
            now_ns,
            self.log_offset(self.tail_page),
            BASELINE_PAGE_BYTES,
        );
        self.metrics.ssd_pages_written += 1;
        self.metrics.ssd_record_writes += self.tail_records;
        self.tail_page += 1;
        self.tail_records = 0;
        Ok(span.end_ns)
    }

    pub(super) fn log_offset(&self, page: u64) -> u64 {
        let pages = (self.cfg.io.cache_bytes / BASELINE_PAGE_BYTES).max(1);
        page % pages * BASELINE_PAGE_BYTES
    }

    /// Step 2, the LRU: is the page already in memory? Records the access either way.
    pub(super) fn touch(&mut self, page: u64) -> bool {
        if page == self.tail_page {
            return true;
        }
        self.uses += 1;
        if let Some(last) = self.lru_by_page.insert(page, self.uses) {
            self.lru_by_use.remove(&last);
            self.lru_by_use.insert(self.uses, page);
            return true;
        }
        self.lru_by_use.insert(self.uses, page);
        if self.lru_by_page.len() as u64 > self.cfg.iu_lru_pages
            && let Some((_, oldest)) = self.lru_by_use.pop_first()
        {
            self.lru_by_page.remove(&oldest);
        }
        false
    }

    /// Steps 2 and 3, to the scan's end (Fig. 16; `scan::run_scans`).
    pub fn scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        self.cfg.check_range(from, to)?;
        let id = self.open(now_ns, from, to, false);
        let rows = self.answer(from, to);
        self.run_scans(None)
            .into_iter()
            .find(|&(ended, _)| ended == id)
            .map(|(_, end_ns)| (rows, end_ns))
            .ok_or_else(|| MasmError::InvalidConfig(format!("scan of {from}..={to} never ended")))
    }

    /// Step 3: outer join of the base rows with the cached updates, by key.
    pub(super) fn answer(&self, from: u64, to: u64) -> Vec<(u64, Row)> {
        let mut keys: Vec<u64> = self.table.range(from..=to).map(|(&k, _)| k).collect();
        keys.extend(self.index.range(from..=to).map(|(&k, _)| k));
        keys.sort_unstable();
        keys.dedup();
        keys.into_iter()
            .filter_map(|key| {
                let base = self.table.get(&key).copied();
                let updates = self.index.get(&key).map_or(&[][..], Vec::as_slice);
                updates
                    .iter()
                    .fold(base, |row, c| apply(row, &c.change))
                    .map(|row| (key, row))
            })
            .collect()
    }

    pub fn metrics(&self) -> BaselineMetrics {
        BaselineMetrics {
            hdd_busy_ns: self.devices.hdd.busy_ns,
            ..self.metrics.clone()
        }
        .with_derived()
    }
}
