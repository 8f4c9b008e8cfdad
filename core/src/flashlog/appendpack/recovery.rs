//! Power loss and recovery for Append/Pack (issue 14; digest §8 item 12: "put an out-of-band
//! header (page id, sequence number) in each slot; rebuild the map by scanning and keeping the
//! highest sequence number; treat the write buffer as volatile" [extension: the paper does not
//! discuss crash consistency]).
//!
//! What survives: the device's slots, each with its data and header (page id or padding, chunk
//! sequence number, log). The map, the write and pack buffers, the free list and the two logs'
//! order are memory. A user write is acknowledged (durable) once the chunk holding it is
//! written; a buffered write is not.
//!
//! 1. `cut_power_after(n, torn)`: `n` more device operations (chunk writes, erases) happen;
//!    the next fails with `FlashLogError::PowerLoss`. A chunk write the cut hits is torn: its
//!    first `torn` pages reach the device (a chunk is many page writes), the rest do not.
//!    Erases are atomic; page reads change nothing.
//! 2. `power_cut()` keeps the slots and their headers (`ApFlashImage`).
//! 3. `ApFlashImage::recover()` reads every slot header (`slots_read`: one page read each; the
//!    layout has no clock, a driver would time them): per page the copy with the highest chunk
//!    sequence number wins; blocks with a programmed slot join their log in sequence order, the
//!    others are free. The buffers come back empty; the counters (statistics) restart at 0.
//!
//! Known crash windows of the paper's layout as modelled (found by `core/tests/append_pack_recovery.rs`,
//! not fixed): (a) packing erases a victim block as soon as its valid pages are in the pack
//! buffer, which reaches the device only when it holds a whole chunk, so a cut in between loses
//! those acknowledged cold pages; (b) a page re-written into the (volatile) write buffer no
//! longer counts as valid in its block, so packing that block erases its last durable version
//! before the new one is durable. `reclaim.rs` has the crash-safe packing that closes both
//! (opt-in: the labs keep the paper's layout).

use super::super::error::FlashLogError;
use super::ApConfig;
use super::layout::{AppendPack, Loc, LogId, NO_PAGE};

/// A chunk write the cut may hit: its block, its (page, version) entries and its log.
pub(super) type ChunkWrite<'a> = (u32, &'a [(u32, u32)], LogId);

/// What survives a power cut.
#[derive(Debug, Clone)]
pub struct ApFlashImage {
    pub config: ApConfig,
    pub oob_page: Vec<u32>,
    pub oob_seq: Vec<u64>,
    pub oob_log: Vec<Option<LogId>>,
    /// Slot data (the version written).
    pub slot_version: Vec<u32>,
    /// The layout's packing mode (configuration, not state).
    pub crash_safe: bool,
}

/// What the recovery scan did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ApRecoveryReport {
    /// Slot headers read (every slot of the device).
    pub slots_read: u64,
    pub pages_recovered: u32,
    /// Programmed slots that lost to a newer copy (plus padding).
    pub stale_slots: u64,
    pub blocks_in_logs: u32,
}

impl AppendPack {
    /// Step 1.
    pub fn cut_power_after(&mut self, device_ops: u64, torn_pages: u32) {
        self.power_budget = device_ops;
        self.torn_pages = torn_pages;
    }

    /// Step 1, before each chunk write (`Some`) or erase (`None`).
    pub(super) fn spend_power(
        &mut self,
        chunk: Option<ChunkWrite<'_>>,
    ) -> Result<(), FlashLogError> {
        if self.power_budget == u64::MAX {
            return Ok(());
        }
        if self.power_budget > 0 {
            self.power_budget -= 1;
            return Ok(());
        }
        if let Some((block, pages, log)) = chunk {
            let torn = (self.torn_pages as usize).min(pages.len());
            self.chunk_seq += 1;
            let eb = self.config.eb_pages;
            self.write_headers(block, &pages[..torn], log, eb);
            for (k, &(page, version)) in pages[..torn].iter().enumerate() {
                if page != NO_PAGE {
                    self.slot_version[(block * eb) as usize + k] = version;
                }
            }
        }
        Err(FlashLogError::PowerLoss)
    }

    /// The headers of a chunk's first `chunk.len()` slots (a full chunk pads the rest).
    pub(super) fn write_headers(&mut self, block: u32, chunk: &[(u32, u32)], log: LogId, eb: u32) {
        let first = (block * eb) as usize;
        for (k, &(page, _)) in chunk.iter().enumerate() {
            self.oob_page[first + k] = page;
            self.oob_seq[first + k] = self.chunk_seq;
            self.oob_log[first + k] = Some(log);
        }
    }

    /// Step 2.
    pub fn power_cut(&self) -> ApFlashImage {
        ApFlashImage {
            config: self.config,
            oob_page: self.oob_page.clone(),
            oob_seq: self.oob_seq.clone(),
            oob_log: self.oob_log.clone(),
            slot_version: self.slot_version.clone(),
            crash_safe: self.crash_safe,
        }
    }
}

impl ApFlashImage {
    /// Step 3.
    pub fn recover(self) -> Result<(AppendPack, ApRecoveryReport), FlashLogError> {
        let mut ap = AppendPack::new(self.config)?;
        if self.crash_safe {
            ap.set_crash_safe();
        }
        let eb = self.config.eb_pages;
        let mut report = ApRecoveryReport::default();
        let mut best = vec![0u64; self.config.logical_pages as usize];
        let mut block_seq = vec![0u64; self.config.blocks as usize];
        let mut block_log = vec![None; self.config.blocks as usize];
        for (slot, &page) in self.oob_page.iter().enumerate() {
            report.slots_read += 1;
            let Some(log) = self.oob_log[slot] else {
                continue;
            };
            let seq = self.oob_seq[slot];
            let block = slot / eb as usize;
            block_seq[block] = block_seq[block].max(seq);
            block_log[block] = Some(log);
            report.stale_slots += 1;
            if page != NO_PAGE && page < self.config.logical_pages && seq > best[page as usize] {
                best[page as usize] = seq;
                ap.map[page as usize] = Loc::Slot(slot as u32);
            }
        }
        for (page, loc) in ap.map.iter().enumerate() {
            if let Loc::Slot(s) = *loc {
                ap.slot_page[s as usize] = page as u32;
                if let Some(d) = ap.durable_slot.get_mut(page) {
                    *d = s;
                }
                ap.block_valid[(s / eb) as usize] += 1;
                report.pages_recovered += 1;
            }
        }
        report.stale_slots -= u64::from(report.pages_recovered);
        let mut order: Vec<(u64, u32)> = (0..self.config.blocks)
            .filter(|&b| block_log[b as usize].is_some())
            .map(|b| (block_seq[b as usize], b))
            .collect();
        order.sort_unstable();
        ap.free = (0..self.config.blocks)
            .filter(|&b| block_log[b as usize].is_none())
            .collect();
        for (_, b) in order {
            ap.block_log[b as usize] = block_log[b as usize];
            match block_log[b as usize] {
                Some(LogId::Append) => ap.append_log.push_back(b),
                Some(LogId::Pack) => ap.pack_log.push_back(b),
                None => {}
            }
            report.blocks_in_logs += 1;
        }
        ap.chunk_seq = block_seq.iter().copied().max().unwrap_or(0);
        ap.slot_version = self.slot_version;
        ap.oob_page = self.oob_page;
        ap.oob_seq = self.oob_seq;
        ap.oob_log = self.oob_log;
        Ok((ap, report))
    }
}
