//! One disk of the paper's preset (`crate::device::hdd` preset `seed001-barracuda-sata2`) with
//! its head, as the scan drives it: the single disk (`device.rs`) and each RAID-0 member
//! (`raid.rs`).
//!
//! 1. A read of `bytes` at disk byte `offset` becomes a run of 512 B sectors served by
//!    `hdd::service::service` (seek curve + rotation + transfer with track switches) from the
//!    head's position at dispatch; the head ends where the read ends.

use super::error::LayoutError;
use crate::device::hdd::disk::Disk;
use crate::device::hdd::geometry::SECTOR_BYTES;
use crate::device::hdd::presets as hdd_presets;
use crate::device::hdd::service::{DiskRequest, HeadState, service};

#[derive(Debug, Clone)]
pub struct HddState {
    pub disk: Disk,
    pub head: HeadState,
}

impl HddState {
    /// Reads `bytes` at disk byte `offset` from the head's position at `now_ns`; returns when
    /// the read completes.
    pub fn serve(&mut self, offset: u64, bytes: u64, now_ns: u64) -> Result<u64, LayoutError> {
        let request = DiskRequest {
            lba: offset / SECTOR_BYTES,
            sector_count: bytes.div_ceil(SECTOR_BYTES),
            is_write: false,
        };
        let s = service(&self.disk, request, self.head, now_ns).ok_or_else(|| {
            LayoutError::Device(format!(
                "read of {bytes} B at byte {offset} leaves the disk"
            ))
        })?;
        self.head = s.end;
        Ok(now_ns + s.total_ns())
    }
}

/// A fresh disk of HDD preset `name`, its head at rest.
pub fn hdd(name: &str) -> Result<HddState, LayoutError> {
    let preset = hdd_presets::preset(name)
        .ok_or_else(|| LayoutError::Device(format!("no preset {name}")))?;
    let disk = Disk::from_params(&preset.params).map_err(LayoutError::Device)?;
    Ok(HddState {
        disk,
        head: HeadState::default(),
    })
}
