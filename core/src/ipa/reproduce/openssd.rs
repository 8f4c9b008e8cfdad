//! Tabs. 6 and 8 on a model of OpenSSD Jasmine (§8.1, App. D): [0×0] on MLC used whole
//! against IPA in a pSLC region and in an odd-MLC region, each run's flash operations priced
//! on the MLC preset and served one I/O at a time (`timing::serial`).
//!
//! 1. The board (§8.1, App. D): Samsung MLC, page-level mapping, 10 % over-provisioning, a DB
//!    buffer of 1.5 % of the database (`OPENSSD_BUFFER_SHARE`), effective I/O parallelism 1.
//!    The paper gives no chip latencies; the repo's MLC preset stands in for Samsung's parts
//!    (LSB/MSB tR 48/64 µs, tPROG 850/2300 µs, Micron L95B via FEMU; tBERS 3.8 ms, Micron
//!    MT29F64G08CBAAA; docs/CALIBRATION.md). `OpLatency::for_store` picks the page types
//!    each region programs: pSLC LSB pages only; odd-MLC and [0×0] both page types (their
//!    mean), appends on LSB pages.
//! 2. Databases, 4 KB DB pages, V = 12, the [N×M] schemes ([2×4] TPC-B, [2×3] TPC-C) and
//!    eager eviction at 12.5 % dirty are `table4::setup`'s (the emulator runs'), at the 1.5 %
//!    buffer.
//! 3. Each region is sized so the [3×M] database fills `fill` of its own logical pages: a
//!    pSLC region uses only the LSB half of each block's pages, so it gets twice the blocks of
//!    the MLC regions ([0×0], odd-MLC). The paper does not state its regions' sizes; this
//!    keeps GC pressure equal across the three sides, so the comparison is IPA's alone.
//! 4. Per seed, the same transactions on the three regions; each side's `DeviceTime` and its
//!    share of update write-backs done as appends (the tables' first row).

use super::table4::{self, Setup};
use super::time::timed_side;
use crate::device::nand::CellType;
use crate::ipa::config::StoreConfig;
use crate::ipa::error::IpaError;
use crate::ipa::metrics::change_percent;
use crate::ipa::noftl::IpaMode;
use crate::ipa::timing::DeviceTime;
use crate::ipa::timing::closed_loop::LoopTimes;
use crate::ipa::timing::serial::serial_loop;
use crate::ipa::workload::Workload;

/// Step 1: the DB buffer as a share of the database (App. D point 3: 1 GB = 1.5 %).
pub const OPENSSD_BUFFER_SHARE: f64 = 0.015;
/// Step 1: over-provisioning (§8.1, §8.4: 10 % throughout).
pub const OPENSSD_OVER_PROVISIONING: f64 = 0.1;
/// The smallest region (GC keeps spare blocks).
const MIN_BLOCKS: usize = 8;

/// The IPA regions of Tabs. 6 and 8, in column order.
pub const OPENSSD_MODES: [IpaMode; 2] = [IpaMode::PSlc, IpaMode::OddMlc];

/// Steps 1–3: the shared database and buffer, and each region's blocks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpenSsdSetup {
    pub table: Setup,
    /// Blocks of the regions that use both page types ([0×0], odd-MLC).
    pub mlc_blocks: usize,
    /// Blocks of the pSLC region (LSB pages only).
    pub pslc_blocks: usize,
}

/// Blocks whose `usable` pages each hold `pages` at `fill` of the region's logical pages, as
/// `NoFtl::new` counts them (10 % spare, at least three blocks' worth).
pub fn region_blocks(pages: usize, usable: usize, fill: f64) -> usize {
    let want = (pages as f64 / fill.max(0.01)).ceil() as usize;
    let logical = |b: usize| {
        let physical = b * usable;
        let spare = ((physical as f64 * OPENSSD_OVER_PROVISIONING) as usize).max(3 * usable);
        physical.saturating_sub(spare)
    };
    let mut blocks = MIN_BLOCKS;
    while logical(blocks) < want {
        blocks += 1;
    }
    blocks
}

/// Steps 2–3 for `workload` with [N×`m`] at the device `fill`.
pub fn setup(workload: &Workload, m: usize, fill: f64) -> Result<OpenSsdSetup, IpaError> {
    let table = table4::setup(workload, m, OPENSSD_BUFFER_SHARE, fill)?;
    let probe = table4::preset(crate::ipa::layout::Scheme::none(), 1, 1);
    let wordlines = probe.wordlines_per_block;
    let bits = usize::from(CellType::Mlc.bits_per_cell());
    Ok(OpenSsdSetup {
        table,
        mlc_blocks: region_blocks(table.largest_db_pages, wordlines * bits, fill),
        pslc_blocks: region_blocks(table.largest_db_pages, wordlines, fill),
    })
}

impl OpenSsdSetup {
    /// The region of `mode` (`NoIpa` = [0×0]) with [2×M] where it has IPA.
    pub fn config(&self, mode: IpaMode) -> StoreConfig {
        let n = if mode == IpaMode::NoIpa { 0 } else { 2 };
        let blocks = if mode == IpaMode::PSlc {
            self.pslc_blocks
        } else {
            self.mlc_blocks
        };
        let base = self.table.config(n);
        StoreConfig {
            cell_type: CellType::Mlc,
            mode,
            blocks,
            over_provisioning: OPENSSD_OVER_PROVISIONING,
            ..base
        }
    }
}

/// Step 4: one seed's three regions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpenSsdRun {
    pub txns: u64,
    pub baseline: DeviceTime,
    /// pSLC and odd-MLC, in `OPENSSD_MODES` order.
    pub ipa: [DeviceTime; 2],
    /// Share of update write-backs done as appends, same order.
    pub append_shares: [f64; 2],
}

/// Step 4: `txns` transactions of `workload` from `seed` on the three regions.
pub fn run(
    s: &OpenSsdSetup,
    workload: &Workload,
    seed: u64,
    txns: usize,
) -> Result<OpenSsdRun, IpaError> {
    let (baseline, _) = timed_side(&s.config(IpaMode::NoIpa), workload, seed, txns)?;
    let (pslc, pslc_share) = timed_side(&s.config(OPENSSD_MODES[0]), workload, seed, txns)?;
    let (odd, odd_share) = timed_side(&s.config(OPENSSD_MODES[1]), workload, seed, txns)?;
    Ok(OpenSsdRun {
        txns: txns as u64,
        baseline,
        ipa: [pslc, odd],
        append_shares: [pslc_share, odd_share],
    })
}

impl OpenSsdRun {
    /// Queue-depth-1 times of [0×0] and of the IPA region `k` at `cpu_ns_per_txn`.
    pub fn times(&self, k: usize, cpu_ns_per_txn: f64) -> (LoopTimes, LoopTimes) {
        let ipa = self.ipa.get(k).copied().unwrap_or_default();
        (
            serial_loop(self.txns, &self.baseline, cpu_ns_per_txn),
            serial_loop(self.txns, &ipa, cpu_ns_per_txn),
        )
    }

    /// IPA region `k`'s throughput change against [0×0] in %.
    pub fn throughput_change(&self, k: usize, cpu_ns_per_txn: f64) -> f64 {
        let (base, ipa) = self.times(k, cpu_ns_per_txn);
        change_percent(base.throughput_tps, ipa.throughput_tps)
    }
}
