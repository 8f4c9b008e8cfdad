//! Shared set-up of the device-timed MaSM reproductions (Figs. 12–16, 19, 20).
//!
//! 1. Paper scale (§5.1, Table II): a 100 GiB table on the Barracuda, a 4 GiB X25-E update cache
//!    of 64 KiB pages (M = 256), 1 MiB scan requests. The table's key space is in 4 KiB keys
//!    (one key = one disk page, 26,214,400 keys), so a 4 KB range is one key.
//! 2. Granularity: a simulated update record stands for 4 KiB of update records (16 per 64 KiB
//!    page, the fewest that lets the fine index, g = 1/16, name single records). Run sizes in
//!    pages, run counts and granule positions are the paper's; only the record contents are
//!    coarser.
//! 3. MaSM states are built by running `Masm` on uniformly random keys.
//! 4. The SSD's address space is written once, in order, before any run is placed, so that every
//!    run's pages are mapped and striped over the dies as a sequentially written run is
//!    (`prefilled_devices`); runs are then placed with `CacheSpace` in run order. Reads of a
//!    placed run are therefore timed like reads of what `flush_cost` would have written, without
//!    writing 4 GiB per configuration.
//! 5. Range positions are uniformly random (fixed seed); scans run back to back, each issued when
//!    the previous one finished, so every scan starts with a random seek as in §5.1.

use crate::masm::io::{
    CacheKind, CacheSpace, DEFAULT_HDD_PRESET, DEFAULT_PAGE_BYTES, DEFAULT_SCAN_REQUEST_BYTES,
    DEFAULT_SSD_DRIVE, Devices, IoConfig, TableLayout,
};
use crate::masm::{Change, FieldPatch, Granularity, Masm, MasmConfig, MasmError, Variant};
use crate::sim::Rng;

pub const KIB: u64 = 1 << 10;
pub const MIB: u64 = 1 << 20;
pub const GIB: u64 = 1 << 30;
/// T = 100 GiB (Table II).
pub const TABLE_BYTES: u64 = 100 * GIB;
/// One key = one 4 KiB table page.
pub const KEY_BYTES: u64 = 4 * KIB;
pub const RECORDS_PER_PAGE: u64 = 16;
/// Keys per MaSM table page (1 MiB: the unit a migration reads and writes back).
pub const KEYS_PER_TABLE_PAGE: u64 = 256;
pub const M_PAGES: u64 = 256;

pub fn io_config(table_bytes: u64, cache: CacheKind, cache_bytes: u64) -> IoConfig {
    IoConfig {
        hdd_preset: DEFAULT_HDD_PRESET.to_string(),
        cache,
        page_bytes: DEFAULT_PAGE_BYTES,
        scan_request_bytes: DEFAULT_SCAN_REQUEST_BYTES,
        table_bytes,
        cache_bytes,
    }
}

pub fn x25e() -> CacheKind {
    CacheKind::Ssd {
        drive: DEFAULT_SSD_DRIVE.to_string(),
    }
}

pub fn table_layout(table_bytes: u64) -> TableLayout {
    TableLayout::new(table_bytes / KEY_BYTES, KEYS_PER_TABLE_PAGE, table_bytes)
}

/// MaSM-αM over a table of `table_bytes` in 4 KiB keys.
pub fn masm_config(
    m_pages: u64,
    alpha: (u64, u64),
    granularity: Granularity,
    table_bytes: u64,
    page_stealing: bool,
) -> MasmConfig {
    let mut cfg = MasmConfig::masm_m(m_pages, RECORDS_PER_PAGE, table_bytes / KEY_BYTES);
    cfg.variant = Variant::AlphaM {
        alpha_num: alpha.0,
        alpha_den: alpha.1,
    };
    cfg.granularity = granularity;
    cfg.keys_per_table_page = KEYS_PER_TABLE_PAGE;
    cfg.page_stealing = page_stealing;
    cfg.coalesce = false;
    cfg
}

/// Step 3: `pages` SSD pages of uniformly random modifies, then `scans` evenly spaced point
/// scans (the last one at the end: 2-pass merges happen there) and a final flush.
pub fn fill(cfg: MasmConfig, pages: u64, scans: u64, seed: u64) -> Result<Masm, MasmError> {
    let updates = pages * cfg.records_per_page;
    let key_space = cfg.key_space;
    let mut masm = Masm::new(cfg, &[])?;
    let mut rng = Rng::new(seed);
    let every = updates / scans.max(1);
    for i in 0..updates {
        let change = Change::Modify(FieldPatch {
            mask: 1,
            values: [i, 0],
        });
        masm.update(rng.below(key_space), change)?;
        if scans > 0 && (i + 1) % every.max(1) == 0 {
            masm.scan(0, 0)?;
        }
    }
    masm.flush_now()?;
    Ok(masm)
}

/// Step 4: devices with the whole cache address space written once, in order.
pub fn prefilled_devices(io: &IoConfig) -> Result<Devices, String> {
    let mut dev = Devices::new(io)?;
    if dev.cache.is_ssd() {
        let pages = io.cache_bytes / io.page_bytes.max(1);
        dev.cache.write_pages(0, 0, pages);
    }
    Ok(dev)
}

/// Step 4: every run of `masm` placed in run order.
pub fn place_runs(masm: &Masm, capacity_pages: u64) -> CacheSpace {
    let mut space = CacheSpace::new(capacity_pages);
    for run in masm.runs() {
        space.allocate(run.id, run.pages);
    }
    space
}

/// When both devices are idle.
pub fn idle_ns(dev: &Devices) -> u64 {
    dev.hdd.busy_until_ns().max(dev.cache.busy_until_ns())
}

/// Step 5: `count` range starts (in keys) for ranges of `keys` keys over `key_space`.
pub fn positions(key_space: u64, keys: u64, count: u64, seed: u64) -> Vec<u64> {
    let mut rng = Rng::new(seed);
    let span = key_space.saturating_sub(keys) + 1;
    (0..count).map(|_| rng.below(span)).collect()
}

/// Range sizes of Figs. 12–16 in bytes, with a label.
pub fn range_label(bytes: u64) -> String {
    if bytes >= GIB {
        format!("{}gb", bytes / GIB)
    } else if bytes >= MIB {
        format!("{}mb", bytes / MIB)
    } else {
        format!("{}kb", bytes / KIB)
    }
}

/// Mean of a slice (NaN when empty).
pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        f64::NAN
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}
