//! The effect of outlier re-issue on commit-latency tails (paper §2.1: outliers "are detected
//! and re-issued to other ready flash devices"; the paper gives no number).
//!
//! 1. The same USB array and seed with detection at `factor` × average and with it off; report
//!    p50, p99, max commit latency and throughput of each.

use super::super::config::FlashLogConfig;
use super::super::devices::usb::UsbProfile;
use super::super::error::FlashLogError;
use super::super::sim::FlashLogSim;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TailLatency {
    pub reissue: bool,
    pub p50_ns: u64,
    pub p99_ns: u64,
    pub max_ns: u64,
    pub commits_per_s: f64,
    pub reissues: u64,
}

/// Step 1's two configurations: re-issue at `factor`, then re-issue off.
pub fn configs(
    drives: &[UsbProfile],
    factor: f64,
    transactions: u64,
    seed: u64,
) -> [FlashLogConfig; 2] {
    [Some(factor), None].map(|f| {
        FlashLogConfig::usb(drives, false)
            .with_outlier_factor(f)
            .with_transactions(transactions)
            .with_seed(seed)
    })
}

/// Step 1 on `drives` (e.g. three B drives).
pub fn with_and_without(
    drives: &[UsbProfile],
    factor: f64,
    transactions: u64,
    seed: u64,
) -> Result<[TailLatency; 2], FlashLogError> {
    let [on, off] = configs(drives, factor, transactions, seed);
    let run = |c: FlashLogConfig| -> Result<TailLatency, FlashLogError> {
        let reissue = matches!(
            c.scheduler,
            super::super::config::Scheduler::FlashLogging {
                outlier_factor: Some(_),
                ..
            }
        );
        let mut sim = FlashLogSim::new(c)?;
        sim.run()?;
        let h = &sim.stats.commit_latency;
        Ok(TailLatency {
            reissue,
            p50_ns: h.quantile_ns(500),
            p99_ns: h.quantile_ns(990),
            max_ns: h.max_ns,
            commits_per_s: sim.throughput_per_s(),
            reissues: sim.stats.reissues,
        })
    };
    Ok([run(on)?, run(off)?])
}
