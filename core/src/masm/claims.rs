//! The MaSM lab's claims (`flashlab reproduce`, the paper-results page): the one entry point that
//! lists the reproductions of `reproduce`, in paper order, and names the course scenario that
//! shows each claim.
//!
//! 1. Theorems 3.1/3.2 and Fig. 10 first: Table III reuses their worst case.
//! 2. Figs. 12–13 and Fig. 16 on the same paper-scale devices, built once.
//! 3. Figs. 17 and 18 on the same devices, then Figs. 19, 20 and 21, then Fig. 22 on the
//!    paper-scale devices again.
//! 4. Each claim's scenario from `SCENARIOS` (`plugin::claim_scenario`).

use super::reproduce::{
    fig10_theorem, fig12_model, fig16_slowdown, fig17_fill, fig18_speed, fig19_hdd_cache,
    fig20_migration, fig21_sustained, fig22_cpu, table3_lsm,
};
use crate::plugin::{Claim, ClaimScenarios, with_scenarios};

/// Which course scenario shows each claim (`plugin::claim_scenario`): claim-id prefix →
/// `scenarios/masm/<name>.json`; the longest matching prefix wins.
pub const SCENARIOS: ClaimScenarios = &[
    ("seed000.fig10", "shrinking-memory"),
    ("seed000.thm31", "shrinking-memory-rare-queries"),
    ("seed000.thm32", "life-of-an-update"),
    ("seed000.table3", "compare-baselines"),
    ("seed000.s45", "compare-baselines"),
    ("seed000.fig12", "run-index-coarse"),
    ("seed000.fig16", "compare-baselines"),
    ("seed000.fig16.masm_fine", "run-index-fine"),
    ("seed000.fig17", "run-index-fine"),
    ("seed000.fig18", "run-index-fine"),
    ("seed000.fig19", "cache-on-a-disk"),
    ("seed000.fig20", "migration-is-safe"),
    ("seed000.fig21", "migration-is-safe"),
    ("seed000.fig22", "run-index-coarse"),
];

/// Every MaSM claim, in paper order, each naming the scenario that shows it.
pub fn claims() -> Vec<Claim> {
    let (mut out, masm_worst_case) = fig10_theorem::claims();
    out.extend(table3_lsm::claims(masm_worst_case));
    let devices = fig12_model::paper_devices();
    out.extend(fig12_model::claims(&devices));
    out.extend(fig16_slowdown::claims(&devices));
    out.extend(fig17_fill::claims(&devices));
    out.extend(fig18_speed::claims(&devices));
    out.extend(fig19_hdd_cache::claims());
    out.extend(fig20_migration::claims());
    out.extend(fig21_sustained::claims());
    out.extend(fig22_cpu::claims(&devices));
    with_scenarios(SCENARIOS, out)
}
