//! Media transfer: how long reading or writing a run of consecutive sectors takes once the head
//! is over the first one, including head and cylinder switches (calibration.md B4).
//!
//! 1. Within a track, sector s starts `s·revolution/spt` ns after the track's index (integer
//!    arithmetic, so the last sector ends exactly one revolution later).
//! 2. Tracks are skewed: track k's sector 0 sits `skew(k)` ns of rotation after track k−1's,
//!    where the skew is the head-switch time between surfaces of one cylinder and the
//!    cylinder-switch time between cylinders. So when a transfer runs off the end of a track,
//!    the switch ends exactly as the next track's sector 0 arrives: crossing a boundary costs
//!    the switch time and nothing more, as on a real drive with track skew.
//! 3. A transfer walks track segments: on each, take min(remaining, spt − sector) sectors; then
//!    switch head (same cylinder) or cylinder (head 0 of the next one). Zone borders are just
//!    cylinder switches with a different spt afterwards; the skew arithmetic works in ns and
//!    does not depend on spt.
//!
//! Segments are at most sectors/spt + 2, so a transfer of the largest allowed request is a few
//! dozen iterations, and nothing is allocated.

use super::disk::Disk;
use super::geometry::Chs;

/// Start of sector `sector` within its track, in ns after the track's index mark.
pub fn sector_offset_ns(sector: u64, sectors_per_track: u32, revolution_ns: u64) -> u64 {
    let product = u128::from(sector) * u128::from(revolution_ns);
    (product / u128::from(sectors_per_track.max(1))) as u64
}

impl Disk {
    /// Rotational offset of track (cylinder, head)'s sector 0, in ns of rotation.
    pub fn track_skew_ns(&self, cylinder: u32, head: u32) -> u64 {
        let rev = u128::from(self.spindle.revolution_ns);
        let heads = u128::from(self.geometry.head_count);
        let per_cylinder = (heads.saturating_sub(1)) * u128::from(self.head_switch_ns)
            + u128::from(self.cylinder_switch_ns);
        let skew = u128::from(cylinder) * per_cylinder
            + u128::from(head) * u128::from(self.head_switch_ns);
        (skew % rev) as u64
    }

    /// The platter angle (ns of rotation) at which sector `chs` starts passing under the head.
    pub fn sector_angle_ns(&self, chs: Chs) -> u64 {
        let spt = self.geometry.sectors_per_track(chs.cylinder);
        let offset = sector_offset_ns(u64::from(chs.sector), spt, self.spindle.revolution_ns);
        (self.track_skew_ns(chs.cylinder, chs.head) + offset) % self.spindle.revolution_ns
    }
}

/// What a transfer took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transfer {
    /// Time with sectors passing under the head.
    pub media_ns: u64,
    /// Time spent switching heads or cylinders between tracks.
    pub switch_ns: u64,
    /// Sectors actually read or written (counted segment by segment).
    pub sectors: u64,
    /// Where the head ends: the track of the last sector.
    pub end_cylinder: u32,
    pub end_head: u32,
    pub head_switches: u32,
    pub cylinder_switches: u32,
}

/// Transfers `sector_count` sectors starting at `start`. Returns `None` if the run would leave
/// the disk (callers validate ranges first, so this is a model error).
pub fn transfer(disk: &Disk, start: Chs, sector_count: u64) -> Option<Transfer> {
    let g = &disk.geometry;
    let rev = disk.spindle.revolution_ns;
    let (mut cylinder, mut head, mut sector) = (start.cylinder, start.head, start.sector);
    let mut result = Transfer {
        media_ns: 0,
        switch_ns: 0,
        sectors: 0,
        end_cylinder: cylinder,
        end_head: head,
        head_switches: 0,
        cylinder_switches: 0,
    };
    let mut remaining = sector_count;
    while remaining > 0 {
        if cylinder >= g.cylinder_count {
            return None;
        }
        let spt = g.sectors_per_track(cylinder);
        let first = u64::from(sector);
        let taken = remaining.min(u64::from(spt).saturating_sub(first));
        if taken == 0 {
            return None; // Sector index beyond the track: cannot happen for a mapped LBA.
        }
        result.media_ns +=
            sector_offset_ns(first + taken, spt, rev) - sector_offset_ns(first, spt, rev);
        result.sectors += taken;
        result.end_cylinder = cylinder;
        result.end_head = head;
        remaining -= taken;
        if remaining == 0 {
            break;
        }
        if head + 1 < g.head_count {
            head += 1;
            result.switch_ns += disk.head_switch_ns;
            result.head_switches += 1;
        } else {
            head = 0;
            cylinder += 1;
            result.switch_ns += disk.cylinder_switch_ns;
            result.cylinder_switches += 1;
        }
        sector = 0;
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::super::presets::preset;
    use super::*;

    fn disk(name: &str) -> Disk {
        Disk::from_params(&preset(name).unwrap().params).unwrap()
    }

    #[test]
    fn a_full_track_takes_exactly_one_revolution() {
        let d = disk("barracuda-7200-200gb");
        let spt = d.geometry.sectors_per_track(0);
        let t = transfer(&d, d.geometry.lba_to_chs(0).unwrap(), u64::from(spt)).unwrap();
        assert_eq!(t.media_ns, d.spindle.revolution_ns);
        assert_eq!(t.switch_ns, 0);
        assert_eq!(t.sectors, u64::from(spt));
    }

    #[test]
    fn crossing_a_boundary_lands_exactly_on_the_next_tracks_first_sector() {
        // Skew makes "end of track + switch" the angle of the next track's sector 0.
        let d = disk("desktop-7200-2tb");
        let g = &d.geometry;
        for lba in [0u64, 7, g.capacity_sectors / 2, g.capacity_sectors / 3 + 11] {
            let start = g.lba_to_chs(lba).unwrap();
            let spt = u64::from(g.sectors_per_track(start.cylinder));
            let count = spt - u64::from(start.sector) + 1; // one sector into the next track
            let t = transfer(&d, start, count).unwrap();
            let begin = d.sector_angle_ns(start);
            let elapsed = t.media_ns + t.switch_ns;
            let next = g.lba_to_chs(lba + count - 1).unwrap();
            assert_eq!(next.sector, 0);
            let rev = d.spindle.revolution_ns;
            let one_sector = sector_offset_ns(1, g.sectors_per_track(next.cylinder), rev);
            let expected_end = d.sector_angle_ns(next) + one_sector;
            assert_eq!((begin + elapsed) % rev, expected_end % rev, "lba {lba}");
            assert_eq!(t.head_switches + t.cylinder_switches, 1);
        }
    }

    #[test]
    fn transfer_past_the_end_of_the_disk_is_refused() {
        let d = disk("hdd-1980");
        let last = d
            .geometry
            .lba_to_chs(d.geometry.capacity_sectors - 1)
            .unwrap();
        assert!(transfer(&d, last, 1).is_some());
        assert!(transfer(&d, last, 2).is_none());
    }
}
