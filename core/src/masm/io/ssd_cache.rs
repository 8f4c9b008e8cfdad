//! The SSD update cache: an SSD drive preset (the X25-E of §5.1) driven directly through its
//! page-mapped FTL and its channel/die timing model, as `device::ssd::bench` does, without the
//! lab's event queue.
//!
//! 1. Build: the preset's constants give geometry and timing (`ssd::config::device_model`). The
//!    preset keeps the drive's channel/die/page shape at lab scale; blocks per plane are raised
//!    (never lowered) so the logical space holds `cache_bytes` (capped at `MAX_FTL_BYTES`).
//!    Block count changes neither bandwidth nor latency, only how often GC runs.
//! 2. Addresses: byte offsets map to 4 KB logical pages, wrapping round the logical space.
//! 3. Write request: the controller takes the command; per page the data crosses the host link,
//!    the FTL writes it out of place on the die free first (dynamic allocation, so a sequential
//!    run stripes channel-first) and may garbage-collect; every logged operation is booked on
//!    its die/channel. Done when the last page is programmed (or buffered).
//! 4. Read batch: every piece is one command issued at `ready_ns` (asynchronous, any depth); each
//!    page is sensed on the die the FTL mapped it to, crosses its channel and the host link. So
//!    128 small reads overlap across the dies and end up bound by the controller and the link,
//!    while large reads stream at the link rate.

use crate::device::provenance::{Constant, Tag};
use crate::device::ssd::booking::book_write;
use crate::device::ssd::config::{device_model, value};
use crate::device::ssd::ftl::{Ftl, FtlConfig, UNMAPPED};
use crate::device::ssd::geometry::Geometry;
use crate::device::ssd::oplog::OpLog;
use crate::device::ssd::presets::{PRESET_IDS, preset};
use crate::device::ssd::timing::Timing;

use super::Span;

/// Largest cache the FTL is sized for (its maps cost 12 bytes per 4 KB page).
pub const MAX_FTL_BYTES: u64 = 4 << 30;

#[derive(Debug, Clone)]
pub struct SsdCache {
    pub drive: String,
    /// The preset's constants, blocks per plane as actually built.
    pub constants: Vec<Constant>,
    pub geometry: Geometry,
    ftl: Ftl,
    timing: Timing,
    log: OpLog,
    version: u32,
    busy_until_ns: u64,
    pub pages_read: u64,
    pub pages_written: u64,
    /// FTL refusals (device full); the sizing rule makes this impossible, tests check it is 0.
    pub model_errors: u64,
}

/// Step 1: the drive preset's constants with blocks per plane raised to hold `cache_bytes`.
pub fn sized_constants(drive: &str, cache_bytes: u64) -> Result<Vec<Constant>, String> {
    let p = preset(drive).ok_or_else(|| {
        format!(
            "unknown SSD drive \"{drive}\" (known: {})",
            PRESET_IDS.join(", ")
        )
    })?;
    let mut constants = p.constants;
    let page_bytes = value(&constants, "page_bytes").max(1.0);
    let op = value(&constants, "over_provisioning");
    let per_block_plane = value(&constants, "channels")
        * value(&constants, "dies_per_channel")
        * value(&constants, "planes_per_die")
        * value(&constants, "pages_per_block");
    let wanted_pages = (cache_bytes.min(MAX_FTL_BYTES) as f64 / page_bytes).ceil();
    let needed_blocks =
        (wanted_pages / (1.0 - op).max(0.01) / per_block_plane.max(1.0)).ceil() + 1.0;
    let preset_blocks = value(&constants, "blocks_per_plane");
    if needed_blocks > preset_blocks
        && let Some(c) = constants.iter_mut().find(|c| c.key == "blocks_per_plane")
    {
        c.source = format!(
            "model choice: raised from the preset's lab-scale {preset_blocks} so the FTL \
                 holds the {cache_bytes}-byte update cache (block count does not change \
                 bandwidth or latency)"
        );
        c.value = needed_blocks;
        c.tag = Tag::Design;
    }
    Ok(constants)
}

impl SsdCache {
    pub fn new(drive: &str, cache_bytes: u64) -> Result<Self, String> {
        let constants = sized_constants(drive, cache_bytes)?;
        let (geometry, params) = device_model(&constants);
        let ftl_config = FtlConfig::default();
        let need = u64::from(geometry.dies())
            * u64::from(ftl_config.gc_high_watermark + 1)
            * u64::from(geometry.pages_per_block);
        if u64::from(geometry.spare_pages()) <= need || geometry.logical_pages == 0 {
            return Err(format!(
                "SSD drive \"{drive}\" leaves {} spare pages; its FTL needs more than {need}",
                geometry.spare_pages()
            ));
        }
        Ok(Self {
            drive: drive.to_string(),
            constants,
            geometry,
            ftl: Ftl::new(geometry, ftl_config),
            timing: Timing::new(params, geometry.channels, geometry.dies_per_channel),
            log: Vec::with_capacity(64),
            version: 0,
            busy_until_ns: 0,
            pages_read: 0,
            pages_written: 0,
            model_errors: 0,
        })
    }

    pub fn busy_until_ns(&self) -> u64 {
        self.busy_until_ns
    }

    fn page_bytes(&self) -> u64 {
        u64::from(self.geometry.page_bytes.max(1))
    }

    /// Logical pages `[first, end)` covering the bytes (before wrapping).
    fn pages(&self, offset_bytes: u64, len_bytes: u64) -> (u64, u64) {
        let p = self.page_bytes();
        let first = offset_bytes / p;
        let end = offset_bytes.saturating_add(len_bytes.max(1)).div_ceil(p);
        (first, end)
    }

    fn lba(&self, page: u64) -> u32 {
        (page % u64::from(self.geometry.logical_pages.max(1))) as u32
    }

    /// Step 3: writes `[offset, offset+len)` as requests of ≤ `request_bytes`, all issued at
    /// `ready_ns`; the span ends when the last page is programmed.
    pub fn write(
        &mut self,
        ready_ns: u64,
        offset_bytes: u64,
        len_bytes: u64,
        request_bytes: u64,
    ) -> Span {
        let (first, end) = self.pages(offset_bytes, len_bytes);
        let per_request = (request_bytes / self.page_bytes()).max(1);
        let mut done = ready_ns;
        let mut page = first;
        while page < end {
            let t0 = self.timing.command(ready_ns);
            let stop = (page + per_request).min(end);
            for p in page..stop {
                let arrived = self.timing.host_in(t0);
                let ack = self.timing.buffer_slot(arrived);
                let programmed = self.program(t0, arrived, p);
                done = done.max(ack.unwrap_or(programmed));
            }
            page = stop;
        }
        self.pages_written += end - first;
        self.busy_until_ns = self.busy_until_ns.max(done);
        Span {
            start_ns: ready_ns,
            end_ns: done,
        }
    }

    /// One host page through the FTL, its logged operations booked; returns its program end.
    fn program(&mut self, t0: u64, arrived: u64, page: u64) -> u64 {
        let lba = self.lba(page);
        self.version = self.version.wrapping_add(1) % UNMAPPED;
        self.log.clear();
        if self
            .ftl
            .write_timed(
                lba,
                self.version,
                &mut self.timing.die_free_ns,
                &mut self.log,
            )
            .is_err()
        {
            self.model_errors += 1;
            return arrived;
        }
        book_write(&mut self.timing, &self.geometry, &self.log, t0, arrived)
    }

    /// Step 4: one command per piece, all issued at `ready_ns`; the span of the whole batch.
    pub fn read_pieces(&mut self, ready_ns: u64, pieces: &[(u64, u64)]) -> Span {
        let mut done = ready_ns;
        let g = self.geometry;
        for &(offset_bytes, len_bytes) in pieces {
            let t0 = self.timing.command(ready_ns);
            let (first, end) = self.pages(offset_bytes, len_bytes);
            for p in first..end {
                let (ppn, _) = self.ftl.read(self.lba(p));
                let delivered = if ppn == UNMAPPED {
                    self.timing.host_in(t0)
                } else {
                    let die = g.die_of_block(g.block_of_ppn(ppn));
                    self.timing.read_page(t0, die, g.page_of_ppn(ppn)).1
                };
                done = done.max(delivered);
            }
            self.pages_read += end - first;
        }
        self.busy_until_ns = self.busy_until_ns.max(done);
        Span {
            start_ns: ready_ns,
            end_ns: done,
        }
    }

    /// TRIM of the logical pages covering the bytes (a freed run): GC need not copy them.
    pub fn trim(&mut self, offset_bytes: u64, len_bytes: u64) {
        let (first, end) = self.pages(offset_bytes, len_bytes);
        let logical = u64::from(self.geometry.logical_pages.max(1));
        for p in first..end.min(first + logical) {
            self.ftl.trim(self.lba(p));
        }
    }

    /// Pages programmed by the flash (host + GC) over host pages written.
    pub fn write_amplification(&self) -> f64 {
        self.ftl.write_amplification()
    }
}
