//! What a layouts load costs: the time-vs-projectivity sweep is not computed by a load.
//!
//! 1. A load, a step, an invariant check and a keyframe (a clone) do not compute the sweep; the
//!    first `info` or `metrics` does, once for the session and every clone of it.
//! 2. The sweep shown is exactly the one `sweep::compute` gives for the configuration (the plain
//!    reference), whether computed by this session or taken from the cache after another seed's.
//! 3. The timing report (`#[ignore]`d, bench-fast):
//!    `cargo test --profile bench-fast -p flashlab-core --test layouts_load -- --ignored --nocapture`
//!    prints the mean wall time of a load, and of a load plus `info` (which needs the sweep), per
//!    scenario file.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::disallowed_methods)]

mod common;

use flashlab_core::Session;
use flashlab_core::layouts::lab::LayoutsLab;
use flashlab_core::layouts::lab::sweep::compute;
use flashlab_core::sim::{Lab, TraceSink};
use serde_json::{Value, json};

const LOADS: u32 = 20;

fn body(device: &str) -> Value {
    json!({
        "table": {"kind": "orders", "rows": 3000},
        "device": {"id": device},
        "params": {"layout": "dsm"},
        "workload": {"generator": {"projectivity": 3, "selectivity": 0.1}},
        "sweep": {"rows": 20000}
    })
}

#[test]
fn stepping_checking_and_cloning_do_not_compute_the_sweep_and_the_first_info_does() {
    let mut lab: LayoutsLab = common::lab(body("disk"), 7);
    assert!(!lab.sweep.is_computed(), "a load computed the sweep");
    let mut trace = TraceSink::default();
    for _ in 0..20 {
        lab.step(&mut trace).unwrap();
        assert!(lab.collect_checks().iter().all(|c| c.ok));
    }
    let keyframe = lab.clone();
    assert!(!lab.sweep.is_computed(), "stepping computed the sweep");
    let info = lab.info();
    assert!(lab.sweep.is_computed() && keyframe.sweep.is_computed());
    assert!(info["sweep"]["column_s"].as_array().unwrap().len() == 7);
    assert!(
        lab.metrics()
            .iter()
            .any(|m| m.name == "sweep_pax_over_row_k1")
    );
}

#[test]
fn the_sweep_shown_is_the_reference_computation_for_every_seed_and_device() {
    for device in ["disk", "ssd_slow"] {
        let first: LayoutsLab = common::lab(body(device), 1);
        let cfg = first.cfg.clone();
        let reference = compute(cfg.device, cfg.kind, cfg.sweep.as_ref().unwrap()).unwrap();
        for seed in [1, 2, 3] {
            let lab: LayoutsLab = common::lab(body(device), seed);
            assert_eq!(lab.sweep.get(), Some(&reference), "{device} seed {seed}");
        }
    }
}

#[test]
#[ignore = "a wall-time report: run it in the bench-fast profile"]
fn load_time_per_layouts_scenario() {
    let mut total_load = 0.0;
    for (path, text) in common::scenario_files("layouts") {
        let started = std::time::Instant::now();
        for seed in 1..=u64::from(LOADS) {
            let session = Session::load(&text, Some(seed)).unwrap();
            std::hint::black_box(&session);
        }
        let load_ms = started.elapsed().as_secs_f64() * 1e3 / f64::from(LOADS);
        total_load += load_ms;
        let started = std::time::Instant::now();
        let session = Session::load(&text, Some(1)).unwrap();
        std::hint::black_box(session.info_json());
        let info_ms = started.elapsed().as_secs_f64() * 1e3;
        let name = path.rsplit('/').next().unwrap_or(&path);
        println!("{name}: load {load_ms:.2} ms, first load + info {info_ms:.1} ms");
    }
    println!("sum of mean loads: {total_load:.1} ms");
}
