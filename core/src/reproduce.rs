//! Paper claims reproduced by simulation (`flashlab reproduce`). Each claim runs the model and
//! compares what it computed with the paper's value; the paper's value is only the reference.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    /// Stable identifier, e.g. `seed003.table1.hdd2010.random_bw`.
    pub id: String,
    /// What the paper says, in words, with its source (paper, table or figure).
    pub claim: String,
    pub unit: String,
    pub paper_value: f64,
    pub simulated_value: f64,
    /// (simulated - paper) / paper, in percent.
    pub error_pct: f64,
    /// The tolerance this claim is judged by, in percent, fixed before the run.
    pub tolerance_pct: f64,
    pub pass: bool,
    /// How it was simulated (granularity, request count, preset).
    pub method: String,
}

impl Claim {
    pub fn new(
        id: &str,
        claim: &str,
        unit: &str,
        paper_value: f64,
        simulated_value: f64,
        tolerance_pct: f64,
        method: String,
    ) -> Self {
        let error_pct = if paper_value == 0.0 {
            0.0
        } else {
            (simulated_value - paper_value) / paper_value * 100.0
        };
        Self {
            id: id.into(),
            claim: claim.into(),
            unit: unit.into(),
            paper_value,
            simulated_value,
            error_pct,
            tolerance_pct,
            pass: error_pct.abs() <= tolerance_pct,
            method,
        }
    }
}

/// Every claim this version reproduces.
pub fn all_claims() -> Vec<Claim> {
    let mut claims = Vec::new();
    claims.extend(crate::device::hdd::reproduce::claims());
    claims.extend(crate::device::nand::claims());
    claims.extend(crate::device::ssd::claims());
    claims.extend(crate::masm::reproduce::claims());
    claims
}
