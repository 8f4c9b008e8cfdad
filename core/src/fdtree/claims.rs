//! The FD+tree lab's claims (`flashlab reproduce`, the paper-results page): the one entry point
//! that lists the claim computations of `reproduce` and names the course scenario that shows
//! each claim.
//!
//! 1. `claims_latency`: the calibration point, Fig. 1, Fig. 6, Fig. 9a and space over time,
//!    from the concurrent runs at reduced scale; `claims_queues`: Fig. 6a with the queues at
//!    the paper's share of the workload.
//! 2. `claims_scaleup`: Fig. 7 at block granularity (10M and 90M keys); `claims_growth`: its
//!    trend through the paper's harness at reduced scale.
//! 3. `claims_ablation`: level skipping (§5.2) and proactive triggering (Rem. A.17).
//! 4. `claims_btree`: Fig. 10, FD+FC against an in-place B+tree; `claims_harness`: Fig. 8
//!    (G_T) and Fig. 11 (R_o) through the paper's harness with 5,000 queue slots;
//!    `claims_queues_gt` and `claims_queues_ro`: the same figures with the queues at the
//!    paper's share of the workload, each beside the 5,000-slot value.
//! 5. Each claim's scenario from `SCENARIOS` (`plugin::claim_scenario`).

use super::reproduce::{
    claims_ablation, claims_btree, claims_growth, claims_harness, claims_latency, claims_queues,
    claims_queues_gt, claims_queues_ro, claims_scaleup,
};
use crate::plugin::{Claim, ClaimScenarios, with_scenarios};

/// Step 5: which course scenario shows each claim (`plugin::claim_scenario`): claim-id prefix →
/// `scenarios/fdtree/<name>.json`; the longest matching prefix wins.
pub const SCENARIOS: ClaimScenarios = &[
    ("seed002.calibration", "merge-block-by-block"),
    ("seed002.fig1", "why-worst-case-latency"),
    ("seed002.fig10", "why-worst-case-latency"),
    ("seed002.fig6", "why-worst-case-latency"),
    ("seed002.fig7", "why-worst-case-latency"),
    ("seed002.fig8", "tpcc-neworder-queues"),
    ("seed002.fig11", "tpcc-neworder-queues"),
    ("seed002.fig9", "merge-block-by-block"),
    ("seed002.fig9a", "ds-writers-wait"),
    ("seed002.space", "why-worst-case-latency"),
    ("seed002.rem", "merge-block-by-block"),
];

/// Every FD+tree claim, steps 1–4 in order, each naming the scenario that shows it.
pub fn claims() -> Vec<Claim> {
    let mut out = claims_latency::claims();
    out.extend(claims_queues::claims());
    out.extend(claims_scaleup::claims());
    out.extend(claims_growth::claims());
    out.extend(claims_ablation::claims());
    out.extend(claims_btree::claims());
    let (harness, at_5000) = claims_harness::claims_and_spreads();
    out.extend(harness);
    out.extend(claims_queues_gt::claims(&at_5000));
    out.extend(claims_queues_ro::claims(&at_5000));
    with_scenarios(SCENARIOS, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_claim_is_computed_with_a_finite_value() {
        let claims = claims();
        assert_eq!(claims.len(), 42, "{claims:?}");
        assert!(claims.iter().all(|c| c.simulated_value.is_finite()));
        assert!(claims.iter().any(|c| c.pass));
    }
}
