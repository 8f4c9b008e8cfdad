//! The three-way race on one seed (digest §7 scenario 4): the same workload on out-of-place
//! writes through a page-mapped FTL, on IPL, and on IPA.
//!
//! 1. Run the workload on the IPA store with page-event tracing on.
//! 2. Run it again, same seed, on `StoreConfig::without_ipa` (the out-of-place baseline: same
//!    buffer, same FTL, same GC, no delta area).
//! 3. Replay the IPA run's page events on `IplSim`: identical fetches, changes and write-backs
//!    (the buffer's choices do not depend on how pages are written), on a device of as many
//!    128 KB blocks as the IPA side's.
//! 4. Report each side's counters and App. B ratios; `p` flash-page I/Os per DB page.

use super::baseline::ipl::{IplConfig, IplCounters, IplSim};
use super::config::StoreConfig;
use super::error::IpaError;
use super::metrics::{Amplification, amplification};
use super::noftl::FlashCounters;
use super::store::{IpaStore, StoreCounters};
use super::workload::{Measured, Workload, drive};

/// One store-backed side of the race.
#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    pub store: StoreCounters,
    pub flash: FlashCounters,
    pub ratios: Amplification,
    /// Flash-page I/Os read and written in App. B's units.
    pub read_ios: f64,
    pub write_ios: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ThreeWay {
    pub out_of_place: Side,
    pub ipa: Side,
    pub ipl: IplCounters,
    pub ipl_write_amplification: f64,
    pub ipl_read_amplification: f64,
    pub ipl_erases: u64,
    /// IPL's reads on its blocks per fetch's 4 pages (`IplSim::block_read_amplification`).
    pub ipl_block_read_amplification: f64,
}

fn side(run: &Measured, p: f64) -> Side {
    let s = &run.store;
    let f = &run.flash;
    let migrations = f.gc_migrations as f64;
    Side {
        ratios: amplification(s, f, p),
        read_ios: (s.page_fetches as f64 + migrations) * p,
        write_ios: s.appends as f64
            + (s.out_of_place_writes + s.new_page_writes) as f64 * p
            + migrations * p,
        store: s.clone(),
        flash: f.clone(),
    }
}

/// Steps 1–4 for `txns` transactions of `workload` (cloned for each side).
pub fn three_way(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
    ipl: IplConfig,
) -> Result<ThreeWay, IpaError> {
    let p = ipl.ios_per_page as f64;
    let mut ipa = IpaStore::new(cfg.clone())?;
    ipa.enable_trace();
    let ipa_run = drive(&mut ipa, &mut workload.clone(), seed, txns)?;
    let mut oop = IpaStore::new(cfg.without_ipa())?;
    let oop_run = drive(&mut oop, &mut workload.clone(), seed, txns)?;
    let trace = ipa.trace.take().unwrap_or_default();
    let sim = IplSim::replay(ipl, cfg.blocks, &trace)?;
    Ok(ThreeWay {
        ipl_block_read_amplification: sim.block_read_amplification(),
        out_of_place: side(&oop_run, p),
        ipa: side(&ipa_run, p),
        ipl_write_amplification: sim.write_amplification(),
        ipl_read_amplification: sim.read_amplification(),
        ipl_erases: sim.erases(),
        ipl: sim.counters,
    })
}
