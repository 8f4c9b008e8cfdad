//! A page-mapped FTL: logical-to-physical map, out-of-place writes, TRIM, garbage collection and
//! wear levelling, over flat arrays so that millions of writes per second are possible.
//!
//! 1. Maps: `l2p[lba]` is a physical page or `UNMAPPED`; `p2l[ppn]` is the LBA stored there,
//!    `PAGE_INVALID` (superseded data) or `PAGE_FREE` (erased). `page_version[ppn]` is the data
//!    itself: the version (op index) the host wrote, copied by GC, returned by reads.
//! 2. Write (out of place): invalidate the old copy, pick a die (static: channel-first striping;
//!    dynamic: the die the timing model says is free first), skipping a die whose headroom,
//!    physical − valid pages, is down to 2 blocks; program the next page of the die's write
//!    point; then, if the die's free blocks fell below the low watermark, run GC there. The host
//!    page is not held up by the GC it triggers, but the die is. Host and GC writes share the
//!    write point (as in calibration.md C4).
//! 3. GC (per die, Kawaguchi et al. 1995 / MQSim style, in `gc.rs`): while free blocks are
//!    below the high watermark, ask the policy (`gc_policy`) for a victim, copy its valid pages
//!    to the write point, erase it. It runs on the die right after the host page that triggered
//!    it: later requests for that die wait, the triggering page does not.
//! 4. Wear levelling: dynamic = the free pool hands out the least-worn block (`blocks.rs`);
//!    static = after an erase on a die, if max − min erase count on it exceeds the threshold, the
//!    coldest closed block is migrated (copied out and erased) so it can take hot data.
//! 5. Every physical action is appended to an `OpLog` for the timing model and the trace.
//! 6. Durable state (`recovery.rs`): every program also writes the page's out-of-band area,
//!    (LBA, write sequence number) in `oob_lba`/`oob_seq`, and an erase clears it; a TRIM of a
//!    mapped LBA appends a trim record (`trim_seq`). The maps above are DRAM and are lost by a
//!    power cut (`power_budget`), after which the map is rebuilt by scanning the OOB.
//!
//! Why the headroom rule and `low watermark ≥ 2` are enough for GC never to run dry: a victim
//! with v < pages_per_block valid pages fits in the write point plus one free block, and erasing
//! it returns that block, so free blocks never fall during GC; GC starts with ≥ 1 free block, or
//! with none only right after the host page opened a fresh write point (ppb − 1 pages of room).
//! A die with more than 2 blocks of headroom has an invalid page somewhere (progress) or ≥ 2
//! free blocks, so GC leaves ≥ 1. Validation keeps spare pages > dies × (high watermark + 1)
//! blocks, so some die always has that headroom.

use thiserror::Error;

use super::blocks::{BlockState, Blocks, NIL};
use super::die_clock::{DieClock, MAX_BUSY_NS, OFFSET_BITS};
use super::gc_policy::{DieSnapshot, Victim, VictimPolicy};
use super::geometry::Geometry;
use super::oplog::{OpLog, PhysOp};

pub const UNMAPPED: u32 = u32::MAX;
pub const PAGE_FREE: u32 = u32::MAX;
pub const PAGE_INVALID: u32 = u32::MAX - 1;
/// The version of a page never written (or trimmed since).
pub const NO_VERSION: u32 = u32::MAX;
/// `oob_lba` of a page whose program a power cut tore (its ECC fails: unreadable).
pub const OOB_TORN: u32 = u32::MAX - 1;
/// `power_budget` when no power cut is planned.
pub const NO_POWER_CUT: u64 = u64::MAX;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FtlError {
    #[error("no die has room for another page (device full)")]
    DeviceFull,
    #[error("die {die} has no free block left for its write point")]
    NoFreeBlock { die: u32 },
    #[error("power was cut before a flash operation (crash injection)")]
    PowerLoss,
}

/// Where host pages go (`params.write_allocation`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "SsdWriteAllocation")]
pub enum WriteAllocation {
    /// The die that becomes free first (ties in striping order): random writes flow around
    /// dies busy with GC.
    #[default]
    Dynamic,
    /// Channel-first round-robin striping, whatever the dies are doing.
    Static,
}

/// FTL policy settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FtlConfig {
    pub policy: VictimPolicy,
    pub allocation: WriteAllocation,
    /// GC starts when a die has fewer free blocks than this (≥ 2).
    pub gc_low_watermark: u32,
    /// GC stops once the die has this many free blocks (≥ low).
    pub gc_high_watermark: u32,
    pub dynamic_wear_leveling: bool,
    /// Static wear levelling: migrate cold data when max − min erase count exceeds this.
    pub static_wear_threshold: Option<u32>,
}

impl Default for FtlConfig {
    fn default() -> Self {
        Self {
            policy: VictimPolicy::Greedy,
            allocation: WriteAllocation::Dynamic,
            gc_low_watermark: 2,
            gc_high_watermark: 2,
            dynamic_wear_leveling: true,
            static_wear_threshold: None,
        }
    }
}

/// Cumulative counts (pages unless named otherwise).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    pub host_writes: u64,
    pub flash_programs: u64,
    pub relocations: u64,
    pub erases: u64,
    pub gc_victims: u64,
    pub wear_moves: u64,
    pub trimmed: u64,
}

#[derive(Debug, Clone)]
pub struct Ftl {
    pub geometry: Geometry,
    pub config: FtlConfig,
    pub l2p: Vec<u32>,
    pub p2l: Vec<u32>,
    pub page_version: Vec<u32>,
    pub blocks: Blocks,
    /// The write point (active block) of each die, or NIL.
    pub active: Vec<u32>,
    pub die_valid: Vec<u32>,
    pub counters: Counters,
    /// The latest victim and its die, for the view.
    pub last_victim: Option<(u32, Victim)>,
    /// Programs of a page that was not erased: must stay 0.
    pub double_programs: u64,
    pub(super) max_erase: Vec<u32>,
    pub(super) wear_check_due: Vec<bool>,
    /// Out-of-band area of each physical page (on flash): the LBA stored there, `PAGE_FREE`
    /// once erased, `OOB_TORN` if a power cut tore its program.
    pub oob_lba: Vec<u32>,
    /// Out-of-band write sequence number of each physical page (on flash; 0 once erased).
    pub oob_seq: Vec<u64>,
    /// The trim journal (on flash): per LBA, the sequence number of its latest TRIM, or 0.
    pub trim_seq: Vec<u64>,
    /// The last sequence number handed out (programs and TRIMs share it).
    pub write_seq: u64,
    /// Flash operations left before the injected power cut (`NO_POWER_CUT`: none).
    pub(super) power_budget: u64,
    /// Whether the operation the power cut hits is a program that is torn (else not started).
    pub(super) tear_at_cut: bool,
    /// The next die in striping order (dies are numbered in that order).
    stripe_slot: usize,
    pub(super) mapped: u32,
    max_valid_per_die: u32,
}

impl Ftl {
    /// Approximate bytes of a clone: the three page maps and the per-block state.
    pub fn approx_bytes(&self) -> u64 {
        ((self.l2p.capacity()
            + self.p2l.capacity()
            + self.page_version.capacity()
            + self.oob_lba.capacity())
            * 4
            + (self.oob_seq.capacity() + self.trim_seq.capacity()) * 8
            + self.geometry.blocks() as usize * 32) as u64
    }

    pub fn new(geometry: Geometry, config: FtlConfig) -> Self {
        let dies = geometry.dies() as usize;
        Self {
            geometry,
            config,
            l2p: vec![UNMAPPED; geometry.logical_pages as usize],
            p2l: vec![PAGE_FREE; geometry.physical_pages() as usize],
            page_version: vec![NO_VERSION; geometry.physical_pages() as usize],
            blocks: Blocks::new(
                &geometry,
                config.dynamic_wear_leveling,
                config.policy == VictimPolicy::Fifo,
            ),
            active: vec![NIL; dies],
            die_valid: vec![0; dies],
            counters: Counters::default(),
            last_victim: None,
            double_programs: 0,
            max_erase: vec![0; dies],
            wear_check_due: vec![false; dies],
            oob_lba: vec![PAGE_FREE; geometry.physical_pages() as usize],
            oob_seq: vec![0; geometry.physical_pages() as usize],
            trim_seq: vec![0; geometry.logical_pages as usize],
            write_seq: 0,
            power_budget: NO_POWER_CUT,
            tear_at_cut: false,
            stripe_slot: 0,
            mapped: 0,
            max_valid_per_die: geometry
                .pages_per_die()
                .saturating_sub(2 * geometry.pages_per_block),
        }
    }

    /// LBAs currently mapped.
    pub fn mapped_pages(&self) -> u32 {
        self.mapped
    }

    /// Writes one logical page holding `version` on the next die in striping order; returns its
    /// new physical page.
    pub fn write(&mut self, lba: u32, version: u32, log: &mut OpLog) -> Result<u32, FtlError> {
        self.write_with(lba, version, None, log)
    }

    /// Writes one logical page; with `busy_until` (per die, from the timing model) the page goes
    /// to the die that is free first (dynamic allocation), ties in striping order.
    pub fn write_with(
        &mut self,
        lba: u32,
        version: u32,
        busy_until: Option<&[u64]>,
        log: &mut OpLog,
    ) -> Result<u32, FtlError> {
        let old = self.l2p[lba as usize];
        self.unmap(lba);
        let die = match busy_until {
            Some(busy) => self.pick_least_busy(busy)?,
            None => self.pick_die()?,
        };
        self.write_to_die(lba, old, version, die, log)
    }

    /// `write_with` with dynamic allocation over the timing model's `DieClock`: the same die
    /// as the scan over its free times, found in O(1) (the tree is updated as dies are booked).
    pub fn write_timed(
        &mut self,
        lba: u32,
        version: u32,
        clock: &mut DieClock,
        log: &mut OpLog,
    ) -> Result<u32, FtlError> {
        let old = self.l2p[lba as usize];
        self.unmap(lba);
        let die = self.pick_by_clock(clock)?;
        self.write_to_die(lba, old, version, die, log)
    }

    /// The rest of a host write once its die is chosen (`old`: the page it supersedes).
    fn write_to_die(
        &mut self,
        lba: u32,
        old: u32,
        version: u32,
        die: u32,
        log: &mut OpLog,
    ) -> Result<u32, FtlError> {
        self.counters.host_writes += 1;
        let ppn = self.program(die, lba, version)?;
        self.l2p[lba as usize] = ppn;
        // Step 1: the maps agree for the page just written (read back by `unmap`).
        debug_assert_eq!(
            self.p2l[ppn as usize], lba,
            "l2p[{lba}] = {ppn}, p2l disagrees"
        );
        self.die_valid[die as usize] += 1;
        self.mapped += 1;
        log.push(PhysOp::Program { lba, ppn, old });
        if self.blocks.free_count(die) < self.config.gc_low_watermark {
            self.collect(die, log)?;
        }
        if self.wear_check_due[die as usize] {
            self.level_wear(die, log)?;
        }
        Ok(ppn)
    }

    /// The physical page and version of `lba` (`UNMAPPED`, `NO_VERSION` if none).
    pub fn read(&self, lba: u32) -> (u32, u32) {
        let ppn = self.l2p[lba as usize];
        if ppn == UNMAPPED {
            (UNMAPPED, NO_VERSION)
        } else {
            (ppn, self.page_version[ppn as usize])
        }
    }

    /// TRIM of one logical page; returns whether a valid page was invalidated.
    pub fn trim(&mut self, lba: u32) -> bool {
        let was_mapped = self.unmap(lba);
        if was_mapped {
            // The trim record is journaled before the TRIM is acknowledged (step 6).
            self.write_seq += 1;
            self.trim_seq[lba as usize] = self.write_seq;
        }
        self.counters.trimmed += u64::from(was_mapped);
        was_mapped
    }

    fn unmap(&mut self, lba: u32) -> bool {
        let old = self.l2p[lba as usize];
        if old == UNMAPPED {
            return false;
        }
        // The maps agreed when `lba` was written (`write_with`, GC's relocation) and nothing
        // else moves a mapped page.
        debug_assert_eq!(
            self.p2l[old as usize], lba,
            "l2p[{lba}] = {old}, p2l disagrees"
        );
        self.p2l[old as usize] = PAGE_INVALID;
        let block = self.geometry.block_of_ppn(old);
        self.blocks.decrement_valid(block);
        self.die_valid[self.blocks.die_of(block) as usize] -= 1;
        self.l2p[lba as usize] = UNMAPPED;
        self.mapped -= 1;
        true
    }

    /// More than two blocks of the die are not holding valid data.
    fn has_headroom(&self, die: u32) -> bool {
        self.die_valid[die as usize] < self.max_valid_per_die
    }

    fn advance_stripe(&mut self, steps: usize) {
        self.stripe_slot = (self.stripe_slot + steps) % self.die_valid.len();
    }

    /// Static striping: the next die in channel-first order that has headroom.
    fn pick_die(&mut self) -> Result<u32, FtlError> {
        let n = self.die_valid.len();
        for offset in 0..n {
            let die = ((self.stripe_slot + offset) % n) as u32;
            if self.has_headroom(die) {
                self.advance_stripe(offset + 1);
                return Ok(die);
            }
        }
        Err(FtlError::DeviceFull)
    }

    /// Dynamic allocation: the die with headroom that is free first; ties go to the earliest in
    /// striping order from the current slot, so idle dies are still used round-robin.
    fn pick_least_busy(&mut self, busy_until: &[u64]) -> Result<u32, FtlError> {
        let n = self.die_valid.len();
        if busy_until.len() != n || n > 1 << OFFSET_BITS {
            return self.pick_die();
        }
        let limit = self.max_valid_per_die;
        let slot = self.stripe_slot;
        // The die with the smallest free time among those with headroom, visited in striping
        // order from the slot so that the first of equals wins (ties go round-robin); a die
        // without headroom never wins. Free times are clipped to `MAX_BUSY_NS` as the packed
        // key (free time, offset) of earlier versions did, so the choice is the same. One
        // branch-free pass (compare and conditional moves).
        let eligible = |valid: u32, busy: u64| -> u64 {
            if valid < limit {
                busy.min(MAX_BUSY_NS)
            } else {
                u64::MAX
            }
        };
        let (valid_before, valid_after) = self.die_valid.split_at(slot);
        let (busy_before, busy_after) = busy_until.split_at(slot);
        let mut best = u64::MAX;
        let mut best_die = usize::MAX;
        for (i, (&v, &b)) in valid_after.iter().zip(busy_after).enumerate() {
            let key = eligible(v, b);
            let better = key < best;
            best = if better { key } else { best };
            best_die = if better { slot + i } else { best_die };
        }
        for (i, (&v, &b)) in valid_before.iter().zip(busy_before).enumerate() {
            let key = eligible(v, b);
            let better = key < best;
            best = if better { key } else { best };
            best_die = if better { i } else { best_die };
        }
        if best_die >= n {
            return Err(FtlError::DeviceFull);
        }
        let die = best_die;
        self.stripe_slot = if die + 1 == n { 0 } else { die + 1 };
        Ok(die as u32)
    }

    /// Dynamic allocation through the clock's tree: its die free first (ties in striping order
    /// from the slot) is the scan's choice whenever it has headroom, since the scan only drops
    /// dies without headroom; when it has none, the scan decides.
    fn pick_by_clock(&mut self, clock: &mut DieClock) -> Result<u32, FtlError> {
        let n = self.die_valid.len();
        if clock.len() != n || n > 1 << OFFSET_BITS {
            return self.pick_die();
        }
        match clock.first_free_from(self.stripe_slot) {
            Some(die) if die < n && self.has_headroom(die as u32) => {
                self.stripe_slot = if die + 1 == n { 0 } else { die + 1 };
                Ok(die as u32)
            }
            _ => self.pick_least_busy(clock.as_slice()),
        }
    }

    /// Programs the next page of the die's write point (opening a block if needed).
    pub(super) fn program(&mut self, die: u32, lba: u32, version: u32) -> Result<u32, FtlError> {
        let mut block = self.active[die as usize];
        if block == NIL {
            block = self.open_write_point(die)?;
        }
        let b = block as usize;
        let ppn = self.geometry.ppn(block, self.blocks.write_ptr[b]);
        self.spend_power(Some(ppn))?;
        // Flash pages are programmed once between erases; the counter keeps the check in
        // release and wasm builds too (invariant `no_page_programmed_twice`).
        debug_assert_eq!(
            self.p2l[ppn as usize], PAGE_FREE,
            "page {ppn} programmed twice"
        );
        if self.p2l[ppn as usize] != PAGE_FREE {
            self.double_programs += 1;
        }
        self.p2l[ppn as usize] = lba;
        self.page_version[ppn as usize] = version;
        self.write_seq += 1;
        self.oob_lba[ppn as usize] = lba;
        self.oob_seq[ppn as usize] = self.write_seq;
        self.blocks.write_ptr[b] += 1;
        self.blocks.valid[b] += 1;
        // A block's valid pages are among its programmed pages, which never exceed its size.
        debug_assert!(
            self.blocks.valid[b] <= self.blocks.write_ptr[b]
                && self.blocks.write_ptr[b] <= self.geometry.pages_per_block,
            "block {block}: {} valid of {} programmed pages",
            self.blocks.valid[b],
            self.blocks.write_ptr[b]
        );
        self.counters.flash_programs += 1;
        if self.blocks.write_ptr[b] == self.geometry.pages_per_block {
            self.blocks.close(block, self.counters.host_writes);
            self.active[die as usize] = NIL;
        }
        Ok(ppn)
    }

    /// A fresh write point for `die` (once per block's worth of programs: out of line, so that
    /// the common path of `program` stays small).
    #[inline(never)]
    fn open_write_point(&mut self, die: u32) -> Result<u32, FtlError> {
        let block = self.blocks.open(die).ok_or(FtlError::NoFreeBlock { die })?;
        self.active[die as usize] = block;
        Ok(block)
    }

    /// A read-only snapshot of one die for the policies.
    pub fn snapshot(&self, die: u32) -> DieSnapshot<'_> {
        DieSnapshot {
            blocks: &self.blocks,
            die,
            now_stamp: self.counters.host_writes,
        }
    }

    /// Write amplification so far: flash programs / host writes (1 before any write).
    pub fn write_amplification(&self) -> f64 {
        if self.counters.host_writes == 0 {
            1.0
        } else {
            self.counters.flash_programs as f64 / self.counters.host_writes as f64
        }
    }

    /// Free blocks over all dies.
    pub fn free_blocks(&self) -> u32 {
        (0..self.geometry.dies())
            .map(|d| self.blocks.free_count(d))
            .sum()
    }

    /// Page state code for the view: 0 free, 1 valid, 2 invalid.
    pub fn page_state(&self, ppn: u32) -> u8 {
        match self.p2l[ppn as usize] {
            PAGE_FREE => 0,
            PAGE_INVALID => 2,
            _ => 1,
        }
    }

    /// Is `block` a write point?
    pub fn is_active(&self, block: u32) -> bool {
        self.blocks.state[block as usize] == BlockState::Active
    }
}
