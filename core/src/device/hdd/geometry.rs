//! Disk geometry: cylinders, heads (one per recording surface), zoned sectors per track, and the
//! mapping from logical block addresses (LBAs) to physical positions.
//!
//! 1. A sector is 512 bytes (`SECTOR_BYTES`).
//! 2. Zoned recording: cylinders are split into `zones.len()` bands of (nearly) equal width,
//!    outermost first. At constant linear density the outer bands hold more sectors per track,
//!    so they transfer faster (calibration.md B4, "zone model"). One zone = constant geometry.
//! 3. LBAs run cylinder-major from the outer edge: sector 0..spt of head 0 of cylinder 0, then
//!    head 1 of cylinder 0, ..., then cylinder 1 (no serpentine ordering).
//! 4. `lba_to_chs` finds the zone by binary search over the zones' first LBAs, then divides.
//!    Nothing is stored per sector or per track, so a 2 TB disk costs a few dozen bytes.

/// Bytes per sector: the classic 512 B (also the unit of `count` in explicit ops).
pub const SECTOR_BYTES: u64 = 512;

/// A physical position: cylinder, head (surface) and sector within the track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Chs {
    pub cylinder: u32,
    pub head: u32,
    pub sector: u32,
}

/// A band of cylinders with one sectors-per-track count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone {
    pub first_cylinder: u32,
    pub cylinder_count: u32,
    pub sectors_per_track: u32,
    pub first_lba: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    pub cylinder_count: u32,
    pub head_count: u32,
    /// Outermost first; together they cover 0..cylinder_count without gaps.
    pub zones: Vec<Zone>,
    pub capacity_sectors: u64,
}

impl Geometry {
    /// Splits `cylinder_count` cylinders into one zone per entry of `sectors_per_track`
    /// (outermost first). The first `cylinder_count % zones` zones get one extra cylinder.
    /// Returns `None` for an empty disk, a zero count, or more zones than cylinders.
    pub fn new(cylinder_count: u32, head_count: u32, sectors_per_track: &[u32]) -> Option<Self> {
        let zone_count = u32::try_from(sectors_per_track.len()).ok()?;
        if cylinder_count == 0
            || head_count == 0
            || zone_count == 0
            || zone_count > cylinder_count
            || sectors_per_track.contains(&0)
        {
            return None;
        }
        let base = cylinder_count / zone_count;
        let extra = cylinder_count % zone_count;
        let mut zones = Vec::with_capacity(sectors_per_track.len());
        let mut first_cylinder = 0u32;
        let mut first_lba = 0u64;
        for (index, &spt) in (0u32..).zip(sectors_per_track) {
            let cylinders = base + u32::from(index < extra);
            zones.push(Zone {
                first_cylinder,
                cylinder_count: cylinders,
                sectors_per_track: spt,
                first_lba,
            });
            first_cylinder += cylinders;
            first_lba += u64::from(cylinders) * u64::from(head_count) * u64::from(spt);
        }
        Some(Self {
            cylinder_count,
            head_count,
            zones,
            capacity_sectors: first_lba,
        })
    }

    pub fn capacity_bytes(&self) -> u64 {
        self.capacity_sectors * SECTOR_BYTES
    }

    /// The zone holding `cylinder` (the last zone for out-of-range input).
    pub fn zone_of_cylinder(&self, cylinder: u32) -> &Zone {
        let index = self
            .zones
            .partition_point(|z| z.first_cylinder <= cylinder)
            .saturating_sub(1);
        &self.zones[index.min(self.zones.len() - 1)]
    }

    pub fn sectors_per_track(&self, cylinder: u32) -> u32 {
        self.zone_of_cylinder(cylinder).sectors_per_track
    }

    /// Fewest sectors on any track (the innermost zone's): bounds worst-case transfer time.
    pub fn min_sectors_per_track(&self) -> u32 {
        self.zones
            .iter()
            .map(|z| z.sectors_per_track)
            .min()
            .unwrap_or(1)
    }

    /// Physical position of `lba`, or `None` past the end of the disk.
    pub fn lba_to_chs(&self, lba: u64) -> Option<Chs> {
        if lba >= self.capacity_sectors {
            return None;
        }
        let index = self
            .zones
            .partition_point(|z| z.first_lba <= lba)
            .saturating_sub(1);
        let zone = self.zones.get(index)?;
        let offset = lba - zone.first_lba;
        let spt = u64::from(zone.sectors_per_track);
        let track_in_zone = offset / spt;
        let heads = u64::from(self.head_count);
        Some(Chs {
            cylinder: zone.first_cylinder + u32::try_from(track_in_zone / heads).ok()?,
            head: u32::try_from(track_in_zone % heads).ok()?,
            sector: u32::try_from(offset % spt).ok()?,
        })
    }

    /// Inverse of `lba_to_chs`, or `None` for a position that does not exist.
    pub fn chs_to_lba(&self, chs: Chs) -> Option<u64> {
        if chs.cylinder >= self.cylinder_count || chs.head >= self.head_count {
            return None;
        }
        let zone = self.zone_of_cylinder(chs.cylinder);
        if chs.sector >= zone.sectors_per_track {
            return None;
        }
        let track_in_zone = u64::from(chs.cylinder - zone.first_cylinder)
            * u64::from(self.head_count)
            + u64::from(chs.head);
        Some(
            zone.first_lba
                + track_in_zone * u64::from(zone.sectors_per_track)
                + u64::from(chs.sector),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_cover_all_cylinders_and_capacity_adds_up() {
        let g = Geometry::new(10, 2, &[30, 20, 10]).unwrap();
        let widths: Vec<u32> = g.zones.iter().map(|z| z.cylinder_count).collect();
        assert_eq!(widths, [4, 3, 3]);
        assert_eq!(g.capacity_sectors, 4 * 2 * 30 + 3 * 2 * 20 + 3 * 2 * 10);
        assert_eq!(g.zone_of_cylinder(3).sectors_per_track, 30);
        assert_eq!(g.zone_of_cylinder(4).sectors_per_track, 20);
        assert_eq!(g.zone_of_cylinder(9).sectors_per_track, 10);
    }

    #[test]
    fn lba_order_is_cylinder_major() {
        let g = Geometry::new(4, 2, &[5]).unwrap();
        let chs = |c, h, s| Chs {
            cylinder: c,
            head: h,
            sector: s,
        };
        assert_eq!(g.lba_to_chs(0), Some(chs(0, 0, 0)));
        assert_eq!(g.lba_to_chs(4), Some(chs(0, 0, 4)));
        assert_eq!(g.lba_to_chs(5), Some(chs(0, 1, 0)));
        assert_eq!(g.lba_to_chs(10), Some(chs(1, 0, 0)));
        assert_eq!(g.lba_to_chs(39), Some(chs(3, 1, 4)));
        assert_eq!(g.lba_to_chs(40), None);
    }

    #[test]
    fn bad_shapes_are_refused() {
        assert!(Geometry::new(0, 1, &[1]).is_none());
        assert!(Geometry::new(2, 1, &[1, 1, 1]).is_none());
        assert!(Geometry::new(2, 1, &[0]).is_none());
        assert!(Geometry::new(2, 0, &[1]).is_none());
    }
}
