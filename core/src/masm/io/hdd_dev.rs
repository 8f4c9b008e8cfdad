//! One disk under MaSM: the calibrated `device::hdd` model with its head state carried between
//! calls, so whatever ran before (a scan, a migration, an in-place update) decides where the
//! next request starts (§5.1, §5.2).
//!
//! 1. A request starts at max(ready, busy_until): the disk serves one request at a time.
//! 2. `read`/`write` of a byte range: sector-align it, split it into ≤ `request_bytes` requests
//!    issued back to back (the paper's 1 MB asynchronous scan reads, §5.1), each served by the
//!    pure `service()` from the head state the previous one left; the first pays the positioning,
//!    the rest stream (no seek, no rotation: tested in `device::hdd::service`).
//! 3. `read_modify_write`: a read, then a write of the same sectors; the write waits for them to
//!    come round again (about one revolution), exactly as `service()` computes from the clock.
//! 4. Busy time and sector counters accumulate for the metrics.

use crate::device::hdd::disk::Disk;
use crate::device::hdd::geometry::SECTOR_BYTES;
use crate::device::hdd::presets::{PRESET_NAMES, preset};
use crate::device::hdd::service::{DiskRequest, HeadState, service};

use super::Span;

#[derive(Debug, Clone)]
pub struct HddDev {
    pub preset: String,
    disk: Disk,
    head: HeadState,
    busy_until_ns: u64,
    request_bytes: u64,
    /// Sum of request service times.
    pub busy_ns: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Requests served (each a positioning and/or a transfer).
    pub requests: u64,
}

impl HddDev {
    /// The disk of preset `name`; `request_bytes` is the largest single request of a range I/O.
    pub fn new(name: &str, request_bytes: u64) -> Result<Self, String> {
        let p = preset(name).ok_or_else(|| {
            format!(
                "unknown HDD preset \"{name}\" (known: {})",
                PRESET_NAMES.join(", ")
            )
        })?;
        let disk = Disk::from_params(&p.params)?;
        Ok(Self {
            preset: name.to_string(),
            disk,
            head: HeadState::default(),
            busy_until_ns: 0,
            request_bytes: request_bytes.max(SECTOR_BYTES),
            busy_ns: 0,
            bytes_read: 0,
            bytes_written: 0,
            requests: 0,
        })
    }

    pub fn disk(&self) -> &Disk {
        &self.disk
    }

    pub fn head(&self) -> HeadState {
        self.head
    }

    pub fn capacity_bytes(&self) -> u64 {
        self.disk.geometry.capacity_bytes()
    }

    pub fn busy_until_ns(&self) -> u64 {
        self.busy_until_ns
    }

    /// Sequential range read of `[offset, offset+len)` in ≤ request-size requests; moves the head.
    pub fn read(&mut self, ready_ns: u64, offset_bytes: u64, len_bytes: u64) -> Span {
        self.range(ready_ns, offset_bytes, len_bytes, false)
    }

    /// The ≤ request-size pieces `(offset, len)` a range I/O of `[offset, offset+len)` is split
    /// into (sector-aligned, clamped to the disk), in address order.
    pub fn requests_of(&self, offset_bytes: u64, len_bytes: u64) -> Vec<(u64, u64)> {
        let (first, end) = self.sectors(offset_bytes, len_bytes);
        let per_request = (self.request_bytes / SECTOR_BYTES).max(1);
        (first..end)
            .step_by(per_request as usize)
            .map(|lba| {
                (
                    lba * SECTOR_BYTES,
                    per_request.min(end - lba) * SECTOR_BYTES,
                )
            })
            .collect()
    }

    /// The first piece `requests_of(offset, end - offset)` gives, None once `offset ≥ end`: a
    /// scan booked request by request walks its range with it, one piece at a time.
    pub fn first_request_of(&self, offset_bytes: u64, end_bytes: u64) -> Option<(u64, u64)> {
        if offset_bytes >= end_bytes {
            return None;
        }
        let (first, end) = self.sectors(offset_bytes, end_bytes - offset_bytes);
        let per_request = (self.request_bytes / SECTOR_BYTES).max(1);
        Some((
            first * SECTOR_BYTES,
            per_request.min(end - first) * SECTOR_BYTES,
        ))
    }

    /// `read`, also returning each request's (end byte, completion time): when the data up to
    /// that byte has arrived (IU's merge consumes records as their request completes).
    pub fn read_each(
        &mut self,
        ready_ns: u64,
        offset_bytes: u64,
        len_bytes: u64,
    ) -> Vec<(u64, u64)> {
        let mut ready = ready_ns;
        self.requests_of(offset_bytes, len_bytes)
            .into_iter()
            .map(|(offset, len)| {
                ready = self.range(ready, offset, len, false).end_ns;
                (offset + len, ready)
            })
            .collect()
    }

    /// Sequential range write, split like `read`.
    pub fn write(&mut self, ready_ns: u64, offset_bytes: u64, len_bytes: u64) -> Span {
        self.range(ready_ns, offset_bytes, len_bytes, true)
    }

    /// One random read-modify-write of `len` bytes at `offset` (in-place baseline, §2.2).
    pub fn read_modify_write(&mut self, ready_ns: u64, offset_bytes: u64, len_bytes: u64) -> Span {
        let read = self.range(ready_ns, offset_bytes, len_bytes, false);
        let write = self.range(read.end_ns, offset_bytes, len_bytes, true);
        Span {
            start_ns: read.start_ns,
            end_ns: write.end_ns,
        }
    }

    /// Sector range `[first, end)` covering the bytes, clamped to the disk.
    fn sectors(&self, offset_bytes: u64, len_bytes: u64) -> (u64, u64) {
        let capacity = self.disk.geometry.capacity_bytes() / SECTOR_BYTES;
        let first = (offset_bytes / SECTOR_BYTES).min(capacity.saturating_sub(1));
        let end = offset_bytes
            .saturating_add(len_bytes.max(1))
            .div_ceil(SECTOR_BYTES)
            .clamp(first + 1, capacity.max(first + 1));
        (first, end)
    }

    fn range(&mut self, ready_ns: u64, offset_bytes: u64, len_bytes: u64, is_write: bool) -> Span {
        let start_ns = ready_ns.max(self.busy_until_ns);
        let (first, end) = self.sectors(offset_bytes, len_bytes);
        let per_request = (self.request_bytes / SECTOR_BYTES).max(1);
        let mut now_ns = start_ns;
        let mut lba = first;
        while lba < end {
            let count = per_request.min(end - lba);
            let request = DiskRequest {
                lba,
                sector_count: count,
                is_write,
            };
            // `sectors` keeps the range on the disk, so `service` always answers; if it ever
            // did not, the request is dropped rather than stalling the simulation.
            let Some(s) = service(&self.disk, request, self.head, now_ns) else {
                break;
            };
            now_ns += s.total_ns();
            self.busy_ns += s.total_ns();
            self.head = s.end;
            self.requests += 1;
            let bytes = count * SECTOR_BYTES;
            if is_write {
                self.bytes_written += bytes;
            } else {
                self.bytes_read += bytes;
            }
            lba += count;
        }
        self.busy_until_ns = now_ns;
        Span {
            start_ns,
            end_ns: now_ns,
        }
    }
}
