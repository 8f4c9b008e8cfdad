//! The HDD paper claims, computed by simulation, are within the tolerances fixed in
//! `device/hdd/reproduce.rs`. Each claim is asserted on its own so a miss names itself.

// Helpers outside #[test] functions may panic too: in a test, a panic is a failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::claim_run::{load, metrics_of, own_run};
use flashlab_core::device::hdd::claims::claims;
use flashlab_core::reproduce::all_claims;

#[test]
fn hdd_claims_are_computed_and_within_their_tolerances() {
    let claims = claims();
    let ids: Vec<&str> = claims.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "seed003.table1.hdd1980.random_bw",
            "seed003.table1.hdd1980.device_scan_s",
            "seed003.table1.hdd2010.random_bw",
            "seed003.table1.hdd2010.device_scan_s",
            "masm.s52.range_scan_4kb_ms",
            "masm.s52.range_scan_1mb_ms",
        ]
    );
    for claim in &claims {
        assert!(
            claim.simulated_value.is_finite(),
            "{}: {}",
            claim.id,
            claim.method
        );
        assert!(!claim.method.is_empty());
        assert!(
            claim.pass,
            "{}: {} vs paper {} ({:+.1}%, judged by {})",
            claim.id,
            claim.simulated_value,
            claim.paper_value,
            claim.error_pct,
            claim.criterion()
        );
    }
}

#[test]
fn table1_tolerances_are_tighter_than_the_measured_masm_ones() {
    for claim in claims() {
        let expected = if claim.id.starts_with("seed003") {
            5.0
        } else {
            20.0
        };
        assert_eq!(claim.tolerance_pct, Some(expected), "{}", claim.id);
    }
}

#[test]
fn all_claims_include_the_hdd_claims() {
    let all: Vec<String> = all_claims().into_iter().map(|c| c.id).collect();
    for claim in claims() {
        assert!(all.contains(&claim.id), "{}", claim.id);
    }
}

/// Issue 27 item 6: the run a claim links is the run its number came from. The HDD 2010 random
/// bandwidth's own scenario, opened and run to the end, gives the claim's seed-1 value.
#[test]
fn the_random_bandwidth_claims_run_reproduces_its_first_seed_value() {
    let claim = claims()
        .into_iter()
        .find(|c| c.id == "seed003.table1.hdd2010.random_bw")
        .unwrap();
    let m = metrics_of(own_run(&claim, "hdd"));
    let positioning_ms = m["mean_seek_ms"] + m["mean_rotation_ms"];
    let mib_s = 8.0 * 1024.0 / (positioning_ms / 1e3) / (1024.0 * 1024.0);
    let spread = claim.spread.as_ref().unwrap();
    assert_eq!(spread.seeds[0], 1);
    assert_eq!(mib_s, spread.values[0]);
}

#[test]
fn every_hdd_claim_links_its_own_run() {
    for claim in claims() {
        assert_eq!(claim.runs.len(), 1, "{}", claim.id);
        load(own_run(&claim, "hdd"));
    }
}
