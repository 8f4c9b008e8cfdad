//! Claims a researcher can trust: every claim of every lab is held to the tolerance policy
//! (`plugin::policy`) and to the seed rule.
//!
//! 1. Compute each built lab's claims once, watching whether the computation built a seeded
//!    generator (`sim::rng::built_on_this_thread`): a lab whose claims draw random numbers must
//!    judge each such claim over seeds (`Claim::over_seeds`); a claim of such a lab that carries
//!    no spread is reported as `one-seed` (it may be deterministic, but nothing shows it).
//! 2. Every claim's policy breaches (`policy::violations`: a ±0 tolerance, a tolerance wider than
//!    the policy without its reason, a stochastic spread over too few seeds) are collected as
//!    `claim-id: rule` lines.
//! 3. A ratchet: `claim_policy_known.txt` lists the breaches not yet mended. A breach not on the
//!    list fails (a new claim must follow the policy), and so does a listed one that no longer
//!    happens (the list only shrinks; delete the line).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use flashlab_core::labs::BUILT_LABS;
use flashlab_core::plugin::claim::UNEXPLAINED;
use flashlab_core::plugin::policy::violations;
use flashlab_core::reproduce::{Claim, lab_claims};
use flashlab_core::sim::rng::built_on_this_thread;

fn breaches() -> (BTreeSet<String>, Vec<Claim>) {
    let mut out = BTreeSet::new();
    let mut all = Vec::new();
    for lab in BUILT_LABS {
        let before = built_on_this_thread();
        let claims = lab_claims(lab).unwrap();
        let draws = built_on_this_thread() != before;
        for claim in &claims {
            for breach in violations(claim) {
                let rule = if breach.contains("±0") {
                    "zero"
                } else if breach.contains("wider") {
                    "wide"
                } else {
                    "seeds"
                };
                out.insert(format!("{}: {rule}", claim.id));
            }
            if draws && claim.spread.is_none() {
                out.insert(format!("{}: one-seed", claim.id));
            }
        }
        all.extend(claims);
    }
    (out, all)
}

fn known() -> BTreeSet<String> {
    let text = include_str!("claim_policy_known.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

#[test]
fn every_claim_follows_the_tolerance_policy_and_the_seed_rule_or_is_a_known_breach() {
    let (found, claims) = breaches();
    if std::env::var_os("FLASHLAB_BLESS").is_some() {
        let mut text = String::from(
            "# Claims that break the tolerance policy or the seed rule (core/tests/claim_policy.rs).\n\
             # The list only shrinks: mend a claim, then delete its line.\n",
        );
        for line in &found {
            text.push_str(line);
            text.push('\n');
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/claim_policy_known.txt");
        std::fs::write(path, text).unwrap();
        return;
    }
    let known = known();
    let new: Vec<&String> = found.difference(&known).collect();
    let mended: Vec<&String> = known.difference(&found).collect();
    assert!(
        new.is_empty(),
        "claims that break the policy (mend them; see plugin/policy.rs):\n{}",
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        mended.is_empty(),
        "mended, so delete these lines of claim_policy_known.txt:\n{}",
        mended
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let unexplained = claims
        .iter()
        .filter(|c| !c.pass && c.miss_reason == UNEXPLAINED)
        .count();
    println!("{unexplained} misses are unexplained");
}
