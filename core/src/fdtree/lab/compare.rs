//! The compare view's runs (issue 9 "Lab view"): FD+XM, FD+DS, FD+FC and the two baselines (the
//! FD-tree of Li et al., an in-place B+tree) on the same preload, clients and cost, each run to
//! its end when the lab is built, on one shared timeline.
//!
//! 1. Every run keeps each request's (completion time, R_p, kind), the merge intervals and
//!    the live blocks after every merge step (space over time).
//! 2. The summary per scheme: worst and mean insertion R_p with its σ, worst lookup R_p, the
//!    end time (throughput), peak live blocks and a log-scale lookup latency histogram (decade 0
//!    below 10 µs, decade 6 from 1 s to 10 s), so the "> 1 s bucket is non-empty only for XM" shape can be read off.
//! 3. The baselines run in `baseline::timed` (Li's FD-tree under one readers-writer lock as
//!    FD+XM, its cascade timed pass by pass; the B+tree fully concurrent), with the same
//!    SSD cost and the same answer check against a map.

use super::body::FdtreeScheme;
use super::config::{LabConfig, scheme_name, scheme_parts};
use crate::fdtree::FdError;
use crate::fdtree::baseline::{Baseline, run_baseline_on};
use crate::fdtree::conc::{ConcurrentRun, OpKind, SimReport};

/// Decades of the latency histogram: [1 µs, 10 µs), … , [10 s, ∞).
pub const HIST_DECADES: usize = 8;

#[derive(Debug, Clone, PartialEq)]
pub struct SchemeRun {
    /// `xm`, `ds`, `fc`, `li` or `btree`.
    pub id: &'static str,
    pub report: SimReport,
    pub histogram: [u64; HIST_DECADES],
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompareResult {
    pub runs: Vec<SchemeRun>,
}

pub const COMPARED: [FdtreeScheme; 3] = [FdtreeScheme::Xm, FdtreeScheme::Ds, FdtreeScheme::Fc];
pub const BASELINES: [(Baseline, &str); 2] = [(Baseline::Li, "li"), (Baseline::BTree, "btree")];

/// Decade index of a latency: 0 for < 10 µs … HIST_DECADES − 1 for ≥ 10 s.
pub fn decade(r_p_ns: u64) -> usize {
    let mut bound = 10_000u64;
    let mut i = 0;
    while r_p_ns >= bound && i + 1 < HIST_DECADES {
        bound = bound.saturating_mul(10);
        i += 1;
    }
    i
}

pub fn run_all(cfg: &LabConfig) -> Result<CompareResult, FdError> {
    let mut runs = Vec::new();
    for scheme in COMPARED {
        let (engine, policy) = scheme_parts(scheme);
        let fd = cfg.fd.clone().with_policy(policy);
        let mut run =
            ConcurrentRun::with_arrivals(engine, fd, cfg.cost, &cfg.preload, cfg.clients.clone())?;
        if let Some(preset) = cfg.device.as_deref() {
            run = run.with_device(preset)?;
        }
        let report = run.run()?;
        runs.push(scheme_run(scheme_name(scheme), report));
    }
    for (kind, id) in BASELINES {
        let device = cfg.device.as_deref();
        let report = run_baseline_on(kind, &cfg.fd, cfg.cost, device, &cfg.preload, &cfg.clients)?;
        runs.push(scheme_run(id, report));
    }
    Ok(CompareResult { runs })
}

fn scheme_run(id: &'static str, report: SimReport) -> SchemeRun {
    let mut histogram = [0u64; HIST_DECADES];
    for c in report.completed.iter().filter(|c| c.kind == OpKind::Lookup) {
        histogram[decade(c.r_p_ns())] += 1;
    }
    SchemeRun {
        id,
        report,
        histogram,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decades_split_at_powers_of_ten_from_ten_microseconds() {
        assert_eq!(decade(0), 0);
        assert_eq!(decade(9_999), 0);
        assert_eq!(decade(10_000), 1);
        assert_eq!(decade(999_999_999), 5);
        assert_eq!(decade(1_000_000_000), 6);
        assert_eq!(decade(u64::MAX), HIST_DECADES - 1);
    }
}
