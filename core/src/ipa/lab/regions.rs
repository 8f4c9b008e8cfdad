//! Several NoFTL regions in one lab database (seed 004 §5, Fig. 3) and App. C.2's paired pages:
//! validation of `device.c2_pairs` and `device.regions`, and the routing of a key to its region.
//!
//! 1. The device's own region (`MAIN`) takes every table no other region lists; each region is
//!    an `IpaStore` on its own blocks, with its own GC and its own buffer of
//!    `params.buffer_frames` frames (the paper's regions share one DBMS buffer).
//! 2. Each region of `device.regions` is checked at its path: name, mode against the cell type,
//!    tables (1..=8, each 0..=255, in one region only), geometry ranges.
//! 3. C.2 pairs only in odd-MLC, on an even page size whose delta area lies in the page's second
//!    half (the half on the LSB flash page).
//! 4. A region's store is the device's configuration with its own mode, geometry and pairs; a
//!    no-IPA region has no delta area.

use super::body::{IpaBody, IpaCell, IpaRegion, IpaRegionMode};
use crate::ipa::config::StoreConfig;
use crate::ipa::layout::PageLayout;
use crate::ipa::noftl::IpaMode;
use crate::scenario::{ScenarioError, check_range};

/// Regions beyond the device's own.
pub const MAX_REGIONS: usize = 3;
pub const MAX_TABLES: usize = 8;
pub const MAX_TABLE: u64 = 255;
/// Name of the device's own region.
pub const MAIN: &str = "main";

/// One more region: its name, its tables and its store.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionConfig {
    pub name: String,
    pub tables: Vec<u64>,
    pub store: StoreConfig,
}

/// The table of a key (`workload::key`: `table << 40 | id`).
pub fn table_of(key: u64) -> u64 {
    key >> 40
}

/// The index in `regions` of the region that holds `key`, or `None` for the main region.
pub fn region_of(regions: &[RegionConfig], key: u64) -> Option<usize> {
    let table = table_of(key);
    regions.iter().position(|r| r.tables.contains(&table))
}

/// The region mode for `mode` on `cell`, or an error at `path`.
pub fn mode_for(mode: IpaRegionMode, cell: IpaCell, path: &str) -> Result<IpaMode, ScenarioError> {
    match (mode, cell) {
        (IpaRegionMode::Slc, IpaCell::Slc) => Ok(IpaMode::Slc),
        (IpaRegionMode::Pslc, IpaCell::Mlc) => Ok(IpaMode::PSlc),
        (IpaRegionMode::OddMlc, IpaCell::Mlc) => Ok(IpaMode::OddMlc),
        (IpaRegionMode::NoIpa, _) => Ok(IpaMode::NoIpa),
        _ => Err(ScenarioError::new(
            path,
            "slc needs cell slc; pslc and odd_mlc need cell mlc",
        )),
    }
}

/// Step 3: `pairs` set at `path` on `store` (whose mode, page and scheme are final).
pub fn set_pairs(store: &mut StoreConfig, pairs: bool, path: &str) -> Result<(), ScenarioError> {
    store.db_page_spans_pair = pairs;
    if !pairs {
        return Ok(());
    }
    if store.mode != IpaMode::OddMlc {
        return Err(ScenarioError::new(
            path,
            "pairs an LSB and an MSB page: it needs mode odd_mlc (cell mlc)",
        ));
    }
    let half = store.page_bytes / 2;
    let layout = PageLayout::new(store.page_bytes, store.scheme)
        .map_err(|e| ScenarioError::new(path, e.to_string()))?;
    if !store.page_bytes.is_multiple_of(2) || layout.area_start < half {
        return Err(ScenarioError::new(
            path,
            format!(
                "the delta area starts at byte {} of the {} B page, before its second half (byte \
                 {half}, the LSB flash page): an even, larger page or a smaller [N × M] scheme",
                layout.area_start, store.page_bytes
            ),
        ));
    }
    Ok(())
}

/// Step 2: the regions of `device.regions`, built on `main` (the device's own region).
pub fn regions(body: &IpaBody, main: &StoreConfig) -> Result<Vec<RegionConfig>, ScenarioError> {
    let Some(list) = body.device.regions.as_ref() else {
        return Ok(Vec::new());
    };
    if list.len() > MAX_REGIONS {
        return Err(ScenarioError::new(
            "device.regions",
            format!(
                "{} regions; at most {MAX_REGIONS} beside the device's own",
                list.len()
            ),
        ));
    }
    if body.params.compare == Some(true) && !list.is_empty() {
        return Err(ScenarioError::new(
            "device.regions",
            "the three-way race (params.compare) runs on one region: leave one of them out",
        ));
    }
    let cell = body.device.cell.unwrap_or_default();
    let mut out: Vec<RegionConfig> = Vec::with_capacity(list.len());
    for (i, r) in list.iter().enumerate() {
        let region = region(r, i, cell, main, &out)?;
        out.push(region);
    }
    Ok(out)
}

fn region(
    r: &IpaRegion,
    i: usize,
    cell: IpaCell,
    main: &StoreConfig,
    before: &[RegionConfig],
) -> Result<RegionConfig, ScenarioError> {
    let at = |f: &str| format!("device.regions[{i}].{f}");
    let len = r.name.chars().count();
    if !(1..=16).contains(&len) || r.name == MAIN || before.iter().any(|o| o.name == r.name) {
        return Err(ScenarioError::new(
            at("name"),
            format!(
                "must be 1..=16 characters, unique and not `{MAIN}` (got {:?})",
                r.name
            ),
        ));
    }
    if r.tables.is_empty() || r.tables.len() > MAX_TABLES {
        return Err(ScenarioError::new(
            at("tables"),
            format!("lists {} tables; give 1..={MAX_TABLES}", r.tables.len()),
        ));
    }
    for (k, &t) in r.tables.iter().enumerate() {
        let taken = before.iter().any(|o| o.tables.contains(&t)) || r.tables[..k].contains(&t);
        if t > MAX_TABLE || taken {
            return Err(ScenarioError::new(
                format!("device.regions[{i}].tables[{k}]"),
                format!("table {t} must be 0..={MAX_TABLE} and in one region only"),
            ));
        }
    }
    let mut store = main.clone();
    store.mode = mode_for(r.mode, cell, &at("mode"))?;
    if store.mode == IpaMode::NoIpa {
        store = store.without_ipa();
    }
    store.blocks = r.blocks.unwrap_or(main.blocks);
    check_range(&at("blocks"), store.blocks, 4, 128)?;
    store.wordlines_per_block = r.wordlines_per_block.unwrap_or(main.wordlines_per_block);
    check_range(&at("wordlines_per_block"), store.wordlines_per_block, 2, 64)?;
    set_pairs(&mut store, r.c2_pairs.unwrap_or(false), &at("c2_pairs"))?;
    Ok(RegionConfig {
        name: r.name.clone(),
        tables: r.tables.clone(),
        store,
    })
}
