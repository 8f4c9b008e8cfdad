//! The work check beside the SSD FTL bench case: a speed-up must never come from simulating
//! less work, so `flashlab bench` prints the case's write amplification beside the analytic value
//! for the same over-provisioning.
//!
//! 1. Re-run the bench case at the same size and seed (deterministic, so it is the same run).
//! 2. α_eff = physical pages usable by data / pages holding data. The case writes uniformly over
//!    the 75 % of the logical space it filled; each die holds back about two blocks (its open
//!    block and the GC reserve), as in calibration.md C4.
//! 3. Reference: the Lambert-W closed form for FIFO/LRW cleaning (Desnoyers, SYSTOR 2012;
//!    `waf::fifo_waf`). Greedy cleaning sits at or below it and approaches it as pages per block
//!    grow (calibration.md C4), so the check is `simulated ≤ reference` and within 10 % of it:
//!    far below would mean GC copied less than the workload forces.

use super::bench::{bench_geometry, random_writes_direct};
use super::waf::fifo_waf;

/// Simulated and analytic write amplification of the direct FTL case at `writes` writes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WriteAmplificationCheck {
    pub simulated: f64,
    pub analytic_upper: f64,
    pub alpha_effective: f64,
}

impl WriteAmplificationCheck {
    /// Greedy at or below the FIFO closed form, and within 10 % of it (step 3).
    pub fn holds(&self) -> bool {
        self.simulated <= self.analytic_upper * 1.001 && self.simulated >= self.analytic_upper * 0.9
    }
}

/// α_eff of the bench device (step 2).
pub fn bench_alpha_effective() -> f64 {
    let g = bench_geometry();
    let held_back = 2 * g.dies() * g.pages_per_block;
    let filled = g.logical_pages / 4 * 3;
    f64::from(g.physical_pages() - held_back) / f64::from(filled)
}

pub fn write_amplification_check(writes: u64) -> WriteAmplificationCheck {
    let run = random_writes_direct(writes, 1);
    let alpha_effective = bench_alpha_effective();
    WriteAmplificationCheck {
        simulated: run.write_amplification,
        analytic_upper: fifo_waf(alpha_effective),
        alpha_effective,
    }
}
