//! The seed-003 reproduction functions at small sizes (fast), checking what must hold whatever
//! the calibration: orderings and the calibration points. The full-size run that prints every
//! number beside the paper's is ignored by default:
//! `cargo test -p flashlab-core --test flashlog_reproduce -- --ignored --nocapture`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::flashlog::devices::usb::UsbProfile;
use flashlab_core::flashlog::reproduce::{
    Kind, Reproduced, appendpack, outliers, partitions, throughput,
};

fn print(claims: &[Reproduced]) {
    for c in claims {
        println!(
            "{:<45} paper {:>7.2} {:<2} simulated {:>7.2} ({:+.1} %) {:?} — {}",
            c.id,
            c.paper,
            c.unit,
            c.simulated,
            c.error_pct(),
            c.kind,
            c.method
        );
    }
}

#[test]
fn figure2_orders_disk_flash_and_ideal_and_hits_its_calibration_points() {
    let bars = throughput::figure2(1_500, 1).unwrap();
    assert_eq!(bars.len(), 14, "the reconstructed 14 configurations");
    let claims = throughput::claims(&bars, 1_500);
    for c in claims.iter().filter(|c| c.kind == Kind::Calibration) {
        assert!(c.error_pct().abs() < 15.0, "{c:?}");
    }
    let ideal = bars.iter().find(|b| b.name == "ideal").unwrap();
    assert!(
        bars.iter()
            .all(|b| b.commits_per_s <= ideal.commits_per_s * 1.01)
    );
    assert!(bars.iter().all(|b| b.vs_disk >= 0.99), "{bars:?}");
}

#[test]
fn the_partition_curve_rises_then_flattens() {
    let curve = partitions::curve(10, 1_000, 1).unwrap();
    assert!((curve[0].vs_naive - 1.0).abs() < 0.05, "{curve:?}");
    assert!(curve[9].vs_naive > 1.2, "{curve:?}");
    let last_gain = curve[9].commits_per_s / curve[7].commits_per_s;
    assert!(last_gain < 1.05, "{curve:?}");
}

#[test]
fn outlier_reissue_cuts_p99_at_similar_throughput() {
    let [on, off] = outliers::with_and_without(&[UsbProfile::B; 3], 2.0, 2_000, 1).unwrap();
    assert!(on.p99_ns * 2 < off.p99_ns, "{on:?} {off:?}");
    assert!(on.commits_per_s >= off.commits_per_s);
}

#[test]
fn figure3_random_writes_degrade_and_append_pack_restores_them() {
    let f = appendpack::figure3(48, 0.8, 1.0, 10_000, 1).unwrap();
    let claims = appendpack::claims(&f, "test size");
    print(&claims);
    assert!(
        f.steady_random.pages_per_s < 0.5 * f.fresh_random.pages_per_s,
        "{f:?}"
    );
    assert!(
        f.append_pack.pages_per_s > 2.0 * f.steady_random.pages_per_s,
        "{f:?}"
    );
    assert!(f.append_pack.ssd_write_amplification < 1.1, "{f:?}");
    // A/P's own write amplification over the measured phase follows 1/(1 − u).
    assert!(
        (f.ap_write_amplification / f.ap_model_write_amplification - 1.0).abs() < 0.15,
        "{f:?}"
    );
}

#[test]
#[ignore = "full-size reproduction run (about a minute); prints every number beside the paper's"]
fn print_every_reproduced_number() {
    let n = 20_000;
    let bars = throughput::figure2(n, 1).unwrap();
    for b in &bars {
        println!(
            "{:<14} {:>9.0} commits/s  {:>5.2}× disk  {:>5.1} % of ideal  p99 {:.2} ms",
            b.name,
            b.commits_per_s,
            b.vs_disk,
            b.vs_ideal * 100.0,
            b.p99_commit_ns as f64 / 1e6
        );
    }
    print(&throughput::claims(&bars, n));
    for p in partitions::curve(10, n, 1).unwrap() {
        println!(
            "partitions {:>2}: {:>8.0} commits/s, {:.3}× naive",
            p.partitions, p.commits_per_s, p.vs_naive
        );
    }
    for drives in [vec![UsbProfile::B; 3], vec![UsbProfile::A; 2]] {
        let r = outliers::with_and_without(&drives, 2.0, n, 1).unwrap();
        println!("outliers {}×{}: {r:?}", drives.len(), drives[0].name);
    }
    for db in [0.5, 0.65, 0.8] {
        let f = appendpack::figure3(64, db, 2.0, 100_000, 1).unwrap();
        println!("{f:?}");
        let method = "fusionio, 64 blocks per plane, 2 warm-up writes per page, 100,000 measured";
        print(&appendpack::claims(&f, method));
    }
}

/// Issue 27 item 6: a Figure 2 claim links its bars' own runs. Each linked scenario, loaded and
/// run to the end, gives the very throughput the claim's ratio was computed from (seed 1).
#[test]
fn a_figure2_claims_links_open_the_very_runs_its_ratio_came_from() {
    use flashlab_core::flashlog::claims::FIG2_TRANSACTIONS;
    use flashlab_core::plugin::RunScale;
    use flashlab_core::session::Session;
    let claims = flashlab_core::flashlog::claims::claims();
    let claim = claims
        .iter()
        .find(|c| c.id == "seed003.flashlog.best_over_disk")
        .unwrap();
    let bars = throughput::figure2(FIG2_TRANSACTIONS, 1).unwrap();
    assert_eq!(claim.runs.len(), 2);
    let mut throughputs = Vec::new();
    for run in &claim.runs {
        assert_eq!(run.scale, RunScale::Own);
        let bar = bars.iter().find(|b| b.name == run.label).unwrap();
        let mut session = Session::load(&run.scenario.to_string(), None).unwrap();
        session.run_to_end();
        let x = session.metrics_json()["commits_per_s"].as_f64().unwrap();
        assert_eq!(x, bar.commits_per_s, "{}", run.label);
        throughputs.push(x);
    }
    let first_seed = claim.spread.as_ref().unwrap().values[0];
    assert_eq!(throughputs[0] / throughputs[1], first_seed);
}
