//! LSM on the SSD (§2.3, §4.5, Fig. 5c, Table III): the baseline that fixes IU's random reads
//! with sorted levels but rewrites every update many times.
//!
//! 1. Shape (`tree::LsmShape`): C0 = `lsm_c0_records` in memory, `lsm_levels` levels C1..Ch on
//!    the SSD with one size ratio r, together exactly the cache (`io.cache_bytes / record_bytes`
//!    records). Each level owns a region of the cache address space; a record of key k sits at
//!    the fraction k / key_space of its level's region (levels are sorted by key).
//! 2. Update: the record enters C0; the merge steps it triggers (`tree`, rolling merges moving
//!    chunks of about C0/16 records, at most one 4 KB page, down one level) each read the chunk
//!    (from memory for C0) and the next level's records in its key range with one batch of
//!    asynchronous reads, then write the merged range back sequentially in 4 KB pages. The
//!    update returns when its merges are written (they block it, like a MaSM flush).
//! 3. When the last level is full the SSD is full: it is migrated into the main data (applied to
//!    the table, the table's byte range read and written back sequentially on the HDD).
//! 4. Scan [from, to]: the HDD range read overlapped with one batch of SSD reads, per non-empty
//!    level the pages holding its records in the range (at least one page: the level's index
//!    points at one); rows = the table range with each key's records applied deepest level
//!    first.
//! 5. Metrics: `ssd_record_writes` counts every record a merge writes (Table III's logical
//!    writes, "÷U for physical" in 4 KB pages of U records: `ssd_pages_written`).

pub mod tree;

use std::collections::BTreeMap;

use super::{BASELINE_PAGE_BYTES, BaselineConfig, BaselineMetrics, io_error, load_rows};
use crate::masm::error::MasmError;
use crate::masm::io::{Devices, Span};
use crate::masm::record::{Change, Row, UpdateRecord, apply};

pub use tree::{LsmShape, LsmTree, MergePolicy, MergeStep, size_ratio};

/// Seed of the scattered merge policy's chunk positions.
const MERGE_SEED: u64 = 0x4C53_4D00;

#[derive(Debug, Clone)]
pub struct Lsm {
    cfg: BaselineConfig,
    dev: Devices,
    /// The main data on the disk (changed only by migrations).
    table: BTreeMap<u64, Row>,
    tree: LsmTree,
    /// Byte address of level i+1's region in the cache, and its size.
    level_base_bytes: Vec<u64>,
    level_bytes: Vec<u64>,
    next_ts: u64,
    steps: Vec<MergeStep>,
    metrics: BaselineMetrics,
    pub migrations: u64,
}

impl Lsm {
    pub fn new(cfg: &BaselineConfig, base_rows: &[(u64, Row)]) -> Result<Self, MasmError> {
        cfg.validate()?;
        let ssd_records = cfg.io.cache_bytes / cfg.record_bytes;
        let shape = LsmShape::new(cfg.lsm_c0_records, cfg.lsm_levels, ssd_records)?;
        let chunk = (cfg.lsm_c0_records / 16).clamp(1, cfg.records_per_ssd_page());
        let mut level_base_bytes = Vec::with_capacity(shape.levels());
        let mut level_bytes = Vec::with_capacity(shape.levels());
        let mut base = 0;
        for &records in &shape.level_records {
            level_base_bytes.push(base);
            level_bytes.push(records * cfg.record_bytes);
            base += records * cfg.record_bytes;
        }
        let tree = LsmTree::new(
            shape,
            chunk,
            MergePolicy::Scattered,
            cfg.key_space,
            MERGE_SEED,
        )?;
        Ok(Self {
            dev: Devices::new(&cfg.io).map_err(io_error)?,
            table: load_rows(cfg, base_rows)?,
            tree,
            level_base_bytes,
            level_bytes,
            next_ts: 1,
            steps: Vec::new(),
            metrics: BaselineMetrics::default(),
            migrations: 0,
            cfg: cfg.clone(),
        })
    }

    pub fn tree(&self) -> &LsmTree {
        &self.tree
    }

    pub fn devices(&self) -> &Devices {
        &self.dev
    }

    /// Byte address in the cache of key `key` within SSD level `level` (1-based).
    fn level_offset(&self, level: usize, key: u64) -> u64 {
        let size = self.level_bytes[level - 1];
        let within = u128::from(size) * u128::from(key) / u128::from(self.cfg.key_space.max(1));
        let within =
            u64::try_from(within).unwrap_or(size) / BASELINE_PAGE_BYTES * BASELINE_PAGE_BYTES;
        self.level_base_bytes[level - 1] + within
    }

    /// 4 KB pages holding `records` records (0 for none).
    fn pages(&self, records: u64) -> u64 {
        records.div_ceil(self.cfg.records_per_ssd_page())
    }

    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) -> Result<u64, MasmError> {
        self.cfg.check_key(key)?;
        let ts = self.next_ts;
        self.next_ts += 1;
        self.metrics.updates += 1;
        let mut steps = std::mem::take(&mut self.steps);
        steps.clear();
        let writes_before = self.tree.record_writes;
        self.tree.insert(
            UpdateRecord {
                ts,
                key,
                change,
                ssd_writes: 0,
            },
            &mut steps,
        );
        self.metrics.ssd_record_writes += self.tree.record_writes - writes_before;
        let mut done_ns = now_ns;
        for step in &steps {
            done_ns = self.merge_io(done_ns, step);
        }
        self.steps = steps;
        if self.tree.last_level_full() {
            done_ns = self.migrate(done_ns);
        }
        Ok(done_ns)
    }

    /// Step 2: the reads and the write of one merge step.
    fn merge_io(&mut self, ready_ns: u64, step: &MergeStep) -> u64 {
        let lower = step.from + 1;
        let at = self.level_offset(lower, step.lo_key);
        let mut pieces = Vec::with_capacity(2);
        if step.from >= 1 {
            let upper_pages = self.pages(step.moved);
            let upper_at = self.level_offset(step.from, step.lo_key);
            pieces.push((upper_at, upper_pages * BASELINE_PAGE_BYTES));
            self.metrics.ssd_pages_read += upper_pages;
        }
        let lower_pages = self.pages(step.lower_read);
        pieces.push((at, lower_pages * BASELINE_PAGE_BYTES));
        self.metrics.ssd_pages_read += lower_pages;
        let read = self.dev.cache.read_pieces(ready_ns, &pieces);
        let written_pages = self.pages(step.written);
        self.metrics.ssd_pages_written += written_pages;
        let write =
            self.dev
                .cache
                .write_bytes(read.end_ns, at, written_pages * BASELINE_PAGE_BYTES);
        write.end_ns
    }

    /// Step 3: apply the last level to the table and rewrite the byte range it spans.
    fn migrate(&mut self, ready_ns: u64) -> u64 {
        let records = self.tree.drain_last_level();
        let (Some(first), Some(last)) = (records.first(), records.last()) else {
            return ready_ns;
        };
        let (start, end) = self.cfg.key_range_bytes(first.key, last.key);
        let read = self.dev.hdd.read(ready_ns, start, end - start);
        let write = self.dev.hdd.write(read.end_ns, start, end - start);
        let pages = (end - start).div_ceil(BASELINE_PAGE_BYTES);
        self.metrics.hdd_pages_read += pages;
        self.metrics.hdd_pages_written += pages;
        apply_to_table(&mut self.table, &records);
        self.migrations += 1;
        write.end_ns
    }

    pub fn scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        self.cfg.check_range(from, to)?;
        let (start, end) = self.cfg.key_range_bytes(from, to);
        let hdd: Span = self.dev.hdd.read(now_ns, start, end - start);
        self.metrics.hdd_pages_read += (end - start).div_ceil(BASELINE_PAGE_BYTES);
        let counts = self.tree.level_range_counts(from, to);
        let mut pieces = Vec::with_capacity(counts.len());
        for (i, &count) in counts.iter().enumerate() {
            if self.tree.component_len(i + 1) == 0 {
                continue;
            }
            let pages = self.pages(count).max(1);
            self.metrics.ssd_pages_read += pages;
            pieces.push((self.level_offset(i + 1, from), pages * BASELINE_PAGE_BYTES));
        }
        let ssd = self.dev.cache.read_pieces(now_ns, &pieces);
        let end_ns = hdd.end_ns.max(ssd.end_ns);
        let base: Vec<(u64, Row)> = self.table.range(from..=to).map(|(&k, &r)| (k, r)).collect();
        let rows = merge_rows(&base, &self.tree.range_updates(from, to));
        self.metrics.record_scan(now_ns, end_ns);
        Ok((rows, end_ns))
    }

    pub fn metrics(&self) -> BaselineMetrics {
        BaselineMetrics {
            hdd_busy_ns: self.dev.hdd.busy_ns,
            ..self.metrics.clone()
        }
        .with_derived()
    }
}

/// Outer join of table rows with update records (sorted by key, per key oldest first).
fn merge_rows(base: &[(u64, Row)], updates: &[UpdateRecord]) -> Vec<(u64, Row)> {
    let mut rows = Vec::with_capacity(base.len());
    let (mut bi, mut ui) = (0, 0);
    loop {
        let key = match (base.get(bi), updates.get(ui)) {
            (Some(b), Some(u)) => b.0.min(u.key),
            (Some(b), None) => b.0,
            (None, Some(u)) => u.key,
            (None, None) => break,
        };
        let mut row = None;
        if base.get(bi).is_some_and(|b| b.0 == key) {
            row = Some(base[bi].1);
            bi += 1;
        }
        while updates.get(ui).is_some_and(|u| u.key == key) {
            row = apply(row, &updates[ui].change);
            ui += 1;
        }
        if let Some(row) = row {
            rows.push((key, row));
        }
    }
    rows
}

/// Apply records (one per key) to the main data.
fn apply_to_table(table: &mut BTreeMap<u64, Row>, records: &[UpdateRecord]) {
    for record in records {
        match apply(table.get(&record.key).copied(), &record.change) {
            Some(row) => table.insert(record.key, row),
            None => table.remove(&record.key),
        };
    }
}
