//! The latency what-if sweep behind the USB claims' miss reason (`reproduce::latency_need`):
//! scaling multiplies every latency and nothing else, k = 1 is the claims' own ratio, the sweep
//! stops where it says it does, and the sentence names the largest k reaching each bound.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::flashlog::config::FlashLogConfig;
use flashlab_core::flashlog::devices::DeviceSpec;
use flashlab_core::flashlog::devices::usb::UsbProfile;
use flashlab_core::flashlog::reproduce::archival_cause::CycleSplit;
use flashlab_core::flashlog::reproduce::latency_need::{self, ScalePoint};
use flashlab_core::flashlog::reproduce::throughput::measure;
use flashlab_core::plugin::seeds::SeedSpread;
use flashlab_core::sim::Rng;

#[test]
fn scaling_multiplies_every_latency_and_keeps_the_outlier_draws() {
    for p in [UsbProfile::A, UsbProfile::B, UsbProfile::C] {
        assert_eq!(p.scaled(1.0), p);
        let half = p.scaled(0.5);
        assert_eq!(half.name, p.name);
        assert_eq!(half.outlier_probability, p.outlier_probability);
        assert_eq!(half.base_ns * 2, p.base_ns);
        assert_eq!(half.ns_per_kib * 2, p.ns_per_kib);
        assert_eq!(half.outlier_ns * 2, p.outlier_ns);
        // The same generator draws the same outliers; each latency is the plain formula at k.
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for bytes in [512_u64, 2048, 5371, 65_536] {
            let (full_ns, full_outlier) = p.sample_ns(bytes, &mut a);
            let (half_ns, half_outlier) = half.sample_ns(bytes, &mut b);
            assert_eq!(full_outlier, half_outlier);
            let extra = if half_outlier { half.outlier_ns } else { 0 };
            assert_eq!(
                half_ns,
                half.base_ns + bytes * half.ns_per_kib / 1024 + extra
            );
            assert!(half_ns.abs_diff(full_ns / 2) <= 1, "{half_ns} vs {full_ns}");
        }
    }
}

#[test]
fn a_scaled_configuration_differs_only_in_its_usb_drives() {
    let c = FlashLogConfig::usb(&[UsbProfile::B; 2], true);
    let s = latency_need::scaled_config(&c, 0.3);
    assert_eq!(s.devices.len(), c.devices.len());
    for (a, b) in c.devices.iter().zip(&s.devices) {
        match (a, b) {
            (DeviceSpec::Usb(a), DeviceSpec::Usb(b)) => assert_eq!(*b, a.scaled(0.3)),
            (a, b) => assert_eq!(a, b),
        }
    }
    let mut back = s.clone();
    back.devices = c.devices.clone();
    assert_eq!(back, c);
}

#[test]
fn the_sweep_starts_at_the_claims_own_ratio_and_stops_at_the_first_scale_reaching_both() {
    let n = 800;
    let best = FlashLogConfig::usb(&[UsbProfile::A; 2], false).with_transactions(n);
    let ideal = FlashLogConfig::ideal().with_transactions(n);
    let disk = FlashLogConfig::disk().with_transactions(n);
    let seeds = [1, 2];
    let points = latency_need::sweep(&best, &ideal, &disk, &seeds).unwrap();
    // k = 1 is the unscaled configuration: X(best) / X(ideal) per seed, as the claims compute it.
    for (i, &seed) in seeds.iter().enumerate() {
        let x = |c: &FlashLogConfig| measure(c.clone().with_seed(seed)).unwrap().0;
        let reference = x(&best) / x(&ideal) * 100.0;
        assert_eq!(points[0].k, 1.0);
        assert!((points[0].vs_ideal_pct.values[i] - reference).abs() < 1e-9);
        assert!((points[0].vs_disk.values[i] - x(&best) / x(&disk)).abs() < 1e-9);
    }
    let reached = |p: &ScalePoint| {
        p.vs_ideal_pct.median >= latency_need::PAPER_VS_IDEAL_PCT
            && p.vs_disk.median >= latency_need::PAPER_VS_DISK
    };
    let (last, before) = points.split_last().unwrap();
    assert!(before.iter().all(|p| !reached(p)));
    assert!(reached(last) || points.len() == latency_need::SCALES.len());
    let ks: Vec<f64> = points.iter().map(|p| p.k).collect();
    assert_eq!(ks, latency_need::SCALES[..points.len()]);
}

fn point(k: f64, ideal_pct: f64, disk: f64) -> ScalePoint {
    let cycle = CycleSplit {
        commits_per_s: 1000.0,
        mean_commit_ns: 1e6,
        rest_of_cycle_ns: 1e6,
        cpu_utilisation: 0.5,
    };
    ScalePoint {
        k,
        vs_ideal_pct: SeedSpread::of(&[1], vec![ideal_pct], true),
        vs_disk: SeedSpread::of(&[1], vec![disk], true),
        first_cycle: cycle,
        first_commits_per_write: 2.0,
    }
}

#[test]
fn the_sentence_names_the_largest_scale_reaching_each_bound() {
    let points = [
        point(1.0, 80.0, 4.0),
        point(0.9, 89.0, 5.2),
        point(0.8, 97.0, 5.5),
        point(0.7, 99.0, 5.8),
    ];
    let best = FlashLogConfig::usb(&[UsbProfile::A; 2], false);
    let s = latency_need::sentence(&points, &best, 10.0);
    // 98.6 % within 10 %: ≥ 88.74 first at 0.9; the value itself first at 0.7.
    assert!(
        s.contains("within 10 % of the paper's 98.6 % from k = 0.9"),
        "{s}"
    );
    assert!(s.contains("the paper's value from k = 0.7 (99.00 %"), "{s}");
    // 5.7× within 10 %: ≥ 5.13 first at 0.9; the value first at 0.7.
    assert!(s.contains("of the paper's 5.7× from k = 0.9"), "{s}");
    assert!(s.contains("the paper's value from k = 0.7 (5.80×"), "{s}");
    let base_07 = UsbProfile::A.scaled(0.7).base_ns as f64 / 1e6;
    assert!(s.contains(&format!("base {base_07:.2} ms")), "{s}");
    let none = latency_need::sentence(&points[..1], &best, 10.0);
    assert!(none.contains("no k down to 1.0"), "{none}");
}
