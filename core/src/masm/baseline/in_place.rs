//! In-place updates (§2.2, §5.1): the main data is changed where it lives on the disk.
//!
//! 1. The table is kept clustered by key on the main disk, key k at `k·b` (`BaselineConfig`).
//! 2. Update: apply the change to the stored row at once (so every later scan sees it), and
//!    charge one 4 KB read-modify-write of the disk page holding the key (§5.1: "4KB-sized
//!    read-modify-write I/Os to the main data on disk"): a seek and rotation to the page, a
//!    read, one more revolution, a write.
//! 3. Scan: a range read on the same disk in 1 MiB requests, starting from wherever the last
//!    update left the head: that is the interference of Figs. 3, 4 and 16, and it comes from the
//!    disk model's head state, nothing else.

use std::collections::BTreeMap;

use super::{BASELINE_PAGE_BYTES, BaselineConfig, BaselineMetrics, io_error, load_rows};
use crate::masm::error::MasmError;
use crate::masm::io::HddDev;
use crate::masm::record::{Change, Row, apply};

#[derive(Debug, Clone)]
pub struct InPlace {
    cfg: BaselineConfig,
    rows: BTreeMap<u64, Row>,
    pub hdd: HddDev,
    metrics: BaselineMetrics,
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
        })
    }

    /// Step 2: the row changes now; the disk is busy with the page's read-modify-write.
    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) -> Result<u64, MasmError> {
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
        self.metrics.updates += 1;
        self.metrics.hdd_pages_read += 1;
        self.metrics.hdd_pages_written += 1;
        Ok(span.end_ns)
    }

    /// Step 3: the disk range read, from wherever the head is.
    pub fn scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        self.cfg.check_range(from, to)?;
        let (offset, end) = self.cfg.key_range_bytes(from, to);
        let span = self.hdd.read(now_ns, offset, end - offset);
        self.metrics.hdd_pages_read += (end - offset).div_ceil(BASELINE_PAGE_BYTES);
        self.metrics.record_scan(now_ns, span.end_ns);
        let rows = self.rows.range(from..=to).map(|(&k, &r)| (k, r)).collect();
        Ok((rows, span.end_ns))
    }

    pub fn metrics(&self) -> BaselineMetrics {
        BaselineMetrics {
            hdd_busy_ns: self.hdd.busy_ns,
            ..self.metrics.clone()
        }
        .with_derived()
    }
}
