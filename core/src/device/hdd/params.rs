//! `DiskParams`: every tunable constant of the disk model, each a provenance-carrying
//! `Constant`, plus the small builders presets use so that labels and units are written once.
//!
//! 1. Field names are the scenario override keys (`device.rpm`, `device.head_switch_ms`, ...).
//! 2. `all()` fixes the display order used by `info()` and `docs/CALIBRATION.md`.
//! 3. The builders (`capacity`, `rpm`, `seek_constants`, ...) attach label and unit; the caller
//!    supplies value, tag and source.

use super::provenance::{Constant, Tag};
use super::seek::SeekCurve;

/// Every tunable constant of the disk model. Field names are the scenario override keys.
#[derive(Debug, Clone, PartialEq)]
pub struct DiskParams {
    pub capacity_gb: Constant,
    pub rpm: Constant,
    pub head_count: Constant,
    pub zone_count: Constant,
    pub outer_rate_mb_s: Constant,
    pub inner_to_outer_rate: Constant,
    pub seek_short_base_ms: Constant,
    pub seek_short_sqrt_ms: Constant,
    pub seek_join_fraction: Constant,
    pub seek_long_slope_ms: Constant,
    pub write_settle_ms: Constant,
    pub head_switch_ms: Constant,
    pub cylinder_switch_ms: Constant,
}

impl DiskParams {
    /// All constants in a fixed display order.
    pub fn all(&self) -> [&Constant; 13] {
        [
            &self.capacity_gb,
            &self.rpm,
            &self.head_count,
            &self.zone_count,
            &self.outer_rate_mb_s,
            &self.inner_to_outer_rate,
            &self.seek_short_base_ms,
            &self.seek_short_sqrt_ms,
            &self.seek_join_fraction,
            &self.seek_long_slope_ms,
            &self.write_settle_ms,
            &self.head_switch_ms,
            &self.cylinder_switch_ms,
        ]
    }

    pub fn seek_curve(&self) -> SeekCurve {
        SeekCurve {
            short_base_ms: self.seek_short_base_ms.value,
            short_sqrt_ms: self.seek_short_sqrt_ms.value,
            join_fraction: self.seek_join_fraction.value,
            long_slope_ms: self.seek_long_slope_ms.value,
        }
    }
}

pub fn seek_constants(curve: SeekCurve, tag: Tag, source: &str) -> [Constant; 4] {
    [
        Constant::new(
            "seek_short_base_ms",
            "seek: short-seek base a (t = a + b·√x)",
            curve.short_base_ms,
            "ms",
            tag,
            source,
        ),
        Constant::new(
            "seek_short_sqrt_ms",
            "seek: short-seek √ coefficient b",
            curve.short_sqrt_ms,
            "ms",
            tag,
            source,
        ),
        Constant::new(
            "seek_join_fraction",
            "seek: join of √ and linear branches x₀",
            curve.join_fraction,
            "fraction of full stroke",
            tag,
            source,
        ),
        Constant::new(
            "seek_long_slope_ms",
            "seek: long-seek slope e (t = c + e·x)",
            curve.long_slope_ms,
            "ms per full stroke",
            tag,
            source,
        ),
    ]
}

pub(super) fn rate_constants(
    outer_mb_s: f64,
    ratio: f64,
    rate_tag: Tag,
    rate_source: &str,
    ratio_tag: Tag,
    ratio_source: &str,
) -> [Constant; 2] {
    [
        Constant::new(
            "outer_rate_mb_s",
            "sustained sequential rate, outer zone (switches included)",
            outer_mb_s,
            "MB/s",
            rate_tag,
            rate_source,
        ),
        Constant::new(
            "inner_to_outer_rate",
            "inner-zone / outer-zone rate",
            ratio,
            "ratio",
            ratio_tag,
            ratio_source,
        ),
    ]
}

#[allow(clippy::too_many_arguments)] // One argument per constant group keeps presets readable.
pub(super) fn assemble(
    capacity: Constant,
    rpm: Constant,
    heads: Constant,
    zones: Constant,
    rates: [Constant; 2],
    seek: [Constant; 4],
    switches: [Constant; 3],
) -> DiskParams {
    let [outer_rate_mb_s, inner_to_outer_rate] = rates;
    let [
        seek_short_base_ms,
        seek_short_sqrt_ms,
        seek_join_fraction,
        seek_long_slope_ms,
    ] = seek;
    let [write_settle_ms, head_switch_ms, cylinder_switch_ms] = switches;
    DiskParams {
        capacity_gb: capacity,
        rpm,
        head_count: heads,
        zone_count: zones,
        outer_rate_mb_s,
        inner_to_outer_rate,
        seek_short_base_ms,
        seek_short_sqrt_ms,
        seek_join_fraction,
        seek_long_slope_ms,
        write_settle_ms,
        head_switch_ms,
        cylinder_switch_ms,
    }
}

pub(super) fn capacity(gb: f64, tag: Tag, source: &str) -> Constant {
    Constant::new("capacity_gb", "capacity", gb, "GB (10^9 B)", tag, source)
}
pub(super) fn rpm(value: f64, tag: Tag, source: &str) -> Constant {
    Constant::new("rpm", "spindle speed", value, "rpm", tag, source)
}
pub(super) fn heads(value: f64, tag: Tag, source: &str) -> Constant {
    Constant::new(
        "head_count",
        "heads (recording surfaces)",
        value,
        "heads",
        tag,
        source,
    )
}
pub(super) fn zones(value: f64, tag: Tag, source: &str) -> Constant {
    Constant::new("zone_count", "recording zones", value, "zones", tag, source)
}
