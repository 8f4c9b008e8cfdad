//! A paper claim reproduced by simulation (`flashlab reproduce`). The model computes the value;
//! the paper's number is only the reference it is compared with.
//!
//! 1. A claim has a *kind*, the evidence it is:
//!    - `Reproduction`: simulated independently of the reference; the only kind the headline
//!      "N of M within tolerance" counts.
//!    - `Calibration`: a constant was fitted to this very number, so agreement is by design.
//!    - `Identity`: equal by construction (e.g. a theorem the code implements verbatim).
//! 2. A claim has a *comparison*: a tolerance in percent fixed before the run, or a bound
//!    (`≥ paper` or `≤ paper`). A bound is shown as a bound ("≥ 35000: 61021"), never as a
//!    ±0% tolerance.
//! 3. A claim names the course scenario that shows it (`scenario`): its lab fills it from the
//!    lab's own claim → scenario table (`claim_scenario`), so the results page can open it.

use serde::Serialize;

use super::format_value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    Reproduction,
    Calibration,
    Identity,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Comparison {
    /// |error| ≤ `pct` percent.
    Tolerance { pct: f64 },
    /// simulated ≥ paper value.
    AtLeast,
    /// simulated ≤ paper value.
    AtMost,
}

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
    /// The tolerance this claim is judged by, in percent, fixed before the run; `None` for a bound.
    pub tolerance_pct: Option<f64>,
    pub comparison: Comparison,
    pub kind: ClaimKind,
    /// For a calibration point, what was fitted to it; for an identity, why it holds; else empty.
    pub basis: String,
    pub pass: bool,
    /// How it was simulated (granularity, request count, preset).
    pub method: String,
    /// The course scenario that shows it (`scenarios/<lab>/<scenario>.json`), filled by the lab
    /// from its own table (`claim_scenario`); `None` until then (a test fails on a `None`).
    pub scenario: Option<&'static str>,
}

fn error_pct(paper_value: f64, simulated_value: f64) -> f64 {
    if paper_value == 0.0 {
        0.0
    } else {
        (simulated_value - paper_value) / paper_value * 100.0
    }
}

impl Claim {
    /// A reproduction judged by a tolerance in percent.
    pub fn new(
        id: &str,
        claim: &str,
        unit: &str,
        paper_value: f64,
        simulated_value: f64,
        tolerance_pct: f64,
        method: String,
    ) -> Self {
        let error_pct = error_pct(paper_value, simulated_value);
        Self {
            id: id.into(),
            claim: claim.into(),
            unit: unit.into(),
            paper_value,
            simulated_value,
            error_pct,
            tolerance_pct: Some(tolerance_pct),
            comparison: Comparison::Tolerance { pct: tolerance_pct },
            kind: ClaimKind::Reproduction,
            basis: String::new(),
            pass: error_pct.abs() <= tolerance_pct,
            method,
            scenario: None,
        }
    }

    /// A reproduction that passes when the simulated value is at least the paper's bound.
    pub fn at_least(
        id: &str,
        claim: &str,
        unit: &str,
        bound: f64,
        simulated_value: f64,
        method: String,
    ) -> Self {
        Self::bound(
            id,
            claim,
            unit,
            bound,
            simulated_value,
            method,
            Comparison::AtLeast,
        )
    }

    /// A reproduction that passes when the simulated value is at most the paper's bound.
    pub fn at_most(
        id: &str,
        claim: &str,
        unit: &str,
        bound: f64,
        simulated_value: f64,
        method: String,
    ) -> Self {
        Self::bound(
            id,
            claim,
            unit,
            bound,
            simulated_value,
            method,
            Comparison::AtMost,
        )
    }

    fn bound(
        id: &str,
        claim: &str,
        unit: &str,
        bound: f64,
        simulated_value: f64,
        method: String,
        comparison: Comparison,
    ) -> Self {
        let pass = match comparison {
            Comparison::AtLeast => simulated_value >= bound,
            Comparison::AtMost => simulated_value <= bound,
            Comparison::Tolerance { .. } => false,
        };
        Self {
            id: id.into(),
            claim: claim.into(),
            unit: unit.into(),
            paper_value: bound,
            simulated_value,
            error_pct: error_pct(bound, simulated_value),
            tolerance_pct: None,
            comparison,
            kind: ClaimKind::Reproduction,
            basis: String::new(),
            pass,
            method,
            scenario: None,
        }
    }

    /// Marks this claim as a calibration point: `fitted` names the constant fitted to it.
    pub fn calibration_point(mut self, fitted: &str) -> Self {
        self.kind = ClaimKind::Calibration;
        self.basis = fitted.into();
        self
    }

    /// Marks this claim as an identity: `why` says what makes it equal by construction.
    pub fn identity(mut self, why: &str) -> Self {
        self.kind = ClaimKind::Identity;
        self.basis = why.into();
        self
    }

    /// The judgement in words: "±5%", "≥ 35000" or "≤ 1.5".
    pub fn criterion(&self) -> String {
        match self.comparison {
            Comparison::Tolerance { pct } => format!("±{pct}%"),
            Comparison::AtLeast => format!("≥ {}", format_value(self.paper_value)),
            Comparison::AtMost => format!("≤ {}", format_value(self.paper_value)),
        }
    }
}

/// Counts for the headline: reproductions apart from calibration points and identities.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ClaimSummary {
    pub reproductions: usize,
    pub reproductions_passed: usize,
    pub calibration_points: usize,
    pub identities: usize,
}

impl ClaimSummary {
    pub fn of(claims: &[Claim]) -> Self {
        let mut summary = Self::default();
        for claim in claims {
            match claim.kind {
                ClaimKind::Reproduction => {
                    summary.reproductions += 1;
                    summary.reproductions_passed += usize::from(claim.pass);
                }
                ClaimKind::Calibration => summary.calibration_points += 1,
                ClaimKind::Identity => summary.identities += 1,
            }
        }
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_passes_by_direction_not_by_percent() {
        let claim = Claim::at_least(
            "x",
            "at least 35000/s",
            "1/s",
            35_000.0,
            61_021.0,
            "m".into(),
        );
        assert!(claim.pass);
        assert_eq!(claim.tolerance_pct, None);
        assert_eq!(claim.criterion(), "≥ 35000");
        let below = Claim::at_least("x", "c", "1/s", 35_000.0, 34_999.0, "m".into());
        assert!(!below.pass);
        assert!(Claim::at_most("y", "c", "s", 1.5, 1.2, "m".into()).pass);
    }

    #[test]
    fn the_summary_counts_only_reproductions_as_evidence() {
        let claims = vec![
            Claim::new("a", "c", "u", 10.0, 10.5, 10.0, "m".into()),
            Claim::new("b", "c", "u", 10.0, 20.0, 10.0, "m".into()),
            Claim::new("c", "c", "u", 10.0, 10.0, 1.0, "m".into()).calibration_point("k"),
            Claim::new("d", "c", "u", 1.0, 1.0, 0.0, "m".into()).identity("theorem"),
        ];
        let summary = ClaimSummary::of(&claims);
        assert_eq!(summary.reproductions, 2);
        assert_eq!(summary.reproductions_passed, 1);
        assert_eq!(summary.calibration_points, 1);
        assert_eq!(summary.identities, 1);
    }
}
