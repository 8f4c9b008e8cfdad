//! The paper-results page's links and figures: every claim of every lab opens a course scenario
//! that exists and loads, and every figure has simulated points, paper points that name their
//! simulated curve, claims that check it, and a scenario that loads.
//!
//! 1. For each built lab, compute its claims (as `flashlab reproduce --lab` does); each names
//!    its own scenario (`Claim::scenario`, filled by the lab from its `claims.rs` table).
//! 2. Each named scenario is `scenarios/<lab>/<name>.json`; it must build (`labs::build`).
//! 3. Compute the lab's figures (its `figures()` hook) and check their shape against the claims.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use flashlab_core::labs::{BUILT_LABS, build};
use flashlab_core::plugin::SeriesKind;
use flashlab_core::reproduce::{lab_claims, lab_figures};

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

#[test]
fn every_claim_and_every_figure_opens_a_scenario_that_loads() {
    let mut figures_seen = 0;
    for lab in BUILT_LABS {
        let claims = lab_claims(lab).unwrap();
        for claim in &claims {
            let name = claim.scenario.unwrap_or_else(|| {
                panic!(
                    "{lab}: claim {} names no scenario (a row of its lab's claims.rs SCENARIOS)",
                    claim.id
                )
            });
            assert_loads(lab, name, &format!("claim {}", claim.id));
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
