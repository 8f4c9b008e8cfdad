//! The SSD lab's claims (`flashlab reproduce`, the paper-results page): the one entry point that
//! lists the computations of `reproduce` and names the course scenario that shows each claim.
//!
//! 1. Seeds 000, 001, 003 by running the lab (`reproduce::seeds`).
//! 2. Write amplification against the analytic model (`reproduce::waf`).
//! 3. Each claim's scenario from `SCENARIOS` (`plugin::claim_scenario`).

use super::reproduce::{seeds, waf};
use crate::plugin::{Claim, ClaimScenarios, with_scenarios};

/// Which course scenario shows each claim (`plugin::claim_scenario`): claim-id prefix →
/// `scenarios/ssd/<name>.json`; the longest matching prefix wins.
pub const SCENARIOS: ClaimScenarios = &[
    ("seed000.x25e", "explicit-ops"),
    ("seed001.table1.ssd", "random-writes-gc"),
    ("seed001.table2", "random-writes-gc"),
    ("seed001.table2.ssd_fast.seq", "sequential-writes"),
    ("seed003.table1.ssd2010", "random-writes-gc"),
    ("seed003.table1.ssd2010.seq", "sequential-writes"),
    ("seed003.table1.ssd2010.scan", "sequential-writes"),
    ("seed003.s2_2", "random-writes-gc"),
    ("waf.", "random-writes-gc"),
];

/// Every SSD claim, computed now, each naming the scenario that shows it.
pub fn claims() -> Vec<Claim> {
    let mut all = seeds::seed000();
    all.extend(seeds::seed001());
    all.extend(seeds::seed003());
    all.extend(waf::waf_claims());
    with_scenarios(SCENARIOS, all)
}
