//! Properties of the disk model itself: geometry, seek curve, rotation, transfer.

// Helpers outside #[test] functions may panic too: in a test, a panic is a failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::device::hdd::disk::Disk;
use flashlab_core::device::hdd::geometry::{Chs, SECTOR_BYTES};
use flashlab_core::device::hdd::presets::{B5_SEEK, all_presets};
use flashlab_core::device::hdd::service::{DiskRequest, HeadState, service};
use flashlab_core::device::hdd::transfer::transfer;
use flashlab_core::sim::Rng;

fn disks() -> Vec<(&'static str, Disk)> {
    all_presets()
        .into_iter()
        .map(|p| (p.name, Disk::from_params(&p.params).unwrap()))
        .collect()
}

#[test]
fn seek_time_is_monotone_non_decreasing_in_distance() {
    for (name, disk) in disks() {
        let cylinders = disk.geometry.cylinder_count;
        let join = (disk.seek.join_fraction * f64::from(cylinders)) as u32;
        // Every distance on small disks; elsewhere a dense sweep plus the region around the join.
        let step = (cylinders / 20_000).max(1);
        let mut distances: Vec<u32> = (0..cylinders).step_by(step as usize).collect();
        distances.extend(join.saturating_sub(2000)..(join + 2000).min(cylinders));
        distances.extend(0..200.min(cylinders));
        distances.sort_unstable();
        distances.dedup();
        let times: Vec<u64> = distances
            .iter()
            .map(|&d| disk.seek.time_ns(d, cylinders))
            .collect();
        assert_eq!(times[0], 0, "{name}: zero distance must cost nothing");
        for (pair, d) in times.windows(2).zip(&distances) {
            assert!(pair[1] >= pair[0], "{name}: t({}) < t(previous)", d);
        }
    }
}

#[test]
fn seek_curve_is_continuous_at_the_join() {
    for (name, disk) in disks() {
        let s = disk.seek;
        let left = s.short_base_ms + s.short_sqrt_ms * s.join_fraction.sqrt();
        let right = s.long_base_ms() + s.long_slope_ms * s.join_fraction;
        assert!((left - right).abs() < 1e-9, "{name}: {left} vs {right}");
        let eps = 1e-9;
        let jump =
            s.time_ms_at_fraction(s.join_fraction + eps) - s.time_ms_at_fraction(s.join_fraction);
        assert!(jump.abs() < 1e-6, "{name}: jump {jump}");
    }
    // And the calibration row it comes from: B5 lists c = 4.81 ms.
    assert!((B5_SEEK.long_base_ms() - 4.81).abs() < 0.005);
}

#[test]
fn average_rotational_latency_is_half_a_revolution() {
    for (name, disk) in disks() {
        let mut rng = Rng::new(99);
        let n = 20_000u64;
        let mut total_ns = 0u128;
        for _ in 0..n {
            let lba = rng.below(disk.geometry.capacity_sectors - 8);
            let head = HeadState {
                cylinder: rng.below(u64::from(disk.geometry.cylinder_count)) as u32,
                head: 0,
            };
            let now = rng.below(1 << 40);
            let request = DiskRequest {
                lba,
                sector_count: 8,
                is_write: false,
            };
            total_ns += u128::from(service(&disk, request, head, now).unwrap().rotation_ns);
        }
        let mean = total_ns as f64 / n as f64;
        let half = disk.spindle.revolution_ns as f64 / 2.0;
        // Uniform on [0, rev): standard error of the mean is rev/sqrt(12 n) = 0.2% of rev.
        assert!(
            (mean / half - 1.0).abs() < 0.02,
            "{name}: mean {mean} ns vs {half} ns"
        );
    }
}

#[test]
fn lba_mapping_round_trips_and_stays_in_bounds() {
    for (name, disk) in disks() {
        let g = &disk.geometry;
        let mut rng = Rng::new(5);
        let mut lbas = vec![0, 1, g.capacity_sectors - 1];
        for zone in &g.zones {
            lbas.extend([
                zone.first_lba.saturating_sub(1),
                zone.first_lba,
                zone.first_lba + 1,
            ]);
        }
        lbas.extend((0..20_000).map(|_| rng.below(g.capacity_sectors)));
        for lba in lbas {
            let chs = g.lba_to_chs(lba).unwrap();
            assert!(chs.cylinder < g.cylinder_count, "{name}: lba {lba}");
            assert!(chs.head < g.head_count, "{name}: lba {lba}");
            assert!(
                chs.sector < g.sectors_per_track(chs.cylinder),
                "{name}: lba {lba}"
            );
            assert_eq!(g.chs_to_lba(chs), Some(lba), "{name}: lba {lba}");
            if lba + 1 < g.capacity_sectors {
                let next = g.lba_to_chs(lba + 1).unwrap();
                assert!(next > chs, "{name}: lba order is cylinder-major ({lba})");
            }
        }
        assert_eq!(g.lba_to_chs(g.capacity_sectors), None);
        let last_track = Chs {
            cylinder: g.cylinder_count - 1,
            head: g.head_count - 1,
            sector: 0,
        };
        assert!(g.chs_to_lba(last_track).is_some());
        assert_eq!(
            g.chs_to_lba(Chs {
                cylinder: g.cylinder_count,
                head: 0,
                sector: 0
            }),
            None
        );
    }
}

#[test]
fn bytes_transferred_equal_bytes_requested() {
    for (name, disk) in disks() {
        let mut rng = Rng::new(8);
        for _ in 0..2_000 {
            let count = 1 + rng.below(40_000);
            let lba = rng.below(disk.geometry.capacity_sectors - count);
            let start = disk.geometry.lba_to_chs(lba).unwrap();
            let t = transfer(&disk, start, count).unwrap();
            assert_eq!(t.sectors * SECTOR_BYTES, count * SECTOR_BYTES, "{name}");
            let end = disk.geometry.lba_to_chs(lba + count - 1).unwrap();
            assert_eq!(
                (t.end_cylinder, t.end_head),
                (end.cylinder, end.head),
                "{name}"
            );
        }
    }
}

#[test]
fn sequential_streaming_reaches_the_quoted_sustained_rate() {
    for p in all_presets() {
        let disk = Disk::from_params(&p.params).unwrap();
        let mut head = HeadState::default();
        let mut now = 0u64;
        let sectors = 2048u64;
        let requests = (disk.geometry.capacity_sectors / sectors).min(400);
        for k in 0..requests {
            let request = DiskRequest {
                lba: k * sectors,
                sector_count: sectors,
                is_write: false,
            };
            let s = service(&disk, request, head, now).unwrap();
            now += s.total_ns();
            head = s.end;
        }
        let rate = (requests * sectors * SECTOR_BYTES) as f64 / (now as f64 / 1e9) / 1e6;
        let quoted = p.params.outer_rate_mb_s.value;
        assert!(
            (rate / quoted - 1.0).abs() < 0.03,
            "{}: {rate} MB/s vs {quoted}",
            p.name
        );
    }
}
