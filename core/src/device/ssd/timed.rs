//! A timed SSD for the labs that use the SSD as their device: the page-mapped FTL (`ftl`) and
//! timing model (`timing`) driven directly, the way `bench` drives them, without the SSD lab's
//! event queue. FlashLogging's SSD partitions and Append/Pack (seed 003) and the FD+tree's
//! block I/O and its B+tree baseline (seed 002) run on it.
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

use super::booking::book_write;
use super::config::device_model;
use super::ftl::{Ftl, FtlConfig, FtlError, NO_VERSION, UNMAPPED};
use super::geometry::Geometry;
use super::oplog::OpLog;
use super::presets::preset;
use super::timing::{Timing, TimingParams};

/// Fewest blocks per plane `sized_for` builds: a die keeps free blocks for GC's watermarks.
pub const MIN_BLOCKS_PER_PLANE: u32 = 8;

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

    /// The SSD preset `id` with as few blocks per plane as hold `logical_pages` host pages at
    /// the preset's spare factor (at least `MIN_BLOCKS_PER_PLANE`, so GC always has a free
    /// block to write into); `None` if the preset does not exist.
    pub fn sized_for(id: &str, logical_pages: u64) -> Option<Self> {
        let p = preset(id)?;
        let (g, _) = device_model(&p.constants);
        let spare = g.spare_factor();
        let per_block_row = f64::from(g.dies() * g.planes_per_die * g.pages_per_block);
        let usable = per_block_row * (1.0 - spare);
        let blocks = if usable > 0.0 {
            (logical_pages as f64 / usable).ceil() as u64 + 1
        } else {
            u64::from(MIN_BLOCKS_PER_PLANE)
        };
        let blocks = blocks.clamp(u64::from(MIN_BLOCKS_PER_PLANE), u64::from(u32::MAX / 2));
        Self::from_preset(id, blocks as u32)
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
            .write_timed(lba, version, &mut self.timing.die_free_ns, &mut self.log)?;
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
    fn sized_for_holds_the_pages_asked_at_the_presets_spare() {
        let ssd = TimedSsd::sized_for("x25e", 10_000).unwrap();
        assert!(ssd.logical_pages() >= 10_000);
        assert!(ssd.logical_pages() < 10_000 + 3 * 640);
        assert!(TimedSsd::sized_for("nope", 10).is_none());
    }

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
