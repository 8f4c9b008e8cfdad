//! Benchmark workloads (`flashlab bench`, `npm run bench`): every built lab's cases, in registry
//! order. Each case does a fixed amount of simulated work and returns how many units it did;
//! the caller times it with a wall clock, which the core itself never reads.
//!
//! Work checks sit beside the cases: a quantity of the same run (same size and seed) held
//! against an analytic value, so that a faster figure can never come from simulating less work.

use crate::device::ssd::bench::DIRECT_CASE;
use crate::device::ssd::bench_check::write_amplification_check;
pub use crate::plugin::BenchCase;

pub fn cases() -> Vec<BenchCase> {
    crate::labs::PLUGINS
        .iter()
        .flat_map(|plugin| (plugin.bench_cases)())
        .collect()
}

/// One bench case's work, measured, beside its analytic reference.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct WorkCheck {
    pub case: &'static str,
    pub quantity: &'static str,
    pub simulated: f64,
    pub reference: f64,
    pub reference_source: &'static str,
    pub rule: &'static str,
    pub holds: bool,
}

/// The work checks, each at its case's default size (a smaller run would not reach the steady
/// state the reference describes), whatever scale the timed cases ran at.
/// Only the checks of cases `selected` by name run.
pub fn work_checks(selected: impl Fn(&str) -> bool) -> Vec<WorkCheck> {
    let mut checks = Vec::new();
    if let Some(case) = cases()
        .into_iter()
        .find(|c| c.name == DIRECT_CASE && selected(c.name))
    {
        let writes = case.default_size;
        let wa = write_amplification_check(writes);
        checks.push(WorkCheck {
            case: DIRECT_CASE,
            quantity: "write amplification",
            simulated: wa.simulated,
            reference: wa.analytic_upper,
            reference_source: "Lambert-W closed form for FIFO cleaning at the same α_eff (Desnoyers, SYSTOR 2012); greedy sits at or below it",
            rule: "reference × 0.9 ≤ simulated ≤ reference",
            holds: wa.holds(),
        });
    }
    checks
}
