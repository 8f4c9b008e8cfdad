//! m-delete's latch pass (§4.4.2, Lem. 8; `conc::merge_proc::head_pass`) on the SSD model:
//! when a level reclaims processed blocks, the merge also X-latches the head that stays, so a
//! lookup holding that head's S-latch (its read I/O still queued on the device) couples onto
//! the block below before the pass goes on and reclaims it.
//!
//! 1. The G_R stream that found the gap (seed 2, W_l = 0.85, 8,000 keys, 4,000 requests): a
//!    lookup of a present key read a block reclaimed under it and answered null.
//! 2. Around it, seeds 1–5 at W_l 0.8–0.9 under FD+FC and FD+DS: no read of a reclaimed block,
//!    every answer equal to the map.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::fdtree::conc::device::DEFAULT_PRESET;
use flashlab_core::fdtree::conc::{ConcurrentRun, Scheme, SimReport, SsdCost};
use flashlab_core::fdtree::workload::{GenR, split_gr_clients};
use flashlab_core::fdtree::{FdConfig, MergePolicy, Uniqueness};

fn run(scheme: Scheme, seed: u64, lookup_permille: u32) -> SimReport {
    let policy = if scheme == Scheme::Ds {
        MergePolicy::DS
    } else {
        MergePolicy::FC
    };
    let mut cfg = FdConfig::fc(16, 4, 4).with_policy(policy);
    cfg.uniqueness = Uniqueness::Trusted;
    let mut g = GenR::new(seed, lookup_permille, 1);
    let pre = g.preload(8_000);
    let clients = split_gr_clients(&mut g, 4_000, 6);
    ConcurrentRun::with_arrivals(scheme, cfg, SsdCost::x25e_datasheet(), &pre, clients)
        .and_then(|r| r.with_device(DEFAULT_PRESET))
        .and_then(ConcurrentRun::run)
        .unwrap()
}

fn assert_clean(r: &SimReport, what: &str) {
    assert_eq!(
        r.use_after_reclaim, 0,
        "{what}: a read reached a reclaimed block"
    );
    assert_eq!(r.mismatches, 0, "{what}: an answer differs from the map");
    assert!(r.answers > 0, "{what}: nothing answered");
}

#[test]
fn a_lookup_on_a_retained_head_is_not_overtaken_by_the_reclaim_below() {
    assert_clean(&run(Scheme::Fc, 2, 850), "FD+FC seed 2 W_l 0.85");
}

#[test]
fn no_read_of_a_reclaimed_block_over_seeds_on_the_ssd_model() {
    for scheme in [Scheme::Fc, Scheme::Ds] {
        for seed in 1..=5 {
            for w in [800, 850, 900] {
                assert_clean(
                    &run(scheme, seed, w),
                    &format!("{scheme:?} seed {seed} W_l {w}"),
                );
            }
        }
    }
}
