//! In-place updates (§2.2, §5.1): the main data is changed where it lives on the disk.
//!
//! 1. The table is kept clustered by key on the main disk, key k at `k·b` (`BaselineConfig`).
//! 2. Update: apply the change to the stored row at once (so every later scan sees it), and
//!    charge one 4 KB read-modify-write of the disk page holding the key (§5.1: "4KB-sized
//!    read-modify-write I/Os to the main data on disk"): a seek and rotation to the page, a
//!    read, one more revolution, a write.
//! 3. Scan: a range read on the same disk in 1 MiB requests issued one by one, each when the
//!    previous one has completed. The disk serves requests in arrival order, so an update that
//!    arrived before a request is served first and pulls the head away: the next request pays
//!    a seek and a rotation back. That is the interference of Figs. 3, 4 and 16, and it comes
//!    from the disk model's head state, nothing else. One routine interleaves them
//!    (`scan::run_scans`): Fig. 16 runs a scan to its end against a closed-loop
//!    updater (`scan_with`); the lab books a scan's requests as its clock advances and its
//!    updates arrive (`open_scan`, `update`, `advance_scans`).
//! 4. Answer: Fig. 16, each key's row as it stood when the request holding it was read; the
//!    lab, the rows as they stood when the scan opened (the query's snapshot, which the lab
//!    checks every scheme against; see `open_scan`).

use std::collections::BTreeMap;

use super::arm_trace::ArmTrace;
pub mod scan;

use super::updater::{NoUpdates, UpdateSource};
use super::{BASELINE_PAGE_BYTES, BaselineConfig, BaselineMetrics, io_error, load_rows};
use crate::masm::error::MasmError;
use crate::masm::io::HddDev;
use crate::masm::record::{Change, Row, apply};
use scan::{OpenScan, Pending};

#[derive(Debug, Clone)]
pub struct InPlace {
    pub(super) cfg: BaselineConfig,
    pub(super) rows: BTreeMap<u64, Row>,
    pub hdd: HddDev,
    pub(super) metrics: BaselineMetrics,
    pub(super) head_trace: Vec<HeadVisit>,
    /// Every request's span and offset, scan and updates (the compare view's disk-arm trace).
    pub(super) arm: ArmTrace,
    /// Scans whose requests are not all booked yet, oldest first.
    pub(super) open_scans: Vec<OpenScan>,
    pub(super) next_scan_id: u64,
    /// Durations of the lab's scans that ended since `take_finished_scan_ns`.
    pub(super) finished_scan_ns: Vec<u64>,
}

/// One disk request of a scan with updates: where the head went, when it was done, and whose
/// request it was (the scan's or an update's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeadVisit {
    pub offset_bytes: u64,
    pub end_ns: u64,
    pub is_update: bool,
}

impl HeadVisit {
    pub(super) fn scan(offset_bytes: u64, end_ns: u64) -> Self {
        Self {
            offset_bytes,
            end_ns,
            is_update: false,
        }
    }
    pub(super) fn update(offset_bytes: u64, end_ns: u64) -> Self {
        Self {
            offset_bytes,
            end_ns,
            is_update: true,
        }
    }
}

impl InPlace {
    pub fn new(cfg: &BaselineConfig, base_rows: &[(u64, Row)]) -> Result<Self, MasmError> {
        cfg.validate()?;
        let hdd = HddDev::new(&cfg.io.hdd_preset, cfg.io.scan_request_bytes).map_err(io_error)?;
        if cfg.io.table_bytes > hdd.capacity_bytes() {
            return Err(io_error(format!(
                "table_bytes {} does not fit on the {} disk",
                cfg.io.table_bytes, cfg.io.hdd_preset
            )));
        }
        Ok(Self {
            rows: load_rows(cfg, base_rows)?,
            cfg: cfg.clone(),
            hdd,
            metrics: BaselineMetrics::default(),
            head_trace: Vec::new(),
            arm: ArmTrace::default(),
            open_scans: Vec::new(),
            next_scan_id: 0,
            finished_scan_ns: Vec::new(),
        })
    }

    /// Step 2, arriving at `now_ns`: the lab's open scans first book their requests issued no
    /// later (the disk serves in arrival order, `scan`), then the update is served.
    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) -> Result<u64, MasmError> {
        self.cfg.check_key(key)?;
        let mut pending = Pending::new(now_ns, key, change);
        self.run_scans(&mut pending, Some(now_ns))?;
        match pending.served_ns() {
            Some(done_ns) => Ok(done_ns),
            None => self.apply_update(now_ns, key, change),
        }
    }

    /// Step 2 itself: the row changes now; the disk is busy with the page's read-modify-write.
    pub(super) fn apply_update(
        &mut self,
        now_ns: u64,
        key: u64,
        change: Change,
    ) -> Result<u64, MasmError> {
        self.cfg.check_key(key)?;
        match apply(self.rows.get(&key).copied(), &change) {
            Some(row) => self.rows.insert(key, row),
            None => self.rows.remove(&key),
        };
        let (offset, _) = self.cfg.key_range_bytes(key, key);
        let page_offset = offset / BASELINE_PAGE_BYTES * BASELINE_PAGE_BYTES;
        let span = self
            .hdd
            .read_modify_write(now_ns, page_offset, BASELINE_PAGE_BYTES);
        self.arm.other.push(span.start_ns, span.end_ns, page_offset);
        self.metrics.updates += 1;
        self.metrics.hdd_pages_read += 1;
        self.metrics.hdd_pages_written += 1;
        Ok(span.end_ns)
    }

    /// Step 3 without competing updates: the requests run back to back.
    pub fn scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        self.scan_with(now_ns, from, to, &mut NoUpdates)
    }

    /// Steps 3 and 4 (Fig. 16): the range read request by request, `updates` served in arrival
    /// order between the requests (`scan::run_scans`), to the scan's end.
    pub fn scan_with(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
        updates: &mut dyn UpdateSource,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        self.cfg.check_range(from, to)?;
        self.head_trace.clear();
        let id = self.open(now_ns, from, to, true);
        let finished = self.run_scans(updates, None)?;
        finished
            .into_iter()
            .find(|done| done.id == id)
            .map(|done| (done.rows, done.end_ns))
            .ok_or_else(|| MasmError::InvalidConfig(format!("scan of {from}..={to} never ended")))
    }

    /// The disk requests this baseline issued (the newest of each stream).
    pub fn arm_trace(&self) -> &ArmTrace {
        &self.arm
    }

    /// The disk positions the last scan's requests and the updates between them visited.
    pub fn head_trace(&self) -> &[HeadVisit] {
        &self.head_trace
    }

    pub fn metrics(&self) -> BaselineMetrics {
        BaselineMetrics {
            hdd_busy_ns: self.hdd.busy_ns,
            ..self.metrics.clone()
        }
        .with_derived()
    }
}
