//! Tabs. 6–10 in direction and magnitude: with IPA, what share of update write-backs become
//! appends, and how much GC page migrations and GC erases per host write fall against
//! out-of-place writes on the same nearly full device (§8.4: page mapping, 10 % OP, greedy GC).
//!
//! `fit_device` sizes the device from the database so that it is about `fill` full of live
//! pages; the out-of-place side runs the same workload on the same geometry without the delta
//! area. pSLC regions (half the pages) are not accounted for by `fit_device`.

use crate::ipa::baseline::ipl::IplConfig;
use crate::ipa::compare::three_way;
use crate::ipa::config::StoreConfig;
use crate::ipa::error::IpaError;
use crate::ipa::layout::{HEADER_BYTES, SLOT_BYTES};
use crate::ipa::metrics::change_percent;
use crate::ipa::page::tuple_bytes;
use crate::ipa::workload::Workload;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GcReduction {
    /// % of update write-backs done as appends (Tabs. 6–10 first row, 30–76 % in the paper).
    pub ipa_percent: f64,
    /// % change of GC migrations per host write, IPA vs out-of-place (paper: −29 % to −86 %).
    pub migrations_per_write_change: f64,
    /// % change of GC erases per host write (paper: −34 % to −75 %).
    pub erases_per_write_change: f64,
    pub lifetime_multiplier: f64,
}

/// `cfg` with as many blocks as make `records` records fill about `fill` (e.g. 0.85) of the
/// region's logical capacity (at least 8 blocks).
pub fn fit_device(cfg: &StoreConfig, records: usize, fill: f64) -> StoreConfig {
    let area = cfg.scheme.area_bytes();
    let per_page = (cfg.page_bytes - HEADER_BYTES - area) / (tuple_bytes(cfg.fields) + SLOT_BYTES);
    let db_pages = records.div_ceil(per_page.max(1)) as f64;
    let pages_per_block =
        (cfg.wordlines_per_block * usize::from(cfg.cell_type.bits_per_cell())) as f64;
    let logical_per_block = pages_per_block * (1.0 - cfg.over_provisioning);
    let blocks = (db_pages / fill / logical_per_block).ceil() as usize;
    StoreConfig {
        blocks: blocks.max(8),
        ..cfg.clone()
    }
}

/// Runs both sides and compares.
pub fn reduction(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
) -> Result<GcReduction, IpaError> {
    let r = three_way(cfg, workload, seed, txns, IplConfig::paper())?;
    let (ipa, oop) = (r.ipa.ratios, r.out_of_place.ratios);
    Ok(GcReduction {
        ipa_percent: ipa.ipa_fraction * 100.0,
        migrations_per_write_change: change_percent(
            oop.gc_migrations_per_host_write,
            ipa.gc_migrations_per_host_write,
        ),
        erases_per_write_change: change_percent(
            oop.gc_erases_per_host_write,
            ipa.gc_erases_per_host_write,
        ),
        lifetime_multiplier: crate::ipa::metrics::lifetime_multiplier(
            oop.gc_erases_per_host_write,
            ipa.gc_erases_per_host_write,
        ),
    })
}

/// One cell of the [N × M] explorer / Tab. 3: the scheme's space overhead (%), the share of
/// update write-backs done as appends (%), and the change of GC erases per host write (%).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SchemeCell {
    pub n: usize,
    pub m: usize,
    pub space_percent: f64,
    pub ipa_percent: f64,
    pub erases_per_write_change: f64,
}

/// Tab. 3 by simulation for each (N, M) with `v` metadata pairs: the same workload and seed
/// per cell, the device refitted to the page format (`fill` full).
pub fn scheme_grid(
    cfg: &StoreConfig,
    workload: &Workload,
    records: usize,
    cells: &[(usize, usize)],
    v: usize,
    seed: u64,
    txns: usize,
) -> Result<Vec<SchemeCell>, IpaError> {
    cells
        .iter()
        .map(|&(n, m)| {
            let scheme = crate::ipa::layout::Scheme { n, m, v };
            let cfg = fit_device(
                &StoreConfig {
                    scheme,
                    ..cfg.clone()
                },
                records,
                0.85,
            );
            let r = reduction(&cfg, workload, seed, txns)?;
            Ok(SchemeCell {
                n,
                m,
                space_percent: crate::ipa::layout::PageLayout::new(cfg.page_bytes, scheme)?
                    .space_overhead()
                    * 100.0,
                ipa_percent: r.ipa_percent,
                erases_per_write_change: r.erases_per_write_change,
            })
        })
        .collect()
}
