//! The latency reproduction functions compute the shapes the paper reports (Fig. 1 sawtooth
//! with growing spikes; Fig. 6 ordering of worst insertions at W_l = 0.8, and FC, DS faster than XM).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::fdtree::FdConfig;
use flashlab_core::fdtree::conc::Scheme;
use flashlab_core::fdtree::reproduce::{fig1_sawtooth, fig6_worst};

#[test]
fn fig1_sawtooth_has_merge_spikes_that_grow() {
    let buckets = fig1_sawtooth(FdConfig::fd_plus_tree(16, 4, 2), 8_000, 250).unwrap();
    let median = {
        let mut b = buckets.clone();
        b.sort_unstable();
        b[b.len() / 2]
    };
    let first_half = buckets[..buckets.len() / 2].iter().max().unwrap();
    let max = buckets.iter().max().unwrap();
    assert!(*max > 5 * median, "spikes {max} vs median bucket {median}");
    assert!(max > first_half, "spikes grow: {max} vs {first_half}");
}

#[test]
fn fig6_worst_insertions_order_xm_ds_above_fc() {
    let w = fig6_worst(&FdConfig::fc(16, 4, 4), 7, 8_000, 4_000, 800).unwrap();
    let get = |s| *w.iter().find(|x| x.scheme == s).unwrap();
    let (xm, ds, fc) = (get(Scheme::Xm), get(Scheme::Ds), get(Scheme::Fc));
    // At this small scale FC's worst insertion is ~1/3 of DS's (paper: ~1/33 at 10M keys).
    assert!(fc.worst_insert_ns * 2 < ds.worst_insert_ns, "{fc:?} {ds:?}");
    assert!(fc.worst_insert_ns * 2 < xm.worst_insert_ns, "{fc:?} {xm:?}");
    assert!(
        xm.worst_lookup_ns > 10 * fc.worst_lookup_ns,
        "{xm:?} {fc:?}"
    );
    // Throughput: FC and DS both beat XM. FC ≥ DS (paper +8–9%) is NOT reproduced at this
    // scale: the two finish within ~1% of each other (the device is not queued, so DS's extra
    // space costs it nothing here).
    assert!(
        ds.end_ns < xm.end_ns && fc.end_ns < xm.end_ns,
        "{fc:?} {ds:?} {xm:?}"
    );
}
