//! The scan's knobs and their defaults, each with its source (paper §4.2–4.4; digest §4.3).
//!
//! 1. I/O unit 128 KB and read-ahead (I/O depth) 6 MB = 48 units: the paper's tuned values
//!    (§4.2, "the most significant parameters are I/O depth and I/O unit size"); 256 KB is the
//!    small read-ahead of the prefetching experiment (§5.2.2).
//! 2. Direct I/O, no buffer pool (§4.2): every scan is cold, every byte comes from the device.
//! 3. Device queue depth 32 (§4.4: "32 for SSD-Fast and the disk"; used for all devices, digest
//!    §8 item 13).
//! 4. File placement as ext2 lays out a large file: 128 MiB block groups (32,768 blocks of
//!    4 KiB) with about 1 MiB of group metadata (bitmaps and an inode table of 8,192 × 128 B
//!    inodes, mke2fs defaults) between them. Design choice, recalled defaults: it gives the row
//!    store its ≈ 1 seek per 100+ MB (§5.2.2) without fitting to it.
//! 5. I/O scheduler: NOOP (one FIFO) or CFQ-like (per-query queues in LBA order, 100 ms slices
//!    timed from each slice's first completion, 8 ms idling: Linux 2.6.24 `cfq_slice_sync` =
//!    HZ/10 and `cfq_slice_idle` = HZ/125, in `block/cfq-iosched.c` of that release, where
//!    every read is sync, `cfq_bio_sync`, so each scan has its own queue and slice). The paper
//!    does not say which ran outside §5.3.3; the default is CFQ, Linux 2.6.24's default
//!    (digest §2.4 [inferred]).
//! 6. A seek is a request starting ≥ 63 sectors (32,256 B) from the previous request's end
//!    (§5.1.1 blktrace rule; end-to-start, digest §8 item 22).
//! 7. RAID-0 stripe unit 64 KiB: mdadm 2.6's `--chunk` default (the paper's Ubuntu 8.04 ships
//!    mdadm 2.6; recalled from its manual page); the paper does not state its array's.

use super::cpu::CpuModel;

pub const KB: u64 = 1024;
pub const MB: u64 = 1024 * 1024;
/// §5.1.1: "a seek is a request ≥ 63 sectors apart from the previous one".
pub const SEEK_THRESHOLD_BYTES: u64 = 63 * 512;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheduler {
    Noop,
    Cfq,
}

/// How the scan finds its rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AccessPath {
    /// Read the files (DSM: the predicate column fully, the others at qualifying positions).
    FullScan,
    /// Read a sorted index on the predicate column first (its key range, sequentially), then
    /// only the pages holding qualifying rows, in physical order (a bitmap heap scan, §5.2.3).
    Index {
        /// Index bytes per row (375 MB / 60 M rows = 6.25 B in the paper, §5.2.3).
        entry_bytes: f64,
    },
}

/// Compression knob: on-device bytes per logical byte (ORDERS 12/32 = 0.375, §4.2), CPU cost in
/// `CpuModel::decompress_value_ns`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Compression {
    pub ratio: f64,
    /// Pages packed by the codec (`codec.rs`: FOR + bit-packing of the real values), their
    /// on-device size from the data; `ratio` is then unused.
    pub codec: bool,
}

impl Compression {
    pub const NONE: Compression = Compression {
        ratio: 1.0,
        codec: false,
    };
    /// ORDERS compressed from 32 to 12 B per tuple (§4.2, §5.2.1).
    pub const ORDERS_12_OF_32: Compression = Compression {
        ratio: 12.0 / 32.0,
        codec: false,
    };
    /// The codec (`codec.rs`).
    pub const CODEC: Compression = Compression {
        ratio: 1.0,
        codec: true,
    };

    pub fn is_on(&self) -> bool {
        self.codec || self.ratio < 1.0
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ScanSettings {
    pub io_unit_bytes: u64,
    pub read_ahead_bytes: u64,
    pub queue_depth: u32,
    pub scheduler: Scheduler,
    pub fragment_bytes: u64,
    pub fragment_gap_bytes: u64,
    pub compression: Compression,
    pub access: AccessPath,
    pub cpu: CpuModel,
    /// Rows the engine processes per output block (digest §8 item 11: 1,000 is the assumed
    /// default; larger blocks only make the simulation coarser in time, not the I/O).
    pub block_rows: u64,
    /// CFQ time slice and idle window.
    pub cfq_slice_ns: u64,
    pub cfq_idle_ns: u64,
    /// RAID-0 stripe unit (item 7; `raid.rs`).
    pub stripe_bytes: u64,
}

impl Default for ScanSettings {
    fn default() -> Self {
        Self {
            io_unit_bytes: 128 * KB,
            read_ahead_bytes: 6 * MB,
            queue_depth: 32,
            scheduler: Scheduler::Cfq,
            fragment_bytes: 128 * MB,
            fragment_gap_bytes: MB,
            compression: Compression::NONE,
            access: AccessPath::FullScan,
            cpu: CpuModel::default(),
            block_rows: 1000,
            cfq_slice_ns: 100_000_000,
            cfq_idle_ns: 8_000_000,
            stripe_bytes: 64 * KB,
        }
    }
}

impl ScanSettings {
    /// Read-ahead window in I/O units (at least one).
    pub fn window_units(&self) -> u64 {
        (self.read_ahead_bytes / self.io_unit_bytes).max(1)
    }

    pub fn validate(&self) -> Result<(), String> {
        if self.io_unit_bytes == 0 || !self.io_unit_bytes.is_multiple_of(512) {
            return Err(format!(
                "io_unit_bytes {} must be a positive multiple of 512",
                self.io_unit_bytes
            ));
        }
        if self.fragment_bytes == 0 || !self.fragment_bytes.is_multiple_of(self.io_unit_bytes) {
            return Err("fragment_bytes must be a positive multiple of io_unit_bytes".into());
        }
        if !self.fragment_gap_bytes.is_multiple_of(512) {
            return Err("fragment_gap_bytes must be a multiple of 512".into());
        }
        if !(self.compression.ratio > 0.0 && self.compression.ratio <= 1.0) {
            return Err(format!(
                "compression ratio {} must be in (0, 1]",
                self.compression.ratio
            ));
        }
        if self.stripe_bytes < 512 || !self.stripe_bytes.is_multiple_of(512) {
            return Err(format!(
                "stripe_bytes {} must be a positive multiple of 512",
                self.stripe_bytes
            ));
        }
        if self.queue_depth == 0 || self.block_rows == 0 {
            return Err("queue_depth and block_rows must be at least 1".into());
        }
        if let AccessPath::Index { entry_bytes } = self.access
            && !(entry_bytes > 0.0 && entry_bytes <= 1024.0)
        {
            return Err(format!(
                "index entry_bytes {entry_bytes} must be in (0, 1024]"
            ));
        }
        self.cpu.validate()
    }
}
