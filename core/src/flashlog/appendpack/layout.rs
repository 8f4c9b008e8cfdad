//! The Append/Pack layout over a device of `blocks` erase blocks of `eb_pages` pages [§2.2].
//!
//! 1. `write(page, version)`: the old copy is invalidated (a copy still in the write buffer is
//!    overwritten there; one in the pack buffer is dropped); the page joins the write buffer.
//!    When the buffer holds one erase block of pages it is appended: ONE sequential write of a
//!    whole free block at the append log's head (`DeviceOp::WriteChunk`).
//! 2. The map (`map`, in memory) says where each logical page is: write buffer, pack buffer or
//!    a device slot; `slot_page` is the reverse map.
//! 3. `pack_step()` reclaims one block (policy in `policy.rs`): its valid pages — cold, since hot
//!    pages were re-written and invalidated — are read into the pack buffer, the block is
//!    erased and freed, and every full erase block of the pack buffer is appended to the
//!    second (pack) log. Packing is due when free blocks ≤ the low watermark ("close to
//!    full"); a lab calls `pack_step` while `pack_due()`, `write_auto` does it inline.
//! 4. `read(page)`: the version from the buffer or the slot (a random read: cheap on flash).
//!
//! 5. Durable state (`recovery.rs`): every slot a chunk writes carries a header (page id or
//!    padding, chunk sequence number, log), and an erase clears it; the map, the buffers and
//!    the log order are memory, lost by a power cut (`power_budget`). `reclaim` has the
//!    crash-safe packing (opt-in) that the crash sweep asks for.
//!
//! Free blocks form one pool shared by both logs [choice: the digest's fixed 80/20 region
//! split can deadlock when the pack region fills with valid data; a shared pool cannot while
//! logical pages ≤ (blocks − watermark − 2) × eb].

use std::collections::VecDeque;

use super::super::error::FlashLogError;
pub use super::policy::LogId;
use super::policy::Tail;

/// The version of a page never written.
pub const NO_VERSION: u32 = u32::MAX;
/// `slot_page` of a free or invalid slot.
pub const NO_PAGE: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApConfig {
    pub eb_pages: u32,
    pub blocks: u32,
    pub logical_pages: u32,
    pub low_watermark_blocks: u32,
}

impl ApConfig {
    pub fn validate(&self) -> Result<(), FlashLogError> {
        let usable = u64::from(self.blocks.saturating_sub(self.low_watermark_blocks + 2))
            * u64::from(self.eb_pages);
        if self.eb_pages == 0 || self.logical_pages == 0 || u64::from(self.logical_pages) > usable {
            return Err(FlashLogError::Config(format!(
                "Append/Pack needs logical pages ≤ (blocks − watermark − 2) × eb = {usable}"
            )));
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loc {
    Unwritten,
    WriteBuf(u32),
    PackBuf(u32),
    Slot(u32),
}

/// What the device is asked to do (a driver times these on an SSD model).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceOp {
    /// One whole erase block written sequentially; `versions` of its pages are in the slots.
    WriteChunk {
        block: u32,
        log: LogId,
    },
    /// One page written at the next slot of the pack log's head (crash-safe packing only).
    WritePage {
        slot: u32,
    },
    ReadPage {
        slot: u32,
    },
    Erase {
        block: u32,
    },
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ApCounters {
    pub user_writes: u64,
    pub appended_pages: u64,
    /// Pages written into the pack log.
    pub packed_pages: u64,
    /// Valid pages read out of reclaimed blocks.
    pub pack_reads: u64,
    /// Slots of pack chunks whose page was re-written while in the pack buffer.
    pub pack_dead_pages: u64,
    pub device_pages_written: u64,
    pub pack_steps: u64,
    pub erases: u64,
    /// Σ valid pages of reclaimed blocks (u = this / (pack_steps × eb)).
    pub victim_valid_pages: u64,
    /// The same for append-log tails only (the paper's packing, without pack-log cleaning).
    pub append_victims: u64,
    pub append_victim_valid_pages: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppendPack {
    pub config: ApConfig,
    pub map: Vec<Loc>,
    pub slot_page: Vec<u32>,
    pub slot_version: Vec<u32>,
    pub block_valid: Vec<u32>,
    pub block_log: Vec<Option<LogId>>,
    pub free: VecDeque<u32>,
    /// Blocks of each log, tail (oldest) first.
    pub append_log: VecDeque<u32>,
    pub pack_log: VecDeque<u32>,
    pub wbuf: Vec<(u32, u32)>,
    pub pbuf: Vec<(u32, u32)>,
    pub ops: Vec<DeviceOp>,
    pub counters: ApCounters,
    /// Slot headers on the device (step 5): the page stored, `NO_PAGE` for padding.
    pub oob_page: Vec<u32>,
    /// Slot headers: the chunk's sequence number (0: erased).
    pub oob_seq: Vec<u64>,
    /// Slot headers: the log the chunk was appended to (`None`: erased).
    pub oob_log: Vec<Option<LogId>>,
    /// The last chunk sequence number handed out.
    pub chunk_seq: u64,
    /// Device writes and erases left before the injected power cut (`u64::MAX`: none).
    pub(super) power_budget: u64,
    /// Pages of a chunk write the cut tears that still reach the device.
    pub(super) torn_pages: u32,
    /// Crash-safe packing (`safe_pack.rs`); off in the labs, which model the paper's layout.
    pub crash_safe: bool,
    /// Crash-safe packing: the pack log's open head block and its next slot.
    pub pack_head: Option<(u32, u32)>,
    /// Crash-safe packing: per page, the slot of its newest copy on the device (`NO_PAGE`).
    pub durable_slot: Vec<u32>,
}

impl AppendPack {
    pub fn new(config: ApConfig) -> Result<Self, FlashLogError> {
        config.validate()?;
        let slots = (config.blocks * config.eb_pages) as usize;
        Ok(Self {
            config,
            map: vec![Loc::Unwritten; config.logical_pages as usize],
            slot_page: vec![NO_PAGE; slots],
            slot_version: vec![NO_VERSION; slots],
            block_valid: vec![0; config.blocks as usize],
            block_log: vec![None; config.blocks as usize],
            free: (0..config.blocks).collect(),
            append_log: VecDeque::new(),
            pack_log: VecDeque::new(),
            wbuf: Vec::new(),
            pbuf: Vec::new(),
            ops: Vec::new(),
            counters: ApCounters::default(),
            oob_page: vec![NO_PAGE; slots],
            oob_seq: vec![0; slots],
            oob_log: vec![None; slots],
            chunk_seq: 0,
            power_budget: u64::MAX,
            torn_pages: 0,
            crash_safe: false,
            pack_head: None,
            durable_slot: Vec::new(),
        })
    }

    fn check_page(&self, page: u32) -> Result<(), FlashLogError> {
        if page < self.config.logical_pages {
            Ok(())
        } else {
            Err(FlashLogError::PageOutOfRange {
                page,
                logical_pages: self.config.logical_pages,
            })
        }
    }

    /// Step 1 (never packs unless no block is free: call `pack_step` while `pack_due()`).
    pub fn write(&mut self, page: u32, version: u32) -> Result<(), FlashLogError> {
        self.check_page(page)?;
        self.counters.user_writes += 1;
        match self.map[page as usize] {
            Loc::WriteBuf(i) => {
                self.wbuf[i as usize].1 = version;
                return Ok(());
            }
            Loc::PackBuf(i) => self.remove_from_pbuf(i as usize),
            Loc::Slot(s) => self.invalidate(s),
            Loc::Unwritten => {}
        }
        self.map[page as usize] = Loc::WriteBuf(self.wbuf.len() as u32);
        self.wbuf.push((page, version));
        if self.wbuf.len() as u32 >= self.config.eb_pages {
            let mut guard = 2 * self.config.blocks;
            // A crash-safe layout keeps one free block for the pack log's head.
            while self.free.len() <= usize::from(self.crash_safe) {
                self.pack_step()?;
                guard = guard.checked_sub(1).ok_or(FlashLogError::DeviceFull)?;
            }
            let chunk = std::mem::take(&mut self.wbuf);
            self.counters.appended_pages += chunk.len() as u64;
            self.append_chunk(&chunk, LogId::Append)?;
        }
        Ok(())
    }

    /// `write`, then pack while due.
    pub fn write_auto(&mut self, page: u32, version: u32) -> Result<(), FlashLogError> {
        self.write(page, version)?;
        let mut guard = 2 * self.config.blocks;
        while self.pack_due() {
            self.pack_step()?;
            guard = guard.checked_sub(1).ok_or(FlashLogError::DeviceFull)?;
        }
        Ok(())
    }

    pub fn pack_due(&self) -> bool {
        self.free.len() as u32 <= self.config.low_watermark_blocks
    }

    fn invalidate(&mut self, slot: u32) {
        let block = slot / self.config.eb_pages;
        debug_assert!(self.slot_page[slot as usize] != NO_PAGE);
        self.slot_page[slot as usize] = NO_PAGE;
        self.block_valid[block as usize] -= 1;
    }

    /// A re-written page's packed copy dies in the pack buffer (its slot will stay invalid).
    fn remove_from_pbuf(&mut self, i: usize) {
        self.pbuf[i].0 = NO_PAGE;
    }

    /// One whole block: the first free block becomes the head of `log`.
    fn append_chunk(&mut self, chunk: &[(u32, u32)], log: LogId) -> Result<(), FlashLogError> {
        let block = *self.free.front().ok_or(FlashLogError::DeviceFull)?;
        self.spend_power(Some((block, chunk, log)))?;
        self.free.pop_front();
        let eb = self.config.eb_pages;
        debug_assert!(chunk.len() as u32 <= eb);
        self.chunk_seq += 1;
        self.write_headers(block, chunk, log, eb);
        let mut live = 0;
        for (k, &(page, version)) in chunk.iter().enumerate() {
            if page == NO_PAGE {
                continue; // Died in the pack buffer.
            }
            let slot = block * eb + k as u32;
            self.slot_page[slot as usize] = page;
            self.slot_version[slot as usize] = version;
            self.map[page as usize] = Loc::Slot(slot);
            if self.crash_safe {
                self.durable_slot[page as usize] = slot;
            }
            live += 1;
        }
        self.block_valid[block as usize] = live;
        self.block_log[block as usize] = Some(log);
        match log {
            LogId::Append => self.append_log.push_back(block),
            LogId::Pack => self.pack_log.push_back(block),
        }
        self.counters.device_pages_written += u64::from(eb);
        if log == LogId::Pack {
            self.counters.packed_pages += u64::from(live);
            self.counters.pack_dead_pages += chunk.len() as u64 - u64::from(live);
        }
        self.ops.push(DeviceOp::WriteChunk { block, log });
        Ok(())
    }

    pub(super) fn tail(&self, log: LogId) -> Option<Tail> {
        let blocks = match log {
            LogId::Append => &self.append_log,
            LogId::Pack => &self.pack_log,
        };
        blocks.front().map(|&b| Tail {
            log,
            valid_pages: self.block_valid[b as usize],
        })
    }

    /// Step 3: reclaims one block.
    pub fn pack_step(&mut self) -> Result<(), FlashLogError> {
        if self.crash_safe {
            return self.pack_step_crash_safe();
        }
        let block = self.take_victim()?;
        let eb = self.config.eb_pages;
        for slot in block * eb..(block + 1) * eb {
            let page = self.slot_page[slot as usize];
            if page == NO_PAGE {
                continue;
            }
            self.ops.push(DeviceOp::ReadPage { slot });
            self.map[page as usize] = Loc::PackBuf(self.pbuf.len() as u32);
            self.pbuf.push((page, self.slot_version[slot as usize]));
            self.slot_page[slot as usize] = NO_PAGE;
            self.counters.pack_reads += 1;
        }
        self.erase(block)?;
        while self.pbuf.len() as u32 >= eb {
            let rest = self.pbuf.split_off(eb as usize);
            let chunk = std::mem::replace(&mut self.pbuf, rest);
            for (k, &(p, _)) in self.pbuf.iter().enumerate() {
                if p != NO_PAGE {
                    self.map[p as usize] = Loc::PackBuf(k as u32);
                }
            }
            self.append_chunk(&chunk, LogId::Pack)?;
        }
        Ok(())
    }

    /// The device operations since the last call (a driver times them).
    pub fn drain_ops(&mut self) -> Vec<DeviceOp> {
        std::mem::take(&mut self.ops)
    }

    /// Step 4: (version, slot read from the device if any).
    pub fn read(&self, page: u32) -> Result<(u32, Option<u32>), FlashLogError> {
        self.check_page(page)?;
        Ok(match self.map[page as usize] {
            Loc::Unwritten => (NO_VERSION, None),
            Loc::WriteBuf(i) => (self.wbuf[i as usize].1, None),
            Loc::PackBuf(i) => (self.pbuf[i as usize].1, None),
            Loc::Slot(s) => (self.slot_version[s as usize], Some(s)),
        })
    }

    /// Write amplification of packing: device pages written / pages appended by the user
    /// (dead pack-buffer slots count: they take device space).
    pub fn write_amplification(&self) -> f64 {
        let c = self.counters;
        if c.appended_pages == 0 {
            1.0
        } else {
            c.device_pages_written as f64 / c.appended_pages as f64
        }
    }

    /// Over the operations since `before` (a copy of the counters): measured write
    /// amplification, mean victim valid fraction u and 1/(1 − u).
    pub fn write_amplification_since(&self, before: &ApCounters) -> (f64, f64, f64) {
        let c = self.counters;
        let appended = c.appended_pages - before.appended_pages;
        let device = c.device_pages_written - before.device_pages_written;
        let steps = c.pack_steps - before.pack_steps;
        let valid = c.victim_valid_pages - before.victim_valid_pages;
        let measured = device as f64 / appended.max(1) as f64;
        let u = valid as f64 / (steps * u64::from(self.config.eb_pages)).max(1) as f64;
        (measured, u, 1.0 / (1.0 - u))
    }

    /// The mean valid fraction of reclaimed append-log tails.
    pub fn append_tail_valid_fraction(&self) -> f64 {
        let c = self.counters;
        c.append_victim_valid_pages as f64
            / (c.append_victims * u64::from(self.config.eb_pages)).max(1) as f64
    }

    /// The mean valid fraction u of reclaimed blocks and the model's 1/(1 − u).
    pub fn model_write_amplification(&self) -> (f64, f64) {
        let c = self.counters;
        if c.pack_steps == 0 {
            return (0.0, 1.0);
        }
        let u =
            c.victim_valid_pages as f64 / (c.pack_steps * u64::from(self.config.eb_pages)) as f64;
        (u, 1.0 / (1.0 - u))
    }
}
