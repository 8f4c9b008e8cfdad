//! The IPA device-time model (`ipa::timing`) against plain references: the priced counters of
//! a small run equal a hand sum over its journal of flash operations and its fetches; a
//! scheme that never appends times exactly like [0×0]; the closed loop's run time solves its
//! fixed-point equation (found here by bisection); times are deterministic per seed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::ipa_journal::journaled;

use flashlab_core::ipa::noftl::FlashOp;
use flashlab_core::ipa::reproduce::gc::fit_device;
use flashlab_core::ipa::reproduce::time::{timed_pair, timed_run};
use flashlab_core::ipa::timing::closed_loop::{LoopSetup, closed_loop};
use flashlab_core::ipa::timing::{DeviceTime, OpLatency};
use flashlab_core::ipa::workload::{Workload, tpcc::TpcC};
use flashlab_core::ipa::{Scheme, StoreConfig};

/// SLC datasheet numbers (Numonyx NAND02G-B2D, docs/CALIBRATION.md), written out by hand.
const T_R_NS: f64 = 25_000.0;
const T_PROG_NS: f64 = 200_000.0;
const T_BERS_NS: f64 = 1_500_000.0;

fn small() -> (StoreConfig, Workload) {
    let base = StoreConfig {
        buffer_frames: 12,
        ..StoreConfig::small_slc()
    };
    (
        fit_device(&base, 1500 + 750 + 11, 0.85),
        Workload::TpcC(TpcC::new(1500, 750)),
    )
}

#[test]
fn priced_counters_equal_a_hand_sum_over_the_journal_and_the_fetches() {
    let (cfg, workload) = small();
    let (_, run, journal, fetches) = journaled(&cfg, &workload, 7, 400);
    // The plain reference: walk every operation.
    let (mut write_ns, mut sq, mut writes) = (0.0, 0.0, 0u64);
    let (mut appends, mut erases) = (0u64, 0u64);
    for op in &journal {
        let s = match op {
            FlashOp::Program { .. } => {
                writes += 1;
                T_PROG_NS
            }
            FlashOp::Append { .. } => {
                writes += 1;
                appends += 1;
                T_PROG_NS
            }
            FlashOp::Migrate { .. } => T_R_NS + T_PROG_NS,
            FlashOp::Erase { .. } => {
                erases += 1;
                T_BERS_NS
            }
        };
        write_ns += s;
        sq += s * s;
    }
    assert!(appends > 50 && erases > 3, "the run appends and collects");
    let dt = DeviceTime::of(&run.flash, &OpLatency::for_store(&cfg));
    assert_eq!(dt.host_reads, fetches);
    assert_eq!(dt.host_writes, writes);
    assert!((dt.read_ns - fetches as f64 * T_R_NS).abs() < 1e-6);
    assert!((dt.write_path_ns() - write_ns).abs() < 1e-6 * write_ns);
    assert!((dt.write_path_sq_ns2 - sq).abs() < 1e-6 * sq);
    let lat = OpLatency::for_store(&cfg.without_ipa());
    assert_eq!((lat.read_ns, lat.program_ns), (T_R_NS, T_PROG_NS));
    assert_eq!((lat.append_ns, lat.erase_ns), (T_PROG_NS, T_BERS_NS));
}

#[test]
fn a_scheme_that_never_appends_times_exactly_like_no_ipa() {
    let (cfg, workload) = small();
    let never = StoreConfig {
        scheme: Scheme::none(),
        ..cfg.clone()
    };
    for seed in [1, 2] {
        let a = timed_run(&never, &workload, seed, 300).unwrap();
        let b = timed_run(&cfg.without_ipa(), &workload, seed, 300).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.append_ns, 0.0);
        let setup = LoopSetup {
            chips: 16,
            cpu_ns_per_txn: 50_000.0,
        };
        assert_eq!(closed_loop(300, &a, setup), closed_loop(300, &b, setup));
    }
}

#[test]
fn times_are_deterministic_per_seed() {
    let (cfg, workload) = small();
    let setup = LoopSetup {
        chips: 16,
        cpu_ns_per_txn: 0.0,
    };
    let a = timed_pair(&cfg, &workload, 3, 300).unwrap();
    let b = timed_pair(&cfg, &workload, 3, 300).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.changes(setup), b.changes(setup));
    let c = timed_pair(&cfg, &workload, 4, 300).unwrap();
    assert_ne!(a, c, "another seed makes another run");
}

/// The reference: bisection on T − b − R·r·min(1, W / (chips·T)) = 0, floored at W / chips.
fn reference_elapsed(txns: u64, dt: &DeviceTime, setup: LoopSetup) -> f64 {
    let chips = f64::from(setup.chips);
    let work = dt.write_path_ns() / chips;
    let b = txns as f64 * setup.cpu_ns_per_txn + dt.read_ns;
    let f = |t: f64| t - b - dt.host_reads as f64 * dt.residual_ns() * (work / t).min(1.0);
    let (mut lo, mut hi) = (
        b.max(1e-9),
        b + dt.host_reads as f64 * dt.residual_ns() + 1.0,
    );
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 { hi = mid } else { lo = mid }
    }
    hi.max(work)
}

#[test]
fn the_closed_loop_run_time_solves_its_fixed_point_equation() {
    let mut rng = flashlab_core::sim::Rng::new(11);
    for _ in 0..500 {
        let n = |rng: &mut flashlab_core::sim::Rng, k: u64| rng.below(k);
        let flash = flashlab_core::ipa::noftl::FlashCounters {
            host_page_reads: n(&mut rng, 5000),
            host_page_writes: n(&mut rng, 5000),
            write_deltas: n(&mut rng, 5000),
            gc_migrations: n(&mut rng, 5000),
            erases: n(&mut rng, 200),
        };
        let dt = DeviceTime::of(&flash, &OpLatency::for_store(&StoreConfig::small_slc()));
        let setup = LoopSetup {
            chips: 1 + n(&mut rng, 32) as u32,
            cpu_ns_per_txn: n(&mut rng, 2_000_000) as f64,
        };
        let txns = 1 + n(&mut rng, 3000);
        let got = closed_loop(txns, &dt, setup);
        let want = reference_elapsed(txns, &dt, setup);
        assert!(
            (got.elapsed_ns - want).abs() <= 1e-6 * want.max(1.0),
            "{got:?} vs {want}"
        );
        assert!(got.utilisation <= 1.0 + 1e-12);
        let read = if flash.host_page_reads == 0 {
            0.0
        } else {
            dt.read_service_ns() + got.utilisation * dt.residual_ns()
        };
        assert!((got.read_response_ns - read).abs() <= 1e-6 * read.max(1.0));
    }
}

#[test]
fn a_run_without_host_reads_has_no_read_response_even_on_busy_chips() {
    let flash = flashlab_core::ipa::noftl::FlashCounters {
        host_page_reads: 0,
        host_page_writes: 400,
        write_deltas: 100,
        gc_migrations: 300,
        erases: 20,
    };
    let dt = DeviceTime::of(&flash, &OpLatency::for_store(&StoreConfig::small_slc()));
    let setup = LoopSetup {
        chips: 1,
        cpu_ns_per_txn: 0.0,
    };
    let got = closed_loop(100, &dt, setup);
    assert!(got.utilisation > 0.99, "{got:?}");
    assert_eq!(got.read_response_ns, 0.0);
    assert!(got.write_response_ns > 0.0);
}
