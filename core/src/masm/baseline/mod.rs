//! The schemes MaSM is compared against (§2.2, §2.3, §4.5, Fig. 5b, Table III), run on the same
//! devices (`masm::io`) with the same operations, and answering the same scans.
//!
//! 1. `in_place` (§2.2): every update is one random read-modify-write of its table page on the
//!    HDD; a scan reads the range from the HDD request by request, its head pulled away by the
//!    RMWs that arrive between its requests (`in_place::scan`).
//! 2. `iu` (§2.3, Fig. 5b): updates appended to an SSD log in 4 KB pages with an in-memory
//!    index; a scan reads the HDD range and, as its merge consumes the records in key order,
//!    does one random 4 KB SSD read per relevant cached update whose page is not in memory, at
//!    most `iu_queue_depth` outstanding (`iu_fetch`).
//! 3. `lsm` (§2.3, §4.5, Table III): C0 in memory, levels on the SSD with rolling merges.
//! 4. `Baseline` dispatches to the three; every scheme reports `BaselineMetrics`, and in-place
//!    and IU the I/Os they issued (`arm_trace`, for the compare view's disk-arm trace).

pub mod arm_trace;
pub mod in_place;
pub mod iu;
pub mod iu_fetch;
pub mod lsm;
pub mod updater;

use std::collections::BTreeMap;

use super::error::MasmError;
use super::io::IoConfig;
use super::record::{Change, Row};

pub use in_place::InPlace;
pub use iu::Iu;
pub use lsm::Lsm;

/// IU's SSD reads outstanding during a scan, by default: one. The merge needs each record's
/// update when it reaches the record (§2.3: "the PDT tables are accessed in a random fashion
/// during a range scan"; PDT looks the update up as the scan reaches its position, Héman et al.
/// 2010), so a merge that does not read ahead has one read in flight. The paper does not state
/// IU's read-ahead (digest §8.22): this is a model choice, named in the Fig. 16 claims.
pub const DEFAULT_IU_QUEUE_DEPTH: u64 = 1;
/// The deepest IU read-ahead: SATA's native command queue holds 32 commands (SATA 2.6, NCQ),
/// the depth at which the X25-E's "> 35,000 random 4 KB reads/s" is rated (Intel datasheet).
pub const MAX_IU_QUEUE_DEPTH: u64 = 32;

/// Bytes of one baseline SSD page and of one in-place HDD read-modify-write (§2.2, §2.3: 4 KB).
pub const BASELINE_PAGE_BYTES: u64 = 4096;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SchemeKind {
    InPlace,
    Iu,
    Lsm,
}

impl SchemeKind {
    /// The short name used in views ("in_place", "iu", "lsm").
    pub fn name(self) -> &'static str {
        match self {
            SchemeKind::InPlace => "in_place",
            SchemeKind::Iu => "iu",
            SchemeKind::Lsm => "lsm",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SchemeKind::InPlace => "in-place updates (§2.2)",
            SchemeKind::Iu => "IU on SSD (§2.3)",
            SchemeKind::Lsm => "LSM on SSD (§2.3)",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaselineConfig {
    /// Keys are `0..key_space`; key k occupies `[k·b, (k+1)·b)` on the HDD with
    /// `b = io.table_bytes / key_space`.
    pub key_space: u64,
    pub keys_per_table_page: u64,
    /// Bytes of one update record in the SSD log / LSM levels.
    pub record_bytes: u64,
    pub io: IoConfig,
    /// IU: pages of the SSD log kept in memory (LRU).
    pub iu_lru_pages: u64,
    /// IU: SSD reads outstanding while a scan's merge fetches updates (1..=32).
    pub iu_queue_depth: u64,
    /// LSM: records held in memory (C0) before a rolling merge into C1.
    pub lsm_c0_records: u64,
    /// LSM: SSD levels C1..Ch.
    pub lsm_levels: u32,
}

impl BaselineConfig {
    /// Bytes of the HDD each key occupies (at least 1).
    pub fn bytes_per_key(&self) -> u64 {
        (self.io.table_bytes / self.key_space.max(1)).max(1)
    }

    /// Byte range `[start, end)` on the HDD holding keys `from..=to`.
    pub fn key_range_bytes(&self, from: u64, to: u64) -> (u64, u64) {
        let b = self.bytes_per_key();
        (from * b, (to + 1) * b)
    }

    /// Update records per 4 KB SSD page (at least 1).
    pub fn records_per_ssd_page(&self) -> u64 {
        (BASELINE_PAGE_BYTES / self.record_bytes.max(1)).max(1)
    }

    /// Rejects keys outside the key space and ranges with from > to.
    pub fn check_key(&self, key: u64) -> Result<(), MasmError> {
        if key >= self.key_space {
            return Err(MasmError::KeyOutOfRange {
                key,
                key_space: self.key_space,
            });
        }
        Ok(())
    }

    pub fn check_range(&self, from: u64, to: u64) -> Result<(), MasmError> {
        if from > to {
            return Err(MasmError::EmptyRange {
                begin_key: from,
                end_key: to,
            });
        }
        self.check_key(to)
    }

    /// Shared checks of `new`.
    pub fn validate(&self) -> Result<(), MasmError> {
        if self.key_space == 0 || self.keys_per_table_page == 0 || self.record_bytes == 0 {
            return Err(MasmError::InvalidConfig(
                "key_space, keys_per_table_page and record_bytes must be positive".into(),
            ));
        }
        if !(1..=MAX_IU_QUEUE_DEPTH).contains(&self.iu_queue_depth) {
            return Err(MasmError::InvalidConfig(format!(
                "iu_queue_depth {} is outside 1..={MAX_IU_QUEUE_DEPTH}",
                self.iu_queue_depth
            )));
        }
        Ok(())
    }
}

/// Counters every scheme reports. Derived fields (`ssd_writes_per_update`, `mean_scan_ns`) are
/// filled by `with_derived`, which `Baseline::metrics` always applies.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BaselineMetrics {
    pub updates: u64,
    pub scans: u64,
    /// 4 KB SSD pages physically written.
    pub ssd_pages_written: u64,
    /// 4 KB SSD pages read.
    pub ssd_pages_read: u64,
    /// Update records written to the SSD, counting every rewrite by a merge (logical writes).
    pub ssd_record_writes: u64,
    /// `ssd_record_writes / updates` (0 with no updates).
    pub ssd_writes_per_update: f64,
    /// Total time the HDD was busy.
    pub hdd_busy_ns: u64,
    /// 4 KB HDD pages read and written.
    pub hdd_pages_read: u64,
    pub hdd_pages_written: u64,
    /// Duration (completion − arrival) of the last scan and of all scans.
    pub last_scan_ns: u64,
    pub total_scan_ns: u64,
    /// `total_scan_ns / scans` (0 with no scans).
    pub mean_scan_ns: u64,
}

impl BaselineMetrics {
    pub fn with_derived(mut self) -> Self {
        self.ssd_writes_per_update = if self.updates == 0 {
            0.0
        } else {
            self.ssd_record_writes as f64 / self.updates as f64
        };
        self.mean_scan_ns = self.total_scan_ns.checked_div(self.scans).unwrap_or(0);
        self
    }

    /// Records one finished scan.
    pub fn record_scan(&mut self, now_ns: u64, end_ns: u64) {
        self.scans += 1;
        // A scan's I/O completes after it was asked (devices book work from `now_ns` on).
        debug_assert!(end_ns >= now_ns, "scan ends at {end_ns}, before {now_ns}");
        self.last_scan_ns = end_ns - now_ns;
        self.total_scan_ns += self.last_scan_ns;
    }
}

/// Converts a device-construction error into the MaSM error type.
pub fn io_error(message: String) -> MasmError {
    MasmError::InvalidConfig(message)
}

/// Loads base rows into the reference map the schemes keep their table in (keys checked).
pub fn load_rows(
    cfg: &BaselineConfig,
    base_rows: &[(u64, Row)],
) -> Result<BTreeMap<u64, Row>, MasmError> {
    let mut rows = BTreeMap::new();
    for &(key, row) in base_rows {
        cfg.check_key(key)?;
        rows.insert(key, row);
    }
    Ok(rows)
}

/// A scan's rows and, if the scheme booked all its I/O at once, its completion (`open_scan`).
pub type OpenedScan = (Vec<(u64, Row)>, Option<u64>);

/// One baseline scheme.
#[derive(Debug, Clone)]
pub enum Baseline {
    InPlace(Box<InPlace>),
    Iu(Box<Iu>),
    Lsm(Box<Lsm>),
}

impl Baseline {
    pub fn new(
        kind: SchemeKind,
        cfg: &BaselineConfig,
        base_rows: &[(u64, Row)],
    ) -> Result<Self, MasmError> {
        Ok(match kind {
            SchemeKind::InPlace => Baseline::InPlace(Box::new(InPlace::new(cfg, base_rows)?)),
            SchemeKind::Iu => Baseline::Iu(Box::new(Iu::new(cfg, base_rows)?)),
            SchemeKind::Lsm => Baseline::Lsm(Box::new(Lsm::new(cfg, base_rows)?)),
        })
    }

    pub fn kind(&self) -> SchemeKind {
        match self {
            Baseline::InPlace(_) => SchemeKind::InPlace,
            Baseline::Iu(_) => SchemeKind::Iu,
            Baseline::Lsm(_) => SchemeKind::Lsm,
        }
    }

    pub fn label(&self) -> &'static str {
        self.kind().label()
    }

    /// Applies one update arriving at `now_ns`; returns when the scheme has absorbed it.
    pub fn update(&mut self, now_ns: u64, key: u64, change: Change) -> Result<u64, MasmError> {
        match self {
            Baseline::InPlace(s) => s.update(now_ns, key, change),
            Baseline::Iu(s) => s.update(now_ns, key, change),
            Baseline::Lsm(s) => s.update(now_ns, key, change),
        }
    }

    /// Range scan `[from, to]` arriving at `now_ns`: rows in key order and the completion time.
    pub fn scan(
        &mut self,
        now_ns: u64,
        from: u64,
        to: u64,
    ) -> Result<(Vec<(u64, Row)>, u64), MasmError> {
        match self {
            Baseline::InPlace(s) => s.scan(now_ns, from, to),
            Baseline::Iu(s) => s.scan(now_ns, from, to),
            Baseline::Lsm(s) => s.scan(now_ns, from, to),
        }
    }

    /// The lab's scan of `[from, to]` arriving at `now_ns`: its rows, and its completion if the
    /// scheme books it at once (LSM). In-place and IU issue its I/O as the lab's clock advances
    /// (`in_place::scan`, `iu::scan`): its duration comes from `advance`.
    pub fn open_scan(&mut self, now_ns: u64, from: u64, to: u64) -> Result<OpenedScan, MasmError> {
        match self {
            Baseline::InPlace(s) => Ok((s.open_scan(now_ns, from, to)?, None)),
            Baseline::Iu(s) => Ok((s.open_scan(now_ns, from, to)?, None)),
            Baseline::Lsm(_) => self
                .scan(now_ns, from, to)
                .map(|(rows, end)| (rows, Some(end))),
        }
    }

    /// The lab's clock is at `now_ns` (`None`: the run has ended): in-place and IU book their
    /// open scans' I/O issued before then; returns the durations of the scans that ended.
    pub fn advance(&mut self, now_ns: Option<u64>) -> Result<Vec<u64>, MasmError> {
        Ok(match self {
            Baseline::InPlace(s) => {
                match now_ns {
                    Some(now_ns) => s.advance_scans(now_ns)?,
                    None => s.finish_scans()?,
                }
                s.take_finished_scan_ns()
            }
            Baseline::Iu(s) => {
                match now_ns {
                    Some(now_ns) => s.advance_scans(now_ns),
                    None => s.finish_scans(),
                }
                s.take_finished_scan_ns()
            }
            Baseline::Lsm(_) => Vec::new(),
        })
    }

    /// The I/Os in-place and IU issued (LSM: none recorded).
    pub fn arm_trace(&self) -> Option<&arm_trace::ArmTrace> {
        match self {
            Baseline::InPlace(s) => Some(s.arm_trace()),
            Baseline::Iu(s) => Some(s.arm_trace()),
            Baseline::Lsm(_) => None,
        }
    }

    pub fn metrics(&self) -> BaselineMetrics {
        match self {
            Baseline::InPlace(s) => s.metrics(),
            Baseline::Iu(s) => s.metrics(),
            Baseline::Lsm(s) => s.metrics(),
        }
        .with_derived()
    }
}
