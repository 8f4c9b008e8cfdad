//! The SSD bench case does the work it claims: its write amplification sits at or just below the
//! Lambert-W value for the same α_eff (greedy ≤ FIFO), so a faster bench cannot come from fewer
//! GC copies.

use flashlab_core::device::ssd::bench_check::{bench_alpha_effective, write_amplification_check};

#[test]
fn bench_alpha_effective_is_the_fill_over_spare_ratio() {
    // 8 × 4 dies × 256 blocks × 128 pages, 7 % spare, 75 % filled: α ≈ 1.07 / 0.75, less 64 blocks.
    let alpha = bench_alpha_effective();
    assert!((1.40..1.45).contains(&alpha), "α_eff = {alpha}");
}

#[test]
fn bench_write_amplification_sits_just_below_the_lambert_w_value() {
    let check = write_amplification_check(1_500_000);
    assert!(check.holds(), "{check:?}");
    assert!(check.simulated > 1.5, "GC must be running: {check:?}");
}
