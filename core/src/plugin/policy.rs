//! The tolerance policy, in one place, fixed before any claim runs.
//!
//! 1. A number the paper measured on hardware is reproduced within ±25 %: the simulator models
//!    the mechanism, not the authors' machine, and 25 % is about the run-to-run and
//!    machine-to-machine spread such papers report.
//! 2. An analytic value (an equation, a theorem, an analytic table) is recomputed within ±5 %:
//!    the same formula on the same inputs should agree up to rounding and the scale of the run.
//!    This is the limit of a model check; an identity is set beside a measured number as a
//!    rule, so it is held to the measured limit.
//! 3. A tolerance in percentage points, and a band set here (by its wider side), are held to
//!    the same limits, taken relative to the paper's value.
//! 4. A wider tolerance is allowed only with its reason in the claim (`Claim::wide_because`),
//!    which the CLI and the results page show.
//! 5. A ±0 tolerance is never used: a yes/no statement is `Judgement::YesNo`, a best choice
//!    `Judgement::Argmin`, and a value equal by construction an identity.
//! 6. A stochastic claim (its run built a seeded generator) is judged over at least
//!    `seeds::MIN_SEEDS` seeds; `core/tests/claims.rs` checks it lab by lab.

use super::claim::{Claim, ClaimKind};
use super::judgement::Judgement;
use super::seeds::MIN_SEEDS;

/// ±% for a number the paper measured on hardware.
pub const MEASURED_TOLERANCE_PCT: f64 = 25.0;
/// ±% for an analytic value recomputed.
pub const ANALYTIC_TOLERANCE_PCT: f64 = 5.0;

/// The largest tolerance a claim of this kind may use without a stated reason.
pub fn limit_pct(kind: ClaimKind) -> f64 {
    match kind {
        // An identity's value follows from its inputs, but the paper's value it is set beside
        // is usually a measurement (e.g. "twice as fast"), so it is held to that limit.
        ClaimKind::Reproduction | ClaimKind::Calibration | ClaimKind::Identity => {
            MEASURED_TOLERANCE_PCT
        }
        ClaimKind::ModelCheck => ANALYTIC_TOLERANCE_PCT,
    }
}

/// The claim's tolerance as a relative percentage, when it has one.
fn relative_tolerance_pct(claim: &Claim) -> Option<f64> {
    match claim.judgement {
        Judgement::Tolerance { pct } => Some(pct),
        Judgement::Points { points } if claim.paper_value != 0.0 => {
            Some(points / claim.paper_value.abs() * 100.0)
        }
        Judgement::Points { .. } => Some(f64::INFINITY),
        // A band set here is held to the same limit by its wider side.
        Judgement::Band { low, high } if claim.paper_value != 0.0 => {
            let p = claim.paper_value;
            Some((high - p).max(p - low) / p.abs() * 100.0)
        }
        _ => None,
    }
}

/// What in this claim breaks the policy (empty when nothing does).
pub fn violations(claim: &Claim) -> Vec<String> {
    let mut out = Vec::new();
    let zero = matches!(
        claim.judgement,
        Judgement::Tolerance { pct } | Judgement::Points { points: pct } if pct == 0.0
    );
    if zero {
        out.push(format!(
            "{}: a ±0 tolerance; use yes/no, argmin or an identity",
            claim.id
        ));
    }
    if let Some(pct) = relative_tolerance_pct(claim) {
        let limit = limit_pct(claim.kind);
        if pct > limit + 1e-9 && claim.wide_because.is_empty() {
            out.push(format!(
                "{}: ±{pct:.1} % is wider than the policy's ±{limit} % for a {:?} and gives no reason",
                claim.id, claim.kind
            ));
        }
    }
    let too_few_seeds = claim
        .spread
        .as_ref()
        .filter(|spread| spread.stochastic && spread.seeds.len() < MIN_SEEDS);
    if let Some(spread) = too_few_seeds {
        out.push(format!(
            "{}: stochastic, judged over {} seed(s), fewer than {MIN_SEEDS}",
            claim.id,
            spread.seeds.len()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::SeedSpread;

    #[test]
    fn a_zero_tolerance_breaks_the_policy() {
        let claim = Claim::new("a", "c", "u", 1.0, 1.0, 0.0, "m".into());
        assert_eq!(violations(&claim).len(), 1);
    }

    #[test]
    fn a_wide_tolerance_needs_its_reason() {
        let wide = Claim::new("a", "c", "u", 10.0, 10.0, 30.0, "m".into());
        assert_eq!(violations(&wide).len(), 1);
        assert!(violations(&wide.wide_because("lab-scale device")).is_empty());
        let analytic = Claim::new("b", "c", "u", 10.0, 10.0, 10.0, "m".into()).model_check("Eq. 7");
        assert_eq!(violations(&analytic).len(), 1);
        let points = Claim::judged(
            "c",
            "c",
            "%",
            23.0,
            30.0,
            Judgement::Points { points: 35.0 },
            "m".into(),
        );
        assert_eq!(violations(&points).len(), 1, "35 points on 23 % is ±152 %");
    }

    #[test]
    fn a_stochastic_claim_on_too_few_seeds_breaks_the_policy() {
        let spread = SeedSpread::of(&[1, 2], vec![1.0, 1.0], true);
        let claim = Claim::new("a", "c", "u", 1.0, 1.0, 10.0, "m".into()).over_seeds(spread);
        assert_eq!(violations(&claim).len(), 1);
        let fixed = SeedSpread::of(&[1], vec![1.0], false);
        let claim = Claim::new("b", "c", "u", 1.0, 1.0, 10.0, "m".into()).over_seeds(fixed);
        assert!(violations(&claim).is_empty());
    }
}
