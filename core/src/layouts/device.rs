//! The devices a scan is timed on: the existing HDD and SSD models, driven request by request.
//! Nothing here models a device; it only adapts the scan's requests to the two models.
//!
//! 1. Disk: `crate::device::hdd` preset `seed001-barracuda-sata2` (the paper's Seagate Barracuda
//!    SATA 2.0 7200 rpm, 80 MB/s), served as `disk.rs` says; the disk serves one request at a
//!    time.
//! 2. SSDs: `crate::device::ssd` presets `ssd_fast`, `ssd_medium`, `ssd_slow` (paper Table 2;
//!    host link fitted to the sequential read, controller time per command to the random-read
//!    IOPS, see `ssd/drives.rs`). A request takes one controller command, then each of its 4 KB
//!    pages is sensed on its die and crosses its channel and the host link
//!    (`ssd::timing::Timing`). Logical pages are striped channel-first over the dies (page p on
//!    die p mod dies), the layout a sequential write leaves; the scan only reads, so there is
//!    no FTL state to keep. Requests book resources on dispatch, so many can be in flight.
//! 3. RAID-0: two of the disk of item 1, striped (`raid.rs`, §5.1.2).
//! 4. All report the time the request completes; the scan decides what to dispatch when
//!    (`io.rs`).

use super::disk::{HddState, hdd};
use super::error::LayoutError;
use super::raid::Raid0State;
use crate::device::ssd::config::device_model;
use crate::device::ssd::geometry::Geometry as SsdGeometry;
use crate::device::ssd::presets as ssd_presets;
use crate::device::ssd::timing::Timing;

/// The paper's devices (Table 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DeviceId {
    Disk,
    SsdFast,
    SsdMedium,
    SsdSlow,
    /// Two disks striped (§5.1.2); not in `ALL`, which lists Table 2's devices.
    Raid0,
}

impl DeviceId {
    pub const ALL: [DeviceId; 4] = [
        DeviceId::Disk,
        DeviceId::SsdFast,
        DeviceId::SsdMedium,
        DeviceId::SsdSlow,
    ];
    pub const SSDS: [DeviceId; 3] = [DeviceId::SsdFast, DeviceId::SsdMedium, DeviceId::SsdSlow];

    pub fn preset(self) -> &'static str {
        match self {
            DeviceId::Disk => "seed001-barracuda-sata2",
            DeviceId::SsdFast => "ssd_fast",
            DeviceId::SsdMedium => "ssd_medium",
            DeviceId::SsdSlow => "ssd_slow",
            // Its members' preset.
            DeviceId::Raid0 => "seed001-barracuda-sata2",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DeviceId::Disk => "Disk",
            DeviceId::SsdFast => "SSD-Fast",
            DeviceId::SsdMedium => "SSD-Medium",
            DeviceId::SsdSlow => "SSD-Slow",
            DeviceId::Raid0 => "RAID-0 (2 disks)",
        }
    }

    /// Table 2: sequential read B (MB/s) and access latency l (ms), for the analytic model.
    pub fn table2_bandwidth_latency(self) -> (f64, f64) {
        match self {
            DeviceId::Disk => (80.0, 4.0),
            DeviceId::SsdFast => (250.0, 0.1),
            DeviceId::SsdMedium => (69.0, 0.2),
            DeviceId::SsdSlow => (25.0, 0.6),
            // §5.1.2: "up to 160 MB/s (80 MB/s per disk)"; l is the member disk's (digest
            // §2.6: assumed).
            DeviceId::Raid0 => (160.0, 4.0),
        }
    }

    /// Mechanical: the disk or the array of disks.
    pub fn is_disk(self) -> bool {
        matches!(self, DeviceId::Disk | DeviceId::Raid0)
    }
}

#[derive(Debug, Clone)]
pub struct SsdState {
    pub timing: Timing,
    pub geometry: SsdGeometry,
}

#[derive(Debug, Clone)]
pub enum ScanDevice {
    Hdd(Box<HddState>),
    Ssd(Box<SsdState>),
    Raid0(Box<Raid0State>),
}

impl ScanDevice {
    /// Device `id`; `stripe_bytes` is the RAID-0 stripe unit (unused by the others).
    pub fn new(id: DeviceId, stripe_bytes: u64) -> Result<Self, LayoutError> {
        match id {
            DeviceId::Disk => return Ok(Self::Hdd(Box::new(hdd(id.preset())?))),
            DeviceId::Raid0 => {
                return Ok(Self::Raid0(Box::new(Raid0State {
                    members: [hdd(id.preset())?, hdd(id.preset())?],
                    stripe_bytes,
                    member_last_end: [None; 2],
                })));
            }
            _ => {}
        }
        let preset = ssd_presets::preset(id.preset())
            .ok_or_else(|| LayoutError::Device(format!("no preset {}", id.preset())))?;
        let (geometry, params) = device_model(&preset.constants);
        let timing = Timing::new(params, geometry.channels, geometry.dies_per_channel);
        Ok(Self::Ssd(Box::new(SsdState { timing, geometry })))
    }

    /// True if the device serves one request at a time (the disk's single actuator).
    pub fn is_serial(&self) -> bool {
        matches!(self, ScanDevice::Hdd(_) | ScanDevice::Raid0(_))
    }

    /// Serves a read of `bytes` at device byte `offset` dispatched at `now_ns`; returns when it
    /// completes. A disk must be idle at `now_ns` (the caller's rule).
    pub fn serve(&mut self, offset: u64, bytes: u64, now_ns: u64) -> Result<u64, LayoutError> {
        match self {
            ScanDevice::Hdd(h) => h.serve(offset, bytes, now_ns),
            ScanDevice::Ssd(s) => {
                let page_bytes = u64::from(s.geometry.page_bytes);
                let dies = u64::from(s.geometry.dies());
                let per_block = u64::from(s.geometry.pages_per_block);
                let t0 = s.timing.command(now_ns);
                let mut done = t0;
                let first = offset / page_bytes;
                let last = (offset + bytes.max(1) - 1) / page_bytes;
                for page in first..=last {
                    let die = (page % dies) as u32;
                    let in_block = ((page / dies) % per_block) as u32;
                    let (_, delivered) = s.timing.read_page(t0, die, in_block);
                    done = done.max(delivered);
                }
                Ok(done)
            }
            ScanDevice::Raid0(r) => r.serve(offset, bytes, now_ns),
        }
    }

    /// Device capacity in bytes (the scan's files must fit).
    pub fn capacity_bytes(&self) -> u64 {
        match self {
            ScanDevice::Hdd(h) => h.disk.geometry.capacity_bytes(),
            // The real drive's size is not the lab-scale geometry: reads address pages by
            // modulo striping, so any offset is valid.
            ScanDevice::Ssd(_) => u64::MAX,
            ScanDevice::Raid0(r) => r.capacity_bytes(),
        }
    }
}
