//! Disk service: the time one request takes, split into the phases the UI animates.
//!
//! 1. Map the request's first LBA to (cylinder, head, sector) (`geometry`).
//! 2. Seek: t(|target − current cylinder|) from the seek curve; a write that needed a seek waits
//!    an extra write settle (datasheets quote write seeks about 1 ms slower). A request on the
//!    current cylinder but another surface pays one head switch instead.
//! 3. Rotate: wait until the first sector's start angle is under the head (`rotation`).
//! 4. Transfer: stream the sectors, switching heads and cylinders at track ends (`transfer`).
//! 5. The head ends on the last sector's track; the caller keeps that as the new head state.
//!
//! `service` is a pure function of (disk, request, head state, time): the lab calls it once per
//! dispatch and the reproductions and the isolated-scan baseline call the very same function.

use super::disk::Disk;
use super::geometry::Chs;
use super::transfer::transfer;

/// Where the actuator is: cylinder, and which head was last active.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HeadState {
    pub cylinder: u32,
    pub head: u32,
}

/// A request as the disk sees it: a run of sectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiskRequest {
    pub lba: u64,
    pub sector_count: u64,
    pub is_write: bool,
}

/// Time per phase of one request, in ns, and where the head ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServiceBreakdown {
    pub start: Chs,
    /// Arm movement, including write settle.
    pub seek_ns: u64,
    /// Waiting for the first sector to come round.
    pub rotation_ns: u64,
    /// Sectors passing under the head.
    pub transfer_ns: u64,
    /// Head and cylinder switches: inside the transfer, plus `pre_switch_ns`.
    pub switch_ns: u64,
    /// A head switch before rotating, for a request on the current cylinder but another
    /// surface (part of `switch_ns`; the UI shows it with the seek phase).
    pub pre_switch_ns: u64,
    pub sectors_transferred: u64,
    pub end: HeadState,
}

impl ServiceBreakdown {
    pub fn total_ns(&self) -> u64 {
        self.seek_ns + self.rotation_ns + self.transfer_ns + self.switch_ns
    }

    /// Positioning = seek + rotation (+ a same-cylinder head switch): what Table 1 calls the
    /// random access latency.
    pub fn positioning_ns(&self) -> u64 {
        self.seek_ns + self.rotation_ns
    }
}

/// Services `request` from `head` starting at `now_ns`. `None` if the request leaves the disk
/// (validation prevents this, so the caller reports a model error).
pub fn service(
    disk: &Disk,
    request: DiskRequest,
    head: HeadState,
    now_ns: u64,
) -> Option<ServiceBreakdown> {
    // The head starts where a previous service left it (or at cylinder 0): on the disk.
    debug_assert!(
        on_the_disk(disk, head),
        "{head:?} off a disk of {} cylinders",
        disk.geometry.cylinder_count
    );
    let start = disk.geometry.lba_to_chs(request.lba)?;
    let distance = start.cylinder.abs_diff(head.cylinder);
    let mut seek_ns = disk.seek.time_ns(distance, disk.geometry.cylinder_count);
    let mut switch_ns = 0;
    if distance > 0 && request.is_write {
        seek_ns += disk.write_settle_ns;
    }
    if distance == 0 && start.head != head.head {
        switch_ns += disk.head_switch_ns;
    }
    let ready_ns = now_ns + seek_ns + switch_ns;
    let rotation_ns = disk.spindle.wait_ns(ready_ns, disk.sector_angle_ns(start));
    let moved = transfer(disk, start, request.sector_count)?;
    let end = HeadState {
        cylinder: moved.end_cylinder,
        head: moved.end_head,
    };
    // Step 5: the head ends on the last sector's track, which `transfer` found on the disk.
    debug_assert!(
        on_the_disk(disk, end),
        "{request:?} left the head at {end:?}"
    );
    Some(ServiceBreakdown {
        start,
        seek_ns,
        rotation_ns,
        transfer_ns: moved.media_ns,
        switch_ns: switch_ns + moved.switch_ns,
        pre_switch_ns: switch_ns,
        sectors_transferred: moved.sectors,
        end,
    })
}

/// The head's cylinder and surface exist on `disk` (the lab's `head_stays_on_the_disk`).
fn on_the_disk(disk: &Disk, head: HeadState) -> bool {
    head.cylinder < disk.geometry.cylinder_count && head.head < disk.geometry.head_count
}

/// Time to serve `requests` consecutive reads of `request_sectors` from `start_lba`, back to
/// back from cylinder 0, starting at rotational clock `clock_ns`: the isolated-scan baseline.
pub fn back_to_back_ns(
    disk: &Disk,
    start_lba: u64,
    request_sectors: u64,
    requests: u64,
    clock_ns: u64,
) -> u64 {
    let mut head = HeadState::default();
    let mut elapsed_ns = 0u64;
    for k in 0..requests {
        let request = DiskRequest {
            lba: start_lba + k * request_sectors,
            sector_count: request_sectors,
            is_write: false,
        };
        match service(disk, request, head, clock_ns + elapsed_ns) {
            Some(s) => {
                elapsed_ns += s.total_ns();
                head = s.end;
            }
            None => break, // Callers validate that the run fits the disk.
        }
    }
    elapsed_ns
}

#[cfg(test)]
mod tests {
    use super::super::presets::preset;
    use super::*;

    fn disk() -> Disk {
        Disk::from_params(&preset("barracuda-7200-200gb").unwrap().params).unwrap()
    }

    #[test]
    fn back_to_back_sequential_requests_wait_for_no_rotation() {
        let d = disk();
        let mut head = HeadState::default();
        let mut now = 0;
        let mut lba = 0;
        for i in 0..200 {
            let request = DiskRequest {
                lba,
                sector_count: 2048,
                is_write: false,
            };
            let s = service(&d, request, head, now).unwrap();
            if i > 0 {
                assert_eq!((s.seek_ns, s.rotation_ns), (0, 0), "request {i}");
            }
            now += s.total_ns();
            head = s.end;
            lba += 2048;
        }
    }

    #[test]
    fn writes_after_a_seek_pay_the_write_settle() {
        let d = disk();
        let far = d.geometry.capacity_sectors / 2;
        let read = DiskRequest {
            lba: far,
            sector_count: 8,
            is_write: false,
        };
        let write = DiskRequest {
            is_write: true,
            ..read
        };
        let r = service(&d, read, HeadState::default(), 0).unwrap();
        let w = service(&d, write, HeadState::default(), 0).unwrap();
        assert_eq!(w.seek_ns, r.seek_ns + d.write_settle_ns);
    }
}
