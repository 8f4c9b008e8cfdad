//! The paper-claims report of `flashlab reproduce`, as text and as JSON.
//!
//! 1. The headline counts independent reproductions only, per paper and in total; model checks,
//!    calibration points and identities are counted apart, and the old "every claim" count is
//!    printed last, labelled as what it is.
//! 2. Each claim's line says what kind of evidence it is and how it is judged, in the judgement's
//!    own shape (`plugin::judgement`), with the spread over seeds when it has one.
//! 3. Below the table, every claim's method and known differences are printed, pass or miss; a
//!    miss adds its reason (or "unexplained"), a wide tolerance its reason.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::{Claim, ClaimKind, ClaimSummary};
use crate::plugin::format_value;

fn kind_word(kind: ClaimKind) -> &'static str {
    match kind {
        ClaimKind::Reproduction => "repro",
        ClaimKind::ModelCheck => "model",
        ClaimKind::Calibration => "calib",
        ClaimKind::Identity => "ident",
    }
}

/// The JSON report: the total summary, one summary per paper, and every claim.
pub fn json_report(claims: &[Claim]) -> Value {
    let papers: Vec<Value> = ClaimSummary::per_paper(claims)
        .into_iter()
        .map(|(paper, summary)| json!({"paper": paper, "summary": summary}))
        .collect();
    json!({
        "summary": ClaimSummary::of(claims),
        "papers": papers,
        "claims": claims,
    })
}

fn spread_text(claim: &Claim) -> String {
    match &claim.spread {
        Some(s) if s.seeds.len() > 1 => format!(
            "median of {} seeds, {}–{}",
            s.seeds.len(),
            format_value(s.min),
            format_value(s.max)
        ),
        _ => String::new(),
    }
}

fn headline(summary: &ClaimSummary) -> String {
    format!(
        "{} of {} independent reproductions pass; {} of {} model checks; {} calibration points \
         and {} identities (not evidence); {} of {} claims of every kind",
        summary.reproductions_passed,
        summary.reproductions,
        summary.model_checks_passed,
        summary.model_checks,
        summary.calibration_points,
        summary.identities,
        summary.reported_passed,
        summary.reported
    )
}

/// The text report: a table, the details of every claim, and the headline per paper.
pub fn text_report(claims: &[Claim]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<44} {:>6} {:>22} {:>12} {:>9} {:>6}  unit",
        "claim", "kind", "judged by", "simulated", "error", "pass"
    );
    for claim in claims {
        let judged = match claim.judgement {
            crate::plugin::Judgement::Tolerance { .. }
            | crate::plugin::Judgement::Points { .. } => {
                format!("{} {}", format_value(claim.paper_value), claim.criterion())
            }
            _ => claim.criterion(),
        };
        let error = match claim
            .judgement
            .shown_error(claim.paper_value, claim.simulated_value)
        {
            Some(e) => format!(
                "{e:>8.2}{}",
                if claim.tolerance_pct.is_some() {
                    "%"
                } else {
                    "p"
                }
            ),
            None => format!("{:>9}", "—"),
        };
        let _ = writeln!(
            out,
            "{:<44} {:>6} {:>22} {:>12.4} {error} {:>6}  {}",
            claim.id,
            kind_word(claim.kind),
            judged,
            claim.simulated_value,
            if claim.pass { "yes" } else { "NO" },
            claim.unit
        );
    }
    out.push('\n');
    for claim in claims {
        let _ = writeln!(out, "{}: {}", claim.id, claim.claim);
        let _ = writeln!(
            out,
            "    method: {} (judged by {})",
            claim.method,
            claim.criterion()
        );
        let spread = spread_text(claim);
        if !spread.is_empty() {
            let _ = writeln!(out, "    over seeds: {spread}");
        }
        if let Some(setup) = &claim.setup {
            let sweep: Vec<String> = setup
                .sweep
                .iter()
                .map(|(x, y)| format!("{} → {}", format_value(*x), format_value(*y)))
                .collect();
            let _ = writeln!(
                out,
                "    setup: {} = {} ({}); sweep {}",
                setup.parameter,
                format_value(setup.value),
                setup.why,
                sweep.join(", ")
            );
        }
        let basis = match claim.kind {
            ClaimKind::Reproduction => "",
            ClaimKind::ModelCheck => "model check",
            ClaimKind::Calibration => "calibration point",
            ClaimKind::Identity => "identity",
        };
        if !basis.is_empty() {
            let _ = writeln!(out, "    {basis}: {}", claim.basis);
        }
        if !claim.differences.is_empty() {
            let _ = writeln!(out, "    differences from the paper: {}", claim.differences);
        }
        if !claim.wide_because.is_empty() {
            let _ = writeln!(out, "    wide tolerance because: {}", claim.wide_because);
        }
        if !claim.pass {
            let _ = writeln!(out, "    missed because: {}", claim.miss_reason);
        }
    }
    out.push('\n');
    for (paper, summary) in ClaimSummary::per_paper(claims) {
        let _ = writeln!(out, "{paper}: {}", headline(&summary));
    }
    let _ = writeln!(out, "all: {}", headline(&ClaimSummary::of(claims)));
    out
}
