//! flashlog benchmark cases (`flashlab bench`; the "Performance" units).
//!
//! 1. "flashlog: simulated commits": FlashLogging over four `usb-a` drives, the default
//!    calibrated workload, in runs of `RUN_TRANSACTIONS` (a fresh simulator per run keeps the
//!    record vectors small). Unit: acknowledged commits.
//! 2. "flashlog: crash-point sweep": FlashLogging over `usb-a` + `usb-b` with the archival HDD;
//!    after every event, the state is crashed (writes in flight torn), recovered by the k-way
//!    merge and judged (every acknowledged commit recovered). Unit: crash points checked.
//!
//! Default sizes take about a second each in release on the 2-core build machine (measured
//! 2026-11-24, busy machine: 4.5 M commits/s, 0.37 M crash points/s, 18.6 M A/P writes/s).
//! 3. "flashlog: Append/Pack page writes": 4 KB random writes (80 % to a hot eighth) through
//!    the layout with packing, 64-page erase blocks, database at 70 % of the device. Unit: user
//!    page writes.

use super::appendpack::{ApConfig, AppendPack};
use super::config::FlashLogConfig;
use super::devices::usb::UsbProfile;
use super::recover::recover;
use super::sim::FlashLogSim;
use crate::plugin::BenchCase;
use crate::sim::Rng;

pub const COMMITS_CASE: &str = "flashlog: simulated commits";
pub const SWEEP_CASE: &str = "flashlog: crash-point sweep";
pub const AP_CASE: &str = "flashlog: Append/Pack page writes";

const RUN_TRANSACTIONS: u64 = 20_000;
const SWEEP_TRANSACTIONS: u64 = 200;

pub fn cases() -> Vec<BenchCase> {
    vec![
        BenchCase {
            name: COMMITS_CASE,
            unit: "simulated commits",
            run: commits,
            default_size: 4_000_000,
        },
        BenchCase {
            name: SWEEP_CASE,
            unit: "crash points (crash, recover, judge)",
            run: crash_sweep,
            default_size: 300_000,
        },
        BenchCase {
            name: AP_CASE,
            unit: "Append/Pack page writes",
            run: append_pack_writes,
            default_size: 16_000_000,
        },
    ]
}

/// Case 1.
pub fn commits(size: u64) -> u64 {
    let mut done = 0;
    let mut seed = 1;
    while done < size {
        let n = RUN_TRANSACTIONS.min(size - done);
        let config = FlashLogConfig::usb(&[UsbProfile::A; 4], false)
            .with_transactions(n)
            .with_seed(seed);
        let Ok(mut sim) = FlashLogSim::new(config) else {
            return done;
        };
        if sim.run().is_err() {
            return done;
        }
        done += sim.stats.acked;
        seed += 1;
    }
    done
}

/// Case 2: returns the crash points whose recovery held every acknowledged commit.
pub fn crash_sweep(points: u64) -> u64 {
    let mut checked = 0;
    let mut seed = 1;
    while checked < points {
        let config = FlashLogConfig::usb(&[UsbProfile::A, UsbProfile::B], true)
            .with_transactions(SWEEP_TRANSACTIONS)
            .with_seed(seed);
        let Ok(mut sim) = FlashLogSim::new(config) else {
            return checked;
        };
        let mut rng = Rng::new(seed * 7919);
        while checked < points {
            let image = sim.crash(&mut rng);
            let result = recover(&image);
            if image.acked.len() > result.committed.len() {
                return checked;
            }
            checked += 1;
            match sim.step() {
                Ok(Some(_)) => {}
                _ => break,
            }
        }
        seed += 1;
    }
    checked
}

/// Case 3.
pub fn append_pack_writes(writes: u64) -> u64 {
    let eb = 64;
    let blocks = 256;
    let logical = blocks * eb * 7 / 10;
    let Ok(mut ap) = AppendPack::new(ApConfig {
        eb_pages: eb,
        blocks,
        logical_pages: logical,
        low_watermark_blocks: 2,
    }) else {
        return 0;
    };
    let mut rng = Rng::new(3);
    let hot = u64::from(logical / 8);
    for i in 0..writes {
        let page = if rng.chance(0.8) {
            rng.below(hot)
        } else {
            hot + rng.below(u64::from(logical) - hot)
        };
        if ap.write_auto(page as u32, i as u32).is_err() {
            return i;
        }
        ap.ops.clear();
    }
    writes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_case_does_the_work_it_was_asked() {
        assert_eq!(commits(300), 300);
        assert_eq!(crash_sweep(500), 500);
        assert_eq!(append_pack_writes(5_000), 5_000);
    }
}
