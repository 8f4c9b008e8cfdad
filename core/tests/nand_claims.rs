//! The NAND reproductions (`flashlab reproduce`): well-formed, and the physics claims hold.

mod common;

use common::claim_run::{load, metrics_of, own_run};
use flashlab_core::device::nand::claims::claims;

#[test]
fn nand_claims_are_well_formed_and_the_physics_claims_pass() {
    let claims = claims();
    let mut ids: Vec<&str> = claims.iter().map(|c| c.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), claims.len(), "claim ids are unique");
    for claim in &claims {
        assert!(claim.id.starts_with("nand."), "{}", claim.id);
        assert!(claim.simulated_value.is_finite(), "{}", claim.id);
        assert!(!claim.method.is_empty() && !claim.claim.is_empty());
    }
    let get = |id: &str| claims.iter().find(|c| c.id == id).unwrap();
    for id in [
        "nand.ispp.slc_state_width",
        "nand.ispp.mlc_state_width",
        "nand.tprog.mlc_msb",
        "nand.tr.tlc_msb",
        "nand.rber.tlc_4000pe",
        "nand.rber.tlc_1000pe",
        "nand.rber.tlc_3000pe",
        "nand.rber.tlc_5000pe",
        "nand.rber.mlc_young_bound",
    ] {
        let claim = get(id);
        assert!(
            claim.pass,
            "{id}: {} vs {} ({:.1}%)",
            claim.simulated_value, claim.paper_value, claim.error_pct
        );
    }
    // TLC CSB/MSB program times are reported with their error; the model's three-step TLC
    // programming is known to under-predict them (see the module notes), so only their order is
    // asserted here.
    assert!(get("nand.tprog.tlc_msb").simulated_value > get("nand.tprog.tlc_csb").simulated_value);
}

/// Issue 27 item 6: the runs a claim links are the runs its number came from. The fit point's
/// four seed-1 blocks, opened as the results page opens them and run to the end, give raw bit
/// error rates whose mean is the claim's seed-1 value; the MLC MSB program time's run gives its
/// seed-1 value; every run loads.
#[test]
fn the_claims_runs_reproduce_their_first_seed_values() {
    let claims = claims();
    let get = |id: &str| claims.iter().find(|c| c.id == id).unwrap();
    let rber = get("nand.rber.tlc_4000pe");
    assert_eq!(rber.runs.len(), 4);
    let total: f64 = (1..=4)
        .map(|b| metrics_of(own_run(rber, &format!("block {b}")))["raw_bit_error_rate"])
        .sum();
    assert_eq!(total / 4.0, rber.spread.as_ref().unwrap().values[0]);
    let msb = get("nand.tprog.mlc_msb");
    let m = metrics_of(own_run(msb, "nand"));
    assert_eq!(
        m["mean_program_latency_us_msb"],
        msb.spread.as_ref().unwrap().values[0]
    );
    for claim in &claims {
        assert!(!claim.runs.is_empty(), "{}: no run", claim.id);
        claim.runs.iter().for_each(|run| drop(load(run)));
    }
}
