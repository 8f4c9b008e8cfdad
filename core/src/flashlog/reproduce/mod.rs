//! Seed 003's FlashLogging and Append/Pack numbers computed by simulation, beside the paper's
//! references. Plain functions returning plain data; `flashlog::claims` turns them into the
//! lab's claims of `flashlab reproduce` (at a scale that runs in seconds in the dev profile).
//!
//! 1. `throughput`: the reconstructed 14 configurations of Figure 2 (digest §4.1) and the
//!    ratios: ideal/disk and naive-SSD/disk are CALIBRATION POINTS (they fix the CPU time per
//!    transaction and the SSD's sync overhead); best FlashLogging/disk (5.7×), best/ideal
//!    (98.6 %), SSD FlashLogging/naive (1.4×) are reproductions.
//! 2. `partitions`: throughput of FlashLogging on P = 1..10 partitions of one SSD.
//! 3. `outliers`: commit-latency tail with and without outlier re-issue (no paper number).
//! 4. `appendpack`: Figure 3 — sustained 4 KB random writes vs the fresh device (16 %), and
//!    Append/Pack's sustained rate vs random in-place (up to 9×) and vs sequential.
//! 5. `appendpack_mix`: Figure 3b — A/P against in-place on a TPC-C-like read/write mix, and
//!    the cost of crash-safe packing.
//! 6. `appendpack_runs`: the course-scale lab scenario each Append/Pack claim links.
//! 7. `archival_cause`: why the archival HDD raises one drive's throughput and not another's
//!    (the durable-prefix wait, commit latency and the worker cycle, measured).
//! 8. `latency_need`: how much faster the best USB configuration's drives would have to be for
//!    the 5.7× and the 98.6 % (a what-if sweep for the miss reason; no constant changes).
//!
//! Choices (not from the paper) behind every number: the workload (`config.rs`: 24 workers, 8
//! cores, 1 KiB of redo per transaction, CPU time calibrated), the USB profiles (`usb.rs`,
//! illustrative), the ideal disk's 50 µs cache acknowledgement, the eager-writing archival
//! HDD, the x25e preset for the log SSD, outlier factor 2 [ext], A/P's 80 % database fraction
//! and 2-block watermark.

pub mod appendpack;
pub mod appendpack_mix;
pub mod appendpack_runs;
pub mod archival_cause;
pub mod latency_need;
pub mod outliers;
pub mod partitions;
pub mod throughput;

/// Whether a number was fitted to the paper (not a reproduction) or computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A model constant was fitted so that this comes out right: agreement is by construction.
    Calibration,
    /// Computed by the simulator from constants not fitted to it.
    Reproduction,
}

/// One computed number beside the paper's.
#[derive(Debug, Clone, PartialEq)]
pub struct Reproduced {
    pub id: &'static str,
    pub claim: &'static str,
    pub unit: &'static str,
    pub paper: f64,
    pub simulated: f64,
    pub kind: Kind,
    pub method: String,
}

impl Reproduced {
    /// (simulated − paper) / paper in percent.
    pub fn error_pct(&self) -> f64 {
        if self.paper == 0.0 {
            0.0
        } else {
            (self.simulated - self.paper) / self.paper * 100.0
        }
    }
}
