//! The archival HDD and bounded flash space (seed 003 §2.1: "flash-resident log data is flushed
//! to the HDD once it reaches a predefined size (e.g., 32KB)"; digest §5 invariant 9).
//!
//! 1. Capacity: each flash device may have `capacity_bytes` of log space, used as a circular log
//!    [choice, digest §8 item 6]. A write reserves its whole 512 B blocks when it is issued
//!    (`reserve`); a device without room for a write is not ready (`schedule::pick_ready`).
//!    Space is counted in bytes: the oldest LSNs on a device are archived first, so the tail of
//!    its circular log advances over contiguous blocks.
//! 2. Archive: when the HDD is idle and the durable log not yet archived reaches a chunk, the
//!    whole chunks of it go to the HDD's archive area in one sequential write, from the in-memory
//!    log copy, off the commit path [choice, digest §8 item 5]. When every idle flash device is
//!    too full for the pending log (`space_blocked`), whatever durable log is not yet archived
//!    goes at once, even less than a chunk: waiting for a chunk could wait forever.
//! 3. Free after the archive holds it: only when an archive write completes does
//!    `archived_upto` advance; then every flash record (main or outlier hiding area) ending at
//!    or before it is dropped and its space returns (`reclaim`). A write in flight, or torn by a
//!    crash, frees nothing, so a crash during archiving finds the log still on flash.
//! 4. Full devices: when pending log fits no idle device whole, the idle device with the most
//!    room takes the blocks that fit (`partial_fit`); the rest waits for the next dispatch.
//!    The HDD takes a synchronous log write only when every flash device is *busy* (the paper's
//!    condition), not when they are idle but full: then it archives, which frees them.
//!
//! Recovery (`recover.rs`) merges the archive stream with the flash streams: the archive holds
//! `[0, archived_upto)` contiguously and flash holds every durable byte after it.

use super::error::FlashLogError;
use super::media::{Area, LOG_BLOCK_BYTES, align_down};
use super::schedule::space_of;
use super::sim::{FlashLogSim, Purpose};

impl FlashLogSim {
    /// Step 1: books the flash space of a write being issued on `dev`.
    pub(super) fn reserve(&mut self, dev: usize, bytes: u64) {
        let d = &mut self.devices[dev];
        if d.is_flash() && d.capacity_bytes.is_some() {
            d.used_bytes += space_of(bytes);
        }
    }

    /// Step 2.
    pub(super) fn maybe_archive(&mut self) -> Result<(), FlashLogError> {
        let Some((_, true)) = self.flashlogging() else {
            return Ok(());
        };
        let hdd = self.devices.len() - 1;
        if self.devices[hdd].busy.is_some() {
            return Ok(());
        }
        let chunk = self.config.archive_chunk_bytes.max(LOG_BLOCK_BYTES);
        let unarchived = self.durable.prefix().saturating_sub(self.archived_upto);
        let ready = if self.space_blocked {
            unarchived
        } else {
            unarchived / chunk * chunk
        };
        if ready > 0 {
            let start = self.archived_upto;
            self.stats.archive_writes += 1;
            self.issue(hdd, start, start + ready, Area::Archive, Purpose::Archive)?;
        }
        Ok(())
    }

    /// Step 3: the archive now durably holds `[0, end)`.
    pub(super) fn archived(&mut self, end: u64) {
        self.archived_upto = self.archived_upto.max(end);
        for dev in 0..self.devices.len() {
            self.reclaim(dev);
        }
    }

    /// Step 3: drops `dev`'s flash records the archive holds and returns their space.
    pub(super) fn reclaim(&mut self, dev: usize) {
        let upto = self.archived_upto;
        let d = &mut self.devices[dev];
        if !d.is_flash() || d.capacity_bytes.is_none() {
            return;
        }
        let mut freed = 0;
        d.media.retain(|r| {
            let archived = r.area != Area::Archive && r.header.end_lsn() <= upto;
            if archived {
                freed += space_of(r.header.len_bytes);
            }
            !archived
        });
        d.used_bytes -= freed.min(d.used_bytes);
        d.freed_bytes += freed;
    }

    /// Step 4: `(device, end)` for the blocks of `[start, next_lsn)` that fit on the idle flash
    /// device with the most room, if that is more than the already-issued part.
    pub(super) fn partial_fit(&self, start: u64) -> Option<(usize, u64)> {
        let (dev, free) = self
            .devices
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_flash() && d.busy.is_none())
            .map(|(i, d)| (i, d.free_bytes()))
            .max_by_key(|&(i, free)| (free, std::cmp::Reverse(i)))?;
        let end = self.next_lsn.min(start.saturating_add(align_down(free)));
        (end > self.issued_upto).then_some((dev, end))
    }

    /// Step 4: every flash device is serving a write.
    pub(super) fn all_flash_busy(&self) -> bool {
        self.devices
            .iter()
            .filter(|d| d.is_flash())
            .all(|d| d.busy.is_some())
    }
}
