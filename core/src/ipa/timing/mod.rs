//! Device time of an IPA store's flash operations (issue 30: the time and throughput columns of
//! Tabs. 6–10; seed 004 §8.1, §8.4, App. B). The lab counts operations; this prices them.
//!
//! 1. Latency per operation class, from the NAND preset of the store's cell type (the quoted
//!    datasheet numbers `docs/CALIBRATION.md` lists: SLC tR 25 µs, tPROG 200 µs, tBERS 1.5 ms,
//!    Numonyx NAND02G-B2D): a host page read costs tR; an out-of-place page program tPROG; a
//!    delta append (`write_delta`, a partial program of an already programmed page) costs a
//!    whole page program, as App. B states ("a partial write of 512B has the same latency as a
//!    write of a whole 2KB Flash page"); a GC migration tR + tPROG; a block erase tBERS.
//! 2. Page types: SLC and pSLC program and read only LSB-speed pages. On an MLC device used
//!    whole (odd-MLC, or no IPA), out-of-place programs and reads cost the mean of the LSB and
//!    MSB times (both page types are used in equal numbers) and appends the LSB time (App. C.2:
//!    appends only on LSB pages). SLC is exact; the MLC mean is an approximation.
//! 3. A run's device time is the count of each class times its latency (`DeviceTime`); the
//!    write path is everything but host reads (programs, appends, GC migrations, erases). Its
//!    mean residual service time Σs² / (2 Σs) is what a read that finds a chip busy with
//!    write-path work waits on average (`closed_loop`).
//! 4. A DB page is one flash page of the store's page size; the latency per page operation
//!    does not grow with page size (one ISPP program or one sense per wordline); transfer time
//!    over the flash bus and the host link is left out.

pub mod closed_loop;
pub mod serial;

use super::config::StoreConfig;
use super::noftl::{FlashCounters, IpaMode};
use crate::device::nand::{CellType, NandConfig};

/// Step 1–2: nanoseconds per operation class of one region.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpLatency {
    pub read_ns: f64,
    pub program_ns: f64,
    pub append_ns: f64,
    pub erase_ns: f64,
}

impl OpLatency {
    /// The latencies of `cfg`'s region on its cell type's NAND preset (steps 1–2).
    pub fn for_store(cfg: &StoreConfig) -> Self {
        let nand = NandConfig::preset(cfg.cell_type);
        let ds = &nand.datasheet;
        let lsb = |v: &[u64]| v.first().copied().unwrap_or(0) as f64;
        let mean = |v: &[u64]| {
            if v.is_empty() {
                0.0
            } else {
                v.iter().sum::<u64>() as f64 / v.len() as f64
            }
        };
        let lsb_only = cfg.cell_type == CellType::Slc || cfg.mode == IpaMode::PSlc;
        let (read_ns, program_ns) = if lsb_only {
            (lsb(&ds.tr_ns), lsb(&ds.tprog_ns))
        } else {
            (mean(&ds.tr_ns), mean(&ds.tprog_ns))
        };
        Self {
            read_ns,
            program_ns,
            append_ns: lsb(&ds.tprog_ns),
            erase_ns: nand.timing.erase_ns as f64,
        }
    }

    /// A GC migration: read the page, program it elsewhere.
    pub fn migration_ns(&self) -> f64 {
        self.read_ns + self.program_ns
    }
}

/// Step 3: a run's operations and the device time they took, by class.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DeviceTime {
    pub host_reads: u64,
    /// Host write I/Os: out-of-place programs plus appends.
    pub host_writes: u64,
    pub read_ns: f64,
    pub program_ns: f64,
    pub append_ns: f64,
    pub migration_ns: f64,
    pub erase_ns: f64,
    /// Σ s² over the write-path operations (ns²), for the mean residual.
    pub write_path_sq_ns2: f64,
}

impl DeviceTime {
    /// Counts times latencies (step 3).
    pub fn of(flash: &FlashCounters, lat: &OpLatency) -> Self {
        let classes = [
            (flash.host_page_writes, lat.program_ns),
            (flash.write_deltas, lat.append_ns),
            (flash.gc_migrations, lat.migration_ns()),
            (flash.erases, lat.erase_ns),
        ];
        let sum = |(n, s): (u64, f64)| n as f64 * s;
        Self {
            host_reads: flash.host_page_reads,
            host_writes: flash.host_page_writes + flash.write_deltas,
            read_ns: sum((flash.host_page_reads, lat.read_ns)),
            program_ns: sum(classes[0]),
            append_ns: sum(classes[1]),
            migration_ns: sum(classes[2]),
            erase_ns: sum(classes[3]),
            write_path_sq_ns2: classes.iter().map(|&(n, s)| n as f64 * s * s).sum(),
        }
    }

    /// Device time of everything but host reads.
    pub fn write_path_ns(&self) -> f64 {
        self.program_ns + self.append_ns + self.migration_ns + self.erase_ns
    }

    /// Mean time a random arrival waits for a write-path operation in service to end.
    pub fn residual_ns(&self) -> f64 {
        let w = self.write_path_ns();
        if w > 0.0 {
            self.write_path_sq_ns2 / (2.0 * w)
        } else {
            0.0
        }
    }

    /// The mean host read's own device time.
    pub fn read_service_ns(&self) -> f64 {
        if self.host_reads == 0 {
            0.0
        } else {
            self.read_ns / self.host_reads as f64
        }
    }
}
