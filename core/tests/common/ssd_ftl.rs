//! Shared set-up for the FTL tests (`ssd_ftl_properties`, `ftl_recovery`): a tiny device at
//! high fill and every victim policy × write allocation × wear-levelling configuration.

use flashlab_core::device::ssd::ftl::{FtlConfig, WriteAllocation};
use flashlab_core::device::ssd::gc_policy::VictimPolicy;
use flashlab_core::device::ssd::geometry::Geometry;

/// 2 channels × 2 dies × 12 blocks × 8 pages = 384 pages; spare 35 % (> 4 dies × 3 blocks).
pub fn tiny() -> Geometry {
    Geometry::with_spare_factor(2, 2, 1, 12, 8, 4096, 0.35)
}

pub fn configs() -> Vec<FtlConfig> {
    let mut out = Vec::new();
    for policy in [
        VictimPolicy::Greedy,
        VictimPolicy::CostBenefit,
        VictimPolicy::Fifo,
    ] {
        for allocation in [WriteAllocation::Static, WriteAllocation::Dynamic] {
            for static_wear_threshold in [None, Some(2)] {
                out.push(FtlConfig {
                    policy,
                    allocation,
                    gc_low_watermark: 2,
                    gc_high_watermark: 3,
                    dynamic_wear_leveling: static_wear_threshold.is_some(),
                    static_wear_threshold,
                });
            }
        }
    }
    out
}
