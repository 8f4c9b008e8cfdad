//! The assembled disk: geometry, spindle, seek curve and switch times, derived from a preset's
//! constants (`DiskParams`).
//!
//! 1. Revolution: `Spindle::from_rpm`.
//! 2. Sectors per track at the outer zone, from the sustained sequential rate R (which includes
//!    switches, see `presets.rs`): reading one track and moving to the next takes one
//!    revolution plus the mean switch s̄ = (head_switch·(heads−1) + cylinder_switch) / heads,
//!    so spt_outer = round(R · (revolution + s̄) / 512 B).
//! 3. Zones: spt falls linearly from spt_outer to spt_outer·(inner/outer ratio) across the
//!    bands, outermost first (rate ∝ radius at constant linear density, calibration.md B4).
//! 4. Cylinders: round(capacity / (heads · 512 B · mean spt)), so the modelled capacity is
//!    within one cylinder of the preset's.
//! 5. Switch and settle times are rounded to whole ns once, here.
//!
//! Bad combinations (fewer than one sector per track, absurd cylinder counts) are refused with a
//! message that names the constants to change; the scenario layer attaches the path `device`.

use super::geometry::{Geometry, SECTOR_BYTES};
use super::presets::DiskParams;
use super::provenance::Derived;
use super::rotation::Spindle;
use super::seek::{SeekCurve, ms_to_ns};

/// Above this the cylinder index would no longer be a comfortable u32 in traces and views.
pub const MAX_CYLINDERS: u32 = 50_000_000;
/// A track longer than this is not a disk any more (and would slow per-track arithmetic).
pub const MAX_SECTORS_PER_TRACK: u32 = 10_000_000;

#[derive(Debug, Clone, PartialEq)]
pub struct Disk {
    pub geometry: Geometry,
    pub spindle: Spindle,
    pub seek: SeekCurve,
    pub head_switch_ns: u64,
    pub cylinder_switch_ns: u64,
    pub write_settle_ns: u64,
}

impl Disk {
    /// Builds the disk; the error says which constants to change.
    pub fn from_params(params: &DiskParams) -> Result<Self, String> {
        let spindle = Spindle::from_rpm(params.rpm.value);
        let head_count = params.head_count.value as u32;
        let zone_count = params.zone_count.value as u32;
        if head_count == 0 || zone_count == 0 {
            return Err("head_count and zone_count must be at least 1".into());
        }
        let head_switch_ns = ms_to_ns(params.head_switch_ms.value);
        let cylinder_switch_ns = ms_to_ns(params.cylinder_switch_ms.value);
        let mean_switch_ns = (head_switch_ns as f64 * f64::from(head_count - 1)
            + cylinder_switch_ns as f64)
            / f64::from(head_count);
        let track_period_s = (spindle.revolution_ns as f64 + mean_switch_ns) / 1e9;
        let outer_spt =
            (params.outer_rate_mb_s.value * 1e6 * track_period_s / SECTOR_BYTES as f64).round();
        if !(1.0..=f64::from(MAX_SECTORS_PER_TRACK)).contains(&outer_spt) {
            return Err(format!(
                "outer_rate_mb_s {} MB/s at {} rpm gives {outer_spt} sectors per track (must be \
                 1 to {MAX_SECTORS_PER_TRACK}): change outer_rate_mb_s or rpm",
                params.outer_rate_mb_s.value, params.rpm.value
            ));
        }
        let ratio = params.inner_to_outer_rate.value;
        let spt_per_zone: Vec<u32> = (0..zone_count)
            .map(|zone| {
                let position = if zone_count == 1 {
                    0.0
                } else {
                    f64::from(zone) / f64::from(zone_count - 1)
                };
                ((outer_spt * (1.0 - (1.0 - ratio) * position)).round() as u32).max(1)
            })
            .collect();
        let mean_spt =
            spt_per_zone.iter().map(|&s| f64::from(s)).sum::<f64>() / f64::from(zone_count);
        let cylinders = (params.capacity_gb.value * 1e9
            / (f64::from(head_count) * SECTOR_BYTES as f64 * mean_spt))
            .round();
        if cylinders > f64::from(MAX_CYLINDERS) {
            return Err(format!(
                "capacity_gb {} GB needs {cylinders} cylinders, over the limit of {MAX_CYLINDERS}: \
                 raise head_count or outer_rate_mb_s, or lower capacity_gb",
                params.capacity_gb.value
            ));
        }
        let cylinder_count = (cylinders as u32).max(zone_count);
        let geometry =
            Geometry::new(cylinder_count, head_count, &spt_per_zone).ok_or_else(|| {
                format!("no valid geometry for {cylinder_count} cylinders in {zone_count} zones")
            })?;
        Ok(Self {
            geometry,
            spindle,
            seek: params.seek_curve(),
            head_switch_ns,
            cylinder_switch_ns,
            write_settle_ns: ms_to_ns(params.write_settle_ms.value),
        })
    }

    /// Time to read every sector of one full track at the given cylinder, plus the
    /// mean switch to the next track: the sustained sequential rate there, in MB/s.
    pub fn sustained_rate_mb_s(&self, cylinder: u32) -> f64 {
        let heads = f64::from(self.geometry.head_count);
        let mean_switch_ns =
            (self.head_switch_ns as f64 * (heads - 1.0) + self.cylinder_switch_ns as f64) / heads;
        let bytes = f64::from(self.geometry.sectors_per_track(cylinder)) * SECTOR_BYTES as f64;
        bytes / ((self.spindle.revolution_ns as f64 + mean_switch_ns) / 1e9) / 1e6
    }

    /// Media rate under the head while a track streams (no switches), in MB/s.
    pub fn media_rate_mb_s(&self, cylinder: u32) -> f64 {
        let bytes = f64::from(self.geometry.sectors_per_track(cylinder)) * SECTOR_BYTES as f64;
        bytes / (self.spindle.revolution_ns as f64 / 1e9) / 1e6
    }

    /// Values computed from the constants, for the provenance panel.
    pub fn derived(&self) -> Vec<Derived> {
        let g = &self.geometry;
        let inner = g.cylinder_count.saturating_sub(1);
        let ms = |ns: u64| ns as f64 / 1e6;
        vec![
            Derived {
                key: "revolution_ms",
                label: "one revolution",
                value: ms(self.spindle.revolution_ns),
                unit: "ms",
                formula: "60,000 / rpm, rounded to a whole ns",
            },
            Derived {
                key: "mean_rotational_latency_ms",
                label: "mean rotational latency",
                value: ms(self.spindle.half_revolution_ns()),
                unit: "ms",
                formula: "half a revolution (calibration.md B2)",
            },
            Derived {
                key: "cylinder_count",
                label: "cylinders",
                value: f64::from(g.cylinder_count),
                unit: "cylinders",
                formula: "capacity / (heads x 512 B x mean sectors per track)",
            },
            Derived {
                key: "outer_sectors_per_track",
                label: "sectors per track, outer zone",
                value: f64::from(g.sectors_per_track(0)),
                unit: "sectors",
                formula: "outer rate x (revolution + mean switch) / 512 B",
            },
            Derived {
                key: "inner_sectors_per_track",
                label: "sectors per track, inner zone",
                value: f64::from(g.sectors_per_track(inner)),
                unit: "sectors",
                formula: "outer sectors per track x inner/outer ratio",
            },
            Derived {
                key: "capacity_bytes",
                label: "modelled capacity",
                value: g.capacity_bytes() as f64,
                unit: "B",
                formula: "sum over zones of cylinders x heads x sectors per track x 512 B",
            },
            Derived {
                key: "outer_media_rate_mb_s",
                label: "media rate within a track, outer zone",
                value: self.media_rate_mb_s(0),
                unit: "MB/s",
                formula: "sectors per track x 512 B / revolution",
            },
            Derived {
                key: "outer_sustained_rate_mb_s",
                label: "sustained rate with switches, outer zone",
                value: self.sustained_rate_mb_s(0),
                unit: "MB/s",
                formula: "sectors per track x 512 B / (revolution + mean switch)",
            },
            Derived {
                key: "seek_long_base_ms",
                label: "seek: long-seek base c",
                value: self.seek.long_base_ms(),
                unit: "ms",
                formula: "a + b·√x₀ − e·x₀ (continuity at the join)",
            },
            Derived {
                key: "seek_single_cylinder_ms",
                label: "single-cylinder seek",
                value: ms(self.seek.time_ns(1, g.cylinder_count)),
                unit: "ms",
                formula: "t(1 / cylinders)",
            },
            Derived {
                key: "seek_average_ms",
                label: "average seek (uniform random start and end)",
                value: self.seek.average_ms(),
                unit: "ms",
                formula: "∫ t(x)·2(1−x) dx over the full stroke",
            },
            Derived {
                key: "seek_full_stroke_ms",
                label: "full-stroke seek",
                value: ms(self.seek.time_ns(inner, g.cylinder_count)),
                unit: "ms",
                formula: "t((cylinders − 1) / cylinders)",
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::super::presets::{all_presets, preset};
    use super::*;

    #[test]
    fn every_preset_builds_and_matches_its_quoted_capacity_and_rate() {
        for p in all_presets() {
            let disk = Disk::from_params(&p.params).unwrap();
            let capacity_gb = disk.geometry.capacity_bytes() as f64 / 1e9;
            let quoted_gb = p.params.capacity_gb.value;
            assert!((capacity_gb / quoted_gb - 1.0).abs() < 0.01, "{}", p.name);
            let rate = disk.sustained_rate_mb_s(0);
            let quoted = p.params.outer_rate_mb_s.value;
            assert!((rate / quoted - 1.0).abs() < 0.02, "{}: {rate}", p.name);
        }
    }

    #[test]
    fn zoned_preset_is_slower_inside() {
        let disk = Disk::from_params(&preset("desktop-7200-2tb").unwrap().params).unwrap();
        let inner = disk.geometry.cylinder_count - 1;
        let ratio = disk.media_rate_mb_s(inner) / disk.media_rate_mb_s(0);
        assert!((ratio - 0.5).abs() < 0.01, "{ratio}");
    }

    #[test]
    fn impossible_rates_are_refused_with_a_hint() {
        let mut params = preset("hdd-1980").unwrap().params;
        params.outer_rate_mb_s.value = 0.000_001;
        let message = Disk::from_params(&params).unwrap_err();
        assert!(message.contains("outer_rate_mb_s"), "{message}");
    }
}
