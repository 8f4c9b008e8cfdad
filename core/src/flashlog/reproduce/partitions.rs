//! The SSD-partitions curve (paper §2.1: one high-end SSD as 1–10 virtual flash drives).
//!
//! 1. For P = 1..=max, run FlashLogging on P partitions of the x25e-preset SSD and the naive
//!    SSD; report throughput and its ratio to naive. The SSD's ten channels (one die each) are
//!    the inner parallelism the partitions exploit; the curve flattens once the workers, not
//!    the device, are the limit.

use super::super::config::FlashLogConfig;
use super::super::error::FlashLogError;
use super::throughput::measure;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartitionPoint {
    pub partitions: u32,
    pub commits_per_s: f64,
    pub vs_naive: f64,
}

/// Step 1.
pub fn curve(max: u32, transactions: u64, seed: u64) -> Result<Vec<PartitionPoint>, FlashLogError> {
    let (naive, _) = measure(
        FlashLogConfig::ssd_naive()
            .with_transactions(transactions)
            .with_seed(seed),
    )?;
    (1..=max)
        .map(|p| {
            let (x, _) = measure(
                FlashLogConfig::ssd_flashlogging(p)
                    .with_transactions(transactions)
                    .with_seed(seed),
            )?;
            Ok(PartitionPoint {
                partitions: p,
                commits_per_s: x,
                vs_naive: x / naive,
            })
        })
        .collect()
}
