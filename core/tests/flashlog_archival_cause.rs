//! The archival HDD's measured mechanism (`flashlog::reproduce::archival_cause`) against a
//! plain recount over the same runs: the prefix wait of commits whose log ends in an HDD flush,
//! the mean commit latency, and the worker cycle's split.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use flashlab_core::flashlog::config::FlashLogConfig;
use flashlab_core::flashlog::devices::usb::UsbProfile;
use flashlab_core::flashlog::reproduce::archival_cause::archival_cause;
use flashlab_core::flashlog::sim::{FlashLogSim, Purpose};

fn run(config: &FlashLogConfig) -> FlashLogSim {
    let mut sim = FlashLogSim::new(config.clone()).unwrap();
    sim.run().unwrap();
    sim
}

/// Every commit, every HDD flush: the latest-starting flush holding the commit's last byte;
/// a commit acknowledged before that flush completed is counted apart.
fn plain_prefix_wait(sim: &FlashLogSim) -> (u64, f64, u64) {
    let (mut n, mut sum, mut earlier) = (0_u64, 0_u64, 0_u64);
    for t in &sim.txns {
        let Some(ack) = t.ack_ns else { continue };
        let mut best: Option<(u64, u64, u64)> = None;
        for r in &sim.requests {
            let counted = matches!(r.purpose, Purpose::Log | Purpose::Reissue { .. });
            if !counted || !sim.devices[r.dev].is_hdd() {
                continue;
            }
            let Some(done) = r.done_ns else { continue };
            if r.start_lsn < t.end_lsn && t.end_lsn <= r.end_lsn {
                let key = (r.start_lsn, r.end_lsn, done);
                if best.is_none_or(|b| key > b) {
                    best = Some(key);
                }
            }
        }
        match best {
            Some((_, _, done)) if ack >= done => {
                n += 1;
                sum += ack - done;
            }
            Some(_) => earlier += 1,
            None => {}
        }
    }
    (n, sum as f64 / n.max(1) as f64, earlier)
}

#[test]
fn the_archival_cause_equals_a_plain_recount_of_the_same_runs() {
    for (drive, seed) in [(UsbProfile::A, 1), (UsbProfile::C, 2)] {
        let without = FlashLogConfig::usb(&[drive; 2], false)
            .with_transactions(600)
            .with_seed(seed);
        let with = FlashLogConfig::usb(&[drive; 2], true)
            .with_transactions(600)
            .with_seed(seed);
        let cause = archival_cause(&without, &with).unwrap();
        let (a, b) = (run(&without), run(&with));
        let (n, wait, earlier) = plain_prefix_wait(&b);
        assert!(n > 0, "the HDD carried some commits' last bytes");
        assert_eq!(cause.commits_on_hdd, n);
        assert_eq!(cause.commits_acked_before_hdd, earlier);
        assert!((cause.prefix_wait_ns - wait).abs() < 1e-6);
        assert_eq!(plain_prefix_wait(&a).0, 0, "no HDD, no HDD flush");
        for (split, sim, config) in [(cause.without, &a, &without), (cause.with, &b, &with)] {
            let lat: Vec<u64> = sim
                .txns
                .iter()
                .filter_map(|t| t.ack_ns.map(|x| x - t.commit_ns))
                .collect();
            let mean = lat.iter().sum::<u64>() as f64 / lat.len() as f64;
            assert!((split.mean_commit_ns - mean).abs() < 1e-6);
            let x = sim.throughput_per_s();
            assert_eq!(split.commits_per_s, x);
            let cycle = f64::from(config.workload.workers) * 1e9 / x;
            assert!((split.rest_of_cycle_ns + split.mean_commit_ns - cycle).abs() < 1e-3);
            assert!(split.rest_of_cycle_ns >= config.workload.cpu_ns_mean as f64 * 0.5);
        }
    }
}
