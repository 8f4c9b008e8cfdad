//! Device timing under MaSM and its baselines: the calibrated HDD and SSD models driven directly,
//! without their labs (paper §5.1 testbed: a Barracuda 7200 rpm disk for the main data and an
//! Intel X25-E SSD for the update cache; Fig. 19 puts the cache on a second identical disk).
//!
//! 1. `hdd_dev`: a disk with its head state carried between calls; range reads split into
//!    ≤ 1 MiB requests issued back to back (§5.1), random read-modify-writes for in-place updates.
//! 2. `cache_dev`: the update cache, either the X25-E (FTL mapping + channel/die timing, so a
//!    batch of small reads overlaps over the dies) or a second disk.
//! 3. `masm_cost`: what each MaSM operation costs on those devices (scan, flush, merge, migration).
//! 4. `constants`: the provenance list the UI shows, taken from the presets themselves.
//!
//! All times are integer ns; every call returns the `Span` it occupied the device.

pub mod cache_dev;
pub mod constants;
pub mod hdd_dev;
pub mod masm_cost;
pub mod ssd_cache;

pub use cache_dev::CacheDev;
pub use constants::constants;
pub use hdd_dev::HddDev;
pub use masm_cost::{
    CacheSpace, ScanCost, TableLayout, flush_cost, flush_pages_cost, granule_bytes, merge_cost,
    migrate_page_cost, release_run, scan_cost,
};
pub use ssd_cache::SsdCache;

/// The MaSM testbed disk (§5.1).
pub const DEFAULT_HDD_PRESET: &str = "barracuda-7200-200gb";
/// The MaSM testbed SSD (§5.1).
pub const DEFAULT_SSD_DRIVE: &str = "x25e";
/// Asynchronous HDD read size of the paper's scans (§5.1: 1 MB requests).
pub const DEFAULT_SCAN_REQUEST_BYTES: u64 = 1 << 20;
/// MaSM's SSD I/O unit P (§5.1: 64 KB).
pub const DEFAULT_PAGE_BYTES: u64 = 64 << 10;

/// When a device operation started and ended (ns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start_ns: u64,
    pub end_ns: u64,
}

impl Span {
    pub fn duration_ns(&self) -> u64 {
        // A device span ends after it starts (`HddDev::range` moves time only forward).
        debug_assert!(self.end_ns >= self.start_ns, "span {self:?}");
        self.end_ns - self.start_ns
    }
}

/// The device holding the update cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CacheKind {
    /// An SSD drive preset of `device::ssd::drives` (e.g. "x25e").
    Ssd { drive: String },
    /// A second disk of an HDD preset (Fig. 19).
    Hdd { preset: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IoConfig {
    /// HDD preset holding the main data.
    pub hdd_preset: String,
    pub cache: CacheKind,
    /// P, MaSM's SSD I/O unit (64 KiB in the paper).
    pub page_bytes: u64,
    /// Size of each asynchronous HDD scan request (1 MiB in the paper).
    pub scan_request_bytes: u64,
    /// Size of the main data on the HDD; the key space maps evenly onto it.
    pub table_bytes: u64,
    /// Size of the cache address space (MaSM: M²·P). The SSD's FTL is sized from it (capped at
    /// `cache_dev::MAX_FTL_BYTES`; addresses beyond wrap round).
    pub cache_bytes: u64,
}

impl Default for IoConfig {
    /// The paper's testbed: Barracuda + X25-E, P = 64 KiB, 1 MiB scan requests; a 10 GB table
    /// and a 64 MiB cache are small stand-ins for its 100 GB table and 4 GB of SSD.
    fn default() -> Self {
        Self {
            hdd_preset: DEFAULT_HDD_PRESET.to_string(),
            cache: CacheKind::Ssd {
                drive: DEFAULT_SSD_DRIVE.to_string(),
            },
            page_bytes: DEFAULT_PAGE_BYTES,
            scan_request_bytes: DEFAULT_SCAN_REQUEST_BYTES,
            table_bytes: 10_000_000_000,
            cache_bytes: 64 << 20,
        }
    }
}

/// The two devices of one simulated machine.
#[derive(Debug, Clone)]
pub struct Devices {
    pub hdd: HddDev,
    pub cache: CacheDev,
}

impl Devices {
    /// Builds both devices; the error names the bad preset or size.
    pub fn new(cfg: &IoConfig) -> Result<Self, String> {
        if cfg.page_bytes == 0 || cfg.scan_request_bytes == 0 {
            return Err("page_bytes and scan_request_bytes must be positive".into());
        }
        let hdd = HddDev::new(&cfg.hdd_preset, cfg.scan_request_bytes)?;
        if cfg.table_bytes > hdd.capacity_bytes() {
            return Err(format!(
                "table_bytes {} does not fit on the {} disk ({} bytes)",
                cfg.table_bytes,
                cfg.hdd_preset,
                hdd.capacity_bytes()
            ));
        }
        let cache = CacheDev::new(
            &cfg.cache,
            cfg.page_bytes,
            cfg.cache_bytes,
            cfg.scan_request_bytes,
        )?;
        Ok(Self { hdd, cache })
    }
}
