//! NoFTL: the DBMS manages raw flash directly, one region at a time (seed 004 §5, Fig. 3;
//! digest §3.4, §3.6, §8 #12, #20).
//!
//! 1. A region has an IPA mode: `Slc` (SLC device, appends on every page), `PSlc` (MLC device,
//!    only LSB pages used: half the capacity, appends everywhere), `OddMlc` (MLC, every page
//!    used, appends only on LSB pages; MSB pages are always written out of place, App. C.2;
//!    step 5 pairs them so every DB page takes appends), or
//!    `NoIpa` (never appends). Its logical capacity is the usable pages less over-provisioning.
//! 2. Page-level mapping L2P / P2L. `write_page` is an out-of-place write: the next free page of
//!    the active block in program order (pSLC skips MSB pages), the old copy invalidated.
//!    `write_delta(lba, offset, bytes)` (§7) appends into the *same* physical page: no mapping
//!    change, no invalidation, never GC (invariant 13).
//! 3. GC (greedy, watermarks): when opening a block would leave fewer than `gc_low_blocks`
//!    free blocks, collect until `gc_high_blocks` are free. A victim is the full block with
//!    fewest valid pages; each valid page is migrated as its raw image (base + delta records,
//!    digest §8 #12 default, so N_E is kept), then the block is erased (erase count + 1).
//!    `gc_step` does one migration or one erase, so a lab can animate it.
//! 4. Invariants (digest §5 #16–#17): each mapped LBA has exactly one valid page and back;
//!    valid counts match; a block is erased only with zero valid pages.
//! 5. App. C.2 page mapping (`NoFtl::paired`, odd-MLC): a DB page spans two adjacent flash
//!    pages in program order, slot k = pages (2k, 2k + 1) of half the DB page each. In the
//!    shadow order L0, L1, M0, L2, M1, … page 2k + 1 is an LSB page for every k < L − 1, so the
//!    DB page's second half — the one holding the delta area — always sits on an LSB page and
//!    every DB page can take appends (C.2: "IPA can be applied to all logical DB pages"). The
//!    block's last pair (M(L−2), M(L−1), both MSB) holds no DB page: L − 1 slots per block.
//!    A `Ppa` names the slot's first page; `delta_page` the LSB page that takes the appends.
//!    An append to an LSB page whose MSB page is already programmed is still a charge rise
//!    (the lower page splits the levels into {ER, P1} and {P2, P3}), so the byte model accepts it.

use std::borrow::Cow;
use std::collections::VecDeque;

use super::error::IpaError;
use super::flash::Flash;
use crate::device::nand::CellType;

/// `IPA_MODE` of a region (digest §8 #20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IpaMode {
    NoIpa,
    Slc,
    PSlc,
    OddMlc,
}

/// A physical page address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ppa {
    pub block: usize,
    pub page: usize,
}

/// Flash-side counters of a region.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FlashCounters {
    pub host_page_reads: u64,
    pub host_page_writes: u64,
    pub write_deltas: u64,
    pub gc_migrations: u64,
    pub erases: u64,
}

impl FlashCounters {
    /// The counts accumulated since `before`.
    pub fn since(&self, before: &FlashCounters) -> FlashCounters {
        FlashCounters {
            host_page_reads: self.host_page_reads - before.host_page_reads,
            host_page_writes: self.host_page_writes - before.host_page_writes,
            write_deltas: self.write_deltas - before.write_deltas,
            gc_migrations: self.gc_migrations - before.gc_migrations,
            erases: self.erases - before.erases,
        }
    }
}

/// One flash operation, journaled for a stepping view (`NoFtl::journal`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlashOp {
    /// An out-of-place host write of `lba` to `to` (`from` = its previous page, now invalid).
    Program {
        lba: u32,
        from: Option<Ppa>,
        to: Ppa,
    },
    /// A `write_delta` of `after` at byte `offset` of `at`; `before` = those bytes just before.
    Append {
        lba: u32,
        at: Ppa,
        offset: usize,
        before: Vec<u8>,
        after: Vec<u8>,
    },
    /// A GC page migration.
    Migrate { lba: u32, from: Ppa, to: Ppa },
    /// A block erase; `erase_count` after it.
    Erase { block: usize, erase_count: u64 },
}

/// One GC action, for a stepping view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GcAction {
    Migrated { lba: u32, from: Ppa, to: Ppa },
    Erased { block: usize, erase_count: u64 },
    Idle,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NoFtl {
    pub flash: Flash,
    pub mode: IpaMode,
    pub l2p: Vec<Option<Ppa>>,
    /// Owner LBA of each valid physical page.
    pub p2l: Vec<Vec<Option<u32>>>,
    pub valid_count: Vec<usize>,
    pub free_blocks: VecDeque<usize>,
    /// Active block and the index of its next usable page.
    pub active: Option<(usize, usize)>,
    /// Pages of a block this region programs, in program order.
    pub usable_pages: Vec<usize>,
    pub gc_low_blocks: usize,
    pub gc_high_blocks: usize,
    pub victim: Option<usize>,
    pub counters: FlashCounters,
    /// Every flash operation since the journal was last drained (`None` = not recording).
    pub journal: Option<Vec<FlashOp>>,
    /// Step 5: a DB page spans the flash pages (2k, 2k + 1) of slot k.
    pub pairs: bool,
}

impl NoFtl {
    /// A region over `flash` with `over_provisioning` (0.1 = 10 %) spare capacity.
    pub fn new(flash: impl Into<Flash>, mode: IpaMode, over_provisioning: f64) -> Self {
        let flash: Flash = flash.into();
        let usable_pages: Vec<usize> = (0..flash.pages_per_block())
            .filter(|&p| mode != IpaMode::PSlc || flash.is_lsb(p))
            .collect();
        let blocks = flash.block_count();
        let physical = blocks * usable_pages.len();
        // Keep at least three blocks' worth of pages spare: one free block is reserved for GC
        // migrations and greedy GC must be able to gather another from invalid pages.
        let spare = ((physical as f64 * over_provisioning) as usize).max(3 * usable_pages.len());
        let logical = physical.saturating_sub(spare);
        Self {
            l2p: vec![None; logical],
            p2l: vec![vec![None; flash.pages_per_block()]; blocks],
            valid_count: vec![0; blocks],
            free_blocks: (0..blocks).collect(),
            active: None,
            usable_pages,
            gc_low_blocks: 2,
            gc_high_blocks: 3,
            victim: None,
            counters: FlashCounters::default(),
            journal: None,
            pairs: false,
            flash,
            mode,
        }
    }

    /// Step 5: an odd-MLC region whose DB pages span an (MSB or LSB, LSB) pair of flash pages
    /// of `flash.page_bytes()` each (the DB page is twice that).
    pub fn paired(flash: impl Into<Flash>, over_provisioning: f64) -> Result<Self, IpaError> {
        let flash: Flash = flash.into();
        if flash.cell_type() != CellType::Mlc {
            return Err(IpaError::PairsNeedMlc);
        }
        // Slots in program order while their second page is an LSB page (all but the last).
        let slots: Vec<usize> = (0..flash.pages_per_block() / 2)
            .take_while(|&k| flash.is_lsb(2 * k + 1))
            .map(|k| 2 * k)
            .collect();
        let mut ftl = Self::new(flash, IpaMode::OddMlc, over_provisioning);
        let physical = ftl.flash.block_count() * slots.len();
        let spare = ((physical as f64 * over_provisioning) as usize).max(3 * slots.len());
        ftl.l2p = vec![None; physical.saturating_sub(spare)];
        ftl.usable_pages = slots;
        ftl.pairs = true;
        Ok(ftl)
    }

    /// Flash pages one DB page occupies.
    pub fn pages_per_db_page(&self) -> usize {
        if self.pairs { 2 } else { 1 }
    }

    /// The flash page of `ppa`'s DB page that holds its delta area (step 5).
    pub fn delta_page(&self, ppa: Ppa) -> usize {
        ppa.page + self.pages_per_db_page() - 1
    }

    /// Byte of the DB page where the delta page starts (0 without pairs).
    pub fn delta_page_start(&self) -> usize {
        if self.pairs {
            self.flash.page_bytes()
        } else {
            0
        }
    }

    pub fn logical_pages(&self) -> usize {
        self.l2p.len()
    }

    /// Whether the page holding `lba` can take a `write_delta` (NOP left, mode, LSB rule).
    pub fn can_append(&self, lba: u32) -> bool {
        let Some(Some(ppa)) = self.l2p.get(lba as usize) else {
            return false;
        };
        let page = self.delta_page(*ppa);
        // The device's NOP must leave one more program on this page (NOP = 1: IPA cannot work).
        if self.flash.programs(ppa.block, page) >= self.flash.config().nop {
            return false;
        }
        match self.mode {
            IpaMode::NoIpa => false,
            IpaMode::Slc | IpaMode::PSlc => true,
            IpaMode::OddMlc => self.flash.cell_type() == CellType::Slc || self.flash.is_lsb(page),
        }
    }

    /// Raw image of `lba` (one host read).
    pub fn read(&mut self, lba: u32) -> Result<Vec<u8>, IpaError> {
        let mut image = Vec::new();
        self.read_into(lba, &mut image)?;
        Ok(image)
    }

    /// `read` into `image` (resized to the page; a buffer the caller reuses).
    pub fn read_into(&mut self, lba: u32, image: &mut Vec<u8>) -> Result<(), IpaError> {
        let ppa = self.ppa(lba)?;
        self.counters.host_page_reads += 1;
        image.clear();
        for page in ppa.page..ppa.page + self.pages_per_db_page() {
            image.extend_from_slice(&self.flash.read(ppa.block, page)?);
        }
        Ok(())
    }

    /// Raw image without counting (views, checks).
    pub fn peek(&self, lba: u32) -> Result<Cow<'_, [u8]>, IpaError> {
        let ppa = self.ppa(lba)?;
        if !self.pairs {
            return Ok(self.flash.read(ppa.block, ppa.page)?);
        }
        let mut image = self.flash.read(ppa.block, ppa.page)?.into_owned();
        image.extend_from_slice(&self.flash.read(ppa.block, ppa.page + 1)?);
        Ok(Cow::Owned(image))
    }

    pub fn ppa(&self, lba: u32) -> Result<Ppa, IpaError> {
        self.l2p
            .get(lba as usize)
            .copied()
            .flatten()
            .ok_or(IpaError::Unmapped { lba })
    }

    /// Out-of-place write of a whole page image.
    pub fn write_page(&mut self, lba: u32, image: &[u8]) -> Result<Ppa, IpaError> {
        if lba as usize >= self.l2p.len() {
            return Err(IpaError::Unmapped { lba });
        }
        self.ensure_free()?;
        let to = self.alloc()?;
        if self.pairs {
            let (first, second) = image.split_at(image.len().min(self.flash.page_bytes()));
            self.flash.program(to.block, to.page, first)?;
            self.flash.program(to.block, to.page + 1, second)?;
        } else {
            self.flash.program(to.block, to.page, image)?;
        }
        let from = self.l2p[lba as usize];
        self.remap(lba, to);
        self.counters.host_page_writes += 1;
        self.record(FlashOp::Program { lba, from, to });
        Ok(to)
    }

    /// In-place append (§7 `write_delta`): same physical page, mapping unchanged.
    pub fn write_delta(&mut self, lba: u32, offset: usize, bytes: &[u8]) -> Result<Ppa, IpaError> {
        let ppa = self.ppa(lba)?;
        // Step 5: the delta area lies on the slot's second (LSB) page.
        let (page, at) = (
            self.delta_page(ppa),
            offset
                .checked_sub(self.delta_page_start())
                .ok_or(IpaError::AppendOffLsbHalf { lba, offset })?,
        );
        let before = if self.journal.is_some() {
            let raw = self.flash.read(ppa.block, page)?;
            raw.get(at..at + bytes.len())
                .map(<[u8]>::to_vec)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        self.flash.append((ppa.block, page), at, bytes)?;
        self.counters.write_deltas += 1;
        if self.journal.is_some() {
            self.record(FlashOp::Append {
                lba,
                at: ppa,
                offset,
                before,
                after: bytes.to_vec(),
            });
        }
        Ok(ppa)
    }

    fn record(&mut self, op: FlashOp) {
        if let Some(j) = self.journal.as_mut() {
            j.push(op);
        }
    }

    fn remap(&mut self, lba: u32, to: Ppa) {
        let n = self.pages_per_db_page();
        if let Some(old) = self.l2p[lba as usize] {
            self.p2l[old.block][old.page..old.page + n].fill(None);
            self.valid_count[old.block] -= 1;
        }
        self.p2l[to.block][to.page..to.page + n].fill(Some(lba));
        self.valid_count[to.block] += 1;
        self.l2p[lba as usize] = Some(to);
    }

    /// The next page in program order, opening a free block when needed.
    fn alloc(&mut self) -> Result<Ppa, IpaError> {
        if let Some((block, next)) = self.active
            && next < self.usable_pages.len()
        {
            self.active = Some((block, next + 1));
            return Ok(Ppa {
                block,
                page: self.usable_pages[next],
            });
        }
        let block = self.free_blocks.pop_front().ok_or(IpaError::DeviceFull)?;
        self.active = Some((block, 1));
        Ok(Ppa {
            block,
            page: self.usable_pages[0],
        })
    }

    fn active_has_room(&self) -> bool {
        self.active
            .is_some_and(|(_, n)| n < self.usable_pages.len())
    }

    /// Runs GC before a host write would open a block with fewer than `gc_low_blocks` free:
    /// whole victims until `gc_high_blocks` are free (or no victim gains space). A host write
    /// never takes the last free block, so a migration always has somewhere to go.
    fn ensure_free(&mut self) -> Result<(), IpaError> {
        // A victim left half-migrated by `gc_step` callers is finished first, so host writes
        // never take the pages its migrations need.
        if self.victim.is_some() {
            self.collect_one()?;
        }
        if self.active_has_room() || self.free_blocks.len() >= self.gc_low_blocks {
            return Ok(());
        }
        let mut victims = 0;
        while self.free_blocks.len() < self.gc_high_blocks && victims < 4 * self.flash.block_count()
        {
            if !self.collect_one()? {
                break;
            }
            victims += 1;
        }
        if self.free_blocks.len() < 2 {
            return Err(IpaError::DeviceFull);
        }
        Ok(())
    }

    /// GC steps until one victim is erased; false if there is no victim.
    pub fn collect_one(&mut self) -> Result<bool, IpaError> {
        loop {
            match self.gc_step()? {
                GcAction::Idle => return Ok(false),
                GcAction::Erased { .. } => return Ok(true),
                GcAction::Migrated { .. } => {}
            }
        }
    }

    /// Whether a stepping lab should do one background GC step now (one migration or erase per
    /// step, so the view can animate GC): a victim is half-collected, or free blocks are below
    /// the high watermark and the greedy victim would gain at least half a block.
    pub fn background_gc_due(&self) -> bool {
        if self.victim.is_some() {
            return true;
        }
        !self.free_blocks.is_empty()
            && self.free_blocks.len() < self.gc_high_blocks
            && self
                .pick_victim()
                .is_some_and(|v| self.valid_count[v] * 2 <= self.usable_pages.len())
    }

    /// Greedy victim: the non-active, non-free block with the fewest valid pages, if erasing it
    /// gains space.
    pub fn pick_victim(&self) -> Option<usize> {
        let active = self.active.map(|(b, _)| b);
        (0..self.flash.block_count())
            .filter(|&b| Some(b) != active && !self.free_blocks.contains(&b))
            .filter(|&b| self.valid_count[b] < self.usable_pages.len())
            .min_by_key(|&b| (self.valid_count[b], b))
    }

    /// One GC action: migrate the victim's next valid page, or erase it when empty.
    pub fn gc_step(&mut self) -> Result<GcAction, IpaError> {
        let victim = match self.victim {
            Some(v) => v,
            None => match self.pick_victim() {
                Some(v) => {
                    self.victim = Some(v);
                    v
                }
                None => return Ok(GcAction::Idle),
            },
        };
        let needs_block = !self.active_has_room() && self.free_blocks.is_empty();
        if needs_block && self.valid_count[victim] > 0 {
            // Host writes since this victim was chosen may have emptied another block: erase
            // that one first so the migration has a page to go to.
            let active = self.active.map(|(b, _)| b);
            let empty = (0..self.flash.block_count()).find(|&b| {
                self.valid_count[b] == 0 && Some(b) != active && !self.free_blocks.contains(&b)
            });
            return match empty {
                Some(block) => self.erase_block(block),
                None => Err(IpaError::DeviceFull),
            };
        }
        if let Some(page) = self.p2l[victim].iter().position(Option::is_some) {
            let lba = self.p2l[victim][page].ok_or(IpaError::DeviceFull)?;
            let from = Ppa {
                block: victim,
                page,
            };
            let to = self.alloc()?;
            for half in 0..self.pages_per_db_page() {
                self.flash
                    .copy_page((victim, page + half), (to.block, to.page + half))?;
            }
            self.remap(lba, to);
            self.counters.gc_migrations += 1;
            self.record(FlashOp::Migrate { lba, from, to });
            return Ok(GcAction::Migrated { lba, from, to });
        }
        self.victim = None;
        self.erase_block(victim)
    }

    /// Erases a block that holds no valid page and returns it to the free list.
    fn erase_block(&mut self, block: usize) -> Result<GcAction, IpaError> {
        debug_assert_eq!(self.valid_count[block], 0);
        let erase_count = self.flash.erase(block)?;
        self.counters.erases += 1;
        self.free_blocks.push_back(block);
        self.record(FlashOp::Erase { block, erase_count });
        Ok(GcAction::Erased { block, erase_count })
    }

    /// Digest §5 #16–#17 plus the flash model's own checks.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut valid = vec![0usize; self.valid_count.len()];
        for (lba, ppa) in self.l2p.iter().enumerate() {
            if let Some(p) = ppa {
                let pages = p.page..p.page + self.pages_per_db_page();
                if self.p2l[p.block][pages]
                    .iter()
                    .any(|&o| o != Some(lba as u32))
                {
                    return Err(format!("lba {lba} -> {p:?} but P2L disagrees"));
                }
                valid[p.block] += 1;
            }
        }
        if valid != self.valid_count {
            return Err("valid-page counts disagree with the mapping".into());
        }
        for &b in &self.free_blocks {
            if self.flash.block_programmed(b) {
                return Err(format!("free block {b} holds programmed pages"));
            }
        }
        let erases: u64 = self.flash.total_erases();
        if erases != self.counters.erases {
            return Err(format!(
                "Σ erase counts {erases} != erases {}",
                self.counters.erases
            ));
        }
        self.flash.check_invariants()
    }
}
