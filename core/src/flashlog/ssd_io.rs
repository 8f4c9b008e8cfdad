//! A timed SSD for this lab: the SSD lab's page-mapped FTL (`device::ssd::ftl`) and timing model
//! (`device::ssd::timing`) driven directly, the way `device::ssd::bench` drives them, without the
//! SSD lab's event queue. Both FlashLogging's SSD partitions and Append/Pack run on it.
//!
//! 1. `write_page(lba, version, ready_ns)`: the controller takes the command, the data crosses
//!    the host link, the FTL writes out of place on the die free first (greedy GC included) and
//!    every physical operation it logged is booked on its die and channel; returns when the
//!    host page is programmed.
//! 2. `read_page(lba, ready_ns)`: sense, channel, link; returns the version stored and when the
//!    host has it (an unmapped page costs only the link).
//! 3. `trim(lba)`: unmaps a page (no flash operation).
//!
//! Arrivals must not go back in time (the timing model books in arrival order): callers pass
//! non-decreasing `ready_ns`.

use crate::device::ssd::booking::book_write;
use crate::device::ssd::config::device_model;
use crate::device::ssd::ftl::{Ftl, FtlConfig, FtlError, NO_VERSION, UNMAPPED};
use crate::device::ssd::geometry::Geometry;
use crate::device::ssd::oplog::OpLog;
use crate::device::ssd::presets::preset;
use crate::device::ssd::timing::{Timing, TimingParams};

/// The FTL, its timing and the scratch operation log.
#[derive(Debug, Clone)]
pub struct TimedSsd {
    pub geometry: Geometry,
    pub ftl: Ftl,
    pub timing: Timing,
    log: OpLog,
    /// The latest arrival passed in (arrivals are clamped to it: booking is in arrival order).
    horizon_ns: u64,
}

impl TimedSsd {
    /// The SSD preset `id` with `blocks_per_plane` blocks per plane (lab scale) and the preset's
    /// spare factor; `None` if the preset does not exist.
    pub fn from_preset(id: &str, blocks_per_plane: u32) -> Option<Self> {
        let p = preset(id)?;
        let (mut geometry, timing) = device_model(&p.constants);
        let spare = geometry.spare_factor();
        geometry = Geometry::with_spare_factor(
            geometry.channels,
            geometry.dies_per_channel,
            geometry.planes_per_die,
            blocks_per_plane,
            geometry.pages_per_block,
            geometry.page_bytes,
            spare,
        );
        Some(Self::new(geometry, timing))
    }

    pub fn new(geometry: Geometry, params: TimingParams) -> Self {
        Self {
            geometry,
            ftl: Ftl::new(geometry, FtlConfig::default()),
            timing: Timing::new(params, geometry.channels, geometry.dies_per_channel),
            log: Vec::with_capacity(256),
            horizon_ns: 0,
        }
    }

    pub fn page_bytes(&self) -> u64 {
        u64::from(self.geometry.page_bytes)
    }

    pub fn logical_pages(&self) -> u32 {
        self.geometry.logical_pages
    }

    fn arrive(&mut self, ready_ns: u64) -> u64 {
        self.horizon_ns = self.horizon_ns.max(ready_ns);
        self.timing.command(self.horizon_ns)
    }

    /// Step 1: one host page write; returns when it is programmed.
    pub fn write_page(&mut self, lba: u32, version: u32, ready_ns: u64) -> Result<u64, FtlError> {
        let t0 = self.arrive(ready_ns);
        let arrived = self.timing.host_in(t0);
        self.log.clear();
        self.ftl
            .write_with(lba, version, Some(&self.timing.die_free_ns), &mut self.log)?;
        Ok(book_write(
            &mut self.timing,
            &self.geometry,
            &self.log,
            t0,
            arrived,
        ))
    }

    /// Step 2: one host page read; returns (version, when the host has it).
    pub fn read_page(&mut self, lba: u32, ready_ns: u64) -> (u32, u64) {
        let t0 = self.arrive(ready_ns);
        let (ppn, version) = self.ftl.read(lba);
        if ppn == UNMAPPED {
            return (NO_VERSION, self.timing.host_in(t0));
        }
        let g = self.geometry;
        let die = g.die_of_block(g.block_of_ppn(ppn));
        let (_, delivered) = self.timing.read_page(t0, die, g.page_of_ppn(ppn));
        (version, delivered)
    }

    /// Writes `lbas` through the FTL (GC included) without booking time: preconditioning.
    pub fn fill_untimed(&mut self, lbas: impl Iterator<Item = u32>) -> Result<(), FtlError> {
        for lba in lbas {
            self.log.clear();
            self.ftl.write(lba, 0, &mut self.log)?;
        }
        Ok(())
    }

    /// Step 3: TRIM of one page.
    pub fn trim(&mut self, lba: u32) -> bool {
        self.ftl.trim(lba)
    }

    /// Device write amplification so far (flash programs / host page writes).
    pub fn write_amplification(&self) -> f64 {
        self.ftl.write_amplification()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_written_reads_back_its_version_after_its_program_time() {
        let mut ssd = TimedSsd::from_preset("x25e", 8).unwrap();
        let done = ssd.write_page(5, 42, 0).unwrap();
        assert!(done >= 200_000, "{done}"); // at least tPROG
        let (version, at) = ssd.read_page(5, done);
        assert_eq!(version, 42);
        assert!(at > done);
        assert!(ssd.trim(5));
        assert_eq!(ssd.read_page(5, at).0, NO_VERSION);
    }
}
