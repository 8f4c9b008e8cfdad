//! Tab. 2: IPA against IPL in reads, writes and erases (§8.3; digest §4, §6.3).
//!
//! 1. `paper_reductions`: the reductions recomputed from Tab. 2's absolutes (WA, RA, erases):
//!    reads 60.2 / 51.8 / 51.2 %, writes 62.2 / 23.0 / 36.6 %, erases 73.9 / 28.8 / 60.6 %
//!    (TPC-B / TPC-C / TATP). The abstract's "up to 62 % fewer reads" is loose (digest §8 #14):
//!    the table's 60.2 % is used.
//! 2. `paper_setup`: the §8.3 geometry — 8 KB DB pages, 4 flash-page I/Os per page, erase
//!    units of 16 DB-page slots (64 × 2 KB), IPL with 15 pages + 16 × 512 B sectors per unit —
//!    with the buffer a share of the loaded database (`loaded_db_pages`) and a device sized so
//!    the database fills a given share of its logical pages; IPL runs on the same blocks.
//! 3. `simulated`: the three-way race for one workload, giving the three reductions. RA and WA
//!    are App. B's formulas on IPL's counters (as the paper's Tab. 2); IPL's erases are the
//!    erase counts of its flash blocks (`baseline::ipl_flash`).
//! 4. The judgement is the claim's (`ipa::claims`, step 4).
//!
//! Why IPL read 3× the paper's and the order came out reversed (issue 30; measured on the
//! former setup — 3 frames, 300 transactions, TPC-B 2,000 accounts, seed 1 — with
//! `core/tests/ipa_reproduce.rs`'s race):
//! - RA_IPL = 2 + 16 · merges / fetches (App. B), and IPL merges once per 16 log-sector
//!   flushes of a unit, one flush per dirty write-back. So RA_IPL is set by write-backs per
//!   fetch. Here TPC-B made 1,200 write-backs for 202 fetches (5.9 per fetch: 70 merges, RA
//!   7.54) and TPC-C 5,797 for 1,120 (5.2: 340 merges, RA 6.86). Tab. 2 itself implies far
//!   fewer: solving App. B's two formulas with imlog_full = 0 gives merges per write-back
//!   (WA − 0.25) / 15 and merges per fetch (RA − 2) / 16, so 0.43 (TPC-B), 0.19 (TPC-C) and
//!   0.09 (TATP) write-backs per fetch in the paper's traces. The cause is the trace, not the
//!   IPL model: the eager cleaner writes every dirty frame back once more than 12.5 % are
//!   dirty, and the hot pages (Branch, Teller, History tail; District, Warehouse) are dirtied
//!   again by every transaction, while this model fetches no index pages (Shore-MT's B-tree
//!   fetches add reads). A larger database with the buffer a share of it (step 2) does not
//!   change this: at 75 % of a 291-page TPC-C database the race made 15,596 write-backs for
//!   712 fetches (RA_IPL 22.7).
//! - IPL's accounting was checked against App. B and Lee & Moon's design (units of 15 pages +
//!   16 sectors, a sector flush per write-back or full in-memory sector, a merge when the
//!   region is full): no error found. One difference is kept visible: App. B charges every
//!   fetch the whole 8 KB log region, Lee & Moon read the log pages holding the page's
//!   sectors; on blocks (`ipl_block_read_amplification`) that gives 4.39 instead of 5.79
//!   (TPC-B, 3 frames, 3,000 transactions, 130 pages), still far above the paper's 2.54.
//! - Order of the writes and erases reductions: WA_IPL is 1.11–1.14 for both TPC-B and TPC-C
//!   (one 512 B sector per write-back, hardly any full in-memory sector), so the order is
//!   WA_IPA's: TPC-B's History inserts (a 24-byte tuple + slot, more than M = 4 bytes) go out
//!   of place on every write-back of the History tail page, so only half of TPC-B's update
//!   write-backs are appends (606 of 1,199) against 63 % of TPC-C's (3,646 of 5,796), and
//!   WA_IPA is 0.62 (TPC-B) against 0.53 (TPC-C). The paper's History writes are appends to new
//!   pages (App. A.0.1, 2 % of write I/Os) and its TPC-C WA_IPA of 0.94 carries GC migrations.

use super::Row;
use crate::device::nand::CellType;
use crate::ipa::baseline::ipl::IplConfig;
use crate::ipa::compare::three_way;
use crate::ipa::config::{Eviction, StoreConfig};
use crate::ipa::error::IpaError;
use crate::ipa::layout::Scheme;
use crate::ipa::noftl::IpaMode;
use crate::ipa::workload::Workload;

/// Tab. 2 absolutes: (WA_IPA, WA_IPL, RA_IPA, RA_IPL, erases IPA, erases IPL).
pub const TABLE2: [(&str, [f64; 6]); 3] = [
    ("TPC-B", [0.54, 1.43, 1.01, 2.54, 35_958.0, 137_962.0]),
    ("TPC-C", [0.94, 1.22, 1.06, 2.20, 41_486.0, 58_294.0]),
    ("TATP", [0.64, 1.01, 1.01, 2.07, 11_873.0, 30_155.0]),
];

fn reduction(ipl: f64, ipa: f64) -> f64 {
    if ipl == 0.0 {
        0.0
    } else {
        (1.0 - ipa / ipl) * 100.0
    }
}

/// Step 1: (workload, reads %, writes %, erases %) from the table's absolutes.
pub fn paper_reductions() -> Vec<(&'static str, [f64; 3])> {
    TABLE2
        .iter()
        .map(|(name, t)| {
            (
                *name,
                [
                    reduction(t[3], t[2]),
                    reduction(t[1], t[0]),
                    reduction(t[5], t[4]),
                ],
            )
        })
        .collect()
}

/// The §8.3 device and page geometry for the IPA and out-of-place sides.
pub fn ipl_preset(scheme: Scheme, buffer_frames: usize, blocks: usize) -> StoreConfig {
    StoreConfig {
        page_bytes: 8192,
        scheme,
        fields: 4,
        buffer_frames,
        eviction: Eviction::Eager {
            dirty_permille: 125,
        },
        mode: IpaMode::Slc,
        cell_type: CellType::Slc,
        nop: 4,
        blocks,
        wordlines_per_block: 16,
        over_provisioning: 0.1,
        db_page_spans_pair: false,
    }
}

/// Step 2: `ipl_preset` with `buffer_share` of the loaded database as frames (at least 1) and
/// as many blocks as make the database `fill` of the device's logical pages (at least 4, the
/// lab's smallest device).
pub fn paper_setup(
    scheme: Scheme,
    workload: &Workload,
    buffer_share: f64,
    fill: f64,
) -> Result<(StoreConfig, usize), IpaError> {
    let db_pages = loaded_db_pages_fitting(|blocks| ipl_preset(scheme, 16, blocks), workload)?;
    let frames = (buffer_share * db_pages as f64).round() as usize;
    Ok((
        ipl_preset(scheme, frames.max(1), blocks_for_fill(db_pages, fill)),
        db_pages,
    ))
}

/// `loaded_db_pages` on `at(blocks)`, doubling the blocks from 8 until the database fits.
pub fn loaded_db_pages_fitting(
    at: impl Fn(usize) -> StoreConfig,
    workload: &Workload,
) -> Result<usize, IpaError> {
    let mut blocks = 8;
    loop {
        match loaded_db_pages(&at(blocks), workload) {
            Ok(pages) => return Ok(pages),
            Err(IpaError::DeviceFull) if blocks < 1 << 16 => blocks *= 2,
            Err(e) => return Err(e),
        }
    }
}

/// Blocks of `ipl_preset`'s geometry that make `db_pages` fill `fill` of the logical pages
/// (at least 4, the lab's smallest device).
pub fn blocks_for_fill(db_pages: usize, fill: f64) -> usize {
    let probe = ipl_preset(Scheme::none(), 1, 8);
    let logical_per_block = probe.wordlines_per_block as f64 * (1.0 - probe.over_provisioning);
    let blocks = (db_pages as f64 / fill.max(0.01) / logical_per_block).ceil() as usize;
    blocks.max(4)
}

/// DB pages on flash after `workload`'s load phase and a checkpoint on `cfg`: the database the
/// buffer is a share of (§8.3 states its setup as shares, not frames).
pub fn loaded_db_pages(cfg: &StoreConfig, workload: &Workload) -> Result<usize, IpaError> {
    let mut store = crate::ipa::store::IpaStore::new(cfg.clone())?;
    for op in workload.load() {
        crate::ipa::workload::execute(&mut store, &op)?;
    }
    store.checkpoint()?;
    Ok((0..store.ftl.logical_pages() as u32)
        .filter(|&l| store.ftl.ppa(l).is_ok())
        .count())
}

/// Step 2: reads, writes and erases reductions of IPA over IPL for `workload`, with the paper's
/// value beside each (`paper_index` 0 = TPC-B, 1 = TPC-C, 2 = TATP).
pub fn simulated(
    workload: &Workload,
    paper_index: usize,
    cfg: &StoreConfig,
    seed: u64,
    txns: usize,
) -> Result<Vec<Row>, IpaError> {
    let r = three_way(cfg, workload, seed, txns, IplConfig::paper())?;
    // Blocks erased is the erase count of IPL's own flash blocks (step 3).
    let paper = paper_reductions();
    let (name, p) = paper[paper_index.min(2)];
    Ok(vec![
        Row::new(
            format!("{name} reads"),
            reduction(r.ipl_read_amplification, r.ipa.ratios.read_amplification),
            p[0],
        ),
        Row::new(
            format!("{name} writes"),
            reduction(r.ipl_write_amplification, r.ipa.ratios.write_amplification),
            p[1],
        ),
        Row::new(
            format!("{name} erases"),
            reduction(r.ipl_erases as f64, r.ipa.flash.erases as f64),
            p[2],
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_reductions_recomputed_from_the_absolutes() {
        let r = paper_reductions();
        let expect = [[60.2, 62.2, 73.9], [51.8, 23.0, 28.8], [51.2, 36.6, 60.6]];
        for ((_, got), want) in r.iter().zip(expect) {
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 0.05, "{g} vs {w}");
            }
        }
    }
}
