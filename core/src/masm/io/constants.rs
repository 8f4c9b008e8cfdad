//! Provenance of every device constant the MaSM lab runs on, for the UI's constants panel: the
//! same `[{key, label, value, unit, tag, source}]` shape as the SSD and HDD labs' `info`, built
//! from the presets' own constant lists (nothing restated here).
//!
//! 1. Main disk: the HDD preset's constants, keys prefixed `hdd.`.
//! 2. Update cache: the SSD drive's constants as built (blocks per plane sized to the cache), or
//!    the second disk's, keys prefixed `cache.`.
//! 3. MaSM's own I/O sizes: P and the scan request size (quoted from §5.1 when they have the
//!    paper's values, else marked as scenario overrides), the table and cache sizes (scale
//!    choices of the scenario).

use serde_json::Value;

use super::ssd_cache::sized_constants;
use super::{CacheKind, DEFAULT_PAGE_BYTES, DEFAULT_SCAN_REQUEST_BYTES, IoConfig};
use crate::device::hdd::presets::{PRESET_NAMES, preset};
use crate::device::provenance::{Constant, Tag};
use crate::payload::{ConstantPayload, to_value};

const MASM_IO_SOURCE: &str = "MaSM (Athanassoulis et al., ACM TODS 2015) §5.1: \"By default, \
     MaSM-M performs 64KB-sized I/Os to SSDs\"; \"A range scan performs 1MB-sized disk I/O reads \
     for high throughput unless the range size is less than 1MB\"";

fn prefixed(prefix: &str, label_prefix: &str, c: &Constant) -> ConstantPayload {
    let mut payload = c.payload();
    payload.key = format!("{prefix}{}", c.key);
    payload.label = format!("{label_prefix}{}", c.label);
    payload
}

fn hdd_constants(name: &str) -> Result<Vec<Constant>, String> {
    let p = preset(name).ok_or_else(|| {
        format!(
            "unknown HDD preset \"{name}\" (known: {})",
            PRESET_NAMES.join(", ")
        )
    })?;
    Ok(p.params.all().iter().map(|c| (*c).clone()).collect())
}

fn io_size(key: &'static str, label: &'static str, value: u64, paper: u64) -> Constant {
    let mut c = Constant::new(key, label, paper as f64, "B", Tag::Quoted, MASM_IO_SOURCE);
    if value != paper {
        c.overridden(value as f64);
    }
    c
}

/// The constants list of the devices `cfg` describes; the error names a bad preset.
pub fn constants(cfg: &IoConfig) -> Result<Vec<Value>, String> {
    Ok(constant_payloads(cfg)?.iter().map(to_value).collect())
}

/// The constants list of the devices `cfg` describes, typed; the error names a bad preset.
pub fn constant_payloads(cfg: &IoConfig) -> Result<Vec<ConstantPayload>, String> {
    let mut out: Vec<ConstantPayload> = hdd_constants(&cfg.hdd_preset)?
        .iter()
        .map(|c| prefixed("hdd.", "main disk: ", c))
        .collect();
    let cache = match &cfg.cache {
        CacheKind::Ssd { drive } => sized_constants(drive, cfg.cache_bytes)?,
        CacheKind::Hdd { preset } => hdd_constants(preset)?,
    };
    out.extend(
        cache
            .iter()
            .map(|c| prefixed("cache.", "update cache: ", c)),
    );
    let own = [
        io_size(
            "page_bytes",
            "MaSM SSD I/O unit P",
            cfg.page_bytes,
            DEFAULT_PAGE_BYTES,
        ),
        io_size(
            "scan_request_bytes",
            "range-scan request size on the disk",
            cfg.scan_request_bytes,
            DEFAULT_SCAN_REQUEST_BYTES,
        ),
        Constant::new(
            "table_bytes",
            "main data on the disk (keys spread evenly over it)",
            cfg.table_bytes as f64,
            "B",
            Tag::Design,
            "scenario scale (the paper's table is 100 GB, §4.4; 10 GB in Figs. 19 and 23)",
        ),
        Constant::new(
            "cache_bytes",
            "update cache address space",
            cfg.cache_bytes as f64,
            "B",
            Tag::Design,
            "scenario scale (the paper's cache is 4 GB, 1 GB in Figs. 19 and 23, §5.1)",
        ),
    ];
    out.extend(own.iter().map(|c| prefixed("masm.", "", c)));
    Ok(out)
}
