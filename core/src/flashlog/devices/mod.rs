//! Log devices: what one write costs on each kind, and the state each keeps.
//!
//! 1. `Hdd`: the HDD lab's mechanical model; a small sync write ≈ one rotation (`hdd_log`).
//! 2. `WriteCacheHdd`: the "ideal" disk, acknowledged from its volatile cache (`hdd_log`).
//! 3. `Usb`: a USB-class flash drive latency profile with erase outliers (`usb`).
//! 4. `SsdPartition`: one partition of a shared SSD on the SSD lab's FTL (`ssd_partitions`).
//!
//! Every device serves at most one write at a time (digest §5 invariant 7); its media is the
//! list of records it holds (`media`). Flash devices keep a running average latency per size
//! bucket (power of two of 512 B blocks), started from a profiled prior: the outlier detector
//! compares an outstanding write with `factor ×` that average [ext: SIGMOD'09 slides].

pub mod hdd_log;
pub mod ssd_partitions;
pub mod usb;

use crate::sim::Rng;

use super::media::StoredRecord;
use hdd_log::HddLog;
use usb::UsbProfile;

/// Size buckets of the running averages: 512 B · 2^k, k < 16.
pub const SIZE_BUCKETS: usize = 16;

pub fn size_bucket(bytes: u64) -> usize {
    let blocks = bytes.div_ceil(512).max(1);
    (63 - blocks.leading_zeros() as usize).min(SIZE_BUCKETS - 1)
}

/// What a configuration asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DeviceSpec {
    Hdd,
    WriteCacheHdd,
    Usb(UsbProfile),
    SsdPartition,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DeviceKind {
    Hdd(HddLog),
    /// The ideal disk: its platter model and the cached-but-not-destaged range.
    WriteCacheHdd {
        hdd: HddLog,
        cached: Option<(u64, u64)>,
        destaging: Option<usize>,
    },
    Usb {
        profile: UsbProfile,
        rng: Rng,
    },
    SsdPartition {
        partition: u32,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct LogDevice {
    pub name: String,
    pub kind: DeviceKind,
    /// The request being served (at most one).
    pub busy: Option<usize>,
    /// Start LSN of the latest write into the main area (monotonicity, invariant 3).
    pub last_main_start_lsn: u64,
    pub media: Vec<StoredRecord>,
    /// Running average latency per size bucket (ns), flash only.
    pub avg_latency_ns: [u64; SIZE_BUCKETS],
    pub writes: u64,
    pub bytes_written: u64,
    pub outliers_suffered: u64,
    /// Flash only: the space the device has for log (None: unbounded) and the space its
    /// records and its write in flight occupy, whole 512 B blocks (`archive.rs`).
    pub capacity_bytes: Option<u64>,
    pub used_bytes: u64,
    /// Space given back after the archive held it (running total).
    pub freed_bytes: u64,
}

impl LogDevice {
    pub fn new(name: String, kind: DeviceKind, prior: impl Fn(u64) -> u64) -> Self {
        let mut avg = [0; SIZE_BUCKETS];
        for (k, a) in avg.iter_mut().enumerate() {
            *a = prior(512u64 << k);
        }
        Self {
            name,
            kind,
            busy: None,
            last_main_start_lsn: 0,
            media: Vec::new(),
            avg_latency_ns: avg,
            writes: 0,
            bytes_written: 0,
            outliers_suffered: 0,
            capacity_bytes: None,
            used_bytes: 0,
            freed_bytes: 0,
        }
    }

    /// Space left for new writes (u64::MAX when unbounded).
    pub fn free_bytes(&self) -> u64 {
        self.capacity_bytes
            .map_or(u64::MAX, |c| c.saturating_sub(self.used_bytes))
    }

    pub fn is_flash(&self) -> bool {
        matches!(
            self.kind,
            DeviceKind::Usb { .. } | DeviceKind::SsdPartition { .. }
        )
    }

    pub fn is_hdd(&self) -> bool {
        matches!(self.kind, DeviceKind::Hdd(_))
    }

    /// Exponentially weighted running average (weight 1/8) of the bucket's latency.
    pub fn observe_latency(&mut self, bytes: u64, latency_ns: u64) {
        let a = &mut self.avg_latency_ns[size_bucket(bytes)];
        *a = (*a * 7 + latency_ns) / 8;
    }

    pub fn expected_ns(&self, bytes: u64) -> u64 {
        self.avg_latency_ns[size_bucket(bytes)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_buckets_are_powers_of_two_of_blocks() {
        assert_eq!(size_bucket(1), 0);
        assert_eq!(size_bucket(512), 0);
        assert_eq!(size_bucket(513), 1);
        assert_eq!(size_bucket(2048), 2);
        assert_eq!(size_bucket(u64::MAX / 2), SIZE_BUCKETS - 1);
    }
}
