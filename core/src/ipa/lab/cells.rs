//! `params.flash_model` (issue 30): which flash model the lab's stores write through, and the
//! course-scale limit of the cell model.
//!
//! 1. `bytes` (default) keeps the byte-level model (`ipa::bytenand`), any device size.
//! 2. `cells` puts every region of the device, and the race's out-of-place side, on the cell
//!    model (`ipa::cellnand`). Each cell keeps about 36 bytes of state and every program pulses
//!    each cell of its page, so the device is refused above `MAX_CELLS` cells in all (blocks ×
//!    wordlines × bits of a flash page, summed over the stores), naming the field and the limit.
//!    The race's out-of-place side has no App. C.2 pairs (`StoreConfig::without_ipa`), so its
//!    flash page is the whole DB page even where the IPA side's is half of it: it is counted as
//!    built, not as a copy of the IPA side.
//! 3. The cells' draws (program speed, erased thresholds, ISPP jitter) come from the scenario
//!    seed; the k-th store of the lab takes `seed + k`.

use super::body::{IpaBody, IpaFlashModel};
use super::regions::RegionConfig;
use crate::ipa::cellnand::CellNand;
use crate::ipa::config::StoreConfig;
use crate::ipa::flash::FlashModel;
use crate::scenario::ScenarioError;

/// Most cells a `cells` scenario may hold (step 2): 1 Mi cells, ≈ 38 MB of cell state, e.g.
/// 32 blocks × 8 wordlines of 512-byte pages.
pub const MAX_CELLS: u64 = 1 << 20;

/// Cells of a store's device: blocks × wordlines × 8 per byte of a flash page (half the DB
/// page with App. C.2 pairs).
pub fn cells_of(store: &StoreConfig) -> u64 {
    let flash_page = if store.db_page_spans_pair {
        store.page_bytes / 2
    } else {
        store.page_bytes
    };
    (store.blocks as u64)
        .saturating_mul(store.wordlines_per_block as u64)
        .saturating_mul(flash_page as u64 * 8)
}

/// The model of the lab's stores, or the error naming `params.flash_model` (step 2).
pub fn flash_model(
    body: &IpaBody,
    store: &StoreConfig,
    regions: &[RegionConfig],
    compare: bool,
) -> Result<IpaFlashModel, ScenarioError> {
    let model = body.params.flash_model.unwrap_or(IpaFlashModel::Bytes);
    if model == IpaFlashModel::Bytes {
        return Ok(model);
    }
    let out_of_place = if compare {
        cells_of(&store.without_ipa())
    } else {
        0
    };
    let cells = regions.iter().map(|r| cells_of(&r.store)).fold(
        cells_of(store).saturating_add(out_of_place),
        u64::saturating_add,
    );
    if cells > MAX_CELLS {
        return Err(ScenarioError::new(
            "params.flash_model",
            format!(
                "`cells` keeps every cell of the device on the cell model: {cells} cells (blocks \
                 × wordlines × bits of a flash page{}) are over the course-scale limit of \
                 {MAX_CELLS}; fewer blocks, wordlines or a smaller page, or `bytes`",
                if compare {
                    ", over every region and the race's out-of-place side"
                } else {
                    ", over every region"
                }
            ),
        ));
    }
    Ok(model)
}

/// Cell touches of a store on the cell model, beside the byte work (`plugin`'s bound of host
/// `writes`, `erases` and `steps`, u DB pages per block):
/// 1. every program — the host writes (appends included) and GC's migrations, ≤ u per erase —
///    pulses each cell of the DB page's flash pages up to the ISPP loop limit, plus its setup;
/// 2. every step senses ≈ 4 DB pages (the fetch, GC's source page, the checks' pages);
/// 3. every erase draws 2 values (threshold, retention) for each cell of the block.
pub fn cell_work(flash: &CellNand, store: &StoreConfig, bounds: (u64, u64, u64), u: u64) -> u64 {
    let (writes, erases, steps) = bounds;
    let page_bits = store.page_bytes as u64 * 8;
    let programs = writes.saturating_add(erases.saturating_mul(u));
    let pulses = u64::from(flash.config.ispp.max_loops) + 1;
    let block_cells = (store.wordlines_per_block * flash.page_bytes * 8) as u64;
    programs
        .saturating_mul(page_bits.saturating_mul(pulses))
        .saturating_add(steps.saturating_mul(4 * page_bits))
        .saturating_add(erases.saturating_mul(2 * block_cells))
}

/// The model of the lab's `k`-th store (0 = the device's own region; step 3).
pub fn model_of(model: IpaFlashModel, seed: u64, k: u64) -> FlashModel {
    match model {
        IpaFlashModel::Bytes => FlashModel::Bytes,
        IpaFlashModel::Cells => FlashModel::Cells {
            seed: seed.wrapping_add(k),
        },
    }
}
