//! The time and throughput columns of Tabs. 7 and 9 (and the per-run numbers behind them):
//! the same workload, seed and buffer on [0×0] (out of place, no delta area) and on the IPA
//! scheme, each run's flash operations priced by `timing` and put through its closed loop.
//!
//! 1. Run `drive` on `cfg.without_ipa()` and on `cfg`: the same transactions, but IPA's pages
//!    reserve a delta area, so its database spans more pages and the two sides' fetches and
//!    write-backs differ (each claim's numbers give both sides' host reads and writes).
//! 2. Price each side's transaction-phase `FlashCounters` (`DeviceTime::of`).
//! 3. For a loop setup, READ / WRITE response and throughput of each side and IPA's relative
//!    change against [0×0] in %, as the paper reports them.

use crate::ipa::config::StoreConfig;
use crate::ipa::error::IpaError;
use crate::ipa::metrics::change_percent;
use crate::ipa::store::IpaStore;
use crate::ipa::timing::closed_loop::{LoopSetup, LoopTimes, closed_loop};
use crate::ipa::timing::{DeviceTime, OpLatency};
use crate::ipa::workload::{Workload, drive};

/// Steps 1–2: both sides of one seed, priced.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimedPair {
    pub txns: u64,
    pub baseline: DeviceTime,
    pub ipa: DeviceTime,
}

/// Step 3: IPA's relative change against [0×0] (%), and both sides' loop numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeChanges {
    pub read_pct: f64,
    pub write_pct: f64,
    pub throughput_pct: f64,
    pub baseline: LoopTimes,
    pub ipa: LoopTimes,
}

/// One side's transaction phase priced on its own region's latencies.
pub fn timed_run(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
) -> Result<DeviceTime, IpaError> {
    Ok(timed_side(cfg, workload, seed, txns)?.0)
}

/// `timed_run` and the share of update write-backs done as appends (Tabs. 6–10's first row).
pub fn timed_side(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
) -> Result<(DeviceTime, f64), IpaError> {
    let mut store = IpaStore::new(cfg.clone())?;
    let run = drive(&mut store, &mut workload.clone(), seed, txns)?;
    Ok((
        DeviceTime::of(&run.flash, &OpLatency::for_store(cfg)),
        run.store.ipa_fraction(),
    ))
}

/// Steps 1–2.
pub fn timed_pair(
    cfg: &StoreConfig,
    workload: &Workload,
    seed: u64,
    txns: usize,
) -> Result<TimedPair, IpaError> {
    Ok(TimedPair {
        txns: txns as u64,
        baseline: timed_run(&cfg.without_ipa(), workload, seed, txns)?,
        ipa: timed_run(cfg, workload, seed, txns)?,
    })
}

impl TimedPair {
    /// Step 3 at `setup`.
    pub fn changes(&self, setup: LoopSetup) -> TimeChanges {
        let baseline = closed_loop(self.txns, &self.baseline, setup);
        let ipa = closed_loop(self.txns, &self.ipa, setup);
        TimeChanges {
            read_pct: change_percent(baseline.read_response_ns, ipa.read_response_ns),
            write_pct: change_percent(baseline.write_response_ns, ipa.write_response_ns),
            throughput_pct: change_percent(baseline.throughput_tps, ipa.throughput_tps),
            baseline,
            ipa,
        }
    }
}
