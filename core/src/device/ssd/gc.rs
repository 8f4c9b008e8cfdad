//! Garbage collection and static wear levelling: the mechanism half (the policies that choose
//! victims are in `gc_policy`).
//!
//! 1. `collect(die)`: while the die has fewer free blocks than the high watermark, ask the
//!    policy for a victim; a victim without an invalid page cannot free anything, so greedy is
//!    asked instead, and if even it finds none GC stops. Rounds are capped at the die's block
//!    count.
//! 2. `evacuate(victim)`: copy each valid page to the die's write point (updating both maps and
//!    carrying the page's version), mark the victim's pages erased, erase it (its count + 1)
//!    and return it to the free pool. Every copy and the erase go to the `OpLog`.
//! 3. `level_wear(die)`: after an erase on the die, if its max − min erase count exceeds the
//!    threshold, migrate the coldest closed block (one per call, only with a spare block free).

use super::ftl::{Ftl, FtlError, PAGE_FREE, PAGE_INVALID};
use super::gc_policy::{self, Reason, Victim};
use super::oplog::{OpLog, PhysOp};

impl Ftl {
    /// Foreground GC on one die until its free blocks reach the high watermark (step 3).
    pub fn collect(&mut self, die: u32, log: &mut OpLog) -> Result<(), FtlError> {
        let ppb = self.geometry.pages_per_block;
        let mut rounds = 0;
        self.blocks.prune_fifo(die);
        while self.blocks.free_count(die) < self.config.gc_high_watermark
            && rounds < self.geometry.blocks_per_die()
        {
            rounds += 1;
            let snapshot = self.snapshot(die);
            let victim = match gc_policy::choose(self.config.policy, &snapshot) {
                Some(v) if v.valid_pages < ppb => v,
                Some(_) => match gc_policy::greedy(&snapshot) {
                    Some(v) if v.valid_pages < ppb => v,
                    _ => break,
                },
                None => break,
            };
            self.counters.gc_victims += 1;
            let free_before = self.blocks.free_count(die);
            self.evacuate(die, victim, log)?;
            // Paired with the victim rule above: a victim with an invalid page holds fewer valid
            // pages than a block, so its copies open at most one block and its erase frees one.
            debug_assert!(
                self.blocks.free_count(die) >= free_before,
                "GC on die {die} lost free blocks: {free_before} -> {}",
                self.blocks.free_count(die)
            );
            self.blocks.prune_fifo(die);
        }
        Ok(())
    }

    /// Static wear levelling on one die (step 4); at most one migration per call.
    pub(super) fn level_wear(&mut self, die: u32, log: &mut OpLog) -> Result<(), FtlError> {
        self.wear_check_due[die as usize] = false;
        let Some(threshold) = self.config.static_wear_threshold else {
            return Ok(());
        };
        if self.blocks.free_count(die) == 0 {
            return Ok(()); // a full victim needs a spare block; try after the next erase
        }
        let first = self.geometry.first_block_of_die(die) as usize;
        let last = first + self.geometry.blocks_per_die() as usize;
        let min = self.blocks.erase_count[first..last]
            .iter()
            .copied()
            .min()
            .unwrap_or(0);
        let spread = self.max_erase[die as usize] - min;
        if spread <= threshold {
            return Ok(());
        }
        let Some(victim) = gc_policy::coldest(&self.snapshot(die)) else {
            return Ok(());
        };
        log.push(PhysOp::WearLevel {
            block: victim.block,
            valid: victim.valid_pages,
            erase_count: self.blocks.erase_count[victim.block as usize],
            spread,
        });
        self.counters.wear_moves += 1;
        self.evacuate(die, victim, log)
    }

    /// Copies a victim's valid pages to the write point and erases it.
    fn evacuate(&mut self, die: u32, victim: Victim, log: &mut OpLog) -> Result<(), FtlError> {
        let block = victim.block;
        if victim.reason != Reason::WearLevel {
            log.push(PhysOp::GcStart {
                die,
                block,
                valid: victim.valid_pages,
                reason: victim.reason,
            });
        }
        self.last_victim = Some((die, victim));
        self.blocks.start_collecting(block);
        let first = self.geometry.ppn(block, 0);
        // Host-cache warm-up (no simulated effect): load the forward-map entries of all valid
        // pages first, so their misses overlap instead of stalling one copy each.
        let pages = first as usize..(first + self.geometry.pages_per_block) as usize;
        let warm = self.p2l[pages].iter().fold(0, |acc, &lba| {
            acc ^ self.l2p.get(lba as usize).copied().unwrap_or(0)
        });
        std::hint::black_box(warm);
        for from in first..first + self.geometry.pages_per_block {
            let lba = self.p2l[from as usize];
            if lba >= PAGE_INVALID {
                continue;
            }
            // A valid page is the one its LBA maps to (`Ftl::unmap` invalidates the old one).
            debug_assert_eq!(self.l2p[lba as usize], from, "GC: page {from} holds {lba}");
            let to = self.program(die, lba, self.page_version[from as usize])?;
            self.l2p[lba as usize] = to;
            self.p2l[from as usize] = PAGE_INVALID;
            self.blocks.valid[block as usize] -= 1;
            self.counters.relocations += 1;
            log.push(PhysOp::Relocate { lba, from, to });
        }
        self.spend_power(None)?;
        let pages = first as usize..(first + self.geometry.pages_per_block) as usize;
        self.p2l[pages.clone()].fill(PAGE_FREE);
        self.oob_lba[pages.clone()].fill(PAGE_FREE);
        self.oob_seq[pages].fill(0);
        let erase_count = self.blocks.erase(block);
        self.counters.erases += 1;
        let max = &mut self.max_erase[die as usize];
        *max = (*max).max(erase_count);
        self.wear_check_due[die as usize] = self.config.static_wear_threshold.is_some();
        log.push(PhysOp::Erase { block, erase_count });
        Ok(())
    }
}
