//! SSD write amplification against over-provisioning, greedy cleaning, uniform random writes.
//!
//! 1. One simulated point per spare factor ρ: the FTL on the C4 geometry (1 die × 4096 blocks ×
//!    64 pages, U = T/(1 + ρ)), sequential fill, 3×U warm-up, 3×U measured, greedy victims: the
//!    same run as the `waf.greedy.*` claims (`reproduce::waf`), at more values of ρ.
//! 2. The reference points are the C4 greedy table (calibration.md C4; Desnoyers 2012/2014),
//!    the numbers the claims are judged against.

use super::gc_policy::VictimPolicy;
use super::reproduce::waf::{c4_geometry, simulated_waf};
use super::waf::C4_GREEDY_64X4096;
use crate::plugin::{Axis, Figure, Series};

/// Step 1: the spare factors simulated (the table's, plus points between them).
const RHOS: [f64; 8] = [0.07, 0.10, 0.15, 0.20, 0.28, 0.35, 0.42, 0.50];
const SEED: u64 = 1;

/// The lab's figures (its `LabSpec::figures`), computed now.
pub fn figures() -> Vec<Figure> {
    vec![waf_vs_overprovisioning()]
}

fn waf_vs_overprovisioning() -> Figure {
    let reference: Vec<[f64; 2]> = C4_GREEDY_64X4096
        .iter()
        .map(|&(rho, waf)| [rho * 100.0, waf])
        .collect();
    let figure = Figure {
        id: "ssd.waf_vs_overprovisioning".into(),
        lab: "ssd".into(),
        title: "Write amplification falls as over-provisioning grows (greedy GC, uniform random \
                writes)"
            .into(),
        source: "calibration.md C4 greedy table, 64 pages × 4096 blocks (Desnoyers 2012/2014)"
            .into(),
        x: Axis::linear("over-provisioning ρ", "%"),
        y: Axis::linear("write amplification", "×"),
        series: vec![Series::paper("reference table", "simulated FTL", reference)],
        claim_prefix: "waf.greedy".into(),
        scenario: "random-writes-gc".into(),
        method: "FTL, 1 die × 4096 blocks × 64 pages, U = T/(1+ρ), GC while < 2 free blocks, \
                 sequential fill, 3×U warm-up, 3×U measured, greedy victims, seed 1; one run per \
                 point"
            .into(),
    };
    let mut simulated = Vec::with_capacity(RHOS.len());
    for rho in RHOS {
        match simulated_waf(c4_geometry(rho), VictimPolicy::Greedy, 3, 3, SEED) {
            Ok(waf) => simulated.push([rho * 100.0, waf]),
            Err(e) => return figure.failed(&e),
        }
    }
    let mut figure = figure;
    figure
        .series
        .insert(0, Series::simulated("simulated FTL", simulated));
    figure
}
