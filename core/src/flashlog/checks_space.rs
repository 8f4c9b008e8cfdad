//! Checks 7–8 of `checks.rs`: bounded flash space and archive safety (`archive.rs`).
//!
//! 1. `flash_within_capacity`: per flash device with a capacity, booked space ≤ capacity and
//!    booked space = blocks of its stored records + blocks of its write in flight.
//! 2. `archive_safety`: the archive area's records, sorted, tile `[0, archived_upto)`; and the
//!    stored records of all devices cover the durable prefix `[0, durable)` — a byte freed from
//!    flash before the archive held it would leave a hole.

use super::durable::IntervalSet;
use super::media::Area;
use super::schedule::space_of;
use super::sim::FlashLogSim;
use crate::sim::InvariantCheck;

impl FlashLogSim {
    /// Step 1.
    pub(super) fn check_space(&self) -> InvariantCheck {
        let mut problem = None;
        for d in self.devices.iter().filter(|d| d.is_flash()) {
            let Some(capacity) = d.capacity_bytes else {
                continue;
            };
            let stored: u64 = d.media.iter().map(|r| space_of(r.header.len_bytes)).sum();
            let in_flight = d.busy.map_or(0, |id| {
                let r = &self.requests[id];
                space_of(r.end_lsn - r.start_lsn)
            });
            if d.used_bytes > capacity || d.used_bytes != stored + in_flight {
                problem = Some(format!(
                    "{}: {} B booked of {capacity}, {stored} B stored + {in_flight} B in flight",
                    d.name, d.used_bytes
                ));
            }
        }
        InvariantCheck::check("flash_within_capacity", problem.is_none(), || {
            problem.clone().unwrap_or_default()
        })
    }

    /// Step 2.
    pub(super) fn check_archive_safety(&self) -> InvariantCheck {
        let mut archive: Vec<(u64, u64)> = self
            .devices
            .iter()
            .flat_map(|d| &d.media)
            .filter(|r| r.area == Area::Archive)
            .map(|r| (r.header.start_lsn, r.header.end_lsn()))
            .collect();
        archive.sort_unstable();
        let mut end = 0;
        let mut tiled = true;
        for (a, b) in archive {
            tiled &= a == end;
            end = b;
        }
        tiled &= end == self.archived_upto;
        let mut stored = IntervalSet::default();
        for r in self.devices.iter().flat_map(|d| &d.media) {
            stored.insert(r.header.start_lsn, r.header.end_lsn());
        }
        let durable = self.durable.prefix();
        let covered = self.is_unsafe() || stored.prefix() >= durable;
        InvariantCheck::check("archive_safety", tiled && covered, || {
            format!(
                "archive tiles [0, {end}) (archived_upto {}), media hold [0, {}) of durable [0, {durable})",
                self.archived_upto,
                stored.prefix()
            )
        })
    }
}
