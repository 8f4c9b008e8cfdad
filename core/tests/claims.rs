//! Every claim of every lab, computed once (as `flashlab reproduce --lab` does), checked three
//! ways: it opens a course scenario that loads, the lab's figures are well formed, and it follows
//! the tolerance policy and the seed rule.
//!
//! 1. For each built lab, compute its claims once, watching whether the computation built a
//!    seeded generator (`sim::rng::built_on_this_thread`); all tests share that one computation.
//! 2. Links: each claim names its own scenario (`Claim::scenario`, filled by the lab from its
//!    `claims.rs` table), `scenarios/<lab>/<name>.json`, and it must build (`labs::build`).
//!    Each of its runs (`Claim::runs`, the scenario of the run its number came from) must build
//!    too, as a scenario of the claim's lab, and a course-scale run must say what was shrunk.
//! 3. Figures: compute the lab's figures (its `figures()` hook) and check their shape against the
//!    claims.
//! 4. Policy: every claim's breaches (`policy::violations`: a ±0 tolerance, a tolerance wider
//!    than the policy without its reason, a stochastic spread over too few seeds) are collected
//!    as `claim-id: rule` lines, plus `one-seed` for a claim of a lab whose claims drew random
//!    numbers when the claim carries no spread (it may be deterministic, but nothing shows it),
//!    `no-run` for a reproduction or calibration point that links no run of its own, and
//!    `no-differences` for a claim that does not state its known differences from the paper's
//!    setup (item 5 of issue 27: shown on every claim, pass or miss).
//! 5. A ratchet: `claim_policy_known.txt` lists the breaches not yet mended. A breach not on the
//!    list fails (a new claim must follow the policy), and so does a listed one that no longer
//!    happens (the list only shrinks; delete the line, or rewrite the list with
//!    `FLASHLAB_BLESS=1 cargo test -p flashlab-core --test claims` and check it only shrank).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;

use flashlab_core::labs::{BUILT_LABS, build};
use flashlab_core::plugin::claim::ClaimKind;
use flashlab_core::plugin::claim::UNEXPLAINED;
use flashlab_core::plugin::policy::violations;
use flashlab_core::plugin::{RunScale, SeriesKind};
use flashlab_core::reproduce::{Claim, lab_claims, lab_figures};
use flashlab_core::sim::rng::built_on_this_thread;

/// One lab's claims, and whether computing them drew random numbers (step 1).
struct LabClaims {
    lab: &'static str,
    claims: Vec<Claim>,
    draws: bool,
}

fn computed() -> &'static [LabClaims] {
    static ALL: OnceLock<Vec<LabClaims>> = OnceLock::new();
    ALL.get_or_init(|| {
        BUILT_LABS
            .iter()
            .map(|lab| {
                let before = built_on_this_thread();
                let claims = lab_claims(lab).unwrap();
                LabClaims {
                    lab,
                    claims,
                    draws: built_on_this_thread() != before,
                }
            })
            .collect()
    })
}

fn scenario_path(lab: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios")
        .join(lab)
        .join(format!("{name}.json"))
}

/// Step 2.
fn assert_loads(lab: &str, name: &str, why: &str) {
    let path = scenario_path(lab, name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{why}: {} does not exist: {e}", path.display()));
    let (header, _) = build(&text, None)
        .unwrap_or_else(|e| panic!("{why}: {} does not load: {e}", path.display()));
    assert_eq!(
        header.lab,
        lab,
        "{why}: {} is not a {lab} scenario",
        path.display()
    );
}

/// Step 2, a claim's own runs.
fn assert_runs_load(lab: &str, claim: &Claim) {
    for run in &claim.runs {
        let why = format!("claim {} run {:?}", claim.id, run.label);
        assert!(!run.label.is_empty(), "{why}: no label");
        if let RunScale::CourseScale { shrunk } = &run.scale {
            assert!(
                !shrunk.is_empty(),
                "{why}: course-scale without what was shrunk"
            );
        }
        let text = serde_json::to_string(&run.scenario).unwrap();
        let (header, _) =
            build(&text, None).unwrap_or_else(|e| panic!("{why} does not load: {e}\n{text}"));
        assert_eq!(header.lab, lab, "{why}: not a {lab} scenario");
    }
}

#[test]
fn every_claim_and_every_figure_opens_a_scenario_that_loads() {
    let mut figures_seen = 0;
    for LabClaims { lab, claims, .. } in computed() {
        for claim in claims {
            let name = claim.scenario.unwrap_or_else(|| {
                panic!(
                    "{lab}: claim {} names no scenario (a row of its lab's claims.rs SCENARIOS)",
                    claim.id
                )
            });
            assert_loads(lab, name, &format!("claim {}", claim.id));
            assert_runs_load(lab, claim);
        }
        for figure in lab_figures(lab).unwrap() {
            figures_seen += 1;
            let id = &figure.id;
            assert_eq!(figure.lab, *lab, "{id}");
            assert!(
                !figure.method.starts_with("SIMULATION FAILED"),
                "{id}: {}",
                figure.method
            );
            assert_loads(lab, &figure.scenario, &format!("figure {id}"));
            assert!(
                claims
                    .iter()
                    .any(|c| c.id.starts_with(&figure.claim_prefix)),
                "{id}: no claim starts with {}",
                figure.claim_prefix
            );
            let simulated: Vec<&str> = figure
                .series
                .iter()
                .filter(|s| s.kind == SeriesKind::Simulated)
                .map(|s| s.name.as_str())
                .collect();
            assert!(!simulated.is_empty(), "{id}: no simulated series");
            let mut papers = 0;
            for s in &figure.series {
                assert!(!s.points.is_empty(), "{id}/{}: no points", s.name);
                for p in &s.points {
                    assert!(
                        p[0].is_finite() && p[1].is_finite(),
                        "{id}/{}: {p:?}",
                        s.name
                    );
                    if figure.x.log {
                        assert!(p[0] > 0.0, "{id}/{}: x {} on a log axis", s.name, p[0]);
                    }
                }
                if s.kind == SeriesKind::Paper {
                    papers += 1;
                    assert!(
                        simulated.contains(&s.of.as_str()),
                        "{id}/{}: of {:?}",
                        s.name,
                        s.of
                    );
                }
            }
            assert!(papers > 0, "{id}: no paper points");
        }
    }
    assert!(figures_seen >= 4, "{figures_seen} figures");
}

#[test]
fn an_unknown_lab_has_no_figures() {
    assert!(lab_figures("btree").is_none());
}

/// Step 4.
fn breaches() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for LabClaims { claims, draws, .. } in computed() {
        for claim in claims {
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
            if *draws && claim.spread.is_none() {
                out.insert(format!("{}: one-seed", claim.id));
            }
            let simulated = matches!(claim.kind, ClaimKind::Reproduction | ClaimKind::Calibration);
            if simulated && claim.runs.is_empty() {
                out.insert(format!("{}: no-run", claim.id));
            }
            if claim.differences.trim().is_empty() {
                out.insert(format!("{}: no-differences", claim.id));
            }
        }
    }
    out
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
    let found = breaches();
    if std::env::var_os("FLASHLAB_BLESS").is_some() {
        let mut text = String::from(
            "# Claims that break the tolerance policy, the seed rule or the run rule (core/tests/claims.rs).\n\
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
    let unexplained = computed()
        .iter()
        .flat_map(|l| &l.claims)
        .filter(|c| !c.pass && c.miss_reason == UNEXPLAINED)
        .count();
    println!("{unexplained} misses are unexplained");
}
